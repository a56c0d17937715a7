#!/usr/bin/env bash
# Sampling throughput: runs the scalar benchmark ELFs under `npu-spike sample` (cycle
# model on) and as plain functional runs, and prints simulated MIPS for both.
# Usage: bench/sample.sh [elf...]   (default: bench/elf/{int,fp}_matmul.elf)
#        NPU_SPIKE_BIN=path/to/npu-spike bench/sample.sh
set -uo pipefail
cd "$(dirname "$0")/.."
if [ -n "${NPU_SPIKE_BIN:-}" ]; then
    SIM=$NPU_SPIKE_BIN
else
    cargo build --release --quiet || exit 1
    SIM=target/release/npu-spike
fi
elfs=("$@")
[ ${#elfs[@]} -gt 0 ] || elfs=(bench/elf/int_matmul.elf bench/elf/fp_matmul.elf)
printf "%-16s %14s | %12s %10s | %12s %10s | %s\n" benchmark instructions \
    "sample MIPS" "sample s" "plain MIPS" "plain s" "model cost"
for elf in "${elfs[@]}"; do
    name=$(basename "$elf" .elf)
    line=$("$SIM" sample --stats "$elf" 2>&1 >/dev/null | grep '^npu-spike sample:')
    n=$(sed -n 's/.*: \([0-9]*\) instructions.*/\1/p' <<<"$line")
    ss=$(sed -n 's/.*windows, \([0-9.]*\) s.*/\1/p' <<<"$line")
    pline=$("$SIM" --isa=rv64gcv_zfh --stats "$elf" 2>&1 >/dev/null | grep '^npu-spike stats:')
    ps=$(sed -n 's/.*instructions, \([0-9.]*\) s.*/\1/p' <<<"$pline")
    awk -v name="$name" -v n="$n" -v ss="$ss" -v ps="$ps" 'BEGIN {
        printf "%-16s %14d | %12.1f %10.2f | %12.1f %10.2f | %.2fx\n",
            name, n, n / ss / 1e6, ss, n / ps / 1e6, ps, ss / ps }'
done
echo "machine: $(nproc) cores, $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | xargs), load $(cut -d' ' -f1 /proc/loadavg)"
