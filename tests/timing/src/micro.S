/* Microbenchmarks of the cycle model (docs/timing.md has the table and the reasoning
 * for every expected value). One window per benchmark; the body of each window
 * starts on a fresh 64-byte fetch line right after its resetstats marker.
 * Default parameters, VLEN 256, 4 lanes. */
#include "timing.h"
    .option norvc

/* Pad so that the marker is the last word of a line and the body starts a line. */
#define WINDOW  .balign 64; .rept 15; nop; .endr; M5_RESET
#define END     M5_DUMP

    .text
    .globl _start
_start:
    la      s0, buf
    li      t0, 8
    vsetvli zero, t0, e32, m1, ta, ma
    vmv.v.i v1, 0
    /* 1: eight never-taken branches (predicted not-taken: no penalty) */
    WINDOW
    .rept 8
    bne     zero, zero, _start
    .endr
    END
    /* 2: a dependent chain of 16 integer adds */
    WINDOW
    .rept 16
    addi    a0, a0, 1
    .endr
    END
    /* 3: 16 independent integer adds */
    WINDOW
    li t0, 1; li t1, 2; li t2, 3; li t3, 4; li t4, 5; li t5, 6; li t6, 7; li a1, 8
    li a2, 9; li a3, 10; li a4, 11; li a5, 12; li a6, 13; li a7, 14; li s1, 15; li s2, 16
    END
    /* 4: eight independent loads */
    WINDOW
    ld t0, 0(s0); ld t1, 8(s0); ld t2, 16(s0); ld t3, 24(s0)
    ld t4, 32(s0); ld t5, 40(s0); ld t6, 48(s0); ld a1, 56(s0)
    END
    /* 5: eight stores */
    WINDOW
    sd zero, 0(s0); sd zero, 8(s0); sd zero, 16(s0); sd zero, 24(s0)
    sd zero, 32(s0); sd zero, 40(s0); sd zero, 48(s0); sd zero, 56(s0)
    END
    /* 6: four taken jumps seen for the first time (BTB misses) */
    WINDOW
    j 1f
1:  j 2f
2:  j 3f
3:  j 4f
4:  END
    /* 7-10: unit-stride vector loads, e32, vl = VLMAX, LMUL 1, 2, 4, 8 */
    .irp lmul, m1, m2, m4, m8
    li      t0, 64
    vsetvli zero, t0, e32, \lmul, ta, ma
    WINDOW
    vle32.v v8, (s0)
    END
    .endr
    /* 11-14: vector adds, LMUL 1, 2, 4, 8 */
    .irp lmul, m1, m2, m4, m8
    li      t0, 64
    vsetvli zero, t0, e32, \lmul, ta, ma
    WINDOW
    vadd.vv v16, v8, v24
    END
    .endr
    /* 15-16: unit-stride vector stores, LMUL 1 and 8 */
    .irp lmul, m1, m8
    li      t0, 64
    vsetvli zero, t0, e32, \lmul, ta, ma
    WINDOW
    vse32.v v16, (s0)
    END
    .endr
    /* 17: a chain of three dependent vexp (SFU latency 10) */
    vsetivli zero, 8, e32, m1, ta, ma
    WINDOW
    VEXP(2, 1)
    VEXP(3, 2)
    VEXP(4, 3)
    END
    /* 18: systolic array: weight push, input push of 4 rows, pop of 4 */
    vsetivli zero, 4, e32, m1, ta, ma
    WINDOW
    SA_WPUSH(1, 0)
    SA_IPUSH(1, 0)
    SA_POP(5, 0)
    END
    /* 19: the x + y tile of examples/tiled_add (one iteration: 16 f32 per operand) */
    li      t4, 16
    mv      t5, s0
    addi    t6, s0, 64
    addi    a6, s0, 128
    WINDOW
    vsetvli a7, t4, e32, m2, ta, ma
    vle32.v v0, (t5)
    vle32.v v2, (t6)
    vfadd.vv v4, v0, v2
    vse32.v v4, (a6)
    slli    a0, a7, 2
    add     t5, t5, a0
    add     t6, t6, a0
    add     a6, a6, a0
    sub     t4, t4, a7
    bnez    t4, _start
    END
    /* 20-21: a counted loop, 100 then 300 iterations, after two warm-up runs */
    li      a0, 100
    call    spin
    li      a0, 100
    call    spin
    li      a0, 100
    WINDOW
    call    spin
    END
    li      a0, 300
    WINDOW
    call    spin
    END
    EXIT(0)

    .balign 64
spin:
1:  addi    a0, a0, -1
    bnez    a0, 1b
    ret

    .bss
    .balign 64
buf: .skip 256
