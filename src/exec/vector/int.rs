//! Vector integer arithmetic (RVV 1.0 chapter 11): add/sub/logic/shift/min/max,
//! compares into masks, multiply/divide, multiply-add, widening and narrowing forms,
//! extensions, add-with-carry, merge and vmv.v.*.

use super::{
    R, Src, al, chk_mss, chk_narrow, chk_sss, chk_widen, done, is_vv, mixed, mixed3, mss, overlap,
    overlap_widen, require, require_vec, require_vm, sew_int, sew_narrow, span, src, sss, sss3,
    view,
};
use crate::machine::Hart;
use crate::machine::Insn;

/// vd[k] = op(vs2[k], src), single width.
macro_rules! sss_ops {
    ($( [$($name:ident $k:ident),+] |$a:ident, $b:ident| $e:expr; )*) => {$($(
        pub fn $name(h: &mut Hart, i: &Insn) -> R {
            let v = chk_sss(h, i, is_vv!($k))?;
            let v = span(h, v);
            sew_int!(v.sew, |T, S, W, SW| sss::<T>(&v, i.rd, i.rs2, src!($k, h, i, T), |$a: T, $b: T| -> T { $e }));
            done(h)
        }
    )+)*};
}

/// vd[k] = op(vd[k], vs2[k], src): multiply-add.
macro_rules! sss3_ops {
    ($( [$($name:ident $k:ident),+] |$d:ident, $a:ident, $b:ident| $e:expr; )*) => {$($(
        pub fn $name(h: &mut Hart, i: &Insn) -> R {
            let v = chk_sss(h, i, is_vv!($k))?;
            let v = span(h, v);
            sew_int!(v.sew, |T, S, W, SW| sss3::<T>(&v, i.rd, i.rs2, src!($k, h, i, T), |$d: T, $a: T, $b: T| -> T { $e }));
            done(h)
        }
    )+)*};
}

/// mask bit k of vd = op(vs2[k], src).
macro_rules! cmp_ops {
    ($( [$($name:ident $k:ident),+] |$a:ident, $b:ident| $e:expr; )*) => {$($(
        pub fn $name(h: &mut Hart, i: &Insn) -> R {
            let v = chk_mss(h, i, is_vv!($k))?;
            let v = span(h, v);
            sew_int!(v.sew, |T, S, W, SW| mss::<T>(&v, i.rd, i.rs2, src!($k, h, i, T), |$a: T, $b: T| -> bool { $e }));
            done(h)
        }
    )+)*};
}

/// 2*SEW vd[k] = op(vs2[k], src): widening, SEW sources (or a 2*SEW vs2 with `wide`).
macro_rules! widen_ops {
    ($( [$($name:ident $k:ident),+] $wide:ident |$a:ident, $b:ident| $e:expr; )*) => {$($(
        pub fn $name(h: &mut Hart, i: &Insn) -> R {
            let v = chk_widen(h, i, is_vv!($k), widen_ops!(@w $wide))?;
            let v = span(h, v);
            sew_narrow!(v.sew, |T, S, W, SW| mixed::<W, widen_ops!(@t $wide), T>(&v, i.rd, i.rs2, src!($k, h, i, T),
                |$a: widen_ops!(@t $wide), $b: T| -> W { $e }));
            done(h)
        }
    )+)*};
    (@w narrow) => { false };
    (@w wide) => { true };
    (@t narrow) => { T };
    (@t wide) => { W };
}

/// 2*SEW vd[k] = op(vd[k], vs2[k], src): widening multiply-add.
macro_rules! widen3_ops {
    ($( [$($name:ident $k:ident),+] |$d:ident, $a:ident, $b:ident| $e:expr; )*) => {$($(
        pub fn $name(h: &mut Hart, i: &Insn) -> R {
            let v = chk_widen(h, i, is_vv!($k), false)?;
            let v = span(h, v);
            sew_narrow!(v.sew, |T, S, W, SW| mixed3::<W, T, T>(&v, i.rd, i.rs2, src!($k, h, i, T),
                |$d: W, $a: T, $b: T| -> W { $e }));
            done(h)
        }
    )+)*};
}

/// SEW vd[k] = op(2*SEW vs2[k], src): narrowing shifts.
macro_rules! narrow_ops {
    ($( [$($name:ident $k:ident),+] |$a:ident, $b:ident| $e:expr; )*) => {$($(
        pub fn $name(h: &mut Hart, i: &Insn) -> R {
            let v = chk_narrow(h, i, is_vv!($k))?;
            let v = span(h, v);
            sew_narrow!(v.sew, |T, S, W, SW| mixed::<T, W, T>(&v, i.rd, i.rs2, src!($k, h, i, T),
                |$a: W, $b: T| -> T { $e }));
            done(h)
        }
    )+)*};
}

sss_ops! {
    [vadd_vv vv, vadd_vx vx, vadd_vi vi] |a, b| a.wrapping_add(b);
    [vsub_vv vv, vsub_vx vx] |a, b| a.wrapping_sub(b);
    [vrsub_vx vx, vrsub_vi vi] |a, b| b.wrapping_sub(a);
    [vminu_vv vv, vminu_vx vx] |a, b| a.min(b);
    [vmin_vv vv, vmin_vx vx] |a, b| (a as S).min(b as S) as T;
    [vmaxu_vv vv, vmaxu_vx vx] |a, b| a.max(b);
    [vmax_vv vv, vmax_vx vx] |a, b| (a as S).max(b as S) as T;
    [vand_vv vv, vand_vx vx, vand_vi vi] |a, b| a & b;
    [vor_vv vv, vor_vx vx, vor_vi vi] |a, b| a | b;
    [vxor_vv vv, vxor_vx vx, vxor_vi vi] |a, b| a ^ b;
    [vsll_vv vv, vsll_vx vx, vsll_vi vi] |a, b| a.wrapping_shl(b as u32);
    [vsrl_vv vv, vsrl_vx vx, vsrl_vi vi] |a, b| a.wrapping_shr(b as u32);
    [vsra_vv vv, vsra_vx vx, vsra_vi vi] |a, b| (a as S).wrapping_shr(b as u32) as T;
    [vmul_vv vv, vmul_vx vx] |a, b| a.wrapping_mul(b);
    [vmulhu_vv vv, vmulhu_vx vx] |a, b| ((a as W * b as W) >> T::BITS) as T;
    [vmulh_vv vv, vmulh_vx vx] |a, b| ((a as S as SW).wrapping_mul(b as S as SW) >> T::BITS) as T;
    [vmulhsu_vv vv, vmulhsu_vx vx] |a, b| ((a as S as SW).wrapping_mul(b as SW) >> T::BITS) as T;
    [vdivu_vv vv, vdivu_vx vx] |a, b| if b == 0 { T::MAX } else { a / b };
    [vdiv_vv vv, vdiv_vx vx] |a, b| if b == 0 { T::MAX } else { (a as S).wrapping_div(b as S) as T };
    [vremu_vv vv, vremu_vx vx] |a, b| if b == 0 { a } else { a % b };
    [vrem_vv vv, vrem_vx vx] |a, b| if b == 0 { a } else { (a as S).wrapping_rem(b as S) as T };
}

sss3_ops! {
    [vmacc_vv vv, vmacc_vx vx] |d, a, b| d.wrapping_add(b.wrapping_mul(a));
    [vnmsac_vv vv, vnmsac_vx vx] |d, a, b| d.wrapping_sub(b.wrapping_mul(a));
    [vmadd_vv vv, vmadd_vx vx] |d, a, b| b.wrapping_mul(d).wrapping_add(a);
    [vnmsub_vv vv, vnmsub_vx vx] |d, a, b| a.wrapping_sub(b.wrapping_mul(d));
}

cmp_ops! {
    [vmseq_vv vv, vmseq_vx vx, vmseq_vi vi] |a, b| a == b;
    [vmsne_vv vv, vmsne_vx vx, vmsne_vi vi] |a, b| a != b;
    [vmsltu_vv vv, vmsltu_vx vx] |a, b| a < b;
    [vmslt_vv vv, vmslt_vx vx] |a, b| (a as S) < (b as S);
    [vmsleu_vv vv, vmsleu_vx vx, vmsleu_vi vi] |a, b| a <= b;
    [vmsle_vv vv, vmsle_vx vx, vmsle_vi vi] |a, b| (a as S) <= (b as S);
    [vmsgtu_vx vx, vmsgtu_vi vi] |a, b| a > b;
    [vmsgt_vx vx, vmsgt_vi vi] |a, b| (a as S) > (b as S);
}

widen_ops! {
    [vwaddu_vv vv, vwaddu_vx vx] narrow |a, b| (a as W).wrapping_add(b as W);
    [vwadd_vv vv, vwadd_vx vx] narrow |a, b| (a as S as SW).wrapping_add(b as S as SW) as W;
    [vwsubu_vv vv, vwsubu_vx vx] narrow |a, b| (a as W).wrapping_sub(b as W);
    [vwsub_vv vv, vwsub_vx vx] narrow |a, b| (a as S as SW).wrapping_sub(b as S as SW) as W;
    [vwaddu_wv vv, vwaddu_wx vx] wide |a, b| a.wrapping_add(b as W);
    [vwadd_wv vv, vwadd_wx vx] wide |a, b| a.wrapping_add(b as S as SW as W);
    [vwsubu_wv vv, vwsubu_wx vx] wide |a, b| a.wrapping_sub(b as W);
    [vwsub_wv vv, vwsub_wx vx] wide |a, b| a.wrapping_sub(b as S as SW as W);
    [vwmulu_vv vv, vwmulu_vx vx] narrow |a, b| (a as W).wrapping_mul(b as W);
    [vwmul_vv vv, vwmul_vx vx] narrow |a, b| (a as S as SW).wrapping_mul(b as S as SW) as W;
    [vwmulsu_vv vv, vwmulsu_vx vx] narrow |a, b| (a as S as SW).wrapping_mul(b as SW) as W;
}

widen3_ops! {
    [vwmaccu_vv vv, vwmaccu_vx vx] |d, a, b| d.wrapping_add((a as W).wrapping_mul(b as W));
    [vwmacc_vv vv, vwmacc_vx vx] |d, a, b| d.wrapping_add((a as S as SW).wrapping_mul(b as S as SW) as W);
    [vwmaccsu_vv vv, vwmaccsu_vx vx] |d, a, b| d.wrapping_add((b as S as SW).wrapping_mul(a as SW) as W);
    [vwmaccus_vx vx] |d, a, b| d.wrapping_add((b as SW).wrapping_mul(a as S as SW) as W);
}

narrow_ops! {
    [vnsrl_wv vv, vnsrl_wx vx, vnsrl_wi vi] |a, b| a.wrapping_shr(b as u32) as T;
    [vnsra_wv vv, vnsra_wx vx, vnsra_wi vi] |a, b| (a as SW).wrapping_shr(b as u32) as T;
}

/// vzext/vsext.vf{2,4,8}: SEW destination from SEW/div sources (VI_EXT_CHECK).
fn ext(h: &mut Hart, i: &Insn, div_log2: i32, signed: bool) -> R {
    require_vec(h, i, true)?;
    let (sew, l) = (h.v.sew, h.v.lmul_log2);
    let from = sew >> div_log2;
    require!(from >= 8, i);
    require!(i.rd != i.rs2, i);
    require_vm(i)?;
    let sl = l - div_log2;
    require!(sl >= -3, i);
    require!(al(i.rd, l) && al(i.rs2, sl), i);
    if sl < 0 {
        require!(!overlap(i.rd, l, i.rs2, sl), i);
    } else {
        require!(!overlap_widen(i.rd, l, i.rs2, sl), i);
    }
    let v = view(h, i);
    let v = span(h, v);
    let (d, s) = (i.rd, i.rs2);
    macro_rules! go {
        ($D:ty, $A:ty, $SD:ty, $SA:ty) => {
            if signed {
                mixed::<$D, $A, u8>(&v, d, s, Src::S(0), |a, _| a as $SA as $SD as $D)
            } else {
                mixed::<$D, $A, u8>(&v, d, s, Src::S(0), |a, _| a as $D)
            }
        };
    }
    match (sew, from) {
        (16, 8) => go!(u16, u8, i16, i8),
        (32, 8) => go!(u32, u8, i32, i8),
        (64, 8) => go!(u64, u8, i64, i8),
        (32, 16) => go!(u32, u16, i32, i16),
        (64, 16) => go!(u64, u16, i64, i16),
        _ => go!(u64, u32, i64, i32),
    }
    done(h)
}

pub fn vzext_vf2(h: &mut Hart, i: &Insn) -> R {
    ext(h, i, 1, false)
}
pub fn vsext_vf2(h: &mut Hart, i: &Insn) -> R {
    ext(h, i, 1, true)
}
pub fn vzext_vf4(h: &mut Hart, i: &Insn) -> R {
    ext(h, i, 2, false)
}
pub fn vsext_vf4(h: &mut Hart, i: &Insn) -> R {
    ext(h, i, 2, true)
}
pub fn vzext_vf8(h: &mut Hart, i: &Insn) -> R {
    ext(h, i, 3, false)
}
pub fn vsext_vf8(h: &mut Hart, i: &Insn) -> R {
    ext(h, i, 3, true)
}

/// vadc/vsbc: vd[k] = op(vs2[k], src, v0 bit k) for every element (vm is always 0).
macro_rules! carry_ops {
    ($( [$($name:ident $k:ident),+] |$a:ident, $b:ident, $c:ident| $e:expr; )*) => {$($(
        pub fn $name(h: &mut Hart, i: &Insn) -> R {
            let v = chk_sss(h, i, is_vv!($k))?;
            sew_int!(v.sew, |T, S, W, SW| {
                let s = src!($k, h, i, T);
                let (d, a) = (v.p::<T>(i.rd), v.p::<T>(i.rs2));
                for k in v.vstart..v.vl {
                    let $c = v.bit(0, k) as T;
                    // SAFETY: k < vl <= VLMAX of the checked groups.
                    unsafe {
                        let ($a, $b) = (*a.add(k), s.get(&v, k));
                        *d.add(k) = $e;
                    }
                }
            });
            done(h)
        }
    )+)*};
}

carry_ops! {
    [vadc_vvm vv, vadc_vxm vx, vadc_vim vi] |a, b, c| a.wrapping_add(b).wrapping_add(c);
    [vsbc_vvm vv, vsbc_vxm vx] |a, b, c| a.wrapping_sub(b).wrapping_sub(c);
}

/// vmadc/vmsbc: mask bit k of vd = carry/borrow out of op(vs2[k], src, carry-in), the
/// carry-in being v0 bit k for the .v?m forms and 0 otherwise.
macro_rules! carry_out_ops {
    ($( [$($name:ident $k:ident),+] |$a:ident, $b:ident, $c:ident| $e:expr; )*) => {$($(
        pub fn $name(h: &mut Hart, i: &Insn) -> R {
            let v = chk_mss(h, i, is_vv!($k))?;
            sew_int!(v.sew, |T, S, W, SW| {
                let s = src!($k, h, i, T);
                let a = v.p::<T>(i.rs2);
                for k in v.vstart..v.vl {
                    let $c = (v.masked && v.bit(0, k)) as T;
                    // SAFETY: k < vl <= VLMAX of the checked group.
                    let ($a, $b) = (unsafe { *a.add(k) }, s.get(&v, k));
                    v.set_bit(i.rd, k, $e);
                }
            });
            done(h)
        }
    )+)*};
}

carry_out_ops! {
    [vmadc_vvm vv, vmadc_vxm vx, vmadc_vim vi, vmadc_vv vv, vmadc_vx vx, vmadc_vi vi] |a, b, c| {
        let (s, o1) = a.overflowing_add(b);
        o1 | s.overflowing_add(c).1
    };
    [vmsbc_vvm vv, vmsbc_vxm vx, vmsbc_vv vv, vmsbc_vx vx] |a, b, c| {
        let (s, o1) = a.overflowing_sub(b);
        o1 | s.overflowing_sub(c).1
    };
}

/// vmerge: vd[k] = v0 bit k ? src : vs2[k]; vmv.v.*: vd[k] = src (every element).
macro_rules! merge_ops {
    ($( $name:ident $k:ident $merge:ident; )*) => {$(
        pub fn $name(h: &mut Hart, i: &Insn) -> R {
            let v = chk_sss(h, i, is_vv!($k))?;
            let v = span(h, v);
            sew_int!(v.sew, |T, S, W, SW| {
                let s = src!($k, h, i, T);
                v.for_lanes(|v| {
                let (d, a) = (v.p::<T>(i.rd), v.p::<T>(i.rs2));
                for k in v.vstart..v.vl {
                    // SAFETY: k < vl <= VLMAX of the checked groups.
                    unsafe {
                        *d.add(k) = if !merge_ops!(@m $merge) || v.bit(0, k) { s.get(v, k) } else { *a.add(k) };
                    }
                }
            })});
            done(h)
        }
    )*};
    (@m merge) => { true };
    (@m move) => { false };
}

merge_ops! {
    vmerge_vvm vv merge;
    vmerge_vxm vx merge;
    vmerge_vim vi merge;
    vmv_v_v vv move;
    vmv_v_x vx move;
    vmv_v_i vi move;
}
