/* probe23: the vadd_m1 loop on buffers at 64-byte line offsets 0, 8, 24, 32; scalar loads across a line */
#include "bench.h"
    .option norvc
    .text
    .globl _start
_start:
    la      s0, buf
#define LOOPN \
1:  vsetvli t0, a3, e32, m1, ta, ma; vle32.v v1, (a0); vle32.v v2, (a1); vfadd.vv v3, v1, v2; vse32.v v3, (a2); \
    slli t1, t0, 2; add a0, a0, t1; add a1, a1, t1; add a2, a2, t1; sub a3, a3, t0; bnez a3, 1b
#define SETUP(OFF) la a0, matA+OFF; la a1, matB+OFF; la a2, matC+OFF; li a3, 200
    WIN_BEGIN; SETUP(0); LOOPN; WIN_END
    WIN_BEGIN; SETUP(8); LOOPN; WIN_END
    WIN_BEGIN; SETUP(24); LOOPN; WIN_END
    WIN_BEGIN; SETUP(32); LOOPN; WIN_END
    /* loads only, offset 24 vs 0 */
    WIN_BEGIN; la a0, matA+24; li a3, 256; 1: vsetvli t0, a3, e32, m1, ta, ma; vle32.v v1, (a0); slli t1, t0, 2; add a0, a0, t1; sub a3, a3, t0; bnez a3, 1b; WIN_END
    WIN_BEGIN; la a0, matA; li a3, 256; 1: vsetvli t0, a3, e32, m1, ta, ma; vle32.v v1, (a0); slli t1, t0, 2; add a0, a0, t1; sub a3, a3, t0; bnez a3, 1b; WIN_END
    /* 8 scalar ld, each crossing a line (offset 60) vs not */
    WIN_BEGIN; ld t0, 60(s0); ld t1, 124(s0); ld t2, 188(s0); ld t3, 252(s0); ld t4, 316(s0); ld t5, 380(s0); ld t6, 444(s0); ld a4, 508(s0); WIN_END
    WIN_BEGIN; ld t0, 56(s0); ld t1, 120(s0); ld t2, 184(s0); ld t3, 248(s0); ld t4, 312(s0); ld t5, 376(s0); ld t6, 440(s0); ld a4, 504(s0); WIN_END
    /* 8 sd crossing vs not */
    WIN_BEGIN; sd s1, 60(s0); sd s1, 124(s0); sd s1, 188(s0); sd s1, 252(s0); sd s1, 316(s0); sd s1, 380(s0); sd s1, 444(s0); sd s1, 508(s0); WIN_END
    WIN_BEGIN; sd s1, 56(s0); sd s1, 120(s0); sd s1, 184(s0); sd s1, 248(s0); sd s1, 312(s0); sd s1, 376(s0); sd s1, 440(s0); sd s1, 504(s0); WIN_END
    EXIT0
    .data
    .balign 64
buf:  .skip 1024
matA: .skip 2048
matB: .skip 2048
matC: .skip 2048
