/* Rounding modes, double precision: every rounding mode (rne rtz rdn rup rmm)
   both static (encoded in the instruction) and dynamic (rm = dyn, frm set
   with fsrmi), on ties, inexact quotients/roots, overflow (rtz/rdn/rup give
   the largest finite number instead of infinity where required), underflow
   to zero or to the smallest subnormal, the sign of an exact zero sum under
   rdn, FP -> integer and integer -> FP conversions. */
#include "test_macros.h"

TEST_CODE_BEGIN
    /* rounding mode rne (static in the instruction) */
    TEST_FP2_RM(D, 2, fadd.d, rne, NX, 0x3ff0000000000000, 0x3ff0000000000000, 0x3ca0000000000000)   /* fadd(1.0, 0x1.0000000000000p-53) */
    TEST_FP2_RM(D, 3, fadd.d, rne, NX, 0xbff0000000000000, 0xbff0000000000000, 0xbca0000000000000)   /* fadd(-1.0, -0x1.0000000000000p-53) */
    TEST_FP2_RM(D, 4, fadd.d, rne, NX, 0x3ff0000000000002, 0x3ff0000000000000, 0x3cb8000000000000)   /* fadd(1.0, 0x1.8000000000000p-52) */
    TEST_FP2_RM(D, 5, fadd.d, rne, NX, 0xbff0000000000000, 0xbff0000000000000, 0x3c90000000000000)   /* fadd(-1.0, 0x1.0000000000000p-54) */
    TEST_FP2_RM(D, 6, fdiv.d, rne, NX, 0x3fd5555555555555, 0x3ff0000000000000, 0x4008000000000000)   /* fdiv(1.0, 3.0) */
    TEST_FP2_RM(D, 7, fdiv.d, rne, NX, 0xbfe5555555555555, 0xc000000000000000, 0x4008000000000000)   /* fdiv(-2.0, 3.0) */
    TEST_FP1_RM(D, 8, fsqrt.d, rne, NX, 0x3ff6a09e667f3bcd, 0x4000000000000000)   /* fsqrt(2.0) */
    TEST_FP2_RM(D, 9, fmul.d, rne, OF|NX, 0x7ff0000000000000, 0x7fefffffffffffff, 0x4000000000000000)   /* fmul(max, 2.0) */
    TEST_FP2_RM(D, 10, fmul.d, rne, OF|NX, 0xfff0000000000000, 0xffefffffffffffff, 0x4000000000000000)   /* fmul(-max, 2.0) */
    TEST_FP2_RM(D, 11, fmul.d, rne, UF|NX, 0x0, 0x1, 0x3fe0000000000000)   /* fmul(mins, 0.5) */
    TEST_FP2_RM(D, 12, fmul.d, rne, UF|NX, 0x8000000000000000, 0x8000000000000001, 0x3fd0000000000000)   /* fmul(-mins, 0.25) */
    TEST_FP3_RM(D, 13, fmadd.d, rne, NX, 0x3cc0000000000000, 0x3ff0000000000001, 0x3ff0000000000001, 0xbff0000000000000)   /* fmadd(0x1.0000000000001p+0, 0x1.0000000000001p+0, -1.0) */
    TEST_FP2_RM(D, 14, fsub.d, rne, 0, 0x0, 0x3ff0000000000000, 0x3ff0000000000000)   /* fsub(1.0, 1.0) */
    TEST_FCVT_XF(D, 15, fcvt.w.d, rne, NX, 0x2, 0x4004000000000000)   /* fcvt.w.d(2.5) */
    TEST_FCVT_XF(D, 16, fcvt.w.d, rne, NX, 0xfffffffffffffffe, 0xc004000000000000)   /* fcvt.w.d(-2.5) */
    TEST_FCVT_XF(D, 17, fcvt.w.d, rne, NX, 0x0, 0x3fe0000000000000)   /* fcvt.w.d(0.5) */
    TEST_FCVT_XF(D, 18, fcvt.w.d, rne, NX, 0x0, 0xbfe0000000000000)   /* fcvt.w.d(-0.5) */
    TEST_FCVT_FX_RM(D, 19, fcvt.d.l, rne, NX, 0x4340000000000000, 0x20000000000001)   /* fcvt.d.l(0x20000000000001) */
    TEST_FCVT_FX_RM(D, 20, fcvt.d.l, rne, NX, 0xc340000000000000, 0xffdfffffffffffff)   /* fcvt.d.l(0xffdfffffffffffff) */
    /* rounding mode rtz (static in the instruction) */
    TEST_FP2_RM(D, 21, fadd.d, rtz, NX, 0x3ff0000000000000, 0x3ff0000000000000, 0x3ca0000000000000)   /* fadd(1.0, 0x1.0000000000000p-53) */
    TEST_FP2_RM(D, 22, fadd.d, rtz, NX, 0xbff0000000000000, 0xbff0000000000000, 0xbca0000000000000)   /* fadd(-1.0, -0x1.0000000000000p-53) */
    TEST_FP2_RM(D, 23, fadd.d, rtz, NX, 0x3ff0000000000001, 0x3ff0000000000000, 0x3cb8000000000000)   /* fadd(1.0, 0x1.8000000000000p-52) */
    TEST_FP2_RM(D, 24, fadd.d, rtz, NX, 0xbfefffffffffffff, 0xbff0000000000000, 0x3c90000000000000)   /* fadd(-1.0, 0x1.0000000000000p-54) */
    TEST_FP2_RM(D, 25, fdiv.d, rtz, NX, 0x3fd5555555555555, 0x3ff0000000000000, 0x4008000000000000)   /* fdiv(1.0, 3.0) */
    TEST_FP2_RM(D, 26, fdiv.d, rtz, NX, 0xbfe5555555555555, 0xc000000000000000, 0x4008000000000000)   /* fdiv(-2.0, 3.0) */
    TEST_FP1_RM(D, 27, fsqrt.d, rtz, NX, 0x3ff6a09e667f3bcc, 0x4000000000000000)   /* fsqrt(2.0) */
    TEST_FP2_RM(D, 28, fmul.d, rtz, OF|NX, 0x7fefffffffffffff, 0x7fefffffffffffff, 0x4000000000000000)   /* fmul(max, 2.0) */
    TEST_FP2_RM(D, 29, fmul.d, rtz, OF|NX, 0xffefffffffffffff, 0xffefffffffffffff, 0x4000000000000000)   /* fmul(-max, 2.0) */
    TEST_FP2_RM(D, 30, fmul.d, rtz, UF|NX, 0x0, 0x1, 0x3fe0000000000000)   /* fmul(mins, 0.5) */
    TEST_FP2_RM(D, 31, fmul.d, rtz, UF|NX, 0x8000000000000000, 0x8000000000000001, 0x3fd0000000000000)   /* fmul(-mins, 0.25) */
    TEST_FP3_RM(D, 32, fmadd.d, rtz, NX, 0x3cc0000000000000, 0x3ff0000000000001, 0x3ff0000000000001, 0xbff0000000000000)   /* fmadd(0x1.0000000000001p+0, 0x1.0000000000001p+0, -1.0) */
    TEST_FP2_RM(D, 33, fsub.d, rtz, 0, 0x0, 0x3ff0000000000000, 0x3ff0000000000000)   /* fsub(1.0, 1.0) */
    TEST_FCVT_XF(D, 34, fcvt.w.d, rtz, NX, 0x2, 0x4004000000000000)   /* fcvt.w.d(2.5) */
    TEST_FCVT_XF(D, 35, fcvt.w.d, rtz, NX, 0xfffffffffffffffe, 0xc004000000000000)   /* fcvt.w.d(-2.5) */
    TEST_FCVT_XF(D, 36, fcvt.w.d, rtz, NX, 0x0, 0x3fe0000000000000)   /* fcvt.w.d(0.5) */
    TEST_FCVT_XF(D, 37, fcvt.w.d, rtz, NX, 0x0, 0xbfe0000000000000)   /* fcvt.w.d(-0.5) */
    TEST_FCVT_FX_RM(D, 38, fcvt.d.l, rtz, NX, 0x4340000000000000, 0x20000000000001)   /* fcvt.d.l(0x20000000000001) */
    TEST_FCVT_FX_RM(D, 39, fcvt.d.l, rtz, NX, 0xc340000000000000, 0xffdfffffffffffff)   /* fcvt.d.l(0xffdfffffffffffff) */
    /* rounding mode rdn (static in the instruction) */
    TEST_FP2_RM(D, 40, fadd.d, rdn, NX, 0x3ff0000000000000, 0x3ff0000000000000, 0x3ca0000000000000)   /* fadd(1.0, 0x1.0000000000000p-53) */
    TEST_FP2_RM(D, 41, fadd.d, rdn, NX, 0xbff0000000000001, 0xbff0000000000000, 0xbca0000000000000)   /* fadd(-1.0, -0x1.0000000000000p-53) */
    TEST_FP2_RM(D, 42, fadd.d, rdn, NX, 0x3ff0000000000001, 0x3ff0000000000000, 0x3cb8000000000000)   /* fadd(1.0, 0x1.8000000000000p-52) */
    TEST_FP2_RM(D, 43, fadd.d, rdn, NX, 0xbff0000000000000, 0xbff0000000000000, 0x3c90000000000000)   /* fadd(-1.0, 0x1.0000000000000p-54) */
    TEST_FP2_RM(D, 44, fdiv.d, rdn, NX, 0x3fd5555555555555, 0x3ff0000000000000, 0x4008000000000000)   /* fdiv(1.0, 3.0) */
    TEST_FP2_RM(D, 45, fdiv.d, rdn, NX, 0xbfe5555555555556, 0xc000000000000000, 0x4008000000000000)   /* fdiv(-2.0, 3.0) */
    TEST_FP1_RM(D, 46, fsqrt.d, rdn, NX, 0x3ff6a09e667f3bcc, 0x4000000000000000)   /* fsqrt(2.0) */
    TEST_FP2_RM(D, 47, fmul.d, rdn, OF|NX, 0x7fefffffffffffff, 0x7fefffffffffffff, 0x4000000000000000)   /* fmul(max, 2.0) */
    TEST_FP2_RM(D, 48, fmul.d, rdn, OF|NX, 0xfff0000000000000, 0xffefffffffffffff, 0x4000000000000000)   /* fmul(-max, 2.0) */
    TEST_FP2_RM(D, 49, fmul.d, rdn, UF|NX, 0x0, 0x1, 0x3fe0000000000000)   /* fmul(mins, 0.5) */
    TEST_FP2_RM(D, 50, fmul.d, rdn, UF|NX, 0x8000000000000001, 0x8000000000000001, 0x3fd0000000000000)   /* fmul(-mins, 0.25) */
    TEST_FP3_RM(D, 51, fmadd.d, rdn, NX, 0x3cc0000000000000, 0x3ff0000000000001, 0x3ff0000000000001, 0xbff0000000000000)   /* fmadd(0x1.0000000000001p+0, 0x1.0000000000001p+0, -1.0) */
    TEST_FP2_RM(D, 52, fsub.d, rdn, 0, 0x8000000000000000, 0x3ff0000000000000, 0x3ff0000000000000)   /* fsub(1.0, 1.0) */
    TEST_FCVT_XF(D, 53, fcvt.w.d, rdn, NX, 0x2, 0x4004000000000000)   /* fcvt.w.d(2.5) */
    TEST_FCVT_XF(D, 54, fcvt.w.d, rdn, NX, 0xfffffffffffffffd, 0xc004000000000000)   /* fcvt.w.d(-2.5) */
    TEST_FCVT_XF(D, 55, fcvt.w.d, rdn, NX, 0x0, 0x3fe0000000000000)   /* fcvt.w.d(0.5) */
    TEST_FCVT_XF(D, 56, fcvt.w.d, rdn, NX, 0xffffffffffffffff, 0xbfe0000000000000)   /* fcvt.w.d(-0.5) */
    TEST_FCVT_FX_RM(D, 57, fcvt.d.l, rdn, NX, 0x4340000000000000, 0x20000000000001)   /* fcvt.d.l(0x20000000000001) */
    TEST_FCVT_FX_RM(D, 58, fcvt.d.l, rdn, NX, 0xc340000000000001, 0xffdfffffffffffff)   /* fcvt.d.l(0xffdfffffffffffff) */
    /* rounding mode rup (static in the instruction) */
    TEST_FP2_RM(D, 59, fadd.d, rup, NX, 0x3ff0000000000001, 0x3ff0000000000000, 0x3ca0000000000000)   /* fadd(1.0, 0x1.0000000000000p-53) */
    TEST_FP2_RM(D, 60, fadd.d, rup, NX, 0xbff0000000000000, 0xbff0000000000000, 0xbca0000000000000)   /* fadd(-1.0, -0x1.0000000000000p-53) */
    TEST_FP2_RM(D, 61, fadd.d, rup, NX, 0x3ff0000000000002, 0x3ff0000000000000, 0x3cb8000000000000)   /* fadd(1.0, 0x1.8000000000000p-52) */
    TEST_FP2_RM(D, 62, fadd.d, rup, NX, 0xbfefffffffffffff, 0xbff0000000000000, 0x3c90000000000000)   /* fadd(-1.0, 0x1.0000000000000p-54) */
    TEST_FP2_RM(D, 63, fdiv.d, rup, NX, 0x3fd5555555555556, 0x3ff0000000000000, 0x4008000000000000)   /* fdiv(1.0, 3.0) */
    TEST_FP2_RM(D, 64, fdiv.d, rup, NX, 0xbfe5555555555555, 0xc000000000000000, 0x4008000000000000)   /* fdiv(-2.0, 3.0) */
    TEST_FP1_RM(D, 65, fsqrt.d, rup, NX, 0x3ff6a09e667f3bcd, 0x4000000000000000)   /* fsqrt(2.0) */
    TEST_FP2_RM(D, 66, fmul.d, rup, OF|NX, 0x7ff0000000000000, 0x7fefffffffffffff, 0x4000000000000000)   /* fmul(max, 2.0) */
    TEST_FP2_RM(D, 67, fmul.d, rup, OF|NX, 0xffefffffffffffff, 0xffefffffffffffff, 0x4000000000000000)   /* fmul(-max, 2.0) */
    TEST_FP2_RM(D, 68, fmul.d, rup, UF|NX, 0x1, 0x1, 0x3fe0000000000000)   /* fmul(mins, 0.5) */
    TEST_FP2_RM(D, 69, fmul.d, rup, UF|NX, 0x8000000000000000, 0x8000000000000001, 0x3fd0000000000000)   /* fmul(-mins, 0.25) */
    TEST_FP3_RM(D, 70, fmadd.d, rup, NX, 0x3cc0000000000001, 0x3ff0000000000001, 0x3ff0000000000001, 0xbff0000000000000)   /* fmadd(0x1.0000000000001p+0, 0x1.0000000000001p+0, -1.0) */
    TEST_FP2_RM(D, 71, fsub.d, rup, 0, 0x0, 0x3ff0000000000000, 0x3ff0000000000000)   /* fsub(1.0, 1.0) */
    TEST_FCVT_XF(D, 72, fcvt.w.d, rup, NX, 0x3, 0x4004000000000000)   /* fcvt.w.d(2.5) */
    TEST_FCVT_XF(D, 73, fcvt.w.d, rup, NX, 0xfffffffffffffffe, 0xc004000000000000)   /* fcvt.w.d(-2.5) */
    TEST_FCVT_XF(D, 74, fcvt.w.d, rup, NX, 0x1, 0x3fe0000000000000)   /* fcvt.w.d(0.5) */
    TEST_FCVT_XF(D, 75, fcvt.w.d, rup, NX, 0x0, 0xbfe0000000000000)   /* fcvt.w.d(-0.5) */
    TEST_FCVT_FX_RM(D, 76, fcvt.d.l, rup, NX, 0x4340000000000001, 0x20000000000001)   /* fcvt.d.l(0x20000000000001) */
    TEST_FCVT_FX_RM(D, 77, fcvt.d.l, rup, NX, 0xc340000000000000, 0xffdfffffffffffff)   /* fcvt.d.l(0xffdfffffffffffff) */
    /* rounding mode rmm (static in the instruction) */
    TEST_FP2_RM(D, 78, fadd.d, rmm, NX, 0x3ff0000000000001, 0x3ff0000000000000, 0x3ca0000000000000)   /* fadd(1.0, 0x1.0000000000000p-53) */
    TEST_FP2_RM(D, 79, fadd.d, rmm, NX, 0xbff0000000000001, 0xbff0000000000000, 0xbca0000000000000)   /* fadd(-1.0, -0x1.0000000000000p-53) */
    TEST_FP2_RM(D, 80, fadd.d, rmm, NX, 0x3ff0000000000002, 0x3ff0000000000000, 0x3cb8000000000000)   /* fadd(1.0, 0x1.8000000000000p-52) */
    TEST_FP2_RM(D, 81, fadd.d, rmm, NX, 0xbff0000000000000, 0xbff0000000000000, 0x3c90000000000000)   /* fadd(-1.0, 0x1.0000000000000p-54) */
    TEST_FP2_RM(D, 82, fdiv.d, rmm, NX, 0x3fd5555555555555, 0x3ff0000000000000, 0x4008000000000000)   /* fdiv(1.0, 3.0) */
    TEST_FP2_RM(D, 83, fdiv.d, rmm, NX, 0xbfe5555555555555, 0xc000000000000000, 0x4008000000000000)   /* fdiv(-2.0, 3.0) */
    TEST_FP1_RM(D, 84, fsqrt.d, rmm, NX, 0x3ff6a09e667f3bcd, 0x4000000000000000)   /* fsqrt(2.0) */
    TEST_FP2_RM(D, 85, fmul.d, rmm, OF|NX, 0x7ff0000000000000, 0x7fefffffffffffff, 0x4000000000000000)   /* fmul(max, 2.0) */
    TEST_FP2_RM(D, 86, fmul.d, rmm, OF|NX, 0xfff0000000000000, 0xffefffffffffffff, 0x4000000000000000)   /* fmul(-max, 2.0) */
    TEST_FP2_RM(D, 87, fmul.d, rmm, UF|NX, 0x1, 0x1, 0x3fe0000000000000)   /* fmul(mins, 0.5) */
    TEST_FP2_RM(D, 88, fmul.d, rmm, UF|NX, 0x8000000000000000, 0x8000000000000001, 0x3fd0000000000000)   /* fmul(-mins, 0.25) */
    TEST_FP3_RM(D, 89, fmadd.d, rmm, NX, 0x3cc0000000000001, 0x3ff0000000000001, 0x3ff0000000000001, 0xbff0000000000000)   /* fmadd(0x1.0000000000001p+0, 0x1.0000000000001p+0, -1.0) */
    TEST_FP2_RM(D, 90, fsub.d, rmm, 0, 0x0, 0x3ff0000000000000, 0x3ff0000000000000)   /* fsub(1.0, 1.0) */
    TEST_FCVT_XF(D, 91, fcvt.w.d, rmm, NX, 0x3, 0x4004000000000000)   /* fcvt.w.d(2.5) */
    TEST_FCVT_XF(D, 92, fcvt.w.d, rmm, NX, 0xfffffffffffffffd, 0xc004000000000000)   /* fcvt.w.d(-2.5) */
    TEST_FCVT_XF(D, 93, fcvt.w.d, rmm, NX, 0x1, 0x3fe0000000000000)   /* fcvt.w.d(0.5) */
    TEST_FCVT_XF(D, 94, fcvt.w.d, rmm, NX, 0xffffffffffffffff, 0xbfe0000000000000)   /* fcvt.w.d(-0.5) */
    TEST_FCVT_FX_RM(D, 95, fcvt.d.l, rmm, NX, 0x4340000000000001, 0x20000000000001)   /* fcvt.d.l(0x20000000000001) */
    TEST_FCVT_FX_RM(D, 96, fcvt.d.l, rmm, NX, 0xc340000000000001, 0xffdfffffffffffff)   /* fcvt.d.l(0xffdfffffffffffff) */
    /* rounding mode rne (dynamic via frm) */
    fsrmi 0
    TEST_FP2_RM(D, 97, fadd.d, dyn, NX, 0x3ff0000000000000, 0x3ff0000000000000, 0x3ca0000000000000)   /* fadd(1.0, 0x1.0000000000000p-53) */
    TEST_FP2_RM(D, 98, fadd.d, dyn, NX, 0xbff0000000000000, 0xbff0000000000000, 0xbca0000000000000)   /* fadd(-1.0, -0x1.0000000000000p-53) */
    TEST_FP2_RM(D, 99, fadd.d, dyn, NX, 0x3ff0000000000002, 0x3ff0000000000000, 0x3cb8000000000000)   /* fadd(1.0, 0x1.8000000000000p-52) */
    TEST_FP2_RM(D, 100, fadd.d, dyn, NX, 0xbff0000000000000, 0xbff0000000000000, 0x3c90000000000000)   /* fadd(-1.0, 0x1.0000000000000p-54) */
    TEST_FP2_RM(D, 101, fdiv.d, dyn, NX, 0x3fd5555555555555, 0x3ff0000000000000, 0x4008000000000000)   /* fdiv(1.0, 3.0) */
    TEST_FP2_RM(D, 102, fdiv.d, dyn, NX, 0xbfe5555555555555, 0xc000000000000000, 0x4008000000000000)   /* fdiv(-2.0, 3.0) */
    TEST_FP1_RM(D, 103, fsqrt.d, dyn, NX, 0x3ff6a09e667f3bcd, 0x4000000000000000)   /* fsqrt(2.0) */
    TEST_FP2_RM(D, 104, fmul.d, dyn, OF|NX, 0x7ff0000000000000, 0x7fefffffffffffff, 0x4000000000000000)   /* fmul(max, 2.0) */
    TEST_FP2_RM(D, 105, fmul.d, dyn, OF|NX, 0xfff0000000000000, 0xffefffffffffffff, 0x4000000000000000)   /* fmul(-max, 2.0) */
    TEST_FP2_RM(D, 106, fmul.d, dyn, UF|NX, 0x0, 0x1, 0x3fe0000000000000)   /* fmul(mins, 0.5) */
    TEST_FP2_RM(D, 107, fmul.d, dyn, UF|NX, 0x8000000000000000, 0x8000000000000001, 0x3fd0000000000000)   /* fmul(-mins, 0.25) */
    TEST_FP3_RM(D, 108, fmadd.d, dyn, NX, 0x3cc0000000000000, 0x3ff0000000000001, 0x3ff0000000000001, 0xbff0000000000000)   /* fmadd(0x1.0000000000001p+0, 0x1.0000000000001p+0, -1.0) */
    TEST_FP2_RM(D, 109, fsub.d, dyn, 0, 0x0, 0x3ff0000000000000, 0x3ff0000000000000)   /* fsub(1.0, 1.0) */
    TEST_FCVT_XF(D, 110, fcvt.w.d, dyn, NX, 0x2, 0x4004000000000000)   /* fcvt.w.d(2.5) */
    TEST_FCVT_XF(D, 111, fcvt.w.d, dyn, NX, 0xfffffffffffffffe, 0xc004000000000000)   /* fcvt.w.d(-2.5) */
    TEST_FCVT_XF(D, 112, fcvt.w.d, dyn, NX, 0x0, 0x3fe0000000000000)   /* fcvt.w.d(0.5) */
    TEST_FCVT_XF(D, 113, fcvt.w.d, dyn, NX, 0x0, 0xbfe0000000000000)   /* fcvt.w.d(-0.5) */
    TEST_FCVT_FX_RM(D, 114, fcvt.d.l, dyn, NX, 0x4340000000000000, 0x20000000000001)   /* fcvt.d.l(0x20000000000001) */
    TEST_FCVT_FX_RM(D, 115, fcvt.d.l, dyn, NX, 0xc340000000000000, 0xffdfffffffffffff)   /* fcvt.d.l(0xffdfffffffffffff) */
    SET_TESTNUM(116); frrm a0; CHECK_EQ(a0, 0)   /* frm unchanged by the ops */
    /* rounding mode rtz (dynamic via frm) */
    fsrmi 1
    TEST_FP2_RM(D, 117, fadd.d, dyn, NX, 0x3ff0000000000000, 0x3ff0000000000000, 0x3ca0000000000000)   /* fadd(1.0, 0x1.0000000000000p-53) */
    TEST_FP2_RM(D, 118, fadd.d, dyn, NX, 0xbff0000000000000, 0xbff0000000000000, 0xbca0000000000000)   /* fadd(-1.0, -0x1.0000000000000p-53) */
    TEST_FP2_RM(D, 119, fadd.d, dyn, NX, 0x3ff0000000000001, 0x3ff0000000000000, 0x3cb8000000000000)   /* fadd(1.0, 0x1.8000000000000p-52) */
    TEST_FP2_RM(D, 120, fadd.d, dyn, NX, 0xbfefffffffffffff, 0xbff0000000000000, 0x3c90000000000000)   /* fadd(-1.0, 0x1.0000000000000p-54) */
    TEST_FP2_RM(D, 121, fdiv.d, dyn, NX, 0x3fd5555555555555, 0x3ff0000000000000, 0x4008000000000000)   /* fdiv(1.0, 3.0) */
    TEST_FP2_RM(D, 122, fdiv.d, dyn, NX, 0xbfe5555555555555, 0xc000000000000000, 0x4008000000000000)   /* fdiv(-2.0, 3.0) */
    TEST_FP1_RM(D, 123, fsqrt.d, dyn, NX, 0x3ff6a09e667f3bcc, 0x4000000000000000)   /* fsqrt(2.0) */
    TEST_FP2_RM(D, 124, fmul.d, dyn, OF|NX, 0x7fefffffffffffff, 0x7fefffffffffffff, 0x4000000000000000)   /* fmul(max, 2.0) */
    TEST_FP2_RM(D, 125, fmul.d, dyn, OF|NX, 0xffefffffffffffff, 0xffefffffffffffff, 0x4000000000000000)   /* fmul(-max, 2.0) */
    TEST_FP2_RM(D, 126, fmul.d, dyn, UF|NX, 0x0, 0x1, 0x3fe0000000000000)   /* fmul(mins, 0.5) */
    TEST_FP2_RM(D, 127, fmul.d, dyn, UF|NX, 0x8000000000000000, 0x8000000000000001, 0x3fd0000000000000)   /* fmul(-mins, 0.25) */
    TEST_FP3_RM(D, 128, fmadd.d, dyn, NX, 0x3cc0000000000000, 0x3ff0000000000001, 0x3ff0000000000001, 0xbff0000000000000)   /* fmadd(0x1.0000000000001p+0, 0x1.0000000000001p+0, -1.0) */
    TEST_FP2_RM(D, 129, fsub.d, dyn, 0, 0x0, 0x3ff0000000000000, 0x3ff0000000000000)   /* fsub(1.0, 1.0) */
    TEST_FCVT_XF(D, 130, fcvt.w.d, dyn, NX, 0x2, 0x4004000000000000)   /* fcvt.w.d(2.5) */
    TEST_FCVT_XF(D, 131, fcvt.w.d, dyn, NX, 0xfffffffffffffffe, 0xc004000000000000)   /* fcvt.w.d(-2.5) */
    TEST_FCVT_XF(D, 132, fcvt.w.d, dyn, NX, 0x0, 0x3fe0000000000000)   /* fcvt.w.d(0.5) */
    TEST_FCVT_XF(D, 133, fcvt.w.d, dyn, NX, 0x0, 0xbfe0000000000000)   /* fcvt.w.d(-0.5) */
    TEST_FCVT_FX_RM(D, 134, fcvt.d.l, dyn, NX, 0x4340000000000000, 0x20000000000001)   /* fcvt.d.l(0x20000000000001) */
    TEST_FCVT_FX_RM(D, 135, fcvt.d.l, dyn, NX, 0xc340000000000000, 0xffdfffffffffffff)   /* fcvt.d.l(0xffdfffffffffffff) */
    SET_TESTNUM(136); frrm a0; CHECK_EQ(a0, 1)   /* frm unchanged by the ops */
    /* rounding mode rdn (dynamic via frm) */
    fsrmi 2
    TEST_FP2_RM(D, 137, fadd.d, dyn, NX, 0x3ff0000000000000, 0x3ff0000000000000, 0x3ca0000000000000)   /* fadd(1.0, 0x1.0000000000000p-53) */
    TEST_FP2_RM(D, 138, fadd.d, dyn, NX, 0xbff0000000000001, 0xbff0000000000000, 0xbca0000000000000)   /* fadd(-1.0, -0x1.0000000000000p-53) */
    TEST_FP2_RM(D, 139, fadd.d, dyn, NX, 0x3ff0000000000001, 0x3ff0000000000000, 0x3cb8000000000000)   /* fadd(1.0, 0x1.8000000000000p-52) */
    TEST_FP2_RM(D, 140, fadd.d, dyn, NX, 0xbff0000000000000, 0xbff0000000000000, 0x3c90000000000000)   /* fadd(-1.0, 0x1.0000000000000p-54) */
    TEST_FP2_RM(D, 141, fdiv.d, dyn, NX, 0x3fd5555555555555, 0x3ff0000000000000, 0x4008000000000000)   /* fdiv(1.0, 3.0) */
    TEST_FP2_RM(D, 142, fdiv.d, dyn, NX, 0xbfe5555555555556, 0xc000000000000000, 0x4008000000000000)   /* fdiv(-2.0, 3.0) */
    TEST_FP1_RM(D, 143, fsqrt.d, dyn, NX, 0x3ff6a09e667f3bcc, 0x4000000000000000)   /* fsqrt(2.0) */
    TEST_FP2_RM(D, 144, fmul.d, dyn, OF|NX, 0x7fefffffffffffff, 0x7fefffffffffffff, 0x4000000000000000)   /* fmul(max, 2.0) */
    TEST_FP2_RM(D, 145, fmul.d, dyn, OF|NX, 0xfff0000000000000, 0xffefffffffffffff, 0x4000000000000000)   /* fmul(-max, 2.0) */
    TEST_FP2_RM(D, 146, fmul.d, dyn, UF|NX, 0x0, 0x1, 0x3fe0000000000000)   /* fmul(mins, 0.5) */
    TEST_FP2_RM(D, 147, fmul.d, dyn, UF|NX, 0x8000000000000001, 0x8000000000000001, 0x3fd0000000000000)   /* fmul(-mins, 0.25) */
    TEST_FP3_RM(D, 148, fmadd.d, dyn, NX, 0x3cc0000000000000, 0x3ff0000000000001, 0x3ff0000000000001, 0xbff0000000000000)   /* fmadd(0x1.0000000000001p+0, 0x1.0000000000001p+0, -1.0) */
    TEST_FP2_RM(D, 149, fsub.d, dyn, 0, 0x8000000000000000, 0x3ff0000000000000, 0x3ff0000000000000)   /* fsub(1.0, 1.0) */
    TEST_FCVT_XF(D, 150, fcvt.w.d, dyn, NX, 0x2, 0x4004000000000000)   /* fcvt.w.d(2.5) */
    TEST_FCVT_XF(D, 151, fcvt.w.d, dyn, NX, 0xfffffffffffffffd, 0xc004000000000000)   /* fcvt.w.d(-2.5) */
    TEST_FCVT_XF(D, 152, fcvt.w.d, dyn, NX, 0x0, 0x3fe0000000000000)   /* fcvt.w.d(0.5) */
    TEST_FCVT_XF(D, 153, fcvt.w.d, dyn, NX, 0xffffffffffffffff, 0xbfe0000000000000)   /* fcvt.w.d(-0.5) */
    TEST_FCVT_FX_RM(D, 154, fcvt.d.l, dyn, NX, 0x4340000000000000, 0x20000000000001)   /* fcvt.d.l(0x20000000000001) */
    TEST_FCVT_FX_RM(D, 155, fcvt.d.l, dyn, NX, 0xc340000000000001, 0xffdfffffffffffff)   /* fcvt.d.l(0xffdfffffffffffff) */
    SET_TESTNUM(156); frrm a0; CHECK_EQ(a0, 2)   /* frm unchanged by the ops */
    /* rounding mode rup (dynamic via frm) */
    fsrmi 3
    TEST_FP2_RM(D, 157, fadd.d, dyn, NX, 0x3ff0000000000001, 0x3ff0000000000000, 0x3ca0000000000000)   /* fadd(1.0, 0x1.0000000000000p-53) */
    TEST_FP2_RM(D, 158, fadd.d, dyn, NX, 0xbff0000000000000, 0xbff0000000000000, 0xbca0000000000000)   /* fadd(-1.0, -0x1.0000000000000p-53) */
    TEST_FP2_RM(D, 159, fadd.d, dyn, NX, 0x3ff0000000000002, 0x3ff0000000000000, 0x3cb8000000000000)   /* fadd(1.0, 0x1.8000000000000p-52) */
    TEST_FP2_RM(D, 160, fadd.d, dyn, NX, 0xbfefffffffffffff, 0xbff0000000000000, 0x3c90000000000000)   /* fadd(-1.0, 0x1.0000000000000p-54) */
    TEST_FP2_RM(D, 161, fdiv.d, dyn, NX, 0x3fd5555555555556, 0x3ff0000000000000, 0x4008000000000000)   /* fdiv(1.0, 3.0) */
    TEST_FP2_RM(D, 162, fdiv.d, dyn, NX, 0xbfe5555555555555, 0xc000000000000000, 0x4008000000000000)   /* fdiv(-2.0, 3.0) */
    TEST_FP1_RM(D, 163, fsqrt.d, dyn, NX, 0x3ff6a09e667f3bcd, 0x4000000000000000)   /* fsqrt(2.0) */
    TEST_FP2_RM(D, 164, fmul.d, dyn, OF|NX, 0x7ff0000000000000, 0x7fefffffffffffff, 0x4000000000000000)   /* fmul(max, 2.0) */
    TEST_FP2_RM(D, 165, fmul.d, dyn, OF|NX, 0xffefffffffffffff, 0xffefffffffffffff, 0x4000000000000000)   /* fmul(-max, 2.0) */
    TEST_FP2_RM(D, 166, fmul.d, dyn, UF|NX, 0x1, 0x1, 0x3fe0000000000000)   /* fmul(mins, 0.5) */
    TEST_FP2_RM(D, 167, fmul.d, dyn, UF|NX, 0x8000000000000000, 0x8000000000000001, 0x3fd0000000000000)   /* fmul(-mins, 0.25) */
    TEST_FP3_RM(D, 168, fmadd.d, dyn, NX, 0x3cc0000000000001, 0x3ff0000000000001, 0x3ff0000000000001, 0xbff0000000000000)   /* fmadd(0x1.0000000000001p+0, 0x1.0000000000001p+0, -1.0) */
    TEST_FP2_RM(D, 169, fsub.d, dyn, 0, 0x0, 0x3ff0000000000000, 0x3ff0000000000000)   /* fsub(1.0, 1.0) */
    TEST_FCVT_XF(D, 170, fcvt.w.d, dyn, NX, 0x3, 0x4004000000000000)   /* fcvt.w.d(2.5) */
    TEST_FCVT_XF(D, 171, fcvt.w.d, dyn, NX, 0xfffffffffffffffe, 0xc004000000000000)   /* fcvt.w.d(-2.5) */
    TEST_FCVT_XF(D, 172, fcvt.w.d, dyn, NX, 0x1, 0x3fe0000000000000)   /* fcvt.w.d(0.5) */
    TEST_FCVT_XF(D, 173, fcvt.w.d, dyn, NX, 0x0, 0xbfe0000000000000)   /* fcvt.w.d(-0.5) */
    TEST_FCVT_FX_RM(D, 174, fcvt.d.l, dyn, NX, 0x4340000000000001, 0x20000000000001)   /* fcvt.d.l(0x20000000000001) */
    TEST_FCVT_FX_RM(D, 175, fcvt.d.l, dyn, NX, 0xc340000000000000, 0xffdfffffffffffff)   /* fcvt.d.l(0xffdfffffffffffff) */
    SET_TESTNUM(176); frrm a0; CHECK_EQ(a0, 3)   /* frm unchanged by the ops */
    /* rounding mode rmm (dynamic via frm) */
    fsrmi 4
    TEST_FP2_RM(D, 177, fadd.d, dyn, NX, 0x3ff0000000000001, 0x3ff0000000000000, 0x3ca0000000000000)   /* fadd(1.0, 0x1.0000000000000p-53) */
    TEST_FP2_RM(D, 178, fadd.d, dyn, NX, 0xbff0000000000001, 0xbff0000000000000, 0xbca0000000000000)   /* fadd(-1.0, -0x1.0000000000000p-53) */
    TEST_FP2_RM(D, 179, fadd.d, dyn, NX, 0x3ff0000000000002, 0x3ff0000000000000, 0x3cb8000000000000)   /* fadd(1.0, 0x1.8000000000000p-52) */
    TEST_FP2_RM(D, 180, fadd.d, dyn, NX, 0xbff0000000000000, 0xbff0000000000000, 0x3c90000000000000)   /* fadd(-1.0, 0x1.0000000000000p-54) */
    TEST_FP2_RM(D, 181, fdiv.d, dyn, NX, 0x3fd5555555555555, 0x3ff0000000000000, 0x4008000000000000)   /* fdiv(1.0, 3.0) */
    TEST_FP2_RM(D, 182, fdiv.d, dyn, NX, 0xbfe5555555555555, 0xc000000000000000, 0x4008000000000000)   /* fdiv(-2.0, 3.0) */
    TEST_FP1_RM(D, 183, fsqrt.d, dyn, NX, 0x3ff6a09e667f3bcd, 0x4000000000000000)   /* fsqrt(2.0) */
    TEST_FP2_RM(D, 184, fmul.d, dyn, OF|NX, 0x7ff0000000000000, 0x7fefffffffffffff, 0x4000000000000000)   /* fmul(max, 2.0) */
    TEST_FP2_RM(D, 185, fmul.d, dyn, OF|NX, 0xfff0000000000000, 0xffefffffffffffff, 0x4000000000000000)   /* fmul(-max, 2.0) */
    TEST_FP2_RM(D, 186, fmul.d, dyn, UF|NX, 0x1, 0x1, 0x3fe0000000000000)   /* fmul(mins, 0.5) */
    TEST_FP2_RM(D, 187, fmul.d, dyn, UF|NX, 0x8000000000000000, 0x8000000000000001, 0x3fd0000000000000)   /* fmul(-mins, 0.25) */
    TEST_FP3_RM(D, 188, fmadd.d, dyn, NX, 0x3cc0000000000001, 0x3ff0000000000001, 0x3ff0000000000001, 0xbff0000000000000)   /* fmadd(0x1.0000000000001p+0, 0x1.0000000000001p+0, -1.0) */
    TEST_FP2_RM(D, 189, fsub.d, dyn, 0, 0x0, 0x3ff0000000000000, 0x3ff0000000000000)   /* fsub(1.0, 1.0) */
    TEST_FCVT_XF(D, 190, fcvt.w.d, dyn, NX, 0x3, 0x4004000000000000)   /* fcvt.w.d(2.5) */
    TEST_FCVT_XF(D, 191, fcvt.w.d, dyn, NX, 0xfffffffffffffffd, 0xc004000000000000)   /* fcvt.w.d(-2.5) */
    TEST_FCVT_XF(D, 192, fcvt.w.d, dyn, NX, 0x1, 0x3fe0000000000000)   /* fcvt.w.d(0.5) */
    TEST_FCVT_XF(D, 193, fcvt.w.d, dyn, NX, 0xffffffffffffffff, 0xbfe0000000000000)   /* fcvt.w.d(-0.5) */
    TEST_FCVT_FX_RM(D, 194, fcvt.d.l, dyn, NX, 0x4340000000000001, 0x20000000000001)   /* fcvt.d.l(0x20000000000001) */
    TEST_FCVT_FX_RM(D, 195, fcvt.d.l, dyn, NX, 0xc340000000000001, 0xffdfffffffffffff)   /* fcvt.d.l(0xffdfffffffffffff) */
    SET_TESTNUM(196); frrm a0; CHECK_EQ(a0, 4)   /* frm unchanged by the ops */
    fsrmi 0
TEST_CODE_END
