//! Vector instructions on the NPU lanes in kernel mode (npu-isa.md §1.3, §2.3, §2.5,
//! §8 item 8), with `tests/npu/src/lanes.S`. Expected bank contents are worked out by
//! hand from the program: scalar code writes bank k word j = 100k + j; the kernel
//! adds the broadcast constants 1000, 2000, 3000, 4000, spills and reloads through
//! the stack, doubles, and stores each result in its own lane's bank.

use std::process::{Command, Output};

const ELF: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/npu/bin/lanes.elf");

fn symbol(name: &str) -> u64 {
    let prog = npu_spike::loader::load_elf(std::path::Path::new(ELF)).unwrap();
    prog.symbol(name)
        .unwrap_or_else(|| panic!("no symbol {name}"))
}

fn run(case: &str, kernel: (&str, &str)) -> Output {
    Command::new(env!("CARGO_BIN_EXE_npu-spike"))
        .args([
            "--isa=rv64gcv_zfh",
            "--varch=vlen:128,elen:64",
            "--vectorlane-size=4",
            "--scratchpad-size=4096",
            "--scratchpad-base-vaddr=3489660928",
            &format!(
                "--kernel-addr={:x}:{:x}",
                symbol(kernel.0),
                symbol(kernel.1)
            ),
            ELF,
            case,
        ])
        .output()
        .unwrap()
}

fn words(b: &[u8]) -> Vec<i32> {
    b.chunks(4)
        .map(|c| i32::from_le_bytes(c.try_into().unwrap()))
        .collect()
}

#[test]
fn each_lane_computes_on_its_own_bank_with_broadcast_constants_and_a_private_stack() {
    let out = run("0", ("kernel", "kernel_ret"));
    assert_eq!(
        out.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let got = words(&out.stdout);
    let mut want = Vec::new();
    for k in 0..4 {
        let x: Vec<i32> = (0..4).map(|j| 100 * k + j).collect();
        want.extend(&x); // words 0..3: the scalar stores
        want.extend((0..4).map(|j| x[j] + 1000 * (j as i32 + 1))); // + broadcast constants
        want.extend(x.iter().map(|v| 2 * v)); // reloaded from the spill and doubled
        want.extend(&x); // the spill itself, at B - 64 in bank k
    }
    assert_eq!(got, want);
}

#[test]
fn kernel_mode_vector_store_to_dram_is_an_invalid_scratchpad_access() {
    let out = run("1", ("kernel", "kernel_ret"));
    assert_eq!(out.status.code(), Some(200));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("VI_ST ERROR"), "{err}");
    assert!(err.contains("vse32.v v4, (t5)"), "{err}");
}

#[test]
fn load_at_the_end_of_a_bank_hits_the_stack_area() {
    // SV + B passes the inclusive bounds check but lies in lane 0's reserved stack area.
    let out = run("2", ("kernel", "kernel_ret"));
    assert_eq!(out.status.code(), Some(201));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.contains("VI_LD ERROR: lane 0 Accessing stack address: 0xd0001000"),
        "{err}"
    );
}

#[test]
fn kernel_must_open_its_frame_first() {
    let out = run("3", ("bad_kernel", "bad_kernel_ret"));
    assert_eq!(out.status.code(), Some(255));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("must be addi sp, sp, -N"), "{err}");
}

/// `bench/npu/lanes_fma.elf` at L = 3: every lane runs the strip-mined
/// multiply-accumulate on its own bank (x = i/N, y = 1 - i/N, acc = fma(x, y, acc) + x,
/// reps times); the checksum over all lanes' acc tiles (read back flat by scalar code)
/// must be the one computed here with the host's f32 arithmetic (`mul_add` is one
/// rounding, as vfmacc).
#[test]
fn lanes_fma_benchmark_kernel_matches_host_f32() {
    const N: usize = 1024;
    let (lanes, reps) = (3u64, 5);
    let elf = concat!(env!("CARGO_MANIFEST_DIR"), "/bench/npu/lanes_fma.elf");
    let kaddr = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/bench/npu/kernel_addr"
    ))
    .unwrap();
    // One thread, and two threads splitting every element loop (the threaded path
    // forced on at this small L): the same checksum.
    for threads in ["1", "2"] {
        let out = Command::new(env!("CARGO_BIN_EXE_npu-spike"))
            .env("NPU_SPIKE_THREADS_MIN_WORK", "0")
            .args([
                &format!("--threads={threads}"),
                "--isa=rv64gcv_zfh",
                "--varch=vlen:256,elen:64",
                &format!("--vectorlane-size={lanes}"),
                "--scratchpad-size=65536",
                "--scratchpad-base-vaddr=3489660928",
                &format!("--kernel-addr={}", kaddr.trim()),
                elf,
                &reps.to_string(),
                &lanes.to_string(),
            ])
            .output()
            .unwrap();
        assert_eq!(out.status.code(), Some(0), "{out:?}");
        let mut acc = [0f32; N];
        for _ in 0..reps {
            for (i, a) in acc.iter_mut().enumerate() {
                let x = i as f32 / N as f32;
                *a = x.mul_add(1.0 - x, *a) + x;
            }
        }
        let mut sum: u64 = 1;
        for _ in 0..lanes {
            for a in acc {
                sum = sum.wrapping_mul(31).wrapping_add(a.to_bits() as u64);
            }
        }
        let text = String::from_utf8_lossy(&out.stdout);
        assert_eq!(
            text,
            format!("checksum {sum}\nelemops {}\n", 3 * N as u64 * reps * lanes),
            "--threads={threads}"
        );
    }
}
