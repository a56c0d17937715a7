import os
from typing import Any, Dict, List, Mapping, Optional, Sequence, Tuple, Union

import numpy as np

from .errors import (
    BadInputError as BadInputError,
    GuestExitError as GuestExitError,
    GuestFaultError as GuestFaultError,
    LimitError as LimitError,
    ModelError as ModelError,
    NpuError as NpuError,
    NpuSpikeError as NpuSpikeError,
)

__version__: str
DTYPES: Dict[str, np.dtype[Any]]

_Path = Union[str, "os.PathLike[str]"]
_Input = Union[np.ndarray[Any, Any], bytes, bytearray, memoryview, Any]

def kernel_info(kernel: _Path) -> Dict[str, Any]: ...
def last_stats() -> Optional[Dict[str, Any]]: ...
def run(
    kernel: _Path,
    inputs: Mapping[str, _Input],
    scalars: Optional[Union[Mapping[str, Any], Sequence[Any]]] = None,
    jobs: Optional[int] = None,
    model: Optional[_Path] = None,
    *,
    dump_dir: Optional[_Path] = None,
    **machine: Any,
) -> Dict[str, np.ndarray[Any, Any]]: ...
def sample(
    binary_or_workdir: _Path,
    lanes: Optional[int] = None,
    vlen: Optional[int] = None,
    model: Optional[_Path] = None,
    tile_types: Optional[_Path] = None,
    *,
    machine_config: Optional[_Path] = None,
    args: Optional[Sequence[str]] = None,
    max_insns: Optional[int] = None,
) -> Union[List[int], Tuple[List[int], List[Tuple[int, int]]]]: ...
