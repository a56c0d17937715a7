/* single precision (F) min/max, sign injection, comparisons, classification:
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
    /* fmin.s / fmax.s */
    TEST_FP2(S, 2, fmin.s, 0, 0x3f800000, 0x3f800000, 0x40000000)   /* fmin(1.0, 2.0) */
    TEST_FP2(S, 3, fmax.s, 0, 0x40000000, 0x3f800000, 0x40000000)   /* fmax(1.0, 2.0) */
    TEST_FP2(S, 4, fmin.s, 0, 0xc0000000, 0xbf800000, 0xc0000000)   /* fmin(-1.0, -2.0) */
    TEST_FP2(S, 5, fmax.s, 0, 0xbf800000, 0xbf800000, 0xc0000000)   /* fmax(-1.0, -2.0) */
    TEST_FP2(S, 6, fmin.s, 0, 0x80000000, 0x0, 0x80000000)   /* fmin(0, -0) */
    TEST_FP2(S, 7, fmax.s, 0, 0x0, 0x0, 0x80000000)   /* fmax(0, -0) */
    TEST_FP2(S, 8, fmin.s, 0, 0x80000000, 0x80000000, 0x0)   /* fmin(-0, 0) */
    TEST_FP2(S, 9, fmax.s, 0, 0x0, 0x80000000, 0x0)   /* fmax(-0, 0) */
    TEST_FP2(S, 10, fmin.s, 0, 0xff800000, 0xff800000, 0x7f800000)   /* fmin(-inf, inf) */
    TEST_FP2(S, 11, fmax.s, 0, 0x7f800000, 0xff800000, 0x7f800000)   /* fmax(-inf, inf) */
    TEST_FP2(S, 12, fmin.s, 0, 0x7f7fffff, 0x7f7fffff, 0x7f800000)   /* fmin(max, inf) */
    TEST_FP2(S, 13, fmax.s, 0, 0x7f800000, 0x7f7fffff, 0x7f800000)   /* fmax(max, inf) */
    TEST_FP2(S, 14, fmin.s, 0, 0x80000001, 0x1, 0x80000001)   /* fmin(mins, -mins) */
    TEST_FP2(S, 15, fmax.s, 0, 0x1, 0x1, 0x80000001)   /* fmax(mins, -mins) */
    TEST_FP2(S, 16, fmin.s, 0, 0x3f800000, 0x7fc00000, 0x3f800000)   /* fmin(qnan, 1.0) */
    TEST_FP2(S, 17, fmax.s, 0, 0x3f800000, 0x7fc00000, 0x3f800000)   /* fmax(qnan, 1.0) */
    TEST_FP2(S, 18, fmin.s, 0, 0x3f800000, 0x3f800000, 0x7fc00000)   /* fmin(1.0, qnan) */
    TEST_FP2(S, 19, fmax.s, 0, 0x3f800000, 0x3f800000, 0x7fc00000)   /* fmax(1.0, qnan) */
    TEST_FP2(S, 20, fmin.s, 0, 0xc0400000, 0x7fc00005, 0xc0400000)   /* fmin(qNaN(payload), -3.0) */
    TEST_FP2(S, 21, fmax.s, 0, 0xc0400000, 0x7fc00005, 0xc0400000)   /* fmax(qNaN(payload), -3.0) */
    TEST_FP2(S, 22, fmin.s, NV, 0x3f800000, 0x7f800001, 0x3f800000)   /* fmin(snan, 1.0) */
    TEST_FP2(S, 23, fmax.s, NV, 0x3f800000, 0x7f800001, 0x3f800000)   /* fmax(snan, 1.0) */
    TEST_FP2(S, 24, fmin.s, NV, 0x3f800000, 0x3f800000, 0x7f800001)   /* fmin(1.0, snan) */
    TEST_FP2(S, 25, fmax.s, NV, 0x3f800000, 0x3f800000, 0x7f800001)   /* fmax(1.0, snan) */
    TEST_FP2(S, 26, fmin.s, 0, 0x7fc00000, 0x7fc00000, 0x7fc00000)   /* fmin(qnan, qnan) */
    TEST_FP2(S, 27, fmax.s, 0, 0x7fc00000, 0x7fc00000, 0x7fc00000)   /* fmax(qnan, qnan) */
    TEST_FP2(S, 28, fmin.s, NV, 0x7fc00000, 0x7f800001, 0x7fc00000)   /* fmin(snan, qnan) */
    TEST_FP2(S, 29, fmax.s, NV, 0x7fc00000, 0x7f800001, 0x7fc00000)   /* fmax(snan, qnan) */
    TEST_FP2(S, 30, fmin.s, NV, 0x7fc00000, 0x7f800001, 0x7f800001)   /* fmin(snan, snan) */
    TEST_FP2(S, 31, fmax.s, NV, 0x7fc00000, 0x7f800001, 0x7f800001)   /* fmax(snan, snan) */
    TEST_FP2(S, 32, fmin.s, 0, 0xff800000, 0xffc00000, 0xff800000)   /* fmin(-qnan, -inf) */
    TEST_FP2(S, 33, fmax.s, 0, 0xff800000, 0xffc00000, 0xff800000)   /* fmax(-qnan, -inf) */
    TEST_FP2(S, 34, fmin.s, NV, 0x80000000, 0x7f800003, 0x80000000)   /* fmin(sNaN(payload), -0) */
    TEST_FP2(S, 35, fmax.s, NV, 0x80000000, 0x7f800003, 0x80000000)   /* fmax(sNaN(payload), -0) */
    /* fsgnj.s / fsgnjn.s / fsgnjx.s: pure bit operations, NaNs are not canonicalised, no flags */
    TEST_FP2(S, 36, fsgnj.s, 0, 0xbf800000, 0x3f800000, 0xc0000000)   /* fsgnj(1.0, -2.0) */
    TEST_FP2(S, 37, fsgnjn.s, 0, 0x3f800000, 0x3f800000, 0xc0000000)   /* fsgnjn(1.0, -2.0) */
    TEST_FP2(S, 38, fsgnjx.s, 0, 0xbf800000, 0x3f800000, 0xc0000000)   /* fsgnjx(1.0, -2.0) */
    TEST_FP2(S, 39, fsgnj.s, 0, 0x3f800000, 0xbf800000, 0x40000000)   /* fsgnj(-1.0, 2.0) */
    TEST_FP2(S, 40, fsgnjn.s, 0, 0xbf800000, 0xbf800000, 0x40000000)   /* fsgnjn(-1.0, 2.0) */
    TEST_FP2(S, 41, fsgnjx.s, 0, 0xbf800000, 0xbf800000, 0x40000000)   /* fsgnjx(-1.0, 2.0) */
    TEST_FP2(S, 42, fsgnj.s, 0, 0xbf800000, 0xbf800000, 0xc0000000)   /* fsgnj(-1.0, -2.0) */
    TEST_FP2(S, 43, fsgnjn.s, 0, 0x3f800000, 0xbf800000, 0xc0000000)   /* fsgnjn(-1.0, -2.0) */
    TEST_FP2(S, 44, fsgnjx.s, 0, 0x3f800000, 0xbf800000, 0xc0000000)   /* fsgnjx(-1.0, -2.0) */
    TEST_FP2(S, 45, fsgnj.s, 0, 0x3f800000, 0x3f800000, 0x40000000)   /* fsgnj(1.0, 2.0) */
    TEST_FP2(S, 46, fsgnjn.s, 0, 0xbf800000, 0x3f800000, 0x40000000)   /* fsgnjn(1.0, 2.0) */
    TEST_FP2(S, 47, fsgnjx.s, 0, 0x3f800000, 0x3f800000, 0x40000000)   /* fsgnjx(1.0, 2.0) */
    TEST_FP2(S, 48, fsgnj.s, 0, 0x80000000, 0x0, 0x80000000)   /* fsgnj(0, -0) */
    TEST_FP2(S, 49, fsgnjn.s, 0, 0x0, 0x0, 0x80000000)   /* fsgnjn(0, -0) */
    TEST_FP2(S, 50, fsgnjx.s, 0, 0x80000000, 0x0, 0x80000000)   /* fsgnjx(0, -0) */
    TEST_FP2(S, 51, fsgnj.s, 0, 0x7f800000, 0xff800000, 0x0)   /* fsgnj(-inf, 0) */
    TEST_FP2(S, 52, fsgnjn.s, 0, 0xff800000, 0xff800000, 0x0)   /* fsgnjn(-inf, 0) */
    TEST_FP2(S, 53, fsgnjx.s, 0, 0xff800000, 0xff800000, 0x0)   /* fsgnjx(-inf, 0) */
    TEST_FP2(S, 54, fsgnj.s, 0, 0xffc00005, 0x7fc00005, 0xbf800000)   /* fsgnj(qNaN(payload), -1.0) */
    TEST_FP2(S, 55, fsgnjn.s, 0, 0x7fc00005, 0x7fc00005, 0xbf800000)   /* fsgnjn(qNaN(payload), -1.0) */
    TEST_FP2(S, 56, fsgnjx.s, 0, 0xffc00005, 0x7fc00005, 0xbf800000)   /* fsgnjx(qNaN(payload), -1.0) */
    TEST_FP2(S, 57, fsgnj.s, 0, 0xff800003, 0x7f800003, 0xbf800000)   /* fsgnj(sNaN(payload), -1.0) */
    TEST_FP2(S, 58, fsgnjn.s, 0, 0x7f800003, 0x7f800003, 0xbf800000)   /* fsgnjn(sNaN(payload), -1.0) */
    TEST_FP2(S, 59, fsgnjx.s, 0, 0xff800003, 0x7f800003, 0xbf800000)   /* fsgnjx(sNaN(payload), -1.0) */
    TEST_FP2(S, 60, fsgnj.s, 0, 0x40400000, 0x40400000, 0x7fc00000)   /* fsgnj(3.0, qnan) */
    TEST_FP2(S, 61, fsgnjn.s, 0, 0xc0400000, 0x40400000, 0x7fc00000)   /* fsgnjn(3.0, qnan) */
    TEST_FP2(S, 62, fsgnjx.s, 0, 0x40400000, 0x40400000, 0x7fc00000)   /* fsgnjx(3.0, qnan) */
    TEST_FP2(S, 63, fsgnj.s, 0, 0xc0400000, 0x40400000, 0xffc00000)   /* fsgnj(3.0, -qnan) */
    TEST_FP2(S, 64, fsgnjn.s, 0, 0x40400000, 0x40400000, 0xffc00000)   /* fsgnjn(3.0, -qnan) */
    TEST_FP2(S, 65, fsgnjx.s, 0, 0xc0400000, 0x40400000, 0xffc00000)   /* fsgnjx(3.0, -qnan) */
    /* fmv / fneg / fabs pseudo-instructions (fsgnj rs, rs forms) */
    TEST_FP1(S, 66, fneg.s, 0, 0x40000000, 0xc0000000)   /* fneg(-2.0) */
    TEST_FP1(S, 67, fabs.s, 0, 0x40000000, 0xc0000000)   /* fabs(-2.0) */
    TEST_FP1(S, 68, fmv.s, 0, 0xc0000000, 0xc0000000)   /* fmv(-2.0) */
    TEST_FP1(S, 69, fneg.s, 0, 0xff800001, 0x7f800001)   /* fneg(snan) */
    TEST_FP1(S, 70, fabs.s, 0, 0x7f800001, 0x7f800001)   /* fabs(snan) */
    TEST_FP1(S, 71, fmv.s, 0, 0x7f800001, 0x7f800001)   /* fmv(snan) */
    TEST_FP1(S, 72, fneg.s, 0, 0x7f800000, 0xff800000)   /* fneg(-inf) */
    TEST_FP1(S, 73, fabs.s, 0, 0x7f800000, 0xff800000)   /* fabs(-inf) */
    TEST_FP1(S, 74, fmv.s, 0, 0xff800000, 0xff800000)   /* fmv(-inf) */
    /* feq.s / flt.s / fle.s (feq is quiet: NV only for sNaN; flt/fle signal on any NaN) */
    TEST_FCMP(S, 75, feq.s, 0, 1, 0x3f800000, 0x3f800000)   /* feq(1.0, 1.0) */
    TEST_FCMP(S, 76, flt.s, 0, 0, 0x3f800000, 0x3f800000)   /* flt(1.0, 1.0) */
    TEST_FCMP(S, 77, fle.s, 0, 1, 0x3f800000, 0x3f800000)   /* fle(1.0, 1.0) */
    TEST_FCMP(S, 78, feq.s, 0, 0, 0x3f800000, 0x40000000)   /* feq(1.0, 2.0) */
    TEST_FCMP(S, 79, flt.s, 0, 1, 0x3f800000, 0x40000000)   /* flt(1.0, 2.0) */
    TEST_FCMP(S, 80, fle.s, 0, 1, 0x3f800000, 0x40000000)   /* fle(1.0, 2.0) */
    TEST_FCMP(S, 81, feq.s, 0, 0, 0x40000000, 0x3f800000)   /* feq(2.0, 1.0) */
    TEST_FCMP(S, 82, flt.s, 0, 0, 0x40000000, 0x3f800000)   /* flt(2.0, 1.0) */
    TEST_FCMP(S, 83, fle.s, 0, 0, 0x40000000, 0x3f800000)   /* fle(2.0, 1.0) */
    TEST_FCMP(S, 84, feq.s, 0, 0, 0xbf800000, 0xc0000000)   /* feq(-1.0, -2.0) */
    TEST_FCMP(S, 85, flt.s, 0, 0, 0xbf800000, 0xc0000000)   /* flt(-1.0, -2.0) */
    TEST_FCMP(S, 86, fle.s, 0, 0, 0xbf800000, 0xc0000000)   /* fle(-1.0, -2.0) */
    TEST_FCMP(S, 87, feq.s, 0, 1, 0x0, 0x80000000)   /* feq(0, -0) */
    TEST_FCMP(S, 88, flt.s, 0, 0, 0x0, 0x80000000)   /* flt(0, -0) */
    TEST_FCMP(S, 89, fle.s, 0, 1, 0x0, 0x80000000)   /* fle(0, -0) */
    TEST_FCMP(S, 90, feq.s, 0, 1, 0x80000000, 0x0)   /* feq(-0, 0) */
    TEST_FCMP(S, 91, flt.s, 0, 0, 0x80000000, 0x0)   /* flt(-0, 0) */
    TEST_FCMP(S, 92, fle.s, 0, 1, 0x80000000, 0x0)   /* fle(-0, 0) */
    TEST_FCMP(S, 93, feq.s, 0, 0, 0xff800000, 0x7f800000)   /* feq(-inf, inf) */
    TEST_FCMP(S, 94, flt.s, 0, 1, 0xff800000, 0x7f800000)   /* flt(-inf, inf) */
    TEST_FCMP(S, 95, fle.s, 0, 1, 0xff800000, 0x7f800000)   /* fle(-inf, inf) */
    TEST_FCMP(S, 96, feq.s, 0, 1, 0x7f800000, 0x7f800000)   /* feq(inf, inf) */
    TEST_FCMP(S, 97, flt.s, 0, 0, 0x7f800000, 0x7f800000)   /* flt(inf, inf) */
    TEST_FCMP(S, 98, fle.s, 0, 1, 0x7f800000, 0x7f800000)   /* fle(inf, inf) */
    TEST_FCMP(S, 99, feq.s, 0, 0, 0x80000001, 0x1)   /* feq(-mins, mins) */
    TEST_FCMP(S, 100, flt.s, 0, 1, 0x80000001, 0x1)   /* flt(-mins, mins) */
    TEST_FCMP(S, 101, fle.s, 0, 1, 0x80000001, 0x1)   /* fle(-mins, mins) */
    TEST_FCMP(S, 102, feq.s, 0, 0, 0x7f7fffff, 0x7f800000)   /* feq(max, inf) */
    TEST_FCMP(S, 103, flt.s, 0, 1, 0x7f7fffff, 0x7f800000)   /* flt(max, inf) */
    TEST_FCMP(S, 104, fle.s, 0, 1, 0x7f7fffff, 0x7f800000)   /* fle(max, inf) */
    TEST_FCMP(S, 105, feq.s, 0, 0, 0x7fc00000, 0x3f800000)   /* feq(qnan, 1.0) */
    TEST_FCMP(S, 106, flt.s, NV, 0, 0x7fc00000, 0x3f800000)   /* flt(qnan, 1.0) */
    TEST_FCMP(S, 107, fle.s, NV, 0, 0x7fc00000, 0x3f800000)   /* fle(qnan, 1.0) */
    TEST_FCMP(S, 108, feq.s, 0, 0, 0x3f800000, 0x7fc00000)   /* feq(1.0, qnan) */
    TEST_FCMP(S, 109, flt.s, NV, 0, 0x3f800000, 0x7fc00000)   /* flt(1.0, qnan) */
    TEST_FCMP(S, 110, fle.s, NV, 0, 0x3f800000, 0x7fc00000)   /* fle(1.0, qnan) */
    TEST_FCMP(S, 111, feq.s, 0, 0, 0x7fc00000, 0x7fc00000)   /* feq(qnan, qnan) */
    TEST_FCMP(S, 112, flt.s, NV, 0, 0x7fc00000, 0x7fc00000)   /* flt(qnan, qnan) */
    TEST_FCMP(S, 113, fle.s, NV, 0, 0x7fc00000, 0x7fc00000)   /* fle(qnan, qnan) */
    TEST_FCMP(S, 114, feq.s, NV, 0, 0x7f800001, 0x3f800000)   /* feq(snan, 1.0) */
    TEST_FCMP(S, 115, flt.s, NV, 0, 0x7f800001, 0x3f800000)   /* flt(snan, 1.0) */
    TEST_FCMP(S, 116, fle.s, NV, 0, 0x7f800001, 0x3f800000)   /* fle(snan, 1.0) */
    TEST_FCMP(S, 117, feq.s, NV, 0, 0x3f800000, 0x7f800001)   /* feq(1.0, snan) */
    TEST_FCMP(S, 118, flt.s, NV, 0, 0x3f800000, 0x7f800001)   /* flt(1.0, snan) */
    TEST_FCMP(S, 119, fle.s, NV, 0, 0x3f800000, 0x7f800001)   /* fle(1.0, snan) */
    TEST_FCMP(S, 120, feq.s, NV, 0, 0x7f800001, 0x7f800001)   /* feq(snan, snan) */
    TEST_FCMP(S, 121, flt.s, NV, 0, 0x7f800001, 0x7f800001)   /* flt(snan, snan) */
    TEST_FCMP(S, 122, fle.s, NV, 0, 0x7f800001, 0x7f800001)   /* fle(snan, snan) */
    /* fclass.s: one class bit per value */
    TEST_FCLASS(S, 123, fclass.s, 0x1, 0xff800000)   /* fclass(-inf) */
    TEST_FCLASS(S, 124, fclass.s, 0x2, 0xbfc00000)   /* fclass(-1.5) */
    TEST_FCLASS(S, 125, fclass.s, 0x2, 0xff7fffff)   /* fclass(-max) */
    TEST_FCLASS(S, 126, fclass.s, 0x2, 0x80800000)   /* fclass(-minn) */
    TEST_FCLASS(S, 127, fclass.s, 0x4, 0x80000001)   /* fclass(-mins) */
    TEST_FCLASS(S, 128, fclass.s, 0x4, 0x807fffff)   /* fclass(-maxs) */
    TEST_FCLASS(S, 129, fclass.s, 0x8, 0x80000000)   /* fclass(-0) */
    TEST_FCLASS(S, 130, fclass.s, 0x10, 0x0)   /* fclass(0) */
    TEST_FCLASS(S, 131, fclass.s, 0x20, 0x1)   /* fclass(mins) */
    TEST_FCLASS(S, 132, fclass.s, 0x20, 0x7fffff)   /* fclass(maxs) */
    TEST_FCLASS(S, 133, fclass.s, 0x40, 0x800000)   /* fclass(minn) */
    TEST_FCLASS(S, 134, fclass.s, 0x40, 0x3f800000)   /* fclass(1.0) */
    TEST_FCLASS(S, 135, fclass.s, 0x40, 0x7f7fffff)   /* fclass(max) */
    TEST_FCLASS(S, 136, fclass.s, 0x80, 0x7f800000)   /* fclass(inf) */
    TEST_FCLASS(S, 137, fclass.s, 0x100, 0x7f800001)   /* fclass(snan) */
    TEST_FCLASS(S, 138, fclass.s, 0x100, 0x7f800003)   /* fclass(sNaN(payload)) */
    TEST_FCLASS(S, 139, fclass.s, 0x200, 0x7fc00000)   /* fclass(qnan) */
    TEST_FCLASS(S, 140, fclass.s, 0x200, 0xffc00000)   /* fclass(-qnan) */
    TEST_FCLASS(S, 141, fclass.s, 0x200, 0x7fc00005)   /* fclass(qNaN(payload)) */
TEST_CODE_END
