#!/bin/bash
# Interleaved A/B timing: each bench ELF runs N times (default 9) under every
# command given, in turn, so that drift of the machine's speed hits all of them
# alike; prints min/median CPU time (user + sys) per command.
#   bench/ab.sh target/release/npu-spike /path/to/other-npu-spike "qemu-riscv64"
#   ELFS="int_mix int_matmul" N=7 bench/ab.sh ...
# A command with arguments is one quoted word (it is word-split when run).
set -u
cd "$(dirname "$0")/.."
N=${N:-9}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
for e in ${ELFS:-int_mix int_matmul fp_matmul fp_trans}; do
  for i in $(seq "$N"); do
    k=0
    for c in "$@"; do
      # shellcheck disable=SC2086
      /usr/bin/time -f "%U %S" -o "$tmp/time" $c "bench/elf/$e.elf" >/dev/null 2>&1
      awk '{print $1 + $2}' "$tmp/time" >> "$tmp/$k"
      k=$((k + 1))
    done
  done
  line="$e"
  k=0
  for c in "$@"; do
    line="$line | $(sort -g "$tmp/$k" | head -1)/$(sort -g "$tmp/$k" | sed -n "$(( (N + 1) / 2 ))p") s"
    rm -f "$tmp/$k"
    k=$((k + 1))
  done
  echo "$line"
done
