/* npu-isa.md §6.3 items 2 and 3 (4 lanes: 7 delay slots; queues of 8).
 * Window 1: weight push, input push of 4, pop of 4.
 * Window 2: ten input pushes of 2, then ten pops of 2. */
#include "timing.h"
    .option norvc
    .text
    .globl _start
_start:
    vsetivli zero, 4, e32, m1, ta, ma
    vmv.v.i v1, 0
    vmv.v.i v2, 0
    M5_RESET
    SA_WPUSH(1, 0)
    SA_IPUSH(2, 0)
    SA_POP(3, 0)
    M5_DUMP
    vsetivli zero, 2, e32, m1, ta, ma
    M5_RESET
    .rept 10
    SA_IPUSH(2, 0)
    .endr
    .rept 10
    SA_POP(3, 0)
    .endr
    M5_DUMP
    EXIT(0)
