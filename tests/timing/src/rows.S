/* VX rows test (npu-isa.md §8 item 9): one row alone, then 64 rows back to back
 * (e32, m8 at VLEN 256), each pushed and popped in its own window. */
#include "timing.h"
    .option norvc
    .text
    .globl _start
_start:
    vsetivli zero, 1, e32, m1, ta, ma
    vmv.v.i v1, 0
    SA_WPUSH(1, 0)
    M5_RESET
    SA_IPUSH(1, 0)
    SA_POP(2, 0)
    M5_DUMP
    li      t0, 64
    vsetvli zero, t0, e32, m8, ta, ma
    vmv.v.i v8, 0
    M5_RESET
    SA_IPUSH(8, 0)
    SA_POP(16, 0)
    M5_DUMP
    EXIT(0)
