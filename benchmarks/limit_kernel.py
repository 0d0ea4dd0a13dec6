"""The engine against "the limit" (issue 29, item 3): live recurrence terms only, no cost to find them.

    python benchmarks/limit_kernel.py [--reps 5] [--grid-reps 3] [--no-grid] [--check-only]

Benchmark only: nothing here is imported by the package or by ``psa-mc``.

What the engine's T4 kernel (:func:`montecarlo.kernels.t4_chunks`) does per group of 32 trials:
the normals, the lanes placed in Z_0 order, per pair of candidates (j, j + 1) the block-0 state
(one exp per trial and candidate), then, per 8-lane vector, the number of blocks of U = 8 couplings
each candidate needs (the max x of its lanes against the blocks' first thresholds) and those blocks
of the recurrence: a block of both candidates while a lane of each is alive at the block's first
coupling, a block of one while only its lanes are (dead terms inside a run block are computed and
masked: they add exactly 0.0), then the per-trial values 1/(1 + S) in trial order.

How the limit is measured.  Three kernels are timed in this process, after an untimed call has
compiled or loaded each, over the same work as the engine (``t4_chunks`` for every seed, all
chunks in one call per seed, 2 Numba threads unless NUMBA_NUM_THREADS says otherwise):

* ``engine``: :func:`montecarlo.kernels.t4_chunks` itself.
* ``oracle``: the engine's chunk, the same draws, lane order and state, with the engine's own pair
  block (``kernels._t4_pair_block``: both candidates' chains side by side, the cheapest computed
  term there is) run for every block of a vector in which either candidate is alive -- the rule of
  the engine before it ran blocks of one candidate -- and the number of blocks read from a table
  computed beforehand, outside the timed region, from the same draws (:func:`oracle_tables`); the
  timed kernel computes no max x and makes no stop test: the cost of finding the live blocks is
  excluded.  It computes the engine's terms and more (where one candidate of a pair is dead in a
  block, the engine runs the other alone).
* ``fixed``: the oracle kernel with no block at all: draws, lane order, state (the exps), the
  per-trial finish -- everything but the recurrence.

The same untimed pass counts, on the engine's own draws, the recurrence terms the oracle computes
(V lanes x 2 candidates x U couplings per run block), those the engine computes (V x U per run
block of each candidate), and the live ones (per trial and candidate, the couplings g >= 1 with
x >= -LOGCUT/g^2).  Then

    limit = fixed + (oracle - fixed) x live / computed by the oracle

i.e. the engine's work with only the live recurrence terms computed, each at the cost that a
computed term has in the oracle kernel (pair blocks of full vectors: no lane of a vector wasted on a
dead term, no partial block, no chain alone) and nothing paid to find them.  No kernel on this
machine reaches it: a vector whose lanes carry terms of different lengths must mask (AVX2 has no
scatter to repack trials), which is exactly the dead work the limit leaves out.  The limit's sums
are the oracle's: the script checks that the oracle kernel's per-chunk sums and sums of squares
equal the engine's bit for bit (sha256 of the arrays), and that a live-only kernel -- scalar, one
trial at a time, each term computed only while it is live (:func:`live_only_chunks`) -- gives the
same bits too at a smaller point (it is slow; its time is printed for information, it is not the
limit).  Engine-level figures: ``gamma_c_mc`` time, and the same with the kernel time replaced by
the limit's (the rest of ``gamma_c_mc`` -- reductions, the extraction -- is the same in both).

Protocol: the kernels run in rotating order, ``--reps`` rounds; medians of wall (perf_counter)
and CPU (process_time: user + system of all threads of this process); the load average is printed
before and after.  On a loaded machine (other sessions on the 2 cores) CPU times scatter; compare
the medians of the same sitting only.
"""

from __future__ import annotations

import argparse
import hashlib
import os
import statistics
import sys
import time

import numpy as np
from numba import njit, prange

from montecarlo import conventions as conv
from montecarlo import kernels
from montecarlo.conventions import CHUNK, LANES, LOGCUT
from montecarlo.fmath import vexp
from montecarlo.kernels import (
    NV,
    SORT_MIN_M,
    SROW,
    U,
    V,
    _finish_lanes,
    _lane_keys,
    _sort_lanes,
    _t4_finish,
    _t4_layout,
    _t4_no_state,
    _t4_state,
    _t4_state_pair,
    scratch_bytes,
    t4_chunks,
)
from montecarlo.rng import fill_normals, normal_pair

#: Not cached: these kernels inline the engine's (``_t4_pair_block``, the state functions), and Numba's
#: cache checks only this file, so after an edit of montecarlo/kernels.py a cached copy ran the old
#: blocks on the new layout (it crashed).  The package's own kernels are stamped with all its sources
#: (montecarlo._jitguard.package_stamp); these compile in each run, outside the timed regions.
_J = dict(error_model="numpy", cache=False)


@njit(inline="always", **_J)
def _block_at(B, v, b, thr, g0):
    """Block b (couplings g0 = b*U+1 ..) of vector v, both candidates: the engine's own pair block
    (an intrinsic: its IR is emitted into this kernel, nothing of the engine's compiled code is
    linked in or cached twice)."""
    o = np.uint64(v * V)
    kernels._t4_pair_block(B, o, np.uint64((SROW + b * U) * LANES) + o, thr, g0)


@njit(**_J)
def _thresholds(thr, G):
    thr[0] = -np.inf
    for g in range(1, thr.size):
        thr[g] = -LOGCUT / np.float64(g * g) if g < G else np.inf


@njit(**_J)
def _place(seed, base, m, k0, keys, z0, perm, pos):
    """The engine's lane placement of a group (kernels._t4_blocked_chunk)."""
    L = LANES
    _lane_keys(seed, base, k0)
    if m >= SORT_MIN_M:
        for l in range(L):
            z0[l] = normal_pair(k0[l], 0)[0]
        _sort_lanes(z0, perm)
    else:
        for l in range(L):
            perm[l] = l
    for l in range(L):
        keys[l] = k0[perm[l]]
        pos[perm[l]] = l


@njit(**_J)
def _state(Z, j, m, B, h2, sqrt_dk):
    """The engine's block-0 state of candidates j and j + 1 (an absent j + 1 when j = m)."""
    if j < m:
        _t4_state_pair(Z[j], Z[j + 1], Z[0], B, h2, sqrt_dk)
    else:
        _t4_state(Z[j], Z[0], B, h2, sqrt_dk)
        _t4_no_state(B[4 * LANES :])


@njit(**_J)
def _vmax(B, row, v):
    """Max x over vector v's lanes in state row ``row`` (untimed: the oracle's table)."""
    x = B[row * LANES + v * V]
    for u in range(1, V):
        x = max(x, B[row * LANES + v * V + u])
    return x


@njit(**_J)
def _workspace(m, G, f, ku, ki):
    """A chunk's workspace as the engine's blocked chunk lays it out (``montecarlo.kernels``'
    ``_t4_blocked_chunk``, :func:`_t4_layout`): (pairs of normal rows, Z, B, thresholds, z0, keys,
    k0, perm, pos) -- views, nothing copied."""
    L = LANES
    zr, nb, nt, _ntb = _t4_layout(m, G)
    nz = zr * L
    nbr = (nb * U + SROW) * L
    Z = f[:nz].reshape((zr, L))
    B = f[nz : nz + nbr]
    thr = f[nz + nbr : nz + nbr + nt]
    z0 = f[nz + nbr + nt : nz + nbr + nt + L]
    return zr // 2, Z, B, thr, z0, ku[:L], ku[L : 2 * L], ki[:L], ki[L : 2 * L]


@njit(**_J)
def _oracle_chunk(seed, t0, n, m, sqrt_dk, h2, G, f, ku, ki, orc, cnt):
    """Untimed: per group, pair and vector the blocks of the oracle's rule (either candidate alive);
    cnt += (terms the oracle computes, live terms, terms the engine computes)."""
    L = LANES
    npair, Z, B, thr, z0, keys, k0, perm, pos = _workspace(m, G, f, ku, ki)
    _thresholds(thr, G)
    gi = 0
    for base in range(t0, t0 + n, L):
        _place(seed, base, m, k0, keys, z0, perm, pos)
        fill_normals(keys, Z, npair)
        for j in range(1, m + 1, 2):
            _state(Z, j, m, B, h2, sqrt_dk)
            p = (j - 1) // 2
            for v in range(NV):
                xj = _vmax(B, 3, v)
                xk = _vmax(B, 7, v)
                xv = max(xj, xk)  # max x of both candidates over the vector's lanes
                b = 0
                while xv >= thr[b * U + 1]:  # block b iff either is alive at its first g
                    b += 1
                orc[gi, p, v] = b
                cnt[0] += b * U * V * 2
                for xc in (xj, xk):  # the engine: a candidate's blocks while it is alive
                    b = 0
                    while xc >= thr[b * U + 1]:
                        b += 1
                    cnt[2] += b * U * V
            for row in (3, 7):
                for l in range(L):
                    x = B[row * L + l]
                    g = 1
                    while x >= thr[g]:
                        g += 1
                    cnt[1] += g - 1
        gi += 1


@njit(**_J)
def _limit_chunk(seed, t0, n, m, sqrt_dk, h2, G, f, ku, ki, orc, blocks, sums, sqs):
    """The engine's chunk with the blocks of each vector and pair read from ``orc`` (no max x, no
    stop test); ``blocks`` False: no recurrence at all (the 'fixed' part)."""
    L = LANES
    npair, Z, B, thr, z0, keys, k0, perm, pos = _workspace(m, G, f, ku, ki)
    _thresholds(thr, G)
    gi = 0
    for base in range(t0, t0 + n, L):
        _place(seed, base, m, k0, keys, z0, perm, pos)
        fill_normals(keys, Z, npair)
        B[SROW * L :] = 0.0
        for j in range(1, m + 1, 2):
            _state(Z, j, m, B, h2, sqrt_dk)
            if blocks:
                p = (j - 1) // 2
                for v in range(NV):
                    for b in range(orc[gi, p, v]):
                        _block_at(B, v, b, thr, b * U + 1)
        _t4_finish(B, m, G, min(L, t0 + n - base), pos, sums, sqs)
        gi += 1


@njit(parallel=True, **_J)
def _oracle_par(seed, c0, c1, ntrials, m, sqrt_dk, h2, G, f, ku, ki, orc, cnt):
    for i in prange(c1 - c0):
        t0 = (c0 + i) * CHUNK
        _oracle_chunk(seed, t0, min(CHUNK, ntrials - t0), m, sqrt_dk, h2, G, f[i], ku[i], ki[i], orc[i], cnt[i])


@njit(parallel=True, **_J)
def _limit_par(seed, c0, c1, ntrials, m, sqrt_dk, h2, G, f, ku, ki, orc, blocks):
    nc = c1 - c0
    sums = np.zeros((nc, G))
    sqs = np.zeros((nc, G))
    for i in prange(nc):
        t0 = (c0 + i) * CHUNK
        n = min(CHUNK, ntrials - t0)
        _limit_chunk(seed, t0, n, m, sqrt_dk, h2, G, f[i], ku[i], ki[i], orc[i], blocks, sums[i], sqs[i])
    return sums, sqs


def _scratch(nc, m, G):
    f = np.empty((nc, scratch_bytes("t4", m, G) // 8 - 4 * LANES))
    ku = np.empty((nc, 2 * LANES), dtype=np.uint64)
    ki = np.empty((nc, 2 * LANES), dtype=np.int64)
    return f, ku, ki


class Point:
    """One (dk, T) point of ``psa-mc gamma-c`` (m = T - 2, the default grid), its kernel arguments."""

    def __init__(self, dk, T, trials=conv.DEFAULT_TRIALS, seeds=conv.DEFAULT_SEEDS):
        self.dk, self.T, self.trials = dk, T, trials
        self.m = conv.distractor_count(T)
        gam = conv.gamma_grid()
        h = conv.uniform_grid_step(gam)
        self.G = int(gam.size)
        self.h2 = float(h * h)
        self.sqrt_dk = float(np.sqrt(float(dk)))
        self.seeds = conv.seed_list(conv.DEFAULT_SEED, seeds)
        self.nch = -(-trials // CHUNK)

    def args(self, s):
        return (s, 0, self.nch, self.trials, self.m, self.sqrt_dk, self.h2, self.G)

    def engine(self):
        return [t4_chunks(*self.args(s)) for s in self.seeds]


def oracle_tables(pt):
    """Per seed the block table (chunk, group, pair, vector) -> blocks; (computed by the oracle, live,
    computed by the engine) terms."""
    tabs = []
    comp = live = ecomp = 0
    ng = CHUNK // LANES
    for s in pt.seeds:
        f, ku, ki = _scratch(pt.nch, pt.m, pt.G)
        orc = np.zeros((pt.nch, ng, (pt.m + 1) // 2, NV), dtype=np.int64)
        cnt = np.zeros((pt.nch, 3), dtype=np.int64)
        _oracle_par(*pt.args(s), f, ku, ki, orc, cnt)
        tabs.append(orc)
        comp += int(cnt[:, 0].sum())
        live += int(cnt[:, 1].sum())
        ecomp += int(cnt[:, 2].sum())
    return tabs, comp, live, ecomp


def limit_kernel(pt, tabs, blocks=True):
    """The timed oracle kernel (blocks from ``tabs``) or, ``blocks`` False, the fixed part."""
    out = []
    for s, orc in zip(pt.seeds, tabs):
        f, ku, ki = _scratch(pt.nch, pt.m, pt.G)
        out.append(_limit_par(*pt.args(s), f, ku, ki, orc, blocks))
    return out


@njit(**_J)
def _live_chunk(seed, t0, n, m, sqrt_dk, h2, G, sums, sqs):
    """Live terms only, one trial (lane) at a time: each candidate's recurrence runs while its
    term is live (the thresholds grow with g: a dead term stays dead), added in candidate order."""
    L = LANES
    npair = (m + 2) // 2
    Z = np.empty((2 * npair, L))
    S = np.empty((G, L))
    keys = np.empty(L, dtype=np.uint64)
    thr = np.empty(G + 1)
    _thresholds(thr, G)
    for base in range(t0, t0 + n, L):
        _lane_keys(seed, base, keys)
        fill_normals(keys, Z, npair)
        S[:, :] = 0.0
        S[0, :] = np.float64(m)
        for j in range(1, m + 1):
            for l in range(L):
                x = h2 * (2.0 * (Z[j, l] - Z[0, l]) - sqrt_dk)
                if x >= thr[1]:
                    e = vexp(x)
                    ee = e * e
                    w = e
                    r = e * ee
                    g = 1
                    while x >= thr[g]:
                        S[g, l] += w
                        w *= r
                        r *= ee
                        g += 1
        _finish_lanes(S, min(L, t0 + n - base), sums, sqs)


@njit(parallel=True, **_J)
def _live_par(seed, c0, c1, ntrials, m, sqrt_dk, h2, G):
    nc = c1 - c0
    sums = np.zeros((nc, G))
    sqs = np.zeros((nc, G))
    for i in prange(nc):
        t0 = (c0 + i) * CHUNK
        _live_chunk(seed, t0, min(CHUNK, ntrials - t0), m, sqrt_dk, h2, G, sums[i], sqs[i])
    return sums, sqs


def live_only_chunks(pt):
    """Per seed (sums, sums of squares) of the scalar live-only kernel (bit check, informational)."""
    return [_live_par(*pt.args(s)) for s in pt.seeds]


def digest(res):
    """sha256 of the per-seed per-chunk sums and sums of squares (float64 bytes)."""
    h = hashlib.sha256()
    for a, b in res:
        h.update(np.ascontiguousarray(a).tobytes())
        h.update(np.ascontiguousarray(b).tobytes())
    return h.hexdigest()


def _timed(f):
    w0, c0 = time.perf_counter(), time.process_time()
    f()
    return time.perf_counter() - w0, time.process_time() - c0


def _load():
    return " ".join(f"{x:.1f}" for x in os.getloadavg())


def measure(points, reps, label):
    """Alternating rounds of engine / oracle / fixed over ``points``; returns the medians."""
    prep = [(pt, *oracle_tables(pt)) for pt in points]
    comp = sum(p[2] for p in prep)
    live = sum(p[3] for p in prep)
    ecomp = sum(p[4] for p in prep)
    eng = digest([r for pt in points for r in pt.engine()])
    orc = digest([r for pt, tabs, *_ in prep for r in limit_kernel(pt, tabs)])
    for pt, tabs, *_ in prep:
        limit_kernel(pt, tabs, blocks=False)  # load the fixed variant (untimed)
    same = eng == orc
    kinds = {
        "engine": lambda: [pt.engine() for pt in points],
        "oracle": lambda: [limit_kernel(pt, tabs) for pt, tabs, *_ in prep],
        "fixed": lambda: [limit_kernel(pt, tabs, blocks=False) for pt, tabs, *_ in prep],
    }
    names = list(kinds)
    runs: dict[str, list[tuple[float, float]]] = {k: [] for k in names}
    load0 = _load()
    for i in range(reps):
        for k in names[i % 3 :] + names[: i % 3]:  # rotate the order each round
            runs[k].append(_timed(kinds[k]))
    load1 = _load()
    med = {k: (statistics.median(r[0] for r in v), statistics.median(r[1] for r in v)) for k, v in runs.items()}
    frac = live / comp
    lim = tuple(med["fixed"][i] + (med["oracle"][i] - med["fixed"][i]) * frac for i in (0, 1))
    print(f"{label}: {reps} rounds, load average {load0} -> {load1}")
    print(
        f"  recurrence terms, engine's draws: {live:.3e} live; the oracle computes {comp:.3e} ({1 - frac:.0%} dead), "
        f"the engine {ecomp:.3e} ({1 - live / ecomp:.0%} dead)"
    )
    print(f"  oracle sums == engine sums bit for bit (sha256): {same}")
    for k in names:
        print(
            f"  {k:7s} wall {med[k][0]:6.2f} s  CPU {med[k][1]:6.2f} s  (CPU runs: "
            + " ".join(f"{r[1]:.2f}" for r in runs[k])
            + ")"
        )
    print(f"  limit   wall {lim[0]:6.2f} s  CPU {lim[1]:6.2f} s  = fixed + (oracle - fixed) x live/computed")
    print(
        f"  engine / limit: wall {med['engine'][0] / lim[0]:.2f}, CPU {med['engine'][1] / lim[1]:.2f}; "
        f"engine / oracle: CPU {med['engine'][1] / med['oracle'][1]:.2f}; "
        f"recurrence share of the engine (CPU): {(med['engine'][1] - med['fixed'][1]) / med['engine'][1]:.0%}"
    )
    return med, lim, same


def check(dk=64, T=130, trials=1024, seeds=2):
    """Bit checks at a small point: oracle and live-only kernels against the engine."""
    pt = Point(dk, T, trials, seeds)
    eng = digest(pt.engine())
    tabs = oracle_tables(pt)[0]
    orc = digest(limit_kernel(pt, tabs))
    lv = digest(live_only_chunks(pt))
    return eng == orc, eng == lv


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    ap.add_argument("--reps", type=int, default=5, help="rounds at dk 64, T 512 (default 5)")
    ap.add_argument("--grid-reps", type=int, default=3, help="rounds of the §7.9 grid (default 3)")
    ap.add_argument("--no-grid", action="store_true", help="only the dk 64, T 512 point")
    ap.add_argument("--check-only", action="store_true", help="only the bit checks")
    args = ap.parse_args(argv)
    import numba

    from montecarlo.induction import GRID_79

    print(f"threads {numba.get_num_threads()}; load average {_load()}")
    t0 = time.perf_counter()
    oc, lc = check()
    print(
        f"bit check at dk 64, T 130, 2 x 1,024 trials: oracle == engine {oc}, live-only == engine {lc} "
        f"({time.perf_counter() - t0:.0f} s incl. compiling)"
    )
    if args.check_only:
        return 0 if oc and lc else 1
    big = Point(64, 512)
    lt = _timed(lambda: live_only_chunks(big))
    print(
        f"live-only scalar kernel at dk 64, T 512 (information, not the limit): wall {lt[0]:.2f} s, CPU {lt[1]:.2f} s"
    )
    med, lim, same = measure(
        [big], args.reps, "psa-mc gamma-c --dk 64 --T 512 (5 x 60,000 trials, 61 couplings), kernel calls"
    )
    from montecarlo import gamma_c_mc

    gamma_c_mc(64, 512, trials=600, seeds=1)
    _engine_level("gamma_c_mc(64, 512)", lambda: gamma_c_mc(64, 512), med, lim)
    if not args.no_grid:
        gm, gl, gs = measure(
            [Point(d, t) for d, t in GRID_79], args.grid_reps, "§7.9 grid (18 points, same protocol), kernel calls"
        )
        _engine_level("gamma_c_mc over the grid", lambda: [gamma_c_mc(d, t) for d, t in GRID_79], gm, gl)
        same = same and gs
    return 0 if same else 1


def _engine_level(label, run, med, lim):
    """One run of the whole engine call; the limit's = it with the kernel's median replaced."""
    ew = _timed(run)
    rest = (ew[0] - med["engine"][0], ew[1] - med["engine"][1])
    lw, lc = rest[0] + lim[0], rest[1] + lim[1]
    print(
        f"{label} engine time (one run, load {_load()}): wall {ew[0]:.2f} s, CPU {ew[1]:.2f} s; "
        f"the kernel at the limit: wall {lw:.2f} s, CPU {lc:.2f} s; ratio wall {ew[0] / lw:.2f}, CPU {ew[1] / lc:.2f}"
    )


if __name__ == "__main__":
    sys.exit(main())
