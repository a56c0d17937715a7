/* Process entry for the pk / Linux user ABI (npu-spike, Spike pk, qemu-riscv64).
 * At entry: sp -> argc, argv[0..argc-1], NULL, envp..., NULL, auxv...
 * Sets gp, initialises the TLS block picolibc's errno lives in (tp), calls
 * main(argc, argv, envp) and exit()s with its result. */
    .section .text.init, "ax", @progbits
    .globl _start
    .type _start, @function
_start:
    .option push
    .option norelax
    la      gp, __global_pointer$
    .option pop
    ld      s0, 0(sp)               /* argc */
    addi    s1, sp, 8               /* argv */
    slli    t0, s0, 3
    add     s2, s1, t0
    addi    s2, s2, 8               /* envp = &argv[argc + 1] */
    andi    sp, sp, -16
    call    __rt_init               /* TLS (tp), stdio */
    mv      a0, s0
    mv      a1, s1
    mv      a2, s2
    call    main
    call    exit
1:  j       1b
    .size _start, . - _start
