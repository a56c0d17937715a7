//! Random straight-line RV64GC+Zfh program generator.
//!
//! A program is: prologue (set every register and frm/fflags) + body (random
//! "items", each one or a few instructions that belong together, e.g. an
//! address setup followed by an AMO), each item followed by logging code that
//! appends its results to a result log + epilogue (dump x1..x31, f0..f31,
//! fcsr, the scratch memory and the log with write(1, ..), then exit(0)).
//!
//! The result log holds, after every item, each register the item wrote, the
//! scratch doubleword it stored to (if any) and fcsr (for FP and FP-CSR
//! items), so a divergence is seen even if the value is overwritten later.
//!
//! The generator records, for every instruction it emits, the word and an
//! objdump-style text (`mnemonic operands` with ABI register names, as printed
//! by `objdump -M no-aliases`), which is used both for the objdump encoder
//! check and for describing divergences.
//!
//! Memory layout (one RWX PT_LOAD at CODE_BASE; the log is zero-filled
//! memory past the file image, p_memsz > p_filesz):
//!
//! ```text
//! CODE_BASE ..           prologue, body (+ logging code), epilogue
//! data (page aligned, fixed from the full program so every bisection
//! prefix has identical addresses):
//!   data+0    .. +1024   constant pool: 64 integer values, 64 FP patterns
//!   data+1024 .. +1536   register dump (x1..x31, f0..f31, fcsr)
//!   data+1536 .. +2560   scratch memory (random initial contents)
//!   data+2560 ..         result log (8 bytes per entry)
//! ```
//!
//! The reserved base register (one of s0,s1,a3,a4,a5 so RVC loads/stores can
//! use it and the write() argument registers a0-a2/a7 stay free) holds
//! data+2048, so pool = base-2048.., dump = base-1024.., scratch =
//! base-512..base+511.  A second reserved register (logp, one of t0-t2,
//! s2-s11, t3-t6) walks through the log.  The program writes dump, scratch
//! and log (1536 + 8 * entries bytes) to stdout.

#![allow(dead_code)]

use crate::encode as e;

// ------------------------------------------------------------------ PRNG ---

/// splitmix64
pub struct Rng(u64);

impl Rng {
    pub fn new(seed: u64) -> Rng {
        let mut r = Rng(seed.wrapping_mul(0x2545_F491_4F6C_DD1D) ^ 0x9E37_79B9_7F4A_7C15);
        r.next();
        r
    }
    pub fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }
    pub fn below(&mut self, n: u64) -> u64 {
        assert!(n > 0);
        ((self.next() as u128 * n as u128) >> 64) as u64
    }
    /// inclusive range
    pub fn range(&mut self, lo: i64, hi: i64) -> i64 {
        lo + self.below((hi - lo + 1) as u64) as i64
    }
    pub fn chance(&mut self, pct: u64) -> bool {
        self.below(100) < pct
    }
    pub fn pick<T: Copy>(&mut self, s: &[T]) -> T {
        s[self.below(s.len() as u64) as usize]
    }
}

// ------------------------------------------------------------ registers ---

pub const XNAMES: [&str; 32] = [
    "zero", "ra", "sp", "gp", "tp", "t0", "t1", "t2", "s0", "s1", "a0", "a1", "a2", "a3", "a4",
    "a5", "a6", "a7", "s2", "s3", "s4", "s5", "s6", "s7", "s8", "s9", "s10", "s11", "t3", "t4",
    "t5", "t6",
];
pub const FNAMES: [&str; 32] = [
    "ft0", "ft1", "ft2", "ft3", "ft4", "ft5", "ft6", "ft7", "fs0", "fs1", "fa0", "fa1", "fa2",
    "fa3", "fa4", "fa5", "fa6", "fa7", "fs2", "fs3", "fs4", "fs5", "fs6", "fs7", "fs8", "fs9",
    "fs10", "fs11", "ft8", "ft9", "ft10", "ft11",
];
const RM_NAMES: [&str; 8] = ["rne", "rtz", "rdn", "rup", "rmm", "rm5", "rm6", "dyn"];

fn x(r: u8) -> &'static str {
    XNAMES[r as usize]
}
fn f(r: u8) -> &'static str {
    FNAMES[r as usize]
}
/// objdump prints the rounding mode operand only when it is not `dyn`.
fn rms(rm: u32) -> String {
    if rm == 7 {
        String::new()
    } else {
        format!(",{}", RM_NAMES[rm as usize])
    }
}

// ---------------------------------------------------------------- layout ---

pub const CODE_BASE: u64 = 0x10000;
pub const POOL_INT: usize = 64;
pub const POOL_FP: usize = 64;
/// offsets relative to the base register
pub const POOL_OFF: i32 = -2048;
pub const POOL_FP_OFF: i32 = POOL_OFF + 8 * POOL_INT as i32;
pub const DUMP_OFF: i32 = -1024;
pub const DUMP_LEN: usize = 512;
pub const SCRATCH_OFF: i32 = -512;
pub const SCRATCH_LEN: usize = 1024;
pub const DATA_LEN: usize = 2560;
pub const BASE_IN_DATA: u64 = 2048;
/// bytes written to stdout: the dump followed by the scratch memory
pub const OUT_LEN: usize = DUMP_LEN + SCRATCH_LEN;
pub const DUMP_X: i32 = DUMP_OFF; // x1 at DUMP_X, x_i at DUMP_X + 8*(i-1)
pub const DUMP_F: i32 = DUMP_OFF + 248;
pub const DUMP_FCSR: i32 = DUMP_OFF + 504;

// ----------------------------------------------------------- instructions ---

#[derive(Clone, Debug)]
pub struct Insn {
    pub word: u32,
    /// 2 (RVC) or 4
    pub len: u8,
    pub mnem: String,
    pub ops: String,
    /// objdump (binutils 2.40) only knows rm=000 for some exact conversions
    /// and prints other rm values as `.4byte`; accept that in the checker.
    pub lax: bool,
}

impl Insn {
    pub fn text(&self) -> String {
        if self.ops.is_empty() {
            self.mnem.clone()
        } else {
            format!("{} {}", self.mnem, self.ops)
        }
    }
    pub fn hex(&self) -> String {
        if self.len == 2 {
            format!("{:04x}", self.word)
        } else {
            format!("{:08x}", self.word)
        }
    }
    fn push_bytes(&self, out: &mut Vec<u8>) {
        if self.len == 2 {
            out.extend_from_slice(&(self.word as u16).to_le_bytes())
        } else {
            out.extend_from_slice(&self.word.to_le_bytes())
        }
    }
}

pub(crate) fn w(word: u32, mnem: impl Into<String>, ops: impl Into<String>) -> Insn {
    Insn {
        word,
        len: 4,
        mnem: mnem.into(),
        ops: ops.into(),
        lax: false,
    }
}
fn c(word: u32, mnem: impl Into<String>, ops: impl Into<String>) -> Insn {
    assert!(word < 0x10000 && word & 3 != 3);
    Insn {
        word,
        len: 2,
        mnem: mnem.into(),
        ops: ops.into(),
        lax: false,
    }
}

/// A group of instructions generated together (bisection works on items).
#[derive(Clone, Debug)]
pub struct Item {
    pub kind: Kind,
    pub insns: Vec<Insn>,
}

impl Item {
    fn one(kind: Kind, i: Insn) -> Item {
        Item {
            kind,
            insns: vec![i],
        }
    }
    pub fn bytes_len(&self) -> u64 {
        self.insns.iter().map(|i| i.len as u64).sum()
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Fmt {
    S,
    D,
    H,
}

impl Fmt {
    fn code(self) -> u32 {
        match self {
            Fmt::S => 0,
            Fmt::D => 1,
            Fmt::H => 2,
        }
    }
    fn sfx(self) -> &'static str {
        match self {
            Fmt::S => "s",
            Fmt::D => "d",
            Fmt::H => "h",
        }
    }
    /// suffix used by fmv.x.* / fmv.*.x
    fn mv_sfx(self) -> &'static str {
        match self {
            Fmt::S => "w",
            Fmt::D => "d",
            Fmt::H => "h",
        }
    }
    /// funct3 of FP loads/stores
    fn ls_f3(self) -> u32 {
        match self {
            Fmt::S => 2,
            Fmt::D => 3,
            Fmt::H => 1,
        }
    }
    fn ls_width(self) -> i32 {
        match self {
            Fmt::S => 4,
            Fmt::D => 8,
            Fmt::H => 2,
        }
    }
    fn ls_name(self) -> &'static str {
        match self {
            Fmt::S => "w",
            Fmt::D => "d",
            Fmt::H => "h",
        }
    }
}

// ------------------------------------------------------------ op tables ---

struct ROp {
    m: &'static str,
    opc: u32,
    f3: u32,
    f7: u32,
}
const fn rop(m: &'static str, opc: u32, f3: u32, f7: u32) -> ROp {
    ROp { m, opc, f3, f7 }
}

const INT_R: &[ROp] = &[
    rop("add", 0x33, 0, 0x00),
    rop("sub", 0x33, 0, 0x20),
    rop("sll", 0x33, 1, 0),
    rop("slt", 0x33, 2, 0),
    rop("sltu", 0x33, 3, 0),
    rop("xor", 0x33, 4, 0),
    rop("srl", 0x33, 5, 0),
    rop("sra", 0x33, 5, 0x20),
    rop("or", 0x33, 6, 0),
    rop("and", 0x33, 7, 0),
    rop("addw", 0x3b, 0, 0),
    rop("subw", 0x3b, 0, 0x20),
    rop("sllw", 0x3b, 1, 0),
    rop("srlw", 0x3b, 5, 0),
    rop("sraw", 0x3b, 5, 0x20),
];

const INT_M: &[ROp] = &[
    rop("mul", 0x33, 0, 1),
    rop("mulh", 0x33, 1, 1),
    rop("mulhsu", 0x33, 2, 1),
    rop("mulhu", 0x33, 3, 1),
    rop("div", 0x33, 4, 1),
    rop("divu", 0x33, 5, 1),
    rop("rem", 0x33, 6, 1),
    rop("remu", 0x33, 7, 1),
    rop("mulw", 0x3b, 0, 1),
    rop("divw", 0x3b, 4, 1),
    rop("divuw", 0x3b, 5, 1),
    rop("remw", 0x3b, 6, 1),
    rop("remuw", 0x3b, 7, 1),
];

/// (mnemonic, opcode, funct3)
const INT_I: &[(&str, u32, u32)] = &[
    ("addi", 0x13, 0),
    ("slti", 0x13, 2),
    ("sltiu", 0x13, 3),
    ("xori", 0x13, 4),
    ("ori", 0x13, 6),
    ("andi", 0x13, 7),
    ("addiw", 0x1b, 0),
];

/// (mnemonic, opcode, funct3, funct6/funct7, is_word)
const SHIFT_I: &[(&str, u32, u32, u32, bool)] = &[
    ("slli", 0x13, 1, 0x00, false),
    ("srli", 0x13, 5, 0x00, false),
    ("srai", 0x13, 5, 0x10, false),
    ("slliw", 0x1b, 1, 0x00, true),
    ("srliw", 0x1b, 5, 0x00, true),
    ("sraiw", 0x1b, 5, 0x20, true),
];

/// (mnemonic, funct3, width)
const LOADS: &[(&str, u32, i32)] = &[
    ("lb", 0, 1),
    ("lh", 1, 2),
    ("lw", 2, 4),
    ("ld", 3, 8),
    ("lbu", 4, 1),
    ("lhu", 5, 2),
    ("lwu", 6, 4),
];
const STORES: &[(&str, u32, i32)] = &[("sb", 0, 1), ("sh", 1, 2), ("sw", 2, 4), ("sd", 3, 8)];

/// (name, funct5)
const AMOS: &[(&str, u32)] = &[
    ("amoswap", 0x01),
    ("amoadd", 0x00),
    ("amoxor", 0x04),
    ("amoand", 0x0c),
    ("amoor", 0x08),
    ("amomin", 0x10),
    ("amomax", 0x14),
    ("amominu", 0x18),
    ("amomaxu", 0x1c),
];

/// FP ops with a rounding mode: (name, funct5)
const FP_RM: &[(&str, u32)] = &[
    ("fadd", 0x00),
    ("fsub", 0x01),
    ("fmul", 0x02),
    ("fdiv", 0x03),
];
/// FP ops with fixed funct3: (name, funct5, funct3)
const FP_SGNJ_MINMAX: &[(&str, u32, u32)] = &[
    ("fsgnj", 0x04, 0),
    ("fsgnjn", 0x04, 1),
    ("fsgnjx", 0x04, 2),
    ("fmin", 0x05, 0),
    ("fmax", 0x05, 1),
];
const FP_CMP: &[(&str, u32)] = &[("feq", 2), ("flt", 1), ("fle", 0)];
/// int types for fcvt: (name, rs2 selector)
const CVT_INT: &[(&str, u8)] = &[("w", 0), ("wu", 1), ("l", 2), ("lu", 3)];
/// FMA: (name, opcode)
const FMA: &[(&str, u32)] = &[
    ("fmadd", 0x43),
    ("fmsub", 0x47),
    ("fnmsub", 0x4b),
    ("fnmadd", 0x4f),
];
const FMTS: [Fmt; 3] = [Fmt::S, Fmt::D, Fmt::H];

/// Widening/exact conversions binutils 2.40 disassembles only with rm=000.
fn exact_cvt(m: &str) -> bool {
    matches!(
        m,
        "fcvt.d.s" | "fcvt.d.w" | "fcvt.d.wu" | "fcvt.s.h" | "fcvt.d.h"
    )
}

// ------------------------------------------------------------------ kinds ---

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    IntR,
    IntM,
    DivSpecial,
    IntI,
    ShiftI,
    LuiAuipc,
    Load,
    Store,
    Amo,
    LrSc,
    Csr,
    Fence,
    FpArith,
    FpSqrt,
    FpSgnjMinMax,
    FpCmp,
    FpClass,
    FpMvXF,
    FpMvFX,
    FpCvtIF,
    FpCvtFI,
    FpCvtFF,
    Fma,
    FpLoad,
    /// FP load of an interesting pattern from the constant pool (keeps the
    /// register file from decaying into canonical NaNs over long bodies)
    FpReload,
    /// reload a non-NaN pool value into a temp and fmin/fmax it into a
    /// register in place: at run time this replaces a NaN by a number
    FpSanitize,
    FpStore,
    CAddi,
    CAddiw,
    CLi,
    CLui,
    CAddi16sp,
    CAddi4spn,
    CSlli,
    CSrliSrai,
    CAndi,
    CArith,
    CMv,
    CAdd,
    CLoad,
    CStore,
    CFld,
    CFsd,
    /// prologue / epilogue instructions
    Frame,
}

/// Relative weights of the body item kinds.
pub const WEIGHTS: &[(Kind, u32)] = &[
    (Kind::IntR, 90),
    (Kind::IntM, 55),
    (Kind::DivSpecial, 10),
    (Kind::IntI, 60),
    (Kind::ShiftI, 35),
    (Kind::LuiAuipc, 12),
    (Kind::Load, 45),
    (Kind::Store, 35),
    (Kind::Amo, 25),
    (Kind::LrSc, 10),
    (Kind::Csr, 18),
    (Kind::Fence, 2),
    (Kind::FpArith, 80),
    (Kind::FpSqrt, 14),
    (Kind::FpSgnjMinMax, 40),
    (Kind::FpCmp, 25),
    (Kind::FpClass, 12),
    (Kind::FpMvXF, 12),
    (Kind::FpMvFX, 14),
    (Kind::FpCvtIF, 35),
    (Kind::FpCvtFI, 30),
    (Kind::FpCvtFF, 30),
    (Kind::Fma, 50),
    (Kind::FpLoad, 25),
    (Kind::FpReload, 80),
    (Kind::FpSanitize, 60),
    (Kind::FpStore, 18),
    (Kind::CAddi, 12),
    (Kind::CAddiw, 10),
    (Kind::CLi, 10),
    (Kind::CLui, 8),
    (Kind::CAddi16sp, 3),
    (Kind::CAddi4spn, 4),
    (Kind::CSlli, 8),
    (Kind::CSrliSrai, 10),
    (Kind::CAndi, 8),
    (Kind::CArith, 20),
    (Kind::CMv, 10),
    (Kind::CAdd, 10),
    (Kind::CLoad, 10),
    (Kind::CStore, 8),
    (Kind::CFld, 6),
    (Kind::CFsd, 5),
];

// ------------------------------------------------------- interesting values ---

const NICE: &[f64] = &[
    0.5,
    1.5,
    2.5,
    -0.5,
    -1.5,
    3.0,
    0.1,
    1.0 / 3.0,
    2147483647.0,
    2147483647.5,
    2147483648.0,
    -2147483648.0,
    -2147483648.5,
    -2147483649.0,
    4294967295.0,
    4294967295.5,
    4294967296.0,
    9223372036854775807.0,
    9223372036854775808.0,
    -9223372036854775808.0,
    18446744073709551615.0,
    18446744073709551616.0,
    65504.0,
    65519.0,
    65520.0,
    -65536.0,
    1e-7,
    6.1e-5,
    1.0 / 16777216.0, // 2^-24: smallest f16 subnormal
    1e38,
    f32::MAX as f64,
    1.1754943508222875e-38,
    2.2250738585072014e-308,
    1.7976931348623157e308,
];

/// f64 -> IEEE binary16, round to nearest even (for building test patterns).
pub fn f64_to_f16(v: f64) -> u16 {
    let sign = ((v.to_bits() >> 63) as u16) << 15;
    if v.is_nan() {
        return sign | 0x7e00;
    }
    let a = v.abs();
    if a < 6.103515625e-05 {
        // subnormal range (2^-14): unit 2^-24
        let m = (a * 16777216.0).round_ties_even() as u16; // may round up to 0x400 = min normal
        return sign | m;
    }
    if a.is_infinite() {
        return sign | 0x7c00;
    }
    let e = ((a.to_bits() >> 52) & 0x7ff) as i32 - 1023;
    let frac = a / 2f64.powi(e) - 1.0; // [0,1)
    let m = (frac * 1024.0).round_ties_even() as u32;
    let bits = (((e + 15) as u32) << 10) + m;
    if bits >= 0x7c00 {
        sign | 0x7c00
    } else {
        sign | bits as u16
    }
}

/// Raw FP bit pattern of width fmt (not NaN-boxed).
pub fn fp_bits(r: &mut Rng, fmt: Fmt) -> u64 {
    let (eb, mb): (u32, u32) = match fmt {
        Fmt::S => (8, 23),
        Fmt::D => (11, 52),
        Fmt::H => (5, 10),
    };
    let emax: u64 = (1 << eb) - 1;
    let bias: i64 = (emax >> 1) as i64;
    let mmask: u64 = (1 << mb) - 1;
    let sign = r.below(2);
    let pack = |s: u64, e: u64, m: u64| (s << (eb + mb)) | (e << mb) | (m & mmask);
    let clamp_e = |e: i64| e.clamp(1, emax as i64 - 1) as u64;
    // weighted classes (out of 100): NaNs 5%, infinities 4%, so that long
    // bodies do not decay into NaN-only arithmetic (an op with 2-3 sources
    // sees a NaN input far more often than any single value is a NaN)
    let t = r.below(100);
    let class = match t {
        0..=5 => 0,    // zero
        6..=9 => 1,    // inf
        10 => 2,       // canonical qNaN
        11..=12 => 3,  // qNaN with payload
        13..=14 => 4,  // sNaN
        15..=21 => 5,  // one
        22..=29 => 6,  // subnormal
        30..=37 => 7,  // min/max normal
        38..=53 => 8,  // nice values
        54..=73 => 10, // random near 1
        74..=81 => 12, // integer-ish
        82..=89 => 13, // conversion boundaries
        90..=94 => 14, // tiny normals
        _ => 15,       // random bits
    };
    match class {
        0 => pack(sign, 0, 0),
        1 => pack(sign, emax, 0),
        2 => pack(0, emax, 1 << (mb - 1)),
        3 => pack(sign, emax, (1 << (mb - 1)) | r.next()),
        4 => pack(sign, emax, (r.next() & (mmask >> 1)).max(1)),
        5 => pack(sign, bias as u64, 0),
        6 => {
            let m = match r.below(3) {
                0 => 1,
                1 => mmask,
                _ => r.next().max(1),
            };
            pack(sign, 0, m)
        }
        7 => {
            let e = if r.chance(50) { 1 } else { emax - 1 };
            let m = match r.below(3) {
                0 => 0,
                1 => mmask,
                _ => r.next(),
            };
            pack(sign, e, m)
        }
        8 | 9 => {
            let v = r.pick(NICE);
            let v = if r.chance(30) { -v } else { v };
            match fmt {
                Fmt::D => v.to_bits(),
                Fmt::S => (v as f32).to_bits() as u64,
                Fmt::H => f64_to_f16(v) as u64,
            }
        }
        10 | 11 => {
            let spread = if fmt == Fmt::H { 4 } else { 8 };
            pack(sign, clamp_e(bias + r.range(-spread, spread)), r.next())
        }
        12 => {
            // integers with a few fraction bits: rounding-mode sensitive conversions
            let e = clamp_e(bias + mb as i64 - r.range(0, 3));
            let m = if r.chance(50) {
                r.next() & !3 | r.pick(&[1, 2, 3])
            } else {
                r.next()
            };
            pack(sign, e, m)
        }
        13 => {
            // around the int32/int64 conversion boundaries
            let e = clamp_e(bias + r.pick(&[30, 31, 32, 62, 63, 64]));
            let m = match r.below(3) {
                0 => 0,
                1 => mmask,
                _ => r.next(),
            };
            pack(sign, e, m)
        }
        14 => pack(sign, clamp_e(r.range(1, 6)), r.next()), // tiny normals: underflow paths
        _ => {
            let width = 1 + eb + mb;
            if width == 64 {
                r.next()
            } else {
                r.next() & ((1u64 << width) - 1)
            }
        }
    }
}

/// Is the low `fmt`-width part of `v` a NaN (as an FP load of it would read)?
fn is_nan_low(v: u64, fmt: Fmt) -> bool {
    match fmt {
        Fmt::D => (v >> 52) & 0x7ff == 0x7ff && v & ((1 << 52) - 1) != 0,
        Fmt::S => (v >> 23) & 0xff == 0xff && v & 0x7f_ffff != 0,
        Fmt::H => (v >> 10) & 0x1f == 0x1f && v & 0x3ff != 0,
    }
}

/// An FP register value for fmt: usually correctly NaN-boxed, sometimes not.
pub fn fp_reg_value(r: &mut Rng, fmt: Fmt) -> u64 {
    let b = fp_bits(r, fmt);
    match fmt {
        Fmt::D => b,
        Fmt::S => {
            if r.chance(94) {
                0xffff_ffff_0000_0000 | b
            } else {
                let upper: u64 = match r.below(4) {
                    0 => r.next() >> 32,
                    1 => 0,
                    2 => 0xffff_fffe,
                    _ => 0x7fff_ffff,
                };
                upper << 32 | b
            }
        }
        Fmt::H => {
            if r.chance(93) {
                0xffff_ffff_ffff_0000 | b
            } else {
                match r.below(3) {
                    0 => 0xffff_ffff_0000_0000 | (r.next() & 0xfffe) << 16 | b, // boxed as f32, not f16
                    1 => r.next() & !0xffff | b,
                    _ => b,
                }
            }
        }
    }
}

pub fn int_value(r: &mut Rng) -> u64 {
    match r.below(14) {
        0 => 0,
        1 => 1,
        2 => u64::MAX,
        3 => r.range(-20, 20) as u64,
        4 => r.pick(&[
            0x7fff_ffffu64,
            0x8000_0000,
            0xffff_ffff,
            0x7fff_ffff_ffff_ffff,
            0x8000_0000_0000_0000,
            0xffff_ffff_8000_0000,
            0x1_0000_0000,
            0xffff_ffff_7fff_ffff,
            0x8000_0001,
            0x8000_0000_0000_0001,
        ]),
        5 => 1u64 << r.below(64),
        6 => (1u64 << r.below(64)).wrapping_sub(1),
        7 => (1u64 << r.below(64)).wrapping_neg(),
        8 => r.next() as u32 as i32 as i64 as u64,
        9 => r.next() as u32 as u64,
        10 => {
            let fmt = r.pick(&FMTS);
            fp_reg_value(r, fmt)
        }
        11 => r.next() & 0xffff,
        _ => r.next(),
    }
}

fn imm12(r: &mut Rng) -> i32 {
    match r.below(8) {
        0 => 0,
        1 => 1,
        2 => -1,
        3 => 2047,
        4 => -2048,
        5 | 6 => r.range(-16, 16) as i32,
        _ => r.range(-2048, 2047) as i32,
    }
}

fn imm6(r: &mut Rng) -> i32 {
    r.range(-32, 31) as i32
}

fn nz_imm6(r: &mut Rng) -> i32 {
    loop {
        let v = imm6(r);
        if v != 0 {
            return v;
        }
    }
}

// --------------------------------------------------------------- program ---

pub struct Program {
    pub seed: u64,
    pub base: u8,
    pub init_frm: u32,
    /// 64 integer values followed by 64 FP patterns
    pub pool: Vec<u64>,
    pub scratch: Vec<u8>,
    pub body: Vec<Item>,
    pub data_addr: u64,
    /// reserved register pointing into the result log
    pub logp: u8,
    /// scratch register used by the logging code (not reserved)
    pub tmp: u8,
    /// logging code emitted after each body item (parallel to `body`)
    pub logcode: Vec<Vec<Insn>>,
    /// one label per 8-byte log entry: what was logged after which item
    pub log_labels: Vec<(usize, String)>,
}

struct G<'a> {
    r: &'a mut Rng,
    base: u8,
    ftype: [Fmt; 32],
    pool_ftype: Vec<Fmt>,
    pool_fp: Vec<u64>,
    no_zfh: bool,
    /// registers the body must never write (base, log pointer)
    reserved: [bool; 32],
    /// scratch offset (relative to base) stored to by the current item
    mem_off: Option<i32>,
    logp: u8,
    tmp: u8,
    /// next log offset relative to logp
    log_lo: i32,
}

/// Generator configuration.
#[derive(Clone, Debug, Default)]
pub struct GenCfg {
    /// never generate half-precision (Zfh) instructions
    pub no_zfh: bool,
    /// item kinds not to generate
    pub exclude: Vec<Kind>,
    /// do not log item results (compare the final state only)
    pub no_log: bool,
}

impl Kind {
    /// Parse a kind name as printed by `{:?}` (case-insensitive).
    pub fn parse(s: &str) -> Option<Kind> {
        WEIGHTS
            .iter()
            .map(|w| w.0)
            .find(|k| format!("{k:?}").eq_ignore_ascii_case(s))
    }
}

impl Program {
    /// Generate a program whose body has at least `len` instructions.
    pub fn generate(seed: u64, len: usize, cfg: &GenCfg) -> Program {
        let mut r = Rng::new(seed);
        let fmts: &[Fmt] = if cfg.no_zfh { &[Fmt::S, Fmt::D] } else { &FMTS };
        let base = r.pick(&[8u8, 9, 13, 14, 15]);
        let init_frm = r.below(5) as u32;
        let mut pool = Vec::with_capacity(POOL_INT + POOL_FP);
        for _ in 0..POOL_INT {
            pool.push(int_value(&mut r));
        }
        let mut pool_ftype = Vec::with_capacity(POOL_FP);
        for _ in 0..POOL_FP {
            let fmt = r.pick(fmts);
            pool_ftype.push(fmt);
            pool.push(fp_reg_value(&mut r, fmt));
        }
        let mut scratch = Vec::with_capacity(SCRATCH_LEN);
        for _ in 0..SCRATCH_LEN / 8 {
            // FP patterns are stored raw (not NaN-boxed) so that flw/flh/fld of
            // any aligned part reads a value of that format
            let v = match r.below(10) {
                0..=2 => r.next(),
                3 | 4 => int_value(&mut r),
                5 | 6 => fp_bits(&mut r, Fmt::D),
                7 | 8 => fp_bits(&mut r, Fmt::S) | fp_bits(&mut r, Fmt::S) << 32,
                _ => (0..4).fold(0u64, |a, k| a | fp_bits(&mut r, Fmt::H) << (16 * k)),
            };
            scratch.extend_from_slice(&v.to_le_bytes());
        }
        let mut ftype = [Fmt::D; 32];
        ftype.copy_from_slice(&pool_ftype[..32]);
        let weights: Vec<(Kind, u32)> = WEIGHTS
            .iter()
            .copied()
            .filter(|(k, _)| !cfg.exclude.contains(k))
            .collect();
        assert!(!weights.is_empty(), "every instruction kind is excluded");
        let total_w: u32 = weights.iter().map(|k| k.1).sum();
        let pool_fp = pool[POOL_INT..].to_vec();
        let logp = r.pick(&[
            5u8, 6, 7, 18, 19, 20, 21, 22, 23, 24, 25, 26, 27, 28, 29, 30, 31,
        ]);
        let tmp = loop {
            let t = r.range(1, 31) as u8;
            if t != base && t != logp && t != 2 {
                break t;
            }
        };
        let mut reserved = [false; 32];
        reserved[base as usize] = true;
        reserved[logp as usize] = true;
        let mut g = G {
            r: &mut r,
            base,
            ftype,
            pool_ftype,
            pool_fp,
            no_zfh: cfg.no_zfh,
            reserved,
            mem_off: None,
            logp,
            tmp,
            log_lo: -2048,
        };
        let mut body = Vec::new();
        let mut logcode = Vec::new();
        let mut log_labels = Vec::new();
        let mut n = 0;
        while n < len {
            let mut t = g.r.below(total_w as u64) as u32;
            let mut kind = weights[0].0;
            for &(k, wt) in &weights {
                if t < wt {
                    kind = k;
                    break;
                }
                t -= wt;
            }
            g.mem_off = None;
            let item = g.item(kind);
            n += item.insns.len();
            let code = if cfg.no_log {
                Vec::new()
            } else {
                g.log_code(&item, body.len(), &mut log_labels)
            };
            logcode.push(code);
            body.push(item);
        }
        let mut p = Program {
            seed,
            base,
            init_frm,
            pool,
            scratch,
            body,
            data_addr: 0,
            logp,
            tmp,
            logcode,
            log_labels,
        };
        let code_len = p.prologue().len() as u64 * 4
            + p.body.iter().map(|i| i.bytes_len()).sum::<u64>()
            + p.logcode
                .iter()
                .flatten()
                .map(|i| i.len as u64)
                .sum::<u64>()
            + p.epilogue().iter().map(|i| i.len as u64).sum::<u64>();
        p.data_addr = (CODE_BASE + code_len + 0xfff) & !0xfff;
        p
    }

    pub fn base_addr(&self) -> u64 {
        self.data_addr + BASE_IN_DATA
    }

    /// bytes of the result log (8 per entry)
    pub fn log_len(&self) -> usize {
        8 * self.log_labels.len()
    }

    /// bytes the program writes to stdout
    pub fn out_len(&self) -> usize {
        OUT_LEN + self.log_len()
    }

    fn log_addr(&self) -> u64 {
        self.data_addr + DATA_LEN as u64
    }

    pub fn body_insn_count(&self, nitems: usize) -> usize {
        self.body[..nitems].iter().map(|i| i.insns.len()).sum()
    }

    pub fn prologue(&self) -> Vec<Insn> {
        let b = self.base;
        let addr = self.base_addr();
        assert!(addr < 0x7fff_f000);
        let (hi, lo) = hi_lo(addr);
        let mut v = vec![
            w(e::u(0x37, b, hi), "lui", format!("{},0x{:x}", x(b), hi)),
            w(
                e::i(0x13, b, 0, b, lo),
                "addi",
                format!("{},{},{}", x(b), x(b), lo),
            ),
        ];
        let (lp, lhi, llo) = (
            self.logp,
            hi_lo(self.log_addr() + 2048).0,
            hi_lo(self.log_addr() + 2048).1,
        );
        v.push(w(
            e::u(0x37, lp, lhi),
            "lui",
            format!("{},0x{:x}", x(lp), lhi),
        ));
        v.push(w(
            e::i(0x13, lp, 0, lp, llo),
            "addi",
            format!("{},{},{}", x(lp), x(lp), llo),
        ));
        for i in 1..32u8 {
            if i == b || i == lp {
                continue;
            }
            let off = POOL_OFF + 8 * i as i32;
            v.push(w(
                e::i(0x03, i, 3, b, off),
                "ld",
                format!("{},{}({})", x(i), off, x(b)),
            ));
        }
        for i in 0..32u8 {
            let off = POOL_FP_OFF + 8 * i as i32;
            v.push(w(
                e::i(0x07, i, 3, b, off),
                "fld",
                format!("{},{}({})", f(i), off, x(b)),
            ));
        }
        v.push(w(
            e::csr(5, 0, 2, self.init_frm as u8),
            "csrrwi",
            format!("zero,frm,{}", self.init_frm),
        ));
        v.push(w(e::csr(5, 0, 1, 0), "csrrwi", "zero,fflags,0"));
        v
    }

    pub fn epilogue(&self) -> Vec<Insn> {
        let b = self.base;
        let mut v = Vec::new();
        for i in 1..32u8 {
            let off = DUMP_X + 8 * (i as i32 - 1);
            v.push(w(
                e::s(0x23, 3, b, i, off),
                "sd",
                format!("{},{}({})", x(i), off, x(b)),
            ));
        }
        for i in 0..32u8 {
            let off = DUMP_F + 8 * i as i32;
            v.push(w(
                e::s(0x27, 3, b, i, off),
                "fsd",
                format!("{},{}({})", f(i), off, x(b)),
            ));
        }
        v.push(w(e::csr(2, 5, 3, 0), "csrrs", "t0,fcsr,zero"));
        v.push(w(
            e::s(0x23, 3, b, 5, DUMP_FCSR),
            "sd",
            format!("t0,{}({})", DUMP_FCSR, x(b)),
        ));
        v.push(w(
            e::i(0x13, 11, 0, b, DUMP_OFF),
            "addi",
            format!("a1,{},{}", x(b), DUMP_OFF),
        ));
        v.push(w(e::i(0x13, 10, 0, 0, 1), "addi", "a0,zero,1"));
        let (hi, lo) = hi_lo(self.out_len() as u64);
        v.push(w(e::u(0x37, 12, hi), "lui", format!("a2,0x{hi:x}")));
        v.push(w(e::i(0x13, 12, 0, 12, lo), "addi", format!("a2,a2,{lo}")));
        v.push(w(e::i(0x13, 17, 0, 0, 64), "addi", "a7,zero,64"));
        v.push(w(e::ECALL, "ecall", ""));
        v.push(w(e::i(0x13, 10, 0, 0, 0), "addi", "a0,zero,0"));
        v.push(w(e::i(0x13, 17, 0, 0, 93), "addi", "a7,zero,93"));
        v.push(w(e::ECALL, "ecall", ""));
        v
    }

    /// Full listing for a program whose body is truncated to `nitems` items:
    /// (address, instruction, body item index if any).
    pub fn listing(&self, nitems: usize) -> Vec<(u64, Insn, Option<usize>)> {
        let mut out = Vec::new();
        let mut pc = CODE_BASE;
        for i in self.prologue() {
            let l = i.len as u64;
            out.push((pc, i, None));
            pc += l;
        }
        for (k, it) in self.body[..nitems].iter().enumerate() {
            for i in it.insns.iter().chain(&self.logcode[k]) {
                out.push((pc, i.clone(), Some(k)));
                pc += i.len as u64;
            }
        }
        for i in self.epilogue() {
            let l = i.len as u64;
            out.push((pc, i, None));
            pc += l;
        }
        out
    }

    pub fn item_addr(&self, k: usize) -> u64 {
        CODE_BASE
            + self.prologue().len() as u64 * 4
            + self.body[..k].iter().map(|i| i.bytes_len()).sum::<u64>()
            + self.logcode[..k]
                .iter()
                .flatten()
                .map(|i| i.len as u64)
                .sum::<u64>()
    }

    pub fn code_bytes(&self, nitems: usize) -> Vec<u8> {
        let mut out = Vec::new();
        for (_, i, _) in self.listing(nitems) {
            i.push_bytes(&mut out);
        }
        out
    }

    /// ELF image of the program with the body truncated to `nitems` items.
    pub fn elf(&self, nitems: usize) -> Vec<u8> {
        let code = self.code_bytes(nitems);
        let data_off = (self.data_addr - CODE_BASE) as usize;
        assert!(code.len() <= data_off);
        let mut seg = vec![0u8; data_off + DATA_LEN];
        seg[..code.len()].copy_from_slice(&code);
        for (k, v) in self.pool.iter().enumerate() {
            seg[data_off + 8 * k..data_off + 8 * k + 8].copy_from_slice(&v.to_le_bytes());
        }
        let s = data_off + (BASE_IN_DATA as i64 + SCRATCH_OFF as i64) as usize;
        seg[s..s + SCRATCH_LEN].copy_from_slice(&self.scratch);
        // the result log is zero-initialised memory past the file image
        crate::elf::write_elf(&seg, seg.len() + self.log_len(), CODE_BASE, CODE_BASE)
    }
}

// ------------------------------------------------------------- generator ---

impl G<'_> {
    /// integer destination: never the base register, rarely x0
    fn rd(&mut self) -> u8 {
        if self.r.chance(3) {
            return 0;
        }
        self.rd_nz()
    }
    fn rd_nz(&mut self) -> u8 {
        loop {
            let v = self.r.range(1, 31) as u8;
            if !self.reserved[v as usize] {
                return v;
            }
        }
    }
    fn rs(&mut self) -> u8 {
        if self.r.chance(5) {
            0
        } else {
            self.r.range(0, 31) as u8
        }
    }
    fn rs_nz(&mut self) -> u8 {
        self.r.range(1, 31) as u8
    }
    /// RVC 3-bit register destination (x8..x15 minus base)
    fn crd(&mut self) -> u8 {
        loop {
            let v = self.r.range(8, 15) as u8;
            if !self.reserved[v as usize] {
                return v;
            }
        }
    }
    fn crs(&mut self) -> u8 {
        self.r.range(8, 15) as u8
    }
    fn fmt(&mut self) -> Fmt {
        match self.r.below(if self.no_zfh { 14 } else { 20 }) {
            0..=6 => Fmt::S,
            7..=13 => Fmt::D,
            _ => Fmt::H,
        }
    }
    /// FP source, biased towards registers last written with the same format
    fn frs(&mut self, fmt: Fmt) -> u8 {
        // A mismatched format almost always reads as a NaN (boxed narrower
        // values are NaNs as wider formats, unboxed ones are canonical NaNs),
        // so keep mismatches rare to stop the register file decaying to NaN.
        if self.r.chance(93) {
            let n = self.ftype.iter().filter(|&&t| t == fmt).count();
            if n > 0 {
                let k = self.r.below(n as u64) as usize;
                return (0..32u8)
                    .filter(|&i| self.ftype[i as usize] == fmt)
                    .nth(k)
                    .unwrap();
            }
        }
        self.r.range(0, 31) as u8
    }
    fn frd(&mut self, fmt: Fmt) -> u8 {
        let v = self.r.range(0, 31) as u8;
        self.ftype[v as usize] = fmt;
        v
    }
    fn rm(&mut self) -> u32 {
        if self.r.chance(30) {
            7
        } else {
            self.r.below(5) as u32
        }
    }
    /// aligned in-bounds scratch offset (relative to base) for an access of `width` bytes
    fn scratch_off(&mut self, width: i32) -> i32 {
        let slots = SCRATCH_LEN as i32 / width;
        SCRATCH_OFF + width * self.r.below(slots as u64) as i32
    }
    /// aligned offset for a load: scratch (mostly) or constant pool
    fn load_off(&mut self, width: i32) -> i32 {
        if self.r.chance(25) {
            let slots = (8 * POOL_INT as i32) / width;
            POOL_OFF + width * self.r.below(slots as u64) as i32
        } else {
            self.scratch_off(width)
        }
    }

    /// Next log slot (offset from logp), advancing logp when the 12-bit
    /// offset range is used up.
    fn log_slot(&mut self, code: &mut Vec<Insn>) -> i32 {
        if self.log_lo > 2040 {
            let lp = self.logp;
            code.push(w(
                e::i(0x13, lp, 0, lp, 2032),
                "addi",
                format!("{},{},2032", x(lp), x(lp)),
            ));
            self.log_lo -= 2032;
        }
        let o = self.log_lo;
        self.log_lo += 8;
        o
    }

    /// Code that appends the item's results to the log: every register it
    /// writes, the scratch doubleword it stores to, and fcsr if it is an FP
    /// or FP-CSR item.  Makes a divergence visible even when the value is
    /// overwritten later.
    fn log_code(&mut self, item: &Item, k: usize, labels: &mut Vec<(usize, String)>) -> Vec<Insn> {
        let mut code = Vec::new();
        let mut seen: Vec<Dst> = Vec::new();
        let mut fcsr = false;
        for i in &item.insns {
            if let Some(d) = dest_of(i).filter(|d| !seen.contains(d)) {
                seen.push(d);
            }
            fcsr |= touches_fcsr(i);
        }
        let (lp, b, t) = (self.logp, self.base, self.tmp);
        for d in seen {
            let o = self.log_slot(&mut code);
            match d {
                Dst::X(r) => {
                    code.push(w(
                        e::s(0x23, 3, lp, r, o),
                        "sd",
                        format!("{},{}({})", x(r), o, x(lp)),
                    ));
                    labels.push((k, format!("x{r}/{}", x(r))));
                }
                Dst::F(r) => {
                    code.push(w(
                        e::s(0x27, 3, lp, r, o),
                        "fsd",
                        format!("{},{}({})", f(r), o, x(lp)),
                    ));
                    labels.push((k, format!("f{r}/{}", f(r))));
                }
            }
        }
        if let Some(m) = self.mem_off {
            let m = m - m.rem_euclid(8);
            code.push(w(
                e::i(0x03, t, 3, b, m),
                "ld",
                format!("{},{}({})", x(t), m, x(b)),
            ));
            let o = self.log_slot(&mut code);
            code.push(w(
                e::s(0x23, 3, lp, t, o),
                "sd",
                format!("{},{}({})", x(t), o, x(lp)),
            ));
            labels.push((k, format!("mem[base{m:+}]")));
        }
        if fcsr {
            code.push(w(
                e::csr(2, t, 3, 0),
                "csrrs",
                format!("{},fcsr,zero", x(t)),
            ));
            let o = self.log_slot(&mut code);
            code.push(w(
                e::s(0x23, 3, lp, t, o),
                "sd",
                format!("{},{}({})", x(t), o, x(lp)),
            ));
            labels.push((k, "fcsr".into()));
        }
        code
    }

    fn int_alu(&mut self, avoid: Option<u8>) -> Insn {
        let rd = loop {
            let v = self.rd();
            if Some(v) != avoid {
                break v;
            }
        };
        if self.r.chance(50) {
            let op = &INT_R[self.r.below(INT_R.len() as u64) as usize];
            let (a, b) = (self.rs(), self.rs());
            w(
                e::r(op.opc, rd, op.f3, a, b, op.f7),
                op.m,
                format!("{},{},{}", x(rd), x(a), x(b)),
            )
        } else {
            let (m, opc, f3) = self.r.pick(INT_I);
            let a = self.rs();
            let imm = imm12(self.r);
            w(
                e::i(opc, rd, f3, a, imm),
                m,
                format!("{},{},{}", x(rd), x(a), imm),
            )
        }
    }

    fn item(&mut self, kind: Kind) -> Item {
        use Kind::*;
        match kind {
            IntR => {
                let op = &INT_R[self.r.below(INT_R.len() as u64) as usize];
                let (a, b) = (self.rs(), self.rs());
                let rd = self.rd();
                Item::one(
                    kind,
                    w(
                        e::r(op.opc, rd, op.f3, a, b, op.f7),
                        op.m,
                        format!("{},{},{}", x(rd), x(a), x(b)),
                    ),
                )
            }
            IntM => {
                let op = &INT_M[self.r.below(INT_M.len() as u64) as usize];
                let a = self.rs();
                let b = if op.m.contains("div") || op.m.contains("rem") {
                    if self.r.chance(12) { 0 } else { self.rs() }
                } else {
                    self.rs()
                };
                let rd = self.rd();
                Item::one(
                    kind,
                    w(
                        e::r(op.opc, rd, op.f3, a, b, op.f7),
                        op.m,
                        format!("{},{},{}", x(rd), x(a), x(b)),
                    ),
                )
            }
            DivSpecial => {
                // INT_MIN / -1 overflow and x / 0 with freshly built operands
                let op = &INT_M[self.r.below(INT_M.len() as u64) as usize];
                let ra = self.rd_nz();
                let rb = loop {
                    let v = self.rd_nz();
                    if v != ra {
                        break v;
                    }
                };
                let mut v = vec![w(
                    e::i(0x13, ra, 0, 0, -1),
                    "addi",
                    format!("{},zero,-1", x(ra)),
                )];
                if op.opc == 0x3b {
                    v.push(w(
                        e::u(0x37, rb, 0x80000),
                        "lui",
                        format!("{},0x80000", x(rb)),
                    ));
                } else {
                    v.push(w(
                        e::shift64(0x13, rb, 1, ra, 63, 0),
                        "slli",
                        format!("{},{},0x3f", x(rb), x(ra)),
                    ));
                }
                let divisor = if self.r.chance(30) { 0 } else { ra };
                let rd = self.rd();
                v.push(w(
                    e::r(op.opc, rd, op.f3, rb, divisor, op.f7),
                    op.m,
                    format!("{},{},{}", x(rd), x(rb), x(divisor)),
                ));
                Item { kind, insns: v }
            }
            IntI => Item::one(kind, {
                let (m, opc, f3) = self.r.pick(INT_I);
                let a = self.rs();
                let imm = imm12(self.r);
                let rd = self.rd();
                w(
                    e::i(opc, rd, f3, a, imm),
                    m,
                    format!("{},{},{}", x(rd), x(a), imm),
                )
            }),
            ShiftI => {
                let (m, opc, f3, fx, word) = self.r.pick(SHIFT_I);
                let a = self.rs();
                let rd = self.rd();
                let insn = if word {
                    let sh = self.r.below(32) as u32;
                    w(
                        e::shift32(opc, rd, f3, a, sh, fx),
                        m,
                        format!("{},{},0x{:x}", x(rd), x(a), sh),
                    )
                } else {
                    let sh = self.r.below(64) as u32;
                    w(
                        e::shift64(opc, rd, f3, a, sh, fx),
                        m,
                        format!("{},{},0x{:x}", x(rd), x(a), sh),
                    )
                };
                Item::one(kind, insn)
            }
            LuiAuipc => {
                let imm = match self.r.below(5) {
                    0 => 0,
                    1 => 0x80000,
                    2 => 0xfffff,
                    3 => 0x7ffff,
                    _ => self.r.below(1 << 20) as u32,
                };
                let rd = self.rd();
                let (m, opc) = if self.r.chance(50) {
                    ("lui", 0x37)
                } else {
                    ("auipc", 0x17)
                };
                Item::one(
                    kind,
                    w(e::u(opc, rd, imm), m, format!("{},0x{:x}", x(rd), imm)),
                )
            }
            Load => {
                let (m, f3, width) = self.r.pick(LOADS);
                let off = self.load_off(width);
                let rd = self.rd();
                let b = self.base;
                Item::one(
                    kind,
                    w(
                        e::i(0x03, rd, f3, b, off),
                        m,
                        format!("{},{}({})", x(rd), off, x(b)),
                    ),
                )
            }
            Store => {
                let (m, f3, width) = self.r.pick(STORES);
                let off = self.scratch_off(width);
                self.mem_off = Some(off);
                let rs = self.rs();
                let b = self.base;
                Item::one(
                    kind,
                    w(
                        e::s(0x23, f3, b, rs, off),
                        m,
                        format!("{},{}({})", x(rs), off, x(b)),
                    ),
                )
            }
            Amo => {
                let (name, f5) = self.r.pick(AMOS);
                let dw = self.r.chance(50);
                let (f3, width, sfx) = if dw { (3, 8, "d") } else { (2, 4, "w") };
                let (aq, rl) = (self.r.chance(30), self.r.chance(30));
                let ra = self.rd_nz();
                let off = self.scratch_off(width);
                self.mem_off = Some(off);
                let rs2 = self.rs();
                let rd = self.rd();
                let b = self.base;
                let m = format!("{name}.{sfx}{}", aqrl(aq, rl));
                Item {
                    kind,
                    insns: vec![
                        w(
                            e::i(0x13, ra, 0, b, off),
                            "addi",
                            format!("{},{},{}", x(ra), x(b), off),
                        ),
                        w(
                            e::amo(f5, aq, rl, rd, ra, rs2, f3),
                            m,
                            format!("{},{},({})", x(rd), x(rs2), x(ra)),
                        ),
                    ],
                }
            }
            LrSc => {
                let dw = self.r.chance(50);
                let (f3, width, sfx) = if dw { (3, 8, "d") } else { (2, 4, "w") };
                let ra = self.rd_nz();
                let off = self.scratch_off(width);
                self.mem_off = Some(off);
                let b = self.base;
                let rd1 = loop {
                    let v = self.rd();
                    if v != ra {
                        break v;
                    }
                };
                let (aq1, rl1) = (self.r.chance(30), self.r.chance(20));
                let mut v = vec![
                    w(
                        e::i(0x13, ra, 0, b, off),
                        "addi",
                        format!("{},{},{}", x(ra), x(b), off),
                    ),
                    w(
                        e::amo(0x02, aq1, rl1, rd1, ra, 0, f3),
                        format!("lr.{sfx}{}", aqrl(aq1, rl1)),
                        format!("{},({})", x(rd1), x(ra)),
                    ),
                ];
                if self.r.chance(40) {
                    let i = self.int_alu(Some(ra));
                    v.push(i);
                }
                let rs2 = if self.r.chance(50) { rd1 } else { self.rs() };
                let rd2 = self.rd();
                let (aq2, rl2) = (self.r.chance(20), self.r.chance(30));
                v.push(w(
                    e::amo(0x03, aq2, rl2, rd2, ra, rs2, f3),
                    format!("sc.{sfx}{}", aqrl(aq2, rl2)),
                    format!("{},{},({})", x(rd2), x(rs2), x(ra)),
                ));

                Item { kind, insns: v }
            }
            Csr => self.csr(),
            Fence => {
                let (p, s) = (self.r.range(1, 15) as u32, self.r.range(1, 15) as u32);
                let word = p << 24 | s << 20 | 0x0f;
                Item::one(kind, w(word, "fence", format!("{},{}", iorw(p), iorw(s))))
            }
            FpArith => {
                let fmt = self.fmt();
                let (name, f5) = self.r.pick(FP_RM);
                let (a, b) = (self.frs(fmt), self.frs(fmt));
                let rm = self.rm();
                let rd = self.frd(fmt);
                Item::one(
                    kind,
                    w(
                        e::r(0x53, rd, rm, a, b, f5 << 2 | fmt.code()),
                        format!("{name}.{}", fmt.sfx()),
                        format!("{},{},{}{}", f(rd), f(a), f(b), rms(rm)),
                    ),
                )
            }
            FpSqrt => {
                let fmt = self.fmt();
                let mut a = self.frs(fmt);
                let mut v = Vec::new();
                if self.r.chance(50) {
                    // fabs first (fsgnjx x,x) so that most square roots see a
                    // non-negative operand instead of producing a NaN
                    let t = self.frd(fmt);
                    v.push(w(
                        e::r(0x53, t, 2, a, a, 0x04 << 2 | fmt.code()),
                        format!("fsgnjx.{}", fmt.sfx()),
                        format!("{},{},{}", f(t), f(a), f(a)),
                    ));
                    a = t;
                }
                let rm = self.rm();
                let rd = self.frd(fmt);
                v.push(w(
                    e::r(0x53, rd, rm, a, 0, 0x0b << 2 | fmt.code()),
                    format!("fsqrt.{}", fmt.sfx()),
                    format!("{},{}{}", f(rd), f(a), rms(rm)),
                ));
                Item { kind, insns: v }
            }
            FpSgnjMinMax => {
                let fmt = self.fmt();
                let (name, f5, f3) = self.r.pick(FP_SGNJ_MINMAX);
                let a = self.frs(fmt);
                let b = if self.r.chance(25) { a } else { self.frs(fmt) };
                let rd = self.frd(fmt);
                Item::one(
                    kind,
                    w(
                        e::r(0x53, rd, f3, a, b, f5 << 2 | fmt.code()),
                        format!("{name}.{}", fmt.sfx()),
                        format!("{},{},{}", f(rd), f(a), f(b)),
                    ),
                )
            }
            FpCmp => {
                let fmt = self.fmt();
                let (name, f3) = self.r.pick(FP_CMP);
                let (a, b) = (self.frs(fmt), self.frs(fmt));
                let rd = self.rd();
                Item::one(
                    kind,
                    w(
                        e::r(0x53, rd, f3, a, b, 0x14 << 2 | fmt.code()),
                        format!("{name}.{}", fmt.sfx()),
                        format!("{},{},{}", x(rd), f(a), f(b)),
                    ),
                )
            }
            FpClass => {
                let fmt = self.fmt();
                let a = self.frs(fmt);
                let rd = self.rd();
                Item::one(
                    kind,
                    w(
                        e::r(0x53, rd, 1, a, 0, 0x1c << 2 | fmt.code()),
                        format!("fclass.{}", fmt.sfx()),
                        format!("{},{}", x(rd), f(a)),
                    ),
                )
            }
            FpMvXF => {
                let fmt = self.fmt();
                let a = if self.r.chance(70) {
                    self.frs(fmt)
                } else {
                    self.r.range(0, 31) as u8
                };
                let rd = self.rd();
                Item::one(
                    kind,
                    w(
                        e::r(0x53, rd, 0, a, 0, 0x1c << 2 | fmt.code()),
                        format!("fmv.x.{}", fmt.mv_sfx()),
                        format!("{},{}", x(rd), f(a)),
                    ),
                )
            }
            FpMvFX => {
                let fmt = self.fmt();
                let a = self.rs();
                let rd = self.frd(fmt);
                Item::one(
                    kind,
                    w(
                        e::r(0x53, rd, 0, a, 0, 0x1e << 2 | fmt.code()),
                        format!("fmv.{}.x", fmt.mv_sfx()),
                        format!("{},{}", f(rd), x(a)),
                    ),
                )
            }
            FpCvtIF => {
                let fmt = self.fmt();
                let (iname, sel) = self.r.pick(CVT_INT);
                let a = self.frs(fmt);
                let rm = self.rm();
                let rd = self.rd();
                Item::one(
                    kind,
                    w(
                        e::r(0x53, rd, rm, a, sel, 0x18 << 2 | fmt.code()),
                        format!("fcvt.{iname}.{}", fmt.sfx()),
                        format!("{},{}{}", x(rd), f(a), rms(rm)),
                    ),
                )
            }
            FpCvtFI => {
                let fmt = self.fmt();
                let (iname, sel) = self.r.pick(CVT_INT);
                let a = self.rs();
                let m = format!("fcvt.{}.{iname}", fmt.sfx());
                let exact = exact_cvt(&m);
                let rm = if exact && self.r.chance(50) {
                    0
                } else {
                    self.rm()
                };
                let rd = self.frd(fmt);
                let ops = if exact {
                    format!("{},{}", f(rd), x(a))
                } else {
                    format!("{},{}{}", f(rd), x(a), rms(rm))
                };
                let mut i = w(e::r(0x53, rd, rm, a, sel, 0x1a << 2 | fmt.code()), m, ops);
                i.lax = exact && rm != 0;
                Item::one(kind, i)
            }
            FpCvtFF => {
                const PAIRS: [(Fmt, Fmt); 6] = [
                    (Fmt::S, Fmt::D),
                    (Fmt::D, Fmt::S),
                    (Fmt::S, Fmt::H),
                    (Fmt::H, Fmt::S),
                    (Fmt::D, Fmt::H),
                    (Fmt::H, Fmt::D),
                ];
                let (dst, src) = self
                    .r
                    .pick(if self.no_zfh { &PAIRS[..2] } else { &PAIRS[..] });
                let a = self.frs(src);
                let m = format!("fcvt.{}.{}", dst.sfx(), src.sfx());
                let exact = exact_cvt(&m);
                let rm = if exact && self.r.chance(50) {
                    0
                } else {
                    self.rm()
                };
                let rd = self.frd(dst);
                let ops = if exact {
                    format!("{},{}", f(rd), f(a))
                } else {
                    format!("{},{}{}", f(rd), f(a), rms(rm))
                };
                let mut i = w(
                    e::r(0x53, rd, rm, a, src.code() as u8, 0x08 << 2 | dst.code()),
                    m,
                    ops,
                );
                i.lax = exact && rm != 0;
                Item::one(kind, i)
            }
            Fma => {
                let fmt = self.fmt();
                let (name, opc) = self.r.pick(FMA);
                let (a, b, cc) = (self.frs(fmt), self.frs(fmt), self.frs(fmt));
                let rm = self.rm();
                let rd = self.frd(fmt);
                Item::one(
                    kind,
                    w(
                        e::r4(opc, rd, rm, a, b, cc, fmt.code()),
                        format!("{name}.{}", fmt.sfx()),
                        format!("{},{},{},{}{}", f(rd), f(a), f(b), f(cc), rms(rm)),
                    ),
                )
            }
            FpLoad | FpReload => {
                let fmt = self.fmt();
                let wd = fmt.ls_width();
                let off = if kind == FpReload {
                    // reload an interesting pattern from the FP pool, preferably of this format
                    let mut k = self.r.below(POOL_FP as u64) as usize;
                    if self.r.chance(80) {
                        let c: Vec<usize> = (0..POOL_FP)
                            .filter(|&i| self.pool_ftype[i] == fmt)
                            .collect();
                        if !c.is_empty() {
                            k = c[self.r.below(c.len() as u64) as usize];
                        }
                    }
                    POOL_FP_OFF + 8 * k as i32
                } else {
                    self.scratch_off(wd)
                };
                let rd = self.frd(fmt);
                let b = self.base;
                Item::one(
                    kind,
                    w(
                        e::i(0x07, rd, fmt.ls_f3(), b, off),
                        format!("fl{}", fmt.ls_name()),
                        format!("{},{}({})", f(rd), off, x(b)),
                    ),
                )
            }
            FpSanitize => {
                let fmt = self.fmt();
                let cands: Vec<usize> = (0..POOL_FP)
                    .filter(|&i| self.pool_ftype[i] == fmt && !is_nan_low(self.pool_fp[i], fmt))
                    .collect();
                if cands.is_empty() {
                    return self.item(FpReload);
                }
                let k = cands[self.r.below(cands.len() as u64) as usize];
                let off = POOL_FP_OFF + 8 * k as i32;
                let r = self.frs(fmt);
                let t = loop {
                    let v = self.frd(fmt);
                    if v != r {
                        break v;
                    }
                };
                self.ftype[r as usize] = fmt;
                let (name, f3) = if self.r.chance(50) {
                    ("fmin", 0)
                } else {
                    ("fmax", 1)
                };
                let b = self.base;
                Item {
                    kind,
                    insns: vec![
                        w(
                            e::i(0x07, t, fmt.ls_f3(), b, off),
                            format!("fl{}", fmt.ls_name()),
                            format!("{},{}({})", f(t), off, x(b)),
                        ),
                        w(
                            e::r(0x53, r, f3, r, t, 0x05 << 2 | fmt.code()),
                            format!("{name}.{}", fmt.sfx()),
                            format!("{},{},{}", f(r), f(r), f(t)),
                        ),
                    ],
                }
            }
            FpStore => {
                let fmt = self.fmt();
                let off = self.scratch_off(fmt.ls_width());
                self.mem_off = Some(off);
                let a = self.frs(fmt);
                let b = self.base;
                Item::one(
                    kind,
                    w(
                        e::s(0x27, fmt.ls_f3(), b, a, off),
                        format!("fs{}", fmt.ls_name()),
                        format!("{},{}({})", f(a), off, x(b)),
                    ),
                )
            }
            CAddi => {
                let rd = self.rd_nz();
                let imm = nz_imm6(self.r);
                Item::one(
                    kind,
                    c(
                        e::ci(1, 0, rd, imm as u32),
                        "c.addi",
                        format!("{},{}", x(rd), imm),
                    ),
                )
            }
            CAddiw => {
                let rd = self.rd_nz();
                let imm = imm6(self.r);
                Item::one(
                    kind,
                    c(
                        e::ci(1, 1, rd, imm as u32),
                        "c.addiw",
                        format!("{},{}", x(rd), imm),
                    ),
                )
            }
            CLi => {
                let rd = self.rd_nz();
                let imm = imm6(self.r);
                Item::one(
                    kind,
                    c(
                        e::ci(1, 2, rd, imm as u32),
                        "c.li",
                        format!("{},{}", x(rd), imm),
                    ),
                )
            }
            CLui => {
                let rd = loop {
                    let v = self.rd_nz();
                    if v != 2 {
                        break v;
                    }
                };
                let imm = nz_imm6(self.r);
                let imm20 = (imm as u32) & 0xfffff;
                Item::one(
                    kind,
                    c(
                        e::ci(1, 3, rd, imm as u32),
                        "c.lui",
                        format!("{},0x{:x}", x(rd), imm20),
                    ),
                )
            }
            CAddi16sp => {
                let imm = loop {
                    let v = self.r.range(-32, 31) as i32 * 16;
                    if v != 0 {
                        break v;
                    }
                };
                Item::one(
                    kind,
                    c(e::c_addi16sp(imm), "c.addi16sp", format!("sp,{imm}")),
                )
            }
            CAddi4spn => {
                let rd = self.crd();
                let imm = self.r.range(1, 255) as u32 * 4;
                Item::one(
                    kind,
                    c(
                        e::c_addi4spn(rd, imm),
                        "c.addi4spn",
                        format!("{},sp,{}", x(rd), imm),
                    ),
                )
            }
            CSlli => {
                let rd = self.rd_nz();
                let sh = self.r.range(1, 63) as u32;
                Item::one(
                    kind,
                    c(
                        e::ci(2, 0, rd, sh),
                        "c.slli",
                        format!("{},0x{:x}", x(rd), sh),
                    ),
                )
            }
            CSrliSrai => {
                let rd = self.crd();
                let sh = self.r.range(1, 63) as u32;
                let (m, f2) = if self.r.chance(50) {
                    ("c.srli", 0)
                } else {
                    ("c.srai", 1)
                };
                Item::one(
                    kind,
                    c(e::cb_alu(f2, rd, sh), m, format!("{},0x{:x}", x(rd), sh)),
                )
            }
            CAndi => {
                let rd = self.crd();
                let imm = imm6(self.r);
                Item::one(
                    kind,
                    c(
                        e::cb_alu(2, rd, imm as u32),
                        "c.andi",
                        format!("{},{}", x(rd), imm),
                    ),
                )
            }
            CArith => {
                let (m, word, f2) = self.r.pick(&[
                    ("c.sub", false, 0u32),
                    ("c.xor", false, 1),
                    ("c.or", false, 2),
                    ("c.and", false, 3),
                    ("c.subw", true, 0),
                    ("c.addw", true, 1),
                ]);
                let rs2 = self.crs();
                let rd = self.crd();
                Item::one(
                    kind,
                    c(e::ca(word, f2, rd, rs2), m, format!("{},{}", x(rd), x(rs2))),
                )
            }
            CMv | CAdd => {
                let rs2 = self.rs_nz();
                let rd = self.rd_nz();
                let (m, b12) = if kind == CMv {
                    ("c.mv", false)
                } else {
                    ("c.add", true)
                };
                Item::one(
                    kind,
                    c(e::cr(b12, rd, rs2), m, format!("{},{}", x(rd), x(rs2))),
                )
            }
            CLoad => {
                let b = self.base;
                let rd = self.crd();
                let i = if self.r.chance(50) {
                    let off = self.r.below(32) as u32 * 4;
                    c(
                        e::cls_w(2, b, rd, off),
                        "c.lw",
                        format!("{},{}({})", x(rd), off, x(b)),
                    )
                } else {
                    let off = self.r.below(32) as u32 * 8;
                    c(
                        e::cls_d(3, b, rd, off),
                        "c.ld",
                        format!("{},{}({})", x(rd), off, x(b)),
                    )
                };
                Item::one(kind, i)
            }
            CStore => {
                let b = self.base;
                let rs2 = self.crs();
                let i = if self.r.chance(50) {
                    let off = self.r.below(32) as u32 * 4;
                    self.mem_off = Some(off as i32);
                    c(
                        e::cls_w(6, b, rs2, off),
                        "c.sw",
                        format!("{},{}({})", x(rs2), off, x(b)),
                    )
                } else {
                    let off = self.r.below(32) as u32 * 8;
                    self.mem_off = Some(off as i32);
                    c(
                        e::cls_d(7, b, rs2, off),
                        "c.sd",
                        format!("{},{}({})", x(rs2), off, x(b)),
                    )
                };
                Item::one(kind, i)
            }
            CFld => {
                let b = self.base;
                let rd = self.r.range(8, 15) as u8;
                self.ftype[rd as usize] = Fmt::D;
                let off = self.r.below(32) as u32 * 8;
                Item::one(
                    kind,
                    c(
                        e::cls_d(1, b, rd, off),
                        "c.fld",
                        format!("{},{}({})", f(rd), off, x(b)),
                    ),
                )
            }
            CFsd => {
                let b = self.base;
                let rs2 = self.r.range(8, 15) as u8;
                let off = self.r.below(32) as u32 * 8;
                self.mem_off = Some(off as i32);
                Item::one(
                    kind,
                    c(
                        e::cls_d(5, b, rs2, off),
                        "c.fsd",
                        format!("{},{}({})", f(rs2), off, x(b)),
                    ),
                )
            }
            Frame => unreachable!(),
        }
    }

    /// fflags/frm/fcsr accesses.  Never leaves frm holding a reserved value
    /// (5..7): an instruction with rm=dyn would then trap.
    fn csr(&mut self) -> Item {
        const NAMES: [&str; 4] = ["", "fflags", "frm", "fcsr"];
        let csr = self.r.range(1, 3) as u32;
        let cn = NAMES[csr as usize];
        let rd = self.rd();
        let kind = Kind::Csr;
        let reg = |f3: u32, m: &str, rd: u8, rs: u8| -> Insn {
            w(
                e::csr(f3, rd, csr, rs),
                m,
                format!("{},{},{}", x(rd), cn, x(rs)),
            )
        };
        let imm = |f3: u32, m: &str, rd: u8, v: u8| -> Insn {
            w(e::csr(f3, rd, csr, v), m, format!("{},{},{}", x(rd), cn, v))
        };
        if self.r.chance(30) {
            return Item::one(kind, reg(2, "csrrs", rd, 0)); // plain read
        }
        let any5 = self.r.below(32) as u8;
        let rs = self.rs();
        match csr {
            1 => Item::one(
                kind,
                match self.r.below(6) {
                    0 => reg(1, "csrrw", rd, rs),
                    1 => reg(2, "csrrs", rd, rs),
                    2 => reg(3, "csrrc", rd, rs),
                    3 => imm(5, "csrrwi", rd, any5),
                    4 => imm(6, "csrrsi", rd, any5),
                    _ => imm(7, "csrrci", rd, any5),
                },
            ),
            _ => {
                // frm (2) or fcsr (3)
                let frm = self.r.below(5) as u32;
                match self.r.below(5) {
                    0 => {
                        // csrrwi: for frm the low 3 bits must be a valid rounding mode;
                        // for fcsr a 5-bit immediate only sets fflags (frm := rne)
                        let v = if csr == 2 {
                            (frm | (self.r.below(4) as u32) << 3) as u8
                        } else {
                            any5
                        };
                        Item::one(kind, imm(5, "csrrwi", rd, v))
                    }
                    1 => Item::one(kind, imm(7, "csrrci", rd, any5)), // clearing keeps frm valid
                    2 => Item::one(kind, reg(3, "csrrc", rd, rs)),    // clearing keeps frm valid
                    3 => {
                        // csrrsi: only harmless for fcsr (imm touches fflags only)
                        if csr == 3 {
                            Item::one(kind, imm(6, "csrrsi", rd, any5))
                        } else {
                            Item::one(kind, imm(6, "csrrsi", rd, 0))
                        }
                    }
                    _ => {
                        // build a value with a valid rm in a temp, then csrrw
                        let t = self.rd_nz();
                        let garbage = self.r.below(if csr == 2 { 256 } else { 8 }) as u32;
                        let v = if csr == 2 {
                            frm | garbage << 3
                        } else {
                            frm << 5 | self.r.below(32) as u32 | garbage << 8
                        } as i32;
                        let rd = self.rd();
                        Item {
                            kind,
                            insns: vec![
                                w(
                                    e::i(0x13, t, 0, 0, v),
                                    "addi",
                                    format!("{},zero,{}", x(t), v),
                                ),
                                reg(1, "csrrw", rd, t),
                            ],
                        }
                    }
                }
            }
        }
    }
}

/// (hi20, lo12) such that (hi20 << 12) + sext(lo12) == v (v < 2^31 - 2^11)
pub(crate) fn hi_lo(v: u64) -> (u32, i32) {
    assert!(v < 0x7fff_f000);
    let lo = ((v as i64) << 52 >> 52) as i32;
    let hi = ((v as i64 - lo as i64) >> 12) as u32;
    (hi, lo)
}

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Dst {
    X(u8),
    F(u8),
}

/// Destination register of a generated instruction, decoded from its bits.
fn dest_of(i: &Insn) -> Option<Dst> {
    let wd = i.word;
    let d = if i.len == 4 {
        let rd = ((wd >> 7) & 31) as u8;
        match wd & 0x7f {
            0x23 | 0x27 | 0x0f => return None,
            0x73 if wd == e::ECALL => return None,
            0x07 | 0x43 | 0x47 | 0x4b | 0x4f => Dst::F(rd),
            0x53 => match wd >> 27 {
                0x14 | 0x18 | 0x1c => Dst::X(rd),
                _ => Dst::F(rd),
            },
            _ => Dst::X(rd),
        }
    } else {
        let (q, f3) = (wd & 3, (wd >> 13) & 7);
        let full = ((wd >> 7) & 31) as u8;
        let p_lo = 8 + ((wd >> 2) & 7) as u8;
        let p_hi = 8 + ((wd >> 7) & 7) as u8;
        match (q, f3) {
            (0, 0) | (0, 2) | (0, 3) => Dst::X(p_lo),
            (0, 1) => Dst::F(p_lo),
            (0, _) => return None,
            (1, 0..=3) => Dst::X(full),
            (1, 4) => Dst::X(p_hi),
            (2, 0) | (2, 4) => Dst::X(full),
            _ => return None,
        }
    };
    match d {
        Dst::X(0) => None,
        d => Some(d),
    }
}

/// Does the instruction read or update fflags/frm (FP computation or FP CSR access)?
fn touches_fcsr(i: &Insn) -> bool {
    if i.len != 4 {
        return false;
    }
    match i.word & 0x7f {
        0x53 | 0x43 | 0x47 | 0x4b | 0x4f => true,
        0x73 => (1..=3).contains(&(i.word >> 20)),
        _ => false,
    }
}

fn aqrl(aq: bool, rl: bool) -> &'static str {
    match (aq, rl) {
        (false, false) => "",
        (true, false) => ".aq",
        (false, true) => ".rl",
        (true, true) => ".aqrl",
    }
}

fn iorw(v: u32) -> String {
    let mut s = String::new();
    for (bit, ch) in [(8, 'i'), (4, 'o'), (2, 'r'), (1, 'w')] {
        if v & bit != 0 {
            s.push(ch);
        }
    }
    s
}

/// Every mnemonic the generator can produce in a body (for the coverage check).
pub fn all_mnemonics() -> Vec<String> {
    let mut v: Vec<String> = Vec::new();
    for o in INT_R.iter().chain(INT_M) {
        v.push(o.m.into());
    }
    for (m, ..) in INT_I {
        v.push(m.to_string());
    }
    for (m, ..) in SHIFT_I {
        v.push(m.to_string());
    }
    for (m, ..) in LOADS.iter().chain(STORES) {
        v.push(m.to_string());
    }
    v.extend(
        [
            "lui", "auipc", "fence", "csrrw", "csrrs", "csrrc", "csrrwi", "csrrsi", "csrrci",
        ]
        .map(String::from),
    );
    for (m, _) in AMOS {
        for s in ["w", "d"] {
            v.push(format!("{m}.{s}"));
        }
    }
    for s in ["w", "d"] {
        v.push(format!("lr.{s}"));
        v.push(format!("sc.{s}"));
    }
    for fmt in FMTS {
        let s = fmt.sfx();
        for (m, _) in FP_RM {
            v.push(format!("{m}.{s}"));
        }
        v.push(format!("fsqrt.{s}"));
        for (m, ..) in FP_SGNJ_MINMAX {
            v.push(format!("{m}.{s}"));
        }
        for (m, _) in FP_CMP {
            v.push(format!("{m}.{s}"));
        }
        v.push(format!("fclass.{s}"));
        v.push(format!("fmv.x.{}", fmt.mv_sfx()));
        v.push(format!("fmv.{}.x", fmt.mv_sfx()));
        for (i, _) in CVT_INT {
            v.push(format!("fcvt.{i}.{s}"));
            v.push(format!("fcvt.{s}.{i}"));
        }
        for (m, _) in FMA {
            v.push(format!("{m}.{s}"));
        }
        v.push(format!("fl{}", fmt.ls_name()));
        v.push(format!("fs{}", fmt.ls_name()));
    }
    for m in [
        "fcvt.s.d", "fcvt.d.s", "fcvt.s.h", "fcvt.h.s", "fcvt.d.h", "fcvt.h.d",
    ] {
        v.push(m.into());
    }
    for m in [
        "c.addi",
        "c.addiw",
        "c.li",
        "c.lui",
        "c.addi16sp",
        "c.addi4spn",
        "c.slli",
        "c.srli",
        "c.srai",
        "c.andi",
        "c.sub",
        "c.xor",
        "c.or",
        "c.and",
        "c.subw",
        "c.addw",
        "c.mv",
        "c.add",
        "c.lw",
        "c.ld",
        "c.sw",
        "c.sd",
        "c.fld",
        "c.fsd",
    ] {
        v.push(m.into());
    }
    v.sort();
    v.dedup();
    v
}

/// Strip `.aq`/`.rl`/`.aqrl` so coverage of AMO orderings maps to the base mnemonic.
pub fn base_mnemonic(m: &str) -> &str {
    m.strip_suffix(".aqrl")
        .or_else(|| m.strip_suffix(".aq"))
        .or_else(|| m.strip_suffix(".rl"))
        .unwrap_or(m)
}

// ------------------------------------------------------------------ dumps ---

/// Parsed program output.
pub struct Dump {
    pub x: [u64; 32],
    pub f: [u64; 32],
    pub fcsr: u64,
    /// final scratch memory
    pub mem: Vec<u8>,
    /// result log entries
    pub log: Vec<u64>,
}

fn le64(b: &[u8], o: usize) -> u64 {
    u64::from_le_bytes(b[o..o + 8].try_into().unwrap())
}

impl Dump {
    /// Parse the output of `p` (None if the length is wrong).
    pub fn parse(b: &[u8], p: &Program) -> Option<Dump> {
        if b.len() != p.out_len() {
            return None;
        }
        let mut x = [0u64; 32];
        let mut fr = [0u64; 32];
        for (i, v) in x.iter_mut().enumerate().skip(1) {
            *v = le64(b, 8 * (i - 1));
        }
        for (i, v) in fr.iter_mut().enumerate() {
            *v = le64(b, 248 + 8 * i);
        }
        Some(Dump {
            x,
            f: fr,
            fcsr: le64(b, 504),
            mem: b[DUMP_LEN..OUT_LEN].to_vec(),
            log: (OUT_LEN..b.len()).step_by(8).map(|o| le64(b, o)).collect(),
        })
    }

    /// Differing log entries, in program order: (entry index, qemu, sim).
    pub fn log_diff(&self, o: &Dump) -> Vec<(usize, u64, u64)> {
        (0..self.log.len())
            .filter(|&i| self.log[i] != o.log[i])
            .map(|i| (i, self.log[i], o.log[i]))
            .collect()
    }

    /// (name, a, b) for every differing register / memory doubleword of the
    /// final state.
    pub fn diff(&self, o: &Dump) -> Vec<(String, u64, u64)> {
        let mut v = Vec::new();
        for (i, name) in XNAMES.iter().enumerate().skip(1) {
            if self.x[i] != o.x[i] {
                v.push((format!("x{i}/{name}"), self.x[i], o.x[i]));
            }
        }
        for (i, name) in FNAMES.iter().enumerate() {
            if self.f[i] != o.f[i] {
                v.push((format!("f{i}/{name}"), self.f[i], o.f[i]));
            }
        }
        if self.fcsr != o.fcsr {
            v.push(("fcsr".into(), self.fcsr, o.fcsr));
        }
        for k in 0..self.mem.len() / 8 {
            let (a, b) = (le64(&self.mem, 8 * k), le64(&o.mem, 8 * k));
            if a != b {
                v.push((format!("mem[base{:+}]", SCRATCH_OFF + 8 * k as i32), a, b));
            }
        }
        v
    }

    /// Value of a register named in an operand string (ABI name), if any.
    pub fn reg_by_name(&self, name: &str) -> Option<u64> {
        if let Some(i) = XNAMES.iter().position(|&n| n == name) {
            return Some(self.x[i]);
        }
        FNAMES.iter().position(|&n| n == name).map(|i| self.f[i])
    }
}
