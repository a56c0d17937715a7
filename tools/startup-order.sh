#!/bin/sh
# Regenerates tools/startup.order: the functions the release binary runs while it
# starts (the tiny startup.elf and the 100 GiB bare-metal bare_rss.elf), in the order
# callgrind first meets them. build.rs hands the file to the linker
# (--symbol-ordering-file), which puts these functions side by side at the start of
# the text, so a run touches ~300 KiB of the binary instead of ~1.5 MiB scattered
# among Cranelift's code (issue 17: peak RSS). Names are mangled, as the linker sees
# them; a name a later build no longer has is ignored, so a stale file only orders
# less. Run after `cargo build --release`: sh tools/startup-order.sh
set -eu
cd "$(dirname "$0")/.."
bin=${BIN:-target/release/npu-spike}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
valgrind -q --tool=callgrind --demangle=no --callgrind-out-file="$tmp/start" \
    "$bin" bench/elf/startup.elf >/dev/null
valgrind -q --tool=callgrind --demangle=no --callgrind-out-file="$tmp/rss" \
    "$bin" -m0x80000000:0x1900000000 bench/elf/bare_rss.elf >/dev/null
nm --defined-only "$bin" | awk '$2 ~ /^[tT]$/ { print $3 }' | sort -u >"$tmp/text"
# `fn=(id) name` and `cfn=(id) name` name a function the first time its id appears.
sed -n 's/^c\{0,1\}fn=([0-9]*) //p' "$tmp/start" "$tmp/rss" | awk '!seen[$0]++' >"$tmp/met"
awk 'NR == FNR { text[$0] = 1; next } text[$0]' "$tmp/text" "$tmp/met" >tools/startup.order
wc -l tools/startup.order
