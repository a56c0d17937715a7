#!/usr/bin/env bash
# NPU lanes benchmark: runs bench/npu/lanes_fma.elf (an f32 multiply-accumulate tile
# kernel, all of it in the kernel range) at L = 1 and L = 128 lanes and prints guest
# MIPS, wall time, peak RSS, element operations per second and ns per element
# operation (whole process), and a checksum over every lane's result tile.
# qemu cannot run NPU code, so the comparison is the same kernel at L = 1 vs L = 128.
# See bench/NPU-VECTOR.md.
# Usage: bench/npu.sh                 (builds npu-spike with cargo)
#        NPU_SPIKE_BIN=path bench/npu.sh    (another build; no cargo build)
#        LANES="1 16 128" REPS="2000 200 50" bench/npu.sh   (other points)
set -uo pipefail
cd "$(dirname "$0")/.."
if [ -n "${NPU_SPIKE_BIN:-}" ]; then
    SIM=$NPU_SPIKE_BIN
else
    cargo build --release --quiet || exit 1
    SIM=target/release/npu-spike
fi
ELF=bench/npu/lanes_fma.elf
KADDR=$(cat bench/npu/kernel_addr)
read -ra lanes <<<"${LANES:-1 128}"
read -ra reps <<<"${REPS:-2000 50}"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
printf "%-6s %6s %12s | %9s %8s %9s %9s %8s | %s\n" lanes reps instructions \
    "MIPS" "s" "KiB" "Melem/s" "ns/elem" checksum
for idx in "${!lanes[@]}"; do
    L=${lanes[$idx]}
    R=${reps[$idx]}
    /usr/bin/time -o "$tmp/t" -f "%e %M" "$SIM" --isa=rv64gcv_zfh --varch=vlen:256,elen:64 \
        --vectorlane-size="$L" --scratchpad-size=65536 --scratchpad-base-vaddr=3489660928 \
        --kernel-addr="$KADDR" --stats "$ELF" "$R" "$L" >"$tmp/o" 2>"$tmp/e"
    rc=$?
    if [ $rc -ne 0 ]; then
        echo "L=$L: npu-spike exit $rc: $(head -1 "$tmp/e")"
        continue
    fi
    n=$(sed -n 's/^npu-spike stats: \([0-9]*\) instructions.*/\1/p' "$tmp/e")
    el=$(sed -n 's/^elemops \([0-9]*\)$/\1/p' "$tmp/o")
    ck=$(sed -n 's/^checksum \([0-9]*\)$/\1/p' "$tmp/o")
    read -r s kb < <(tail -1 "$tmp/t")
    awk -v L="$L" -v R="$R" -v n="$n" -v s="$s" -v kb="$kb" -v el="$el" -v ck="$ck" 'BEGIN {
        t = (s > 0) ? s : 0.005
        printf "%-6s %6s %12s | %9.1f %8.2f %9s %9.1f %8.2f | %s\n", L, R, n, n / t / 1e6, s, kb,
            el / t / 1e6, t * 1e9 / el, ck }'
done
echo "machine: $(nproc) cores, $(sed -n 's/^model name[[:space:]]*: //p' /proc/cpuinfo | head -1); VLEN 256, e32 m2 (vl 16 per lane)"
