/* RV64A: lr.w/sc.w, lr.d/sc.d (success, failure after the reservation has
   been consumed, sign extension of lr.w) and every AMO in .w and .d form:
   rd receives the old memory value (sign-extended for .w), memory receives
   the new value (.w forms leave the upper word of the dword untouched and
   ignore the upper 32 bits of rs2). */
#include "test_macros.h"

/* Initialise the dword at amo_area with `init`, perform `inst rd, rs2, (a1)`
   with rs2 = `op`, check rd == exp_rd and the whole dword == exp_mem. */
#define TEST_AMO(n, inst, init, op, exp_rd, exp_mem) \
    SET_TESTNUM(n); la a1, amo_area; li a2, init; sd a2, 0(a1); li a3, op; \
    inst a0, a3, (a1); CHECK_EQ(a0, exp_rd); ld a4, 0(a1); CHECK_EQ(a4, exp_mem)

TEST_CODE_BEGIN
    /* ---- AMO .w (upper word of the dword is 0xdeadbeef and must survive) */
    TEST_AMO(2,  amoswap.w, 0xdeadbeef80000000, 0x12345678, 0xffffffff80000000, 0xdeadbeef12345678)
    TEST_AMO(3,  amoswap.w, 0xdeadbeef00000001, 0xaaaaaaaafedcba98, 0x1, 0xdeadbeeffedcba98)
    TEST_AMO(4,  amoadd.w,  0xdeadbeef80000000, 0x80000000, 0xffffffff80000000, 0xdeadbeef00000000)
    TEST_AMO(5,  amoadd.w,  0xdeadbeef7fffffff, 1, 0x7fffffff, 0xdeadbeef80000000)
    TEST_AMO(6,  amoadd.w,  0xdeadbeef00000005, 0xffffffff00000003, 0x5, 0xdeadbeef00000008)
    TEST_AMO(7,  amoand.w,  0xdeadbeefff00ff00, 0x0ff00ff0, 0xffffffffff00ff00, 0xdeadbeef0f000f00)
    TEST_AMO(8,  amoor.w,   0xdeadbeefff00ff00, 0x0ff00ff0, 0xffffffffff00ff00, 0xdeadbeeffff0fff0)
    TEST_AMO(9,  amoxor.w,  0xdeadbeefff00ff00, 0x0ff00ff0, 0xffffffffff00ff00, 0xdeadbeeff0f0f0f0)
    TEST_AMO(10, amomax.w,  0xdeadbeef80000000, 1, 0xffffffff80000000, 0xdeadbeef00000001)
    TEST_AMO(11, amomax.w,  0xdeadbeef00000005, 0xfffffffd, 0x5, 0xdeadbeef00000005)
    TEST_AMO(12, amomax.w,  0xdeadbeeffffffffe, 0x7fffffff00000000, 0xfffffffffffffffe, 0xdeadbeef00000000)
    TEST_AMO(13, amomaxu.w, 0xdeadbeef80000000, 1, 0xffffffff80000000, 0xdeadbeef80000000)
    TEST_AMO(14, amomaxu.w, 0xdeadbeef80000000, 0xffffffff, 0xffffffff80000000, 0xdeadbeefffffffff)
    TEST_AMO(15, amomaxu.w, 0xdeadbeef00000007, 0x100000000, 0x7, 0xdeadbeef00000007)
    TEST_AMO(16, amomin.w,  0xdeadbeef80000000, 1, 0xffffffff80000000, 0xdeadbeef80000000)
    TEST_AMO(17, amomin.w,  0xdeadbeef00000005, 0xfffffffd, 0x5, 0xdeadbeeffffffffd)
    TEST_AMO(18, amomin.w,  0xdeadbeef00000005, 0x8000000000000006, 0x5, 0xdeadbeef00000005)
    TEST_AMO(19, amominu.w, 0xdeadbeef80000000, 1, 0xffffffff80000000, 0xdeadbeef00000001)
    TEST_AMO(20, amominu.w, 0xdeadbeef00000005, 0xfffffffd, 0x5, 0xdeadbeef00000005)
    TEST_AMO(21, amominu.w, 0xdeadbeefffffffff, 0xfffffffe, 0xffffffffffffffff, 0xdeadbeeffffffffe)

    /* ---- AMO .d */
    TEST_AMO(22, amoswap.d, 0x8000000000000000, 0x0123456789abcdef, 0x8000000000000000, 0x0123456789abcdef)
    TEST_AMO(23, amoadd.d,  0x7fffffffffffffff, 1, 0x7fffffffffffffff, 0x8000000000000000)
    TEST_AMO(24, amoadd.d,  0x00000000ffffffff, 1, 0xffffffff, 0x100000000)
    TEST_AMO(25, amoadd.d,  0xffffffffffffffff, 0xffffffffffffffff, 0xffffffffffffffff, 0xfffffffffffffffe)
    TEST_AMO(26, amoand.d,  0xff00ff00ff00ff00, 0x0ff00ff00ff00ff0, 0xff00ff00ff00ff00, 0x0f000f000f000f00)
    TEST_AMO(27, amoor.d,   0xff00ff00ff00ff00, 0x0ff00ff00ff00ff0, 0xff00ff00ff00ff00, 0xfff0fff0fff0fff0)
    TEST_AMO(28, amoxor.d,  0xff00ff00ff00ff00, 0x0ff00ff00ff00ff0, 0xff00ff00ff00ff00, 0xf0f0f0f0f0f0f0f0)
    TEST_AMO(29, amomax.d,  0x8000000000000000, 1, 0x8000000000000000, 1)
    TEST_AMO(30, amomax.d,  5, 0xfffffffffffffffd, 5, 5)
    TEST_AMO(31, amomax.d,  0x00000000ffffffff, 0x0000000100000000, 0xffffffff, 0x100000000)
    TEST_AMO(32, amomaxu.d, 0x8000000000000000, 1, 0x8000000000000000, 0x8000000000000000)
    TEST_AMO(33, amomaxu.d, 5, 0xfffffffffffffffd, 5, 0xfffffffffffffffd)
    TEST_AMO(34, amomin.d,  0x8000000000000000, 1, 0x8000000000000000, 0x8000000000000000)
    TEST_AMO(35, amomin.d,  5, 0xfffffffffffffffd, 5, 0xfffffffffffffffd)
    TEST_AMO(36, amominu.d, 0x8000000000000000, 1, 0x8000000000000000, 1)
    TEST_AMO(37, amominu.d, 5, 0xfffffffffffffffd, 5, 5)
    TEST_AMO(38, amominu.d, 0x100000000, 0xffffffff, 0x100000000, 0xffffffff)

    /* aq/rl variants behave the same */
    TEST_AMO(39, amoadd.w.aq, 0xdeadbeef00000001, 2, 1, 0xdeadbeef00000003)
    TEST_AMO(40, amoor.d.rl, 0x10, 0x01, 0x10, 0x11)
    TEST_AMO(41, amoswap.d.aqrl, 7, 9, 7, 9)

    /* rd = x0: memory still updated */
    TEST_CASE(42, a4, 0x30, la a1, amo_area; li a2, 0x10; sd a2, 0(a1); li a3, 0x20; amoadd.d x0, a3, (a1); ld a4, 0(a1))
    /* rd == rs2: old value returned, new value = original rs2 */
    TEST_CASE(43, a3, 0x1111, la a1, amo_area; li a2, 0x1111; sd a2, 0(a1); li a3, 0x2222; amoswap.d a3, a3, (a1))
    TEST_CASE(44, a4, 0x2222, ld a4, 0(a1))

    /* ---- LR/SC */
    /* lr.w sign-extends */
    TEST_CASE(45, a0, 0xffffffff80000000, la a1, amo_area; li a2, 0x1234567880000000; sd a2, 0(a1); lr.w a0, (a1))
    /* sc.w succeeds (rd = 0) and writes only the word */
    TEST_CASE(46, a4, 0, li a3, 0x55; sc.w a4, a3, (a1))
    TEST_CASE(47, a0, 0x1234567800000055, ld a0, 0(a1))
    /* a second sc.w without a new lr.w must fail (rd != 0) and not write */
    SET_TESTNUM(48); li a3, 0x66; sc.w a4, a3, (a1); beqz a4, fail_near
    TEST_CASE(49, a0, 0x1234567800000055, ld a0, 0(a1))

    /* lr.d / sc.d */
    TEST_CASE(50, a0, 0x8000000000000001, la a1, amo_area; li a2, 0x8000000000000001; sd a2, 0(a1); lr.d a0, (a1))
    TEST_CASE(51, a4, 0, li a3, 0xfedcba9876543210; sc.d a4, a3, (a1))
    TEST_CASE(52, a0, 0xfedcba9876543210, ld a0, 0(a1))
    SET_TESTNUM(53); li a3, 0x77; sc.d a4, a3, (a1); beqz a4, fail_near
    TEST_CASE(54, a0, 0xfedcba9876543210, ld a0, 0(a1))

    /* sc with no preceding lr at all (reservation consumed by test 53) */
    SET_TESTNUM(55); la a1, amo_area2; li a3, 0x99; sc.d a4, a3, (a1); beqz a4, fail_near
    TEST_CASE(56, a0, 0x4242424242424242, ld a0, 0(a1))

    /* an AMO in between does not make a stale sc succeed */
    SET_TESTNUM(57); la a1, amo_area; li a3, 1; amoadd.d x0, a3, (a1); sc.d a4, a3, (a1); beqz a4, fail_near

    /* canonical lr/sc retry loop: atomic increment x 5 */
    SET_TESTNUM(58)
    la a1, amo_area
    sd zero, 0(a1)
    li a5, 5
1:  lr.d.aq a0, (a1)
    addi a0, a0, 3
    sc.d.rl a4, a0, (a1)
    bnez a4, 1b
    addi a5, a5, -1
    bnez a5, 1b
    ld a0, 0(a1)
    CHECK_EQ(a0, 15)

    /* lr.w/sc.w loop on the upper word of a dword */
    SET_TESTNUM(59)
    la a1, amo_area
    li a2, 0x00000001ffffffff
    sd a2, 0(a1)
    addi a1, a1, 4
1:  lr.w a0, (a1)
    slli a0, a0, 4
    sc.w a4, a0, (a1)
    bnez a4, 1b
    ld a0, -4(a1)
    CHECK_EQ(a0, 0x00000010ffffffff)
TEST_CODE_END

fail_near:
    j fail

TEST_DATA_BEGIN
    .align 3
amo_area:
    .dword 0
amo_area2:
    .dword 0x4242424242424242
TEST_DATA_END
