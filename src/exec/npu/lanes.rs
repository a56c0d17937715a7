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

use crate::exec::handler;
use crate::machine::npu::{Npu, exit};
use crate::machine::{ExecResult, Hart, Insn};

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
    let handler = handler(i.op);
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
