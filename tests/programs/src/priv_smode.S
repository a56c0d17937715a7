/* Supervisor mode (bare-metal M-mode build only; HTIF_ONLY_TEST; needs S-mode
   support): mret to S, ecall from S (cause 9), sret from M to U and to S,
   sstatus as a restricted view of mstatus, S-mode access rules (M-mode CSRs
   and mret illegal in S; sret and S-mode CSRs illegal in U), counter access
   from S governed by mcounteren, exception delegation through medeleg to an
   S-mode handler (stvec, scause, sepc), and that traps taken in M-mode are
   never delegated.  Expected values follow the privileged specification. */
#include "test_macros.h"

#define MPP_S 0x0800
#define ENTER_SMODE(label) \
    la t0, label; csrw mepc, t0; li t0, MSTATUS_MPP; csrc mstatus, t0; \
    li t0, MPP_S; csrs mstatus, t0; mret
#define ENTER_UMODE(label) \
    la t0, label; csrw mepc, t0; li t0, MSTATUS_MPP; csrc mstatus, t0; mret
#define TRAP_STATUS_BITS(mask) \
    la t0, trap_info; ld a0, TRAP_STATUS(t0); li t2, mask; and a0, a0, t2

    .option norvc
TEST_CODE_BEGIN
    /* ---- mret to S-mode, ecall from S: cause 9, saved MPP = S */
    SET_TESTNUM(2)
    EXPECT_TRAP(1f)
    ENTER_SMODE(2f)
2:  ecall
    j fail
1:  CHECK_TRAP(CAUSE_ECALL_S, 2b)
    TRAP_STATUS_BITS(MSTATUS_MPP)
    CHECK_EQ(a0, MPP_S)

    /* S-mode CSRs usable in S: sscratch, sstatus; FP works in S */
    SET_TESTNUM(3)
    EXPECT_TRAP(1f)
    ENTER_SMODE(2f)
2:  li a1, 0x5a5a
    csrw sscratch, a1
    csrr a2, sscratch
    csrr a3, sstatus
    fcvt.d.w fa0, a1
    fcvt.w.d a4, fa0, rtz
    ecall
1:  CHECK_EQ(a2, 0x5a5a)
    CHECK_EQ(a4, 0x5a5a)
    csrr a0, sscratch
    CHECK_EQ(a0, 0x5a5a)

    /* M-mode CSRs and mret are illegal in S */
    SET_TESTNUM(4)
    EXPECT_TRAP(1f)
    ENTER_SMODE(2f)
2:  csrr a0, mstatus
    j fail
1:  CHECK_TRAP(CAUSE_ILLEGAL_INSN, 2b)
    TRAP_STATUS_BITS(MSTATUS_MPP)
    CHECK_EQ(a0, MPP_S)

    SET_TESTNUM(5)
    EXPECT_TRAP(1f)
    ENTER_SMODE(2f)
2:  mret
    j fail
1:  CHECK_TRAP(CAUSE_ILLEGAL_INSN, 2b)

    /* ---- sret from M-mode to U (SPP = 0) */
    SET_TESTNUM(6)
    la t0, 2f
    csrw sepc, t0
    li t0, MSTATUS_SPP
    csrc mstatus, t0
    EXPECT_TRAP(1f)
    sret
    j fail
2:  ecall
    j fail
1:  CHECK_TRAP(CAUSE_ECALL_U, 2b)

    /* sret from M-mode to S (SPP = 1) */
    SET_TESTNUM(7)
    la t0, 2f
    csrw sepc, t0
    li t0, MSTATUS_SPP
    csrs mstatus, t0
    EXPECT_TRAP(1f)
    sret
    j fail
2:  ecall
    j fail
1:  CHECK_TRAP(CAUSE_ECALL_S, 2b)

    /* sret sets SPP to U, SIE = SPIE, SPIE = 1: the sret of test 6 left
       SPIE = 1, so after the sret of test 7 SIE = 1 and SPIE = 1 */
    SET_TESTNUM(8)
    csrr a0, sstatus
    li t2, MSTATUS_SPP|0x22             /* SPP | SPIE | SIE */
    and a0, a0, t2
    CHECK_EQ(a0, 0x22)
    csrci sstatus, 0x2                  /* SIE = 0 again */

    /* ---- sstatus is a view of mstatus: SPP written through sstatus is
       visible in mstatus, MPP is not visible in sstatus */
    SET_TESTNUM(9)
    li t0, MSTATUS_SPP
    csrs sstatus, t0
    csrr a0, mstatus
    and a0, a0, t0
    CHECK_EQ(a0, MSTATUS_SPP)
    SET_TESTNUM(10)
    li t0, MSTATUS_MPP
    csrs mstatus, t0
    csrr a0, sstatus
    and a0, a0, t0
    CHECK_EQ(a0, 0)
    li t0, MSTATUS_SPP
    csrc sstatus, t0

    /* ---- U-mode: sret and S CSRs are illegal */
    SET_TESTNUM(11)
    EXPECT_TRAP(1f)
    ENTER_UMODE(2f)
2:  sret
    j fail
1:  CHECK_TRAP(CAUSE_ILLEGAL_INSN, 2b)

    SET_TESTNUM(12)
    EXPECT_TRAP(1f)
    ENTER_UMODE(2f)
2:  csrr a0, sscratch
    j fail
1:  CHECK_TRAP(CAUSE_ILLEGAL_INSN, 2b)

    /* ---- counters from S: allowed by mcounteren.CY, illegal without */
    SET_TESTNUM(13)
    li t0, 7
    csrw mcounteren, t0
    EXPECT_TRAP(1f)
    ENTER_SMODE(2f)
2:  rdcycle a1
    rdinstret a2
4:  ecall
1:  CHECK_TRAP(CAUSE_ECALL_S, 4b)

    SET_TESTNUM(14)
    csrw mcounteren, x0
    EXPECT_TRAP(1f)
    ENTER_SMODE(2f)
2:  rdinstret a1
    j fail
1:  CHECK_TRAP(CAUSE_ILLEGAL_INSN, 2b)

    /* ---- delegation: breakpoints from U go to the S handler */
    SET_TESTNUM(15)
    la t0, s_handler
    csrw stvec, t0
    li t0, 1 << CAUSE_BREAKPOINT
    csrw medeleg, t0
    csrr a0, medeleg
    and a0, a0, t0
    CHECK_EQ(a0, 1 << CAUSE_BREAKPOINT)
    SET_TESTNUM(16)
    li s4, -1
    li s5, -1
    li s7, -1
    EXPECT_TRAP(1f)
    ENTER_UMODE(2f)
2:  ebreak
    j fail
1:  CHECK_TRAP(CAUSE_ECALL_S, s_handler_ecall)   /* the S handler ecalls to M */
    CHECK_EQ(s4, CAUSE_BREAKPOINT)               /* scause */
    la t2, 2b
    CHECK_EQ_REG(s5, t2)                         /* sepc */
    CHECK_EQ(s7, 0)                              /* sstatus.SPP = U */

    /* a delegated exception raised in M-mode is still taken in M */
    SET_TESTNUM(17)
    EXPECT_TRAP(1f)
2:  ebreak
    j fail
1:  CHECK_TRAP(CAUSE_BREAKPOINT, 2b)
    csrw medeleg, x0
TEST_CODE_END

    .align 2
s_handler:
    csrr s4, scause
    csrr s5, sepc
    csrr s6, stval
    csrr s7, sstatus
    li t0, MSTATUS_SPP
    and s7, s7, t0
s_handler_ecall:
    ecall
    j fail
