"""Command-line interface: ``psa-cert`` (certificates) and ``psa-mc`` (Monte Carlo).

A thin layer over :mod:`certificates`, :mod:`montecarlo` and :mod:`theory`.
Exit codes: 0 success, 1 a certificate failed (or errored), 2 bad usage or bad
input (one line on stderr, no traceback), 130 interrupted.  psa-mc: 2 also for a
run above --max-memory/--max-work, 1 for an internal fault (a kernel returned an
impossible result, which is discarded), always with one line on stderr.
"""

from __future__ import annotations

import argparse
import json
import math
import sys
from typing import Callable, Sequence

from psa_io.entry import closed_pipe as _closed_pipe
from psa_io.entry import dispatch as _dispatch
from psa_io.entry import entry as _entry_run
from psa_io.entry import flush_stdout as _flush_stdout
from psa_io.entry import toolkit_version as _version
from psa_io.jsonout import UNDEFINED, dumps
from psa_io.terminal import console as _console
from psa_io.terminal import progress_bar as _progress
from psa_io.usage import EXIT_FAIL, EXIT_INTERRUPT, EXIT_OK, UsageError
from psa_io.usage import Parser as _Parser
from psa_io.usage import csv_of as _csv_of
from psa_io.usage import int_at_least as _int_at_least
from psa_io.usage import nonempty_path as _nonempty_path
from psa_io.usage import nonnegative_float as _nonnegative_float
from psa_io.usage import positive_float as _positive_float

#: Why a psa-mc value is null (strict JSON): ``<key>_undefined`` beside it.
_UNDEFINED = dict(
    UNDEFINED,
    sd="undefined: needs at least two seeds, each with a gamma_c",
    per_seed="null: that seed's curve never crosses the midpoint on the grid",
    mean="undefined: a seed's curve never crosses the midpoint on the grid",
    z="undefined: the Monte-Carlo standard error is 0",
)


def _print_json(doc) -> None:
    print(dumps(doc, _UNDEFINED))


def _stop_workers() -> None:
    runner = sys.modules.get("certificates.runner")
    if runner is not None:
        runner._stop_forkserver()


def _entry(main, argv=None, prog="psa", fast_exit=False) -> None:
    _entry_run(main, argv, prog, fast=fast_exit, cleanup=_stop_workers)


# --- argument types ------------------------------------------------------------------


# --- psa-cert --------------------------------------------------------------------------

_RUN_EPILOG = """\
Exit codes: 0 every selected certificate passed (with --baseline: no verdict
changed); 1 a certificate failed or errored (with --baseline: a verdict
changed); 2 bad usage or input (one line on stderr); 130 interrupted (nothing
of the run is recorded).

Baseline for CI: --write-baseline PATH records every certificate's verdict
(id -> status and severity).  --baseline PATH compares this run with it and
lists every change (new FAIL, fixed, status changed, severity changed, new
certificate, removed); the exit code is then 0 when no verdict changed and 1
otherwise, whatever the verdicts are.  Both may be given in one run.

Sweeps inside Monte-Carlo certificates are reused from the result store
($PSA_TOOLKIT_STORE, else ~/.cache/psa-toolkit/sweeps) and the evidence says
so; --fresh recomputes them.  Progress (done / total, ETA) goes to stderr."""


def _cert_parser() -> argparse.ArgumentParser:
    p = _Parser(
        prog="psa-cert",
        description=(
            "Check the paper's claims.  Every certificate encodes one statement as printed and "
            "reports PASS, FAIL (with the counterexample or recomputed value) or ERROR."
        ),
        epilog="Exit codes: 0 all checks passed, 1 a certificate failed or errored, 2 bad usage, "
        "130 interrupted.  See 'psa-cert run --help' for baselines.",
    )
    p.add_argument("--version", action="version", version=f"psa-toolkit {_version()}")
    sub = p.add_subparsers(dest="command", metavar="{run,list,show,graph,report}", parser_class=_Parser)
    run = sub.add_parser(
        "run",
        help="run certificates and print one line per certificate",
        description="Run certificates; print one line per certificate grouped by paper\n"
        "section (default), JSON or JUnit XML.  The summary is the last line.",
        epilog=_RUN_EPILOG,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    which = run.add_mutually_exclusive_group()  # one of --all / --only, or --pack alone (= --all of that pack)
    which.add_argument("--all", action="store_true", help="run every certificate of the selected pack(s)")
    which.add_argument("--only", metavar="ID[,ID...]", help="run only these certificates (comma-separated)")
    run.add_argument(
        "--pack",
        default=None,
        help="certificate pack: psa (default), momentum, qhm, another installed pack, or all; "
        "without --only, '--pack P' runs every certificate of P",
    )
    run.add_argument(
        "--kind", choices=["symbolic", "numeric", "monte-carlo", "not-checkable"], help="only certificates of this kind"
    )
    run.add_argument("--section", metavar="§N[.M]", help="only certificates of this paper section (prefix match)")
    run.add_argument("--json", action="store_true", help="print one JSON document on stdout instead of the table")
    run.add_argument("--junit", metavar="PATH", help="also write JUnit XML to PATH")
    run.add_argument(
        "-v",
        "--verbose",
        action="store_true",
        help="give measured, expected and the whole evidence of every certificate",
    )
    run.add_argument(
        "--no-save",
        action="store_true",
        help="do not record the verdicts for 'list' and 'graph' (default: recorded in "
        "$PSA_TOOLKIT_CACHE, ~/.cache/psa-toolkit)",
    )
    run.add_argument(
        "--jobs",
        type=_int_at_least(1),
        default=None,
        metavar="N",
        help="worker processes (default: the number of cores); 1 runs in this process, in order",
    )
    run.add_argument(
        "--timeout",
        type=_nonnegative_float,
        default=None,
        metavar="S",
        help="stop a certificate after S seconds and report it as ERROR (default 900; 0 = no limit)",
    )
    run.add_argument(
        "--fresh",
        action="store_true",
        help="recompute the sweeps of Monte-Carlo certificates instead of reusing stored ones",
    )
    run.add_argument("--write-baseline", metavar="PATH", help="write every verdict of this run to PATH (JSON)")
    run.add_argument(
        "--baseline",
        metavar="PATH",
        help="compare with the baseline at PATH: exit 0 when no verdict changed, 1 otherwise",
    )
    lst = sub.add_parser(
        "list",
        help="list every statement: one line each, with its last verdict",
        description="List the registered certificates, one line each: id, verdict of the last "
        "'psa-cert run', kind, statement and what it verifies (or run them now "
        "with --run).",
    )
    lst.add_argument("--pack", default="psa", help="pack to list (default psa; 'all' for every pack)")
    lst.add_argument("--run", action="store_true", help="run the certificates now instead of showing the last verdicts")
    lst.add_argument("--json", action="store_true", help="print JSON instead of a table")
    show = sub.add_parser(
        "show",
        help="show one statement: content, claims, dependencies, every row of evidence",
        description="Describe one certificate (its claims as printed and its settings) and run "
        "it, printing the whole evidence.",
        epilog="Exit codes: 0 the check passed (or was not run: --no-run, not checkable); "
        "1 it failed or errored; 2 bad usage; 130 interrupted.",
    )
    show.add_argument("id", help="certificate id, e.g. C3 or prop13")
    show.add_argument("--pack", default="all", help="pack to look in (default: all installed packs)")
    show.add_argument("--no-run", action="store_true", help="describe without running the check")
    show.add_argument(
        "--timeout",
        type=_nonnegative_float,
        default=None,
        metavar="S",
        help="stop the check after S seconds (default 900; 0 = no limit)",
    )
    graph = sub.add_parser(
        "graph",
        help="write the dependency graph (Graphviz DOT and Mermaid) coloured by verdict",
        description="Nodes are statements coloured by the verdicts of the last 'psa-cert run' "
        "(--run runs them now); a node is 'fully green' only when it and "
        "everything it depends on pass.",
    )
    graph.add_argument("--pack", default="psa", help="pack (default psa; 'all' for every pack)")
    graph.add_argument(
        "--out",
        default="psa-graph",
        metavar="PREFIX",
        help="write PREFIX.dot and PREFIX.mmd (default psa-graph); '-' prints to stdout",
    )
    graph.add_argument("--format", choices=["dot", "mermaid", "both"], default="both", help="output format")
    when = graph.add_mutually_exclusive_group()
    when.add_argument("--run", action="store_true", help="run every certificate now and colour by these verdicts")
    when.add_argument(
        "--last-run", action="store_true", help="colour by the verdicts of the last 'psa-cert run' (the default)"
    )
    graph.add_argument(
        "--jobs",
        type=_int_at_least(1),
        default=None,
        metavar="N",
        help="worker processes for --run (default: the number of cores)",
    )
    _add_report_parser(sub)
    return p


def _add_report_parser(sub) -> None:
    rep = sub.add_parser(
        "report",
        help="write a referee's report: one self-contained HTML page or Markdown",
        description="One page per paper: summary, errata, the dependency graph (inline "
        "SVG coloured by verdict, nodes link to the statements), a filterable "
        "table and every statement with its text, claims as printed, measured "
        "values, evidence and dependencies.  Needs no network to view.",
    )
    rep.add_argument("--html", metavar="PATH", help="write the HTML report to PATH")
    rep.add_argument("--markdown", metavar="PATH", help="write the same content as GitHub Markdown to PATH")
    rep.add_argument("--pack", default="psa", help="pack (default psa; 'all' for every pack)")
    rep.add_argument(
        "--last-run",
        action="store_true",
        help="use the verdicts of the last 'psa-cert run' instead of running the certificates",
    )


def cert_main(argv: Sequence[str] | None = None) -> int:
    parser = _cert_parser()
    try:
        return _dispatch(parser, argv, dict.fromkeys(("run", "list", "show", "graph", "report"), _cert_command))
    except BrokenPipeError:
        return _closed_pipe()


def _cert_command(args) -> int:
    from certificates.commands import COMMANDS

    return COMMANDS[args.command](args)


# --- psa-mc ------------------------------------------------------------------------------


def _add_mc_options(p: argparse.ArgumentParser, *, model: bool = True, grid_point: bool = True) -> None:
    from montecarlo import conventions as conv

    if grid_point:
        p.add_argument("--dk", type=_positive_float, required=True, help="head width d_k (> 0)")
        p.add_argument("--T", type=_int_at_least(3), required=True, help="context length T (>= 3)")
    if model:
        p.add_argument(
            "--model",
            choices=["t4", "t3t4", "key"],
            default="t4",
            help="t4: Def 62 (default); t3t4: §10 eq. (68); key: Cor 69 eqs. (57)-(58)",
        )
    p.add_argument(
        "--trials",
        type=_int_at_least(1),
        default=conv.DEFAULT_TRIALS,
        help=f"trials per seed (default {conv.DEFAULT_TRIALS})",
    )
    p.add_argument(
        "--seeds",
        type=_int_at_least(1),
        default=conv.DEFAULT_SEEDS,
        help=f"number of seeds (default {conv.DEFAULT_SEEDS}); standard errors come from their spread",
    )
    p.add_argument(
        "--seed",
        type=_int_at_least(0),
        default=conv.DEFAULT_SEED,
        help="first seed; seeds used are seed, seed+1, ... (default 0)",
    )
    p.add_argument(
        "--grid",
        type=_int_at_least(2),
        default=conv.DEFAULT_GRID,
        help=f"points of the coupling grid linspace(0, gamma-max, grid) (default {conv.DEFAULT_GRID})",
    )
    p.add_argument(
        "--gamma-max",
        type=_positive_float,
        default=conv.DEFAULT_GAMMA_MAX,
        help=f"largest coupling of the grid (default {conv.DEFAULT_GAMMA_MAX:g})",
    )
    p.add_argument(
        "--distractors",
        choices=list(conv.DISTRACTOR_CONVENTIONS),
        default=conv.DEFAULT_DISTRACTORS,
        help="distractor count m: T-2 (Def 62, default) or T-1 (Rem 72)",
    )
    p.add_argument(
        "--chance",
        choices=list(conv.CHANCE_RULES),
        default=conv.DEFAULT_CHANCE,
        help="chance level of the extraction midpoint: 1/(T-1) as §7.9 prints (default) or 1/(m+1) = A(0)",
    )
    p.add_argument("--backend", choices=["cpu", "gpu"], default="cpu", help="execution backend (default cpu)")
    p.add_argument("--json", action="store_true", help="print one JSON document on stdout")


def _mc_parser() -> argparse.ArgumentParser:
    p = _Parser(
        prog="psa-mc",
        description=(
            "Monte Carlo of the reduced Gaussian score models: target a + b Z_0 against m distractors "
            "b Z_j; the observable is the expected softmax mass on the target, A(gamma)."
        ),
        epilog="Results depend only on (seed, parameters): the same numbers for any thread count.",
    )
    p.add_argument("--version", action="version", version=f"psa-toolkit {_version()}")
    sub = p.add_subparsers(
        dest="command",
        metavar="{gamma-c,curve,pinf,induction,sweep,exact,exact-map,plot,conventions,warmup}",
        parser_class=_Parser,
    )
    g = sub.add_parser(
        "gamma-c",
        help="critical coupling gamma_c by Monte Carlo, beside the model's law",
        description="Extract gamma_c per seed as in §7.9 (midpoint between chance and the "
        "plateau, linear interpolation) and compare with the model's closed form.",
    )
    _add_mc_options(g)
    c = sub.add_parser(
        "curve",
        help="the whole A(gamma) curve with standard errors",
        description="Print A(gamma) on the grid: mean over seeds, standard error from the "
        "seed spread, and the per-trial standard error.",
    )
    _add_mc_options(c)
    pi = sub.add_parser(
        "pinf",
        help="argmax limit p_inf of eq. (51) by quadrature (and optionally MC)",
        description="p_inf = int phi(z) Phi(z + sqrt(dk)/2)^m dz, eq. (51).",
    )
    pi.add_argument("--dk", type=_positive_float, required=True, help="head width d_k (> 0)")
    pi.add_argument("--T", type=_int_at_least(3), required=True, help="context length T (>= 3)")
    pi.add_argument("--m", type=_int_at_least(1), default=None, help="distractor count (default T-2, eq. 51)")
    pi.add_argument(
        "--mc-trials",
        type=_int_at_least(0),
        default=0,
        help="also estimate p_inf by direct argmax Monte Carlo with this many trials (default 0: no MC)",
    )
    pi.add_argument("--seed", type=_int_at_least(0), default=0, help="seed of the Monte-Carlo check (default 0)")
    pi.add_argument("--json", action="store_true", help="print one JSON document on stdout")
    _add_induction_parser(sub)
    _add_sweep_parser(sub)
    _add_exact_parsers(sub)
    for q in sub.choices.values():
        _add_limit_options(q)
    _add_warmup_parser(sub)  # no limits: it compiles, nothing is allocated
    return p


def _mc_common(args) -> dict:
    return dict(
        trials=args.trials,
        seeds=args.seeds,
        seed=args.seed,
        grid=args.grid,
        gamma_max=args.gamma_max,
        distractors=args.distractors,
        chance=args.chance,
        backend=args.backend,
    )


def _run_mc(fn, args, description: str, **kwargs):
    from montecarlo.backends import BackendUnavailable

    try:
        with _progress(description, enabled=True) as update:
            return fn(progress=update, **kwargs)
    except BackendUnavailable as exc:
        raise UsageError(f"psa-mc: {exc}") from None
    except ValueError as exc:
        raise UsageError(f"psa-mc: {exc}") from None


def _run_mc_keep_partial(fn, args, description: str, **kwargs):
    """Like _run_mc, but an interrupted run with completed seeds is reported, not lost."""
    from montecarlo.engine import Interrupted

    try:
        return _run_mc(fn, args, description, **kwargs), False
    except Interrupted as exc:
        if exc.partial is None:
            raise _McInterrupted(
                f"psa-mc: interrupted before the first of {args.seeds} seeds completed; nothing to report"
            ) from None
        return exc.partial, True


def _fmt(v, spec=".4f") -> str:
    return "—" if v is None or (isinstance(v, float) and not math.isfinite(v)) else format(v, spec)


def _mc_gamma_c(args) -> int:
    from montecarlo import gamma_c_mc

    res, interrupted = _run_mc_keep_partial(
        gamma_c_mc,
        args,
        f"gamma_c dk={args.dk:g} T={args.T}",
        dk=args.dk,
        T=args.T,
        model=args.model,
        **_mc_common(args),
    )
    code = EXIT_INTERRUPT if interrupted else EXIT_OK
    if interrupted:
        print(
            f"psa-mc: interrupted; reporting the {len(res.per_seed)} of {args.seeds} seeds completed", file=sys.stderr
        )
    doc = res.to_json()
    missing = [s for s, v in zip(res.curves.seeds, res.per_seed) if not math.isfinite(v)]
    if missing:
        doc["gamma_c"]["undefined"] = (
            f"no upward crossing of the midpoint on the grid for seed(s) "
            f"{', '.join(map(str, missing[:5]))}{' ...' if len(missing) > 5 else ''}; "
            "the mean and sd need every seed (try a larger --gamma-max)"
        )
    doc["toolkit_version"] = _version()
    doc["interrupted"] = interrupted
    if args.json:
        _print_json(doc)
        return code
    from rich.table import Table

    from montecarlo import get_model

    mdl = get_model(args.model)
    t = Table(title=f"gamma_c — {mdl.title}", show_header=False)
    t.add_column(style="bold")
    t.add_column()
    sd = f" ± {res.sd:.4f} (sd over {len(res.per_seed)} seeds)" if res.sd is not None else " (one seed)"
    t.add_row("Monte-Carlo gamma_c", f"{_fmt(res.mean)}{sd}")
    t.add_row("per seed", ", ".join(_fmt(v) for v in res.per_seed))
    t.add_row("law", f"{_fmt(res.law)}  ({mdl.law_name})")
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
    _console().print(t)
    return code


def _mc_curve(args) -> int:
    from montecarlo import simulate_curves

    cur, interrupted = _run_mc_keep_partial(
        simulate_curves,
        args,
        f"A(gamma) dk={args.dk:g} T={args.T}",
        dk=args.dk,
        T=args.T,
        model=args.model,
        **_mc_common(args),
    )
    code = EXIT_INTERRUPT if interrupted else EXIT_OK
    if interrupted:
        print(f"psa-mc: interrupted; reporting the {len(cur.seeds)} of {args.seeds} seeds completed", file=sys.stderr)
    mean, se = cur.mean, cur.se
    trial_se = cur.per_seed_sem.mean(axis=0) / math.sqrt(len(cur.seeds))
    if args.json:
        _print_json(
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
                "toolkit_version": _version(),
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
        t.add_row(f"{g:.4f}", f"{a:.6f}", _fmt(float(s1), ".2e"), f"{s2:.2e}")
    _console().print(t)
    _console().print(
        f"chance {cur.chance:.4f} (1/({args.chance})), A(0) exact {1 / (cur.m + 1):.4f}; "
        f"elapsed {cur.elapsed_s:.2f} s" + (" (interrupted)" if interrupted else "")
    )
    return code


def _mc_pinf(args) -> int:
    from montecarlo import argmax_probability
    from theory import laws

    m = args.T - 2 if args.m is None else args.m
    if max(m, args.T) > 2**53:
        raise UsageError("psa-mc: T and m must be <= 2^53 (integers exact in float64)")
    q = _usage_errors(laws.p_inf, args.dk, args.T, m=m)
    doc = {
        "dk": args.dk,
        "T": args.T,
        "m": m,
        "p_inf": q,
        "equation": "(51)",
        "both_conventions": {
            "T-2": _usage_errors(laws.p_inf, args.dk, args.T, m=args.T - 2),
            "T-1": _usage_errors(laws.p_inf, args.dk, args.T, m=args.T - 1),
        },
        "snr": laws.snr(args.dk),
    }
    if args.mc_trials:
        est = _run_mc(
            argmax_probability,
            args,
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
    doc["toolkit_version"] = _version()
    if args.json:
        _print_json(doc)
        return EXIT_OK
    con = _console()
    con.print(
        f"p_inf(dk={args.dk:g}, T={args.T}, m={m}) = [bold]{q:.6f}[/]  (eq. 51, quadrature; "
        f"m=T-2: {doc['both_conventions']['T-2']:.6f}, m=T-1: {doc['both_conventions']['T-1']:.6f})"
    )
    if args.mc_trials:
        mc = doc["monte_carlo"]
        con.print(
            f"argmax Monte Carlo: {mc['p']:.6f} ± {mc['se']:.6f} ({mc['trials']} trials, seed {mc['seed']}; "
            f"{_fmt(mc['z'], '+.2f')} standard errors from the quadrature)"
        )
    return EXIT_OK


def _add_induction_parser(sub) -> None:
    p = sub.add_parser(
        "induction",
        help="embedding-level simulation of the canonical induction model",
        description="Draw token sequences of the canonical induction model (Prop 1 / Prop 46), "
        "build the post-RoPE streams and the PSA score from the chosen channels at "
        "(gamma_q, gamma_k); report the target's softmax mass and argmax accuracy.",
    )
    p.add_argument("--dk", type=_int_at_least(1), required=True, help="head width d_k")
    p.add_argument("--T", type=_int_at_least(3), required=True, help="context length T (query at T, candidates 1..T-1)")
    p.add_argument("--gamma-q", type=float, default=1.0, help="query coupling gamma_q (default 1)")
    p.add_argument("--gamma-k", type=float, default=1.0, help="key coupling gamma_k (default 1)")
    p.add_argument("--channels", default="T1,T2,T3,T4", help="channels of eq. (19) to keep (default T1,T2,T3,T4)")
    p.add_argument(
        "--embeddings",
        choices=["shared", "independent"],
        default="shared",
        help="one embedding table for queries and keys (default) or two independent ones",
    )
    p.add_argument(
        "--alphabet",
        type=_int_at_least(2),
        default=None,
        help="alphabet size (default: continuum, every token but the query's distinct)",
    )
    p.add_argument("--rope", type=_positive_float, default=None, metavar="BASE", help="apply RoPE with this base")
    p.add_argument(
        "--sign",
        type=float,
        choices=[1.0, -1.0],
        default=1.0,
        help="orientation of the score: 1 (raw) or -1 (Rem 48: W_K -> -W_K)",
    )
    p.add_argument(
        "--boundary",
        choices=["p1=0", "q0=0"],
        default="p1=0",
        help="momentum boundary: p_1 = 0 (§4, default) or zero history (§8)",
    )
    p.add_argument("--trials", type=_int_at_least(2), default=100_000, help="trials (default 100000)")
    p.add_argument("--seed", type=_int_at_least(0), default=0, help="seed (default 0)")
    p.add_argument("--json", action="store_true", help="print one JSON document on stdout")


def _mc_induction(args) -> int:
    from montecarlo import induction as MI

    try:
        model = MI.SequenceModel(
            args.dk, args.T, embeddings=args.embeddings, alphabet=args.alphabet, rope=args.rope, boundary=args.boundary
        )
        chans = tuple(c.strip().upper() for c in args.channels.split(",") if c.strip())
        est = MI.simulate(
            model, args.gamma_q, args.gamma_k, channels=chans, sign=args.sign, trials=args.trials, seed=args.seed
        )
    except ValueError as exc:
        raise UsageError(f"psa-mc: {exc}") from None
    doc = est.to_json()
    doc["toolkit_version"] = _version()
    if args.json:
        _print_json(doc)
        return EXIT_OK
    from rich.table import Table

    t = Table(
        title=f"canonical induction model, dk={args.dk}, T={args.T}, (gamma_q, gamma_k) = "
        f"({args.gamma_q:g}, {args.gamma_k:g}), channels {'+'.join(est.channels)}",
        show_header=False,
    )
    t.add_column(style="bold")
    t.add_column()
    t.add_row("target softmax mass", f"{est.mass:.5f} ± {est.mass_se:.5f}")
    t.add_row("argmax accuracy", f"{est.accuracy:.5f} ± {est.accuracy_se:.5f}")
    t.add_row("chance / ceiling", f"1/(T-1) = {est.chance:.5f} / 1/(T-2) = {est.ceiling:.5f} (Prop 1)")
    for k, v in model.conventions().items():
        t.add_row(k, str(v))
    t.add_row("orientation", f"{args.sign:+g}")
    t.add_row("trials", f"{args.trials} (seed {args.seed}), {est.elapsed_s:.2f} s")
    _console().print(t)
    return EXIT_OK


# --- psa-mc exact / exact-map / plot / conventions (deterministic quadrature, figures) -------


def _add_exact_parsers(sub) -> None:
    from montecarlo import conventions as conv

    def model_opts(q):
        q.add_argument(
            "--model",
            choices=["t4", "t3t4", "key"],
            default="t4",
            help="t4: Def 62 (default); t3t4: §10 eq. (68); key: Cor 69 eqs. (57)-(58)",
        )
        q.add_argument(
            "--distractors",
            choices=list(conv.DISTRACTOR_CONVENTIONS),
            default=conv.DEFAULT_DISTRACTORS,
            help="distractor count m: T-2 (Def 62, default) or T-1 (Rem 72)",
        )
        q.add_argument(
            "--chance",
            choices=list(conv.CHANCE_RULES),
            default=conv.DEFAULT_CHANCE,
            help="chance level of the extraction midpoint: 1/(T-1) (default) or 1/(m+1) = A(0)",
        )
        q.add_argument(
            "--grid",
            type=_int_at_least(2),
            default=conv.DEFAULT_GRID,
            help=f"points of the coupling grid (default {conv.DEFAULT_GRID})",
        )
        q.add_argument(
            "--gamma-max",
            type=_positive_float,
            default=conv.DEFAULT_GAMMA_MAX,
            help=f"largest coupling of the grid (default {conv.DEFAULT_GAMMA_MAX:g})",
        )
        q.add_argument(
            "--continuous",
            action="store_true",
            help="also find the continuous midpoint crossing by root finding (Brent)",
        )

    e = sub.add_parser(
        "exact",
        help="gamma_c without sampling noise: the model's A(gamma) by quadrature",
        description="Evaluate A(gamma) exactly (deterministic quadrature, ~1e-13) on the grid and "
        "extract gamma_c with the §7.9 rule; beside the model's law.",
    )
    e.add_argument("--dk", type=_positive_float, required=True, help="head width d_k (> 0)")
    e.add_argument("--T", type=_int_at_least(3), required=True, help="context length T (>= 3)")
    model_opts(e)
    e.add_argument("--json", action="store_true", help="print one JSON document on stdout")
    mp_ = sub.add_parser(
        "exact-map",
        help="the law's error against the exact gamma_c over a dense (dk, T) map",
        description="Exact gamma_c over log-spaced d_k x T; writes STEM.npz and STEM.json and "
        "prints the largest errors and where.",
    )
    model_opts(mp_)
    mp_.add_argument("--dk-min", type=_positive_float, default=4.0, help="smallest d_k (default 4)")
    mp_.add_argument("--dk-max", type=_positive_float, default=256.0, help="largest d_k (default 256)")
    mp_.add_argument("--n-dk", type=_int_at_least(1), default=49, help="log-spaced d_k values (default 49)")
    mp_.add_argument("--T-min", type=_int_at_least(3), default=6, help="smallest T (default 6)")
    mp_.add_argument("--T-max", type=_int_at_least(3), default=512, help="largest T (default 512)")
    mp_.add_argument(
        "--n-T", type=_int_at_least(1), default=40, help="log-spaced T values, rounded, unique (default 40)"
    )
    mp_.add_argument(
        "--out",
        default="exact_map",
        type=_nonempty_path,
        help="output stem: writes STEM.npz and STEM.json (default exact_map)",
    )
    mp_.add_argument("--json", action="store_true", help="print the summary as JSON on stdout")
    pl = sub.add_parser(
        "plot",
        help="the paper's Figs. 7a, 7b, 8a, 8c and the exact error map (PNG + SVG)",
        description="Recompute and draw the figures (needs matplotlib: the 'plot' extra).",
    )
    pl.add_argument(
        "figures", nargs="+", metavar="FIGURE", help="one or more of fig7a, fig7b, fig8a, fig8c, error-map, or all"
    )
    pl.add_argument("--out", default="figures", type=_nonempty_path, help="output directory (default ./figures)")
    pl.add_argument(
        "--trials",
        type=_int_at_least(1),
        default=conv.DEFAULT_TRIALS,
        help=f"MC trials per seed (default {conv.DEFAULT_TRIALS})",
    )
    pl.add_argument(
        "--seeds", type=_int_at_least(1), default=conv.DEFAULT_SEEDS, help=f"MC seeds (default {conv.DEFAULT_SEEDS})"
    )
    pl.add_argument("--seed", type=_int_at_least(0), default=conv.DEFAULT_SEED, help="first seed (default 0)")
    pl.add_argument(
        "--distractors",
        choices=list(conv.DISTRACTOR_CONVENTIONS),
        default=conv.DEFAULT_DISTRACTORS,
        help="distractor count m: T-2 (default; the paper's §7.10 T axis, Fig. 8a) or T-1 "
        "(the paper's §7.9 grid, Fig. 7)",
    )
    pl.add_argument(
        "--chance",
        choices=list(conv.CHANCE_RULES),
        default=conv.DEFAULT_CHANCE,
        help="chance level: 1/(T-1) (default) or 1/(m+1)",
    )
    pl.add_argument(
        "--argmax-trials",
        type=_int_at_least(1),
        default=1_000_000,
        help="argmax MC trials per C7 checkpoint in fig8c (default 1,000,000)",
    )
    cv = sub.add_parser(
        "conventions",
        help="which m and chance level reproduce each printed MC number",
        description="Recompute every printed Monte-Carlo number of §7.9, §7.10, C7, C8 and Rem 70 "
        "under m = T-2 and m = T-1 (chance 1/(T-1) or 1/T): exact values and MC.",
    )
    cv.add_argument("--no-mc", action="store_true", help="exact values only (seconds); tolerance = rounding only")
    cv.add_argument("--trials", type=_int_at_least(1), default=conv.DEFAULT_TRIALS, help="MC trials per seed")
    cv.add_argument("--seeds", type=_int_at_least(2), default=conv.DEFAULT_SEEDS, help="MC seeds (>= 2)")
    cv.add_argument("--seed", type=_int_at_least(0), default=conv.DEFAULT_SEED, help="first seed (default 0)")
    cv.add_argument("--c7-trials", type=_int_at_least(1), default=1_000_000, help="argmax MC trials per C7 point")
    cv.add_argument("--only", metavar="ID[,ID...]", help="only these items (e.g. sec7.9.smoke,C8.a)")
    cv.add_argument("--json", action="store_true", help="print one JSON document on stdout")


def _usage_errors(fn, *args, **kwargs):
    try:
        return fn(*args, **kwargs)
    except ValueError as exc:
        raise UsageError(f"psa-mc: {exc}") from None


def _mc_exact(args) -> int:
    from montecarlo.exact import gamma_c_exact
    from montecarlo.models import get_model

    res = _usage_errors(
        gamma_c_exact,
        args.dk,
        args.T,
        model=args.model,
        distractors=args.distractors,
        chance=args.chance,
        grid=args.grid,
        gamma_max=args.gamma_max,
        continuous=args.continuous,
    )
    doc = res.to_json()
    doc["curve"] = {"gamma": res.gammas.tolist(), "A": res.curve.tolist()}
    doc["toolkit_version"] = _version()
    if args.json:
        _print_json(doc)
        return EXIT_OK
    from rich.table import Table

    mdl = get_model(args.model)
    t = Table(title=f"exact gamma_c — {mdl.title}", show_header=False)
    t.add_column(style="bold")
    t.add_column()
    t.add_row("exact gamma_c (grid rule)", _fmt(res.gamma_c))
    if args.continuous:
        t.add_row("continuous crossing", _fmt(res.gamma_c_continuous, ".6f"))
    t.add_row("law", f"{_fmt(res.law)}  ({mdl.law_name})")
    rel = res.relative_error
    t.add_row("relative error (law-exact)/exact", "—" if rel is None else f"{100 * rel:+.2f}%")
    t.add_row("plateau A(gamma_max)", f"{res.plateau:.6f}")
    t.add_row("chance", f"{res.chance:.4f}  (1/({args.chance}); A(0) = 1/(m+1) = {1 / (res.m + 1):.4f})")
    t.add_row(
        "conventions",
        f"dk={args.dk:g}, T={args.T}, m={res.m} (distractors {args.distractors}), "
        f"grid linspace(0, {args.gamma_max:g}, {args.grid}), L=log(T-1)",
    )
    t.add_row("method", "deterministic quadrature (no sampling noise): " + doc["method"])
    t.add_row("elapsed", f"{res.elapsed_s:.3f} s")
    _console().print(t)
    return EXIT_OK


def _mc_exact_map(args) -> int:
    from montecarlo.exact import default_map_axes, error_map

    if args.dk_min > args.dk_max or args.T_min > args.T_max:
        raise UsageError("psa-mc: need --dk-min <= --dk-max and --T-min <= --T-max")
    dks, Ts = _usage_errors(default_map_axes, args.n_dk, args.n_T, (args.dk_min, args.dk_max), (args.T_min, args.T_max))
    with _progress("exact map", enabled=not args.json) as update:
        emap = _usage_errors(
            error_map,
            dks,
            Ts,
            model=args.model,
            distractors=args.distractors,
            chance=args.chance,
            grid=args.grid,
            gamma_max=args.gamma_max,
            continuous=args.continuous,
            jumps_at_crossover=True,
            progress=update,
        )
    try:
        npz, js = emap.save(args.out)
    except OSError as exc:
        raise UsageError(f"psa-mc: cannot write {args.out}.npz/.json: {exc.strerror}") from None
    summ = emap.summary()
    if args.json:
        _print_json(
            {
                "npz": npz,
                "json": js,
                "summary": {k: v for k, v in summ.items() if k != "crossover"},
                "at_the_crossover": emap.jumps,
                "worst": emap.worst(10),
                "elapsed_s": emap.elapsed_s,
            }
        )
        return EXIT_OK
    from rich.table import Table

    con = _console()
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
            f"{r['gamma_c_exact']:.4f}",
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
    if emap.jumps:
        e = [j["error_mean_field"] for j in emap.jumps]
        c = [j["error_condensed"] for j in emap.jumps]
        con.print(
            f"at d_k = 8L itself (exact gamma_c vs the two branches, T = {emap.Ts[0]}..{emap.Ts[-1]}): "
            f"mean-field branch {100 * min(e):+.1f}% .. {100 * max(e):+.1f}%, condensed branch "
            f"{100 * min(c):+.1f}% .. {100 * max(c):+.1f}%"
        )
    con.print(f"wrote {npz} and {js} in {emap.elapsed_s:.1f} s")
    return EXIT_OK


def _mc_plot(args) -> int:
    from montecarlo import plots

    figs = ["all"] if "all" in args.figures else args.figures
    bad = [f for f in figs if f != "all" and f not in plots.FIGURES]
    if bad:
        raise UsageError(f"psa-mc: unknown figure {bad[0]!r}; choose from {', '.join(plots.FIGURES)} or all")
    s = plots.MCSettings(
        trials=args.trials, seeds=args.seeds, seed=args.seed, distractors=args.distractors, chance=args.chance
    )
    try:
        res = plots.make("all" if figs == ["all"] else figs, args.out, s, fig8c={"argmax_trials": args.argmax_trials})
    except plots.PlotUnavailable as exc:
        raise UsageError(f"psa-mc: {exc}") from None
    except OSError as exc:
        raise UsageError(f"psa-mc: cannot write figures to {args.out}: {exc.strerror}") from None
    for name, r in res.items():
        print(f"{name}: {', '.join(r['paths'])}")
    return EXIT_OK


def _mc_conventions(args) -> int:
    from montecarlo import conventions_report as cr

    with _progress("conventions", enabled=not args.json and not args.no_mc) as update:
        only = None if args.only is None else [i.strip() for i in args.only.split(",") if i.strip()]
        rep = _usage_errors(
            cr.build_report,
            mc=not args.no_mc,
            trials=args.trials,
            seeds=args.seeds,
            seed=args.seed,
            c7_trials=args.c7_trials,
            only=only,
            progress=update,
        )
    if args.json:
        doc = rep.to_json()
        doc["toolkit_version"] = _version()
        _print_json(doc)
        return EXIT_OK
    cr.render(rep, _console())
    return EXIT_OK


def mc_main(argv: Sequence[str] | None = None) -> int:
    try:
        parser = _mc_parser()
    except KeyboardInterrupt:  # Ctrl-C while the packages load
        print("psa-mc: interrupted", file=sys.stderr)
        return EXIT_INTERRUPT
    handlers = {
        "gamma-c": _mc_gamma_c,
        "curve": _mc_curve,
        "pinf": _mc_pinf,
        "induction": _mc_induction,
        "sweep": _mc_sweep,
        "exact": _mc_exact,
        "exact-map": _mc_exact_map,
        "plot": _mc_plot,
        "conventions": _mc_conventions,
    }
    guarded = {name: _mc_guarded(fn) for name, fn in handlers.items()}
    guarded["warmup"] = _mc_warmup
    code = _dispatch(parser, argv, guarded)
    return _flush_stdout(code)


class _McInterrupted(Exception):
    """An interrupted psa-mc run: its one line, exit 130."""


def _mc_guarded(handler: Callable) -> Callable:
    """A psa-mc handler under the --max-memory/--max-work limits, with every failure mode
    mapped to one line: resource limits and memory errors exit 2, an interruption 130, an
    internal fault of a kernel (an impossible result, discarded) 1."""

    def run(args) -> int:
        from montecarlo import limits
        from montecarlo.engine import EngineFault

        over = {}
        if getattr(args, "max_memory", None) is not None:
            over["max_memory"] = None if args.max_memory == "unlimited" else args.max_memory
        if getattr(args, "max_work", None) is not None:
            over["max_work"] = None if args.max_work == "unlimited" else args.max_work
        import warnings

        try:
            with limits.override(**over), warnings.catch_warnings():
                # numpy's floating-point warnings (exp underflow in quadrature tails...) are not
                # the user's business: impossible results are caught by the output checks instead
                warnings.simplefilter("ignore", RuntimeWarning)
                return handler(args)
        except limits.ResourceLimitError as exc:
            raise UsageError(f"psa-mc: {exc}") from None
        except MemoryError as exc:
            raise UsageError(
                f"psa-mc: out of memory ({exc or 'MemoryError'}); lower the parameters or --max-memory"
            ) from None
        except EngineFault as exc:
            print(f"psa-mc: {str(exc).splitlines()[0]}", file=sys.stderr)
            return EXIT_FAIL
        except _McInterrupted as exc:
            print(str(exc), file=sys.stderr)
            return EXIT_INTERRUPT
        except SystemExit as exc:  # rich exits 1 on a closed pipe; the reader left, nothing failed
            if isinstance(exc.__context__, BrokenPipeError):
                return EXIT_OK
            raise

    return run


def _limit_type(parser_name: str, label: str) -> Callable[[str], object]:
    """An argparse type for a --max-memory / --max-work value (``montecarlo.limits.parse_*``)."""

    def parse(text: str):
        from montecarlo import limits

        try:
            v = getattr(limits, parser_name)(text)
        except ValueError as exc:
            raise argparse.ArgumentTypeError(str(exc)) from None
        return "unlimited" if v is None else v

    parse.__name__ = label
    return parse


_size_limit = _limit_type("parse_size", "size")
_work_limit = _limit_type("parse_work", "work units")


def _add_limit_options(p: argparse.ArgumentParser) -> None:
    from montecarlo import limits

    p.add_argument(
        "--max-memory",
        type=_size_limit,
        default=None,
        metavar="SIZE",
        help=f"refuse runs estimated to need more memory (e.g. 8GiB, 512MB, unlimited; default "
        f"${limits.ENV_MEMORY} or {limits.format_size(limits.DEFAULT_MAX_MEMORY)})",
    )
    p.add_argument(
        "--max-work",
        type=_work_limit,
        default=None,
        metavar="UNITS",
        help=f"refuse runs estimated to need more work units (trials x seeds x m x grid for "
        f"the kernels; e.g. 1e14, unlimited; default ${limits.ENV_WORK} or "
        f"{limits.format_work(limits.DEFAULT_MAX_WORK)})",
    )


# --- psa-mc warmup -----------------------------------------------------------------------


def _add_warmup_parser(sub) -> None:
    w = sub.add_parser(
        "warmup",
        help="compile (or load from the cache) every Monte-Carlo kernel once and print the time",
        description="Compile every Numba kernel once and save it in the cache folder, so that the first "
        "psa-mc run (or notebook kernel) afterwards loads it instead of compiling (5-16 s). "
        "The folder is NUMBA_CACHE_DIR if writable, else ~/.cache/psa-toolkit/numba "
        "(never the installed package).",
    )
    w.add_argument("--backend", choices=("cpu", "gpu"), default="cpu", help="kernels to warm up (default cpu)")
    w.add_argument("--json", action="store_true", help="print one JSON document on stdout")


def _mc_warmup(args) -> int:
    from montecarlo import _jit
    from montecarlo.backends import BackendUnavailable

    try:
        doc = _jit.warmup(args.backend)
    except BackendUnavailable as exc:
        raise UsageError(f"psa-mc warmup: {exc}") from None
    if args.json:
        print(json.dumps(doc, indent=2))
        return EXIT_OK
    for row in doc["kernels"]:
        print(f"{row['kernel']:<40} {row['source']:<9} {row['seconds']:7.2f} s")
    print(f"{'total':<40} {'':<9} {doc['total_s']:7.2f} s")
    print(f"cache: {doc['cache_dir'] or 'none (not writable)'}")
    return EXIT_OK


# --- psa-mc sweep ------------------------------------------------------------------------


def _add_sweep_parser(sub) -> None:
    from montecarlo.sweep import PRESETS

    sw = sub.add_parser(
        "sweep",
        help="gamma_c over a (dk, T) grid with the statistics of §7.9/§7.10",
        description="gamma_c at every (dk, T) point beside the law (52), the relative error "
        "(law-MC)/MC, the branch, and the statistics the paper prints (§7.9, §7.10). "
        "Finished points are kept in a result store and reused.",
        epilog="Store: --store DIR, else $PSA_TOOLKIT_STORE, else ~/.cache/psa-toolkit/sweeps.",
    )
    sw.add_argument("--dk", type=_csv_of(_positive_float), help="head widths, e.g. 4,8,16,32,64,128")
    sw.add_argument("--T", type=_csv_of(_int_at_least(3)), help="context lengths, e.g. 10,15,25")
    sw.add_argument(
        "--preset",
        choices=list(PRESETS),
        help="paper-grid: §7.9 (dk 4..128 x T 10,15,25); t-axis: §7.10 (dk 16, ten T)",
    )
    _add_mc_options(sw, grid_point=False)
    sw.add_argument("--store", metavar="DIR", type=_nonempty_path, help="result store folder (see below)")
    sw.add_argument("--fresh", action="store_true", help="recompute every point, ignoring stored ones")
    where = sw.add_mutually_exclusive_group()
    where.add_argument("--scheduler", metavar="tcp://HOST:PORT", help="run the points on this Dask scheduler")
    where.add_argument(
        "--dask-local",
        type=_int_at_least(1),
        metavar="N",
        help="run the points on a local Dask cluster of N worker processes",
    )


def _mc_sweep(args) -> int:
    import contextlib

    from montecarlo.backends import BackendUnavailable
    from montecarlo.store import ResultStore, StoreError
    from montecarlo.sweep import PRESETS, DaskUnavailable, dask_client, run_sweep

    if args.preset and (args.dk or args.T):
        raise UsageError("psa-mc sweep: give either --preset or --dk/--T, not both")
    if args.preset:
        dks, Ts = PRESETS[args.preset]["dks"], PRESETS[args.preset]["Ts"]
    elif args.dk and args.T:
        dks, Ts = args.dk, args.T
    else:
        raise UsageError("psa-mc sweep: give --dk and --T (comma-separated) or --preset (see --help)")
    import warnings

    from montecarlo.store import DamagedRecordWarning
    from montecarlo.sweep import SweepInterrupted

    def one_line(message, category, *rest, **kw):  # one stderr line per damaged point
        if issubclass(category, DamagedRecordWarning):
            print(f"psa-mc sweep: {str(message).splitlines()[0]}", file=sys.stderr)
        else:
            print(f"psa-mc sweep: warning: {str(message).splitlines()[0]}", file=sys.stderr)

    try:
        store = ResultStore(args.store)
    except StoreError as exc:
        raise UsageError(f"psa-mc sweep: {exc}") from None
    try:
        with contextlib.ExitStack() as stack:
            stack.enter_context(warnings.catch_warnings())
            warnings.simplefilter("always", DamagedRecordWarning)
            warnings.showwarning = one_line
            client = None
            if args.scheduler or args.dask_local:
                client = stack.enter_context(dask_client(scheduler=args.scheduler, local_workers=args.dask_local))
            update = stack.enter_context(_progress(f"sweep ({len(dks) * len(Ts)} points)", enabled=True))
            sw = run_sweep(
                dks,
                Ts,
                model=args.model,
                trials=args.trials,
                seeds=args.seeds,
                seed=args.seed,
                grid=args.grid,
                gamma_max=args.gamma_max,
                distractors=args.distractors,
                chance=args.chance,
                backend=args.backend,
                store=store,
                fresh=args.fresh,
                client=client,
                progress=update,
                preset=args.preset,
            )
    except SweepInterrupted as exc:
        kept = f"kept in the store {exc.store}" if exc.store else "not stored (no store)"
        print(
            f"psa-mc sweep: interrupted; {exc.done} of {exc.total} points finished ({exc.reused} from the "
            f"store), {kept}; the point in flight was not stored",
            file=sys.stderr,
        )
        return EXIT_INTERRUPT
    except (ValueError, StoreError, DaskUnavailable, BackendUnavailable, OSError) as exc:
        raise UsageError(f"psa-mc sweep: {str(exc).splitlines()[0] if str(exc) else type(exc).__name__}") from None
    if args.json:
        _print_json(sw.to_json())
        return EXIT_OK
    from montecarlo.sweep_report import render_sweep

    render_sweep(sw, _console())
    return EXIT_OK


# --- shared dispatch ---------------------------------------------------------------------


#: BLAS thread counts psa-cert starts with unless the environment sets them: the certificates'
#: matrices are small (at most 128 x 128), and BLAS threads only compete with the worker
#: processes for the cores -- on two loaded cores a 64 x 128 product batch ran 3 times slower with
#: two OpenBLAS threads than with one.  Read by OpenBLAS/MKL when NumPy loads, so set first.
BLAS_THREADS = {"OPENBLAS_NUM_THREADS": "1", "MKL_NUM_THREADS": "1"}


def _blas_threads() -> None:
    import os

    for k, v in BLAS_THREADS.items():
        os.environ.setdefault(k, v)


def cert_entry() -> None:
    _blas_threads()
    _entry(cert_main, prog="psa-cert", fast_exit=True)


def mc_entry() -> None:
    _entry(mc_main, prog="psa-mc")


if __name__ == "__main__":  # pragma: no cover
    prog = sys.argv[1] if len(sys.argv) > 1 else ""
    if prog in ("cert", "psa-cert"):
        _blas_threads()
        _entry(cert_main, sys.argv[2:], prog="psa-cert", fast_exit=True)
    _entry(mc_main, sys.argv[2:], prog="psa-mc")
