"""What a process is busy with, for the progress line of the process that started it.

A command that shows progress (``psa-cert run``) names a folder in ``$PSA_TOOLKIT_STATUS_DIR``
(:func:`watch`); every process of the run -- itself and its workers, which inherit the variable --
writes one line there while it does something long that is not a certificate's own work
(:func:`say`, :func:`done`), e.g. "compiling the T4 kernel, once" while Numba compiles a kernel on a
first run.  The watcher reads the lines (:func:`read`) and shows them instead of a frozen ETA.
Without the variable :func:`say` calls the in-process listeners only (``psa-mc`` prints one line on
a terminal).  Nothing here can change a result: the lines are display only.
"""

from __future__ import annotations

import contextlib
import os
import shutil
import tempfile
from typing import Callable, Iterator, Optional

ENV = "PSA_TOOLKIT_STATUS_DIR"

#: In-process listeners: ``f(text)`` when work starts, ``f(None)`` when it ends.
LISTENERS: list[Callable[[Optional[str]], None]] = []


def _path() -> Optional[str]:
    folder = os.environ.get(ENV)
    return os.path.join(folder, f"{os.getpid()}.txt") if folder else None


def say(text: str) -> None:
    """This process is now doing ``text`` (one short line)."""
    for f in list(LISTENERS):
        with contextlib.suppress(Exception):
            f(text)
    path = _path()
    if path is None:
        return
    with contextlib.suppress(OSError):
        tmp = path + ".tmp"
        with open(tmp, "w", encoding="utf-8") as fh:
            fh.write(text.replace("\n", " ")[:200])
        os.replace(tmp, path)


def done() -> None:
    """The work announced by :func:`say` is over."""
    for f in list(LISTENERS):
        with contextlib.suppress(Exception):
            f(None)
    path = _path()
    if path is not None:
        with contextlib.suppress(OSError):
            os.remove(path)


def read(folder: str) -> list[str]:
    """The lines the processes of a run are showing now (sorted, each once)."""
    out = set()
    try:
        names = os.listdir(folder)
    except OSError:
        return []
    for name in names:
        if not name.endswith(".txt"):
            continue
        with contextlib.suppress(OSError, UnicodeDecodeError):
            with open(os.path.join(folder, name), encoding="utf-8") as fh:
                text = fh.read().strip()
            if text:
                out.add(text)
    return sorted(out)


@contextlib.contextmanager
def watch() -> Iterator[str]:
    """A fresh folder exported as ``$PSA_TOOLKIT_STATUS_DIR`` for this process and the ones it starts
    from now on; removed (and the variable restored) afterwards."""
    old = os.environ.get(ENV)
    folder = tempfile.mkdtemp(prefix="psa-status-")
    os.environ[ENV] = folder
    try:
        yield folder
    finally:
        if old is None:
            os.environ.pop(ENV, None)
        else:
            os.environ[ENV] = old
        shutil.rmtree(folder, ignore_errors=True)
