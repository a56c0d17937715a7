"""Shared helpers of the npu_spike tests: kernel objects built the way
tests/kernel_object.rs builds them, and the npu-spike CLI they are checked against.

Expected values come from independent sources only: the examples' expected/ files,
hand computation (the formulas below), recorded Spike output, or the CLI run on
the same kernel object -- never from the package's own output."""

import json
import os
import shutil
import struct
import subprocess
from pathlib import Path

import numpy as np
import pytest

REPO = Path(__file__).resolve().parents[2]


def cli_path():
    p = os.environ.get("NPU_SPIKE_BIN") or str(REPO / "target" / "release" / "npu-spike")
    return p if os.path.exists(p) else None


@pytest.fixture(scope="session")
def cli():
    p = cli_path()
    if p is None:
        pytest.skip("the npu-spike CLI is not built (cargo build --release, or NPU_SPIKE_BIN)")
    return p


def run_cli(cli, *args, cwd=None):
    return subprocess.run([cli, *map(str, args)], capture_output=True, text=True, cwd=cwd)


TARGET = {
    "spad_vaddr": "0xD0000000",
    "spad_paddr": 3221225472,
    "dram_base": "0x80000000",
    "dram_size": "0x4000_0000",
    "spad_size": 65536,
    "vector_lanes": 4,
    "vlen_bits": "256",
}

# tests/kernels/src/grid.c: eight programs, each owning eight int32 elements.
N = 64
X = (np.arange(N, dtype=np.int32) * 7 - 100).astype(np.int32)


def grid_expected(init, scale, alpha):
    """out[i] = init[i] + x[i]*scale + trunc(alpha*p), p = i // 8 (grid.c)."""
    return np.array(
        [int(init[i]) + int(X[i]) * scale + int(alpha * (i // 8)) for i in range(N)],
        dtype=np.int32,
    ).reshape(8, 8)


def grid_object(d: Path, out_role="out"):
    """The kernel object of tests/kernel_object.rs: grid.elf, x in, out (8, 8)."""
    d.mkdir(parents=True, exist_ok=True)
    (d / "runtime").mkdir(exist_ok=True)
    shutil.copy(REPO / "tests/kernels/bin/grid.elf", d / "grid.elf")
    X.tofile(d / "runtime" / "x.raw")
    kj = {
        "format": 1,
        "name": "grid_kernel",
        "args": [
            {"name": "x", "role": "in", "dtype": "int32", "shape": [64], "numel": 64},
            {"name": "out", "role": out_role, "dtype": "int32", "shape": [8, 8], "numel": 64},
        ],
        "scalars": [
            {"name": "scale", "default": 3.0, "ctype": "int"},
            {"name": "alpha", "default": 1, "ctype": "float"},
            {"name": "mode", "default": 0, "ctype": "int32_t"},
            {"name": "reps", "default": 1, "ctype": "int"},
        ],
        "grid": [4, 2],
        "abi": {"kernel_addr": [65536, "0x10000"]},
        "target": TARGET,
        "artifacts": {"elf": "grid.elf", "cycle_elf": "cycle.elf", "tile_types": "tile_types.json"},
    }
    (d / "kernel.json").write_text(json.dumps(kj))
    return d


# The examples as kernel objects: (argument, dtype, shape) in argv order.
EXAMPLES = {
    "vecadd": [("x", "float32", [256]), ("y", "float32", [256]), ("out", "float32", [256])],
    "tiled_add": [
        ("x32", "float32", [256]),
        ("y32", "float32", [256]),
        ("x16", "float16", [512]),
        ("y16", "float16", [512]),
        ("out32", "float32", [256]),
        ("out16", "float16", [512]),
    ],
    "softmax": [("x", "float32", [8, 32]), ("y", "float32", [8, 32])],
    "gemm": [("x", "float32", [8, 4]), ("w", "float32", [4, 4]), ("y", "float32", [8, 4])],
}


def example_object(d: Path, name: str, dtypes=None):
    """examples/<name>/kernel.elf as a kernel object (its manifest's roles and
    kernel_addr, machine.yml's machine); `dtypes` overrides (dtype, shape) per arg."""
    ex = REPO / "examples" / name
    man = json.loads((ex / "runtime" / "manifest.json").read_text())
    lo, hi = man["kernel_addr"].split(":")
    d.mkdir(parents=True, exist_ok=True)
    (d / "runtime").mkdir(exist_ok=True)
    shutil.copy(ex / "kernel.elf", d / "kernel.elf")
    args = []
    for (arg, dtype, shape), entry in zip(EXAMPLES[name], man["args"]):
        assert entry["file"] == f"{arg}.raw"
        if dtypes and arg in dtypes:
            dtype, shape = dtypes[arg]
        args.append({"name": arg, "role": entry["dir"], "dtype": dtype, "shape": shape})
        if entry["dir"] == "in":
            shutil.copy(ex / "runtime" / entry["file"], d / "runtime" / entry["file"])
    kj = {
        "format": 1,
        "name": name,
        "args": args,
        "scalars": [],
        "grid": [1],
        "abi": {"kernel_addr": [int(lo, 16), int(hi, 16)]},
        "target": TARGET,
        "artifacts": {"elf": "kernel.elf"},
    }
    (d / "kernel.json").write_text(json.dumps(kj))
    return d


def elf_symbols(path):
    """name -> value from an ELF64's .symtab (enough for the test guests)."""
    b = Path(path).read_bytes()
    shoff, = struct.unpack_from("<Q", b, 0x28)
    shentsize, shnum = struct.unpack_from("<HH", b, 0x3A)
    secs = [struct.unpack_from("<IIQQQQIIQQ", b, shoff + i * shentsize) for i in range(shnum)]
    out = {}
    for s in secs:
        if s[1] != 2:  # SHT_SYMTAB
            continue
        strtab = secs[s[6]]
        for off in range(s[4], s[4] + s[5], 24):
            name, _, _, _, value, _ = struct.unpack_from("<IBBHQQ", b, off)
            end = b.index(b"\0", strtab[4] + name)
            out[b[strtab[4] + name:end].decode()] = value
    return out
