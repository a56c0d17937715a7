//! Number formats of the NPU units (npu-isa.md §4.8): FP8 E4M3 ("fn": no infinities,
//! NaN = S.1111.111, max 448) and E5M2 (IEEE-like), their exact widening to f32, and
//! narrowing from f32 under a RISC-V `frm` value.
//!
//! `frm` numbering for the units (§4.8): 0 RNE, 1 RTZ, 2 RDN, 3 RUP, 4 RMM,
//! 5 round-to-odd, 6 and 7 RTZ.

use softfloat_sys as sf;

/// An 8-bit float format.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Fp8 {
    E4M3,
    E5M2,
}

/// Rounding of a narrowing conversion.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Round {
    NearEven,
    Zero,
    Down,
    Up,
    NearMaxMag,
    Odd,
}

impl Round {
    /// The unit's reading of a `frm` value (§4.8).
    pub fn from_frm(frm: u8) -> Round {
        match frm & 7 {
            0 => Round::NearEven,
            2 => Round::Down,
            3 => Round::Up,
            4 => Round::NearMaxMag,
            5 => Round::Odd,
            _ => Round::Zero,
        }
    }

    /// SoftFloat's mode number for the same rounding.
    fn softfloat(self) -> u8 {
        match self {
            Round::NearEven => sf::softfloat_round_near_even,
            Round::Zero => sf::softfloat_round_minMag,
            Round::Down => sf::softfloat_round_min,
            Round::Up => sf::softfloat_round_max,
            Round::NearMaxMag => sf::softfloat_round_near_maxMag,
            Round::Odd => sf::softfloat_round_odd,
        }
    }

    /// Whether an overflow of a value with this sign goes to infinity (IEEE 754 §7.4:
    /// the modes that round away from zero for that sign) rather than to the largest
    /// finite value.
    fn overflow_to_inf(self, negative: bool) -> bool {
        match self {
            Round::NearEven | Round::NearMaxMag => true,
            Round::Zero | Round::Odd => false,
            Round::Down => negative,
            Round::Up => !negative,
        }
    }
}

impl Fp8 {
    /// The format named by a push/pop simm5 (1 E4M3, 2 E5M2) or a latched descriptor
    /// element type (same numbering); None = the integer (int8) path.
    pub fn from_code(code: u8) -> Option<Fp8> {
        match code {
            1 => Some(Fp8::E4M3),
            2 => Some(Fp8::E5M2),
            _ => None,
        }
    }

    fn geometry(self) -> (u32, u32, i32) {
        // (exponent bits, mantissa bits, bias)
        match self {
            Fp8::E4M3 => (4, 3, 7),
            Fp8::E5M2 => (5, 2, 15),
        }
    }

    /// Exact widening to f32 (NaN becomes the canonical f32 NaN 0x7FC00000).
    pub fn to_f32(self, b: u8) -> f32 {
        let (ebits, mbits, bias) = self.geometry();
        let neg = b & 0x80 != 0;
        let e = ((b >> mbits) & ((1 << ebits) - 1)) as i32;
        let m = (b & ((1 << mbits) - 1)) as u32;
        let emax_field = (1 << ebits) - 1;
        let mag = match self {
            Fp8::E4M3 if e == emax_field && m == (1 << mbits) - 1 => {
                return f32::from_bits(0x7fc0_0000);
            }
            Fp8::E5M2 if e == emax_field => {
                if m != 0 {
                    return f32::from_bits(0x7fc0_0000);
                }
                f32::INFINITY
            }
            _ if e == 0 => m as f32 * pow2(1 - bias - mbits as i32),
            _ => ((1 << mbits) + m) as f32 * pow2(e - bias - mbits as i32),
        };
        if neg { -mag } else { mag }
    }

    /// Narrowing from f32 under `r`. NaN → the format's NaN without sign (E4M3 0x7F,
    /// E5M2 0x7E); ±inf → E5M2 ±inf, E4M3 ±NaN (sign|0x7F). Finite values are rounded
    /// on the format's grid (the subnormal grid below the smallest normal) continued
    /// past the largest finite value; a result above it overflows: to ±inf (E5M2) or
    /// sign|0x7F (E4M3, decision 7) when `r` rounds away from zero for that sign, else
    /// to ±max finite (E5M2 0x7B, E4M3 0x7E).
    pub fn from_f32(self, x: f32, r: Round) -> u8 {
        let (ebits, mbits, bias) = self.geometry();
        let bits = x.to_bits();
        let neg = bits >> 31 != 0;
        let sign = if neg { 0x80u8 } else { 0 };
        let (max_code, inf_code, nan_code) = match self {
            Fp8::E4M3 => (0x7eu8, 0x7fu8, 0x7fu8),
            Fp8::E5M2 => (0x7b, 0x7c, 0x7e),
        };
        if x.is_nan() {
            return nan_code;
        }
        if x.is_infinite() {
            return sign | inf_code;
        }
        let mag = narrow_magnitude(bits & 0x7fff_ffff, ebits, mbits, bias, r, neg);
        if mag > max_code as u32 {
            return sign
                | if r.overflow_to_inf(neg) {
                    inf_code
                } else {
                    max_code
                };
        }
        sign | mag as u8
    }
}

/// 2^e as f32 for the small exponents the fp8 formats need.
fn pow2(e: i32) -> f32 {
    f32::from_bits(((127 + e) as u32) << 23)
}

/// Rounds the finite, non-negative f32 with bits `abs` to a format with `ebits`
/// exponent bits, `mbits` fraction bits and `bias`, with an unbounded exponent range
/// above; returns the magnitude code (may exceed the format's largest code, which the
/// caller treats as overflow). `neg` is the sign of the value (for directed modes).
pub(crate) fn narrow_magnitude(
    abs: u32,
    ebits: u32,
    mbits: u32,
    bias: i32,
    r: Round,
    neg: bool,
) -> u32 {
    let _ = ebits;
    if abs == 0 {
        return 0;
    }
    // abs = sig * 2^exp exactly, sig < 2^24.
    let fe = (abs >> 23) as i32;
    let frac = abs & 0x7f_ffff;
    let (sig, exp) = if fe == 0 {
        (frac as u64, -149)
    } else {
        ((frac | 0x80_0000) as u64, fe - 150)
    };
    // Unbiased exponent of the leading bit.
    let lead = 63 - sig.leading_zeros() as i32 + exp;
    let emin = 1 - bias;
    let e = lead.max(emin);
    // The grid spacing is 2^(e - mbits); q = abs / spacing = sig * 2^(exp - qexp).
    let qexp = e - mbits as i32;
    let (int, rem_half) = if exp >= qexp {
        (sig << (exp - qexp), Ordering3::Zero)
    } else {
        let sh = (qexp - exp) as u32;
        if sh >= 64 {
            (0, Ordering3::Below)
        } else {
            let int = sig >> sh;
            let rem = sig & ((1u64 << sh) - 1);
            let half = 1u64 << (sh - 1);
            let o = if rem == 0 {
                Ordering3::Zero
            } else if rem < half {
                Ordering3::Below
            } else if rem == half {
                Ordering3::Half
            } else {
                Ordering3::Above
            };
            (int, o)
        }
    };
    let inexact = rem_half != Ordering3::Zero;
    let up = match r {
        Round::NearEven => {
            rem_half == Ordering3::Above || (rem_half == Ordering3::Half && int & 1 == 1)
        }
        Round::NearMaxMag => matches!(rem_half, Ordering3::Half | Ordering3::Above),
        Round::Zero | Round::Odd => false,
        Round::Down => inexact && neg,
        Round::Up => inexact && !neg,
    };
    let mut q = int + up as u64;
    if r == Round::Odd && inexact {
        q |= 1;
    }
    // Encode: on the subnormal grid the code is q itself (q = 2^mbits is the smallest
    // normal, whose code is the same number); otherwise the exponent field is e + bias
    // and q in [2^mbits, 2^(mbits+1)] (the top value carries into the next binade).
    if lead < emin {
        q as u32
    } else {
        (((e + bias) as u64) << mbits) as u32 + q as u32 - (1u32 << mbits)
    }
}

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Ordering3 {
    Zero,
    Below,
    Half,
    Above,
}

/// IEEE half → f32, exactly (NaN becomes the canonical f32 NaN).
pub fn f16_to_f32(h: u16) -> f32 {
    let neg = h & 0x8000 != 0;
    let e = ((h >> 10) & 31) as i32;
    let m = (h & 0x3ff) as u32;
    let mag = if e == 31 {
        if m != 0 {
            return f32::from_bits(0x7fc0_0000);
        }
        f32::INFINITY
    } else if e == 0 {
        m as f32 * pow2(-24)
    } else {
        f32::from_bits(((e - 15 + 127) as u32) << 23 | m << 13)
    };
    if neg { -mag } else { mag }
}

/// f32 → IEEE half under `r`, through SoftFloat (RISC-V flavour: NaN → 0x7E00). The
/// accrued SoftFloat exception flags are left as they were (the units do not touch
/// fflags).
pub fn f32_to_f16(x: f32, r: Round) -> u16 {
    // SAFETY: SoftFloat's globals are thread-local helpers; saved and restored here.
    unsafe {
        let mode = sf::softfloat_roundingMode_read_helper();
        let flags = sf::softfloat_exceptionFlags_read_helper();
        sf::softfloat_roundingMode_write_helper(r.softfloat());
        let h = sf::f32_to_f16(sf::float32_t { v: x.to_bits() }).v;
        sf::softfloat_roundingMode_write_helper(mode);
        sf::softfloat_exceptionFlags_write_helper(flags);
        h
    }
}

/// f32 → IEEE half rounded to nearest-even, NaN → 0x7E00.
pub fn f32_to_f16_rne(x: f32) -> u16 {
    f32_to_f16(x, Round::NearEven)
}

#[cfg(test)]
mod tests {
    use super::*;

    const MODES: [Round; 6] = [
        Round::NearEven,
        Round::Zero,
        Round::Down,
        Round::Up,
        Round::NearMaxMag,
        Round::Odd,
    ];

    /// The generic narrowing on the half-precision geometry agrees with SoftFloat on
    /// every f32 whose top 20 bits vary (and a spread of low bits), in every mode.
    #[test]
    fn generic_rounding_matches_softfloat_on_halves() {
        for hi in 0u32..(1 << 16) {
            for lo in [0u32, 1, 0x0fff, 0x1000, 0x1001, 0x1fff, 0xffff] {
                let bits = hi << 16 | lo;
                let x = f32::from_bits(bits);
                if !x.is_finite() {
                    continue;
                }
                for r in MODES {
                    let want = f32_to_f16(x, r);
                    let neg = bits >> 31 != 0;
                    let mag = narrow_magnitude(bits & 0x7fff_ffff, 5, 10, 15, r, neg);
                    let got = if mag > 0x7bff {
                        (if r.overflow_to_inf(neg) {
                            0x7c00
                        } else {
                            0x7bff
                        }) | (bits >> 16 & 0x8000) as u16
                    } else {
                        mag as u16 | (bits >> 16 & 0x8000) as u16
                    };
                    assert_eq!(got, want, "{x:e} ({bits:#010x}) mode {r:?}");
                }
            }
        }
    }

    #[test]
    fn widening_is_exact() {
        assert_eq!(Fp8::E4M3.to_f32(0x7e), 448.0);
        assert_eq!(Fp8::E4M3.to_f32(0x01), 2f32.powi(-9));
        assert_eq!(Fp8::E4M3.to_f32(0x38), 1.0);
        assert!(Fp8::E4M3.to_f32(0xff).is_nan());
        assert_eq!(Fp8::E4M3.to_f32(0xf8), -256.0);
        assert_eq!(Fp8::E5M2.to_f32(0x7b), 57344.0);
        assert_eq!(Fp8::E5M2.to_f32(0x7c), f32::INFINITY);
        assert_eq!(Fp8::E5M2.to_f32(0xfc), f32::NEG_INFINITY);
        assert_eq!(Fp8::E5M2.to_f32(0x01), 2f32.powi(-16));
        assert_eq!(Fp8::E5M2.to_f32(0x3c), 1.0);
        assert_eq!(Fp8::E5M2.to_f32(0x7d).to_bits(), 0x7fc0_0000);
        assert_eq!(f16_to_f32(0x3c00), 1.0);
        assert_eq!(f16_to_f32(0x0001), 2f32.powi(-24));
        assert_eq!(f16_to_f32(0xfbff), -65504.0);
    }

    #[test]
    fn every_fp8_code_round_trips_in_every_mode() {
        for f in [Fp8::E4M3, Fp8::E5M2] {
            for b in 0..=255u8 {
                let x = f.to_f32(b);
                for r in MODES {
                    let back = f.from_f32(x, r);
                    if x.is_nan() {
                        assert_eq!(back, if f == Fp8::E4M3 { 0x7f } else { 0x7e });
                    } else {
                        assert_eq!(back, b, "{f:?} {b:#04x} {r:?}");
                    }
                }
            }
        }
    }

    #[test]
    fn e4m3_overflow_follows_decision_7() {
        use Round::*;
        // 464 is the midpoint between 448 and the continued grid point 480.
        let cases: [(f32, Round, u8); 14] = [
            (460.0, NearEven, 0x7e),
            (464.0, NearEven, 0x7e), // tie: 448 has the even code
            (470.0, NearEven, 0x7f),
            (464.0, NearMaxMag, 0x7f),
            (1e9, Zero, 0x7e),
            (1e9, Odd, 0x7e),
            (-1e9, Odd, 0xfe),
            (449.0, Down, 0x7e),
            (-449.0, Down, 0xff),
            (449.0, Up, 0x7f),
            (-449.0, Up, 0xfe),
            (f32::INFINITY, Zero, 0x7f),
            (f32::NEG_INFINITY, NearEven, 0xff),
            (-f32::NAN, NearEven, 0x7f),
        ];
        for (x, r, want) in cases {
            assert_eq!(Fp8::E4M3.from_f32(x, r), want, "{x} {r:?}");
        }
    }
}
