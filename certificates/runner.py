"""Run certificates in isolation: whatever a check does, it becomes one row and the rest still run.

Every check runs in a worker process (:mod:`certificates.workers`), with ``jobs = 1`` too: a
check that ends its process (``os._exit(0)``, ``sys.exit`` from a thread), crashes it (a
segfault), is killed, or runs past ``timeout`` -- also in C code, or ignoring ``SIGALRM`` -- is an
ERROR row for that certificate only, with the reason ("worker exited with status 0 before returning
a result", "killed by signal SIGSEGV ...", "timed out after N s; worker killed"); the worker is
replaced and the other certificates go on.  Nothing is run again, in a worker or here.

Inside the worker (:func:`run_one`): an exception of any kind raised by a check -- ``SystemExit``,
``GeneratorExit`` and ``KeyboardInterrupt`` included -- is an ERROR row; what the check prints is
captured (Python's ``sys.stdout``/``sys.stderr`` and the worker's file descriptors 1 and 2), never
mixed into the table or the JSON document; an :class:`~certificates.registry.Outcome` whose status
is a plain string is normalised; a check running longer than ``timeout`` seconds is stopped by
``SIGALRM`` when it can be (an ERROR row that says so), and its worker killed
:func:`kill_after` seconds otherwise.  The values it returns are turned into plain data there,
defensively (:func:`psa_io.safe.plain_value`: bounded, no cycles, a failing ``str`` caught); one
that cannot be shown faithfully makes the row an ERROR with the reason.

Only an interrupt stops the run: a SIGINT (``KeyboardInterrupt``) or SIGTERM
(:class:`psa_io.usage.Terminated`) to this process ends the workers and is raised out of
:func:`run_all`, so that no verdict is recorded for a run that did not finish.

Workers are forked from this process after the registry is loaded (each starts with the packs in
memory); at most ``jobs`` at a time, each with ``NUMBA_NUM_THREADS`` (and the BLAS/OpenMP thread
counts) limited so that workers x threads <= cores.  Certificates that share work form one *task*
and run in one worker, in order, as in a serial run: the Monte-Carlo certificates of a pack (sweeps
they share are computed once, kernels compiled once), the other certificates of one module of the
toolkit's own packs (SymPy's cache holds what a section's statements share), and a statement of
another pack with its variants (:func:`_group_key`).  Every task starts in a fresh worker
(issue 26): what a check changes in its process reaches only the later certificates of its task,
so no verdict depends on ``--jobs``; the SymPy modules checks import late are imported here once
before the workers of a run of many tasks are forked (:data:`PRELOAD`).  A worker whose resident memory passes
``$PSA_TOOLKIT_MAX_MEMORY`` is killed (an ERROR row that says so; :mod:`certificates.workers`).

Once a third-party pack was imported into this process, the toolkit's own certificates run first,
in workers of the pristine template forked before that import (:mod:`certificates.pristine`), and
the others after them in this process's workers.  Results come back in the order of the selection.
"""

from __future__ import annotations

import contextlib
import faulthandler
import io
import json
import os
import signal
import sys
import threading
import time
import traceback
from types import FrameType
from typing import TYPE_CHECKING, Any, Callable, Iterable, Iterator, Literal, NoReturn, Optional

from .registry import EVIDENCE_LEVELS, Certificate, Kind, Outcome, Status
from .results import Result

if TYPE_CHECKING:
    from .memo import Memo
    from .workers import Death

#: Default per-check timeout in seconds (``psa-cert run --timeout``); the slowest certificate of the
#: built-in packs takes about 2 minutes on a cold 2-core machine.
DEFAULT_TIMEOUT = 900.0


UNGRADED = " [severity not graded by its pack: treated as substantive]"


class CheckTimeout(BaseException):
    """Raised inside a check that ran past its time limit (a BaseException, so that a check's own
    ``except Exception`` does not swallow it)."""


def _status(value: Any) -> Status:
    """A Status from a Status or a plain string ("PASS", "fail", "not-checkable", "NOT_CHECKABLE")."""
    if isinstance(value, Status):
        return value
    if isinstance(value, str):
        text = value.strip().upper().replace("_", "-").replace(" ", "-")
        for st in Status:
            if text in (st.value, st.name):
                return st
    raise TypeError(f"check returned an Outcome with status {value!r}, not one of {', '.join(s.value for s in Status)}")


def _graded(cert: Certificate, out: Outcome, elapsed: float) -> Result:
    """A Result from an Outcome, with the severity contract enforced: every FAIL has a severity
    (an ungraded one is treated as substantive, and says so), other statuses have none."""
    from .printed import SEVERITIES

    status = _status(out.status)
    sev, detail = out.severity, str(out.detail) if out.detail is not None else ""
    if status is Status.FAIL:
        if sev not in SEVERITIES:
            sev, detail = "substantive", detail + UNGRADED
    else:
        sev = None
    same = tuple(str(s) for s in (out.same_finding_as or ())) if status is Status.FAIL else ()
    evidence = out.evidence if isinstance(out.evidence, dict) else {"evidence": out.evidence}
    level, search, note = _evidence_level(cert, status, out)
    finding = ""
    if status is Status.FAIL:
        from .findings import derived_finding

        finding = " ".join(str(out.finding or "").split()) or derived_finding(
            out.measured, out.expected, evidence, detail
        )
    return Result(
        cert,
        status,
        out.measured,
        out.expected,
        detail + note,
        elapsed,
        evidence,
        severity=sev,
        reading=str(out.reading or ""),
        same_finding_as=same,
        evidence_level=level,
        search=search,
        finding=finding,
    )


UNSTATED_LEVEL = " [evidence level not stated by its pack: treated as {level}]"
NO_SEARCH = " [sampled, but no adversarial search recorded]"


def _evidence_level(cert: Certificate, status: Status, out: Outcome) -> tuple[str, Optional[dict[str, Any]], str]:
    """The evidence level of a verdict (:data:`~certificates.registry.EVIDENCE_LEVELS`), its search
    record, and a note for the detail where the check did not state a usable level.

    ERROR and NOT-CHECKABLE rows have none.  A check that states no level (a third-party pack
    written before levels existed) gets the weakest level its kind allows -- ``statistical`` for a
    Monte-Carlo check, else ``sampled`` -- and the detail says so; a ``sampled`` verdict without a
    search record says that too."""
    if status not in (Status.PASS, Status.FAIL):
        return "none", None, ""
    level = out.evidence_level
    search = out.search if isinstance(out.search, dict) else None
    note = ""
    if level not in EVIDENCE_LEVELS or level == "none":
        level = "statistical" if cert.kind is Kind.MONTE_CARLO else "sampled"
        note = UNSTATED_LEVEL.format(level=level)
    if level == "sampled" and not (search and {"evaluations", "best_margin", "at"} <= set(search)):
        note += NO_SEARCH if not note else ""
    return level, (search if level == "sampled" else None), note


@contextlib.contextmanager
def _time_limit(seconds: Optional[float]) -> Iterator[dict[str, bool]]:
    """Raise :class:`CheckTimeout` in this (main) thread after ``seconds``; no-op elsewhere."""
    usable = (
        seconds is not None
        and seconds > 0
        and hasattr(signal, "setitimer")
        and threading.current_thread() is threading.main_thread()
    )
    state = {"fired": False}
    if not usable:
        yield state
        return

    def on_alarm(signum: int, frame: Optional[FrameType]) -> NoReturn:
        state["fired"] = True
        raise CheckTimeout(seconds)

    assert seconds is not None  # usable
    old = signal.signal(signal.SIGALRM, on_alarm)
    signal.setitimer(signal.ITIMER_REAL, seconds)
    try:
        yield state
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, old)


def _where(exc: BaseException) -> str:
    tb = traceback.extract_tb(exc.__traceback__)
    return f" at {tb[-1].filename.rsplit('/', 1)[-1]}:{tb[-1].lineno}" if tb else ""


def _describe(exc: BaseException) -> str:
    """``Type: message at file:line`` of an exception, even one whose message cannot be made."""
    from psa_io.safe import safe_text

    try:
        where = _where(exc)
    except Exception:
        where = ""
    return f"{type(exc).__name__}: {safe_text(exc, 4000)}{where}"


def _note_printed(res: Result, text: str, who: str = "the check printed") -> None:
    """Keep what a check printed in the result (evidence and ``captured``) and say so in the detail."""
    res.captured = text
    if text:
        n = len(text.splitlines())
        res.evidence = dict(res.evidence, printed_output=text)
        res.detail += f" [{who} {n} line{'s' if n != 1 else ''}: see 'psa-cert show']"


def run_one(
    cert: Certificate,
    *,
    timeout: Optional[float] = None,
    capture: bool = True,
    interrupts: bool = True,
    printed: Optional[Callable[[], str]] = None,
) -> Result:
    """Run one certificate in this process; every exception but ``KeyboardInterrupt`` becomes an
    ERROR row (``interrupts=False``, in a worker: that one too, a check raised it).

    ``timeout`` (seconds, main thread only) stops a check that runs longer; ``capture`` keeps what
    the check prints out of stdout/stderr (it is returned in ``Result.captured``, after it what
    ``printed()`` gives: in a worker, what reached its file descriptors 1 and 2).  Nothing here
    protects this process from the check: :func:`run_all` runs it in a worker.
    """
    if cert.check is None:
        return Result(cert, Status.NOT_CHECKABLE, None, None, cert.reason or "not checkable", 0.0)
    buf = io.StringIO()
    t0 = time.perf_counter()
    try:
        with contextlib.ExitStack() as stack:
            if capture:
                stack.enter_context(contextlib.redirect_stdout(buf))
                stack.enter_context(contextlib.redirect_stderr(buf))
            with _time_limit(timeout) as alarm:
                out = cert.check()
            if alarm["fired"]:  # the check swallowed the CheckTimeout: still a timeout
                raise CheckTimeout(timeout)
        if not isinstance(out, Outcome):
            raise TypeError(f"check returned {type(out).__name__}, not Outcome")
        res = _graded(cert, out, time.perf_counter() - t0)
    except KeyboardInterrupt:
        if interrupts:
            raise
        res = Result(cert, Status.ERROR, None, None, "KeyboardInterrupt raised by the check", time.perf_counter() - t0)
    except CheckTimeout:
        res = Result(
            cert,
            Status.ERROR,
            None,
            None,
            f"timed out: stopped after {timeout:g} s (psa-cert run --timeout S)",
            time.perf_counter() - t0,
        )
    except BaseException as exc:  # isolation: SystemExit, GeneratorExit and the rest are rows too
        res = Result(cert, Status.ERROR, None, None, _describe(exc), time.perf_counter() - t0)
    _note_printed(res, buf.getvalue() + (printed() if printed is not None else ""))
    return res


# --- interrupts ---------------------------------------------------------------------------------


class InterruptGuard:
    """Remember a SIGINT (or SIGTERM) even when the code that received it swallowed the
    ``KeyboardInterrupt`` (:class:`psa_io.usage.Terminated`), and raise it again at :meth:`check`."""

    def __init__(self) -> None:
        self.hit: Optional[type[BaseException]] = None
        self._old: dict[int, Any] = {}

    def __enter__(self) -> InterruptGuard:
        from psa_io.usage import Terminated

        if threading.current_thread() is threading.main_thread():
            for sig, exc in ((signal.SIGINT, KeyboardInterrupt), (signal.SIGTERM, Terminated)):

                def handler(signum: int, frame: Optional[FrameType], exc: type[BaseException] = exc) -> NoReturn:
                    self.hit = exc
                    raise exc

                try:
                    self._old[sig] = signal.signal(sig, handler)
                except (ValueError, OSError):  # pragma: no cover - not the main interpreter
                    pass
        return self

    def check(self) -> None:
        if self.hit is not None:
            raise self.hit

    def __exit__(self, *exc: object) -> Literal[False]:
        for sig, old in self._old.items():
            signal.signal(sig, old)
        return False


# --- worker processes ---------------------------------------------------------------------------


#: Seconds a check may run past ``--timeout`` before its worker is killed: time for the check's own
#: stop (``SIGALRM``, which keeps the worker) to work; a check stuck in C code, or one that ignores
#: the alarm, is then killed with its worker.
def kill_after(timeout: float) -> float:
    return timeout + min(5.0, 0.5 + 0.1 * timeout)


def _worker_env(jobs: int) -> dict[str, str]:
    """Thread counts of a worker: workers x threads <= cores."""
    threads = str(max(1, cpu_count() // jobs))
    return {
        "NUMBA_NUM_THREADS": threads,
        "OMP_NUM_THREADS": threads,
        "OPENBLAS_NUM_THREADS": threads,
        "MKL_NUM_THREADS": threads,
    }


def _worker_init(env: dict[str, str]) -> Callable[[], None]:
    def init() -> None:
        if "numba" not in sys.modules:
            os.environ.update(env)
            return
        # Numba was imported before NUMBA_NUM_THREADS could be set here: keep the value it read at
        # import in the environment (Numba re-reads it whenever it compiles, and refuses a different
        # value once its threads are launched: "Cannot set NUMBA_NUM_THREADS ...", seen on a first run
        # with an empty kernel cache), and apply the worker's count with set_num_threads instead.
        import numba

        os.environ.update({k: v for k, v in env.items() if k != "NUMBA_NUM_THREADS"})
        # numba.config sets its attributes at run time (from the environment): mypy does not see them
        os.environ["NUMBA_NUM_THREADS"] = str(numba.config.NUMBA_NUM_THREADS)  # type: ignore[attr-defined]
        try:
            n = int(env.get("NUMBA_NUM_THREADS", "1"))
            numba.set_num_threads(max(1, min(n, numba.config.NUMBA_NUM_THREADS)))  # type: ignore[attr-defined]
        except Exception:  # pragma: no cover - threads are a performance knob only
            pass

    return init


def _shown(value: Any) -> Any:
    """Text of a value that is not plain data: a callable (a claim) by its claim text."""
    if callable(value):
        from .render import format_claim

        return format_claim(value)
    return str(value)


#: Result fields that are text, and the value fields converted by :func:`psa_io.safe.plain_value`.
_TEXT_FIELDS = ("detail", "reading", "captured", "finding")
_VALUE_FIELDS = ("measured", "expected", "evidence", "search")


def _payload(r: Result) -> dict[str, Any]:
    """A result as plain data, made defensively (in the worker): a value that cannot be shown
    faithfully makes the row an ERROR that says why."""
    from psa_io.safe import Unrepresentable, plain_value, safe_text

    data: dict[str, Any] = {"status": r.status.value, "elapsed_s": float(r.elapsed_s)}
    try:
        for name in _VALUE_FIELDS:
            data[name] = plain_value(getattr(r, name), name, other=_shown)
    except Unrepresentable as exc:
        return {
            "status": Status.ERROR.value,
            "elapsed_s": float(r.elapsed_s),
            "detail": f"the check returned a value that cannot be reported: {safe_text(exc, 2000)}",
            "captured": safe_text(r.captured),
        }
    for name in _TEXT_FIELDS:
        data[name] = safe_text(getattr(r, name))
    data["severity"] = r.severity if isinstance(r.severity, str) else None
    data["evidence_level"] = r.evidence_level if isinstance(r.evidence_level, str) else "none"
    data["same_finding_as"] = [safe_text(x, 200) for x in r.same_finding_as]
    return data


def _from_payload(cert: Certificate, d: dict[str, Any]) -> Result:
    """A Result from a worker's plain data; anything malformed makes an ERROR row that says so."""
    try:
        return payload_result(cert, d)
    except (KeyError, TypeError, ValueError, AttributeError) as exc:
        return _error(cert, f"the worker's answer could not be read ({type(exc).__name__})", 0.0)


def payload_result(cert: Certificate, d: dict[str, Any], *, strict: bool = False) -> Result:
    """A Result from a worker's plain data (also a memoised one, :mod:`certificates.memo`);
    KeyError, TypeError or ValueError when it is malformed.  ``strict``: every field present, of
    its type (a stored record must be exactly what a worker answered)."""
    if strict:
        _check_payload(d)
    status = Status(d["status"])
    fields = {k: d.get(k) for k in _VALUE_FIELDS}
    texts = {k: d.get(k, "") for k in _TEXT_FIELDS}
    if not all(isinstance(v, str) for v in texts.values()) or not isinstance(d.get("elapsed_s"), (int, float)):
        raise TypeError("a field of the wrong type")
    evidence = fields["evidence"] if isinstance(fields["evidence"], dict) else {}
    if status is not Status.ERROR and not isinstance(fields["evidence"], dict):
        raise TypeError("evidence is not an object")
    search = fields["search"] if isinstance(fields["search"], dict) else None
    same = d.get("same_finding_as") or []
    level = str(d["evidence_level"]) if d.get("evidence_level") in EVIDENCE_LEVELS else "none"
    sev = d.get("severity") if isinstance(d.get("severity"), str) else None
    return Result(
        cert,
        status,
        fields["measured"],
        fields["expected"],
        texts["detail"],
        float(d["elapsed_s"]),
        evidence,
        severity=sev,
        reading=texts["reading"],
        same_finding_as=tuple(str(x) for x in same if isinstance(x, str)),
        captured=texts["captured"],
        evidence_level=level,
        search=search,
        finding=texts["finding"],
    )


def _check_payload(d: dict[str, Any]) -> None:
    """TypeError unless ``d`` has every field of :func:`_payload`, each of its type."""
    if not isinstance(d, dict):
        raise TypeError("not an object")
    if not all(isinstance(d.get(k), str) for k in (*_TEXT_FIELDS, "status", "evidence_level")):
        raise TypeError("a text field missing or of the wrong type")
    if not isinstance(d.get("elapsed_s"), (int, float)) or isinstance(d.get("elapsed_s"), bool):
        raise TypeError("elapsed_s missing or not a number")
    if not all(k in d for k in _VALUE_FIELDS) or not isinstance(d["evidence"], dict):
        raise TypeError("a value field missing, or evidence not an object")
    if d["search"] is not None and not isinstance(d["search"], dict):
        raise TypeError("search neither null nor an object")
    if d.get("severity") is not None and not isinstance(d.get("severity"), str):
        raise TypeError("severity neither null nor text")
    same = d.get("same_finding_as")
    if not isinstance(same, list) or not all(isinstance(x, str) for x in same):
        raise TypeError("same_finding_as not a list of text")


def _error(cert: Certificate, detail: str, elapsed: float) -> Result:
    return Result(cert, Status.ERROR, None, None, detail, elapsed)


def _work(certs: list[Certificate], timeout: Optional[float]) -> Callable[[int, Callable[[int], str]], bytes]:
    """What a worker does with the index of a certificate: run it, and answer its result as JSON
    (never raises: whatever fails is an ERROR row)."""
    from psa_io.safe import MAX_TEXT, safe_text

    def work(i: int, printed: Callable[[int], str]) -> bytes:
        t0 = time.perf_counter()
        try:
            if timeout is not None:  # where it was when it is killed: on fd 2, read by the parent
                faulthandler.dump_traceback_later(max(0.1, kill_after(timeout) - 0.3), file=sys.__stderr__)  # type: ignore[arg-type]  # None: sys.stderr
            consulted = _store_consulted()
            try:
                r = run_one(certs[i], timeout=timeout, interrupts=False, printed=lambda: printed(MAX_TEXT))
            finally:
                faulthandler.cancel_dump_traceback_later()
            data = _payload(r)
            data["store_consulted"] = _store_consulted() != consulted
        except BaseException as exc:  # noqa: BLE001 - a hostile value's method may raise anything
            data = {
                "status": Status.ERROR.value,
                "elapsed_s": time.perf_counter() - t0,
                "detail": f"the check's result could not be reported: {safe_text(_describe(exc), 2000)}",
            }
        try:
            return json.dumps(data, allow_nan=True).encode("utf-8")
        except BaseException as exc:  # noqa: BLE001
            fallback = {
                "status": Status.ERROR.value,
                "elapsed_s": time.perf_counter() - t0,
                "detail": f"the check's result could not be encoded: {safe_text(_describe(exc), 2000)}",
            }
            return json.dumps(fallback).encode("utf-8")

    return work


def _store_consulted() -> int:
    """How often this process asked where the result store is (a check that did depends on what
    is stored: its verdict is not memoised); 0 before :mod:`montecarlo.store` is imported."""
    store = sys.modules.get("montecarlo.store")
    return int(store.CONSULTED[0]) if store is not None else 0


def cpu_count() -> int:
    try:
        return max(1, len(os.sched_getaffinity(0)))
    except (AttributeError, OSError):  # pragma: no cover - not Linux
        return max(1, os.cpu_count() or 1)


def _group_key(cert: Certificate) -> Optional[tuple[Any, ...]]:
    """Certificates that share work run in one task, in order, as in a serial run: the
    Monte-Carlo certificates of a pack (their in-process sweeps, and the compiled kernels: on a
    first run, with an empty Numba cache, one worker compiles each kernel once, where two workers
    compiling the same kernels at once took three times as long); the other certificates of one
    module of the toolkit's own packs (a section's statements and their variants: SymPy's cache
    holds the expressions they share, and one fork serves them all -- a first ``psa-cert run --all``
    took 24.6 s of CPU in 20 tasks against 28.2 s in 147, its JSON the same but for ``elapsed_s``
    and the run's store folder; ``tests/certificates/test_runner.py`` compares a module run as one
    task with each statement run alone); and a statement of any other pack with its variants
    (``x`` and ``x.corrected``): a third-party check never shares a process with another statement.
    The tasks depend on the selection only, never on ``--jobs`` (issue 26)."""
    if cert.check is None:
        return None
    if cert.kind is Kind.MONTE_CARLO:
        return (cert.pack, "monte-carlo")
    from .registry import toolkit_pack

    module = getattr(cert.check, "__module__", None)
    if toolkit_pack(cert.pack) and isinstance(module, str) and module.startswith("certificates."):
        return (cert.pack, module)
    return (cert.pack, module, cert.id.split(".", 1)[0].lower())


def _tasks(
    certs: list[Certificate], times: dict[str, float], skip: frozenset[int] = frozenset()
) -> list[tuple[str, list[int]]]:
    """Tasks (pack, indices run in order in one worker), longest expected first; unknown timings
    count as 1 s; the indices in ``skip`` (verdicts already known) are left out."""
    groups: dict[Optional[tuple[Any, ...]], tuple[str, list[int]]] = {}
    tasks: list[tuple[str, list[int]]] = []
    for i, c in enumerate(certs):
        if c.check is None or i in skip:
            continue
        key = _group_key(c)
        if key in groups:
            groups[key][1].append(i)
        else:
            groups[key] = (c.pack, [i])
            tasks.append(groups[key])
    cost = lambda t: sum(times.get(certs[i].id.lower(), 1.0) for i in t[1])  # noqa: E731
    return sorted(tasks, key=cost, reverse=True)


def _openmp_hint(death: Death) -> str:
    """A worker forked from a process that had already run a parallel Numba kernel (GNU OpenMP
    threads exist) is ended by OpenMP as soon as it runs one itself: say so (psa-cert's own process
    never runs a check, so this happens only to a program that ran kernels and then ``run_all``)."""
    par = sys.modules.get("numba.np.ufunc.parallel")
    if par is None or not getattr(par, "_is_initialized", False) or "OpenMP" not in death.output:
        return ""
    return (
        " (this process ran parallel Numba kernels before it forked the worker, and GNU OpenMP does "
        "not survive a fork: run the certificates from a fresh process, e.g. psa-cert)"
    )


def stop_workers() -> None:
    """End every worker of this process, and the pristine template (before a fast exit; a run's
    own pool is closed by then)."""
    from . import pristine
    from .workers import close_all

    close_all()
    pristine.close()


def _memory_limit() -> Optional[int]:
    """The resident memory a worker may use (``$PSA_TOOLKIT_MAX_MEMORY``, default 4 GiB; None: no
    limit).  A malformed value is refused before Monte-Carlo certificates run
    (:func:`certificates.commands._common.mc_ready`); here it counts as the default."""
    from montecarlo import limits

    try:
        return limits.current().max_memory
    except ValueError:
        return limits.DEFAULT_MAX_MEMORY


def _run_isolated(
    certs: list[Certificate],
    jobs: int,
    timeout: Optional[float],
    times: dict[str, float],
    guard: InterruptGuard,
    finished: Callable[[int, Result], None],
    memo: Optional[Memo] = None,
    skip: frozenset[int] = frozenset(),
) -> None:
    from . import pristine
    from .registry import toolkit_pack
    from .workers import Pool

    memory = _memory_limit()

    def answer(i: int, data: Optional[bytes], death: Optional[Death], seconds: float, key: Any = False) -> None:
        """``key``: False for this process's own workers (memoised when no third-party pack was
        imported here), else the memo key the pristine process computed (None: not memoisable)."""
        if death is not None:
            r = _error(certs[i], death.reason + _openmp_hint(death), seconds)
            _note_printed(r, death.output, "its last output:")
        else:
            assert data is not None  # a worker that did not die answered
            try:
                doc = json.loads(data.decode("utf-8"))
                r = _from_payload(certs[i], doc) if isinstance(doc, dict) else _error(certs[i], "malformed answer", 0.0)
                pristine_ok = (key is False and not pristine.third_party_loaded()) or (
                    isinstance(key, str) and memo is not None and memo.applies(certs[i]) and memo.key(certs[i]) == key
                )
                if memo is not None and pristine_ok and r.status in (Status.PASS, Status.FAIL):
                    memo.save(certs[i], doc)
            except (ValueError, RecursionError, UnicodeDecodeError) as exc:
                r = _error(certs[i], f"the worker's answer could not be read ({type(exc).__name__})", seconds)
        finished(i, r)

    if pristine.active():  # a third-party pack was imported here: the built-in checks run in the template
        # a check given a paper's numbers (run --paper) runs in this process's workers: the
        # template knows only the built-in claims
        mine = [
            i
            for i, c in enumerate(certs)
            if i not in skip
            and c.check is not None
            and toolkit_pack(c.pack)
            and not hasattr(c.check, "paper_overrides")
        ]
        if mine:

            def from_template(n: int, msg: dict[str, Any]) -> None:
                i = mine[n]
                if "data" in msg:
                    answer(i, str(msg["data"]).encode("utf-8"), None, float(msg["seconds"]), msg.get("key"))
                elif "death" in msg:
                    reason, output = msg["death"]
                    d = _death(str(reason), str(output))
                    answer(i, None, d, float(msg["seconds"]))
                elif msg.get("missing"):
                    finished(
                        i,
                        _error(
                            certs[i],
                            f"not a certificate of the toolkit's pack {certs[i].pack!r} "
                            "(a third-party pack gave it that pack's name); not run",
                            0.0,
                        ),
                    )
                else:
                    finished(
                        i,
                        _error(
                            certs[i],
                            f"not run: {msg.get('lost')}; run the toolkit's certificates in a new psa-cert process",
                            0.0,
                        ),
                    )

            pristine.run(
                [(certs[i].pack, certs[i].id) for i in mine],
                jobs=jobs,
                timeout=timeout,
                times=times,
                memory_limit=memory,
                answer=from_template,
                tick=guard.check,
            )
            skip = skip | frozenset(mine)

    tasks = _tasks(certs, times, skip)
    if not tasks:
        return
    preload(len(tasks), sum(1 for pack, _ in tasks if toolkit_pack(pack)))
    pool = Pool(min(jobs, len(tasks)), _work(certs, timeout), init=_worker_init(_worker_env(jobs)), memory_limit=memory)
    try:
        pool.run(tasks, None if timeout is None else kill_after(timeout), answer, tick=guard.check, said=timeout)
    finally:
        pool.close()


#: Modules the built-in checks import late (SymPy's integration and set handlers, which pull in
#: its units and array expressions; SciPy's statistics): imported once before the workers of a run are forked, so
#: that each fresh worker does not import them again (measured on a first ``psa-cert run --all``:
#: 33.8 s of CPU without, 29.8 s with, medians; docs/packs.rst).  A module missing from an
#: installed SymPy is skipped.
PRELOAD = (
    "sympy.integrals.manualintegrate",
    "sympy.integrals.heurisch",
    "sympy.integrals.risch",
    "sympy.concrete.delta",
    "sympy.sets.handlers.functions",
    "sympy.sets.handlers.issubset",
    "sympy.polys.domains.old_fractionfield",
    "sympy.polys.domains.old_polynomialring",
    "sympy.matrices.expressions.applyfunc",
    "sympy.physics.units",
    "sympy.tensor.array.expressions",
    "sympy.tensor.array.array_derivatives",
    "sympy.codegen.ast",
    "scipy.stats",  # the statistics checks import it when they run; loading the packs does not
)
#: Tasks from which a run preloads :data:`PRELOAD` (a warm run computes a few: it does not pay).
PRELOAD_FROM = 8
#: The SciPy modules the toolkit's checks call (``theory.laws.p_inf``, ``theory.addendum``, §4's
#: searches and matrix exponentials): loading the packs does not import them (``psa-cert list``,
#: ``show`` and a run of one task do without their 0.3 s of CPU), so a run of :data:`SCIPY_FROM` tasks
#: of the toolkit's packs or more imports them here before forking, as loading the packs did before,
#: and its workers do not import them each.
PRELOAD_SCIPY = ("scipy.special", "scipy.optimize", "scipy.linalg")
#: Tasks of the toolkit's packs from which a run preloads :data:`PRELOAD_SCIPY`.
SCIPY_FROM = 2


def preload(tasks: int, toolkit_tasks: Optional[int] = None) -> None:
    """Import :data:`PRELOAD_SCIPY` (from :data:`SCIPY_FROM` tasks of the toolkit's packs; ``toolkit_tasks``
    of the ``tasks``, all of them when None) and :data:`PRELOAD` (from :data:`PRELOAD_FROM` tasks)
    before forking the workers of ``tasks`` tasks (no check runs here)."""
    toolkit_tasks = tasks if toolkit_tasks is None else toolkit_tasks
    names = (PRELOAD_SCIPY if toolkit_tasks >= SCIPY_FROM else ()) + (PRELOAD if tasks >= PRELOAD_FROM else ())
    if not names:
        return
    import importlib

    for name in names:
        try:
            importlib.import_module(name)
        except Exception:  # noqa: BLE001 - a speed-up only: another SymPy may lack the module
            pass


def _death(reason: str, output: str) -> Death:
    from .workers import Death

    return Death(reason, output)


def run_all(
    certs: Iterable[Certificate],
    on_result: Optional[Callable[[Result], None]] = None,
    *,
    jobs: int = 1,
    timeout: Optional[float] = None,
    progress: Optional[Callable[[int, int, Optional[float]], None]] = None,
    memo: Optional[Memo] = None,
) -> list[Result]:
    """Run ``certs`` in worker processes (see the module docstring); results in the given order
    whatever ``jobs`` is.

    ``jobs``: at most that many workers at a time (1: one worker, the certificates one after the
    other).  ``on_result(result)`` and ``progress(done, total, eta_s)`` are called as each
    certificate finishes (``eta_s`` from the times of the last run, or None).  A SIGINT raises
    ``KeyboardInterrupt`` out of this function, a SIGTERM :class:`psa_io.usage.Terminated`; the
    workers are ended first.

    ``memo`` (a :class:`certificates.memo.Memo`; ``psa-cert run`` passes one, nothing else does):
    a certificate whose verdict it recalls is not dispatched (its Result has ``memo=True``), and the
    PASS/FAIL of one that qualifies is recorded there as the worker answered it.  Without it every
    check runs.
    """
    from . import timings

    certs = list(certs)
    total = len(certs)
    times = timings.load(warn=False)
    expected = [times.get(c.id.lower()) if c.check is not None else 0.0 for c in certs]
    state: dict[str, Any] = {
        "done": 0,
        "left": sum(e or 0.0 for e in expected),
        "known": all(e is not None for e in expected),
    }
    t0 = time.perf_counter()
    results: dict[int, Result] = {}

    def finished(i: int, r: Result) -> None:
        results[i] = r
        state["done"] += 1
        state["left"] -= expected[i] or 0.0
        if on_result is not None:
            on_result(r)
        if progress is not None:
            eta = max(0.0, state["left"]) / max(1, jobs) if state["known"] else None
            if eta is None and state["done"] >= max(3, total // 10):
                el = time.perf_counter() - t0
                eta = el / state["done"] * (total - state["done"])
            progress(state["done"], total, eta)

    with InterruptGuard() as guard:
        for i, c in enumerate(certs):
            if c.check is None:  # nothing of the pack runs: no worker needed
                finished(i, run_one(c))
        recalled = set()
        if memo is not None:
            for i, c in enumerate(certs):
                hit = memo.lookup(c) if c.check is not None else None
                if hit is not None:
                    recalled.add(i)
                    finished(i, hit)
        _run_isolated(certs, max(1, jobs), timeout, times, guard, finished, memo, frozenset(recalled))
        guard.check()
    out = [results.get(i) or _error(c, "the runner lost this certificate's result", 0.0) for i, c in enumerate(certs)]
    timings.save([r for r in out if r.certificate.check is not None and not r.memo])
    return out
