/* m5 exit and fail (npu-isa.md §5.1): argv[1] "0" ends with m5_exit after one
 * window (exit status 0), "1" with m5_fail(a1 = 3); work_begin is a no-op. */
#include "timing.h"
    .option norvc
    .text
    .globl _start
_start:
    ld      s1, 16(sp)
    lbu     s1, 0(s1)
    M5_WORK_BEGIN
    M5_RESET
    addi    a0, a0, 1
    M5_DUMP
    li      a1, 3
    li      t0, '1'
    beq     s1, t0, 1f
    M5_EXIT
    EXIT(9)
1:  M5_FAIL
    EXIT(9)
