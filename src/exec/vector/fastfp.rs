//! Host-FP fast path for f32 and f64 add/sub/mul/fma in round-to-nearest-even, with
//! fflags kept exact.
//!
//! SoftFloat costs ~10 ns per element; the host FPU is IEEE 754 too, and under RNE
//! its correctly rounded result is the same value SoftFloat computes. What the host
//! does not give us is the flags (we never read MXCSR), so a result is accepted only
//! when its flags are provable from values:
//!
//! * the result is finite and normal with |r| >= 2·MIN_POSITIVE (so no overflow, no
//!   underflow whatever the tininess rule; NaN/Inf operands give a non-finite result
//!   and are refused, so NV never needs deciding), or an exact zero;
//! * NX is decided from an exact error term: Fast2Sum/TwoSum for sums, Dekker's
//!   product for f64 products; f32 products and fused multiply-adds run in f64, where
//!   an f32 product is exact.
//!
//! Anything else (NaN, Inf, overflow, subnormal or tiny results, operands so large
//! that the error-free transformations could overflow) is reported `bad`, and the
//! caller recomputes with SoftFloat. The caller also uses this path only when
//! frm = RNE (the host runs in RNE; Rust never changes MXCSR).
//!
//! The functions are pure on bit patterns, so the scalar FP unit can use them as they
//! are: `if frm == 0 { let f = f32_add(a, b); if !f.bad { ... } }`.

/// A fast-path result: the value, whether it must be recomputed with SoftFloat, and
/// whether it raises NX (the only flag an accepted result can raise).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Fast<B> {
    pub r: B,
    pub bad: bool,
    pub nx: bool,
}

// TwoSum is shared with the scalar fast path (callers keep the operands below 2^1020).
use crate::exec::hostfp::two_sum;

/// Veltkamp's split of x into two 26-bit halves (exact for |x| < 2^996).
#[inline(always)]
fn split(x: f64) -> (f64, f64) {
    let c = 134_217_729.0 * x; // 2^27 + 1
    let hi = c - (c - x);
    (hi, x - hi)
}

/// Dekker's TwoProduct: p = RN(x·y) and the exact error x·y = p + e, when |x|, |y| <
/// 2^995 and the error is not below the subnormal range (callers require |p| >=
/// 2^-968).
#[inline(always)]
fn two_prod(x: f64, y: f64) -> (f64, f64) {
    let p = x * y;
    let (xh, xl) = split(x);
    let (yh, yl) = split(y);
    (p, xl * yl - (((p - xh * yh) - xl * yh) - xh * yl))
}

/// 2^n as an f64, for |n| < 1023.
const fn pow2(n: i64) -> f64 {
    f64::from_bits(((1023 + n) as u64) << 52)
}

const MIN_NORMAL_F32: f64 = pow2(-126);

/// Rounds the exact value d + e (d = RN64(d + e)) to f32.
///
/// Every f32 rounding boundary (a midpoint between two f32 neighbours in the normal
/// range) is an f64 number, so RN32(d + e) = RN32(d) unless d itself is such a
/// midpoint and e != 0; `fma` refuses that case. A product of two f32 never meets it
/// (it is exact in f64, e = 0).
#[inline(always)]
fn finish32(d: f64, e: f64, fma: bool) -> Fast<u32> {
    let r = d as f32; // RNE (Rust's `as` rounds to nearest, ties to even)
    let ra = (r as f64).abs();
    let normal = ra >= 2.0 * MIN_NORMAL_F32 && ra <= f32::MAX as f64;
    let zero = d == 0.0 && e == 0.0;
    // The 29 fraction bits below an f32 significand are exactly one half.
    let midpoint = fma && e != 0.0 && d.to_bits() & 0x1fff_ffff == 0x1000_0000;
    Fast {
        r: r.to_bits(),
        bad: !(normal || zero) || midpoint,
        nx: e != 0.0 || r as f64 != d,
    }
}

/// f32 a + b, in f32 (twice as many lanes as f64): Fast2Sum with the operands ordered
/// by magnitude gives the exact error t of s = RN(a + b) whenever s is finite
/// (additions with subnormal operands or results are exact, so no underflow caveat).
#[inline(always)]
pub fn f32_add(a: u32, b: u32) -> Fast<u32> {
    let (x, y) = (f32::from_bits(a), f32::from_bits(b));
    let s = x + y;
    let (big, small) = if x.abs() >= y.abs() { (x, y) } else { (y, x) };
    let t = small - (s - big);
    let sa = s.abs();
    // A zero sum of finite operands is an exact cancellation.
    let ok = (2.0 * f32::MIN_POSITIVE..=f32::MAX).contains(&sa) || s == 0.0;
    Fast {
        r: s.to_bits(),
        bad: !ok,
        nx: t != 0.0,
    }
}

/// f32 a · b: the product of two f32 (24-bit significands) is exact in f64.
#[inline(always)]
pub fn f32_mul(a: u32, b: u32) -> Fast<u32> {
    finish32(
        f32::from_bits(a) as f64 * f32::from_bits(b) as f64,
        0.0,
        false,
    )
}

/// f32 a · b + c with one rounding: the product is exact in f64, the sum is TwoSum.
#[inline(always)]
pub fn f32_fma(a: u32, b: u32, c: u32) -> Fast<u32> {
    let p = f32::from_bits(a) as f64 * f32::from_bits(b) as f64;
    let (d, e) = two_sum(p, f32::from_bits(c) as f64);
    finish32(d, e, true)
}

/// Accepts an f64 result r with exact error e; `zero_ok` says an r of zero is exact.
#[inline(always)]
fn finish64(r: f64, e: f64, min: f64, zero_ok: bool) -> Fast<u64> {
    let ra = r.abs();
    Fast {
        r: r.to_bits(),
        bad: !((ra >= min && ra <= f64::MAX) || (r == 0.0 && zero_ok)),
        nx: e != 0.0,
    }
}

const LIMIT_ADD_F64: f64 = pow2(1020);
const LIMIT_MUL_F64: f64 = pow2(995);
const MIN_ADD_F64: f64 = pow2(-1021);
const MIN_MUL_F64: f64 = pow2(-968);

/// f64 a + b.
#[inline(always)]
pub fn f64_add(a: u64, b: u64) -> Fast<u64> {
    let (x, y) = (f64::from_bits(a), f64::from_bits(b));
    let (s, e) = two_sum(x, y);
    // A zero sum of finite operands is exact (x = -y).
    let mut f = finish64(s, e, MIN_ADD_F64, true);
    f.bad |= !(x.abs() < LIMIT_ADD_F64 && y.abs() < LIMIT_ADD_F64);
    f
}

/// f64 a · b.
#[inline(always)]
pub fn f64_mul(a: u64, b: u64) -> Fast<u64> {
    let (x, y) = (f64::from_bits(a), f64::from_bits(b));
    let (p, e) = two_prod(x, y);
    // A zero product is exact only when an operand is zero (otherwise it underflowed).
    let mut f = finish64(p, e, MIN_MUL_F64, x == 0.0 || y == 0.0);
    f.bad |= !(x.abs() < LIMIT_MUL_F64 && y.abs() < LIMIT_MUL_F64);
    f
}

/// f16 bits to the f32 bits of the same value, for finite values (exact); Inf and
/// NaN map to a NaN, which every fast operation refuses.
#[inline(always)]
pub fn f16_to_f32(h: u16) -> u32 {
    let sign = ((h as u32) & 0x8000) << 16;
    let e = ((h >> 10) & 0x1f) as u32;
    let m = (h & 0x3ff) as u32;
    if e == 0x1f {
        return 0x7fc0_0000;
    }
    if e == 0 {
        // Zero or subnormal: m · 2^-24, exact in f32.
        return sign | (m as f32 * (1.0 / 16_777_216.0)).to_bits();
    }
    sign | ((e + 112) << 23) | (m << 13)
}

// ---- f16 through host f64 ----------------------------------------------------------------
//
// Every f16 operation is computed in f64 and rounded once to f16 by `finish16`:
//
// * a + b and a · b of two f16 are exact in f64 (a sum spans at most 41 bits, from
//   2^-24 to 2^16; a product has 22 significant bits), so the one rounding is the
//   only one and NX is "the rounded value differs";
// * a · b + c: the product is exact, TwoSum gives RN64(p + c) and its exact error; as
//   for f32, RN16 of the f64 sum is the correct rounding unless that sum is itself an
//   f16 rounding boundary and the error is not zero, which is refused;
// * a / b and sqrt(a): the host's correctly rounded f64 quotient or root never lands
//   on an f16 rounding boundary unless the exact result is that boundary (53 >= 2·11 +
//   2), so RN16(RN64(x)) = RN16(x); NX is decided exactly afterwards from r · b = a or
//   r · r = a, products of two 11-bit significands, exact in f64.
//
// A result is accepted when it is a finite f16 (|r| <= 65504: no overflow) and either
// exact or of magnitude above 2^-14 (no underflow under any tininess rule). Inf and
// NaN operands widen to NaN (`f16_to_f32`), which no check accepts, so NV and DZ never
// need deciding. Everything else goes back to SoftFloat.

const MIN_NORMAL_F16: f64 = pow2(-14);

/// f16 bits to the f64 of the same value (Inf and NaN become a NaN), without
/// branches: the f16 exponent and fraction placed at the top of an f64's, scaled by
/// 2^(1023-15) (exact: subnormals included, as the f64 subnormal m·2^-1032).
#[inline(always)]
fn h(x: u16) -> f64 {
    let m = (x & 0x7fff) as u64;
    let v = f64::from_bits(m << 42) * pow2(1008);
    let v = if m >= 0x7c00 { f64::NAN } else { v };
    f64::from_bits(v.to_bits() | ((x as u64) & 0x8000) << 48)
}

/// RN16 of `d` (round to nearest, ties to even, at the f16 quantum of |d|; subnormal
/// quantum 2^-24 below 2^-14) as (f16 bits, the rounded magnitude, half the quantum).
/// Meaningful for |d| < 65520; anything larger gives a magnitude that callers refuse.
#[inline(always)]
fn round16(d: f64) -> (u16, f64, f64) {
    let a = d.abs();
    // The biased exponent of |d|, at least that of 2^-14; the quantum is 2^(be-1033).
    let be = ((a.to_bits() >> 52) as i64).max(1023 - 14) as u64;
    // c = 1.5 · 2^(quantum exponent + 52): a + c lies in [c, 2c), whose f64 ulp is
    // the quantum, so the host's RNE addition rounds a to it; the subtraction is exact.
    let c = f64::from_bits((be.wrapping_add(42) << 52) | 1 << 51);
    let ra = (a + c) - c;
    let half = f64::from_bits(be.wrapping_sub(11) << 52);
    let mag = if ra >= MIN_NORMAL_F16 {
        // The top ten fraction bits and the exponent rebiased from 1023 to 15.
        ((ra.to_bits() >> 42).wrapping_sub(1008 << 10)) as u16
    } else {
        (ra * 16_777_216.0) as u16 // a multiple of 2^-24 below 2^-14
    };
    let sign = ((d.to_bits() >> 48) as u16) & 0x8000;
    (sign | mag, ra, half)
}

/// Accepts RN16(d) for an exact result d + e (d = RN64(d + e); `e_zero` when d is
/// exact), refusing overflow, inexact tiny results and, for `fma`, a d on an f16
/// rounding boundary with a non-zero error.
#[inline(always)]
fn finish16(d: f64, e_zero: bool, fma: bool) -> Fast<u16> {
    let (r, ra, half) = round16(d);
    let a = d.abs();
    let nx = !e_zero || ra != a;
    let midpoint = fma && !e_zero && (a - ra).abs() == half;
    // False for a NaN too.
    let fits = ra <= 65504.0;
    Fast {
        r,
        bad: !fits || (nx && a <= MIN_NORMAL_F16) || midpoint,
        nx,
    }
}

/// f16 a + b (exact in f64, one rounding).
#[inline(always)]
pub fn f16_add(a: u16, b: u16) -> Fast<u16> {
    finish16(h(a) + h(b), true, false)
}

/// f16 a · b (exact in f64, one rounding).
#[inline(always)]
pub fn f16_mul(a: u16, b: u16) -> Fast<u16> {
    finish16(h(a) * h(b), true, false)
}

/// f16 a · b + c with one rounding: the product is exact in f64, the sum is TwoSum.
#[inline(always)]
pub fn f16_fma(a: u16, b: u16, c: u16) -> Fast<u16> {
    let (d, e) = two_sum(h(a) * h(b), h(c));
    finish16(d, e == 0.0, true)
}

/// f16 a / b: RN16 of the host's f64 quotient; NX from r · b = a (exact in f64).
#[inline(always)]
pub fn f16_div(a: u16, b: u16) -> Fast<u16> {
    let (x, y) = (h(a), h(b));
    let q = x / y;
    let (r, ra, _) = round16(q);
    let nx = ra.copysign(q) * y != x;
    // A zero divisor gives Inf or NaN, refused here with overflow.
    let fits = ra <= 65504.0;
    Fast {
        r,
        bad: !fits || (nx && q.abs() <= MIN_NORMAL_F16),
        nx,
    }
}

/// f16 sqrt(a): RN16 of the host's f64 root; NX from r · r = a (exact in f64). A
/// negative operand (NV) gives a NaN, refused; -0 gives -0, exact.
#[inline(always)]
pub fn f16_sqrt(a: u16) -> Fast<u16> {
    let x = h(a);
    let q = x.sqrt();
    let (r, ra, _) = round16(q);
    // Roots of f16 values are at least 2^-12 or zero: never tiny.
    let fits = ra <= 65504.0;
    Fast {
        r,
        bad: !fits,
        nx: ra * ra != x.abs(),
    }
}

/// f32 bits to f16 (vfncvt.f.f.w under RNE): the f32 value is exact in f64.
#[inline(always)]
pub fn f32_to_f16(a: u32) -> Fast<u16> {
    finish16(f32::from_bits(a) as f64, true, false)
}

/// f16 bits to f32 (vfwcvt.f.f.v): always exact; Inf converts too, NaNs (whose
/// quieting may raise NV) are refused.
#[inline(always)]
pub fn f16_to_f32_fast(a: u16) -> Fast<u32> {
    let inf = a & 0x7fff == 0x7c00;
    Fast {
        r: if inf {
            ((a as u32) << 16) | 0x7f80_0000
        } else {
            f16_to_f32(a)
        },
        bad: a & 0x7c00 == 0x7c00 && !inf,
        nx: false,
    }
}

/// f32 bits to the f64 bits of the same value (exact; a NaN stays a NaN).
#[inline(always)]
pub fn f32_to_f64(x: u32) -> u64 {
    (f32::from_bits(x) as f64).to_bits()
}

/// Up to this many elements are computed before any is written, so a chunk that needs
/// SoftFloat is redone from unchanged operands.
pub const CHUNK: usize = 32;

/// Runs `fast(k)` for k in `lo..hi` a chunk at a time into a buffer; a chunk with no
/// `bad` element is stored with `store(k, r)`, a chunk with any is recomputed with
/// `slow(k)` element by element in order. Returns whether any stored fast result
/// raised NX. Element k may only read operand elements k (element-wise operations),
/// so a chunk's writes never feed a later chunk.
#[inline(always)]
pub fn run<T: Copy + Default>(
    lo: usize,
    hi: usize,
    fast: impl Fn(usize) -> Fast<T>,
    mut store: impl FnMut(usize, T),
    mut slow: impl FnMut(usize),
) -> bool {
    let mut nx = false;
    let mut buf = [T::default(); CHUNK];
    let mut k0 = lo;
    while k0 < hi {
        let n = (hi - k0).min(CHUNK);
        let (mut bad, mut cnx) = (false, false);
        for (j, slot) in buf[..n].iter_mut().enumerate() {
            let f = fast(k0 + j);
            *slot = f.r;
            bad |= f.bad;
            cnx |= f.nx;
        }
        if bad {
            (k0..k0 + n).for_each(&mut slow);
        } else {
            nx |= cnx;
            for (j, &r) in buf[..n].iter().enumerate() {
                store(k0 + j, r);
            }
        }
        k0 += n;
    }
    nx
}

#[cfg(test)]
mod tests {
    use super::*;

    fn s(x: f32) -> u32 {
        x.to_bits()
    }
    fn d(x: f64) -> u64 {
        x.to_bits()
    }

    // Expected values are worked out by hand from the binary expansions.

    #[test]
    fn f32_exact_and_inexact_sums() {
        // 1.5 + 0.25 = 1.75 exactly.
        assert_eq!(
            f32_add(s(1.5), s(0.25)),
            Fast {
                r: 0x3fe0_0000,
                bad: false,
                nx: false
            }
        );
        // 1 + 2^-24 is the midpoint between 1 and 1 + 2^-23: ties to even gives 1, NX.
        assert_eq!(
            f32_add(s(1.0), 0x3380_0000),
            Fast {
                r: 0x3f80_0000,
                bad: false,
                nx: true
            }
        );
        // 1 + 3·2^-25 = 1 + 2^-24 + 2^-25, above the midpoint: rounds up to 1 + 2^-23.
        assert_eq!(f32_add(s(1.0), 0x33c0_0000).r, 0x3f80_0001);
        // 1 + 2^-100: far below half an ulp, the sum is not exact even in f64.
        assert_eq!(
            f32_add(s(1.0), 0x0d80_0000),
            Fast {
                r: 0x3f80_0000,
                bad: false,
                nx: true
            }
        );
        // x + (-x) = +0, exact.
        assert_eq!(
            f32_add(s(3.0), s(-3.0)),
            Fast {
                r: 0,
                bad: false,
                nx: false
            }
        );
        // -0 + -0 = -0.
        assert_eq!(f32_add(0x8000_0000, 0x8000_0000).r, 0x8000_0000);
    }

    #[test]
    fn f32_products_and_fma() {
        // 3 · 5 = 15.
        assert_eq!(
            f32_mul(s(3.0), s(5.0)),
            Fast {
                r: s(15.0),
                bad: false,
                nx: false
            }
        );
        // (1 + 2^-23)^2 = 1 + 2^-22 + 2^-46: rounds to 1 + 2^-22 (0x3f800002), NX.
        assert_eq!(
            f32_mul(0x3f80_0001, 0x3f80_0001),
            Fast {
                r: 0x3f80_0002,
                bad: false,
                nx: true
            }
        );
        // fma((1 + 2^-23), (1 + 2^-23), -(1 + 2^-22)) = 2^-46 exactly (0x28800000):
        // the fused result keeps the low bits a separate multiply would lose.
        assert_eq!(
            f32_fma(0x3f80_0001, 0x3f80_0001, 0xbf80_0002),
            Fast {
                r: 0x2880_0000,
                bad: false,
                nx: false
            }
        );
        // 2 · 3 + 1 = 7.
        assert_eq!(f32_fma(s(2.0), s(3.0), s(1.0)).r, s(7.0));
        // (1 + 2^-23)·2^-4 + 2^16 = 2^16 + 2^-4 + 2^-27: the ulp at 2^16 is 2^-7, so the
        // 2^-27 falls off, NX: 2^16 + 2^-4 is 0x47800008.
        let f = f32_fma(0x3f80_0001, s(0.0625), s(65536.0));
        assert_eq!((f.r, f.bad, f.nx), (0x4780_0008, false, true));
    }

    #[test]
    fn f32_refusals() {
        let nan = 0x7fc0_0000;
        let snan = 0x7f80_0001;
        assert!(f32_add(nan, s(1.0)).bad);
        assert!(f32_add(snan, s(1.0)).bad);
        assert!(f32_add(0x7f80_0000, 0xff80_0000).bad); // inf - inf: NV
        assert!(f32_add(0x7f80_0000, s(1.0)).bad); // inf operand
        assert!(f32_mul(s(f32::MAX), s(2.0)).bad); // overflow
        assert!(f32_mul(s(1e-20), s(1e-20)).bad); // underflow to a subnormal
        assert!(f32_mul(s(1e-30), s(1e-30)).bad); // underflow to zero: UF | NX
        assert!(f32_add(0x0080_0000, 0x0000_0001).bad); // tiny result
        assert!(f32_mul(0x0000_0001, s(0.5)).bad); // subnormal result
        assert!(f32_fma(s(0.0), 0x7f80_0000, s(1.0)).bad); // 0 · inf: NV
        // A subnormal operand with a normal result is fine: 2^-149 + 1 rounds to 1.
        assert_eq!(
            f32_add(0x0000_0001, s(1.0)),
            Fast {
                r: s(1.0),
                bad: false,
                nx: true
            }
        );
    }

    #[test]
    fn f64_operations() {
        assert_eq!(
            f64_add(d(1.5), d(0.25)),
            Fast {
                r: d(1.75),
                bad: false,
                nx: false
            }
        );
        // 1 + 2^-53: tie, to even: 1, NX.
        let f = f64_add(d(1.0), d(2f64.powi(-53)));
        assert_eq!((f.r, f.bad, f.nx), (d(1.0), false, true));
        // (1 + 2^-52)^2 = 1 + 2^-51 + 2^-104 -> 1 + 2^-51, NX.
        let x = 0x3ff0_0000_0000_0001;
        let f = f64_mul(x, x);
        assert_eq!((f.r, f.bad, f.nx), (0x3ff0_0000_0000_0002, false, true));
        assert_eq!(
            f64_mul(d(3.0), d(-0.5)),
            Fast {
                r: d(-1.5),
                bad: false,
                nx: false
            }
        );
        assert!(f64_mul(d(1e300), d(1e300)).bad); // overflow
        assert!(f64_mul(d(1e-200), d(1e-200)).bad); // underflow
        assert!(f64_add(d(f64::MAX), d(f64::MAX)).bad);
        assert!(f64_add(d(f64::NAN), d(1.0)).bad);
        assert!(f64_add(d(2f64.powi(-1050)), d(2f64.powi(-1050))).bad); // subnormal
        // Zero products: exact when an operand is zero, with the IEEE sign.
        assert_eq!(f64_mul(d(-0.0), d(5.0)).r, d(-0.0));
        assert!(!f64_mul(d(-0.0), d(5.0)).bad);
    }

    #[test]
    fn f16_widening() {
        assert_eq!(f16_to_f32(0x3c00), s(1.0));
        assert_eq!(f16_to_f32(0xc000), s(-2.0));
        assert_eq!(f16_to_f32(0x0001), s(2f32.powi(-24))); // smallest subnormal
        assert_eq!(f16_to_f32(0x7bff), s(65504.0));
        assert_eq!(f16_to_f32(0x8000), 0x8000_0000);
        assert!(f32::from_bits(f16_to_f32(0x7c00)).is_nan());
        assert_eq!(f32_to_f64(s(1.5)), d(1.5));
    }

    #[test]
    fn chunks_fall_back_as_a_whole() {
        let a: Vec<u32> = (0..70).map(|k| s(k as f32 + 1.0)).collect();
        let mut out = vec![0u32; 70];
        let mut slow = Vec::new();
        // Element 40 is a NaN: its chunk (32..64) goes the slow way, the others not.
        let mut a2 = a.clone();
        a2[40] = 0x7fc0_0000;
        let nx = run(
            0,
            70,
            |k| f32_add(a2[k], s(1.0)),
            |k, r| out[k] = r,
            |k| slow.push(k),
        );
        assert!(!nx);
        assert_eq!(slow, (32..64).collect::<Vec<_>>());
        assert_eq!(out[0], s(2.0));
        assert_eq!(out[69], s(71.0));
        assert_eq!(out[40], 0);
    }

    /// A random operand: random sign and fraction (half of the time with only a few
    /// significant bits, so exact results are common), exponent within `spread` of 1.0.
    fn sample(state: &mut u64, spread: u64, frac_bits: u32, bias: u64) -> u64 {
        *state ^= *state << 13;
        *state ^= *state >> 7;
        *state ^= *state << 17;
        let x = *state;
        let e = bias - spread / 2 + (x >> 40) % spread;
        let mut f = x & ((1u64 << frac_bits) - 1);
        if x >> 63 != 0 {
            f &= !((1u64 << (frac_bits - 4)) - 1);
        }
        let sign_at = if frac_bits == 23 { 31 } else { 63 };
        ((x >> 62) & 1) << sign_at | e << frac_bits | f
    }

    /// SoftFloat's result of `op` (RISC-V specialisation, RNE) and the flags it raised.
    fn softfloat<R>(op: impl FnOnce() -> R) -> (R, u8) {
        use softfloat_sys as sf;
        unsafe {
            sf::softfloat_roundingMode_write_helper(0);
            sf::softfloat_exceptionFlags_write_helper(0);
            let r = op();
            let fl = sf::softfloat_exceptionFlags_read_helper();
            sf::softfloat_exceptionFlags_write_helper(0);
            (r, fl)
        }
    }

    /// Whenever the fast path accepts a result it is SoftFloat's value, and SoftFloat
    /// raised NX exactly when the fast path says so, and no other flag.
    #[test]
    fn accepted_results_agree_with_softfloat() {
        use softfloat_sys::{float32_t as F32, float64_t as F64};
        let mut st = 0x9e37_79b9_7f4a_7c15u64;
        let (mut accepted, mut inexact) = (0u32, 0u32);
        let mut check = |fast: Fast<u64>, (want, fl): (u64, u8), what: &str| {
            if !fast.bad {
                accepted += 1;
                inexact += fast.nx as u32;
                assert_eq!(fast.r, want, "{what}");
                assert_eq!(fl, fast.nx as u8, "{what}");
            }
        };
        let wide = |f: Fast<u32>| Fast {
            r: f.r as u64,
            bad: f.bad,
            nx: f.nx,
        };
        for n in 0..100_000u64 {
            let spread = [4, 40, 80][n as usize % 3];
            let a = sample(&mut st, spread, 23, 127) as u32;
            let b = sample(&mut st, spread, 23, 127) as u32;
            let c = sample(&mut st, spread, 23, 127) as u32;
            let what = format!("f32 {a:#x} {b:#x} {c:#x}");
            use softfloat_sys as sf;
            check(
                wide(f32_add(a, b)),
                softfloat(|| unsafe { sf::f32_add(F32 { v: a }, F32 { v: b }).v as u64 }),
                &what,
            );
            check(
                wide(f32_mul(a, b)),
                softfloat(|| unsafe { sf::f32_mul(F32 { v: a }, F32 { v: b }).v as u64 }),
                &what,
            );
            check(
                wide(f32_fma(a, b, c)),
                softfloat(|| unsafe {
                    sf::f32_mulAdd(F32 { v: a }, F32 { v: b }, F32 { v: c }).v as u64
                }),
                &what,
            );
            let x = sample(&mut st, spread * 4, 52, 1023);
            let y = sample(&mut st, spread * 4, 52, 1023);
            let what = format!("f64 {x:#x} {y:#x}");
            check(
                f64_add(x, y),
                softfloat(|| unsafe { sf::f64_add(F64 { v: x }, F64 { v: y }).v }),
                &what,
            );
            check(
                f64_mul(x, y),
                softfloat(|| unsafe { sf::f64_mul(F64 { v: x }, F64 { v: y }).v }),
                &what,
            );
        }
        // Both outcomes occur often in this sample.
        assert!(
            accepted > 400_000 && inexact > 100_000 && accepted - inexact > 50_000,
            "{accepted} {inexact}"
        );
    }

    /// Compares an f16 fast result with SoftFloat's: when accepted, the same bits and
    /// exactly the same flags (only NX can be raised by an accepted result).
    fn agree16(fast: Fast<u16>, (want, fl): (u16, u8), what: &dyn Fn() -> String) -> bool {
        if fast.bad {
            return false;
        }
        assert_eq!(fast.r, want, "{}: value", what());
        assert_eq!(fl, fast.nx as u8, "{}: flags", what());
        true
    }

    /// f16 values every operation meets at its edges: zeros, the smallest and largest
    /// subnormals, the smallest normal and its neighbours, 1 and its neighbours, the
    /// largest finite values, the infinities, quiet and signaling NaNs, both signs.
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

    /// A deterministic sample of f16 bit patterns (all exponents alike).
    fn sample16(n: usize, mut st: u64) -> Vec<u16> {
        (0..n)
            .map(|_| {
                st ^= st << 13;
                st ^= st >> 7;
                st ^= st << 17;
                (st >> 24) as u16
            })
            .collect()
    }

    /// Exhaustive over all 65,536 f16 values: sqrt and the f16 -> f32 widening; and
    /// every f16 against the special values for add, sub, mul and div (both orders).
    #[test]
    fn f16_unary_exhaustive_and_specials() {
        use softfloat_sys as sf;
        use softfloat_sys::float16_t as F16;
        let (mut sqrt_ok, mut wide_ok) = (0u32, 0u32);
        for a in 0..=u16::MAX {
            let w = || format!("sqrt {a:#06x}");
            sqrt_ok += agree16(
                f16_sqrt(a),
                softfloat(|| unsafe { sf::f16_sqrt(F16 { v: a }).v }),
                &w,
            ) as u32;
            let f = f16_to_f32_fast(a);
            let (want, fl) = softfloat(|| unsafe { sf::f16_to_f32(F16 { v: a }).v });
            if !f.bad {
                wide_ok += 1;
                assert_eq!((f.r, f.nx as u8), (want, fl), "widen {a:#06x}");
            }
        }
        // Every non-negative finite value and -0 take the fast sqrt (31,745 of them);
        // every non-NaN widens fast (65,536 - 2 · 1,023 NaNs).
        assert_eq!(sqrt_ok, 0x7c00 + 1);
        assert_eq!(wide_ok, 65536 - 2 * 1023);
        for &s in &special16() {
            for a in 0..=u16::MAX {
                for (x, y) in [(a, s), (s, a)] {
                    let w = || format!("{x:#06x} op {y:#06x}");
                    agree16(
                        f16_add(x, y),
                        softfloat(|| unsafe { sf::f16_add(F16 { v: x }, F16 { v: y }).v }),
                        &w,
                    );
                    agree16(
                        f16_add(x, y ^ 0x8000),
                        softfloat(|| unsafe { sf::f16_sub(F16 { v: x }, F16 { v: y }).v }),
                        &w,
                    );
                    agree16(
                        f16_mul(x, y),
                        softfloat(|| unsafe { sf::f16_mul(F16 { v: x }, F16 { v: y }).v }),
                        &w,
                    );
                    agree16(
                        f16_div(x, y),
                        softfloat(|| unsafe { sf::f16_div(F16 { v: x }, F16 { v: y }).v }),
                        &w,
                    );
                }
            }
        }
    }

    /// All pairs of a 1,536-value random subset (2.4 M pairs) for add, sub, mul and div,
    /// and fused multiply-adds over 300 x 300 x 30 triples of it plus triples built to
    /// land on and next to f16 rounding boundaries. `NPU_SPIKE_F16_PAIRS` sizes the
    /// subset for a deeper run (65,536: every pair).
    #[test]
    fn f16_pairs_and_fma_agree_with_softfloat() {
        use softfloat_sys as sf;
        use softfloat_sys::float16_t as F16;
        let n = std::env::var("NPU_SPIKE_F16_PAIRS")
            .ok()
            .and_then(|v| v.parse().ok())
            .unwrap_or(1536usize);
        let set: Vec<u16> = if n >= 65536 {
            (0..=u16::MAX).collect()
        } else {
            sample16(n, 0x243f_6a88_85a3_08d3)
        };
        let mut counts = [0u64; 4];
        let mut total = 0u64;
        for &x in &set {
            for &y in &set {
                total += 1;
                let w = || format!("{x:#06x} op {y:#06x}");
                counts[0] += agree16(
                    f16_add(x, y),
                    softfloat(|| unsafe { sf::f16_add(F16 { v: x }, F16 { v: y }).v }),
                    &w,
                ) as u64;
                counts[1] += agree16(
                    f16_add(x, y ^ 0x8000),
                    softfloat(|| unsafe { sf::f16_sub(F16 { v: x }, F16 { v: y }).v }),
                    &w,
                ) as u64;
                counts[2] += agree16(
                    f16_mul(x, y),
                    softfloat(|| unsafe { sf::f16_mul(F16 { v: x }, F16 { v: y }).v }),
                    &w,
                ) as u64;
                counts[3] += agree16(
                    f16_div(x, y),
                    softfloat(|| unsafe { sf::f16_div(F16 { v: x }, F16 { v: y }).v }),
                    &w,
                ) as u64;
            }
        }
        // Uniform bit patterns: 1/32 of them are Inf/NaN and products and quotients of
        // far-apart exponents over- or underflow, so not all are accepted; but most are.
        for (k, c) in counts.iter().enumerate() {
            assert!(*c * 10 > total * 6, "op {k}: {c} of {total} accepted");
        }
        let mut fma_ok = 0u64;
        let fma = |a: u16, b: u16, c: u16| {
            let w = || format!("fma {a:#06x} {b:#06x} {c:#06x}");
            agree16(
                f16_fma(a, b, c),
                softfloat(|| unsafe { sf::f16_mulAdd(F16 { v: a }, F16 { v: b }, F16 { v: c }).v }),
                &w,
            )
        };
        let k = set.len().min(300);
        for &a in &set[..k] {
            for &b in &set[..k] {
                for &c in &set[..30] {
                    fma_ok += fma(a, b, c) as u64;
                }
            }
        }
        assert!(
            fma_ok * 10 > (k * k * 30) as u64 * 5,
            "{fma_ok} fma accepted"
        );
        let specials = special16();
        for &a in &specials {
            for &b in &specials {
                for &c in &specials {
                    fma(a, b, c);
                }
            }
        }
        // Sums on and next to f16 rounding boundaries: c = ±(1 + m·2^-10) or
        // ±2^15·(1 + m·2^-10), plus a product of exactly half c's ulp (2^-11: a tie),
        // half an ulp ± one product ulp, or a product so small (2^-48, 2^-47) that
        // the sum is not exact even in f64.
        let mut ties = 0;
        for m in 0..2048u16 {
            for top in [0x3c00u16, 0x7800] {
                let c = top | (m & 0x3ff) | (m & 0x400) << 5;
                for (a, b) in [
                    (0x1000, 0x3c00),
                    (0x1001, 0x3c00),
                    (0x0fff, 0x3c00),
                    (0x1001, 0x3bff),
                    (0x3800, 0x1400),
                    (0x0001, 0x0001),
                    (0x0001, 0x0002),
                    (0x4c00, 0x3c00),
                ] {
                    ties += fma(a, b, c) as u32;
                    fma(a | 0x8000, b, c);
                }
            }
        }
        assert!(ties > 20_000, "{ties}");
    }
}
