//! Instruction traces in Spike's formats, for diffing a run against Spike:
//! `-l` (one disassembled line per instruction, before it runs) and
//! `--log-commits` (one line per retired instruction with the registers, CSRs and
//! memory it wrote). Tracing runs instructions one at a time through the same
//! handlers as the block engine, so it costs nothing when it is off.
//!
//! Commit-log lines follow Spike: `core   0: PRIV 0xPC (0xBITS)`, then the written
//! registers in Spike's order (x/f registers and CSRs sorted by Spike's log key,
//! `reg << 4 | kind`), then ` mem 0xADDR` per load and ` mem 0xADDR 0xVALUE` per
//! store. CSR side effects that Spike logs are reproduced for explicit CSR
//! instructions, `fflags` accrual and the `mstatus.FS` dirty transition.

use crate::isa::csr::addr as csr_addr;
use crate::isa::{Class, Opnd, Slot, disassemble};
use crate::machine::Insn;
use crate::machine::hart::X_SINK;
use crate::machine::{Hart, Trap};
use std::io::Write;

pub struct Tracer {
    pub disasm: bool,
    pub commits: bool,
    out: Box<dyn Write>,
}

impl Tracer {
    pub fn new(disasm: bool, commits: bool, out: Box<dyn Write>) -> Tracer {
        Tracer {
            disasm,
            commits,
            out,
        }
    }

    pub fn flush(&mut self) {
        let _ = self.out.flush();
    }

    /// Runs one instruction at `hart.pc`, logging it. A trap is returned with the
    /// pc of the instruction that raised it (nothing is logged for it, as in Spike).
    pub fn step(&mut self, hart: &mut Hart) -> Result<(), (Trap, u64)> {
        let pc = hart.pc;
        let bits = hart.fetch_bits(pc).map_err(|t| (t, pc))?;
        let exts = hart.isa.exts;
        let (insn, _) = crate::exec::decode_for(hart, bits, pc);
        if self.disasm {
            let _ = writeln!(
                self.out,
                "core   0: 0x{pc:016x} (0x{bits:08x}) {}",
                disassemble(bits, pc, exts)
            );
        }
        let before = Before::capture(hart, &insn);
        hart.pc = insn.next_pc();
        if let Err(t) = (insn.handler)(hart, &insn) {
            hart.pc = pc;
            hart.csr.fflags = before.fflags;
            return Err((*t, pc));
        }
        hart.instret = hart.instret.wrapping_add(1);
        let raised = before.finish(hart);
        if self.commits {
            let line = before.line(hart, &insn, pc, bits, raised);
            let _ = self.out.write_all(line.as_bytes());
        }
        Ok(())
    }
}

/// What the log needs from the state before the instruction runs.
struct Before {
    prv: u8,
    mstatus: u64,
    fflags: u8,
    /// FP arithmetic: runs from clear flags (see `capture`).
    fp_arith: bool,
    mem_addr: u64,
    store_value: u64,
}

impl Before {
    fn capture(hart: &mut Hart, insn: &Insn) -> Before {
        let info = insn.op.info().exec_as.info();
        let mem_addr = match info.class {
            Class::Amo => hart.x(insn.rs1),
            _ => hart.x(insn.rs1).wrapping_add(insn.imm as u64),
        };
        let store_value = match info.class {
            Class::Fpstore => hart.f[insn.rs2 as usize & 31],
            _ => hart.x(insn.rs2),
        };
        let fflags = hart.csr.fflags;
        // Spike logs an fflags write whenever an FP operation raises a flag, even one
        // already set: start FP arithmetic from clear flags to see what it raises.
        let fp_arith = matches!(
            info.class,
            Class::Fpalu | Class::Fpmul | Class::Fpdiv | Class::Fpfma | Class::Fpcvt | Class::Fpcmp
        );
        if fp_arith {
            hart.csr.fflags = 0;
        }
        Before {
            prv: hart.prv,
            mstatus: hart.csr.mstatus,
            fflags,
            fp_arith,
            mem_addr,
            store_value,
        }
    }

    /// Restores the accrued flags after an FP operation ran from clear flags and
    /// returns the flags it raised.
    fn finish(&self, hart: &mut Hart) -> u8 {
        if !self.fp_arith {
            return 0;
        }
        let raised = hart.csr.fflags;
        hart.csr.fflags = self.fflags | raised;
        raised
    }

    fn line(&self, hart: &mut Hart, insn: &Insn, pc: u64, bits: u32, raised: u8) -> String {
        let info = insn.op.info().exec_as.info();
        let name = info.mnemonic;
        // (Spike's log key, text) of every register write.
        let mut writes: Vec<(u64, String)> = Vec::new();
        match info.operands.first() {
            Some(Opnd::X(Slot::Rd)) if insn.rd != X_SINK && insn.rd != 0 => writes.push((
                (insn.rd as u64) << 4,
                format!(" x{:<2} 0x{:016x}", insn.rd, hart.x(insn.rd)),
            )),
            Some(Opnd::F(Slot::Rd)) => writes.push((
                (insn.rd as u64) << 4 | 1,
                format!(" f{:<2} 0x{:016x}", insn.rd, hart.f[insn.rd as usize & 31]),
            )),
            _ => {}
        }
        let mut csr = |addr: u16, value: u64| {
            writes.push((
                (addr as u64) << 4 | 4,
                format!(
                    " c{addr}_{} 0x{value:016x}",
                    crate::isa::csr::csr_name(addr)
                ),
            ))
        };
        if info.class == Class::Csr && name.starts_with("csr") {
            let csr_no = (bits >> 20) as u16;
            let writes_csr = name == "csrrw" || name == "csrrwi" || insn.rs1 != 0;
            if writes_csr && let Ok(v) = hart.csr_read(csr_no, bits) {
                csr(csr_no, v);
            }
        }
        if raised != 0 {
            csr(csr_addr::FFLAGS, hart.csr.fflags as u64);
        }
        let fs = crate::machine::csr::mstatus::FS;
        if hart.csr.mstatus & fs != self.mstatus & fs && info.class != Class::Csr {
            csr(csr_addr::MSTATUS, hart.csr.mstatus);
        }
        writes.sort_by_key(|w| w.0);
        writes.dedup_by_key(|w| w.0);
        let mut s = format!("core   0: {} 0x{pc:016x} (", self.prv);
        if insn.len == 2 {
            s.push_str(&format!("0x{:04x})", bits & 0xffff));
        } else {
            s.push_str(&format!("0x{bits:08x})"));
        }
        for (_, w) in &writes {
            s.push_str(w);
        }
        let width = store_width(name);
        match info.class {
            Class::Load | Class::Fpload => s.push_str(&format!(" mem 0x{:016x}", self.mem_addr)),
            Class::Store | Class::Fpstore => s.push_str(&format!(
                " mem 0x{:016x} {}",
                self.mem_addr,
                hex(self.store_value, width)
            )),
            Class::Amo => {
                let load = !name.starts_with("sc.");
                let failed_sc = name.starts_with("sc.") && hart.x(insn.rd) != 0;
                let stored = !name.starts_with("lr.") && !failed_sc;
                if load {
                    s.push_str(&format!(" mem 0x{:016x}", self.mem_addr));
                }
                if stored {
                    let v = if width == 4 {
                        hart.load::<u32>(self.mem_addr).map(|v| v as u64)
                    } else {
                        hart.load::<u64>(self.mem_addr)
                    };
                    if let Ok(v) = v {
                        s.push_str(&format!(" mem 0x{:016x} {}", self.mem_addr, hex(v, width)));
                    }
                }
            }
            _ => {}
        }
        s.push('\n');
        s
    }
}

/// Bytes written by a store or AMO, from its mnemonic.
fn store_width(name: &str) -> usize {
    let base = name.split('.').next().unwrap_or(name);
    if name.ends_with(".w") || base == "sw" || base == "fsw" {
        4
    } else if base == "sh" || base == "fsh" {
        2
    } else if base == "sb" {
        1
    } else {
        8
    }
}

fn hex(v: u64, bytes: usize) -> String {
    let digits = bytes * 2;
    let mask = if bytes == 8 {
        u64::MAX
    } else {
        (1u64 << (bytes * 8)) - 1
    };
    format!("0x{:0digits$x}", v & mask)
}
