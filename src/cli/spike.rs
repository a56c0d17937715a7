//! The Spike-compatible command line:
//! `npu-spike [spike options] [pk] prog.elf [args...]` (also when invoked as `spike`).
//! Options are parsed as Spike's own parser does (`--opt=value` or `--opt value`,
//! `-m<spec>`, `-p<n>`, `+signature=FILE`), with the NPU fork's flags and their number
//! rules (npu-isa.md §7.1): `--scratchpad-*` decimal only, `--kernel-addr` hex,
//! `-m` C-style (`0x…` hex, else decimal). Unknown options fail with the usage text.

use super::execute::execute;
use crate::config::{MachineConfig, parse_decimal, parse_kernel_addr, parse_varch};
use crate::isa::Isa;
use crate::machine::Region;
use crate::sim::Config;
use std::path::PathBuf;

const USAGE: &str = "\
Spike-compatible usage: npu-spike [options] [pk] <program.elf> [program args...]
Options:
  --isa=<name>                    RISC-V ISA string [default rv64imafdc_zicntr_zihpm]
  --varch=vlen:<V>,elen:<E>       vector unit [default vlen:128,elen:64]
  -m<n>                           n MiB of memory at 0x80000000
  -m<a:m,b:n,...>                 memory regions at base a of size m, ...
  --vectorlane-size=<L>           NPU vector lanes [default 4]
  --scratchpad-base-vaddr=<dec>   scratchpad window virtual base [default 167772160]
  --scratchpad-base-paddr=<dec>   scratchpad physical base [default 3221225472]
  --scratchpad-size=<dec>         scratchpad bytes per lane [default 131072]
  --kernel-addr=<lo>:<hi>         kernel pc range, hex (vector code runs on every lane)
  --machine-config=<file>         machine description (YAML; vpu_* keys) instead of the
                                  four flags above [vpu_spad_base_vaddr default 0xD0000000]
  --base-path=<dir>               where the model and the DMA dumps find indirect_access/
                                  and dma_access/ (run_base_path); the guest may open
                                  files there too. The guest's paths resolve against the
                                  current directory, as under Spike + pk, and the guest is
                                  confined to it, the base path and the --allow-paths
  --allow-path=<path>             also let the guest open this file or directory
  --dma-legacy                    also decode the legacy DMA CONFIG..CONFIG4 instructions
  --m5ops                         run gem5 m5 markers (custom-3) as no-ops (exit/fail end the run)
  --xlu-lenient                   short XLU pattern rows fall back to the identity (SJ)
  --threads=<n>                   host threads for the lanes' element loops, 1 = off
                                  [default: all cores; env NPU_SPIKE_THREADS]
  --extlib=<lib.so>               an accelerator model (vcix-accelerator ABI 11) that owns
                                  every custom-1/custom-2 word [default: the built-in units]
  -p<n>                           harts (only 1 is supported)
  -l                              log each instruction, disassembled, to stderr
  --log-commits                   Spike commit log (registers and memory written) to stderr
  --log=<file>                    write the -l / --log-commits log to <file>
  --instructions=<n>, --max-insns=<n>
                                  stop with exit status 124 after n instructions
  --timeout=<seconds>             stop with exit status 124 after this wall time
  -v, --verbose                   fatal-trap reports dump every register
  --stats                         print instructions, wall time, MIPS and peak RSS to stderr
  --no-jit                        interpret every instruction (no translation of hot blocks)
  +signature=<file>               write the begin_signature..end_signature region to file
  +signature-granularity=<n>      bytes per signature line [default 16]
  -h, --help                      this text
Subcommands:
  npu-spike run <kernel.elf> <runtime dir> [scalars...]   (see npu-spike run --help)
  npu-spike test <dir>...                                  (run riscv-tests ELFs)";

#[derive(Debug, Default)]
pub struct SpikeArgs {
    pub isa: Option<String>,
    pub varch: Option<String>,
    pub regions: Option<Vec<Region>>,
    pub max_insns: Option<u64>,
    pub timeout: Option<f64>,
    pub signature: Option<PathBuf>,
    pub signature_granularity: Option<usize>,
    pub stats: bool,
    pub no_jit: bool,
    pub machine: MachineConfig,
    pub base_path: Option<PathBuf>,
    pub allow_paths: Vec<PathBuf>,
    pub log_disasm: bool,
    pub log_commits: bool,
    pub log_file: Option<PathBuf>,
    pub verbose: bool,
    /// `--dma-legacy`: decode CONFIG..CONFIG4 (npu-isa.md §3.2).
    pub dma_legacy: bool,
    /// `--m5ops`: decode the gem5 markers as no-ops (npu-isa.md §5.1).
    pub m5ops: bool,
    /// The program and its arguments (after an optional `pk`).
    pub program: Vec<String>,
}

/// strtoull(s, 0, 0)-style number: `0x` hex, else decimal.
fn num(s: &str) -> Option<u64> {
    let s = s.trim();
    if let Some(h) = s.strip_prefix("0x").or_else(|| s.strip_prefix("0X")) {
        u64::from_str_radix(h, 16).ok()
    } else {
        s.parse().ok()
    }
}

/// Parses Spike's `-m` argument: `<MiB>` or `<base>:<size>[,<base>:<size>...]`.
pub fn parse_memory(spec: &str) -> Result<Vec<Region>, String> {
    if !spec.contains(':') {
        let mib = num(spec)
            .filter(|&m| m > 0)
            .ok_or_else(|| format!("bad -m value '{spec}'"))?;
        return Ok(vec![Region {
            base: 0x8000_0000,
            size: mib << 20,
        }]);
    }
    let mut out = Vec::new();
    for part in spec.split(',') {
        let (b, s) = part
            .split_once(':')
            .ok_or_else(|| format!("bad -m region '{part}' (want base:size)"))?;
        let base = num(b).ok_or_else(|| format!("bad -m base '{b}'"))?;
        let size = num(s)
            .filter(|&s| s > 0)
            .ok_or_else(|| format!("bad -m size '{s}'"))?;
        if base % 4096 != 0 {
            return Err(format!("-m region base {base:#x} is not page-aligned"));
        }
        if base.checked_add(size).is_none() {
            return Err(format!(
                "-m region {base:#x}:{size:#x} wraps around the address space"
            ));
        }
        let size = size.div_ceil(4096) * 4096;
        if out
            .iter()
            .any(|r: &Region| base < r.base + r.size && r.base < base + size)
        {
            return Err(format!(
                "-m region {base:#x}:{size:#x} overlaps another region"
            ));
        }
        out.push(Region { base, size });
    }
    Ok(out)
}

/// Splits the command line into options and the program with its arguments.
pub fn parse_spike_args(args: &[String]) -> Result<SpikeArgs, String> {
    let mut a = SpikeArgs::default();
    // Flags that `--machine-config` replaces, and the machine.yml path.
    let mut legacy: Vec<&str> = Vec::new();
    let mut machine_config: Option<PathBuf> = None;
    let mut varch: Option<String> = None;
    let mut i = 1;
    while i < args.len() {
        let arg = &args[i];
        if !arg.starts_with('-') && !arg.starts_with('+') {
            break;
        }
        // `--opt=value` or `--opt value`
        let value = |i: &mut usize, name: &str| -> Result<String, String> {
            if let Some(v) = arg.strip_prefix(name).and_then(|r| r.strip_prefix('=')) {
                return Ok(v.to_string());
            }
            *i += 1;
            args.get(*i)
                .cloned()
                .ok_or_else(|| format!("option {name} needs a value"))
        };
        let is = |name: &str| arg == name || arg.starts_with(&format!("{name}="));
        if is("--isa") {
            a.isa = Some(value(&mut i, "--isa")?);
        } else if is("--varch") {
            varch = Some(value(&mut i, "--varch")?);
            legacy.push("--varch");
        } else if is("--vectorlane-size") {
            let v = value(&mut i, "--vectorlane-size")?;
            a.machine.lanes = v
                .parse()
                .ok()
                .filter(|&l| l > 0)
                .ok_or_else(|| format!("bad --vectorlane-size '{v}'"))?;
            legacy.push("--vectorlane-size");
        } else if is("--scratchpad-base-vaddr") {
            let v = value(&mut i, "--scratchpad-base-vaddr")?;
            a.machine.spad_vaddr = parse_decimal("--scratchpad-base-vaddr", &v)?;
            legacy.push("--scratchpad-base-vaddr");
        } else if is("--scratchpad-base-paddr") {
            let v = value(&mut i, "--scratchpad-base-paddr")?;
            a.machine.spad_paddr = parse_decimal("--scratchpad-base-paddr", &v)?;
        } else if is("--scratchpad-size") {
            let v = value(&mut i, "--scratchpad-size")?;
            a.machine.spad_size = parse_decimal("--scratchpad-size", &v)?;
            if a.machine.spad_size == 0 {
                return Err("bad --scratchpad-size '0'".into());
            }
            legacy.push("--scratchpad-size");
        } else if is("--kernel-addr") {
            let v = value(&mut i, "--kernel-addr")?;
            a.machine.kernel_addr = Some(parse_kernel_addr(&v)?);
        } else if is("--machine-config") {
            machine_config = Some(PathBuf::from(value(&mut i, "--machine-config")?));
        } else if is("--base-path") {
            a.base_path = Some(PathBuf::from(value(&mut i, "--base-path")?));
        } else if is("--allow-path") {
            a.allow_paths
                .push(PathBuf::from(value(&mut i, "--allow-path")?));
        } else if is("--extlib") {
            a.machine.extlib = Some(PathBuf::from(value(&mut i, "--extlib")?));
        } else if let Some(spec) = arg.strip_prefix("-m") {
            let spec = if spec.is_empty() {
                i += 1;
                args.get(i).cloned().ok_or("option -m needs a value")?
            } else {
                spec.to_string()
            };
            a.regions = Some(parse_memory(&spec)?);
        } else if let Some(n) = arg.strip_prefix("-p") {
            let n = if n.is_empty() {
                i += 1;
                args.get(i).cloned().ok_or("option -p needs a value")?
            } else {
                n.to_string()
            };
            if num(&n) != Some(1) {
                return Err(format!(
                    "-p{n}: npu-spike simulates one hart (the NPU flow runs one)"
                ));
            }
        } else if is("--max-insns") || is("--instructions") {
            let name = if is("--max-insns") {
                "--max-insns"
            } else {
                "--instructions"
            };
            let v = value(&mut i, name)?;
            a.max_insns = Some(num(&v).ok_or_else(|| format!("bad {name} value '{v}'"))?);
        } else if is("--timeout") {
            let v = value(&mut i, "--timeout")?;
            a.timeout = Some(
                v.parse::<f64>()
                    .ok()
                    .filter(|t| *t > 0.0 && t.is_finite())
                    .ok_or_else(|| format!("bad --timeout value '{v}'"))?,
            );
        } else if arg == "-l" {
            a.log_disasm = true;
        } else if arg == "--verbose" || arg == "-v" {
            a.verbose = true;
        } else if arg == "--dma-legacy" {
            a.dma_legacy = true;
        } else if arg == "--m5ops" {
            a.m5ops = true;
        } else if arg == "--log-commits" {
            a.log_commits = true;
        } else if is("--log") {
            a.log_file = Some(PathBuf::from(value(&mut i, "--log")?));
        } else if let Some(f) = arg.strip_prefix("+signature=") {
            a.signature = Some(PathBuf::from(f));
        } else if let Some(g) = arg.strip_prefix("+signature-granularity=") {
            a.signature_granularity = Some(
                num(g)
                    .filter(|&g| g > 0)
                    .ok_or_else(|| format!("bad signature granularity '{g}'"))?
                    as usize,
            );
        } else if arg == "--xlu-lenient" {
            a.machine.xlu_lenient = true;
        } else if is("--threads") {
            let v = value(&mut i, "--threads")?;
            let n: usize = v
                .parse()
                .ok()
                .filter(|&n| n > 0)
                .ok_or_else(|| format!("bad --threads '{v}' (a thread count, 1 or more)"))?;
            crate::machine::npu::par::set_threads(n);
        } else if arg == "--stats" {
            a.stats = true;
        } else if arg == "--no-jit" {
            a.no_jit = true;
        } else if arg == "-h" || arg == "--help" {
            return Err(String::new());
        } else {
            return Err(format!("unrecognized option '{arg}'"));
        }
        i += 1;
    }
    if let Some(path) = machine_config {
        if let Some(flag) = legacy.first() {
            return Err(format!(
                "{flag} cannot be combined with --machine-config (the file sets it)"
            ));
        }
        a.machine.apply_machine_yml(&path)?;
        if let Some(b) = &a.base_path {
            a.machine.set_run_base_path(b, Some(&path))?;
        }
    } else if let Some(b) = &a.base_path {
        a.machine.set_run_base_path(b, None)?;
    }
    if let Some(v) = varch {
        a.machine.varch = parse_varch(&v)?;
        a.varch = Some(v);
    }
    let mut rest: Vec<String> = args[i.min(args.len())..].to_vec();
    // `pk` (any path whose name ends in "pk") is the proxy kernel Spike would load: built in here.
    if rest.len() > 1 && rest[0].ends_with("pk") {
        rest.remove(0);
    }
    if rest.is_empty() {
        return Err("no program given".into());
    }
    a.program = rest;
    Ok(a)
}

pub fn main(args: &[String]) -> i32 {
    let a = match parse_spike_args(args) {
        Ok(a) => a,
        Err(e) if e.is_empty() => {
            println!("{USAGE}");
            return 0;
        }
        Err(e) => {
            eprintln!("npu-spike: {e}\n{USAGE}");
            return 1;
        }
    };
    let isa = match Isa::parse(a.isa.as_deref().unwrap_or(crate::isa::isa_default())) {
        Ok(mut i) => {
            if a.dma_legacy {
                i.enable_dma_legacy();
            }
            if a.m5ops {
                i.enable_m5ops();
            }
            i
        }
        Err(e) => {
            eprintln!("npu-spike: {e}");
            return 1;
        }
    };
    let mut varch = a.machine.varch;
    if a.varch.is_none() {
        // Without --varch, VLEN follows zvl<N>b in the ISA string (as newer Spikes do).
        varch.vlen = varch.vlen.max(isa.min_vlen);
    }
    let config = Config {
        isa,
        varch,
        regions: a.regions,
        max_insns: a.max_insns,
        timeout: a.timeout.map(std::time::Duration::from_secs_f64),
        signature: a
            .signature
            .map(|p| (p, a.signature_granularity.unwrap_or(16))),
        machine: a.machine,
        sandbox_root: None,
        base_path: a.base_path,
        allow_paths: a.allow_paths,
        log_disasm: a.log_disasm,
        log_commits: a.log_commits,
        log_file: a.log_file,
        verbose: a.verbose,
        no_jit: a.no_jit,
        jit_hot: None,
        accel_timing_only: false,
    };
    execute(config, &a.program, a.stats)
}
