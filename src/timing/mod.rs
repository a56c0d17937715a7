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
        // A marker ends its block (isa/m5ops.tbl), so this runs right after it.
        if let Some((start, n)) = model.take_dropped_path() {
            predict_past_marker(hart, model, start, n);
        }
        if hart.mem.events != 0 || hart.flush_decode || hart.csr.mip & hart.csr.mie != 0 {
            return Event::Attention;
        }
        if hart.instret >= until {
            return Event::Budget;
        }
    }
}

/// Walks the fetch groups Fetch2 decoded past an m5 op from `start`: the rest of
/// the marker's line, then `lines - 1` more, each ending at its 64-byte line's end or
/// at a transfer predicted taken (Fetch1 then fetches the target's line), so the
/// model's predictor sees their transfers as gem5's does (never repaired). An
/// address that does not decode ends the walk.
#[cold]
fn predict_past_marker(hart: &mut Hart, model: &mut CycleModel, start: u64, lines: u32) {
    let line = |a: u64| a >> 6;
    let mut pc = start;
    for _ in 0..lines {
        let this = line(pc);
        // At most a line's worth of instructions per group.
        for _ in 0..32 {
            let Ok(bits) = hart.fetch_bits(pc) else {
                return;
            };
            let (insn, _) = crate::exec::decode_for(hart, bits, pc);
            let (next, taken) = model.predict_dropped(&insn);
            pc = next;
            if taken || line(pc) != this {
                break;
            }
        }
    }
}
