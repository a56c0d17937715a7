/* gem5-fidelity probes, set 6 (issue 26): vtile_m8's vsetvli cost by parts and
 * layout, vector-store window ends, loads feeding ALU ops and branches. */
#include "bench.h"
    .option norvc
    .text
    .globl _start
_start:
    la      s0, bufA
    la      s1, bufB
    la      s2, bufC
    la      s3, farA
    la      s4, farB
    la      s5, farC
    la      s6, sevens
    li      t0, 64
    vsetvli zero, t0, e32, m8, ta, ma
    vmv.v.i v8, 0
    vmv.v.i v16, 0
    vmv.v.i v24, 0
    /* a1_vtile_m8_copy */
    li t0, 32
    vsetvli zero, t0, e32, m4, ta, ma
    WIN_BEGIN
    li      t0, 64
    vsetvli t1, t0, e32, m8, ta, ma
    vle32.v v8, (s0)
    vle32.v v16, (s1)
    vfadd.vv v24, v8, v16
    vse32.v v24, (s2)
    WIN_END
    /* a2_rd_x0 */
    li t0, 32
    vsetvli zero, t0, e32, m4, ta, ma
    WIN_BEGIN
    li      t0, 64
    vsetvli zero, t0, e32, m8, ta, ma
    vle32.v v8, (s0)
    vle32.v v16, (s1)
    vfadd.vv v24, v8, v16
    vse32.v v24, (s2)
    WIN_END
    /* a3_far_bufs */
    li t0, 32
    vsetvli zero, t0, e32, m4, ta, ma
    WIN_BEGIN
    li      t0, 64
    vsetvli t1, t0, e32, m8, ta, ma
    vle32.v v8, (s3)
    vle32.v v16, (s4)
    vfadd.vv v24, v8, v16
    vse32.v v24, (s5)
    WIN_END
    /* a4_no_vse */
    li t0, 32
    vsetvli zero, t0, e32, m4, ta, ma
    WIN_BEGIN
    li      t0, 64
    vsetvli t1, t0, e32, m8, ta, ma
    vle32.v v8, (s0)
    vle32.v v16, (s1)
    vfadd.vv v24, v8, v16
    WIN_END
    /* a5_vset_outside */
    li t0, 32
    vsetvli zero, t0, e32, m4, ta, ma
    li t0, 64
    vsetvli t1, t0, e32, m8, ta, ma
    WIN_BEGIN
    vle32.v v8, (s0)
    vle32.v v16, (s1)
    vfadd.vv v24, v8, v16
    vse32.v v24, (s2)
    WIN_END
    /* a6_rd_t1_rs1_x0 */
    li t0, 32
    vsetvli zero, t0, e32, m4, ta, ma
    WIN_BEGIN
    vsetvli t1, zero, e32, m8, ta, ma
    vle32.v v8, (s0)
    vle32.v v16, (s1)
    vfadd.vv v24, v8, v16
    vse32.v v24, (s2)
    WIN_END
    /* b1_adds_then_vse_m1 */
    li t0, 8
    vsetvli zero, t0, e32, m1, ta, ma
    WIN_BEGIN
    addi t3, t3, 1
    addi t4, t4, 1
    addi t5, t5, 1
    addi t3, t3, 1
    addi t4, t4, 1
    addi t5, t5, 1
    addi t3, t3, 1
    addi t4, t4, 1
    addi t5, t5, 1
    addi t3, t3, 1
    addi t4, t4, 1
    addi t5, t5, 1
    addi t3, t3, 1
    addi t4, t4, 1
    addi t5, t5, 1
    addi t3, t3, 1
    addi t4, t4, 1
    addi t5, t5, 1
    addi t3, t3, 1
    addi t4, t4, 1
    addi t5, t5, 1
    addi t3, t3, 1
    addi t4, t4, 1
    addi t5, t5, 1
    addi t3, t3, 1
    addi t4, t4, 1
    addi t5, t5, 1
    addi t3, t3, 1
    addi t4, t4, 1
    addi t5, t5, 1
    addi t3, t3, 1
    addi t4, t4, 1
    addi t5, t5, 1
    addi t3, t3, 1
    addi t4, t4, 1
    addi t5, t5, 1
    addi t3, t3, 1
    addi t4, t4, 1
    addi t5, t5, 1
    addi t3, t3, 1
    addi t4, t4, 1
    addi t5, t5, 1
    addi t3, t3, 1
    addi t4, t4, 1
    addi t5, t5, 1
    addi t3, t3, 1
    addi t4, t4, 1
    addi t5, t5, 1
    addi t3, t3, 1
    addi t4, t4, 1
    addi t5, t5, 1
    addi t3, t3, 1
    addi t4, t4, 1
    addi t5, t5, 1
    addi t3, t3, 1
    addi t4, t4, 1
    addi t5, t5, 1
    addi t3, t3, 1
    addi t4, t4, 1
    addi t5, t5, 1
    vse32.v v24, (s5)
    WIN_END
    /* b2_vse_m1_x1 */
    WIN_BEGIN
    vse32.v v24, (s5)
    WIN_END
    /* b3_vse_m1_x2 */
    WIN_BEGIN
    vse32.v v24, (s5)
    vse32.v v25, (s4)
    WIN_END
    /* b4_vse_m1_x4 */
    WIN_BEGIN
    vse32.v v24, (s5)
    vse32.v v25, (s4)
    vse32.v v26, (s3)
    vse32.v v27, (s2)
    WIN_END
    /* b5_adds_then_vse_m8 */
    li t0, 64
    vsetvli zero, t0, e32, m8, ta, ma
    WIN_BEGIN
    addi t3, t3, 1
    addi t4, t4, 1
    addi t5, t5, 1
    addi t3, t3, 1
    addi t4, t4, 1
    addi t5, t5, 1
    addi t3, t3, 1
    addi t4, t4, 1
    addi t5, t5, 1
    addi t3, t3, 1
    addi t4, t4, 1
    addi t5, t5, 1
    addi t3, t3, 1
    addi t4, t4, 1
    addi t5, t5, 1
    addi t3, t3, 1
    addi t4, t4, 1
    addi t5, t5, 1
    addi t3, t3, 1
    addi t4, t4, 1
    addi t5, t5, 1
    addi t3, t3, 1
    addi t4, t4, 1
    addi t5, t5, 1
    addi t3, t3, 1
    addi t4, t4, 1
    addi t5, t5, 1
    addi t3, t3, 1
    addi t4, t4, 1
    addi t5, t5, 1
    addi t3, t3, 1
    addi t4, t4, 1
    addi t5, t5, 1
    addi t3, t3, 1
    addi t4, t4, 1
    addi t5, t5, 1
    addi t3, t3, 1
    addi t4, t4, 1
    addi t5, t5, 1
    addi t3, t3, 1
    addi t4, t4, 1
    addi t5, t5, 1
    addi t3, t3, 1
    addi t4, t4, 1
    addi t5, t5, 1
    addi t3, t3, 1
    addi t4, t4, 1
    addi t5, t5, 1
    addi t3, t3, 1
    addi t4, t4, 1
    addi t5, t5, 1
    addi t3, t3, 1
    addi t4, t4, 1
    addi t5, t5, 1
    addi t3, t3, 1
    addi t4, t4, 1
    addi t5, t5, 1
    addi t3, t3, 1
    addi t4, t4, 1
    addi t5, t5, 1
    vse32.v v24, (s5)
    WIN_END
    /* b6_vse_m8_x1 */
    WIN_BEGIN
    vse32.v v24, (s5)
    WIN_END
    /* c1_ld_addi16 */
    WIN_BEGIN
    ld t1, 0(s6)
    addi t2, t1, -3
    ld t1, 8(s6)
    addi t2, t1, -3
    ld t1, 16(s6)
    addi t2, t1, -3
    ld t1, 24(s6)
    addi t2, t1, -3
    ld t1, 32(s6)
    addi t2, t1, -3
    ld t1, 40(s6)
    addi t2, t1, -3
    ld t1, 48(s6)
    addi t2, t1, -3
    ld t1, 56(s6)
    addi t2, t1, -3
    ld t1, 64(s6)
    addi t2, t1, -3
    ld t1, 72(s6)
    addi t2, t1, -3
    ld t1, 80(s6)
    addi t2, t1, -3
    ld t1, 88(s6)
    addi t2, t1, -3
    ld t1, 96(s6)
    addi t2, t1, -3
    ld t1, 104(s6)
    addi t2, t1, -3
    ld t1, 112(s6)
    addi t2, t1, -3
    ld t1, 120(s6)
    addi t2, t1, -3
    WIN_END
    /* c2_ld_beqz16 */
    WIN_BEGIN
    ld t1, 0(s6)
    beqz t1, 1f
    ld t1, 8(s6)
    beqz t1, 1f
    ld t1, 16(s6)
    beqz t1, 1f
    ld t1, 24(s6)
    beqz t1, 1f
    ld t1, 32(s6)
    beqz t1, 1f
    ld t1, 40(s6)
    beqz t1, 1f
    ld t1, 48(s6)
    beqz t1, 1f
    ld t1, 56(s6)
    beqz t1, 1f
    ld t1, 64(s6)
    beqz t1, 1f
    ld t1, 72(s6)
    beqz t1, 1f
    ld t1, 80(s6)
    beqz t1, 1f
    ld t1, 88(s6)
    beqz t1, 1f
    ld t1, 96(s6)
    beqz t1, 1f
    ld t1, 104(s6)
    beqz t1, 1f
    ld t1, 112(s6)
    beqz t1, 1f
    ld t1, 120(s6)
    beqz t1, 1f
1:  nop
    WIN_END
    /* c3_ld_add_add_br16 */
    WIN_BEGIN
    ld t1, 0(s6)
    addi t2, t1, -3
    addi t2, t2, 1
    beqz t2, 1f
    ld t1, 8(s6)
    addi t2, t1, -3
    addi t2, t2, 1
    beqz t2, 1f
    ld t1, 16(s6)
    addi t2, t1, -3
    addi t2, t2, 1
    beqz t2, 1f
    ld t1, 24(s6)
    addi t2, t1, -3
    addi t2, t2, 1
    beqz t2, 1f
    ld t1, 32(s6)
    addi t2, t1, -3
    addi t2, t2, 1
    beqz t2, 1f
    ld t1, 40(s6)
    addi t2, t1, -3
    addi t2, t2, 1
    beqz t2, 1f
    ld t1, 48(s6)
    addi t2, t1, -3
    addi t2, t2, 1
    beqz t2, 1f
    ld t1, 56(s6)
    addi t2, t1, -3
    addi t2, t2, 1
    beqz t2, 1f
    ld t1, 64(s6)
    addi t2, t1, -3
    addi t2, t2, 1
    beqz t2, 1f
    ld t1, 72(s6)
    addi t2, t1, -3
    addi t2, t2, 1
    beqz t2, 1f
    ld t1, 80(s6)
    addi t2, t1, -3
    addi t2, t2, 1
    beqz t2, 1f
    ld t1, 88(s6)
    addi t2, t1, -3
    addi t2, t2, 1
    beqz t2, 1f
    ld t1, 96(s6)
    addi t2, t1, -3
    addi t2, t2, 1
    beqz t2, 1f
    ld t1, 104(s6)
    addi t2, t1, -3
    addi t2, t2, 1
    beqz t2, 1f
    ld t1, 112(s6)
    addi t2, t1, -3
    addi t2, t2, 1
    beqz t2, 1f
    ld t1, 120(s6)
    addi t2, t1, -3
    addi t2, t2, 1
    beqz t2, 1f
1:  nop
    WIN_END
    /* c4_ld16_then_add16 */
    WIN_BEGIN
    ld t1, 0(s6)
    ld t1, 8(s6)
    ld t1, 16(s6)
    ld t1, 24(s6)
    ld t1, 32(s6)
    ld t1, 40(s6)
    ld t1, 48(s6)
    ld t1, 56(s6)
    ld t1, 64(s6)
    ld t1, 72(s6)
    ld t1, 80(s6)
    ld t1, 88(s6)
    ld t1, 96(s6)
    ld t1, 104(s6)
    ld t1, 112(s6)
    ld t1, 120(s6)
    addi t2, t1, 0
    addi t2, t1, 8
    addi t2, t1, 16
    addi t2, t1, 24
    addi t2, t1, 32
    addi t2, t1, 40
    addi t2, t1, 48
    addi t2, t1, 56
    addi t2, t1, 64
    addi t2, t1, 72
    addi t2, t1, 80
    addi t2, t1, 88
    addi t2, t1, 96
    addi t2, t1, 104
    addi t2, t1, 112
    addi t2, t1, 120
    WIN_END
    /* c5_ld_add_br16_copy */
    WIN_BEGIN
    ld t1, 0(s0)
    addi t2, t1, -3
    beqz t2, 1f
    ld t1, 8(s0)
    addi t2, t1, -3
    beqz t2, 1f
    ld t1, 16(s0)
    addi t2, t1, -3
    beqz t2, 1f
    ld t1, 24(s0)
    addi t2, t1, -3
    beqz t2, 1f
    ld t1, 32(s0)
    addi t2, t1, -3
    beqz t2, 1f
    ld t1, 40(s0)
    addi t2, t1, -3
    beqz t2, 1f
    ld t1, 48(s0)
    addi t2, t1, -3
    beqz t2, 1f
    ld t1, 56(s0)
    addi t2, t1, -3
    beqz t2, 1f
    ld t1, 64(s0)
    addi t2, t1, -3
    beqz t2, 1f
    ld t1, 72(s0)
    addi t2, t1, -3
    beqz t2, 1f
    ld t1, 80(s0)
    addi t2, t1, -3
    beqz t2, 1f
    ld t1, 88(s0)
    addi t2, t1, -3
    beqz t2, 1f
    ld t1, 96(s0)
    addi t2, t1, -3
    beqz t2, 1f
    ld t1, 104(s0)
    addi t2, t1, -3
    beqz t2, 1f
    ld t1, 112(s0)
    addi t2, t1, -3
    beqz t2, 1f
    ld t1, 120(s0)
    addi t2, t1, -3
    beqz t2, 1f
1:  nop
    WIN_END
    EXIT0

    .data
    .balign 64
bufA: .skip 1024
bufB: .skip 1024
bufC: .skip 1024
    .balign 4096
farA: .skip 4096
farB: .skip 4096
farC: .skip 4096
sevens: .rept 32
    .dword 7
    .endr
