//! The systolic array (npu-isa.md §4.4), functionally: per lane a weight row of at most
//! L values (oldest first), per lane an output queue, and the count of results that are
//! ready. The multiply happens at the input push; `compute` has no functional effect.

use std::collections::VecDeque;

pub struct Systolic {
    lanes: usize,
    /// The weight rows, stored by column: `wt[c * L + j]` is lane j's value in ring slot
    /// c. Every weight push appends the same number of values to every lane, so all rows
    /// share one ring position: `W[j][m]` (m-th oldest) is in slot `(head + m) % L`.
    wt: Vec<f32>,
    head: usize,
    /// Values per weight row (at most L).
    len: usize,
    /// `Q[j]`: lane j's results, oldest first (functionally unbounded).
    out: Vec<VecDeque<f32>>,
    /// Results available per lane (`ready`).
    pub ready: u64,
    /// Scratch reused by every input push: one input row and the L running sums.
    row: Vec<f32>,
    acc: Vec<f32>,
}

impl Systolic {
    pub fn new(lanes: usize) -> Systolic {
        Systolic {
            lanes,
            wt: vec![0.0; lanes * lanes],
            head: 0,
            len: 0,
            out: (0..lanes).map(|_| VecDeque::new()).collect(),
            ready: 0,
            row: vec![0.0; lanes],
            acc: vec![0.0; lanes],
        }
    }

    /// Whether any weight was pushed (an input push needs one).
    pub fn has_weights(&self) -> bool {
        self.len > 0
    }

    /// Weight push: for each lane j and `i < vl`, appends `w(j, i)` to `W[j]`, dropping
    /// the oldest value whenever the row already holds L values.
    pub fn push_weights(&mut self, vl: usize, w: impl Fn(usize, usize) -> f32) {
        let l = self.lanes;
        for i in 0..vl {
            let slot = if self.len == l {
                let s = self.head;
                self.head = (self.head + 1) % l;
                s
            } else {
                self.len += 1;
                (self.head + self.len - 1) % l
            };
            for j in 0..l {
                self.wt[slot * l + j] = w(j, i);
            }
        }
    }

    /// Input push (the caller has checked that a weight was pushed): for each `i < vl`
    /// the input row is `x[k] = x(k, i)`; lane j's result is
    /// `y = 0; for m: y = f32(y + f32(x[m] * W[j][m]))` (binary32 multiply then add,
    /// in m order, no fused multiply-add), appended to `Q[j]`. Then `ready += vl`.
    /// The lanes' sums advance together, one m at a time (independent per lane, so the
    /// loop over lanes vectorises without changing any result).
    pub fn push_inputs(&mut self, vl: usize, x: impl Fn(usize, usize) -> f32) {
        let l = self.lanes;
        for i in 0..vl {
            for k in 0..l {
                self.row[k] = x(k, i);
            }
            self.acc.fill(0.0);
            for m in 0..self.len {
                let slot = (self.head + m) % l;
                let xm = self.row[m];
                let col = &self.wt[slot * l..(slot + 1) * l];
                for (a, &w) in self.acc.iter_mut().zip(col) {
                    *a += xm * w;
                }
            }
            for (q, &y) in self.out.iter_mut().zip(&self.acc) {
                q.push_back(y);
            }
        }
        self.ready += vl as u64;
    }

    /// Takes the oldest result of lane j.
    pub fn pop(&mut self, lane: usize) -> Option<f32> {
        self.out[lane].pop_front()
    }

    /// Number of values in every lane's weight row.
    pub fn weight_len(&self) -> usize {
        self.len
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn row_keeps_the_last_l_values_and_dots_in_order() {
        let mut sa = Systolic::new(2);
        sa.push_weights(3, |j, i| (10 * j + i) as f32);
        assert_eq!(sa.weight_len(), 2);
        // W[0] = [1, 2], W[1] = [11, 12]; x = [1, 100].
        sa.push_inputs(1, |k, _| if k == 0 { 1.0 } else { 100.0 });
        assert_eq!(sa.pop(0), Some(201.0));
        assert_eq!(sa.pop(1), Some(1211.0));
        assert_eq!(sa.pop(1), None);
        assert_eq!(sa.ready, 1);
    }
}
