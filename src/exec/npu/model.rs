//! A word owned by a loaded accelerator model (see `crate::accel`).

use crate::exec::{ExecResult, Insn};
use crate::machine::Hart;

/// The model's functional face; the encoding index rides in `imm`.
pub fn vcix_model(h: &mut Hart, i: &Insn) -> ExecResult {
    crate::accel::execute_owned(h, i)
}

/// An owned word when only the timing face runs: gem5's vcix support declares the
/// operands (for dependencies) and asks the model for timing, but computes nothing, so
/// no register, memory or unit state changes here; a word that may not run (vtype
/// illegal, say) is still an illegal instruction.
pub fn vcix_timed(h: &mut Hart, i: &Insn) -> ExecResult {
    crate::accel::check_legal(h, i)
}
