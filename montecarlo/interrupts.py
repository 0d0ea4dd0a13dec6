"""Ctrl-C during a compiled kernel: defer SIGINT to the next block boundary.

A ``KeyboardInterrupt`` raised while a Numba kernel runs comes back as ``SystemError:
CPUDispatcher(...) returned a result with an exception set``.  :func:`deferred_sigint`
installs, for the duration of a run, a SIGINT handler that only sets a flag; the engine
calls :func:`check` between kernel blocks, which raises ``KeyboardInterrupt`` there (in
plain Python), and the engine turns it into its ``Interrupted`` with the partial result.
A second Ctrl-C while the first is pending ends the process at once (exit 130, one line
on stderr).  The previous handler is restored afterwards.  Outside the main thread (a
Dask worker thread) nothing is installed and SIGINT keeps its usual behaviour.
"""

from __future__ import annotations

import contextlib
import os
import signal
import threading
from types import FrameType
from typing import Iterator, TypedDict


class _State(TypedDict):
    depth: int  # nesting of deferred_sigint blocks
    pending: bool  # a SIGINT arrived and was not yet acted on


_state: _State = {"depth": 0, "pending": False}


def _handler(signum: int, frame: FrameType | None) -> None:  # pragma: no cover - exercised by the subprocess tests
    if _state["pending"]:
        os.write(2, b"psa-mc: interrupted twice; exiting now\n")
        os._exit(130)
    _state["pending"] = True


@contextlib.contextmanager
def deferred_sigint() -> Iterator[None]:
    """SIGINT sets a flag instead of raising, for the block (re-entrant; main thread only)."""
    if threading.current_thread() is not threading.main_thread():
        yield
        return
    if _state["depth"] == 0:
        try:
            old = signal.signal(signal.SIGINT, _handler)
        except (ValueError, OSError):  # no signals here (embedded interpreter...)
            yield
            return
        _state["pending"] = False
    _state["depth"] += 1
    try:
        yield
    finally:
        _state["depth"] -= 1
        if _state["depth"] == 0:
            signal.signal(signal.SIGINT, old)
            pending, _state["pending"] = _state["pending"], False
            if pending:
                raise KeyboardInterrupt


def pending() -> bool:
    """True once a SIGINT arrived under :func:`deferred_sigint` (not yet acted on)."""
    return _state["pending"]


def check() -> None:
    """Raise ``KeyboardInterrupt`` (in Python, between kernels) if a SIGINT is pending."""
    if _state["pending"]:
        _state["pending"] = False
        raise KeyboardInterrupt
