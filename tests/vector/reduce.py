#!/usr/bin/env python3
"""Reduces a signature file (16 bytes per line, Spike's +signature format) to one
FNV-1a-64 hash per 64-byte test-case record (4 lines), as tests/vector.rs does."""
import sys
lines = [l.strip() for l in sys.stdin if l.strip()]
for k in range(0, len(lines), 4):
    h = 0xcbf29ce484222325
    for c in ''.join(lines[k:k + 4]).encode():
        h = ((h ^ c) * 0x100000001b3) & 0xffffffffffffffff
    print('%016x' % h)
