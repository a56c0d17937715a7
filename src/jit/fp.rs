//! Scalar F/D inline in translated blocks (issue 17, the FP half).
//!
//! The common F and D instructions are generated inline with their interpreter handler
//! (`exec::float`) as the slow path: the inline code computes the result on the host
//! and a condition under which that result, its flags and its mstatus.FS effect are
//! provably SoftFloat's; when the condition fails the handler runs instead (it makes
//! every check itself and traps precisely). Nothing is guessed: every accepted case
//! follows from the arguments below, and the both-tiers difftest (tests/jit.rs)
//! compares the two tiers on specials, every rounding mode, unboxed inputs and FS Off.
//!
//! State. f-registers live in Cranelift variables like the x-registers: the ones any
//! inline instruction touches are loaded at entry, each is written through to the
//! hart as it is defined (so exits and handler call-outs, which read the hart, find
//! it current), and a call-out's f destination is reloaded after it. fflags lives in a
//! variable too (accrued by the fast paths, stored at every exit and around every
//! call-out). mstatus.FS is marked Dirty in memory by the first instruction of each
//! block of the region that writes an f-register (after it completed, so a trap at it or before
//! it leaves FS as the interpreter does); the few fast paths that raise a flag
//! without writing an f-register (float -> int conversions) mark it conditionally.
//!
//! Entry checks. A function with inline FP first checks mstatus.FS != Off and, when
//! one of its inline instructions uses the dynamic rounding mode, frm == RNE. Neither
//! can change inside translated code (only CSR instructions, which end blocks and are
//! never translated, and traps, which leave it, change them; the handlers called out
//! to only set FS to Dirty). If a check fails the function exits before its first
//! instruction (`EXIT_PARTIAL` at 0) and the interpreter runs the whole block, traps
//! included. Static rounding modes other than RNE stay call-outs (RTZ is inline for
//! float -> int conversions, where it is what C casts use).
//!
//! Results. The host computes in RNE (the Rust ABI's default environment), and for
//! finite non-NaN results IEEE 754 operations are deterministic, so the host's value
//! is SoftFloat's. What differs is NaNs (SoftFloat returns the canonical NaN) and the
//! flags, so every fast path requires a result that is finite, not NaN and of
//! magnitude above the smallest normal `MIN` (strictly: a result equal to MIN can
//! still be tiny before rounding to the bounded exponent range, i.e. underflow with
//! RISC-V's after-rounding tininess). Under that condition: no overflow (finite), no
//! underflow (|r| > MIN means the exact value exceeds MIN, since rounding is monotonic
//! and MIN is representable, so the result is not tiny), no invalid (an invalid
//! operation, or a NaN operand, gives a NaN) and no divide-by-zero (x/0 is infinite).
//! Infinite or NaN operands always give an infinite or NaN result for + - × ÷ √ and
//! fma, so they are excluded by the result test alone; zero and subnormal operands
//! are handled by the host exactly. Exact zero results go to the slow path (their
//! sign depends on the mode, and they are rare). The only flag left is inexact,
//! computed exactly with error-free transforms, all of whose operations are exact
//! under the stated conditions (ulp(x) > |x|·2^-53 for every finite nonzero double):
//! - add/sub (f64, and natively in f32): TwoSum (Knuth), s + e = a + b exactly when no
//!   operation overflows; in binary, underflow does not spoil it. An overflow in any
//!   of its operations makes e infinite or NaN (traced through the six operations),
//!   so e finite is part of the condition. inexact = (e != 0).
//! - mul (f64): e = fma(a, b, -p). a·b and p are multiples of ulp(a)·ulp(b) >
//!   |a·b|·2^-106; with |p| > 2^-967 that is at least 2^-1073, so a·b - p (|.| <=
//!   ulp(p)/2) is a representable multiple of the smallest subnormal: e is exact.
//! - div (f64): r = fma(-q, b, a) = a - q·b is representable when q = RN(a/b) is normal
//!   and a·2^-106 exceeds the subnormal grid: |a| > 2^-967 is required besides the
//!   result test. inexact = (r != 0).
//! - sqrt (f64): r = fma(-q, q, a) = a - q², exact for positive a > 2^-967 (the same
//!   grid argument; |a - q²| < 2^53·ulp(q)²). The operand test (positive, above
//!   2^-967, finite) implies the result test.
//! - f32 mul, div, sqrt go through f64 as `exec::hostfp` does: the product of two
//!   f32s is exact in f64, so RN32 of it is the correctly rounded product and inexact
//!   = (RN32(p) != p); for ÷ and √ the f64 result rounded to f32 is correctly rounded
//!   (53 >= 2·24 + 2), and r·b (resp. r·r) is exact in f64, so inexact = (r·b != a).
//! - fused multiply-add (f32, f64): no cheap exact residual exists, so the fast path
//!   takes the host fma's correctly rounded result only when fflags.NX is already set
//!   (inexact then changes nothing); otherwise the handler runs (and sets NX when it
//!   applies, after which the fast path serves). Real programs set NX early.
//! - conversions: int -> float only where exact (|x| <= 2^53 for f64, 2^24 for f32;
//!   i32 and u32 -> f64 always), which no rounding mode changes; f32 -> f64 for
//!   non-NaN operands (exact, no flags; subnormals included); f64 -> f32 with the
//!   result test and inexact = (f64(r) != a); float -> int (RTZ) for operands strictly
//!   inside the target range (truncation, no invalid), inexact = (float(r) != a).
//! - sign injection, moves, loads and stores are bit operations (f32 operands not
//!   NaN-boxed read as the canonical NaN, as in `float::s32`); fmin/fmax and the
//!   comparisons are inline when no operand is a NaN (no flags, -0 < +0 for min/max).
//!
//! fmul.d, fdiv.d, fsqrt.d and the fused ops need the host's fused multiply-add; on a
//! host without it they stay call-outs.

use super::{Kind, T, flags};
use crate::isa::{Op, Opnd, Slot};
use crate::machine::Hart;
use crate::machine::Insn;
use crate::machine::csr::mstatus;
use cranelift_codegen::ir::condcodes::{FloatCC, IntCC};
use cranelift_codegen::ir::types::{F32, F64, I32, I64};
use cranelift_codegen::ir::{InstBuilder, MemFlagsData, Value};
use cranelift_frontend::{FunctionBuilder, Variable};
use std::mem::offset_of;

const F_OFF: i32 = offset_of!(Hart, f) as i32;
const FFLAGS_OFF: i32 = offset_of!(Hart, csr.fflags) as i32;
const FRM_OFF: i32 = offset_of!(Hart, csr.frm) as i32;
const MSTATUS_OFF: i32 = offset_of!(Hart, csr.mstatus) as i32;
const CTX_VAL: i32 = offset_of!(super::Ctx, val) as i32;
const CTX_FAST: i32 = offset_of!(super::Ctx, fp_fast) as i32;
const CTX_SLOW: i32 = offset_of!(super::Ctx, fp_slow) as i32;

const NX: i64 = 1;
const D_SIGN: u64 = 1 << 63;
const D_INF: u64 = 0x7ff0_0000_0000_0000;
/// The smallest normal f64.
const D_MIN: u64 = 0x0010_0000_0000_0000;
/// 2^-967: above it the residuals of ×, ÷ and √ are exact (module comment).
const D_LOW: u64 = 56 << 52;
const S_INF: u32 = 0x7f80_0000;
/// The smallest normal f32.
const S_MIN: u32 = 0x0080_0000;
const S_NAN: u64 = 0x7fc0_0000;
const BOX: u64 = 0xffff_ffff_0000_0000;

/// Whether the host has a fused multiply-add (Cranelift lowers `fma` to a libcall
/// otherwise, which translated code must not make).
fn host_fma() -> bool {
    #[cfg(target_arch = "x86_64")]
    {
        std::arch::is_x86_feature_detected!("fma")
    }
    #[cfg(target_arch = "aarch64")]
    {
        true
    }
    #[cfg(not(any(target_arch = "x86_64", target_arch = "aarch64")))]
    {
        false
    }
}

/// The register shape of an inline FP instruction.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Form {
    /// f rd <- f rs1, f rs2
    Fff,
    /// f rd <- f rs1
    Ff,
    /// f rd <- f rs1, f rs2, f rs3
    Ffff,
    /// x rd <- f rs1, f rs2
    Xff,
    /// x rd <- f rs1
    Xf,
    /// f rd <- x rs1
    Fx,
    /// f rd <- mem[x rs1 + imm]
    Load,
    /// mem[x rs1 + imm] <- f rs2
    Store,
}

/// The form of `op` when it has an inline translation, and whether it reads the
/// rounding mode (then only RNE, or RTZ for float -> int, are inline).
fn form(op: Op) -> Option<Form> {
    use Op::*;
    Some(match op {
        FaddD | FsubD | FmulD | FdivD | FsgnjD | FsgnjnD | FsgnjxD | FminD | FmaxD | FaddS
        | FsubS | FmulS | FdivS | FsgnjS | FsgnjnS | FsgnjxS | FminS | FmaxS => Form::Fff,
        FsqrtD | FsqrtS | FcvtDS | FcvtSD => Form::Ff,
        FmaddD | FmsubD | FnmsubD | FnmaddD | FmaddS | FmsubS | FnmsubS | FnmaddS => Form::Ffff,
        FeqD | FltD | FleD | FeqS | FltS | FleS => Form::Xff,
        FmvXD | FmvXW | FcvtWD | FcvtLD | FcvtWS | FcvtLS => Form::Xf,
        FmvDX | FmvWX | FcvtDW | FcvtDWu | FcvtDL | FcvtSW | FcvtSL => Form::Fx,
        Fld | Flw => Form::Load,
        Fsd | Fsw => Form::Store,
        _ => return None,
    })
}

fn uses_rm(op: Op) -> bool {
    op.info().operands.iter().any(|o| matches!(o, Opnd::Rm))
}

/// `Kind::Fp` when `insn` (an F/D instruction) is translated inline.
pub(super) fn kind(insn: &Insn) -> Option<Kind> {
    use Op::*;
    let op = insn.op.info().exec_as;
    form(op)?;
    if uses_rm(op) {
        let ok = match op {
            // Exact whatever the (valid) mode.
            FcvtDS | FcvtDW | FcvtDWu | FcvtDL | FcvtSW | FcvtSL => insn.rm <= 4 || insn.rm == 7,
            // Truncating conversions: RTZ only.
            FcvtWD | FcvtLD | FcvtWS | FcvtLS => insn.rm == 1,
            _ => insn.rm == 0 || insn.rm == 7,
        };
        if !ok {
            return None;
        }
    }
    let needs_fma = matches!(
        op,
        FmulD
            | FdivD
            | FsqrtD
            | FmaddD
            | FmsubD
            | FnmsubD
            | FnmaddD
            | FmaddS
            | FmsubS
            | FnmsubS
            | FnmaddS
    );
    (!needs_fma || host_fma()).then_some(Kind::Fp)
}

fn bit(r: u8) -> u32 {
    if (1..32).contains(&r) { 1 << r } else { 0 }
}

/// x-registers an inline FP instruction reads and writes (as `translate::regs`).
pub(super) fn xregs(insn: &Insn) -> (u32, u32) {
    match form(insn.op.info().exec_as) {
        Some(Form::Xff | Form::Xf) => (0, bit(insn.rd)),
        Some(Form::Fx | Form::Load | Form::Store) => (bit(insn.rs1), 0),
        _ => (0, 0),
    }
}

/// f-registers an inline FP instruction reads and writes.
fn fregs(insn: &Insn) -> (u32, u32) {
    let f = |r: u8| 1u32 << (r & 31);
    let (r1, r2, r3, d) = (f(insn.rs1), f(insn.rs2), f(insn.rs3), f(insn.rd));
    match form(insn.op.info().exec_as) {
        Some(Form::Fff) => (r1 | r2, d),
        Some(Form::Ff) => (r1, d),
        Some(Form::Ffff) => (r1 | r2 | r3, d),
        Some(Form::Xff) => (r1 | r2, 0),
        Some(Form::Xf) => (r1, 0),
        Some(Form::Fx | Form::Load) => (0, d),
        Some(Form::Store) => (r2, 0),
        None => (0, 0),
    }
}

/// Whether a call-out of `insn` (an FP instruction) writes an f-register (its rd).
fn writes_f(insn: &Insn) -> bool {
    insn.op
        .info()
        .exec_as
        .info()
        .operands
        .first()
        .is_some_and(|o| matches!(o, Opnd::F(Slot::Rd)))
}

fn is_fp(insn: &Insn) -> bool {
    use crate::isa::Class::*;
    matches!(
        insn.op.info().exec_as.info().class,
        Fpload | Fpstore | Fpalu | Fpmul | Fpdiv | Fpfma | Fpcvt | Fpcmp | Fpmisc
    )
}

/// The FP part of a translation's state.
pub(super) struct Fp {
    vars: [Variable; 32],
    /// f-registers with a variable (loaded at entry).
    used: u32,
    /// fflags, when `active`.
    fl: Variable,
    /// The function has inline FP instructions.
    active: bool,
    /// An earlier instruction (in program order) marked mstatus.FS Dirty.
    fs_marked: bool,
    /// Count fast-path executions in `Ctx::fp_fast` (a test hook).
    count: bool,
}

impl Fp {
    /// Declares the FP state and emits the entry part: f-registers and fflags loaded,
    /// then the FS / frm checks (an `EXIT_PARTIAL` at instruction 0 when they fail).
    /// `b` is in the entry block, after the x-registers' loads.
    pub(super) fn entry(
        b: &mut FunctionBuilder,
        insns: &[Insn],
        kinds: &[Kind],
        (hart, ctx): (Value, Value),
        count: bool,
    ) -> Fp {
        let vars: [Variable; 32] = std::array::from_fn(|_| b.declare_var(I64));
        let fl = b.declare_var(I64);
        let (mut used, mut active, mut dynamic) = (0u32, false, false);
        for (insn, &k) in insns.iter().zip(kinds) {
            if k == Kind::Fp {
                let (r, w) = fregs(insn);
                used |= r | w;
                active = true;
                let op = insn.op.info().exec_as;
                dynamic |= uses_rm(op) && insn.rm == 7;
            }
        }
        if active {
            for (r, &var) in vars.iter().enumerate() {
                if used >> r & 1 != 0 {
                    let v = b.ins().load(I64, flags(), hart, F_OFF + 8 * r as i32);
                    b.def_var(var, v);
                }
            }
            let v = b.ins().uload8(I64, flags(), hart, FFLAGS_OFF);
            b.def_var(fl, v);
            let ms = b.ins().load(I64, flags(), hart, MSTATUS_OFF);
            let fs = b.ins().band_imm_s(ms, mstatus::FS as i64);
            let mut bad = b.ins().icmp_imm_s(IntCC::Equal, fs, 0);
            if dynamic {
                let frm = b.ins().uload8(I32, flags(), hart, FRM_OFF);
                let not_rne = b.ins().icmp_imm_s(IntCC::NotEqual, frm, 0);
                bad = b.ins().bor(bad, not_rne);
            }
            let out = b.create_block();
            let go = b.create_block();
            b.set_cold_block(out);
            b.ins().brif(bad, out, &[], go, &[]);
            b.switch_to_block(out);
            // Nothing ran (instret unchanged): the interpreter runs the block from its
            // start (a chained entry has not set hart.pc).
            let zero = b.ins().iconst(I64, 0);
            b.ins().store(flags(), zero, ctx, CTX_VAL);
            let start = b.ins().iconst(I64, insns[0].pc as i64);
            b.ins().store(flags(), start, ctx, super::CTX_PC);
            b.ins().store(flags(), start, hart, super::PC_OFF);
            let code = b.ins().iconst(I64, super::EXIT_PARTIAL as i64);
            b.ins().return_(&[code]);
            b.switch_to_block(go);
        }
        Fp {
            vars,
            used,
            fl,
            active,
            fs_marked: false,
            count,
        }
    }
}

fn bflags() -> MemFlagsData {
    MemFlagsData::new()
}

impl T<'_, '_, '_> {
    /// Stores the f-registers and fflags back (every exit).
    pub(super) fn fp_exit(&mut self) {
        if !self.fp.active {
            return;
        }
        let fl = self.b.use_var(self.fp.fl);
        self.b.ins().istore8(flags(), fl, self.hart, FFLAGS_OFF);
    }

    /// Before a handler call-out of `insn`: the handler reads f-registers and fflags
    /// from the hart.
    pub(super) fn fp_before_call(&mut self, insn: &Insn) {
        if !self.fp.active || !is_fp(insn) {
            return;
        }
        let fl = self.b.use_var(self.fp.fl);
        self.b.ins().istore8(flags(), fl, self.hart, FFLAGS_OFF);
    }

    /// After a call-out that returned: its f destination and fflags reloaded.
    pub(super) fn fp_after_call(&mut self, insn: &Insn) {
        if !self.fp.active || !is_fp(insn) {
            return;
        }
        if writes_f(insn) {
            let r = insn.rd & 31;
            if self.fp.used >> r & 1 != 0 {
                let v = self
                    .b
                    .ins()
                    .load(I64, flags(), self.hart, F_OFF + 8 * r as i32);
                self.b.def_var(self.fp.vars[r as usize], v);
            }
            self.fp.fs_marked = true;
        }
        let v = self.b.ins().uload8(I64, flags(), self.hart, FFLAGS_OFF);
        self.b.def_var(self.fp.fl, v);
    }

    fn fget(&mut self, r: u8) -> Value {
        self.b.use_var(self.fp.vars[(r & 31) as usize])
    }

    /// Defines f-register `r` and writes it through to the hart, as `set` does for
    /// the x-registers: exits and call-outs find it current there.
    fn fset(&mut self, r: u8, v: Value) {
        let r = r & 31;
        self.b.def_var(self.fp.vars[r as usize], v);
        self.b
            .ins()
            .store(flags(), v, self.hart, F_OFF + 8 * r as i32);
    }

    /// A block of the region starts: control may come from anywhere in it, so the
    /// first f-writing instruction of this block marks FS Dirty again (idempotent).
    pub(super) fn fp_block_start(&mut self) {
        self.fp.fs_marked = false;
    }

    fn c64(&mut self, v: u64) -> Value {
        self.b.ins().iconst(I64, v as i64)
    }

    fn c32(&mut self, v: u32) -> Value {
        self.b.ins().iconst(I32, v as i64)
    }

    fn as_f64(&mut self, v: Value) -> Value {
        self.b.ins().bitcast(F64, bflags(), v)
    }

    fn bits64(&mut self, v: Value) -> Value {
        self.b.ins().bitcast(I64, bflags(), v)
    }

    /// An f32 operand: its value and whether it is properly NaN-boxed.
    fn fget_s(&mut self, r: u8) -> (Value, Value) {
        let v = self.fget(r);
        let boxed = self.boxed(v);
        let low = self.b.ins().ireduce(I32, v);
        (self.b.ins().bitcast(F32, bflags(), low), boxed)
    }

    fn boxed(&mut self, v: Value) -> Value {
        let bx = self.c64(BOX);
        self.b.ins().icmp(IntCC::UnsignedGreaterThanOrEqual, v, bx)
    }

    /// An f32 result NaN-boxed in 64 bits.
    fn box_s(&mut self, r: Value) -> Value {
        let b = self.b.ins().bitcast(I32, bflags(), r);
        let w = self.b.ins().uextend(I64, b);
        self.b.ins().bor_imm_s(w, BOX as i64)
    }

    /// lo < |r| < infinity for an f64 `r` (lo a positive bit pattern).
    fn d_range(&mut self, r: Value, lo: u64) -> Value {
        let rb = self.bits64(r);
        let t = self.b.ins().ishl_imm_s(rb, 1);
        let t = self.b.ins().iadd_imm_s(t, -((lo << 1) as i64) - 1);
        let n = self.c64((D_INF << 1) - (lo << 1) - 1);
        self.b.ins().icmp(IntCC::UnsignedLessThan, t, n)
    }

    /// MIN < |r| < infinity for an f32 `r`.
    fn s_range(&mut self, r: Value) -> Value {
        let rb = self.b.ins().bitcast(I32, bflags(), r);
        let t = self.b.ins().ishl_imm_s(rb, 1);
        let t = self.b.ins().iadd_imm_s(t, -((S_MIN << 1) as i64) - 1);
        let n = self.c32((S_INF << 1) - (S_MIN << 1) - 1);
        self.b.ins().icmp(IntCC::UnsignedLessThan, t, n)
    }

    /// TwoSum's error of `s = RN(a + b)` and whether it is finite (no operation of it
    /// overflowed), as (inexact: I64 0/1, finite: I8).
    fn two_sum_err(
        &mut self,
        a: Value,
        b: Value,
        s: Value,
        int: cranelift_codegen::ir::Type,
    ) -> (Value, Value) {
        let ins = self.b.ins();
        let bp = ins.fsub(s, a);
        let ap = self.b.ins().fsub(s, bp);
        let da = self.b.ins().fsub(a, ap);
        let db = self.b.ins().fsub(b, bp);
        let e = self.b.ins().fadd(da, db);
        let eb = self.b.ins().bitcast(int, bflags(), e);
        let t = self.b.ins().ishl_imm_s(eb, 1);
        let nz = self.b.ins().icmp_imm_s(IntCC::NotEqual, t, 0);
        let inf = if int == I64 {
            self.c64(D_INF << 1)
        } else {
            self.c32(S_INF << 1)
        };
        let fin = self.b.ins().icmp(IntCC::UnsignedLessThan, t, inf);
        let nx = self.b.ins().uextend(I64, nz);
        (nx, fin)
    }

    /// The inexact flag (I64 0/1) from "nonzero residual" of an f64.
    fn nz64(&mut self, e: Value) -> Value {
        let eb = self.bits64(e);
        let t = self.b.ins().ishl_imm_s(eb, 1);
        let nz = self.b.ins().icmp_imm_s(IntCC::NotEqual, t, 0);
        self.b.ins().uextend(I64, nz)
    }

    fn fne(&mut self, a: Value, b: Value) -> Value {
        let c = self.b.ins().fcmp(FloatCC::NotEqual, a, b);
        self.b.ins().uextend(I64, c)
    }

    fn nx_set(&mut self) -> Value {
        let fl = self.b.use_var(self.fp.fl);
        let nx = self.b.ins().band_imm_s(fl, NX);
        self.b.ins().icmp_imm_s(IntCC::NotEqual, nx, 0)
    }

    fn mark_fs(&mut self, cond: Option<Value>) {
        let ms = self.b.ins().load(I64, flags(), self.hart, MSTATUS_OFF);
        let bits = (mstatus::FS | mstatus::SD) as i64;
        let or = match cond {
            None => self.b.ins().iconst(I64, bits),
            Some(c) => {
                let m = self.b.ins().iconst(I64, bits);
                let z = self.b.ins().iconst(I64, 0);
                self.b.ins().select(c, m, z)
            }
        };
        let ms = self.b.ins().bor(ms, or);
        self.b.ins().store(flags(), ms, self.hart, MSTATUS_OFF);
    }

    /// Ends inline instruction `i`: when `ok` (None: always) the fast results are
    /// taken (f or x destination, inexact accrued), otherwise the handler runs.
    fn commit(
        &mut self,
        i: usize,
        ok: Option<Value>,
        f: Option<Value>,
        x: Option<Value>,
        nx: Option<Value>,
    ) {
        let insn = self.insns[i];
        let join = self.b.create_block();
        let slow = ok.map(|ok| {
            let fast = self.b.create_block();
            let slow = self.b.create_block();
            self.b.set_cold_block(slow);
            self.b.ins().brif(ok, fast, &[], slow, &[]);
            self.b.switch_to_block(fast);
            slow
        });
        if let Some(v) = f {
            self.fset(insn.rd, v);
        }
        if let Some(v) = x {
            self.set(insn.rd, v);
        }
        if let Some(nx) = nx {
            let fl = self.b.use_var(self.fp.fl);
            let fl = self.b.ins().bor(fl, nx);
            self.b.def_var(self.fp.fl, fl);
            if f.is_none() && !self.fp.fs_marked {
                let c = self.b.ins().icmp_imm_s(IntCC::NotEqual, nx, 0);
                self.mark_fs(Some(c));
            }
        }
        if self.fp.count {
            let n = self.b.ins().load(I64, flags(), self.ctx, CTX_FAST);
            let n = self.b.ins().iadd_imm_s(n, 1);
            self.b.ins().store(flags(), n, self.ctx, CTX_FAST);
        }
        self.b.ins().jump(join, &[]);
        if let Some(slow) = slow {
            self.b.switch_to_block(slow);
            self.fp_slow(i);
            self.b.ins().jump(join, &[]);
        }
        self.b.switch_to_block(join);
        if f.is_some() && !self.fp.fs_marked {
            self.mark_fs(None);
            self.fp.fs_marked = true;
        }
    }

    /// The slow path of inline instruction `i`: its handler, with the registers it
    /// reads (fflags; the registers are written through) stored first and its
    /// destination reloaded after.
    fn fp_slow(&mut self, i: usize) {
        // The handler reads its x operands from the hart.
        self.flush();
        let insn = self.insns[i];
        let (_, xw) = xregs(&insn);
        let fl = self.b.use_var(self.fp.fl);
        self.b.ins().istore8(flags(), fl, self.hart, FFLAGS_OFF);
        let n = self.b.ins().load(I64, flags(), self.ctx, CTX_SLOW);
        let n = self.b.ins().iadd_imm_s(n, 1);
        self.b.ins().store(flags(), n, self.ctx, CTX_SLOW);
        let p = self.c64(&self.insns[i] as *const Insn as u64);
        let st = self.call(super::super::Helper::Handler, &[p]);
        self.slow_check(st, i);
        let (_, fw) = fregs(&insn);
        if fw != 0 {
            let r = insn.rd & 31;
            let v = self
                .b
                .ins()
                .load(I64, flags(), self.hart, F_OFF + 8 * r as i32);
            self.b.def_var(self.fp.vars[r as usize], v);
        }
        if xw != 0 {
            let v = self
                .b
                .ins()
                .load(I64, flags(), self.hart, super::X_OFF + 8 * insn.rd as i32);
            self.b.def_var(self.vars[insn.rd as usize], v);
        }
        let v = self.b.ins().uload8(I64, flags(), self.hart, FFLAGS_OFF);
        self.b.def_var(self.fp.fl, v);
    }

    /// Emits inline FP instruction `i` (`kind` said `Kind::Fp`).
    pub(super) fn fp_insn(&mut self, i: usize) {
        use Op::*;
        let insn = self.insns[i];
        let op = insn.op.info().exec_as;
        let (rd, rs1, rs2, rs3) = (insn.rd, insn.rs1, insn.rs2, insn.rs3);
        match op {
            FaddD | FsubD => {
                let a = self.fget(rs1);
                let a = self.as_f64(a);
                let b = self.fget(rs2);
                let b = if op == FsubD {
                    self.b.ins().bxor_imm_s(b, D_SIGN as i64)
                } else {
                    b
                };
                let b = self.as_f64(b);
                let s = self.b.ins().fadd(a, b);
                let (nx, fin) = self.two_sum_err(a, b, s, I64);
                let r = self.d_range(s, D_MIN);
                let ok = self.b.ins().band(r, fin);
                let v = self.bits64(s);
                self.commit(i, Some(ok), Some(v), None, Some(nx));
            }
            FmulD => {
                let a = self.fget(rs1);
                let a = self.as_f64(a);
                let b = self.fget(rs2);
                let b = self.as_f64(b);
                let p = self.b.ins().fmul(a, b);
                let np = self.b.ins().fneg(p);
                let e = self.b.ins().fma(a, b, np);
                let nx = self.nz64(e);
                let ok = self.d_range(p, D_LOW);
                let v = self.bits64(p);
                self.commit(i, Some(ok), Some(v), None, Some(nx));
            }
            FdivD => {
                let ab = self.fget(rs1);
                let a = self.as_f64(ab);
                let b = self.fget(rs2);
                let b = self.as_f64(b);
                let q = self.b.ins().fdiv(a, b);
                let nq = self.b.ins().fneg(q);
                let e = self.b.ins().fma(nq, b, a);
                let nx = self.nz64(e);
                let r = self.d_range(q, D_MIN);
                let t = self.b.ins().ishl_imm_s(ab, 1);
                let low = self.c64(D_LOW << 1);
                let big = self.b.ins().icmp(IntCC::UnsignedGreaterThan, t, low);
                let ok = self.b.ins().band(r, big);
                let v = self.bits64(q);
                self.commit(i, Some(ok), Some(v), None, Some(nx));
            }
            FsqrtD => {
                let ab = self.fget(rs1);
                let a = self.as_f64(ab);
                let q = self.b.ins().sqrt(a);
                let nq = self.b.ins().fneg(q);
                let e = self.b.ins().fma(nq, q, a);
                let nx = self.nz64(e);
                // Positive, above 2^-967, finite (the sign bit makes it fail).
                let t = self.b.ins().iadd_imm_s(ab, -(D_LOW as i64) - 1);
                let n = self.c64(D_INF - D_LOW - 1);
                let ok = self.b.ins().icmp(IntCC::UnsignedLessThan, t, n);
                let v = self.bits64(q);
                self.commit(i, Some(ok), Some(v), None, Some(nx));
            }
            FmaddD | FmsubD | FnmsubD | FnmaddD => {
                let (na, nc) = match op {
                    FmaddD => (false, false),
                    FmsubD => (false, true),
                    FnmsubD => (true, false),
                    _ => (true, true),
                };
                let mut a = self.fget(rs1);
                if na {
                    a = self.b.ins().bxor_imm_s(a, D_SIGN as i64);
                }
                let a = self.as_f64(a);
                let b = self.fget(rs2);
                let b = self.as_f64(b);
                let mut c = self.fget(rs3);
                if nc {
                    c = self.b.ins().bxor_imm_s(c, D_SIGN as i64);
                }
                let c = self.as_f64(c);
                let r = self.b.ins().fma(a, b, c);
                let range = self.d_range(r, D_MIN);
                let nx = self.nx_set();
                let ok = self.b.ins().band(range, nx);
                let v = self.bits64(r);
                self.commit(i, Some(ok), Some(v), None, None);
            }
            FaddS | FsubS => {
                let (a, ba) = self.fget_s(rs1);
                let (b, bb) = self.fget_s(rs2);
                let b = if op == FsubS { self.b.ins().fneg(b) } else { b };
                let s = self.b.ins().fadd(a, b);
                let (nx, fin) = self.two_sum_err(a, b, s, I32);
                let r = self.s_range(s);
                let ok = self.b.ins().band(r, fin);
                let bx = self.b.ins().band(ba, bb);
                let ok = self.b.ins().band(ok, bx);
                let v = self.box_s(s);
                self.commit(i, Some(ok), Some(v), None, Some(nx));
            }
            FmulS | FdivS => {
                let (a, ba) = self.fget_s(rs1);
                let (b, bb) = self.fget_s(rs2);
                let a = self.b.ins().fpromote(F64, a);
                let b = self.b.ins().fpromote(F64, b);
                let (r, nx) = if op == FmulS {
                    let p = self.b.ins().fmul(a, b);
                    let r = self.b.ins().fdemote(F32, p);
                    let r64 = self.b.ins().fpromote(F64, r);
                    (r, self.fne(r64, p))
                } else {
                    let q = self.b.ins().fdiv(a, b);
                    let r = self.b.ins().fdemote(F32, q);
                    let r64 = self.b.ins().fpromote(F64, r);
                    let back = self.b.ins().fmul(r64, b);
                    (r, self.fne(back, a))
                };
                let range = self.s_range(r);
                let bx = self.b.ins().band(ba, bb);
                let ok = self.b.ins().band(range, bx);
                let v = self.box_s(r);
                self.commit(i, Some(ok), Some(v), None, Some(nx));
            }
            FsqrtS => {
                let (a, ba) = self.fget_s(rs1);
                let a = self.b.ins().fpromote(F64, a);
                let q = self.b.ins().sqrt(a);
                let r = self.b.ins().fdemote(F32, q);
                let r64 = self.b.ins().fpromote(F64, r);
                let sq = self.b.ins().fmul(r64, r64);
                let nx = self.fne(sq, a);
                let range = self.s_range(r);
                let ok = self.b.ins().band(range, ba);
                let v = self.box_s(r);
                self.commit(i, Some(ok), Some(v), None, Some(nx));
            }
            FmaddS | FmsubS | FnmsubS | FnmaddS => {
                let (na, nc) = match op {
                    FmaddS => (false, false),
                    FmsubS => (false, true),
                    FnmsubS => (true, false),
                    _ => (true, true),
                };
                let (a, ba) = self.fget_s(rs1);
                let (b, bb) = self.fget_s(rs2);
                let (c, bc) = self.fget_s(rs3);
                let a = if na { self.b.ins().fneg(a) } else { a };
                let c = if nc { self.b.ins().fneg(c) } else { c };
                let r = self.b.ins().fma(a, b, c);
                let range = self.s_range(r);
                let nx = self.nx_set();
                let bx = self.b.ins().band(ba, bb);
                let bx = self.b.ins().band(bx, bc);
                let ok = self.b.ins().band(range, nx);
                let ok = self.b.ins().band(ok, bx);
                let v = self.box_s(r);
                self.commit(i, Some(ok), Some(v), None, None);
            }
            FsgnjD | FsgnjnD | FsgnjxD => {
                let a = self.fget(rs1);
                let b = self.fget(rs2);
                let v = self.sgnj(op, a, b, D_SIGN);
                self.commit(i, None, Some(v), None, None);
            }
            FsgnjS | FsgnjnS | FsgnjxS => {
                let a = self.fget(rs1);
                let a = self.unbox(a);
                let b = self.fget(rs2);
                let b = self.unbox(b);
                let v = self.sgnj(op, a, b, 1 << 31);
                let v = self.b.ins().bor_imm_s(v, BOX as i64);
                self.commit(i, None, Some(v), None, None);
            }
            FminD | FmaxD | FminS | FmaxS => {
                let d = matches!(op, FminD | FmaxD);
                let (ab, bb, a, b, bx) = if d {
                    let ab = self.fget(rs1);
                    let bb = self.fget(rs2);
                    let a = self.as_f64(ab);
                    let b = self.as_f64(bb);
                    (ab, bb, a, b, None)
                } else {
                    let ab = self.fget(rs1);
                    let bb = self.fget(rs2);
                    let (a, ba) = self.fget_s(rs1);
                    let (b, bbx) = self.fget_s(rs2);
                    let bx = self.b.ins().band(ba, bbx);
                    (ab, bb, a, b, Some(bx))
                };
                // min: a when a < b, or a == b and a is negative (-0 < +0); max: a when
                // a > b, or a == b and b is negative (`float::fmin_*` / `fmax_*`).
                let sign_bit = if d { 63 } else { 31 };
                let (cc, neg) = if matches!(op, FminD | FminS) {
                    (FloatCC::LessThan, ab)
                } else {
                    (FloatCC::GreaterThan, bb)
                };
                let strict = self.b.ins().fcmp(cc, a, b);
                let eq = self.b.ins().fcmp(FloatCC::Equal, a, b);
                let s = self.b.ins().ushr_imm_s(neg, sign_bit);
                let s = self.b.ins().band_imm_s(s, 1);
                let s = self.b.ins().icmp_imm_s(IntCC::NotEqual, s, 0);
                let tie = self.b.ins().band(eq, s);
                let pick_a = self.b.ins().bor(strict, tie);
                let v = self.b.ins().select(pick_a, ab, bb);
                let ord = self.b.ins().fcmp(FloatCC::Ordered, a, b);
                let ok = match bx {
                    Some(bx) => self.b.ins().band(ord, bx),
                    None => ord,
                };
                self.commit(i, Some(ok), Some(v), None, None);
            }
            FeqD | FltD | FleD | FeqS | FltS | FleS => {
                let (a, b, bx) = if matches!(op, FeqD | FltD | FleD) {
                    let a = self.fget(rs1);
                    let a = self.as_f64(a);
                    let b = self.fget(rs2);
                    let b = self.as_f64(b);
                    (a, b, None)
                } else {
                    let (a, ba) = self.fget_s(rs1);
                    let (b, bb) = self.fget_s(rs2);
                    let bx = self.b.ins().band(ba, bb);
                    (a, b, Some(bx))
                };
                let cc = match op {
                    FeqD | FeqS => FloatCC::Equal,
                    FltD | FltS => FloatCC::LessThan,
                    _ => FloatCC::LessThanOrEqual,
                };
                let c = self.b.ins().fcmp(cc, a, b);
                let v = self.b.ins().uextend(I64, c);
                let ord = self.b.ins().fcmp(FloatCC::Ordered, a, b);
                let ok = match bx {
                    Some(bx) => self.b.ins().band(ord, bx),
                    None => ord,
                };
                self.commit(i, Some(ok), None, Some(v), None);
            }
            FmvXD => {
                let v = self.fget(rs1);
                self.commit(i, None, None, Some(v), None);
            }
            FmvXW => {
                let v = self.fget(rs1);
                let w = self.b.ins().ireduce(I32, v);
                let v = self.b.ins().sextend(I64, w);
                self.commit(i, None, None, Some(v), None);
            }
            FmvDX => {
                let v = self.get(rs1);
                self.commit(i, None, Some(v), None, None);
            }
            FmvWX => {
                let v = self.get(rs1);
                let w = self.b.ins().ireduce(I32, v);
                let w = self.b.ins().uextend(I64, w);
                let v = self.b.ins().bor_imm_s(w, BOX as i64);
                self.commit(i, None, Some(v), None, None);
            }
            Fld | Flw => {
                let base = self.get(rs1);
                let addr = self.b.ins().iadd_imm_s(base, insn.imm);
                let v = if op == Fld {
                    self.load(i, addr, 8, false)
                } else {
                    let v = self.load(i, addr, 4, false);
                    self.b.ins().bor_imm_s(v, BOX as i64)
                };
                self.commit(i, None, Some(v), None, None);
            }
            Fsd | Fsw => {
                let base = self.get(rs1);
                let addr = self.b.ins().iadd_imm_s(base, insn.imm);
                let v = self.fget(rs2);
                self.store(i, addr, v, if op == Fsd { 8 } else { 4 });
            }
            FcvtDS => {
                let a = self.fget(rs1);
                let bx = self.boxed(a);
                let w = self.b.ins().ireduce(I32, a);
                let mag = self.b.ins().band_imm_s(w, 0x7fff_ffff);
                let inf = self.c32(S_INF);
                let num = self.b.ins().icmp(IntCC::UnsignedLessThanOrEqual, mag, inf);
                let ok = self.b.ins().band(bx, num);
                let f = self.b.ins().bitcast(F32, bflags(), w);
                let r = self.b.ins().fpromote(F64, f);
                let v = self.bits64(r);
                self.commit(i, Some(ok), Some(v), None, None);
            }
            FcvtSD => {
                let a = self.fget(rs1);
                let a = self.as_f64(a);
                let r = self.b.ins().fdemote(F32, a);
                let back = self.b.ins().fpromote(F64, r);
                let nx = self.fne(back, a);
                let ok = self.s_range(r);
                let v = self.box_s(r);
                self.commit(i, Some(ok), Some(v), None, Some(nx));
            }
            FcvtDW | FcvtDWu => {
                let x = self.get(rs1);
                let w = self.b.ins().ireduce(I32, x);
                let x = if op == FcvtDW {
                    self.b.ins().sextend(I64, w)
                } else {
                    self.b.ins().uextend(I64, w)
                };
                let r = self.b.ins().fcvt_from_sint(F64, x);
                let v = self.bits64(r);
                self.commit(i, None, Some(v), None, None);
            }
            FcvtDL | FcvtSW | FcvtSL => {
                let x = self.get(rs1);
                let x = if op == FcvtSW {
                    let w = self.b.ins().ireduce(I32, x);
                    self.b.ins().sextend(I64, w)
                } else {
                    x
                };
                // Exact: |x| <= 2^53 (f64) or 2^24 (f32).
                let lim: u64 = if op == FcvtDL { 1 << 53 } else { 1 << 24 };
                let t = self.b.ins().iadd_imm_s(x, lim as i64);
                let n = self.c64(2 * lim);
                let ok = self.b.ins().icmp(IntCC::UnsignedLessThanOrEqual, t, n);
                let v = if op == FcvtDL {
                    let r = self.b.ins().fcvt_from_sint(F64, x);
                    self.bits64(r)
                } else {
                    let r = self.b.ins().fcvt_from_sint(F32, x);
                    self.box_s(r)
                };
                self.commit(i, Some(ok), Some(v), None, None);
            }
            FcvtWD | FcvtLD | FcvtWS | FcvtLS => {
                let (a, bx) = if matches!(op, FcvtWD | FcvtLD) {
                    let a = self.fget(rs1);
                    (self.as_f64(a), None)
                } else {
                    let (a, bx) = self.fget_s(rs1);
                    (self.b.ins().fpromote(F64, a), Some(bx))
                };
                // Strictly inside the target's range after truncation (NaN fails both).
                let word = matches!(op, FcvtWD | FcvtWS);
                let (lo, hi) = if word {
                    (-2_147_483_649.0f64, 2_147_483_648.0f64)
                } else {
                    (
                        -9_223_372_036_854_775_808.0f64,
                        9_223_372_036_854_775_808.0f64,
                    )
                };
                let lo = self.b.ins().f64const(lo);
                let hi = self.b.ins().f64const(hi);
                let above = if word {
                    self.b.ins().fcmp(FloatCC::GreaterThan, a, lo)
                } else {
                    self.b.ins().fcmp(FloatCC::GreaterThanOrEqual, a, lo)
                };
                let below = self.b.ins().fcmp(FloatCC::LessThan, a, hi);
                let mut ok = self.b.ins().band(above, below);
                if let Some(bx) = bx {
                    ok = self.b.ins().band(ok, bx);
                }
                let (v, back) = if word {
                    let r = self.b.ins().fcvt_to_sint_sat(I32, a);
                    (
                        self.b.ins().sextend(I64, r),
                        self.b.ins().fcvt_from_sint(F64, r),
                    )
                } else {
                    let r = self.b.ins().fcvt_to_sint_sat(I64, a);
                    (r, self.b.ins().fcvt_from_sint(F64, r))
                };
                let nx = self.fne(back, a);
                self.commit(i, Some(ok), None, Some(v), Some(nx));
            }
            _ => unreachable!("uncovered FP op {op:?} in a translation plan"),
        }
        let _ = rd;
    }

    /// A value's f32 as the handlers read it (`float::s32`): the low word when
    /// NaN-boxed, the canonical NaN otherwise; zero-extended.
    fn unbox(&mut self, v: Value) -> Value {
        let bx = self.boxed(v);
        let w = self.b.ins().ireduce(I32, v);
        let low = self.b.ins().uextend(I64, w);
        let nan = self.c64(S_NAN);
        self.b.ins().select(bx, low, nan)
    }

    fn sgnj(&mut self, op: Op, a: Value, b: Value, sign: u64) -> Value {
        let ins = self.b.ins();
        match op {
            Op::FsgnjD | Op::FsgnjS => {
                let m = ins.band_imm_s(a, !sign as i64);
                let s = self.b.ins().band_imm_s(b, sign as i64);
                self.b.ins().bor(m, s)
            }
            Op::FsgnjnD | Op::FsgnjnS => {
                let m = ins.band_imm_s(a, !sign as i64);
                let nb = self.b.ins().bnot(b);
                let s = self.b.ins().band_imm_s(nb, sign as i64);
                self.b.ins().bor(m, s)
            }
            _ => {
                let s = ins.band_imm_s(b, sign as i64);
                self.b.ins().bxor(a, s)
            }
        }
    }
}
