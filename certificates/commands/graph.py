"""``psa-cert graph``: the dependency graph as Graphviz DOT and Mermaid, coloured by verdict."""

from __future__ import annotations

import sys

from psa_io.outputs import Outputs
from psa_io.terminal import emit, width
from psa_io.usage import EXIT_OK, EXIT_USAGE, UsageError

from .. import graph as g
from .. import lastrun
from ..render import wrap
from ._common import jobs, last_statuses, load_pack, mc_ready, run_certs, save_last_run, say, timeout

_SUFFIX = {"dot": "dot", "mermaid": "mmd"}


def graph_command(args) -> int:
    wanted = ["dot", "mermaid"] if args.format == "both" else [args.format]
    outs = Outputs("psa-cert")  # its own stdout holds a note only: moved to stderr when an output is stdout
    if args.out == "-":
        if len(wanted) != 1:
            raise UsageError("psa-cert: --out - needs --format dot or --format mermaid")
        targets = {wanted[0]: outs.add("--out", "-")}
    else:
        if not args.out.strip():
            raise UsageError("psa-cert: --out needs a file name prefix, got an empty one")
        targets = {fmt: outs.add("--out", f"{args.out}.{_SUFFIX[fmt]}") for fmt in wanted}
    with outs:
        return _graph(args, outs, targets)


def _graph(args, outs: Outputs, targets: dict) -> int:
    certs = list(load_pack(args.pack))
    unrecorded: list[str] = []
    if args.run:
        mc_ready(certs)
        results = run_certs(certs, "psa-cert graph --run", jobs=jobs(args), timeout=timeout(args))
        unrecorded = save_last_run(results)
        statuses = {r.certificate.id.lower(): r.status for r in results}
        severities = {r.certificate.id.lower(): r.severity for r in results}
        source = "colours from this run"
    else:
        statuses = last_statuses(certs)
        severities = {}
        for pack in {c.pack for c in certs}:
            severities.update({k: v.get("severity") for k, v in lastrun.load(pack).items()})
        missing = sum(c.id.lower() not in statuses for c in certs)
        source = f"colours from the last run ({lastrun.cache_dir()}); --run re-runs" + (
            f"; {missing} certificates have no verdict yet" if missing else ""
        )
    nodes = g.build(certs, statuses, severities)
    render = {"dot": g.to_dot, "mermaid": g.to_mermaid}
    for fmt, out in targets.items():
        outs.put(out, render[fmt](nodes))
    if args.out == "-":
        emit(wrap(f"psa-cert graph: {source}", 10_000), stream=sys.stderr)
    else:
        sm = g.summary(nodes)
        emit(
            wrap(
                f"wrote {', '.join(o.path for o in targets.values())}: {sm['nodes']} nodes, "
                f"{sm['fully_green']} fully green, {sm['PASS']} pass, {sm['FAIL']} fail, {sm['ERROR']} error, "
                f"{sm['NOT-CHECKABLE']} not checkable, {sm['not_run']} without a verdict; {source}",
                width(),
            ),
            stream=outs.notes(),
        )
    failures = outs.finish() + unrecorded
    say(failures)
    return EXIT_USAGE if failures else EXIT_OK
