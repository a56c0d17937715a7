#!/bin/sh
# Rebuilds the cycle binaries of tests/timing.rs (src/*.S -> bin/*.elf, committed):
# they share the NPU instruction macros of tests/npu_units/src/units.h.
set -eu
cd "$(dirname "$0")"
exec ../build-guests.sh . -I../npu_units/src
