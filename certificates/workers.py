"""Worker processes that run checks away from the runner: whatever a check does to its process --
``os._exit(0)``, a segfault, a signal, a hang in C code that ignores ``SIGALRM`` -- the runner gets
one row for that certificate, with the reason, and the run goes on.

A :class:`Pool` forks its workers from this process once the registry is loaded (``fork``: each
worker starts with the packs imported and every certificate in memory, also one built in this
process only; nothing is imported twice).  The parent never runs a check itself, so it starts no
Numba or OpenMP thread, and forking it is safe.  A worker:

* runs in a session of its own (``setsid``: no controlling terminal, so ``/dev/tty`` cannot be
  opened, and a process group of its own: a Ctrl-C reaches the parent only; the parent ends the
  workers), ignores SIGINT, dies with its parent (``PR_SET_PDEATHSIG``), reads stdin from
  ``/dev/null``, and has its file descriptors 1 and 2 on a file of its own: what a check writes
  there (a C library, a subprocess) is captured, never interleaved with the runner's output;
* cannot reach the runner's descriptors through ``/proc``: while a pool runs, the runner is not
  *dumpable* (``PR_SET_DUMPABLE`` 0, restored afterwards), which makes ``/proc/<runner>/fd`` (its
  stdout, the pipes of the other workers) the kernel's, not the user's; the workers inherit it, so
  one worker cannot reach another's pipes either; a worker run as root first gives up
  ``CAP_SYS_PTRACE``, which would let it pass over that (:func:`drop_ptrace`).  What this does
  not stop: a check is code run as the user, and may open any file the user may (a terminal
  device ``/dev/pts/N`` by its name, the file ``--json`` is redirected to by its path);
* runs the certificates of one *task* only (:func:`certificates.runner._tasks`: a statement with
  its variants, or the Monte-Carlo certificates of a pack), then ends: every task starts in a fresh
  fork of the runner, so what a check leaves behind (a global it changed) reaches only the later
  certificates of its own task, which are the same, in the same order, whatever ``--jobs`` is.
  A pack's code therefore never shares a process with another pack's checks either;
* is watched for memory: its resident set (``/proc/<pid>/statm``, sampled every
  :data:`MEMORY_POLL` s; it includes the pages it shares with the runner) above ``memory_limit``
  (``psa-cert`` passes ``$PSA_TOOLKIT_MAX_MEMORY``, default 4 GiB) ends it with SIGKILL and the
  row says so.  Not an address-space rlimit (``RLIMIT_AS``): LLVM (Numba) reserves large address
  ranges it never touches, and a limit on them fails kernel compilation long before memory is
  used.  A check that allocates faster than the sampling can overshoot for up to one interval;
  the memory of a subprocess it starts is not counted;
* runs one certificate at a time: the parent sends its index, the worker answers with the index
  and the result's bytes.

A worker that dies before answering (exit, signal), that answers out of turn, or that runs past
its deadline (killed with SIGKILL, with its process group) gives a :class:`Death`; the pool forks a
replacement and the certificates not yet started go on in it.  Nothing is re-run: the certificate
that was running is the one that gets the ERROR row.
"""

from __future__ import annotations

import collections
import contextlib
import ctypes
import dataclasses
import faulthandler
import gc
import os
import select
import signal
import sys
import tempfile
import time
from typing import Callable, Optional

_IN_WORKER = False

#: Exit status of a worker whose channel to the parent is gone or misused (a check closed it).
CHANNEL_LOST = 70

_HEADER = 12  # 4 bytes index, 8 bytes length

#: Seconds between two samples of a worker's resident memory (when a memory limit is set).
MEMORY_POLL = 0.1
_PR_SET_PDEATHSIG, _PR_GET_DUMPABLE, _PR_SET_DUMPABLE = 1, 3, 4
_STOPS = {signal.SIGINT, signal.SIGTERM}


def in_worker() -> bool:
    """True inside a worker process of a :class:`Pool`."""
    return _IN_WORKER


@dataclasses.dataclass
class Death:
    """Why a worker did not return a result: ``reason`` is said in the ERROR row; ``output`` is the
    end of what it wrote on its file descriptors 1 and 2 while the certificate ran (a crash
    report, the last lines of a hung check)."""

    reason: str
    output: str = ""


#: How much of a dead worker's last output is kept (its end).
LAST_OUTPUT = 4000


def exit_reason(status: int) -> str:
    """A wait status as words: 'worker exited with status 0 ...', 'killed by signal SIGSEGV'."""
    if os.WIFSIGNALED(status):
        sig = os.WTERMSIG(status)
        try:
            name = signal.Signals(sig).name
        except ValueError:
            name = f"signal {sig}"
        return f"killed by signal {name} before returning a result"
    if os.WIFEXITED(status):
        return f"worker exited with status {os.WEXITSTATUS(status)} before returning a result"
    return f"worker stopped (wait status {status}) before returning a result"  # pragma: no cover


def _prctl(option: int, arg: int = 0) -> int:
    """``prctl(option, arg)``; -1 where it is not available (not Linux)."""
    try:
        return int(ctypes.CDLL(None, use_errno=True).prctl(option, arg, 0, 0, 0))
    except Exception:  # pragma: no cover - not Linux
        return -1


@contextlib.contextmanager
def undumpable():
    """This process is not dumpable inside the block (``/proc/<pid>/fd`` and the like are then
    closed to the user's other processes, the workers among them); the earlier state after."""
    before = _prctl(_PR_GET_DUMPABLE)
    if before > 0:
        _prctl(_PR_SET_DUMPABLE, 0)
    try:
        yield
    finally:
        if before > 0:
            _prctl(_PR_SET_DUMPABLE, before)


def resident_bytes(pid: int) -> Optional[int]:
    """The resident set of process ``pid`` in bytes (``/proc/<pid>/statm``), None if unknown."""
    try:
        with open(f"/proc/{pid}/statm", "rb") as f:
            return int(f.read().split()[1]) * os.sysconf("SC_PAGE_SIZE")
    except (OSError, ValueError, IndexError):
        return None


#: Linux's capability that lets a process reach another's ``/proc/<pid>/fd`` even when that one is
#: not dumpable (root has it).
CAP_SYS_PTRACE = 19
_PR_CAPBSET_DROP = 24


def drop_ptrace() -> bool:
    """Give up ``CAP_SYS_PTRACE`` (effective, permitted, inheritable and bounding sets): a worker run
    as root could otherwise still reach the runner's descriptors.  True when the capability is gone
    (or was never held)."""
    try:
        libc = ctypes.CDLL(None, use_errno=True)
        header = (ctypes.c_uint32 * 2)(0x20080522, 0)  # _LINUX_CAPABILITY_VERSION_3, this process
        data = (ctypes.c_uint32 * 6)()  # two {effective, permitted, inheritable}
        if libc.capget(header, data) != 0:
            return False
        if not any(v & (1 << CAP_SYS_PTRACE) for v in data[:3]):
            return True
        libc.prctl(_PR_CAPBSET_DROP, CAP_SYS_PTRACE, 0, 0, 0)
        for i in range(3):
            data[i] &= ~(1 << CAP_SYS_PTRACE) & 0xFFFFFFFF
        return libc.capset(header, data) == 0
    except Exception:  # pragma: no cover - not Linux
        return False


def _die_with_parent(parent: int) -> None:
    _prctl(_PR_SET_PDEATHSIG, signal.SIGKILL)
    if os.getppid() != parent:  # it died before the line above: nobody waits for this worker
        os._exit(CHANNEL_LOST)


def _write_all(fd: int, data: bytes) -> None:
    view = memoryview(data)
    while view:
        n = os.write(fd, view)
        view = view[n:]


def _read_exact(fd: int, n: int) -> bytes:
    buf = b""
    while len(buf) < n:
        chunk = os.read(fd, n - len(buf))
        if not chunk:
            return b""
        buf += chunk
    return buf


def _unnamed_file() -> int:
    with tempfile.TemporaryFile() as f:
        return os.dup(f.fileno())


def _tail(fd: int, limit: int = LAST_OUTPUT) -> str:
    """What a worker wrote on its captured descriptors, read by the parent when it died: from its
    last crash or timeout report (:mod:`faulthandler`, innermost frame first) when there is one,
    else the end."""
    try:
        size = os.fstat(fd).st_size
        start = max(0, size - 64 * limit)
        text = os.pread(fd, size - start, start).decode("utf-8", "backslashreplace")
    except OSError:
        return ""
    at = max(text.rfind("Fatal Python error"), text.rfind("Timeout ("))
    if at >= 0:
        return text[at : at + limit] + (" ..." if len(text) - at > limit else "")
    return ("... " if size > limit else "") + text[-limit:]


class _Captured:
    """The worker's file descriptors 1 and 2, on an unnamed file (shared with the parent, which
    reads its end when the worker dies) read after each check."""

    def __init__(self, fd: int):
        self.fd = fd
        for target in (1, 2):
            os.dup2(self.fd, target)
        for fd, name in ((1, "stdout"), (2, "stderr")):  # fresh streams: none of the parent's locks or buffers
            stream = open(fd, "w", encoding="utf-8", errors="backslashreplace", closefd=False)
            setattr(sys, name, stream)
            setattr(sys, f"__{name}__", stream)

    def reset(self) -> None:
        os.ftruncate(self.fd, 0)
        os.lseek(self.fd, 0, os.SEEK_SET)

    def text(self, limit: int) -> str:
        for stream in (sys.stdout, sys.stderr):
            with contextlib.suppress(Exception):
                stream.flush()
        try:
            size = os.fstat(self.fd).st_size
            data = os.pread(self.fd, limit, 0)
        except OSError:
            return ""
        text = data.decode("utf-8", "backslashreplace")
        return text + (f" ... [{size - limit} more bytes not shown]" if size > limit else "")


def _close_inherited(keep: set[int]) -> None:
    """Close every descriptor above 2 but ``keep``: the parent's pipes to other workers, its own
    stdout kept by a test harness, files it has open -- a check must not write to any of them."""
    try:
        fds = sorted(int(n) for n in os.listdir("/proc/self/fd"))
    except OSError:  # pragma: no cover - no /proc: the parent's descriptors up to a bound
        fds = list(range(3, 1024))
    for fd in fds:
        if fd > 2 and fd not in keep:
            with contextlib.suppress(OSError):
                os.close(fd)


def _child(
    parent: int,
    task_r: int,
    result_w: int,
    capfd: int,
    work: Callable,
    init: Optional[Callable[[], None]],
) -> None:
    """The worker's life: never returns (``os._exit``)."""
    global _IN_WORKER
    _IN_WORKER = True
    code = 0
    try:
        try:
            os.setsid()  # no controlling terminal; its own session and process group
        except OSError:  # pragma: no cover - already a group leader
            with contextlib.suppress(OSError):
                os.setpgid(0, 0)
        _die_with_parent(parent)
        drop_ptrace()
        signal.signal(signal.SIGINT, signal.SIG_IGN)
        signal.signal(signal.SIGTERM, signal.SIG_DFL)
        signal.pthread_sigmask(signal.SIG_UNBLOCK, _STOPS)
        _close_inherited({task_r, result_w, capfd})
        null = os.open(os.devnull, os.O_RDONLY)
        os.dup2(null, 0)
        os.close(null)
        cap = _Captured(capfd)
        faulthandler.enable(file=sys.stderr, all_threads=True)  # a crash's traceback: in the row
        if init is not None:
            init()
        while True:
            head = _read_exact(task_r, 4)
            if not head:
                break
            index = int.from_bytes(head, "big")
            cap.reset()
            data = work(index, cap.text)
            _write_all(result_w, index.to_bytes(4, "big") + len(data).to_bytes(8, "big") + data)
    except OSError:
        code = CHANNEL_LOST
    except BaseException:  # pragma: no cover - work() reports its own failures
        code = CHANNEL_LOST
    os._exit(code)


_LIVE: set = set()


def close_all() -> None:
    """End the workers of every pool of this process (before a fast exit)."""
    for pool in list(_LIVE):
        pool.close()


def _size(n: int) -> str:
    return f"{n / 1024**3:.2f} GiB" if n >= 1024**3 else f"{n / 1024**2:.0f} MiB"


class _Worker:
    def __init__(self, pack: str, pid: int, task_w: int, result_r: int, capfd: int):
        self.pack, self.pid, self.task_w, self.result_r, self.capfd = pack, pid, task_w, result_r, capfd
        self.buf = bytearray()
        self.busy: Optional[int] = None
        self.started = 0.0
        self.deadline: Optional[float] = None
        self.todo: collections.deque = collections.deque()  # the rest of its current task


class Pool:
    """At most ``size`` workers at a time, each for one pack; see the module docstring.

    ``work(index, printed)`` runs in the worker and returns the bytes of the result of certificate
    ``index`` (``printed()`` is what fd 1 and 2 received since the check began)."""

    def __init__(
        self,
        size: int,
        work: Callable[[int, Callable[[int], str]], bytes],
        init: Optional[Callable[[], None]] = None,
        memory_limit: Optional[int] = None,
    ):
        self.size = max(1, size)
        self.work, self.init = work, init
        self.memory_limit = memory_limit
        self.workers: list[_Worker] = []
        self._failed: list[tuple[int, Death]] = []  # certificates no worker could be started for
        self.said: Optional[float] = None

    # --- processes ---

    def _fork(self, pack: str) -> _Worker:
        task_r, task_w = os.pipe()
        result_r, result_w = os.pipe()
        capfd = _unnamed_file()
        for stream in (sys.stdout, sys.stderr):  # nothing buffered here may be written twice
            with contextlib.suppress(Exception):
                stream.flush()
        # what this process holds (packs, registry) moves to the collector's permanent generation: a
        # worker's collections then never walk it, so they neither spend time on it nor write to (and so
        # copy) the pages it shares with this process (measured: about 0.3 s CPU less in a warm run)
        gc.freeze()
        old = signal.pthread_sigmask(signal.SIG_BLOCK, _STOPS)  # an interrupt now would lose the child
        try:
            parent = os.getpid()
            try:
                pid = os.fork()
            except OSError:
                for fd in (task_r, task_w, result_r, result_w, capfd):
                    os.close(fd)
                raise
            if pid == 0:  # pragma: no cover - the child (measured by the tests through its results)
                _child(parent, task_r, result_w, capfd, self.work, self.init)
            os.close(task_r)
            os.close(result_w)
            os.set_blocking(result_r, False)
            w = _Worker(pack, pid, task_w, result_r, capfd)
            self.workers.append(w)
            _LIVE.add(self)
        finally:
            signal.pthread_sigmask(signal.SIG_SETMASK, old)
        return w

    def _end(self, w: _Worker) -> int:
        """Kill ``w`` (and its process group) and reap it; its wait status."""
        for kill in (lambda: os.killpg(w.pid, signal.SIGKILL), lambda: os.kill(w.pid, signal.SIGKILL)):
            with contextlib.suppress(OSError):
                kill()
        status = 0
        with contextlib.suppress(ChildProcessError):
            _, status = os.waitpid(w.pid, 0)
        self._close_fds(w)
        return status

    def _close_fds(self, w: _Worker) -> None:
        with contextlib.suppress(OSError):  # what the check left running in its process group
            os.killpg(w.pid, signal.SIGKILL)
        for fd in (w.task_w, w.result_r, w.capfd):
            with contextlib.suppress(OSError):
                os.close(fd)
        if w in self.workers:
            self.workers.remove(w)

    def close(self) -> None:
        """End every worker (and its process group) now."""
        for w in list(self.workers):
            self._end(w)
        _LIVE.discard(self)

    # --- the run ---

    def run(
        self,
        tasks: list[tuple[str, list[int]]],
        limit: Optional[float],
        done: Callable[[int, Optional[bytes], Optional[Death], float], None],
        tick: Callable[[], None] = lambda: None,
        said: Optional[float] = None,
    ) -> None:
        """Run ``tasks`` (pack, indices run in order in one worker); ``done(index, data, death,
        seconds)`` for each index as it ends.  ``limit``: seconds after which a worker still on one
        certificate is killed (None: no limit).  ``tick()`` is called at least every 0.2 s (it may
        raise to stop the run: then the caller calls :meth:`close`).  ``said``: the time limit the
        user gave (the reason of a killed worker names it; default ``limit``)."""
        self.said = limit if said is None else said
        with undumpable():
            self._run(collections.deque(tasks), limit, done, tick)

    def _run(self, queue: collections.deque, limit: Optional[float], done, tick: Callable[[], None]) -> None:
        poll = 0.2 if self.memory_limit is None else MEMORY_POLL
        while True:
            self._assign(queue, limit)
            while self._failed:
                index, death = self._failed.pop(0)
                done(index, None, death, 0.0)
            busy = [w for w in self.workers if w.busy is not None]
            if not busy:
                if not queue and not any(w.todo for w in self.workers) and not self._failed:
                    return
                continue
            now = time.monotonic()
            wait = min([poll] + [max(0.0, w.deadline - now) for w in busy if w.deadline is not None])
            ready, _, _ = select.select([w.result_r for w in busy], [], [], wait)
            tick()
            for w in busy:
                if w.result_r in ready:
                    self._receive(w, done)
                if w.busy is not None:
                    self._check_alive(w, limit, done)

    def _assign(self, queue: collections.deque, limit: Optional[float]) -> None:
        for w in list(self.workers):
            if w.busy is not None:
                continue
            if self._gone(w):  # it ended while idle (a check left a timer behind): a new one takes over
                self._forget(w)
                continue
            if not w.todo:  # its task is done: the next one starts in a fresh worker
                self._end(w)
                continue
            if w.todo:
                self._send(w, w.todo.popleft(), limit)
        while queue and len(self.workers) < self.size:
            pack, indices = queue.popleft()
            new = self._start(pack, indices)
            if new is not None:
                self._send(new, new.todo.popleft(), limit)

    def _gone(self, w: _Worker) -> bool:
        try:
            pid, _ = os.waitpid(w.pid, os.WNOHANG)
        except ChildProcessError:
            return True
        return bool(pid)

    def _start(self, pack: str, indices) -> Optional[_Worker]:
        try:
            w = self._fork(pack)
        except OSError as exc:
            self._failed += [(i, Death(f"no worker process could be started ({exc.strerror})")) for i in indices]
            return None
        w.todo.extend(indices)
        return w

    def _send(self, w: _Worker, index: int, limit: Optional[float]) -> None:
        w.busy, w.started = index, time.monotonic()
        w.deadline = None if limit is None else w.started + limit
        w.buf.clear()
        try:
            _write_all(w.task_w, index.to_bytes(4, "big"))
        except OSError:
            pass  # the worker is gone: found by _check_alive

    def _receive(self, w: _Worker, done) -> None:
        while True:
            try:
                chunk = os.read(w.result_r, 1 << 20)
            except BlockingIOError:
                break
            except OSError:
                chunk = b""
            if not chunk:
                break
            w.buf += chunk
        self._complete(w, done)

    def _complete(self, w: _Worker, done) -> bool:
        if len(w.buf) < _HEADER:
            return False
        index = int.from_bytes(w.buf[:4], "big")
        size = int.from_bytes(w.buf[4:_HEADER], "big")
        if index != w.busy:
            self._died(
                w, done, Death("the worker answered for another certificate (its channel was misused); worker killed")
            )
            return True
        if len(w.buf) < _HEADER + size:
            return False
        data = bytes(w.buf[_HEADER : _HEADER + size])
        rest = w.buf[_HEADER + size :]
        elapsed = time.monotonic() - w.started
        w.busy, w.deadline = None, None
        w.buf = bytearray()
        if rest:  # more than one answer to one question: the channel was misused
            done(index, data, None, elapsed)
            self._end(w)
            self._replace(w)
            return True
        done(index, data, None, elapsed)
        return True

    def _check_alive(self, w: _Worker, limit: Optional[float], done) -> None:
        try:
            pid, status = os.waitpid(w.pid, os.WNOHANG)
        except ChildProcessError:
            pid, status = w.pid, 0
        if pid:
            self._receive(w, done)  # it may have answered before it died
            if w.busy is None:
                self._forget(w)
                return
            self._died(w, done, Death(exit_reason(status)), reaped=True)
            return
        if w.deadline is not None and time.monotonic() >= w.deadline:
            self._died(w, done, Death(f"timed out after {self.said:g} s; worker killed (psa-cert run --timeout S)"))
            return
        if self.memory_limit is not None:
            rss = resident_bytes(w.pid)
            if rss is not None and rss > self.memory_limit:
                self._died(
                    w,
                    done,
                    Death(
                        f"used {_size(rss)} of resident memory, above the limit of {_size(self.memory_limit)}; "
                        "worker killed (PSA_TOOLKIT_MAX_MEMORY)"
                    ),
                )

    def _forget(self, w: _Worker) -> None:
        self._close_fds(w)
        self._replace(w)

    def _died(self, w: _Worker, done, death: Death, reaped: bool = False) -> None:
        index, elapsed = w.busy, time.monotonic() - w.started
        w.busy = None
        if not reaped:  # stop it before reading what it wrote: it may still be writing
            with contextlib.suppress(OSError):
                os.killpg(w.pid, signal.SIGKILL)
            with contextlib.suppress(OSError):
                os.kill(w.pid, signal.SIGKILL)
        death.output = _tail(w.capfd)
        if reaped:
            self._forget(w)
        else:
            self._end(w)
            self._replace(w)
        if index is not None:
            done(index, None, death, elapsed)

    def _replace(self, w: _Worker) -> None:
        """The rest of a dead worker's task goes on in a new worker of the same pack."""
        if w.todo:
            self._start(w.pack, list(w.todo))
            w.todo.clear()
