"""A real SIGINT during a Numba kernel: exit 130, one line on stderr, no traceback.

The commands run as subprocesses (``python -m cli mc ...``); gamma-c is signalled once
the kernel's threads exist (its first kernel call has started), the sweep once its
first point is in the store.  Both run side by side to keep the wall time down.
"""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
import warnings
from pathlib import Path

import pytest

from montecarlo import sweep as S
from montecarlo.store import DamagedRecordWarning, ResultStore

ROOT = Path(__file__).resolve().parents[2]
pytestmark = pytest.mark.skipif(not hasattr(signal, "SIGINT") or os.name != "posix", reason="needs POSIX signals")


def _start(args, tmp_path):
    env = dict(os.environ, NUMBA_NUM_THREADS="2", OPENBLAS_NUM_THREADS="1", MKL_NUM_THREADS="1")
    return subprocess.Popen(
        [sys.executable, "-m", "cli", "mc", *args],
        cwd=ROOT,
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )


def _threads(pid: int) -> int:
    try:
        return len(os.listdir(f"/proc/{pid}/task"))
    except OSError:
        return 0


def _cpu_seconds(pid: int) -> float:
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
        return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")  # utime + stime
    except (OSError, IndexError, ValueError):
        return 0.0


def _wait_until(pred, proc, timeout=90.0) -> None:
    t0 = time.monotonic()
    while not pred():
        assert proc.poll() is None, "the command finished before it could be interrupted"
        assert time.monotonic() - t0 < timeout, "the command never reached its kernel"
        time.sleep(0.02)


GC_SEEDS = 200
#: Trials of each sweep point of the SIGINT test (see there).
SW_TRIALS = 2_000_000


@pytest.mark.slow  # a real SIGINT into 200 seeds of kernels in a fresh process: about 10 s
def test_sigint_in_kernels_exits_130_with_one_line(tmp_path):
    store = tmp_path / "store"
    # 200 seeds (about 40 s of kernel CPU): it is signalled after about 1 s of it, so that under a
    # loaded full run the signal still lands mid-run (with 20 seeds, once, it came after the end)
    gc = _start(
        ["gamma-c", "--dk", "16", "--T", "10", "--trials", "100000", "--seeds", str(GC_SEEDS), "--json"], tmp_path
    )
    # sweep points of m = 38, 2 x 2,000,000 trials (about 1.4 s each on a 2-core AVX-512 machine with
    # today's kernels, longer elsewhere): the sweep is still running when it is signalled, even when a
    # loaded machine makes the gamma-c wait above long.  (With 100,000 trials a point took 0.07 s there
    # and the whole sweep ended during that wait.)
    sw = _start(
        [
            "sweep",
            "--dk",
            "16,24,32,48,64,96,128",
            "--T",
            "40",
            "--trials",
            str(SW_TRIALS),
            "--seeds",
            "2",
            "--store",
            str(store),
            "--json",
        ],
        tmp_path,
    )
    try:
        # gamma-c: the chunk threads start with the first kernel call (numpy's BLAS pool is off)
        if os.path.isdir(f"/proc/{gc.pid}/task"):
            _wait_until(lambda: _threads(gc.pid) >= 2, gc)
            cpu0 = _cpu_seconds(gc.pid)  # then ~1 s of kernel CPU: a few seeds of 0.2 s each
            _wait_until(lambda: _cpu_seconds(gc.pid) - cpu0 >= 1.0, gc)
        else:  # pragma: no cover - no procfs
            time.sleep(8.0)
        gc.send_signal(signal.SIGINT)
        # sweep: once a point is finished (its record is written last)
        _wait_until(lambda: store.is_dir() and any(store.glob("*.json")), sw)
        sw.send_signal(signal.SIGINT)
        gc_out, gc_err = gc.communicate(timeout=60)
        sw_out, sw_err = sw.communicate(timeout=60)
    finally:
        for p in (gc, sw):
            if p.poll() is None:
                p.kill()
                p.wait()

    print("gamma-c:", gc_err.strip(), "| sweep:", sw_err.strip())
    assert gc.returncode == 130, gc_err
    assert len(gc_err.strip().splitlines()) == 1 and "Traceback" not in gc_err, gc_err
    assert gc_err.startswith("psa-mc: interrupted"), gc_err
    # some seeds had finished: they are reported, as strict JSON
    assert "reporting the" in gc_err, gc_err
    doc = json.loads(gc_out, parse_constant=lambda c: pytest.fail(f"not strict JSON: {c}"))
    k = int(gc_err.split("reporting the ")[1].split()[0])
    assert doc["interrupted"] is True and len(doc["seed_list"]) == k and 1 <= k < GC_SEEDS

    assert sw.returncode == 130, sw_err
    assert len(sw_err.strip().splitlines()) == 1 and "Traceback" not in sw_err, sw_err
    assert "interrupted" in sw_err and str(store) in sw_err
    done = int(sw_err.split("interrupted; ")[1].split()[0])
    keys = ResultStore(store).keys()
    assert 1 <= done < 7 and len(keys) == done  # finished points kept, the one in flight not stored
    assert not list(store.glob(".*.tmp"))
    plist = {
        S.params_key(S.point_params(dk, 40, trials=SW_TRIALS, seeds=2)): dk for dk in (16, 24, 32, 48, 64, 96, 128)
    }
    with warnings.catch_warnings():
        warnings.simplefilter("error", DamagedRecordWarning)
        for k in keys:
            assert k in plist
            assert ResultStore(store).load(k, verify=lambda r, a, k=k: S.verify_point(k, r, a)) is not None


def _sigint_at(k):
    def progress(done, total):
        if done == k:
            os.kill(os.getpid(), signal.SIGINT)  # a real signal, delivered to this process's handler

    return progress


@pytest.mark.parametrize("executor", ["in-process", "dask"])
def test_real_sigint_during_a_sweep_keeps_the_finished_points(tmp_path, executor):
    import contextlib

    if executor == "dask":
        pytest.importorskip("distributed")
    before = signal.getsignal(signal.SIGINT)  # default_int_handler, or SIG_IGN under a shell's `&`
    store = ResultStore(tmp_path)
    # eight points, the signal after the first: with dask the points run on while the signal is
    # handled, and a loaded machine must not let all of them finish first (with four, it could)
    dks, Ts = [16, 24, 32, 48], [10, 12]
    with contextlib.ExitStack() as stack:
        client = None
        if executor == "dask":
            client = stack.enter_context(S.dask_client(local_workers=1, threads_per_worker=1, processes=False))
        with pytest.raises(S.SweepInterrupted) as ei:
            S.run_sweep(dks, Ts, trials=600, seeds=2, store=store, client=client, progress=_sigint_at(1))
    exc = ei.value
    assert exc.total == 8 and 1 <= exc.done < 8 and exc.store == str(tmp_path)
    assert len(store.keys()) == exc.done
    assert signal.getsignal(signal.SIGINT) is before  # the old handler is back


def test_real_sigint_during_simulate_curves_returns_the_completed_seeds():
    from montecarlo.engine import Interrupted, simulate_curves

    before = signal.getsignal(signal.SIGINT)
    with pytest.raises(Interrupted) as ei:  # signalled after seed 0's last block: seed 0 is complete
        simulate_curves(16, 10, trials=1024, seeds=3, block_chunks=1, progress=_sigint_at(1024))
    part = ei.value.partial
    assert part is not None and part.seeds == [0]
    assert part.per_seed.tobytes() == simulate_curves(16, 10, trials=1024, seeds=1).per_seed.tobytes()
    assert signal.getsignal(signal.SIGINT) is before


def test_closed_stdout_pipe_exits_0_quietly():
    env = dict(os.environ, OPENBLAS_NUM_THREADS="1")
    p = subprocess.Popen(
        [sys.executable, "-m", "cli", "mc", "exact", "--dk", "16", "--T", "10"],
        cwd=ROOT,
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
    )
    p.stdout.close()  # the reader is gone before the first write (as with `| head -0`)
    err = p.stderr.read().decode()
    assert p.wait(timeout=120) == 0 and err == ""
