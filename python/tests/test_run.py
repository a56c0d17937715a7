"""npu_spike.run against the CLI and independent expected values."""

import glob
import os
import re
import tempfile
import threading
from pathlib import Path

import numpy as np
import pytest

import npu_spike
from conftest import (
    EXAMPLES,
    REPO,
    X,
    elf_symbols,
    example_object,
    grid_expected,
    grid_object,
    run_cli,
)

DT = npu_spike.DTYPES


def raw_inputs(d, name):
    out = {}
    for arg, dtype, shape in EXAMPLES[name]:
        p = d / "runtime" / f"{arg}.raw"
        if p.exists():
            out[arg] = np.fromfile(p, dtype=DT[dtype]).reshape(shape)
    return out


@pytest.mark.parametrize("name", sorted(EXAMPLES))
def test_examples_give_their_expected_outputs_and_the_clis(tmp_path, cli, name):
    d = example_object(tmp_path / name, name)
    got = npu_spike.run(d, raw_inputs(d, name))
    outs = [a for a, _, _ in EXAMPLES[name] if not (d / "runtime" / f"{a}.raw").exists()]
    assert sorted(got) == sorted(outs)
    for arg, dtype, shape in EXAMPLES[name]:
        if arg not in got:
            continue
        assert got[arg].dtype == DT[dtype] and got[arg].shape == tuple(shape)
        want = (REPO / "examples" / name / "expected" / f"{arg}.raw").read_bytes()
        assert got[arg].tobytes() == want, arg
    # The CLI on the same kernel object and runtime directory.
    r = run_cli(cli, "run", d, "-j", "1")
    assert r.returncode == 0, r.stderr
    for arg in got:
        assert got[arg].tobytes() == (d / "runtime" / f"{arg}.raw").read_bytes(), arg


@pytest.mark.parametrize("jobs", [1, 2, 3, 20, None])
def test_the_grid_splits_and_merges_as_the_cli_does(tmp_path, cli, capfd, jobs):
    d = grid_object(tmp_path / "g")
    got = npu_spike.run(d, {"x": X}, scalars={"alpha": 2.5, "scale": -2}, jobs=jobs)["out"]
    assert got.dtype == np.int32 and got.shape == (8, 8)
    np.testing.assert_array_equal(got, grid_expected(np.zeros(64), -2, 2.5))
    printed = capfd.readouterr().out
    flags = ["--scalar", "alpha=2.5", "--scalar", "scale=-2"]
    if jobs is not None:
        flags += ["-j", jobs]
    r = run_cli(cli, "run", d, *flags)
    assert r.returncode == 0, r.stderr
    assert got.tobytes() == (d / "runtime" / "out.raw").read_bytes()
    # The guests saw the argv the CLI's guests saw (grid.c prints it), range by range
    # (the CLI's split machines name their inputs by absolute path: they run in
    # their own directories; from memory every argument is <name>.raw).
    cli_argv = r.stdout.replace(str(d.resolve() / "runtime") + "/", "")
    assert sorted(printed.splitlines()) == sorted(cli_argv.splitlines())


def test_an_inout_argument_runs_in_one_machine(tmp_path):
    d = grid_object(tmp_path / "g", out_role="inout")
    init = (np.arange(64, dtype=np.int32) * 1000).reshape(8, 8)
    got = npu_spike.run(d, {"x": X, "out": init}, jobs=4)["out"]
    np.testing.assert_array_equal(got, grid_expected(init.ravel(), 3, 1.0))
    with pytest.raises(npu_spike.BadInputError, match="out: input missing"):
        npu_spike.run(d, {"x": X})


def test_ranges_that_clash_rerun_in_one_machine(tmp_path):
    d = grid_object(tmp_path / "g")
    got = npu_spike.run(d, {"x": X}, scalars={"mode": 1}, jobs=2)["out"].ravel()
    want = grid_expected(np.zeros(64), 3, 1.0).ravel()
    want[0] = 8  # one machine ran all eight programs; the last set out[0] = 8
    np.testing.assert_array_equal(got, want)


def listing(d):
    return sorted((p.name, p.read_bytes()) for p in d.iterdir())


def test_index_dumps_go_to_dump_dir_as_the_clis_and_nowhere_by_default(tmp_path, cli):
    d = grid_object(tmp_path / "g")
    r = run_cli(cli, "run", d, "-j", "3", "--scalar", "mode=3")
    assert r.returncode == 0, r.stderr
    want = listing(d / "runtime" / "indirect_access")
    assert len(want) == 16
    dump = tmp_path / "dumps"
    dump.mkdir()
    npu_spike.run(d, {"x": X}, scalars={"mode": 3}, jobs=3, dump_dir=dump)
    assert listing(dump / "indirect_access") == want
    assert not list(dump.glob(".npu-spike-part*"))
    # Without dump_dir the dumps go to a private directory, removed with them; the
    # private directories left for reuse hold no files.
    mine = os.path.join(tempfile.gettempdir(), f"npu-spike-launch-{os.getpid()}-*")
    for jobs in (1, 3):
        npu_spike.run(d, {"x": X}, scalars={"mode": 3}, jobs=jobs)
        npu_spike.run(d, {"x": X}, jobs=jobs)
        files = [p for g in glob.glob(mine) for p in Path(g).rglob("*") if not p.is_dir()]
        assert files == []
    assert listing(dump / "indirect_access") == want


@pytest.mark.parametrize(
    "dtype,shape",
    [("float32", [16, 16]), ("float16", [512]), ("int8", [32, 32]), ("int32", [256]), ("bool", [4, 256])],
)
def test_dtypes_travel_as_their_bytes(tmp_path, dtype, shape):
    # vecadd adds 256 f32 whatever kernel.json calls the bytes: the expected output
    # is NumPy's f32 sum of the same bytes.
    d = example_object(tmp_path / "v", "vecadd", {a: (dtype, shape) for a in ("x", "y", "out")})
    ex = REPO / "examples" / "vecadd" / "runtime"
    xb, yb = (ex / "x.raw").read_bytes(), (ex / "y.raw").read_bytes()
    x = np.frombuffer(xb, dtype=DT[dtype]).reshape(shape)
    y = np.frombuffer(yb, dtype=DT[dtype]).reshape(shape)
    got = npu_spike.run(d, {"x": x, "y": y})["out"]
    assert got.dtype == DT[dtype] and got.shape == tuple(shape)
    want = np.frombuffer(xb, "<f4") + np.frombuffer(yb, "<f4")
    assert got.tobytes() == want.astype("<f4").tobytes()
    got[0] = got[0]  # writable
    # bytes in are the same as arrays in.
    again = npu_spike.run(d, {"x": xb, "y": bytearray(yb)})["out"]
    assert again.tobytes() == got.tobytes()


def test_wrong_inputs_are_refused_naming_the_argument(tmp_path):
    d = grid_object(tmp_path / "g")
    cases = [
        ({"x": X.astype(np.float32)}, r"inputs\['x'\]: dtype <f4 .*int32"),
        ({"x": X.astype(np.int64)}, r"inputs\['x'\]: dtype <i8"),
        ({"x": X.astype(">i4")}, r"inputs\['x'\]: dtype >i4"),
        ({"x": X.reshape(8, 8)}, r"inputs\['x'\]: shape \(8, 8\).*\(64,\)"),
        ({"x": X[:10]}, r"inputs\['x'\]: shape \(10,\)"),
        ({"x": X.tobytes()[:12]}, r"inputs\['x'\]: 12 bytes.*256 bytes"),
        ({"x": X, "y": X}, r"inputs\['y'\]: the kernel has no such argument \(has: x, out\)"),
        ({}, r"x: input missing"),
        ("x", r"inputs: a mapping"),
    ]
    for inputs, msg in cases:
        with pytest.raises(npu_spike.BadInputError, match=msg) as e:
            npu_spike.run(d, inputs)
        assert e.value.status == 1
    with pytest.raises(npu_spike.BadInputError, match="scalar nope: the kernel has no such scalar"):
        npu_spike.run(d, {"x": X}, scalars={"nope": 1})
    with pytest.raises(npu_spike.BadInputError, match="--scalar alpha=abc: not a number"):
        npu_spike.run(d, {"x": X}, scalars={"alpha": "abc"})
    with pytest.raises(npu_spike.BadInputError, match="unknown keyword 'lanes'"):
        npu_spike.run(d, {"x": X}, lanes=8)
    with pytest.raises(npu_spike.BadInputError, match="jobs=0"):
        npu_spike.run(d, {"x": X}, jobs=0)
    with pytest.raises(npu_spike.BadInputError, match="no such kernel object"):
        npu_spike.run(tmp_path / "nothing", {"x": X})
    (d / "kernel.json").write_text((d / "kernel.json").read_text().replace('"format": 1', '"format": 2'))
    with pytest.raises(npu_spike.BadInputError, match="format 2"):
        npu_spike.run(d, {"x": X})


def test_concurrent_launches_from_threads(tmp_path):
    d = grid_object(tmp_path / "g")
    results, errors = {}, []

    def work(k):
        try:
            for rep in range(3):
                s = k - 4
                r = npu_spike.run(d, {"x": X}, scalars={"scale": s, "alpha": k / 4}, jobs=1 + k % 3)
                results[(k, rep)] = (r["out"], s, k / 4)
        except Exception as e:  # noqa: BLE001
            errors.append(e)

    ts = [threading.Thread(target=work, args=(k,)) for k in range(8)]
    for t in ts:
        t.start()
    for t in ts:
        t.join()
    assert not errors
    assert len(results) == 24
    for out, s, a in results.values():
        np.testing.assert_array_equal(out, grid_expected(np.zeros(64), s, a))


def test_failures_are_exceptions_with_the_clis_status(tmp_path, cli):
    d = grid_object(tmp_path / "g")
    # Too few argv words: grid.c exits 1 on its own.
    with pytest.raises(npu_spike.GuestExitError) as e:
        npu_spike.run(d, {"x": X}, scalars=["3"])
    assert e.value.status == 1
    with pytest.raises(npu_spike.LimitError) as e:
        npu_spike.run(d, {"x": X}, jobs=1, max_insns=50)
    assert e.value.status == 124
    r = run_cli(cli, "run", d, "-j", "1", "--max-insns", "50")
    assert r.returncode == 124
    assert isinstance(e.value, RuntimeError)


def test_a_guest_fault_carries_pk_s_report_and_pc(tmp_path):
    # tests/memprot/expected/load_null.txt: Spike + pk's report of the same access.
    elf = REPO / "tests" / "memprot" / "bin" / "memprot.elf"
    with pytest.raises(npu_spike.GuestFaultError) as e:
        npu_spike.run(elf, {}, ["load_null"], outputs=[], kernel_addr=(0, 0), isa="rv64gcv")
    rec = (REPO / "tests" / "memprot" / "expected" / "load_null.txt").read_text()
    pc = int(re.search(r"^pc ([0-9a-f]{16})", rec, re.M).group(1), 16)
    assert e.value.status == 255 and e.value.pc == pc
    assert "User load segfault @ 0x0000000000000008" in e.value.message


def test_npu_exits_200_and_201_carry_the_pc(tmp_path, cli):
    elf = REPO / "tests" / "npu" / "bin" / "lanes.elf"
    sym = elf_symbols(elf)
    ka = (sym["kernel"], sym["kernel_ret"])
    for case, status, text in [("1", 200, "VI_ST ERROR"), ("2", 201, "VI_LD ERROR")]:
        with pytest.raises(npu_spike.NpuError) as e:
            npu_spike.run(
                elf, {}, [case], outputs=[], kernel_addr=ka, lanes=4, vlen=128,
                spad_size=4096, spad_vaddr=0xD0000000,
            )
        assert e.value.status == status and text in e.value.message
        r = run_cli(
            cli, "--isa=rv64gcv_zfh", "--varch=vlen:128,elen:64", "--vectorlane-size=4",
            "--scratchpad-size=4096", "--scratchpad-base-vaddr=3489660928",
            f"--kernel-addr={ka[0]:x}:{ka[1]:x}", elf, case,
        )
        assert r.returncode == status
        assert e.value.pc == int(re.search(r"at pc (0x[0-9a-f]+)", r.stderr).group(1), 16)


def test_an_elf_with_a_machine_description(tmp_path):
    ex = REPO / "examples" / "vecadd"
    lo, hi = (int(v, 16) for v in "0x105ae:0x105d6".split(":"))
    x = np.fromfile(ex / "runtime" / "x.raw", "<f4")
    y = np.fromfile(ex / "runtime" / "y.raw", "<f4")
    got = npu_spike.run(
        ex / "kernel.elf", {"x": x, "y": y, "out": np.zeros(256, np.float32)},
        outputs=["out"], kernel_addr=(lo, hi), vlen=256, spad_size=65536, spad_vaddr=0xD0000000,
    )
    assert list(got) == ["out"]
    assert got["out"].tobytes() == (ex / "expected" / "out.raw").read_bytes()
    with pytest.raises(npu_spike.BadInputError, match="outputs="):
        npu_spike.run(ex / "kernel.elf", {"x": x})


def test_a_rewritten_kernel_json_is_read_again(tmp_path):
    d = grid_object(tmp_path / "g")
    assert npu_spike.run(d, {"x": X})["out"].shape == (8, 8)
    kj = d / "kernel.json"
    kj.write_text(kj.read_text().replace('"shape": [8, 8]', '"shape": [4, 16]'))
    got = npu_spike.run(d, {"x": X})["out"]
    assert got.shape == (4, 16)
    np.testing.assert_array_equal(got.ravel(), grid_expected(np.zeros(64), 3, 1.0).ravel())


def test_a_model_that_does_not_load_is_a_model_error(tmp_path):
    d = grid_object(tmp_path / "g")
    bad = tmp_path / "bad.so"
    bad.write_text("not a library")
    for lib in (bad, tmp_path / "missing.so"):
        with pytest.raises(npu_spike.ModelError, match="cannot be loaded") as e:
            npu_spike.run(d, {"x": X}, model=lib, jobs=1)
        assert e.value.status == 1


def test_the_gil_is_released_while_the_guest_runs(tmp_path):
    d = grid_object(tmp_path / "g")
    done = []
    t = threading.Thread(
        target=lambda: done.append(npu_spike.run(d, {"x": X}, scalars={"reps": 200000}, jobs=1))
    )
    spins = 0
    t.start()
    while t.is_alive():
        spins += 1
    t.join()
    np.testing.assert_array_equal(done[0]["out"], grid_expected(np.zeros(64), 3, 1.0))
    # Python ran alongside the guest (with the GIL held it could not have).
    assert spins > 10000, spins
