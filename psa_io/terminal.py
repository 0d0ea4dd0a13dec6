"""Terminal plumbing: output width, writing lines safely, progress on stderr.

* :func:`width` -- ``$COLUMNS`` if set, else the terminal's width when stdout is one, else 80
  (:func:`width_err`: the same for stderr, without ``$COLUMNS``).
* :func:`emit` -- write lines to a stream whatever its encoding (``PYTHONIOENCODING=ascii`` gets
  ASCII spellings of the few symbols the evidence uses, then ``?``).
* :class:`Progress` -- "done / total, elapsed, ETA" on stderr (``psa-cert``): one self-rewriting
  line on a terminal; on a pipe or a CI log, a plain line at most every 15 s once the work has
  lasted 5 s.
* :func:`console` and :func:`progress_bar` -- a rich console, and the rich progress bar of
  ``psa-mc`` (on a terminal only, for work longer than a second).  rich is imported when used.
"""

from __future__ import annotations

import math
import os
import shutil
import sys
import threading
import time
from contextlib import contextmanager
from typing import Any, Iterable, Optional

from .escape import terminal

_ASCII = {
    "§": "S",
    "√": "sqrt",
    "±": "+/-",
    "·": "*",
    "—": "-",
    "–": "-",
    "…": "...",
    "≤": "<=",
    "≥": ">=",
    "≈": "~",
    "×": "x",
    "−": "-",
    "→": "->",
    "←": "<-",
    "≠": "!=",
    "∞": "inf",
    "γ": "gamma",
    "Γ": "Gamma",
    "π": "pi",
    "σ": "sigma",
    "μ": "mu",
    "λ": "lambda",
    "ρ": "rho",
    "Δ": "Delta",
    "δ": "delta",
    "ε": "eps",
    "θ": "theta",
    "ω": "omega",
    "Ω": "Omega",
    "α": "alpha",
    "β": "beta",
    "η": "eta",
    "τ": "tau",
    "φ": "phi",
    "Φ": "Phi",
    "ψ": "psi",
    "κ": "kappa",
    "ν": "nu",
    "ξ": "xi",
    "χ": "chi",
    "ζ": "zeta",
    "‖": "||",
    "⟨": "<",
    "⟩": ">",
    "²": "^2",
    "³": "^3",
    "½": "1/2",
    "’": "'",
    "‘": "'",
    "“": '"',
    "”": '"',
    "✓": "ok",
    "✗": "x",
    "°": "deg",
}


def _tty_columns(stream) -> Optional[int]:
    """The terminal's width (at least 40) when ``stream`` is a terminal, else None."""
    try:
        if stream.isatty():
            return max(40, shutil.get_terminal_size((80, 24)).columns)
    except (AttributeError, ValueError, OSError):
        pass
    return None


def width() -> int:
    """Width of stdout's lines: ``$COLUMNS`` (at least 40), else the terminal's, else 80."""
    env = os.environ.get("COLUMNS", "")
    try:
        w = int(env)
        if w > 0:
            return max(40, w)
    except ValueError:
        pass
    return _tty_columns(sys.stdout) or 80


def width_err() -> int:
    """Width of stderr's lines: the terminal's, else 80."""
    return _tty_columns(sys.stderr) or 80


def encodable(text: str, encoding: Optional[str]) -> str:
    """``text`` as the ``encoding`` can write it (ASCII spellings, then ``?``)."""
    enc = encoding or "utf-8"
    try:
        text.encode(enc)
        return text
    except (UnicodeEncodeError, LookupError):
        pass
    text = "".join(_ASCII.get(ch, ch) for ch in text)
    try:
        return text.encode(enc, errors="replace").decode(enc)
    except LookupError:
        return text.encode("ascii", errors="replace").decode("ascii")


def emit(lines: Iterable[str] | str, stream=None) -> None:
    """Write ``lines`` (a list: each becomes exactly one line, its control characters shown as
    escapes by :func:`psa_io.escape.terminal`, so nothing from a pack can add a line, move the
    cursor or clear the screen) or a whole document (a ``str``: JSON, DOT, Mermaid, each escaped
    by its own format) to ``stream`` (stdout), whatever its encoding."""
    stream = sys.stdout if stream is None else stream
    text = lines if isinstance(lines, str) else "".join(terminal(line) + "\n" for line in lines)
    stream.write(encodable(text, getattr(stream, "encoding", None)))
    stream.flush()


def _clock(s: Optional[float]) -> str:
    """``m:ss``; ``?`` for a time that is not a finite number (a damaged timings cache)."""
    if s is None or not math.isfinite(s):
        return "?"
    n = int(round(max(0.0, s)))
    return f"{n // 60:d}:{n % 60:02d}"


class Progress:
    """``update(done, total, eta_s, label)`` as work finishes; a terminal line is also refreshed every
    second by a timer thread (so a long certificate shows its elapsed time)."""

    def __init__(self, description: str, stream=None, enabled: bool = True):
        self.stream = sys.stderr if stream is None else stream
        self.description = description
        self.enabled = enabled
        try:
            self.tty = bool(self.stream.isatty())
        except (AttributeError, ValueError):
            self.tty = False
        self.t0 = time.perf_counter()
        self.state: dict[str, Any] = {"done": 0, "total": None, "eta": None, "label": "", "at": self.t0}
        self.last_plain = self.t0
        self._lock = threading.Lock()
        self._stop = threading.Event()
        self._thread: Optional[threading.Thread] = None
        self._shown = False

    def __enter__(self):
        if self.enabled and self.tty:
            self._thread = threading.Thread(target=self._tick, daemon=True)
            self._thread.start()
        return self

    def __exit__(self, *exc):
        self._stop.set()
        if self._thread is not None:
            self._thread.join(timeout=2)
        with self._lock:
            if self._shown and self.tty:
                self._write("\r" + " " * (width_err() - 1) + "\r")
        return False

    def _write(self, text: str) -> None:
        try:
            self.stream.write(encodable(text, getattr(self.stream, "encoding", None)))
            self.stream.flush()
        except (OSError, ValueError):
            self.enabled = False

    def _line(self) -> str:
        s = self.state
        el = time.perf_counter() - self.t0
        count = f" {s['done']}/{s['total']}" if s["total"] else ""
        eta = s["eta"]
        if eta is not None and math.isfinite(eta):
            eta = max(0.0, eta - (time.perf_counter() - s["at"]))
        elif eta is not None:
            eta = None
        text = (
            f"{self.description}{count}, {_clock(el)} elapsed"
            + (f", ETA {_clock(eta)}" if eta is not None and s["done"] < (s["total"] or 0) else "")
            + (f", {s['label']}" if s["label"] else "")
        )
        return terminal(text)

    def _tick(self) -> None:
        while not self._stop.wait(1.0):
            with self._lock:
                if self.enabled and time.perf_counter() - self.t0 >= 1.0:
                    w = width_err()
                    self._write("\r" + self._line()[: w - 1].ljust(w - 1))
                    self._shown = True

    def update(self, done: int, total: Optional[int] = None, eta: Optional[float] = None, label: str = "") -> None:
        if not self.enabled:
            return
        with self._lock:
            self.state.update(done=done, total=total, eta=eta, label=label, at=time.perf_counter())
            now = time.perf_counter()
            if self.tty:
                if now - self.t0 >= 1.0:
                    w = width_err()
                    self._write("\r" + self._line()[: w - 1].ljust(w - 1))
                    self._shown = True
            elif now - self.t0 >= 5.0 and now - self.last_plain >= 15.0 and (total is None or done < total):
                self._write(self._line()[:200] + "\n")
                self.last_plain = now

    def note(self, text: str) -> None:
        """A one-off line (not rewritten)."""
        if self.enabled:
            with self._lock:
                self._write(("\r" if self.tty and self._shown else "") + terminal(text) + "\n")


def console(stderr: bool = False):
    """A rich console on stdout (or stderr), without highlighting."""
    from rich.console import Console

    return Console(stderr=stderr, highlight=False)


@contextmanager
def progress_bar(description: str, enabled: bool):
    """A rich progress bar on stderr that appears only for work longer than a second, and
    only on a terminal (in a file or a CI log it would leave a stray line behind).  Yields
    ``update(done, total)``, or None when there is nothing to show."""
    if not enabled or not console(stderr=True).is_terminal:
        yield None
        return
    from rich.progress import BarColumn, TextColumn, TimeElapsedColumn, TimeRemainingColumn
    from rich.progress import Progress as RichProgress

    prog = RichProgress(
        TextColumn("[bold]{task.description}"),
        BarColumn(),
        TextColumn("{task.percentage:>5.1f}%"),
        TimeElapsedColumn(),
        TimeRemainingColumn(),
        console=console(stderr=True),
        transient=True,
    )
    state: dict[str, Any] = {"task": None, "t0": time.perf_counter(), "started": False}

    def update(done: int, total: int):
        if not state["started"]:
            if time.perf_counter() - state["t0"] < 1.0 and done < total:
                return
            if done >= total:
                return
            prog.start()
            state["task"] = prog.add_task(description, total=total)
            state["started"] = True
        prog.update(state["task"], completed=done, total=total)

    try:
        yield update
    finally:
        if state["started"]:
            prog.stop()
