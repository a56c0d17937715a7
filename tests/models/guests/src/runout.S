/* For `npu-spike run`: argv = [kernel, in.raw, out.raw]. Reads eight 32-bit words from
 * argv[1], adds 1000 with probe.add-x (lane 0: + 0 + 1000), writes them to argv[2].
 * e32, m2, vl 8 fits VLEN 128 and 256. Exit status 1/2/3 for a failed
 * open/read/write. */
#include "probe.h"
    .option norvc
    .text
    .globl _start
_start:
    ld      s0, 16(sp)          /* argv[1] */
    ld      s1, 24(sp)          /* argv[2] */
    li      a0, -100            /* openat(AT_FDCWD, argv[1], O_RDONLY) */
    mv      a1, s0
    li      a2, 0
    li      a3, 0
    li      a7, 56
    ecall
    bltz    a0, 1f
    la      a1, buf             /* read(fd, buf, 32) */
    li      a2, 32
    li      a7, 63
    ecall
    li      t0, 32
    bne     a0, t0, 2f
    vsetivli zero, 8, e32, m2, ta, ma
    la      t0, buf
    vle32.v v2, (t0)
    li      a1, 1000
    PROBE_ADD_X(4, a1, 2)
    vse32.v v4, (t0)
    li      a0, -100            /* openat(AT_FDCWD, argv[2], O_WRONLY|O_TRUNC) */
    mv      a1, s1
    li      a2, 0x201
    li      a3, 0644
    li      a7, 56
    ecall
    bltz    a0, 1f
    la      a1, buf             /* write(fd, buf, 32) */
    li      a2, 32
    li      a7, 64
    ecall
    li      t0, 32
    bne     a0, t0, 3f
    EXIT(0)
1:  EXIT(1)
2:  EXIT(2)
3:  EXIT(3)

    .data
    .balign 8
buf: .zero 32
