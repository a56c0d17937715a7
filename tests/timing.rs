//! Cycle sampling (`npu-spike sample`): the timing vectors of npu-isa.md §6.3, the
//! marker test of §8 item 9 and the microbenchmarks of docs/timing.md, on the cycle
//! binaries of tests/timing (src/*.S, rebuilt by tests/timing/build.sh).
//!
//! The expected relations come from the spec; the microbenchmark cycle counts are
//! derived by hand from the §6.2 parameters in docs/timing.md.

use std::path::{Path, PathBuf};
use std::process::Command;

fn bin() -> &'static str {
    env!("CARGO_BIN_EXE_npu-spike")
}

fn elf(name: &str) -> String {
    format!("{}/tests/timing/bin/{name}.elf", env!("CARGO_MANIFEST_DIR"))
}

fn vx_machine() -> String {
    format!("{}/tests/timing/vx.yml", env!("CARGO_MANIFEST_DIR"))
}

fn tmp(name: &str) -> PathBuf {
    let d = std::env::temp_dir().join(format!("npu-spike-timing-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&d);
    std::fs::create_dir_all(&d).unwrap();
    d
}

/// Runs `sample` and returns (status, stdout, stderr).
fn sample(args: &[&str]) -> (i32, String, String) {
    let out = Command::new(bin())
        .arg("sample")
        .args(args)
        .output()
        .expect("run npu-spike");
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

/// The cycles of each window printed on stdout (trace_cycles.tsv lines).
fn windows(args: &[&str]) -> Vec<u64> {
    let (code, out, err) = sample(args);
    assert_eq!(code, 0, "{err}");
    out.lines()
        .map(|l| {
            let (c, o) = l.split_once('\t').expect("cycle<TAB>overlapping");
            assert_eq!(o, "0");
            c.parse().unwrap()
        })
        .collect()
}

#[derive(Debug)]
struct Issued {
    issue: u64,
    complete: u64,
    text: String,
    fetched: u64,
    mispredicted: bool,
}

/// Runs with `--issue-trace` and returns the per-instruction records.
fn issue_trace(name: &str, extra: &[&str]) -> Vec<Issued> {
    issue_trace_of(&elf(name), name, extra)
}

fn issue_trace_of(e: &str, name: &str, extra: &[&str]) -> Vec<Issued> {
    let dir = tmp(&format!("trace-{name}"));
    let trace = dir.join("issue.tsv");
    let mut args = vec![e, "--issue-trace", trace.to_str().unwrap()];
    args.extend_from_slice(extra);
    let (code, _, err) = sample(&args);
    assert_eq!(code, 0, "{err}");
    let text = std::fs::read_to_string(&trace).unwrap();
    let _ = std::fs::remove_dir_all(&dir);
    text.lines()
        .skip(1)
        .map(|l| {
            let f: Vec<&str> = l.split('\t').collect();
            Issued {
                issue: f[1].parse().unwrap(),
                complete: f[2].parse().unwrap(),
                text: f[3].to_string(),
                fetched: f[4].parse().unwrap(),
                mispredicted: match f[5] {
                    "0" => false,
                    "1" => true,
                    other => panic!("mispredicted column: {other:?}"),
                },
            }
        })
        .collect()
}

/// The trace's last two columns: when the front end delivered each instruction and
/// whether its resolution refetched. The first run of a loop (probe7's set-up loop,
/// 16 iterations of a backward `bne`) mispredicts as gem5's TournamentBP does
/// (docs/timing.md): its first 13 taken runs (11 local-history bits filling, then 2
/// more for the all-taken pattern's counter to pass 1), not the next 2, and the exit.
#[test]
fn issue_trace_marks_fetch_and_mispredictions() {
    let e = format!(
        "{}/tests/timing/gem5/bin/probe7.elf",
        env!("CARGO_MANIFEST_DIR")
    );
    let t = issue_trace_of(&e, "probe7", &["--vlen", "256"]);
    let loop_branch: Vec<bool> = t
        .iter()
        .filter(|r| r.text.starts_with("bne     t1, t2, 0x10048"))
        .map(|r| r.mispredicted)
        .collect();
    let mut expected = vec![true; 13];
    expected.extend([false, false, true]);
    assert_eq!(loop_branch, expected);
    assert!(
        t.iter().all(|r| r.fetched <= r.issue),
        "issued before fetched"
    );
    assert!(
        t.iter().any(|r| r.fetched < r.issue),
        "no instruction waited"
    );
}

fn named<'a>(t: &'a [Issued], prefix: &str) -> Vec<&'a Issued> {
    t.iter().filter(|r| r.text.starts_with(prefix)).collect()
}

/// §6.3 item 1: five back-to-back vexp issue one per cycle and each completes 10
/// cycles after its issue; in the dependent chain each reader issues 10 cycles after
/// its producer, 4 with `tpu_sfu_latency_cycles: 4`.
#[test]
fn sfu_pipelines_one_per_cycle_and_chains_wait_for_the_latency() {
    let t = issue_trace("sfu", &[]);
    let exps = named(&t, "vexp");
    assert_eq!(exps.len(), 5);
    for w in exps.windows(2) {
        assert_eq!(w[1].issue, w[0].issue + 1);
    }
    for e in &exps {
        assert_eq!(e.complete, e.issue + 10);
    }
    for (latency, extra) in [(10, None), (4, Some("tpu_sfu_latency_cycles: 4\n"))] {
        let t = match extra {
            Some(text) => {
                let dir = tmp("sfu4");
                let f = dir.join("timing.yml");
                std::fs::write(&f, text).unwrap();
                let t = issue_trace("sfu", &["--timing", f.to_str().unwrap()]);
                let _ = std::fs::remove_dir_all(&dir);
                t
            }
            None => issue_trace("sfu", &[]),
        };
        let chain: Vec<&Issued> = t
            .iter()
            .filter(|r| {
                ["vtanh", "verf", "vsin", "vcos", "vlog", "vatan"]
                    .iter()
                    .any(|m| r.text.starts_with(m))
            })
            .collect();
        assert_eq!(chain.len(), 6);
        for w in chain.windows(2) {
            assert_eq!(w[1].issue - w[0].issue, latency, "{:?}", w[1]);
        }
    }
}

/// §6.3 items 2 and 3 (4 lanes: 7 delay slots, queues of 8).
#[test]
fn systolic_array_delay_line_and_input_queue() {
    let m = vx_machine();
    let t = issue_trace("sa", &["--machine-config", &m]);
    let w = named(&t, "w_vpush");
    let i = named(&t, "i_vpush");
    let p = named(&t, "vpop");
    // Item 2: input push one cycle after the weight push; the pop of 4 issues 4 + 7
    // cycles after the input push.
    assert_eq!(i[0].issue, w[0].issue + 1);
    assert_eq!(p[0].issue, i[0].issue + 11);
    // Item 3: ten pushes of 2 into a queue of 8: one per cycle while there is room
    // (occupancy 0..6 at issue), then one every 2 cycles as the array drains.
    let offsets: Vec<u64> = i[1..].iter().map(|r| r.issue - i[1].issue).collect();
    assert_eq!(offsets, [0, 1, 2, 3, 4, 5, 6, 8, 10, 12]);
    for r in t
        .iter()
        .filter(|r| r.text.contains("vpush") || r.text.starts_with("vpop"))
    {
        assert_eq!(r.complete, r.issue + 1, "latency of each instruction is 1");
    }
}

/// Issue 25: under `sample`, as under gem5, the NPU words are timed and compute
/// nothing. stream.S pushes inputs into the array before any weight (the reference
/// model's systolic_stream shape): a functional run refuses the first input push, a
/// sampling run times it. Its window is sa.S's second one, so the pushes issue as in
/// §6.3 item 3 (derived there): one per cycle while the queue of 8 has room, then
/// one every 2 cycles; each pop waits for its rows.
#[test]
fn npu_words_are_timed_not_executed_unless_functional() {
    let m = vx_machine();
    let t = issue_trace("stream", &["--machine-config", &m]);
    let i = named(&t, "i_vpush");
    let offsets: Vec<u64> = i.iter().map(|r| r.issue - i[0].issue).collect();
    assert_eq!(offsets, [0, 1, 2, 3, 4, 5, 6, 8, 10, 12]);
    assert_eq!(named(&t, "vpop").len(), 10);
    let refusal = "systolic input push: no weight was pushed before it";
    // --functional runs the units' functional face too: the push is refused (exit 1),
    // exactly as on the Spike command line.
    let (code, _, err) = sample(&[&elf("stream"), "--machine-config", &m, "--functional"]);
    assert_eq!(code, 1, "{err}");
    assert!(err.contains(refusal), "{err}");
    let out = Command::new(bin())
        .args([
            "--isa=rv64gcv_zfh",
            "--varch=vlen:256,elen:64",
            "--m5ops",
            "pk",
        ])
        .arg(elf("stream"))
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&out.stderr).contains(refusal));
}

/// §6.3 item 5: with a 3-slot XLU delay a pop of 2 issues 2 + 3 cycles after a push of 2.
#[test]
fn xlu_pop_waits_for_the_delay_line() {
    let m = vx_machine();
    let t = issue_trace("xlu", &["--machine-config", &m]);
    let push = named(&t, "xlu_push")[0];
    let pop = named(&t, "xlu_pop")[0];
    assert_eq!(pop.issue, push.issue + 5);
}

/// §6.3 item 6: Misc instructions complete one cycle after issue, two per cycle.
#[test]
fn misc_unit_issues_two_per_cycle() {
    // The VX model's misc port (gem5 issues vlane_idx on its 4 vector-misc units).
    let m = vx_machine();
    let t = issue_trace("misc", &["--machine-config", &m]);
    let misc: Vec<&Issued> = t
        .iter()
        .filter(|r| r.text.starts_with("vlane_idx") || r.text.starts_with("compute"))
        .collect();
    let first = misc[0].issue;
    let offsets: Vec<u64> = misc.iter().map(|r| r.issue - first).collect();
    assert_eq!(offsets, [0, 0, 1, 1, 2, 2]);
    for r in misc {
        assert_eq!(r.complete, r.issue + 1);
    }
}

/// Reads one statistic of every dump in a stats.txt.
fn stat(stats: &str, name: &str) -> Vec<String> {
    stats
        .lines()
        .filter(|l| l.split_whitespace().next() == Some(name))
        .map(|l| l.split_whitespace().nth(1).unwrap().to_string())
        .collect()
}

/// §8 item 9 (VX markers.S): five dumps; per window rows in / SA issues / rows popped /
/// input pushes = 12/6/12/3, 0, 4/2/4/1, 8/4/8/2, 0.
#[test]
fn marker_windows_count_the_systolic_array_per_window() {
    let dir = tmp("markers");
    let m = vx_machine();
    let (code, out, err) = sample(&[
        &elf("markers"),
        "--machine-config",
        &m,
        "-o",
        dir.to_str().unwrap(),
    ]);
    assert_eq!(code, 0, "{err}");
    assert_eq!(out, "", "with -o nothing goes to stdout");
    let stats = std::fs::read_to_string(dir.join("stats.txt")).unwrap();
    assert_eq!(stat(&stats, "system.cpu.numCycles").len(), 5);
    let col = |name: &str| -> Vec<u64> {
        stat(&stats, name)
            .iter()
            .map(|v| v.parse().unwrap())
            .collect()
    };
    // The built-in model's ports, named as the reference model's gem5 dumps name
    // them (vcix.<unit>.<port>.admitted; vcix.committed.<encoding>).
    assert_eq!(
        col("system.cpu.vcix.systolic.input.admitted"),
        [12, 0, 4, 8, 0]
    );
    assert_eq!(
        col("system.cpu.vcix.systolic.issue.admitted"),
        [6, 0, 2, 4, 0]
    );
    assert_eq!(
        col("system.cpu.vcix.systolic.pop.admitted"),
        [12, 0, 4, 8, 0]
    );
    assert_eq!(col("system.cpu.vcix.committed.i_vpush"), [3, 0, 1, 2, 0]);
    // Each port's cycles is the window's numCycles (the model is ticked every cycle).
    assert_eq!(
        col("system.cpu.vcix.systolic.input.cycles"),
        col("system.cpu.numCycles")
    );
    // trace_cycles.tsv: the four marker dumps, the end-of-run dump dropped.
    let tsv = std::fs::read_to_string(dir.join("trace_cycles.tsv")).unwrap();
    let cycles = col("system.cpu.numCycles");
    let expect: String = cycles[..4].iter().map(|c| format!("{c}\t0\n")).collect();
    assert_eq!(tsv, expect);
    let json: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(dir.join("summary.json")).unwrap()).unwrap();
    assert_eq!(json["windows"].as_array().unwrap().len(), 5);
    assert_eq!(
        json["windows"][0]["vcix"]["vcix.systolic.input.admitted"],
        12
    );
    let _ = std::fs::remove_dir_all(&dir);
}

/// §8 item 9 (VX rows.S): one row alone gives an input utilisation of 1/numCycles;
/// 64 rows back to back a strictly higher one, at most 1.
#[test]
fn systolic_input_utilization() {
    let dir = tmp("rows");
    let (code, _, err) = sample(&[&elf("rows"), "-o", dir.to_str().unwrap()]);
    assert_eq!(code, 0, "{err}");
    let stats = std::fs::read_to_string(dir.join("stats.txt")).unwrap();
    let cycles: Vec<f64> = stat(&stats, "system.cpu.numCycles")
        .iter()
        .map(|v| v.parse().unwrap())
        .collect();
    let util: Vec<f64> = stat(&stats, "system.cpu.vcix.systolic.utilization")
        .iter()
        .map(|v| v.parse().unwrap())
        .collect();
    assert!(
        (util[0] - 1.0 / cycles[0]).abs() < 1e-6,
        "{util:?} {cycles:?}"
    );
    assert!(util[1] > util[0] && util[1] <= 1.0, "{util:?}");
    let _ = std::fs::remove_dir_all(&dir);
}

/// The microbenchmark table of docs/timing.md (default parameters, VLEN 256).
#[test]
fn microbenchmarks_match_the_configuration() {
    let w = windows(&[&elf("micro")]);
    // gem5 (TorchSim 0511678, RiscvVPU; gem5-ref expected/gem5_main_timing.tsv) on
    // the same windows: 9 11 11 18 11 8 8 11 13 22 7 7 7 8 7 10 35 24 19. The vle
    // windows (7-10) and the tile (19) follow the vector-load rule of the second gem5
    // set (tests/timing/gem5/gem5_cycles_set2.tsv: vle32 m8 alone 14, two m4 14, the
    // vtile shape at m2 12). Every window counts 1 less since the marker redirect of
    // gem5's fresh-line windows (gem5-ref: the dependent FP/int-mul/SFU chains at
    // 105/85 where the model gave 106/86; R1 in docs/timing.md). These gem5 numbers
    // are a single cold run each (I-cache misses, cold predictors); with the I-cache
    // modelled (its line fills, and the stale fetches they leave in flight at each
    // redirect) 14 of the 19 windows moved to gem5's number or toward it (3, 5 and
    // 11-16 now equal it), 3 stayed (the tile equals gem5's 19), window 7 went from 1
    // under to 1 over (9 against 8) and window 17 to 1 over (36 against 35). Window 18
    // (gem5 24) went from 18 to 19 when Fetch2's predicted-taken transfers on a wrong
    // path began to change Fetch1's stream. With a vector load's register handed over
    // at its commit and loop exits' wrong paths round the loop (stop 43) the vle
    // windows went from 9 9 11 15 to 10 10 12 16 (gem5 8 11 13 22: three closer, m1
    // one further) and the vadd windows 11, 12, 14 from 7 7 8 to 6 6 9 (gem5 7 7 8:
    // the stale fetches their marker's refetch waits behind). With load pairs, the
    // store buffer's retries and stores waiting for their loads (stop 44) windows
    // 4-7 went from 15 11 7 10 to 14 12 8 9 (gem5 18 11 8 8: the jumps equal it and
    // the m1 vle is closer; the loads, paired, are further from gem5's cold run,
    // whose loads wait behind line fills, and the stores 1 over).
    assert_eq!(
        w[..19],
        [
            8, 10, 11, 14, 12, 8, 9, 10, 12, 16, 6, 6, 7, 9, 7, 10, 36, 19, 19
        ]
    );
    // The counted loop (200 more iterations): about two cycles per iteration once
    // the predictor is warm (a fetch group plus the taken branch's bubble). gem5
    // hangs on these two windows (its m5 ops zero the count in a0); its loop100
    // (gem5-ref) runs ~2.5 cycles per iteration.
    let extra = w[20] - w[19];
    assert!((300..=500).contains(&extra), "{extra}");
}

#[test]
fn tile_types_give_overlapping_cycles() {
    let dir = tmp("tiles");
    let tiles = dir.join("tile_types.json");
    // sa.elf has two windows; the second tile's overlap is max(cycle - 30, 0).
    std::fs::write(
        &tiles,
        r#"[{"overlap_offset": null}, {"overlap_offset": 30}]"#,
    )
    .unwrap();
    let m = vx_machine();
    let plain = windows(&[&elf("sa"), "--machine-config", &m]);
    let (code, out, err) = sample(&[
        &elf("sa"),
        "--machine-config",
        &m,
        "--tile-types",
        tiles.to_str().unwrap(),
    ]);
    assert_eq!(code, 0, "{err}");
    assert_eq!(
        out,
        format!(
            "{}\t0\n{}\t{}\n",
            plain[0],
            plain[1],
            plain[1].saturating_sub(30)
        )
    );
    std::fs::write(&tiles, r#"[{"overlap_offset": null}]"#).unwrap();
    let (code, _, err) = sample(&[&elf("sa"), "--tile-types", tiles.to_str().unwrap()]);
    assert_eq!(code, 1);
    assert!(err.contains("different number of times"), "{err}");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn many_binaries_run_in_parallel_into_their_own_directories() {
    let dir = tmp("many");
    let (code, _, err) = sample(&[
        &elf("sfu"),
        &elf("misc"),
        "-o",
        dir.to_str().unwrap(),
        "-j",
        "2",
    ]);
    assert_eq!(code, 0, "{err}");
    for name in ["sfu", "misc"] {
        for f in ["trace_cycles.tsv", "stats.txt", "summary.json"] {
            assert!(Path::new(&dir.join(name).join(f)).exists(), "{name}/{f}");
        }
    }
    let single = windows(&[&elf("misc")]);
    let tsv = std::fs::read_to_string(dir.join("misc/trace_cycles.tsv")).unwrap();
    assert_eq!(tsv, format!("{}\t0\n", single[0]));
    let _ = std::fs::remove_dir_all(&dir);
}

/// Outside sampling a marker is illegal, as in Spike (exit 255 naming it); `--m5ops`
/// runs it as a no-op.
#[test]
fn markers_are_illegal_in_functional_runs_unless_asked_for() {
    let run = |extra: &[&str]| {
        Command::new(bin())
            .arg("--isa=rv64gcv_zfh")
            .args(extra)
            .arg(elf("sfu"))
            .output()
            .unwrap()
    };
    let out = run(&[]);
    assert_eq!(out.status.code(), Some(255));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.contains("0x8000007b") && err.contains("illegal"),
        "{err}"
    );
    assert_eq!(run(&["--m5ops"]).status.code(), Some(0));
}

#[test]
fn bad_timing_parameters_are_refused_with_the_file_name() {
    let dir = tmp("badparams");
    let f = dir.join("timing.yml");
    std::fs::write(&f, "timing_issue_widht: 4\n").unwrap();
    let (code, _, err) = sample(&[&elf("sfu"), "--timing", f.to_str().unwrap()]);
    assert_eq!(code, 1);
    assert!(
        err.contains("timing.yml") && err.contains("timing_issue_widht"),
        "{err}"
    );
    let _ = std::fs::remove_dir_all(&dir);
}

/// m5_exit ends the run normally (its windows count); m5_fail ends it with a1 as the
/// exit status, in sampling and in functional runs with --m5ops.
#[test]
fn m5_exit_and_fail_end_the_run() {
    assert_eq!(windows(&[&elf("m5exit"), "--arg", "0"]).len(), 1);
    let (code, _, err) = sample(&[&elf("m5exit"), "--arg", "1"]);
    assert_eq!(code, 3, "{err}");
    assert!(err.contains("status 3"), "{err}");
    let run = |arg: &str| {
        Command::new(bin())
            .args(["--isa=rv64gcv_zfh", "--m5ops", &elf("m5exit"), arg])
            .status()
            .unwrap()
            .code()
    };
    assert_eq!(run("0"), Some(0));
    assert_eq!(run("1"), Some(3));
}

/// The Triton route's tile_types.json object (overlap_offset with nulls,
/// parallel_axes), read through a kernel object under `sample WORKDIR`: the cycle
/// binary, tile table, lanes and VLEN come from kernel.json.
#[test]
fn sample_workdir_reads_the_kernel_object() {
    let dir = tmp("workdir");
    std::fs::copy(elf("sa"), dir.join("cycle.elf")).unwrap();
    std::fs::write(
        dir.join("tile_types.json"),
        r#"{"overlap_offset": [null, 30], "parallel_axes": ["x", "y"], "tile": [[4, 4]]}"#,
    )
    .unwrap();
    std::fs::write(
        dir.join("kernel.json"),
        r#"{"format": 1, "name": "k", "args": [], "grid": [1],
            "abi": {"kernel_addr": ["0x10000", "0x10000"]},
            "target": {"spad_vaddr": "0xD0000000", "spad_paddr": "0xC0000000",
                       "dram_base": "0x80000000", "dram_size": "0x40000000",
                       "spad_size": 65536, "vector_lanes": 4, "vlen_bits": 256},
            "artifacts": {"cycle_elf": "cycle.elf", "tile_types": "tile_types.json"}}"#,
    )
    .unwrap();
    let plain = windows(&[&elf("sa"), "--vectorlane-size", "4", "--vlen", "256"]);
    assert_eq!(plain.len(), 2);
    let (code, out, err) = sample(&[dir.to_str().unwrap()]);
    assert_eq!(code, 0, "{err}");
    assert_eq!(out, "");
    // The second tile overlaps its cycles past offset 30; the first (null) none.
    assert_eq!(
        std::fs::read_to_string(dir.join("trace_cycles.tsv")).unwrap(),
        format!(
            "{}\t0\n{}\t{}\n",
            plain[0],
            plain[1],
            plain[1].saturating_sub(30)
        )
    );
    for f in ["stats.txt", "summary.json"] {
        assert!(dir.join(f).is_file(), "{f}");
    }
    // The same object through --tile-types; a malformed one is refused by name.
    let (code, out, err) = sample(&[
        &elf("sa"),
        "--tile-types",
        dir.join("tile_types.json").to_str().unwrap(),
    ]);
    assert_eq!(code, 0, "{err}");
    assert_eq!(
        out.lines().nth(1),
        Some(format!("{}\t{}", plain[1], plain[1] - 30).as_str())
    );
    std::fs::write(
        dir.join("tile_types.json"),
        r#"{"overlap_offset": [null, "30"], "parallel_axes": []}"#,
    )
    .unwrap();
    let (code, _, err) = sample(&[dir.to_str().unwrap()]);
    assert_eq!(code, 1);
    assert!(
        err.contains("tile_types.json") && err.contains("overlap_offset[1]"),
        "{err}"
    );
    let _ = std::fs::remove_dir_all(&dir);
}

/// `sample --shard K/N`: the shards' outputs, merged, are the unsharded run's.
#[test]
fn shards_merged_equal_the_unsharded_run() {
    let names = ["sfu", "misc", "sa", "xlu", "rows"];
    let elfs: Vec<String> = names.iter().map(|n| elf(n)).collect();
    let all = tmp("shard-all");
    let mut args: Vec<&str> = elfs.iter().map(String::as_str).collect();
    args.extend(["-o", all.to_str().unwrap()]);
    let (code, _, err) = sample(&args);
    assert_eq!(code, 0, "{err}");
    let merged = tmp("shard-merged");
    let mut per_shard = Vec::new();
    for k in 0..3 {
        let shard = format!("{k}/3");
        let mut a: Vec<&str> = elfs.iter().map(String::as_str).collect();
        a.extend(["-o", merged.to_str().unwrap(), "--shard", &shard]);
        let (code, _, err) = sample(&a);
        assert_eq!(code, 0, "{err}");
        per_shard.push(std::fs::read_dir(&merged).unwrap().count());
    }
    // Shard k holds the binaries at positions k, k+3: 2, then 2 more, then 1 more.
    assert_eq!(per_shard, [2, 4, 5]);
    for n in names {
        for f in ["trace_cycles.tsv", "stats.txt", "summary.json"] {
            assert_eq!(
                std::fs::read(all.join(n).join(f)).unwrap(),
                std::fs::read(merged.join(n).join(f)).unwrap(),
                "{n}/{f}"
            );
        }
    }
    for bad in ["3/3", "1", "a/2", "0/0"] {
        let (code, _, err) = sample(&[&elf("sfu"), "--shard", bad]);
        assert_eq!(code, 1, "{bad}");
        assert!(err.contains("--shard"), "{err}");
    }
    let _ = std::fs::remove_dir_all(&all);
    let _ = std::fs::remove_dir_all(&merged);
}

/// The loop fast-forward (docs/timing.md) changes no number: every statistic of
/// gem5-ref's long.elf (1 M iterations of one loop body, skipped from about its
/// 70th iteration on), of scalar.elf (its loop100 windows), of micro.elf and of
/// the loops of several blocks of ffnest.elf equals
/// the run with `timing_loop_fast_forward: 0`, where every instruction goes through
/// the model; long.elf's window stays within 0.01 % of gem5's 8,000,080 cycles.
#[test]
fn loop_fast_forward_changes_no_statistic() {
    let dir = tmp("loop-ff");
    let off = dir.join("off.timing");
    std::fs::write(&off, "timing_loop_fast_forward: 0\n").unwrap();
    let gem5 = |name: &str| {
        format!(
            "{}/tests/timing/gem5/bin/{name}.elf",
            env!("CARGO_MANIFEST_DIR")
        )
    };
    for (name, path) in [
        ("long", gem5("long")),
        ("scalar", gem5("scalar")),
        ("micro", elf("micro")),
        // Loops whose addresses change every iteration (a ring of stores, a tile
        // walk, loads drifting across lines, which the LSQ splits), and loops that
        // fault in the middle of an iteration the skip runs.
        ("ffwalk", elf("ffwalk")),
        // Loops of several blocks (outer loops with inner loops, a call, branches),
        // whose paths change now and then in the middle of a skip.
        ("ffnest", elf("ffnest")),
        (
            "jit_loops",
            format!(
                "{}/tests/programs/bin/jit_loops.elf",
                env!("CARGO_MANIFEST_DIR")
            ),
        ),
    ] {
        let stats = |extra: &[&str], sub: &str| {
            let out = dir.join(format!("{name}-{sub}"));
            let mut args = vec!["--vlen", "256", "-o", out.to_str().unwrap()];
            args.extend_from_slice(extra);
            args.push(&path);
            let (code, _, err) = sample(&args);
            assert_eq!(code, 0, "{name}: {err}");
            std::fs::read_to_string(out.join("stats.txt")).unwrap()
        };
        let on = stats(&[], "on");
        let every = stats(&["--timing", off.to_str().unwrap()], "off");
        assert_eq!(on, every, "{name}: the fast-forward changed a statistic");
        // (all instructions, those fast-forwarded) of the run with it on.
        let skipped = || {
            let summary: serde_json::Value = serde_json::from_str(
                &std::fs::read_to_string(dir.join(format!("{name}-on/summary.json"))).unwrap(),
            )
            .unwrap();
            (
                summary["instructions"].as_u64().unwrap(),
                summary["fast_forwarded_instructions"].as_u64().unwrap(),
            )
        };
        if name == "ffwalk" {
            // Its third loop (walk.S's, 12 runs of 2000-2011 iterations: 409 k of
            // the ~483 k instructions) repeats only every 12 iterations; most of it
            // must still be skipped.
            let (all, skipped) = skipped();
            assert!(skipped * 2 > all, "{skipped} of {all} fast-forwarded");
        }
        if name == "ffnest" {
            // Three outer loops of 300, 120 and 400 iterations (112 k instructions):
            // most of each is skipped whole, inner loops and all.
            let (all, skipped) = skipped();
            assert!(skipped * 10 > all * 7, "{skipped} of {all} fast-forwarded");
        }
        if name == "long" {
            let cycles: u64 = on
                .lines()
                .find(|l| l.starts_with("system.cpu.numCycles"))
                .and_then(|l| l.split_whitespace().nth(1))
                .unwrap()
                .parse()
                .unwrap();
            assert!(cycles.abs_diff(8_000_080) <= 800, "{cycles}");
        }
    }
    let _ = std::fs::remove_dir_all(&dir);
}
