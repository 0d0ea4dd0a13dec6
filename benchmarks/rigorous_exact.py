"""Cost of the rigorous (Arb) enclosures of the reduced model (montecarlo.exact_rigorous).

    python benchmarks/rigorous_exact.py [--part a|gamma|cli|all]

Prints (single runs; the machine's load shows in them):

* ``a``: seconds and width of one enclosure of A(gamma) at several target radii, at couplings
  around the transition and on the plateau (gamma = 8, where b = 128 makes it the dearest);
* ``gamma``: per (dk, T): the certificate-grade bracket of the grid-extracted gamma_c
  (A enclosed to ~1e-5 at the grid points up to the crossing and at gamma = 8) and the bracket
  of the continuous gamma_c (A to ~1e-12; width <= 1e-6);
* ``cli``: what ``psa-mc exact --dk 48 --T 40 --chance m+1 --continuous --rigorous`` adds
  (the whole grid enclosed to ~1e-12, then both brackets);
* ``domain``: the float ``competition`` against its enclosure (radius ~1e-12) over the domain
  ``psa-mc exact --rigorous`` accepts -- three models, m from 1 to 2^53, d_k 1 to 256, gamma
  0.05 to 8 (refused points counted) -- the largest ``|float - centre| / radius`` (inside: <= 1)
  and every point outside (issue 26, item 6);
* ``extremes``: the same at the edges (d_k 1e-3 and 1e4, gamma 0.01 to 20: b from 2e-4 to 820,
  a up to 4e4, lattices up to the limit; about 7 CPU-minutes; not part of ``all``);
* ``first``: the proof that the continuous bracket holds the *first* crossing
  (:func:`montecarlo.exact_rigorous.first_crossing_proof`): intervals, enclosures, seconds.
"""

from __future__ import annotations

import argparse
import time


def part_a() -> None:
    from montecarlo.exact_rigorous import A_enclosure

    print("one A(gamma) enclosure: seconds (width)")
    points = [("t4", 48, 38, g) for g in (0.4, 0.765, 2.0, 8.0)] + [("t4", 256, 510, 8.0), ("t3t4", 48, 38, 8.0)]
    tols = (1e-4, 1e-6, 1e-9, 1e-12)
    print(f"  {'model':5} {'dk':>4} {'m':>4} {'gamma':>6} " + " ".join(f"{'tol ' + format(t, 'g'):>20}" for t in tols))
    for model, dk, m, g in points:
        cells = []
        for tol in tols:
            e = A_enclosure(model, g, dk, m, tol=tol)
            cells.append(f"{e.seconds:7.3f}s ({e.width:8.1e})")
        print(f"  {model:5} {dk:>4} {m:>4} {g:>6g} " + " ".join(f"{c:>20}" for c in cells))


def part_gamma() -> None:
    from montecarlo.exact_rigorous import gamma_c_continuous_enclosure

    print("gamma_c brackets per (dk, T), t4, m = T-2, chance 1/(T-1)")
    for dk, T in ((16, 12), (48, 40), (128, 64), (256, 512)):
        t0 = time.perf_counter()
        g = gamma_c_continuous_enclosure(dk, T, tol=1e-5, tol_below=1e-3, continuous=False)
        t_grid = time.perf_counter() - t0
        t0 = time.perf_counter()
        c = gamma_c_continuous_enclosure(dk, T, tol=1e-12)
        t_cont = time.perf_counter() - t0
        glo, ghi = g.grid_enclosure or (float("nan"), float("nan"))
        clo, chi = c.continuous_enclosure or (float("nan"), float("nan"))
        print(
            f"  dk={dk:>3} T={T:>3}: grid gamma_c [{glo:.7f}, {ghi:.7f}] (width {ghi - glo:.1e}) in "
            f"{t_grid:.2f}s (plateau {g.seconds['plateau']:.2f}s, {g.grid_index} grid points below);  "
            f"continuous [{clo:.10f}, {chi:.10f}] (width {chi - clo:.1e}) in {t_cont:.2f}s; "
            f"float inside: {c.contains_float}"
        )


def part_cli() -> None:
    from montecarlo import exact
    from montecarlo.exact_rigorous import rigorous_fields

    r = exact.gamma_c_exact(48, 40, chance="m+1", continuous=True)
    t0 = time.perf_counter()
    d = rigorous_fields(r)
    el = time.perf_counter() - t0
    lo, hi = d["gamma_c_continuous_enclosure"]
    widths = [h - l_ for l_, h in d["curve_enclosure"]]
    print("psa-mc exact --dk 48 --T 40 --chance m+1 --continuous --rigorous")
    print(
        f"  {el:.2f}s in all; {len(widths)} grid values enclosed (max width {max(widths):.1e}, "
        f"{d['rigorous']['seconds_per_A']:.3f}s per A on average); continuous gamma_c [{lo:.12f}, {hi:.12f}] "
        f"(width {hi - lo:.1e}), float {r.gamma_c_continuous:.12f} inside: "
        f"{d['rigorous']['contains_float']['continuous']}"
    )


def part_domain(extremes: bool = False) -> None:
    """``extremes``: d_k 1e-3 and 1e4, gamma 0.01 to 20 (b from 2e-4 to 820, a up to 4e4: lattices
    up to the limit; about 7 CPU-minutes) instead of the default points."""
    import itertools
    import math

    from montecarlo import exact
    from montecarlo.exact_rigorous import A_enclosure, model_ab

    if extremes:
        grid = itertools.product(("t4", "t3t4", "key"), (1, 10**6, 2**53 - 2), (1e-3, 1e4), (0.01, 0.49, 0.51, 3, 20))
    else:
        grid = itertools.product(
            ("t4", "t3t4", "key"),
            (1, 13, 1000, 10**6, 10**9, 10**12 - 2, 2**53 - 2),
            (1, 16, 256),
            (0.05, 0.3, 0.5, 1.0, 2.0, 8.0),
        )
    worst, outside, refused, n = 0.0, [], 0, 0
    t0 = time.perf_counter()
    for model, m, dk, g in grid:
        a, b = (float(v.mid()) for v in model_ab(model, g, dk))
        try:
            e = A_enclosure(model, g, dk, m, tol=1e-12)
        except ValueError:
            refused += 1
            continue
        n += 1
        f = exact.competition(a, b, m)
        q = abs(f - 0.5 * (e.lo + e.hi)) / max(e.width / 2, 1e-300)
        worst = max(worst, q)
        if not e.contains(f):
            outside.append((model, m, dk, g, f, e.lo, e.hi))
    print(
        f"float A against its enclosure: {n} points ({refused} refused: lattice beyond the limit), "
        f"largest |float - centre| / radius {worst:.3g}, {len(outside)} outside, {time.perf_counter() - t0:.0f}s"
    )
    for row in outside:
        print("  outside:", row)
    if not math.isfinite(worst):
        print("  (a non-finite ratio)")


def part_first() -> None:
    from montecarlo import exact
    from montecarlo.exact_rigorous import gamma_c_continuous_enclosure

    print("the first crossing: A < midpoint proved on [0, bracket low end] (t4)")
    for dk, T, dist, chance in ((64, 15, "T-1", "T-1"), (48, 40, "T-2", "m+1"), (16, 10**6, "T-2", "T-1")):
        r = exact.gamma_c_exact(dk, T, distractors=dist, chance=chance, continuous=True)
        c = gamma_c_continuous_enclosure(dk, T, distractors=dist, chance=chance, exact_result=r, prove_first=True)
        fc = c.first_crossing or {}
        print(
            f"  dk={dk} T={T} m={dist} chance 1/({chance}): {fc.get('status')} "
            f"({fc.get('boxes')} intervals, {fc.get('enclosures')} enclosures, {fc.get('seconds', 0):.1f}s)"
        )


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--part", choices=["a", "gamma", "cli", "domain", "extremes", "first", "all"], default="all")
    args = ap.parse_args(argv)
    if args.part in ("a", "all"):
        part_a()
    if args.part in ("gamma", "all"):
        part_gamma()
    if args.part in ("cli", "all"):
        part_cli()
    if args.part in ("domain", "all"):
        part_domain()
    if args.part == "extremes":
        part_domain(extremes=True)
    if args.part in ("first", "all"):
        part_first()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
