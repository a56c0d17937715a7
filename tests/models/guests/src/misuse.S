/* One misuse of the host table, chosen by argv[1][0]; the host must end the run
 * there (exit 1, or the fault's status for a memory fault). Reaching the end means it
 * did not: exit 0 with "not stopped".
 *   l: vreg(lanes, 0)            k: vreg(7, 4) through probe_lane with x = 7
 *   v: vreg(0, 32)               x: xreg_read(32)
 *   c: csr_read(0x800), a CSR the hart lacks
 *   m: mem_read of 8 bytes at 0xff0 (page 0, never mapped)   w: mem_write of 8 bytes to 0xab0 */
#include "probe.h"
    .option norvc
    .text
    .globl _start
_start:
    ld      t0, 16(sp)          /* argv[1] */
    lbu     t0, 0(t0)
    vsetivli zero, 4, e32, m1, ta, ma
    li      t1, 'l'
    beq     t0, t1, lane
    li      t1, 'k'
    beq     t0, t1, lane_x
    li      t1, 'v'
    beq     t0, t1, vreg
    li      t1, 'x'
    beq     t0, t1, xreg
    li      t1, 'c'
    beq     t0, t1, csr
    li      t1, 'm'
    beq     t0, t1, mem_r
    li      t1, 'w'
    beq     t0, t1, mem_w
    EXIT(2)
lane:
    PROBE_BAD_LANE
    j       end
lane_x:
    li      a1, 7
    PROBE_LANE(5, a1, 4)
    j       end
vreg:
    PROBE_BAD_VREG
    j       end
xreg:
    PROBE_BAD_XREG
    j       end
csr:
    li      a0, 0x800
    PROBE_CSR(a1, a0)
    j       end
mem_r:
    li      a4, 8
    li      a5, 0xff0
    la      a6, buf
    PROBE_COPY(a4, a5, a6)
    j       end
mem_w:
    li      a4, 8
    la      a5, buf
    li      a6, 0xab0
    PROBE_COPY(a4, a5, a6)
end:
    WRITE_OUT(notstopped, 12)
    EXIT(0)

    .data
notstopped: .ascii "not stopped\n"
    .balign 8
buf:        .zero 8
