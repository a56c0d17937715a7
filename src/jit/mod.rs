//! The translation tier: hot pre-decoded blocks become host functions (Cranelift).
//!
//! A block of `engine::CodeCache` that has run `hot` times is translated together
//! with the blocks control reaches from it (a region, up to `MAX_REGION` blocks,
//! breadth first over static successors and the return points of calls; blocks
//! must already be decoded and covered whole; the hot block itself may be covered
//! in part). Covered: RV64I and M inline, loads and stores through the memory's
//! translation cache inline (anything but a plain aligned hit calls the
//! interpreter's own access path), the common scalar F/D instructions inline with
//! their handler as the slow path (`translate/fp`), the rest of F/D/Zfh and A
//! through a call of the instruction's handler. Guest x-registers live in Cranelift variables and are
//! written through to the hart as they are defined, so every exit and call-out
//! finds them current; `pc` and `instret` are exact at every exit, so a trap at
//! instruction k of a block looks exactly as it does under the interpreter (pc of
//! that instruction, k instructions retired, the registers of those k written).
//! Between two blocks of the region the function makes the checks `run_blocks`
//! makes after every block (the budget, and a memory event, which a call-out
//! reports by clearing `Ctx::until`), so block boundaries, and with them every
//! budget and event exit, are the interpreter's. The same checks let a region go on
//! into another region by a tail call (chaining): a static exit through its link
//! cell (`Links`, filled by `run_blocks` the first time it enters a translation at
//! the exit's target), a dynamic one through the chain table (`Ctx::chain`), so hot
//! code returns to the engine only at budget ends, events, traps and untranslated
//! code. Each block's head loads the guest registers the block reads; only a
//! block's loop back to itself keeps them in host registers.
//! Slow paths (a translation-cache miss, a handler call-out) call their helper
//! through a preserve-all trampoline with the arguments in `Ctx`, so that they
//! clobber and constrain no register of the hot code. Everything else (CSR, system,
//! vector, NPU, uncovered ops) stays interpreted: a hot block is translated up to
//! its first uncovered instruction, and the engine interprets the rest of it.

mod translate;

use crate::machine::Insn;
use crate::machine::{Hart, Trap};
use cranelift_jit::{JITBuilder, JITModule};

/// A translated region: a host function `(hart, ctx) -> exit code` (one of
/// `EXIT_*`) in Cranelift's `tail` calling convention, so that a region can end in
/// a tail call of the next (chaining); Rust enters it through `Jit::enter`.
#[derive(Clone, Copy)]
pub struct BlockFn(*const u8);

/// The C-convention entry trampoline (`translate::entry_trampoline`):
/// `(hart, ctx, region) -> exit code`.
type EntryFn = unsafe extern "C" fn(*mut Hart, *mut Ctx, *const u8) -> u64;

/// Slots of the chain table (`Ctx::chain`), a power of two.
pub const CHAIN_SLOTS: usize = 1024;

/// The chain-table slot of a pc (`translate` emits the same computation).
#[inline(always)]
pub fn chain_slot(pc: u64) -> usize {
    ((pc >> 1) as usize) & (CHAIN_SLOTS - 1)
}

/// Link cells per chunk of `Links`.
const LINK_CHUNK: usize = 512;

/// The link cells of static region exits: each holds the translation of the exit's
/// target once `run_blocks` has seen one there (0 before), and the exit tail-calls
/// it. Chunks never move, so a cell's address can be a constant in generated code;
/// they are all cleared with the translations (`Jit::free`).
#[derive(Default)]
pub(crate) struct Links {
    chunks: Vec<Box<[u64; LINK_CHUNK]>>,
    used: usize,
}

impl Links {
    /// A fresh cell (0).
    pub(crate) fn cell(&mut self) -> *mut u64 {
        if self.used == self.chunks.len() * LINK_CHUNK {
            self.chunks.push(Box::new([0; LINK_CHUNK]));
        }
        let (c, k) = (self.used / LINK_CHUNK, self.used % LINK_CHUNK);
        self.used += 1;
        &mut self.chunks[c][k]
    }
}

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
    /// The budget: control goes on to another block of the region only while
    /// `instret < until`. The helpers set it to 0 when an access or handler raised a
    /// memory event (a code write, a watched page), so that the region ends at the
    /// block's end as `run_blocks` would.
    pub until: u64,
    /// A helper's result, or the index of the instruction an exit refers to.
    pub val: u64,
    /// The pc of the instruction an `EXIT_TRAP` refers to.
    pub pc: u64,
    pub trap: Trap,
    /// A helper's status, stored by its trampoline: 0, or 1 with the trap in `trap`.
    pub status: u64,
    /// The helpers' trampolines, indexed by `Helper` (set with the module).
    pub helpers: [usize; HELPER_COUNT],
    /// A helper's arguments after `hart` and `ctx` (stored by translated code).
    pub args: [u64; 2],
    /// The chain table: `(pc, translation)` per `chain_slot(pc)`, filled by
    /// `run_blocks` as it enters translations and read by a region's dynamic exits.
    /// An empty slot's pc is odd, so that no jump target matches it.
    pub chain: *mut [(u64, u64); CHAIN_SLOTS],
    /// Set by a static exit whose link cell is empty: the cell's address, for
    /// `run_blocks` to fill with the translation it next enters (at the exit's
    /// target, `hart.pc`); 0 otherwise. `run_blocks` clears it.
    pub link: u64,
    /// Inline FP fast paths taken (counted only with `Jit::count_fp`, a test hook).
    pub fp_fast: u64,
    /// Inline FP instructions that took their slow path (the handler).
    pub fp_slow: u64,
}

impl Ctx {
    /// After a call-out: a raised memory event ends the region at its block's end.
    #[inline(always)]
    fn attend(&mut self, h: &Hart) {
        if h.mem.events != 0 {
            self.until = 0;
        }
    }
}

impl Default for Ctx {
    fn default() -> Self {
        Ctx {
            tlb: std::ptr::null(),
            until: 0,
            val: 0,
            pc: 0,
            trap: Trap::new(0, 0),
            status: 0,
            helpers: [0; HELPER_COUNT],
            args: [0; 2],
            chain: std::ptr::null_mut(),
            link: 0,
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
    /// The code generator (its helper trampolines are in `ctx.helpers`) and its
    /// entry trampoline.
    module: Option<(JITModule, EntryFn)>,
    /// Link cells of static exits, and the chain table (`Ctx::chain`); both hold
    /// pointers to translations and are cleared with them.
    links: Links,
    /// `CHAIN_SLOTS` slots once the module exists (empty before: a run that
    /// translates nothing allocates nothing).
    chain: Vec<(u64, u64)>,
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
            links: Links::default(),
            chain: Vec::new(),
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
        self.links = Links::default();
        self.chain.fill((1, 0));
        if let Some((m, _)) = self.module.take() {
            // SAFETY: no translated function is running (translations are only entered
            // from `run_blocks`, which is not on the stack when the code cache is
            // flushed or dropped), and every pointer to one lives in a block of the
            // code cache, which the caller drops together with this module.
            unsafe { m.free_memory() };
        }
    }

    fn module(&mut self) -> Option<&mut JITModule> {
        if self.module.is_none() && !self.broken {
            let made = new_module().and_then(|mut m| {
                let helpers = translate::trampolines(&mut m)?;
                let entry = translate::entry_trampoline(&mut m)?;
                Ok((m, helpers, entry))
            });
            match made {
                Ok((m, helpers, entry)) => {
                    // SAFETY: `entry` is the function `entry_trampoline` just generated,
                    // with `EntryFn`'s signature in the host's C calling convention.
                    let entry = unsafe { std::mem::transmute::<usize, EntryFn>(entry) };
                    self.module = Some((m, entry));
                    self.ctx.helpers = helpers;
                    // The table is on the heap: its address outlives moves of the Jit.
                    self.chain = vec![(1, 0); CHAIN_SLOTS];
                    self.ctx.chain = self.chain.as_mut_ptr().cast();
                }
                Err(_) => self.broken = true,
            }
        }
        self.module.as_mut().map(|(m, _)| m)
    }

    /// Translates the region that grows from block `root` of the code cache (whose
    /// blocks must outlive the result): `root`, or a covered prefix of it, and, when
    /// it is covered whole, the blocks control reaches from it (`block(pc)` gives the
    /// decoded block at a pc, if any) that are covered whole, breadth first, up to
    /// `MAX_REGION` blocks. None: nothing covered, or the generator refused.
    pub fn translate<'a>(
        &mut self,
        hart: &Hart,
        root: &'a [Insn],
        block: impl Fn(u64) -> Option<&'a [Insn]>,
    ) -> Option<BlockFn> {
        let has_c = hart.isa.has(crate::isa::ext::C);
        let kernel = (hart.npu.kernel_lo, hart.npu.kernel_hi);
        let kinds = translate::cover(root, has_c, kernel);
        let count_fp = self.count_fp;
        let mut inline = 0;
        self.module();
        let f = match &mut self.module {
            Some((m, _)) if !kinds.is_empty() => {
                let mut plan = translate::Plan {
                    blocks: vec![root],
                    kinds: vec![kinds],
                    has_c,
                    count_fp,
                };
                let mut next = 0;
                while next < plan.blocks.len() && plan.blocks.len() < MAX_REGION {
                    let b = plan.blocks[next];
                    next += 1;
                    if plan.kinds[next - 1].len() < b.len() {
                        continue;
                    }
                    for pc in translate::successors(b) {
                        if plan.blocks.len() >= MAX_REGION
                            || plan.blocks.iter().any(|b| b[0].pc == pc)
                        {
                            continue;
                        }
                        if let Some(s) = block(pc) {
                            let k = translate::cover(s, has_c, kernel);
                            if k.len() == s.len() {
                                plan.blocks.push(s);
                                plan.kinds.push(k);
                            }
                        }
                    }
                }
                inline = plan.fp_inline();
                translate::compile(m, &mut self.links, &plan).ok()
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

/// Most code-cache blocks in one translated region (a dynamic jump compares its
/// target with each of them). Measured on bench int_mix (callgrind, host
/// instructions, compile + run): 4 blocks 3.93 G, 8 blocks 4.10 G, 16 blocks 5.5 G:
/// compile time grows faster than the entries saved.
const MAX_REGION: usize = 4;

fn new_module() -> Result<JITModule, String> {
    use cranelift_codegen::settings::{self, Configurable};
    let mut flags = settings::builder();
    for (k, v) in [
        ("use_colocated_libcalls", "false"),
        ("is_pic", "false"),
        // Measured on bench int_mix (callgrind, host instructions, compile + run):
        // "speed" beats "none" by 2% at four blocks per region; the single-pass
        // register allocator compiles faster but its code costs 35% more.
        ("opt_level", "speed"),
        ("enable_verifier", "false"),
        // Cranelift's tail calls (chaining) need frame pointers.
        ("preserve_frame_pointers", "true"),
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

impl Jit {
    /// Runs translated region `f` (and the regions it chains to).
    #[inline(always)]
    pub fn enter(&mut self, f: BlockFn, hart: &mut Hart) -> u64 {
        let Some((_, entry)) = self.module else {
            unreachable!("a translation exists only with its module")
        };
        // SAFETY: `entry` and `f` were generated by this module, which is alive (a
        // translation is dropped with its block, and both with the module), `entry`
        // with `EntryFn`'s signature, `f` and every region it chains to with
        // `BlockFn`'s. They access only `hart`'s registers, pc, instret and event byte at
        // offsets taken from this build's layout, the context, guest pages through
        // translation-cache entries that are hits (live host pages, accesses inside
        // them), link cells and chain slots (which hold only live translations), and
        // the helpers below, each given these same two pointers, which are valid and
        // unaliased for the duration of the call.
        unsafe { entry(hart, &mut self.ctx, f.0) }
    }

    /// Records that translation `f` runs at `pc`: in the chain table, and in the link
    /// cell a static exit to `pc` left in `link` (see `Ctx::link`), if any.
    #[inline(always)]
    pub fn note_entry(&mut self, pc: u64, f: BlockFn, link: u64) {
        self.chain[chain_slot(pc)] = (pc, f.0 as u64);
        if link != 0 {
            // SAFETY: `link` came from `Ctx::link`, set by an exit of a translation of
            // this module to the address of one of `self.links`' cells, which live as
            // long as the module.
            unsafe { *(link as *mut u64) = f.0 as u64 };
        }
    }
}

/// The helpers translated code calls on its slow paths (through trampolines,
/// `translate::trampolines`), as indices into `helpers()` and `Ctx::helpers`.
#[derive(Clone, Copy)]
pub(crate) enum Helper {
    Load8,
    Load16,
    Load32,
    Load64,
    Store8,
    Store16,
    Store32,
    Store64,
    Handler,
}

/// How many helpers there are.
pub(crate) const HELPER_COUNT: usize = 9;

/// Each helper's address and argument count, in `Helper` order.
fn helpers() -> [(usize, usize); HELPER_COUNT] {
    [
        (load_u8 as *const () as usize, 3),
        (load_u16 as *const () as usize, 3),
        (load_u32 as *const () as usize, 3),
        (load_u64 as *const () as usize, 3),
        (store_u8 as *const () as usize, 4),
        (store_u16 as *const () as usize, 4),
        (store_u32 as *const () as usize, 4),
        (store_u64 as *const () as usize, 4),
        (call_handler as *const () as usize, 3),
    ]
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
            let r = h.load::<$t>(addr);
            c.attend(h);
            match r {
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
            let r = h.store::<$t>(addr, v as $t);
            c.attend(h);
            match r {
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
    let r = (insn.handler)(h, insn);
    c.attend(h);
    match r {
        Ok(()) => 0,
        Err(t) => {
            c.trap = *t;
            1
        }
    }
}
