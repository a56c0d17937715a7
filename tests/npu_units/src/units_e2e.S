/* End-to-end guest for tests/npu_units.rs (user mode under the proxy kernel, L = 4,
 * VLEN = 128). Standard RVV only touches lane 0 outside a kernel range, so lane
 * dependent data comes from vlane_idx. Writes 48 bytes to stdout:
 *   0..16   XLU transpose of the rows [k, 0] (e32 view of vlane_idx) → lane 0 = 0 1 2 3
 *  16..24   SA: W[0] = [2, 3], inputs x[0] = [1.5, -4], x[1] = 0 → lane 0 = 3, -8 (f32)
 *  24..28   SA f16 pop of 1 + 2^-11 + 2^-20 under frm = RUP (3) → 0x3C01, then RTZ → 0x3C00
 *  28..32   vexp at e32 of 0.0 → 1.0
 *  32..48   vlane_idx at e64, vl 2: lane 0 = 0 0 */
#include "units.h"
    .section .text
    .globl _start
_start:
    /* XLU */
    vsetivli zero, 2, e64, m1, ta, ma
    VLANE_IDX(8)
    vsetivli zero, 2, e32, m1, ta, ma
    XLU_PUSH(8, 4)
    vsetivli zero, 4, e32, m1, ta, ma
    XLU_POP(10)
    la a0, out
    vse32.v v10, (a0)
    /* SA: f32 */
    vsetivli zero, 2, e32, m1, ta, ma
    la a0, weights
    vle32.v v1, (a0)
    SA_WPUSH(1, 0)
    la a0, inputs
    vle32.v v2, (a0)
    SA_IPUSH(2, 0)
    SA_COMPUTE
    SA_POP(3, 0)
    la a0, out + 16
    vse32.v v3, (a0)
    /* SA: f16 pops under frm */
    vsetivli zero, 4, e32, m1, ta, ma   /* 4 columns replace lane 0's whole row */
    la a0, narrow
    vle32.v v1, (a0)
    SA_WPUSH(1, 0)
    vsetivli zero, 1, e32, m1, ta, ma
    la a0, one
    vle32.v v2, (a0)
    SA_IPUSH(2, 0)
    SA_IPUSH(2, 0)
    vsetivli zero, 1, e16, m1, ta, ma
    csrwi frm, 3
    SA_POP(4, 0)
    la a0, out + 24
    vse16.v v4, (a0)
    csrwi frm, 1
    SA_POP(4, 0)
    la a0, out + 26
    vse16.v v4, (a0)
    /* SFU */
    vsetivli zero, 1, e32, m1, ta, ma
    vmv.v.i v5, 0
    VEXP(6, 5)
    la a0, out + 28
    vse32.v v6, (a0)
    /* vlane_idx: lane 0 */
    vsetivli zero, 2, e64, m1, ta, ma
    vmv.v.i v7, -1
    VLANE_IDX(7)
    la a0, out + 32
    vse64.v v7, (a0)
    WRITE_OUT(out, 48)
    EXIT(0)

    .section .data
    .balign 16
weights: .float 2.0, 3.0
inputs:  .float 1.5, -4.0
narrow:  .word 0x3f801008, 0, 0, 0  /* 1 + 2^-11 + 2^-20 */
one:     .float 1.0
    .balign 16
out:     .fill 48, 1, 0xee
