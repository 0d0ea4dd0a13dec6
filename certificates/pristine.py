"""Built-in checks run in a process no third-party pack has touched (issue 26, item 1).

A third-party pack is Python code imported into ``psa-cert``'s own process (``--pack all``, or
``--pack NAME``).  Whatever it does there at import -- replace the code of a built-in check
(``f.__code__ = ...``), patch a helper the check calls, ``np.seterr(all="raise")``, change an
environment variable -- a worker forked from that process would inherit it.  So, from the moment
the first third-party pack is imported into a process, the checks of the toolkit's own packs
(``psa``, ``momentum``, ``qhm``, when they come from this distribution) no longer run in workers
forked from it:

* right before the first third-party pack of a process is probed or imported
  (:func:`before_third_party`, called by :mod:`certificates.registry`), the process forks a
  *template*: a copy of itself taken before any third-party code ran.  The template keeps no
  descriptor of its parent but two pipes, has no controlling terminal, is not dumpable (no other
  process of the user reaches its pipes through ``/proc``) and dies with its parent;
* :func:`certificates.runner.run_all` sends it the ids of the built-in certificates of a run
  (with the settings of the run); the template loads the toolkit's packs itself (their modules,
  ``certificates.psa`` ... -- never through an entry point another distribution may register),
  runs the certificates in workers forked from itself exactly as the runner does
  (:class:`certificates.workers.Pool`), and answers each result as the worker gave it; the
  runner reads them as its own workers' answers.  What the template does with a request is
  :func:`certificates.pristine_serve.answer`, handed over by :func:`serve_with` (this module sits
  below the registry and the runner, and imports neither);
* the environment the template's workers see is the runner's at the time of the run, except the
  variables a third-party pack's import changed (:func:`watch_env`): those have the value they
  had before;
* an id that a third-party pack gave to a certificate of a built-in pack but that the toolkit's
  pack does not have is an ERROR row ("not a certificate of the toolkit's pack"), not a check run;
* the memo (:mod:`certificates.memo`) keeps a verdict only when it was computed in a pristine
  process -- the runner's own when no third-party pack was ever imported in it, else the
  template -- and when the template computed the same memo key as the runner (so a pack that
  changed a claim in the runner's process cannot file a verdict under another key).

What this does not cover: a pack is code run as the user.  It can rewrite the files of the
toolkit (the memo's key then changes with the source), or, in the runner's own process, the code
that prints the report; no process boundary inside ``psa-cert`` can stop that.  What it does
guarantee is that no state a third-party pack changes -- by accident or on purpose -- reaches the
processes that compute the built-in verdicts, and that nothing it does is memoised for them.  A
program that imports third-party code itself before calling ``run_all`` is on its own.

Cost: nothing when no third-party pack is loaded (the usual case); otherwise one fork when the
first such pack is imported and, per run, the import of the built-in packs the template had not
imported yet (docs/packs.rst gives the figures).
"""

from __future__ import annotations

import contextlib
import json
import os
import signal
import sys
from typing import Any, Callable, Iterator, Optional

#: Set once a third-party pack was (or was about to be) imported into this process.
_THIRD_PARTY = [False]
#: The template, while it lives: (pid, request pipe, answer pipe).
_TEMPLATE: list[Optional[tuple[int, int, int]]] = [None]
#: Why the template could not be used (it could not be started, or it died); None while it can.
_BROKEN: list[Optional[str]] = [None]
#: Environment variables a third-party pack's import changed -> the value before (None: unset).
_TAINTED_ENV: dict[str, Optional[str]] = {}
#: What the template does with a request, ``handler(request, known certificates, answer pipe)``:
#: :func:`certificates.pristine_serve.answer` (set by :func:`serve_with` when that module is imported).
_HANDLER: list[Optional[Callable[[dict, dict, int], None]]] = [None]

_LEN = 8


def serve_with(handler: Callable[[dict, dict, int], None]) -> None:
    """Set what the template does with a request (:mod:`certificates.pristine_serve` does, on import)."""
    _HANDLER[0] = handler


def third_party_loaded() -> bool:
    """Whether a third-party pack was imported into this process (its state is then not the toolkit's)."""
    return _THIRD_PARTY[0]


def before_third_party() -> None:
    """Called right before a third-party pack is probed or imported: the first time, fork the
    template (see the module docstring)."""
    if _THIRD_PARTY[0]:
        return
    _THIRD_PARTY[0] = True
    if not hasattr(os, "fork"):  # pragma: no cover - not POSIX
        _BROKEN[0] = "this system cannot fork a pristine process"
        return
    if _HANDLER[0] is None:  # certificates.pristine_serve was not imported: a template could not answer
        _BROKEN[0] = "no pristine process: certificates.pristine_serve was not imported"
        return
    try:
        _TEMPLATE[0] = _start()
    except OSError as exc:
        _BROKEN[0] = f"the pristine process could not be started ({exc.strerror or exc})"


@contextlib.contextmanager
def watch_env() -> Iterator[None]:
    """Remember the environment variables the code in the block changes (a third-party import)."""
    before = dict(os.environ)
    try:
        yield
    finally:
        after = dict(os.environ)
        for k in set(before) | set(after):
            if before.get(k) != after.get(k):
                _TAINTED_ENV.setdefault(k, before.get(k))


def run_env() -> dict[str, str]:
    """The environment for the built-in checks: this process's, with what third-party imports
    changed put back."""
    env = dict(os.environ)
    for k, v in _TAINTED_ENV.items():
        if v is None:
            env.pop(k, None)
        else:
            env[k] = v
    return env


def active() -> bool:
    """Whether built-in checks must go to the template (a third-party pack was imported here)."""
    return _THIRD_PARTY[0]


# --- framing ------------------------------------------------------------------------------------


def _send(fd: int, obj: Any) -> None:
    from .workers import _write_all

    data = json.dumps(obj, allow_nan=True).encode("utf-8")
    _write_all(fd, len(data).to_bytes(_LEN, "big") + data)


def _receive(fd: int) -> Optional[Any]:
    from .workers import _read_exact

    head = _read_exact(fd, _LEN)
    if not head:
        return None
    data = _read_exact(fd, int.from_bytes(head, "big"))
    return json.loads(data.decode("utf-8")) if data else None


# --- the template -------------------------------------------------------------------------------


def _start() -> tuple[int, int, int]:
    req_r, req_w = os.pipe()
    res_r, res_w = os.pipe()
    for stream in (sys.stdout, sys.stderr):
        with contextlib.suppress(Exception):
            stream.flush()
    stops = {signal.SIGINT, signal.SIGTERM}
    old = signal.pthread_sigmask(signal.SIG_BLOCK, stops)
    try:
        parent = os.getpid()
        pid = os.fork()
        if pid == 0:  # pragma: no cover - the template (measured by the tests through its answers)
            _serve(parent, req_r, res_w)
        os.close(req_r)
        os.close(res_w)
    finally:
        signal.pthread_sigmask(signal.SIG_SETMASK, old)
    return pid, req_w, res_r


def _serve(parent: int, req_r: int, res_w: int) -> None:
    """The template's life: answer requests until the parent closes the pipe; never returns."""
    from . import workers

    code = 0
    try:
        with contextlib.suppress(OSError):
            os.setsid()
        workers._die_with_parent(parent)
        workers._prctl(workers._PR_SET_DUMPABLE, 0)
        workers.drop_ptrace()
        signal.signal(signal.SIGINT, signal.SIG_IGN)
        signal.signal(signal.SIGTERM, signal.SIG_DFL)
        signal.pthread_sigmask(signal.SIG_UNBLOCK, {signal.SIGINT, signal.SIGTERM})
        workers._close_inherited({req_r, res_w})
        null = os.open(os.devnull, os.O_RDWR)
        for fd in (0, 1, 2):
            os.dup2(null, fd)
        os.close(null)
        certs: dict[str, Any] = {}
        handler = _HANDLER[0]
        assert handler is not None  # _start is not called without one
        while True:
            req = _receive(req_r)
            if req is None:
                break
            handler(req, certs, res_w)
    except BaseException:  # noqa: BLE001 - the parent sees the pipe close
        code = workers.CHANNEL_LOST
    os._exit(code)


# --- the runner's side --------------------------------------------------------------------------


def _forget(reason: str) -> None:
    tpl = _TEMPLATE[0]
    _TEMPLATE[0] = None
    _BROKEN[0] = reason
    if tpl is None:
        return
    pid, req_w, res_r = tpl
    with contextlib.suppress(OSError):
        os.kill(pid, signal.SIGKILL)
    with contextlib.suppress(ChildProcessError, OSError):
        os.waitpid(pid, 0)
    for fd in (req_w, res_r):
        with contextlib.suppress(OSError):
            os.close(fd)


def close(wait: float = 2.0) -> None:
    """End the template (before this process exits): it leaves at the end of its request pipe
    and is reaped; one still there after ``wait`` seconds is killed."""
    import time

    tpl = _TEMPLATE[0]
    if tpl is None:
        return
    pid, req_w, res_r = tpl
    _TEMPLATE[0] = None
    _BROKEN[0] = "the pristine process was closed"
    for fd in (req_w, res_r):
        with contextlib.suppress(OSError):
            os.close(fd)
    end = time.monotonic() + wait
    while time.monotonic() < end:
        try:
            done, _ = os.waitpid(pid, os.WNOHANG)
        except ChildProcessError:
            return
        if done:
            return
        time.sleep(0.01)
    with contextlib.suppress(OSError):
        os.kill(pid, signal.SIGKILL)
    with contextlib.suppress(ChildProcessError, OSError):
        os.waitpid(pid, 0)


def run(
    wanted: list[tuple[str, str]],
    *,
    jobs: int,
    timeout: Optional[float],
    times: dict[str, float],
    memory_limit: Optional[int],
    answer: Callable[[int, dict], None],
    tick: Callable[[], None],
) -> None:
    """Run the certificates ``wanted`` ((pack, id), ...) in the template; ``answer(n, message)``
    for each as it ends: ``{"data": ..., "key": ..., "seconds": ...}`` (the worker's answer),
    ``{"death": [reason, output], ...}``, ``{"missing": True}`` (no such certificate in the
    toolkit's pack) or ``{"lost": reason}`` (the template is gone).  ``tick()`` is called at
    least every 0.2 s and may raise (an interrupt): the template is then ended."""
    import select

    left = set(range(len(wanted)))
    tpl = _TEMPLATE[0]
    if tpl is None:
        for n in sorted(left):
            answer(n, {"lost": _BROKEN[0] or "no pristine process was started"})
        return
    pid, req_w, res_r = tpl
    req = {
        "certs": [list(w) for w in wanted],
        "jobs": jobs,
        "timeout": timeout,
        "times": times,
        "memory_limit": memory_limit,
        "env": run_env(),
    }
    try:
        _send(req_w, req)
        while True:
            ready, _, _ = select.select([res_r], [], [], 0.2)
            tick()
            if not ready:
                continue
            msg = _receive(res_r)
            if msg is None:
                raise EOFError("the pristine process ended")
            if msg.get("end"):
                break
            n = int(msg["i"])
            left.discard(n)
            answer(n, msg)
    except (OSError, EOFError, ValueError, KeyError, TypeError) as exc:
        _forget(f"the pristine process was lost ({type(exc).__name__}: {exc})")
        for n in sorted(left):
            answer(n, {"lost": _BROKEN[0]})
    except BaseException:
        _forget("the pristine process was stopped by an interrupt")
        raise
