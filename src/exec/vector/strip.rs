//! Vector f16 arithmetic eight elements at a time on the host's F16C and AVX2 units,
//! with fflags kept exact.
//!
//! `fastfp` computes each f16 element in host f64 (4 lanes per AVX2 operation, a
//! magic-constant rounding); here a strip of eight f16 elements is widened with one
//! `vcvtph2ps`, computed in f32 (8 lanes), rounded once to f16 with `vcvtps2ph`
//! (imm 0: round to nearest, ties to even, whatever MXCSR says), and the strip's
//! flags come from vector compares. A strip with any element whose flags are not
//! provable from values is `bad`: the caller redoes that strip element by element with
//! SoftFloat from the unchanged operands. The caller also comes here only when frm =
//! RNE and `available()` (AVX2, F16C and FMA, checked once).
//!
//! # Why one f32 result rounded to f16 is SoftFloat's f16 result
//!
//! Notation: RN_p rounds to p significant bits, ties to even; f16 has p = 11 (in the
//! normal range; the subnormal quantum is 2^-24), f32 p' = 24. Every f16 value widens
//! exactly to f32, and every f16 operand or result here is far inside f32's normal
//! range (|x| between 2^-48 and 2^33 or zero), so f32 never overflows or underflows.
//!
//! An f16 *midpoint* M is the value halfway between two neighbouring f16 numbers:
//! M = (2k+1)·2^(e-11) with 2^e < |M| < 2^(e+1), e >= -14: 12 significant bits, so an
//! f32 number. RN32 is monotone, so if the exact value x lies strictly between two
//! consecutive midpoints M1 < x < M2, then M1 <= RN32(x) <= M2, and RN16(RN32(x)) =
//! RN16(x) unless RN32(x) is M1 or M2. Double rounding can only go wrong when RN32(x)
//! lands on a midpoint that x is not. (x itself a midpoint is an f32: RN32(x) = x.)
//! For each operation either x is exact in f32, or RN32(x) = M implies x = M:
//!
//! * a · b: 11 x 11 significant bits give at most 22 <= 24: exact in f32.
//! * a + b (|a| >= |b|): let s = RN32(a + b) = M, M in binade e, and x = a + b != M.
//!   Then |x - M| <= 2^(e-24) (half an f32 ulp at M), so |x| > 2^e - 2^(e-24) and
//!   |a| >= |x|/2 forces |a| >= 2^(e-1) (an f16 below 2^(e-1) is at most 2^(e-1) -
//!   2^(e-12)): a is a multiple of 2^(e-11) (a subnormal a needs e = -14 and is a
//!   multiple of 2^-24). If |b| >= 2^(e-13), b is a multiple of 2^(e-23) (2^-24 is
//!   one when b is subnormal: then e < -1), so is x = a + b, and so is M;
//!   |x - M| <= 2^(e-24) < 2^(e-23) gives x = M. If |b| < 2^(e-13), then |M - a| <
//!   2^(e-24) + 2^(e-13) < 2^(e-11) with both multiples of 2^(e-11), so a = M; but M
//!   is an odd multiple of 2^(e-11) in binade e, and an f16 in binade e is an even
//!   multiple (quantum 2^(e-10)), while |a| < 2^e < |M| in binade e-1. Either way x = M.
//!   (This is the p' >= 2p + 2 argument, 24 >= 24, done directly.)
//! * a / b: suppose RN32(a/b) = M != a/b, with |b| in [2^f, 2^(f+1)). M = m·2^(e-11)
//!   and b = n·2^(f-10) for integers m, n, so M·b is a multiple of 2^(e+f-21). As
//!   |a| = |a/b|·|b| > (2^e - 2^(e-24))·2^f > 2^(e+f-1), a is a multiple of
//!   2^(e+f-11) (of 2^-24 if subnormal, and then e + f < -13), hence of 2^(e+f-21):
//!   a - M·b is a non-zero multiple of 2^(e+f-21), and |a/b - M| = |a - M·b|/|b| >
//!   2^(e+f-21)/2^(f+1) = 2^(e-22), more than half an f32 ulp at M (2^(e-24)).
//! * sqrt(a): suppose RN32(sqrt a) = M != sqrt a. M² = m²·2^(2e-22), a >= 2^(2e) is a
//!   multiple of 2^(2e-10) (2^-24 when subnormal, then 2e - 22 <= -38), so a - M² is
//!   a non-zero multiple of 2^(2e-22) and |sqrt a - M| = |a - M²|/(sqrt a + M) >
//!   2^(2e-22)/2^(e+2) = 2^(e-24) (both roots are below 2^(e+1)): more than half an
//!   f32 ulp at M, so RN32(sqrt a) != M. This case is tight: p' = 2p + 2 exactly.
//! * a · b + c: the product is exact, but p + c is not; TwoSum gives d = RN32(p + c)
//!   and the exact error t. By the monotonicity argument RN16(d) is right unless d is
//!   a midpoint and t != 0; that element is refused (its 13 fraction bits below the
//!   f16 significand are exactly 1 0...0).
//! * f32 -> f16 (vfncvt.f.f.w): one rounding of an exact value. f16 -> f32: exact.
//!
//! # Flags
//!
//! An accepted element raises NX or nothing: NX exactly when the f16 result differs
//! from the exact value (for + and fma: TwoSum's t != 0 or the f16 result widened back
//! differs from the f32 one; for / and sqrt: r·b != a or r·r != a, products of two
//! 11-bit significands, exact in f32). Refused: a non-finite result or one beyond
//! 65504 (so Inf or NaN operands, NV, DZ and OF never need deciding: an Inf or NaN
//! operand always gives an Inf or NaN or, for x / Inf, an inexact-looking zero that
//! the next rule refuses), and any inexact result whose f32 value is at most 2^-14
//! (then the exact value is below 2^-14 too or equal to it, and UF depends on the
//! after-rounding tininess rule: SoftFloat decides). An exact tiny result (f16 sums
//! are always exact there) raises nothing under either rule and is accepted.
//!
//! # The f32 arithmetic of the widening instructions
//!
//! vfwadd/vfwsub/vfwmul/vfwmacc... compute in f32 from operands widened from f16
//! (`W16`): a product of two widened f16 is exact in f32, so the f32 sum p + c is the
//! fused result with one rounding; NX is Fast2Sum's error, and anything non-finite or
//! below 2^-125 in magnitude (but an exact zero) is refused, as `fastfp::f32_add` does.

use super::{Src, V};
use std::arch::x86_64::*;
use std::sync::atomic::{AtomicU8, Ordering};

/// The host has AVX2, F16C and FMA (and `NPU_SPIKE_HOST_F16C` is not `0`, which forces
/// the f64 path of `fastfp`, to compare the two): detected once, then one load.
#[inline(always)]
pub(crate) fn available() -> bool {
    static STATE: AtomicU8 = AtomicU8::new(0);
    match STATE.load(Ordering::Relaxed) {
        1 => true,
        2 => false,
        _ => detect(&STATE),
    }
}

#[cold]
fn detect(state: &AtomicU8) -> bool {
    let ok = is_x86_feature_detected!("avx2")
        && is_x86_feature_detected!("f16c")
        && is_x86_feature_detected!("fma")
        && std::env::var_os("NPU_SPIKE_HOST_F16C").is_none_or(|v| v != "0");
    state.store(if ok { 1 } else { 2 }, Ordering::Relaxed);
    ok
}

// An H8 or S8 only comes from `Blk::load`/`splat` or from operations on others, and
// those constructors are `unsafe` with the precondition that the CPU has AVX2, F16C
// and FMA: holding one proves the check was made, so the operations on them are safe.

/// Eight f16 bit patterns.
#[derive(Clone, Copy)]
pub(crate) struct H8(__m128i);

/// Eight f32 values.
#[derive(Clone, Copy)]
pub(crate) struct S8(__m256);

/// A strip's result and, one bit per element, which elements must be recomputed with
/// SoftFloat (`bad`) and which accepted ones are inexact (`nx`).
#[derive(Clone, Copy)]
pub(crate) struct F8<T> {
    pub r: T,
    pub bad: u32,
    pub nx: u32,
}

/// A strip of eight elements of type `E` in a host register.
pub(crate) trait Blk: Copy {
    type E: Copy;
    /// 1.0: the value given to the lanes past the end of a short strip (every
    /// operation accepts it, exactly).
    const ONE: Self::E;
    /// # Safety
    /// `p` points to eight readable elements; the CPU has AVX2, F16C and FMA
    /// (`available`; the same for every method).
    unsafe fn load(p: *const Self::E) -> Self;
    /// # Safety
    /// `p` points to eight writable elements.
    unsafe fn store(self, p: *mut Self::E);
    /// # Safety
    /// As for `load`.
    unsafe fn splat(x: Self::E) -> Self;
    /// Lane j of `self` where bit j of `m` is set, of `old` elsewhere.
    /// # Safety
    /// As for `load`.
    unsafe fn select(self, old: Self, m: u32) -> Self;
}

/// Bit j of `m` (j < 8) spread to a whole 32-bit lane j.
#[inline(always)]
unsafe fn lanes32(m: u32) -> __m256i {
    unsafe {
        let bits = _mm256_setr_epi32(1, 2, 4, 8, 16, 32, 64, 128);
        let m = _mm256_and_si256(_mm256_set1_epi32(m as i32), bits);
        _mm256_cmpeq_epi32(m, bits)
    }
}

impl Blk for H8 {
    type E = u16;
    const ONE: u16 = 0x3c00;
    #[inline(always)]
    unsafe fn load(p: *const u16) -> H8 {
        unsafe { H8(_mm_loadu_si128(p as *const __m128i)) }
    }
    #[inline(always)]
    unsafe fn store(self, p: *mut u16) {
        unsafe { _mm_storeu_si128(p as *mut __m128i, self.0) }
    }
    #[inline(always)]
    unsafe fn splat(x: u16) -> H8 {
        unsafe { H8(_mm_set1_epi16(x as i16)) }
    }
    #[inline(always)]
    unsafe fn select(self, old: H8, m: u32) -> H8 {
        unsafe {
            let bits = _mm_setr_epi16(1, 2, 4, 8, 16, 32, 64, 128);
            let sel = _mm_cmpeq_epi16(_mm_and_si128(_mm_set1_epi16(m as i16), bits), bits);
            H8(_mm_blendv_epi8(old.0, self.0, sel))
        }
    }
}

impl Blk for S8 {
    type E = u32;
    const ONE: u32 = 0x3f80_0000;
    #[inline(always)]
    unsafe fn load(p: *const u32) -> S8 {
        unsafe { S8(_mm256_loadu_ps(p as *const f32)) }
    }
    #[inline(always)]
    unsafe fn store(self, p: *mut u32) {
        unsafe { _mm256_storeu_ps(p as *mut f32, self.0) }
    }
    #[inline(always)]
    unsafe fn splat(x: u32) -> S8 {
        unsafe { S8(_mm256_set1_ps(f32::from_bits(x))) }
    }
    #[inline(always)]
    unsafe fn select(self, old: S8, m: u32) -> S8 {
        unsafe {
            let sel = _mm256_castsi256_ps(lanes32(m));
            S8(_mm256_blendv_ps(old.0, self.0, sel))
        }
    }
}

// ---- the arithmetic (the `unsafe` blocks are the intrinsics: see above) --------------

#[inline(always)]
fn f32x8(x: f32) -> __m256 {
    unsafe { _mm256_set1_ps(x) }
}

#[inline(always)]
fn abs(x: __m256) -> __m256 {
    unsafe { _mm256_andnot_ps(f32x8(-0.0), x) }
}

#[inline(always)]
fn mask(m: __m256) -> u32 {
    unsafe { _mm256_movemask_ps(m) as u32 }
}

/// Knuth's TwoSum: s = RN32(x + y) and the exact error t = x + y - s (exact for any
/// finite s; every operand here is below 2^33 in magnitude).
#[inline(always)]
fn two_sum(x: __m256, y: __m256) -> (__m256, __m256) {
    unsafe {
        let s = _mm256_add_ps(x, y);
        let yy = _mm256_sub_ps(s, x);
        let xx = _mm256_sub_ps(s, yy);
        let t = _mm256_add_ps(_mm256_sub_ps(x, xx), _mm256_sub_ps(y, yy));
        (s, t)
    }
}

/// Fast2Sum with the operands ordered by magnitude: s = RN32(x + y) and its exact error
/// whenever s is finite (for any f32 operands).
#[inline(always)]
fn fast_two_sum(x: __m256, y: __m256) -> (__m256, __m256) {
    unsafe {
        let s = _mm256_add_ps(x, y);
        let x_big = _mm256_cmp_ps::<_CMP_GE_OQ>(abs(x), abs(y));
        let big = _mm256_blendv_ps(y, x, x_big);
        let small = _mm256_blendv_ps(x, y, x_big);
        (s, _mm256_sub_ps(small, _mm256_sub_ps(s, big)))
    }
}

#[inline(always)]
fn nonzero(t: __m256) -> __m256 {
    unsafe { _mm256_cmp_ps::<_CMP_NEQ_UQ>(t, _mm256_setzero_ps()) }
}

const TWO_M14: f32 = 1.0 / 16384.0;

/// RN16 of the f32 values `s`, the exact results being s + t with `inexact` set
/// where t != 0 (see the module comment for when that is the correct rounding).
#[inline(always)]
fn finish16(s: __m256, inexact: __m256) -> F8<H8> {
    unsafe {
        let r = _mm256_cvtps_ph::<0>(s);
        let back = _mm256_cvtph_ps(r);
        let nx = _mm256_or_ps(inexact, _mm256_cmp_ps::<_CMP_NEQ_UQ>(back, s));
        F8 {
            r: H8(r),
            bad: refuse16(back, s, nx),
            nx: mask(nx),
        }
    }
}

/// Elements whose f16 result `back` (widened) is not finite or beyond 65504, or which
/// are inexact with |s| <= 2^-14 (may underflow).
#[inline(always)]
fn refuse16(back: __m256, s: __m256, nx: __m256) -> u32 {
    unsafe {
        let out = _mm256_cmp_ps::<_CMP_NLE_UQ>(abs(back), f32x8(65504.0));
        let tiny = _mm256_cmp_ps::<_CMP_LE_OQ>(abs(s), f32x8(TWO_M14));
        mask(_mm256_or_ps(out, _mm256_and_ps(nx, tiny)))
    }
}

/// The f16 arithmetic (vfadd.vv and friends at SEW = 16), as `Fp`'s fast functions
/// on strips.
pub(crate) struct HV;

impl HV {
    #[inline(always)]
    pub fn neg(x: H8) -> H8 {
        unsafe { H8(_mm_xor_si128(x.0, _mm_set1_epi16(i16::MIN))) }
    }
    /// Exact widening to f32 (Inf and NaN stay Inf and NaN).
    #[inline(always)]
    pub fn widen(x: H8) -> S8 {
        unsafe { S8(_mm256_cvtph_ps(x.0)) }
    }
    #[inline(always)]
    pub fn fast_add(a: H8, b: H8) -> F8<H8> {
        let (s, t) = two_sum(Self::widen(a).0, Self::widen(b).0);
        finish16(s, nonzero(t))
    }
    #[inline(always)]
    pub fn fast_mul(a: H8, b: H8) -> F8<H8> {
        let p = unsafe { _mm256_mul_ps(Self::widen(a).0, Self::widen(b).0) };
        finish16(p, unsafe { _mm256_setzero_ps() })
    }
    /// a · b + c with one rounding.
    #[inline(always)]
    pub fn fast_fma(a: H8, b: H8, c: H8) -> F8<H8> {
        unsafe {
            let p = _mm256_mul_ps(Self::widen(a).0, Self::widen(b).0);
            let (d, t) = two_sum(p, Self::widen(c).0);
            let inexact = nonzero(t);
            let mut f = finish16(d, inexact);
            // d on an f16 midpoint with a non-zero error: RN16(d) may be wrong.
            let low = _mm256_and_si256(_mm256_castps_si256(d), _mm256_set1_epi32(0x1fff));
            let mid = _mm256_cmpeq_epi32(low, _mm256_set1_epi32(0x1000));
            f.bad |= mask(_mm256_and_ps(inexact, _mm256_castsi256_ps(mid)));
            f
        }
    }
    #[inline(always)]
    pub fn fast_div(a: H8, b: H8) -> F8<H8> {
        unsafe {
            let (x, y) = (Self::widen(a).0, Self::widen(b).0);
            let q = _mm256_div_ps(x, y);
            let r = _mm256_cvtps_ph::<0>(q);
            let back = _mm256_cvtph_ps(r);
            // r · b = a exactly iff the quotient is exact (the product is exact).
            let nx = _mm256_cmp_ps::<_CMP_NEQ_UQ>(_mm256_mul_ps(back, y), x);
            F8 {
                r: H8(r),
                bad: refuse16(back, q, nx),
                nx: mask(nx),
            }
        }
    }
    #[inline(always)]
    pub fn fast_sqrt(a: H8) -> F8<H8> {
        unsafe {
            let x = Self::widen(a).0;
            let q = _mm256_sqrt_ps(x);
            let r = _mm256_cvtps_ph::<0>(q);
            let back = _mm256_cvtph_ps(r);
            let nx = _mm256_cmp_ps::<_CMP_NEQ_UQ>(_mm256_mul_ps(back, back), x);
            // A negative operand gives a NaN, refused; roots are never tiny.
            F8 {
                r: H8(r),
                bad: refuse16(back, q, nx),
                nx: mask(nx),
            }
        }
    }
    /// vfwcvt.f.f.v: exact; NaNs (whose quieting may raise NV) are refused.
    #[inline(always)]
    pub fn to_f32(a: H8) -> F8<S8> {
        let r = Self::widen(a);
        F8 {
            r,
            bad: mask(unsafe { _mm256_cmp_ps::<_CMP_UNORD_Q>(r.0, r.0) }),
            nx: 0,
        }
    }
    /// vfncvt.f.f.w under RNE: one rounding of the f32 value.
    #[inline(always)]
    pub fn from_f32(x: S8) -> F8<H8> {
        finish16(x.0, unsafe { _mm256_setzero_ps() })
    }
}

/// The f32 arithmetic of the widening f16 instructions. `fast_mul` and `fast_fma`
/// require their multiplicands to be f16 values widened (`HV::widen`): their products
/// are then exact in f32. `fast_add` takes any f32.
pub(crate) struct W16;

/// Accepts f32 results s with exact errors t: finite with |s| >= 2^-125, or zero.
#[inline(always)]
fn finish32(s: __m256, t: __m256) -> F8<S8> {
    unsafe {
        let a = abs(s);
        let normal = _mm256_and_ps(
            _mm256_cmp_ps::<_CMP_GE_OQ>(a, f32x8(2.0 * f32::MIN_POSITIVE)),
            _mm256_cmp_ps::<_CMP_LE_OQ>(a, f32x8(f32::MAX)),
        );
        // A zero sum of finite operands is an exact cancellation.
        let ok = _mm256_or_ps(normal, _mm256_cmp_ps::<_CMP_EQ_OQ>(s, _mm256_setzero_ps()));
        F8 {
            r: S8(s),
            bad: !mask(ok) & 0xff,
            nx: mask(nonzero(t)),
        }
    }
}

impl W16 {
    #[inline(always)]
    pub fn neg(x: S8) -> S8 {
        unsafe { S8(_mm256_xor_ps(x.0, f32x8(-0.0))) }
    }
    #[inline(always)]
    pub fn fast_add(x: S8, y: S8) -> F8<S8> {
        let (s, t) = fast_two_sum(x.0, y.0);
        finish32(s, t)
    }
    /// x · y for widened f16 x, y: exact (at most 22 significant bits, |p| in
    /// [2^-48, 2^32] or zero); an Inf or NaN operand is refused.
    #[inline(always)]
    pub fn fast_mul(x: S8, y: S8) -> F8<S8> {
        let p = unsafe { _mm256_mul_ps(x.0, y.0) };
        let ok = unsafe { _mm256_cmp_ps::<_CMP_LE_OQ>(abs(p), f32x8(f32::MAX)) };
        F8 {
            r: S8(p),
            bad: !mask(ok) & 0xff,
            nx: 0,
        }
    }
    /// x · y + z for widened f16 x, y: the product is exact, so RN32(p + z) is the fused
    /// result.
    #[inline(always)]
    pub fn fast_fma(x: S8, y: S8, z: S8) -> F8<S8> {
        let p = unsafe { _mm256_mul_ps(x.0, y.0) };
        let (s, t) = fast_two_sum(p, z.0);
        finish32(s, t)
    }
}

// ---- the strip loop ----------------------------------------------------------------------

/// The second source: a vector register or a scalar in every lane.
trait Operand<X: Blk>: Copy {
    unsafe fn strip(&self, k: usize) -> X;
    unsafe fn elem(&self, k: usize) -> X::E;
}

#[derive(Clone, Copy)]
struct Reg<E>(*const E);

#[derive(Clone, Copy)]
struct Splat<X: Blk>(X, X::E);

impl<X: Blk> Operand<X> for Reg<X::E> {
    #[inline(always)]
    unsafe fn strip(&self, k: usize) -> X {
        unsafe { X::load(self.0.add(k)) }
    }
    #[inline(always)]
    unsafe fn elem(&self, k: usize) -> X::E {
        unsafe { *self.0.add(k) }
    }
}

impl<X: Blk> Operand<X> for Splat<X> {
    #[inline(always)]
    unsafe fn strip(&self, _: usize) -> X {
        self.0
    }
    #[inline(always)]
    unsafe fn elem(&self, _: usize) -> X::E {
        self.1
    }
}

/// vd (XD) [k] = op(vd[k], vs2 (XA) [k], src (XB) [k]) for the active k in vstart..vl of
/// every lane of `v`, eight elements at a time through `fast`; a strip with any `bad`
/// active element is computed with `slow` (SoftFloat) element by element, in order,
/// from its unchanged operands. `READ_D`: the operation reads vd (fused multiply-adds);
/// otherwise `fast` and `slow` get 1.0 for it. Returns whether an accepted result is
/// inexact (the caller raises NX). The caller has checked frm = RNE.
///
/// A strip is read whole before it is written, and strips go in element order, so the
/// overlaps the checks allow (vd = a source, or a widening/narrowing vd sharing a
/// source's registers as the specification permits) see the same operands as an
/// element-by-element loop.
///
/// # Safety
/// The CPU has AVX2, F16C and FMA (`available`). To be fast, this must be called from
/// a function compiled with them (`#[target_feature(enable = "avx2,f16c,fma")]`) in
/// which `fast` is defined: closures inherit their function's features, and the
/// intrinsics inline into them only then.
#[inline(always)]
pub(crate) unsafe fn fast3<const READ_D: bool, XD: Blk, XA: Blk, XB: Blk>(
    v: &V,
    vd: u8,
    vs2: u8,
    s: Src<XB::E>,
    fast: impl Fn(XD, XA, XB) -> F8<XD>,
    slow: impl Fn(XD::E, XA::E, XB::E) -> XD::E,
) -> bool {
    let mut nx = 0;
    for l in 0..v.lanes {
        let v = &v.at(l);
        nx |= match s {
            Src::V(r) => unsafe {
                lane::<READ_D, XD, XA, XB, _>(v, vd, vs2, Reg(v.p::<XB::E>(r)), &fast, &slow)
            },
            Src::S(x) => unsafe {
                lane::<READ_D, XD, XA, XB, _>(v, vd, vs2, Splat(XB::splat(x), x), &fast, &slow)
            },
        };
    }
    nx != 0
}

/// As `fast3` for operations that do not read vd.
///
/// # Safety
/// As for `fast3`.
#[inline(always)]
pub(crate) unsafe fn fast2<XD: Blk, XA: Blk, XB: Blk>(
    v: &V,
    vd: u8,
    vs2: u8,
    s: Src<XB::E>,
    fast: impl Fn(XA, XB) -> F8<XD>,
    slow: impl Fn(XA::E, XB::E) -> XD::E,
) -> bool {
    unsafe { fast3::<false, XD, XA, XB>(v, vd, vs2, s, |_, a, b| fast(a, b), |_, a, b| slow(a, b)) }
}

/// As `fast3` for unary operations (vs2 only).
///
/// # Safety
/// As for `fast3`.
#[inline(always)]
pub(crate) unsafe fn fast1<XD: Blk, XA: Blk>(
    v: &V,
    vd: u8,
    vs2: u8,
    fast: impl Fn(XA) -> F8<XD>,
    slow: impl Fn(XA::E) -> XD::E,
) -> bool {
    unsafe {
        fast3::<false, XD, XA, XA>(
            v,
            vd,
            vs2,
            Src::S(XA::ONE),
            |_, a, _| fast(a),
            |_, a, _| slow(a),
        )
    }
}

/// Bits k..k+n (n <= 8) of mask register v0.
#[inline(always)]
fn mask_bits(v: &V, k: usize, n: usize) -> u32 {
    let mut m = 0;
    for j in 0..n {
        m |= (v.bit(0, k + j) as u32) << j;
    }
    m
}

#[inline(always)]
unsafe fn lane<const READ_D: bool, XD: Blk, XA: Blk, XB: Blk, O: Operand<XB>>(
    v: &V,
    vd: u8,
    vs2: u8,
    b: O,
    fast: &impl Fn(XD, XA, XB) -> F8<XD>,
    slow: &impl Fn(XD::E, XA::E, XB::E) -> XD::E,
) -> u32 {
    let (d, a) = (v.p::<XD::E>(vd), v.p::<XA::E>(vs2) as *const XA::E);
    let mut nx = 0;
    let mut k = v.vstart;
    // SAFETY (all accesses): vstart <= k < vl <= VLMAX of the checked groups; the
    // buffers of a short strip hold eight elements.
    unsafe {
        let one = XD::splat(XD::ONE);
        let redo = |j: usize| *d.add(j) = slow(*d.add(j), *a.add(j), b.elem(j));
        while k + 8 <= v.vl {
            let m = if v.masked { mask_bits(v, k, 8) } else { 0xff };
            let old = if READ_D || v.masked {
                XD::load(d.add(k))
            } else {
                one
            };
            let f = fast(
                if READ_D { old } else { one },
                XA::load(a.add(k)),
                b.strip(k),
            );
            if f.bad & m == 0 {
                let r = if v.masked { f.r.select(old, m) } else { f.r };
                r.store(d.add(k));
                nx |= f.nx & m;
            } else {
                (k..k + 8).filter(|&j| m >> (j - k) & 1 != 0).for_each(redo);
            }
            k += 8;
        }
        if k < v.vl {
            let n = v.vl - k;
            let m = if v.masked {
                mask_bits(v, k, n)
            } else {
                (1 << n) - 1
            };
            let (mut bd, mut ba, mut bb) = ([XD::ONE; 8], [XA::ONE; 8], [XB::ONE; 8]);
            for j in 0..n {
                if READ_D {
                    bd[j] = *d.add(k + j);
                }
                ba[j] = *a.add(k + j);
                bb[j] = b.elem(k + j);
            }
            let f = fast(
                XD::load(bd.as_ptr()),
                XA::load(ba.as_ptr()),
                XB::load(bb.as_ptr()),
            );
            if f.bad & m == 0 {
                f.r.store(bd.as_mut_ptr());
                for (j, &r) in bd[..n].iter().enumerate() {
                    if m >> j & 1 != 0 {
                        *d.add(k + j) = r;
                    }
                }
                nx |= f.nx & m;
            } else {
                (k..v.vl).filter(|&j| m >> (j - k) & 1 != 0).for_each(redo);
            }
        }
    }
    nx
}

/// `HV`'s arithmetic as the fast-path tables name it (`o.add(a, b)`, see float.rs).
pub(crate) struct StripOps;

impl StripOps {
    #[inline(always)]
    pub fn add(&self, a: H8, b: H8) -> F8<H8> {
        HV::fast_add(a, b)
    }
    #[inline(always)]
    pub fn mul(&self, a: H8, b: H8) -> F8<H8> {
        HV::fast_mul(a, b)
    }
    #[inline(always)]
    pub fn div(&self, a: H8, b: H8) -> F8<H8> {
        HV::fast_div(a, b)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use softfloat_sys as sf;
    use softfloat_sys::{float16_t as F16, float32_t as F32};

    const NX: u8 = 1;

    /// SoftFloat's result of `op` (RISC-V specialisation, RNE) and the flags it raised.
    fn soft<R>(op: impl FnOnce() -> R) -> (R, u8) {
        unsafe {
            sf::softfloat_roundingMode_write_helper(0);
            sf::softfloat_exceptionFlags_write_helper(0);
            let r = op();
            let fl = sf::softfloat_exceptionFlags_read_helper();
            sf::softfloat_exceptionFlags_write_helper(0);
            (r, fl)
        }
    }
    fn add16(a: u16, b: u16) -> (u16, u8) {
        soft(|| unsafe { sf::f16_add(F16 { v: a }, F16 { v: b }).v })
    }
    fn sub16(a: u16, b: u16) -> (u16, u8) {
        soft(|| unsafe { sf::f16_sub(F16 { v: a }, F16 { v: b }).v })
    }
    fn mul16(a: u16, b: u16) -> (u16, u8) {
        soft(|| unsafe { sf::f16_mul(F16 { v: a }, F16 { v: b }).v })
    }
    fn div16(a: u16, b: u16) -> (u16, u8) {
        soft(|| unsafe { sf::f16_div(F16 { v: a }, F16 { v: b }).v })
    }
    fn fma16(a: u16, b: u16, c: u16) -> (u16, u8) {
        soft(|| unsafe { sf::f16_mulAdd(F16 { v: a }, F16 { v: b }, F16 { v: c }).v })
    }
    fn w(a: u16) -> u32 {
        unsafe { sf::f16_to_f32(F16 { v: a }).v }
    }

    fn finite16(x: u16) -> bool {
        x & 0x7c00 != 0x7c00
    }

    /// The fast path must accept this SoftFloat outcome: finite operands, a finite
    /// result, and no flag or only NX on a result above 2^-14 in magnitude (what is
    /// refused beyond this is an inexact result at or below 2^-14, whose UF depends on
    /// the tininess rule, and the fused multiply-add's midpoint case).
    fn must_accept16(ops_finite: bool, r: u16, fl: u8) -> bool {
        ops_finite && finite16(r) && (fl == 0 || (fl == NX && r & 0x7fff > 0x0400))
    }

    /// Eight elements from `x[k..k + 8]`, 1.0 past the end.
    fn strip16(x: &[u16], k: usize) -> H8 {
        let mut b = [0x3c00u16; 8];
        for (j, slot) in b.iter_mut().enumerate() {
            if let Some(&v) = x.get(k + j) {
                *slot = v;
            }
        }
        unsafe { H8::load(b.as_ptr()) }
    }
    fn strip32(x: &[u32], k: usize) -> S8 {
        let mut b = [0x3f80_0000u32; 8];
        for (j, slot) in b.iter_mut().enumerate() {
            if let Some(&v) = x.get(k + j) {
                *slot = v;
            }
        }
        unsafe { S8::load(b.as_ptr()) }
    }

    /// For every strip of cases k0..k0 + 8 of `n`: each accepted lane equals
    /// SoftFloat's result with exactly SoftFloat's flags (NX or none), and no lane that
    /// `want(k)` marks as must-accept is refused. Returns the number accepted.
    fn compare<X: Blk>(
        n: usize,
        strip: impl Fn(usize) -> F8<X>,
        want: impl Fn(usize) -> (u64, u8, bool),
        what: impl Fn(usize) -> String,
    ) -> u64
    where
        X::E: Into<u64>,
    {
        let mut accepted = 0;
        for k0 in (0..n).step_by(8) {
            let f = strip(k0);
            let mut out = [X::ONE; 8];
            unsafe { f.r.store(out.as_mut_ptr()) };
            for (j, &r) in out.iter().enumerate().take(n - k0) {
                let k = k0 + j;
                let (r_want, fl, must) = want(k);
                if f.bad >> j & 1 == 0 {
                    accepted += 1;
                    assert_eq!(r.into(), r_want, "{}: value", what(k));
                    assert_eq!(fl, (f.nx >> j & 1) as u8, "{}: flags", what(k));
                } else {
                    assert!(!must, "{}: refused (SoftFloat flags {fl:#x})", what(k));
                }
            }
        }
        accepted
    }

    /// The f16 values every operation meets at its edges (both signs): zeros, smallest
    /// and largest subnormals, the smallest normal and neighbours, 1 and neighbours,
    /// the largest finite values, infinities, quiet and signaling NaNs.
    fn special16() -> Vec<u16> {
        let mut v = vec![
            0x0000, 0x0001, 0x0002, 0x0003, 0x01ff, 0x0200, 0x03fe, 0x03ff, 0x0400, 0x0401, 0x07ff,
            0x0800, 0x1000, 0x2000, 0x3800, 0x3bff, 0x3c00, 0x3c01, 0x3e00, 0x4000, 0x4200, 0x5bff,
            0x5c00, 0x7800, 0x7bfe, 0x7bff, 0x7c00, 0x7c01, 0x7d00, 0x7e00, 0x7fff,
        ];
        let neg: Vec<u16> = v.iter().map(|x| x | 0x8000).collect();
        v.extend(neg);
        v
    }

    fn xorshift(st: &mut u64) -> u64 {
        *st ^= *st << 13;
        *st ^= *st >> 7;
        *st ^= *st << 17;
        *st
    }

    /// A deterministic sample of f16 bit patterns (all exponents alike).
    fn sample16(n: usize, mut st: u64) -> Vec<u16> {
        (0..n).map(|_| (xorshift(&mut st) >> 24) as u16).collect()
    }

    /// Checks add, sub, mul and div on the operand pairs (x[k], y[k]).
    fn binary_ops(x: &[u16], y: &[u16]) -> [u64; 4] {
        let n = x.len();
        let what = |op: &'static str| move |k: usize| format!("{:#06x} {op} {:#06x}", x[k], y[k]);
        let fin = |k: usize| finite16(x[k]) && finite16(y[k]);
        let want = |f: fn(u16, u16) -> (u16, u8)| {
            move |k: usize| {
                let (r, fl) = f(x[k], y[k]);
                (r as u64, fl, must_accept16(fin(k), r, fl))
            }
        };
        let (sx, sy) = (|k| strip16(x, k), |k| strip16(y, k));
        [
            compare(n, |k| HV::fast_add(sx(k), sy(k)), want(add16), what("+")),
            compare(
                n,
                |k| HV::fast_add(sx(k), HV::neg(sy(k))),
                want(sub16),
                what("-"),
            ),
            compare(n, |k| HV::fast_mul(sx(k), sy(k)), want(mul16), what("*")),
            compare(n, |k| HV::fast_div(sx(k), sy(k)), want(div16), what("/")),
        ]
    }

    /// Every f16 against every special value (both orders), add/sub/mul/div, and
    /// exhaustively sqrt and the widening conversion.
    #[test]
    fn specials_against_every_f16() {
        if !available() {
            return;
        }
        let (mut x, mut y) = (Vec::new(), Vec::new());
        for &s in &special16() {
            for a in 0..=u16::MAX {
                x.extend([a, s]);
                y.extend([s, a]);
            }
        }
        let acc = binary_ops(&x, &y);
        // Most pairs are accepted (uniform bit patterns: 1/32 are Inf/NaN, and many
        // products and quotients over- or underflow).
        assert!(acc.iter().all(|&c| c * 2 > x.len() as u64), "{acc:?}");

        let all: Vec<u16> = (0..=u16::MAX).collect();
        let sqrt_ok = compare(
            all.len(),
            |k| HV::fast_sqrt(strip16(&all, k)),
            |k| {
                let (r, fl) = soft(|| unsafe { sf::f16_sqrt(F16 { v: all[k] }).v });
                (r as u64, fl, must_accept16(finite16(all[k]), r, fl))
            },
            |k| format!("sqrt {:#06x}", all[k]),
        );
        // Every non-negative finite value and -0 (31,745 of them).
        assert_eq!(sqrt_ok, 0x7c00 + 1);
        let wide_ok = compare(
            all.len(),
            |k| HV::to_f32(strip16(&all, k)),
            |k| {
                let (r, fl) = soft(|| w(all[k]));
                let nan = all[k] & 0x7fff > 0x7c00;
                (r as u64, fl, !nan)
            },
            |k| format!("widen {:#06x}", all[k]),
        );
        assert_eq!(wide_ok, 65536 - 2 * 1023);
    }

    /// All pairs of a 1,536-value random subset (2.4 M pairs); `NPU_SPIKE_F16_PAIRS`
    /// sizes it for a deeper run (65,536: every pair, 4.3 G).
    #[test]
    fn random_pairs() {
        if !available() {
            return;
        }
        let n = std::env::var("NPU_SPIKE_F16_PAIRS")
            .ok()
            .and_then(|v| v.parse().ok())
            .unwrap_or(1536usize);
        let set: Vec<u16> = if n >= 65536 {
            (0..=u16::MAX).collect()
        } else {
            sample16(n, 0x243f_6a88_85a3_08d3)
        };
        // One row of pairs at a time keeps memory small for the full run.
        let mut acc = [0u64; 4];
        let y = set.clone();
        for &a in &set {
            let x = vec![a; y.len()];
            for (s, c) in acc.iter_mut().zip(binary_ops(&x, &y)) {
                *s += c;
            }
        }
        let total = (set.len() * set.len()) as u64;
        assert!(
            acc.iter().all(|&c| c * 10 > total * 6),
            "{acc:?} of {total}"
        );
    }

    /// Fused multiply-adds: 300 x 300 x 30 triples of the random subset, all triples of
    /// special values, and sums built to land on and next to f16 rounding boundaries
    /// (c = ±(1 + m·2^-10) or ±2^15·(1 + m·2^-10) plus a product of exactly half an
    /// ulp of c, half an ulp ± one product ulp, or one far below it).
    #[test]
    fn fused_multiply_adds() {
        if !available() {
            return;
        }
        let set = sample16(300, 0x1319_8a2e_0370_7344);
        let (mut a, mut b, mut c) = (Vec::new(), Vec::new(), Vec::new());
        for &x in &set {
            for &y in &set {
                for &z in &set[..30] {
                    a.push(x);
                    b.push(y);
                    c.push(z);
                }
            }
        }
        let random = a.len();
        let sp = special16();
        for &x in &sp {
            for &y in &sp {
                for &z in &sp {
                    a.push(x);
                    b.push(y);
                    c.push(z);
                }
            }
        }
        let boundary = a.len();
        for m in 0..2048u16 {
            for top in [0x3c00u16, 0x7800] {
                let z = top | (m & 0x3ff) | (m & 0x400) << 5;
                for (x, y) in [
                    (0x1000, 0x3c00),
                    (0x1001, 0x3c00),
                    (0x0fff, 0x3c00),
                    (0x1001, 0x3bff),
                    (0x3800, 0x1400),
                    (0x0001, 0x0001),
                    (0x0001, 0x0002),
                    (0x4c00, 0x3c00),
                    // 2^-11·(1 - 2^-20) and 16·(1 - 2^-20): RN32 of the sum is the
                    // midpoint, the exact sum is just below it.
                    (0x1001, 0x3bfe),
                    (0x4c01, 0x3bfe),
                ] {
                    for sx in [0, 0x8000] {
                        a.push(x | sx);
                        b.push(y);
                        c.push(z);
                    }
                }
            }
        }
        let n = a.len();
        // Must accept as for add, except where RN32(a·b + c) is an f16 midpoint and
        // inexact (computed with SoftFloat's f32 operations: the product is exact).
        let must = |k: usize, r: u16, fl: u8| {
            let p = soft(|| unsafe { sf::f32_mul(F32 { v: w(a[k]) }, F32 { v: w(b[k]) }).v }).0;
            let (d, dfl) = soft(|| unsafe { sf::f32_add(F32 { v: p }, F32 { v: w(c[k]) }).v });
            let fin = finite16(a[k]) && finite16(b[k]) && finite16(c[k]);
            must_accept16(fin, r, fl) && !(dfl == NX && d & 0x1fff == 0x1000)
        };
        let count = |lo: usize, hi: usize| {
            compare(
                hi - lo,
                |k| {
                    HV::fast_fma(
                        strip16(&a[lo..hi], k),
                        strip16(&b[lo..hi], k),
                        strip16(&c[lo..hi], k),
                    )
                },
                |k| {
                    let k = lo + k;
                    let (r, fl) = fma16(a[k], b[k], c[k]);
                    (r as u64, fl, must(k, r, fl))
                },
                |k| {
                    format!(
                        "fma {:#06x} {:#06x} {:#06x}",
                        a[lo + k],
                        b[lo + k],
                        c[lo + k]
                    )
                },
            )
        };
        // The midpoint case itself: (1 + 2^-10) + 2^-11·(1 - 2^-20) is just below the
        // midpoint 1 + 3·2^-11 (RN16: 1 + 2^-10, down), but its f32 sum is the midpoint,
        // which ties to even would round up: refused. Lane 0 only; lanes 1-7 are 1·1 + 1.
        let f = HV::fast_fma(
            strip16(&[0x1001], 0),
            strip16(&[0x3bfe], 0),
            strip16(&[0x3c01], 0),
        );
        assert_eq!((f.bad, fma16(0x1001, 0x3bfe, 0x3c01)), (1, (0x3c01, NX)));
        let ok_random = count(0, random);
        let ok_special = count(random, boundary);
        let ok_ties = count(boundary, n);
        assert!(ok_random * 2 > random as u64, "{ok_random} of {random}");
        assert!(ok_special > 0);
        assert!(ok_ties * 2 > (n - boundary) as u64, "{ok_ties}");
    }

    /// vfncvt.f.f.w: every finite f16 widened and moved 0, ±1, ±2 f32 ulps, every f16
    /// midpoint and its f32 neighbours, f32 subnormals, Inf, NaN and the overflow
    /// boundary 65520.
    #[test]
    fn narrowing_conversion() {
        if !available() {
            return;
        }
        let mut x: Vec<u32> = Vec::new();
        for h in 0..=u16::MAX {
            if !finite16(h) {
                continue;
            }
            let f = w(h);
            for d in [-2i32, -1, 0, 1, 2] {
                x.push(f.wrapping_add(d as u32));
            }
            // The midpoint above |h| (12 significant bits: an f32) and its neighbours.
            let up = (f32::from_bits(w(((h & 0x7fff) + 1) | (h & 0x8000))) as f64
                + f32::from_bits(f) as f64)
                / 2.0;
            let mid = (up as f32).to_bits();
            if h & 0x7fff < 0x7bff {
                x.extend([mid.wrapping_sub(1), mid, mid + 1]);
            }
        }
        x.extend([
            0x0000_0001,
            0x8000_0001,
            0x007f_ffff,
            0x7f7f_ffff,
            0x7f80_0000,
            0xff80_0000,
            0x7fc0_0000,
            0x7f80_0001,
            (65520.0f32).to_bits(),
            (65519.996f32).to_bits(),
            (-65520.0f32).to_bits(),
            (2f32.powi(-25)).to_bits(),
            (2f32.powi(-25) * 1.0001).to_bits(),
            (2f32.powi(-14) * 0.99999).to_bits(),
        ]);
        let accepted = compare(
            x.len(),
            |k| HV::from_f32(strip32(&x, k)),
            |k| {
                let (r, fl) = soft(|| unsafe { sf::f32_to_f16(F32 { v: x[k] }).v });
                let fin = x[k] & 0x7f80_0000 != 0x7f80_0000;
                (r as u64, fl, must_accept16(fin, r, fl))
            },
            |k| format!("narrow {:#010x}", x[k]),
        );
        assert!(
            accepted * 10 > x.len() as u64 * 9,
            "{accepted} of {}",
            x.len()
        );
    }

    /// The widening instructions' f32 arithmetic on widened f16: sums, products and
    /// fused multiply-adds into random f32 accumulators, against SoftFloat's f32
    /// operations on the exactly widened values.
    #[test]
    fn widened_arithmetic() {
        if !available() {
            return;
        }
        let set = sample16(700, 0xa409_3822_299f_31d0);
        let mut st = 0x0823_2f99_8a09_b8c7u64;
        let (mut x, mut y, mut acc) = (Vec::new(), Vec::new(), Vec::new());
        for &a in &set {
            for &b in &set {
                x.push(a);
                y.push(b);
                // Accumulators over the whole f32 range, a third near the products' size.
                let r = xorshift(&mut st);
                acc.push(if r.is_multiple_of(3) {
                    (f32::from_bits(w(a)) * f32::from_bits(w(b)) * -1.0000001).to_bits()
                } else {
                    (r >> 32) as u32
                });
            }
        }
        let n = x.len();
        let fin32 = |v: u32| v & 0x7f80_0000 != 0x7f80_0000;
        let must32 = |fin: bool, r: u32, fl: u8| {
            let m = r & 0x7fff_ffff;
            fin && fin32(r) && (fl == 0 || fl == NX) && (m == 0 || m >= 0x0100_0000)
        };
        let f32op = |op: u8, a: u32, b: u32, c: u32| {
            soft(|| unsafe {
                let (a, b, c) = (F32 { v: a }, F32 { v: b }, F32 { v: c });
                match op {
                    0 => sf::f32_add(a, b).v,
                    1 => sf::f32_mul(a, b).v,
                    _ => sf::f32_mulAdd(a, b, c).v,
                }
            })
        };
        let ok_add = compare(
            n,
            |k| W16::fast_add(HV::widen(strip16(&x, k)), HV::widen(strip16(&y, k))),
            |k| {
                let (r, fl) = f32op(0, w(x[k]), w(y[k]), 0);
                (
                    r as u64,
                    fl,
                    must32(finite16(x[k]) && finite16(y[k]), r, fl),
                )
            },
            |k| format!("wadd {:#06x} {:#06x}", x[k], y[k]),
        );
        let ok_wadd = compare(
            n,
            |k| W16::fast_add(strip32(&acc, k), W16::neg(HV::widen(strip16(&y, k)))),
            |k| {
                let (r, fl) = f32op(0, acc[k], w(y[k]) ^ 0x8000_0000, 0);
                (r as u64, fl, must32(fin32(acc[k]) && finite16(y[k]), r, fl))
            },
            |k| format!("wsub.w {:#010x} {:#06x}", acc[k], y[k]),
        );
        let ok_mul = compare(
            n,
            |k| W16::fast_mul(HV::widen(strip16(&x, k)), HV::widen(strip16(&y, k))),
            |k| {
                let (r, fl) = f32op(1, w(x[k]), w(y[k]), 0);
                (
                    r as u64,
                    fl,
                    must32(finite16(x[k]) && finite16(y[k]), r, fl),
                )
            },
            |k| format!("wmul {:#06x} {:#06x}", x[k], y[k]),
        );
        let ok_fma = compare(
            n,
            |k| {
                W16::fast_fma(
                    HV::widen(strip16(&x, k)),
                    HV::widen(strip16(&y, k)),
                    strip32(&acc, k),
                )
            },
            |k| {
                let (r, fl) = f32op(2, w(x[k]), w(y[k]), acc[k]);
                let fin = finite16(x[k]) && finite16(y[k]) && fin32(acc[k]);
                (r as u64, fl, must32(fin, r, fl))
            },
            |k| format!("wfma {:#06x} {:#06x} {:#010x}", x[k], y[k], acc[k]),
        );
        for c in [ok_add, ok_wadd, ok_mul, ok_fma] {
            assert!(c * 10 > n as u64 * 8, "{c} of {n}");
        }
    }

    // ---- the strip loop over a register file ----------------------------------------

    const VLENB: usize = 32; // VLEN 256
    const LANE: usize = 32 * VLENB;

    fn get16(f: &[u8], l: usize, r: usize, k: usize) -> u16 {
        let o = l * LANE + r * VLENB + 2 * k;
        u16::from_le_bytes([f[o], f[o + 1]])
    }
    fn get32(f: &[u8], l: usize, r: usize, k: usize) -> u32 {
        let o = l * LANE + r * VLENB + 4 * k;
        u32::from_le_bytes(f[o..o + 4].try_into().unwrap())
    }
    fn put16(f: &mut [u8], l: usize, r: usize, k: usize, x: u16) {
        let o = l * LANE + r * VLENB + 2 * k;
        f[o..o + 2].copy_from_slice(&x.to_le_bytes());
    }
    fn put32(f: &mut [u8], l: usize, r: usize, k: usize, x: u32) {
        let o = l * LANE + r * VLENB + 4 * k;
        f[o..o + 4].copy_from_slice(&x.to_le_bytes());
    }

    /// A random f16: mostly normal values near 1, sometimes a value that makes its
    /// strip fall back (NaN, Inf, a subnormal, a huge or a tiny one).
    fn val16(st: &mut u64) -> u16 {
        let r = xorshift(st);
        let sign = ((r >> 20) as u16 & 1) << 15;
        let frac = (r >> 30) as u16 & 0x3ff;
        match r % 48 {
            0 => special16()[(r >> 40) as usize % 62],
            1 => sign | (frac & 0x3f),
            2 => sign | 0x7800 | frac,
            3 => sign | 0x0400 | frac,
            _ => sign | (((r >> 44) % 12 + 9) as u16) << 10 | frac,
        }
    }

    /// The strip loop against element-by-element SoftFloat on random register files:
    /// 1 to 3 lanes, random vl, vstart and mask, vector and scalar operands, vd equal
    /// to a source or (widening, narrowing) sharing a source's registers as allowed,
    /// strips falling back. Every active element gets SoftFloat's value, everything
    /// else (inactive, before vstart, past vl, other registers) is unchanged, and the
    /// flags are those SoftFloat raises over the active elements.
    #[test]
    fn strip_loop_matches_element_loop() {
        if !available() {
            return;
        }
        let mut st = 0x4528_21e6_38d0_1377u64;
        let mut fell_back = 0;
        let mut fast_strips = 0;
        for trial in 0..1200 {
            let lanes = 1 + trial % 3;
            let op = (trial / 3) % 6;
            let mut file: Vec<u64> = vec![0; lanes * LANE / 8];
            let bytes =
                |f: &mut Vec<u64>| -> Vec<u8> { f.iter().flat_map(|x| x.to_le_bytes()).collect() };
            // Random contents: f16 everywhere, and for the f32 groups of the widening
            // and narrowing forms, widened f16 (nudged off f16 values half the time).
            {
                let b: &mut [u8] = unsafe {
                    std::slice::from_raw_parts_mut(file.as_mut_ptr() as *mut u8, lanes * LANE)
                };
                for l in 0..lanes {
                    for k in 0..VLENB {
                        b[l * LANE + k] = xorshift(&mut st) as u8; // v0: the mask
                    }
                    for r in 1..32 {
                        for k in 0..VLENB / 2 {
                            put16(b, l, r, k, val16(&mut st));
                        }
                    }
                    if op >= 4 {
                        for r in 8..32 {
                            for k in 0..VLENB / 4 {
                                let x = w(val16(&mut st));
                                let nudge = (xorshift(&mut st) % 3) as u32;
                                put32(b, l, r, k, x.wrapping_add(nudge * (x & 1)));
                            }
                        }
                    }
                }
            }
            let r = xorshift(&mut st);
            // (vd, vs2, vs1 or the scalar, VLMAX) per operation.
            let vmax = if op >= 4 { 64 } else { 128 };
            let vl = match r % 4 {
                0 => vmax,
                1 => (r >> 8) as usize % 9,
                _ => (r >> 8) as usize % (vmax + 1),
            };
            let vstart = if r >> 20 & 1 == 0 {
                0
            } else {
                (r >> 24) as usize % (vl + 1)
            };
            let masked = r >> 30 & 1 == 1;
            let scalar = val16(&mut st);
            let vv = r >> 31 & 1 == 1;
            let alias = r >> 32 & 1 == 1;
            let orig = bytes(&mut file);
            let mut want = orig.clone();
            let mut want_fl = 0u8;
            let v = V {
                base: file.as_mut_ptr() as *mut u8,
                lanes,
                stride: LANE,
                vlenb: VLENB,
                vstart,
                vl,
                masked,
                sew: 16,
            };
            let src = |reg: u8| if vv { Src::V(reg) } else { Src::S(scalar) };
            let active = |l: usize, k: usize| !masked || orig[l * LANE + k / 8] >> (k % 8) & 1 != 0;
            // The register numbers: vd, vs2, vs1.
            let (vd, vs2, vs1) = match op {
                0..=2 => (if alias { 16 } else { 8 }, 16, 24),
                3 => (8, 16, 24),
                4 => (8, if alias { 12 } else { 16 }, 24),
                _ => (8, if alias { 8 } else { 16 }, 24),
            };
            for l in 0..lanes {
                for k in vstart..vl {
                    if !active(l, k) {
                        continue;
                    }
                    let b16 = if vv { get16(&orig, l, vs1, k) } else { scalar };
                    let a16 = get16(&orig, l, vs2, k);
                    let (res, fl): (u32, u8) = match op {
                        0 => {
                            let (x, f) = add16(a16, b16);
                            (x as u32, f)
                        }
                        1 => {
                            let (x, f) = div16(a16, b16);
                            (x as u32, f)
                        }
                        2 => {
                            let d = get16(&orig, l, vd, k);
                            let (x, f) = fma16(b16, a16, d);
                            (x as u32, f)
                        }
                        3 => {
                            let (x, f) = soft(|| unsafe { sf::f16_sqrt(F16 { v: a16 }).v });
                            (x as u32, f)
                        }
                        4 => {
                            let d = get32(&orig, l, vd, k);
                            soft(|| unsafe {
                                let (x, y) = (
                                    sf::f16_to_f32(F16 { v: b16 }),
                                    sf::f16_to_f32(F16 { v: a16 }),
                                );
                                sf::f32_mulAdd(x, y, F32 { v: d }).v
                            })
                        }
                        _ => {
                            let x = get32(&orig, l, vs2, k);
                            let (y, f) = soft(|| unsafe { sf::f32_to_f16(F32 { v: x }).v });
                            (y as u32, f)
                        }
                    };
                    want_fl |= fl;
                    if op == 4 {
                        put32(&mut want, l, vd, k, res);
                    } else {
                        put16(&mut want, l, vd, k, res as u16);
                    }
                }
            }
            let (vd, vs2) = (vd as u8, vs2 as u8);
            unsafe { sf::softfloat_exceptionFlags_write_helper(0) };
            // SAFETY: `available()`; the groups lie inside the file.
            let nx = unsafe {
                match op {
                    0 => fast2(&v, vd, vs2, src(vs1 as u8), HV::fast_add, |a, b| {
                        sf::f16_add(F16 { v: a }, F16 { v: b }).v
                    }),
                    1 => fast2(&v, vd, vs2, src(vs1 as u8), HV::fast_div, |a, b| {
                        sf::f16_div(F16 { v: a }, F16 { v: b }).v
                    }),
                    2 => fast3::<true, H8, H8, H8>(
                        &v,
                        vd,
                        vs2,
                        src(vs1 as u8),
                        |d, a, b| HV::fast_fma(b, a, d),
                        |d, a, b| sf::f16_mulAdd(F16 { v: b }, F16 { v: a }, F16 { v: d }).v,
                    ),
                    3 => fast1(&v, vd, vs2, HV::fast_sqrt, |a| sf::f16_sqrt(F16 { v: a }).v),
                    4 => fast3::<true, S8, H8, H8>(
                        &v,
                        vd,
                        vs2,
                        src(vs1 as u8),
                        |d, a, b| W16::fast_fma(HV::widen(b), HV::widen(a), d),
                        |d, a, b| {
                            let (x, y) =
                                (sf::f16_to_f32(F16 { v: b }), sf::f16_to_f32(F16 { v: a }));
                            sf::f32_mulAdd(x, y, F32 { v: d }).v
                        },
                    ),
                    _ => fast1(&v, vd, vs2, HV::from_f32, |x: u32| {
                        sf::f32_to_f16(F32 { v: x }).v
                    }),
                }
            };
            let got_fl = unsafe { sf::softfloat_exceptionFlags_read_helper() } | nx as u8;
            let got = bytes(&mut file);
            for (o, (g, e)) in got.iter().zip(&want).enumerate() {
                assert_eq!(
                    g,
                    e,
                    "trial {trial} op {op} lanes {lanes} vl {vl} vstart {vstart} masked {masked} vv {vv} alias {alias}: byte {o} (lane {}, v{}, byte {})",
                    o / LANE,
                    o % LANE / VLENB,
                    o % VLENB
                );
            }
            assert_eq!(got_fl, want_fl, "trial {trial} op {op}: flags");
            // Count how the strips went (recomputed from the values: a strip falls
            // back when SoftFloat raised anything but NX for one of its elements).
            if want_fl & !NX != 0 {
                fell_back += 1;
            } else if vl > vstart {
                fast_strips += 1;
            }
        }
        // Both kinds of instruction occur often.
        assert!(
            fell_back > 100 && fast_strips > 100,
            "{fell_back} {fast_strips}"
        );
    }
}
