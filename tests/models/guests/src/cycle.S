/* A cycle binary for the probe model, as the compiler's cycle_elf is one: the windows
 * of timing.S without its functional check, so it exits 0 whether or not the model's
 * functional face runs (under gem5, and `sample` without --functional, it does not).
 *   window 1: five independent probe.add-x on the pipelined unit (depth 4, latency 10)
 *   window 2: probe_wait (unknown latency, ready probe_wait_cycles after issue), then
 *             a probe.add-x that reads its result
 *   window 3: to the end of the run, no model instruction. */
#include "probe.h"
    .option norvc
#define WINDOW  .balign 64; .rept 15; nop; .endr; M5_RESET

    .text
    .globl _start
_start:
    vsetivli zero, 8, e32, m1, ta, ma
    vmv.v.i v2, 1
    li      a1, 1
    WINDOW
    PROBE_ADD_X(4, a1, 2)
    PROBE_ADD_X(5, a1, 2)
    PROBE_ADD_X(6, a1, 2)
    PROBE_ADD_X(7, a1, 2)
    PROBE_ADD_X(8, a1, 2)
    M5_DUMP
    WINDOW
    PROBE_WAIT(10, a1, 2)
    PROBE_ADD_X(11, a1, 10)
    M5_DUMP
    WINDOW
    EXIT(0)
