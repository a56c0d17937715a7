/* probe13: two scalar loads an iteration and K independent int ops: when do the int ALUs free? */
#include "bench.h"
    .option norvc
    .text
    .globl _start
_start:
    la      s0, buf
    li      s1, 0
#define LK(K) \
    WIN_BEGIN; la a3, matA; la a2, matB; li a4, 32; \
1:  lw a6, 0(a3); lw a5, 0(a2); .rept K; add t1, t1, s1; .endr; addi a4, a4, -1; bnez a4, 1b; WIN_END
    LK(0)
    LK(1)
    LK(2)
    LK(3)
    LK(4)
    LK(5)
    LK(6)
    /* mat_int's inner loop, 32 iterations */
    WIN_BEGIN; la a3, matA; la a2, matB; li a4, 0; li a1, 0; li a0, 32
2:  lw a6, 0(a3); lw a5, 0(a2); addiw a4, a4, 1; addi a3, a3, 4; mulw a5, a5, a6; addi a2, a2, 24; addw a1, a1, a5; bne a0, a4, 2b
    WIN_END
    /* the same without the mulw */
    WIN_BEGIN; la a3, matA; la a2, matB; li a4, 0; li a1, 0; li a0, 32
3:  lw a6, 0(a3); lw a5, 0(a2); addiw a4, a4, 1; addi a3, a3, 4; addi a2, a2, 24; addw a1, a1, a5; bne a0, a4, 3b
    WIN_END
    /* one load */
    WIN_BEGIN; la a3, matA; la a2, matB; li a4, 0; li a1, 0; li a0, 32
4:  lw a6, 0(a3); addiw a4, a4, 1; addi a3, a3, 4; addi a2, a2, 24; addw a1, a1, a6; bne a0, a4, 4b
    WIN_END
    EXIT0
    .data
    .balign 64
buf:  .skip 64
matA: .skip 1024
matB: .skip 1024
