/* probe24: scalar loads crossing a 64-byte line: how the cost grows */
#include "bench.h"
    .option norvc
    .text
    .globl _start
_start:
    la      s0, buf
    WIN_BEGIN; ld t0, 60(s0); WIN_END
    WIN_BEGIN; ld t0, 56(s0); WIN_END
    WIN_BEGIN; ld t0, 60(s0); ld t1, 124(s0); WIN_END
    WIN_BEGIN; ld t0, 56(s0); ld t1, 120(s0); WIN_END
    WIN_BEGIN; ld t0, 60(s0); ld t1, 124(s0); ld t2, 188(s0); ld t3, 252(s0); WIN_END
    WIN_BEGIN; ld t0, 56(s0); ld t1, 120(s0); ld t2, 184(s0); ld t3, 248(s0); WIN_END
    /* lw crossing (2+2 bytes) */
    WIN_BEGIN; lw t0, 62(s0); lw t1, 126(s0); lw t2, 190(s0); lw t3, 254(s0); WIN_END
    /* crossing ld followed by dependent add */
    WIN_BEGIN; ld t0, 60(s0); add t1, t0, t0; ld t2, 124(s0); add t3, t2, t2; ld t4, 188(s0); add t5, t4, t4; ld t6, 252(s0); add a4, t6, t6; WIN_END
    /* crossing and aligned alternating */
    WIN_BEGIN; ld t0, 60(s0); ld t1, 128(s0); ld t2, 188(s0); ld t3, 256(s0); WIN_END
    /* 8 crossing sd, 4 crossing sd then 4 aligned ld */
    WIN_BEGIN; sd s1, 60(s0); sd s1, 124(s0); sd s1, 188(s0); sd s1, 252(s0); ld t0, 512(s0); ld t1, 576(s0); ld t2, 640(s0); ld t3, 704(s0); WIN_END
    WIN_BEGIN; sd s1, 56(s0); sd s1, 120(s0); sd s1, 184(s0); sd s1, 248(s0); ld t0, 512(s0); ld t1, 576(s0); ld t2, 640(s0); ld t3, 704(s0); WIN_END
    EXIT0
    .data
    .balign 64
buf:  .skip 1024
