/* calls5: why an indirect call to a ret-only leaf costs ~9 a pair in gem5 */
#include "bench.h"
    .option norvc
    .text
    .globl _start
_start:
    la      s0, buf
    la      t1, leaf
    /* w1 cr8: call (auipc+jalr) of a ret-only leaf (= call_ret8) */
    WIN_BEGIN
    .rept 8
    call    leaf
    .endr
    WIN_END
    /* w2 cnop8: leaf = nop; ret */
    WIN_BEGIN
    .rept 8
    call    nop_ret
    .endr
    WIN_END
    /* w3 caddi8: leaf = addi sp; ret */
    WIN_BEGIN
    .rept 8
    call    addi_ret
    .endr
    WIN_END
    /* w4 jalr8: jalr ra, 0(t1) (no auipc) to the ret-only leaf */
    WIN_BEGIN
    .rept 8
    jalr    ra, 0(t1)
    .endr
    WIN_END
    /* w5 cr16: 16 calls of the ret-only leaf */
    WIN_BEGIN
    .rept 16
    call    leaf
    .endr
    WIN_END
    /* w6 calu16: 16 calls of the alu leaf */
    WIN_BEGIN
    .rept 16
    call    alu_only
    .endr
    WIN_END
    /* w7 cmv8: leaf = mv t0, ra; ret (reads ra) */
    WIN_BEGIN
    .rept 8
    call    mv_ret
    .endr
    WIN_END
    /* w8 jalr_t8: jalr ra, 0(t1) to alu leaf? no: to leaf via t2 = leaf, target in t2 */
    WIN_BEGIN
    .rept 8
    auipc   t2, 0
    jalr    ra, 0(t1)
    .endr
    WIN_END
    EXIT0

    .balign 64
leaf:
    ret
    .balign 64
nop_ret:
    nop
    ret
    .balign 64
addi_ret:
    addi    sp, sp, -16
    ret
    .balign 64
alu_only:
    addi    sp, sp, -16
    addi    sp, sp, 16
    ret
    .balign 64
mv_ret:
    mv      t0, ra
    ret

    .data
    .balign 64
buf: .skip 1024
