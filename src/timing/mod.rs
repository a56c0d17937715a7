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
            // A load may overwrite its base: the model reads its address from here.
            model.pre_base = hart.x(insn.rs1);
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
        if model.nest_recording {
            if model.nest_trace.len() < NEST_MAX_BODY as usize {
                model.nest_trace.push(pc);
            } else {
                // An iteration longer than the nest watch takes (`loop_edge`).
                model.nest_recording = false;
            }
        }
        if let Some(insn) = edge {
            match loop_edge(hart, code, until, model, &insn) {
                Edge::Retire | Edge::Nest => retire(hart, model, &insn),
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
    if w.nest.attempting() && !model.nest_recording {
        // The followed loop's iteration ran more blocks than its bound: the loops
        // inside it are skipped alone from here on.
        w.nest.never = true;
    }
    let target = hart.pc;
    let done = if w.nest.follows(edge.pc, target) {
        nest_edge(hart, code, until, model, &mut w.nest, edge)
    } else if w.nest.attempting() && w.nest.inside(edge.pc, target) {
        // A loop inside the one timed whole: its iterations are that one's.
        Edge::Retire
    } else {
        match watch_edge(hart, code, until, model, &mut w, edge) {
            Edge::Nest => nest_edge(hart, code, until, model, &mut w.nest, edge),
            done => done,
        }
    };
    // The next iteration's forwarding views are logged while the watch may skip it.
    model.ff_logging = (w.len > 0 && w.cool == 0) || w.nest.attempting();
    model.nest_recording = w.nest.attempting();
    model.ff_log_predictor(model.nest_recording);
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
    /// Not a loop of one block: the nest watch's (`nest_edge`).
    Nest,
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
                settled: w.settled,
            };
        }
        let known = w.seen[seen_slot(edge.pc)];
        *w = model::LoopWatch {
            branch: edge.pc,
            target,
            history: std::mem::take(&mut w.history),
            body: std::mem::take(&mut w.body),
            vector_shapes: std::mem::take(&mut w.vector_shapes),
            scratch: std::mem::take(&mut w.scratch),
            seen: std::mem::take(&mut w.seen),
            nest: std::mem::take(&mut w.nest),
            ..Default::default()
        };
        if known.branch == edge.pc && known.target == target {
            w.len = known.len;
            w.fails = known.fails;
            // Signatures before the back-edge where the last skip's snapshots began
            // would only fail again: the loop starts from where it was entered last
            // time, and its timing settles in as many iterations. (Trying later
            // costs no exactness: a skip is exact whenever it comes.)
            w.cool = known.cool.max(known.settled);
            w.settled = known.settled;
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
        return Edge::Nest;
    }
    w.entered = w.entered.saturating_add(1);
    if w.cool > 0 {
        w.cool -= 1;
        return Edge::Retire;
    }
    // The forwarding views of the iteration that ends here.
    let views = model.ff_take_loads();
    let mut sig = std::mem::take(&mut w.scratch);
    let Some(base) = model.ff_signature(hart, Some(edge.pc), &mut sig) else {
        w.scratch = sig;
        w.have = 0;
        model.ff_restart_log(views);
        return Edge::Retire;
    };
    let (counters, misses) = model.ff_counters();
    // This back-edge becomes the newest snapshot; the oldest one's storage is reused.
    if w.history.is_empty() {
        w.history.resize_with(HISTORY, Default::default);
    }
    w.head = (w.head + 1) % HISTORY;
    let now = &mut w.history[w.head];
    w.scratch = std::mem::replace(&mut now.sig, sig);
    model.ff_restart_log(std::mem::replace(&mut now.views, views));
    (now.base, now.counters, now.misses, now.instret) = (base, counters, misses, hart.instret);
    now.hash = signature_hash(&now.sig);
    w.have = (w.have + 1).min(HISTORY);
    let Some(period) = period(w) else {
        // Not (yet) alike: try again at each back-edge while the histories fill
        // (13 bits of global history select a counter) and the front end settles
        // (Execute's input buffer holds 128 of Decode's outputs), then in rounds of
        // as many back-edges as the ring holds (a period up to MAX_PERIOD needs it
        // full), further and further apart. Every signature counts, so a loop entered
        // again and again for a few iterations each time cools down too.
        w.fails += 1;
        if w.fails > 80 && (w.fails - 80).is_multiple_of(HISTORY as u32) {
            w.cool = 1 << ((w.fails - 80) / HISTORY as u32).min(12);
            w.have = 0;
        }
        return Edge::Retire;
    };
    let reference = &w.history[back(w.head, period)];
    let cycles = base - reference.base;
    let mut per = counters;
    for (d, c) in per.iter_mut().zip(&reference.counters) {
        *d -= c;
    }
    let (units, last, event) =
        match skip_iterations(hart, code, until, model, w, edge, period, cycles, &per) {
            Skip::Ran(units, last, event) => (units, last, event),
            Skip::Trapped(event) => return Edge::Done(Some(event)),
            Skip::Replayed(last, event, diverged) => {
                // The skip stopped inside a period (forwarding went another way, or the
                // loop or the slice ended there): the model timed that period's
                // iterations itself and the snapshots no longer line up with it.
                if diverged {
                    w.fails += 1;
                } else {
                    w.fails = 0;
                }
                w.have = 0;
                retire(hart, model, &last);
                return Edge::Done(event);
            }
        };
    w.fails = 0;
    if units > 0 {
        w.settled = model::next_settled(w.settled, w.entered, period as u32);
    }
    // The model is now where it was at each of the last back-edges, `units` periods
    // on: so are the snapshots of the reference period and the one before it (the
    // loop repeats from there on; older ones may predate that, and are dropped),
    // and the next back-edge compares alike.
    let len = w.len;
    w.have = w.have.min(period + 1);
    for k in 0..w.have {
        let s = &mut w.history[back(w.head, k)];
        s.base += units * cycles;
        for (c, d) in s.counters.iter_mut().zip(&per) {
            *c += units * d;
        }
        s.instret = hart.instret - k as u64 * len;
    }
    retire(hart, model, &last);
    Edge::Done(event)
}

/// A multiplicative hash of a signature, so snapshots that differ rarely need
/// their whole signatures compared.
fn signature_hash(sig: &[u64]) -> u64 {
    sig.iter().fold(sig.len() as u64, |h, &v| {
        (h.rotate_left(5) ^ v).wrapping_mul(0x51_7c_c1_b7_27_22_0a_95)
    })
}

/// Loops the nest watch remembers (`NestWatch::seen`).
const NEST_SEEN: usize = 16;

/// The longest iteration (in instructions) of a loop the nest watch tries: while
/// it tries, the loops inside run through the model whole, for as many iterations
/// as the outer loop takes to settle (`NEST_TRIES`); an outer loop of longer
/// iterations is better left to its inner loops' own skips.
const NEST_MAX_BODY: u64 = 2048;

/// Failed comparisons in a row after which the nest watch waits (while it waits,
/// the loops inside are skipped alone): an outer loop's own branch fills its
/// local history (11 bits) in as many iterations before its state repeats.
const NEST_TRIES: u32 = 16;

/// At a back-edge `edge` (executed, not yet retired) of a loop whose body is
/// several blocks: with the model's state, relative to its clock, equal to that
/// at the previous back-edge, the same blocks run between, no I-cache miss and no
/// predictor table entry changed, every further iteration that runs the same
/// blocks takes the same cycles and adds the same statistics (a period of one;
/// `watch_edge` for loops of one block). Then whole iterations run without the
/// model, each checked block by block against that one (`nest_skip`).
fn nest_edge(
    hart: &mut Hart,
    code: &mut CodeCache,
    until: u64,
    model: &mut CycleModel,
    n: &mut model::NestWatch,
    edge: &crate::machine::Insn,
) -> Edge {
    let target = hart.pc;
    if !model.ff_is_branch(edge) {
        // A return, or another jump back: no loop's back-edge.
        return Edge::Retire;
    }
    if !n.follows(edge.pc, target) {
        if n.inside(edge.pc, target) {
            return Edge::Retire;
        }
        if n.branch != 0 && target <= n.target && edge.pc >= n.branch {
            // A loop around the one followed: that one was left, and its next entry
            // starts afresh (waiting as long as the last ones took to settle).
            n.enter();
            start_nest_iteration(model);
            return Edge::Retire;
        }
        if n.seen.is_empty() {
            n.seen = vec![model::NestSeen::default(); NEST_SEEN];
        }
        let slot = |pc: u64| ((pc >> 1) as usize) & (NEST_SEEN - 1);
        if n.branch != 0 {
            n.seen[slot(n.branch)] = model::NestSeen {
                branch: n.branch,
                target: n.target,
                never: n.never,
                rounds: n.rounds,
                settled: n.settled,
            };
        }
        let known = n.seen[slot(edge.pc)];
        (n.branch, n.target) = (edge.pc, target);
        (n.never, n.rounds, n.settled) = if (known.branch, known.target) == (edge.pc, target) {
            (known.never, known.rounds, known.settled)
        } else {
            (false, 0, 0)
        };
        // This back-edge is the loop's first.
        n.enter();
        n.entered = 1;
        n.cool = n.cool.saturating_sub(1);
        if known.branch != edge.pc {
            // A loop not seen before: its first iteration runs as it would without
            // this watch, and is counted.
            n.probe = hart.instret;
            n.cool = n.cool.max(1);
        }
        start_nest_iteration(model);
        return Edge::Retire;
    }
    n.entered = n.entered.saturating_add(1);
    if n.probe != 0 {
        n.never |= hart.instret - n.probe > NEST_MAX_BODY;
        n.probe = 0;
    }
    if n.never {
        return Edge::Retire;
    }
    if n.cool > 0 {
        n.cool -= 1;
        n.have = false;
        start_nest_iteration(model);
        return Edge::Retire;
    }
    let views = model.ff_take_loads();
    let changed = model.ff_predictor_changed();
    let mut trace = std::mem::take(&mut model.nest_trace);
    let clean = n.have && !changed;
    let mut sig = std::mem::take(&mut n.scratch);
    let Some(base) = model.ff_signature(hart, None, &mut sig) else {
        n.scratch = sig;
        n.have = false;
        trace.clear();
        model.nest_trace = trace;
        model.ff_restart_log(views);
        return Edge::Retire;
    };
    let hash = signature_hash(&sig);
    let (counters, misses) = model.ff_counters();
    let alike = clean
        && n.last.hash == hash
        && n.last.sig == sig
        && n.last.misses == misses
        && base > n.last.base;
    let mut done = Edge::Retire;
    if alike && nest_body(hart, code, model, n, &trace, edge) {
        let length = n.body.len() as u64;
        let candidates = n.roles.iter().filter(|r| matches!(r, MemRole::Load(_)));
        if hart.instret - n.last.instret == length && candidates.count() == views.len() {
            let cycles = base - n.last.base;
            let mut per = counters;
            for (d, c) in per.iter_mut().zip(&n.last.counters) {
                *d -= c;
            }
            done = nest_skip(hart, code, until, model, n, edge, &views, cycles, &per);
        }
    }
    match done {
        Edge::Retire => {
            if n.have {
                n.fails += 1;
                if n.fails >= NEST_TRIES {
                    n.cool = 1 << n.rounds.min(10);
                    n.rounds += 1;
                    n.fails = 0;
                }
            }
            n.scratch = std::mem::replace(&mut n.last.sig, sig);
            (
                n.last.hash,
                n.last.base,
                n.last.counters,
                n.last.misses,
                n.last.instret,
            ) = (hash, base, counters, misses, hart.instret);
            n.have = n.cool == 0;
        }
        _ => {
            // Skipped up to the loop's end, or handed a diverging iteration to the
            // model: the snapshot no longer lines up.
            n.scratch = sig;
            n.have = false;
        }
    }
    trace.clear();
    model.nest_trace = trace;
    model.ff_restart_log(views);
    if !matches!(done, Edge::Retire) {
        // The log and the recorded blocks start with the next iteration (the one
        // the caller's retire of the last back-edge begins).
        model.ff_predictor_changed();
    }
    done
}

/// A new iteration of the nest watch's loop begins: nothing recorded of it yet.
fn start_nest_iteration(model: &mut CycleModel) {
    model.nest_trace.clear();
    let views = model.ff_take_loads();
    model.ff_restart_log(views);
    model.ff_predictor_changed();
}

/// Fills the nest watch's body from the blocks one iteration ran (`trace`), the
/// last ending in the back-edge; false when an instruction in it is not one the
/// fast-forward takes (the loop is then never tried again) or a block is gone.
fn nest_body(
    hart: &mut Hart,
    code: &mut CodeCache,
    model: &CycleModel,
    n: &mut model::NestWatch,
    trace: &[u64],
    edge: &crate::machine::Insn,
) -> bool {
    n.blocks.clear();
    n.body.clear();
    for &pc in trace {
        let Ok(index) = code.lookup(hart, pc) else {
            return false;
        };
        let insns = code.block(index);
        n.blocks.push((pc, insns.len()));
        n.body.extend_from_slice(insns);
    }
    if n.body.last().map(|i| i.pc) != Some(edge.pc)
        || !n.body.iter().all(|i| model.ff_allowed_in_nest(i))
    {
        n.never = true;
        return false;
    }
    n.roles.clear();
    n.roles
        .extend(n.body.iter().map(|i| model.ff_memory_role(i)));
    true
}

/// Runs whole iterations of the nest watch's loop without the model, each
/// entered by the back-edge `edge` and running the blocks of `NestWatch::blocks`,
/// until the back-edge falls through (or the slice ends, or the hart needs
/// attention); moves the model on by `cycles` and `per` an iteration and retires
/// the last back-edge. An iteration that runs another block, or whose loads
/// forward otherwise than `views` (the reference iteration's), or whose access
/// splits at a line, goes to the model as far as it ran (`nest_replay`).
#[allow(clippy::too_many_arguments)]
fn nest_skip(
    hart: &mut Hart,
    code: &mut CodeCache,
    until: u64,
    model: &mut CycleModel,
    n: &mut model::NestWatch,
    edge: &crate::machine::Insn,
    views: &[model::ForwardView],
    cycles: u64,
    per: &stats::Counters,
) -> Edge {
    let len = n.body.len();
    n.eas.clear();
    n.eas.resize(len, 0);
    n.vector_shapes.clear();
    n.vector_shapes.resize(len, (u64::MAX, u64::MAX, 0, 0));
    let mut stores = model.ff_store_addresses();
    let mut units = 0u64;
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
        let before = stores;
        let mut k = 0;
        let mut view = 0;
        let mut diverged = false;
        for b in 0..n.blocks.len() {
            let (pc, blen) = n.blocks[b];
            let index = match code.lookup(hart, hart.pc) {
                Ok(i) if hart.pc == pc && code.block(i).len() == blen => i,
                _ => {
                    diverged = true;
                    break;
                }
            };
            for insn in code.block(index) {
                let role = n.roles[k];
                if role != MemRole::None {
                    let shape = &mut n.vector_shapes[k];
                    let (ea, off) = skipped_access(
                        model,
                        hart,
                        insn,
                        role,
                        shape,
                        &mut stores,
                        views,
                        &mut view,
                    );
                    n.eas[k] = ea;
                    diverged |= off;
                }
                hart.pc = insn.next_pc();
                if let Err(t) = (insn.handler)(hart, insn) {
                    // The model times the iteration up to the fault.
                    model.ff_skip(units, cycles, per, len as u64);
                    model.ff_set_store_addresses(&before);
                    nest_replay(hart, model, n, edge, k, insn.pc);
                    return Edge::Done(Some(Event::Trap(*t, insn.pc)));
                }
                hart.instret = hart.instret.wrapping_add(1);
                k += 1;
            }
            if diverged {
                break;
            }
        }
        if diverged {
            model.ff_skip(units, cycles, per, len as u64);
            model.ff_set_store_addresses(&before);
            let after = hart.pc;
            nest_replay(hart, model, n, edge, k, after);
            n.fails += 1;
            return Edge::Done(None);
        }
        units += 1;
        if hart.pc != n.target {
            break;
        }
    }
    model.ff_skip(units, cycles, per, len as u64);
    model.ff_set_store_addresses(&stores);
    n.fails = 0;
    n.rounds = 0;
    if units > 0 {
        n.settle();
    }
    retire(hart, model, edge);
    Edge::Done(event)
}

/// Hands the model what a skip ran of an iteration it then left: the back-edge
/// `edge` (taken) and the body's first `ran` instructions, each with the address
/// it used and the next pc it went to (`after` for the last).
fn nest_replay(
    hart: &mut Hart,
    model: &mut CycleModel,
    n: &model::NestWatch,
    edge: &crate::machine::Insn,
    ran: usize,
    after: u64,
) {
    let pc = hart.pc;
    hart.pc = n.target;
    retire(hart, model, edge);
    for k in 0..ran {
        hart.pc = if k + 1 < ran { n.body[k + 1].pc } else { after };
        if n.roles[k] != MemRole::None {
            model.ff_replay_address(n.eas[k]);
        }
        retire(hart, model, &n.body[k]);
    }
    hart.pc = pc;
}

/// Snapshots the watch keeps: a period's and the one before it.
const HISTORY: usize = model::MAX_PERIOD + 1;

/// The ring slot `k` back-edges before `head`.
fn back(head: usize, k: usize) -> usize {
    (head + HISTORY - k) % HISTORY
}

/// The fewest iterations after which the newest snapshot repeats an earlier one
/// (the same signature, no I-cache miss between, the same instructions each
/// iteration, time gone by), if any.
fn period(w: &model::LoopWatch) -> Option<usize> {
    let now = &w.history[w.head];
    (1..w.have).find(|&p| {
        let then = &w.history[back(w.head, p)];
        then.hash == now.hash
            && then.sig == now.sig
            && then.misses == now.misses
            && now.instret - then.instret == p as u64 * w.len
            && now.base > then.base
    })
}

/// How a skip ended (`skip_iterations`).
enum Skip {
    /// So many whole periods skipped; the last back-edge (to retire through the
    /// model) and the event to end the slice with, if any.
    Ran(u64, crate::machine::Insn, Option<Event>),
    /// A fault inside the body; the model timed the iteration up to the faulting
    /// instruction.
    Trapped(Event),
    /// The skip stopped inside a period: the model timed that period's iterations
    /// from their recorded addresses, up to the last one's back-edge, left to
    /// retire; the event to end the slice with, and whether an iteration's load
    /// forwarded where the reference's did not, or the other way round.
    Replayed(crate::machine::Insn, Option<Event>, bool),
}

/// Runs whole iterations (the back-edge `edge` and the body after it, then the
/// next) without the model until the back-edge falls through (or the slice ends,
/// or the hart needs attention), and moves the model on by the periods run:
/// `cycles` and `per`'s statistics each. The addresses change from one iteration
/// to the next, so every forwarding candidate is checked against the store ring as
/// the model would see it (the views of the reference period's iteration in the
/// same place); a period that does not run whole, or where one goes another way,
/// is handed to the model with the addresses its iterations used.
#[allow(clippy::too_many_arguments)]
fn skip_iterations(
    hart: &mut Hart,
    code: &mut CodeCache,
    until: u64,
    model: &mut CycleModel,
    w: &mut model::LoopWatch,
    edge: &crate::machine::Insn,
    period: usize,
    cycles: u64,
    per: &stats::Counters,
) -> Skip {
    let target = w.target;
    let Ok(body) = code.lookup(hart, target) else {
        return Skip::Ran(0, *edge, None);
    };
    w.body.clear();
    w.body.extend_from_slice(code.block(body));
    w.roles.clear();
    w.roles
        .extend(w.body.iter().map(|i| model.ff_memory_role(i)));
    let candidates = w
        .roles
        .iter()
        .filter(|r| matches!(r, MemRole::Load(_)))
        .count();
    // The reference iteration of the j-th iteration of a period.
    let reference = |j: usize| back(w.head, period - 1 - j);
    if (0..period).any(|j| w.history[reference(j)].views.len() != candidates) {
        // Not the iterations the views were logged in (cannot happen: the same body
        // ran since each back-edge); skip nothing.
        return Skip::Ran(0, *edge, None);
    }
    let n = w.roles.len();
    w.vector_shapes.clear();
    w.vector_shapes.resize(n, (u64::MAX, u64::MAX, 0, 0));
    let per_unit = period as u64 * w.len;
    w.eas.clear();
    w.eas.resize(n * period, 0);
    let mut stores = model.ff_store_addresses();
    let mut before = stores;
    let mut units = 0u64;
    let mut done = 0;
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
        if done == 0 {
            before = stores;
        }
        let views = &w.history[reference(done)].views;
        let eas = &mut w.eas[done * n..(done + 1) * n];
        let mut view = 0;
        let mut diverged = false;
        for (k, insn) in code.block(body).iter().enumerate() {
            let role = w.roles[k];
            if role != MemRole::None {
                let shape = &mut w.vector_shapes[k];
                let (ea, off) = skipped_access(
                    model,
                    hart,
                    insn,
                    role,
                    shape,
                    &mut stores,
                    views,
                    &mut view,
                );
                eas[k] = ea;
                diverged |= off;
            }
            hart.pc = insn.next_pc();
            if let Err(t) = (insn.handler)(hart, insn) {
                // The model times the period up to the fault, as without a skip.
                model.ff_skip(units, cycles, per, per_unit);
                model.ff_set_store_addresses(&before);
                replay(hart, model, w, edge, done, k);
                return Skip::Trapped(Event::Trap(*t, insn.pc));
            }
            hart.instret = hart.instret.wrapping_add(1);
            last = *insn;
        }
        done += 1;
        if diverged {
            model.ff_skip(units, cycles, per, per_unit);
            model.ff_set_store_addresses(&before);
            replay(hart, model, w, edge, done - 1, n - 1);
            return Skip::Replayed(last, None, true);
        }
        if done == period {
            units += 1;
            done = 0;
        }
        if hart.pc != target {
            break;
        }
    }
    model.ff_skip(units, cycles, per, per_unit);
    if done == 0 {
        model.ff_set_store_addresses(&stores);
        return Skip::Ran(units, last, event);
    }
    model.ff_set_store_addresses(&before);
    replay(hart, model, w, edge, done - 1, n - 1);
    Skip::Replayed(last, event, false)
}

/// A load or store (`role`) of an iteration a skip runs without the model, before
/// it executes: its address, and whether the model would time it otherwise than
/// the reference iteration's (a load forwarding otherwise than its view, the next
/// of `views`; an access that would split at a line, which the reference
/// iterations had none of: `CycleModel::ff_signature`). A store's address enters
/// the ring; `shape` caches a vector access's under the last vtype and vl.
#[allow(clippy::too_many_arguments)]
#[inline]
fn skipped_access(
    model: &CycleModel,
    hart: &Hart,
    insn: &crate::machine::Insn,
    role: MemRole,
    shape: &mut (u64, u64, u64, u64),
    stores: &mut model::StoreAddresses,
    views: &[model::ForwardView],
    view: &mut usize,
) -> (u64, bool) {
    let ea = hart.x(insn.rs1).wrapping_add(insn.imm as u64);
    let off = match role {
        MemRole::Store(bytes) => {
            stores.push(ea, bytes);
            model.ff_splits(ea, bytes)
        }
        MemRole::Load(bytes) => {
            let v = views[*view];
            *view += 1;
            stores.forwards(v.live, ea, bytes) != v.forwarded || model.ff_splits(ea, bytes)
        }
        MemRole::Access(bytes) => model.ff_splits(ea, bytes),
        MemRole::Vector => {
            if (shape.0, shape.1) != (hart.v.vtype, hart.v.vl) {
                let (count, each) = model.ff_vector_accesses(insn, hart);
                *shape = (hart.v.vtype, hart.v.vl, count, each);
            }
            let (count, each) = (shape.2, shape.3);
            (0..count).any(|j| model.ff_splits(ea.wrapping_add(j * each), each))
        }
        MemRole::None => false,
    };
    (ea, off)
}

/// Hands the model the iterations of a period the skip ran ahead of it: `whole`
/// iterations of the body (`LoopWatch::body`), then one more up to its `upto`-th
/// instruction, each entered by the back-edge `edge` (taken, to the loop's start)
/// and each load and store with the address it used (`LoopWatch::eas`).
fn replay(
    hart: &mut Hart,
    model: &mut CycleModel,
    w: &model::LoopWatch,
    edge: &crate::machine::Insn,
    whole: usize,
    upto: usize,
) {
    let pc = hart.pc;
    let body = &w.body;
    let n = body.len();
    for j in 0..=whole {
        hart.pc = w.target;
        retire(hart, model, edge);
        hart.pc = pc;
        let end = if j < whole { n - 1 } else { upto };
        for (k, insn) in body[..end].iter().enumerate() {
            if w.roles[k] != MemRole::None {
                model.ff_replay_address(w.eas[j * n + k]);
            }
            retire(hart, model, insn);
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
        model.wrong_path_cut();
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

/// Transfers predicted taken on one wrong path, at most. A loop's mispredicted exit
/// sends Fetch2 round the loop until the redirect, one transfer an iteration (the
/// exit is still predicted taken: `CycleModel::peek_path`). Past the bound Fetch2
/// is taken to go round the same lines until the redirect, fetching no new one
/// (`CycleModel::wrong_path_cut`): leaving Fetch1 on the straight path instead sent
/// it through lines gem5 never fetches before their own windows (real3's start-up
/// loop, 750 cycles ahead of Execute, prefetched every sort's code). 64 and 256 give
/// the same cycles on both sets; 64 bounds the walk.
const MAX_SEGMENTS: usize = 64;

/// The most instructions walked past a redirecting instruction.
const MAX_DROPPED: usize = 256;
