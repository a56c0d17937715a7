//! The NPU around the hart (npu-isa.md): the VCIX-encoded units of custom-2 (systolic
//! array, special-function unit, cross-lane unit). `Npu` holds their state and the
//! fatal-exit mechanism; the instruction semantics live in `crate::exec::npu`.

pub mod fp8;
pub mod sfu;
pub mod systolic;
pub mod xlu;

use crate::machine::Trap;

/// Exit statuses of fatal NPU conditions (npu-isa.md §2.6).
pub mod exit {
    /// Vector access outside the scratchpad, DMA scratchpad overflow.
    pub const INVALID_SPAD_ACCESS: i32 = 200;
    /// Vector access into a lane's reserved stack area; XLU pattern misuse.
    pub const STACK_OVERFLOW: i32 = 201;
    /// The unit model refuses the operation (misuse).
    pub const REFUSED: i32 = 1;
}

/// A condition that ends the run with a specific exit status and message.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Fatal {
    pub code: i32,
    pub message: String,
}

pub struct Npu {
    /// Lanes `L` (the vector unit holds one register file per lane).
    pub lanes: u32,
    /// Element type latched from DMA descriptor byte 117 by CONFIG_DESC (0 = int8 until
    /// then); the fp8 format rule of the SA reads it (decision 3).
    pub elem_dtype: u8,
    pub sa: systolic::Systolic,
    pub xlu: xlu::Xlu,
    /// Set by an instruction that ends the run (see `fail`).
    pub fatal: Option<Fatal>,
}

impl Npu {
    /// `lanes` = L; `xlu_lenient` selects SJ's identity fallback for short XLU patterns.
    pub fn new(lanes: u32, xlu_lenient: bool) -> Npu {
        Npu {
            lanes,
            elem_dtype: 0,
            sa: systolic::Systolic::new(lanes as usize),
            xlu: xlu::Xlu::new(lanes as usize, xlu_lenient),
            fatal: None,
        }
    }

    /// The element type latched by the last CONFIG_DESC (descriptor byte 117).
    pub fn latched_elem_type(&self) -> u8 {
        self.elem_dtype
    }

    /// Records a fatal condition and returns the trap that stops the run.
    #[cold]
    pub fn fail(&mut self, code: i32, message: String) -> Box<Trap> {
        self.fatal = Some(Fatal { code, message });
        Box::new(Trap::new(crate::machine::cause::NPU_FATAL, code as u64))
    }
}

impl Default for Npu {
    fn default() -> Self {
        Npu::new(1, false)
    }
}
