# Kernel-mode vector memory on the NPU lanes (npu-isa.md §2.3, §2.5; §8 item 8).
# Run with L = 4 lanes, B = 4096 bytes per lane, SV = 0xD0000000, VLEN = 128 and
# --kernel-addr=<kernel>:<kernel_ret> (or <bad_kernel>:<bad_kernel_ret>).
# argv[1] selects the case: "0" normal run (dumps the banks to stdout), "1" a vector
# store to DRAM inside the kernel, "2" a load at SV + (k+1)*B, "3" calls bad_kernel.
    .option norvc
    .option norelax
    .text
    .globl _start
_start:
    ld      s1, 16(sp)              # argv[1]
    lbu     s1, 0(s1)
    addi    s1, s1, -'0'
    # Scalar code sees the flat window: bank k word j = 100*k + j (k < 4, j < 4).
    li      t0, 0xD0000000
    li      t1, 0                   # k
1:  li      t2, 0                   # j
2:  li      t3, 100
    mul     t3, t3, t1
    add     t3, t3, t2
    slli    t4, t1, 12              # k * B
    slli    t5, t2, 2
    add     t4, t4, t5
    add     t4, t4, t0
    sw      t3, 0(t4)
    addi    t2, t2, 1
    li      t5, 4
    blt     t2, t5, 2b
    addi    t1, t1, 1
    blt     t1, t5, 1b
    li      t6, 3
    beq     s1, t6, 3f
    mv      a0, s1
    call    kernel
    j       4f
3:  call    bad_kernel
4:  # Dump bytes 0..47 and the 16 spill bytes at B-64 of every bank.
    li      s2, 0
5:  slli    s3, s2, 12
    li      t0, 0xD0000000
    add     s3, s3, t0
    li      a0, 1
    mv      a1, s3
    li      a2, 48
    li      a7, 64
    ecall
    li      a0, 1
    li      t0, 4096 - 64
    add     a1, s3, t0
    li      a2, 16
    li      a7, 64
    ecall
    addi    s2, s2, 1
    li      t0, 4
    blt     s2, t0, 5b
    li      a0, 0
    li      a7, 93
    ecall

    .globl kernel, kernel_ret
kernel:
    addi    sp, sp, -64
    vsetivli zero, 4, e32, m1, ta, ma
    li      t0, 0xD0000000
    vle32.v v1, (t0)                # lane k: bank k words 0..3
    la      t1, consts              # below 16 MiB: the same constants in every lane
    vle32.v v2, (t1)
    vadd.vv v3, v1, v2
    addi    t2, t0, 16
    vse32.v v3, (t2)                # bank k words 4..7
    vse32.v v1, (sp)                # spill: lands at SV + k*B + B - 64
    vmv.v.i v1, 0
    vle32.v v4, (sp)                # reload this lane's copy
    vadd.vv v4, v4, v4
    addi    t3, t0, 32
    vse32.v v4, (t3)                # bank k words 8..11
    li      t4, 1
    bne     a0, t4, 6f
    la      t5, dram_word           # case 1: a vector store to DRAM
    vse32.v v4, (t5)
6:  li      t4, 2
    bne     a0, t4, 7f
    li      t5, 0xD0001000          # case 2: SV + B (lane 0's bank end)
    vle32.v v5, (t5)
7:  addi    sp, sp, 64
kernel_ret:
    ret

    .globl bad_kernel, bad_kernel_ret
bad_kernel:
    addi    sp, sp, 16              # must open a frame: refused
    addi    sp, sp, -16
bad_kernel_ret:
    ret

    .data
    .balign 16
consts:
    .word   1000, 2000, 3000, 4000
dram_word:
    .word   0, 0, 0, 0
