/* softmax: y[r][c] = exp(x[r][c] - max_c x[r][c]) / Σ_c exp(x[r][c] - max), f32,
 * R = 8 rows of C = 32 columns, every row split across the L = 4 lanes.
 *
 * void kernel(const float *x, float *y);     x, y: R × C row-major
 *
 * MVIN with D = (1, 1, R, C), split axis W, VS = C/L = 8: lane k's bank holds
 * columns [8k, 8k+8) of every row, row r at offset 32·r (one e32 m1 register at
 * VLEN = 256).  Per row, on every lane (kernel range, lane-0 addresses):
 *   vfredmax.vs          lane-local maximum of its 8 values
 *   xlu_push/xlu_pop     ALL_GATHER (op 5, npu-isa.md §4.6) of the 4 lane maxima:
 *                        every lane receives [m0, m1, m2, m3]
 *   vfredmax.vs          row maximum (in every lane), vrgather.vi splats it
 *   vfsub.vv, vexp       e = exp(x - max) with the SFU (sf.vc.v.iv 3, expf)
 *   vfredosum.vs         ordered lane-local sum, seed +0.0: s_k = ((0 + e0) + e1) + …
 *   xlu ALL_GATHER       every lane receives [s0, s1, s2, s3]
 *   vfredosum.vs         total = (((0 + s0) + s1) + s2) + s3, vrgather.vi splats it
 *   vfdiv.vv             y = e / total
 *   vse32.v              into the lane's output block
 * then one MVOUT with the same descriptor.  First instruction addi sp, sp, -16. */
#define SV      0xD0000000
#define XOFF    0x000
#define YOFF    0x400
#define R       8
#define C       32
#define LANES   4
#define ALL_GATHER 5

/* custom-1 DMA (funct3 3) */
#define CONFIG_DESC(rs1)      .insn r 0x2b, 3, 7, x0, rs1, x0
#define MVIN(dram, spad)      .insn r 0x2b, 3, 2, x0, dram, spad
#define MVOUT(dram, spad)     .insn r 0x2b, 3, 3, x0, dram, spad
/* custom-2 VCIX (funct3 3): funct7 = funct6 ++ vm, rs2 field = vs2, rs1 field =
 * simm5, rd field = vd; register numbers written as x<n> (XR expands its argument
 * first, so a named operation code works as simm5). */
#define XR(n)                 XR_(n)
#define XR_(n)                x##n
#define VEXP(vd, vs2)         .insn r 0x5b, 3, 0x16, XR(vd), x0, XR(vs2)    /* sf.vc.v.iv 3 */
#define XLU_PUSH(vs2, op)     .insn r 0x5b, 3, 0x17, x0, XR(op), XR(vs2)    /* sf.vc.iv 3, simm5 = op */
#define XLU_POP(vd)           .insn r 0x5b, 3, 0x02, XR(vd), x0, x0         /* sf.vc.v.i 1 */

    .section .rodata
    .balign 8
desc:                               /* 160-byte descriptor, §3.3 */
    .word   1, 1, R, C              /*   0 dim_size */
    .word   0, 0, 0, 0              /*  16 dim_low */
    .word   1, 1, R, C              /*  32 dim_high */
    .dword  R * C, R * C, C, 1      /*  48 mm_stride (elements) */
    .dword  R * C, R * C, C, 1      /*  80 spad_stride (elements) */
    .half   4                       /* 112 element_size */
    .half   C / LANES               /* 114 vlane_stride */
    .byte   3                       /* 116 vlane_split_axis: W */
    .byte   0                       /* 117 elem_dtype */
    .half   0                       /* 118 flags */
    .dword  0                       /* 120 indirect_addr */
    .half   0, 0                    /* 128 indirect_stride, indirect_esize */
    .byte   0, 0                    /* 132 indirect_dim, reserved */
    .half   0                       /* 134 indirect_lanes */
    .dword  0                       /* 136 fill */
    .dword  0, 0                    /* 144 memory_base, memory_bytes */

    .text
    .globl kernel
    .type kernel, @function
    .balign 4
kernel:
    addi    sp, sp, -16
    li      t0, SV + XOFF
    li      t1, SV + YOFF
    la      t3, desc
    CONFIG_DESC(t3)
    MVIN(a0, t0)

    vsetivli zero, C / LANES, e32, m1, ta, ma
    vmv.v.i v7, 0                   /* +0.0: the seed of the ordered sums */
    li      t4, R
    mv      t5, t0
    mv      t6, t1
1:  vsetivli zero, C / LANES, e32, m1, ta, ma
    vle32.v v1, (t5)                /* this lane's 8 values of row r */
    vfredmax.vs v2, v1, v1          /* v2[0] = lane maximum */
    vsetivli zero, 1, e32, m1, ta, ma
    XLU_PUSH(2, ALL_GATHER)         /* one value per lane */
    vsetivli zero, LANES, e32, m1, ta, ma
    XLU_POP(3)                      /* every lane: the 4 lane maxima */
    vfredmax.vs v3, v3, v3          /* v3[0] = row maximum */
    vsetivli zero, C / LANES, e32, m1, ta, ma
    vrgather.vi v4, v3, 0
    vfsub.vv v5, v1, v4
    VEXP(6, 5)                      /* e = expf(x - max) */
    vfredosum.vs v8, v6, v7         /* v8[0] = lane sum */
    vsetivli zero, 1, e32, m1, ta, ma
    XLU_PUSH(8, ALL_GATHER)
    vsetivli zero, LANES, e32, m1, ta, ma
    XLU_POP(9)                      /* every lane: the 4 lane sums */
    vfredosum.vs v9, v9, v7         /* v9[0] = row sum, lanes in order */
    vsetivli zero, C / LANES, e32, m1, ta, ma
    vrgather.vi v10, v9, 0
    vfdiv.vv v11, v6, v10
    vse32.v v11, (t6)
    addi    t5, t5, 4 * C / LANES
    addi    t6, t6, 4 * C / LANES
    addi    t4, t4, -1
    bnez    t4, 1b

    MVOUT(a1, t1)
    addi    sp, sp, 16
    ret
    .size kernel, . - kernel
