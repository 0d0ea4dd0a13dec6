"""Time the paper's full §7.9 grid and one large point, today's T4 kernel beside the old one.

    python benchmarks/paper_grid.py [--distractors T-2|T-1] [--threads N] [--reps R]
                                    [--no-grid] [--no-threads-check]

Grid: dk in {4, 8, 16, 32, 64, 128} x T in {10, 15, 25}, 5 seeds x 60,000 trials,
61-point grid on [0, 8] (the paper reports 198 s on an A100 for its notebook).
Evaluations = trials x distractors x grid points.  The first call (JIT compilation
or cache load) is timed separately.

Old against new: the T4 kernel before blocking is kept as
``montecarlo.kernels.t4_chunks_reference``; the benchmark swaps it in for
``kernels.t4_chunks`` (the function the CPU backend calls) and runs the large point
dk = 64, T = 512 (5 x 60,000 trials, 61 couplings) alternately with the two kernels,
``--reps`` times each, then prints the median engine times (wall clock, as the engine
reports them) and process CPU times, their ratios (new/old) and max |difference| of
the curves (the two kernels add the same terms in the same order, so 0 is expected).
Every paper-grid point runs with both kernels, alternating which goes first, and
the totals of both times are compared.  Last,
the large point runs in two fresh processes with NUMBA_NUM_THREADS=1 and 2 and the
SHA-256 of its curves is compared.  Timings on a shared machine are noisy: read the
ratio of the medians, not one run.
"""

from __future__ import annotations

import argparse
import contextlib
import os
import statistics
import subprocess
import sys
import time

import numba
import numpy as np

from montecarlo import gamma_c_mc, kernels
from theory import laws

DKS = (4, 8, 16, 32, 64, 128)
TS = (10, 15, 25)
LARGE = (64, 512)


@contextlib.contextmanager
def old_kernel():
    """The CPU backend calls kernels.t4_chunks: point it at the reference kernel."""
    new = kernels.t4_chunks
    kernels.t4_chunks = kernels.t4_chunks_reference
    try:
        yield
    finally:
        kernels.t4_chunks = new


def timed(dk, T, distractors, old: bool):
    """One point with the new or the old kernel: (result, engine wall s, process CPU s)."""
    c0 = time.process_time()
    if old:
        with old_kernel():
            r = gamma_c_mc(dk, T, distractors=distractors)
    else:
        r = gamma_c_mc(dk, T, distractors=distractors)
    return r, r.curves.elapsed_s, time.process_time() - c0


def run_grid(distractors: str):
    """Every grid point with both kernels, alternating which goes first (load drift cancels)."""
    evals = 0
    tot = {"new": [0.0, 0.0], "old": [0.0, 0.0]}
    t_all = time.perf_counter()
    for i, (T, dk) in enumerate((T, dk) for T in TS for dk in DKS):
        order = ("new", "old") if i % 2 == 0 else ("old", "new")
        res = {}
        for name in order:
            r, wall, cpu = timed(dk, T, distractors, old=name == "old")
            res[name] = r
            tot[name][0] += wall
            tot[name][1] += cpu
        r = res["new"]
        same = np.array_equal(r.curves.per_seed, res["old"].curves.per_seed)
        evals += r.curves.trials * len(r.curves.seeds) * r.curves.m * r.curves.gammas.size
        branch = "mf" if dk >= laws.crossover(T) else "cd"
        print(
            f"{dk:>4} {T:>3} {laws.crossover(T) / dk:6.2f} {r.mean:12.4f} {r.sd:7.4f} "
            f"{r.law:7.4f} {100 * r.relative_error:+6.1f}% {branch}  old==new: {same}"
        )
    return evals, tot, time.perf_counter() - t_all


_HASH = (
    "import hashlib; from montecarlo import simulate_curves; "
    "c = simulate_curves({dk}, {T}, distractors={d!r}); "
    "print(hashlib.sha256(c.per_seed.tobytes() + c.per_seed_sem.tobytes()).hexdigest())"
)


def threads_check(distractors: str) -> bool:
    code = _HASH.format(dk=LARGE[0], T=LARGE[1], d=distractors)
    digests = []
    for n in ("1", "2"):
        env = {**os.environ, "NUMBA_NUM_THREADS": n}
        t0 = time.perf_counter()
        out = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True, check=True)
        digests.append(out.stdout.strip())
        print(f"  NUMBA_NUM_THREADS={n}: sha256 {digests[-1][:16]}... ({time.perf_counter() - t0:.1f} s)")
    same = digests[0] == digests[1] and len(digests[0]) == 64
    print(f"  1 vs 2 threads: {'bit-identical' if same else 'DIFFERENT'}")
    return same


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--distractors", default="T-2", choices=["T-2", "T-1"])
    ap.add_argument("--threads", type=int, default=None, help="numba threads (default: all)")
    ap.add_argument("--reps", type=int, default=3, help="runs of the large point per kernel (default 3)")
    ap.add_argument("--no-grid", action="store_true", help="skip the 18-point paper grid")
    ap.add_argument("--no-threads-check", action="store_true", help="skip the 1-vs-2-thread subprocesses")
    args = ap.parse_args()
    if args.threads:
        numba.set_num_threads(args.threads)
    t0 = time.perf_counter()
    gamma_c_mc(16, 10, trials=600, seeds=1)
    with old_kernel():
        gamma_c_mc(16, 10, trials=600, seeds=1)
    print(
        f"first calls (JIT compile or cache load, both kernels): {time.perf_counter() - t0:.2f} s; "
        f"threads: {numba.get_num_threads()}; distractors: {args.distractors}"
    )

    ok = True
    if not args.no_grid:
        print(f"{'dk':>4} {'T':>3} {'8L/dk':>6} {'MC gamma_c':>12} {'sd':>7} {'law':>7} {'err':>7}")
        evals, tot, wall = run_grid(args.distractors)
        print(f"paper grid: 18 points, {evals:.3e} evaluations, both kernels in {wall:.1f} s")
        for name in ("new", "old"):
            e, c = tot[name]
            print(f"  {name} kernel: engine {e:.2f} s (wall), process CPU {c:.2f} s, {evals / e:.3e} evaluations/s")
        print(f"  new/old: engine {tot['new'][0] / tot['old'][0]:.3f}, CPU {tot['new'][1] / tot['old'][1]:.3f}")

    dk, T = LARGE
    print(f"dk={dk}, T={T}, 5 x 60,000 trials, 61 couplings: old and new kernel alternately, {args.reps} runs each")
    times = {"old": [], "new": []}
    cpus = {"old": [], "new": []}
    curves = {}
    for i in range(args.reps):
        for name in ("old", "new") if i % 2 == 0 else ("new", "old"):
            r, wall, cpu = timed(dk, T, args.distractors, old=name == "old")
            times[name].append(wall)
            cpus[name].append(cpu)
            curves[name] = r
            print(f"  run {i + 1} {name}: engine {wall:.2f} s, process CPU {cpu:.2f} s")
    med = {k: statistics.median(v) for k, v in times.items()}
    diff = float(np.max(np.abs(curves["new"].curves.per_seed - curves["old"].curves.per_seed)))
    ev = r.curves.trials * len(r.curves.seeds) * r.curves.m * r.curves.gammas.size
    rn = curves["new"]
    print(f"  gamma_c {rn.mean:.4f} ± {rn.sd:.4f} (law {rn.law:.4f})")
    cmed = {k: statistics.median(v) for k, v in cpus.items()}
    print(
        f"  median engine time: old {med['old']:.2f} s, new {med['new']:.2f} s, "
        f"ratio new/old {med['new'] / med['old']:.3f}; new {ev / med['new']:.3e} evaluations/s"
    )
    print(
        f"  median process CPU: old {cmed['old']:.2f} s, new {cmed['new']:.2f} s, "
        f"ratio new/old {cmed['new'] / cmed['old']:.3f}"
    )
    print(f"  max |A_new - A_old| over seeds and couplings: {diff:.3e}")
    ok = ok and diff == 0.0
    if not args.no_threads_check:
        ok = threads_check(args.distractors) and ok
    sys.exit(0 if ok else 1)


if __name__ == "__main__":
    main()
