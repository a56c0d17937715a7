//! Privileged instructions: trap return, wfi, fences that touch translation or the
//! instruction stream.

use super::Insn;
use crate::machine::csr::mstatus as ms;
use crate::machine::{Hart, PRV_M, PRV_S, PRV_U, Trap};

type R = super::ExecResult;

pub fn mret(h: &mut Hart, i: &Insn) -> R {
    if h.prv < PRV_M {
        return Err(Trap::illegal(i.bits).into());
    }
    let s = h.csr.mstatus;
    let prev = ((s & ms::MPP) >> 11) as u8;
    let mut n = s & !(ms::MPP | ms::MIE | ms::MPIE);
    n |= ((s & ms::MPIE) >> 7) << 3; // MIE = MPIE
    n |= ms::MPIE;
    if prev != PRV_M {
        n &= !ms::MPRV;
    }
    h.csr.mstatus = n;
    h.prv = prev;
    h.pc = h.csr.mepc;
    h.update_vm();
    Ok(())
}

pub fn sret(h: &mut Hart, i: &Insn) -> R {
    if h.prv < PRV_S || (h.prv == PRV_S && h.csr.mstatus & ms::TSR != 0) {
        return Err(Trap::illegal(i.bits).into());
    }
    let s = h.csr.mstatus;
    let prev = if s & ms::SPP != 0 { PRV_S } else { PRV_U };
    let mut n = s & !(ms::SPP | ms::SIE | ms::SPIE);
    n |= ((s & ms::SPIE) >> 5) << 1; // SIE = SPIE
    n |= ms::SPIE;
    n &= !ms::MPRV;
    h.csr.mstatus = n;
    h.prv = prev;
    h.pc = h.csr.sepc;
    h.update_vm();
    Ok(())
}

/// No interrupt source runs in the background, so waiting is a no-op; U-mode wfi and
/// S-mode wfi with TW set are illegal as in Spike.
pub fn wfi(h: &mut Hart, i: &Insn) -> R {
    if h.prv == PRV_U || (h.prv == PRV_S && h.csr.mstatus & ms::TW != 0) {
        return Err(Trap::illegal(i.bits).into());
    }
    Ok(())
}

pub fn sfence_vma(h: &mut Hart, i: &Insn) -> R {
    if h.prv == PRV_U || (h.prv == PRV_S && h.csr.mstatus & ms::TVM != 0) {
        return Err(Trap::illegal(i.bits).into());
    }
    h.update_vm();
    Ok(())
}

pub fn fence_i(h: &mut Hart, _: &Insn) -> R {
    h.flush_decode = true;
    Ok(())
}
