//! `npu-spike sample`: runs marker-annotated cycle binaries under the cycle model and
//! writes one cycle count per marker window (npu-isa.md §5), replacing the gem5 run of
//! the flow. Several binaries run in parallel.

use crate::config::{MachineConfig, parse_varch};
use crate::isa::Isa;
use crate::loader::load_elf;
use crate::sim::{Config, Simulator};
use crate::timing::stats::{self, Dump};
use crate::timing::{CycleModel, IssueRecord, TimingParams};
use clap::Args;
use rayon::prelude::*;
use std::io::{IsTerminal, Write};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicUsize, Ordering};

#[derive(Args, Debug)]
pub struct SampleArgs {
    /// Cycle binaries (ELF) with m5 markers around each compute tile.
    #[arg(required = true)]
    pub elfs: Vec<PathBuf>,
    /// Write trace_cycles.tsv, stats.txt and summary.json here (with several
    /// binaries, into DIR/<binary name>/). Without it the trace_cycles.tsv lines go
    /// to stdout.
    #[arg(short, long, value_name = "DIR")]
    pub output_dir: Option<PathBuf>,
    /// The compiler's tile_types.json: overlap_offset per tile (npu-isa.md §5.3).
    #[arg(long, value_name = "FILE")]
    pub tile_types: Option<PathBuf>,
    /// machine.yml: vpu_num_lanes, vpu_vector_length_bits and the tpu_*/timing_* keys.
    #[arg(long, value_name = "FILE")]
    pub machine_config: Option<PathBuf>,
    /// Cycle-model parameters (key: value lines, applied after --machine-config).
    #[arg(long, value_name = "FILE")]
    pub timing: Option<PathBuf>,
    /// Lanes L of the modelled array (its delay line has 2L-1 slots) [default: 4].
    #[arg(long, value_name = "L")]
    pub vectorlane_size: Option<u32>,
    /// ISA string.
    #[arg(long, default_value = "rv64gcv_zfh")]
    pub isa: String,
    /// Vector unit, vlen:V,elen:E [default: machine config, else vlen:256,elen:64].
    #[arg(long)]
    pub varch: Option<String>,
    /// Per-instruction issue and completion cycles (TSV; one binary only).
    #[arg(long, value_name = "FILE")]
    pub issue_trace: Option<PathBuf>,
    /// Directory the guests' file accesses are confined to [default: .].
    #[arg(long, value_name = "DIR")]
    pub base_path: Option<PathBuf>,
    /// An argument for the binaries (repeat for several; gem5's `--options`).
    #[arg(long = "arg", value_name = "ARG", allow_hyphen_values = true)]
    pub args: Vec<String>,
    /// Stop a binary after this many instructions (exit 124).
    #[arg(long, default_value_t = 10_000_000_000)]
    pub max_insns: u64,
    /// Worker threads [default: all cores].
    #[arg(short, long)]
    pub jobs: Option<usize>,
    /// Also print each binary's instruction count and simulation speed on stderr.
    #[arg(long)]
    pub stats: bool,
    /// An accelerator model library (vcix-accelerator ABI 11): its functional face
    /// runs the custom-1/custom-2 words, its timing face times them [default: the
    /// built-in units].
    #[arg(long, visible_alias = "extlib", value_name = "LIB")]
    pub model: Option<PathBuf>,
}

/// What one sampled binary produced.
pub struct Sampled {
    pub dumps: Vec<Dump>,
    pub trace: Option<Vec<IssueRecord>>,
    pub pool_sizes: Vec<(stats::Stat, u32)>,
    /// The accelerator model's statistics table (names of each dump's `vcix` values).
    pub vcix: Vec<crate::accel::StatEntry>,
    pub instructions: u64,
    pub seconds: f64,
}

/// Everything a sampled binary runs with.
pub struct Setup {
    pub isa: Isa,
    pub machine: MachineConfig,
    pub params: TimingParams,
    pub base_path: Option<PathBuf>,
    pub max_insns: u64,
    /// The binaries' arguments after their name.
    pub args: Vec<String>,
    /// Record every instruction's issue and completion cycles.
    pub trace: bool,
    /// The accelerator model (each binary gets a functional and a timing instance).
    pub accel: crate::accel::ModelSource,
}

/// Runs one cycle binary; `Err` carries the exit status and message.
pub fn sample_one(elf: &Path, s: &Setup) -> Result<Sampled, (i32, String)> {
    let prog = load_elf(elf).map_err(|e| (1, e.to_string()))?;
    let config = Config {
        isa: s.isa.clone(),
        varch: s.machine.varch,
        max_insns: Some(s.max_insns),
        machine: s.machine.clone(),
        sandbox_root: s.base_path.clone(),
        accel: s.accel.clone(),
        ..Config::default()
    };
    let mut argv = vec![elf.to_string_lossy().into_owned()];
    argv.extend(s.args.iter().cloned());
    let mut sim = Simulator::new(config, &prog, &argv).map_err(|e| (1, e))?;
    let timing = s
        .accel
        .instance(
            crate::accel::Face::Timing,
            &s.machine.description(),
            &s.params,
            s.isa.exts,
        )
        .map_err(|e| (1, e))?;
    let mut model = CycleModel::with_accel(s.params.clone(), timing);
    if s.trace {
        model.trace = Some(Vec::new());
    }
    sim.attach_model(model);
    let started = std::time::Instant::now();
    let result = sim.run();
    let seconds = started.elapsed().as_secs_f64();
    let model = sim.take_model().expect("the model stays attached");
    for w in &model.warnings {
        eprintln!("npu-spike: warning: {}: {w}", elf.display());
    }
    match result {
        Ok(0) => Ok(Sampled {
            pool_sizes: model.pool_sizes(),
            vcix: model.accel_stats().to_vec(),
            dumps: model.dumps,
            trace: model.trace,
            instructions: sim.hart.instret,
            seconds,
        }),
        Ok(code) => Err((
            (code & 0xff) as i32,
            format!("the program exited with status {code}"),
        )),
        Err(e) => Err((e.exit_code(), e.to_string())),
    }
}

/// Writes `text` to `path` through a temporary file, so a file is whole or absent.
fn write_whole(path: &Path, text: &str) -> Result<(), String> {
    let tmp = path.with_extension(format!("tmp-{}", std::process::id()));
    std::fs::write(&tmp, text)
        .and_then(|_| std::fs::rename(&tmp, path))
        .map_err(|e| {
            let _ = std::fs::remove_file(&tmp);
            format!("{}: cannot write: {e}", path.display())
        })
}

fn outputs(s: &Sampled, dir: &Path, tiles: Option<&[Option<u64>]>) -> Result<(), String> {
    std::fs::create_dir_all(dir).map_err(|e| format!("{}: {e}", dir.display()))?;
    let tsv = stats::trace_cycles_tsv(&s.dumps, tiles)?;
    let summary = serde_json::json!({
        "instructions": s.instructions,
        "windows": stats::summarize(&s.dumps, &s.pool_sizes, &s.vcix),
    });
    write_whole(&dir.join("stats.txt"), &stats::stats_txt(&s.dumps, &s.vcix))?;
    write_whole(
        &dir.join("summary.json"),
        &serde_json::to_string_pretty(&summary).expect("plain JSON values"),
    )?;
    write_whole(&dir.join("trace_cycles.tsv"), &tsv)
}

fn issue_trace_text(trace: &[IssueRecord], isa: &Isa) -> String {
    let mut s = String::from("pc\tissue\tcomplete\tinstruction\n");
    for r in trace {
        s.push_str(&format!(
            "{:#x}\t{}\t{}\t{}\n",
            r.pc,
            r.issue,
            r.complete,
            crate::isa::disassemble(r.bits, r.pc, isa.exts)
        ));
    }
    s
}

fn setup(a: &SampleArgs) -> Result<Setup, String> {
    let mut isa = Isa::parse(&a.isa).map_err(|e| e.to_string())?;
    isa.enable_m5ops();
    let mut machine = MachineConfig {
        varch: parse_varch("vlen:256,elen:64")?,
        ..MachineConfig::default()
    };
    if let Some(p) = &a.machine_config {
        machine.apply_machine_yml(p)?;
    }
    if let Some(p) = &a.timing {
        machine.apply_machine_yml(p)?;
    }
    if let Some(v) = &a.varch {
        machine.varch = parse_varch(v)?;
    }
    if let Some(l) = a.vectorlane_size {
        if l == 0 {
            return Err("--vectorlane-size must be 1 or more".into());
        }
        machine.lanes = l;
    }
    if machine.lanes > 1 << 16 {
        return Err(format!(
            "{} lanes: the modelled array is limited to 65536 lanes",
            machine.lanes
        ));
    }
    let mut params = TimingParams {
        lanes: machine.lanes,
        ..TimingParams::default()
    };
    params.apply(&machine.model).map_err(|e| {
        let file = a.timing.as_ref().or(a.machine_config.as_ref());
        match file {
            Some(f) => format!("{}: {e}", f.display()),
            None => e,
        }
    })?;
    // The binary runs functionally on the configured machine (its DMA descriptors and
    // scratchpad addresses mean what they mean in `run`); the model times one lane's
    // pipeline, as gem5 does (§6.1), with the L x L array's delay line.
    Ok(Setup {
        isa,
        machine,
        params,
        base_path: a.base_path.clone(),
        max_insns: a.max_insns,
        args: a.args.clone(),
        trace: a.issue_trace.is_some(),
        accel: match &a.model {
            None => crate::accel::ModelSource::Builtin,
            Some(p) => {
                let m = crate::accel::ModelSource::load(p)?;
                if let crate::accel::ModelSource::Library(lib) = &m {
                    lib.check_timing()?;
                }
                m
            }
        },
    })
}

pub fn main(a: SampleArgs) -> i32 {
    let setup = match setup(&a) {
        Ok(s) => s,
        Err(e) => {
            eprintln!("npu-spike: error: {e}");
            return 1;
        }
    };
    let tiles = match &a.tile_types {
        Some(p) => match std::fs::read_to_string(p)
            .map_err(|e| e.to_string())
            .and_then(|t| stats::parse_tile_types(&t))
        {
            Ok(t) => Some(t),
            Err(e) => {
                eprintln!("npu-spike: error: {}: {e}", p.display());
                return 1;
            }
        },
        None => None,
    };
    if a.issue_trace.is_some() && a.elfs.len() > 1 {
        eprintln!("npu-spike: error: --issue-trace takes a single binary");
        return 1;
    }
    let many = a.elfs.len() > 1;
    let done = AtomicUsize::new(0);
    let progress = many && std::io::stderr().is_terminal();
    let work = |elf: &PathBuf| {
        let r = sample_one(elf, &setup);
        let n = done.fetch_add(1, Ordering::Relaxed) + 1;
        if progress {
            eprint!("\rnpu-spike sample: {n}/{} binaries", a.elfs.len());
        }
        r
    };
    let results: Vec<_> = match a.jobs {
        Some(j) => match rayon::ThreadPoolBuilder::new()
            .num_threads(j.max(1))
            .build()
        {
            Ok(pool) => pool.install(|| a.elfs.par_iter().map(work).collect()),
            Err(e) => {
                eprintln!("npu-spike: error: cannot start {j} threads: {e}");
                return 1;
            }
        },
        None => a.elfs.par_iter().map(work).collect(),
    };
    if progress {
        eprintln!();
    }
    let mut status = 0;
    let stdout = std::io::stdout();
    let mut out = stdout.lock();
    for (elf, r) in a.elfs.iter().zip(results) {
        let s = match r {
            Ok(s) => s,
            Err((code, e)) => {
                eprintln!("npu-spike: error: {}: {e}", elf.display());
                status = if many { 1 } else { code };
                continue;
            }
        };
        if a.stats {
            eprintln!(
                "npu-spike sample: {}: {} instructions, {} windows, {:.3} s, {:.1} MIPS",
                elf.display(),
                s.instructions,
                s.dumps.len() - 1,
                s.seconds,
                s.instructions as f64 / s.seconds.max(1e-9) / 1e6
            );
        }
        let written = match &a.output_dir {
            Some(dir) => {
                let dir = if many {
                    dir.join(elf.file_stem().unwrap_or(elf.as_os_str()))
                } else {
                    dir.clone()
                };
                outputs(&s, &dir, tiles.as_deref())
            }
            None => stats::trace_cycles_tsv(&s.dumps, tiles.as_deref()).map(|tsv| {
                if many {
                    let _ = writeln!(out, "# {}", elf.display());
                }
                let _ = out.write_all(tsv.as_bytes());
            }),
        };
        let written = written.and_then(|_| match (&a.issue_trace, &s.trace) {
            (Some(p), Some(t)) => write_whole(p, &issue_trace_text(t, &setup.isa)),
            _ => Ok(()),
        });
        if let Err(e) = written {
            eprintln!("npu-spike: error: {}: {e}", elf.display());
            status = 1;
        }
    }
    status
}
