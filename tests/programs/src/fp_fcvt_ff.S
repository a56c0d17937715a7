/* FP <-> FP conversions: fcvt.s.d fcvt.d.s fcvt.h.s fcvt.s.h fcvt.h.d fcvt.d.h.
   Narrowing conversions round (overflow, underflow with tininess detected
   after rounding, static rounding modes); widening conversions are exact.
   NaN inputs give the canonical NaN of the destination format (payloads
   are not propagated), with NV for signaling NaNs.  Results are checked as
   full 64-bit registers (NaN-boxed) together with fflags. */
#include "test_macros.h"

TEST_CODE_BEGIN
    /* fcvt.s.d (narrowing, rounds) */
    TEST_FCVT_FF(S, D, 2, fcvt.s.d, 0, 0x3f800000, 0x3ff0000000000000)   /* fcvt.s.d(1.0) */
    TEST_FCVT_FF(S, D, 3, fcvt.s.d, 0, 0x80000000, 0x8000000000000000)   /* fcvt.s.d(-0) */
    TEST_FCVT_FF(S, D, 4, fcvt.s.d, 0, 0x0, 0x0)   /* fcvt.s.d(0) */
    TEST_FCVT_FF(S, D, 5, fcvt.s.d, 0, 0xc0200000, 0xc004000000000000)   /* fcvt.s.d(-2.5) */
    TEST_FCVT_FF(S, D, 6, fcvt.s.d, NX, 0x3eaaaaab, 0x3fd5555555555555)   /* fcvt.s.d(0x1.5555555555555p-2) */
    TEST_FCVT_FF(S, D, 7, fcvt.s.d, OF|NX, 0x7f800000, 0x7e37e43c8800759c)   /* fcvt.s.d(1e+300) */
    TEST_FCVT_FF(S, D, 8, fcvt.s.d, OF|NX, 0xff800000, 0xfe37e43c8800759c)   /* fcvt.s.d(-1e+300) */
    TEST_FCVT_FF(S, D, 9, fcvt.s.d, UF|NX, 0x0, 0x1a56e1fc2f8f359)   /* fcvt.s.d(1e-300) */
    TEST_FCVT_FF(S, D, 10, fcvt.s.d, UF|NX, 0x80000000, 0x81a56e1fc2f8f359)   /* fcvt.s.d(-1e-300) */
    TEST_FCVT_FF(S, D, 11, fcvt.s.d, 0, 0x7f800000, 0x7ff0000000000000)   /* fcvt.s.d(inf) */
    TEST_FCVT_FF(S, D, 12, fcvt.s.d, 0, 0xff800000, 0xfff0000000000000)   /* fcvt.s.d(-inf) */
    TEST_FCVT_FF(S, D, 13, fcvt.s.d, 0, 0x7fc00000, 0x7ff8000000000000)   /* fcvt.s.d(qnan) */
    TEST_FCVT_FF(S, D, 14, fcvt.s.d, 0, 0x7fc00000, 0xfff8000000000000)   /* fcvt.s.d(-qnan) */
    TEST_FCVT_FF(S, D, 15, fcvt.s.d, NV, 0x7fc00000, 0x7ff0000000000001)   /* fcvt.s.d(snan) */
    TEST_FCVT_FF(S, D, 16, fcvt.s.d, 0, 0x7fc00000, 0x7ff8000000000123)   /* fcvt.s.d(qNaN(payload)) */
    TEST_FCVT_FF(S, D, 17, fcvt.s.d, 0, 0x800000, 0x3810000000000000)   /* fcvt.s.d(2^-126) */
    TEST_FCVT_FF(S, D, 18, fcvt.s.d, 0, 0x1, 0x36a0000000000000)   /* fcvt.s.d(2^-149) */
    TEST_FCVT_FF(S, D, 19, fcvt.s.d, UF|NX, 0x0, 0x3690000000000000)   /* fcvt.s.d(2^-150) */
    TEST_FCVT_FF(S, D, 20, fcvt.s.d, UF|NX, 0x1, 0x3698000000000000)   /* fcvt.s.d(3*2^-151) */
    TEST_FCVT_FF(S, D, 21, fcvt.s.d, NX, 0x800000, 0x380ffffff0000000)   /* fcvt.s.d(2^-126*(1-2^-25)) */
    TEST_FCVT_FF(S, D, 22, fcvt.s.d, 0, 0x7fffff, 0x380fffffc0000000)   /* fcvt.s.d(2^-126*(1-2^-23)) */
    TEST_FCVT_FF(S, D, 23, fcvt.s.d, 0, 0x7f7fffff, 0x47efffffe0000000)   /* fcvt.s.d(max_s) */
    TEST_FCVT_FF(S, D, 24, fcvt.s.d, OF|NX, 0x7f800000, 0x47effffff0000000)   /* fcvt.s.d(max_s+ulp/2) */
    TEST_FCVT_FF(S, D, 25, fcvt.s.d, NX, 0x3f800000, 0x3ff0000010000000)   /* fcvt.s.d(1+2^-24) */
    TEST_FCVT_FF(S, D, 26, fcvt.s.d, NX, 0x3f800001, 0x3ff0000018000000)   /* fcvt.s.d(1+3*2^-25) */
    TEST_FCVT_FF_RM(S, D, 27, fcvt.s.d, rup, NX, 0x3eaaaaab, 0x3fd5555555555555)   /* fcvt.s.d(0x1.5555555555555p-2, rup) */
    TEST_FCVT_FF_RM(S, D, 28, fcvt.s.d, rdn, NX, 0x3eaaaaaa, 0x3fd5555555555555)   /* fcvt.s.d(0x1.5555555555555p-2, rdn) */
    TEST_FCVT_FF_RM(S, D, 29, fcvt.s.d, rtz, NX, 0xbeaaaaaa, 0xbfd5555555555555)   /* fcvt.s.d(-0x1.5555555555555p-2, rtz) */
    TEST_FCVT_FF_RM(S, D, 30, fcvt.s.d, rtz, OF|NX, 0x7f7fffff, 0x7e37e43c8800759c)   /* fcvt.s.d(1e+300, rtz) */
    TEST_FCVT_FF_RM(S, D, 31, fcvt.s.d, rup, OF|NX, 0xff7fffff, 0xfe37e43c8800759c)   /* fcvt.s.d(-1e+300, rup) */
    TEST_FCVT_FF_RM(S, D, 32, fcvt.s.d, rup, UF|NX, 0x1, 0x1a56e1fc2f8f359)   /* fcvt.s.d(1e-300, rup) */
    TEST_FCVT_FF_RM(S, D, 33, fcvt.s.d, rdn, UF|NX, 0x80000001, 0x81a56e1fc2f8f359)   /* fcvt.s.d(-1e-300, rdn) */
    TEST_FCVT_FF_RM(S, D, 34, fcvt.s.d, rmm, NX, 0x3f800001, 0x3ff0000010000000)   /* fcvt.s.d(1+2^-24, rmm) */
    /* fcvt.d.s (widening, exact) */
    TEST_FCVT_FF(D, S, 35, fcvt.d.s, 0, 0x3ff0000000000000, 0x3f800000)   /* fcvt.d.s(1.0) */
    TEST_FCVT_FF(D, S, 36, fcvt.d.s, 0, 0x8000000000000000, 0x80000000)   /* fcvt.d.s(-0) */
    TEST_FCVT_FF(D, S, 37, fcvt.d.s, 0, 0x36a0000000000000, 0x1)   /* fcvt.d.s(mins) */
    TEST_FCVT_FF(D, S, 38, fcvt.d.s, 0, 0xb80fffffc0000000, 0x807fffff)   /* fcvt.d.s(-maxs) */
    TEST_FCVT_FF(D, S, 39, fcvt.d.s, 0, 0x3810000000000000, 0x800000)   /* fcvt.d.s(minn) */
    TEST_FCVT_FF(D, S, 40, fcvt.d.s, 0, 0x47efffffe0000000, 0x7f7fffff)   /* fcvt.d.s(max) */
    TEST_FCVT_FF(D, S, 41, fcvt.d.s, 0, 0xc7efffffe0000000, 0xff7fffff)   /* fcvt.d.s(-max) */
    TEST_FCVT_FF(D, S, 42, fcvt.d.s, 0, 0x7ff0000000000000, 0x7f800000)   /* fcvt.d.s(inf) */
    TEST_FCVT_FF(D, S, 43, fcvt.d.s, 0, 0xfff0000000000000, 0xff800000)   /* fcvt.d.s(-inf) */
    TEST_FCVT_FF(D, S, 44, fcvt.d.s, 0, 0x7ff8000000000000, 0x7fc00000)   /* fcvt.d.s(qnan) */
    TEST_FCVT_FF(D, S, 45, fcvt.d.s, 0, 0x7ff8000000000000, 0xffc00000)   /* fcvt.d.s(-qnan) */
    TEST_FCVT_FF(D, S, 46, fcvt.d.s, NV, 0x7ff8000000000000, 0x7f800001)   /* fcvt.d.s(snan) */
    TEST_FCVT_FF(D, S, 47, fcvt.d.s, 0, 0x7ff8000000000000, 0x7fc00007)   /* fcvt.d.s(qNaN(payload)) */
    TEST_FCVT_FF(D, S, 48, fcvt.d.s, 0, 0x3fb99999a0000000, 0x3dcccccd)   /* fcvt.d.s(0.1f) */
    /* fcvt.h.s (narrowing) */
    TEST_FCVT_FF(H, S, 49, fcvt.h.s, 0, 0x3c00, 0x3f800000)   /* fcvt.h.s(1.0) */
    TEST_FCVT_FF(H, S, 50, fcvt.h.s, 0, 0x8000, 0x80000000)   /* fcvt.h.s(-0) */
    TEST_FCVT_FF(H, S, 51, fcvt.h.s, 0, 0xc100, 0xc0200000)   /* fcvt.h.s(-2.5) */
    TEST_FCVT_FF(H, S, 52, fcvt.h.s, 0, 0x7bff, 0x477fe000)   /* fcvt.h.s(65504.0) */
    TEST_FCVT_FF(H, S, 53, fcvt.h.s, OF|NX, 0x7c00, 0x477ff000)   /* fcvt.h.s(65520.0) */
    TEST_FCVT_FF(H, S, 54, fcvt.h.s, NX, 0x7bff, 0x477fef00)   /* fcvt.h.s(65519.0) */
    TEST_FCVT_FF(H, S, 55, fcvt.h.s, OF|NX, 0xfc00, 0xc77ff000)   /* fcvt.h.s(-65520.0) */
    TEST_FCVT_FF(H, S, 56, fcvt.h.s, NX, 0x3555, 0x3eaaaaab)   /* fcvt.h.s(1/3f) */
    TEST_FCVT_FF(H, S, 57, fcvt.h.s, 0, 0x1, 0x33800000)   /* fcvt.h.s(0x1.0000000000000p-24) */
    TEST_FCVT_FF(H, S, 58, fcvt.h.s, UF|NX, 0x0, 0x33000000)   /* fcvt.h.s(0x1.0000000000000p-25) */
    TEST_FCVT_FF(H, S, 59, fcvt.h.s, UF|NX, 0x1, 0x33400000)   /* fcvt.h.s(0x1.8000000000000p-25) */
    TEST_FCVT_FF(H, S, 60, fcvt.h.s, 0, 0x400, 0x38800000)   /* fcvt.h.s(0x1.0000000000000p-14) */
    TEST_FCVT_FF(H, S, 61, fcvt.h.s, NX, 0x400, 0x387ff000)   /* fcvt.h.s(0x1.ffe0000000000p-15) */
    TEST_FCVT_FF(H, S, 62, fcvt.h.s, UF|NX, 0x0, 0x1)   /* fcvt.h.s(mins) */
    TEST_FCVT_FF(H, S, 63, fcvt.h.s, OF|NX, 0x7c00, 0x7f7fffff)   /* fcvt.h.s(max) */
    TEST_FCVT_FF(H, S, 64, fcvt.h.s, 0, 0x7c00, 0x7f800000)   /* fcvt.h.s(inf) */
    TEST_FCVT_FF(H, S, 65, fcvt.h.s, 0, 0xfc00, 0xff800000)   /* fcvt.h.s(-inf) */
    TEST_FCVT_FF(H, S, 66, fcvt.h.s, 0, 0x7e00, 0x7fc00000)   /* fcvt.h.s(qnan) */
    TEST_FCVT_FF(H, S, 67, fcvt.h.s, NV, 0x7e00, 0x7f800001)   /* fcvt.h.s(snan) */
    TEST_FCVT_FF(H, S, 68, fcvt.h.s, 0, 0x7e00, 0x7fc01234)   /* fcvt.h.s(qNaN(payload)) */
    TEST_FCVT_FF(H, S, 69, fcvt.h.s, NX, 0x2e66, 0x3dcccccd)   /* fcvt.h.s(0.1f) */
    TEST_FCVT_FF_RM(H, S, 70, fcvt.h.s, rtz, NX, 0x7bff, 0x477ff000)   /* fcvt.h.s(65520.0, rtz) */
    TEST_FCVT_FF_RM(H, S, 71, fcvt.h.s, rup, OF|NX, 0x7c00, 0x477ff000)   /* fcvt.h.s(65520.0, rup) */
    TEST_FCVT_FF_RM(H, S, 72, fcvt.h.s, rdn, OF|NX, 0xfc00, 0xc77ff000)   /* fcvt.h.s(-65520.0, rdn) */
    TEST_FCVT_FF_RM(H, S, 73, fcvt.h.s, rup, NX, 0xfbff, 0xc77ff000)   /* fcvt.h.s(-65520.0, rup) */
    TEST_FCVT_FF_RM(H, S, 74, fcvt.h.s, rup, NX, 0x3556, 0x3eaaaaab)   /* fcvt.h.s(1/3f, rup) */
    TEST_FCVT_FF_RM(H, S, 75, fcvt.h.s, rup, UF|NX, 0x1, 0x33000000)   /* fcvt.h.s(0x1.0000000000000p-25, rup) */
    TEST_FCVT_FF_RM(H, S, 76, fcvt.h.s, rmm, UF|NX, 0x1, 0x33000000)   /* fcvt.h.s(0x1.0000000000000p-25, rmm) */
    TEST_FCVT_FF_RM(H, S, 77, fcvt.h.s, rdn, UF|NX, 0x8001, 0xb3000000)   /* fcvt.h.s(-0x1.0000000000000p-25, rdn) */
    /* fcvt.s.h (widening, exact) */
    TEST_FCVT_FF(S, H, 78, fcvt.s.h, 0, 0x3f800000, 0x3c00)   /* fcvt.s.h(1.0) */
    TEST_FCVT_FF(S, H, 79, fcvt.s.h, 0, 0x80000000, 0x8000)   /* fcvt.s.h(-0) */
    TEST_FCVT_FF(S, H, 80, fcvt.s.h, 0, 0x33800000, 0x1)   /* fcvt.s.h(mins) */
    TEST_FCVT_FF(S, H, 81, fcvt.s.h, 0, 0xb87fc000, 0x83ff)   /* fcvt.s.h(-maxs) */
    TEST_FCVT_FF(S, H, 82, fcvt.s.h, 0, 0x38800000, 0x400)   /* fcvt.s.h(minn) */
    TEST_FCVT_FF(S, H, 83, fcvt.s.h, 0, 0x477fe000, 0x7bff)   /* fcvt.s.h(max) */
    TEST_FCVT_FF(S, H, 84, fcvt.s.h, 0, 0xc77fe000, 0xfbff)   /* fcvt.s.h(-max) */
    TEST_FCVT_FF(S, H, 85, fcvt.s.h, 0, 0x7f800000, 0x7c00)   /* fcvt.s.h(inf) */
    TEST_FCVT_FF(S, H, 86, fcvt.s.h, 0, 0xff800000, 0xfc00)   /* fcvt.s.h(-inf) */
    TEST_FCVT_FF(S, H, 87, fcvt.s.h, 0, 0x7fc00000, 0x7e00)   /* fcvt.s.h(qnan) */
    TEST_FCVT_FF(S, H, 88, fcvt.s.h, NV, 0x7fc00000, 0x7c01)   /* fcvt.s.h(snan) */
    TEST_FCVT_FF(S, H, 89, fcvt.s.h, 0, 0x7fc00000, 0x7e03)   /* fcvt.s.h(qNaN(payload)) */
    TEST_FCVT_FF(S, H, 90, fcvt.s.h, 0, 0x3dccc000, 0x2e66)   /* fcvt.s.h(0.1h) */
    /* fcvt.h.d (narrowing) */
    TEST_FCVT_FF(H, D, 91, fcvt.h.d, 0, 0x3c00, 0x3ff0000000000000)   /* fcvt.h.d(1.0) */
    TEST_FCVT_FF(H, D, 92, fcvt.h.d, 0, 0x8000, 0x8000000000000000)   /* fcvt.h.d(-0) */
    TEST_FCVT_FF(H, D, 93, fcvt.h.d, 0, 0x7bff, 0x40effc0000000000)   /* fcvt.h.d(65504.0) */
    TEST_FCVT_FF(H, D, 94, fcvt.h.d, OF|NX, 0x7c00, 0x40effe0000000000)   /* fcvt.h.d(65520.0) */
    TEST_FCVT_FF(H, D, 95, fcvt.h.d, OF|NX, 0x7c00, 0x7e37e43c8800759c)   /* fcvt.h.d(1e+300) */
    TEST_FCVT_FF(H, D, 96, fcvt.h.d, OF|NX, 0xfc00, 0xfe37e43c8800759c)   /* fcvt.h.d(-1e+300) */
    TEST_FCVT_FF(H, D, 97, fcvt.h.d, UF|NX, 0x0, 0x1a56e1fc2f8f359)   /* fcvt.h.d(1e-300) */
    TEST_FCVT_FF(H, D, 98, fcvt.h.d, NX, 0x3555, 0x3fd5555555555555)   /* fcvt.h.d(0x1.5555555555555p-2) */
    TEST_FCVT_FF(H, D, 99, fcvt.h.d, 0, 0x1, 0x3e70000000000000)   /* fcvt.h.d(0x1.0000000000000p-24) */
    TEST_FCVT_FF(H, D, 100, fcvt.h.d, UF|NX, 0x0, 0x3e60000000000000)   /* fcvt.h.d(0x1.0000000000000p-25) */
    TEST_FCVT_FF(H, D, 101, fcvt.h.d, NX, 0x400, 0x3f0ffe0000000000)   /* fcvt.h.d(0x1.ffe0000000000p-15) */
    TEST_FCVT_FF(H, D, 102, fcvt.h.d, 0, 0x7c00, 0x7ff0000000000000)   /* fcvt.h.d(inf) */
    TEST_FCVT_FF(H, D, 103, fcvt.h.d, 0, 0x7e00, 0x7ff8000000000000)   /* fcvt.h.d(qnan) */
    TEST_FCVT_FF(H, D, 104, fcvt.h.d, NV, 0x7e00, 0x7ff0000000000001)   /* fcvt.h.d(snan) */
    TEST_FCVT_FF(H, D, 105, fcvt.h.d, 0, 0x7e00, 0x7ff8000000000abc)   /* fcvt.h.d(qNaN(payload)) */
    TEST_FCVT_FF_RM(H, D, 106, fcvt.h.d, rtz, OF|NX, 0x7bff, 0x7e37e43c8800759c)   /* fcvt.h.d(1e+300, rtz) */
    TEST_FCVT_FF_RM(H, D, 107, fcvt.h.d, rup, OF|NX, 0xfbff, 0xfe37e43c8800759c)   /* fcvt.h.d(-1e+300, rup) */
    TEST_FCVT_FF_RM(H, D, 108, fcvt.h.d, rup, UF|NX, 0x1, 0x1a56e1fc2f8f359)   /* fcvt.h.d(1e-300, rup) */
    TEST_FCVT_FF_RM(H, D, 109, fcvt.h.d, rdn, NX, 0x3555, 0x3fd5555555555555)   /* fcvt.h.d(0x1.5555555555555p-2, rdn) */
    /* fcvt.d.h (widening, exact) */
    TEST_FCVT_FF(D, H, 110, fcvt.d.h, 0, 0x3ff0000000000000, 0x3c00)   /* fcvt.d.h(1.0) */
    TEST_FCVT_FF(D, H, 111, fcvt.d.h, 0, 0x8000000000000000, 0x8000)   /* fcvt.d.h(-0) */
    TEST_FCVT_FF(D, H, 112, fcvt.d.h, 0, 0x3e70000000000000, 0x1)   /* fcvt.d.h(mins) */
    TEST_FCVT_FF(D, H, 113, fcvt.d.h, 0, 0x3f0ff80000000000, 0x3ff)   /* fcvt.d.h(maxs) */
    TEST_FCVT_FF(D, H, 114, fcvt.d.h, 0, 0xc0effc0000000000, 0xfbff)   /* fcvt.d.h(-max) */
    TEST_FCVT_FF(D, H, 115, fcvt.d.h, 0, 0x7ff0000000000000, 0x7c00)   /* fcvt.d.h(inf) */
    TEST_FCVT_FF(D, H, 116, fcvt.d.h, 0, 0xfff0000000000000, 0xfc00)   /* fcvt.d.h(-inf) */
    TEST_FCVT_FF(D, H, 117, fcvt.d.h, 0, 0x7ff8000000000000, 0x7e00)   /* fcvt.d.h(qnan) */
    TEST_FCVT_FF(D, H, 118, fcvt.d.h, NV, 0x7ff8000000000000, 0x7c01)   /* fcvt.d.h(snan) */
    TEST_FCVT_FF(D, H, 119, fcvt.d.h, 0, 0x7ff8000000000000, 0x7e03)   /* fcvt.d.h(qNaN(payload)) */
TEST_CODE_END
