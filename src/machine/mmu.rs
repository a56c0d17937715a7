//! Virtual memory: Sv39 and Sv48 page-table walks for S/U-mode accesses (and M-mode
//! loads/stores with MPRV), with a small direct-mapped TLB per access kind.
//!
//! Accessed/dirty bits are not updated by hardware (Svade, Spike's default): a leaf
//! with A=0, or D=0 on a store, raises a page fault for the OS to fix up.

use super::csr::mstatus as ms;
use super::hart::{Hart, PRV_M, PRV_S, PRV_U};
use super::trap::Trap;

const TLB_SIZE: usize = 256;
const PTE_V: u64 = 1;
const PTE_R: u64 = 2;
const PTE_W: u64 = 4;
const PTE_X: u64 = 8;
const PTE_U: u64 = 16;
const PTE_A: u64 = 64;
const PTE_D: u64 = 128;

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Access {
    Fetch = 0,
    Load = 1,
    Store = 2,
}

impl Access {
    fn page_fault(self) -> u64 {
        match self {
            Access::Fetch => 12,
            Access::Load => 13,
            Access::Store => 15,
        }
    }
    fn access_fault(self) -> u64 {
        match self {
            Access::Fetch => 1,
            Access::Load => 5,
            Access::Store => 7,
        }
    }
}

/// Translation state derived from satp, the privilege level and mstatus.
pub struct Vm {
    /// Instruction fetches are translated.
    pub fetch: bool,
    /// Loads and stores are translated.
    pub data: bool,
    /// Effective privilege of loads and stores (MPRV selects MPP).
    data_prv: u8,
    /// Per access kind: (virtual page number, physical page number).
    tlb: Box<[[(u64, u64); TLB_SIZE]; 3]>,
}

impl Default for Vm {
    fn default() -> Self {
        Vm {
            fetch: false,
            data: false,
            data_prv: PRV_M,
            tlb: Box::new([[(u64::MAX, 0); TLB_SIZE]; 3]),
        }
    }
}

impl Hart {
    /// Recomputes translation after satp, mstatus or the privilege level changed, and
    /// drops cached translations (and pre-decoded code when fetches were translated).
    pub fn update_vm(&mut self) {
        let mode = self.csr.satp >> 60;
        let was_fetch = self.vm.fetch;
        self.vm.fetch = mode != 0 && self.prv < PRV_M;
        self.vm.data_prv = if self.csr.mstatus & ms::MPRV != 0 {
            ((self.csr.mstatus & ms::MPP) >> 11) as u8
        } else {
            self.prv
        };
        self.vm.data = mode != 0 && self.vm.data_prv < PRV_M;
        for t in self.vm.tlb.iter_mut() {
            t.fill((u64::MAX, 0));
        }
        if was_fetch || self.vm.fetch {
            self.flush_decode = true;
        }
    }

    /// Translates virtual address `va` for `access` (which must be enabled in `self.vm`).
    pub fn translate(&mut self, va: u64, access: Access) -> Result<u64, Trap> {
        let vpn = va >> 12;
        let slot = (vpn as usize) & (TLB_SIZE - 1);
        let (tag, ppn) = self.vm.tlb[access as usize][slot];
        if tag == vpn {
            return Ok(ppn << 12 | (va & 0xfff));
        }
        let ppn = self.walk(va, access)?;
        self.vm.tlb[access as usize][slot] = (vpn, ppn);
        Ok(ppn << 12 | (va & 0xfff))
    }

    fn walk(&mut self, va: u64, access: Access) -> Result<u64, Trap> {
        let pf = Trap::new(access.page_fault(), va);
        let levels = match self.csr.satp >> 60 {
            8 => 3,
            9 => 4,
            _ => return Err(pf),
        };
        let va_bits = 12 + 9 * levels;
        // The address must be the sign extension of its top translated bit.
        if ((va as i64) << (64 - va_bits) >> (64 - va_bits)) as u64 != va {
            return Err(pf);
        }
        let prv = if access == Access::Fetch {
            self.prv
        } else {
            self.vm.data_prv
        };
        let sum = self.csr.mstatus & ms::SUM != 0;
        let mxr = self.csr.mstatus & ms::MXR != 0;
        let mut table = (self.csr.satp & ((1 << 44) - 1)) << 12;
        for level in (0..levels).rev() {
            let idx = (va >> (12 + 9 * level)) & 511;
            let pte_addr = table + idx * 8;
            let pte: u64 = self
                .mem
                .load(pte_addr)
                .map_err(|_| Trap::new(access.access_fault(), va))?;
            let ppn = (pte >> 10) & ((1 << 44) - 1);
            if pte & PTE_V == 0 || (pte & PTE_R == 0 && pte & PTE_W != 0) || pte >> 54 != 0 {
                return Err(pf);
            }
            if pte & (PTE_R | PTE_X) == 0 {
                table = ppn << 12; // pointer to the next level
                continue;
            }
            // Leaf: privilege, permission, superpage alignment, A/D.
            let user_page = pte & PTE_U != 0;
            let prv_ok = match prv {
                PRV_U => user_page,
                PRV_S => !user_page || (sum && access != Access::Fetch),
                _ => true,
            };
            let perm_ok = match access {
                Access::Fetch => pte & PTE_X != 0,
                Access::Load => pte & PTE_R != 0 || (mxr && pte & PTE_X != 0),
                Access::Store => pte & PTE_W != 0,
            };
            let span = (1u64 << (9 * level)) - 1;
            if !prv_ok || !perm_ok || ppn & span != 0 {
                return Err(pf);
            }
            if pte & PTE_A == 0 || (access == Access::Store && pte & PTE_D == 0) {
                return Err(pf);
            }
            return Ok(ppn | ((va >> 12) & span));
        }
        Err(pf)
    }
}
