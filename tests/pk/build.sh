#!/bin/sh
# Rebuild the guest programs of the pk tests: src/<name>.c -> bin/<name>.elf
# (committed, so the Rust tests need no cross toolchain).  Static rv64gc
# user-mode ELFs for the pk / Linux ABI, linked at 0x10000 with our own
# crt0/syscall layer (rt/) over picolibc.  Output is byte-for-byte
# reproducible (no build-id, no debug info, objects under stable names).
# Needs Debian's gcc-riscv64-unknown-elf and picolibc-riscv64-unknown-elf.
set -eu
cd "$(dirname "$0")"
CC=${RISCV_CC:-riscv64-unknown-elf-gcc}
# -ffp-contract=off: a*x+y is rounded twice (no fmadd), as Python computes it.
CFLAGS="--specs=picolibc.specs -march=rv64gc -mabi=lp64d -O2 -ffp-contract=off -ftls-model=local-exec -Wall -Wextra -Irt"
LDFLAGS="-static -nostartfiles -T "$PWD/rt/link.ld" -Wl,--build-id=none -Wl,--gc-sections -Wl,--strip-debug"

OBJ=$(mktemp -d)
trap 'rm -rf "$OBJ"' EXIT INT TERM
mkdir -p bin "$OBJ/rt"
(cd rt && $CC $CFLAGS -c crt0.S -o "$OBJ/rt/crt0.o" && $CC $CFLAGS -c syscalls.c -o "$OBJ/rt/syscalls.o")
n=0
for src in src/*.c; do
    name=$(basename "$src" .c)
    (cd src && $CC $CFLAGS -I../rt -c "$name.c" -o "$OBJ/$name.o")
    (cd "$OBJ" && $CC $CFLAGS $LDFLAGS rt/crt0.o rt/syscalls.o "$name.o" -o "$OLDPWD/bin/$name.elf")
    n=$((n + 1))
done
echo "built $n programs in bin/: $(cd bin && ls | tr '\n' ' ')"
