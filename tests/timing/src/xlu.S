/* npu-isa.md §6.3 item 5: with a 3-slot XLU delay, a pop of 2 issues 2 + 3 cycles
 * after a push of 2. */
#include "timing.h"
    .option norvc
    .text
    .globl _start
_start:
    vsetivli zero, 2, e32, m1, ta, ma
    vmv.v.i v8, 1
    M5_RESET
    XLU_PUSH(8, 0)
    XLU_POP(10)
    M5_DUMP
    EXIT(0)
