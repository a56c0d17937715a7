//! The execution engine: pre-decoded basic blocks and the dispatch loop.
//!
//! A block is decoded once from its start pc up to the first instruction that ends a
//! block (control flow, CSR access, system instructions, illegal words), a page
//! boundary, or `MAX_BLOCK` instructions. Running it is a loop of indirect calls with
//! no decoding; retired instructions are counted per block. Stores into a page that
//! holds decoded code (and `fence.i`) flush the cache.

use crate::isa::Op;
use crate::machine::Insn;
use crate::machine::memory::PAGE_SHIFT;
use crate::machine::{Hart, Trap};
use std::collections::HashMap;
use std::hash::{BuildHasherDefault, Hasher};

const MAX_BLOCK: usize = 64;
const JUMP_CACHE: usize = 4096;

/// Cheap hash for pcs (they are already well distributed in the low bits).
#[derive(Default)]
pub struct PcHasher(u64);
impl Hasher for PcHasher {
    fn finish(&self) -> u64 {
        self.0
    }
    fn write(&mut self, _: &[u8]) {
        unreachable!("only u64 keys")
    }
    fn write_u64(&mut self, v: u64) {
        self.0 = (v >> 1).wrapping_mul(0x9e37_79b9_7f4a_7c15);
    }
}

pub struct Block {
    pub insns: Box<[Insn]>,
    /// Runs so far, until the block is considered for translation (`jit::Jit::hot`).
    runs: u32,
    /// The block's translation (or of a prefix of it), once it is hot.
    jit: Option<crate::jit::BlockFn>,
}

pub struct CodeCache {
    blocks: Vec<Block>,
    map: HashMap<u64, u32, BuildHasherDefault<PcHasher>>,
    /// Direct-mapped pc -> block index, checked before the hash map. An empty slot's
    /// tag is `empty_tag(slot)`, a pc that belongs to another slot, so that no pc
    /// (`u64::MAX` included: an ELF entry point can be anything) ever hits it.
    jump: Box<[(u64, u32)]>,
    /// The translation tier (off unless `set_jit` turns it on).
    pub jit: crate::jit::Jit,
}

#[inline(always)]
fn jump_slot(pc: u64) -> usize {
    ((pc >> 1) as usize) & (JUMP_CACHE - 1)
}

/// The tag of an empty jump-cache slot: a pc whose own slot is `slot ^ 1`, so it can
/// never equal a pc looked up in `slot`.
fn empty_tag(slot: usize) -> u64 {
    ((slot ^ 1) as u64) << 1
}

fn empty_jump_cache() -> Box<[(u64, u32)]> {
    (0..JUMP_CACHE).map(|s| (empty_tag(s), 0)).collect()
}

impl Default for CodeCache {
    fn default() -> Self {
        CodeCache {
            blocks: Vec::new(),
            map: HashMap::default(),
            jump: empty_jump_cache(),
            jit: crate::jit::Jit::default(),
        }
    }
}

impl CodeCache {
    /// Turns the translation tier on or off; `hot` runs make a block hot (>= 1).
    pub fn set_jit(&mut self, on: bool, hot: u32) {
        self.jit.enabled = on;
        self.jit.hot = hot.max(1);
    }

    pub fn flush(&mut self) {
        self.blocks.clear();
        // The translations point into the blocks just dropped.
        self.jit.free();
        self.map.clear();
        for (s, e) in self.jump.iter_mut().enumerate() {
            *e = (empty_tag(s), 0);
        }
    }

    /// The block starting at `pc`, decoding it if needed. A fetch fault on the first
    /// instruction is returned as the trap to raise.
    #[inline(always)]
    pub fn lookup(&mut self, hart: &mut Hart, pc: u64) -> Result<u32, Trap> {
        let slot = jump_slot(pc);
        let (tag, index) = self.jump[slot];
        if tag == pc {
            return Ok(index);
        }
        let index = match self.map.get(&pc) {
            Some(&i) => i,
            None => self.build(hart, pc)?,
        };
        self.jump[slot] = (pc, index);
        Ok(index)
    }

    /// The instructions of block `index` (from `lookup`).
    #[inline(always)]
    pub fn block(&self, index: u32) -> &[Insn] {
        &self.blocks[index as usize].insns
    }

    /// Translates the region growing from block `index` (see `jit::Jit::translate`).
    #[cold]
    fn translate(&mut self, hart: &Hart, index: u32) -> Option<crate::jit::BlockFn> {
        let (blocks, map) = (&self.blocks, &self.map);
        self.jit
            .translate(hart, &blocks[index as usize].insns, |pc| {
                map.get(&pc).map(|&i| &*blocks[i as usize].insns)
            })
    }

    #[cold]
    fn build(&mut self, hart: &mut Hart, start: u64) -> Result<u32, Trap> {
        let mut insns = Vec::with_capacity(8);
        let mut pc = start;
        let (lo, hi) = (hart.npu.kernel_lo, hart.npu.kernel_hi);
        let in_kernel = |a: u64| lo < hi && a >= lo && a <= hi;
        loop {
            let bits = match hart.fetch_bits(pc) {
                Ok(b) => b,
                // Spike reports the fault at the address of the missing parcel.
                Err(t) if insns.is_empty() => return Err(t),
                Err(_) => break,
            };
            let (insn, ends) = crate::exec::decode_for(hart, bits, pc);
            for (a, n) in [(pc, 1), (pc.wrapping_add(insn.len as u64 - 1), 1)] {
                let pa = hart.fetch_paddr(a);
                hart.mem.watch_code(pa, n);
            }
            // A direct jump (`j`, `jal`) need not end the block: decoding follows it to its
            // target, whose instructions then run in the same block (the jump's handler
            // sets pc, which the block's last instruction overrides as usual). Not into or
            // out of the NPU kernel range, whose entry and exit handlers keep their own
            // blocks.
            let target = insn.pc.wrapping_add(insn.imm as u64);
            let follow =
                insn.op.info().exec_as == Op::Jal && !in_kernel(insn.pc) && !in_kernel(target);
            pc = if follow {
                target
            } else {
                pc.wrapping_add(insn.len as u64)
            };
            insns.push(insn);
            if (ends && !follow)
                || insns.len() >= MAX_BLOCK
                || (pc >> PAGE_SHIFT) != (start >> PAGE_SHIFT)
            {
                break;
            }
        }
        let index = self.blocks.len() as u32;
        self.blocks.push(Block {
            insns: insns.into_boxed_slice(),
            runs: 0,
            jit: None,
        });
        self.map.insert(start, index);
        Ok(index)
    }
}

/// Why `run_blocks` returned to its caller.
pub enum Event {
    /// An instruction raised `trap`; `pc` is its address. `hart.instret` counts the
    /// instructions before it.
    Trap(Trap, u64),
    /// A store hit a watched page, `fence.i` ran, or an interrupt is pending.
    Attention,
    /// The instruction budget is used up.
    Budget,
}

/// Runs blocks until something needs the caller's attention or `hart.instret`
/// reaches `until`.
pub fn run_blocks(hart: &mut Hart, code: &mut CodeCache, until: u64) -> Event {
    // The link cell the last translated exit left for its target, `hart.pc`
    // (`jit::Ctx::link`), while that is where control is.
    let mut link = 0;
    loop {
        let pc = hart.pc;
        let mut index = match code.lookup(hart, pc) {
            Ok(i) => i,
            Err(t) => return Event::Trap(t, pc),
        };
        let mut from = 0;
        if let Some(f) = code.blocks[index as usize].jit
            && !hart.vm.data
        {
            // Translated code inlines the untranslated-access hit path only.
            let jit = &mut code.jit;
            jit.ctx.tlb = hart.mem.tlb_raw();
            // A pending interrupt ends every block (below): no self-loop then.
            jit.ctx.until = if hart.csr.mip & hart.csr.mie != 0 {
                0
            } else {
                until
            };
            jit.note_entry(pc, f, std::mem::take(&mut link));
            jit.entries += 1;
            match jit.enter(f, hart) {
                crate::jit::EXIT_DONE => {
                    link = std::mem::take(&mut jit.ctx.link);
                    if hart.needs_attention() {
                        return Event::Attention;
                    }
                    if hart.instret >= until {
                        return Event::Budget;
                    }
                    continue;
                }
                crate::jit::EXIT_TRAP => {
                    return Event::Trap(jit.ctx.trap, jit.ctx.pc);
                }
                // The rest of block `ctx.pc` (possibly of a region chained to) is
                // interpreted.
                _ => {
                    from = jit.ctx.val as usize;
                    let start = jit.ctx.pc;
                    index = match code.lookup(hart, start) {
                        Ok(i) => i,
                        Err(t) => return Event::Trap(t, start),
                    };
                }
            }
        } else if code.jit.enabled && code.blocks[index as usize].runs < code.jit.hot {
            let block = &mut code.blocks[index as usize];
            block.runs += 1;
            if block.runs == code.jit.hot {
                let f = code.translate(hart, index);
                code.blocks[index as usize].jit = f;
                if f.is_some() {
                    // Nothing ran yet: look the block up again and enter its translation.
                    continue;
                }
            }
        }
        link = 0;
        let insns = &code.blocks[index as usize].insns[from..];
        let (last, body) = insns.split_last().expect("blocks are never empty");
        // Unrolled by eight: each position gets its own indirect call site, which the
        // host's branch predictor tells apart better than one shared call.
        let mut chunks = body.chunks_exact(8);
        for (c, four) in (&mut chunks).enumerate() {
            for (j, insn) in four.iter().enumerate() {
                if let Err(t) = (insn.handler)(hart, insn) {
                    hart.instret = hart.instret.wrapping_add((8 * c + j) as u64);
                    return Event::Trap(*t, insn.pc);
                }
            }
        }
        let done = body.len() & !7;
        for (k, insn) in chunks.remainder().iter().enumerate() {
            if let Err(t) = (insn.handler)(hart, insn) {
                hart.instret = hart.instret.wrapping_add((done + k) as u64);
                return Event::Trap(*t, insn.pc);
            }
        }
        hart.instret = hart.instret.wrapping_add(body.len() as u64);
        // The last instruction may branch: give it the fall-through pc to overwrite.
        hart.pc = last.next_pc();
        if let Err(t) = (last.handler)(hart, last) {
            return Event::Trap(*t, last.pc);
        }
        hart.instret = hart.instret.wrapping_add(1);
        if hart.needs_attention() {
            return Event::Attention;
        }
        if hart.instret >= until {
            return Event::Budget;
        }
    }
}
