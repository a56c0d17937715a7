//! The accelerator model interface the hart, the decoder, the executor and the cycle
//! model see (the vcix-accelerator C interface, ABI 11): the `Accel` trait and the
//! types both faces share. The implementations (the built-in TPU units, a loaded
//! library) are `crate::accel`, above every user of the trait.

use super::{ExecResult, Hart, Insn, Trap};
use crate::isa::Op;

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

/// Stands in for a hart's model while that model runs (`exec::npu::model::vcix_model`
/// moves it out so that it can borrow the hart), and is a new hart's model until the
/// simulator installs one: it owns no word.
pub struct Placeholder;

impl Accel for Placeholder {
    fn name(&self) -> &str {
        "(none)"
    }
    fn encodings(&self) -> &[Encoding] {
        &[]
    }
    fn execute(&mut self, _: &mut Hart, _: usize, i: &Insn) -> ExecResult {
        Err(Trap::illegal(i.bits).into())
    }
    fn can_accept(&self, _: &VcixInsn, _: u64) -> bool {
        true
    }
    fn issue(&mut self, _: &VcixInsn, _: u64, _: u64) -> Latency {
        Latency::Cycles(1)
    }
    fn squash(&mut self, _: u64, _: u64) {}
    fn commit(&mut self, _: &VcixInsn, _: u64, _: u64) {}
    fn tick(&mut self, _: u64) {}
    fn ready(&mut self, _: u64, _: u64) -> bool {
        true
    }
    fn reset(&mut self) {}
    fn stats(&self) -> &[StatEntry] {
        &[]
    }
    fn read_stats(&self, _: &mut [u64]) {}
}
