//! A word owned by a loaded accelerator model (see `crate::accel`).

use crate::exec::{ExecResult, Insn};
use crate::machine::Hart;

/// The model's functional face; the encoding index rides in `imm`.
pub fn vcix_model(h: &mut Hart, i: &Insn) -> ExecResult {
    crate::accel::execute_owned(h, i)
}
