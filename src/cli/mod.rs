//! Command-line front ends: the Spike-compatible command line (the default, and the
//! only one when the binary is invoked as `spike`) and the npu-spike subcommands
//! (`run`, `test`). All of them end in `execute`.

mod execute;
pub mod gem5;
pub mod kernel;
mod kernel_run;
pub mod launch;
mod run;
pub mod sample;
mod spike;
mod test_runner;

pub use spike::{SpikeArgs, parse_memory, parse_spike_args};

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
    /// Run a kernel ELF on the .raw files of its runtime directory (see docs/cli.md).
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
