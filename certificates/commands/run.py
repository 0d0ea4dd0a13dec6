"""``psa-cert run``: select certificates, run them (in worker processes), print the table, JSON or
JUnit XML, record the verdicts, and compare with a baseline."""

from __future__ import annotations

import os
import time
from contextlib import contextmanager

from psa_io.entry import toolkit_version
from psa_io.outputs import Outputs
from psa_io.terminal import emit, width
from psa_io.usage import EXIT_FAIL, EXIT_OK, EXIT_USAGE, UsageError

from .. import baseline as bl
from ..registry import RegistryError, Status
from ..render import REPORT_HINT, baseline_lines, exit_lines, run_lines, to_json, to_junit
from ._common import jobs, load_pack, mc_ready, run_certs, save_last_run, say, timeout

#: The main paper's conventions, stated in the JSON document of a run of the ``psa`` pack (each
#: certificate's detail states its own).
PSA_CONVENTIONS = {
    "L": "log(T-1)",
    "momentum_boundary": "p_1 = 0 (§4, Algorithm 1); §8 certificates use zero history q_0 = 0 and say so",
    "distractors": "m = T-2 (Def 62) unless a certificate states T-1",
}


def run_command(args) -> int:
    t_start = time.perf_counter()
    if args.pack is not None and not args.pack.strip():
        raise UsageError("psa-cert: --pack needs a pack name, got an empty one")
    if not args.all and args.only is None:
        if args.pack is None:
            raise UsageError("psa-cert run: one of --all, --only or --pack is required (see --help)")
        args.all = True
    outs = Outputs("psa-cert", stdout="the JSON document" if args.json else "the table")
    junit = outs.add("--junit", args.junit) if args.junit is not None else None
    base_out = outs.add("--write-baseline", args.write_baseline) if args.write_baseline is not None else None
    with outs:
        return _run(args, outs, junit, base_out, t_start)


def _run(args, outs: Outputs, junit, base_out, t_start: float) -> int:
    """The run once its outputs are checked: run, write the files, print, then the streams and
    any failure to write (exit 2 after the output)."""
    base = None
    if args.baseline is not None:
        if not args.baseline.strip():
            raise UsageError("psa-cert: --baseline needs a file name, got an empty one")
        try:
            base = bl.load(args.baseline)
        except bl.BaselineError as exc:
            raise UsageError(f"psa-cert: {exc}") from None
    args.pack = args.pack.strip() if args.pack else "psa"
    with (
        fresh_env(args.fresh),
        thorough_env(getattr(args, "thorough", False)),
        trust_env(getattr(args, "trust_store", False)),
    ):
        reg, results, paper_plan = _load_and_run(args)
    elapsed = time.perf_counter() - t_start
    version = toolkit_version()
    if junit is not None:
        outs.put(junit, to_junit(results))
    if base_out is not None:
        outs.put(base_out, bl.dumps(results, version))
    changes = None if base is None else bl.compare(base, results, [c.id for c in reg])
    unrecorded = [] if args.no_save else save_last_run(results, paper_plan.papers if paper_plan is not None else None)
    meta = {"toolkit_version": version, "pack": args.pack, "packs": sorted({r.certificate.pack for r in results})}
    if "psa" in meta["packs"]:
        meta["conventions"] = PSA_CONVENTIONS
    meta["memo_recalled"] = sum(1 for r in results if r.memo)
    if paper_plan is not None:
        meta["papers"] = paper_plan.papers
    if args.json:
        extra = None
        if changes is not None:
            assert base is not None  # changes were compared with it
            full = bl.diff(base, results, [c.id for c in reg], args.baseline)
            extra = {"baseline": bl.to_json(changes, args.baseline, full)}
        emit(to_json(results, meta, extra=extra, drift=paper_plan.drift if paper_plan is not None else None))
    else:
        w = width()
        title = f"psa-cert ({args.pack}), toolkit {version}, {len(results)} certificates"
        lines = run_lines(results, width=w, verbose=args.verbose, title=title, elapsed=elapsed)
        if changes is not None:
            lines[-1:-1] = baseline_lines(changes, args.baseline, w)
        emit(lines + exit_lines(results, w, changes, report_hint(args.pack, recorded=not (args.no_save or unrecorded))))
    failures = outs.finish() + unrecorded
    if failures:
        say(failures)
        return EXIT_USAGE
    if changes is not None:
        return EXIT_FAIL if changes else EXIT_OK
    bad = any(r.status in (Status.FAIL, Status.ERROR) for r in results)
    return EXIT_FAIL if bad else EXIT_OK


def report_hint(pack: str, recorded: bool):
    """The report command the closing line suggests: it reads this run's record (``--last-run``,
    with ``--pack`` when not psa); None when the run was not recorded (``--no-save``, or the record
    failed), where ``report --last-run`` would show an earlier run."""
    if not recorded:
        return None
    import shlex

    return REPORT_HINT + ("" if pack == "psa" else f" --pack {shlex.quote(pack)}")


def _load_and_run(args):
    """Load, select and run (the workers are forked once the registry is loaded: they start with it)."""
    papers = _read_papers(getattr(args, "paper", None))
    reg = load_pack(args.pack)
    certs = select(args, reg)
    mc_ready(certs, getattr(args, "trust_store", False))
    from ..memo import Memo

    if papers is None:
        return reg, run_certs(certs, "psa-cert run", jobs=jobs(args), timeout=timeout(args), memo=Memo()), None
    from ..coverage import paperrun
    from ..registry import Status as St
    from ..results import Result

    plan = paperrun.plan(papers, certs)
    todo = [c for c in paperrun.apply(plan, certs) if (c.pack, c.id) not in plan.errors]
    ran = iter(run_certs(todo, "psa-cert run", jobs=jobs(args), timeout=timeout(args), memo=Memo()))
    results = []
    for c in certs:
        key = (c.pack, c.id)
        if key in plan.errors:
            results.append(Result(c, St.ERROR, None, None, "; ".join(plan.errors[key]), 0.0))
            continue
        r = next(ran)
        if plan.notes.get(key):
            r.detail = "[--paper: " + "; ".join(plan.notes[key]) + "] " + r.detail
        results.append(r)
    return reg, results, plan


def _read_papers(paths):
    """The texts of ``--paper`` (None without it); a text that cannot be read is exit 2, one line."""
    if not paths:
        return None
    from psa_io.papertext import PaperTextError

    from ..coverage.paperrun import read_papers

    try:
        return read_papers(paths)
    except PaperTextError as exc:
        raise UsageError(f"psa-cert run: {exc}") from None


def section_matches(section: str, wanted: str) -> bool:
    """``§7.9`` matches ``7``, ``§7`` and ``7.9`` (a prefix of whole numbers), not ``7.1``."""
    a, b = (s.strip().lstrip("§").strip() for s in (section, wanted))
    return a == b or a.startswith(b + ".")


def select(args, reg) -> list:
    """The certificates of ``--all`` / ``--only``, then ``--kind`` and ``--section``; none is bad usage."""
    try:
        if args.all:
            certs = list(reg)
        else:
            ids = [i.strip() for i in args.only.split(",") if i.strip()]
            if not ids:
                raise UsageError("psa-cert: --only needs at least one certificate id")
            certs = list({c.id.lower(): c for c in reg.select(ids)}.values())  # each id once, in order
    except RegistryError as exc:
        raise UsageError(f"psa-cert: {exc}") from None
    if args.kind:
        certs = [c for c in certs if c.kind.value == args.kind]
    if args.section:
        certs = [c for c in certs if section_matches(c.section, args.section)]
    if not certs:
        raise UsageError("psa-cert: no certificate matches the selection")
    return certs


@contextmanager
def _flag_env(var: str, on: bool):
    """``var=1`` for the checks (and the workers) of this run when ``on``; otherwise removed for the run,
    so that only the flag turns it on.  The previous value is restored afterwards."""
    old = os.environ.pop(var, None)
    if on:
        os.environ[var] = "1"
    try:
        yield
    finally:
        os.environ.pop(var, None)
        if old is not None:
            os.environ[var] = old


def trust_env(trust: bool):
    """``--trust-store``: ``PSA_TOOLKIT_TRUST_STORE=1`` for the checks (and the workers) of this run;
    without the flag the variable is removed for the run, so that only the flag can trust a store."""
    from montecarlo.storekey import ENV_TRUST

    return _flag_env(ENV_TRUST, trust)


@contextmanager
def fresh_env(fresh: bool):
    """``--fresh``: ``PSA_TOOLKIT_FRESH=1`` for the checks (and the workers) of this run only."""
    old = os.environ.get("PSA_TOOLKIT_FRESH")
    if fresh:
        os.environ["PSA_TOOLKIT_FRESH"] = "1"
    try:
        yield
    finally:
        if fresh:
            if old is None:
                os.environ.pop("PSA_TOOLKIT_FRESH", None)
            else:
                os.environ["PSA_TOOLKIT_FRESH"] = old


def thorough_env(thorough: bool):
    """``--thorough``: ``PSA_TOOLKIT_THOROUGH=1`` for the checks (and the workers) of this run only: the
    Monte-Carlo cross-checks of the exact-model certificates run even when nothing is stored.  Without
    the flag the variable is removed for the run (only the flag asks for minutes of Monte Carlo)."""
    from montecarlo.store import ENV_THOROUGH

    return _flag_env(ENV_THOROUGH, thorough)
