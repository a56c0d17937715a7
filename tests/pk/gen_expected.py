#!/usr/bin/env python3
"""Inputs and expected outputs of the pk test programs, computed independently
of the programs (plain Python, no numpy).

    gen_expected.py [DIR]                 write the committed files into DIR
                                          (default: expected/ next to this script)
    gen_expected.py --bigread-input PATH  write the 1 MiB bigread input (not committed)

Files:
  vecadd_x.raw, vecadd_y.raw   1024 little-endian f32 each
  vecadd_out.raw               x + y
  vecadd_saxpy_out.raw         a*x + y with a = float32("0.1"), argv[4] = "0.1"
                               (product rounded to f32, then the sum: no fma)
  bigread_out.raw              u32 LE byte sum mod 2^32, u32 LE zlib.crc32 of
                               the bigread input, where
                               in[i] = ((i * 2654435761) >> 13) & 0xff, i < 2^20
Rounding: a product or sum of two f32 computed in double and rounded once to
f32 is the correctly rounded f32 result (53 >= 2*24 + 2), so struct's
double->float conversion reproduces the hardware exactly.
"""
import os
import struct
import sys
import zlib

N = 1024
SAXPY_A = "0.1"
BIG = 1 << 20


def f32(v):
    return struct.unpack("<f", struct.pack("<f", v))[0]


def vecadd_inputs():
    # deterministic LCG; magnitudes spread over 2^-8 .. 2^7 so that the adds
    # round (and sometimes cancel)
    s = 12345
    x, y = [], []
    for i in range(N):
        vals = []
        for _ in range(2):
            s = (s * 6364136223846793005 + 1442695040888963407) & (2**64 - 1)
            m = ((s >> 40) / float(1 << 24)) - 0.5  # [-0.5, 0.5)
            e = ((s >> 8) & 15) - 8
            vals.append(f32(m * 2.0 ** e * 3.0))
        x.append(vals[0])
        y.append(vals[1])
    return x, y


def bigread_input():
    return bytes(((i * 2654435761) >> 13) & 0xFF for i in range(BIG))


def pack(vals):
    return struct.pack("<%df" % len(vals), *vals)


def main():
    args = sys.argv[1:]
    if args[:1] == ["--bigread-input"]:
        with open(args[1], "wb") as f:
            f.write(bigread_input())
        return
    out = args[0] if args else os.path.join(os.path.dirname(os.path.abspath(__file__)), "expected")
    os.makedirs(out, exist_ok=True)
    x, y = vecadd_inputs()
    a = f32(float(SAXPY_A))
    files = {
        "vecadd_x.raw": pack(x),
        "vecadd_y.raw": pack(y),
        "vecadd_out.raw": pack([f32(xi + yi) for xi, yi in zip(x, y)]),
        "vecadd_saxpy_out.raw": pack([f32(f32(a * xi) + yi) for xi, yi in zip(x, y)]),
    }
    big = bigread_input()
    files["bigread_out.raw"] = struct.pack("<II", sum(big) & 0xFFFFFFFF, zlib.crc32(big) & 0xFFFFFFFF)
    for name, data in files.items():
        with open(os.path.join(out, name), "wb") as f:
            f.write(data)


if __name__ == "__main__":
    main()
