//! Random straight-line RVV 1.0 + Zvfh program generator (difftest `--vector`).
//!
//! A program is generated for one VLEN (the AVL choices and the address
//! arithmetic depend on VLMAX).  It is: prologue (load all 32 vector
//! registers, x1..x31, f0..f31 from the data region; set frm, vxrm, clear
//! fflags/vxsat) + body (random "items": one vector instruction plus the
//! scalar/vector setup it needs, e.g. address, stride or index-vector
//! loads) + epilogue (dump x1..x31, f0..f31, fcsr, vstart, vxsat, vxrm, vcsr,
//! vl, vtype, vlenb and all 32 vector registers, then write the whole data
//! region, including the scratch buffer, to stdout and exit(0)).
//!
//! The dump covers the complete architectural state the body can change, so
//! two runs of a body prefix that agree at the end agree at every point; the
//! harness bisects on body prefixes (item granularity) to find the first
//! item whose effect differs.  Each item is also followed by logging code that
//! appends its results (written vector register octets, x/f results, fcsr and
//! vcsr, vl and vtype) to a result log, so a divergence that is overwritten
//! later is still seen.
//!
//! Every vector instruction is generated legal for the vtype in force (the
//! generator tracks vtype and vl exactly: vl = min(AVL, VLMAX), which Spike
//! and qemu both implement): register groups aligned to EMUL, no overlap of
//! a masked destination with v0, overlap between groups of different EEW only
//! where the spec allows it (on purpose, a quarter of the time: widening
//! source in the destination's highest half, narrowing/compare destination as
//! the source's lowest register), no overlap where the spec forbids it (vrgather, vslideup, vslide1up, vcompress, viota, vmsbf/
//! vmsif/vmsof), FP only at SEW 16/32/64 (plus the Zvfh int8<->f16
//! conversions), widening at LMUL <= 4.  All memory accesses are aligned and
//! inside the 4 KiB scratch buffer (strides and index tables are chosen from
//! the exact vl).
//!
//! Data region layout (page aligned, offsets from its start D; fixed for every
//! bisection prefix):
//!
//! ```text
//! D+0     .. +2048   vector register dump (32 x VLENB, VLENB <= 64)
//! D+2048  .. +2304   x dump (x0 slot unused)        <- db = D+2048
//! D+2304  .. +2560   f dump
//! D+2560  .. +2624   CSR dump (see CSRS)
//! D+3072  .. +3328   x pool (initial x registers)
//! D+3584  .. +3840   f pool (initial f registers)
//! D+4096  .. +6144   vinit: initial vector register contents (also reloaded)
//! D+6144  .. +8192   index tables for EEW 8/16/32/64, 512 bytes each <- tb
//! D+8192  .. +12288  scratch buffer for loads/stores   (sb = D+10240)
//! D+12288 ..         result log (zero-filled memory past the file image)
//! ```
//!
//! Reserved scalar registers: s0 = sb, s1 = db, s2 = tb, s3 = log pointer,
//! s4 = logging temporary (never written by the body).  The program writes
//! D .. D+12288 and the log to stdout.
//!
//! Trap mode (`VGenCfg::trap`) appends one illegal vector instruction from a
//! catalogue (`trap_item`) to the body.

#![allow(dead_code)]

use crate::encode as e;
use crate::progen::{FNAMES, Fmt, Insn, Rng, XNAMES, fp_bits, fp_reg_value, hi_lo, int_value, w};

pub const CODE_BASE: u64 = 0x10000;
pub const VDUMP: usize = 0;
pub const XDUMP: usize = 2048;
pub const FDUMP: usize = 2304;
pub const CDUMP: usize = 2560;
pub const IPOOL: usize = 3072;
pub const FPOOL: usize = 3584;
pub const VINIT: usize = 4096;
pub const IDX: usize = 6144;
pub const IDX_LEN: usize = 512;
pub const SCRATCH: usize = 8192;
pub const SCRATCH_LEN: usize = 4096;
pub const DATA_LEN: usize = 12288;
const DB_AT: usize = 2048;
const TB_AT: usize = 6144;
const SB_AT: usize = 10240;
pub const SB: u8 = 8;
pub const DB: u8 = 9;
pub const TB: u8 = 18;
/// log pointer and the logging code's temporary (reserved)
pub const LP: u8 = 19;
pub const LT: u8 = 20;
const RESERVED: [u8; 5] = [SB, DB, TB, LP, LT];
/// CSRs dumped by the epilogue, in dump order.
pub const CSRS: [(u32, &str); 8] = [
    (0x003, "fcsr"),
    (0x008, "vstart"),
    (0x009, "vxsat"),
    (0x00a, "vxrm"),
    (0x00f, "vcsr"),
    (0xc20, "vl"),
    (0xc21, "vtype"),
    (0xc22, "vlenb"),
];

fn x(r: u8) -> &'static str {
    XNAMES[r as usize]
}
fn f(r: u8) -> &'static str {
    FNAMES[r as usize]
}
fn mt(m: bool) -> &'static str {
    if m { ",v0.t" } else { "" }
}
fn lg2(v: u32) -> i32 {
    v.trailing_zeros() as i32
}
/// registers in a group of EMUL 2^lg (fractional groups use one register)
pub fn nregs(lg: i32) -> u8 {
    if lg > 0 { 1 << lg } else { 1 }
}
fn fmt_of(sew: u32) -> Fmt {
    match sew {
        16 => Fmt::H,
        32 => Fmt::S,
        _ => Fmt::D,
    }
}

// ------------------------------------------------------------------ vtype ---

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct VType {
    pub sew: u32,
    /// log2(LMUL), -3..=3
    pub lmul: i32,
    pub ta: bool,
    pub ma: bool,
}

pub fn lmul_name(l: i32) -> &'static str {
    match l {
        -3 => "mf8",
        -2 => "mf4",
        -1 => "mf2",
        0 => "m1",
        1 => "m2",
        2 => "m4",
        3 => "m8",
        _ => "m?",
    }
}

impl VType {
    pub fn bits(&self) -> u32 {
        (self.lmul & 7) as u32
            | (lg2(self.sew) as u32 - 3) << 3
            | (self.ta as u32) << 6
            | (self.ma as u32) << 7
    }
    pub fn text(&self) -> String {
        format!(
            "e{},{},{},{}",
            self.sew,
            lmul_name(self.lmul),
            if self.ta { "ta" } else { "tu" },
            if self.ma { "ma" } else { "mu" }
        )
    }
    pub fn vlmax(&self, vlen: u32) -> u32 {
        vlmax(vlen, self.sew, self.lmul)
    }
}

pub fn vlmax(vlen: u32, sew: u32, lmul: i32) -> u32 {
    if lmul >= 0 {
        (vlen << lmul) / sew
    } else {
        (vlen >> -lmul) / sew
    }
}

/// Is (sew, lmul) supported with ELEN=64 (LMUL >= SEW/ELEN)?
pub fn legal(sew: u32, lmul: i32) -> bool {
    (-3..=3).contains(&lmul) && (8..=64).contains(&sew) && (lmul >= 0 || sew <= 64 >> -lmul)
}

// ------------------------------------------------------------------ kinds ---

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum VKind {
    SetVl,
    SetVill,
    /// structured v0 masks: all ones, all zeros, first k active, loaded
    SetMask,
    /// an instruction started at a non-zero vstart (written just before it)
    Vstart,
    Csr,
    Reload,
    IntBin,
    IntMul,
    IntFma,
    IntWiden,
    IntWidenFma,
    IntNarrow,
    IntExt,
    Carry,
    Merge,
    Fixed,
    IntCmp,
    FpBin,
    FpFma,
    FpWiden,
    FpWidenFma,
    FpUnary,
    FpCvt,
    FpWCvt,
    FpNCvt,
    FpCmp,
    FpMove,
    IntRed,
    FpRed,
    MaskLogic,
    MaskScalar,
    MaskSet,
    Iota,
    ScalarMove,
    Slide,
    Gather,
    Compress,
    WholeMove,
    LoadUnit,
    LoadStrided,
    LoadIndexed,
    LoadWhole,
    LoadMask,
    StoreUnit,
    StoreStrided,
    StoreIndexed,
    StoreWhole,
    StoreMask,
    /// prologue / epilogue
    Frame,
}

pub const VWEIGHTS: &[(VKind, u32)] = &[
    (VKind::SetVl, 60),
    (VKind::SetVill, 3),
    (VKind::SetMask, 15),
    (VKind::Vstart, 12),
    (VKind::Csr, 15),
    (VKind::Reload, 25),
    (VKind::IntBin, 40),
    (VKind::IntMul, 25),
    (VKind::IntFma, 15),
    (VKind::IntWiden, 20),
    (VKind::IntWidenFma, 10),
    (VKind::IntNarrow, 15),
    (VKind::IntExt, 10),
    (VKind::Carry, 15),
    (VKind::Merge, 10),
    (VKind::Fixed, 30),
    (VKind::IntCmp, 20),
    (VKind::FpBin, 45),
    (VKind::FpFma, 30),
    (VKind::FpWiden, 20),
    (VKind::FpWidenFma, 12),
    (VKind::FpUnary, 15),
    (VKind::FpCvt, 15),
    (VKind::FpWCvt, 12),
    (VKind::FpNCvt, 12),
    (VKind::FpCmp, 15),
    (VKind::FpMove, 10),
    (VKind::IntRed, 15),
    (VKind::FpRed, 15),
    (VKind::MaskLogic, 12),
    (VKind::MaskScalar, 8),
    (VKind::MaskSet, 8),
    (VKind::Iota, 8),
    (VKind::ScalarMove, 10),
    (VKind::Slide, 20),
    (VKind::Gather, 15),
    (VKind::Compress, 8),
    (VKind::WholeMove, 6),
    (VKind::LoadUnit, 20),
    (VKind::LoadStrided, 15),
    (VKind::LoadIndexed, 15),
    (VKind::LoadWhole, 6),
    (VKind::LoadMask, 5),
    (VKind::StoreUnit, 15),
    (VKind::StoreStrided, 12),
    (VKind::StoreIndexed, 12),
    (VKind::StoreWhole, 5),
    (VKind::StoreMask, 4),
];

impl VKind {
    pub fn parse(s: &str) -> Option<VKind> {
        VWEIGHTS
            .iter()
            .map(|w| w.0)
            .find(|k| format!("{k:?}").eq_ignore_ascii_case(s))
    }
}

// ------------------------------------------------------------- op tables ---

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Fam {
    /// OPIVV / OPIVX / OPIVI
    I,
    /// OPMVV / OPMVX
    M,
    /// OPFVV / OPFVF
    F,
}
const V: u8 = 1;
const X: u8 = 2;
const IM: u8 = 4;

/// (mnemonic, family, funct6, forms, unsigned immediate)
type Op = (&'static str, Fam, u32, u8, bool);

const INT_BIN: &[Op] = &[
    ("vadd", Fam::I, 0x00, V | X | IM, false),
    ("vsub", Fam::I, 0x02, V | X, false),
    ("vrsub", Fam::I, 0x03, X | IM, false),
    ("vminu", Fam::I, 0x04, V | X, false),
    ("vmin", Fam::I, 0x05, V | X, false),
    ("vmaxu", Fam::I, 0x06, V | X, false),
    ("vmax", Fam::I, 0x07, V | X, false),
    ("vand", Fam::I, 0x09, V | X | IM, false),
    ("vor", Fam::I, 0x0a, V | X | IM, false),
    ("vxor", Fam::I, 0x0b, V | X | IM, false),
    ("vsll", Fam::I, 0x25, V | X | IM, true),
    ("vsrl", Fam::I, 0x28, V | X | IM, true),
    ("vsra", Fam::I, 0x29, V | X | IM, true),
];
const INT_MUL: &[Op] = &[
    ("vmul", Fam::M, 0x25, V | X, false),
    ("vmulh", Fam::M, 0x27, V | X, false),
    ("vmulhu", Fam::M, 0x24, V | X, false),
    ("vmulhsu", Fam::M, 0x26, V | X, false),
    ("vdivu", Fam::M, 0x20, V | X, false),
    ("vdiv", Fam::M, 0x21, V | X, false),
    ("vremu", Fam::M, 0x22, V | X, false),
    ("vrem", Fam::M, 0x23, V | X, false),
];
const INT_FMA: &[Op] = &[
    ("vmacc", Fam::M, 0x2d, V | X, false),
    ("vnmsac", Fam::M, 0x2f, V | X, false),
    ("vmadd", Fam::M, 0x29, V | X, false),
    ("vnmsub", Fam::M, 0x2b, V | X, false),
];
const FIXED: &[Op] = &[
    ("vsaddu", Fam::I, 0x20, V | X | IM, false),
    ("vsadd", Fam::I, 0x21, V | X | IM, false),
    ("vssubu", Fam::I, 0x22, V | X, false),
    ("vssub", Fam::I, 0x23, V | X, false),
    ("vsmul", Fam::I, 0x27, V | X, false),
    ("vssrl", Fam::I, 0x2a, V | X | IM, true),
    ("vssra", Fam::I, 0x2b, V | X | IM, true),
    ("vaaddu", Fam::M, 0x08, V | X, false),
    ("vaadd", Fam::M, 0x09, V | X, false),
    ("vasubu", Fam::M, 0x0a, V | X, false),
    ("vasub", Fam::M, 0x0b, V | X, false),
];
/// widening: (op, wide vs2 operand)
const INT_WIDEN: &[(Op, bool)] = &[
    (("vwaddu", Fam::M, 0x30, V | X, false), false),
    (("vwadd", Fam::M, 0x31, V | X, false), false),
    (("vwsubu", Fam::M, 0x32, V | X, false), false),
    (("vwsub", Fam::M, 0x33, V | X, false), false),
    (("vwaddu", Fam::M, 0x34, V | X, false), true),
    (("vwadd", Fam::M, 0x35, V | X, false), true),
    (("vwsubu", Fam::M, 0x36, V | X, false), true),
    (("vwsub", Fam::M, 0x37, V | X, false), true),
    (("vwmulu", Fam::M, 0x38, V | X, false), false),
    (("vwmulsu", Fam::M, 0x3a, V | X, false), false),
    (("vwmul", Fam::M, 0x3b, V | X, false), false),
];
const INT_WFMA: &[Op] = &[
    ("vwmaccu", Fam::M, 0x3c, V | X, false),
    ("vwmacc", Fam::M, 0x3d, V | X, false),
    ("vwmaccus", Fam::M, 0x3e, X, false),
    ("vwmaccsu", Fam::M, 0x3f, V | X, false),
];
const INT_NARROW: &[Op] = &[
    ("vnsrl", Fam::I, 0x2c, V | X | IM, true),
    ("vnsra", Fam::I, 0x2d, V | X | IM, true),
    ("vnclipu", Fam::I, 0x2e, V | X | IM, true),
    ("vnclip", Fam::I, 0x2f, V | X | IM, true),
];
const INT_CMP: &[Op] = &[
    ("vmseq", Fam::I, 0x18, V | X | IM, false),
    ("vmsne", Fam::I, 0x19, V | X | IM, false),
    ("vmsltu", Fam::I, 0x1a, V | X, false),
    ("vmslt", Fam::I, 0x1b, V | X, false),
    ("vmsleu", Fam::I, 0x1c, V | X | IM, false),
    ("vmsle", Fam::I, 0x1d, V | X | IM, false),
    ("vmsgtu", Fam::I, 0x1e, X | IM, false),
    ("vmsgt", Fam::I, 0x1f, X | IM, false),
];
const FP_BIN: &[Op] = &[
    ("vfadd", Fam::F, 0x00, V | X, false),
    ("vfsub", Fam::F, 0x02, V | X, false),
    ("vfrsub", Fam::F, 0x27, X, false),
    ("vfmul", Fam::F, 0x24, V | X, false),
    ("vfdiv", Fam::F, 0x20, V | X, false),
    ("vfrdiv", Fam::F, 0x21, X, false),
    ("vfmin", Fam::F, 0x04, V | X, false),
    ("vfmax", Fam::F, 0x06, V | X, false),
    ("vfsgnj", Fam::F, 0x08, V | X, false),
    ("vfsgnjn", Fam::F, 0x09, V | X, false),
    ("vfsgnjx", Fam::F, 0x0a, V | X, false),
];
const FP_FMA: &[Op] = &[
    ("vfmacc", Fam::F, 0x2c, V | X, false),
    ("vfnmacc", Fam::F, 0x2d, V | X, false),
    ("vfmsac", Fam::F, 0x2e, V | X, false),
    ("vfnmsac", Fam::F, 0x2f, V | X, false),
    ("vfmadd", Fam::F, 0x28, V | X, false),
    ("vfnmadd", Fam::F, 0x29, V | X, false),
    ("vfmsub", Fam::F, 0x2a, V | X, false),
    ("vfnmsub", Fam::F, 0x2b, V | X, false),
];
const FP_WIDEN: &[(Op, bool)] = &[
    (("vfwadd", Fam::F, 0x30, V | X, false), false),
    (("vfwsub", Fam::F, 0x32, V | X, false), false),
    (("vfwadd", Fam::F, 0x34, V | X, false), true),
    (("vfwsub", Fam::F, 0x36, V | X, false), true),
    (("vfwmul", Fam::F, 0x38, V | X, false), false),
];
const FP_WFMA: &[Op] = &[
    ("vfwmacc", Fam::F, 0x3c, V | X, false),
    ("vfwnmacc", Fam::F, 0x3d, V | X, false),
    ("vfwmsac", Fam::F, 0x3e, V | X, false),
    ("vfwnmsac", Fam::F, 0x3f, V | X, false),
];
const FP_CMP: &[Op] = &[
    ("vmfeq", Fam::F, 0x18, V | X, false),
    ("vmfle", Fam::F, 0x19, V | X, false),
    ("vmflt", Fam::F, 0x1b, V | X, false),
    ("vmfne", Fam::F, 0x1c, V | X, false),
    ("vmfgt", Fam::F, 0x1d, X, false),
    ("vmfge", Fam::F, 0x1f, X, false),
];
/// (mnemonic, funct6, family, widening)
const INT_RED: &[(&str, u32, Fam, bool)] = &[
    ("vredsum", 0x00, Fam::M, false),
    ("vredand", 0x01, Fam::M, false),
    ("vredor", 0x02, Fam::M, false),
    ("vredxor", 0x03, Fam::M, false),
    ("vredminu", 0x04, Fam::M, false),
    ("vredmin", 0x05, Fam::M, false),
    ("vredmaxu", 0x06, Fam::M, false),
    ("vredmax", 0x07, Fam::M, false),
    ("vwredsumu", 0x30, Fam::I, true),
    ("vwredsum", 0x31, Fam::I, true),
];
const FP_RED: &[(&str, u32, Fam, bool)] = &[
    ("vfredusum", 0x01, Fam::F, false),
    ("vfredosum", 0x03, Fam::F, false),
    ("vfredmin", 0x05, Fam::F, false),
    ("vfredmax", 0x07, Fam::F, false),
    ("vfwredusum", 0x31, Fam::F, true),
    ("vfwredosum", 0x33, Fam::F, true),
];
const MASK_LOGIC: &[(&str, u32)] = &[
    ("vmandn", 0x18),
    ("vmand", 0x19),
    ("vmor", 0x1a),
    ("vmxor", 0x1b),
    ("vmorn", 0x1c),
    ("vmnand", 0x1d),
    ("vmnor", 0x1e),
    ("vmxnor", 0x1f),
];
/// VFUNARY0 conversions: (mnemonic, vs1 selector, shape, allowed SEWs as a
/// bit set of 8/16/32/64 -> 1/2/4/8, rtz form)
#[derive(Clone, Copy, PartialEq, Eq)]
enum Shape {
    Same,
    Widen,
    Narrow,
}
const CVT: &[(&str, u32, Shape, u8, bool)] = &[
    ("vfcvt.xu.f.v", 0, Shape::Same, 14, false),
    ("vfcvt.x.f.v", 1, Shape::Same, 14, false),
    ("vfcvt.f.xu.v", 2, Shape::Same, 14, false),
    ("vfcvt.f.x.v", 3, Shape::Same, 14, false),
    ("vfcvt.rtz.xu.f.v", 6, Shape::Same, 14, true),
    ("vfcvt.rtz.x.f.v", 7, Shape::Same, 14, true),
    ("vfwcvt.xu.f.v", 8, Shape::Widen, 6, false),
    ("vfwcvt.x.f.v", 9, Shape::Widen, 6, false),
    ("vfwcvt.f.xu.v", 10, Shape::Widen, 7, false),
    ("vfwcvt.f.x.v", 11, Shape::Widen, 7, false),
    ("vfwcvt.f.f.v", 12, Shape::Widen, 6, false),
    ("vfwcvt.rtz.xu.f.v", 14, Shape::Widen, 6, true),
    ("vfwcvt.rtz.x.f.v", 15, Shape::Widen, 6, true),
    ("vfncvt.xu.f.w", 16, Shape::Narrow, 7, false),
    ("vfncvt.x.f.w", 17, Shape::Narrow, 7, false),
    ("vfncvt.f.xu.w", 18, Shape::Narrow, 6, false),
    ("vfncvt.f.x.w", 19, Shape::Narrow, 6, false),
    ("vfncvt.f.f.w", 20, Shape::Narrow, 6, false),
    ("vfncvt.rod.f.f.w", 21, Shape::Narrow, 6, false),
    ("vfncvt.rtz.xu.f.w", 22, Shape::Narrow, 7, true),
    ("vfncvt.rtz.x.f.w", 23, Shape::Narrow, 7, true),
];
fn sew_bit(sew: u32) -> u8 {
    1 << (lg2(sew) - 3)
}

// --------------------------------------------------------------- program ---

#[derive(Clone, Debug)]
pub struct VItem {
    pub kind: VKind,
    pub insns: Vec<Insn>,
    /// vtype and vl in force after the item (i.e. for its vector instruction)
    pub vt: VType,
    pub vl: u32,
    /// code appending the item's results to the result log
    pub log: Vec<Insn>,
}

/// What a result-log entry holds.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum LogWhat {
    /// the 8-register octet v[o..o+8] (whole-register store)
    VOct(u8),
    X(u8),
    F(u8),
    Csr(&'static str),
}

#[derive(Clone, Debug)]
pub struct LogEntry {
    pub item: usize,
    pub what: LogWhat,
    /// byte offset in the log and length
    pub off: usize,
    pub len: usize,
}

/// Generator configuration.
#[derive(Clone, Debug, Default)]
pub struct VGenCfg {
    /// item kinds not to generate
    pub exclude: Vec<VKind>,
    /// do not log item results (compare the final state only)
    pub no_log: bool,
    /// end the body with an illegal vector instruction (trap mode)
    pub trap: bool,
    /// also generate the forms routed around qemu 7.2 (docs/rvv-difftest.md):
    /// vfcvt/vfwcvt/vfncvt .rtz (qemu aborts) and masked vfredusum/vfwredusum
    /// (with no active element qemu passes a NaN scalar through, Spike
    /// canonicalises it) and loads/stores started at vstart != 0 (qemu leaves
    /// vstart set); for runs against a Spike-like reference only
    pub all_forms: bool,
}

pub struct VProgram {
    pub seed: u64,
    pub vlen: u32,
    pub init_frm: u32,
    pub init_vxrm: u32,
    /// the data region image (pools, vinit, index tables, scratch)
    pub data: Vec<u8>,
    pub body: Vec<VItem>,
    pub data_addr: u64,
    /// result-log entries, in program order
    pub log: Vec<LogEntry>,
    /// trap mode: what the last item's last instruction violates
    pub trap: Option<&'static str>,
}

struct VG<'a> {
    r: &'a mut Rng,
    vlen: u32,
    vt: VType,
    vl: u32,
    ftype: [Fmt; 32],
    cfg: &'a VGenCfg,
}

impl VProgram {
    pub fn generate(seed: u64, vlen: u32, len: usize, cfg: &VGenCfg) -> VProgram {
        assert!(matches!(vlen, 64 | 128 | 256 | 512), "VLEN must be 64..512");
        let mut r = Rng::new(seed ^ (vlen as u64) << 48);
        let init_frm = r.below(5) as u32;
        let init_vxrm = r.below(4) as u32;
        let mut data = vec![0u8; DATA_LEN];
        let put = |d: &mut Vec<u8>, o: usize, v: u64| d[o..o + 8].copy_from_slice(&v.to_le_bytes());
        // x pool
        for i in 0..32 {
            let v = int_value(&mut r);
            put(&mut data, IPOOL + 8 * i, v);
        }
        // f pool: f0-f9 f16, f10-f19 f32, f20-f31 f64 (mostly properly NaN-boxed)
        let mut ftype = [Fmt::D; 32];
        for (i, ft) in ftype.iter_mut().enumerate() {
            let fmt = match i {
                0..=9 => Fmt::H,
                10..=19 => Fmt::S,
                _ => Fmt::D,
            };
            *ft = fmt;
            let v = fp_reg_value(&mut r, fmt);
            put(&mut data, FPOOL + 8 * i, v);
        }
        // vinit and scratch: mixed patterns per doubleword
        for o in (VINIT..VINIT + 2048)
            .chain(SCRATCH..SCRATCH + SCRATCH_LEN)
            .step_by(8)
        {
            let v = mixed_dword(&mut r);
            put(&mut data, o, v);
        }
        // index tables: byte offsets into the scratch buffer, multiples of 8,
        // below min(2^EEW, 4096 - 64) (room for an 8-field segment of e64)
        for k in 0..4 {
            let eb = 1usize << k;
            let lim: u64 = if k == 0 { 256 } else { 4032 };
            for j in 0..IDX_LEN / eb {
                let v = 8 * r.below(lim / 8);
                let o = IDX + IDX_LEN * k + eb * j;
                data[o..o + eb].copy_from_slice(&v.to_le_bytes()[..eb]);
            }
        }
        let weights: Vec<(VKind, u32)> = VWEIGHTS
            .iter()
            .copied()
            .filter(|(k, _)| !cfg.exclude.contains(k))
            // vstart != 0: qemu 7.2 does not reliably reset vstart (a later
            // reduction/vcompress/vcpop then traps); Spike-like references only
            .filter(|(k, _)| *k != VKind::Vstart || cfg.all_forms)
            .collect();
        assert!(!weights.is_empty(), "every instruction kind is excluded");
        let total: u32 = weights.iter().map(|k| k.1).sum();
        let mut g = VG {
            r: &mut r,
            vlen,
            vt: VType {
                sew: 8,
                lmul: 3,
                ta: true,
                ma: true,
            },
            vl: vlmax(vlen, 8, 3),
            ftype,
            cfg,
        };
        let mut body = Vec::new();
        let first = g.set_vl();
        body.push(VItem {
            kind: VKind::SetVl,
            insns: first,
            vt: g.vt,
            vl: g.vl,
            log: Vec::new(),
        });
        let mut n = body[0].insns.len();
        let mut misses = 0;
        while n < len {
            let mut t = g.r.below(total as u64) as u32;
            let mut kind = weights[0].0;
            for &(k, wt) in &weights {
                if t < wt {
                    kind = k;
                    break;
                }
                t -= wt;
            }
            let insns = match g.item(kind) {
                Some(v) => v,
                None => {
                    misses += 1;
                    if misses < 4 {
                        continue;
                    }
                    kind = VKind::SetVl;
                    g.set_vl()
                }
            };
            misses = 0;
            n += insns.len();
            body.push(VItem {
                kind,
                insns,
                vt: g.vt,
                vl: g.vl,
                log: Vec::new(),
            });
        }
        let mut trap = None;
        if cfg.trap {
            let (insns, what) = g.trap_item();
            trap = Some(what);
            body.push(VItem {
                kind: VKind::Frame,
                insns,
                vt: g.vt,
                vl: g.vl,
                log: Vec::new(),
            });
        }
        let mut log = Vec::new();
        if !cfg.no_log {
            let mut off = 0;
            for (k, it) in body.iter_mut().enumerate() {
                it.log = log_code(vlen, &it.insns, k, &mut log, &mut off);
            }
        }
        let mut p = VProgram {
            seed,
            vlen,
            init_frm,
            init_vxrm,
            data,
            body,
            data_addr: 0,
            log,
            trap,
        };
        let code_len = 4 * p.prologue().len() as u64
            + p.body
                .iter()
                .flat_map(|i| i.insns.iter().chain(&i.log))
                .map(|i| i.len as u64)
                .sum::<u64>()
            + 4 * p.epilogue().len() as u64;
        p.data_addr = (CODE_BASE + code_len + 0xfff) & !0xfff;
        p
    }

    pub fn vlenb(&self) -> usize {
        self.vlen as usize / 8
    }

    pub fn body_insn_count(&self, nitems: usize) -> usize {
        self.body[..nitems].iter().map(|i| i.insns.len()).sum()
    }

    pub fn log_len(&self) -> usize {
        self.log.last().map(|e| e.off + e.len).unwrap_or(0)
    }

    pub fn out_len(&self) -> usize {
        DATA_LEN + self.log_len()
    }

    fn li(rd: u8, v: u64, out: &mut Vec<Insn>) {
        let (hi, lo) = hi_lo(v);
        out.push(w(
            e::u(0x37, rd, hi),
            "lui",
            format!("{},0x{:x}", x(rd), hi),
        ));
        out.push(w(
            e::i(0x13, rd, 0, rd, lo),
            "addi",
            format!("{},{},{}", x(rd), x(rd), lo),
        ));
    }

    pub fn prologue(&self) -> Vec<Insn> {
        let d = self.data_addr;
        let mut v = Vec::new();
        Self::li(DB, d + DB_AT as u64, &mut v);
        Self::li(TB, d + TB_AT as u64, &mut v);
        Self::li(SB, d + SB_AT as u64, &mut v);
        Self::li(LP, d + DATA_LEN as u64, &mut v);
        // touch the scratch page: a demand-paging proxy kernel (Spike's pk)
        // would otherwise make a fault-only-first load trim vl on first touch
        v.push(w(
            e::i(0x03, 5, 3, SB, -2048),
            "ld",
            format!("t0,-2048({})", x(SB)),
        ));
        v.push(w(e::vsetvli(5, 0, 0xc3), "vsetvli", "t0,zero,e8,m8,ta,ma"));
        let vlenb = self.vlenb() as i32;
        let t = 5u8;
        v.push(w(
            e::i(0x13, t, 0, TB, VINIT as i32 - TB_AT as i32),
            "addi",
            format!("t0,{},{}", x(TB), VINIT as i32 - TB_AT as i32),
        ));
        for k in 0..4u8 {
            if k > 0 {
                v.push(w(
                    e::i(0x13, t, 0, t, 8 * vlenb),
                    "addi",
                    format!("t0,t0,{}", 8 * vlenb),
                ));
            }
            v.push(w(
                e::vmem(false, 7, 0, false, 8, t, 0, 8 * k),
                "vl8re8.v",
                format!("v{},(t0)", 8 * k),
            ));
        }
        for i in 1..32u8 {
            if RESERVED.contains(&i) {
                continue;
            }
            let off = IPOOL as i32 - DB_AT as i32 + 8 * i as i32;
            v.push(w(
                e::i(0x03, i, 3, DB, off),
                "ld",
                format!("{},{}({})", x(i), off, x(DB)),
            ));
        }
        for i in 0..32u8 {
            let off = FPOOL as i32 - DB_AT as i32 + 8 * i as i32;
            v.push(w(
                e::i(0x07, i, 3, DB, off),
                "fld",
                format!("{},{}({})", f(i), off, x(DB)),
            ));
        }
        v.push(w(
            e::csr(5, 0, 2, self.init_frm as u8),
            "csrrwi",
            format!("zero,frm,{}", self.init_frm),
        ));
        v.push(w(e::csr(5, 0, 1, 0), "csrrwi", "zero,fflags,0"));
        v.push(w(
            e::csr(5, 0, 0xa, self.init_vxrm as u8),
            "csrrwi",
            format!("zero,vxrm,{}", self.init_vxrm),
        ));
        v.push(w(e::csr(5, 0, 9, 0), "csrrwi", "zero,vxsat,0"));
        v
    }

    pub fn epilogue(&self) -> Vec<Insn> {
        let mut v = Vec::new();
        for i in 1..32u8 {
            let off = XDUMP as i32 - DB_AT as i32 + 8 * i as i32;
            v.push(w(
                e::s(0x23, 3, DB, i, off),
                "sd",
                format!("{},{}({})", x(i), off, x(DB)),
            ));
        }
        for i in 0..32u8 {
            let off = FDUMP as i32 - DB_AT as i32 + 8 * i as i32;
            v.push(w(
                e::s(0x27, 3, DB, i, off),
                "fsd",
                format!("{},{}({})", f(i), off, x(DB)),
            ));
        }
        for (k, (csr, name)) in CSRS.iter().enumerate() {
            v.push(w(e::csr(2, 5, *csr, 0), "csrrs", format!("t0,{name},zero")));
            let off = CDUMP as i32 - DB_AT as i32 + 8 * k as i32;
            v.push(w(
                e::s(0x23, 3, DB, 5, off),
                "sd",
                format!("t0,{}({})", off, x(DB)),
            ));
        }
        let vlenb = self.vlenb() as i32;
        v.push(w(
            e::i(0x13, 5, 0, DB, VDUMP as i32 - DB_AT as i32),
            "addi",
            format!("t0,{},{}", x(DB), VDUMP as i32 - DB_AT as i32),
        ));
        for k in 0..4u8 {
            if k > 0 {
                v.push(w(
                    e::i(0x13, 5, 0, 5, 8 * vlenb),
                    "addi",
                    format!("t0,t0,{}", 8 * vlenb),
                ));
            }
            v.push(w(
                e::vmem(true, 7, 0, false, 8, 5, 0, 8 * k),
                "vs8r.v",
                format!("v{},(t0)", 8 * k),
            ));
        }
        v.push(w(
            e::i(0x13, 11, 0, DB, -(DB_AT as i32)),
            "addi",
            format!("a1,{},-{}", x(DB), DB_AT),
        ));
        v.push(w(e::i(0x13, 10, 0, 0, 1), "addi", "a0,zero,1"));
        Self::li(12, self.out_len() as u64, &mut v);
        v.push(w(e::i(0x13, 17, 0, 0, 64), "addi", "a7,zero,64"));
        v.push(w(e::ECALL, "ecall", ""));
        v.push(w(e::i(0x13, 10, 0, 0, 0), "addi", "a0,zero,0"));
        v.push(w(e::i(0x13, 17, 0, 0, 93), "addi", "a7,zero,93"));
        v.push(w(e::ECALL, "ecall", ""));
        v
    }

    pub fn item_addr(&self, k: usize) -> u64 {
        CODE_BASE
            + 4 * self.prologue().len() as u64
            + self.body[..k]
                .iter()
                .flat_map(|i| i.insns.iter().chain(&i.log))
                .map(|i| i.len as u64)
                .sum::<u64>()
    }

    /// (address, instruction, body item) for the program truncated to `nitems` items
    pub fn listing(&self, nitems: usize) -> Vec<(u64, Insn, Option<usize>)> {
        let mut out = Vec::new();
        let mut pc = CODE_BASE;
        for i in self.prologue() {
            out.push((pc, i, None));
            pc += 4;
        }
        for (k, it) in self.body[..nitems].iter().enumerate() {
            for i in it.insns.iter().chain(&it.log) {
                out.push((pc, i.clone(), Some(k)));
                pc += i.len as u64;
            }
        }
        for i in self.epilogue() {
            out.push((pc, i, None));
            pc += 4;
        }
        out
    }

    pub fn code_bytes(&self, nitems: usize) -> Vec<u8> {
        let mut out = Vec::new();
        for (_, i, _) in self.listing(nitems) {
            out.extend_from_slice(&i.word.to_le_bytes());
        }
        out
    }

    pub fn elf(&self, nitems: usize) -> Vec<u8> {
        let code = self.code_bytes(nitems);
        let data_off = (self.data_addr - CODE_BASE) as usize;
        assert!(code.len() <= data_off);
        let mut seg = vec![0u8; data_off + DATA_LEN];
        seg[..code.len()].copy_from_slice(&code);
        seg[data_off..].copy_from_slice(&self.data);
        // the result log is zero-initialised memory past the file image
        crate::elf::write_elf(&seg, seg.len() + self.log_len(), CODE_BASE, CODE_BASE)
    }
}

/// A doubleword of mixed integer / FP test patterns.
fn mixed_dword(r: &mut Rng) -> u64 {
    match r.below(12) {
        0..=2 => r.next(),
        3 => int_value(r),
        4 => r.next() & (0x0101_0101_0101_0101 * r.below(256)),
        5 | 6 => fp_bits(r, Fmt::D),
        7 | 8 => fp_bits(r, Fmt::S) | fp_bits(r, Fmt::S) << 32,
        _ => (0..4).fold(0u64, |a, k| a | fp_bits(r, Fmt::H) << (16 * k)),
    }
}

// ------------------------------------------------------------- generator ---

fn sfx(form: u8, fam: Fam, wide: bool) -> &'static str {
    match (form, fam == Fam::F, wide) {
        (V, false, false) | (V, true, false) => ".vv",
        (X, false, false) => ".vx",
        (X, true, false) => ".vf",
        (IM, _, false) => ".vi",
        (V, _, true) => ".wv",
        (X, false, true) => ".wx",
        (X, true, true) => ".wf",
        (IM, _, true) => ".wi",
        _ => unreachable!(),
    }
}

fn f3_of(form: u8, fam: Fam) -> u32 {
    match (fam, form) {
        (Fam::I, V) => 0,
        (Fam::F, V) => 1,
        (Fam::M, V) => 2,
        (Fam::I, IM) => 3,
        (Fam::I, X) => 4,
        (Fam::F, X) => 5,
        (Fam::M, X) => 6,
        _ => unreachable!(),
    }
}

type Range = (u8, u8);

fn overlaps(a: Range, b: Range) -> bool {
    a.0 < b.0 + b.1 && b.0 < a.0 + a.1
}

impl VG<'_> {
    fn lmax(&self) -> u32 {
        self.vt.vlmax(self.vlen)
    }
    fn is_fp(&self) -> bool {
        self.vt.sew >= 16
    }
    /// random aligned register group of EMUL 2^lg (times `nf` fields) not overlapping `avoid`
    fn grp_nf(&mut self, lg: i32, nf: u8, avoid: &[Range]) -> Option<u8> {
        let n = nregs(lg);
        let span = n * nf;
        let c: Vec<u8> = (0..32u8)
            .step_by(n as usize)
            .filter(|&s| s + span <= 32 && !avoid.iter().any(|&a| overlaps((s, span), a)))
            .collect();
        if c.is_empty() {
            None
        } else {
            Some(self.r.pick(&c))
        }
    }
    fn grp(&mut self, lg: i32, avoid: &[Range]) -> Option<u8> {
        self.grp_nf(lg, 1, avoid)
    }
    fn masked(&mut self) -> bool {
        self.r.chance(30)
    }
    /// v0 range to avoid for a masked destination
    fn mavoid(m: bool) -> Vec<Range> {
        if m { vec![(0, 1)] } else { vec![] }
    }
    /// scalar temp: any register but x0 and the reserved ones
    fn tmp(&mut self) -> u8 {
        loop {
            let v = self.r.range(1, 31) as u8;
            if !RESERVED.contains(&v) {
                return v;
            }
        }
    }
    fn xs(&mut self) -> u8 {
        self.r.range(0, 31) as u8
    }
    /// FP scalar source for the current SEW: usually one holding that format
    fn fs(&mut self) -> u8 {
        let fmt = fmt_of(self.vt.sew);
        if self.r.chance(92) {
            let c: Vec<u8> = (0..32u8)
                .filter(|&i| self.ftype[i as usize] == fmt)
                .collect();
            if !c.is_empty() {
                return self.r.pick(&c);
            }
        }
        self.r.range(0, 31) as u8
    }
    fn simm5(&mut self) -> i32 {
        match self.r.below(4) {
            0 => self.r.pick(&[-16, -1, 0, 1, 15]),
            _ => self.r.range(-16, 15) as i32,
        }
    }
    fn uimm5(&mut self) -> i32 {
        match self.r.below(4) {
            0 => self.r.pick(&[0, 1, 7, 8, 15, 16, 31]),
            _ => self.r.range(0, 31) as i32,
        }
    }
    /// `li rd, v` for |v| < 2^31 (one addi or lui+addiw)
    fn li(&mut self, rd: u8, v: i64, out: &mut Vec<Insn>) {
        if (-2048..2048).contains(&v) {
            out.push(w(
                e::i(0x13, rd, 0, 0, v as i32),
                "addi",
                format!("{},zero,{}", x(rd), v),
            ));
        } else {
            let lo = (v << 52 >> 52) as i32;
            let hi = (((v - lo as i64) >> 12) & 0xfffff) as u32;
            out.push(w(
                e::u(0x37, rd, hi),
                "lui",
                format!("{},0x{:x}", x(rd), hi),
            ));
            out.push(w(
                e::i(0x1b, rd, 0, rd, lo),
                "addiw",
                format!("{},{},{}", x(rd), x(rd), lo),
            ));
        }
    }

    fn item(&mut self, kind: VKind) -> Option<Vec<Insn>> {
        use VKind::*;
        match kind {
            SetVl => Some(self.set_vl()),
            SetVill => Some(self.set_vill()),
            SetMask => self.set_mask(),
            Vstart => self.vstart(),
            Csr => Some(self.csr()),
            Reload => Some(self.reload()),
            IntBin => {
                let op = self.r.pick(INT_BIN);
                self.bin(op, false)
            }
            IntMul => {
                let op = self.r.pick(INT_MUL);
                self.bin(op, false)
            }
            IntFma => {
                let op = self.r.pick(INT_FMA);
                self.bin(op, true)
            }
            Fixed => {
                let op = self.r.pick(FIXED);
                self.bin(op, false)
            }
            FpBin => {
                let op = self.r.pick(FP_BIN);
                self.bin(op, false)
            }
            FpFma => {
                let op = self.r.pick(FP_FMA);
                self.bin(op, true)
            }
            IntWiden => {
                let (op, wide) = self.r.pick(INT_WIDEN);
                self.widen(op, wide, false)
            }
            IntWidenFma => {
                let op = self.r.pick(INT_WFMA);
                self.widen(op, false, true)
            }
            FpWiden => {
                let (op, wide) = self.r.pick(FP_WIDEN);
                self.widen(op, wide, false)
            }
            FpWidenFma => {
                let op = self.r.pick(FP_WFMA);
                self.widen(op, false, true)
            }
            IntNarrow => {
                let op = self.r.pick(INT_NARROW);
                self.narrow(op)
            }
            IntCmp => {
                let op = self.r.pick(INT_CMP);
                self.cmp(op)
            }
            FpCmp => {
                let op = self.r.pick(FP_CMP);
                self.cmp(op)
            }
            IntExt => self.ext(),
            Carry => self.carry(),
            Merge => self.merge(),
            FpUnary => self.fp_unary(),
            FpCvt => self.cvt(Shape::Same),
            FpWCvt => self.cvt(Shape::Widen),
            FpNCvt => self.cvt(Shape::Narrow),
            FpMove => self.fp_move(),
            IntRed => {
                let op = self.r.pick(INT_RED);
                self.red(op)
            }
            FpRed => {
                let op = self.r.pick(FP_RED);
                self.red(op)
            }
            MaskLogic => Some(self.mask_logic()),
            MaskScalar => Some(self.mask_scalar()),
            MaskSet => Some(self.mask_set()),
            Iota => self.iota(),
            ScalarMove => Some(self.scalar_move()),
            Slide => self.slide(),
            Gather => self.gather(),
            Compress => self.compress(),
            WholeMove => Some(self.whole_move()),
            LoadUnit => self.unit(false),
            StoreUnit => self.unit(true),
            LoadStrided => self.strided(false),
            StoreStrided => self.strided(true),
            LoadIndexed => self.indexed(false),
            StoreIndexed => self.indexed(true),
            LoadWhole => Some(self.whole_mem(false)),
            StoreWhole => Some(self.whole_mem(true)),
            LoadMask => Some(self.mask_mem(false)),
            StoreMask => Some(self.mask_mem(true)),
            Frame => None,
        }
    }

    // ---------------------------------------------------------- vtype / CSRs

    fn rand_vtype(&mut self) -> VType {
        loop {
            let sew = self.r.pick(&[8u32, 16, 32, 64]);
            let lmul = self.r.range(-3, 3) as i32;
            if legal(sew, lmul) {
                return VType {
                    sew,
                    lmul,
                    ta: self.r.chance(50),
                    ma: self.r.chance(50),
                };
            }
        }
    }

    fn set_vl(&mut self) -> Vec<Insn> {
        let mut out = Vec::new();
        // vsetvli x0, x0 keeps vl: only with the same SEW/LMUL ratio
        if self.r.chance(8) {
            let ratio = lg2(self.vt.sew) - self.vt.lmul;
            let c: Vec<VType> = [8u32, 16, 32, 64]
                .iter()
                .filter_map(|&sew| {
                    let lmul = lg2(sew) - ratio;
                    legal(sew, lmul).then_some(VType {
                        sew,
                        lmul,
                        ta: self.r.chance(50),
                        ma: self.r.chance(50),
                    })
                })
                .collect();
            let vt = self.r.pick(&c);
            out.push(w(
                e::vsetvli(0, 0, vt.bits()),
                "vsetvli",
                format!("zero,zero,{}", vt.text()),
            ));
            self.vt = vt;
            return out;
        }
        let vt = self.rand_vtype();
        let lm = vt.vlmax(self.vlen) as i64;
        let avl: i64 = match self.r.below(11) {
            0 => 0,
            1 => 1,
            2 | 3 => (self.r.range(1, lm) | 1).min(lm),
            4 | 5 => lm,
            6 => lm + self.r.range(1, lm),
            7 => self.r.range(0, 2 * lm + 8),
            8 => self.r.range(1, lm),
            // huge AVLs in rs1 (negative = above 2^63 as unsigned)
            9 => self.r.pick(&[-1, -2048, 0x7fff_ffff, 4096, 65536]),
            _ => i64::MIN, // rs1 = x0, rd != x0: AVL = ~0
        };
        let rd = if self.r.chance(30) { 0 } else { self.tmp() };
        if avl == i64::MIN {
            let rd = self.tmp();
            out.push(w(
                e::vsetvli(rd, 0, vt.bits()),
                "vsetvli",
                format!("{},zero,{}", x(rd), vt.text()),
            ));
            self.vl = lm as u32;
        } else {
            match self.r.below(10) {
                0..=2 if (0..32).contains(&avl) => {
                    out.push(w(
                        e::vsetivli(rd, avl as u32, vt.bits()),
                        "vsetivli",
                        format!("{},{},{}", x(rd), avl, vt.text()),
                    ));
                }
                3 | 4 => {
                    let (t1, t2) = (self.tmp(), self.tmp());
                    if t1 == t2 {
                        return self.set_vl();
                    }
                    self.li(t1, avl, &mut out);
                    self.li(t2, vt.bits() as i64, &mut out);
                    out.push(w(
                        e::vsetvl(rd, t1, t2),
                        "vsetvl",
                        format!("{},{},{}", x(rd), x(t1), x(t2)),
                    ));
                }
                _ => {
                    let t = self.tmp();
                    self.li(t, avl, &mut out);
                    out.push(w(
                        e::vsetvli(rd, t, vt.bits()),
                        "vsetvli",
                        format!("{},{},{}", x(rd), x(t), vt.text()),
                    ));
                }
            }
            self.vl = if avl < 0 {
                lm as u32
            } else {
                avl.min(lm) as u32
            };
        }
        self.vt = vt;
        out
    }

    /// An unsupported vtype (sets vill), its vtype/vl read back, then a legal vsetvl.
    fn set_vill(&mut self) -> Vec<Insn> {
        let mut out = Vec::new();
        let (rd, t) = (self.tmp(), self.tmp());
        let rv = loop {
            let v = self.tmp();
            if v != t {
                break v;
            }
        };
        let bits: u32 = match self.r.below(4) {
            // SEW > LMUL * ELEN
            0 => {
                let (sew, lmul) = self.r.pick(&[
                    (64u32, -1i32),
                    (64, -2),
                    (64, -3),
                    (32, -2),
                    (32, -3),
                    (16, -3),
                ]);
                (lmul & 7) as u32 | (lg2(sew) as u32 - 3) << 3 | (self.r.below(4) as u32) << 6
            }
            // reserved vlmul
            1 => 4 | (self.r.below(4) as u32) << 3,
            // SEW 128+
            2 => (self.r.below(4) as u32) | (4 + self.r.below(4) as u32) << 3,
            // reserved bits above vma
            _ => self.rand_vtype().bits() | 1 << (8 + self.r.below(3)),
        };
        let avl = self.r.range(0, 40);
        self.li(t, avl, &mut out);
        if bits < 0x100 && self.r.chance(50) {
            let mut i = w(
                e::vsetvli(rd, t, bits),
                "vsetvli",
                format!("{},{},{}", x(rd), x(t), bits),
            );
            i.lax = true;
            out.push(i);
        } else {
            self.li(rv, bits as i64, &mut out);
            out.push(w(
                e::vsetvl(rd, t, rv),
                "vsetvl",
                format!("{},{},{}", x(rd), x(t), x(rv)),
            ));
        }
        let r2 = self.tmp();
        out.push(w(
            e::csr(2, r2, 0xc21, 0),
            "csrrs",
            format!("{},vtype,zero", x(r2)),
        ));
        let r3 = self.tmp();
        out.push(w(
            e::csr(2, r3, 0xc20, 0),
            "csrrs",
            format!("{},vl,zero", x(r3)),
        ));
        out.extend(self.set_vl());
        // the x0,x0 form is not allowed right after vill: set_vl may produce
        // it (it keeps the SEW/LMUL ratio it believes in), so force a full form
        if out
            .last()
            .map(|i| i.ops.starts_with("zero,zero"))
            .unwrap_or(false)
        {
            out.pop();
            let vt = self.vt;
            let lm = vt.vlmax(self.vlen);
            let t = self.tmp();
            out.push(w(
                e::vsetvli(t, 0, vt.bits()),
                "vsetvli",
                format!("{},zero,{}", x(t), vt.text()),
            ));
            self.vl = lm;
        }
        out
    }

    /// `csrwi vstart, k` (k < vl) right before a load or store (generated with
    /// --all-forms only, see VGenCfg::all_forms)
    fn vstart(&mut self) -> Option<Vec<Insn>> {
        use VKind::*;
        // Spike raises illegal-instruction for vector arithmetic at vstart != 0
        // (which the spec permits), so only memory accesses are started late
        let kind = self.r.pick(&[
            LoadUnit,
            LoadStrided,
            LoadIndexed,
            StoreUnit,
            StoreStrided,
            StoreIndexed,
        ]);
        // vstart < vl only: qemu 7.2 leaves vstart set when vstart >= vl
        // (the instruction is skipped without resetting it)
        if self.vl == 0 {
            return None;
        }
        let mut out = self.item(kind)?;
        let k = self.r.range(0, self.vl as i64 - 1).min(31) as u8;
        let main = out.pop().unwrap();
        if main.mnem.contains("ff.v") {
            return None;
        }
        out.push(w(e::csr(5, 0, 8, k), "csrrwi", format!("zero,vstart,{k}")));
        out.push(main);
        Some(out)
    }

    /// `vsetvli t, x0, vtype` (vl = VLMAX) for a trap case
    fn vset(&mut self, sew: u32, lmul: i32, out: &mut Vec<Insn>) {
        let vt = VType {
            sew,
            lmul,
            ta: true,
            ma: true,
        };
        let t = self.tmp();
        out.push(w(
            e::vsetvli(t, 0, vt.bits()),
            "vsetvli",
            format!("{},zero,{}", x(t), vt.text()),
        ));
        self.vt = vt;
        self.vl = vt.vlmax(self.vlen);
    }

    /// One instruction that must raise an illegal-instruction exception (on
    /// Spike; every case was also checked to trap on qemu 7.2), with the setup
    /// it needs, and what it violates.
    pub fn trap_item(&mut self) -> (Vec<Insn>, &'static str) {
        let mut o = Vec::new();
        let t = self.tmp();
        let op =
            |f6: u32, m: bool, vs2: u8, vs1: u8, f3: u32, vd: u8| e::opv(f6, m, vs2, vs1, f3, vd);
        // masked vcompress: qemu 7.2 executes it (Spike traps): --all-forms only
        let case = loop {
            let c = self.r.below(27);
            if c != 11 || self.cfg.all_forms {
                break c;
            }
        };
        let what = match case {
            0 => {
                o.push(w(
                    e::vsetvli(t, 0, 0x1d),
                    "vsetvli",
                    format!("{},zero,e64,mf8,tu,mu", x(t)),
                ));
                o.push(w(op(0, false, 2, 3, 0, 1), "vadd.vv", "v1,v2,v3"));
                "vector instruction while vill is set"
            }
            1 => {
                self.vset(32, 1, &mut o);
                o.push(w(op(0, false, 2, 4, 0, 1), "vadd.vv", "v1,v2,v4"));
                "destination group misaligned for LMUL=2"
            }
            2 => {
                self.vset(32, 2, &mut o);
                o.push(w(op(0, false, 6, 4, 0, 8), "vadd.vv", "v8,v6,v4"));
                "source group misaligned for LMUL=4"
            }
            3 => {
                self.vset(32, 0, &mut o);
                o.push(w(op(0, true, 2, 3, 0, 0), "vadd.vv", "v0,v2,v3,v0.t"));
                "masked instruction writing v0 (non-mask result)"
            }
            4 => {
                self.vset(8, 0, &mut o);
                o.push(w(op(0, false, 2, 3, 1, 1), "vfadd.vv", "v1,v2,v3"));
                "FP instruction at SEW=8"
            }
            5 => {
                self.vset(16, 3, &mut o);
                o.push(w(op(0x31, false, 8, 16, 2, 0), "vwadd.vv", "v0,v8,v16"));
                "widening at LMUL=8"
            }
            6 => {
                self.vset(64, 0, &mut o);
                o.push(w(op(0x31, false, 4, 5, 2, 2), "vwadd.vv", "v2,v4,v5"));
                "widening at SEW=64"
            }
            7 => {
                self.vset(32, 0, &mut o);
                o.push(w(op(0x31, false, 2, 5, 2, 2), "vwadd.vv", "v2,v2,v5"));
                "widening destination overlapping a source in its lowest part"
            }
            8 => {
                self.vset(32, 0, &mut o);
                o.push(w(op(0x2c, false, 2, 5, 0, 3), "vnsrl.wv", "v3,v2,v5"));
                "narrowing destination in the highest part of the source"
            }
            9 => {
                self.vset(32, 0, &mut o);
                o.push(w(op(0x0c, false, 2, 3, 0, 2), "vrgather.vv", "v2,v2,v3"));
                "vrgather destination overlapping vs2"
            }
            10 => {
                self.vset(32, 0, &mut o);
                o.push(w(
                    op(0x0e, false, 2, t, 4, 2),
                    "vslideup.vx",
                    format!("v2,v2,{}", x(t)),
                ));
                "vslideup destination overlapping vs2"
            }
            11 => {
                self.vset(32, 0, &mut o);
                let mut i = w(op(0x17, true, 2, 3, 2, 1), "vcompress.vm", "v1,v2,v3,v0.t");
                i.lax = true;
                o.push(i);
                "masked vcompress (reserved)"
            }
            12 => {
                self.vset(32, 0, &mut o);
                o.push(w(e::csr(5, 0, 8, 1), "csrrwi", "zero,vstart,1"));
                o.push(w(op(0, false, 2, 3, 2, 1), "vredsum.vs", "v1,v2,v3"));
                "reduction with vstart != 0"
            }
            13 => {
                self.vset(32, 0, &mut o);
                let mut i = w(op(0x10, false, 2, 3, 0, 1), "vadc.vv", "v1,v2,v3");
                i.lax = true;
                o.push(i);
                "vadc with vm=1 (reserved)"
            }
            14 => {
                self.vset(32, 0, &mut o);
                let mut i = w(op(0x27, false, 4, 2, 3, 8), "vmv3r.v", "v8,v4");
                i.lax = true;
                o.push(i);
                "whole-register move of 3 registers (reserved)"
            }
            15 => {
                self.vset(32, 2, &mut o);
                o.push(w(
                    e::i(0x13, t, 0, SB, 0),
                    "addi",
                    format!("{},{},0", x(t), x(SB)),
                ));
                o.push(w(
                    e::vmem(false, 2, 0, false, 0, t, 6, 0),
                    "vlseg3e32.v",
                    format!("v0,({})", x(t)),
                ));
                "segment load with NFIELDS x EMUL > 8"
            }
            16 => {
                self.vset(8, 0, &mut o);
                o.push(w(
                    e::i(0x13, t, 0, SB, 0),
                    "addi",
                    format!("{},{},0", x(t), x(SB)),
                ));
                o.push(w(
                    e::vmem(false, 3, 0, false, 0, t, 0, 30),
                    "vlseg4e8.v",
                    format!("v30,({})", x(t)),
                ));
                "segment load group past v31"
            }
            17 => {
                self.vset(8, 1, &mut o);
                o.push(w(
                    e::i(0x13, t, 0, SB, 0),
                    "addi",
                    format!("{},{},0", x(t), x(SB)),
                ));
                o.push(w(
                    e::vmem(false, 0, 0, false, 0, t, 7, 0),
                    "vle64.v",
                    format!("v0,({})", x(t)),
                ));
                "load with EMUL = 16"
            }
            18 => {
                o.push(w(e::csr(5, 0, 2, 5), "csrrwi", "zero,frm,5"));
                self.vset(32, 0, &mut o);
                o.push(w(op(0, false, 2, 3, 1, 1), "vfadd.vv", "v1,v2,v3"));
                "vector FP with a reserved frm"
            }
            19 => {
                self.vset(32, 0, &mut o);
                o.push(w(op(0x14, false, 2, 1, 2, 2), "vmsbf.m", "v2,v2"));
                "vmsbf.m destination = source"
            }
            20 => {
                self.vset(32, 1, &mut o);
                o.push(w(op(0x14, false, 3, 16, 2, 2), "viota.m", "v2,v3"));
                "viota.m destination group overlapping the source"
            }
            21 => {
                self.vset(8, 0, &mut o);
                o.push(w(op(0x12, false, 4, 12, 1, 2), "vfwcvt.f.f.v", "v2,v4"));
                "vfwcvt.f.f.v at SEW=8"
            }
            22 => {
                self.vset(32, 0, &mut o);
                o.push(w(op(0x12, false, 4, 2, 2, 2), "vzext.vf8", "v2,v4"));
                "vzext.vf8 at SEW=32 (source EEW 4)"
            }
            23 => {
                o.push(w(
                    e::i(0x13, t, 0, SB, 0),
                    "addi",
                    format!("{},{},0", x(t), x(SB)),
                ));
                o.push(w(
                    e::vmem(false, 1, 0, false, 8, t, 6, 1),
                    "vl2re32.v",
                    format!("v1,({})", x(t)),
                ));
                "whole-register load of 2 registers into an odd register"
            }
            24 => {
                o.push(w(op(0x27, false, 2, 1, 3, 1), "vmv2r.v", "v1,v2"));
                "vmv2r.v with an odd destination"
            }
            25 => {
                self.vset(32, 1, &mut o);
                o.push(w(op(0x18, false, 2, 4, 0, 3), "vmseq.vv", "v3,v2,v4"));
                "compare destination in the highest part of a source group"
            }
            _ => {
                self.vset(8, 0, &mut o);
                o.push(w(op(0x10, false, 2, 0, 1, 1), "vfmv.f.s", "ft1,v2"));
                "vfmv.f.s at SEW=8"
            }
        };
        (o, what)
    }

    fn set_mask(&mut self) -> Option<Vec<Insn>> {
        let mut out = Vec::new();
        match self.r.below(5) {
            0 => out.push(w(e::opv(0x1f, false, 0, 0, 2, 0), "vmxnor.mm", "v0,v0,v0")),
            1 => out.push(w(e::opv(0x1b, false, 0, 0, 2, 0), "vmxor.mm", "v0,v0,v0")),
            2 => {
                let t = self.addr((self.vl as i64 + 7) / 8, 1, &mut out);
                out.push(w(
                    e::vmem(false, 0, 0, false, 0x0b, t, 0, 0),
                    "vlm.v",
                    format!("v0,({})", x(t)),
                ));
            }
            _ => {
                // first k elements active: vid.v vT; vmsltu.vx v0, vT, k
                let lg = self.vt.lmul;
                let vt = self.grp(lg, &[(0, 1)])?;
                let t = self.tmp();
                let k = self.r.range(0, self.lmax() as i64 + 1);
                self.li(t, k, &mut out);
                out.push(w(
                    e::opv(0x14, false, 0, 17, 2, vt),
                    "vid.v",
                    format!("v{vt}"),
                ));
                out.push(w(
                    e::opv(0x1a, false, vt, t, 4, 0),
                    "vmsltu.vx",
                    format!("v0,v{vt},{}", x(t)),
                ));
            }
        }
        Some(out)
    }

    fn csr(&mut self) -> Vec<Insn> {
        let mut out = Vec::new();
        match self.r.below(8) {
            0 | 1 => {
                let v = self.r.below(5) as u8;
                out.push(w(e::csr(5, 0, 2, v), "csrrwi", format!("zero,frm,{v}")));
            }
            2 => out.push(w(e::csr(5, 0, 1, 0), "csrrwi", "zero,fflags,0")),
            3 | 4 => {
                let v = self.r.below(4) as u8;
                out.push(w(e::csr(5, 0, 0xa, v), "csrrwi", format!("zero,vxrm,{v}")));
            }
            5 => {
                let v = self.r.below(2) as u8;
                out.push(w(e::csr(5, 0, 9, v), "csrrwi", format!("zero,vxsat,{v}")));
            }
            6 => {
                let v = self.r.below(8) as u8;
                out.push(w(e::csr(5, 0, 0xf, v), "csrrwi", format!("zero,vcsr,{v}")));
            }
            _ => {
                let (c, name) = self.r.pick(&CSRS);
                let rd = self.tmp();
                out.push(w(
                    e::csr(2, rd, c, 0),
                    "csrrs",
                    format!("{},{name},zero", x(rd)),
                ));
            }
        }
        out
    }

    /// Reload a register group from the initial-value region (keeps interesting values around).
    fn reload(&mut self) -> Vec<Insn> {
        let nf = self.r.pick(&[1u8, 1, 2, 4, 8]);
        let vd = self.grp(lg2(nf as u32), &[]).unwrap();
        let k = self.r.below(33 - nf as u64) as i32;
        let off = VINIT as i32 - TB_AT as i32 + k * (self.vlen as i32 / 8);
        let t = self.tmp();
        let eew = self.r.pick(&[8u32, 16, 32, 64]);
        vec![
            w(
                e::i(0x13, t, 0, TB, off),
                "addi",
                format!("{},{},{}", x(t), x(TB), off),
            ),
            w(
                e::vmem(false, nf as u32 - 1, 0, false, 8, t, e::vwidth(eew), vd),
                format!("vl{nf}re{eew}.v"),
                format!("v{vd},({})", x(t)),
            ),
        ]
    }

    // ------------------------------------------------------------ arithmetic

    /// scalar / immediate operand for form `form`: (field value, text), plus setup
    fn operand(
        &mut self,
        form: u8,
        fam: Fam,
        uimm: bool,
        out: &mut Vec<Insn>,
        v1: u8,
    ) -> (u8, String) {
        match form {
            V => (v1, format!("v{v1}")),
            IM => {
                let i = if uimm { self.uimm5() } else { self.simm5() };
                ((i & 31) as u8, format!("{i}"))
            }
            _ if fam == Fam::F => {
                let r = self.fs();
                (r, f(r).to_string())
            }
            _ => {
                let r = if self.r.chance(30) {
                    let t = self.tmp();
                    let v = match self.r.below(4) {
                        0 => self.r.range(-2048, 2047),
                        1 => self.r.range(-4, 70),
                        _ => self.r.range(-300, 300),
                    };
                    self.li(t, v, out);
                    t
                } else {
                    self.xs()
                };
                (r, x(r).to_string())
            }
        }
    }

    fn pick_form(&mut self, forms: u8) -> u8 {
        let c: Vec<u8> = [V, X, IM].into_iter().filter(|f| forms & f != 0).collect();
        self.r.pick(&c)
    }

    /// Single-width op: vd, vs2, vs1/rs1/imm; `fma` puts vs1/rs1 first in the text.
    fn bin(&mut self, op: Op, fma: bool) -> Option<Vec<Insn>> {
        let (m, fam, f6, forms, uimm) = op;
        if fam == Fam::F && !self.is_fp() {
            return None;
        }
        let form = self.pick_form(forms);
        let lg = self.vt.lmul;
        let mk = self.masked();
        let vd = self.grp(lg, &Self::mavoid(mk))?;
        let vs2 = self.grp(lg, &[])?;
        let v1 = self.grp(lg, &[])?;
        let mut out = Vec::new();
        let (s1, t1) = self.operand(form, fam, uimm, &mut out, v1);
        let text = if fma {
            format!("v{vd},{t1},v{vs2}{}", mt(mk))
        } else {
            format!("v{vd},v{vs2},{t1}{}", mt(mk))
        };
        out.push(w(
            e::opv(f6, mk, vs2, s1, f3_of(form, fam), vd),
            format!("{m}{}", sfx(form, fam, false)),
            text,
        ));
        Some(out)
    }

    fn widen(&mut self, op: Op, wide: bool, fma: bool) -> Option<Vec<Insn>> {
        let (m, fam, f6, forms, uimm) = op;
        let sew = self.vt.sew;
        let ok = if fam == Fam::F {
            sew == 16 || sew == 32
        } else {
            sew <= 32
        };
        if !ok || self.vt.lmul > 2 {
            return None;
        }
        let form = self.pick_form(forms);
        let lg = self.vt.lmul;
        let mk = self.masked();
        let vd = self.grp(lg + 1, &Self::mavoid(mk))?;
        let dr = (vd, nregs(lg + 1));
        // legal overlap: a SEW-wide source (EMUL >= 1) in the highest half of the destination
        let hi = self.hi_overlap(vd, lg + 1, lg);
        let vs2 = if wide {
            self.grp(lg + 1, &[])?
        } else if hi.is_some() && self.r.chance(50) {
            hi.unwrap()
        } else {
            self.grp(lg, &[dr])?
        };
        let v1 = match hi {
            Some(h) if self.r.chance(60) => h,
            _ => self.grp(lg, &[dr])?,
        };
        let mut out = Vec::new();
        let (s1, t1) = self.operand(form, fam, uimm, &mut out, v1);
        let text = if fma {
            format!("v{vd},{t1},v{vs2}{}", mt(mk))
        } else {
            format!("v{vd},v{vs2},{t1}{}", mt(mk))
        };
        out.push(w(
            e::opv(f6, mk, vs2, s1, f3_of(form, fam), vd),
            format!("{m}{}", sfx(form, fam, wide)),
            text,
        ));
        Some(out)
    }

    fn narrow(&mut self, op: Op) -> Option<Vec<Insn>> {
        let (m, fam, f6, forms, uimm) = op;
        if self.vt.sew > 32 || self.vt.lmul > 2 {
            return None;
        }
        let form = self.pick_form(forms);
        let lg = self.vt.lmul;
        let mk = self.masked();
        let (vd, vs2) = self.narrow_regs(lg, mk)?;
        let v1 = self.grp(lg, &[])?;
        let mut out = Vec::new();
        let (s1, t1) = self.operand(form, fam, uimm, &mut out, v1);
        out.push(w(
            e::opv(f6, mk, vs2, s1, f3_of(form, fam), vd),
            format!("{m}{}", sfx(form, fam, true)),
            format!("v{vd},v{vs2},{t1}{}", mt(mk)),
        ));
        Some(out)
    }

    /// With probability 1/4, the register of a source group of EMUL 2^ls that
    /// lies in the highest-numbered part of the destination group (EMUL 2^ld):
    /// the overlap the spec allows when the destination EEW is wider (source
    /// EMUL >= 1 required).
    fn hi_overlap(&mut self, vd: u8, ld: i32, ls: i32) -> Option<u8> {
        (ls >= 0 && self.r.chance(25)).then(|| vd + nregs(ld) - nregs(ls))
    }

    /// Narrowing destination (EMUL 2^lg) and wide source (2^(lg+1)): disjoint,
    /// or (1/4) the destination is the lowest-numbered part of the source, the
    /// overlap the spec allows.
    fn narrow_regs(&mut self, lg: i32, mk: bool) -> Option<(u8, u8)> {
        if self.r.chance(25) {
            let vs2 = self.grp(lg + 1, &[])?;
            if !(mk && vs2 == 0) {
                return Some((vs2, vs2));
            }
        }
        let vd = self.grp(lg, &Self::mavoid(mk))?;
        Some((vd, self.grp(lg + 1, &[(vd, nregs(lg))])?))
    }

    /// Compares: a mask destination, disjoint from the sources or the lowest
    /// register of one of them.
    fn cmp(&mut self, op: Op) -> Option<Vec<Insn>> {
        let (m, fam, f6, forms, uimm) = op;
        if fam == Fam::F && !self.is_fp() {
            return None;
        }
        let form = self.pick_form(forms);
        let lg = self.vt.lmul;
        let mk = self.masked();
        let vs2 = self.grp(lg, &[])?;
        let v1 = self.grp(lg, &[])?;
        let mut avoid = vec![(vs2, nregs(lg))];
        if form == V {
            avoid.push((v1, nregs(lg)));
        }
        if mk {
            avoid.push((0, 1));
        }
        // legal overlap: the mask destination is the lowest register of a source
        let vd = match self.r.below(8) {
            0 if !(mk && vs2 == 0) => vs2,
            1 if form == V && !(mk && v1 == 0) => v1,
            _ => self.grp(0, &avoid)?,
        };
        let mut out = Vec::new();
        let (s1, t1) = self.operand(form, fam, uimm, &mut out, v1);
        out.push(w(
            e::opv(f6, mk, vs2, s1, f3_of(form, fam), vd),
            format!("{m}{}", sfx(form, fam, false)),
            format!("v{vd},v{vs2},{t1}{}", mt(mk)),
        ));
        Some(out)
    }

    fn ext(&mut self) -> Option<Vec<Insn>> {
        let fl = self.r.range(1, 3) as i32;
        let sew = self.vt.sew;
        let lg = self.vt.lmul;
        if (sew >> fl) < 8 || lg - fl < -3 {
            return None;
        }
        let signed = self.r.chance(50);
        let sel = (8 - 2 * fl as u32) | signed as u32; // vf8: 2/3, vf4: 4/5, vf2: 6/7
        let mk = self.masked();
        let vd = self.grp(lg, &Self::mavoid(mk))?;
        let vs2 = match self.hi_overlap(vd, lg, lg - fl) {
            Some(h) => h,
            None => self.grp(lg - fl, &[(vd, nregs(lg))])?,
        };
        Some(vec![w(
            e::opv(0x12, mk, vs2, sel as u8, 2, vd),
            format!("{}.vf{}", if signed { "vsext" } else { "vzext" }, 1 << fl),
            format!("v{vd},v{vs2}{}", mt(mk)),
        )])
    }

    /// vadc/vsbc/vmadc/vmsbc
    fn carry(&mut self) -> Option<Vec<Insn>> {
        let (m, f6, forms) = self.r.pick(&[
            ("vadc", 0x10u32, V | X | IM),
            ("vmadc", 0x11, V | X | IM),
            ("vsbc", 0x12, V | X),
            ("vmsbc", 0x13, V | X),
        ]);
        let mask_dst = m.starts_with("vm");
        let form = self.pick_form(forms);
        let lg = self.vt.lmul;
        // vadc/vsbc always take the carry from v0; vmadc/vmsbc may not
        let cin = !mask_dst || self.r.chance(60);
        let vs2 = self.grp(lg, &[])?;
        let v1 = self.grp(lg, &[])?;
        let vd = if mask_dst {
            let mut avoid = vec![(vs2, nregs(lg)), (0, 1)];
            if form == V {
                avoid.push((v1, nregs(lg)));
            }
            self.grp(0, &avoid)?
        } else {
            self.grp(lg, &[(0, 1)])?
        };
        let mut out = Vec::new();
        let (s1, t1) = self.operand(form, Fam::I, false, &mut out, v1);
        let s = sfx(form, Fam::I, false);
        let (mn, text) = if cin {
            (format!("{m}{s}m"), format!("v{vd},v{vs2},{t1},v0"))
        } else {
            (format!("{m}{s}"), format!("v{vd},v{vs2},{t1}"))
        };
        out.push(w(
            e::opv(f6, cin, vs2, s1, f3_of(form, Fam::I), vd),
            mn,
            text,
        ));
        Some(out)
    }

    /// vmerge / vmv.v.* / vfmerge / vfmv.v.f
    fn merge(&mut self) -> Option<Vec<Insn>> {
        let fp = self.is_fp() && self.r.chance(35);
        let form = if fp { X } else { self.pick_form(V | X | IM) };
        let fam = if fp { Fam::F } else { Fam::I };
        let lg = self.vt.lmul;
        let merge = self.r.chance(60);
        let vd = self.grp(lg, &if merge { vec![(0, 1)] } else { vec![] })?;
        let vs2 = if merge { self.grp(lg, &[])? } else { 0 };
        let v1 = self.grp(lg, &[])?;
        let mut out = Vec::new();
        let (s1, t1) = self.operand(form, fam, false, &mut out, v1);
        let s = sfx(form, fam, false);
        let (mn, text) = match (merge, fp) {
            (true, false) => (format!("vmerge{s}m"), format!("v{vd},v{vs2},{t1},v0")),
            (true, true) => ("vfmerge.vfm".to_string(), format!("v{vd},v{vs2},{t1},v0")),
            (false, false) => (format!("vmv.v.{}", &s[2..]), format!("v{vd},{t1}")),
            (false, true) => ("vfmv.v.f".to_string(), format!("v{vd},{t1}")),
        };
        out.push(w(
            e::opv(0x17, merge, vs2, s1, f3_of(form, fam), vd),
            mn,
            text,
        ));
        Some(out)
    }

    fn fp_unary(&mut self) -> Option<Vec<Insn>> {
        if !self.is_fp() {
            return None;
        }
        let (m, sel) = self.r.pick(&[
            ("vfsqrt.v", 0u8),
            ("vfrsqrt7.v", 4),
            ("vfrec7.v", 5),
            ("vfclass.v", 16),
        ]);
        let lg = self.vt.lmul;
        let mk = self.masked();
        let vd = self.grp(lg, &Self::mavoid(mk))?;
        let vs2 = self.grp(lg, &[])?;
        Some(vec![w(
            e::opv(0x13, mk, vs2, sel, 1, vd),
            m,
            format!("v{vd},v{vs2}{}", mt(mk)),
        )])
    }

    fn cvt(&mut self, shape: Shape) -> Option<Vec<Insn>> {
        let sew = self.vt.sew;
        let c: Vec<_> = CVT
            .iter()
            .filter(|c| c.2 == shape && c.3 & sew_bit(sew) != 0 && (!c.4 || self.cfg.all_forms))
            .copied()
            .collect();
        if c.is_empty() {
            return None;
        }
        let (m, sel, _, _, _) = self.r.pick(&c);
        let lg = self.vt.lmul;
        if shape != Shape::Same && lg > 2 {
            return None;
        }
        let mk = self.masked();
        let (vd, vs2) = match shape {
            Shape::Same => (self.grp(lg, &Self::mavoid(mk))?, self.grp(lg, &[])?),
            Shape::Widen => {
                let vd = self.grp(lg + 1, &Self::mavoid(mk))?;
                match self.hi_overlap(vd, lg + 1, lg) {
                    Some(h) => (vd, h),
                    None => (vd, self.grp(lg, &[(vd, nregs(lg + 1))])?),
                }
            }
            Shape::Narrow => self.narrow_regs(lg, mk)?,
        };
        Some(vec![w(
            e::opv(0x12, mk, vs2, sel as u8, 1, vd),
            m,
            format!("v{vd},v{vs2}{}", mt(mk)),
        )])
    }

    fn fp_move(&mut self) -> Option<Vec<Insn>> {
        if !self.is_fp() {
            return None;
        }
        if self.r.chance(50) {
            // vfmv.f.s fd, vs2 (ignores vl; NaN-boxes SEW < 64)
            let vs2 = self.r.range(0, 31) as u8;
            let fd = self.r.range(0, 31) as u8;
            self.ftype[fd as usize] = fmt_of(self.vt.sew);
            Some(vec![w(
                e::opv(0x10, false, vs2, 0, 1, fd),
                "vfmv.f.s",
                format!("{},v{vs2}", f(fd)),
            )])
        } else {
            let vd = self.r.range(0, 31) as u8;
            let fs = self.fs();
            Some(vec![w(
                e::opv(0x10, false, 0, fs, 5, vd),
                "vfmv.s.f",
                format!("v{vd},{}", f(fs)),
            )])
        }
    }

    fn red(&mut self, op: (&'static str, u32, Fam, bool)) -> Option<Vec<Insn>> {
        let (m, f6, fam, wide) = op;
        let sew = self.vt.sew;
        let ok = match (fam == Fam::F, wide) {
            (true, false) => sew >= 16,
            (true, true) => sew == 16 || sew == 32,
            (false, true) => sew <= 32,
            (false, false) => true,
        };
        if !ok {
            return None;
        }
        // qemu 7.2 passes vs1[0] through unchanged when no element is
        // active; Spike canonicalises a NaN there (the spec allows both for
        // the unordered sums): keep those unmasked for qemu
        let unordered = m.starts_with("vf") && m.contains("usum");
        let mk = self.masked() && (!unordered || self.cfg.all_forms);
        let vs2 = self.grp(self.vt.lmul, &[])?;
        let vd = self.grp(0, &Self::mavoid(mk))?;
        let vs1 = self.r.range(0, 31) as u8;
        Some(vec![w(
            e::opv(f6, mk, vs2, vs1, f3_of(V, fam), vd),
            format!("{m}.vs"),
            format!("v{vd},v{vs2},v{vs1}{}", mt(mk)),
        )])
    }

    fn mask_logic(&mut self) -> Vec<Insn> {
        let (m, f6) = self.r.pick(MASK_LOGIC);
        let (vd, vs2, vs1) = (
            self.r.range(0, 31) as u8,
            self.r.range(0, 31) as u8,
            self.r.range(0, 31) as u8,
        );
        vec![w(
            e::opv(f6, false, vs2, vs1, 2, vd),
            format!("{m}.mm"),
            format!("v{vd},v{vs2},v{vs1}"),
        )]
    }

    fn mask_scalar(&mut self) -> Vec<Insn> {
        let (m, sel) = self.r.pick(&[("vcpop.m", 16u8), ("vfirst.m", 17)]);
        let mk = self.masked();
        let vs2 = self.r.range(0, 31) as u8;
        let rd = self.tmp();
        vec![w(
            e::opv(0x10, mk, vs2, sel, 2, rd),
            m,
            format!("{},v{vs2}{}", x(rd), mt(mk)),
        )]
    }

    fn mask_set(&mut self) -> Vec<Insn> {
        let (m, sel) = self
            .r
            .pick(&[("vmsbf.m", 1u8), ("vmsof.m", 2), ("vmsif.m", 3)]);
        let mk = self.masked();
        let vs2 = self.r.range(0, 31) as u8;
        let mut avoid = vec![(vs2, 1)];
        if mk {
            avoid.push((0, 1));
        }
        let vd = self.grp(0, &avoid).unwrap();
        vec![w(
            e::opv(0x14, mk, vs2, sel, 2, vd),
            m,
            format!("v{vd},v{vs2}{}", mt(mk)),
        )]
    }

    fn iota(&mut self) -> Option<Vec<Insn>> {
        let lg = self.vt.lmul;
        let mk = self.masked();
        if self.r.chance(50) {
            let vd = self.grp(lg, &Self::mavoid(mk))?;
            return Some(vec![w(
                e::opv(0x14, mk, 0, 17, 2, vd),
                "vid.v",
                format!("v{vd}{}", mt(mk)),
            )]);
        }
        let vs2 = self.r.range(0, 31) as u8;
        let mut avoid = vec![(vs2, 1)];
        if mk {
            avoid.push((0, 1));
        }
        let vd = self.grp(lg, &avoid)?;
        Some(vec![w(
            e::opv(0x14, mk, vs2, 16, 2, vd),
            "viota.m",
            format!("v{vd},v{vs2}{}", mt(mk)),
        )])
    }

    fn scalar_move(&mut self) -> Vec<Insn> {
        if self.r.chance(50) {
            let vs2 = self.r.range(0, 31) as u8;
            let rd = self.tmp();
            vec![w(
                e::opv(0x10, false, vs2, 0, 2, rd),
                "vmv.x.s",
                format!("{},v{vs2}", x(rd)),
            )]
        } else {
            let vd = self.r.range(0, 31) as u8;
            let rs = self.xs();
            vec![w(
                e::opv(0x10, false, 0, rs, 6, vd),
                "vmv.s.x",
                format!("v{vd},{}", x(rs)),
            )]
        }
    }

    /// slide amount in a scalar register: usually small, sometimes any value
    fn slide_amount(&mut self, out: &mut Vec<Insn>) -> u8 {
        if self.r.chance(75) {
            let t = self.tmp();
            let lm = self.lmax() as i64;
            let v = match self.r.below(4) {
                0 => self.r.range(0, 3),
                1 => self.r.range(0, lm + 2),
                2 => self.r.range(lm - 2, lm + 40).max(0),
                _ => self.r.range(0, 2047),
            };
            self.li(t, v, out);
            t
        } else {
            self.xs()
        }
    }

    fn slide(&mut self) -> Option<Vec<Insn>> {
        let lg = self.vt.lmul;
        let mk = self.masked();
        let n = nregs(lg);
        let (m, fam, f6, form) = self.r.pick(&[
            ("vslideup", Fam::I, 0x0eu32, X),
            ("vslideup", Fam::I, 0x0e, IM),
            ("vslidedown", Fam::I, 0x0f, X),
            ("vslidedown", Fam::I, 0x0f, IM),
            ("vslide1up", Fam::M, 0x0e, X),
            ("vslide1down", Fam::M, 0x0f, X),
            ("vfslide1up", Fam::F, 0x0e, X),
            ("vfslide1down", Fam::F, 0x0f, X),
        ]);
        if fam == Fam::F && !self.is_fp() {
            return None;
        }
        let up = m.contains("up");
        let vd = self.grp(lg, &Self::mavoid(mk))?;
        let vs2 = if up {
            self.grp(lg, &[(vd, n)])?
        } else {
            self.grp(lg, &[])?
        };
        let mut out = Vec::new();
        let (s1, t1) = if fam == Fam::I && form == X {
            let r = self.slide_amount(&mut out);
            (r, x(r).to_string())
        } else {
            self.operand(form, fam, true, &mut out, 0)
        };
        out.push(w(
            e::opv(f6, mk, vs2, s1, f3_of(form, fam), vd),
            format!("{m}{}", sfx(form, fam, false)),
            format!("v{vd},v{vs2},{t1}{}", mt(mk)),
        ));
        Some(out)
    }

    fn gather(&mut self) -> Option<Vec<Insn>> {
        let lg = self.vt.lmul;
        let sew = self.vt.sew;
        let n = nregs(lg);
        let mk = self.masked();
        let mut out = Vec::new();
        match self.r.below(4) {
            0 | 1 => {
                // vrgather.vv, optionally with a prepared index vector
                let vs2 = self.grp(lg, &[])?;
                let vs1 = self.grp(lg, &[])?;
                let mut avoid = vec![(vs2, n), (vs1, n)];
                if mk {
                    avoid.push((0, 1));
                }
                let vd = self.grp(lg, &avoid)?;
                if self.r.chance(50) && !(mk && vs1 == 0) {
                    out.push(w(
                        e::opv(0x14, false, 0, 17, 2, vs1),
                        "vid.v",
                        format!("v{vs1}"),
                    ));
                    let k = self.r.range(0, 15) as u8;
                    out.push(w(
                        e::opv(0x0b, false, vs1, k, 3, vs1),
                        "vxor.vi",
                        format!("v{vs1},v{vs1},{k}"),
                    ));
                }
                out.push(w(
                    e::opv(0x0c, mk, vs2, vs1, 0, vd),
                    "vrgather.vv",
                    format!("v{vd},v{vs2},v{vs1}{}", mt(mk)),
                ));
            }
            2 => {
                // vrgatherei16.vv: 16-bit indices, EMUL = 16/SEW * LMUL
                let li = lg + 4 - lg2(sew);
                if !(-3..=3).contains(&li) {
                    return None;
                }
                let vs2 = self.grp(lg, &[])?;
                let vs1 = self.grp(li, &[])?;
                let mut avoid = vec![(vs2, n), (vs1, nregs(li))];
                if mk {
                    avoid.push((0, 1));
                }
                let vd = self.grp(lg, &avoid)?;
                out.push(w(
                    e::opv(0x0e, mk, vs2, vs1, 0, vd),
                    "vrgatherei16.vv",
                    format!("v{vd},v{vs2},v{vs1}{}", mt(mk)),
                ));
            }
            _ => {
                let form = if self.r.chance(50) { X } else { IM };
                let vs2 = self.grp(lg, &[])?;
                let mut avoid = vec![(vs2, n)];
                if mk {
                    avoid.push((0, 1));
                }
                let vd = self.grp(lg, &avoid)?;
                let (s1, t1) = if form == X {
                    let r = self.slide_amount(&mut out);
                    (r, x(r).to_string())
                } else {
                    self.operand(IM, Fam::I, true, &mut out, 0)
                };
                out.push(w(
                    e::opv(0x0c, mk, vs2, s1, f3_of(form, Fam::I), vd),
                    format!("vrgather{}", sfx(form, Fam::I, false)),
                    format!("v{vd},v{vs2},{t1}{}", mt(mk)),
                ));
            }
        }
        Some(out)
    }

    fn compress(&mut self) -> Option<Vec<Insn>> {
        let lg = self.vt.lmul;
        let n = nregs(lg);
        let vs2 = self.grp(lg, &[])?;
        let vs1 = self.r.range(0, 31) as u8;
        let vd = self.grp(lg, &[(vs2, n), (vs1, 1)])?;
        Some(vec![w(
            e::opv(0x17, false, vs2, vs1, 2, vd),
            "vcompress.vm",
            format!("v{vd},v{vs2},v{vs1}"),
        )])
    }

    fn whole_move(&mut self) -> Vec<Insn> {
        let nr = self.r.pick(&[1u8, 2, 4, 8]);
        let vd = self.grp(lg2(nr as u32), &[]).unwrap();
        let vs2 = self.grp(lg2(nr as u32), &[]).unwrap();
        vec![w(
            e::opv(0x27, false, vs2, nr - 1, 3, vd),
            format!("vmv{nr}r.v"),
            format!("v{vd},v{vs2}"),
        )]
    }

    // --------------------------------------------------------------- memory

    /// `addi t, sb, off` for an access of `bytes` bytes aligned to `align`
    fn addr(&mut self, bytes: i64, align: i64, out: &mut Vec<Insn>) -> u8 {
        let hi = 2048 - bytes.max(1);
        let slots = (hi + 2048) / align;
        let off = -2048 + align * self.r.range(0, slots.max(0));
        let t = self.tmp();
        out.push(w(
            e::i(0x13, t, 0, SB, off as i32),
            "addi",
            format!("{},{},{}", x(t), x(SB), off),
        ));
        t
    }

    /// EEW and EMUL (log2) of a unit-stride/strided access, and the segment count
    fn mem_shape(&mut self) -> Option<(u32, i32, u8)> {
        let eew = self.r.pick(&[8u32, 16, 32, 64]);
        let lg = self.vt.lmul + lg2(eew) - lg2(self.vt.sew);
        if !(-3..=3).contains(&lg) {
            return None;
        }
        let maxnf = 8 / nregs(lg);
        let nf = if self.r.chance(35) && maxnf >= 2 {
            self.r.range(2, maxnf as i64) as u8
        } else {
            1
        };
        Some((eew, lg, nf))
    }

    fn data_grp(&mut self, store: bool, mk: bool, lg: i32, nf: u8, avoid: &[Range]) -> Option<u8> {
        let mut a = avoid.to_vec();
        if mk && !store {
            a.push((0, 1));
        }
        self.grp_nf(lg, nf, &a)
    }

    fn unit(&mut self, store: bool) -> Option<Vec<Insn>> {
        let (eew, lg, nf) = self.mem_shape()?;
        let ff = !store && self.r.chance(20);
        let mk = self.masked();
        let vd = self.data_grp(store, mk, lg, nf, &[])?;
        let eb = eew as i64 / 8;
        let mut out = Vec::new();
        let t = self.addr(self.vl as i64 * nf as i64 * eb, eb, &mut out);
        let seg = if nf > 1 {
            format!("seg{nf}")
        } else {
            String::new()
        };
        let m = format!(
            "v{}{seg}e{eew}{}.v",
            if store { "s" } else { "l" },
            if ff { "ff" } else { "" }
        );
        out.push(w(
            e::vmem(
                store,
                nf as u32 - 1,
                0,
                mk,
                if ff { 0x10 } else { 0 },
                t,
                e::vwidth(eew),
                vd,
            ),
            m,
            format!("v{vd},({}){}", x(t), mt(mk)),
        ));
        Some(out)
    }

    fn strided(&mut self, store: bool) -> Option<Vec<Insn>> {
        let (eew, lg, nf) = self.mem_shape()?;
        let mk = self.masked();
        let vd = self.data_grp(store, mk, lg, nf, &[])?;
        let eb = eew as i64 / 8;
        let seg = nf as i64 * eb;
        let n = self.vl.max(1) as i64;
        let smax = (4096 - seg) / (n - 1).max(1);
        let stride = match self.r.below(6) {
            0 => 0,
            1 => seg,
            2 => -seg,
            _ => {
                let k = smax / eb;
                eb * self.r.range(-k, k)
            }
        };
        let stride = if stride.abs() > smax { 0 } else { stride };
        let span = (n - 1) * stride;
        let lo = span.min(0);
        let hi = span.max(0) + seg;
        // base offset in [-2048 - lo, 2048 - hi], aligned to eb
        let slots = (4096 - (hi - lo)) / eb;
        let off = -2048 - lo + eb * self.r.range(0, slots);
        let mut out = Vec::new();
        let t = self.tmp();
        out.push(w(
            e::i(0x13, t, 0, SB, off as i32),
            "addi",
            format!("{},{},{}", x(t), x(SB), off),
        ));
        let rs = loop {
            let v = self.tmp();
            if v != t {
                break v;
            }
        };
        self.li(rs, stride, &mut out);
        let sg = if nf > 1 {
            format!("seg{nf}")
        } else {
            String::new()
        };
        let m = format!("v{}s{sg}e{eew}.v", if store { "s" } else { "l" });
        out.push(w(
            e::vmem(store, nf as u32 - 1, 2, mk, rs, t, e::vwidth(eew), vd),
            m,
            format!("v{vd},({}),{}{}", x(t), x(rs), mt(mk)),
        ));
        Some(out)
    }

    fn indexed(&mut self, store: bool) -> Option<Vec<Insn>> {
        let ie = self.r.pick(&[8u32, 16, 32, 64]);
        let lg = self.vt.lmul;
        let li = lg + lg2(ie) - lg2(self.vt.sew);
        if !(-3..=3).contains(&li) {
            return None;
        }
        let maxnf = 8 / nregs(lg);
        let nf = if self.r.chance(35) && maxnf >= 2 {
            self.r.range(2, maxnf as i64) as u8
        } else {
            1
        };
        let mk = self.masked();
        let vd = self.data_grp(store, mk, lg, nf, &[])?;
        let mut avoid = vec![(0u8, 1u8)];
        if !store {
            avoid.push((vd, nf * nregs(lg)));
        }
        let vi = self.grp(li, &avoid)?;
        let mut out = Vec::new();
        let (t, ti) = (self.tmp(), self.tmp());
        if t == ti {
            return None;
        }
        let toff = IDX as i32 - TB_AT as i32 + IDX_LEN as i32 * (lg2(ie) - 3);
        out.push(w(
            e::i(0x13, ti, 0, TB, toff),
            "addi",
            format!("{},{},{}", x(ti), x(TB), toff),
        ));
        out.push(w(
            e::vmem(false, 0, 0, false, 0, ti, e::vwidth(ie), vi),
            format!("vle{ie}.v"),
            format!("v{vi},({})", x(ti)),
        ));
        out.push(w(
            e::i(0x13, t, 0, SB, -2048),
            "addi",
            format!("{},{},-2048", x(t), x(SB)),
        ));
        let ordered = self.r.chance(50);
        let sg = if nf > 1 {
            format!("seg{nf}")
        } else {
            String::new()
        };
        let m = format!(
            "v{}{}x{sg}ei{ie}.v",
            if store { "s" } else { "l" },
            if ordered { "o" } else { "u" }
        );
        out.push(w(
            e::vmem(
                store,
                nf as u32 - 1,
                if ordered { 3 } else { 1 },
                mk,
                vi,
                t,
                e::vwidth(ie),
                vd,
            ),
            m,
            format!("v{vd},({}),v{vi}{}", x(t), mt(mk)),
        ));
        Some(out)
    }

    fn whole_mem(&mut self, store: bool) -> Vec<Insn> {
        let nf = self.r.pick(&[1u8, 2, 4, 8]);
        let vd = self.grp(lg2(nf as u32), &[]).unwrap();
        let eew = self.r.pick(&[8u32, 16, 32, 64]);
        let mut out = Vec::new();
        let t = self.addr(nf as i64 * self.vlen as i64 / 8, eew as i64 / 8, &mut out);
        let (m, width) = if store {
            (format!("vs{nf}r.v"), 0)
        } else {
            (format!("vl{nf}re{eew}.v"), e::vwidth(eew))
        };
        out.push(w(
            e::vmem(store, nf as u32 - 1, 0, false, 8, t, width, vd),
            m,
            format!("v{vd},({})", x(t)),
        ));
        out
    }

    fn mask_mem(&mut self, store: bool) -> Vec<Insn> {
        let vd = self.r.range(0, 31) as u8;
        let mut out = Vec::new();
        let t = self.addr((self.vl as i64 + 7) / 8, 1, &mut out);
        out.push(w(
            e::vmem(store, 0, 0, false, 0x0b, t, 0, vd),
            if store { "vsm.v" } else { "vlm.v" },
            format!("v{vd},({})", x(t)),
        ));
        out
    }
}

// ------------------------------------------------------------------ dumps ---

/// Parsed program output.
pub struct VDump {
    pub v: Vec<u8>,
    pub x: [u64; 32],
    pub f: [u64; 32],
    pub csr: [u64; 8],
    pub mem: Vec<u8>,
    pub log: Vec<u8>,
}

fn le64(b: &[u8], o: usize) -> u64 {
    u64::from_le_bytes(b[o..o + 8].try_into().unwrap())
}

impl VDump {
    pub fn parse(b: &[u8], p: &VProgram) -> Option<VDump> {
        if b.len() != p.out_len() {
            return None;
        }
        let mut xr = [0u64; 32];
        let mut fr = [0u64; 32];
        let mut csr = [0u64; 8];
        for (i, v) in xr.iter_mut().enumerate().skip(1) {
            *v = le64(b, XDUMP + 8 * i);
        }
        for (i, v) in fr.iter_mut().enumerate() {
            *v = le64(b, FDUMP + 8 * i);
        }
        for (i, v) in csr.iter_mut().enumerate() {
            *v = le64(b, CDUMP + 8 * i);
        }
        Some(VDump {
            v: b[VDUMP..VDUMP + 32 * p.vlenb()].to_vec(),
            x: xr,
            f: fr,
            csr,
            mem: b[SCRATCH..SCRATCH + SCRATCH_LEN].to_vec(),
            log: b[DATA_LEN..].to_vec(),
        })
    }

    /// Element `i` of register `r` at width `sew` (within the register file).
    pub fn elem(&self, vlenb: usize, r: usize, i: usize, sew: u32) -> u64 {
        let eb = sew as usize / 8;
        let o = r * vlenb + i * eb;
        let mut buf = [0u8; 8];
        buf[..eb].copy_from_slice(&self.v[o..o + eb]);
        u64::from_le_bytes(buf)
    }

    /// Differences, described: (what, a, b); vector registers element-wise at `sew`.
    pub fn diff(&self, o: &VDump, vlenb: usize, sew: u32) -> Vec<(String, u64, u64)> {
        let mut d = Vec::new();
        for (k, (_, name)) in CSRS.iter().enumerate() {
            if self.csr[k] != o.csr[k] {
                d.push((name.to_string(), self.csr[k], o.csr[k]));
            }
        }
        for (i, name) in XNAMES.iter().enumerate().skip(1) {
            if self.x[i] != o.x[i] {
                d.push((format!("x{i}/{name}"), self.x[i], o.x[i]));
            }
        }
        for (i, name) in FNAMES.iter().enumerate() {
            if self.f[i] != o.f[i] {
                d.push((format!("f{i}/{name}"), self.f[i], o.f[i]));
            }
        }
        let per = vlenb * 8 / sew as usize;
        for r in 0..32 {
            for i in 0..per {
                let (a, b) = (self.elem(vlenb, r, i, sew), o.elem(vlenb, r, i, sew));
                if a != b {
                    d.push((format!("v{r}[{i}] (e{sew})"), a, b));
                }
            }
        }
        for k in 0..SCRATCH_LEN / 8 {
            let (a, b) = (le64(&self.mem, 8 * k), le64(&o.mem, 8 * k));
            if a != b {
                d.push((format!("scratch[sb{:+}]", 8 * k as i64 - 2048), a, b));
            }
        }
        d
    }
}

/// Every mnemonic the vector generator can produce (coverage check).
pub fn all_vmnemonics(all_forms: bool) -> Vec<String> {
    let mut v: Vec<String> = Vec::new();
    let add_op = |v: &mut Vec<String>, op: &Op, wide: bool| {
        for form in [V, X, IM] {
            if op.3 & form != 0 {
                v.push(format!("{}{}", op.0, sfx(form, op.1, wide)));
            }
        }
    };
    for op in INT_BIN
        .iter()
        .chain(INT_MUL)
        .chain(INT_FMA)
        .chain(FIXED)
        .chain(INT_WFMA)
    {
        add_op(&mut v, op, false);
    }
    for op in INT_CMP
        .iter()
        .chain(FP_BIN)
        .chain(FP_FMA)
        .chain(FP_WFMA)
        .chain(FP_CMP)
    {
        add_op(&mut v, op, false);
    }
    for (op, wide) in INT_WIDEN.iter().chain(FP_WIDEN) {
        add_op(&mut v, op, *wide);
    }
    for op in INT_NARROW {
        add_op(&mut v, op, true);
    }
    for (m, ..) in INT_RED.iter().chain(FP_RED) {
        v.push(format!("{m}.vs"));
    }
    for (m, _) in MASK_LOGIC {
        v.push(format!("{m}.mm"));
    }
    for c in CVT {
        if !c.4 || all_forms {
            v.push(c.0.to_string());
        }
    }
    for s in ["vzext", "vsext"] {
        for k in [2, 4, 8] {
            v.push(format!("{s}.vf{k}"));
        }
    }
    for m in [
        "vadc.vvm",
        "vadc.vxm",
        "vadc.vim",
        "vmadc.vvm",
        "vmadc.vxm",
        "vmadc.vim",
        "vmadc.vv",
        "vmadc.vx",
        "vmadc.vi",
        "vsbc.vvm",
        "vsbc.vxm",
        "vmsbc.vvm",
        "vmsbc.vxm",
        "vmsbc.vv",
        "vmsbc.vx",
        "vmerge.vvm",
        "vmerge.vxm",
        "vmerge.vim",
        "vmv.v.v",
        "vmv.v.x",
        "vmv.v.i",
        "vfmerge.vfm",
        "vfmv.v.f",
        "vfsqrt.v",
        "vfrsqrt7.v",
        "vfrec7.v",
        "vfclass.v",
        "vfmv.f.s",
        "vfmv.s.f",
        "vcpop.m",
        "vfirst.m",
        "vmsbf.m",
        "vmsof.m",
        "vmsif.m",
        "vid.v",
        "viota.m",
        "vmv.x.s",
        "vmv.s.x",
        "vslideup.vx",
        "vslideup.vi",
        "vslidedown.vx",
        "vslidedown.vi",
        "vslide1up.vx",
        "vslide1down.vx",
        "vfslide1up.vf",
        "vfslide1down.vf",
        "vrgather.vv",
        "vrgather.vx",
        "vrgather.vi",
        "vrgatherei16.vv",
        "vcompress.vm",
        "vmv1r.v",
        "vmv2r.v",
        "vmv4r.v",
        "vmv8r.v",
        "vsetvli",
        "vsetivli",
        "vsetvl",
        "vlm.v",
        "vsm.v",
    ] {
        v.push(m.into());
    }
    for eew in [8, 16, 32, 64] {
        for ls in ["l", "s"] {
            v.push(format!("v{ls}e{eew}.v"));
            v.push(format!("v{ls}se{eew}.v"));
            v.push(format!("v{ls}uxei{eew}.v"));
            v.push(format!("v{ls}oxei{eew}.v"));
            for nf in 2..=8 {
                v.push(format!("v{ls}seg{nf}e{eew}.v"));
                v.push(format!("v{ls}sseg{nf}e{eew}.v"));
                v.push(format!("v{ls}uxseg{nf}ei{eew}.v"));
                v.push(format!("v{ls}oxseg{nf}ei{eew}.v"));
            }
        }
        v.push(format!("vle{eew}ff.v"));
        for nf in 2..=8 {
            v.push(format!("vlseg{nf}e{eew}ff.v"));
        }
        for nf in [1, 2, 4, 8] {
            v.push(format!("vl{nf}re{eew}.v"));
        }
    }
    for nf in [1, 2, 4, 8] {
        v.push(format!("vs{nf}r.v"));
    }
    v.sort();
    v.dedup();
    v
}

/// Logging code for one item: every vector register octet, x or f register an
/// instruction of the item writes (decoded from the instruction words), fcsr and
/// vcsr after vector arithmetic, vl and vtype after vset{i}vl{i}.
fn log_code(
    vlen: u32,
    insns: &[Insn],
    k: usize,
    log: &mut Vec<LogEntry>,
    off: &mut usize,
) -> Vec<Insn> {
    let vlenb = vlen as usize / 8;
    let mut octs: Vec<u8> = Vec::new();
    let mut scal: Vec<LogWhat> = Vec::new();
    let (mut csrs, mut vset) = (false, false);
    for i in insns {
        let wd = i.word;
        let rd = ((wd >> 7) & 31) as u8;
        let (f3, f6, opc) = ((wd >> 12) & 7, wd >> 26, wd & 0x7f);
        match opc {
            0x57 if f3 == 7 => {
                vset = true;
                if rd != 0 {
                    scal.push(LogWhat::X(rd));
                }
            }
            0x57 => {
                csrs = true;
                if f3 == 2 && f6 == 0x10 {
                    scal.push(LogWhat::X(rd));
                } else if f3 == 1 && f6 == 0x10 {
                    scal.push(LogWhat::F(rd));
                } else {
                    octs.push(rd & !7);
                }
            }
            0x07 if matches!(f3, 0 | 5 | 6 | 7) => {
                octs.push(rd & !7);
                if wd >> 29 != 0 {
                    octs.push((rd + 7).min(31) & !7);
                }
            }
            0x73 if f3 == 2 && rd != 0 => scal.push(LogWhat::X(rd)),
            _ => {}
        }
    }
    octs.sort();
    octs.dedup();
    scal.dedup();
    let mut code = Vec::new();
    let mut add = |what: LogWhat, len: usize, log: &mut Vec<LogEntry>| {
        log.push(LogEntry {
            item: k,
            what,
            off: *off,
            len,
        });
        *off += len;
    };
    let bump = |code: &mut Vec<Insn>, n: i32| {
        code.push(w(
            e::i(0x13, LP, 0, LP, n),
            "addi",
            format!("{},{},{n}", x(LP), x(LP)),
        ));
    };
    for o in octs {
        code.push(w(
            e::vmem(true, 7, 0, false, 8, LP, 0, o),
            "vs8r.v",
            format!("v{o},({})", x(LP)),
        ));
        bump(&mut code, 8 * vlenb as i32);
        add(LogWhat::VOct(o), 8 * vlenb, log);
    }
    for s in scal {
        match s {
            LogWhat::X(r) => code.push(w(
                e::s(0x23, 3, LP, r, 0),
                "sd",
                format!("{},0({})", x(r), x(LP)),
            )),
            LogWhat::F(r) => code.push(w(
                e::s(0x27, 3, LP, r, 0),
                "fsd",
                format!("{},0({})", f(r), x(LP)),
            )),
            _ => unreachable!(),
        }
        bump(&mut code, 8);
        add(s, 8, log);
    }
    let pairs: &[(u32, &'static str)] = match (csrs, vset) {
        (true, _) => &[(0x003, "fcsr"), (0x00f, "vcsr")],
        (false, true) => &[(0xc20, "vl"), (0xc21, "vtype")],
        _ => &[],
    };
    for (j, (c, name)) in pairs.iter().enumerate() {
        code.push(w(
            e::csr(2, LT, *c, 0),
            "csrrs",
            format!("{},{name},zero", x(LT)),
        ));
        code.push(w(
            e::s(0x23, 3, LP, LT, 8 * j as i32),
            "sd",
            format!("{},{}({})", x(LT), 8 * j, x(LP)),
        ));
        add(LogWhat::Csr(name), 8, log);
    }
    if !pairs.is_empty() {
        bump(&mut code, 8 * pairs.len() as i32);
    }
    code
}
