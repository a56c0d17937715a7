#!/usr/bin/env python3
"""Inputs and expected output of the bundled vecadd example, computed in
Python independently of kernel.elf:
  runtime/x.raw        x[i] = i * 0.5        256 little-endian f32
  runtime/y.raw        y[i] = 1000 - i       256 little-endian f32
  runtime/out.raw      1024 zero bytes (the flow pre-creates its outputs)
  expected/out.raw     x[i] + y[i]           (all exact in f32)
"""
import os
import struct

N = 256
here = os.path.dirname(os.path.abspath(__file__))
x = [i * 0.5 for i in range(N)]
y = [1000.0 - i for i in range(N)]
out = [a + b for a, b in zip(x, y)]
files = {
    "runtime/x.raw": struct.pack("<256f", *x),
    "runtime/y.raw": struct.pack("<256f", *y),
    "runtime/out.raw": bytes(4 * N),
    "expected/out.raw": struct.pack("<256f", *out),
}
for name, data in files.items():
    path = os.path.join(here, name)
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, "wb") as f:
        f.write(data)
