"""Files the programs write: output paths checked before any work, and the one atomic write.

* :func:`writable_path` / :func:`writable` -- a path given on the command line that cannot be
  written is bad usage (exit 2), found before anything runs;
* :func:`atomic_write` -- every file the toolkit keeps for itself (verdict records, baselines,
  timings, stored Monte Carlo) goes through a temporary file in the same folder, flushed to disk,
  then :func:`os.replace` into place: a reader never sees half a file, and an interrupted write
  leaves the old one whole.  Only a regular file (or nothing) is ever replaced: a symlink, FIFO,
  device or folder at the path raises :class:`NotRegularFile` and is left as it is.
"""

from __future__ import annotations

import errno
import os
import stat
import tempfile
from typing import IO, Callable, Union

from .usage import UsageError

PathLike = Union[str, "os.PathLike[str]"]


def writable_path(path: str, flag: str, prog: str = "psa-cert") -> str:
    """A path we will be able to write to, checked before anything runs (exit 2 otherwise)."""
    if not path or not path.strip():
        raise UsageError(f"{prog}: {flag} needs a file name, got an empty one")
    if os.path.isdir(path):
        raise UsageError(f"{prog}: {flag} {path}: is a folder")
    folder = os.path.dirname(os.path.abspath(path))
    if not os.path.isdir(folder):
        raise UsageError(f"{prog}: {flag} {path}: folder {folder} does not exist")
    if not os.access(folder, os.W_OK) or (os.path.exists(path) and not os.access(path, os.W_OK)):
        raise UsageError(f"{prog}: {flag} {path}: not writable")
    return path


def writable(path: str, prog: str = "psa-cert") -> None:
    """Fail (exit 2) before any work when ``path`` cannot be written; leaves no file behind."""
    existed = os.path.exists(path)
    if os.path.isdir(path):
        raise UsageError(f"{prog}: cannot write {path}: is a directory")
    try:
        with open(path, "a", encoding="utf-8"):
            pass
    except OSError as exc:
        raise UsageError(f"{prog}: cannot write {path}: {exc.strerror}") from None
    if not existed:
        os.remove(path)


class NotRegularFile(OSError):
    """The path names something other than a regular file (a symlink, FIFO, device or folder),
    which the toolkit never replaces."""

    def __init__(self, path: str):
        super().__init__(errno.EEXIST, "not a regular file (not made by the toolkit); not replacing it", path)


def refuse_non_regular(path: PathLike) -> None:
    """Raise :class:`NotRegularFile` when ``path`` exists and is not a regular file (links not followed)."""
    try:
        st = os.lstat(path)
    except FileNotFoundError:
        return
    if not stat.S_ISREG(st.st_mode):
        raise NotRegularFile(os.fspath(path))


def atomic_write(path: PathLike, write: Callable[[IO], object], *, binary: bool = False) -> None:
    """Write ``path`` through ``write(fh)`` on a temporary file in the same folder (text in UTF-8,
    or ``binary``), fsync it, then move it into place with :func:`os.replace`.  On any failure the
    temporary file is removed and the old ``path`` is left as it was; OSError is raised
    (:class:`NotRegularFile` when ``path`` is a symlink, FIFO, device or folder: never replaced)."""
    path = os.fspath(path)
    refuse_non_regular(path)
    folder, name = os.path.split(os.path.abspath(path))
    fd, tmp = tempfile.mkstemp(prefix=f".{name}.", suffix=".tmp", dir=folder)
    try:
        with os.fdopen(fd, "wb" if binary else "w", encoding=None if binary else "utf-8") as fh:
            write(fh)
            fh.flush()
            os.fsync(fh.fileno())
        os.replace(tmp, path)
    except BaseException:
        try:
            os.unlink(tmp)
        except OSError:
            pass
        raise


def write_text(path: PathLike, text: str) -> None:
    """:func:`atomic_write` of a text."""
    atomic_write(path, lambda fh: fh.write(text))


def write_output(path: str, text: str, prog: str = "psa-cert") -> None:
    """Write a file the user named on the command line (a report, a graph, JUnit XML); a failure is
    bad usage: one line, exit 2."""
    try:
        with open(path, "w", encoding="utf-8") as fh:
            fh.write(text)
    except OSError as exc:
        raise UsageError(f"{prog}: cannot write {path}: {exc.strerror}") from None
