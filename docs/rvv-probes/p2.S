# Probe: vfredusum/vfredosum with every element masked off and a NaN scalar.
# Build/run as p1.S. qemu 7.2: all four results are vs1[0] unchanged (ff93a21b,
# ff93a21b, 7f800001, 7f800001), fflags 0. Spike: usum gives the canonical NaN
# 7fc00000 (both), osum passes vs1[0] through, fflags = 0x10 (NV from the sNaN).
    .globl _start
_start:
    la s0, buf
    li t0, 4
    vsetvli t1, t0, e32, m1, tu, mu
    vmv.v.i v0, 0
    li t0, 0xff93a21b
    vmv.v.x v1, t0
    li t0, 0x7f800001
    vmv.v.x v5, t0
    vmv.v.i v3, 1
    vmv.v.i v2, 7
    vmv.v.i v4, 7
    vmv.v.i v6, 7
    vmv.v.i v7, 7
    vfredusum.vs v2, v3, v1, v0.t
    vfredosum.vs v4, v3, v1, v0.t
    vfredusum.vs v6, v3, v5, v0.t
    vfredosum.vs v7, v3, v5, v0.t
    csrr t2, fflags
    vse32.v v2, (s0)
    addi s0, s0, 16
    vse32.v v4, (s0)
    addi s0, s0, 16
    vse32.v v6, (s0)
    addi s0, s0, 16
    vse32.v v7, (s0)
    addi s0, s0, 16
    sd t2, 0(s0)
    la a1, buf
    li a0, 1
    li a2, 72
    li a7, 64
    ecall
    li a0, 0
    li a7, 93
    ecall
    .data
    .balign 8
buf: .fill 64, 4, 1
