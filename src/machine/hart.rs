//! Architectural state of the single RV64 hart: registers, privilege, CSRs, and the
//! memory it sees. Instruction semantics live in `crate::exec`.

use super::csr::Csrs;
use super::memory::{MemFault, Memory, Scalar};
use super::mmu::{Access, Vm};
use super::trap::{Trap, cause};
use super::vector::VectorUnit;
use crate::config::VArch;
use crate::isa::Isa;
use crate::machine::npu::Npu;

pub const PRV_U: u8 = 0;
pub const PRV_S: u8 = 1;
pub const PRV_M: u8 = 3;

/// Index of the write-only sink that `x0` writes are redirected to at decode time,
/// so that no instruction has to test `rd != 0`.
pub const X_SINK: u8 = 32;

/// Per-instruction hook for a trace (`--log-commits`, the cycle model); off by default.
pub struct Hart {
    /// x0..x31, the x0 sink at 32; the rest pads the array so that `r & 63` needs no bounds check.
    pub x: [u64; 64],
    /// f0..f31 as raw 64-bit values (narrower values NaN-boxed).
    pub f: [u64; 32],
    pub pc: u64,
    /// Current privilege level (PRV_U, PRV_S, PRV_M).
    pub prv: u8,
    pub csr: Csrs,
    /// Instructions retired (also drives `cycle`, as in Spike).
    pub instret: u64,
    pub isa: Isa,
    pub mem: Memory,
    /// Address reserved by the last LR, or u64::MAX.
    pub reservation: u64,
    /// Set by `fence.i` and translation changes: the engine flushes pre-decoded blocks.
    pub flush_decode: bool,
    /// Address translation state (off unless satp selects Sv39/Sv48 below M-mode).
    pub vm: Vm,
    /// The NPU: scratchpad window, kernel range, DMA and unit state.
    pub npu: Npu,
    /// Vector unit state and register file (used when the ISA has V).
    pub v: VectorUnit,
    /// The functional face of the accelerator model: it owns the custom-1/custom-2
    /// words (the built-in TPU units unless `--extlib` loads another; none until the
    /// simulator installs one).
    pub accel: Box<dyn super::accel::Accel>,
    /// The model's words are timed, not executed (`sample` and gem5 mode without
    /// `--functional`): they decode to `vcix_timed`, which changes nothing.
    pub accel_timing_only: bool,
}

impl Hart {
    /// A store hit a watched page, `fence.i` ran, or an interrupt is pending: the
    /// run loop must hand control back before the next block.
    #[inline(always)]
    pub fn needs_attention(&self) -> bool {
        self.mem.events != 0 || self.flush_decode || self.csr.mip & self.csr.mie != 0
    }

    pub fn new(isa: Isa, mem: Memory) -> Hart {
        let csr = Csrs::new(&isa);
        Hart {
            x: [0; 64],
            f: [0; 32],
            pc: 0,
            prv: PRV_M,
            csr,
            instret: 0,
            isa,
            mem,
            reservation: u64::MAX,
            flush_decode: false,
            vm: Vm::default(),
            npu: Npu::default(),
            v: VectorUnit::new(VArch::default(), 1),
            accel: Box::new(super::accel::Placeholder),
            accel_timing_only: false,
        }
    }

    #[inline(always)]
    pub fn x(&self, r: u8) -> u64 {
        self.x[(r & 63) as usize]
    }

    #[inline(always)]
    pub fn set_x(&mut self, r: u8, v: u64) {
        self.x[(r & 63) as usize] = v;
    }

    /// Loads with the alignment rule of the configured ISA (Zicclsm allows misaligned;
    /// under the proxy kernel, whose machine mode emulates misaligned loads and
    /// stores byte by byte, they complete too, faulting at the first byte that does).
    /// The common case (no translation, aligned, page in the memory's cache) is a tag
    /// compare and a host load; everything else takes the out-of-line path.
    #[inline(always)]
    pub fn load<T: Scalar>(&mut self, addr: u64) -> Result<T, Trap> {
        if !self.vm.data
            && addr & (T::SIZE as u64 - 1) == 0
            && let Some(v) = self.mem.load_fast(addr)
        {
            return Ok(v);
        }
        self.load_slow(addr)
    }

    /// `load` for instruction handlers: the trap comes boxed, and the slow path and the
    /// boxing stay out of line, so the fast path needs no stack frame.
    #[inline(always)]
    pub fn load_or_trap<T: Scalar>(&mut self, addr: u64) -> Result<T, Box<Trap>> {
        if !self.vm.data
            && addr & (T::SIZE as u64 - 1) == 0
            && let Some(v) = self.mem.load_fast(addr)
        {
            return Ok(v);
        }
        self.load_slow_boxed(addr)
    }

    #[cold]
    #[inline(never)]
    fn load_slow_boxed<T: Scalar>(&mut self, addr: u64) -> Result<T, Box<Trap>> {
        Ok(self.load_slow(addr)?)
    }

    /// `store` for instruction handlers, as `load_or_trap`.
    #[inline(always)]
    pub fn store_or_trap<T: Scalar>(&mut self, addr: u64, v: T) -> Result<(), Box<Trap>> {
        if !self.vm.data && addr & (T::SIZE as u64 - 1) == 0 && self.mem.store_fast(addr, v) {
            return Ok(());
        }
        self.store_slow_boxed(addr, v)
    }

    #[cold]
    #[inline(never)]
    fn store_slow_boxed<T: Scalar>(&mut self, addr: u64, v: T) -> Result<(), Box<Trap>> {
        Ok(self.store_slow(addr, v)?)
    }

    #[inline(never)]
    fn load_slow<T: Scalar>(&mut self, addr: u64) -> Result<T, Trap> {
        if T::SIZE > 1
            && addr & (T::SIZE as u64 - 1) != 0
            && !self.isa.misaligned
            && !self.npu.in_window(addr)
            && !self.mem.paged()
        {
            return Err(Trap::new(cause::MISALIGNED_LOAD, addr));
        }
        let pa = if self.vm.data {
            self.translate_range(addr, T::SIZE, Access::Load)?
        } else {
            addr
        };
        self.mem
            .load(pa)
            .map_err(|f| Trap::new(cause::LOAD_ACCESS, self.fault_addr(addr, pa, f)))
    }

    /// Stores, with the same fast path as `load` (unwatched pages only).
    #[inline(always)]
    pub fn store<T: Scalar>(&mut self, addr: u64, v: T) -> Result<(), Trap> {
        if !self.vm.data && addr & (T::SIZE as u64 - 1) == 0 && self.mem.store_fast(addr, v) {
            return Ok(());
        }
        self.store_slow(addr, v)
    }

    #[inline(never)]
    fn store_slow<T: Scalar>(&mut self, addr: u64, v: T) -> Result<(), Trap> {
        if T::SIZE > 1
            && addr & (T::SIZE as u64 - 1) != 0
            && !self.isa.misaligned
            && !self.npu.in_window(addr)
            && !self.mem.paged()
        {
            return Err(Trap::new(cause::MISALIGNED_STORE, addr));
        }
        let pa = if self.vm.data {
            self.translate_range(addr, T::SIZE, Access::Store)?
        } else {
            addr
        };
        self.mem
            .store(pa, v)
            .map_err(|f| Trap::new(cause::STORE_ACCESS, self.fault_addr(addr, pa, f)))
    }

    /// The address a memory fault reports: the access's own address, except under
    /// the proxy kernel, where pk (emulating misaligned accesses byte by byte) sees
    /// the first byte that faulted.
    #[cold]
    fn fault_addr(&self, va: u64, pa: u64, f: MemFault) -> u64 {
        if self.mem.paged() {
            va.wrapping_add(f.addr.wrapping_sub(pa))
        } else {
            va
        }
    }

    /// Translates an access of `size` bytes; one that crosses a page boundary must have
    /// both pages mapped contiguously (misaligned page-crossing accesses are rare).
    #[cold]
    fn translate_range(&mut self, addr: u64, size: usize, access: Access) -> Result<u64, Trap> {
        let pa = self.translate(addr, access)?;
        let last = addr.wrapping_add(size as u64 - 1);
        if (last ^ addr) >> 12 != 0 {
            let pa_last = self.translate(last, access)?;
            if pa_last != pa.wrapping_add(size as u64 - 1) {
                return Err(Trap::new(
                    if access == Access::Load {
                        cause::LOAD_ACCESS
                    } else {
                        cause::STORE_ACCESS
                    },
                    addr,
                ));
            }
        }
        Ok(pa)
    }

    /// Physical address for an AMO/LR/SC: must be naturally aligned (Zicclsm does not
    /// cover atomics) and writable; faults are reported as store/AMO faults.
    pub fn amo_paddr(&mut self, addr: u64, size: u64, misaligned_cause: u64) -> Result<u64, Trap> {
        if addr & (size - 1) != 0 {
            return Err(Trap::new(misaligned_cause, addr));
        }
        let pa = if self.vm.data {
            self.translate(addr, Access::Store)?
        } else {
            addr
        };
        if !self.mem.in_region(pa) {
            return Err(Trap::new(cause::STORE_ACCESS, addr));
        }
        Ok(pa)
    }

    /// Reads a 16-bit instruction parcel at virtual address `pc`.
    pub fn fetch_parcel(&mut self, pc: u64) -> Result<u16, Trap> {
        let pa = if self.vm.fetch {
            self.translate(pc, Access::Fetch)?
        } else {
            pc
        };
        self.mem
            .fetch_u16(pa)
            .map_err(|_| Trap::new(cause::FETCH_ACCESS, pc))
    }

    /// The instruction word at `pc`: one parcel, or two when the first's low bits
    /// are 11. A fault is the trap of the parcel that raised it (Spike reports the
    /// address of the missing parcel).
    #[inline]
    pub fn fetch_bits(&mut self, pc: u64) -> Result<u32, Trap> {
        let lo = self.fetch_parcel(pc)?;
        Ok(if lo & 3 == 3 {
            (self.fetch_parcel(pc.wrapping_add(2))? as u32) << 16 | lo as u32
        } else {
            lo as u32
        })
    }

    /// The instruction word at `pc` as `fetch_bits` would read it, if that needs
    /// no translation and changes nothing (`Memory::peek_code`); None otherwise.
    pub fn peek_bits(&self, pc: u64) -> Option<u32> {
        if self.vm.fetch {
            return None;
        }
        let lo = self.mem.peek_code(pc)?;
        Some(if lo & 3 == 3 {
            (self.mem.peek_code(pc.wrapping_add(2))? as u32) << 16 | lo as u32
        } else {
            lo as u32
        })
    }

    /// Physical address of the instruction parcel at `pc` (for code-page watching).
    pub fn fetch_paddr(&mut self, pc: u64) -> u64 {
        if self.vm.fetch {
            self.translate(pc, Access::Fetch).unwrap_or(pc)
        } else {
            pc
        }
    }

    /// Enters the trap handler for `trap` raised by the instruction at `epc`, in M or
    /// (when delegated) S mode.
    pub fn take_trap(&mut self, trap: Trap, epc: u64) {
        use super::csr::mstatus as ms;
        let interrupt = trap.cause & cause::INTERRUPT != 0;
        let code = trap.cause & !cause::INTERRUPT;
        let deleg = if interrupt {
            self.csr.mideleg
        } else {
            self.csr.medeleg
        };
        if self.prv <= PRV_S && code < 64 && (deleg >> code) & 1 != 0 {
            let vectored = interrupt && self.csr.stvec & 1 != 0;
            self.pc = (self.csr.stvec & !3) + if vectored { 4 * code } else { 0 };
            self.csr.scause = trap.cause;
            self.csr.sepc = epc;
            self.csr.stval = trap.tval;
            let s = self.csr.mstatus;
            let mut s = s & !(ms::SPP | ms::SPIE | ms::SIE);
            s |= (self.prv as u64 & 1) << 8;
            s |= ((self.csr.mstatus & ms::SIE) >> 1) << 5;
            self.csr.mstatus = s;
            self.prv = PRV_S;
        } else {
            let vectored = interrupt && self.csr.mtvec & 1 != 0;
            self.pc = (self.csr.mtvec & !3) + if vectored { 4 * code } else { 0 };
            self.csr.mcause = trap.cause;
            self.csr.mepc = epc;
            self.csr.mtval = trap.tval;
            let mut s = self.csr.mstatus & !(ms::MPP | ms::MPIE | ms::MIE);
            s |= (self.prv as u64) << 11;
            s |= ((self.csr.mstatus & ms::MIE) >> 3) << 7;
            self.csr.mstatus = s;
            self.prv = PRV_M;
        }
        self.reservation = u64::MAX;
        self.update_vm();
    }

    /// The highest-priority interrupt that is pending, enabled and not masked, if any.
    pub fn pending_interrupt(&self) -> Option<u64> {
        use super::csr::mstatus as ms;
        let pending = self.csr.mip & self.csr.mie;
        if pending == 0 {
            return None;
        }
        let m_enabled = self.prv < PRV_M || self.csr.mstatus & ms::MIE != 0;
        let s_enabled = self.prv < PRV_S || (self.prv == PRV_S && self.csr.mstatus & ms::SIE != 0);
        let m_ints = pending & !self.csr.mideleg;
        let s_ints = pending & self.csr.mideleg;
        let chosen = if m_enabled && m_ints != 0 {
            m_ints
        } else if s_enabled && s_ints != 0 {
            s_ints
        } else {
            return None;
        };
        // Priority: MEI, MSI, MTI, SEI, SSI, STI.
        [11u64, 3, 7, 9, 1, 5]
            .into_iter()
            .find(|&b| chosen >> b & 1 != 0)
            .map(|b| b | cause::INTERRUPT)
    }
}
