#!/usr/bin/env bash
# Runs every benchmark ELF under npu-spike and qemu-riscv64 side by side and prints
# guest MIPS (retired instructions per second of the process's CPU time, user + sys,
# which a loaded machine disturbs far less than wall time), wall time, peak RSS and
# the npu-spike/qemu speed ratio (of CPU times). The instruction count comes from npu-spike (--stats);
# both run the same static ELF, so qemu retires the same instructions.
# RVV kernels (vec_*.elf) run with VLEN=$VLEN (default 256, ELEN 64) on both
# (`--isa=rv64gcv_zfh --varch=vlen:V,elen:64` / `-cpu rv64,v=true,...`), and also
# print element operations per second (Melem/s; each kernel prints its count) and
# whether both printed the same checksum. A benchmark npu-spike cannot run (e.g.
# no vector unit yet) is reported as such and the table goes on.
# Then two whole-process cases: start-up (the mean wall time of STARTUP_REPS runs,
# default 50, of the tiny startup.elf on both, and of `npu-spike run` on the bundled
# NPU example examples/tiled_add) and peak RSS of a bare-metal run declaring 100 GiB
# of DRAM (bare_rss.elf with -m0x80000000:0x1900000000; qemu-user has no such option).
# Usage: bench/run.sh [elf...]     (default: every bench/elf/*.elf, then both cases)
#        NPU_SPIKE_BIN=path/to/npu-spike bench/run.sh   (another build; no cargo build)
set -uo pipefail
cd "$(dirname "$0")/.."
command -v qemu-riscv64 >/dev/null || { echo "bench: qemu-riscv64 not found (apt-get install qemu-user)" >&2; exit 1; }
VLEN=${VLEN:-256}
if [ -n "${NPU_SPIKE_BIN:-}" ]; then
    SIM=$NPU_SPIKE_BIN
else
    cargo build --release --quiet || exit 1
    SIM=target/release/npu-spike
fi
elfs=("$@")
whole=0
if [ ${#elfs[@]} -eq 0 ]; then
    whole=1
    for e in bench/elf/*.elf; do
        case "$(basename "$e")" in startup.elf | bare_rss.elf) ;; *) elfs+=("$e") ;; esac
    done
fi
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
printf "%-15s %12s | %9s %8s %9s %8s | %9s %8s %9s %8s | %7s %s\n" benchmark instructions \
    "sim MIPS" "sim wall" "sim KiB" "Melem/s" "qemu MIPS" "qemu wall" "qemu KiB" "Melem/s" ratio "check"
notes=()
for elf in "${elfs[@]}"; do
    name=$(basename "$elf" .elf)
    sim_args=(); q_args=()
    case "$name" in
    vec_*)
        sim_args=(--isa=rv64gcv_zfh "--varch=vlen:$VLEN,elen:64")
        q_args=(-cpu "rv64,v=true,vext_spec=v1.0,vlen=$VLEN,elen=64,Zfh=true")
        ;;
    esac
    /usr/bin/time -o "$tmp/st" -f "%e %M %U %S" "$SIM" "${sim_args[@]}" --stats "$elf" >"$tmp/so" 2>"$tmp/se"
    sim_rc=$?
    /usr/bin/time -o "$tmp/qt" -f "%e %M %U %S" qemu-riscv64 "${q_args[@]}" "$elf" >"$tmp/qo" 2>"$tmp/qe"
    q_rc=$?
    n=$(sed -n 's/^npu-spike stats: \([0-9]*\) instructions.*/\1/p' "$tmp/se")
    read -r sim_s sim_kb sim_u sim_sys < <(tail -1 "$tmp/st")
    read -r q_s q_kb q_u q_sys < <(tail -1 "$tmp/qt")
    elems=$(sed -n 's/^elemops \([0-9]*\)$/\1/p' "$tmp/qo")
    if [ "$q_rc" -ne 0 ]; then
        check="qemu-failed"
        notes+=("$name: qemu exit $q_rc: $(head -1 "$tmp/qe")")
    elif [ "$sim_rc" -ne 0 ] || [ -z "$n" ]; then
        check="sim-failed"
        notes+=("$name: npu-spike exit $sim_rc: $(grep -v '^npu-spike \(stats\|jit\)' "$tmp/se" | head -1)")
        n=""
    elif cmp -s "$tmp/so" "$tmp/qo"; then
        check="same"
    else
        check="DIFFERENT"
        notes+=("$name: outputs differ: npu-spike '$(head -1 "$tmp/so")' qemu '$(head -1 "$tmp/qo")'")
    fi
    awk -v name="$name" -v n="$n" -v sw="$sim_s" -v sk="$sim_kb" -v qw="$q_s" -v qk="$q_kb" \
        -v sc="$sim_u $sim_sys" -v qc="$q_u $q_sys" -v el="$elems" -v chk="$check" 'BEGIN {
        na = "n/a";
        split(sc, a, " "); ss = a[1] + a[2]; split(qc, b, " "); qs = b[1] + b[2];
        if (ss <= 0) ss = 0.005; if (qs <= 0) qs = 0.005;
        sim_ok = (n != "");
        ins = sim_ok ? sprintf("%12d", n) : sprintf("%12s", na);
        sm = sim_ok ? sprintf("%9.1f", n / ss / 1e6) : sprintf("%9s", na);
        qm = sim_ok ? sprintf("%9.1f", n / qs / 1e6) : sprintf("%9s", na);
        se = (el != "" && sim_ok) ? sprintf("%8.1f", el / ss / 1e6) : sprintf("%8s", el == "" ? "-" : na);
        qe = (el != "") ? sprintf("%8.1f", el / qs / 1e6) : sprintf("%8s", "-");
        ssf = sim_ok ? sprintf("%8.2f", sw) : sprintf("%8s", na);
        skf = sim_ok ? sprintf("%9d", sk) : sprintf("%9s", na);
        ra = sim_ok ? sprintf("%7.2f", qs / ss) : sprintf("%7s", na);
        printf "%-15s %s | %s %s %s %s | %s %8.2f %9d %s | %s %s\n", name, ins, sm, ssf, skf, se, qm, qw, qk, qe, ra, chk }'
done
if [ "$whole" = 1 ]; then
    reps=${STARTUP_REPS:-50}
    # Mean wall time in ms of $reps runs of the given command (output discarded).
    mean_ms() {
        local t0 t1 i
        t0=$(date +%s%N)
        for ((i = 0; i < reps; i++)); do "$@" >/dev/null 2>&1; done
        t1=$(date +%s%N)
        awk -v a="$t0" -v b="$t1" -v n="$reps" 'BEGIN { printf "%.2f", (b - a) / n / 1e6 }'
    }
    echo
    printf "%-28s %10s %10s %10s   %s\n" "whole-process case" "sim ms" "qemu ms" ratio "(mean of $reps runs)"
    s_ms=$(mean_ms "$SIM" bench/elf/startup.elf)
    q_ms=$(mean_ms qemu-riscv64 bench/elf/startup.elf)
    printf "%-28s %10s %10s %10s\n" "startup.elf" "$s_ms" "$q_ms" "$(awk -v s="$s_ms" -v q="$q_ms" 'BEGIN { printf "%.2f", q / s }')"
    rt="$tmp/tiled_add"
    cp -r examples/tiled_add/runtime "$rt"
    "$SIM" run examples/tiled_add/kernel.elf "$rt" >/dev/null 2>&1 \
        && cmp -s "$rt/out32.raw" examples/tiled_add/expected/out32.raw && tiled="same" || tiled="WRONG OUTPUT"
    t_ms=$(mean_ms "$SIM" run examples/tiled_add/kernel.elf "$rt")
    printf "%-28s %10s %10s %10s   output %s\n" "run examples/tiled_add" "$t_ms" "n/a" "n/a" "$tiled"
    /usr/bin/time -o "$tmp/rt" -f "%e %M" "$SIM" -m0x80000000:0x1900000000 bench/elf/bare_rss.elf >/dev/null 2>"$tmp/re"
    rss_rc=$?
    read -r _ rss_kb < <(tail -1 "$tmp/rt")
    echo "peak RSS, -m0x80000000:0x1900000000 (100 GiB DRAM) bare_rss.elf: ${rss_kb} KiB (exit $rss_rc; qemu-user: n/a)"
fi
for l in "${notes[@]}"; do echo "note: $l"; done
if [ $# -eq 0 ]; then
    # The NPU kernel at L = 1 and L = 128 (qemu cannot run it) and the cycle-sampling
    # throughput, so that this one command covers every benchmark.
    echo
    NPU_SPIKE_BIN="$SIM" bench/npu.sh
    echo
    NPU_SPIKE_BIN="$SIM" bench/sample.sh
fi
echo "machine: $(nproc) cores, $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | xargs); $(qemu-riscv64 --version | head -1); RVV kernels at VLEN=$VLEN"
