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
# Objects are assembled under stable names so that the ELFs are
# byte-for-byte reproducible.
set -eu
cd "$(dirname "$0")"

CC=${RISCV_CC:-riscv64-unknown-elf-gcc}
# binutils >= 2.38 needs zicsr/zifencei spelled out for csr* / fence.i.
MARCH=${MARCH:-rv64imafdc_zicsr_zifencei_zfh}
CFLAGS="-march=$MARCH -mabi=lp64d -mcmodel=medany -nostdlib -nostartfiles -static -Ienv"
LDFLAGS="-Wl,--build-id=none -Wl,--no-warn-rwx-segments"

OBJ=$(mktemp -d)
trap 'rm -rf "$OBJ"' EXIT INT TERM
mkdir -p "$OBJ/htif" "$OBJ/linux" "$OBJ/qemu" bin bin-linux bin-qemu
rm -f bin/*.elf bin-linux/*.elf bin-qemu/*.elf

# build <variant dir> <env name> <linker script> <src> <out> <extra cflags...>
build() {
    dir=$1 envname=$2 ld=$3 src=$4 out=$5
    shift 5
    name=$(basename "$src" .S)
    $CC $CFLAGS "$@" -c "env/$envname.S" -o "$OBJ/$dir/$envname.o"
    $CC $CFLAGS "$@" -c "$src" -o "$OBJ/$dir/$name.o"
    (cd "$OBJ/$dir" && $CC $CFLAGS $LDFLAGS -T "$OLDPWD/$ld" "$envname.o" "$name.o" -o "$OLDPWD/$out")
}

n_htif=0
n_linux=0
for src in src/*.S; do
    name=$(basename "$src" .S)
    build htif htif env/link.ld "$src" "bin/$name.elf" -DENV_HTIF
    build qemu htif env/link.ld "$src" "bin-qemu/$name.elf" -DENV_HTIF -DQEMU_COMPAT
    n_htif=$((n_htif + 1))
    if ! grep -q HTIF_ONLY_TEST "$src"; then
        build linux linux env/linux.ld "$src" "bin-linux/$name.elf" -DENV_LINUX
        n_linux=$((n_linux + 1))
    fi
done
echo "built $n_htif HTIF programs in bin/ (+ bin-qemu/), $n_linux Linux programs in bin-linux/"
