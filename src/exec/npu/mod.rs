//! Semantics of the NPU custom instructions (npu-isa.md §3–4); the units' state and
//! engines live in `crate::machine::npu`.

pub mod dma;
pub mod kernel;
pub mod lanes;
pub mod model;
pub mod vcix;
