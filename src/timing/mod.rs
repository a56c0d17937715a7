//! Cycle sampling (npu-isa.md §5–6): the m5 markers cut the run into windows and an
//! in-order cycle model of the reference gem5 VPU counts each window's cycles.
//!
//! The model is off unless sampling: functional runs use `engine::run_blocks`, which
//! knows nothing of it. Sampling runs the same pre-decoded blocks through
//! `run_blocks_timed`, which hands every retired instruction to the model.

pub mod accel;
pub mod bpred;
pub mod model;
pub mod params;
mod ring;
pub mod stats;

pub use model::{CycleModel, IssueRecord};
pub use params::TimingParams;

use crate::engine::{CodeCache, Event};
use crate::machine::Hart;

/// As `engine::run_blocks`, one instruction at a time with the model watching.
pub fn run_blocks_timed(
    hart: &mut Hart,
    code: &mut CodeCache,
    until: u64,
    model: &mut CycleModel,
) -> Event {
    loop {
        let pc = hart.pc;
        let index = match code.lookup(hart, pc) {
            Ok(i) => i,
            Err(t) => return Event::Trap(t, pc),
        };
        for insn in code.block(index) {
            // Non-control handlers leave pc alone, so this is the next pc for them.
            hart.pc = insn.next_pc();
            if let Err(t) = (insn.handler)(hart, insn) {
                return Event::Trap(*t, insn.pc);
            }
            hart.instret = hart.instret.wrapping_add(1);
            model.retire(insn, hart);
        }
        if hart.mem.events != 0 || hart.flush_decode || hart.csr.mip & hart.csr.mie != 0 {
            return Event::Attention;
        }
        if hart.instret >= until {
            return Event::Budget;
        }
    }
}
