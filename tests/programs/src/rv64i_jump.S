/* RV64I control transfer: beq bne blt bge bltu bgeu (taken / not taken,
   forward / backward), jal and jalr (targets, link values, rd == rs1,
   offsets, bit 0 of the jalr target cleared). Uncompressed encodings only. */
#include "test_macros.h"

    .option norvc
TEST_CODE_BEGIN
    /* beq */
    TEST_BR_TAKEN(2, beq, 0, 0)
    TEST_BR_TAKEN(3, beq, -1, -1)
    TEST_BR_TAKEN(4, beq, 0x8000000000000000, 0x8000000000000000)
    TEST_BR_NOT_TAKEN(5, beq, 0, 1)
    TEST_BR_NOT_TAKEN(6, beq, 0x100000000, 0)     /* 64-bit compare */
    TEST_BR_NOT_TAKEN(7, beq, -1, 0xffffffff)
    /* bne */
    TEST_BR_TAKEN(8, bne, 0, 1)
    TEST_BR_TAKEN(9, bne, 0x100000000, 0)
    TEST_BR_TAKEN(10, bne, -1, 0x7fffffffffffffff)
    TEST_BR_NOT_TAKEN(11, bne, 5, 5)
    TEST_BR_NOT_TAKEN(12, bne, -1, -1)
    /* blt (signed) */
    TEST_BR_TAKEN(13, blt, 0, 1)
    TEST_BR_TAKEN(14, blt, -1, 1)
    TEST_BR_TAKEN(15, blt, -2, -1)
    TEST_BR_TAKEN(16, blt, 0x8000000000000000, 0x7fffffffffffffff)
    TEST_BR_NOT_TAKEN(17, blt, 1, 0)
    TEST_BR_NOT_TAKEN(18, blt, 1, -1)
    TEST_BR_NOT_TAKEN(19, blt, 3, 3)
    TEST_BR_NOT_TAKEN(20, blt, 0x7fffffffffffffff, 0x8000000000000000)
    TEST_BR_NOT_TAKEN(21, blt, 0xffffffff, 0x80000000)
    /* bge (signed) */
    TEST_BR_TAKEN(22, bge, 0, 0)
    TEST_BR_TAKEN(23, bge, 1, 0)
    TEST_BR_TAKEN(24, bge, 1, -1)
    TEST_BR_TAKEN(25, bge, 0x7fffffffffffffff, 0x8000000000000000)
    TEST_BR_TAKEN(26, bge, -1, -1)
    TEST_BR_NOT_TAKEN(27, bge, -1, 0)
    TEST_BR_NOT_TAKEN(28, bge, 0x8000000000000000, 0)
    TEST_BR_NOT_TAKEN(29, bge, -2, -1)
    /* bltu (unsigned) */
    TEST_BR_TAKEN(30, bltu, 0, 1)
    TEST_BR_TAKEN(31, bltu, 1, -1)
    TEST_BR_TAKEN(32, bltu, 0x7fffffffffffffff, 0x8000000000000000)
    TEST_BR_TAKEN(33, bltu, 0xffffffff, 0x100000000)
    TEST_BR_NOT_TAKEN(34, bltu, -1, 1)
    TEST_BR_NOT_TAKEN(35, bltu, 7, 7)
    TEST_BR_NOT_TAKEN(36, bltu, 0x8000000000000000, 0x7fffffffffffffff)
    /* bgeu (unsigned) */
    TEST_BR_TAKEN(37, bgeu, 0, 0)
    TEST_BR_TAKEN(38, bgeu, -1, 1)
    TEST_BR_TAKEN(39, bgeu, 0x8000000000000000, 0x7fffffffffffffff)
    TEST_BR_TAKEN(40, bgeu, -1, -1)
    TEST_BR_NOT_TAKEN(41, bgeu, 1, -1)
    TEST_BR_NOT_TAKEN(42, bgeu, 0, 1)
    TEST_BR_NOT_TAKEN(43, bgeu, 0xffffffff, 0x100000000)

    /* register x0 operands (beqz/bnez/bltz/bgez pseudo-forms) */
    SET_TESTNUM(44); li a1, 0; beqz a1, 1f; j fail; 1:
    SET_TESTNUM(45); li a1, 1; bnez a1, 1f; j fail; 1:
    SET_TESTNUM(46); li a1, -1; bltz a1, 1f; j fail; 1:
    SET_TESTNUM(47); li a1, -1; bgez a1, fail_near; bgtz a1, fail_near; blez a1, 1f; j fail; 1:
    SET_TESTNUM(48); li a1, 9; beq a1, a1, 1f; j fail; 1: bne a1, a1, fail_near

    /* backward branches: count down loop, then count-up with bltu */
    TEST_CASE(49, a0, 10, li a0, 0; li a1, 10; 1: addi a0, a0, 1; addi a1, a1, -1; bnez a1, 1b)
    TEST_CASE(50, a0, 6, li a0, 0; li a1, 3; li a2, 0; 1: add a0, a0, a1; addi a1, a1, -1; blt a2, a1, 1b)
    TEST_CASE(51, a0, 5, li a0, 0; li a1, 5; 1: addi a0, a0, 1; bltu a0, a1, 1b)

    /* branch forward over instructions that must not execute */
    TEST_CASE(52, a0, 1, li a0, 1; li a1, 2; bne a0, a1, 1f; li a0, 99; li a0, 98; 1: nop)

    /* jal: target and link value (pc + 4) */
    SET_TESTNUM(53)
    jal ra, 1f
2:  j fail
1:  la a1, 2b
    CHECK_EQ_REG(ra, a1)

    SET_TESTNUM(54)
    jal t0, 1f
2:  j fail
1:  la a1, 2b
    CHECK_EQ_REG(t0, a1)

    SET_TESTNUM(55)                     /* jal x0 (j): no link */
    li a0, 0
    j 1f
    li a0, 1
1:  CHECK_EQ(a0, 0)

    SET_TESTNUM(56)                     /* backward jal */
    li a0, 0
    j 3f
1:  addi a0, a0, 7
    j 4f
3:  jal ra, 1b
2:  j fail
4:  CHECK_EQ(a0, 7)
    la a1, 2b
    CHECK_EQ_REG(ra, a1)

    SET_TESTNUM(57)                     /* link register written even when rd = rs of a later use */
    jal a0, 1f
2:  j fail
1:  la a1, 2b
    sub a0, a0, a1
    CHECK_EQ(a0, 0)

    /* jalr */
    SET_TESTNUM(58)
    la t0, 1f
    jalr ra, 0(t0)
2:  j fail
1:  la a1, 2b
    CHECK_EQ_REG(ra, a1)

    SET_TESTNUM(59)                     /* positive offset */
    la t0, 1f
    addi t0, t0, -16
    jalr ra, 16(t0)
2:  j fail
1:  la a1, 2b
    CHECK_EQ_REG(ra, a1)

    SET_TESTNUM(60)                     /* negative offset */
    la t0, 1f
    addi t0, t0, 2000
    jalr ra, -2000(t0)
2:  j fail
1:  la a1, 2b
    CHECK_EQ_REG(ra, a1)

    SET_TESTNUM(61)                     /* rd == rs1: target uses the old value */
    la t0, 1f
    jalr t0, 0(t0)
2:  j fail
1:  la a1, 2b
    CHECK_EQ_REG(t0, a1)

    SET_TESTNUM(62)                     /* bit 0 of the target is cleared */
    la t0, 1f
    addi t0, t0, 1
    jalr ra, 0(t0)
2:  j fail
1:  la a1, 2b
    CHECK_EQ_REG(ra, a1)

    SET_TESTNUM(63)                     /* odd offset, even base */
    la t0, 1f
    addi t0, t0, -4
    jalr ra, 5(t0)
2:  j fail
1:  nop

    SET_TESTNUM(64)                     /* jalr x0 (jr): no link written */
    li a0, 55
    la t0, 1f
    jr t0
    li a0, 0
1:  CHECK_EQ(a0, 55)

    SET_TESTNUM(65)                     /* call / ret through a subroutine */
    li a0, 3
    call sub_double
    call sub_double
    CHECK_EQ(a0, 12)

    SET_TESTNUM(66)                     /* nested calls, ra saved on the stack */
    li a0, 1
    call sub_nested
    CHECK_EQ(a0, 4)

    SET_TESTNUM(67)                     /* jalr through a table of addresses */
    la a2, jump_table
    ld t0, 8(a2)
    li a0, 0
    jalr ra, 0(t0)
    CHECK_EQ(a0, 2)

TEST_CODE_END

fail_near:
    j fail

sub_double:
    add a0, a0, a0
    ret

sub_nested:
    addi sp, sp, -16
    sd ra, 8(sp)
    call sub_double
    call sub_double
    ld ra, 8(sp)
    addi sp, sp, 16
    ret

tbl0: li a0, 1
    ret
tbl1: li a0, 2
    ret

TEST_DATA_BEGIN
jump_table:
    .dword tbl0, tbl1
TEST_DATA_END
