/* npu-isa.md §8 item 9 (the VX markers test, 4-lane array, queues of 8):
 * reset · 3 input pushes + 3 pops · dump · reset · dump · push + pop ·
 * dumpreset(a0=2000, a1=1000) · 2 pushes + 2 pops + a 40-iteration loop · dumpreset ·
 * exit: five dumps with the end-of-run one. */
#include "timing.h"
    .option norvc
    .text
    .globl _start
_start:
    vsetivli zero, 4, e32, m1, ta, ma
    vmv.v.i v1, 0
    vmv.v.i v2, 0
    SA_WPUSH(1, 0)
    M5_RESET
    SA_IPUSH(2, 0)
    SA_IPUSH(2, 0)
    SA_IPUSH(2, 0)
    SA_POP(3, 0)
    SA_POP(3, 0)
    SA_POP(3, 0)
    M5_DUMP
    M5_RESET
    M5_DUMP
    SA_IPUSH(2, 0)
    SA_POP(3, 0)
    li      a0, 2000
    li      a1, 1000
    M5_DUMPRESET
    SA_IPUSH(2, 0)
    SA_IPUSH(2, 0)
    SA_POP(3, 0)
    SA_POP(3, 0)
    li      t0, 40
1:  addi    t0, t0, -1
    bnez    t0, 1b
    M5_DUMPRESET
    EXIT(0)
