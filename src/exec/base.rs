//! RV64I: integer computation, control transfer, loads and stores, fence, ecall/ebreak.
//! The compressed instructions of RV64C run these same functions.

use super::Insn;
use crate::machine::{Hart, Trap, cause};

type R = super::ExecResult;

macro_rules! alu_rr {
    ($($name:ident => |$a:ident, $b:ident| $e:expr;)*) => {$(
        pub fn $name(h: &mut Hart, i: &Insn) -> R {
            let ($a, $b) = (h.x(i.rs1), h.x(i.rs2));
            h.set_x(i.rd, $e);
            Ok(())
        }
    )*};
}

macro_rules! alu_ri {
    ($($name:ident => |$a:ident, $imm:ident| $e:expr;)*) => {$(
        pub fn $name(h: &mut Hart, i: &Insn) -> R {
            let ($a, $imm) = (h.x(i.rs1), i.imm);
            h.set_x(i.rd, $e);
            Ok(())
        }
    )*};
}

fn sext32(v: u64) -> u64 {
    v as i32 as i64 as u64
}

alu_rr! {
    add => |a, b| a.wrapping_add(b);
    sub => |a, b| a.wrapping_sub(b);
    sll => |a, b| a << (b & 63);
    slt => |a, b| ((a as i64) < (b as i64)) as u64;
    sltu => |a, b| (a < b) as u64;
    xor => |a, b| a ^ b;
    srl => |a, b| a >> (b & 63);
    sra => |a, b| ((a as i64) >> (b & 63)) as u64;
    or => |a, b| a | b;
    and => |a, b| a & b;
    addw => |a, b| sext32(a.wrapping_add(b));
    subw => |a, b| sext32(a.wrapping_sub(b));
    sllw => |a, b| sext32(((a as u32) << (b & 31)) as u64);
    srlw => |a, b| sext32(((a as u32) >> (b & 31)) as u64);
    sraw => |a, b| ((a as i32) >> (b & 31)) as i64 as u64;
}

alu_ri! {
    addi => |a, imm| a.wrapping_add(imm as u64);
    slti => |a, imm| ((a as i64) < imm) as u64;
    sltiu => |a, imm| (a < imm as u64) as u64;
    xori => |a, imm| a ^ imm as u64;
    ori => |a, imm| a | imm as u64;
    andi => |a, imm| a & imm as u64;
    slli => |a, imm| a << imm;
    srli => |a, imm| a >> imm;
    srai => |a, imm| ((a as i64) >> imm) as u64;
    addiw => |a, imm| sext32(a.wrapping_add(imm as u64));
    slliw => |a, imm| sext32(((a as u32) << imm) as u64);
    srliw => |a, imm| sext32(((a as u32) >> imm) as u64);
    sraiw => |a, imm| ((a as i32) >> imm) as i64 as u64;
}

pub fn lui(h: &mut Hart, i: &Insn) -> R {
    h.set_x(i.rd, i.imm as u64);
    Ok(())
}

pub fn auipc(h: &mut Hart, i: &Insn) -> R {
    h.set_x(i.rd, i.pc.wrapping_add(i.imm as u64));
    Ok(())
}

/// Jumps to `target`, or raises instruction-address-misaligned on the jump itself
/// (only possible without the C extension, where targets must be 4-byte aligned).
#[inline(always)]
fn jump_to(h: &mut Hart, target: u64) -> R {
    if target & 2 != 0 && !h.isa.has(crate::isa::ext::C) {
        return Err(Trap::new(cause::MISALIGNED_FETCH, target).into());
    }
    h.pc = target;
    Ok(())
}

pub fn jal(h: &mut Hart, i: &Insn) -> R {
    jump_to(h, i.pc.wrapping_add(i.imm as u64))?;
    h.set_x(i.rd, i.next_pc());
    Ok(())
}

pub fn jalr(h: &mut Hart, i: &Insn) -> R {
    let target = h.x(i.rs1).wrapping_add(i.imm as u64) & !1;
    jump_to(h, target)?;
    h.set_x(i.rd, i.next_pc());
    Ok(())
}

macro_rules! branch {
    ($($name:ident => |$a:ident, $b:ident| $cond:expr;)*) => {$(
        pub fn $name(h: &mut Hart, i: &Insn) -> R {
            let ($a, $b) = (h.x(i.rs1), h.x(i.rs2));
            if $cond {
                jump_to(h, i.pc.wrapping_add(i.imm as u64))?;
            }
            Ok(())
        }
    )*};
}

branch! {
    beq => |a, b| a == b;
    bne => |a, b| a != b;
    blt => |a, b| (a as i64) < (b as i64);
    bge => |a, b| (a as i64) >= (b as i64);
    bltu => |a, b| a < b;
    bgeu => |a, b| a >= b;
}

macro_rules! load {
    ($($name:ident: $t:ty => |$v:ident| $e:expr;)*) => {$(
        pub fn $name(h: &mut Hart, i: &Insn) -> R {
            let $v: $t = h.load_or_trap(h.x(i.rs1).wrapping_add(i.imm as u64))?;
            h.set_x(i.rd, $e);
            Ok(())
        }
    )*};
}

load! {
    lb: u8 => |v| v as i8 as i64 as u64;
    lh: u16 => |v| v as i16 as i64 as u64;
    lw: u32 => |v| v as i32 as i64 as u64;
    ld: u64 => |v| v;
    lbu: u8 => |v| v as u64;
    lhu: u16 => |v| v as u64;
    lwu: u32 => |v| v as u64;
}

macro_rules! store {
    ($($name:ident: $t:ty;)*) => {$(
        pub fn $name(h: &mut Hart, i: &Insn) -> R {
            h.store_or_trap(h.x(i.rs1).wrapping_add(i.imm as u64), h.x(i.rs2) as $t)
        }
    )*};
}

store! {
    sb: u8;
    sh: u16;
    sw: u32;
    sd: u64;
}

/// A single in-order hart: every fence is a no-op.
pub fn fence(_: &mut Hart, _: &Insn) -> R {
    Ok(())
}

pub fn ecall(h: &mut Hart, _: &Insn) -> R {
    let c = match h.prv {
        crate::machine::PRV_U => cause::USER_ECALL,
        crate::machine::PRV_S => cause::SUPERVISOR_ECALL,
        _ => cause::MACHINE_ECALL,
    };
    Err(Trap::new(c, 0).into())
}

pub fn ebreak(_: &mut Hart, i: &Insn) -> R {
    Err(Trap::new(cause::BREAKPOINT, i.pc).into())
}
