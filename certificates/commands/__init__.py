"""The commands of ``psa-cert``: what each one does and prints, beside the package it presents.

``cli.py`` parses the arguments and calls ``COMMANDS[args.command](args)``; each handler returns
the exit code (0, or 1 when a certificate failed) and raises :class:`psa_io.usage.UsageError` for
bad input.  Modules: :mod:`.run` (``run``), :mod:`.listing` (``list``, ``show``), :mod:`.graph`
(``graph``), :mod:`.report` (``report``); :mod:`._common` holds what they share (loading a pack,
running certificates with progress, the verdicts of the last run).  The text itself comes from
:mod:`certificates.render`.
"""

from __future__ import annotations

from .graph import graph_command
from .listing import list_command, show_command
from .report import report_command
from .run import run_command

COMMANDS = {
    "run": run_command,
    "list": list_command,
    "show": show_command,
    "graph": graph_command,
    "report": report_command,
}
