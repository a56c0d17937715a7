/* double precision (D) min/max, sign injection, comparisons, classification:
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
    /* fmin.d / fmax.d */
    TEST_FP2(D, 2, fmin.d, 0, 0x3ff0000000000000, 0x3ff0000000000000, 0x4000000000000000)   /* fmin(1.0, 2.0) */
    TEST_FP2(D, 3, fmax.d, 0, 0x4000000000000000, 0x3ff0000000000000, 0x4000000000000000)   /* fmax(1.0, 2.0) */
    TEST_FP2(D, 4, fmin.d, 0, 0xc000000000000000, 0xbff0000000000000, 0xc000000000000000)   /* fmin(-1.0, -2.0) */
    TEST_FP2(D, 5, fmax.d, 0, 0xbff0000000000000, 0xbff0000000000000, 0xc000000000000000)   /* fmax(-1.0, -2.0) */
    TEST_FP2(D, 6, fmin.d, 0, 0x8000000000000000, 0x0, 0x8000000000000000)   /* fmin(0, -0) */
    TEST_FP2(D, 7, fmax.d, 0, 0x0, 0x0, 0x8000000000000000)   /* fmax(0, -0) */
    TEST_FP2(D, 8, fmin.d, 0, 0x8000000000000000, 0x8000000000000000, 0x0)   /* fmin(-0, 0) */
    TEST_FP2(D, 9, fmax.d, 0, 0x0, 0x8000000000000000, 0x0)   /* fmax(-0, 0) */
    TEST_FP2(D, 10, fmin.d, 0, 0xfff0000000000000, 0xfff0000000000000, 0x7ff0000000000000)   /* fmin(-inf, inf) */
    TEST_FP2(D, 11, fmax.d, 0, 0x7ff0000000000000, 0xfff0000000000000, 0x7ff0000000000000)   /* fmax(-inf, inf) */
    TEST_FP2(D, 12, fmin.d, 0, 0x7fefffffffffffff, 0x7fefffffffffffff, 0x7ff0000000000000)   /* fmin(max, inf) */
    TEST_FP2(D, 13, fmax.d, 0, 0x7ff0000000000000, 0x7fefffffffffffff, 0x7ff0000000000000)   /* fmax(max, inf) */
    TEST_FP2(D, 14, fmin.d, 0, 0x8000000000000001, 0x1, 0x8000000000000001)   /* fmin(mins, -mins) */
    TEST_FP2(D, 15, fmax.d, 0, 0x1, 0x1, 0x8000000000000001)   /* fmax(mins, -mins) */
    TEST_FP2(D, 16, fmin.d, 0, 0x3ff0000000000000, 0x7ff8000000000000, 0x3ff0000000000000)   /* fmin(qnan, 1.0) */
    TEST_FP2(D, 17, fmax.d, 0, 0x3ff0000000000000, 0x7ff8000000000000, 0x3ff0000000000000)   /* fmax(qnan, 1.0) */
    TEST_FP2(D, 18, fmin.d, 0, 0x3ff0000000000000, 0x3ff0000000000000, 0x7ff8000000000000)   /* fmin(1.0, qnan) */
    TEST_FP2(D, 19, fmax.d, 0, 0x3ff0000000000000, 0x3ff0000000000000, 0x7ff8000000000000)   /* fmax(1.0, qnan) */
    TEST_FP2(D, 20, fmin.d, 0, 0xc008000000000000, 0x7ff8000000000005, 0xc008000000000000)   /* fmin(qNaN(payload), -3.0) */
    TEST_FP2(D, 21, fmax.d, 0, 0xc008000000000000, 0x7ff8000000000005, 0xc008000000000000)   /* fmax(qNaN(payload), -3.0) */
    TEST_FP2(D, 22, fmin.d, NV, 0x3ff0000000000000, 0x7ff0000000000001, 0x3ff0000000000000)   /* fmin(snan, 1.0) */
    TEST_FP2(D, 23, fmax.d, NV, 0x3ff0000000000000, 0x7ff0000000000001, 0x3ff0000000000000)   /* fmax(snan, 1.0) */
    TEST_FP2(D, 24, fmin.d, NV, 0x3ff0000000000000, 0x3ff0000000000000, 0x7ff0000000000001)   /* fmin(1.0, snan) */
    TEST_FP2(D, 25, fmax.d, NV, 0x3ff0000000000000, 0x3ff0000000000000, 0x7ff0000000000001)   /* fmax(1.0, snan) */
    TEST_FP2(D, 26, fmin.d, 0, 0x7ff8000000000000, 0x7ff8000000000000, 0x7ff8000000000000)   /* fmin(qnan, qnan) */
    TEST_FP2(D, 27, fmax.d, 0, 0x7ff8000000000000, 0x7ff8000000000000, 0x7ff8000000000000)   /* fmax(qnan, qnan) */
    TEST_FP2(D, 28, fmin.d, NV, 0x7ff8000000000000, 0x7ff0000000000001, 0x7ff8000000000000)   /* fmin(snan, qnan) */
    TEST_FP2(D, 29, fmax.d, NV, 0x7ff8000000000000, 0x7ff0000000000001, 0x7ff8000000000000)   /* fmax(snan, qnan) */
    TEST_FP2(D, 30, fmin.d, NV, 0x7ff8000000000000, 0x7ff0000000000001, 0x7ff0000000000001)   /* fmin(snan, snan) */
    TEST_FP2(D, 31, fmax.d, NV, 0x7ff8000000000000, 0x7ff0000000000001, 0x7ff0000000000001)   /* fmax(snan, snan) */
    TEST_FP2(D, 32, fmin.d, 0, 0xfff0000000000000, 0xfff8000000000000, 0xfff0000000000000)   /* fmin(-qnan, -inf) */
    TEST_FP2(D, 33, fmax.d, 0, 0xfff0000000000000, 0xfff8000000000000, 0xfff0000000000000)   /* fmax(-qnan, -inf) */
    TEST_FP2(D, 34, fmin.d, NV, 0x8000000000000000, 0x7ff0000000000003, 0x8000000000000000)   /* fmin(sNaN(payload), -0) */
    TEST_FP2(D, 35, fmax.d, NV, 0x8000000000000000, 0x7ff0000000000003, 0x8000000000000000)   /* fmax(sNaN(payload), -0) */
    /* fsgnj.d / fsgnjn.d / fsgnjx.d: pure bit operations, NaNs are not canonicalised, no flags */
    TEST_FP2(D, 36, fsgnj.d, 0, 0xbff0000000000000, 0x3ff0000000000000, 0xc000000000000000)   /* fsgnj(1.0, -2.0) */
    TEST_FP2(D, 37, fsgnjn.d, 0, 0x3ff0000000000000, 0x3ff0000000000000, 0xc000000000000000)   /* fsgnjn(1.0, -2.0) */
    TEST_FP2(D, 38, fsgnjx.d, 0, 0xbff0000000000000, 0x3ff0000000000000, 0xc000000000000000)   /* fsgnjx(1.0, -2.0) */
    TEST_FP2(D, 39, fsgnj.d, 0, 0x3ff0000000000000, 0xbff0000000000000, 0x4000000000000000)   /* fsgnj(-1.0, 2.0) */
    TEST_FP2(D, 40, fsgnjn.d, 0, 0xbff0000000000000, 0xbff0000000000000, 0x4000000000000000)   /* fsgnjn(-1.0, 2.0) */
    TEST_FP2(D, 41, fsgnjx.d, 0, 0xbff0000000000000, 0xbff0000000000000, 0x4000000000000000)   /* fsgnjx(-1.0, 2.0) */
    TEST_FP2(D, 42, fsgnj.d, 0, 0xbff0000000000000, 0xbff0000000000000, 0xc000000000000000)   /* fsgnj(-1.0, -2.0) */
    TEST_FP2(D, 43, fsgnjn.d, 0, 0x3ff0000000000000, 0xbff0000000000000, 0xc000000000000000)   /* fsgnjn(-1.0, -2.0) */
    TEST_FP2(D, 44, fsgnjx.d, 0, 0x3ff0000000000000, 0xbff0000000000000, 0xc000000000000000)   /* fsgnjx(-1.0, -2.0) */
    TEST_FP2(D, 45, fsgnj.d, 0, 0x3ff0000000000000, 0x3ff0000000000000, 0x4000000000000000)   /* fsgnj(1.0, 2.0) */
    TEST_FP2(D, 46, fsgnjn.d, 0, 0xbff0000000000000, 0x3ff0000000000000, 0x4000000000000000)   /* fsgnjn(1.0, 2.0) */
    TEST_FP2(D, 47, fsgnjx.d, 0, 0x3ff0000000000000, 0x3ff0000000000000, 0x4000000000000000)   /* fsgnjx(1.0, 2.0) */
    TEST_FP2(D, 48, fsgnj.d, 0, 0x8000000000000000, 0x0, 0x8000000000000000)   /* fsgnj(0, -0) */
    TEST_FP2(D, 49, fsgnjn.d, 0, 0x0, 0x0, 0x8000000000000000)   /* fsgnjn(0, -0) */
    TEST_FP2(D, 50, fsgnjx.d, 0, 0x8000000000000000, 0x0, 0x8000000000000000)   /* fsgnjx(0, -0) */
    TEST_FP2(D, 51, fsgnj.d, 0, 0x7ff0000000000000, 0xfff0000000000000, 0x0)   /* fsgnj(-inf, 0) */
    TEST_FP2(D, 52, fsgnjn.d, 0, 0xfff0000000000000, 0xfff0000000000000, 0x0)   /* fsgnjn(-inf, 0) */
    TEST_FP2(D, 53, fsgnjx.d, 0, 0xfff0000000000000, 0xfff0000000000000, 0x0)   /* fsgnjx(-inf, 0) */
    TEST_FP2(D, 54, fsgnj.d, 0, 0xfff8000000000005, 0x7ff8000000000005, 0xbff0000000000000)   /* fsgnj(qNaN(payload), -1.0) */
    TEST_FP2(D, 55, fsgnjn.d, 0, 0x7ff8000000000005, 0x7ff8000000000005, 0xbff0000000000000)   /* fsgnjn(qNaN(payload), -1.0) */
    TEST_FP2(D, 56, fsgnjx.d, 0, 0xfff8000000000005, 0x7ff8000000000005, 0xbff0000000000000)   /* fsgnjx(qNaN(payload), -1.0) */
    TEST_FP2(D, 57, fsgnj.d, 0, 0xfff0000000000003, 0x7ff0000000000003, 0xbff0000000000000)   /* fsgnj(sNaN(payload), -1.0) */
    TEST_FP2(D, 58, fsgnjn.d, 0, 0x7ff0000000000003, 0x7ff0000000000003, 0xbff0000000000000)   /* fsgnjn(sNaN(payload), -1.0) */
    TEST_FP2(D, 59, fsgnjx.d, 0, 0xfff0000000000003, 0x7ff0000000000003, 0xbff0000000000000)   /* fsgnjx(sNaN(payload), -1.0) */
    TEST_FP2(D, 60, fsgnj.d, 0, 0x4008000000000000, 0x4008000000000000, 0x7ff8000000000000)   /* fsgnj(3.0, qnan) */
    TEST_FP2(D, 61, fsgnjn.d, 0, 0xc008000000000000, 0x4008000000000000, 0x7ff8000000000000)   /* fsgnjn(3.0, qnan) */
    TEST_FP2(D, 62, fsgnjx.d, 0, 0x4008000000000000, 0x4008000000000000, 0x7ff8000000000000)   /* fsgnjx(3.0, qnan) */
    TEST_FP2(D, 63, fsgnj.d, 0, 0xc008000000000000, 0x4008000000000000, 0xfff8000000000000)   /* fsgnj(3.0, -qnan) */
    TEST_FP2(D, 64, fsgnjn.d, 0, 0x4008000000000000, 0x4008000000000000, 0xfff8000000000000)   /* fsgnjn(3.0, -qnan) */
    TEST_FP2(D, 65, fsgnjx.d, 0, 0xc008000000000000, 0x4008000000000000, 0xfff8000000000000)   /* fsgnjx(3.0, -qnan) */
    /* fmv / fneg / fabs pseudo-instructions (fsgnj rs, rs forms) */
    TEST_FP1(D, 66, fneg.d, 0, 0x4000000000000000, 0xc000000000000000)   /* fneg(-2.0) */
    TEST_FP1(D, 67, fabs.d, 0, 0x4000000000000000, 0xc000000000000000)   /* fabs(-2.0) */
    TEST_FP1(D, 68, fmv.d, 0, 0xc000000000000000, 0xc000000000000000)   /* fmv(-2.0) */
    TEST_FP1(D, 69, fneg.d, 0, 0xfff0000000000001, 0x7ff0000000000001)   /* fneg(snan) */
    TEST_FP1(D, 70, fabs.d, 0, 0x7ff0000000000001, 0x7ff0000000000001)   /* fabs(snan) */
    TEST_FP1(D, 71, fmv.d, 0, 0x7ff0000000000001, 0x7ff0000000000001)   /* fmv(snan) */
    TEST_FP1(D, 72, fneg.d, 0, 0x7ff0000000000000, 0xfff0000000000000)   /* fneg(-inf) */
    TEST_FP1(D, 73, fabs.d, 0, 0x7ff0000000000000, 0xfff0000000000000)   /* fabs(-inf) */
    TEST_FP1(D, 74, fmv.d, 0, 0xfff0000000000000, 0xfff0000000000000)   /* fmv(-inf) */
    /* feq.d / flt.d / fle.d (feq is quiet: NV only for sNaN; flt/fle signal on any NaN) */
    TEST_FCMP(D, 75, feq.d, 0, 1, 0x3ff0000000000000, 0x3ff0000000000000)   /* feq(1.0, 1.0) */
    TEST_FCMP(D, 76, flt.d, 0, 0, 0x3ff0000000000000, 0x3ff0000000000000)   /* flt(1.0, 1.0) */
    TEST_FCMP(D, 77, fle.d, 0, 1, 0x3ff0000000000000, 0x3ff0000000000000)   /* fle(1.0, 1.0) */
    TEST_FCMP(D, 78, feq.d, 0, 0, 0x3ff0000000000000, 0x4000000000000000)   /* feq(1.0, 2.0) */
    TEST_FCMP(D, 79, flt.d, 0, 1, 0x3ff0000000000000, 0x4000000000000000)   /* flt(1.0, 2.0) */
    TEST_FCMP(D, 80, fle.d, 0, 1, 0x3ff0000000000000, 0x4000000000000000)   /* fle(1.0, 2.0) */
    TEST_FCMP(D, 81, feq.d, 0, 0, 0x4000000000000000, 0x3ff0000000000000)   /* feq(2.0, 1.0) */
    TEST_FCMP(D, 82, flt.d, 0, 0, 0x4000000000000000, 0x3ff0000000000000)   /* flt(2.0, 1.0) */
    TEST_FCMP(D, 83, fle.d, 0, 0, 0x4000000000000000, 0x3ff0000000000000)   /* fle(2.0, 1.0) */
    TEST_FCMP(D, 84, feq.d, 0, 0, 0xbff0000000000000, 0xc000000000000000)   /* feq(-1.0, -2.0) */
    TEST_FCMP(D, 85, flt.d, 0, 0, 0xbff0000000000000, 0xc000000000000000)   /* flt(-1.0, -2.0) */
    TEST_FCMP(D, 86, fle.d, 0, 0, 0xbff0000000000000, 0xc000000000000000)   /* fle(-1.0, -2.0) */
    TEST_FCMP(D, 87, feq.d, 0, 1, 0x0, 0x8000000000000000)   /* feq(0, -0) */
    TEST_FCMP(D, 88, flt.d, 0, 0, 0x0, 0x8000000000000000)   /* flt(0, -0) */
    TEST_FCMP(D, 89, fle.d, 0, 1, 0x0, 0x8000000000000000)   /* fle(0, -0) */
    TEST_FCMP(D, 90, feq.d, 0, 1, 0x8000000000000000, 0x0)   /* feq(-0, 0) */
    TEST_FCMP(D, 91, flt.d, 0, 0, 0x8000000000000000, 0x0)   /* flt(-0, 0) */
    TEST_FCMP(D, 92, fle.d, 0, 1, 0x8000000000000000, 0x0)   /* fle(-0, 0) */
    TEST_FCMP(D, 93, feq.d, 0, 0, 0xfff0000000000000, 0x7ff0000000000000)   /* feq(-inf, inf) */
    TEST_FCMP(D, 94, flt.d, 0, 1, 0xfff0000000000000, 0x7ff0000000000000)   /* flt(-inf, inf) */
    TEST_FCMP(D, 95, fle.d, 0, 1, 0xfff0000000000000, 0x7ff0000000000000)   /* fle(-inf, inf) */
    TEST_FCMP(D, 96, feq.d, 0, 1, 0x7ff0000000000000, 0x7ff0000000000000)   /* feq(inf, inf) */
    TEST_FCMP(D, 97, flt.d, 0, 0, 0x7ff0000000000000, 0x7ff0000000000000)   /* flt(inf, inf) */
    TEST_FCMP(D, 98, fle.d, 0, 1, 0x7ff0000000000000, 0x7ff0000000000000)   /* fle(inf, inf) */
    TEST_FCMP(D, 99, feq.d, 0, 0, 0x8000000000000001, 0x1)   /* feq(-mins, mins) */
    TEST_FCMP(D, 100, flt.d, 0, 1, 0x8000000000000001, 0x1)   /* flt(-mins, mins) */
    TEST_FCMP(D, 101, fle.d, 0, 1, 0x8000000000000001, 0x1)   /* fle(-mins, mins) */
    TEST_FCMP(D, 102, feq.d, 0, 0, 0x7fefffffffffffff, 0x7ff0000000000000)   /* feq(max, inf) */
    TEST_FCMP(D, 103, flt.d, 0, 1, 0x7fefffffffffffff, 0x7ff0000000000000)   /* flt(max, inf) */
    TEST_FCMP(D, 104, fle.d, 0, 1, 0x7fefffffffffffff, 0x7ff0000000000000)   /* fle(max, inf) */
    TEST_FCMP(D, 105, feq.d, 0, 0, 0x7ff8000000000000, 0x3ff0000000000000)   /* feq(qnan, 1.0) */
    TEST_FCMP(D, 106, flt.d, NV, 0, 0x7ff8000000000000, 0x3ff0000000000000)   /* flt(qnan, 1.0) */
    TEST_FCMP(D, 107, fle.d, NV, 0, 0x7ff8000000000000, 0x3ff0000000000000)   /* fle(qnan, 1.0) */
    TEST_FCMP(D, 108, feq.d, 0, 0, 0x3ff0000000000000, 0x7ff8000000000000)   /* feq(1.0, qnan) */
    TEST_FCMP(D, 109, flt.d, NV, 0, 0x3ff0000000000000, 0x7ff8000000000000)   /* flt(1.0, qnan) */
    TEST_FCMP(D, 110, fle.d, NV, 0, 0x3ff0000000000000, 0x7ff8000000000000)   /* fle(1.0, qnan) */
    TEST_FCMP(D, 111, feq.d, 0, 0, 0x7ff8000000000000, 0x7ff8000000000000)   /* feq(qnan, qnan) */
    TEST_FCMP(D, 112, flt.d, NV, 0, 0x7ff8000000000000, 0x7ff8000000000000)   /* flt(qnan, qnan) */
    TEST_FCMP(D, 113, fle.d, NV, 0, 0x7ff8000000000000, 0x7ff8000000000000)   /* fle(qnan, qnan) */
    TEST_FCMP(D, 114, feq.d, NV, 0, 0x7ff0000000000001, 0x3ff0000000000000)   /* feq(snan, 1.0) */
    TEST_FCMP(D, 115, flt.d, NV, 0, 0x7ff0000000000001, 0x3ff0000000000000)   /* flt(snan, 1.0) */
    TEST_FCMP(D, 116, fle.d, NV, 0, 0x7ff0000000000001, 0x3ff0000000000000)   /* fle(snan, 1.0) */
    TEST_FCMP(D, 117, feq.d, NV, 0, 0x3ff0000000000000, 0x7ff0000000000001)   /* feq(1.0, snan) */
    TEST_FCMP(D, 118, flt.d, NV, 0, 0x3ff0000000000000, 0x7ff0000000000001)   /* flt(1.0, snan) */
    TEST_FCMP(D, 119, fle.d, NV, 0, 0x3ff0000000000000, 0x7ff0000000000001)   /* fle(1.0, snan) */
    TEST_FCMP(D, 120, feq.d, NV, 0, 0x7ff0000000000001, 0x7ff0000000000001)   /* feq(snan, snan) */
    TEST_FCMP(D, 121, flt.d, NV, 0, 0x7ff0000000000001, 0x7ff0000000000001)   /* flt(snan, snan) */
    TEST_FCMP(D, 122, fle.d, NV, 0, 0x7ff0000000000001, 0x7ff0000000000001)   /* fle(snan, snan) */
    /* fclass.d: one class bit per value */
    TEST_FCLASS(D, 123, fclass.d, 0x1, 0xfff0000000000000)   /* fclass(-inf) */
    TEST_FCLASS(D, 124, fclass.d, 0x2, 0xbff8000000000000)   /* fclass(-1.5) */
    TEST_FCLASS(D, 125, fclass.d, 0x2, 0xffefffffffffffff)   /* fclass(-max) */
    TEST_FCLASS(D, 126, fclass.d, 0x2, 0x8010000000000000)   /* fclass(-minn) */
    TEST_FCLASS(D, 127, fclass.d, 0x4, 0x8000000000000001)   /* fclass(-mins) */
    TEST_FCLASS(D, 128, fclass.d, 0x4, 0x800fffffffffffff)   /* fclass(-maxs) */
    TEST_FCLASS(D, 129, fclass.d, 0x8, 0x8000000000000000)   /* fclass(-0) */
    TEST_FCLASS(D, 130, fclass.d, 0x10, 0x0)   /* fclass(0) */
    TEST_FCLASS(D, 131, fclass.d, 0x20, 0x1)   /* fclass(mins) */
    TEST_FCLASS(D, 132, fclass.d, 0x20, 0xfffffffffffff)   /* fclass(maxs) */
    TEST_FCLASS(D, 133, fclass.d, 0x40, 0x10000000000000)   /* fclass(minn) */
    TEST_FCLASS(D, 134, fclass.d, 0x40, 0x3ff0000000000000)   /* fclass(1.0) */
    TEST_FCLASS(D, 135, fclass.d, 0x40, 0x7fefffffffffffff)   /* fclass(max) */
    TEST_FCLASS(D, 136, fclass.d, 0x80, 0x7ff0000000000000)   /* fclass(inf) */
    TEST_FCLASS(D, 137, fclass.d, 0x100, 0x7ff0000000000001)   /* fclass(snan) */
    TEST_FCLASS(D, 138, fclass.d, 0x100, 0x7ff0000000000003)   /* fclass(sNaN(payload)) */
    TEST_FCLASS(D, 139, fclass.d, 0x200, 0x7ff8000000000000)   /* fclass(qnan) */
    TEST_FCLASS(D, 140, fclass.d, 0x200, 0xfff8000000000000)   /* fclass(-qnan) */
    TEST_FCLASS(D, 141, fclass.d, 0x200, 0x7ff8000000000005)   /* fclass(qNaN(payload)) */
TEST_CODE_END
