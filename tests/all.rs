//! Every integration suite in one test binary (CI time, issue 28: each binary is linked
//! with the release profile's LTO, so 17 of them cost minutes). The suites stay one
//! file each in tests/; run one with a filter, `cargo test --release --test all -- jit::`.
//! `tests/difftest` (its own main) and `tests/layers.rs` (reads sources only) stay apart.

// The ELF writer of the differential test, shared by the cli and npu_dma suites.
#[path = "difftest/elf.rs"]
#[allow(dead_code)]
mod elf;

#[path = "cli.rs"]
mod cli;
#[path = "decode.rs"]
mod decode;
#[path = "examples.rs"]
mod examples;
#[path = "fuzz.rs"]
mod fuzz;
#[path = "gem5_fixture.rs"]
mod gem5_fixture;
#[path = "jit.rs"]
mod jit;
#[path = "kernel_object.rs"]
mod kernel_object;
#[path = "npu_bench_kernels.rs"]
mod npu_bench_kernels;
#[path = "npu_dma.rs"]
mod npu_dma;
#[path = "npu_lanes.rs"]
mod npu_lanes;
#[path = "npu_units.rs"]
mod npu_units;
#[path = "pk.rs"]
mod pk;
#[path = "pk_memprot.rs"]
mod pk_memprot;
#[path = "programs.rs"]
mod programs;
#[path = "timing.rs"]
mod timing;
#[path = "vcix_model.rs"]
mod vcix_model;
#[path = "vector.rs"]
mod vector;

/// Cargo does not discover tests/*.rs on its own here (`autotests = false`): a suite
/// added to tests/ but not above would never run.
#[test]
fn every_suite_in_tests_is_a_module_here() {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests");
    let me = std::fs::read_to_string(dir.join("all.rs")).unwrap();
    let mut missing = Vec::new();
    for e in std::fs::read_dir(&dir).unwrap() {
        let name = e.unwrap().file_name().into_string().unwrap();
        let Some(stem) = name.strip_suffix(".rs") else {
            continue;
        };
        if ["all", "layers"].contains(&stem) {
            continue;
        }
        if !me.contains(&format!("#[path = \"{name}\"]\nmod {stem};")) {
            missing.push(name);
        }
    }
    assert!(
        missing.is_empty(),
        "tests/all.rs lacks the suites {missing:?}"
    );
}
