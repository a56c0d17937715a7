//! Cycle sampling (npu-isa.md §5–6): the m5 markers cut the run into windows and an
//! in-order cycle model of the reference gem5 VPU counts each window's cycles.
//!
//! The model is off unless sampling: functional runs use `engine::run_blocks`, which
//! knows nothing of it. Sampling runs the same pre-decoded blocks through
//! `run_blocks_timed`, which hands every retired instruction to the model.

pub mod accel;
pub mod bpred;
mod frontend;
mod memory;
pub mod model;
pub mod params;
mod ring;
pub mod stats;

pub use model::{CycleModel, IssueRecord};
pub use params::TimingParams;

use crate::engine::{CodeCache, Event};
use crate::machine::Hart;
use model::{MemRole, PathInsn, WrongPathStep};

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
        let mut edge = None;
        let len = code.block(index).len();
        for (k, insn) in code.block(index).iter().enumerate() {
            // Non-control handlers leave pc alone, so this is the next pc for them.
            hart.pc = insn.next_pc();
            if let Err(t) = (insn.handler)(hart, insn) {
                return Event::Trap(*t, insn.pc);
            }
            hart.instret = hart.instret.wrapping_add(1);
            // A taken backward branch ending its block may close a loop the model
            // times alike. (A block goes on through direct jumps: a jump inside one
            // is followed by its target's instructions.)
            if hart.pc <= insn.pc && k + 1 == len && model.watch.is_some() {
                edge = Some(*insn);
                break;
            }
            retire(hart, model, insn);
        }
        if let Some(insn) = edge {
            match loop_edge(hart, code, until, model, &insn) {
                Edge::Retire => retire(hart, model, &insn),
                Edge::Done(Some(event)) => return event,
                Edge::Done(None) => {}
            }
        }
        if hart.needs_attention() {
            return Event::Attention;
        }
        if hart.instret >= until {
            return Event::Budget;
        }
    }
}

/// Hands a retired instruction to the model; after a redirect (a misprediction, an
/// m5 op) walks the path Fetch2 took past it.
#[inline(always)]
fn retire(hart: &mut Hart, model: &mut CycleModel, insn: &crate::machine::Insn) {
    model.retire(insn, hart);
    if let Some((start, predict)) = model.take_dropped_path() {
        walk_dropped_path(hart, model, start, predict);
        model.finish_redirect();
    }
}

/// At a taken backward transfer `edge` (executed, not yet retired; `index` its
/// block): when the loop it closes is a single block the model may skip (see
/// `CycleModel::ff_allowed`) and the model's state before this back-edge equals,
/// relative to its clock, the state before the previous one, every further
/// iteration would take the same cycles and add the same statistics. Then the
/// iterations run without the model until the back-edge falls through (or the
/// slice ends, or the hart needs attention), the model moves on by the skipped
/// iterations in one step, and the last back-edge retires through it as usual.
#[cold]
#[inline(never)]
fn loop_edge(
    hart: &mut Hart,
    code: &mut CodeCache,
    until: u64,
    model: &mut CycleModel,
    edge: &crate::machine::Insn,
) -> Edge {
    let Some(mut w) = model.watch.take() else {
        return Edge::Retire;
    };
    let done = watch_edge(hart, code, until, model, &mut w, edge);
    // The next iteration's forwarding views are logged while the watch may skip it.
    model.ff_logging = w.len > 0 && w.cool == 0;
    model.watch = Some(w);
    done
}

/// Loops the watch remembers (`LoopWatch::seen`).
const SEEN: usize = 64;

fn seen_slot(pc: u64) -> usize {
    ((pc >> 1) as usize) & (SEEN - 1)
}

/// What became of a back-edge (`loop_edge`).
enum Edge {
    /// Nothing skipped: the caller retires it.
    Retire,
    /// Iterations skipped and the last back-edge retired; the event to end the
    /// slice with, if any.
    Done(Option<Event>),
}

fn watch_edge(
    hart: &mut Hart,
    code: &mut CodeCache,
    until: u64,
    model: &mut CycleModel,
    w: &mut model::LoopWatch,
    edge: &crate::machine::Insn,
) -> Edge {
    let target = hart.pc;
    if w.branch != edge.pc || w.target != target {
        // Another loop: remember this one, and take up the new one where it was
        // left, or look at its body (one block that ends in this back-edge?).
        if w.seen.is_empty() {
            w.seen = vec![model::LoopSeen::default(); SEEN];
        }
        if w.branch != 0 {
            w.seen[seen_slot(w.branch)] = model::LoopSeen {
                branch: w.branch,
                target: w.target,
                len: w.len,
                fails: w.fails,
                cool: w.cool,
            };
        }
        let known = w.seen[seen_slot(edge.pc)];
        *w = model::LoopWatch {
            branch: edge.pc,
            target,
            sig: std::mem::take(&mut w.sig),
            scratch: std::mem::take(&mut w.scratch),
            seen: std::mem::take(&mut w.seen),
            ..Default::default()
        };
        if known.branch == edge.pc && known.target == target {
            w.len = known.len;
            w.fails = known.fails;
            w.cool = known.cool;
        } else {
            let Ok(body) = code.lookup(hart, target) else {
                return Edge::Retire;
            };
            let insns = code.block(body);
            let closes = insns.last().is_some_and(|l| l.pc == edge.pc);
            let n = insns.len();
            if closes
                && insns
                    .iter()
                    .enumerate()
                    .all(|(k, i)| model.ff_allowed(i, k + 1 == n))
            {
                w.len = n as u64;
            }
        }
    }
    if w.len == 0 {
        return Edge::Retire;
    }
    if w.cool > 0 {
        w.cool -= 1;
        return Edge::Retire;
    }
    // The forwarding views of the iteration that ends here.
    let views = model.ff_take_loads();
    let mut sig = std::mem::take(&mut w.scratch);
    let Some(base) = model.ff_signature(hart, edge.pc, &mut sig) else {
        w.scratch = sig;
        w.have = false;
        model.ff_restart_log(views);
        return Edge::Retire;
    };
    let (counters, misses) = model.ff_counters();
    let periodic = w.have
        && sig == w.sig
        && misses == w.misses
        && hart.instret - w.instret == w.len
        && base > w.base;
    if !periodic {
        model.ff_restart_log(views);
        if w.have {
            // Not (yet) alike: try again at each back-edge while the histories fill
            // (the global history has 64 bits), then less and less often.
            w.fails += 1;
            if w.fails > 80 {
                w.cool = 1 << (w.fails - 80).min(16);
                w.have = false;
                w.scratch = sig;
                return Edge::Retire;
            }
        }
        w.scratch = std::mem::replace(&mut w.sig, sig);
        w.have = true;
        w.base = base;
        w.counters = counters;
        w.misses = misses;
        w.instret = hart.instret;
        return Edge::Retire;
    }
    w.scratch = sig;
    let cycles = base - w.base;
    let mut per = counters;
    for (d, c) in per.iter_mut().zip(&w.counters) {
        *d -= c;
    }
    let skip = skip_iterations(hart, code, until, model, w, edge, &views, cycles, &per);
    model.ff_restart_log(views);
    let (units, last, event) = match skip {
        Skip::Ran(units, last, event) => (units, last, event),
        Skip::Trapped(event) => return Edge::Done(Some(event)),
        Skip::Replayed(last) => {
            // The skip stopped where forwarding went another way: the model timed
            // that iteration itself and the reference is gone.
            w.fails += 1;
            w.have = false;
            retire(hart, model, &last);
            return Edge::Done(None);
        }
    };
    w.fails = 0;
    // The model is now where it was at this back-edge, `units` iterations on: the
    // reference becomes the last back-edge, so the next one compares alike.
    w.base = base + units * cycles;
    w.counters = counters;
    for (c, d) in w.counters.iter_mut().zip(&per) {
        *c += units * d;
    }
    w.instret = hart.instret;
    retire(hart, model, &last);
    Edge::Done(event)
}

/// How a skip ended (`skip_iterations`).
enum Skip {
    /// So many iterations skipped; the last back-edge (to retire through the model)
    /// and the event to end the slice with, if any.
    Ran(u64, crate::machine::Insn, Option<Event>),
    /// A fault inside the body; the model timed the iteration up to the faulting
    /// instruction.
    Trapped(Event),
    /// An iteration's load forwarded where the reference's did not, or the other
    /// way round: the model timed that iteration from its recorded addresses; its
    /// back-edge is left to retire.
    Replayed(crate::machine::Insn),
}

/// Runs whole iterations (the back-edge `edge` and the body after it, then the
/// next) without the model until the back-edge falls through (or the slice ends,
/// or the hart needs attention), and moves the model on by them: `cycles` and
/// `per`'s statistics each. The addresses change from one iteration to the next, so
/// every forwarding candidate is checked against the store ring as the model would
/// see it (`views`: the reference iteration's loads, in order); an iteration where
/// one goes another way is handed to the model with the addresses it used.
#[allow(clippy::too_many_arguments)]
fn skip_iterations(
    hart: &mut Hart,
    code: &mut CodeCache,
    until: u64,
    model: &mut CycleModel,
    w: &mut model::LoopWatch,
    edge: &crate::machine::Insn,
    views: &[model::ForwardView],
    cycles: u64,
    per: &stats::Counters,
) -> Skip {
    let target = w.target;
    let Ok(body) = code.lookup(hart, target) else {
        return Skip::Ran(0, *edge, None);
    };
    w.roles.clear();
    w.roles
        .extend(code.block(body).iter().map(|i| model.ff_memory_role(i)));
    let candidates = w
        .roles
        .iter()
        .filter(|r| matches!(r, MemRole::Load(_)))
        .count();
    if candidates != views.len() {
        // Not the iteration the views were logged in (cannot happen: the same
        // body ran since the last back-edge); skip nothing.
        return Skip::Ran(0, *edge, None);
    }
    w.eas.clear();
    w.eas.resize(w.roles.len(), 0);
    let mut stores = model.ff_store_addresses();
    let mut units = 0u64;
    let mut last = *edge;
    let mut event = None;
    loop {
        if hart.instret >= until {
            event = Some(Event::Budget);
            break;
        }
        if hart.needs_attention() {
            event = Some(Event::Attention);
            break;
        }
        let Ok(body) = code.lookup(hart, target) else {
            break;
        };
        let before = stores;
        let back_edge = last;
        let mut view = 0;
        let mut diverged = false;
        for (k, insn) in code.block(body).iter().enumerate() {
            let role = w.roles[k];
            if role != MemRole::None {
                let ea = hart.x(insn.rs1).wrapping_add(insn.imm as u64);
                w.eas[k] = ea;
                match role {
                    MemRole::Store(bytes) => stores.push(ea, bytes),
                    MemRole::Load(bytes) => {
                        let v = views[view];
                        view += 1;
                        diverged |= stores.forwards(v.live, ea, bytes) != v.forwarded;
                    }
                    MemRole::None => {}
                }
            }
            hart.pc = insn.next_pc();
            if let Err(t) = (insn.handler)(hart, insn) {
                // The model times the iteration up to the fault, as without a skip.
                model.ff_skip(units, cycles, per);
                model.ff_set_store_addresses(&before);
                let insns = code.block(body);
                replay(hart, model, w, target, &back_edge, &insns[..k]);
                return Skip::Trapped(Event::Trap(*t, insn.pc));
            }
            hart.instret = hart.instret.wrapping_add(1);
            last = *insn;
        }
        if diverged {
            model.ff_skip(units, cycles, per);
            model.ff_set_store_addresses(&before);
            let insns = code.block(body);
            replay(
                hart,
                model,
                w,
                target,
                &back_edge,
                &insns[..insns.len() - 1],
            );
            return Skip::Replayed(last);
        }
        units += 1;
        if hart.pc != target {
            break;
        }
    }
    model.ff_skip(units, cycles, per);
    model.ff_set_store_addresses(&stores);
    Skip::Ran(units, last, event)
}

/// Hands the model an iteration the skip ran ahead of it: the back-edge that
/// entered it (taken, to `target`), then `insns`, the body's first instructions,
/// each load and store with the address it used (`LoopWatch::eas`).
fn replay(
    hart: &mut Hart,
    model: &mut CycleModel,
    w: &model::LoopWatch,
    target: u64,
    back_edge: &crate::machine::Insn,
    insns: &[crate::machine::Insn],
) {
    let pc = hart.pc;
    hart.pc = target;
    retire(hart, model, back_edge);
    hart.pc = pc;
    for (k, insn) in insns.iter().enumerate() {
        if w.roles[k] != MemRole::None {
            model.ff_replay_address(w.eas[k]);
        }
        retire(hart, model, insn);
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
        let mut pc = start;
        let mut segments = 0;
        while segments < MAX_SEGMENTS {
            match model.replay_wrong_path(hart, pc) {
                WrongPathStep::Unknown => {
                    let path = decode_wrong_path(hart, model, pc);
                    model.keep_wrong_path(hart, pc, path);
                }
                WrongPathStep::Done => return,
                WrongPathStep::Taken(target) => {
                    pc = target;
                    segments += 1;
                }
            }
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
            model.dropped_taken(next);
        }
        pc = next;
    }
}

/// The straight path from `start` as Decode and Fetch2 see it, up to
/// `MAX_DROPPED` instructions or the first address that does not decode.
fn decode_wrong_path(hart: &mut Hart, model: &CycleModel, start: u64) -> Vec<PathInsn> {
    let mut path = Vec::new();
    let mut pc = start;
    for _ in 0..MAX_DROPPED {
        let Ok(bits) = hart.fetch_bits(pc) else {
            break;
        };
        let (insn, _) = crate::exec::decode_for(hart, bits, pc);
        path.push(model.path_insn(&insn, hart));
        pc = insn.next_pc();
    }
    path
}

/// Transfers predicted taken on one wrong path, at most (each costs Fetch2 the
/// fetches in flight, so few fit before the redirect).
const MAX_SEGMENTS: usize = 16;

/// The most instructions walked past a redirecting instruction.
const MAX_DROPPED: usize = 256;
