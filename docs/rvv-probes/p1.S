# Probe: tail/mask-agnostic fill, compare-mask tail, vl for AVL > VLMAX.
# Build: riscv64-unknown-elf-gcc -march=rv64gcv_zfh -mabi=lp64d -nostdlib -static -o p1.elf p1.S
# Run:   qemu-riscv64 -cpu rv64,v=true,vext_spec=v1.0,vlen=256,elen=64,Zfh=true p1.elf | xxd
#        spike --isa=rv64gcv_zfh_zvl256b pk p1.elf | xxd
# Both (qemu 7.2 default properties, Spike 1.1.1-dev): v1 = 0a 0a then zeros (tail kept),
# v3 = 0a 00 0a 00.. (masked-off element kept), v4 = 07 (compare tail kept), vl = 8.
    .globl _start
_start:
    la s0, buf
    li t0, -1
    vsetvli t1, t0, e32, m1, tu, mu
    vmv.v.i v1, 0
    vmv.v.i v2, 5
    vmv.v.i v3, 0
    vmv.v.i v4, 0
    vmv.v.i v5, 0
    li t0, 0x5
    vmv.s.x v0, t0
    li t0, 2
    vsetvli t1, t0, e32, m1, ta, ma
    vadd.vv v1, v2, v2            # tail agnostic
    li t0, 3
    vsetvli t1, t0, e32, m1, ta, ma
    vadd.vv v3, v2, v2, v0.t      # mask agnostic
    vmseq.vv v4, v2, v2           # mask dest tail
    li t0, 100
    vsetvli t2, t0, e32, m1, ta, ma   # AVL > VLMAX
    vs1r.v v1, (s0)
    addi s0, s0, 32
    vs1r.v v3, (s0)
    addi s0, s0, 32
    vs1r.v v4, (s0)
    addi s0, s0, 32
    sd t2, 0(s0)
    la a1, buf
    li a0, 1
    li a2, 104
    li a7, 64
    ecall
    li a0, 0
    li a7, 93
    ecall
    .data
    .balign 8
buf: .fill 64, 4, 1
