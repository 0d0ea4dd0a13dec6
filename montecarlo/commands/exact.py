"""``psa-mc exact`` and ``exact-map``: gamma_c without sampling noise (the model's A(gamma) by
quadrature), at one point and over a dense (dk, T) map beside the law."""

from __future__ import annotations

import sys

from psa_io.entry import toolkit_version
from psa_io.escape import rich_text
from psa_io.outputs import Outputs
from psa_io.terminal import console, progress_bar
from psa_io.usage import EXIT_FAIL, EXIT_OK, EXIT_USAGE, UsageError, int_at_least, nonempty_path, positive_float

from .. import conventions as conv
from ..extract import format_gamma_c
from ._common import fmt, print_json, usage_errors
from .options import JSON_HELP, add_chance, add_distractors, add_grid, add_grid_point, add_model


def _model_options(p) -> None:
    add_model(p)
    add_distractors(p)
    add_chance(p, "chance level of the extraction midpoint: 1/(T-1) (default) or 1/(m+1) = A(0)")
    add_grid(p, f"points of the coupling grid (default {conv.DEFAULT_GRID})")
    p.add_argument(
        "--continuous",
        action="store_true",
        help="also the crossing of the same midpoint by the continuous A(gamma) (Brent): not the paper's "
        "§7.9 rule, which interpolates linearly between grid points",
    )


def _model_kwargs(args) -> dict:
    """The keyword arguments of :func:`_model_options`."""
    return dict(
        model=args.model,
        distractors=args.distractors,
        chance=args.chance,
        grid=args.grid,
        gamma_max=args.gamma_max,
        continuous=args.continuous,
    )


def add_parser(sub) -> None:
    """The parsers of ``exact`` and ``exact-map``."""
    e = sub.add_parser(
        "exact",
        help="gamma_c without sampling noise: the model's A(gamma) by quadrature",
        description="Evaluate A(gamma) exactly (deterministic quadrature, ~1e-13) on the grid and "
        "extract gamma_c with the §7.9 rule; beside the model's law.",
    )
    add_grid_point(e)
    _model_options(e)
    e.add_argument(
        "--rigorous",
        action="store_true",
        help="also Arb ball-arithmetic enclosures (python-flint) of A on the grid, of the grid gamma_c "
        "(the paper's §7.9 value) and, with --continuous, of the continuous crossing (width <= 1e-6) with "
        "a proof that it is the first one; every limit is checked before any quadrature; a float value "
        "outside its enclosure is an error (exit 1, one line on stderr)",
    )
    e.add_argument("--json", action="store_true", help=JSON_HELP)
    mp_ = sub.add_parser(
        "exact-map",
        help="the law's error against the exact gamma_c over a dense (dk, T) map",
        description="Exact gamma_c over log-spaced d_k x T; writes STEM.npz and STEM.json and "
        "prints the largest errors and where.",
    )
    _model_options(mp_)
    mp_.add_argument("--dk-min", type=positive_float, default=4.0, help="smallest d_k (default 4)")
    mp_.add_argument("--dk-max", type=positive_float, default=256.0, help="largest d_k (default 256)")
    mp_.add_argument("--n-dk", type=int_at_least(1), default=49, help="log-spaced d_k values (default 49)")
    mp_.add_argument("--T-min", type=int_at_least(3), default=6, help="smallest T (default 6)")
    mp_.add_argument("--T-max", type=int_at_least(3), default=512, help="largest T (default 512)")
    mp_.add_argument(
        "--n-T", type=int_at_least(1), default=40, help="log-spaced T values, rounded, unique (default 40)"
    )
    mp_.add_argument(
        "--out",
        default="exact_map",
        type=nonempty_path,
        help="output stem: writes STEM.npz and STEM.json (default exact_map)",
    )
    mp_.add_argument("--json", action="store_true", help="print the summary as JSON on stdout")


def exact_command(args) -> int:
    from montecarlo.exact import gamma_c_exact
    from montecarlo.models import get_model

    if args.rigorous:  # every limit of the float and of the enclosures, before any quadrature
        from montecarlo.exact_rigorous import check_curve_enclosable

        usage_errors(
            check_curve_enclosable,
            args.dk,
            args.T,
            model=args.model,
            distractors=args.distractors,
            grid=args.grid,
            gamma_max=args.gamma_max,
        )
    res = usage_errors(
        gamma_c_exact,
        args.dk,
        args.T,
        **_model_kwargs(args),
    )
    doc = res.to_json()
    doc["curve"] = {"gamma": res.gammas.tolist(), "A": res.curve.tolist()}
    doc["toolkit_version"] = toolkit_version()
    rig = None
    if args.rigorous:
        from montecarlo.exact_rigorous import rigorous_fields

        rig = usage_errors(rigorous_fields, res)
        doc.update(rig)
        doc["definitions"].update(rig["rigorous"]["definitions"])
    outside = None if rig is None else _float_outside(rig, res)
    code = EXIT_OK if outside is None else EXIT_FAIL
    if args.json:
        print_json(doc)
    else:
        _exact_table(args, res, doc, rig, get_model(args.model))
    if outside is not None:
        print(f"psa-mc exact: {outside}", file=sys.stderr)
    return code


def _exact_table(args, res, doc: dict, rig: dict | None, mdl) -> None:
    """The text output of ``psa-mc exact``: which value is the paper's, and what each plateau is."""
    from rich.table import Table

    defs = doc["definitions"]
    t = Table(title=f"exact gamma_c — {mdl.title}", show_header=False)
    t.add_column(style="bold")
    t.add_column()
    t.add_row("exact gamma_c (§7.9 rule)", format_gamma_c(res.gamma_c) + "  (the paper's value)")
    if res.undefined_reason:
        t.add_row("gamma_c undefined", res.undefined_reason)
    if args.continuous:
        t.add_row("continuous crossing", format_gamma_c(res.gamma_c_continuous, ".6f") + "  (not the paper's rule)")
    if rig is not None:
        for label, key in (
            ("enclosure (§7.9 rule)", "gamma_c_enclosure"),
            ("enclosure (continuous)", "gamma_c_continuous_enclosure"),
        ):
            if key in rig:
                iv = rig[key]
                t.add_row(label, "—" if iv is None else f"[{iv[0]:.12f}, {iv[1]:.12f}] (width {iv[1] - iv[0]:.1e})")
        first = rig["rigorous"].get("first_crossing")
        if first is not None:
            t.add_row("first crossing", f"{first['status']}: {first['how']}")
        for why in rig["rigorous"].get("reasons") or []:
            t.add_row("not certified", str(why))
        t.add_row("enclosure method", str(rig["rigorous"].get("method", "")))
        secs, per_a = rig["rigorous"].get("seconds") or {}, rig["rigorous"].get("seconds_per_A")
        if "total" in secs:
            t.add_row(
                "enclosure time",
                f"{secs['total']:.1f} s" + (f" ({per_a:.3g} s per value of A)" if isinstance(per_a, float) else ""),
            )
    t.add_row("law", f"{fmt(res.law)}  ({mdl.law_name})")
    rel = res.relative_error
    t.add_row("relative error (law-exact)/exact", "—" if rel is None else f"{100 * rel:+.2f}%")
    t.add_row("plateau A(gamma_max)", _small(res.plateau, ".6f") + "  (the §7.9 plateau; not A(inf))")
    t.add_row(
        "chance",
        f"{_small(res.chance, '.4f')}  (1/({args.chance}); A(0) = 1/(m+1) = {_small(1 / (res.m + 1), '.4f')})",
    )
    t.add_row(
        "conventions",
        f"dk={args.dk:g}, T={args.T}, m={res.m} (distractors {args.distractors}), "
        f"grid linspace(0, {args.gamma_max:g}, {args.grid}), L=log(T-1)",
    )
    for key in ("gamma_c", "plateau", "gamma_c_continuous"):
        if key in defs:
            t.add_row(f"{key}: what it is", defs[key])
    t.add_row("method", "deterministic quadrature (no sampling noise): " + doc["method"])
    t.add_row("elapsed", f"{res.elapsed_s:.3f} s")
    console().print(t)


def _small(x: float, spec: str) -> str:
    """``x`` with ``spec``, or with 4 significant digits where ``spec`` would show no digit of it."""
    return format(x, spec) if abs(x) >= 1e-3 or x == 0 else f"{x:.4g}"


def _float_outside(rig: dict, res) -> str | None:
    """One line naming the first float value that an Arb enclosure misses (the float quadrature is
    then off by more than its stated accuracy: an error, not a result), else None."""
    info = rig.get("rigorous") or {}
    for i, ((lo, hi), a) in enumerate(zip(rig.get("curve_enclosure") or [], res.curve.tolist())):
        if not lo <= a <= hi:
            return (
                f"the float A = {a!r} at gamma = {res.gammas[i]:.6g} (grid point {i}) lies outside its Arb "
                f"enclosure [{lo!r}, {hi!r}]: the float quadrature is off by more than its stated accuracy"
            )
    for key, ok in (info.get("contains_float") or {}).items():
        if ok is False:
            name = "gamma_c" if key == "grid" else "gamma_c_continuous"
            iv = rig.get("gamma_c_enclosure" if key == "grid" else "gamma_c_continuous_enclosure")
            value = res.gamma_c if key == "grid" else res.gamma_c_continuous
            return f"the float {name} = {value!r} lies outside its Arb enclosure {iv}"
    return None


def exact_map_command(args) -> int:
    from montecarlo.exact import default_map_axes

    if args.dk_min > args.dk_max or args.T_min > args.T_max:
        raise UsageError("psa-mc: need --dk-min <= --dk-max and --T-min <= --T-max")
    dks, Ts = usage_errors(default_map_axes, args.n_dk, args.n_T, (args.dk_min, args.dk_max), (args.T_min, args.T_max))
    outs = Outputs("psa-mc", stdout="the JSON summary" if args.json else "the table")
    targets = (outs.add("--out", f"{args.out}.npz"), outs.add("--out", f"{args.out}.json"))
    with outs:
        return _exact_map(args, dks, Ts, outs, targets)


def _exact_map(args, dks, Ts, outs: Outputs, targets) -> int:
    from montecarlo.exact import error_map

    with progress_bar("exact map", enabled=not args.json) as update:
        emap = usage_errors(
            error_map,
            dks,
            Ts,
            **_model_kwargs(args),
            jumps_at_crossover=True,
            progress=update,
        )
    written = outs.put(targets[0], emap.npz_bytes()) & outs.put(targets[1], emap.json_text())
    npz, js = (t.path for t in targets)
    summ = emap.summary()
    if args.json:
        print_json(
            {
                "npz": npz,
                "json": js,
                "summary": {k: v for k, v in summ.items() if k != "crossover"},
                "at_the_crossover": emap.jumps,
                "worst": emap.worst(10),
                "elapsed_s": emap.elapsed_s,
            }
        )
        return _finish(outs)
    from rich.table import Table

    con = console()
    t = Table(
        title=f"largest |(law - exact)/exact|, model {args.model}, {dks.size} x {Ts.size} points "
        f"(m = {args.distractors}, chance 1/({args.chance}))"
    )
    for col in ("dk", "T", "8L/dk", "branch", "exact gamma_c", "law", "error"):
        t.add_column(col, justify="right")
    for r in emap.worst(10):
        t.add_row(
            f"{r['dk']:.2f}",
            str(r["T"]),
            f"{r['8L/dk']:.3f}",
            r["branch"],
            format_gamma_c(r["gamma_c_exact"]),
            f"{r['law']:.4f}",
            f"{100 * r['relative_error']:+.1f}%",
        )
    con.print(t)
    for name in ("mean-field", "condensed"):
        if name in summ:
            s = summ[name]
            con.print(
                f"{name}: {s['points']} points, median |error| {100 * s['median_abs']:.1f}%, "
                f"max |error| {100 * s['max_abs']:.1f}% (range {100 * s['min']:+.1f}% .. {100 * s['max']:+.1f}%)"
            )
    e = [j["error_mean_field"] for j in emap.jumps if j["error_mean_field"] is not None]
    c = [j["error_condensed"] for j in emap.jumps if j["error_condensed"] is not None]
    if e and c:
        con.print(
            f"at d_k = 8L itself (exact gamma_c vs the two branches, T = {emap.Ts[0]}..{emap.Ts[-1]}): "
            f"mean-field branch {100 * min(e):+.1f}% .. {100 * max(e):+.1f}%, condensed branch "
            f"{100 * min(c):+.1f}% .. {100 * max(c):+.1f}%"
        )
    if written:
        con.print(f"wrote {rich_text(npz)} and {rich_text(js)} in {emap.elapsed_s:.1f} s")
    return _finish(outs)


def _finish(outs: Outputs) -> int:
    """Write the outputs that are streams, after the table; a failure to write is one line each, exit 2."""
    failures = outs.finish()
    for line in failures:
        print(line, file=sys.stderr)
    return EXIT_USAGE if failures else EXIT_OK
