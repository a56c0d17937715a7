//! A simulation: the hart, its code cache and the host environment (HTIF for
//! bare-metal programs, the proxy kernel for user-mode ones), run to completion.

use crate::config::MachineConfig;
use crate::engine::{CodeCache, Event, run_blocks};
use crate::host::htif::{Htif, signature_text};
use crate::host::pk::{self, ProxyKernel};
use crate::isa::{Isa, disassemble, reg_name};
use crate::loader::Program;
use crate::machine::memory::event;
use crate::machine::{Hart, Memory, Region, Trap, VArch, VectorUnit, cause};
use crate::npu::Npu;
use std::fmt;
use std::path::PathBuf;

/// Spike's default memory: 2 GiB of DRAM at 0x80000000.
pub const DEFAULT_DRAM: Region = Region {
    base: 0x8000_0000,
    size: 2 << 30,
};

#[derive(Clone, Debug, Default)]
pub struct Config {
    pub isa: Isa,
    /// Physical memory regions (`-m`); None = Spike's default.
    pub regions: Option<Vec<Region>>,
    /// Stop with an error after this many instructions.
    pub max_insns: Option<u64>,
    /// `+signature=FILE` and its granularity.
    pub signature: Option<(PathBuf, usize)>,
    /// Vector unit geometry (`--varch`).
    pub varch: VArch,
    /// The NPU machine: lanes.
    pub machine: MachineConfig,
    /// The XLU's lenient pattern fallback (SJ) instead of the VX refusal (`--xlu-lenient`).
    pub xlu_lenient: bool,
}

/// How the guest is hosted.
pub enum Env {
    Bare(Htif),
    Pk(ProxyKernel),
}

/// A run that could not finish normally.
#[derive(Debug)]
pub enum RunError {
    /// The guest did something the machine cannot continue from.
    Fatal(String),
    /// The instruction limit was reached.
    InsnLimit(u64),
    /// An NPU unit stopped the run with its own exit status (npu-isa.md §2.6).
    Npu {
        code: i32,
        message: String,
        at: String,
    },
}

impl fmt::Display for RunError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            RunError::Fatal(m) => f.write_str(m),
            RunError::InsnLimit(n) => write!(
                f,
                "instruction limit reached after {n} instructions (runaway program?)"
            ),
            RunError::Npu { message, at, .. } => write!(f, "{message}\n  {at}"),
        }
    }
}

impl RunError {
    /// Process exit status for this error (see the exit-code table in the README).
    pub fn exit_code(&self) -> i32 {
        match self {
            RunError::Fatal(_) => 255,
            RunError::InsnLimit(_) => 124,
            RunError::Npu { code, .. } => *code,
        }
    }
}

pub struct Simulator {
    pub hart: Hart,
    code: CodeCache,
    pub env: Env,
    config: Config,
    signature: Option<(u64, u64)>,
}

/// Instructions run between checks of the HTIF mailbox when nothing else happens.
const SLICE: u64 = 1 << 16;

impl Simulator {
    /// Loads `prog`: a program with a `tohost` symbol runs bare-metal in M-mode under
    /// HTIF; any other program runs in U-mode under the proxy kernel with `argv`.
    pub fn new(config: Config, prog: &Program, argv: &[String]) -> Result<Simulator, String> {
        let bare = prog.symbol("tohost").is_some();
        let regions = if bare {
            config.regions.clone().unwrap_or_else(|| vec![DEFAULT_DRAM])
        } else {
            vec![Region {
                base: pk::USER_BASE,
                size: pk::STACK_TOP - pk::USER_BASE,
            }]
        };
        if config.isa.vector && config.isa.min_vlen > config.varch.vlen {
            return Err(format!(
                "the ISA asks for VLEN >= {} (zvl{}b) but --varch has vlen:{}",
                config.isa.min_vlen, config.isa.min_vlen, config.varch.vlen
            ));
        }
        let mut hart = Hart::new(config.isa.clone(), Memory::new(regions));
        let lanes = config.machine.lanes.max(1);
        hart.v = VectorUnit::new(config.varch, lanes as usize);
        hart.npu = Npu::new(lanes, config.xlu_lenient);
        for s in &prog.segments {
            hart.mem.write_bytes(s.vaddr, &s.data).map_err(|e| {
                format!(
                    "{}: segment at {:#x}..{:#x} does not fit the guest memory (address {:#x} is outside every region)",
                    prog.path.display(),
                    s.vaddr,
                    s.vaddr + s.mem_size,
                    e.addr
                )
            })?;
            if s.mem_size > s.data.len() as u64 && !hart.mem.in_region(s.vaddr + s.mem_size - 1) {
                return Err(format!(
                    "{}: segment at {:#x}..{:#x} does not fit the guest memory",
                    prog.path.display(),
                    s.vaddr,
                    s.vaddr + s.mem_size
                ));
            }
        }
        let env = if let Some(tohost) = prog.symbol("tohost") {
            hart.pc = prog.entry;
            hart.mem.watch_page(tohost, event::MAILBOX_WRITTEN);
            Env::Bare(Htif::new(tohost, prog.symbol("fromhost")))
        } else {
            let pk = ProxyKernel::start(&mut hart, prog, argv)?;
            // pk turns the vector unit on (mstatus.VS) when the ISA has V, as it does the FPU.
            if hart.isa.vector {
                hart.csr.mstatus |= crate::machine::csr::mstatus::VS;
            }
            Env::Pk(pk)
        };
        let signature = match (prog.symbol("begin_signature"), prog.symbol("end_signature")) {
            (Some(b), Some(e)) if e >= b => Some((b, e)),
            _ => None,
        };
        Ok(Simulator {
            hart,
            code: CodeCache::default(),
            env,
            config,
            signature,
        })
    }

    /// Runs to the guest's exit and returns its exit code.
    pub fn run(&mut self) -> Result<u64, RunError> {
        let limit = self.config.max_insns.unwrap_or(u64::MAX);
        loop {
            if let Some(code) = self.exit_code() {
                self.write_signature()?;
                return Ok(code);
            }
            if self.hart.instret >= limit {
                return Err(RunError::InsnLimit(self.hart.instret));
            }
            let until = self.hart.instret.saturating_add(SLICE).min(limit);
            match run_blocks(&mut self.hart, &mut self.code, until) {
                Event::Trap(t, pc) => self.on_trap(t, pc)?,
                Event::Attention | Event::Budget => {}
            }
            self.service();
        }
    }

    fn exit_code(&self) -> Option<u64> {
        match &self.env {
            Env::Bare(h) => h.exit_code,
            Env::Pk(p) => p.exit_code.map(|c| c as u64),
        }
    }

    /// Handles what `run_blocks` flagged: code writes, fence.i, the mailbox, interrupts.
    fn service(&mut self) {
        let h = &mut self.hart;
        if h.mem.events & event::CODE_WRITTEN != 0 || h.flush_decode {
            self.code.flush();
            h.mem.unwatch_code();
            h.flush_decode = false;
        }
        h.mem.events = 0;
        if let Env::Bare(htif) = &mut self.env {
            htif.poll(h);
        }
        if let Some(irq) = h.pending_interrupt() {
            let pc = h.pc;
            h.take_trap(Trap::new(irq, 0), pc);
        }
    }

    fn on_trap(&mut self, trap: Trap, pc: u64) -> Result<(), RunError> {
        if trap.cause == cause::NPU_FATAL {
            let f = self.hart.npu.fatal.take().unwrap_or(crate::npu::Fatal {
                code: trap.tval as i32,
                message: "NPU error".into(),
            });
            let insn = self.hart.mem.load::<u32>(pc).unwrap_or(0);
            return Err(RunError::Npu {
                code: f.code,
                message: f.message,
                at: format!(
                    "at pc {pc:#x}: {insn:#010x} {}",
                    disassemble(insn, pc, self.hart.isa.exts)
                ),
            });
        }
        match &mut self.env {
            Env::Pk(pk) if trap.cause == cause::USER_ECALL => {
                self.hart.pc = pc + 4;
                pk.syscall(&mut self.hart).map_err(RunError::Fatal)?;
                self.hart.instret = self.hart.instret.wrapping_add(1);
                Ok(())
            }
            Env::Pk(_) => Err(RunError::Fatal(self.describe_trap(trap, pc))),
            Env::Bare(_) => {
                self.hart.take_trap(trap, pc);
                // A fault fetching the trap handler itself would loop forever.
                if trap.cause == cause::FETCH_ACCESS && self.hart.pc == pc {
                    return Err(RunError::Fatal(format!(
                        "{}\n  the trap vector {:#x} is not in guest memory (no trap handler installed?)",
                        self.describe_trap(trap, pc),
                        pc
                    )));
                }
                Ok(())
            }
        }
    }

    /// A report of a fatal trap: pc, the instruction and its disassembly, cause, tval.
    pub fn describe_trap(&mut self, trap: Trap, pc: u64) -> String {
        let insn = match self.hart.mem.load::<u16>(pc) {
            Ok(lo) if lo & 3 != 3 => format!(
                "{lo:#06x} {}",
                disassemble(lo as u32, pc, self.hart.isa.exts)
            ),
            Ok(lo) => match self.hart.mem.load::<u16>(pc + 2) {
                Ok(hi) => {
                    let b = (hi as u32) << 16 | lo as u32;
                    format!("{b:#010x} {}", disassemble(b, pc, self.hart.isa.exts))
                }
                Err(_) => "(not fetchable)".into(),
            },
            Err(_) => "(not fetchable)".into(),
        };
        let mut regs = String::new();
        for r in [1usize, 2, 10, 11, 12, 13] {
            regs.push_str(&format!(" {}={:#x}", reg_name(r), self.hart.x[r]));
        }
        format!(
            "unhandled trap: {} (cause {}) at pc {:#x}: {}\n  tval={:#x}{}",
            trap.name(),
            trap.cause,
            pc,
            insn,
            trap.tval,
            regs
        )
    }

    fn write_signature(&mut self) -> Result<(), RunError> {
        let (Some((path, gran)), Some((b, e))) = (&self.config.signature, self.signature) else {
            return Ok(());
        };
        let mut bytes = vec![0u8; (e - b) as usize];
        self.hart.mem.read_bytes(b, &mut bytes).map_err(|f| {
            RunError::Fatal(format!("signature region unreadable at {:#x}", f.addr))
        })?;
        std::fs::write(path, signature_text(&bytes, *gran)).map_err(|err| {
            RunError::Fatal(format!("{}: cannot write signature: {err}", path.display()))
        })
    }
}
