//! The NPU DMA (custom-1, npu-isa.md §3): small guest programs run under npu-spike.
//!
//! Most tests build the machine as a library (`Simulator` on a tiny user-mode ELF
//! whose registers and memory the test sets directly) and inspect guest memory after
//! the run; a few go through the command line for exit statuses, messages and files.
//! Expected bytes are worked out by hand from the specification (§3.11, §8 items 1
//! and 3), or come from the independent Python model `tests/npu_dma/dma_ref.py`
//! (the property test of §8 item 2).

use crate::elf;

use npu_spike::config::MachineConfig;
use npu_spike::isa::{Isa, decode, ext};
use npu_spike::loader::parse_elf;
use npu_spike::sim::{Config, Simulator};
use std::path::{Path, PathBuf};
use std::process::Command;

const SV: u64 = 0xD000_0000;
const CODE: u64 = 0x10000;
const DESC: u64 = 0x10_0000;
const DESC2: u64 = 0x10_0100;

// Registers.
const A0: u32 = 10;
const A1: u32 = 11;
const A2: u32 = 12;
const A3: u32 = 13;
const A4: u32 = 14;
const A5: u32 = 15;
const A6: u32 = 16;
const A7: u32 = 17;
const T0: u32 = 5;

// custom-1 funct7 values (§3.1).
const CONFIG: u32 = 0x00;
const MVIN2: u32 = 0x01;
const MVIN: u32 = 0x02;
const MVOUT: u32 = 0x03;
const CONFIG2: u32 = 0x04;
const CONFIG3: u32 = 0x05;
const CONFIG4: u32 = 0x06;
const CONFIG_DESC: u32 = 0x07;
const MVIN3: u32 = 0x0E;

const INDIRECT: u16 = 1;
const MASKED: u16 = 2;
const ACCUMULATE: u16 = 4;
const ACCUMULATE_FLOAT: u16 = 8;

/// `.insn r 0x2b, 3, funct7, x0, rs1, rs2`
fn dma(funct7: u32, rs1: u32, rs2: u32) -> u32 {
    (funct7 << 25) | (rs2 << 20) | (rs1 << 15) | (3 << 12) | 0x2b
}

fn addi(rd: u32, rs1: u32, imm: i32) -> u32 {
    (((imm as u32) & 0xfff) << 20) | (rs1 << 15) | (rd << 7) | 0x13
}

fn store(funct3: u32, rs2: u32, rs1: u32, off: u32) -> u32 {
    ((off >> 5) << 25) | (rs2 << 20) | (rs1 << 15) | (funct3 << 12) | ((off & 31) << 7) | 0x23
}

/// `li a0, 0; li a7, 93; ecall`
const EXIT0: [u32; 3] = [0x0000_0513, 0x05d0_0893, 0x0000_0073];

fn program(body: &[u32]) -> Vec<u32> {
    let mut w = body.to_vec();
    w.extend_from_slice(&EXIT0);
    w
}

/// A descriptor (§3.3), packed by hand.
#[derive(Clone, Default)]
struct Desc {
    dim: [i32; 4],
    lo: [i32; 4],
    hi: [i32; 4],
    ms: [u64; 4],
    ss: [u64; 4],
    e: u16,
    vs: u16,
    axis: u8,
    dtype: u8,
    flags: u16,
    ia: u64,
    is: u16,
    ie: u16,
    idim: u8,
    ilanes: u16,
    fill: u64,
    mb: u64,
    mn: u64,
}

impl Desc {
    fn new(dim: [i32; 4], strides: [u64; 4], e: u16, vs: u16, axis: u8) -> Desc {
        Desc {
            dim,
            hi: dim,
            ms: strides,
            ss: strides,
            e,
            vs,
            axis,
            ..Default::default()
        }
    }

    /// The 160 bytes; `ff_background` starts from 0xFF everywhere (as the fp8 test's
    /// memset does), so that only byte 117 (unless set) and byte 133 keep 0xFF.
    fn bytes(&self, ff_background: bool, set_dtype: bool) -> Vec<u8> {
        let mut b = vec![if ff_background { 0xff } else { 0 }; 160];
        let mut put = |off: usize, v: &[u8]| b[off..off + v.len()].copy_from_slice(v);
        for i in 0..4 {
            put(4 * i, &self.dim[i].to_le_bytes());
            put(16 + 4 * i, &self.lo[i].to_le_bytes());
            put(32 + 4 * i, &self.hi[i].to_le_bytes());
            put(48 + 8 * i, &self.ms[i].to_le_bytes());
            put(80 + 8 * i, &self.ss[i].to_le_bytes());
        }
        put(112, &self.e.to_le_bytes());
        put(114, &self.vs.to_le_bytes());
        put(116, &[self.axis]);
        if set_dtype {
            put(117, &[self.dtype]);
        }
        put(118, &self.flags.to_le_bytes());
        put(120, &self.ia.to_le_bytes());
        put(128, &self.is.to_le_bytes());
        put(130, &self.ie.to_le_bytes());
        put(132, &[self.idim]);
        put(134, &self.ilanes.to_le_bytes());
        put(136, &self.fill.to_le_bytes());
        put(144, &self.mb.to_le_bytes());
        put(152, &self.mn.to_le_bytes());
        b
    }

    fn packed(&self) -> Vec<u8> {
        self.bytes(false, true)
    }
}

/// The machine of a test: lanes, bytes per lane, base path, legacy DMA, kernel range.
struct Rig {
    lanes: u32,
    lane_bytes: u64,
    base: Option<PathBuf>,
    legacy: bool,
    kernel: Option<(u64, u64)>,
}

impl Rig {
    fn new(lanes: u32, lane_bytes: u64) -> Rig {
        Rig {
            lanes,
            lane_bytes,
            base: None,
            legacy: false,
            kernel: None,
        }
    }

    fn sim(&self, words: &[u32]) -> Simulator {
        let code: Vec<u8> = words.iter().flat_map(|w| w.to_le_bytes()).collect();
        let image = elf::write_elf(&code, code.len(), CODE, CODE);
        let prog = parse_elf(&image).unwrap();
        let mut isa = Isa::parse("rv64gc").unwrap();
        if self.legacy {
            isa.enable_dma_legacy();
        }
        let machine = MachineConfig {
            lanes: self.lanes,
            spad_vaddr: SV,
            spad_size: self.lane_bytes,
            kernel_addr: self.kernel,
            ..MachineConfig::default()
        };
        let config = Config {
            isa,
            machine,
            sandbox_root: self.base.clone(),
            base_path: self.base.clone(),
            ..Config::default()
        };
        let mut s = Simulator::new(config, &prog, &["dma-test".to_string()]).unwrap();
        // The harness's DRAM buffers (0x100000..0x400000) stand where a kernel's
        // would be mapped (its inputs, heap, mmap): under pk's memory map they are
        // the guest's, read and write.
        use npu_spike::machine::memory::prot;
        s.hart
            .mem
            .change_user_map(|m| m.map(0x100, 0x400, prot::READ | prot::WRITE));
        s
    }
}

fn put(s: &mut Simulator, addr: u64, bytes: &[u8]) {
    s.hart.mem.write_bytes(addr, bytes).unwrap();
}

fn get(s: &mut Simulator, addr: u64, n: usize) -> Vec<u8> {
    let mut b = vec![0; n];
    s.hart.mem.read_bytes(addr, &mut b).unwrap();
    b
}

/// Runs to the end: Ok(exit status) or Err((status, message)).
fn run(s: &mut Simulator) -> Result<u64, (i32, String)> {
    s.run().map_err(|e| (e.exit_code(), e.to_string()))
}

fn tempdir(name: &str) -> PathBuf {
    let d = std::env::temp_dir().join(format!("npu-spike-dma-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&d);
    std::fs::create_dir_all(d.join("indirect_access")).unwrap();
    std::fs::create_dir_all(d.join("dma_access")).unwrap();
    d
}

/// `config_desc a0; <mvin funct7> a1, a2; config_desc a3; mvout a4, a5`
fn in_out_program(mvin: u32) -> Vec<u32> {
    program(&[
        dma(CONFIG_DESC, A0, 0),
        dma(mvin, A1, A2),
        dma(CONFIG_DESC, A3, 0),
        dma(MVOUT, A4, A5),
    ])
}

/// Runs MVIN (descriptor `din`, DRAM `src` -> spad `spad`) then MVOUT (descriptor
/// `dout`, spad `spad` -> DRAM `dst`), with `src_bytes` at `src`.
fn round_trip(
    rig: &Rig,
    din: &[u8],
    dout: &[u8],
    src: u64,
    src_bytes: &[u8],
    spad: u64,
    dst: u64,
) -> Simulator {
    let mut s = rig.sim(&in_out_program(MVIN));
    put(&mut s, DESC, din);
    put(&mut s, DESC2, dout);
    put(&mut s, src, src_bytes);
    for (r, v) in [
        (A0, DESC),
        (A1, src),
        (A2, spad),
        (A3, DESC2),
        (A4, dst),
        (A5, spad),
    ] {
        s.hart.set_x(r as u8, v);
    }
    assert_eq!(run(&mut s), Ok(0));
    s
}

fn bank(s: &mut Simulator, lane_bytes: u64, k: u64, off: u64, n: usize) -> Vec<u8> {
    get(s, SV + k * lane_bytes + off, n)
}

fn cat(parts: &[&[u8]]) -> Vec<u8> {
    parts.concat()
}

// ---- §3.11 worked examples -------------------------------------------------------------

#[test]
fn worked_example_a_two_passes() {
    // L=2, D=(1,1,4,4), A=2 (H), VS=1, MS=SS=(16,16,4,1), E=4.
    let rig = Rig::new(2, 4096);
    let d = Desc::new([1, 1, 4, 4], [16, 16, 4, 1], 4, 1, 2).packed();
    let src: Vec<u8> = (0..64).collect();
    let (a, b) = (0x20_0000, 0x30_0000);
    let mut s = round_trip(&rig, &d, &d, a, &src, SV, b);
    // Lane 0: row 0 then row 2; lane 1: row 1 then row 3.
    let lane0: Vec<u8> = cat(&[
        &(0..16).collect::<Vec<u8>>(),
        &(32..48).collect::<Vec<u8>>(),
    ]);
    let lane1: Vec<u8> = cat(&[
        &(16..32).collect::<Vec<u8>>(),
        &(48..64).collect::<Vec<u8>>(),
    ]);
    assert_eq!(bank(&mut s, 4096, 0, 0, 32), lane0);
    assert_eq!(bank(&mut s, 4096, 1, 0, 32), lane1);
    assert_eq!(bank(&mut s, 4096, 0, 32, 8), [0; 8]);
    assert_eq!(get(&mut s, b, 64), src);
}

#[test]
fn worked_example_b_unused_lanes_get_the_fill() {
    // L=4, D=(1,1,2,3), A=2, VS=1, MS=SS=(6,6,3,1), E=2; OUT=1, USED=2.
    let rig = Rig::new(4, 4096);
    let mut d = Desc::new([1, 1, 2, 3], [6, 6, 3, 1], 2, 1, 2);
    d.fill = 0x1122_3344_5566_abcd;
    let src: Vec<u8> = (100..112).collect();
    let mut s = rig.sim(&in_out_program(MVIN2));
    put(&mut s, DESC, &d.packed());
    put(&mut s, DESC2, &d.packed());
    put(&mut s, 0x20_0000, &src);
    for k in 0..4 {
        put(&mut s, SV + k * 4096, &[0xee; 16]);
    }
    for (r, v) in [
        (A0, DESC),
        (A1, 0x20_0000),
        (A2, SV),
        (A3, DESC2),
        (A4, 0x30_0000),
        (A5, SV),
    ] {
        s.hart.set_x(r as u8, v);
    }
    assert_eq!(run(&mut s), Ok(0));
    let tail = [0xee; 10];
    assert_eq!(
        bank(&mut s, 4096, 0, 0, 16),
        cat(&[&[100, 101, 102, 103, 104, 105], &tail])
    );
    assert_eq!(
        bank(&mut s, 4096, 1, 0, 16),
        cat(&[&[106, 107, 108, 109, 110, 111], &tail])
    );
    for k in 2..4 {
        assert_eq!(
            bank(&mut s, 4096, k, 0, 16),
            cat(&[&[0xcd, 0xab, 0xcd, 0xab, 0xcd, 0xab], &tail]),
            "lane {k}"
        );
    }
    // MVOUT visits only the used lanes: the DRAM tile comes back, nothing else.
    assert_eq!(get(&mut s, 0x30_0000, 14), cat(&[&src, &[0, 0]]));
}

#[test]
fn worked_example_c_split_w_with_two_per_lane() {
    // L=4, D=(1,1,2,8), A=3, VS=2, MS=SS=(16,16,8,1), E=4.
    let rig = Rig::new(4, 4096);
    let d = Desc::new([1, 1, 2, 8], [16, 16, 8, 1], 4, 2, 3).packed();
    let src: Vec<u8> = (0..64).map(|i| 0x80 + i).collect();
    let mut s = round_trip(&rig, &d, &d, 0x20_0000, &src, SV + 64, 0x30_0000);
    for k in 0..4u64 {
        let r0 = (0x80 + 8 * k as u8..0x80 + 8 * k as u8 + 8).collect::<Vec<u8>>();
        let r1 = (0x80 + 32 + 8 * k as u8..0x80 + 40 + 8 * k as u8).collect::<Vec<u8>>();
        assert_eq!(bank(&mut s, 4096, k, 64, 16), cat(&[&r0, &r1]), "lane {k}");
    }
    assert_eq!(get(&mut s, 0x30_0000, 64), src);
}

// ---- §8 item 1: fp8 DMA round trip and banking ------------------------------------------

/// The fp8 test's machine: L=4, B=64 KiB, a kernel range whose first instruction is
/// `addi sp, sp, -16` around the DMA code.
fn fp8_rig() -> Rig {
    let mut r = Rig::new(4, 65536);
    r.kernel = Some((CODE, CODE + 4 * 5));
    r
}

fn fp8_program() -> Vec<u32> {
    program(&[
        addi(2, 2, -16),
        dma(CONFIG_DESC, A0, 0),
        dma(MVIN, A1, A2),
        dma(MVOUT, A4, A5),
        addi(2, 2, 16),
    ])
}

fn fp8_run(d: &Desc, dtype: Option<u8>, src: &[u8]) -> Simulator {
    let mut d = d.clone();
    let set = dtype.is_some();
    d.dtype = dtype.unwrap_or(0);
    let mut s = fp8_rig().sim(&fp8_program());
    put(&mut s, DESC, &d.bytes(true, set));
    put(&mut s, 0x20_0000, src);
    for (r, v) in [
        (A0, DESC),
        (A1, 0x20_0000),
        (A2, SV),
        (A4, 0x30_0000),
        (A5, SV),
    ] {
        s.hart.set_x(r as u8, v);
    }
    assert_eq!(run(&mut s), Ok(0));
    s
}

#[test]
fn fp8_case_1_one_lane_carries_the_row_the_others_get_the_fill() {
    let mut d = Desc::new([1, 1, 1, 256], [256, 256, 256, 1], 1, 256, 3);
    d.fill = 0x3c;
    let src: Vec<u8> = (0..=255).collect();
    let mut s = fp8_run(&d, None, &src);
    assert_eq!(bank(&mut s, 65536, 0, 0, 256), src);
    for k in 1..4 {
        assert_eq!(bank(&mut s, 65536, k, 0, 256), vec![0x3c; 256], "lane {k}");
        assert_eq!(bank(&mut s, 65536, k, 256, 4), [0; 4], "lane {k}");
    }
    assert_eq!(get(&mut s, 0x30_0000, 256), src);
}

#[test]
fn fp8_case_2_one_row_per_lane() {
    let w = 64; // 256 / L
    let d = Desc::new([1, 1, 4, w], [256, 256, w as u64, 1], 1, 1, 2);
    let src: Vec<u8> = (0..256u32).map(|i| 0xc0 ^ i as u8).collect();
    let mut s = fp8_run(&d, Some(1), &src);
    for l in 0..4 {
        let want = &src[l * 64..l * 64 + 64];
        assert_eq!(bank(&mut s, 65536, l as u64, 0, 64), want, "lane {l}");
    }
    assert_eq!(get(&mut s, 0x30_0000, 256), src);
}

#[test]
fn fp8_case_2b_four_dimensional_banking() {
    let (l, w) = (4usize, 16usize); // w = 256 / (4L)
    let d = Desc::new(
        [2, 2, l as i32, w as i32],
        [(2 * l * w) as u64, (l * w) as u64, w as u64, 1],
        1,
        1,
        2,
    );
    let src: Vec<u8> = (0..256u32).map(|i| (5 * i + 1) as u8).collect();
    let mut s = fp8_run(&d, Some(2), &src);
    for lane in 0..l {
        let got = bank(&mut s, 65536, lane as u64, 0, 4 * w);
        for n in 0..2 {
            for c in 0..2 {
                for i in 0..w {
                    assert_eq!(
                        got[2 * w * n + w * c + i],
                        src[2 * l * w * n + l * w * c + w * lane + i],
                        "lane {lane} n {n} c {c} i {i}"
                    );
                }
            }
        }
    }
    assert_eq!(get(&mut s, 0x30_0000, 256), src);
}

#[test]
fn fp8_case_4_the_dma_ignores_the_element_type() {
    let d = Desc::new([1, 1, 4, 64], [256, 256, 64, 1], 1, 1, 2);
    let src: Vec<u8> = (0..256u32).map(|i| (i * 7) as u8).collect();
    let mut int8 = fp8_run(&d, Some(0), &src);
    let mut ff = fp8_run(&d, None, &src);
    for k in 0..4 {
        assert_eq!(
            bank(&mut int8, 65536, k, 0, 64),
            bank(&mut ff, 65536, k, 0, 64)
        );
        assert_eq!(
            bank(&mut int8, 65536, k, 0, 64),
            &src[64 * k as usize..64 * k as usize + 64]
        );
    }
    assert_eq!(get(&mut int8, 0x30_0000, 256), src);
    assert_eq!(get(&mut ff, 0x30_0000, 256), src);
}

#[test]
fn fp8_negative_controls() {
    // MVOUT without an MVIN moves the zeroed scratchpad: the result is not src.
    let d = Desc::new([1, 1, 4, 64], [256, 256, 64, 1], 1, 1, 2);
    let src: Vec<u8> = (0..256u32).map(|i| 0xc0 ^ i as u8).collect();
    let mut s = fp8_rig().sim(&program(&[dma(CONFIG_DESC, A0, 0), dma(MVOUT, A4, A5)]));
    put(&mut s, DESC, &d.bytes(true, true));
    put(&mut s, 0x30_0000, &src);
    for (r, v) in [(A0, DESC), (A4, 0x30_0000), (A5, SV)] {
        s.hart.set_x(r as u8, v);
    }
    assert_eq!(run(&mut s), Ok(0));
    let out = get(&mut s, 0x30_0000, 256);
    assert_ne!(out, src);
    assert_eq!(out, vec![0; 256]);
    // A zeroed source moves zeros into every bank (over what was there).
    let mut s = fp8_rig().sim(&fp8_program());
    put(&mut s, DESC, &d.bytes(true, true));
    for k in 0..4 {
        put(&mut s, SV + k * 65536, &[0x55; 64]);
    }
    for (r, v) in [
        (A0, DESC),
        (A1, 0x20_0000),
        (A2, SV),
        (A4, 0x30_0000),
        (A5, SV),
    ] {
        s.hart.set_x(r as u8, v);
    }
    assert_eq!(run(&mut s), Ok(0));
    for k in 0..4 {
        assert_eq!(bank(&mut s, 65536, k, 0, 64), vec![0; 64]);
    }
}

// ---- descriptor handling, mask, accumulate, indirect, legacy ------------------------------

#[test]
fn descriptor_is_read_at_every_transfer_and_config_desc_reads_nothing() {
    // D=(1,1,1,4), E=4, one lane, VS=1 (four passes). Between the two MVINs the guest
    // rewrites D3 to 2 (sw a3, 12(a0)) and byte 117 (sb a6, 117(a0)) without another
    // CONFIG_DESC.
    let rig = Rig::new(1, 4096);
    let mut d = Desc::new([1, 1, 1, 4], [4, 4, 4, 1], 4, 1, 3);
    d.dtype = 1;
    let words = program(&[
        dma(CONFIG_DESC, A0, 0),
        dma(MVIN, A1, A2),
        store(2, A3, A0, 12),
        store(0, A6, A0, 117),
        dma(MVIN3, A1, A4),
    ]);
    let mut s = rig.sim(&words);
    put(&mut s, DESC, &d.packed());
    let src: Vec<u8> = (1..=16).collect();
    put(&mut s, 0x20_0000, &src);
    put(&mut s, SV + 64, &[0xaa; 16]);
    for (r, v) in [
        (A0, DESC),
        (A1, 0x20_0000),
        (A2, SV),
        (A3, 2),
        (A4, SV + 64),
        (A6, 2),
    ] {
        s.hart.set_x(r as u8, v);
    }
    assert_eq!(run(&mut s), Ok(0));
    assert_eq!(get(&mut s, SV, 16), src);
    assert_eq!(get(&mut s, SV + 64, 16), cat(&[&src[..8], &[0xaa; 8]]));
    assert_eq!(s.hart.npu.dma.mvin_count, 2);
    // VX's CONFIG_DESC only keeps X[rs1]: a pointer to unmapped memory is no fault until
    // a transfer reads the descriptor (the MVIN at pc + 4 then faults on its first byte).
    let words = program(&[dma(CONFIG_DESC, A0, 0), dma(MVIN, A1, A2)]);
    let mut s = rig.sim(&words);
    s.hart.set_x(A0 as u8, 0xffff_ffff_0000_0000);
    let (code, msg) = run(&mut s).unwrap_err();
    assert!(msg.contains("0xffffffff00000000"), "{code} {msg}");
    // pk's report names the pc as 16 hex digits.
    assert!(msg.contains(&format!("pc {:016x}", CODE + 4)), "{msg}");
}

#[test]
fn mask_fill_skip_and_dram_bound() {
    // One lane, D=(1,1,2,4) E=1, split H with VS=2 (the whole tile in lane 0).
    let rig = Rig::new(1, 4096);
    let src: Vec<u8> = (10..18).collect(); // row 0: 10..13, row 1: 14..17
    let base = Desc::new([1, 1, 2, 4], [8, 8, 4, 1], 1, 2, 2);
    let case = |d: &Desc| {
        let mut s = rig.sim(&program(&[dma(CONFIG_DESC, A0, 0), dma(MVIN, A1, A2)]));
        put(&mut s, DESC, &d.packed());
        put(&mut s, 0x20_0000, &src);
        put(&mut s, SV, &[0xee; 8]);
        for (r, v) in [(A0, DESC), (A1, 0x20_0000), (A2, SV)] {
            s.hart.set_x(r as u8, v);
        }
        assert_eq!(run(&mut s), Ok(0));
        get(&mut s, SV, 8)
    };
    // Mask columns [1, 3): outside gets the fill.
    let mut d = base.clone();
    d.flags = MASKED;
    d.lo = [0, 0, 0, 1];
    d.hi = [1, 1, 2, 3];
    d.fill = 0x77;
    assert_eq!(case(&d), [0x77, 11, 12, 0x77, 0x77, 15, 16, 0x77]);
    // W as a skip axis: positions outside on W are left alone.
    d.flags = MASKED | (1 << (4 + 3));
    assert_eq!(case(&d), [0xee, 11, 12, 0xee, 0xee, 15, 16, 0xee]);
    // Row 1 outside on H (not a skip axis): fill; column 0 outside on W (skip): untouched.
    d.lo = [0, 0, 0, 1];
    d.hi = [1, 1, 1, 4];
    assert_eq!(case(&d), [0xee, 11, 12, 13, 0xee, 0x77, 0x77, 0x77]);
    // dim_low = -1 is a huge unsigned bound: everything is outside.
    d.flags = MASKED;
    d.lo = [-1, 0, 0, 0];
    d.hi = [1, 1, 2, 4];
    assert_eq!(case(&d), [0x77; 8]);
    // DRAM bound [src+2, src+6): elements outside read the fill.
    let mut d = base.clone();
    d.fill = 0x99;
    d.mb = 0x20_0002;
    d.mn = 4;
    assert_eq!(case(&d), [0x99, 0x99, 12, 13, 14, 15, 0x99, 0x99]);
}

#[test]
fn mvout_accumulates_integers_and_floats() {
    let rig = Rig::new(1, 4096);
    let case = |e: u16, flags: u16, old: &[u8], new: &[u8]| {
        let n = old.len() / e as usize;
        let mut d = Desc::new(
            [1, 1, 1, n as i32],
            [n as u64, n as u64, n as u64, 1],
            e,
            n as u16,
            3,
        );
        d.flags = flags;
        let mut s = rig.sim(&program(&[dma(CONFIG_DESC, A0, 0), dma(MVOUT, A4, A5)]));
        put(&mut s, DESC, &d.packed());
        put(&mut s, SV, new);
        put(&mut s, 0x30_0000, old);
        for (r, v) in [(A0, DESC), (A4, 0x30_0000), (A5, SV)] {
            s.hart.set_x(r as u8, v);
        }
        assert_eq!(run(&mut s), Ok(0));
        get(&mut s, 0x30_0000, old.len())
    };
    // Bytes wrap; ACCUMULATE_FLOAT has no byte form.
    assert_eq!(case(1, ACCUMULATE, &[200, 1], &[100, 2]), [44, 3]);
    assert_eq!(
        case(1, ACCUMULATE | ACCUMULATE_FLOAT, &[200, 1], &[100, 2]),
        [44, 3]
    );
    // Without ACCUMULATE the float flag does nothing (decision 4).
    assert_eq!(
        case(2, ACCUMULATE_FLOAT, &[1, 2, 3, 4], &[5, 6, 7, 8]),
        [5, 6, 7, 8]
    );
    // u16: 0xFFFF + 2 = 1; f16: 1.0 + 1.0 = 2.0 (0x4000); 65504 + 65504 = inf.
    assert_eq!(case(2, ACCUMULATE, &[0xff, 0xff], &[2, 0]), [1, 0]);
    let h = |v: &[u16]| v.iter().flat_map(|x| x.to_le_bytes()).collect::<Vec<u8>>();
    assert_eq!(
        case(
            2,
            ACCUMULATE | ACCUMULATE_FLOAT,
            &h(&[0x3c00, 0x7bff, 0x7c00, 0x3c00]),
            &h(&[0x3c00, 0x7bff, 0xfc00, 0x0001])
        ),
        h(&[0x4000, 0x7c00, 0x7e00, 0x3c00])
    );
    // f32: 1.5 + 2.25 = 3.75; inf + -inf = 0xFFC00000 (decision 6); u32 wraps.
    let f = |v: &[u32]| v.iter().flat_map(|x| x.to_le_bytes()).collect::<Vec<u8>>();
    assert_eq!(
        case(
            4,
            ACCUMULATE | ACCUMULATE_FLOAT,
            &f(&[0x3fc0_0000, 0x7f80_0000]),
            &f(&[0x4010_0000, 0xff80_0000])
        ),
        f(&[0x4070_0000, 0xffc0_0000])
    );
    assert_eq!(case(4, ACCUMULATE, &f(&[0xffff_fffe]), &f(&[3])), f(&[1]));
    // f64: 0.1 + 0.2 rounds to 0x3FD3333333333334.
    let g = |v: &[u64]| v.iter().flat_map(|x| x.to_le_bytes()).collect::<Vec<u8>>();
    assert_eq!(
        case(
            8,
            ACCUMULATE | ACCUMULATE_FLOAT,
            &g(&[0x3fb9_9999_9999_999a]),
            &g(&[0x3fc9_9999_9999_999a])
        ),
        g(&[0x3fd3_3333_3333_3334])
    );
    assert_eq!(case(8, ACCUMULATE, &g(&[u64::MAX]), &g(&[2])), g(&[1]));
}

#[test]
fn indirect_gather_scatter_and_index_dumps() {
    // L=2, D=(1,1,2,2), A=2, VS=1, E=2: lane k holds row k. One index per element
    // (IDIM 0), IE=1, IS=2: element (h, w) reads DRAM element 2h+w + 2*idx.
    let dir = tempdir("indirect");
    let mut rig = Rig::new(2, 4096);
    rig.base = Some(dir.clone());
    let mut d = Desc::new([1, 1, 2, 2], [4, 4, 2, 1], 2, 1, 2);
    d.flags = INDIRECT;
    d.ia = SV + 1024;
    d.is = 2;
    d.ie = 1;
    let mut s = rig.sim(&in_out_program(MVIN));
    put(&mut s, DESC, &d.packed());
    put(&mut s, DESC2, &d.packed());
    let src: Vec<u8> = (0..16u16).flat_map(|i| (100 + i).to_le_bytes()).collect();
    put(&mut s, 0x20_0010, &src); // element i at 0x200010 + 2i
    // Index tiles (spad element s of lane k at IA + s + k*B): lane 0 [1, -1], lane 1 [0, 2].
    put(&mut s, SV + 1024, &[1, 0xff]);
    put(&mut s, SV + 4096 + 1024, &[0, 2]);
    for (r, v) in [
        (A0, DESC),
        (A1, 0x20_0010),
        (A2, SV),
        (A3, DESC2),
        (A4, 0x30_0010),
        (A5, SV),
    ] {
        s.hart.set_x(r as u8, v);
    }
    assert_eq!(run(&mut s), Ok(0));
    // Element k of DRAM holds 100+k; an index adds idx*IS*E = 2*idx elements.
    // Lane 0: (0,0) -> element 0+2 = 102, (0,1) -> 1-2 = -1 (the word before: 0).
    // Lane 1: (1,0) -> 2+0 = 102, (1,1) -> 3+4 = 107.
    let le = |v: &[u16]| v.iter().flat_map(|x| x.to_le_bytes()).collect::<Vec<u8>>();
    assert_eq!(get(&mut s, SV, 4), le(&[102, 0]));
    assert_eq!(get(&mut s, SV + 4096, 4), le(&[102, 107]));
    // MVOUT scatters with the same indices: element p goes to p + 2*idx.
    let out = get(&mut s, 0x30_000e, 18);
    let mut want = vec![0u8; 18];
    for (elem, v) in [(2i64, 102u16), (-1, 0), (2, 102), (7, 107)] {
        let off = (2 + 2 * elem) as usize;
        want[off..off + 2].copy_from_slice(&v.to_le_bytes());
    }
    assert_eq!(out, want);
    // Two dumps (MVIN, MVOUT), 64-bit sign-extended indices per position.
    let dump: Vec<u8> = [1u64, u64::MAX, 0, 2]
        .iter()
        .flat_map(|v| v.to_le_bytes())
        .collect();
    for c in 0..2 {
        let f = dir.join(format!("indirect_access/indirect_index{c}.raw"));
        assert_eq!(std::fs::read(&f).unwrap(), dump, "{}", f.display());
    }
    assert!(!dir.join("indirect_access/indirect_index2.raw").exists());
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn index_key_names_the_dumps_and_counts_per_key() {
    // The transfers of `indirect_gather_scatter_and_index_dumps`, under DMA_INDEX_KEY
    // (funct7 8, VX): key 7 (MVIN, MVOUT), key 9 (MVIN), key 7 again (MVOUT). A keyed
    // dump is one u64 per position of the N*C*H*W = 4 tensor: index x indirect_stride
    // (IS = 2), by hand from the index tiles lane 0 [1, -1], lane 1 [0, 2] (positions
    // h*2 + w, lane k = row h = k): [2, -2, 0, 4].
    let dir = tempdir("keyed");
    let mut rig = Rig::new(2, 4096);
    rig.base = Some(dir.clone());
    let mut d = Desc::new([1, 1, 2, 2], [4, 4, 2, 1], 2, 1, 2);
    d.flags = INDIRECT;
    d.ia = SV + 1024;
    d.is = 2;
    d.ie = 1;
    const T0: u32 = 5;
    const T1: u32 = 6;
    let key = |r| dma(8, r, 0);
    let mut s = rig.sim(&program(&[
        dma(CONFIG_DESC, A0, 0),
        key(T0),
        dma(MVIN, A1, A2),
        dma(CONFIG_DESC, A3, 0),
        dma(MVOUT, A4, A5),
        key(T1),
        dma(CONFIG_DESC, A0, 0),
        dma(MVIN2, A1, A2),
        key(T0),
        dma(CONFIG_DESC, A3, 0),
        dma(MVOUT, A4, A5),
    ]));
    put(&mut s, DESC, &d.packed());
    put(&mut s, DESC2, &d.packed());
    put(&mut s, SV + 1024, &[1, 0xff]);
    put(&mut s, SV + 4096 + 1024, &[0, 2]);
    for (r, v) in [
        (A0, DESC),
        (A1, 0x20_0010),
        (A2, SV),
        (A3, DESC2),
        (A4, 0x30_0010),
        (A5, SV),
        (T0, 7),
        (T1, 9),
    ] {
        s.hart.set_x(r as u8, v);
    }
    assert_eq!(run(&mut s), Ok(0));
    let want: Vec<u8> = [2u64, (-2i64) as u64, 0, 4]
        .iter()
        .flat_map(|v| v.to_le_bytes())
        .collect();
    for name in ["7_0", "7_1", "9_0", "7_2"] {
        let f = dir.join(format!("indirect_access/indirect_index_{name}.raw"));
        assert_eq!(std::fs::read(&f).unwrap(), want, "{}", f.display());
    }
    let mut names: Vec<String> = std::fs::read_dir(dir.join("indirect_access"))
        .unwrap()
        .map(|e| e.unwrap().file_name().into_string().unwrap())
        .collect();
    names.sort();
    assert_eq!(
        names,
        [
            "indirect_index_7_0.raw",
            "indirect_index_7_1.raw",
            "indirect_index_7_2.raw",
            "indirect_index_9_0.raw"
        ]
    );
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn odd_element_sizes_move_nothing_but_are_checked() {
    // E=3: the walk runs (and checks the scratchpad bound) but stores nothing.
    let rig = Rig::new(1, 4096);
    let d = Desc::new([1, 1, 1, 4], [4, 4, 4, 1], 3, 4, 3);
    let words = program(&[
        dma(CONFIG_DESC, A0, 0),
        dma(MVIN, A1, A2),
        dma(MVOUT, A3, A2),
    ]);
    let mut s = rig.sim(&words);
    put(&mut s, DESC, &d.packed());
    put(&mut s, 0x20_0000, &[7; 16]);
    put(&mut s, 0x30_0000, &[9; 16]);
    put(&mut s, SV, &[5; 16]);
    for (r, v) in [(A0, DESC), (A1, 0x20_0000), (A2, SV), (A3, 0x30_0000)] {
        s.hart.set_x(r as u8, v);
    }
    assert_eq!(run(&mut s), Ok(0));
    assert_eq!(get(&mut s, SV, 16), [5; 16]);
    assert_eq!(get(&mut s, 0x30_0000, 16), [9; 16]);
    let mut s = rig.sim(&words);
    put(&mut s, DESC, &d.packed());
    for (r, v) in [
        (A0, DESC),
        (A1, 0x20_0000),
        (A2, SV + 4096 - 6),
        (A3, 0x30_0000),
    ] {
        s.hart.set_x(r as u8, v);
    }
    let (code, msg) = run(&mut s).unwrap_err();
    assert_eq!(code, 200);
    assert!(
        msg.starts_with("MVIN ERROR: Scratchpad address overflow: 0xd0001000"),
        "{msg}"
    );
}

#[test]
fn indirect_with_nothing_read_dumps_an_empty_file() {
    // Everything masked off (dim_low = -1): no index is read, the dump is empty.
    let dir = tempdir("empty-dump");
    let mut rig = Rig::new(2, 4096);
    rig.base = Some(dir.clone());
    let mut d = Desc::new([1, 1, 2, 2], [2, 2, 2, 1], 1, 1, 2);
    d.flags = INDIRECT | MASKED;
    d.lo = [-1, 0, 0, 0];
    d.ia = SV + 2048;
    d.ie = 3; // never read, so never refused
    let mut s = rig.sim(&program(&[dma(CONFIG_DESC, A0, 0), dma(MVIN, A1, A2)]));
    put(&mut s, DESC, &d.packed());
    for (r, v) in [(A0, DESC), (A1, 0x20_0000), (A2, SV)] {
        s.hart.set_x(r as u8, v);
    }
    assert_eq!(run(&mut s), Ok(0));
    let f = dir.join("indirect_access/indirect_index0.raw");
    assert_eq!(std::fs::read(f).unwrap(), Vec::<u8>::new());
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn indirect_dim_and_lanes_and_holes_in_the_dump() {
    // L=2, D=(1,1,2,2), A=2, VS=1, E=1, masked to row 1 only; IDIM=3 (one index per
    // H position, global H coordinate), ILANES=2: H=h reads IA + (h/2)*IE + (h%2)*B.
    let dir = tempdir("idim");
    let mut rig = Rig::new(2, 4096);
    rig.base = Some(dir.clone());
    let mut d = Desc::new([1, 1, 2, 2], [2, 2, 2, 1], 1, 1, 2);
    d.flags = INDIRECT | MASKED;
    d.lo = [0, 0, 1, 0];
    d.hi = [1, 1, 2, 2];
    d.fill = 0x5a;
    d.ia = SV + 2048;
    d.is = 1;
    d.ie = 2;
    d.idim = 3;
    d.ilanes = 2;
    let mut s = rig.sim(&program(&[dma(CONFIG_DESC, A0, 0), dma(MVIN, A1, A2)]));
    put(&mut s, DESC, &d.packed());
    put(&mut s, 0x20_0000, &[10, 11, 12, 13, 14, 15, 16]);
    put(&mut s, SV + 2048, &7u16.to_le_bytes()); // H=0 (masked off, never read)
    put(&mut s, SV + 4096 + 2048, &3u16.to_le_bytes()); // H=1
    for (r, v) in [(A0, DESC), (A1, 0x20_0000), (A2, SV)] {
        s.hart.set_x(r as u8, v);
    }
    assert_eq!(run(&mut s), Ok(0));
    assert_eq!(get(&mut s, SV, 2), [0x5a, 0x5a]);
    assert_eq!(get(&mut s, SV + 4096, 2), [15, 16]); // positions 2, 3 plus 3
    // Positions 0 and 1 were never recorded: zeros before 3, 3.
    let dump: Vec<u8> = [0u64, 0, 3, 3]
        .iter()
        .flat_map(|v| v.to_le_bytes())
        .collect();
    assert_eq!(
        std::fs::read(dir.join("indirect_access/indirect_index0.raw")).unwrap(),
        dump
    );
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn legacy_registers_only_with_the_flag() {
    // Worked example A through CONFIG, CONFIG2, CONFIG3: D=(1,1,4,4), E=4, A=2, VS=1.
    let words = program(&[
        dma(CONFIG, A0, A1),
        dma(CONFIG2, A3, A4),
        dma(CONFIG3, A3, A4),
        dma(MVIN, A6, A7),
    ]);
    let setup = |s: &mut Simulator| {
        for (r, v) in [
            (A0, (1u64 << 48) | (1 << 32) | (4 << 16) | 4),
            (A1, (1u64 << 32) | (2 << 14) | 4),
            (A3, (16u64 << 32) | 16),
            (A4, (4u64 << 32) | 1),
            (A6, 0x20_0000),
            (A7, SV),
        ] {
            s.hart.set_x(r as u8, v);
        }
        let src: Vec<u8> = (0..64).collect();
        put(s, 0x20_0000, &src);
    };
    let mut rig = Rig::new(2, 4096);
    let mut s = rig.sim(&words);
    setup(&mut s);
    let (code, msg) = run(&mut s).unwrap_err();
    assert_eq!(code, 255);
    assert!(msg.contains("illegal instruction"), "{msg}");
    rig.legacy = true;
    let mut s = rig.sim(&words);
    setup(&mut s);
    assert_eq!(run(&mut s), Ok(0));
    let lane0 = cat(&[
        &(0..16).collect::<Vec<u8>>(),
        &(32..48).collect::<Vec<u8>>(),
    ]);
    let lane1 = cat(&[
        &(16..32).collect::<Vec<u8>>(),
        &(48..64).collect::<Vec<u8>>(),
    ]);
    assert_eq!(get(&mut s, SV, 32), lane0);
    assert_eq!(get(&mut s, SV + 4096, 32), lane1);
}

#[test]
fn legacy_indices_are_zero_extended_descriptor_indices_sign_extended() {
    // D=(1,1,1,2), E=1, A=3, VS=2 (one lane carries both), index tile [0xFF, 0x01],
    // IS=1, IE=1.
    let dir = tempdir("legacy-index");
    let mut rig = Rig::new(1, 4096);
    rig.base = Some(dir.clone());
    rig.legacy = true;
    let dram: Vec<u8> = (0..=255u8).map(|i| i ^ 0x5a).collect();
    let below: Vec<u8> = (0..=255u8).map(|i| i ^ 0xa5).collect();
    let src = 0x20_0100u64;
    let prepare = |s: &mut Simulator| {
        put(s, 0x20_0000, &below);
        put(s, 0x20_0100, &dram);
        put(s, SV + 256, &[0xff, 0x01]);
    };
    let words = program(&[
        dma(CONFIG, A0, A1),
        dma(CONFIG2, A3, A4),
        dma(CONFIG3, A3, A4),
        dma(CONFIG4, A5, A6),
        dma(MVIN, A7, T0),
    ]);
    let mut s = rig.sim(&words);
    prepare(&mut s);
    for (r, v) in [
        (A0, (1u64 << 48) | (1 << 32) | (1 << 16) | 2),
        (A1, (2u64 << 32) | (1 << 16) | (3 << 14) | 1),
        (A3, (2u64 << 32) | 2),
        (A4, (2u64 << 32) | 1),
        (A5, SV + 256),
        (A6, (1 << 16) | 1),
        (A7, src),
        (T0, SV),
    ] {
        s.hart.set_x(r as u8, v);
    }
    assert_eq!(run(&mut s), Ok(0));
    // Element 0 + 255, element 1 + 1.
    assert_eq!(get(&mut s, SV, 2), [dram[255], dram[2]]);
    // The same through a descriptor: -1 and +1.
    let mut d = Desc::new([1, 1, 1, 2], [2, 2, 2, 1], 1, 2, 3);
    d.flags = INDIRECT;
    d.ia = SV + 256;
    d.is = 1;
    d.ie = 1;
    let mut s = rig.sim(&program(&[dma(CONFIG_DESC, A0, 0), dma(MVIN, A1, A2)]));
    prepare(&mut s);
    put(&mut s, DESC, &d.packed());
    for (r, v) in [(A0, DESC), (A1, src), (A2, SV)] {
        s.hart.set_x(r as u8, v);
    }
    assert_eq!(run(&mut s), Ok(0));
    // Element 0 at src - 1 (the last byte of the other pattern), element 1 + 1.
    assert_eq!(get(&mut s, SV, 2), [below[255], dram[2]]);
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn only_the_listed_custom_1_words_decode() {
    let base = Isa::parse("rv64gc").unwrap().exts;
    let mut legacy = Isa::parse("rv64gc").unwrap();
    legacy.enable_dma_legacy();
    assert!(base & ext::XNPU != 0, "the DMA is in every ISA");
    for f7 in 0..128u32 {
        for f3 in 0..8u32 {
            let word = (f7 << 25) | (5 << 20) | (6 << 15) | (f3 << 12) | (7 << 7) | 0x2b;
            // 8 is VX's DMA_INDEX_KEY.
            let new = f3 == 3 && [1, 2, 3, 7, 8, 14].contains(&f7);
            let old = f3 == 3 && [0, 4, 5, 6].contains(&f7);
            assert_eq!(decode(word, base).is_some(), new, "{word:#010x}");
            assert_eq!(
                decode(word, legacy.exts).is_some(),
                new || old,
                "{word:#010x} legacy"
            );
        }
    }
    // rd is ignored: MVIN with rd = x7 decodes as MVIN.
    let (op, f) = decode(dma(MVIN, A1, A2) | (7 << 7), base).unwrap();
    assert_eq!(op.info().mnemonic, "mvin");
    assert_eq!((f.rs1, f.rs2), (A1 as u8, A2 as u8));
}

// ---- §8 item 3 and other refusals ---------------------------------------------------------

#[test]
fn geometry_refusals_exit_1() {
    let rig = Rig::new(4, 4096);
    for (d, what) in [
        (
            Desc::new([1, 1, 1, 4], [4, 4, 4, 1], 0, 1, 3),
            "element size or a lane stride of 0",
        ),
        (
            Desc::new([1, 1, 1, 4], [4, 4, 4, 1], 4, 0, 3),
            "element size or a lane stride of 0",
        ),
        (
            Desc::new([1, 1, 1, 4], [4, 4, 4, 1], 4, 1, 4),
            "splits axis 4 of 4",
        ),
        (
            Desc::new([1, 0, 1, 4], [4, 4, 4, 1], 4, 1, 3),
            "dimension of 0",
        ),
        (
            Desc::new([1, -1, 1, 4], [4, 4, 4, 1], 4, 1, 3),
            "no memory for a transfer",
        ),
    ] {
        let mut s = rig.sim(&program(&[dma(CONFIG_DESC, A0, 0), dma(MVOUT, A1, A2)]));
        put(&mut s, DESC, &d.packed());
        for (r, v) in [(A0, DESC), (A1, 0x20_0000), (A2, SV)] {
            s.hart.set_x(r as u8, v);
        }
        let (code, msg) = run(&mut s).unwrap_err();
        assert_eq!(code, 1, "{msg}");
        assert!(msg.contains("tpu: mvout: ") && msg.contains(what), "{msg}");
    }
}

fn sim_cli(args: &[&str], envs: &[(&str, &str)]) -> std::process::Output {
    let mut c = Command::new(env!("CARGO_BIN_EXE_npu-spike"));
    c.args(args);
    for (k, v) in envs {
        c.env(k, v);
    }
    c.output().expect("run npu-spike")
}

/// `lui rd, upper; addiw rd, rd, lower` then zero-extension (`slli 32; srli 32`).
fn li32(rd: u32, v: u32) -> [u32; 4] {
    let lo = ((v & 0xfff) as i32) << 20 >> 20;
    let hi = v.wrapping_sub(lo as u32) & 0xffff_f000;
    [
        hi | (rd << 7) | 0x37,
        (((lo as u32) & 0xfff) << 20) | (rd << 15) | (rd << 7) | 0x1b,
        (32 << 20) | (rd << 15) | (1 << 12) | (rd << 7) | 0x13,
        (32 << 20) | (rd << 15) | (5 << 12) | (rd << 7) | 0x13,
    ]
}

/// A user ELF for the command line: `code` at 0x10000, then `data` at 0x11000.
fn cli_elf(name: &str, code: &[u32], data: &[u8]) -> PathBuf {
    let mut seg: Vec<u8> = code.iter().flat_map(|w| w.to_le_bytes()).collect();
    assert!(seg.len() <= 0x1000);
    seg.resize(0x1000, 0);
    seg.extend_from_slice(data);
    let path =
        std::env::temp_dir().join(format!("npu-spike-dma-{}-{name}.elf", std::process::id()));
    std::fs::write(&path, elf::write_elf(&seg, seg.len(), CODE, CODE)).unwrap();
    path
}

/// Program: config_desc (0x11000); `op` with DRAM 0x11100 and scratchpad `spad`; the
/// same again with DRAM 0x11200 when `second`; exit 0.
fn cli_program(op: u32, spad: u32, second: bool) -> Vec<u32> {
    let mut w = Vec::new();
    w.extend(li32(A0, 0x11000));
    w.extend(li32(A1, 0x11100));
    w.extend(li32(A2, spad));
    w.extend(li32(A3, 0x11200));
    w.push(dma(CONFIG_DESC, A0, 0));
    w.push(dma(op, A1, A2));
    if second {
        w.push(dma(op, A3, A2));
    }
    w.extend(EXIT0);
    w
}

const B512K: &str = "--scratchpad-size=524288";
const SV_DEC: &str = "--scratchpad-base-vaddr=3489660928";

#[test]
fn refusal_scratchpad_overflow_exits_200_with_the_message() {
    // §8 item 3: D=(1,1,1,4), E=4, VS=1, A=3, strides (4,4,4,1); into SV + B.
    let d = Desc::new([1, 1, 1, 4], [4, 4, 4, 1], 4, 1, 3).packed();
    for (op, word) in [(MVIN, "MVIN"), (MVOUT, "MVOUT")] {
        let p = cli_elf(
            &format!("overflow-{word}"),
            &cli_program(op, 0xd008_0000, false),
            &d,
        );
        let out = sim_cli(&[B512K, SV_DEC, p.to_str().unwrap()], &[]);
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(200), "{err}");
        assert!(
            err.contains(&format!(
                "{word} ERROR: Scratchpad address overflow: 0xd0080000"
            )),
            "{err}"
        );
        // Split on H (D[A] = 1: lane 0 carries the whole row): one element below the
        // end passes for the first element and fails at the second, 0xd0080000.
        let d2 = Desc::new([1, 1, 1, 4], [4, 4, 4, 1], 4, 1, 2).packed();
        let p = cli_elf(
            &format!("overflow2-{word}"),
            &cli_program(op, 0xd007_fffc, false),
            &d2,
        );
        let out = sim_cli(&[B512K, SV_DEC, p.to_str().unwrap()], &[]);
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(200), "{err}");
        assert!(
            err.contains("Scratchpad address overflow: 0xd0080000"),
            "{err}"
        );
    }
}

#[test]
fn refusal_indirect_without_base_path_exits_1() {
    let mut d = Desc::new([1, 1, 1, 4], [4, 4, 4, 1], 4, 1, 3);
    d.flags = INDIRECT;
    d.ia = SV + 4096;
    d.is = 1;
    d.ie = 4;
    let data = d.packed();
    let p = cli_elf(
        "indirect-nobase",
        &cli_program(MVIN, 0xd000_0000, false),
        &data,
    );
    let out = sim_cli(&[B512K, SV_DEC, p.to_str().unwrap()], &[]);
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(1), "{err}");
    assert!(
        err.contains("tpu: mvin:") && err.contains("--base-path"),
        "{err}"
    );
    // With a base path the run completes and leaves the index dump (4 zero indices).
    let dir = tempdir("indirect-cli");
    let base = format!("--base-path={}", dir.display());
    let out = sim_cli(&[B512K, SV_DEC, &base, p.to_str().unwrap()], &[]);
    assert_eq!(
        out.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert_eq!(
        std::fs::read(dir.join("indirect_access/indirect_index0.raw")).unwrap(),
        vec![0; 32]
    );
    // A missing directory is reported and the run goes on.
    std::fs::remove_dir_all(dir.join("indirect_access")).unwrap();
    let out = sim_cli(&[B512K, SV_DEC, &base, p.to_str().unwrap()], &[]);
    assert_eq!(out.status.code(), Some(0));
    assert!(String::from_utf8_lossy(&out.stderr).contains("Failed to open file for writing: "));
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn sparse_tile_dump_records_all_zero_mvins() {
    // MVIN #0 moves 0x11100.. (non-zero), MVIN #1 moves 0x11200.. (0.0, -0.0, 0.0,
    // -0.0 as f32: all zero for the dump): the dump holds the counter value 1.
    let d = Desc::new([1, 1, 1, 4], [4, 4, 4, 1], 4, 1, 3);
    let mut data = d.packed();
    data.resize(0x100, 0);
    data.extend_from_slice(&[1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16]);
    data.resize(0x200, 0);
    for _ in 0..2 {
        data.extend_from_slice(&[0, 0, 0, 0, 0, 0, 0, 0x80]);
    }
    let p = cli_elf("sparse", &cli_program(MVIN, 0xd000_0000, true), &data);
    let dir = tempdir("sparse");
    let base = format!("--base-path={}", dir.display());
    let file = dir.join("dma_access/sparse_tile.raw");
    for (env, want) in [
        (None, None),
        (Some("0"), None),
        (Some("1"), Some(1u64)),
        (Some("TRUE"), Some(1)),
    ] {
        let _ = std::fs::remove_file(&file);
        let envs: Vec<(&str, &str)> = env
            .map(|v| ("SPIKE_DUMP_SPARSE_TILE", v))
            .into_iter()
            .collect();
        let out = sim_cli(&[B512K, SV_DEC, &base, p.to_str().unwrap()], &envs);
        assert_eq!(
            out.status.code(),
            Some(0),
            "{}",
            String::from_utf8_lossy(&out.stderr)
        );
        assert_eq!(
            std::fs::read(&file).ok(),
            want.map(|v| v.to_le_bytes().to_vec()),
            "{env:?}"
        );
    }
    // The file is appended to by later runs.
    let out = sim_cli(
        &[B512K, SV_DEC, &base, p.to_str().unwrap()],
        &[("SPIKE_DUMP_SPARSE_TILE", "true")],
    );
    assert_eq!(out.status.code(), Some(0));
    assert_eq!(
        std::fs::read(&file).unwrap(),
        [1u64, 1]
            .iter()
            .flat_map(|v| v.to_le_bytes())
            .collect::<Vec<u8>>()
    );
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn dma_legacy_flag_on_both_command_lines() {
    // `config x0, x0` (all zero) then exit: illegal without the flag.
    let p = cli_elf("legacy-cli", &program(&[dma(CONFIG, 0, 0)]), &[]);
    let out = sim_cli(&[p.to_str().unwrap()], &[]);
    assert_eq!(out.status.code(), Some(255));
    let out = sim_cli(&["--dma-legacy", p.to_str().unwrap()], &[]);
    assert_eq!(
        out.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let dir = tempdir("legacy-run");
    let p = p.to_str().unwrap();
    let d = dir.to_str().unwrap();
    assert_eq!(sim_cli(&["run", p, d], &[]).status.code(), Some(255));
    let out = sim_cli(&["run", "--dma-legacy", p, d], &[]);
    assert_eq!(
        out.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let _ = std::fs::remove_dir_all(&dir);
}

// ---- §8 item 2: random descriptors against the Python model ---------------------------------

const PROP_LANES: u64 = 4;
const PROP_B: u64 = 512 * 1024;
const DRAM_BASE: u64 = 0x20_0000;
const DRAM_BYTES: usize = 40 * 1024;
const BANK_DUMP: usize = 8 * 1024;
const PROP_CASES: u32 = 300;

struct Reader<'a>(&'a [u8]);

impl<'a> Reader<'a> {
    fn take(&mut self, n: usize) -> &'a [u8] {
        let (a, b) = self.0.split_at(n);
        self.0 = b;
        a
    }
    fn u32(&mut self) -> u32 {
        u32::from_le_bytes(self.take(4).try_into().unwrap())
    }
    fn u64(&mut self) -> u64 {
        u64::from_le_bytes(self.take(8).try_into().unwrap())
    }
}

fn python3() -> bool {
    Command::new("python3")
        .arg("--version")
        .output()
        .is_ok_and(|o| o.status.success())
}

#[test]
fn random_descriptors_match_the_python_model() {
    if !python3() {
        eprintln!("SKIPPED random_descriptors_match_the_python_model: python3 is not installed");
        return;
    }
    let work = tempdir("prop");
    let cases = work.join("cases.bin");
    let model = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/npu_dma/dma_ref.py");
    let out = Command::new("python3")
        .arg(&model)
        .args(["cases", &PROP_CASES.to_string()])
        .arg(&cases)
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "model failed: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    let bytes = std::fs::read(&cases).unwrap();
    let mut r = Reader(&bytes);
    assert_eq!(r.u32(), PROP_CASES);
    let mut rig = Rig::new(PROP_LANES as u32, PROP_B);
    let (mut errors, mut indirect) = (0, 0);
    for case in 0..PROP_CASES {
        let funct7 = r.u32();
        let (src, dst, spad) = (r.u64(), r.u64(), r.u64());
        let din = r.take(160).to_vec();
        let dout = r.take(160).to_vec();
        let dram = r.take(DRAM_BYTES);
        let banks = r.take(BANK_DUMP * PROP_LANES as usize);
        let code = r.u32() as i32;
        let n = r.u32() as usize;
        let message = String::from_utf8(r.take(n).to_vec()).unwrap();
        let dram_after = r.take(DRAM_BYTES);
        let banks_after = r.take(BANK_DUMP * PROP_LANES as usize);
        let dumps: Vec<Vec<u8>> = (0..r.u32())
            .map(|_| {
                let n = r.u32() as usize;
                r.take(n).to_vec()
            })
            .collect();

        let dir = work.join(format!("case{case}"));
        std::fs::create_dir_all(dir.join("indirect_access")).unwrap();
        rig.base = Some(dir.clone());
        let mut s = rig.sim(&program(&[
            dma(CONFIG_DESC, A0, 0),
            dma(funct7, A1, A2),
            dma(CONFIG_DESC, A3, 0),
            dma(MVOUT, A4, A2),
        ]));
        put(&mut s, DESC, &din);
        put(&mut s, DESC2, &dout);
        put(&mut s, DRAM_BASE, dram);
        for k in 0..PROP_LANES {
            let b = &banks[k as usize * BANK_DUMP..(k as usize + 1) * BANK_DUMP];
            put(&mut s, SV + k * PROP_B, b);
        }
        for (reg, v) in [(A0, DESC), (A1, src), (A2, spad), (A3, DESC2), (A4, dst)] {
            s.hart.set_x(reg as u8, v);
        }
        let ctx =
            format!("case {case} (funct7 {funct7}, src {src:#x}, dst {dst:#x}, spad {spad:#x})");
        match run(&mut s) {
            Ok(c) => assert_eq!((c, code), (0, 0), "{ctx}: model expected {code} {message}"),
            Err((c, m)) => {
                assert_eq!(c, code, "{ctx}: {m}; model: {message}");
                assert!(m.contains(&message), "{ctx}: {m}; model: {message}");
                errors += 1;
            }
        }
        for k in 0..PROP_LANES as usize {
            let got = get(&mut s, SV + k as u64 * PROP_B, BANK_DUMP);
            let want = &banks_after[k * BANK_DUMP..(k + 1) * BANK_DUMP];
            if got != want {
                let i = (0..BANK_DUMP).find(|&i| got[i] != want[i]).unwrap();
                panic!(
                    "{ctx}: lane {k} byte {i}: {:#04x}, model {:#04x}",
                    got[i], want[i]
                );
            }
        }
        let got = get(&mut s, DRAM_BASE, DRAM_BYTES);
        if got != dram_after {
            let i = (0..DRAM_BYTES).find(|&i| got[i] != dram_after[i]).unwrap();
            panic!(
                "{ctx}: DRAM byte {i:#x}: {:#04x}, model {:#04x}",
                got[i], dram_after[i]
            );
        }
        for (c, want) in dumps.iter().enumerate() {
            let f = dir.join(format!("indirect_access/indirect_index{c}.raw"));
            let got = std::fs::read(&f).unwrap_or_else(|e| panic!("{ctx}: {}: {e}", f.display()));
            assert_eq!(&got, want, "{ctx}: index dump {c}");
        }
        let extra = dir.join(format!("indirect_access/indirect_index{}.raw", dumps.len()));
        assert!(
            !extra.exists(),
            "{ctx}: an index dump the model did not write"
        );
        indirect += !dumps.is_empty() as u32;
        std::fs::remove_dir_all(&dir).unwrap();
    }
    assert!(r.0.is_empty());
    eprintln!("{PROP_CASES} cases: {indirect} indirect, {errors} ending in an NPU error");
    assert!(
        indirect >= 30 && errors >= 3,
        "the generator should cover indirect and refused cases"
    );
    let _ = std::fs::remove_dir_all(&work);
}

#[test]
#[ignore = "timing probe: cargo test --release --test all -- npu_dma::big --ignored --nocapture"]
fn big_transfer_timing() {
    // 4 MiB: D=(1,1,1024,4096) bytes split on H over 4 lanes (256 passes filling each
    // 1 MiB bank), there and back.
    let rig = Rig::new(4, 1 << 20);
    let d = Desc::new([1, 1, 1024, 4096], [1 << 22, 1 << 22, 4096, 1], 1, 1, 2).packed();
    let src: Vec<u8> = (0..(1u32 << 22)).map(|i| ((i * 31) >> 3) as u8).collect();
    let t = std::time::Instant::now();
    let mut s = round_trip(&rig, &d, &d, 0x100_0000, &src, SV, 0x200_0000);
    eprintln!("4 MiB MVIN + MVOUT: {:?}", t.elapsed());
    let got = get(&mut s, 0x200_0000, 1 << 22);
    let first = (0..got.len()).find(|&i| got[i] != src[i]);
    assert_eq!(first, None);
}
