/* probe21 (issue 26): 12 identical windows of 32 x (ld; bnez taken; nop): the Fetch1
 * depth that carries from one stream change to the next (docs/timing.md) */
#include "bench.h"
    .option norvc
    .text
    .globl _start
_start:
    la      s0, buf
    li      t1, 1
    sd      t1, 0(s0)
#define W(...) WIN_BEGIN; .rept 32; ld t3, 0(s0); bnez t3, 1f; __VA_ARGS__; 1: ; .endr; WIN_END
    .rept 12
    W(nop)
    .endr
    EXIT0
    .data
    .balign 64
buf:  .skip 1024
