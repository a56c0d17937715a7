#!/bin/sh
# Validates the committed guest programs (bin/*.elf) and the bundled example
# (examples/vecadd/kernel.elf) under qemu-riscv64 (Linux user mode), the
# independent reference for the pk ABI.  Outputs are compared with expected
# files computed by Python (expected/, from gen_expected.py, and
# examples/vecadd/expected/, from gen.py), never by running the programs.
# Needs only qemu-riscv64, perl and cmp (python3 is optional: if present, the
# committed expected files are also checked against gen_expected.py).
# Exit status is non-zero on any mismatch.  Takes about a second.
set -u
cd "$(dirname "$0")"
HERE=$(pwd)
BIN=$HERE/bin
EXP=$HERE/expected
EXAMPLE=$(cd ../../examples/vecadd && pwd)
QEMU=${QEMU_USER:-qemu-riscv64}
command -v "$QEMU" >/dev/null 2>&1 || { echo "check-qemu: $QEMU not found (apt-get install qemu-user)"; exit 1; }
ulimit -c 0 2>/dev/null   # qemu-user dumps core on the crash test's SIGILL

T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT INT TERM
pass=0
failn=0
failed=""

ok() { echo "PASS $1"; pass=$((pass + 1)); }
bad() { echo "FAIL $1: $2"; failn=$((failn + 1)); failed="$failed $1"; }
# run DIR OUTFILE ELF ARGS...: runs in DIR, stdout+stderr to OUTFILE, sets rc
run() {
    run_dir=$1 run_log=$2
    shift 2
    # the outer subshell reports a guest killed by a signal (crash test) into
    # the log instead of on our stderr; its status is then 128 + signal
    ( (cd "$run_dir" && exec timeout 20 "$QEMU" "$@"); exit $? ) >"$run_log" 2>&1
    rc=$?
}
fresh() { rm -rf "$T/$1" && mkdir -p "$T/$1" && echo "$T/$1"; }

# --- expected files vs their generator ---
if command -v python3 >/dev/null 2>&1; then
    python3 gen_expected.py "$T/gen" && for f in "$EXP"/*; do
        cmp -s "$f" "$T/gen/$(basename "$f")" || bad gen_expected "$(basename "$f") differs from gen_expected.py"
    done
    mkdir -p "$T/ex" && cp -r "$EXAMPLE/gen.py" "$T/ex/" && python3 "$T/ex/gen.py" &&
        for f in runtime/x.raw runtime/y.raw runtime/out.raw expected/out.raw; do
            cmp -s "$EXAMPLE/$f" "$T/ex/$f" || bad example_gen "examples/vecadd/$f differs from gen.py"
        done
else
    echo "note: python3 not found; committed expected files not re-derived"
fi

# --- vecadd: x + y, and saxpy a*x + y with a = 0.1 ---
d=$(fresh vecadd)
cp "$EXP/vecadd_x.raw" "$d/x.raw"; cp "$EXP/vecadd_y.raw" "$d/y.raw"
head -c 4096 /dev/zero >"$d/out.raw"
run "$d" "$T/vecadd.log" "$BIN/vecadd.elf" x.raw y.raw out.raw
if [ $rc -ne 0 ]; then bad vecadd "exit $rc: $(cat "$T/vecadd.log")"
elif ! cmp -s "$d/out.raw" "$EXP/vecadd_out.raw"; then bad vecadd "out.raw differs from expected/vecadd_out.raw"
else ok vecadd; fi
run "$d" "$T/saxpy.log" "$BIN/vecadd.elf" x.raw y.raw saxpy.raw 0.1
if [ $rc -ne 0 ]; then bad vecadd_saxpy "exit $rc: $(cat "$T/saxpy.log")"
elif ! cmp -s "$d/saxpy.raw" "$EXP/vecadd_saxpy_out.raw"; then bad vecadd_saxpy "saxpy.raw differs from expected/vecadd_saxpy_out.raw"
else ok vecadd_saxpy; fi
run "$d" "$T/missing.log" "$BIN/vecadd.elf" nope.raw y.raw o.raw
if [ $rc -eq 1 ] && grep -q "open nope.raw: -2" "$T/missing.log"; then ok vecadd_missing_input
else bad vecadd_missing_input "exit $rc (want 1), $(cat "$T/missing.log")"; fi

# --- fileops: self-checking, exit = number of failures ---
d=$(fresh fileops)
run "$d" "$T/fileops.log" "$BIN/fileops.elf"
if [ $rc -eq 0 ] && ! grep -q '^FAIL' "$T/fileops.log" && grep -q '^fileops: 0 failures' "$T/fileops.log" &&
   [ ! -e "$d/fileops.tmp" ]; then ok fileops
else bad fileops "exit $rc: $(grep -v '^ok' "$T/fileops.log")"; fi

# --- sandbox: no sandbox under qemu, so every attempt must succeed (8) and
#     the legal read must work; confirms the attempts really aim outside ---
d=$(fresh sandbox)
mkdir -p "$d/root/sub"
echo outside >"$d/outside.txt"
echo "hello inside" >"$d/root/inside.txt"
ln -s ../outside.txt "$d/root/escape_link"
run "$d/root" "$T/sandbox.log" "$BIN/sandbox.elf"
n_esc=$(grep -c '^attempt .* ESCAPED$' "$T/sandbox.log")
if [ $rc -eq 8 ] && [ "$n_esc" -eq 8 ] && grep -qx 'legal inside.txt 13 hello inside' "$T/sandbox.log" &&
   [ -e "$d/new_file" ] && [ ! -e "$d/outside.txt" ]; then ok sandbox_qemu_all_escape
else bad sandbox_qemu_all_escape "exit $rc (want 8), $n_esc escapes: $(cat "$T/sandbox.log")"; fi

# --- crash: partial output written, then SIGILL (qemu: 128 + 4) ---
d=$(fresh crash)
printf '0123456789abcdefXYZ' >"$d/in.raw"
head -c 64 /dev/zero >"$d/out.raw"
{ printf 'PARTIAL:01234567'; head -c 48 /dev/zero; } >"$T/crash_expected.raw"
run "$d" "$T/crash.log" "$BIN/crash.elf" in.raw out.raw
if [ $rc -eq 132 ] && cmp -s "$d/out.raw" "$T/crash_expected.raw" && ! grep -q survived "$T/crash.log"; then ok crash_sigill
else bad crash_sigill "exit $rc (want 132): $(cat "$T/crash.log")"; fi

# --- exitcode ---
d=$(fresh exitcode)
for spec in "0" "3" "200" "201" "201 exit93" "200 exit94" "259"; do
    # shellcheck disable=SC2086
    run "$d" "$T/exit.log" "$BIN/exitcode.elf" $spec
    set -- $spec
    want=$(($1 & 255))
    if [ $rc -eq $want ]; then ok "exitcode_$(echo "$spec" | tr ' ' _)"
    else bad "exitcode_$(echo "$spec" | tr ' ' _)" "exit $rc want $want"; fi
done

# --- bigread: 1 MiB in one read; input from the documented formula (perl) ---
d=$(fresh bigread)
perl -e 'binmode STDOUT; print pack("C*", map { (($_ * 2654435761) >> 13) & 0xff } 0 .. 1048575)' >"$d/in.raw"
head -c 8 /dev/zero >"$d/out.raw"
run "$d" "$T/bigread.log" "$BIN/bigread.elf" in.raw out.raw
if [ $rc -ne 0 ]; then bad bigread "exit $rc: $(cat "$T/bigread.log")"
elif ! cmp -s "$d/out.raw" "$EXP/bigread_out.raw"; then bad bigread "out.raw differs from expected/bigread_out.raw"
else ok bigread; fi

# --- the bundled example, run in a copy of its runtime directory ---
d=$(fresh example)
cp -r "$EXAMPLE/runtime/." "$d/"
run "$d" "$T/example.log" "$EXAMPLE/kernel.elf" x.raw y.raw out.raw
if [ $rc -ne 0 ]; then bad example_vecadd "exit $rc: $(cat "$T/example.log")"
elif ! cmp -s "$d/out.raw" "$EXAMPLE/expected/out.raw"; then bad example_vecadd "out.raw differs from examples/vecadd/expected/out.raw"
else ok example_vecadd; fi

echo "check-qemu: $pass passed, $failn failed"
[ $failn -eq 0 ] || { echo "failed:$failed"; exit 1; }
