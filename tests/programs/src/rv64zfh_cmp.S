/* half precision (Zfh) min/max, sign injection, comparisons, classification:
   fmin fmax (incl. -0/+0, quiet and signaling NaN inputs: a single NaN
   input yields the other operand, two NaNs yield the canonical NaN, NV for
   any signaling NaN), fsgnj fsgnjn fsgnjx (bit-exact, no canonicalisation),
   feq flt fle with NaNs, fclass for every class.
   Operands and expected results are IEEE-754 bit patterns; the comment on
   each line gives the operation in readable form (max = largest finite,
   minn = smallest normal, mins / maxs = smallest / largest subnormal,
   qnan = canonical quiet NaN, snan = signaling NaN). */
#include "test_macros.h"

TEST_CODE_BEGIN
    /* fmin.h / fmax.h */
    TEST_FP2(H, 2, fmin.h, 0, 0x3c00, 0x3c00, 0x4000)   /* fmin(1.0, 2.0) */
    TEST_FP2(H, 3, fmax.h, 0, 0x4000, 0x3c00, 0x4000)   /* fmax(1.0, 2.0) */
    TEST_FP2(H, 4, fmin.h, 0, 0xc000, 0xbc00, 0xc000)   /* fmin(-1.0, -2.0) */
    TEST_FP2(H, 5, fmax.h, 0, 0xbc00, 0xbc00, 0xc000)   /* fmax(-1.0, -2.0) */
    TEST_FP2(H, 6, fmin.h, 0, 0x8000, 0x0, 0x8000)   /* fmin(0, -0) */
    TEST_FP2(H, 7, fmax.h, 0, 0x0, 0x0, 0x8000)   /* fmax(0, -0) */
    TEST_FP2(H, 8, fmin.h, 0, 0x8000, 0x8000, 0x0)   /* fmin(-0, 0) */
    TEST_FP2(H, 9, fmax.h, 0, 0x0, 0x8000, 0x0)   /* fmax(-0, 0) */
    TEST_FP2(H, 10, fmin.h, 0, 0xfc00, 0xfc00, 0x7c00)   /* fmin(-inf, inf) */
    TEST_FP2(H, 11, fmax.h, 0, 0x7c00, 0xfc00, 0x7c00)   /* fmax(-inf, inf) */
    TEST_FP2(H, 12, fmin.h, 0, 0x7bff, 0x7bff, 0x7c00)   /* fmin(max, inf) */
    TEST_FP2(H, 13, fmax.h, 0, 0x7c00, 0x7bff, 0x7c00)   /* fmax(max, inf) */
    TEST_FP2(H, 14, fmin.h, 0, 0x8001, 0x1, 0x8001)   /* fmin(mins, -mins) */
    TEST_FP2(H, 15, fmax.h, 0, 0x1, 0x1, 0x8001)   /* fmax(mins, -mins) */
    TEST_FP2(H, 16, fmin.h, 0, 0x3c00, 0x7e00, 0x3c00)   /* fmin(qnan, 1.0) */
    TEST_FP2(H, 17, fmax.h, 0, 0x3c00, 0x7e00, 0x3c00)   /* fmax(qnan, 1.0) */
    TEST_FP2(H, 18, fmin.h, 0, 0x3c00, 0x3c00, 0x7e00)   /* fmin(1.0, qnan) */
    TEST_FP2(H, 19, fmax.h, 0, 0x3c00, 0x3c00, 0x7e00)   /* fmax(1.0, qnan) */
    TEST_FP2(H, 20, fmin.h, 0, 0xc200, 0x7e05, 0xc200)   /* fmin(qNaN(payload), -3.0) */
    TEST_FP2(H, 21, fmax.h, 0, 0xc200, 0x7e05, 0xc200)   /* fmax(qNaN(payload), -3.0) */
    TEST_FP2(H, 22, fmin.h, NV, 0x3c00, 0x7c01, 0x3c00)   /* fmin(snan, 1.0) */
    TEST_FP2(H, 23, fmax.h, NV, 0x3c00, 0x7c01, 0x3c00)   /* fmax(snan, 1.0) */
    TEST_FP2(H, 24, fmin.h, NV, 0x3c00, 0x3c00, 0x7c01)   /* fmin(1.0, snan) */
    TEST_FP2(H, 25, fmax.h, NV, 0x3c00, 0x3c00, 0x7c01)   /* fmax(1.0, snan) */
    TEST_FP2(H, 26, fmin.h, 0, 0x7e00, 0x7e00, 0x7e00)   /* fmin(qnan, qnan) */
    TEST_FP2(H, 27, fmax.h, 0, 0x7e00, 0x7e00, 0x7e00)   /* fmax(qnan, qnan) */
    TEST_FP2(H, 28, fmin.h, NV, 0x7e00, 0x7c01, 0x7e00)   /* fmin(snan, qnan) */
    TEST_FP2(H, 29, fmax.h, NV, 0x7e00, 0x7c01, 0x7e00)   /* fmax(snan, qnan) */
    TEST_FP2(H, 30, fmin.h, NV, 0x7e00, 0x7c01, 0x7c01)   /* fmin(snan, snan) */
    TEST_FP2(H, 31, fmax.h, NV, 0x7e00, 0x7c01, 0x7c01)   /* fmax(snan, snan) */
    TEST_FP2(H, 32, fmin.h, 0, 0xfc00, 0xfe00, 0xfc00)   /* fmin(-qnan, -inf) */
    TEST_FP2(H, 33, fmax.h, 0, 0xfc00, 0xfe00, 0xfc00)   /* fmax(-qnan, -inf) */
    TEST_FP2(H, 34, fmin.h, NV, 0x8000, 0x7c03, 0x8000)   /* fmin(sNaN(payload), -0) */
    TEST_FP2(H, 35, fmax.h, NV, 0x8000, 0x7c03, 0x8000)   /* fmax(sNaN(payload), -0) */
    /* fsgnj.h / fsgnjn.h / fsgnjx.h: pure bit operations, NaNs are not canonicalised, no flags */
    TEST_FP2(H, 36, fsgnj.h, 0, 0xbc00, 0x3c00, 0xc000)   /* fsgnj(1.0, -2.0) */
    TEST_FP2(H, 37, fsgnjn.h, 0, 0x3c00, 0x3c00, 0xc000)   /* fsgnjn(1.0, -2.0) */
    TEST_FP2(H, 38, fsgnjx.h, 0, 0xbc00, 0x3c00, 0xc000)   /* fsgnjx(1.0, -2.0) */
    TEST_FP2(H, 39, fsgnj.h, 0, 0x3c00, 0xbc00, 0x4000)   /* fsgnj(-1.0, 2.0) */
    TEST_FP2(H, 40, fsgnjn.h, 0, 0xbc00, 0xbc00, 0x4000)   /* fsgnjn(-1.0, 2.0) */
    TEST_FP2(H, 41, fsgnjx.h, 0, 0xbc00, 0xbc00, 0x4000)   /* fsgnjx(-1.0, 2.0) */
    TEST_FP2(H, 42, fsgnj.h, 0, 0xbc00, 0xbc00, 0xc000)   /* fsgnj(-1.0, -2.0) */
    TEST_FP2(H, 43, fsgnjn.h, 0, 0x3c00, 0xbc00, 0xc000)   /* fsgnjn(-1.0, -2.0) */
    TEST_FP2(H, 44, fsgnjx.h, 0, 0x3c00, 0xbc00, 0xc000)   /* fsgnjx(-1.0, -2.0) */
    TEST_FP2(H, 45, fsgnj.h, 0, 0x3c00, 0x3c00, 0x4000)   /* fsgnj(1.0, 2.0) */
    TEST_FP2(H, 46, fsgnjn.h, 0, 0xbc00, 0x3c00, 0x4000)   /* fsgnjn(1.0, 2.0) */
    TEST_FP2(H, 47, fsgnjx.h, 0, 0x3c00, 0x3c00, 0x4000)   /* fsgnjx(1.0, 2.0) */
    TEST_FP2(H, 48, fsgnj.h, 0, 0x8000, 0x0, 0x8000)   /* fsgnj(0, -0) */
    TEST_FP2(H, 49, fsgnjn.h, 0, 0x0, 0x0, 0x8000)   /* fsgnjn(0, -0) */
    TEST_FP2(H, 50, fsgnjx.h, 0, 0x8000, 0x0, 0x8000)   /* fsgnjx(0, -0) */
    TEST_FP2(H, 51, fsgnj.h, 0, 0x7c00, 0xfc00, 0x0)   /* fsgnj(-inf, 0) */
    TEST_FP2(H, 52, fsgnjn.h, 0, 0xfc00, 0xfc00, 0x0)   /* fsgnjn(-inf, 0) */
    TEST_FP2(H, 53, fsgnjx.h, 0, 0xfc00, 0xfc00, 0x0)   /* fsgnjx(-inf, 0) */
    TEST_FP2(H, 54, fsgnj.h, 0, 0xfe05, 0x7e05, 0xbc00)   /* fsgnj(qNaN(payload), -1.0) */
    TEST_FP2(H, 55, fsgnjn.h, 0, 0x7e05, 0x7e05, 0xbc00)   /* fsgnjn(qNaN(payload), -1.0) */
    TEST_FP2(H, 56, fsgnjx.h, 0, 0xfe05, 0x7e05, 0xbc00)   /* fsgnjx(qNaN(payload), -1.0) */
    TEST_FP2(H, 57, fsgnj.h, 0, 0xfc03, 0x7c03, 0xbc00)   /* fsgnj(sNaN(payload), -1.0) */
    TEST_FP2(H, 58, fsgnjn.h, 0, 0x7c03, 0x7c03, 0xbc00)   /* fsgnjn(sNaN(payload), -1.0) */
    TEST_FP2(H, 59, fsgnjx.h, 0, 0xfc03, 0x7c03, 0xbc00)   /* fsgnjx(sNaN(payload), -1.0) */
    TEST_FP2(H, 60, fsgnj.h, 0, 0x4200, 0x4200, 0x7e00)   /* fsgnj(3.0, qnan) */
    TEST_FP2(H, 61, fsgnjn.h, 0, 0xc200, 0x4200, 0x7e00)   /* fsgnjn(3.0, qnan) */
    TEST_FP2(H, 62, fsgnjx.h, 0, 0x4200, 0x4200, 0x7e00)   /* fsgnjx(3.0, qnan) */
    TEST_FP2(H, 63, fsgnj.h, 0, 0xc200, 0x4200, 0xfe00)   /* fsgnj(3.0, -qnan) */
    TEST_FP2(H, 64, fsgnjn.h, 0, 0x4200, 0x4200, 0xfe00)   /* fsgnjn(3.0, -qnan) */
    TEST_FP2(H, 65, fsgnjx.h, 0, 0xc200, 0x4200, 0xfe00)   /* fsgnjx(3.0, -qnan) */
    /* fmv / fneg / fabs pseudo-instructions (fsgnj rs, rs forms) */
    TEST_FP1(H, 66, fneg.h, 0, 0x4000, 0xc000)   /* fneg(-2.0) */
    TEST_FP1(H, 67, fabs.h, 0, 0x4000, 0xc000)   /* fabs(-2.0) */
    TEST_FP1(H, 68, fmv.h, 0, 0xc000, 0xc000)   /* fmv(-2.0) */
    TEST_FP1(H, 69, fneg.h, 0, 0xfc01, 0x7c01)   /* fneg(snan) */
    TEST_FP1(H, 70, fabs.h, 0, 0x7c01, 0x7c01)   /* fabs(snan) */
    TEST_FP1(H, 71, fmv.h, 0, 0x7c01, 0x7c01)   /* fmv(snan) */
    TEST_FP1(H, 72, fneg.h, 0, 0x7c00, 0xfc00)   /* fneg(-inf) */
    TEST_FP1(H, 73, fabs.h, 0, 0x7c00, 0xfc00)   /* fabs(-inf) */
    TEST_FP1(H, 74, fmv.h, 0, 0xfc00, 0xfc00)   /* fmv(-inf) */
    /* feq.h / flt.h / fle.h (feq is quiet: NV only for sNaN; flt/fle signal on any NaN) */
    TEST_FCMP(H, 75, feq.h, 0, 1, 0x3c00, 0x3c00)   /* feq(1.0, 1.0) */
    TEST_FCMP(H, 76, flt.h, 0, 0, 0x3c00, 0x3c00)   /* flt(1.0, 1.0) */
    TEST_FCMP(H, 77, fle.h, 0, 1, 0x3c00, 0x3c00)   /* fle(1.0, 1.0) */
    TEST_FCMP(H, 78, feq.h, 0, 0, 0x3c00, 0x4000)   /* feq(1.0, 2.0) */
    TEST_FCMP(H, 79, flt.h, 0, 1, 0x3c00, 0x4000)   /* flt(1.0, 2.0) */
    TEST_FCMP(H, 80, fle.h, 0, 1, 0x3c00, 0x4000)   /* fle(1.0, 2.0) */
    TEST_FCMP(H, 81, feq.h, 0, 0, 0x4000, 0x3c00)   /* feq(2.0, 1.0) */
    TEST_FCMP(H, 82, flt.h, 0, 0, 0x4000, 0x3c00)   /* flt(2.0, 1.0) */
    TEST_FCMP(H, 83, fle.h, 0, 0, 0x4000, 0x3c00)   /* fle(2.0, 1.0) */
    TEST_FCMP(H, 84, feq.h, 0, 0, 0xbc00, 0xc000)   /* feq(-1.0, -2.0) */
    TEST_FCMP(H, 85, flt.h, 0, 0, 0xbc00, 0xc000)   /* flt(-1.0, -2.0) */
    TEST_FCMP(H, 86, fle.h, 0, 0, 0xbc00, 0xc000)   /* fle(-1.0, -2.0) */
    TEST_FCMP(H, 87, feq.h, 0, 1, 0x0, 0x8000)   /* feq(0, -0) */
    TEST_FCMP(H, 88, flt.h, 0, 0, 0x0, 0x8000)   /* flt(0, -0) */
    TEST_FCMP(H, 89, fle.h, 0, 1, 0x0, 0x8000)   /* fle(0, -0) */
    TEST_FCMP(H, 90, feq.h, 0, 1, 0x8000, 0x0)   /* feq(-0, 0) */
    TEST_FCMP(H, 91, flt.h, 0, 0, 0x8000, 0x0)   /* flt(-0, 0) */
    TEST_FCMP(H, 92, fle.h, 0, 1, 0x8000, 0x0)   /* fle(-0, 0) */
    TEST_FCMP(H, 93, feq.h, 0, 0, 0xfc00, 0x7c00)   /* feq(-inf, inf) */
    TEST_FCMP(H, 94, flt.h, 0, 1, 0xfc00, 0x7c00)   /* flt(-inf, inf) */
    TEST_FCMP(H, 95, fle.h, 0, 1, 0xfc00, 0x7c00)   /* fle(-inf, inf) */
    TEST_FCMP(H, 96, feq.h, 0, 1, 0x7c00, 0x7c00)   /* feq(inf, inf) */
    TEST_FCMP(H, 97, flt.h, 0, 0, 0x7c00, 0x7c00)   /* flt(inf, inf) */
    TEST_FCMP(H, 98, fle.h, 0, 1, 0x7c00, 0x7c00)   /* fle(inf, inf) */
    TEST_FCMP(H, 99, feq.h, 0, 0, 0x8001, 0x1)   /* feq(-mins, mins) */
    TEST_FCMP(H, 100, flt.h, 0, 1, 0x8001, 0x1)   /* flt(-mins, mins) */
    TEST_FCMP(H, 101, fle.h, 0, 1, 0x8001, 0x1)   /* fle(-mins, mins) */
    TEST_FCMP(H, 102, feq.h, 0, 0, 0x7bff, 0x7c00)   /* feq(max, inf) */
    TEST_FCMP(H, 103, flt.h, 0, 1, 0x7bff, 0x7c00)   /* flt(max, inf) */
    TEST_FCMP(H, 104, fle.h, 0, 1, 0x7bff, 0x7c00)   /* fle(max, inf) */
    TEST_FCMP(H, 105, feq.h, 0, 0, 0x7e00, 0x3c00)   /* feq(qnan, 1.0) */
    TEST_FCMP(H, 106, flt.h, NV, 0, 0x7e00, 0x3c00)   /* flt(qnan, 1.0) */
    TEST_FCMP(H, 107, fle.h, NV, 0, 0x7e00, 0x3c00)   /* fle(qnan, 1.0) */
    TEST_FCMP(H, 108, feq.h, 0, 0, 0x3c00, 0x7e00)   /* feq(1.0, qnan) */
    TEST_FCMP(H, 109, flt.h, NV, 0, 0x3c00, 0x7e00)   /* flt(1.0, qnan) */
    TEST_FCMP(H, 110, fle.h, NV, 0, 0x3c00, 0x7e00)   /* fle(1.0, qnan) */
    TEST_FCMP(H, 111, feq.h, 0, 0, 0x7e00, 0x7e00)   /* feq(qnan, qnan) */
    TEST_FCMP(H, 112, flt.h, NV, 0, 0x7e00, 0x7e00)   /* flt(qnan, qnan) */
    TEST_FCMP(H, 113, fle.h, NV, 0, 0x7e00, 0x7e00)   /* fle(qnan, qnan) */
    TEST_FCMP(H, 114, feq.h, NV, 0, 0x7c01, 0x3c00)   /* feq(snan, 1.0) */
    TEST_FCMP(H, 115, flt.h, NV, 0, 0x7c01, 0x3c00)   /* flt(snan, 1.0) */
    TEST_FCMP(H, 116, fle.h, NV, 0, 0x7c01, 0x3c00)   /* fle(snan, 1.0) */
    TEST_FCMP(H, 117, feq.h, NV, 0, 0x3c00, 0x7c01)   /* feq(1.0, snan) */
    TEST_FCMP(H, 118, flt.h, NV, 0, 0x3c00, 0x7c01)   /* flt(1.0, snan) */
    TEST_FCMP(H, 119, fle.h, NV, 0, 0x3c00, 0x7c01)   /* fle(1.0, snan) */
    TEST_FCMP(H, 120, feq.h, NV, 0, 0x7c01, 0x7c01)   /* feq(snan, snan) */
    TEST_FCMP(H, 121, flt.h, NV, 0, 0x7c01, 0x7c01)   /* flt(snan, snan) */
    TEST_FCMP(H, 122, fle.h, NV, 0, 0x7c01, 0x7c01)   /* fle(snan, snan) */
    /* fclass.h: one class bit per value */
    TEST_FCLASS(H, 123, fclass.h, 0x1, 0xfc00)   /* fclass(-inf) */
    TEST_FCLASS(H, 124, fclass.h, 0x2, 0xbe00)   /* fclass(-1.5) */
    TEST_FCLASS(H, 125, fclass.h, 0x2, 0xfbff)   /* fclass(-max) */
    TEST_FCLASS(H, 126, fclass.h, 0x2, 0x8400)   /* fclass(-minn) */
    TEST_FCLASS(H, 127, fclass.h, 0x4, 0x8001)   /* fclass(-mins) */
    TEST_FCLASS(H, 128, fclass.h, 0x4, 0x83ff)   /* fclass(-maxs) */
    TEST_FCLASS(H, 129, fclass.h, 0x8, 0x8000)   /* fclass(-0) */
    TEST_FCLASS(H, 130, fclass.h, 0x10, 0x0)   /* fclass(0) */
    TEST_FCLASS(H, 131, fclass.h, 0x20, 0x1)   /* fclass(mins) */
    TEST_FCLASS(H, 132, fclass.h, 0x20, 0x3ff)   /* fclass(maxs) */
    TEST_FCLASS(H, 133, fclass.h, 0x40, 0x400)   /* fclass(minn) */
    TEST_FCLASS(H, 134, fclass.h, 0x40, 0x3c00)   /* fclass(1.0) */
    TEST_FCLASS(H, 135, fclass.h, 0x40, 0x7bff)   /* fclass(max) */
    TEST_FCLASS(H, 136, fclass.h, 0x80, 0x7c00)   /* fclass(inf) */
    TEST_FCLASS(H, 137, fclass.h, 0x100, 0x7c01)   /* fclass(snan) */
    TEST_FCLASS(H, 138, fclass.h, 0x100, 0x7c03)   /* fclass(sNaN(payload)) */
    TEST_FCLASS(H, 139, fclass.h, 0x200, 0x7e00)   /* fclass(qnan) */
    TEST_FCLASS(H, 140, fclass.h, 0x200, 0xfe00)   /* fclass(-qnan) */
    TEST_FCLASS(H, 141, fclass.h, 0x200, 0x7e05)   /* fclass(qNaN(payload)) */
TEST_CODE_END
