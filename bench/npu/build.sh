#!/bin/sh
# Rebuilds lanes_fma.elf (committed) for bench/npu.sh, with the guest runtime of the
# pk tests (../../tests/pk/rt), like examples/tiled_add/build.sh: main.c at rv64gc,
# kernel.S at rv64gcv_zfh. Prints the kernel range [kernel, its first ret).
set -eu
cd "$(dirname "$0")"
CC=${RISCV_CC:-riscv64-unknown-elf-gcc}
PREFIX=${CC%gcc}
RT=$(cd ../../tests/pk/rt && pwd)
CFLAGS="--specs=picolibc.specs -march=rv64gc -mabi=lp64d -O2 -ffp-contract=off -ftls-model=local-exec -Wall -Wextra -I$RT"
LDFLAGS="-static -nostartfiles -T $RT/link.ld -Wl,--build-id=none -Wl,--gc-sections -Wl,--strip-debug"
OBJ=$(mktemp -d)
trap 'rm -rf "$OBJ"' EXIT INT TERM
mkdir -p "$OBJ/rt"
(cd "$RT" && $CC $CFLAGS -c crt0.S -o "$OBJ/rt/crt0.o" && $CC $CFLAGS -c syscalls.c -o "$OBJ/rt/syscalls.o")
$CC $CFLAGS -c main.c -o "$OBJ/main.o"
$CC $CFLAGS -march=rv64gcv_zfh -c kernel.S -o "$OBJ/kernel.o"
(cd "$OBJ" && $CC $CFLAGS $LDFLAGS rt/crt0.o rt/syscalls.o main.o kernel.o -o "$OLDPWD/lanes_fma.elf")
lo=$(${PREFIX}nm lanes_fma.elf | awk '$3 == "kernel" { print $1 }')
hi=$(${PREFIX}objdump -d --disassemble=kernel lanes_fma.elf |
     awk '/^ *[0-9a-f]+:/ && $NF == "ret" { sub(":", "", $1); print $1; exit }')
printf "0x%x:0x%x\n" "0x$lo" "0x$hi" > kernel_addr
echo "built lanes_fma.elf; kernel range $(cat kernel_addr)"
