//! RISC-V instruction-word encoders (RV64GC + Zfh subset used by the
//! differential tester).  Written from the ISA manual's format tables; every
//! function returns the raw instruction bits (32-bit words, or 16-bit parcels
//! in the low half of a `u32` for RVC).

#![allow(dead_code)]

// ---------------------------------------------------------------- 32-bit ---

/// R-type: funct7 | rs2 | rs1 | funct3 | rd | opcode
pub fn r(opc: u32, rd: u8, f3: u32, rs1: u8, rs2: u8, f7: u32) -> u32 {
    (f7 & 0x7f) << 25
        | (rs2 as u32 & 31) << 20
        | (rs1 as u32 & 31) << 15
        | (f3 & 7) << 12
        | (rd as u32 & 31) << 7
        | (opc & 0x7f)
}

/// I-type: imm[11:0] | rs1 | funct3 | rd | opcode
pub fn i(opc: u32, rd: u8, f3: u32, rs1: u8, imm: i32) -> u32 {
    assert!((-2048..=2047).contains(&imm), "I-imm out of range: {imm}");
    ((imm as u32) & 0xfff) << 20
        | (rs1 as u32 & 31) << 15
        | (f3 & 7) << 12
        | (rd as u32 & 31) << 7
        | (opc & 0x7f)
}

/// S-type: imm[11:5] | rs2 | rs1 | funct3 | imm[4:0] | opcode
pub fn s(opc: u32, f3: u32, rs1: u8, rs2: u8, imm: i32) -> u32 {
    assert!((-2048..=2047).contains(&imm), "S-imm out of range: {imm}");
    let imm = imm as u32 & 0xfff;
    (imm >> 5) << 25
        | (rs2 as u32 & 31) << 20
        | (rs1 as u32 & 31) << 15
        | (f3 & 7) << 12
        | (imm & 31) << 7
        | (opc & 0x7f)
}

/// U-type: imm[31:12] | rd | opcode  (`imm20` is the 20-bit field value)
pub fn u(opc: u32, rd: u8, imm20: u32) -> u32 {
    (imm20 & 0xfffff) << 12 | (rd as u32 & 31) << 7 | (opc & 0x7f)
}

/// R4-type (fused multiply-add): rs3 | fmt | rs2 | rs1 | rm | rd | opcode
pub fn r4(opc: u32, rd: u8, rm: u32, rs1: u8, rs2: u8, rs3: u8, fmt: u32) -> u32 {
    (rs3 as u32 & 31) << 27
        | (fmt & 3) << 25
        | (rs2 as u32 & 31) << 20
        | (rs1 as u32 & 31) << 15
        | (rm & 7) << 12
        | (rd as u32 & 31) << 7
        | (opc & 0x7f)
}

/// Shift-immediate (RV64 6-bit shamt): funct6 | shamt | rs1 | funct3 | rd | opcode
pub fn shift64(opc: u32, rd: u8, f3: u32, rs1: u8, shamt: u32, f6: u32) -> u32 {
    assert!(shamt < 64);
    (f6 & 0x3f) << 26
        | (shamt & 63) << 20
        | (rs1 as u32 & 31) << 15
        | (f3 & 7) << 12
        | (rd as u32 & 31) << 7
        | (opc & 0x7f)
}

/// Shift-immediate word form (5-bit shamt): funct7 | shamt | rs1 | funct3 | rd | opcode
pub fn shift32(opc: u32, rd: u8, f3: u32, rs1: u8, shamt: u32, f7: u32) -> u32 {
    assert!(shamt < 32);
    r(opc, rd, f3, rs1, shamt as u8, f7)
}

/// AMO: funct5 | aq | rl | rs2 | rs1 | funct3 | rd | 0101111
pub fn amo(f5: u32, aq: bool, rl: bool, rd: u8, rs1: u8, rs2: u8, f3: u32) -> u32 {
    let f7 = (f5 & 31) << 2 | (aq as u32) << 1 | rl as u32;
    r(0x2f, rd, f3, rs1, rs2, f7)
}

/// CSR access: csr | rs1/uimm | funct3 | rd | 1110011
pub fn csr(f3: u32, rd: u8, csr: u32, rs1_or_uimm: u8) -> u32 {
    (csr & 0xfff) << 20
        | (rs1_or_uimm as u32 & 31) << 15
        | (f3 & 7) << 12
        | (rd as u32 & 31) << 7
        | 0x73
}

pub const ECALL: u32 = 0x0000_0073;

// ---------------------------------------------------------------- RVC ------
// Register fields of the 3-bit forms encode x8..x15 / f8..f15.

fn c3(r: u8) -> u32 {
    assert!((8..16).contains(&r), "RVC 3-bit register out of range: {r}");
    (r - 8) as u32
}

/// CI format with a 6-bit immediate split as imm[5] -> bit 12, imm[4:0] -> bits 6:2.
pub fn ci(op: u32, f3: u32, rd: u8, imm6: u32) -> u32 {
    (f3 & 7) << 13 | ((imm6 >> 5) & 1) << 12 | (rd as u32 & 31) << 7 | (imm6 & 31) << 2 | (op & 3)
}

/// c.addi16sp: nzimm[9] -> 12, nzimm[4|6|8:7|5] -> 6:2.
pub fn c_addi16sp(nzimm: i32) -> u32 {
    assert!(nzimm != 0 && nzimm % 16 == 0 && (-512..=496).contains(&nzimm));
    let v = nzimm as u32;
    let b = |n: u32| (v >> n) & 1;
    0b011 << 13
        | b(9) << 12
        | 2 << 7
        | b(4) << 6
        | b(6) << 5
        | b(8) << 4
        | b(7) << 3
        | b(5) << 2
        | 0b01
}

/// c.addi4spn: nzuimm[5:4|9:6|2|3] -> bits 12:5, rd' -> 4:2.
pub fn c_addi4spn(rd: u8, nzuimm: u32) -> u32 {
    assert!(nzuimm != 0 && nzuimm.is_multiple_of(4) && nzuimm < 1024);
    let b = |n: u32| (nzuimm >> n) & 1;
    let field =
        b(5) << 7 | b(4) << 6 | b(9) << 5 | b(8) << 4 | b(7) << 3 | b(6) << 2 | b(2) << 1 | b(3);
    field << 5 | c3(rd) << 2
}

/// CB-format ALU (c.srli / c.srai / c.andi): 100 | imm[5] | f2 | rd' | imm[4:0] | 01
pub fn cb_alu(f2: u32, rd: u8, imm6: u32) -> u32 {
    0b100 << 13 | ((imm6 >> 5) & 1) << 12 | (f2 & 3) << 10 | c3(rd) << 7 | (imm6 & 31) << 2 | 0b01
}

/// CA format (c.sub/xor/or/and, c.subw/addw): 100 | w | 11 | rd' | f2 | rs2' | 01
pub fn ca(word: bool, f2: u32, rd: u8, rs2: u8) -> u32 {
    0b100 << 13
        | (word as u32) << 12
        | 0b11 << 10
        | c3(rd) << 7
        | (f2 & 3) << 5
        | c3(rs2) << 2
        | 0b01
}

/// CR format (c.mv: bit12 = 0, c.add: bit12 = 1): 100 | b12 | rd | rs2 | 10
pub fn cr(b12: bool, rd: u8, rs2: u8) -> u32 {
    0b100 << 13 | (b12 as u32) << 12 | (rd as u32 & 31) << 7 | (rs2 as u32 & 31) << 2 | 0b10
}

/// CL/CS with a word offset (c.lw / c.sw): uimm[5:3] -> 12:10, uimm[2] -> 6, uimm[6] -> 5.
pub fn cls_w(f3: u32, rs1: u8, r2: u8, uimm: u32) -> u32 {
    assert!(uimm.is_multiple_of(4) && uimm < 128);
    (f3 & 7) << 13
        | ((uimm >> 3) & 7) << 10
        | c3(rs1) << 7
        | ((uimm >> 2) & 1) << 6
        | ((uimm >> 6) & 1) << 5
        | c3(r2) << 2
}

/// CL/CS with a doubleword offset (c.ld/c.sd/c.fld/c.fsd): uimm[5:3] -> 12:10, uimm[7:6] -> 6:5.
pub fn cls_d(f3: u32, rs1: u8, r2: u8, uimm: u32) -> u32 {
    assert!(uimm.is_multiple_of(8) && uimm < 256);
    (f3 & 7) << 13 | ((uimm >> 3) & 7) << 10 | c3(rs1) << 7 | ((uimm >> 6) & 3) << 5 | c3(r2) << 2
}

// ---------------------------------------------------------------- RVV ------
// Vector formats (RVV 1.0, "Vector Instruction Formats").  `masked` is the
// inverse of the vm bit: masked == true encodes vm=0 (executes under v0.t).

/// OP-V arithmetic: funct6 | vm | vs2 | vs1/rs1/imm5 | funct3 | vd/rd | 1010111
pub fn opv(f6: u32, masked: bool, vs2: u8, vs1: u8, f3: u32, vd: u8) -> u32 {
    (f6 & 0x3f) << 26
        | (!masked as u32) << 25
        | (vs2 as u32 & 31) << 20
        | (vs1 as u32 & 31) << 15
        | (f3 & 7) << 12
        | (vd as u32 & 31) << 7
        | 0x57
}

/// vsetvli rd, rs1, vtypei: 0 | zimm[10:0] | rs1 | 111 | rd | 1010111
pub fn vsetvli(rd: u8, rs1: u8, zimm11: u32) -> u32 {
    (zimm11 & 0x7ff) << 20 | (rs1 as u32 & 31) << 15 | 7 << 12 | (rd as u32 & 31) << 7 | 0x57
}

/// vsetivli rd, uimm, vtypei: 11 | zimm[9:0] | uimm[4:0] | 111 | rd | 1010111
pub fn vsetivli(rd: u8, uimm5: u32, zimm10: u32) -> u32 {
    0b11 << 30
        | (zimm10 & 0x3ff) << 20
        | (uimm5 & 31) << 15
        | 7 << 12
        | (rd as u32 & 31) << 7
        | 0x57
}

/// vsetvl rd, rs1, rs2: 1000000 | rs2 | rs1 | 111 | rd | 1010111
pub fn vsetvl(rd: u8, rs1: u8, rs2: u8) -> u32 {
    r(0x57, rd, 7, rs1, rs2, 0x40)
}

/// Vector load/store: nf | mew | mop | vm | lumop/sumop/rs2/vs2 | rs1 | width | vd/vs3 | opcode
/// (LOAD-FP 0000111 for loads, STORE-FP 0100111 for stores).  `nf` is the
/// field value (segments - 1, or registers - 1 for whole-register accesses).
#[allow(clippy::too_many_arguments)]
pub fn vmem(
    store: bool,
    nf: u32,
    mop: u32,
    masked: bool,
    r2: u8,
    rs1: u8,
    width: u32,
    vd: u8,
) -> u32 {
    (nf & 7) << 29
        | (mop & 3) << 26
        | (!masked as u32) << 25
        | (r2 as u32 & 31) << 20
        | (rs1 as u32 & 31) << 15
        | (width & 7) << 12
        | (vd as u32 & 31) << 7
        | if store { 0x27 } else { 0x07 }
}

/// width field of vector loads/stores for an element width in bits
pub fn vwidth(eew: u32) -> u32 {
    match eew {
        8 => 0,
        16 => 5,
        32 => 6,
        64 => 7,
        _ => panic!("bad EEW {eew}"),
    }
}
