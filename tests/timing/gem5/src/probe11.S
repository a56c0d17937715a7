/* probe11: what a loop of one vector load an iteration waits for */
#include "bench.h"
    .option norvc
    .text
    .globl _start
_start:
    la      s0, buf
    li      s1, 0
#define L(LM, ...) \
    WIN_BEGIN; la t1, matA; li t4, 256; vsetvli t5, t4, e32, LM, ta, ma; \
1:  __VA_ARGS__; add t2, t2, s1; add t3, t3, s1; addi t4, t4, -16; bnez t4, 1b; WIN_END
    /* a: ln_loads1 (vle m2 to v2, same address) */
    L(m2, vle32.v v2, (t1))
    /* b: two loads to different groups */
    L(m2, vle32.v v2, (t1); vle32.v v4, (t1))
    /* c: two loads to the same group (ln_loads2) */
    L(m2, vle32.v v2, (t1); vle32.v v2, (t1))
    /* d: m1 load */
    L(m1, vle32.v v2, (t1))
    /* e: m2 load, address moving */
    L(m2, vle32.v v2, (t1); addi t1, t1, 64)
    /* f: scalar load */
    L(m2, ld a1, 0(t1))
    /* g: m2 load, two adds fewer */
    WIN_BEGIN; la t1, matA; li t4, 256; vsetvli t5, t4, e32, m2, ta, ma
2:  vle32.v v2, (t1); addi t4, t4, -16; bnez t4, 2b; WIN_END
    EXIT0
    .data
    .balign 64
buf:  .skip 1024
matA: .skip 2048
