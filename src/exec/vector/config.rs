//! vsetvli / vsetivli / vsetvl: vtype and vl (Spike's `set_vl`, see
//! `VectorUnit::set_vl`). They only need the vector unit to be on.

use super::{R, done, require};
use crate::machine::Hart;
use crate::machine::Insn;

pub fn vsetvli(h: &mut Hart, i: &Insn) -> R {
    require!(h.vs_enabled(), i);
    let vl = h.v.set_vl(
        i.rd == crate::machine::hart::X_SINK,
        i.rs1 == 0,
        h.x(i.rs1),
        i.imm as u64,
    );
    h.set_x(i.rd, vl);
    done(h)
}

pub fn vsetivli(h: &mut Hart, i: &Insn) -> R {
    require!(h.vs_enabled(), i);
    let vl = h.v.set_vl(
        i.rd == crate::machine::hart::X_SINK,
        false,
        i.rs1 as u64,
        i.imm as u64,
    );
    h.set_x(i.rd, vl);
    done(h)
}

pub fn vsetvl(h: &mut Hart, i: &Insn) -> R {
    require!(h.vs_enabled(), i);
    let vl = h.v.set_vl(
        i.rd == crate::machine::hart::X_SINK,
        i.rs1 == 0,
        h.x(i.rs1),
        h.x(i.rs2),
    );
    h.set_x(i.rd, vl);
    done(h)
}
