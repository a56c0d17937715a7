/* Every host callback of the probe model, each result checked against a value
 * computed by hand (the table at the end). Exit status 0 and "probe values: ok" when
 * all hold, else the number of the first failing check (s11).
 * Machine: 4 lanes, VLEN 256, all vector registers zero at the start. */
#include "probe.h"
    .option norvc

#define CHECK_REG(r, value) li t6, value; bne r, t6, fail; addi s11, s11, 1
#define CHECK_MEM(buf, table, n) la a0, buf; la a1, table; li a2, n; call memeq; bnez a0, fail; addi s11, s11, 1

    .text
    .globl _start
_start:
    li      s11, 1
    /* 1: lanes() << 32 | vlen_bits() through xreg_write (a model instruction needs a
     * valid vtype, even this one) */
    vsetivli zero, 8, e32, m1, ta, ma
    PROBE_INFO(a0)
    CHECK_REG(a0, 0x400000100)

    /* 2: e32, m1, vl 8: v4 = v2 + lane + 100; lane 0 holds 1..8, lanes 1-3 zeros */
    la      t0, w1to8
    vle32.v v2, (t0)
    li      s1, 100
    PROBE_ADD_X(4, s1, 2)
    la      t0, buf
    vse32.v v4, (t0)
    CHECK_MEM(buf, add_e32, 32)

    /* 3, 4: lane 3's and lane 1's v4 (0 + 3 + 100, 0 + 1 + 100) brought to lane 0 */
    li      a2, 3
    PROBE_LANE(5, a2, 4)
    la      t0, buf
    vse32.v v5, (t0)
    CHECK_MEM(buf, lane3, 32)
    li      a2, 1
    PROBE_LANE(5, a2, 4)
    la      t0, buf
    vse32.v v5, (t0)
    CHECK_MEM(buf, lane1, 32)

    /* 5: vl 5 of 8: elements 5..7 of v6 keep their -1 */
    vmv.v.i v6, -1
    vsetivli zero, 5, e32, m1, tu, mu
    PROBE_ADD_X(6, s1, 2)
    vsetivli zero, 8, e32, m1, ta, ma
    la      t0, buf
    vse32.v v6, (t0)
    CHECK_MEM(buf, tail5, 32)

    /* 6: e16, m2, vl 20 of 32: the group v8-v9 from v10-v11 (0..31), x = 0xfffe wraps
     * to -2; elements 16..19 are in v9; elements 20..31 keep their 7 */
    li      t1, 32
    vsetvli zero, t1, e16, m2, ta, ma
    vmv.v.i v8, 7
    la      t0, h0to31
    vle16.v v10, (t0)
    vsetivli zero, 20, e16, m2, tu, mu
    li      a3, 0xfffe
    PROBE_ADD_X(8, a3, 10)
    vsetvli zero, t1, e16, m2, ta, ma
    la      t0, buf
    vse16.v v8, (t0)
    CHECK_MEM(buf, add_e16, 64)

    /* 7: e32, mf2, vl 2: v12 = v2 + 100 for two elements */
    vsetivli zero, 2, e32, mf2, ta, ma
    PROBE_ADD_X(12, s1, 2)
    la      t0, buf
    vse32.v v12, (t0)
    CHECK_MEM(buf, add_e32, 8)

    /* 8: freg_bits: f2 = fmv.w.x 7 is NaN-boxed, 0xffffffff00000007; e64 vl 4 */
    vsetivli zero, 4, e64, m1, ta, ma
    la      t0, d4
    vle64.v v14, (t0)
    li      t0, 7
    fmv.w.x f2, t0
    PROBE_ADD_F(16, 2, 14)
    la      t0, buf
    vse64.v v16, (t0)
    CHECK_MEM(buf, addf_e64, 32)

    /* 9: e32 vl 8: f3 = fmv.d.x 5, truncated to SEW: v17 = v2 + 5 = 6..13 */
    vsetivli zero, 8, e32, m1, ta, ma
    li      t0, 5
    fmv.d.x f3, t0
    PROBE_ADD_F(17, 3, 2)
    la      t0, buf
    vse32.v v17, (t0)
    CHECK_MEM(buf, addf_e32, 32)

    /* 10-16: csr_read of the CSR numbered by rs1 */
    vsetivli zero, 5, e32, m2, tu, mu
    li      a0, 0xc20           /* vl */
    PROBE_CSR(a3, a0)
    CHECK_REG(a3, 5)
    li      a0, 0xc21           /* vtype: vsew 2 << 3 | vlmul 1, ta = ma = 0 */
    PROBE_CSR(a3, a0)
    CHECK_REG(a3, 0x11)
    li      a0, 0xc22           /* vlenb */
    PROBE_CSR(a3, a0)
    CHECK_REG(a3, 32)
    fsrmi   zero, 3             /* frm = RUP */
    li      a0, 0x002           /* frm */
    PROBE_CSR(a3, a0)
    CHECK_REG(a3, 3)
    li      a0, 0x003           /* fcsr: frm << 5, no flags raised */
    PROBE_CSR(a3, a0)
    CHECK_REG(a3, 0x60)
    li      a0, 0xf14           /* mhartid, from user mode: whatever the privilege */
    PROBE_CSR(a3, a0)
    CHECK_REG(a3, 0)
    fsrmi   zero, 0
    li      a0, 0x002
    PROBE_CSR(a3, a0)
    CHECK_REG(a3, 0)

    /* 17, 18: vstart: the model reads it as it is (3); after the model instruction
     * it is 0 */
    csrwi   vstart, 3
    li      a0, 0x008
    PROBE_CSR(a3, a0)
    csrr    t0, vstart
    CHECK_REG(a3, 3)
    CHECK_REG(t0, 0)

    /* 19, 20: mem_read/mem_write: 13 bytes of msg to buf, their sum 1244 */
    li      a4, 13
    la      a5, msg
    la      a6, buf
    PROBE_COPY(a4, a5, a6)
    CHECK_REG(a4, 1244)
    CHECK_MEM(buf, msg, 13)

    /* 21, 22: 100 bytes (0..99, more than one 64-byte chunk), sum 4950 */
    li      a4, 100
    la      a5, b0to99
    la      a6, buf
    PROBE_COPY(a4, a5, a6)
    CHECK_REG(a4, 4950)
    CHECK_MEM(buf, b0to99, 100)

    WRITE_OUT(okmsg, 17)
    EXIT(0)

fail:
    mv      a0, s11
    li      a7, 93
    ecall

/* a0 = 0 when the a2 bytes at a0 and a1 are equal */
memeq:
    beqz    a2, 2f
1:  lbu     t0, 0(a0)
    lbu     t1, 0(a1)
    bne     t0, t1, 3f
    addi    a0, a0, 1
    addi    a1, a1, 1
    addi    a2, a2, -1
    bnez    a2, 1b
2:  li      a0, 0
    ret
3:  li      a0, 1
    ret

    .data
    .balign 8
w1to8:    .word 1, 2, 3, 4, 5, 6, 7, 8
add_e32:  .word 101, 102, 103, 104, 105, 106, 107, 108
lane3:    .word 103, 103, 103, 103, 103, 103, 103, 103
lane1:    .word 101, 101, 101, 101, 101, 101, 101, 101
tail5:    .word 101, 102, 103, 104, 105, 0xffffffff, 0xffffffff, 0xffffffff
h0to31:   .half 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15
          .half 16, 17, 18, 19, 20, 21, 22, 23, 24, 25, 26, 27, 28, 29, 30, 31
add_e16:  .half 0xfffe, 0xffff, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13
          .half 14, 15, 16, 17, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7
d4:       .dword 1, 2, 0x100000000, 0x0123456789abcdef
addf_e64: .dword 0xffffffff00000008, 0xffffffff00000009, 7, 0x0123456689abcdf6
addf_e32: .word 6, 7, 8, 9, 10, 11, 12, 13
msg:      .ascii "probe copies!"
okmsg:    .ascii "probe values: ok\n"
          .balign 8
b0to99:   .byte 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19
          .byte 20, 21, 22, 23, 24, 25, 26, 27, 28, 29, 30, 31, 32, 33, 34, 35, 36, 37, 38, 39
          .byte 40, 41, 42, 43, 44, 45, 46, 47, 48, 49, 50, 51, 52, 53, 54, 55, 56, 57, 58, 59
          .byte 60, 61, 62, 63, 64, 65, 66, 67, 68, 69, 70, 71, 72, 73, 74, 75, 76, 77, 78, 79
          .byte 80, 81, 82, 83, 84, 85, 86, 87, 88, 89, 90, 91, 92, 93, 94, 95, 96, 97, 98, 99
    .balign 8
buf:      .zero 128
