//! Vector mask instructions (RVV 1.0 chapter 15): mask-register logic, vcpop, vfirst,
//! set-before/including/only-first, viota and vid.

use super::{R, al, done, overlap, require, require_vec, require_vm, sew_int, view};
use crate::machine::Hart;
use crate::machine::Insn;

macro_rules! mm_ops {
    ($($name:ident |$a:ident, $b:ident| $e:expr;)*) => {$(
        /// Mask logic on bits vstart..vl of vs2 and vs1.
        pub fn $name(h: &mut Hart, i: &Insn) -> R {
            require_vec(h, i, true)?;
            let v = view(h, i);
            for k in v.vstart..v.vl {
                let ($a, $b) = (v.bit(i.rs2, k), v.bit(i.rs1, k));
                v.set_bit(i.rd, k, $e);
            }
            done(h)
        }
    )*};
}

mm_ops! {
    vmandn_mm |a, b| a & !b;
    vmand_mm |a, b| a & b;
    vmor_mm |a, b| a | b;
    vmxor_mm |a, b| a ^ b;
    vmorn_mm |a, b| a | !b;
    vmnand_mm |a, b| !(a & b);
    vmnor_mm |a, b| !(a | b);
    vmxnor_mm |a, b| !(a ^ b);
}

pub fn vcpop_m(h: &mut Hart, i: &Insn) -> R {
    require_vec(h, i, true)?;
    require!(h.v.vstart == 0, i);
    let v = view(h, i);
    let mut n = 0u64;
    v.each(|k| n += v.bit(i.rs2, k) as u64);
    h.set_x(i.rd, n);
    done(h)
}

pub fn vfirst_m(h: &mut Hart, i: &Insn) -> R {
    require_vec(h, i, true)?;
    require!(h.v.vstart == 0, i);
    let v = view(h, i);
    let pos = (v.vstart..v.vl).find(|&k| v.active(k) && v.bit(i.rs2, k));
    h.set_x(i.rd, pos.map_or(u64::MAX, |p| p as u64));
    done(h)
}

/// vmsbf/vmsif/vmsof: `f(seen_one_before, this_bit)` gives the result bit; only active
/// elements are written and only they can be the first set bit.
fn set_first(h: &mut Hart, i: &Insn, f: fn(bool, bool) -> bool) -> R {
    require_vec(h, i, true)?;
    require!(h.v.vstart == 0, i);
    require_vm(i)?;
    require!(i.rd != i.rs2, i);
    let v = view(h, i);
    let mut seen = false;
    for k in v.vstart..v.vl {
        if v.active(k) {
            let b = v.bit(i.rs2, k);
            v.set_bit(i.rd, k, f(seen, b));
            seen |= b;
        }
    }
    done(h)
}

pub fn vmsbf_m(h: &mut Hart, i: &Insn) -> R {
    set_first(h, i, |seen, b| !seen && !b)
}
pub fn vmsif_m(h: &mut Hart, i: &Insn) -> R {
    set_first(h, i, |seen, _| !seen)
}
pub fn vmsof_m(h: &mut Hart, i: &Insn) -> R {
    set_first(h, i, |seen, b| !seen && b)
}

pub fn viota_m(h: &mut Hart, i: &Insn) -> R {
    require_vec(h, i, true)?;
    require!(h.v.vstart == 0, i);
    require_vm(i)?;
    let l = h.v.lmul_log2;
    require!(al(i.rd, l) && !overlap(i.rd, l, i.rs2, 0), i);
    let v = view(h, i);
    let mut cnt = 0u64;
    sew_int!(v.sew, |T, S, W, SW| {
        let d = v.p::<T>(i.rd);
        for k in 0..v.vl {
            if v.active(k) {
                // SAFETY: k < vl <= VLMAX of the checked group.
                unsafe { *d.add(k) = cnt as T };
                cnt += v.bit(i.rs2, k) as u64;
            }
        }
    });
    done(h)
}

pub fn vid_v(h: &mut Hart, i: &Insn) -> R {
    require_vec(h, i, true)?;
    require!(al(i.rd, h.v.lmul_log2), i);
    require_vm(i)?;
    let v = view(h, i);
    sew_int!(v.sew, |T, S, W, SW| {
        let d = v.p::<T>(i.rd);
        // SAFETY: k < vl <= VLMAX of the checked group.
        v.each(|k| unsafe { *d.add(k) = k as T });
    });
    done(h)
}
