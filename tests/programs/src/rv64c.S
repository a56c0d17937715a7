/* RV64C: every RV64 compressed instruction, written with explicit c.*
   mnemonics: c.addi4spn c.fld c.lw c.ld c.fsd c.sw c.sd c.nop c.addi
   c.addiw c.li c.addi16sp c.lui c.srli c.srai c.andi c.sub c.xor c.or c.and
   c.subw c.addw c.j c.beqz c.bnez c.slli c.fldsp c.lwsp c.ldsp c.jr c.mv
   c.ebreak c.jalr c.add c.fsdsp c.swsp c.sdsp.  Also 32-bit instructions at
   addresses that are 2 mod 4, and c.jalr's link value (pc + 2).
   c.ebreak (breakpoint trap, cause 3, mepc = its address) is checked in the
   bare-metal build only.  sp is pointed at cstack for the sp-relative forms
   (the original sp is kept in t5). */
#include "test_macros.h"

#define USE_CSTACK  mv t5, sp; la sp, cstack
#define RESTORE_SP  mv sp, t5

    .option rvc
TEST_CODE_BEGIN
    /* c.li: 6-bit signed immediate */
    TEST_CASE(2,  a0, 31, c.li a0, 31)
    TEST_CASE(3,  a0, 0xffffffffffffffe0, c.li a0, -32)
    TEST_CASE(4,  s1, 0, li s1, 5; c.li s1, 0)
    /* c.lui: nzimm[17:12], sign-extended */
    TEST_CASE(5,  a0, 0x1000, c.lui a0, 1)
    TEST_CASE(6,  a0, 0x1f000, c.lui a0, 0x1f)
    TEST_CASE(7,  a0, 0xfffffffffffe0000, c.lui a0, 0xfffe0)
    TEST_CASE(8,  a5, 0xfffffffffffff000, c.lui a5, 0xfffff)
    /* c.addi */
    TEST_CASE(9,  a0, 0xffffffffffffffff, c.li a0, 0; c.addi a0, -1)
    TEST_CASE(10, a0, 0x8000000000000000, li a0, 0x7fffffffffffffe1; c.addi a0, 31)
    TEST_CASE(11, t3, 0x100000000, li t3, 0x100000020; c.addi t3, -32)
    /* c.addiw: 32-bit add, sign-extended; imm 0 is sext.w */
    TEST_CASE(12, a0, 0xffffffff80000000, li a0, 0x7fffffff; c.addiw a0, 1)
    TEST_CASE(13, a0, 0xffffffff80000000, li a0, 0x180000000; c.addiw a0, 0)
    TEST_CASE(14, a0, 0x000000007fffffff, li a0, 0xffffffff80000000; c.addiw a0, -1)
    TEST_CASE(15, s0, 0xffffffffffffffe0, li s0, 0x1234567800000000; c.addiw s0, -32)
    /* c.addi16sp: sp += nzimm (multiple of 16, -512..496) */
    TEST_CASE(16, a0, 496, USE_CSTACK; mv a1, sp; c.addi16sp sp, 496; sub a0, sp, a1; RESTORE_SP)
    TEST_CASE(17, a0, 0xfffffffffffffe00, USE_CSTACK; mv a1, sp; c.addi16sp sp, -512; sub a0, sp, a1; RESTORE_SP)
    TEST_CASE(18, a0, 0xfffffffffffffff0, USE_CSTACK; mv a1, sp; c.addi16sp sp, 16; c.addi16sp sp, -32; sub a0, sp, a1; RESTORE_SP)
    /* c.addi4spn: rd' = sp + nzuimm (multiple of 4, 4..1020) */
    TEST_CASE(19, a0, 1020, USE_CSTACK; c.addi4spn a0, sp, 1020; sub a0, a0, sp; RESTORE_SP)
    TEST_CASE(20, a0, 4, USE_CSTACK; c.addi4spn s1, sp, 4; sub a0, s1, sp; RESTORE_SP)
    TEST_CASE(21, a0, 0x220, USE_CSTACK; c.addi4spn a5, sp, 0x220; sub a0, a5, sp; RESTORE_SP)
    /* c.slli / c.srli / c.srai (shamt 1..63) */
    TEST_CASE(22, a0, 0x8000000000000000, li a0, 1; c.slli a0, 63)
    TEST_CASE(23, t2, 0x0000000200000000, li t2, 1; c.slli t2, 33)
    TEST_CASE(24, a0, 0x0000000000000001, li a0, 0x8000000000000000; c.srli a0, 63)
    TEST_CASE(25, a0, 0x00000000ffffffff, li a0, -1; c.srli a0, 32)
    TEST_CASE(26, a0, 0xffffffffffffffff, li a0, 0x8000000000000000; c.srai a0, 63)
    TEST_CASE(27, a0, 0xfffffffff8000000, li a0, 0x8000000000000000; c.srai a0, 36)
    TEST_CASE(28, s1, 0x0000000000000003, li s1, 0x7fffffffffffffff; c.srai s1, 61)
    /* c.andi: 6-bit signed immediate */
    TEST_CASE(29, a0, 0x0000000000000015, li a0, 0x12345675; c.andi a0, 0x1f)
    TEST_CASE(30, a0, 0x12345660, li a0, 0x12345675; c.andi a0, -32)
    TEST_CASE(31, a0, 0xfedcba9876543210, li a0, 0xfedcba9876543210; c.andi a0, -1)
    TEST_CASE(32, a0, 0, li a0, -1; c.andi a0, 0)
    /* c.mv / c.add */
    TEST_CASE(33, a0, 0x123456789abcdef0, li a1, 0x123456789abcdef0; c.mv a0, a1)
    TEST_CASE(34, t4, 0x8000000000000000, li t4, 0x7fffffffffffffff; li a1, 1; c.add t4, a1)
    TEST_CASE(35, a0, 0x100000000, li a0, 0xffffffff; li s7, 1; c.add a0, s7)
    /* c.sub / c.xor / c.or / c.and (rd', rs2') */
    TEST_CASE(36, a0, 0xffffffffffffffff, li a0, 0; li a1, 1; c.sub a0, a1)
    TEST_CASE(37, a0, 0xf00ff00f, li a0, 0xff00ff00; li a1, 0x0f0f0f0f; c.xor a0, a1)
    TEST_CASE(38, a0, 0xff0fff0f, li a0, 0xff00ff00; li a1, 0x0f0f0f0f; c.or a0, a1)
    TEST_CASE(39, a0, 0x0f000f00, li a0, 0xff00ff00; li a1, 0x0f0f0f0f; c.and a0, a1)
    TEST_CASE(40, s0, 0x8000000000000001, li s0, 0x8000000000000000; li a5, 0xffffffffffffffff; c.sub s0, a5)
    /* c.subw / c.addw: 32-bit, sign-extended */
    TEST_CASE(41, a0, 0x000000007fffffff, li a0, 0x80000000; li a1, 1; c.subw a0, a1)
    TEST_CASE(42, a0, 0xffffffff80000000, li a0, 0x7fffffff; li a1, 1; c.addw a0, a1)
    TEST_CASE(43, a0, 0x0000000000000002, li a0, 0x1234567800000001; li a1, 0xfedcba9800000001; c.addw a0, a1)
    TEST_CASE(44, a2, 0xffffffffffffffff, li a2, 0x100000000; li a3, 1; c.subw a2, a3)
    /* c.nop */
    TEST_CASE(45, a0, 7, li a0, 7; c.nop; c.nop)

    /* c.lw / c.ld / c.sw / c.sd (rs1' = a1) */
    TEST_CASE(46, a0, 0xffffffff80000001, la a1, cdata; c.lw a0, 0(a1))
    TEST_CASE(47, a0, 0x000000007ffffffe, la a1, cdata; c.lw a0, 4(a1))
    TEST_CASE(48, a0, 0x7ffffffe80000001, la a1, cdata; c.ld a0, 0(a1))
    TEST_CASE(49, a0, 0x0123456789abcdef, la a1, cdata; c.ld a0, 248(a1))
    TEST_CASE(50, a0, 0xffffffffdeadbeef, la a1, cdata; li a2, 0xdeadbeef; c.sw a2, 124(a1); c.lw a0, 124(a1))
    TEST_CASE(51, a0, 0x00000000deadbeef, lwu a0, 124(a1))
    TEST_CASE(52, a0, 0xcafebabe12345678, la a1, cdata; li a2, 0xcafebabe12345678; c.sd a2, 16(a1); c.ld a0, 16(a1))
    TEST_CASE(53, a0, 0xcafebabe, la s0, cdata; c.lw a0, 20(s0); li t2, 0xffffffff; and a0, a0, t2)
    /* c.fld / c.fsd (fd' in f8..f15) */
    TEST_CASE(54, a0, 0x400921fb54442d18, la a1, cdata; c.fld fa0, 8(a1); fmv.x.d a0, fa0)
    TEST_CASE(55, a0, 0x400921fb54442d18, la a1, cdata; c.fsd fa0, 24(a1); c.ld a0, 24(a1))
    TEST_CASE(56, a0, 0x0123456789abcdef, la a1, cdata; c.fld fs1, 248(a1); fmv.x.d a0, fs1)
    TEST_CASE(57, a0, 0x0123456789abcdef, la a1, cdata; c.fsd fs1, 32(a1); ld a0, 32(a1))

    /* sp-relative: c.lwsp c.ldsp c.swsp c.sdsp c.fldsp c.fsdsp */
    TEST_CASE(58, a0, 0xffffffff80000001, USE_CSTACK; c.lwsp a0, 0(sp); RESTORE_SP)
    TEST_CASE(59, a0, 0x7ffffffe80000001, USE_CSTACK; c.ldsp a0, 0(sp); RESTORE_SP)
    TEST_CASE(60, t1, 0x0123456789abcdef, USE_CSTACK; c.ldsp t1, 504(sp); RESTORE_SP)
    TEST_CASE(61, a0, 0xfffffffff00dfeed, USE_CSTACK; li t2, 0xf00dfeed; c.swsp t2, 252(sp); c.lwsp a0, 252(sp); RESTORE_SP)
    TEST_CASE(62, a0, 0x1122334455667788, USE_CSTACK; li s6, 0x1122334455667788; c.sdsp s6, 40(sp); c.ldsp a0, 40(sp); RESTORE_SP)
    TEST_CASE(63, a0, 0x1122334455667788, USE_CSTACK; c.fldsp ft3, 40(sp); c.fsdsp ft3, 496(sp); c.ldsp a0, 496(sp); RESTORE_SP)
    TEST_CASE(64, a0, 0x0123456789abcdef, USE_CSTACK; c.fldsp f31, 504(sp); fmv.x.d a0, f31; RESTORE_SP)

    /* c.j / c.beqz / c.bnez */
    TEST_CASE(65, a0, 1, li a0, 1; c.j 1f; li a0, 2; 1: c.nop)
    TEST_CASE(66, a0, 3, li a0, 0; li a1, 3; 1: c.addi a0, 1; c.addi a1, -1; c.bnez a1, 1b)
    TEST_CASE(67, a0, 5, li a0, 5; li a1, 0; c.beqz a1, 1f; li a0, 6; 1: c.nop)
    TEST_CASE(68, a0, 5, li a0, 5; li a1, 1; c.beqz a1, 2f; c.j 1f; 2: li a0, 6; 1: c.nop)
    TEST_CASE(69, a0, 5, li a0, 5; li a1, 0; c.bnez a1, 2f; c.j 1f; 2: li a0, 6; 1: c.nop)
    TEST_CASE(70, a0, 5, li a0, 5; li s0, 0x100000000; c.beqz s0, 2f; c.j 1f; 2: li a0, 6; 1: c.nop)
    TEST_CASE(71, a0, 9, li a0, 0; c.j 2f; 1: c.li a0, 9; c.j 3f; 2: c.j 1b; 3: c.nop)

    /* c.jr: no link */
    SET_TESTNUM(72)
    li ra, 0
    la a1, 1f
    c.jr a1
    j fail
1:  CHECK_EQ(ra, 0)

    /* c.jalr: ra = address of c.jalr + 2 */
    SET_TESTNUM(73)
    la a1, c_sub
    c.jalr a1
2:  la a2, 2b
    CHECK_EQ_REG(ra, a2)
    CHECK_EQ(a0, 0x57)

    /* c.jalr with rs1 = ra: target is the old ra */
    SET_TESTNUM(74)
    la ra, 1f
    c.jalr ra
2:  j fail
1:  la a2, 2b
    CHECK_EQ_REG(ra, a2)

    /* 32-bit instructions at 2-mod-4 addresses, and jumps to them */
    SET_TESTNUM(75)
    .balign 4
    c.li a0, 1
    .option push
    .option norvc
    addi a0, a0, 0x100          /* at 2 mod 4 */
    lui a1, 0x12345
    .option pop
    c.nop
    CHECK_EQ(a0, 0x101)
    CHECK_EQ(a1, 0x12345000)

    SET_TESTNUM(76)
    la a1, 1f
    li a0, 0
    jalr ra, 0(a1)
    j 3f
    .balign 4
    c.nop
1:  .option push                /* target at 2 mod 4 */
    .option norvc
    addi a0, a0, 0x55
    jalr x0, 0(ra)
    .option pop
3:  CHECK_EQ(a0, 0x55)

#ifdef ENV_HTIF
    /* c.ebreak: breakpoint exception, mepc = address of the c.ebreak */
    SET_TESTNUM(77)
    EXPECT_TRAP(1f)
2:  c.ebreak
    j fail
1:  CHECK_TRAP(CAUSE_BREAKPOINT, 2b)
#endif
TEST_CODE_END

c_sub:
    c.li a0, 0x17
    c.addi a0, 0x1f
    c.addi a0, 0x1f
    c.addi a0, 2
    c.jr ra

TEST_DATA_BEGIN
    .align 3
cdata:
    .word 0x80000001            /* 0 */
    .word 0x7ffffffe            /* 4 */
    .dword 0x400921fb54442d18   /* 8: pi */
    .dword 0                    /* 16 */
    .dword 0                    /* 24 */
    .dword 0                    /* 32 */
    .skip 248 - 40
    .dword 0x0123456789abcdef   /* 248 */
    .align 4
cstack:
    .word 0x80000001            /* 0 */
    .word 0x7ffffffe            /* 4 */
    .skip 504 - 8
    .dword 0x0123456789abcdef   /* 504 */
    .skip 1024
TEST_DATA_END
