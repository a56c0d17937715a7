/* Custom-2 NPU unit instructions (npu-isa.md §4.2) as `.insn r` forms: opcode
 * CUSTOM_2 (0x5B), funct3 011, funct7 = funct6 ++ vm; the rs2 slot is vs2, the rs1 slot
 * the simm5 field and the rd slot vd (or the pattern register), given as numbers. */
#define VLANE_IDX(vd)        .insn r CUSTOM_2, 3, 0x00, x##vd, x0, x0
#define SA_COMPUTE           .insn r CUSTOM_2, 3, 0x03, x0, x0, x0
#define SA_POP(vd, fmt)      .insn r CUSTOM_2, 3, 0x04, x##vd, x##fmt, x0
#define SA_IPUSH(vs2, fmt)   .insn r CUSTOM_2, 3, 0x11, x0, x##fmt, x##vs2
#define SA_WPUSH(vs2, fmt)   .insn r CUSTOM_2, 3, 0x13, x0, x##fmt, x##vs2
#define VEXP(vd, vs2)        .insn r CUSTOM_2, 3, 0x16, x##vd, x0, x##vs2
#define XLU_PUSH(vs2, op)    .insn r CUSTOM_2, 3, 0x17, x0, x##op, x##vs2
#define XLU_PUSH_P(vs2, vp, op) .insn r CUSTOM_2, 3, 0x57, x##vp, x##op, x##vs2
#define XLU_POP(vd)          .insn r CUSTOM_2, 3, 0x02, x##vd, x0, x0

/* write(1, buf, len) and exit(code) through the proxy kernel. */
#define WRITE_OUT(buf, len) la a1, buf; li a2, len; li a0, 1; li a7, 64; ecall
#define EXIT(code)          li a0, code; li a7, 93; ecall
/* The multi-precision array (VX): push field = [4] weight, [3:2] shift, [1:0] format;
 * pop field [1:0] = 3 for E5M2 bytes. */
#define MSA_PUSH(vs2, field) .insn r CUSTOM_2, 3, 0x15, x0, x##field, x##vs2
#define MSA_POP(vd, field)   .insn r CUSTOM_2, 3, 0x06, x##vd, x##field, x0
