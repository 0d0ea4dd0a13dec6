"""Engine time of ``psa-mc gamma-c --dk 64 --T 512`` and of the §7.9 grid, raw and scaled.

    python benchmarks/engine_time.py [--reps 3] [--factor F] [--no-grid]

What is timed: the engine only -- :func:`montecarlo.gamma_c_mc` called in this process after one
small untimed call has loaded (or compiled) the kernels, so neither process start-up (about 1 s
for ``psa-mc``), imports nor compilation are counted.  Per call: wall clock (``perf_counter``) and
CPU of this process (``process_time``: user + system of all its threads).  The large point is
dk = 64, T = 512 (m = 510), 5 seeds x 60,000 trials, 61 couplings on [0, 8] -- the defaults of
``psa-mc gamma-c``; the grid is §7.9's 18 points dk in {4, ..., 128} x T in {10, 15, 25} with the
same protocol.  Medians of ``--reps`` runs (the grid: one run unless ``--reps`` says more).

The CPU figures are also given scaled to the reference machine (:mod:`calibrate`: scaled =
measured x factor; the factor is measured first unless ``--factor`` gives it).  Throughput is
score terms (trials x distractors x couplings) per CPU second.

"The limit" of the issue (float64, the widest vectors of the CPU, dead recurrence terms skipped)
is timed by ``benchmarks/limit_kernel.py`` (an oracle kernel with the engine's bits, its fixed
part, and the live fraction counted on the engine's own draws; its docstring says how), not here
(docs/performance.rst: the three bit-identical skipping kernels tried were not faster on a 2-core
AVX2 machine).  What this script counts is the work such a kernel would save: :func:`live_fraction`
counts, for the T4 kernel's own layout (``kernels.LANES`` trials a group placed in Z_0 order from
``kernels.SORT_MIN_M`` candidates on, vectors of ``kernels.V`` lanes, candidates in pairs, blocks
of ``kernels.U`` couplings, a block run iff a lane of either candidate is alive at its first
coupling), how many recurrence terms the kernel computes and how many of them are live
(``x >= -LOGCUT / g^2``).  The count uses NumPy's own normal draws, not the kernel's, so it is a
statistical estimate of the same distribution (a few thousand trials: its error is well below
1%).  The limit's time is then bounded only by stated assumption: a kernel skipping every dead
term at no cost saves ``dead fraction x (recurrence share of the engine time)`` -- the share is
not measured here (the issue measured 49% on an AVX-512 machine).  Not part of the test suite.
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import time

from calibrate import REFERENCE_S, calibrate  # this folder: a script's own folder is on sys.path


def live_fraction(dk: float, T: int, groups: int = 100, seed: int = 0, G: int = 61, gmax: float = 8.0):
    """(computed, live) recurrence terms per (trial, candidate) of the T4 kernel at (dk, T).

    Follows :func:`montecarlo.kernels._t4_blocked_chunk`'s work rule on ``groups`` groups of
    ``LANES`` trials, m = T - 2 candidates, G couplings on [0, gmax]: per vector of V lanes and
    pair of candidates (j, j + 1), blocks of U couplings run while a lane of either candidate
    has x >= thr[g] at the block's first coupling; each block computes V x 2 x U terms (the
    recurrence's w, r and the masked add).  Live: the couplings g >= 1 with x >= -LOGCUT/g^2.
    An odd m's absent last candidate (x = -inf) is live nowhere but its block slots count as
    computed, as in the kernel.
    """
    import numpy as np

    from montecarlo.conventions import LANES, LOGCUT
    from montecarlo.kernels import SORT_MIN_M, U, V

    m = T - 2
    h2 = (gmax / (G - 1)) ** 2
    thr = -LOGCUT / np.arange(1, G, dtype=np.float64) ** 2  # increasing: searchsorted counts
    rng = np.random.default_rng(seed)
    z0 = rng.standard_normal((groups, LANES))
    zj = rng.standard_normal((groups, LANES, m + (m % 2)))
    if m >= SORT_MIN_M:
        o = np.argsort(z0, axis=1, kind="stable")
        z0 = np.take_along_axis(z0, o, 1)
        zj = np.take_along_axis(zj, o[:, :, None], 1)
    x = h2 * (2.0 * (zj - z0[:, :, None]) - np.sqrt(dk))
    if m % 2:
        x[:, :, -1] = -np.inf
    live = np.searchsorted(thr, x, side="right")  # live couplings of a term: g = 1..live
    per = live.reshape(groups, LANES // V, V, -1, 2).max(axis=(2, 4))  # per vector and pair
    blocks = -(-per // U)  # a block runs iff its first coupling is live for some lane
    computed = blocks.sum() * V * 2 * U
    n = groups * LANES * m
    return computed / n, live.sum() / n


def _timed(f):
    w0, c0 = time.perf_counter(), time.process_time()
    f()
    return time.perf_counter() - w0, time.process_time() - c0


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    ap.add_argument("--reps", type=int, default=3, help="runs of the large point (default 3)")
    ap.add_argument("--factor", type=float, default=None, help="calibration factor (default: measured)")
    ap.add_argument("--no-grid", action="store_true", help="time only the large point")
    args = ap.parse_args(argv)
    factor = args.factor if args.factor is not None else calibrate(3)[1]

    import numba

    from montecarlo import gamma_c_mc
    from montecarlo.induction import GRID_79

    load = " ".join(f"{x:.1f}" for x in os.getloadavg())
    print(
        f"threads {numba.get_num_threads()}; calibration factor {factor:.2f} "
        f"(reference {REFERENCE_S} s); load average {load}"
    )
    gamma_c_mc(64, 512, trials=600, seeds=1)  # load or compile the kernels (untimed)
    runs = [_timed(lambda: gamma_c_mc(64, 512)) for _ in range(max(1, args.reps))]
    wall = statistics.median(r[0] for r in runs)
    cpu = statistics.median(r[1] for r in runs)
    terms = 5 * 60_000 * 510 * 61
    print(
        f"gamma-c --dk 64 --T 512: engine wall {wall:.2f} s, CPU {cpu:.2f} s "
        f"(scaled {cpu * factor:.2f} s), {terms / cpu:.2e} terms per CPU s"
    )
    if not args.no_grid:
        gruns = [_timed(lambda: [gamma_c_mc(d, t) for d, t in GRID_79]) for _ in range(max(1, args.reps // 3))]
        gw = statistics.median(r[0] for r in gruns)
        gc = statistics.median(r[1] for r in gruns)
        print(f"§7.9 grid (18 points): engine wall {gw:.2f} s, CPU {gc:.2f} s (scaled {gc * factor:.2f} s)")
    c, lv = live_fraction(64, 512)
    print(
        f"T4 recurrence at dk 64, T 512 (m 510, kernel layout, NumPy draws): {c:.1f} terms computed "
        f"per (trial, candidate), {lv:.1f} live: {1 - lv / c:.0%} dead"
    )
    if not args.no_grid:
        tc = tl = 0.0
        for d, t in GRID_79:
            c, lv = live_fraction(d, t)
            tc, tl = tc + c * (t - 2), tl + lv * (t - 2)
        print(f"§7.9 grid: {1 - tl / tc:.0%} of the recurrence terms computed are dead")
    print("the limit (live terms only, no cost to find them) is timed by benchmarks/limit_kernel.py")
    load = " ".join(f"{x:.1f}" for x in os.getloadavg())
    print(f"load average after {load}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
