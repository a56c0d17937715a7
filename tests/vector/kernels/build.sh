#!/bin/sh
# Rebuilds dot.elf (freestanding, runs under pk): clang-19 for the RVV intrinsics,
# GNU ld to link (no relaxation: there is no crt to set gp).
set -eu
cd "$(dirname "$0")"
clang-19 --target=riscv64-unknown-elf -march=rv64gcv_zfh_zvfh -mabi=lp64d -O2 -ffreestanding -c dot.c -o /tmp/dot.o
riscv64-unknown-elf-gcc -nostdlib -static -Wl,--no-relax -Wl,--build-id=none /tmp/dot.o -o dot.elf
