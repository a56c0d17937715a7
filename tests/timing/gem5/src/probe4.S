/* gem5-fidelity probes, set 4 (issue 26): which part of a leaf's spill costs in
 * gem5, and which part of vtile_m8 (each window runs cold, then warm). */
#include "bench.h"
    .option norvc
    .text
    .globl _start
_start:
    la      s0, buf
    la      s2, buf2
    li      s3, 64
    vsetvli zero, s3, e32, m8, ta, ma
    vmv.v.i v0, 0
    vmv.v.i v8, 0
    vmv.v.i v16, 0
    vmv.v.i v24, 0
    /* call_st8: the leaf stores ra only */
    WIN_BEGIN
    .rept 8
    call    st_only
    .endr
    WIN_END
    /* call_ld8: the leaf loads into t0 only */
    WIN_BEGIN
    .rept 8
    call    ld_only
    .endr
    WIN_END
    /* call_stld8: the leaf stores ra and loads it into t0 (ret keeps ra) */
    WIN_BEGIN
    .rept 8
    call    st_ld_t0
    .endr
    WIN_END
    /* call_alu8: the leaf moves sp down and up */
    WIN_BEGIN
    .rept 8
    call    alu_only
    .endr
    WIN_END
    /* m8_ld_ld_add: two vle32 m8, a dependent vfadd */
    WIN_BEGIN
    vle32.v v8, (s0)
    vle32.v v16, (s2)
    vfadd.vv v24, v8, v16
    WIN_END
    /* m8_ld_add_st: vle32, dependent vfadd, dependent vse32 */
    WIN_BEGIN
    vle32.v v8, (s0)
    vfadd.vv v24, v8, v16
    vse32.v v24, (s0)
    WIN_END
    /* m8_tile: vtile_m8 without the vsetvli */
    WIN_BEGIN
    vle32.v v8, (s0)
    vle32.v v16, (s2)
    vfadd.vv v24, v8, v16
    vse32.v v24, (s0)
    WIN_END
    /* m8_ld_st: vle32 then an independent vse32 */
    WIN_BEGIN
    vle32.v v8, (s0)
    vse32.v v24, (s2)
    WIN_END
    EXIT0

    .balign 64
st_only:
    sd      ra, -8(sp)
    ret
    .balign 64
ld_only:
    ld      t0, -8(sp)
    ret
    .balign 64
st_ld_t0:
    sd      ra, -8(sp)
    ld      t0, -8(sp)
    ret
    .balign 64
alu_only:
    addi    sp, sp, -16
    addi    sp, sp, 16
    ret

    .data
    .balign 64
buf: .skip 2048
buf2: .skip 2048
