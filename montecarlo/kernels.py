"""Numba CPU kernels for the reduced Gaussian score models.

Every kernel evaluates whole chunks of trials (``conventions.CHUNK`` trials each,
chunk ``c`` holding trials ``[c*CHUNK, min((c+1)*CHUNK, ntrials))``) and returns
per-chunk sums, so the caller can reduce them in chunk order: results are
bit-identical for any thread count and any block of chunks a caller asks for.
Inside a chunk, ``conventions.LANES`` trials run side by side in SIMD lanes; a
trial's arithmetic never depends on its lane.

Per trial (Def 62): target score ``a + b Z_0``, distractors ``b Z_j`` (j = 1..m),
``Z`` i.i.d. N(0, 1) from :mod:`montecarlo.rng` (normal index j of the trial), and
the softmax mass on the target ``A = 1 / (1 + sum_j exp(b (Z_j - Z_0) - a))``.
One set of draws serves the whole gamma grid.
"""
from __future__ import annotations

import math

import numpy as np
from numba import njit, prange

from .conventions import CHUNK, LANES, LOGCUT
from .fmath import vexp
from .rng import fill_normals, trial_key

_JIT = dict(error_model="numpy", cache=True)


@njit(**_JIT)
def _lane_keys(seed, base, keys):
    for l in range(keys.size):
        keys[l] = trial_key(seed, base + l)


@njit(**_JIT)
def _t4_setup(zj, z0, w, r, e2, xs, h2, sqrt_dk):
    """Per lane: x = h^2 (2 (Z_j - Z_0) - sqrt(dk)), E = exp(x); returns max x."""
    xmax = -np.inf
    for l in range(w.size):
        x = h2 * (2.0 * (zj[l] - z0[l]) - sqrt_dk)
        e = vexp(x)
        ee = e * e
        e2[l] = ee
        w[l] = e          # E^(1^2)
        r[l] = e * ee     # E^(2*1+1)
        xs[l] = x
    for l in range(w.size):
        xmax = max(xmax, xs[l])
    return xmax


@njit(**_JIT)
def _t4_accumulate(S, w, r, e2, xs, gstop):
    """S[g] += E^(g^2) for g = 1..gstop-1 where g^2 x >= -LOGCUT (recurrence, no exp)."""
    nl = w.size
    for g in range(1, gstop):
        thr = -LOGCUT / np.float64(g * g)
        Sg = S[g]
        for l in range(nl):
            Sg[l] += w[l] if xs[l] >= thr else 0.0
            w[l] *= r[l]
            r[l] *= e2[l]


@njit(**_JIT)
def _finish_lanes(S, nvalid, sums, sqs):
    G = S.shape[0]
    for l in range(nvalid):
        for g in range(G):
            a = 1.0 / (1.0 + S[g, l])
            sums[g] += a
            sqs[g] += a * a


@njit(**_JIT)
def _t4_chunk(seed, t0, n, m, sqrt_dk, h2, G, sums, sqs):
    S = np.empty((G, LANES))
    w = np.empty(LANES)
    r = np.empty(LANES)
    e2 = np.empty(LANES)
    xs = np.empty(LANES)
    keys = np.empty(LANES, dtype=np.uint64)
    npair = (m + 2) // 2
    Z = np.empty((2 * npair, LANES))
    for base in range(t0, t0 + n, LANES):
        _lane_keys(seed, base, keys)
        fill_normals(keys, Z, npair)
        S[:, :] = 0.0
        S[0, :] = np.float64(m)  # gamma = 0: every term is exactly 1
        for j in range(1, m + 1):
            xmax = _t4_setup(Z[j], Z[0], w, r, e2, xs, h2, sqrt_dk)
            gstop = G
            if xmax < 0.0:  # one spare iteration: the mask, not gstop, decides inclusion
                c = math.floor(math.sqrt(LOGCUT / -xmax)) + 2.0  # compared as float: no int overflow
                if c < G:
                    gstop = np.int64(c)
            _t4_accumulate(S, w, r, e2, xs, gstop)
        _finish_lanes(S, min(LANES, t0 + n - base), sums, sqs)


@njit(parallel=True, **_JIT)
def t4_chunks(seed, c0, c1, ntrials, m, sqrt_dk, h2, G):
    """T4-only model on the uniform grid gamma_g = g h (g = 0..G-1), h^2 = h2.

    a = gamma^2 sqrt(dk), b = 2 gamma^2 (eq. 49), so every distractor term is
    exp(g^2 x) with x = h^2 (2 (Z_j - Z_0) - sqrt(dk)): one exp per (trial,
    candidate), the other grid points by the recurrence E^{(g+1)^2} = E^{g^2} E^{2g+1}.
    Returns per-chunk (sums, sums of squares) of A over trials, shape (c1-c0, G).
    """
    nc = c1 - c0
    sums = np.zeros((nc, G))
    sqs = np.zeros((nc, G))
    for i in prange(nc):
        t0 = (c0 + i) * CHUNK
        n = min(CHUNK, ntrials - t0)
        _t4_chunk(seed, t0, n, m, sqrt_dk, h2, G, sums[i], sqs[i])
    return sums, sqs


@njit(**_JIT)
def _generic_accumulate(S, zj, z0, a, b):
    G = a.size
    nl = zj.size
    for g in range(G):
        ag = a[g]
        bg = b[g]
        Sg = S[g]
        for l in range(nl):
            Sg[l] += vexp(bg * (zj[l] - z0[l]) - ag)


@njit(**_JIT)
def _generic_chunk(seed, t0, n, m, a, b, sums, sqs):
    G = a.size
    S = np.empty((G, LANES))
    keys = np.empty(LANES, dtype=np.uint64)
    npair = (m + 2) // 2
    Z = np.empty((2 * npair, LANES))
    for base in range(t0, t0 + n, LANES):
        _lane_keys(seed, base, keys)
        fill_normals(keys, Z, npair)
        S[:, :] = 0.0
        for j in range(1, m + 1):
            _generic_accumulate(S, Z[j], Z[0], a, b)
        _finish_lanes(S, min(LANES, t0 + n - base), sums, sqs)


@njit(parallel=True, **_JIT)
def generic_chunks(seed, c0, c1, ntrials, m, a, b):
    """Any model with target a_g + b_g Z_0 and distractors b_g Z_j (one exp per term)."""
    nc = c1 - c0
    G = a.size
    sums = np.zeros((nc, G))
    sqs = np.zeros((nc, G))
    for i in prange(nc):
        t0 = (c0 + i) * CHUNK
        n = min(CHUNK, ntrials - t0)
        _generic_chunk(seed, t0, n, m, a, b, sums[i], sqs[i])
    return sums, sqs


@njit(**_JIT)
def _argmax_chunk(seed, t0, n, m, s):
    keys = np.empty(LANES, dtype=np.uint64)
    npair = (m + 2) // 2
    Z = np.empty((2 * npair, LANES))
    mx = np.empty(LANES)
    wins = 0
    for base in range(t0, t0 + n, LANES):
        _lane_keys(seed, base, keys)
        fill_normals(keys, Z, npair)
        mx[:] = -np.inf
        for j in range(1, m + 1):
            zj = Z[j]
            for l in range(LANES):
                mx[l] = max(mx[l], zj[l])
        for l in range(min(LANES, t0 + n - base)):
            if Z[0, l] + s > mx[l]:
                wins += 1
    return wins


@njit(parallel=True, **_JIT)
def argmax_chunks(seed, c0, c1, ntrials, m, s):
    """Per-chunk counts of trials in which Z_0 + s beats all m distractors Z_j (eq. 51 by MC)."""
    nc = c1 - c0
    wins = np.zeros(nc, dtype=np.int64)
    for i in prange(nc):
        t0 = (c0 + i) * CHUNK
        n = min(CHUNK, ntrials - t0)
        wins[i] = _argmax_chunk(seed, t0, n, m, s)
    return wins
