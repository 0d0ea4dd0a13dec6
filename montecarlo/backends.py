"""Execution backends.  Each evaluates chunks of trials and returns per-chunk sums.

A backend exposes ``curve_chunks(model, seed, c0, c1, ntrials, m, dk, gammas)`` ->
``(sums, sqs)`` of shape ``(c1 - c0, len(gammas))`` and ``argmax_chunks(seed, c0,
c1, ntrials, m, s)`` -> per-chunk win counts.  The engine reduces chunk sums in
chunk order, so every backend that implements the same per-trial arithmetic
gives the same numbers.
"""

from __future__ import annotations

from typing import Protocol, SupportsInt

import numpy as np
from numpy.typing import ArrayLike, NDArray

from theory._types import FloatArray

from .conventions import uniform_grid_step
from .models import Model

BACKENDS = ("cpu", "gpu")


class BackendUnavailable(RuntimeError):
    """The requested backend cannot run here (no GPU, missing package...)."""


class Backend(Protocol):
    """What the engine calls on a backend (see the module docstring)."""

    name: str

    def curve_chunks(
        self, model: Model, seed: int, c0: int, c1: int, ntrials: int, m: int, dk: float, gammas: FloatArray
    ) -> tuple[FloatArray, FloatArray]: ...

    def argmax_chunks(self, seed: int, c0: int, c1: int, ntrials: int, m: int, s: float) -> NDArray[np.int64]: ...


def _i64(v: SupportsInt) -> int:
    """A Python int that Numba types as int64 (a NumPy int32/uint64 would compile a new specialisation)."""
    v = int(v)
    if not -(2**63) <= v < 2**63:
        raise ValueError(f"integer argument {v} does not fit in int64")
    return v


def _f64_vector(x: ArrayLike) -> FloatArray:
    """A writeable, C-contiguous, 1-d float64 array: one array type, hence one specialisation."""
    out = np.require(np.asarray(x, dtype=np.float64).reshape(-1), dtype=np.float64, requirements=("C", "W"))
    return out


class CPUBackend:
    """The Numba CPU kernels (:mod:`montecarlo.kernels`).

    Arguments are normalised here -- Python ``int`` (int64) for seeds, chunk bounds, trial
    and distractor counts and grid sizes, Python ``float`` (float64) for scalars, writeable
    C-contiguous float64 vectors for per-coupling arrays -- so that each kernel compiles
    exactly one specialisation, whatever types a caller passes (``np.int32``, ``np.uint64``
    seeds, float32 or read-only arrays, ...).  ``psa-mc warmup`` compiles (or loads) that
    one specialisation of every kernel.
    """

    name = "cpu"

    def curve_chunks(
        self,
        model: Model,
        seed: SupportsInt,
        c0: SupportsInt,
        c1: SupportsInt,
        ntrials: SupportsInt,
        m: SupportsInt,
        dk: float,
        gammas: FloatArray,
    ) -> tuple[FloatArray, FloatArray]:
        from . import kernels  # here, not at import: importing the module (a store key) imports no Numba

        h = uniform_grid_step(gammas)
        seed, c0, c1, ntrials, m = _i64(seed), _i64(c0), _i64(c1), _i64(ntrials), _i64(m)
        if model.name == "t4" and h is not None:
            return kernels.t4_chunks(
                seed, c0, c1, ntrials, m, float(np.sqrt(float(dk))), float(h * h), _i64(np.size(gammas))
            )
        a = _f64_vector(np.broadcast_to(model.a(gammas, dk), np.shape(gammas)))
        b = _f64_vector(np.broadcast_to(model.b(gammas, dk), np.shape(gammas)))
        return kernels.generic_chunks(seed, c0, c1, ntrials, m, a, b)

    def argmax_chunks(
        self, seed: SupportsInt, c0: SupportsInt, c1: SupportsInt, ntrials: SupportsInt, m: SupportsInt, s: float
    ) -> NDArray[np.int64]:
        from . import kernels

        return kernels.argmax_chunks(_i64(seed), _i64(c0), _i64(c1), _i64(ntrials), _i64(m), float(s))


def get_backend(name: str) -> Backend:
    if name == "cpu":
        return CPUBackend()
    if name == "gpu":
        return _cuda_backend()
    raise ValueError(f"unknown backend {name!r}; choose one of {', '.join(BACKENDS)}")


_GPU_INSTALL_HINT = "numba-cuda is not installed; pip install 'psa-toolkit[gpu]'"


def _cuda_backend() -> Backend:
    """The numba-cuda backend (:mod:`montecarlo.cuda_kernels`), or BackendUnavailable saying why not."""
    import importlib.util

    from numba.core import config

    # The CUDA simulator (NUMBA_ENABLE_CUDASIM=1, tests only) also runs on numba's own
    # numba.cuda; a real GPU needs numba-cuda.
    # numba.core.config sets its options at run time (from the environment), so numba's own
    # type information has no ENABLE_CUDASIM attribute
    if not config.ENABLE_CUDASIM and importlib.util.find_spec("numba_cuda") is None:  # type: ignore[attr-defined]
        raise BackendUnavailable(_GPU_INSTALL_HINT)
    try:
        from . import cuda_kernels
    except ImportError as exc:  # a broken or partial numba-cuda install
        raise BackendUnavailable(f"{_GPU_INSTALL_HINT} (import failed: {exc})") from None
    why = cuda_kernels.availability_error()
    if why is not None:
        raise BackendUnavailable(why)
    return cuda_kernels.CUDABackend()
