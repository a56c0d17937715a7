//! The proxy kernel, `npu-spike run` and the Spike-compatible command line, end to
//! end, with the guest programs of `tests/pk` (C on picolibc, see tests/pk/README.md)
//! and the bundled example `examples/vecadd`.
//!
//! Expected values are independent of npu-spike: the `.raw` outputs were computed
//! by Python (`tests/pk/gen_expected.py`, `examples/vecadd/gen.py`), the same ELFs
//! give the same outputs under qemu-riscv64 (`tests/pk/check-qemu.sh`, run in CI),
//! and the commit-log fixture is real Spike's log of the example (see
//! tests/fixtures/README.md).

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

const BIN: &str = env!("CARGO_BIN_EXE_npu-spike");

fn repo(p: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join(p)
}

/// A fresh scratch directory for one test.
fn scratch(tag: &str) -> PathBuf {
    let d = std::env::temp_dir().join(format!("npu-spike-pk-{tag}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&d);
    std::fs::create_dir_all(&d).unwrap();
    d
}

fn sim_in(dir: &Path, args: &[&str]) -> Output {
    Command::new(BIN)
        .args(args)
        .current_dir(dir)
        .output()
        .expect("run npu-spike")
}

fn text(b: &[u8]) -> String {
    String::from_utf8_lossy(b).into_owned()
}

fn guest(name: &str) -> String {
    repo(&format!("tests/pk/bin/{name}.elf"))
        .to_string_lossy()
        .into_owned()
}

/// Directory listing without the files a test put there itself.
fn listing(dir: &Path) -> Vec<String> {
    let mut v: Vec<String> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    v.sort();
    v
}

fn vecadd_runtime(tag: &str) -> PathBuf {
    let d = scratch(tag);
    std::fs::copy(repo("tests/pk/expected/vecadd_x.raw"), d.join("x.raw")).unwrap();
    std::fs::copy(repo("tests/pk/expected/vecadd_y.raw"), d.join("y.raw")).unwrap();
    std::fs::write(d.join("out.raw"), vec![0u8; 4096]).unwrap();
    d
}

#[test]
fn run_marshals_files_by_manifest_order() {
    let d = vecadd_runtime("run");
    // The manifest deliberately lists the files in a different order than their names sort.
    std::fs::write(
        d.join("manifest.json"),
        r#"{"args": [{"file": "x.raw", "bytes": 4096, "dir": "in"},
                     {"file": "y.raw", "bytes": 4096, "dir": "in"},
                     {"file": "out.raw", "bytes": 4096, "dir": "out"}]}"#,
    )
    .unwrap();
    let out = sim_in(&d, &["run", &guest("vecadd"), "."]);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    assert_eq!(text(&out.stdout), "vecadd: n=1024\n");
    assert_eq!(
        std::fs::read(d.join("out.raw")).unwrap(),
        std::fs::read(repo("tests/pk/expected/vecadd_out.raw")).unwrap()
    );
    // A scalar after the files: out = 0.1 * x + y.
    let out = sim_in(&d, &["run", &guest("vecadd"), ".", "0.1"]);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    assert_eq!(
        std::fs::read(d.join("out.raw")).unwrap(),
        std::fs::read(repo("tests/pk/expected/vecadd_saxpy_out.raw")).unwrap()
    );
    assert_eq!(
        listing(&d),
        ["manifest.json", "out.raw", "x.raw", "y.raw"],
        "no staging files left behind"
    );
}

#[test]
fn run_without_manifest_takes_raw_files_in_name_order() {
    let d = scratch("listing");
    std::fs::copy(repo("tests/pk/expected/vecadd_x.raw"), d.join("a_x.raw")).unwrap();
    std::fs::copy(repo("tests/pk/expected/vecadd_y.raw"), d.join("b_y.raw")).unwrap();
    std::fs::write(d.join("c_out.raw"), vec![0u8; 4096]).unwrap();
    let out = sim_in(&d, &["run", &guest("vecadd"), d.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    assert_eq!(
        std::fs::read(d.join("c_out.raw")).unwrap(),
        std::fs::read(repo("tests/pk/expected/vecadd_out.raw")).unwrap()
    );
}

#[test]
fn run_reports_missing_and_wrongly_sized_inputs_before_starting() {
    let d = vecadd_runtime("badinputs");
    std::fs::remove_file(d.join("y.raw")).unwrap();
    std::fs::write(d.join("x.raw"), vec![0u8; 100]).unwrap();
    std::fs::write(
        d.join("manifest.json"),
        r#"{"args": [{"file": "x.raw", "bytes": 4096}, {"file": "y.raw", "bytes": 4096},
                     {"file": "out.raw", "bytes": 4096, "dir": "out"}]}"#,
    )
    .unwrap();
    let out = sim_in(&d, &["run", &guest("vecadd"), "."]);
    assert_eq!(out.status.code(), Some(1));
    let err = text(&out.stderr);
    assert!(
        err.contains("x.raw: is 100 bytes, the kernel expects 4096"),
        "{err}"
    );
    assert!(err.contains("y.raw: missing input"), "{err}");
    assert!(
        text(&out.stdout).is_empty(),
        "the guest must not have started"
    );
    assert_eq!(std::fs::read(d.join("out.raw")).unwrap(), vec![0u8; 4096]);
}

#[test]
fn outputs_are_not_truncated_and_keep_their_tail() {
    // The wrapper opens outputs with O_WRONLY|O_CREAT (no O_TRUNC): bytes past what
    // it writes stay as they were.
    let d = vecadd_runtime("tail");
    let mut pre = vec![0u8; 4096];
    pre.extend([0xAB; 16]);
    std::fs::write(d.join("out.raw"), &pre).unwrap();
    let out = sim_in(&d, &[&guest("vecadd"), "x.raw", "y.raw", "out.raw"]);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    let got = std::fs::read(d.join("out.raw")).unwrap();
    assert_eq!(got.len(), 4096 + 16);
    assert_eq!(
        &got[..4096],
        &std::fs::read(repo("tests/pk/expected/vecadd_out.raw")).unwrap()[..]
    );
    assert_eq!(&got[4096..], &[0xAB; 16]);
}

#[test]
fn file_system_calls_behave_like_linux() {
    let d = scratch("fileops");
    let out = sim_in(&d, &[&guest("fileops")]);
    let stdout = text(&out.stdout);
    assert!(!stdout.contains("FAIL"), "{stdout}");
    assert_eq!(
        stdout.matches("\nok ").count() + stdout.starts_with("ok ") as usize,
        65
    );
    assert_eq!(out.status.code(), Some(0), "{stdout}{}", text(&out.stderr));
    let cwd = d.canonicalize().unwrap();
    assert!(
        stdout.contains(&format!(
            "getcwd {} \"{}\"",
            cwd.as_os_str().len() + 1,
            cwd.display()
        )),
        "{stdout}"
    );
    assert!(
        listing(&d).is_empty(),
        "fileops.tmp was unlinked: {:?}",
        listing(&d)
    );
}

#[test]
fn sandbox_refuses_every_escape() {
    let d = scratch("sandbox");
    let root = d.join("R");
    std::fs::create_dir_all(root.join("sub")).unwrap();
    std::fs::write(root.join("inside.txt"), "hello inside\n").unwrap();
    std::fs::write(d.join("outside.txt"), "secret\n").unwrap();
    std::os::unix::fs::symlink("../outside.txt", root.join("escape_link")).unwrap();
    let out = sim_in(&root, &[&guest("sandbox")]);
    let stdout = text(&out.stdout);
    assert_eq!(out.status.code(), Some(0), "{stdout}");
    for attempt in [
        "open_dotdot",
        "open_abs_etc_passwd",
        "open_sub_dotdot_dotdot",
        "open_symlink",
        "create_dotdot",
        "fstatat_dotdot",
        "faccessat_dotdot",
        "unlinkat_dotdot",
    ] {
        assert!(
            stdout.contains(&format!("attempt {attempt} -13 blocked")),
            "{attempt}: {stdout}"
        );
    }
    assert!(
        stdout.contains("legal inside.txt 13 hello inside"),
        "{stdout}"
    );
    assert_eq!(
        std::fs::read_to_string(d.join("outside.txt")).unwrap(),
        "secret\n"
    );
    assert!(!d.join("new_file").exists());
    assert!(text(&out.stderr).contains("sandbox: refused guest access to '../outside.txt'"));
    // --allow-path widens access explicitly: now the escapes succeed.
    let out = sim_in(
        &root,
        &["--allow-path", d.to_str().unwrap(), &guest("sandbox")],
    );
    assert_ne!(out.status.code(), Some(0));
    assert!(
        text(&out.stdout).contains("attempt open_dotdot 3 ESCAPED"),
        "{}",
        text(&out.stdout)
    );
}

#[test]
fn a_crashing_guest_leaves_its_outputs_untouched() {
    let d = scratch("crash");
    std::fs::write(d.join("in.raw"), b"ABCDEFGH").unwrap();
    std::fs::write(d.join("out.raw"), b"original").unwrap();
    let out = sim_in(&d, &[&guest("crash"), "in.raw", "out.raw"]);
    assert_eq!(out.status.code(), Some(255));
    let err = text(&out.stderr);
    assert!(err.contains("illegal instruction"), "{err}");
    assert!(err.contains("c.unimp") || err.contains("0x0000"), "{err}");
    assert!(text(&out.stdout).contains("now executing unimp"));
    assert_eq!(std::fs::read(d.join("out.raw")).unwrap(), b"original");
    assert_eq!(std::fs::read(d.join("in.raw")).unwrap(), b"ABCDEFGH");
    assert_eq!(
        listing(&d),
        ["in.raw", "out.raw"],
        "no staging files left behind"
    );
}

#[test]
fn exit_status_is_the_programs() {
    let d = scratch("exit");
    for (args, code) in [
        (&["0"][..], 0),
        (&["3"], 3),
        (&["200"], 200),
        (&["201"], 201),
        (&["259"], 3),
        (&["7", "exit93"], 7),
        (&["9", "exit94"], 9),
    ] {
        let mut v = vec![guest("exitcode")];
        v.extend(args.iter().map(|s| s.to_string()));
        let v: Vec<&str> = v.iter().map(String::as_str).collect();
        assert_eq!(sim_in(&d, &v).status.code(), Some(code), "{args:?}");
    }
}

#[test]
fn one_megabyte_read_in_one_call() {
    let d = scratch("bigread");
    let input: Vec<u8> = (0u64..1 << 20)
        .map(|i| ((i * 2654435761) >> 13) as u8)
        .collect();
    std::fs::write(d.join("in.raw"), &input).unwrap();
    let out = sim_in(&d, &[&guest("bigread"), "in.raw", "out.raw"]);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    assert_eq!(
        std::fs::read(d.join("out.raw")).unwrap(),
        [0x00, 0xfc, 0xf7, 0x07, 0x9d, 0x41, 0x91, 0x40]
    );
}

/// The example's runtime directory copied to a scratch directory.
fn example_runtime(tag: &str) -> PathBuf {
    let d = scratch(tag);
    for f in ["x.raw", "y.raw", "out.raw", "manifest.json", "machine.yml"] {
        std::fs::copy(repo(&format!("examples/vecadd/runtime/{f}")), d.join(f)).unwrap();
    }
    d
}

fn example_output_is_expected(d: &Path) {
    assert_eq!(
        std::fs::read(d.join("out.raw")).unwrap(),
        std::fs::read(repo("examples/vecadd/expected/out.raw")).unwrap()
    );
}

/// The command lines of npu-isa.md §7.1, verbatim but for the paths, run in the
/// runtime directory as the flow runs them; also through a binary named `spike`.
#[test]
fn spike_command_lines_of_the_flow_run_the_example() {
    let elf = repo("examples/vecadd/kernel.elf");
    let elf = elf.to_str().unwrap();
    let spike = scratch("spike-link").join("spike");
    std::os::unix::fs::symlink(BIN, &spike).unwrap();
    let lines: Vec<Vec<String>> = vec![
        // MLIR route.
        "--isa rv64gcv_zfh --varch=vlen:256,elen:64 --vectorlane-size=4 \
         -m0x80000000:0x1900000000,0x2000000000:0x40000 \
         --scratchpad-base-paddr=137438953472 --scratchpad-base-vaddr=3489660928 \
         --scratchpad-size=65536 --kernel-addr=105ae:105d6 --base-path=RT \
         /workspace/riscv-pk/build/pk ELF RT/x.raw RT/y.raw RT/out.raw",
        // Triton route, CONFIG_DESC-capable Spike (with the optional program-id range).
        "--isa rv64gcv_zfh --varch=vlen:256,elen:64 --vectorlane-size=4 \
         -m0x80000000:0x1900000000,0x2000000000:0x40000 \
         --scratchpad-base-paddr=137438953472 --scratchpad-base-vaddr=3489660928 \
         --scratchpad-size=65536 --kernel-addr=105ae:105d6 --base-path=RT \
         /workspace/riscv-pk/build/pk ELF x.raw y.raw out.raw 0 1",
        // Triton route, vcix Spike (its `--extlib=libtpu.so` now loads that model,
        // which this test does not have: the built-in units serve; loaded models are
        // tests/vcix_model.rs's).
        "--isa rv64gcv_zfh_xvcixaccel \
         -m0x80000000:0x1900000000,0x2000000000:0x40000 \
         --machine-config=RT/machine.yml --kernel-addr=105ae:105d6 --base-path=RT \
         /workspace/riscv-pk/build/pk ELF x.raw y.raw out.raw",
    ]
    .into_iter()
    .map(|l| l.split_whitespace().map(String::from).collect())
    .collect();
    for (n, line) in lines.iter().enumerate() {
        for (how, bin) in [("npu-spike", Path::new(BIN)), ("spike", spike.as_path())] {
            let d = example_runtime(&format!("line{n}-{how}"));
            let args: Vec<String> = line
                .iter()
                .map(|a| a.replace("RT", d.to_str().unwrap()).replace("ELF", elf))
                .collect();
            let out = Command::new(bin)
                .args(&args)
                .current_dir(&d)
                .output()
                .unwrap();
            assert_eq!(
                out.status.code(),
                Some(0),
                "line {n} via {how}: {}",
                text(&out.stderr)
            );
            example_output_is_expected(&d);
        }
    }
}

#[test]
fn readme_run_command_on_the_example() {
    let d = example_runtime("readme");
    let out = Command::new(BIN)
        .args(["run", repo("examples/vecadd/kernel.elf").to_str().unwrap()])
        .arg(&d)
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    example_output_is_expected(&d);
}

#[test]
fn spike_flag_rules_are_enforced() {
    let d = example_runtime("flags");
    let elf = repo("examples/vecadd/kernel.elf");
    let elf = elf.to_str().unwrap();
    for (args, needle) in [
        (
            vec!["--scratchpad-size=0x10000", elf],
            "decimal digits only",
        ),
        (vec!["--kernel-addr=105ae", elf], "expected LO:HI"),
        (
            vec!["--varch=vlen:300,elen:64", elf],
            "must be a power of two",
        ),
        (
            vec!["--machine-config=machine.yml", "--vectorlane-size=8", elf],
            "cannot be combined with --machine-config",
        ),
        (vec!["--bogus", elf], "unrecognized option '--bogus'"),
        (vec!["-p2", elf], "one hart"),
    ] {
        let out = sim_in(&d, &args);
        assert_eq!(out.status.code(), Some(1), "{args:?}");
        let err = text(&out.stderr);
        assert!(err.contains(needle), "{args:?}: {err}");
        assert!(err.contains("Spike-compatible usage"), "{args:?}: {err}");
    }
}

#[test]
fn commit_log_matches_spike() {
    // tests/fixtures/vecadd.spike-commits.log is real Spike + riscv-pk's
    // `--log-commits` output for this exact command (user-mode lines only).
    let d = example_runtime("commits");
    std::fs::copy(repo("examples/vecadd/kernel.elf"), d.join("kernel.elf")).unwrap();
    let out = sim_in(
        &d,
        &[
            "--isa=rv64gc",
            "--log-commits",
            "kernel.elf",
            "x.raw",
            "y.raw",
            "out.raw",
        ],
    );
    assert_eq!(out.status.code(), Some(0));
    let want = std::fs::read_to_string(repo("tests/fixtures/vecadd.spike-commits.log")).unwrap();
    let got = text(&out.stderr);
    for (n, (w, g)) in want.lines().zip(got.lines()).enumerate() {
        assert_eq!(w, g, "line {}", n + 1);
    }
    assert_eq!(want.lines().count(), got.lines().count());
    // -l: one disassembled line per instruction, before it runs.
    let out = sim_in(&d, &["-l", "kernel.elf", "x.raw", "y.raw", "out.raw"]);
    let log = text(&out.stderr);
    // -l also shows the ecalls, which trap to the proxy kernel and so never commit.
    let ecalls = log.lines().filter(|l| l.ends_with(") ecall")).count();
    assert_eq!(ecalls, 10);
    assert_eq!(log.lines().count(), want.lines().count() + ecalls);
    assert!(
        log.starts_with("core   0: 0x0000000000010120 (0x00002197) auipc"),
        "{log:.200}"
    );
}
