"""The exceptions of npu_spike: one class per kind of failure, each carrying the
message ``npu-spike run`` (or ``sample``) prints and the exit status it ends with.

All derive from :class:`NpuSpikeError`, a :class:`RuntimeError` (so code that
catches PyTorchSim's ``SpikeError``/``RuntimeError`` catches these too).
"""

from typing import Optional


class NpuSpikeError(RuntimeError):
    """A launch that produced no outputs.

    ``message``: the CLI's message; ``status``: the CLI's exit status;
    ``pc``: the guest's pc for traps and NPU errors, else None.
    """

    def __init__(self, message: str, status: int = 1, pc: Optional[int] = None) -> None:
        super().__init__(message)
        self.message = message
        self.status = status
        self.pc = pc

    def __str__(self) -> str:
        return f"{self.message} (exit status {self.status})"


class BadInputError(NpuSpikeError, ValueError):
    """Refused before the guest ran: an option, kernel.json, an argument's name,
    dtype, shape or size (status 1). Also a ValueError."""


class ModelError(NpuSpikeError):
    """An accelerator model library refused its machine description or did not load."""


class GuestExitError(NpuSpikeError):
    """The guest exited with a non-zero status of its own (``status``)."""


class GuestFaultError(NpuSpikeError):
    """The guest trapped: an illegal instruction or an access the proxy kernel
    refuses (status 255); ``pc`` is where."""


class NpuError(NpuSpikeError):
    """An NPU unit stopped the run with its own status: 200 (invalid scratchpad
    access), 201 (kernel stack overflow), ...; ``pc`` is where."""


class LimitError(NpuSpikeError):
    """The instruction limit (``max_insns``) or time limit (``timeout``) was reached
    (status 124)."""


__all__ = [
    "NpuSpikeError",
    "BadInputError",
    "ModelError",
    "GuestExitError",
    "GuestFaultError",
    "NpuError",
    "LimitError",
]
