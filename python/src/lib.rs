//! `npu_spike._native`: the Python package's bridge to npu-spike's library (the
//! crate the CLI is built from). Bytes cross the boundary; the Python layer
//! (`npu_spike/__init__.py`) turns them into NumPy arrays and checks dtypes and
//! shapes. Every entry point releases the GIL while a guest runs and catches panics,
//! so a failure is a Python exception, never the end of the interpreter.

use npu_spike::cli::kernel::{KernelObject, Role};
use npu_spike::cli::launch::{self, Failure, FailureKind, RunArgs};
use npu_spike::cli::sample::{SampleArgs, sample_single};
use npu_spike::timing::stats;
use pyo3::exceptions::PyRuntimeError;
use pyo3::prelude::*;
use pyo3::types::{PyByteArray, PyDict, PyList};
use std::collections::HashMap;
use std::panic::{AssertUnwindSafe, catch_unwind};
use std::path::{Path, PathBuf};
use std::sync::Mutex;

/// run_object's result: the outputs, the notes, (instructions, run seconds, machines).
type RunResult<'py> = (
    Vec<(String, Bound<'py, PyByteArray>)>,
    Vec<String>,
    (u64, f64, usize),
);

/// The exception class of `npu_spike.errors` for a failure kind.
fn class_name(kind: FailureKind) -> &'static str {
    match kind {
        FailureKind::BadInput => "BadInputError",
        FailureKind::Model => "ModelError",
        FailureKind::GuestExit => "GuestExitError",
        FailureKind::GuestFault => "GuestFaultError",
        FailureKind::Npu => "NpuError",
        FailureKind::Limit => "LimitError",
        FailureKind::Host => "NpuSpikeError",
    }
}

/// `npu_spike.errors.<class>(message, status, pc)` as a Python exception.
fn raise(py: Python<'_>, class: &str, message: String, status: i32, pc: Option<u64>) -> PyErr {
    let made = py
        .import("npu_spike.errors")
        .and_then(|m| m.getattr(class))
        .and_then(|c| c.call1((message.clone(), status, pc)));
    match made {
        Ok(e) => PyErr::from_value(e),
        Err(_) => PyRuntimeError::new_err(message),
    }
}

fn failure(py: Python<'_>, f: Failure) -> PyErr {
    raise(py, class_name(f.kind), f.message, f.status, f.pc)
}

fn bad(py: Python<'_>, message: String) -> PyErr {
    raise(py, "BadInputError", message, 1, None)
}

/// Runs `f` without the GIL; a panic inside becomes an error of status 101.
fn detached<T: Send>(
    py: Python<'_>,
    f: impl FnOnce() -> Result<T, Failure> + Send,
) -> Result<T, Failure> {
    py.detach(|| {
        catch_unwind(AssertUnwindSafe(f)).unwrap_or_else(|p| {
            let what = p
                .downcast_ref::<&str>()
                .map(|s| s.to_string())
                .or_else(|| p.downcast_ref::<String>().cloned())
                .unwrap_or_else(|| "a panic".into());
            Err(Failure {
                kind: FailureKind::Host,
                status: 101,
                message: format!("internal error in npu-spike (please report it): {what}"),
                pc: None,
            })
        })
    })
}

/// The kernel object at `kernel` (a directory with kernel.json: parsed again only
/// when the file's bytes change), or the one `manifest` (kernel.json's text)
/// describes with its artifacts in `kernel`.
fn load_object(kernel: &Path, manifest: Option<&str>) -> Result<KernelObject, String> {
    type Entry = (PathBuf, Vec<u8>, KernelObject);
    static CACHE: Mutex<Vec<Entry>> = Mutex::new(Vec::new());
    match manifest {
        None => {
            let Ok(text) = std::fs::read(kernel.join("kernel.json")) else {
                return KernelObject::load(kernel);
            };
            let mut cache = CACHE.lock().unwrap_or_else(|e| e.into_inner());
            if let Some((_, _, o)) = cache.iter().find(|(p, t, _)| p == kernel && *t == text) {
                return Ok(o.clone());
            }
            drop(cache);
            let obj = KernelObject::load(kernel)?;
            cache = CACHE.lock().unwrap_or_else(|e| e.into_inner());
            cache.retain(|(p, _, _)| p != kernel);
            if cache.len() >= 64 {
                cache.remove(0);
            }
            cache.push((kernel.to_path_buf(), text, obj.clone()));
            Ok(obj)
        }
        Some(text) => {
            let v: serde_json::Value =
                serde_json::from_str(text).map_err(|e| format!("the manifest is not JSON: {e}"))?;
            KernelObject::from_value(kernel, &v)
        }
    }
}

/// `launch::parse_flags`, remembered for the last 64 distinct command lines.
fn parsed_flags(kernel: &Path, flags: Vec<String>) -> Result<RunArgs, Failure> {
    type Entry = ((PathBuf, Vec<String>), RunArgs);
    static CACHE: Mutex<Vec<Entry>> = Mutex::new(Vec::new());
    let key = (kernel.to_path_buf(), flags);
    if let Some((_, r)) = CACHE
        .lock()
        .unwrap_or_else(|e| e.into_inner())
        .iter()
        .find(|(k, _)| *k == key)
    {
        return Ok(r.clone());
    }
    let r = launch::parse_flags(&key.0, &key.1)?;
    let mut cache = CACHE.lock().unwrap_or_else(|e| e.into_inner());
    if cache.len() >= 64 {
        cache.remove(0);
    }
    cache.push((key, r.clone()));
    Ok(r)
}

fn role(r: Role) -> &'static str {
    match r {
        Role::In => "in",
        Role::Out => "out",
        Role::InOut => "inout",
    }
}

/// kernel_info(kernel, manifest=None) -> dict: the kernel object's name, args
/// (name, role, dtype, shape, bytes), scalars (name, ctype, default) and grid.
#[pyfunction]
#[pyo3(signature = (kernel, manifest=None))]
fn kernel_info<'py>(
    py: Python<'py>,
    kernel: PathBuf,
    manifest: Option<&str>,
) -> PyResult<Bound<'py, PyDict>> {
    let obj = load_object(&kernel, manifest).map_err(|e| bad(py, e))?;
    let d = PyDict::new(py);
    d.set_item("name", &obj.name)?;
    let args = PyList::empty(py);
    for a in &obj.args {
        let x = PyDict::new(py);
        x.set_item("name", &a.name)?;
        x.set_item("role", role(a.role))?;
        x.set_item("dtype", &a.dtype)?;
        x.set_item("shape", a.shape.clone())?;
        x.set_item("bytes", a.bytes)?;
        args.append(x)?;
    }
    d.set_item("args", args)?;
    let scalars = PyList::empty(py);
    for s in &obj.scalars {
        let x = PyDict::new(py);
        x.set_item("name", &s.name)?;
        x.set_item("ctype", &s.ctype)?;
        x.set_item("default", s.default.as_ref().map(|v| v.to_string()))?;
        scalars.append(x)?;
    }
    d.set_item("scalars", scalars)?;
    d.set_item("grid", obj.grid.clone())?;
    d.set_item("total", obj.total())?;
    Ok(d)
}

/// run_object(kernel, inputs, flags, scalar_words=None, dump_dir=None,
/// manifest=None, file_names=None) -> (outputs, notes, stats): `launch::launch`
/// with `npu-spike run`'s `flags`; outputs are (name, bytearray) in kernel.json
/// order, stats (instructions, run_seconds, machines).
#[pyfunction]
#[pyo3(signature = (kernel, inputs, flags, scalar_words=None, dump_dir=None, manifest=None, file_names=None))]
#[allow(clippy::too_many_arguments)]
fn run_object<'py>(
    py: Python<'py>,
    kernel: PathBuf,
    inputs: HashMap<String, Vec<u8>>,
    flags: Vec<String>,
    scalar_words: Option<Vec<String>>,
    dump_dir: Option<PathBuf>,
    manifest: Option<String>,
    file_names: Option<HashMap<String, String>>,
) -> PyResult<RunResult<'py>> {
    let r = parsed_flags(&kernel, flags).map_err(|f| failure(py, f))?;
    let obj = load_object(&kernel, manifest.as_deref()).map_err(|e| bad(py, e))?;
    let done = detached(py, move || {
        launch::launch(
            &obj,
            &r,
            inputs,
            scalar_words,
            dump_dir.as_deref(),
            &file_names.unwrap_or_default(),
        )
    })
    .map_err(|f| failure(py, f))?;
    let outputs = done
        .outputs
        .into_iter()
        .map(|(n, b)| (n, PyByteArray::new(py, &b)))
        .collect();
    let st = done.stats;
    Ok((
        outputs,
        done.notes,
        (st.instructions, st.run_seconds, st.machines),
    ))
}

/// sample(path, lanes=None, vlen=None, model=None, tile_types=None,
/// machine_config=None, args=None, max_insns=None) -> (cycles, rows):
/// `npu-spike sample PATH` for one binary or kernel object; cycles per marker
/// window (the final dump left out), rows = trace_cycles.tsv as (cycle,
/// overlapping) pairs when there is a tile table, else None.
#[pyfunction]
#[pyo3(signature = (path, lanes=None, vlen=None, model=None, tile_types=None, machine_config=None, args=None, max_insns=None))]
#[allow(clippy::too_many_arguments, clippy::type_complexity)]
fn sample(
    py: Python<'_>,
    path: PathBuf,
    lanes: Option<u32>,
    vlen: Option<u32>,
    model: Option<PathBuf>,
    tile_types: Option<PathBuf>,
    machine_config: Option<PathBuf>,
    args: Option<Vec<String>>,
    max_insns: Option<u64>,
) -> PyResult<(Vec<u64>, Option<Vec<(u64, u64)>>)> {
    let mut a = SampleArgs::empty();
    a.elfs = vec![path];
    a.vectorlane_size = lanes;
    a.vlen = vlen;
    a.model = model;
    a.tile_types = tile_types;
    a.machine_config = machine_config;
    a.args = args.unwrap_or_default();
    if let Some(m) = max_insns {
        a.max_insns = m;
    }
    let label = a.elfs[0].display().to_string();
    detached(py, move || {
        let to_failure = |(status, message): (i32, String)| {
            let kind = if message.starts_with("vcixaccel: ")
                || message.starts_with("accelerator model ")
            {
                FailureKind::Model
            } else {
                match status {
                    1 => FailureKind::BadInput,
                    124 => FailureKind::Limit,
                    200..=254 => FailureKind::Npu,
                    255 => FailureKind::GuestFault,
                    _ => FailureKind::GuestExit,
                }
            };
            let message = if kind == FailureKind::Model {
                message
            } else {
                format!("{label}: {message}")
            };
            Failure {
                kind,
                status,
                message,
                pc: None,
            }
        };
        let (s, tiles) = sample_single(&a).map_err(to_failure)?;
        let cycles: Vec<u64> = s
            .dumps
            .iter()
            .filter(|d| !d.final_dump)
            .map(|d| d.cycles)
            .collect();
        let rows = match &tiles {
            None => None,
            Some(t) => {
                let tsv =
                    stats::trace_cycles_tsv(&s.dumps, Some(t)).map_err(|e| to_failure((1, e)))?;
                Some(
                    tsv.lines()
                        .filter_map(|l| {
                            let (c, o) = l.split_once('\t')?;
                            Some((c.parse().ok()?, o.parse().ok()?))
                        })
                        .collect(),
                )
            }
        };
        Ok((cycles, rows))
    })
    .map_err(|f| failure(py, f))
}

/// Removes the idle private working directories of launches from memory (the
/// package calls it at exit).
#[pyfunction]
fn remove_scratch_dirs() {
    launch::remove_scratch_dirs();
}

/// The version of the npu-spike library inside.
#[pyfunction]
fn version() -> &'static str {
    env!("CARGO_PKG_VERSION")
}

#[pymodule]
fn _native(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_function(wrap_pyfunction!(kernel_info, m)?)?;
    m.add_function(wrap_pyfunction!(run_object, m)?)?;
    m.add_function(wrap_pyfunction!(sample, m)?)?;
    m.add_function(wrap_pyfunction!(version, m)?)?;
    m.add_function(wrap_pyfunction!(remove_scratch_dirs, m)?)?;
    Ok(())
}
