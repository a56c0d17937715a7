//! Region -> Cranelift IR. `cover` decides what of a block is covered, `successors`
//! where a block can go; `compile` emits one function per region (see the module
//! comment of `jit` for the contract).
//!
//! Every instruction's semantics here are those of its interpreter handler in
//! `exec::base` / `exec::muldiv` (the handler names are given beside each case);
//! the both-tiers difftest (tests/jit.rs) checks them against each other.

use super::{BlockFn, CHAIN_SLOTS, Ctx, EXIT_DONE, EXIT_PARTIAL, EXIT_TRAP};
use crate::isa::{Class, Op};
use crate::machine::Insn;
use crate::machine::memory::{PAGE_SHIFT, TLB_LAYOUT};
use crate::machine::{Hart, Trap, cause};
use cranelift_codegen::ir::condcodes::IntCC;
use cranelift_codegen::ir::types::{I8, I16, I32, I64};
use cranelift_codegen::ir::{
    AbiParam, Block, InstBuilder, MemFlagsData, SigRef, Signature, Type, Value,
};
use cranelift_frontend::{FunctionBuilder, FunctionBuilderContext, Variable};
use cranelift_jit::JITModule;
use cranelift_module::Module;
use std::mem::offset_of;

/// How an instruction is translated.
#[derive(Clone, Copy, PartialEq, Eq)]
pub(super) enum Kind {
    /// Generated inline.
    Inline,
    /// A call of its interpreter handler (registers synchronised around it).
    Call,
    /// Scalar FP inline, its handler as the slow path (`fp`).
    Fp,
}

#[path = "fp.rs"]
mod fp;

/// A region: code-cache blocks translated into one function. Block 0 (the hot block
/// the region grew from) may be covered only up to a prefix; every other block is
/// covered whole.
pub(super) struct Plan<'a> {
    pub(super) blocks: Vec<&'a [Insn]>,
    pub(super) kinds: Vec<Vec<Kind>>,
    pub(super) has_c: bool,
    /// Count inline FP fast paths in `Ctx::fp_fast` (a test hook).
    pub(super) count_fp: bool,
}

/// Whether `op` (an `exec_as` op) has an inline translation.
fn inline_op(op: Op) -> bool {
    use Op::*;
    matches!(
        op,
        Lui | Auipc
            | Jal
            | Jalr
            | Beq
            | Bne
            | Blt
            | Bge
            | Bltu
            | Bgeu
            | Lb
            | Lh
            | Lw
            | Ld
            | Lbu
            | Lhu
            | Lwu
            | Sb
            | Sh
            | Sw
            | Sd
            | Addi
            | Slti
            | Sltiu
            | Xori
            | Ori
            | Andi
            | Slli
            | Srli
            | Srai
            | Add
            | Sub
            | Sll
            | Slt
            | Sltu
            | Xor
            | Srl
            | Sra
            | Or
            | And
            | Addiw
            | Slliw
            | Srliw
            | Sraiw
            | Addw
            | Subw
            | Sllw
            | Srlw
            | Sraw
            | Fence
            | Mul
            | Mulh
            | Mulhsu
            | Mulhu
            | Div
            | Divu
            | Rem
            | Remu
            | Mulw
            | Divw
            | Divuw
            | Remw
            | Remuw
    )
}

fn kind(insn: &Insn, has_c: bool, kernel: (u64, u64)) -> Option<Kind> {
    // The NPU kernel range's instructions carry their own wrapping handlers.
    let (lo, hi) = kernel;
    if lo < hi && insn.pc >= lo && insn.pc <= hi {
        return None;
    }
    let info = insn.op.info();
    let op = info.exec_as;
    if inline_op(op) {
        let static_target = matches!(
            op,
            Op::Jal | Op::Beq | Op::Bne | Op::Blt | Op::Bge | Op::Bltu | Op::Bgeu
        );
        // A misaligned static target traps (without C): left to the interpreter.
        if static_target && !has_c && insn.pc.wrapping_add(insn.imm as u64) & 2 != 0 {
            return None;
        }
        return Some(Kind::Inline);
    }
    if let Some(k) = fp::kind(insn) {
        return Some(k);
    }
    let plain = matches!(
        op.info().class,
        Class::Fpload
            | Class::Fpstore
            | Class::Fpalu
            | Class::Fpmul
            | Class::Fpdiv
            | Class::Fpfma
            | Class::Fpcvt
            | Class::Fpcmp
            | Class::Fpmisc
            | Class::Amo
    );
    (plain && !info.ends_block && !op.info().ends_block).then_some(Kind::Call)
}

impl Plan<'_> {
    /// FP instructions translated inline.
    pub(super) fn fp_inline(&self) -> u64 {
        self.kinds
            .iter()
            .flatten()
            .filter(|&&k| k == Kind::Fp)
            .count() as u64
    }
}

/// How much of `insns` can be translated: the kinds of its covered prefix (empty:
/// none of it).
pub(super) fn cover(insns: &[Insn], has_c: bool, kernel: (u64, u64)) -> Vec<Kind> {
    insns.iter().map_while(|i| kind(i, has_c, kernel)).collect()
}

/// Where control can go after a block that is covered whole: its static successors
/// (branch target and fall-through, a jump's target, the fall-through of a block cut
/// at its size or page limit) and, for a block that ends in `jalr`, the return
/// points of the calls it made on the way (a followed `jal` that links), the likely
/// dynamic targets.
pub(super) fn successors(insns: &[Insn]) -> Vec<u64> {
    let last = insns[insns.len() - 1];
    let mut out = Vec::new();
    match last.op.info().exec_as {
        Op::Beq | Op::Bne | Op::Blt | Op::Bge | Op::Bltu | Op::Bgeu => {
            out.push(last.pc.wrapping_add(last.imm as u64));
            out.push(last.next_pc());
        }
        Op::Jal => out.push(last.pc.wrapping_add(last.imm as u64)),
        Op::Jalr => {}
        _ => out.push(last.next_pc()),
    }
    out.extend(return_points(insns));
    out
}

/// The return addresses of the linking jumps a block follows (calls inlined by the
/// decoder), excluding its last instruction.
fn return_points(insns: &[Insn]) -> impl Iterator<Item = u64> + '_ {
    insns[..insns.len() - 1]
        .iter()
        .filter(|i| i.op.info().exec_as == Op::Jal && i.rd != 0)
        .map(|i| i.next_pc())
}

/// `hart.pc` as the interpreter leaves it before instruction `i` of a block: the
/// target of the last jump the decoder followed before it (its handler set pc), or
/// the block's start.
fn pc_before(insns: &[Insn], i: usize) -> u64 {
    insns[..i]
        .iter()
        .rev()
        .find(|x| x.op.info().exec_as == Op::Jal)
        .map_or(insns[0].pc, |j| j.pc.wrapping_add(j.imm as u64))
}

const X_OFF: i32 = offset_of!(Hart, x) as i32;
const PC_OFF: i32 = offset_of!(Hart, pc) as i32;
const INSTRET_OFF: i32 = offset_of!(Hart, instret) as i32;
const CTX_TLB: i32 = offset_of!(Ctx, tlb) as i32;
const CTX_UNTIL: i32 = offset_of!(Ctx, until) as i32;
const CTX_VAL: i32 = offset_of!(Ctx, val) as i32;
const CTX_PC: i32 = offset_of!(Ctx, pc) as i32;
const CTX_STATUS: i32 = offset_of!(Ctx, status) as i32;
const CTX_HELPERS: i32 = offset_of!(Ctx, helpers) as i32;
const CTX_ARGS: i32 = offset_of!(Ctx, args) as i32;
const CTX_CHAIN: i32 = offset_of!(Ctx, chain) as i32;
const CTX_LINK: i32 = offset_of!(Ctx, link) as i32;
const CTX_CAUSE: i32 = (offset_of!(Ctx, trap) + offset_of!(Trap, cause)) as i32;
const CTX_TVAL: i32 = (offset_of!(Ctx, trap) + offset_of!(Trap, tval)) as i32;

/// x-registers an instruction reads and writes (bit r; x0 and the sink excluded).
fn regs(insn: &Insn, k: Kind) -> (u32, u32) {
    use Op::*;
    let bit = |r: u8| if (1..32).contains(&r) { 1u32 << r } else { 0 };
    let (r1, r2, d) = (bit(insn.rs1), bit(insn.rs2), bit(insn.rd));
    if k == Kind::Call {
        // The handler reads guest registers from the hart (synchronised before the
        // call); only a written rd needs a variable.
        return (d, d);
    }
    if k == Kind::Fp {
        return fp::xregs(insn);
    }
    match insn.op.info().exec_as {
        Lui | Auipc | Jal => (0, d),
        Fence => (0, 0),
        Jalr | Lb | Lh | Lw | Ld | Lbu | Lhu | Lwu | Addi | Slti | Sltiu | Xori | Ori | Andi
        | Slli | Srli | Srai | Addiw | Slliw | Srliw | Sraiw => (r1, d),
        Sb | Sh | Sw | Sd | Beq | Bne | Blt | Bge | Bltu | Bgeu => (r1 | r2, 0),
        _ => (r1 | r2, d),
    }
}

struct T<'a, 'b, 'c> {
    /// Cells for the static exits' links (`super::Links`).
    links: &'c mut super::Links,
    /// The regions' signature, for tail calls.
    region_sig: SigRef,
    b: FunctionBuilder<'b>,
    insns: &'a [Insn],
    hart: Value,
    ctx: Value,
    vars: [Variable; 32],
    ir: Variable,
    tmp: Variable,
    /// `ctx.tlb`, loaded at entry.
    tlb: Variable,
    /// The signature of the helper trampolines.
    tramp_sig: SigRef,
    has_c: bool,
    /// The region's blocks: start pc and the Cranelift block that enters it (loading
    /// the registers it reads), then the one that runs it, and the block being emitted.
    heads: Vec<(u64, Block)>,
    bodies: Vec<Block>,
    current: usize,
    /// Blocks that end in a jump or branch back to their own start.
    self_loop: Vec<bool>,
    /// Registers defined and not yet written back (`set`, `flush`).
    dirty: u32,
    /// See `emit_exit_block`.
    exit_block: Block,
    fp: fp::Fp,
}

fn flags() -> MemFlagsData {
    MemFlagsData::new().with_notrap()
}

impl T<'_, '_, '_> {
    fn iconst(&mut self, v: u64) -> Value {
        self.b.ins().iconst(I64, v as i64)
    }

    fn get(&mut self, r: u8) -> Value {
        if r == 0 || r >= 32 {
            self.iconst(0)
        } else {
            self.b.use_var(self.vars[r as usize])
        }
    }

    /// Defines guest register `r`. It is written back to the hart by `flush`, at
    /// the end of its block (not before, in a block that loops to itself) and on
    /// every path out of it before that (exits, handler call-outs), so a value
    /// stays live at most to its block's end (keeping all of them live to every exit
    /// of the region spilled them in loops).
    fn set(&mut self, r: u8, v: Value) {
        if (1..32).contains(&r) {
            self.b.def_var(self.vars[r as usize], v);
            self.dirty |= 1 << r;
        }
    }

    /// Writes the registers defined since they were last loaded back to the hart,
    /// on the current path.
    fn flush(&mut self) {
        for r in 1..32 {
            if self.dirty >> r & 1 != 0 {
                let v = self.b.use_var(self.vars[r]);
                self.b
                    .ins()
                    .store(flags(), v, self.hart, X_OFF + 8 * r as i32);
            }
        }
    }

    /// Leaves the function: registers back, `instret += retired` (on top of the
    /// variable), `pc`, `ctx.val = val`, return `code`.
    fn exit(&mut self, pc: Value, retired: u64, code: u64, val: Option<u64>) {
        self.flush();
        if let Some(v) = val {
            let v = self.iconst(v);
            self.b.ins().store(flags(), v, self.ctx, CTX_VAL);
        }
        let ir = self.b.use_var(self.ir);
        let ir = self.b.ins().iadd_imm_s(ir, retired as i64);
        let code = self.iconst(code);
        self.b
            .ins()
            .jump(self.exit_block, &[pc.into(), ir.into(), code.into()]);
    }

    /// The one way out of the function, shared by every exit (so that the register
    /// write-back is emitted once): `(pc, instret, code)`.
    fn emit_exit_block(&mut self) {
        let e = self.exit_block;
        self.b.switch_to_block(e);
        let [pc, ir, code] = [0, 1, 2].map(|k| self.b.block_params(e)[k]);
        self.fp_exit();
        self.b.ins().store(flags(), ir, self.hart, INSTRET_OFF);
        self.b.ins().store(flags(), pc, self.hart, PC_OFF);
        self.b.ins().return_(&[code]);
    }

    /// Instruction `i` of the current block traps (the trap is in `ctx.trap`).
    fn trap_exit(&mut self, i: usize) {
        // `hart.pc` as the interpreter leaves it (the trap's own pc goes with the
        // event, in `ctx.pc`): the block's start, or the fall-through for its last
        // instruction.
        let n = self.insns.len();
        let pc = if i + 1 == n {
            self.insns[i].next_pc()
        } else {
            pc_before(self.insns, i)
        };
        let at = self.iconst(self.insns[i].pc);
        self.b.ins().store(flags(), at, self.ctx, CTX_PC);
        let pc = self.iconst(pc);
        self.exit(pc, i as u64, EXIT_TRAP, Some(i as u64));
    }

    /// Where a jump to the region block starting at `pc`, if any, goes: its body
    /// for the block being emitted if that loops to itself (the loop keeps its
    /// registers), its head otherwise.
    fn head(&self, pc: u64) -> Option<Block> {
        let j = self.heads.iter().position(|h| h.0 == pc)?;
        Some(if j == self.current && self.self_loop[j] {
            self.bodies[j]
        } else {
            self.heads[j].1
        })
    }

    /// The end of a block of `n` instructions: control goes to `pc`. Inside the region
    /// it goes on after the checks `run_blocks` makes between blocks (a store event,
    /// the budget); otherwise, or when a check fails, the function returns.
    fn goto(&mut self, pc: Value, known: Option<u64>, n: usize) {
        let r = self.b.use_var(self.ir);
        let r = self.b.ins().iadd_imm_s(r, n as i64);
        self.b.def_var(self.ir, r);
        // Targets: the static one, or for a dynamic one every region block the
        // value may name (compared in turn).
        let targets: Vec<(u64, Block)> = match known {
            Some(t) => self.head(t).map(|b| (t, b)).into_iter().collect(),
            None => self
                .heads
                .iter()
                .filter_map(|&(t, _)| Some((t, self.head(t)?)))
                .collect(),
        };
        // `ctx.until` is also how a call-out reports a memory event (`Ctx::until`).
        let until = self.b.ins().load(I64, flags(), self.ctx, CTX_UNTIL);
        let go = self.b.ins().icmp(IntCC::UnsignedLessThan, r, until);
        let on = self.b.create_block();
        let out = self.b.create_block();
        self.b.ins().brif(go, on, &[], out, &[]);
        self.b.switch_to_block(on);
        let j = self.current;
        if known != Some(self.heads[j].0) || !self.self_loop[j] {
            self.flush();
        }
        if let (Some(_), Some(&(_, head))) = (known, targets.first()) {
            self.b.ins().jump(head, &[]);
        } else {
            for (t, head) in targets {
                let hit = self.b.ins().icmp_imm_s(IntCC::Equal, pc, t as i64);
                let next = self.b.create_block();
                self.b.ins().brif(hit, head, &[], next, &[]);
                self.b.switch_to_block(next);
            }
            self.chain(pc, known, out);
        }
        self.b.switch_to_block(out);
        self.exit(pc, 0, EXIT_DONE, None);
    }

    /// Leaves the region for `pc` (outside it; the checks passed) by a tail call of
    /// the translation there: for a static target through the exit's link cell (empty
    /// until `run_blocks` fills it: then the exit leaves the cell in `ctx.link` and
    /// returns), for a dynamic one through the chain table. No translation known:
    /// control goes to `out`, the plain exit.
    fn chain(&mut self, pc: Value, known: Option<u64>, out: Block) {
        let f = match known {
            Some(_) => {
                let cell = self.links.cell() as u64;
                let cell = self.iconst(cell);
                let f = self.b.ins().load(I64, flags(), cell, 0);
                let empty = self.b.create_block();
                let call = self.b.create_block();
                self.b.set_cold_block(empty);
                self.b.ins().brif(f, call, &[], empty, &[]);
                self.b.switch_to_block(empty);
                self.b.ins().store(flags(), cell, self.ctx, CTX_LINK);
                self.b.ins().jump(out, &[]);
                self.b.switch_to_block(call);
                f
            }
            None => {
                // `super::chain_slot`: ((pc >> 1) & (CHAIN_SLOTS - 1)) * 16.
                let table = self.b.ins().load(I64, flags(), self.ctx, CTX_CHAIN);
                let slot = self.b.ins().ishl_imm_s(pc, 3);
                let slot = self
                    .b
                    .ins()
                    .band_imm_s(slot, ((CHAIN_SLOTS - 1) << 4) as i64);
                let e = self.b.ins().iadd(table, slot);
                let tag = self.b.ins().load(I64, flags(), e, 0);
                let hit = self.b.ins().icmp(IntCC::Equal, tag, pc);
                let call = self.b.create_block();
                self.b.ins().brif(hit, call, &[], out, &[]);
                self.b.switch_to_block(call);
                self.b.ins().load(I64, flags(), e, 8)
            }
        };
        let ir = self.b.use_var(self.ir);
        self.fp_exit();
        self.b.ins().store(flags(), ir, self.hart, INSTRET_OFF);
        self.b
            .ins()
            .return_call_indirect(self.region_sig, f, &[self.hart, self.ctx]);
    }

    /// `check` on a slow path: the code that goes on after it is cold too (laid out
    /// away from the hot path, which then needs no jump over it).
    fn slow_check(&mut self, fault: Value, i: usize) {
        self.check(fault, i);
        let rest = self
            .b
            .current_block()
            .expect("check leaves a current block");
        self.b.set_cold_block(rest);
    }

    /// Continues when `fault` is zero; otherwise instruction `i` traps.
    fn check(&mut self, fault: Value, i: usize) {
        let trap = self.b.create_block();
        let ok = self.b.create_block();
        self.b.set_cold_block(trap);
        self.b.ins().brif(fault, trap, &[], ok, &[]);
        self.b.switch_to_block(trap);
        self.trap_exit(i);
        self.b.switch_to_block(ok);
    }

    /// Calls helper `h` with `hart`, `ctx` and `args` through its preserve-all
    /// trampoline (`trampolines`), and returns the status. The arguments go through
    /// `ctx.args` and the trampoline's address is loaded on the slow path itself: the
    /// call clobbers no register and constrains none, so the slow paths leave the hot
    /// code's register allocation alone.
    fn call(&mut self, h: super::Helper, args: &[Value]) -> Value {
        assert!(
            args.len() <= 2,
            "a helper takes at most two arguments besides hart and ctx"
        );
        for (k, &a) in args.iter().enumerate() {
            self.b
                .ins()
                .store(flags(), a, self.ctx, CTX_ARGS + 8 * k as i32);
        }
        let at = CTX_HELPERS + 8 * h as i32;
        let tramp = self.b.ins().load(I64, flags(), self.ctx, at);
        self.b
            .ins()
            .call_indirect(self.tramp_sig, tramp, &[self.hart, self.ctx]);
        self.b.ins().load(I64, flags(), self.ctx, CTX_STATUS)
    }

    /// The host address of an access of `size` bytes at `addr` through the
    /// translation cache, with the branch to `slow` on a miss (another page, a
    /// misaligned access, or for a store an entry stores may not use); see
    /// `TlbLayout`.
    fn tlb_probe(&mut self, addr: Value, size: u32, store: bool, slow: Block) -> Value {
        let l = &TLB_LAYOUT;
        // The entry's offset, ((addr >> PAGE_SHIFT) & (entries - 1)) * stride, as a
        // shift and a mask (the stride is a power of two below the page size).
        let shift = l.stride.trailing_zeros() as i64;
        let off = self.b.ins().ushr_imm_s(addr, PAGE_SHIFT as i64 - shift);
        let off = self
            .b
            .ins()
            .band_imm_s(off, ((l.entries - 1) << shift) as i64);
        let tlb = self.b.use_var(self.tlb);
        let e = self.b.ins().iadd(tlb, off);
        let keep = !(((1u64 << PAGE_SHIFT) - 1) & !(size as u64 - 1));
        let want = self.b.ins().band_imm_s(addr, keep as i64);
        let tag_at = if store { l.store_tag } else { l.tag };
        let tag = self.b.ins().load(I64, flags(), e, tag_at as i32);
        let miss = self.b.ins().icmp(IntCC::NotEqual, want, tag);
        let fast = self.b.create_block();
        self.b.ins().brif(miss, slow, &[], fast, &[]);
        self.b.switch_to_block(fast);
        let addend = self.b.ins().load(I64, flags(), e, l.addend as i32);
        self.b.ins().iadd(addend, addr)
    }

    /// A load of `size` bytes, extended to 64 bits (`Hart::load_or_trap`).
    fn load(&mut self, i: usize, addr: Value, size: u32, signed: bool) -> Value {
        let slow = self.b.create_block();
        let join = self.b.create_block();
        self.b.set_cold_block(slow);
        let p = self.tlb_probe(addr, size, false, slow);
        let ins = self.b.ins();
        let v = match (size, signed) {
            (1, false) => ins.uload8(I64, flags(), p, 0),
            (1, true) => ins.sload8(I64, flags(), p, 0),
            (2, false) => ins.uload16(I64, flags(), p, 0),
            (2, true) => ins.sload16(I64, flags(), p, 0),
            (4, false) => ins.uload32(flags(), p, 0),
            (4, true) => ins.sload32(flags(), p, 0),
            _ => ins.load(I64, flags(), p, 0),
        };
        self.b.def_var(self.tmp, v);
        self.b.ins().jump(join, &[]);

        self.b.switch_to_block(slow);
        let helper = match size {
            1 => super::Helper::Load8,
            2 => super::Helper::Load16,
            4 => super::Helper::Load32,
            _ => super::Helper::Load64,
        };
        let st = self.call(helper, &[addr]);
        self.slow_check(st, i);
        let raw = self.b.ins().load(I64, flags(), self.ctx, CTX_VAL);
        let v = if signed && size < 8 {
            let ty: Type = match size {
                1 => I8,
                2 => I16,
                _ => I32,
            };
            let n = self.b.ins().ireduce(ty, raw);
            self.b.ins().sextend(I64, n)
        } else {
            raw
        };
        self.b.def_var(self.tmp, v);
        self.b.ins().jump(join, &[]);

        self.b.switch_to_block(join);
        self.b.use_var(self.tmp)
    }

    /// A store of the low `size` bytes of `v` (`Hart::store_or_trap`).
    fn store(&mut self, i: usize, addr: Value, v: Value, size: u32) {
        let slow = self.b.create_block();
        let join = self.b.create_block();
        self.b.set_cold_block(slow);
        let p = self.tlb_probe(addr, size, true, slow);
        let ins = self.b.ins();
        match size {
            1 => ins.istore8(flags(), v, p, 0),
            2 => ins.istore16(flags(), v, p, 0),
            4 => ins.istore32(flags(), v, p, 0),
            _ => ins.store(flags(), v, p, 0),
        };
        self.b.ins().jump(join, &[]);

        self.b.switch_to_block(slow);
        let helper = match size {
            1 => super::Helper::Store8,
            2 => super::Helper::Store16,
            4 => super::Helper::Store32,
            _ => super::Helper::Store64,
        };
        let st = self.call(helper, &[addr, v]);
        self.slow_check(st, i);
        self.b.ins().jump(join, &[]);

        self.b.switch_to_block(join);
    }

    fn sext32(&mut self, v: Value) -> Value {
        let n = self.b.ins().ireduce(I32, v);
        self.b.ins().sextend(I64, n)
    }

    fn bool64(&mut self, cc: IntCC, a: Value, b: Value) -> Value {
        let c = self.b.ins().icmp(cc, a, b);
        self.b.ins().uextend(I64, c)
    }

    /// RISC-V division of `ty` values (`muldiv::div`/`divu`/`rem`/`remu` and their W
    /// forms): x / 0 = all ones, x % 0 = x, MIN / -1 = MIN, MIN % -1 = 0; never traps.
    fn divide(&mut self, ty: Type, a: Value, b: Value, signed: bool, rem: bool) -> Value {
        let zero = self.b.ins().icmp_imm_s(IntCC::Equal, b, 0);
        let one = self.b.ins().iconst(ty, 1);
        let unsafe_divisor = if signed {
            let min = if ty == I32 { i32::MIN as i64 } else { i64::MIN };
            let a_min = self.b.ins().icmp_imm_s(IntCC::Equal, a, min);
            let b_m1 = self.b.ins().icmp_imm_s(IntCC::Equal, b, -1);
            let ovf = self.b.ins().band(a_min, b_m1);
            self.b.ins().bor(zero, ovf)
        } else {
            zero
        };
        let d = self.b.ins().select(unsafe_divisor, one, b);
        let ins = self.b.ins();
        let r = match (signed, rem) {
            (false, false) => ins.udiv(a, d),
            (false, true) => ins.urem(a, d),
            (true, false) => ins.sdiv(a, d),
            (true, true) => ins.srem(a, d),
        };
        // Divisor one covers the overflow case (MIN / 1 = MIN, MIN % 1 = 0); zero:
        let on_zero = if rem { a } else { self.b.ins().iconst(ty, -1) };
        self.b.ins().select(zero, on_zero, r)
    }

    fn divide64(&mut self, rs1: u8, rs2: u8, signed: bool, rem: bool) -> Value {
        let (a, b) = (self.get(rs1), self.get(rs2));
        self.divide(I64, a, b, signed, rem)
    }

    fn divide32(&mut self, rs1: u8, rs2: u8, signed: bool, rem: bool) -> Value {
        let (a, b) = (self.get(rs1), self.get(rs2));
        let a = self.b.ins().ireduce(I32, a);
        let b = self.b.ins().ireduce(I32, b);
        let r = self.divide(I32, a, b, signed, rem);
        self.b.ins().sextend(I64, r)
    }

    /// A control transfer to `target` (dynamic) that traps when misaligned without C
    /// (`base::jump_to`).
    fn check_target(&mut self, i: usize, target: Value) {
        if self.has_c {
            return;
        }
        let bad = self.b.ins().band_imm_s(target, 2);
        let trap = self.b.create_block();
        let ok = self.b.create_block();
        self.b.set_cold_block(trap);
        self.b.ins().brif(bad, trap, &[], ok, &[]);
        self.b.switch_to_block(trap);
        let c = self.iconst(cause::MISALIGNED_FETCH);
        self.b.ins().store(flags(), c, self.ctx, CTX_CAUSE);
        self.b.ins().store(flags(), target, self.ctx, CTX_TVAL);
        self.trap_exit(i);
        self.b.switch_to_block(ok);
    }

    /// Emits instruction `i`. A control transfer returns (taken condition, target),
    /// with None as the condition for an unconditional one.
    fn insn(&mut self, i: usize, k: Kind) -> Option<(Option<Value>, Value)> {
        let insn = self.insns[i];
        if k == Kind::Call {
            // The handler reads its operands from the hart.
            self.flush();
            self.fp_before_call(&insn);
            let p = self.iconst(&self.insns[i] as *const Insn as u64);
            let st = self.call(super::Helper::Handler, &[p]);
            self.check(st, i);
            if (1..32).contains(&insn.rd) {
                let v = self
                    .b
                    .ins()
                    .load(I64, flags(), self.hart, X_OFF + 8 * insn.rd as i32);
                self.b.def_var(self.vars[insn.rd as usize], v);
            }
            self.fp_after_call(&insn);
            return None;
        }
        if k == Kind::Fp {
            self.fp_insn(i);
            return None;
        }
        use Op::*;
        let (rd, rs1, rs2, imm) = (insn.rd, insn.rs1, insn.rs2, insn.imm);
        let op = insn.op.info().exec_as;
        macro_rules! rr {
            (|$a:ident, $b2:ident| $e:expr) => {{
                let $a = self.get(rs1);
                let $b2 = self.get(rs2);
                let v = $e;
                self.set(rd, v);
            }};
        }
        macro_rules! ri {
            (|$a:ident| $e:expr) => {{
                let $a = self.get(rs1);
                let v = $e;
                self.set(rd, v);
            }};
        }
        match op {
            Lui => {
                let v = self.iconst(imm as u64);
                self.set(rd, v);
            }
            Auipc => {
                let v = self.iconst(insn.pc.wrapping_add(imm as u64));
                self.set(rd, v);
            }
            Jal => {
                let target = self.iconst(insn.pc.wrapping_add(imm as u64));
                let link = self.iconst(insn.next_pc());
                self.set(rd, link);
                return Some((None, target));
            }
            Jalr => {
                let base = self.get(rs1);
                let t = self.b.ins().iadd_imm_s(base, imm);
                let target = self.b.ins().band_imm_s(t, !1);
                self.check_target(i, target);
                let link = self.iconst(insn.next_pc());
                self.set(rd, link);
                return Some((None, target));
            }
            Beq | Bne | Blt | Bge | Bltu | Bgeu => {
                let cc = match op {
                    Beq => IntCC::Equal,
                    Bne => IntCC::NotEqual,
                    Blt => IntCC::SignedLessThan,
                    Bge => IntCC::SignedGreaterThanOrEqual,
                    Bltu => IntCC::UnsignedLessThan,
                    _ => IntCC::UnsignedGreaterThanOrEqual,
                };
                let (a, b) = (self.get(rs1), self.get(rs2));
                let c = self.b.ins().icmp(cc, a, b);
                let target = self.iconst(insn.pc.wrapping_add(imm as u64));
                return Some((Some(c), target));
            }
            Lb | Lh | Lw | Ld | Lbu | Lhu | Lwu => {
                let (size, signed) = match op {
                    Lb => (1, true),
                    Lh => (2, true),
                    Lw => (4, true),
                    Ld => (8, false),
                    Lbu => (1, false),
                    Lhu => (2, false),
                    _ => (4, false),
                };
                let base = self.get(rs1);
                let addr = self.b.ins().iadd_imm_s(base, imm);
                let v = self.load(i, addr, size, signed);
                self.set(rd, v);
            }
            Sb | Sh | Sw | Sd => {
                let size = match op {
                    Sb => 1,
                    Sh => 2,
                    Sw => 4,
                    _ => 8,
                };
                let base = self.get(rs1);
                let addr = self.b.ins().iadd_imm_s(base, imm);
                let v = self.get(rs2);
                self.store(i, addr, v, size);
            }
            Addi => ri!(|a| self.b.ins().iadd_imm_s(a, imm)),
            Slti => ri!(|a| {
                let c = self.b.ins().icmp_imm_s(IntCC::SignedLessThan, a, imm);
                self.b.ins().uextend(I64, c)
            }),
            Sltiu => ri!(|a| {
                let c = self.b.ins().icmp_imm_s(IntCC::UnsignedLessThan, a, imm);
                self.b.ins().uextend(I64, c)
            }),
            Xori => ri!(|a| self.b.ins().bxor_imm_s(a, imm)),
            Ori => ri!(|a| self.b.ins().bor_imm_s(a, imm)),
            Andi => ri!(|a| self.b.ins().band_imm_s(a, imm)),
            Slli => ri!(|a| self.b.ins().ishl_imm_s(a, imm & 63)),
            Srli => ri!(|a| self.b.ins().ushr_imm_s(a, imm & 63)),
            Srai => ri!(|a| self.b.ins().sshr_imm_s(a, imm & 63)),
            Add => rr!(|a, b| self.b.ins().iadd(a, b)),
            Sub => rr!(|a, b| self.b.ins().isub(a, b)),
            Sll => rr!(|a, b| self.b.ins().ishl(a, b)),
            Slt => rr!(|a, b| self.bool64(IntCC::SignedLessThan, a, b)),
            Sltu => rr!(|a, b| self.bool64(IntCC::UnsignedLessThan, a, b)),
            Xor => rr!(|a, b| self.b.ins().bxor(a, b)),
            Srl => rr!(|a, b| self.b.ins().ushr(a, b)),
            Sra => rr!(|a, b| self.b.ins().sshr(a, b)),
            Or => rr!(|a, b| self.b.ins().bor(a, b)),
            And => rr!(|a, b| self.b.ins().band(a, b)),
            Addiw => ri!(|a| {
                let s = self.b.ins().iadd_imm_s(a, imm);
                self.sext32(s)
            }),
            Slliw | Srliw | Sraiw => ri!(|a| {
                let n = self.b.ins().ireduce(I32, a);
                let sh = imm & 31;
                let r = match op {
                    Slliw => self.b.ins().ishl_imm_s(n, sh),
                    Srliw => self.b.ins().ushr_imm_s(n, sh),
                    _ => self.b.ins().sshr_imm_s(n, sh),
                };
                self.b.ins().sextend(I64, r)
            }),
            Addw => rr!(|a, b| {
                let s = self.b.ins().iadd(a, b);
                self.sext32(s)
            }),
            Subw => rr!(|a, b| {
                let s = self.b.ins().isub(a, b);
                self.sext32(s)
            }),
            Sllw | Srlw | Sraw => rr!(|a, b| {
                let n = self.b.ins().ireduce(I32, a);
                let sh = self.b.ins().band_imm_s(b, 31);
                let r = match op {
                    Sllw => self.b.ins().ishl(n, sh),
                    Srlw => self.b.ins().ushr(n, sh),
                    _ => self.b.ins().sshr(n, sh),
                };
                self.b.ins().sextend(I64, r)
            }),
            Fence => {}
            Mul => rr!(|a, b| self.b.ins().imul(a, b)),
            Mulh => rr!(|a, b| self.b.ins().smulhi(a, b)),
            Mulhu => rr!(|a, b| self.b.ins().umulhi(a, b)),
            Mulhsu => rr!(|a, b| {
                // hi(signed a * unsigned b) = hi(unsigned a * b) - (a < 0 ? b : 0).
                let hu = self.b.ins().umulhi(a, b);
                let sign = self.b.ins().sshr_imm_s(a, 63);
                let corr = self.b.ins().band(sign, b);
                self.b.ins().isub(hu, corr)
            }),
            Mulw => rr!(|a, b| {
                let p = self.b.ins().imul(a, b);
                self.sext32(p)
            }),
            Div | Divu | Rem | Remu | Divw | Divuw | Remw | Remuw => {
                let signed = matches!(op, Div | Rem | Divw | Remw);
                let rem = matches!(op, Rem | Remu | Remw | Remuw);
                let v = if matches!(op, Div | Divu | Rem | Remu) {
                    self.divide64(rs1, rs2, signed, rem)
                } else {
                    self.divide32(rs1, rs2, signed, rem)
                };
                self.set(rd, v);
            }
            // `plan` admits only the ops above.
            _ => unreachable!("uncovered op {op:?} in a translation plan"),
        }
        None
    }
}

/// Generates the function for the region `plan`.
pub(super) fn compile(
    m: &mut JITModule,
    links: &mut super::Links,
    plan: &Plan,
) -> Result<BlockFn, String> {
    let ptr = m.target_config().pointer_type();
    debug_assert_eq!(ptr, I64);
    let sig = region_sig();

    let mut ctx = m.make_context();
    ctx.func.signature = sig.clone();
    let mut fctx = FunctionBuilderContext::new();
    let mut b = FunctionBuilder::new(&mut ctx.func, &mut fctx);
    let tramp_sig = b.import_signature(tramp_sig());
    let region_sig = b.import_signature(sig.clone());
    let vars: [Variable; 32] = std::array::from_fn(|_| b.declare_var(I64));
    let ir = b.declare_var(I64);
    let tmp = b.declare_var(I64);

    let entry = b.create_block();
    b.append_block_params_for_function_params(entry);
    b.switch_to_block(entry);
    let hart = b.block_params(entry)[0];
    let cx = b.block_params(entry)[1];
    let all: Vec<Insn> = plan.blocks.iter().flat_map(|b| b.iter().copied()).collect();
    let all_kinds: Vec<Kind> = plan.kinds.iter().flatten().copied().collect();
    let fp = fp::Fp::entry(&mut b, &all, &all_kinds, (hart, cx), plan.count_fp);
    let v = b.ins().load(I64, flags(), hart, INSTRET_OFF);
    b.def_var(ir, v);
    let tlb = b.declare_var(I64);
    let v = b.ins().load(I64, flags(), cx, CTX_TLB);
    b.def_var(tlb, v);
    let heads: Vec<(u64, Block)> = plan
        .blocks
        .iter()
        .map(|insns| (insns[0].pc, b.create_block()))
        .collect();
    let bodies: Vec<Block> = plan.blocks.iter().map(|_| b.create_block()).collect();
    b.ins().jump(heads[0].1, &[]);
    // Each block's head loads the registers the block reads before writing them (the
    // hart has them all: blocks write theirs back at their end) and goes on to its
    // body; only a block's jump back to itself keeps them in host registers. So an
    // outer loop's values do not stay live, and spill, through the inner loops of a
    // region. A block that loops to itself writes its registers back only when it
    // leaves the loop: its head also loads those it writes, so that the write-back
    // has a value for each on every path.
    let self_loop: Vec<bool> = plan
        .blocks
        .iter()
        .zip(&plan.kinds)
        .map(|(insns, kinds)| {
            let last = insns[insns.len() - 1];
            kinds.len() == insns.len()
                && matches!(
                    last.op.info().exec_as,
                    Op::Jal | Op::Beq | Op::Bne | Op::Blt | Op::Bge | Op::Bltu | Op::Bgeu
                )
                && last.pc.wrapping_add(last.imm as u64) == insns[0].pc
        })
        .collect();
    let mut loop_writes = vec![0u32; plan.blocks.len()];
    for (j, (insns, kinds)) in plan.blocks.iter().zip(&plan.kinds).enumerate() {
        b.switch_to_block(heads[j].1);
        let (mut reads, mut defined) = (0u32, 0u32);
        for (insn, &k) in insns.iter().zip(kinds) {
            let (r, w) = regs(insn, k);
            reads |= r & !defined;
            defined |= w;
        }
        if self_loop[j] {
            loop_writes[j] = defined;
            reads |= defined;
        }
        for (r, &var) in vars.iter().enumerate().skip(1) {
            if reads >> r & 1 != 0 {
                let v = b.ins().load(I64, flags(), hart, X_OFF + 8 * r as i32);
                b.def_var(var, v);
            }
        }
        b.ins().jump(bodies[j], &[]);
    }
    let exit_block = b.create_block();
    for _ in 0..3 {
        b.append_block_param(exit_block, I64);
    }

    let mut t = T {
        links,
        region_sig,
        b,
        insns: plan.blocks[0],
        hart,
        ctx: cx,
        vars,
        ir,
        tmp,
        tlb,
        tramp_sig,
        has_c: plan.has_c,
        heads,
        bodies,
        current: 0,
        self_loop,
        dirty: 0,
        exit_block,
        fp,
    };
    for (j, (insns, kinds)) in plan.blocks.iter().zip(&plan.kinds).enumerate() {
        let body = t.bodies[j];
        t.b.switch_to_block(body);
        t.current = j;
        // A loop's body starts with the registers it writes pending (from the last
        // round, or loaded by the head).
        t.dirty = loop_writes[j];
        t.insns = *insns;
        t.fp_block_start();
        let mut transfer = None;
        for (i, &k) in kinds.iter().enumerate() {
            transfer = t.insn(i, k);
        }
        let n = kinds.len();
        if n < insns.len() {
            // Only block 0 is covered in part: the interpreter runs the rest of it,
            // from instruction n (`ctx.pc` names the block).
            let start = t.iconst(insns[0].pc);
            t.b.ins().store(flags(), start, t.ctx, CTX_PC);
            let pc = t.iconst(pc_before(insns, n));
            t.exit(pc, n as u64, EXIT_PARTIAL, Some(n as u64));
            continue;
        }
        let fall = insns[n - 1].next_pc();
        match transfer {
            Some((Some(c), target)) => {
                let taken_pc = insns[n - 1].pc.wrapping_add(insns[n - 1].imm as u64);
                let (taken, not_taken) = (t.b.create_block(), t.b.create_block());
                t.b.ins().brif(c, taken, &[], not_taken, &[]);
                t.b.switch_to_block(taken);
                t.goto(target, Some(taken_pc), n);
                t.b.switch_to_block(not_taken);
                let next = t.iconst(fall);
                t.goto(next, Some(fall), n);
            }
            // `transfer` is the last instruction's: a jump sets pc (statically for
            // `jal`), anything else falls through.
            Some((None, target)) => {
                let last = insns[n - 1];
                let known = (last.op.info().exec_as == Op::Jal)
                    .then(|| last.pc.wrapping_add(last.imm as u64));
                t.goto(target, known, n);
            }
            None => {
                let next = t.iconst(fall);
                t.goto(next, Some(fall), n);
            }
        }
    }
    t.emit_exit_block();
    t.b.seal_all_blocks();
    let fc = m.target_config();
    t.b.finalize(fc);

    let dump = std::env::var_os("NPU_SPIKE_JIT_DUMP").is_some();
    let (code, vcode) = define(m, &mut ctx, &sig, dump)?;
    if let Some(vcode) = vcode {
        let pcs: Vec<String> = plan
            .blocks
            .iter()
            .map(|b| format!("{:#x}+{}", b[0].pc, b.len()))
            .collect();
        eprintln!("jit region {} at {code:p}:\n{vcode}", pcs.join(" "));
    }
    Ok(BlockFn(code))
}

/// Compiles the function built in `ctx` (signature `sig`) into the module and
/// returns its entry, with Cranelift's listing of its host code when `disasm`.
fn define(
    m: &mut JITModule,
    ctx: &mut cranelift_codegen::Context,
    sig: &Signature,
    disasm: bool,
) -> Result<(*const u8, Option<String>), String> {
    let id = m
        .declare_anonymous_function(sig)
        .map_err(|e| e.to_string())?;
    ctx.set_disasm(disasm);
    m.define_function(id, ctx).map_err(|e| e.to_string())?;
    let vcode = if disasm {
        ctx.compiled_code().and_then(|c| c.vcode.clone())
    } else {
        None
    };
    m.clear_context(ctx);
    m.finalize_definitions().map_err(|e| e.to_string())?;
    Ok((m.get_finalized_function(id), vcode))
}

/// The signature of every region: `(hart, ctx) -> exit code`, in the calling
/// convention that allows tail calls.
fn region_sig() -> Signature {
    let mut s = Signature::new(cranelift_codegen::isa::CallConv::Tail);
    s.params.push(AbiParam::new(I64));
    s.params.push(AbiParam::new(I64));
    s.returns.push(AbiParam::new(I64));
    s
}

/// Generates a module's entry trampoline, `super::EntryFn`: a C function of
/// `(hart, ctx, region)` that calls the region (`region_sig`) and returns its exit
/// code.
pub(super) fn entry_trampoline(m: &mut JITModule) -> Result<usize, String> {
    let mut sig = m.make_signature();
    for _ in 0..3 {
        sig.params.push(AbiParam::new(I64));
    }
    sig.returns.push(AbiParam::new(I64));
    let mut ctx = m.make_context();
    ctx.func.signature = sig.clone();
    let mut fctx = FunctionBuilderContext::new();
    let mut b = FunctionBuilder::new(&mut ctx.func, &mut fctx);
    let region = b.import_signature(region_sig());
    let entry = b.create_block();
    b.append_block_params_for_function_params(entry);
    b.switch_to_block(entry);
    let p = b.block_params(entry).to_vec();
    let call = b.ins().call_indirect(region, p[2], &[p[0], p[1]]);
    let code = b.inst_results(call)[0];
    b.ins().return_(&[code]);
    b.seal_all_blocks();
    b.finalize(m.target_config());
    Ok(define(m, &mut ctx, &sig, false)?.0 as usize)
}

/// The signature of a helper trampoline, `(hart, ctx)`: preserve-all, so that no
/// register is clobbered at the call site.
fn tramp_sig() -> Signature {
    let mut s = Signature::new(cranelift_codegen::isa::CallConv::PreserveAll);
    s.params.push(AbiParam::new(I64));
    s.params.push(AbiParam::new(I64));
    s
}

/// Generates a module's helper trampolines (`super::helpers()`, in order): each
/// calls its helper (C calling convention) with `hart`, `ctx` and the helper's other
/// arguments from `ctx.args`, and stores the status the helper returns in
/// `ctx.status`. Being preserve-all functions, they save what the C call clobbers,
/// on the slow path only.
pub(super) fn trampolines(m: &mut JITModule) -> Result<[usize; super::HELPER_COUNT], String> {
    let mut out = [0; super::HELPER_COUNT];
    for (k, &(f, n)) in super::helpers().iter().enumerate() {
        let sig = tramp_sig();
        let mut c_sig = m.make_signature();
        for _ in 0..n {
            c_sig.params.push(AbiParam::new(I64));
        }
        c_sig.returns.push(AbiParam::new(I64));
        let mut ctx = m.make_context();
        ctx.func.signature = sig.clone();
        let mut fctx = FunctionBuilderContext::new();
        let mut b = FunctionBuilder::new(&mut ctx.func, &mut fctx);
        let c_sig = b.import_signature(c_sig);
        let entry = b.create_block();
        b.append_block_params_for_function_params(entry);
        b.switch_to_block(entry);
        let (hart, cx) = (b.block_params(entry)[0], b.block_params(entry)[1]);
        let mut args = vec![hart, cx];
        for k in 0..n - 2 {
            args.push(b.ins().load(I64, flags(), cx, CTX_ARGS + 8 * k as i32));
        }
        let callee = b.ins().iconst(I64, f as i64);
        let call = b.ins().call_indirect(c_sig, callee, &args);
        let status = b.inst_results(call)[0];
        b.ins().store(flags(), status, cx, CTX_STATUS);
        b.ins().return_(&[]);
        b.seal_all_blocks();
        b.finalize(m.target_config());
        out[k] = define(m, &mut ctx, &sig, false)?.0 as usize;
    }
    Ok(out)
}
