//! Vector floating point (RVV 1.0 chapter 13) and Zvfh: every operation goes through
//! the same Berkeley SoftFloat (RISC-V specialisation) as the scalar unit, with the
//! rounding mode from frm and the exception flags accrued into fflags, so values and
//! flags are bit-exact with Spike. vfrec7/vfrsqrt7 use the specification's 7-bit
//! tables (computed once from their defining formula).

use super::fastfp::{self, Fast};
use super::hostsimd;
use super::{
    R, Src, V, al, chk_mss, chk_narrow, chk_sss, chk_widen, copy_bytes, done, mixed, mixed3, mss,
    require, require_vec, span, sss, sss3, view,
};
use crate::exec::float::accrue;
use crate::isa::ext;
use crate::machine::Hart;
use crate::machine::Insn;
use softfloat_sys as sf;
use softfloat_sys::{float16_t as F16, float32_t as F32, float64_t as F64};
use std::sync::OnceLock;

/// Operations on one FP format, on raw bit patterns.
pub(crate) trait Fp {
    type B: Copy + PartialEq + Into<u64> + Default + hostsimd::Bits;
    const SIGN: Self::B;
    const NAN: Self::B;
    const EXP_BITS: u32;
    const FRAC_BITS: u32;
    fn from_u64(x: u64) -> Self::B;
    fn add(a: Self::B, b: Self::B) -> Self::B;
    fn sub(a: Self::B, b: Self::B) -> Self::B;
    fn mul(a: Self::B, b: Self::B) -> Self::B;
    fn div(a: Self::B, b: Self::B) -> Self::B;
    fn sqrt(a: Self::B) -> Self::B;
    fn fma(a: Self::B, b: Self::B, c: Self::B) -> Self::B;
    fn eq(a: Self::B, b: Self::B) -> bool;
    fn lt(a: Self::B, b: Self::B) -> bool;
    fn le(a: Self::B, b: Self::B) -> bool;
    fn lt_quiet(a: Self::B, b: Self::B) -> bool;
    fn neg(a: Self::B) -> Self::B;
    fn xor(a: Self::B, b: Self::B) -> Self::B;
    fn and(a: Self::B, b: Self::B) -> Self::B;
    fn or(a: Self::B, b: Self::B) -> Self::B;
    fn not(a: Self::B) -> Self::B;
    /// The host-FP fast path (`fastfp`, RNE only) has add/sub/mul (`FAST`) and fused
    /// multiply-add (`FAST_FMA`) for this format; where it has not, the `fast_*`
    /// functions are never called.
    const FAST: bool = false;
    const FAST_FMA: bool = false;
    fn fast_add(a: Self::B, _: Self::B) -> Fast<Self::B> {
        Fast {
            r: a,
            bad: true,
            nx: false,
        }
    }
    fn fast_mul(a: Self::B, b: Self::B) -> Fast<Self::B> {
        Self::fast_add(a, b)
    }
    fn fast_fma(a: Self::B, b: Self::B, _: Self::B) -> Fast<Self::B> {
        Self::fast_add(a, b)
    }
    /// The host tier (`hostsimd`: the host's own arithmetic, flags from its status
    /// register) has add, mul, div and fma for this format (f32, f64); where it has
    /// not, the `host_*` functions are never called.
    const HOST: bool = false;
    fn host_add(a: Self::B, _: Self::B) -> Self::B {
        a
    }
    fn host_mul(a: Self::B, _: Self::B) -> Self::B {
        a
    }
    fn host_div(a: Self::B, _: Self::B) -> Self::B {
        a
    }
    fn host_fma(a: Self::B, _: Self::B, _: Self::B) -> Self::B {
        a
    }
    /// Division and square root on the fast path (`FAST_DIV`; f16 only).
    const FAST_DIV: bool = false;
    fn fast_div(a: Self::B, b: Self::B) -> Fast<Self::B> {
        Self::fast_add(a, b)
    }
    fn fast_sqrt(a: Self::B) -> Fast<Self::B> {
        Self::fast_add(a, a)
    }
    /// The bits of the same value in the format twice as wide, for a finite value (a
    /// NaN or Inf gives something the fast path refuses); f64 has no wider format.
    fn widen_exact(a: Self::B) -> u64;
    /// IEEE 754-2019 minimumNumber / maximumNumber (as the scalar fmin/fmax).
    fn min(a: Self::B, b: Self::B) -> Self::B {
        let less = Self::lt_quiet(a, b) || (Self::eq(a, b) && Self::is_neg(a));
        match (Self::is_nan(a), Self::is_nan(b)) {
            (true, true) => Self::NAN,
            (true, false) => b,
            (false, true) => a,
            _ if less => a,
            _ => b,
        }
    }
    fn max(a: Self::B, b: Self::B) -> Self::B {
        let greater = Self::lt_quiet(b, a) || (Self::eq(a, b) && Self::is_neg(b));
        match (Self::is_nan(a), Self::is_nan(b)) {
            (true, true) => Self::NAN,
            (true, false) => b,
            (false, true) => a,
            _ if greater => a,
            _ => b,
        }
    }
    fn is_neg(a: Self::B) -> bool {
        a.into() >> (Self::EXP_BITS + Self::FRAC_BITS) != 0
    }
    fn exp(a: Self::B) -> u64 {
        (a.into() >> Self::FRAC_BITS) & ((1 << Self::EXP_BITS) - 1)
    }
    fn frac(a: Self::B) -> u64 {
        a.into() & ((1 << Self::FRAC_BITS) - 1)
    }
    fn is_nan(a: Self::B) -> bool {
        Self::exp(a) == (1 << Self::EXP_BITS) - 1 && Self::frac(a) != 0
    }
    fn is_snan(a: Self::B) -> bool {
        Self::is_nan(a) && Self::frac(a) >> (Self::FRAC_BITS - 1) == 0
    }
    fn class(a: Self::B) -> u64 {
        let (neg, e, f) = (Self::is_neg(a), Self::exp(a), Self::frac(a));
        let emax = (1 << Self::EXP_BITS) - 1;
        let bit = if e == emax {
            if f == 0 {
                if neg { 0 } else { 7 }
            } else if f >> (Self::FRAC_BITS - 1) != 0 {
                9
            } else {
                8
            }
        } else if e == 0 {
            match (f == 0, neg) {
                (true, true) => 3,
                (true, false) => 4,
                (false, true) => 2,
                (false, false) => 5,
            }
        } else if neg {
            1
        } else {
            6
        };
        1 << bit
    }
}

fn raise(flags: u8) {
    unsafe {
        let f = sf::softfloat_exceptionFlags_read_helper();
        sf::softfloat_exceptionFlags_write_helper(f | flags);
    }
}
const NV: u8 = 0x10;
const DZ: u8 = 0x08;
const OF: u8 = 0x04;
const NX: u8 = 0x01;

macro_rules! fp_impl {
    ($m:ident, $b:ty, $t:ident, $eb:expr, $fb:expr, $nan:expr,
     $add:ident, $sub:ident, $mul:ident, $div:ident, $sqrt:ident, $fma:ident,
     $eq:ident, $lt:ident, $le:ident, $ltq:ident, $widen:expr, { $($fast:tt)* }) => {
        pub(crate) struct $m;
        impl Fp for $m {
            $($fast)*
            #[inline(always)]
            fn widen_exact(a: $b) -> u64 {
                $widen(a)
            }
            type B = $b;
            const SIGN: $b = 1 << ($eb + $fb);
            const NAN: $b = $nan;
            const EXP_BITS: u32 = $eb;
            const FRAC_BITS: u32 = $fb;
            #[inline(always)]
            fn from_u64(x: u64) -> $b {
                x as $b
            }
            #[inline(always)]
            fn add(a: $b, b: $b) -> $b {
                unsafe { sf::$add($t { v: a }, $t { v: b }).v }
            }
            #[inline(always)]
            fn sub(a: $b, b: $b) -> $b {
                unsafe { sf::$sub($t { v: a }, $t { v: b }).v }
            }
            #[inline(always)]
            fn mul(a: $b, b: $b) -> $b {
                unsafe { sf::$mul($t { v: a }, $t { v: b }).v }
            }
            #[inline(always)]
            fn div(a: $b, b: $b) -> $b {
                unsafe { sf::$div($t { v: a }, $t { v: b }).v }
            }
            #[inline(always)]
            fn sqrt(a: $b) -> $b {
                unsafe { sf::$sqrt($t { v: a }).v }
            }
            #[inline(always)]
            fn fma(a: $b, b: $b, c: $b) -> $b {
                unsafe { sf::$fma($t { v: a }, $t { v: b }, $t { v: c }).v }
            }
            #[inline(always)]
            fn eq(a: $b, b: $b) -> bool {
                unsafe { sf::$eq($t { v: a }, $t { v: b }) }
            }
            #[inline(always)]
            fn lt(a: $b, b: $b) -> bool {
                unsafe { sf::$lt($t { v: a }, $t { v: b }) }
            }
            #[inline(always)]
            fn le(a: $b, b: $b) -> bool {
                unsafe { sf::$le($t { v: a }, $t { v: b }) }
            }
            #[inline(always)]
            fn lt_quiet(a: $b, b: $b) -> bool {
                unsafe { sf::$ltq($t { v: a }, $t { v: b }) }
            }
            #[inline(always)]
            fn neg(a: $b) -> $b {
                a ^ Self::SIGN
            }
            #[inline(always)]
            fn xor(a: $b, b: $b) -> $b {
                a ^ b
            }
            #[inline(always)]
            fn and(a: $b, b: $b) -> $b {
                a & b
            }
            #[inline(always)]
            fn or(a: $b, b: $b) -> $b {
                a | b
            }
            #[inline(always)]
            fn not(a: $b) -> $b {
                !a
            }
        }
    };
}

fp_impl!(
    H,
    u16,
    F16,
    5,
    10,
    0x7e00,
    f16_add,
    f16_sub,
    f16_mul,
    f16_div,
    f16_sqrt,
    f16_mulAdd,
    f16_eq,
    f16_lt,
    f16_le,
    f16_lt_quiet,
    |a| fastfp::f16_to_f32(a) as u64,
    {
        // Through host f64 with one rounding to f16 (see `fastfp`).
        const FAST: bool = true;
        const FAST_FMA: bool = true;
        const FAST_DIV: bool = true;
        #[inline(always)]
        fn fast_add(a: u16, b: u16) -> Fast<u16> {
            fastfp::f16_add(a, b)
        }
        #[inline(always)]
        fn fast_mul(a: u16, b: u16) -> Fast<u16> {
            fastfp::f16_mul(a, b)
        }
        #[inline(always)]
        fn fast_fma(a: u16, b: u16, c: u16) -> Fast<u16> {
            fastfp::f16_fma(a, b, c)
        }
        #[inline(always)]
        fn fast_div(a: u16, b: u16) -> Fast<u16> {
            fastfp::f16_div(a, b)
        }
        #[inline(always)]
        fn fast_sqrt(a: u16) -> Fast<u16> {
            fastfp::f16_sqrt(a)
        }
    }
);
fp_impl!(
    S,
    u32,
    F32,
    8,
    23,
    0x7fc0_0000,
    f32_add,
    f32_sub,
    f32_mul,
    f32_div,
    f32_sqrt,
    f32_mulAdd,
    f32_eq,
    f32_lt,
    f32_le,
    f32_lt_quiet,
    fastfp::f32_to_f64,
    {
        const FAST: bool = true;
        const FAST_FMA: bool = true;
        const HOST: bool = true;
        #[inline(always)]
        fn host_add(a: u32, b: u32) -> u32 {
            (f32::from_bits(a) + f32::from_bits(b)).to_bits()
        }
        #[inline(always)]
        fn host_mul(a: u32, b: u32) -> u32 {
            (f32::from_bits(a) * f32::from_bits(b)).to_bits()
        }
        #[inline(always)]
        fn host_div(a: u32, b: u32) -> u32 {
            (f32::from_bits(a) / f32::from_bits(b)).to_bits()
        }
        #[inline(always)]
        fn host_fma(a: u32, b: u32, c: u32) -> u32 {
            f32::from_bits(a)
                .mul_add(f32::from_bits(b), f32::from_bits(c))
                .to_bits()
        }
        #[inline(always)]
        fn fast_add(a: u32, b: u32) -> Fast<u32> {
            fastfp::f32_add(a, b)
        }
        #[inline(always)]
        fn fast_mul(a: u32, b: u32) -> Fast<u32> {
            fastfp::f32_mul(a, b)
        }
        #[inline(always)]
        fn fast_fma(a: u32, b: u32, c: u32) -> Fast<u32> {
            fastfp::f32_fma(a, b, c)
        }
    }
);
fp_impl!(
    D,
    u64,
    F64,
    11,
    52,
    0x7ff8_0000_0000_0000,
    f64_add,
    f64_sub,
    f64_mul,
    f64_div,
    f64_sqrt,
    f64_mulAdd,
    f64_eq,
    f64_lt,
    f64_le,
    f64_lt_quiet,
    |a| a,
    {
        // No f64 fma: deciding NX for it needs more than TwoSum/TwoProduct.
        const FAST: bool = true;
        const HOST: bool = true;
        #[inline(always)]
        fn host_add(a: u64, b: u64) -> u64 {
            (f64::from_bits(a) + f64::from_bits(b)).to_bits()
        }
        #[inline(always)]
        fn host_mul(a: u64, b: u64) -> u64 {
            (f64::from_bits(a) * f64::from_bits(b)).to_bits()
        }
        #[inline(always)]
        fn host_div(a: u64, b: u64) -> u64 {
            (f64::from_bits(a) / f64::from_bits(b)).to_bits()
        }
        #[inline(always)]
        fn host_fma(a: u64, b: u64, c: u64) -> u64 {
            f64::from_bits(a)
                .mul_add(f64::from_bits(b), f64::from_bits(c))
                .to_bits()
        }
        #[inline(always)]
        fn fast_add(a: u64, b: u64) -> Fast<u64> {
            fastfp::f64_add(a, b)
        }
        #[inline(always)]
        fn fast_mul(a: u64, b: u64) -> Fast<u64> {
            fastfp::f64_mul(a, b)
        }
    }
);

/// Binds `$F` to the FP format of the current SEW (16, 32 or 64; checked before).
macro_rules! sew_fp {
    ($sew:expr, |$F:ident| $body:expr) => {
        match $sew {
            16 => {
                type $F = H;
                $body
            }
            32 => {
                type $F = S;
                $body
            }
            _ => {
                type $F = D;
                $body
            }
        }
    };
}

/// Binds `$F` (SEW) and `$G` (2*SEW) for widening and narrowing operations.
macro_rules! sew_fpw {
    ($sew:expr, |$F:ident, $G:ident| $body:expr) => {
        match $sew {
            16 => {
                type $F = H;
                type $G = S;
                $body
            }
            _ => {
                type $F = S;
                type $G = D;
                $body
            }
        }
    };
}

/// f register `r` as a value of `bits` width: narrower values must be NaN-boxed, or
/// they read as the canonical NaN (returned as the raw low bits).
pub(crate) fn unbox_bits(h: &Hart, r: u8, bits: u32) -> u64 {
    let v = h.f[(r & 31) as usize];
    match bits {
        16 if v >> 16 != 0xffff_ffff_ffff => 0x7e00,
        32 if v >> 32 != 0xffff_ffff => 0x7fc0_0000,
        16 => v & 0xffff,
        32 => v & 0xffff_ffff,
        _ => v,
    }
}

/// The scalar FP operand at the current SEW.
pub(crate) fn unbox(h: &Hart, r: u8) -> u64 {
    unbox_bits(h, r, h.v.sew)
}

/// Can the hart do vector FP arithmetic with `sew`-bit elements?
fn fp_sew_ok(h: &Hart, sew: u32) -> bool {
    match sew {
        16 => h.isa.vector_fp16,
        32 => h.isa.has(ext::F),
        64 => h.isa.has(ext::D),
        _ => false,
    }
}

/// VI_VFP_BASE: FPU on, vector unit usable, frm valid (it becomes SoftFloat's mode).
fn fp_base(h: &Hart, i: &Insn) -> R {
    require!(h.fp_enabled(), i);
    require_vec(h, i, true)?;
    require!(h.csr.frm <= 4, i);
    unsafe { sf::softfloat_roundingMode_write_helper(h.csr.frm) };
    Ok(())
}

/// VI_VFP_COMMON: `fp_base` and an FP element width the ISA supports.
pub(crate) fn fp_check(h: &Hart, i: &Insn) -> R {
    fp_base(h, i)?;
    require!(fp_sew_ok(h, h.v.sew), i);
    Ok(())
}

/// The second operand: vs1, or the unboxed f register (`vf`).
macro_rules! fsrc {
    (vv, $h:ident, $i:ident, $F:ty) => {
        Src::<<$F as Fp>::B>::V($i.rs1)
    };
    (vf, $h:ident, $i:ident, $F:ty) => {
        Src::<<$F as Fp>::B>::S(<$F>::from_u64(unbox($h, $i.rs1)))
    };
}
macro_rules! is_vv {
    (vv) => {
        true
    };
    (vf) => {
        false
    };
}

// ---- the host-FP fast path ------------------------------------------------------------

/// vd (D) [k] = op(vd[k], vs2 (A) [k], src (B) [k]) on every lane of `v`, through
/// `fast` (see `fastfp`) a chunk at a time, with `slow` (SoftFloat) for a chunk the
/// fast path refuses and for masked instructions. Raises NX when an accepted fast
/// result is inexact. The caller has checked frm = RNE.
#[inline(always)]
fn fast3<D: Copy + Default + Sync, A: Copy + Sync, B: Copy + Sync>(
    v: &V,
    vd: u8,
    vs2: u8,
    s: Src<B>,
    fast: impl Fn(D, A, B) -> Fast<D> + Sync,
    slow: impl Fn(D, A, B) -> D + Sync,
) {
    // The same loop compiled for 256-bit vectors where the host has them (the
    // baseline x86-64 target only has SSE2).
    #[cfg(target_arch = "x86_64")]
    if std::arch::is_x86_feature_detected!("avx2") {
        // SAFETY: the CPU has AVX2.
        return v.par_ranges(|part| unsafe { fast3_avx2(part, vd, vs2, s, &fast, &slow) });
    }
    v.par_ranges(|part| fast3_loop(part, vd, vs2, s, &fast, &slow))
}

#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2")]
fn fast3_avx2<D: Copy + Default + Sync, A: Copy + Sync, B: Copy + Sync>(
    v: &V,
    vd: u8,
    vs2: u8,
    s: Src<B>,
    fast: impl Fn(D, A, B) -> Fast<D> + Sync,
    slow: impl Fn(D, A, B) -> D + Sync,
) {
    fast3_loop(v, vd, vs2, s, fast, slow)
}

#[inline(always)]
fn fast3_loop<D: Copy + Default + Sync, A: Copy + Sync, B: Copy + Sync>(
    v: &V,
    vd: u8,
    vs2: u8,
    s: Src<B>,
    fast: impl Fn(D, A, B) -> Fast<D> + Sync,
    slow: impl Fn(D, A, B) -> D + Sync,
) {
    let mut nx = false;
    // A plain loop, not `for_lanes`: a closure here would not inherit AVX2.
    for l in 0..v.lanes {
        let v = &v.at(l);
        if v.masked {
            mixed3(v, vd, vs2, s, &slow);
            continue;
        }
        let (d, a) = (v.p::<D>(vd), v.p::<A>(vs2));
        // SAFETY (all closures): vstart <= k < vl <= VLMAX of the checked groups.
        let put = |k: usize, r: D| unsafe { *d.add(k) = r };
        nx |= match s {
            Src::V(r) => {
                let b = v.p::<B>(r);
                let get = |k: usize| unsafe { (*d.add(k), *a.add(k), *b.add(k)) };
                fastfp::run(
                    v.vstart,
                    v.vl,
                    |k| {
                        let (x, y, z) = get(k);
                        fast(x, y, z)
                    },
                    put,
                    |k| {
                        let (x, y, z) = get(k);
                        put(k, slow(x, y, z))
                    },
                )
            }
            Src::S(z) => {
                let get = |k: usize| unsafe { (*d.add(k), *a.add(k)) };
                fastfp::run(
                    v.vstart,
                    v.vl,
                    |k| {
                        let (x, y) = get(k);
                        fast(x, y, z)
                    },
                    put,
                    |k| {
                        let (x, y) = get(k);
                        put(k, slow(x, y, z))
                    },
                )
            }
        };
    }
    if nx {
        raise(NX);
    }
}

/// vd[k] = op(vd[k], vs2[k], src[k]) on every lane of `v` through the host tier
/// (`hostsimd`): `host` is the operation in host arithmetic, `slow` SoftFloat's (for
/// a strip the host tier refuses, and for masked instructions). Raises NX when an
/// accepted strip was inexact. The caller has checked frm = RNE and `hostsimd::available`.
#[inline(always)]
fn host3<T: hostsimd::Bits + Sync>(
    v: &V,
    vd: u8,
    vs2: u8,
    s: Src<T>,
    host: impl Fn(T, T, T) -> T + Sync,
    slow: impl Fn(T, T, T) -> T + Sync,
) {
    #[cfg(target_arch = "x86_64")]
    // SAFETY: `hostsimd::available` has checked for AVX2 and FMA.
    v.par_ranges(|part| unsafe { host3_avx2(part, vd, vs2, s, &host, &slow) });
    #[cfg(not(target_arch = "x86_64"))]
    sss3(v, vd, vs2, s, slow)
}

#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2,fma")]
fn host3_avx2<T: hostsimd::Bits + Sync>(
    v: &V,
    vd: u8,
    vs2: u8,
    s: Src<T>,
    host: impl Fn(T, T, T) -> T + Sync,
    slow: impl Fn(T, T, T) -> T + Sync,
) {
    let flags = hostsimd::Flags::begin();
    if v.lanes == 1 && !v.masked {
        // Plain RVV (one lane): chunk by chunk through `hostsimd::run`, without the
        // lane-group set-up.
        let (d, a) = (v.p::<T>(vd), v.p::<T>(vs2));
        // SAFETY (all closures): vstart <= k < vl <= VLMAX of the checked groups.
        let put = |k: usize, r: T| unsafe { *d.add(k) = r };
        // SAFETY: as above, for the elements k0..k0 + rs.len(); rs is a local buffer.
        let put_all = |k0: usize, rs: &[T]| unsafe {
            copy_bytes(
                rs.as_ptr() as *const u8,
                d.add(k0) as *mut u8,
                std::mem::size_of_val(rs),
            )
        };
        match s {
            Src::V(r) => {
                let b = v.p::<T>(r);
                let get = |k: usize| unsafe { (*d.add(k), *a.add(k), *b.add(k)) };
                hostsimd::run(
                    v.vstart,
                    v.vl,
                    |k| {
                        let (x, y, z) = get(k);
                        host(x, y, z)
                    },
                    T::is_nan,
                    put_all,
                    |k| {
                        let (x, y, z) = get(k);
                        put(k, slow(x, y, z))
                    },
                )
            }
            Src::S(z) => {
                let get = |k: usize| unsafe { (*d.add(k), *a.add(k)) };
                hostsimd::run(
                    v.vstart,
                    v.vl,
                    |k| {
                        let (x, y) = get(k);
                        host(x, y, z)
                    },
                    T::is_nan,
                    put_all,
                    |k| {
                        let (x, y) = get(k);
                        put(k, slow(x, y, z))
                    },
                )
            }
        }
    } else if v.masked {
        // A plain loop, not `for_lanes`: a closure here would not inherit AVX2.
        for l in 0..v.lanes {
            mixed3(&v.at(l), vd, vs2, s, &slow);
        }
    } else {
        // Lane l's register r is `stride` bytes after lane 0's: the element loops run
        // over lanes x elements from lane 0's pointers (`hostsimd::run_lanes`).
        let (d, a, stride) = (
            v.p::<T>(vd) as *mut u8,
            v.p::<T>(vs2) as *const u8,
            v.stride,
        );
        // SAFETY (all closures): l < lanes, so l * stride stays inside the lanes'
        // register files, and vstart <= k < vl <= VLMAX of the checked groups.
        let at = |p: *const u8, l: usize| unsafe { p.add(l * stride) as *mut T };
        let put = |l: usize, k: usize, r: T| unsafe { *at(d, l).add(k) = r };
        // SAFETY: as above, for the elements k0.. of lanes l0..l0 + g (rs holds g
        // equal parts); rs is a local buffer.
        let put_all = |l0: usize, g: usize, k0: usize, rs: &[T]| unsafe {
            hostsimd::copy_strips(
                rs.as_ptr() as *const u8,
                at(d, l0).add(k0) as *mut u8,
                stride,
                std::mem::size_of_val(rs) / g,
                g,
            )
        };
        match s {
            Src::V(r) => {
                let b = v.p::<T>(r) as *const u8;
                let get = |l: usize, k: usize| unsafe {
                    (*at(d, l).add(k), *at(a, l).add(k), *at(b, l).add(k))
                };
                hostsimd::run_lanes(
                    v.lanes,
                    v.vstart,
                    v.vl,
                    |l, k| {
                        let (x, y, z) = get(l, k);
                        host(x, y, z)
                    },
                    put_all,
                    |l, k| {
                        let (x, y, z) = get(l, k);
                        put(l, k, slow(x, y, z))
                    },
                )
            }
            Src::S(z) => {
                let get = |l: usize, k: usize| unsafe { (*at(d, l).add(k), *at(a, l).add(k)) };
                hostsimd::run_lanes(
                    v.lanes,
                    v.vstart,
                    v.vl,
                    |l, k| {
                        let (x, y) = get(l, k);
                        host(x, y, z)
                    },
                    put_all,
                    |l, k| {
                        let (x, y) = get(l, k);
                        put(l, k, slow(x, y, z))
                    },
                )
            }
        }
    }
    if flags.inexact() {
        raise(NX);
    }
}

/// As `fast3` for operations that do not read vd.
#[inline(always)]
fn fast2<D: Copy + Default + Sync, A: Copy + Sync, B: Copy + Sync>(
    v: &V,
    vd: u8,
    vs2: u8,
    s: Src<B>,
    fast: impl Fn(A, B) -> Fast<D> + Sync,
    slow: impl Fn(A, B) -> D + Sync,
) {
    fast3(v, vd, vs2, s, |_: D, a, b| fast(a, b), |_, a, b| slow(a, b))
}

/// The f16 strip path (`super::strip`) runs this instruction: the format is f16 (known
/// per arm of `sew_fp!`, so the f32 and f64 arms pay nothing), frm = RNE and the host
/// has F16C (one cached load).
#[cfg(target_arch = "x86_64")]
#[inline(always)]
fn strip16<F: Fp>(rne: bool) -> bool {
    F::EXP_BITS == 5 && rne && super::strip::available()
}

/// Runs `$body` (which returns whether an accepted strip result is inexact) in a nested
/// function compiled for AVX2, F16C and FMA, so that the closures it defines for
/// `super::strip` inherit those features (and the intrinsics inline into them), then
/// raises NX. Only after `strip16` or `strip::available()`.
#[cfg(target_arch = "x86_64")]
macro_rules! on_strips {
    (($($p:ident: $t:ty = $arg:expr),*) $body:block) => {{
        #[target_feature(enable = "avx2,f16c,fma")]
        fn strips($($p: $t),*) -> bool {
            $body
        }
        // SAFETY: the caller checked that the CPU has the features.
        if unsafe { strips($($arg),*) } {
            raise(NX);
        }
    }};
}

/// vd[k] = op(vs2[k], src); `fast (e)` gives the fast path's form of the operation.
macro_rules! f_ops {
    ($( [$($name:ident $k:ident),+] |$a:ident, $b:ident| $e:expr $(=> $cap:ident |$o:ident| $fe:tt)?; )*) => {$(
        f_ops!(@group [$($name $k),+] |$a, $b| $e, [$($cap $o $fe)?]);
    )*};
    (@group [$($name:ident $k:ident),+] |$a:ident, $b:ident| $e:expr, $fe:tt) => {$(
        pub fn $name(h: &mut Hart, i: &Insn) -> R {
            let v = chk_sss(h, i, is_vv!($k))?;
            let v = span(h, v);
            fp_check(h, i)?;
            let rne = h.csr.frm == 0;
            sew_fp!(v.sew, |F| {
                #[cfg(target_arch = "x86_64")]
                let ran = f_ops!(@strip $fe, rne, v, h, i, $k, F, |$a, $b| $e);
                #[cfg(not(target_arch = "x86_64"))]
                let ran = false;
                if !ran {
                    let s = fsrc!($k, h, i, F);
                    f_ops!(@run $fe, rne, v, i, s, F, |$a, $b| $e)
                }
            });
            accrue(h);
            done(h)
        }
    )+};
    (@strip [], $rne:ident, $v:ident, $h:ident, $i:ident, $k:ident, $F:ident, |$a:ident, $b:ident| $e:expr) => {{
        let _ = $rne;
        false
    }};
    // f16 strips (`super::strip`): `$fe` with F the strip arithmetic, SoftFloat per element
    // for a strip it refuses.
    (@strip [$cap:ident $o:ident ($fe:expr)], $rne:ident, $v:ident, $h:ident, $i:ident, $k:ident, $F:ident, |$a:ident, $b:ident| $e:expr) => {
        strip16::<$F>($rne) && {
            let s = fsrc!($k, $h, $i, H);
            on_strips!((v: &V = &$v, i: &Insn = $i, s: Src<u16> = s) {
                let slow = {
                    type F = H;
                    |$a, $b| $e
                };
                #[allow(dead_code)]
                type F = super::strip::HV;
                let $o = super::strip::StripOps;
                // SAFETY: compiled for and run on a CPU with the features.
                unsafe { super::strip::fast2(v, i.rd, i.rs2, s, |$a, $b| $fe, slow) }
            });
            true
        }
    };
    (@run [], $rne:ident, $v:ident, $i:ident, $s:ident, $F:ident, |$a:ident, $b:ident| $e:expr) => {{
        let _ = $rne;
        sss(&$v, $i.rd, $i.rs2, $s, |$a, $b| $e)
    }};
    (@run [$cap:ident $o:ident ($fe:expr)], $rne:ident, $v:ident, $i:ident, $s:ident, $F:ident, |$a:ident, $b:ident| $e:expr) => {
        // `$o` is the host tier's operations or the fast path's (`Arith`).
        if $rne && $F::HOST && hostsimd::available() {
            let $o = HostOps::<$F>::default();
            host3(&$v, $i.rd, $i.rs2, $s, |_, $a, $b| $fe, |_, $a, $b| $e)
        } else if $rne && $F::$cap {
            let $o = FastOps::<$F>::default();
            fast2(&$v, $i.rd, $i.rs2, $s, |$a, $b| $fe, |$a, $b| $e)
        } else {
            sss(&$v, $i.rd, $i.rs2, $s, |$a, $b| $e)
        }
    };
}

/// The arithmetic of a faster tier, written once per operation in the tables below:
/// `FastOps` (`fastfp`: results with their own exactness verdict) and `HostOps`
/// (`hostsimd`: plain host results, flags from the host).
trait Arith<B> {
    type R;
    fn add(&self, a: B, b: B) -> Self::R;
    fn mul(&self, a: B, b: B) -> Self::R;
    fn div(&self, a: B, b: B) -> Self::R;
}

struct FastOps<F>(std::marker::PhantomData<F>);
struct HostOps<F>(std::marker::PhantomData<F>);

impl<F> Default for FastOps<F> {
    fn default() -> Self {
        FastOps(std::marker::PhantomData)
    }
}
impl<F> Default for HostOps<F> {
    fn default() -> Self {
        HostOps(std::marker::PhantomData)
    }
}

impl<F: Fp> Arith<F::B> for FastOps<F> {
    type R = Fast<F::B>;
    #[inline(always)]
    fn add(&self, a: F::B, b: F::B) -> Fast<F::B> {
        F::fast_add(a, b)
    }
    #[inline(always)]
    fn mul(&self, a: F::B, b: F::B) -> Fast<F::B> {
        F::fast_mul(a, b)
    }
    #[inline(always)]
    fn div(&self, a: F::B, b: F::B) -> Fast<F::B> {
        F::fast_div(a, b)
    }
}

impl<F: Fp> Arith<F::B> for HostOps<F> {
    type R = F::B;
    #[inline(always)]
    fn add(&self, a: F::B, b: F::B) -> F::B {
        F::host_add(a, b)
    }
    #[inline(always)]
    fn mul(&self, a: F::B, b: F::B) -> F::B {
        F::host_mul(a, b)
    }
    #[inline(always)]
    fn div(&self, a: F::B, b: F::B) -> F::B {
        F::host_div(a, b)
    }
}

f_ops! {
    [vfadd_vv vv, vfadd_vf vf] |a, b| F::add(a, b) => FAST |o| (o.add(a, b));
    // a - b = a + (-b) exactly, signed zeros included, under RNE.
    [vfsub_vv vv, vfsub_vf vf] |a, b| F::sub(a, b) => FAST |o| (o.add(a, F::neg(b)));
    [vfrsub_vf vf] |a, b| F::sub(b, a) => FAST |o| (o.add(b, F::neg(a)));
    [vfmul_vv vv, vfmul_vf vf] |a, b| F::mul(a, b) => FAST |o| (o.mul(a, b));
    [vfdiv_vv vv, vfdiv_vf vf] |a, b| F::div(a, b) => FAST_DIV |o| (o.div(a, b));
    [vfrdiv_vf vf] |a, b| F::div(b, a) => FAST_DIV |o| (o.div(b, a));
    [vfmin_vv vv, vfmin_vf vf] |a, b| F::min(a, b);
    [vfmax_vv vv, vfmax_vf vf] |a, b| F::max(a, b);
    [vfsgnj_vv vv, vfsgnj_vf vf] |a, b| F::or(F::and(a, F::not(F::SIGN)), F::and(b, F::SIGN));
    [vfsgnjn_vv vv, vfsgnjn_vf vf] |a, b| F::or(F::and(a, F::not(F::SIGN)), F::and(F::not(b), F::SIGN));
    [vfsgnjx_vv vv, vfsgnjx_vf vf] |a, b| F::xor(a, F::and(b, F::SIGN));
}

/// vd[k] = op(vd[k], vs2[k], src): fused multiply-add forms. `fma` stands for
/// SoftFloat's F::fma, or the fast path's F::fast_fma, in the same expression.
macro_rules! fma_ops {
    ($( [$($name:ident $k:ident),+] |$fma:ident, $d:ident, $a:ident, $b:ident| $e:expr; )*) => {$($(
        pub fn $name(h: &mut Hart, i: &Insn) -> R {
            let v = chk_sss(h, i, is_vv!($k))?;
            let v = span(h, v);
            fp_check(h, i)?;
            let rne = h.csr.frm == 0;
            sew_fp!(v.sew, |F| {
                // f16 strips (`super::strip`).
                #[cfg(target_arch = "x86_64")]
                let ran = strip16::<F>(rne) && {
                    let s = fsrc!($k, h, i, H);
                    on_strips!((v: &V = &v, i: &Insn = i, s: Src<u16> = s) {
                        let slow = {
                            type F = H;
                            |$d, $a, $b| { let $fma = F::fma; $e }
                        };
                        type F = super::strip::HV;
                        // SAFETY: compiled for and run on a CPU with the features.
                        unsafe {
                            super::strip::fast3::<true, _, _, _>(v, i.rd, i.rs2, s,
                                |$d, $a, $b| { let $fma = F::fast_fma; $e }, slow)
                        }
                    });
                    true
                };
                #[cfg(not(target_arch = "x86_64"))]
                let ran = false;
                if !ran {
                    let s = fsrc!($k, h, i, F);
                    if rne && F::HOST && hostsimd::available() {
                        host3(&v, i.rd, i.rs2, s,
                            |$d, $a, $b| { let $fma = F::host_fma; $e },
                            |$d, $a, $b| { let $fma = F::fma; $e });
                    } else if rne && F::FAST_FMA {
                        fast3(&v, i.rd, i.rs2, s,
                            |$d, $a, $b| { let $fma = F::fast_fma; $e },
                            |$d, $a, $b| { let $fma = F::fma; $e });
                    } else {
                        sss3(&v, i.rd, i.rs2, s, |$d, $a, $b| { let $fma = F::fma; $e })
                    }
                }
            });
            accrue(h);
            done(h)
        }
    )+)*};
}

fma_ops! {
    [vfmacc_vv vv, vfmacc_vf vf] |fma, d, a, b| fma(b, a, d);
    [vfnmacc_vv vv, vfnmacc_vf vf] |fma, d, a, b| fma(F::neg(a), b, F::neg(d));
    [vfmsac_vv vv, vfmsac_vf vf] |fma, d, a, b| fma(b, a, F::neg(d));
    [vfnmsac_vv vv, vfnmsac_vf vf] |fma, d, a, b| fma(F::neg(a), b, d);
    [vfmadd_vv vv, vfmadd_vf vf] |fma, d, a, b| fma(d, b, a);
    [vfnmadd_vv vv, vfnmadd_vf vf] |fma, d, a, b| fma(F::neg(d), b, F::neg(a));
    [vfmsub_vv vv, vfmsub_vf vf] |fma, d, a, b| fma(d, b, F::neg(a));
    [vfnmsub_vv vv, vfnmsub_vf vf] |fma, d, a, b| fma(F::neg(d), b, a);
}

/// Mask bit k of vd = op(vs2[k], src).
macro_rules! fcmp_ops {
    ($( [$($name:ident $k:ident),+] |$a:ident, $b:ident| $e:expr; )*) => {$($(
        pub fn $name(h: &mut Hart, i: &Insn) -> R {
            let v = chk_mss(h, i, is_vv!($k))?;
            let v = span(h, v);
            fp_check(h, i)?;
            sew_fp!(v.sew, |F| mss(&v, i.rd, i.rs2, fsrc!($k, h, i, F), |$a, $b| $e));
            accrue(h);
            done(h)
        }
    )+)*};
}

fcmp_ops! {
    [vmfeq_vv vv, vmfeq_vf vf] |a, b| F::eq(a, b);
    [vmfne_vv vv, vmfne_vf vf] |a, b| !F::eq(a, b);
    [vmflt_vv vv, vmflt_vf vf] |a, b| F::lt(a, b);
    [vmfle_vv vv, vmfle_vf vf] |a, b| F::le(a, b);
    [vmfgt_vf vf] |a, b| F::lt(b, a);
    [vmfge_vf vf] |a, b| F::le(b, a);
}

/// vd[k] = op(vs2[k]): same-width unary operations.
macro_rules! f_unary {
    ($( $name:ident |$a:ident| $e:expr; )*) => {$(
        pub fn $name(h: &mut Hart, i: &Insn) -> R {
            let v = chk_sss(h, i, false)?;
            let v = span(h, v);
            fp_check(h, i)?;
            sew_fp!(v.sew, |F| mixed::<<F as Fp>::B, <F as Fp>::B, u8>(&v, i.rd, i.rs2, Src::S(0), |$a, _| $e));
            accrue(h);
            done(h)
        }
    )*};
}

pub fn vfsqrt_v(h: &mut Hart, i: &Insn) -> R {
    let v = chk_sss(h, i, false)?;
    let v = span(h, v);
    fp_check(h, i)?;
    let rne = h.csr.frm == 0;
    sew_fp!(v.sew, |F| {
        #[cfg(target_arch = "x86_64")]
        if strip16::<F>(rne) {
            on_strips!((v: &V = &v, i: &Insn = i) {
                use super::strip::{HV, fast1};
                // SAFETY: compiled for and run on a CPU with the features.
                unsafe { fast1(v, i.rd, i.rs2, HV::fast_sqrt, H::sqrt) }
            });
            accrue(h);
            return done(h);
        }
        let s = Src::S(0u8);
        if rne && F::FAST_DIV {
            fast2(
                &v,
                i.rd,
                i.rs2,
                s,
                |a, _| F::fast_sqrt(a),
                |a, _| F::sqrt(a),
            )
        } else {
            mixed::<<F as Fp>::B, <F as Fp>::B, u8>(&v, i.rd, i.rs2, s, |a, _| F::sqrt(a))
        }
    });
    accrue(h);
    done(h)
}

f_unary! {
    vfclass_v |a| F::from_u64(F::class(a));
    vfrec7_v |a| rec7::<F>(a);
    vfrsqrt7_v |a| rsqrt7::<F>(a);
}

pub fn vfmerge_vfm(h: &mut Hart, i: &Insn) -> R {
    let v = chk_sss(h, i, false)?;
    fp_check(h, i)?;
    let x = unbox(h, i.rs1);
    let v = span(h, v);
    super::sew_int!(v.sew, |T, S, W, SW| v.for_lanes(|v| {
        let (d, a) = (v.p::<T>(i.rd), v.p::<T>(i.rs2));
        for k in v.vstart..v.vl {
            // SAFETY: k < vl <= VLMAX of the checked groups.
            unsafe { *d.add(k) = if v.bit(0, k) { x as T } else { *a.add(k) } };
        }
    }));
    done(h)
}

pub fn vfmv_v_f(h: &mut Hart, i: &Insn) -> R {
    let v = chk_sss(h, i, false)?;
    fp_check(h, i)?;
    let x = unbox(h, i.rs1);
    let v = span(h, v);
    super::sew_int!(v.sew, |T, S, W, SW| v.for_lanes(|v| {
        let d = v.p::<T>(i.rd);
        for k in v.vstart..v.vl {
            // SAFETY: as above.
            unsafe { *d.add(k) = x as T };
        }
    }));
    done(h)
}

// ---- vfrec7 / vfrsqrt7 ------------------------------------------------------------

/// The 128-entry 7-bit tables of the specification: the reciprocal (square root) of
/// the midpoint of each input interval, rounded to 8 significant bits.
fn tables() -> &'static ([u8; 128], [u8; 128]) {
    static T: OnceLock<([u8; 128], [u8; 128])> = OnceLock::new();
    T.get_or_init(|| {
        let mut rec = [0u8; 128];
        let mut rsq = [0u8; 128];
        for k in 0..128 {
            let x = 1.0 + (k as f64 + 0.5) / 128.0;
            rec[k] = ((256.0 / x).round() as i32 - 128).min(127) as u8;
            let x = if k < 64 {
                2.0 * (1.0 + (k as f64 + 0.5) / 64.0)
            } else {
                1.0 + ((k - 64) as f64 + 0.5) / 64.0
            };
            rsq[k] = ((256.0 / x.sqrt()).round() as i32 - 128).min(127) as u8;
        }
        (rec, rsq)
    })
}

/// A nonzero finite value as (normalised biased exponent, which may be <= 0 for
/// subnormals, and the fraction with the leading one removed).
fn normalise<F: Fp>(a: F::B) -> (i64, u64) {
    let (e, f) = (F::exp(a), F::frac(a));
    if e != 0 {
        return (e as i64, f);
    }
    let lz = f.leading_zeros() - (64 - F::FRAC_BITS);
    let f = (f << (lz + 1)) & ((1 << F::FRAC_BITS) - 1);
    (-(lz as i64), f)
}

fn rec7<F: Fp>(a: F::B) -> F::B {
    let sign = if F::is_neg(a) { F::SIGN.into() } else { 0 };
    let emax = (1u64 << F::EXP_BITS) - 1;
    let bias = (emax >> 1) as i64;
    let (e, f) = (F::exp(a), F::frac(a));
    if e == emax {
        if f == 0 {
            return F::from_u64(sign); // 1/inf = 0
        }
        if F::is_snan(a) {
            raise(NV);
        }
        return F::NAN;
    }
    if e == 0 && f == 0 {
        raise(DZ);
        return F::from_u64(sign | (emax << F::FRAC_BITS));
    }
    let (ne, nf) = normalise::<F>(a);
    let out_e = 2 * bias - 1 - ne;
    if out_e >= emax as i64 {
        // The reciprocal of a tiny subnormal overflows: infinity or the largest finite
        // value depending on the rounding direction.
        raise(OF | NX);
        let rm = unsafe { sf::softfloat_roundingMode_read_helper() };
        let to_max = rm == 1 || (rm == 2 && sign == 0) || (rm == 3 && sign != 0);
        return F::from_u64(if to_max {
            sign | ((emax - 1) << F::FRAC_BITS) | ((1 << F::FRAC_BITS) - 1)
        } else {
            sign | (emax << F::FRAC_BITS)
        });
    }
    let idx = (nf >> (F::FRAC_BITS - 7)) as usize;
    let mut sig = (tables().0[idx] as u64) << (F::FRAC_BITS - 7);
    let mut out_e = out_e;
    if out_e <= 0 {
        sig = (sig | 1 << F::FRAC_BITS) >> (1 - out_e);
        out_e = 0;
    }
    F::from_u64(sign | (out_e as u64) << F::FRAC_BITS | sig)
}

fn rsqrt7<F: Fp>(a: F::B) -> F::B {
    let emax = (1u64 << F::EXP_BITS) - 1;
    let bias = (emax >> 1) as i64;
    let (e, f) = (F::exp(a), F::frac(a));
    if F::is_nan(a) {
        if F::is_snan(a) {
            raise(NV);
        }
        return F::NAN;
    }
    if e == 0 && f == 0 {
        raise(DZ);
        let sign = if F::is_neg(a) { F::SIGN.into() } else { 0 };
        return F::from_u64(sign | (emax << F::FRAC_BITS));
    }
    if F::is_neg(a) {
        raise(NV);
        return F::NAN;
    }
    if e == emax {
        return F::from_u64(0);
    }
    let (ne, nf) = normalise::<F>(a);
    let idx = (((ne & 1) as u64) << 6 | nf >> (F::FRAC_BITS - 6)) as usize;
    let out_e = (3 * bias - 1 - ne) / 2;
    let sig = (tables().1[idx] as u64) << (F::FRAC_BITS - 7);
    F::from_u64((out_e as u64) << F::FRAC_BITS | sig)
}

// ---- widening arithmetic ------------------------------------------------------------

/// Exact widening of an FP value (signals NV on signaling NaNs, as SoftFloat does).
fn widen<F: Fp, G: Fp>(a: F::B) -> G::B {
    let x: u64 = a.into();
    G::from_u64(unsafe {
        match F::EXP_BITS {
            5 => sf::f16_to_f32(F16 { v: x as u16 }).v as u64,
            _ => sf::f32_to_f64(F32 { v: x as u32 }).v,
        }
    })
}

/// The second operand of a widening op, widened: vs1, or the unboxed SEW-wide f register.
macro_rules! wsrc {
    (vv, $h:ident, $i:ident, $F:ty) => {
        Src::<<$F as Fp>::B>::V($i.rs1)
    };
    (vf, $h:ident, $i:ident, $F:ty) => {
        Src::<<$F as Fp>::B>::S(<$F>::from_u64(unbox($h, $i.rs1)))
    };
}

fn fp_check_widen(h: &Hart, i: &Insn) -> R {
    fp_base(h, i)?;
    let ok = match h.v.sew {
        16 => h.isa.vector_fp16,
        32 => h.isa.has(ext::D),
        _ => false,
    };
    require!(ok, i);
    Ok(())
}

/// Widening add/sub/mul: `add`/`sub`/`mul` stand for G's SoftFloat operations or, on
/// the fast path, G's fast ones (a - b = a + (-b) exactly under RNE), whose operands are then widened exactly without
/// SoftFloat (a NaN operand, the only one whose widening raises a flag, is refused).
macro_rules! fw_ops {
    ($( [$($name:ident $k:ident),+] $wide:ident |$add:ident, $sub:ident, $mul:ident, $a:ident, $b:ident| $e:expr; )*) => {$($(
        // Each operation uses one of add/sub/mul.
        #[allow(unused_variables)]
        pub fn $name(h: &mut Hart, i: &Insn) -> R {
            let v = chk_widen(h, i, is_vv!($k), fw_ops!(@w $wide))?;
            let v = span(h, v);
            fp_check_widen(h, i)?;
            let rne = h.csr.frm == 0;
            sew_fpw!(v.sew, |F, G| {
                // f16 strips (`super::strip`), with G the f32 arithmetic of widened f16.
                #[cfg(target_arch = "x86_64")]
                if strip16::<F>(rne) {
                    let s = wsrc!($k, h, i, H);
                    on_strips!((v: &V = &v, i: &Insn = i, s: Src<u16> = s) {
                        let slow = {
                            type F = H;
                            type G = S;
                            |x, y| {
                                let ($a, $b) = fw_ops!(@args $wide, widen::<F, G>, x, y);
                                let ($add, $sub, $mul) = (G::add, G::sub, G::mul);
                                $e
                            }
                        };
                        type G = super::strip::W16;
                        let exact = |x| super::strip::HV::widen(x);
                        // SAFETY: compiled for and run on a CPU with the features.
                        unsafe {
                            super::strip::fast2(v, i.rd, i.rs2, s, |x, y| {
                                let ($a, $b) = fw_ops!(@args $wide, exact, x, y);
                                let $sub = |a, b| G::fast_add(a, G::neg(b));
                                let ($add, $mul) = (G::fast_add, G::fast_mul);
                                $e
                            }, slow)
                        }
                    });
                    accrue(h);
                    return done(h);
                }
                let s = wsrc!($k, h, i, F);
                let slow = |x, y| {
                    let ($a, $b) = fw_ops!(@args $wide, widen::<F, G>, x, y);
                    let ($add, $sub, $mul) = (G::add, G::sub, G::mul);
                    $e
                };
                if rne && G::FAST {
                    let exact = |x| G::from_u64(F::widen_exact(x));
                    fast2(&v, i.rd, i.rs2, s, |x, y| {
                        let ($a, $b) = fw_ops!(@args $wide, exact, x, y);
                        let $sub = |a, b| G::fast_add(a, G::neg(b));
                        let ($add, $mul) = (G::fast_add, G::fast_mul);
                        $e
                    }, slow);
                } else {
                    fw_ops!(@slow $wide, v, i, s, F, G, slow);
                }
            });
            accrue(h);
            done(h)
        }
    )+)*};
    (@w narrow) => { false };
    (@w wide) => { true };
    (@args narrow, $w:expr, $x:ident, $y:ident) => { ($w($x), $w($y)) };
    (@args wide, $w:expr, $x:ident, $y:ident) => { ($x, $w($y)) };
    (@slow narrow, $v:ident, $i:ident, $s:ident, $F:ident, $G:ident, $slow:ident) => {
        mixed::<<$G as Fp>::B, <$F as Fp>::B, <$F as Fp>::B>(&$v, $i.rd, $i.rs2, $s, $slow)
    };
    (@slow wide, $v:ident, $i:ident, $s:ident, $F:ident, $G:ident, $slow:ident) => {
        mixed::<<$G as Fp>::B, <$G as Fp>::B, <$F as Fp>::B>(&$v, $i.rd, $i.rs2, $s, $slow)
    };
}

fw_ops! {
    [vfwadd_vv vv, vfwadd_vf vf] narrow |add, sub, mul, a, b| add(a, b);
    [vfwsub_vv vv, vfwsub_vf vf] narrow |add, sub, mul, a, b| sub(a, b);
    [vfwmul_vv vv, vfwmul_vf vf] narrow |add, sub, mul, a, b| mul(a, b);
    [vfwadd_wv vv, vfwadd_wf vf] wide |add, sub, mul, a, b| add(a, b);
    [vfwsub_wv vv, vfwsub_wf vf] wide |add, sub, mul, a, b| sub(a, b);
}

/// Widening multiply-add: `fma` as in `fma_ops`, for the 2*SEW format G.
macro_rules! fwma_ops {
    ($( [$($name:ident $k:ident),+] |$fma:ident, $d:ident, $a:ident, $b:ident| $e:expr; )*) => {$($(
        pub fn $name(h: &mut Hart, i: &Insn) -> R {
            let v = chk_widen(h, i, is_vv!($k), false)?;
            let v = span(h, v);
            fp_check_widen(h, i)?;
            let rne = h.csr.frm == 0;
            sew_fpw!(v.sew, |F, G| {
                // f16 strips (`super::strip`), with G the f32 arithmetic of widened f16.
                #[cfg(target_arch = "x86_64")]
                if strip16::<F>(rne) {
                    let s = wsrc!($k, h, i, H);
                    on_strips!((v: &V = &v, i: &Insn = i, s: Src<u16> = s) {
                        let slow = {
                            type F = H;
                            type G = S;
                            |$d, x, y| {
                                let ($a, $b) = (widen::<F, G>(x), widen::<F, G>(y));
                                let $fma = G::fma;
                                $e
                            }
                        };
                        type G = super::strip::W16;
                        use super::strip::HV;
                        // SAFETY: compiled for and run on a CPU with the features.
                        unsafe {
                            super::strip::fast3::<true, _, _, _>(v, i.rd, i.rs2, s, |$d, x, y| {
                                let ($a, $b) = (HV::widen(x), HV::widen(y));
                                let $fma = G::fast_fma;
                                $e
                            }, slow)
                        }
                    });
                    accrue(h);
                    return done(h);
                }
                let s = wsrc!($k, h, i, F);
                let slow = |$d, x, y| {
                    let ($a, $b) = (widen::<F, G>(x), widen::<F, G>(y));
                    let $fma = G::fma;
                    $e
                };
                if rne && G::FAST_FMA {
                    fast3(&v, i.rd, i.rs2, s, |$d, x, y| {
                        let ($a, $b) = (G::from_u64(F::widen_exact(x)), G::from_u64(F::widen_exact(y)));
                        let $fma = G::fast_fma;
                        $e
                    }, slow);
                } else {
                    mixed3::<<G as Fp>::B, <F as Fp>::B, <F as Fp>::B>(&v, i.rd, i.rs2, s, slow)
                }
            });
            accrue(h);
            done(h)
        }
    )+)*};
}

fwma_ops! {
    [vfwmacc_vv vv, vfwmacc_vf vf] |fma, d, a, b| fma(b, a, d);
    [vfwnmacc_vv vv, vfwnmacc_vf vf] |fma, d, a, b| fma(G::neg(b), a, G::neg(d));
    [vfwmsac_vv vv, vfwmsac_vf vf] |fma, d, a, b| fma(b, a, G::neg(d));
    [vfwnmsac_vv vv, vfwnmsac_vf vf] |fma, d, a, b| fma(G::neg(b), a, d);
}

// ---- conversions ----------------------------------------------------------------------

const RTZ: u8 = 1;

/// SoftFloat's conversion to a narrower integer than it provides: the 32-bit result,
/// saturated; out-of-range results raise only NV (Spike's f*_to_i16/i8 and ui forms).
fn clamp_int(r32: i64, lo: i64, hi: i64, before: u8) -> i64 {
    if r32 > hi || r32 < lo {
        unsafe { sf::softfloat_exceptionFlags_write_helper(before | NV) };
        if r32 > hi { hi } else { lo }
    } else {
        r32
    }
}

fn flags() -> u8 {
    unsafe { sf::softfloat_exceptionFlags_read_helper() }
}

/// FP (bits `x` of width `from`) to a signed/unsigned integer of width `to`.
fn f_to_int(x: u64, from: u32, to: u32, signed: bool, rm: u8) -> u64 {
    unsafe {
        let before = flags();
        macro_rules! go {
            ($i32:ident, $u32:ident, $i64:ident, $u64:ident, $t:ident, $bt:ty) => {{
                let a = $t { v: x as $bt };
                match (to, signed) {
                    (64, true) => sf::$i64(a, rm, true) as u64,
                    (64, false) => sf::$u64(a, rm, true),
                    (32, true) => sf::$i32(a, rm, true) as i64 as u64,
                    (32, false) => sf::$u32(a, rm, true) as u64,
                    (t, true) => {
                        let lim = 1i64 << (t - 1);
                        clamp_int(sf::$i32(a, rm, true) as i64, -lim, lim - 1, before) as u64
                    }
                    (t, false) => {
                        clamp_int(sf::$u32(a, rm, true) as i64, 0, (1i64 << t) - 1, before) as u64
                    }
                }
            }};
        }
        match from {
            16 => go!(f16_to_i32, f16_to_ui32, f16_to_i64, f16_to_ui64, F16, u16),
            32 => go!(f32_to_i32, f32_to_ui32, f32_to_i64, f32_to_ui64, F32, u32),
            _ => go!(f64_to_i32, f64_to_ui32, f64_to_i64, f64_to_ui64, F64, u64),
        }
    }
}

/// Integer `x` (of width `from`, sign- or zero-extended as `signed` says) to FP of
/// width `to`, rounded with SoftFloat's current mode.
fn int_to_f(x: u64, from: u32, to: u32, signed: bool) -> u64 {
    let sx = if from == 64 {
        x as i64
    } else {
        ((x << (64 - from)) as i64) >> (64 - from)
    };
    let zx = if from == 64 {
        x
    } else {
        x & ((1u64 << from) - 1)
    };
    unsafe {
        match (to, signed, from == 64) {
            (16, true, _) => sf::i32_to_f16(sx as i32).v as u64,
            (16, false, _) => sf::ui32_to_f16(zx as u32).v as u64,
            (32, true, false) => sf::i32_to_f32(sx as i32).v as u64,
            (32, false, false) => sf::ui32_to_f32(zx as u32).v as u64,
            (32, true, true) => sf::i64_to_f32(sx).v as u64,
            (32, false, true) => sf::ui64_to_f32(zx).v as u64,
            (_, true, false) => sf::i32_to_f64(sx as i32).v,
            (_, false, false) => sf::ui32_to_f64(zx as u32).v,
            (_, true, true) => sf::i64_to_f64(sx).v,
            (_, false, true) => sf::ui64_to_f64(zx).v,
        }
    }
}

/// FP to FP of another width (SoftFloat's current rounding mode).
fn f_to_f(x: u64, from: u32, to: u32) -> u64 {
    unsafe {
        match (from, to) {
            (16, 32) => sf::f16_to_f32(F16 { v: x as u16 }).v as u64,
            (32, 64) => sf::f32_to_f64(F32 { v: x as u32 }).v,
            (32, 16) => sf::f32_to_f16(F32 { v: x as u32 }).v as u64,
            _ => sf::f64_to_f32(F64 { v: x }).v as u64,
        }
    }
}

/// Runs `f(source bits) -> destination bits` over the active elements, the source
/// having `sb` bits and the destination `db` bits per element.
fn cvt_loop(v: &super::V, i: &Insn, sb: u32, db: u32, f: impl Fn(u64) -> u64 + Sync) {
    macro_rules! go {
        ($D:ty, $A:ty) => {
            mixed::<$D, $A, u8>(v, i.rd, i.rs2, Src::S(0), |a, _| f(a as u64) as $D)
        };
    }
    match (db, sb) {
        (8, 16) => go!(u8, u16),
        (16, 8) => go!(u16, u8),
        (16, 16) => go!(u16, u16),
        (16, 32) => go!(u16, u32),
        (32, 16) => go!(u32, u16),
        (32, 32) => go!(u32, u32),
        (32, 64) => go!(u32, u64),
        (64, 32) => go!(u64, u32),
        _ => go!(u64, u64),
    }
}

#[derive(Clone, Copy, PartialEq)]
enum Cvt {
    FToU,
    FToI,
    UToF,
    IToF,
    FToF,
}

/// Same-width, widening (`w` = 1) and narrowing (`w` = -1) conversions.
fn convert(h: &mut Hart, i: &Insn, kind: Cvt, w: i32, rm: Option<u8>) -> R {
    let sew = h.v.sew;
    let v = match w {
        0 => chk_sss(h, i, false)?,
        1 => chk_widen(h, i, false, false)?,
        _ => chk_narrow(h, i, false)?,
    };
    let v = span(h, v);
    fp_base(h, i)?;
    let (sb, db) = match w {
        0 => (sew, sew),
        1 => (sew, 2 * sew),
        _ => (2 * sew, sew),
    };
    // The FP side of the conversion must be a supported format.
    let fp_bits = match kind {
        Cvt::FToU | Cvt::FToI => sb,
        Cvt::UToF | Cvt::IToF => db,
        Cvt::FToF => sb.min(db).max(if sb.max(db) == 64 { 64 } else { 16 }),
    };
    let ok = match kind {
        Cvt::FToF => {
            fp_sew_ok(h, sb.min(db)) && fp_sew_ok(h, sb.max(db))
                || (sb.min(db) == 16 && h.isa.vector_fp16)
        }
        _ => fp_sew_ok(h, fp_bits) && (8..=64).contains(&sb.min(db)),
    };
    require!(ok && (16..=64).contains(&sb.max(db)), i);
    if let Some(r) = rm {
        unsafe { sf::softfloat_roundingMode_write_helper(r) };
    }
    let mode = unsafe { sf::softfloat_roundingMode_read_helper() };
    // f32 <-> f16 a strip at a time (`super::strip`) where the host has F16C.
    #[cfg(target_arch = "x86_64")]
    if kind == Cvt::FToF && sb.min(db) == 16 && (db == 32 || mode == 0) && super::strip::available()
    {
        on_strips!((v: &V = &v, i: &Insn = i, db: u32 = db) {
            use super::strip::{HV, fast1};
            // SAFETY (both): compiled for and run on a CPU with the features.
            if db == 16 {
                let slow = |x: u32| f_to_f(x as u64, 32, 16) as u16;
                unsafe { fast1(v, i.rd, i.rs2, HV::from_f32, slow) }
            } else {
                let slow = |x: u16| f_to_f(x as u64, 16, 32) as u32;
                unsafe { fast1(v, i.rd, i.rs2, HV::to_f32, slow) }
            }
        });
        accrue(h);
        return done(h);
    }
    match kind {
        Cvt::FToU => cvt_loop(&v, i, sb, db, |x| f_to_int(x, sb, db, false, mode)),
        Cvt::FToI => cvt_loop(&v, i, sb, db, |x| f_to_int(x, sb, db, true, mode)),
        Cvt::UToF => cvt_loop(&v, i, sb, db, |x| int_to_f(x, sb, db, false)),
        Cvt::IToF => cvt_loop(&v, i, sb, db, |x| int_to_f(x, sb, db, true)),
        // f32 <-> f16 under RNE through the host (`fastfp`), SoftFloat where refused.
        Cvt::FToF if mode == 0 && (sb, db) == (32, 16) => fast2(
            &v,
            i.rd,
            i.rs2,
            Src::S(0u8),
            |x: u32, _| fastfp::f32_to_f16(x),
            |x, _| f_to_f(x as u64, 32, 16) as u16,
        ),
        Cvt::FToF if (sb, db) == (16, 32) => fast2(
            &v,
            i.rd,
            i.rs2,
            Src::S(0u8),
            |x: u16, _| fastfp::f16_to_f32_fast(x),
            |x, _| f_to_f(x as u64, 16, 32) as u32,
        ),
        Cvt::FToF => cvt_loop(&v, i, sb, db, |x| f_to_f(x, sb, db)),
    }
    accrue(h);
    done(h)
}

macro_rules! cvt_ops {
    ($($name:ident: $kind:ident, $w:expr, $rm:expr;)*) => {$(
        pub fn $name(h: &mut Hart, i: &Insn) -> R {
            convert(h, i, Cvt::$kind, $w, $rm)
        }
    )*};
}

cvt_ops! {
    vfcvt_xu_f_v: FToU, 0, None;
    vfcvt_x_f_v: FToI, 0, None;
    vfcvt_f_xu_v: UToF, 0, None;
    vfcvt_f_x_v: IToF, 0, None;
    vfcvt_rtz_xu_f_v: FToU, 0, Some(RTZ);
    vfcvt_rtz_x_f_v: FToI, 0, Some(RTZ);
    vfwcvt_xu_f_v: FToU, 1, None;
    vfwcvt_x_f_v: FToI, 1, None;
    vfwcvt_f_xu_v: UToF, 1, None;
    vfwcvt_f_x_v: IToF, 1, None;
    vfwcvt_f_f_v: FToF, 1, None;
    vfwcvt_rtz_xu_f_v: FToU, 1, Some(RTZ);
    vfwcvt_rtz_x_f_v: FToI, 1, Some(RTZ);
    vfncvt_xu_f_w: FToU, -1, None;
    vfncvt_x_f_w: FToI, -1, None;
    vfncvt_f_xu_w: UToF, -1, None;
    vfncvt_f_x_w: IToF, -1, None;
    vfncvt_f_f_w: FToF, -1, None;
    vfncvt_rod_f_f_w: FToF, -1, Some(sf::softfloat_round_odd);
    vfncvt_rtz_xu_f_w: FToU, -1, Some(RTZ);
    vfncvt_rtz_x_f_w: FToI, -1, Some(RTZ);
}

// ---- reductions (called from `reduce`) -------------------------------------------------

/// vfred{u,o}sum/min/max: vd[0] = fold(vs1[0], active vs2[k] in element order);
/// `propagate` (unordered sum): with no active element a NaN vs1[0] becomes the
/// canonical NaN (signaling: NV), as Spike does.
pub(crate) fn fred(h: &mut Hart, i: &Insn, op: u8, propagate: bool) -> R {
    require_vec(h, i, true)?;
    require!(al(i.rs2, h.v.lmul_log2) && h.v.vstart == 0, i);
    fp_check(h, i)?;
    let v = view(h, i);
    sew_fp!(v.sew, |F| {
        // SAFETY: element 0 of vs1; k < vl of the checked vs2 group.
        let mut acc = unsafe { *v.p::<<F as Fp>::B>(i.rs1) };
        let a = v.p::<<F as Fp>::B>(i.rs2);
        let mut active = false;
        v.each(|k| {
            active = true;
            let x = unsafe { *a.add(k) };
            acc = match op {
                0 => F::add(acc, x),
                1 => F::min(acc, x),
                _ => F::max(acc, x),
            };
        });
        finish_red::<F>(&v, i.rd, acc, propagate && !active);
    });
    accrue(h);
    done(h)
}

/// Writes a reduction's result to vd[0] when vl > 0. `quiet_nan` (an unordered sum
/// with no active element): a NaN result becomes the canonical NaN, a signaling one
/// raising NV, as Spike does.
fn finish_red<F: Fp>(v: &V, rd: u8, mut acc: F::B, quiet_nan: bool) {
    if v.vl == 0 {
        return;
    }
    if quiet_nan && F::is_nan(acc) {
        if F::is_snan(acc) {
            raise(NV);
        }
        acc = F::NAN;
    }
    // SAFETY: element 0 of vd, a register of the checked file.
    unsafe { *v.p::<F::B>(rd) = acc };
}

/// vfwred{u,o}sum: 2*SEW accumulator, SEW elements widened.
pub(crate) fn fwred(h: &mut Hart, i: &Insn, propagate: bool) -> R {
    require_vec(h, i, true)?;
    require!(h.v.sew * 2 <= h.v.arch.elen, i);
    require!(al(i.rs2, h.v.lmul_log2) && h.v.vstart == 0, i);
    fp_check(h, i)?;
    require!(h.v.sew == 16 || (h.v.sew == 32 && h.isa.has(ext::D)), i);
    let v = view(h, i);
    sew_fpw!(v.sew, |F, G| {
        // SAFETY: as in `fred`.
        let mut acc = unsafe { *v.p::<<G as Fp>::B>(i.rs1) };
        let a = v.p::<<F as Fp>::B>(i.rs2);
        let mut active = false;
        v.each(|k| {
            active = true;
            acc = G::add(acc, widen::<F, G>(unsafe { *a.add(k) }));
        });
        finish_red::<G>(&v, i.rd, acc, propagate && !active);
    });
    accrue(h);
    done(h)
}
