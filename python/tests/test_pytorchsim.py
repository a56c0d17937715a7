"""The PyTorchSim drop-ins and sample() against the CLI."""

import json
import shutil

import numpy as np
import pytest

import npu_spike
from npu_spike.pytorchsim import CycleSimulator, launch
from conftest import REPO, X, grid_expected, grid_object, run_cli


def test_launch_reads_and_writes_the_raw_paths_as_spike_run(tmp_path, cli):
    d = grid_object(tmp_path / "g")
    manifest = json.loads((d / "kernel.json").read_text())
    rt = tmp_path / "rt"
    rt.mkdir()
    X.tofile(rt / "x.raw")
    (rt / "indirect_access").mkdir()
    (rt / "indirect_access" / "stale.raw").write_bytes(b"old")
    raw = {"x": str(rt / "x.raw"), "out": str(rt / "out.raw")}
    lines = []
    got = launch(str(d), manifest, str(rt), raw, lines.append, jobs=2, scalars=("3", "2.5", "3", "1"))
    assert got == str(rt)
    out = np.fromfile(rt / "out.raw", np.int32).reshape(8, 8)
    np.testing.assert_array_equal(out, grid_expected(np.zeros(64), 3, 2.5))
    assert lines and "2 machine" in lines[0]
    # indirect_access/ was emptied, and holds the merged dumps (mode 3), as the CLI's.
    r = run_cli(cli, "run", d, "-j", "2", "--scalar", "alpha=2.5", "--scalar", "mode=3")
    assert r.returncode == 0, r.stderr
    assert (d / "runtime" / "out.raw").read_bytes() == (rt / "out.raw").read_bytes()
    names = lambda p: sorted(f.name for f in p.iterdir())  # noqa: E731
    assert names(rt / "indirect_access") == names(d / "runtime" / "indirect_access")
    for f in (d / "runtime" / "indirect_access").iterdir():
        assert (rt / "indirect_access" / f.name).read_bytes() == f.read_bytes()
    assert (rt / "dma_access").is_dir()


def test_launch_follows_spike_runs_job_rule_and_reports_failures(tmp_path, capfd):
    d = grid_object(tmp_path / "g", out_role="inout")
    manifest = json.loads((d / "kernel.json").read_text())
    rt = tmp_path / "rt"
    rt.mkdir()
    X.tofile(rt / "x.raw")
    init = np.arange(64, dtype=np.int32) * 10
    init.tofile(rt / "o.raw")  # the .raw need not be called <name>.raw
    raw = {"x": str(rt / "x.raw"), "out": str(rt / "o.raw")}
    lines = []
    launch(str(d), manifest, str(rt), raw, lines.append, scalars=("3", "1.0", "0", "1"))
    assert any("inout" in l for l in lines)
    # argv names the arguments by their paths' basenames, as spike_run's does.
    assert capfd.readouterr().out == "argv: x.raw o.raw 3 1.0 0 1\n"
    np.testing.assert_array_equal(np.fromfile(rt / "o.raw", np.int32).reshape(8, 8),
                                  grid_expected(init, 3, 1.0))
    # A failure is a RuntimeError with the status, as SpikeError is.
    with pytest.raises(RuntimeError) as e:
        launch(str(d), manifest, str(rt), raw, lines.append, scalars=("3",))
    assert isinstance(e.value, npu_spike.GuestExitError) and e.value.status == 1
    del manifest["artifacts"]["elf"]
    with pytest.raises(npu_spike.BadInputError, match="no artifact 'elf'"):
        launch(str(d), manifest, str(rt), raw, lines.append)


def cli_cycles(cli, *args):
    r = run_cli(cli, "sample", *args)
    assert r.returncode == 0, r.stderr
    return [tuple(int(v) for v in l.split("\t")) for l in r.stdout.splitlines()]


@pytest.mark.parametrize("elf,lanes", [("sa", 4), ("sfu", 8), ("rows", 2)])
def test_cycle_simulator_gives_the_cli_samples_cycles(cli, elf, lanes):
    path = str(REPO / "tests" / "timing" / "bin" / f"{elf}.elf")
    rows = cli_cycles(cli, path, "--vectorlane-size", lanes, "--vlen", 256)
    got = CycleSimulator(vlen=256).compile_and_simulate(path, lanes, silent_mode=True)
    assert got == [c for c, _ in rows]
    assert npu_spike.sample(path, lanes=lanes, vlen=256) == got


def test_sample_of_a_kernel_object_with_its_tile_table(tmp_path, cli):
    d = tmp_path / "w"
    d.mkdir()
    shutil.copy(REPO / "tests" / "timing" / "bin" / "sa.elf", d / "cycle.elf")
    (d / "tile_types.json").write_text('{"overlap_offset": [null, 30], "parallel_axes": ["x"]}')
    grid_object(d)
    cycles, rows = npu_spike.sample(d)
    r = run_cli(cli, "sample", d)
    assert r.returncode == 0, r.stderr
    want = [tuple(int(v) for v in l.split("\t")) for l in (d / "trace_cycles.tsv").read_text().splitlines()]
    assert rows == want and cycles == [c for c, _ in want]
    assert rows[1][1] == rows[1][0] - 30
    with pytest.raises(npu_spike.BadInputError):
        npu_spike.sample(tmp_path / "missing.elf")
