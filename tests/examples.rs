//! The bundled NPU example kernels (`examples/tiled_add`, `examples/gemm`,
//! `examples/softmax`), end to end: each runs on a copy of its `runtime/` directory,
//! once through `npu-spike run` and once through the Spike-compatible command line of
//! the Triton route (npu-isa.md §7.1, CONFIG_DESC-capable Spike, cwd = the runtime
//! directory), and every file of its `expected/` must then be byte-equal to the
//! output of the same name.
//!
//! The expected outputs are independent of npu-spike: each example's `gen.py`
//! computes them in Python (see the examples' READMEs for the arithmetic).

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

const BIN: &str = env!("CARGO_BIN_EXE_npu-spike");

fn repo(p: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join(p)
}

/// A fresh copy of `examples/<ex>/runtime` in a scratch directory.
fn runtime_copy(ex: &str, tag: &str) -> PathBuf {
    let d = std::env::temp_dir().join(format!(
        "npu-spike-examples-{ex}-{tag}-{}",
        std::process::id()
    ));
    let _ = std::fs::remove_dir_all(&d);
    std::fs::create_dir_all(&d).unwrap();
    for e in std::fs::read_dir(repo(&format!("examples/{ex}/runtime"))).unwrap() {
        let e = e.unwrap();
        std::fs::copy(e.path(), d.join(e.file_name())).unwrap();
    }
    d
}

fn text(b: &[u8]) -> String {
    String::from_utf8_lossy(b).into_owned()
}

fn check(ex: &str, d: &Path, out: &Output) {
    assert_eq!(
        out.status.code(),
        Some(0),
        "{ex}: stdout {}\nstderr {}",
        text(&out.stdout),
        text(&out.stderr)
    );
    let mut n = 0;
    for e in std::fs::read_dir(repo(&format!("examples/{ex}/expected"))).unwrap() {
        let e = e.unwrap();
        let want = std::fs::read(e.path()).unwrap();
        let got = std::fs::read(d.join(e.file_name())).unwrap();
        assert!(
            got == want,
            "{ex}: {} differs from expected/ (first differing byte {:?})",
            e.file_name().to_string_lossy(),
            got.iter().zip(&want).position(|(a, b)| a != b)
        );
        n += 1;
    }
    assert!(n > 0, "{ex}: no expected outputs");
    let _ = std::fs::remove_dir_all(d);
}

/// `npu-spike run examples/<ex>/kernel.elf <copy of runtime/>`.
fn run_subcommand(ex: &str) {
    let d = runtime_copy(ex, "run");
    let out = Command::new(BIN)
        .arg("run")
        .arg(repo(&format!("examples/{ex}/kernel.elf")))
        .arg(&d)
        .output()
        .unwrap();
    check(ex, &d, &out);
}

/// The value of `key: value` in the runtime's machine.yml.
fn machine_key(yml: &str, key: &str) -> String {
    yml.lines()
        .find_map(|l| l.strip_prefix(key)?.strip_prefix(':'))
        .unwrap_or_else(|| panic!("machine.yml: no {key}"))
        .trim()
        .to_string()
}

/// The Triton route's Spike command line (npu-isa.md §7.1), machine values from the
/// runtime's machine.yml, kernel range and argument order from its manifest.json.
fn run_spike_line(ex: &str) {
    let d = runtime_copy(ex, "spike");
    let yml = std::fs::read_to_string(d.join("machine.yml")).unwrap();
    let lanes: u64 = machine_key(&yml, "vpu_num_lanes").parse().unwrap();
    let kb: u64 = machine_key(&yml, "vpu_spad_size_kb_per_lane")
        .parse()
        .unwrap();
    let vlen: u64 = machine_key(&yml, "vpu_vector_length_bits").parse().unwrap();
    let sv = machine_key(&yml, "vpu_spad_base_vaddr");
    let sv = u64::from_str_radix(sv.trim_start_matches("0x"), 16).unwrap();
    let manifest: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(d.join("manifest.json")).unwrap()).unwrap();
    let kaddr = manifest["kernel_addr"].as_str().unwrap().replace("0x", "");
    let files: Vec<String> = manifest["args"]
        .as_array()
        .unwrap()
        .iter()
        .map(|a| match a.as_str() {
            Some(f) => f.to_string(),
            None => a["file"].as_str().unwrap().to_string(),
        })
        .collect();
    let b = kb * 1024;
    let out = Command::new(BIN)
        .args([
            "--isa".to_string(),
            "rv64gcv_zfh".to_string(),
            format!("--varch=vlen:{vlen},elen:64"),
            format!("--vectorlane-size={lanes}"),
            format!("-m0x80000000:0x1900000000,0x2000000000:0x{:x}", b * lanes),
            "--scratchpad-base-paddr=137438953472".to_string(),
            format!("--scratchpad-base-vaddr={sv}"),
            format!("--scratchpad-size={b}"),
            format!("--kernel-addr={kaddr}"),
            format!("--base-path={}", d.display()),
            "/workspace/riscv-pk/build/pk".to_string(),
            repo(&format!("examples/{ex}/kernel.elf"))
                .to_string_lossy()
                .into_owned(),
        ])
        .args(&files)
        .current_dir(&d)
        .output()
        .unwrap();
    check(ex, &d, &out);
}

#[test]
fn tiled_add_run() {
    run_subcommand("tiled_add");
}

#[test]
fn tiled_add_spike_command_line() {
    run_spike_line("tiled_add");
}

#[test]
fn gemm_run() {
    run_subcommand("gemm");
}

#[test]
fn gemm_spike_command_line() {
    run_spike_line("gemm");
}

#[test]
fn softmax_run() {
    run_subcommand("softmax");
}

#[test]
fn softmax_spike_command_line() {
    run_spike_line("softmax");
}
