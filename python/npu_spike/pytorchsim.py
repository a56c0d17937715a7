"""Drop-ins for PyTorchSim's simulator modules, same signatures and behaviour:

* :func:`launch` for ``Simulator/spike_run.launch``: runs the kernel object's whole
  launch grid on the ``.raw`` files it is given and leaves each written argument in
  its ``.raw`` -- in process, the files read and written once each, no Spike, pk
  or subprocess;
* :class:`CycleSimulator` for ``Simulator/gem5.CycleSimulator``:
  ``compile_and_simulate`` returns the cycle list of a cycle binary (without the
  last dump) from npu-spike's cycle model, with no gem5 run.

Adopting them is one import line in PyTorchSim::

    from npu_spike.pytorchsim import launch            # was: from Simulator.spike_run import launch
    from npu_spike.pytorchsim import CycleSimulator    # was: from Simulator.gem5 import CycleSimulator
"""

import json
import logging
import os
from typing import Any, Callable, Dict, List, Mapping, Optional, Sequence

from . import _native, sample
from .errors import BadInputError, NpuSpikeError

logger = logging.getLogger("npu_spike.pytorchsim")

#: spike_run's exit-status hints.
TRAP_HINT = {200: "INVALID_SPAD_ACCESS", 201: "STACK_OVERFLOW"}


def _jobs(info: Mapping[str, Any], total: int, log: Callable[[str], Any]) -> int:
    """spike_run's choice of how many machines run the grid: one with an inout
    argument; else TORCHSIM_SPIKE_JOBS (or TORCHSIM_COMPILE_SPIKE_JOBS); else
    min(8, cpus // 2, total), at least one."""
    if any(a["role"] == "inout" for a in info["args"]):
        log("[Spike] one process: an inout argument is read as well as written")
        return 1
    env = os.environ.get(
        "TORCHSIM_SPIKE_JOBS", os.environ.get("TORCHSIM_COMPILE_SPIKE_JOBS", "")
    ).strip()
    if env:
        return max(1, min(int(env), total))
    try:
        cpus = len(os.sched_getaffinity(0))
    except AttributeError:
        cpus = os.cpu_count() or 1
    return max(1, min(8, cpus // 2, total))


def launch(
    obj_dir: str,
    manifest: Mapping[str, Any],
    runtime: str,
    raw_paths: Mapping[str, str],
    log: Callable[[str], Any],
    jobs: Optional[int] = None,
    scalars: Sequence[Any] = (),
) -> str:
    """Run the whole launch grid, leaving each written argument in its .raw.

    As ``Simulator/spike_run.launch``: ``manifest`` is the kernel object's
    kernel.json (a dict), ``raw_paths`` maps each argument name to its ``.raw``
    file, ``scalars`` are argv's scalar words as they are, ``jobs`` the machines to
    split the grid over (default as spike_run: one with an inout argument, else
    ``TORCHSIM_SPIKE_JOBS``, else min(8, cpus // 2, grid)); ``indirect_access/`` is
    emptied and ``dma_access/`` made in ``runtime``, where the index dumps land.
    Inputs are read from their ``.raw`` files, the written arguments written back
    to theirs (an ``out`` file that exists with the right size is the output's
    starting contents, as Spike would see it). Returns ``runtime``. Failures raise
    :class:`npu_spike.errors.NpuSpikeError` (a RuntimeError) with the exit status.
    """
    text = json.dumps(manifest)
    info = _native.kernel_info(os.fspath(obj_dir), text)
    missing = [a["name"] for a in info["args"] if a["name"] not in raw_paths]
    if missing:
        raise BadInputError(f"raw_paths: no path for {', '.join(missing)}")
    inputs: Dict[str, bytes] = {}
    for a in info["args"]:
        p = raw_paths[a["name"]]
        if a["role"] in ("in", "inout"):
            try:
                with open(p, "rb") as f:
                    inputs[a["name"]] = f.read()
            except OSError as e:
                raise BadInputError(f"{p}: input missing: {e}") from None
        elif os.path.isfile(p) and os.path.getsize(p) == a["bytes"]:
            with open(p, "rb") as f:
                inputs[a["name"]] = f.read()
    total = int(info["total"])
    n = _jobs(info, total, log) if jobs is None else max(1, min(int(jobs), total))
    flags = ["--jobs", str(n)]
    words = [str(s) for s in scalars]
    # The guest's argv names each argument by its .raw path's basename, as spike_run.
    names = {a["name"]: os.path.basename(raw_paths[a["name"]]) for a in info["args"]}
    log(
        f"[npu-spike] launch {manifest.get('name', obj_dir)}: {total} programs over "
        f"{n} machine(s), in process; runtime {runtime}"
    )
    try:
        outputs, notes, _ = _native.run_object(
            os.fspath(obj_dir), inputs, flags, words, os.fspath(runtime), text, names
        )
    except NpuSpikeError as e:
        hint = TRAP_HINT.get(e.status)
        if hint and hint not in e.message:
            e.message = f"{e.message} ({hint})"
            e.args = (e.message,)
        raise
    for note in notes:
        log(f"[npu-spike] {note}")
    for name, buf in outputs:
        dest = raw_paths[name]
        tmp = f"{dest}.npu-spike-tmp"
        with open(tmp, "wb") as f:
            f.write(buf)
        os.replace(tmp, dest)
    return runtime


class CycleSimulator:
    """``Simulator/gem5.CycleSimulator``: cycle counts of a tile binary, from
    npu-spike's cycle model in process (no gem5).

    ``vlen``: the VLEN in bits (default PyTorchSimFrontend's
    ``config.vpu_vector_length_bits`` when importable, else 256); ``model``: an
    accelerator model library (default npu-spike's built-in units).
    """

    def __init__(self, vlen: Optional[int] = None, model: Optional[str] = None) -> None:
        self.vlen = vlen
        self.model = model

    def _vlen(self) -> Optional[int]:
        if self.vlen is not None:
            return self.vlen
        try:
            from PyTorchSimFrontend import config  # type: ignore[import-not-found]

            return int(config.vpu_vector_length_bits)
        except Exception:  # noqa: BLE001 - PyTorchSim absent or not configured
            return None

    def compile_and_simulate(
        self, target_binary: str, vectorlane_size: int, silent_mode: bool = False
    ) -> List[int]:
        """The cycles of each m5 marker window of ``target_binary`` on
        ``vectorlane_size`` lanes: gem5.py's ``system.cpu.numCycles`` list without
        the last dump. Raises a RuntimeError (NpuSpikeError) on failure."""
        if not silent_mode:
            logger.debug(
                "[npu-spike] sample %s --vectorlane-size %s", target_binary, vectorlane_size
            )
            logger.info("[npu-spike] cycle simulation started")
        got = sample(
            target_binary,
            lanes=int(vectorlane_size),
            vlen=self._vlen(),
            model=self.model,
        )
        cycles = got[0] if isinstance(got, tuple) else got
        return list(cycles)


__all__ = ["launch", "CycleSimulator", "TRAP_HINT"]
