//! Semantics of the NPU custom instructions (npu-isa.md §3–4); the units' state and
//! engines live in `crate::npu`.

pub mod dma;
pub mod model;
pub mod vcix;
