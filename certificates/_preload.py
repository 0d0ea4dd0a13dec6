"""Imported by the runner's forkserver before it forks any worker (``set_forkserver_preload``).

The forkserver builds the registry of the packs named in ``$PSA_TOOLKIT_PRELOAD_PACKS`` once --
SymPy, the theory modules, the packs, Numba's dispatchers (no thread exists yet, so forking is
safe) -- and every worker forked from it starts with that registry in memory instead of importing
and building it again: with two workers on two cores this saves two of the three imports of a run.
A failure here only costs time: the workers then build the registry themselves.
"""

from __future__ import annotations

import os
import sys


def _silent_bootstrap(*exc_info) -> None:
    """The forkserver reports a child that fails before it runs (while it unpickles its process
    object) through ``sys.excepthook``.  That happens when the run was interrupted as the child
    was being forked: the pool and its semaphores were already gone, and each such child printed a
    FileNotFoundError traceback after "interrupted".  A worker that cannot start is the parent's
    business (it runs those certificates itself), so the child ends silently; ``_worker_init``
    restores the normal hook as soon as a worker has started."""


sys.excepthook = _silent_bootstrap

_packs = tuple(p for p in os.environ.get("PSA_TOOLKIT_PRELOAD_PACKS", "").split(",") if p)
if _packs:
    try:
        from . import runner as _runner
        from .registry import load_registry as _load

        _runner._WORKER["preloaded"] = (_packs, _load(list(_packs)))
        # Not Numba: each worker sets NUMBA_NUM_THREADS (cores // jobs) before it imports Numba;
        # imported here, under the parent's thread count, a kernel compiled in a worker fails
        # ("Cannot set NUMBA_NUM_THREADS to a different value once the threads have been launched").
    except Exception:  # pragma: no cover - the workers build it themselves
        pass
