#!/usr/bin/env bash
# Rebuilds the benchmark ELFs (committed, so running the benchmark needs no cross
# toolchain). Needs Debian's gcc-riscv64-unknown-elf.
set -euo pipefail
cd "$(dirname "$0")"
CC=${CC:-riscv64-unknown-elf-gcc}
FLAGS="-O2 -march=rv64gc -mabi=lp64d -static -nostdlib -nostartfiles -ffreestanding -fno-math-errno -Wl,--gc-sections"
mkdir -p elf
for k in int_matmul fp_matmul; do
    $CC $FLAGS -o elf/$k.elf src/crt.S src/$k.c
done
echo "built: $(ls elf)"
