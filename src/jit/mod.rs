//! The translation tier: hot pre-decoded blocks become host functions (Cranelift).
//!
//! A block of `engine::CodeCache` that has run `hot` times is translated when its
//! instructions (or a prefix of them) are covered: RV64I and M inline, loads and
//! stores through the memory's translation cache inline (anything but a plain
//! aligned hit calls the interpreter's own access path), the common scalar F/D
//! instructions inline with their handler as the slow path (`translate/fp`), the
//! rest of F/D/Zfh and A through a call of the instruction's handler. Guest x-registers live in Cranelift variables
//! inside the function and are written back at every exit; `pc` and `instret` are
//! exact at every exit, so a trap at instruction k of a block looks exactly as it
//! does under the interpreter (pc of that instruction, k instructions retired,
//! the registers of those k written). A block that branches back to its own start
//! loops inside the function while the budget lasts and no store event was raised;
//! the checks at that back edge are the ones `run_blocks` makes after every block,
//! so block boundaries, and with them every budget and event exit, are the
//! interpreter's. Everything else (CSR, system, vector, NPU, uncovered ops) stays
//! interpreted: a block is translated up to its first uncovered instruction, and
//! the engine interprets the rest of that block.

mod translate;

use crate::exec::Insn;
use crate::machine::{Hart, Trap};
use cranelift_jit::{JITBuilder, JITModule};

/// A translated block: `(hart, ctx) -> exit code` (one of `EXIT_*`).
pub type BlockFn = unsafe extern "C" fn(*mut Hart, *mut Ctx) -> u64;

/// The block ran to its end (possibly several times round its own loop): `hart.pc`
/// and `hart.instret` are set as after an interpreted block.
pub const EXIT_DONE: u64 = 0;
/// Instruction `ctx.val` raised `ctx.trap`: `hart.instret` counts the instructions
/// before it, `hart.pc` is what the interpreter leaves there (the block's start, or
/// for its last instruction the fall-through).
pub const EXIT_TRAP: u64 = 1;
/// The translated prefix ended before instruction `ctx.val`, which the interpreter
/// runs next (with the rest of the block); `hart.pc` is still the block's start.
pub const EXIT_PARTIAL: u64 = 2;

/// What translated code reads and writes besides the hart.
#[repr(C)]
pub struct Ctx {
    /// The memory's translation cache (`Memory::tlb_raw`).
    pub tlb: *const u8,
    /// The budget: a self-loop goes round again only while `instret < until`.
    pub until: u64,
    /// A helper's result, or the index of the instruction an exit refers to.
    pub val: u64,
    pub trap: Trap,
    /// Inline FP fast paths taken (counted only with `Jit::count_fp`, a test hook).
    pub fp_fast: u64,
    /// Inline FP instructions that took their slow path (the handler).
    pub fp_slow: u64,
}

impl Default for Ctx {
    fn default() -> Self {
        Ctx {
            tlb: std::ptr::null(),
            until: 0,
            val: 0,
            trap: Trap::new(0, 0),
            fp_fast: 0,
            fp_slow: 0,
        }
    }
}

/// Default number of runs after which a block is translated (measured: see
/// bench/README.md, "Issue 17").
pub const DEFAULT_HOT: u32 = 64;

/// The tier's state: the code generator (created on first use, so that short runs
/// pay nothing) and counters.
pub struct Jit {
    pub enabled: bool,
    /// Runs of a block before it is translated (>= 1).
    pub hot: u32,
    module: Option<JITModule>,
    /// Set when the host has no Cranelift backend: the tier stays off.
    broken: bool,
    pub ctx: Ctx,
    /// Blocks translated (whole or a prefix) since the start of the run.
    pub translated: u64,
    /// Blocks that had nothing to translate, or that Cranelift refused.
    pub refused: u64,
    /// Entries into translated code.
    pub entries: u64,
    /// FP instructions translated inline (`jit::translate`'s `fp`).
    pub fp_inline: u64,
    /// Translations count their FP fast paths in `ctx.fp_fast` (a test hook; it
    /// costs a memory increment per FP instruction).
    pub count_fp: bool,
}

impl Default for Jit {
    fn default() -> Self {
        Jit {
            enabled: false,
            hot: DEFAULT_HOT,
            module: None,
            broken: false,
            ctx: Ctx::default(),
            translated: 0,
            refused: 0,
            entries: 0,
            fp_inline: 0,
            count_fp: false,
        }
    }
}

impl Drop for Jit {
    fn drop(&mut self) {
        self.free();
    }
}

impl Jit {
    /// Drops every translation (with `CodeCache::flush`, which drops the blocks whose
    /// functions they were).
    pub fn free(&mut self) {
        if let Some(m) = self.module.take() {
            // SAFETY: no translated function is running (translations are only entered
            // from `run_blocks`, which is not on the stack when the code cache is
            // flushed or dropped), and every pointer to one lives in a block of the
            // code cache, which the caller drops together with this module.
            unsafe { m.free_memory() };
        }
    }

    fn module(&mut self) -> Option<&mut JITModule> {
        if self.module.is_none() && !self.broken {
            match new_module() {
                Ok(m) => self.module = Some(m),
                Err(_) => self.broken = true,
            }
        }
        self.module.as_mut()
    }

    /// Translates `insns` (a block of the code cache, which must outlive the result),
    /// or a covered prefix of it. None: nothing covered, or the generator refused.
    pub fn translate(&mut self, hart: &Hart, insns: &[Insn]) -> Option<BlockFn> {
        let has_c = hart.isa.has(crate::isa::ext::C);
        let kernel = (hart.npu.kernel_lo, hart.npu.kernel_hi);
        let plan = translate::plan(insns, has_c, kernel);
        let count_fp = self.count_fp;
        let mut inline = 0;
        let f = match (plan, self.module()) {
            (Some(mut plan), Some(m)) => {
                plan.count_fp = count_fp;
                inline = plan.fp_inline();
                translate::compile(m, insns, &plan).ok()
            }
            _ => None,
        };
        if f.is_some() {
            self.fp_inline += inline;
            self.translated += 1;
        } else {
            self.refused += 1;
        }
        f
    }
}

fn new_module() -> Result<JITModule, String> {
    use cranelift_codegen::settings::{self, Configurable};
    let mut flags = settings::builder();
    for (k, v) in [
        ("use_colocated_libcalls", "false"),
        ("is_pic", "false"),
        ("opt_level", "none"),
        ("enable_verifier", "false"),
    ] {
        flags.set(k, v).map_err(|e| e.to_string())?;
    }
    let isa = cranelift_native::builder()
        .map_err(str::to_string)?
        .finish(settings::Flags::new(flags))
        .map_err(|e| e.to_string())?;
    Ok(JITModule::new(JITBuilder::with_isa(
        isa,
        cranelift_module::default_libcall_names(),
    )))
}

/// Runs translated block `f`.
#[inline(always)]
pub fn enter(f: BlockFn, hart: &mut Hart, ctx: &mut Ctx) -> u64 {
    // SAFETY: `f` was generated by `translate::compile` for a block that is still in
    // the code cache (translations are dropped with their blocks), with the signature
    // `BlockFn`. It accesses only `hart`'s registers, pc, instret and event byte at
    // offsets taken from this build's layout, `ctx`, guest pages through translation
    // cache entries that are hits (live host pages, accesses inside them), and the
    // helpers below, each given these same two pointers, which are valid and unaliased
    // for the duration of the call.
    unsafe { f(hart, ctx) }
}

// Helpers called from translated code. Each takes the hart and the context as raw
// pointers (they come straight from `enter`'s arguments) and returns 0 on success
// or 1 with the trap in `ctx.trap`.

macro_rules! load_helpers {
    ($($name:ident: $t:ty;)*) => {$(
        /// The interpreter's load path for an access that missed the inline hit path.
        pub(crate) extern "C" fn $name(h: *mut Hart, c: *mut Ctx, addr: u64) -> u64 {
            // SAFETY: called only from translated code, with `enter`'s pointers.
            let (h, c) = unsafe { (&mut *h, &mut *c) };
            match h.load::<$t>(addr) {
                Ok(v) => {
                    c.val = v as u64;
                    0
                }
                Err(t) => {
                    c.trap = t;
                    1
                }
            }
        }
    )*};
}

load_helpers! {
    load_u8: u8;
    load_u16: u16;
    load_u32: u32;
    load_u64: u64;
}

macro_rules! store_helpers {
    ($($name:ident: $t:ty;)*) => {$(
        /// The interpreter's store path (watched pages raise their events there).
        pub(crate) extern "C" fn $name(h: *mut Hart, c: *mut Ctx, addr: u64, v: u64) -> u64 {
            // SAFETY: called only from translated code, with `enter`'s pointers.
            let (h, c) = unsafe { (&mut *h, &mut *c) };
            match h.store::<$t>(addr, v as $t) {
                Ok(()) => 0,
                Err(t) => {
                    c.trap = t;
                    1
                }
            }
        }
    )*};
}

store_helpers! {
    store_u8: u8;
    store_u16: u16;
    store_u32: u32;
    store_u64: u64;
}

/// Runs one instruction through its interpreter handler (F/D/Zfh, A).
pub(crate) extern "C" fn call_handler(h: *mut Hart, c: *mut Ctx, insn: *const Insn) -> u64 {
    // SAFETY: called only from translated code, with `enter`'s pointers; `insn` points
    // into the block the code was translated from, which outlives the translation.
    let (h, c, insn) = unsafe { (&mut *h, &mut *c, &*insn) };
    match (insn.handler)(h, insn) {
        Ok(()) => 0,
        Err(t) => {
            c.trap = *t;
            1
        }
    }
}
