//! The kernel pc range and the kernel stack (npu-isa.md §1.2, §2.5).
//!
//! Inside `[lo, hi)` vector instructions run on every lane; the kernel's stack is
//! tracked so that vector spills through `sp` land in each lane's bank. Rather than
//! testing the pc before every instruction, the few instructions that matter get a
//! wrapping handler when their block is decoded: the one at `lo` (the kernel's
//! `addi sp, sp, -N`), those inside the range whose bits 11:7 are 2 (any format: the
//! reference tests the raw field), and the one at `hi` (leaving the kernel).

use crate::exec::handler;
use crate::machine::npu::exit;
use crate::machine::{ExecResult, Hart, Insn};

const SP: usize = 2;

/// Installs the tracking handler on `insn` if the kernel range needs to see it.
/// `decoded` is false for words that did not decode (they keep their illegal handler).
pub fn instrument(insn: &mut Insn, lo: u64, hi: u64, decoded: bool) {
    if lo >= hi || !decoded {
        return;
    }
    if insn.pc == lo {
        insn.handler = kernel_entry;
    } else if insn.pc == hi {
        insn.handler = kernel_exit;
    } else if insn.pc > lo && insn.pc < hi && rd_field_is_sp(insn) {
        insn.handler = track_sp;
    }
}

fn rd_field_is_sp(insn: &Insn) -> bool {
    (insn.bits >> 7) & 31 == SP as u32
}

/// The kernel's first instruction: a 32-bit ADDI, or a 16-bit word in the C.LUI /
/// C.ADDI16SP slot, whose immediate must be negative (it opens the stack frame).
fn kernel_entry(h: &mut Hart, i: &Insn) -> ExecResult {
    let b = i.bits;
    let imm = if i.len == 4 && b & 0x707f == 0x13 {
        Some(((b as i32) >> 20) as i64)
    } else if i.len == 2 && b & 0xe003 == 0x6001 {
        // C.ADDI16SP: nzimm[9|4|6|8:7|5] in bits 12|6|5|4:3|2.
        let v = ((b >> 12) & 1) << 9
            | ((b >> 6) & 1) << 4
            | ((b >> 5) & 1) << 6
            | ((b >> 3) & 3) << 7
            | ((b >> 2) & 1) << 5;
        Some(((v << 22) as i32 >> 22) as i64)
    } else {
        None
    };
    if let Some(imm) = imm {
        if imm >= 0 {
            return Err(h.npu.fail(
                exit::ABORT,
                format!(
                    "the kernel's first instruction at {:#x} must be addi sp, sp, -N (it adds {imm})",
                    i.pc
                ),
            ));
        }
        h.npu.ksb = h.x[SP];
        h.npu.ksp = h.x[SP].wrapping_add(imm as u64);
    }
    handler(i.op)(h, i)?;
    if rd_field_is_sp(i) {
        h.npu.ksp = h.x[SP];
    }
    Ok(())
}

fn track_sp(h: &mut Hart, i: &Insn) -> ExecResult {
    handler(i.op)(h, i)?;
    h.npu.ksp = h.x[SP];
    Ok(())
}

fn kernel_exit(h: &mut Hart, i: &Insn) -> ExecResult {
    h.npu.ksp = 0;
    h.npu.ksb = 0;
    handler(i.op)(h, i)
}
