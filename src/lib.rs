//! npu-spike: a functional RISC-V (RV64GC + Zfh) simulator for NPU kernels, meant as a
//! drop-in for Spike.
//!
//! Data flows one way: `cli` -> `sim::Config` -> `loader` (ELF) -> `machine` (hart,
//! CSRs, memory) run by `engine` (pre-decoded blocks calling `exec` semantics), with
//! `host` serving the guest's requests (HTIF, proxy-kernel syscalls).

pub mod accel;
pub mod cli;
pub mod config;
pub mod engine;
pub mod exec;
pub mod fuzz;
pub mod host;
pub mod isa;
pub mod jit;
pub mod loader;
pub mod machine;
pub mod sim;
pub mod timing;
pub mod trace;
