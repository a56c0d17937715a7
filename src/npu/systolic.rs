//! The systolic array (npu-isa.md §4.4), functionally: per lane a weight row of at most
//! L values (oldest first), per lane an output queue, and the count of results that are
//! ready. The multiply happens at the input push; `compute` has no functional effect.

use std::collections::VecDeque;

pub struct Systolic {
    lanes: usize,
    /// `W[j]`: lane j's weight row, at most `lanes` values, oldest first.
    weights: Vec<VecDeque<f32>>,
    /// `Q[j]`: lane j's results, oldest first (functionally unbounded).
    out: Vec<VecDeque<f32>>,
    /// Results available per lane (`ready`).
    pub ready: u64,
    /// Any weight pushed since reset (an input push needs one).
    pub has_weights: bool,
    /// Scratch for one input row (one value per lane), reused by every push.
    row: Vec<f32>,
}

impl Systolic {
    pub fn new(lanes: usize) -> Systolic {
        Systolic {
            lanes,
            weights: (0..lanes).map(|_| VecDeque::with_capacity(lanes)).collect(),
            out: (0..lanes).map(|_| VecDeque::new()).collect(),
            ready: 0,
            has_weights: false,
            row: vec![0.0; lanes],
        }
    }

    /// Weight push: for each lane j and `i < vl`, appends `w(j, i)` to `W[j]`, dropping
    /// the oldest value whenever the row already holds L values.
    pub fn push_weights(&mut self, vl: usize, w: impl Fn(usize, usize) -> f32) {
        let l = self.lanes;
        for (j, row) in self.weights.iter_mut().enumerate() {
            for i in 0..vl {
                if row.len() == l {
                    row.pop_front();
                }
                row.push_back(w(j, i));
            }
        }
        if vl > 0 {
            self.has_weights = true;
        }
    }

    /// Input push (the caller has checked that a weight was pushed): for each `i < vl`
    /// the input row is `x[k] = x(k, i)`; lane j's result is
    /// `y = 0; for m: y = f32(y + f32(x[m] * W[j][m]))` (binary32 multiply then add,
    /// in m order, no fused multiply-add), appended to `Q[j]`. Then `ready += vl`.
    pub fn push_inputs(&mut self, vl: usize, x: impl Fn(usize, usize) -> f32) {
        for i in 0..vl {
            for k in 0..self.lanes {
                self.row[k] = x(k, i);
            }
            for (w, q) in self.weights.iter().zip(self.out.iter_mut()) {
                let mut y = 0.0f32;
                for (m, &wm) in w.iter().enumerate() {
                    y += self.row[m] * wm;
                }
                q.push_back(y);
            }
        }
        self.ready += vl as u64;
    }

    /// Takes the oldest result of lane j.
    pub fn pop(&mut self, lane: usize) -> Option<f32> {
        self.out[lane].pop_front()
    }

    /// Number of values in lane j's weight row.
    pub fn weight_len(&self, lane: usize) -> usize {
        self.weights[lane].len()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn row_keeps_the_last_l_values_and_dots_in_order() {
        let mut sa = Systolic::new(2);
        sa.push_weights(3, |j, i| (10 * j + i) as f32);
        assert_eq!(sa.weight_len(0), 2);
        // W[0] = [1, 2], W[1] = [11, 12]; x = [1, 100].
        sa.push_inputs(1, |k, _| if k == 0 { 1.0 } else { 100.0 });
        assert_eq!(sa.pop(0), Some(201.0));
        assert_eq!(sa.pop(1), Some(1211.0));
        assert_eq!(sa.pop(1), None);
        assert_eq!(sa.ready, 1);
    }
}
