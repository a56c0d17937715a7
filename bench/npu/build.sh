#!/bin/sh
# Rebuilds the tile kernels (ELFs committed) for bench/npu.sh with
# examples/build-kernel.sh (main.c at rv64gc, kernel.S at rv64gcv_zfh) and records
# each kernel range in kernel_addr beside it:
#   lanes_fma.elf          f32  (kernel.S, main.c)
#   f16/lanes_fma_f16.elf  f16  (f16/kernel.S, f16/main.c)
#   i8/lanes_wmacc_i8.elf  int8 (i8/kernel.S, i8/main.c)
set -eu
cd "$(dirname "$0")"
../../examples/build-kernel.sh lanes_fma.elf > kernel_addr
echo "built lanes_fma.elf; kernel range $(cat kernel_addr)"
(cd f16 && ../../../examples/build-kernel.sh lanes_fma_f16.elf > kernel_addr)
echo "built f16/lanes_fma_f16.elf; kernel range $(cat f16/kernel_addr)"
(cd i8 && ../../../examples/build-kernel.sh lanes_wmacc_i8.elf > kernel_addr)
echo "built i8/lanes_wmacc_i8.elf; kernel range $(cat i8/kernel_addr)"
