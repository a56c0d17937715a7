/* lanes_wmacc_i8: an int8 tile kernel for bench/npu.sh, the shape of ../kernel.S as an
 * NPU int8 GEMM tile does it: int8 inputs, a widening multiply-accumulate into int16.
 *
 * void kernel(long reps);
 *
 * Everything runs in the kernel range (all L lanes, lane k's accesses at
 * SV + k·B + offset, npu-isa.md §2.3). Per lane, on tiles of N int8 x, y and N int16
 * acc at bank offsets X, Y, ACC:
 *   init:   x[i] = (int8)i, y[i] = (int8)(5 - i), acc[i] = 0   (vid, vrsub, vwsub)
 *   reps×:  acc = acc + x·y;  acc = acc + x     (vle8×2, vle16, vwmacc.vv, vwadd.wv, vse16)
 * the products and sums sign-extended to 16 bits and wrapping there. Strip-mined with
 * vtype e8 m2 (vl = 64 at VLEN 256, 128 at VLEN 512); the acc group is e16 m4
 * (vle16/vse16 at EMUL 4). Element operations per lane and rep: 3·N (vwmacc counts 2).
 * The first instruction opens the frame (§2.5). */
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

    /* init */
    li      t4, N
    li      t5, 0                   /* element index of the strip */
    mv      a1, t0
    mv      a2, t1
    mv      a3, t2
1:  vsetvli a4, t4, e8, m2, ta, ma
    vid.v   v0
    vadd.vx v0, v0, t5              /* (int8)i */
    vrsub.vi v2, v0, 5              /* (int8)(5 - i) */
    vwsub.vv v4, v0, v0             /* int16 zeros */
    vse8.v  v0, (a1)
    vse8.v  v2, (a2)
    vse16.v v4, (a3)
    add     a1, a1, a4
    add     a2, a2, a4
    slli    a5, a4, 1
    add     a3, a3, a5
    add     t5, t5, a4
    sub     t4, t4, a4
    bnez    t4, 1b

    /* reps */
2:  li      t4, N
    mv      a1, t0
    mv      a2, t1
    mv      a3, t2
3:  vsetvli a4, t4, e8, m2, ta, ma
    vle8.v  v0, (a1)
    vle8.v  v2, (a2)
    vle16.v v4, (a3)
    vwmacc.vv v4, v0, v2
    vwadd.wv v4, v4, v0
    vse16.v v4, (a3)
    add     a1, a1, a4
    add     a2, a2, a4
    slli    a5, a4, 1
    add     a3, a3, a5
    sub     t4, t4, a4
    bnez    t4, 3b
    addi    a0, a0, -1
    bnez    a0, 2b

    addi    sp, sp, 16
    ret
    .size kernel, . - kernel
