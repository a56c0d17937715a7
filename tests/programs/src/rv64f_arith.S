/* single precision (F) arithmetic: fadd fsub fmul fdiv fsqrt fmadd fmsub fnmadd fnmsub.
   Results (full 64-bit register, NaN-boxed for narrower formats) and the
   accrued fflags after each operation are checked.  NaN results are the
   canonical NaN; NV is raised for signaling NaN inputs, inf-inf, 0*inf
   (also for fma with a quiet-NaN addend), 0/0, sqrt of a negative number;
   tininess is detected after rounding.
   Operands and expected results are IEEE-754 bit patterns; the comment on
   each line gives the operation in readable form (max = largest finite,
   minn = smallest normal, mins / maxs = smallest / largest subnormal,
   qnan = canonical quiet NaN, snan = signaling NaN). */
#include "test_macros.h"

TEST_CODE_BEGIN
    /* fadd.s */
    TEST_FP2(S, 2, fadd.s, 0, 0x40400000, 0x3f800000, 0x40000000)   /* 1.0 + 2.0 */
    TEST_FP2(S, 3, fadd.s, 0, 0x0, 0xbf800000, 0x3f800000)   /* -1.0 + 1.0 */
    TEST_FP2(S, 4, fadd.s, 0, 0x80000000, 0x80000000, 0x80000000)   /* -0 + -0 */
    TEST_FP2(S, 5, fadd.s, 0, 0x0, 0x0, 0x80000000)   /* 0 + -0 */
    TEST_FP2(S, 6, fadd.s, 0, 0xbfa00000, 0x3fc00000, 0xc0300000)   /* 1.5 + -2.75 */
    TEST_FP2(S, 7, fadd.s, NX, 0x3f800000, 0x3f800000, 0x33000000)   /* 1.0 + 1/33554432 */
    TEST_FP2(S, 8, fadd.s, NX, 0x3f800000, 0x3f800000, 0x33800000)   /* 1.0 + 1/16777216 */
    TEST_FP2(S, 9, fadd.s, NX, 0x3f800002, 0x3f800000, 0x34400000)   /* 1.0 + 3/16777216 */
    TEST_FP2(S, 10, fadd.s, OF|NX, 0x7f800000, 0x7f7fffff, 0x7f7fffff)   /* max + max */
    TEST_FP2(S, 11, fadd.s, OF|NX, 0xff800000, 0xff7fffff, 0xff7fffff)   /* -max + -max */
    TEST_FP2(S, 12, fadd.s, 0, 0x7f800000, 0x7f800000, 0x3f800000)   /* inf + 1.0 */
    TEST_FP2(S, 13, fadd.s, NV, 0x7fc00000, 0x7f800000, 0xff800000)   /* inf + -inf */
    TEST_FP2(S, 14, fadd.s, 0, 0xff800000, 0xff800000, 0xff800000)   /* -inf + -inf */
    TEST_FP2(S, 15, fadd.s, 0, 0x7fc00000, 0x7fc00000, 0x3f800000)   /* qnan + 1.0 */
    TEST_FP2(S, 16, fadd.s, NV, 0x7fc00000, 0x3f800000, 0x7f800001)   /* 1.0 + snan */
    TEST_FP2(S, 17, fadd.s, 0, 0x7fc00000, 0xffc00000, 0xff800000)   /* -qnan + -inf */
    TEST_FP2(S, 18, fadd.s, 0, 0x1, 0x800000, 0x807fffff)   /* minn + -maxs */
    TEST_FP2(S, 19, fadd.s, 0, 0x2, 0x1, 0x1)   /* mins + mins */
    TEST_FP2(S, 20, fadd.s, NV, 0x7fc00000, 0x7f800000, 0x7f800001)   /* inf + snan */
    /* fsub.s */
    TEST_FP2(S, 21, fsub.s, 0, 0x40000000, 0x40400000, 0x3f800000)   /* 3.0 - 1.0 */
    TEST_FP2(S, 22, fsub.s, 0, 0xc0000000, 0x3f800000, 0x40400000)   /* 1.0 - 3.0 */
    TEST_FP2(S, 23, fsub.s, 0, 0x0, 0x40200000, 0x40200000)   /* 2.5 - 2.5 */
    TEST_FP2(S, 24, fsub.s, 0, 0x80000000, 0x80000000, 0x0)   /* -0 - 0 */
    TEST_FP2(S, 25, fsub.s, 0, 0x0, 0x0, 0x0)   /* 0 - 0 */
    TEST_FP2(S, 26, fsub.s, NV, 0x7fc00000, 0x7f800000, 0x7f800000)   /* inf - inf */
    TEST_FP2(S, 27, fsub.s, 0, 0x7f800000, 0x7f800000, 0xff800000)   /* inf - -inf */
    TEST_FP2(S, 28, fsub.s, 0, 0x3f7ffffd, 0x3f800000, 0x34400000)   /* 1.0 - 3/16777216 */
    TEST_FP2(S, 29, fsub.s, OF|NX, 0xff800000, 0xff7fffff, 0x7f7fffff)   /* -max - max */
    TEST_FP2(S, 30, fsub.s, NV, 0x7fc00000, 0x7f800001, 0x7fc00000)   /* snan - qnan */
    TEST_FP2(S, 31, fsub.s, 0, 0x7fc00000, 0x7fc00000, 0x7fc00000)   /* qnan - qnan */
    TEST_FP2(S, 32, fsub.s, 0, 0x7fffff, 0x800000, 0x1)   /* minn - mins */
    /* fmul.s */
    TEST_FP2(S, 33, fmul.s, 0, 0x41200000, 0x40200000, 0x40800000)   /* 2.5 * 4.0 */
    TEST_FP2(S, 34, fmul.s, 0, 0xc0c00000, 0xc0000000, 0x40400000)   /* -2.0 * 3.0 */
    TEST_FP2(S, 35, fmul.s, 0, 0x80000000, 0x0, 0xbf800000)   /* 0 * -1.0 */
    TEST_FP2(S, 36, fmul.s, 0, 0x0, 0x80000000, 0x80000000)   /* -0 * -0 */
    TEST_FP2(S, 37, fmul.s, OF|NX, 0x7f800000, 0x7f7fffff, 0x40000000)   /* max * 2.0 */
    TEST_FP2(S, 38, fmul.s, OF|NX, 0xff800000, 0xff7fffff, 0x7f7fffff)   /* -max * max */
    TEST_FP2(S, 39, fmul.s, 0, 0x400000, 0x800000, 0x3f000000)   /* minn * 0.5 */
    TEST_FP2(S, 40, fmul.s, UF|NX, 0x0, 0x1, 0x3f000000)   /* mins * 0.5 */
    TEST_FP2(S, 41, fmul.s, UF|NX, 0x80000000, 0x1, 0xbf000000)   /* mins * -0.5 */
    TEST_FP2(S, 42, fmul.s, UF|NX, 0x2, 0x1, 0x3fc00000)   /* mins * 1.5 */
    TEST_FP2(S, 43, fmul.s, 0, 0x7fffff, 0x800000, 0x3f7ffffe)   /* minn * 0x1.fffffc0000000p-1 */
    TEST_FP2(S, 44, fmul.s, NV, 0x7fc00000, 0x7f800000, 0x0)   /* inf * 0 */
    TEST_FP2(S, 45, fmul.s, 0, 0xff800000, 0xff800000, 0x40000000)   /* -inf * 2.0 */
    TEST_FP2(S, 46, fmul.s, 0, 0x7f800000, 0xff800000, 0xff800000)   /* -inf * -inf */
    TEST_FP2(S, 47, fmul.s, NV, 0x7fc00000, 0x7f800001, 0x0)   /* snan * 0 */
    TEST_FP2(S, 48, fmul.s, 0, 0x7fc00000, 0x7fc00000, 0x7f800000)   /* qnan * inf */
    TEST_FP2(S, 49, fmul.s, NX, 0x3f800002, 0x3f800001, 0x3f800001)   /* 0x1.0000020000000p+0 * 0x1.0000020000000p+0 */
    /* fdiv.s */
    TEST_FP2(S, 50, fdiv.s, 0, 0x40400000, 0x40c00000, 0x40000000)   /* 6.0 / 2.0 */
    TEST_FP2(S, 51, fdiv.s, NX, 0x3eaaaaab, 0x3f800000, 0x40400000)   /* 1.0 / 3.0 */
    TEST_FP2(S, 52, fdiv.s, NX, 0xbeaaaaab, 0xbf800000, 0x40400000)   /* -1.0 / 3.0 */
    TEST_FP2(S, 53, fdiv.s, DZ, 0x7f800000, 0x3f800000, 0x0)   /* 1.0 / 0 */
    TEST_FP2(S, 54, fdiv.s, DZ, 0xff800000, 0xbf800000, 0x0)   /* -1.0 / 0 */
    TEST_FP2(S, 55, fdiv.s, DZ, 0xff800000, 0x3f800000, 0x80000000)   /* 1.0 / -0 */
    TEST_FP2(S, 56, fdiv.s, NV, 0x7fc00000, 0x0, 0x0)   /* 0 / 0 */
    TEST_FP2(S, 57, fdiv.s, NV, 0x7fc00000, 0x7f800000, 0x7f800000)   /* inf / inf */
    TEST_FP2(S, 58, fdiv.s, 0, 0x7f800000, 0x7f800000, 0x0)   /* inf / 0 */
    TEST_FP2(S, 59, fdiv.s, 0, 0x0, 0x3f800000, 0x7f800000)   /* 1.0 / inf */
    TEST_FP2(S, 60, fdiv.s, 0, 0x80000000, 0xbf800000, 0x7f800000)   /* -1.0 / inf */
    TEST_FP2(S, 61, fdiv.s, OF|NX, 0x7f800000, 0x7f7fffff, 0x3f000000)   /* max / 0.5 */
    TEST_FP2(S, 62, fdiv.s, 0, 0x200000, 0x800000, 0x40800000)   /* minn / 4.0 */
    TEST_FP2(S, 63, fdiv.s, UF|NX, 0x2aaaab, 0x800000, 0x40400000)   /* minn / 3.0 */
    TEST_FP2(S, 64, fdiv.s, UF|NX, 0x0, 0x1, 0x40000000)   /* mins / 2.0 */
    TEST_FP2(S, 65, fdiv.s, 0, 0x7fc00000, 0x7fc00000, 0x0)   /* qnan / 0 */
    TEST_FP2(S, 66, fdiv.s, NV, 0x7fc00000, 0x7f800001, 0x3f800000)   /* snan / 1.0 */
    TEST_FP2(S, 67, fdiv.s, 0, 0xbf800000, 0x40e00000, 0xc0e00000)   /* 7.0 / -7.0 */
    /* fsqrt.s */
    TEST_FP1(S, 68, fsqrt.s, 0, 0x40000000, 0x40800000)   /* sqrt(4.0) */
    TEST_FP1(S, 69, fsqrt.s, NX, 0x3fb504f3, 0x40000000)   /* sqrt(2.0) */
    TEST_FP1(S, 70, fsqrt.s, 0, 0x3f000000, 0x3e800000)   /* sqrt(0.25) */
    TEST_FP1(S, 71, fsqrt.s, NX, 0x3fddb3d7, 0x40400000)   /* sqrt(3.0) */
    TEST_FP1(S, 72, fsqrt.s, NX, 0x1a3504f3, 0x1)   /* sqrt(mins) */
    TEST_FP1(S, 73, fsqrt.s, NX, 0x5f7fffff, 0x7f7fffff)   /* sqrt(max) */
    TEST_FP1(S, 74, fsqrt.s, 0, 0x0, 0x0)   /* sqrt(0) */
    TEST_FP1(S, 75, fsqrt.s, 0, 0x80000000, 0x80000000)   /* sqrt(-0) */
    TEST_FP1(S, 76, fsqrt.s, NV, 0x7fc00000, 0xbf800000)   /* sqrt(-1.0) */
    TEST_FP1(S, 77, fsqrt.s, NV, 0x7fc00000, 0x80000001)   /* sqrt(-mins) */
    TEST_FP1(S, 78, fsqrt.s, 0, 0x7f800000, 0x7f800000)   /* sqrt(inf) */
    TEST_FP1(S, 79, fsqrt.s, NV, 0x7fc00000, 0xff800000)   /* sqrt(-inf) */
    TEST_FP1(S, 80, fsqrt.s, 0, 0x7fc00000, 0x7fc00000)   /* sqrt(qnan) */
    TEST_FP1(S, 81, fsqrt.s, NV, 0x7fc00000, 0x7f800001)   /* sqrt(snan) */
    TEST_FP1(S, 82, fsqrt.s, 0, 0x7fc00000, 0xffc00000)   /* sqrt(-qnan) */
    /* fmadd/fmsub/fnmadd/fnmsub.s: fmadd = a*b+c, fmsub = a*b-c, fnmadd = -(a*b)-c, fnmsub = -(a*b)+c */
    TEST_FP3(S, 83, fmadd.s, 0, 0x40a00000, 0x3f800000, 0x40000000, 0x40400000)   /* fmadd(1.0, 2.0, 3.0) */
    TEST_FP3(S, 84, fmadd.s, 0, 0xc0a00000, 0x40000000, 0xc0400000, 0x3f800000)   /* fmadd(2.0, -3.0, 1.0) */
    TEST_FP3(S, 85, fmadd.s, 0, 0xa8800000, 0x3f800001, 0x3f7ffffe, 0xbf800000)   /* fmadd(0x1.0000020000000p+0, 0x1.fffffc0000000p-1, -1.0) */
    TEST_FP3(S, 86, fmadd.s, 0, 0x0, 0x3f800000, 0x3f800000, 0xbf800000)   /* fmadd(1.0, 1.0, -1.0) */
    TEST_FP3(S, 87, fmadd.s, 0, 0x0, 0xbf800000, 0x3f800000, 0x3f800000)   /* fmadd(-1.0, 1.0, 1.0) */
    TEST_FP3(S, 88, fmadd.s, 0, 0x0, 0x0, 0x80000000, 0x0)   /* fmadd(0, -0, 0) */
    TEST_FP3(S, 89, fmadd.s, 0, 0x80000000, 0x0, 0x80000000, 0x80000000)   /* fmadd(0, -0, -0) */
    TEST_FP3(S, 90, fmadd.s, NV, 0x7fc00000, 0x7f800000, 0x0, 0x7fc00000)   /* fmadd(inf, 0, qnan) */
    TEST_FP3(S, 91, fmadd.s, NV, 0x7fc00000, 0x0, 0xff800000, 0x3f800000)   /* fmadd(0, -inf, 1.0) */
    TEST_FP3(S, 92, fmadd.s, NV, 0x7fc00000, 0x7f800000, 0x3f800000, 0xff800000)   /* fmadd(inf, 1.0, -inf) */
    TEST_FP3(S, 93, fmadd.s, 0, 0xff800000, 0x7f7fffff, 0x40000000, 0xff800000)   /* fmadd(max, 2.0, -inf) */
    TEST_FP3(S, 94, fmadd.s, 0, 0x7f7fffff, 0x7f7fffff, 0x40000000, 0xff7fffff)   /* fmadd(max, 2.0, -max) */
    TEST_FP3(S, 95, fmadd.s, NV, 0x7fc00000, 0x7f800001, 0x3f800000, 0x3f800000)   /* fmadd(snan, 1.0, 1.0) */
    TEST_FP3(S, 96, fmadd.s, NV, 0x7fc00000, 0x3f800000, 0x3f800000, 0x7f800001)   /* fmadd(1.0, 1.0, snan) */
    TEST_FP3(S, 97, fmadd.s, 0, 0x7fc00000, 0x7fc00000, 0x3f800000, 0x3f800000)   /* fmadd(qnan, 1.0, 1.0) */
    TEST_FP3(S, 98, fmadd.s, 0, 0x2, 0x3f800000, 0x1, 0x1)   /* fmadd(1.0, mins, mins) */
    TEST_FP3(S, 99, fmadd.s, OF|NX, 0x7f800000, 0x7f7fffff, 0x7f7fffff, 0x3f800000)   /* fmadd(max, max, 1.0) */
    TEST_FP3(S, 100, fmadd.s, NX, 0x3f800002, 0x3f800000, 0x3f800000, 0x34400000)   /* fmadd(1.0, 1.0, 0x1.8000000000000p-23) */
    TEST_FP3(S, 101, fmsub.s, 0, 0x40a00000, 0x40000000, 0x40400000, 0x3f800000)   /* fmsub(2.0, 3.0, 1.0) */
    TEST_FP3(S, 102, fmsub.s, 0, 0x0, 0x3f800000, 0x3f800000, 0x3f800000)   /* fmsub(1.0, 1.0, 1.0) */
    TEST_FP3(S, 103, fmsub.s, 0, 0x0, 0x0, 0x0, 0x0)   /* fmsub(0, 0, 0) */
    TEST_FP3(S, 104, fmsub.s, NX, 0x34800000, 0x3f800001, 0x3f800001, 0x3f800000)   /* fmsub(0x1.0000020000000p+0, 0x1.0000020000000p+0, 1.0) */
    TEST_FP3(S, 105, fmsub.s, NV, 0x7fc00000, 0x7f800000, 0x3f800000, 0x7f800000)   /* fmsub(inf, 1.0, inf) */
    TEST_FP3(S, 106, fmsub.s, NV, 0x7fc00000, 0x7f800001, 0x7fc00000, 0x7fc00000)   /* fmsub(snan, qnan, qnan) */
    TEST_FP3(S, 107, fnmadd.s, 0, 0xc0e00000, 0x40000000, 0x40400000, 0x3f800000)   /* fnmadd(2.0, 3.0, 1.0) */
    TEST_FP3(S, 108, fnmadd.s, 0, 0x0, 0x3f800000, 0x3f800000, 0xbf800000)   /* fnmadd(1.0, 1.0, -1.0) */
    TEST_FP3(S, 109, fnmadd.s, 0, 0x80000000, 0x0, 0x0, 0x0)   /* fnmadd(0, 0, 0) */
    TEST_FP3(S, 110, fnmadd.s, 0, 0x7f800000, 0xc0000000, 0x40400000, 0xff800000)   /* fnmadd(-2.0, 3.0, -inf) */
    TEST_FP3(S, 111, fnmadd.s, NV, 0x7fc00000, 0x7f800000, 0x0, 0x3f800000)   /* fnmadd(inf, 0, 1.0) */
    TEST_FP3(S, 112, fnmadd.s, OF|NX, 0x7f800000, 0x7f7fffff, 0xc0000000, 0x3f800000)   /* fnmadd(max, -2.0, 1.0) */
    TEST_FP3(S, 113, fnmsub.s, 0, 0xc0a00000, 0x40000000, 0x40400000, 0x3f800000)   /* fnmsub(2.0, 3.0, 1.0) */
    TEST_FP3(S, 114, fnmsub.s, 0, 0x0, 0x3f800000, 0x3f800000, 0x3f800000)   /* fnmsub(1.0, 1.0, 1.0) */
    TEST_FP3(S, 115, fnmsub.s, 0, 0x0, 0x0, 0x0, 0x0)   /* fnmsub(0, 0, 0) */
    TEST_FP3(S, 116, fnmsub.s, 0, 0x0, 0x80000000, 0x0, 0x80000000)   /* fnmsub(-0, 0, -0) */
    TEST_FP3(S, 117, fnmsub.s, 0, 0x28800000, 0x3f800001, 0x3f7ffffe, 0x3f800000)   /* fnmsub(0x1.0000020000000p+0, 0x1.fffffc0000000p-1, 1.0) */
    TEST_FP3(S, 118, fnmsub.s, 0, 0x7fc00000, 0x7fc00000, 0x7f800000, 0x0)   /* fnmsub(qnan, inf, 0) */
TEST_CODE_END
