"""Files the programs write: the outputs a user names, checked before any work, and the one atomic write.

Outputs the user names (``--junit``, ``--write-baseline``, ``report --html/--markdown``, ``graph
--out``, ``exact-map --out``, ``plot --out``) go through :class:`Outputs`:

* **checked first**: :meth:`Outputs.add` decides what the path is and refuses (one line, exit 2,
  :class:`~psa_io.usage.UsageError`) what cannot or must not be written, before anything runs: a
  folder, a block device, a socket, a symbolic link to a file or to nothing (the link is never
  replaced; the file it names can be given instead), a FIFO that no process reads (it is opened
  without blocking: no reader is exit 2, not a hang), a file or folder without write permission,
  two outputs that are the same file, and an output that is where standard output goes while
  the command prints its own table or document there (``--junit /dev/stdout`` beside the table,
  or ``--junit out.txt`` with ``> out.txt``): the two would corrupt each other;
* **a regular file** (or a new one) is written atomically: a temporary file in the same folder,
  flushed to disk, then :func:`os.replace` (:func:`atomic_write`); an existing file keeps its
  mode, a new one gets the usual ``0o666 & ~umask``.  Nothing but a regular file is ever replaced;
* **a stream** -- ``-``, ``/dev/stdout``, ``/dev/stderr``, ``/dev/fd/N``, ``/proc/self/fd/N``
  (written to the open descriptor itself, never reopened, so a redirected stdout is not
  truncated), a FIFO, a character device such as ``/dev/null`` or a terminal (opened for writing,
  never created, truncated or replaced) -- is written once, whole, after the command's own output
  (:meth:`Outputs.finish`), in the order the outputs were given; nothing else is interleaved.
  ``/dev/null`` may be named any number of times.

A write that fails afterwards (disk full, a reader gone) is one line in :attr:`Outputs.failures`;
the command prints its result first, then the lines, and exits 2.

Files the toolkit keeps for itself (verdict records, timings, stored Monte Carlo) use
:func:`atomic_write` directly: a reader never sees half a file, an interrupted write leaves the
old one whole, and a symlink, FIFO, device or folder at the path raises :class:`NotRegularFile`.
"""

from __future__ import annotations

import errno
import os
import re
import stat
import sys
import tempfile
from dataclasses import dataclass
from typing import IO, Callable, Optional, Union

from .usage import UsageError

PathLike = Union[str, "os.PathLike[str]"]
Identity = tuple  # (st_dev, st_ino), ("new", folder, name) or ("py", "stdout"/"stderr")

#: Names of an open descriptor of this process (``/dev/stdout`` is a link to ``/proc/self/fd/1``).
_FD_NAME = re.compile(r"^/(?:dev/(?:fd/(\d+)|(stdin|stdout|stderr))|proc/(?:self|thread-self|(\d+))/fd/(\d+))$")
_STD = {"stdin": 0, "stdout": 1, "stderr": 2}


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


def _umask() -> int:
    mask = os.umask(0o022)
    os.umask(mask)
    return mask


def atomic_write(path: PathLike, write: Callable[[IO], object], *, binary: bool = False, private: bool = True) -> None:
    """Write ``path`` through ``write(fh)`` on a temporary file in the same folder (text in UTF-8,
    or ``binary``), fsync it, then move it into place with :func:`os.replace`.  An existing file
    keeps its mode; a new one is ``0o600`` (``private``: the toolkit's own records) or ``0o666 &
    ~umask``.  On any failure the temporary file is removed and the old ``path`` is left as it
    was; OSError is raised (:class:`NotRegularFile` when ``path`` is a symlink, FIFO, device or
    folder: never replaced)."""
    path = os.fspath(path)
    refuse_non_regular(path)
    try:
        mode: Optional[int] = stat.S_IMODE(os.lstat(path).st_mode)
    except FileNotFoundError:
        mode = None if private else 0o666 & ~_umask()
    folder, name = os.path.split(os.path.abspath(path))
    fd, tmp = tempfile.mkstemp(prefix=f".{name}.", suffix=".tmp", dir=folder)
    try:
        if mode is not None:
            os.fchmod(fd, mode)
        fh: IO = os.fdopen(fd, "wb") if binary else os.fdopen(fd, "w", encoding="utf-8")
        with fh:
            write(fh)
            fh.flush()
            os.fsync(fh.fileno())
        refuse_non_regular(path)  # became a link, FIFO or folder meanwhile: still never replaced
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


# --- outputs the user names ---------------------------------------------------------------------


@dataclass
class Output:
    """One output path given on the command line, as :meth:`Outputs.add` classified it."""

    flag: str
    path: str
    kind: str  # "file" (regular or new: written atomically) or "stream"
    identity: Identity
    fd: Optional[int] = None  # a stream: the descriptor written to
    own_fd: bool = False  # opened here (a FIFO or device): closed by Outputs.finish / close
    sink: bool = False  # /dev/null: any number of outputs may go there

    @property
    def name(self) -> str:
        """``PATH (--flag)``: how messages name it."""
        return f"{self.path} ({self.flag})" if self.flag else self.path


def _fd_of(path: str) -> Optional[int]:
    """The descriptor ``path`` names (``-``, ``/dev/stdout``, ``/dev/fd/N``, ``/proc/self/fd/N`` or a
    link to one of them), else None."""
    if path == "-":
        return 1
    p = path
    for _ in range(8):
        m = _FD_NAME.match(os.path.normpath(p)) if p.startswith("/") else None
        if m:
            fd_dev, std, pid, fd_proc = m.groups()
            if pid is not None and int(pid) != os.getpid():
                return None
            return _STD[std] if std else int(fd_dev if fd_dev is not None else fd_proc)
        try:
            if not os.path.islink(p):
                return None
            target = os.readlink(p)
        except OSError:
            return None
        p = target if target.startswith("/") else os.path.join(os.path.dirname(p), target)
    return None


def _st_identity(st: os.stat_result) -> Identity:
    return (st.st_dev, st.st_ino)


def _is_null(st: os.stat_result) -> bool:
    try:
        null = os.stat(os.devnull)
    except OSError:  # pragma: no cover - a system without /dev/null
        return False
    return stat.S_ISCHR(st.st_mode) and st.st_rdev == null.st_rdev


def _std_stream(fd: int):
    """sys.stdout / sys.stderr for descriptors 1 / 2 (what the program's own prints use)."""
    return sys.stdout if fd == 1 else sys.stderr if fd == 2 else None


def _std_identity(fd: int) -> tuple[Identity, bool]:
    """Where descriptor 1 or 2 goes, as the program writes it: ``(identity, is /dev/null)``.  A
    replaced ``sys.stdout`` (a capture, a notebook) is its own destination."""
    stream = _std_stream(fd)
    try:
        real = stream is not None and stream.fileno() == fd
    except (AttributeError, ValueError, OSError):
        real = False
    if not real:
        return ("py", fd), False
    try:
        st = os.fstat(fd)
    except OSError:
        return ("fd", fd), False
    return _st_identity(st), _is_null(st)


def _why(exc: OSError) -> str:
    return exc.strerror or str(exc)


class Outputs:
    """The outputs of one command: ``add`` them before any work (bad ones are exit 2), ``put`` what
    each holds once it exists (a file is written then, atomically; a stream waits), print the
    command's own output, then ``finish`` (streams written in order, descriptors closed) and report
    :attr:`failures`.  ``stdout``: what the command itself prints on standard output (``"the
    table"``), or None when it prints only notes there (they then move to :meth:`notes`' stream
    if an output goes to standard output)."""

    def __init__(self, prog: str = "psa-cert", stdout: Optional[str] = None):
        self.prog = prog
        self.stdout_use = stdout
        self.items: list[Output] = []
        self.failures: list[str] = []
        self._pending: list[tuple[Output, Union[str, bytes]]] = []
        self._stdout = _std_identity(1)
        self._stderr = _std_identity(2)

    # -- checking ------------------------------------------------------------------------

    def _refuse(self, out_name: str, why: str) -> UsageError:
        self.close()
        return UsageError(f"{self.prog}: {out_name}: {why}")

    def add(self, flag: str, path: Optional[str]) -> Output:
        """Classify ``path`` (given with ``flag``) and check it can be written: exit 2 otherwise."""
        if path is None or not str(path).strip():
            self.close()
            raise UsageError(f"{self.prog}: {flag} needs a file name, got an empty one")
        path = str(path)
        name = f"cannot write {path}" + (f" ({flag})" if flag else "")
        out = self._classify(flag, path, name)
        self._check_conflicts(out)
        self.items.append(out)
        return out

    def _classify(self, flag: str, path: str, name: str) -> Output:
        fd = _fd_of(path)
        if fd is not None:
            return self._fd_output(flag, path, name, fd)
        try:
            st = os.lstat(path)
        except FileNotFoundError:
            return self._new_file(flag, path, name)
        except OSError as exc:
            raise self._refuse(name, _why(exc)) from None
        if stat.S_ISLNK(st.st_mode):
            try:
                target = os.stat(path)
            except OSError:
                raise self._refuse(name, "is a symbolic link to nothing; not replacing it") from None
            if stat.S_ISFIFO(target.st_mode) or stat.S_ISCHR(target.st_mode):
                return self._device(flag, path, name, target)
            real = os.path.realpath(path)
            raise self._refuse(
                name, f"is a symbolic link (to {real}); not replacing it: give the file's own path instead"
            )
        if stat.S_ISDIR(st.st_mode):
            raise self._refuse(name, "is a folder")
        if stat.S_ISBLK(st.st_mode):
            raise self._refuse(name, "is a block device; not writing to it")
        if stat.S_ISSOCK(st.st_mode):
            raise self._refuse(name, "is a socket; not writing to it")
        if stat.S_ISFIFO(st.st_mode) or stat.S_ISCHR(st.st_mode):
            return self._device(flag, path, name, st)
        if not stat.S_ISREG(st.st_mode):  # pragma: no cover - no other kind of file on POSIX
            raise self._refuse(name, "is not a regular file; not replacing it")
        if not os.access(path, os.W_OK):
            raise self._refuse(name, "not writable")
        self._folder_writable(path, name)
        return Output(flag, path, "file", _st_identity(st))

    def _folder_writable(self, path: str, name: str) -> str:
        try:
            folder = os.path.dirname(os.path.abspath(path))
        except OSError:  # a relative path, and the current folder was deleted
            raise self._refuse(name, "the current folder no longer exists; give an absolute path") from None
        if not os.path.isdir(folder):
            raise self._refuse(name, f"folder {folder} does not exist")
        if not os.access(folder, os.W_OK | os.X_OK):
            raise self._refuse(name, f"folder {folder} is not writable (the file is written there, then moved)")
        return folder

    def _new_file(self, flag: str, path: str, name: str) -> Output:
        folder = self._folder_writable(path, name)
        return Output(flag, path, "file", ("new", os.path.realpath(folder), os.path.basename(os.path.normpath(path))))

    def _fd_output(self, flag: str, path: str, name: str, fd: int) -> Output:
        if fd in (1, 2):
            ident, null = self._stdout if fd == 1 else self._stderr
            if ident[0] == "py":
                return Output(flag, path, "stream", ident, fd=fd, sink=null)
        try:
            import fcntl

            mode = fcntl.fcntl(fd, fcntl.F_GETFL) & os.O_ACCMODE
        except OSError:
            raise self._refuse(name, f"file descriptor {fd} is not open") from None
        if mode == os.O_RDONLY:
            raise self._refuse(name, f"file descriptor {fd} is not open for writing")
        st = os.fstat(fd)
        if stat.S_ISDIR(st.st_mode) or stat.S_ISBLK(st.st_mode):
            raise self._refuse(name, f"file descriptor {fd} is not a file or stream to write to")
        return Output(flag, path, "stream", _st_identity(st), fd=fd, sink=_is_null(st))

    def _device(self, flag: str, path: str, name: str, st: os.stat_result) -> Output:
        """A FIFO or character device: opened for writing now, without blocking (a FIFO nobody
        reads is refused), never created, truncated or replaced."""
        flags = os.O_WRONLY | os.O_NONBLOCK | getattr(os, "O_NOCTTY", 0) | getattr(os, "O_CLOEXEC", 0)
        try:
            fd = os.open(path, flags)
        except OSError as exc:
            if exc.errno == errno.ENXIO and stat.S_ISFIFO(st.st_mode):
                raise self._refuse(name, "is a FIFO that no process reads; start the reader first") from None
            raise self._refuse(name, _why(exc)) from None
        opened = os.fstat(fd)
        if not (stat.S_ISFIFO(opened.st_mode) or stat.S_ISCHR(opened.st_mode)):  # swapped meanwhile
            os.close(fd)
            raise self._refuse(name, "changed while it was opened; not writing to it")
        return Output(flag, path, "stream", _st_identity(opened), fd=fd, own_fd=True, sink=_is_null(opened))

    def _check_conflicts(self, out: Output) -> None:
        if out.sink:
            return
        for other in self.items:
            if other.identity == out.identity and not other.sink:
                if out.own_fd and out.fd is not None:
                    os.close(out.fd)
                raise self._refuse(
                    f"cannot write {out.name}", f"is the same file as {other.name}; give each output its own file"
                )
        clash = self._clash_with_std(out)
        if clash:
            if out.own_fd and out.fd is not None:
                os.close(out.fd)
            raise self._refuse(f"cannot write {out.name}", clash)

    def _clash_with_std(self, out: Output) -> Optional[str]:
        (so, so_null), (se, se_null) = self._stdout, self._stderr
        if out.identity == so and not so_null:
            if out.kind == "file":
                return "is where standard output goes; replacing it would lose what is printed there"
            if self.stdout_use is not None:
                return (
                    f"standard output already carries {self.stdout_use}; the two would be mixed "
                    f"(write {self.flag_word(out)} to a file)"
                )
        if out.kind == "file" and out.identity == se and not se_null:
            return "is where standard error goes; replacing it would lose what is printed there"
        return None

    @staticmethod
    def flag_word(out: Output) -> str:
        return f"the {out.flag} output" if out.flag else "this output"

    # -- writing -------------------------------------------------------------------------

    def to_stdout(self) -> bool:
        """Whether an output goes where standard output goes (then the command's notes go to
        standard error: see :meth:`notes`)."""
        so = self._stdout[0]
        return any(o.identity == so and not o.sink for o in self.items)

    def notes(self):
        """The stream for the command's one-line notes ("wrote ..."): stdout, or stderr when an
        output is written to stdout."""
        return sys.stderr if self.to_stdout() else sys.stdout

    def put(self, out: Output, data: Union[str, bytes]) -> bool:
        """The content of ``out``: a file is written now (atomically), a stream at :meth:`finish`.
        False (and a line in :attr:`failures`) when the file cannot be written."""
        if isinstance(data, str):  # UTF-8; a lone surrogate (never valid text) as its escape
            data = data.encode("utf-8", errors="backslashreplace")
        if out.kind == "stream":
            self._pending.append((out, data))
            return True
        raw = data
        try:
            atomic_write(out.path, lambda fh: fh.write(raw), binary=True, private=False)
        except NotRegularFile:
            self.failures.append(
                f"{self.prog}: cannot write {out.name}: it is not a regular file any more; not replacing it"
            )
            return False
        except OSError as exc:
            self.failures.append(f"{self.prog}: cannot write {out.name}: {_why(exc)}")
            return False
        return True

    def put_with(self, out: Output, write: Callable[[IO], object]) -> bool:
        """Like :meth:`put` for content made by ``write(fh)`` on a binary file (``numpy.savez``,
        ``savefig``): a stream receives the bytes it wrote."""
        if out.kind == "stream":
            import io

            buf = io.BytesIO()
            write(buf)
            return self.put(out, buf.getvalue())
        try:
            atomic_write(out.path, write, binary=True, private=False)
        except OSError as exc:
            self.failures.append(f"{self.prog}: cannot write {out.name}: {_why(exc)}")
            return False
        return True

    def finish(self) -> list[str]:
        """Write the streams, each whole and in order, after everything the command printed; close
        the descriptors opened here.  Returns :attr:`failures` (one line each)."""
        for s in (sys.stdout, sys.stderr):
            try:
                s.flush()
            except (OSError, ValueError):
                pass
        pending, self._pending = self._pending, []
        for out, data in pending:
            try:
                self._write_stream(out, data)
            except BrokenPipeError:
                self.failures.append(f"{self.prog}: cannot write {out.name}: its reader went away")
            except OSError as exc:
                self.failures.append(f"{self.prog}: cannot write {out.name}: {_why(exc)}")
        self.close()
        return self.failures

    def _write_stream(self, out: Output, data: Union[str, bytes]) -> None:
        assert out.fd is not None
        std = _std_stream(out.fd) if not out.own_fd else None
        if std is not None and (out.identity[0] == "py" or _uses_fd(std, out.fd)):
            # what the program itself printed there goes first; the output follows, in UTF-8 like
            # a file (whatever the stream's own encoding), or as text to a stream without bytes
            std.flush()
            buffer = getattr(std, "buffer", None)
            if buffer is None:
                std.write(data.decode("utf-8", errors="replace") if isinstance(data, bytes) else data)
                std.flush()
            else:
                buffer.write(data if isinstance(data, bytes) else data.encode("utf-8"))
                buffer.flush()
            return
        raw = data if isinstance(data, bytes) else data.encode("utf-8")
        if out.own_fd:
            import fcntl

            fl = fcntl.fcntl(out.fd, fcntl.F_GETFL)
            fcntl.fcntl(out.fd, fcntl.F_SETFL, fl & ~os.O_NONBLOCK)  # now wait for a slow reader
        view = memoryview(raw)
        while view:
            n = os.write(out.fd, view)
            view = view[n:]

    def close(self) -> None:
        """Close the descriptors opened for FIFOs and devices (idempotent)."""
        for out in self.items:
            if out.own_fd and out.fd is not None:
                try:
                    os.close(out.fd)
                except OSError:
                    pass
                out.fd = None

    def __enter__(self) -> "Outputs":
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


def _uses_fd(stream, fd: int) -> bool:
    try:
        return bool(stream.fileno() == fd)
    except (AttributeError, ValueError, OSError):
        return False


# --- the older checks, kept for callers that name one path --------------------------------------


def writable_path(path: str, flag: str, prog: str = "psa-cert") -> str:
    """A path we will be able to write to, checked before anything runs (exit 2 otherwise)."""
    with Outputs(prog) as outs:
        outs.add(flag, path)
    return path


def writable(path: str, prog: str = "psa-cert") -> None:
    """Fail (exit 2) before any work when ``path`` cannot be written; leaves no file behind."""
    with Outputs(prog) as outs:
        outs.add("", path)


def write_output(path: str, text: str, prog: str = "psa-cert") -> None:
    """Write one output the user named (checked as :meth:`Outputs.add` does; a regular file
    atomically, a stream as it is); any failure is bad usage: one line, exit 2."""
    outs = Outputs(prog)
    out = outs.add("", path)
    outs.put(out, text)
    failures = outs.finish()
    if failures:
        raise UsageError(failures[0])
