//! End-to-end checks of the command line: exit statuses, diagnostics and limits.
//! Expected values are worked out by hand from the programs below.

use crate::elf;

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

// ---- gem5's command line, as PyTorchSim's CycleSimulator (Simulator/gem5.py) runs it ----

/// A directory with a `gem5.opt` symlink to npu-spike and a config script, as the
/// flow's CONFIG_GEM5_PATH / CONFIG_GEM5_SCRIPT would be.
fn gem5_setup(tag: &str) -> (std::path::PathBuf, std::path::PathBuf, std::path::PathBuf) {
    let dir = std::env::temp_dir().join(format!("npu-spike-gem5-{}-{tag}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let gem5 = dir.join("gem5.opt");
    std::os::unix::fs::symlink(env!("CARGO_BIN_EXE_npu-spike"), &gem5).unwrap();
    let script = dir.join("tpu_se.py");
    std::fs::write(
        &script,
        "# the reference TPU config script (never executed)\n",
    )
    .unwrap();
    (dir, gem5, script)
}

/// CycleSimulator.compile_and_simulate's command, with `extra` script options.
fn cycle_simulator(gem5: &Path, script: &Path, elf: &Path, m5out: &Path, extra: &[&str]) -> Output {
    let mut c = Command::new(gem5);
    c.args(["-r", "--stdout-file=sto.log", "-d"])
        .arg(m5out)
        .arg(script)
        .arg("-c")
        .arg(elf);
    c.args(extra).output().expect("run gem5.opt")
}

use std::path::Path;

/// stats.txt read exactly as Simulator/gem5.py reads it: the first
/// `system.clk_domain.clock` value, and every `system.cpu.numCycles` value but the last.
fn gem5_py_cycles(stats: &str) -> (u64, Vec<u64>) {
    let lines: Vec<&str> = stats.lines().collect();
    let cycle_per_tick = lines
        .iter()
        .filter(|l| l.contains("system.clk_domain.clock"))
        .map(|l| l.split_whitespace().nth(1).unwrap().parse::<u64>().unwrap())
        .next()
        .unwrap();
    let mut cycles: Vec<u64> = lines
        .iter()
        .filter(|l| l.contains("system.cpu.numCycles"))
        .map(|l| l.split_whitespace().nth(1).unwrap().parse().unwrap())
        .collect();
    cycles.pop();
    (cycle_per_tick, cycles)
}

/// `_GEM5_SIGNAL` of Simulator/gem5.py: lines with `panic:`/`fatal:` after a word
/// boundary, `Assertion`, or starting `Program aborted at tick`.
fn gem5_py_failure_lines(log: &str) -> Vec<String> {
    log.lines()
        .filter(|l| {
            let boundary = |pat: &str| {
                l.match_indices(pat).any(|(i, _)| {
                    i == 0
                        || !l.as_bytes()[i - 1].is_ascii_alphanumeric()
                            && l.as_bytes()[i - 1] != b'_'
                })
            };
            boundary("panic:")
                || boundary("fatal:")
                || l.contains("Assertion")
                || l.starts_with("Program aborted at tick")
        })
        .map(String::from)
        .collect()
}

#[test]
fn gem5_opt_symlink_runs_the_cycle_simulator_command() {
    let (dir, gem5, script) = gem5_setup("ok");
    // CycleSimulator's line also names `--model libtpu.so`; the cycles below are the
    // built-in units', so this run leaves it out (a loaded model through this line is
    // tests/vcix_model.rs's).
    let bindir = dir.join("kernel");
    std::fs::create_dir_all(&bindir).unwrap();
    let elf = bindir.join("cycle.elf");
    std::fs::copy("tests/timing/bin/micro.elf", &elf).unwrap();
    let m5out = bindir.join("m5out");
    let out = cycle_simulator(
        &gem5,
        &script,
        &elf,
        &m5out,
        &["--vlane", "4", "--vlen", "256"],
    );
    assert_eq!(
        out.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    // -r: stdout and stderr both went to sto.log.
    assert!(out.stdout.is_empty() && out.stderr.is_empty());
    let log = std::fs::read_to_string(m5out.join("sto.log")).unwrap();
    assert!(log.contains("not executed"), "{log}");
    assert!(gem5_py_failure_lines(&log).is_empty(), "{log}");
    let stats = std::fs::read_to_string(m5out.join("stats.txt")).unwrap();
    let (clock, cycles) = gem5_py_cycles(&stats);
    assert_eq!(clock, 1000);
    // The microbenchmark table of docs/timing.md (VLEN 256), as tests/timing.rs has it
    // after the gem5 rules of issue 26 (commit d348602: each changed window moved to
    // gem5's measurement in ../shared/gem5-ref/expected/gem5_main_timing.tsv; the vle
    // windows and the tile as tests/timing.rs has them after the vector-load rule;
    // every window 1 less after the marker-redirect rule; then the I-cache's fills; window
    // 18 one more, toward gem5's 24, with the wrong paths' predicted-taken transfers;
    // the vle and vadd windows as tests/timing.rs explains, stop 43).
    assert_eq!(
        cycles[..19],
        [
            8, 10, 11, 14, 12, 8, 9, 10, 12, 16, 6, 6, 7, 9, 7, 10, 36, 19, 19
        ]
    );
    // The counted loop's extra cycles: the range tests/timing.rs asserts since issue 26's
    // branch rules (gem5 itself hangs there: its markers zero a0).
    let extra = cycles[20] - cycles[19];
    assert!((300..=500).contains(&extra), "{extra}");
    for f in ["config.ini", "config.json"] {
        assert!(m5out.join(f).is_file(), "{f}");
    }
    let cfg: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(m5out.join("config.json")).unwrap()).unwrap();
    assert_eq!(cfg["system"]["cpu"]["vpu"]["lanes"], 4);
    assert_eq!(cfg["system"]["cpu"]["vpu"]["vlen"], 256);
    assert_eq!(
        cfg["system"]["cpu"]["vpu"]["model"],
        serde_json::Value::Null
    );
    // No description: the scratchpad where the reference model puts it.
    assert_eq!(
        cfg["system"]["cpu"]["vpu"]["spad_base_vaddr"],
        0xD000_0000u64
    );
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn gem5_subcommand_vlane_vlen_and_options() {
    let (dir, _, script) = gem5_setup("sub");
    let m5out = dir.join("m5out");
    // --vlane overrides vpu_num_lanes; --vlen the description's VLEN.
    let yml = dir.join("machine.yml");
    std::fs::write(
        &yml,
        "vpu_num_lanes: 16\nvpu_vector_length_bits: 128\ntpu:\n  nested: ok\n",
    )
    .unwrap();
    let out = sim(&[
        "gem5",
        "-d",
        m5out.to_str().unwrap(),
        script.to_str().unwrap(),
        "--cmd=tests/timing/bin/m5exit.elf",
        "-o",
        "0",
        "--machine-config",
        yml.to_str().unwrap(),
        "--vlane",
        "8",
        "--vlen",
        "512",
        "--cpu",
        "minor",
        "--mem",
        "4GB",
        "--sparse",
    ]);
    assert_eq!(
        out.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let cfg: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(m5out.join("config.json")).unwrap()).unwrap();
    assert_eq!(cfg["system"]["cpu"]["vpu"]["lanes"], 8);
    assert_eq!(cfg["system"]["cpu"]["vpu"]["vlen"], 512);
    assert_eq!(
        cfg["system"]["cpu"]["workload"]["options"],
        serde_json::json!(["0"])
    );
    // The model is told the machine that runs (issue 25): --vlane and --vlen win over
    // the file's vpu_vector_length_bits: 128 (docs/accel.md, the precedence).
    assert_eq!(cfg["system"]["machine_description"]["vpu_num_lanes"], "8");
    assert_eq!(
        cfg["system"]["machine_description"]["vpu_vector_length_bits"],
        "512"
    );
    // m5exit.elf "0": one window, then m5_exit (status 0); without -r no sto.log.
    let stats = std::fs::read_to_string(m5out.join("stats.txt")).unwrap();
    assert_eq!(gem5_py_cycles(&stats).1.len(), 1);
    assert!(!m5out.join("sto.log").exists());
    // "1": m5_fail(3): a non-zero exit with a fatal: line.
    let out = sim(&[
        "gem5",
        "-d",
        m5out.to_str().unwrap(),
        script.to_str().unwrap(),
        "-c",
        "tests/timing/bin/m5exit.elf",
        "-o",
        "1",
    ]);
    assert_eq!(out.status.code(), Some(3));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("fatal:") && err.contains("status 3"), "{err}");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn gem5_failures_leave_panic_or_fatal_in_sto_log() {
    let (dir, gem5, script) = gem5_setup("fail");
    let m5out = dir.join("m5out");
    // nop; then the all-ones word: an illegal instruction at 0x10004.
    let elf = user_elf("gem5-illegal", &[0x0000_0013, 0xffff_ffff]);
    let out = cycle_simulator(&gem5, &script, &elf, &m5out, &["--vlane", "4"]);
    assert_ne!(out.status.code(), Some(0));
    let log = std::fs::read_to_string(m5out.join("sto.log")).unwrap();
    let hits = gem5_py_failure_lines(&log);
    assert!(
        hits.iter()
            .any(|h| h.starts_with("panic:") && h.contains("pc 0x10004") && h.contains("illegal")),
        "{log}"
    );
    // The closing line also reaches the caller's stderr.
    assert!(String::from_utf8_lossy(&out.stderr).contains("panic:"));
    // Bad input: fatal: naming what is missing, exit 1.
    let model = dir.join("missing-libtpu.so");
    let cases: [(&[&str], &Path, &Path, &str); 3] = [
        (
            &["--model", model.to_str().unwrap()],
            &elf,
            &script,
            "missing-libtpu.so",
        ),
        (&[], &dir.join("none.elf"), &script, "none.elf"),
        (&[], &elf, &dir.join("none.py"), "none.py"),
    ];
    for (extra, elf, script, what) in cases {
        let out = cycle_simulator(&gem5, script, elf, &m5out, extra);
        assert_eq!(out.status.code(), Some(1), "{what}");
        let log = std::fs::read_to_string(m5out.join("sto.log")).unwrap();
        let hits = gem5_py_failure_lines(&log);
        assert!(
            hits.iter()
                .any(|h| h.starts_with("fatal:") && h.contains(what)),
            "{what}: {log}"
        );
    }
    let bad = Command::new(&gem5)
        .args(["--nope", "s.py"])
        .output()
        .unwrap();
    assert_eq!(bad.status.code(), Some(1));
    assert!(
        String::from_utf8_lossy(&bad.stderr).contains("fatal: unrecognized gem5 option '--nope'")
    );
    let _ = std::fs::remove_dir_all(&dir);
}

// ---- the machine description (--machine-config read as YAML) ----

fn copy_dir(from: &Path, to: &Path) {
    std::fs::create_dir_all(to).unwrap();
    for e in std::fs::read_dir(from).unwrap() {
        let e = e.unwrap();
        std::fs::copy(e.path(), to.join(e.file_name())).unwrap();
    }
}

/// examples/tiled_add DMAs through the scratchpad window at 0xD0000000. With a
/// machine.yml that does not say where the window is (as the reference model's own
/// test programs' machine.yml), the window must still be at 0xD0000000, and nested
/// sections and quoted numbers are fine.
#[test]
fn machine_description_defaults_the_window_to_0xd0000000() {
    let rt = std::env::temp_dir().join(format!("npu-spike-cli-{}-desc", std::process::id()));
    let _ = std::fs::remove_dir_all(&rt);
    copy_dir(Path::new("examples/tiled_add/runtime"), &rt);
    std::fs::write(
        rt.join("machine.yml"),
        "# no vpu_spad_base_vaddr\nvpu_num_lanes: \"4\"\nvpu_spad_size_kb_per_lane: 64\n\
         vpu_vector_length_bits: '256'\ntpu:\n  trace: [1, 2]\nnote: ~\n",
    )
    .unwrap();
    let out = sim(&["run", "examples/tiled_add/kernel.elf", rt.to_str().unwrap()]);
    assert_eq!(
        out.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    for f in ["out32.raw", "out16.raw"] {
        assert_eq!(
            std::fs::read(rt.join(f)).unwrap(),
            std::fs::read(Path::new("examples/tiled_add/expected").join(f)).unwrap(),
            "{f}"
        );
    }
    // --base-path reaches the description as run_base_path: refused if the file has it.
    std::fs::write(
        rt.join("m.yml"),
        "vpu_num_lanes: 4\nrun_base_path: /elsewhere\n",
    )
    .unwrap();
    let yml = format!("--machine-config={}", rt.join("m.yml").display());
    let base = format!("--base-path={}", rt.display());
    let out = sim(&[&yml, &base, "examples/hello/hello.elf"]);
    assert_eq!(out.status.code(), Some(1));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.contains("m.yml") && err.contains("run_base_path"),
        "{err}"
    );
    // A top level that is not a mapping: an error naming the file.
    std::fs::write(rt.join("m.yml"), "- vpu_num_lanes: 4\n").unwrap();
    let out = sim(&[&yml, "examples/hello/hello.elf"]);
    assert_eq!(out.status.code(), Some(1));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("m.yml") && err.contains("mapping"), "{err}");
    // Only comments: an empty description; the program runs.
    std::fs::write(rt.join("m.yml"), "# nothing\n").unwrap();
    let out = sim(&[&yml, &base, "examples/hello/hello.elf"]);
    assert_eq!(out.status.code(), Some(186));
    let _ = std::fs::remove_dir_all(&rt);
}
