/* Realistic windows, set 2 (issue 26): sorts, calls, a CoreMark-like list walk
 * and CRC, a softmax row, tile loops at LMUL 2, a scalar matmul (each runs cold,
 * then warm). */
#include "bench.h"
    .option norvc
    .text
    .globl _start
_start:
    /* data: arr[32] = (i * 37) % 64 descending-ish, list of 16 nodes */
    la      t0, arr
    li      t1, 0
    li      t2, 32
1:  li      t3, 37
    mul     t3, t3, t1
    andi    t3, t3, 63
    sd      t3, 0(t0)
    addi    t0, t0, 8
    addi    t1, t1, 1
    bne     t1, t2, 1b
    la      t0, nodes
    li      t1, 16
2:  addi    t3, t0, 16
    sd      t3, 0(t0)          /* next */
    sd      t1, 8(t0)          /* value */
    addi    t0, t0, 16
    addi    t1, t1, -1
    bnez    t1, 2b
    sd      zero, -16(t0)
    la      t0, matA
    li      t1, 0x3f800000
    li      t2, 256
3:  sw      t1, 0(t0)
    addi    t0, t0, 4
    addi    t2, t2, -1
    bnez    t2, 3b
    /* isort16: insertion sort of 16 doublewords (a copy of arr, restored each run) */
    WIN_BEGIN
    la      t0, arr
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
    /* bsort12: bubble sort of 12 doublewords */
    WIN_BEGIN
    la      t0, arr
    la      t1, work
    li      t2, 12
4:  ld      t3, 0(t0)
    sd      t3, 0(t1)
    addi    t0, t0, 8
    addi    t1, t1, 8
    addi    t2, t2, -1
    bnez    t2, 4b
    li      a2, 11
5:  la      t0, work
    mv      t1, a2
6:  ld      t2, 0(t0)
    ld      t3, 8(t0)
    ble     t2, t3, 7f
    sd      t3, 0(t0)
    sd      t2, 8(t0)
7:  addi    t0, t0, 8
    addi    t1, t1, -1
    bnez    t1, 6b
    addi    a2, a2, -1
    bnez    a2, 5b
    WIN_END
    /* fib7: recursive calls (fib(7), 41 calls) */
    WIN_BEGIN
    li      a1, 7
    call    fib
    WIN_END
    /* list_crc16: walk a 16-node list, CRC-like mixing of each value */
    WIN_BEGIN
    la      t0, nodes
    li      t1, -1
8:  ld      t2, 8(t0)
    xor     t1, t1, t2
    .rept 4
    srli    t3, t1, 1
    andi    t4, t1, 1
    neg     t4, t4
    li      t5, 0xedb8
    and     t4, t4, t5
    xor     t1, t3, t4
    .endr
    ld      t0, 0(t0)
    bnez    t0, 8b
    WIN_END
    /* softmax_row32: max, x - max, exp (SFU), sum, scale; 32 f32 at m1 x 4 */
    WIN_BEGIN
    la      t1, matA
    la      t3, matC
    vsetivli zero, 8, e32, m1, ta, ma
    vmv.v.i v10, 0
    addi    t2, t1, 32
    addi    t4, t1, 64
    addi    t5, t1, 96
    vle32.v v1, (t1)
    vle32.v v2, (t2)
    vle32.v v3, (t4)
    vle32.v v4, (t5)
    vfmax.vv v5, v1, v2
    vfmax.vv v6, v3, v4
    vfmax.vv v5, v5, v6
    vfredmax.vs v7, v5, v5
    vfmv.f.s ft0, v7
    vfsub.vf v1, v1, ft0
    vfsub.vf v2, v2, ft0
    vfsub.vf v3, v3, ft0
    vfsub.vf v4, v4, ft0
    VEXP(1, 1)
    VEXP(2, 2)
    VEXP(3, 3)
    VEXP(4, 4)
    vfadd.vv v5, v1, v2
    vfadd.vv v6, v3, v4
    vfadd.vv v5, v5, v6
    vfredusum.vs v7, v5, v10
    vfmv.f.s ft1, v7
    fdiv.s  ft2, ft0, ft1
    vfmul.vf v1, v1, ft2
    vfmul.vf v2, v2, ft2
    vfmul.vf v3, v3, ft2
    vfmul.vf v4, v4, ft2
    addi    t2, t3, 32
    addi    t4, t3, 64
    addi    t5, t3, 96
    vse32.v v1, (t3)
    vse32.v v2, (t2)
    vse32.v v3, (t4)
    vse32.v v4, (t5)
    WIN_END
    /* ew_mul_m2_tile: c = a * b + c over 256 f32, LMUL 2, pointer bumps */
    WIN_BEGIN
    la      t1, matA
    la      t2, matB
    la      t3, matC
    li      t4, 256
9:  vsetvli t5, t4, e32, m2, ta, ma
    vle32.v v2, (t1)
    vle32.v v4, (t2)
    vle32.v v6, (t3)
    vfmacc.vv v6, v2, v4
    vse32.v v6, (t3)
    slli    t6, t5, 2
    add     t1, t1, t6
    add     t2, t2, t6
    add     t3, t3, t6
    sub     t4, t4, t5
    bnez    t4, 9b
    WIN_END
    /* smatmul4: scalar 4x4 f32 matmul, triple loop with fmadd.s */
    WIN_BEGIN
    la      a1, matA
    la      a2, matB
    la      a3, matC
    li      t0, 0
10: li      t1, 0
11: fmv.w.x ft0, zero
    li      t2, 0
12: slli    t3, t0, 2
    add     t3, t3, t2
    slli    t3, t3, 2
    add     t3, a1, t3
    flw     ft1, 0(t3)
    slli    t4, t2, 2
    add     t4, t4, t1
    slli    t4, t4, 2
    add     t4, a2, t4
    flw     ft2, 0(t4)
    fmadd.s ft0, ft1, ft2, ft0
    addi    t2, t2, 1
    li      t5, 4
    blt     t2, t5, 12b
    slli    t3, t0, 2
    add     t3, t3, t1
    slli    t3, t3, 2
    add     t3, a3, t3
    fsw     ft0, 0(t3)
    addi    t1, t1, 1
    blt     t1, t5, 11b
    addi    t0, t0, 1
    blt     t0, t5, 10b
    WIN_END
    /* memcpy256: a byte-granular then doubleword copy loop (libc-like) */
    WIN_BEGIN
    la      t0, matA
    la      t1, work
    li      t2, 32
13: ld      t3, 0(t0)
    ld      t4, 8(t0)
    sd      t3, 0(t1)
    sd      t4, 8(t1)
    addi    t0, t0, 16
    addi    t1, t1, 16
    addi    t2, t2, -2
    bnez    t2, 13b
    WIN_END
    EXIT0

    .balign 64
fib:                            /* a1 = n; returns in a2 (keeps a0 untouched) */
    li      t0, 2
    blt     a1, t0, 1f
    addi    sp, sp, -32
    sd      ra, 0(sp)
    sd      a1, 8(sp)
    addi    a1, a1, -1
    call    fib
    sd      a2, 16(sp)
    ld      a1, 8(sp)
    addi    a1, a1, -2
    call    fib
    ld      t1, 16(sp)
    add     a2, a2, t1
    ld      ra, 0(sp)
    addi    sp, sp, 32
    ret
1:  mv      a2, a1
    ret

    .data
    .balign 64
arr: .skip 256
work: .skip 512
nodes: .skip 256
matA: .skip 1024
matB: .skip 1024
matC: .skip 1024
