//! npu-spike as a host of the VCIX accelerator model interface (issue 13): the probe
//! model of tests/models/probe (a cdylib, built once per test process) loaded through
//! the Spike-style command line (`--extlib`), `run --extlib` and `sample --model`,
//! running the guest programs of tests/models/guests (rebuilt by its build.sh).
//!
//! Every expected value is computed by hand from the probe's documented behaviour
//! (tests/models/probe/src/lib.rs) and the guests' data; the instruction words from
//! their fields; the cycle numbers from docs/timing.md's rules (see `timing_*`).

use std::path::{Path, PathBuf};
use std::process::Command;
use std::sync::OnceLock;

const ISA: &str = "--isa=rv64gcv_zfh_xvcixaccel";
const VARCH: &str = "--varch=vlen:256,elen:64";

fn bin() -> &'static str {
    env!("CARGO_BIN_EXE_npu-spike")
}

fn root() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

fn guest(name: &str) -> String {
    root()
        .join(format!("tests/models/guests/bin/{name}.elf"))
        .display()
        .to_string()
}

/// The probe library, built once: `cargo build --release` of tests/models/probe into
/// `<target>/probe` (the target dir is the one holding the npu-spike binary).
fn probe() -> &'static str {
    static LIB: OnceLock<String> = OnceLock::new();
    LIB.get_or_init(|| {
        let target = Path::new(bin())
            .parent()
            .and_then(Path::parent)
            .expect("target dir");
        let dir = target.join("probe");
        let out = Command::new(option_env!("CARGO").unwrap_or("cargo"))
            .args(["build", "--release", "--quiet", "--manifest-path"])
            .arg(root().join("tests/models/probe/Cargo.toml"))
            .arg("--target-dir")
            .arg(&dir)
            .output()
            .expect("runs cargo");
        assert!(
            out.status.success(),
            "building the probe model failed:\n{}",
            String::from_utf8_lossy(&out.stderr)
        );
        let lib = dir.join("release/libprobe.so");
        assert!(lib.exists(), "{} not built", lib.display());
        lib.display().to_string()
    })
}

fn tmp(name: &str) -> PathBuf {
    let d = std::env::temp_dir().join(format!("npu-spike-vcix-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&d);
    std::fs::create_dir_all(&d).unwrap();
    d
}

struct Out {
    code: i32,
    stdout: String,
    stderr: String,
}

fn npu_spike(args: &[&str], env: &[(&str, &str)]) -> Out {
    let mut c = Command::new(bin());
    c.args(args);
    for (k, v) in env {
        c.env(k, v);
    }
    for k in ["PROBE_ABI", "PROBE_NULL_FIELD", "PROBE_BAD_OPCODE"] {
        if !env.iter().any(|(e, _)| e == &k) {
            c.env_remove(k);
        }
    }
    let out = c.output().expect("runs npu-spike");
    let o = Out {
        code: out.status.code().unwrap_or(-1),
        stdout: String::from_utf8_lossy(&out.stdout).into_owned(),
        stderr: String::from_utf8_lossy(&out.stderr).into_owned(),
    };
    assert!(
        !o.stderr.contains("probe: contract:"),
        "the host broke the interface's calling rules:\n{}",
        o.stderr
    );
    assert!(
        !o.stderr.contains("panicked"),
        "npu-spike panicked:\n{}",
        o.stderr
    );
    o
}

/// `npu-spike --isa=..._xvcixaccel --varch=vlen:256,elen:64 [extra] --extlib=LIB pk ELF args`
fn spike(lib: &str, extra: &[&str], elf: &str, args: &[&str], env: &[(&str, &str)]) -> Out {
    let ext = format!("--extlib={lib}");
    let mut a = vec![ISA];
    a.extend_from_slice(extra);
    a.push(&ext);
    a.push("pk");
    a.push(elf);
    a.extend_from_slice(args);
    npu_spike(&a, env)
}

/// A machine description file with `text`.
fn machine(dir: &Path, text: &str) -> String {
    let f = dir.join("machine.yml");
    std::fs::write(&f, text).unwrap();
    f.display().to_string()
}

const MACHINE: &str = "vpu_num_lanes: 4\nvpu_vector_length_bits: 256\n";

/// The word of `.insn r opcode, funct3, funct7, rd, rs1, rs2`.
fn insn_r(opcode: u32, funct3: u32, funct7: u32, rd: u32, rs1: u32, rs2: u32) -> u32 {
    (funct7 << 25) | (rs2 << 20) | (rs1 << 15) | (funct3 << 12) | (rd << 7) | opcode
}

// ---------------------------------------------------------------- values

/// values.S checks every host callback's result itself (exit status = the first failing
/// check); under the Spike-style line it prints exactly its own line and nothing else.
#[test]
fn every_host_callback_gives_the_values_computed_by_hand() {
    let o = spike(probe(), &[VARCH], &guest("values"), &[], &[]);
    assert_eq!(
        o.code, 0,
        "check {} of values.S failed\n{}",
        o.code, o.stderr
    );
    assert_eq!(o.stdout, "probe values: ok\n");
}

/// With `probe_trace: 1` the model prints one line per execute: the instruction word,
/// vl, SEW and signed LMUL log2 it was given; those lines reach stdout unchanged, in
/// order with the guest's own output.
#[test]
fn execute_gets_bits_vl_sew_lmul_and_its_output_reaches_stdout() {
    let dir = tmp("trace");
    let m = machine(&dir, &format!("{MACHINE}probe_trace: 1\n"));
    let mc = format!("--machine-config={m}");
    let o = spike(probe(), &[&mc], &guest("values"), &[], &[]);
    assert_eq!(o.code, 0, "{}", o.stderr);
    // x registers: s1 9, a0 10, a2 12, a3 13, a4 14, a5 15, a6 16.
    let (c1, c2) = (0x2b, 0x5b);
    let line = |name: &str, bits: u32, vl: u32, sew: u32, lmul: i32| {
        format!("[probe] execute {name} bits={bits:#010x} vl={vl} sew={sew} lmul={lmul}\n")
    };
    let mut want = String::new();
    // The vtype each instruction runs under, from the vsetvli before it in values.S.
    want += &line("probe_info", insn_r(c1, 0, 1, 10, 0, 0), 8, 32, 0);
    want += &line("probe.add-x", insn_r(c2, 4, 0x12, 4, 9, 2), 8, 32, 0);
    want += &line("probe_lane", insn_r(c2, 4, 0x14, 5, 12, 4), 8, 32, 0);
    want += &line("probe_lane", insn_r(c2, 4, 0x14, 5, 12, 4), 8, 32, 0);
    want += &line("probe.add-x", insn_r(c2, 4, 0x12, 6, 9, 2), 5, 32, 0);
    want += &line("probe.add-x", insn_r(c2, 4, 0x12, 8, 13, 10), 20, 16, 1);
    want += &line("probe.add-x", insn_r(c2, 4, 0x12, 12, 9, 2), 2, 32, -1);
    want += &line("probe_add_f", insn_r(c2, 5, 0x12, 16, 2, 14), 4, 64, 0);
    want += &line("probe_add_f", insn_r(c2, 5, 0x12, 17, 3, 2), 8, 32, 0);
    for _ in 0..8 {
        want += &line("probe_csr", insn_r(c1, 0, 2, 13, 10, 0), 5, 32, 1);
    }
    for _ in 0..2 {
        want += &line("probe_copy", insn_r(c1, 0, 3, 14, 15, 16), 5, 32, 1);
    }
    want += "probe values: ok\n";
    assert_eq!(o.stdout, want);
    let _ = std::fs::remove_dir_all(&dir);
}

/// `run --extlib`: runout.S reads in.raw, adds 1000 through probe.add-x (lane 0) and
/// writes out.raw; the runtime directory's machine.yml reaches the model.
#[test]
fn run_subcommand_loads_the_model() {
    let dir = tmp("run");
    let input: [u32; 8] = [0, 1, 7, 0xffff_ffff, 0x8000_0000, 123_456, 0xffff_fc18, 42];
    let bytes: Vec<u8> = input.iter().flat_map(|w| w.to_le_bytes()).collect();
    std::fs::write(dir.join("in.raw"), &bytes).unwrap();
    std::fs::write(dir.join("out.raw"), [0u8; 32]).unwrap();
    std::fs::write(
        dir.join("machine.yml"),
        "probe_show: probe_color\nprobe_color: \"blue\"\n",
    )
    .unwrap();
    let ext = format!("--extlib={}", probe());
    let d = dir.display().to_string();
    let o = npu_spike(&["run", &ext, &guest("runout"), &d], &[]);
    assert_eq!(o.code, 0, "{}", o.stderr);
    assert_eq!(o.stdout, "[probe] config probe_color = [blue]\n");
    let want: Vec<u8> = [1000u32, 1001, 1007, 999, 0x8000_03e8, 124_456, 0, 1042]
        .iter()
        .flat_map(|w| w.to_le_bytes())
        .collect();
    assert_eq!(std::fs::read(dir.join("out.raw")).unwrap(), want);
    let _ = std::fs::remove_dir_all(&dir);
}

/// `sample --model` and `sample --extlib` run the functional face with `--functional`:
/// values.S's own checks pass (it has no markers: only the end-of-run dump). Without
/// it the model's words compute nothing, as under gem5, and the first check, of
/// probe_info's x[rd] = lanes << 32 | vlen (values.S check 1), fails.
#[test]
fn sample_runs_the_functional_face_of_the_model_with_functional() {
    for flag in ["--model", "--extlib"] {
        let o = npu_spike(
            &["sample", "--functional", flag, probe(), &guest("values")],
            &[],
        );
        assert_eq!(
            o.code, 0,
            "{flag}: check {} of values.S failed\n{}",
            o.code, o.stderr
        );
        let o = npu_spike(&["sample", flag, probe(), &guest("values")], &[]);
        assert_eq!(o.code, 1, "{flag}: {}", o.stderr);
        assert!(
            o.stderr.contains("the program exited with status 1"),
            "{flag}: {}",
            o.stderr
        );
    }
}

/// Under `sample` every issued model instruction is committed once, also those still
/// in flight when the program exits (values.S: 19 model instructions, the last one a
/// few instructions before the exit), and with `--functional` the functional face
/// executes each once.
#[test]
fn sample_commits_every_issued_instruction() {
    let dir = tmp("commits");
    let m = machine(&dir, &format!("{MACHINE}probe_trace: 1\n"));
    for elf in ["values", "unowned"] {
        let o = npu_spike(
            &[
                "sample",
                "--functional",
                "--model",
                probe(),
                "--machine-config",
                &m,
                "--arg",
                "0",
                &guest(elf),
            ],
            &[],
        );
        assert_eq!(o.code, 0, "{elf}: {}", o.stderr);
        let n = if elf == "values" { 19 } else { 1 };
        let count = |what: &str| {
            o.stdout
                .lines()
                .filter(|l| l.starts_with(&format!("[probe] {what} ")))
                .count()
        };
        assert_eq!(count("execute"), n, "{elf}");
        assert_eq!(count("issue"), n, "{elf}");
        assert_eq!(
            count("commit"),
            n,
            "{elf}: every issued instruction gets one commit\n{}",
            o.stdout
        );
    }
    let _ = std::fs::remove_dir_all(&dir);
}

/// The machine description (docs/accel.md, vcix_config in the header): every top-level
/// scalar of the first document as written (quoting undone, no typing); null (`k:`,
/// `~`, `null`), sequences and mappings absent, nested sections allowed; the vpu_* keys
/// reach the model too; --base-path arrives as run_base_path.
#[test]
fn config_get_sees_the_top_level_scalars_as_written() {
    let dir = tmp("config");
    let m = machine(
        &dir,
        "vpu_num_lanes: 4\nvpu_vector_length_bits: 256\n\
         probe_show: a,b,c,d,e,f,g,h,i,j,k,l,n,z,nokey,run_base_path,vpu_num_lanes\n\
         a: 010\nb: 'quoted: yes'\nc: \"\"\nd: ~\ne: [1, 2]\nf:\n  nested: 1\ng: 0x10\n\
         h:\ni: null\nj: \"null\"\nk: '~'\nl: 8 cycles\nn: {x: 1}\n---\nz: 1\n",
    );
    let mc = format!("--machine-config={m}");
    let bp = format!("--base-path={}", dir.display());
    let o = spike(probe(), &[&mc, &bp], &guest("unowned"), &["0"], &[]);
    assert_eq!(o.code, 0, "{}", o.stderr);
    let real = std::fs::canonicalize(&dir).unwrap();
    let bp_line_ok = o.stdout.contains(&format!(
        "[probe] config run_base_path = [{}]\n",
        dir.display()
    )) || o.stdout.contains(&format!(
        "[probe] config run_base_path = [{}]\n",
        real.display()
    ));
    assert!(bp_line_ok, "{}", o.stdout);
    let mut want = String::new();
    for line in [
        "a = [010]",
        "b = [quoted: yes]",
        "c = []",
        "d absent",
        "e absent",
        "f absent",
        "g = [0x10]",
        "h absent",
        "i absent",
        "j = [null]",
        "k = [~]",
        "l = [8 cycles]",
        "n absent",
        "z absent",
        "nokey absent",
    ] {
        want += &format!("[probe] config {line}\n");
    }
    assert!(o.stdout.starts_with(&want), "want\n{want}got\n{}", o.stdout);
    assert!(
        o.stdout.contains("[probe] config vpu_num_lanes = [4]\n"),
        "{}",
        o.stdout
    );
    assert!(o.stdout.ends_with("passed\n"));
    let _ = std::fs::remove_dir_all(&dir);
}

/// A machine description whose top level is not a mapping is an error naming the file;
/// so is a run_base_path key in the file when --base-path gives it.
#[test]
fn a_machine_description_the_model_cannot_take_is_refused() {
    let dir = tmp("notmap");
    let m = machine(&dir, "- vpu_num_lanes\n- 4\n");
    let mc = format!("--machine-config={m}");
    let o = spike(probe(), &[&mc], &guest("unowned"), &["0"], &[]);
    assert_eq!(o.code, 1, "{}", o.stderr);
    assert!(o.stderr.contains(&m), "{}", o.stderr);
    assert!(!o.stdout.contains("passed"));
    let m = machine(&dir, &format!("{MACHINE}run_base_path: /elsewhere\n"));
    let mc = format!("--machine-config={m}");
    let bp = format!("--base-path={}", dir.display());
    let o = spike(probe(), &[&mc, &bp], &guest("unowned"), &["0"], &[]);
    assert_eq!(o.code, 1, "{}", o.stderr);
    assert!(o.stderr.contains("run_base_path"), "{}", o.stderr);
    assert!(!o.stdout.contains("passed"));
    let _ = std::fs::remove_dir_all(&dir);
}

// ---------------------------------------------------------------- ownership

/// An owned word goes to execute; with a model loaded every other custom-1/custom-2
/// word, the built-in units' included, is an illegal instruction: exit 255, stderr
/// names the pc and the word; so is an owned one while vtype is invalid. Without
/// --extlib the built-in vexp runs.
#[test]
fn unowned_custom_words_are_illegal_instructions() {
    let o = spike(probe(), &[VARCH], &guest("unowned"), &["0"], &[]);
    assert_eq!((o.code, o.stdout.as_str()), (0, "passed\n"), "{}", o.stderr);
    for (arg, pc, word) in [
        ("1", "0x10100", insn_r(0x2b, 0, 0x7f, 10, 11, 12)),
        ("2", "0x10200", insn_r(0x5b, 4, 0x7f, 10, 11, 12)),
        ("3", "0x10300", insn_r(0x5b, 3, 0x16, 1, 0, 2)),
        // Owned (custom-2), but vtype.vill is set.
        ("4", "0x10408", insn_r(0x5b, 4, 0x12, 1, 13, 2)),
    ] {
        let o = spike(probe(), &[VARCH], &guest("unowned"), &[arg], &[]);
        assert_eq!(o.code, 255, "{arg}: {}", o.stderr);
        assert!(o.stderr.contains(pc), "{arg}: no pc {pc} in {}", o.stderr);
        let w = format!("{word:#010x}");
        assert!(o.stderr.contains(&w), "{arg}: no word {w} in {}", o.stderr);
        assert!(!o.stdout.contains("passed"));
        // The same under sample.
        let o = npu_spike(
            &[
                "sample",
                "--model",
                probe(),
                "--arg",
                arg,
                &guest("unowned"),
            ],
            &[],
        );
        assert_eq!(o.code, 255, "sample {arg}: {}", o.stderr);
        assert!(o.stderr.contains(&w), "sample {arg}: {}", o.stderr);
    }
    assert_eq!(insn_r(0x5b, 3, 0x16, 1, 0, 2), 0x2c20_30db);
    let o = npu_spike(&["--isa=rv64gcv_zfh", "pk", &guest("unowned"), "3"], &[]);
    assert_eq!((o.code, o.stdout.as_str()), (0, "passed\n"), "{}", o.stderr);
    // An owned custom-1 word runs with vtype.vill set (docs/accel.md).
    let o = spike(probe(), &[VARCH], &guest("unowned"), &["5"], &[]);
    assert_eq!((o.code, o.stdout.as_str()), (0, "passed\n"), "{}", o.stderr);
}

// ---------------------------------------------------------------- refusals

/// Runs the Spike-style line, `run` and `sample --model` with `lib` (unowned.elf 0,
/// which exits 0 printing "passed" when it runs), the machine description plus `config`.
fn three_ways(lib: &str, env: &[(&str, &str)], config: Option<&str>) -> Vec<(&'static str, Out)> {
    static N: std::sync::atomic::AtomicUsize = std::sync::atomic::AtomicUsize::new(0);
    let n = N.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
    let dir = tmp(&format!("three-{n}"));
    let m = machine(&dir, &format!("{MACHINE}{}", config.unwrap_or("")));
    let mc = format!("--machine-config={m}");
    let ext = format!("--extlib={lib}");
    let rundir = dir.join("rt");
    std::fs::create_dir_all(&rundir).unwrap();
    let rd = rundir.display().to_string();
    let g = guest("unowned");
    let runs: [(&str, Vec<&str>); 3] = [
        ("spike", vec![ISA, &mc, &ext, "pk", &g, "0"]),
        ("run", vec!["run", &mc, &ext, &g, &rd]),
        (
            "sample",
            vec![
                "sample",
                "--model",
                lib,
                "--machine-config",
                &m,
                "--arg",
                "0",
                &g,
            ],
        ),
    ];
    let outs = runs
        .into_iter()
        .map(|(how, args)| (how, npu_spike(&args, env)))
        .collect();
    let _ = std::fs::remove_dir_all(&dir);
    outs
}

/// `three_ways` must each exit 1 with every one of `names` on stderr, the program not run.
fn refused(lib: &str, env: &[(&str, &str)], config: Option<&str>, names: &[&str]) {
    for (how, o) in three_ways(lib, env, config) {
        assert_eq!(o.code, 1, "{how}: {names:?}\n{}", o.stderr);
        for n in names {
            assert!(o.stderr.contains(n), "{how}: {n:?} not in\n{}", o.stderr);
        }
        assert!(!o.stdout.contains("passed"), "{how}: the program ran");
    }
}

#[test]
fn a_missing_library_is_refused_naming_the_path() {
    refused(
        "/nonexistent/dir/libnothing.so",
        &[],
        None,
        &["/nonexistent/dir/libnothing.so"],
    );
}

#[test]
fn a_file_that_is_not_a_library_is_refused_naming_the_path() {
    let h = root()
        .join("tests/models/guests/src/probe.h")
        .display()
        .to_string();
    refused(&h, &[], None, &[&h]);
}

/// A real shared library without the entry point: one of the proc-macro libraries
/// (serde_derive, clap_derive) built beside this test's executable.
#[test]
fn a_library_without_vcix_accel_model_is_refused() {
    let deps = std::env::current_exe()
        .unwrap()
        .parent()
        .unwrap()
        .to_path_buf();
    let lib = std::fs::read_dir(&deps)
        .unwrap()
        .filter_map(|e| e.ok())
        .map(|e| e.path())
        .find(|p| {
            let n = p.file_name().unwrap().to_string_lossy();
            n.starts_with("libserde_derive-") && n.ends_with(".so")
        })
        .expect("libserde_derive-*.so beside the test executable");
    let l = lib.display().to_string();
    refused(&l, &[], None, &[&l, "vcix_accel_model"]);
}

#[test]
fn a_model_of_another_abi_version_is_refused_naming_both() {
    let lib = probe();
    refused(lib, &[("PROBE_ABI", "10")], None, &[lib, "11", "10"]);
    refused(lib, &[("PROBE_ABI", "12")], None, &[lib, "11", "12"]);
}

#[test]
fn a_null_required_field_is_refused_naming_it() {
    for field in ["name", "create", "destroy", "execute"] {
        refused(probe(), &[("PROBE_NULL_FIELD", field)], None, &[field]);
    }
}

#[test]
fn an_encoding_outside_custom_1_and_custom_2_is_refused_naming_it() {
    refused(
        probe(),
        &[("PROBE_BAD_OPCODE", "1")],
        None,
        &["probe_bad_opcode"],
    );
}

/// create returning NULL: exit 1 and exactly the line `vcixaccel: probe: <reason>`,
/// as the Spike adapter prints it, on each command line.
#[test]
fn create_refusing_prints_the_models_reason() {
    for (how, o) in three_ways(probe(), &[], Some("probe_create: refuse\n")) {
        assert_eq!(o.code, 1, "{how}: {}", o.stderr);
        assert!(
            o.stderr
                .lines()
                .any(|l| l == "vcixaccel: probe: probe_create asks me to refuse"),
            "{how}: no line 'vcixaccel: probe: probe_create asks me to refuse' in\n{}",
            o.stderr
        );
        assert!(!o.stdout.contains("passed"), "{how}: the program ran");
    }
}

// ---------------------------------------------------------------- misuse

/// A model asking for a lane, register or CSR out of range ends the run: exit 1 and a
/// message naming the callback and the value. The program after it never runs.
#[test]
fn misuse_of_the_host_table_ends_the_run_naming_it() {
    for (arg, names) in [
        ("l", &["vreg", "lane 4"][..]),
        ("k", &["vreg", "lane 7"]),
        ("v", &["vreg", "32"]),
        ("x", &["xreg_read", "32"]),
        ("c", &["csr_read", "0x800"]),
    ] {
        let o = spike(probe(), &[VARCH], &guest("misuse"), &[arg], &[]);
        assert_eq!(o.code, 1, "{arg}: {}", o.stderr);
        for n in names {
            assert!(o.stderr.contains(n), "{arg}: {n:?} not in\n{}", o.stderr);
        }
        assert!(!o.stdout.contains("not stopped"), "{arg}");
    }
}

/// A memory fault inside execute ends the run naming the address; as docs/accel.md
/// decides, it is the trap it is after execute returns: under the proxy kernel a user
/// fault, reported as riscv-pk reports it (on stdout, as Spike shows pk's console), exit 255.
#[test]
fn a_memory_fault_inside_execute_names_the_address() {
    for (arg, line) in [
        ("m", "User load segfault @ 0x0000000000000ff0"),
        ("w", "User store segfault @ 0x0000000000000ab0"),
    ] {
        let o = spike(probe(), &[VARCH], &guest("misuse"), &[arg], &[]);
        assert_eq!(o.code, 255, "{arg}: {}", o.stderr);
        assert!(
            o.stdout.contains(line),
            "{arg}: {line} not in\n{}",
            o.stdout
        );
        assert!(!o.stdout.contains("not stopped"), "{arg}");
    }
}

// ---------------------------------------------------------------- timing face

/// One statistic of every dump in a stats.txt: the lines named `name` or ending in `.name`.
fn stat(stats: &str, name: &str) -> Vec<u64> {
    let dotted = format!(".{name}");
    stats
        .lines()
        .filter_map(|l| {
            let mut f = l.split_whitespace();
            let n = f.next()?;
            (n == name || n.ends_with(&dotted)).then(|| f.next().unwrap().parse().unwrap())
        })
        .collect()
}

/// The text of one statistic in every dump (for ratios).
fn texts(stats: &str, name: &str) -> Vec<String> {
    let dotted = format!(".{name}");
    stats
        .lines()
        .filter_map(|l| {
            let mut f = l.split_whitespace();
            let n = f.next()?;
            (n == name || n.ends_with(&dotted)).then(|| f.next().unwrap().to_string())
        })
        .collect()
}

/// The probe's own trace lines `[probe] <what> <name> id=<id> at <cycle>`: (name, id, cycle).
fn traced(stdout: &str, what: &str) -> Vec<(String, u64, u64)> {
    let head = format!("[probe] {what} ");
    stdout
        .lines()
        .filter_map(|l| l.strip_prefix(&head))
        .map(|rest| {
            let f: Vec<&str> = rest.split(' ').collect();
            let id = f[1].strip_prefix("id=").unwrap().parse().unwrap();
            (f[0].to_string(), id, f[3].parse().unwrap())
        })
        .collect()
}

/// timing.S under `sample --model` (probe_wait_cycles 5, probe_trace 1). The cycle
/// numbers follow docs/timing.md and docs/accel.md: with resetstats at cycle t, a
/// window's first instruction issues at t + 5 (R1: fetch restarts after the marker);
/// a model instruction uses no core pool, waits for its operands by the VCIX operand
/// rule (probe.add-x / probe_wait are sf.vc.v.xv-shaped: vd written, vs2 and x[rs1]
/// read) and issues at the first cycle can_accept says yes; in a cycle the order is
/// tick, ready, commit, can_accept/issue, so a result that turns ready in cycle c can
/// be read by an instruction issuing in c; the window ends when everything in it has
/// completed (R2), and a port's cycles equal the window's numCycles.
///   Window 1: the pipe unit takes one per cycle, so probe.add-x 1-4 issue at t+5..t+8;
///   with 4 in flight (ready at t+15..t+18) the 5th is refused until the 1st is ready,
///   issues at t+15 and is ready at t+25: 25 cycles. Occupancy 5 x 10 = 50.
///   Window 2: probe_wait issues at t+5 (latency unknown); ready turns true at t+10;
///   ready is asked before issue in a cycle, so its consumer issues at t+10 and is
///   ready at t+20: 20 cycles. Occupancy: wait 5, pipe 10.
///   Window 3 (to the end of the run): no model instruction.
#[test]
fn timing_face_pipelines_to_depth_4_and_waits_for_unknown_latency() {
    let dir = tmp("timing");
    let m = machine(
        &dir,
        &format!("{MACHINE}probe_wait_cycles: 5\nprobe_trace: 1\n"),
    );
    let out = dir.join("out");
    let o = npu_spike(
        &[
            "sample",
            "--functional",
            "--model",
            probe(),
            "--machine-config",
            &m,
            "-o",
            out.to_str().unwrap(),
            &guest("timing"),
        ],
        &[],
    );
    assert_eq!(o.code, 0, "{}", o.stderr);

    // The model's view: issue and ready cycles as the host passed them.
    let issues = traced(&o.stdout, "issue");
    let names: Vec<&str> = issues.iter().map(|i| i.0.as_str()).collect();
    assert_eq!(
        names,
        ["probe.add-x"; 5]
            .iter()
            .chain(&["probe_wait", "probe.add-x"])
            .copied()
            .collect::<Vec<_>>()
    );
    let t1 = issues[0].2;
    let rel: Vec<u64> = issues[..5].iter().map(|i| i.2 - t1).collect();
    assert_eq!(
        rel,
        [0, 1, 2, 3, 10],
        "the 5th issues when the 1st is ready"
    );
    let w = issues[5].2;
    let ready = traced(&o.stdout, "ready");
    assert_eq!(ready.len(), 1);
    assert_eq!((ready[0].1, ready[0].2), (issues[5].1, w + 5));
    assert_eq!(
        issues[6].2,
        w + 5,
        "the consumer issues in the cycle its producer is ready"
    );
    // Every issued instruction commits once, in program order, once ready.
    let commits = traced(&o.stdout, "commit");
    let ids: Vec<u64> = commits.iter().map(|c| c.1).collect();
    assert_eq!(ids, issues.iter().map(|i| i.1).collect::<Vec<_>>());
    for (c, i) in commits.iter().zip(&issues) {
        let ready_at = if i.0 == "probe_wait" {
            i.2 + 5
        } else {
            i.2 + 10
        };
        assert!(c.2 >= ready_at, "{c:?} before {ready_at}");
    }

    let tsv = std::fs::read_to_string(out.join("trace_cycles.tsv")).unwrap();
    assert_eq!(tsv, "25\t0\n21\t0\n");
    let stats = std::fs::read_to_string(out.join("stats.txt")).unwrap();
    let cycles = stat(&stats, "system.cpu.numCycles");
    assert_eq!(cycles.len(), 3);
    assert_eq!(&cycles[..2], [25, 21]);
    let col = |n: &str| stat(&stats, n);
    assert_eq!(col("vcix.pipe.admitted"), [5, 1, 0]);
    assert_eq!(col("vcix.pipe.capacity"), [1, 1, 1]);
    assert_eq!(col("vcix.pipe.cycles"), cycles);
    assert_eq!(col("vcix.pipe.occupancy"), [50, 10, 0]);
    assert_eq!(col("vcix.wait.admitted"), [0, 1, 0]);
    assert_eq!(col("vcix.wait.capacity"), [1, 1, 1]);
    assert_eq!(col("vcix.wait.cycles"), cycles);
    assert_eq!(col("vcix.wait.occupancy"), [0, 5, 0]);
    // Encoding names with characters outside [A-Za-z0-9_] get `_`.
    assert_eq!(col("vcix.committed.probe_add_x"), [5, 1, 0]);
    assert_eq!(col("vcix.committed.probe_wait"), [0, 1, 0]);
    assert_eq!(col("vcix.committed.probe_info"), [0, 0, 0]);
    assert!(
        stats.lines().all(|l| !l
            .split_whitespace()
            .next()
            .unwrap_or("")
            .contains("probe.add-x")),
        "a stat name keeps the encoding's '.' or '-'"
    );
    // Capacity 1: utilized cycles = admitted; utilization = admitted / cycles.
    assert_eq!(col("vcix.pipe.utilized_cycles"), [5, 1, 0]);
    assert_eq!(col("vcix.wait.utilized_cycles"), [0, 1, 0]);
    let util = texts(&stats, "vcix.pipe.utilization");
    assert_eq!(
        util[..2],
        [format!("{:.6}", 5.0 / 25.0), format!("{:.6}", 1.0 / 21.0)]
    );
    // The port itself (unit pipe, name issue), flagged primary.
    assert_eq!(col("vcix.pipe.issue.admitted"), [5, 1, 0]);
    assert_eq!(col("vcix.wait.issue.occupancy"), [0, 5, 0]);
    assert_eq!(col("vcix.pipe.issue.primary"), [1, 1, 1]);

    // summary.json: the same per window.
    let json: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(out.join("summary.json")).unwrap()).unwrap();
    let windows = json["windows"].as_array().unwrap();
    assert_eq!(windows.len(), 3);
    for (k, w) in windows.iter().enumerate() {
        let v = &w["vcix"];
        let pipe = [5, 1, 0][k];
        assert_eq!(v["vcix.pipe.admitted"], pipe, "window {k}: {v}");
        assert_eq!(v["vcix.pipe.occupancy"], [50, 10, 0][k], "window {k}");
        assert_eq!(v["vcix.pipe.cycles"], cycles[k], "window {k}");
        assert_eq!(v["vcix.pipe.utilized_cycles"], pipe, "window {k}");
        assert_eq!(v["vcix.wait.admitted"], [0, 1, 0][k], "window {k}");
        assert_eq!(v["vcix.wait.occupancy"], [0, 5, 0][k], "window {k}");
        assert_eq!(v["vcix.committed.probe_add_x"], pipe, "window {k}");
        assert_eq!(v["vcix.committed.probe_wait"], [0, 1, 0][k], "window {k}");
    }
    let _ = std::fs::remove_dir_all(&dir);
}

/// The issue trace of `sample` shows the same cycles: the five probe.add-x issue at
/// t+6, +1, +2, +3, +10 and complete 10 cycles after their issue.
#[test]
fn issue_trace_shows_the_models_latency() {
    let dir = tmp("issue");
    let m = machine(&dir, &format!("{MACHINE}probe_wait_cycles: 5\n"));
    let trace = dir.join("issue.tsv");
    let o = npu_spike(
        &[
            "sample",
            "--extlib",
            probe(),
            "--machine-config",
            &m,
            "--issue-trace",
            trace.to_str().unwrap(),
            &guest("cycle"),
        ],
        &[],
    );
    assert_eq!(o.code, 0, "{}", o.stderr);
    assert_eq!(o.stdout, "25\t0\n21\t0\n");
    let text = std::fs::read_to_string(&trace).unwrap();
    let rows: Vec<(u64, u64, String)> = text
        .lines()
        .skip(1)
        .map(|l| {
            let f: Vec<&str> = l.split('\t').collect();
            (
                f[1].parse().unwrap(),
                f[2].parse().unwrap(),
                f[3].to_string(),
            )
        })
        .filter(|r| r.2.starts_with("probe"))
        .collect();
    assert_eq!(rows.len(), 7, "{text}");
    let t1 = rows[0].0;
    let issue: Vec<u64> = rows.iter().map(|r| r.0 - t1).collect();
    let done: Vec<u64> = rows.iter().map(|r| r.1 - r.0).collect();
    assert_eq!(&issue[..5], [0, 1, 2, 3, 10]);
    assert_eq!(&done[..5], [10; 5]);
    assert_eq!(done[5], 5, "probe_wait completes when ready");
    assert_eq!(rows[6].0, rows[5].1, "its consumer issues then");
    assert_eq!(done[6], 10);
    let _ = std::fs::remove_dir_all(&dir);
}

// ---- Issue 25: the model under sample and gem5 mode as PyTorchSim runs them ----

const SHOW: &str = "probe_show: vpu_num_lanes,vpu_vector_length_bits,vpu_spad_size_kb_per_lane,vpu_spad_base_vaddr\n";

/// The `[probe] config` lines a run printed.
fn config_lines(stdout: &str) -> Vec<&str> {
    stdout
        .lines()
        .filter(|l| l.starts_with("[probe] config "))
        .collect()
}

fn told(lanes: &str, vlen: &str, kb: &str, sv: &str) -> Vec<String> {
    vec![
        format!("[probe] config vpu_num_lanes = [{lanes}]"),
        format!("[probe] config vpu_vector_length_bits = [{vlen}]"),
        format!("[probe] config vpu_spad_size_kb_per_lane = [{kb}]"),
        format!("[probe] config vpu_spad_base_vaddr = [{sv}]"),
    ]
}

/// A kernel object whose cycle_elf is cycle.S, target lanes/VLEN/scratchpad as given.
fn cycle_workdir(dir: &Path, lanes: u32, vlen: u32, spad: u32) -> PathBuf {
    let w = dir.join("obj");
    std::fs::create_dir_all(&w).unwrap();
    std::fs::copy(guest("cycle"), w.join("cycle.elf")).unwrap();
    std::fs::write(
        w.join("tile_types.json"),
        r#"{"overlap_offset": [null, null]}"#,
    )
    .unwrap();
    std::fs::write(
        w.join("kernel.json"),
        format!(
            r#"{{"format": 1, "name": "k", "args": [], "grid": [1],
  "abi": {{"kernel_addr": [65536, 65536]}},
  "target": {{"spad_vaddr": "0xD0000000", "spad_paddr": 3221225472, "dram_base": "0x80000000",
             "dram_size": "0x40000000", "spad_size": {spad}, "vector_lanes": {lanes}, "vlen_bits": {vlen}}},
  "artifacts": {{"elf": "cycle.elf", "cycle_elf": "cycle.elf", "tile_types": "tile_types.json"}}}}"#
        ),
    )
    .unwrap();
    w
}

/// A gem5.opt symlink and a config script (it must exist; it is not run).
fn gem5(dir: &Path) -> (PathBuf, PathBuf) {
    let g = dir.join("gem5.opt");
    let _ = std::fs::remove_file(&g);
    std::os::unix::fs::symlink(bin(), &g).unwrap();
    let script = dir.join("tpu_script.py");
    std::fs::write(&script, "# the flow's gem5 script\n").unwrap();
    (g, script)
}

/// Path 2: every source of the machine reaches the model's description the same way,
/// with one precedence (flags > kernel object target > description > defaults). The
/// description says vpu_num_lanes: 2; each mode overrides it with 8 from its own source.
/// sample's default VLEN is 256; a description puts the scratchpad at 0xD0000000; the
/// default scratchpad is 131072 B = 128 KiB per lane; the target's 65536 B = 64 KiB.
#[test]
fn every_mode_tells_the_model_the_machine_it_simulates() {
    let dir = tmp("told");
    let m = machine(&dir, &format!("vpu_num_lanes: 2\n{SHOW}"));
    // sample --vectorlane-size 8
    let o = npu_spike(
        &[
            "sample",
            "--vectorlane-size",
            "8",
            "--model",
            probe(),
            "--machine-config",
            &m,
            &guest("cycle"),
        ],
        &[],
    );
    assert_eq!(o.code, 0, "{}", o.stderr);
    assert_eq!(
        config_lines(&o.stdout),
        told("8", "256", "128", "0xd0000000")
    );
    // sample WORKDIR: target.vector_lanes 8, vlen_bits 512, spad_size 65536
    let w = cycle_workdir(&dir, 8, 512, 65536);
    let o = npu_spike(
        &[
            "sample",
            "--model",
            probe(),
            "--machine-config",
            &m,
            w.to_str().unwrap(),
        ],
        &[],
    );
    assert_eq!(o.code, 0, "{}", o.stderr);
    assert_eq!(
        config_lines(&o.stdout),
        told("8", "512", "64", "0xd0000000")
    );
    // gem5 mode: --vlane 8 --vlen 512
    let (g, script) = gem5(&dir);
    let out = Command::new(&g)
        .arg("-d")
        .arg(dir.join("m5out"))
        .arg(&script)
        .arg("-c")
        .arg(guest("cycle"))
        .args([
            "--model",
            probe(),
            "--vlane",
            "8",
            "--vlen",
            "512",
            "--machine-config",
            &m,
        ])
        .output()
        .unwrap();
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert_eq!(
        out.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert_eq!(config_lines(&stdout), told("8", "512", "128", "0xd0000000"));
    // Spike command line: the description alone; keys that say the machine's value
    // keep their text (0XD0000000), the absent ones are stated.
    let m2 = machine(
        &dir,
        &format!(
            "vpu_num_lanes: 8\nvpu_vector_length_bits: 256\nvpu_spad_base_vaddr: 0XD0000000\n{SHOW}"
        ),
    );
    let mc = format!("--machine-config={m2}");
    let o = spike(probe(), &[&mc], &guest("unowned"), &["0"], &[]);
    assert_eq!(o.code, 0, "{}", o.stderr);
    assert_eq!(
        config_lines(&o.stdout),
        told("8", "256", "128", "0XD0000000")
    );
    let _ = std::fs::remove_dir_all(&dir);
}

/// Path 3: under sample the model's words are timed and never executed; only the
/// timing instance is created (one set of config lines), as gem5 creates one.
/// `--functional` adds the functional instance and its execute.
#[test]
fn sample_times_the_models_words_and_computes_nothing_without_functional() {
    let dir = tmp("timed");
    let m = machine(
        &dir,
        &format!("{MACHINE}probe_trace: 1\nprobe_show: vpu_num_lanes\n"),
    );
    let count = |o: &Out, what: &str| {
        o.stdout
            .lines()
            .filter(|l| l.starts_with(&format!("[probe] {what} ")))
            .count()
    };
    let args = [
        "sample",
        "--model",
        probe(),
        "--machine-config",
        &m,
        "--arg",
        "0",
    ];
    let g = guest("unowned");
    let mut plain = args.to_vec();
    plain.push(&g);
    let o = npu_spike(&plain, &[]);
    assert_eq!(o.code, 0, "{}", o.stderr);
    assert_eq!(
        (
            count(&o, "config"),
            count(&o, "execute"),
            count(&o, "issue"),
            count(&o, "commit")
        ),
        (1, 0, 1, 1)
    );
    let mut functional = args.to_vec();
    functional.push("--functional");
    functional.push(&g);
    let o = npu_spike(&functional, &[]);
    assert_eq!(o.code, 0, "{}", o.stderr);
    assert_eq!(
        (
            count(&o, "config"),
            count(&o, "execute"),
            count(&o, "issue"),
            count(&o, "commit")
        ),
        (2, 1, 1, 1)
    );
    let _ = std::fs::remove_dir_all(&dir);
}

/// PyTorchSim's CycleSimulator (Simulator/gem5.py) with a model: its command line
/// (`-r --stdout-file=sto.log -d DIR/m5out SCRIPT -c BIN --model LIB --vlane 4
/// --vlen 256`), stats.txt read as it reads it (every system.cpu.numCycles, the last
/// dump dropped), against `sample WORKDIR --model` and `sample --model` on the same
/// ELF. cycle.S by the rules of `timing_face_pipelines_to_depth_4...` with the probe's
/// default probe_wait_cycles 7 (no description): window 1 = 25; window 2 = 5 + 7 + 10
/// = 22.
#[test]
fn cycle_simulator_with_a_model_gives_the_cycles_of_sample() {
    let dir = tmp("cyclesim");
    let (g, script) = gem5(&dir);
    let elf = dir.join("cycle.elf");
    std::fs::copy(guest("cycle"), &elf).unwrap();
    let m5out = dir.join("m5out");
    let out = Command::new(&g)
        .args(["-r", "--stdout-file=sto.log", "-d"])
        .arg(&m5out)
        .arg(&script)
        .arg("-c")
        .arg(&elf)
        .args(["--model", probe(), "--vlane", "4", "--vlen", "256"])
        .output()
        .unwrap();
    assert_eq!(
        out.status.code(),
        Some(0),
        "{}",
        std::fs::read_to_string(m5out.join("sto.log")).unwrap_or_default()
    );
    let stats = std::fs::read_to_string(m5out.join("stats.txt")).unwrap();
    let clock: Vec<u64> = stats
        .lines()
        .filter(|l| l.contains("system.clk_domain.clock"))
        .map(|l| l.split_whitespace().nth(1).unwrap().parse().unwrap())
        .collect();
    assert_eq!(clock.first(), Some(&1000));
    let mut cycles: Vec<u64> = stats
        .lines()
        .filter(|l| l.contains("system.cpu.numCycles"))
        .map(|l| l.split_whitespace().nth(1).unwrap().parse().unwrap())
        .collect();
    cycles.pop();
    assert_eq!(cycles, [25, 23]);
    let w = cycle_workdir(&dir, 4, 256, 65536);
    let o = npu_spike(&["sample", "--model", probe(), w.to_str().unwrap()], &[]);
    assert_eq!(o.code, 0, "{}", o.stderr);
    assert_eq!(
        std::fs::read_to_string(w.join("trace_cycles.tsv")).unwrap(),
        "25\t0\n23\t0\n"
    );
    let o = npu_spike(
        &[
            "sample",
            "--vectorlane-size",
            "4",
            "--vlen",
            "256",
            "--model",
            probe(),
            elf.to_str().unwrap(),
        ],
        &[],
    );
    assert_eq!(o.code, 0, "{}", o.stderr);
    assert_eq!(o.stdout, "25\t0\n23\t0\n");
    let _ = std::fs::remove_dir_all(&dir);
}

/// Path 4: with a model loaded its tpu_* keys are its own: the model's refusal is what
/// the user sees, on sample and on the Spike command line; without a model npu-spike's
/// built-in units refuse the key themselves.
#[test]
fn a_loaded_model_owns_its_tpu_keys() {
    let dir = tmp("tpukeys");
    let m = machine(&dir, &format!("{MACHINE}tpu_sfu_latency_cycles: 0\n"));
    let want = "vcixaccel: probe: machine description: tpu_sfu_latency_cycles: '0' is not a pipeline depth: at least 1\n";
    let o = npu_spike(
        &[
            "sample",
            "--model",
            probe(),
            "--machine-config",
            &m,
            &guest("cycle"),
        ],
        &[],
    );
    assert_eq!((o.code, o.stderr.as_str()), (1, want));
    let mc = format!("--machine-config={m}");
    let o = spike(probe(), &[&mc], &guest("unowned"), &["0"], &[]);
    assert_eq!((o.code, o.stderr.as_str()), (1, want));
    let o = npu_spike(&["sample", "--machine-config", &m, &guest("cycle")], &[]);
    assert_eq!(o.code, 1);
    assert!(
        o.stderr
            .contains("tpu_sfu_latency_cycles must be at least 1"),
        "{}",
        o.stderr
    );
    let _ = std::fs::remove_dir_all(&dir);
}
