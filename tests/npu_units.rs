//! The custom-2 NPU units (npu-isa.md §4, test vectors of §8 items 4–7): vlane_idx, the
//! systolic array, the special-function unit, the cross-lane unit and the
//! multi-precision array.
//!
//! Each test builds a tiny user-mode guest from raw instruction words (vsetvli, the
//! custom-2 words of §4.2, the exit system call), loads input vectors straight into
//! the lanes' register files, runs it through the library (`Simulator`) and reads the
//! registers back. Expected values are written out by hand (dot products, rounding
//! cases) or, for the SFU, computed by a host C program calling glibc's libm
//! (`tests/npu_units/libm_ref.c`, compiled with the system `cc` at test time).

use npu_spike::config::MachineConfig;
use npu_spike::config::VArch;
use npu_spike::isa::Isa;
use npu_spike::loader::{Program, Segment};
use npu_spike::sim::{Config, RunError, Simulator};
use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

const CODE: u64 = 0x10000;

// ---------------------------------------------------------------- encoders

const E8: u32 = 0;
const E16: u32 = 1;
const E32: u32 = 2;
const E64: u32 = 3;

/// `vsetvli x0, x6, e<sew>, m<2^lmul>, tu, mu` preceded by `li x6, avl`.
fn setvl(p: &mut Vec<u32>, avl: u32, sew: u32, lmul_log2: u32) {
    assert!(avl < 2048);
    p.push((avl << 20) | (6 << 7) | 0x13); // addi x6, x0, avl
    let vtype = (sew << 3) | lmul_log2;
    p.push((vtype << 20) | (6 << 15) | (7 << 12) | 0x57);
}

/// `vsetvli x5, x0, e<sew>, m<2^lmul>`: vl = VLMAX.
fn setvlmax(p: &mut Vec<u32>, sew: u32, lmul_log2: u32) {
    let vtype = (sew << 3) | lmul_log2;
    p.push((vtype << 20) | (7 << 12) | (5 << 7) | 0x57);
}

/// A custom-2 word: MATCH of §4.2 with vs2 (24:20), simm5 (19:15) and vd (11:7).
fn vcix(base: u32, vs2: u32, simm5: u32, vd: u32) -> u32 {
    base | (vs2 << 20) | (simm5 << 15) | (vd << 7)
}

const VLANE_IDX: u32 = 0x0000_305B;
const COMPUTE: u32 = 0x0600_305B;
const VPOP: u32 = 0x0800_305B;
const VERF: u32 = 0x2000_305B;
const I_VPUSH: u32 = 0x2200_305B;
const VTANH: u32 = 0x2400_305B;
const W_VPUSH: u32 = 0x2600_305B;
const VSIN: u32 = 0x2800_305B;
const VCOS: u32 = 0x2800_B05B;
const VLOG: u32 = 0x2801_305B;
const VATAN: u32 = 0x2801_B05B;
const VEXP: u32 = 0x2C00_305B;
const XLU_PUSH: u32 = 0x2E00_305B;
const XLU_PUSH_PATTERN: u32 = 0xAE00_305B;
const XLU_POP: u32 = 0x0400_305B;
const MSA_PUSH: u32 = 0x2A00_305B;
const MSA_POP: u32 = 0x0C00_305B;

fn w_vpush(vs2: u32, fmt: u32) -> u32 {
    vcix(W_VPUSH, vs2, fmt, 0)
}
fn i_vpush(vs2: u32, fmt: u32) -> u32 {
    vcix(I_VPUSH, vs2, fmt, 0)
}
fn vpop(vd: u32, fmt: u32) -> u32 {
    vcix(VPOP, 0, fmt, vd)
}
fn xlu_push(vs2: u32, op: u32) -> u32 {
    vcix(XLU_PUSH, vs2, op, 0)
}
fn xlu_push_pattern(vs2: u32, vp: u32, op: u32) -> u32 {
    vcix(XLU_PUSH_PATTERN, vs2, op, vp)
}
fn xlu_pop(vd: u32) -> u32 {
    vcix(XLU_POP, 0, 0, vd)
}
fn msa_push(vs2: u32, field: u32) -> u32 {
    vcix(MSA_PUSH, vs2, field, 0)
}
fn msa_pop(vd: u32, field: u32) -> u32 {
    vcix(MSA_POP, 0, field, vd)
}

// ---------------------------------------------------------------- harness

struct Guest {
    sim: Simulator,
}

/// A machine with `lanes` lanes and VLEN `vlen`, running `words` then `exit(0)`.
fn guest(lanes: u32, vlen: u32, words: &[u32], lenient: bool) -> Guest {
    let mut code: Vec<u8> = Vec::new();
    let exit = [
        0x0000_0513u32,                // addi a0, x0, 0
        (93 << 20) | (17 << 7) | 0x13, // addi a7, x0, 93
        0x0000_0073,                   // ecall
    ];
    for w in words.iter().chain(exit.iter()) {
        code.extend_from_slice(&w.to_le_bytes());
    }
    let prog = Program {
        path: PathBuf::from("npu_units_guest"),
        entry: CODE,
        segments: vec![Segment {
            vaddr: CODE,
            mem_size: code.len() as u64,
            data: code,
        }],
        symbols: HashMap::new(),
        phdrs: Vec::new(),
        phent: 56,
    };
    let config = Config {
        isa: Isa::parse("rv64gcv_zfh").unwrap(),
        varch: VArch {
            vlen,
            elen: 64,
            vstart_alu: false,
        },
        machine: MachineConfig {
            lanes,
            xlu_lenient: lenient,
            ..MachineConfig::default()
        },
        max_insns: Some(1_000_000),
        ..Config::default()
    };
    let sim = Simulator::new(config, &prog, &["npu_units_guest".into()]).unwrap();
    Guest { sim }
}

impl Guest {
    fn vlenb(&self) -> usize {
        self.sim.hart.v.vlenb
    }
    /// Writes `bytes` at the start of register `reg` of `lane`.
    fn set(&mut self, lane: usize, reg: usize, bytes: &[u8]) {
        let off = reg * self.vlenb();
        self.sim.hart.v.lane_mut(lane)[off..off + bytes.len()].copy_from_slice(bytes);
    }
    fn set32(&mut self, lane: usize, reg: usize, xs: &[u32]) {
        let b: Vec<u8> = xs.iter().flat_map(|x| x.to_le_bytes()).collect();
        self.set(lane, reg, &b);
    }
    fn setf(&mut self, lane: usize, reg: usize, xs: &[f32]) {
        let b: Vec<u32> = xs.iter().map(|x| x.to_bits()).collect();
        self.set32(lane, reg, &b);
    }
    fn set16(&mut self, lane: usize, reg: usize, xs: &[u16]) {
        let b: Vec<u8> = xs.iter().flat_map(|x| x.to_le_bytes()).collect();
        self.set(lane, reg, &b);
    }
    /// Fills registers `reg .. reg+n` of every lane with `byte`.
    fn fill(&mut self, reg: usize, n: usize, byte: u8) {
        let vlenb = self.vlenb();
        for k in 0..self.sim.hart.v.lanes {
            self.sim.hart.v.lane_mut(k)[reg * vlenb..(reg + n) * vlenb].fill(byte);
        }
    }
    fn get(&self, lane: usize, reg: usize, nbytes: usize) -> Vec<u8> {
        let off = reg * self.vlenb();
        self.sim.hart.v.lane(lane)[off..off + nbytes].to_vec()
    }
    fn get32(&self, lane: usize, reg: usize, n: usize) -> Vec<u32> {
        self.get(lane, reg, 4 * n)
            .chunks(4)
            .map(|c| u32::from_le_bytes(c.try_into().unwrap()))
            .collect()
    }
    fn getf(&self, lane: usize, reg: usize, n: usize) -> Vec<f32> {
        self.get32(lane, reg, n)
            .into_iter()
            .map(f32::from_bits)
            .collect()
    }
    fn get16(&self, lane: usize, reg: usize, n: usize) -> Vec<u16> {
        self.get(lane, reg, 2 * n)
            .chunks(2)
            .map(|c| u16::from_le_bytes(c.try_into().unwrap()))
            .collect()
    }
    fn get64(&self, lane: usize, reg: usize, n: usize) -> Vec<u64> {
        self.get(lane, reg, 8 * n)
            .chunks(8)
            .map(|c| u64::from_le_bytes(c.try_into().unwrap()))
            .collect()
    }
    fn run_ok(&mut self) {
        match self.sim.run() {
            Ok(0) => {}
            other => panic!("guest did not exit cleanly: {other:?}"),
        }
    }
    /// Runs and expects the NPU to stop the run: returns (exit status, message).
    fn run_fatal(&mut self) -> (i32, String) {
        match self.sim.run() {
            Err(e @ RunError::Npu { .. }) => {
                let code = e.exit_code();
                let RunError::Npu { message, .. } = e else {
                    unreachable!()
                };
                (code, message)
            }
            other => panic!("expected an NPU refusal, got {other:?}"),
        }
    }
}

// ---------------------------------------------------------------- vlane_idx (§8 item 6)

#[test]
fn vlane_idx_writes_the_lane_number_into_64_bit_elements_at_every_sew() {
    // (SEW, LMUL, vl): at e32/m1, vl = 8 writes 64 bytes = two VLEN-256 registers.
    for (sew, lmul, vl) in [
        (E8, 0, 5usize),
        (E16, 0, 7),
        (E32, 0, 8),
        (E64, 0, 4),
        (E64, 2, 13),
    ] {
        let mut p = Vec::new();
        setvl(&mut p, vl as u32, sew, lmul);
        p.push(vcix(VLANE_IDX, 0, 0, 8));
        let mut g = guest(4, 256, &p, false);
        g.fill(8, 8, 0xA5);
        g.run_ok();
        for k in 0..4 {
            let got = g.get64(k, 8, 32);
            for (i, &x) in got.iter().enumerate() {
                let want = if i < vl {
                    k as u64
                } else {
                    0xA5A5_A5A5_A5A5_A5A5
                };
                assert_eq!(x, want, "SEW code {sew}, vl {vl}, lane {k}, element {i}");
            }
        }
    }
}

#[test]
fn vlane_idx_starts_at_element_0_leaves_vstart_zero_and_ignores_the_mask() {
    // vm = 0 is part of the fixed encoding; v0 all zero must not matter.
    let mut p = Vec::new();
    setvl(&mut p, 2, E64, 0);
    p.push((0x008 << 20) | (1 << 15) | (5 << 12) | 0x73); // csrwi vstart, 1
    p.push(vcix(VLANE_IDX, 0, 0, 0)); // vd = v0 itself; element 0 is written too
    let mut g = guest(4, 128, &p, false);
    g.run_ok();
    assert_eq!(g.get64(3, 0, 2), vec![3, 3]);
    assert_eq!(g.sim.hart.v.vstart, 0);
}

// ---------------------------------------------------------------- systolic array (§8 item 4)

#[test]
fn systolic_f32_sequences_are_explicit_dot_products() {
    let mut p = Vec::new();
    // 2 weight columns, input 3, pop 3.
    setvl(&mut p, 2, E32, 0);
    p.push(w_vpush(1, 0));
    setvl(&mut p, 3, E32, 0);
    p.push(i_vpush(2, 0));
    p.push(vcix(COMPUTE, 0, 0, 0));
    p.push(vpop(10, 0));
    // 2 more columns (row full), input 5, pop 2 then pop 3.
    setvl(&mut p, 2, E32, 0);
    p.push(w_vpush(3, 0));
    setvl(&mut p, 5, E32, 0);
    p.push(i_vpush(4, 0));
    setvl(&mut p, 2, E32, 0);
    p.push(vpop(11, 0));
    setvl(&mut p, 3, E32, 0);
    p.push(vpop(12, 0));
    // 3 more columns: the oldest 3 are dropped; input 1, pop 1.
    p.push(w_vpush(5, 0));
    setvl(&mut p, 1, E32, 0);
    p.push(i_vpush(6, 0));
    p.push(vpop(13, 0));
    let mut g = guest(4, 256, &p, false);
    g.fill(10, 4, 0xEE);
    for j in 0..4 {
        let c = (j + 1) as f32;
        g.setf(j, 1, &[c, 10.0 * c]);
        g.setf(j, 3, &[100.0 * c, 0.125]);
        g.setf(j, 5, &[-c, 2.0, 0.5]);
    }
    // Input rows: one element from each lane.
    g.setf(0, 2, &[1.0, 2.0, 3.0]);
    g.setf(1, 2, &[0.5, 0.25, -1.0]);
    g.setf(2, 2, &[1e30, 1e30, 1e30]); // beyond the 2-value weight rows: unused
    g.setf(3, 2, &[-7.0, -7.0, -7.0]);
    for k in 0..4 {
        let mut row = [0.0f32; 5];
        row[k] = 1.0;
        row[4] = 1.0;
        g.setf(k, 4, &row);
    }
    g.setf(0, 6, &[8.0]);
    g.setf(1, 6, &[1.0]);
    g.setf(2, 6, &[3.0]);
    g.setf(3, 6, &[4.0]);
    g.run_ok();
    for j in 0..4 {
        let c = (j + 1) as f32;
        // y = x0 * c + x1 * 10c
        assert_eq!(
            g.getf(j, 10, 3),
            vec![6.0 * c, 4.5 * c, -7.0 * c],
            "lane {j}"
        );
        assert_eq!(g.get32(j, 10, 4)[3], 0xEEEE_EEEE);
        // identity rows pick W[j][i]; the ones row sums it.
        assert_eq!(g.getf(j, 11, 2), vec![c, 10.0 * c]);
        assert_eq!(g.getf(j, 12, 3), vec![100.0 * c, 0.125, 111.0 * c + 0.125]);
        // W[j] = [0.125, -c, 2, 0.5], x = [8, 1, 3, 4]
        assert_eq!(g.getf(j, 13, 1), vec![8.0 - j as f32]);
    }
    assert_eq!(g.sim.hart.npu.sa.ready, 0);
}

#[test]
fn systolic_adds_rounded_products_in_order_without_fma() {
    // W = [1+2^-12, 1], x = [1+2^-12, -(1+2^-11)]: the product 1+2^-11+2^-24 rounds to
    // 1+2^-11 (tie to even), so the sum is exactly 0 (a fused multiply-add gives 2^-24).
    // Second lane: 1 + 1e-8 - 1 = 0 in f32 (sequential rounding), not 1e-8.
    let mut p = Vec::new();
    setvl(&mut p, 2, E32, 0);
    p.push(w_vpush(1, 0));
    setvl(&mut p, 1, E32, 0);
    p.push(i_vpush(2, 0));
    p.push(vpop(3, 0));
    let mut g = guest(2, 128, &p, false);
    let a = 1.0 + 2f32.powi(-12);
    g.setf(0, 1, &[a, 1.0]);
    g.setf(1, 1, &[1.0, 1.0]);
    g.setf(0, 2, &[a]);
    g.setf(1, 2, &[-(1.0 + 2f32.powi(-11))]);
    g.run_ok();
    assert_eq!(g.get32(0, 3, 1), vec![0]);
    // lane 1: 1*a + 1*(-(1+2^-11)) = 1+2^-12 - 1 - 2^-11 = -2^-12, exact.
    assert_eq!(g.getf(1, 3, 1), vec![-(2f32.powi(-12))]);
}

/// Runs W[j] = [ys[j]], x = [1.0] and pops at `sew` with `fmt` under `frm`; returns
/// the popped elements as u64 per lane.
fn pop_narrow(ys: [f32; 4], sew: u32, fmt: u32, frm: u8) -> Vec<u64> {
    let mut p = Vec::new();
    setvl(&mut p, 1, E32, 0);
    p.push(w_vpush(1, 0));
    p.push(i_vpush(2, 0));
    setvl(&mut p, 1, sew, 0);
    p.push(vpop(3, fmt));
    let mut g = guest(4, 128, &p, false);
    for (j, y) in ys.iter().enumerate() {
        g.setf(j, 1, &[*y]);
    }
    g.setf(0, 2, &[1.0]);
    g.sim.hart.csr.frm = frm;
    g.run_ok();
    (0..4)
        .map(|j| match sew {
            E8 => g.get(j, 3, 1)[0] as u64,
            _ => g.get16(j, 3, 1)[0] as u64,
        })
        .collect()
}

#[test]
fn systolic_f16_pops_round_by_frm_and_overflow_past_65504() {
    let ys = [
        65520.0, // halfway 65504 / 65536(=inf)
        -65520.0,
        1.0 + 2f32.powi(-11) + 2f32.powi(-20), // just above a half-ulp
        -(1.0 + 2f32.powi(-11)),               // exact tie
    ];
    // frm 0 RNE, 1 RTZ, 2 RDN, 3 RUP, 4 RMM, 5 round-to-odd, 6/7 RTZ (npu-isa.md §4.8).
    let want: [[u64; 4]; 8] = [
        [0x7C00, 0xFC00, 0x3C01, 0xBC00],
        [0x7BFF, 0xFBFF, 0x3C00, 0xBC00],
        [0x7BFF, 0xFC00, 0x3C00, 0xBC01],
        [0x7C00, 0xFBFF, 0x3C01, 0xBC00],
        [0x7C00, 0xFC00, 0x3C01, 0xBC01],
        [0x7BFF, 0xFBFF, 0x3C01, 0xBC01],
        [0x7BFF, 0xFBFF, 0x3C00, 0xBC00],
        [0x7BFF, 0xFBFF, 0x3C00, 0xBC00],
    ];
    for frm in 0..8u8 {
        assert_eq!(pop_narrow(ys, E16, 0, frm), want[frm as usize], "frm {frm}");
    }
    // Finite values past 65504 (RNE): 120000 → inf, -1e5 → -inf, 65519 (below the
    // 65520 midpoint) → 65504.
    assert_eq!(
        pop_narrow([120000.0, -1e5, 65504.0, 65519.0], E16, 0, 0),
        vec![0x7C00, 0xFC00, 0x7BFF, 0x7BFF]
    );
}

#[test]
fn systolic_fp8_pops_round_by_frm() {
    // E4M3 (simm5 1): 464 halfway 448/480(→NaN); -1000 beyond; 1.0625 tie 1/1.125;
    // 2^-10 half the smallest subnormal.
    let e4 = [464.0, -1000.0, 1.0625, 2f32.powi(-10)];
    let want4: [[u64; 4]; 8] = [
        [0x7E, 0xFF, 0x38, 0x00],
        [0x7E, 0xFE, 0x38, 0x00],
        [0x7E, 0xFF, 0x38, 0x00],
        [0x7F, 0xFE, 0x39, 0x01],
        [0x7F, 0xFF, 0x39, 0x01],
        [0x7E, 0xFE, 0x39, 0x01],
        [0x7E, 0xFE, 0x38, 0x00],
        [0x7E, 0xFE, 0x38, 0x00],
    ];
    // E5M2 (simm5 2): 61440 halfway 57344/65536(→inf); -1e6; 1.125 tie 1/1.25;
    // -0.75 of the smallest subnormal 2^-16.
    let e5 = [61440.0, -1e6, 1.125, -3.0 * 2f32.powi(-18)];
    let want5: [[u64; 4]; 8] = [
        [0x7C, 0xFC, 0x3C, 0x81],
        [0x7B, 0xFB, 0x3C, 0x80],
        [0x7B, 0xFC, 0x3C, 0x81],
        [0x7C, 0xFB, 0x3D, 0x80],
        [0x7C, 0xFC, 0x3D, 0x81],
        [0x7B, 0xFB, 0x3D, 0x81],
        [0x7B, 0xFB, 0x3C, 0x80],
        [0x7B, 0xFB, 0x3C, 0x80],
    ];
    for frm in 0..8u8 {
        assert_eq!(
            pop_narrow(e4, E8, 1, frm),
            want4[frm as usize],
            "E4M3 frm {frm}"
        );
        assert_eq!(
            pop_narrow(e5, E8, 2, frm),
            want5[frm as usize],
            "E5M2 frm {frm}"
        );
    }
    // NaN and infinities (frm ignored for them); -0.0 reaches the pop as +0.0 because
    // the dot product starts from +0.0.
    let nan = f32::NAN;
    assert_eq!(
        pop_narrow([nan, f32::INFINITY, f32::NEG_INFINITY, -0.0], E8, 1, 1),
        vec![0x7F, 0x7F, 0xFF, 0x00]
    );
    assert_eq!(
        pop_narrow([nan, f32::INFINITY, f32::NEG_INFINITY, -0.0], E8, 2, 1),
        vec![0x7E, 0x7C, 0xFC, 0x00]
    );
    assert_eq!(pop_narrow([-nan, 1.0, 1.0, 1.0], E16, 0, 0)[0], 0x7E00);
}

#[test]
fn systolic_int8_and_fp8_and_f16_inputs() {
    // int8 (simm5 0) weights and input, int8 pop: (int8)(int32) truncation.
    let mut p = Vec::new();
    setvl(&mut p, 1, E8, 0);
    p.push(w_vpush(1, 0));
    p.push(i_vpush(2, 0));
    p.push(vpop(3, 0));
    // fp8: E4M3 weights, E5M2 input, f32 pop.
    p.push(w_vpush(4, 1)); // appends: W[j] = [int8 w, e4m3 w]
    p.push(i_vpush(5, 2));
    setvl(&mut p, 1, E32, 0);
    p.push(vpop(6, 0));
    let mut g = guest(4, 128, &p, false);
    let w8 = [0xFFu8, 0x7F, 0x80, 0x05]; // -1, 127, -128, 5
    let e4 = [0x38u8, 0x7E, 0x01, 0xB8]; // 1, 448, 2^-9, -1
    for j in 0..4 {
        g.set(j, 1, &[w8[j]]);
        g.set(j, 4, &[e4[j]]);
    }
    g.set(0, 2, &[3]);
    // E5M2 inputs: lane0 0x40 = 2.0, lane1 0xBC = -1.0
    g.set(0, 5, &[0x40]);
    g.set(1, 5, &[0xBC]);
    g.run_ok();
    // y = 3*w: -3, 381 → low byte 0x7D, -384 → 0x80, 15
    let got: Vec<u8> = (0..4).map(|j| g.get(j, 3, 1)[0]).collect();
    assert_eq!(got, vec![0xFD, 0x7D, 0x80, 0x0F]);
    // y = 2*w8 + (-1)*e4: lane0 -2-1, lane1 254-448, lane2 -256-2^-9, lane3 10+1
    let got: Vec<f32> = (0..4).map(|j| g.getf(j, 6, 1)[0]).collect();
    assert_eq!(got, vec![-3.0, -194.0, -256.0 - 2f32.powi(-9), 11.0]);

    // f16 weights and input, e32 pop; then a SEW-64 weight push (zeros) and an e64 pop
    // (singles into a 32-bit view).
    let mut p = Vec::new();
    setvl(&mut p, 1, E16, 0);
    p.push(w_vpush(1, 0));
    p.push(i_vpush(2, 0));
    setvl(&mut p, 1, E32, 0);
    p.push(vpop(3, 0));
    setvl(&mut p, 1, E64, 0);
    p.push(w_vpush(4, 0)); // W[j] = [h_j, 0.0]
    setvl(&mut p, 2, E32, 0);
    p.push(i_vpush(5, 0));
    setvl(&mut p, 2, E64, 0);
    p.push(vpop(6, 0));
    let mut g = guest(4, 128, &p, false);
    let h = [0x3C00u16, 0x7BFF, 0xC000, 0x0001]; // 1, 65504, -2, 2^-24
    for (j, &hj) in h.iter().enumerate() {
        g.set16(j, 1, &[hj]);
        g.set(j, 4, &[0x3F; 8]); // ignored at SEW 64
    }
    g.set16(0, 2, &[0x4000]); // 2.0
    g.setf(0, 5, &[1.0, 3.0]);
    g.setf(1, 5, &[1e9, 1e9]);
    g.fill(6, 1, 0xAA);
    g.run_ok();
    let got: Vec<f32> = (0..4).map(|j| g.getf(j, 3, 1)[0]).collect();
    assert_eq!(got, vec![2.0, 131008.0, -4.0, 2f32.powi(-23)]);
    let hf = [1.0f32, 65504.0, -2.0, 2f32.powi(-24)];
    for (j, &y) in hf.iter().enumerate() {
        assert_eq!(g.getf(j, 6, 2), vec![y, 3.0 * y], "lane {j}");
        assert_eq!(g.get32(j, 6, 4)[2..], [0xAAAA_AAAA, 0xAAAA_AAAA]);
    }
}

#[test]
fn systolic_int8_pop_of_nan_and_out_of_range_is_the_x86_integer_indefinite() {
    // (int8)(int32)y with NaN / |y| >= 2^31 → 0x80000000 → low byte 0.
    let got = pop_narrow([f32::NAN, 3e9, -3e9, -1.9], E8, 0, 0);
    assert_eq!(got, vec![0x00, 0x00, 0x00, 0xFF]);
}

#[test]
fn systolic_fp8_format_is_the_simm5_alone() {
    // VX reads the format from simm5 only (1 E4M3, 2 E5M2, else int8); a descriptor's
    // byte 117 plays no part: here CONFIG_DESC names the code itself as the descriptor,
    // whose byte 117 (byte 1 of word 29, `addi gp, x0, 0` = 0x00000193) is 1 (E4M3).
    // 0x38 is 1.0 as E4M3, 0.5 as E5M2, 56 as int8.
    for (simm5, want) in [(1u32, 1.0f32), (2, 0.5), (0, 56.0), (3, 56.0), (31, 56.0)] {
        let mut p = vec![
            0x0001_0537,                               // lui a0, 0x10: a0 = 0x10000 (CODE)
            (7 << 25) | (10 << 15) | (3 << 12) | 0x2b, // config_desc a0
        ];
        p.resize(29, 0x13); // nops
        p.push(0x0000_0193);
        setvl(&mut p, 1, E8, 0);
        p.push(w_vpush(1, simm5));
        setvl(&mut p, 1, E32, 0);
        p.push(i_vpush(2, 0));
        p.push(vpop(3, 0));
        let mut g = guest(1, 128, &p, false);
        g.set(0, 1, &[0x38]);
        g.setf(0, 2, &[1.0]);
        g.run_ok();
        assert_eq!(g.getf(0, 3, 1)[0], want, "simm5 {simm5}");
    }
}

#[test]
fn systolic_refusals_exit_1() {
    // Pop before anything was computed.
    let mut p = Vec::new();
    setvl(&mut p, 1, E32, 0);
    p.push(w_vpush(1, 0));
    p.push(vpop(3, 0));
    let mut g = guest(4, 128, &p, false);
    assert_eq!(
        g.run_fatal(),
        (
            1,
            "tpu: systolic pop: 1 elements asked, 0 computed".to_string()
        )
    );
    // Pop of more than was computed.
    let mut p = Vec::new();
    setvl(&mut p, 1, E32, 0);
    p.push(w_vpush(1, 0));
    p.push(i_vpush(2, 0));
    setvl(&mut p, 2, E32, 0);
    p.push(vpop(3, 0));
    let mut g = guest(4, 128, &p, false);
    assert_eq!(
        g.run_fatal(),
        (
            1,
            "tpu: systolic pop: 2 elements asked, 1 computed".to_string()
        )
    );
    // Input before any weight.
    let mut p = Vec::new();
    setvl(&mut p, 1, E32, 0);
    p.push(i_vpush(2, 0));
    let mut g = guest(4, 128, &p, false);
    assert_eq!(
        g.run_fatal(),
        (
            1,
            "tpu: systolic input push: no weight was pushed before it".to_string()
        )
    );
}

// ---------------------------------------------------------------- multi-precision array (§4.7, VX)
//
// Expected values by hand: the VX model's rules (msa push/pop of examples/tpu/functional.hpp)
// applied to small exact numbers.

const WEIGHT: u32 = 0x10;
const HALF: u32 = 1;
const E4M3_WORD: u32 = 2;
const E5M2_WORD: u32 = 3;

#[test]
fn msa_f32_columns_keep_the_last_l_values_and_pops_take_what_is_there() {
    let mut p = Vec::new();
    setvl(&mut p, 3, E32, 0);
    p.push(msa_push(1, WEIGHT)); // f32 weights, 3 words: each column keeps the last L = 2
    setvl(&mut p, 1, E32, 0);
    p.push(msa_push(2, 0)); // one input row
    setvl(&mut p, 2, E32, 0);
    p.push(msa_pop(3, 0)); // asks 2, one is there
    let mut g = guest(2, 128, &p, false);
    g.setf(0, 1, &[1.0, 2.0, 3.0]);
    g.setf(1, 1, &[10.0, 20.0, 30.0]);
    g.setf(0, 2, &[4.0]);
    g.setf(1, 2, &[5.0]);
    g.fill(3, 1, 0xAA);
    g.run_ok();
    // Row [4, 5]; lane 0's column [2, 3] -> 4*2 + 5*3; lane 1's [20, 30] -> 80 + 150.
    assert_eq!(g.get32(0, 3, 2), vec![23.0f32.to_bits(), 0xAAAA_AAAA]);
    assert_eq!(g.get32(1, 3, 2), vec![230.0f32.to_bits(), 0xAAAA_AAAA]);
}

#[test]
fn msa_halves_and_fp8_words_unpack_low_first_lane_major() {
    let mut p = Vec::new();
    setvl(&mut p, 1, E32, 0);
    p.push(msa_push(1, WEIGHT | HALF));
    p.push(msa_push(2, HALF));
    p.push(msa_pop(3, 0));
    // A new format empties the matrix; inputs of the other fp8 kind pack as many.
    p.push(msa_push(4, WEIGHT | E4M3_WORD));
    p.push(msa_push(5, E5M2_WORD));
    p.push(msa_pop(6, 0));
    let mut g = guest(2, 128, &p, false);
    // Halves 1.0 = 0x3C00, 2.0 = 0x4000, 3.0 = 0x4200, 4.0 = 0x4400 (low half first).
    g.set32(0, 1, &[0x4000_3C00]); // [1, 2]
    g.set32(1, 1, &[0x4400_4200]); // [3, 4]
    g.set32(0, 2, &[0x3C00_3C00]); // [1, 1]
    g.set32(1, 2, &[0x4000_4000]); // [2, 2]  -> row [1, 1, 2, 2]
    // E4M3 0x38 = 1, 0x40 = 2; E5M2 0x3C = 1, 0x40 = 2 (lowest byte first).
    g.set32(0, 4, &[0x4038_3838]); // [1, 1, 1, 2]
    g.set32(1, 4, &[0x3838_3838]); // [1, 1, 1, 1]
    g.set32(0, 5, &[0x3C3C_3C3C]); // [1, 1, 1, 1]
    g.set32(1, 5, &[0x4040_4040]); // [2, 2, 2, 2] -> row [1, 1, 1, 1, 2, 2, 2, 2]
    g.run_ok();
    // Columns of 2 values meet the first 2 of the row: 1*1 + 2*1, 3*1 + 4*1.
    assert_eq!(g.getf(0, 3, 1), vec![3.0]);
    assert_eq!(g.getf(1, 3, 1), vec![7.0]);
    // Columns of 4: [1, 1, 1, 2] . [1, 1, 1, 1], [1, 1, 1, 1] . [1, 1, 1, 1].
    assert_eq!(g.getf(0, 6, 1), vec![5.0]);
    assert_eq!(g.getf(1, 6, 1), vec![4.0]);
}

#[test]
fn msa_width_shift_silences_the_upper_lanes() {
    let mut p = Vec::new();
    setvl(&mut p, 1, E32, 0);
    p.push(msa_push(1, WEIGHT | 1 << 2)); // shift 1: lanes 0, 1 of 4 compute
    p.push(msa_push(2, 3 << 2)); // an input's own shift field is not read
    p.push(msa_pop(3, 0));
    p.push(msa_push(1, WEIGHT | 2 << 2)); // shift 2: lane 0 alone; the matrix restarts
    p.push(msa_push(2, 0));
    p.push(msa_pop(4, 0));
    let mut g = guest(4, 128, &p, false);
    for k in 0..4 {
        g.setf(k, 1, &[2.0]);
        g.setf(k, 2, &[(k + 1) as f32]);
    }
    g.run_ok();
    // Each column holds one weight (2.0), met by the row's first value (1.0).
    let lanes = |reg| (0..4).map(|k| g.getf(k, reg, 1)[0]).collect::<Vec<_>>();
    assert_eq!(lanes(3), vec![2.0, 2.0, 0.0, 0.0]);
    assert_eq!(lanes(4), vec![2.0, 0.0, 0.0, 0.0]);
}

#[test]
fn msa_pops_round_to_nearest_even_whatever_frm_says() {
    // One lane, weight 1.0: the results are the inputs. frm = 1 (RTZ) is ignored.
    let ys = [
        f32::from_bits(0x3F80_1008), // 1 + 2^-11 + 2^-20: half RNE 0x3C01 (RTZ 0x3C00)
        1.0625 + 1.0 / 1048576.0,    // E4M3 RNE 0x39 = 1.125 (RTZ 0x38)
        1.125 + 1.0 / 1048576.0,     // E5M2 RNE 0x3D = 1.25 (RTZ 0x3C)
        1.0625,                      // the E4M3 tie between 0x38 and 0x39: even, 0x38
        3.5,
    ];
    let mut p = Vec::new();
    setvl(&mut p, 1, E32, 0);
    p.push(msa_push(1, WEIGHT));
    setvl(&mut p, 5, E32, 1); // m2: 5 words, v8 and the start of v9
    p.push(msa_push(8, 0));
    setvl(&mut p, 1, E16, 0);
    p.push(msa_pop(3, 0));
    setvl(&mut p, 1, E8, 0);
    p.push(msa_pop(4, 0)); // field 0: E4M3
    p.push(msa_pop(5, E5M2_WORD)); // field 3: E5M2
    p.push(msa_pop(6, HALF)); // field 1: E4M3 too
    setvl(&mut p, 1, E64, 0);
    p.push(msa_pop(7, 0)); // e64 writes a single into a 32-bit view
    let mut g = guest(1, 128, &p, false);
    g.sim.hart.csr.frm = 1;
    g.setf(0, 1, &[1.0]);
    g.setf(0, 8, &ys);
    g.fill(3, 5, 0xEE);
    g.run_ok();
    assert_eq!(g.get16(0, 3, 1), vec![0x3C01]);
    assert_eq!(g.get(0, 4, 1), vec![0x39]);
    assert_eq!(g.get(0, 5, 1), vec![0x3D]);
    assert_eq!(g.get(0, 6, 1), vec![0x38]);
    assert_eq!(g.get32(0, 7, 2), vec![3.5f32.to_bits(), 0xEEEE_EEEE]);
}

#[test]
fn msa_refusals_exit_1_with_the_models_messages() {
    let cases: [(&[u32], u32, &str); 3] = [
        (
            &[E16, WEIGHT],
            2,
            "tpu: msa push: its elements are words of 32 bits, not of 16",
        ),
        (
            &[E32, WEIGHT | 3 << 2],
            2,
            "tpu: msa push: no column is left of 2 when shifted by 3",
        ),
        // Weights default to f32 (1 to a word); E4M3 inputs are 4 to a word.
        (
            &[E32, E4M3_WORD],
            2,
            "tpu: msa push: inputs of 4 to a word, weights of 1",
        ),
    ];
    for (what, lanes, msg) in cases {
        let mut p = Vec::new();
        setvl(&mut p, 1, what[0], 0);
        p.push(msa_push(1, what[1]));
        let mut g = guest(lanes, 128, &p, false);
        assert_eq!(g.run_fatal(), (1, msg.to_string()));
    }
}

// ---------------------------------------------------------------- cross-lane unit (§8 item 5)

#[test]
fn xlu_transpose_then_leftover_is_discarded() {
    let mut p = Vec::new();
    setvl(&mut p, 2, E32, 0);
    p.push(xlu_push(1, 4)); // TRANSPOSE
    setvl(&mut p, 4, E32, 0);
    p.push(xlu_pop(10));
    // Second tile: pop only 2 (lane 0 keeps 5, 7 pending), then a new transpose.
    setvl(&mut p, 2, E32, 0);
    p.push(xlu_push(1, 4));
    p.push(xlu_pop(11));
    setvl(&mut p, 1, E32, 0);
    p.push(xlu_push(2, 4));
    setvl(&mut p, 4, E32, 0);
    p.push(xlu_pop(12));
    let mut g = guest(4, 128, &p, false);
    g.fill(10, 3, 0xAA);
    for k in 0..4u32 {
        g.set32(k as usize, 1, &[2 * k + 1, 2 * k + 2]);
        g.set32(k as usize, 2, &[100 * (k + 1)]);
    }
    g.run_ok();
    let fill = 0xAAAA_AAAAu32;
    assert_eq!(g.get32(0, 10, 4), vec![1, 3, 5, 7]);
    assert_eq!(g.get32(1, 10, 4), vec![2, 4, 6, 8]);
    assert_eq!(g.get32(2, 10, 4), vec![fill; 4]);
    assert_eq!(g.get32(3, 10, 4), vec![fill; 4]);
    assert_eq!(g.get32(0, 11, 4), vec![1, 3, fill, fill]);
    assert_eq!(g.get32(0, 12, 4), vec![100, 200, 300, 400]);
    for k in 1..4 {
        assert_eq!(g.get32(k, 12, 4), vec![fill; 4], "lane {k}");
    }
}

#[test]
fn xlu_broadcast_permute_depth1_and_bit_patterns() {
    let mut p = Vec::new();
    // BROADCAST (8) of lane 0's row {9, 8}.
    setvl(&mut p, 2, E32, 0);
    p.push(xlu_push(1, 8));
    p.push(xlu_pop(10));
    // PERMUTE (16) of 10,20,30,40 with patterns 2,3,0,9.
    setvl(&mut p, 1, E32, 0);
    p.push(xlu_push_pattern(2, 3, 16));
    p.push(xlu_pop(11));
    // depth-1 transpose {1},{2},{3},{4} into lane 0 only.
    p.push(xlu_push(4, 4));
    setvl(&mut p, 4, E32, 0);
    p.push(xlu_pop(12));
    // Bit patterns survive.
    setvl(&mut p, 1, E32, 0);
    p.push(xlu_push(5, 4));
    setvl(&mut p, 4, E32, 0);
    p.push(xlu_pop(13));
    // Pop with nothing pushed and nothing left: vd unchanged.
    p.push(xlu_pop(14));
    let mut g = guest(4, 128, &p, false);
    g.fill(10, 5, 0xAA);
    let bits = [0xFFFF_FFFFu32, 0x7F80_0001, 0x0000_0001, 0x8000_0000];
    for k in 0..4u32 {
        let ku = k as usize;
        g.set32(ku, 1, &if k == 0 { [9, 8] } else { [k * 11, k * 13] });
        g.set32(ku, 2, &[10 * (k + 1)]);
        g.set32(ku, 3, &[[2, 3, 0, 9][ku]]);
        g.set32(ku, 4, &[k + 1]);
        g.set32(ku, 5, &[bits[ku]]);
    }
    g.run_ok();
    let fill = 0xAAAA_AAAAu32;
    for k in 0..4 {
        assert_eq!(g.get32(k, 10, 2), vec![9, 8], "broadcast lane {k}");
        assert_eq!(
            g.get32(k, 11, 1),
            vec![[30, 40, 10, 0][k]],
            "permute lane {k}"
        );
        assert_eq!(g.get32(k, 14, 4), vec![fill; 4]);
    }
    assert_eq!(g.get32(0, 12, 4), vec![1, 2, 3, 4]);
    assert_eq!(g.get32(0, 13, 4), bits.to_vec());
    for k in 1..4 {
        assert_eq!(g.get32(k, 12, 4), vec![fill; 4]);
        assert_eq!(g.get32(k, 13, 4), vec![fill; 4]);
    }
}

#[test]
fn xlu_all_gather_and_post_pattern_load() {
    let mut p = Vec::new();
    // ALL_GATHER (5 = cross, then REPLICATE): every lane gets row 0 of the transpose.
    setvl(&mut p, 2, E32, 0);
    p.push(xlu_push(1, 5));
    setvl(&mut p, 4, E32, 0);
    p.push(xlu_pop(10));
    // LOAD (op 24) of 4 post-pattern words per lane, then op 6 (cross, post ARBITRARY)
    // of the depth-1 tile 10, 20, 30, 40: row 0 = [10 20 30 40], rows 1-3 empty.
    p.push(xlu_push(2, 24));
    setvl(&mut p, 1, E32, 0);
    p.push(xlu_push(3, 6));
    setvl(&mut p, 4, E32, 0);
    p.push(xlu_pop(11));
    let mut g = guest(4, 128, &p, false);
    g.fill(10, 2, 0xAA);
    let post = [[0u32, 0, 0, 0], [0, 1, 0, 1], [3, 2, 1, 0], [9, 0, 2, 0]];
    for k in 0..4u32 {
        let ku = k as usize;
        g.set32(ku, 1, &[2 * k + 1, 2 * k + 2]);
        g.set32(ku, 2, &post[ku]);
        g.set32(ku, 3, &[10 * (k + 1)]);
    }
    g.run_ok();
    for k in 0..4 {
        assert_eq!(g.get32(k, 10, 4), vec![1, 3, 5, 7], "all-gather lane {k}");
    }
    // value = t[pattern][kk]; rows other than 0 are empty (0), lane 9 does not exist.
    assert_eq!(g.get32(0, 11, 4), vec![10, 20, 30, 40]);
    assert_eq!(g.get32(1, 11, 4), vec![10, 0, 30, 0]);
    assert_eq!(g.get32(2, 11, 4), vec![0, 0, 0, 40]);
    assert_eq!(g.get32(3, 11, 4), vec![0, 20, 0, 40]);
}

#[test]
fn xlu_narrow_elements_travel_zero_extended() {
    // e16 push, e32 pop: zero-extended; e32 push, e8 pop: low 8 bits.
    let mut p = Vec::new();
    setvl(&mut p, 1, E16, 0);
    p.push(xlu_push(1, 4));
    setvl(&mut p, 4, E32, 0);
    p.push(xlu_pop(10));
    setvl(&mut p, 1, E32, 0);
    p.push(xlu_push(2, 4));
    setvl(&mut p, 4, E8, 0);
    p.push(xlu_pop(11));
    let mut g = guest(4, 128, &p, false);
    for k in 0..4 {
        g.set16(k, 1, &[0xFFF0 + k as u16]);
        g.set32(k, 2, &[0x1234_5600 + k as u32]);
    }
    g.run_ok();
    assert_eq!(g.get32(0, 10, 4), vec![0xFFF0, 0xFFF1, 0xFFF2, 0xFFF3]);
    assert_eq!(g.get(0, 11, 4), vec![0, 1, 2, 3]);
}

#[test]
fn xlu_code_three_shuffles_like_replicate_in_either_stage() {
    // As VX computes it: every shuffle code but BYPASS (0) and ARBITRARY (2) reads lane 0.
    // Op 3 (post = 3) on a plain push; op 24 (pre = 3) on a pattern push, which never
    // loads (only a plain push with pre = 3 is a post-pattern LOAD).
    let mut p = Vec::new();
    setvl(&mut p, 2, E32, 0);
    p.push(xlu_push(1, 3));
    p.push(xlu_pop(10));
    setvl(&mut p, 1, E32, 0);
    p.push(xlu_push_pattern(2, 3, 24));
    p.push(xlu_pop(11));
    let mut g = guest(2, 128, &p, false);
    g.set32(0, 1, &[1, 2]);
    g.set32(1, 1, &[3, 4]);
    g.set32(0, 2, &[7]);
    g.set32(1, 2, &[8]);
    g.set32(0, 3, &[1]);
    g.set32(1, 3, &[1]);
    g.run_ok();
    for k in 0..2 {
        assert_eq!(g.get32(k, 10, 2), vec![1, 2], "lane {k}");
        assert_eq!(g.get32(k, 11, 1), vec![7], "lane {k}");
    }
}

#[test]
fn xlu_pattern_width_mismatch_exits_201_unless_lenient() {
    let prog = || {
        let mut p = Vec::new();
        setvl(&mut p, 1, E32, 0);
        p.push(xlu_push(2, 16)); // PERMUTE without a pattern
        p.push(xlu_pop(11));
        p
    };
    let mut g = guest(4, 128, &prog(), false);
    for k in 0..4u32 {
        g.set32(k as usize, 2, &[10 * (k + 1)]);
    }
    assert_eq!(
        g.run_fatal(),
        (
            201,
            "XLU ERROR: the pre stage walks 1 columns but lane 0 carries 0 pattern entries (SIMM5 16)"
                .to_string()
        )
    );
    // Lenient (SJ): the missing pattern entries select the lane itself.
    let mut g = guest(4, 128, &prog(), true);
    for k in 0..4u32 {
        g.set32(k as usize, 2, &[10 * (k + 1)]);
    }
    g.run_ok();
    for k in 0..4 {
        assert_eq!(g.get32(k, 11, 1), vec![10 * (k as u32 + 1)]);
    }
}

// ---------------------------------------------------------------- SFU (§8 item 7)

/// The host reference: `libm_ref FUNC KIND` on `input`, compiled once per test process.
fn libm_ref(func: &str, kind: &str, input: &[u8]) -> Vec<u8> {
    static BIN: std::sync::OnceLock<PathBuf> = std::sync::OnceLock::new();
    let bin = BIN.get_or_init(|| {
        let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/npu_units/libm_ref.c");
        let out = std::env::temp_dir().join(format!("npu-spike-libm-ref-{}", std::process::id()));
        let st = Command::new("cc")
            .args(["-O2", "-o"])
            .arg(&out)
            .arg(&src)
            .arg("-lm")
            .status()
            .expect("the SFU reference needs the system C compiler `cc`");
        assert!(st.success(), "compiling {}", src.display());
        out
    });
    let mut child = Command::new(bin)
        .args([func, kind])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .unwrap();
    let mut stdin = child.stdin.take().unwrap();
    let data = input.to_vec();
    let writer = std::thread::spawn(move || {
        use std::io::Write;
        stdin.write_all(&data).unwrap();
    });
    let out = child.wait_with_output().unwrap();
    writer.join().unwrap();
    assert!(out.status.success());
    assert_eq!(out.stdout.len(), input.len());
    out.stdout
}

const SFU: [(&str, u32); 7] = [
    ("erf", VERF),
    ("tanh", VTANH),
    ("exp", VEXP),
    ("sin", VSIN),
    ("cos", VCOS),
    ("log", VLOG),
    ("atan", VATAN),
];

/// Runs `op` on `per_lane` elements of `bytes` each in every lane (VLEN 4096, LMUL 8,
/// vs2 = v8, vd = v16); returns the concatenated results, lane by lane.
fn run_sfu(op: u32, lanes: u32, sew: u32, per_lane: usize, input: &[u8]) -> Vec<u8> {
    let bytes = 1usize << sew;
    let mut p = Vec::new();
    setvlmax(&mut p, sew, 3);
    p.push(vcix(op, 8, 0, 16));
    let mut g = guest(lanes, 4096, &p, false);
    assert_eq!(g.sim.hart.v.vlenb * 8 / bytes, per_lane, "VLMAX at LMUL 8");
    let n = per_lane * bytes;
    for k in 0..lanes as usize {
        g.set(k, 8, &input[k * n..(k + 1) * n]);
    }
    g.run_ok();
    (0..lanes as usize).flat_map(|k| g.get(k, 16, n)).collect()
}

/// xorshift64 bit patterns.
fn patterns(n: usize, seed: u64) -> Vec<u64> {
    let mut x = seed;
    (0..n)
        .map(|_| {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            x
        })
        .collect()
}

fn first_difference(got: &[u8], want: &[u8], input: &[u8], width: usize) -> Option<String> {
    (0..got.len() / width).find_map(|i| {
        let r = i * width..(i + 1) * width;
        (got[r.clone()] != want[r.clone()]).then(|| {
            format!(
                "element {i}: input {:02x?} gave {:02x?}, libm says {:02x?}",
                &input[r.clone()],
                &got[r.clone()],
                &want[r]
            )
        })
    })
}

#[test]
fn sfu_e16_every_half_bit_pattern_matches_libm_rounded_to_nearest_even() {
    // 32 lanes x 2048 halves = all 65536 patterns in one instruction.
    let input: Vec<u8> = (0..=u16::MAX).flat_map(|h| h.to_le_bytes()).collect();
    for (name, op) in SFU {
        let got = run_sfu(op, 32, E16, 2048, &input);
        let want = libm_ref(name, "h", &input);
        if let Some(d) = first_difference(&got, &want, &input, 2) {
            panic!("v{name} at e16: {d}");
        }
    }
}

#[test]
fn sfu_e32_matches_glibc_float_functions() {
    // 4 lanes x 1024: random bit patterns, plus values in the functions' busy ranges.
    let mut vals: Vec<u32> = patterns(2048, 0x9E37_79B9_7F4A_7C15)
        .into_iter()
        .map(|x| (x >> 32) as u32)
        .collect();
    let specials = [
        0.0f32,
        -0.0,
        1.0,
        -1.0,
        0.5,
        2.0,
        88.72,
        88.73,
        -103.9,
        -87.3,
        1e-40,
        -1e-40,
        f32::INFINITY,
        f32::NEG_INFINITY,
        f32::NAN,
        std::f32::consts::PI,
        1e30,
        -1e30,
        9.0,
        -9.0,
    ];
    vals.extend(specials.iter().map(|x| x.to_bits()));
    for (i, x) in patterns(4096 - vals.len(), 7).into_iter().enumerate() {
        // |x| in about [2^-8, 2^8): uniform-ish in the interesting range
        let m = (x as u32) & 0x007F_FFFF;
        let e = 119 + (i as u32 % 16);
        vals.push(((x >> 40) as u32 & 0x8000_0000) | (e << 23) | m);
    }
    let input: Vec<u8> = vals.iter().flat_map(|v| v.to_le_bytes()).collect();
    for (name, op) in SFU {
        let got = run_sfu(op, 4, E32, 1024, &input);
        let want = libm_ref(name, "s", &input);
        if let Some(d) = first_difference(&got, &want, &input, 4) {
            panic!("v{name} at e32: {d}");
        }
    }
}

#[test]
fn sfu_e64_log_and_atan_match_glibc_and_other_functions_exit_1() {
    let mut vals: Vec<u64> = patterns(1024, 0x0123_4567_89AB_CDEF);
    for (i, x) in patterns(1024, 99).into_iter().enumerate() {
        let e = 1013 + (i as u64 % 20);
        vals.push((x & 0x8000_0000_0000_0000) | (e << 52) | (x & 0x000F_FFFF_FFFF_FFFF));
    }
    let input: Vec<u8> = vals.iter().flat_map(|v| v.to_le_bytes()).collect();
    for (name, op) in [("log", VLOG), ("atan", VATAN)] {
        let got = run_sfu(op, 4, E64, 512, &input);
        let want = libm_ref(name, "d", &input);
        if let Some(d) = first_difference(&got, &want, &input, 8) {
            panic!("v{name} at e64: {d}");
        }
    }
    for (name, op) in SFU.iter().filter(|(n, _)| !matches!(*n, "log" | "atan")) {
        let mut p = Vec::new();
        setvl(&mut p, 1, E64, 0);
        p.push(vcix(*op, 8, 0, 16));
        let mut g = guest(4, 128, &p, false);
        assert_eq!(
            g.run_fatal(),
            (
                1,
                format!("tpu: v{name}: an element of 64 bits is not supported")
            )
        );
    }
    // SEW 8 is refused the same way.
    let mut p = Vec::new();
    setvl(&mut p, 1, E8, 0);
    p.push(vcix(VEXP, 8, 0, 16));
    let mut g = guest(4, 128, &p, false);
    assert_eq!(
        g.run_fatal(),
        (
            1,
            "tpu: vexp: an element of 8 bits is not supported".to_string()
        )
    );
}

// ---------------------------------------------------------------- decoding and legality

#[test]
fn units_need_the_vector_unit_configured() {
    // vtype is vill at reset: every unit op is an illegal instruction (pk exit 255).
    for w in [
        vcix(VLANE_IDX, 0, 0, 8),
        vcix(COMPUTE, 0, 0, 0),
        w_vpush(1, 0),
        vcix(VEXP, 8, 0, 16),
        xlu_push(1, 4),
        xlu_pop(1),
    ] {
        let mut g = guest(4, 128, &[w], false);
        match g.sim.run() {
            Err(e @ RunError::Fatal(_)) => {
                assert_eq!(e.exit_code(), 255);
                assert!(e.to_string().contains("illegal instruction"), "{e}");
            }
            other => panic!("{w:#010x}: expected an illegal instruction, got {other:?}"),
        }
    }
}

#[test]
fn other_custom2_words_are_illegal() {
    let mut p = Vec::new();
    setvl(&mut p, 1, E32, 0);
    let base = p.clone();
    // vsin's funct6 with simm5 4 (mask B fixes simm5); funct3 000; an unused funct6.
    for w in [0x2802_305Bu32, 0x0000_005B, 0x3000_305B, 0x0200_305B] {
        let mut p = base.clone();
        p.push(w);
        let mut g = guest(4, 128, &p, false);
        match g.sim.run() {
            Err(e @ RunError::Fatal(_)) => assert!(e.to_string().contains("illegal instruction")),
            other => panic!("{w:#010x}: expected an illegal instruction, got {other:?}"),
        }
    }
}

#[test]
fn disassembly_names_the_units_and_their_operands() {
    use npu_spike::isa::{disassemble, ext};
    let all = u64::MAX;
    let _ = ext::XNPU;
    for (w, want) in [
        (vcix(VLANE_IDX, 0, 0, 8), "vlane_idx v8"),
        (vpop(3, 1), "vpop v3, 1"),
        (w_vpush(1, 2), "w_vpush v1, 2"),
        (i_vpush(2, 0), "i_vpush v2, 0"),
        (vcix(VLOG, 8, 0, 16), "vlog v16, v8"),
        (xlu_push_pattern(2, 3, 16), "xlu_push_pattern v2, v3, 16"),
        (xlu_pop(11), "xlu_pop v11, 0"),
        (msa_push(4, 0x12), "msa_push v4, 18"),
        (msa_pop(5, 3), "msa_pop v5, 3"),
    ] {
        let text = disassemble(w, 0, all);
        assert_eq!(text.split_whitespace().collect::<Vec<_>>().join(" "), want);
    }
}

// ---------------------------------------------------------------- guest programs via the CLI

/// Runs a committed guest (`tests/npu_units/bin/<name>.elf`, sources in `src/`, rebuilt by
/// `build.sh`) through the Spike-compatible command line with 4 lanes.
fn cli(name: &str, extra: &[&str]) -> std::process::Output {
    let elf = Path::new(env!("CARGO_MANIFEST_DIR")).join(format!("tests/npu_units/bin/{name}.elf"));
    Command::new(env!("CARGO_BIN_EXE_npu-spike"))
        .args([
            "--isa=rv64gcv_zfh",
            "--varch=vlen:128,elen:64",
            "--vectorlane-size=4",
        ])
        .args(extra)
        .arg(elf)
        .output()
        .unwrap()
}

#[test]
fn guest_program_uses_every_unit_end_to_end() {
    let out = cli("units_e2e", &[]);
    assert_eq!(
        out.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let w = |i: usize| u32::from_le_bytes(out.stdout[4 * i..4 * i + 4].try_into().unwrap());
    assert_eq!(out.stdout.len(), 48);
    // XLU transpose of rows [k, 0]: lane 0 gathers every lane's first word.
    assert_eq!((0..4).map(w).collect::<Vec<_>>(), vec![0, 1, 2, 3]);
    // SA: 1.5*2 + 0*3, -4*2 + 0*3.
    assert_eq!((f32::from_bits(w(4)), f32::from_bits(w(5))), (3.0, -8.0));
    // f16 pops of 1+2^-11+2^-20: RUP then RTZ.
    assert_eq!(&out.stdout[24..28], &[0x01, 0x3C, 0x00, 0x3C]);
    assert_eq!(f32::from_bits(w(7)), 1.0);
    assert_eq!(&out.stdout[32..48], &[0u8; 16]);
}

#[test]
fn guest_xlu_refusal_exits_201_with_the_xlu_error_line_unless_lenient() {
    let out = cli("xlu_refusal", &[]);
    assert_eq!(out.status.code(), Some(201));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.contains(
            "XLU ERROR: the pre stage walks 1 columns but lane 0 carries 0 pattern entries (SIMM5 16)\n"
        ),
        "{err}"
    );
    assert!(out.stdout.is_empty());
    let out = cli("xlu_refusal", &["--xlu-lenient"]);
    assert_eq!(out.status.code(), Some(0));
    assert_eq!(out.stdout, 5u32.to_le_bytes());
}

/// The MSA's timing (VX msa.hpp: the systolic array's 2L-1 delay slots and queues, one
/// instruction a cycle, every instruction ready one cycle after its issue), under
/// `sample` with 4 lanes (7 slots): weight pushes issue back to back, the input push of
/// 4 rows the cycle after, and the pop of those 4 rows 4 + 7 cycles after the push, as
/// the systolic array's (npu-isa.md §6.3 item 2).
#[test]
fn msa_timing_follows_the_systolic_arrays_delay_line() {
    let dir = std::env::temp_dir().join(format!("npu-spike-msa-timing-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let trace = dir.join("issue.tsv");
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let out = Command::new(env!("CARGO_BIN_EXE_npu-spike"))
        .arg("sample")
        .arg(root.join("tests/npu_units/bin/msa_timing.elf"))
        .arg("--machine-config")
        .arg(root.join("tests/timing/vx.yml"))
        .arg("--issue-trace")
        .arg(&trace)
        .current_dir(&dir)
        .output()
        .unwrap();
    assert_eq!(
        out.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let text = std::fs::read_to_string(&trace).unwrap();
    let _ = std::fs::remove_dir_all(&dir);
    let rows: Vec<(u64, u64, String)> = text
        .lines()
        .skip(1)
        .map(|l| {
            let f: Vec<&str> = l.split('\t').collect();
            (
                f[1].parse().unwrap(),
                f[2].parse().unwrap(),
                f[3].to_string(),
            )
        })
        .filter(|r| r.2.starts_with("msa_"))
        .collect();
    let mnemonics: Vec<&str> = rows
        .iter()
        .map(|r| r.2.split_whitespace().next().unwrap())
        .collect();
    assert_eq!(mnemonics, ["msa_push", "msa_push", "msa_push", "msa_pop"]);
    let issue: Vec<u64> = rows.iter().map(|r| r.0).collect();
    assert_eq!(issue[1], issue[0] + 1, "{rows:?}");
    assert_eq!(issue[2], issue[1] + 1, "{rows:?}");
    assert_eq!(issue[3], issue[2] + 11, "{rows:?}");
    for r in &rows {
        assert_eq!(r.1, r.0 + 1, "{r:?}");
    }
}
