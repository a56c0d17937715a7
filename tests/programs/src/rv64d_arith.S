/* double precision (D) arithmetic: fadd fsub fmul fdiv fsqrt fmadd fmsub fnmadd fnmsub.
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
    /* fadd.d */
    TEST_FP2(D, 2, fadd.d, 0, 0x4008000000000000, 0x3ff0000000000000, 0x4000000000000000)   /* 1.0 + 2.0 */
    TEST_FP2(D, 3, fadd.d, 0, 0x0, 0xbff0000000000000, 0x3ff0000000000000)   /* -1.0 + 1.0 */
    TEST_FP2(D, 4, fadd.d, 0, 0x8000000000000000, 0x8000000000000000, 0x8000000000000000)   /* -0 + -0 */
    TEST_FP2(D, 5, fadd.d, 0, 0x0, 0x0, 0x8000000000000000)   /* 0 + -0 */
    TEST_FP2(D, 6, fadd.d, 0, 0xbff4000000000000, 0x3ff8000000000000, 0xc006000000000000)   /* 1.5 + -2.75 */
    TEST_FP2(D, 7, fadd.d, NX, 0x3ff0000000000000, 0x3ff0000000000000, 0x3c90000000000000)   /* 1.0 + 1/18014398509481984 */
    TEST_FP2(D, 8, fadd.d, NX, 0x3ff0000000000000, 0x3ff0000000000000, 0x3ca0000000000000)   /* 1.0 + 1/9007199254740992 */
    TEST_FP2(D, 9, fadd.d, NX, 0x3ff0000000000002, 0x3ff0000000000000, 0x3cb8000000000000)   /* 1.0 + 3/9007199254740992 */
    TEST_FP2(D, 10, fadd.d, OF|NX, 0x7ff0000000000000, 0x7fefffffffffffff, 0x7fefffffffffffff)   /* max + max */
    TEST_FP2(D, 11, fadd.d, OF|NX, 0xfff0000000000000, 0xffefffffffffffff, 0xffefffffffffffff)   /* -max + -max */
    TEST_FP2(D, 12, fadd.d, 0, 0x7ff0000000000000, 0x7ff0000000000000, 0x3ff0000000000000)   /* inf + 1.0 */
    TEST_FP2(D, 13, fadd.d, NV, 0x7ff8000000000000, 0x7ff0000000000000, 0xfff0000000000000)   /* inf + -inf */
    TEST_FP2(D, 14, fadd.d, 0, 0xfff0000000000000, 0xfff0000000000000, 0xfff0000000000000)   /* -inf + -inf */
    TEST_FP2(D, 15, fadd.d, 0, 0x7ff8000000000000, 0x7ff8000000000000, 0x3ff0000000000000)   /* qnan + 1.0 */
    TEST_FP2(D, 16, fadd.d, NV, 0x7ff8000000000000, 0x3ff0000000000000, 0x7ff0000000000001)   /* 1.0 + snan */
    TEST_FP2(D, 17, fadd.d, 0, 0x7ff8000000000000, 0xfff8000000000000, 0xfff0000000000000)   /* -qnan + -inf */
    TEST_FP2(D, 18, fadd.d, 0, 0x1, 0x10000000000000, 0x800fffffffffffff)   /* minn + -maxs */
    TEST_FP2(D, 19, fadd.d, 0, 0x2, 0x1, 0x1)   /* mins + mins */
    TEST_FP2(D, 20, fadd.d, NV, 0x7ff8000000000000, 0x7ff0000000000000, 0x7ff0000000000001)   /* inf + snan */
    /* fsub.d */
    TEST_FP2(D, 21, fsub.d, 0, 0x4000000000000000, 0x4008000000000000, 0x3ff0000000000000)   /* 3.0 - 1.0 */
    TEST_FP2(D, 22, fsub.d, 0, 0xc000000000000000, 0x3ff0000000000000, 0x4008000000000000)   /* 1.0 - 3.0 */
    TEST_FP2(D, 23, fsub.d, 0, 0x0, 0x4004000000000000, 0x4004000000000000)   /* 2.5 - 2.5 */
    TEST_FP2(D, 24, fsub.d, 0, 0x8000000000000000, 0x8000000000000000, 0x0)   /* -0 - 0 */
    TEST_FP2(D, 25, fsub.d, 0, 0x0, 0x0, 0x0)   /* 0 - 0 */
    TEST_FP2(D, 26, fsub.d, NV, 0x7ff8000000000000, 0x7ff0000000000000, 0x7ff0000000000000)   /* inf - inf */
    TEST_FP2(D, 27, fsub.d, 0, 0x7ff0000000000000, 0x7ff0000000000000, 0xfff0000000000000)   /* inf - -inf */
    TEST_FP2(D, 28, fsub.d, 0, 0x3feffffffffffffd, 0x3ff0000000000000, 0x3cb8000000000000)   /* 1.0 - 3/9007199254740992 */
    TEST_FP2(D, 29, fsub.d, OF|NX, 0xfff0000000000000, 0xffefffffffffffff, 0x7fefffffffffffff)   /* -max - max */
    TEST_FP2(D, 30, fsub.d, NV, 0x7ff8000000000000, 0x7ff0000000000001, 0x7ff8000000000000)   /* snan - qnan */
    TEST_FP2(D, 31, fsub.d, 0, 0x7ff8000000000000, 0x7ff8000000000000, 0x7ff8000000000000)   /* qnan - qnan */
    TEST_FP2(D, 32, fsub.d, 0, 0xfffffffffffff, 0x10000000000000, 0x1)   /* minn - mins */
    /* fmul.d */
    TEST_FP2(D, 33, fmul.d, 0, 0x4024000000000000, 0x4004000000000000, 0x4010000000000000)   /* 2.5 * 4.0 */
    TEST_FP2(D, 34, fmul.d, 0, 0xc018000000000000, 0xc000000000000000, 0x4008000000000000)   /* -2.0 * 3.0 */
    TEST_FP2(D, 35, fmul.d, 0, 0x8000000000000000, 0x0, 0xbff0000000000000)   /* 0 * -1.0 */
    TEST_FP2(D, 36, fmul.d, 0, 0x0, 0x8000000000000000, 0x8000000000000000)   /* -0 * -0 */
    TEST_FP2(D, 37, fmul.d, OF|NX, 0x7ff0000000000000, 0x7fefffffffffffff, 0x4000000000000000)   /* max * 2.0 */
    TEST_FP2(D, 38, fmul.d, OF|NX, 0xfff0000000000000, 0xffefffffffffffff, 0x7fefffffffffffff)   /* -max * max */
    TEST_FP2(D, 39, fmul.d, 0, 0x8000000000000, 0x10000000000000, 0x3fe0000000000000)   /* minn * 0.5 */
    TEST_FP2(D, 40, fmul.d, UF|NX, 0x0, 0x1, 0x3fe0000000000000)   /* mins * 0.5 */
    TEST_FP2(D, 41, fmul.d, UF|NX, 0x8000000000000000, 0x1, 0xbfe0000000000000)   /* mins * -0.5 */
    TEST_FP2(D, 42, fmul.d, UF|NX, 0x2, 0x1, 0x3ff8000000000000)   /* mins * 1.5 */
    TEST_FP2(D, 43, fmul.d, 0, 0xfffffffffffff, 0x10000000000000, 0x3feffffffffffffe)   /* minn * 0x1.ffffffffffffep-1 */
    TEST_FP2(D, 44, fmul.d, NV, 0x7ff8000000000000, 0x7ff0000000000000, 0x0)   /* inf * 0 */
    TEST_FP2(D, 45, fmul.d, 0, 0xfff0000000000000, 0xfff0000000000000, 0x4000000000000000)   /* -inf * 2.0 */
    TEST_FP2(D, 46, fmul.d, 0, 0x7ff0000000000000, 0xfff0000000000000, 0xfff0000000000000)   /* -inf * -inf */
    TEST_FP2(D, 47, fmul.d, NV, 0x7ff8000000000000, 0x7ff0000000000001, 0x0)   /* snan * 0 */
    TEST_FP2(D, 48, fmul.d, 0, 0x7ff8000000000000, 0x7ff8000000000000, 0x7ff0000000000000)   /* qnan * inf */
    TEST_FP2(D, 49, fmul.d, NX, 0x3ff0000000000002, 0x3ff0000000000001, 0x3ff0000000000001)   /* 0x1.0000000000001p+0 * 0x1.0000000000001p+0 */
    /* fdiv.d */
    TEST_FP2(D, 50, fdiv.d, 0, 0x4008000000000000, 0x4018000000000000, 0x4000000000000000)   /* 6.0 / 2.0 */
    TEST_FP2(D, 51, fdiv.d, NX, 0x3fd5555555555555, 0x3ff0000000000000, 0x4008000000000000)   /* 1.0 / 3.0 */
    TEST_FP2(D, 52, fdiv.d, NX, 0xbfd5555555555555, 0xbff0000000000000, 0x4008000000000000)   /* -1.0 / 3.0 */
    TEST_FP2(D, 53, fdiv.d, DZ, 0x7ff0000000000000, 0x3ff0000000000000, 0x0)   /* 1.0 / 0 */
    TEST_FP2(D, 54, fdiv.d, DZ, 0xfff0000000000000, 0xbff0000000000000, 0x0)   /* -1.0 / 0 */
    TEST_FP2(D, 55, fdiv.d, DZ, 0xfff0000000000000, 0x3ff0000000000000, 0x8000000000000000)   /* 1.0 / -0 */
    TEST_FP2(D, 56, fdiv.d, NV, 0x7ff8000000000000, 0x0, 0x0)   /* 0 / 0 */
    TEST_FP2(D, 57, fdiv.d, NV, 0x7ff8000000000000, 0x7ff0000000000000, 0x7ff0000000000000)   /* inf / inf */
    TEST_FP2(D, 58, fdiv.d, 0, 0x7ff0000000000000, 0x7ff0000000000000, 0x0)   /* inf / 0 */
    TEST_FP2(D, 59, fdiv.d, 0, 0x0, 0x3ff0000000000000, 0x7ff0000000000000)   /* 1.0 / inf */
    TEST_FP2(D, 60, fdiv.d, 0, 0x8000000000000000, 0xbff0000000000000, 0x7ff0000000000000)   /* -1.0 / inf */
    TEST_FP2(D, 61, fdiv.d, OF|NX, 0x7ff0000000000000, 0x7fefffffffffffff, 0x3fe0000000000000)   /* max / 0.5 */
    TEST_FP2(D, 62, fdiv.d, 0, 0x4000000000000, 0x10000000000000, 0x4010000000000000)   /* minn / 4.0 */
    TEST_FP2(D, 63, fdiv.d, UF|NX, 0x5555555555555, 0x10000000000000, 0x4008000000000000)   /* minn / 3.0 */
    TEST_FP2(D, 64, fdiv.d, UF|NX, 0x0, 0x1, 0x4000000000000000)   /* mins / 2.0 */
    TEST_FP2(D, 65, fdiv.d, 0, 0x7ff8000000000000, 0x7ff8000000000000, 0x0)   /* qnan / 0 */
    TEST_FP2(D, 66, fdiv.d, NV, 0x7ff8000000000000, 0x7ff0000000000001, 0x3ff0000000000000)   /* snan / 1.0 */
    TEST_FP2(D, 67, fdiv.d, 0, 0xbff0000000000000, 0x401c000000000000, 0xc01c000000000000)   /* 7.0 / -7.0 */
    /* fsqrt.d */
    TEST_FP1(D, 68, fsqrt.d, 0, 0x4000000000000000, 0x4010000000000000)   /* sqrt(4.0) */
    TEST_FP1(D, 69, fsqrt.d, NX, 0x3ff6a09e667f3bcd, 0x4000000000000000)   /* sqrt(2.0) */
    TEST_FP1(D, 70, fsqrt.d, 0, 0x3fe0000000000000, 0x3fd0000000000000)   /* sqrt(0.25) */
    TEST_FP1(D, 71, fsqrt.d, NX, 0x3ffbb67ae8584caa, 0x4008000000000000)   /* sqrt(3.0) */
    TEST_FP1(D, 72, fsqrt.d, 0, 0x1e60000000000000, 0x1)   /* sqrt(mins) */
    TEST_FP1(D, 73, fsqrt.d, NX, 0x5fefffffffffffff, 0x7fefffffffffffff)   /* sqrt(max) */
    TEST_FP1(D, 74, fsqrt.d, 0, 0x0, 0x0)   /* sqrt(0) */
    TEST_FP1(D, 75, fsqrt.d, 0, 0x8000000000000000, 0x8000000000000000)   /* sqrt(-0) */
    TEST_FP1(D, 76, fsqrt.d, NV, 0x7ff8000000000000, 0xbff0000000000000)   /* sqrt(-1.0) */
    TEST_FP1(D, 77, fsqrt.d, NV, 0x7ff8000000000000, 0x8000000000000001)   /* sqrt(-mins) */
    TEST_FP1(D, 78, fsqrt.d, 0, 0x7ff0000000000000, 0x7ff0000000000000)   /* sqrt(inf) */
    TEST_FP1(D, 79, fsqrt.d, NV, 0x7ff8000000000000, 0xfff0000000000000)   /* sqrt(-inf) */
    TEST_FP1(D, 80, fsqrt.d, 0, 0x7ff8000000000000, 0x7ff8000000000000)   /* sqrt(qnan) */
    TEST_FP1(D, 81, fsqrt.d, NV, 0x7ff8000000000000, 0x7ff0000000000001)   /* sqrt(snan) */
    TEST_FP1(D, 82, fsqrt.d, 0, 0x7ff8000000000000, 0xfff8000000000000)   /* sqrt(-qnan) */
    /* fmadd/fmsub/fnmadd/fnmsub.d: fmadd = a*b+c, fmsub = a*b-c, fnmadd = -(a*b)-c, fnmsub = -(a*b)+c */
    TEST_FP3(D, 83, fmadd.d, 0, 0x4014000000000000, 0x3ff0000000000000, 0x4000000000000000, 0x4008000000000000)   /* fmadd(1.0, 2.0, 3.0) */
    TEST_FP3(D, 84, fmadd.d, 0, 0xc014000000000000, 0x4000000000000000, 0xc008000000000000, 0x3ff0000000000000)   /* fmadd(2.0, -3.0, 1.0) */
    TEST_FP3(D, 85, fmadd.d, 0, 0xb970000000000000, 0x3ff0000000000001, 0x3feffffffffffffe, 0xbff0000000000000)   /* fmadd(0x1.0000000000001p+0, 0x1.ffffffffffffep-1, -1.0) */
    TEST_FP3(D, 86, fmadd.d, 0, 0x0, 0x3ff0000000000000, 0x3ff0000000000000, 0xbff0000000000000)   /* fmadd(1.0, 1.0, -1.0) */
    TEST_FP3(D, 87, fmadd.d, 0, 0x0, 0xbff0000000000000, 0x3ff0000000000000, 0x3ff0000000000000)   /* fmadd(-1.0, 1.0, 1.0) */
    TEST_FP3(D, 88, fmadd.d, 0, 0x0, 0x0, 0x8000000000000000, 0x0)   /* fmadd(0, -0, 0) */
    TEST_FP3(D, 89, fmadd.d, 0, 0x8000000000000000, 0x0, 0x8000000000000000, 0x8000000000000000)   /* fmadd(0, -0, -0) */
    TEST_FP3(D, 90, fmadd.d, NV, 0x7ff8000000000000, 0x7ff0000000000000, 0x0, 0x7ff8000000000000)   /* fmadd(inf, 0, qnan) */
    TEST_FP3(D, 91, fmadd.d, NV, 0x7ff8000000000000, 0x0, 0xfff0000000000000, 0x3ff0000000000000)   /* fmadd(0, -inf, 1.0) */
    TEST_FP3(D, 92, fmadd.d, NV, 0x7ff8000000000000, 0x7ff0000000000000, 0x3ff0000000000000, 0xfff0000000000000)   /* fmadd(inf, 1.0, -inf) */
    TEST_FP3(D, 93, fmadd.d, 0, 0xfff0000000000000, 0x7fefffffffffffff, 0x4000000000000000, 0xfff0000000000000)   /* fmadd(max, 2.0, -inf) */
    TEST_FP3(D, 94, fmadd.d, 0, 0x7fefffffffffffff, 0x7fefffffffffffff, 0x4000000000000000, 0xffefffffffffffff)   /* fmadd(max, 2.0, -max) */
    TEST_FP3(D, 95, fmadd.d, NV, 0x7ff8000000000000, 0x7ff0000000000001, 0x3ff0000000000000, 0x3ff0000000000000)   /* fmadd(snan, 1.0, 1.0) */
    TEST_FP3(D, 96, fmadd.d, NV, 0x7ff8000000000000, 0x3ff0000000000000, 0x3ff0000000000000, 0x7ff0000000000001)   /* fmadd(1.0, 1.0, snan) */
    TEST_FP3(D, 97, fmadd.d, 0, 0x7ff8000000000000, 0x7ff8000000000000, 0x3ff0000000000000, 0x3ff0000000000000)   /* fmadd(qnan, 1.0, 1.0) */
    TEST_FP3(D, 98, fmadd.d, 0, 0x2, 0x3ff0000000000000, 0x1, 0x1)   /* fmadd(1.0, mins, mins) */
    TEST_FP3(D, 99, fmadd.d, OF|NX, 0x7ff0000000000000, 0x7fefffffffffffff, 0x7fefffffffffffff, 0x3ff0000000000000)   /* fmadd(max, max, 1.0) */
    TEST_FP3(D, 100, fmadd.d, NX, 0x3ff0000000000002, 0x3ff0000000000000, 0x3ff0000000000000, 0x3cb8000000000000)   /* fmadd(1.0, 1.0, 0x1.8000000000000p-52) */
    TEST_FP3(D, 101, fmsub.d, 0, 0x4014000000000000, 0x4000000000000000, 0x4008000000000000, 0x3ff0000000000000)   /* fmsub(2.0, 3.0, 1.0) */
    TEST_FP3(D, 102, fmsub.d, 0, 0x0, 0x3ff0000000000000, 0x3ff0000000000000, 0x3ff0000000000000)   /* fmsub(1.0, 1.0, 1.0) */
    TEST_FP3(D, 103, fmsub.d, 0, 0x0, 0x0, 0x0, 0x0)   /* fmsub(0, 0, 0) */
    TEST_FP3(D, 104, fmsub.d, NX, 0x3cc0000000000000, 0x3ff0000000000001, 0x3ff0000000000001, 0x3ff0000000000000)   /* fmsub(0x1.0000000000001p+0, 0x1.0000000000001p+0, 1.0) */
    TEST_FP3(D, 105, fmsub.d, NV, 0x7ff8000000000000, 0x7ff0000000000000, 0x3ff0000000000000, 0x7ff0000000000000)   /* fmsub(inf, 1.0, inf) */
    TEST_FP3(D, 106, fmsub.d, NV, 0x7ff8000000000000, 0x7ff0000000000001, 0x7ff8000000000000, 0x7ff8000000000000)   /* fmsub(snan, qnan, qnan) */
    TEST_FP3(D, 107, fnmadd.d, 0, 0xc01c000000000000, 0x4000000000000000, 0x4008000000000000, 0x3ff0000000000000)   /* fnmadd(2.0, 3.0, 1.0) */
    TEST_FP3(D, 108, fnmadd.d, 0, 0x0, 0x3ff0000000000000, 0x3ff0000000000000, 0xbff0000000000000)   /* fnmadd(1.0, 1.0, -1.0) */
    TEST_FP3(D, 109, fnmadd.d, 0, 0x8000000000000000, 0x0, 0x0, 0x0)   /* fnmadd(0, 0, 0) */
    TEST_FP3(D, 110, fnmadd.d, 0, 0x7ff0000000000000, 0xc000000000000000, 0x4008000000000000, 0xfff0000000000000)   /* fnmadd(-2.0, 3.0, -inf) */
    TEST_FP3(D, 111, fnmadd.d, NV, 0x7ff8000000000000, 0x7ff0000000000000, 0x0, 0x3ff0000000000000)   /* fnmadd(inf, 0, 1.0) */
    TEST_FP3(D, 112, fnmadd.d, OF|NX, 0x7ff0000000000000, 0x7fefffffffffffff, 0xc000000000000000, 0x3ff0000000000000)   /* fnmadd(max, -2.0, 1.0) */
    TEST_FP3(D, 113, fnmsub.d, 0, 0xc014000000000000, 0x4000000000000000, 0x4008000000000000, 0x3ff0000000000000)   /* fnmsub(2.0, 3.0, 1.0) */
    TEST_FP3(D, 114, fnmsub.d, 0, 0x0, 0x3ff0000000000000, 0x3ff0000000000000, 0x3ff0000000000000)   /* fnmsub(1.0, 1.0, 1.0) */
    TEST_FP3(D, 115, fnmsub.d, 0, 0x0, 0x0, 0x0, 0x0)   /* fnmsub(0, 0, 0) */
    TEST_FP3(D, 116, fnmsub.d, 0, 0x0, 0x8000000000000000, 0x0, 0x8000000000000000)   /* fnmsub(-0, 0, -0) */
    TEST_FP3(D, 117, fnmsub.d, 0, 0x3970000000000000, 0x3ff0000000000001, 0x3feffffffffffffe, 0x3ff0000000000000)   /* fnmsub(0x1.0000000000001p+0, 0x1.ffffffffffffep-1, 1.0) */
    TEST_FP3(D, 118, fnmsub.d, 0, 0x7ff8000000000000, 0x7ff8000000000000, 0x7ff0000000000000, 0x0)   /* fnmsub(qnan, inf, 0) */
TEST_CODE_END
