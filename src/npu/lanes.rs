//! Vector instructions on the NPU's lanes (npu-isa.md §1.3, §1.4, §2.3, §2.5).
//!
//! Every lane has its own vector register file. Inside the kernel range a standard
//! RVV instruction runs on all L lanes, outside it on lane 0 only; a few instructions
//! always run on all lanes, and a few scalar-producing ones are refused in kernel
//! mode. The choice is made once, when an instruction's block is decoded: it gets a
//! wrapping handler that runs the instruction on all lanes. Element-wise arithmetic
//! checks the instruction once and loops over lanes x elements (`span`); the other
//! handlers run once per lane (lanes outer, as the reference does for memory), with
//! `hart.v.lane` selecting the register file. Lanes never exchange data, so each
//! lane's work is the plain RVV operation on that lane's registers.
//!
//! In kernel mode the vector memory instructions address the scratchpad per lane
//! (`LaneAddr`): lane k's accesses are offset by k·B, stack addresses are remapped to
//! the top of each bank, low addresses (< 16 MiB, constants) are broadcast to every
//! lane by loads, and everything else must stay in the lane's bank (exit 200) and out
//! of its stack area (exit 201).

use super::{Npu, exit};
use crate::exec::{ExecResult, Insn};
use crate::machine::{Hart, Trap};

/// Loads whose base is below this address read the same bytes in every lane.
const BROADCAST_LIMIT: u64 = 0x0100_0000;

/// How the lanes see a vector instruction.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Policy {
    /// The general rule: all lanes inside the kernel range, lane 0 outside.
    KernelLanes,
    /// All lanes wherever it runs (vmv.s.x, vfmv.s.f, vid.v, vmv<n>r.v, viota.m,
    /// vmsbf.m, vmsif.m, vmsof.m).
    AllLanes,
    /// Lane 0 only (vfmv.f.s reads lane 0; vset* have no vector operands).
    LaneZero,
    /// Refused inside the kernel range: a scalar result from L lanes is meaningless
    /// (vmv.x.s, vcpop.m, vfirst.m), or the reference is broken there (fault-only-first).
    RefusedInKernel,
}

fn policy(mnemonic: &str) -> Policy {
    match mnemonic {
        "vmv.s.x" | "vfmv.s.f" | "vid.v" | "vmv1r.v" | "vmv2r.v" | "vmv4r.v" | "vmv8r.v"
        | "viota.m" | "vmsbf.m" | "vmsif.m" | "vmsof.m" => Policy::AllLanes,
        "vfmv.f.s" | "vsetvl" | "vsetvli" | "vsetivli" => Policy::LaneZero,
        "vmv.x.s" | "vcpop.m" | "vfirst.m" => Policy::RefusedInKernel,
        m if m.starts_with("vle") && m.ends_with("ff.v") => Policy::RefusedInKernel,
        m if m.starts_with("vlseg") && m.ends_with("ff.v") => Policy::RefusedInKernel,
        _ => Policy::KernelLanes,
    }
}

/// Installs the lane handler on a decoded vector instruction at `insn.pc`. Called at
/// decode time only when the machine has more than one lane or a kernel range.
pub fn instrument(insn: &mut Insn, npu: &Npu, lanes: usize) {
    let info = insn.op.info().exec_as.info();
    if info.ext != crate::isa::ext::V {
        return;
    }
    let in_kernel = npu.kernel_mode(insn.pc);
    insn.handler = match (policy(info.mnemonic), in_kernel) {
        (Policy::RefusedInKernel, true) => refused_in_kernel,
        (Policy::KernelLanes | Policy::AllLanes, true) => kernel_lanes,
        (Policy::AllLanes, false) if lanes > 1 => all_lanes,
        _ => return,
    };
}

/// Runs the instruction's semantics on every lane. The first call offers the handler
/// all lanes at once (`span`): element-wise handlers check the instruction once and
/// run their element loop over every lane's registers. A handler that did not take
/// the offer (memory, permutations, reductions, ...) has done lane 0 only and is run
/// again for each further lane.
fn run_lanes(h: &mut Hart, i: &Insn, kernel: bool) -> ExecResult {
    let handler = i.op.handler();
    let vstart = h.v.vstart;
    h.v.kernel = kernel;
    h.v.lane = 0;
    h.v.span = h.v.lanes;
    h.v.spanned = false;
    let mut result = handler(h, i);
    h.v.span = 1;
    if !h.v.spanned {
        for lane in 1..h.v.lanes {
            if result.is_err() {
                break;
            }
            h.v.lane = lane;
            h.v.vstart = vstart;
            result = handler(h, i);
        }
    }
    h.v.spanned = false;
    h.v.lane = 0;
    h.v.kernel = false;
    result
}

fn kernel_lanes(h: &mut Hart, i: &Insn) -> ExecResult {
    run_lanes(h, i, true)
}

fn all_lanes(h: &mut Hart, i: &Insn) -> ExecResult {
    run_lanes(h, i, false)
}

fn refused_in_kernel(h: &mut Hart, i: &Insn) -> ExecResult {
    let name = i.op.info().mnemonic;
    Err(h.npu.fail(
        exit::ABORT,
        format!(
            "{name}: invalid instruction in TPU (kernel) mode at pc {:#x}: it would produce one scalar from {} lanes",
            i.pc, h.v.lanes
        ),
    ))
}

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
