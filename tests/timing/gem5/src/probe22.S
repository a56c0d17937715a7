/* probe22: real3's vadd_m1 loop: compressed or not, inline or called */
#include "bench.h"
    .text
    .globl _start
_start:
    la      s0, buf
#define LOOPC \
1:  vsetvli t0, a3, e32, m1, ta, ma; vle32.v v1, (a0); vle32.v v2, (a1); vfadd.vv v3, v1, v2; vse32.v v3, (a2); \
    slli t1, t0, 2; c.add a0, t1; c.add a1, t1; c.add a2, t1; sub a3, a3, t0; c.bnez a3, 1b
#define LOOPN \
1:  vsetvli t0, a3, e32, m1, ta, ma; vle32.v v1, (a0); vle32.v v2, (a1); vfadd.vv v3, v1, v2; vse32.v v3, (a2); \
    slli t1, t0, 2; add a0, a0, t1; add a1, a1, t1; add a2, a2, t1; sub a3, a3, t0; bnez a3, 1b
#define SETUP la a0, matA; la a1, matB; la a2, matC; li a3, 200
    .option norvc
    /* A: uncompressed inline */
    WIN_BEGIN; SETUP; LOOPN; WIN_END
    /* B: compressed inline */
    .option rvc
    WIN_BEGIN; SETUP; LOOPC; WIN_END
    .option norvc
    /* C: compressed, called */
    WIN_BEGIN; SETUP; call fc; WIN_END
    /* D: uncompressed, called */
    WIN_BEGIN; SETUP; call fn; WIN_END
    /* E: compressed inline, loop at real3's line offset (0x06) */
    WIN_BEGIN; SETUP; j 2f; .balign 64; nop; .option rvc; c.nop; 2: LOOPC; .option norvc; WIN_END
    EXIT0
    .balign 64
    .option rvc
fc: LOOPC; ret
    .option norvc
    .balign 64
fn: LOOPN; ret
    .data
    .balign 64
buf:  .skip 64
matA: .skip 2048
matB: .skip 2048
matC: .skip 2048
