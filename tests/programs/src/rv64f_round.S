/* Rounding modes, single precision: every rounding mode (rne rtz rdn rup rmm)
   both static (encoded in the instruction) and dynamic (rm = dyn, frm set
   with fsrmi), on ties, inexact quotients/roots, overflow (rtz/rdn/rup give
   the largest finite number instead of infinity where required), underflow
   to zero or to the smallest subnormal, the sign of an exact zero sum under
   rdn, FP -> integer and integer -> FP conversions. */
#include "test_macros.h"

TEST_CODE_BEGIN
    /* rounding mode rne (static in the instruction) */
    TEST_FP2_RM(S, 2, fadd.s, rne, NX, 0x3f800000, 0x3f800000, 0x33800000)   /* fadd(1.0, 0x1.0000000000000p-24) */
    TEST_FP2_RM(S, 3, fadd.s, rne, NX, 0xbf800000, 0xbf800000, 0xb3800000)   /* fadd(-1.0, -0x1.0000000000000p-24) */
    TEST_FP2_RM(S, 4, fadd.s, rne, NX, 0x3f800002, 0x3f800000, 0x34400000)   /* fadd(1.0, 0x1.8000000000000p-23) */
    TEST_FP2_RM(S, 5, fadd.s, rne, NX, 0xbf800000, 0xbf800000, 0x33000000)   /* fadd(-1.0, 0x1.0000000000000p-25) */
    TEST_FP2_RM(S, 6, fdiv.s, rne, NX, 0x3eaaaaab, 0x3f800000, 0x40400000)   /* fdiv(1.0, 3.0) */
    TEST_FP2_RM(S, 7, fdiv.s, rne, NX, 0xbf2aaaab, 0xc0000000, 0x40400000)   /* fdiv(-2.0, 3.0) */
    TEST_FP1_RM(S, 8, fsqrt.s, rne, NX, 0x3fb504f3, 0x40000000)   /* fsqrt(2.0) */
    TEST_FP2_RM(S, 9, fmul.s, rne, OF|NX, 0x7f800000, 0x7f7fffff, 0x40000000)   /* fmul(max, 2.0) */
    TEST_FP2_RM(S, 10, fmul.s, rne, OF|NX, 0xff800000, 0xff7fffff, 0x40000000)   /* fmul(-max, 2.0) */
    TEST_FP2_RM(S, 11, fmul.s, rne, UF|NX, 0x0, 0x1, 0x3f000000)   /* fmul(mins, 0.5) */
    TEST_FP2_RM(S, 12, fmul.s, rne, UF|NX, 0x80000000, 0x80000001, 0x3e800000)   /* fmul(-mins, 0.25) */
    TEST_FP3_RM(S, 13, fmadd.s, rne, NX, 0x34800000, 0x3f800001, 0x3f800001, 0xbf800000)   /* fmadd(0x1.0000020000000p+0, 0x1.0000020000000p+0, -1.0) */
    TEST_FP2_RM(S, 14, fsub.s, rne, 0, 0x0, 0x3f800000, 0x3f800000)   /* fsub(1.0, 1.0) */
    TEST_FCVT_XF(S, 15, fcvt.w.s, rne, NX, 0x2, 0x40200000)   /* fcvt.w.s(2.5) */
    TEST_FCVT_XF(S, 16, fcvt.w.s, rne, NX, 0xfffffffffffffffe, 0xc0200000)   /* fcvt.w.s(-2.5) */
    TEST_FCVT_XF(S, 17, fcvt.w.s, rne, NX, 0x0, 0x3f000000)   /* fcvt.w.s(0.5) */
    TEST_FCVT_XF(S, 18, fcvt.w.s, rne, NX, 0x0, 0xbf000000)   /* fcvt.w.s(-0.5) */
    TEST_FCVT_FX_RM(S, 19, fcvt.s.l, rne, NX, 0x4b800000, 0x1000001)   /* fcvt.s.l(0x1000001) */
    TEST_FCVT_FX_RM(S, 20, fcvt.s.l, rne, NX, 0xcb800000, 0xfffffffffeffffff)   /* fcvt.s.l(0xfffffffffeffffff) */
    /* rounding mode rtz (static in the instruction) */
    TEST_FP2_RM(S, 21, fadd.s, rtz, NX, 0x3f800000, 0x3f800000, 0x33800000)   /* fadd(1.0, 0x1.0000000000000p-24) */
    TEST_FP2_RM(S, 22, fadd.s, rtz, NX, 0xbf800000, 0xbf800000, 0xb3800000)   /* fadd(-1.0, -0x1.0000000000000p-24) */
    TEST_FP2_RM(S, 23, fadd.s, rtz, NX, 0x3f800001, 0x3f800000, 0x34400000)   /* fadd(1.0, 0x1.8000000000000p-23) */
    TEST_FP2_RM(S, 24, fadd.s, rtz, NX, 0xbf7fffff, 0xbf800000, 0x33000000)   /* fadd(-1.0, 0x1.0000000000000p-25) */
    TEST_FP2_RM(S, 25, fdiv.s, rtz, NX, 0x3eaaaaaa, 0x3f800000, 0x40400000)   /* fdiv(1.0, 3.0) */
    TEST_FP2_RM(S, 26, fdiv.s, rtz, NX, 0xbf2aaaaa, 0xc0000000, 0x40400000)   /* fdiv(-2.0, 3.0) */
    TEST_FP1_RM(S, 27, fsqrt.s, rtz, NX, 0x3fb504f3, 0x40000000)   /* fsqrt(2.0) */
    TEST_FP2_RM(S, 28, fmul.s, rtz, OF|NX, 0x7f7fffff, 0x7f7fffff, 0x40000000)   /* fmul(max, 2.0) */
    TEST_FP2_RM(S, 29, fmul.s, rtz, OF|NX, 0xff7fffff, 0xff7fffff, 0x40000000)   /* fmul(-max, 2.0) */
    TEST_FP2_RM(S, 30, fmul.s, rtz, UF|NX, 0x0, 0x1, 0x3f000000)   /* fmul(mins, 0.5) */
    TEST_FP2_RM(S, 31, fmul.s, rtz, UF|NX, 0x80000000, 0x80000001, 0x3e800000)   /* fmul(-mins, 0.25) */
    TEST_FP3_RM(S, 32, fmadd.s, rtz, NX, 0x34800000, 0x3f800001, 0x3f800001, 0xbf800000)   /* fmadd(0x1.0000020000000p+0, 0x1.0000020000000p+0, -1.0) */
    TEST_FP2_RM(S, 33, fsub.s, rtz, 0, 0x0, 0x3f800000, 0x3f800000)   /* fsub(1.0, 1.0) */
    TEST_FCVT_XF(S, 34, fcvt.w.s, rtz, NX, 0x2, 0x40200000)   /* fcvt.w.s(2.5) */
    TEST_FCVT_XF(S, 35, fcvt.w.s, rtz, NX, 0xfffffffffffffffe, 0xc0200000)   /* fcvt.w.s(-2.5) */
    TEST_FCVT_XF(S, 36, fcvt.w.s, rtz, NX, 0x0, 0x3f000000)   /* fcvt.w.s(0.5) */
    TEST_FCVT_XF(S, 37, fcvt.w.s, rtz, NX, 0x0, 0xbf000000)   /* fcvt.w.s(-0.5) */
    TEST_FCVT_FX_RM(S, 38, fcvt.s.l, rtz, NX, 0x4b800000, 0x1000001)   /* fcvt.s.l(0x1000001) */
    TEST_FCVT_FX_RM(S, 39, fcvt.s.l, rtz, NX, 0xcb800000, 0xfffffffffeffffff)   /* fcvt.s.l(0xfffffffffeffffff) */
    /* rounding mode rdn (static in the instruction) */
    TEST_FP2_RM(S, 40, fadd.s, rdn, NX, 0x3f800000, 0x3f800000, 0x33800000)   /* fadd(1.0, 0x1.0000000000000p-24) */
    TEST_FP2_RM(S, 41, fadd.s, rdn, NX, 0xbf800001, 0xbf800000, 0xb3800000)   /* fadd(-1.0, -0x1.0000000000000p-24) */
    TEST_FP2_RM(S, 42, fadd.s, rdn, NX, 0x3f800001, 0x3f800000, 0x34400000)   /* fadd(1.0, 0x1.8000000000000p-23) */
    TEST_FP2_RM(S, 43, fadd.s, rdn, NX, 0xbf800000, 0xbf800000, 0x33000000)   /* fadd(-1.0, 0x1.0000000000000p-25) */
    TEST_FP2_RM(S, 44, fdiv.s, rdn, NX, 0x3eaaaaaa, 0x3f800000, 0x40400000)   /* fdiv(1.0, 3.0) */
    TEST_FP2_RM(S, 45, fdiv.s, rdn, NX, 0xbf2aaaab, 0xc0000000, 0x40400000)   /* fdiv(-2.0, 3.0) */
    TEST_FP1_RM(S, 46, fsqrt.s, rdn, NX, 0x3fb504f3, 0x40000000)   /* fsqrt(2.0) */
    TEST_FP2_RM(S, 47, fmul.s, rdn, OF|NX, 0x7f7fffff, 0x7f7fffff, 0x40000000)   /* fmul(max, 2.0) */
    TEST_FP2_RM(S, 48, fmul.s, rdn, OF|NX, 0xff800000, 0xff7fffff, 0x40000000)   /* fmul(-max, 2.0) */
    TEST_FP2_RM(S, 49, fmul.s, rdn, UF|NX, 0x0, 0x1, 0x3f000000)   /* fmul(mins, 0.5) */
    TEST_FP2_RM(S, 50, fmul.s, rdn, UF|NX, 0x80000001, 0x80000001, 0x3e800000)   /* fmul(-mins, 0.25) */
    TEST_FP3_RM(S, 51, fmadd.s, rdn, NX, 0x34800000, 0x3f800001, 0x3f800001, 0xbf800000)   /* fmadd(0x1.0000020000000p+0, 0x1.0000020000000p+0, -1.0) */
    TEST_FP2_RM(S, 52, fsub.s, rdn, 0, 0x80000000, 0x3f800000, 0x3f800000)   /* fsub(1.0, 1.0) */
    TEST_FCVT_XF(S, 53, fcvt.w.s, rdn, NX, 0x2, 0x40200000)   /* fcvt.w.s(2.5) */
    TEST_FCVT_XF(S, 54, fcvt.w.s, rdn, NX, 0xfffffffffffffffd, 0xc0200000)   /* fcvt.w.s(-2.5) */
    TEST_FCVT_XF(S, 55, fcvt.w.s, rdn, NX, 0x0, 0x3f000000)   /* fcvt.w.s(0.5) */
    TEST_FCVT_XF(S, 56, fcvt.w.s, rdn, NX, 0xffffffffffffffff, 0xbf000000)   /* fcvt.w.s(-0.5) */
    TEST_FCVT_FX_RM(S, 57, fcvt.s.l, rdn, NX, 0x4b800000, 0x1000001)   /* fcvt.s.l(0x1000001) */
    TEST_FCVT_FX_RM(S, 58, fcvt.s.l, rdn, NX, 0xcb800001, 0xfffffffffeffffff)   /* fcvt.s.l(0xfffffffffeffffff) */
    /* rounding mode rup (static in the instruction) */
    TEST_FP2_RM(S, 59, fadd.s, rup, NX, 0x3f800001, 0x3f800000, 0x33800000)   /* fadd(1.0, 0x1.0000000000000p-24) */
    TEST_FP2_RM(S, 60, fadd.s, rup, NX, 0xbf800000, 0xbf800000, 0xb3800000)   /* fadd(-1.0, -0x1.0000000000000p-24) */
    TEST_FP2_RM(S, 61, fadd.s, rup, NX, 0x3f800002, 0x3f800000, 0x34400000)   /* fadd(1.0, 0x1.8000000000000p-23) */
    TEST_FP2_RM(S, 62, fadd.s, rup, NX, 0xbf7fffff, 0xbf800000, 0x33000000)   /* fadd(-1.0, 0x1.0000000000000p-25) */
    TEST_FP2_RM(S, 63, fdiv.s, rup, NX, 0x3eaaaaab, 0x3f800000, 0x40400000)   /* fdiv(1.0, 3.0) */
    TEST_FP2_RM(S, 64, fdiv.s, rup, NX, 0xbf2aaaaa, 0xc0000000, 0x40400000)   /* fdiv(-2.0, 3.0) */
    TEST_FP1_RM(S, 65, fsqrt.s, rup, NX, 0x3fb504f4, 0x40000000)   /* fsqrt(2.0) */
    TEST_FP2_RM(S, 66, fmul.s, rup, OF|NX, 0x7f800000, 0x7f7fffff, 0x40000000)   /* fmul(max, 2.0) */
    TEST_FP2_RM(S, 67, fmul.s, rup, OF|NX, 0xff7fffff, 0xff7fffff, 0x40000000)   /* fmul(-max, 2.0) */
    TEST_FP2_RM(S, 68, fmul.s, rup, UF|NX, 0x1, 0x1, 0x3f000000)   /* fmul(mins, 0.5) */
    TEST_FP2_RM(S, 69, fmul.s, rup, UF|NX, 0x80000000, 0x80000001, 0x3e800000)   /* fmul(-mins, 0.25) */
    TEST_FP3_RM(S, 70, fmadd.s, rup, NX, 0x34800001, 0x3f800001, 0x3f800001, 0xbf800000)   /* fmadd(0x1.0000020000000p+0, 0x1.0000020000000p+0, -1.0) */
    TEST_FP2_RM(S, 71, fsub.s, rup, 0, 0x0, 0x3f800000, 0x3f800000)   /* fsub(1.0, 1.0) */
    TEST_FCVT_XF(S, 72, fcvt.w.s, rup, NX, 0x3, 0x40200000)   /* fcvt.w.s(2.5) */
    TEST_FCVT_XF(S, 73, fcvt.w.s, rup, NX, 0xfffffffffffffffe, 0xc0200000)   /* fcvt.w.s(-2.5) */
    TEST_FCVT_XF(S, 74, fcvt.w.s, rup, NX, 0x1, 0x3f000000)   /* fcvt.w.s(0.5) */
    TEST_FCVT_XF(S, 75, fcvt.w.s, rup, NX, 0x0, 0xbf000000)   /* fcvt.w.s(-0.5) */
    TEST_FCVT_FX_RM(S, 76, fcvt.s.l, rup, NX, 0x4b800001, 0x1000001)   /* fcvt.s.l(0x1000001) */
    TEST_FCVT_FX_RM(S, 77, fcvt.s.l, rup, NX, 0xcb800000, 0xfffffffffeffffff)   /* fcvt.s.l(0xfffffffffeffffff) */
    /* rounding mode rmm (static in the instruction) */
    TEST_FP2_RM(S, 78, fadd.s, rmm, NX, 0x3f800001, 0x3f800000, 0x33800000)   /* fadd(1.0, 0x1.0000000000000p-24) */
    TEST_FP2_RM(S, 79, fadd.s, rmm, NX, 0xbf800001, 0xbf800000, 0xb3800000)   /* fadd(-1.0, -0x1.0000000000000p-24) */
    TEST_FP2_RM(S, 80, fadd.s, rmm, NX, 0x3f800002, 0x3f800000, 0x34400000)   /* fadd(1.0, 0x1.8000000000000p-23) */
    TEST_FP2_RM(S, 81, fadd.s, rmm, NX, 0xbf800000, 0xbf800000, 0x33000000)   /* fadd(-1.0, 0x1.0000000000000p-25) */
    TEST_FP2_RM(S, 82, fdiv.s, rmm, NX, 0x3eaaaaab, 0x3f800000, 0x40400000)   /* fdiv(1.0, 3.0) */
    TEST_FP2_RM(S, 83, fdiv.s, rmm, NX, 0xbf2aaaab, 0xc0000000, 0x40400000)   /* fdiv(-2.0, 3.0) */
    TEST_FP1_RM(S, 84, fsqrt.s, rmm, NX, 0x3fb504f3, 0x40000000)   /* fsqrt(2.0) */
    TEST_FP2_RM(S, 85, fmul.s, rmm, OF|NX, 0x7f800000, 0x7f7fffff, 0x40000000)   /* fmul(max, 2.0) */
    TEST_FP2_RM(S, 86, fmul.s, rmm, OF|NX, 0xff800000, 0xff7fffff, 0x40000000)   /* fmul(-max, 2.0) */
    TEST_FP2_RM(S, 87, fmul.s, rmm, UF|NX, 0x1, 0x1, 0x3f000000)   /* fmul(mins, 0.5) */
    TEST_FP2_RM(S, 88, fmul.s, rmm, UF|NX, 0x80000000, 0x80000001, 0x3e800000)   /* fmul(-mins, 0.25) */
    TEST_FP3_RM(S, 89, fmadd.s, rmm, NX, 0x34800001, 0x3f800001, 0x3f800001, 0xbf800000)   /* fmadd(0x1.0000020000000p+0, 0x1.0000020000000p+0, -1.0) */
    TEST_FP2_RM(S, 90, fsub.s, rmm, 0, 0x0, 0x3f800000, 0x3f800000)   /* fsub(1.0, 1.0) */
    TEST_FCVT_XF(S, 91, fcvt.w.s, rmm, NX, 0x3, 0x40200000)   /* fcvt.w.s(2.5) */
    TEST_FCVT_XF(S, 92, fcvt.w.s, rmm, NX, 0xfffffffffffffffd, 0xc0200000)   /* fcvt.w.s(-2.5) */
    TEST_FCVT_XF(S, 93, fcvt.w.s, rmm, NX, 0x1, 0x3f000000)   /* fcvt.w.s(0.5) */
    TEST_FCVT_XF(S, 94, fcvt.w.s, rmm, NX, 0xffffffffffffffff, 0xbf000000)   /* fcvt.w.s(-0.5) */
    TEST_FCVT_FX_RM(S, 95, fcvt.s.l, rmm, NX, 0x4b800001, 0x1000001)   /* fcvt.s.l(0x1000001) */
    TEST_FCVT_FX_RM(S, 96, fcvt.s.l, rmm, NX, 0xcb800001, 0xfffffffffeffffff)   /* fcvt.s.l(0xfffffffffeffffff) */
    /* rounding mode rne (dynamic via frm) */
    fsrmi 0
    TEST_FP2_RM(S, 97, fadd.s, dyn, NX, 0x3f800000, 0x3f800000, 0x33800000)   /* fadd(1.0, 0x1.0000000000000p-24) */
    TEST_FP2_RM(S, 98, fadd.s, dyn, NX, 0xbf800000, 0xbf800000, 0xb3800000)   /* fadd(-1.0, -0x1.0000000000000p-24) */
    TEST_FP2_RM(S, 99, fadd.s, dyn, NX, 0x3f800002, 0x3f800000, 0x34400000)   /* fadd(1.0, 0x1.8000000000000p-23) */
    TEST_FP2_RM(S, 100, fadd.s, dyn, NX, 0xbf800000, 0xbf800000, 0x33000000)   /* fadd(-1.0, 0x1.0000000000000p-25) */
    TEST_FP2_RM(S, 101, fdiv.s, dyn, NX, 0x3eaaaaab, 0x3f800000, 0x40400000)   /* fdiv(1.0, 3.0) */
    TEST_FP2_RM(S, 102, fdiv.s, dyn, NX, 0xbf2aaaab, 0xc0000000, 0x40400000)   /* fdiv(-2.0, 3.0) */
    TEST_FP1_RM(S, 103, fsqrt.s, dyn, NX, 0x3fb504f3, 0x40000000)   /* fsqrt(2.0) */
    TEST_FP2_RM(S, 104, fmul.s, dyn, OF|NX, 0x7f800000, 0x7f7fffff, 0x40000000)   /* fmul(max, 2.0) */
    TEST_FP2_RM(S, 105, fmul.s, dyn, OF|NX, 0xff800000, 0xff7fffff, 0x40000000)   /* fmul(-max, 2.0) */
    TEST_FP2_RM(S, 106, fmul.s, dyn, UF|NX, 0x0, 0x1, 0x3f000000)   /* fmul(mins, 0.5) */
    TEST_FP2_RM(S, 107, fmul.s, dyn, UF|NX, 0x80000000, 0x80000001, 0x3e800000)   /* fmul(-mins, 0.25) */
    TEST_FP3_RM(S, 108, fmadd.s, dyn, NX, 0x34800000, 0x3f800001, 0x3f800001, 0xbf800000)   /* fmadd(0x1.0000020000000p+0, 0x1.0000020000000p+0, -1.0) */
    TEST_FP2_RM(S, 109, fsub.s, dyn, 0, 0x0, 0x3f800000, 0x3f800000)   /* fsub(1.0, 1.0) */
    TEST_FCVT_XF(S, 110, fcvt.w.s, dyn, NX, 0x2, 0x40200000)   /* fcvt.w.s(2.5) */
    TEST_FCVT_XF(S, 111, fcvt.w.s, dyn, NX, 0xfffffffffffffffe, 0xc0200000)   /* fcvt.w.s(-2.5) */
    TEST_FCVT_XF(S, 112, fcvt.w.s, dyn, NX, 0x0, 0x3f000000)   /* fcvt.w.s(0.5) */
    TEST_FCVT_XF(S, 113, fcvt.w.s, dyn, NX, 0x0, 0xbf000000)   /* fcvt.w.s(-0.5) */
    TEST_FCVT_FX_RM(S, 114, fcvt.s.l, dyn, NX, 0x4b800000, 0x1000001)   /* fcvt.s.l(0x1000001) */
    TEST_FCVT_FX_RM(S, 115, fcvt.s.l, dyn, NX, 0xcb800000, 0xfffffffffeffffff)   /* fcvt.s.l(0xfffffffffeffffff) */
    SET_TESTNUM(116); frrm a0; CHECK_EQ(a0, 0)   /* frm unchanged by the ops */
    /* rounding mode rtz (dynamic via frm) */
    fsrmi 1
    TEST_FP2_RM(S, 117, fadd.s, dyn, NX, 0x3f800000, 0x3f800000, 0x33800000)   /* fadd(1.0, 0x1.0000000000000p-24) */
    TEST_FP2_RM(S, 118, fadd.s, dyn, NX, 0xbf800000, 0xbf800000, 0xb3800000)   /* fadd(-1.0, -0x1.0000000000000p-24) */
    TEST_FP2_RM(S, 119, fadd.s, dyn, NX, 0x3f800001, 0x3f800000, 0x34400000)   /* fadd(1.0, 0x1.8000000000000p-23) */
    TEST_FP2_RM(S, 120, fadd.s, dyn, NX, 0xbf7fffff, 0xbf800000, 0x33000000)   /* fadd(-1.0, 0x1.0000000000000p-25) */
    TEST_FP2_RM(S, 121, fdiv.s, dyn, NX, 0x3eaaaaaa, 0x3f800000, 0x40400000)   /* fdiv(1.0, 3.0) */
    TEST_FP2_RM(S, 122, fdiv.s, dyn, NX, 0xbf2aaaaa, 0xc0000000, 0x40400000)   /* fdiv(-2.0, 3.0) */
    TEST_FP1_RM(S, 123, fsqrt.s, dyn, NX, 0x3fb504f3, 0x40000000)   /* fsqrt(2.0) */
    TEST_FP2_RM(S, 124, fmul.s, dyn, OF|NX, 0x7f7fffff, 0x7f7fffff, 0x40000000)   /* fmul(max, 2.0) */
    TEST_FP2_RM(S, 125, fmul.s, dyn, OF|NX, 0xff7fffff, 0xff7fffff, 0x40000000)   /* fmul(-max, 2.0) */
    TEST_FP2_RM(S, 126, fmul.s, dyn, UF|NX, 0x0, 0x1, 0x3f000000)   /* fmul(mins, 0.5) */
    TEST_FP2_RM(S, 127, fmul.s, dyn, UF|NX, 0x80000000, 0x80000001, 0x3e800000)   /* fmul(-mins, 0.25) */
    TEST_FP3_RM(S, 128, fmadd.s, dyn, NX, 0x34800000, 0x3f800001, 0x3f800001, 0xbf800000)   /* fmadd(0x1.0000020000000p+0, 0x1.0000020000000p+0, -1.0) */
    TEST_FP2_RM(S, 129, fsub.s, dyn, 0, 0x0, 0x3f800000, 0x3f800000)   /* fsub(1.0, 1.0) */
    TEST_FCVT_XF(S, 130, fcvt.w.s, dyn, NX, 0x2, 0x40200000)   /* fcvt.w.s(2.5) */
    TEST_FCVT_XF(S, 131, fcvt.w.s, dyn, NX, 0xfffffffffffffffe, 0xc0200000)   /* fcvt.w.s(-2.5) */
    TEST_FCVT_XF(S, 132, fcvt.w.s, dyn, NX, 0x0, 0x3f000000)   /* fcvt.w.s(0.5) */
    TEST_FCVT_XF(S, 133, fcvt.w.s, dyn, NX, 0x0, 0xbf000000)   /* fcvt.w.s(-0.5) */
    TEST_FCVT_FX_RM(S, 134, fcvt.s.l, dyn, NX, 0x4b800000, 0x1000001)   /* fcvt.s.l(0x1000001) */
    TEST_FCVT_FX_RM(S, 135, fcvt.s.l, dyn, NX, 0xcb800000, 0xfffffffffeffffff)   /* fcvt.s.l(0xfffffffffeffffff) */
    SET_TESTNUM(136); frrm a0; CHECK_EQ(a0, 1)   /* frm unchanged by the ops */
    /* rounding mode rdn (dynamic via frm) */
    fsrmi 2
    TEST_FP2_RM(S, 137, fadd.s, dyn, NX, 0x3f800000, 0x3f800000, 0x33800000)   /* fadd(1.0, 0x1.0000000000000p-24) */
    TEST_FP2_RM(S, 138, fadd.s, dyn, NX, 0xbf800001, 0xbf800000, 0xb3800000)   /* fadd(-1.0, -0x1.0000000000000p-24) */
    TEST_FP2_RM(S, 139, fadd.s, dyn, NX, 0x3f800001, 0x3f800000, 0x34400000)   /* fadd(1.0, 0x1.8000000000000p-23) */
    TEST_FP2_RM(S, 140, fadd.s, dyn, NX, 0xbf800000, 0xbf800000, 0x33000000)   /* fadd(-1.0, 0x1.0000000000000p-25) */
    TEST_FP2_RM(S, 141, fdiv.s, dyn, NX, 0x3eaaaaaa, 0x3f800000, 0x40400000)   /* fdiv(1.0, 3.0) */
    TEST_FP2_RM(S, 142, fdiv.s, dyn, NX, 0xbf2aaaab, 0xc0000000, 0x40400000)   /* fdiv(-2.0, 3.0) */
    TEST_FP1_RM(S, 143, fsqrt.s, dyn, NX, 0x3fb504f3, 0x40000000)   /* fsqrt(2.0) */
    TEST_FP2_RM(S, 144, fmul.s, dyn, OF|NX, 0x7f7fffff, 0x7f7fffff, 0x40000000)   /* fmul(max, 2.0) */
    TEST_FP2_RM(S, 145, fmul.s, dyn, OF|NX, 0xff800000, 0xff7fffff, 0x40000000)   /* fmul(-max, 2.0) */
    TEST_FP2_RM(S, 146, fmul.s, dyn, UF|NX, 0x0, 0x1, 0x3f000000)   /* fmul(mins, 0.5) */
    TEST_FP2_RM(S, 147, fmul.s, dyn, UF|NX, 0x80000001, 0x80000001, 0x3e800000)   /* fmul(-mins, 0.25) */
    TEST_FP3_RM(S, 148, fmadd.s, dyn, NX, 0x34800000, 0x3f800001, 0x3f800001, 0xbf800000)   /* fmadd(0x1.0000020000000p+0, 0x1.0000020000000p+0, -1.0) */
    TEST_FP2_RM(S, 149, fsub.s, dyn, 0, 0x80000000, 0x3f800000, 0x3f800000)   /* fsub(1.0, 1.0) */
    TEST_FCVT_XF(S, 150, fcvt.w.s, dyn, NX, 0x2, 0x40200000)   /* fcvt.w.s(2.5) */
    TEST_FCVT_XF(S, 151, fcvt.w.s, dyn, NX, 0xfffffffffffffffd, 0xc0200000)   /* fcvt.w.s(-2.5) */
    TEST_FCVT_XF(S, 152, fcvt.w.s, dyn, NX, 0x0, 0x3f000000)   /* fcvt.w.s(0.5) */
    TEST_FCVT_XF(S, 153, fcvt.w.s, dyn, NX, 0xffffffffffffffff, 0xbf000000)   /* fcvt.w.s(-0.5) */
    TEST_FCVT_FX_RM(S, 154, fcvt.s.l, dyn, NX, 0x4b800000, 0x1000001)   /* fcvt.s.l(0x1000001) */
    TEST_FCVT_FX_RM(S, 155, fcvt.s.l, dyn, NX, 0xcb800001, 0xfffffffffeffffff)   /* fcvt.s.l(0xfffffffffeffffff) */
    SET_TESTNUM(156); frrm a0; CHECK_EQ(a0, 2)   /* frm unchanged by the ops */
    /* rounding mode rup (dynamic via frm) */
    fsrmi 3
    TEST_FP2_RM(S, 157, fadd.s, dyn, NX, 0x3f800001, 0x3f800000, 0x33800000)   /* fadd(1.0, 0x1.0000000000000p-24) */
    TEST_FP2_RM(S, 158, fadd.s, dyn, NX, 0xbf800000, 0xbf800000, 0xb3800000)   /* fadd(-1.0, -0x1.0000000000000p-24) */
    TEST_FP2_RM(S, 159, fadd.s, dyn, NX, 0x3f800002, 0x3f800000, 0x34400000)   /* fadd(1.0, 0x1.8000000000000p-23) */
    TEST_FP2_RM(S, 160, fadd.s, dyn, NX, 0xbf7fffff, 0xbf800000, 0x33000000)   /* fadd(-1.0, 0x1.0000000000000p-25) */
    TEST_FP2_RM(S, 161, fdiv.s, dyn, NX, 0x3eaaaaab, 0x3f800000, 0x40400000)   /* fdiv(1.0, 3.0) */
    TEST_FP2_RM(S, 162, fdiv.s, dyn, NX, 0xbf2aaaaa, 0xc0000000, 0x40400000)   /* fdiv(-2.0, 3.0) */
    TEST_FP1_RM(S, 163, fsqrt.s, dyn, NX, 0x3fb504f4, 0x40000000)   /* fsqrt(2.0) */
    TEST_FP2_RM(S, 164, fmul.s, dyn, OF|NX, 0x7f800000, 0x7f7fffff, 0x40000000)   /* fmul(max, 2.0) */
    TEST_FP2_RM(S, 165, fmul.s, dyn, OF|NX, 0xff7fffff, 0xff7fffff, 0x40000000)   /* fmul(-max, 2.0) */
    TEST_FP2_RM(S, 166, fmul.s, dyn, UF|NX, 0x1, 0x1, 0x3f000000)   /* fmul(mins, 0.5) */
    TEST_FP2_RM(S, 167, fmul.s, dyn, UF|NX, 0x80000000, 0x80000001, 0x3e800000)   /* fmul(-mins, 0.25) */
    TEST_FP3_RM(S, 168, fmadd.s, dyn, NX, 0x34800001, 0x3f800001, 0x3f800001, 0xbf800000)   /* fmadd(0x1.0000020000000p+0, 0x1.0000020000000p+0, -1.0) */
    TEST_FP2_RM(S, 169, fsub.s, dyn, 0, 0x0, 0x3f800000, 0x3f800000)   /* fsub(1.0, 1.0) */
    TEST_FCVT_XF(S, 170, fcvt.w.s, dyn, NX, 0x3, 0x40200000)   /* fcvt.w.s(2.5) */
    TEST_FCVT_XF(S, 171, fcvt.w.s, dyn, NX, 0xfffffffffffffffe, 0xc0200000)   /* fcvt.w.s(-2.5) */
    TEST_FCVT_XF(S, 172, fcvt.w.s, dyn, NX, 0x1, 0x3f000000)   /* fcvt.w.s(0.5) */
    TEST_FCVT_XF(S, 173, fcvt.w.s, dyn, NX, 0x0, 0xbf000000)   /* fcvt.w.s(-0.5) */
    TEST_FCVT_FX_RM(S, 174, fcvt.s.l, dyn, NX, 0x4b800001, 0x1000001)   /* fcvt.s.l(0x1000001) */
    TEST_FCVT_FX_RM(S, 175, fcvt.s.l, dyn, NX, 0xcb800000, 0xfffffffffeffffff)   /* fcvt.s.l(0xfffffffffeffffff) */
    SET_TESTNUM(176); frrm a0; CHECK_EQ(a0, 3)   /* frm unchanged by the ops */
    /* rounding mode rmm (dynamic via frm) */
    fsrmi 4
    TEST_FP2_RM(S, 177, fadd.s, dyn, NX, 0x3f800001, 0x3f800000, 0x33800000)   /* fadd(1.0, 0x1.0000000000000p-24) */
    TEST_FP2_RM(S, 178, fadd.s, dyn, NX, 0xbf800001, 0xbf800000, 0xb3800000)   /* fadd(-1.0, -0x1.0000000000000p-24) */
    TEST_FP2_RM(S, 179, fadd.s, dyn, NX, 0x3f800002, 0x3f800000, 0x34400000)   /* fadd(1.0, 0x1.8000000000000p-23) */
    TEST_FP2_RM(S, 180, fadd.s, dyn, NX, 0xbf800000, 0xbf800000, 0x33000000)   /* fadd(-1.0, 0x1.0000000000000p-25) */
    TEST_FP2_RM(S, 181, fdiv.s, dyn, NX, 0x3eaaaaab, 0x3f800000, 0x40400000)   /* fdiv(1.0, 3.0) */
    TEST_FP2_RM(S, 182, fdiv.s, dyn, NX, 0xbf2aaaab, 0xc0000000, 0x40400000)   /* fdiv(-2.0, 3.0) */
    TEST_FP1_RM(S, 183, fsqrt.s, dyn, NX, 0x3fb504f3, 0x40000000)   /* fsqrt(2.0) */
    TEST_FP2_RM(S, 184, fmul.s, dyn, OF|NX, 0x7f800000, 0x7f7fffff, 0x40000000)   /* fmul(max, 2.0) */
    TEST_FP2_RM(S, 185, fmul.s, dyn, OF|NX, 0xff800000, 0xff7fffff, 0x40000000)   /* fmul(-max, 2.0) */
    TEST_FP2_RM(S, 186, fmul.s, dyn, UF|NX, 0x1, 0x1, 0x3f000000)   /* fmul(mins, 0.5) */
    TEST_FP2_RM(S, 187, fmul.s, dyn, UF|NX, 0x80000000, 0x80000001, 0x3e800000)   /* fmul(-mins, 0.25) */
    TEST_FP3_RM(S, 188, fmadd.s, dyn, NX, 0x34800001, 0x3f800001, 0x3f800001, 0xbf800000)   /* fmadd(0x1.0000020000000p+0, 0x1.0000020000000p+0, -1.0) */
    TEST_FP2_RM(S, 189, fsub.s, dyn, 0, 0x0, 0x3f800000, 0x3f800000)   /* fsub(1.0, 1.0) */
    TEST_FCVT_XF(S, 190, fcvt.w.s, dyn, NX, 0x3, 0x40200000)   /* fcvt.w.s(2.5) */
    TEST_FCVT_XF(S, 191, fcvt.w.s, dyn, NX, 0xfffffffffffffffd, 0xc0200000)   /* fcvt.w.s(-2.5) */
    TEST_FCVT_XF(S, 192, fcvt.w.s, dyn, NX, 0x1, 0x3f000000)   /* fcvt.w.s(0.5) */
    TEST_FCVT_XF(S, 193, fcvt.w.s, dyn, NX, 0xffffffffffffffff, 0xbf000000)   /* fcvt.w.s(-0.5) */
    TEST_FCVT_FX_RM(S, 194, fcvt.s.l, dyn, NX, 0x4b800001, 0x1000001)   /* fcvt.s.l(0x1000001) */
    TEST_FCVT_FX_RM(S, 195, fcvt.s.l, dyn, NX, 0xcb800001, 0xfffffffffeffffff)   /* fcvt.s.l(0xfffffffffeffffff) */
    SET_TESTNUM(196); frrm a0; CHECK_EQ(a0, 4)   /* frm unchanged by the ops */
    fsrmi 0
TEST_CODE_END
