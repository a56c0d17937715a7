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
//! the cycle model see only the `Accel` trait.

pub mod builtin;
pub mod library;

use crate::exec::{ExecResult, Insn};
use crate::isa::Op;
use crate::machine::Hart;
use std::sync::Arc;

/// The ABI version of the interface npu-spike hosts.
pub const ABI_VERSION: u32 = 11;

/// Major opcodes a model may own: custom-1 (DMA) and custom-2 (VCIX).
pub const CUSTOM_1: u32 = 0x2b;
pub const CUSTOM_2: u32 = 0x5b;

/// Whether `bits` is a custom-1 or custom-2 word (decided by the model, not the tables).
#[inline]
pub fn is_custom(bits: u32) -> bool {
    matches!(bits & 0x7f, CUSTOM_1 | CUSTOM_2)
}

/// An instruction as both faces receive it: its bits and the vector configuration it
/// runs under (`vcix_insn`).
#[repr(C)]
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub struct VcixInsn {
    pub bits: u32,
    pub vl: u32,
    pub sew_bits: u32,
    /// LMUL = 2^lmul_log2, from -3 to 3.
    pub lmul_log2: i32,
}

impl VcixInsn {
    pub fn of(h: &Hart, bits: u32) -> VcixInsn {
        VcixInsn {
            bits,
            vl: h.v.vl as u32,
            sew_bits: h.v.sew,
            lmul_log2: h.v.lmul_log2,
        }
    }
}

/// An encoding a model owns: a word is it when `bits & mask == matches`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Encoding {
    pub matches: u32,
    pub mask: u32,
    pub name: String,
}

/// What `issue` answers: the cycles until the result is ready, or "ask `ready`".
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Latency {
    Cycles(u64),
    Unknown,
}

/// What a statistic's value is (`VCIX_STAT_*`). A port is the entries of one
/// (unit, name): utilisation = admitted / (capacity × cycles).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum StatKind {
    Admitted,
    Capacity,
    Cycles,
    Occupancy,
    Count,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct StatEntry {
    pub unit: String,
    pub name: String,
    pub unit_of_work: String,
    pub kind: StatKind,
    /// The entry belongs to the port that is its unit's utilisation.
    pub primary: bool,
}

/// One accelerator model instance (either face).
pub trait Accel: Send {
    fn name(&self) -> &str;
    /// The owned encodings, in the order ownership is decided (first match wins).
    fn encodings(&self) -> &[Encoding];

    /// The encoding that owns `bits`, if any.
    fn owner(&self, bits: u32) -> Option<usize> {
        self.encodings()
            .iter()
            .position(|e| bits & e.mask == e.matches)
    }

    /// The table op that runs encoding `enc` natively, when the model's functional face
    /// is npu-spike's own code (the built-in units): the decoder then binds the op's
    /// handler directly and `execute` is not called. Loaded models answer None.
    fn native_op(&self, _enc: usize) -> Option<Op> {
        None
    }

    /// Functional face: runs the owned instruction `insn` (encoding `enc`) on `hart`.
    fn execute(&mut self, hart: &mut Hart, enc: usize, insn: &Insn) -> ExecResult;

    /// Timing face (cycle model only). `can_accept` must not change state.
    fn can_accept(&self, insn: &VcixInsn, now: u64) -> bool;
    fn issue(&mut self, insn: &VcixInsn, id: u64, now: u64) -> Latency;
    /// Takes back every issued instruction from `first` on.
    fn squash(&mut self, first: u64, now: u64);
    /// The oldest issued instruction is final.
    fn commit(&mut self, insn: &VcixInsn, id: u64, now: u64);
    /// First in every cycle.
    fn tick(&mut self, now: u64);
    /// `tick` for every cycle of `from..=to` when nothing is in flight; a model whose
    /// idle ticks are cheaper in bulk overrides it.
    fn tick_idle(&mut self, from: u64, to: u64) {
        for c in from..=to {
            self.tick(c);
        }
    }
    /// Asked every cycle after `issue` answered `Latency::Unknown`, until true.
    fn ready(&mut self, id: u64, now: u64) -> bool;
    /// Back to the state creation left, statistics aside.
    fn reset(&mut self);

    fn stats(&self) -> &[StatEntry];
    /// The value of every entry of `stats`, as of now.
    fn read_stats(&self, values: &mut [u64]);
}

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

/// The handler of every word a loaded model owns: the legality checks of the VCIX
/// forms, the model's `execute`, then vstart = 0. The encoding index rides in `imm`.
pub fn execute_owned(h: &mut Hart, i: &Insn) -> ExecResult {
    check_legal(h, i)?;
    let mut model = std::mem::replace(&mut h.accel, Box::new(builtin::Placeholder));
    let r = model.execute(h, i.imm as usize, i);
    h.accel = model;
    r?;
    h.v.vstart = 0;
    Ok(())
}

/// Whether an owned word may run now, executed or only timed: a VCIX (custom-2) word
/// needs VS on and vtype legal, and FS on for the forms that read f[rs1] (funct3 101).
/// Custom-1 words (the DMA) need neither: the reference model's DMA programs configure
/// transfers before any vsetvli.
pub fn check_legal(h: &Hart, i: &Insn) -> ExecResult {
    if i.bits & 0x7f == CUSTOM_2
        && (!h.vs_enabled() || h.v.vill || ((i.bits >> 12) & 7 == 0b101 && !h.fp_enabled()))
    {
        return Err(crate::machine::Trap::illegal(i.bits).into());
    }
    Ok(())
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
