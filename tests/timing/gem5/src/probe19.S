/* probe19 (issue 26): what a skipped (never executed) instruction after a taken load-dependent branch costs */
#include "bench.h"
    .option norvc
    .text
    .globl _start
_start:
    la      s0, buf
    la      s1, buf2
    li      t1, 1
    sd      t1, 0(s0)
    li      t4, 7
#define W(...) WIN_BEGIN; .rept 8; ld t3, 0(s0); bnez t3, 1f; __VA_ARGS__; 1: ; .endr; WIN_END
    W(ld t5, 64(s0))
    W(sd t4, 64(s0))
    W(lw t5, 64(s0))
    W(ld t5, 64(s1))
    W(ld t5, 0(s0))
    W(nop)
    W(addi t5, t5, 1)
    W(fld ft0, 64(s0))
    W(mul t5, t5, t5)
    W(ld t5, 64(s0); addi t6, t6, 1)
    W(addi t6, t6, 1; ld t5, 64(s0))
    W(div t5, t5, t6)
    EXIT0
    .data
    .balign 64
buf:  .skip 1024
buf2: .skip 1024
