/* gem5-fidelity probes, set 2 (issue 26): the store buffer's drain, LMUL > 1
 * vector memory, and the I-cache (each window runs cold, then warm). */
#include "bench.h"
    .option norvc
    .text
    .globl _start
_start:
    la      s0, buf
    la      s2, buf2
    li      s1, 5
    li      s3, 64
    vsetvli zero, s3, e32, m8, ta, ma
    vmv.v.i v0, 0
    vmv.v.i v8, 0
    vmv.v.i v16, 0
    vmv.v.i v24, 0
    /* sd_x16 / sd_x32: stores to consecutive doublewords */
    WIN_BEGIN
    .irp off, 0, 8, 16, 24, 32, 40, 48, 56, 64, 72, 80, 88, 96, 104, 112, 120
    sd s1, \off(s0)
    .endr
    WIN_END
    WIN_BEGIN
    .irp off, 0, 8, 16, 24, 32, 40, 48, 56, 64, 72, 80, 88, 96, 104, 112, 120
    sd s1, \off(s0)
    sd s1, \off+128(s0)
    .endr
    WIN_END
    /* sw_x32: 32 word stores */
    WIN_BEGIN
    .irp off, 0, 4, 8, 12, 16, 20, 24, 28, 32, 36, 40, 44, 48, 52, 56, 60
    sw s1, \off(s0)
    sw s1, \off+64(s0)
    .endr
    WIN_END
    /* sd_x16_lines: 16 stores, one per 64-byte line */
    WIN_BEGIN
    .irp off, 0, 64, 128, 192, 256, 320, 384, 448, 512, 576, 640, 704, 768, 832, 896, 960
    sd s1, \off(s0)
    .endr
    WIN_END
    /* sd16_ld: 16 stores, then one load elsewhere and a dependent add */
    WIN_BEGIN
    .irp off, 0, 8, 16, 24, 32, 40, 48, 56, 64, 72, 80, 88, 96, 104, 112, 120
    sd s1, \off(s0)
    .endr
    ld t0, 0(s2)
    add t1, t0, t0
    WIN_END
    /* vle32_m8_x1 / x2, vse32_m8_x1, vfadd_m8_x1, vle_m8_use (vl 64, e32 m8) */
    WIN_BEGIN
    vle32.v v8, (s0)
    WIN_END
    WIN_BEGIN
    vle32.v v8, (s0)
    vle32.v v16, (s2)
    WIN_END
    WIN_BEGIN
    vse32.v v24, (s0)
    WIN_END
    WIN_BEGIN
    vfadd.vv v24, v8, v16
    WIN_END
    WIN_BEGIN
    vle32.v v8, (s0)
    vfadd.vv v24, v8, v16
    WIN_END
    /* vfadd_vse_m8: an add then its store */
    WIN_BEGIN
    vfadd.vv v24, v8, v16
    vse32.v v24, (s0)
    WIN_END
    /* vtile_m2: the vtile windows' shape at m2 */
    li      t0, 64
    vsetvli t1, t0, e32, m2, ta, ma
    WIN_BEGIN
    vle32.v v8, (s0)
    vle32.v v16, (s2)
    vfadd.vv v24, v8, v16
    vse32.v v24, (s0)
    WIN_END
    /* vle32_m4_x2, vse32_m4_x2 */
    li      t0, 64
    vsetvli t1, t0, e32, m4, ta, ma
    WIN_BEGIN
    vle32.v v8, (s0)
    vle32.v v16, (s2)
    WIN_END
    WIN_BEGIN
    vse32.v v8, (s0)
    vse32.v v16, (s2)
    WIN_END
    /* add_indep64 / add_indep256: independent adds, 4 / 16 lines of code */
    WIN_BEGIN
    .rept 8
    add t0, s1, s3; add t1, s1, s3; add t2, s1, s3; add t3, s1, s3
    add t4, s1, s3; add t5, s1, s3; add t6, s1, s3; add a2, s1, s3
    .endr
    WIN_END
    WIN_BEGIN
    .rept 32
    add t0, s1, s3; add t1, s1, s3; add t2, s1, s3; add t3, s1, s3
    add t4, s1, s3; add t5, s1, s3; add t6, s1, s3; add a2, s1, s3
    .endr
    WIN_END
    /* mul_dep64: a dependent multiply chain over 4 lines */
    WIN_BEGIN
    .rept 64
    mul t0, t0, s1
    .endr
    WIN_END
    /* jump_lines8: 8 jumps, each to the start of the next 64-byte line */
    WIN_BEGIN
    .rept 8
    j 1f
    .balign 64
1:
    .endr
    nop
    WIN_END
    EXIT0

    .data
    .balign 64
buf: .skip 2048
buf2: .skip 2048
