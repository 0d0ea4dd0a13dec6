"""What the ``psa-mc`` commands share: running with a progress bar, failures as one line and an exit
code, numbers for the tables, and strict JSON with the reason of every ``null``."""

from __future__ import annotations

import math
import sys
import warnings
from typing import Callable

from psa_io.jsonout import UNDEFINED as _DEFAULT_REASON
from psa_io.jsonout import dumps
from psa_io.terminal import progress_bar
from psa_io.usage import EXIT_FAIL, EXIT_INTERRUPT, EXIT_OK, UsageError

from .. import limits

#: Why a psa-mc value is ``null`` in its JSON document (``<key>_undefined`` beside it).
UNDEFINED: dict[object, str] = {
    **_DEFAULT_REASON,
    "sd": "undefined: needs at least two seeds, each with a gamma_c",
    "per_seed": "null: that seed's curve never crosses the midpoint on the grid",
    "mean": "undefined: a seed's curve never crosses the midpoint on the grid",
    "z": "undefined: the Monte-Carlo standard error is 0",
}


def print_json(doc) -> None:
    """``doc`` on stdout as strict JSON (:func:`psa_io.jsonout.dumps` with :data:`UNDEFINED`)."""
    print(dumps(doc, UNDEFINED))


def fmt(v, spec=".4f") -> str:
    """A number for a table; ``—`` for None or a non-finite one."""
    return "—" if v is None or (isinstance(v, float) and not math.isfinite(v)) else format(v, spec)


def usage_errors(fn, *args, **kwargs):
    """``fn(*args, **kwargs)``; a ValueError (bad parameters) is bad usage."""
    try:
        return fn(*args, **kwargs)
    except ValueError as exc:
        raise UsageError(f"psa-mc: {exc}") from None


def run_mc(fn, description: str, **kwargs):
    """``fn(progress=..., **kwargs)`` with a progress bar; an unavailable backend or bad
    parameters are bad usage."""
    from ..backends import BackendUnavailable

    try:
        with progress_bar(description, enabled=True) as update:
            return fn(progress=update, **kwargs)
    except (BackendUnavailable, ValueError) as exc:
        raise UsageError(f"psa-mc: {exc}") from None


class McInterrupted(Exception):
    """An interrupted psa-mc run: its one line, exit 130."""


def run_mc_keep_partial(fn, description: str, **kwargs):
    """Like :func:`run_mc` (``kwargs`` hold ``seeds``), but an interrupted run with completed seeds
    is reported, not lost: ``(result, interrupted)``."""
    from ..engine import Interrupted

    try:
        return run_mc(fn, description, **kwargs), False
    except Interrupted as exc:
        if exc.partial is None:
            raise McInterrupted(
                f"psa-mc: interrupted before the first of {kwargs['seeds']} seeds completed; nothing to report"
            ) from None
        return exc.partial, True


def guarded(handler: Callable) -> Callable:
    """A psa-mc handler under the --max-memory/--max-work limits, with every failure mode
    mapped to one line: resource limits and memory errors exit 2, an interruption 130, an
    internal fault of a kernel (an impossible result, discarded) 1."""

    def run(args) -> int:
        from ..engine import EngineFault  # the engine is imported when a command runs: --help stays light

        over = {}
        if getattr(args, "max_memory", None) is not None:
            over["max_memory"] = None if args.max_memory == "unlimited" else args.max_memory
        if getattr(args, "max_work", None) is not None:
            over["max_work"] = None if args.max_work == "unlimited" else args.max_work
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
        except McInterrupted as exc:
            print(str(exc), file=sys.stderr)
            return EXIT_INTERRUPT
        except SystemExit as exc:  # rich exits 1 on a closed pipe; the reader left, nothing failed
            if isinstance(exc.__context__, BrokenPipeError):
                return EXIT_OK
            raise

    return run
