//! Running one configured simulation to its exit status: what every front end of
//! `cli` ends in (kept apart from `cli/mod.rs`, which dispatches to them all).

use crate::loader::load_elf;
use crate::sim::{Config, Env, Simulator};
use std::path::PathBuf;

/// Loads `program[0]`, runs it with `program` as its argv, reports, and returns the
/// exit status (see the exit-status table in docs/cli.md).
pub fn execute(config: Config, program: &[String], stats: bool) -> i32 {
    let elf = PathBuf::from(&program[0]);
    let prog = match load_elf(&elf) {
        Ok(p) => p,
        Err(e) => {
            eprintln!("npu-spike: error: {e}");
            return 1;
        }
    };
    let mut sim = match Simulator::new(config, &prog, program) {
        Ok(s) => s,
        // A model refusing its description reports as the Spike adapter does.
        Err(e) if e.starts_with("vcixaccel: ") => {
            eprintln!("{e}");
            return 1;
        }
        Err(e) => {
            eprintln!("npu-spike: error: {e}");
            return 1;
        }
    };
    crate::sim::stop_on_signals();
    let started = std::time::Instant::now();
    let result = sim.run();
    if stats {
        let secs = started.elapsed().as_secs_f64();
        let n = sim.hart.instret;
        eprintln!(
            "npu-spike stats: {n} instructions, {secs:.3} s, {:.1} MIPS, peak RSS {} KiB",
            n as f64 / secs / 1e6,
            peak_rss_kib().map_or("?".to_string(), |k| k.to_string())
        );
        let (translated, refused, entries) = sim.jit_stats();
        let (fp_inline, _, fp_slow) = sim.jit_fp_stats();
        eprintln!(
            "npu-spike jit: {translated} blocks translated, {refused} not, {entries} entries, \
             {fp_inline} FP instructions inline, {fp_slow} FP slow paths"
        );
    }
    match result {
        Ok(code) => {
            if code != 0 && matches!(sim.env, Env::Bare(_)) {
                eprintln!("*** FAILED *** (tohost = {code})");
            }
            (code & 0xff) as i32
        }
        Err(crate::sim::RunError::Segfault { report, detail }) => {
            // pk's own words, where Spike + pk print them (stdout).
            use std::io::Write;
            let mut out = std::io::stdout().lock();
            let _ = writeln!(out, "{report}");
            let _ = out.flush();
            if let Some(d) = detail {
                eprintln!("npu-spike: error: {}: {d}", elf.display());
            }
            255
        }
        Err(e) => {
            eprintln!("npu-spike: error: {}: {e}", elf.display());
            e.exit_code()
        }
    }
}

/// Peak resident set size of this process (Linux `VmHWM`), in KiB.
fn peak_rss_kib() -> Option<u64> {
    let status = std::fs::read_to_string("/proc/self/status").ok()?;
    let line = status.lines().find(|l| l.starts_with("VmHWM:"))?;
    line.split_whitespace().nth(1)?.parse().ok()
}
