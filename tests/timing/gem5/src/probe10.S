/* probe10: what bounds a loads-only vector loop: int ops after the loads, loads per iteration */
#include "bench.h"
    .option norvc
    .text
    .globl _start
_start:
    la      s0, buf
#define LOOP3(K) \
    WIN_BEGIN; la t1, matA; la t2, matB; la t3, matC; li t4, 256; vsetvli t5, t4, e32, m2, ta, ma; \
1:  vle32.v v2, (t1); vle32.v v4, (t2); vle32.v v6, (t3); .rept K; add t1, t1, s1; .endr; \
    addi t4, t4, -16; bnez t4, 1b; WIN_END
    /* s1 = 0: the adds change nothing */
    li s1, 0
    LOOP3(0)
    LOOP3(1)
    LOOP3(2)
    LOOP3(3)
    LOOP3(4)
    LOOP3(5)
    LOOP3(6)
#define LOOPN(LD) \
    WIN_BEGIN; la t1, matA; li t4, 256; vsetvli t5, t4, e32, m2, ta, ma; \
1:  .rept LD; vle32.v v2, (t1); .endr; add t2, t2, s1; add t3, t3, s1; \
    addi t4, t4, -16; bnez t4, 1b; WIN_END
    LOOPN(1)
    LOOPN(2)
    LOOPN(4)
    EXIT0
    .data
    .balign 64
buf:  .skip 1024
matA: .skip 1024
matB: .skip 1024
matC: .skip 1024
