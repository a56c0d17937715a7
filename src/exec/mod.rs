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
use crate::machine::{ExecResult, Handler, Hart, Insn, hart::X_SINK};

/// The generated handler table (build.rs output is not held to the hand-written lint rules).
#[allow(clippy::all)]
mod generated {
    use crate::isa::OP_COUNT;
    use crate::machine::Handler;
    include!(concat!(env!("OUT_DIR"), "/exec_gen.rs"));
}

/// The semantic function of `op`.
#[inline]
pub fn handler(op: Op) -> Handler {
    generated::HANDLERS[op as usize]
}

/// Decodes `bits` at `pc`; an unknown or reserved encoding becomes an instruction
/// that raises an illegal-instruction trap when executed. The flag says whether the
/// instruction ends a pre-decoded block.
pub fn decode_insn(bits: u32, pc: u64, exts: u64) -> (Insn, bool) {
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
                handler: handler(op),
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

/// A word the loaded accelerator model owns (encoding `enc`): the VCIX register
/// fields as they are, the encoding in `imm`; `op` is `VcixModel`, or `VcixTimed`
/// when the functional face does not run.
fn owned_insn(bits: u32, pc: u64, enc: usize, op: Op) -> Insn {
    Insn {
        handler: handler(op),
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

/// Decodes for `hart`: as `decode_insn`, plus the NPU's wrapping handlers where the
/// kernel range and the lanes need them (`npu::kernel`, `npu::lanes` here).
pub fn decode_for(hart: &Hart, bits: u32, pc: u64) -> (Insn, bool) {
    let exts = hart.isa.exts;
    // The accelerator model decides every custom-1/custom-2 word (`machine::accel`);
    // the built-in units' words then decode from the tables as any other.
    if crate::machine::accel::is_custom(bits) {
        match hart.accel.owner(bits) {
            None => return (Insn::illegal_word(bits, pc), true),
            Some(enc) if hart.accel.native_op(enc).is_none() => {
                let op = if hart.accel_timing_only {
                    Op::VcixTimed
                } else {
                    Op::VcixModel
                };
                return (owned_insn(bits, pc, enc, op), false);
            }
            // A built-in unit's word timed only keeps its table op (the cycle model
            // classifies it by that op: vlane_idx, say) with vcix_timed's handler.
            Some(_) if hart.accel_timing_only => {
                let (mut insn, ends) = decode_insn(bits, pc, hart.isa.exts);
                insn.handler = handler(Op::VcixTimed);
                return (insn, ends);
            }
            Some(_) => {}
        }
    }
    let (mut insn, ends) = decode_insn(bits, pc, exts);
    let (lo, hi) = (hart.npu.kernel_lo, hart.npu.kernel_hi);
    let lanes = hart.v.lanes;
    if (lo < hi || lanes > 1) && decode(bits, exts).is_some() {
        if pc >= lo && pc <= hi {
            npu::kernel::instrument(&mut insn, lo, hi, true);
        }
        npu::lanes::instrument(&mut insn, &hart.npu, lanes);
    }
    (insn, ends)
}
