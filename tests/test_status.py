"""psa_io.status and the compile notice: the progress line names a kernel while it compiles."""

from __future__ import annotations

import json
import os
import subprocess
import sys

import pytest

from psa_io import status


def test_say_read_done_in_a_watched_folder():
    with status.watch() as folder:
        assert os.environ[status.ENV] == folder and status.read(folder) == []
        status.say("compiling the T4 kernel, once")
        assert status.read(folder) == ["compiling the T4 kernel, once"]
        status.done()
        assert status.read(folder) == []
    assert not os.path.exists(folder) and os.environ.get(status.ENV) != folder


def test_listeners_hear_start_and_end(monkeypatch):
    heard: list = []
    monkeypatch.setattr(status, "LISTENERS", [heard.append])
    monkeypatch.delenv(status.ENV, raising=False)
    status.say("x")
    status.done()
    assert heard == ["x", None]


def test_numba_compile_event_of_our_kernel_is_named(monkeypatch):
    """The listener installed by montecarlo.fmath turns Numba's compile event of one of our kernels
    into "compiling the ... kernel, once", and only the outermost one (a kernel's callees compile
    inside it); a function outside the package is not named."""
    from numba import njit
    from numba.core import event

    from montecarlo import kernels

    heard: list = []
    monkeypatch.setattr(status, "LISTENERS", [heard.append])
    monkeypatch.delenv(status.ENV, raising=False)
    outer, inner = kernels._argmax_chunk, kernels._t4_blocked_chunk
    event.start_event("numba:compile", data={"dispatcher": outer})
    event.start_event("numba:compile", data={"dispatcher": inner})
    event.end_event("numba:compile", data={"dispatcher": inner})
    event.end_event("numba:compile", data={"dispatcher": outer})
    assert heard == ["compiling the argmax (eq. 51) kernel, once", None]
    heard.clear()
    event.start_event("numba:compile", data={"dispatcher": njit(lambda x: x)})
    event.end_event("numba:compile", data={"dispatcher": None})
    assert heard == [None]


def test_the_collector_is_paused_while_our_kernel_compiles_and_restored_after(monkeypatch):
    """Issue 29: no cyclic garbage collection while one of our kernels compiles (its callees inside
    it); afterwards the collector is on again if it was on -- also when the compile raised (Numba
    sends the end event then too) -- and stays off if it was off; a function outside the package
    leaves it alone."""
    import gc

    from numba import njit
    from numba.core import event

    from montecarlo import kernels

    monkeypatch.setattr(status, "LISTENERS", [])
    outer, inner = kernels._argmax_chunk, kernels._t4_blocked_chunk
    was = gc.isenabled()
    try:
        gc.enable()
        event.start_event("numba:compile", data={"dispatcher": outer})
        event.start_event("numba:compile", data={"dispatcher": inner})
        assert not gc.isenabled()
        event.end_event("numba:compile", data={"dispatcher": inner})
        assert not gc.isenabled()  # the outer compile goes on
        event.end_event("numba:compile", data={"dispatcher": outer})
        assert gc.isenabled()
        with pytest.raises(RuntimeError), event.trigger_event("numba:compile", data={"dispatcher": outer}):
            assert not gc.isenabled()
            raise RuntimeError("a failed compile")
        assert gc.isenabled()
        gc.disable()
        event.start_event("numba:compile", data={"dispatcher": outer})
        event.end_event("numba:compile", data={"dispatcher": outer})
        assert not gc.isenabled()  # it was off: it stays off
        gc.enable()
        event.start_event("numba:compile", data={"dispatcher": njit(lambda x: x)})
        assert gc.isenabled()  # not one of ours
        event.end_event("numba:compile", data={"dispatcher": None})
        assert gc.isenabled()
    finally:
        (gc.enable if was else gc.disable)()


@pytest.mark.slow  # compiles a kernel in a fresh process with an empty cache
def test_a_first_run_names_the_kernel_it_compiles_and_a_second_does_not(tmp_path):
    code = (
        "import json, montecarlo; from psa_io import status; heard = []; status.LISTENERS.append(heard.append); "
        "montecarlo.argmax_probability(1.0, 3, trials=64, seed=1); print(json.dumps(heard))"
    )
    env = dict(os.environ, NUMBA_CACHE_DIR=str(tmp_path / "numba"))
    runs = [subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True) for _ in range(2)]
    assert all(r.returncode == 0 for r in runs), runs[0].stderr + runs[1].stderr
    first, second = (json.loads(r.stdout.strip().splitlines()[-1]) for r in runs)
    assert "compiling the argmax (eq. 51) kernel, once" in first and first[-1] is None
    assert second == []  # loaded from the cache: nothing compiles, nothing is said


def test_psa_cert_parent_imports_no_numba():
    """What the parent of ``psa-cert run`` does before it forks its workers -- load every pack, check
    the Monte-Carlo settings (store key, limits), open the store -- imports no Numba: each worker
    imports it under its own NUMBA_NUM_THREADS (imported in the parent, a first run's Monte-Carlo
    certificate died with "Cannot set NUMBA_NUM_THREADS to a different value once the threads have
    been launched"), and a warm run that only reads stored results never imports it.  Nor does loading
    the packs import SciPy (``psa-cert list`` and ``show`` do without it; a run of two tasks or more
    imports it before forking: ``certificates.runner.PRELOAD_SCIPY``)."""
    code = (
        "import sys, json, cli; from certificates.commands._common import load_pack, mc_ready; "
        "reg = load_pack('all'); mc_ready(list(reg)); "
        "sci = sorted(m for m in sys.modules if m == 'scipy' or m.startswith('scipy.')); "
        "import montecarlo, montecarlo.store, montecarlo.engine; "
        "from certificates.psa import _mcstore; _mcstore.storable_type('montecarlo.engine.Curves'); "
        "print(json.dumps([sci, sorted(m for m in sys.modules if m == 'numba' or m.startswith('numba.'))]))"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert out.returncode == 0, out.stderr
    sci, numba = json.loads(out.stdout.strip().splitlines()[-1])
    assert numba == [] and sci == []
