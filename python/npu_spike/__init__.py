"""npu-spike inside Python: run NPU kernels on NumPy arrays without processes or files.

``run`` launches a kernel object (a directory with the compiler's kernel.json,
format 1) -- or a kernel ELF with a machine description -- on arrays held in
memory, exactly as ``npu-spike run WORKDIR`` launches it on ``.raw`` files: the same
machine, argv, grid split (``jobs``) and merge. ``sample`` is ``npu-spike sample``
for one cycle binary or kernel object. ``npu_spike.pytorchsim`` holds drop-ins for
PyTorchSim's ``Simulator/spike_run.launch`` and ``Simulator/gem5.CycleSimulator``.

The simulator is npu-spike's library itself (the crate the CLI is built from); the
GIL is released while a guest runs, so launches from several threads run in
parallel. Failures raise :class:`npu_spike.errors.NpuSpikeError` subclasses.
"""

import atexit
import logging
import math
import os
import threading
from typing import Any, Dict, List, Mapping, Optional, Sequence, Tuple, Union

import numpy as np

from . import _native
from .errors import (
    BadInputError,
    GuestExitError,
    GuestFaultError,
    LimitError,
    ModelError,
    NpuError,
    NpuSpikeError,
)

__version__ = _native.version()

log = logging.getLogger("npu_spike")

# Launches without dump_dir run in private directories under the temporary
# directory, reused while they hold no files; gone when the interpreter exits.
atexit.register(_native.remove_scratch_dirs)

#: NumPy storage of each kernel.json dtype (little-endian, as the .raw files hold
#: them). bfloat16 and the float8 types have no NumPy dtype: they travel as their
#: bits (uint16, uint8); an array whose dtype is named like the kernel's (ml_dtypes)
#: is accepted too.
DTYPES: Dict[str, np.dtype] = {
    "float64": np.dtype("<f8"),
    "float32": np.dtype("<f4"),
    "float16": np.dtype("<f2"),
    "bfloat16": np.dtype("<u2"),
    "float8_e5m2": np.dtype("u1"),
    "float8_e4m3fn": np.dtype("u1"),
    "int64": np.dtype("<i8"),
    "int32": np.dtype("<i4"),
    "int16": np.dtype("<i2"),
    "int8": np.dtype("i1"),
    "uint64": np.dtype("<u8"),
    "uint32": np.dtype("<u4"),
    "uint16": np.dtype("<u2"),
    "uint8": np.dtype("u1"),
    "bool": np.dtype("?"),
}

_BITS_ONLY = ("bfloat16", "float8_e5m2", "float8_e4m3fn")

#: ``run``'s machine keywords for a kernel object: ``npu-spike run``'s options.
_FLAG_KEYWORDS = {
    "isa": "--isa",
    "machine_config": "--machine-config",
    "max_insns": "--max-insns",
    "timeout": "--timeout",
    "no_jit": "--no-jit",
    "verbose": "--verbose",
    "dma_legacy": "--dma-legacy",
    "m5ops": "--m5ops",
    "allow_path": "--allow-path",
}

#: The machine description of an ELF kernel (``run(elf, ...)``), with the values
#: npu-spike's ``run`` uses when a machine.yml gives none.
_ELF_MACHINE = {
    "lanes": 4,
    "vlen": 128,
    "spad_size": 131072,
    "spad_vaddr": 0x0A000000,
    "spad_paddr": 0xC0000000,
    "dram_base": 0x80000000,
    "dram_size": 0x40000000,
}

Kernel = Union[str, "os.PathLike[str]"]

_info_cache: Dict[str, Tuple[bytes, Dict[str, Any]]] = {}
_last = threading.local()


def last_stats() -> Optional[Dict[str, Any]]:
    """What this thread's last successful ``run`` ran, as ``run --stats`` reports
    it: ``instructions`` retired, ``run_seconds`` (the guests' run time, machines
    added up) and ``machines``; None before the first."""
    return getattr(_last, "stats", None)


def kernel_info(kernel: Kernel) -> Dict[str, Any]:
    """What kernel.json says of the kernel object at ``kernel``: ``name``, ``args``
    (each ``name``, ``role``, ``dtype``, ``shape``, ``bytes``), ``scalars`` (each
    ``name``, ``ctype``, ``default`` as JSON text or None), ``grid`` and ``total``
    (the grid's programs). Parsed again only when kernel.json's bytes change."""
    path = os.path.abspath(os.fspath(kernel))
    try:
        with open(os.path.join(path, "kernel.json"), "rb") as f:
            text = f.read()
    except OSError:
        return _native.kernel_info(path)  # raises BadInputError naming the file
    hit = _info_cache.get(path)
    if hit is not None and hit[0] == text:
        return hit[1]
    info = _native.kernel_info(path)
    if len(_info_cache) > 256:
        _info_cache.clear()
    _info_cache[path] = (text, info)
    return info


def _as_bytes(name: str, value: Any, arg: Mapping[str, Any]) -> bytes:
    """The bytes of one argument, after checking its dtype and shape."""
    want = DTYPES[arg["dtype"]]
    shape = tuple(arg["shape"])
    if isinstance(value, (bytes, bytearray, memoryview)):
        b = bytes(value)
        if len(b) != arg["bytes"]:
            raise BadInputError(
                f"inputs[{name!r}]: {len(b)} bytes; {name} is {arg['dtype']}{list(shape)} "
                f"({arg['bytes']} bytes)"
            )
        return b
    try:
        a = np.asarray(value)
    except Exception as e:  # noqa: BLE001 - any conversion failure is the caller's input
        raise BadInputError(f"inputs[{name!r}]: not an array or bytes: {e}") from None
    # bfloat16/float8 arrays of an extension dtype (ml_dtypes) match by name.
    named = arg["dtype"] in _BITS_ONLY and a.dtype.name == arg["dtype"]
    if a.dtype != want and not named:
        raise BadInputError(
            f"inputs[{name!r}]: dtype {a.dtype.str} ({a.dtype.name}); the kernel's {name} is "
            f"{arg['dtype']} (NumPy {want.str}): convert it with .astype(np.dtype({want.str!r}))"
        )
    if a.shape != shape:
        raise BadInputError(
            f"inputs[{name!r}]: shape {a.shape}; the kernel's {name} is {arg['dtype']} of "
            f"shape {shape}"
        )
    return np.ascontiguousarray(a).tobytes()


def _scalar_text(v: Any) -> str:
    if isinstance(v, (bool, np.bool_)):
        return str(int(v))
    if isinstance(v, (int, np.integer)):
        return str(int(v))
    if isinstance(v, (float, np.floating)):
        return repr(float(v))
    return str(v)


def _flags(jobs: Optional[int], model: Any, machine: Mapping[str, Any]) -> List[str]:
    flags: List[str] = []
    if jobs is not None:
        if isinstance(jobs, bool) or not isinstance(jobs, (int, np.integer)) or jobs < 1:
            raise BadInputError(f"jobs={jobs!r}: a number of machines, 1 or more")
        flags += ["--jobs", str(int(jobs))]
    if model is not None:
        flags += ["--extlib", os.fspath(model)]
    for k, v in machine.items():
        flag = _FLAG_KEYWORDS.get(k)
        if flag is None:
            known = ", ".join(sorted(_FLAG_KEYWORDS))
            raise BadInputError(f"run(): unknown keyword {k!r} (machine keywords: {known})")
        if isinstance(v, bool):
            if v:
                flags.append(flag)
        elif v is not None:
            values = v if k == "allow_path" and isinstance(v, (list, tuple)) else [v]
            for x in values:
                flags += [flag, os.fspath(x) if isinstance(x, os.PathLike) else str(x)]
    return flags


def _arrays(info: Mapping[str, Any], outputs: Sequence[Tuple[str, bytearray]]) -> Dict[str, np.ndarray]:
    by_name = {a["name"]: a for a in info["args"]}
    out: Dict[str, np.ndarray] = {}
    for name, buf in outputs:
        a = by_name[name]
        out[name] = np.frombuffer(buf, dtype=DTYPES[a["dtype"]]).reshape(tuple(a["shape"]))
    return out


def _launch(
    kernel: str,
    info: Mapping[str, Any],
    inputs: Mapping[str, Any],
    scalars: Any,
    flags: List[str],
    dump_dir: Any,
    manifest: Optional[str],
) -> Dict[str, np.ndarray]:
    if not isinstance(inputs, Mapping):
        raise BadInputError(
            f"inputs: a mapping of argument name to array, not {type(inputs).__name__}"
        )
    by_name = {a["name"]: a for a in info["args"]}
    raw: Dict[str, bytes] = {}
    for name, value in inputs.items():
        arg = by_name.get(name)
        if arg is None:
            have = ", ".join(by_name) or "none"
            raise BadInputError(f"inputs[{name!r}]: the kernel has no such argument (has: {have})")
        raw[name] = _as_bytes(name, value, arg)
    words: Optional[List[str]] = None
    if scalars is not None:
        if isinstance(scalars, Mapping):
            for k, v in scalars.items():
                flags = flags + ["--scalar", f"{k}={_scalar_text(v)}"]
        elif isinstance(scalars, (list, tuple)):
            words = [_scalar_text(v) for v in scalars]
        else:
            raise BadInputError(
                "scalars: a mapping of scalar name to value, or a sequence of argv words"
            )
    dump = None if dump_dir is None else os.fspath(dump_dir)
    outputs, notes, (insns, secs, machines) = _native.run_object(
        kernel, raw, flags, words, dump, manifest
    )
    _last.stats = {"instructions": insns, "run_seconds": secs, "machines": machines}
    for n in notes:
        log.info("npu-spike: note: %s", n)
    return _arrays(info, outputs)


def run(
    kernel: Kernel,
    inputs: Mapping[str, Any],
    scalars: Optional[Union[Mapping[str, Any], Sequence[Any]]] = None,
    jobs: Optional[int] = None,
    model: Optional[Kernel] = None,
    *,
    dump_dir: Optional[Kernel] = None,
    **machine: Any,
) -> Dict[str, np.ndarray]:
    """Launch a kernel on in-memory arguments; returns its written arguments.

    ``kernel``: a kernel-object directory (kernel.json format 1), or a kernel ELF
    (see below). ``inputs``: argument name -> NumPy array of the argument's dtype and
    shape (or ``bytes`` of exactly its size); every ``in``/``inout`` argument is
    required, an ``out`` argument optional (its starting contents; zeros if absent).
    ``scalars``: name -> value (``--scalar NAME=VALUE``; kernel.json's defaults for the
    rest), or a sequence of argv words used as they are. ``jobs``: machines to split
    the grid over (``--jobs``; default the host's cores, one with an inout argument).
    ``model``: an accelerator model library (``--extlib``). ``dump_dir``: where the
    index dumps (``indirect_access/``, ``dma_access/``) go; by default a private
    directory removed afterwards, so nothing is written. Other keywords are ``run``'s
    options: ``isa``, ``machine_config``, ``max_insns``, ``timeout``, ``no_jit``,
    ``verbose``, ``dma_legacy``, ``m5ops``, ``allow_path``.

    Returns ``{name: array}`` for every ``out`` and ``inout`` argument, of its dtype
    and shape. The guest's reads and writes of ``<name>.raw`` are served from memory.

    An ELF kernel takes its machine from keywords: ``lanes`` (4), ``vlen`` (128),
    ``spad_size`` (bytes per lane, 131072), ``spad_vaddr`` (0x0A000000),
    ``spad_paddr``, ``dram_base``, ``dram_size``, ``kernel_addr=(lo, hi)`` (required),
    ``grid`` ([1]); ``inputs`` then lists every argument in argv order (an argument's
    dtype and shape are its array's) and ``outputs=[names]`` the ones to return (read
    and written: give their starting contents). Scalars are a sequence of values.

    Raises :class:`BadInputError` (bad input, status 1), :class:`GuestExitError`,
    :class:`GuestFaultError` (status 255, ``pc``), :class:`NpuError` (200, 201, ...,
    ``pc``), :class:`ModelError`, :class:`LimitError` (124), all
    :class:`NpuSpikeError`.
    """
    path = os.fspath(kernel)
    if os.path.isdir(path):
        info = kernel_info(path)
        flags = _flags(jobs, model, machine)
        return _launch(path, info, inputs, scalars, flags, dump_dir, None)
    if not os.path.isfile(path):
        raise BadInputError(f"{path}: no such kernel object directory or ELF")
    return _run_elf(path, inputs, scalars, jobs, model, dump_dir, machine)


def _run_elf(
    elf: str,
    inputs: Mapping[str, Any],
    scalars: Any,
    jobs: Optional[int],
    model: Any,
    dump_dir: Any,
    machine: Dict[str, Any],
) -> Dict[str, np.ndarray]:
    import json

    machine = dict(machine)
    outputs = machine.pop("outputs", None)
    if outputs is None:
        raise BadInputError(
            f"{elf}: an ELF kernel needs outputs=[names]: which arguments it writes"
        )
    if isinstance(outputs, str):
        outputs = [outputs]
    kernel_addr = machine.pop("kernel_addr", None)
    if kernel_addr is None or len(kernel_addr) != 2:
        raise BadInputError(f"{elf}: an ELF kernel needs kernel_addr=(lo, hi): its pc range")
    grid = list(machine.pop("grid", [1]))
    target = {k: int(machine.pop(k, d)) for k, d in _ELF_MACHINE.items()}
    if not isinstance(inputs, Mapping):
        raise BadInputError("inputs: a mapping of argument name to array, in argv order")
    unknown = [n for n in outputs if n not in inputs]
    if unknown:
        raise BadInputError(
            f"outputs: {', '.join(map(repr, unknown))} not in inputs; give every written "
            "argument's starting contents as an array"
        )
    args = []
    for name, value in inputs.items():
        a = np.asarray(value)
        dtype = next((k for k, d in DTYPES.items() if d == a.dtype), None)
        if dtype is None or dtype in ("bfloat16", "float8_e5m2", "float8_e4m3fn"):
            dtype = {"u2": "uint16", "u1": "uint8"}.get(a.dtype.str[1:], dtype)
        if dtype is None:
            raise BadInputError(f"inputs[{name!r}]: dtype {a.dtype} has no .raw type")
        args.append(
            {
                "name": name,
                "role": "inout" if name in outputs else "in",
                "dtype": dtype,
                "shape": list(a.shape),
                "numel": int(math.prod(a.shape)),
            }
        )
    manifest = {
        "format": 1,
        "name": os.path.basename(elf),
        "args": args,
        "scalars": [],
        "grid": grid,
        "abi": {"kernel_addr": [int(kernel_addr[0]), int(kernel_addr[1])]},
        "target": {
            "spad_vaddr": target["spad_vaddr"],
            "spad_paddr": target["spad_paddr"],
            "dram_base": target["dram_base"],
            "dram_size": target["dram_size"],
            "spad_size": target["spad_size"],
            "vector_lanes": target["lanes"],
            "vlen_bits": target["vlen"],
        },
        "artifacts": {"elf": os.path.basename(elf)},
    }
    text = json.dumps(manifest)
    info = _native.kernel_info(os.path.dirname(os.path.abspath(elf)), text)
    if scalars is not None and isinstance(scalars, Mapping):
        raise BadInputError("scalars: an ELF kernel takes a sequence of argv words")
    flags = _flags(jobs, model, machine)
    words = list(scalars) if scalars is not None else []
    result = _launch(
        os.path.dirname(os.path.abspath(elf)), info, inputs, words, flags, dump_dir, text
    )
    return {n: result[n] for n in outputs}


def sample(
    binary_or_workdir: Kernel,
    lanes: Optional[int] = None,
    vlen: Optional[int] = None,
    model: Optional[Kernel] = None,
    tile_types: Optional[Kernel] = None,
    *,
    machine_config: Optional[Kernel] = None,
    args: Optional[Sequence[str]] = None,
    max_insns: Optional[int] = None,
) -> Union[List[int], Tuple[List[int], List[Tuple[int, int]]]]:
    """``npu-spike sample`` of one cycle binary or kernel object, in process.

    Returns the cycles of each m5 marker window (the final dump left out, as
    PyTorchSim drops it); with a tile table -- ``tile_types`` (a tile_types.json
    path), or a kernel object's ``artifacts.tile_types`` -- returns
    ``(cycles, rows)`` where rows are trace_cycles.tsv's ``(cycle, overlapping)``.
    ``lanes``/``vlen``: ``--vectorlane-size``/``--vlen`` (default 4 and 256 for a
    binary, the target's for a kernel object). ``model``: ``--model``.
    """
    path = os.fspath(binary_or_workdir)
    cycles, rows = _native.sample(
        path,
        lanes,
        vlen,
        None if model is None else os.fspath(model),
        None if tile_types is None else os.fspath(tile_types),
        None if machine_config is None else os.fspath(machine_config),
        None if args is None else [str(a) for a in args],
        max_insns,
    )
    if rows is None:
        return cycles
    return cycles, rows


__all__ = [
    "run",
    "sample",
    "kernel_info",
    "last_stats",
    "DTYPES",
    "NpuSpikeError",
    "BadInputError",
    "ModelError",
    "GuestExitError",
    "GuestFaultError",
    "NpuError",
    "LimitError",
]
