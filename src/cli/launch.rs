//! The simulator as a library call (the Python package `npu_spike`): a kernel
//! object launched on arguments held in memory, with everything else as
//! `npu-spike run WORKDIR` does it: the same options (`flags`, spelled as on the
//! command line), machine, argv, grid split and byte-wise merge.
//!
//! The guest's `open`/`read`/`write` of `<name>.raw` are served from memory
//! (`host::files::Files::serve_from_memory`); nothing of the arguments is written to
//! disk. The guest still has a working directory for anything else it writes (the
//! NPU's index dumps `indirect_access/`, `dma_access/`): `dump_dir` when the caller
//! names one (dumps merged there as `run` merges them), else a private temporary
//! directory removed after the launch.
//!
//! Failures come back as values (`Failure`): the message `run` prints, its exit
//! status, and the kind of failure.

use super::kernel::{KArg, KernelObject, Role};
use super::kernel_run;
use super::run;
pub use super::run::RunArgs;
use crate::loader::{Program, load_elf};
use crate::sim::{Config, Env, RunError, Simulator};
use clap::Parser;
use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex};

/// A file's identity for the caches below: size, modification time, inode.
pub type FileStamp = (u64, std::time::SystemTime, u64);

/// `path`'s `FileStamp`.
pub fn file_stamp(path: &Path) -> std::io::Result<FileStamp> {
    use std::os::unix::fs::MetadataExt;
    let m = std::fs::metadata(path)?;
    Ok((m.len(), m.modified()?, m.ino()))
}

/// The ELF at `path`, loaded once while the file stays the same (a model launches
/// its kernels many times): the last 64 loaded are kept.
fn cached_elf(path: &Path) -> Result<Arc<Program>, String> {
    type Entry = (PathBuf, FileStamp, Arc<Program>);
    static CACHE: Mutex<Vec<Entry>> = Mutex::new(Vec::new());
    let stamp = file_stamp(path).map_err(|e| e.to_string())?;
    let mut cache = CACHE.lock().unwrap_or_else(|e| e.into_inner());
    if let Some((_, _, p)) = cache.iter().find(|(p, s, _)| p == path && *s == stamp) {
        return Ok(Arc::clone(p));
    }
    drop(cache);
    let prog = Arc::new(load_elf(path).map_err(|e| e.to_string())?);
    cache = CACHE.lock().unwrap_or_else(|e| e.into_inner());
    cache.retain(|(p, _, _)| p != path);
    if cache.len() >= 64 {
        cache.remove(0);
    }
    cache.push((path.to_path_buf(), stamp, Arc::clone(&prog)));
    Ok(prog)
}

/// What kind of failure ended a launch (the Python exception classes follow it).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum FailureKind {
    /// The launch was refused before the guest ran: options, kernel.json, the
    /// arguments' names, sizes or dtypes (status 1).
    BadInput,
    /// An accelerator model (`--extlib`) refused its description or failed to load.
    Model,
    /// The guest exited with a non-zero status of its own.
    GuestExit,
    /// The guest trapped (illegal instruction, a fault pk would not allow; 255).
    GuestFault,
    /// An NPU unit stopped the run with its own status (200, 201, ...).
    Npu,
    /// The instruction or time limit was reached (124).
    Limit,
    /// Something on the host failed (a dump directory could not be written...).
    Host,
}

/// A launch that did not produce outputs.
#[derive(Clone, Debug)]
pub struct Failure {
    pub kind: FailureKind,
    /// The exit status `npu-spike run` ends with for the same failure.
    pub status: i32,
    /// The message `npu-spike run` prints (without the `npu-spike: error: ` prefix).
    pub message: String,
    /// The guest's pc, for traps and NPU errors.
    pub pc: Option<u64>,
}

impl Failure {
    fn bad(message: String) -> Failure {
        Failure {
            kind: FailureKind::BadInput,
            status: 1,
            message,
            pc: None,
        }
    }

    fn host(message: String) -> Failure {
        Failure {
            kind: FailureKind::Host,
            status: 1,
            message,
            pc: None,
        }
    }
}

/// What a launch produced.
#[derive(Debug, Default)]
pub struct Launched {
    /// Every `out` and `inout` argument, in kernel.json order.
    pub outputs: Vec<(String, Vec<u8>)>,
    /// What `run` says on stderr as notes (one machine for an inout argument, a
    /// clash rerun), for the caller to log.
    pub notes: Vec<String>,
    /// What the machines ran (as `run --stats` reports it).
    pub stats: RunStats,
}

/// Instructions the guests retired and the wall time of their runs (each
/// machine's `Simulator::run`, added up), over `machines` machines.
#[derive(Clone, Copy, Debug, Default)]
pub struct RunStats {
    pub instructions: u64,
    pub run_seconds: f64,
    pub machines: usize,
}

/// `npu-spike run`'s options for a launch: `flags` are the command line's words
/// after the kernel (`--jobs 2`, `--scalar alpha=1.5`, `--max-insns N`...).
pub fn parse_flags(kernel: &Path, flags: &[String]) -> Result<RunArgs, Failure> {
    #[derive(Parser)]
    #[command(name = "npu_spike.run", no_binary_name = false)]
    struct Only {
        #[command(flatten)]
        run: RunArgs,
    }
    let mut argv = vec!["npu_spike.run".to_string(), kernel.to_string_lossy().into()];
    argv.extend(flags.iter().cloned());
    Only::try_parse_from(&argv)
        .map(|o| o.run)
        .map_err(|e| Failure::bad(e.render().to_string().trim_end().to_string()))
}

/// Launches the kernel object `obj` on `inputs` (argument name -> bytes): every
/// `in` and `inout` argument must be there with exactly numel x itemsize bytes; an
/// `out` argument may be (its starting contents, as an existing `.raw` is for
/// `run`), else it starts as zeros. `scalar_words`, when given, are argv's scalar
/// words verbatim (PyTorchSim's spike_run passes them so) instead of `--scalar`
/// and kernel.json's defaults. `file_names` gives an argument's file name in the
/// guest's argv (spike_run passes the basenames of its `.raw` paths); the others
/// are `<name>.raw`.
pub fn launch(
    obj: &KernelObject,
    r: &RunArgs,
    inputs: HashMap<String, Vec<u8>>,
    scalar_words: Option<Vec<String>>,
    dump_dir: Option<&Path>,
    file_names: &HashMap<String, String>,
) -> Result<Launched, Failure> {
    let mut problems = Vec::new();
    let files: Vec<String> = obj
        .args
        .iter()
        .map(|a| {
            file_names
                .get(&a.name)
                .cloned()
                .unwrap_or_else(|| format!("{}.raw", a.name))
        })
        .collect();
    for (i, f) in files.iter().enumerate() {
        if f.is_empty() || f.contains('/') || f == "." || f == ".." {
            problems.push(format!(
                "{}: the file name {f:?} must be a plain name",
                obj.args[i].name
            ));
        } else if files[..i].contains(f) {
            problems.push(format!(
                "{}: the file name {f} is given twice",
                obj.args[i].name
            ));
        }
    }
    for n in file_names.keys() {
        if !obj.args.iter().any(|a| &a.name == n) {
            problems.push(format!(
                "{n}: a file name for an argument the kernel does not have"
            ));
        }
    }
    if !r.scalars.is_empty() || r.runtime.is_some() || r.runtime_dir.is_some() {
        problems.push(
            "a launch from memory takes no runtime directory or positional scalars".to_string(),
        );
    }
    let elf = obj.artifact("elf").map_err(|e| problems.push(e)).ok();
    let scalars = match scalar_words {
        Some(w) => w,
        None => {
            let mut given = Vec::new();
            for s in &r.scalar {
                match s.split_once('=') {
                    Some((n, v)) if !n.is_empty() => given.push((n.to_string(), v.to_string())),
                    _ => problems.push(format!("--scalar '{s}': expected NAME=VALUE")),
                }
            }
            obj.scalar_words(&given).unwrap_or_else(|p| {
                problems.extend(p);
                Vec::new()
            })
        }
    };
    let mut data: Vec<(String, Arc<Vec<u8>>)> = Vec::new();
    let mut inputs = inputs;
    for a in &obj.args {
        match inputs.remove(&a.name) {
            Some(b) if b.len() as u64 != a.bytes => problems.push(format!(
                "{}: is {} bytes; {} is {} x {} ({} bytes)",
                a.name,
                b.len(),
                a.name,
                a.bytes / super::kernel::itemsize(&a.dtype).unwrap_or(1),
                a.dtype,
                a.bytes
            )),
            Some(b) => data.push((a.name.clone(), Arc::new(b))),
            None if a.role == Role::Out => {
                data.push((a.name.clone(), Arc::new(vec![0u8; a.bytes as usize])))
            }
            None => problems.push(format!(
                "{}: input missing (the kernel reads it: role {})",
                a.name,
                role_name(a.role)
            )),
        }
    }
    let mut extra: Vec<&String> = inputs.keys().collect();
    extra.sort();
    for n in extra {
        let have: Vec<&str> = obj.args.iter().map(|a| a.name.as_str()).collect();
        problems.push(format!(
            "{n}: the kernel has no such argument (has: {})",
            have.join(", ")
        ));
    }
    let root = match dump_dir {
        Some(d) => Root::Given(d.to_path_buf()),
        None => match Root::scratch() {
            Ok(t) => t,
            Err(e) => return Err(Failure::host(e)),
        },
    };
    let machine = kernel_run::machine(r, obj, root.path())
        .map_err(|e| problems.push(e))
        .ok();
    let isa = run::isa(r).map_err(|e| problems.push(e)).ok();
    if !problems.is_empty() {
        return Err(Failure::bad(format!(
            "{}: cannot run the kernel object:\n  {}",
            obj.dir.display(),
            problems.join("\n  ")
        )));
    }
    let (elf, machine, isa) = (elf.unwrap(), machine.unwrap(), isa.unwrap());
    match &root {
        Root::Given(d) => kernel_run::fresh_dumps(d),
        // A scratch directory holds no files: its dump directories are empty.
        Root::Scratch(d) => ["indirect_access", "dma_access"]
            .iter()
            .try_for_each(|s| std::fs::create_dir_all(d.join(s)))
            .map_err(|e| format!("{}: {e}", d.display())),
    }
    .map_err(Failure::host)?;
    let prog = cached_elf(&elf).map_err(|e| Failure::bad(format!("{}: {e}", elf.display())))?;
    let config = kernel_run::launch_config(r, obj, machine, isa, root.path());
    let (n, note) = kernel_run::machines(obj, r.jobs);
    let mut notes: Vec<String> = note.into_iter().map(String::from).collect();
    let l = MemLaunch {
        config,
        prog,
        elf: elf.to_string_lossy().into_owned(),
        obj,
        // Served under the file names argv gives them (all arguments are here).
        data: data
            .into_iter()
            .zip(&files)
            .map(|((_, d), f)| (f.clone(), d))
            .collect(),
        files,
        scalars,
        stats: Mutex::new(RunStats::default()),
    };
    let outputs = if n > 1 {
        l.split(root.path(), matches!(root, Root::Scratch(_)), n, &mut notes)?
    } else {
        l.one()?
    };
    let stats = *l.stats.lock().unwrap_or_else(|e| e.into_inner());
    Ok(Launched {
        outputs,
        notes,
        stats,
    })
}

fn role_name(r: Role) -> &'static str {
    match r {
        Role::In => "in",
        Role::Out => "out",
        Role::InOut => "inout",
    }
}

/// The guest's working directory for a launch from memory.
enum Root {
    /// The caller's `dump_dir`.
    Given(PathBuf),
    /// A private directory of this process (`SCRATCH`).
    Scratch(PathBuf),
}

/// Private working directories no launch is using, each holding nothing but empty
/// directories. They are reused rather than made and removed per launch: on a
/// filesystem that discards freed blocks, a `mkdir` + `rmdir` pair costs more than
/// a small launch. `remove_scratch_dirs` removes them (the Python package does at
/// exit).
static SCRATCH: Mutex<Vec<PathBuf>> = Mutex::new(Vec::new());

fn scratch_pool() -> std::sync::MutexGuard<'static, Vec<PathBuf>> {
    SCRATCH.lock().unwrap_or_else(|e| e.into_inner())
}

/// Removes the idle scratch directories of launches from memory.
pub fn remove_scratch_dirs() {
    for d in scratch_pool().drain(..) {
        let _ = std::fs::remove_dir_all(d);
    }
}

/// Whether `dir` holds directories only, all the way down.
fn holds_no_files(dir: &Path) -> bool {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return false;
    };
    entries.into_iter().all(|e| {
        e.ok()
            .is_some_and(|e| e.file_type().is_ok_and(|t| t.is_dir()) && holds_no_files(&e.path()))
    })
}

impl Root {
    fn scratch() -> Result<Root, String> {
        if let Some(d) = scratch_pool().pop() {
            return Ok(Root::Scratch(d));
        }
        static NEXT: AtomicU64 = AtomicU64::new(0);
        let d = std::env::temp_dir().join(format!(
            "npu-spike-launch-{}-{}",
            std::process::id(),
            NEXT.fetch_add(1, Ordering::Relaxed)
        ));
        std::fs::create_dir_all(&d)
            .map_err(|e| format!("{}: cannot create a working directory: {e}", d.display()))?;
        Ok(Root::Scratch(d))
    }

    fn path(&self) -> &Path {
        match self {
            Root::Given(p) | Root::Scratch(p) => p,
        }
    }
}

impl Drop for Root {
    /// A scratch directory the guest wrote nothing into goes back to the pool;
    /// one it wrote into (index dumps, files of its own) is removed.
    fn drop(&mut self) {
        if let Root::Scratch(p) = self {
            if holds_no_files(p) {
                scratch_pool().push(std::mem::take(p));
            } else {
                let _ = std::fs::remove_dir_all(p);
            }
        }
    }
}

struct MemLaunch<'a> {
    config: Config,
    prog: Arc<Program>,
    elf: String,
    obj: &'a KernelObject,
    /// Each argument's file name in argv, in kernel.json order.
    files: Vec<String>,
    scalars: Vec<String>,
    /// Every argument's file name and starting bytes, in kernel.json order.
    data: Vec<(String, Arc<Vec<u8>>)>,
    stats: Mutex<RunStats>,
}

impl MemLaunch<'_> {
    fn argv(&self, range: Option<(u64, u64)>) -> Vec<String> {
        let mut argv = vec![self.elf.clone()];
        argv.extend(self.files.iter().cloned());
        argv.extend(self.scalars.iter().cloned());
        if let Some((lo, hi)) = range {
            argv.push(lo.to_string());
            argv.push(hi.to_string());
        }
        argv
    }

    /// `a`'s file name in argv.
    fn file_of(&self, a: &KArg) -> &str {
        let i = self.obj.args.iter().position(|b| b.name == a.name);
        &self.files[i.expect("an argument of the kernel")]
    }

    fn writable(&self) -> Vec<&KArg> {
        self.obj
            .args
            .iter()
            .filter(|a| a.role != Role::In)
            .collect()
    }

    /// The written arguments of one machine's memory after its run.
    fn outputs_of(
        &self,
        mut files: HashMap<String, Vec<u8>>,
    ) -> Result<Vec<(String, Vec<u8>)>, Failure> {
        self.writable()
            .into_iter()
            .map(|a| {
                let f = self.file_of(a);
                files.remove(f).map(|b| (a.name.clone(), b)).ok_or_else(|| {
                    Failure::host(format!(
                        "{}: the guest deleted {f}; there is no output to return",
                        self.elf
                    ))
                })
            })
            .collect()
    }

    /// The whole grid in one machine.
    fn one(&self) -> Result<Vec<(String, Vec<u8>)>, Failure> {
        let files = run_machine(
            self.config.clone(),
            &self.prog,
            &self.argv(None),
            &self.data,
            Some(&self.stats),
        )?;
        self.outputs_of(files)
    }

    /// The grid over `n` machines, each in its own directory under `root` (kept
    /// for the next launch when `scratch`: they hold no files once the dumps are
    /// moved).
    fn split(
        &self,
        root: &Path,
        scratch: bool,
        n: usize,
        notes: &mut Vec<String>,
    ) -> Result<Vec<(String, Vec<u8>)>, Failure> {
        let total = self.obj.total();
        let ranges = kernel_run::ranges(total, n);
        let workers: Vec<PathBuf> = (0..ranges.len())
            .map(|w| kernel_run::worker_dir(root, w))
            .collect();
        let _cleanup = Cleanup(if scratch { &[] } else { &workers });
        for d in &workers {
            let prepared = (|| -> std::io::Result<()> {
                if d.exists() && !scratch {
                    std::fs::remove_dir_all(d)?;
                }
                std::fs::create_dir_all(d.join("indirect_access"))?;
                std::fs::create_dir_all(d.join("dma_access"))
            })();
            prepared.map_err(|e| {
                Failure::host(format!("{}: cannot prepare a grid range: {e}", d.display()))
            })?;
        }
        let results: Vec<Result<HashMap<String, Vec<u8>>, Failure>> = std::thread::scope(|s| {
            let handles: Vec<_> = ranges
                .iter()
                .zip(&workers)
                .map(|(&range, d)| {
                    let config = kernel_run::worker_config(&self.config, d);
                    let argv = self.argv(Some(range));
                    s.spawn(move || {
                        run_machine(config, &self.prog, &argv, &self.data, Some(&self.stats))
                    })
                })
                .collect();
            handles
                .into_iter()
                .map(|h| {
                    h.join().unwrap_or_else(|p| {
                        Err(Failure::host(format!(
                            "internal error in a grid range: {}",
                            panic_text(&*p)
                        )))
                    })
                })
                .collect()
        });
        let mut per_worker = Vec::new();
        for (i, r) in results.into_iter().enumerate() {
            match r {
                Ok(f) => per_worker.push(f),
                Err(mut f) => {
                    f.message = format!(
                        "{}\n  (grid range [{}, {}) ended with status {})",
                        f.message, ranges[i].0, ranges[i].1, f.status
                    );
                    return Err(f);
                }
            }
        }
        let mut merged = Vec::new();
        for a in self.writable() {
            let f = self.file_of(a).to_string();
            let parts: Vec<(String, Vec<u8>)> = per_worker
                .iter_mut()
                .zip(&ranges)
                .map(|(m, (lo, hi))| {
                    (
                        format!("grid range [{lo}, {hi})"),
                        m.remove(&f).unwrap_or_default(),
                    )
                })
                .collect();
            match kernel_run::merge_bytes(a, &parts).map_err(Failure::host)? {
                Ok(bytes) => merged.push((a.name.clone(), bytes)),
                Err(why) => {
                    notes.push(format!("{why}; running the grid in one machine instead"));
                    drop(_cleanup);
                    kernel_run::fresh_dumps(root).map_err(Failure::host)?;
                    return self.one();
                }
            }
        }
        let moves = kernel_run::dump_moves(root, &workers).map_err(Failure::host)?;
        kernel_run::move_dumps(moves).map_err(Failure::host)?;
        Ok(merged)
    }
}

/// Removes the workers' directories however the split ends.
struct Cleanup<'a>(&'a [PathBuf]);

impl Drop for Cleanup<'_> {
    fn drop(&mut self) {
        for d in self.0 {
            let _ = std::fs::remove_dir_all(d);
        }
    }
}

fn panic_text(p: &(dyn std::any::Any + Send)) -> String {
    p.downcast_ref::<&str>()
        .map(|s| s.to_string())
        .or_else(|| p.downcast_ref::<String>().cloned())
        .unwrap_or_else(|| "a panic".into())
}

/// The pc in a trap or NPU report (`at pc 0x…`, pk's `pc <16 hex digits>`).
fn pc_in(text: &str) -> Option<u64> {
    if let Some(i) = text.find("at pc 0x") {
        let hex: String = text[i + 8..]
            .chars()
            .take_while(|c| c.is_ascii_hexdigit())
            .collect();
        return u64::from_str_radix(&hex, 16).ok();
    }
    text.lines()
        .find_map(|l| l.strip_prefix("pc "))
        .and_then(|rest| rest.split_whitespace().next())
        .and_then(|h| u64::from_str_radix(h, 16).ok())
}

/// Runs one machine of a launch with `files` (file name, bytes) served from
/// memory, and returns them after a clean exit; what it ran is added to
/// `stats`.
pub fn run_machine(
    config: Config,
    prog: &Program,
    argv: &[String],
    files: &[(String, Arc<Vec<u8>>)],
    stats: Option<&Mutex<RunStats>>,
) -> Result<HashMap<String, Vec<u8>>, Failure> {
    let elf = argv[0].clone();
    let mut sim = match Simulator::new(config, prog, argv) {
        Ok(s) => s,
        // A model refusing its description (the Spike adapter's words), or one that
        // does not load.
        Err(e) if e.starts_with("vcixaccel: ") || e.starts_with("accelerator model ") => {
            return Err(Failure {
                kind: FailureKind::Model,
                status: 1,
                message: e,
                pc: None,
            });
        }
        Err(e) => return Err(Failure::bad(e)),
    };
    match &mut sim.env {
        Env::Pk(pk) => {
            for (name, data) in files {
                pk.files.serve_from_memory(name, Arc::clone(data));
            }
        }
        Env::Bare(_) => {
            return Err(Failure::bad(format!(
                "{elf}: a bare-metal program (it has `tohost`); a kernel runs under the proxy kernel"
            )));
        }
    }
    let started = std::time::Instant::now();
    let result = sim.run();
    if let Some(st) = stats {
        let mut st = st.lock().unwrap_or_else(|e| e.into_inner());
        st.instructions += sim.hart.instret;
        st.run_seconds += started.elapsed().as_secs_f64();
        st.machines += 1;
    }
    let files = match &mut sim.env {
        Env::Pk(pk) => pk.files.take_memory(),
        Env::Bare(_) => HashMap::new(),
    };
    match result {
        Ok(0) => Ok(files),
        Ok(code) => Err(Failure {
            kind: FailureKind::GuestExit,
            status: (code & 0xff) as i32,
            message: format!("{elf}: the program exited with status {code}"),
            pc: None,
        }),
        Err(e) => {
            let status = e.exit_code();
            let (kind, pc) = match &e {
                RunError::Npu { at, .. } => (FailureKind::Npu, pc_in(at)),
                RunError::Fatal(m) => (FailureKind::GuestFault, pc_in(m)),
                RunError::Segfault { report, .. } => (FailureKind::GuestFault, pc_in(report)),
                RunError::InsnLimit(_) | RunError::Timeout(..) => (FailureKind::Limit, None),
                RunError::Signal(..) => (FailureKind::Host, None),
            };
            let message = match &e {
                RunError::Segfault {
                    report,
                    detail: Some(d),
                } => format!("{report}\n{elf}: {d}"),
                RunError::Segfault { report, .. } => report.clone(),
                _ => format!("{elf}: {e}"),
            };
            Err(Failure {
                kind,
                status,
                message,
                pc,
            })
        }
    }
}

#[cfg(test)]
mod tests {
    use super::pc_in;

    #[test]
    fn pcs_in_reports() {
        assert_eq!(
            pc_in("unhandled trap: illegal instruction (cause 2) at pc 0x10abc: 0x0000 c.unimp"),
            Some(0x10abc)
        );
        assert_eq!(
            pc_in(
                "z  0000000000000000 ra 0000000000000000\npc 0000000000010a08 va/inst 0000000000000000 sr 0000000200006020\nUser load segfault @ 0x0000000000000000"
            ),
            Some(0x10a08)
        );
        assert_eq!(pc_in("the program exited"), None);
    }
}
