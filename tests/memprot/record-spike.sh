#!/bin/sh
# Records what Spike + riscv-pk do with every case of memprot.elf (the expected
# values of tests/pk_memprot.rs): expected/<case>.txt holds the exit status, stdout
# and stderr of `spike --isa=rv64gcv pk bin/memprot.elf <case>`.
# Needs a local Spike and riscv-pk (not part of this repository), e.g.
#   SPIKE=/work/ref/install/bin/spike PK=/work/ref/install/riscv64-unknown-elf/bin/pk
set -eu
cd "$(dirname "$0")"
SPIKE=${SPIKE:-spike}
PK=${PK:-pk}
mkdir -p expected
while read -r c; do
    set +e
    "$SPIKE" --isa=rv64gcv "$PK" bin/memprot.elf "$c" >"expected/$c.out" 2>"expected/$c.err" </dev/null
    rc=$?
    set -e
    {
        echo "status $rc"
        echo "--- stdout"
        cat "expected/$c.out"
        echo "--- stderr"
        cat "expected/$c.err"
    } >"expected/$c.txt"
    rm -f "expected/$c.out" "expected/$c.err"
    echo "$c: $rc $(grep -o '[A-Za-z]* [a-z]* segfault @ 0x[0-9a-f]*' "expected/$c.txt" || true)"
done <cases.txt
