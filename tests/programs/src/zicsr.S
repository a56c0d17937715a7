/* Zicsr: csrrw csrrs csrrc csrrwi csrrsi csrrci (and the csrr/csrw/csrs/csrc
   pseudo forms) on fflags / frm / fcsr (aliasing, masking of reserved bits,
   flag accrual), and - in the bare-metal M-mode build only - mscratch,
   mhartid, misa and mstatus.FS. */
#include "test_macros.h"

TEST_CODE_BEGIN
    /* ---- fcsr / frm / fflags aliasing */
    TEST_CASE(2,  a0, 0xff, li a1, 0xff; csrw fcsr, a1; csrr a0, fcsr)
    TEST_CASE(3,  a0, 0x7, csrr a0, frm)
    TEST_CASE(4,  a0, 0x1f, csrr a0, fflags)
    TEST_CASE(5,  a0, 0x0, csrw fcsr, x0; csrr a0, fcsr)
    /* reserved fcsr bits (31:8) and upper fflags/frm bits are not writable */
    TEST_CASE(6,  a0, 0xff, li a1, 0xfffff3ff; csrw fcsr, a1; csrr a0, fcsr)
    TEST_CASE(7,  a0, 0x1f, li a1, 0xffffffffffffffff; csrw fflags, a1; csrr a0, fflags)
    TEST_CASE(8,  a0, 0xff, csrr a0, fcsr)
    TEST_CASE(9,  a0, 0x7, csrr a0, frm)
    /* writing frm leaves fflags alone and vice versa */
    TEST_CASE(10, a0, 0x0b, csrw fcsr, x0; li a1, 0x0b; csrw fflags, a1; csrr a0, fcsr)
    TEST_CASE(11, a0, 0x6b, csrwi frm, 3; csrr a0, fcsr)
    TEST_CASE(12, a0, 0x60, csrwi fflags, 0; csrr a0, fcsr)
    TEST_CASE(13, a0, 0x3, csrr a0, frm)
    TEST_CASE(14, a0, 0x0e, li a1, 0x1c0; csrw fcsr, a1; li a1, 0x0e; csrs fcsr, a1; csrr a0, fflags)
    TEST_CASE(15, a0, 0x6, csrr a0, frm)
    /* csrrw returns the old value */
    TEST_CASE(16, a0, 0x0e, li a1, 0x15; csrrw a0, fflags, a1)
    TEST_CASE(17, a0, 0x15, csrr a0, fflags)
    /* csrrs / csrrc set and clear bits, returning the old value */
    TEST_CASE(18, a0, 0x15, li a1, 0x0a; csrrs a0, fflags, a1)
    TEST_CASE(19, a0, 0x1f, csrr a0, fflags)
    TEST_CASE(20, a0, 0x1f, li a1, 0x11; csrrc a0, fflags, a1)
    TEST_CASE(21, a0, 0x0e, csrr a0, fflags)
    /* csrrs / csrrc with rs1 = x0 only read */
    TEST_CASE(22, a0, 0x0e, csrrs a0, fflags, x0)
    TEST_CASE(23, a0, 0x0e, csrrc a0, fflags, x0; csrr a0, fflags)
    /* immediate forms */
    TEST_CASE(24, a0, 0x0e, csrrwi a0, fflags, 0x1)
    TEST_CASE(25, a0, 0x1, csrrsi a0, fflags, 0x10)
    TEST_CASE(26, a0, 0x11, csrrci a0, fflags, 0x1)
    TEST_CASE(27, a0, 0x10, csrr a0, fflags)
    TEST_CASE(28, a0, 0x6, csrrwi a0, frm, 0x2)
    TEST_CASE(29, a0, 0x2, csrrsi a0, frm, 0x1)
    TEST_CASE(30, a0, 0x3, csrrci a0, frm, 0x2)
    TEST_CASE(31, a0, 0x30, csrr a0, fcsr)
    TEST_CASE(32, a0, 0x30, csrrsi a0, fcsr, 0)      /* uimm = 0: read only */
    TEST_CASE(33, a0, 0x30, csrrci a0, fcsr, 0; csrr a0, fcsr)
    /* rd == rs1 (swap) */
    TEST_CASE(34, a1, 0x30, li a1, 0x41; csrrw a1, fcsr, a1)
    TEST_CASE(35, a0, 0x41, csrr a0, fcsr)
    /* fsflags / frflags / fsrm / frrm / fscsr / frcsr pseudo-instructions */
    TEST_CASE(36, a0, 0x01, li a1, 0x04; fsflags a0, a1)
    TEST_CASE(37, a0, 0x04, frflags a0)
    TEST_CASE(38, a0, 0x02, li a1, 0x04; fsrm a0, a1)
    TEST_CASE(39, a0, 0x04, frrm a0)
    TEST_CASE(40, a0, 0x84, frcsr a0)
    TEST_CASE(41, a0, 0x84, fscsr a0, x0)
    TEST_CASE(42, a0, 0x00, frcsr a0)
    TEST_CASE(43, a0, 0x00, fsflagsi a0, 0x1f)
    TEST_CASE(44, a0, 0x00, fsrmi a0, 0x1)
    TEST_CASE(45, a0, 0x3f, frcsr a0)
    /* flags accrue (are ORed) across operations and are not cleared by them */
    SET_TESTNUM(46); FCLEAR; FLOAD_S(fa1, 0x3f800000); FLOAD_S(fa2, 0); fdiv.s fa0, fa1, fa2; frflags a0; CHECK_EQ(a0, DZ)
    SET_TESTNUM(47); FLOAD_S(fa2, 0x40400000); fdiv.s fa0, fa1, fa2; frflags a0; CHECK_EQ(a0, DZ|NX)
    SET_TESTNUM(48); fadd.s fa0, fa1, fa1; frflags a0; CHECK_EQ(a0, DZ|NX)    /* exact op: flags kept */
    SET_TESTNUM(49); FLOAD_S(fa2, 0x7f800001); feq.s a1, fa1, fa2; frflags a0; CHECK_EQ(a0, NV|DZ|NX)
    SET_TESTNUM(50); frrm a0; CHECK_EQ(a0, 1)                                /* frm untouched by ops */
    /* an FP op honours the frm written by csrw (rtz): 1/3 rounds down */
    SET_TESTNUM(51); fsrmi 1; FLOAD_S(fa1, 0x3f800000); FLOAD_S(fa2, 0x40400000); fdiv.s fa0, fa1, fa2, dyn; fmv.x.w a0, fa0; CHECK_EQ(a0, 0x3eaaaaaa)
    SET_TESTNUM(52); fsrmi 3; fdiv.s fa0, fa1, fa2, dyn; fmv.x.w a0, fa0; CHECK_EQ(a0, 0x3eaaaaab)
    SET_TESTNUM(53); fscsr x0; frcsr a0; CHECK_EQ(a0, 0)

#ifdef ENV_HTIF
    /* ---- machine-mode CSRs */
    TEST_CASE(54, a0, 0x0123456789abcdef, li a1, 0x0123456789abcdef; csrw mscratch, a1; csrr a0, mscratch)
    TEST_CASE(55, a0, 0x0123456789abcdef, li a1, 0xfedcba9876543210; csrrw a0, mscratch, a1)
    TEST_CASE(56, a0, 0xfedcba9876543210, csrr a0, mscratch)
    TEST_CASE(57, a0, 0xfedcba9876543210, li a1, 0x0123456789abcdef; csrrs a0, mscratch, a1)
    TEST_CASE(58, a0, 0xffffffffffffffff, csrr a0, mscratch)
    TEST_CASE(59, a0, 0xffffffffffffffff, li a1, 0xf0f0f0f0f0f0f0f0; csrrc a0, mscratch, a1)
    TEST_CASE(60, a0, 0x0f0f0f0f0f0f0f0f, csrr a0, mscratch)
    TEST_CASE(61, a0, 0x0f0f0f0f0f0f0f0f, csrrs a0, mscratch, x0)
    TEST_CASE(62, a0, 0x0f0f0f0f0f0f0f0f, csrrc a0, mscratch, x0)
    TEST_CASE(63, a0, 0x0f0f0f0f0f0f0f0f, csrrwi a0, mscratch, 0x1f)
    TEST_CASE(64, a0, 0x1f, csrrci a0, mscratch, 0x15)
    TEST_CASE(65, a0, 0x0a, csrrsi a0, mscratch, 0x11)
    TEST_CASE(66, a0, 0x1b, csrr a0, mscratch)
    TEST_CASE(67, a0, 0x1b, csrrsi a0, mscratch, 0; csrrci a0, mscratch, 0)
    TEST_CASE(68, a1, 0x1b, li a1, 0x5555; csrrw a1, mscratch, a1)       /* rd == rs1 */
    TEST_CASE(69, a0, 0x5555, csrr a0, mscratch)
    TEST_CASE(70, a0, 0x0, csrrw x0, mscratch, x0; csrr a0, mscratch)      /* rd = x0 still writes */
    TEST_CASE(71, a0, 0x0, csrr a0, mscratch)
    TEST_CASE(72, a0, 0x8000000000000000, li a1, 0x8000000000000000; csrs mscratch, a1; csrr a0, mscratch)
    TEST_CASE(73, a0, 0x0, csrc mscratch, a1; csrr a0, mscratch)
    /* mhartid is 0 on a single-hart machine */
    TEST_CASE(74, a0, 0, csrr a0, mhartid)
    /* misa: MXL = 2 (64-bit), I M A F D C present */
    TEST_CASE(75, a0, 2, csrr a0, misa; srli a0, a0, 62)
    TEST_CASE(76, a0, 0x112d, csrr a0, misa; li a1, 0x112d; and a0, a0, a1)
    /* mstatus.FS was set to non-Off by the environment and FP ops keep it non-Off */
    SET_TESTNUM(77); csrr a0, mstatus; li a1, MSTATUS_FS; and a0, a0, a1; beqz a0, fail_near
#endif
TEST_CODE_END

fail_near:
    j fail
