/* Ownership: an owned custom-1 word first (probe_info; not for 3, which also runs
 * without a model), then, chosen by argv[1][0],
 * one word the probe model does not own, each at a fixed address (text at 0x10000):
 *   1: 0x10100  custom-1 funct3 0 funct7 0x7f  .insn r 0x2b, 0, 0x7f, a0, a1, a2 = 0xfec5852b
 *   2: 0x10200  custom-2 funct3 4 funct7 0x7f  .insn r 0x5b, 4, 0x7f, a0, a1, a2 = 0xfec5c55b
 *   3: 0x10300  vexp v1, v2 of the built-in SFU  .insn r 0x5b, 3, 0x16, x1, x0, x2 = 0x2c2030db
 *   4: 0x10408  probe.add-x (owned, custom-2) while vtype.vill is set: illegal too
 *   5: probe_info (owned, custom-1) while vtype.vill is set: runs (custom-1 words
 *      need no vector configuration, as the reference model's DMA programs show)
 *   0: nothing more
 * Reaching the end exits 0 and prints "passed". */
#include "probe.h"
    .option norvc
    .text
    .globl _start
_start:
    ld      t0, 16(sp)
    lbu     t0, 0(t0)
    li      t1, '4'
    beq     t0, t1, w4
    li      t1, '5'
    beq     t0, t1, w5
    vsetivli zero, 4, e32, m1, ta, ma
    li      t1, '3'
    beq     t0, t1, w3
    PROBE_INFO(a3)
    li      t1, '0'
    beq     t0, t1, end
    li      t1, '1'
    beq     t0, t1, w1
    li      t1, '2'
    beq     t0, t1, w2
    EXIT(2)
    .balign 256
w1: .insn r CUSTOM_1, 0, 0x7f, a0, a1, a2
    j       end
    .balign 256
w2: .insn r CUSTOM_2, 4, 0x7f, a0, a1, a2
    j       end
    .balign 256
w3: .insn r CUSTOM_2, 3, 0x16, x1, x0, x2
    j       end
    .balign 256
w4: li      t0, 0x38            /* vsew 7 is reserved: vtype.vill */
    vsetvl  zero, zero, t0
    PROBE_ADD_X(1, a3, 2)       /* 0x10408: owned, but vtype is invalid */
    j       end
w5: li      t0, 0x38
    vsetvl  zero, zero, t0
    PROBE_INFO(a3)              /* custom-1: runs whatever vtype says */
end:
    WRITE_OUT(passed, 7)
    EXIT(0)

    .data
passed: .ascii "passed\n"
