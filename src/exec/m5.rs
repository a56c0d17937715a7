//! gem5 m5 pseudo-ops (custom-3; npu-isa.md §5.1). Functionally the statistics markers
//! do nothing: the cycle model (`crate::timing`) sees them by their op and opens or
//! closes its sampling windows. exit and fail end the run as they end gem5's.

use super::Insn;
use crate::machine::{Hart, Trap, cause};

type R = super::ExecResult;

pub fn m5_resetstats(_: &mut Hart, _: &Insn) -> R {
    Ok(())
}

pub fn m5_dumpstats(_: &mut Hart, _: &Insn) -> R {
    Ok(())
}

pub fn m5_dumpresetstats(_: &mut Hart, _: &Insn) -> R {
    Ok(())
}

pub fn m5_op(_: &mut Hart, _: &Insn) -> R {
    Ok(())
}

/// `m5_exit(delay)`: the run ends with exit status 0.
pub fn m5_exit(_: &mut Hart, _: &Insn) -> R {
    Err(Trap::new(cause::M5_EXIT, 0).into())
}

/// `m5_fail(delay, code)`: the run ends with exit status `code` (a1).
pub fn m5_fail(h: &mut Hart, _: &Insn) -> R {
    Err(Trap::new(cause::M5_EXIT, h.x[11]).into())
}
