/* double precision (D) conversions between FP and integer: fcvt.{w,wu,l,lu}.X and
   fcvt.X.{w,wu,l,lu}, including out-of-range saturation (NV), NaN -> largest
   positive integer, -0, rounding modes given statically, and 32-bit forms
   using/sign-extending only the low 32 bits.
   Operands and expected results are IEEE-754 bit patterns; the comment on
   each line gives the operation in readable form (max = largest finite,
   minn = smallest normal, mins / maxs = smallest / largest subnormal,
   qnan = canonical quiet NaN, snan = signaling NaN). */
#include "test_macros.h"

TEST_CODE_BEGIN
    /* fcvt.w.d */
    TEST_FCVT_XF(D, 2, fcvt.w.d, rtz, 0, 0x0, 0x0)   /* fcvt.w.d(0.0, rtz) */
    TEST_FCVT_XF(D, 3, fcvt.w.d, rtz, 0, 0x0, 0x8000000000000000)   /* fcvt.w.d(-0, rtz) */
    TEST_FCVT_XF(D, 4, fcvt.w.d, rtz, 0, 0x1, 0x3ff0000000000000)   /* fcvt.w.d(1.0, rtz) */
    TEST_FCVT_XF(D, 5, fcvt.w.d, rtz, 0, 0xffffffffffffffff, 0xbff0000000000000)   /* fcvt.w.d(-1.0, rtz) */
    TEST_FCVT_XF(D, 6, fcvt.w.d, rtz, NX, 0x1, 0x3ff8000000000000)   /* fcvt.w.d(1.5, rtz) */
    TEST_FCVT_XF(D, 7, fcvt.w.d, rtz, NX, 0xffffffffffffffff, 0xbff8000000000000)   /* fcvt.w.d(-1.5, rtz) */
    TEST_FCVT_XF(D, 8, fcvt.w.d, rtz, NX, 0x0, 0x3fe0000000000000)   /* fcvt.w.d(0.5, rtz) */
    TEST_FCVT_XF(D, 9, fcvt.w.d, rtz, NX, 0x0, 0xbfe0000000000000)   /* fcvt.w.d(-0.5, rtz) */
    TEST_FCVT_XF(D, 10, fcvt.w.d, rtz, NX, 0x0, 0x3fe8000000000000)   /* fcvt.w.d(0.75, rtz) */
    TEST_FCVT_XF(D, 11, fcvt.w.d, rtz, NX, 0x0, 0x1)   /* fcvt.w.d(mins, rtz) */
    TEST_FCVT_XF(D, 12, fcvt.w.d, rtz, NX, 0x0, 0x8000000000000001)   /* fcvt.w.d(-mins, rtz) */
    TEST_FCVT_XF(D, 13, fcvt.w.d, rtz, NV, 0x7fffffff, 0x7fefffffffffffff)   /* fcvt.w.d(max, rtz) */
    TEST_FCVT_XF(D, 14, fcvt.w.d, rtz, NV, 0xffffffff80000000, 0xffefffffffffffff)   /* fcvt.w.d(-max, rtz) */
    TEST_FCVT_XF(D, 15, fcvt.w.d, rtz, NV, 0x7fffffff, 0x7ff0000000000000)   /* fcvt.w.d(inf, rtz) */
    TEST_FCVT_XF(D, 16, fcvt.w.d, rtz, NV, 0xffffffff80000000, 0xfff0000000000000)   /* fcvt.w.d(-inf, rtz) */
    TEST_FCVT_XF(D, 17, fcvt.w.d, rtz, NV, 0x7fffffff, 0x7ff8000000000000)   /* fcvt.w.d(qnan, rtz) */
    TEST_FCVT_XF(D, 18, fcvt.w.d, rtz, NV, 0x7fffffff, 0xfff8000000000000)   /* fcvt.w.d(-qnan, rtz) */
    TEST_FCVT_XF(D, 19, fcvt.w.d, rtz, NV, 0x7fffffff, 0x7ff0000000000001)   /* fcvt.w.d(snan, rtz) */
    TEST_FCVT_XF(D, 20, fcvt.w.d, rtz, 0, 0x7fffffff, 0x41dfffffffc00000)   /* fcvt.w.d(0x1.fffffffc00000p+30, rtz) */
    TEST_FCVT_XF(D, 21, fcvt.w.d, rtz, NX, 0x7fffffff, 0x41dfffffffe00000)   /* fcvt.w.d(0x1.fffffffe00000p+30, rtz) */
    TEST_FCVT_XF(D, 22, fcvt.w.d, rtz, NV, 0x7fffffff, 0x41e0000000000000)   /* fcvt.w.d(0x1.0000000000000p+31, rtz) */
    TEST_FCVT_XF(D, 23, fcvt.w.d, rtz, 0, 0xffffffff80000000, 0xc1e0000000000000)   /* fcvt.w.d(-0x1.0000000000000p+31, rtz) */
    TEST_FCVT_XF(D, 24, fcvt.w.d, rtz, NX, 0xffffffff80000000, 0xc1e0000000100000)   /* fcvt.w.d(-0x1.0000000100000p+31, rtz) */
    TEST_FCVT_XF(D, 25, fcvt.w.d, rtz, NV, 0xffffffff80000000, 0xc1e0000000200000)   /* fcvt.w.d(-0x1.0000000200000p+31, rtz) */
    TEST_FCVT_XF(D, 26, fcvt.w.d, rtz, NV, 0x7fffffff, 0x41efffffffe00000)   /* fcvt.w.d(0x1.fffffffe00000p+31, rtz) */
    TEST_FCVT_XF(D, 27, fcvt.w.d, rtz, NV, 0x7fffffff, 0x41f0000000000000)   /* fcvt.w.d(0x1.0000000000000p+32, rtz) */
    TEST_FCVT_XF(D, 28, fcvt.w.d, rtz, NV, 0x7fffffff, 0x43dfffffffffffff)   /* fcvt.w.d(0x1.fffffffffffffp+62, rtz) */
    TEST_FCVT_XF(D, 29, fcvt.w.d, rtz, NV, 0x7fffffff, 0x43e0000000000000)   /* fcvt.w.d(0x1.0000000000000p+63, rtz) */
    TEST_FCVT_XF(D, 30, fcvt.w.d, rtz, NV, 0xffffffff80000000, 0xc3e0000000000000)   /* fcvt.w.d(-0x1.0000000000000p+63, rtz) */
    TEST_FCVT_XF(D, 31, fcvt.w.d, rtz, NV, 0x7fffffff, 0x43efffffffffffff)   /* fcvt.w.d(0x1.fffffffffffffp+63, rtz) */
    TEST_FCVT_XF(D, 32, fcvt.w.d, rtz, NV, 0x7fffffff, 0x43f0000000000000)   /* fcvt.w.d(0x1.0000000000000p+64, rtz) */
    TEST_FCVT_XF(D, 33, fcvt.w.d, rtz, 0, 0xffffffff80000001, 0xc1dfffffffc00000)   /* fcvt.w.d(-0x1.fffffffc00000p+30, rtz) */
    TEST_FCVT_XF(D, 34, fcvt.w.d, rtz, NX, 0xffffffff80000001, 0xc1dfffffffe00000)   /* fcvt.w.d(-0x1.fffffffe00000p+30, rtz) */
    TEST_FCVT_XF(D, 35, fcvt.w.d, rne, NX, 0x2, 0x3ff8000000000000)   /* fcvt.w.d(1.5, rne) */
    TEST_FCVT_XF(D, 36, fcvt.w.d, rne, NX, 0x2, 0x4004000000000000)   /* fcvt.w.d(2.5, rne) */
    TEST_FCVT_XF(D, 37, fcvt.w.d, rne, NX, 0xfffffffffffffffe, 0xc004000000000000)   /* fcvt.w.d(-2.5, rne) */
    TEST_FCVT_XF(D, 38, fcvt.w.d, rne, NX, 0x0, 0xbfe0000000000000)   /* fcvt.w.d(-0.5, rne) */
    TEST_FCVT_XF(D, 39, fcvt.w.d, rdn, NX, 0xffffffffffffffff, 0xbfe0000000000000)   /* fcvt.w.d(-0.5, rdn) */
    TEST_FCVT_XF(D, 40, fcvt.w.d, rup, NX, 0x1, 0x3fe0000000000000)   /* fcvt.w.d(0.5, rup) */
    TEST_FCVT_XF(D, 41, fcvt.w.d, rmm, NX, 0xfffffffffffffffe, 0xbff8000000000000)   /* fcvt.w.d(-1.5, rmm) */
    TEST_FCVT_XF(D, 42, fcvt.w.d, rup, NX, 0x7c, 0x405ed00000000000)   /* fcvt.w.d(123.25, rup) */
    /* fcvt.wu.d */
    TEST_FCVT_XF(D, 43, fcvt.wu.d, rtz, 0, 0x0, 0x0)   /* fcvt.wu.d(0.0, rtz) */
    TEST_FCVT_XF(D, 44, fcvt.wu.d, rtz, 0, 0x0, 0x8000000000000000)   /* fcvt.wu.d(-0, rtz) */
    TEST_FCVT_XF(D, 45, fcvt.wu.d, rtz, 0, 0x1, 0x3ff0000000000000)   /* fcvt.wu.d(1.0, rtz) */
    TEST_FCVT_XF(D, 46, fcvt.wu.d, rtz, NV, 0x0, 0xbff0000000000000)   /* fcvt.wu.d(-1.0, rtz) */
    TEST_FCVT_XF(D, 47, fcvt.wu.d, rtz, NX, 0x1, 0x3ff8000000000000)   /* fcvt.wu.d(1.5, rtz) */
    TEST_FCVT_XF(D, 48, fcvt.wu.d, rtz, NV, 0x0, 0xbff8000000000000)   /* fcvt.wu.d(-1.5, rtz) */
    TEST_FCVT_XF(D, 49, fcvt.wu.d, rtz, NX, 0x0, 0x3fe0000000000000)   /* fcvt.wu.d(0.5, rtz) */
    TEST_FCVT_XF(D, 50, fcvt.wu.d, rtz, NX, 0x0, 0xbfe0000000000000)   /* fcvt.wu.d(-0.5, rtz) */
    TEST_FCVT_XF(D, 51, fcvt.wu.d, rtz, NX, 0x0, 0x3fe8000000000000)   /* fcvt.wu.d(0.75, rtz) */
    TEST_FCVT_XF(D, 52, fcvt.wu.d, rtz, NX, 0x0, 0x1)   /* fcvt.wu.d(mins, rtz) */
    TEST_FCVT_XF(D, 53, fcvt.wu.d, rtz, NX, 0x0, 0x8000000000000001)   /* fcvt.wu.d(-mins, rtz) */
    TEST_FCVT_XF(D, 54, fcvt.wu.d, rtz, NV, 0xffffffffffffffff, 0x7fefffffffffffff)   /* fcvt.wu.d(max, rtz) */
    TEST_FCVT_XF(D, 55, fcvt.wu.d, rtz, NV, 0x0, 0xffefffffffffffff)   /* fcvt.wu.d(-max, rtz) */
    TEST_FCVT_XF(D, 56, fcvt.wu.d, rtz, NV, 0xffffffffffffffff, 0x7ff0000000000000)   /* fcvt.wu.d(inf, rtz) */
    TEST_FCVT_XF(D, 57, fcvt.wu.d, rtz, NV, 0x0, 0xfff0000000000000)   /* fcvt.wu.d(-inf, rtz) */
    TEST_FCVT_XF(D, 58, fcvt.wu.d, rtz, NV, 0xffffffffffffffff, 0x7ff8000000000000)   /* fcvt.wu.d(qnan, rtz) */
    TEST_FCVT_XF(D, 59, fcvt.wu.d, rtz, NV, 0xffffffffffffffff, 0xfff8000000000000)   /* fcvt.wu.d(-qnan, rtz) */
    TEST_FCVT_XF(D, 60, fcvt.wu.d, rtz, NV, 0xffffffffffffffff, 0x7ff0000000000001)   /* fcvt.wu.d(snan, rtz) */
    TEST_FCVT_XF(D, 61, fcvt.wu.d, rtz, 0, 0x7fffffff, 0x41dfffffffc00000)   /* fcvt.wu.d(0x1.fffffffc00000p+30, rtz) */
    TEST_FCVT_XF(D, 62, fcvt.wu.d, rtz, NX, 0x7fffffff, 0x41dfffffffe00000)   /* fcvt.wu.d(0x1.fffffffe00000p+30, rtz) */
    TEST_FCVT_XF(D, 63, fcvt.wu.d, rtz, 0, 0xffffffff80000000, 0x41e0000000000000)   /* fcvt.wu.d(0x1.0000000000000p+31, rtz) */
    TEST_FCVT_XF(D, 64, fcvt.wu.d, rtz, NV, 0x0, 0xc1e0000000000000)   /* fcvt.wu.d(-0x1.0000000000000p+31, rtz) */
    TEST_FCVT_XF(D, 65, fcvt.wu.d, rtz, NV, 0x0, 0xc1e0000000100000)   /* fcvt.wu.d(-0x1.0000000100000p+31, rtz) */
    TEST_FCVT_XF(D, 66, fcvt.wu.d, rtz, NV, 0x0, 0xc1e0000000200000)   /* fcvt.wu.d(-0x1.0000000200000p+31, rtz) */
    TEST_FCVT_XF(D, 67, fcvt.wu.d, rtz, 0, 0xffffffffffffffff, 0x41efffffffe00000)   /* fcvt.wu.d(0x1.fffffffe00000p+31, rtz) */
    TEST_FCVT_XF(D, 68, fcvt.wu.d, rtz, NV, 0xffffffffffffffff, 0x41f0000000000000)   /* fcvt.wu.d(0x1.0000000000000p+32, rtz) */
    TEST_FCVT_XF(D, 69, fcvt.wu.d, rtz, NV, 0xffffffffffffffff, 0x43dfffffffffffff)   /* fcvt.wu.d(0x1.fffffffffffffp+62, rtz) */
    TEST_FCVT_XF(D, 70, fcvt.wu.d, rtz, NV, 0xffffffffffffffff, 0x43e0000000000000)   /* fcvt.wu.d(0x1.0000000000000p+63, rtz) */
    TEST_FCVT_XF(D, 71, fcvt.wu.d, rtz, NV, 0x0, 0xc3e0000000000000)   /* fcvt.wu.d(-0x1.0000000000000p+63, rtz) */
    TEST_FCVT_XF(D, 72, fcvt.wu.d, rtz, NV, 0xffffffffffffffff, 0x43efffffffffffff)   /* fcvt.wu.d(0x1.fffffffffffffp+63, rtz) */
    TEST_FCVT_XF(D, 73, fcvt.wu.d, rtz, NV, 0xffffffffffffffff, 0x43f0000000000000)   /* fcvt.wu.d(0x1.0000000000000p+64, rtz) */
    TEST_FCVT_XF(D, 74, fcvt.wu.d, rtz, NV, 0x0, 0xc1dfffffffc00000)   /* fcvt.wu.d(-0x1.fffffffc00000p+30, rtz) */
    TEST_FCVT_XF(D, 75, fcvt.wu.d, rtz, NV, 0x0, 0xc1dfffffffe00000)   /* fcvt.wu.d(-0x1.fffffffe00000p+30, rtz) */
    TEST_FCVT_XF(D, 76, fcvt.wu.d, rne, NX, 0x2, 0x3ff8000000000000)   /* fcvt.wu.d(1.5, rne) */
    TEST_FCVT_XF(D, 77, fcvt.wu.d, rne, NX, 0x2, 0x4004000000000000)   /* fcvt.wu.d(2.5, rne) */
    TEST_FCVT_XF(D, 78, fcvt.wu.d, rne, NV, 0x0, 0xc004000000000000)   /* fcvt.wu.d(-2.5, rne) */
    TEST_FCVT_XF(D, 79, fcvt.wu.d, rne, NX, 0x0, 0xbfe0000000000000)   /* fcvt.wu.d(-0.5, rne) */
    TEST_FCVT_XF(D, 80, fcvt.wu.d, rdn, NV, 0x0, 0xbfe0000000000000)   /* fcvt.wu.d(-0.5, rdn) */
    TEST_FCVT_XF(D, 81, fcvt.wu.d, rup, NX, 0x1, 0x3fe0000000000000)   /* fcvt.wu.d(0.5, rup) */
    TEST_FCVT_XF(D, 82, fcvt.wu.d, rmm, NV, 0x0, 0xbff8000000000000)   /* fcvt.wu.d(-1.5, rmm) */
    TEST_FCVT_XF(D, 83, fcvt.wu.d, rup, NX, 0x7c, 0x405ed00000000000)   /* fcvt.wu.d(123.25, rup) */
    /* fcvt.l.d */
    TEST_FCVT_XF(D, 84, fcvt.l.d, rtz, 0, 0x0, 0x0)   /* fcvt.l.d(0.0, rtz) */
    TEST_FCVT_XF(D, 85, fcvt.l.d, rtz, 0, 0x0, 0x8000000000000000)   /* fcvt.l.d(-0, rtz) */
    TEST_FCVT_XF(D, 86, fcvt.l.d, rtz, 0, 0x1, 0x3ff0000000000000)   /* fcvt.l.d(1.0, rtz) */
    TEST_FCVT_XF(D, 87, fcvt.l.d, rtz, 0, 0xffffffffffffffff, 0xbff0000000000000)   /* fcvt.l.d(-1.0, rtz) */
    TEST_FCVT_XF(D, 88, fcvt.l.d, rtz, NX, 0x1, 0x3ff8000000000000)   /* fcvt.l.d(1.5, rtz) */
    TEST_FCVT_XF(D, 89, fcvt.l.d, rtz, NX, 0xffffffffffffffff, 0xbff8000000000000)   /* fcvt.l.d(-1.5, rtz) */
    TEST_FCVT_XF(D, 90, fcvt.l.d, rtz, NX, 0x0, 0x3fe0000000000000)   /* fcvt.l.d(0.5, rtz) */
    TEST_FCVT_XF(D, 91, fcvt.l.d, rtz, NX, 0x0, 0xbfe0000000000000)   /* fcvt.l.d(-0.5, rtz) */
    TEST_FCVT_XF(D, 92, fcvt.l.d, rtz, NX, 0x0, 0x3fe8000000000000)   /* fcvt.l.d(0.75, rtz) */
    TEST_FCVT_XF(D, 93, fcvt.l.d, rtz, NX, 0x0, 0x1)   /* fcvt.l.d(mins, rtz) */
    TEST_FCVT_XF(D, 94, fcvt.l.d, rtz, NX, 0x0, 0x8000000000000001)   /* fcvt.l.d(-mins, rtz) */
    TEST_FCVT_XF(D, 95, fcvt.l.d, rtz, NV, 0x7fffffffffffffff, 0x7fefffffffffffff)   /* fcvt.l.d(max, rtz) */
    TEST_FCVT_XF(D, 96, fcvt.l.d, rtz, NV, 0x8000000000000000, 0xffefffffffffffff)   /* fcvt.l.d(-max, rtz) */
    TEST_FCVT_XF(D, 97, fcvt.l.d, rtz, NV, 0x7fffffffffffffff, 0x7ff0000000000000)   /* fcvt.l.d(inf, rtz) */
    TEST_FCVT_XF(D, 98, fcvt.l.d, rtz, NV, 0x8000000000000000, 0xfff0000000000000)   /* fcvt.l.d(-inf, rtz) */
    TEST_FCVT_XF(D, 99, fcvt.l.d, rtz, NV, 0x7fffffffffffffff, 0x7ff8000000000000)   /* fcvt.l.d(qnan, rtz) */
    TEST_FCVT_XF(D, 100, fcvt.l.d, rtz, NV, 0x7fffffffffffffff, 0xfff8000000000000)   /* fcvt.l.d(-qnan, rtz) */
    TEST_FCVT_XF(D, 101, fcvt.l.d, rtz, NV, 0x7fffffffffffffff, 0x7ff0000000000001)   /* fcvt.l.d(snan, rtz) */
    TEST_FCVT_XF(D, 102, fcvt.l.d, rtz, 0, 0x7fffffff, 0x41dfffffffc00000)   /* fcvt.l.d(0x1.fffffffc00000p+30, rtz) */
    TEST_FCVT_XF(D, 103, fcvt.l.d, rtz, NX, 0x7fffffff, 0x41dfffffffe00000)   /* fcvt.l.d(0x1.fffffffe00000p+30, rtz) */
    TEST_FCVT_XF(D, 104, fcvt.l.d, rtz, 0, 0x80000000, 0x41e0000000000000)   /* fcvt.l.d(0x1.0000000000000p+31, rtz) */
    TEST_FCVT_XF(D, 105, fcvt.l.d, rtz, 0, 0xffffffff80000000, 0xc1e0000000000000)   /* fcvt.l.d(-0x1.0000000000000p+31, rtz) */
    TEST_FCVT_XF(D, 106, fcvt.l.d, rtz, NX, 0xffffffff80000000, 0xc1e0000000100000)   /* fcvt.l.d(-0x1.0000000100000p+31, rtz) */
    TEST_FCVT_XF(D, 107, fcvt.l.d, rtz, 0, 0xffffffff7fffffff, 0xc1e0000000200000)   /* fcvt.l.d(-0x1.0000000200000p+31, rtz) */
    TEST_FCVT_XF(D, 108, fcvt.l.d, rtz, 0, 0xffffffff, 0x41efffffffe00000)   /* fcvt.l.d(0x1.fffffffe00000p+31, rtz) */
    TEST_FCVT_XF(D, 109, fcvt.l.d, rtz, 0, 0x100000000, 0x41f0000000000000)   /* fcvt.l.d(0x1.0000000000000p+32, rtz) */
    TEST_FCVT_XF(D, 110, fcvt.l.d, rtz, 0, 0x7ffffffffffffc00, 0x43dfffffffffffff)   /* fcvt.l.d(0x1.fffffffffffffp+62, rtz) */
    TEST_FCVT_XF(D, 111, fcvt.l.d, rtz, NV, 0x7fffffffffffffff, 0x43e0000000000000)   /* fcvt.l.d(0x1.0000000000000p+63, rtz) */
    TEST_FCVT_XF(D, 112, fcvt.l.d, rtz, 0, 0x8000000000000000, 0xc3e0000000000000)   /* fcvt.l.d(-0x1.0000000000000p+63, rtz) */
    TEST_FCVT_XF(D, 113, fcvt.l.d, rtz, NV, 0x7fffffffffffffff, 0x43efffffffffffff)   /* fcvt.l.d(0x1.fffffffffffffp+63, rtz) */
    TEST_FCVT_XF(D, 114, fcvt.l.d, rtz, NV, 0x7fffffffffffffff, 0x43f0000000000000)   /* fcvt.l.d(0x1.0000000000000p+64, rtz) */
    TEST_FCVT_XF(D, 115, fcvt.l.d, rtz, 0, 0xffffffff80000001, 0xc1dfffffffc00000)   /* fcvt.l.d(-0x1.fffffffc00000p+30, rtz) */
    TEST_FCVT_XF(D, 116, fcvt.l.d, rtz, NX, 0xffffffff80000001, 0xc1dfffffffe00000)   /* fcvt.l.d(-0x1.fffffffe00000p+30, rtz) */
    TEST_FCVT_XF(D, 117, fcvt.l.d, rne, NX, 0x2, 0x3ff8000000000000)   /* fcvt.l.d(1.5, rne) */
    TEST_FCVT_XF(D, 118, fcvt.l.d, rne, NX, 0x2, 0x4004000000000000)   /* fcvt.l.d(2.5, rne) */
    TEST_FCVT_XF(D, 119, fcvt.l.d, rne, NX, 0xfffffffffffffffe, 0xc004000000000000)   /* fcvt.l.d(-2.5, rne) */
    TEST_FCVT_XF(D, 120, fcvt.l.d, rne, NX, 0x0, 0xbfe0000000000000)   /* fcvt.l.d(-0.5, rne) */
    TEST_FCVT_XF(D, 121, fcvt.l.d, rdn, NX, 0xffffffffffffffff, 0xbfe0000000000000)   /* fcvt.l.d(-0.5, rdn) */
    TEST_FCVT_XF(D, 122, fcvt.l.d, rup, NX, 0x1, 0x3fe0000000000000)   /* fcvt.l.d(0.5, rup) */
    TEST_FCVT_XF(D, 123, fcvt.l.d, rmm, NX, 0xfffffffffffffffe, 0xbff8000000000000)   /* fcvt.l.d(-1.5, rmm) */
    TEST_FCVT_XF(D, 124, fcvt.l.d, rup, NX, 0x7c, 0x405ed00000000000)   /* fcvt.l.d(123.25, rup) */
    /* fcvt.lu.d */
    TEST_FCVT_XF(D, 125, fcvt.lu.d, rtz, 0, 0x0, 0x0)   /* fcvt.lu.d(0.0, rtz) */
    TEST_FCVT_XF(D, 126, fcvt.lu.d, rtz, 0, 0x0, 0x8000000000000000)   /* fcvt.lu.d(-0, rtz) */
    TEST_FCVT_XF(D, 127, fcvt.lu.d, rtz, 0, 0x1, 0x3ff0000000000000)   /* fcvt.lu.d(1.0, rtz) */
    TEST_FCVT_XF(D, 128, fcvt.lu.d, rtz, NV, 0x0, 0xbff0000000000000)   /* fcvt.lu.d(-1.0, rtz) */
    TEST_FCVT_XF(D, 129, fcvt.lu.d, rtz, NX, 0x1, 0x3ff8000000000000)   /* fcvt.lu.d(1.5, rtz) */
    TEST_FCVT_XF(D, 130, fcvt.lu.d, rtz, NV, 0x0, 0xbff8000000000000)   /* fcvt.lu.d(-1.5, rtz) */
    TEST_FCVT_XF(D, 131, fcvt.lu.d, rtz, NX, 0x0, 0x3fe0000000000000)   /* fcvt.lu.d(0.5, rtz) */
    TEST_FCVT_XF(D, 132, fcvt.lu.d, rtz, NX, 0x0, 0xbfe0000000000000)   /* fcvt.lu.d(-0.5, rtz) */
    TEST_FCVT_XF(D, 133, fcvt.lu.d, rtz, NX, 0x0, 0x3fe8000000000000)   /* fcvt.lu.d(0.75, rtz) */
    TEST_FCVT_XF(D, 134, fcvt.lu.d, rtz, NX, 0x0, 0x1)   /* fcvt.lu.d(mins, rtz) */
    TEST_FCVT_XF(D, 135, fcvt.lu.d, rtz, NX, 0x0, 0x8000000000000001)   /* fcvt.lu.d(-mins, rtz) */
    TEST_FCVT_XF(D, 136, fcvt.lu.d, rtz, NV, 0xffffffffffffffff, 0x7fefffffffffffff)   /* fcvt.lu.d(max, rtz) */
    TEST_FCVT_XF(D, 137, fcvt.lu.d, rtz, NV, 0x0, 0xffefffffffffffff)   /* fcvt.lu.d(-max, rtz) */
    TEST_FCVT_XF(D, 138, fcvt.lu.d, rtz, NV, 0xffffffffffffffff, 0x7ff0000000000000)   /* fcvt.lu.d(inf, rtz) */
    TEST_FCVT_XF(D, 139, fcvt.lu.d, rtz, NV, 0x0, 0xfff0000000000000)   /* fcvt.lu.d(-inf, rtz) */
    TEST_FCVT_XF(D, 140, fcvt.lu.d, rtz, NV, 0xffffffffffffffff, 0x7ff8000000000000)   /* fcvt.lu.d(qnan, rtz) */
    TEST_FCVT_XF(D, 141, fcvt.lu.d, rtz, NV, 0xffffffffffffffff, 0xfff8000000000000)   /* fcvt.lu.d(-qnan, rtz) */
    TEST_FCVT_XF(D, 142, fcvt.lu.d, rtz, NV, 0xffffffffffffffff, 0x7ff0000000000001)   /* fcvt.lu.d(snan, rtz) */
    TEST_FCVT_XF(D, 143, fcvt.lu.d, rtz, 0, 0x7fffffff, 0x41dfffffffc00000)   /* fcvt.lu.d(0x1.fffffffc00000p+30, rtz) */
    TEST_FCVT_XF(D, 144, fcvt.lu.d, rtz, NX, 0x7fffffff, 0x41dfffffffe00000)   /* fcvt.lu.d(0x1.fffffffe00000p+30, rtz) */
    TEST_FCVT_XF(D, 145, fcvt.lu.d, rtz, 0, 0x80000000, 0x41e0000000000000)   /* fcvt.lu.d(0x1.0000000000000p+31, rtz) */
    TEST_FCVT_XF(D, 146, fcvt.lu.d, rtz, NV, 0x0, 0xc1e0000000000000)   /* fcvt.lu.d(-0x1.0000000000000p+31, rtz) */
    TEST_FCVT_XF(D, 147, fcvt.lu.d, rtz, NV, 0x0, 0xc1e0000000100000)   /* fcvt.lu.d(-0x1.0000000100000p+31, rtz) */
    TEST_FCVT_XF(D, 148, fcvt.lu.d, rtz, NV, 0x0, 0xc1e0000000200000)   /* fcvt.lu.d(-0x1.0000000200000p+31, rtz) */
    TEST_FCVT_XF(D, 149, fcvt.lu.d, rtz, 0, 0xffffffff, 0x41efffffffe00000)   /* fcvt.lu.d(0x1.fffffffe00000p+31, rtz) */
    TEST_FCVT_XF(D, 150, fcvt.lu.d, rtz, 0, 0x100000000, 0x41f0000000000000)   /* fcvt.lu.d(0x1.0000000000000p+32, rtz) */
    TEST_FCVT_XF(D, 151, fcvt.lu.d, rtz, 0, 0x7ffffffffffffc00, 0x43dfffffffffffff)   /* fcvt.lu.d(0x1.fffffffffffffp+62, rtz) */
    TEST_FCVT_XF(D, 152, fcvt.lu.d, rtz, 0, 0x8000000000000000, 0x43e0000000000000)   /* fcvt.lu.d(0x1.0000000000000p+63, rtz) */
    TEST_FCVT_XF(D, 153, fcvt.lu.d, rtz, NV, 0x0, 0xc3e0000000000000)   /* fcvt.lu.d(-0x1.0000000000000p+63, rtz) */
    TEST_FCVT_XF(D, 154, fcvt.lu.d, rtz, 0, 0xfffffffffffff800, 0x43efffffffffffff)   /* fcvt.lu.d(0x1.fffffffffffffp+63, rtz) */
    TEST_FCVT_XF(D, 155, fcvt.lu.d, rtz, NV, 0xffffffffffffffff, 0x43f0000000000000)   /* fcvt.lu.d(0x1.0000000000000p+64, rtz) */
    TEST_FCVT_XF(D, 156, fcvt.lu.d, rtz, NV, 0x0, 0xc1dfffffffc00000)   /* fcvt.lu.d(-0x1.fffffffc00000p+30, rtz) */
    TEST_FCVT_XF(D, 157, fcvt.lu.d, rtz, NV, 0x0, 0xc1dfffffffe00000)   /* fcvt.lu.d(-0x1.fffffffe00000p+30, rtz) */
    TEST_FCVT_XF(D, 158, fcvt.lu.d, rne, NX, 0x2, 0x3ff8000000000000)   /* fcvt.lu.d(1.5, rne) */
    TEST_FCVT_XF(D, 159, fcvt.lu.d, rne, NX, 0x2, 0x4004000000000000)   /* fcvt.lu.d(2.5, rne) */
    TEST_FCVT_XF(D, 160, fcvt.lu.d, rne, NV, 0x0, 0xc004000000000000)   /* fcvt.lu.d(-2.5, rne) */
    TEST_FCVT_XF(D, 161, fcvt.lu.d, rne, NX, 0x0, 0xbfe0000000000000)   /* fcvt.lu.d(-0.5, rne) */
    TEST_FCVT_XF(D, 162, fcvt.lu.d, rdn, NV, 0x0, 0xbfe0000000000000)   /* fcvt.lu.d(-0.5, rdn) */
    TEST_FCVT_XF(D, 163, fcvt.lu.d, rup, NX, 0x1, 0x3fe0000000000000)   /* fcvt.lu.d(0.5, rup) */
    TEST_FCVT_XF(D, 164, fcvt.lu.d, rmm, NV, 0x0, 0xbff8000000000000)   /* fcvt.lu.d(-1.5, rmm) */
    TEST_FCVT_XF(D, 165, fcvt.lu.d, rup, NX, 0x7c, 0x405ed00000000000)   /* fcvt.lu.d(123.25, rup) */
    /* fcvt.d.w (int -> fp); w/wu forms use only the low 32 bits of rs1 */
    TEST_FCVT_FX(D, 166, fcvt.d.w, 0, 0x0, 0x0)   /* fcvt.d.w(0x0) */
    TEST_FCVT_FX(D, 167, fcvt.d.w, 0, 0x3ff0000000000000, 0x1)   /* fcvt.d.w(0x1) */
    TEST_FCVT_FX(D, 168, fcvt.d.w, 0, 0xbff0000000000000, 0xffffffffffffffff)   /* fcvt.d.w(0xffffffffffffffff) */
    TEST_FCVT_FX(D, 169, fcvt.d.w, 0, 0x41dfffffffc00000, 0x7fffffff)   /* fcvt.d.w(0x7fffffff) */
    TEST_FCVT_FX(D, 170, fcvt.d.w, 0, 0xc1e0000000000000, 0x80000000)   /* fcvt.d.w(0x80000000) */
    TEST_FCVT_FX(D, 171, fcvt.d.w, 0, 0xbff0000000000000, 0xffffffff)   /* fcvt.d.w(0xffffffff) */
    TEST_FCVT_FX(D, 172, fcvt.d.w, 0, 0x4008000000000000, 0xffffffff00000003)   /* fcvt.d.w(0xffffffff00000003) */
    TEST_FCVT_FX(D, 173, fcvt.d.w, 0, 0x0, 0x100000000)   /* fcvt.d.w(0x100000000) */
    TEST_FCVT_FX(D, 174, fcvt.d.w, 0, 0xbff0000000000000, 0x7fffffffffffffff)   /* fcvt.d.w(0x7fffffffffffffff) */
    TEST_FCVT_FX(D, 175, fcvt.d.w, 0, 0x0, 0x8000000000000000)   /* fcvt.d.w(0x8000000000000000) */
    TEST_FCVT_FX(D, 176, fcvt.d.w, 0, 0x4170000010000000, 0x1000001)   /* fcvt.d.w(0x1000001) */
    TEST_FCVT_FX(D, 177, fcvt.d.w, 0, 0x40a0020000000000, 0x801)   /* fcvt.d.w(0x801) */
    TEST_FCVT_FX(D, 178, fcvt.d.w, 0, 0x40effe0000000000, 0xfff0)   /* fcvt.d.w(0xfff0) */
    TEST_FCVT_FX(D, 179, fcvt.d.w, 0, 0xc030000000000000, 0xfffffffffffffff0)   /* fcvt.d.w(0xfffffffffffffff0) */
    /* fcvt.d.wu (int -> fp); w/wu forms use only the low 32 bits of rs1 */
    TEST_FCVT_FX(D, 180, fcvt.d.wu, 0, 0x0, 0x0)   /* fcvt.d.wu(0x0) */
    TEST_FCVT_FX(D, 181, fcvt.d.wu, 0, 0x3ff0000000000000, 0x1)   /* fcvt.d.wu(0x1) */
    TEST_FCVT_FX(D, 182, fcvt.d.wu, 0, 0x41efffffffe00000, 0xffffffffffffffff)   /* fcvt.d.wu(0xffffffffffffffff) */
    TEST_FCVT_FX(D, 183, fcvt.d.wu, 0, 0x41dfffffffc00000, 0x7fffffff)   /* fcvt.d.wu(0x7fffffff) */
    TEST_FCVT_FX(D, 184, fcvt.d.wu, 0, 0x41e0000000000000, 0x80000000)   /* fcvt.d.wu(0x80000000) */
    TEST_FCVT_FX(D, 185, fcvt.d.wu, 0, 0x41efffffffe00000, 0xffffffff)   /* fcvt.d.wu(0xffffffff) */
    TEST_FCVT_FX(D, 186, fcvt.d.wu, 0, 0x4008000000000000, 0xffffffff00000003)   /* fcvt.d.wu(0xffffffff00000003) */
    TEST_FCVT_FX(D, 187, fcvt.d.wu, 0, 0x0, 0x100000000)   /* fcvt.d.wu(0x100000000) */
    TEST_FCVT_FX(D, 188, fcvt.d.wu, 0, 0x41efffffffe00000, 0x7fffffffffffffff)   /* fcvt.d.wu(0x7fffffffffffffff) */
    TEST_FCVT_FX(D, 189, fcvt.d.wu, 0, 0x0, 0x8000000000000000)   /* fcvt.d.wu(0x8000000000000000) */
    TEST_FCVT_FX(D, 190, fcvt.d.wu, 0, 0x4170000010000000, 0x1000001)   /* fcvt.d.wu(0x1000001) */
    TEST_FCVT_FX(D, 191, fcvt.d.wu, 0, 0x40a0020000000000, 0x801)   /* fcvt.d.wu(0x801) */
    TEST_FCVT_FX(D, 192, fcvt.d.wu, 0, 0x40effe0000000000, 0xfff0)   /* fcvt.d.wu(0xfff0) */
    TEST_FCVT_FX(D, 193, fcvt.d.wu, 0, 0x41effffffe000000, 0xfffffffffffffff0)   /* fcvt.d.wu(0xfffffffffffffff0) */
    /* fcvt.d.l (int -> fp); w/wu forms use only the low 32 bits of rs1 */
    TEST_FCVT_FX(D, 194, fcvt.d.l, 0, 0x0, 0x0)   /* fcvt.d.l(0x0) */
    TEST_FCVT_FX(D, 195, fcvt.d.l, 0, 0x3ff0000000000000, 0x1)   /* fcvt.d.l(0x1) */
    TEST_FCVT_FX(D, 196, fcvt.d.l, 0, 0xbff0000000000000, 0xffffffffffffffff)   /* fcvt.d.l(0xffffffffffffffff) */
    TEST_FCVT_FX(D, 197, fcvt.d.l, 0, 0x41dfffffffc00000, 0x7fffffff)   /* fcvt.d.l(0x7fffffff) */
    TEST_FCVT_FX(D, 198, fcvt.d.l, 0, 0x41e0000000000000, 0x80000000)   /* fcvt.d.l(0x80000000) */
    TEST_FCVT_FX(D, 199, fcvt.d.l, 0, 0x41efffffffe00000, 0xffffffff)   /* fcvt.d.l(0xffffffff) */
    TEST_FCVT_FX(D, 200, fcvt.d.l, 0, 0xc1efffffffa00000, 0xffffffff00000003)   /* fcvt.d.l(0xffffffff00000003) */
    TEST_FCVT_FX(D, 201, fcvt.d.l, 0, 0x41f0000000000000, 0x100000000)   /* fcvt.d.l(0x100000000) */
    TEST_FCVT_FX(D, 202, fcvt.d.l, NX, 0x43e0000000000000, 0x7fffffffffffffff)   /* fcvt.d.l(0x7fffffffffffffff) */
    TEST_FCVT_FX(D, 203, fcvt.d.l, 0, 0xc3e0000000000000, 0x8000000000000000)   /* fcvt.d.l(0x8000000000000000) */
    TEST_FCVT_FX(D, 204, fcvt.d.l, 0, 0x4170000010000000, 0x1000001)   /* fcvt.d.l(0x1000001) */
    TEST_FCVT_FX(D, 205, fcvt.d.l, 0, 0x40a0020000000000, 0x801)   /* fcvt.d.l(0x801) */
    TEST_FCVT_FX(D, 206, fcvt.d.l, 0, 0x40effe0000000000, 0xfff0)   /* fcvt.d.l(0xfff0) */
    TEST_FCVT_FX(D, 207, fcvt.d.l, 0, 0xc030000000000000, 0xfffffffffffffff0)   /* fcvt.d.l(0xfffffffffffffff0) */
    TEST_FCVT_FX_RM(D, 208, fcvt.d.l, rup, 0, 0x4170000010000000, 0x1000001)   /* fcvt.d.l(0x1000001, rup) */
    TEST_FCVT_FX_RM(D, 209, fcvt.d.l, rup, 0, 0x40a0020000000000, 0x801)   /* fcvt.d.l(0x801, rup) */
    TEST_FCVT_FX_RM(D, 210, fcvt.d.l, rdn, 0, 0x40efffe000000000, 0xffff)   /* fcvt.d.l(0xffff, rdn) */
    TEST_FCVT_FX_RM(D, 211, fcvt.d.l, rtz, 0, 0xbff0000000000000, 0xffffffffffffffff)   /* fcvt.d.l(0xffffffffffffffff, rtz) */
    /* fcvt.d.lu (int -> fp); w/wu forms use only the low 32 bits of rs1 */
    TEST_FCVT_FX(D, 212, fcvt.d.lu, 0, 0x0, 0x0)   /* fcvt.d.lu(0x0) */
    TEST_FCVT_FX(D, 213, fcvt.d.lu, 0, 0x3ff0000000000000, 0x1)   /* fcvt.d.lu(0x1) */
    TEST_FCVT_FX(D, 214, fcvt.d.lu, NX, 0x43f0000000000000, 0xffffffffffffffff)   /* fcvt.d.lu(0xffffffffffffffff) */
    TEST_FCVT_FX(D, 215, fcvt.d.lu, 0, 0x41dfffffffc00000, 0x7fffffff)   /* fcvt.d.lu(0x7fffffff) */
    TEST_FCVT_FX(D, 216, fcvt.d.lu, 0, 0x41e0000000000000, 0x80000000)   /* fcvt.d.lu(0x80000000) */
    TEST_FCVT_FX(D, 217, fcvt.d.lu, 0, 0x41efffffffe00000, 0xffffffff)   /* fcvt.d.lu(0xffffffff) */
    TEST_FCVT_FX(D, 218, fcvt.d.lu, NX, 0x43efffffffe00000, 0xffffffff00000003)   /* fcvt.d.lu(0xffffffff00000003) */
    TEST_FCVT_FX(D, 219, fcvt.d.lu, 0, 0x41f0000000000000, 0x100000000)   /* fcvt.d.lu(0x100000000) */
    TEST_FCVT_FX(D, 220, fcvt.d.lu, NX, 0x43e0000000000000, 0x7fffffffffffffff)   /* fcvt.d.lu(0x7fffffffffffffff) */
    TEST_FCVT_FX(D, 221, fcvt.d.lu, 0, 0x43e0000000000000, 0x8000000000000000)   /* fcvt.d.lu(0x8000000000000000) */
    TEST_FCVT_FX(D, 222, fcvt.d.lu, 0, 0x4170000010000000, 0x1000001)   /* fcvt.d.lu(0x1000001) */
    TEST_FCVT_FX(D, 223, fcvt.d.lu, 0, 0x40a0020000000000, 0x801)   /* fcvt.d.lu(0x801) */
    TEST_FCVT_FX(D, 224, fcvt.d.lu, 0, 0x40effe0000000000, 0xfff0)   /* fcvt.d.lu(0xfff0) */
    TEST_FCVT_FX(D, 225, fcvt.d.lu, NX, 0x43f0000000000000, 0xfffffffffffffff0)   /* fcvt.d.lu(0xfffffffffffffff0) */
    TEST_FCVT_FX_RM(D, 226, fcvt.d.lu, rup, 0, 0x4170000010000000, 0x1000001)   /* fcvt.d.lu(0x1000001, rup) */
    TEST_FCVT_FX_RM(D, 227, fcvt.d.lu, rup, 0, 0x40a0020000000000, 0x801)   /* fcvt.d.lu(0x801, rup) */
    TEST_FCVT_FX_RM(D, 228, fcvt.d.lu, rdn, 0, 0x40efffe000000000, 0xffff)   /* fcvt.d.lu(0xffff, rdn) */
    TEST_FCVT_FX_RM(D, 229, fcvt.d.lu, rtz, NX, 0x43efffffffffffff, 0xffffffffffffffff)   /* fcvt.d.lu(0xffffffffffffffff, rtz) */
TEST_CODE_END
