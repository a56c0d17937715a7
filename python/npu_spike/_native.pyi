"""The compiled bridge to npu-spike's library (bytes in, bytes out); use the
functions of ``npu_spike`` instead."""

from typing import Any, Dict, List, Mapping, Optional, Sequence, Tuple

def version() -> str: ...
def remove_scratch_dirs() -> None: ...
def kernel_info(kernel: str, manifest: Optional[str] = None) -> Dict[str, Any]: ...
def run_object(
    kernel: str,
    inputs: Mapping[str, bytes],
    flags: Sequence[str],
    scalar_words: Optional[Sequence[str]] = None,
    dump_dir: Optional[str] = None,
    manifest: Optional[str] = None,
    file_names: Optional[Mapping[str, str]] = None,
) -> Tuple[List[Tuple[str, bytearray]], List[str], Tuple[int, float, int]]: ...
def sample(
    path: str,
    lanes: Optional[int] = None,
    vlen: Optional[int] = None,
    model: Optional[str] = None,
    tile_types: Optional[str] = None,
    machine_config: Optional[str] = None,
    args: Optional[Sequence[str]] = None,
    max_insns: Optional[int] = None,
) -> Tuple[List[int], Optional[List[Tuple[int, int]]]]: ...
