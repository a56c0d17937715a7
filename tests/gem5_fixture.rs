//! `npu-spike sample` against the real gem5 (issue 26): the cycles gem5 measured on
//! the gem5-ref microbenchmarks (PSAL-POSTECH/gem5 TorchSim 0511678, `gem5.fast`,
//! MinorCPU in PyTorchSim's RiscvVPU configuration, 1 GHz, 8 MiB I-cache, VLEN 256,
//! 4 lanes), stored in tests/timing/gem5/ with the ELFs they were measured on.
//!
//! The assertions are gem5's numbers, never npu-spike's own output: every window must
//! be within `TOLERANCE` of gem5, except the windows of `KNOWN_MISSES`, which are
//! held to the bound they reach today (each with the gem5 behaviour it lacks).

use std::collections::HashMap;
use std::process::Command;

/// The target of issue 26: every window within ±10 % of gem5.
const TOLERANCE: f64 = 0.10;

/// The mean |error| over the 102 samples (1.73 % today).
const MEAN_BOUND: f64 = 0.02;

const I_CACHE: &str = "a cold window whose line fills and loads or stores share gem5's one memory (the model keeps the I-cache's fills and the data accesses apart)";
const DEPTH: &str = "a short window after which the markers' refetch waits behind more stale line fetches in the model (3) than in gem5 (1): gem5's Fetch1 comes down to 1 in flight after probe's ld_x8_lines window, where line fills and loads share the memory (not modelled)";
const DEPTH_AT_JUMPS: &str = "jumps through registers and calls in a loop: the model's Fetch1 has more line fetches in flight at the redirects than gem5's (not pinned down)";
const LMUL8: &str = "LMUL-8 memory and arithmetic together are a few cycles slower in gem5, and vtile_m8's vsetvli adds ~22 more (m8_tile, the same without it: 28 against 50)";
const END_1: &str = "gem5 ends this short window one cycle apart (window-end rule not pinned down)";
const VSTORE: &str = "a window ending in vector stores: gem5 ends it later when earlier stores still hold the store buffer and earlier right after a producer (probe5: vse32_m8_x1 9, vfadd_vse_m1 6); rule not pinned down";

/// Windows of the first set the model does not bring within 10 % yet: (window, bound
/// on |ratio - 1|, what gem5 does that the model does not). Issue 26's target is an
/// empty list.
const KNOWN_MISSES: &[(&str, f64, &str)] = &[
    ("vlse32_x8.cold", 0.17, I_CACHE),
    ("vluxei32_x8.cold", 0.28, I_CACHE),
    ("ld_x8_lines.cold", 0.32, I_CACHE),
];

/// The second set (tests/timing/gem5/src/{mem2,real2,call3,probe4,...,probe21}.S and
/// real3.c, measured on the same gem5): probes of the store buffer, LMUL > 1 vector
/// memory and the I-cache, and realistic windows (sorts, recursion, a list walk,
/// softmax, tile loops, a scalar matmul, a copy; real3's gcc -O2 C and RVV loops). Its
/// mean |error| was 7.3 % over the 298 samples up to probe11, 8.4 % with probe13,
/// probe14, probe15 and real3 and 9.9 % with probe17, which were measured to find what
/// the model lacks (every window's own bound still guards the rest); 7.9 % once a load
/// awaiting its data at the head stopped commit, 7.7 % over 514 with probe18-probe21
/// (2026-12-07), 7.8 % over 566 with probe22-probe24 (accesses across a line),
/// 6.9 % with the vector loads' commit and gate, vector stores' early data and loop
/// exits' wrong paths (stop 43), 6.8 % with forwarded loads done at their LSQ entry
/// and the store buffer's retries, 6.7 % with every indirect transfer Fetch2 predicts
/// in the indirect predictor's path history, 5.8 % with load pairs and stores
/// waiting for their loads' commit (stop 44).
const MEAN_BOUND_SET2: f64 = 0.06;

const LAYOUT7: &str = "probe7: gem5 gives the same code other cycles at another address (rvv.S's vtile windows copied: vtile_m8 warm 39 against 50 in rvv.elf, vtile_m4 19 against 17; calls5's call windows with the leaves reordered 88/67/67/67 against 122/50/84/50, with identical prediction statistics); mechanism not pinned down";
const SKIPPED_MEM: &str = "probe8: load-dependent taken branches cost gem5 more by what they skip, though the skipped instruction is never decoded on the correct path (fetch2 statistics): 8 x (ld; bnez taken) costs 32 warm skipping a store, 50 skipping a load, the model 23 for both; a load at a taken branch's target costs ~6 cycles an iteration (m6 51, the model 25); not pinned down";
const LEAF_ADDRESS: &str = "probe9: 8 calls of a one-instruction leaf cost gem5 88, 50, 67 and 71 cycles warm by the leaf's address (its code does not matter: the mispredictions, 4, 3, 3, 4, are the model's too), the model 49 to 53; the address-dependent call cost of LAYOUT7, not pinned down";
const SCALAR_ALU: &str = "probe14/probe17/probe24: short windows of lw pairs and adds the model makes a few cycles apart from gem5 now that loads pair (two loads entering together go to memory together, the second on the bus's retry, and answer and commit together: gem5.opt traces of probe's ld_x8_lines and real3's mat_int); what is left is the markers' depth (cold) and p24_ld2's 9 against 8; not pinned down";
const PAIRS_COLD: &str = "probe17: cold windows of lw pairs: the model's pairs go to memory two a cycle, gem5's wait behind the line fills its Fetch1 makes past the window on the one memory (probe's ld_x8_lines.cold trace: the last loads retried for cycles while fills hold the bus; the model keeps fills and data accesses apart unless the run-ahead walk is on)";
const ISORT_DEPTH: &str = "probe8's insertion-sort path (sw; addiw; addi; beq; lw; blt back to the sw in the same line): gem5.opt's trace of real3's isort runs such an iteration in 3 cycles, bound by fetch (the taken blt's refetch waits behind 2 stale line fetches); the model keeps another number in flight here (Fetch1's depth, as LOOP_DEPTH)";
const START_DEPTH: &str = "real3's insertion, bubble and selection sorts: Fetch1 has 3 line fetches in flight at each misprediction's redirect in the model, 2 in gem5 (qsort32: 3 in both; gem5.opt trace of real3), so every taken transfer and redirect costs the model a cycle more (isort24's inner loop 4 cycles an iteration against 3). The extra one comes from the start-up code: gem5's prologue stores wait behind the line fills its Fetch1 makes on the one memory, so its first redirect comes late and Fetch1 streams through the lines 0x10440-0x105c0 there; the model's lazily stepped Fetch1 issues those fills after the stores, redirects sooner, and takes the lines as a burst of misses later, one more fetch in flight for good (stop 45)";
const LOAD_AFTER_STORE: &str = "probe7's l1_lines: 16 cycles against gem5's 14 since loads after stores go at the store's commit (14 before); not pinned down";
const PAIRED_SORT: &str = "probe8's isort16 copy: 11-18 % cheaper in the model since loads pair and stores wait for their loads' commit (stop 44; 0.99 before); not pinned down";
const REAL3: &str = "real3 (gcc -O2 C and strip-mined RVV loops, mispredictions equal to gem5's in most): the function-pointer dispatch is cheaper in the model, softmax's cold window too, and the RVV loops of one or two loads an iteration (ONE_VLE; probe15: 32 iterations of one vle32 m1 take gem5 4 cycles each, the model 3); not pinned down";
const VMEM_LOOP: &str = "probe15: strip-mined vector loops of loads and stores: one vle32 an iteration takes gem5 4 cycles (m1) and 7 (m4), the model 3 and 6; a load of one buffer and a store to another 10.8 an iteration at m4, the model 8.7; the m1 add loop dearer in the model (5.4 against gem5's 4.6 an iteration); not pinned down";
const ONE_VLE: &str = "probe10/probe11: a loop of one or two vector loads and a few int ops takes gem5 2.3 to 4 cycles an iteration by its shape (a moving address 4.0, the same address 3.4, no int ops 2.3), the model 2 or 3: its Fetch1 keeps another number of stale fetches in flight at each taken back-edge (DEPTH_AT_JUMPS); not pinned down";
const RUN_AHEAD: &str = "the reversed insertion sort in probe7: 1.28/1.25 until stop 44 (a copy-loop branch mispredicted mid-loop resolved late behind loads that waited a cycle after each store's commit, and Fetch1 ran fresh lines ahead on the wrong path), 0.77/0.77 since a load entering after an older store's commit goes at once: now its inner loop runs faster than gem5's, as ISORT_DEPTH";

const MARKER_DEPTH: &str = "probe19/probe20: identical windows of 8 x (ld; bnez taken; skipped insn) take gem5 41 or 50 cycles warm (88 or 97 cold; 32 and 23 further on) by the number of line fetches Fetch1 has in flight when the reset marker's forced stream change reaches it, which a stale fetch missing the I-cache in the cold run raised for good (gem5.opt trace: docs/timing.md, \"gem5's own trace\"), not by what the skipped instruction is; the model's Fetch1 fetches past the window only as far as the committed path needs, so its depth stays where it was (40 and 31 warm)";

const VLOAD_COMMIT: &str = "probe9's loads-only tile loop and probe10's three vle32 m2 with 3 to 6 int ops: a vector load on a vector memory unit hands its register over at its commit, the cycle after its data (gem5.opt trace of probe9: the vfmacc issues the cycle the third vle32 commits), and these loops come out 10-11 % dearer in the model with it (before: within 7 %); not pinned down";
const LOOP_DEPTH: &str = "a one-line loop of a vector load and a few int ops: gem5 runs it at 2 cycles an iteration (p23_vle_off0: one line fetch in flight at each taken back-edge), the model at 3 (two): the number Fetch1 carries from one stream change to the next, set by events the model does not follow exactly (I-cache misses at a change, a full Fetch2 buffer; docs/timing.md, \"Fetch1's depth\")";
const VLOAD_GATE: &str = "probe23 and real3: strip-mined vle32/vfadd/vse32 m1 loops over buffers at line offsets 8 and 24, where every other load crosses a line: gem5 takes about 1 cycle an iteration more than the model (vadd_m1_200 0.87/0.90, probe23 0.87-0.90), which gates vector loads at the commit's head and splits them as gem5.opt's trace of probe23 shows (0.81-0.84 before the gate); what else a split vector load costs there is not pinned down";
const STORE_SPLIT: &str = "probe23/probe24: stores across a line: a split store holds the LSQ's one-entry request queue while its two fragments are translated, so such stores enter one a cycle, and the store buffer sends one fragment a cycle, the next store's first with the previous one's second (gem5.opt trace of probe24); the model sends the second fragment a cycle after the first but lets the stores enter together";

const KNOWN_MISSES_SET2: &[(&str, f64, &str)] = &[
    ("isort24.cold", 0.21, START_DEPTH),
    ("isort24.warm", 0.25, START_DEPTH),
    ("m7_isort_path.cold", 0.12, ISORT_DEPTH),
    ("l1_lines.warm", 0.15, LOAD_AFTER_STORE),
    ("m9_isort16_copy.cold", 0.20, PAIRED_SORT),
    ("m9_isort16_copy.warm", 0.19, PAIRED_SORT),
    ("m10_isort_nost.cold", 0.12, PAIRED_SORT),
    ("sl_lw2_add4.cold", 0.21, PAIRS_COLD),
    ("sl_lw2_add5.cold", 0.25, PAIRS_COLD),
    ("sl_lw2_add7.cold", 0.23, PAIRS_COLD),
    ("p24_sd4_split_ld4.warm", 0.13, STORE_SPLIT),
    ("sd_x32.cold", 0.68, I_CACHE),
    ("vfadd_vse_m8.cold", 0.18, LMUL8),
    ("vfadd_vse_m8.warm", 0.18, LMUL8),
    ("st_ld_diff8.warm", 0.33, END_1),
    ("m8_ld_ld_add.cold", 0.16, LMUL8),
    ("m8_ld_add_st.cold", 0.16, LMUL8),
    ("m8_ld_add_st.warm", 0.16, LMUL8),
    ("vset_m8_vle.warm", 0.12, VSTORE),
    ("vsetx0_m8_tile.cold", 0.63, I_CACHE),
    ("vsetx0_m8_tile.warm", 0.14, VSTORE),
    ("vle_vse_m2.cold", 0.13, DEPTH),
    ("vle_vse_m2.warm", 0.13, DEPTH),
    ("vset_m2_tile.cold", 0.17, DEPTH),
    ("vtile_m1_noset.cold", 0.13, VSTORE),
    ("vtile_m1_noset.warm", 0.13, VSTORE),
    ("vtile_m4_noset.cold", 0.16, VSTORE),
    ("vtile_m4_noset.warm", 0.16, VSTORE),
    ("ld_x8_same.cold", 0.24, I_CACHE),
    ("ld_x8_same.warm", 0.30, DEPTH),
    ("a1_vtile_m8_copy.cold", 0.54, I_CACHE),
    ("a1_vtile_m8_copy.warm", 0.17, LAYOUT7),
    ("b3_vse_m1_x2.cold", 0.18, DEPTH),
    ("b3_vse_m1_x2.warm", 0.18, DEPTH),
    ("b4_vse_m1_x4.cold", 0.35, VSTORE),
    ("b4_vse_m1_x4.warm", 0.35, VSTORE),
    ("c1_ld_addi16.cold", 0.53, I_CACHE),
    ("v_m4.cold", 0.13, LAYOUT7),
    ("v_m8.warm", 0.27, LAYOUT7),
    ("v6_m8.cold", 0.17, LMUL8),
    ("v6_m8.warm", 0.17, LMUL8),
    ("s3_straight.cold", 0.29, I_CACHE),
    ("m2_ld_br_st.cold", 0.12, SKIPPED_MEM),
    ("m3_ld_br_ld.cold", 0.21, SKIPPED_MEM),
    ("m3_ld_br_ld.warm", 0.39, SKIPPED_MEM),
    ("m4_st_then_ld.warm", 0.18, SKIPPED_MEM),
    ("m5_alu_then_ld.cold", 0.25, DEPTH_AT_JUMPS),
    ("m5_alu_then_ld.warm", 0.46, DEPTH_AT_JUMPS),
    ("m6_ready_st_ld.cold", 0.20, SKIPPED_MEM),
    ("m6_ready_st_ld.warm", 0.37, SKIPPED_MEM),
    ("m7_isort_path.warm", 0.20, SKIPPED_MEM),
    ("s2_isort_rev.cold", 0.25, RUN_AHEAD),
    ("s2_isort_rev.warm", 0.26, RUN_AHEAD),
    ("c1_leaf_t0.cold", 0.18, LEAF_ADDRESS),
    ("c1_leaf_t0.warm", 0.22, LEAF_ADDRESS),
    ("c3_leaf_rd_sp.cold", 0.20, LEAF_ADDRESS),
    ("c3_leaf_rd_sp.warm", 0.25, LEAF_ADDRESS),
    ("c4_leaf_wr_sp.cold", 0.20, LEAF_ADDRESS),
    ("c4_leaf_wr_sp.warm", 0.24, LEAF_ADDRESS),
    ("ln_loads1.cold", 0.16, ONE_VLE),
    ("ln_loads1.warm", 0.17, ONE_VLE),
    ("g_vle_m2_short.cold", 0.26, LOOP_DEPTH),
    ("g_vle_m2_short.warm", 0.39, LOOP_DEPTH),
    ("bsort16.cold", 0.14, START_DEPTH),
    ("bsort16.warm", 0.15, START_DEPTH),
    ("fnptr_dispatch32.cold", 0.19, REAL3),
    ("fnptr_dispatch32.warm", 0.20, REAL3),
    ("softmax_s48.cold", 0.27, REAL3),
    ("vadd_m1_200.cold", 0.15, REAL3),
    ("vadd_m1_200.warm", 0.12, REAL3),
    ("v_ld_st_other_m4.cold", 0.12, VMEM_LOOP),
    ("v_ld_st_other_m4.warm", 0.12, VMEM_LOOP),
    ("sl_lw1_add0.cold", 0.25, SCALAR_ALU),
    ("sl_lw2_add2.cold", 0.15, SCALAR_ALU),
    ("s1_lw2_add5.cold", 0.39, SCALAR_ALU),
    ("ssort20.cold", 0.21, START_DEPTH),
    ("ssort20.warm", 0.23, START_DEPTH),
    ("p19_skip_lw.cold", 0.12, MARKER_DEPTH),
    ("p19_skip_lw.warm", 0.21, MARKER_DEPTH),
    ("p19_skip_ld_same.cold", 0.12, MARKER_DEPTH),
    ("p19_skip_ld_same.warm", 0.21, MARKER_DEPTH),
    ("p19_skip_addi.cold", 0.12, MARKER_DEPTH),
    ("p19_skip_addi.warm", 0.21, MARKER_DEPTH),
    ("p19_skip_mul.cold", 0.12, MARKER_DEPTH),
    ("p19_skip_mul.warm", 0.21, MARKER_DEPTH),
    ("p19_skip_addi_ld.cold", 0.12, MARKER_DEPTH),
    ("p19_skip_addi_ld.warm", 0.20, MARKER_DEPTH),
    ("p19_skip_div.cold", 0.26, MARKER_DEPTH),
    ("p19_skip_div.warm", 0.75, MARKER_DEPTH),
    ("p20_nop_w3.cold", 0.12, MARKER_DEPTH),
    ("p20_nop_w3.warm", 0.21, MARKER_DEPTH),
    ("p20_nop_pad1.cold", 0.13, MARKER_DEPTH),
    ("p20_nop_pad1.warm", 0.26, MARKER_DEPTH),
    ("p20_nop_pad2.cold", 0.13, MARKER_DEPTH),
    ("p20_nop_pad2.warm", 0.26, MARKER_DEPTH),
    ("p20_addi_w1.cold", 0.21, MARKER_DEPTH),
    ("p20_addi_w1.warm", 0.39, MARKER_DEPTH),
    ("p23_vadd_off8.cold", 0.12, VLOAD_GATE),
    ("p23_vadd_off24.cold", 0.14, VLOAD_GATE),
    ("p23_vadd_off24.warm", 0.15, VLOAD_GATE),
    ("p23_vle_off24.cold", 0.19, VLOAD_GATE),
    ("p23_vle_off24.warm", 0.20, VLOAD_GATE),
    ("p23_ld_x8_split.cold", 0.26, I_CACHE),
    ("p23_sd_x8_split.cold", 0.30, STORE_SPLIT),
    ("p23_sd_x8_split.warm", 0.30, STORE_SPLIT),
    ("p24_ld2.cold", 0.14, SCALAR_ALU),
    ("p24_ld2.warm", 0.14, SCALAR_ALU),
    ("p24_sd4_split_ld4.cold", 0.30, STORE_SPLIT),
    ("vle32_m4_x2.cold", 0.16, I_CACHE),
    ("a4_no_vse.cold", 0.11, I_CACHE),
    ("t5_tile_m2_loads.cold", 0.12, VLOAD_COMMIT),
    ("t5_tile_m2_loads.warm", 0.12, VLOAD_COMMIT),
    ("l3_adds3.warm", 0.12, VLOAD_COMMIT),
    ("l3_adds4.warm", 0.12, VLOAD_COMMIT),
    ("l3_adds6.warm", 0.12, VLOAD_COMMIT),
    ("p23_vle_off0.cold", 0.37, LOOP_DEPTH),
    ("p23_vle_off0.warm", 0.43, LOOP_DEPTH),
];

fn dir() -> String {
    format!("{}/tests/timing/gem5", env!("CARGO_MANIFEST_DIR"))
}

/// Runs `sample` on `elf` as gem5-ref's compare.py does, with `extra` arguments
/// before the ELF.
fn run_sample(elf: &str, extra: &[&std::ffi::OsStr]) -> std::process::Output {
    let out = Command::new(env!("CARGO_BIN_EXE_npu-spike"))
        .args([
            "sample",
            "--vlen",
            "256",
            "--vectorlane-size",
            "4",
            "-j",
            "1",
        ])
        .args(extra)
        .arg(format!("{}/bin/{elf}.elf", dir()))
        .output()
        .expect("run npu-spike");
    assert!(
        out.status.success(),
        "{elf}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    out
}

/// The samples of the fixture `file`: (window, elf, dump, the `column`'s value).
fn fixture_rows(file: &str, column: &str) -> Vec<(String, String, usize, String)> {
    let tsv = std::fs::read_to_string(format!("{}/{file}", dir())).unwrap();
    let mut lines = tsv.lines();
    let header: Vec<&str> = lines.next().unwrap().split('\t').collect();
    let col = |name: &str| header.iter().position(|h| *h == name).unwrap();
    let (cw, ce, cd, cv) = (col("window"), col("elf"), col("dump"), col(column));
    lines
        .filter(|l| !l.trim().is_empty())
        .map(|line| {
            let f: Vec<&str> = line.split('\t').collect();
            (
                f[cw].to_string(),
                f[ce].to_string(),
                f[cd].parse().unwrap(),
                f[cv].to_string(),
            )
        })
        .collect()
}

/// Runs `sample` as gem5-ref's compare.py does and returns each dump's cycles.
fn sample(elf: &str) -> Vec<u64> {
    let out = run_sample(elf, &[]);
    String::from_utf8_lossy(&out.stdout)
        .lines()
        .filter(|l| !l.trim().is_empty())
        .map(|l| l.split('\t').next().unwrap().parse().unwrap())
        .collect()
}

/// Checks every window of `file` against gem5: within `TOLERANCE` or its known-miss
/// bound, `count` samples, mean |error| at most `mean_bound`.
fn check(file: &str, count: usize, known: &[(&str, f64, &str)], mean_bound: f64) {
    let mut runs: HashMap<String, Vec<u64>> = HashMap::new();
    let mut failures = Vec::new();
    let mut errors = Vec::new();
    for (window, elf, dump, gem5) in fixture_rows(file, "numCycles") {
        let gem5: f64 = gem5.parse().unwrap();
        let got = runs.entry(elf.clone()).or_insert_with(|| sample(&elf));
        let ours =
            *got.get(dump)
                .unwrap_or_else(|| panic!("{elf}: no dump {dump} for {window}")) as f64;
        let err = (ours / gem5 - 1.0).abs();
        errors.push(err);
        let bound = known
            .iter()
            .find(|(w, _, _)| *w == window)
            .map_or(TOLERANCE, |&(_, b, _)| b);
        if err > bound + 1e-9 {
            failures.push(format!(
                "{window}: gem5 {gem5}, npu-spike {ours} ({:+.1} %, bound {:.0} %)",
                (ours / gem5 - 1.0) * 100.0,
                bound * 100.0
            ));
        }
    }
    assert_eq!(errors.len(), count, "{file}: samples");
    assert!(failures.is_empty(), "{}", failures.join("\n"));
    let mean = errors.iter().sum::<f64>() / errors.len() as f64;
    assert!(
        mean <= mean_bound,
        "{file}: mean |error| {:.1} %",
        mean * 100.0
    );
}

#[test]
fn every_window_is_within_tolerance_of_gem5() {
    check("gem5_cycles.tsv", 102, KNOWN_MISSES, MEAN_BOUND);
}

#[test]
fn the_second_set_and_realistic_windows_are_within_tolerance_of_gem5() {
    check(
        "gem5_cycles_set2.tsv",
        566,
        KNOWN_MISSES_SET2,
        MEAN_BOUND_SET2,
    );
}

/// gem5-ref's speed benchmark (`bin/long.elf`: one window of 1 M iterations of a
/// 12-instruction scalar + RVV loop with a store before each load): gem5 counts
/// 8,000,080 cycles (expected/speed.tsv), 8 a iteration.
#[test]
fn the_long_loop_takes_gem5s_cycles() {
    let cycles = sample("long");
    assert_eq!(cycles.len(), 1);
    let err = (cycles[0] as f64 / 8_000_080.0 - 1.0).abs();
    assert!(err < 0.001, "npu-spike {} against gem5 8000080", cycles[0]);
}

/// The two long loops (gem5-ref's long.S, and src/walk.S: the same loop walking its
/// buffers, a tile loop's shape), measured on the same gem5 (`gem5.fast`, 16-core
/// host, 2026-12-06): one window of 1 M iterations each, 8 and 7 cycles an
/// iteration. walk took the model 8 until the vector store's data could be a cycle
/// late on a mem unit (gem5 issues the vse32 in its vfadd's cycle) and a vector load
/// on a vector load/store unit handed its register over at its commit (long.S's
/// second vle32, whose vfadd waits for it): both now within 0.1 %.
#[test]
fn the_long_loops_are_within_tolerance_of_gem5() {
    check("gem5_cycles_long.tsv", 2, &[], 0.001);
}

/// Each window's I-cache misses (`icache.overallMisses::total` in the window's
/// summary), from a run with `-o`.
fn sample_icache_misses(elf: &str, timing: &str) -> Vec<u64> {
    let out_dir = std::env::temp_dir().join(format!(
        "npu-spike-gem5-icache-{}-{elf}-{}",
        std::process::id(),
        timing.len()
    ));
    let _ = std::fs::remove_dir_all(&out_dir);
    std::fs::create_dir_all(&out_dir).unwrap();
    let timing_file = out_dir.join("timing.yml");
    std::fs::write(&timing_file, timing).unwrap();
    let out = out_dir.join("out");
    run_sample(
        elf,
        &[
            "--timing".as_ref(),
            timing_file.as_os_str(),
            "-o".as_ref(),
            out.as_os_str(),
        ],
    );
    let out_dir_guard = out_dir;
    let out_dir = out;
    let summary: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(out_dir.join("summary.json")).unwrap())
            .unwrap();
    let _ = std::fs::remove_dir_all(&out_dir_guard);
    summary["windows"]
        .as_array()
        .unwrap()
        .iter()
        .map(|w| {
            w["counters"]["icache.overallMisses::total"]
                .as_u64()
                .unwrap()
        })
        .collect()
}

/// Warm windows whose mispredicted loop exits send the model's Fetch1 past the
/// window into lines the cold run never reached. The exit is still predicted taken
/// on its own wrong path (gem5 updates the predictor when the branch commits), so
/// that path goes round the loop until the redirect (`CycleModel::peek_path`);
/// with it the 14 windows listed here before came down to these two, where a
/// wrong path outlasts the walk's 64 transfers (`MAX_SEGMENTS`).
const WRONG_PATH_LINES: &[&str] = &["v_fma_m4.warm", "v_ld3_st_m4.warm"];

/// gem5's I-cache misses per window (the `icacheMisses` column): the model fetches
/// lines as gem5's Fetch1 does only where it walks the same paths, so they agree in
/// most windows, not all (the model's Fetch1 runs ahead only as far as the path it
/// is fed needs; gem5's runs ahead through the lines past a stalled window). The
/// second set's windows that agree may not drop below 390 of 566 (395 since a loop
/// exit's wrong path goes round the loop, 380 before; 301 of the first 432, 303
/// before the commit gate: with it probe13's matmul loop leaves its cold run's
/// Fetch1 further ahead, 18 fresh lines in l2_matint_inner.cold against gem5's 0),
/// and every warm window of it (the code fetched on the cold run) must miss as
/// little as gem5's.
#[test]
fn the_i_cache_misses_agree_with_gem5() {
    let mut runs: HashMap<String, Vec<u64>> = HashMap::new();
    let (mut equal, mut total) = (0, 0);
    let mut warm_extra = Vec::new();
    for (window, elf, dump, gem5) in fixture_rows("gem5_cycles_set2.tsv", "icacheMisses") {
        let gem5: u64 = gem5.parse().unwrap();
        let got = runs
            .entry(elf.clone())
            .or_insert_with(|| sample_icache_misses(&elf, ""));
        let ours = got[dump];
        total += 1;
        equal += (ours == gem5) as usize;
        if window.ends_with(".warm") && ours > gem5 && !WRONG_PATH_LINES.contains(&window.as_str())
        {
            warm_extra.push(format!("{window}: gem5 {gem5}, npu-spike {ours}"));
        }
    }
    assert_eq!(total, 566);
    assert!(equal >= 390, "{equal} of {total} windows miss as gem5 does");
    assert!(warm_extra.is_empty(), "{}", warm_extra.join("\n"));
}
