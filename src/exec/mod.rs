//! Instruction semantics, one module per extension. Each instruction of `isa/*.tbl` has
//! exactly one function here, named after its mnemonic (`fadd.s` -> `float::fadd_s`);
//! compressed instructions run the function of the base instruction they expand to.

pub mod atomic;
pub mod base;
pub mod csr;
pub mod float;
pub mod hostfp;
pub mod m5;
pub mod muldiv;
pub mod npu;
pub mod system;
pub mod vector;

use crate::isa::{Op, decode};
use crate::machine::{Hart, Trap, hart::X_SINK};

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
    /// Decodes `bits` at `pc`; an unknown or reserved encoding becomes an instruction
    /// that raises an illegal-instruction trap when executed. The flag says whether the
    /// instruction ends a pre-decoded block.
    pub fn decode(bits: u32, pc: u64, exts: u64) -> (Insn, bool) {
        let len = crate::isa::insn_len(bits as u16);
        let bits = if len == 2 { bits & 0xffff } else { bits };
        match decode(bits, exts) {
            Some((op, f)) => {
                let info = op.info();
                let writes_x = info
                    .operands
                    .iter()
                    .any(|o| matches!(o, crate::isa::Opnd::X(crate::isa::Slot::Rd)))
                    || matches!(
                        info.exec_as.info().operands.first(),
                        Some(crate::isa::Opnd::X(crate::isa::Slot::Rd))
                    );
                let rd = if writes_x && f.rd == 0 { X_SINK } else { f.rd };
                let insn = Insn {
                    handler: op.handler(),
                    pc,
                    imm: f.imm,
                    bits,
                    op,
                    rd,
                    rs1: f.rs1,
                    rs2: f.rs2,
                    rs3: f.rs3,
                    rm: f.rm,
                    len,
                };
                (insn, info.ends_block)
            }
            None => (Insn::illegal_word(bits, pc), true),
        }
    }

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

    /// A word the loaded accelerator model owns (encoding `enc`): the VCIX register
    /// fields as they are, the encoding in `imm`; `op` is `VcixModel`, or `VcixTimed`
    /// when the functional face does not run.
    pub fn owned(bits: u32, pc: u64, enc: usize, op: Op) -> Insn {
        Insn {
            handler: op.handler(),
            pc,
            imm: enc as i64,
            bits,
            op,
            rd: ((bits >> 7) & 31) as u8,
            rs1: ((bits >> 15) & 31) as u8,
            rs2: ((bits >> 20) & 31) as u8,
            rs3: 0,
            rm: ((bits >> 12) & 7) as u8,
            len: 4,
        }
    }

    /// Decodes for `hart`: as `decode`, plus the NPU's wrapping handlers where the
    /// kernel range and the lanes need them (`npu::kernel`, `npu::lanes`).
    pub fn decode_for(hart: &Hart, bits: u32, pc: u64) -> (Insn, bool) {
        let exts = hart.isa.exts;
        // The accelerator model decides every custom-1/custom-2 word (`crate::accel`);
        // the built-in units' words then decode from the tables as any other.
        if crate::accel::is_custom(bits) {
            match hart.accel.owner(bits) {
                None => return (Insn::illegal_word(bits, pc), true),
                Some(enc) if hart.accel.native_op(enc).is_none() => {
                    let op = if hart.accel_timing_only {
                        Op::VcixTimed
                    } else {
                        Op::VcixModel
                    };
                    return (Insn::owned(bits, pc, enc, op), false);
                }
                // A built-in unit's word timed only keeps its table op (the cycle model
                // classifies it by that op: vlane_idx, say) with vcix_timed's handler.
                Some(_) if hart.accel_timing_only => {
                    let (mut insn, ends) = Insn::decode(bits, pc, hart.isa.exts);
                    insn.handler = Op::VcixTimed.handler();
                    return (insn, ends);
                }
                Some(_) => {}
            }
        }
        let (mut insn, ends) = Insn::decode(bits, pc, exts);
        let (lo, hi) = (hart.npu.kernel_lo, hart.npu.kernel_hi);
        let lanes = hart.v.lanes;
        if (lo < hi || lanes > 1) && decode(bits, exts).is_some() {
            if pc >= lo && pc <= hi {
                crate::npu::kernel::instrument(&mut insn, lo, hi, true);
            }
            crate::npu::lanes::instrument(&mut insn, &hart.npu, lanes);
        }
        (insn, ends)
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
