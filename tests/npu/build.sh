#!/bin/sh
# Rebuilds the NPU test programs (src/*.S -> bin/*.elf), reproducibly.
set -eu
cd "$(dirname "$0")"
CC=${RISCV_CC:-riscv64-unknown-elf-gcc}
for src in src/*.S; do
    name=$(basename "$src" .S)
    $CC -march=rv64gcv_zfh -mabi=lp64d -nostdlib -nostartfiles -static \
        -Wl,--build-id=none -Wl,--no-warn-rwx-segments -o "bin/$name.elf" "$src"
done
