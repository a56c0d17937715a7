//! npu-spike's own TPU units as an accelerator model: the default behind `Accel`.
//!
//! Functional face: the instruction tables' NPU rows (`isa/npu_*.tbl`, extensions
//! `xnpu`/`xnpulegacy`) with their semantic functions in `crate::exec::npu`; the decoder
//! binds those handlers directly (`native_op`), so the built-in path costs nothing more
//! than before. Timing face: the VX model of npu-isa.md §6.2 — the special-function
//! unit (pipelined, one issue per cycle), the systolic array and the cross-lane unit
//! (input queue, delay line, output queue: `timing::accel::StreamUnit`), and the misc
//! instructions (vlane_idx, compute, DMA: at most `misc_issue_width` per cycle).

use super::{Accel, Encoding, Face, Latency, StatEntry, StatKind, VcixInsn};
use crate::exec::{ExecResult, Insn};
use crate::isa::{ALL_OPS, Class, OP_INFO, Op, decode, ext};
use crate::machine::Hart;
use crate::timing::TimingParams;
use crate::timing::accel::StreamUnit;

/// The timing units of the built-in model.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Unit {
    Sfu,
    Systolic,
    Xlu,
    Misc,
}

/// Plain counts of the timing face (the values behind `stats`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Count {
    SfuIssues,
    SaIssues,
    SaWeightPushes,
    SaRowsPopped,
    XluIssues,
    XluRowsPopped,
    MiscIssues,
    DmaIssues,
}
const NCOUNTS: usize = 8;

/// An oversized pop (more rows than the output queue holds) drains rows as they come.
#[derive(Clone, Copy, Debug)]
struct Draining {
    id: u64,
    unit: Unit,
    rows_left: u64,
}

pub struct Builtin {
    encodings: Vec<Encoding>,
    ops: Vec<Op>,
    /// Encoding index of each op (u16::MAX: not an NPU op).
    enc_of_op: Vec<u16>,
    exts: u64,
    stats: Vec<StatEntry>,
    // Timing state.
    sfu_latency: u64,
    misc_width: u32,
    sfu_next: u64,
    sa_next: u64,
    xlu_next: u64,
    misc_cycle: u64,
    misc_count: u32,
    sa: StreamUnit,
    xlu: StreamUnit,
    draining: Vec<Draining>,
    ticked: u64,
    counts: [u64; NCOUNTS],
    committed: Vec<u64>,
}

/// The NPU extensions a hart's decoder may enable.
const NPU_EXTS: u64 = ext::XNPU | ext::XNPULEGACY;

impl Builtin {
    pub fn new(_face: Face, p: &TimingParams, exts: u64) -> Builtin {
        let exts = exts & NPU_EXTS;
        let mut ops: Vec<Op> = ALL_OPS
            .iter()
            .copied()
            .filter(|op| op.info().ext & exts != 0)
            .collect();
        // The tables let the row with more fixed bits win; as a first-match list that
        // is the same order.
        ops.sort_by_key(|op| std::cmp::Reverse(op.info().mask.count_ones()));
        let mut enc_of_op = vec![u16::MAX; OP_INFO.len()];
        for (k, op) in ops.iter().enumerate() {
            enc_of_op[*op as usize] = k as u16;
        }
        let encodings: Vec<Encoding> = ops
            .iter()
            .map(|op| Encoding {
                matches: op.info().matches,
                mask: op.info().mask,
                name: op.info().mnemonic.to_string(),
            })
            .collect();
        let mut stats = Vec::new();
        let mut port = |unit: &str, name: &str, work: &str, primary: bool| {
            for kind in [
                StatKind::Admitted,
                StatKind::Capacity,
                StatKind::Cycles,
                StatKind::Occupancy,
            ] {
                stats.push(StatEntry {
                    unit: unit.into(),
                    name: name.into(),
                    unit_of_work: work.into(),
                    kind,
                    primary,
                });
            }
        };
        port("sfu", "issue", "instructions", true);
        port("systolic", "input", "rows", true);
        port("systolic", "issue", "instructions", false);
        port("systolic", "weight_push", "instructions", false);
        port("systolic", "pop", "rows", false);
        port("xlu", "input", "elements", true);
        port("xlu", "issue", "instructions", false);
        port("xlu", "pop", "elements", false);
        port("misc", "issue", "instructions", true);
        port("misc", "dma", "instructions", false);
        for e in &encodings {
            stats.push(StatEntry {
                unit: "committed".into(),
                name: e.name.clone(),
                unit_of_work: "instructions".into(),
                kind: StatKind::Count,
                primary: false,
            });
        }
        let committed = vec![0; encodings.len()];
        Builtin {
            encodings,
            ops,
            enc_of_op,
            exts,
            stats,
            sfu_latency: p.sfu_latency as u64,
            misc_width: p.misc_issue_width,
            sfu_next: 0,
            sa_next: 0,
            xlu_next: 0,
            misc_cycle: u64::MAX,
            misc_count: 0,
            sa: StreamUnit::new(2 * p.lanes - 1, p.systolic_queue_entries),
            xlu: StreamUnit::new(p.xlu_latency, p.xlu_queue_entries),
            draining: Vec::new(),
            ticked: 0,
            counts: [0; NCOUNTS],
            committed,
        }
    }

    fn op_of(&self, bits: u32) -> Option<Op> {
        decode(bits, self.exts).map(|(op, _)| op)
    }

    fn unit_of(class: Class) -> Unit {
        match class {
            Class::NpuSfu => Unit::Sfu,
            Class::NpuSaWpush | Class::NpuSaIpush | Class::NpuSaPop => Unit::Systolic,
            Class::NpuXluPush | Class::NpuXluPattern | Class::NpuXluPop => Unit::Xlu,
            _ => Unit::Misc,
        }
    }

    fn stream(&self, unit: Unit) -> &StreamUnit {
        if unit == Unit::Systolic {
            &self.sa
        } else {
            &self.xlu
        }
    }

    fn count(&mut self, c: Count, n: u64) {
        self.counts[c as usize] += n;
    }
}

impl Accel for Builtin {
    fn name(&self) -> &str {
        "npu-spike built-in TPU"
    }

    fn encodings(&self) -> &[Encoding] {
        &self.encodings
    }

    fn owner(&self, bits: u32) -> Option<usize> {
        let op = self.op_of(bits)?;
        match self.enc_of_op[op as usize] {
            u16::MAX => None,
            k => Some(k as usize),
        }
    }

    fn native_op(&self, enc: usize) -> Option<Op> {
        Some(self.ops[enc])
    }

    fn execute(&mut self, hart: &mut Hart, enc: usize, insn: &Insn) -> ExecResult {
        (self.ops[enc].handler())(hart, insn)
    }

    fn can_accept(&self, insn: &VcixInsn, now: u64) -> bool {
        let Some(op) = self.op_of(insn.bits) else {
            return true;
        };
        let class = op.info().class;
        let rows = insn.vl as u64;
        match Self::unit_of(class) {
            Unit::Sfu => now >= self.sfu_next,
            Unit::Misc => !(now == self.misc_cycle && self.misc_count >= self.misc_width),
            unit => {
                let next = if unit == Unit::Systolic {
                    self.sa_next
                } else {
                    self.xlu_next
                };
                // An oversized pop still draining holds the unit.
                if now < next || self.draining.iter().any(|d| d.unit == unit) {
                    return false;
                }
                let s = self.stream(unit);
                match class {
                    Class::NpuSaIpush | Class::NpuXluPush => s.has_room(rows),
                    Class::NpuSaPop | Class::NpuXluPop => {
                        rows > s.output_capacity || s.output >= rows || s.is_idle()
                    }
                    _ => true,
                }
            }
        }
    }

    fn issue(&mut self, insn: &VcixInsn, id: u64, now: u64) -> Latency {
        let Some(op) = self.op_of(insn.bits) else {
            return Latency::Cycles(1);
        };
        let class = op.info().class;
        let rows = insn.vl as u64;
        match Self::unit_of(class) {
            Unit::Sfu => {
                self.sfu_next = now + 1;
                self.count(Count::SfuIssues, 1);
                Latency::Cycles(self.sfu_latency)
            }
            Unit::Misc => {
                if now != self.misc_cycle {
                    self.misc_cycle = now;
                    self.misc_count = 0;
                }
                self.misc_count += 1;
                self.count(Count::MiscIssues, 1);
                self.count(Count::DmaIssues, (class == Class::Dma) as u64);
                Latency::Cycles(1)
            }
            unit => {
                let sa = unit == Unit::Systolic;
                if sa {
                    self.sa_next = now + 1;
                    self.count(Count::SaIssues, 1);
                    self.count(Count::SaWeightPushes, (class == Class::NpuSaWpush) as u64);
                } else {
                    self.xlu_next = now + 1;
                    self.count(Count::XluIssues, 1);
                }
                let popped = if sa {
                    Count::SaRowsPopped
                } else {
                    Count::XluRowsPopped
                };
                let s = if sa { &mut self.sa } else { &mut self.xlu };
                s.advance_to(now);
                match class {
                    Class::NpuSaIpush | Class::NpuXluPush => {
                        s.push(rows);
                        Latency::Cycles(1)
                    }
                    Class::NpuSaPop | Class::NpuXluPop => {
                        let taken = s.take(rows);
                        let idle = s.is_idle();
                        self.count(popped, taken);
                        if taken == rows || idle {
                            Latency::Cycles(1)
                        } else {
                            self.draining.push(Draining {
                                id,
                                unit,
                                rows_left: rows - taken,
                            });
                            Latency::Unknown
                        }
                    }
                    _ => Latency::Cycles(1),
                }
            }
        }
    }

    fn squash(&mut self, _first: u64, _now: u64) {
        // The cycle model issues only retired instructions: nothing is ever squashed.
    }

    fn commit(&mut self, insn: &VcixInsn, _id: u64, _now: u64) {
        if let Some(e) = self.owner(insn.bits) {
            self.committed[e] += 1;
        }
    }

    fn tick(&mut self, now: u64) {
        self.sa.advance_to(now);
        self.xlu.advance_to(now);
        self.ticked = self.ticked.max(now);
    }

    fn tick_idle(&mut self, _from: u64, to: u64) {
        self.tick(to);
    }

    fn ready(&mut self, id: u64, _now: u64) -> bool {
        let Some(k) = self.draining.iter().position(|d| d.id == id) else {
            return true;
        };
        let d = self.draining[k];
        let sa = d.unit == Unit::Systolic;
        let s = if sa { &mut self.sa } else { &mut self.xlu };
        let taken = s.take(d.rows_left);
        let idle = s.is_idle();
        self.count(
            if sa {
                Count::SaRowsPopped
            } else {
                Count::XluRowsPopped
            },
            taken,
        );
        self.draining[k].rows_left -= taken;
        if self.draining[k].rows_left == 0 || idle {
            self.draining.remove(k);
            return true;
        }
        false
    }

    fn reset(&mut self) {
        // Statistics are kept; the units start empty.
        let p_sa = self.sa.delay_slots();
        let p_xlu = self.xlu.delay_slots();
        let (sa_in, sa_out) = (self.sa.input_capacity, self.sa.output_capacity);
        let (x_in, x_out) = (self.xlu.input_capacity, self.xlu.output_capacity);
        self.sa = StreamUnit::new(p_sa, sa_in as u32);
        self.sa.output_capacity = sa_out;
        self.xlu = StreamUnit::new(p_xlu, x_in as u32);
        self.xlu.output_capacity = x_out;
        self.draining.clear();
        self.sfu_next = 0;
        self.sa_next = 0;
        self.xlu_next = 0;
        self.misc_cycle = u64::MAX;
        self.misc_count = 0;
    }

    fn stats(&self) -> &[StatEntry] {
        &self.stats
    }

    fn read_stats(&self, values: &mut [u64]) {
        let c = &self.counts;
        let cycles = self.ticked;
        // Per port: admitted, capacity, cycles, occupancy (in `new`'s order).
        let ports: [[u64; 4]; 10] = [
            [
                c[Count::SfuIssues as usize],
                1,
                cycles,
                c[Count::SfuIssues as usize] * self.sfu_latency,
            ],
            [self.sa.rows_in, 1, cycles, self.sa.held],
            [
                c[Count::SaIssues as usize],
                1,
                cycles,
                c[Count::SaIssues as usize],
            ],
            [
                c[Count::SaWeightPushes as usize],
                1,
                cycles,
                c[Count::SaWeightPushes as usize],
            ],
            [
                c[Count::SaRowsPopped as usize],
                1,
                cycles,
                c[Count::SaRowsPopped as usize],
            ],
            [self.xlu.rows_in, 1, cycles, self.xlu.held],
            [
                c[Count::XluIssues as usize],
                1,
                cycles,
                c[Count::XluIssues as usize],
            ],
            [
                c[Count::XluRowsPopped as usize],
                1,
                cycles,
                c[Count::XluRowsPopped as usize],
            ],
            [
                c[Count::MiscIssues as usize],
                self.misc_width as u64,
                cycles,
                c[Count::MiscIssues as usize],
            ],
            [
                c[Count::DmaIssues as usize],
                self.misc_width as u64,
                cycles,
                c[Count::DmaIssues as usize],
            ],
        ];
        let mut k = 0;
        for p in ports {
            values[k..k + 4].copy_from_slice(&p);
            k += 4;
        }
        values[k..k + self.committed.len()].copy_from_slice(&self.committed);
    }
}

/// Stands in for a hart's model while that model runs (`execute_owned` moves it out so
/// that it can borrow the hart); never asked anything.
pub struct Placeholder;

impl Accel for Placeholder {
    fn name(&self) -> &str {
        "(none)"
    }
    fn encodings(&self) -> &[Encoding] {
        &[]
    }
    fn execute(&mut self, _: &mut Hart, _: usize, i: &Insn) -> ExecResult {
        Err(crate::machine::Trap::illegal(i.bits).into())
    }
    fn can_accept(&self, _: &VcixInsn, _: u64) -> bool {
        true
    }
    fn issue(&mut self, _: &VcixInsn, _: u64, _: u64) -> Latency {
        Latency::Cycles(1)
    }
    fn squash(&mut self, _: u64, _: u64) {}
    fn commit(&mut self, _: &VcixInsn, _: u64, _: u64) {}
    fn tick(&mut self, _: u64) {}
    fn ready(&mut self, _: u64, _: u64) -> bool {
        true
    }
    fn reset(&mut self) {}
    fn stats(&self) -> &[StatEntry] {
        &[]
    }
    fn read_stats(&self, _: &mut [u64]) {}
}
