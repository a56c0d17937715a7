/*
 * npu-spike self-checking test macros (C preprocessor, for .S files).
 *
 * Conventions
 *   gp (x3)  TESTNUM of the test case being run (2..255; 1 = failure before
 *            any test or an unexpected trap before the first test).
 *   t6       scratch for comparisons; t0/t1 scratch for the FP helpers.
 *   a0       result register of the standard macros; a1..a3 operands;
 *   fa0      FP result; fa1..fa3 FP operands.
 *   Labels 8 and 9 are reserved for the macros; tests use local labels 1..7.
 *
 * A test file looks like:
 *     #include "test_macros.h"
 *     TEST_CODE_BEGIN
 *         TEST_RR(2, add, 3, 1, 2)
 *         ...
 *     TEST_CODE_END
 *     TEST_DATA_BEGIN
 *         ...
 *     TEST_DATA_END
 *
 * ENV_HTIF is defined for the bare-metal M-mode build (npu-spike),
 * ENV_LINUX for the qemu-riscv64 user-mode build.  A source file containing
 * the marker HTIF_ONLY_TEST is only built for the HTIF environment.
 */
#ifndef NPU_SPIKE_TEST_MACROS_H
#define NPU_SPIKE_TEST_MACROS_H

/* ---- CSR bits (privileged spec) ---------------------------------------- */
#define MSTATUS_MIE   0x00000008
#define MSTATUS_MPIE  0x00000080
#define MSTATUS_SPP   0x00000100
#define MSTATUS_MPP   0x00001800
#define MSTATUS_FS    0x00006000

#define CAUSE_MISALIGNED_FETCH  0
#define CAUSE_ILLEGAL_INSN      2
#define CAUSE_BREAKPOINT        3
#define CAUSE_ECALL_U           8
#define CAUSE_ECALL_S           9
#define CAUSE_ECALL_M           11

/* fflags bits */
#define NX 0x01
#define UF 0x02
#define OF 0x04
#define DZ 0x08
#define NV 0x10

/* trap_info layout (see env/htif.S) */
#define TRAP_RESUME   0
#define TRAP_COUNT    8
#define TRAP_CAUSE    16
#define TRAP_EPC      24
#define TRAP_TVAL     32
#define TRAP_STATUS   40
#define TRAP_SAVE_T1  48

#ifndef __ASSEMBLER__
#error "test_macros.h is for assembly sources"
#endif

/* ---- Program structure --------------------------------------------------- */
#define TEST_CODE_BEGIN  .text; .globl test_main; .type test_main, @function; test_main:
#define TEST_CODE_END    j pass
#define TEST_DATA_BEGIN  .data; .align 4
#define TEST_DATA_END

/* ---- Basic checking ------------------------------------------------------ */
#define SET_TESTNUM(n) \
    .if ((n) < 2) || ((n) > 255); .error "test number must be in 2..255"; .endif; \
    li gp, n

/* Fail unless register `reg` equals the 64-bit value `val`. */
#define CHECK_EQ(reg, val) \
    li t6, val; beq reg, t6, 8f; j fail; 8:

/* Fail unless two registers are equal. */
#define CHECK_EQ_REG(r1, r2) \
    beq r1, r2, 8f; j fail; 8:

/* Generic case: run `code...`, then compare `reg` against `exp`. */
#define TEST_CASE(n, reg, exp, code...) \
    SET_TESTNUM(n); code; CHECK_EQ(reg, exp)

/* ---- Integer register-register / register-immediate --------------------- */
#define TEST_RR(n, inst, exp, v1, v2) \
    TEST_CASE(n, a0, exp, li a1, v1; li a2, v2; inst a0, a1, a2)
#define TEST_RI(n, inst, exp, v1, imm) \
    TEST_CASE(n, a0, exp, li a1, v1; inst a0, a1, imm)
/* rd == rs1 */
#define TEST_RR_SRC1_DEST(n, inst, exp, v1, v2) \
    TEST_CASE(n, a1, exp, li a1, v1; li a2, v2; inst a1, a1, a2)
/* rd == rs2 */
#define TEST_RR_SRC2_DEST(n, inst, exp, v1, v2) \
    TEST_CASE(n, a2, exp, li a1, v1; li a2, v2; inst a2, a1, a2)
/* rd == rs1 == rs2 */
#define TEST_RR_SRC12_DEST(n, inst, exp, v1) \
    TEST_CASE(n, a1, exp, li a1, v1; inst a1, a1, a1)
#define TEST_RI_SRC1_DEST(n, inst, exp, v1, imm) \
    TEST_CASE(n, a1, exp, li a1, v1; inst a1, a1, imm)
/* x0 as a source */
#define TEST_RR_ZERO1(n, inst, exp, v2) \
    TEST_CASE(n, a0, exp, li a2, v2; inst a0, x0, a2)
#define TEST_RR_ZERO2(n, inst, exp, v1) \
    TEST_CASE(n, a0, exp, li a1, v1; inst a0, a1, x0)
/* x0 as a destination: must stay zero */
#define TEST_RR_ZERODEST(n, inst, v1, v2) \
    TEST_CASE(n, x0, 0, li a1, v1; li a2, v2; inst x0, a1, a2)
#define TEST_RI_ZERODEST(n, inst, v1, imm) \
    TEST_CASE(n, x0, 0, li a1, v1; inst x0, a1, imm)

/* ---- Branches ------------------------------------------------------------ */
#define TEST_BR_TAKEN(n, inst, v1, v2) \
    SET_TESTNUM(n); li a1, v1; li a2, v2; inst a1, a2, 9f; j fail; 9:
#define TEST_BR_NOT_TAKEN(n, inst, v1, v2) \
    SET_TESTNUM(n); li a1, v1; li a2, v2; inst a1, a2, 9f; j 8f; 9: j fail; 8:

/* ---- Loads / stores (base register a1 = address of `label`) ------------ */
#define TEST_LOAD(n, inst, exp, off, label) \
    TEST_CASE(n, a0, exp, la a1, label; inst a0, off(a1))
/* store `val` at off(label), then read it back with `linst` */
#define TEST_STORE(n, sinst, linst, exp, val, off, label) \
    TEST_CASE(n, a0, exp, la a1, label; li a2, val; sinst a2, off(a1); linst a0, off(a1))

/* ---- Floating point ------------------------------------------------------ */
/* Load a raw bit pattern into an FP register (fmv.*.x NaN-boxes S and H). */
#define FLOAD_S(freg, bits) li t0, bits; fmv.w.x freg, t0
#define FLOAD_D(freg, bits) li t0, bits; fmv.d.x freg, t0
#define FLOAD_H(freg, bits) li t0, bits; fmv.h.x freg, t0
/* Expected 64-bit register contents (results of narrower ops are NaN-boxed). */
#define FBOX_S(bits) (0xffffffff00000000|(bits))
#define FBOX_H(bits) (0xffffffffffff0000|(bits))
#define FBOX_D(bits) (bits)
/* Check an FP result register (full 64 bits) and the accrued fflags. */
#define FCHECK(F, freg, res, flags) \
    csrr t1, fflags; fmv.x.d a0, freg; CHECK_EQ(a0, FBOX_##F(res)); CHECK_EQ(t1, flags)
#define FCLEAR csrwi fflags, 0

/* F in {S, D, H}; operands and results are raw IEEE bit patterns. */
#define TEST_FP1(F, n, inst, flags, res, a) \
    SET_TESTNUM(n); FLOAD_##F(fa1, a); FCLEAR; inst fa0, fa1; FCHECK(F, fa0, res, flags)
#define TEST_FP1_RM(F, n, inst, rm, flags, res, a) \
    SET_TESTNUM(n); FLOAD_##F(fa1, a); FCLEAR; inst fa0, fa1, rm; FCHECK(F, fa0, res, flags)
#define TEST_FP2(F, n, inst, flags, res, a, b) \
    SET_TESTNUM(n); FLOAD_##F(fa1, a); FLOAD_##F(fa2, b); FCLEAR; \
    inst fa0, fa1, fa2; FCHECK(F, fa0, res, flags)
#define TEST_FP2_RM(F, n, inst, rm, flags, res, a, b) \
    SET_TESTNUM(n); FLOAD_##F(fa1, a); FLOAD_##F(fa2, b); FCLEAR; \
    inst fa0, fa1, fa2, rm; FCHECK(F, fa0, res, flags)
#define TEST_FP3(F, n, inst, flags, res, a, b, c) \
    SET_TESTNUM(n); FLOAD_##F(fa1, a); FLOAD_##F(fa2, b); FLOAD_##F(fa3, c); FCLEAR; \
    inst fa0, fa1, fa2, fa3; FCHECK(F, fa0, res, flags)
#define TEST_FP3_RM(F, n, inst, rm, flags, res, a, b, c) \
    SET_TESTNUM(n); FLOAD_##F(fa1, a); FLOAD_##F(fa2, b); FLOAD_##F(fa3, c); FCLEAR; \
    inst fa0, fa1, fa2, fa3, rm; FCHECK(F, fa0, res, flags)
/* FP compare (feq/flt/fle): integer result in a0 */
#define TEST_FCMP(F, n, inst, flags, res, a, b) \
    SET_TESTNUM(n); FLOAD_##F(fa1, a); FLOAD_##F(fa2, b); FCLEAR; \
    inst a0, fa1, fa2; csrr t1, fflags; CHECK_EQ(a0, res); CHECK_EQ(t1, flags)
/* fclass: integer result, never sets flags */
#define TEST_FCLASS(F, n, inst, res, a) \
    SET_TESTNUM(n); FLOAD_##F(fa1, a); FCLEAR; \
    inst a0, fa1; csrr t1, fflags; CHECK_EQ(a0, res); CHECK_EQ(t1, 0)
/* FP -> integer conversion with explicit rounding mode */
#define TEST_FCVT_XF(F, n, inst, rm, flags, res, a) \
    SET_TESTNUM(n); FLOAD_##F(fa1, a); FCLEAR; \
    inst a0, fa1, rm; csrr t1, fflags; CHECK_EQ(a0, res); CHECK_EQ(t1, flags)
/* integer -> FP conversion (with / without explicit rounding mode) */
#define TEST_FCVT_FX_RM(F, n, inst, rm, flags, res, x) \
    SET_TESTNUM(n); li a1, x; FCLEAR; inst fa0, a1, rm; FCHECK(F, fa0, res, flags)
#define TEST_FCVT_FX(F, n, inst, flags, res, x) \
    SET_TESTNUM(n); li a1, x; FCLEAR; inst fa0, a1; FCHECK(F, fa0, res, flags)
/* FP -> FP conversion: source format SF, destination format DF */
#define TEST_FCVT_FF(DF, SF, n, inst, flags, res, a) \
    SET_TESTNUM(n); FLOAD_##SF(fa1, a); FCLEAR; inst fa0, fa1; FCHECK(DF, fa0, res, flags)
#define TEST_FCVT_FF_RM(DF, SF, n, inst, rm, flags, res, a) \
    SET_TESTNUM(n); FLOAD_##SF(fa1, a); FCLEAR; inst fa0, fa1, rm; FCHECK(DF, fa0, res, flags)

/* ---- Traps (HTIF environment only) --------------------------------------- */
#ifdef ENV_HTIF
/* Register `resume` as the place to continue (in M-mode) after the next
   trap, and invalidate the recorded cause so a missing trap is detected. */
#define EXPECT_TRAP(resume) \
    la t0, trap_info; la t1, resume; sd t1, TRAP_RESUME(t0); \
    li t1, -1; sd t1, TRAP_CAUSE(t0)
/* Load a trap_info field into reg */
#define TRAP_FIELD(reg, field) la t0, trap_info; ld reg, field(t0)
/* Check the recorded cause, and that the trap happened at label `epc`. */
#define CHECK_TRAP(cause, epc) \
    la t0, trap_info; sd zero, TRAP_RESUME(t0); \
    ld a0, TRAP_CAUSE(t0); CHECK_EQ(a0, cause); \
    la t2, epc; la t0, trap_info; ld a0, TRAP_EPC(t0); CHECK_EQ_REG(a0, t2)
#define CHECK_TVAL(val) \
    la t0, trap_info; ld a0, TRAP_TVAL(t0); CHECK_EQ(a0, val)
#endif

#endif /* NPU_SPIKE_TEST_MACROS_H */
