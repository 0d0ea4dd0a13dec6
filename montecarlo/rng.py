"""Counter-based random numbers keyed by (seed, trial, index).

Stream definition (the contract every backend implements):

* ``key(seed, trial) = mix64(mix64(seed ^ SEED_SALT) + trial * GOLDEN)``
* the i-th 64-bit word of a trial is ``mix64(key + (i + 1) * GOLDEN)``, where
  ``mix64`` is the SplitMix64 finaliser (Steele, Lea & Flood 2014);
* uniform ``u_i = ((word_i >> 12) + 0.5) * 2^-52`` lies in ``[2^-53, 1 - 2^-53]``;
* normals come in Box-Muller pairs: ``Z_{2p}, Z_{2p+1} = R cos(2 pi u_{2p+1}),
  R sin(2 pi u_{2p+1})`` with ``R = sqrt(-2 log u_{2p})``.

Because every number is a pure function of (seed, trial, index), a result never
depends on how trials are split across threads, blocks or devices.  ``log``,
``exp`` and ``sincos`` are the branch-free float64 implementations of
:mod:`montecarlo.fmath`, so the SIMD loops vectorise.
"""

from __future__ import annotations

import math

import numpy as np
from numba import njit

from .fmath import sincos2pi, vlog

U64 = np.uint64
GOLDEN = U64(0x9E3779B97F4A7C15)
SEED_SALT = U64(0x5851F42D4C957F2D)
_M1 = U64(0xBF58476D1CE4E5B9)
_M2 = U64(0x94D049BB133111EB)
_TWO_M52 = 2.0**-52


@njit(inline="always")
def mix64(z):
    """SplitMix64 finaliser: a bijective 64-bit avalanche mix."""
    z = (z ^ (z >> U64(30))) * _M1
    z = (z ^ (z >> U64(27))) * _M2
    return z ^ (z >> U64(31))


@njit(inline="always")
def trial_key(seed, trial):
    """Key of one trial's stream."""
    return mix64(mix64(U64(seed) ^ SEED_SALT) + U64(trial) * GOLDEN)


@njit(inline="always")
def uniform(key, i):
    """The i-th uniform of a trial, in [2^-53, 1 - 2^-53] (never 0 or 1)."""
    w = mix64(key + (U64(i) + U64(1)) * GOLDEN)
    return (np.float64(w >> U64(12)) + 0.5) * _TWO_M52


@njit(inline="always")
def normal_pair(key, p):
    """Normals number 2p and 2p+1 of a trial (Box-Muller on uniforms 2p, 2p+1)."""
    u1 = uniform(key, 2 * p)
    u2 = uniform(key, 2 * p + 1)
    r = math.sqrt(-2.0 * vlog(u1))  # math.sqrt: numba-cuda has no scalar np.sqrt; same IEEE sqrt
    s, c = sincos2pi(u2)
    return r * c, r * s


@njit(error_model="numpy", cache=True)
def fill_normals(keys, Z, npair):
    """Z[2p, l], Z[2p+1, l] = normal pair p of the trial whose key is keys[l].

    Lanes (trials) are the inner, vectorised loop.
    """
    nl = keys.size
    for p in range(npair):
        za = Z[2 * p]
        zb = Z[2 * p + 1]
        for l in range(nl):
            a, b = normal_pair(keys[l], p)
            za[l] = a
            zb[l] = b


@njit(error_model="numpy", cache=True)
def normals(seed, trial0, ntrials, n):
    """Normals 0..n-1 of trials trial0..trial0+ntrials-1, shape (ntrials, n)."""
    npair = (n + 1) // 2
    keys = np.empty(ntrials, dtype=np.uint64)
    for t in range(ntrials):
        keys[t] = trial_key(seed, trial0 + t)
    Z = np.empty((2 * npair, ntrials))
    fill_normals(keys, Z, npair)
    return Z[:n].T.copy()


# --- pure NumPy reference of the same stream (specification and test oracle) ----------


def _mix64_np(z: np.ndarray) -> np.ndarray:
    z = (z ^ (z >> U64(30))) * _M1
    z = (z ^ (z >> U64(27))) * _M2
    return z ^ (z >> U64(31))


def normals_reference(seed: int, trial0: int, ntrials: int, n: int) -> np.ndarray:
    """NumPy implementation of the stream with libm log/cos/sin (agrees to ~1e-15)."""
    with np.errstate(over="ignore"):
        trials = np.arange(trial0, trial0 + ntrials, dtype=np.uint64)
        base = _mix64_np(np.array([seed], dtype=np.uint64) ^ SEED_SALT)
        keys = _mix64_np(base + trials * GOLDEN)
        npair = (n + 1) // 2
        idx = np.arange(2 * npair, dtype=np.uint64)
        words = _mix64_np(keys[:, None] + (idx[None, :] + U64(1)) * GOLDEN)
    u = ((words >> U64(12)).astype(np.float64) + 0.5) * _TWO_M52
    u1, u2 = u[:, 0::2], u[:, 1::2]
    r = np.sqrt(-2.0 * np.log(u1))
    out = np.empty((ntrials, 2 * npair))
    out[:, 0::2] = r * np.cos(2 * np.pi * u2)
    out[:, 1::2] = r * np.sin(2 * np.pi * u2)
    return out[:, :n]
