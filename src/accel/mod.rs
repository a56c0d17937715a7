//! Accelerator models: one model, two faces, behind one interface (the vcix-accelerator
//! C interface, ABI 11, `include/vcix_accel.h` of PSAL-POSTECH/vcix-accelerator).
//!
//! A model owns a list of custom-1/custom-2 encodings (first match wins). Its
//! *functional* face runs an owned instruction on the hart (`execute`); its *timing*
//! face is asked by the cycle model when the instruction may issue, how long it takes,
//! and when it commits (`can_accept`, `issue`, `ready`, `commit`, `squash`, `tick`),
//! and reports statistics. The functional and the timing face are separate instances,
//! as they are in Spike and gem5.
//!
//! Two implementations: the built-in TPU units (`builtin`, the default) and a shared
//! library loaded with `--extlib`/`--model` (`library`). The decoder, the executor and
//! the cycle model see only the `Accel` trait, which lives below them all in
//! `crate::machine::accel` (the hart holds its functional face).

pub mod builtin;
pub mod library;

use crate::machine::accel::{Accel, Encoding, is_custom};
use std::sync::Arc;

/// The ABI version of the interface npu-spike hosts.
pub const ABI_VERSION: u32 = 11;

/// Where model instances come from.
#[derive(Clone, Default)]
pub enum ModelSource {
    /// npu-spike's own TPU units.
    #[default]
    Builtin,
    /// A library loaded with `--extlib`/`--model`.
    Library(Arc<library::Library>),
}

impl std::fmt::Debug for ModelSource {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            ModelSource::Builtin => f.write_str("Builtin"),
            ModelSource::Library(l) => write!(f, "Library({})", l.path.display()),
        }
    }
}

impl ModelSource {
    /// Loads the library at `path` (the checks of `library::Library::load`).
    pub fn load(path: &std::path::Path) -> Result<ModelSource, String> {
        Ok(ModelSource::Library(Arc::new(library::Library::load(
            path,
        )?)))
    }

    /// The model a machine names (`extlib`), the built-in units without one.
    pub fn for_machine(m: &crate::config::MachineConfig) -> Result<ModelSource, String> {
        match &m.extlib {
            None => Ok(ModelSource::Builtin),
            Some(p) => ModelSource::load(p),
        }
    }

    pub fn is_builtin(&self) -> bool {
        matches!(self, ModelSource::Builtin)
    }

    /// A new instance (each face gets its own), created from the machine description. A model that
    /// refuses the description gives `vcixaccel: <name>: <reason>` as the error.
    pub fn instance(
        &self,
        desc: &crate::config::MachineDesc,
        timing: &crate::timing::TimingParams,
        exts: u64,
    ) -> Result<Box<dyn Accel>, String> {
        match self {
            ModelSource::Builtin => Ok(Box::new(builtin::Builtin::new(timing, exts))),
            ModelSource::Library(lib) => Ok(Box::new(library::Instance::create(lib, desc)?)),
        }
    }
}

/// The disassembly of a word a loaded model owns: its encoding's name and the word.
pub fn disassemble_owned(model: &str, encodings: &[Encoding], bits: u32) -> Option<String> {
    if !is_custom(bits) {
        return None;
    }
    Some(
        match encodings.iter().find(|e| bits & e.mask == e.matches) {
            Some(e) => format!("{} ({bits:#010x})", e.name),
            None => format!("unknown {bits:#010x} (not owned by model {model})"),
        },
    )
}
