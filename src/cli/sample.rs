//! `npu-spike sample`: runs marker-annotated cycle binaries under the cycle model and
//! writes one cycle count per marker window (npu-isa.md §5), replacing the gem5 run of
//! the flow. Several binaries run in parallel.

use super::kernel;
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
    /// Cycle binaries (ELF) with m5 markers around each compute tile, or kernel
    /// objects (directories with kernel.json): their artifacts.cycle_elf runs with
    /// artifacts.tile_types, the lanes, scratchpad and VLEN of target, and the
    /// outputs (trace_cycles.tsv, stats.txt, summary.json) go into the directory.
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
    /// VLEN in bits (gem5's --vlen; ELEN stays 64).
    #[arg(long, value_name = "BITS")]
    pub vlen: Option<u32>,
    /// An accelerator model library (gem5's --model; vcix-accelerator ABI 11): its
    /// timing face times the custom-1/custom-2 words [default: the built-in units;
    /// docs/accel.md].
    #[arg(long, visible_alias = "extlib", value_name = "LIB")]
    pub model: Option<PathBuf>,
    /// Also run the model's functional face, so one run gives the values and the
    /// cycles. Without it the custom-1/custom-2 words are timed and compute nothing,
    /// as under gem5 (whose vcix support never calls the model's execute).
    #[arg(long)]
    pub functional: bool,
    /// Sample only shard K of N (K = 0..N-1): the binaries or workdirs whose
    /// position in the list is K modulo N. The shards of 0/N..N-1/N together are
    /// exactly the unsharded run (Slurm: --shard $SLURM_ARRAY_TASK_ID/N).
    #[arg(long, value_name = "K/N")]
    pub shard: Option<String>,
    /// Per-instruction issue and completion cycles (TSV; one binary only).
    #[arg(long, value_name = "FILE")]
    pub issue_trace: Option<PathBuf>,
    /// Where the model and the DMA dumps find indirect_access/ and dma_access/ (it
    /// reaches a loaded model as run_base_path); the guest may open files there too.
    /// The guest's own paths resolve against the current directory, as in gem5's SE
    /// mode, and it is confined to that directory and this one.
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
}

/// What one sampled binary produced.
pub struct Sampled {
    pub dumps: Vec<Dump>,
    pub trace: Option<Vec<IssueRecord>>,
    pub pool_sizes: Vec<(stats::Stat, u32)>,
    /// The accelerator model's statistics table (names of each dump's `vcix` values).
    pub vcix: Vec<crate::machine::accel::StatEntry>,
    pub instructions: u64,
    /// Of those, the ones the loop fast-forward ran without the model.
    pub fast_forwarded: u64,
    pub seconds: f64,
}

impl SampleArgs {
    /// Every option at its default, no binaries (for other front ends).
    pub fn empty() -> SampleArgs {
        SampleArgs {
            elfs: Vec::new(),
            output_dir: None,
            tile_types: None,
            machine_config: None,
            timing: None,
            vectorlane_size: None,
            isa: "rv64gcv_zfh".into(),
            varch: None,
            vlen: None,
            model: None,
            functional: false,
            shard: None,
            issue_trace: None,
            base_path: None,
            args: Vec::new(),
            max_insns: 10_000_000_000,
            jobs: None,
            stats: false,
        }
    }
}

/// Everything a sampled binary runs with.
#[derive(Clone)]
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
    /// The accelerator model (each binary gets a timing instance, and a functional
    /// one with `functional`).
    pub accel: crate::accel::ModelSource,
    /// `--functional`: the model's words execute as well as being timed.
    pub functional: bool,
}

/// Runs one cycle binary; `Err` carries the exit status and message.
pub fn sample_one(elf: &Path, s: &Setup) -> Result<Sampled, (i32, String)> {
    let prog = load_elf(elf).map_err(|e| (1, e.to_string()))?;
    let config = Config {
        isa: s.isa.clone(),
        varch: s.machine.varch,
        max_insns: Some(s.max_insns),
        machine: s.machine.clone(),
        base_path: s.base_path.clone(),
        accel_timing_only: !s.functional,
        ..Config::default()
    };
    let mut argv = vec![elf.to_string_lossy().into_owned()];
    argv.extend(s.args.iter().cloned());
    let mut sim = Simulator::new(config, &prog, &argv).map_err(|e| (1, e))?;
    let timing = s
        .accel
        .instance(&s.machine.model_desc(), &s.params, s.isa.exts)
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
            fast_forwarded: model.fast_forwarded,
            seconds,
        }),
        Ok(code) => Err((
            (code & 0xff) as i32,
            format!("the program exited with status {code}"),
        )),
        Err(e) => Err((e.exit_code(), e.to_string())),
    }
}

/// `overlap_offset` per tile (`read_tile_types`).
pub type TileTable = Vec<Option<u64>>;

/// The one binary or kernel object of `a.elfs` sampled as `npu-spike sample PATH`
/// samples it (for other front ends: the Python package), with its tile table
/// (`--tile-types`, else a kernel object's `artifacts.tile_types`). `Err` carries
/// the exit status and message.
pub fn sample_single(a: &SampleArgs) -> Result<(Sampled, Option<TileTable>), (i32, String)> {
    let common = setup(a).map_err(|e| (1, e))?;
    let mut items = items(a, &common).map_err(|e| (1, e))?;
    if items.len() != 1 {
        return Err((1, "sample one binary or kernel object at a time".into()));
    }
    let it = items.remove(0);
    let s = sample_one(&it.elf, &it.setup)?;
    Ok((s, it.tiles))
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
        "fast_forwarded_instructions": s.fast_forwarded,
        "windows": stats::summarize(&s.dumps, &s.pool_sizes, &s.vcix),
    });
    write_whole(&dir.join("stats.txt"), &stats::stats_txt(&s.dumps, &s.vcix))?;
    write_whole(
        &dir.join("summary.json"),
        &serde_json::to_string_pretty(&summary).expect("plain JSON values"),
    )?;
    write_whole(&dir.join("trace_cycles.tsv"), &tsv)
}

/// The issue trace as TSV; a loaded model's words are named after its encodings.
fn issue_trace_text(trace: &[IssueRecord], s: &Setup) -> String {
    let isa = &s.isa;
    let model = match &s.accel {
        crate::accel::ModelSource::Library(lib) => Some(lib),
        crate::accel::ModelSource::Builtin => None,
    };
    let mut s = String::from("pc\tissue\tcomplete\tinstruction\tfetched\tmispredicted\n");
    for r in trace {
        let text = model
            .and_then(|m| crate::accel::disassemble_owned(&m.name, &m.encodings, r.bits))
            .unwrap_or_else(|| crate::isa::disassemble(r.bits, r.pc, isa.exts));
        s.push_str(&format!(
            "{:#x}\t{}\t{}\t{text}\t{}\t{}\n",
            r.pc,
            r.issue,
            r.complete,
            r.fetched,
            u8::from(r.mispredicted)
        ));
    }
    s
}

/// The run setup of `a`; `target` is a kernel object's machine (applied after
/// `--machine-config`, before the explicit flags).
pub fn setup(a: &SampleArgs) -> Result<Setup, String> {
    setup_for(a, None)
}

fn setup_for(a: &SampleArgs, target: Option<&kernel::Target>) -> Result<Setup, String> {
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
        let more = crate::config::MachineDesc::load(p)?;
        machine
            .merge_desc(&more)
            .map_err(|e| format!("{}: {e}", p.display()))?;
    }
    if let Some(b) = &a.base_path {
        machine.set_run_base_path(b, a.machine_config.as_deref())?;
    }
    if let Some(t) = target {
        t.apply(&mut machine)?;
    }
    if let Some(v) = &a.varch {
        machine.varch = parse_varch(v)?;
    }
    if let Some(v) = a.vlen {
        let e = machine.varch.elen;
        machine.varch =
            parse_varch(&format!("vlen:{v},elen:{e}")).map_err(|e| format!("--vlen {v}: {e}"))?;
    }
    machine.extlib = a.model.clone();
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
    // npu-spike validates the keys it uses itself: with a model loaded, the tpu_* keys
    // are the model's (its create validates them and its refusal is what the user
    // sees); the built-in units read and validate them otherwise.
    let own: Vec<(String, String)> = machine
        .desc
        .pairs()
        .iter()
        .filter(|(k, _)| {
            machine.extlib.is_none() || !TimingParams::accel_keys().contains(&k.as_str())
        })
        .cloned()
        .collect();
    params.apply(&own).map_err(|e| {
        let file = a.timing.as_ref().or(a.machine_config.as_ref());
        match file {
            Some(f) => format!("{}: {e}", f.display()),
            None => e,
        }
    })?;
    // The binary runs functionally on the configured machine (its DMA descriptors and
    // scratchpad addresses mean what they mean in `run`); the model times one lane's
    // pipeline, as gem5 does (§6.1), with the L x L array's delay line.
    let accel = crate::accel::ModelSource::for_machine(&machine)?;
    if let crate::accel::ModelSource::Library(lib) = &accel {
        lib.check_timing()?;
    }
    Ok(Setup {
        isa,
        machine,
        params,
        base_path: a.base_path.clone(),
        max_insns: a.max_insns,
        args: a.args.clone(),
        trace: a.issue_trace.is_some(),
        accel,
        functional: a.functional,
    })
}

/// One thing to sample: a cycle binary, or a kernel object's cycle_elf.
struct Item {
    /// What the user named (the binary, or the workdir).
    label: PathBuf,
    elf: PathBuf,
    setup: Setup,
    tiles: Option<Vec<Option<u64>>>,
    /// A kernel object's directory: its outputs go there.
    workdir: Option<PathBuf>,
}

/// Reads a tile table (`--tile-types`, a kernel object's artifacts.tile_types).
pub fn read_tile_types(p: &Path) -> Result<Vec<Option<u64>>, String> {
    std::fs::read_to_string(p)
        .map_err(|e| e.to_string())
        .and_then(|t| parse_tile_types(&t))
        .map_err(|e| format!("{}: {e}", p.display()))
}

/// The compiler's tile table: the Triton route's object
/// `{"overlap_offset": [n | null, ...], "parallel_axes": [...], ...}` (one offset
/// per tile), or the older shapes `stats::parse_tile_types` reads (a list of tiles,
/// or an object keyed by tile id).
pub fn parse_tile_types(text: &str) -> Result<Vec<Option<u64>>, String> {
    let v: serde_json::Value =
        serde_json::from_str(text).map_err(|e| format!("not valid JSON: {e}"))?;
    if let serde_json::Value::Object(m) = &v
        && let Some(list) = m.get("overlap_offset")
    {
        let serde_json::Value::Array(list) = list else {
            return Err(format!(
                "overlap_offset must be a list (one entry per tile), not {list}"
            ));
        };
        if let Some(axes) = m.get("parallel_axes")
            && !axes.is_array()
        {
            return Err(format!("parallel_axes must be a list, not {axes}"));
        }
        return list
            .iter()
            .enumerate()
            .map(|(i, x)| match x {
                serde_json::Value::Null => Ok(None),
                serde_json::Value::Number(n) => n
                    .as_u64()
                    .map(Some)
                    .or_else(|| {
                        n.as_f64()
                            .filter(|f| *f >= 0.0 && f.fract() == 0.0)
                            .map(|f| Some(f as u64))
                    })
                    .ok_or_else(|| {
                        format!("overlap_offset[{i}] = {n} is not a non-negative whole number")
                    }),
                other => Err(format!(
                    "overlap_offset[{i}] = {other} is not a number or null"
                )),
            })
            .collect();
    }
    stats::parse_tile_types(text)
}

/// `--shard K/N`: (K, N) with K < N.
fn parse_shard(s: &str) -> Result<(usize, usize), String> {
    let bad = || format!("--shard '{s}': expected K/N with 0 <= K < N (e.g. 0/4)");
    let (k, n) = s.split_once('/').ok_or_else(bad)?;
    let (k, n): (usize, usize) = (
        k.trim().parse().map_err(|_| bad())?,
        n.trim().parse().map_err(|_| bad())?,
    );
    if n == 0 || k >= n {
        return Err(bad());
    }
    Ok((k, n))
}

fn items(a: &SampleArgs, common: &Setup) -> Result<Vec<Item>, String> {
    let tiles = match &a.tile_types {
        Some(p) => Some(read_tile_types(p)?),
        None => None,
    };
    let shard = a.shard.as_deref().map(parse_shard).transpose()?;
    let mut out = Vec::new();
    for (i, path) in a.elfs.iter().enumerate() {
        if let Some((k, n)) = shard
            && i % n != k
        {
            continue;
        }
        if path.is_dir() {
            let obj = kernel::KernelObject::load(path)?;
            let elf = obj.artifact("cycle_elf")?;
            let setup = setup_for(a, Some(&obj.target))?;
            let tiles = match &a.tile_types {
                Some(_) => tiles.clone(),
                None => Some(read_tile_types(&obj.artifact("tile_types")?)?),
            };
            out.push(Item {
                label: path.clone(),
                elf,
                setup: Setup {
                    trace: common.trace,
                    ..setup
                },
                tiles,
                workdir: Some(path.clone()),
            });
        } else {
            out.push(Item {
                label: path.clone(),
                elf: path.clone(),
                setup: common.clone(),
                tiles: tiles.clone(),
                workdir: None,
            });
        }
    }
    Ok(out)
}

pub fn main(a: SampleArgs) -> i32 {
    let setup = match setup(&a) {
        Ok(s) => s,
        Err(e) => {
            eprintln!("npu-spike: error: {e}");
            return 1;
        }
    };
    if a.issue_trace.is_some() && a.elfs.len() > 1 {
        eprintln!("npu-spike: error: --issue-trace takes a single binary");
        return 1;
    }
    let items = match items(&a, &setup) {
        Ok(i) => i,
        Err(e) => {
            eprintln!("npu-spike: error: {e}");
            return 1;
        }
    };
    // The output layout follows the whole list, so that shards merge into it.
    let many = a.elfs.len() > 1;
    let done = AtomicUsize::new(0);
    let progress = many && std::io::stderr().is_terminal();
    let work = |it: &Item| {
        let r = sample_one(&it.elf, &it.setup);
        let n = done.fetch_add(1, Ordering::Relaxed) + 1;
        if progress {
            eprint!("\rnpu-spike sample: {n}/{} binaries", items.len());
        }
        r
    };
    let results: Vec<_> = match a.jobs {
        Some(j) => match rayon::ThreadPoolBuilder::new()
            .num_threads(j.max(1))
            .build()
        {
            Ok(pool) => pool.install(|| items.par_iter().map(work).collect()),
            Err(e) => {
                eprintln!("npu-spike: error: cannot start {j} threads: {e}");
                return 1;
            }
        },
        None => items.par_iter().map(work).collect(),
    };
    if progress {
        eprintln!();
    }
    let mut status = 0;
    let stdout = std::io::stdout();
    let mut out = stdout.lock();
    for (it, r) in items.iter().zip(results) {
        let elf = &it.label;
        let s = match r {
            Ok(s) => s,
            Err((code, e)) => {
                // A model refusing its description reports as the Spike adapter does.
                if e.starts_with("vcixaccel: ") {
                    eprintln!("{e}");
                } else {
                    eprintln!("npu-spike: error: {}: {e}", elf.display());
                }
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
        let tiles = it.tiles.as_deref();
        let written = match (&it.workdir, &a.output_dir) {
            (Some(w), _) => outputs(&s, w, tiles),
            (None, Some(dir)) => {
                let dir = if many {
                    dir.join(elf.file_stem().unwrap_or(elf.as_os_str()))
                } else {
                    dir.clone()
                };
                outputs(&s, &dir, tiles)
            }
            (None, None) => stats::trace_cycles_tsv(&s.dumps, tiles).map(|tsv| {
                if many {
                    let _ = writeln!(out, "# {}", elf.display());
                }
                let _ = out.write_all(tsv.as_bytes());
            }),
        };
        let written = written.and_then(|_| match (&a.issue_trace, &s.trace) {
            (Some(p), Some(t)) => write_whole(p, &issue_trace_text(t, &it.setup)),
            _ => Ok(()),
        });
        if let Err(e) = written {
            eprintln!("npu-spike: error: {}: {e}", elf.display());
            status = 1;
        }
    }
    status
}
