//! The translation tier against the interpreter (issue 17).
//!
//! Each self-checking program of tests/programs (traps in the middle of blocks,
//! misaligned accesses, fence.i and code writes, M's division by zero and overflow,
//! every integer and FP op) runs twice in-process: interpreter only, and with every
//! block translated on its first run (`jit_hot = 1`), one block per engine call. The
//! complete architectural state at every block exit (x, f, pc, instret, the trap and
//! its pc, fflags, frm, mstatus, a digest of memory) must be the same in both runs,
//! both runs must pass the program's own checks (exit 0), and the tier must have
//! been entered. `jit_fp` (tests/programs/src/jit_fp.S) is the inline FP paths'
//! program: random operands with specials, unboxed f32s, every rounding mode, FS
//! Off and Clean, traps after FP work.

use npu_spike::isa::Isa;
use npu_spike::loader::load_elf;
use npu_spike::sim::{Config, RunError, Simulator};
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex};

const ISA: &str = "rv64gc_zfh_zicntr_zihpm_zicclsm";

#[derive(Debug, PartialEq, Eq, Clone)]
struct State {
    x: Vec<u64>,
    f: Vec<u64>,
    fflags: u8,
    frm: u8,
    mstatus: u64,
    pc: u64,
    instret: u64,
    trap: Option<(u64, u64, u64)>,
    mem: u64,
}

impl State {
    /// The architectural state of `h` (with the trap an exit raised, if any).
    fn of(h: &npu_spike::machine::Hart, trap: Option<(u64, u64, u64)>) -> State {
        State {
            x: h.x[..32].to_vec(),
            f: h.f.to_vec(),
            fflags: h.csr.fflags,
            frm: h.csr.frm,
            mstatus: h.csr.mstatus,
            pc: h.pc,
            instret: h.instret,
            trap,
            mem: h.mem.digest(),
        }
    }
}

struct Run {
    result: Result<u64, String>,
    states: Vec<State>,
    translated: u64,
    entries: u64,
    /// (FP instructions inline, fast paths taken, slow paths taken)
    fp: (u64, u64, u64),
}

fn run(elf: &Path, jit: bool, max_insns: u64) -> Run {
    run_counting(elf, jit, max_insns, false)
}

fn run_counting(elf: &Path, jit: bool, max_insns: u64, count_fp: bool) -> Run {
    let prog = load_elf(elf).unwrap_or_else(|e| panic!("{}: {}", elf.display(), e.msg));
    let config = Config {
        isa: Isa::parse(ISA).expect("isa"),
        max_insns: Some(max_insns),
        no_jit: !jit,
        jit_hot: Some(1),
        ..Config::default()
    };
    let mut sim = Simulator::new(config, &prog, &[elf.display().to_string()]).expect("sim");
    sim.jit_count_fp(count_fp);
    let states = Arc::new(Mutex::new(Vec::new()));
    let s2 = states.clone();
    sim.observe_blocks(Box::new(move |h, trap| {
        s2.lock()
            .unwrap()
            .push(State::of(h, trap.map(|(t, pc)| (t.cause, t.tval, pc))))
    }));
    let result = sim.run().map_err(|e| match e {
        RunError::InsnLimit(n) => format!("limit {n}"),
        e => e.to_string(),
    });
    let (translated, _, entries) = sim.jit_stats();
    let fp = sim.jit_fp_stats();
    let states = std::mem::take(&mut *states.lock().unwrap());
    Run {
        result,
        states,
        translated,
        entries,
        fp,
    }
}

fn compare(name: &str, a: &Run, b: &Run) {
    for (k, (sa, sb)) in a.states.iter().zip(&b.states).enumerate() {
        assert_eq!(
            sa, sb,
            "{name}: block exit {k} differs (left interpreter, right tier)"
        );
    }
    assert_eq!(a.states.len(), b.states.len(), "{name}: block exits");
    assert_eq!(a.result, b.result, "{name}: result");
}

fn programs() -> Vec<PathBuf> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/programs/bin");
    let mut v: Vec<PathBuf> = std::fs::read_dir(&dir)
        .expect("tests/programs/bin")
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "elf"))
        .collect();
    v.sort();
    v
}

fn check(name: &str) {
    let elf = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/programs/bin")
        .join(format!("{name}.elf"));
    let a = run(&elf, false, 10_000_000);
    let b = run(&elf, true, 10_000_000);
    assert_eq!(
        a.result,
        Ok(0),
        "{name}: interpreter run fails its own checks"
    );
    assert_eq!(a.translated, 0, "{name}: --no-jit translated");
    assert!(
        b.translated > 0 && b.entries > 0,
        "{name}: the tier was not reached"
    );
    compare(name, &a, &b);
}

macro_rules! both_tiers {
    ($($name:ident),* $(,)?) => {$(
        #[test]
        fn $name() {
            check(stringify!($name));
        }
    )*};
}

// Traps mid-block (priv_traps: ecall/ebreak/illegal/misaligned-fetch/access faults
// with handlers), misaligned loads and stores, fence.i after code writes, M's
// division by zero and MIN / -1, and the rest of the base ISA.
both_tiers!(
    priv_traps,
    misaligned,
    fence_i,
    rv64m,
    rv64i_arith,
    rv64i_jump,
    rv64i_mem,
    rv64i_shift,
    rv64c,
    rv64a,
    rv64d_arith,
    rv64f_arith,
    rv64zfh_arith,
    priv_smode,
    zicntr,
    zicsr,
    jit_fp,
    rv64d_cvt,
    rv64f_cvt,
    rv64d_cmp,
    rv64f_cmp,
    fp_move_nanbox,
    jit_loops,
);

#[test]
fn every_program_is_listed_or_run() {
    // The list above is a selection; the others run here under both tiers too.
    let listed = [
        "priv_traps",
        "misaligned",
        "fence_i",
        "rv64m",
        "rv64i_arith",
        "rv64i_jump",
        "rv64i_mem",
        "rv64i_shift",
        "rv64c",
        "rv64a",
        "rv64d_arith",
        "rv64f_arith",
        "rv64zfh_arith",
        "priv_smode",
        "zicntr",
        "zicsr",
        "jit_fp",
        "rv64d_cvt",
        "rv64f_cvt",
        "rv64d_cmp",
        "rv64f_cmp",
        "fp_move_nanbox",
        "jit_loops",
    ];
    for p in programs() {
        let name = p.file_stem().unwrap().to_string_lossy().into_owned();
        if !listed.contains(&name.as_str()) {
            check(&name);
        }
    }
}

/// Budgets: `--max-insns` ends both tiers at the same block boundary with the same
/// instret, in a hot self-looping block (bench int_loop: one 13-instruction loop).
#[test]
fn budget_exit_is_exact() {
    let elf = Path::new(env!("CARGO_MANIFEST_DIR")).join("bench/elf/int_loop.elf");
    for limit in [1_000u64, 12_345, 100_003] {
        let a = run(&elf, false, limit);
        let b = run(&elf, true, limit);
        assert!(b.entries > 0);
        let n = match &a.result {
            Err(s) => s.strip_prefix("limit ").unwrap().parse::<u64>().unwrap(),
            r => panic!("limit {limit}: {r:?}"),
        };
        // The run stops at the first block boundary at or past the limit.
        assert!(
            n >= limit && n < limit + 64,
            "limit {limit}: stopped at {n}"
        );
        compare("int_loop budget", &a, &b);
    }
}

/// Final state after `limit` instructions at the default hot threshold, without a
/// block observer (so the engine runs many blocks per call and regions chain).
fn final_state(elf: &Path, jit: bool, limit: u64) -> (State, String, u64) {
    let prog = load_elf(elf).unwrap_or_else(|e| panic!("{}: {}", elf.display(), e.msg));
    let config = Config {
        isa: Isa::parse(ISA).expect("isa"),
        max_insns: Some(limit),
        no_jit: !jit,
        ..Config::default()
    };
    let mut sim = Simulator::new(config, &prog, &[elf.display().to_string()]).expect("sim");
    let result = match sim.run() {
        Err(RunError::InsnLimit(n)) => format!("limit {n}"),
        r => format!("{r:?}"),
    };
    let state = State::of(&sim.hart, None);
    (state, result, sim.jit_stats().2)
}

/// Regions and chaining: bench int_mix's loop nests (list merge sort, CRC, a state
/// machine with a jump table, a matrix product: loops of several blocks, calls and
/// returns) run inside translated code across block and region boundaries. At every
/// budget the tier stops where the interpreter stops, in the same state; and it
/// returns to the engine far less often than once per block (before regions: one
/// entry per 11 instructions; with regions but no chaining, one per 73).
#[test]
fn regions_and_chains_keep_loop_nests_in_translated_code() {
    let elf = Path::new(env!("CARGO_MANIFEST_DIR")).join("bench/elf/int_mix.elf");
    for limit in [100_000u64, 1_234_567, 5_000_000] {
        let (a, ra, _) = final_state(&elf, false, limit);
        let (b, rb, entries) = final_state(&elf, true, limit);
        assert_eq!(ra, rb, "limit {limit}");
        assert_eq!(a, b, "limit {limit}: state differs");
        if limit == 5_000_000 {
            assert!(
                entries > 0 && entries * 2000 < limit,
                "{entries} entries into translated code in {limit} instructions"
            );
        }
    }
}

/// Write-back in loops: a block that loops to itself keeps the registers it writes
/// in host registers until it leaves the loop, so a trap in the middle of a round,
/// or a budget exit, must write back both that round's registers and the previous
/// round's. `jit_loops` (tests/programs/src/jit_loops.S) runs loops that fault after
/// hundreds of rounds and checks the pointer and round count at the fault itself;
/// here it runs freely (the tier at its default threshold, loops entered and left in
/// translated code) and is cut at budgets inside its loops, and the state must be
/// the interpreter's at each.
#[test]
fn loops_write_back_at_traps_and_budgets() {
    let elf = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/programs/bin/jit_loops.elf");
    for limit in [900u64, 2_001, 4_567, 7_003, 10_000_000] {
        let (a, ra, _) = final_state(&elf, false, limit);
        let (b, rb, entries) = final_state(&elf, true, limit);
        assert_eq!(ra, rb, "limit {limit}");
        assert_eq!(a, b, "limit {limit}: state differs");
        if limit == 10_000_000 {
            assert_eq!(ra, "Ok(0)", "jit_loops fails its own checks");
            assert!(entries > 0, "the tier was not reached");
        }
    }
}

/// The inline FP paths are reached: in `jit_fp` both the fast paths (normal
/// operands) and the slow paths (its specials, unboxed f32s, NX clear before a fused
/// op) run in translated code, and the counted run still agrees with the
/// interpreter; in the benchmarks' FP loops (bench fp_matmul, fp_trans, cut by a
/// budget) the fast paths run and the states agree at every block exit.
#[test]
fn fp_fast_path_is_reached() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR"));
    let elf = dir.join("tests/programs/bin/jit_fp.elf");
    let a = run(&elf, false, 10_000_000);
    let b = run_counting(&elf, true, 10_000_000, true);
    assert_eq!(a.result, Ok(0));
    compare("jit_fp counted", &a, &b);
    let (inline, fast, slow) = b.fp;
    assert!(inline > 100, "jit_fp: {inline} FP instructions inline");
    assert!(
        fast > 1000 && slow > 100,
        "jit_fp: fast {fast}, slow {slow}"
    );
    for name in ["fp_matmul", "fp_trans"] {
        let elf = dir.join("bench/elf").join(format!("{name}.elf"));
        let a = run(&elf, false, 300_000);
        let b = run_counting(&elf, true, 300_000, true);
        compare(name, &a, &b);
        let (inline, fast, _) = b.fp;
        assert!(
            inline > 10 && fast > 10_000,
            "{name}: inline {inline}, fast {fast}"
        );
    }
}
