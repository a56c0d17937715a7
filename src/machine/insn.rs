//! The pre-decoded instruction the engine runs: the decoder (`crate::exec::decode_insn`)
//! fills it in, with the handler from the semantics; the hart type it runs on is here,
//! so every layer above can name it without importing the semantics.

use super::{Hart, Trap};
use crate::isa::Op;

/// The semantic function of an instruction. Non-control instructions leave `pc`
/// alone (the engine advances it); control transfers write `hart.pc`.
pub type Handler = fn(&mut Hart, &Insn) -> ExecResult;

/// Handlers return a boxed trap: the common Ok case is then a single register
/// (null pointer), which keeps the dispatch loop's check cheap.
pub type ExecResult = Result<(), Box<Trap>>;

/// A pre-decoded instruction: handler and operands, ready to run without re-decoding.
#[derive(Clone, Copy)]
pub struct Insn {
    pub handler: Handler,
    pub pc: u64,
    pub imm: i64,
    /// The raw encoding (a compressed parcel in the low 16 bits).
    pub bits: u32,
    pub op: Op,
    pub rd: u8,
    pub rs1: u8,
    pub rs2: u8,
    pub rs3: u8,
    pub rm: u8,
    pub len: u8,
}

impl Insn {
    /// A word that raises an illegal-instruction trap when executed.
    pub fn illegal_word(bits: u32, pc: u64) -> Insn {
        Insn {
            handler: illegal,
            pc,
            imm: 0,
            bits,
            op: Op::Ecall,
            rd: 0,
            rs1: 0,
            rs2: 0,
            rs3: 0,
            rm: 0,
            len: crate::isa::insn_len(bits as u16),
        }
    }

    /// The fall-through pc.
    #[inline(always)]
    pub fn next_pc(&self) -> u64 {
        self.pc.wrapping_add(self.len as u64)
    }
}

/// Handler of every word that does not decode.
pub fn illegal(_: &mut Hart, i: &Insn) -> ExecResult {
    Err(Trap::illegal(i.bits).into())
}
