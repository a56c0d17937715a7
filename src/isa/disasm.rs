//! Disassembly driven by the operand list of each table row.

use super::{Fields, Op, Opnd, Slot, decode};
use std::fmt::Write as _;

const X_NAMES: [&str; 32] = [
    "zero", "ra", "sp", "gp", "tp", "t0", "t1", "t2", "s0", "s1", "a0", "a1", "a2", "a3", "a4",
    "a5", "a6", "a7", "s2", "s3", "s4", "s5", "s6", "s7", "s8", "s9", "s10", "s11", "t3", "t4",
    "t5", "t6",
];
const F_NAMES: [&str; 32] = [
    "ft0", "ft1", "ft2", "ft3", "ft4", "ft5", "ft6", "ft7", "fs0", "fs1", "fa0", "fa1", "fa2",
    "fa3", "fa4", "fa5", "fa6", "fa7", "fs2", "fs3", "fs4", "fs5", "fs6", "fs7", "fs8", "fs9",
    "fs10", "fs11", "ft8", "ft9", "ft10", "ft11",
];
const RM_NAMES: [&str; 8] = ["rne", "rtz", "rdn", "rup", "rmm", "rm5", "rm6", "dyn"];

/// ABI name of integer register `r`.
pub fn reg_name(r: usize) -> &'static str {
    X_NAMES[r & 31]
}

fn slot(f: &Fields, s: Slot) -> usize {
    (match s {
        Slot::Rd => f.rd,
        Slot::Rs1 => f.rs1,
        Slot::Rs2 => f.rs2,
        Slot::Rs3 => f.rs3,
    }) as usize
        & 31
}

/// Text of the instruction `bits` at `pc`, e.g. `addi    a0, a0, 1`; unknown words
/// print as `unknown 0x...`.
pub fn disassemble(bits: u32, pc: u64, exts: u64) -> String {
    let Some((op, f)) = decode(bits, exts) else {
        return if bits & 3 == 3 {
            format!("unknown {bits:#010x}")
        } else {
            format!("unknown {:#06x}", bits & 0xffff)
        };
    };
    format_op(op, &f, pc)
}

fn format_op(op: Op, f: &Fields, pc: u64) -> String {
    let info = op.info();
    // objdump separates mnemonic and operands with a tab: pad to 8, or one space.
    let mut s = format!("{:<7} ", info.mnemonic);
    let mut first = true;
    for o in info.operands {
        if matches!(o, Opnd::Rm) && f.rm == 7 {
            continue; // dynamic rounding is the default and is not printed
        }
        if matches!(o, Opnd::Vm) && f.rm == 1 {
            continue; // unmasked
        }
        s.push_str(if first { "" } else { ", " });
        first = false;
        let _ = match *o {
            Opnd::X(sl) => write!(s, "{}", X_NAMES[slot(f, sl)]),
            Opnd::F(sl) => write!(s, "{}", F_NAMES[slot(f, sl)]),
            Opnd::Imm => write!(s, "{}", f.imm),
            Opnd::Upper => write!(s, "{:#x}", (f.imm >> 12) & 0xfffff),
            Opnd::Target => write!(s, "{:#x}", pc.wrapping_add(f.imm as u64)),
            Opnd::Csr => write!(s, "{}", crate::isa::csr::csr_name(f.imm as u16)),
            Opnd::Zimm => write!(s, "{}", f.rs1),
            Opnd::Rm => write!(s, "{}", RM_NAMES[f.rm as usize & 7]),
            Opnd::Mem(sl, true) => write!(s, "{}({})", f.imm, X_NAMES[slot(f, sl)]),
            Opnd::Mem(sl, false) => write!(s, "({})", X_NAMES[slot(f, sl)]),
            Opnd::V(sl) => write!(s, "v{}", slot(f, sl)),
            Opnd::Vm => write!(s, "v0.t"),
            Opnd::V0 => write!(s, "v0"),
            Opnd::Vtype => write!(s, "{}", vtype_text(f.imm as u64)),
        };
    }
    s.trim_end().to_string()
}

/// objdump's spelling of a vtype immediate: `e32, m1, ta, ma`, or the number when the
/// value has reserved bits or a reserved SEW/LMUL encoding.
fn vtype_text(v: u64) -> String {
    const LMUL: [&str; 8] = ["m1", "m2", "m4", "m8", "", "mf8", "mf4", "mf2"];
    let (lmul, sew) = ((v & 7) as usize, (v >> 3) & 7);
    if v > 0xff || sew > 3 || lmul == 4 {
        return v.to_string();
    }
    format!(
        "e{}, {}, {}, {}",
        8 << sew,
        LMUL[lmul],
        if v & 0x40 != 0 { "ta" } else { "tu" },
        if v & 0x80 != 0 { "ma" } else { "mu" }
    )
}
