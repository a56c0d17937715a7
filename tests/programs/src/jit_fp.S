/* Scalar FP for the translation tier's inline fast paths (issue 17): long blocks of
   F/D instructions on random operands mixed with specials (NaNs, signaling NaNs,
   infinities, zeros, subnormals, values around the smallest normal and the fast
   paths' 2^-967 bound, overflow-prone magnitudes, exact and inexact cases), f32
   operands not NaN-boxed, every rounding mode (static and through frm), fflags
   cleared and accrued, mstatus.FS Off (the first FP instruction of a block traps),
   Clean (the first f write makes it Dirty), and traps in the middle of a block after
   FP work.  HTIF_ONLY_TEST (it toggles mstatus.FS).

   The program checks only what it can state itself (the traps' causes and pcs, FS
   Dirty after the first write); tests/jit.rs runs it under the interpreter and with
   every block translated and compares the complete state (x, f, fflags, frm,
   mstatus, pc, instret, memory) at every block exit. */
#include "test_macros.h"

#define N 96                /* operand triples */
#define MSTATUS_FS_CLEAN 0x4000

/* One round of the generator: s0 = s0 * s4 + s5 (64-bit LCG). */
#define STEP mul s0, s0, s4; add s0, s0, s5

TEST_CODE_BEGIN
    SET_TESTNUM(2)
    li s0, 0x2545f4914f6cdd1d
    li s4, 6364136223846793005
    li s5, 1442695040888963407

    /* ---- operands: opd[i] doubles, ops[i] floats (mostly boxed when loaded with
       flw), opu[i] raw 64-bit patterns read with fld as "f32" (usually unboxed). */
    la s1, opd
    la s2, ops
    la s3, opu
    li s6, 3*N
gen:
    STEP
    srli t0, s0, 61             /* mode */
    li t1, 2
    bltu t0, t1, gen_special
    li t1, 6
    bltu t0, t1, gen_mid
    li t1, 6
    beq t0, t1, gen_raw
    /* mode 7: mid-range with few significant bits (exact results are common) */
    srli t2, s0, 12
    li t3, 0xfff0000000000
    and t2, t2, t3
    j gen_mid_exp
gen_mid:
    srli t2, s0, 12             /* 52-bit fraction */
gen_mid_exp:
    srli t3, s0, 3
    andi t3, t3, 31
    addi t3, t3, 1007           /* exponent 2^-16 .. 2^15 */
    slli t3, t3, 52
    or t2, t2, t3
    andi t3, s0, 1
    slli t3, t3, 63
    or t2, t2, t3
    /* f32 twin: 23-bit fraction, exponent 2^-16 .. 2^15 */
    srli t4, s0, 20
    li t5, 0x7fffff
    and t4, t4, t5
    srli t5, s0, 3
    andi t5, t5, 31
    addi t5, t5, 111
    slli t5, t5, 23
    or t4, t4, t5
    andi t5, s0, 1
    slli t5, t5, 31
    or t4, t4, t5
    j gen_store
gen_raw:
    mul t2, s0, s4              /* any bit pattern */
    srli t4, t2, 17
    j gen_store
gen_special:
    srli t3, s0, 40
    andi t3, t3, 31
    slli t5, t3, 3
    la t6, spec_d
    add t6, t6, t5
    ld t2, 0(t6)
    slli t5, t3, 2
    la t6, spec_s
    add t6, t6, t5
    lwu t4, 0(t6)
gen_store:
    sd t2, 0(s1)
    sw t4, 0(s2)
    /* the raw "f32" pattern: boxed one time in four */
    srli t5, s0, 30
    andi t5, t5, 3
    slli t4, t4, 32
    srli t4, t4, 32
    bnez t5, 1f
    li t5, 0xffffffff00000000
    or t4, t4, t5
    j 2f
1:  slli t5, s0, 32
    or t4, t4, t5
2:  sd t4, 0(s3)
    addi s1, s1, 8
    addi s2, s2, 4
    addi s3, s3, 8
    addi s6, s6, -1
    bnez s6, gen

    /* ---- 1: the FP loop under each rounding mode (frm 0..4), fflags accrued
       over the loop, then cleared.  Dynamic-rm instructions; the static-rm ones
       (RTZ conversions inline, RUP/RDN/RMM arithmetic as call-outs) in between. */
    li s7, 0
rm_loop:
    fsrm s7
    csrwi fflags, 0
    call fp_body
    addi s7, s7, 1
    li t0, 5
    bltu s7, t0, rm_loop
    fsrmi 0

    /* ---- 2: the same with fflags cleared before every triple (the fused ops take
       their slow path until inexact is accrued again). */
    li s7, 1
    call fp_body

    /* ---- 3: FS Off: the first FP instruction of a translated block traps, with the
       integer work before it retired. */
    SET_TESTNUM(3)
    li s8, 0
fs_loop:
    li t0, MSTATUS_FS
    csrc mstatus, t0
    EXPECT_TRAP(fs_resume)
    fs_block:
    addi s9, s8, 5
    slli s9, s9, 2
fs_trap:
    fadd.d f1, f2, f3
    fmul.d f4, f1, f1
    j fail
fs_resume:
    CHECK_TRAP(CAUSE_ILLEGAL_INSN, fs_trap)
    li t0, MSTATUS_FS
    csrs mstatus, t0
    addi s8, s8, 1
    li t0, 3
    bltu s8, t0, fs_loop

    /* ---- 4: FS Clean: FP work that writes no f-register (moves to x, compares,
       stores) leaves it Clean; the first f write makes it Dirty; a load fault in the
       middle of the next block (after FP work) traps precisely. */
    SET_TESTNUM(4)
    la s1, opd
    la s2, ops
    li s8, 0
clean_loop:
    li t0, MSTATUS_FS
    csrc mstatus, t0
    li t0, MSTATUS_FS_CLEAN
    csrs mstatus, t0
    fld f8, 0(s1)
    flw f9, 0(s2)
    fmv.x.d a0, f8
    feq.d a1, f8, f8
    flt.s a2, f9, f9
    fsd f8, 8(s1)
    csrr a3, mstatus
    li t0, MSTATUS_FS
    and a3, a3, t0
    /* fld/flw wrote f-registers: Dirty now */
    CHECK_EQ(a3, MSTATUS_FS)
    li t0, MSTATUS_FS
    csrc mstatus, t0
    li t0, MSTATUS_FS_CLEAN
    csrs mstatus, t0
    EXPECT_TRAP(fault_resume)
    fmv.x.w a4, f9
    fle.d a5, f8, f8
    fsgnj.d f10, f8, f8
    fadd.d f11, f8, f8
    fmadd.d f12, f8, f8, f11
    li t2, 0x70000010
fault:
    ld a6, 0(t2)                /* no memory there: load access fault */
    fadd.d f13, f8, f8
    j fail
fault_resume:
    CHECK_TRAP(5, fault)
    csrr a3, mstatus
    li t0, MSTATUS_FS
    and a3, a3, t0
    CHECK_EQ(a3, MSTATUS_FS)
    /* an FP load that faults after FP work */
    EXPECT_TRAP(fault2_resume)
    fadd.d f14, f8, f8
    fcvt.s.d f15, f14
    li t2, 0x70000018
fault2:
    fld f16, 0(t2)
    j fail
fault2_resume:
    CHECK_TRAP(5, fault2)
    addi s1, s1, 8
    addi s2, s2, 4
    addi s8, s8, 1
    li t0, 8
    bltu s8, t0, clean_loop

    /* ---- 5: a self-looping FP block (no CSR inside): an f64/f32 dot product and
       a polynomial, round and round inside translated code. */
    SET_TESTNUM(5)
    csrwi fflags, 0
    la s1, opd
    la s2, ops
    li s6, N
    fmv.d.x f20, zero
    fmv.w.x f21, zero
    li t0, 0x3ff0000000000000
    fmv.d.x f22, t0
dot:
    fld f0, 0(s1)
    flw f1, 0(s2)
    fmadd.d f20, f0, f22, f20
    fmul.d f2, f0, f0
    fadd.d f20, f20, f2
    fmadd.s f21, f1, f1, f21
    fdiv.s f3, f1, f21
    fsqrt.d f4, f2
    fsub.d f20, f20, f4
    fcvt.d.s f5, f3
    fadd.d f20, f20, f5
    addi s1, s1, 8
    addi s2, s2, 4
    addi s6, s6, -1
    bnez s6, dot
    fsd f20, 0(s1)
    fsw f21, 0(s2)
    TEST_CODE_END

/* The loop over the operand triples; s7 = 1: clear fflags before each triple. */
fp_body:
    la s1, opd
    la s2, ops
    la s3, opu
    la s10, out
    li s6, N
body:
    li t0, 1
    bne s7, t0, 3f
    csrwi fflags, 0
3:
    fld f0, 0(s1)
    fld f1, 8(s1)
    fld f2, 16(s1)
    flw f3, 0(s2)
    flw f4, 4(s2)
    flw f5, 8(s2)
    fld f6, 0(s3)               /* raw "f32": usually not NaN-boxed */
    fld f7, 8(s3)
    fadd.d f8, f0, f1
    fsub.d f9, f0, f2
    fmul.d f10, f1, f2
    fdiv.d f11, f0, f1
    fsqrt.d f12, f2
    fmadd.d f13, f0, f1, f2
    fmsub.d f14, f0, f1, f2
    fnmsub.d f15, f0, f1, f2
    fnmadd.d f16, f0, f1, f2
    fsgnj.d f17, f0, f1
    fsgnjn.d f18, f1, f2
    fsgnjx.d f19, f2, f0
    fmin.d f20, f0, f1
    fmax.d f21, f1, f2
    feq.d a0, f0, f1
    flt.d a1, f1, f2
    fle.d a2, f2, f0
    fcvt.s.d f22, f0
    fcvt.d.s f23, f3
    fcvt.w.d a3, f0, rtz
    fcvt.l.d a4, f1, rtz
    fcvt.w.d a5, f2, rne
    fcvt.l.d a6, f0
    fmv.x.d a7, f13
    fcvt.d.l f24, a7
    fcvt.d.w f25, a3
    fcvt.d.wu f26, a4
    fcvt.s.l f27, a4
    fcvt.s.w f28, a3
    fadd.d f29, f0, f1, rup
    fmul.d f30, f1, f2, rdn
    fdiv.d f31, f0, f2, rmm
    fsd f8, 0(s10)
    fsd f9, 8(s10)
    fsd f10, 16(s10)
    fsd f11, 24(s10)
    fsd f12, 32(s10)
    fsd f13, 40(s10)
    fsd f14, 48(s10)
    fsd f15, 56(s10)
    fsd f16, 64(s10)
    fsd f22, 72(s10)
    fsd f23, 80(s10)
    fsd f24, 88(s10)
    fsw f27, 96(s10)
    fsw f28, 100(s10)
    fsd f29, 104(s10)
    fsd f30, 112(s10)
    fsd f31, 120(s10)
    xor s11, s11, a0
    xor s11, s11, a1
    xor s11, s11, a2
    xor s11, s11, a3
    xor s11, s11, a4
    xor s11, s11, a5
    xor s11, s11, a6
    /* single precision: boxed operands (flw) and raw ones (fld) */
    fadd.s f8, f3, f4
    fsub.s f9, f3, f5
    fmul.s f10, f4, f5
    fdiv.s f11, f3, f4
    fsqrt.s f12, f5
    fmadd.s f13, f3, f4, f5
    fmsub.s f14, f3, f4, f5
    fnmsub.s f15, f3, f4, f5
    fnmadd.s f16, f3, f4, f5
    fsgnj.s f17, f3, f6
    fsgnjn.s f18, f6, f4
    fsgnjx.s f19, f5, f3
    fmin.s f20, f3, f4
    fmax.s f21, f4, f6
    feq.s a0, f3, f4
    flt.s a1, f4, f5
    fle.s a2, f5, f3
    fcvt.w.s a3, f3, rtz
    fcvt.l.s a4, f4, rtz
    fmv.x.w a5, f13
    fmv.w.x f22, a5
    fadd.s f23, f6, f3
    fmul.s f24, f7, f4
    fmadd.s f25, f6, f7, f3
    fcvt.d.s f26, f6
    flt.s a6, f6, f7
    fsqrt.s f27, f6, rup
    fadd.s f28, f3, f4, rtz
    fsd f8, 128(s10)
    fsd f9, 136(s10)
    fsd f10, 144(s10)
    fsd f11, 152(s10)
    fsd f12, 160(s10)
    fsd f13, 168(s10)
    fsd f14, 176(s10)
    fsd f15, 184(s10)
    fsd f16, 192(s10)
    fsd f17, 200(s10)
    fsd f18, 208(s10)
    fsd f19, 216(s10)
    fsd f20, 224(s10)
    fsd f21, 232(s10)
    fsd f22, 240(s10)
    fsd f23, 248(s10)
    fsd f24, 256(s10)
    fsd f25, 264(s10)
    fsd f26, 272(s10)
    fsd f27, 280(s10)
    fsd f28, 288(s10)
    xor s11, s11, a0
    xor s11, s11, a1
    xor s11, s11, a2
    xor s11, s11, a3
    xor s11, s11, a4
    xor s11, s11, a6
    addi s10, s10, 296
    addi s1, s1, 24
    addi s2, s2, 12
    addi s3, s3, 24
    addi s6, s6, -3
    bgtz s6, body
    ret

TEST_DATA_BEGIN
    .align 3
/* f64 specials: 0, -0, smallest / largest subnormal, smallest normal and its
   neighbours, 2^-967 and neighbours (the fast paths' bound), 2^-1000, 1, -1,
   1 + 2^-52, 3, 0.1, largest finite, 2^1023, 2^1000, inf, -inf, quiet and
   signaling NaNs (both signs), 2^-1022 * 1.5, -2^-1074 * 3, 2^53 + 1 as a double,
   2^63, -2^31 - 0.5, 2^31 - 0.5, 1e300. */
spec_d:
    .dword 0x0000000000000000, 0x8000000000000000, 0x0000000000000001, 0x000fffffffffffff
    .dword 0x0010000000000000, 0x0010000000000001, 0x001fffffffffffff, 0x0380000000000000
    .dword 0x037fffffffffffff, 0x0380000000000001, 0x0170000000000000, 0x3ff0000000000000
    .dword 0xbff0000000000000, 0x3ff0000000000001, 0x4008000000000000, 0x3fb999999999999a
    .dword 0x7fefffffffffffff, 0x7fe0000000000000, 0x7e70000000000000, 0x7ff0000000000000
    .dword 0xfff0000000000000, 0x7ff8000000000000, 0xfff8000000000000, 0x7ff0000000000001
    .dword 0xfff4000000000000, 0x0018000000000000, 0x8000000000000003, 0x4340000000000001
    .dword 0x43e0000000000000, 0xc1e0000000100000, 0x41dfffffffe00000, 0x7e37e43c8800759c
/* f32 specials: 0, -0, smallest / largest subnormal, smallest normal and
   neighbours, 1, -1, 1 + 2^-23, 3, 0.1, largest finite, 2^127, inf, -inf, quiet
   and signaling NaNs, 2^-100, 2^100, 2^24 + 2 (exact), 2^31, -2^31, 2^63, 0.5,
   1.5, 2^-126 * 1.5, -3 * 2^-149, 1e30, 1e-30, 7. */
spec_s:
    .word 0x00000000, 0x80000000, 0x00000001, 0x007fffff, 0x00800000, 0x00800001, 0x00ffffff, 0x3f800000
    .word 0xbf800000, 0x3f800001, 0x40400000, 0x3dcccccd, 0x7f7fffff, 0x7f000000, 0x7f800000, 0xff800000
    .word 0x7fc00000, 0xffc00000, 0x7f800001, 0xffa00000, 0x0d800000, 0x71800000, 0x4b800001, 0x4f000000
    .word 0xcf000000, 0x5f000000, 0x3f000000, 0x3fc00000, 0x00c00000, 0x80000003, 0x7149f2ca, 0x40e00000
    .align 3
opd: .skip 8*3*N + 8
ops: .skip 4*3*N + 8
    .align 3
opu: .skip 8*3*N
out: .skip 296*(N/3) + 16
TEST_DATA_END

/* HTIF_ONLY_TEST */
