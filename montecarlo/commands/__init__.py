"""The commands of ``psa-mc``: what each one computes and prints, beside the engine it presents.

``cli.py`` builds its parser with the ``add_parser`` functions and the option groups of
:mod:`.options`, and calls ``COMMANDS[args.command](args)``; each handler returns the exit code
and raises :class:`psa_io.usage.UsageError` for bad input.  Every command but ``warmup`` runs under
the ``--max-memory`` / ``--max-work`` limits (:func:`._common.guarded`).  Modules:
:mod:`.estimates` (``gamma-c``, ``curve``, ``pinf``), :mod:`.induction`, :mod:`.sweep`,
:mod:`.exact` (``exact``, ``exact-map``), :mod:`.plot`, :mod:`.conventions`, :mod:`.warmup`.
"""

from __future__ import annotations

from ._common import guarded
from .conventions import conventions_command
from .estimates import curve_command, gamma_c_command, pinf_command
from .exact import exact_command, exact_map_command
from .induction import induction_command
from .plot import plot_command
from .sweep import sweep_command
from .warmup import warmup_command

COMMANDS = {
    name: guarded(handler)
    for name, handler in {
        "gamma-c": gamma_c_command,
        "curve": curve_command,
        "pinf": pinf_command,
        "induction": induction_command,
        "sweep": sweep_command,
        "exact": exact_command,
        "exact-map": exact_map_command,
        "plot": plot_command,
        "conventions": conventions_command,
    }.items()
}
COMMANDS["warmup"] = warmup_command  # no limits: it compiles, nothing is allocated
