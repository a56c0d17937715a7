#!/usr/bin/env bash
# NPU lanes benchmark: the tile kernels of bench/npu/ (all of each in the kernel range)
# at L = 1, 16, 128 and 256 lanes, in f32, f16 and int8 (see bench/NPU-VECTOR.md):
#   f32   bench/npu/lanes_fma.elf          acc = fma(x, y, acc) + x, e32 m2
#   f16   bench/npu/f16/lanes_fma_f16.elf  the same at e16 m2 (Zvfh)
#   int8  bench/npu/i8/lanes_wmacc_i8.elf  acc16 += x8·y8 (vwmacc.vv); acc16 += x8 (vwadd.wv)
# Each kernel does 3 element operations per element, lane and rep (the multiply-add
# counts 2) on a 1024-element tile per lane. L = 256 runs at VLEN 512 (the TPUv6e-like
# configuration), L <= 128 at VLEN 256. Per row: the median of RUNS runs of guest
# instructions, wall and CPU (user + sys) seconds, element operations per wall second
# (Melem/s), CPU nanoseconds per element operation (ns/elem), peak RSS and the checksum
# of every lane's acc tile (all runs must print the same one).
#
# With V1_SPIKE=path V1_PK=path (the PSAL V1 Spike fork, branch TorchSim, and a riscv-pk
# from before pk's menvcfg/senvcfg writes, built locally, never committed) the fork runs
# the same ELF with the same options, alternating with npu-spike run by run. It is much
# slower, so it runs reps/V1_DIV reps (at least 1; V1_DIV defaults to 10 for f32 and f16,
# 40 for int8, where the fork is 20-35x and 50-90x slower) and its time is compared per element
# operation: ratio = fork CPU ns/elem / npu-spike CPU ns/elem (wall: the same with wall
# times). Both times are whole processes: the fork's start-up and checksum loop (about
# 0.06 s at L = 128, 0.1 s at L = 256) count V1_DIV times over in its per-op time, a few
# per cent in npu-spike's favour at the default reps. "check" compares the checksums of both on identical arguments twice: at
# CHECK_REPS reps and at the fork's timed rep count (npu-spike runs those once, untimed).
#
# Usage: bench/npu.sh                     (builds npu-spike with cargo)
#   NPU_SPIKE_BIN=path                    another npu-spike build; no cargo build
#   RUNS=5                                runs per row (median)
#   SCALE=1                               multiplies every rep count (the defaults give
#                                         each npu-spike run >= 1 s of CPU on the 2-core
#                                         EPYC of Dec 2026; raise SCALE as npu-spike gets
#                                         faster: a row under 1 s gets a note)
#   LANES="1 16 128 256" KINDS="f32 f16 int8"   a subset of the rows
#   REPS=n                                the same rep count for every row (SCALE ignored)
#   V1_SPIKE=path V1_PK=path [V1_DIV=n] [CHECK_REPS=3]   side by side with the fork
#   THREADS="1 2"                         one row per N with npu-spike --threads N
#                                         (rows skipped with a note if it rejects it)
set -uo pipefail
cd "$(dirname "$0")/.."
if [ -n "${NPU_SPIKE_BIN:-}" ]; then
    SIM=$NPU_SPIKE_BIN
else
    cargo build --release --quiet || exit 1
    SIM=target/release/npu-spike
fi
RUNS=${RUNS:-5}
SCALE=${SCALE:-1}
CHECK_REPS=${CHECK_REPS:-3}
read -ra lanes <<<"${LANES:-1 16 128 256}"
read -ra kinds <<<"${KINDS:-f32 f16 int8}"
read -ra threads <<<"${THREADS:--}"
V1=
if [ -n "${V1_SPIKE:-}" ] || [ -n "${V1_PK:-}" ]; then
    if [ ! -x "${V1_SPIKE:-}" ] || [ ! -f "${V1_PK:-}" ]; then
        echo "bench/npu.sh: V1_SPIKE (an executable) and V1_PK (a file) must both be given" >&2
        exit 2
    fi
    V1=1
fi
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

elf_of() {
    case $1 in
    f32) echo bench/npu/lanes_fma.elf ;;
    f16) echo bench/npu/f16/lanes_fma_f16.elf ;;
    int8) echo bench/npu/i8/lanes_wmacc_i8.elf ;;
    *) return 1 ;;
    esac
}

# Rep counts at SCALE = 1: about 1.4 s of npu-spike CPU time each (main at fb57303,
# one thread, 2-core AMD EPYC VM).
base_reps() {
    case $1:$2 in
    f32:1) echo 60000 ;;
    f32:16) echo 6000 ;;
    f32:128) echo 500 ;;
    f32:256) echo 600 ;;
    f16:1) echo 70000 ;;
    f16:16) echo 5000 ;;
    f16:128) echo 700 ;;
    f16:256) echo 400 ;;
    int8:1) echo 220000 ;;
    int8:16) echo 22000 ;;
    int8:128) echo 2200 ;;
    int8:256) echo 1500 ;;
    *) echo $((100000 / $2 + 1)) ;;
    esac
}

median() { sort -g | awk '{ v[NR] = $1 } END { if (NR == 0) print "nan"; else if (NR % 2) print v[(NR + 1) / 2]; else print (v[NR / 2] + v[NR / 2 + 1]) / 2 }'; }

# run_one OUT CMD...: runs CMD under /usr/bin/time; OUT.o stdout, OUT.e stderr,
# OUT.t "wall user sys maxrss"; returns CMD's exit status.
run_one() {
    local out=$1
    shift
    /usr/bin/time -o "$out.t" -f "%e %U %S %M" "$@" >"$out.o" 2>"$out.e"
    local rc=$?
    # /usr/bin/time prefixes a "Command exited with non-zero status" line on failure
    tail -1 "$out.t" >"$out.t1"
    return $rc
}
checksum_of() { sed -n 's/^checksum \([0-9]*\)$/\1/p' "$1.o"; }

# Does npu-spike take --threads N? (The option is new; an older build refuses it.)
threads_ok() {
    [ "$1" = - ] && return 0
    local e
    e=$(elf_of f32)
    "$SIM" --threads "$1" --isa=rv64gcv_zfh --varch=vlen:256,elen:64 --vectorlane-size=2 \
        --scratchpad-size=65536 --scratchpad-base-vaddr=3489660928 \
        --kernel-addr="$(cat "$(dirname "$e")/kernel_addr")" "$e" 1 2 >"$tmp/probe.o" 2>"$tmp/probe.e"
}

hdr=$(printf "%-5s %4s %4s %3s %7s %12s | %7s %7s %8s %7s %7s | %-20s" kind L VLEN thr reps \
    instructions wall_s cpu_s Melem/s ns/elem KiB checksum)
[ -n "$V1" ] && hdr+=$(printf " | %6s %7s %7s %7s %6s %6s %s" v1reps v1cpu_s v1_KiB v1ns/el ratio wratio check)
echo "$hdr"

notes=()
for T in "${threads[@]}"; do
    if ! threads_ok "$T"; then
        notes+=("threads $T: skipped, npu-spike refused --threads $T: $(head -1 "$tmp/probe.e")")
        continue
    fi
    topt=()
    [ "$T" != - ] && topt=(--threads "$T")
    for kind in "${kinds[@]}"; do
        if ! ELF=$(elf_of "$kind"); then
            notes+=("kind $kind: unknown (f32, f16, int8)")
            continue
        fi
        KADDR=$(cat "$(dirname "$ELF")/kernel_addr")
        for L in "${lanes[@]}"; do
            V=256
            [ "$L" -ge 256 ] && V=512
            V=${VLEN:-$V}
            if [ -n "${REPS:-}" ]; then
                R=$REPS
            else
                R=$(awk -v b="$(base_reps "$kind" "$L")" -v s="$SCALE" 'BEGIN { r = int(b * s); print (r < 1) ? 1 : r }')
            fi
            div=${V1_DIV:-10}
            [ -z "${V1_DIV:-}" ] && [ "$kind" = int8 ] && div=40
            R1=$((R / div))
            [ "$R1" -lt 1 ] && R1=1
            opts=(--isa=rv64gcv_zfh "--varch=vlen:$V,elen:64" "--vectorlane-size=$L"
                --scratchpad-size=65536 --scratchpad-base-vaddr=3489660928 "--kernel-addr=$KADDR")
            fail=
            : >"$tmp/sim" && : >"$tmp/v1" && : >"$tmp/cks"
            for ((run = 0; run < RUNS; run++)); do
                run_one "$tmp/s" "$SIM" "${topt[@]}" "${opts[@]}" --stats "$ELF" "$R" "$L"
                rc=$?
                if [ $rc -ne 0 ]; then
                    fail="npu-spike exit $rc: $(grep -v '^npu-spike stats' "$tmp/s.e" | head -1)"
                    break
                fi
                checksum_of "$tmp/s" >>"$tmp/cks"
                echo "$(cat "$tmp/s.t1")" >>"$tmp/sim"
                if [ -n "$V1" ]; then
                    if run_one "$tmp/v" "$V1_SPIKE" "${opts[@]}" "$V1_PK" "$ELF" "$R1" "$L"; then
                        echo "$(cat "$tmp/v.t1") $(checksum_of "$tmp/v")" >>"$tmp/v1"
                    else
                        echo "fail $?" >>"$tmp/v1"
                    fi
                fi
            done
            if [ -n "$fail" ]; then
                printf "%-5s %4s %4s %3s %7s  %s\n" "$kind" "$L" "$V" "$T" "$R" "$fail"
                continue
            fi
            n=$(sed -n 's/^npu-spike stats: \([0-9]*\) instructions.*/\1/p' "$tmp/s.e")
            el=$(sed -n 's/^elemops \([0-9]*\)$/\1/p' "$tmp/s.o")
            ck=$(sort -u "$tmp/cks")
            [ "$(echo "$ck" | wc -l)" -ne 1 ] && ck="VARIES"
            wall=$(awk '{ print $1 }' "$tmp/sim" | median)
            cpu=$(awk '{ print $2 + $3 }' "$tmp/sim" | median)
            kb=$(awk '{ print $4 }' "$tmp/sim" | median)
            line=$(awk -v k="$kind" -v L="$L" -v V="$V" -v T="$T" -v R="$R" -v n="$n" -v w="$wall" \
                -v c="$cpu" -v kb="$kb" -v el="$el" -v ck="$ck" 'BEGIN {
                w1 = (w > 0) ? w : 0.005; c1 = (c > 0) ? c : 0.005
                printf "%-5s %4s %4s %3s %7s %12s | %7.2f %7.2f %8.1f %7.2f %7d | %-20s", k, L, V, T, R, n,
                    w, c, el / w1 / 1e6, c1 * 1e9 / el, kb, ck }')
            slow=
            awk -v c="$cpu" 'BEGIN { exit !(c < 1) }' && slow=1
            if [ -n "$V1" ]; then
                if grep -q '^fail' "$tmp/v1"; then
                    line+=" | fork exit $(grep -m1 '^fail' "$tmp/v1" | cut -d' ' -f2): $(head -1 "$tmp/v.e")"
                else
                    # identical arguments: a small rep count, and the fork's timed one
                    run_one "$tmp/a" "$SIM" "${topt[@]}" "${opts[@]}" "$ELF" "$CHECK_REPS" "$L"
                    run_one "$tmp/b" "$V1_SPIKE" "${opts[@]}" "$V1_PK" "$ELF" "$CHECK_REPS" "$L"
                    run_one "$tmp/c" "$SIM" "${topt[@]}" "${opts[@]}" "$ELF" "$R1" "$L"
                    a=$(checksum_of "$tmp/a")
                    b=$(checksum_of "$tmp/b")
                    c=$(checksum_of "$tmp/c")
                    v1ck=$(awk '{ print $5 }' "$tmp/v1" | sort -u)
                    if [ -n "$a" ] && [ "$a" = "$b" ] && [ "$c" = "$v1ck" ]; then
                        check=same
                    else
                        check="DIFF(r$CHECK_REPS: $a vs $b; r$R1: $c vs $v1ck)"
                    fi
                    v1cpu=$(awk '{ print $2 + $3 }' "$tmp/v1" | median)
                    v1wall=$(awk '{ print $1 }' "$tmp/v1" | median)
                    v1kb=$(awk '{ print $4 }' "$tmp/v1" | median)
                    line+=$(awk -v R="$R" -v R1="$R1" -v c="$cpu" -v w="$wall" -v vc="$v1cpu" -v vw="$v1wall" \
                        -v vkb="$v1kb" -v el="$el" -v ck="$check" 'BEGIN {
                        el1 = el / R * R1; c1 = (c > 0) ? c : 0.005; w1 = (w > 0) ? w : 0.005
                        pc = vc * 1e9 / el1; pw = vw * 1e9 / el1
                        printf " | %6s %7.2f %7d %7.2f %6.1f %6.1f %s", R1, vc, vkb, pc, pc / (c1 * 1e9 / el),
                            pw / (w1 * 1e9 / el), ck }')
                fi
            fi
            echo "$line"
            [ -n "$slow" ] && notes+=("$kind L=$L threads $T: median CPU ${cpu} s < 1 s, raise SCALE")
        done
    done
done
for n in "${notes[@]}"; do echo "note: $n"; done
echo "machine: $(nproc) cores, $(sed -n 's/^model name[[:space:]]*: //p' /proc/cpuinfo | head -1); load $(cut -d' ' -f1-3 /proc/loadavg)"
echo "medians of $RUNS runs; tile 1024 elements per lane, 3 element ops each per rep; Melem/s per wall second, ns/elem of CPU (user+sys); thr - = npu-spike's default threads"
[ -n "$V1" ] && echo "fork: $V1_SPIKE with pk $V1_PK, reps/${V1_DIV:-10 (f32, f16), 40 (int8)} (time compared per element op); ratio = fork CPU ns/elem / npu-spike CPU ns/elem, wratio the same in wall time; check: identical arguments at $CHECK_REPS reps and at v1reps"
exit 0
