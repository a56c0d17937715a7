//! "F", "D", "Zfh"/"Zfhmin": scalar floating point through Berkeley SoftFloat with the
//! RISC-V specialisation (canonical NaNs, tininess after rounding), as Spike computes it.
//!
//! Narrower values live NaN-boxed in the 64-bit f registers; reading a value that is
//! not properly boxed yields the canonical NaN. Every instruction that writes an f
//! register, or raises a flag, marks mstatus.FS dirty.

use super::{Insn, hostfp};
use crate::machine::{Hart, Trap};
use softfloat_sys as sf;
use softfloat_sys::{float16_t as F16, float32_t as F32, float64_t as F64};

type R = super::ExecResult;

const F16_SIGN: u16 = 1 << 15;
const F32_SIGN: u32 = 1 << 31;
const F64_SIGN: u64 = 1 << 63;
const F16_NAN: u16 = 0x7e00;
const F32_NAN: u32 = 0x7fc0_0000;
const F64_NAN: u64 = 0x7ff8_0000_0000_0000;

#[inline(always)]
fn h16(h: &Hart, r: u8) -> F16 {
    let v = h.f[(r & 31) as usize];
    F16 {
        v: if v >> 16 == 0xffff_ffff_ffff {
            v as u16
        } else {
            F16_NAN
        },
    }
}
#[inline(always)]
fn s32(h: &Hart, r: u8) -> F32 {
    let v = h.f[(r & 31) as usize];
    F32 {
        v: if v >> 32 == 0xffff_ffff {
            v as u32
        } else {
            F32_NAN
        },
    }
}
#[inline(always)]
fn d64(h: &Hart, r: u8) -> F64 {
    F64 {
        v: h.f[(r & 31) as usize],
    }
}
#[inline(always)]
fn set_h(h: &mut Hart, r: u8, v: F16) {
    h.f[(r & 31) as usize] = v.v as u64 | 0xffff_ffff_ffff_0000;
    h.dirty_fp();
}
#[inline(always)]
fn set_s(h: &mut Hart, r: u8, v: F32) {
    h.f[(r & 31) as usize] = v.v as u64 | 0xffff_ffff_0000_0000;
    h.dirty_fp();
}
#[inline(always)]
fn set_d(h: &mut Hart, r: u8, v: F64) {
    h.f[(r & 31) as usize] = v.v;
    h.dirty_fp();
}

/// FP instructions are illegal while mstatus.FS is Off.
#[inline(always)]
fn require_fp(h: &Hart, i: &Insn) -> R {
    if h.fp_enabled() { Ok(()) } else { illegal(i) }
}

/// The illegal-instruction trap, out of line so that handlers need no frame for it.
#[cold]
#[inline(never)]
fn illegal(i: &Insn) -> R {
    Err(Trap::illegal(i.bits).into())
}

/// Resolves the instruction's rounding mode (7 = dynamic, from frm); modes 5 and 6,
/// and a dynamic frm above 4, are illegal. Sets SoftFloat's mode for the operation.
#[inline(always)]
fn require_rm(h: &Hart, i: &Insn) -> R {
    let rm = resolve_rm(h, i)?;
    unsafe { sf::softfloat_roundingMode_write_helper(rm) };
    Ok(())
}

/// The instruction's effective rounding mode, with the checks of `require_rm`, without
/// setting SoftFloat's mode (the host fast path needs none).
#[inline(always)]
fn resolve_rm(h: &Hart, i: &Insn) -> Result<u8, Box<Trap>> {
    require_fp(h, i)?;
    let rm = if i.rm == 7 { h.csr.frm } else { i.rm };
    if rm > 4 {
        illegal(i)?;
    }
    Ok(rm)
}

/// Round to nearest, ties to even: the only mode the host fast path serves.
const RNE: u8 = 0;

/// Runs `fast` (a `hostfp` operation on raw bits) when the mode is RNE; None means it
/// could not prove SoftFloat's result and flags, and SoftFloat runs instead (with
/// the mode set). Either way the result and accrued flags end up the same.
#[inline(always)]
fn arith<T: Copy>(
    h: &mut Hart,
    rm: u8,
    fast: impl FnOnce() -> Option<(T, u8)>,
    soft: impl FnOnce() -> T,
) -> T {
    if rm == RNE
        && let Some((r, fl)) = fast()
    {
        if fl != 0 {
            h.csr.fflags |= fl;
            h.dirty_fp();
        }
        return r;
    }
    unsafe { sf::softfloat_roundingMode_write_helper(rm) };
    let r = soft();
    accrue(h);
    r
}

/// Moves SoftFloat's accrued exception flags into fflags (marking the FP state dirty
/// when any is set); the vector unit uses it too.
#[inline(always)]
pub(crate) fn accrue(h: &mut Hart) {
    let fl = unsafe { sf::softfloat_exceptionFlags_read_helper() };
    if fl != 0 {
        h.csr.fflags |= fl;
        h.dirty_fp();
        unsafe { sf::softfloat_exceptionFlags_write_helper(0) };
    }
}

/// The fclass bit for a value with the given sign, biased exponent field and fraction.
fn classify(sign: bool, exp_all_ones: bool, exp_zero: bool, frac: u64, quiet_bit: u64) -> u64 {
    let bit = match (exp_all_ones, exp_zero, frac != 0) {
        (true, _, false) => {
            if sign {
                0
            } else {
                7
            }
        }
        (true, _, true) => {
            if frac & quiet_bit != 0 {
                9
            } else {
                8
            }
        }
        (false, true, false) => {
            if sign {
                3
            } else {
                4
            }
        }
        (false, true, true) => {
            if sign {
                2
            } else {
                5
            }
        }
        (false, false, _) => {
            if sign {
                1
            } else {
                6
            }
        }
    };
    1 << bit
}

/// A two-operand arithmetic instruction: the host path (`fast`) or SoftFloat (`soft`).
#[inline(always)]
fn binary<T: Copy>(
    h: &mut Hart,
    i: &Insn,
    get: fn(&Hart, u8) -> T,
    set: fn(&mut Hart, u8, T),
    fast: impl FnOnce(T, T) -> Option<(T, u8)>,
    soft: impl FnOnce(T, T) -> T,
) -> R {
    let rm = resolve_rm(h, i)?;
    let (a, b) = (get(h, i.rs1), get(h, i.rs2));
    let r = arith(h, rm, || fast(a, b), || soft(a, b));
    set(h, i.rd, r);
    Ok(())
}

macro_rules! defs {
    ($get:ident, $set:ident, $t:ident, $u:ty, $sign:expr, $nan:expr, $bits:expr, $exp:expr, fast: $fast:ident, fused: $fused:ident,
     add: $add:ident, sub: $sub:ident, mul: $mul:ident, div: $div:ident, sqrt: $sqrt:ident,
     fma: $fma:ident, eq: $eq:ident, lt: $lt:ident, le: $le:ident, ltq: $ltq:ident,
     names: [$fadd:ident, $fsub:ident, $fmul:ident, $fdiv:ident, $fsqrt:ident,
             $fmadd:ident, $fmsub:ident, $fnmsub:ident, $fnmadd:ident,
             $fsgnj:ident, $fsgnjn:ident, $fsgnjx:ident, $fmin:ident, $fmax:ident,
             $feq:ident, $flt:ident, $fle:ident, $fclass:ident]) => {
        pub fn $fadd(h: &mut Hart, i: &Insn) -> R {
            binary(
                h,
                i,
                $get,
                $set,
                |a: $t, b: $t| hostfp::$fast::add(a.v, b.v).map(|(v, f)| ($t { v }, f)),
                |a, b| unsafe { sf::$add(a, b) },
            )
        }
        pub fn $fsub(h: &mut Hart, i: &Insn) -> R {
            binary(
                h,
                i,
                $get,
                $set,
                |a: $t, b: $t| hostfp::$fast::sub(a.v, b.v).map(|(v, f)| ($t { v }, f)),
                |a, b| unsafe { sf::$sub(a, b) },
            )
        }
        pub fn $fmul(h: &mut Hart, i: &Insn) -> R {
            binary(
                h,
                i,
                $get,
                $set,
                |a: $t, b: $t| hostfp::$fast::mul(a.v, b.v).map(|(v, f)| ($t { v }, f)),
                |a, b| unsafe { sf::$mul(a, b) },
            )
        }
        pub fn $fdiv(h: &mut Hart, i: &Insn) -> R {
            binary(
                h,
                i,
                $get,
                $set,
                |a: $t, b: $t| hostfp::$fast::div(a.v, b.v).map(|(v, f)| ($t { v }, f)),
                |a, b| unsafe { sf::$div(a, b) },
            )
        }
        pub fn $fsqrt(h: &mut Hart, i: &Insn) -> R {
            let rm = resolve_rm(h, i)?;
            let a = $get(h, i.rs1);
            let r = arith(
                h,
                rm,
                || hostfp::$fast::sqrt(a.v).map(|(v, f)| ($t { v }, f)),
                || unsafe { sf::$sqrt(a) },
            );
            $set(h, i.rd, r);
            Ok(())
        }
        pub fn $fmadd(h: &mut Hart, i: &Insn) -> R {
            $fused(h, i, 0, 0)
        }
        pub fn $fmsub(h: &mut Hart, i: &Insn) -> R {
            $fused(h, i, 0, $sign)
        }
        pub fn $fnmsub(h: &mut Hart, i: &Insn) -> R {
            $fused(h, i, $sign, 0)
        }
        pub fn $fnmadd(h: &mut Hart, i: &Insn) -> R {
            $fused(h, i, $sign, $sign)
        }
        /// The fused multiply-adds: `±rs1 × rs2 ± rs3`, negating by flipping sign bits
        /// (`neg_a`, `neg_c`), as Spike does.
        #[inline(always)]
        fn $fused(h: &mut Hart, i: &Insn, neg_a: $u, neg_c: $u) -> R {
            let rm = resolve_rm(h, i)?;
            let a = $t {
                v: $get(h, i.rs1).v ^ neg_a,
            };
            let b = $get(h, i.rs2);
            let c = $t {
                v: $get(h, i.rs3).v ^ neg_c,
            };
            let r = arith(
                h,
                rm,
                || hostfp::$fast::fma(a.v, b.v, c.v).map(|(v, f)| ($t { v }, f)),
                || unsafe { sf::$fma(a, b, c) },
            );
            $set(h, i.rd, r);
            Ok(())
        }
        pub fn $fsgnj(h: &mut Hart, i: &Insn) -> R {
            require_fp(h, i)?;
            let (a, b) = ($get(h, i.rs1).v, $get(h, i.rs2).v);
            $set(
                h,
                i.rd,
                $t {
                    v: (a & !$sign) | (b & $sign),
                },
            );
            Ok(())
        }
        pub fn $fsgnjn(h: &mut Hart, i: &Insn) -> R {
            require_fp(h, i)?;
            let (a, b) = ($get(h, i.rs1).v, $get(h, i.rs2).v);
            $set(
                h,
                i.rd,
                $t {
                    v: (a & !$sign) | (!b & $sign),
                },
            );
            Ok(())
        }
        pub fn $fsgnjx(h: &mut Hart, i: &Insn) -> R {
            require_fp(h, i)?;
            let (a, b) = ($get(h, i.rs1).v, $get(h, i.rs2).v);
            $set(h, i.rd, $t { v: a ^ (b & $sign) });
            Ok(())
        }
        // fmin/fmax (IEEE 754-2019 minimumNumber/maximumNumber): a NaN operand loses to a
        // number, two NaNs give the canonical NaN, -0 < +0; signaling NaNs raise NV.
        pub fn $fmin(h: &mut Hart, i: &Insn) -> R {
            require_fp(h, i)?;
            let (a, b) = ($get(h, i.rs1), $get(h, i.rs2));
            let less = unsafe { sf::$ltq(a, b) || (sf::$eq(a, b) && a.v & $sign != 0) };
            let nan = |x: $u| (x & !$sign) > $exp;
            let r = if nan(a.v) && nan(b.v) {
                $t { v: $nan }
            } else if less || nan(b.v) {
                a
            } else {
                b
            };
            $set(h, i.rd, r);
            accrue(h);
            Ok(())
        }
        pub fn $fmax(h: &mut Hart, i: &Insn) -> R {
            require_fp(h, i)?;
            let (a, b) = ($get(h, i.rs1), $get(h, i.rs2));
            let greater = unsafe { sf::$ltq(b, a) || (sf::$eq(b, a) && b.v & $sign != 0) };
            let nan = |x: $u| (x & !$sign) > $exp;
            let r = if nan(a.v) && nan(b.v) {
                $t { v: $nan }
            } else if greater || nan(b.v) {
                a
            } else {
                b
            };
            $set(h, i.rd, r);
            accrue(h);
            Ok(())
        }
        pub fn $feq(h: &mut Hart, i: &Insn) -> R {
            require_fp(h, i)?;
            let r = unsafe { sf::$eq($get(h, i.rs1), $get(h, i.rs2)) };
            h.set_x(i.rd, r as u64);
            accrue(h);
            Ok(())
        }
        pub fn $flt(h: &mut Hart, i: &Insn) -> R {
            require_fp(h, i)?;
            let r = unsafe { sf::$lt($get(h, i.rs1), $get(h, i.rs2)) };
            h.set_x(i.rd, r as u64);
            accrue(h);
            Ok(())
        }
        pub fn $fle(h: &mut Hart, i: &Insn) -> R {
            require_fp(h, i)?;
            let r = unsafe { sf::$le($get(h, i.rs1), $get(h, i.rs2)) };
            h.set_x(i.rd, r as u64);
            accrue(h);
            Ok(())
        }
        pub fn $fclass(h: &mut Hart, i: &Insn) -> R {
            require_fp(h, i)?;
            let v = $get(h, i.rs1).v as u64;
            let exp_mask = $exp as u64;
            let fm = frac_field_mask(exp_mask);
            let c = classify(
                v >> ($bits - 1) != 0,
                v & exp_mask == exp_mask,
                v & exp_mask == 0,
                v & fm,
                (fm + 1) >> 1,
            );
            h.set_x(i.rd, c);
            Ok(())
        }
    };
}

/// Mask of the fraction field, given the mask of the exponent field above it.
const fn frac_field_mask(exp_mask: u64) -> u64 {
    (1u64 << exp_mask.trailing_zeros()) - 1
}

defs!(h16, set_h, F16, u16, F16_SIGN, F16_NAN, 16u64, 0x7c00u16, fast: f16, fused: fused_h,
    add: f16_add, sub: f16_sub, mul: f16_mul, div: f16_div, sqrt: f16_sqrt, fma: f16_mulAdd,
    eq: f16_eq, lt: f16_lt, le: f16_le, ltq: f16_lt_quiet,
    names: [fadd_h, fsub_h, fmul_h, fdiv_h, fsqrt_h, fmadd_h, fmsub_h, fnmsub_h, fnmadd_h,
            fsgnj_h, fsgnjn_h, fsgnjx_h, fmin_h, fmax_h, feq_h, flt_h, fle_h, fclass_h]);
defs!(s32, set_s, F32, u32, F32_SIGN, F32_NAN, 32u64, 0x7f80_0000u32, fast: f32, fused: fused_s,
    add: f32_add, sub: f32_sub, mul: f32_mul, div: f32_div, sqrt: f32_sqrt, fma: f32_mulAdd,
    eq: f32_eq, lt: f32_lt, le: f32_le, ltq: f32_lt_quiet,
    names: [fadd_s, fsub_s, fmul_s, fdiv_s, fsqrt_s, fmadd_s, fmsub_s, fnmsub_s, fnmadd_s,
            fsgnj_s, fsgnjn_s, fsgnjx_s, fmin_s, fmax_s, feq_s, flt_s, fle_s, fclass_s]);
defs!(d64, set_d, F64, u64, F64_SIGN, F64_NAN, 64u64, 0x7ff0_0000_0000_0000u64, fast: f64, fused: fused_d,
    add: f64_add, sub: f64_sub, mul: f64_mul, div: f64_div, sqrt: f64_sqrt, fma: f64_mulAdd,
    eq: f64_eq, lt: f64_lt, le: f64_le, ltq: f64_lt_quiet,
    names: [fadd_d, fsub_d, fmul_d, fdiv_d, fsqrt_d, fmadd_d, fmsub_d, fnmsub_d, fnmadd_d,
            fsgnj_d, fsgnjn_d, fsgnjx_d, fmin_d, fmax_d, feq_d, flt_d, fle_d, fclass_d]);

/// FP -> FP conversions (all read the rounding mode, as in Spike, even when exact).
macro_rules! cvt_ff {
    ($($name:ident: $get:ident -> $set:ident via $f:ident;)*) => {$(
        pub fn $name(h: &mut Hart, i: &Insn) -> R {
            require_rm(h, i)?;
            let r = unsafe { sf::$f($get(h, i.rs1)) };
            $set(h, i.rd, r); accrue(h); Ok(())
        }
    )*};
}
cvt_ff! {
    fcvt_s_d: d64 -> set_s via f64_to_f32;
    fcvt_d_s: s32 -> set_d via f32_to_f64;
    fcvt_h_s: s32 -> set_h via f32_to_f16;
    fcvt_s_h: h16 -> set_s via f16_to_f32;
    fcvt_h_d: d64 -> set_h via f64_to_f16;
    fcvt_d_h: h16 -> set_d via f16_to_f64;
}

/// FP -> integer: SoftFloat's RISC-V specialisation gives the saturated/NaN results;
/// 32-bit results are sign-extended into rd.
macro_rules! cvt_fi {
    ($($name:ident: $get:ident via $f:ident as $t:ty;)*) => {$(
        pub fn $name(h: &mut Hart, i: &Insn) -> R {
            require_rm(h, i)?;
            let rm = unsafe { sf::softfloat_roundingMode_read_helper() };
            let r = unsafe { sf::$f($get(h, i.rs1), rm, true) };
            h.set_x(i.rd, r as $t as i64 as u64); accrue(h); Ok(())
        }
    )*};
}
cvt_fi! {
    fcvt_w_s: s32 via f32_to_i32 as i32;
    fcvt_wu_s: s32 via f32_to_ui32 as i32;
    fcvt_l_s: s32 via f32_to_i64 as i64;
    fcvt_lu_s: s32 via f32_to_ui64 as i64;
    fcvt_w_d: d64 via f64_to_i32 as i32;
    fcvt_wu_d: d64 via f64_to_ui32 as i32;
    fcvt_l_d: d64 via f64_to_i64 as i64;
    fcvt_lu_d: d64 via f64_to_ui64 as i64;
    fcvt_w_h: h16 via f16_to_i32 as i32;
    fcvt_wu_h: h16 via f16_to_ui32 as i32;
    fcvt_l_h: h16 via f16_to_i64 as i64;
    fcvt_lu_h: h16 via f16_to_ui64 as i64;
}

/// Integer -> FP.
macro_rules! cvt_if {
    ($($name:ident: $set:ident via $f:ident from $t:ty;)*) => {$(
        pub fn $name(h: &mut Hart, i: &Insn) -> R {
            require_rm(h, i)?;
            let r = unsafe { sf::$f(h.x(i.rs1) as $t) };
            $set(h, i.rd, r); accrue(h); Ok(())
        }
    )*};
}
cvt_if! {
    fcvt_s_w: set_s via i32_to_f32 from i32;
    fcvt_s_wu: set_s via ui32_to_f32 from u32;
    fcvt_s_l: set_s via i64_to_f32 from i64;
    fcvt_s_lu: set_s via ui64_to_f32 from u64;
    fcvt_d_w: set_d via i32_to_f64 from i32;
    fcvt_d_wu: set_d via ui32_to_f64 from u32;
    fcvt_d_l: set_d via i64_to_f64 from i64;
    fcvt_d_lu: set_d via ui64_to_f64 from u64;
    fcvt_h_w: set_h via i32_to_f16 from i32;
    fcvt_h_wu: set_h via ui32_to_f16 from u32;
    fcvt_h_l: set_h via i64_to_f16 from i64;
    fcvt_h_lu: set_h via ui64_to_f16 from u64;
}

/// Bit moves: fmv.x.* copies the raw low bits (no unboxing), sign-extended.
pub fn fmv_x_w(h: &mut Hart, i: &Insn) -> R {
    require_fp(h, i)?;
    h.set_x(i.rd, h.f[(i.rs1 & 31) as usize] as u32 as i32 as i64 as u64);
    Ok(())
}
pub fn fmv_x_d(h: &mut Hart, i: &Insn) -> R {
    require_fp(h, i)?;
    h.set_x(i.rd, h.f[(i.rs1 & 31) as usize]);
    Ok(())
}
pub fn fmv_x_h(h: &mut Hart, i: &Insn) -> R {
    require_fp(h, i)?;
    h.set_x(i.rd, h.f[(i.rs1 & 31) as usize] as u16 as i16 as i64 as u64);
    Ok(())
}
pub fn fmv_w_x(h: &mut Hart, i: &Insn) -> R {
    require_fp(h, i)?;
    set_s(
        h,
        i.rd,
        F32 {
            v: h.x(i.rs1) as u32,
        },
    );
    Ok(())
}
pub fn fmv_d_x(h: &mut Hart, i: &Insn) -> R {
    require_fp(h, i)?;
    set_d(h, i.rd, F64 { v: h.x(i.rs1) });
    Ok(())
}
pub fn fmv_h_x(h: &mut Hart, i: &Insn) -> R {
    require_fp(h, i)?;
    set_h(
        h,
        i.rd,
        F16 {
            v: h.x(i.rs1) as u16,
        },
    );
    Ok(())
}

/// FP loads and stores (stores write the raw low bits of the register).
pub fn flh(h: &mut Hart, i: &Insn) -> R {
    require_fp(h, i)?;
    let v: u16 = h.load_or_trap(h.x(i.rs1).wrapping_add(i.imm as u64))?;
    set_h(h, i.rd, F16 { v });
    Ok(())
}
pub fn flw(h: &mut Hart, i: &Insn) -> R {
    require_fp(h, i)?;
    let v: u32 = h.load_or_trap(h.x(i.rs1).wrapping_add(i.imm as u64))?;
    set_s(h, i.rd, F32 { v });
    Ok(())
}
pub fn fld(h: &mut Hart, i: &Insn) -> R {
    require_fp(h, i)?;
    let v: u64 = h.load_or_trap(h.x(i.rs1).wrapping_add(i.imm as u64))?;
    set_d(h, i.rd, F64 { v });
    Ok(())
}
pub fn fsh(h: &mut Hart, i: &Insn) -> R {
    require_fp(h, i)?;
    h.store_or_trap(
        h.x(i.rs1).wrapping_add(i.imm as u64),
        h.f[(i.rs2 & 31) as usize] as u16,
    )
}
pub fn fsw(h: &mut Hart, i: &Insn) -> R {
    require_fp(h, i)?;
    h.store_or_trap(
        h.x(i.rs1).wrapping_add(i.imm as u64),
        h.f[(i.rs2 & 31) as usize] as u32,
    )
}
pub fn fsd(h: &mut Hart, i: &Insn) -> R {
    require_fp(h, i)?;
    h.store_or_trap(
        h.x(i.rs1).wrapping_add(i.imm as u64),
        h.f[(i.rs2 & 31) as usize],
    )
}

#[cfg(test)]
mod tests {
    use crate::isa::Isa;
    use crate::machine::{Hart, Memory, csr::mstatus};

    const ONE: u64 = 0x3ff0_0000_0000_0000;
    const TINY: u64 = 0x3c30_0000_0000_0000; // 2^-60

    /// Runs `fadd.d f3, f1, f2` with rounding-mode field `rm` and frm `frm` on 1 + 2^-60.
    fn fadd_d(rm: u32, frm: u8) -> (u64, u8) {
        let mut h = Hart::new(Isa::default(), Memory::new(vec![]));
        h.csr.mstatus |= mstatus::FS;
        h.csr.frm = frm;
        h.f[1] = ONE;
        h.f[2] = TINY;
        let bits = 1 << 25 | 2 << 20 | 1 << 15 | rm << 12 | 3 << 7 | 0x53;
        let (insn, _) = crate::exec::decode_insn(bits, 0, h.isa.exts);
        (insn.handler)(&mut h, &insn).unwrap_or_else(|_| panic!("trap"));
        (h.f[3], h.csr.fflags)
    }

    #[test]
    fn rounding_modes_other_than_rne_take_softfloat() {
        // RNE (static and dynamic): 1, inexact. RDN/RTZ: 1. RUP: 1 + 2^-52. RMM: 1.
        assert_eq!(fadd_d(0, 0), (ONE, 1));
        assert_eq!(fadd_d(7, 0), (ONE, 1));
        assert_eq!(fadd_d(1, 0), (ONE, 1));
        assert_eq!(fadd_d(2, 0), (ONE, 1));
        assert_eq!(fadd_d(3, 0), (ONE + 1, 1));
        assert_eq!(fadd_d(4, 0), (ONE, 1));
        // Dynamic rounding with frm = RUP must not take the RNE host path.
        assert_eq!(fadd_d(7, 3), (ONE + 1, 1));
    }
}
