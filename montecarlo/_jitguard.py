"""The guard of the Numba cache of :mod:`montecarlo` (see :mod:`montecarlo._jit`): a corrupt cache
entry of one of our kernels becomes a cache miss, so does an entry compiled from other sources of the
package (:func:`package_stamp`), and the one-line notices of the cache folder.

A module of its own, so that the kernels' modules (:mod:`montecarlo.fmath`) install the guard when
they import Numba -- importing :mod:`montecarlo` itself imports no Numba -- without importing
:mod:`montecarlo._jit`, whose ``warmup`` imports the kernels.
"""

from __future__ import annotations

import functools
import gc
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


@functools.lru_cache(maxsize=1)
def package_stamp() -> str:
    """The digest (:func:`psa_io.sources.digest`) of every ``.py`` file under the package, once per
    process; a random one when a file cannot be read (then no cache entry is ever trusted).

    A kernel's compiled code holds what it calls and the constants it reads from other modules (the
    exp and log of :mod:`montecarlo.fmath`, the normals of :mod:`montecarlo.rng`, LANES and LOGCUT of
    :mod:`montecarlo.conventions`), but Numba's cache checks only the file that defines the kernel:
    after an edit of ``fmath.py`` alone (a checkout of another commit changes only the files that
    differ) the kernels of ``kernels.py`` were loaded from the cache with the old exp in them, other
    numbers from the same seed and parameters.  A kernel's cache entry is therefore stamped with this
    digest too (:func:`install_cache_guard`): any change to the package's sources is a cache miss."""
    from pathlib import Path

    from psa_io.sources import digest, python_files

    root = Path(_PACKAGE_DIR)
    try:
        return digest(root, python_files(root, (".",)))
    except OSError:  # pragma: no cover - a file that vanished or cannot be read
        return os.urandom(32).hex()


def _stamp_with_package(caching) -> None:
    """Numba's source stamp of a function defined in this package, extended by :func:`package_stamp`
    (Numba stores the stamp in the cache index and ignores an index whose stamp differs)."""
    mixin = getattr(caching, "_SourceFileBackedLocatorMixin", None)
    original = getattr(mixin, "get_source_stamp", None)
    if original is None or getattr(original, "_psa_guard", False):
        return  # another Numba (no such locator: nothing to extend), or installed already

    def get_source_stamp(self):
        stamp = original(self)
        path = getattr(self, "_py_file", None)
        if isinstance(path, str) and _inside_package(path):
            return (stamp, package_stamp())
        return stamp

    setattr(get_source_stamp, "_psa_guard", True)
    mixin.get_source_stamp = get_source_stamp  # type: ignore[union-attr]  # the guard is a monkeypatch


def install_cache_guard() -> None:
    """Make a corrupt cache entry of a montecarlo kernel a cache miss, and an entry compiled from other
    sources of the package a miss too (:func:`package_stamp`; module doc)."""
    try:
        from numba.core import caching
    except ImportError:  # pragma: no cover - numba is a dependency
        return
    _stamp_with_package(caching)
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


# --- the widest vectors the CPU offers (issue 29, item 3) ----------------------------------------

#: The LLVM tuning flag that keeps the vector loops of most AVX-512 CPUs at 256 bits.
PREFER_256 = "prefer-256-bit"


def vector_features(host: dict, env: dict) -> str | None:
    """The ``NUMBA_CPU_FEATURES`` that lets the kernels use 512-bit vectors, or None to leave Numba's.

    ``host`` maps LLVM feature names to whether the CPU has them (``llvmlite.binding.
    get_host_cpu_features()``); ``env`` is the environment.  On a CPU with AVX-512 (``avx512f``)
    LLVM's tuning for most models prefers 256-bit vectors; the kernels' lane loops (32 trials side
    by side, no reduction across lanes, no fast-math) run faster with 512.  The features are the
    host's own, flattened as Numba flattens them, plus ``-prefer-256-bit``.  None when the CPU has
    no AVX-512, or the user chose the target (``NUMBA_CPU_NAME``, ``NUMBA_CPU_FEATURES``) or turned
    AVX off (``NUMBA_ENABLE_AVX=0``).  Results do not depend on the width (no operation's order
    changes with it: ``tests/montecarlo/test_digests.py`` checks the bits on whatever width the
    machine has).  Verified on a 2-core Intel Xeon with AVX-512: every committed digest reproduced
    with 512-bit vectors, once the t3t4 model's powers no longer went through NumPy's AVX-512
    ``power`` (:func:`montecarlo.models._pow`); the kernel calls of ``psa-mc gamma-c --dk 64 --T 512``
    took 0.64 s wall with 512-bit vectors against 0.83 s with LLVM's 256-bit preference
    (docs/performance.rst, the ninth round).
    """
    if any(env.get(k) for k in ("NUMBA_CPU_NAME", "NUMBA_CPU_FEATURES")) or env.get("NUMBA_ENABLE_AVX") == "0":
        return None
    if not host.get("avx512f"):
        return None
    flags = {k: bool(v) for k, v in host.items()}
    flags[PREFER_256] = False
    return ",".join(("+" if on else "-") + name for name, on in sorted(flags.items()))


def choose_vector_width() -> str | None:
    """Before the first kernel compiles or loads in this process: apply :func:`vector_features`
    (exported as ``NUMBA_CPU_FEATURES``, so that worker processes agree, and set in Numba's config).
    Numba keys its cache by the target's features, so a kernel compiled for one width is never
    loaded for another.  Returns the features set, or None (nothing changed)."""
    try:
        import llvmlite.binding as ll
        from numba.core import config
    except ImportError:  # pragma: no cover - numba is a dependency
        return None
    try:
        host = dict(ll.get_host_cpu_features())
    except RuntimeError:  # pragma: no cover - LLVM cannot read this CPU's features
        return None
    features = vector_features(host, dict(os.environ))
    if features is not None:
        os.environ["NUMBA_CPU_FEATURES"] = features
        setattr(config, "CPU_FEATURES", features)
    return features


# --- "compiling the T4 kernel, once": the progress line says so while a kernel compiles ----------

#: Kernel (Python function name) -> how the progress line names it.
KERNEL_NAMES = {
    "_t4_blocked_chunk": "T4",
    "_t4_layout": "T4",
    "_t4_chunk": "reference T4",
    "_generic_chunk": "generic (t3t4, key)",
    "_argmax_chunk": "argmax (eq. 51)",
    "normals": "counter RNG",
}


#: Kernel -> its compile time in CPU seconds (measured on a 2-core AVX2 machine, calibration factor
#: about 1.1, in a fresh process with Numba's own start-up), said on the progress line.
KERNEL_SECONDS = {
    # the blocked kernel's chunk function (10.6 s with its parallel driver and 8 block functions;
    # 7.4 s with the chunks on Python threads, kernels.run_chunks; 4.6 s with the blocks as
    # intrinsics)
    "_t4_blocked_chunk": 5,
    # the reference T4 chunk function: certificate sec7.9.independence
    # (montecarlo.kernels.cheap_compile_t4), the dependent ensembles, t4_chunks_reference: 2.6 s
    "_t4_chunk": 3,
}


def compile_notice(dispatcher) -> str:
    """The progress line while ``dispatcher`` compiles: "compiling the T4 kernel, once (about 11 s)"."""
    func = getattr(dispatcher, "py_func", None)
    secs = KERNEL_SECONDS.get(getattr(func, "__name__", "") or "")
    return f"compiling the {kernel_name(dispatcher)} kernel, once" + (f" (about {secs} s)" if secs else "")


def kernel_name(dispatcher) -> str:
    """The name the progress line gives a kernel (its function name when not in :data:`KERNEL_NAMES`)."""
    func = getattr(dispatcher, "py_func", None)
    name = getattr(func, "__name__", "a") or "a"
    return KERNEL_NAMES.get(name, name.lstrip("_"))


_depth = [0]
_collector_was_on = [False]


def install_compile_notice() -> None:
    """While Numba compiles one of our kernels (a cache miss: on a first run, or after an upgrade),
    :func:`psa_io.status.say` names it -- "compiling the T4 kernel, once" -- and clears it when the
    kernel is compiled; the functions a kernel calls compile inside it and are not named.

    Python's cyclic garbage collector is paused while one of our kernels compiles and switched back
    on (if it was on) when that compile ends, whether it succeeded or raised: Numba's compiler
    allocates millions of short-lived objects, so the collector ran hundreds of times during a T4
    compile, each full collection walking everything the process holds, about 4-9% of the
    compile's CPU in a small process (10.7 -> 10.0 s, a 2-core AVX2 machine) and more in a large
    one.  Reference counting still frees what is no longer used; only the cycles made during the
    compile wait for the next collection.  Nothing compiled changes."""
    try:
        from numba.core import event
    except ImportError:  # pragma: no cover - numba is a dependency
        return
    if getattr(install_compile_notice, "_installed", False):
        return

    from psa_io import status

    class _Notice(event.Listener):
        def on_start(self, ev) -> None:
            _depth[0] += 1
            if _depth[0] == 1:
                d = (ev.data or {}).get("dispatcher")
                code = getattr(getattr(d, "py_func", None), "__code__", None)
                if code is not None and _inside_package(code.co_filename):
                    _collector_was_on[0] = gc.isenabled()
                    gc.disable()
                    status.say(compile_notice(d))

        def on_end(self, ev) -> None:
            _depth[0] = max(0, _depth[0] - 1)
            if _depth[0] == 0:
                if _collector_was_on[0]:
                    _collector_was_on[0] = False
                    gc.enable()
                status.done()

    event.register("numba:compile", _Notice())
    setattr(install_compile_notice, "_installed", True)
