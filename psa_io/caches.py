"""Reading the small JSON files the toolkit keeps for itself (the verdicts of the last run, the
certificates' timings): bounded, never blocking, never trusted.

A cache is a convenience: one that cannot be read (not a regular file, a FIFO, a folder, a
symbolic link, larger than :data:`MAX_CACHE_BYTES`, not UTF-8, not JSON, nested without end) or
whose content has the wrong shape is ignored, with one line on stderr per file and reason
(:func:`ignoring`), and never stops a command.  :func:`read_json` does the reading, :func:`load`
the reading, a cache's own check of its shape, and the line.
"""

from __future__ import annotations

import json
import os
import stat
import sys
from typing import Any, Callable, Optional

from .escape import terminal

#: Largest cache file read (bytes).  The verdicts of the three built-in packs with their evidence
#: take about 0.3 MB; 32 MiB is a hundred times that and still bounds the memory a damaged or
#: hostile file can take.
MAX_CACHE_BYTES = 32 * 2**20


class CacheUnusable(Exception):
    """The cache file cannot be used; ``reason`` says why in a few words."""

    def __init__(self, reason: str):
        super().__init__(reason)
        self.reason = reason


def read_json(path: "str | os.PathLike[str]", max_bytes: Optional[int] = None) -> Optional[Any]:
    """The JSON value in ``path``, or None when there is no such file; :class:`CacheUnusable` when
    it is not a regular file (a symbolic link is not followed, a FIFO is not waited on), is larger
    than ``max_bytes`` (default :data:`MAX_CACHE_BYTES`), is not UTF-8 JSON, or is nested too
    deeply to parse."""
    if max_bytes is None:
        max_bytes = MAX_CACHE_BYTES
    flags = os.O_RDONLY | os.O_NONBLOCK | getattr(os, "O_NOFOLLOW", 0) | getattr(os, "O_CLOEXEC", 0)
    try:
        fd = os.open(path, flags)
    except FileNotFoundError:
        return None
    except OSError as exc:
        if os.path.islink(path):
            raise CacheUnusable("is a symbolic link, not a file the toolkit wrote") from None
        raise CacheUnusable(f"cannot be read ({exc.strerror or exc})") from None
    st = os.fstat(fd)
    if not stat.S_ISREG(st.st_mode):  # a folder, a FIFO (not waited on), a device
        os.close(fd)
        raise CacheUnusable("is not a regular file")
    with os.fdopen(fd, "rb") as fh:
        if st.st_size > max_bytes:
            raise CacheUnusable(f"is larger than {max_bytes} bytes ({st.st_size})")
        try:
            data = fh.read(max_bytes + 1)
        except OSError as exc:
            raise CacheUnusable(f"cannot be read ({exc.strerror or exc})") from None
    if len(data) > max_bytes:
        raise CacheUnusable(f"is larger than {max_bytes} bytes")
    try:
        return json.loads(data.decode("utf-8"))
    except UnicodeDecodeError:
        raise CacheUnusable("is not UTF-8 text") from None
    except RecursionError:
        raise CacheUnusable("is nested too deeply") from None
    except ValueError as exc:
        raise CacheUnusable(f"is not JSON ({str(exc).splitlines()[0]})") from None


def load(
    path: "str | os.PathLike[str]",
    what: str,
    shape_problem: Callable[[Any], Optional[str]],
    prog: str = "psa-cert",
    warn: bool = True,
) -> Optional[Any]:
    """The JSON value of the cache ``path`` when it is usable and ``shape_problem(value)`` finds
    nothing wrong; else None (no file, or :func:`ignoring` says why when ``warn``)."""
    try:
        doc = read_json(path)
    except CacheUnusable as exc:
        why: Optional[str] = exc.reason
        doc = None
    else:
        why = None if doc is None else shape_problem(doc)
    if why is not None:
        if warn:
            ignoring(prog, what, path, why)
        return None
    return doc


_SAID: set = set()


def ignoring(prog: str, what: str, path: "str | os.PathLike[str]", reason: str) -> None:
    """One line on stderr -- ``psa-cert: ignoring the last-run record PATH: REASON`` -- once per
    file and reason in this process."""
    key = (what, os.fspath(path), reason)
    if key in _SAID:
        return
    _SAID.add(key)
    try:
        print(terminal(f"{prog}: ignoring {what} {os.fspath(path)}: {reason}"), file=sys.stderr)
    except (OSError, ValueError):
        pass


def finite_number(v: Any) -> bool:
    """A JSON number that is a finite, non-negative quantity (not a bool, not NaN or infinite)."""
    return isinstance(v, (int, float)) and not isinstance(v, bool) and v >= 0 and v != float("inf")
