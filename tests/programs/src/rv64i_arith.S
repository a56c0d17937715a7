/* RV64I integer arithmetic/logic: add addi addw addiw sub subw and andi or
   ori xor xori slt slti sltu sltiu lui auipc (and x0 behaviour). */
#include "test_macros.h"

TEST_CODE_BEGIN
    /* add */
    TEST_RR(2,  add, 0, 0, 0)
    TEST_RR(3,  add, 5, 2, 3)
    TEST_RR(4,  add, 0, -1, 1)
    TEST_RR(5,  add, 0x8000000000000000, 0x7fffffffffffffff, 1)     /* wraps */
    TEST_RR(6,  add, 0xfffffffffffffffe, 0xffffffffffffffff, 0xffffffffffffffff)
    TEST_RR(7,  add, 0x0000000100000000, 0x00000000ffffffff, 1)     /* no 32-bit wrap */
    TEST_RR_SRC1_DEST(8, add, 24, 11, 13)
    TEST_RR_SRC2_DEST(9, add, 25, 12, 13)
    TEST_RR_SRC12_DEST(10, add, 26, 13)
    TEST_RR_ZERO1(11, add, 15, 15)
    TEST_RR_ZERO2(12, add, 32, 32)
    TEST_RR_ZERODEST(13, add, 16, 30)

    /* addi (12-bit sign-extended immediate) */
    TEST_RI(14, addi, 0, 0, 0)
    TEST_RI(15, addi, 0x7ff, 0, 2047)
    TEST_RI(16, addi, 0xfffffffffffff800, 0, -2048)
    TEST_RI(17, addi, 0x7fffffffffffffff, 0x8000000000000000, -1)
    TEST_RI(18, addi, 0x8000000000000000, 0x7fffffffffffffff, 1)
    TEST_RI(19, addi, 0x100000000, 0xffffffff, 1)
    TEST_RI_SRC1_DEST(20, addi, 24, 13, 11)
    TEST_RI_ZERODEST(21, addi, 5, 7)

    /* addw / addiw: 32-bit add, sign-extended result, upper input bits ignored */
    TEST_RR(22, addw, 0, 0, 0)
    TEST_RR(23, addw, 0xffffffff80000000, 0x7fffffff, 1)
    TEST_RR(24, addw, 0, 0xffffffff, 1)
    TEST_RR(25, addw, 3, 0x1234567800000001, 0xfedcba9800000002)
    TEST_RR(26, addw, 0x7fffffff, 0x80000000, 0xffffffff)
    TEST_RR(27, addw, 0xffffffffffffffff, 0, -1)
    TEST_RI(28, addiw, 0xffffffff80000000, 0x7fffffff, 1)
    TEST_RI(29, addiw, 0x7fffffff, 0x80000000, -1)
    TEST_RI(30, addiw, 0xfffffffffffff800, 0, -2048)
    TEST_RI(31, addiw, 0x000000007ffff7ff, 0xaaaaaaaa7fffffff, -2048)
    TEST_RI(32, addiw, 0xffffffff80000000, 0xffffffff80000000, 0)  /* sext.w */
    TEST_RI(33, addiw, 0x12345678, 0xffffffff12345678, 0)

    /* sub / subw */
    TEST_RR(34, sub, 0, 0, 0)
    TEST_RR(35, sub, 0xffffffffffffffff, 0, 1)
    TEST_RR(36, sub, 0x7fffffffffffffff, 0x8000000000000000, 1)
    TEST_RR(37, sub, 0x8000000000000001, 0, 0x7fffffffffffffff)
    TEST_RR(38, sub, 0x00000000ffffffff, 0x100000000, 1)
    TEST_RR_SRC12_DEST(39, sub, 0, 0x1234)
    TEST_RR_ZERO1(40, sub, -5, 5)
    TEST_RR(41, subw, 0x7fffffff, 0x80000000, 1)
    TEST_RR(42, subw, 0xffffffffffffffff, 0x100000000, 1)
    TEST_RR(43, subw, 0xffffffff80000000, 0, 0x80000000)
    TEST_RR(44, subw, 0, 0x12345678aaaaaaaa, 0x87654321aaaaaaaa)

    /* and / andi */
    TEST_RR(45, and, 0x0f000f00, 0xff00ff00, 0x0f0f0f0f)
    TEST_RR(46, and, 0x00f000f0, 0x0ff00ff0, 0xf0f0f0f0)
    TEST_RR(47, and, 0xf00ff00ff00ff00f, 0xf00ff00ff00ff00f, 0xffffffffffffffff)
    TEST_RI(48, andi, 0xff00ff00ff00ff00, 0xff00ff00ff00ff00, -256)  /* imm sign-extends */
    TEST_RI(49, andi, 0x0f0, 0xff00ff00ff00fff0, 0x0f0)
    TEST_RI(50, andi, 0x700, 0xff00ff00ff00ff00, 0x70f)
    /* or / ori */
    TEST_RR(51, or, 0xff0fff0f, 0xff00ff00, 0x0f0f0f0f)
    TEST_RR(52, or, 0xfff0fff0, 0x0ff00ff0, 0xf0f0f0f0)
    TEST_RI(53, ori, 0xffffffffffffff0f, 0x0f, -256)
    TEST_RI(54, ori, 0x0ff00ff7ff, 0x0ff00ff00f, 0x7f0)
    /* xor / xori */
    TEST_RR(55, xor, 0xf00ff00f, 0xff00ff00, 0x0f0f0f0f)
    TEST_RR(56, xor, 0x0000000000000000, 0x123456789abcdef0, 0x123456789abcdef0)
    TEST_RI(57, xori, 0xedcba9876543210f, 0x123456789abcdef0, -1)   /* not */
    TEST_RI(58, xori, 0x0ff00f00, 0x0ff00ff0, 0x0f0)
    TEST_RI(59, xori, 0xffffffffff00f80f, 0x00ff00ff, -0x710)

    /* slt / slti (signed) */
    TEST_RR(60, slt, 0, 0, 0)
    TEST_RR(61, slt, 1, -1, 0)
    TEST_RR(62, slt, 0, 0, -1)
    TEST_RR(63, slt, 1, 0x8000000000000000, 0x7fffffffffffffff)
    TEST_RR(64, slt, 0, 0x7fffffffffffffff, 0x8000000000000000)
    TEST_RR(65, slt, 0, 0x80000000, 0x7fffffff)   /* 64-bit compare, not 32 */
    TEST_RI(66, slti, 1, -3, -2)
    TEST_RI(67, slti, 0, -2, -2)
    TEST_RI(68, slti, 1, 0x8000000000000000, 0)
    TEST_RI(69, slti, 0, 0x7ff, 2047)
    TEST_RI(70, slti, 1, 0x7fe, 2047)
    /* sltu / sltiu (unsigned; sltiu immediate is sign-extended first) */
    TEST_RR(71, sltu, 0, 0, 0)
    TEST_RR(72, sltu, 1, 0, -1)
    TEST_RR(73, sltu, 0, -1, 0)
    TEST_RR(74, sltu, 1, 0x7fffffffffffffff, 0x8000000000000000)
    TEST_RR_ZERO1(75, sltu, 1, 3)      /* snez */
    TEST_RR_ZERO1(76, sltu, 0, 0)
    TEST_RI(77, sltiu, 1, 0, 1)        /* seqz */
    TEST_RI(78, sltiu, 0, 5, 1)
    TEST_RI(79, sltiu, 1, 0xfffffffffffffffe, -1)   /* imm = 2^64-1 */
    TEST_RI(80, sltiu, 0, 0xffffffffffffffff, -1)
    TEST_RI(81, sltiu, 1, 0x7fffffffffffffff, -2048)

    /* lui: imm << 12, sign-extended from bit 31 */
    TEST_CASE(82, a0, 0, lui a0, 0)
    TEST_CASE(83, a0, 0x12345000, lui a0, 0x12345)
    TEST_CASE(84, a0, 0xffffffff80000000, lui a0, 0x80000)
    TEST_CASE(85, a0, 0xfffffffffffff000, lui a0, 0xfffff)
    TEST_CASE(86, a0, 0x7ffff000, lui a0, 0x7ffff)
    TEST_CASE(87, a0, 0xfffffffffffff000, lui a0, 0xfffff; addi a0, a0, 0x7ff; addi a0, a0, 1; addi a0, a0, -2048)
    TEST_CASE(88, x0, 0, lui x0, 0x12345)

    /* auipc: pc + (imm << 12) */
    TEST_CASE(89, a0, 0, 1: auipc a1, 0; la a2, 1b; sub a0, a1, a2)
    TEST_CASE(90, a0, 0x1000, 1: auipc a1, 1; la a2, 1b; sub a0, a1, a2)
    TEST_CASE(91, a0, 0xffffffff80000000, 1: auipc a1, 0x80000; la a2, 1b; sub a0, a1, a2)
    TEST_CASE(92, a0, 0xfffffffffffff000, 1: auipc a1, 0xfffff; la a2, 1b; sub a0, a1, a2)
    TEST_CASE(93, a0, 0x7ffff000, 1: auipc a1, 0x7ffff; la a2, 1b; sub a0, a1, a2)

    /* x0 is hard-wired to zero */
    TEST_CASE(94, a0, 0, li a1, 7; addi x0, a1, 5; add a0, x0, x0)
    TEST_CASE(95, a0, 0, li a1, -1; or x0, a1, a1; mv a0, x0)

    /* nop / mv / neg / not pseudo-forms */
    TEST_CASE(96, a0, 42, li a0, 42; nop; nop)
    TEST_CASE(97, a0, -42, li a1, 42; neg a0, a1)
    TEST_CASE(98, a0, 0xffffffffffffffd5, li a1, 42; not a0, a1)
    TEST_CASE(99, a0, 0xffffffffffffffd6, li a1, 42; negw a0, a1)
TEST_CODE_END

TEST_DATA_BEGIN
TEST_DATA_END
