"""Command-line interface: ``psa-cert`` (certificates) and ``psa-mc`` (Monte Carlo).

The two ``main`` functions, their parsers and the dispatch, nothing else: each command's work and
its output live beside the package they present (:mod:`certificates.commands`,
:mod:`montecarlo.commands`), the shared terminal, JSON, usage and exit plumbing in :mod:`psa_io`.
Exit codes: 0 success, 1 a certificate failed (or errored), 2 bad usage or bad
input (one line on stderr, no traceback; also an output that could not be
written, or a pack that cannot be used), 130 interrupted (SIGINT); psa-cert: 143
terminated (SIGTERM: handled like SIGINT).  psa-mc: 2 also for a
run above --max-memory/--max-work, 1 for an internal fault (a kernel returned an
impossible result, which is discarded), always with one line on stderr.
"""

from __future__ import annotations

import argparse
import os
import sys
from typing import Sequence

from psa_io.entry import VersionAction, closed_pipe, dispatch, entry, flush_stdout, terminate_as_interrupt
from psa_io.usage import Parser, UsageError, int_at_least, interrupted, name_equals_value, nonnegative_float

# --- psa-cert --------------------------------------------------------------------------

CERT_COMMANDS = ("run", "list", "show", "graph", "report", "coverage")

_RUN_EPILOG = """\
Exit codes: 0 every selected certificate passed (with --baseline: no verdict
changed); 1 a certificate failed or errored (with --baseline: a verdict
changed); 2 bad usage or input (one line on stderr), or an output or the
record of the run could not be written (said after the results), or a pack
asked for cannot be used (two distributions register its name: see
--pack-source; it does not import); 130 interrupted, 143 terminated (SIGTERM):
the workers are ended and nothing of the run is recorded.

Isolation: every check runs in a worker process (also with --jobs 1); a
check that exits, crashes, is killed or runs past --timeout (even in C code)
is an ERROR row that says why, and the other verdicts stand.

Outputs (--junit, --write-baseline): a file is replaced atomically; '-',
/dev/stdout, /dev/stderr, /dev/fd/N, a FIFO or a device such as /dev/null is
written as a stream, whole, after the table; a symbolic link, folder or
socket is refused, and so is an output to standard output beside the table
(exit 2, before anything runs).

Baseline for CI: --write-baseline PATH records every certificate's verdict
(id -> status and severity).  --baseline PATH compares this run with it and
lists every change (new FAIL, fixed, status changed, severity changed, new
certificate, removed); the exit code is then 0 when no verdict changed and 1
otherwise, whatever the verdicts are.  Both may be given in one run.

Certificates of the reduced model's Monte-Carlo numbers (§7.9, §7.10, C7, C8,
Rem 70, Rem 72, Thm 64) take their verdict from the exact model (quadrature);
the Monte Carlo at the paper's sizes is shown beside it as a cross-check when it
is already in the result store ($PSA_TOOLKIT_STORE, else
~/.cache/psa-toolkit/sweeps), or when --thorough asks for it (minutes on a
laptop: it compiles the kernels and runs the sweeps once, then they are
stored).  The detail of each says which.  Sweeps and Monte Carlo are reused
from the store and the evidence says so; --fresh recomputes them.  The PASS or
FAIL of a check that is not Monte Carlo is kept in the same store, signed with
your store key, and recalled while the code, the libraries and its claims are
unchanged (the summary counts them; --fresh recomputes).  Progress (done /
total, ETA) goes to stderr."""


def _cert_parser() -> argparse.ArgumentParser:
    p = Parser(
        prog="psa-cert",
        description=(
            "Check the paper's claims.  Every certificate encodes one statement as printed and "
            "reports PASS, FAIL (with the counterexample or recomputed value) or ERROR."
        ),
        epilog="Exit codes: 0 all checks passed, 1 a certificate failed or errored, 2 bad usage, "
        "130 interrupted, 143 terminated (SIGTERM).  See 'psa-cert run --help' for baselines.",
    )
    p.add_argument("--version", action=VersionAction)
    p.add_argument(
        "--pack-source",
        action="append",
        type=name_equals_value,
        default=[],
        metavar="NAME=DIST",
        help="use pack NAME from distribution DIST when two distributions register that name (they are "
        "refused otherwise, exit 2); repeatable; also $PSA_TOOLKIT_PACK_SOURCE=NAME=DIST[,...]",
    )
    sub = p.add_subparsers(dest="command", metavar="{" + ",".join(CERT_COMMANDS) + "}", parser_class=Parser)
    run = sub.add_parser(
        "run",
        help="run certificates and print one line per certificate",
        description="Run certificates; print one line per certificate grouped by paper\n"
        "section (default), JSON or JUnit XML.  The summary comes last, then what\n"
        "the exit code means.",
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
    run.add_argument(
        "--paper",
        action="append",
        metavar="PAPER",
        help="read every located claim and setting from this paper's text (as papers/*.txt) instead of the "
        "built-in number; repeat for several papers",
    )
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
        type=int_at_least(1),
        default=None,
        metavar="N",
        help="worker processes (default: the number of cores); 1: one worker, in order (no check ever "
        "runs in psa-cert's own process)",
    )
    run.add_argument(
        "--timeout",
        type=nonnegative_float,
        default=None,
        metavar="S",
        help="stop a certificate after S seconds and report it as ERROR; one that cannot be stopped "
        "is killed with its worker soon after (default 900; 0 = no limit)",
    )
    run.add_argument(
        "--fresh",
        action="store_true",
        help="recompute every check: the stored Monte Carlo and sweeps and the verdicts recalled from the "
        "verified store are not reused (and are stored again)",
    )
    run.add_argument(
        "--thorough",
        action="store_true",
        help="also run the Monte-Carlo cross-checks at the paper's sizes that are not stored yet (the "
        "verdicts come from the exact model either way; without it a cross-check runs only from stored "
        "results)",
    )
    run.add_argument(
        "--trust-store",
        action="store_true",
        help="use stored Monte Carlo and sweeps that are not signed by your store key (a store made by "
        "someone else); says once which store is trusted (default: such records are recomputed)",
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
        help="show one statement: content, claims, dependencies, its evidence as a table",
        description="Describe one certificate (its claims as printed and its settings) and run "
        "it, printing its evidence as a table (-v: every column, the whole explanation) and, for "
        "a PASS that rests on a FAIL, what blocks it.  The verdict is not recorded as the last "
        "run ('psa-cert run --only ID' records it).",
        epilog="Exit codes: 0 the check passed (or was not run: --no-run, not checkable); "
        "1 it failed or errored; 2 bad usage; 130 interrupted.",
    )
    show.add_argument("id", help="certificate id, e.g. C3 or prop13")
    show.add_argument("--pack", default="all", help="pack to look in (default: all installed packs)")
    show.add_argument("--no-run", action="store_true", help="describe without running the check")
    show.add_argument(
        "-v",
        "--verbose",
        action="store_true",
        help="every column of the evidence, every number in full, the whole explanation and evidence data",
    )
    show.add_argument(
        "--timeout",
        type=nonnegative_float,
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
        type=int_at_least(1),
        default=None,
        metavar="N",
        help="worker processes for --run (default: the number of cores)",
    )
    _add_report_parser(sub)
    _add_coverage_parser(sub)
    return p


def _add_coverage_parser(sub) -> None:
    cov = sub.add_parser(
        "coverage",
        help="account for every number printed in a paper's text (checked, setting, label, ...)",
        description="Find every numeral of each paper's text and class it: checked (a certificate "
        "reads it and has a verdict), setting, not-checkable (with its reason), label, formula or "
        "unaccounted.  The paper is recognised from its title.  Verdicts are those of the last "
        "'psa-cert run' of its pack.",
    )
    cov.add_argument("paper", nargs="+", metavar="PAPER", help="a paper's text (as papers/*.txt)")
    cov.add_argument("--json", action="store_true", help="print one JSON document instead of the table")
    cov.add_argument("--html", metavar="PATH", help="write the annotated text as one self-contained HTML page")


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
    rep.add_argument(
        "--baseline",
        metavar="PATH",
        help="add 'changed since the baseline' at the top (a --write-baseline file): new FAILs, fixed, "
        "grade and evidence-level changes, Monte-Carlo values moved by more than their SE",
    )
    rep.add_argument("--json-diff", metavar="PATH", help="also write that comparison as JSON to PATH")


def cert_main(argv: Sequence[str] | None = None) -> int:
    parser = _cert_parser()
    try:
        return dispatch(parser, argv, dict.fromkeys(CERT_COMMANDS, _cert_command))
    except BrokenPipeError:
        return closed_pipe()


def _environment(prog: str) -> None:
    """Settings in the environment that no command can run with (``NUMBA_NUM_THREADS=0``): bad
    input, one line and exit 2 before any work (:func:`montecarlo._jit.environment_problem`)."""
    from montecarlo._jit import environment_problem

    why = environment_problem()
    if why:
        raise UsageError(f"{prog}: {why}")


def _cert_command(args) -> int:
    from certificates.commands import handler  # imported when a command runs: --help stays light

    _environment("psa-cert")

    if args.pack_source:  # read by the registry (certificates.registry.pack_sources)
        given = [s for s in os.environ.get("PSA_TOOLKIT_PACK_SOURCE", "").split(",") if s.strip()]
        os.environ["PSA_TOOLKIT_PACK_SOURCE"] = ",".join(given + args.pack_source)
    return handler(args.command)(args)


# --- psa-mc ------------------------------------------------------------------------------

MC_COMMANDS = ("gamma-c", "curve", "pinf", "induction", "sweep", "exact", "exact-map", "plot", "conventions", "warmup")


def _mc_parser() -> argparse.ArgumentParser:
    """The parser of ``psa-mc``: its modules import NumPy, not the engine, Numba or SciPy (a command
    imports those when it runs), so that ``--help`` and bad usage answer at once."""
    from montecarlo.commands import conventions, exact, induction, plot, sweep, warmup
    from montecarlo.commands.options import JSON_HELP, add_grid_point, add_limit_options, add_mc_options

    p = Parser(
        prog="psa-mc",
        description=(
            "Monte Carlo of the reduced Gaussian score models: target a + b Z_0 against m distractors "
            "b Z_j; the observable is the expected softmax mass on the target, A(gamma)."
        ),
        epilog="Results depend only on (seed, parameters): the same numbers for any thread count.",
    )
    p.add_argument("--version", action=VersionAction)
    sub = p.add_subparsers(dest="command", metavar="{" + ",".join(MC_COMMANDS) + "}", parser_class=Parser)
    g = sub.add_parser(
        "gamma-c",
        help="critical coupling gamma_c by Monte Carlo, beside the model's law",
        description="Extract gamma_c per seed as in §7.9 (midpoint between chance and the "
        "plateau, linear interpolation) and compare with the model's closed form.",
    )
    add_mc_options(g)
    c = sub.add_parser(
        "curve",
        help="the whole A(gamma) curve with standard errors",
        description="Print A(gamma) on the grid: mean over seeds, standard error from the "
        "seed spread, and the per-trial standard error.",
    )
    add_mc_options(c)
    pi = sub.add_parser(
        "pinf",
        help="argmax limit p_inf of eq. (51) by quadrature (and optionally MC)",
        description="p_inf = int phi(z) Phi(z + sqrt(dk)/2)^m dz, eq. (51).",
    )
    add_grid_point(pi)
    pi.add_argument("--m", type=int_at_least(1), default=None, help="distractor count (default T-2, eq. 51)")
    pi.add_argument(
        "--mc-trials",
        type=int_at_least(0),
        default=0,
        help="also estimate p_inf by direct argmax Monte Carlo with this many trials (default 0: no MC)",
    )
    pi.add_argument("--seed", type=int_at_least(0), default=0, help="seed of the Monte-Carlo check (default 0)")
    pi.add_argument("--json", action="store_true", help=JSON_HELP)
    for module in (induction, sweep, exact, plot, conventions):  # exact: exact and exact-map
        module.add_parser(sub)
    for q in sub.choices.values():
        add_limit_options(q)
    warmup.add_parser(sub)  # no limits: it compiles, nothing is allocated
    return p


#: The parser of :func:`mc_main`, built on its first call in a process: parsing reads it and never
#: changes it (its defaults and choices are constants; the limits' variables are read when a command
#: runs), and every later call in the process (tests, a notebook) saves the ~5 ms argparse takes to
#: build it again.  :func:`_mc_parser` itself still builds a new one (the docs' CLI reference).
_MC_PARSER: list[argparse.ArgumentParser] = []


def mc_main(argv: Sequence[str] | None = None) -> int:
    try:
        _environment("psa-mc")  # before anything else: no command can run with it
    except UsageError as exc:
        print(str(exc), file=sys.stderr)
        return 2
    try:
        if not _MC_PARSER:
            _MC_PARSER.append(_mc_parser())
        parser = _MC_PARSER[0]
        from montecarlo.commands import COMMANDS
    except KeyboardInterrupt as exc:  # Ctrl-C (or SIGTERM) while the packages load
        line, code = interrupted("psa-mc", exc)
        print(line, file=sys.stderr)
        return code

    return flush_stdout(dispatch(parser, argv, COMMANDS))


# --- entry points --------------------------------------------------------------------------

#: BLAS thread counts psa-cert starts with unless the environment sets them: the certificates'
#: matrices are small (at most 128 x 128), and BLAS threads only compete with the worker
#: processes for the cores -- on two loaded cores a 64 x 128 product batch ran 3 times slower with
#: two OpenBLAS threads than with one.  Read by OpenBLAS/MKL when NumPy loads, so set first.
BLAS_THREADS = {"OPENBLAS_NUM_THREADS": "1", "MKL_NUM_THREADS": "1"}


def _blas_threads() -> None:
    for k, v in BLAS_THREADS.items():
        os.environ.setdefault(k, v)


def _stop_workers() -> None:
    """Before psa-cert exits: end any worker still running (a run closes its own pool; this is the
    last line of defence, e.g. after an interrupt)."""
    runner = sys.modules.get("certificates.runner")
    if runner is not None:
        runner.stop_workers()


def cert_entry(argv: Sequence[str] | None = None) -> None:
    _blas_threads()
    terminate_as_interrupt()  # SIGTERM: as SIGINT (workers ended, nothing recorded), exit 143
    entry(cert_main, argv, prog="psa-cert", fast=True, cleanup=_stop_workers)


_NOTICED: set = set()


def _compile_notice(text: str | None) -> None:
    if text and text not in _NOTICED:
        _NOTICED.add(text)
        print(f"psa-mc: {text} (then cached)", file=sys.stderr, flush=True)


def mc_entry(argv: Sequence[str] | None = None) -> None:
    if sys.stderr.isatty():  # a first run compiles kernels for tens of seconds: say so (psa_io.status)
        from psa_io import status

        status.LISTENERS.append(_compile_notice)
    entry(mc_main, argv, prog="psa-mc")


if __name__ == "__main__":  # pragma: no cover
    prog = sys.argv[1] if len(sys.argv) > 1 else ""
    if prog in ("cert", "psa-cert"):
        cert_entry(sys.argv[2:])
    mc_entry(sys.argv[2:])
