//! The one memory behind the I-cache's line fills and the LSQ's accesses (gem5
//! `SimpleMemory`, 32 GB/s, on the same crossbar: `rvvpu_se.py`). Each kind of
//! request queues behind its own kind in the order it is booked; a data access
//! also steps past every fill it would overlap, while a fill does not wait for
//! data. The front end books its fills ahead of Execute's accesses in model order,
//! so this keeps an access from waiting behind a fill that comes later in time,
//! and it is the order that matched gem5 best (fills waiting for data too: set 1
//! 93/102 within 10 %, 3.04 % mean, against 96/102, 2.71 %).

/// Fills remembered for data accesses to step past.
const SPANS: usize = 16;

/// Recent busy spans `[start, end)` of the line fills, in port units.
#[derive(Clone, Copy)]
struct Spans {
    span: [(u64, u64); SPANS],
    next: usize,
    /// The latest end among them.
    end: u64,
}

impl Spans {
    const EMPTY: Spans = Spans {
        span: [(0, 0); SPANS],
        next: 0,
        end: 0,
    };

    fn push(&mut self, start: u64, end: u64) {
        self.span[self.next] = (start, end);
        self.next = (self.next + 1) % SPANS;
        self.end = self.end.max(end);
    }

    /// The first start at or after `s` where `len` units overlap none of the spans.
    #[inline]
    fn first_gap(&self, mut s: u64, len: u64) -> u64 {
        if s >= self.end {
            return s;
        }
        // Each pass moves past at least one span, so SPANS + 1 passes settle it.
        for _ in 0..=SPANS {
            let mut moved = false;
            for &(a, b) in &self.span {
                if s < b && s + len > a {
                    s = b;
                    moved = true;
                }
            }
            if !moved {
                break;
            }
        }
        s
    }
}

/// The port's time is kept in units of 1/`bytes_per_cycle` tick, so that a byte
/// (`cycle_ticks` units) and a tick (`bytes_per_cycle` units) are both whole.
pub struct Memory {
    cycle_ticks: u64,
    bytes_per_cycle: u64,
    /// The unit the next data access / line fill can start at, within its kind.
    data_free: u64,
    fill_free: u64,
    /// The unit the run-ahead walk's next fill can start at: after every fill that
    /// took the memory (`walk_fill`).
    walk_free: u64,
    fills: Spans,
}

impl Memory {
    pub fn new(cycle_ticks: u64, bytes_per_cycle: u64) -> Memory {
        Memory {
            cycle_ticks: cycle_ticks.max(1),
            bytes_per_cycle: bytes_per_cycle.max(1),
            data_free: 0,
            fill_free: 0,
            walk_free: 0,
            fills: Spans::EMPTY,
        }
    }

    fn per_cycle(&self) -> u64 {
        self.cycle_ticks * self.bytes_per_cycle
    }

    /// A data access of `bytes` requested at cycle `at`: busy bytes / bandwidth
    /// (fractions count: four 8-byte accesses fit in a cycle). Returns the cycle it
    /// starts in: one that starts within a cycle, as the second of a load pair on
    /// the bus's retry 125 ticks in, is answered with one that starts at its
    /// beginning (gem5.opt trace of probe's ld_x8_lines: R@1 and R@251).
    #[inline]
    pub fn data(&mut self, at: u64, bytes: u64) -> u64 {
        let len = bytes * self.cycle_ticks;
        let asked = at * self.per_cycle();
        let s = self.fills.first_gap(asked.max(self.data_free), len);
        self.data_free = s + len;
        // Most accesses find the port free: no division then.
        if s == asked { at } else { s / self.per_cycle() }
    }

    /// A line fill of `ticks` sent at tick `send`; data accesses step past it if
    /// `visible` (a fill whose memory time was booked already is not). Returns the
    /// tick the memory takes it.
    pub fn fill(&mut self, send: u64, ticks: u64, visible: bool) -> u64 {
        let len = ticks * self.bytes_per_cycle;
        let s = (send * self.bytes_per_cycle).max(self.fill_free);
        self.fill_free = s + len;
        if visible {
            self.fills.push(s, s + len);
            self.walk_free = self.walk_free.max(s + len);
        }
        s.div_ceil(self.bytes_per_cycle)
    }

    /// A line fill the run-ahead walk makes ahead of the front end's own fills:
    /// data accesses step past it, and it queues behind the fills that took the
    /// memory so far (the walk's and the front end's visible ones), but the front
    /// end's own fills do not queue behind it (they time the same lines later, and
    /// those take no memory time again: `FrontEnd::walk_fetch`).
    pub fn walk_fill(&mut self, send: u64, ticks: u64) -> u64 {
        let len = ticks * self.bytes_per_cycle;
        let s = (send * self.bytes_per_cycle).max(self.walk_free);
        self.walk_free = s + len;
        self.fills.push(s, s + len);
        s.div_ceil(self.bytes_per_cycle)
    }

    /// Moves every time on by `cycles` (the loop fast-forward).
    pub fn shift(&mut self, cycles: u64) {
        let d = cycles * self.per_cycle();
        self.data_free += d;
        self.fill_free += d;
        self.walk_free += d;
        for s in self.fills.span.iter_mut() {
            if s.1 > 0 {
                *s = (s.0 + d, s.1 + d);
            }
        }
        if self.fills.end > 0 {
            self.fills.end += d;
        }
    }

    /// The state relative to cycle `base`, for the fast-forward's signature: what
    /// ended before it cannot delay a later request.
    pub fn structure(&self, base: u64, out: &mut Vec<u64>) {
        let b = base * self.per_cycle();
        out.push(self.data_free.saturating_sub(b));
        out.push(self.fill_free.saturating_sub(b));
        out.push(self.walk_free.saturating_sub(b));
        let f = &self.fills;
        for k in 0..SPANS {
            let (s, e) = f.span[(f.next + k) % SPANS];
            out.push(e.saturating_sub(b));
            out.push(if e > b { s.saturating_sub(b) } else { 0 });
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    // 1 GHz, 1000 ticks a cycle, 32 bytes a cycle: a 64-byte fill is 2 cycles.
    #[test]
    fn an_access_steps_past_a_fill_booked_before_it_and_keeps_its_own_order() {
        let mut m = Memory::new(1000, 32);
        // A fill sent at tick 10_001 takes the memory for 2000 ticks.
        assert_eq!(m.fill(10_001, 2000, true), 10_001);
        // An 8-byte access at cycle 10 overlaps it: it starts when the fill is done,
        // tick 12_001, in cycle 12 (its response, 1 ns on, comes in cycle 13).
        assert_eq!(m.data(10, 8), 12);
        // One at cycle 5 was before the fill but queues behind the first access,
        // 250 ticks on: still cycle 12.
        assert_eq!(m.data(5, 8), 12);
    }

    #[test]
    fn fills_queue_behind_fills_only_and_an_access_finds_the_gap_between_them() {
        let mut m = Memory::new(1000, 32);
        // 32 bytes at cycle 4 take exactly cycle 4; a fill sent during it is not held.
        assert_eq!(m.data(4, 32), 4);
        assert_eq!(m.fill(4_500, 2000, true), 4_500);
        // A second fill queues behind the first (ends 6_500), however early it was sent.
        assert_eq!(m.fill(1_000, 2000, true), 6_500);
        // An access at cycle 2 queues behind the one of cycle 4 (tick 5_000), then
        // steps past both fills (to tick 8_500): it starts in cycle 8.
        assert_eq!(m.data(2, 8), 8);
    }
}
