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
}
