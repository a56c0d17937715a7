/* single precision (F) conversions between FP and integer: fcvt.{w,wu,l,lu}.X and
   fcvt.X.{w,wu,l,lu}, including out-of-range saturation (NV), NaN -> largest
   positive integer, -0, rounding modes given statically, and 32-bit forms
   using/sign-extending only the low 32 bits.
   Operands and expected results are IEEE-754 bit patterns; the comment on
   each line gives the operation in readable form (max = largest finite,
   minn = smallest normal, mins / maxs = smallest / largest subnormal,
   qnan = canonical quiet NaN, snan = signaling NaN). */
#include "test_macros.h"

TEST_CODE_BEGIN
    /* fcvt.w.s */
    TEST_FCVT_XF(S, 2, fcvt.w.s, rtz, 0, 0x0, 0x0)   /* fcvt.w.s(0.0, rtz) */
    TEST_FCVT_XF(S, 3, fcvt.w.s, rtz, 0, 0x0, 0x80000000)   /* fcvt.w.s(-0, rtz) */
    TEST_FCVT_XF(S, 4, fcvt.w.s, rtz, 0, 0x1, 0x3f800000)   /* fcvt.w.s(1.0, rtz) */
    TEST_FCVT_XF(S, 5, fcvt.w.s, rtz, 0, 0xffffffffffffffff, 0xbf800000)   /* fcvt.w.s(-1.0, rtz) */
    TEST_FCVT_XF(S, 6, fcvt.w.s, rtz, NX, 0x1, 0x3fc00000)   /* fcvt.w.s(1.5, rtz) */
    TEST_FCVT_XF(S, 7, fcvt.w.s, rtz, NX, 0xffffffffffffffff, 0xbfc00000)   /* fcvt.w.s(-1.5, rtz) */
    TEST_FCVT_XF(S, 8, fcvt.w.s, rtz, NX, 0x0, 0x3f000000)   /* fcvt.w.s(0.5, rtz) */
    TEST_FCVT_XF(S, 9, fcvt.w.s, rtz, NX, 0x0, 0xbf000000)   /* fcvt.w.s(-0.5, rtz) */
    TEST_FCVT_XF(S, 10, fcvt.w.s, rtz, NX, 0x0, 0x3f400000)   /* fcvt.w.s(0.75, rtz) */
    TEST_FCVT_XF(S, 11, fcvt.w.s, rtz, NX, 0x0, 0x1)   /* fcvt.w.s(mins, rtz) */
    TEST_FCVT_XF(S, 12, fcvt.w.s, rtz, NX, 0x0, 0x80000001)   /* fcvt.w.s(-mins, rtz) */
    TEST_FCVT_XF(S, 13, fcvt.w.s, rtz, NV, 0x7fffffff, 0x7f7fffff)   /* fcvt.w.s(max, rtz) */
    TEST_FCVT_XF(S, 14, fcvt.w.s, rtz, NV, 0xffffffff80000000, 0xff7fffff)   /* fcvt.w.s(-max, rtz) */
    TEST_FCVT_XF(S, 15, fcvt.w.s, rtz, NV, 0x7fffffff, 0x7f800000)   /* fcvt.w.s(inf, rtz) */
    TEST_FCVT_XF(S, 16, fcvt.w.s, rtz, NV, 0xffffffff80000000, 0xff800000)   /* fcvt.w.s(-inf, rtz) */
    TEST_FCVT_XF(S, 17, fcvt.w.s, rtz, NV, 0x7fffffff, 0x7fc00000)   /* fcvt.w.s(qnan, rtz) */
    TEST_FCVT_XF(S, 18, fcvt.w.s, rtz, NV, 0x7fffffff, 0xffc00000)   /* fcvt.w.s(-qnan, rtz) */
    TEST_FCVT_XF(S, 19, fcvt.w.s, rtz, NV, 0x7fffffff, 0x7f800001)   /* fcvt.w.s(snan, rtz) */
    TEST_FCVT_XF(S, 20, fcvt.w.s, rtz, 0, 0x7fffff80, 0x4effffff)   /* fcvt.w.s(0x1.fffffe0000000p+30, rtz) */
    TEST_FCVT_XF(S, 21, fcvt.w.s, rtz, NV, 0x7fffffff, 0x4f000000)   /* fcvt.w.s(0x1.0000000000000p+31, rtz) */
    TEST_FCVT_XF(S, 22, fcvt.w.s, rtz, 0, 0xffffffff80000000, 0xcf000000)   /* fcvt.w.s(-0x1.0000000000000p+31, rtz) */
    TEST_FCVT_XF(S, 23, fcvt.w.s, rtz, NV, 0xffffffff80000000, 0xcf000001)   /* fcvt.w.s(-0x1.0000020000000p+31, rtz) */
    TEST_FCVT_XF(S, 24, fcvt.w.s, rtz, NV, 0x7fffffff, 0x4f7fffff)   /* fcvt.w.s(0x1.fffffe0000000p+31, rtz) */
    TEST_FCVT_XF(S, 25, fcvt.w.s, rtz, NV, 0x7fffffff, 0x4f800000)   /* fcvt.w.s(0x1.0000000000000p+32, rtz) */
    TEST_FCVT_XF(S, 26, fcvt.w.s, rtz, NV, 0x7fffffff, 0x5effffff)   /* fcvt.w.s(0x1.fffffe0000000p+62, rtz) */
    TEST_FCVT_XF(S, 27, fcvt.w.s, rtz, NV, 0x7fffffff, 0x5f000000)   /* fcvt.w.s(0x1.0000000000000p+63, rtz) */
    TEST_FCVT_XF(S, 28, fcvt.w.s, rtz, NV, 0xffffffff80000000, 0xdf000000)   /* fcvt.w.s(-0x1.0000000000000p+63, rtz) */
    TEST_FCVT_XF(S, 29, fcvt.w.s, rtz, NV, 0x7fffffff, 0x5f7fffff)   /* fcvt.w.s(0x1.fffffe0000000p+63, rtz) */
    TEST_FCVT_XF(S, 30, fcvt.w.s, rtz, NV, 0x7fffffff, 0x5f800000)   /* fcvt.w.s(0x1.0000000000000p+64, rtz) */
    TEST_FCVT_XF(S, 31, fcvt.w.s, rtz, 0, 0xffffffff80000080, 0xceffffff)   /* fcvt.w.s(-0x1.fffffe0000000p+30, rtz) */
    TEST_FCVT_XF(S, 32, fcvt.w.s, rtz, 0, 0xffffffff80000000, 0xcf000000)   /* fcvt.w.s(-0x1.0000000000000p+31, rtz) */
    TEST_FCVT_XF(S, 33, fcvt.w.s, rne, NX, 0x2, 0x3fc00000)   /* fcvt.w.s(1.5, rne) */
    TEST_FCVT_XF(S, 34, fcvt.w.s, rne, NX, 0x2, 0x40200000)   /* fcvt.w.s(2.5, rne) */
    TEST_FCVT_XF(S, 35, fcvt.w.s, rne, NX, 0xfffffffffffffffe, 0xc0200000)   /* fcvt.w.s(-2.5, rne) */
    TEST_FCVT_XF(S, 36, fcvt.w.s, rne, NX, 0x0, 0xbf000000)   /* fcvt.w.s(-0.5, rne) */
    TEST_FCVT_XF(S, 37, fcvt.w.s, rdn, NX, 0xffffffffffffffff, 0xbf000000)   /* fcvt.w.s(-0.5, rdn) */
    TEST_FCVT_XF(S, 38, fcvt.w.s, rup, NX, 0x1, 0x3f000000)   /* fcvt.w.s(0.5, rup) */
    TEST_FCVT_XF(S, 39, fcvt.w.s, rmm, NX, 0xfffffffffffffffe, 0xbfc00000)   /* fcvt.w.s(-1.5, rmm) */
    TEST_FCVT_XF(S, 40, fcvt.w.s, rup, NX, 0x7c, 0x42f68000)   /* fcvt.w.s(123.25, rup) */
    /* fcvt.wu.s */
    TEST_FCVT_XF(S, 41, fcvt.wu.s, rtz, 0, 0x0, 0x0)   /* fcvt.wu.s(0.0, rtz) */
    TEST_FCVT_XF(S, 42, fcvt.wu.s, rtz, 0, 0x0, 0x80000000)   /* fcvt.wu.s(-0, rtz) */
    TEST_FCVT_XF(S, 43, fcvt.wu.s, rtz, 0, 0x1, 0x3f800000)   /* fcvt.wu.s(1.0, rtz) */
    TEST_FCVT_XF(S, 44, fcvt.wu.s, rtz, NV, 0x0, 0xbf800000)   /* fcvt.wu.s(-1.0, rtz) */
    TEST_FCVT_XF(S, 45, fcvt.wu.s, rtz, NX, 0x1, 0x3fc00000)   /* fcvt.wu.s(1.5, rtz) */
    TEST_FCVT_XF(S, 46, fcvt.wu.s, rtz, NV, 0x0, 0xbfc00000)   /* fcvt.wu.s(-1.5, rtz) */
    TEST_FCVT_XF(S, 47, fcvt.wu.s, rtz, NX, 0x0, 0x3f000000)   /* fcvt.wu.s(0.5, rtz) */
    TEST_FCVT_XF(S, 48, fcvt.wu.s, rtz, NX, 0x0, 0xbf000000)   /* fcvt.wu.s(-0.5, rtz) */
    TEST_FCVT_XF(S, 49, fcvt.wu.s, rtz, NX, 0x0, 0x3f400000)   /* fcvt.wu.s(0.75, rtz) */
    TEST_FCVT_XF(S, 50, fcvt.wu.s, rtz, NX, 0x0, 0x1)   /* fcvt.wu.s(mins, rtz) */
    TEST_FCVT_XF(S, 51, fcvt.wu.s, rtz, NX, 0x0, 0x80000001)   /* fcvt.wu.s(-mins, rtz) */
    TEST_FCVT_XF(S, 52, fcvt.wu.s, rtz, NV, 0xffffffffffffffff, 0x7f7fffff)   /* fcvt.wu.s(max, rtz) */
    TEST_FCVT_XF(S, 53, fcvt.wu.s, rtz, NV, 0x0, 0xff7fffff)   /* fcvt.wu.s(-max, rtz) */
    TEST_FCVT_XF(S, 54, fcvt.wu.s, rtz, NV, 0xffffffffffffffff, 0x7f800000)   /* fcvt.wu.s(inf, rtz) */
    TEST_FCVT_XF(S, 55, fcvt.wu.s, rtz, NV, 0x0, 0xff800000)   /* fcvt.wu.s(-inf, rtz) */
    TEST_FCVT_XF(S, 56, fcvt.wu.s, rtz, NV, 0xffffffffffffffff, 0x7fc00000)   /* fcvt.wu.s(qnan, rtz) */
    TEST_FCVT_XF(S, 57, fcvt.wu.s, rtz, NV, 0xffffffffffffffff, 0xffc00000)   /* fcvt.wu.s(-qnan, rtz) */
    TEST_FCVT_XF(S, 58, fcvt.wu.s, rtz, NV, 0xffffffffffffffff, 0x7f800001)   /* fcvt.wu.s(snan, rtz) */
    TEST_FCVT_XF(S, 59, fcvt.wu.s, rtz, 0, 0x7fffff80, 0x4effffff)   /* fcvt.wu.s(0x1.fffffe0000000p+30, rtz) */
    TEST_FCVT_XF(S, 60, fcvt.wu.s, rtz, 0, 0xffffffff80000000, 0x4f000000)   /* fcvt.wu.s(0x1.0000000000000p+31, rtz) */
    TEST_FCVT_XF(S, 61, fcvt.wu.s, rtz, NV, 0x0, 0xcf000000)   /* fcvt.wu.s(-0x1.0000000000000p+31, rtz) */
    TEST_FCVT_XF(S, 62, fcvt.wu.s, rtz, NV, 0x0, 0xcf000001)   /* fcvt.wu.s(-0x1.0000020000000p+31, rtz) */
    TEST_FCVT_XF(S, 63, fcvt.wu.s, rtz, 0, 0xffffffffffffff00, 0x4f7fffff)   /* fcvt.wu.s(0x1.fffffe0000000p+31, rtz) */
    TEST_FCVT_XF(S, 64, fcvt.wu.s, rtz, NV, 0xffffffffffffffff, 0x4f800000)   /* fcvt.wu.s(0x1.0000000000000p+32, rtz) */
    TEST_FCVT_XF(S, 65, fcvt.wu.s, rtz, NV, 0xffffffffffffffff, 0x5effffff)   /* fcvt.wu.s(0x1.fffffe0000000p+62, rtz) */
    TEST_FCVT_XF(S, 66, fcvt.wu.s, rtz, NV, 0xffffffffffffffff, 0x5f000000)   /* fcvt.wu.s(0x1.0000000000000p+63, rtz) */
    TEST_FCVT_XF(S, 67, fcvt.wu.s, rtz, NV, 0x0, 0xdf000000)   /* fcvt.wu.s(-0x1.0000000000000p+63, rtz) */
    TEST_FCVT_XF(S, 68, fcvt.wu.s, rtz, NV, 0xffffffffffffffff, 0x5f7fffff)   /* fcvt.wu.s(0x1.fffffe0000000p+63, rtz) */
    TEST_FCVT_XF(S, 69, fcvt.wu.s, rtz, NV, 0xffffffffffffffff, 0x5f800000)   /* fcvt.wu.s(0x1.0000000000000p+64, rtz) */
    TEST_FCVT_XF(S, 70, fcvt.wu.s, rtz, NV, 0x0, 0xceffffff)   /* fcvt.wu.s(-0x1.fffffe0000000p+30, rtz) */
    TEST_FCVT_XF(S, 71, fcvt.wu.s, rtz, NV, 0x0, 0xcf000000)   /* fcvt.wu.s(-0x1.0000000000000p+31, rtz) */
    TEST_FCVT_XF(S, 72, fcvt.wu.s, rne, NX, 0x2, 0x3fc00000)   /* fcvt.wu.s(1.5, rne) */
    TEST_FCVT_XF(S, 73, fcvt.wu.s, rne, NX, 0x2, 0x40200000)   /* fcvt.wu.s(2.5, rne) */
    TEST_FCVT_XF(S, 74, fcvt.wu.s, rne, NV, 0x0, 0xc0200000)   /* fcvt.wu.s(-2.5, rne) */
    TEST_FCVT_XF(S, 75, fcvt.wu.s, rne, NX, 0x0, 0xbf000000)   /* fcvt.wu.s(-0.5, rne) */
    TEST_FCVT_XF(S, 76, fcvt.wu.s, rdn, NV, 0x0, 0xbf000000)   /* fcvt.wu.s(-0.5, rdn) */
    TEST_FCVT_XF(S, 77, fcvt.wu.s, rup, NX, 0x1, 0x3f000000)   /* fcvt.wu.s(0.5, rup) */
    TEST_FCVT_XF(S, 78, fcvt.wu.s, rmm, NV, 0x0, 0xbfc00000)   /* fcvt.wu.s(-1.5, rmm) */
    TEST_FCVT_XF(S, 79, fcvt.wu.s, rup, NX, 0x7c, 0x42f68000)   /* fcvt.wu.s(123.25, rup) */
    /* fcvt.l.s */
    TEST_FCVT_XF(S, 80, fcvt.l.s, rtz, 0, 0x0, 0x0)   /* fcvt.l.s(0.0, rtz) */
    TEST_FCVT_XF(S, 81, fcvt.l.s, rtz, 0, 0x0, 0x80000000)   /* fcvt.l.s(-0, rtz) */
    TEST_FCVT_XF(S, 82, fcvt.l.s, rtz, 0, 0x1, 0x3f800000)   /* fcvt.l.s(1.0, rtz) */
    TEST_FCVT_XF(S, 83, fcvt.l.s, rtz, 0, 0xffffffffffffffff, 0xbf800000)   /* fcvt.l.s(-1.0, rtz) */
    TEST_FCVT_XF(S, 84, fcvt.l.s, rtz, NX, 0x1, 0x3fc00000)   /* fcvt.l.s(1.5, rtz) */
    TEST_FCVT_XF(S, 85, fcvt.l.s, rtz, NX, 0xffffffffffffffff, 0xbfc00000)   /* fcvt.l.s(-1.5, rtz) */
    TEST_FCVT_XF(S, 86, fcvt.l.s, rtz, NX, 0x0, 0x3f000000)   /* fcvt.l.s(0.5, rtz) */
    TEST_FCVT_XF(S, 87, fcvt.l.s, rtz, NX, 0x0, 0xbf000000)   /* fcvt.l.s(-0.5, rtz) */
    TEST_FCVT_XF(S, 88, fcvt.l.s, rtz, NX, 0x0, 0x3f400000)   /* fcvt.l.s(0.75, rtz) */
    TEST_FCVT_XF(S, 89, fcvt.l.s, rtz, NX, 0x0, 0x1)   /* fcvt.l.s(mins, rtz) */
    TEST_FCVT_XF(S, 90, fcvt.l.s, rtz, NX, 0x0, 0x80000001)   /* fcvt.l.s(-mins, rtz) */
    TEST_FCVT_XF(S, 91, fcvt.l.s, rtz, NV, 0x7fffffffffffffff, 0x7f7fffff)   /* fcvt.l.s(max, rtz) */
    TEST_FCVT_XF(S, 92, fcvt.l.s, rtz, NV, 0x8000000000000000, 0xff7fffff)   /* fcvt.l.s(-max, rtz) */
    TEST_FCVT_XF(S, 93, fcvt.l.s, rtz, NV, 0x7fffffffffffffff, 0x7f800000)   /* fcvt.l.s(inf, rtz) */
    TEST_FCVT_XF(S, 94, fcvt.l.s, rtz, NV, 0x8000000000000000, 0xff800000)   /* fcvt.l.s(-inf, rtz) */
    TEST_FCVT_XF(S, 95, fcvt.l.s, rtz, NV, 0x7fffffffffffffff, 0x7fc00000)   /* fcvt.l.s(qnan, rtz) */
    TEST_FCVT_XF(S, 96, fcvt.l.s, rtz, NV, 0x7fffffffffffffff, 0xffc00000)   /* fcvt.l.s(-qnan, rtz) */
    TEST_FCVT_XF(S, 97, fcvt.l.s, rtz, NV, 0x7fffffffffffffff, 0x7f800001)   /* fcvt.l.s(snan, rtz) */
    TEST_FCVT_XF(S, 98, fcvt.l.s, rtz, 0, 0x7fffff80, 0x4effffff)   /* fcvt.l.s(0x1.fffffe0000000p+30, rtz) */
    TEST_FCVT_XF(S, 99, fcvt.l.s, rtz, 0, 0x80000000, 0x4f000000)   /* fcvt.l.s(0x1.0000000000000p+31, rtz) */
    TEST_FCVT_XF(S, 100, fcvt.l.s, rtz, 0, 0xffffffff80000000, 0xcf000000)   /* fcvt.l.s(-0x1.0000000000000p+31, rtz) */
    TEST_FCVT_XF(S, 101, fcvt.l.s, rtz, 0, 0xffffffff7fffff00, 0xcf000001)   /* fcvt.l.s(-0x1.0000020000000p+31, rtz) */
    TEST_FCVT_XF(S, 102, fcvt.l.s, rtz, 0, 0xffffff00, 0x4f7fffff)   /* fcvt.l.s(0x1.fffffe0000000p+31, rtz) */
    TEST_FCVT_XF(S, 103, fcvt.l.s, rtz, 0, 0x100000000, 0x4f800000)   /* fcvt.l.s(0x1.0000000000000p+32, rtz) */
    TEST_FCVT_XF(S, 104, fcvt.l.s, rtz, 0, 0x7fffff8000000000, 0x5effffff)   /* fcvt.l.s(0x1.fffffe0000000p+62, rtz) */
    TEST_FCVT_XF(S, 105, fcvt.l.s, rtz, NV, 0x7fffffffffffffff, 0x5f000000)   /* fcvt.l.s(0x1.0000000000000p+63, rtz) */
    TEST_FCVT_XF(S, 106, fcvt.l.s, rtz, 0, 0x8000000000000000, 0xdf000000)   /* fcvt.l.s(-0x1.0000000000000p+63, rtz) */
    TEST_FCVT_XF(S, 107, fcvt.l.s, rtz, NV, 0x7fffffffffffffff, 0x5f7fffff)   /* fcvt.l.s(0x1.fffffe0000000p+63, rtz) */
    TEST_FCVT_XF(S, 108, fcvt.l.s, rtz, NV, 0x7fffffffffffffff, 0x5f800000)   /* fcvt.l.s(0x1.0000000000000p+64, rtz) */
    TEST_FCVT_XF(S, 109, fcvt.l.s, rtz, 0, 0xffffffff80000080, 0xceffffff)   /* fcvt.l.s(-0x1.fffffe0000000p+30, rtz) */
    TEST_FCVT_XF(S, 110, fcvt.l.s, rtz, 0, 0xffffffff80000000, 0xcf000000)   /* fcvt.l.s(-0x1.0000000000000p+31, rtz) */
    TEST_FCVT_XF(S, 111, fcvt.l.s, rne, NX, 0x2, 0x3fc00000)   /* fcvt.l.s(1.5, rne) */
    TEST_FCVT_XF(S, 112, fcvt.l.s, rne, NX, 0x2, 0x40200000)   /* fcvt.l.s(2.5, rne) */
    TEST_FCVT_XF(S, 113, fcvt.l.s, rne, NX, 0xfffffffffffffffe, 0xc0200000)   /* fcvt.l.s(-2.5, rne) */
    TEST_FCVT_XF(S, 114, fcvt.l.s, rne, NX, 0x0, 0xbf000000)   /* fcvt.l.s(-0.5, rne) */
    TEST_FCVT_XF(S, 115, fcvt.l.s, rdn, NX, 0xffffffffffffffff, 0xbf000000)   /* fcvt.l.s(-0.5, rdn) */
    TEST_FCVT_XF(S, 116, fcvt.l.s, rup, NX, 0x1, 0x3f000000)   /* fcvt.l.s(0.5, rup) */
    TEST_FCVT_XF(S, 117, fcvt.l.s, rmm, NX, 0xfffffffffffffffe, 0xbfc00000)   /* fcvt.l.s(-1.5, rmm) */
    TEST_FCVT_XF(S, 118, fcvt.l.s, rup, NX, 0x7c, 0x42f68000)   /* fcvt.l.s(123.25, rup) */
    /* fcvt.lu.s */
    TEST_FCVT_XF(S, 119, fcvt.lu.s, rtz, 0, 0x0, 0x0)   /* fcvt.lu.s(0.0, rtz) */
    TEST_FCVT_XF(S, 120, fcvt.lu.s, rtz, 0, 0x0, 0x80000000)   /* fcvt.lu.s(-0, rtz) */
    TEST_FCVT_XF(S, 121, fcvt.lu.s, rtz, 0, 0x1, 0x3f800000)   /* fcvt.lu.s(1.0, rtz) */
    TEST_FCVT_XF(S, 122, fcvt.lu.s, rtz, NV, 0x0, 0xbf800000)   /* fcvt.lu.s(-1.0, rtz) */
    TEST_FCVT_XF(S, 123, fcvt.lu.s, rtz, NX, 0x1, 0x3fc00000)   /* fcvt.lu.s(1.5, rtz) */
    TEST_FCVT_XF(S, 124, fcvt.lu.s, rtz, NV, 0x0, 0xbfc00000)   /* fcvt.lu.s(-1.5, rtz) */
    TEST_FCVT_XF(S, 125, fcvt.lu.s, rtz, NX, 0x0, 0x3f000000)   /* fcvt.lu.s(0.5, rtz) */
    TEST_FCVT_XF(S, 126, fcvt.lu.s, rtz, NX, 0x0, 0xbf000000)   /* fcvt.lu.s(-0.5, rtz) */
    TEST_FCVT_XF(S, 127, fcvt.lu.s, rtz, NX, 0x0, 0x3f400000)   /* fcvt.lu.s(0.75, rtz) */
    TEST_FCVT_XF(S, 128, fcvt.lu.s, rtz, NX, 0x0, 0x1)   /* fcvt.lu.s(mins, rtz) */
    TEST_FCVT_XF(S, 129, fcvt.lu.s, rtz, NX, 0x0, 0x80000001)   /* fcvt.lu.s(-mins, rtz) */
    TEST_FCVT_XF(S, 130, fcvt.lu.s, rtz, NV, 0xffffffffffffffff, 0x7f7fffff)   /* fcvt.lu.s(max, rtz) */
    TEST_FCVT_XF(S, 131, fcvt.lu.s, rtz, NV, 0x0, 0xff7fffff)   /* fcvt.lu.s(-max, rtz) */
    TEST_FCVT_XF(S, 132, fcvt.lu.s, rtz, NV, 0xffffffffffffffff, 0x7f800000)   /* fcvt.lu.s(inf, rtz) */
    TEST_FCVT_XF(S, 133, fcvt.lu.s, rtz, NV, 0x0, 0xff800000)   /* fcvt.lu.s(-inf, rtz) */
    TEST_FCVT_XF(S, 134, fcvt.lu.s, rtz, NV, 0xffffffffffffffff, 0x7fc00000)   /* fcvt.lu.s(qnan, rtz) */
    TEST_FCVT_XF(S, 135, fcvt.lu.s, rtz, NV, 0xffffffffffffffff, 0xffc00000)   /* fcvt.lu.s(-qnan, rtz) */
    TEST_FCVT_XF(S, 136, fcvt.lu.s, rtz, NV, 0xffffffffffffffff, 0x7f800001)   /* fcvt.lu.s(snan, rtz) */
    TEST_FCVT_XF(S, 137, fcvt.lu.s, rtz, 0, 0x7fffff80, 0x4effffff)   /* fcvt.lu.s(0x1.fffffe0000000p+30, rtz) */
    TEST_FCVT_XF(S, 138, fcvt.lu.s, rtz, 0, 0x80000000, 0x4f000000)   /* fcvt.lu.s(0x1.0000000000000p+31, rtz) */
    TEST_FCVT_XF(S, 139, fcvt.lu.s, rtz, NV, 0x0, 0xcf000000)   /* fcvt.lu.s(-0x1.0000000000000p+31, rtz) */
    TEST_FCVT_XF(S, 140, fcvt.lu.s, rtz, NV, 0x0, 0xcf000001)   /* fcvt.lu.s(-0x1.0000020000000p+31, rtz) */
    TEST_FCVT_XF(S, 141, fcvt.lu.s, rtz, 0, 0xffffff00, 0x4f7fffff)   /* fcvt.lu.s(0x1.fffffe0000000p+31, rtz) */
    TEST_FCVT_XF(S, 142, fcvt.lu.s, rtz, 0, 0x100000000, 0x4f800000)   /* fcvt.lu.s(0x1.0000000000000p+32, rtz) */
    TEST_FCVT_XF(S, 143, fcvt.lu.s, rtz, 0, 0x7fffff8000000000, 0x5effffff)   /* fcvt.lu.s(0x1.fffffe0000000p+62, rtz) */
    TEST_FCVT_XF(S, 144, fcvt.lu.s, rtz, 0, 0x8000000000000000, 0x5f000000)   /* fcvt.lu.s(0x1.0000000000000p+63, rtz) */
    TEST_FCVT_XF(S, 145, fcvt.lu.s, rtz, NV, 0x0, 0xdf000000)   /* fcvt.lu.s(-0x1.0000000000000p+63, rtz) */
    TEST_FCVT_XF(S, 146, fcvt.lu.s, rtz, 0, 0xffffff0000000000, 0x5f7fffff)   /* fcvt.lu.s(0x1.fffffe0000000p+63, rtz) */
    TEST_FCVT_XF(S, 147, fcvt.lu.s, rtz, NV, 0xffffffffffffffff, 0x5f800000)   /* fcvt.lu.s(0x1.0000000000000p+64, rtz) */
    TEST_FCVT_XF(S, 148, fcvt.lu.s, rtz, NV, 0x0, 0xceffffff)   /* fcvt.lu.s(-0x1.fffffe0000000p+30, rtz) */
    TEST_FCVT_XF(S, 149, fcvt.lu.s, rtz, NV, 0x0, 0xcf000000)   /* fcvt.lu.s(-0x1.0000000000000p+31, rtz) */
    TEST_FCVT_XF(S, 150, fcvt.lu.s, rne, NX, 0x2, 0x3fc00000)   /* fcvt.lu.s(1.5, rne) */
    TEST_FCVT_XF(S, 151, fcvt.lu.s, rne, NX, 0x2, 0x40200000)   /* fcvt.lu.s(2.5, rne) */
    TEST_FCVT_XF(S, 152, fcvt.lu.s, rne, NV, 0x0, 0xc0200000)   /* fcvt.lu.s(-2.5, rne) */
    TEST_FCVT_XF(S, 153, fcvt.lu.s, rne, NX, 0x0, 0xbf000000)   /* fcvt.lu.s(-0.5, rne) */
    TEST_FCVT_XF(S, 154, fcvt.lu.s, rdn, NV, 0x0, 0xbf000000)   /* fcvt.lu.s(-0.5, rdn) */
    TEST_FCVT_XF(S, 155, fcvt.lu.s, rup, NX, 0x1, 0x3f000000)   /* fcvt.lu.s(0.5, rup) */
    TEST_FCVT_XF(S, 156, fcvt.lu.s, rmm, NV, 0x0, 0xbfc00000)   /* fcvt.lu.s(-1.5, rmm) */
    TEST_FCVT_XF(S, 157, fcvt.lu.s, rup, NX, 0x7c, 0x42f68000)   /* fcvt.lu.s(123.25, rup) */
    /* fcvt.s.w (int -> fp); w/wu forms use only the low 32 bits of rs1 */
    TEST_FCVT_FX(S, 158, fcvt.s.w, 0, 0x0, 0x0)   /* fcvt.s.w(0x0) */
    TEST_FCVT_FX(S, 159, fcvt.s.w, 0, 0x3f800000, 0x1)   /* fcvt.s.w(0x1) */
    TEST_FCVT_FX(S, 160, fcvt.s.w, 0, 0xbf800000, 0xffffffffffffffff)   /* fcvt.s.w(0xffffffffffffffff) */
    TEST_FCVT_FX(S, 161, fcvt.s.w, NX, 0x4f000000, 0x7fffffff)   /* fcvt.s.w(0x7fffffff) */
    TEST_FCVT_FX(S, 162, fcvt.s.w, 0, 0xcf000000, 0x80000000)   /* fcvt.s.w(0x80000000) */
    TEST_FCVT_FX(S, 163, fcvt.s.w, 0, 0xbf800000, 0xffffffff)   /* fcvt.s.w(0xffffffff) */
    TEST_FCVT_FX(S, 164, fcvt.s.w, 0, 0x40400000, 0xffffffff00000003)   /* fcvt.s.w(0xffffffff00000003) */
    TEST_FCVT_FX(S, 165, fcvt.s.w, 0, 0x0, 0x100000000)   /* fcvt.s.w(0x100000000) */
    TEST_FCVT_FX(S, 166, fcvt.s.w, 0, 0xbf800000, 0x7fffffffffffffff)   /* fcvt.s.w(0x7fffffffffffffff) */
    TEST_FCVT_FX(S, 167, fcvt.s.w, 0, 0x0, 0x8000000000000000)   /* fcvt.s.w(0x8000000000000000) */
    TEST_FCVT_FX(S, 168, fcvt.s.w, NX, 0x4b800000, 0x1000001)   /* fcvt.s.w(0x1000001) */
    TEST_FCVT_FX(S, 169, fcvt.s.w, 0, 0x45001000, 0x801)   /* fcvt.s.w(0x801) */
    TEST_FCVT_FX(S, 170, fcvt.s.w, 0, 0x477ff000, 0xfff0)   /* fcvt.s.w(0xfff0) */
    TEST_FCVT_FX(S, 171, fcvt.s.w, 0, 0xc1800000, 0xfffffffffffffff0)   /* fcvt.s.w(0xfffffffffffffff0) */
    TEST_FCVT_FX_RM(S, 172, fcvt.s.w, rup, NX, 0x4b800001, 0x1000001)   /* fcvt.s.w(0x1000001, rup) */
    TEST_FCVT_FX_RM(S, 173, fcvt.s.w, rup, 0, 0x45001000, 0x801)   /* fcvt.s.w(0x801, rup) */
    TEST_FCVT_FX_RM(S, 174, fcvt.s.w, rdn, 0, 0x477fff00, 0xffff)   /* fcvt.s.w(0xffff, rdn) */
    TEST_FCVT_FX_RM(S, 175, fcvt.s.w, rtz, 0, 0xbf800000, 0xffffffffffffffff)   /* fcvt.s.w(0xffffffffffffffff, rtz) */
    /* fcvt.s.wu (int -> fp); w/wu forms use only the low 32 bits of rs1 */
    TEST_FCVT_FX(S, 176, fcvt.s.wu, 0, 0x0, 0x0)   /* fcvt.s.wu(0x0) */
    TEST_FCVT_FX(S, 177, fcvt.s.wu, 0, 0x3f800000, 0x1)   /* fcvt.s.wu(0x1) */
    TEST_FCVT_FX(S, 178, fcvt.s.wu, NX, 0x4f800000, 0xffffffffffffffff)   /* fcvt.s.wu(0xffffffffffffffff) */
    TEST_FCVT_FX(S, 179, fcvt.s.wu, NX, 0x4f000000, 0x7fffffff)   /* fcvt.s.wu(0x7fffffff) */
    TEST_FCVT_FX(S, 180, fcvt.s.wu, 0, 0x4f000000, 0x80000000)   /* fcvt.s.wu(0x80000000) */
    TEST_FCVT_FX(S, 181, fcvt.s.wu, NX, 0x4f800000, 0xffffffff)   /* fcvt.s.wu(0xffffffff) */
    TEST_FCVT_FX(S, 182, fcvt.s.wu, 0, 0x40400000, 0xffffffff00000003)   /* fcvt.s.wu(0xffffffff00000003) */
    TEST_FCVT_FX(S, 183, fcvt.s.wu, 0, 0x0, 0x100000000)   /* fcvt.s.wu(0x100000000) */
    TEST_FCVT_FX(S, 184, fcvt.s.wu, NX, 0x4f800000, 0x7fffffffffffffff)   /* fcvt.s.wu(0x7fffffffffffffff) */
    TEST_FCVT_FX(S, 185, fcvt.s.wu, 0, 0x0, 0x8000000000000000)   /* fcvt.s.wu(0x8000000000000000) */
    TEST_FCVT_FX(S, 186, fcvt.s.wu, NX, 0x4b800000, 0x1000001)   /* fcvt.s.wu(0x1000001) */
    TEST_FCVT_FX(S, 187, fcvt.s.wu, 0, 0x45001000, 0x801)   /* fcvt.s.wu(0x801) */
    TEST_FCVT_FX(S, 188, fcvt.s.wu, 0, 0x477ff000, 0xfff0)   /* fcvt.s.wu(0xfff0) */
    TEST_FCVT_FX(S, 189, fcvt.s.wu, NX, 0x4f800000, 0xfffffffffffffff0)   /* fcvt.s.wu(0xfffffffffffffff0) */
    TEST_FCVT_FX_RM(S, 190, fcvt.s.wu, rup, NX, 0x4b800001, 0x1000001)   /* fcvt.s.wu(0x1000001, rup) */
    TEST_FCVT_FX_RM(S, 191, fcvt.s.wu, rup, 0, 0x45001000, 0x801)   /* fcvt.s.wu(0x801, rup) */
    TEST_FCVT_FX_RM(S, 192, fcvt.s.wu, rdn, 0, 0x477fff00, 0xffff)   /* fcvt.s.wu(0xffff, rdn) */
    TEST_FCVT_FX_RM(S, 193, fcvt.s.wu, rtz, NX, 0x4f7fffff, 0xffffffffffffffff)   /* fcvt.s.wu(0xffffffffffffffff, rtz) */
    /* fcvt.s.l (int -> fp); w/wu forms use only the low 32 bits of rs1 */
    TEST_FCVT_FX(S, 194, fcvt.s.l, 0, 0x0, 0x0)   /* fcvt.s.l(0x0) */
    TEST_FCVT_FX(S, 195, fcvt.s.l, 0, 0x3f800000, 0x1)   /* fcvt.s.l(0x1) */
    TEST_FCVT_FX(S, 196, fcvt.s.l, 0, 0xbf800000, 0xffffffffffffffff)   /* fcvt.s.l(0xffffffffffffffff) */
    TEST_FCVT_FX(S, 197, fcvt.s.l, NX, 0x4f000000, 0x7fffffff)   /* fcvt.s.l(0x7fffffff) */
    TEST_FCVT_FX(S, 198, fcvt.s.l, 0, 0x4f000000, 0x80000000)   /* fcvt.s.l(0x80000000) */
    TEST_FCVT_FX(S, 199, fcvt.s.l, NX, 0x4f800000, 0xffffffff)   /* fcvt.s.l(0xffffffff) */
    TEST_FCVT_FX(S, 200, fcvt.s.l, NX, 0xcf800000, 0xffffffff00000003)   /* fcvt.s.l(0xffffffff00000003) */
    TEST_FCVT_FX(S, 201, fcvt.s.l, 0, 0x4f800000, 0x100000000)   /* fcvt.s.l(0x100000000) */
    TEST_FCVT_FX(S, 202, fcvt.s.l, NX, 0x5f000000, 0x7fffffffffffffff)   /* fcvt.s.l(0x7fffffffffffffff) */
    TEST_FCVT_FX(S, 203, fcvt.s.l, 0, 0xdf000000, 0x8000000000000000)   /* fcvt.s.l(0x8000000000000000) */
    TEST_FCVT_FX(S, 204, fcvt.s.l, NX, 0x4b800000, 0x1000001)   /* fcvt.s.l(0x1000001) */
    TEST_FCVT_FX(S, 205, fcvt.s.l, 0, 0x45001000, 0x801)   /* fcvt.s.l(0x801) */
    TEST_FCVT_FX(S, 206, fcvt.s.l, 0, 0x477ff000, 0xfff0)   /* fcvt.s.l(0xfff0) */
    TEST_FCVT_FX(S, 207, fcvt.s.l, 0, 0xc1800000, 0xfffffffffffffff0)   /* fcvt.s.l(0xfffffffffffffff0) */
    TEST_FCVT_FX_RM(S, 208, fcvt.s.l, rup, NX, 0x4b800001, 0x1000001)   /* fcvt.s.l(0x1000001, rup) */
    TEST_FCVT_FX_RM(S, 209, fcvt.s.l, rup, 0, 0x45001000, 0x801)   /* fcvt.s.l(0x801, rup) */
    TEST_FCVT_FX_RM(S, 210, fcvt.s.l, rdn, 0, 0x477fff00, 0xffff)   /* fcvt.s.l(0xffff, rdn) */
    TEST_FCVT_FX_RM(S, 211, fcvt.s.l, rtz, 0, 0xbf800000, 0xffffffffffffffff)   /* fcvt.s.l(0xffffffffffffffff, rtz) */
    /* fcvt.s.lu (int -> fp); w/wu forms use only the low 32 bits of rs1 */
    TEST_FCVT_FX(S, 212, fcvt.s.lu, 0, 0x0, 0x0)   /* fcvt.s.lu(0x0) */
    TEST_FCVT_FX(S, 213, fcvt.s.lu, 0, 0x3f800000, 0x1)   /* fcvt.s.lu(0x1) */
    TEST_FCVT_FX(S, 214, fcvt.s.lu, NX, 0x5f800000, 0xffffffffffffffff)   /* fcvt.s.lu(0xffffffffffffffff) */
    TEST_FCVT_FX(S, 215, fcvt.s.lu, NX, 0x4f000000, 0x7fffffff)   /* fcvt.s.lu(0x7fffffff) */
    TEST_FCVT_FX(S, 216, fcvt.s.lu, 0, 0x4f000000, 0x80000000)   /* fcvt.s.lu(0x80000000) */
    TEST_FCVT_FX(S, 217, fcvt.s.lu, NX, 0x4f800000, 0xffffffff)   /* fcvt.s.lu(0xffffffff) */
    TEST_FCVT_FX(S, 218, fcvt.s.lu, NX, 0x5f800000, 0xffffffff00000003)   /* fcvt.s.lu(0xffffffff00000003) */
    TEST_FCVT_FX(S, 219, fcvt.s.lu, 0, 0x4f800000, 0x100000000)   /* fcvt.s.lu(0x100000000) */
    TEST_FCVT_FX(S, 220, fcvt.s.lu, NX, 0x5f000000, 0x7fffffffffffffff)   /* fcvt.s.lu(0x7fffffffffffffff) */
    TEST_FCVT_FX(S, 221, fcvt.s.lu, 0, 0x5f000000, 0x8000000000000000)   /* fcvt.s.lu(0x8000000000000000) */
    TEST_FCVT_FX(S, 222, fcvt.s.lu, NX, 0x4b800000, 0x1000001)   /* fcvt.s.lu(0x1000001) */
    TEST_FCVT_FX(S, 223, fcvt.s.lu, 0, 0x45001000, 0x801)   /* fcvt.s.lu(0x801) */
    TEST_FCVT_FX(S, 224, fcvt.s.lu, 0, 0x477ff000, 0xfff0)   /* fcvt.s.lu(0xfff0) */
    TEST_FCVT_FX(S, 225, fcvt.s.lu, NX, 0x5f800000, 0xfffffffffffffff0)   /* fcvt.s.lu(0xfffffffffffffff0) */
    TEST_FCVT_FX_RM(S, 226, fcvt.s.lu, rup, NX, 0x4b800001, 0x1000001)   /* fcvt.s.lu(0x1000001, rup) */
    TEST_FCVT_FX_RM(S, 227, fcvt.s.lu, rup, 0, 0x45001000, 0x801)   /* fcvt.s.lu(0x801, rup) */
    TEST_FCVT_FX_RM(S, 228, fcvt.s.lu, rdn, 0, 0x477fff00, 0xffff)   /* fcvt.s.lu(0xffff, rdn) */
    TEST_FCVT_FX_RM(S, 229, fcvt.s.lu, rtz, NX, 0x5f7fffff, 0xffffffffffffffff)   /* fcvt.s.lu(0xffffffffffffffff, rtz) */
TEST_CODE_END
