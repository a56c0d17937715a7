/* probe17: straight-line lw + K adds, lw lw + K adds (16 groups): the int ALUs behind loads */
#include "bench.h"
    .option norvc
    .text
    .globl _start
_start:
    la s0, buf
    li s1, 0
    la a3, matA
    la a2, matB
    WIN_BEGIN
    .rept 16
    lw a6, 0(a3)
    .endr
    WIN_END
    WIN_BEGIN
    .rept 16
    lw a6, 0(a3); add t1, t1, s1
    .endr
    WIN_END
    WIN_BEGIN
    .rept 16
    lw a6, 0(a3); add t1, t1, s1; add t2, t2, s1
    .endr
    WIN_END
    WIN_BEGIN
    .rept 16
    lw a6, 0(a3); add t1, t1, s1; add t2, t2, s1; add t3, t3, s1
    .endr
    WIN_END
    WIN_BEGIN
    .rept 16
    lw a6, 0(a3); add t1, t1, s1; add t2, t2, s1; add t3, t3, s1; add t4, t4, s1
    .endr
    WIN_END
    WIN_BEGIN
    .rept 16
    lw a6, 0(a3); add t1, t1, s1; add t2, t2, s1; add t3, t3, s1; add t4, t4, s1; add t5, t5, s1
    .endr
    WIN_END
    WIN_BEGIN
    .rept 16
    lw a6, 0(a3); add t1, t1, s1; add t2, t2, s1; add t3, t3, s1; add t4, t4, s1; add t5, t5, s1; add t6, t6, s1
    .endr
    WIN_END
    WIN_BEGIN
    .rept 16
    lw a6, 0(a3); add t1, t1, s1; add t2, t2, s1; add t3, t3, s1; add t4, t4, s1; add t5, t5, s1; add t6, t6, s1; add a7, a7, s1
    .endr
    WIN_END
    WIN_BEGIN
    .rept 16
    lw a6, 0(a3); add t1, t1, s1; add t2, t2, s1; add t3, t3, s1; add t4, t4, s1; add t5, t5, s1; add t6, t6, s1; add a7, a7, s1; add s2, s2, s1
    .endr
    WIN_END
    WIN_BEGIN
    .rept 16
    lw a6, 0(a3); add t1, t1, s1; add t2, t2, s1; add t3, t3, s1; add t4, t4, s1; add t5, t5, s1; add t6, t6, s1; add a7, a7, s1; add s2, s2, s1; add s3, s3, s1
    .endr
    WIN_END
    WIN_BEGIN
    .rept 16
    lw a6, 0(a3); add t1, t1, s1; add t2, t2, s1; add t3, t3, s1; add t4, t4, s1; add t5, t5, s1; add t6, t6, s1; add a7, a7, s1; add s2, s2, s1; add s3, s3, s1; add s4, s4, s1
    .endr
    WIN_END
    WIN_BEGIN
    .rept 16
    lw a6, 0(a3); lw a5, 0(a2)
    .endr
    WIN_END
    WIN_BEGIN
    .rept 16
    lw a6, 0(a3); lw a5, 0(a2); add t1, t1, s1
    .endr
    WIN_END
    WIN_BEGIN
    .rept 16
    lw a6, 0(a3); lw a5, 0(a2); add t1, t1, s1; add t2, t2, s1
    .endr
    WIN_END
    WIN_BEGIN
    .rept 16
    lw a6, 0(a3); lw a5, 0(a2); add t1, t1, s1; add t2, t2, s1; add t3, t3, s1
    .endr
    WIN_END
    WIN_BEGIN
    .rept 16
    lw a6, 0(a3); lw a5, 0(a2); add t1, t1, s1; add t2, t2, s1; add t3, t3, s1; add t4, t4, s1
    .endr
    WIN_END
    WIN_BEGIN
    .rept 16
    lw a6, 0(a3); lw a5, 0(a2); add t1, t1, s1; add t2, t2, s1; add t3, t3, s1; add t4, t4, s1; add t5, t5, s1
    .endr
    WIN_END
    WIN_BEGIN
    .rept 16
    lw a6, 0(a3); lw a5, 0(a2); add t1, t1, s1; add t2, t2, s1; add t3, t3, s1; add t4, t4, s1; add t5, t5, s1; add t6, t6, s1
    .endr
    WIN_END
    WIN_BEGIN
    .rept 16
    lw a6, 0(a3); lw a5, 0(a2); add t1, t1, s1; add t2, t2, s1; add t3, t3, s1; add t4, t4, s1; add t5, t5, s1; add t6, t6, s1; add a7, a7, s1
    .endr
    WIN_END
    WIN_BEGIN
    .rept 16
    lw a6, 0(a3); lw a5, 0(a2); add t1, t1, s1; add t2, t2, s1; add t3, t3, s1; add t4, t4, s1; add t5, t5, s1; add t6, t6, s1; add a7, a7, s1; add s2, s2, s1
    .endr
    WIN_END
    WIN_BEGIN
    .rept 16
    lw a6, 0(a3); lw a5, 0(a2); add t1, t1, s1; add t2, t2, s1; add t3, t3, s1; add t4, t4, s1; add t5, t5, s1; add t6, t6, s1; add a7, a7, s1; add s2, s2, s1; add s3, s3, s1
    .endr
    WIN_END
    WIN_BEGIN
    .rept 16
    lw a6, 0(a3); lw a5, 0(a2); add t1, t1, s1; add t2, t2, s1; add t3, t3, s1; add t4, t4, s1; add t5, t5, s1; add t6, t6, s1; add a7, a7, s1; add s2, s2, s1; add s3, s3, s1; add s4, s4, s1
    .endr
    WIN_END
    EXIT0
    .data
    .balign 64
buf: .skip 64
matA: .skip 64
matB: .skip 64
