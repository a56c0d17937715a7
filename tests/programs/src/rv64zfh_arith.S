/* half precision (Zfh) arithmetic: fadd fsub fmul fdiv fsqrt fmadd fmsub fnmadd fnmsub.
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
    /* fadd.h */
    TEST_FP2(H, 2, fadd.h, 0, 0x4200, 0x3c00, 0x4000)   /* 1.0 + 2.0 */
    TEST_FP2(H, 3, fadd.h, 0, 0x0, 0xbc00, 0x3c00)   /* -1.0 + 1.0 */
    TEST_FP2(H, 4, fadd.h, 0, 0x8000, 0x8000, 0x8000)   /* -0 + -0 */
    TEST_FP2(H, 5, fadd.h, 0, 0x0, 0x0, 0x8000)   /* 0 + -0 */
    TEST_FP2(H, 6, fadd.h, 0, 0xbd00, 0x3e00, 0xc180)   /* 1.5 + -2.75 */
    TEST_FP2(H, 7, fadd.h, NX, 0x3c00, 0x3c00, 0xc00)   /* 1.0 + 1/4096 */
    TEST_FP2(H, 8, fadd.h, NX, 0x3c00, 0x3c00, 0x1000)   /* 1.0 + 1/2048 */
    TEST_FP2(H, 9, fadd.h, NX, 0x3c02, 0x3c00, 0x1600)   /* 1.0 + 3/2048 */
    TEST_FP2(H, 10, fadd.h, OF|NX, 0x7c00, 0x7bff, 0x7bff)   /* max + max */
    TEST_FP2(H, 11, fadd.h, OF|NX, 0xfc00, 0xfbff, 0xfbff)   /* -max + -max */
    TEST_FP2(H, 12, fadd.h, 0, 0x7c00, 0x7c00, 0x3c00)   /* inf + 1.0 */
    TEST_FP2(H, 13, fadd.h, NV, 0x7e00, 0x7c00, 0xfc00)   /* inf + -inf */
    TEST_FP2(H, 14, fadd.h, 0, 0xfc00, 0xfc00, 0xfc00)   /* -inf + -inf */
    TEST_FP2(H, 15, fadd.h, 0, 0x7e00, 0x7e00, 0x3c00)   /* qnan + 1.0 */
    TEST_FP2(H, 16, fadd.h, NV, 0x7e00, 0x3c00, 0x7c01)   /* 1.0 + snan */
    TEST_FP2(H, 17, fadd.h, 0, 0x7e00, 0xfe00, 0xfc00)   /* -qnan + -inf */
    TEST_FP2(H, 18, fadd.h, 0, 0x1, 0x400, 0x83ff)   /* minn + -maxs */
    TEST_FP2(H, 19, fadd.h, 0, 0x2, 0x1, 0x1)   /* mins + mins */
    TEST_FP2(H, 20, fadd.h, NV, 0x7e00, 0x7c00, 0x7c01)   /* inf + snan */
    /* fsub.h */
    TEST_FP2(H, 21, fsub.h, 0, 0x4000, 0x4200, 0x3c00)   /* 3.0 - 1.0 */
    TEST_FP2(H, 22, fsub.h, 0, 0xc000, 0x3c00, 0x4200)   /* 1.0 - 3.0 */
    TEST_FP2(H, 23, fsub.h, 0, 0x0, 0x4100, 0x4100)   /* 2.5 - 2.5 */
    TEST_FP2(H, 24, fsub.h, 0, 0x8000, 0x8000, 0x0)   /* -0 - 0 */
    TEST_FP2(H, 25, fsub.h, 0, 0x0, 0x0, 0x0)   /* 0 - 0 */
    TEST_FP2(H, 26, fsub.h, NV, 0x7e00, 0x7c00, 0x7c00)   /* inf - inf */
    TEST_FP2(H, 27, fsub.h, 0, 0x7c00, 0x7c00, 0xfc00)   /* inf - -inf */
    TEST_FP2(H, 28, fsub.h, 0, 0x3bfd, 0x3c00, 0x1600)   /* 1.0 - 3/2048 */
    TEST_FP2(H, 29, fsub.h, OF|NX, 0xfc00, 0xfbff, 0x7bff)   /* -max - max */
    TEST_FP2(H, 30, fsub.h, NV, 0x7e00, 0x7c01, 0x7e00)   /* snan - qnan */
    TEST_FP2(H, 31, fsub.h, 0, 0x7e00, 0x7e00, 0x7e00)   /* qnan - qnan */
    TEST_FP2(H, 32, fsub.h, 0, 0x3ff, 0x400, 0x1)   /* minn - mins */
    /* fmul.h */
    TEST_FP2(H, 33, fmul.h, 0, 0x4900, 0x4100, 0x4400)   /* 2.5 * 4.0 */
    TEST_FP2(H, 34, fmul.h, 0, 0xc600, 0xc000, 0x4200)   /* -2.0 * 3.0 */
    TEST_FP2(H, 35, fmul.h, 0, 0x8000, 0x0, 0xbc00)   /* 0 * -1.0 */
    TEST_FP2(H, 36, fmul.h, 0, 0x0, 0x8000, 0x8000)   /* -0 * -0 */
    TEST_FP2(H, 37, fmul.h, OF|NX, 0x7c00, 0x7bff, 0x4000)   /* max * 2.0 */
    TEST_FP2(H, 38, fmul.h, OF|NX, 0xfc00, 0xfbff, 0x7bff)   /* -max * max */
    TEST_FP2(H, 39, fmul.h, 0, 0x200, 0x400, 0x3800)   /* minn * 0.5 */
    TEST_FP2(H, 40, fmul.h, UF|NX, 0x0, 0x1, 0x3800)   /* mins * 0.5 */
    TEST_FP2(H, 41, fmul.h, UF|NX, 0x8000, 0x1, 0xb800)   /* mins * -0.5 */
    TEST_FP2(H, 42, fmul.h, UF|NX, 0x2, 0x1, 0x3e00)   /* mins * 1.5 */
    TEST_FP2(H, 43, fmul.h, 0, 0x3ff, 0x400, 0x3bfe)   /* minn * 0x1.ff80000000000p-1 */
    TEST_FP2(H, 44, fmul.h, NV, 0x7e00, 0x7c00, 0x0)   /* inf * 0 */
    TEST_FP2(H, 45, fmul.h, 0, 0xfc00, 0xfc00, 0x4000)   /* -inf * 2.0 */
    TEST_FP2(H, 46, fmul.h, 0, 0x7c00, 0xfc00, 0xfc00)   /* -inf * -inf */
    TEST_FP2(H, 47, fmul.h, NV, 0x7e00, 0x7c01, 0x0)   /* snan * 0 */
    TEST_FP2(H, 48, fmul.h, 0, 0x7e00, 0x7e00, 0x7c00)   /* qnan * inf */
    TEST_FP2(H, 49, fmul.h, NX, 0x3c02, 0x3c01, 0x3c01)   /* 0x1.0040000000000p+0 * 0x1.0040000000000p+0 */
    /* fdiv.h */
    TEST_FP2(H, 50, fdiv.h, 0, 0x4200, 0x4600, 0x4000)   /* 6.0 / 2.0 */
    TEST_FP2(H, 51, fdiv.h, NX, 0x3555, 0x3c00, 0x4200)   /* 1.0 / 3.0 */
    TEST_FP2(H, 52, fdiv.h, NX, 0xb555, 0xbc00, 0x4200)   /* -1.0 / 3.0 */
    TEST_FP2(H, 53, fdiv.h, DZ, 0x7c00, 0x3c00, 0x0)   /* 1.0 / 0 */
    TEST_FP2(H, 54, fdiv.h, DZ, 0xfc00, 0xbc00, 0x0)   /* -1.0 / 0 */
    TEST_FP2(H, 55, fdiv.h, DZ, 0xfc00, 0x3c00, 0x8000)   /* 1.0 / -0 */
    TEST_FP2(H, 56, fdiv.h, NV, 0x7e00, 0x0, 0x0)   /* 0 / 0 */
    TEST_FP2(H, 57, fdiv.h, NV, 0x7e00, 0x7c00, 0x7c00)   /* inf / inf */
    TEST_FP2(H, 58, fdiv.h, 0, 0x7c00, 0x7c00, 0x0)   /* inf / 0 */
    TEST_FP2(H, 59, fdiv.h, 0, 0x0, 0x3c00, 0x7c00)   /* 1.0 / inf */
    TEST_FP2(H, 60, fdiv.h, 0, 0x8000, 0xbc00, 0x7c00)   /* -1.0 / inf */
    TEST_FP2(H, 61, fdiv.h, OF|NX, 0x7c00, 0x7bff, 0x3800)   /* max / 0.5 */
    TEST_FP2(H, 62, fdiv.h, 0, 0x100, 0x400, 0x4400)   /* minn / 4.0 */
    TEST_FP2(H, 63, fdiv.h, UF|NX, 0x155, 0x400, 0x4200)   /* minn / 3.0 */
    TEST_FP2(H, 64, fdiv.h, UF|NX, 0x0, 0x1, 0x4000)   /* mins / 2.0 */
    TEST_FP2(H, 65, fdiv.h, 0, 0x7e00, 0x7e00, 0x0)   /* qnan / 0 */
    TEST_FP2(H, 66, fdiv.h, NV, 0x7e00, 0x7c01, 0x3c00)   /* snan / 1.0 */
    TEST_FP2(H, 67, fdiv.h, 0, 0xbc00, 0x4700, 0xc700)   /* 7.0 / -7.0 */
    /* fsqrt.h */
    TEST_FP1(H, 68, fsqrt.h, 0, 0x4000, 0x4400)   /* sqrt(4.0) */
    TEST_FP1(H, 69, fsqrt.h, NX, 0x3da8, 0x4000)   /* sqrt(2.0) */
    TEST_FP1(H, 70, fsqrt.h, 0, 0x3800, 0x3400)   /* sqrt(0.25) */
    TEST_FP1(H, 71, fsqrt.h, NX, 0x3eee, 0x4200)   /* sqrt(3.0) */
    TEST_FP1(H, 72, fsqrt.h, 0, 0xc00, 0x1)   /* sqrt(mins) */
    TEST_FP1(H, 73, fsqrt.h, NX, 0x5bff, 0x7bff)   /* sqrt(max) */
    TEST_FP1(H, 74, fsqrt.h, 0, 0x0, 0x0)   /* sqrt(0) */
    TEST_FP1(H, 75, fsqrt.h, 0, 0x8000, 0x8000)   /* sqrt(-0) */
    TEST_FP1(H, 76, fsqrt.h, NV, 0x7e00, 0xbc00)   /* sqrt(-1.0) */
    TEST_FP1(H, 77, fsqrt.h, NV, 0x7e00, 0x8001)   /* sqrt(-mins) */
    TEST_FP1(H, 78, fsqrt.h, 0, 0x7c00, 0x7c00)   /* sqrt(inf) */
    TEST_FP1(H, 79, fsqrt.h, NV, 0x7e00, 0xfc00)   /* sqrt(-inf) */
    TEST_FP1(H, 80, fsqrt.h, 0, 0x7e00, 0x7e00)   /* sqrt(qnan) */
    TEST_FP1(H, 81, fsqrt.h, NV, 0x7e00, 0x7c01)   /* sqrt(snan) */
    TEST_FP1(H, 82, fsqrt.h, 0, 0x7e00, 0xfe00)   /* sqrt(-qnan) */
    /* fmadd/fmsub/fnmadd/fnmsub.h: fmadd = a*b+c, fmsub = a*b-c, fnmadd = -(a*b)-c, fnmsub = -(a*b)+c */
    TEST_FP3(H, 83, fmadd.h, 0, 0x4500, 0x3c00, 0x4000, 0x4200)   /* fmadd(1.0, 2.0, 3.0) */
    TEST_FP3(H, 84, fmadd.h, 0, 0xc500, 0x4000, 0xc200, 0x3c00)   /* fmadd(2.0, -3.0, 1.0) */
    TEST_FP3(H, 85, fmadd.h, 0, 0x8010, 0x3c01, 0x3bfe, 0xbc00)   /* fmadd(0x1.0040000000000p+0, 0x1.ff80000000000p-1, -1.0) */
    TEST_FP3(H, 86, fmadd.h, 0, 0x0, 0x3c00, 0x3c00, 0xbc00)   /* fmadd(1.0, 1.0, -1.0) */
    TEST_FP3(H, 87, fmadd.h, 0, 0x0, 0xbc00, 0x3c00, 0x3c00)   /* fmadd(-1.0, 1.0, 1.0) */
    TEST_FP3(H, 88, fmadd.h, 0, 0x0, 0x0, 0x8000, 0x0)   /* fmadd(0, -0, 0) */
    TEST_FP3(H, 89, fmadd.h, 0, 0x8000, 0x0, 0x8000, 0x8000)   /* fmadd(0, -0, -0) */
    TEST_FP3(H, 90, fmadd.h, NV, 0x7e00, 0x7c00, 0x0, 0x7e00)   /* fmadd(inf, 0, qnan) */
    TEST_FP3(H, 91, fmadd.h, NV, 0x7e00, 0x0, 0xfc00, 0x3c00)   /* fmadd(0, -inf, 1.0) */
    TEST_FP3(H, 92, fmadd.h, NV, 0x7e00, 0x7c00, 0x3c00, 0xfc00)   /* fmadd(inf, 1.0, -inf) */
    TEST_FP3(H, 93, fmadd.h, 0, 0xfc00, 0x7bff, 0x4000, 0xfc00)   /* fmadd(max, 2.0, -inf) */
    TEST_FP3(H, 94, fmadd.h, 0, 0x7bff, 0x7bff, 0x4000, 0xfbff)   /* fmadd(max, 2.0, -max) */
    TEST_FP3(H, 95, fmadd.h, NV, 0x7e00, 0x7c01, 0x3c00, 0x3c00)   /* fmadd(snan, 1.0, 1.0) */
    TEST_FP3(H, 96, fmadd.h, NV, 0x7e00, 0x3c00, 0x3c00, 0x7c01)   /* fmadd(1.0, 1.0, snan) */
    TEST_FP3(H, 97, fmadd.h, 0, 0x7e00, 0x7e00, 0x3c00, 0x3c00)   /* fmadd(qnan, 1.0, 1.0) */
    TEST_FP3(H, 98, fmadd.h, 0, 0x2, 0x3c00, 0x1, 0x1)   /* fmadd(1.0, mins, mins) */
    TEST_FP3(H, 99, fmadd.h, OF|NX, 0x7c00, 0x7bff, 0x7bff, 0x3c00)   /* fmadd(max, max, 1.0) */
    TEST_FP3(H, 100, fmadd.h, NX, 0x3c02, 0x3c00, 0x3c00, 0x1600)   /* fmadd(1.0, 1.0, 0x1.8000000000000p-10) */
    TEST_FP3(H, 101, fmsub.h, 0, 0x4500, 0x4000, 0x4200, 0x3c00)   /* fmsub(2.0, 3.0, 1.0) */
    TEST_FP3(H, 102, fmsub.h, 0, 0x0, 0x3c00, 0x3c00, 0x3c00)   /* fmsub(1.0, 1.0, 1.0) */
    TEST_FP3(H, 103, fmsub.h, 0, 0x0, 0x0, 0x0, 0x0)   /* fmsub(0, 0, 0) */
    TEST_FP3(H, 104, fmsub.h, NX, 0x1800, 0x3c01, 0x3c01, 0x3c00)   /* fmsub(0x1.0040000000000p+0, 0x1.0040000000000p+0, 1.0) */
    TEST_FP3(H, 105, fmsub.h, NV, 0x7e00, 0x7c00, 0x3c00, 0x7c00)   /* fmsub(inf, 1.0, inf) */
    TEST_FP3(H, 106, fmsub.h, NV, 0x7e00, 0x7c01, 0x7e00, 0x7e00)   /* fmsub(snan, qnan, qnan) */
    TEST_FP3(H, 107, fnmadd.h, 0, 0xc700, 0x4000, 0x4200, 0x3c00)   /* fnmadd(2.0, 3.0, 1.0) */
    TEST_FP3(H, 108, fnmadd.h, 0, 0x0, 0x3c00, 0x3c00, 0xbc00)   /* fnmadd(1.0, 1.0, -1.0) */
    TEST_FP3(H, 109, fnmadd.h, 0, 0x8000, 0x0, 0x0, 0x0)   /* fnmadd(0, 0, 0) */
    TEST_FP3(H, 110, fnmadd.h, 0, 0x7c00, 0xc000, 0x4200, 0xfc00)   /* fnmadd(-2.0, 3.0, -inf) */
    TEST_FP3(H, 111, fnmadd.h, NV, 0x7e00, 0x7c00, 0x0, 0x3c00)   /* fnmadd(inf, 0, 1.0) */
    TEST_FP3(H, 112, fnmadd.h, OF|NX, 0x7c00, 0x7bff, 0xc000, 0x3c00)   /* fnmadd(max, -2.0, 1.0) */
    TEST_FP3(H, 113, fnmsub.h, 0, 0xc500, 0x4000, 0x4200, 0x3c00)   /* fnmsub(2.0, 3.0, 1.0) */
    TEST_FP3(H, 114, fnmsub.h, 0, 0x0, 0x3c00, 0x3c00, 0x3c00)   /* fnmsub(1.0, 1.0, 1.0) */
    TEST_FP3(H, 115, fnmsub.h, 0, 0x0, 0x0, 0x0, 0x0)   /* fnmsub(0, 0, 0) */
    TEST_FP3(H, 116, fnmsub.h, 0, 0x0, 0x8000, 0x0, 0x8000)   /* fnmsub(-0, 0, -0) */
    TEST_FP3(H, 117, fnmsub.h, 0, 0x10, 0x3c01, 0x3bfe, 0x3c00)   /* fnmsub(0x1.0040000000000p+0, 0x1.ff80000000000p-1, 1.0) */
    TEST_FP3(H, 118, fnmsub.h, 0, 0x7e00, 0x7e00, 0x7c00, 0x0)   /* fnmsub(qnan, inf, 0) */
TEST_CODE_END
