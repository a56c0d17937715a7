/* gemm: Y = X · Wᵀ through the systolic array (npu-isa.md §4.4), f32.
 *
 * void kernel(const float *x, const float *w, float *y);
 *   x: M × 4 row-major (M = 8 input rows), w: 4 × 4 row-major (row j = the weights
 *   of output column j), y: M × 4 row-major, y[i][j] = Σ_m x[i][m]·w[j][m].
 *
 * L = 4 lanes.  The systolic array takes, per lane j, a weight row W[j] and, per
 * input row i, one element from every lane; output lane j receives row i's dot
 * product with W[j].  So the data are laid out per lane as columns/rows:
 *   lane j bank 0x100..0x10f  w[j][0..4)        MVIN, descriptor D=(1,1,4,4) split H, VS=1
 *   lane k bank 0x000..0x01f  x[0..8)[k]        MVIN, descriptor D=(1,1,8,4) split W, VS=1
 *   lane j bank 0x200..0x21f  y[0..8)[j]        vpop + vse, then MVOUT with the x descriptor
 * Steps: w_vpush of one vl = 4 register (each lane's weight row = its 4 elements),
 * i_vpush of a vl = 8 register (8 input rows), compute (a no-op), vpop of 8 rows.
 * The vector loads/stores use the lane-0 addresses; in the kernel range lane k's
 * access lands at base + k·B (§2.3).  First instruction: addi sp, sp, -16 (§2.5). */
#define SV      0xD0000000
#define XOFF    0x000
#define WOFF    0x100
#define YOFF    0x200
#define M       8

/* custom-1 DMA (funct3 3) */
#define CONFIG_DESC(rs1)      .insn r 0x2b, 3, 7, x0, rs1, x0
#define MVIN(dram, spad)      .insn r 0x2b, 3, 2, x0, dram, spad
#define MVOUT(dram, spad)     .insn r 0x2b, 3, 3, x0, dram, spad
/* custom-2 VCIX (funct3 3): funct7 = funct6 ++ vm, rs2 field = vs2, rs1 field =
 * simm5, rd field = vd; register numbers are written as x<n>.  simm5 = 0: f32 data
 * (the fp8 format field is unused at SEW = 32). */
#define W_VPUSH(vs2)          .insn r 0x5b, 3, 0x13, x0, x0, x##vs2   /* sf.vc.iv 1 */
#define I_VPUSH(vs2)          .insn r 0x5b, 3, 0x11, x0, x0, x##vs2   /* sf.vc.iv 0 */
#define SA_COMPUTE            .insn r 0x5b, 3, 0x03, x0, x0, x0       /* sf.vc.i 1 */
#define VPOP(vd)              .insn r 0x5b, 3, 0x04, x##vd, x0, x0    /* sf.vc.v.i 2 */

/* A 160-byte descriptor (§3.3): f32 tile D = (1, 1, h, w), dense row-major strides,
 * split axis `axis`, one element of it per lane (VS = 1), no mask. */
.macro TILEDESC h, w, axis
    .balign 8
    .word   1, 1, \h, \w            /*   0 dim_size */
    .word   0, 0, 0, 0              /*  16 dim_low */
    .word   1, 1, \h, \w            /*  32 dim_high */
    .dword  \h * \w, \h * \w, \w, 1 /*  48 mm_stride (elements) */
    .dword  \h * \w, \h * \w, \w, 1 /*  80 spad_stride (elements) */
    .half   4                       /* 112 element_size */
    .half   1                       /* 114 vlane_stride */
    .byte   \axis                   /* 116 vlane_split_axis */
    .byte   0                       /* 117 elem_dtype */
    .half   0                       /* 118 flags */
    .dword  0                       /* 120 indirect_addr */
    .half   0, 0                    /* 128 indirect_stride, indirect_esize */
    .byte   0, 0                    /* 132 indirect_dim, reserved */
    .half   0                       /* 134 indirect_lanes */
    .dword  0                       /* 136 fill */
    .dword  0, 0                    /* 144 memory_base, memory_bytes */
.endm

    .section .rodata
desc_w: TILEDESC 4, 4, 2            /* lane j <- row j of w */
desc_x: TILEDESC M, 4, 3            /* lane k <- column k of x (and y) */

    .text
    .globl kernel
    .type kernel, @function
    .balign 4
kernel:
    addi    sp, sp, -16
    li      t0, SV + XOFF
    li      t1, SV + WOFF
    li      t2, SV + YOFF
    la      t3, desc_w
    CONFIG_DESC(t3)
    MVIN(a1, t1)
    la      t3, desc_x
    CONFIG_DESC(t3)
    MVIN(a0, t0)

    vsetivli zero, 4, e32, m1, ta, ma
    vle32.v v1, (t1)                /* lane j: w[j][0..4) */
    W_VPUSH(1)
    vsetivli zero, M, e32, m1, ta, ma
    vle32.v v2, (t0)                /* lane k: x[0..M)[k] */
    I_VPUSH(2)
    SA_COMPUTE
    VPOP(3)                         /* lane j: y[0..M)[j] */
    vse32.v v3, (t2)
    MVOUT(a2, t2)                   /* desc_x is still the current descriptor */

    addi    sp, sp, 16
    ret
    .size kernel, . - kernel
