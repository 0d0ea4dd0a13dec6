"""Bad usage and the argument types of both programs.

Bad usage or bad input is one line on stderr and exit code 2, never a traceback: commands raise
:class:`UsageError`; :class:`Parser` (argparse) reports its own errors the same way.  The argument
types check a value where it is parsed (their ``__name__`` is what argparse calls the type).
"""

from __future__ import annotations

import argparse
import math
from typing import Callable

EXIT_OK, EXIT_FAIL, EXIT_USAGE, EXIT_INTERRUPT = 0, 1, 2, 130
#: Exit code after a SIGTERM (128 + 15, as a shell reports a death by SIGTERM).
EXIT_TERMINATED = 143


class UsageError(Exception):
    """Bad usage or bad input: reported as one line, exit code 2."""


class Terminated(KeyboardInterrupt):
    """A SIGTERM: handled everywhere as an interrupt (workers ended, nothing partial saved), but
    reported as "terminated" with exit code 143."""


def interrupted(prog: str, exc: BaseException) -> tuple[str, int]:
    """The one line and the exit code of an interrupt: SIGINT 130, SIGTERM 143."""
    if isinstance(exc, Terminated):
        return f"{prog}: terminated", EXIT_TERMINATED
    return f"{prog}: interrupted", EXIT_INTERRUPT


class Parser(argparse.ArgumentParser):
    """argparse that reports errors as a single line and exits with 2."""

    def error(self, message: str):  # noqa: D401 - argparse API
        raise UsageError(f"{self.prog}: {message} (see --help)")


def int_at_least(low: int) -> Callable[[str], int]:
    """An integer >= ``low``."""

    def parse(text: str) -> int:
        try:
            value = int(text)
        except ValueError:
            raise argparse.ArgumentTypeError(f"expected an integer, got {text!r}") from None
        if value < low:
            raise argparse.ArgumentTypeError(f"must be >= {low}, got {value}")
        return value

    parse.__name__ = f"integer >= {low}"
    return parse


def _finite(text: str, ok: Callable[[float], bool], rule: str) -> float:
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected a number, got {text!r}") from None
    if not math.isfinite(value) or not ok(value):
        raise argparse.ArgumentTypeError(f"must be finite and {rule}, got {text}")
    return value


def positive_float(text: str) -> float:
    """A finite number > 0."""
    return _finite(text, lambda v: v > 0, "> 0")


positive_float.__name__ = "positive number"


def nonnegative_float(text: str) -> float:
    """A finite number >= 0."""
    return _finite(text, lambda v: v >= 0, ">= 0")


nonnegative_float.__name__ = "number >= 0"


def nonempty_path(text: str) -> str:
    """A path that is not empty (nor only spaces)."""
    if not text.strip():
        raise argparse.ArgumentTypeError("must not be empty (give a path)")
    return text


nonempty_path.__name__ = "path"


def csv_of(parse: Callable[[str], object]) -> Callable[[str], list]:
    """A comma-separated list of values of the type ``parse`` (at least one)."""

    def parse_list(text: str) -> list:
        items = [t.strip() for t in text.split(",") if t.strip()]
        if not items:
            raise argparse.ArgumentTypeError(f"expected a comma-separated list, got {text!r}")
        return [parse(t) for t in items]

    parse_list.__name__ = f"comma-separated list of {parse.__name__}"
    return parse_list


def name_equals_value(text: str) -> str:
    """``NAME=VALUE`` with neither part empty (``--pack-source psa=psa-toolkit``)."""
    name, sep, value = text.partition("=")
    if not sep or not name.strip() or not value.strip() or "," in text:
        raise argparse.ArgumentTypeError(f"expected NAME=DISTRIBUTION, got {text!r}")
    return f"{name.strip()}={value.strip()}"


name_equals_value.__name__ = "NAME=DISTRIBUTION"
