//! The multi-precision array (MSA; npu-isa.md §4.7, as the VX `libtpu` model computes
//! it): a systolic array on 32-bit words that hold `pack` = 1 f32, 2 f16 (low half
//! first) or 4 fp8 values (lowest byte first), so a lane's weight column holds up to
//! `L × pack` values.
//!
//! The push's field (bits 19:15): `[4]` weight (1) or input (0), `[3:2]` the width shift
//! `sh` (only lanes `j < L >> sh` compute, the others give 0), `[1:0]` the format
//! (0 f32, 1 f16, 2 E4M3, 3 E5M2). A weight push that changes the latched format or
//! shift empties every column first. An input push computes at once: its element i of
//! every lane, unpacked lane-major, is one row of `L × pack` values, and lane j's result
//! is `y = 0; y = f32(y + f32(row[m] · W[j][m]))` over the column in order. A pop takes
//! what is there (no count check).

use std::collections::VecDeque;

use super::fp8::{Fp8, f16_to_f32};

/// The word formats of the field's bits 1:0.
pub const SINGLE: u8 = 0;
pub const HALF: u8 = 1;
pub const E4M3: u8 = 2;
pub const E5M2: u8 = 3;

/// Values per 32-bit word of a format.
#[inline(always)]
pub fn pack(format: u8) -> usize {
    match format & 3 {
        SINGLE => 1,
        HALF => 2,
        _ => 4,
    }
}

/// Value `slot` of `word` (from the low bits up) in `format`, widened exactly to f32.
#[inline(always)]
pub fn element(word: u32, slot: usize, format: u8) -> f32 {
    match format & 3 {
        SINGLE => f32::from_bits(word),
        HALF => f16_to_f32((word >> (16 * slot)) as u16),
        E4M3 => Fp8::E4M3.to_f32((word >> (8 * slot)) as u8),
        _ => Fp8::E5M2.to_f32((word >> (8 * slot)) as u8),
    }
}

/// Why a push is refused (exit 1 with the message).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Refusal {
    pub message: String,
}

pub struct Msa {
    lanes: usize,
    /// Per lane its weight column, oldest first (at most `L × pack` values).
    weights: Vec<VecDeque<f32>>,
    /// Per lane its results, oldest first (functionally unbounded).
    out: Vec<VecDeque<f32>>,
    /// Format and shift of the last weight push (0 and 0 at reset).
    pub format: u8,
    pub shift: u8,
    /// Scratch reused by every input push: one unpacked row.
    row: Vec<f32>,
}

impl Msa {
    pub fn new(lanes: usize) -> Msa {
        Msa {
            lanes,
            weights: (0..lanes)
                .map(|_| VecDeque::with_capacity(4 * lanes))
                .collect(),
            out: (0..lanes).map(|_| VecDeque::new()).collect(),
            format: SINGLE,
            shift: 0,
            row: vec![0.0; 4 * lanes],
        }
    }

    /// A push with field `field` of `vl` words per lane, `word(k, i)` being word i of
    /// lane k.
    pub fn push(
        &mut self,
        field: u8,
        vl: usize,
        word: impl Fn(usize, usize) -> u32,
    ) -> Result<(), Refusal> {
        let l = self.lanes;
        let format = field & 3;
        let p = pack(format);
        if field & 0x10 != 0 {
            let shift = (field >> 2) & 3;
            if l >> shift == 0 {
                return Err(Refusal {
                    message: format!(
                        "tpu: msa push: no column is left of {l} when shifted by {shift}"
                    ),
                });
            }
            if format != self.format || shift != self.shift {
                for c in &mut self.weights {
                    c.clear();
                }
            }
            self.format = format;
            self.shift = shift;
            let full = l * p;
            for (k, c) in self.weights.iter_mut().enumerate() {
                for i in 0..vl {
                    let w = word(k, i);
                    for slot in 0..p {
                        if c.len() == full {
                            c.pop_front();
                        }
                        c.push_back(element(w, slot, format));
                    }
                }
            }
            return Ok(());
        }
        let wp = pack(self.format);
        if p != wp {
            return Err(Refusal {
                message: format!("tpu: msa push: inputs of {p} to a word, weights of {wp}"),
            });
        }
        let computing = l >> self.shift;
        for i in 0..vl {
            for k in 0..l {
                let w = word(k, i);
                for slot in 0..p {
                    self.row[k * p + slot] = element(w, slot, format);
                }
            }
            for (j, (c, q)) in self.weights.iter().zip(&mut self.out).enumerate() {
                let mut y = 0.0f32;
                if j < computing {
                    for (&x, &w) in self.row.iter().zip(c) {
                        y += x * w;
                    }
                }
                q.push_back(y);
            }
        }
        Ok(())
    }

    /// Takes the oldest result of lane j.
    pub fn pop(&mut self, lane: usize) -> Option<f32> {
        self.out[lane].pop_front()
    }

    /// Values in lane j's weight column.
    pub fn weight_len(&self, lane: usize) -> usize {
        self.weights[lane].len()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    // Expected values by hand.
    #[test]
    fn halves_unpack_low_first_and_the_column_slides() {
        let mut m = Msa::new(2);
        // 1.0 = 0x3C00, 2.0 = 0x4000: word 0x4000_3C00 holds [1.0, 2.0].
        m.push(0x10 | HALF, 1, |_, _| 0x4000_3C00).unwrap();
        assert_eq!(m.weight_len(0), 2);
        // Three more words: the column keeps the last L·pack = 4 values.
        m.push(0x10 | HALF, 3, |_, i| {
            [0x4200_4400, 0x3C00_3C00, 0x0000_4000][i]
        })
        .unwrap();
        assert_eq!(m.weight_len(1), 4);
        // Column = [1, 1, 2, 0]; input row (lane-major) = [1, 2, 3, 4] (3 = 0x4200, 4 = 0x4400).
        m.push(HALF, 1, |k, _| [0x4000_3C00, 0x4400_4200][k])
            .unwrap();
        // 1·1 + 2·1 + 3·2 + 4·0 = 9
        assert_eq!(m.pop(0), Some(9.0));
        assert_eq!(m.pop(1), Some(9.0));
        assert_eq!(m.pop(0), None);
    }

    #[test]
    fn a_shift_silences_the_upper_lanes_and_a_change_empties_the_matrix() {
        let mut m = Msa::new(4);
        m.push(0x10, 4, |_, _| 1.0f32.to_bits()).unwrap();
        assert_eq!(m.weight_len(2), 4);
        // Shift 1: a new width, so the columns restart with these 2 weights.
        m.push(0x10 | 1 << 2, 2, |_, _| 2.0f32.to_bits()).unwrap();
        assert_eq!(m.weight_len(2), 2);
        m.push(1 << 2, 1, |k, _| (k as f32 + 1.0).to_bits())
            .unwrap();
        // Lanes 0 and 1 compute 1·2 + 2·2 = 6; lanes 2 and 3 give 0.
        let got: Vec<_> = (0..4).map(|k| m.pop(k)).collect();
        assert_eq!(got, [Some(6.0), Some(6.0), Some(0.0), Some(0.0)]);
    }

    #[test]
    fn refusals_name_the_numbers() {
        let mut m = Msa::new(2);
        let e = m.push(0x10 | 3 << 2, 1, |_, _| 0).unwrap_err();
        assert_eq!(
            e.message,
            "tpu: msa push: no column is left of 2 when shifted by 3"
        );
        let e = m.push(E4M3, 1, |_, _| 0).unwrap_err();
        assert_eq!(
            e.message,
            "tpu: msa push: inputs of 4 to a word, weights of 1"
        );
    }
}
