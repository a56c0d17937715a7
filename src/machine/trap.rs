//! Synchronous exceptions, with the cause numbers of the privileged spec.

pub mod cause {
    pub const MISALIGNED_FETCH: u64 = 0;
    pub const FETCH_ACCESS: u64 = 1;
    pub const ILLEGAL_INSTRUCTION: u64 = 2;
    pub const BREAKPOINT: u64 = 3;
    pub const MISALIGNED_LOAD: u64 = 4;
    pub const LOAD_ACCESS: u64 = 5;
    pub const MISALIGNED_STORE: u64 = 6;
    pub const STORE_ACCESS: u64 = 7;
    pub const USER_ECALL: u64 = 8;
    pub const SUPERVISOR_ECALL: u64 = 9;
    pub const MACHINE_ECALL: u64 = 11;
    pub const FETCH_PAGE_FAULT: u64 = 12;
    pub const LOAD_PAGE_FAULT: u64 = 13;
    pub const STORE_PAGE_FAULT: u64 = 15;
    pub const INTERRUPT: u64 = 1 << 63;
    /// Not a RISC-V cause: an NPU unit ended the run (`Npu::fatal` says why).
    pub const NPU_FATAL: u64 = 1 << 62;
    /// Not a RISC-V cause: an m5 exit/fail marker ended the run; `tval` is the exit code.
    pub const M5_EXIT: u64 = 1 << 61;
}

/// An exception raised by an instruction: `cause` and the value for `xtval`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Trap {
    pub cause: u64,
    pub tval: u64,
}

impl Trap {
    pub fn illegal(bits: u32) -> Trap {
        Trap {
            cause: cause::ILLEGAL_INSTRUCTION,
            tval: bits as u64,
        }
    }
    pub fn new(cause: u64, tval: u64) -> Trap {
        Trap { cause, tval }
    }

    pub fn name(&self) -> &'static str {
        match self.cause {
            cause::MISALIGNED_FETCH => "instruction address misaligned",
            cause::FETCH_ACCESS => "instruction access fault",
            cause::ILLEGAL_INSTRUCTION => "illegal instruction",
            cause::BREAKPOINT => "breakpoint",
            cause::MISALIGNED_LOAD => "load address misaligned",
            cause::LOAD_ACCESS => "load access fault",
            cause::MISALIGNED_STORE => "store/AMO address misaligned",
            cause::STORE_ACCESS => "store/AMO access fault",
            cause::USER_ECALL => "environment call from U-mode",
            cause::SUPERVISOR_ECALL => "environment call from S-mode",
            cause::MACHINE_ECALL => "environment call from M-mode",
            cause::FETCH_PAGE_FAULT => "instruction page fault",
            cause::LOAD_PAGE_FAULT => "load page fault",
            cause::STORE_PAGE_FAULT => "store/AMO page fault",
            cause::NPU_FATAL => "NPU error",
            cause::M5_EXIT => "m5 exit",
            c if c & cause::INTERRUPT != 0 => "interrupt",
            _ => "exception",
        }
    }
}
