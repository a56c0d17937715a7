/* npu-isa.md §6.3 item 6: six independent Misc-unit instructions (vlane_idx, the
 * SA's compute): at most two issue per cycle, each completes one cycle later. */
#include "timing.h"
    .option norvc
    .text
    .globl _start
_start:
    vsetivli zero, 4, e32, m1, ta, ma
    M5_RESET
    VLANE_IDX(1)
    VLANE_IDX(2)
    SA_COMPUTE
    VLANE_IDX(3)
    VLANE_IDX(4)
    SA_COMPUTE
    M5_DUMP
    EXIT(0)
