/* FP moves, loads/stores and NaN-boxing (F, D, Zfh):
   fmv.w.x fmv.x.w fmv.d.x fmv.x.d fmv.h.x fmv.x.h flw fsw fld fsd flh fsh.
   - n-bit transfers into f registers NaN-box (upper bits all ones);
   - transfers out of f registers (fmv.x.*, fs*) use the low n bits only,
     ignore the boxing and never canonicalise (sNaN bits preserved);
   - fmv.x.w / fmv.x.h sign-extend into the integer register;
   - arithmetic/compare/convert ops reading an improperly NaN-boxed narrow
     value see the canonical NaN (a quiet NaN: no NV for feq). */
#include "test_macros.h"

/* raw 64-bit pattern into an f register (no boxing) */
#define FRAW(freg, bits) li t0, bits; fmv.d.x freg, t0

TEST_CODE_BEGIN
    /* ---- single-precision transfers */
    TEST_CASE(2,  a0, 0xffffffff3f800000, li a1, 0x3f800000; fmv.w.x fa0, a1; fmv.x.d a0, fa0)
    TEST_CASE(3,  a0, 0xffffffff9abcdef0, li a1, 0x123456789abcdef0; fmv.w.x fa0, a1; fmv.x.d a0, fa0)
    TEST_CASE(4,  a0, 0xffffffff80000000, FLOAD_S(fa1, 0x80000000); fmv.x.w a0, fa1)
    TEST_CASE(5,  a0, 0x000000007fffffff, FLOAD_S(fa1, 0x7fffffff); fmv.x.w a0, fa1)
    TEST_CASE(6,  a0, 0x000000003f800000, FRAW(fa1, 0x123456783f800000); fmv.x.w a0, fa1)
    TEST_CASE(7,  a0, 0xffffffffbf800000, FRAW(fa1, 0x00000000bf800000); fmv.x.w a0, fa1)
    SET_TESTNUM(8); FLOAD_S(fa1, 0x7f800001); FCLEAR; fmv.x.w a0, fa1; csrr t1, fflags; CHECK_EQ(a0, 0x7f800001); CHECK_EQ(t1, 0)
    TEST_CASE(9,  a0, 0xffffffffbf800000, la a1, fdata; flw fa0, 0(a1); fmv.x.d a0, fa0)
    TEST_CASE(10, a0, 0xffffffff7f800001, la a1, fdata; flw fa0, 4(a1); fmv.x.d a0, fa0)
    TEST_CASE(11, a0, 0xffffffffbf800000, la a1, fdata_end; flw fa0, -32(a1); fmv.x.d a0, fa0)
    /* fsw stores the low 32 bits, even of an improperly boxed value */
    TEST_CASE(12, a0, 0x40490fdb, la a1, fstore; li a2, -1; sd a2, 0(a1); FRAW(fa1, 0x1234567840490fdb); fsw fa1, 0(a1); lwu a0, 0(a1))
    TEST_CASE(13, a0, 0xffffffff, lwu a0, 4(a1))
    TEST_CASE(14, a0, 0xffc00001, la a1, fstore; FLOAD_S(fa1, 0xffc00001); fsw fa1, 4(a1); lwu a0, 4(a1))
    TEST_CASE(15, a0, 0x40490fdb, la a1, fstore_end; flw fa2, -8(a1); fsw fa2, -4(a1); lwu a0, -4(a1))

    /* ---- double-precision transfers */
    TEST_CASE(16, a0, 0x8000000000000001, FRAW(fa1, 0x8000000000000001); fmv.x.d a0, fa1)
    TEST_CASE(17, a0, 0x7ff0000000000001, la a1, fdata; fld fa0, 8(a1); fmv.x.d a0, fa0)
    TEST_CASE(18, a0, 0x7ff0000000000001, la a1, fstore; fsd fa0, 8(a1); ld a0, 8(a1))
    TEST_CASE(19, a0, 0xc00921fb54442d18, la a1, fstore_end; FRAW(fa3, 0xc00921fb54442d18); fsd fa3, -8(a1); fld fa4, -8(a1); fmv.x.d a0, fa4)

    /* ---- half-precision transfers */
    TEST_CASE(20, a0, 0xffffffffffff5678, li a1, 0x12345678; fmv.h.x fa0, a1; fmv.x.d a0, fa0)
    TEST_CASE(21, a0, 0xffffffffffff8000, FLOAD_H(fa1, 0x8000); fmv.x.h a0, fa1)
    TEST_CASE(22, a0, 0x0000000000007c01, FLOAD_H(fa1, 0x7c01); fmv.x.h a0, fa1)
    TEST_CASE(23, a0, 0x0000000000003c00, FRAW(fa1, 0x0000000000003c00); fmv.x.h a0, fa1)
    TEST_CASE(24, a0, 0xffffffffffffbc00, FRAW(fa1, 0x000000000000bc00); fmv.x.h a0, fa1)
    TEST_CASE(25, a0, 0x0000000000005678, li a1, 0x12345678; fmv.w.x fa1, a1; fmv.x.h a0, fa1)
    TEST_CASE(26, a0, 0xffffffffffffbc00, la a1, fdata; flh fa0, 16(a1); fmv.x.d a0, fa0)
    TEST_CASE(27, a0, 0xffffffffffff7c01, la a1, fdata; flh fa0, 18(a1); fmv.x.d a0, fa0)
    /* fsh stores only the low 16 bits */
    TEST_CASE(28, a0, 0xffffffff4248ffff, la a1, fstore; li a2, -1; sd a2, 16(a1); FRAW(fa1, 0x0000000000004248); fsh fa1, 18(a1); ld a0, 16(a1))
    TEST_CASE(29, a0, 0xffffffff4248fc01, FLOAD_H(fa2, 0xfc01); fsh fa2, 16(a1); ld a0, 16(a1))

    /* ---- NaN-boxing of single-precision operands */
    /* improperly boxed 1.0 (upper 32 bits zero) reads as canonical NaN */
    SET_TESTNUM(30); FRAW(fa1, 0x000000003f800000); FLOAD_S(fa2, 0x3f800000); FCLEAR; fadd.s fa0, fa1, fa2; FCHECK(S, fa0, 0x7fc00000, 0)
    SET_TESTNUM(31); FRAW(fa1, 0xfffffffe3f800000); FLOAD_S(fa2, 0x3f800000); FCLEAR; fadd.s fa0, fa2, fa1; FCHECK(S, fa0, 0x7fc00000, 0)
    /* properly boxed via fmv.d.x works normally */
    SET_TESTNUM(32); FRAW(fa1, 0xffffffff3f800000); FLOAD_S(fa2, 0x3f800000); FCLEAR; fadd.s fa0, fa1, fa2; FCHECK(S, fa0, 0x40000000, 0)
    TEST_CASE(33, a0, 0x200, FRAW(fa1, 0x00000000ff800000); fclass.s a0, fa1)        /* would be -inf if boxed */
    SET_TESTNUM(34); FRAW(fa1, 0x000000003f800000); FCLEAR; feq.s a0, fa1, fa1; csrr t1, fflags; CHECK_EQ(a0, 0); CHECK_EQ(t1, 0)
    SET_TESTNUM(35); FRAW(fa1, 0x000000003f800000); FCLEAR; fle.s a0, fa1, fa1; csrr t1, fflags; CHECK_EQ(a0, 0); CHECK_EQ(t1, NV)
    /* fsgnj: unboxed rs1 -> canonical NaN with the sign of rs2 */
    SET_TESTNUM(36); FRAW(fa1, 0x000000003f800000); FLOAD_S(fa2, 0xbf800000); FCLEAR; fsgnj.s fa0, fa1, fa2; FCHECK(S, fa0, 0xffc00000, 0)
    SET_TESTNUM(37); FRAW(fa1, 0x000000003f800000); FLOAD_S(fa2, 0x3f800000); FCLEAR; fsgnjn.s fa0, fa1, fa2; FCHECK(S, fa0, 0xffc00000, 0)
    /* fsgnj: unboxed rs2 (bit 31 set) is the canonical NaN, whose sign is 0 */
    SET_TESTNUM(38); FLOAD_S(fa1, 0xbf800000); FRAW(fa2, 0x00000000bf800000); FCLEAR; fsgnj.s fa0, fa1, fa2; FCHECK(S, fa0, 0x3f800000, 0)
    SET_TESTNUM(39); FLOAD_S(fa1, 0xbf800000); FRAW(fa2, 0x00000000bf800000); FCLEAR; fsgnjx.s fa0, fa1, fa2; FCHECK(S, fa0, 0xbf800000, 0)
    SET_TESTNUM(40); FRAW(fa1, 0x0000000040000000); FCLEAR; fcvt.d.s fa0, fa1; FCHECK(D, fa0, 0x7ff8000000000000, 0)
    SET_TESTNUM(41); FRAW(fa1, 0x0000000040000000); FCLEAR; fcvt.w.s a0, fa1, rtz; csrr t1, fflags; CHECK_EQ(a0, 0x7fffffff); CHECK_EQ(t1, NV)
    SET_TESTNUM(42); FRAW(fa1, 0x0000000040000000); FCLEAR; fcvt.h.s fa0, fa1; FCHECK(H, fa0, 0x7e00, 0)
    SET_TESTNUM(43); FRAW(fa1, 0x0000000040000000); FLOAD_S(fa2, 0x3f800000); FCLEAR; fmin.s fa0, fa1, fa2; FCHECK(S, fa0, 0x3f800000, 0)
    SET_TESTNUM(44); FRAW(fa1, 0x0000000040000000); FLOAD_S(fa2, 0x3f800000); FCLEAR; fmax.s fa0, fa2, fa1; FCHECK(S, fa0, 0x3f800000, 0)
    SET_TESTNUM(45); FLOAD_S(fa1, 0x3f800000); FLOAD_S(fa2, 0x3f800000); FRAW(fa3, 0x000000003f800000); FCLEAR; fmadd.s fa0, fa1, fa2, fa3; FCHECK(S, fa0, 0x7fc00000, 0)
    SET_TESTNUM(46); FRAW(fa1, 0x0000000040800000); FCLEAR; fsqrt.s fa0, fa1; FCHECK(S, fa0, 0x7fc00000, 0)
    SET_TESTNUM(47); FRAW(fa1, 0x0000000040800000); FLOAD_S(fa2, 0x3f800000); FCLEAR; fmul.s fa0, fa2, fa1; FCHECK(S, fa0, 0x7fc00000, 0)

    /* ---- NaN-boxing of half-precision operands (upper 48 bits must be ones) */
    SET_TESTNUM(48); li a1, 0x3c00; fmv.w.x fa1, a1; FLOAD_H(fa2, 0x3c00); FCLEAR; fadd.h fa0, fa1, fa2; FCHECK(H, fa0, 0x7e00, 0)
    SET_TESTNUM(49); FRAW(fa1, 0xffffffffffff3c00); FLOAD_H(fa2, 0x3c00); FCLEAR; fadd.h fa0, fa1, fa2; FCHECK(H, fa0, 0x4000, 0)
    SET_TESTNUM(50); FRAW(fa1, 0xfffffffeffff3c00); FLOAD_H(fa2, 0x3c00); FCLEAR; fadd.h fa0, fa1, fa2; FCHECK(H, fa0, 0x7e00, 0)
    TEST_CASE(51, a0, 0x200, FRAW(fa1, 0x000000000000fc00); fclass.h a0, fa1)
    SET_TESTNUM(52); FRAW(fa1, 0x0000000000003c00); FCLEAR; fcvt.s.h fa0, fa1; FCHECK(S, fa0, 0x7fc00000, 0)
    SET_TESTNUM(53); FRAW(fa1, 0x0000000000003c00); FCLEAR; fcvt.d.h fa0, fa1; FCHECK(D, fa0, 0x7ff8000000000000, 0)
    SET_TESTNUM(54); FRAW(fa1, 0x0000000000003c00); FLOAD_H(fa2, 0x3c00); FCLEAR; fsgnjn.h fa0, fa1, fa2; FCHECK(H, fa0, 0xfe00, 0)
    SET_TESTNUM(55); FRAW(fa1, 0x0000000000003c00); FCLEAR; feq.h a0, fa1, fa1; csrr t1, fflags; CHECK_EQ(a0, 0); CHECK_EQ(t1, 0)
    SET_TESTNUM(56); FRAW(fa1, 0x0000000000004400); FCLEAR; fcvt.l.h a0, fa1, rtz; csrr t1, fflags; CHECK_EQ(a0, 0x7fffffffffffffff); CHECK_EQ(t1, NV)
    /* a properly boxed single is NOT a properly boxed half */
    SET_TESTNUM(57); FLOAD_S(fa1, 0x3f800000); FLOAD_H(fa2, 0x3c00); FCLEAR; fmul.h fa0, fa1, fa2; FCHECK(H, fa0, 0x7e00, 0)
    /* a boxed half seen by a single op: 0xffffffffffff3c00 is a boxed single NaN
       (0xffff3c00, a quiet NaN) -> canonical NaN, no flags */
    SET_TESTNUM(58); FLOAD_H(fa1, 0x3c00); FLOAD_S(fa2, 0x3f800000); FCLEAR; fadd.s fa0, fa1, fa2; FCHECK(S, fa0, 0x7fc00000, 0)
    /* ... and 0xffffffffffff7c01 holds a boxed single 0xffff7c01: a quiet NaN too */
    SET_TESTNUM(59); FLOAD_H(fa1, 0x7c01); FCLEAR; fclass.s a0, fa1; CHECK_EQ(a0, 0x200)

    /* ---- results of narrow ops are NaN-boxed when read as double */
    SET_TESTNUM(60); FLOAD_S(fa1, 0x40400000); fcvt.d.s fa2, fa1; fmv.x.d a0, fa2; CHECK_EQ(a0, 0x4008000000000000)
    SET_TESTNUM(61); FLOAD_D(fa1, 0x4008000000000000); fcvt.s.d fa2, fa1; fmv.x.d a0, fa2; CHECK_EQ(a0, 0xffffffff40400000)
    SET_TESTNUM(62); FLOAD_D(fa1, 0x4008000000000000); fcvt.h.d fa2, fa1; fmv.x.d a0, fa2; CHECK_EQ(a0, 0xffffffffffff4200)
    /* a D op reading a boxed single sees a (quiet) NaN double */
    SET_TESTNUM(63); FLOAD_S(fa1, 0x3f800000); FCLEAR; fclass.d a0, fa1; CHECK_EQ(a0, 0x200)
TEST_CODE_END

TEST_DATA_BEGIN
    .align 3
fdata:
    .word 0xbf800000            /* 0: -1.0f */
    .word 0x7f800001            /* 4: sNaN (single) */
    .dword 0x7ff0000000000001   /* 8: sNaN (double) */
    .half 0xbc00                /* 16: -1.0 (half) */
    .half 0x7c01                /* 18: sNaN (half) */
    .word 0
    .dword 0
fdata_end:
    .align 3
fstore:
    .skip 24
    .word 0x40490fdb
    .word 0
fstore_end:
TEST_DATA_END
