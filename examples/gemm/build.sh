#!/bin/sh
# Rebuilds kernel.elf (committed, with ../build-kernel.sh) and runtime/manifest.json
# (kernel_addr = the kernel range it prints). The data files (runtime/*.raw,
# expected/*.raw) come from ./gen.py.
set -eu
cd "$(dirname "$0")"
kaddr=$(../build-kernel.sh kernel.elf)

mkdir -p runtime
cat > runtime/manifest.json <<JSON
{"args": [{"file": "x.raw", "bytes": 128, "dir": "in"},
          {"file": "w.raw", "bytes": 64, "dir": "in"},
          {"file": "y.raw", "bytes": 128, "dir": "out"}],
 "kernel_addr": "$kaddr"}
JSON
echo "built kernel.elf; kernel_addr $kaddr"
