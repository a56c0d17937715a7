#!/usr/bin/env python3
"""Inputs and expected output of the gemm example, computed in plain Python
(struct) independently of kernel.elf:
  runtime/x.raw     M x 4 f32, row-major (M = 8): x[i][k] = (7i + 3k - 20) / 9
  runtime/w.raw     4 x 4 f32, row-major: w[j][m] = (5j - 3m + 1) / 11 + 1/(j+m+2)
                    (all rounded to f32)
  runtime/y.raw     128 zero bytes (the flow pre-creates its outputs)
  expected/y.raw    M x 4 f32: y[i][j] = sum over m = 0..3 of x[i][m] * w[j][m],
                    exactly as the systolic array of npu-isa.md section 4.4 forms it:
                    acc = 0.0f; for m in 0..3: acc = f32(acc + f32(x[i][m] * w[j][m]))
                    (binary32 product, then binary32 sum, in m order, no FMA).
Each binary32 operation is formed in Python's binary64 and rounded to f32 with
round-to-nearest-even; binary64 has 53 >= 2*24+2 significand bits, so this gives
exactly the correctly rounded binary32 result.
"""
import os
import struct

M, K = 8, 4
here = os.path.dirname(os.path.abspath(__file__))


def f32(v):
    return struct.unpack("<f", struct.pack("<f", v))[0]


x = [[f32((7 * i + 3 * k - 20) / 9) for k in range(K)] for i in range(M)]
w = [[f32((5 * j - 3 * m + 1) / 11 + 1 / (j + m + 2)) for m in range(K)] for j in range(K)]
y = []
for i in range(M):
    row = []
    for j in range(K):
        acc = 0.0
        for m in range(K):
            acc = f32(acc + f32(x[i][m] * w[j][m]))
        row.append(acc)
    y.append(row)


def pack(rows):
    flat = [v for r in rows for v in r]
    return struct.pack(f"<{len(flat)}f", *flat)


files = {
    "runtime/x.raw": pack(x),
    "runtime/w.raw": pack(w),
    "runtime/y.raw": bytes(4 * M * K),
    "expected/y.raw": pack(y),
}
for name, data in files.items():
    path = os.path.join(here, name)
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, "wb") as f:
        f.write(data)
