//! The architectural machine: hart state, CSRs, traps and guest memory.

pub mod csr;
pub mod hart;
pub mod memory;
pub mod mmu;
pub mod trap;
pub mod vector;

pub use hart::{Hart, PRV_M, PRV_S, PRV_U};
pub use memory::{Memory, Region};
pub use trap::{Trap, cause};
pub use vector::{VArch, VectorUnit};
