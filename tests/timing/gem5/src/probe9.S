/* probe9 (issue 26): what the LMUL-2 tile loop pays per iteration in gem5 (about
 * 12 cycles where its memory traffic needs 8), and why a leaf writing sp makes a
 * call dearer (calls5 caddi8 104 against cnop8 70). Each window runs cold, then warm. */
#include "bench.h"
    .option norvc
    .text
    .globl _start
_start:
    la      s0, buf
    /* t1: ew_mul_m2_tile as in real2 */
    WIN_BEGIN
    la t1, matA; la t2, matB; la t3, matC; li t4, 256
1:  vsetvli t5, t4, e32, m2, ta, ma
    vle32.v v2, (t1); vle32.v v4, (t2); vle32.v v6, (t3)
    vfmacc.vv v6, v2, v4
    vse32.v v6, (t3)
    slli t6, t5, 2; add t1, t1, t6; add t2, t2, t6; add t3, t3, t6; sub t4, t4, t5
    bnez t4, 1b
    WIN_END
    /* t2: the same with the vsetvli hoisted out of the loop */
    WIN_BEGIN
    la t1, matA; la t2, matB; la t3, matC; li t4, 256
    vsetvli t5, t4, e32, m2, ta, ma
2:  vle32.v v2, (t1); vle32.v v4, (t2); vle32.v v6, (t3)
    vfmacc.vv v6, v2, v4
    vse32.v v6, (t3)
    slli t6, t5, 2; add t1, t1, t6; add t2, t2, t6; add t3, t3, t6; sub t4, t4, t5
    bnez t4, 2b
    WIN_END
    /* t3: t1 without the vse32 */
    WIN_BEGIN
    la t1, matA; la t2, matB; la t3, matC; li t4, 256
3:  vsetvli t5, t4, e32, m2, ta, ma
    vle32.v v2, (t1); vle32.v v4, (t2); vle32.v v6, (t3)
    vfmacc.vv v6, v2, v4
    slli t6, t5, 2; add t1, t1, t6; add t2, t2, t6; add t3, t3, t6; sub t4, t4, t5
    bnez t4, 3b
    WIN_END
    /* t4: t1 without the vfmacc (loads, then the store of v6) */
    WIN_BEGIN
    la t1, matA; la t2, matB; la t3, matC; li t4, 256
4:  vsetvli t5, t4, e32, m2, ta, ma
    vle32.v v2, (t1); vle32.v v4, (t2); vle32.v v6, (t3)
    vse32.v v6, (t3)
    slli t6, t5, 2; add t1, t1, t6; add t2, t2, t6; add t3, t3, t6; sub t4, t4, t5
    bnez t4, 4b
    WIN_END
    /* t5: three loads only */
    WIN_BEGIN
    la t1, matA; la t2, matB; la t3, matC; li t4, 256
5:  vsetvli t5, t4, e32, m2, ta, ma
    vle32.v v2, (t1); vle32.v v4, (t2); vle32.v v6, (t3)
    slli t6, t5, 2; add t1, t1, t6; add t2, t2, t6; add t3, t3, t6; sub t4, t4, t5
    bnez t4, 5b
    WIN_END
    /* t6: t1 at LMUL 1 (32 iterations of 8) */
    WIN_BEGIN
    la t1, matA; la t2, matB; la t3, matC; li t4, 256
6:  vsetvli t5, t4, e32, m1, ta, ma
    vle32.v v2, (t1); vle32.v v4, (t2); vle32.v v6, (t3)
    vfmacc.vv v6, v2, v4
    vse32.v v6, (t3)
    slli t6, t5, 2; add t1, t1, t6; add t2, t2, t6; add t3, t3, t6; sub t4, t4, t5
    bnez t4, 6b
    WIN_END
    /* t7: t1 with the store to a fourth buffer (no load of the stored line) */
    WIN_BEGIN
    la t1, matA; la t2, matB; la t3, matC; la s1, matD; li t4, 256
7:  vsetvli t5, t4, e32, m2, ta, ma
    vle32.v v2, (t1); vle32.v v4, (t2); vle32.v v6, (t3)
    vfmacc.vv v6, v2, v4
    vse32.v v6, (s1)
    slli t6, t5, 2; add t1, t1, t6; add t2, t2, t6; add t3, t3, t6; add s1, s1, t6; sub t4, t4, t5
    bnez t4, 7b
    WIN_END
    /* c1..c4: 8 calls of a leaf that writes or reads sp, or neither */
    WIN_BEGIN
    .rept 8
    call    leaf_t0
    .endr
    WIN_END
    WIN_BEGIN
    .rept 8
    call    leaf_sp0
    .endr
    WIN_END
    WIN_BEGIN
    .rept 8
    call    leaf_rd_sp
    .endr
    WIN_END
    WIN_BEGIN
    .rept 8
    call    leaf_wr_sp
    .endr
    WIN_END
    EXIT0

    .balign 64
leaf_t0:
    addi    t0, t0, -16
    ret
    .balign 64
leaf_sp0:
    addi    sp, sp, 0
    ret
    .balign 64
leaf_rd_sp:
    addi    a5, sp, -16
    ret
    .balign 64
leaf_wr_sp:
    addi    sp, a5, 0
    ret

    .data
    .balign 64
buf:  .skip 1024
matA: .skip 1024
matB: .skip 1024
matC: .skip 1024
matD: .skip 1024
