//! A word owned by a loaded accelerator model (see `crate::machine::accel`).

use crate::machine::accel::{CUSTOM_2, Placeholder};
use crate::machine::{ExecResult, Hart, Insn, Trap};

/// The model's functional face: the legality checks of the VCIX forms, the model's
/// `execute`, then vstart = 0. The encoding index rides in `imm`.
pub fn vcix_model(h: &mut Hart, i: &Insn) -> ExecResult {
    check_legal(h, i)?;
    let mut model = std::mem::replace(&mut h.accel, Box::new(Placeholder));
    let r = model.execute(h, i.imm as usize, i);
    h.accel = model;
    r?;
    h.v.vstart = 0;
    Ok(())
}

/// An owned word when only the timing face runs: gem5's vcix support declares the
/// operands (for dependencies) and asks the model for timing, but computes nothing, so
/// no register, memory or unit state changes here; a word that may not run (vtype
/// illegal, say) is still an illegal instruction.
pub fn vcix_timed(h: &mut Hart, i: &Insn) -> ExecResult {
    check_legal(h, i)
}

/// Whether an owned word may run now, executed or only timed: a VCIX (custom-2) word
/// needs VS on and vtype legal, and FS on for the forms that read f[rs1] (funct3 101).
/// Custom-1 words (the DMA) need neither: the reference model's DMA programs configure
/// transfers before any vsetvli.
fn check_legal(h: &Hart, i: &Insn) -> ExecResult {
    if i.bits & 0x7f == CUSTOM_2
        && (!h.vs_enabled() || h.v.vill || ((i.bits >> 12) & 7 == 0b101 && !h.fp_enabled()))
    {
        return Err(Trap::illegal(i.bits).into());
    }
    Ok(())
}
