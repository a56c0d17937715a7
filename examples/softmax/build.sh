#!/bin/sh
# Rebuilds kernel.elf (committed) and runtime/manifest.json.  Uses the guest
# runtime of the pk tests (../../tests/pk/rt: crt0, raw syscalls, picolibc).
# Needs Debian's gcc-riscv64-unknown-elf and picolibc-riscv64-unknown-elf.
# The data files (runtime/*.raw, expected/*.raw) come from ./gen.py.
#
# kernel.S is assembled with -march=rv64gcv_zfh (RVV; the DMA is .insn); the
# wrapper main.c and the runtime with rv64gc (picolibc's multilib).
# kernel_addr = [start of kernel, address of the first ret after it), from
# nm and objdump of the linked ELF.
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
(cd "$OBJ" && $CC $CFLAGS $LDFLAGS rt/crt0.o rt/syscalls.o main.o kernel.o -o "$OLDPWD/kernel.elf")

lo=$(${PREFIX}nm kernel.elf | awk '$3 == "kernel" { print $1 }')
[ -n "$lo" ] || { echo "build.sh: no symbol kernel in kernel.elf" >&2; exit 1; }
hi=$(${PREFIX}objdump -d --disassemble=kernel kernel.elf |
     awk '/^ *[0-9a-f]+:/ && $NF == "ret" { sub(":", "", $1); print $1; exit }')
[ -n "$hi" ] || { echo "build.sh: no ret in kernel" >&2; exit 1; }
kaddr=$(printf '0x%x:0x%x' "0x$lo" "0x$hi")

mkdir -p runtime
cat > runtime/manifest.json <<JSON
{"args": [{"file": "x.raw", "bytes": 1024, "dir": "in"},
          {"file": "y.raw", "bytes": 1024, "dir": "out"}],
 "kernel_addr": "$kaddr"}
JSON
echo "built kernel.elf; kernel_addr $kaddr"
