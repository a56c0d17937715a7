//! `npu-spike run kernel.elf runtime/ [scalars...]`: runs a kernel on the `.raw`
//! files of its runtime directory, the way the flow runs Spike with cwd = runtime
//! dir, and leaves the outputs there. The argument order comes from
//! `runtime/manifest.json` or the sorted `*.raw` listing (`host::runtime`); the
//! machine from the flags, else `runtime/machine.yml`, else the Spike fork defaults.
//!
//! `npu-spike run WORKDIR` (a directory with the compiler's `kernel.json`) runs a
//! kernel object as PyTorchSim's spike_run.py does: see `run_kernel_object`.

use super::execute::execute;
use crate::config::{MachineConfig, parse_decimal, parse_kernel_addr, parse_varch};
use crate::host::runtime;
use crate::isa::Isa;
use crate::machine::Region;
use crate::sim::Config;
use clap::Args;
use std::path::PathBuf;

/// The ISA the Triton route passes to Spike.
pub const RUN_ISA: &str = "rv64gcv_zfh";

#[derive(Args, Debug, Clone)]
pub struct RunArgs {
    /// The kernel ELF (statically linked, run under the built-in proxy kernel), or
    /// a kernel object: a directory with the compiler's kernel.json.
    pub kernel: PathBuf,
    /// The runtime directory: argument files, manifest.json, machine.yml. The guest
    /// runs in it and cannot open files outside it. [kernel object: WORKDIR/runtime]
    pub runtime: Option<PathBuf>,
    /// Scalar launch parameters passed after the files (replace the manifest's).
    #[arg(allow_hyphen_values = true)]
    pub scalars: Vec<String>,
    /// Kernel object: the runtime directory (one <arg name>.raw per argument).
    #[arg(long = "runtime", value_name = "DIR")]
    pub runtime_dir: Option<PathBuf>,
    /// Kernel object: a scalar's value (repeatable) instead of kernel.json's default.
    #[arg(long = "scalar", value_name = "NAME=VALUE")]
    pub scalar: Vec<String>,
    /// Kernel object: run the launch grid as N machines on N threads, split as
    /// spike_run splits it (never with an inout argument) [default: host cores,
    /// at most the grid size].
    #[arg(short, long, value_name = "N")]
    pub jobs: Option<usize>,
    /// Host threads for the lanes' element loops, 1 = off [default: all cores, or 1
    /// when the grid runs as several machines (-j); env NPU_SPIKE_THREADS].
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u32).range(1..))]
    pub threads: Option<u32>,
    /// An accelerator model library (vcix-accelerator ABI 11) that owns every
    /// custom-1/custom-2 word [default: the built-in units; docs/accel.md].
    #[arg(long, value_name = "LIB")]
    pub extlib: Option<PathBuf>,
    /// ISA string.
    #[arg(long, default_value = RUN_ISA)]
    pub isa: String,
    /// Vector unit, vlen:V,elen:E [default: machine.yml, else vlen:128,elen:64].
    #[arg(long)]
    pub varch: Option<String>,
    /// NPU vector lanes [default: machine.yml, else 4].
    #[arg(long)]
    pub vectorlane_size: Option<u32>,
    /// Scratchpad bytes per lane, decimal [default: machine.yml, else 131072].
    #[arg(long)]
    pub scratchpad_size: Option<String>,
    /// Scratchpad window virtual base, decimal [default: machine.yml, else 0x0A000000].
    #[arg(long)]
    pub scratchpad_base_vaddr: Option<String>,
    /// Scratchpad physical base, decimal [default 0xC0000000].
    #[arg(long)]
    pub scratchpad_base_paddr: Option<String>,
    /// Kernel pc range LO:HI in hex [default: manifest.json's kernel_addr].
    #[arg(long)]
    pub kernel_addr: Option<String>,
    /// Machine config file [default: <runtime>/machine.yml if present].
    #[arg(long)]
    pub machine_config: Option<PathBuf>,
    /// Also let the guest open this file or directory.
    #[arg(long)]
    pub allow_path: Vec<PathBuf>,
    /// Stop with exit status 124 after this many instructions.
    #[arg(long)]
    pub max_insns: Option<u64>,
    /// Stop with exit status 124 after this many seconds of wall time.
    #[arg(long)]
    pub timeout: Option<f64>,
    /// Spike commit log on stderr (or --log FILE).
    #[arg(long)]
    pub log_commits: bool,
    /// Disassembly log of every instruction on stderr (or --log FILE).
    #[arg(short = 'l')]
    pub log_disasm: bool,
    /// Where -l / --log-commits write.
    #[arg(long)]
    pub log: Option<PathBuf>,
    /// Print instructions, wall time, MIPS and peak RSS to stderr.
    #[arg(long)]
    pub stats: bool,
    /// Interpret every instruction (no translation of hot blocks).
    #[arg(long)]
    pub no_jit: bool,
    /// Fatal-trap reports dump every register.
    #[arg(short, long)]
    pub verbose: bool,
    /// Also decode the legacy DMA configuration instructions CONFIG..CONFIG4.
    #[arg(long)]
    pub dma_legacy: bool,
    /// Run gem5 m5 markers (custom-3) as no-ops instead of illegal instructions;
    /// m5 exit/fail still end the run.
    #[arg(long)]
    pub m5ops: bool,
}

/// The ISA of `--isa` with `--dma-legacy` and `--m5ops`.
pub(super) fn isa(r: &RunArgs) -> Result<Isa, String> {
    let mut i = Isa::parse(&r.isa).map_err(|e| e.to_string())?;
    if r.dma_legacy {
        i.enable_dma_legacy();
    }
    if r.m5ops {
        i.enable_m5ops();
    }
    Ok(i)
}

fn machine(r: &RunArgs, plan: &runtime::Plan) -> Result<MachineConfig, String> {
    let mut m = MachineConfig::default();
    let yml = r
        .machine_config
        .clone()
        .or_else(|| Some(runtime_dir(r).join("machine.yml")).filter(|p| p.exists()));
    if let Some(path) = yml {
        m.apply_machine_yml(&path)?;
    }
    // The runtime directory is the run's base path (a description's own
    // `run_base_path` stands).
    if m.desc.get(crate::config::RUN_BASE_PATH).is_none() {
        m.set_run_base_path(runtime_dir(r), None)?;
    }
    if let Some(v) = &r.varch {
        m.varch = parse_varch(v)?;
    }
    if let Some(l) = r.vectorlane_size {
        if l == 0 {
            return Err("--vectorlane-size must be at least 1".into());
        }
        m.lanes = l;
    }
    if let Some(s) = &r.scratchpad_size {
        m.spad_size = parse_decimal("--scratchpad-size", s)?;
    }
    if let Some(s) = &r.scratchpad_base_vaddr {
        m.spad_vaddr = parse_decimal("--scratchpad-base-vaddr", s)?;
    }
    if let Some(s) = &r.scratchpad_base_paddr {
        m.spad_paddr = parse_decimal("--scratchpad-base-paddr", s)?;
    }
    m.kernel_addr = match &r.kernel_addr {
        Some(k) => Some(parse_kernel_addr(k)?),
        None => plan.kernel_addr,
    };
    Ok(m)
}

/// The legacy form's runtime directory (checked present in `main`).
fn runtime_dir(r: &RunArgs) -> &std::path::Path {
    r.runtime.as_deref().unwrap_or(std::path::Path::new("."))
}

/// The legacy form: a kernel ELF and its runtime directory (`cli::main` sends a
/// kernel object directory to `kernel_run`).
pub fn main(r: RunArgs) -> i32 {
    if r.runtime.is_none() {
        eprintln!(
            "npu-spike: error: {}: run takes a kernel ELF and its runtime directory, or a kernel object directory (with kernel.json)",
            r.kernel.display()
        );
        return 1;
    }
    for (flag, given) in [
        ("--runtime", r.runtime_dir.is_some()),
        ("--scalar", !r.scalar.is_empty()),
        ("--jobs", r.jobs.is_some()),
    ] {
        if given {
            eprintln!(
                "npu-spike: error: {flag} is for kernel objects (npu-spike run WORKDIR); {} is an ELF",
                r.kernel.display()
            );
            return 1;
        }
    }
    let plan = match runtime::plan(runtime_dir(&r)) {
        Ok(p) => p,
        Err(e) => {
            eprintln!("npu-spike: error: {e}");
            return 1;
        }
    };
    let machine = match machine(&r, &plan) {
        Ok(mut m) => {
            m.extlib = r.extlib.clone();
            m
        }
        Err(e) => {
            eprintln!("npu-spike: error: {e}");
            return 1;
        }
    };
    let isa = match isa(&r) {
        Ok(i) => i,
        Err(e) => {
            eprintln!("npu-spike: {e}");
            return 1;
        }
    };
    // PyTorchSim's memory: 100 GiB of DRAM plus the scratchpad banks.
    let regions = vec![
        Region {
            base: 0x8000_0000,
            size: 0x19_0000_0000,
        },
        Region {
            base: machine.spad_paddr,
            size: machine.spad_bytes().div_ceil(4096) * 4096,
        },
    ];
    let mut argv = vec![r.kernel.to_string_lossy().into_owned()];
    if r.scalars.is_empty() {
        argv.extend(plan.argv());
    } else {
        argv.extend(plan.args.iter().map(|a| a.file.clone()));
        argv.extend(r.scalars.iter().cloned());
    }
    let config = Config {
        varch: machine.varch,
        isa,
        regions: Some(regions),
        max_insns: r.max_insns,
        timeout: r.timeout.map(std::time::Duration::from_secs_f64),
        signature: None,
        machine,
        sandbox_root: Some(runtime_dir(&r).to_path_buf()),
        base_path: Some(runtime_dir(&r).to_path_buf()),
        allow_paths: r.allow_path.clone(),
        log_disasm: r.log_disasm,
        log_commits: r.log_commits,
        log_file: r.log.clone(),
        verbose: r.verbose,
        no_jit: r.no_jit,
        jit_hot: None,
        accel_timing_only: false,
    };
    execute(config, &argv, r.stats)
}
