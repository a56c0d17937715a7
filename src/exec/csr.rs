//! Zicsr: atomic read-modify-write of CSRs. `csrrs`/`csrrc` with x0 (or a zero
//! immediate) do not write, so they may read read-only CSRs.

use super::Insn;
use crate::machine::Hart;

type R = super::ExecResult;

#[inline(always)]
fn access(h: &mut Hart, i: &Insn, write: Option<fn(u64, u64) -> u64>, src: u64) -> R {
    let csr = i.imm as u16;
    let old = h.csr_read(csr, i.bits)?;
    if let Some(f) = write {
        h.csr_write(csr, f(old, src), i.bits)?;
    }
    h.set_x(i.rd, old);
    Ok(())
}

pub fn csrrw(h: &mut Hart, i: &Insn) -> R {
    access(h, i, Some(|_, s| s), h.x(i.rs1))
}
pub fn csrrs(h: &mut Hart, i: &Insn) -> R {
    access(h, i, (i.rs1 != 0).then_some(|o, s| o | s), h.x(i.rs1))
}
pub fn csrrc(h: &mut Hart, i: &Insn) -> R {
    access(h, i, (i.rs1 != 0).then_some(|o, s| o & !s), h.x(i.rs1))
}
pub fn csrrwi(h: &mut Hart, i: &Insn) -> R {
    access(h, i, Some(|_, s| s), i.rs1 as u64)
}
pub fn csrrsi(h: &mut Hart, i: &Insn) -> R {
    access(h, i, (i.rs1 != 0).then_some(|o, s| o | s), i.rs1 as u64)
}
pub fn csrrci(h: &mut Hart, i: &Insn) -> R {
    access(h, i, (i.rs1 != 0).then_some(|o, s| o & !s), i.rs1 as u64)
}
