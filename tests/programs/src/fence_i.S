/* fence.i after self-modifying code: patch instructions in memory with
   ordinary stores, execute fence.i, then execute the new code.  Covers
   patching a previously executed instruction (so any cached decode must be
   invalidated), writing a whole new routine, patching a compressed
   instruction with sh, and repeated patch / execute cycles in a loop.
   The code lives in the writable+executable .smc section. */
#include "test_macros.h"

/* addi a0, x0, imm   = (imm << 20) | 0x513 */
#define LI_A0(imm)  (((imm) << 20) | 0x513)
/* c.li a0, imm (0 <= imm < 32) = 0x4501 | (imm << 2) */
#define C_LI_A0(imm) (0x4501 | ((imm) << 2))
#define RET_INSN    0x00008067          /* jalr x0, 0(ra) */

TEST_CODE_BEGIN
    /* run the original routine */
    SET_TESTNUM(2)
    call smc_func
    CHECK_EQ(a0, 1)

    /* patch its first instruction, fence.i, run again */
    SET_TESTNUM(3)
    la a1, smc_func
    li a2, LI_A0(2)
    sw a2, 0(a1)
    fence.i
    call smc_func
    CHECK_EQ(a0, 2)

    /* patch again with a different value */
    SET_TESTNUM(4)
    li a2, LI_A0(0x7ff)
    sw a2, 0(a1)
    fence.i
    call smc_func
    CHECK_EQ(a0, 0x7ff)

    /* build a new routine in smc_buf: li a0, 0x123; ret */
    SET_TESTNUM(5)
    la a1, smc_buf
    li a2, LI_A0(0x123)
    sw a2, 0(a1)
    li a2, RET_INSN
    sw a2, 4(a1)
    fence.i
    jalr ra, 0(a1)
    CHECK_EQ(a0, 0x123)

    /* patch a compressed instruction with a halfword store */
    SET_TESTNUM(6)
    call smc_cfunc
    CHECK_EQ(a0, 3)
    SET_TESTNUM(7)
    la a1, smc_cfunc
    li a2, C_LI_A0(21)
    sh a2, 0(a1)
    fence.i
    call smc_cfunc
    CHECK_EQ(a0, 21)

    /* a loop that patches and runs the routine 8 times: sum of 1..8 */
    SET_TESTNUM(8)
    la a1, smc_buf
    li a2, RET_INSN
    sw a2, 4(a1)
    li s2, 0            /* sum */
    li s3, 1            /* i */
    li s4, 9
1:  slli a2, s3, 20
    addi a2, a2, 0x513  /* li a0, i */
    sw a2, 0(a1)
    fence.i
    jalr ra, 0(a1)
    add s2, s2, a0
    addi s3, s3, 1
    bne s3, s4, 1b
    CHECK_EQ(s2, 36)
TEST_CODE_END

    .section .smc, "awx", @progbits
    .align 3
    .option push
    .option norvc
smc_func:
    li a0, 1
    ret
    .align 3
smc_buf:
    .word 0x00000013        /* nop */
    .word 0x00000013
    .word 0x00000013
    .word 0x00000013
    .option pop
    .option push
    .option rvc
    .align 3
smc_cfunc:
    c.li a0, 3
    c.jr ra
    .option pop
