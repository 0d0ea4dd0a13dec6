"""The guard of the Numba cache of :mod:`montecarlo` (see :mod:`montecarlo._jit`): a corrupt cache
entry of one of our kernels becomes a cache miss, and the one-line notices of the cache folder.

A module of its own, so that the kernels' modules (:mod:`montecarlo.fmath`) install the guard when
they import Numba -- importing :mod:`montecarlo` itself imports no Numba -- without importing
:mod:`montecarlo._jit`, whose ``warmup`` imports the kernels.
"""

from __future__ import annotations

import os
import sys

_PACKAGE_DIR = os.path.dirname(os.path.abspath(__file__))
#: Set in the environment once a notice was printed, so child processes do not repeat it.
_NOTICE_ENV = "PSA_TOOLKIT_NUMBA_NOTICE"
_said: set[str] = set()


def _say(key: str, message: str) -> None:
    """Print ``message`` on stderr once per process tree (and once per ``key``)."""
    seen = set(filter(None, os.environ.get(_NOTICE_ENV, "").split(",")))
    if key in _said or key in seen:
        return
    _said.add(key)
    os.environ[_NOTICE_ENV] = ",".join(sorted(seen | {key}))
    print(f"psa-toolkit: {message}", file=sys.stderr, flush=True)


def _inside_package(path: str) -> bool:
    real = os.path.realpath(path)
    return real == _PACKAGE_DIR or real.startswith(_PACKAGE_DIR + os.sep)


def _is_ours(cache) -> bool:
    func = getattr(cache, "_py_func", None)
    code = getattr(func, "__code__", None)
    path = getattr(code, "co_filename", "") or getattr(cache, "_py_file", "") or ""
    return bool(path) and _inside_package(path)


def install_cache_guard() -> None:
    """Make a corrupt cache entry of a montecarlo kernel a cache miss (module doc)."""
    try:
        from numba.core import caching
    except ImportError:  # pragma: no cover - numba is a dependency
        return
    original = caching.Cache.load_overload
    if getattr(original, "_psa_guard", False):
        return

    def load_overload(self, sig, target_context):
        try:
            return original(self, sig, target_context)
        except Exception as exc:
            if not _is_ours(self):
                raise
            try:
                self.flush()  # rewrite an empty, valid index: the next save starts clean
            except Exception:
                try:
                    os.remove(self._cache_file._index_path)
                except OSError:
                    pass
            _say(
                "corrupt",
                f"a corrupt Numba cache entry ({type(exc).__name__}) for "
                f"{getattr(self, '_name', 'a kernel')} in {getattr(self, '_cache_path', '?')} "
                "was cleared; recompiling",
            )
            return None

    setattr(load_overload, "_psa_guard", True)
    caching.Cache.load_overload = load_overload  # type: ignore[method-assign]  # the guard is a monkeypatch
