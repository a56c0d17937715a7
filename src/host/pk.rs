//! The built-in proxy kernel: runs a static user-mode program the way riscv-pk does
//! (initial stack with argc/argv/envp/auxv, program break, U-mode) and serves its
//! Linux-numbered system calls on the host.

use super::errno;
use crate::loader::Program;
use crate::machine::{Hart, PRV_U};
use std::io::Write;

/// Top of the user stack (pk places it at the bottom of DRAM's physical base).
pub const STACK_TOP: u64 = 0x8000_0000;
/// Lowest mapped user address: page 0 stays unmapped so null dereferences fault.
pub const USER_BASE: u64 = 0x1000;
const PAGE: u64 = 4096;

const AT_NULL: u64 = 0;
const AT_PHDR: u64 = 3;
const AT_PHENT: u64 = 4;
const AT_PHNUM: u64 = 5;
const AT_PAGESZ: u64 = 6;
const AT_ENTRY: u64 = 9;

pub struct ProxyKernel {
    /// Current program break and its initial value.
    pub brk: u64,
    brk_min: u64,
    /// Set when the guest calls exit/exit_group.
    pub exit_code: Option<i64>,
}

/// Syscall numbers (Linux generic / riscv64).
mod nr {
    pub const CLOSE: u64 = 57;
    pub const WRITE: u64 = 64;
    pub const FSTAT: u64 = 80;
    pub const EXIT: u64 = 93;
    pub const EXIT_GROUP: u64 = 94;
    pub const BRK: u64 = 214;
}

impl ProxyKernel {
    /// Places argv on the user stack and points the hart at the program's entry in U-mode.
    pub fn start(hart: &mut Hart, prog: &Program, argv: &[String]) -> Result<ProxyKernel, String> {
        let (_, end) = prog.extent();
        let brk = end.div_ceil(PAGE) * PAGE;
        let mut sp = STACK_TOP;
        let mut ptrs = Vec::new();
        for a in argv.iter().rev() {
            let mut bytes = a.as_bytes().to_vec();
            bytes.push(0);
            sp -= bytes.len() as u64;
            hart.mem
                .write_bytes(sp, &bytes)
                .map_err(|e| format!("cannot build the stack at {:#x}", e.addr))?;
            ptrs.push(sp);
        }
        ptrs.reverse();
        sp &= !7;
        let auxv = [
            (AT_ENTRY, prog.entry),
            (AT_PHNUM, 0),
            (AT_PHENT, 56),
            (AT_PHDR, 0),
            (AT_PAGESZ, PAGE),
            (AT_NULL, 0),
        ];
        let words = 1 + ptrs.len() + 1 + 1 + 2 * auxv.len();
        sp = (sp - 8 * words as u64) & !15;
        let mut w = vec![ptrs.len() as u64];
        w.extend(&ptrs);
        w.push(0); // end of argv
        w.push(0); // empty envp
        for (k, v) in auxv {
            w.push(k);
            w.push(v);
        }
        let bytes: Vec<u8> = w.iter().flat_map(|v| v.to_le_bytes()).collect();
        hart.mem
            .write_bytes(sp, &bytes)
            .map_err(|e| format!("cannot build the stack at {:#x}", e.addr))?;
        hart.x[2] = sp;
        hart.pc = prog.entry;
        hart.prv = PRV_U;
        // pk enables the FP unit for user programs.
        hart.csr.mstatus |= crate::machine::csr::mstatus::FS;
        Ok(ProxyKernel {
            brk,
            brk_min: brk,
            exit_code: None,
        })
    }

    /// Serves the system call in a7 with arguments a0..a5; the result goes to a0.
    pub fn syscall(&mut self, hart: &mut Hart) -> Result<(), String> {
        let n = hart.x[17];
        let a = [
            hart.x[10], hart.x[11], hart.x[12], hart.x[13], hart.x[14], hart.x[15],
        ];
        let ret: i64 = match n {
            nr::WRITE => {
                let len = a[2].min(1 << 26) as usize;
                let mut data = vec![0u8; len];
                if hart.mem.read_bytes(a[1], &mut data).is_err() {
                    -errno::EFAULT
                } else {
                    let ok = match a[0] {
                        1 => {
                            let mut o = std::io::stdout().lock();
                            o.write_all(&data).is_ok() && o.flush().is_ok()
                        }
                        2 => std::io::stderr().lock().write_all(&data).is_ok(),
                        _ => false,
                    };
                    if ok { len as i64 } else { -errno::EBADF }
                }
            }
            nr::EXIT | nr::EXIT_GROUP => {
                self.exit_code = Some(a[0] as i64);
                0
            }
            nr::BRK => {
                if a[0] >= self.brk_min && a[0] < STACK_TOP - (64 << 20) {
                    self.brk = a[0];
                }
                self.brk as i64
            }
            nr::CLOSE => 0,
            nr::FSTAT => -errno::EBADF,
            _ => {
                eprintln!(
                    "npu-spike: warning: unimplemented syscall {n} at pc {:#x}; returning -ENOSYS",
                    hart.pc
                );
                -errno::ENOSYS
            }
        };
        hart.x[10] = ret as u64;
        Ok(())
    }
}
