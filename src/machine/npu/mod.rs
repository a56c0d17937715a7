//! The NPU around the hart (npu-isa.md): the lane-banked scratchpad window, the
//! kernel pc range with its stack tracking, the DMA engine and (with the vector
//! unit) the VCIX units. `Npu` holds their state; the instruction semantics that
//! use it live in `crate::exec::npu`.

pub mod dma;
pub mod fp8;
pub mod lanes;
pub mod msa;
pub mod par;
pub mod sfu;
pub mod systolic;
pub mod xlu;

use crate::config::MachineConfig;
use crate::machine::Trap;
use std::path::PathBuf;

/// Exit statuses of fatal NPU conditions (npu-isa.md §2.6).
pub mod exit {
    /// Vector access outside the scratchpad, DMA scratchpad overflow.
    pub const INVALID_SPAD_ACCESS: i32 = 200;
    /// Vector access into a lane's reserved stack area; XLU pattern misuse.
    pub const STACK_OVERFLOW: i32 = 201;
    /// The unit model refuses the operation (bad descriptor, misuse).
    pub const REFUSED: i32 = 1;
    /// An `assert` of the reference (Spike turns SIGABRT into exit(-1)).
    pub const ABORT: i32 = 255;
}

/// A condition that ends the run with a specific exit status and message.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Fatal {
    pub code: i32,
    pub message: String,
}

pub struct Npu {
    /// Lanes `L`, scratchpad window base `SV` and bytes per lane `B`.
    pub lanes: u32,
    pub spad_base: u64,
    pub spad_lane_bytes: u64,
    /// Kernel pc range `[lo, hi)`; empty when not configured.
    pub kernel_lo: u64,
    pub kernel_hi: u64,
    /// Kernel stack base and pointer copy (§2.5); both 0 outside a kernel.
    pub ksb: u64,
    pub ksp: u64,
    pub dma: dma::DmaState,
    /// The systolic array and the cross-lane unit (custom-2).
    pub sa: systolic::Systolic,
    pub xlu: xlu::Xlu,
    /// The multi-precision array (custom-2 `msa push`/`msa pop`).
    pub msa: msa::Msa,
    /// `--base-path`: where index dumps are written.
    pub base_path: Option<PathBuf>,
    /// Set by an instruction that ends the run (see `fail`).
    pub fatal: Option<Fatal>,
}

impl Npu {
    pub fn new(m: &MachineConfig, base_path: Option<PathBuf>) -> Npu {
        let (kernel_lo, kernel_hi) = m.kernel_addr.unwrap_or((0, 0));
        let lanes = m.lanes as usize;
        Npu {
            lanes: m.lanes,
            spad_base: m.spad_vaddr,
            spad_lane_bytes: m.spad_size,
            kernel_lo,
            kernel_hi,
            ksb: 0,
            ksp: 0,
            dma: dma::DmaState::default(),
            sa: systolic::Systolic::new(lanes),
            xlu: xlu::Xlu::new(lanes, m.xlu_lenient),
            msa: msa::Msa::new(lanes),
            base_path,
            fatal: None,
        }
    }

    /// Bytes of the whole window (`L·B`).
    pub fn spad_bytes(&self) -> u64 {
        self.lanes as u64 * self.spad_lane_bytes
    }

    /// Whether `addr` lies in the scratchpad window `[SV, SV + L·B)`.
    #[inline]
    pub fn in_window(&self, addr: u64) -> bool {
        addr.wrapping_sub(self.spad_base) < self.spad_bytes()
    }

    /// Whether `pc` is inside the kernel range (vector code then runs on every lane).
    #[inline(always)]
    pub fn kernel_mode(&self, pc: u64) -> bool {
        pc.wrapping_sub(self.kernel_lo) < self.kernel_hi.wrapping_sub(self.kernel_lo)
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
        Npu::new(&MachineConfig::default(), None)
    }
}
