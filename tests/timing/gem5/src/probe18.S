/* probe18 (issue 26): loops of one vector load (VMEM_LOOP) taken apart: with and without
 * vsetvli, two loads, a scalar load, no load, the same address, a vector add, int ops, a store */
#include "bench.h"
    .option norvc
    .text
    .globl _start
_start:
    la      s0, buf
    li      t4, 8
    vsetvli t0, t4, e32, m1, ta, ma
#define L(...) WIN_BEGIN; la a0, matA; la a2, matC; li a3, 32; 1: __VA_ARGS__; bnez a3, 1b; WIN_END
    /* A: probe15's v_ld_m1 */
    WIN_BEGIN; la a0, matA; la a1, matB; la a2, matC; li a3, 256
1:  vsetvli t0, a3, e32, m1, ta, ma; vle32.v v16, (a2); slli t1, t0, 2; add a0, a0, t1; add a1, a1, t1; add a2, a2, t1; sub a3, a3, t0; bnez a3, 1b; WIN_END
    vsetvli t0, t4, e32, m1, ta, ma
    /* B: no vsetvli */
    L(vle32.v v16, (a2); addi a2, a2, 32; addi a3, a3, -1)
    /* C: two loads */
    L(vle32.v v16, (a2); vle32.v v20, (a0); addi a2, a2, 32; addi a0, a0, 32; addi a3, a3, -1)
    /* E: scalar load */
    L(ld t5, 0(a2); addi a2, a2, 32; addi a3, a3, -1)
    /* F: no load */
    L(addi a2, a2, 32; addi a3, a3, -1)
    /* G: same address */
    L(vle32.v v16, (a2); addi a3, a3, -1)
    /* H: vector add instead of the load */
    L(vadd.vv v16, v1, v2; addi a2, a2, 32; addi a3, a3, -1)
    /* I: vle32 plus 4 int ops */
    L(vle32.v v16, (a2); addi a2, a2, 32; addi t1, t1, 1; addi t2, t2, 1; addi t3, t3, 1; addi a3, a3, -1)
    /* J: vse32 */
    L(vse32.v v16, (a2); addi a2, a2, 32; addi a3, a3, -1)
    EXIT0
    .data
    .balign 64
buf:  .skip 64
matA: .skip 2048
matB: .skip 2048
matC: .skip 2048
