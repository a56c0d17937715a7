/* probe8 (issue 26): what a load-dependent misprediction costs by what its wrong path
 * holds (a store, a load, ALU work), and bubble/insertion sort pieces. */
#include "bench.h"
    .option norvc
    .text
    .globl _start
_start:
    la      s0, buf
    li      t1, 1
    sd      t1, 0(s0)
    li      t4, 7
    /* arr[32] = (i * 37) % 64, as real2.S */
    la      t0, arr
    li      t1, 0
    li      t2, 32
1:  li      t3, 37
    mul     t3, t3, t1
    andi    t3, t3, 63
    sd      t3, 0(t0)
    addi    t0, t0, 8
    addi    t1, t1, 1
    bne     t1, t2, 1b
    /* m1: 8 x (load; bnez on it taken to skip one alu op) */
    WIN_BEGIN
    .rept 8
    ld      t3, 0(s0)
    bnez    t3, 1f
    addi    t5, t5, 1
1:
    .endr
    WIN_END
    /* m2: the skipped instruction is a store */
    WIN_BEGIN
    .rept 8
    ld      t3, 0(s0)
    bnez    t3, 1f
    sd      t4, 64(s0)
1:
    .endr
    WIN_END
    /* m3: the skipped instruction is a load */
    WIN_BEGIN
    .rept 8
    ld      t3, 0(s0)
    bnez    t3, 1f
    ld      t5, 64(s0)
1:
    .endr
    WIN_END
    /* m4: skipped store, and a load right at the target */
    WIN_BEGIN
    .rept 8
    ld      t3, 0(s0)
    bnez    t3, 1f
    sd      t4, 64(s0)
1:  ld      t6, 128(s0)
    .endr
    WIN_END
    /* m5: skipped alu op, a load at the target */
    WIN_BEGIN
    .rept 8
    ld      t3, 0(s0)
    bnez    t3, 1f
    addi    t5, t5, 1
1:  ld      t6, 128(s0)
    .endr
    WIN_END
    /* m6: branch on a ready register, skipped store, load at the target */
    li      t3, 1
    WIN_BEGIN
    .rept 8
    bnez    t3, 1f
    sd      t4, 64(s0)
1:  ld      t6, 128(s0)
    .endr
    WIN_END
    /* m7: skipped: store, add, jump back (isort's not-taken path shape) */
    WIN_BEGIN
    .rept 8
    ld      t3, 0(s0)
    bnez    t3, 1f
    sd      t4, 64(s0)
    addi    t5, t5, -8
    j       2f
2:
1:  sd      t4, 192(s0)
    .endr
    WIN_END
    /* m8: 8 x two loads then a compare-branch on both (bsort's shape), taken */
    WIN_BEGIN
    .rept 8
    ld      t2, 0(s0)
    ld      t3, 8(s0)
    bge     t3, t2, 1f
    sd      t3, 0(s0)
    sd      t2, 8(s0)
1:
    .endr
    WIN_END
    /* m9: real2's isort16, byte for byte, on the same data */
    WIN_BEGIN
    la      t0, arr
    la      t1, work
    li      t2, 16
4:  ld      t3, 0(t0)
    sd      t3, 0(t1)
    addi    t0, t0, 8
    addi    t1, t1, 8
    addi    t2, t2, -1
    bnez    t2, 4b
    la      a1, work
    li      a2, 1
    li      a3, 16
5:  slli    t0, a2, 3
    add     t0, a1, t0
    ld      t1, 0(t0)
    mv      t2, t0
6:  beq     t2, a1, 7f
    ld      t3, -8(t2)
    ble     t3, t1, 7f
    sd      t3, 0(t2)
    addi    t2, t2, -8
    j       6b
7:  sd      t1, 0(t2)
    addi    a2, a2, 1
    blt     a2, a3, 5b
    WIN_END
    /* m10: the same without the inner loop's store (sd t3 -> addi) */
    WIN_BEGIN
    la      t0, arr
    la      t1, work
    li      t2, 16
4:  ld      t3, 0(t0)
    sd      t3, 0(t1)
    addi    t0, t0, 8
    addi    t1, t1, 8
    addi    t2, t2, -1
    bnez    t2, 4b
    la      a1, work
    li      a2, 1
    li      a3, 16
5:  slli    t0, a2, 3
    add     t0, a1, t0
    ld      t1, 0(t0)
    mv      t2, t0
6:  beq     t2, a1, 7f
    ld      t3, -8(t2)
    ble     t3, t1, 7f
    addi    t6, t3, 0
    addi    t2, t2, -8
    j       6b
7:  sd      t1, 0(t2)
    addi    a2, a2, 1
    blt     a2, a3, 5b
    WIN_END
    EXIT0

    .data
    .balign 64
buf: .skip 1024
arr: .skip 256
work: .skip 512
