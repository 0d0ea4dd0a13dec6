"""``psa-cert graph``: the dependency graph as Graphviz DOT and Mermaid, coloured by verdict."""

from __future__ import annotations

import sys

from psa_io.outputs import write_output
from psa_io.terminal import emit, width
from psa_io.usage import EXIT_OK, UsageError

from .. import graph as g
from .. import lastrun
from ..render import wrap
from ._common import jobs, last_statuses, load_pack, run_certs, save_last_run, timeout


def graph_command(args) -> int:
    certs = list(load_pack(args.pack))
    if args.run:
        results = run_certs(certs, "psa-cert graph --run", jobs=jobs(args), timeout=timeout(args))
        save_last_run(results)
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
    outputs = {"dot": g.to_dot(nodes), "mermaid": g.to_mermaid(nodes)}
    wanted = ["dot", "mermaid"] if args.format == "both" else [args.format]
    if args.out == "-":
        if len(wanted) != 1:
            raise UsageError("psa-cert: --out - needs --format dot or --format mermaid")
        print(f"psa-cert graph: {source}", file=sys.stderr)
        emit(outputs[wanted[0]])
        return EXIT_OK
    if not args.out.strip():
        raise UsageError("psa-cert: --out needs a file name prefix, got an empty one")
    written = []
    for fmt in wanted:
        path = f"{args.out}.{'dot' if fmt == 'dot' else 'mmd'}"
        write_output(path, outputs[fmt])
        written.append(path)
    sm = g.summary(nodes)
    emit(
        wrap(
            f"wrote {', '.join(written)}: {sm['nodes']} nodes, {sm['fully_green']} fully green, "
            f"{sm['PASS']} pass, {sm['FAIL']} fail, {sm['ERROR']} error, "
            f"{sm['NOT-CHECKABLE']} not checkable, {sm['not_run']} without a verdict; {source}",
            width(),
        )
    )
    return EXIT_OK
