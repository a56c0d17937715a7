#!/usr/bin/env bash
# Runs every benchmark ELF under npu-spike and qemu-riscv64 side by side and prints
# guest MIPS (retired instructions per second of wall time), wall time, peak RSS and
# the npu-spike/qemu speed ratio. The instruction count comes from npu-spike (--stats);
# both run the same static ELF, so qemu retires the same instructions.
# Usage: bench/run.sh [elf...]     (default: bench/elf/*.elf)
set -euo pipefail
cd "$(dirname "$0")/.."
command -v qemu-riscv64 >/dev/null || { echo "bench: qemu-riscv64 not found (apt-get install qemu-user)" >&2; exit 1; }
cargo build --release --quiet
SIM=target/release/npu-spike
elfs=("$@")
[ ${#elfs[@]} -gt 0 ] || elfs=(bench/elf/*.elf)
printf "%-14s %12s | %9s %8s %9s | %9s %8s %9s | %7s\n" benchmark instructions "sim MIPS" "sim s" "sim KiB" "qemu MIPS" "qemu s" "qemu KiB" ratio
for elf in "${elfs[@]}"; do
    name=$(basename "$elf" .elf)
    sim_out=$( { /usr/bin/time -f "TIME %e %M" "$SIM" --stats "$elf" >/dev/null; } 2>&1 )
    n=$(sed -n 's/^npu-spike stats: \([0-9]*\) instructions.*/\1/p' <<<"$sim_out")
    read -r sim_s sim_kb < <(sed -n 's/^TIME //p' <<<"$sim_out")
    q_out=$( { /usr/bin/time -f "TIME %e %M" qemu-riscv64 "$elf" >/dev/null; } 2>&1 )
    read -r q_s q_kb < <(sed -n 's/^TIME //p' <<<"$q_out")
    awk -v name="$name" -v n="$n" -v ss="$sim_s" -v sk="$sim_kb" -v qs="$q_s" -v qk="$q_kb" 'BEGIN {
        sm = n / ss / 1e6; qm = n / qs / 1e6;
        printf "%-14s %12d | %9.1f %8.2f %9d | %9.1f %8.2f %9d | %7.2f\n", name, n, sm, ss, sk, qm, qs, qk, sm / qm }'
done
echo "machine: $(nproc) cores, $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | xargs); $(qemu-riscv64 --version | head -1)"
