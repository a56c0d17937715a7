/* mem_read/mem_write through the scratchpad window: argv[1][0] picks its base,
 * 'a' = 0x0A000000 (the legacy flags' default), 'd' = 0xD0000000 (the default with
 * --machine-config). probe_copy writes 16 bytes of msg at base + 0x100; plain loads
 * must see them; probe_copy reads them back. Exit 0 when all hold, else the check. */
#include "probe.h"
    .option norvc
    .text
    .globl _start
_start:
    vsetivli zero, 4, e32, m1, ta, ma
    ld      t0, 16(sp)
    lbu     t0, 0(t0)
    li      s0, 0x0a000100
    li      t1, 'a'
    beq     t0, t1, 1f
    li      s0, 0xd0000100
1:  li      a4, 16
    la      a5, msg
    mv      a6, s0
    PROBE_COPY(a4, a5, a6)
    li      t0, 1
    li      t1, 1560            /* the sum of "vcix scratchpad!" */
    bne     a4, t1, fail
    li      t0, 2
    ld      t1, 0(s0)
    la      a5, msg
    ld      t2, 0(a5)
    bne     t1, t2, fail
    li      t0, 3
    ld      t1, 8(s0)
    ld      t2, 8(a5)
    bne     t1, t2, fail
    li      a4, 16
    mv      a5, s0
    la      a6, buf
    PROBE_COPY(a4, a5, a6)
    li      t0, 4
    la      a5, msg
    ld      t1, 0(a6)
    ld      t2, 0(a5)
    bne     t1, t2, fail
    ld      t1, 8(a6)
    ld      t2, 8(a5)
    bne     t1, t2, fail
    EXIT(0)
fail:
    mv      a0, t0
    li      a7, 93
    ecall

    .data
    .balign 8
msg: .ascii "vcix scratchpad!"
buf: .zero 16
