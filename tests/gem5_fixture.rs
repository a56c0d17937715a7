//! `npu-spike sample` against the real gem5 (issue 26): the cycles gem5 measured on
//! the gem5-ref microbenchmarks (PSAL-POSTECH/gem5 TorchSim 0511678, `gem5.fast`,
//! MinorCPU in PyTorchSim's RiscvVPU configuration, 1 GHz, 8 MiB I-cache, VLEN 256,
//! 4 lanes), stored in tests/timing/gem5/ with the ELFs they were measured on.
//!
//! The assertions are gem5's numbers, never npu-spike's own output: every window must
//! be within `TOLERANCE` of gem5, except the windows of `KNOWN_MISSES`, which are
//! held to the bound they reach today (each with the gem5 behaviour it lacks).

use std::collections::HashMap;
use std::process::Command;

/// The target of issue 26: every window within ±10 % of gem5.
const TOLERANCE: f64 = 0.10;

/// The mean |error| the model reaches over the 102 samples (target: 3 %).
const MEAN_BOUND: f64 = 0.055;

/// Windows the model does not bring within 10 % yet: (window, bound on |ratio - 1|,
/// what gem5 does that the model does not). Issue 26's target is an empty list.
const KNOWN_MISSES: &[(&str, f64, &str)] = &[
    (
        "int_dep_add200.cold",
        0.17,
        "I-cache misses of a cold window (the I-cache is not modelled)",
    ),
    (
        "store_burst64.cold",
        0.22,
        "gem5 drains the full 8-entry store buffer slower than 2 stores per cycle",
    ),
    (
        "store_burst64.warm",
        0.22,
        "gem5 drains the full 8-entry store buffer slower than 2 stores per cycle",
    ),
    (
        "vtile_m4.warm",
        0.13,
        "gem5's vector load-to-use is a cycle shorter here (window-start offset not pinned down)",
    ),
    (
        "vtile_m8.cold",
        0.43,
        "LMUL-8 loads and stores are serialised further in gem5 (queue not pinned down)",
    ),
    (
        "vtile_m8.warm",
        0.47,
        "LMUL-8 loads and stores are serialised further in gem5 (queue not pinned down)",
    ),
    (
        "vlse32_x8.cold",
        0.16,
        "I-cache misses of a cold window (the I-cache is not modelled)",
    ),
    (
        "vfadd_indep16_m1.cold",
        0.13,
        "gem5 ends this vector-only window one cycle earlier (cause not pinned down)",
    ),
    (
        "vfadd_indep16_m1.warm",
        0.13,
        "gem5 ends this vector-only window one cycle earlier (cause not pinned down)",
    ),
    (
        "vluxei32_x8.cold",
        0.26,
        "I-cache misses of a cold window (the I-cache is not modelled)",
    ),
    (
        "vlane_idx16.cold",
        0.13,
        "gem5 ends this vector-only window one cycle earlier (cause not pinned down)",
    ),
    (
        "vlane_idx16.warm",
        0.13,
        "gem5 ends this vector-only window one cycle earlier (cause not pinned down)",
    ),
    (
        "call_ret8.cold",
        0.17,
        "I-cache misses of a cold window (the I-cache is not modelled)",
    ),
    (
        "ld_x8_lines.cold",
        0.21,
        "I-cache misses of a cold window (the I-cache is not modelled)",
    ),
    (
        "st_ld_x8.cold",
        0.17,
        "gem5 forwards store data to the loads faster (LSQ timing not pinned down)",
    ),
    (
        "st_ld_x8.warm",
        0.17,
        "gem5 forwards store data to the loads faster (LSQ timing not pinned down)",
    ),
    (
        "vle32_x8.cold",
        0.16,
        "gem5's cold run is faster than its warm one (I-cache fill overlapping the loads)",
    ),
    (
        "vse32_x8.cold",
        0.13,
        "gem5 takes one cycle more for 8 vector stores (cause not pinned down)",
    ),
    (
        "vse32_x8.warm",
        0.13,
        "gem5 takes one cycle more for 8 vector stores (cause not pinned down)",
    ),
];

fn dir() -> String {
    format!("{}/tests/timing/gem5", env!("CARGO_MANIFEST_DIR"))
}

/// Runs `sample` as gem5-ref's compare.py does and returns each dump's cycles.
fn sample(elf: &str) -> Vec<u64> {
    let out = Command::new(env!("CARGO_BIN_EXE_npu-spike"))
        .args([
            "sample",
            "--vlen",
            "256",
            "--vectorlane-size",
            "4",
            "-j",
            "1",
        ])
        .arg(format!("{}/bin/{elf}.elf", dir()))
        .output()
        .expect("run npu-spike");
    assert!(
        out.status.success(),
        "{elf}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8_lossy(&out.stdout)
        .lines()
        .filter(|l| !l.trim().is_empty())
        .map(|l| l.split('\t').next().unwrap().parse().unwrap())
        .collect()
}

#[test]
fn every_window_is_within_tolerance_of_gem5() {
    let tsv = std::fs::read_to_string(format!("{}/gem5_cycles.tsv", dir())).unwrap();
    let mut lines = tsv.lines();
    let header: Vec<&str> = lines.next().unwrap().split('\t').collect();
    let col = |name: &str| header.iter().position(|h| *h == name).unwrap();
    let (cw, ce, cd, cc) = (col("window"), col("elf"), col("dump"), col("numCycles"));
    let mut runs: HashMap<String, Vec<u64>> = HashMap::new();
    let mut failures = Vec::new();
    let mut errors = Vec::new();
    for line in lines.filter(|l| !l.trim().is_empty()) {
        let f: Vec<&str> = line.split('\t').collect();
        let (window, elf) = (f[cw], f[ce]);
        let dump: usize = f[cd].parse().unwrap();
        let gem5: f64 = f[cc].parse().unwrap();
        let got = runs.entry(elf.to_string()).or_insert_with(|| sample(elf));
        let ours =
            *got.get(dump)
                .unwrap_or_else(|| panic!("{elf}: no dump {dump} for {window}")) as f64;
        let err = (ours / gem5 - 1.0).abs();
        errors.push(err);
        let bound = KNOWN_MISSES
            .iter()
            .find(|(w, _, _)| *w == window)
            .map_or(TOLERANCE, |&(_, b, _)| b);
        if err > bound + 1e-9 {
            failures.push(format!(
                "{window}: gem5 {gem5}, npu-spike {ours} ({:+.1} %, bound {:.0} %)",
                (ours / gem5 - 1.0) * 100.0,
                bound * 100.0
            ));
        }
    }
    assert_eq!(
        errors.len(),
        102,
        "gem5_cycles.tsv has 51 windows x cold/warm"
    );
    assert!(failures.is_empty(), "{}", failures.join("\n"));
    let mean = errors.iter().sum::<f64>() / errors.len() as f64;
    assert!(mean <= MEAN_BOUND, "mean |error| {:.1} %", mean * 100.0);
}
