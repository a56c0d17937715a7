//! Cycle sampling (npu-isa.md §5–6): the m5 markers cut the run into windows and an
//! in-order cycle model of the reference gem5 VPU counts each window's cycles.
//!
//! The model is off unless sampling: functional runs use `engine::run_blocks`, which
//! knows nothing of it. Sampling runs the same pre-decoded blocks through
//! `run_blocks_timed`, which hands every retired instruction to the model.

pub mod accel;
pub mod bpred;
mod frontend;
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
            // A redirect (a misprediction, an m5 op): walk the path Fetch2 took.
            if let Some((start, n)) = model.take_dropped_path() {
                predict_past_marker(hart, model, start, n);
            }
        }
        if hart.mem.events != 0 || hart.flush_decode || hart.csr.mip & hart.csr.mie != 0 {
            return Event::Attention;
        }
        if hart.instret >= until {
            return Event::Budget;
        }
    }
}

/// Walks the path Fetch2 decoded past an m5 op from `start`: its first `lines`
/// fetch groups (the rest of the marker's 64-byte line, then a line or a predicted
/// transfer's target each) go through the model's predictor as gem5's do (never
/// repaired), and every instruction Fetch2 reached before the op's forced branch
/// goes through Decode (`CycleModel::dropped_uops`). An address that does not
/// decode ends the walk.
#[cold]
fn predict_past_marker(hart: &mut Hart, model: &mut CycleModel, start: u64, lines: u32) {
    let line = |a: u64| a >> 6;
    let mut pc = start;
    let mut groups = lines;
    let mut group_line = line(pc);
    let mut decoding = true;
    for _ in 0..MAX_DROPPED {
        let Ok(bits) = hart.fetch_bits(pc) else {
            return;
        };
        let (insn, _) = crate::exec::decode_for(hart, bits, pc);
        decoding = decoding && model.dropped_uops(&insn, hart);
        if groups > 0 {
            let (next, taken) = model.predict_dropped(&insn);
            pc = next;
            if taken || line(pc) != group_line {
                groups -= 1;
                group_line = line(pc);
            }
        } else if decoding {
            pc = insn.next_pc();
        } else {
            return;
        }
    }
}

/// The most instructions walked past an m5 op (Decode's buffer holds at most
/// 8 outputs of 8).
const MAX_DROPPED: usize = 256;
