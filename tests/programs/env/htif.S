/*
 * npu-spike test environment: bare-metal M-mode with HTIF tohost/fromhost.
 *
 * Written for npu-spike from the ISA/privileged specifications.
 *
 *  - _start runs in M-mode at 0x80000000, sets up mtvec, (optionally) PMP,
 *    enables the FPU, clears fcsr, sets sp and jumps to test_main.
 *  - pass: stores 1 to tohost and spins.
 *  - fail: stores (TESTNUM << 1) | 1 to tohost and spins (TESTNUM = gp).
 *  - trap_vector: records mcause/mepc/mtval/mstatus in trap_info.  If a test
 *    registered a resume address (EXPECT_TRAP), execution continues there in
 *    M-mode; otherwise the trap is unexpected and the current test fails.
 */
#include "test_macros.h"

        .section .text.init, "ax", @progbits
        .globl _start
        .type _start, @function
_start:
        /* Deterministic integer register state. */
        li x1, 0
        li x2, 0
        li x3, 0
        li x4, 0
        li x5, 0
        li x6, 0
        li x7, 0
        li x8, 0
        li x9, 0
        li x10, 0
        li x11, 0
        li x12, 0
        li x13, 0
        li x14, 0
        li x15, 0
        li x16, 0
        li x17, 0
        li x18, 0
        li x19, 0
        li x20, 0
        li x21, 0
        li x22, 0
        li x23, 0
        li x24, 0
        li x25, 0
        li x26, 0
        li x27, 0
        li x28, 0
        li x29, 0
        li x30, 0
        li x31, 0

        /* Open all of memory to U/S-mode via PMP entry 0 (NAPOT, RWX).
           If PMP is not implemented the CSR write traps; mtvec points at
           the label right after, so the trap just skips the setup. */
        la t0, 1f
        csrw mtvec, t0
        li t0, -1
        csrw pmpaddr0, t0
        li t0, 0x1f
        csrw pmpcfg0, t0
        .align 2
1:
        la t0, trap_vector
        csrw mtvec, t0

        /* Enable the FPU (mstatus.FS = Dirty) and clear fcsr. */
        li t0, MSTATUS_FS
        csrs mstatus, t0
        csrwi fcsr, 0
        /* Clear the FP registers (fmv.d.x x0 gives +0.0). */
        .irp r, 0,1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,20,21,22,23,24,25,26,27,28,29,30,31
        fmv.d.x f\r, x0
        .endr

        la sp, stack_top
        li gp, 0
        j test_main

/* ------------------------------------------------------------------------ */
        .text
        .globl pass
        .type pass, @function
pass:
        fence
        li t0, 1
        la t1, tohost
        sd t0, 0(t1)
1:      j 1b

        .globl fail
        .type fail, @function
fail:
        fence
        bnez gp, 2f
        li gp, 1                /* failure before any numbered test */
2:      slli t0, gp, 1
        ori t0, t0, 1
        la t1, tohost
        sd t0, 0(t1)
1:      j 1b

/* ------------------------------------------------------------------------ */
/* Trap vector (direct mode, must be 4-byte aligned). Clobbers mscratch.   */
        .align 2
        .globl trap_vector
        .type trap_vector, @function
trap_vector:
        csrw mscratch, t0
        la t0, trap_info
        sd t1, TRAP_SAVE_T1(t0)
        csrr t1, mcause
        sd t1, TRAP_CAUSE(t0)
        csrr t1, mepc
        sd t1, TRAP_EPC(t0)
        csrr t1, mtval
        sd t1, TRAP_TVAL(t0)
        csrr t1, mstatus
        sd t1, TRAP_STATUS(t0)
        ld t1, TRAP_COUNT(t0)
        addi t1, t1, 1
        sd t1, TRAP_COUNT(t0)
        ld t1, TRAP_RESUME(t0)
        beqz t1, trap_unexpected
        sd zero, TRAP_RESUME(t0)
        csrw mepc, t1
        li t1, MSTATUS_MPP          /* always resume in M-mode */
        csrs mstatus, t1
        ld t1, TRAP_SAVE_T1(t0)
        csrr t0, mscratch
        mret
trap_unexpected:
        j fail

/* ------------------------------------------------------------------------ */
        .section .tohost, "aw", @progbits
        .align 6
        .globl tohost
tohost: .dword 0
        .size tohost, 8
        .align 6
        .globl fromhost
fromhost: .dword 0
        .size fromhost, 8

        .data
        .align 4
        .globl trap_info
trap_info:
        .dword 0        /* TRAP_RESUME */
        .dword 0        /* TRAP_COUNT  */
        .dword 0        /* TRAP_CAUSE  */
        .dword 0        /* TRAP_EPC    */
        .dword 0        /* TRAP_TVAL   */
        .dword 0        /* TRAP_STATUS */
        .dword 0        /* TRAP_SAVE_T1 */
        .dword 0

        .bss
        .align 4
stack_bottom:
        .skip 4096
        .globl stack_top
stack_top:
