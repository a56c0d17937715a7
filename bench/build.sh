#!/usr/bin/env bash
# Rebuilds the benchmark ELFs (committed, so running the benchmark needs no cross
# toolchain). Needs Debian's gcc-riscv64-unknown-elf; the RVV kernels (vec_*) also need
# clang-19 (RVV 1.0 intrinsics; compiled by clang, linked by the GNU toolchain with the
# same bare crt so Spike's pk loads them too).
set -euo pipefail
cd "$(dirname "$0")"
CC=${CC:-riscv64-unknown-elf-gcc}
VCC=${VCC:-clang-19}
FLAGS="-O2 -march=rv64gc -mabi=lp64d -static -nostdlib -nostartfiles -ffreestanding -fno-math-errno -Wl,--gc-sections"
VFLAGS="--target=riscv64-unknown-elf -march=rv64gcv_zfh_zvfh -mabi=lp64d -O2 -ffreestanding -fno-builtin -fno-math-errno"
LFLAGS="-march=rv64gcv_zfh -mabi=lp64d -static -nostdlib -nostartfiles -Wl,--gc-sections -Wl,--no-warn-rwx-segments"
mkdir -p elf
for k in int_matmul int_mix int_loop fp_matmul fp_trans startup; do
    $CC $FLAGS -o elf/$k.elf src/crt.S src/$k.c
done
# Bare-metal (HTIF) program for the peak-RSS case (100 GiB of declared DRAM).
$CC -march=rv64gc -mabi=lp64d -static -nostdlib -nostartfiles -T src/bare.ld -o elf/bare_rss.elf src/bare_rss.S
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
for k in vec_fadd_f32 vec_fmacc_f32 vec_gemm_f32 vec_dot_f16 vec_fadd_f16 vec_fmacc_f16 vec_int_stream vec_i8_wmacc; do
    $VCC $VFLAGS -c -o "$tmp/$k.o" src/$k.c
    $CC $LFLAGS -o elf/$k.elf src/crt.S "$tmp/$k.o"
done
echo "built: $(ls elf)"
