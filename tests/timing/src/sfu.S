/* npu-isa.md §6.3 item 1: five independent vexp, then the dependent chain
 * vtanh -> verf -> vsin -> vcos -> vlog -> vatan, each in its own window. */
#include "timing.h"
    .option norvc
    .text
    .globl _start
_start:
    vsetivli zero, 4, e32, m1, ta, ma
    vmv.v.i v10, 0
    vmv.v.i v1, 0
    M5_RESET
    VEXP(11, 10)
    VEXP(12, 10)
    VEXP(13, 10)
    VEXP(14, 10)
    VEXP(15, 10)
    M5_DUMP
    M5_RESET
    VTANH(2, 1)
    VERF(3, 2)
    VSIN(4, 3)
    VCOS(5, 4)
    VLOG(6, 5)
    VATAN(7, 6)
    M5_DUMP
    EXIT(0)
