"""CPU vs GPU backend on the paper grid and one large point: same seeds, differences, throughput.

    python benchmarks/gpu_compare.py [--quick] [--dry-run] [--site DIR] [--json PATH] [...]

Called by ``benchmarks/gpu_check.sh`` (which prepares the packages); runs alone too.

* Paper grid: dk in {4, 8, 16, 32, 64, 128} x T in {10, 15, 25}, 5 seeds x 60,000 trials,
  61 couplings on [0, 8] (§7.9), model t4, distractors T-2.
* Large point: dk = 128, T = 4096, 10^6 trials, one seed.
* First, short checks of the kernels the grid does not use: the generic kernel (models
  t3t4 and key, dk = 64, T = 15) and the argmax kernel (P(Z_0 + 2 > max of 13)).

Every point runs on both backends with the same seeds; the report gives max |diff| of
the curves A(gamma) (every seed, every coupling) and of gamma_c (every seed), whether
the curves are bitwise equal, and the throughput in evaluations/s = trials x seeds x
distractors x grid points / engine time, on each backend, and the GPU/CPU ratio.  The
JIT compile (or cache load) of each backend is timed separately, before the points.

Verdict (exit status): 0 when every curve agrees to ``--tol`` (1e-12, absolute and
relative) and every gamma_c to 1e-9; 1 otherwise; 2 when the GPU backend cannot run
(its one-line reason is printed).  ``--dry-run`` checks the imports and the GPU,
prints the plan and exits 0 without simulating anything.  ``--quick`` shrinks every
size so that the CUDA simulator (NUMBA_ENABLE_CUDASIM=1) runs it in seconds.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import site
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def _parse(argv=None) -> argparse.Namespace:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument(
        "--site",
        action="append",
        default=[],
        metavar="DIR",
        help="a folder of packages installed with pip --target: put first on sys.path and "
        "process its .pth files (numba-cuda's numba.cuda redirector is one); repeatable",
    )
    ap.add_argument("--dks", default="4,8,16,32,64,128", help="paper grid d_k values (default: §7.9)")
    ap.add_argument("--Ts", default="10,15,25", help="paper grid T values (default: §7.9)")
    ap.add_argument("--trials", type=int, default=60_000, help="trials per seed on the grid (default 60000)")
    ap.add_argument("--seeds", type=int, default=5, help="seeds per grid point (default 5)")
    ap.add_argument("--seed", type=int, default=0, help="first seed (default 0)")
    ap.add_argument("--grid", type=int, default=61, help="couplings on [0, gamma-max] (default 61)")
    ap.add_argument("--gamma-max", type=float, default=8.0, help="largest coupling (default 8)")
    ap.add_argument("--model", default="t4", choices=["t4", "t3t4", "key"], help="score model (default t4)")
    ap.add_argument("--distractors", default="T-2", choices=["T-2", "T-1"], help="convention (default T-2)")
    ap.add_argument(
        "--large",
        default="128,4096,1000000",
        metavar="DK,T,TRIALS",
        help="the large point, or 'none' (default 128,4096,1000000)",
    )
    ap.add_argument("--large-seeds", type=int, default=1, help="seeds at the large point (default 1)")
    ap.add_argument(
        "--other-trials",
        type=int,
        default=20_000,
        help="trials of the short checks of the other kernels (t3t4, key at dk=64, T=15; "
        "argmax at 5x that many trials); 0 skips them (default 20000)",
    )
    ap.add_argument("--threads", type=int, default=None, help="CPU threads (default: all cores)")
    ap.add_argument("--tol", type=float, default=1e-12, help="curve tolerance, abs and rel (default 1e-12)")
    ap.add_argument(
        "--quick",
        action="store_true",
        help="tiny sizes for a smoke test or the CUDA simulator (overrides the sizes above)",
    )
    ap.add_argument("--dry-run", action="store_true", help="check imports and GPU, print the plan, run nothing")
    ap.add_argument("--json", default=None, metavar="PATH", help="also write the full report as JSON")
    args = ap.parse_args(argv)
    if args.quick:
        args.dks, args.Ts, args.trials, args.seeds, args.grid = "16,64", "10", 1100, 1, 13
        args.gamma_max, args.large, args.large_seeds, args.other_trials = 3.0, "64,40,1200", 1, 700
    try:
        args.dk_list = [float(x) for x in args.dks.split(",") if x.strip()]
        args.T_list = [int(x) for x in args.Ts.split(",") if x.strip()]
        if args.large.strip().lower() == "none":
            args.large_point = None
        else:
            dk, T, n = args.large.split(",")
            args.large_point = (float(dk), int(T), int(n))
    except ValueError as exc:
        ap.error(f"bad point list: {exc}")
    return args


def _add_sites(dirs) -> None:
    """pip --target folders: first on sys.path, their .pth files processed (before numba is imported)."""
    for d in reversed([os.path.abspath(x) for x in dirs]):
        if not os.path.isdir(d):
            raise SystemExit(f"gpu_compare: --site {d}: no such folder")
        if d in sys.path:
            sys.path.remove(d)
        sys.path.insert(0, d)
        site.addsitedir(d)


def _versions() -> dict:
    """Installed versions of what the comparison imports ('missing' if it cannot be imported)."""
    from importlib import import_module, metadata

    out = {"python": platform.python_version()}
    for dist, mod in (
        ("numpy", "numpy"),
        ("scipy", "scipy"),
        ("sympy", "sympy"),
        ("mpmath", "mpmath"),
        ("rich", "rich"),
        ("numba", "numba"),
        ("llvmlite", "llvmlite"),
        ("numba-cuda", "numba_cuda"),
    ):
        try:
            import_module(mod)
            out[dist] = metadata.version(dist)
        except Exception as exc:  # noqa: BLE001 - report, do not fail here
            out[dist] = f"missing ({type(exc).__name__})"
    return out


def _ptx_fma_counts() -> dict:
    """fused multiply-adds in the PTX of every kernel the backend compiled (0 with -fma=0)."""
    from montecarlo import cuda_kernels as ck

    out = {}
    for name, k in ck.KERNELS.items():
        try:
            asm = k.inspect_asm()  # {signature: PTX} of the compiled overloads
            out[name] = sum(p.count("fma.rn.f64") for p in asm.values()) if asm else None
        except Exception as exc:  # noqa: BLE001 - a report, never a failure
            out[name] = f"? ({type(exc).__name__})"
    return out


def _fmt_dk(dk: float) -> str:
    return f"{int(dk)}" if dk == int(dk) else f"{dk:g}"


def _compare(cpu, gpu, tol: float) -> dict:
    import numpy as np

    a, b = cpu.curves.per_seed, gpu.curves.per_seed
    ga, gb = np.array(cpu.per_seed, dtype=float), np.array(gpu.per_seed, dtype=float)
    both_nan = np.isnan(ga) & np.isnan(gb)
    dgc = np.where(both_nan, 0.0, np.abs(ga - gb))
    c, g = cpu.curves, gpu.curves
    evals = c.trials * len(c.seeds) * c.m * c.gammas.size
    return {
        "dk": c.dk,
        "T": c.T,
        "m": c.m,
        "trials": c.trials,
        "seeds": c.seeds,
        "grid": int(c.gammas.size),
        "evaluations": evals,
        "gamma_c_cpu": cpu.mean,
        "gamma_c_gpu": gpu.mean,
        "law": cpu.law,
        "max_abs_diff_curve": float(np.max(np.abs(a - b))),
        "max_abs_diff_sem": float(np.max(np.abs(c.per_seed_sem - g.per_seed_sem))),
        "max_abs_diff_gamma_c": float(np.max(dgc)) if dgc.size else 0.0,
        "bitwise": bool(np.array_equal(a, b) and np.array_equal(c.per_seed_sem, g.per_seed_sem)),
        "agree": bool(np.allclose(a, b, rtol=tol, atol=tol) and (np.nan_to_num(dgc, nan=1.0) <= 1e-9).all()),
        "cpu_s": c.elapsed_s,
        "gpu_s": g.elapsed_s,
        "cpu_evals_per_s": evals / c.elapsed_s,
        "gpu_evals_per_s": evals / g.elapsed_s,
    }


def main(argv=None) -> int:
    args = _parse(argv)
    _add_sites(args.site)
    sys.path.insert(0, str(ROOT))

    versions = _versions()
    sim = os.environ.get("NUMBA_ENABLE_CUDASIM", "") not in ("", "0")
    print("versions: " + ", ".join(f"{k} {v}" for k, v in versions.items()))
    import numba

    if args.threads:
        numba.set_num_threads(args.threads)
    from montecarlo import argmax_probability, gamma_c_mc
    from montecarlo import conventions as conv
    from montecarlo.backends import BackendUnavailable, get_backend

    points = [(dk, T) for T in args.T_list for dk in args.dk_list]
    G = args.grid
    plan_evals = sum(args.trials * args.seeds * conv.distractor_count(T, args.distractors) * G for dk, T in points)
    print(
        f"plan: {len(points)} grid points x {args.seeds} seeds x {args.trials} trials, {G} couplings on "
        f"[0, {args.gamma_max:g}], model {args.model}, distractors {args.distractors}: "
        f"{plan_evals:.3e} evaluations per backend"
    )
    if args.large_point:
        dk, T, n = args.large_point
        ev = n * args.large_seeds * conv.distractor_count(T, args.distractors) * G
        print(f"plan: large point dk={_fmt_dk(dk)}, T={T}, {args.large_seeds} x {n} trials: {ev:.3e} evaluations")
    print(f"CPU threads: {numba.get_num_threads()}; CUDA simulator: {'on' if sim else 'off'}")

    try:
        gpu_backend = get_backend("gpu")
    except BackendUnavailable as exc:
        print(f"gpu_compare: GPU backend unavailable: {exc}", file=sys.stderr)
        return 2
    print(f"GPU: {gpu_backend.device_name}; FMA contraction: {gpu_backend.fma_contraction}")
    if args.dry_run:
        print("dry run: imports and GPU checked, nothing simulated")
        return 0

    common = dict(
        trials=args.trials,
        seeds=args.seeds,
        seed=args.seed,
        grid=G,
        gamma_max=args.gamma_max,
        model=args.model,
        distractors=args.distractors,
    )
    warm = {}
    for be in ("cpu", "gpu"):
        t0 = time.perf_counter()
        gamma_c_mc(
            16,
            10,
            trials=min(600, args.trials),
            seeds=1,
            grid=G,
            gamma_max=args.gamma_max,
            model=args.model,
            backend=be,
        )
        warm[be] = time.perf_counter() - t0
    print(f"first call (JIT compile or cache load): cpu {warm['cpu']:.2f} s, gpu {warm['gpu']:.2f} s")

    others = []
    if args.other_trials > 0:  # the kernels the paper grid does not use: generic (t3t4, key), argmax
        for model in ("t3t4", "key"):
            kw = dict(common, model=model, trials=args.other_trials, seeds=1)
            r = _compare(gamma_c_mc(64, 15, backend="cpu", **kw), gamma_c_mc(64, 15, backend="gpu", **kw), args.tol)
            r["check"] = f"{model} curve, dk=64, T=15, {args.other_trials} trials"
            others.append(r)
        n_arg = 5 * args.other_trials
        t0 = time.perf_counter()
        a_cpu = argmax_probability(2.0, 13, trials=n_arg, seed=args.seed, backend="cpu")
        t1 = time.perf_counter()
        a_gpu = argmax_probability(2.0, 13, trials=n_arg, seed=args.seed, backend="gpu")
        t2 = time.perf_counter()
        others.append(
            {
                "check": f"argmax wins, s=2, m=13, {n_arg} trials",
                "wins_cpu": a_cpu.wins,
                "wins_gpu": a_gpu.wins,
                "bitwise": a_cpu.wins == a_gpu.wins,
                "agree": a_cpu.wins == a_gpu.wins,
                "cpu_s": t1 - t0,
                "gpu_s": t2 - t1,
            }
        )
        for r in others:
            diff = (
                f"max |dA| {r['max_abs_diff_curve']:.2e}"
                if "max_abs_diff_curve" in r
                else f"wins cpu {r['wins_cpu']} gpu {r['wins_gpu']}"
            )
            print(
                f"other kernels: {r['check']}: {diff}, bitwise {'yes' if r['bitwise'] else 'no'}, "
                f"{'agree' if r['agree'] else 'DISAGREE'}",
                flush=True,
            )

    hdr = (
        f"{'dk':>5} {'T':>5} {'m':>5} {'gamma_c cpu':>12} {'gamma_c gpu':>12} {'max|dA|':>9} "
        f"{'max|dgc|':>9} {'bits':>5} {'cpu s':>7} {'gpu s':>7} {'gpu/cpu':>8}"
    )
    rows = []
    print(hdr)
    for dk, T in points:
        cpu = gamma_c_mc(dk, T, backend="cpu", **common)
        gpu = gamma_c_mc(dk, T, backend="gpu", **common)
        r = _compare(cpu, gpu, args.tol)
        rows.append(r)
        print(
            f"{_fmt_dk(dk):>5} {T:>5} {r['m']:>5} {r['gamma_c_cpu']:12.6f} {r['gamma_c_gpu']:12.6f} "
            f"{r['max_abs_diff_curve']:9.2e} {r['max_abs_diff_gamma_c']:9.2e} "
            f"{'yes' if r['bitwise'] else 'no':>5} {r['cpu_s']:7.2f} {r['gpu_s']:7.2f} "
            f"{r['cpu_s'] / r['gpu_s']:7.1f}x",
            flush=True,
        )

    report = {
        "versions": versions,
        "simulator": sim,
        "device": gpu_backend.device_name,
        "fma_contraction": gpu_backend.fma_contraction,
        "cpu_threads": numba.get_num_threads(),
        "first_call_s": warm,
        "other_kernels": others,
        "grid_points": rows,
        "tol": args.tol,
    }
    if rows:
        ev = sum(r["evaluations"] for r in rows)
        tc, tg = sum(r["cpu_s"] for r in rows), sum(r["gpu_s"] for r in rows)
        summary = {
            "evaluations": ev,
            "cpu_s": tc,
            "gpu_s": tg,
            "cpu_evals_per_s": ev / tc,
            "gpu_evals_per_s": ev / tg,
            "gpu_over_cpu": tc / tg,
            "max_abs_diff_curve": max(r["max_abs_diff_curve"] for r in rows),
            "max_abs_diff_gamma_c": max(r["max_abs_diff_gamma_c"] for r in rows),
            "bitwise_points": sum(r["bitwise"] for r in rows),
            "points": len(rows),
        }
        report["grid_summary"] = summary
        print(
            f"paper grid: {len(rows)} points, {ev:.3e} evaluations; CPU {tc:.2f} s = {ev / tc:.3e} eval/s, "
            f"GPU {tg:.2f} s = {ev / tg:.3e} eval/s, GPU/CPU {tc / tg:.1f}x; max |dA| "
            f"{summary['max_abs_diff_curve']:.2e}, max |dgamma_c| {summary['max_abs_diff_gamma_c']:.2e}, "
            f"bitwise equal {summary['bitwise_points']}/{len(rows)}"
        )

    if args.large_point:
        dk, T, n = args.large_point
        kw = dict(common, trials=n, seeds=args.large_seeds)
        gpu = gamma_c_mc(dk, T, backend="gpu", **kw)
        print(
            f"large point dk={_fmt_dk(dk)}, T={T}, {args.large_seeds} x {n} trials: GPU {gpu.curves.elapsed_s:.2f} s, "
            f"gamma_c {gpu.mean:.6f}; running the CPU ...",
            flush=True,
        )
        cpu = gamma_c_mc(dk, T, backend="cpu", **kw)
        r = _compare(cpu, gpu, args.tol)
        report["large_point"] = r
        print(
            f"large point: CPU {r['cpu_s']:.2f} s = {r['cpu_evals_per_s']:.3e} eval/s, GPU {r['gpu_s']:.2f} s = "
            f"{r['gpu_evals_per_s']:.3e} eval/s, GPU/CPU {r['cpu_s'] / r['gpu_s']:.1f}x; gamma_c cpu "
            f"{r['gamma_c_cpu']:.6f} gpu {r['gamma_c_gpu']:.6f} (law {r['law']:.4f}); max |dA| "
            f"{r['max_abs_diff_curve']:.2e}, max |dgamma_c| {r['max_abs_diff_gamma_c']:.2e}, "
            f"bitwise {'yes' if r['bitwise'] else 'no'}"
        )
        rows = rows + [r]

    if not sim:
        report["ptx_fma_rn_f64"] = _ptx_fma_counts()
        print(f"fma.rn.f64 in the PTX of the launched kernels: {report['ptx_fma_rn_f64']}")

    ok = all(r["agree"] for r in rows + others)
    report["verdict"] = "PASS" if ok else "FAIL"
    bad = [f"dk={_fmt_dk(r['dk'])},T={r['T']}" for r in rows if not r["agree"]]
    bad += [r["check"] for r in others if not r["agree"]]
    print(
        f"verdict: {report['verdict']} (curves within {args.tol:g}, gamma_c within 1e-9"
        + (f"; failing: {', '.join(bad)})" if bad else ")")
    )
    if args.json:
        Path(args.json).parent.mkdir(parents=True, exist_ok=True)
        Path(args.json).write_text(json.dumps(report, indent=1, default=float))
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
