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
    // riscv-pk's report on stdout; -v adds npu-spike's own on stderr.
    let out = sim(&["-v", p.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(255));
    let pk = String::from_utf8_lossy(&out.stdout);
    assert!(
        pk.contains("pc 0000000000010004 va/inst 0000000000000008"),
        "{pk}"
    );
    assert!(
        pk.ends_with("User load segfault @ 0x0000000000000008\n"),
        "{pk}"
    );
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

#[path = "difftest/encode.rs"]
mod enc;

/// A guest that opens `out.raw` with O_WRONLY|O_CREAT, writes 4 bytes, then spins.
fn write_then_spin_elf(tag: &str) -> std::path::PathBuf {
    let (op_imm, auipc, system, jal) = (0x13, 0x17, 0x73, 0x6f);
    let mut words = vec![
        enc::u(auipc, 11, 0),            // a1 = pc (0x10000)
        enc::i(op_imm, 11, 0, 11, 64),   // a1 = path at 0x10040
        enc::i(op_imm, 10, 0, 0, -100),  // a0 = AT_FDCWD
        enc::i(op_imm, 12, 0, 0, 0x41),  // a2 = O_WRONLY|O_CREAT
        enc::i(op_imm, 13, 0, 0, 0o644), // a3 = mode
        enc::i(op_imm, 17, 0, 0, 56),    // a7 = openat
        system,                          // ecall -> a0 = fd
        enc::i(op_imm, 12, 0, 0, 4),     // a2 = 4 bytes (from the path string)
        enc::i(op_imm, 17, 0, 0, 64),    // a7 = write
        system,                          // ecall
        jal,                             // j . (spin)
    ];
    words.resize(16, 0x13);
    let mut code: Vec<u8> = words.iter().flat_map(|w| w.to_le_bytes()).collect();
    code.extend_from_slice(b"out.raw\0");
    let dir = std::env::temp_dir().join(format!("npu-spike-sig-{tag}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    std::fs::write(dir.join("out.raw"), b"original").unwrap();
    let elf_path = dir.join("spin.elf");
    std::fs::write(
        &elf_path,
        elf::write_elf(&code, code.len(), 0x10000, 0x10000),
    )
    .unwrap();
    dir
}

fn spawn_spinner(dir: &std::path::Path) -> std::process::Child {
    let mut child = Command::new(env!("CARGO_BIN_EXE_npu-spike"))
        .arg("spin.elf")
        .current_dir(dir)
        .stderr(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    // Wait until the guest has written (its staging file exists), then stop it.
    for _ in 0..500 {
        let staged = std::fs::read_dir(dir).unwrap().any(|e| {
            e.unwrap()
                .file_name()
                .to_string_lossy()
                .contains(".npu-spike-")
        });
        if staged {
            return child;
        }
        std::thread::sleep(std::time::Duration::from_millis(10));
    }
    let _ = child.kill();
    let _ = child.wait();
    panic!("the guest never opened its output");
}

#[test]
fn terminated_run_discards_the_guests_writes() {
    let dir = write_then_spin_elf("term");
    let child = spawn_spinner(&dir);
    let pid = child.id().to_string();
    assert!(
        Command::new("kill")
            .args(["-TERM", &pid])
            .status()
            .unwrap()
            .success()
    );
    let out = child.wait_with_output().unwrap();
    assert_eq!(out.status.code(), Some(128 + 15));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("stopped by signal 15"), "{err}");
    assert_eq!(std::fs::read(dir.join("out.raw")).unwrap(), b"original");
    let mut names: Vec<String> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    names.sort();
    assert_eq!(names, ["out.raw", "spin.elf"], "staging file removed");
}

#[test]
fn killed_run_leaves_outputs_whole() {
    // SIGKILL cannot be handled: the staging file may stay, the output is intact.
    let dir = write_then_spin_elf("kill");
    let mut child = spawn_spinner(&dir);
    child.kill().unwrap();
    child.wait().unwrap();
    assert_eq!(std::fs::read(dir.join("out.raw")).unwrap(), b"original");
}

#[test]
fn wall_clock_limit_stops_a_runaway_guest() {
    let dir = write_then_spin_elf("timeout");
    let out = Command::new(env!("CARGO_BIN_EXE_npu-spike"))
        .args(["--timeout=0.2", "spin.elf"])
        .current_dir(&dir)
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(124));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("time limit of 0.200 s reached"), "{err}");
    assert_eq!(std::fs::read(dir.join("out.raw")).unwrap(), b"original");
}

#[test]
fn verbose_fatal_report_dumps_every_register() {
    // addi t6, zero, 0x123; then an all-ones word.
    let p = user_elf("verbose", &[0x1230_0f93, 0xffff_ffff]);
    let out = sim(&["--verbose", p.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(255));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("t6=0x0000000000000123"), "{err}");
    assert!(err.contains("f31="), "{err}");
    assert!(err.contains("priv=0"), "{err}");
}

#[test]
fn a_machine_that_cannot_fit_is_refused_up_front() {
    // 131072 lanes x 32 registers x 512 bytes = 2 GiB, over the 1 GiB limit.
    let out = sim(&[
        "--isa=rv64gcv",
        "--varch=vlen:4096,elen:64",
        "--vectorlane-size=131072",
        "examples/hello/hello.elf",
    ]);
    assert_eq!(out.status.code(), Some(1));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.contains("need 2048 MiB of vector registers; the limit is 1024 MiB"),
        "{err}"
    );
}
