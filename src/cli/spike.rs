//! The Spike-compatible command line: `npu-spike [spike options] [pk] prog.elf [args]`.
//! Options are parsed as Spike's getopt-style parser does (`--opt=value`, `-m<spec>`,
//! `+signature=FILE`), so the flow can call npu-spike in place of `spike`.

use crate::isa::Isa;
use crate::loader::load_elf;
use crate::machine::Region;
use crate::sim::{Config, Env, Simulator};
use std::path::PathBuf;

const USAGE: &str = "\
Spike-compatible usage: npu-spike [options] [pk] <program.elf> [program args...]
Options:
  --isa=<name>                 RISC-V ISA string [default rv64imafdc_zicntr_zihpm]
  --varch=vlen:V,elen:E        vector register length and ELEN in bits [default vlen:128,elen:64]
  -m<n>                        n MiB of memory at 0x80000000
  -m<a:m,b:n,...>              memory regions at base a of size m, ...
  --vectorlane-size=<L>        NPU vector lanes [default 4]
  --xlu-lenient                XLU: a short ARBITRARY pattern row falls back to the lane itself (SJ) instead of exit 201
  --max-insns=<n>              stop with exit status 124 after n instructions
  --stats                      print instructions retired, wall time, MIPS and peak RSS to stderr
  +signature=<file>            write the begin_signature..end_signature region to file
  +signature-granularity=<n>   bytes per signature line [default 16]
  -h, --help                   this text
Subcommands: npu-spike test <dir>...   (run riscv-tests ELFs)";

#[derive(Debug, Default)]
pub struct SpikeArgs {
    pub isa: Option<String>,
    pub varch: Option<String>,
    pub regions: Option<Vec<Region>>,
    pub max_insns: Option<u64>,
    pub signature: Option<PathBuf>,
    pub signature_granularity: Option<usize>,
    pub stats: bool,
    pub lanes: Option<u32>,
    pub xlu_lenient: bool,
    /// The program and its arguments (after an optional `pk`).
    pub program: Vec<String>,
}

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
    let mut i = 1;
    while i < args.len() {
        let arg = &args[i];
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
        if !arg.starts_with('-') && !arg.starts_with('+') {
            break;
        }
        if arg == "--isa" || arg.starts_with("--isa=") {
            a.isa = Some(value(&mut i, "--isa")?);
        } else if arg == "--varch" || arg.starts_with("--varch=") {
            a.varch = Some(value(&mut i, "--varch")?);
        } else if let Some(spec) = arg.strip_prefix("-m") {
            let spec = if spec.is_empty() {
                i += 1;
                args.get(i).cloned().ok_or("option -m needs a value")?
            } else {
                spec.to_string()
            };
            a.regions = Some(parse_memory(&spec)?);
        } else if arg == "--max-insns" || arg.starts_with("--max-insns=") {
            let v = value(&mut i, "--max-insns")?;
            a.max_insns = Some(num(&v).ok_or_else(|| format!("bad --max-insns value '{v}'"))?);
        } else if let Some(f) = arg.strip_prefix("+signature=") {
            a.signature = Some(PathBuf::from(f));
        } else if let Some(g) = arg.strip_prefix("+signature-granularity=") {
            a.signature_granularity = Some(
                num(g)
                    .filter(|&g| g > 0)
                    .ok_or_else(|| format!("bad signature granularity '{g}'"))?
                    as usize,
            );
        } else if arg == "--vectorlane-size" || arg.starts_with("--vectorlane-size=") {
            let v = value(&mut i, "--vectorlane-size")?;
            a.lanes = Some(
                num(&v)
                    .filter(|&n| (1..=65536).contains(&n))
                    .ok_or_else(|| format!("bad --vectorlane-size '{v}'"))? as u32,
            );
        } else if arg == "--xlu-lenient" {
            a.xlu_lenient = true;
        } else if arg == "--stats" {
            a.stats = true;
        } else if arg == "-h" || arg == "--help" {
            return Err(String::new());
        } else {
            return Err(format!("unrecognized option '{arg}'"));
        }
        i += 1;
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
        Ok(i) => i,
        Err(e) => {
            eprintln!("npu-spike: {e}");
            return 1;
        }
    };
    let varch = match a.varch.as_deref().map(crate::machine::VArch::parse) {
        // Newer Spikes take VLEN from zvl<N>b in the ISA string.
        None => crate::machine::VArch {
            vlen: isa.min_vlen.max(128),
            ..Default::default()
        },
        Some(Ok(v)) => v,
        Some(Err(e)) => {
            eprintln!("npu-spike: {e}");
            return 1;
        }
    };
    let config = Config {
        isa,
        varch,
        regions: a.regions,
        max_insns: a.max_insns,
        signature: a
            .signature
            .map(|p| (p, a.signature_granularity.unwrap_or(16))),
        machine: crate::config::MachineConfig {
            lanes: a.lanes.unwrap_or(4),
        },
        xlu_lenient: a.xlu_lenient,
    };
    let elf = PathBuf::from(&a.program[0]);
    let prog = match load_elf(&elf) {
        Ok(p) => p,
        Err(e) => {
            eprintln!("npu-spike: error: {e}");
            return 1;
        }
    };
    let mut sim = match Simulator::new(config, &prog, &a.program) {
        Ok(s) => s,
        Err(e) => {
            eprintln!("npu-spike: error: {e}");
            return 1;
        }
    };
    let started = std::time::Instant::now();
    let result = sim.run();
    if a.stats {
        let secs = started.elapsed().as_secs_f64();
        let n = sim.hart.instret;
        eprintln!(
            "npu-spike stats: {n} instructions, {secs:.3} s, {:.1} MIPS, peak RSS {} KiB",
            n as f64 / secs / 1e6,
            peak_rss_kib().map_or("?".to_string(), |k| k.to_string())
        );
    }
    match result {
        Ok(code) => {
            if code != 0 && matches!(sim.env, Env::Bare(_)) {
                eprintln!("*** FAILED *** (tohost = {code})");
            }
            (code & 0xff) as i32
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
