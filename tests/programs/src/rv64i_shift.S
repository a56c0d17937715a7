/* RV64I shifts: sll slli srl srli sra srai sllw slliw srlw srliw sraw sraiw.
   Register shift amounts use only the low 6 bits (low 5 for *w forms). */
#include "test_macros.h"

TEST_CODE_BEGIN
    /* sll */
    TEST_RR(2,  sll, 0x0000000000000001, 1, 0)
    TEST_RR(3,  sll, 0x0000000000000080, 1, 7)
    TEST_RR(4,  sll, 0x0000000080000000, 1, 31)
    TEST_RR(5,  sll, 0x0000000100000000, 1, 32)
    TEST_RR(6,  sll, 0x8000000000000000, 1, 63)
    TEST_RR(7,  sll, 0xfffffffffffffff0, -1, 4)
    TEST_RR(8,  sll, 0x2468acf13579bde0, 0x123456789abcdef, 5)
    TEST_RR(9,  sll, 0x0000000000000002, 1, 65)               /* only low 6 bits */
    TEST_RR(10, sll, 0x8000000000000000, 1, 0xffffffffffffffff)
    TEST_RR(11, sll, 0x0000000000000001, 1, 0x40)
    TEST_RR_SRC1_DEST(12, sll, 0x100, 1, 8)
    TEST_RR_ZERODEST(13, sll, 1, 3)
    /* slli */
    TEST_RI(14, slli, 0x0000000000000001, 1, 0)
    TEST_RI(15, slli, 0x0000000100000000, 1, 32)
    TEST_RI(16, slli, 0x8000000000000000, 1, 63)
    TEST_RI(17, slli, 0xffffffff80000000, -1, 31)
    TEST_RI(18, slli, 0x3456789abcdef000, 0x123456789abcdef, 12)
    TEST_RI_SRC1_DEST(19, slli, 0x80, 1, 7)
    /* srl */
    TEST_RR(20, srl, 0x8000000000000000, 0x8000000000000000, 0)
    TEST_RR(21, srl, 0x0100000000000000, 0x8000000000000000, 7)
    TEST_RR(22, srl, 0x0000000100000000, 0x8000000000000000, 31)
    TEST_RR(23, srl, 0x0000000080000000, 0x8000000000000000, 32)
    TEST_RR(24, srl, 0x0000000000000001, 0x8000000000000000, 63)
    TEST_RR(25, srl, 0x0000000000000001, -1, 63)
    TEST_RR(26, srl, 0x0fffffffffffffff, -1, 4)
    TEST_RR(27, srl, 0x4000000000000000, 0x8000000000000000, 65)
    TEST_RR(28, srl, 0x00000000ffffffff, -1, 0xffffffe0)       /* 32 */
    /* srli */
    TEST_RI(29, srli, 0x00000000ffffffff, -1, 32)
    TEST_RI(30, srli, 0x0000000000000001, -1, 63)
    TEST_RI(31, srli, 0x0000000012345678, 0x123456789abcdef0, 32)
    TEST_RI(32, srli, 0x0000000000000000, 0x7fffffffffffffff, 63)
    TEST_RI(33, srli, 0xffffffffffffffff, -1, 0)
    /* sra */
    TEST_RR(34, sra, 0xc000000000000000, 0x8000000000000000, 1)
    TEST_RR(35, sra, 0xffffffffffffffff, 0x8000000000000000, 63)
    TEST_RR(36, sra, 0xffffffff80000000, 0x8000000000000000, 32)
    TEST_RR(37, sra, 0x0000000000000000, 0x7fffffffffffffff, 63)
    TEST_RR(38, sra, 0x0000000000ffffff, 0x00000000ffffffff, 8)   /* 64-bit sign */
    TEST_RR(39, sra, 0xff00000000000000, 0x8000000000000000, 0x47) /* 7 */
    TEST_RR(40, sra, 0xf123456789abcdef, 0xf123456789abcdef, 0)
    /* srai */
    TEST_RI(41, srai, 0xfffffffffffffff8, -128, 4)
    TEST_RI(42, srai, 0xffffffffffffffff, 0x8000000000000000, 63)
    TEST_RI(43, srai, 0xffffffff80000000, 0x8000000000000000, 32)
    TEST_RI(44, srai, 0x0000000000000001, 0x7fffffffffffffff, 62)
    TEST_RI(45, srai, 0xfff1234567800000, 0xf123456780000000, 8)
    TEST_RI_SRC1_DEST(46, srai, 0xffffffffffffffff, -1, 9)

    /* sllw: 32-bit shift (low 5 bits of rs2), sign-extend result */
    TEST_RR(47, sllw, 0x0000000000000001, 1, 0)
    TEST_RR(48, sllw, 0xffffffff80000000, 1, 31)
    TEST_RR(49, sllw, 0x0000000000000001, 1, 32)             /* amount mod 32 */
    TEST_RR(50, sllw, 0x0000000000000002, 1, 33)
    TEST_RR(51, sllw, 0xffffffffabcdef00, 0x123456789abcdef, 8)
    TEST_RR(52, sllw, 0x0000000000000000, 0xffffffff00000000, 4)
    TEST_RR(53, sllw, 0x000000007ffffffe, 0x3fffffff, 1)
    /* slliw */
    TEST_RI(54, slliw, 0xffffffff80000000, 1, 31)
    TEST_RI(55, slliw, 0x0000000000000000, 0x100000000, 0)
    TEST_RI(56, slliw, 0xfffffffff0000000, 0xffffffffffffffff, 28)
    TEST_RI(57, slliw, 0x0000000012345678, 0xaaaaaaaa12345678, 0)
    /* srlw: logical shift of the low 32 bits, result sign-extended */
    TEST_RR(58, srlw, 0xffffffff80000000, 0x80000000, 0)     /* sign-extends */
    TEST_RR(59, srlw, 0x0000000040000000, 0x80000000, 1)
    TEST_RR(60, srlw, 0x0000000000000001, 0xffffffff80000000, 31)
    TEST_RR(61, srlw, 0xffffffff80000000, 0x80000000, 32)    /* amount mod 32 */
    TEST_RR(62, srlw, 0x0000000000ffffff, 0xffffffffffffffff, 8)
    TEST_RR(63, srlw, 0x0000000000000001, 0x1234567800000003, 1)   /* upper ignored */
    /* srliw */
    TEST_RI(64, srliw, 0x0000000000ffffff, -1, 8)
    TEST_RI(65, srliw, 0x0000000000000001, -1, 31)
    TEST_RI(66, srliw, 0xffffffffffffffff, -1, 0)
    TEST_RI(67, srliw, 0x0000000000001234, 0xffffffff12345678, 16)
    /* sraw */
    TEST_RR(68, sraw, 0xffffffffc0000000, 0x80000000, 1)
    TEST_RR(69, sraw, 0xffffffffffffffff, 0x80000000, 31)
    TEST_RR(70, sraw, 0x0000000000000000, 0x7fffffff, 31)
    TEST_RR(71, sraw, 0xffffffffff800000, 0x80000000, 0x28)  /* 8 */
    TEST_RR(72, sraw, 0x0000000000123456, 0xffffffff12345678, 8) /* upper ignored */
    /* sraiw */
    TEST_RI(73, sraiw, 0xffffffffffffffff, 0x80000000, 31)
    TEST_RI(74, sraiw, 0xfffffffff8000000, 0x80000000, 4)
    TEST_RI(75, sraiw, 0x00000000000007ff, 0x1234567f7ffffff0, 20)
    TEST_RI(76, sraiw, 0x0000000007ffffff, 0x7fffffff, 4)
    TEST_RI(77, sraiw, 0xffffffff80000000, 0x0000000080000000, 0)
    TEST_RI_ZERODEST(78, sraiw, -1, 3)
TEST_CODE_END
