#!/bin/sh
# Builds the assembly guest programs of one test directory (DIR/src/*.S -> DIR/bin/*.elf,
# committed): static user-mode ELFs for the built-in proxy kernel, reproducible output.
# Usage: tests/build-guests.sh DIR [extra compiler flags...]
set -eu
dir=$1
shift
cd "$dir"
CC=${RISCV_CC:-riscv64-unknown-elf-gcc}
CFLAGS="-march=rv64gcv_zfh -mabi=lp64d -mno-relax -nostdlib -nostartfiles -static -Isrc $*"
LDFLAGS="-Wl,--build-id=none -Wl,--no-warn-rwx-segments -Wl,-Ttext=0x10000"
OBJ=$(mktemp -d)
trap 'rm -rf "$OBJ"' EXIT INT TERM
mkdir -p bin
for src in src/*.S; do
    name=$(basename "$src" .S)
    $CC $CFLAGS -c "$src" -o "$OBJ/$name.o"
    (cd "$OBJ" && $CC $CFLAGS $LDFLAGS "$name.o" -o "$OLDPWD/bin/$name.elf")
done
echo "built $(ls bin/*.elf | wc -l) programs in $dir"
