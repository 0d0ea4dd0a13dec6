"""Time the paper's full §7.9 grid and one large point; print gamma_c beside the law.

    python benchmarks/paper_grid.py [--distractors T-2|T-1] [--threads N]

Grid: dk in {4, 8, 16, 32, 64, 128} x T in {10, 15, 25}, 5 seeds x 60,000 trials,
61-point grid on [0, 8] (the paper reports 198 s on an A100 for its notebook).
Evaluations = trials x distractors x grid points.  The first call (JIT compilation
or cache load) is timed separately.
"""
from __future__ import annotations

import argparse
import time

import numba

from montecarlo import gamma_c_mc
from theory import laws

DKS = (4, 8, 16, 32, 64, 128)
TS = (10, 15, 25)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--distractors", default="T-2", choices=["T-2", "T-1"])
    ap.add_argument("--threads", type=int, default=None, help="numba threads (default: all)")
    args = ap.parse_args()
    if args.threads:
        numba.set_num_threads(args.threads)
    t0 = time.perf_counter()
    gamma_c_mc(16, 10, trials=600, seeds=1)
    print(f"first call (JIT compile or cache load): {time.perf_counter() - t0:.2f} s; "
          f"threads: {numba.get_num_threads()}; distractors: {args.distractors}")
    print(f"{'dk':>4} {'T':>3} {'8L/dk':>6} {'MC gamma_c':>12} {'sd':>7} {'law':>7} {'err':>7}")
    evals, kernel = 0, 0.0
    t_all = time.perf_counter()
    for T in TS:
        for dk in DKS:
            r = gamma_c_mc(dk, T, distractors=args.distractors)
            kernel += r.curves.elapsed_s
            evals += r.curves.trials * len(r.curves.seeds) * r.curves.m * r.curves.gammas.size
            branch = "mf" if dk >= laws.crossover(T) else "cd"
            print(f"{dk:>4} {T:>3} {laws.crossover(T) / dk:6.2f} {r.mean:12.4f} {r.sd:7.4f} "
                  f"{r.law:7.4f} {100 * r.relative_error:+6.1f}% {branch}")
    wall = time.perf_counter() - t_all
    print(f"paper grid: 18 points, {evals:.3e} evaluations; engine time {kernel:.2f} s, "
          f"wall {wall:.2f} s, {evals / kernel:.3e} evaluations/s")
    t1 = time.perf_counter()
    r = gamma_c_mc(64, 512, distractors=args.distractors)
    ev = r.curves.trials * len(r.curves.seeds) * r.curves.m * r.curves.gammas.size
    print(f"dk=64, T=512, 5 x 60,000 trials: gamma_c {r.mean:.4f} ± {r.sd:.4f} (law {r.law:.4f}); "
          f"engine {r.curves.elapsed_s:.2f} s, wall {time.perf_counter() - t1:.2f} s, "
          f"{ev / r.curves.elapsed_s:.3e} evaluations/s")


if __name__ == "__main__":
    main()
