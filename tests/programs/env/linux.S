/*
 * npu-spike test environment: Linux user mode (for validation under
 * qemu-riscv64).  Same test sources as the HTIF variant.
 *
 *  - _start clears fcsr and jumps to test_main.
 *  - pass: exit(0).
 *  - fail: writes "FAIL: test N" to stderr and exits with N (or 255 if
 *    N does not fit in an exit status).
 */
#include "test_macros.h"

        .section .text.init, "ax", @progbits
        .globl _start
        .type _start, @function
_start:
        csrwi fcsr, 0
        .irp r, 0,1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,20,21,22,23,24,25,26,27,28,29,30,31
        fmv.d.x f\r, x0
        .endr
        li gp, 0
        j test_main

        .text
        .globl pass
        .type pass, @function
pass:
        li a0, 0
        li a7, 93               /* exit */
        ecall
1:      j 1b

        .globl fail
        .type fail, @function
fail:
        bnez gp, 2f
        li gp, 1
2:
        /* Build "FAIL: test <gp>\n" in fail_buf. */
        la s0, fail_buf
        la s1, fail_msg
        li s2, 0                /* length */
3:      lbu t0, 0(s1)
        beqz t0, 4f
        add t1, s0, s2
        sb t0, 0(t1)
        addi s1, s1, 1
        addi s2, s2, 1
        j 3b
4:      /* digits in reverse into fail_digits */
        la s3, fail_digits
        mv t0, gp
        li t2, 10
        li s4, 0
5:      remu t1, t0, t2
        addi t1, t1, '0'
        add t3, s3, s4
        sb t1, 0(t3)
        addi s4, s4, 1
        divu t0, t0, t2
        bnez t0, 5b
6:      addi s4, s4, -1
        add t3, s3, s4
        lbu t1, 0(t3)
        add t3, s0, s2
        sb t1, 0(t3)
        addi s2, s2, 1
        bnez s4, 6b
        add t3, s0, s2
        li t1, '\n'
        sb t1, 0(t3)
        addi s2, s2, 1
        li a0, 2
        mv a1, s0
        mv a2, s2
        li a7, 64               /* write */
        ecall
        mv a0, gp
        li t0, 255
        bleu a0, t0, 7f
        mv a0, t0
7:      li a7, 93
        ecall
1:      j 1b

        .section .rodata
fail_msg:
        .string "FAIL: test "

        .bss
        .align 3
fail_buf:
        .skip 64
fail_digits:
        .skip 32
