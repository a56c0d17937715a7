//! Command-line front ends: the Spike-compatible command line (the default, and the
//! only one when the binary is invoked as `spike`) and the npu-spike subcommands
//! (`run`, `test`). All of them end in `execute`.

pub mod gem5;
pub mod kernel;
mod kernel_run;
pub mod launch;
mod run;
pub mod sample;
mod spike;
mod test_runner;

pub use spike::{SpikeArgs, parse_memory, parse_spike_args};

use crate::loader::load_elf;
use crate::sim::{Config, Env, Simulator};
use clap::{Parser, Subcommand};
use std::path::{Path, PathBuf};

#[derive(Parser, Debug)]
#[command(
    name = "npu-spike",
    version,
    about = "Functional RISC-V simulator for NPU kernels (a Spike drop-in)"
)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand, Debug)]
enum Command {
    /// Run a kernel ELF on the .raw files of its runtime directory (see README).
    Run(Box<run::RunArgs>),
    /// Run cycle binaries under the cycle model: one cycle count per m5 marker window.
    Sample(Box<sample::SampleArgs>),
    /// Run every riscv-tests ELF found under the directories, in parallel.
    Test {
        /// Directories (searched recursively) or ELF files.
        #[arg(required = true)]
        paths: Vec<PathBuf>,
        /// ISA string for every test.
        #[arg(long, default_value = test_runner::DEFAULT_TEST_ISA)]
        isa: String,
        /// Per-test instruction limit.
        #[arg(long, default_value_t = 50_000_000)]
        max_insns: u64,
    },
}

const SUBCOMMANDS: &[&str] = &["run", "sample", "test", "help"];

/// Whether `argv[0]` names gem5 (`gem5.opt`, `gem5.fast`, a symlink `gem5`...).
fn invoked_as_gem5(a0: Option<&String>) -> bool {
    a0.and_then(|a| Path::new(a).file_name())
        .and_then(|n| n.to_str())
        .is_some_and(|n| n.starts_with("gem5"))
}

/// Entry point of the `npu-spike` binary; returns the process exit status.
pub fn main_with_args(args: Vec<String>) -> i32 {
    crate::machine::npu::par::set_threads(crate::machine::npu::par::default_threads());
    let invoked_as_spike = args
        .first()
        .and_then(|a0| Path::new(a0).file_name())
        .is_some_and(|n| n == "spike");
    if invoked_as_gem5(args.first()) {
        return gem5::main(&args);
    }
    let first = args.get(1).map(String::as_str);
    if first == Some("gem5") && !invoked_as_spike {
        return gem5::main(&args[1..]);
    }
    let subcommand = first.is_some_and(|a| SUBCOMMANDS.contains(&a))
        || matches!(first, Some("--version" | "-V"));
    if invoked_as_spike || !subcommand {
        return spike::main(&args);
    }
    let cli = match Cli::try_parse_from(&args) {
        Ok(c) => c,
        Err(e) => {
            let _ = e.print();
            return if e.use_stderr() { 1 } else { 0 };
        }
    };
    match cli.command {
        Command::Run(r) => {
            if let Some(n) = r.threads {
                crate::machine::npu::par::set_threads(n as usize);
            }
            // A kernel object directory, or the legacy ELF + runtime directory form.
            if r.kernel.is_dir() {
                kernel_run::main(*r)
            } else {
                run::main(*r)
            }
        }
        Command::Sample(a) => {
            // Sampling runs its kernels on all cores already (-j).
            crate::machine::npu::par::set_threads(1);
            sample::main(*a)
        }
        Command::Test {
            paths,
            isa,
            max_insns,
        } => test_runner::run(&paths, &isa, max_insns),
    }
}

/// Loads `program[0]`, runs it with `program` as its argv, reports, and returns the
/// exit status (see the README's exit-code table).
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
