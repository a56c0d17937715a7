/* probe7 (issue 26): vtile_m8's layout, call leaves by what follows them,
 * misprediction cost by what the branch waits for, insertion sort by input order. */
#include "bench.h"
    .option norvc
    .text
    .globl _start
_start:
    la      s0, bufA
    la      s1, bufB
    la      s2, bufC
    la      s3, arrS
    la      s4, arrR
    li      t0, 64
    vsetvli zero, t0, e32, m8, ta, ma
    vmv.v.i v0, 0
    vmv.v.i v8, 0
    vmv.v.i v16, 0
    vmv.v.i v24, 0
    /* sorted and reversed 16-doubleword inputs; bufA[0] = 1 */
    li      t1, 0
    li      t2, 16
1:  slli    t3, t1, 3
    add     t4, s3, t3
    sd      t1, 0(t4)
    add     t4, s4, t3
    sub     t5, t2, t1
    sd      t5, 0(t4)
    addi    t1, t1, 1
    bne     t1, t2, 1b
    li      t1, 1
    sd      t1, 0(s0)
    /* v1..v3: rvv.S's vtile m1, m4, m8 exactly, then its vsetivli and vfmacc window */
    .irp lmul, m1, m4, m8
    WIN_BEGIN
    li      t0, 64
    vsetvli t1, t0, e32, \lmul, ta, ma
    vle32.v v8, (s0)
    vle32.v v16, (s1)
    vfadd.vv v24, v8, v16
    vse32.v v24, (s2)
    WIN_END
    .endr
    vsetivli zero, 8, e32, m1, ta, ma
    WIN_BEGIN
    .rept 32
    vfmacc.vv v4, v8, v12
    .endr
    WIN_END
    /* v5: vtile m8 again, followed by a nop instead of a vsetivli */
    WIN_BEGIN
    li      t0, 64
    vsetvli t1, t0, e32, m8, ta, ma
    vle32.v v8, (s0)
    vle32.v v16, (s1)
    vfadd.vv v24, v8, v16
    vse32.v v24, (s2)
    WIN_END
    nop
    /* v6: the same once more (its cold run starts at m8, vl 64) */
    WIN_BEGIN
    li      t0, 64
    vsetvli t1, t0, e32, m8, ta, ma
    vle32.v v8, (s0)
    vle32.v v16, (s1)
    vfadd.vv v24, v8, v16
    vse32.v v24, (s2)
    WIN_END
    vsetivli zero, 8, e32, m1, ta, ma
    /* b1: 8 x (load; bnez on it, taken to the next-but-one instruction) */
    WIN_BEGIN
    .rept 8
    ld      t3, 0(s0)
    bnez    t3, 1f
    nop
1:
    .endr
    WIN_END
    /* b2: 8 x (li; bnez on it, taken) */
    WIN_BEGIN
    .rept 8
    li      t3, 1
    bnez    t3, 1f
    nop
1:
    .endr
    WIN_END
    /* b3: 8 x (bnez on a ready register, taken) */
    li      t5, 1
    WIN_BEGIN
    .rept 8
    bnez    t5, 1f
    nop
1:
    .endr
    WIN_END
    /* b4: 8 x (load; beqz on it, never taken) */
    WIN_BEGIN
    .rept 8
    ld      t3, 0(s0)
    beqz    t3, 1f
    nop
1:
    .endr
    WIN_END
    /* s1: isort16 on a sorted copy; s2 on a reversed copy (real2's loop) */
    .irp src, s3, s4
    WIN_BEGIN
    mv      t0, \src
    la      t1, work
    li      t2, 16
4:  ld      t3, 0(t0)
    sd      t3, 0(t1)
    addi    t0, t0, 8
    addi    t1, t1, 8
    addi    t2, t2, -1
    bnez    t2, 4b
    la      a1, work
    li      a2, 1
    li      a3, 16
5:  slli    t0, a2, 3
    add     t0, a1, t0
    ld      t1, 0(t0)
    mv      t2, t0
6:  beq     t2, a1, 7f
    ld      t3, -8(t2)
    ble     t3, t1, 7f
    sd      t3, 0(t2)
    addi    t2, t2, -8
    j       6b
7:  sd      t1, 0(t2)
    addi    a2, a2, 1
    blt     a2, a3, 5b
    WIN_END
    .endr
    /* s3: the inner loop's body straight: 8 x (ld; ble not taken; sd; addi) */
    la      t2, work+128
    li      t1, 100
    WIN_BEGIN
    .rept 8
    ld      t3, -8(t2)
    ble     t1, t3, 1f
    sd      t3, 0(t2)
    addi    t2, t2, -8
1:
    .endr
    WIN_END
    /* s4: 8 x j to the next-but-one instruction */
    WIN_BEGIN
    .rept 8
    j       1f
    nop
1:
    .endr
    WIN_END
    /* l1: 8 loads one per 64-byte line (set 1's ld_x8_lines); l2: 8 in one line; l3: one per 8 lines */
    WIN_BEGIN
    ld t0, 0(s0); ld t1, 64(s0); ld t2, 128(s0); ld t3, 192(s0)
    ld t4, 256(s0); ld t5, 320(s0); ld t6, 384(s0); ld a2, 448(s0)
    WIN_END
    WIN_BEGIN
    ld t0, 0(s0); ld t1, 8(s0); ld t2, 16(s0); ld t3, 24(s0)
    ld t4, 32(s0); ld t5, 40(s0); ld t6, 48(s0); ld a2, 56(s0)
    WIN_END
    WIN_BEGIN
    ld t0, 0(s1); ld t1, 512(s1); ld t2, 1024(s1); ld t3, 1536(s1)
    ld t4, 0(s0); ld t5, 512(s0); ld t6, 1024(s0); ld a2, 1536(s0)
    WIN_END
    /* k1..k5: calls5's windows, leaves in the opposite order (each is followed
     * by a different function than in calls5) */
    la      t1, k_leaf
    WIN_BEGIN
    .rept 8
    call    k_leaf
    .endr
    WIN_END
    WIN_BEGIN
    .rept 8
    call    k_nop_ret
    .endr
    WIN_END
    WIN_BEGIN
    .rept 8
    call    k_addi_ret
    .endr
    WIN_END
    WIN_BEGIN
    .rept 8
    call    k_mv_ret
    .endr
    WIN_END
    WIN_BEGIN
    .rept 16
    call    k_alu_only
    .endr
    WIN_END
    /* k6: leaf addi t3 (not sp) followed by the same function as caddi8's */
    WIN_BEGIN
    .rept 8
    call    k_addit3_ret
    .endr
    WIN_END
    EXIT0

    .balign 64
k_mv_ret:
    mv      t0, ra
    ret
    .balign 64
k_alu_only:
    addi    sp, sp, -16
    addi    sp, sp, 16
    ret
    .balign 64
k_addi_ret:
    addi    sp, sp, -16
    ret
    .balign 64
k_nop_ret:
    nop
    ret
    .balign 64
k_leaf:
    ret
    .balign 64
k_addit3_ret:
    addi    t3, t3, -16
    ret
    .balign 64
    nop
    nop
    ret

    .data
    .balign 64
bufA: .skip 1024
bufB: .skip 1024
bufC: .skip 1024
arrS: .skip 128
arrR: .skip 128
work: .skip 256
