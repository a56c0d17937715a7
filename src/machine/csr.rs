//! Control and status registers: storage, access rules (privilege, read-only,
//! FS/counter enables) and WARL legalisation, following Spike.

use super::hart::{Hart, PRV_M, PRV_S};
use super::trap::Trap;
use crate::isa::csr::addr;
use crate::isa::{Isa, ext};

/// mstatus fields (RV64).
pub mod mstatus {
    pub const SIE: u64 = 1 << 1;
    pub const MIE: u64 = 1 << 3;
    pub const SPIE: u64 = 1 << 5;
    pub const MPIE: u64 = 1 << 7;
    pub const SPP: u64 = 1 << 8;
    pub const VS: u64 = 3 << 9;
    pub const MPP: u64 = 3 << 11;
    pub const FS: u64 = 3 << 13;
    pub const XS: u64 = 3 << 15;
    pub const MPRV: u64 = 1 << 17;
    pub const SUM: u64 = 1 << 18;
    pub const MXR: u64 = 1 << 19;
    pub const TVM: u64 = 1 << 20;
    pub const TW: u64 = 1 << 21;
    pub const TSR: u64 = 1 << 22;
    pub const UXL: u64 = 3 << 32;
    pub const SXL: u64 = 3 << 34;
    pub const SD: u64 = 1 << 63;
    /// The bits sstatus shows of mstatus.
    pub const SSTATUS: u64 = SIE | SPIE | SPP | VS | FS | XS | SUM | MXR | UXL | SD;
}

/// Interrupt bits of mip/mie.
const SUPERVISOR_INTS: u64 = (1 << 1) | (1 << 5) | (1 << 9);
const ALL_INTS: u64 = SUPERVISOR_INTS | (1 << 3) | (1 << 7) | (1 << 11);
/// Exceptions that medeleg can delegate (all but M-mode ecall and reserved causes).
const DELEGABLE_EXCEPTIONS: u64 = 0xb3ff;
/// Spike's architecture id.
const MARCHID_SPIKE: u64 = 5;
/// Spike's CLINT advances mtime once per this many instructions.
pub const INSNS_PER_RTC_TICK: u64 = 100;

#[derive(Clone, Debug, Default)]
pub struct Csrs {
    pub mstatus: u64,
    pub misa: u64,
    pub medeleg: u64,
    pub mideleg: u64,
    pub mie: u64,
    pub mip: u64,
    pub mtvec: u64,
    pub mepc: u64,
    pub mcause: u64,
    pub mtval: u64,
    pub mscratch: u64,
    pub mcounteren: u64,
    pub mcountinhibit: u64,
    pub menvcfg: u64,
    pub stvec: u64,
    pub sepc: u64,
    pub scause: u64,
    pub stval: u64,
    pub sscratch: u64,
    pub scounteren: u64,
    pub senvcfg: u64,
    pub satp: u64,
    pub fflags: u8,
    pub frm: u8,
    pub pmpcfg: [u64; 8],
    pub pmpaddr: Vec<u64>,
    pub tselect: u64,
    /// mcycle = instret + cycle_delta and minstret = instret + instret_delta, so that
    /// `Hart::instret` stays a plain count of retired instructions.
    pub cycle_delta: u64,
    pub instret_delta: u64,
}

impl Csrs {
    pub fn new(isa: &Isa) -> Csrs {
        Csrs {
            misa: isa.misa(),
            mstatus: (2 << 32) | (2 << 34),
            pmpaddr: vec![0; 64],
            ..Default::default()
        }
    }
}

fn illegal<T>(bits: u32) -> Result<T, Trap> {
    Err(Trap::illegal(bits))
}

impl Hart {
    /// mstatus.FS != Off and F present; FP instructions and CSRs are illegal otherwise.
    #[inline(always)]
    pub fn fp_enabled(&self) -> bool {
        self.csr.mstatus & mstatus::FS != 0
    }

    /// mstatus.VS != Off and V present; vector instructions and CSRs are illegal otherwise.
    #[inline(always)]
    pub fn vs_enabled(&self) -> bool {
        self.csr.mstatus & mstatus::VS != 0 && self.isa.vector
    }

    /// Marks the vector state dirty (mstatus.VS = Dirty, SD = 1).
    #[inline(always)]
    pub fn dirty_vs(&mut self) {
        const BITS: u64 = mstatus::VS | mstatus::SD;
        if self.csr.mstatus & BITS != BITS {
            self.csr.mstatus |= BITS;
        }
    }

    /// Marks the FP state dirty (mstatus.FS = Dirty, SD = 1), as any FP write does.
    /// Only stores when something changes: an unconditional read-modify-write would
    /// chain every FP instruction to the previous one through memory.
    #[inline(always)]
    pub fn dirty_fp(&mut self) {
        const BITS: u64 = mstatus::FS | mstatus::SD;
        if self.csr.mstatus & BITS != BITS {
            self.csr.mstatus |= BITS;
        }
    }

    fn counter_allowed(&self, csr: u16) -> bool {
        let bit = 1u64 << (csr & 31);
        match self.prv {
            PRV_M => true,
            PRV_S => self.csr.mcounteren & bit != 0,
            _ => self.csr.mcounteren & bit != 0 && self.csr.scounteren & bit != 0,
        }
    }

    fn sstatus_value(&self) -> u64 {
        let s = self.csr.mstatus & mstatus::SSTATUS;
        if s & (mstatus::FS | mstatus::VS | mstatus::XS) != 0 {
            s
        } else {
            s & !mstatus::SD
        }
    }

    /// Reads CSR `csr` for the instruction `bits`; illegal-instruction trap as Spike raises it.
    pub fn csr_read(&self, csr: u16, bits: u32) -> Result<u64, Trap> {
        use addr::*;
        let csr_prv = ((csr >> 8) & 3) as u8;
        if self.prv < csr_prv {
            return illegal(bits);
        }
        let c = &self.csr;
        let fp = self.isa.has(ext::F);
        Ok(match csr {
            FFLAGS | FRM | FCSR if !fp || !self.fp_enabled() => return illegal(bits),
            FFLAGS => c.fflags as u64,
            FRM => c.frm as u64,
            FCSR => (c.frm as u64) << 5 | c.fflags as u64,
            VSTART | VXSAT | VXRM | VCSR | VL | VTYPE | VLENB if !self.vs_enabled() => {
                return illegal(bits);
            }
            VSTART => self.v.vstart,
            VXSAT => self.v.vxsat as u64,
            VXRM => self.v.vxrm as u64,
            VCSR => (self.v.vxrm as u64) << 1 | self.v.vxsat as u64,
            VL => self.v.vl,
            VTYPE => self.v.vtype,
            VLENB => self.v.vlenb as u64,
            0xc00..=0xc1f => {
                if !self.counter_allowed(csr) {
                    return illegal(bits);
                }
                match csr {
                    CYCLE => self.instret.wrapping_add(c.cycle_delta),
                    TIME => self.instret / INSNS_PER_RTC_TICK,
                    INSTRET => self.instret.wrapping_add(c.instret_delta),
                    _ => 0,
                }
            }
            MCYCLE => self.instret.wrapping_add(c.cycle_delta),
            MINSTRET => self.instret.wrapping_add(c.instret_delta),
            0xb03..=0xb1f | 0x323..=0x33f => 0, // hpm counters and events: present, always zero
            SSTATUS => self.sstatus_value(),
            SIE => c.mie & c.mideleg,
            STVEC => c.stvec,
            SCOUNTEREN => c.scounteren,
            SENVCFG => c.senvcfg,
            SSCRATCH => c.sscratch,
            SEPC => c.sepc,
            SCAUSE => c.scause,
            STVAL => c.stval,
            SIP => c.mip & c.mideleg,
            SATP => {
                if self.prv == PRV_S && c.mstatus & mstatus::TVM != 0 {
                    return illegal(bits);
                }
                c.satp
            }
            MSTATUS => {
                let s = c.mstatus;
                if s & (mstatus::FS | mstatus::VS | mstatus::XS) != 0 {
                    s
                } else {
                    s & !mstatus::SD
                }
            }
            MISA => c.misa,
            MEDELEG => c.medeleg,
            MIDELEG => c.mideleg,
            MIE => c.mie,
            MTVEC => c.mtvec,
            MCOUNTEREN => c.mcounteren,
            MENVCFG => c.menvcfg,
            MCOUNTINHIBIT => c.mcountinhibit,
            MSCRATCH => c.mscratch,
            MEPC => c.mepc,
            MCAUSE => c.mcause,
            MTVAL => c.mtval,
            MIP => c.mip,
            MVENDORID | MIMPID | MHARTID | MCONFIGPTR => 0,
            MARCHID => MARCHID_SPIKE,
            0x3a0..=0x3af => {
                // RV64 has only the even pmpcfg registers.
                if csr & 1 != 0 {
                    return illegal(bits);
                }
                c.pmpcfg[((csr - 0x3a0) / 2) as usize]
            }
            0x3b0..=0x3ef => c.pmpaddr[(csr - 0x3b0) as usize],
            TSELECT => c.tselect,
            // No trigger is implemented: tdata1 reads type 0 ("no trigger at this index").
            TDATA1 | TDATA2 | TDATA3 => 0,
            TINFO => 1,
            _ => return illegal(bits),
        })
    }

    /// Writes CSR `csr` (after a successful read check) with WARL legalisation.
    pub fn csr_write(&mut self, csr: u16, v: u64, bits: u32) -> Result<(), Trap> {
        use addr::*;
        if csr >> 10 == 3 {
            return illegal(bits); // read-only CSR
        }
        self.csr_read(csr, bits)?; // same privilege / existence rules as a read
        let vs_mask = self.vs_mask();
        let c = &mut self.csr;
        match csr {
            FFLAGS => {
                c.fflags = (v & 0x1f) as u8;
                self.dirty_fp();
            }
            FRM => {
                c.frm = (v & 7) as u8;
                self.dirty_fp();
            }
            FCSR => {
                c.fflags = (v & 0x1f) as u8;
                c.frm = ((v >> 5) & 7) as u8;
                self.dirty_fp();
            }
            VSTART => {
                self.v.vstart = v & (self.v.arch.vlen as u64 - 1);
                self.dirty_vs();
            }
            VXSAT => {
                self.v.vxsat = v & 1 != 0;
                self.dirty_vs();
            }
            VXRM => {
                self.v.vxrm = (v & 3) as u8;
                self.dirty_vs();
            }
            VCSR => {
                self.v.vxsat = v & 1 != 0;
                self.v.vxrm = ((v >> 1) & 3) as u8;
                self.dirty_vs();
            }
            // The writing instruction still retires after this, so the next read shows v.
            MCYCLE => c.cycle_delta = v.wrapping_sub(self.instret).wrapping_sub(1),
            MINSTRET => c.instret_delta = v.wrapping_sub(self.instret).wrapping_sub(1),
            0xb03..=0xb1f | 0x323..=0x33f => {}
            SSTATUS => {
                let mask = mstatus::SIE
                    | mstatus::SPIE
                    | mstatus::SPP
                    | mstatus::FS
                    | mstatus::SUM
                    | mstatus::MXR
                    | vs_mask;
                c.mstatus = (c.mstatus & !mask) | (v & mask);
                self.fix_sd();
            }
            SIE => c.mie = (c.mie & !c.mideleg) | (v & c.mideleg),
            STVEC => c.stvec = v & !2,
            SCOUNTEREN => c.scounteren = v & 0xffff_ffff,
            SENVCFG => c.senvcfg = v & 1,
            SSCRATCH => c.sscratch = v,
            SEPC => c.sepc = v & !1,
            SCAUSE => c.scause = v,
            STVAL => c.stval = v,
            SIP => {
                let mask = c.mideleg & (1 << 1);
                c.mip = (c.mip & !mask) | (v & mask);
            }
            SATP => {
                // Bare, Sv39 and Sv48; any other mode leaves satp unchanged (WARL).
                if matches!(v >> 60, 0 | 8 | 9) {
                    c.satp = v; // MODE, 16-bit ASID and 44-bit PPN fill all 64 bits
                }
            }
            MSTATUS => {
                let mut mask = mstatus::SIE
                    | mstatus::MIE
                    | mstatus::SPIE
                    | mstatus::MPIE
                    | mstatus::SPP
                    | mstatus::MPP
                    | mstatus::MPRV
                    | mstatus::SUM
                    | mstatus::MXR
                    | mstatus::TVM
                    | mstatus::TW
                    | mstatus::TSR
                    | vs_mask;
                if self.isa.has(ext::F) {
                    mask |= mstatus::FS;
                }
                let mut n = (c.mstatus & !mask) | (v & mask);
                // MPP is WARL over the implemented modes (M, S, U); 2 is reserved -> U.
                if (n & mstatus::MPP) >> 11 == 2 {
                    n &= !mstatus::MPP;
                }
                c.mstatus = n;
                self.fix_sd();
            }
            MISA => {} // fixed: extensions cannot be switched off at run time
            MEDELEG => c.medeleg = v & DELEGABLE_EXCEPTIONS,
            MIDELEG => c.mideleg = v & SUPERVISOR_INTS,
            MIE => c.mie = v & ALL_INTS,
            MTVEC => c.mtvec = v & !2,
            MCOUNTEREN => c.mcounteren = v & 0xffff_ffff,
            MENVCFG => c.menvcfg = v & 1,
            MCOUNTINHIBIT => c.mcountinhibit = v & 0xffff_fffd,
            MSCRATCH => c.mscratch = v,
            MEPC => c.mepc = v & !1,
            MCAUSE => c.mcause = v,
            MTVAL => c.mtval = v,
            MIP => c.mip = (c.mip & !SUPERVISOR_INTS) | (v & SUPERVISOR_INTS),
            0x3a0..=0x3af => c.pmpcfg[((csr - 0x3a0) / 2) as usize] = v,
            0x3b0..=0x3ef => c.pmpaddr[(csr - 0x3b0) as usize] = v & ((1 << 54) - 1),
            TSELECT => c.tselect = 0,
            TDATA1 | TDATA2 | TDATA3 => {}
            _ => return illegal(bits),
        }
        if matches!(csr, SATP | MSTATUS | SSTATUS) {
            self.update_vm();
        }
        Ok(())
    }

    fn vs_mask(&self) -> u64 {
        if self.isa.vector { mstatus::VS } else { 0 }
    }

    fn fix_sd(&mut self) {
        let s = self.csr.mstatus;
        let dirty = (s & mstatus::FS) == mstatus::FS
            || (s & mstatus::VS) == mstatus::VS
            || (s & mstatus::XS) == mstatus::XS;
        self.csr.mstatus = if dirty {
            s | mstatus::SD
        } else {
            s & !mstatus::SD
        };
    }
}
