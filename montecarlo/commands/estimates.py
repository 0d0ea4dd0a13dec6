"""``psa-mc gamma-c``, ``curve`` and ``pinf``: gamma_c and the curve A(gamma) by Monte Carlo beside the
model's law, and the argmax limit p_inf of eq. (51) by quadrature (and by sampling)."""

from __future__ import annotations

import math
import sys

from psa_io.entry import toolkit_version
from psa_io.terminal import console
from psa_io.usage import EXIT_INTERRUPT, EXIT_OK, UsageError

from ._common import fmt, print_json, run_mc, run_mc_keep_partial, usage_errors
from .options import mc_common


def gamma_c_command(args) -> int:
    from montecarlo import gamma_c_mc
    from montecarlo.extract import format_gamma_c

    res, interrupted = run_mc_keep_partial(
        gamma_c_mc,
        f"gamma_c dk={args.dk:g} T={args.T}",
        dk=args.dk,
        T=args.T,
        model=args.model,
        **mc_common(args),
    )
    code = EXIT_INTERRUPT if interrupted else EXIT_OK
    if interrupted:
        print(
            f"psa-mc: interrupted; reporting the {len(res.per_seed)} of {args.seeds} seeds completed", file=sys.stderr
        )
    doc = res.to_json()
    doc["toolkit_version"] = toolkit_version()
    doc["interrupted"] = interrupted
    if args.json:
        print_json(doc)
        return code
    from rich.table import Table

    from montecarlo import get_model

    mdl = get_model(args.model)
    t = Table(title=f"gamma_c — {mdl.title}", show_header=False)
    t.add_column(style="bold")
    t.add_column()
    sd = f" ± {res.sd:.4f} (sd over {len(res.per_seed)} seeds)" if res.sd is not None else " (one seed)"
    t.add_row("Monte-Carlo gamma_c", format_gamma_c(res.gamma_c) + (sd if res.gamma_c is not None else ""))
    if res.undefined_reason:
        t.add_row("gamma_c undefined", res.undefined_reason)
    t.add_row("per seed", ", ".join(format_gamma_c(v) for v in res.per_seed))
    t.add_row("law", f"{fmt(res.law)}  ({mdl.law_name})")
    rel = res.relative_error
    t.add_row("relative error (law-MC)/MC", "—" if rel is None else f"{100 * rel:+.2f}%")
    t.add_row("plateau A(gamma_max)", f"{res.plateau:.4f}")
    t.add_row("chance", f"{res.curves.chance:.4f}  (1/({args.chance}); A(0) = 1/(m+1) = {1 / (res.curves.m + 1):.4f})")
    t.add_row(
        "conventions",
        f"dk={args.dk:g}, T={args.T}, m={res.curves.m} (distractors {args.distractors}), "
        f"grid linspace(0, {args.gamma_max:g}, {args.grid}), L=log(T-1)",
    )
    t.add_row(
        "seeds", f"{res.curves.seeds[0]}..{res.curves.seeds[-1]} × {args.trials} trials, backend {res.curves.backend}"
    )
    t.add_row("elapsed", f"{res.curves.elapsed_s:.2f} s" + (" (interrupted)" if interrupted else ""))
    console().print(t)
    return code


def curve_command(args) -> int:
    from montecarlo import simulate_curves

    cur, interrupted = run_mc_keep_partial(
        simulate_curves,
        f"A(gamma) dk={args.dk:g} T={args.T}",
        dk=args.dk,
        T=args.T,
        model=args.model,
        **mc_common(args),
    )
    code = EXIT_INTERRUPT if interrupted else EXIT_OK
    if interrupted:
        print(f"psa-mc: interrupted; reporting the {len(cur.seeds)} of {args.seeds} seeds completed", file=sys.stderr)
    mean, se = cur.mean, cur.se
    trial_se = cur.per_seed_sem.mean(axis=0) / math.sqrt(len(cur.seeds))
    if args.json:
        print_json(
            {
                "dk": args.dk,
                "T": args.T,
                "model": args.model,
                "distractors": args.distractors,
                "m": cur.m,
                "trials": args.trials,
                "seeds": len(cur.seeds),
                "seed_list": cur.seeds,
                "grid": args.grid,
                "gamma": cur.gammas.tolist(),
                "A": mean.tolist(),
                "se_seeds": [None if not math.isfinite(v) else v for v in se.tolist()],
                "se_trials": trial_se.tolist(),
                "per_seed": cur.per_seed.tolist(),
                "chance": cur.chance,
                "A0_exact": 1.0 / (cur.m + 1),
                "conventions": cur.conventions,
                "backend": cur.backend,
                "elapsed_s": cur.elapsed_s,
                "interrupted": interrupted,
                "toolkit_version": toolkit_version(),
            }
        )
        return code
    from rich.table import Table

    t = Table(
        title=f"A(gamma), model {args.model}, dk={args.dk:g}, T={args.T}, m={cur.m} "
        f"({args.distractors}), {len(cur.seeds)}×{args.trials} trials, seeds {cur.seeds[0]}..{cur.seeds[-1]}"
    )
    for col in ("gamma", "A(gamma)", "se (seeds)", "se (trials)"):
        t.add_column(col, justify="right")
    for g, a, s1, s2 in zip(cur.gammas, mean, se, trial_se):
        t.add_row(f"{g:.4f}", f"{a:.6f}", fmt(float(s1), ".2e"), f"{s2:.2e}")
    console().print(t)
    console().print(
        f"chance {cur.chance:.4f} (1/({args.chance})), A(0) exact {1 / (cur.m + 1):.4f}; "
        f"elapsed {cur.elapsed_s:.2f} s" + (" (interrupted)" if interrupted else "")
    )
    return code


def pinf_command(args) -> int:
    from montecarlo import argmax_probability
    from theory import laws

    m = args.T - 2 if args.m is None else args.m
    if max(m, args.T) > 2**53:
        raise UsageError("psa-mc: T and m must be <= 2^53 (integers exact in float64)")
    q = usage_errors(laws.p_inf, args.dk, args.T, m=m)
    doc = {
        "dk": args.dk,
        "T": args.T,
        "m": m,
        "p_inf": q,
        "equation": "(51)",
        "both_conventions": {
            "T-2": usage_errors(laws.p_inf, args.dk, args.T, m=args.T - 2),
            "T-1": usage_errors(laws.p_inf, args.dk, args.T, m=args.T - 1),
        },
        "snr": laws.snr(args.dk),
    }
    if args.mc_trials:
        est = run_mc(
            argmax_probability,
            "argmax MC",
            s=math.sqrt(args.dk) / 2.0,
            m=m,
            trials=args.mc_trials,
            seed=args.seed,
        )
        doc["monte_carlo"] = {
            "p": est.p,
            "se": est.se,
            "trials": est.trials,
            "seed": est.seed,
            "z": (est.p - q) / est.se if est.se > 0 else None,
        }
    doc["toolkit_version"] = toolkit_version()
    if args.json:
        print_json(doc)
        return EXIT_OK
    con = console()
    con.print(
        f"p_inf(dk={args.dk:g}, T={args.T}, m={m}) = [bold]{q:.6f}[/]  (eq. 51, quadrature; "
        f"m=T-2: {doc['both_conventions']['T-2']:.6f}, m=T-1: {doc['both_conventions']['T-1']:.6f})"
    )
    if args.mc_trials:
        mc = doc["monte_carlo"]
        con.print(
            f"argmax Monte Carlo: {mc['p']:.6f} ± {mc['se']:.6f} SE ({mc['trials']} trials, seed {mc['seed']}; "
            f"{fmt(mc['z'], '+.2f')} standard errors from the quadrature)"
        )
    return EXIT_OK
