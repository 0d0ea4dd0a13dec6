"""Run certificates in isolation: whatever a check does, it becomes one row and the rest still run.

Isolation (:func:`run_one`): an exception of any kind raised by a check -- ``SystemExit`` and
``GeneratorExit`` included -- is an ERROR row; output the check prints is captured (never mixed
into the table or the JSON document); an :class:`~certificates.registry.Outcome` whose status is
a plain string is normalised to :class:`~certificates.registry.Status`; a check running longer than
``timeout`` seconds is stopped and reported as an ERROR row that says so.

Only an interrupt (SIGINT, ``KeyboardInterrupt``) stops the run: :func:`run_all` re-raises it even
when a check caught it and returned something else, so that no verdict is recorded for a run that
did not finish.

Parallel runs (:func:`run_all` with ``jobs > 1``) use worker processes from a ``forkserver`` (else
``spawn``) context -- never ``fork`` after Numba or OpenMP threads exist -- with
``NUMBA_NUM_THREADS`` (and the BLAS/OpenMP thread counts) limited so that workers x threads <= cores.
Each worker rebuilds the registry from the pack names and runs certificates by id; results come
back in the order of a serial run.  A certificate a worker cannot run (its pack exists only in this
process, or the worker could not start or died) is run in this process afterwards.  Certificates
that share work run in one worker, in order, as in a serial run: the Monte-Carlo certificates of a
pack (sweeps they share are computed once, kernels compiled once) and a statement with its variants
(``eq11`` and ``eq11.corrected``: SymPy's cache holds what they share).
"""

from __future__ import annotations

import contextlib
import dataclasses
import io
import json
import os
import pickle
import signal
import sys
import threading
import time
import traceback
from typing import Callable, Iterable, Optional

from .registry import EVIDENCE_LEVELS, Certificate, Kind, Outcome, Status
from .results import Result

#: Default per-check timeout in seconds (``psa-cert run --timeout``); the slowest certificate of the
#: built-in packs takes about 2 minutes on a cold 2-core machine.
DEFAULT_TIMEOUT = 900.0


UNGRADED = " [severity not graded by its pack: treated as substantive]"


class CheckTimeout(BaseException):
    """Raised inside a check that ran past its time limit (a BaseException, so that a check's own
    ``except Exception`` does not swallow it)."""


def _status(value) -> Status:
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
    )


UNSTATED_LEVEL = " [evidence level not stated by its pack: treated as {level}]"
NO_SEARCH = " [sampled, but no adversarial search recorded]"


def _evidence_level(cert: Certificate, status: Status, out: Outcome) -> tuple[str, Optional[dict], str]:
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
def _time_limit(seconds: Optional[float]):
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

    def on_alarm(signum, frame):
        state["fired"] = True
        raise CheckTimeout(seconds)

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


def run_one(cert: Certificate, *, timeout: Optional[float] = None, capture: bool = True) -> Result:
    """Run one certificate; every exception but ``KeyboardInterrupt`` becomes an ERROR row.

    ``timeout`` (seconds, main thread only) stops a check that runs longer; ``capture`` keeps what
    the check prints out of stdout/stderr (it is returned in ``Result.captured``).
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
        raise
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
        res = Result(
            cert, Status.ERROR, None, None, f"{type(exc).__name__}: {exc}{_where(exc)}", time.perf_counter() - t0
        )
    res.captured = buf.getvalue()
    if res.captured:
        n = len(res.captured.splitlines())
        res.evidence = dict(res.evidence, printed_output=res.captured)
        res.detail += f" [the check printed {n} line{'s' if n != 1 else ''}: see 'psa-cert show']"
    return res


# --- interrupts ---------------------------------------------------------------------------------


class InterruptGuard:
    """Remember a SIGINT even when the check that received it swallowed the KeyboardInterrupt."""

    def __init__(self):
        self.hit = False
        self._old = None

    def __enter__(self):
        if threading.current_thread() is threading.main_thread():

            def handler(signum, frame):
                self.hit = True
                raise KeyboardInterrupt

            try:
                self._old = signal.signal(signal.SIGINT, handler)
            except (ValueError, OSError):  # pragma: no cover - not the main interpreter
                self._old = None
        return self

    def check(self) -> None:
        if self.hit:
            raise KeyboardInterrupt

    def __exit__(self, *exc):
        if self._old is not None:
            signal.signal(signal.SIGINT, self._old)
        return False


# --- timings (for the progress ETA and the order of parallel work) --------------------------------


def _timings_path():
    from .lastrun import cache_dir

    return cache_dir() / "cert-timings.json"


def load_timings() -> dict[str, float]:
    """id (lower case) -> seconds the certificate took the last time it ran (empty if unknown)."""
    try:
        with open(_timings_path(), encoding="utf-8") as fh:
            data = json.load(fh)
        return {str(k): float(v) for k, v in data.items() if isinstance(v, (int, float))}
    except (OSError, ValueError, TypeError, AttributeError):
        return {}


def save_timings(results: Iterable[Result]) -> None:
    from psa_io.outputs import atomic_write

    data = load_timings()
    data.update({r.certificate.id.lower(): round(r.elapsed_s, 4) for r in results})
    path = _timings_path()
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        atomic_write(path, lambda fh: json.dump(data, fh, sort_keys=True))
    except OSError:
        pass


# --- parallel workers ---------------------------------------------------------------------------

_WORKER: dict = {}


def _worker_init(packs: tuple, env: dict) -> None:
    sys.excepthook = sys.__excepthook__  # the forkserver's is silent (certificates._preload)
    os.environ.update(env)
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # the parent handles interrupts and ends the workers
    _WORKER["packs"] = packs
    pre = _WORKER.pop("preloaded", None)  # built by the forkserver before it forked this worker
    if pre is not None and tuple(pre[0]) == tuple(packs):
        _WORKER["registry"] = pre[1]
    if "numba" in sys.modules:  # imported before NUMBA_NUM_THREADS was set here: apply it now
        try:
            import numba

            numba.set_num_threads(max(1, min(int(env.get("NUMBA_NUM_THREADS", "1")), numba.config.NUMBA_NUM_THREADS)))
        except Exception:  # pragma: no cover - threads are a performance knob only
            pass


def _worker_registry():
    if "registry" not in _WORKER:
        from .registry import load_registry

        _WORKER["registry"] = load_registry(list(_WORKER["packs"]))
    return _WORKER["registry"]


#: Result fields that travel between a worker and the parent as they are (the certificate travels
#: by id; every other field of :class:`~certificates.results.Result` is sent, so a new field needs
#: no edit here).
def _payload(r: Result) -> dict:
    data = {f.name: getattr(r, f.name) for f in dataclasses.fields(r) if f.name != "certificate"}
    data["status"] = r.status.value
    data["same_finding_as"] = tuple(r.same_finding_as)
    try:
        pickle.dumps(data)
    except Exception:  # values that do not pickle travel as their JSON form
        from .render import jsonable

        for k in ("measured", "expected", "evidence", "search"):
            data[k] = jsonable(data[k])
    return data


def _worker_run(task: list, timeout: Optional[float]) -> list:
    """Run certificates ``[(index, id), ...]`` in order; ``None`` for an id this worker cannot find."""
    from .registry import RegistryError

    try:
        reg = _worker_registry()
    except Exception:
        return [(i, None) for i, _ in task]
    out = []
    for i, cid in task:
        try:
            cert = reg.get(cid)
        except RegistryError:
            out.append((i, None))
            continue
        out.append((i, _payload(run_one(cert, timeout=timeout))))
    return out


def _from_payload(cert: Certificate, d: dict) -> Result:
    known = {f.name for f in dataclasses.fields(Result)} - {"certificate"}
    fields = {k: v for k, v in d.items() if k in known}
    fields["status"] = Status(d["status"])
    fields["same_finding_as"] = tuple(d.get("same_finding_as") or ())
    return Result(cert, **fields)


def cpu_count() -> int:
    try:
        return max(1, len(os.sched_getaffinity(0)))
    except (AttributeError, OSError):  # pragma: no cover - not Linux
        return max(1, os.cpu_count() or 1)


def _group_key(cert: Certificate):
    """Certificates that share work run in one task, in order, as in a serial run: the
    Monte-Carlo certificates of a pack (their in-process sweeps, and the compiled kernels: on a
    first run, with an empty Numba cache, one worker compiles each kernel once, where two workers
    compiling the same kernels at once took three times as long), and a statement with its variants
    (``eq11`` and ``eq11.corrected``: SymPy's cache holds the expressions they share)."""
    if cert.check is None:
        return None
    if cert.kind is Kind.MONTE_CARLO:
        return (cert.pack, "monte-carlo")
    return (cert.pack, getattr(cert.check, "__module__", None), cert.id.split(".", 1)[0].lower())


def _tasks(certs: list[Certificate], timings: dict) -> list[list[tuple[int, str]]]:
    """Tasks (lists of (index, id)), longest expected first; unknown timings count as 1 s."""
    groups: dict = {}
    tasks: list = []
    for i, c in enumerate(certs):
        if c.check is None:
            continue
        key = _group_key(c)
        if key is None:
            tasks.append([(i, c.id)])
        elif key in groups:
            groups[key].append((i, c.id))
        else:
            groups[key] = [(i, c.id)]
            tasks.append(groups[key])
    cost = lambda t: sum(timings.get(certs[i].id.lower(), 1.0) for i, _ in t)  # noqa: E731
    return sorted(tasks, key=cost, reverse=True)


def _worth_parallel(certs: list[Certificate], timings: dict) -> bool:
    """Workers cost a second or two to start: use them for at least two checks expected (from the
    last run's times; unknown ones count 1 s) to take 3 s or more in all."""
    todo = [c for c in certs if c.check is not None]
    return len(todo) >= 2 and sum(timings.get(c.id.lower(), 1.0) for c in todo) >= 3.0


def _context(packs: tuple = ()):
    """forkserver (its server preloads the packs' registry: :mod:`certificates._preload`), else spawn."""
    import multiprocessing as mp

    methods = mp.get_all_start_methods()
    if "forkserver" not in methods:
        return mp.get_context("spawn")
    ctx = mp.get_context("forkserver")
    if packs:
        os.environ["PSA_TOOLKIT_PRELOAD_PACKS"] = ",".join(packs)  # read by the server when it starts
        ctx.set_forkserver_preload(["certificates._preload"])
    return ctx


def _worker_env(jobs: int) -> dict:
    threads = str(max(1, cpu_count() // jobs))
    env = {
        "NUMBA_NUM_THREADS": threads,
        "OMP_NUM_THREADS": threads,
        "OPENBLAS_NUM_THREADS": threads,
        "MKL_NUM_THREADS": threads,
    }
    for k in (
        "PSA_TOOLKIT_CACHE",
        "PSA_TOOLKIT_STORE",
        "PSA_TOOLKIT_FRESH",
        "PSA_TOOLKIT_TRUST_STORE",
        "PSA_TOOLKIT_THOROUGH",
        "PSA_TOOLKIT_STATUS_DIR",  # psa_io.status: a worker compiling a kernel says so on the progress line
    ):
        if k in os.environ:
            env[k] = os.environ[k]
    return env


def _executor(packs: tuple, workers: int, env: dict):
    from concurrent.futures import ProcessPoolExecutor

    return ProcessPoolExecutor(
        max_workers=workers, mp_context=_context(packs), initializer=_worker_init, initargs=(packs, env)
    )


def _warm() -> bool:
    """A worker's first task when started ahead: build the registry (imports included)."""
    try:
        _worker_registry()
        return True
    except Exception:
        return False


_PRESTARTED: dict = {}


def prestart(packs: Iterable[str], jobs: int) -> None:
    """Start ``jobs`` workers now, so that they import the packs while this process loads its own
    registry; the next parallel :func:`run_all` over the same packs and ``jobs`` uses them.
    Call :func:`discard_prestarted` when the run does not happen (it is harmless otherwise)."""
    discard_prestarted()
    if jobs <= 1:
        return
    packs = tuple(sorted(packs))
    ex = _executor(packs, jobs, _worker_env(jobs))
    for _ in range(jobs):
        ex.submit(_warm)
    _PRESTARTED.update(key=(packs, jobs, tuple(sorted(_worker_env(jobs).items()))), executor=ex)


def _take_prestarted(packs: tuple, jobs: int):
    if not _PRESTARTED:
        return None
    key = (packs, jobs, tuple(sorted(_worker_env(jobs).items())))
    if _PRESTARTED.get("key") != key:
        discard_prestarted()
        return None
    ex = _PRESTARTED.pop("executor")
    _PRESTARTED.clear()
    return ex


def _kill(ex) -> None:
    stop_forkserver()  # first: it must not fork a worker for a pool that is going away
    for p in list((getattr(ex, "_processes", None) or {}).values()):
        with contextlib.suppress(Exception):
            p.terminate()
    with contextlib.suppress(Exception):
        ex.shutdown(wait=False, cancel_futures=True)


def stop_forkserver() -> None:
    """End this process's forkserver.  While it is still building the registry (the preload), an
    interrupted run would otherwise leave it to fork workers after this process released the
    pool's semaphores, and each such worker would print a traceback on the way out.  A later
    parallel run starts a new one."""
    try:
        from multiprocessing import forkserver

        fs = forkserver._forkserver
        pid = getattr(fs, "_forkserver_pid", None)
        if pid:
            os.kill(pid, signal.SIGKILL)
            with contextlib.suppress(OSError):
                os.waitpid(pid, 0)
            fs._forkserver_pid = None
            fs._forkserver_address = None
            if getattr(fs, "_forkserver_alive_fd", None) is not None:
                with contextlib.suppress(OSError):
                    os.close(fs._forkserver_alive_fd)
                fs._forkserver_alive_fd = None
    except Exception:  # pragma: no cover - a private API of multiprocessing: best effort
        pass


def discard_prestarted() -> None:
    """End workers started by :func:`prestart` and not used."""
    ex = _PRESTARTED.pop("executor", None)
    _PRESTARTED.clear()
    if ex is not None:
        _kill(ex)


def _run_parallel(
    certs: list[Certificate], jobs: int, timeout, guard: InterruptGuard, done_cb: Callable[[int, Result], None]
) -> dict[int, Result]:
    from concurrent.futures import FIRST_COMPLETED, wait

    packs = tuple(sorted({c.pack for c in certs}))
    env = _worker_env(jobs)
    results: dict[int, Result] = {}
    tasks = _tasks(certs, load_timings())
    ex = _take_prestarted(packs, jobs)
    if ex is None:
        ex = _executor(packs, min(jobs, max(1, len(tasks))), env)
    try:
        pending = {ex.submit(_worker_run, t, timeout): t for t in tasks}
        while pending:
            finished, _ = wait(list(pending), timeout=0.2, return_when=FIRST_COMPLETED)
            guard.check()
            for fut in finished:
                task = pending.pop(fut)
                try:
                    rows = fut.result()
                except Exception:  # the worker could not start or died: run these here instead
                    rows = [(i, None) for i, _ in task]
                for i, d in rows:
                    if d is None:
                        continue  # not known to the worker (e.g. a pack built in this process): run here
                    results[i] = _from_payload(certs[i], d)
                    done_cb(i, results[i])
    except BaseException:
        _kill(ex)
        raise
    ex.shutdown(wait=True)
    return results


def run_all(
    certs: Iterable[Certificate],
    on_result: Optional[Callable[[Result], None]] = None,
    *,
    jobs: int = 1,
    timeout: Optional[float] = None,
    progress: Optional[Callable[[int, int, Optional[float]], None]] = None,
) -> list[Result]:
    """Run ``certs``; results in the given order whatever ``jobs`` is.

    ``jobs > 1`` runs them in that many worker processes (see the module docstring); ``jobs = 1``
    runs them here, one after the other.  ``on_result(result)`` and ``progress(done, total,
    eta_s)`` are called as each certificate finishes (``eta_s`` from the times of the last run, or
    None).  A SIGINT raises ``KeyboardInterrupt`` out of this function even if a check swallowed it.
    """
    certs = list(certs)
    total = len(certs)
    timings = load_timings()
    expected = [timings.get(c.id.lower()) if c.check is not None else 0.0 for c in certs]
    state = {"done": 0, "left": sum(e or 0.0 for e in expected), "known": all(e is not None for e in expected)}
    t0 = time.perf_counter()

    def finished(i: int, r: Result) -> None:
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

    results: dict[int, Result] = {}
    with InterruptGuard() as guard:
        if jobs > 1 and _worth_parallel(certs, timings):
            results = _run_parallel(certs, jobs, timeout, guard, finished)
        else:
            discard_prestarted()
        for i, c in enumerate(certs):
            if i in results:
                continue
            r = run_one(c, timeout=timeout)
            guard.check()
            results[i] = r
            finished(i, r)
    out = [results[i] for i in range(total)]
    save_timings([r for r in out if r.certificate.check is not None])
    return out
