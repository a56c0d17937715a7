/* Zicntr / Zihpm: the read-only user counters cycle, time, instret (and, in
   the bare-metal build, hpmcounter3/hpmcounter31 and the machine counters)
   are readable and behave like counters.  (qemu-system's "spike" machine has
   no rdtime support, so the HTIF build is only validated under qemu-user.) */
#include "test_macros.h"

TEST_CODE_BEGIN
    /* ---- read-only counters (Zicntr / Zihpm) are readable */
    SET_TESTNUM(2)
    rdcycle a1
    rdtime a2
    rdinstret a3
    nop; nop; nop; nop; nop; nop; nop; nop; nop; nop
    rdinstret a4
    rdcycle a5
    rdtime a6
    sub a0, a4, a3                      /* >= 11 instructions retired */
    li t2, 11
    bltu a0, t2, fail_near
    SET_TESTNUM(3)
    bgeu a1, a5, fail_near              /* cycle strictly increased */
    SET_TESTNUM(4)
    bltu a6, a2, fail_near              /* time did not go backwards */
    SET_TESTNUM(5)
    csrr a1, cycle                      /* csrrs rd, csr, x0 forms */
    csrrsi a2, instret, 0
    csrrci a3, time, 0
    SET_TESTNUM(6)
    rdinstret a1                        /* a second read is later */
    rdinstret a2
    bgeu a1, a2, fail_near


#ifdef ENV_HTIF
    SET_TESTNUM(7); csrr a4, hpmcounter3; csrr a5, hpmcounter31
    /* machine counters are readable */
    SET_TESTNUM(8); csrr a1, mcycle; csrr a2, minstret; csrr a3, mhpmcounter3; csrr a4, mvendorid; csrr a5, marchid; csrr a6, mimpid
    SET_TESTNUM(9); csrr a1, minstret; csrr a2, instret; bltu a2, a1, fail_near
#endif
TEST_CODE_END

fail_near:
    j fail
