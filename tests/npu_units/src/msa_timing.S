/* Cycle binary for tests/npu_units.rs (run with `sample`, 4 lanes: 7 delay slots).
 * One window: two weight pushes, an input push of 4 rows, a pop of 4 rows. */
#include "units.h"
#define M5_RESET .insn r 0x7b, 0, 0x40, x0, x0, x0
#define M5_DUMP  .insn r 0x7b, 0, 0x41, x0, x0, x0
    .option norvc
    .text
    .globl _start
_start:
    vsetivli zero, 4, e32, m1, ta, ma
    vmv.v.i v1, 0
    vmv.v.i v2, 0
    M5_RESET
    MSA_PUSH(1, 16)
    MSA_PUSH(1, 16)
    MSA_PUSH(2, 0)
    MSA_POP(3, 0)
    M5_DUMP
    EXIT(0)
