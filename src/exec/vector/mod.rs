//! "V" (RVV 1.0) and Zvfh: one function per instruction of `isa/rvv_*.tbl`.
//!
//! Every handler follows the same shape: the legality checks Spike makes (vector unit
//! on, vtype legal, register groups aligned and not illegally overlapping), one
//! dispatch on SEW (a `match` that binds the element types), then an element loop over
//! raw pointers into the lane's register file. The loop bodies are closures over
//! concrete element types, so each (instruction, SEW) pair is its own monomorphic loop;
//! the unmasked path is a plain counted loop that LLVM vectorises (with a run-time
//! overlap check), the masked path tests v0 per element. Tail and inactive elements
//! are left undisturbed, as Spike does.
//!
//! Register groups live contiguously in one lane's 32 x VLENB bytes (see
//! `crate::machine::vector`), so element `k` of the group at register `r` is simply
//! `base + r * VLENB + k * size`. All register-number and element-index bounds are
//! established by the checks before a loop runs (alignment to the group size keeps a
//! group inside the 32 registers; element indices stay below VLMAX).

// The element loops are written once and expanded per element type, so some casts are
// identities for one of the types.
#![allow(clippy::unnecessary_cast, clippy::manual_checked_ops)]

pub mod config;
pub mod fastfp;
pub mod fixed;
pub mod float;
pub mod hostsimd;
pub mod int;
pub mod mask;
pub mod mem;
pub mod permute;
pub mod reduce;
#[cfg(target_arch = "x86_64")]
pub mod strip;

use super::Insn;
use crate::machine::{Hart, Trap};

pub(crate) type R = super::ExecResult;

#[cold]
pub(crate) fn ill(i: &Insn) -> Box<Trap> {
    Trap::illegal(i.bits).into()
}

/// Raises an illegal-instruction trap unless the condition holds.
macro_rules! require {
    ($c:expr, $i:expr) => {
        if !($c) {
            return Err($crate::exec::vector::ill($i));
        }
    };
}
pub(crate) use require;

/// Binds `$T` (unsigned element), `$S` (signed), `$W`/`$SW` (double width) for the
/// current SEW and evaluates the body once per instruction.
macro_rules! sew_int {
    ($sew:expr, |$T:ident, $S:ident, $W:ident, $SW:ident| $body:expr) => {
        match $sew {
            8 => {
                #[allow(dead_code)]
                type $T = u8;
                #[allow(dead_code)]
                type $S = i8;
                #[allow(dead_code)]
                type $W = u16;
                #[allow(dead_code)]
                type $SW = i16;
                $body
            }
            16 => {
                #[allow(dead_code)]
                type $T = u16;
                #[allow(dead_code)]
                type $S = i16;
                #[allow(dead_code)]
                type $W = u32;
                #[allow(dead_code)]
                type $SW = i32;
                $body
            }
            32 => {
                #[allow(dead_code)]
                type $T = u32;
                #[allow(dead_code)]
                type $S = i32;
                #[allow(dead_code)]
                type $W = u64;
                #[allow(dead_code)]
                type $SW = i64;
                $body
            }
            _ => {
                #[allow(dead_code)]
                type $T = u64;
                #[allow(dead_code)]
                type $S = i64;
                #[allow(dead_code)]
                type $W = u128;
                #[allow(dead_code)]
                type $SW = i128;
                $body
            }
        }
    };
}
pub(crate) use sew_int;

/// As `sew_int`, for instructions whose SEW is at most 32 (widening and narrowing:
/// the checks have already refused SEW=64).
macro_rules! sew_narrow {
    ($sew:expr, |$T:ident, $S:ident, $W:ident, $SW:ident| $body:expr) => {
        match $sew {
            8 => {
                #[allow(dead_code)]
                type $T = u8;
                #[allow(dead_code)]
                type $S = i8;
                #[allow(dead_code)]
                type $W = u16;
                #[allow(dead_code)]
                type $SW = i16;
                $body
            }
            16 => {
                #[allow(dead_code)]
                type $T = u16;
                #[allow(dead_code)]
                type $S = i16;
                #[allow(dead_code)]
                type $W = u32;
                #[allow(dead_code)]
                type $SW = i32;
                $body
            }
            _ => {
                #[allow(dead_code)]
                type $T = u32;
                #[allow(dead_code)]
                type $S = i32;
                #[allow(dead_code)]
                type $W = u64;
                #[allow(dead_code)]
                type $SW = i64;
                $body
            }
        }
    };
}
pub(crate) use sew_narrow;

/// One instruction's view of one lane's register file, or of `lanes` consecutive
/// lanes' files (see `span`): the element helpers below (`sss`, `sss3`, `mss`,
/// `mixed`, `mixed3`, `for_lanes`) run their loop once per lane; everything else
/// (`p`, `each`, `bit`) addresses the first lane only.
#[derive(Clone, Copy)]
pub(crate) struct V {
    pub base: *mut u8,
    /// Lanes to run the element loop on, starting at `base`, `stride` bytes apart.
    pub lanes: usize,
    pub stride: usize,
    pub vlenb: usize,
    pub vstart: usize,
    pub vl: usize,
    /// The vm bit is 0: only elements whose v0 bit is set are active.
    pub masked: bool,
    pub sew: u32,
}

// SAFETY: a view is a pointer into the lanes' register files; views shared between
// threads (`par_ranges`) are only used for disjoint lane ranges, and the registers
// outlive the instruction that made the view.
unsafe impl Send for V {}
unsafe impl Sync for V {}

impl V {
    /// The single-lane view of lane `l` (0 <= l < lanes) of this view.
    #[inline(always)]
    pub fn at(&self, l: usize) -> V {
        debug_assert!(l < self.lanes);
        V {
            // SAFETY: l < lanes, and `span` only widens a view to lanes that exist.
            base: unsafe { self.base.add(l * self.stride) },
            lanes: 1,
            ..*self
        }
    }
    /// The view of lanes `r` (a sub-range of 0..lanes) of this view.
    #[inline(always)]
    pub fn range(&self, r: std::ops::Range<usize>) -> V {
        debug_assert!(r.start <= r.end && r.end <= self.lanes);
        V {
            // SAFETY: r.start <= lanes: inside (or one past) this view's lanes.
            base: unsafe { self.base.add(r.start * self.stride) },
            lanes: r.end - r.start,
            ..*self
        }
    }
    /// Runs `f` on the single-lane view of every lane of this view: in lane order on
    /// this thread, or in contiguous lane ranges on several (`crate::machine::npu::par`) when
    /// there is enough work. `f` may only touch its own lane's registers.
    #[inline(always)]
    pub fn for_lanes(&self, f: impl Fn(&V) + Sync) {
        self.par_ranges(|part| {
            for l in 0..part.lanes {
                f(&part.at(l))
            }
        })
    }
    /// Runs `f` on sub-views covering all lanes of this view, split as `for_lanes`
    /// splits them.
    #[inline(always)]
    pub fn par_ranges(&self, f: impl Fn(&V) + Sync) {
        if self.lanes <= 1 {
            return f(self);
        }
        let work = self.lanes * self.vl.saturating_sub(self.vstart);
        crate::machine::npu::par::for_lanes(self.lanes, work, |r| f(&self.range(r)))
    }
    /// First element of register `r` viewed as `T`.
    #[inline(always)]
    pub fn p<T>(&self, r: u8) -> *mut T {
        // SAFETY: r < 32, so the offset stays inside the lane's register file.
        unsafe { self.base.add((r as usize & 31) * self.vlenb) as *mut T }
    }
    /// Bit `i` of the mask register `r`.
    #[inline(always)]
    pub fn bit(&self, r: u8, i: usize) -> bool {
        // SAFETY: i < VLEN for every mask index the instructions use.
        unsafe { (*self.p::<u8>(r).add(i >> 3) >> (i & 7)) & 1 != 0 }
    }
    #[inline(always)]
    pub fn set_bit(&self, r: u8, i: usize, v: bool) {
        // SAFETY: as in `bit`.
        unsafe {
            let p = self.p::<u8>(r).add(i >> 3);
            *p = (*p & !(1 << (i & 7))) | ((v as u8) << (i & 7));
        }
    }
    /// The element is active (unmasked, or its v0 bit is set).
    #[inline(always)]
    pub fn active(&self, i: usize) -> bool {
        !self.masked || self.bit(0, i)
    }
    /// Calls `f` for every active element index in vstart..vl, in order.
    #[inline(always)]
    pub fn each(&self, mut f: impl FnMut(usize)) {
        if !self.masked {
            for k in self.vstart..self.vl {
                f(k)
            }
        } else {
            for k in self.vstart..self.vl {
                if self.bit(0, k) {
                    f(k)
                }
            }
        }
    }
}

/// The second operand of an element-wise operation: a vector register or a scalar
/// (x register, f register or immediate, already converted to the element type).
#[derive(Clone, Copy)]
pub(crate) enum Src<T> {
    V(u8),
    S(T),
}

impl<T: Copy> Src<T> {
    /// Element `k` of the operand (the scalar for every k).
    #[inline(always)]
    pub fn get(&self, v: &V, k: usize) -> T {
        match *self {
            // SAFETY: k < VLMAX of the checked group.
            Src::V(r) => unsafe { *v.p::<T>(r).add(k) },
            Src::S(x) => x,
        }
    }
}

/// Vector unit on (mstatus.VS), vtype legal and, for arithmetic when the
/// configuration says so, vstart = 0 (Spike's `require_vector`).
#[inline(always)]
pub(crate) fn require_vec(h: &Hart, i: &Insn, alu: bool) -> R {
    require!(h.vs_enabled() && !h.v.vill, i);
    if alu && !h.v.arch.vstart_alu {
        require!(h.v.vstart == 0, i);
    }
    Ok(())
}

/// The instruction's view of the current lane (lane 0 unless the NPU runs the
/// instruction on every lane, see `crate::machine::npu::lanes`).
#[inline(always)]
pub(crate) fn view(h: &mut Hart, i: &Insn) -> V {
    V {
        base: h.v.lane_ptr(h.v.lane),
        lanes: 1,
        stride: h.v.lane_bytes(),
        vlenb: h.v.vlenb,
        vstart: h.v.vstart as usize,
        vl: h.v.vl as usize,
        masked: (i.bits >> 25) & 1 == 0,
        sew: h.v.sew,
    }
}

/// Widens a checked single-lane view to all the lanes the NPU runs this instruction
/// on (`crate::machine::npu::lanes`: one decode and one set of checks, then the element loop
/// over lanes x elements). Only handlers whose every register access after this goes
/// through the per-lane helpers may call it; it tells the lane runner that the other
/// lanes are done.
#[inline(always)]
pub(crate) fn span(h: &mut Hart, v: V) -> V {
    if h.v.span > 1 {
        h.v.spanned = true;
        V {
            lanes: h.v.span,
            ..v
        }
    } else {
        v
    }
}

/// Copies `len` bytes between non-overlapping ranges: 32 bytes at a time inline (a
/// lane's strip is a few of those), where a `memcpy` call would cost more than the copy.
///
/// # Safety
/// `src` and `dst` are valid for `len` bytes and do not overlap.
#[inline(always)]
pub(crate) unsafe fn copy_bytes(src: *const u8, dst: *mut u8, len: usize) {
    let mut o = 0;
    // SAFETY: o + 32 <= len, inside both ranges (the caller's contract).
    unsafe {
        while o + 32 <= len {
            let chunk = (src.add(o) as *const [u8; 32]).read_unaligned();
            (dst.add(o) as *mut [u8; 32]).write_unaligned(chunk);
            o += 32;
        }
        if o < len {
            std::ptr::copy_nonoverlapping(src.add(o), dst.add(o), len - o);
        }
    }
}

/// Ends a vector instruction: vstart = 0, vector state dirty.
#[inline(always)]
pub(crate) fn done(h: &mut Hart) -> R {
    h.v.vstart = 0;
    h.dirty_vs();
    Ok(())
}

/// Register `r` is aligned to a group of 2^lmul registers (always for fractional LMUL).
#[inline(always)]
pub(crate) fn al(r: u8, lmul: i32) -> bool {
    lmul <= 0 || (r as u32) & ((1 << lmul) - 1) == 0
}

/// Group size in registers for log2(EMUL) (fractional groups occupy one register).
#[inline(always)]
fn gsize(l: i32) -> i32 {
    1 << l.max(0)
}

/// The register ranges [a, a+size(al)) and [b, b+size(bl)) overlap.
#[inline(always)]
pub(crate) fn overlap(a: u8, al: i32, b: u8, bl: i32) -> bool {
    let (a, b, asz, bsz) = (a as i32, b as i32, gsize(al), gsize(bl));
    (a + asz).max(b + bsz) - a.min(b) < asz + bsz
}

/// As `overlap`, but a destination `a` whose highest part is exactly the source `b`
/// (the overlap the spec allows for widening) does not count.
#[inline(always)]
pub(crate) fn overlap_widen(a: u8, al: i32, b: u8, bl: i32) -> bool {
    let bsz = gsize(bl);
    if a < b && overlap(a, al, b, bl) && !overlap(a, al, (b as i32 + bsz) as u8, bl) {
        return false;
    }
    overlap(a, al, b, bl)
}

/// A masked instruction may not write v0 (Spike's `require_vm`).
#[inline(always)]
pub(crate) fn require_vm(i: &Insn) -> R {
    require!((i.bits >> 25) & 1 == 1 || i.rd != 0, i);
    Ok(())
}

/// Single-width destination and sources (VI_CHECK_SSS): `vs1` says whether rs1 is a
/// vector register.
#[inline(always)]
pub(crate) fn chk_sss(h: &mut Hart, i: &Insn, vs1: bool) -> Result<V, Box<Trap>> {
    require_vec(h, i, true)?;
    require_vm(i)?;
    let l = h.v.lmul_log2;
    require!(al(i.rd, l) && al(i.rs2, l) && (!vs1 || al(i.rs1, l)), i);
    Ok(view(h, i))
}

/// Mask destination, single-width sources (VI_CHECK_MSS).
#[inline(always)]
pub(crate) fn chk_mss(h: &mut Hart, i: &Insn, vs1: bool) -> Result<V, Box<Trap>> {
    require_vec(h, i, true)?;
    let l = h.v.lmul_log2;
    require!(i.rd == i.rs2 || !overlap(i.rd, 0, i.rs2, l), i);
    require!(al(i.rs2, l), i);
    if vs1 {
        require!(i.rd == i.rs1 || !overlap(i.rd, 0, i.rs1, l), i);
        require!(al(i.rs1, l), i);
    }
    Ok(view(h, i))
}

/// Widening: 2*SEW destination, SEW sources (VI_CHECK_DSS), or with `wide_vs2` a
/// 2*SEW vs2 (VI_CHECK_DDS).
#[inline(always)]
pub(crate) fn chk_widen(h: &mut Hart, i: &Insn, vs1: bool, wide_vs2: bool) -> Result<V, Box<Trap>> {
    require_vec(h, i, true)?;
    let l = h.v.lmul_log2;
    require!(l <= 2 && h.v.sew * 2 <= h.v.arch.elen, i);
    require!(al(i.rd, l + 1), i);
    require_vm(i)?;
    let no_over = |r: u8| {
        if l < 0 {
            !overlap(i.rd, l + 1, r, l)
        } else {
            !overlap_widen(i.rd, l + 1, r, l)
        }
    };
    if wide_vs2 {
        require!(al(i.rs2, l + 1), i);
    } else {
        require!(al(i.rs2, l) && no_over(i.rs2), i);
    }
    if vs1 {
        require!(al(i.rs1, l) && no_over(i.rs1), i);
    }
    Ok(view(h, i))
}

/// Narrowing: SEW destination, 2*SEW vs2 (VI_CHECK_SDS).
#[inline(always)]
pub(crate) fn chk_narrow(h: &mut Hart, i: &Insn, vs1: bool) -> Result<V, Box<Trap>> {
    require_vec(h, i, true)?;
    let l = h.v.lmul_log2;
    require!(l <= 2 && h.v.sew * 2 <= h.v.arch.elen, i);
    require!(al(i.rs2, l + 1) && al(i.rd, l), i);
    require_vm(i)?;
    require!(i.rd == i.rs2 || !overlap(i.rd, l, i.rs2, l + 1), i);
    if vs1 {
        require!(al(i.rs1, l), i);
    }
    Ok(view(h, i))
}

/// vd[k] = f(vs2[k], src[k]) over the active elements.
#[inline(always)]
pub(crate) fn sss<T: Copy + Sync>(v: &V, vd: u8, vs2: u8, s: Src<T>, f: impl Fn(T, T) -> T + Sync) {
    v.for_lanes(|v| sss1(v, vd, vs2, s, &f))
}

#[inline(always)]
fn sss1<T: Copy + Sync>(v: &V, vd: u8, vs2: u8, s: Src<T>, f: impl Fn(T, T) -> T + Sync) {
    let (d, a) = (v.p::<T>(vd), v.p::<T>(vs2));
    // SAFETY (all loops): k < vl <= VLMAX and the groups were checked.
    match s {
        Src::V(r) => {
            let b = v.p::<T>(r);
            v.each(|k| unsafe { *d.add(k) = f(*a.add(k), *b.add(k)) })
        }
        Src::S(x) => v.each(|k| unsafe { *d.add(k) = f(*a.add(k), x) }),
    }
}

/// vd[k] = f(vd[k], vs2[k], src[k]) (multiply-add forms).
#[inline(always)]
pub(crate) fn sss3<T: Copy + Sync>(
    v: &V,
    vd: u8,
    vs2: u8,
    s: Src<T>,
    f: impl Fn(T, T, T) -> T + Sync,
) {
    v.for_lanes(|v| sss3_1(v, vd, vs2, s, &f))
}

#[inline(always)]
fn sss3_1<T: Copy + Sync>(v: &V, vd: u8, vs2: u8, s: Src<T>, f: impl Fn(T, T, T) -> T + Sync) {
    let (d, a) = (v.p::<T>(vd), v.p::<T>(vs2));
    match s {
        Src::V(r) => {
            let b = v.p::<T>(r);
            v.each(|k| unsafe { *d.add(k) = f(*d.add(k), *a.add(k), *b.add(k)) })
        }
        Src::S(x) => v.each(|k| unsafe { *d.add(k) = f(*d.add(k), *a.add(k), x) }),
    }
}

/// Mask bit k of vd = f(vs2[k], src[k]).
#[inline(always)]
pub(crate) fn mss<T: Copy + Sync>(
    v: &V,
    vd: u8,
    vs2: u8,
    s: Src<T>,
    f: impl Fn(T, T) -> bool + Sync,
) {
    v.for_lanes(|v| mss1(v, vd, vs2, s, &f))
}

#[inline(always)]
fn mss1<T: Copy + Sync>(v: &V, vd: u8, vs2: u8, s: Src<T>, f: impl Fn(T, T) -> bool + Sync) {
    let a = v.p::<T>(vs2);
    v.each(|k| {
        // SAFETY: k < vl.
        let x = unsafe { *a.add(k) };
        v.set_bit(vd, k, f(x, s.get(v, k)))
    });
}

/// vd (element type D) [k] = f(vs2 (A) [k], src (B) [k]): widening and narrowing.
#[inline(always)]
pub(crate) fn mixed<D: Copy + Sync, A: Copy + Sync, B: Copy + Sync>(
    v: &V,
    vd: u8,
    vs2: u8,
    s: Src<B>,
    f: impl Fn(A, B) -> D + Sync,
) {
    v.for_lanes(|v| mixed1(v, vd, vs2, s, &f))
}

#[inline(always)]
fn mixed1<D: Copy + Sync, A: Copy + Sync, B: Copy + Sync>(
    v: &V,
    vd: u8,
    vs2: u8,
    s: Src<B>,
    f: impl Fn(A, B) -> D + Sync,
) {
    let (d, a) = (v.p::<D>(vd), v.p::<A>(vs2));
    match s {
        Src::V(r) => {
            let b = v.p::<B>(r);
            v.each(|k| unsafe { *d.add(k) = f(*a.add(k), *b.add(k)) })
        }
        Src::S(x) => v.each(|k| unsafe { *d.add(k) = f(*a.add(k), x) }),
    }
}

/// vd (D) [k] = f(vd[k], vs2 (A) [k], src (B) [k]): widening multiply-add.
#[inline(always)]
pub(crate) fn mixed3<D: Copy + Sync, A: Copy + Sync, B: Copy + Sync>(
    v: &V,
    vd: u8,
    vs2: u8,
    s: Src<B>,
    f: impl Fn(D, A, B) -> D + Sync,
) {
    v.for_lanes(|v| mixed3_1(v, vd, vs2, s, &f))
}

#[inline(always)]
fn mixed3_1<D: Copy + Sync, A: Copy + Sync, B: Copy + Sync>(
    v: &V,
    vd: u8,
    vs2: u8,
    s: Src<B>,
    f: impl Fn(D, A, B) -> D + Sync,
) {
    let (d, a) = (v.p::<D>(vd), v.p::<A>(vs2));
    match s {
        Src::V(r) => {
            let b = v.p::<B>(r);
            v.each(|k| unsafe { *d.add(k) = f(*d.add(k), *a.add(k), *b.add(k)) })
        }
        Src::S(x) => v.each(|k| unsafe { *d.add(k) = f(*d.add(k), *a.add(k), x) }),
    }
}

/// The operand selector of the generated handlers: `vv` reads vs1, `vx` x[rs1]
/// truncated to the element type, `vi` the immediate (sign- or zero-extended by its
/// table token, then truncated).
macro_rules! src {
    (vv, $h:ident, $i:ident, $T:ty) => {
        $crate::exec::vector::Src::<$T>::V($i.rs1)
    };
    (vx, $h:ident, $i:ident, $T:ty) => {
        $crate::exec::vector::Src::<$T>::S($h.x($i.rs1) as $T)
    };
    (vi, $h:ident, $i:ident, $T:ty) => {
        $crate::exec::vector::Src::<$T>::S($i.imm as $T)
    };
}
pub(crate) use src;

macro_rules! is_vv {
    (vv) => {
        true
    };
    (vx) => {
        false
    };
    (vi) => {
        false
    };
}
pub(crate) use is_vv;

/// Handlers that are not implemented yet raise illegal instruction.
#[allow(unused_macros)]
macro_rules! stubs {
    ($($name:ident),* $(,)?) => {$(
        pub fn $name(_: &mut $crate::machine::Hart, i: &$crate::machine::Insn) -> $crate::exec::vector::R {
            Err($crate::exec::vector::ill(i))
        }
    )*};
}
#[allow(unused_imports)]
pub(crate) use stubs;
