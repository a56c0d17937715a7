/* The reference TPU model's systolic_stream shape (issue 25): inputs pushed into the
 * array before any weight, then popped. gem5 times these words and computes nothing,
 * so the program is a cycle binary; a functional run refuses the first input push
 * (npu-isa.md: no weight was pushed before it).
 * Window 1: ten input pushes of 2, then ten pops of 2 (4 lanes: 7 delay slots;
 * queues of 8), as window 2 of sa.S but with no weight push before it. */
#include "timing.h"
    .option norvc
    .text
    .globl _start
_start:
    vsetivli zero, 2, e32, m1, ta, ma
    vmv.v.i v2, 0
    M5_RESET
    .rept 10
    SA_IPUSH(2, 0)
    .endr
    .rept 10
    SA_POP(3, 0)
    .endr
    M5_DUMP
    EXIT(0)
