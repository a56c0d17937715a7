#!/usr/bin/env python3
"""Launch overhead of a small kernel object: (a) in process through
npu_spike.run, arrays in and out; (b) the CLI as a subprocess over .raw files, as
PyTorchSim's spike_run does it (write each input's .raw, run `npu-spike run
WORKDIR --jobs 1`, read each output's .raw back); (c) Spike + pk, when `spike`
and `pk` are on PATH (SPIKE, PK override).

The kernel is examples/vecadd (256 f32 + 256 f32, 2691 guest instructions) as a
kernel object. Each round times LAUNCHES launches of each way; the report gives the
median per-launch time over ROUNDS rounds, the guests' own run time (the library's
`Simulator::run`, from npu_spike.last_stats(); the same code runs under the CLI),
and the launch overhead = per-launch time - guest run time, with the ratios. Both
with the translation tier on (the default) and off (--no-jit / no_jit=True).

    python3 bench/python_launch.py [--launches 1000] [--rounds 5] [--cli PATH]
"""

import argparse
import functools
import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import numpy as np

import npu_spike

REPO = Path(__file__).resolve().parents[1]


def kernel_object(d: Path) -> Path:
    ex = REPO / "examples" / "vecadd"
    man = json.loads((ex / "runtime" / "manifest.json").read_text())
    lo, hi = (int(v, 16) for v in man["kernel_addr"].split(":"))
    (d / "runtime").mkdir(parents=True)
    shutil.copy(ex / "kernel.elf", d / "kernel.elf")
    kj = {
        "format": 1,
        "name": "vecadd",
        "args": [
            {"name": "x", "role": "in", "dtype": "float32", "shape": [256]},
            {"name": "y", "role": "in", "dtype": "float32", "shape": [256]},
            {"name": "out", "role": "out", "dtype": "float32", "shape": [256]},
        ],
        "scalars": [],
        "grid": [1],
        "abi": {"kernel_addr": [lo, hi]},
        "target": {"spad_vaddr": 0xD0000000, "spad_paddr": 0xC0000000, "dram_base": 0x80000000,
                   "dram_size": 0x40000000, "spad_size": 65536, "vector_lanes": 4, "vlen_bits": 256},
        "artifacts": {"elf": "kernel.elf"},
    }
    (d / "kernel.json").write_text(json.dumps(kj))
    return d


SIM = []  # guest run seconds of each in-process launch


def in_process(d, x, y, n, no_jit):
    sim = 0.0
    t = time.perf_counter()
    for _ in range(n):
        out = npu_spike.run(d, {"x": x, "y": y}, jobs=1, no_jit=no_jit)["out"]
        sim += npu_spike.last_stats()["run_seconds"]
    SIM.append(sim / n)
    return (time.perf_counter() - t) / n, out


def subprocess_raw(cli, d, x, y, n, no_jit):
    rt = d / "runtime"
    cmd = [cli, "run", str(d), "--jobs", "1"] + (["--no-jit"] if no_jit else [])
    t = time.perf_counter()
    for _ in range(n):
        x.tofile(rt / "x.raw")
        y.tofile(rt / "y.raw")
        subprocess.run(cmd, cwd=rt, check=True, stdout=subprocess.DEVNULL,
                       stderr=subprocess.DEVNULL)
        out = np.fromfile(rt / "out.raw", dtype=np.float32)
    return (time.perf_counter() - t) / n, out


def spike_pk(spike, pk, d, x, y, n, _no_jit):
    rt = d / "runtime"
    t = time.perf_counter()
    for _ in range(n):
        x.tofile(rt / "x.raw")
        y.tofile(rt / "y.raw")
        subprocess.run([spike, "--isa=rv64gcv_zfh", pk, str(d / "kernel.elf"), "x.raw", "y.raw",
                        "out.raw"], cwd=rt, check=True, stdout=subprocess.DEVNULL,
                       stderr=subprocess.DEVNULL)
        out = np.fromfile(rt / "out.raw", dtype=np.float32)
    return (time.perf_counter() - t) / n, out


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--launches", type=int, default=1000)
    ap.add_argument("--rounds", type=int, default=5)
    ap.add_argument("--cli", default=os.environ.get("NPU_SPIKE_BIN", str(REPO / "target/release/npu-spike")))
    a = ap.parse_args()
    ex = REPO / "examples" / "vecadd"
    x = np.fromfile(ex / "runtime" / "x.raw", dtype=np.float32)
    y = np.fromfile(ex / "runtime" / "y.raw", dtype=np.float32)
    want = (ex / "expected" / "out.raw").read_bytes()
    spike = os.environ.get("SPIKE", shutil.which("spike") or "")
    pk = os.environ.get("PK", shutil.which("pk") or "")
    print(f"{a.launches} launches x {a.rounds} rounds of examples/vecadd, medians per launch")
    for no_jit in (False, True):
        SIM.clear()
        with tempfile.TemporaryDirectory() as tmp:
            d = kernel_object(Path(tmp) / "vecadd")
            ways = {"npu_spike.run (in process)": in_process,
                    "npu-spike run CLI + .raw files": functools.partial(subprocess_raw, a.cli)}
            if spike and pk and os.path.exists(spike) and os.path.exists(pk):
                ways["Spike + pk + .raw files"] = functools.partial(spike_pk, spike, pk)
            times = {k: [] for k in ways}
            for w in ways.values():  # warm up (page cache, first-call costs)
                w(d, x, y, 10, no_jit)
            SIM.clear()
            for _ in range(a.rounds):
                for k, w in ways.items():
                    per, out = w(d, x, y, a.launches, no_jit)
                    assert out.tobytes() == want, k
                    times[k].append(per)
        sim = statistics.median(SIM)
        print(f"translation tier {'off (--no-jit)' if no_jit else 'on (default)'}: "
              f"guest run time {sim * 1e6:.1f} us")
        base = statistics.median(times["npu_spike.run (in process)"])
        for k, v in times.items():
            m = statistics.median(v)
            print(f"  {k:32s} {m * 1e6:8.1f} us/launch (x{m / base:5.1f}), overhead "
                  f"{(m - sim) * 1e6:8.1f} us (x{(m - sim) / (base - sim):5.1f})   "
                  f"rounds: {', '.join(f'{t * 1e6:.0f}' for t in v)}")
        if len(ways) == 2:
            print("  Spike + pk: not measured (no spike and pk on PATH)")
        sys.stdout.flush()


if __name__ == "__main__":
    main()
