//! Vector fixed-point arithmetic (RVV 1.0 chapter 12): saturating add/sub, averaging
//! add/sub, fractional multiply, scaling shifts and narrowing clips, with the rounding
//! mode from vxrm and saturation accrued into vxsat.

use super::{R, chk_narrow, chk_sss, done, is_vv, mixed, sew_int, sew_narrow, src, sss};
use crate::machine::Hart;
use crate::machine::Insn;
use std::sync::atomic::{AtomicBool, Ordering};

/// Saturation seen by an element loop, which may run its lanes on several threads.
#[derive(Default)]
struct Sat(AtomicBool);

impl Sat {
    #[inline(always)]
    fn set(&self, v: bool) {
        if v {
            self.0.store(true, Ordering::Relaxed);
        }
    }
    fn get(&self) -> bool {
        self.0.load(Ordering::Relaxed)
    }
}

/// `v >> sh` rounded as vxrm says (0 RNU, 1 RNE, 2 RDN, 3 ROD), on exact values.
#[inline(always)]
fn rnd(v: i128, sh: u32, xrm: u8) -> i128 {
    if sh == 0 {
        return v;
    }
    let lsb = 1i128 << sh;
    let half = lsb >> 1;
    let r = match xrm {
        0 => v.wrapping_add(half),
        1 => {
            if v & half != 0 && (v & (half - 1) != 0 || v & lsb != 0) {
                v.wrapping_add(lsb)
            } else {
                v
            }
        }
        2 => v,
        _ => {
            if v & (lsb - 1) != 0 {
                v | lsb
            } else {
                v
            }
        }
    };
    r >> sh
}

/// Single-width fixed-point ops: the body sees `xrm` and may set `sat`.
macro_rules! fx_ops {
    ($( [$($name:ident $k:ident),+] |$a:ident, $b:ident, $xrm:ident, $sat:ident| $e:expr; )*) => {$($(
        pub fn $name(h: &mut Hart, i: &Insn) -> R {
            let v = chk_sss(h, i, is_vv!($k))?;
            let $xrm = h.v.vxrm;
            let sat_cell = Sat::default();
            let $sat = &sat_cell;
            sew_int!(v.sew, |T, S, W, SW| sss::<T>(&v, i.rd, i.rs2, src!($k, h, i, T), |$a: T, $b: T| -> T { $e }));
            if sat_cell.get() {
                h.v.vxsat = true;
            }
            done(h)
        }
    )+)*};
}

fx_ops! {
    [vsaddu_vv vv, vsaddu_vx vx, vsaddu_vi vi] |a, b, xrm, sat| {
        let _ = xrm;
        a.checked_add(b).unwrap_or_else(|| { sat.set(true); T::MAX })
    };
    [vsadd_vv vv, vsadd_vx vx, vsadd_vi vi] |a, b, xrm, sat| {
        let _ = xrm;
        (a as S).checked_add(b as S).unwrap_or_else(|| {
            sat.set(true);
            if (a as S) < 0 { S::MIN } else { S::MAX }
        }) as T
    };
    [vssubu_vv vv, vssubu_vx vx] |a, b, xrm, sat| {
        let _ = xrm;
        a.checked_sub(b).unwrap_or_else(|| { sat.set(true); 0 })
    };
    [vssub_vv vv, vssub_vx vx] |a, b, xrm, sat| {
        let _ = xrm;
        (a as S).checked_sub(b as S).unwrap_or_else(|| {
            sat.set(true);
            if (a as S) < 0 { S::MIN } else { S::MAX }
        }) as T
    };
    [vaaddu_vv vv, vaaddu_vx vx] |a, b, xrm, sat| { let _ = sat; rnd(a as i128 + b as i128, 1, xrm) as T };
    [vaadd_vv vv, vaadd_vx vx] |a, b, xrm, sat| { let _ = sat; rnd(a as S as i128 + b as S as i128, 1, xrm) as T };
    [vasubu_vv vv, vasubu_vx vx] |a, b, xrm, sat| { let _ = sat; rnd(a as i128 - b as i128, 1, xrm) as T };
    [vasub_vv vv, vasub_vx vx] |a, b, xrm, sat| { let _ = sat; rnd(a as S as i128 - b as S as i128, 1, xrm) as T };
    [vsmul_vv vv, vsmul_vx vx] |a, b, xrm, sat| {
        if a == b && a as S == S::MIN {
            sat.set(true);
            S::MAX as T
        } else {
            rnd((a as S as i128) * (b as S as i128), T::BITS - 1, xrm) as T
        }
    };
    [vssrl_vv vv, vssrl_vx vx, vssrl_vi vi] |a, b, xrm, sat| {
        let _ = sat;
        rnd(a as i128, b as u32 & (T::BITS - 1), xrm) as T
    };
    [vssra_vv vv, vssra_vx vx, vssra_vi vi] |a, b, xrm, sat| {
        let _ = sat;
        rnd(a as S as i128, b as u32 & (T::BITS - 1), xrm) as T
    };
}

/// Narrowing clips: SEW vd[k] = clip(round(2*SEW vs2[k] >> (src & (2*SEW-1)))).
macro_rules! clip_ops {
    ($( [$($name:ident $k:ident),+] $signed:ident; )*) => {$($(
        pub fn $name(h: &mut Hart, i: &Insn) -> R {
            let v = chk_narrow(h, i, is_vv!($k))?;
            let xrm = h.v.vxrm;
            let sat = Sat::default();
            sew_narrow!(v.sew, |T, S, W, SW| mixed::<T, W, T>(&v, i.rd, i.rs2, src!($k, h, i, T), |a: W, b: T| -> T {
                let sh = b as u32 & (2 * T::BITS - 1);
                if clip_ops!(@s $signed) {
                    let r = rnd(a as SW as i128, sh, xrm);
                    if r < S::MIN as i128 {
                        sat.set(true);
                        S::MIN as T
                    } else if r > S::MAX as i128 {
                        sat.set(true);
                        S::MAX as T
                    } else {
                        r as T
                    }
                } else {
                    let r = rnd(a as i128, sh, xrm);
                    if r > T::MAX as i128 {
                        sat.set(true);
                        T::MAX
                    } else {
                        r as T
                    }
                }
            }));
            if sat.get() {
                h.v.vxsat = true;
            }
            done(h)
        }
    )+)*};
    (@s signed) => { true };
    (@s unsigned) => { false };
}

clip_ops! {
    [vnclipu_wv vv, vnclipu_wx vx, vnclipu_wi vi] unsigned;
    [vnclip_wv vv, vnclip_wx vx, vnclip_wi vi] signed;
}
