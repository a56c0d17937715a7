//! The accelerator units' timing (npu-isa.md §6.2, the VX `libtpu` model): a
//! streaming unit with an input queue, a ring of delay slots and an output queue (the
//! systolic array, with 2L-1 slots, and the XLU), advanced one cycle at a time.

/// Input queue -> delay line -> output queue. Rows are indistinguishable, so the
/// queues are counts and the delay line a ring of occupied flags.
#[derive(Clone, Debug)]
pub struct StreamUnit {
    slots: Vec<bool>,
    head: usize,
    occupied: usize,
    pub input: u64,
    pub output: u64,
    pub input_capacity: u64,
    pub output_capacity: u64,
    /// The last cycle whose step has run.
    stepped: u64,
    /// Rows admitted into the delay line so far (monotonic; windows take differences).
    pub rows_in: u64,
    /// Cycles in which the unit held at least one row anywhere.
    pub busy_cycles: u64,
    /// Rows held anywhere in the unit, summed over the stepped cycles (occupancy).
    pub held: u64,
}

impl StreamUnit {
    pub fn new(delay_slots: u32, queue_entries: u32) -> StreamUnit {
        StreamUnit {
            slots: vec![false; delay_slots.max(1) as usize],
            head: 0,
            occupied: 0,
            input: 0,
            output: 0,
            input_capacity: queue_entries as u64,
            output_capacity: queue_entries as u64,
            stepped: 0,
            rows_in: 0,
            busy_cycles: 0,
            held: 0,
        }
    }

    fn idle(&self) -> bool {
        self.input == 0 && self.occupied == 0
    }

    /// Nothing is queued or in the delay line (a pop can wait for nothing more).
    pub fn is_idle(&self) -> bool {
        self.idle()
    }

    pub fn delay_slots(&self) -> u32 {
        self.slots.len() as u32
    }

    /// Whether `rows` more rows fit in the input queue now (a push larger than the
    /// queue waits for it to empty; one that can never fit, because the array is stuck
    /// behind a full output queue nobody pops, goes in at once).
    pub fn has_room(&self, rows: u64) -> bool {
        let need = rows.min(self.input_capacity);
        self.input_capacity - self.input.min(self.input_capacity) >= need
            || (self.output >= self.output_capacity && self.occupied == self.slots.len())
    }

    /// Takes up to `rows` rows from the output queue; returns how many.
    pub fn take(&mut self, rows: u64) -> u64 {
        let n = rows.min(self.output);
        self.output -= n;
        n
    }

    /// One cycle: unless the output queue is full (then the whole array stalls), the
    /// row at the ring head moves to the output queue and the head slot takes the
    /// next input row (or becomes empty); then the head advances.
    fn step(&mut self) {
        if self.input != 0 || self.occupied != 0 || self.output != 0 {
            self.busy_cycles += 1;
            self.held += self.input + self.occupied as u64 + self.output;
        }
        if self.output >= self.output_capacity {
            return;
        }
        if self.slots[self.head] {
            self.output += 1;
            self.occupied -= 1;
        }
        if self.input > 0 {
            self.input -= 1;
            self.slots[self.head] = true;
            self.occupied += 1;
            self.rows_in += 1;
        } else {
            self.slots[self.head] = false;
        }
        self.head = (self.head + 1) % self.slots.len();
    }

    /// Runs the steps of every cycle up to and including `cycle` (each cycle's step
    /// comes before that cycle's issue).
    pub fn advance_to(&mut self, cycle: u64) {
        while self.stepped < cycle {
            if self.idle() {
                // Nothing moves until something is pushed; a held output only counts
                // as busy time.
                if self.output != 0 {
                    self.busy_cycles += cycle - self.stepped;
                    self.held += self.output * (cycle - self.stepped);
                }
                self.stepped = cycle;
                return;
            }
            self.stepped += 1;
            self.step();
        }
    }

    // Kept for the unit tests below, which state §6.2's queue rules in its terms;
    // the cycle model asks `has_room` and `take` cycle by cycle instead.
    #[cfg(test)]
    /// The first cycle at or after `t` at which `rows` more rows fit in the input
    /// queue (stepping the unit up to it). A push larger than the queue waits for
    /// the queue to empty; a push that can never fit (the array is stuck behind a
    /// full output queue nobody pops) goes in at once.
    pub fn wait_for_room(&mut self, mut t: u64, rows: u64) -> u64 {
        self.advance_to(t);
        let need = rows.min(self.input_capacity);
        while self.input_capacity - self.input.min(self.input_capacity) < need {
            if self.output >= self.output_capacity && self.occupied == self.slots.len() {
                break;
            }
            t += 1;
            self.advance_to(t);
        }
        t
    }

    // Kept for the unit tests below, which state §6.2's queue rules in its terms;
    // the cycle model asks `has_room` and `take` cycle by cycle instead.
    #[cfg(test)]
    /// Pops `rows` rows no earlier than `t`: the first cycle at which the output queue
    /// holds them, when they are popped; returns that cycle and the rows popped. A pop
    /// larger than the output queue takes rows as they arrive and issues when it has
    /// the last; a pop that nothing in flight can satisfy takes what there is at once.
    pub fn pop_when_ready(&mut self, mut t: u64, rows: u64) -> (u64, u64) {
        self.advance_to(t);
        let mut taken = 0;
        loop {
            let want = rows - taken;
            if self.output >= want {
                self.output -= want;
                return (t, rows);
            }
            if want > self.output_capacity {
                taken += self.output;
                self.output = 0;
            }
            if self.idle() {
                taken += self.output;
                self.output = 0;
                return (t, taken);
            }
            t += 1;
            self.advance_to(t);
        }
    }

    pub fn push(&mut self, rows: u64) {
        self.input += rows;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// npu-isa.md §6.2: an isolated row pushed at cycle t is poppable at t + slots + 1.
    #[test]
    fn an_isolated_row_takes_slots_plus_one_cycles() {
        for slots in [1u32, 3, 7, 255] {
            let mut u = StreamUnit::new(slots, 8);
            let t = 100;
            assert_eq!(u.wait_for_room(t, 1), t);
            u.push(1);
            assert_eq!(
                u.pop_when_ready(t, 1),
                (t + slots as u64 + 1, 1),
                "slots {slots}"
            );
            assert_eq!(u.rows_in, 1);
        }
    }

    /// §6.3 item 2: with 7 slots, a pop of 4 issues 4 + 7 cycles after the push of 4.
    #[test]
    fn a_push_of_four_is_poppable_eleven_cycles_later() {
        let mut u = StreamUnit::new(7, 8);
        u.advance_to(10);
        u.push(4);
        assert_eq!(u.pop_when_ready(10, 4), (21, 4));
    }

    /// §6.3 item 4: a full output queue stops the array; it moves again after a pop.
    #[test]
    fn a_full_output_queue_stalls_the_array() {
        // (the pop below is the one at cycle 50)
        let mut u = StreamUnit::new(3, 8);
        u.output_capacity = 2;
        u.push(6);
        // Admissions at cycles 1..5; the rows of cycles 1 and 2 reach the output
        // at 4 and 5, which fills it.
        u.advance_to(5);
        assert_eq!((u.output, u.rows_in, u.input), (2, 5, 1));
        u.advance_to(50);
        assert_eq!((u.output, u.rows_in, u.input), (2, 5, 1), "stalled");
        assert_eq!(u.pop_when_ready(50, 2), (50, 2));
        u.advance_to(51);
        assert_eq!(
            (u.output, u.rows_in, u.input),
            (1, 6, 0),
            "moves the cycle after"
        );
    }
}
