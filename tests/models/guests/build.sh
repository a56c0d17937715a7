#!/bin/sh
# Rebuilds the guest programs of tests/vcix_model.rs (src/*.S -> bin/*.elf, committed):
# they use the probe model's encodings (src/probe.h) through `.insn r` directives.
set -eu
cd "$(dirname "$0")"
exec ../../build-guests.sh .
