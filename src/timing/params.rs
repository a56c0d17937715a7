//! Every parameter of the cycle model, with its default and where the default comes
//! from (npu-isa.md §6.1–6.2: gem5's `RiscvVPU` MinorCPU configuration and the VX
//! accelerator model). They are read from flat `key: value` files, the format of
//! `machine.yml`: the accelerator keys are the `tpu_*` keys PyTorchSim already writes
//! there, the core keys start with `timing_`. docs/timing.md lists them all.

/// The cycle model's configuration.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TimingParams {
    // ---- front end (MinorCPU Fetch1 -> Fetch2 -> Decode -> Execute) ----
    /// Instructions Fetch2 hands Decode per cycle (`decodeInputWidth` 8).
    pub decode_width: u32,
    /// Fetch line in bytes (`fetch1LineWidth`: the cache line, 64).
    pub fetch_line: u32,
    /// Cycles from the commit of a mispredicted transfer to Fetch1 changing stream,
    /// counted as the model counts a commit (the cycle before gem5's): gem5's
    /// `executeBranchDelay` 1, plus 1.
    pub mispredict_redirect: u32,
    /// 1: fetch restarts after every m5 marker (gem5 m5 ops are non-speculative and
    /// serialise after themselves, so MinorCPU refetches the younger instructions).
    pub marker_refetch: u32,
    /// vset{i}vl{i} and fetch: 0 never refetches; 1 refetches when it changes vtype
    /// or vl (gem5 carries both in the PC state, so a change is a mispredicted
    /// "branch" and the younger instructions are fetched again); 2 always refetches;
    /// 3 (gem5) predicts each as a transfer to the next instruction with its new
    /// vtype and vl, from the BTB (vsetivli) or the indirect predictor (vsetvli,
    /// vsetvl), and refetches when that prediction was wrong.
    pub vset_refetch: u32,
    /// 1: the transfers Fetch2 decodes past an m5 op, until its forced branch
    /// reaches Fetch2, go through the predictor and are never repaired (0: the
    /// predictor never sees them).
    pub marker_wrong_path: u32,
    /// 1: returns predicted by the return-address stack; 0: every return is resolved
    /// in Execute as a misprediction.
    pub ras_predicts_returns: u32,
    /// 1: a loop whose iterations the model times alike (the same state, relative
    /// to the clock, at two back-edges in a row) runs its further iterations without
    /// the model, which adds their cycles and statistics in one step (exact: see
    /// docs/timing.md, "Loop fast-forward"); 0: every instruction goes through it.
    pub loop_fast_forward: u32,
    /// Line fetches in flight (`fetch1FetchLimit` 8).
    pub fetch_limit: u32,
    /// Fetch2's input buffer in lines (`fetch2InputBufferSize` 8).
    pub fetch2_buffer: u32,
    /// Decode's input buffer in Fetch2 outputs (`decodeInputBufferSize` 8).
    pub decode_buffer: u32,
    /// Micro-ops Decode hands Execute per cycle (`executeInputWidth` 12).
    pub execute_input_width: u32,
    /// Execute's input buffer in Decode outputs (`executeInputBufferSize` 128).
    pub execute_buffer: u32,
    /// Cycles from a line fetch to Fetch1 popping its response (an I-cache hit: 1).
    pub fetch_latency: u32,
    /// The I-cache in lines (8 MiB of 64-byte lines: 131072; 0: every fetch hits).
    pub icache_lines: u32,
    /// 1: Fetch1's fills ahead of the committed path, while Execute is stalled and
    /// as far as the buffers behind it hold, take the memory from the LSQ at their
    /// time (what gem5 does); 0 (default): the fills are booked only when the lazily
    /// stepped Fetch1 gets there, after the accesses of their time. Off by default
    /// while the walk costs 5x in loops of loads (docs/timing.md, "Fetch1 running
    /// ahead").
    pub icache_runahead: u32,
    /// The memory behind it, in ticks (gem5's picoseconds): a CPU cycle (1 GHz:
    /// 1000), SimpleMemory's latency (1 ns: 1000), the ticks it is busy per 64-byte
    /// line (32 GiB/s is 29 ticks a byte: 1856) and the bus's clock period (8 GHz:
    /// 125).
    pub cycle_ticks: u32,
    pub mem_latency_ticks: u32,
    pub mem_line_ticks: u32,
    pub bus_period_ticks: u32,

    // ---- execute (§6.2 table) ----
    /// `executeIssueLimit` 12 (instructions, micro-ops counted separately).
    pub issue_width: u32,
    /// `executeMemoryIssueLimit` 8.
    pub mem_issue_width: u32,
    /// `executeLSQStoreBufferSize` 8: stores waiting for memory.
    pub store_buffer: u32,
    /// `executeMaxAccessesInMemory` 8.
    pub max_accesses_in_memory: u32,

    // ---- functional-unit pool: counts and operation latencies (§6.2) ----
    pub int_alus: u32,
    pub int_alu_latency: u32,
    pub int_muls: u32,
    pub int_mul_latency: u32,
    pub int_divs: u32,
    /// gem5's default 9 is overridden to 1 in the reference pool.
    pub int_div_latency: u32,
    /// `MinorDefaultIntDivFU.issueLat` 9: PyTorchSim overrides only opLat.
    pub int_div_issue_latency: u32,
    /// `srcRegsRelativeLats` of the consumer's unit: an instruction may issue this
    /// many cycles before its scalar source registers are ready (int ALU 2, branches
    /// included; mem unit 1; every other unit 0).
    pub int_alu_src_early: u32,
    pub mem_src_early: u32,
    /// Cycles from a vector load micro-op's data to its commit, where a vector
    /// load/store unit's result reaches the scoreboard (1, as `load_response`).
    pub vector_load_response: u32,
    pub fp_units: u32,
    pub fp_latency: u32,
    pub mem_units: u32,
    pub misc_units: u32,
    pub vec_config_units: u32,
    pub vec_misc_units: u32,
    pub vec_mem_units: u32,
    pub vec_alus: u32,
    pub vec_latency: u32,

    // ---- memory (§6.1: SimpleMemory 1 ns, 32 GB/s; no data cache) ----
    pub mem_latency: u32,
    pub mem_bytes_per_cycle: u32,
    /// Cycles for a load's response to reach the register file once the memory has
    /// answered (Minor handles responses in the next Execute evaluation).
    pub load_response: u32,
    /// Cycles after issue at which a scalar load's destination is marked ready in
    /// the scoreboard: the mem unit's opLat (1) plus `extraAssumedLat` (2).
    pub load_assumed_latency: u32,
    /// Memory accesses the LSQ sends per cycle (a scalar load or store; each element
    /// of a strided or indexed vector access; each register of a unit-stride one).
    pub lsq_accesses_per_cycle: u32,
    /// Scalar loads the LSQ sends to memory a cycle: the second is refused and
    /// resent on the bus's retry, and answered in the same cycle as the first.
    pub lsq_loads_per_cycle: u32,
    /// The LSQ's line in bytes (the cache line, 64): an access that crosses one is
    /// split into one request per line, sent a cycle apart, and answered when the
    /// last one is back (Minor `LSQ::pushRequest`'s `transferNeedsBurst`,
    /// `SplitDataRequest`). 0: never split.
    pub lsq_line_bytes: u32,
    /// 1: a window's end waits for the store buffer to drain; 0 (gem5): a store is
    /// done for the window once it is in the store buffer.
    pub store_drain_in_window: u32,
    /// 1: a scalar load whose bytes an older store still in the store buffer covers
    /// takes them from there, with no memory access (Minor's
    /// `StoreBuffer::canForwardDataToLoad`).
    pub store_forwarding: u32,
    /// 1: vlane_idx issues on the vector-misc units (gem5's CustomVlaneIdx op class);
    /// 0: on the accelerator model's misc port.
    pub vlane_idx_vec_misc: u32,
    /// 1: Minor's in-order commit: a non-memory instruction's unit stays stalled
    /// until it commits (after every older instruction), a branch is resolved when
    /// it commits, and a load is not sent to memory while an older store has not
    /// committed (`Execute::commit`, `LSQ::tryToSendToTransfers`'
    /// `numStoresInTransfers`). 0: units free after their issue latency, branches
    /// resolve at issue.
    pub inorder_commit: u32,
    /// Cycles after an older store commits before a load may be sent to memory.
    pub load_after_store_commit: u32,
    /// Cycles from a store's commit to the store buffer sending it to memory.
    pub store_send_delay: u32,
    /// Cycles a store keeps its store-buffer entry after its write is done.
    pub store_buffer_hold: u32,
    /// The store buffer's second send of a cycle is refused and the LSQ moves no
    /// request until the retry (1), or the store buffer never holds the LSQ (0).
    pub store_buffer_retry: u32,
    /// Cycles from an m5 marker to the fetch of the next instruction's line.
    pub marker_redirect: u32,
    /// A window's dump waits this many cycles after its last scalar store commits.
    pub window_store_end: u32,
    /// Vector store micro-ops entering the LSQ per cycle.
    pub vector_stores_per_cycle: u32,
    /// While the oldest instruction is a scalar load in the LSQ awaiting its data,
    /// Execute does not commit, so no younger scalar load leaves its unit for the
    /// LSQ (gem5 `Execute::getCommittingThread`); 0: off.
    pub load_blocks_commit: u32,

    // ---- branch prediction (gem5 TournamentBP and BTB defaults) ----
    pub bp_local_entries: u32,
    pub bp_global_entries: u32,
    pub btb_entries: u32,
    pub ras_entries: u32,
    /// gem5's `SimpleIndirectPredictor` for jalr that are not returns
    /// (`indirectSets` 256, `indirectWays` 2, `indirectGHRBits` 13); 0 sets: none,
    /// indirect transfers take their targets from the BTB.
    pub indirect_sets: u32,
    pub indirect_ways: u32,
    pub indirect_ghr_bits: u32,

    // ---- accelerator (VX libtpu model; `tpu_*` keys of machine.yml) ----
    /// Systolic-array width = height = lanes: its delay line has 2L-1 slots.
    pub lanes: u32,
    pub sfu_latency: u32,
    pub systolic_queue_entries: u32,
    pub xlu_latency: u32,
    pub xlu_queue_entries: u32,
    pub misc_issue_width: u32,
}

impl Default for TimingParams {
    fn default() -> Self {
        TimingParams {
            decode_width: 8,
            fetch_line: 64,
            mispredict_redirect: 2,
            marker_refetch: 1,
            vset_refetch: 3,
            marker_wrong_path: 1,
            ras_predicts_returns: 1,
            loop_fast_forward: 1,
            fetch_limit: 8,
            fetch2_buffer: 8,
            decode_buffer: 8,
            execute_input_width: 12,
            execute_buffer: 128,
            fetch_latency: 1,
            icache_lines: 131072,
            icache_runahead: 0,
            cycle_ticks: 1000,
            mem_latency_ticks: 1000,
            mem_line_ticks: 1856,
            bus_period_ticks: 125,
            issue_width: 12,
            mem_issue_width: 8,
            store_buffer: 8,
            max_accesses_in_memory: 8,
            // Two copies of {FP, 2 x int ALU, mul, div, predicate, mem, misc}.
            int_alus: 4,
            int_alu_latency: 1,
            int_muls: 2,
            int_mul_latency: 1,
            int_divs: 2,
            int_div_latency: 1,
            int_div_issue_latency: 9,
            int_alu_src_early: 2,
            mem_src_early: 1,
            vector_load_response: 1,
            fp_units: 2,
            fp_latency: 1,
            mem_units: 2,
            misc_units: 2,
            // Two copies of {2 x config, 2 x misc, 2 x load/store, ALU0, ALU1}.
            vec_config_units: 4,
            vec_misc_units: 4,
            // Vector memory micro-ops also go to the 2 scalar mem units (first).
            vec_mem_units: 6,
            vec_alus: 4,
            vec_latency: 1,
            mem_latency: 1,
            mem_bytes_per_cycle: 32,
            load_response: 1,
            load_assumed_latency: 3,
            lsq_accesses_per_cycle: 1,
            lsq_loads_per_cycle: 2,
            lsq_line_bytes: 64,
            store_drain_in_window: 0,
            store_forwarding: 1,
            vlane_idx_vec_misc: 1,
            inorder_commit: 1,
            load_after_store_commit: 1,
            store_send_delay: 0,
            store_buffer_hold: 2,
            store_buffer_retry: 1,
            marker_redirect: 1,
            window_store_end: 0,
            vector_stores_per_cycle: 2,
            load_blocks_commit: 1,
            bp_local_entries: 2048,
            bp_global_entries: 8192,
            btb_entries: 4096,
            ras_entries: 16,
            indirect_sets: 256,
            indirect_ways: 2,
            indirect_ghr_bits: 13,
            lanes: 4,
            sfu_latency: 10,
            systolic_queue_entries: 256,
            xlu_latency: 10,
            xlu_queue_entries: 256,
            misc_issue_width: 2,
        }
    }
}

/// The `vpu_num_lanes` and `tpu_*` keys read from machine.yml, plus this file's own.
const ACCEL_KEYS: &[&str] = &[
    "tpu_sfu_latency_cycles",
    "tpu_systolic_queue_entries",
    "tpu_xlu_latency_cycles",
    "tpu_xlu_queue_entries",
    "tpu_misc_issue_width",
];

impl TimingParams {
    /// Every key this model reads, with a mutable reference to its field.
    fn fields(&mut self) -> Vec<(&'static str, &mut u32)> {
        vec![
            ("timing_decode_width", &mut self.decode_width),
            ("timing_fetch_line", &mut self.fetch_line),
            ("timing_mispredict_redirect", &mut self.mispredict_redirect),
            ("timing_marker_refetch", &mut self.marker_refetch),
            ("timing_vset_refetch", &mut self.vset_refetch),
            ("timing_marker_wrong_path", &mut self.marker_wrong_path),
            (
                "timing_ras_predicts_returns",
                &mut self.ras_predicts_returns,
            ),
            ("timing_loop_fast_forward", &mut self.loop_fast_forward),
            ("timing_fetch_limit", &mut self.fetch_limit),
            ("timing_fetch2_buffer", &mut self.fetch2_buffer),
            ("timing_decode_buffer", &mut self.decode_buffer),
            ("timing_execute_input_width", &mut self.execute_input_width),
            ("timing_execute_buffer", &mut self.execute_buffer),
            ("timing_fetch_latency", &mut self.fetch_latency),
            ("timing_icache_lines", &mut self.icache_lines),
            ("timing_icache_runahead", &mut self.icache_runahead),
            ("timing_cycle_ticks", &mut self.cycle_ticks),
            ("timing_mem_latency_ticks", &mut self.mem_latency_ticks),
            ("timing_mem_line_ticks", &mut self.mem_line_ticks),
            ("timing_bus_period_ticks", &mut self.bus_period_ticks),
            ("timing_issue_width", &mut self.issue_width),
            ("timing_mem_issue_width", &mut self.mem_issue_width),
            ("timing_store_buffer", &mut self.store_buffer),
            (
                "timing_max_accesses_in_memory",
                &mut self.max_accesses_in_memory,
            ),
            ("timing_int_alus", &mut self.int_alus),
            ("timing_int_alu_latency", &mut self.int_alu_latency),
            ("timing_int_muls", &mut self.int_muls),
            ("timing_int_mul_latency", &mut self.int_mul_latency),
            ("timing_int_divs", &mut self.int_divs),
            ("timing_int_div_latency", &mut self.int_div_latency),
            (
                "timing_int_div_issue_latency",
                &mut self.int_div_issue_latency,
            ),
            ("timing_int_alu_src_early", &mut self.int_alu_src_early),
            ("timing_mem_src_early", &mut self.mem_src_early),
            (
                "timing_vector_load_response",
                &mut self.vector_load_response,
            ),
            ("timing_fp_units", &mut self.fp_units),
            ("timing_fp_latency", &mut self.fp_latency),
            ("timing_mem_units", &mut self.mem_units),
            ("timing_misc_units", &mut self.misc_units),
            ("timing_vec_config_units", &mut self.vec_config_units),
            ("timing_vec_misc_units", &mut self.vec_misc_units),
            ("timing_vec_mem_units", &mut self.vec_mem_units),
            ("timing_vec_alus", &mut self.vec_alus),
            ("timing_vec_latency", &mut self.vec_latency),
            ("timing_mem_latency", &mut self.mem_latency),
            ("timing_mem_bytes_per_cycle", &mut self.mem_bytes_per_cycle),
            ("timing_load_response", &mut self.load_response),
            (
                "timing_load_assumed_latency",
                &mut self.load_assumed_latency,
            ),
            (
                "timing_lsq_accesses_per_cycle",
                &mut self.lsq_accesses_per_cycle,
            ),
            ("timing_lsq_loads_per_cycle", &mut self.lsq_loads_per_cycle),
            ("timing_lsq_line_bytes", &mut self.lsq_line_bytes),
            (
                "timing_store_drain_in_window",
                &mut self.store_drain_in_window,
            ),
            ("timing_store_forwarding", &mut self.store_forwarding),
            ("timing_vlane_idx_vec_misc", &mut self.vlane_idx_vec_misc),
            ("timing_inorder_commit", &mut self.inorder_commit),
            (
                "timing_load_after_store_commit",
                &mut self.load_after_store_commit,
            ),
            ("timing_store_send_delay", &mut self.store_send_delay),
            ("timing_store_buffer_hold", &mut self.store_buffer_hold),
            ("timing_store_buffer_retry", &mut self.store_buffer_retry),
            ("timing_marker_redirect", &mut self.marker_redirect),
            ("timing_window_store_end", &mut self.window_store_end),
            (
                "timing_vector_stores_per_cycle",
                &mut self.vector_stores_per_cycle,
            ),
            ("timing_load_blocks_commit", &mut self.load_blocks_commit),
            ("timing_bp_local_entries", &mut self.bp_local_entries),
            ("timing_bp_global_entries", &mut self.bp_global_entries),
            ("timing_btb_entries", &mut self.btb_entries),
            ("timing_ras_entries", &mut self.ras_entries),
            ("timing_indirect_sets", &mut self.indirect_sets),
            ("timing_indirect_ways", &mut self.indirect_ways),
            ("timing_indirect_ghr_bits", &mut self.indirect_ghr_bits),
            ("tpu_sfu_latency_cycles", &mut self.sfu_latency),
            (
                "tpu_systolic_queue_entries",
                &mut self.systolic_queue_entries,
            ),
            ("tpu_xlu_latency_cycles", &mut self.xlu_latency),
            ("tpu_xlu_queue_entries", &mut self.xlu_queue_entries),
            ("tpu_misc_issue_width", &mut self.misc_issue_width),
        ]
    }

    /// All keys with their current values, in documentation order.
    pub fn entries(&self) -> Vec<(&'static str, u32)> {
        let mut copy = self.clone();
        copy.fields().into_iter().map(|(k, v)| (k, *v)).collect()
    }

    /// Applies the machine description's keys (`--machine-config`, with sample's
    /// `--timing` file merged in): see `apply`.
    pub fn apply_desc(&mut self, desc: &crate::config::MachineDesc) -> Result<(), String> {
        self.apply(desc.pairs())
    }

    /// Applies `key: value` pairs (a machine description's keys, as written).
    /// Unknown `timing_*` keys are errors; other `tpu_*` keys (e.g. `tpu_trace`)
    /// belong to other tools and are ignored.
    pub fn apply(&mut self, pairs: &[(String, String)]) -> Result<(), String> {
        for (key, value) in pairs {
            let mut fields = self.fields();
            let Some((_, slot)) = fields.iter_mut().find(|(k, _)| k == key) else {
                if key.starts_with("timing_") {
                    return Err(format!("unknown cycle-model parameter '{key}'"));
                }
                continue;
            };
            let n: u32 = value
                .parse()
                .map_err(|_| format!("{key}: expected a decimal number, got '{value}'"))?;
            **slot = n;
        }
        self.validate()
    }

    fn validate(&self) -> Result<(), String> {
        let mut copy = self.clone();
        for (k, v) in copy.fields() {
            // Latencies and delays may be 0 only where a zero-cycle stage makes sense.
            let zero_ok = matches!(
                k,
                "timing_mispredict_redirect"
                    | "timing_marker_refetch"
                    | "timing_vset_refetch"
                    | "timing_marker_wrong_path"
                    | "timing_ras_predicts_returns"
                    | "timing_loop_fast_forward"
                    | "timing_fetch_latency"
                    | "timing_icache_lines"
                    | "timing_icache_runahead"
                    | "timing_mem_latency_ticks"
                    | "timing_mem_line_ticks"
                    | "timing_indirect_sets"
                    | "timing_int_alu_src_early"
                    | "timing_mem_src_early"
                    | "timing_load_assumed_latency"
                    | "timing_store_drain_in_window"
                    | "timing_store_forwarding"
                    | "timing_vlane_idx_vec_misc"
                    | "timing_inorder_commit"
                    | "timing_load_after_store_commit"
                    | "timing_store_send_delay"
                    | "timing_store_buffer_hold"
                    | "timing_store_buffer_retry"
                    | "timing_marker_redirect"
                    | "timing_window_store_end"
                    | "timing_load_blocks_commit"
                    | "timing_lsq_line_bytes"
                    | "timing_mem_latency"
                    | "timing_load_response"
                    | "timing_vector_load_response"
                    | "timing_int_alu_latency"
                    | "timing_int_mul_latency"
                    | "timing_int_div_latency"
                    | "timing_fp_latency"
                    | "timing_vec_latency"
            );
            if *v == 0 && !zero_ok {
                return Err(format!("{k} must be at least 1"));
            }
            if *v > 1 << 20 {
                return Err(format!("{k} = {v} is out of range (at most 1048576)"));
            }
        }
        if self.indirect_ghr_bits > 32 {
            return Err("timing_indirect_ghr_bits must be at most 32".into());
        }
        if !self.fetch_line.is_power_of_two() {
            return Err("timing_fetch_line must be a power of two".into());
        }
        if self.lsq_line_bytes != 0 && !self.lsq_line_bytes.is_power_of_two() {
            return Err("timing_lsq_line_bytes must be 0 or a power of two".into());
        }
        Ok(())
    }

    /// The keys machine.yml may carry for the accelerator model.
    pub fn accel_keys() -> &'static [&'static str] {
        ACCEL_KEYS
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn pairs(p: &[(&str, &str)]) -> Vec<(String, String)> {
        p.iter()
            .map(|(k, v)| (k.to_string(), v.to_string()))
            .collect()
    }

    #[test]
    fn reads_tpu_and_timing_keys_and_rejects_unknown_timing_keys() {
        let mut t = TimingParams::default();
        t.apply(&pairs(&[
            ("tpu_sfu_latency_cycles", "4"),
            ("tpu_trace", "1"),
            ("timing_mem_latency", "3"),
        ]))
        .unwrap();
        assert_eq!((t.sfu_latency, t.mem_latency), (4, 3));
        let e = t.apply(&pairs(&[("timing_nope", "1")])).unwrap_err();
        assert!(e.contains("timing_nope"), "{e}");
        let e = t
            .apply(&pairs(&[("tpu_sfu_latency_cycles", "0")]))
            .unwrap_err();
        assert!(e.contains("at least 1"), "{e}");
        let e = t
            .apply(&pairs(&[("tpu_xlu_queue_entries", "x")]))
            .unwrap_err();
        assert!(e.contains("decimal"), "{e}");
    }
}
