/* half precision (Zfh) conversions between FP and integer: fcvt.{w,wu,l,lu}.X and
   fcvt.X.{w,wu,l,lu}, including out-of-range saturation (NV), NaN -> largest
   positive integer, -0, rounding modes given statically, and 32-bit forms
   using/sign-extending only the low 32 bits.
   Operands and expected results are IEEE-754 bit patterns; the comment on
   each line gives the operation in readable form (max = largest finite,
   minn = smallest normal, mins / maxs = smallest / largest subnormal,
   qnan = canonical quiet NaN, snan = signaling NaN). */
#include "test_macros.h"

TEST_CODE_BEGIN
    /* fcvt.w.h */
    TEST_FCVT_XF(H, 2, fcvt.w.h, rtz, 0, 0x0, 0x0)   /* fcvt.w.h(0.0, rtz) */
    TEST_FCVT_XF(H, 3, fcvt.w.h, rtz, 0, 0x0, 0x8000)   /* fcvt.w.h(-0, rtz) */
    TEST_FCVT_XF(H, 4, fcvt.w.h, rtz, 0, 0x1, 0x3c00)   /* fcvt.w.h(1.0, rtz) */
    TEST_FCVT_XF(H, 5, fcvt.w.h, rtz, 0, 0xffffffffffffffff, 0xbc00)   /* fcvt.w.h(-1.0, rtz) */
    TEST_FCVT_XF(H, 6, fcvt.w.h, rtz, NX, 0x1, 0x3e00)   /* fcvt.w.h(1.5, rtz) */
    TEST_FCVT_XF(H, 7, fcvt.w.h, rtz, NX, 0xffffffffffffffff, 0xbe00)   /* fcvt.w.h(-1.5, rtz) */
    TEST_FCVT_XF(H, 8, fcvt.w.h, rtz, NX, 0x0, 0x3800)   /* fcvt.w.h(0.5, rtz) */
    TEST_FCVT_XF(H, 9, fcvt.w.h, rtz, NX, 0x0, 0xb800)   /* fcvt.w.h(-0.5, rtz) */
    TEST_FCVT_XF(H, 10, fcvt.w.h, rtz, NX, 0x0, 0x3a00)   /* fcvt.w.h(0.75, rtz) */
    TEST_FCVT_XF(H, 11, fcvt.w.h, rtz, NX, 0x0, 0x1)   /* fcvt.w.h(mins, rtz) */
    TEST_FCVT_XF(H, 12, fcvt.w.h, rtz, NX, 0x0, 0x8001)   /* fcvt.w.h(-mins, rtz) */
    TEST_FCVT_XF(H, 13, fcvt.w.h, rtz, 0, 0xffe0, 0x7bff)   /* fcvt.w.h(max, rtz) */
    TEST_FCVT_XF(H, 14, fcvt.w.h, rtz, 0, 0xffffffffffff0020, 0xfbff)   /* fcvt.w.h(-max, rtz) */
    TEST_FCVT_XF(H, 15, fcvt.w.h, rtz, NV, 0x7fffffff, 0x7c00)   /* fcvt.w.h(inf, rtz) */
    TEST_FCVT_XF(H, 16, fcvt.w.h, rtz, NV, 0xffffffff80000000, 0xfc00)   /* fcvt.w.h(-inf, rtz) */
    TEST_FCVT_XF(H, 17, fcvt.w.h, rtz, NV, 0x7fffffff, 0x7e00)   /* fcvt.w.h(qnan, rtz) */
    TEST_FCVT_XF(H, 18, fcvt.w.h, rtz, NV, 0x7fffffff, 0xfe00)   /* fcvt.w.h(-qnan, rtz) */
    TEST_FCVT_XF(H, 19, fcvt.w.h, rtz, NV, 0x7fffffff, 0x7c01)   /* fcvt.w.h(snan, rtz) */
    TEST_FCVT_XF(H, 20, fcvt.w.h, rtz, 0, 0xffe0, 0x7bff)   /* fcvt.w.h(65504.0, rtz) */
    TEST_FCVT_XF(H, 21, fcvt.w.h, rtz, 0, 0xffffffffffff0020, 0xfbff)   /* fcvt.w.h(-65504.0, rtz) */
    TEST_FCVT_XF(H, 22, fcvt.w.h, rne, NX, 0x2, 0x3e00)   /* fcvt.w.h(1.5, rne) */
    TEST_FCVT_XF(H, 23, fcvt.w.h, rne, NX, 0x2, 0x4100)   /* fcvt.w.h(2.5, rne) */
    TEST_FCVT_XF(H, 24, fcvt.w.h, rne, NX, 0xfffffffffffffffe, 0xc100)   /* fcvt.w.h(-2.5, rne) */
    TEST_FCVT_XF(H, 25, fcvt.w.h, rne, NX, 0x0, 0xb800)   /* fcvt.w.h(-0.5, rne) */
    TEST_FCVT_XF(H, 26, fcvt.w.h, rdn, NX, 0xffffffffffffffff, 0xb800)   /* fcvt.w.h(-0.5, rdn) */
    TEST_FCVT_XF(H, 27, fcvt.w.h, rup, NX, 0x1, 0x3800)   /* fcvt.w.h(0.5, rup) */
    TEST_FCVT_XF(H, 28, fcvt.w.h, rmm, NX, 0xfffffffffffffffe, 0xbe00)   /* fcvt.w.h(-1.5, rmm) */
    TEST_FCVT_XF(H, 29, fcvt.w.h, rup, NX, 0x7c, 0x57b4)   /* fcvt.w.h(123.25, rup) */
    /* fcvt.wu.h */
    TEST_FCVT_XF(H, 30, fcvt.wu.h, rtz, 0, 0x0, 0x0)   /* fcvt.wu.h(0.0, rtz) */
    TEST_FCVT_XF(H, 31, fcvt.wu.h, rtz, 0, 0x0, 0x8000)   /* fcvt.wu.h(-0, rtz) */
    TEST_FCVT_XF(H, 32, fcvt.wu.h, rtz, 0, 0x1, 0x3c00)   /* fcvt.wu.h(1.0, rtz) */
    TEST_FCVT_XF(H, 33, fcvt.wu.h, rtz, NV, 0x0, 0xbc00)   /* fcvt.wu.h(-1.0, rtz) */
    TEST_FCVT_XF(H, 34, fcvt.wu.h, rtz, NX, 0x1, 0x3e00)   /* fcvt.wu.h(1.5, rtz) */
    TEST_FCVT_XF(H, 35, fcvt.wu.h, rtz, NV, 0x0, 0xbe00)   /* fcvt.wu.h(-1.5, rtz) */
    TEST_FCVT_XF(H, 36, fcvt.wu.h, rtz, NX, 0x0, 0x3800)   /* fcvt.wu.h(0.5, rtz) */
    TEST_FCVT_XF(H, 37, fcvt.wu.h, rtz, NX, 0x0, 0xb800)   /* fcvt.wu.h(-0.5, rtz) */
    TEST_FCVT_XF(H, 38, fcvt.wu.h, rtz, NX, 0x0, 0x3a00)   /* fcvt.wu.h(0.75, rtz) */
    TEST_FCVT_XF(H, 39, fcvt.wu.h, rtz, NX, 0x0, 0x1)   /* fcvt.wu.h(mins, rtz) */
    TEST_FCVT_XF(H, 40, fcvt.wu.h, rtz, NX, 0x0, 0x8001)   /* fcvt.wu.h(-mins, rtz) */
    TEST_FCVT_XF(H, 41, fcvt.wu.h, rtz, 0, 0xffe0, 0x7bff)   /* fcvt.wu.h(max, rtz) */
    TEST_FCVT_XF(H, 42, fcvt.wu.h, rtz, NV, 0x0, 0xfbff)   /* fcvt.wu.h(-max, rtz) */
    TEST_FCVT_XF(H, 43, fcvt.wu.h, rtz, NV, 0xffffffffffffffff, 0x7c00)   /* fcvt.wu.h(inf, rtz) */
    TEST_FCVT_XF(H, 44, fcvt.wu.h, rtz, NV, 0x0, 0xfc00)   /* fcvt.wu.h(-inf, rtz) */
    TEST_FCVT_XF(H, 45, fcvt.wu.h, rtz, NV, 0xffffffffffffffff, 0x7e00)   /* fcvt.wu.h(qnan, rtz) */
    TEST_FCVT_XF(H, 46, fcvt.wu.h, rtz, NV, 0xffffffffffffffff, 0xfe00)   /* fcvt.wu.h(-qnan, rtz) */
    TEST_FCVT_XF(H, 47, fcvt.wu.h, rtz, NV, 0xffffffffffffffff, 0x7c01)   /* fcvt.wu.h(snan, rtz) */
    TEST_FCVT_XF(H, 48, fcvt.wu.h, rtz, 0, 0xffe0, 0x7bff)   /* fcvt.wu.h(65504.0, rtz) */
    TEST_FCVT_XF(H, 49, fcvt.wu.h, rtz, NV, 0x0, 0xfbff)   /* fcvt.wu.h(-65504.0, rtz) */
    TEST_FCVT_XF(H, 50, fcvt.wu.h, rne, NX, 0x2, 0x3e00)   /* fcvt.wu.h(1.5, rne) */
    TEST_FCVT_XF(H, 51, fcvt.wu.h, rne, NX, 0x2, 0x4100)   /* fcvt.wu.h(2.5, rne) */
    TEST_FCVT_XF(H, 52, fcvt.wu.h, rne, NV, 0x0, 0xc100)   /* fcvt.wu.h(-2.5, rne) */
    TEST_FCVT_XF(H, 53, fcvt.wu.h, rne, NX, 0x0, 0xb800)   /* fcvt.wu.h(-0.5, rne) */
    TEST_FCVT_XF(H, 54, fcvt.wu.h, rdn, NV, 0x0, 0xb800)   /* fcvt.wu.h(-0.5, rdn) */
    TEST_FCVT_XF(H, 55, fcvt.wu.h, rup, NX, 0x1, 0x3800)   /* fcvt.wu.h(0.5, rup) */
    TEST_FCVT_XF(H, 56, fcvt.wu.h, rmm, NV, 0x0, 0xbe00)   /* fcvt.wu.h(-1.5, rmm) */
    TEST_FCVT_XF(H, 57, fcvt.wu.h, rup, NX, 0x7c, 0x57b4)   /* fcvt.wu.h(123.25, rup) */
    /* fcvt.l.h */
    TEST_FCVT_XF(H, 58, fcvt.l.h, rtz, 0, 0x0, 0x0)   /* fcvt.l.h(0.0, rtz) */
    TEST_FCVT_XF(H, 59, fcvt.l.h, rtz, 0, 0x0, 0x8000)   /* fcvt.l.h(-0, rtz) */
    TEST_FCVT_XF(H, 60, fcvt.l.h, rtz, 0, 0x1, 0x3c00)   /* fcvt.l.h(1.0, rtz) */
    TEST_FCVT_XF(H, 61, fcvt.l.h, rtz, 0, 0xffffffffffffffff, 0xbc00)   /* fcvt.l.h(-1.0, rtz) */
    TEST_FCVT_XF(H, 62, fcvt.l.h, rtz, NX, 0x1, 0x3e00)   /* fcvt.l.h(1.5, rtz) */
    TEST_FCVT_XF(H, 63, fcvt.l.h, rtz, NX, 0xffffffffffffffff, 0xbe00)   /* fcvt.l.h(-1.5, rtz) */
    TEST_FCVT_XF(H, 64, fcvt.l.h, rtz, NX, 0x0, 0x3800)   /* fcvt.l.h(0.5, rtz) */
    TEST_FCVT_XF(H, 65, fcvt.l.h, rtz, NX, 0x0, 0xb800)   /* fcvt.l.h(-0.5, rtz) */
    TEST_FCVT_XF(H, 66, fcvt.l.h, rtz, NX, 0x0, 0x3a00)   /* fcvt.l.h(0.75, rtz) */
    TEST_FCVT_XF(H, 67, fcvt.l.h, rtz, NX, 0x0, 0x1)   /* fcvt.l.h(mins, rtz) */
    TEST_FCVT_XF(H, 68, fcvt.l.h, rtz, NX, 0x0, 0x8001)   /* fcvt.l.h(-mins, rtz) */
    TEST_FCVT_XF(H, 69, fcvt.l.h, rtz, 0, 0xffe0, 0x7bff)   /* fcvt.l.h(max, rtz) */
    TEST_FCVT_XF(H, 70, fcvt.l.h, rtz, 0, 0xffffffffffff0020, 0xfbff)   /* fcvt.l.h(-max, rtz) */
    TEST_FCVT_XF(H, 71, fcvt.l.h, rtz, NV, 0x7fffffffffffffff, 0x7c00)   /* fcvt.l.h(inf, rtz) */
    TEST_FCVT_XF(H, 72, fcvt.l.h, rtz, NV, 0x8000000000000000, 0xfc00)   /* fcvt.l.h(-inf, rtz) */
    TEST_FCVT_XF(H, 73, fcvt.l.h, rtz, NV, 0x7fffffffffffffff, 0x7e00)   /* fcvt.l.h(qnan, rtz) */
    TEST_FCVT_XF(H, 74, fcvt.l.h, rtz, NV, 0x7fffffffffffffff, 0xfe00)   /* fcvt.l.h(-qnan, rtz) */
    TEST_FCVT_XF(H, 75, fcvt.l.h, rtz, NV, 0x7fffffffffffffff, 0x7c01)   /* fcvt.l.h(snan, rtz) */
    TEST_FCVT_XF(H, 76, fcvt.l.h, rtz, 0, 0xffe0, 0x7bff)   /* fcvt.l.h(65504.0, rtz) */
    TEST_FCVT_XF(H, 77, fcvt.l.h, rtz, 0, 0xffffffffffff0020, 0xfbff)   /* fcvt.l.h(-65504.0, rtz) */
    TEST_FCVT_XF(H, 78, fcvt.l.h, rne, NX, 0x2, 0x3e00)   /* fcvt.l.h(1.5, rne) */
    TEST_FCVT_XF(H, 79, fcvt.l.h, rne, NX, 0x2, 0x4100)   /* fcvt.l.h(2.5, rne) */
    TEST_FCVT_XF(H, 80, fcvt.l.h, rne, NX, 0xfffffffffffffffe, 0xc100)   /* fcvt.l.h(-2.5, rne) */
    TEST_FCVT_XF(H, 81, fcvt.l.h, rne, NX, 0x0, 0xb800)   /* fcvt.l.h(-0.5, rne) */
    TEST_FCVT_XF(H, 82, fcvt.l.h, rdn, NX, 0xffffffffffffffff, 0xb800)   /* fcvt.l.h(-0.5, rdn) */
    TEST_FCVT_XF(H, 83, fcvt.l.h, rup, NX, 0x1, 0x3800)   /* fcvt.l.h(0.5, rup) */
    TEST_FCVT_XF(H, 84, fcvt.l.h, rmm, NX, 0xfffffffffffffffe, 0xbe00)   /* fcvt.l.h(-1.5, rmm) */
    TEST_FCVT_XF(H, 85, fcvt.l.h, rup, NX, 0x7c, 0x57b4)   /* fcvt.l.h(123.25, rup) */
    /* fcvt.lu.h */
    TEST_FCVT_XF(H, 86, fcvt.lu.h, rtz, 0, 0x0, 0x0)   /* fcvt.lu.h(0.0, rtz) */
    TEST_FCVT_XF(H, 87, fcvt.lu.h, rtz, 0, 0x0, 0x8000)   /* fcvt.lu.h(-0, rtz) */
    TEST_FCVT_XF(H, 88, fcvt.lu.h, rtz, 0, 0x1, 0x3c00)   /* fcvt.lu.h(1.0, rtz) */
    TEST_FCVT_XF(H, 89, fcvt.lu.h, rtz, NV, 0x0, 0xbc00)   /* fcvt.lu.h(-1.0, rtz) */
    TEST_FCVT_XF(H, 90, fcvt.lu.h, rtz, NX, 0x1, 0x3e00)   /* fcvt.lu.h(1.5, rtz) */
    TEST_FCVT_XF(H, 91, fcvt.lu.h, rtz, NV, 0x0, 0xbe00)   /* fcvt.lu.h(-1.5, rtz) */
    TEST_FCVT_XF(H, 92, fcvt.lu.h, rtz, NX, 0x0, 0x3800)   /* fcvt.lu.h(0.5, rtz) */
    TEST_FCVT_XF(H, 93, fcvt.lu.h, rtz, NX, 0x0, 0xb800)   /* fcvt.lu.h(-0.5, rtz) */
    TEST_FCVT_XF(H, 94, fcvt.lu.h, rtz, NX, 0x0, 0x3a00)   /* fcvt.lu.h(0.75, rtz) */
    TEST_FCVT_XF(H, 95, fcvt.lu.h, rtz, NX, 0x0, 0x1)   /* fcvt.lu.h(mins, rtz) */
    TEST_FCVT_XF(H, 96, fcvt.lu.h, rtz, NX, 0x0, 0x8001)   /* fcvt.lu.h(-mins, rtz) */
    TEST_FCVT_XF(H, 97, fcvt.lu.h, rtz, 0, 0xffe0, 0x7bff)   /* fcvt.lu.h(max, rtz) */
    TEST_FCVT_XF(H, 98, fcvt.lu.h, rtz, NV, 0x0, 0xfbff)   /* fcvt.lu.h(-max, rtz) */
    TEST_FCVT_XF(H, 99, fcvt.lu.h, rtz, NV, 0xffffffffffffffff, 0x7c00)   /* fcvt.lu.h(inf, rtz) */
    TEST_FCVT_XF(H, 100, fcvt.lu.h, rtz, NV, 0x0, 0xfc00)   /* fcvt.lu.h(-inf, rtz) */
    TEST_FCVT_XF(H, 101, fcvt.lu.h, rtz, NV, 0xffffffffffffffff, 0x7e00)   /* fcvt.lu.h(qnan, rtz) */
    TEST_FCVT_XF(H, 102, fcvt.lu.h, rtz, NV, 0xffffffffffffffff, 0xfe00)   /* fcvt.lu.h(-qnan, rtz) */
    TEST_FCVT_XF(H, 103, fcvt.lu.h, rtz, NV, 0xffffffffffffffff, 0x7c01)   /* fcvt.lu.h(snan, rtz) */
    TEST_FCVT_XF(H, 104, fcvt.lu.h, rtz, 0, 0xffe0, 0x7bff)   /* fcvt.lu.h(65504.0, rtz) */
    TEST_FCVT_XF(H, 105, fcvt.lu.h, rtz, NV, 0x0, 0xfbff)   /* fcvt.lu.h(-65504.0, rtz) */
    TEST_FCVT_XF(H, 106, fcvt.lu.h, rne, NX, 0x2, 0x3e00)   /* fcvt.lu.h(1.5, rne) */
    TEST_FCVT_XF(H, 107, fcvt.lu.h, rne, NX, 0x2, 0x4100)   /* fcvt.lu.h(2.5, rne) */
    TEST_FCVT_XF(H, 108, fcvt.lu.h, rne, NV, 0x0, 0xc100)   /* fcvt.lu.h(-2.5, rne) */
    TEST_FCVT_XF(H, 109, fcvt.lu.h, rne, NX, 0x0, 0xb800)   /* fcvt.lu.h(-0.5, rne) */
    TEST_FCVT_XF(H, 110, fcvt.lu.h, rdn, NV, 0x0, 0xb800)   /* fcvt.lu.h(-0.5, rdn) */
    TEST_FCVT_XF(H, 111, fcvt.lu.h, rup, NX, 0x1, 0x3800)   /* fcvt.lu.h(0.5, rup) */
    TEST_FCVT_XF(H, 112, fcvt.lu.h, rmm, NV, 0x0, 0xbe00)   /* fcvt.lu.h(-1.5, rmm) */
    TEST_FCVT_XF(H, 113, fcvt.lu.h, rup, NX, 0x7c, 0x57b4)   /* fcvt.lu.h(123.25, rup) */
    /* fcvt.h.w (int -> fp); w/wu forms use only the low 32 bits of rs1 */
    TEST_FCVT_FX(H, 114, fcvt.h.w, 0, 0x0, 0x0)   /* fcvt.h.w(0x0) */
    TEST_FCVT_FX(H, 115, fcvt.h.w, 0, 0x3c00, 0x1)   /* fcvt.h.w(0x1) */
    TEST_FCVT_FX(H, 116, fcvt.h.w, 0, 0xbc00, 0xffffffffffffffff)   /* fcvt.h.w(0xffffffffffffffff) */
    TEST_FCVT_FX(H, 117, fcvt.h.w, OF|NX, 0x7c00, 0x7fffffff)   /* fcvt.h.w(0x7fffffff) */
    TEST_FCVT_FX(H, 118, fcvt.h.w, OF|NX, 0xfc00, 0x80000000)   /* fcvt.h.w(0x80000000) */
    TEST_FCVT_FX(H, 119, fcvt.h.w, 0, 0xbc00, 0xffffffff)   /* fcvt.h.w(0xffffffff) */
    TEST_FCVT_FX(H, 120, fcvt.h.w, 0, 0x4200, 0xffffffff00000003)   /* fcvt.h.w(0xffffffff00000003) */
    TEST_FCVT_FX(H, 121, fcvt.h.w, 0, 0x0, 0x100000000)   /* fcvt.h.w(0x100000000) */
    TEST_FCVT_FX(H, 122, fcvt.h.w, 0, 0xbc00, 0x7fffffffffffffff)   /* fcvt.h.w(0x7fffffffffffffff) */
    TEST_FCVT_FX(H, 123, fcvt.h.w, 0, 0x0, 0x8000000000000000)   /* fcvt.h.w(0x8000000000000000) */
    TEST_FCVT_FX(H, 124, fcvt.h.w, OF|NX, 0x7c00, 0x1000001)   /* fcvt.h.w(0x1000001) */
    TEST_FCVT_FX(H, 125, fcvt.h.w, NX, 0x6800, 0x801)   /* fcvt.h.w(0x801) */
    TEST_FCVT_FX(H, 126, fcvt.h.w, OF|NX, 0x7c00, 0xfff0)   /* fcvt.h.w(0xfff0) */
    TEST_FCVT_FX(H, 127, fcvt.h.w, 0, 0xcc00, 0xfffffffffffffff0)   /* fcvt.h.w(0xfffffffffffffff0) */
    TEST_FCVT_FX_RM(H, 128, fcvt.h.w, rup, OF|NX, 0x7c00, 0x1000001)   /* fcvt.h.w(0x1000001, rup) */
    TEST_FCVT_FX_RM(H, 129, fcvt.h.w, rup, NX, 0x6801, 0x801)   /* fcvt.h.w(0x801, rup) */
    TEST_FCVT_FX_RM(H, 130, fcvt.h.w, rdn, NX, 0x7bff, 0xffff)   /* fcvt.h.w(0xffff, rdn) */
    TEST_FCVT_FX_RM(H, 131, fcvt.h.w, rtz, 0, 0xbc00, 0xffffffffffffffff)   /* fcvt.h.w(0xffffffffffffffff, rtz) */
    /* fcvt.h.wu (int -> fp); w/wu forms use only the low 32 bits of rs1 */
    TEST_FCVT_FX(H, 132, fcvt.h.wu, 0, 0x0, 0x0)   /* fcvt.h.wu(0x0) */
    TEST_FCVT_FX(H, 133, fcvt.h.wu, 0, 0x3c00, 0x1)   /* fcvt.h.wu(0x1) */
    TEST_FCVT_FX(H, 134, fcvt.h.wu, OF|NX, 0x7c00, 0xffffffffffffffff)   /* fcvt.h.wu(0xffffffffffffffff) */
    TEST_FCVT_FX(H, 135, fcvt.h.wu, OF|NX, 0x7c00, 0x7fffffff)   /* fcvt.h.wu(0x7fffffff) */
    TEST_FCVT_FX(H, 136, fcvt.h.wu, OF|NX, 0x7c00, 0x80000000)   /* fcvt.h.wu(0x80000000) */
    TEST_FCVT_FX(H, 137, fcvt.h.wu, OF|NX, 0x7c00, 0xffffffff)   /* fcvt.h.wu(0xffffffff) */
    TEST_FCVT_FX(H, 138, fcvt.h.wu, 0, 0x4200, 0xffffffff00000003)   /* fcvt.h.wu(0xffffffff00000003) */
    TEST_FCVT_FX(H, 139, fcvt.h.wu, 0, 0x0, 0x100000000)   /* fcvt.h.wu(0x100000000) */
    TEST_FCVT_FX(H, 140, fcvt.h.wu, OF|NX, 0x7c00, 0x7fffffffffffffff)   /* fcvt.h.wu(0x7fffffffffffffff) */
    TEST_FCVT_FX(H, 141, fcvt.h.wu, 0, 0x0, 0x8000000000000000)   /* fcvt.h.wu(0x8000000000000000) */
    TEST_FCVT_FX(H, 142, fcvt.h.wu, OF|NX, 0x7c00, 0x1000001)   /* fcvt.h.wu(0x1000001) */
    TEST_FCVT_FX(H, 143, fcvt.h.wu, NX, 0x6800, 0x801)   /* fcvt.h.wu(0x801) */
    TEST_FCVT_FX(H, 144, fcvt.h.wu, OF|NX, 0x7c00, 0xfff0)   /* fcvt.h.wu(0xfff0) */
    TEST_FCVT_FX(H, 145, fcvt.h.wu, OF|NX, 0x7c00, 0xfffffffffffffff0)   /* fcvt.h.wu(0xfffffffffffffff0) */
    TEST_FCVT_FX_RM(H, 146, fcvt.h.wu, rup, OF|NX, 0x7c00, 0x1000001)   /* fcvt.h.wu(0x1000001, rup) */
    TEST_FCVT_FX_RM(H, 147, fcvt.h.wu, rup, NX, 0x6801, 0x801)   /* fcvt.h.wu(0x801, rup) */
    TEST_FCVT_FX_RM(H, 148, fcvt.h.wu, rdn, NX, 0x7bff, 0xffff)   /* fcvt.h.wu(0xffff, rdn) */
    TEST_FCVT_FX_RM(H, 149, fcvt.h.wu, rtz, OF|NX, 0x7bff, 0xffffffffffffffff)   /* fcvt.h.wu(0xffffffffffffffff, rtz) */
    /* fcvt.h.l (int -> fp); w/wu forms use only the low 32 bits of rs1 */
    TEST_FCVT_FX(H, 150, fcvt.h.l, 0, 0x0, 0x0)   /* fcvt.h.l(0x0) */
    TEST_FCVT_FX(H, 151, fcvt.h.l, 0, 0x3c00, 0x1)   /* fcvt.h.l(0x1) */
    TEST_FCVT_FX(H, 152, fcvt.h.l, 0, 0xbc00, 0xffffffffffffffff)   /* fcvt.h.l(0xffffffffffffffff) */
    TEST_FCVT_FX(H, 153, fcvt.h.l, OF|NX, 0x7c00, 0x7fffffff)   /* fcvt.h.l(0x7fffffff) */
    TEST_FCVT_FX(H, 154, fcvt.h.l, OF|NX, 0x7c00, 0x80000000)   /* fcvt.h.l(0x80000000) */
    TEST_FCVT_FX(H, 155, fcvt.h.l, OF|NX, 0x7c00, 0xffffffff)   /* fcvt.h.l(0xffffffff) */
    TEST_FCVT_FX(H, 156, fcvt.h.l, OF|NX, 0xfc00, 0xffffffff00000003)   /* fcvt.h.l(0xffffffff00000003) */
    TEST_FCVT_FX(H, 157, fcvt.h.l, OF|NX, 0x7c00, 0x100000000)   /* fcvt.h.l(0x100000000) */
    TEST_FCVT_FX(H, 158, fcvt.h.l, OF|NX, 0x7c00, 0x7fffffffffffffff)   /* fcvt.h.l(0x7fffffffffffffff) */
    TEST_FCVT_FX(H, 159, fcvt.h.l, OF|NX, 0xfc00, 0x8000000000000000)   /* fcvt.h.l(0x8000000000000000) */
    TEST_FCVT_FX(H, 160, fcvt.h.l, OF|NX, 0x7c00, 0x1000001)   /* fcvt.h.l(0x1000001) */
    TEST_FCVT_FX(H, 161, fcvt.h.l, NX, 0x6800, 0x801)   /* fcvt.h.l(0x801) */
    TEST_FCVT_FX(H, 162, fcvt.h.l, OF|NX, 0x7c00, 0xfff0)   /* fcvt.h.l(0xfff0) */
    TEST_FCVT_FX(H, 163, fcvt.h.l, 0, 0xcc00, 0xfffffffffffffff0)   /* fcvt.h.l(0xfffffffffffffff0) */
    TEST_FCVT_FX_RM(H, 164, fcvt.h.l, rup, OF|NX, 0x7c00, 0x1000001)   /* fcvt.h.l(0x1000001, rup) */
    TEST_FCVT_FX_RM(H, 165, fcvt.h.l, rup, NX, 0x6801, 0x801)   /* fcvt.h.l(0x801, rup) */
    TEST_FCVT_FX_RM(H, 166, fcvt.h.l, rdn, NX, 0x7bff, 0xffff)   /* fcvt.h.l(0xffff, rdn) */
    TEST_FCVT_FX_RM(H, 167, fcvt.h.l, rtz, 0, 0xbc00, 0xffffffffffffffff)   /* fcvt.h.l(0xffffffffffffffff, rtz) */
    /* fcvt.h.lu (int -> fp); w/wu forms use only the low 32 bits of rs1 */
    TEST_FCVT_FX(H, 168, fcvt.h.lu, 0, 0x0, 0x0)   /* fcvt.h.lu(0x0) */
    TEST_FCVT_FX(H, 169, fcvt.h.lu, 0, 0x3c00, 0x1)   /* fcvt.h.lu(0x1) */
    TEST_FCVT_FX(H, 170, fcvt.h.lu, OF|NX, 0x7c00, 0xffffffffffffffff)   /* fcvt.h.lu(0xffffffffffffffff) */
    TEST_FCVT_FX(H, 171, fcvt.h.lu, OF|NX, 0x7c00, 0x7fffffff)   /* fcvt.h.lu(0x7fffffff) */
    TEST_FCVT_FX(H, 172, fcvt.h.lu, OF|NX, 0x7c00, 0x80000000)   /* fcvt.h.lu(0x80000000) */
    TEST_FCVT_FX(H, 173, fcvt.h.lu, OF|NX, 0x7c00, 0xffffffff)   /* fcvt.h.lu(0xffffffff) */
    TEST_FCVT_FX(H, 174, fcvt.h.lu, OF|NX, 0x7c00, 0xffffffff00000003)   /* fcvt.h.lu(0xffffffff00000003) */
    TEST_FCVT_FX(H, 175, fcvt.h.lu, OF|NX, 0x7c00, 0x100000000)   /* fcvt.h.lu(0x100000000) */
    TEST_FCVT_FX(H, 176, fcvt.h.lu, OF|NX, 0x7c00, 0x7fffffffffffffff)   /* fcvt.h.lu(0x7fffffffffffffff) */
    TEST_FCVT_FX(H, 177, fcvt.h.lu, OF|NX, 0x7c00, 0x8000000000000000)   /* fcvt.h.lu(0x8000000000000000) */
    TEST_FCVT_FX(H, 178, fcvt.h.lu, OF|NX, 0x7c00, 0x1000001)   /* fcvt.h.lu(0x1000001) */
    TEST_FCVT_FX(H, 179, fcvt.h.lu, NX, 0x6800, 0x801)   /* fcvt.h.lu(0x801) */
    TEST_FCVT_FX(H, 180, fcvt.h.lu, OF|NX, 0x7c00, 0xfff0)   /* fcvt.h.lu(0xfff0) */
    TEST_FCVT_FX(H, 181, fcvt.h.lu, OF|NX, 0x7c00, 0xfffffffffffffff0)   /* fcvt.h.lu(0xfffffffffffffff0) */
    TEST_FCVT_FX_RM(H, 182, fcvt.h.lu, rup, OF|NX, 0x7c00, 0x1000001)   /* fcvt.h.lu(0x1000001, rup) */
    TEST_FCVT_FX_RM(H, 183, fcvt.h.lu, rup, NX, 0x6801, 0x801)   /* fcvt.h.lu(0x801, rup) */
    TEST_FCVT_FX_RM(H, 184, fcvt.h.lu, rdn, NX, 0x7bff, 0xffff)   /* fcvt.h.lu(0xffff, rdn) */
    TEST_FCVT_FX_RM(H, 185, fcvt.h.lu, rtz, OF|NX, 0x7bff, 0xffffffffffffffff)   /* fcvt.h.lu(0xffffffffffffffff, rtz) */
TEST_CODE_END
