#!/bin/sh
# Rebuilds the guest programs of tests/npu_units.rs (src/*.S -> bin/*.elf, committed).
set -eu
cd "$(dirname "$0")"
exec ../build-guests.sh .
