/*
 * Bare-metal M-mode environment for the vector signature programs (written for
 * npu-spike). _start turns on the FPU and the vector unit, points s11 at the
 * signature, and runs test_main. The trap handler records mcause and mtval and resumes
 * after the trapping instruction, so illegal encodings and memory faults become part
 * of the recorded state. `dump` appends one 64-byte record per test case.
 */
        .section .text.init, "ax", @progbits
        .globl _start
_start:
        la t0, trap
        csrw mtvec, t0
        li t0, (3 << 13) | (1 << 9)     /* FS = dirty, VS = initial */
        csrs mstatus, t0
        csrwi fcsr, 0
        /* Write every f register once: Spike's reset value (0 in its 128-bit
           registers) is not NaN-boxed and reads as the canonical NaN. */
        .irp r, 0,1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,20,21,22,23,24,25,26,27,28,29,30,31
        fmv.d.x f\r, x0
        .endr
        la s11, begin_signature
        la s10, store_area + 2048
        j test_main

        .align 2
trap:
        csrw mscratch, t0
        csrr t0, mcause
        sd t0, trap_cause, t6
        csrr t0, mepc
        addi t0, t0, 4
        csrw mepc, t0
        csrr t0, mscratch
        mret

        .text
        .globl pass
pass:
        fence
        li t0, 1
        la t1, tohost
        sd t0, 0(t1)
1:      j 1b

/* setup(a0 = byte offset into `data`): all 32 vector registers (v0 is the mask)
   from random data; clears fflags, vxsat, the recorded trap, a0 and fa0. */
        .globl setup
setup:
        la t1, data
        add t1, t1, a0
        csrr t2, vlenb
        slli t3, t2, 3
        vl8re8.v v0, (t1)
        add t1, t1, t3
        vl8re8.v v8, (t1)
        add t1, t1, t3
        vl8re8.v v16, (t1)
        add t1, t1, t3
        vl8re8.v v24, (t1)
        csrwi vxsat, 0
        csrwi fflags, 0
        sd zero, trap_cause, t6
        li a0, 0
        fmv.d.x fa0, zero
        ret

/* load_idx(a0 = address): v16-v23 and v24-v31 from an index table. */
        .globl load_idx
load_idx:
        csrr t3, vlenb
        slli t3, t3, 3
        vl8re8.v v16, (a0)
        add a0, a0, t3
        vl8re8.v v24, (a0)
        ret

/* dump: vl, vtype, vstart, fflags | vxsat << 8, mcause of a trap (0: none), a0, fa0,
   and a hash of all 32 vector registers, then (with STORE_AREA) a hash of the store area, which is
   cleared again. */
        .globl dump
dump:
        csrr t0, vl
        sd t0, 0(s11)
        csrr t0, vtype
        sd t0, 8(s11)
        csrr t0, vstart
        sd t0, 16(s11)
        csrwi vstart, 0
        frflags t0
        csrr t1, vxsat
        slli t1, t1, 8
        or t0, t0, t1
        sd t0, 24(s11)
        ld t0, trap_cause
        sd t0, 32(s11)
        sd a0, 40(s11)
        fmv.x.d t0, fa0
        sd t0, 48(s11)
        la t1, scratch
        csrr t2, vlenb
        slli t2, t2, 3
        vs8r.v v0, (t1)
        add t5, t1, t2
        vs8r.v v8, (t5)
        add t5, t5, t2
        vs8r.v v16, (t5)
        add t5, t5, t2
        vs8r.v v24, (t5)
        slli t2, t2, 2
        add t2, t2, t1
        li t3, 0x100000001b3
        li t4, 0
1:      ld t0, 0(t1)
        xor t4, t4, t0
        mul t4, t4, t3
        addi t1, t1, 8
        bltu t1, t2, 1b
#ifdef STORE_AREA
        la t1, store_area
        li t2, 4096
        add t2, t2, t1
2:      ld t0, 0(t1)
        sd zero, 0(t1)
        xor t4, t4, t0
        mul t4, t4, t3
        addi t1, t1, 8
        bltu t1, t2, 2b
#endif
        sd t4, 56(s11)
        addi s11, s11, 64
        ret

        .section .tohost, "aw", @progbits
        .align 6
        .globl tohost
tohost: .dword 0
        .align 6
        .globl fromhost
fromhost: .dword 0

        .data
        .align 3
trap_cause: .dword 0

        .bss
        .align 12
scratch: .skip 32 * 512
        .align 12
        .globl store_area
store_area: .skip 4096
