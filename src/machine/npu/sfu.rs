//! The special-function unit (npu-isa.md §4.5): element-wise erf, tanh, exp, sin, cos,
//! log and atan. The f32 functions are glibc's (`erff`, `tanhf`, `expf`, `sinf`,
//! `cosf`, `logf`, `atanf`: Rust's `f32` methods call the platform libm on linux-gnu,
//! and `erff`, which std lacks, is bound directly); e16 converts to f32 exactly,
//! applies the f32 function and rounds back to nearest-even (decision 2); e64 exists
//! only for log and atan (`log`, `atan`).

use super::fp8::{f16_to_f32, f32_to_f16_rne};

unsafe extern "C" {
    /// glibc libm's single-precision error function (libm is linked by std on linux-gnu).
    fn erff(x: f32) -> f32;
}

/// An SFU operation.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SfuOp {
    Erf,
    Tanh,
    Exp,
    Sin,
    Cos,
    Log,
    Atan,
}

impl SfuOp {
    /// The instruction's name (used in messages).
    pub fn name(self) -> &'static str {
        match self {
            SfuOp::Erf => "verf",
            SfuOp::Tanh => "vtanh",
            SfuOp::Exp => "vexp",
            SfuOp::Sin => "vsin",
            SfuOp::Cos => "vcos",
            SfuOp::Log => "vlog",
            SfuOp::Atan => "vatan",
        }
    }

    /// The glibc single-precision function.
    #[inline]
    pub fn f32(self, x: f32) -> f32 {
        match self {
            // SAFETY: erff is a pure libm function.
            SfuOp::Erf => unsafe { erff(x) },
            SfuOp::Tanh => x.tanh(),
            SfuOp::Exp => x.exp(),
            SfuOp::Sin => x.sin(),
            SfuOp::Cos => x.cos(),
            SfuOp::Log => x.ln(),
            SfuOp::Atan => x.atan(),
        }
    }

    /// The half-precision form: exact widening, the f32 function, RNE narrowing.
    #[inline]
    pub fn f16(self, h: u16) -> u16 {
        f32_to_f16_rne(self.f32(f16_to_f32(h)))
    }

    /// The double-precision function (log and atan only; None for the others).
    #[inline]
    pub fn f64(self, x: f64) -> Option<f64> {
        match self {
            SfuOp::Log => Some(x.ln()),
            SfuOp::Atan => Some(x.atan()),
            _ => None,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn erff_is_bound() {
        assert_eq!(SfuOp::Erf.f32(0.0), 0.0);
        assert_eq!(SfuOp::Erf.f32(f32::INFINITY), 1.0);
        // erf(0.5) = 0.5204998778..., glibc's erff gives 0x1.0a7ef6p-1.
        assert_eq!(SfuOp::Erf.f32(0.5).to_bits(), 0x3f05_3f7b);
        assert_eq!(SfuOp::Exp.f16(0x0000), 0x3c00);
        assert!(SfuOp::Exp.f64(1.0).is_none());
    }
}
