"""Imported by the runner's forkserver before it forks any worker (``set_forkserver_preload``).

The forkserver builds the registry of the packs named in ``$PSA_TOOLKIT_PRELOAD_PACKS`` once --
SymPy, the theory modules, the packs, Numba's dispatchers (no thread exists yet, so forking is
safe) -- and every worker forked from it starts with that registry in memory instead of importing
and building it again: with two workers on two cores this saves two of the three imports of a run.
A failure here only costs time: the workers then build the registry themselves.
"""
from __future__ import annotations

import os

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
