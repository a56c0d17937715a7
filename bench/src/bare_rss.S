# Peak-RSS case: a bare-metal (HTIF) program for a machine declared with 100 GiB of
# DRAM (-m0x80000000:0x1900000000). It stores to the first and the last page of that
# DRAM and to one page every 4 GiB in between, then exits through tohost, so only
# the touched pages should cost host memory.
    .section .text.init
    .globl _start
_start:
    li t0, 0x80000000
    li t1, 0x1900000000
    add t2, t0, t1          # end of DRAM
    li t3, 0x100000000      # 4 GiB step
    li t4, 0x12345
1:  sd t4, 0x7f8(t0)
    add t0, t0, t3
    bltu t0, t2, 1b
    addi t2, t2, -8
    sd t4, 0(t2)            # the very last doubleword
    ld t5, 0(t2)
    bne t4, t5, fail
    li a0, 1                # exit code 0
    j done
fail:
    li a0, 3                # exit code 1
done:
    la t0, tohost
    sd a0, 0(t0)
2:  j 2b

    .section .tohost, "aw", @progbits
    .align 6
    .globl tohost
tohost: .dword 0
    .align 6
    .globl fromhost
fromhost: .dword 0
