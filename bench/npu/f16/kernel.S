/* lanes_fma_f16: the f16 (Zvfh) version of ../kernel.S for bench/npu.sh.
 *
 * void kernel(long reps);
 *
 * Same shape as the f32 tile: everything runs in the kernel range, so with L lanes
 * every RVV instruction runs on all L register files and lane k's accesses go to
 * SV + k·B + offset (npu-isa.md §2.3). Per lane, on a tile of N f16 at bank offsets
 * X, Y, ACC (lane-0 addresses SV+X, ...):
 *   init:   x[i] = i/N, y[i] = 1 - i/N, acc[i] = 0      (vid, vfcvt, vfmul, vfrsub)
 *   reps×:  acc = acc + x·y;  acc = acc + x             (vle16×3, vfmacc, vfadd, vse16)
 * strip-mined at e16 m2 (vl = 32 at VLEN 256, 64 at VLEN 512). Element operations
 * per lane and rep: 3·N (vfmacc counts 2).
 * Data: i/N (N = 1024) is exact in f16 and every x, y, x·y other than x[0] = 0 is a
 * normal number >= 2^-10 and <= 1. acc grows by at most 1 per rep until its ulp
 * exceeds twice the increment (acc >= 2048..4096), then every sum rounds back to acc:
 * acc stays normal (or an exact zero for i = 0) and finite for any number of reps.
 * The scalar operands are f16 (fcvt.h.w, fdiv.h: NaN-boxed halves). The first
 * instruction opens the frame (§2.5). */
#define SV      0xD0000000
#define X       0x0000
#define Y       0x1000
#define ACC     0x2000
#define N       1024

    .text
    .globl kernel
    .type kernel, @function
    .balign 4
kernel:
    addi    sp, sp, -16
    li      t0, SV + X
    li      t1, SV + Y
    li      t2, SV + ACC
    li      t3, N
    fcvt.h.w ft0, t3
    li      t3, 1
    fcvt.h.w ft1, t3
    fdiv.h  ft0, ft1, ft0           /* 1/N */

    /* init */
    li      t4, N
    li      t5, 0                   /* element index of the strip */
    mv      a1, t0
    mv      a2, t1
    mv      a3, t2
1:  vsetvli a4, t4, e16, m2, ta, ma
    vid.v   v0
    vadd.vx v0, v0, t5
    vfcvt.f.xu.v v2, v0
    vfmul.vf v2, v2, ft0            /* i/N */
    vfrsub.vf v4, v2, ft1           /* 1 - i/N */
    vmv.v.i v6, 0
    vse16.v v2, (a1)
    vse16.v v4, (a2)
    vse16.v v6, (a3)
    slli    a5, a4, 1
    add     a1, a1, a5
    add     a2, a2, a5
    add     a3, a3, a5
    add     t5, t5, a4
    sub     t4, t4, a4
    bnez    t4, 1b

    /* reps */
2:  li      t4, N
    mv      a1, t0
    mv      a2, t1
    mv      a3, t2
3:  vsetvli a4, t4, e16, m2, ta, ma
    vle16.v v0, (a1)
    vle16.v v2, (a2)
    vle16.v v4, (a3)
    vfmacc.vv v4, v0, v2
    vfadd.vv v4, v4, v0
    vse16.v v4, (a3)
    slli    a5, a4, 1
    add     a1, a1, a5
    add     a2, a2, a5
    add     a3, a3, a5
    sub     t4, t4, a4
    bnez    t4, 3b
    addi    a0, a0, -1
    bnez    a0, 2b

    addi    sp, sp, 16
    ret
    .size kernel, . - kernel
