/* gem5-fidelity probes, set 3 (issue 26): what recursion (fib7) pays for in gem5:
 * calls whose leaf spills ra, stores followed by loads of another address, loads
 * feeding branches, nested calls (each window runs cold, then warm). */
#include "bench.h"
    .option norvc
    .text
    .globl _start
_start:
    la      s0, buf
    li      s1, 5
    li      a1, 3
    /* call_spill8: 8 calls of a leaf that saves and restores ra through the stack */
    WIN_BEGIN
    .rept 8
    call    spill
    .endr
    WIN_END
    /* st_ld_diff8: 8 x (store, load of a different doubleword) */
    WIN_BEGIN
    .irp off, 0, 32, 64, 96, 128, 160, 192, 224
    sd s1, \off(s0)
    ld t1, \off+8(s0)
    .endr
    WIN_END
    /* ld_br16: 16 x (load, branch on it, never taken) */
    WIN_BEGIN
    .irp off, 0, 8, 16, 24, 32, 40, 48, 56, 64, 72, 80, 88, 96, 104, 112, 120
    ld t1, \off(s0)
    bnez t1, 1f
    .endr
1:  nop
    WIN_END
    /* ld_add_br16: 16 x (load, add, branch on the sum, never taken) */
    WIN_BEGIN
    .irp off, 0, 8, 16, 24, 32, 40, 48, 56, 64, 72, 80, 88, 96, 104, 112, 120
    ld t1, \off(s0)
    addi t2, t1, -3
    beqz t2, 1f
    .endr
1:  nop
    WIN_END
    /* nest4: a call chain 4 deep (each level spills ra), 2 times */
    WIN_BEGIN
    call    lvl1
    call    lvl1
    WIN_END
    /* jal_call8: 8 direct calls (jal ra) of a leaf */
    WIN_BEGIN
    .rept 8
    jal     ra, leaf
    .endr
    WIN_END
    /* fib5: the recursion of real2's fib7, smaller */
    WIN_BEGIN
    li      a1, 5
    call    fib
    WIN_END
    EXIT0

    .balign 64
leaf:
    ret
    .balign 64
spill:
    addi    sp, sp, -16
    sd      ra, 0(sp)
    ld      ra, 0(sp)
    addi    sp, sp, 16
    ret
    .balign 64
lvl1:
    addi    sp, sp, -16
    sd      ra, 0(sp)
    call    lvl2
    ld      ra, 0(sp)
    addi    sp, sp, 16
    ret
lvl2:
    addi    sp, sp, -16
    sd      ra, 0(sp)
    call    lvl3
    ld      ra, 0(sp)
    addi    sp, sp, 16
    ret
lvl3:
    addi    sp, sp, -16
    sd      ra, 0(sp)
    call    leaf
    ld      ra, 0(sp)
    addi    sp, sp, 16
    ret
    .balign 64
fib:
    li      t0, 2
    blt     a1, t0, 1f
    addi    sp, sp, -32
    sd      ra, 0(sp)
    sd      a1, 8(sp)
    addi    a1, a1, -1
    call    fib
    sd      a2, 16(sp)
    ld      a1, 8(sp)
    addi    a1, a1, -2
    call    fib
    ld      t1, 16(sp)
    add     a2, a2, t1
    ld      ra, 0(sp)
    addi    sp, sp, 32
    ret
1:  mv      a2, a1
    ret

    .data
    .balign 64
buf: .skip 1024
