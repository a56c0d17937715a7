//! MinorCPU's front end, cycle by cycle where it matters: Fetch1's queue of line
//! fetches, Fetch2's line buffer and width, Decode's micro-op width and the input
//! buffers between them (gem5 `src/cpu/minor/fetch1.cc`, `fetch2.cc`, `decode.cc`).
//!
//! The model is fed the committed path in order (`deliver`), with the transfers
//! Fetch2 predicted taken (`predicted_taken`) and the stream changes Execute makes
//! (`redirect`). Fetch1 runs as a small state machine stepped only as far as the
//! line the next instruction needs; Fetch2 and Decode are recurrences over the
//! instructions. What it reproduces that fixed bubbles cannot: Fetch1 issues one
//! line fetch a cycle and hands responses to Fetch2 one a cycle, in order, stale
//! ones included, so the fetches in flight when the stream changes delay the new
//! stream's first line by one cycle each, and that depth carries from one change to
//! the next.

use super::memory::Memory;

/// Fetch1's line fetches in flight and Fetch2's buffered lines, at most.
const MAX_LINES: usize = 16;
/// Pending departures from Fetch2's buffer, at most.
const MAX_FREES: usize = 64;
/// Lines the run-ahead walk fetched ahead of the lazily stepped Fetch1 (a
/// direct-mapped table: a power of two).
const WALK_FILLS: usize = 256;

/// The walk's table entry for `line`.
#[inline]
fn walk_slot(line: u64) -> usize {
    (line as usize) & (WALK_FILLS - 1)
}

/// The last `n` values pushed: the oldest is the one `n` pushes back (0 at first).
struct LastN {
    buf: Box<[u64]>,
    /// Where the next push goes (the oldest value), and the newest value's slot.
    next: usize,
    newest: usize,
}

impl LastN {
    fn new(n: u32) -> LastN {
        let n = n.max(1) as usize;
        LastN {
            buf: vec![0; n].into_boxed_slice(),
            next: 0,
            newest: n - 1,
        }
    }
    #[inline]
    fn oldest(&self) -> u64 {
        self.buf[self.next]
    }
    #[inline]
    fn push(&mut self, v: u64) {
        self.buf[self.next] = v;
        self.newest = self.next;
        self.next += 1;
        if self.next == self.buf.len() {
            self.next = 0;
        }
    }
    #[inline]
    fn set_newest(&mut self, v: u64) {
        self.buf[self.newest] = v;
    }
    fn fill(&mut self, v: u64) {
        self.buf.fill(v);
    }
    /// Every value, oldest first.
    fn for_each_mut(&mut self, f: &mut impl FnMut(&mut u64)) {
        let n = self.buf.len();
        for k in 0..n {
            f(&mut self.buf[(self.next + k) % n]);
        }
    }
}

pub struct FrontEndParams {
    /// Bytes per fetch line (`fetch1LineWidth` = the cache line, 64).
    pub line_shift: u32,
    /// Line fetches in flight (`fetch1FetchLimit` 8).
    pub fetch_limit: u32,
    /// Fetch2's input buffer in lines (`fetch2InputBufferSize` 8).
    pub fetch2_buffer: u32,
    /// Instructions Fetch2 passes on per cycle (`decodeInputWidth` 8).
    pub fetch2_width: u32,
    /// Decode's input buffer in Fetch2 outputs (`decodeInputBufferSize` 8).
    pub decode_buffer: u32,
    /// Micro-ops Decode passes on per cycle (`executeInputWidth` 12).
    pub decode_width: u32,
    /// Execute's input buffer in Decode outputs (`executeInputBufferSize` 128).
    pub execute_buffer: u32,
    /// Cycles from issuing a line fetch to its response being poppable (an I-cache
    /// hit: the response comes back in the same tick, Fetch1 sees it next cycle).
    pub fetch_latency: u32,
    /// I-cache lines (a direct-mapped stand-in for the 8 MiB cache; 0: every
    /// fetch hits).
    pub icache_lines: u32,
    /// The memory a miss goes to, in ticks (see `TimingParams`).
    pub cycle_ticks: u64,
    pub mem_latency_ticks: u64,
    pub mem_line_ticks: u64,
    pub bus_period_ticks: u64,
    pub mem_bytes_per_cycle: u64,
}

#[derive(Clone, Copy, Default)]
struct Fetch {
    line: u64,
    stream: u64,
    /// The cycle Fetch1 can pop its response.
    complete: u64,
}

pub struct FrontEnd {
    p: FrontEndParams,
    // ---- Fetch1 ----
    /// The next cycle Fetch1 evaluates.
    f1_cycle: u64,
    stream: u64,
    /// The next line Fetch1 fetches in its stream.
    next_line: u64,
    fetches: [Fetch; MAX_LINES],
    fetch_head: usize,
    fetch_len: usize,
    /// A stream change Fetch1 takes at the start of a cycle: (cycle, line, whether
    /// the new stream is a wrong path: Fetch2 predicted taken past a redirecting
    /// instruction before the redirect reached it).
    change: Option<(u64, u64, bool)>,
    /// Execute's redirect after the last redirecting instruction: (cycle it reaches
    /// Fetch1 and Fetch2, target pc), taken by `finish_redirect` once the dropped
    /// path has been walked.
    redirect_to: Option<(u64, u64)>,
    /// The cycle Fetch1 popped the first line of its current stream (u64::MAX:
    /// not yet).
    first_pop: u64,
    // ---- Fetch2's input buffer ----
    /// Lines of the current stream popped for Fetch2, oldest first: (line, cycle
    /// Fetch2 can use it). The head is the line Fetch2 works on.
    lines: [(u64, u64); MAX_LINES],
    lines_head: usize,
    lines_len: usize,
    /// Entries of Fetch2's buffer taken by popped lines, and the cycles at which
    /// taken entries free (Fetch2 consumed or dumped the line).
    held: u32,
    frees: [u64; MAX_FREES],
    frees_len: usize,
    /// The earliest of `frees` (u64::MAX: none).
    next_free: u64,
    /// Until the stream changes, Fetch2 consumes lines as they come (the wrong path
    /// after a misprediction, never delivered here).
    wrong_path: bool,
    // ---- Fetch2 ----
    f2_cycle: u64,
    f2_count: u32,
    /// The next instruction starts a new Fetch2 output (after a predicted-taken
    /// transfer or a redirect).
    f2_break: bool,
    /// Decode's use of Fetch2's outputs: the cycle Decode finished each of the last
    /// `decode_buffer` (a new output needs the oldest gone).
    f2_outputs: LastN,
    // ---- Decode ----
    d_cycle: u64,
    d_count: u32,
    /// Execute's use of Decode's outputs: the cycle Execute popped each of the last
    /// `execute_buffer`.
    d_outputs: LastN,
    /// The latest issue among the open Decode output's instructions.
    d_pop: u64,
    /// The path Fetch2 decoded past a redirecting instruction: its Fetch2 cycle
    /// and outputs so far in it, and the cycle the redirect reaches Fetch2.
    drop_f2: u64,
    drop_count: u32,
    drop_until: u64,
    /// The cycle Fetch2 is done with the last wrong-path line it took.
    wp_done: u64,
    // ---- I-cache ----
    /// Per set: line + 1 (0: empty) and the cycle its fill is done.
    icache: Box<[(u64, u64)]>,
    /// The memory the fills share with the LSQ.
    pub memory: Memory,
    /// Line fetches that missed so far.
    pub misses: u64,
    /// The run-ahead walk's fills not yet fetched by Fetch1: line + 1 (0: none) and
    /// the cycle the fill is done (`walk_fetch`).
    walk_fills: Box<[(u64, u64)]>,
    // ---- Fetch1 running ahead of the committed path (`ahead_*`) ----
    ahead: Ahead,
    /// Instructions delivered so far.
    delivered: u64,
    /// Where the current stream (or the pending change) enters its first line.
    stream_pc: u64,
    change_pc: u64,
}

/// Fetch1 past the line the committed path last asked for: while Execute is
/// stalled gem5's Fetch1 keeps fetching down the predicted path until the buffers
/// behind it fill, and its misses' fills take the memory from the LSQ. The front
/// end is stepped lazily, so this walk runs separately, up to the cycle of each
/// memory access and marker, along the path Fetch2 would predict
/// (`CycleModel::run_ahead` decodes the lines and reads the predictor).
struct Ahead {
    /// The stream it follows (`FrontEnd::stream`; u64::MAX: none yet).
    stream: u64,
    line: u64,
    /// Where the path enters `line`.
    pc: u64,
    /// The first cycle it may issue the next fetch.
    cycle: u64,
    /// It followed a predicted-taken transfer (the lazy stream gets there only
    /// through a stream change); it stopped.
    jumped: bool,
    parked: bool,
    /// Instructions walked, and `delivered` when it started.
    walked: u64,
    base: u64,
    /// When each of its last `fetch_limit` fetches completes, and when Fetch2 is
    /// done with each of its last `fetch2_buffer` lines.
    complete: LastN,
    f2_done: LastN,
    f2_cycle: u64,
}

impl FrontEnd {
    pub fn new(p: FrontEndParams) -> FrontEnd {
        let p = FrontEndParams {
            fetch_limit: p.fetch_limit.clamp(1, MAX_LINES as u32 / 2),
            fetch2_buffer: p.fetch2_buffer.clamp(1, MAX_LINES as u32 / 2),
            fetch2_width: p.fetch2_width.max(1),
            decode_width: p.decode_width.max(1),
            ..p
        };
        FrontEnd {
            f1_cycle: 0,
            stream: 0,
            next_line: 0,
            fetches: [Fetch::default(); MAX_LINES],
            fetch_head: 0,
            fetch_len: 0,
            change: None,
            redirect_to: None,
            first_pop: u64::MAX,
            lines: [(0, 0); MAX_LINES],
            lines_head: 0,
            lines_len: 0,
            held: 0,
            frees: [0; MAX_FREES],
            frees_len: 0,
            next_free: u64::MAX,
            wrong_path: false,
            f2_cycle: 0,
            f2_count: 0,
            f2_break: true,
            f2_outputs: LastN::new(p.decode_buffer),
            d_cycle: 0,
            d_count: 0,
            d_outputs: LastN::new(p.execute_buffer),
            d_pop: 0,
            drop_f2: 0,
            drop_count: 0,
            drop_until: 0,
            wp_done: 0,
            icache: vec![
                (0, 0);
                if p.icache_lines == 0 {
                    0
                } else {
                    (p.icache_lines as usize).next_power_of_two()
                }
            ]
            .into_boxed_slice(),
            memory: Memory::new(p.cycle_ticks, p.mem_bytes_per_cycle),
            misses: 0,
            walk_fills: vec![(0, 0); WALK_FILLS].into_boxed_slice(),
            ahead: Ahead {
                stream: u64::MAX,
                line: 0,
                pc: 0,
                cycle: 0,
                jumped: false,
                parked: true,
                walked: 0,
                base: 0,
                complete: LastN::new(p.fetch_limit),
                f2_done: LastN::new(p.fetch2_buffer),
                f2_cycle: 0,
            },
            delivered: 0,
            stream_pc: 0,
            change_pc: 0,
            p,
        }
    }

    /// The cycle a fetch of `line` issued at `t` can be popped: a hit after
    /// `fetch_latency`, a miss after the line's fill, fills one at a time.
    #[inline]
    fn fetch_done(&mut self, line: u64, t: u64) -> u64 {
        let hit = t + self.p.fetch_latency as u64;
        if self.icache.is_empty() {
            return hit;
        }
        let set = self.icache_set(line);
        let (tag, ready) = self.icache[set];
        if tag == line + 1 {
            return hit.max(ready);
        }
        // A miss leaves the cache a tick after the fetch. The memory takes one line
        // at a time (busy `mem_line_ticks` each, so misses queue) and answers
        // `mem_latency_ticks` after taking it, on the bus's next edge; the cache
        // passes the line on a tick later and Fetch1 sees it at the next CPU edge,
        // before it evaluates (gem5 `SimpleMemory::recvTimingReq`,
        // `BaseCache::recvTimingResp`).
        self.misses += 1;
        // A line the run-ahead walk fetched has its fill on the memory already.
        let booked = self.take_walk_fill(line, t);
        let send = t * self.p.cycle_ticks + 1;
        let accept = self.memory.fill(send, self.p.mem_line_ticks, !booked);
        let done = self.fill_done(accept);
        self.icache[set] = (line + 1, done);
        done.max(hit)
    }

    /// The cycle Fetch1 can pop a line whose fill the memory took at tick `accept`.
    #[inline]
    fn fill_done(&self, accept: u64) -> u64 {
        let p = &self.p;
        let resp = (accept + p.mem_latency_ticks).div_ceil(p.bus_period_ticks) * p.bus_period_ticks;
        (resp + 1).div_ceil(p.cycle_ticks)
    }

    /// The walk's fetch of `line` at cycle `t` (`ahead_fetch`): a line in neither
    /// the I-cache nor the walk's own table books its fill on the memory, where the
    /// data accesses of its time see it (gem5's loads wait behind the fills its
    /// Fetch1 makes past them), and goes into the walk's table, not the I-cache:
    /// the lazily stepped Fetch1 still misses it when it gets there and times the
    /// fill as its own, so the fetches it carries in flight are what they are
    /// without the walk; that fill takes no memory time again. The miss counts
    /// there, not here: the I-cache misses per window then equal gem5's in 398 of
    /// the second set's 566 windows, 366 counted at the walk's fetch (it fetches
    /// some lines gem5's Fetch1 never does).
    fn walk_fetch(&mut self, line: u64, t: u64) -> u64 {
        let hit = t + self.p.fetch_latency as u64;
        if self.icache.is_empty() {
            return hit;
        }
        let (tag, ready) = self.icache[self.icache_set(line)];
        if tag == line + 1 {
            return hit.max(ready);
        }
        let slot = walk_slot(line);
        let (tag, ready) = self.walk_fills[slot];
        if tag == line + 1 {
            return hit.max(ready);
        }
        let send = t * self.p.cycle_ticks + 1;
        let accept = self.memory.walk_fill(send, self.p.mem_line_ticks);
        let done = self.fill_done(accept);
        self.walk_fills[slot] = (line + 1, done);
        done.max(hit)
    }

    /// Whether the walk booked the fill of `line`, which Fetch1 fetches at cycle
    /// `t`, as the same fetch: one whose fill is not done before `t`. One done
    /// earlier was a fetch Fetch1 never made (the walk went a line past a stream
    /// change): Fetch1's own fill takes the memory. Either way the entry goes (the
    /// I-cache has the line now).
    #[inline]
    fn take_walk_fill(&mut self, line: u64, t: u64) -> bool {
        let slot = walk_slot(line);
        let (tag, done) = self.walk_fills[slot];
        if tag == line + 1 {
            self.walk_fills[slot] = (0, 0);
            done >= t
        } else {
            false
        }
    }

    #[inline]
    fn free_at(&mut self, t: u64) {
        if self.frees_len < MAX_FREES {
            self.frees[self.frees_len] = t;
            self.frees_len += 1;
            self.next_free = self.next_free.min(t);
        } else {
            self.held = self.held.saturating_sub(1);
        }
    }

    /// One Fetch1 cycle (`Fetch1::evaluate`): take a stream change, issue the next
    /// line fetch if the limit and Fetch2's buffer allow (`numInFlightFetches`,
    /// `nextStageReserve`), pop one complete response, discarding it if it belongs
    /// to an older stream.
    fn fetch1_cycle(&mut self) {
        let t = self.f1_cycle;
        if let Some((at, line, wrong)) = self.change
            && at <= t
        {
            self.change = None;
            self.stream += 1;
            self.next_line = line;
            self.stream_pc = self.change_pc;
            self.wrong_path = wrong;
            self.first_pop = u64::MAX;
        }
        if self.next_free <= t {
            let mut i = 0;
            let mut next = u64::MAX;
            while i < self.frees_len {
                let f = self.frees[i];
                if f <= t {
                    self.frees_len -= 1;
                    self.frees[i] = self.frees[self.frees_len];
                    self.held = self.held.saturating_sub(1);
                } else {
                    next = next.min(f);
                    i += 1;
                }
            }
            self.next_free = next;
        }
        let in_flight = self.fetch_len as u32;
        if in_flight < self.p.fetch_limit && in_flight + self.held < self.p.fetch2_buffer {
            let slot = (self.fetch_head + self.fetch_len) % MAX_LINES;
            let complete = self.fetch_done(self.next_line, t);
            self.fetches[slot] = Fetch {
                line: self.next_line,
                stream: self.stream,
                complete,
            };
            self.fetch_len += 1;
            self.next_line = self.next_line.wrapping_add(1);
        }
        if self.fetch_len > 0 && self.fetches[self.fetch_head].complete <= t {
            let head = self.fetches[self.fetch_head];
            self.fetch_head = (self.fetch_head + 1) % MAX_LINES;
            self.fetch_len -= 1;
            if head.stream == self.stream {
                self.held += 1;
                self.first_pop = self.first_pop.min(t);
                if self.wrong_path || self.lines_len == MAX_LINES {
                    // Fetch2 decodes it after the lines before it, 8 instructions
                    // a cycle, until the redirect dumps what is left.
                    let done = (t + 1).max(self.wp_done + 1) + 1;
                    self.wp_done = done;
                    self.free_at(done.min(self.drop_until));
                } else {
                    let slot = (self.lines_head + self.lines_len) % MAX_LINES;
                    self.lines[slot] = (head.line, t + 1);
                    self.lines_len += 1;
                }
            }
        }
        self.f1_cycle = t + 1;
    }

    /// Steps Fetch1 one cycle, or, when it can neither take a change, free an
    /// entry, issue nor pop before `limit`, straight to the next cycle one of those
    /// can happen (at most `limit`).
    #[inline]
    fn fetch1_step(&mut self, limit: u64) {
        let t = self.f1_cycle;
        let in_flight = self.fetch_len as u32;
        let blocked =
            in_flight >= self.p.fetch_limit || in_flight + self.held >= self.p.fetch2_buffer;
        if blocked && self.next_free > t {
            let mut next = self.next_free.min(limit);
            if self.fetch_len > 0 {
                next = next.min(self.fetches[self.fetch_head].complete);
            }
            if let Some((at, _, _)) = self.change {
                next = next.min(at);
            }
            if next > t {
                self.f1_cycle = next;
                return;
            }
        }
        self.fetch1_cycle();
    }

    /// Fetch2 drops every buffered line; their entries free at `at`.
    fn drop_lines(&mut self, at: u64) {
        for _ in 0..self.lines_len {
            self.free_at(at);
        }
        self.lines_len = 0;
    }

    /// Whether Fetch1's current stream brings `line` without a change: popped,
    /// in flight, or the next to fetch.
    fn stream_brings(&self, line: u64) -> bool {
        if let Some((_, l, _)) = self.change {
            return l == line;
        }
        let first_in_flight = (0..self.fetch_len)
            .map(|k| self.fetches[(self.fetch_head + k) % MAX_LINES])
            .find(|f| f.stream == self.stream)
            .map_or(self.next_line, |f| f.line);
        line >= first_in_flight && line <= self.next_line
    }

    /// The cycle Fetch2 can use `line`, stepping Fetch1 until it is popped. Lines
    /// before it are consumed; a line the stream does not bring (a transfer not
    /// reported) changes the stream where Fetch1 is.
    fn line_ready(&mut self, line: u64) -> u64 {
        loop {
            while self.lines_len > 0 {
                let (l, at) = self.lines[self.lines_head];
                if l == line {
                    return at;
                }
                self.lines_head = (self.lines_head + 1) % MAX_LINES;
                self.lines_len -= 1;
                let f2 = self.f2_cycle;
                self.free_at(f2);
            }
            if !self.stream_brings(line) {
                match &mut self.change {
                    Some((_, l, _)) => *l = line,
                    None => self.change = Some((self.f1_cycle, line, false)),
                }
                self.change_pc = line << self.p.line_shift;
            }
            self.fetch1_step(u64::MAX);
        }
    }

    /// Delivers the next instruction of the committed path, at `pc`, of `uops`
    /// micro-ops, and returns the cycle its first micro-op reaches Execute.
    #[inline]
    pub fn deliver(&mut self, pc: u64, uops: u32) -> u64 {
        self.delivered += 1;
        let line = pc >> self.p.line_shift;
        let ready = if self.lines_len > 0 && self.lines[self.lines_head].0 == line {
            self.lines[self.lines_head].1
        } else {
            self.line_ready(line)
        };
        // Fetch2: up to fetch2_width a cycle, across lines; a new cycle after a
        // predicted-taken transfer; each output needs an entry in Decode's buffer.
        let f = if self.f2_break || self.f2_count >= self.p.fetch2_width {
            self.f2_cycle + 1
        } else {
            self.f2_cycle
        }
        .max(ready);
        if f != self.f2_cycle || self.f2_break {
            let f = f.max(self.f2_outputs.oldest());
            self.f2_outputs.push(u64::MAX);
            self.f2_cycle = f;
            self.f2_count = 0;
            self.f2_break = false;
        }
        let f = self.f2_cycle;
        self.f2_count += 1;
        let first = self.decode(f, uops);
        self.f2_outputs.set_newest(self.d_cycle);
        first + 1
    }

    /// Decode: up to decode_width micro-ops a cycle from the cycle after Fetch2's
    /// `f`, packing across Fetch2's outputs; each output needs an entry in
    /// Execute's buffer. Returns the cycle of the first micro-op.
    #[inline]
    fn decode(&mut self, f: u64, uops: u32) -> u64 {
        if f + 1 > self.d_cycle || self.d_count >= self.p.decode_width {
            let d = (f + 1).max(self.d_cycle + 1);
            self.open_decode_output(d);
        }
        let first = self.d_cycle;
        let mut left = uops.max(1);
        loop {
            let n = left.min(self.p.decode_width - self.d_count);
            self.d_count += n;
            left -= n;
            if left == 0 {
                break;
            }
            let d = self.d_cycle + 1;
            self.open_decode_output(d);
        }
        first
    }

    /// One more instruction of the path Fetch2 decoded past the last redirecting
    /// instruction before the redirect reached it (`redirect`'s `at`): Decode
    /// still splits it into micro-ops (Execute discards them), so it delays the
    /// new stream. Returns false, taking nothing, once Fetch2 would reach it at or
    /// after the redirect.
    pub fn dropped(&mut self, uops: u32) -> bool {
        let mut f = if self.drop_count >= self.p.fetch2_width {
            self.drop_f2 + 1
        } else {
            self.drop_f2
        };
        if f != self.drop_f2 || self.drop_count == 0 {
            let free = f.max(self.f2_outputs.oldest());
            if free >= self.drop_until {
                if f < self.drop_until {
                    self.fetch2_stalled();
                }
                return false;
            }
            f = free;
            self.f2_outputs.push(u64::MAX);
            self.drop_count = 0;
        }
        self.drop_f2 = f;
        self.drop_count += 1;
        let first = self.decode(f, uops);
        self.f2_outputs.set_newest(self.d_cycle);
        self.issued(first + 1);
        true
    }

    /// Fetch2 passes `n` more dropped instructions after Decode has caught up (so
    /// they cannot delay the refetched path): only Fetch2's cycle moves on, 8
    /// instructions a cycle. False if it would reach the last of them at or after
    /// the redirect.
    pub fn dropped_skip(&mut self, n: u32) -> bool {
        if n == 0 {
            return true;
        }
        let last = self.drop_count + n - 1;
        let f = self.drop_f2 + (last / self.p.fetch2_width) as u64;
        if f >= self.drop_until {
            return false;
        }
        self.drop_f2 = f;
        self.drop_count = last % self.p.fetch2_width + 1;
        true
    }

    /// Fetch2 takes no further wrong-path line before the redirect (Decode's
    /// buffer stays full until then): the lines Fetch1 pops from now
    /// on wait in its buffer until the redirect dumps them, so Fetch1 stops once
    /// the buffer is reserved (`Fetch1::evaluate`'s `blocked`).
    pub fn fetch2_stalled(&mut self) {
        self.wp_done = self.wp_done.max(self.drop_until);
    }

    /// Decode has no backlog from the dropped path: it is done with what Fetch2
    /// handed it before the current dropped cycle.
    #[inline]
    pub fn decode_caught_up(&self) -> bool {
        self.d_cycle <= self.drop_f2 + 1
    }

    /// The last dropped instruction was predicted taken to `target` (see
    /// `wrong_path_change`).
    pub fn dropped_taken(&mut self, target: u64) {
        self.wrong_path_change(self.drop_f2, target);
    }

    /// Fetch2 predicts a transfer taken to `target` at cycle `at` on a path the
    /// redirect will drop: it dumps its lines, Fetch1 changes stream in the same
    /// cycle, and Fetch2 goes on with the target's line when Fetch1 pops it (the
    /// fetches in flight first), unless the redirect gets there first.
    fn wrong_path_change(&mut self, at: u64, target: u64) {
        let until = self.drop_until;
        if at >= until {
            return;
        }
        while self.f1_cycle < at {
            self.fetch1_step(at);
        }
        for f in &mut self.frees[..self.frees_len] {
            *f = (*f).min(at);
        }
        self.next_free = self.next_free.min(at);
        self.wp_done = at;
        self.change = Some((at, target >> self.p.line_shift, true));
        self.change_pc = target;
        self.first_pop = u64::MAX;
        while self.first_pop == u64::MAX && self.f1_cycle < until {
            self.fetch1_step(until);
        }
        // The next dropped instruction opens a Fetch2 output once the line is in.
        self.drop_f2 = self.first_pop.saturating_add(1).min(until);
        self.drop_count = 0;
    }

    fn open_decode_output(&mut self, d: u64) {
        if self.d_count > 0 {
            self.d_outputs.push(self.d_pop);
        }
        self.d_cycle = d.max(self.d_outputs.oldest());
        self.d_count = 0;
        self.d_pop = 0;
    }

    /// Execute issued the last delivered instruction at `t`: its Decode output
    /// leaves Execute's buffer no earlier.
    #[inline]
    pub fn issued(&mut self, t: u64) {
        self.d_pop = self.d_pop.max(t);
    }

    /// Fetch2 predicted the last delivered instruction taken to `target`: its
    /// output ends, its lines are dumped, and Fetch1 changes stream in the same
    /// cycle (`fetch1ToFetch2BackwardDelay` 0).
    #[inline]
    pub fn predicted_taken(&mut self, target: u64) {
        let at = self.f2_cycle;
        self.drop_lines(at);
        self.f2_break = true;
        self.change = Some((at, target >> self.p.line_shift, false));
        self.change_pc = target;
    }

    /// Every cycle-valued field, for the loop fast-forward (`CycleModel::ff_skip`
    /// shifts them; `ff_signature` reads them relative to its base). `u64::MAX`
    /// means none.
    pub fn for_each_time(&mut self, f: &mut impl FnMut(&mut u64)) {
        f(&mut self.f1_cycle);
        for k in 0..self.fetch_len {
            f(&mut self.fetches[(self.fetch_head + k) % MAX_LINES].complete);
        }
        if let Some((at, _, _)) = &mut self.change {
            f(at);
        }
        if let Some((at, _)) = &mut self.redirect_to {
            f(at);
        }
        for k in 0..self.lines_len {
            f(&mut self.lines[(self.lines_head + k) % MAX_LINES].1);
        }
        // Unordered: sorted so that the order they were freed in does not count.
        self.frees[..self.frees_len].sort_unstable();
        for v in &mut self.frees[..self.frees_len] {
            f(v);
        }
        f(&mut self.next_free);
        f(&mut self.f2_cycle);
        self.f2_outputs.for_each_mut(f);
        f(&mut self.d_cycle);
        self.d_outputs.for_each_mut(f);
        f(&mut self.d_pop);
        f(&mut self.drop_f2);
        f(&mut self.drop_until);
        f(&mut self.wp_done);
        f(&mut self.ahead.cycle);
        f(&mut self.ahead.f2_cycle);
        self.ahead.complete.for_each_mut(f);
        self.ahead.f2_done.for_each_mut(f);
        // The walk's table, scanned only once the walk has run (it is off by
        // default, and this runs at every loop back-edge the fast-forward tries).
        if self.ahead.stream != u64::MAX {
            for (tag, done) in self.walk_fills.iter_mut() {
                if *tag != 0 {
                    f(done);
                }
            }
        }
    }

    /// The earliest of the stages' clocks: no later query asks about a cycle before
    /// it, so times before it are all alike.
    pub fn base_cycle(&self) -> u64 {
        self.f1_cycle.min(self.f2_cycle).min(self.d_cycle)
    }

    /// The state that is not a cycle, for the loop fast-forward's signature; the
    /// memory's next free tick relative to `base`; the run-ahead walk's when it
    /// runs (`walking`).
    pub fn structure(&self, base: u64, walking: bool, out: &mut Vec<u64>) {
        out.push(self.next_line);
        out.push(self.fetch_len as u64);
        for k in 0..self.fetch_len {
            let f = &self.fetches[(self.fetch_head + k) % MAX_LINES];
            out.push(f.line);
            out.push(self.stream - f.stream);
        }
        out.push(self.change.map_or(u64::MAX, |(_, l, w)| l * 2 + w as u64));
        out.push(self.redirect_to.map_or(u64::MAX, |(_, l)| l));
        out.push(self.lines_len as u64);
        for k in 0..self.lines_len {
            out.push(self.lines[(self.lines_head + k) % MAX_LINES].0);
        }
        out.push(self.held as u64);
        out.push(self.frees_len as u64);
        out.push(self.wrong_path as u64);
        out.push(self.f2_count as u64);
        out.push(self.f2_break as u64);
        out.push(self.d_count as u64);
        out.push(self.drop_count as u64);
        self.memory.structure(base, out);
        if !walking {
            // The walk's state is never read.
            return;
        }
        let a = &self.ahead;
        out.extend([
            self.stream.wrapping_sub(a.stream),
            a.line,
            a.pc,
            a.jumped as u64 * 2 + a.parked as u64,
            a.walked.wrapping_sub(self.delivered.wrapping_sub(a.base)),
            self.stream_pc,
            self.change_pc,
        ]);
        for (slot, &(tag, _)) in self.walk_fills.iter().enumerate() {
            if tag != 0 {
                out.extend([slot as u64, tag]);
            }
        }
    }

    /// Moves the memory's times on with a fast-forward of `cycles`.
    pub fn shift_memory(&mut self, cycles: u64) {
        self.memory.shift(cycles);
    }

    /// Puts the run-ahead walk on Fetch1's stream (or the change it will take),
    /// starting where the lazily stepped Fetch1 stands, unless it is already there.
    pub fn ahead_sync(&mut self) {
        let shift = self.p.line_shift;
        let (stream, line, pc, cycle) = match self.change {
            Some((at, line, _)) => (self.stream.wrapping_add(1), line, self.change_pc, at),
            None => {
                let pc = if self.stream_pc >> shift == self.next_line {
                    self.stream_pc
                } else {
                    self.next_line << shift
                };
                (self.stream, self.next_line, pc, self.f1_cycle)
            }
        };
        let a = &mut self.ahead;
        if a.stream != stream {
            a.stream = stream;
            a.line = line;
            a.pc = pc;
            a.cycle = cycle;
            a.jumped = false;
            a.parked = false;
            a.walked = 0;
            a.base = self.delivered;
            a.complete.fill(cycle);
            a.f2_done.fill(cycle);
            a.f2_cycle = cycle;
            // It starts with Fetch1's fetches in flight and Fetch2's taken entries.
            for k in 0..self.fetch_len {
                a.complete
                    .push(self.fetches[(self.fetch_head + k) % MAX_LINES].complete);
            }
            for &f in &self.frees[..self.frees_len] {
                a.f2_done.push(f);
            }
        } else if !a.jumped && self.change.is_none() && a.line < line {
            // The committed path asked for lines past it: go on from there.
            a.line = line;
            a.pc = pc;
            a.cycle = a.cycle.max(cycle);
        }
    }

    /// Where the walk's next line fetch starts (its entry pc) and the cycle it can
    /// be issued, if that is before `to`: one a cycle, at most `fetch_limit` in
    /// flight, each line waiting for an entry in Fetch2's buffer, and no further
    /// ahead of the committed path than Decode's and Execute's buffers hold
    /// (`fetch2_width` instructions an entry).
    #[inline]
    pub fn ahead_next(&self, to: u64) -> Option<(u64, u64)> {
        let a = &self.ahead;
        if a.parked || a.cycle >= to {
            return None;
        }
        let ahead = a.walked.saturating_sub(self.delivered - a.base);
        let room =
            (self.p.execute_buffer + self.p.decode_buffer) as u64 * self.p.fetch2_width as u64;
        if ahead >= room {
            return None;
        }
        let c = a
            .cycle
            .max(self.f1_cycle)
            .max(a.complete.oldest())
            .max(a.f2_done.oldest());
        (c < to).then_some((a.pc, c))
    }

    /// The walk fetches its line at cycle `c` (`ahead_next`): `insns` instructions
    /// of it are on the path, which goes on at `next` (through a transfer predicted
    /// taken when `taken`). A taken transfer back to a line already in the I-cache
    /// (a loop) stops the walk: what follows brings no fill.
    pub fn ahead_fetch(&mut self, c: u64, insns: u32, next: u64, taken: bool) {
        let line = self.ahead.line;
        let complete = self.walk_fetch(line, c);
        let width = self.p.fetch2_width as u64;
        let a = &mut self.ahead;
        a.complete.push(complete);
        let f2 = (complete + 1).max(a.f2_cycle);
        let done = f2 + (insns as u64).div_ceil(width).max(1) - 1;
        a.f2_done.push(done);
        a.f2_cycle = done + 1;
        a.walked += insns as u64;
        a.cycle = c + 1;
        let from = a.pc;
        a.line = next >> self.p.line_shift;
        a.pc = next;
        if taken {
            a.jumped = true;
            let back = next <= from;
            self.ahead.parked = back && self.cached(next >> self.p.line_shift);
        }
    }

    /// A walk just put on the current stream past lines Fetch1 already fetched on
    /// it: where the stream enters its first line, and the line the walk starts
    /// at. Fetch2 has yet to predict through those lines, and a transfer it
    /// predicts taken there changes the stream before the walk's first line.
    pub fn ahead_fetched_lines(&self) -> Option<(u64, u64)> {
        let a = &self.ahead;
        let first = self.stream_pc >> self.p.line_shift;
        (a.stream == self.stream
            && self.change.is_none()
            && a.walked == 0
            && !a.jumped
            && !a.parked
            && a.line == self.next_line
            && first < a.line
            && a.line - first <= MAX_LINES as u64)
            .then_some((self.stream_pc, a.line))
    }

    /// The path through the already fetched lines takes a transfer to `target`
    /// (`ahead_fetched_lines`): the walk goes on from there, and stops if that is
    /// back to a line in the I-cache (a loop).
    pub fn ahead_jump(&mut self, target: u64, back: bool) {
        let line = target >> self.p.line_shift;
        let parked = back && self.cached(line);
        let a = &mut self.ahead;
        a.line = line;
        a.pc = target;
        a.jumped = true;
        a.parked = parked;
    }

    /// The walk reached an address that does not decode: it stops.
    pub fn ahead_park(&mut self) {
        self.ahead.parked = true;
    }

    /// Whether `line` is in the I-cache (filled or being filled).
    fn cached(&self, line: u64) -> bool {
        self.icache.is_empty()
            || self.icache[self.icache_set(line)].0 == line + 1
            || self.walk_fills[walk_slot(line)].0 == line + 1
    }

    /// The I-cache set of `line` (the table's size is a power of two: `new`).
    #[inline]
    fn icache_set(&self, line: u64) -> usize {
        (line as usize) & (self.icache.len() - 1)
    }

    /// Execute changes the stream to `target`; Fetch1 and Fetch2 see it at cycle
    /// `at` (`executeBranchDelay` after the commit). Until then Fetch1 runs down the
    /// wrong path, whose lines Fetch2 consumes as they come.
    pub fn redirect(&mut self, at: u64, target: u64, wrong: u64, next_pc: u64) {
        self.drop_f2 = self.f2_cycle;
        self.drop_count = self.f2_count;
        self.drop_until = at;
        self.wrong_path = true;
        self.redirect_to = Some((at, target));
        let f2 = self.f2_cycle;
        let line_of_next = next_pc >> self.p.line_shift;
        if wrong != next_pc {
            // Fetch2 predicted the instruction taken: it dumps its lines and Fetch1
            // fetches the predicted target.
            self.drop_lines(f2);
            self.wrong_path_change(f2, wrong);
        } else if self.lines_len == 0 || self.lines[self.lines_head].0 != line_of_next {
            self.drop_lines(f2);
            self.wp_done = f2;
        } else {
            // Fetch2 finishes the line and goes on to the lines it holds.
            let line_end = (line_of_next + 1) << self.p.line_shift;
            let rest = ((line_end - next_pc) / 4) as u32;
            let room = self.p.fetch2_width.saturating_sub(self.f2_count);
            let mut done = if rest <= room {
                f2
            } else {
                f2 + (rest - room).div_ceil(self.p.fetch2_width) as u64
            };
            self.free_at(done.min(at));
            for k in 1..self.lines_len {
                let (_, ready) = self.lines[(self.lines_head + k) % MAX_LINES];
                done = ready.max(done + 1) + 1;
                self.free_at(done.min(at));
            }
            self.lines_len = 0;
            self.wp_done = done;
        }
        self.f2_break = true;
        self.f2_cycle = self.f2_cycle.max(at);
    }

    /// Execute's redirect reaches Fetch1 (after the dropped path was walked:
    /// `dropped`, `dropped_taken`): Fetch1 runs the wrong path up to it and changes
    /// stream to the redirect's target.
    pub fn finish_redirect(&mut self) {
        let Some((at, target)) = self.redirect_to.take() else {
            return;
        };
        while self.f1_cycle < at {
            self.fetch1_step(at);
        }
        self.change = Some((at, target >> self.p.line_shift, false));
        self.change_pc = target;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// `RiscvVPU`'s front end with a cold I-cache.
    fn front_end() -> FrontEnd {
        FrontEnd::new(FrontEndParams {
            line_shift: 6,
            fetch_limit: 8,
            fetch2_buffer: 8,
            fetch2_width: 8,
            decode_buffer: 8,
            decode_width: 12,
            execute_buffer: 128,
            fetch_latency: 1,
            icache_lines: 1 << 17,
            cycle_ticks: 1000,
            mem_latency_ticks: 1000,
            mem_line_ticks: 2000,
            bus_period_ticks: 125,
            mem_bytes_per_cycle: 32,
        })
    }

    /// The run-ahead walk fetches a cold line at cycle 10: its fill takes the memory
    /// then (an 8-byte access at 10 starts after it, in cycle 12: 2000 ticks from
    /// tick 10_001), but the I-cache and the miss count are left to Fetch1. Fetch1's
    /// own fetch of the line at 11 misses, counts, and waits for a fill timed as its
    /// own (sent at 11_001, answered 1 ns after it is taken, on the bus's edge:
    /// 12_125, popped at cycle 13) without taking the memory again: an access at 14
    /// finds it free.
    #[test]
    fn the_walks_fill_takes_the_memory_once_and_leaves_fetch1_its_miss() {
        let mut fe = front_end();
        let line = 0x4000 >> 6;
        fe.walk_fetch(line, 10);
        assert_eq!(fe.misses, 0);
        assert!(!fe.icache.iter().any(|&(tag, _)| tag == line + 1));
        assert_eq!(fe.memory.data(10, 8), 12);
        assert_eq!(fe.fetch_done(line, 11), 13);
        assert_eq!(fe.misses, 1);
        assert_eq!(fe.memory.data(14, 8), 14);
        // Without the walk, Fetch1's fill is the one on the memory.
        let mut fe = front_end();
        assert_eq!(fe.fetch_done(line, 11), 13);
        assert_eq!(fe.memory.data(12, 8), 13);
    }

    /// A misprediction resolved 1000 cycles on: while Fetch2 takes the wrong path's
    /// lines as they come, Fetch1 streams through a new line every other cycle (the
    /// line's two Fetch2 cycles), some 500 misses; once Fetch2 is stalled until the
    /// redirect, Fetch1 stops when its 8-line buffer is reserved (gem5
    /// `Fetch1::evaluate`'s `blocked`), so no more than the committed line and 8
    /// others are ever fetched.
    #[test]
    fn a_stalled_fetch2_stops_fetch1_on_the_wrong_path() {
        for stalled in [false, true] {
            let mut fe = front_end();
            for k in 0..4 {
                fe.deliver(0x1000 + 4 * k, 1);
            }
            fe.redirect(1000, 0x8000, 0x1010, 0x1010);
            if stalled {
                fe.fetch2_stalled();
            }
            fe.finish_redirect();
            if stalled {
                assert!(fe.misses <= 9, "stalled: {} lines fetched", fe.misses);
            } else {
                assert!(fe.misses > 400, "streaming: {} lines fetched", fe.misses);
            }
        }
    }
}
