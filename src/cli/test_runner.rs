//! `npu-spike test DIR...`: runs riscv-tests style ELFs (pass = exit code 0 through
//! HTIF) in parallel and prints a failure table and `N passed, N failed`.

use crate::isa::Isa;
use crate::loader::load_elf;
use crate::sim::{Config, Simulator};
use rayon::prelude::*;
use std::path::{Path, PathBuf};

pub const DEFAULT_TEST_ISA: &str = "rv64gc_zfh_zicntr_zihpm_zicclsm";

fn is_elf(p: &Path) -> bool {
    use std::io::Read;
    let mut magic = [0u8; 4];
    std::fs::File::open(p)
        .and_then(|mut f| f.read_exact(&mut magic))
        .is_ok()
        && &magic == b"\x7fELF"
}

fn collect(path: &Path, out: &mut Vec<PathBuf>) {
    if path.is_dir() {
        let mut entries: Vec<_> = std::fs::read_dir(path)
            .into_iter()
            .flatten()
            .flatten()
            .map(|e| e.path())
            .collect();
        entries.sort();
        for e in entries {
            collect(&e, out);
        }
    } else if is_elf(path) {
        out.push(path.to_path_buf());
    }
}

/// Outcome of one test: Ok(()) or a one-line reason.
fn run_one(path: &Path, isa: &Isa, max_insns: u64) -> Result<(), String> {
    let prog = load_elf(path).map_err(|e| e.msg)?;
    let config = Config {
        isa: isa.clone(),
        max_insns: Some(max_insns),
        ..Config::default()
    };
    let mut sim = Simulator::new(config, &prog, &[path.display().to_string()])?;
    match sim.run() {
        Ok(0) => Ok(()),
        Ok(code) => Err(format!(
            "failed test case {code} (tohost = {})",
            code << 1 | 1
        )),
        Err(e) => Err(e.to_string()),
    }
}

pub fn run(paths: &[PathBuf], isa: &str, max_insns: u64) -> i32 {
    let isa = match Isa::parse(isa) {
        Ok(i) => i,
        Err(e) => {
            eprintln!("npu-spike: {e}");
            return 2;
        }
    };
    let mut files = Vec::new();
    for p in paths {
        if !p.exists() {
            eprintln!("npu-spike: {}: no such file or directory", p.display());
            return 2;
        }
        collect(p, &mut files);
    }
    let results: Vec<(PathBuf, Result<(), String>)> = files
        .par_iter()
        .map(|f| {
            let r = std::panic::catch_unwind(|| run_one(f, &isa, max_insns))
                .unwrap_or_else(|_| Err("simulator panicked (a bug in npu-spike)".into()));
            (f.clone(), r)
        })
        .collect();
    let failed: Vec<_> = results.iter().filter(|(_, r)| r.is_err()).collect();
    if !failed.is_empty() {
        println!("{:<50} reason", "failed test");
        for (f, r) in &failed {
            println!(
                "{:<50} {}",
                f.display(),
                r.as_ref().unwrap_err().lines().next().unwrap_or("")
            );
        }
    }
    println!(
        "{} passed, {} failed",
        results.len() - failed.len(),
        failed.len()
    );
    if failed.is_empty() && !results.is_empty() {
        0
    } else {
        1
    }
}
