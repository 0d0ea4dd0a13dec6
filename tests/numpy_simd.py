"""NumPy chooses SIMD code by CPU (its AVX-512 ``power`` differs from C's ``pow`` in the last bit): the
environment of a process in which it runs its baseline code only, for tests that compare what a
computation gives with and without that choice."""

from __future__ import annotations


def numpy_baseline_env() -> dict[str, str]:
    """``NPY_DISABLE_CPU_FEATURES`` naming every dispatch target this CPU has; empty when it has none."""
    try:
        from numpy._core import _multiarray_umath as mu
    except ImportError:  # NumPy 1.x
        from numpy.core import _multiarray_umath as mu  # type: ignore[no-redef]
    found = [f for f in getattr(mu, "__cpu_dispatch__", []) if mu.__cpu_features__.get(f)]
    return {"NPY_DISABLE_CPU_FEATURES": " ".join(found)} if found else {}
