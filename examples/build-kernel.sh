#!/bin/sh
# Builds an NPU kernel program in the current directory: main.c (the wrapper that
# reads the .raw files by argv position) at rv64gc and kernel.S at rv64gcv_zfh, linked
# with the guest runtime of the pk tests (tests/pk/rt: crt0, raw syscalls, picolibc)
# into OUT. Prints the kernel range `0xLO:0xHI` = [symbol kernel, its first ret), from
# nm and objdump of the linked ELF. Used by examples/*/build.sh and bench/npu/build.sh.
# Needs Debian's gcc-riscv64-unknown-elf and picolibc-riscv64-unknown-elf.
# Usage: build-kernel.sh OUT.elf
set -eu
out=$1
CC=${RISCV_CC:-riscv64-unknown-elf-gcc}
PREFIX=${CC%gcc}
RT=$(cd "$(dirname "$0")/../tests/pk/rt" && pwd)
CFLAGS="--specs=picolibc.specs -march=rv64gc -mabi=lp64d -O2 -ffp-contract=off -ftls-model=local-exec -Wall -Wextra -I$RT"
LDFLAGS="-static -nostartfiles -T $RT/link.ld -Wl,--build-id=none -Wl,--gc-sections -Wl,--strip-debug"

OBJ=$(mktemp -d)
trap 'rm -rf "$OBJ"' EXIT INT TERM
mkdir -p "$OBJ/rt"
(cd "$RT" && $CC $CFLAGS -c crt0.S -o "$OBJ/rt/crt0.o" && $CC $CFLAGS -c syscalls.c -o "$OBJ/rt/syscalls.o")
$CC $CFLAGS -c main.c -o "$OBJ/main.o"
$CC $CFLAGS -march=rv64gcv_zfh -c kernel.S -o "$OBJ/kernel.o"
(cd "$OBJ" && $CC $CFLAGS $LDFLAGS rt/crt0.o rt/syscalls.o main.o kernel.o -o "$OLDPWD/$out")

lo=$(${PREFIX}nm "$out" | awk '$3 == "kernel" { print $1 }')
[ -n "$lo" ] || { echo "build-kernel.sh: no symbol kernel in $out" >&2; exit 1; }
hi=$(${PREFIX}objdump -d --disassemble=kernel "$out" |
     awk '/^ *[0-9a-f]+:/ && $NF == "ret" { sub(":", "", $1); print $1; exit }')
[ -n "$hi" ] || { echo "build-kernel.sh: no ret in kernel" >&2; exit 1; }
printf '0x%x:0x%x\n' "0x$lo" "0x$hi"
