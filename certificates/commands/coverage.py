"""``psa-cert coverage PAPER [PAPER...]``: every number of each text accounted for (issue 27).

Thin: :mod:`certificates.coverage.report` does the work; this parses nothing and prints.
"""

from __future__ import annotations

import sys

from psa_io.outputs import Outputs
from psa_io.terminal import emit
from psa_io.usage import EXIT_OK, EXIT_USAGE, UsageError

from ..coverage import report
from ._common import say


def coverage_command(args) -> int:
    outs = Outputs("psa-cert", stdout="the JSON document" if args.json else "the table")
    html_out = outs.add("--html", args.html) if args.html is not None else None
    with outs:
        docs = []
        for path in args.paper:
            try:
                docs.append(report.analyse(path))
            except report.CoverageError as exc:
                raise UsageError(f"psa-cert coverage: {exc}") from None
        if args.json:
            sys.stdout.write(report.render_json(docs))
        else:
            for doc in docs:
                emit(report.render_text(doc) + [""])
        if html_out is not None:
            outs.put(html_out, report.render_html(docs))
        failures = outs.finish()
    say(failures)
    return EXIT_USAGE if failures else EXIT_OK
