//! Vector reductions (RVV 1.0 chapter 14): vd[0] = fold(vs1[0], active vs2[k]),
//! computed in element order (the FP ones, ordered or not, exactly as Spike does).

use super::float::{fred, fwred};
use super::{R, al, done, require, require_vec, sew_int, sew_narrow, view};
use crate::machine::Hart;
use crate::machine::Insn;

macro_rules! red_ops {
    ($($name:ident |$acc:ident, $x:ident| $e:expr;)*) => {$(
        pub fn $name(h: &mut Hart, i: &Insn) -> R {
            require_vec(h, i, true)?;
            require!(al(i.rs2, h.v.lmul_log2) && h.v.vstart == 0, i);
            let v = view(h, i);
            sew_int!(v.sew, |T, S, W, SW| {
                // SAFETY: element 0 of vs1 / vd; k < vl of the checked vs2 group.
                let mut $acc: T = unsafe { *v.p::<T>(i.rs1) };
                let a = v.p::<T>(i.rs2);
                v.each(|k| {
                    let $x: T = unsafe { *a.add(k) };
                    $acc = $e;
                });
                if v.vl > 0 {
                    unsafe { *v.p::<T>(i.rd) = $acc };
                }
            });
            done(h)
        }
    )*};
}

red_ops! {
    vredsum_vs |acc, x| acc.wrapping_add(x);
    vredand_vs |acc, x| acc & x;
    vredor_vs |acc, x| acc | x;
    vredxor_vs |acc, x| acc ^ x;
    vredminu_vs |acc, x| acc.min(x);
    vredmin_vs |acc, x| (acc as S).min(x as S) as T;
    vredmaxu_vs |acc, x| acc.max(x);
    vredmax_vs |acc, x| (acc as S).max(x as S) as T;
}

fn wred(h: &mut Hart, i: &Insn, signed: bool) -> R {
    require_vec(h, i, true)?;
    require!(h.v.sew * 2 <= h.v.arch.elen, i);
    require!(al(i.rs2, h.v.lmul_log2) && h.v.vstart == 0, i);
    let v = view(h, i);
    sew_narrow!(v.sew, |T, S, W, SW| {
        // SAFETY: as above.
        let mut acc: W = unsafe { *v.p::<W>(i.rs1) };
        let a = v.p::<T>(i.rs2);
        v.each(|k| {
            let x = unsafe { *a.add(k) };
            let x = if signed { x as S as SW as W } else { x as W };
            acc = acc.wrapping_add(x);
        });
        if v.vl > 0 {
            unsafe { *v.p::<W>(i.rd) = acc };
        }
    });
    done(h)
}

pub fn vwredsumu_vs(h: &mut Hart, i: &Insn) -> R {
    wred(h, i, false)
}
pub fn vwredsum_vs(h: &mut Hart, i: &Insn) -> R {
    wred(h, i, true)
}

pub fn vfredusum_vs(h: &mut Hart, i: &Insn) -> R {
    fred(h, i, 0, true)
}
pub fn vfredosum_vs(h: &mut Hart, i: &Insn) -> R {
    fred(h, i, 0, false)
}
pub fn vfredmin_vs(h: &mut Hart, i: &Insn) -> R {
    fred(h, i, 1, false)
}
pub fn vfredmax_vs(h: &mut Hart, i: &Insn) -> R {
    fred(h, i, 2, false)
}
pub fn vfwredusum_vs(h: &mut Hart, i: &Insn) -> R {
    fwred(h, i, true)
}
pub fn vfwredosum_vs(h: &mut Hart, i: &Insn) -> R {
    fwred(h, i, false)
}
