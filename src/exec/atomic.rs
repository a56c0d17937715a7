//! "A": load-reserved/store-conditional and atomic memory operations. One hart, so
//! atomicity is trivial. Addresses must be naturally aligned (Zicclsm does not cover
//! atomics) and, as in Spike, need store permission, so faults are store/AMO faults.

use super::Insn;
use crate::machine::{Hart, Trap, cause};

type R = super::ExecResult;

fn access_fault(addr: u64) -> impl Fn(crate::machine::memory::MemFault) -> Trap {
    move |_| Trap::new(cause::STORE_ACCESS, addr)
}

macro_rules! lr {
    ($($name:ident: $t:ty, $s:ty;)*) => {$(
        pub fn $name(h: &mut Hart, i: &Insn) -> R {
            let va = h.x(i.rs1);
            let size = std::mem::size_of::<$t>() as u64;
            // LR needs only read permission: misalignment is a load fault.
            let pa = if va & (size - 1) != 0 {
                return Err(Trap::new(cause::MISALIGNED_LOAD, va).into());
            } else if h.vm.data {
                h.translate(va, crate::machine::mmu::Access::Load)?
            } else {
                va
            };
            let v: $t = h.mem.load(pa).map_err(|_| Trap::new(cause::LOAD_ACCESS, va))?;
            h.reservation = pa;
            h.set_x(i.rd, v as $s as i64 as u64);
            Ok(())
        }
    )*};
}
lr! {
    lr_w: u32, i32;
    lr_d: u64, i64;
}

macro_rules! sc {
    ($($name:ident: $t:ty;)*) => {$(
        pub fn $name(h: &mut Hart, i: &Insn) -> R {
            let va = h.x(i.rs1);
            let pa = h.amo_paddr(va, std::mem::size_of::<$t>() as u64, cause::MISALIGNED_STORE)?;
            let ok = h.reservation == pa;
            if ok {
                h.mem.store(pa, h.x(i.rs2) as $t).map_err(access_fault(va))?;
            }
            h.reservation = u64::MAX;
            h.set_x(i.rd, !ok as u64);
            Ok(())
        }
    )*};
}
sc! {
    sc_w: u32;
    sc_d: u64;
}

/// Read-modify-write; the old value (sign-extended) goes to rd.
macro_rules! amo {
    ($($name:ident: $t:ty, $st:ty => |$old:ident, $src:ident| $new:expr;)*) => {$(
        pub fn $name(h: &mut Hart, i: &Insn) -> R {
            let va = h.x(i.rs1);
            let pa = h.amo_paddr(va, std::mem::size_of::<$t>() as u64, cause::MISALIGNED_STORE)?;
            let $old: $t = h.mem.load(pa).map_err(access_fault(va))?;
            let $src = h.x(i.rs2) as $t;
            h.mem.store::<$t>(pa, $new).map_err(access_fault(va))?;
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
