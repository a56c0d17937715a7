//! Block -> Cranelift IR. `plan` decides what of a block is covered; `compile` emits
//! one function per block (see the module comment of `jit` for the contract).
//!
//! Every instruction's semantics here are those of its interpreter handler in
//! `exec::base` / `exec::muldiv` (the handler names are given beside each case);
//! the both-tiers difftest (tests/jit.rs) checks them against each other.

use super::{BlockFn, Ctx, EXIT_DONE, EXIT_PARTIAL, EXIT_TRAP};
use crate::exec::Insn;
use crate::isa::{Class, Op};
use crate::machine::memory::{PAGE_SHIFT, TLB_LAYOUT};
use crate::machine::{Hart, Trap, cause};
use cranelift_codegen::ir::condcodes::IntCC;
use cranelift_codegen::ir::types::{I8, I16, I32, I64};
use cranelift_codegen::ir::{AbiParam, InstBuilder, MemFlagsData, SigRef, Signature, Type, Value};
use cranelift_frontend::{FunctionBuilder, FunctionBuilderContext, Variable};
use cranelift_jit::JITModule;
use cranelift_module::Module;
use std::mem::offset_of;

/// How an instruction is translated.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Kind {
    /// Generated inline.
    Inline,
    /// A call of its interpreter handler (registers synchronised around it).
    Call,
    /// Scalar FP inline, its handler as the slow path (`fp`).
    Fp,
}

#[path = "fp.rs"]
mod fp;

pub(super) struct Plan {
    kinds: Vec<Kind>,
    /// The block's last instruction branches or jumps back to its first.
    self_loop: bool,
    has_c: bool,
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

impl Plan {
    /// FP instructions translated inline.
    pub(super) fn fp_inline(&self) -> u64 {
        self.kinds.iter().filter(|&&k| k == Kind::Fp).count() as u64
    }
}

/// What of `insns` can be translated: a non-empty covered prefix, or None.
pub(super) fn plan(insns: &[Insn], has_c: bool, kernel: (u64, u64)) -> Option<Plan> {
    let kinds: Vec<Kind> = insns.iter().map_while(|i| kind(i, has_c, kernel)).collect();
    if kinds.is_empty() {
        return None;
    }
    let last = &insns[insns.len() - 1];
    let self_loop = kinds.len() == insns.len()
        && matches!(
            last.op.info().exec_as,
            Op::Jal | Op::Beq | Op::Bne | Op::Blt | Op::Bge | Op::Bltu | Op::Bgeu
        )
        && last.pc.wrapping_add(last.imm as u64) == insns[0].pc;
    Some(Plan {
        kinds,
        self_loop,
        has_c,
        count_fp: false,
    })
}

const X_OFF: i32 = offset_of!(Hart, x) as i32;
const PC_OFF: i32 = offset_of!(Hart, pc) as i32;
const INSTRET_OFF: i32 = offset_of!(Hart, instret) as i32;
const EVENTS_OFF: i32 = offset_of!(Hart, mem.events) as i32;
const CTX_TLB: i32 = offset_of!(Ctx, tlb) as i32;
const CTX_UNTIL: i32 = offset_of!(Ctx, until) as i32;
const CTX_VAL: i32 = offset_of!(Ctx, val) as i32;
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

struct T<'a, 'b> {
    b: FunctionBuilder<'b>,
    insns: &'a [Insn],
    hart: Value,
    ctx: Value,
    tlb: Value,
    vars: [Variable; 32],
    ir: Variable,
    tmp: Variable,
    /// Registers written anywhere in the function: stored back at every exit.
    written: u32,
    /// Registers defined since the last synchronisation with the hart.
    dirty: u32,
    sig3: SigRef,
    sig4: SigRef,
    has_c: bool,
    fp: fp::Fp,
}

fn flags() -> MemFlagsData {
    MemFlagsData::new().with_notrap()
}

impl T<'_, '_> {
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

    fn set(&mut self, r: u8, v: Value) {
        if (1..32).contains(&r) {
            self.b.def_var(self.vars[r as usize], v);
            self.dirty |= 1 << r;
        }
    }

    /// Stores the registers in `mask` to the hart.
    fn store_regs(&mut self, mask: u32) {
        for r in 1..32 {
            if mask >> r & 1 != 0 {
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
        self.store_regs(self.written);
        self.fp_exit();
        let ir = self.b.use_var(self.ir);
        let ir = self.b.ins().iadd_imm_s(ir, retired as i64);
        self.b.ins().store(flags(), ir, self.hart, INSTRET_OFF);
        self.b.ins().store(flags(), pc, self.hart, PC_OFF);
        if let Some(v) = val {
            let v = self.iconst(v);
            self.b.ins().store(flags(), v, self.ctx, CTX_VAL);
        }
        let code = self.iconst(code);
        self.b.ins().return_(&[code]);
    }

    /// Instruction `i` traps (the trap is in `ctx.trap`).
    fn trap_exit(&mut self, i: usize) {
        // `hart.pc` as the interpreter leaves it (the trap's own pc goes with the
        // event): the block's start, or the fall-through for its last instruction.
        let n = self.insns.len();
        let pc = if i + 1 == n {
            self.insns[i].next_pc()
        } else {
            self.insns[0].pc
        };
        let pc = self.iconst(pc);
        self.exit(pc, i as u64, EXIT_TRAP, Some(i as u64));
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

    fn call(&mut self, sig: SigRef, f: usize, args: &[Value]) -> Value {
        let callee = self.iconst(f as u64);
        let call = self.b.ins().call_indirect(sig, callee, args);
        self.b.inst_results(call)[0]
    }

    /// The translation-cache entry for `addr` and whether it misses (non-zero) for an
    /// access of `size` bytes (misaligned accesses take the slow path too).
    fn tlb_probe(&mut self, addr: Value, size: u32) -> (Value, Value) {
        let l = &TLB_LAYOUT;
        let page = self.b.ins().ushr_imm_s(addr, PAGE_SHIFT as i64);
        let slot = self.b.ins().band_imm_s(page, (l.entries - 1) as i64);
        let off = self.b.ins().imul_imm_s(slot, l.stride as i64);
        let e = self.b.ins().iadd(self.tlb, off);
        let tag = self.b.ins().load(I64, flags(), e, l.page as i32);
        let miss = self.b.ins().bxor(page, tag);
        let bad = if size > 1 {
            let mis = self.b.ins().band_imm_s(addr, (size - 1) as i64);
            self.b.ins().bor(miss, mis)
        } else {
            miss
        };
        (e, bad)
    }

    fn host_ptr(&mut self, e: Value, addr: Value) -> Value {
        let host = self.b.ins().load(I64, flags(), e, TLB_LAYOUT.host as i32);
        let off = self
            .b
            .ins()
            .band_imm_s(addr, ((1u64 << PAGE_SHIFT) - 1) as i64);
        self.b.ins().iadd(host, off)
    }

    /// A load of `size` bytes, extended to 64 bits (`Hart::load_or_trap`).
    fn load(&mut self, i: usize, addr: Value, size: u32, signed: bool) -> Value {
        let (e, bad) = self.tlb_probe(addr, size);
        let fast = self.b.create_block();
        let slow = self.b.create_block();
        let join = self.b.create_block();
        self.b.set_cold_block(slow);
        self.b.ins().brif(bad, slow, &[], fast, &[]);

        self.b.switch_to_block(fast);
        let p = self.host_ptr(e, addr);
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
            1 => super::load_u8 as *const () as usize,
            2 => super::load_u16 as *const () as usize,
            4 => super::load_u32 as *const () as usize,
            _ => super::load_u64 as *const () as usize,
        };
        let st = self.call(self.sig3, helper, &[self.hart, self.ctx, addr]);
        self.check(st, i);
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
        let (e, bad) = self.tlb_probe(addr, size);
        let w = self
            .b
            .ins()
            .uload8(I32, flags(), e, TLB_LAYOUT.writable as i32);
        let unwritable = self.b.ins().icmp_imm_s(IntCC::Equal, w, 0);
        let bad = self.b.ins().icmp_imm_s(IntCC::NotEqual, bad, 0);
        let bad = self.b.ins().bor(bad, unwritable);
        let fast = self.b.create_block();
        let slow = self.b.create_block();
        let join = self.b.create_block();
        self.b.set_cold_block(slow);
        self.b.ins().brif(bad, slow, &[], fast, &[]);

        self.b.switch_to_block(fast);
        let p = self.host_ptr(e, addr);
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
            1 => super::store_u8 as *const () as usize,
            2 => super::store_u16 as *const () as usize,
            4 => super::store_u32 as *const () as usize,
            _ => super::store_u64 as *const () as usize,
        };
        let st = self.call(self.sig4, helper, &[self.hart, self.ctx, addr, v]);
        self.check(st, i);
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
            let dirty = self.dirty;
            self.store_regs(dirty);
            self.dirty = 0;
            self.fp_before_call(&insn);
            let p = self.iconst(&self.insns[i] as *const Insn as u64);
            let st = self.call(
                self.sig3,
                super::call_handler as *const () as usize,
                &[self.hart, self.ctx, p],
            );
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
            Div => {
                let v = self.divide64(rs1, rs2, true, false);
                self.set(rd, v);
            }
            Divu => {
                let v = self.divide64(rs1, rs2, false, false);
                self.set(rd, v);
            }
            Rem => {
                let v = self.divide64(rs1, rs2, true, true);
                self.set(rd, v);
            }
            Remu => {
                let v = self.divide64(rs1, rs2, false, true);
                self.set(rd, v);
            }
            Divw => {
                let v = self.divide32(rs1, rs2, true, false);
                self.set(rd, v);
            }
            Divuw => {
                let v = self.divide32(rs1, rs2, false, false);
                self.set(rd, v);
            }
            Remw => {
                let v = self.divide32(rs1, rs2, true, true);
                self.set(rd, v);
            }
            Remuw => {
                let v = self.divide32(rs1, rs2, false, true);
                self.set(rd, v);
            }
            // `plan` admits only the ops above.
            _ => unreachable!("uncovered op {op:?} in a translation plan"),
        }
        None
    }
}

/// Generates the function for `insns` under `plan`.
pub(super) fn compile(m: &mut JITModule, insns: &[Insn], plan: &Plan) -> Result<BlockFn, String> {
    let ptr = m.target_config().pointer_type();
    debug_assert_eq!(ptr, I64);
    let mut sig = m.make_signature();
    sig.params.push(AbiParam::new(I64));
    sig.params.push(AbiParam::new(I64));
    sig.returns.push(AbiParam::new(I64));
    let helper_sig = |n: usize| {
        let mut s = Signature::new(sig.call_conv);
        for _ in 0..n {
            s.params.push(AbiParam::new(I64));
        }
        s.returns.push(AbiParam::new(I64));
        s
    };
    let (s3, s4) = (helper_sig(3), helper_sig(4));

    let mut ctx = m.make_context();
    ctx.func.signature = sig.clone();
    let mut fctx = FunctionBuilderContext::new();
    let mut b = FunctionBuilder::new(&mut ctx.func, &mut fctx);
    let sig3 = b.import_signature(s3);
    let sig4 = b.import_signature(s4);
    let vars: [Variable; 32] = std::array::from_fn(|_| b.declare_var(I64));
    let ir = b.declare_var(I64);
    let tmp = b.declare_var(I64);

    let n = plan.kinds.len();
    let (mut used, mut written) = (0u32, 0u32);
    for (insn, &k) in insns.iter().zip(&plan.kinds) {
        let (r, w) = regs(insn, k);
        used |= r | w;
        written |= w;
    }

    let entry = b.create_block();
    b.append_block_params_for_function_params(entry);
    b.switch_to_block(entry);
    let hart = b.block_params(entry)[0];
    let cx = b.block_params(entry)[1];
    for (r, &var) in vars.iter().enumerate().skip(1) {
        if used >> r & 1 != 0 {
            let v = b.ins().load(I64, flags(), hart, X_OFF + 8 * r as i32);
            b.def_var(var, v);
        }
    }
    let fp = fp::Fp::entry(
        &mut b,
        insns,
        &plan.kinds,
        (hart, cx),
        plan.self_loop,
        plan.count_fp,
    );
    let v = b.ins().load(I64, flags(), hart, INSTRET_OFF);
    b.def_var(ir, v);
    let tlb = b.ins().load(I64, flags(), cx, CTX_TLB);
    let until = b.ins().load(I64, flags(), cx, CTX_UNTIL);
    let body = b.create_block();
    b.ins().jump(body, &[]);
    b.switch_to_block(body);

    let mut t = T {
        b,
        insns,
        hart,
        ctx: cx,
        tlb,
        vars,
        ir,
        tmp,
        written,
        dirty: 0,
        sig3,
        sig4,
        has_c: plan.has_c,
        fp,
    };
    let mut transfer = None;
    for (i, &k) in plan.kinds.iter().enumerate() {
        transfer = t.insn(i, k);
    }

    if n < insns.len() {
        // The interpreter runs the rest of the block, from instruction n (with
        // `hart.pc` still at the block's start, as it would be).
        let pc = t.iconst(insns[0].pc);
        t.exit(pc, n as u64, EXIT_PARTIAL, Some(n as u64));
    } else {
        let next = t.iconst(insns[n - 1].next_pc());
        match transfer {
            _ if plan.self_loop => {
                let (cond, target) = transfer.expect("a self-loop ends in a transfer");
                let back = t.b.create_block();
                let out = t.b.create_block();
                match cond {
                    Some(c) => {
                        let not_taken = t.b.create_block();
                        t.b.ins().brif(c, back, &[], not_taken, &[]);
                        t.b.switch_to_block(not_taken);
                        t.exit(next, n as u64, EXIT_DONE, None);
                    }
                    None => {
                        t.b.ins().jump(back, &[]);
                    }
                }
                // The checks `run_blocks` makes after a block: a store event, the budget.
                t.b.switch_to_block(back);
                // Handlers called in the next round read the registers from the hart.
                if plan.kinds.contains(&Kind::Call) {
                    let dirty = t.dirty;
                    t.store_regs(dirty);
                }
                let r = t.b.use_var(t.ir);
                let r = t.b.ins().iadd_imm_s(r, n as i64);
                t.b.def_var(t.ir, r);
                let ev = t.b.ins().uload8(I32, flags(), t.hart, EVENTS_OFF);
                let quiet = t.b.ins().icmp_imm_s(IntCC::Equal, ev, 0);
                let left = t.b.ins().icmp(IntCC::UnsignedLessThan, r, until);
                let again = t.b.ins().band(quiet, left);
                t.b.ins().brif(again, body, &[], out, &[]);
                t.b.switch_to_block(out);
                t.exit(target, 0, EXIT_DONE, None);
            }
            Some((Some(c), target)) => {
                let pc = t.b.ins().select(c, target, next);
                t.exit(pc, n as u64, EXIT_DONE, None);
            }
            // `transfer` is the last instruction's: a jump sets pc, anything else falls through.
            Some((None, target)) => t.exit(target, n as u64, EXIT_DONE, None),
            None => t.exit(next, n as u64, EXIT_DONE, None),
        }
    }
    t.b.seal_all_blocks();
    let fc = m.target_config();
    t.b.finalize(fc);

    let id = m
        .declare_anonymous_function(&sig)
        .map_err(|e| e.to_string())?;
    m.define_function(id, &mut ctx).map_err(|e| e.to_string())?;
    m.clear_context(&mut ctx);
    m.finalize_definitions().map_err(|e| e.to_string())?;
    let code = m.get_finalized_function(id);
    // SAFETY: `code` is the entry of the function just defined with signature `sig`:
    // two pointer-sized arguments and a 64-bit result in the host's default C calling
    // convention, which is `BlockFn`'s.
    Ok(unsafe { std::mem::transmute::<*const u8, BlockFn>(code) })
}
