#!/usr/bin/env python3
"""Input and expected output of the softmax example, computed in Python
independently of kernel.elf:
  runtime/x.raw    R x C f32 row-major (R = 8, C = 32):
                   x[r][c] = ((37r + 11c) mod 41 - 20) / 4.3 + r / 3, rounded to f32
  runtime/y.raw    1024 zero bytes (the flow pre-creates its outputs)
  expected/y.raw   the row softmax in exactly the kernel's order of operations
                   (L = 4 lanes, lane k owns columns [8k, 8k+8)):
                     m     = max over the row (exact)
                     e[c]  = expf(f32(x[r][c] - m))          glibc expf via ctypes
                     s_k   = ((0 + e[8k]) + e[8k+1]) + ... + e[8k+7]   (f32, in order)
                     total = (((0 + s_0) + s_1) + s_2) + s_3            (f32, in order)
                     y     = f32(e[c] / total)
Every f32 operation is formed in Python's binary64 and rounded to f32 (RNE);
binary64 has 53 >= 2*24+2 significand bits, so that is exactly the binary32
result.  expf is the host's glibc libm (libm.so.6), the same function the SFU's
vexp calls (npu-isa.md section 4.5), so the comparison is byte-exact.
"""
import ctypes
import os
import struct

R, C, L = 8, 32, 4
VS = C // L
here = os.path.dirname(os.path.abspath(__file__))
libm = ctypes.CDLL("libm.so.6")
libm.expf.argtypes = [ctypes.c_float]
libm.expf.restype = ctypes.c_float


def f32(v):
    return struct.unpack("<f", struct.pack("<f", v))[0]


x = [[f32(((37 * r + 11 * c) % 41 - 20) / 4.3 + r / 3) for c in range(C)] for r in range(R)]
y = []
for row in x:
    m = max(row)
    e = [f32(libm.expf(f32(v - m))) for v in row]
    total = 0.0
    for k in range(L):
        s = 0.0
        for c in range(k * VS, (k + 1) * VS):
            s = f32(s + e[c])
        total = f32(total + s)
    y.append([f32(v / total) for v in e])


def pack(rows):
    flat = [v for r in rows for v in r]
    return struct.pack(f"<{len(flat)}f", *flat)


files = {
    "runtime/x.raw": pack(x),
    "runtime/y.raw": bytes(4 * R * C),
    "expected/y.raw": pack(y),
}
for name, data in files.items():
    path = os.path.join(here, name)
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, "wb") as f:
        f.write(data)
