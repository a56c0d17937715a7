from typing import Any, Callable, Dict, List, Mapping, Optional, Sequence

TRAP_HINT: Dict[int, str]

def launch(
    obj_dir: str,
    manifest: Mapping[str, Any],
    runtime: str,
    raw_paths: Mapping[str, str],
    log: Callable[[str], Any],
    jobs: Optional[int] = None,
    scalars: Sequence[Any] = (),
) -> str: ...

class CycleSimulator:
    vlen: Optional[int]
    model: Optional[str]
    def __init__(self, vlen: Optional[int] = None, model: Optional[str] = None) -> None: ...
    def compile_and_simulate(
        self, target_binary: str, vectorlane_size: int, silent_mode: bool = False
    ) -> List[int]: ...
