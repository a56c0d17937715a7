//! Kernel objects (the compiler's kernel.json, format 1) under `npu-spike run WORKDIR`
//! and `npu-spike sample WORKDIR`, run as PyTorchSim's Simulator/spike_run.py runs
//! them. The guest is tests/kernels/src/grid.c (bin/grid.elf, rebuilt by
//! tests/kernels/build.sh): eight grid programs, each owning eight int32 elements,
//! out[i] += x[i]*SCALE + (int)(ALPHA*p). Expected outputs are that formula worked
//! out here (and checked against qemu-riscv64 on the same ELF when it was written).

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

const N: usize = 64;

fn bin() -> &'static str {
    env!("CARGO_BIN_EXE_npu-spike")
}

fn x_values() -> Vec<i32> {
    (0..N as i32).map(|i| i * 7 - 100).collect()
}

fn raw(v: &[i32]) -> Vec<u8> {
    v.iter().flat_map(|x| x.to_le_bytes()).collect()
}

fn unraw(b: &[u8]) -> Vec<i32> {
    b.chunks(4)
        .map(|c| i32::from_le_bytes(c.try_into().unwrap()))
        .collect()
}

/// out after the kernel: init[i] + x[i]*scale + trunc(alpha*p), p = i / 8.
fn expected(init: &[i32], scale: i32, alpha: f64) -> Vec<i32> {
    let x = x_values();
    (0..N)
        .map(|i| init[i] + x[i] * scale + (alpha * (i / 8) as f64) as i32)
        .collect()
}

/// A kernel object: kernel.json, grid.elf, runtime/x.raw. `out_role` is out or inout.
fn workdir(tag: &str, out_role: &str) -> PathBuf {
    let d = std::env::temp_dir().join(format!("npu-spike-ko-{}-{tag}", std::process::id()));
    let _ = std::fs::remove_dir_all(&d);
    std::fs::create_dir_all(d.join("runtime")).unwrap();
    std::fs::copy(
        concat!(env!("CARGO_MANIFEST_DIR"), "/tests/kernels/bin/grid.elf"),
        d.join("grid.elf"),
    )
    .unwrap();
    std::fs::write(d.join("runtime/x.raw"), raw(&x_values())).unwrap();
    let json = format!(
        r#"{{
  "format": 1,
  "name": "grid_kernel",
  "args": [
    {{"name": "x", "role": "in", "dtype": "int32", "shape": [64], "numel": 64}},
    {{"name": "out", "role": "{out_role}", "dtype": "int32", "shape": [8, 8], "numel": 64}}
  ],
  "scalars": [
    {{"name": "scale", "default": 3.0, "ctype": "int"}},
    {{"name": "alpha", "default": 1, "ctype": "float"}},
    {{"name": "mode", "default": 0, "ctype": "int32_t"}},
    {{"name": "reps", "default": 1, "ctype": "int"}}
  ],
  "grid": [4, 2],
  "abi": {{"kernel_addr": [65536, "0x10000"]}},
  "target": {{"spad_vaddr": "0xD0000000", "spad_paddr": 3221225472, "dram_base": "0x80000000",
             "dram_size": "0x4000_0000", "spad_size": 65536, "vector_lanes": 4, "vlen_bits": "256"}},
  "artifacts": {{"elf": "grid.elf", "cycle_elf": "cycle.elf", "tile_types": "tile_types.json"}}
}}"#
    );
    std::fs::write(d.join("kernel.json"), json).unwrap();
    d
}

fn run(dir: &Path, extra: &[&str]) -> Output {
    Command::new(bin())
        .arg("run")
        .arg(dir)
        .args(extra)
        .output()
        .expect("run npu-spike")
}

fn text(b: &[u8]) -> String {
    String::from_utf8_lossy(b).into_owned()
}

fn out_of(dir: &Path) -> Vec<i32> {
    unraw(&std::fs::read(dir.join("runtime/out.raw")).unwrap())
}

#[test]
fn run_workdir_builds_argv_as_spike_run_does() {
    let d = workdir("argv", "out");
    let o = run(&d, &["-j", "1"]);
    assert_eq!(o.status.code(), Some(0), "{}", text(&o.stderr));
    // Defaults: int(3.0) -> "3", repr(float(1)) -> "1.0"; no lo hi with one machine.
    assert_eq!(text(&o.stdout), "argv: x.raw out.raw 3 1.0 0 1\n");
    // The missing output was created as zeros, then written.
    assert_eq!(out_of(&d), expected(&[0; N], 3, 1.0));
    std::fs::remove_file(d.join("runtime/out.raw")).unwrap();
    let o = run(
        &d,
        &[
            "--jobs",
            "1",
            "--scalar",
            "alpha=2.25",
            "--scalar",
            "scale=-2",
            "--scalar",
            "reps=4",
        ],
    );
    assert_eq!(o.status.code(), Some(0), "{}", text(&o.stderr));
    assert_eq!(text(&o.stdout), "argv: x.raw out.raw -2 2.25 0 4\n");
    assert_eq!(out_of(&d), expected(&[0; N], -2, 2.25));
    // --runtime DIR elsewhere.
    let rt = d.join("other");
    std::fs::create_dir_all(&rt).unwrap();
    std::fs::copy(d.join("runtime/x.raw"), rt.join("x.raw")).unwrap();
    let o = run(
        &d,
        &[
            "-j",
            "1",
            "--runtime",
            rt.to_str().unwrap(),
            "--scalar",
            "alpha=1e-05",
        ],
    );
    assert_eq!(o.status.code(), Some(0), "{}", text(&o.stderr));
    assert_eq!(text(&o.stdout), "argv: x.raw out.raw 3 1e-05 0 1\n");
    assert_eq!(
        unraw(&std::fs::read(rt.join("out.raw")).unwrap()),
        expected(&[0; N], 3, 1e-5)
    );
    let _ = std::fs::remove_dir_all(&d);
}

#[test]
fn jobs_split_the_grid_into_ranges_and_merge() {
    let d = workdir("jobs", "out");
    for (jobs, machines, ranges) in [
        ("2", 2, &["0 4", "4 8"][..]),
        ("3", 3, &["0 2", "2 5", "5 8"][..]),
        ("20", 8, &["0 1", "7 8"][..]),
    ] {
        let _ = std::fs::remove_file(d.join("runtime/out.raw"));
        let o = run(&d, &["-j", jobs, "--scalar", "alpha=2.5"]);
        assert_eq!(o.status.code(), Some(0), "{}", text(&o.stderr));
        assert!(
            text(&o.stderr).contains(&format!("8 programs over {machines} machines")),
            "{}",
            text(&o.stderr)
        );
        let stdout = text(&o.stdout);
        assert_eq!(stdout.lines().count(), machines);
        for r in ranges {
            assert!(
                stdout.contains(&format!(" out.raw 3 2.5 0 1 {r}\n")),
                "{stdout}"
            );
        }
        assert_eq!(out_of(&d), expected(&[0; N], 3, 2.5), "-j {jobs}");
        // No worker directory is left behind.
        let left: Vec<_> = std::fs::read_dir(d.join("runtime"))
            .unwrap()
            .map(|e| e.unwrap().file_name().into_string().unwrap())
            .filter(|n| n.starts_with('.'))
            .collect();
        assert!(left.is_empty(), "{left:?}");
    }
    let _ = std::fs::remove_dir_all(&d);
}

#[test]
fn an_inout_argument_is_never_split() {
    let d = workdir("inout", "inout");
    let init: Vec<i32> = (0..N as i32).map(|i| i * 1000).collect();
    std::fs::write(d.join("runtime/out.raw"), raw(&init)).unwrap();
    let o = run(&d, &["-j", "4"]);
    assert_eq!(o.status.code(), Some(0), "{}", text(&o.stderr));
    assert!(text(&o.stderr).contains("inout"), "{}", text(&o.stderr));
    assert_eq!(text(&o.stdout), "argv: x.raw out.raw 3 1.0 0 1\n");
    assert_eq!(out_of(&d), expected(&init, 3, 1.0));
    // An inout argument is an input: it must exist.
    std::fs::remove_file(d.join("runtime/out.raw")).unwrap();
    let o = run(&d, &[]);
    assert_eq!(o.status.code(), Some(1));
    assert!(text(&o.stderr).contains("out.raw"), "{}", text(&o.stderr));
    let _ = std::fs::remove_dir_all(&d);
}

#[test]
fn ranges_that_disagree_about_a_byte_rerun_in_one_machine() {
    let d = workdir("clash", "out");
    let o = run(&d, &["-j", "2", "--scalar", "mode=1"]);
    assert_eq!(o.status.code(), Some(0), "{}", text(&o.stderr));
    let err = text(&o.stderr);
    assert!(
        err.contains("out byte 0 differently") && err.contains("one machine"),
        "{err}"
    );
    // One machine ran all eight programs: the last set out[0] = 8.
    let mut want = expected(&[0; N], 3, 1.0);
    want[0] = 8;
    assert_eq!(out_of(&d), want);
    assert!(text(&o.stdout).ends_with("argv: x.raw out.raw 3 1.0 1 1\n"));
    let _ = std::fs::remove_dir_all(&d);
}

fn listing(dir: &Path) -> Vec<(String, Vec<u8>)> {
    let mut v: Vec<_> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| {
            let e = e.unwrap();
            (
                e.file_name().into_string().unwrap(),
                std::fs::read(e.path()).unwrap(),
            )
        })
        .collect();
    v.sort();
    v
}

#[test]
fn index_dumps_merge_keyed_by_name_and_unkeyed_in_range_order() {
    let d = workdir("dumps", "out");
    let o = run(&d, &["-j", "1", "--scalar", "mode=3"]);
    assert_eq!(o.status.code(), Some(0), "{}", text(&o.stderr));
    let one = listing(&d.join("runtime/indirect_access"));
    let o = run(&d, &["-j", "3", "--scalar", "mode=3"]);
    assert_eq!(o.status.code(), Some(0), "{}", text(&o.stderr));
    let three = listing(&d.join("runtime/indirect_access"));
    assert_eq!(one, three);
    // Program p wrote p into the p-th unkeyed dump and into its keyed one.
    assert_eq!(three.len(), 16);
    for p in 0..8u64 {
        let find = |n: String| three.iter().find(|(k, _)| *k == n).map(|(_, b)| b.clone());
        assert_eq!(
            find(format!("indirect_index{p}.raw")),
            Some(p.to_le_bytes().to_vec())
        );
        assert_eq!(
            find(format!("indirect_index_{p}_0.raw")),
            Some(p.to_le_bytes().to_vec())
        );
    }
    // dma_access/ from more than one range is an error; with one machine it is fine.
    // (out.raw starts from zeros again: with the previous run's values in it, the
    // ranges would disagree about the bytes they did not compute, and the grid would
    // rerun in one machine before the dumps are looked at, as in spike_run.)
    std::fs::remove_file(d.join("runtime/out.raw")).unwrap();
    let o = run(&d, &["-j", "2", "--scalar", "mode=2"]);
    assert_eq!(o.status.code(), Some(1));
    assert!(
        text(&o.stderr).contains("dma_access"),
        "{}",
        text(&o.stderr)
    );
    let o = run(&d, &["-j", "1", "--scalar", "mode=2"]);
    assert_eq!(o.status.code(), Some(0), "{}", text(&o.stderr));
    assert_eq!(listing(&d.join("runtime/dma_access")).len(), 8);
    let _ = std::fs::remove_dir_all(&d);
}

#[test]
fn refusals_name_the_file_and_write_nothing() {
    let d = workdir("refuse", "out");
    // Every problem at once: a wrong-size input, a missing scalar default, an
    // unknown --scalar, a bad --scalar form; out.raw is not created.
    std::fs::write(d.join("runtime/x.raw"), [0u8; 10]).unwrap();
    let json = std::fs::read_to_string(d.join("kernel.json"))
        .unwrap()
        .replace(
            r#""default": 0, "ctype": "int32_t""#,
            r#""default": null, "ctype": "int32_t""#,
        );
    std::fs::write(d.join("kernel.json"), &json).unwrap();
    let o = run(&d, &["--scalar", "nope=1", "--scalar", "alpha"]);
    assert_eq!(o.status.code(), Some(1));
    let err = text(&o.stderr);
    for want in [
        "x.raw: is 10 bytes",
        "256 bytes",
        "scalar 'mode'",
        "--scalar nope",
        "--scalar 'alpha'",
    ] {
        assert!(err.contains(want), "{want}: {err}");
    }
    assert!(!d.join("runtime/out.raw").exists());
    assert!(!d.join("runtime/indirect_access").exists());
    // A missing input; an existing output of the wrong size.
    std::fs::remove_file(d.join("runtime/x.raw")).unwrap();
    std::fs::write(d.join("runtime/out.raw"), [1u8; 3]).unwrap();
    let o = run(&d, &["--scalar", "mode=0"]);
    assert_eq!(o.status.code(), Some(1));
    let err = text(&o.stderr);
    assert!(
        err.contains("x.raw: input missing") && err.contains("out.raw: is 3 bytes"),
        "{err}"
    );
    assert_eq!(std::fs::read(d.join("runtime/out.raw")).unwrap(), [1u8; 3]);
    // Another format: refused naming kernel.json and both formats.
    std::fs::write(
        d.join("kernel.json"),
        json.replace(r#""format": 1"#, r#""format": 2"#),
    )
    .unwrap();
    let o = run(&d, &[]);
    assert_eq!(o.status.code(), Some(1));
    let err = text(&o.stderr);
    assert!(
        err.contains("kernel.json") && err.contains("format 2") && err.contains("format 1"),
        "{err}"
    );
    // Positional scalars belong to the ELF form.
    std::fs::write(d.join("kernel.json"), &json).unwrap();
    let o = run(&d, &["runtime", "7"]);
    assert_eq!(o.status.code(), Some(1));
    assert!(text(&o.stderr).contains("--scalar"), "{}", text(&o.stderr));
    let _ = std::fs::remove_dir_all(&d);
}

// ---- PyTorchSim's Simulator/spike_run.py, split launch, on the Spike command line ----

/// `spike_run.launch` with `jobs` processes, step by step as that module does it:
/// the command line (`--machine-config` written as `_write_machine_yaml` writes it,
/// `--base-path=runtime`, `pk`, the ELF, the .raw basenames, the scalars), then
/// `_split`: edges `total*w // jobs`; per part `runtime/partN/` with its own
/// `indirect_access/`, `dma_access/` and a copy of every output; the part's argv with
/// each output renamed `partN/<name>` (relative to the cwd) and
/// `--base-path=runtime/partN`, plus `lo hi`; every process with cwd = `runtime/`.
/// Then `_merge_outputs` (bytes that differ from zeros, folded) and `_merge_traces`
/// (keyed dumps by name, unkeyed renumbered in part order). Returns each part's stdout.
fn spike_run_split(d: &Path, jobs: u64, scalars: &[&str]) -> Vec<String> {
    let runtime = d.join("runtime");
    for sub in ["indirect_access", "dma_access"] {
        let _ = std::fs::remove_dir_all(runtime.join(sub));
        std::fs::create_dir_all(runtime.join(sub)).unwrap();
    }
    // spad_size 65536 B = 64 KiB per lane; target of workdir().
    std::fs::write(
        runtime.join("machine.yml"),
        "vpu_num_lanes: 4\nvpu_spad_size_kb_per_lane: 64\n\
         vpu_spad_base_vaddr: 0xd0000000\nvpu_vector_length_bits: 256\n",
    )
    .unwrap();
    let rt = runtime.display().to_string();
    let mut cmd: Vec<String> = vec![
        "--isa".into(),
        "rv64gcv_zfh_xvcixaccel".into(),
        // dram_base:dram_size, spad_paddr:spad_size*lanes
        "-m0x80000000:0x40000000,0xc0000000:0x40000".into(),
        format!("--machine-config={rt}/machine.yml"),
        // kernel_addr [65536, "0x10000"] as f"{lo:x}:{hi:x}"
        "--kernel-addr=10000:10000".into(),
        format!("--base-path={rt}"),
        "/opt/vcix-env/pk/riscv64-unknown-elf/bin/pk".into(),
        d.join("grid.elf").display().to_string(),
        "x.raw".into(),
        "out.raw".into(),
    ];
    cmd.extend(scalars.iter().map(|s| s.to_string()));
    let total = 8u64;
    let edges: Vec<u64> = (0..=jobs).map(|w| total * w / jobs).collect();
    let ranges: Vec<(u64, u64)> = edges
        .windows(2)
        .map(|e| (e[0], e[1]))
        .filter(|(lo, hi)| lo < hi)
        .collect();
    let mut workers = Vec::new();
    let mut children = Vec::new();
    for (w, (lo, hi)) in ranges.iter().enumerate() {
        let part = runtime.join(format!("part{w}"));
        let _ = std::fs::remove_dir_all(&part);
        std::fs::create_dir_all(part.join("indirect_access")).unwrap();
        std::fs::create_dir_all(part.join("dma_access")).unwrap();
        std::fs::copy(runtime.join("out.raw"), part.join("out.raw")).unwrap();
        let argv: Vec<String> = cmd
            .iter()
            .map(|c| {
                if c == "out.raw" {
                    format!("part{w}/out.raw")
                } else if *c == format!("--base-path={rt}") {
                    format!("--base-path={}", part.display())
                } else {
                    c.clone()
                }
            })
            .chain([lo.to_string(), hi.to_string()])
            .collect();
        children.push(
            Command::new(bin())
                .args(&argv)
                .current_dir(&runtime)
                .stdout(std::process::Stdio::piped())
                .stderr(std::process::Stdio::piped())
                .spawn()
                .unwrap(),
        );
        workers.push(part);
    }
    let mut said = Vec::new();
    for c in children {
        let o = c.wait_with_output().unwrap();
        assert_eq!(o.status.code(), Some(0), "{}", text(&o.stderr));
        said.push(text(&o.stdout));
    }
    // _merge_outputs
    let mut merged = vec![0u8; N * 4];
    let mut written = vec![false; N * 4];
    for part in &workers {
        let got = std::fs::read(part.join("out.raw")).unwrap();
        assert_eq!(got.len(), N * 4);
        for (i, &b) in got.iter().enumerate() {
            if b != 0 {
                assert!(!written[i] || merged[i] == b, "ranges clash at byte {i}");
                merged[i] = b;
                written[i] = true;
            }
        }
    }
    std::fs::write(runtime.join("out.raw"), &merged).unwrap();
    // _merge_traces
    let dst = runtime.join("indirect_access");
    let mut n = 0;
    for part in &workers {
        let src = part.join("indirect_access");
        let names: Vec<String> = std::fs::read_dir(&src)
            .unwrap()
            .map(|e| e.unwrap().file_name().into_string().unwrap())
            .collect();
        let number = |f: &str| -> Option<u64> {
            f.strip_prefix("indirect_index")?
                .strip_suffix(".raw")?
                .parse()
                .ok()
        };
        let mut unkeyed: Vec<&String> = names.iter().filter(|f| number(f).is_some()).collect();
        unkeyed.sort_by_key(|f| number(f));
        for f in names.iter().filter(|f| number(f).is_none()) {
            std::fs::rename(src.join(f), dst.join(f)).unwrap();
        }
        for f in unkeyed {
            std::fs::rename(src.join(f), dst.join(format!("indirect_index{n}.raw"))).unwrap();
            n += 1;
        }
        std::fs::remove_dir_all(part).unwrap();
    }
    said
}

/// Issue 25, path 1: the flow's split launch runs every part with cwd = runtime/ and
/// `--base-path=runtime/partN`; inputs are shared in runtime/ and outputs are
/// `partN/out.raw`, both relative to the cwd (as under Spike + pk, whose guest `open`
/// is the host's in the cwd). The DMA's index dumps (mode 4: written by npu-spike's DMA,
/// not by the guest) land under each part's base path, and after spike_run's merge the
/// runtime holds what one machine gives: program p's unkeyed dump is the p-th and holds
/// p, its keyed one is `indirect_index_<p>_0.raw` and holds p (grid.c), out[] the
/// formula worked out by hand.
#[test]
fn spike_run_split_launch_resolves_paths_against_the_cwd() {
    let d = workdir("spike-split", "out");
    std::fs::write(d.join("runtime/out.raw"), vec![0u8; N * 4]).unwrap();
    let said = spike_run_split(&d, 3, &["3", "1.0", "4", "1"]);
    assert_eq!(
        said,
        [
            "argv: x.raw part0/out.raw 3 1.0 4 1 0 2\n",
            "argv: x.raw part1/out.raw 3 1.0 4 1 2 5\n",
            "argv: x.raw part2/out.raw 3 1.0 4 1 5 8\n"
        ]
    );
    assert_eq!(out_of(&d), expected(&[0; N], 3, 1.0));
    let dumps = listing(&d.join("runtime/indirect_access"));
    assert_eq!(dumps.len(), 16, "{dumps:?}");
    for p in 0..8u64 {
        let find = |n: String| dumps.iter().find(|(k, _)| *k == n).map(|(_, b)| b.clone());
        assert_eq!(
            find(format!("indirect_index{p}.raw")),
            Some(p.to_le_bytes().to_vec()),
            "unkeyed dump {p}"
        );
        assert_eq!(
            find(format!("indirect_index_{p}_0.raw")),
            Some(p.to_le_bytes().to_vec()),
            "keyed dump of program {p}"
        );
    }
    // The cwd held no dump of its own: every part wrote under its base path.
    // The same launch in one machine (`run WORKDIR`) gives the same dumps.
    std::fs::remove_file(d.join("runtime/out.raw")).unwrap();
    let o = run(&d, &["-j", "1", "--scalar", "mode=4"]);
    assert_eq!(o.status.code(), Some(0), "{}", text(&o.stderr));
    assert_eq!(listing(&d.join("runtime/indirect_access")), dumps);
    assert_eq!(out_of(&d), expected(&[0; N], 3, 1.0));
    let _ = std::fs::remove_dir_all(&d);
}
