#!/bin/sh
# Rebuild every npu-spike self-checking test program from src/*.S.
#   bin/<name>.elf        bare-metal M-mode HTIF variant (committed; run by
#                         tests/programs.rs under npu-spike)
#   bin-linux/<name>.elf  Linux user-mode variant, for validating expected
#                         values under qemu-riscv64 (not committed).  Sources
#                         containing the marker HTIF_ONLY_TEST are not built
#                         for Linux.
#   bin-qemu/<name>.elf   HTIF variant built with -DQEMU_COMPAT, for
#                         validation under qemu-system-riscv64 -machine spike
#                         (not committed; see check-qemu.sh).
set -eu
cd "$(dirname "$0")"

CC=${RISCV_CC:-riscv64-unknown-elf-gcc}
# binutils >= 2.38 needs zicsr/zifencei spelled out for csr* / fence.i.
MARCH=${MARCH:-rv64imafdc_zicsr_zifencei_zfh}
CFLAGS="-march=$MARCH -mabi=lp64d -mcmodel=medany -nostdlib -nostartfiles -static -Ienv"
LDFLAGS="-Wl,--build-id=none -Wl,--no-warn-rwx-segments"

mkdir -p bin bin-linux bin-qemu
rm -f bin/*.elf bin-linux/*.elf bin-qemu/*.elf

n_htif=0
n_linux=0
for src in src/*.S; do
    name=$(basename "$src" .S)
    $CC $CFLAGS $LDFLAGS -DENV_HTIF -T env/link.ld env/htif.S "$src" -o "bin/$name.elf"
    $CC $CFLAGS $LDFLAGS -DENV_HTIF -DQEMU_COMPAT -T env/link.ld env/htif.S "$src" -o "bin-qemu/$name.elf"
    n_htif=$((n_htif + 1))
    if ! grep -q HTIF_ONLY_TEST "$src"; then
        $CC $CFLAGS $LDFLAGS -DENV_LINUX -T env/linux.ld env/linux.S "$src" -o "bin-linux/$name.elf"
        n_linux=$((n_linux + 1))
    fi
done
echo "built $n_htif HTIF programs in bin/ (+ bin-qemu/), $n_linux Linux programs in bin-linux/"
