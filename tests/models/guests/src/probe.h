/* The probe model's encodings (tests/models/probe/src/lib.rs) as `.insn r` forms:
 * .insn r OPCODE, FUNCT3, FUNCT7, rd, rs1, rs2. Vector registers are given as numbers
 * (x<n> in the rd/rs2 slots), x registers by name. */
#define CUSTOM_1 0x2b
#define CUSTOM_2 0x5b
/* The vector forms are shaped as XSfvcp's sf.vc.v.xv / sf.vc.v.fv (funct7 = funct6
 * 0010_xx ++ vm 0): vd written, vs2 and rs1 read. */
/* vd[L][i] = vs2[L][i] + L + rs1, every lane L */
#define PROBE_ADD_X(vd, rs1, vs2)  .insn r CUSTOM_2, 4, 0x12, x##vd, rs1, x##vs2
/* vd[L][i] = vs2[L][i] + bits(f<frs1>), every lane */
#define PROBE_ADD_F(vd, frs1, vs2) .insn r CUSTOM_2, 5, 0x12, x##vd, x##frs1, x##vs2
/* lane 0's vd = lane rs1's vs2 */
#define PROBE_LANE(vd, rs1, vs2)   .insn r CUSTOM_2, 4, 0x14, x##vd, rs1, x##vs2
/* vd[L][i] = vs2[L][i] + rs1 (the unit of unknown latency) */
#define PROBE_WAIT(vd, rs1, vs2)   .insn r CUSTOM_2, 4, 0x16, x##vd, rs1, x##vs2
#define PROBE_BAD_LANE             .insn r CUSTOM_2, 0, 0x10, x0, x0, x0
#define PROBE_BAD_VREG             .insn r CUSTOM_2, 0, 0x11, x0, x0, x0
/* rd = lanes << 32 | vlen_bits */
#define PROBE_INFO(rd)             .insn r CUSTOM_1, 0, 0x01, rd, x0, x0
/* rd = CSR number rs1 */
#define PROBE_CSR(rd, rs1)         .insn r CUSTOM_1, 0, 0x02, rd, rs1, x0
/* copies rn bytes from rsrc to rdst; rn = their sum */
#define PROBE_COPY(rn, rsrc, rdst) .insn r CUSTOM_1, 0, 0x03, rn, rsrc, rdst
#define PROBE_BAD_XREG             .insn r CUSTOM_1, 0, 0x10, x0, x0, x0

/* gem5 m5 markers (custom-3, as tests/timing/src/timing.h) */
#define M5_RESET      .insn r 0x7b, 0, 0x40, x0, x0, x0
#define M5_DUMP       .insn r 0x7b, 0, 0x41, x0, x0, x0

/* write(1, buf, len) and exit(code) through the proxy kernel */
#define WRITE_OUT(buf, len) la a1, buf; li a2, len; li a0, 1; li a7, 64; ecall
#define EXIT(code)          li a0, code; li a7, 93; ecall
