#!/bin/sh
# Rebuild tests/memprot/bin/memprot.elf from src/memprot.c (committed, so the
# Rust tests need no cross toolchain).  Freestanding static rv64gcv user-mode
# ELF for the pk ABI, linked at 0x10000 (text R-X, data RW on its own page).
# Byte-for-byte reproducible: no build-id, no debug info.
# Needs Debian's gcc-riscv64-unknown-elf (12.2).
set -eu
cd "$(dirname "$0")"
CC=${RISCV_CC:-riscv64-unknown-elf-gcc}
mkdir -p bin
$CC -march=rv64gcv -mabi=lp64d -O2 -ffreestanding -fno-builtin -nostdlib -nostartfiles \
    -static -Wall -Wextra -Wno-array-bounds -Wl,--build-id=none -Wl,-Ttext-segment=0x10000 -s \
    -o bin/memprot.elf src/memprot.c
echo "built bin/memprot.elf"
