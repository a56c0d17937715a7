//! "M": multiply and divide. Division by zero and overflow follow the ISA table
//! (quotient all ones / dividend, remainder dividend / zero) and never trap.

use super::Insn;
use crate::machine::Hart;

type R = super::ExecResult;

macro_rules! op {
    ($($name:ident => |$a:ident, $b:ident| $e:expr;)*) => {$(
        pub fn $name(h: &mut Hart, i: &Insn) -> R {
            let ($a, $b) = (h.x(i.rs1), h.x(i.rs2));
            h.set_x(i.rd, $e);
            Ok(())
        }
    )*};
}

fn sext32(v: u32) -> u64 {
    v as i32 as i64 as u64
}

op! {
    mul => |a, b| a.wrapping_mul(b);
    mulh => |a, b| ((a as i64 as i128 * b as i64 as i128) >> 64) as u64;
    mulhsu => |a, b| ((a as i64 as i128).wrapping_mul(b as i128) >> 64) as u64;
    mulhu => |a, b| ((a as u128 * b as u128) >> 64) as u64;
    div => |a, b| match (a as i64, b as i64) {
        (_, 0) => u64::MAX,
        (x, -1) => x.wrapping_neg() as u64,
        (x, y) => (x / y) as u64,
    };
    divu => |a, b| a.checked_div(b).unwrap_or(u64::MAX);
    rem => |a, b| match (a as i64, b as i64) {
        (x, 0) => x as u64,
        (_, -1) => 0,
        (x, y) => (x % y) as u64,
    };
    remu => |a, b| if b == 0 { a } else { a % b };
    mulw => |a, b| sext32((a as u32).wrapping_mul(b as u32));
    divw => |a, b| match (a as i32, b as i32) {
        (_, 0) => u64::MAX,
        (x, -1) => sext32(x.wrapping_neg() as u32),
        (x, y) => sext32((x / y) as u32),
    };
    divuw => |a, b| (a as u32).checked_div(b as u32).map_or(u64::MAX, sext32);
    remw => |a, b| match (a as i32, b as i32) {
        (x, 0) => sext32(x as u32),
        (_, -1) => 0,
        (x, y) => sext32((x % y) as u32),
    };
    remuw => |a, b| if b as u32 == 0 { sext32(a as u32) } else { sext32(a as u32 % b as u32) };
}
