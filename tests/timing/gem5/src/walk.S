/* Speed benchmark: long.S's loop walking its buffers (one window around ~14 M
 * instructions: 1 M iterations). Every iteration loads and stores other addresses,
 * so the cycle model times each one (no loop fast-forward): the sampling speed of a
 * tile loop. */
#include "bench.h"
    .option norvc
    .text
    .globl _start
_start:
    la      s0, bufA
    la      s1, bufB
    la      s2, bufC
    li      s3, 1000000
    li      s4, 0
    li      s5, 4064
    vsetivli zero, 8, e32, m1, ta, ma
    vmv.v.i v1, 0
    vmv.v.i v2, 0
    M5_RESET
1:  add     a1, s0, s4
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
    bnez    s3, 1b
    M5_DUMP
    EXIT0

    .data
    .balign 64
bufA: .skip 4096
bufB: .skip 4096
bufC: .skip 4096
