#!/bin/sh
# Rebuilds lanes_fma.elf (committed) for bench/npu.sh with examples/build-kernel.sh
# (main.c at rv64gc, kernel.S at rv64gcv_zfh) and records its kernel range.
set -eu
cd "$(dirname "$0")"
../../examples/build-kernel.sh lanes_fma.elf > kernel_addr
echo "built lanes_fma.elf; kernel range $(cat kernel_addr)"
