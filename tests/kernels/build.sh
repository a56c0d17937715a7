#!/bin/sh
# Rebuilds the guest of tests/kernel_object.rs (src/grid.c -> bin/grid.elf,
# committed): a static rv64gc user-mode ELF over the pk tests' runtime
# (tests/pk/rt: crt0, raw syscalls, picolibc), reproducible output.
# Needs Debian's gcc-riscv64-unknown-elf and picolibc-riscv64-unknown-elf.
set -eu
cd "$(dirname "$0")"
CC=${RISCV_CC:-riscv64-unknown-elf-gcc}
RT=$(cd ../pk/rt && pwd)
CFLAGS="--specs=picolibc.specs -march=rv64gc -mabi=lp64d -O2 -ffp-contract=off -ftls-model=local-exec -Wall -Wextra -I$RT"
LDFLAGS="-static -nostartfiles -T $RT/link.ld -Wl,--build-id=none -Wl,--gc-sections -Wl,--strip-debug"
OBJ=$(mktemp -d)
trap 'rm -rf "$OBJ"' EXIT INT TERM
mkdir -p bin "$OBJ/rt"
(cd "$RT" && $CC $CFLAGS -c crt0.S -o "$OBJ/rt/crt0.o" && $CC $CFLAGS -c syscalls.c -o "$OBJ/rt/syscalls.o")
(cd src && $CC $CFLAGS -c grid.c -o "$OBJ/grid.o")
(cd "$OBJ" && $CC $CFLAGS $LDFLAGS rt/crt0.o rt/syscalls.o grid.o -o "$OLDPWD/bin/grid.elf")
echo "built bin/grid.elf"
