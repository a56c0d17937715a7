/* gem5-fidelity probes, set 5 (issue 26): what vsetvli at LMUL 8 costs, how
 * dependent vector load -> ALU -> store chains end, and what cold I-cache lines
 * cost with and without data traffic (each window runs cold, then warm). */
#include "bench.h"
    .option norvc
    .text
    .globl _start
_start:
    la      s0, buf
    la      s1, buf2
    la      s2, buf3
    li      s3, 64
    li      s4, 5
    vsetvli zero, s3, e32, m8, ta, ma
    vmv.v.i v8, 0
    vmv.v.i v16, 0
    vmv.v.i v24, 0
    /* vset_m8_only: the vtile_m8 vsetvli alone (vtype unchanged) */
    WIN_BEGIN
    li      t0, 64
    vsetvli t1, t0, e32, m8, ta, ma
    WIN_END
    /* vset_m8_vle: vsetvli m8 + vle32 m8 */
    WIN_BEGIN
    li      t0, 64
    vsetvli t1, t0, e32, m8, ta, ma
    vle32.v v8, (s0)
    WIN_END
    /* vset_m8_vfadd: vsetvli m8 + vfadd m8 */
    WIN_BEGIN
    li      t0, 64
    vsetvli t1, t0, e32, m8, ta, ma
    vfadd.vv v24, v8, v16
    WIN_END
    /* vset_m8_vse: vsetvli m8 + vse32 m8 */
    WIN_BEGIN
    li      t0, 64
    vsetvli t1, t0, e32, m8, ta, ma
    vse32.v v24, (s2)
    WIN_END
    /* vsetx0_m8_tile: vsetvli with rd = x0 + the tile */
    WIN_BEGIN
    li      t0, 64
    vsetvli zero, t0, e32, m8, ta, ma
    vle32.v v8, (s0)
    vle32.v v16, (s1)
    vfadd.vv v24, v8, v16
    vse32.v v24, (s2)
    WIN_END
    /* vsetmax_m8_tile: vsetvli t1, zero (VLMAX) + the tile */
    WIN_BEGIN
    vsetvli t1, zero, e32, m8, ta, ma
    vle32.v v8, (s0)
    vle32.v v16, (s1)
    vfadd.vv v24, v8, v16
    vse32.v v24, (s2)
    WIN_END
    /* vle_vfadd_m8: vle32 m8 then a dependent vfadd m8 */
    WIN_BEGIN
    vle32.v v8, (s0)
    vfadd.vv v24, v8, v16
    WIN_END
    /* vle_vse_m8: vle32 m8 then a dependent vse32 m8 */
    WIN_BEGIN
    vle32.v v8, (s0)
    vse32.v v8, (s2)
    WIN_END
    /* vfadd2_m8: two dependent vfadd m8 */
    WIN_BEGIN
    vfadd.vv v24, v8, v16
    vfadd.vv v8, v24, v16
    WIN_END
    li      t0, 16
    vsetvli zero, t0, e32, m2, ta, ma
    /* vle_vfadd_m2, vfadd_vse_m2, vle_vse_m2, vset_m2_tile */
    WIN_BEGIN
    vle32.v v8, (s0)
    vfadd.vv v24, v8, v16
    WIN_END
    WIN_BEGIN
    vfadd.vv v24, v8, v16
    vse32.v v24, (s2)
    WIN_END
    WIN_BEGIN
    vle32.v v8, (s0)
    vse32.v v8, (s2)
    WIN_END
    WIN_BEGIN
    li      t0, 16
    vsetvli t1, t0, e32, m2, ta, ma
    vle32.v v8, (s0)
    vle32.v v16, (s1)
    vfadd.vv v24, v8, v16
    vse32.v v24, (s2)
    WIN_END
    li      t0, 8
    vsetvli zero, t0, e32, m1, ta, ma
    /* vfadd_vse_m1, vtile_m1_noset */
    WIN_BEGIN
    vfadd.vv v24, v8, v16
    vse32.v v24, (s2)
    WIN_END
    WIN_BEGIN
    vle32.v v8, (s0)
    vle32.v v16, (s1)
    vfadd.vv v24, v8, v16
    vse32.v v24, (s2)
    WIN_END
    li      t0, 32
    vsetvli zero, t0, e32, m4, ta, ma
    /* vtile_m4_noset, vset_m4_only */
    WIN_BEGIN
    vle32.v v8, (s0)
    vle32.v v16, (s1)
    vfadd.vv v24, v8, v16
    vse32.v v24, (s2)
    WIN_END
    WIN_BEGIN
    li      t0, 32
    vsetvli t1, t0, e32, m4, ta, ma
    WIN_END
    /* nop64: 64 nops (4 lines), no data traffic */
    WIN_BEGIN
    .rept 64
    nop
    .endr
    WIN_END
    /* add_chain64_lines: 64 dependent adds over 4 lines */
    WIN_BEGIN
    .rept 64
    addi    t2, t2, 1
    .endr
    WIN_END
    /* sd_x8_far: 8 stores then 48 nops (fetch runs ahead over new lines) */
    WIN_BEGIN
    .irp off, 0, 8, 16, 24, 32, 40, 48, 56
    sd      s4, \off(s2)
    .endr
    WIN_END
    /* ld_x8_same: 8 loads of one line */
    WIN_BEGIN
    .irp off, 0, 8, 16, 24, 32, 40, 48, 56
    ld      t2, \off(s1)
    .endr
    WIN_END
    /* sd_x32_b: sd_x32 again on another buffer */
    WIN_BEGIN
    .irp off, 0, 8, 16, 24, 32, 40, 48, 56, 64, 72, 80, 88, 96, 104, 112, 120, 128, 136, 144, 152, 160, 168, 176, 184, 192, 200, 208, 216, 224, 232, 240, 248
    sd      s4, \off(s1)
    .endr
    WIN_END
    EXIT0

    .data
    .balign 4096
buf: .skip 4096
buf2: .skip 4096
buf3: .skip 4096
