/* probe20 (issue 26): identical windows of 8 x (ld; bnez taken; skipped insn) at several
 * addresses: gem5 takes 32, 41 or 50 cycles warm by the number of line fetches Fetch1
 * has in flight at the reset marker's redirect (docs/timing.md, "gem5's own trace") */
#include "bench.h"
    .option norvc
    .text
    .globl _start
_start:
    la      s0, buf
    li      t1, 1
    sd      t1, 0(s0)
    li      t4, 7
#define W(...) WIN_BEGIN; .rept 8; ld t3, 0(s0); bnez t3, 1f; __VA_ARGS__; 1: ; .endr; WIN_END
    W(nop)
    W(nop)
    W(nop)
    W(nop)
    .balign 64
    .rept 16
    nop
    .endr
    W(nop)
    W(nop)
    W(addi t5, t5, 1)
    W(addi t5, t5, 1)
    EXIT0
    .data
    .balign 64
buf:  .skip 1024
