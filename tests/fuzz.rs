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

/// Issue 15: an ELF whose entry point is `u64::MAX` (the shape of the mutants that
/// found it: e_entry overwritten with all ones) "hit" the jump cache's empty-slot tag
/// and indexed an empty block list. Nothing is mapped at that address under the proxy
/// kernel (user space ends at 2^38) or bare metal (DRAM at 0x8000_0000, 2 GiB), so the
/// run must stop at its very first fetch: a fatal error (pk's fetch segfault under the
/// proxy kernel), no instruction retired.
#[test]
fn entry_all_ones_stops_at_first_fetch() {
    use npu_spike::isa::Isa;
    use npu_spike::loader::parse_elf;
    use npu_spike::sim::{Config, RunError, Simulator};
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("fuzz/regressions/elf_load");
    for name in [
        "entry-all-ones-pk-hello.elf",
        "entry-all-ones-pk-exitcode.elf",
        "entry-all-ones-bare-htif.elf",
    ] {
        let prog = parse_elf(&std::fs::read(dir.join(name)).unwrap()).unwrap();
        assert_eq!(prog.entry, u64::MAX, "{name}");
        let config = Config {
            isa: Isa::parse("rv64gc").unwrap(),
            max_insns: Some(10_000),
            ..Config::default()
        };
        let mut sim = Simulator::new(config, &prog, &[name.to_string()]).unwrap();
        let r = sim.run();
        // Under the proxy kernel it is pk's fetch segfault at that address.
        match &r {
            Err(RunError::Fatal(_)) => {}
            Err(RunError::Segfault { report, .. }) => assert!(
                report.ends_with("User fetch segfault @ 0xffffffffffffffff"),
                "{name}: {report}"
            ),
            _ => panic!("{name}: {r:?}"),
        }
        assert_eq!(sim.hart.instret, 0, "{name}");
    }
}

/// The valid ELFs of the repository up to 64 KiB (pk and bare-metal programs, NPU
/// kernels, benchmarks), in a fixed order: the campaign's seeds.
fn seed_elfs() -> Vec<(String, Vec<u8>)> {
    fn walk(dir: &Path, out: &mut Vec<std::path::PathBuf>) {
        let Ok(rd) = std::fs::read_dir(dir) else {
            return;
        };
        for e in rd.flatten() {
            let p = e.path();
            if p.is_dir() {
                walk(&p, out);
            } else if p.extension().is_some_and(|x| x == "elf") {
                out.push(p);
            }
        }
    }
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut paths = Vec::new();
    for d in [
        "examples",
        "tests/pk",
        "tests/programs",
        "tests/fixtures",
        "tests/npu",
    ] {
        walk(&root.join(d), &mut paths);
    }
    walk(&root.join("bench"), &mut paths);
    paths.sort();
    paths
        .into_iter()
        .filter_map(|p| {
            let d = std::fs::read(&p).ok()?;
            let name = p.strip_prefix(root).unwrap().display().to_string();
            (d.len() <= 64 << 10 && npu_spike::loader::parse_elf(&d).is_ok()).then_some((name, d))
        })
        .collect()
}

/// Issue 15's mutated-ELF campaign: `NPU_SPIKE_ELF_MUTANTS` (default 2000; the issue's
/// run: 200,000, `NPU_SPIKE_ELF_SEED` for others) mutants of
/// the repository's valid ELFs (`fuzz::mutate_elf`: ELF, program and section header
/// fields set to edge values, segment contents rewritten, tables copied, truncation,
/// appended bytes), each parsed, loaded and run under a 2,000-instruction limit. A
/// panic fails the test with the seed and script to replay it; an input that takes more
/// than `NPU_SPIKE_HANG_SECS` (default 20) seconds is a hang: the watchdog prints it
/// and aborts. The campaign must also reach execution often enough to mean something.
#[test]
fn elf_mutation_campaign() {
    use npu_spike::fuzz::{ElfOutcome, elf_outcome, mutate_elf};
    use std::sync::Arc;
    use std::sync::atomic::{AtomicU64, Ordering};
    let seeds = seed_elfs();
    assert!(seeds.len() >= 10, "only {} seed ELFs", seeds.len());
    let n: u64 = std::env::var("NPU_SPIKE_ELF_MUTANTS")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(2000);
    let hang_secs: u64 = std::env::var("NPU_SPIKE_HANG_SECS")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(20);
    // The watchdog: the current input's start (ms since `t0`; 0 = idle) and what it is
    // (number, seed, script, the mutant), written out when it hangs.
    let t0 = std::time::Instant::now();
    let started = Arc::new(AtomicU64::new(0));
    let what = Arc::new(std::sync::Mutex::new((String::new(), Vec::new())));
    let (startw, whatw) = (started.clone(), what.clone());
    let stop = Arc::new(AtomicU64::new(0));
    let stopw = stop.clone();
    let dog = std::thread::spawn(move || {
        while stopw.load(Ordering::Relaxed) == 0 {
            std::thread::sleep(std::time::Duration::from_millis(200));
            let since = startw.load(Ordering::Relaxed);
            let now = t0.elapsed().as_millis() as u64 + 1;
            if since != 0 && now.saturating_sub(since) > hang_secs * 1000 {
                let (desc, mutant) = &*whatw.lock().unwrap_or_else(|e| e.into_inner());
                let path = std::env::temp_dir().join("npu-spike-elf-hang.elf");
                let _ = std::fs::write(&path, mutant);
                eprintln!(
                    "elf campaign: {desc} has run for over {hang_secs} s: a hang; the mutant \
                     is in {}",
                    path.display()
                );
                std::process::abort();
            }
        }
    });
    // NPU_SPIKE_ELF_SEED picks another campaign of the same size.
    let seed: u64 = std::env::var("NPU_SPIKE_ELF_SEED")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(0);
    let mut rng = Rng(0x5eed_e1f0_0000_0015 ^ seed.wrapping_mul(0x9e37_79b9_7f4a_7c15));
    let (mut rejected, mut not_loaded, mut ran, mut insns, mut slowest) =
        (0u64, 0u64, 0u64, 0u64, 0u128);
    for i in 0..n {
        let s = rng.below(seeds.len() as u64) as usize;
        let len = 8 * (1 + rng.below(12) as usize);
        let script = rng.bytes(len);
        let mutant = mutate_elf(&seeds[s].1, &script);
        let hex: String = script.iter().map(|b| format!("{b:02x}")).collect();
        {
            let mut w = what.lock().unwrap();
            w.0 = format!("input {i} (seed {}, script {hex})", seeds[s].0);
            w.1.clone_from(&mutant);
        }
        let start = t0.elapsed();
        started.store(start.as_millis() as u64 + 1, Ordering::Relaxed);
        let r = std::panic::catch_unwind(|| elf_outcome(&mutant));
        started.store(0, Ordering::Relaxed);
        slowest = slowest.max((t0.elapsed() - start).as_micros());
        match r {
            Ok(ElfOutcome::Rejected) => rejected += 1,
            Ok(ElfOutcome::NotLoaded) => not_loaded += 1,
            Ok(ElfOutcome::Ran(k)) => {
                ran += 1;
                insns += k;
            }
            Err(_) => {
                panic!(
                    "elf campaign: input {i} panicked: seed {}, script {hex} \
                     (npu_spike::fuzz::mutate_elf(seed, script) rebuilds it)",
                    seeds[s].0
                );
            }
        }
    }
    stop.store(1, Ordering::Relaxed);
    dog.join().unwrap();
    eprintln!(
        "elf campaign: {n} mutants of {} seeds in {:.1} s: {rejected} rejected by the \
         loader, {not_loaded} not loadable, {ran} ran ({insns} instructions in all), \
         slowest input {:.1} ms; no panic, no hang",
        seeds.len(),
        t0.elapsed().as_secs_f64(),
        slowest as f64 / 1000.0
    );
    // A mutator whose mutants never get past the parser tests nothing: at least a
    // quarter must run, and at least a tenth must be refused (the headers really are
    // being broken).
    assert!(ran * 4 >= n, "only {ran} of {n} mutants ran");
    assert!(
        rejected * 10 >= n,
        "only {rejected} of {n} mutants were rejected"
    );
}

/// Found by the campaign (input 6213 of 200,000): a bare-metal mutant whose trap
/// handler (mtvec) holds an illegal word traps on itself forever and retires nothing,
/// so an instruction limit counting retired instructions never stopped it. Traps that
/// retire nothing now count towards the limit: the run ends at it, inside that loop
/// (the last trap an illegal instruction at the handler itself).
#[test]
fn trap_loop_stops_at_the_limit() {
    use npu_spike::isa::Isa;
    use npu_spike::loader::parse_elf;
    use npu_spike::sim::{Config, RunError, Simulator};
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("fuzz/regressions/elf_load/trap-loop-no-retire.elf");
    let prog = parse_elf(&std::fs::read(path).unwrap()).unwrap();
    let config = Config {
        isa: Isa::parse("rv64gc").unwrap(),
        max_insns: Some(2000),
        // Without the fix the loop never ends: fail on the clock instead of hanging.
        timeout: Some(std::time::Duration::from_secs(20)),
        ..Config::default()
    };
    let mut sim = Simulator::new(config, &prog, &["trap-loop".to_string()]).unwrap();
    let r = sim.run();
    match r {
        Err(RunError::InsnLimit(n)) => assert!(n < 2000, "{n}"),
        other => panic!("{other:?}"),
    }
    let h = &sim.hart;
    assert_eq!(h.csr.mcause, 2, "illegal instruction");
    assert_eq!(h.csr.mepc, h.csr.mtvec & !3);
    assert_eq!(h.pc, h.csr.mtvec & !3);
}

/// Found by libFuzzer's `syscalls` target: mremap of a page-aligned old address near
/// 2^64 computed `old + size` and overflowed (a panic in a build with overflow checks,
/// a wrapped address otherwise). Such an address is outside user space (which ends at
/// 2^38): EINVAL, as Linux gives for an unmappable range, and nothing else changes.
#[test]
fn mremap_of_an_address_near_2_64_is_einval() {
    use npu_spike::isa::Isa;
    use npu_spike::loader::{Program, Segment};
    use npu_spike::sim::{Config, Env, Simulator};
    let prog = Program {
        path: "mremap.elf".into(),
        entry: 0x10000,
        segments: vec![Segment {
            vaddr: 0x10000,
            data: vec![0x13, 0, 0, 0],
            mem_size: 0x1000,
        }],
        symbols: Default::default(),
        phdrs: Vec::new(),
        phent: 56,
    };
    let config = Config {
        isa: Isa::parse("rv64gc").unwrap(),
        ..Config::default()
    };
    let mut sim = Simulator::new(config, &prog, &["mremap.elf".to_string()]).unwrap();
    for (old, old_len, new_len, flags) in [
        (0xffff_ffff_ffff_f000u64, 0x1000u64, 0x2000u64, 1u64),
        (0xffff_ffff_ffff_f000, 0x2000, 0x1000, 0),
        (0x8000_0000_0000_0000, 0x1000, 0x3000, 1),
    ] {
        sim.hart.x[17] = 216; // mremap
        sim.hart.x[10..14].copy_from_slice(&[old, old_len, new_len, flags]);
        let Env::Pk(pk) = &mut sim.env else {
            panic!("a program without tohost runs under the proxy kernel")
        };
        pk.syscall(&mut sim.hart);
        assert_eq!(
            sim.hart.x[10] as i64, -22,
            "mremap({old:#x}, {old_len:#x}, {new_len:#x})"
        );
    }
}
