#!/usr/bin/env python3
"""Inputs and expected outputs of the tiled_add example, computed in plain
Python (struct) independently of kernel.elf:
  runtime/x32.raw, y32.raw   256 little-endian f32: x[i] = (i - 100) / 7 and
                             y[i] = 1000 / (i + 3), each rounded to f32
  runtime/x16.raw, y16.raw   512 little-endian f16: x[i] = (i - 300) / 3 and
                             y[i] = 7 / (i + 1) + i / 64, each rounded to f16
  runtime/out32.raw, out16.raw   zero bytes of the output sizes (the flow
                             pre-creates its outputs)
  expected/out32.raw         x + y rounded to f32
  expected/out16.raw         x + y rounded to f16
The sums are inexact, so they test the rounding.  Rounding: the sum of two
f32 (or f16) values is formed in Python's binary64 and packed to f32 (f16)
with round-to-nearest-even; binary64 has 53 >= 2*24+2 significand bits, so
this double rounding gives exactly the correctly rounded f32 (f16) sum that
vfadd.vv computes under frm = RNE.
"""
import os
import struct

N32, N16 = 256, 512
here = os.path.dirname(os.path.abspath(__file__))


def rnd(fmt, v):
    return struct.unpack("<" + fmt, struct.pack("<" + fmt, v))[0]


x32 = [rnd("f", (i - 100) / 7) for i in range(N32)]
y32 = [rnd("f", 1000 / (i + 3)) for i in range(N32)]
o32 = [rnd("f", a + b) for a, b in zip(x32, y32)]
x16 = [rnd("e", (i - 300) / 3) for i in range(N16)]
y16 = [rnd("e", 7 / (i + 1) + i / 64) for i in range(N16)]
o16 = [rnd("e", a + b) for a, b in zip(x16, y16)]

files = {
    "runtime/x32.raw": struct.pack(f"<{N32}f", *x32),
    "runtime/y32.raw": struct.pack(f"<{N32}f", *y32),
    "runtime/x16.raw": struct.pack(f"<{N16}e", *x16),
    "runtime/y16.raw": struct.pack(f"<{N16}e", *y16),
    "runtime/out32.raw": bytes(4 * N32),
    "runtime/out16.raw": bytes(2 * N16),
    "expected/out32.raw": struct.pack(f"<{N32}f", *o32),
    "expected/out16.raw": struct.pack(f"<{N16}e", *o16),
}
for name, data in files.items():
    path = os.path.join(here, name)
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, "wb") as f:
        f.write(data)
