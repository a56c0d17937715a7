//! The lanes' view of the scratchpad in kernel mode (npu-isa.md §2.3, §2.5): where
//! lane k's vector access goes (`LaneAddr`) and the bank and stack checks. The lane
//! handlers that use it are `crate::exec::npu::lanes`.

use super::{Npu, exit};
use crate::machine::Trap;

/// Loads whose base is below this address read the same bytes in every lane.
const BROADCAST_LIMIT: u64 = 0x0100_0000;

/// The kinds of kernel-mode vector access, named as the reference's messages name them.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    /// Unit-stride, strided, segment and mask loads.
    Load,
    /// Unit-stride, strided, segment and mask stores.
    Store,
    LoadWhole,
    StoreWhole,
}

impl Kind {
    fn name(self) -> &'static str {
        match self {
            Kind::Load => "VI_LD",
            Kind::Store => "VI_ST",
            Kind::LoadWhole => "VI_LD_WHOLE",
            Kind::StoreWhole => "VI_ST_WHOLE",
        }
    }
}

/// Where lane `lane` of a kernel-mode vector access goes (§2.3).
#[derive(Clone, Copy, Debug)]
pub struct LaneAddr {
    /// The base for this lane: `X[rs1]`, remapped if it is a stack address, plus k·B
    /// unless broadcast.
    pub base: u64,
    /// Bounds and stack checks apply (not for broadcast loads).
    checked: bool,
    /// The base was a stack address (exempt from the stack check).
    remapped: bool,
    lane: u64,
    kind: Kind,
}

impl LaneAddr {
    /// Whether the bank and stack checks apply (false for a broadcast load).
    pub fn is_checked(&self) -> bool {
        self.checked
    }
}

impl Npu {
    /// The lane's view of an access based at `rs1` (the value of X[rs1]).
    pub fn lane_addr(&self, rs1: u64, lane: usize, kind: Kind) -> LaneAddr {
        let b = self.spad_lane_bytes;
        let remapped = self.ksp <= rs1 && rs1 < self.ksb;
        let base = if remapped {
            self.spad_base
                .wrapping_add(b)
                .wrapping_sub(self.ksb.wrapping_sub(rs1))
        } else {
            rs1
        };
        if kind == Kind::Load && base < BROADCAST_LIMIT {
            return LaneAddr {
                base,
                checked: false,
                remapped,
                lane: lane as u64,
                kind,
            };
        }
        LaneAddr {
            base: base.wrapping_add(lane as u64 * b),
            checked: true,
            remapped,
            lane: lane as u64,
            kind,
        }
    }

    /// The first failing rule for lane address `a`, if any: (exit status, message).
    fn lane_violation(&self, la: &LaneAddr, a: u64) -> Option<(i32, String)> {
        if !la.checked {
            return None;
        }
        let (sv, b, k) = (self.spad_base, self.spad_lane_bytes, la.lane);
        let bank_end = sv.wrapping_add((k + 1).wrapping_mul(b));
        if a < sv || a > bank_end {
            return Some((
                exit::INVALID_SPAD_ACCESS,
                format!(
                    "{} ERROR: lane {k} accesses {a:#x}, outside the scratchpad (lane {k}'s bank ends at {bank_end:#x})",
                    la.kind.name()
                ),
            ));
        }
        let spad_sp = sv
            .wrapping_add(b)
            .wrapping_sub(self.ksb.wrapping_sub(self.ksp));
        if !la.remapped && a >= spad_sp.wrapping_add(k.wrapping_mul(b)) {
            return Some((
                exit::STACK_OVERFLOW,
                format!(
                    "{} ERROR: lane {k} Accessing stack address: {a:#x} (the bank's stack area starts at {:#x})",
                    la.kind.name(),
                    spad_sp.wrapping_add(k.wrapping_mul(b))
                ),
            ));
        }
        None
    }

    /// Checks lane address `a` (an element's first byte); a violation ends the run.
    #[inline]
    pub fn check_lane(&mut self, la: &LaneAddr, a: u64) -> Result<(), Box<Trap>> {
        if !la.checked {
            return Ok(());
        }
        match self.lane_violation(la, a) {
            None => Ok(()),
            Some((code, msg)) => Err(self.fail(code, msg)),
        }
    }

    /// Whether `a` passes the checks (for the fast path, which then skips them).
    pub fn lane_ok(&self, la: &LaneAddr, a: u64) -> bool {
        self.lane_violation(la, a).is_none()
    }
}
