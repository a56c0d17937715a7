//! The cross-lane unit (npu-isa.md §4.6, VX semantics): one tile of raw 32-bit words,
//! per lane an input row, pre- and post-pattern rows and an output row. A pop first
//! runs the tile pushed since the last run with the operation of the last push
//! (decision 5), then drains the output rows.
//!
//! Operation field (the push's simm5): `pre = [4:3]`, `xu = [2]`, `post = [1:0]`;
//! shuffle codes 0 BYPASS, 1 REPLICATE, 2 ARBITRARY; `pre = 3` makes a plain push a LOAD
//! of the post-pattern rows. As VX computes it, every code but BYPASS and ARBITRARY
//! reads lane 0: a post code of 3, and a pre code of 3 (latched by a pattern push, which
//! never loads), shuffle like REPLICATE.

use std::collections::VecDeque;

const BYPASS: u8 = 0;
const ARBITRARY: u8 = 2;
const LOAD: u8 = 3;

/// A pattern row that does not match the width of the stage it steers (VX refuses it
/// with exit status 201).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PatternMismatch {
    pub message: String,
}

pub struct Xlu {
    lanes: usize,
    input: Vec<Vec<u32>>,
    pre: Vec<Vec<u32>>,
    post: Vec<Vec<u32>>,
    out: Vec<VecDeque<u32>>,
    /// Values pushed per lane since the last run.
    pub depth: u64,
    /// Operation of the last (non-LOAD) push.
    pub op: u8,
    /// SJ's fallback: a pattern row shorter than the stage's width selects the lane
    /// itself for the missing columns (and longer rows are cut), instead of exit 201.
    pub lenient: bool,
}

impl Xlu {
    pub fn new(lanes: usize, lenient: bool) -> Xlu {
        let rows = || (0..lanes).map(|_| Vec::new()).collect::<Vec<Vec<u32>>>();
        Xlu {
            lanes,
            input: rows(),
            pre: rows(),
            post: rows(),
            out: (0..lanes).map(|_| VecDeque::new()).collect(),
            depth: 0,
            op: 0,
            lenient,
        }
    }

    /// Whether `op` makes a push a post-pattern LOAD.
    pub fn is_load(op: u8) -> bool {
        (op >> 3) & 3 == LOAD
    }

    /// xlu_push: latches `op` and appends `x(k, i)` (`i < vl`) to lane k's input row,
    /// `depth += vl`; or, with `load` (a plain push whose `op` is a LOAD), appends
    /// `word(k, i)` (the 32-bit view of vs2) to lane k's post-pattern row and changes
    /// nothing else.
    pub fn push(
        &mut self,
        op: u8,
        load: bool,
        vl: usize,
        x: impl Fn(usize, usize) -> u32,
        word: impl Fn(usize, usize) -> u32,
    ) {
        if load {
            for (k, row) in self.post.iter_mut().enumerate() {
                row.extend((0..vl).map(|i| word(k, i)));
            }
            return;
        }
        self.op = op & 31;
        for (k, row) in self.input.iter_mut().enumerate() {
            row.extend((0..vl).map(|i| x(k, i)));
        }
        self.depth += vl as u64;
    }

    /// The pattern half of xlu_push_pattern: appends `p(k, i)` to lane k's pre-pattern row.
    pub fn push_pattern(&mut self, vl: usize, p: impl Fn(usize, usize) -> u32) {
        for (k, row) in self.pre.iter_mut().enumerate() {
            row.extend((0..vl).map(|i| p(k, i)));
        }
    }

    /// Runs the pending tile if anything was pushed since the last run.
    pub fn run_if_pending(&mut self) -> Result<(), PatternMismatch> {
        if self.depth > 0 { self.run() } else { Ok(()) }
    }

    fn run(&mut self) -> Result<(), PatternMismatch> {
        let depth = self.depth;
        let d = depth.min(usize::MAX as u64) as usize;
        let tile: Vec<Vec<u32>> = self
            .input
            .iter_mut()
            .map(|row| {
                let n = d.min(row.len());
                row.drain(..n).collect()
            })
            .collect();
        let pre: Vec<Vec<u32>> = self.pre.iter_mut().map(std::mem::take).collect();
        let post: Vec<Vec<u32>> = self.post.iter_mut().map(std::mem::take).collect();
        for q in &mut self.out {
            q.clear();
        }
        self.depth = 0;
        let op = self.op;
        let (pre_code, xu, post_code) = ((op >> 3) & 3, (op >> 2) & 1 == 1, op & 3);
        let mut t = self.shuffle(pre_code, tile, &pre, "pre")?;
        if xu {
            t = self.cross(&t, d);
        }
        let t = self.shuffle(post_code, t, &post, "post")?;
        for (q, row) in self.out.iter_mut().zip(t) {
            q.extend(row);
        }
        Ok(())
    }

    /// Rows `kk < min(depth, L)` become `[t[lane][kk] (0 if missing) for each lane]`;
    /// the other rows are empty.
    fn cross(&self, t: &[Vec<u32>], depth: usize) -> Vec<Vec<u32>> {
        let n = depth.min(self.lanes);
        (0..self.lanes)
            .map(|kk| {
                if kk < n {
                    t.iter()
                        .map(|row| row.get(kk).copied().unwrap_or(0))
                        .collect()
                } else {
                    Vec::new()
                }
            })
            .collect()
    }

    fn shuffle(
        &self,
        code: u8,
        t: Vec<Vec<u32>>,
        pattern: &[Vec<u32>],
        stage: &str,
    ) -> Result<Vec<Vec<u32>>, PatternMismatch> {
        // BYPASS is the identity; every other code but ARBITRARY reads lane 0 (VX).
        if code == BYPASS {
            return Ok(t);
        }
        let width = t.iter().map(Vec::len).max().unwrap_or(0);
        if code == ARBITRARY
            && !self.lenient
            && let Some((k, row)) = pattern.iter().enumerate().find(|(_, r)| r.len() != width)
        {
            return Err(PatternMismatch {
                message: format!(
                    "XLU ERROR: the {stage} stage walks {width} columns but lane {k} carries {} pattern entries (SIMM5 {})",
                    row.len(),
                    self.op
                ),
            });
        }
        let pick = |from: usize, kk: usize| {
            if from < self.lanes {
                t[from].get(kk).copied().unwrap_or(0)
            } else {
                0
            }
        };
        Ok((0..self.lanes)
            .map(|lane| {
                (0..width)
                    .map(|kk| {
                        let from = if code != ARBITRARY {
                            0
                        } else {
                            match pattern[lane].get(kk) {
                                Some(&p) => p as usize,
                                None => lane, // lenient: the lane itself
                            }
                        };
                        pick(from, kk)
                    })
                    .collect()
            })
            .collect())
    }

    /// Takes the next output word of lane k.
    pub fn pop(&mut self, lane: usize) -> Option<u32> {
        self.out[lane].pop_front()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn all_gather_crosses_then_replicates() {
        // ALL_GATHER = 5: cross, then every lane reads row 0.
        let mut x = Xlu::new(2, false);
        x.push(5, false, 2, |k, i| (10 * k + i) as u32, |_, _| 0);
        x.run_if_pending().unwrap();
        for lane in 0..2 {
            assert_eq!(x.pop(lane), Some(0));
            assert_eq!(x.pop(lane), Some(10));
            assert_eq!(x.pop(lane), None);
        }
    }

    #[test]
    fn code_three_reads_lane_zero_in_either_stage() {
        // Op 3 (post = 3): every lane reads lane 0's row, as REPLICATE (VX).
        let mut x = Xlu::new(2, false);
        x.push(3, false, 2, |k, i| (10 * k + i) as u32, |_, _| 0);
        x.run_if_pending().unwrap();
        for lane in 0..2 {
            assert_eq!(
                (x.pop(lane), x.pop(lane), x.pop(lane)),
                (Some(0), Some(1), None)
            );
        }
        // Op 24 latched by a pattern push (pre = 3): no load, a tile that reads lane 0.
        x.push(24, false, 1, |k, _| 5 + k as u32, |_, _| 0);
        x.push_pattern(1, |_, _| 1);
        x.run_if_pending().unwrap();
        assert_eq!((x.pop(0), x.pop(1)), (Some(5), Some(5)));
    }

    #[test]
    fn post_pattern_load_steers_the_post_stage() {
        // LOAD (pre = 3) then op 2 (post ARBITRARY): lane k reads lane pattern[k].
        let mut x = Xlu::new(2, false);
        x.push(0b11000, true, 1, |_, _| 0, |k, _| 1 - k as u32);
        assert_eq!(x.depth, 0);
        x.push(2, false, 1, |k, _| 7 + k as u32, |_, _| 0);
        x.run_if_pending().unwrap();
        assert_eq!((x.pop(0), x.pop(1)), (Some(8), Some(7)));
    }
}
