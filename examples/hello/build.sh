#!/usr/bin/env bash
# Rebuilds hello.elf (committed). Needs Debian's gcc-riscv64-unknown-elf.
set -euo pipefail
cd "$(dirname "$0")"
riscv64-unknown-elf-gcc -O2 -march=rv64gc -mabi=lp64d -static -nostdlib -nostartfiles -ffreestanding \
    -o hello.elf ../../bench/src/crt.S hello.c
