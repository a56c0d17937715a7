//! Vector permutations (RVV 1.0 chapter 16): scalar moves, slides, gathers, compress
//! and whole-register moves.

use super::float::{fp_check, unbox};
use super::{R, V, al, chk_sss, done, overlap, require, require_vec, require_vm, sew_int, view};
use crate::machine::Hart;
use crate::machine::Insn;

pub fn vmv_x_s(h: &mut Hart, i: &Insn) -> R {
    require_vec(h, i, true)?;
    let v = view(h, i);
    // SAFETY: element 0 of a register.
    let x = sew_int!(v.sew, |T, S, W, SW| unsafe { *v.p::<S>(i.rs2) } as i64
        as u64);
    h.set_x(i.rd, x);
    done(h)
}

/// Writes the scalar `x` (truncated to SEW) to element 0 when vstart < vl.
fn scalar_to_elem0(h: &mut Hart, i: &Insn, x: u64) {
    let v = view(h, i);
    if v.vl > 0 && v.vstart < v.vl {
        // SAFETY: element 0 of a register.
        sew_int!(v.sew, |T, S, W, SW| unsafe { *v.p::<T>(i.rd) = x as T });
    }
}

pub fn vmv_s_x(h: &mut Hart, i: &Insn) -> R {
    require_vec(h, i, true)?;
    let x = h.x(i.rs1);
    scalar_to_elem0(h, i, x);
    done(h)
}

pub fn vfmv_f_s(h: &mut Hart, i: &Insn) -> R {
    fp_check(h, i)?;
    let v = view(h, i);
    // SAFETY: element 0 of a register.
    let x = unsafe {
        match v.sew {
            16 => *v.p::<u16>(i.rs2) as u64 | !0xffff,
            32 => *v.p::<u32>(i.rs2) as u64 | !0xffff_ffff,
            _ => *v.p::<u64>(i.rs2),
        }
    };
    h.f[(i.rd & 31) as usize] = x;
    h.dirty_fp();
    done(h)
}

pub fn vfmv_s_f(h: &mut Hart, i: &Insn) -> R {
    fp_check(h, i)?;
    let x = unbox(h, i.rs1);
    scalar_to_elem0(h, i, x);
    done(h)
}

/// VI_CHECK_SLIDE; `over` forbids vd == vs2 (slide-up forms).
fn chk_slide(h: &mut Hart, i: &Insn, over: bool) -> Result<V, Box<crate::machine::Trap>> {
    require_vec(h, i, true)?;
    let l = h.v.lmul_log2;
    require!(al(i.rs2, l) && al(i.rd, l), i);
    require_vm(i)?;
    require!(!over || i.rd != i.rs2, i);
    Ok(view(h, i))
}

fn slideup(h: &mut Hart, i: &Insn, off: u64) -> R {
    let v = chk_slide(h, i, true)?;
    sew_int!(v.sew, |T, S, W, SW| {
        let (d, a) = (v.p::<T>(i.rd), v.p::<T>(i.rs2));
        v.each(|k| {
            if k as u64 >= off {
                // SAFETY: k - off < k < vl.
                unsafe { *d.add(k) = *a.add(k - off as usize) }
            }
        });
    });
    done(h)
}

pub fn vslideup_vx(h: &mut Hart, i: &Insn) -> R {
    let off = h.x(i.rs1);
    slideup(h, i, off)
}
pub fn vslideup_vi(h: &mut Hart, i: &Insn) -> R {
    slideup(h, i, i.imm as u64)
}

fn slidedown(h: &mut Hart, i: &Insn, off: u64) -> R {
    let v = chk_slide(h, i, false)?;
    let vlmax = h.v.vlmax as u128;
    sew_int!(v.sew, |T, S, W, SW| {
        let (d, a) = (v.p::<T>(i.rd), v.p::<T>(i.rs2));
        v.each(|k| {
            let src = k as u128 + off as u128;
            // SAFETY: src < VLMAX of the checked group.
            unsafe { *d.add(k) = if src < vlmax { *a.add(src as usize) } else { 0 } }
        });
    });
    done(h)
}

pub fn vslidedown_vx(h: &mut Hart, i: &Insn) -> R {
    let off = h.x(i.rs1);
    slidedown(h, i, off)
}
pub fn vslidedown_vi(h: &mut Hart, i: &Insn) -> R {
    slidedown(h, i, i.imm as u64)
}

fn slide1up(h: &mut Hart, i: &Insn, x: u64) -> R {
    let v = chk_slide(h, i, true)?;
    sew_int!(v.sew, |T, S, W, SW| {
        let (d, a) = (v.p::<T>(i.rd), v.p::<T>(i.rs2));
        // SAFETY: k - 1 < k < vl.
        v.each(|k| unsafe { *d.add(k) = if k == 0 { x as T } else { *a.add(k - 1) } });
    });
    done(h)
}

fn slide1down(h: &mut Hart, i: &Insn, x: u64) -> R {
    let v = chk_slide(h, i, false)?;
    sew_int!(v.sew, |T, S, W, SW| {
        let (d, a) = (v.p::<T>(i.rd), v.p::<T>(i.rs2));
        let last = v.vl.wrapping_sub(1);
        // SAFETY: k + 1 < vl for k != vl - 1.
        v.each(|k| unsafe { *d.add(k) = if k == last { x as T } else { *a.add(k + 1) } });
    });
    done(h)
}

pub fn vslide1up_vx(h: &mut Hart, i: &Insn) -> R {
    let x = h.x(i.rs1);
    slide1up(h, i, x)
}
pub fn vslide1down_vx(h: &mut Hart, i: &Insn) -> R {
    let x = h.x(i.rs1);
    slide1down(h, i, x)
}
pub fn vfslide1up_vf(h: &mut Hart, i: &Insn) -> R {
    fp_check(h, i)?;
    let x = unbox(h, i.rs1);
    slide1up(h, i, x)
}
pub fn vfslide1down_vf(h: &mut Hart, i: &Insn) -> R {
    fp_check(h, i)?;
    let x = unbox(h, i.rs1);
    slide1down(h, i, x)
}

/// vd[k] = idx(k) < VLMAX ? vs2[idx(k)] : 0.
fn gather(h: &mut Hart, i: &Insn, v: &V, idx: impl Fn(usize) -> u64 + Sync) {
    let vlmax = h.v.vlmax;
    sew_int!(v.sew, |T, S, W, SW| {
        let (d, a) = (v.p::<T>(i.rd), v.p::<T>(i.rs2));
        v.each(|k| {
            let j = idx(k);
            // SAFETY: j < VLMAX of the checked group.
            unsafe { *d.add(k) = if j < vlmax { *a.add(j as usize) } else { 0 } }
        });
    });
}

pub fn vrgather_vv(h: &mut Hart, i: &Insn) -> R {
    let v = chk_sss(h, i, true)?;
    require!(i.rd != i.rs2 && i.rd != i.rs1, i);
    let s1 = i.rs1;
    // SAFETY: k < vl <= VLMAX of the checked vs1 group.
    sew_int!(v.sew, |T, S, W, SW| gather(
        h,
        i,
        &v,
        |k| unsafe { *v.p::<T>(s1).add(k) } as u64
    ));
    done(h)
}

pub fn vrgatherei16_vv(h: &mut Hart, i: &Insn) -> R {
    require_vec(h, i, true)?;
    let l = h.v.lmul_log2;
    let emul = 4 - (h.v.sew.trailing_zeros() as i32) + l;
    require!((-3..=3).contains(&emul), i);
    require!(al(i.rd, l) && al(i.rs2, l) && al(i.rs1, emul), i);
    require!(!overlap(i.rd, l, i.rs1, emul), i);
    require!(i.rd != i.rs2, i);
    require_vm(i)?;
    let v = view(h, i);
    let s1 = i.rs1;
    // SAFETY: k < vl <= VLMAX of the checked vs1 group.
    gather(h, i, &v, |k| unsafe { *v.p::<u16>(s1).add(k) } as u64);
    done(h)
}

fn gather_scalar(h: &mut Hart, i: &Insn, idx: u64) -> R {
    require_vec(h, i, true)?;
    let l = h.v.lmul_log2;
    require!(al(i.rd, l) && al(i.rs2, l) && i.rd != i.rs2, i);
    require_vm(i)?;
    let v = view(h, i);
    gather(h, i, &v, |_| idx);
    done(h)
}

pub fn vrgather_vx(h: &mut Hart, i: &Insn) -> R {
    let x = h.x(i.rs1);
    gather_scalar(h, i, x)
}
pub fn vrgather_vi(h: &mut Hart, i: &Insn) -> R {
    gather_scalar(h, i, i.imm as u64)
}

pub fn vcompress_vm(h: &mut Hart, i: &Insn) -> R {
    require_vec(h, i, true)?;
    require!(h.v.vstart == 0, i);
    let l = h.v.lmul_log2;
    require!(al(i.rd, l) && al(i.rs2, l) && i.rd != i.rs2, i);
    require!(!overlap(i.rd, l, i.rs1, 0), i);
    let v = view(h, i);
    sew_int!(v.sew, |T, S, W, SW| {
        let (d, a) = (v.p::<T>(i.rd), v.p::<T>(i.rs2));
        let mut pos = 0;
        for k in v.vstart..v.vl {
            if v.bit(i.rs1, k) {
                // SAFETY: pos <= k < vl.
                unsafe { *d.add(pos) = *a.add(k) };
                pos += 1;
            }
        }
    });
    done(h)
}

/// vmv<n>r.v: copies n whole registers from byte vstart * SEW / 8 on.
pub fn vmv1r_v(h: &mut Hart, i: &Insn) -> R {
    require_vec(h, i, true)?;
    let n = ((i.bits >> 15) & 31) as usize + 1;
    let lg = n.trailing_zeros() as i32;
    require!(al(i.rd, lg) && al(i.rs2, lg), i);
    let size = n * h.v.vlenb;
    let start = h.v.vstart as usize * (h.v.sew as usize / 8);
    if i.rd != i.rs2 && start < size {
        let vlenb = h.v.vlenb;
        let lane = h.v.lane_mut(0);
        let (d, s) = (i.rd as usize * vlenb, i.rs2 as usize * vlenb);
        lane.copy_within(s + start..s + size, d + start);
    }
    done(h)
}
