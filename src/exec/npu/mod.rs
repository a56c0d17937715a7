//! Semantics of the NPU custom instructions (npu-isa.md §4); the units' state and
//! engines live in `crate::npu`.

pub mod vcix;
