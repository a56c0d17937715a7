/* PERMUTE (op 16) pushed without a pattern, then popped: VX refuses with exit 201 and
 * "XLU ERROR: the pre stage walks 1 columns but lane 0 carries 0 pattern entries
 * (SIMM5 16)"; with --xlu-lenient every lane keeps its own value and the program
 * writes lane 0's (5) and exits 0. */
#include "units.h"
    .section .text
    .globl _start
_start:
    vsetivli zero, 1, e64, m1, ta, ma
    VLANE_IDX(8)
    vsetivli zero, 1, e32, m1, ta, ma
    vadd.vi v8, v8, 5           /* lane 0 only: its value becomes 5 */
    vmv.v.i v10, -1
    XLU_PUSH(8, 16)
    XLU_POP(10)
    la a0, out
    vse32.v v10, (a0)
    WRITE_OUT(out, 4)
    EXIT(0)

    .section .data
    .balign 16
out: .word 0xeeeeeeee
