/* The probe model's timing face under `sample` (4 lanes, VLEN 256; the machine
 * description sets probe_wait_cycles: 5). Each window's body starts on a fresh 64-byte
 * fetch line right after its resetstats (as tests/timing/src/micro.S).
 *   window 1: five independent probe.add-x on the pipelined unit (depth 4, latency 10)
 *   window 2: probe_wait (unknown latency, ready 5 cycles after issue), then a
 *             probe.add-x that reads its result
 *   window 3: to the end of the run, no model instruction.
 * Functionally: v11 = (v2 + 1) + 0 + 1 = 3 on lane 0, else exit 3. */
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
    vmv.x.s t0, v11
    li      t1, 3
    bne     t0, t1, 1f
    EXIT(0)
1:  EXIT(3)
