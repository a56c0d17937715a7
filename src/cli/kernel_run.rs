//! `npu-spike run WORKDIR`: a kernel object run the way PyTorchSim's spike_run.py
//! runs it on Spike.
//!
//! - The ELF is `artifacts.elf`; the runtime directory `WORKDIR/runtime` (or
//!   `--runtime DIR`) holds one `<arg name>.raw` per argument.
//! - argv: the `.raw` names in `args` order, then the scalars (`--scalar NAME=VALUE`,
//!   else the defaults; floats as Python's `repr(float)`, integers in decimal).
//! - The machine (lanes, VLEN, scratchpad), the memory (DRAM `dram_base`/`dram_size`
//!   and the scratchpad banks) and the kernel range come from `target` and `abi`.
//! - Checks before anything is written, all reported together: an input (`in`,
//!   `inout`) must exist with exactly numel x itemsize bytes, an existing output
//!   too; a missing output is created as zeros of its size.
//! - `--jobs N` splits the grid: total = product of `grid`, range w is
//!   `[total*w//N, total*(w+1)//N)` (empty ones dropped) passed as two more argv
//!   words `lo hi`; each range runs on its own machine and thread with its own copy
//!   of the written arguments and its own `indirect_access/` and `dma_access/`;
//!   outputs merge byte-wise against a zero base (two ranges writing one byte
//!   differently: the grid runs again in one machine, with a note); keyed index
//!   dumps keep their names, unkeyed ones are renumbered in range order;
//!   `dma_access/` written by more than one range is an error. Never split with an
//!   `inout` argument. With one range, argv has no `lo hi` (as spike_run).

use super::execute::execute;
use super::kernel::{KernelObject, Role};
use super::run::{RunArgs, isa};
use crate::config::{MachineConfig, MachineDesc};
use crate::machine::Region;
use crate::sim::Config;
use std::path::{Path, PathBuf};

fn fail(e: &str) -> i32 {
    eprintln!("npu-spike: error: {e}");
    1
}

/// Everything one machine of the launch needs, but its directory and argv.
struct Launch {
    config: Config,
    elf: String,
    obj: KernelObject,
    runtime: PathBuf,
    scalars: Vec<String>,
}

pub fn main(r: RunArgs) -> i32 {
    let obj = match KernelObject::load(&r.kernel) {
        Ok(o) => o,
        Err(e) => return fail(&e),
    };
    if !r.scalars.is_empty() {
        return fail(&format!(
            "{}: a kernel object takes its scalars as --scalar NAME=VALUE, not positional words ({})",
            r.kernel.display(),
            r.scalars.join(" ")
        ));
    }
    if r.runtime.is_some() && r.runtime_dir.is_some() {
        return fail("give the runtime directory once: positionally or with --runtime");
    }
    let runtime = r
        .runtime_dir
        .clone()
        .or_else(|| r.runtime.clone())
        .unwrap_or_else(|| r.kernel.join("runtime"));
    let mut problems = Vec::new();
    let elf = obj.artifact("elf").map_err(|e| problems.push(e)).ok();
    let mut given = Vec::new();
    for s in &r.scalar {
        match s.split_once('=') {
            Some((n, v)) if !n.is_empty() => given.push((n.to_string(), v.to_string())),
            _ => problems.push(format!("--scalar '{s}': expected NAME=VALUE")),
        }
    }
    let scalars = obj.scalar_words(&given).unwrap_or_else(|p| {
        problems.extend(p);
        Vec::new()
    });
    let mut missing_outputs = Vec::new();
    if !runtime.is_dir() {
        problems.push(format!(
            "{}: runtime directory not found",
            runtime.display()
        ));
    } else {
        for a in &obj.args {
            let p = runtime.join(format!("{}.raw", a.name));
            match std::fs::metadata(&p) {
                Ok(m) if !m.is_file() => {
                    problems.push(format!("{}: not a regular file", p.display()))
                }
                Ok(m) if m.len() != a.bytes => problems.push(format!(
                    "{}: is {} bytes; {} is {} x {} ({} bytes)",
                    p.display(),
                    m.len(),
                    a.name,
                    a.bytes / super::kernel::itemsize(&a.dtype).unwrap_or(1),
                    a.dtype,
                    a.bytes
                )),
                Ok(_) => {}
                Err(_) if a.role == Role::Out => missing_outputs.push((p, a.bytes)),
                Err(e) => problems.push(format!("{}: input missing: {e}", p.display())),
            }
        }
    }
    let machine = match machine(&r, &obj, &runtime) {
        Ok(m) => Some(m),
        Err(e) => {
            problems.push(e);
            None
        }
    };
    let isa = isa(&r).map_err(|e| problems.push(e)).ok();
    if !problems.is_empty() {
        eprintln!(
            "npu-spike: error: {}: cannot run the kernel object (nothing was written):\n  {}",
            r.kernel.display(),
            problems.join("\n  ")
        );
        return 1;
    }
    let (elf, machine, isa) = (elf.unwrap(), machine.unwrap(), isa.unwrap());
    for (p, n) in &missing_outputs {
        if let Err(e) = std::fs::write(p, vec![0u8; *n as usize]) {
            return fail(&format!("{}: cannot create the output: {e}", p.display()));
        }
    }
    if let Err(e) = fresh_dumps(&runtime) {
        return fail(&e);
    }
    let config = launch_config(&r, &obj, machine, isa, &runtime);
    let total = obj.total();
    let (n, note) = machines(&obj, r.jobs);
    if let Some(note) = note {
        eprintln!("npu-spike: note: {note}");
    }
    // Several machines use the cores already; lane threads only without --threads.
    if n > 1 && r.threads.is_none() {
        crate::machine::npu::par::set_threads(1);
    }
    let launch = Launch {
        config,
        elf: elf.to_string_lossy().into_owned(),
        obj,
        runtime,
        scalars,
    };
    if n > 1 {
        split(&launch, total, n, r.stats)
    } else {
        one(&launch, r.stats)
    }
}

/// The configuration every machine of the launch starts from: the target's
/// memory (DRAM and the scratchpad banks), the guest confined to `runtime`.
pub(super) fn launch_config(
    r: &RunArgs,
    obj: &KernelObject,
    machine: MachineConfig,
    isa: crate::isa::Isa,
    runtime: &Path,
) -> Config {
    let t = &obj.target;
    let regions = vec![
        Region {
            base: t.dram_base,
            size: t.dram_size.div_ceil(4096) * 4096,
        },
        Region {
            base: t.spad_paddr,
            size: machine.spad_bytes().div_ceil(4096) * 4096,
        },
    ];
    Config {
        varch: machine.varch,
        isa,
        regions: Some(regions),
        max_insns: r.max_insns,
        timeout: r.timeout.map(std::time::Duration::from_secs_f64),
        signature: None,
        machine,
        sandbox_root: Some(runtime.to_path_buf()),
        base_path: Some(runtime.to_path_buf()),
        allow_paths: r.allow_path.clone(),
        log_disasm: r.log_disasm,
        log_commits: r.log_commits,
        log_file: r.log.clone(),
        verbose: r.verbose,
        no_jit: r.no_jit,
        jit_hot: None,
        accel_timing_only: false,
    }
}

/// How many machines run the grid (`--jobs`, else the host's cores, at most the
/// grid's programs; one with an `inout` argument), and a note when `--jobs` asked
/// for more than one and the grid cannot be split.
pub(super) fn machines(obj: &KernelObject, jobs: Option<usize>) -> (usize, Option<&'static str>) {
    let total = obj.total();
    let splittable = !obj.args.iter().any(|a| a.role == Role::InOut);
    match jobs {
        Some(j) if !splittable && j > 1 => (
            1,
            Some(
                "one machine: an inout argument is read as well as written, so the grid is not split",
            ),
        ),
        Some(j) => (j.clamp(1, total.max(1) as usize), None),
        None if splittable => (
            std::thread::available_parallelism()
                .map_or(1, |c| c.get())
                .clamp(1, total.max(1) as usize),
            None,
        ),
        None => (1, None),
    }
}

/// The grid ranges of `n` machines: `[total*w/n, total*(w+1)/n)`, empty ones dropped.
pub(super) fn ranges(total: u64, n: usize) -> Vec<(u64, u64)> {
    let n64 = n as u64;
    (0..n64)
        .map(|w| (total * w / n64, total * (w + 1) / n64))
        .filter(|(lo, hi)| lo < hi)
        .collect()
}

/// A worker's configuration: `base` confined to (and dumping into) its directory.
pub(super) fn worker_config(base: &Config, d: &Path) -> Config {
    let mut config = base.clone();
    config.sandbox_root = Some(d.to_path_buf());
    config.base_path = Some(d.to_path_buf());
    config
        .machine
        .desc
        .set(crate::config::RUN_BASE_PATH, &d.to_string_lossy());
    config
}

/// The machine of the kernel object: `--machine-config`'s description (else the
/// machine.yml spike_run writes from `target`), with the target's lanes, VLEN and
/// scratchpad, `run_base_path` = the runtime directory and the kernel range.
pub(super) fn machine(
    r: &RunArgs,
    obj: &KernelObject,
    runtime: &Path,
) -> Result<MachineConfig, String> {
    let mut m = MachineConfig::default();
    match &r.machine_config {
        Some(p) => m.apply_machine_yml(p)?,
        None => m.apply_desc(MachineDesc::default())?,
    }
    let t = &obj.target;
    t.apply(&mut m)?;
    if r.machine_config.is_none() {
        m.desc = t.desc();
    }
    if m.desc.get(crate::config::RUN_BASE_PATH).is_none() {
        m.set_run_base_path(runtime, None)?;
    }
    m.kernel_addr = Some(obj.kernel_addr);
    m.extlib = r.extlib.clone();
    Ok(m)
}

/// `indirect_access/` emptied, `dma_access/` present (as spike_run prepares them).
pub(super) fn fresh_dumps(dir: &Path) -> Result<(), String> {
    let ia = dir.join("indirect_access");
    if ia.exists() {
        std::fs::remove_dir_all(&ia).map_err(|e| format!("{}: cannot clear: {e}", ia.display()))?;
    }
    std::fs::create_dir_all(&ia).map_err(|e| format!("{}: {e}", ia.display()))?;
    let da = dir.join("dma_access");
    std::fs::create_dir_all(&da).map_err(|e| format!("{}: {e}", da.display()))
}

/// The whole grid in one machine, in the runtime directory.
fn one(l: &Launch, stats: bool) -> i32 {
    let mut argv = vec![l.elf.clone()];
    argv.extend(l.obj.args.iter().map(|a| format!("{}.raw", a.name)));
    argv.extend(l.scalars.iter().cloned());
    execute(l.config.clone(), &argv, stats)
}

/// A worker's directory inside the runtime directory.
pub(super) fn worker_dir(runtime: &Path, w: usize) -> PathBuf {
    runtime.join(format!(".npu-spike-part{w}"))
}

fn split(l: &Launch, total: u64, n: usize, stats: bool) -> i32 {
    let ranges = ranges(total, n);
    let writable: Vec<_> = l.obj.args.iter().filter(|a| a.role != Role::In).collect();
    let workers: Vec<PathBuf> = (0..ranges.len())
        .map(|w| worker_dir(&l.runtime, w))
        .collect();
    let cleanup = || {
        for d in &workers {
            let _ = std::fs::remove_dir_all(d);
        }
    };
    // Each worker: its own dump directories and its own copy of every output.
    for d in &workers {
        let prepared = (|| -> std::io::Result<()> {
            if d.exists() {
                std::fs::remove_dir_all(d)?;
            }
            std::fs::create_dir_all(d.join("indirect_access"))?;
            std::fs::create_dir_all(d.join("dma_access"))?;
            for a in &writable {
                let f = format!("{}.raw", a.name);
                std::fs::copy(l.runtime.join(&f), d.join(&f))?;
            }
            Ok(())
        })();
        if let Err(e) = prepared {
            cleanup();
            return fail(&format!(
                "{}: cannot prepare a grid range: {e}",
                d.display()
            ));
        }
    }
    let runtime_abs = match l.runtime.canonicalize() {
        Ok(p) => p,
        Err(e) => return fail(&format!("{}: {e}", l.runtime.display())),
    };
    eprintln!("npu-spike: {total} programs over {} machines", ranges.len());
    let statuses: Vec<i32> = std::thread::scope(|s| {
        let handles: Vec<_> = ranges
            .iter()
            .zip(&workers)
            .map(|(&(lo, hi), d)| {
                let mut argv = vec![l.elf.clone()];
                for a in &l.obj.args {
                    let f = format!("{}.raw", a.name);
                    argv.push(if a.role == Role::In {
                        runtime_abs.join(&f).to_string_lossy().into_owned()
                    } else {
                        f
                    });
                }
                argv.extend(l.scalars.iter().cloned());
                argv.push(lo.to_string());
                argv.push(hi.to_string());
                let config = worker_config(&l.config, d);
                s.spawn(move || execute(config, &argv, stats))
            })
            .collect();
        handles
            .into_iter()
            .map(|h| h.join().unwrap_or(101))
            .collect()
    });
    if let Some((i, &st)) = statuses.iter().enumerate().find(|(_, s)| **s != 0) {
        cleanup();
        eprintln!(
            "npu-spike: error: grid range [{}, {}) ended with status {st}; the outputs are left as they were",
            ranges[i].0, ranges[i].1
        );
        return st;
    }
    match merge(l, &workers, &writable) {
        Ok(Merged::Done) => {
            cleanup();
            0
        }
        Ok(Merged::Clash(why)) => {
            cleanup();
            eprintln!("npu-spike: note: {why}; running the grid in one machine instead");
            if let Err(e) = fresh_dumps(&l.runtime) {
                return fail(&e);
            }
            one(l, stats)
        }
        Err(e) => {
            cleanup();
            fail(&e)
        }
    }
}

enum Merged {
    Done,
    Clash(String),
}

/// Folds the workers' outputs and dumps into the runtime directory; nothing is
/// written unless every check passes.
fn merge(
    l: &Launch,
    workers: &[PathBuf],
    writable: &[&super::kernel::KArg],
) -> Result<Merged, String> {
    let mut outputs = Vec::new();
    for a in writable {
        let f = format!("{}.raw", a.name);
        let mut parts = Vec::new();
        for d in workers {
            let p = d.join(&f);
            let got = std::fs::read(&p).map_err(|e| format!("{}: {e}", p.display()))?;
            parts.push((p.display().to_string(), got));
        }
        match merge_bytes(a, &parts)? {
            Ok(merged) => outputs.push((l.runtime.join(&f), merged)),
            Err(why) => return Ok(Merged::Clash(why)),
        }
    }
    let moves = dump_moves(&l.runtime, workers)?;
    for (p, bytes) in outputs {
        let tmp = p.with_extension("raw.npu-spike-merge");
        std::fs::write(&tmp, &bytes)
            .and_then(|_| std::fs::rename(&tmp, &p))
            .map_err(|e| format!("{}: cannot write the merged output: {e}", p.display()))?;
    }
    move_dumps(moves)?;
    Ok(Merged::Done)
}

/// One written argument merged byte-wise against a zero base from the ranges'
/// copies (`parts`: where each came from, its bytes): `Ok(Err(why))` when two
/// ranges wrote a byte differently.
pub(super) fn merge_bytes(
    a: &super::kernel::KArg,
    parts: &[(String, Vec<u8>)],
) -> Result<Result<Vec<u8>, String>, String> {
    let n = a.bytes as usize;
    let mut merged = vec![0u8; n];
    let mut written = vec![false; n];
    for (from, got) in parts {
        if got.len() != n {
            return Err(format!(
                "{from}: a grid range left {} bytes for {}, expected {n}",
                got.len(),
                a.name
            ));
        }
        for (i, &b) in got.iter().enumerate() {
            if b == 0 {
                continue;
            }
            if written[i] && merged[i] != b {
                return Ok(Err(format!(
                    "two grid ranges wrote {} byte {i} differently",
                    a.name
                )));
            }
            merged[i] = b;
            written[i] = true;
        }
    }
    Ok(Ok(merged))
}

/// Where the workers' index dumps go in `runtime`: keyed ones by name, unkeyed
/// ones renumbered in range order; `dma_access/` from more than one range is an
/// error. Nothing is moved yet.
pub(super) fn dump_moves(
    runtime: &Path,
    workers: &[PathBuf],
) -> Result<Vec<(PathBuf, PathBuf)>, String> {
    // Index dumps: keyed ones by name, unkeyed ones renumbered in range order.
    let mut moves: Vec<(PathBuf, PathBuf)> = Vec::new();
    let mut next = 0u64;
    let ia = runtime.join("indirect_access");
    for d in workers {
        let src = d.join("indirect_access");
        let mut unkeyed = Vec::new();
        for e in std::fs::read_dir(&src).map_err(|e| format!("{}: {e}", src.display()))? {
            let e = e.map_err(|e| format!("{}: {e}", src.display()))?;
            let name = e.file_name().to_string_lossy().into_owned();
            match unkeyed_index(&name) {
                Some(k) => unkeyed.push((k, name)),
                None => moves.push((e.path(), ia.join(&name))),
            }
        }
        unkeyed.sort();
        for (_, name) in unkeyed {
            moves.push((
                src.join(&name),
                ia.join(format!("indirect_index{next}.raw")),
            ));
            next += 1;
        }
    }
    let mut dma_writers = Vec::new();
    for d in workers {
        let src = d.join("dma_access");
        let names: Vec<_> = std::fs::read_dir(&src)
            .map_err(|e| format!("{}: {e}", src.display()))?
            .filter_map(|e| e.ok())
            .map(|e| e.file_name())
            .collect();
        if !names.is_empty() {
            dma_writers.push((src, names));
        }
    }
    if dma_writers.len() > 1 {
        return Err(
            "more than one grid range wrote dma_access/, which has no per-range naming; run with --jobs 1"
                .into(),
        );
    }
    for (src, names) in dma_writers {
        for n in names {
            moves.push((src.join(&n), runtime.join("dma_access").join(&n)));
        }
    }
    Ok(moves)
}

/// Carries out `dump_moves`.
pub(super) fn move_dumps(moves: Vec<(PathBuf, PathBuf)>) -> Result<(), String> {
    for (from, to) in moves {
        std::fs::rename(&from, &to)
            .or_else(|_| std::fs::copy(&from, &to).map(|_| ()))
            .map_err(|e| format!("{}: cannot move to {}: {e}", from.display(), to.display()))?;
    }
    Ok(())
}

/// `indirect_index<N>.raw` (unkeyed) -> N.
fn unkeyed_index(name: &str) -> Option<u64> {
    let n = name.strip_prefix("indirect_index")?.strip_suffix(".raw")?;
    if n.is_empty() || !n.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    n.parse().ok()
}
