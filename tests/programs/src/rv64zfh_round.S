/* Rounding modes, half precision: every rounding mode (rne rtz rdn rup rmm)
   both static (encoded in the instruction) and dynamic (rm = dyn, frm set
   with fsrmi), on ties, inexact quotients/roots, overflow (rtz/rdn/rup give
   the largest finite number instead of infinity where required), underflow
   to zero or to the smallest subnormal, the sign of an exact zero sum under
   rdn, FP -> integer and integer -> FP conversions. */
#include "test_macros.h"

TEST_CODE_BEGIN
    /* rounding mode rne (static in the instruction) */
    TEST_FP2_RM(H, 2, fadd.h, rne, NX, 0x3c00, 0x3c00, 0x1000)   /* fadd(1.0, 0x1.0000000000000p-11) */
    TEST_FP2_RM(H, 3, fadd.h, rne, NX, 0xbc00, 0xbc00, 0x9000)   /* fadd(-1.0, -0x1.0000000000000p-11) */
    TEST_FP2_RM(H, 4, fadd.h, rne, NX, 0x3c02, 0x3c00, 0x1600)   /* fadd(1.0, 0x1.8000000000000p-10) */
    TEST_FP2_RM(H, 5, fadd.h, rne, NX, 0xbc00, 0xbc00, 0xc00)   /* fadd(-1.0, 0x1.0000000000000p-12) */
    TEST_FP2_RM(H, 6, fdiv.h, rne, NX, 0x3555, 0x3c00, 0x4200)   /* fdiv(1.0, 3.0) */
    TEST_FP2_RM(H, 7, fdiv.h, rne, NX, 0xb955, 0xc000, 0x4200)   /* fdiv(-2.0, 3.0) */
    TEST_FP1_RM(H, 8, fsqrt.h, rne, NX, 0x3da8, 0x4000)   /* fsqrt(2.0) */
    TEST_FP2_RM(H, 9, fmul.h, rne, OF|NX, 0x7c00, 0x7bff, 0x4000)   /* fmul(max, 2.0) */
    TEST_FP2_RM(H, 10, fmul.h, rne, OF|NX, 0xfc00, 0xfbff, 0x4000)   /* fmul(-max, 2.0) */
    TEST_FP2_RM(H, 11, fmul.h, rne, UF|NX, 0x0, 0x1, 0x3800)   /* fmul(mins, 0.5) */
    TEST_FP2_RM(H, 12, fmul.h, rne, UF|NX, 0x8000, 0x8001, 0x3400)   /* fmul(-mins, 0.25) */
    TEST_FP3_RM(H, 13, fmadd.h, rne, NX, 0x1800, 0x3c01, 0x3c01, 0xbc00)   /* fmadd(0x1.0040000000000p+0, 0x1.0040000000000p+0, -1.0) */
    TEST_FP2_RM(H, 14, fsub.h, rne, 0, 0x0, 0x3c00, 0x3c00)   /* fsub(1.0, 1.0) */
    TEST_FCVT_XF(H, 15, fcvt.w.h, rne, NX, 0x2, 0x4100)   /* fcvt.w.h(2.5) */
    TEST_FCVT_XF(H, 16, fcvt.w.h, rne, NX, 0xfffffffffffffffe, 0xc100)   /* fcvt.w.h(-2.5) */
    TEST_FCVT_XF(H, 17, fcvt.w.h, rne, NX, 0x0, 0x3800)   /* fcvt.w.h(0.5) */
    TEST_FCVT_XF(H, 18, fcvt.w.h, rne, NX, 0x0, 0xb800)   /* fcvt.w.h(-0.5) */
    TEST_FCVT_FX_RM(H, 19, fcvt.h.l, rne, NX, 0x6800, 0x801)   /* fcvt.h.l(0x801) */
    TEST_FCVT_FX_RM(H, 20, fcvt.h.l, rne, NX, 0xe800, 0xfffffffffffff7ff)   /* fcvt.h.l(0xfffffffffffff7ff) */
    /* rounding mode rtz (static in the instruction) */
    TEST_FP2_RM(H, 21, fadd.h, rtz, NX, 0x3c00, 0x3c00, 0x1000)   /* fadd(1.0, 0x1.0000000000000p-11) */
    TEST_FP2_RM(H, 22, fadd.h, rtz, NX, 0xbc00, 0xbc00, 0x9000)   /* fadd(-1.0, -0x1.0000000000000p-11) */
    TEST_FP2_RM(H, 23, fadd.h, rtz, NX, 0x3c01, 0x3c00, 0x1600)   /* fadd(1.0, 0x1.8000000000000p-10) */
    TEST_FP2_RM(H, 24, fadd.h, rtz, NX, 0xbbff, 0xbc00, 0xc00)   /* fadd(-1.0, 0x1.0000000000000p-12) */
    TEST_FP2_RM(H, 25, fdiv.h, rtz, NX, 0x3555, 0x3c00, 0x4200)   /* fdiv(1.0, 3.0) */
    TEST_FP2_RM(H, 26, fdiv.h, rtz, NX, 0xb955, 0xc000, 0x4200)   /* fdiv(-2.0, 3.0) */
    TEST_FP1_RM(H, 27, fsqrt.h, rtz, NX, 0x3da8, 0x4000)   /* fsqrt(2.0) */
    TEST_FP2_RM(H, 28, fmul.h, rtz, OF|NX, 0x7bff, 0x7bff, 0x4000)   /* fmul(max, 2.0) */
    TEST_FP2_RM(H, 29, fmul.h, rtz, OF|NX, 0xfbff, 0xfbff, 0x4000)   /* fmul(-max, 2.0) */
    TEST_FP2_RM(H, 30, fmul.h, rtz, UF|NX, 0x0, 0x1, 0x3800)   /* fmul(mins, 0.5) */
    TEST_FP2_RM(H, 31, fmul.h, rtz, UF|NX, 0x8000, 0x8001, 0x3400)   /* fmul(-mins, 0.25) */
    TEST_FP3_RM(H, 32, fmadd.h, rtz, NX, 0x1800, 0x3c01, 0x3c01, 0xbc00)   /* fmadd(0x1.0040000000000p+0, 0x1.0040000000000p+0, -1.0) */
    TEST_FP2_RM(H, 33, fsub.h, rtz, 0, 0x0, 0x3c00, 0x3c00)   /* fsub(1.0, 1.0) */
    TEST_FCVT_XF(H, 34, fcvt.w.h, rtz, NX, 0x2, 0x4100)   /* fcvt.w.h(2.5) */
    TEST_FCVT_XF(H, 35, fcvt.w.h, rtz, NX, 0xfffffffffffffffe, 0xc100)   /* fcvt.w.h(-2.5) */
    TEST_FCVT_XF(H, 36, fcvt.w.h, rtz, NX, 0x0, 0x3800)   /* fcvt.w.h(0.5) */
    TEST_FCVT_XF(H, 37, fcvt.w.h, rtz, NX, 0x0, 0xb800)   /* fcvt.w.h(-0.5) */
    TEST_FCVT_FX_RM(H, 38, fcvt.h.l, rtz, NX, 0x6800, 0x801)   /* fcvt.h.l(0x801) */
    TEST_FCVT_FX_RM(H, 39, fcvt.h.l, rtz, NX, 0xe800, 0xfffffffffffff7ff)   /* fcvt.h.l(0xfffffffffffff7ff) */
    /* rounding mode rdn (static in the instruction) */
    TEST_FP2_RM(H, 40, fadd.h, rdn, NX, 0x3c00, 0x3c00, 0x1000)   /* fadd(1.0, 0x1.0000000000000p-11) */
    TEST_FP2_RM(H, 41, fadd.h, rdn, NX, 0xbc01, 0xbc00, 0x9000)   /* fadd(-1.0, -0x1.0000000000000p-11) */
    TEST_FP2_RM(H, 42, fadd.h, rdn, NX, 0x3c01, 0x3c00, 0x1600)   /* fadd(1.0, 0x1.8000000000000p-10) */
    TEST_FP2_RM(H, 43, fadd.h, rdn, NX, 0xbc00, 0xbc00, 0xc00)   /* fadd(-1.0, 0x1.0000000000000p-12) */
    TEST_FP2_RM(H, 44, fdiv.h, rdn, NX, 0x3555, 0x3c00, 0x4200)   /* fdiv(1.0, 3.0) */
    TEST_FP2_RM(H, 45, fdiv.h, rdn, NX, 0xb956, 0xc000, 0x4200)   /* fdiv(-2.0, 3.0) */
    TEST_FP1_RM(H, 46, fsqrt.h, rdn, NX, 0x3da8, 0x4000)   /* fsqrt(2.0) */
    TEST_FP2_RM(H, 47, fmul.h, rdn, OF|NX, 0x7bff, 0x7bff, 0x4000)   /* fmul(max, 2.0) */
    TEST_FP2_RM(H, 48, fmul.h, rdn, OF|NX, 0xfc00, 0xfbff, 0x4000)   /* fmul(-max, 2.0) */
    TEST_FP2_RM(H, 49, fmul.h, rdn, UF|NX, 0x0, 0x1, 0x3800)   /* fmul(mins, 0.5) */
    TEST_FP2_RM(H, 50, fmul.h, rdn, UF|NX, 0x8001, 0x8001, 0x3400)   /* fmul(-mins, 0.25) */
    TEST_FP3_RM(H, 51, fmadd.h, rdn, NX, 0x1800, 0x3c01, 0x3c01, 0xbc00)   /* fmadd(0x1.0040000000000p+0, 0x1.0040000000000p+0, -1.0) */
    TEST_FP2_RM(H, 52, fsub.h, rdn, 0, 0x8000, 0x3c00, 0x3c00)   /* fsub(1.0, 1.0) */
    TEST_FCVT_XF(H, 53, fcvt.w.h, rdn, NX, 0x2, 0x4100)   /* fcvt.w.h(2.5) */
    TEST_FCVT_XF(H, 54, fcvt.w.h, rdn, NX, 0xfffffffffffffffd, 0xc100)   /* fcvt.w.h(-2.5) */
    TEST_FCVT_XF(H, 55, fcvt.w.h, rdn, NX, 0x0, 0x3800)   /* fcvt.w.h(0.5) */
    TEST_FCVT_XF(H, 56, fcvt.w.h, rdn, NX, 0xffffffffffffffff, 0xb800)   /* fcvt.w.h(-0.5) */
    TEST_FCVT_FX_RM(H, 57, fcvt.h.l, rdn, NX, 0x6800, 0x801)   /* fcvt.h.l(0x801) */
    TEST_FCVT_FX_RM(H, 58, fcvt.h.l, rdn, NX, 0xe801, 0xfffffffffffff7ff)   /* fcvt.h.l(0xfffffffffffff7ff) */
    /* rounding mode rup (static in the instruction) */
    TEST_FP2_RM(H, 59, fadd.h, rup, NX, 0x3c01, 0x3c00, 0x1000)   /* fadd(1.0, 0x1.0000000000000p-11) */
    TEST_FP2_RM(H, 60, fadd.h, rup, NX, 0xbc00, 0xbc00, 0x9000)   /* fadd(-1.0, -0x1.0000000000000p-11) */
    TEST_FP2_RM(H, 61, fadd.h, rup, NX, 0x3c02, 0x3c00, 0x1600)   /* fadd(1.0, 0x1.8000000000000p-10) */
    TEST_FP2_RM(H, 62, fadd.h, rup, NX, 0xbbff, 0xbc00, 0xc00)   /* fadd(-1.0, 0x1.0000000000000p-12) */
    TEST_FP2_RM(H, 63, fdiv.h, rup, NX, 0x3556, 0x3c00, 0x4200)   /* fdiv(1.0, 3.0) */
    TEST_FP2_RM(H, 64, fdiv.h, rup, NX, 0xb955, 0xc000, 0x4200)   /* fdiv(-2.0, 3.0) */
    TEST_FP1_RM(H, 65, fsqrt.h, rup, NX, 0x3da9, 0x4000)   /* fsqrt(2.0) */
    TEST_FP2_RM(H, 66, fmul.h, rup, OF|NX, 0x7c00, 0x7bff, 0x4000)   /* fmul(max, 2.0) */
    TEST_FP2_RM(H, 67, fmul.h, rup, OF|NX, 0xfbff, 0xfbff, 0x4000)   /* fmul(-max, 2.0) */
    TEST_FP2_RM(H, 68, fmul.h, rup, UF|NX, 0x1, 0x1, 0x3800)   /* fmul(mins, 0.5) */
    TEST_FP2_RM(H, 69, fmul.h, rup, UF|NX, 0x8000, 0x8001, 0x3400)   /* fmul(-mins, 0.25) */
    TEST_FP3_RM(H, 70, fmadd.h, rup, NX, 0x1801, 0x3c01, 0x3c01, 0xbc00)   /* fmadd(0x1.0040000000000p+0, 0x1.0040000000000p+0, -1.0) */
    TEST_FP2_RM(H, 71, fsub.h, rup, 0, 0x0, 0x3c00, 0x3c00)   /* fsub(1.0, 1.0) */
    TEST_FCVT_XF(H, 72, fcvt.w.h, rup, NX, 0x3, 0x4100)   /* fcvt.w.h(2.5) */
    TEST_FCVT_XF(H, 73, fcvt.w.h, rup, NX, 0xfffffffffffffffe, 0xc100)   /* fcvt.w.h(-2.5) */
    TEST_FCVT_XF(H, 74, fcvt.w.h, rup, NX, 0x1, 0x3800)   /* fcvt.w.h(0.5) */
    TEST_FCVT_XF(H, 75, fcvt.w.h, rup, NX, 0x0, 0xb800)   /* fcvt.w.h(-0.5) */
    TEST_FCVT_FX_RM(H, 76, fcvt.h.l, rup, NX, 0x6801, 0x801)   /* fcvt.h.l(0x801) */
    TEST_FCVT_FX_RM(H, 77, fcvt.h.l, rup, NX, 0xe800, 0xfffffffffffff7ff)   /* fcvt.h.l(0xfffffffffffff7ff) */
    /* rounding mode rmm (static in the instruction) */
    TEST_FP2_RM(H, 78, fadd.h, rmm, NX, 0x3c01, 0x3c00, 0x1000)   /* fadd(1.0, 0x1.0000000000000p-11) */
    TEST_FP2_RM(H, 79, fadd.h, rmm, NX, 0xbc01, 0xbc00, 0x9000)   /* fadd(-1.0, -0x1.0000000000000p-11) */
    TEST_FP2_RM(H, 80, fadd.h, rmm, NX, 0x3c02, 0x3c00, 0x1600)   /* fadd(1.0, 0x1.8000000000000p-10) */
    TEST_FP2_RM(H, 81, fadd.h, rmm, NX, 0xbc00, 0xbc00, 0xc00)   /* fadd(-1.0, 0x1.0000000000000p-12) */
    TEST_FP2_RM(H, 82, fdiv.h, rmm, NX, 0x3555, 0x3c00, 0x4200)   /* fdiv(1.0, 3.0) */
    TEST_FP2_RM(H, 83, fdiv.h, rmm, NX, 0xb955, 0xc000, 0x4200)   /* fdiv(-2.0, 3.0) */
    TEST_FP1_RM(H, 84, fsqrt.h, rmm, NX, 0x3da8, 0x4000)   /* fsqrt(2.0) */
    TEST_FP2_RM(H, 85, fmul.h, rmm, OF|NX, 0x7c00, 0x7bff, 0x4000)   /* fmul(max, 2.0) */
    TEST_FP2_RM(H, 86, fmul.h, rmm, OF|NX, 0xfc00, 0xfbff, 0x4000)   /* fmul(-max, 2.0) */
    TEST_FP2_RM(H, 87, fmul.h, rmm, UF|NX, 0x1, 0x1, 0x3800)   /* fmul(mins, 0.5) */
    TEST_FP2_RM(H, 88, fmul.h, rmm, UF|NX, 0x8000, 0x8001, 0x3400)   /* fmul(-mins, 0.25) */
    TEST_FP3_RM(H, 89, fmadd.h, rmm, NX, 0x1801, 0x3c01, 0x3c01, 0xbc00)   /* fmadd(0x1.0040000000000p+0, 0x1.0040000000000p+0, -1.0) */
    TEST_FP2_RM(H, 90, fsub.h, rmm, 0, 0x0, 0x3c00, 0x3c00)   /* fsub(1.0, 1.0) */
    TEST_FCVT_XF(H, 91, fcvt.w.h, rmm, NX, 0x3, 0x4100)   /* fcvt.w.h(2.5) */
    TEST_FCVT_XF(H, 92, fcvt.w.h, rmm, NX, 0xfffffffffffffffd, 0xc100)   /* fcvt.w.h(-2.5) */
    TEST_FCVT_XF(H, 93, fcvt.w.h, rmm, NX, 0x1, 0x3800)   /* fcvt.w.h(0.5) */
    TEST_FCVT_XF(H, 94, fcvt.w.h, rmm, NX, 0xffffffffffffffff, 0xb800)   /* fcvt.w.h(-0.5) */
    TEST_FCVT_FX_RM(H, 95, fcvt.h.l, rmm, NX, 0x6801, 0x801)   /* fcvt.h.l(0x801) */
    TEST_FCVT_FX_RM(H, 96, fcvt.h.l, rmm, NX, 0xe801, 0xfffffffffffff7ff)   /* fcvt.h.l(0xfffffffffffff7ff) */
    /* rounding mode rne (dynamic via frm) */
    fsrmi 0
    TEST_FP2_RM(H, 97, fadd.h, dyn, NX, 0x3c00, 0x3c00, 0x1000)   /* fadd(1.0, 0x1.0000000000000p-11) */
    TEST_FP2_RM(H, 98, fadd.h, dyn, NX, 0xbc00, 0xbc00, 0x9000)   /* fadd(-1.0, -0x1.0000000000000p-11) */
    TEST_FP2_RM(H, 99, fadd.h, dyn, NX, 0x3c02, 0x3c00, 0x1600)   /* fadd(1.0, 0x1.8000000000000p-10) */
    TEST_FP2_RM(H, 100, fadd.h, dyn, NX, 0xbc00, 0xbc00, 0xc00)   /* fadd(-1.0, 0x1.0000000000000p-12) */
    TEST_FP2_RM(H, 101, fdiv.h, dyn, NX, 0x3555, 0x3c00, 0x4200)   /* fdiv(1.0, 3.0) */
    TEST_FP2_RM(H, 102, fdiv.h, dyn, NX, 0xb955, 0xc000, 0x4200)   /* fdiv(-2.0, 3.0) */
    TEST_FP1_RM(H, 103, fsqrt.h, dyn, NX, 0x3da8, 0x4000)   /* fsqrt(2.0) */
    TEST_FP2_RM(H, 104, fmul.h, dyn, OF|NX, 0x7c00, 0x7bff, 0x4000)   /* fmul(max, 2.0) */
    TEST_FP2_RM(H, 105, fmul.h, dyn, OF|NX, 0xfc00, 0xfbff, 0x4000)   /* fmul(-max, 2.0) */
    TEST_FP2_RM(H, 106, fmul.h, dyn, UF|NX, 0x0, 0x1, 0x3800)   /* fmul(mins, 0.5) */
    TEST_FP2_RM(H, 107, fmul.h, dyn, UF|NX, 0x8000, 0x8001, 0x3400)   /* fmul(-mins, 0.25) */
    TEST_FP3_RM(H, 108, fmadd.h, dyn, NX, 0x1800, 0x3c01, 0x3c01, 0xbc00)   /* fmadd(0x1.0040000000000p+0, 0x1.0040000000000p+0, -1.0) */
    TEST_FP2_RM(H, 109, fsub.h, dyn, 0, 0x0, 0x3c00, 0x3c00)   /* fsub(1.0, 1.0) */
    TEST_FCVT_XF(H, 110, fcvt.w.h, dyn, NX, 0x2, 0x4100)   /* fcvt.w.h(2.5) */
    TEST_FCVT_XF(H, 111, fcvt.w.h, dyn, NX, 0xfffffffffffffffe, 0xc100)   /* fcvt.w.h(-2.5) */
    TEST_FCVT_XF(H, 112, fcvt.w.h, dyn, NX, 0x0, 0x3800)   /* fcvt.w.h(0.5) */
    TEST_FCVT_XF(H, 113, fcvt.w.h, dyn, NX, 0x0, 0xb800)   /* fcvt.w.h(-0.5) */
    TEST_FCVT_FX_RM(H, 114, fcvt.h.l, dyn, NX, 0x6800, 0x801)   /* fcvt.h.l(0x801) */
    TEST_FCVT_FX_RM(H, 115, fcvt.h.l, dyn, NX, 0xe800, 0xfffffffffffff7ff)   /* fcvt.h.l(0xfffffffffffff7ff) */
    SET_TESTNUM(116); frrm a0; CHECK_EQ(a0, 0)   /* frm unchanged by the ops */
    /* rounding mode rtz (dynamic via frm) */
    fsrmi 1
    TEST_FP2_RM(H, 117, fadd.h, dyn, NX, 0x3c00, 0x3c00, 0x1000)   /* fadd(1.0, 0x1.0000000000000p-11) */
    TEST_FP2_RM(H, 118, fadd.h, dyn, NX, 0xbc00, 0xbc00, 0x9000)   /* fadd(-1.0, -0x1.0000000000000p-11) */
    TEST_FP2_RM(H, 119, fadd.h, dyn, NX, 0x3c01, 0x3c00, 0x1600)   /* fadd(1.0, 0x1.8000000000000p-10) */
    TEST_FP2_RM(H, 120, fadd.h, dyn, NX, 0xbbff, 0xbc00, 0xc00)   /* fadd(-1.0, 0x1.0000000000000p-12) */
    TEST_FP2_RM(H, 121, fdiv.h, dyn, NX, 0x3555, 0x3c00, 0x4200)   /* fdiv(1.0, 3.0) */
    TEST_FP2_RM(H, 122, fdiv.h, dyn, NX, 0xb955, 0xc000, 0x4200)   /* fdiv(-2.0, 3.0) */
    TEST_FP1_RM(H, 123, fsqrt.h, dyn, NX, 0x3da8, 0x4000)   /* fsqrt(2.0) */
    TEST_FP2_RM(H, 124, fmul.h, dyn, OF|NX, 0x7bff, 0x7bff, 0x4000)   /* fmul(max, 2.0) */
    TEST_FP2_RM(H, 125, fmul.h, dyn, OF|NX, 0xfbff, 0xfbff, 0x4000)   /* fmul(-max, 2.0) */
    TEST_FP2_RM(H, 126, fmul.h, dyn, UF|NX, 0x0, 0x1, 0x3800)   /* fmul(mins, 0.5) */
    TEST_FP2_RM(H, 127, fmul.h, dyn, UF|NX, 0x8000, 0x8001, 0x3400)   /* fmul(-mins, 0.25) */
    TEST_FP3_RM(H, 128, fmadd.h, dyn, NX, 0x1800, 0x3c01, 0x3c01, 0xbc00)   /* fmadd(0x1.0040000000000p+0, 0x1.0040000000000p+0, -1.0) */
    TEST_FP2_RM(H, 129, fsub.h, dyn, 0, 0x0, 0x3c00, 0x3c00)   /* fsub(1.0, 1.0) */
    TEST_FCVT_XF(H, 130, fcvt.w.h, dyn, NX, 0x2, 0x4100)   /* fcvt.w.h(2.5) */
    TEST_FCVT_XF(H, 131, fcvt.w.h, dyn, NX, 0xfffffffffffffffe, 0xc100)   /* fcvt.w.h(-2.5) */
    TEST_FCVT_XF(H, 132, fcvt.w.h, dyn, NX, 0x0, 0x3800)   /* fcvt.w.h(0.5) */
    TEST_FCVT_XF(H, 133, fcvt.w.h, dyn, NX, 0x0, 0xb800)   /* fcvt.w.h(-0.5) */
    TEST_FCVT_FX_RM(H, 134, fcvt.h.l, dyn, NX, 0x6800, 0x801)   /* fcvt.h.l(0x801) */
    TEST_FCVT_FX_RM(H, 135, fcvt.h.l, dyn, NX, 0xe800, 0xfffffffffffff7ff)   /* fcvt.h.l(0xfffffffffffff7ff) */
    SET_TESTNUM(136); frrm a0; CHECK_EQ(a0, 1)   /* frm unchanged by the ops */
    /* rounding mode rdn (dynamic via frm) */
    fsrmi 2
    TEST_FP2_RM(H, 137, fadd.h, dyn, NX, 0x3c00, 0x3c00, 0x1000)   /* fadd(1.0, 0x1.0000000000000p-11) */
    TEST_FP2_RM(H, 138, fadd.h, dyn, NX, 0xbc01, 0xbc00, 0x9000)   /* fadd(-1.0, -0x1.0000000000000p-11) */
    TEST_FP2_RM(H, 139, fadd.h, dyn, NX, 0x3c01, 0x3c00, 0x1600)   /* fadd(1.0, 0x1.8000000000000p-10) */
    TEST_FP2_RM(H, 140, fadd.h, dyn, NX, 0xbc00, 0xbc00, 0xc00)   /* fadd(-1.0, 0x1.0000000000000p-12) */
    TEST_FP2_RM(H, 141, fdiv.h, dyn, NX, 0x3555, 0x3c00, 0x4200)   /* fdiv(1.0, 3.0) */
    TEST_FP2_RM(H, 142, fdiv.h, dyn, NX, 0xb956, 0xc000, 0x4200)   /* fdiv(-2.0, 3.0) */
    TEST_FP1_RM(H, 143, fsqrt.h, dyn, NX, 0x3da8, 0x4000)   /* fsqrt(2.0) */
    TEST_FP2_RM(H, 144, fmul.h, dyn, OF|NX, 0x7bff, 0x7bff, 0x4000)   /* fmul(max, 2.0) */
    TEST_FP2_RM(H, 145, fmul.h, dyn, OF|NX, 0xfc00, 0xfbff, 0x4000)   /* fmul(-max, 2.0) */
    TEST_FP2_RM(H, 146, fmul.h, dyn, UF|NX, 0x0, 0x1, 0x3800)   /* fmul(mins, 0.5) */
    TEST_FP2_RM(H, 147, fmul.h, dyn, UF|NX, 0x8001, 0x8001, 0x3400)   /* fmul(-mins, 0.25) */
    TEST_FP3_RM(H, 148, fmadd.h, dyn, NX, 0x1800, 0x3c01, 0x3c01, 0xbc00)   /* fmadd(0x1.0040000000000p+0, 0x1.0040000000000p+0, -1.0) */
    TEST_FP2_RM(H, 149, fsub.h, dyn, 0, 0x8000, 0x3c00, 0x3c00)   /* fsub(1.0, 1.0) */
    TEST_FCVT_XF(H, 150, fcvt.w.h, dyn, NX, 0x2, 0x4100)   /* fcvt.w.h(2.5) */
    TEST_FCVT_XF(H, 151, fcvt.w.h, dyn, NX, 0xfffffffffffffffd, 0xc100)   /* fcvt.w.h(-2.5) */
    TEST_FCVT_XF(H, 152, fcvt.w.h, dyn, NX, 0x0, 0x3800)   /* fcvt.w.h(0.5) */
    TEST_FCVT_XF(H, 153, fcvt.w.h, dyn, NX, 0xffffffffffffffff, 0xb800)   /* fcvt.w.h(-0.5) */
    TEST_FCVT_FX_RM(H, 154, fcvt.h.l, dyn, NX, 0x6800, 0x801)   /* fcvt.h.l(0x801) */
    TEST_FCVT_FX_RM(H, 155, fcvt.h.l, dyn, NX, 0xe801, 0xfffffffffffff7ff)   /* fcvt.h.l(0xfffffffffffff7ff) */
    SET_TESTNUM(156); frrm a0; CHECK_EQ(a0, 2)   /* frm unchanged by the ops */
    /* rounding mode rup (dynamic via frm) */
    fsrmi 3
    TEST_FP2_RM(H, 157, fadd.h, dyn, NX, 0x3c01, 0x3c00, 0x1000)   /* fadd(1.0, 0x1.0000000000000p-11) */
    TEST_FP2_RM(H, 158, fadd.h, dyn, NX, 0xbc00, 0xbc00, 0x9000)   /* fadd(-1.0, -0x1.0000000000000p-11) */
    TEST_FP2_RM(H, 159, fadd.h, dyn, NX, 0x3c02, 0x3c00, 0x1600)   /* fadd(1.0, 0x1.8000000000000p-10) */
    TEST_FP2_RM(H, 160, fadd.h, dyn, NX, 0xbbff, 0xbc00, 0xc00)   /* fadd(-1.0, 0x1.0000000000000p-12) */
    TEST_FP2_RM(H, 161, fdiv.h, dyn, NX, 0x3556, 0x3c00, 0x4200)   /* fdiv(1.0, 3.0) */
    TEST_FP2_RM(H, 162, fdiv.h, dyn, NX, 0xb955, 0xc000, 0x4200)   /* fdiv(-2.0, 3.0) */
    TEST_FP1_RM(H, 163, fsqrt.h, dyn, NX, 0x3da9, 0x4000)   /* fsqrt(2.0) */
    TEST_FP2_RM(H, 164, fmul.h, dyn, OF|NX, 0x7c00, 0x7bff, 0x4000)   /* fmul(max, 2.0) */
    TEST_FP2_RM(H, 165, fmul.h, dyn, OF|NX, 0xfbff, 0xfbff, 0x4000)   /* fmul(-max, 2.0) */
    TEST_FP2_RM(H, 166, fmul.h, dyn, UF|NX, 0x1, 0x1, 0x3800)   /* fmul(mins, 0.5) */
    TEST_FP2_RM(H, 167, fmul.h, dyn, UF|NX, 0x8000, 0x8001, 0x3400)   /* fmul(-mins, 0.25) */
    TEST_FP3_RM(H, 168, fmadd.h, dyn, NX, 0x1801, 0x3c01, 0x3c01, 0xbc00)   /* fmadd(0x1.0040000000000p+0, 0x1.0040000000000p+0, -1.0) */
    TEST_FP2_RM(H, 169, fsub.h, dyn, 0, 0x0, 0x3c00, 0x3c00)   /* fsub(1.0, 1.0) */
    TEST_FCVT_XF(H, 170, fcvt.w.h, dyn, NX, 0x3, 0x4100)   /* fcvt.w.h(2.5) */
    TEST_FCVT_XF(H, 171, fcvt.w.h, dyn, NX, 0xfffffffffffffffe, 0xc100)   /* fcvt.w.h(-2.5) */
    TEST_FCVT_XF(H, 172, fcvt.w.h, dyn, NX, 0x1, 0x3800)   /* fcvt.w.h(0.5) */
    TEST_FCVT_XF(H, 173, fcvt.w.h, dyn, NX, 0x0, 0xb800)   /* fcvt.w.h(-0.5) */
    TEST_FCVT_FX_RM(H, 174, fcvt.h.l, dyn, NX, 0x6801, 0x801)   /* fcvt.h.l(0x801) */
    TEST_FCVT_FX_RM(H, 175, fcvt.h.l, dyn, NX, 0xe800, 0xfffffffffffff7ff)   /* fcvt.h.l(0xfffffffffffff7ff) */
    SET_TESTNUM(176); frrm a0; CHECK_EQ(a0, 3)   /* frm unchanged by the ops */
    /* rounding mode rmm (dynamic via frm) */
    fsrmi 4
    TEST_FP2_RM(H, 177, fadd.h, dyn, NX, 0x3c01, 0x3c00, 0x1000)   /* fadd(1.0, 0x1.0000000000000p-11) */
    TEST_FP2_RM(H, 178, fadd.h, dyn, NX, 0xbc01, 0xbc00, 0x9000)   /* fadd(-1.0, -0x1.0000000000000p-11) */
    TEST_FP2_RM(H, 179, fadd.h, dyn, NX, 0x3c02, 0x3c00, 0x1600)   /* fadd(1.0, 0x1.8000000000000p-10) */
    TEST_FP2_RM(H, 180, fadd.h, dyn, NX, 0xbc00, 0xbc00, 0xc00)   /* fadd(-1.0, 0x1.0000000000000p-12) */
    TEST_FP2_RM(H, 181, fdiv.h, dyn, NX, 0x3555, 0x3c00, 0x4200)   /* fdiv(1.0, 3.0) */
    TEST_FP2_RM(H, 182, fdiv.h, dyn, NX, 0xb955, 0xc000, 0x4200)   /* fdiv(-2.0, 3.0) */
    TEST_FP1_RM(H, 183, fsqrt.h, dyn, NX, 0x3da8, 0x4000)   /* fsqrt(2.0) */
    TEST_FP2_RM(H, 184, fmul.h, dyn, OF|NX, 0x7c00, 0x7bff, 0x4000)   /* fmul(max, 2.0) */
    TEST_FP2_RM(H, 185, fmul.h, dyn, OF|NX, 0xfc00, 0xfbff, 0x4000)   /* fmul(-max, 2.0) */
    TEST_FP2_RM(H, 186, fmul.h, dyn, UF|NX, 0x1, 0x1, 0x3800)   /* fmul(mins, 0.5) */
    TEST_FP2_RM(H, 187, fmul.h, dyn, UF|NX, 0x8000, 0x8001, 0x3400)   /* fmul(-mins, 0.25) */
    TEST_FP3_RM(H, 188, fmadd.h, dyn, NX, 0x1801, 0x3c01, 0x3c01, 0xbc00)   /* fmadd(0x1.0040000000000p+0, 0x1.0040000000000p+0, -1.0) */
    TEST_FP2_RM(H, 189, fsub.h, dyn, 0, 0x0, 0x3c00, 0x3c00)   /* fsub(1.0, 1.0) */
    TEST_FCVT_XF(H, 190, fcvt.w.h, dyn, NX, 0x3, 0x4100)   /* fcvt.w.h(2.5) */
    TEST_FCVT_XF(H, 191, fcvt.w.h, dyn, NX, 0xfffffffffffffffd, 0xc100)   /* fcvt.w.h(-2.5) */
    TEST_FCVT_XF(H, 192, fcvt.w.h, dyn, NX, 0x1, 0x3800)   /* fcvt.w.h(0.5) */
    TEST_FCVT_XF(H, 193, fcvt.w.h, dyn, NX, 0xffffffffffffffff, 0xb800)   /* fcvt.w.h(-0.5) */
    TEST_FCVT_FX_RM(H, 194, fcvt.h.l, dyn, NX, 0x6801, 0x801)   /* fcvt.h.l(0x801) */
    TEST_FCVT_FX_RM(H, 195, fcvt.h.l, dyn, NX, 0xe801, 0xfffffffffffff7ff)   /* fcvt.h.l(0xfffffffffffff7ff) */
    SET_TESTNUM(196); frrm a0; CHECK_EQ(a0, 4)   /* frm unchanged by the ops */
    fsrmi 0
TEST_CODE_END
