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
            if let Some((start, predict)) = model.take_dropped_path() {
                walk_dropped_path(hart, model, start, predict);
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

/// Walks the path Fetch2 decoded past a redirecting instruction (an m5 op, a
/// misprediction) from `start` until the redirect reached Fetch2: each instruction
/// goes through Decode (`CycleModel::dropped_uops`), and with `predict` its
/// transfers go through the model's predictor as gem5's do past an m5 op (never
/// repaired; a transfer predicted taken moves the walk to its target). An address
/// that does not decode ends the walk. A misprediction's wrong path runs straight
/// on, so its micro-op counts are kept per start and vector configuration
/// (`CycleModel::replay_wrong_path`) and decoded once.
#[cold]
fn walk_dropped_path(hart: &mut Hart, model: &mut CycleModel, start: u64, predict: bool) {
    if !predict {
        if !model.replay_wrong_path(hart, start) {
            let path = decode_wrong_path(hart, model, start);
            model.keep_wrong_path(hart, start, path);
            model.replay_wrong_path(hart, start);
        }
        return;
    }
    let mut pc = start;
    for _ in 0..MAX_DROPPED {
        let Ok(bits) = hart.fetch_bits(pc) else {
            return;
        };
        let (insn, _) = crate::exec::decode_for(hart, bits, pc);
        if !model.dropped_uops(&insn, hart) {
            return;
        }
        let (next, taken) = model.predict_dropped(&insn);
        if taken {
            model.dropped_taken();
        }
        pc = next;
    }
}

/// The micro-op counts of the straight path from `start`, up to `MAX_DROPPED`
/// instructions or the first address that does not decode.
fn decode_wrong_path(hart: &mut Hart, model: &CycleModel, start: u64) -> Vec<u8> {
    let mut path = Vec::new();
    let mut pc = start;
    for _ in 0..MAX_DROPPED {
        let Ok(bits) = hart.fetch_bits(pc) else {
            break;
        };
        let (insn, _) = crate::exec::decode_for(hart, bits, pc);
        path.push(model.uops_of(&insn, hart).min(255) as u8);
        pc = insn.next_pc();
    }
    path
}

/// The most instructions walked past a redirecting instruction.
const MAX_DROPPED: usize = 256;
