/* Misaligned loads and stores (Zicclsm: performed without a trap):
   lh lhu lw lwu ld sh sw sd flh flw fld fsh fsw fsd and compressed loads /
   stores at every misaligned offset class, including accesses that straddle
   an 8-byte boundary.  Any trap fails the test. */
#include "test_macros.h"

TEST_CODE_BEGIN
    /* loads: mdata bytes are 11 22 33 44 55 66 77 88 | 88 99 aa bb cc dd ee ff | 00 01 02 ... */
    TEST_LOAD(2,  lh,  0x3322, 1, mdata)
    TEST_LOAD(3,  lh,  0xffffffffffff8888, 7, mdata)
    TEST_LOAD(4,  lhu, 0x8888, 7, mdata)
    TEST_LOAD(5,  lhu, 0xbbaa, 10, mdata)
    TEST_LOAD(6,  lw,  0x55443322, 1, mdata)
    TEST_LOAD(7,  lw,  0x66554433, 2, mdata)
    TEST_LOAD(8,  lw,  0x77665544, 3, mdata)
    TEST_LOAD(9,  lw,  0xffffffff88887766, 5, mdata)
    TEST_LOAD(10, lwu, 0x88887766, 5, mdata)
    TEST_LOAD(11, lw,  0xffffffff99888877, 6, mdata)
    TEST_LOAD(12, lwu, 0xaa998888, 7, mdata)
    TEST_LOAD(13, ld,  0x8888776655443322, 1, mdata)
    TEST_LOAD(14, ld,  0xaa99888877665544, 3, mdata)   /* bytes 3..10 */
    TEST_LOAD(15, ld,  0xffeeddccbbaa9988, 8, mdata)    /* aligned reference */
    TEST_LOAD(16, ld,  0x00ffeeddccbbaa99, 9, mdata)
    TEST_LOAD(17, ld,  0x0403020100ffeedd, 13, mdata)
    TEST_LOAD(18, ld,  0x020100ffeeddccbb, -5, mdata_hi)
    /* stores: write misaligned, read back aligned */
    TEST_CASE(19, a0, 0x0000000000ab0000, la a1, mstore; sd zero, 0(a1); sd zero, 8(a1); li a2, 0xab; sb a2, 2(a1); ld a0, 0(a1))
    TEST_CASE(20, a0, 0x00000000cdef0000, la a1, mstore; sd zero, 0(a1); li a2, 0xcdef; sh a2, 2(a1); ld a0, 0(a1))
    TEST_CASE(21, a0, 0x0000000000cdef00, la a1, mstore; sd zero, 0(a1); li a2, 0xcdef; sh a2, 1(a1); ld a0, 0(a1))
    TEST_CASE(22, a0, 0x3400000000000000, la a1, mstore; sd zero, 0(a1); sd zero, 8(a1); li a2, 0x1234; sh a2, 7(a1); ld a0, 0(a1))
    TEST_CASE(23, a0, 0x0000000000000012, ld a0, 8(a1))
    TEST_CASE(24, a0, 0x00deadbeef000000, la a1, mstore; sd zero, 0(a1); li a2, 0xdeadbeef; sw a2, 3(a1); ld a0, 0(a1))
    TEST_CASE(25, a0, 0xbeef000000000000, la a1, mstore; sd zero, 0(a1); sd zero, 8(a1); sw a2, 6(a1); ld a0, 0(a1))
    TEST_CASE(26, a0, 0x000000000000dead, ld a0, 8(a1))
    TEST_CASE(27, a0, 0x23456789abcdef00, la a1, mstore; sd zero, 0(a1); sd zero, 8(a1); li a2, 0x0123456789abcdef; sd a2, 1(a1); ld a0, 0(a1))
    TEST_CASE(28, a0, 0x0000000000000001, ld a0, 8(a1))
    TEST_CASE(29, a0, 0x0123456789abcdef, ld a0, 1(a1))
    TEST_CASE(30, a0, 0xabcdef0000000000, la a1, mstore; sd zero, 0(a1); sd zero, 8(a1); sd a2, 5(a1); ld a0, 0(a1))
    TEST_CASE(31, a0, 0x0000000123456789, ld a0, 8(a1))
    /* FP loads / stores */
    TEST_CASE(32, a0, 0xffffffff55443322, la a1, mdata; flw fa0, 1(a1); fmv.x.d a0, fa0)
    TEST_CASE(33, a0, 0x8888776655443322, la a1, mdata; fld fa0, 1(a1); fmv.x.d a0, fa0)
    TEST_CASE(34, a0, 0xffffffffffff8888, la a1, mdata; flh fa0, 7(a1); fmv.x.d a0, fa0)
    TEST_CASE(35, a0, 0x8888776655443322, la a1, mstore; sd zero, 0(a1); sd zero, 8(a1); la a3, mdata; fld fa1, 1(a3); fsd fa1, 7(a1); ld a0, 7(a1))
    TEST_CASE(36, a0, 0x0088887766554433, ld a0, 8(a1))
    TEST_CASE(37, a0, 0x55443322, la a1, mstore; flw fa1, 1(a3); fsw fa1, 3(a1); lwu a0, 3(a1))
    TEST_CASE(38, a0, 0x8888, la a1, mstore; flh fa1, 7(a3); fsh fa1, 5(a1); lhu a0, 5(a1))
    /* compressed loads / stores with a misaligned base */
    TEST_CASE(39, a0, 0x55443322, la a1, mdata; addi a1, a1, 1; c.lw a0, 0(a1))
    TEST_CASE(40, a0, 0x00ffeeddccbbaa99, la a1, mdata; addi a1, a1, 1; c.ld a0, 8(a1))
    TEST_CASE(41, a0, 0x7766554433221100, la a1, mstore; addi a1, a1, 3; li a2, 0x7766554433221100; c.sd a2, 0(a1); ld a0, 0(a1))
    TEST_CASE(42, a0, 0x33221100, la a1, mstore; addi a1, a1, 2; c.sw a2, 4(a1); lwu a0, 4(a1))
TEST_CODE_END

TEST_DATA_BEGIN
    .align 4
mdata:
    .dword 0x8877665544332211
    .dword 0xffeeddccbbaa9988
mdata_hi:
    .dword 0x0706050403020100
    .align 4
mstore:
    .skip 32
TEST_DATA_END
