//! End-to-end checks of the command line: exit statuses, diagnostics and limits.
//! Expected values are worked out by hand from the programs below.

#[path = "difftest/elf.rs"]
#[allow(dead_code)]
mod elf;

use std::process::{Command, Output};

fn sim(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_npu-spike"))
        .args(args)
        .output()
        .expect("run npu-spike")
}

/// Writes a user-mode ELF holding `words` at 0x10000 and returns its path.
fn user_elf(name: &str, words: &[u32]) -> std::path::PathBuf {
    let code: Vec<u8> = words.iter().flat_map(|w| w.to_le_bytes()).collect();
    let path =
        std::env::temp_dir().join(format!("npu-spike-cli-{}-{name}.elf", std::process::id()));
    std::fs::write(&path, elf::write_elf(&code, code.len(), 0x10000, 0x10000)).unwrap();
    path
}

const LI_A7_93: u32 = 0x05d0_0893; // addi a7, zero, 93
const ECALL: u32 = 0x0000_0073;

#[test]
fn hello_example_prints_and_exits_with_its_status() {
    let out = sim(&["examples/hello/hello.elf"]);
    assert_eq!(
        String::from_utf8_lossy(&out.stdout),
        "hello from an rv64gc guest under npu-spike\n"
    );
    assert_eq!(out.status.code(), Some(186)); // (1 + ... + 100) % 256
}

#[test]
fn spike_style_pk_word_is_accepted() {
    let out = sim(&["--isa=rv64gc", "/opt/riscv/pk", "examples/hello/hello.elf"]);
    assert_eq!(out.status.code(), Some(186));
}

#[test]
fn exit_code_comes_from_a0() {
    // addi a0, zero, 42; addi a7, zero, 93; ecall
    let p = user_elf("exit42", &[0x02a0_0513, LI_A7_93, ECALL]);
    assert_eq!(sim(&[p.to_str().unwrap()]).status.code(), Some(42));
}

#[test]
fn illegal_instruction_reports_pc_and_disassembly() {
    // nop; then the all-ones word, which is not an instruction.
    let p = user_elf("illegal", &[0x0000_0013, 0xffff_ffff]);
    let out = sim(&[p.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(255));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("illegal instruction"), "{err}");
    assert!(err.contains("pc 0x10004"), "{err}");
    assert!(err.contains("0xffffffff unknown"), "{err}");
}

#[test]
fn memory_fault_names_the_address() {
    // Page 0 is unmapped: addi a0, zero, 8; ld a1, 0(a0)
    let p = user_elf("fault", &[0x0080_0513, 0x0005_3583]);
    let out = sim(&[p.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(255));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("load access fault"), "{err}");
    assert!(err.contains("tval=0x8"), "{err}");
    assert!(err.contains("ld      a1, 0(a0)"), "{err}");
}

#[test]
fn runaway_program_hits_the_instruction_limit() {
    let p = user_elf("loop", &[0x0000_006f]); // j . (jal zero, 0)
    let out = sim(&["--max-insns=1000", p.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(124));
    assert!(String::from_utf8_lossy(&out.stderr).contains("instruction limit"));
}

#[test]
fn bad_inputs_get_clear_errors() {
    let out = sim(&["/nonexistent/prog.elf"]);
    assert_eq!(out.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&out.stderr).contains("/nonexistent/prog.elf"));

    let junk = std::env::temp_dir().join(format!("npu-spike-cli-{}-junk.elf", std::process::id()));
    std::fs::write(&junk, b"this is not an ELF file at all").unwrap();
    let out = sim(&[junk.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&out.stderr).contains("not an ELF"));

    let out = sim(&["--bogus-flag", "x.elf"]);
    assert_eq!(out.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&out.stderr).contains("unrecognized option '--bogus-flag'"));

    let out = sim(&["--isa=rv64gc_xyzzy", "examples/hello/hello.elf"]);
    assert_eq!(out.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&out.stderr).contains("xyzzy"));
}

#[test]
fn test_subcommand_counts_passes_and_failures() {
    let out = sim(&[
        "test",
        "tests/programs/bin/rv64m.elf",
        "tests/programs/bin/rv64a.elf",
    ]);
    assert_eq!(out.status.code(), Some(0));
    assert!(String::from_utf8_lossy(&out.stdout).ends_with("2 passed, 0 failed\n"));
}

#[test]
fn signature_dump_matches_spike_format() {
    // The region holds the words 0x11223344, 0xaabbccdd, 0xdeadbeef, 0 (little-endian);
    // Spike prints each line's bytes from the highest address down.
    let dir = std::env::temp_dir();
    let (f16, f4) = (
        dir.join(format!("npu-spike-sig16-{}.txt", std::process::id())),
        dir.join(format!("npu-spike-sig4-{}.txt", std::process::id())),
    );
    let out = sim(&[
        &format!("+signature={}", f16.display()),
        "tests/fixtures/signature.elf",
    ]);
    assert_eq!(out.status.code(), Some(0));
    assert_eq!(
        std::fs::read_to_string(&f16).unwrap(),
        "00000000deadbeefaabbccdd11223344\n"
    );
    let out = sim(&[
        &format!("+signature={}", f4.display()),
        "+signature-granularity=4",
        "tests/fixtures/signature.elf",
    ]);
    assert_eq!(out.status.code(), Some(0));
    assert_eq!(
        std::fs::read_to_string(&f4).unwrap(),
        "11223344\naabbccdd\ndeadbeef\n00000000\n"
    );
}

#[test]
fn varch_sets_vlen_and_bad_values_are_refused() {
    // vsetvli a0, zero, e32, m2, ta, ma; exit(a0): VLMAX = VLEN / 32 * 2.
    let elf = user_elf("vsetvli", &[0x0d10_7557, LI_A7_93, ECALL]);
    let e = elf.to_str().unwrap();
    for (args, vlmax) in [
        (vec!["--isa=rv64gcv", e], 8),
        (vec!["--isa=rv64gcv", "--varch=vlen:256,elen:64", e], 16),
        (vec!["--isa=rv64gcv", "--varch", "vlen:512,elen:32", e], 32),
        // Newer Spikes take VLEN from zvl<N>b when there is no --varch.
        (vec!["--isa=rv64gcv_zvl1024b", e], 64),
    ] {
        assert_eq!(sim(&args).status.code(), Some(vlmax), "{args:?}");
    }
    // Without V the instruction is illegal.
    assert_eq!(sim(&["--isa=rv64gc", e]).status.code(), Some(255));
    for bad in [
        "vlen:100,elen:64",
        "vlen:8192",
        "vlen:64,elen:128",
        "vlen:128,foo:1",
    ] {
        let out = sim(&["--isa=rv64gcv", &format!("--varch={bad}"), e]);
        assert_eq!(out.status.code(), Some(1), "{bad}");
        assert!(
            String::from_utf8_lossy(&out.stderr).contains("--varch"),
            "{bad}"
        );
    }
    let out = sim(&["--isa=rv64gcv_zvl512b", "--varch=vlen:256", e]);
    assert_eq!(out.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&out.stderr).contains("zvl512b"));
}
