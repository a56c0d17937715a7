/* probe14: straight-line loads and int ops: how long does an int op hold its ALU behind a load? */
#include "bench.h"
    .option norvc
    .text
    .globl _start
_start:
    la      s0, buf
    li      s1, 0
    la a3, matA
    la a2, matB
    /* s1: 16 x (lw; lw; 5 adds) */
    WIN_BEGIN
    .rept 16
    lw a6, 0(a3); lw a5, 0(a2); add t1, t1, s1; add t2, t2, s1; add t3, t3, s1; add t4, t4, s1; add t5, t5, s1
    .endr
    WIN_END
    /* s2: 16 x (lw; 7 adds) */
    WIN_BEGIN
    .rept 16
    lw a6, 0(a3); add t1, t1, s1; add t2, t2, s1; add t3, t3, s1; add t4, t4, s1; add t5, t5, s1; add t6, t6, s1; add a7, a7, s1
    .endr
    WIN_END
    /* s3: 16 x 7 adds */
    WIN_BEGIN
    .rept 16
    add t1, t1, s1; add t2, t2, s1; add t3, t3, s1; add t4, t4, s1; add t5, t5, s1; add t6, t6, s1; add a7, a7, s1
    .endr
    WIN_END
    /* s4: 16 x (lw; 3 adds) */
    WIN_BEGIN
    .rept 16
    lw a6, 0(a3); add t1, t1, s1; add t2, t2, s1; add t3, t3, s1
    .endr
    WIN_END
    /* s5: 16 x (lw; 4 adds) */
    WIN_BEGIN
    .rept 16
    lw a6, 0(a3); add t1, t1, s1; add t2, t2, s1; add t3, t3, s1; add t4, t4, s1
    .endr
    WIN_END
    /* s6: 16 x (lw; lw; 2 adds) */
    WIN_BEGIN
    .rept 16
    lw a6, 0(a3); lw a5, 0(a2); add t1, t1, s1; add t2, t2, s1
    .endr
    WIN_END
    EXIT0
    .data
    .balign 64
buf:  .skip 64
matA: .skip 1024
matB: .skip 1024
