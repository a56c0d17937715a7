#!/bin/sh
# Rebuilds kernel.elf (committed, with ../build-kernel.sh) and runtime/manifest.json
# (kernel_addr = the kernel range it prints). The data files (runtime/*.raw,
# expected/*.raw) come from ./gen.py.
set -eu
cd "$(dirname "$0")"
kaddr=$(../build-kernel.sh kernel.elf)

mkdir -p runtime
cat > runtime/manifest.json <<JSON
{"args": [{"file": "x32.raw", "bytes": 1024, "dir": "in"},
          {"file": "y32.raw", "bytes": 1024, "dir": "in"},
          {"file": "x16.raw", "bytes": 1024, "dir": "in"},
          {"file": "y16.raw", "bytes": 1024, "dir": "in"},
          {"file": "out32.raw", "bytes": 1024, "dir": "out"},
          {"file": "out16.raw", "bytes": 1024, "dir": "out"}],
 "kernel_addr": "$kaddr"}
JSON
echo "built kernel.elf; kernel_addr $kaddr"
