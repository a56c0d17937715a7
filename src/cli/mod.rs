//! Command-line front ends: the Spike-compatible command line (the default) and the
//! npu-spike subcommands (`test`).

mod spike;
mod test_runner;

pub use spike::{SpikeArgs, parse_memory, parse_spike_args};

use clap::{Parser, Subcommand};
use std::path::PathBuf;

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

const SUBCOMMANDS: &[&str] = &["test", "help"];

/// Entry point of the `npu-spike` binary; returns the process exit status.
pub fn main_with_args(args: Vec<String>) -> i32 {
    let first = args.get(1).map(String::as_str);
    if first.is_some_and(|a| SUBCOMMANDS.contains(&a)) || matches!(first, Some("--version" | "-V"))
    {
        let cli = match Cli::try_parse_from(&args) {
            Ok(c) => c,
            Err(e) => {
                let _ = e.print();
                return if e.use_stderr() { 2 } else { 0 };
            }
        };
        return match cli.command {
            Command::Test {
                paths,
                isa,
                max_insns,
            } => test_runner::run(&paths, &isa, max_insns),
        };
    }
    spike::main(&args)
}
