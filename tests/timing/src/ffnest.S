/* Loops of several blocks for the loop fast-forward (tests/timing.rs
 * `loop_fast_forward_changes_no_statistic`): outer loops whose bodies hold inner
 * loops, calls, returns and branches, skipped whole once an iteration repeats the
 * one before it. Each also changes its path now and then, so a skipped iteration
 * that goes another way must be handed back to the model as far as it ran.
 * Default parameters, VLEN 256. */
#include "timing.h"
    .option norvc

#define WINDOW  .balign 64; .rept 15; nop; .endr; M5_RESET
#define END     M5_DUMP

    .text
    .globl _start
_start:
    la      s0, bufA
    la      s1, bufB
    /* 1: 300 outer iterations of a 24-iteration multiply-accumulate loop (a row
     * times a column, matmul's shape), a call to a leaf that stores the sum, and
     * a load of it back (forwarded from the store buffer); every 64th outer
     * iteration takes the other side of a branch, which adds an instruction */
    li      s3, 300
    WINDOW
1:  li      t0, 24
    mv      a1, s0
    mv      a2, s1
    li      a0, 0
2:  lw      t1, 0(a1)
    lw      t2, 0(a2)
    addi    a1, a1, 4
    addi    a2, a2, 96
    mul     t1, t1, t2
    add     a0, a0, t1
    addi    t0, t0, -1
    bnez    t0, 2b
    call    keep
    ld      t3, 0(s1)
    add     s4, s4, t3
    andi    t4, s3, 63
    bnez    t4, 3f
    addi    s4, s4, 1
3:  addi    s3, s3, -1
    bnez    s3, 1b
    END
    /* 2: a vector tile loop inside a row loop: 6 tiles of LMUL 1 a row, 120 rows;
     * the row loop moves its pointers by a line each time */
    vsetivli zero, 8, e32, m1, ta, ma
    li      s3, 120
    li      a3, 0
    WINDOW
4:  li      t0, 6
    add     a1, s0, a3
5:  vle32.v v1, (a1)
    vfadd.vv v2, v1, v1
    vse32.v v2, (a1)
    addi    a1, a1, 32
    addi    t0, t0, -1
    bnez    t0, 5b
    addi    a3, a3, 64
    andi    a3, a3, 2047
    addi    s3, s3, -1
    bnez    s3, 4b
    END
    /* 3: an outer loop whose inner loop runs 20 times, but 21 times once in 50
     * outer iterations (the skip's iteration then runs a block the reference did
     * not), with a second inner loop after it */
    li      s3, 400
    WINDOW
6:  li      t0, 20
    li      t5, 50
    remu    t6, s3, t5
    seqz    t6, t6
    add     t0, t0, t6
7:  addi    t2, t2, 3
    xor     t3, t3, t2
    addi    t0, t0, -1
    bnez    t0, 7b
    li      t0, 5
8:  sd      t3, 8(s1)
    ld      t4, 8(s1)
    add     t2, t2, t4
    addi    t0, t0, -1
    bnez    t0, 8b
    addi    s3, s3, -1
    bnez    s3, 6b
    END
    EXIT(0)

/* Stores its argument and returns. */
keep:
    sd      a0, 0(s1)
    ret

    .data
    .balign 64
bufA: .skip 4096
bufB: .skip 4096
