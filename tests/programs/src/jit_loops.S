/* Loops for the translation tier's register write-back (issue 17): a block that
   loops to itself keeps the registers it writes in host registers and writes them
   back only when it leaves the loop, and a trap in the middle of a round must still
   find every register as the interpreter leaves it (the ones written earlier in
   that round, and the previous round's for the rest). Each loop below walks a
   pointer down from the data section, 8 bytes a round, until it leaves RAM
   (0x80000000) and the access faults, after thousands of rounds (hot at any
   threshold up to 64).
   - 2: a self-loop whose load faults after two registers were written in the round;
   - 3: a loop of two blocks (a branch skips part of the round) that faults in its
     second block;
   - 4: a self-loop that stores, with a load fault after the store;
   - 5: a self-loop with a division and a call-free mix of M and I ops.
   The program checks what it can state itself (trap cause and pc, the pointer and
   the round count at the fault); tests/jit.rs runs it under the interpreter and with
   every block translated and compares the complete state (x, pc, instret, memory)
   at every block exit.  HTIF_ONLY_TEST (it relies on the bare-metal memory map). */
#include "test_macros.h"

/* At a fault: the pointer s1 is the first address below RAM, and the round count s4
   is the number of rounds from `top` down to it. */
#define CHECK_FAULT_ROUND \
    li t2, 0x7ffffff8; CHECK_EQ_REG(s1, t2); \
    la t2, top; sub t2, t2, s1; srli t2, t2, 3; addi t2, t2, 1; CHECK_EQ_REG(s4, t2)

TEST_CODE_BEGIN
    /* ---- 2: a self-loop, load fault after writes in the round */
    SET_TESTNUM(2)
    la s1, top
    li s2, 0
    li s3, 0
    li s4, 0
    EXPECT_TRAP(r2)
l2:
    addi s4, s4, 1
    xor s3, s3, s4
l2_fault:
    ld s5, 0(s1)
    add s2, s2, s5
    addi s1, s1, -8
    bnez s4, l2
    j fail
r2:
    CHECK_TRAP(5, l2_fault)
    CHECK_FAULT_ROUND

    /* ---- 3: a loop of two blocks, fault in the second */
    SET_TESTNUM(3)
    la s1, top
    li s2, 0
    li s3, 0
    li s4, 0
    EXPECT_TRAP(r3)
l3:
    addi s4, s4, 1
    andi s6, s4, 1
    beqz s6, l3_skip
    xor s3, s3, s4
    slli s7, s3, 3
l3_skip:
    sub s2, s2, s4
l3_fault:
    lw s5, 4(s1)
    add s2, s2, s5
    addi s1, s1, -8
    j l3
r3:
    CHECK_TRAP(5, l3_fault)
    CHECK_FAULT_ROUND

    /* ---- 4: a self-loop that stores (into a small ring buffer) and whose load
       faults after the store */
    SET_TESTNUM(4)
    la s1, top
    la s6, ring
    li s4, 0
    EXPECT_TRAP(r4)
l4:
    addi s4, s4, 1
    andi s7, s4, 7
    slli s7, s7, 3
    add s7, s7, s6
    sd s4, 0(s7)
l4_fault:
    ld s5, 0(s1)
    addi s1, s1, -8
    bnez s4, l4
    j fail
r4:
    CHECK_TRAP(5, l4_fault)
    CHECK_FAULT_ROUND
    /* the ring's slot for the faulting round holds that round's count */
    ld t2, 0(s7)
    CHECK_EQ_REG(t2, s4)

    /* ---- 5: a self-loop with M ops, load fault */
    SET_TESTNUM(5)
    la s1, top
    li s2, 1
    li s3, 7
    li s4, 0
    EXPECT_TRAP(r5)
l5:
    addi s4, s4, 1
    mul s2, s2, s3
    addi s2, s2, 3
    divu s6, s2, s4
    remw s7, s2, s3
l5_fault:
    lbu s5, 7(s1)
    xor s2, s2, s5
    add s3, s3, s6
    addi s1, s1, -8
    bnez s4, l5
    j fail
r5:
    CHECK_TRAP(5, l5_fault)
    li t2, 0x7ffffff8
    CHECK_EQ_REG(s1, t2)
TEST_CODE_END

TEST_DATA_BEGIN
    .align 3
ring:
    .skip 64
top:
    .dword 0
TEST_DATA_END

/* HTIF_ONLY_TEST */
