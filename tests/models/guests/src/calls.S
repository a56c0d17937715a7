/* The cost of a model call (not a test: timed by hand, see the report of issue 13).
 * argv[1][0] = 'p': 1,000,000 iterations of ten probe_info (three host callbacks
 * each); 'a': the same loop with ten addi instead (the loop's own cost). */
#include "probe.h"
    .option norvc
    .text
    .globl _start
_start:
    vsetivli zero, 8, e32, m1, ta, ma
    ld      t0, 16(sp)
    lbu     t0, 0(t0)
    li      t2, 1000000
    li      t1, 'p'
    bne     t0, t1, 2f
1:  .rept 10
    PROBE_INFO(a0)
    .endr
    addi    t2, t2, -1
    bnez    t2, 1b
    EXIT(0)
2:  .rept 10
    addi    a0, a0, 1
    .endr
    addi    t2, t2, -1
    bnez    t2, 2b
    EXIT(0)
