//! The C99 `<stdint.h>` types softfloat-sys uses, for the hosts npu-spike builds on.
//!
//! The exact-width types are the same everywhere. The `*_fast*_t` types are the ABI's
//! choice: glibc and musl on 64-bit Linux make every fast type wider than 8 bits a
//! `long` (64 bits). npu-spike builds on 64-bit Linux only; any other host fails to build
//! here rather than call SoftFloat with guessed widths.
#![no_std]
#![allow(non_camel_case_types)]

pub type int8_t = i8;
pub type int16_t = i16;
pub type int32_t = i32;
pub type int64_t = i64;
pub type uint8_t = u8;
pub type uint16_t = u16;
pub type uint32_t = u32;
pub type uint64_t = u64;

pub type int_fast8_t = i8;
pub type uint_fast8_t = u8;
pub type int_fast64_t = i64;
pub type uint_fast64_t = u64;

#[cfg(all(target_os = "linux", target_pointer_width = "64"))]
mod fast {
    pub type int_fast16_t = i64;
    pub type uint_fast16_t = u64;
    pub type int_fast32_t = i64;
    pub type uint_fast32_t = u64;
}

#[cfg(not(all(target_os = "linux", target_pointer_width = "64")))]
compile_error!("c99 stand-in: the <stdint.h> fast types of this host are not written down");

pub use fast::*;
