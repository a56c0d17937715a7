//! "A": load-reserved/store-conditional and atomic memory operations. One hart, so
//! atomicity is trivial; misaligned addresses always trap (Zicclsm does not cover AMOs).

use super::Insn;
use crate::machine::{Hart, Trap, cause};

type R = Result<(), Trap>;

fn aligned(addr: u64, size: u64, c: u64) -> Result<u64, Trap> {
    if addr & (size - 1) != 0 { Err(Trap::new(c, addr)) } else { Ok(addr) }
}

pub fn lr_w(h: &mut Hart, i: &Insn) -> R {
    let a = aligned(h.x(i.rs1), 4, cause::MISALIGNED_LOAD)?;
    let v: u32 = h.load(a)?;
    h.reservation = a;
    h.set_x(i.rd, v as i32 as i64 as u64);
    Ok(())
}

pub fn lr_d(h: &mut Hart, i: &Insn) -> R {
    let a = aligned(h.x(i.rs1), 8, cause::MISALIGNED_LOAD)?;
    let v: u64 = h.load(a)?;
    h.reservation = a;
    h.set_x(i.rd, v);
    Ok(())
}

pub fn sc_w(h: &mut Hart, i: &Insn) -> R {
    let a = aligned(h.x(i.rs1), 4, cause::MISALIGNED_STORE)?;
    let ok = h.reservation == a;
    if ok {
        h.store(a, h.x(i.rs2) as u32)?;
    } else {
        // A failing SC still needs write permission to the address, as in Spike.
        h.mem.load::<u32>(a).map_err(|_| Trap::new(cause::STORE_ACCESS, a))?;
    }
    h.reservation = u64::MAX;
    h.set_x(i.rd, !ok as u64);
    Ok(())
}

pub fn sc_d(h: &mut Hart, i: &Insn) -> R {
    let a = aligned(h.x(i.rs1), 8, cause::MISALIGNED_STORE)?;
    let ok = h.reservation == a;
    if ok {
        h.store(a, h.x(i.rs2))?;
    } else {
        h.mem.load::<u64>(a).map_err(|_| Trap::new(cause::STORE_ACCESS, a))?;
    }
    h.reservation = u64::MAX;
    h.set_x(i.rd, !ok as u64);
    Ok(())
}

/// Read-modify-write at an aligned address; load faults are reported as store faults.
macro_rules! amo {
    ($($name:ident: $t:ty, $st:ty => |$old:ident, $src:ident| $new:expr;)*) => {$(
        pub fn $name(h: &mut Hart, i: &Insn) -> R {
            let a = aligned(h.x(i.rs1), std::mem::size_of::<$t>() as u64, cause::MISALIGNED_STORE)?;
            let $old: $t = h.mem.load(a).map_err(|_| Trap::new(cause::STORE_ACCESS, a))?;
            let $src = h.x(i.rs2) as $t;
            h.store::<$t>(a, $new)?;
            h.set_x(i.rd, $old as $st as i64 as u64);
            Ok(())
        }
    )*};
}

amo! {
    amoswap_w: u32, i32 => |old, src| { let _ = old; src };
    amoadd_w: u32, i32 => |old, src| old.wrapping_add(src);
    amoxor_w: u32, i32 => |old, src| old ^ src;
    amoand_w: u32, i32 => |old, src| old & src;
    amoor_w: u32, i32 => |old, src| old | src;
    amomin_w: u32, i32 => |old, src| (old as i32).min(src as i32) as u32;
    amomax_w: u32, i32 => |old, src| (old as i32).max(src as i32) as u32;
    amominu_w: u32, i32 => |old, src| old.min(src);
    amomaxu_w: u32, i32 => |old, src| old.max(src);
    amoswap_d: u64, i64 => |old, src| { let _ = old; src };
    amoadd_d: u64, i64 => |old, src| old.wrapping_add(src);
    amoxor_d: u64, i64 => |old, src| old ^ src;
    amoand_d: u64, i64 => |old, src| old & src;
    amoor_d: u64, i64 => |old, src| old | src;
    amomin_d: u64, i64 => |old, src| (old as i64).min(src as i64) as u64;
    amomax_d: u64, i64 => |old, src| (old as i64).max(src as i64) as u64;
    amominu_d: u64, i64 => |old, src| old.min(src);
    amomaxu_d: u64, i64 => |old, src| old.max(src);
}
