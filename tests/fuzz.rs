//! Bounded fuzzing on stable Rust (CI): every target of `npu_spike::fuzz` gets the
//! saved regression inputs of `fuzz/regressions/<target>/`, then
//! `NPU_SPIKE_FUZZ_ITERS` (default 3000) generated inputs from a fixed-seed
//! generator with structure-aware mutations. A panic fails the test; the input is
//! printed as hex so it can be saved as a regression. Deeper runs: `fuzz/README.md`.

use npu_spike::fuzz;
use std::path::Path;

struct Rng(u64);
impl Rng {
    fn next(&mut self) -> u64 {
        // xorshift64*
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_f491_4f6c_dd1d)
    }
    fn below(&mut self, n: u64) -> u64 {
        self.next() % n.max(1)
    }
    fn bytes(&mut self, n: usize) -> Vec<u8> {
        (0..n).map(|_| self.next() as u8).collect()
    }
}

fn iterations() -> u64 {
    std::env::var("NPU_SPIKE_FUZZ_ITERS")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(3000)
}

fn run_target(name: &str, body: fn(&[u8]), mut gen_input: impl FnMut(&mut Rng) -> Vec<u8>) {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("fuzz/regressions")
        .join(name);
    let mut saved = 0;
    if let Ok(entries) = std::fs::read_dir(&dir) {
        for e in entries.flatten() {
            let data = std::fs::read(e.path()).unwrap();
            body(&data);
            saved += 1;
        }
    }
    let mut rng = Rng(0x9e37_79b9_7f4a_7c15 ^ name.len() as u64);
    let n = iterations();
    for _ in 0..n {
        let input = gen_input(&mut rng);
        let r = std::panic::catch_unwind(|| body(&input));
        if r.is_err() {
            let hex: String = input.iter().map(|b| format!("{b:02x}")).collect();
            panic!("fuzz target {name} panicked on input {hex}");
        }
    }
    eprintln!("fuzz {name}: {saved} regression inputs, {n} generated inputs, no failure");
}

/// Opcodes of real instruction formats, so that generated words often decode.
const OPCODES: &[u32] = &[
    0x03, 0x07, 0x0f, 0x13, 0x17, 0x1b, 0x23, 0x27, 0x2b, 0x2f, 0x33, 0x37, 0x3b, 0x43, 0x47, 0x4b,
    0x4f, 0x53, 0x57, 0x5b, 0x63, 0x67, 0x6f, 0x73, 0x7b,
];

#[test]
fn fuzz_decode_exec() {
    run_target("decode_exec", fuzz::decode_exec, |r| {
        let n = 1 + r.below(64) as usize;
        let mut out = Vec::new();
        for _ in 0..n {
            let w = r.next() as u32;
            let w = match r.below(4) {
                0 => w,                                                    // anything
                1 => (w & 0xffff_0000) | (w & 0xfffc) | r.below(3) as u32, // compressed pair
                _ => (w & !0x7f) | OPCODES[r.below(OPCODES.len() as u64) as usize],
            };
            out.extend_from_slice(&w.to_le_bytes());
        }
        out
    });
}

#[test]
fn fuzz_elf_load() {
    let seeds: Vec<Vec<u8>> = ["examples/hello/hello.elf", "tests/pk/bin/exitcode.elf"]
        .iter()
        .map(|p| std::fs::read(Path::new(env!("CARGO_MANIFEST_DIR")).join(p)).unwrap())
        .collect();
    run_target("elf_load", fuzz::elf_load, |r| {
        let mut d = seeds[r.below(seeds.len() as u64) as usize].clone();
        for _ in 0..1 + r.below(8) {
            match r.below(6) {
                // Header and program-header fields are where the interesting bugs are.
                0..=2 => {
                    let i = r.below(d.len().min(0x200) as u64) as usize;
                    d[i] = r.next() as u8;
                }
                3 => {
                    let i = r.below(d.len() as u64) as usize;
                    d[i] ^= 1 << r.below(8);
                }
                4 => d.truncate(r.below(d.len() as u64) as usize),
                _ => {
                    let i = r.below(0x100.min(d.len() as u64 - 7)) as usize & !7;
                    d[i..i + 8].copy_from_slice(&r.next().to_le_bytes());
                }
            }
            if d.len() < 16 {
                break;
            }
        }
        d
    });
}

#[test]
fn fuzz_syscalls() {
    run_target("syscalls", fuzz::syscalls, |r| {
        let n = r.below(400) as usize;
        r.bytes(n)
    });
}

#[test]
fn fuzz_cli() {
    const WORDS: &[&str] = &[
        "--isa=rv64gcv_zfh",
        "--isa",
        "--varch=vlen:256,elen:64",
        "--varch=vlen:",
        "-m",
        "-m0x80000000:0x1900000000",
        "-m0:0",
        "-m1:0xffffffffffffffff",
        "--vectorlane-size=0",
        "--scratchpad-size=",
        "--scratchpad-size=0x10",
        "--kernel-addr=:",
        "--kernel-addr=ff:1",
        "--machine-config",
        "--base-path",
        "pk",
        "prog.elf",
        "+signature=",
        "-p",
        "-p0",
        "--log",
        "--timeout=nan",
        "--timeout=-1",
        "--max-insns=0x",
        "vpu_num_lanes: 0",
        "{\"args\": [",
        "\"scalars\": [1e999]",
        "vpu_spad_base_vaddr: 0x",
        "  nested: 1",
        "\u{0}",
        "é",
    ];
    run_target("cli", fuzz::cli, |r| {
        let mut s = String::new();
        for _ in 0..r.below(8) {
            if r.below(4) == 0 {
                let n = r.below(12) as usize;
                s.push_str(&String::from_utf8_lossy(&r.bytes(n)));
            } else {
                s.push_str(WORDS[r.below(WORDS.len() as u64) as usize]);
            }
            s.push(if r.below(2) == 0 { ' ' } else { '\n' });
        }
        s.into_bytes()
    });
}

#[test]
fn fuzz_dma_descriptor() {
    run_target("dma_descriptor", fuzz::dma_descriptor, |r| {
        let n = 150 + r.below(14) as usize;
        r.bytes(n)
    });
}
