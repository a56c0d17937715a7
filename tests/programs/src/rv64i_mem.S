/* RV64I loads and stores: lb lbu lh lhu lw lwu ld sb sh sw sd, sign / zero
   extension, positive and negative offsets, partial-width stores leaving the
   neighbouring bytes intact, rd == rs1, x0 destination; fence variants. */
#include "test_macros.h"

TEST_CODE_BEGIN
    /* lb (sign-extends) */
    TEST_LOAD(2,  lb, 0x11, 0, ldata)
    TEST_LOAD(3,  lb, 0xffffffffffffff88, 7, ldata)
    TEST_LOAD(4,  lb, 0xffffffffffffff80, 12, ldata)
    TEST_LOAD(5,  lb, 0x7f, 13, ldata)
    TEST_LOAD(6,  lb, 0x00, 15, ldata)
    TEST_LOAD(7,  lb, 0xffffffffffffffff, -2, ldata_end)
    /* lbu (zero-extends) */
    TEST_LOAD(8,  lbu, 0x88, 7, ldata)
    TEST_LOAD(9,  lbu, 0x80, 12, ldata)
    TEST_LOAD(10, lbu, 0xff, 14, ldata)
    TEST_LOAD(11, lbu, 0x11, -24, ldata_end)
    /* lh */
    TEST_LOAD(12, lh, 0x2211, 0, ldata)
    TEST_LOAD(13, lh, 0xffffffffffff8877, 6, ldata)
    TEST_LOAD(14, lh, 0xffffffffffffba98, 8, ldata)
    TEST_LOAD(15, lh, 0x7f80, 12, ldata)
    TEST_LOAD(16, lh, 0xffffffffffffffff, -4, ldata_end)
    /* lhu */
    TEST_LOAD(17, lhu, 0x8877, 6, ldata)
    TEST_LOAD(18, lhu, 0xba98, 8, ldata)
    TEST_LOAD(19, lhu, 0xfffe, -8, ldata_end)
    /* lw */
    TEST_LOAD(20, lw, 0x44332211, 0, ldata)
    TEST_LOAD(21, lw, 0xffffffff88776655, 4, ldata)
    TEST_LOAD(22, lw, 0xfffffffffedcba98, 8, ldata)
    TEST_LOAD(23, lw, 0x00ff7f80, 12, ldata)
    TEST_LOAD(24, lw, 0xfffffffffffffffe, -8, ldata_end)
    /* lwu */
    TEST_LOAD(25, lwu, 0x88776655, 4, ldata)
    TEST_LOAD(26, lwu, 0xfedcba98, 8, ldata)
    TEST_LOAD(27, lwu, 0x44332211, -24, ldata_end)
    /* ld */
    TEST_LOAD(28, ld, 0x8877665544332211, 0, ldata)
    TEST_LOAD(29, ld, 0x00ff7f80fedcba98, 8, ldata)
    TEST_LOAD(30, ld, 0xfffffffffffffffe, -8, ldata_end)
    TEST_LOAD(31, ld, 0x00ff7f80fedcba98, -16, ldata_end)

    /* rd == rs1 */
    TEST_CASE(32, a1, 0x8877665544332211, la a1, ldata; ld a1, 0(a1))
    TEST_CASE(33, a1, 0xffffffffffff8877, la a1, ldata; lh a1, 6(a1))
    /* x0 destination */
    TEST_CASE(34, x0, 0, la a1, ldata; ld x0, 0(a1); lw x0, 4(a1))
    /* large offsets (+2047 / -2048) */
    TEST_CASE(35, a0, 0x8877665544332211, la a1, ldata; addi a1, a1, -2047; ld a0, 2047(a1))
    TEST_CASE(36, a0, 0x00ff7f80fedcba98, la a1, ldata; li t2, 2056; add a1, a1, t2; ld a0, -2048(a1))

    /* stores read back with the same width */
    TEST_STORE(37, sb, lb, 0xffffffffffffffaa, 0xaa, 0, sarea)
    TEST_STORE(38, sb, lbu, 0x55, 0x1234567855, 1, sarea)
    TEST_STORE(39, sh, lh, 0xffffffffffffaa55, 0xaa55, 2, sarea)
    TEST_STORE(40, sh, lhu, 0xbeef, 0xdeadbeef, 6, sarea)
    TEST_STORE(41, sw, lw, 0xffffffffdeadbeef, 0xdeadbeef, 8, sarea)
    TEST_STORE(42, sw, lwu, 0x12345678, 0xfedcba9812345678, 12, sarea)
    TEST_STORE(43, sd, ld, 0x0123456789abcdef, 0x0123456789abcdef, 16, sarea)
    TEST_STORE(44, sd, ld, 0xfedcba9876543210, 0xfedcba9876543210, -8, sarea_end)
    TEST_STORE(45, sw, lw, 0x7fffffff, 0x7fffffff, -16, sarea_end)

    /* partial stores only modify their own bytes */
    TEST_CASE(46, a0, 0xffffffff00ffffff, la a1, sarea; li a2, -1; sd a2, 0(a1); sb zero, 3(a1); ld a0, 0(a1))
    TEST_CASE(47, a0, 0x0000123400000000, la a1, sarea; sd zero, 0(a1); li a2, 0xabcd1234; sh a2, 4(a1); ld a0, 0(a1))
    TEST_CASE(48, a0, 0xcafef00dffffffff, la a1, sarea; li a2, -1; sd a2, 0(a1); li a2, 0xcafef00d; sw a2, 4(a1); ld a0, 0(a1))
    TEST_CASE(49, a0, 0x8000000000000001, la a1, sarea; sd zero, 0(a1); li a2, 1; sb a2, 0(a1); li a2, 0x80; sb a2, 7(a1); ld a0, 0(a1))
    /* byte order: little-endian */
    TEST_CASE(50, a0, 0x04, la a1, sarea; li a2, 0x0102030405060708; sd a2, 0(a1); lbu a0, 4(a1))
    TEST_CASE(51, a0, 0x0506, la a1, sarea; lhu a0, 2(a1))
    TEST_CASE(52, a0, 0x01020304, la a1, sarea; lwu a0, 4(a1))
    /* store of x0 */
    TEST_CASE(53, a0, 0, la a1, sarea; sd x0, 0(a1); ld a0, 0(a1))
    /* store then load through a different base register */
    TEST_CASE(54, a0, 0x5a5a, la a1, sarea; addi a3, a1, 64; li a2, 0x5a5a; sh a2, -60(a3); lhu a0, 4(a1))
    /* fence variants order memory but have no architectural effect here */
    TEST_CASE(55, a0, 0x77, la a1, sarea; li a2, 0x77; sd a2, 0(a1); fence; fence rw, rw; fence.tso; fence iorw, iorw; fence w, r; ld a0, 0(a1))
    TEST_CASE(56, a0, 0x77, fence r, w; fence i, o; lbu a0, 0(a1))
TEST_CODE_END

TEST_DATA_BEGIN
    .align 3
ldata:
    .dword 0x8877665544332211
    .dword 0x00ff7f80fedcba98
    .dword 0xfffffffffffffffe
ldata_end:
    .align 3
sarea:
    .skip 32
sarea_end:
TEST_DATA_END
