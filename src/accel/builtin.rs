//! npu-spike's own TPU units as an accelerator model: the default behind `Accel`.
//!
//! Functional face: the instruction tables' NPU rows (`isa/npu_*.tbl`, extensions
//! `xnpu`/`xnpulegacy`) with their semantic functions in `crate::exec::npu`; the decoder
//! binds those handlers directly (`native_op`), so the built-in path costs nothing more
//! than before. Timing face: the VX model of npu-isa.md §6.2 — the special-function
//! unit (pipelined, one issue per cycle), the systolic array and the cross-lane unit
//! (input queue, delay line, output queue: `timing::accel::StreamUnit`), and the misc
//! instructions (vlane_idx, compute, DMA: at most `misc_issue_width` per cycle).

use crate::isa::{ALL_OPS, Class, OP_INFO, Op, decode, ext};
use crate::machine::Hart;
use crate::machine::accel::{Accel, Encoding, Latency, StatEntry, StatKind, VcixInsn};
use crate::machine::{ExecResult, Insn};
use crate::timing::TimingParams;
use crate::timing::accel::StreamUnit;

/// The timing units of the built-in model.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Unit {
    Sfu,
    Systolic,
    Xlu,
    /// The multi-precision array (VX msa.hpp): the systolic array's delay line and
    /// queues; a push with field bit 4 clear is an input push.
    Msa,
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
    MsaIssues,
    MsaRowsPopped,
    MiscIssues,
    DmaIssues,
}
const NCOUNTS: usize = 10;

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
    msa_next: u64,
    misc_cycle: u64,
    misc_count: u32,
    sa: StreamUnit,
    xlu: StreamUnit,
    msa: StreamUnit,
    draining: Vec<Draining>,
    ticked: u64,
    counts: [u64; NCOUNTS],
    committed: Vec<u64>,
}

/// The NPU extensions a hart's decoder may enable.
const NPU_EXTS: u64 = ext::XNPU | ext::XNPULEGACY;

impl Builtin {
    pub fn new(p: &TimingParams, exts: u64) -> Builtin {
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
        port("msa", "input", "rows", true);
        port("msa", "issue", "instructions", false);
        port("msa", "pop", "rows", false);
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
            msa_next: 0,
            misc_cycle: u64::MAX,
            misc_count: 0,
            sa: StreamUnit::new(2 * p.lanes - 1, p.systolic_queue_entries),
            xlu: StreamUnit::new(p.xlu_latency, p.xlu_queue_entries),
            msa: StreamUnit::new(2 * p.lanes - 1, p.systolic_queue_entries),
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
            Class::NpuMsaPush | Class::NpuMsaPop => Unit::Msa,
            _ => Unit::Misc,
        }
    }

    fn stream(&self, unit: Unit) -> &StreamUnit {
        match unit {
            Unit::Systolic => &self.sa,
            Unit::Msa => &self.msa,
            _ => &self.xlu,
        }
    }

    fn stream_mut(&mut self, unit: Unit) -> &mut StreamUnit {
        match unit {
            Unit::Systolic => &mut self.sa,
            Unit::Msa => &mut self.msa,
            _ => &mut self.xlu,
        }
    }

    /// Whether an instruction of a stream unit pushes rows into its input queue.
    fn is_input_push(class: Class, bits: u32) -> bool {
        match class {
            Class::NpuSaIpush | Class::NpuXluPush => true,
            // msa push: field (bits 19:15) bit 4 clear = inputs, set = weights.
            Class::NpuMsaPush => (bits >> 15) & 0x10 == 0,
            _ => false,
        }
    }

    fn is_pop(class: Class) -> bool {
        matches!(class, Class::NpuSaPop | Class::NpuXluPop | Class::NpuMsaPop)
    }

    fn popped(unit: Unit) -> Count {
        match unit {
            Unit::Systolic => Count::SaRowsPopped,
            Unit::Msa => Count::MsaRowsPopped,
            _ => Count::XluRowsPopped,
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
        crate::exec::handler(self.ops[enc])(hart, insn)
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
                let next = match unit {
                    Unit::Systolic => self.sa_next,
                    Unit::Msa => self.msa_next,
                    _ => self.xlu_next,
                };
                // An oversized pop still draining holds the unit.
                if now < next || self.draining.iter().any(|d| d.unit == unit) {
                    return false;
                }
                let s = self.stream(unit);
                if Self::is_input_push(class, insn.bits) {
                    s.has_room(rows)
                } else if Self::is_pop(class) {
                    rows > s.output_capacity || s.output >= rows || s.is_idle()
                } else {
                    true
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
                match unit {
                    Unit::Systolic => {
                        self.sa_next = now + 1;
                        self.count(Count::SaIssues, 1);
                        self.count(Count::SaWeightPushes, (class == Class::NpuSaWpush) as u64);
                    }
                    Unit::Msa => {
                        self.msa_next = now + 1;
                        self.count(Count::MsaIssues, 1);
                    }
                    _ => {
                        self.xlu_next = now + 1;
                        self.count(Count::XluIssues, 1);
                    }
                }
                let input = Self::is_input_push(class, insn.bits);
                let s = self.stream_mut(unit);
                s.advance_to(now);
                if input {
                    s.push(rows);
                    return Latency::Cycles(1);
                }
                if !Self::is_pop(class) {
                    return Latency::Cycles(1);
                }
                let taken = s.take(rows);
                let idle = s.is_idle();
                self.count(Self::popped(unit), taken);
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
        self.msa.advance_to(now);
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
        let s = self.stream_mut(d.unit);
        let taken = s.take(d.rows_left);
        let idle = s.is_idle();
        self.count(Self::popped(d.unit), taken);
        self.draining[k].rows_left -= taken;
        if self.draining[k].rows_left == 0 || idle {
            self.draining.remove(k);
            return true;
        }
        false
    }

    fn reset(&mut self) {
        // Statistics are kept; the units start empty.
        for s in [&mut self.sa, &mut self.xlu, &mut self.msa] {
            let mut fresh = StreamUnit::new(s.delay_slots(), s.input_capacity as u32);
            fresh.output_capacity = s.output_capacity;
            *s = fresh;
        }
        self.draining.clear();
        self.sfu_next = 0;
        self.sa_next = 0;
        self.xlu_next = 0;
        self.msa_next = 0;
        self.misc_cycle = u64::MAX;
        self.misc_count = 0;
    }

    fn stats(&self) -> &[StatEntry] {
        &self.stats
    }

    fn read_stats(&self, values: &mut [u64]) {
        let cycles = self.ticked;
        // An instruction port admits one per cycle and holds each for one cycle.
        let count = |c: Count| [self.counts[c as usize], 1, cycles, self.counts[c as usize]];
        let rows = |s: &StreamUnit| [s.rows_in, 1, cycles, s.held];
        let misc = |c: Count| {
            let n = self.counts[c as usize];
            [n, self.misc_width as u64, cycles, n]
        };
        let sfu = self.counts[Count::SfuIssues as usize];
        // Per port: admitted, capacity, cycles, occupancy (in `new`'s order).
        let ports: [[u64; 4]; 13] = [
            [sfu, 1, cycles, sfu * self.sfu_latency],
            rows(&self.sa),
            count(Count::SaIssues),
            count(Count::SaWeightPushes),
            count(Count::SaRowsPopped),
            rows(&self.xlu),
            count(Count::XluIssues),
            count(Count::XluRowsPopped),
            rows(&self.msa),
            count(Count::MsaIssues),
            count(Count::MsaRowsPopped),
            misc(Count::MiscIssues),
            misc(Count::DmaIssues),
        ];
        let mut k = 0;
        for p in ports {
            values[k..k + 4].copy_from_slice(&p);
            k += 4;
        }
        values[k..k + self.committed.len()].copy_from_slice(&self.committed);
    }
}
