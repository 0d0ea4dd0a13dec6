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
is NOT measured by this script: the kernel that skips dead terms does not exist yet.  Today's
figure is an upper bound on it; the ratio to the limit is left for that kernel.  Not part of the
test suite.
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import time

from calibrate import REFERENCE_S, calibrate  # this folder: a script's own folder is on sys.path


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
    load = " ".join(f"{x:.1f}" for x in os.getloadavg())
    print(f"load average after {load}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
