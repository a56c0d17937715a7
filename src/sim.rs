//! A simulation: the hart, its code cache and the host environment (HTIF for
//! bare-metal programs, the proxy kernel for user-mode ones), run to completion.

use crate::config::MachineConfig;
use crate::config::VArch;
use crate::engine::{CodeCache, Event, run_blocks};
use crate::host::htif::{Htif, signature_text};
use crate::host::pk::{self, ProxyKernel};
use crate::host::sandbox::Sandbox;
use crate::isa::{Isa, disassemble, reg_name};
use crate::loader::Program;
use crate::machine::memory::event;
use crate::machine::npu::Npu;
use crate::machine::{Hart, Memory, Region, Trap, VectorUnit, cause};
use crate::timing::{CycleModel, run_blocks_timed};
use crate::trace::Tracer;
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
    /// Stop with an error after this much wall time.
    pub timeout: Option<std::time::Duration>,
    /// `+signature=FILE` and its granularity.
    pub signature: Option<(PathBuf, usize)>,
    /// The NPU machine: lanes, vector length, scratchpad window, kernel range.
    pub machine: MachineConfig,
    /// The guest's working directory, and the directory its files are confined to
    /// (the runtime directory of `run`); None = the current directory, as under
    /// Spike + pk, whose guest `open` is the host's in the process's cwd.
    pub sandbox_root: Option<PathBuf>,
    /// `--base-path`: where the accelerator model and the DMA dumps find
    /// `indirect_access/` and `dma_access/` (it reaches a loaded model as
    /// `run_base_path`). The guest may open files there too; it does not move the
    /// guest's working directory. None: indirect transfers are refused.
    pub base_path: Option<PathBuf>,
    /// Extra host paths the guest may open (`--allow-path`).
    pub allow_paths: Vec<PathBuf>,
    /// The accelerator model's words are timed, not executed (`sample` and gem5 mode
    /// without `--functional`, as in gem5; docs/accel.md): no functional instance of
    /// a loaded model is made, and the built-in units compute nothing.
    pub accel_timing_only: bool,
    /// `-l` and `--log-commits` traces (to stderr unless `--log=FILE`).
    pub log_disasm: bool,
    pub log_commits: bool,
    pub log_file: Option<PathBuf>,
    /// Fatal-trap reports dump every register, not just the usual few.
    pub verbose: bool,
    /// Vector unit geometry (`--varch`).
    pub varch: VArch,
    /// `--no-jit`: interpret everything (the translation tier is on by default;
    /// `NPU_SPIKE_NO_JIT=1` in the environment turns it off too).
    pub no_jit: bool,
    /// Runs that make a block hot (default `jit::DEFAULT_HOT`, or
    /// `NPU_SPIKE_JIT_HOT=N` from the environment).
    pub jit_hot: Option<u32>,
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
    /// The wall-clock limit was reached after this many instructions.
    Timeout(std::time::Duration, u64),
    /// SIGINT/SIGTERM/SIGHUP arrived (see `stop_on_signals`).
    Signal(i32, u64),
    /// Under the proxy kernel, a user access pk would not allow: pk's own report
    /// (register dump, `User <kind> segfault @ 0x…`), which Spike + pk print on
    /// stdout, and with `-v` npu-spike's full trap report (for stderr); exit 255.
    Segfault {
        report: String,
        detail: Option<String>,
    },
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
            RunError::Segfault { report, .. } => f.write_str(report),
            RunError::InsnLimit(n) => write!(
                f,
                "instruction limit reached after {n} instructions (runaway program?)"
            ),
            RunError::Npu { message, at, .. } => write!(f, "{message}\n  {at}"),
            RunError::Signal(sig, n) => write!(
                f,
                "stopped by signal {sig} after {n} instructions; the guest's outputs are left as they were"
            ),
            RunError::Timeout(t, n) => write!(
                f,
                "time limit of {:.3} s reached after {n} instructions (runaway program?)",
                t.as_secs_f64()
            ),
        }
    }
}

impl RunError {
    /// Process exit status for this error (see the exit-status table in docs/cli.md).
    pub fn exit_code(&self) -> i32 {
        match self {
            RunError::Fatal(_) | RunError::Segfault { .. } => 255,
            RunError::InsnLimit(_) | RunError::Timeout(..) => 124,
            RunError::Npu { code, .. } => *code,
            RunError::Signal(sig, _) => 128 + sig,
        }
    }
}

/// See `Simulator::observe_blocks`.
pub type BlockObserver = Box<dyn FnMut(&Hart, Option<(Trap, u64)>) + Send>;

pub struct Simulator {
    pub hart: Hart,
    code: CodeCache,
    pub env: Env,
    config: Config,
    signature: Option<(u64, u64)>,
    tracer: Option<Tracer>,
    /// The cycle model, when sampling (`attach_model`).
    model: Option<Box<CycleModel>>,
    /// Exit status from an m5 exit/fail marker.
    m5_exit: Option<u64>,
    /// `observe_blocks`: called at every exit from the engine, which then runs one
    /// block at a time.
    observer: Option<BlockObserver>,
}

/// The signal that asked the run to stop (0: none), set by `stop_on_signals`.
static STOP_SIGNAL: std::sync::atomic::AtomicUsize = std::sync::atomic::AtomicUsize::new(0);

/// Makes SIGINT, SIGTERM and SIGHUP end the run at the next check (every 64 Ki
/// instructions) through the normal error path, so the guest's staged outputs are
/// discarded rather than left half-written.
pub fn stop_on_signals() {
    use signal_hook::consts::{SIGHUP, SIGINT, SIGTERM};
    for sig in [SIGINT, SIGTERM, SIGHUP] {
        // SAFETY: the handler only stores to an atomic, which is async-signal-safe.
        let r = unsafe {
            signal_hook::low_level::register(sig, move || {
                STOP_SIGNAL.store(sig as usize, std::sync::atomic::Ordering::Relaxed)
            })
        };
        if let Err(e) = r {
            eprintln!("npu-spike: warning: cannot handle signal {sig}: {e}");
        }
    }
}

/// The kind in pk's `User <kind> segfault` for a memory fault cause (access and
/// page faults alike: under the proxy kernel both mean the page is not the
/// program's for that access).
fn segfault_kind(c: u64) -> Option<&'static str> {
    match c {
        cause::FETCH_ACCESS | cause::FETCH_PAGE_FAULT => Some("fetch"),
        cause::LOAD_ACCESS | cause::LOAD_PAGE_FAULT => Some("load"),
        cause::STORE_ACCESS | cause::STORE_PAGE_FAULT => Some("store"),
        _ => None,
    }
}

/// Upper bound on the lanes' vector register files (L × 32 × VLENB bytes).
const MAX_VREG_BYTES: u64 = 1 << 30;

/// `NPU_SPIKE_NO_JIT=1` (or any value but empty and `0`): the tier is off.
fn jit_off_by_env() -> bool {
    std::env::var_os("NPU_SPIKE_NO_JIT").is_some_and(|v| !v.is_empty() && v != "0")
}

/// `NPU_SPIKE_JIT_HOT=N`: translate a block on its N-th run (tests use 1, so that
/// straight-line programs are translated too); unset or unparsable: the default.
fn jit_hot_by_env() -> u32 {
    std::env::var("NPU_SPIKE_JIT_HOT")
        .ok()
        .and_then(|v| v.trim().parse().ok())
        .unwrap_or(crate::jit::DEFAULT_HOT)
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
                size: pk::USER_TOP - pk::USER_BASE,
            }]
        };
        if config.isa.vector && config.isa.min_vlen > config.varch.vlen {
            return Err(format!(
                "the ISA asks for VLEN >= {} (zvl{}b) but --varch has vlen:{}",
                config.isa.min_vlen, config.isa.min_vlen, config.varch.vlen
            ));
        }
        // The vector register files are the one eager allocation: refuse a machine
        // whose L copies cannot reasonably fit, before allocating anything.
        let vregs = config.machine.lanes as u64 * 32 * (config.varch.vlen as u64 / 8);
        if vregs > MAX_VREG_BYTES {
            return Err(format!(
                "{} lanes x 32 registers x VLEN {} need {} MiB of vector registers; the limit is {} MiB",
                config.machine.lanes,
                config.varch.vlen,
                vregs >> 20,
                MAX_VREG_BYTES >> 20
            ));
        }
        let npu = Npu::new(&config.machine, config.base_path.clone());
        let mut regions = regions;
        // The scratchpad window is guest memory at SV (npu-isa.md §2.2): declare it
        // when no region covers it.
        let window = Region {
            base: npu.spad_base,
            size: npu.spad_bytes().div_ceil(4096) * 4096,
        };
        if window.size > 0 && !regions.iter().any(|r| r.contains(window.base)) {
            regions.push(window);
        }
        let mut hart = Hart::new(config.isa.clone(), Memory::new(regions));
        hart.npu = npu;
        // The accelerator model (machine.extlib: --extlib/--model) owns the custom words.
        let source = crate::accel::ModelSource::for_machine(&config.machine)?;
        hart.accel_timing_only = config.accel_timing_only;
        match &source {
            crate::accel::ModelSource::Builtin => {
                hart.accel = Box::new(crate::accel::builtin::Builtin::new(
                    &crate::timing::TimingParams::default(),
                    config.isa.exts,
                ));
            }
            crate::accel::ModelSource::Library(lib) if config.accel_timing_only => {
                hart.accel = Box::new(crate::accel::library::Owner::new(lib));
            }
            crate::accel::ModelSource::Library(_) => {
                hart.accel = source.instance(
                    &config.machine.model_desc(),
                    &crate::timing::TimingParams::default(),
                    config.isa.exts,
                )?;
            }
        }
        hart.v = VectorUnit::new(config.varch, config.machine.lanes as usize);
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
        // Bytes an ELF places in the scratchpad are not visible to the program in the
        // reference setup (npu-isa.md §2.2): the window starts zeroed.
        for s in &prog.segments {
            let (lo, hi) = (s.vaddr, s.vaddr + s.mem_size);
            if lo < window.base + window.size && window.base < hi && window.size > 0 {
                eprintln!(
                    "npu-spike: warning: {}: loadable segment {lo:#x}..{hi:#x} overlaps the scratchpad window {:#x}..{:#x}; the window starts zeroed",
                    prog.path.display(),
                    window.base,
                    window.base + window.size
                );
                hart.mem.zero_range(window.base, window.size);
            }
        }
        let env = if let Some(tohost) = prog.symbol("tohost") {
            hart.pc = prog.entry;
            hart.mem.watch_page(tohost, event::MAILBOX_WRITTEN);
            Env::Bare(Htif::new(tohost, prog.symbol("fromhost")))
        } else {
            let dram = config
                .regions
                .as_ref()
                .and_then(|rs| rs.iter().find(|r| r.contains(DEFAULT_DRAM.base)))
                .map_or(DEFAULT_DRAM.size, |r| r.size);
            let root = match &config.sandbox_root {
                Some(r) => r.clone(),
                None => std::env::current_dir()
                    .map_err(|e| format!("cannot determine the current directory: {e}"))?,
            };
            let mut sandbox = Sandbox::new(&root)?;
            // Files the caller named on the command line are the guest's to use.
            for a in argv.iter().skip(1) {
                sandbox.grant_file(std::path::Path::new(a));
            }
            // The flow's split launch runs each part in runtime/ with --base-path=
            // runtime/partN: the part's dumps and outputs live under the base path.
            for p in config.base_path.iter().chain(&config.allow_paths) {
                sandbox.grant(p);
            }
            let pk = ProxyKernel::start(&mut hart, prog, argv, dram, sandbox)?;
            // pk turns the vector unit on (mstatus.VS) when the ISA has V, as it does the FPU.
            if hart.isa.vector {
                hart.csr.mstatus |= crate::machine::csr::mstatus::VS;
            }
            Env::Pk(pk)
        };
        let tracer = if config.log_disasm || config.log_commits {
            let out: Box<dyn std::io::Write> = match &config.log_file {
                Some(p) => Box::new(std::io::BufWriter::new(
                    std::fs::File::create(p)
                        .map_err(|e| format!("{}: cannot create log file: {e}", p.display()))?,
                )),
                None => Box::new(std::io::BufWriter::new(std::io::stderr())),
            };
            Some(Tracer::new(config.log_disasm, config.log_commits, out))
        } else {
            None
        };
        let signature = match (prog.symbol("begin_signature"), prog.symbol("end_signature")) {
            (Some(b), Some(e)) if e >= b => Some((b, e)),
            _ => None,
        };
        let mut code = CodeCache::default();
        code.set_jit(
            !config.no_jit && !jit_off_by_env(),
            config.jit_hot.unwrap_or_else(jit_hot_by_env),
        );
        Ok(Simulator {
            hart,
            code,
            env,
            config,
            signature,
            tracer,
            model: None,
            m5_exit: None,
            observer: None,
        })
    }

    /// Runs to the guest's exit and returns its exit code. The guest's file writes
    /// are published only if it exits on its own; any error discards them.
    pub fn run(&mut self) -> Result<u64, RunError> {
        let r = self.run_to_exit();
        if let (Ok(_), Some(m)) = (&r, &mut self.model) {
            m.finish();
        }
        if let Some(t) = &mut self.tracer {
            t.flush();
        }
        if let Env::Pk(pk) = &mut self.env {
            match &r {
                Ok(_) => pk.files.commit().map_err(RunError::Fatal)?,
                Err(_) => pk.files.discard(),
            }
        }
        r
    }

    fn run_to_exit(&mut self) -> Result<u64, RunError> {
        let limit = self.config.max_insns.unwrap_or(u64::MAX);
        let deadline = self
            .config
            .timeout
            .map(|t| (t, std::time::Instant::now() + t));
        let mut slices = 0u32;
        // Traps that retired nothing count towards the limit too: a bare-metal guest
        // whose trap handler traps on itself (an illegal word at mtvec) retires no
        // instruction ever, and must still stop at the limit.
        let mut stalls = 0u64;
        loop {
            if let Some(code) = self.exit_code() {
                self.write_signature()?;
                return Ok(code);
            }
            if self.hart.instret.saturating_add(stalls) >= limit {
                return Err(RunError::InsnLimit(self.hart.instret));
            }
            slices = slices.wrapping_add(1);
            let sig = STOP_SIGNAL.load(std::sync::atomic::Ordering::Relaxed);
            if sig != 0 {
                return Err(RunError::Signal(sig as i32, self.hart.instret));
            }
            if let Some((t, at)) = deadline
                && slices.is_multiple_of(64)
                && std::time::Instant::now() >= at
            {
                return Err(RunError::Timeout(t, self.hart.instret));
            }
            let slice = if self.observer.is_some() { 1 } else { SLICE };
            let until = self.hart.instret.saturating_add(slice).min(limit);
            let event = match &mut self.tracer {
                Some(t) => match t.step(&mut self.hart) {
                    Ok(()) if self.hart.mem.events != 0 || self.hart.flush_decode => {
                        Event::Attention
                    }
                    Ok(()) => Event::Budget,
                    Err((t, pc)) => Event::Trap(t, pc),
                },
                None => match &mut self.model {
                    Some(m) => run_blocks_timed(&mut self.hart, &mut self.code, until, m),
                    None => run_blocks(&mut self.hart, &mut self.code, until),
                },
            };
            if let Some(o) = &mut self.observer {
                let trap = match &event {
                    Event::Trap(t, pc) => Some((*t, *pc)),
                    _ => None,
                };
                o(&self.hart, trap);
            }
            match event {
                Event::Trap(t, pc) => {
                    let before = self.hart.instret;
                    self.on_trap(t, pc)?;
                    stalls += (self.hart.instret == before) as u64;
                }
                Event::Attention | Event::Budget => {}
            }
            self.service();
        }
    }

    /// Runs one block per engine call and shows `f` the hart after each, with the
    /// trap and its pc if one was raised (before it, or the event, is handled): the both-tiers difftest compares these.
    pub fn observe_blocks(&mut self, f: BlockObserver) {
        self.observer = Some(f);
    }

    /// The translation tier's counters: (blocks translated, blocks refused,
    /// entries into translated code).
    pub fn jit_stats(&self) -> (u64, u64, u64) {
        let j = &self.code.jit;
        (j.translated, j.refused, j.entries)
    }

    /// The translation tier's FP counters: (FP instructions translated inline, fast
    /// paths taken (only counted after `jit_count_fp(true)`), slow paths taken).
    pub fn jit_fp_stats(&self) -> (u64, u64, u64) {
        let j = &self.code.jit;
        (j.fp_inline, j.ctx.fp_fast, j.ctx.fp_slow)
    }

    /// Test hook: translations made from now on count their FP fast paths.
    pub fn jit_count_fp(&mut self, on: bool) {
        self.code.jit.count_fp = on;
    }

    fn exit_code(&self) -> Option<u64> {
        if self.m5_exit.is_some() {
            return self.m5_exit;
        }
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
            let f = self
                .hart
                .npu
                .fatal
                .take()
                .unwrap_or(crate::machine::npu::Fatal {
                    code: trap.tval as i32,
                    message: "NPU error".into(),
                });
            let at = self.describe_insn(pc);
            return Err(RunError::Npu {
                code: f.code,
                message: f.message,
                at: format!("at pc {pc:#x}: {at}"),
            });
        }
        if trap.cause == cause::M5_EXIT {
            self.hart.instret = self.hart.instret.wrapping_add(1);
            self.m5_exit = Some(trap.tval);
            return Ok(());
        }
        match &mut self.env {
            Env::Pk(pk) if trap.cause == cause::USER_ECALL => {
                self.hart.pc = pc + 4;
                pk.syscall(&mut self.hart);
                self.hart.instret = self.hart.instret.wrapping_add(1);
                if let Some(m) = &mut self.model {
                    m.syscall();
                }
                Ok(())
            }
            _ if trap.cause == cause::NPU_FATAL => {
                let f = self
                    .hart
                    .npu
                    .fatal
                    .take()
                    .unwrap_or(crate::machine::npu::Fatal {
                        code: 255,
                        message: "NPU error".into(),
                    });
                let at = self.describe_insn(pc);
                Err(RunError::Npu {
                    code: f.code,
                    message: f.message,
                    at: format!("at pc {pc:#x}: {at}"),
                })
            }
            Env::Pk(_) if self.hart.mem.paged() => match segfault_kind(trap.cause) {
                Some(kind) => Err(self.pk_segfault(kind, trap, pc)),
                None => Err(RunError::Fatal(self.describe_trap(trap, pc))),
            },
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
        let insn = self.describe_insn(pc);
        let mut regs = String::new();
        if self.config.verbose {
            for r in 1..32usize {
                let sep = if r % 4 == 0 { "\n  " } else { " " };
                regs.push_str(&format!("{sep}{:>4}={:#018x}", reg_name(r), self.hart.x[r]));
            }
            for r in 0..32usize {
                let sep = if r % 4 == 0 { "\n  " } else { " " };
                regs.push_str(&format!(
                    "{sep}{:>4}={:#018x}",
                    format!("f{r}"),
                    self.hart.f[r]
                ));
            }
            regs.push_str(&format!(
                "\n  priv={} instret={} mstatus={:#x} fflags={:#x} frm={}",
                self.hart.prv,
                self.hart.instret,
                self.hart.csr.mstatus,
                self.hart.csr.fflags,
                self.hart.csr.frm
            ));
        } else {
            for r in [1usize, 2, 10, 11, 12, 13] {
                regs.push_str(&format!(" {}={:#x}", reg_name(r), self.hart.x[r]));
            }
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

    /// riscv-pk's report of a user page fault it cannot resolve (`pk/handlers.c`
    /// `segfault`, `pk/console.c` `dump_tf`): x0..x31 four to a line as
    /// `name <16 hex digits>`, then `pc`, the faulting address and sstatus, then
    /// `User <kind> segfault @ 0x<16 hex digits>`. With `-v`, npu-spike's full
    /// trap report comes along.
    fn pk_segfault(&mut self, kind: &str, trap: Trap, pc: u64) -> RunError {
        use crate::machine::csr::mstatus as ms;
        const NAMES: [&str; 32] = [
            "z ", "ra", "sp", "gp", "tp", "t0", "t1", "t2", "s0", "s1", "a0", "a1", "a2", "a3",
            "a4", "a5", "a6", "a7", "s2", "s3", "s4", "s5", "s6", "s7", "s8", "s9", "sA", "sB",
            "t3", "t4", "t5", "t6",
        ];
        let mut out = String::new();
        for (r, name) in NAMES.iter().enumerate() {
            let v = if r == 0 { 0 } else { self.hart.x[r] };
            let sep = if r % 4 == 3 { '\n' } else { ' ' };
            out.push_str(&format!("{name} {v:016x}{sep}"));
        }
        // sstatus as pk's trap entry saved it: user mode (SPP 0), SPIE set (pk runs
        // the program with interrupts enabled), UXL 64, SD when a unit is dirty.
        let m = self.hart.csr.mstatus;
        let mut sr = (m & (ms::VS | ms::FS | ms::XS | ms::SUM | ms::MXR)) | ms::SPIE | (2 << 32);
        if sr & ms::FS == ms::FS || sr & ms::VS == ms::VS || sr & ms::XS == ms::XS {
            sr |= ms::SD;
        }
        out.push_str(&format!(
            "pc {pc:016x} va/inst {:016x} sr {sr:016x}\nUser {kind} segfault @ 0x{:016x}",
            trap.tval, trap.tval
        ));
        let detail = self.config.verbose.then(|| self.describe_trap(trap, pc));
        RunError::Segfault {
            report: out,
            detail,
        }
    }

    /// The instruction at `pc`: its encoding and disassembly.
    pub fn describe_insn(&mut self, pc: u64) -> String {
        if self.config.machine.extlib.is_some()
            && let Ok(w) = self.hart.mem.peek::<u32>(pc)
            && let Some(text) = crate::accel::disassemble_owned(
                self.hart.accel.name(),
                self.hart.accel.encodings(),
                w,
            )
        {
            return format!("{w:#010x} {text}");
        }
        match self.hart.mem.peek::<u16>(pc) {
            Ok(lo) if lo & 3 != 3 => format!(
                "{lo:#06x} {}",
                disassemble(lo as u32, pc, self.hart.isa.exts)
            ),
            Ok(lo) => match self.hart.mem.peek::<u16>(pc + 2) {
                Ok(hi) => {
                    let b = (hi as u32) << 16 | lo as u32;
                    format!("{b:#010x} {}", disassemble(b, pc, self.hart.isa.exts))
                }
                Err(_) => "(not fetchable)".into(),
            },
            Err(_) => "(not fetchable)".into(),
        }
    }

    /// Runs the program under the cycle model `model` (sampling mode): the model sees
    /// every retired instruction; `take_model` returns it after the run.
    pub fn attach_model(&mut self, model: CycleModel) {
        self.model = Some(Box::new(model));
    }

    pub fn take_model(&mut self) -> Option<CycleModel> {
        self.model.take().map(|m| *m)
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
