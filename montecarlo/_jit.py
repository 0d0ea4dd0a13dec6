"""Where the Numba kernels of :mod:`montecarlo` are cached, and recovery from a broken cache.

Imported first by :mod:`montecarlo` (before anything imports a kernel), so the choice is
made before Numba creates the kernels' caches (``cache=True``):

* ``NUMBA_CACHE_DIR`` set and usable: used as is.
* ``NUMBA_CACHE_DIR`` set but not usable (missing and not creatable, read-only, inside the
  installed package, or not safe: see below): the user cache directory is used instead and one
  line on stderr says why.
* ``NUMBA_CACHE_DIR`` unset: the user cache directory
  ``$XDG_CACHE_HOME/psa-toolkit/numba`` (default ``~/.cache/psa-toolkit/numba``); if
  that is not usable either, the per-user folder ``$TMPDIR/psa-toolkit-numba-<uid>``, and if
  that is refused too, a new folder of this user made by :func:`tempfile.mkdtemp` (and one line
  on stderr).

Numba's cache index files are pickles: a folder someone else can write is code someone else
runs as the user.  So a folder the user names (``NUMBA_CACHE_DIR``, the user cache) is refused
when it belongs to another user or others can write to it (group or other write bit, sticky or
not), and the folder under the temporary directory, which the toolkit picks itself, is made with
mode 0700 and used only when ``lstat`` finds a folder (not a symbolic link) of this user that
nobody else can write (:func:`refusal`, the check of :mod:`psa_io.private` that the store key
file uses too).

The choice is exported as ``NUMBA_CACHE_DIR`` so that worker processes (dask, notebook
kernels started from here) share it.  A corrupt cache entry of a montecarlo kernel (a
garbage ``.nbi`` index or ``.nbc`` data file) is detected when Numba loads it: the
kernel's index is cleared, the kernel recompiles (and re-saves a good entry), and one
line on stderr says so -- no traceback, on this run or the next.  That guard is installed by
the modules that define kernels (:mod:`montecarlo.fmath`, which every CPU kernel imports, and
:mod:`montecarlo.cuda_kernels`), so that importing :mod:`montecarlo` does not import Numba.

``psa-mc warmup`` compiles or loads every kernel once and prints the time each took.
"""

from __future__ import annotations

import os
import sys
import tempfile
from typing import Any

from psa_io import private
from psa_io.escape import terminal

from ._jitguard import _inside_package, _say, install_cache_guard

__all__ = [
    "cache_dir",
    "configure_cache_dir",
    "environment_problem",
    "install_cache_guard",
    "user_cache_dir",
]

_chosen: str | None = None


def user_cache_dir() -> str:
    """``$XDG_CACHE_HOME/psa-toolkit/numba`` (``~/.cache/psa-toolkit/numba`` by default; a relative
    ``XDG_CACHE_HOME`` is ignored, as the XDG specification says)."""
    xdg = os.environ.get("XDG_CACHE_HOME", "")
    base = xdg if xdg and os.path.isabs(xdg) else os.path.join(os.path.expanduser("~"), ".cache")
    return os.path.join(base, "psa-toolkit", "numba")


def _temp_cache_dir() -> str:
    uid = os.getuid() if hasattr(os, "getuid") else os.environ.get("USERNAME", "user")
    return os.path.join(tempfile.gettempdir(), f"psa-toolkit-numba-{uid}")


def _writable(path: str) -> bool:
    """A file can be written in the folder ``path``."""
    try:
        fd, probe = tempfile.mkstemp(prefix=".psa-probe-", dir=path)
        os.close(fd)
        os.remove(probe)
        return True
    except OSError:
        return False


def refusal(path: str, *, explicit: bool) -> str | None:
    """Why the folder ``path`` may not hold the kernels' cache, or None when it may (and exists then).

    Numba's index files are pickles: whoever can write the folder runs code as the user.  A folder
    the user names (``explicit``: ``NUMBA_CACHE_DIR``, the user cache under ``~/.cache``) is made
    with mode 0700 when missing, followed if it is a link, and refused when it belongs to another
    user or others can write to it; a folder the toolkit picks itself (the one under the temporary
    directory) must in addition not be a symbolic link (:func:`psa_io.private.private_folder`)."""
    try:
        path = os.path.abspath(path)  # exported to other processes, which may start elsewhere
    except OSError:  # a relative path, and the current folder was deleted
        return "cannot be made (a relative path, and the current folder no longer exists)"
    if _inside_package(path):
        return "is inside the installed package"
    if explicit:
        try:
            os.makedirs(path, mode=0o700, exist_ok=True)
            st = os.stat(path)
        except OSError as exc:
            return f"cannot be made ({exc.strerror or exc})"
        why = private.problem(st, folder=True, others=private.WRITE_BY_OTHERS)
    else:
        why = private.private_folder(path)
    if why is None and not _writable(path):
        why = "is not writable"
    return why


def _fresh_private_dir() -> str | None:
    """A new folder of this user, mode 0700 (when the usual ones are refused)."""
    uid = os.getuid() if hasattr(os, "getuid") else "user"
    try:
        return tempfile.mkdtemp(prefix=f"psa-toolkit-numba-{uid}-")
    except OSError:
        return None


def configure_cache_dir() -> str | None:
    """Choose the kernels' cache folder (module doc), export it, and return it (None: no cache)."""
    global _chosen
    requested = os.environ.get("NUMBA_CACHE_DIR", "")
    refused: list[str] = []
    chosen: str | None = None
    candidates = ([(requested, True)] if requested else []) + [(user_cache_dir(), True), (_temp_cache_dir(), False)]
    for path, explicit in candidates:
        why = refusal(path, explicit=explicit)
        if why is None:
            chosen = os.path.abspath(path)
            break
        name = f"NUMBA_CACHE_DIR={path}" if explicit and path == requested and requested else path
        refused.append(f"{name} is not usable: it {why}")
    if chosen is None and refused:
        chosen = _fresh_private_dir()
    if refused:
        where = chosen if chosen is not None else "nowhere (kernels will compile in every process)"
        _say("dir", terminal("; ".join(refused) + f"; caching compiled kernels in {where}"))
    if chosen is not None:
        os.environ["NUMBA_CACHE_DIR"] = chosen
        config = sys.modules.get("numba.core.config")
        if config is not None:  # numba already imported: its config read the old value
            setattr(config, "CACHE_DIR", chosen)
    _chosen = chosen
    return chosen


def environment_problem() -> str | None:
    """What is wrong with Numba's settings in the environment, in one line (None: nothing).

    ``NUMBA_NUM_THREADS`` must be a whole number of threads, at least 1: Numba refuses 0 or a
    negative count with a traceback as it is imported, and ignores anything else that is not a
    number (with a warning over several lines).  The programs check it before any work, so that
    such a value is bad input (exit 2, this line) and never a traceback or a silently other count."""
    raw = os.environ.get("NUMBA_NUM_THREADS")
    if raw is None or not raw.strip():
        return None
    try:
        n = int(raw)
    except ValueError:
        n = None
    if n is None or n < 1:
        return terminal(
            f"NUMBA_NUM_THREADS={raw} in the environment is not a number of threads (a whole number >= 1); "
            "set it to one or unset it"
        )
    return None


def cache_dir() -> str | None:
    """The folder chosen by :func:`configure_cache_dir`."""
    return _chosen


configure_cache_dir()
if "numba" in sys.modules:  # else the kernels' modules install it when they import Numba (fmath)
    install_cache_guard()


# --- psa-mc warmup --------------------------------------------------------------------------


def _counts(dispatcher) -> tuple[int, int]:
    """(cache hits, cache misses) of a Numba dispatcher (the kernels' Python wrappers allocate
    scratch and call the per-chunk dispatchers, which are the ones counted)."""
    st = dispatcher.stats
    return sum(st.cache_hits.values()), sum(st.cache_misses.values())


def _sec79_chunks() -> None:
    """The kernels certificate ``sec7.9.independence`` runs (:func:`montecarlo.kernels.cheap_compile_t4`)."""
    from . import induction, kernels
    from .engine import simulate_curves

    with kernels.cheap_compile_t4():
        simulate_curves(16, 5, trials=64, seeds=1, grid=5)
        induction.dependent_curves(16, 5, trials=64, seeds=1, grid=5)


def warmup(backend: str = "cpu") -> dict:
    """Compile (or load from the cache) every Monte-Carlo kernel once; return what each took.

    Runs each public entry point on a tiny input, so the one specialisation that the
    backends use (see :class:`montecarlo.backends.CPUBackend`) is compiled and written to
    the cache (:func:`cache_dir`); a later process loads it instead of compiling.
    Returns ``{"cache_dir", "backend", "kernels": [{"kernel", "source", "seconds"}], "total_s"}``
    with ``source`` one of ``compiled`` (cache miss: compiled and saved), ``cache`` (loaded)
    or ``memory`` (already loaded in this process).
    """
    import time

    from . import kernels, rng
    from .engine import argmax_probability, simulate_curves

    small: dict[str, Any] = dict(trials=64, seeds=1, grid=5, backend=backend)
    jobs = [
        ("t4_chunks (model t4)", [kernels._t4_blocked_chunk], lambda: simulate_curves(16, 5, **small)),
        (
            "generic_chunks (models t3t4, key)",
            [kernels._generic_chunk],
            lambda: simulate_curves(16, 5, model="t3t4", **small),
        ),
        (
            "argmax_chunks (eq. 51)",
            [kernels._argmax_chunk],
            lambda: argmax_probability(1.0, 3, trials=64, backend=backend),
        ),
    ]
    if backend == "cpu":
        jobs += [
            (
                "t4_reference_chunk (dependent ensembles; certificate sec7.9.independence)",
                [kernels._t4_chunk],
                _sec79_chunks,
            ),
            ("normals (counter RNG)", [rng.normals], lambda: rng.normals(0, 0, 2, 3)),
        ]
    rows = []
    t_all = time.perf_counter()
    for name, dispatchers, call in jobs:
        before = [_counts(d) for d in dispatchers]
        t0 = time.perf_counter()
        call()
        dt = time.perf_counter() - t0
        after = [_counts(d) for d in dispatchers]
        hits = sum(a[0] - b[0] for a, b in zip(after, before))
        misses = sum(a[1] - b[1] for a, b in zip(after, before))
        source = "compiled" if misses else ("cache" if hits else "memory")
        if backend != "cpu":
            source = "gpu (compiled or loaded)"
        rows.append({"kernel": name, "source": source, "seconds": dt})
    return {"cache_dir": cache_dir(), "backend": backend, "kernels": rows, "total_s": time.perf_counter() - t_all}
