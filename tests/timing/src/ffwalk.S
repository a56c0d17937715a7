/* Loops for the loop fast-forward's address checks (tests/timing.rs
 * `loop_fast_forward_changes_no_statistic`): their addresses change every
 * iteration, so a skipped iteration's loads must forward from the store buffer
 * exactly where the model's would. Default parameters, VLEN 256. */
#include "timing.h"
    .option norvc

#define WINDOW  .balign 64; .rept 15; nop; .endr; M5_RESET
#define END     M5_DUMP

    .text
    .globl _start
_start:
    la      s0, ring
    /* 1: four stores into a ring of 8 32-byte slots and two loads: the first of
     * the four (forwarded from the store buffer) and a doubleword picked by the
     * counter (one of the four stored just now once in 8 iterations, some other
     * time one stored earlier); the loop counter waits for both */
    li      s3, 3000
    li      s4, 0
    WINDOW
1:  addi    s4, s4, 32
    andi    s4, s4, 224
    add     a1, s0, s4
    sd      s3, 0(a1)
    sd      s3, 8(a1)
    sd      s3, 16(a1)
    sd      s3, 24(a1)
    ld      t3, 0(a1)
    andi    t0, s3, 248
    add     a2, s0, t0
    ld      t1, 0(a2)
    sub     t4, t1, t3
    sub     t4, t4, t4
    add     s3, s3, t4
    addi    s3, s3, -1
    bnez    s3, 1b
    END
    /* 2: a vector tile loop walking three buffers (walk.S's shape), with a scalar
     * store and load a line apart */
    la      s1, bufA
    la      s2, bufB
    li      s3, 2000
    li      s4, 0
    li      s5, 960
    vsetivli zero, 8, e32, m1, ta, ma
    WINDOW
2:  add     a1, s0, s4
    add     a2, s1, s4
    vle32.v v1, (a1)
    vle32.v v2, (a2)
    vfadd.vv v3, v1, v2
    vse32.v v3, (a2)
    sd      s3, 8(a1)
    ld      t4, 72(a1)
    add     t5, t5, t4
    addi    s4, s4, 32
    and     s4, s4, s5
    addi    s3, s3, -1
    bnez    s3, 2b
    END
    /* 3: walk.S's loop (its state repeats only every 12 iterations: the front end
     * hands Execute 1 or 2 of Decode's outputs an iteration), entered 12 times
     * with 2000 to 2011 iterations, so the loop leaves at every place of a period */
    la      s2, bufC
    li      s6, 0
    li      s5, 960
    li      s7, 12
    WINDOW
3:  li      s3, 2000
    add     s3, s3, s6
    li      s4, 0
4:  add     a1, s0, s4
    add     a2, s1, s4
    add     a3, s2, s4
    vle32.v v1, (a1)
    vle32.v v2, (a2)
    vfadd.vv v3, v1, v2
    vse32.v v3, (a3)
    add     t1, t1, s3
    xor     t2, t2, t1
    mul     t3, t1, t2
    ld      t4, 0(a1)
    add     t5, t5, t4
    sd      t5, 8(a3)
    addi    s4, s4, 32
    and     s4, s4, s5
    addi    s3, s3, -1
    bnez    s3, 4b
    addi    s6, s6, 1
    bne     s6, s7, 3b
    END

    /* Loads that drift across lines (issue 26, stop 42): a word load moving 2 bytes
     * an iteration crosses a 64-byte line every 32 iterations, a vle32 m1 moving 8
     * bytes every other 8; a skip must hand each crossing iteration to the model. */
    WINDOW
    la      a1, bufA
    la      a2, bufB
    li      s3, 1200
5:  lw      t0, 0(a1)
    add     t1, t1, t0
    vle32.v v1, (a2)
    addi    a1, a1, 2
    addi    t2, a2, -768
    slti    t2, t2, 0
    slli    t2, t2, 3
    add     a2, a2, t2
    addi    s3, s3, -1
    bnez    s3, 5b
    END
    EXIT(0)

    .data
    .balign 64
    .skip 64
ring: .skip 1024
bufA: .skip 4096
bufB: .skip 1024
bufC: .skip 1024
