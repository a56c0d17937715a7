//! The architectural machine: hart state, CSRs, traps and guest memory.

pub mod accel;
pub mod csr;
pub mod hart;
pub mod insn;
pub mod memory;
pub mod mmu;
pub mod npu;
pub mod trap;
pub mod vector;

pub use hart::{Hart, PRV_M, PRV_S, PRV_U};
pub use insn::{ExecResult, Handler, Insn};
pub use memory::{Memory, Region};
pub use trap::{Trap, cause};
pub use vector::VectorUnit;
