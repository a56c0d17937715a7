# Minimal Linux-ABI start file for the benchmark kernels: no libc, exit via ecall 93.
    .section .text.start
    .globl _start
_start:
    .option push
    .option norelax
    la gp, __global_pointer$
    .option pop
    call main
    li a7, 93
    ecall
1:  j 1b
