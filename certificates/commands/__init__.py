"""The commands of ``psa-cert``: what each one does and prints, beside the package it presents.

``cli.py`` parses the arguments and calls ``handler(args.command)(args)``; each handler returns
the exit code (0, or 1 when a certificate failed) and raises :class:`psa_io.usage.UsageError` for
bad input.  Modules: :mod:`.run` (``run``), :mod:`.listing` (``list``, ``show``), :mod:`.graph`
(``graph``), :mod:`.report` (``report``), :mod:`.coverage` (``coverage``); :mod:`._common` holds
what they share (loading a pack, running certificates with progress, the verdicts of the last
run).  The text itself comes from :mod:`certificates.render`.
"""

from __future__ import annotations

from typing import Callable


def handler(name: str) -> Callable[..., int]:
    """The handler of the command ``name``; only its own module is imported (start-up stays light)."""
    if name == "run":
        from .run import run_command

        return run_command
    if name in ("list", "show"):
        from .listing import list_command, show_command

        return list_command if name == "list" else show_command
    if name == "graph":
        from .graph import graph_command

        return graph_command
    if name == "report":
        from .report import report_command

        return report_command
    if name == "coverage":
        from .coverage import coverage_command

        return coverage_command
    raise KeyError(f"no psa-cert command {name!r}")
