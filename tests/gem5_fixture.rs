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

/// Windows the model does not bring within 10 % yet: (window, bound on |ratio - 1|,
/// what gem5 does that the model does not).
const KNOWN_MISSES: &[(&str, f64, &str)] = &[];

fn dir() -> String {
    format!("{}/tests/timing/gem5", env!("CARGO_MANIFEST_DIR"))
}

/// Runs `sample` as gem5-ref's compare.py does and returns each dump's cycles.
fn sample(elf: &str) -> Vec<u64> {
    let out = Command::new(env!("CARGO_BIN_EXE_npu-spike"))
        .args(["sample", "--vlen", "256", "--vectorlane-size", "4", "-j", "1"])
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
        let ours = *got
            .get(dump)
            .unwrap_or_else(|| panic!("{elf}: no dump {dump} for {window}"))
            as f64;
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
    assert_eq!(errors.len(), 102, "gem5_cycles.tsv has 51 windows x cold/warm");
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}
