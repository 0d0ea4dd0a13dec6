"""The programs' entry: dispatch to a command, interrupts, a closed pipe, the exit.

* :func:`dispatch` -- parse, run the command's handler; a :class:`~psa_io.usage.UsageError` is one
  line and exit 2, Ctrl-C one line and exit 130, a reader that left (``| head``) exit 0, an output
  that cannot be written (``> /dev/full``: disk full, an I/O error) one line and exit 2;
* :func:`entry` -- run a ``main`` and exit with its code; a Ctrl-C outside the handlers (while the
  packages load, or after the output) is never a traceback; a standard output closed at the start
  (``psa-cert list >&-``) is one line on stderr and exit 2, before any work;
* :func:`fast_exit` -- leave without the interpreter's teardown (``psa-cert``);
* :func:`toolkit_version` -- the installed version, read once; :class:`VersionAction` -- a
  ``--version`` that reads it only when asked (``--help`` and the commands of ``psa-mc`` do without
  reading the installed metadata).
"""

from __future__ import annotations

import argparse
import contextlib
import errno
import functools
import os
import sys
from typing import Callable, Optional, Sequence

from .escape import terminal
from .usage import EXIT_OK, EXIT_USAGE, Terminated, UsageError, interrupted


@functools.lru_cache(maxsize=None)
def toolkit_version() -> str:
    """The installed psa-toolkit version ("unknown" in a bare source tree); read once per process."""
    try:
        from importlib.metadata import version

        return version("psa-toolkit")
    except Exception:
        return "unknown"


class VersionAction(argparse._VersionAction):
    """``--version``: prints ``psa-toolkit <version>`` (:func:`toolkit_version`, read here, when the
    option is given, not when the parser is built) and exits 0, as argparse's ``version`` action."""

    def __call__(self, parser, namespace, values, option_string=None):
        self.version = f"psa-toolkit {toolkit_version()}"
        super().__call__(parser, namespace, values, option_string)


def dispatch(parser, argv: Optional[Sequence[str]], handlers: dict) -> int:
    """Parse ``argv`` and run ``handlers[args.command](args)``; usage errors, interrupts and a
    closed pipe become exit codes (2, 130, 0) with at most one line on stderr."""
    try:
        args = parser.parse_args(argv)
        if args.command is None:
            parser.print_help(sys.stderr)
            return EXIT_USAGE
        return handlers[args.command](args)
    except UsageError as exc:
        print(terminal(str(exc)), file=sys.stderr)  # one line: a newline in a path is shown escaped
        return EXIT_USAGE
    except KeyboardInterrupt as exc:  # Terminated (SIGTERM) too
        line, code = interrupted(parser.prog, exc)
        print(line, file=sys.stderr)
        return code
    except BrokenPipeError:  # e.g. piped into head
        return closed_pipe()
    except OSError as exc:  # standard output on a full disk (``> /dev/full``), a failing device
        if exc.errno not in _WRITE_ERRORS:
            raise
        _stdout_to_devnull()  # the interpreter's own flush at exit must not fail again
        print(terminal(f"{parser.prog}: cannot write the output: {exc.strerror or exc}"), file=sys.stderr)
        return EXIT_USAGE


#: Errors of a write that the command cannot recover from (the disk or quota is full, the device
#: fails): one line and exit 2 instead of a traceback.
_WRITE_ERRORS = {errno.ENOSPC, errno.EIO, errno.EFBIG, getattr(errno, "EDQUOT", errno.ENOSPC)}


def _stdout_to_devnull() -> None:
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        os.close(devnull)
    except (OSError, ValueError, AttributeError):
        pass


def closed_pipe() -> int:
    """stdout was closed by its reader (``| head``): not an error; silence the final flush."""
    _stdout_to_devnull()
    return EXIT_OK


def flush_stdout(code: int, prog: str = "psa-mc") -> int:
    """Exit quietly on a closed pipe (``psa-mc curve ... | head -1``): flush now, and point
    stdout at /dev/null if the reader is gone, so that the interpreter's own flush at exit
    cannot fail either.  Output that cannot be written (a full disk) is one line and exit 2."""
    try:
        sys.stdout.flush()
    except BrokenPipeError:
        _stdout_to_devnull()
    except OSError as exc:  # what was buffered did not reach a full disk: not a success
        _stdout_to_devnull()
        if exc.errno in _WRITE_ERRORS:
            with contextlib.suppress(OSError, ValueError):
                print(f"{prog}: cannot write the output: {exc.strerror or exc}", file=sys.stderr)
            return EXIT_USAGE
    except ValueError:
        pass
    return code


def entry(
    main: Callable[[Optional[Sequence[str]]], int],
    argv: Optional[Sequence[str]] = None,
    prog: str = "psa",
    fast: bool = False,
    cleanup: Optional[Callable[[], None]] = None,
) -> None:
    """Run ``main`` and exit with its code.  A Ctrl-C that arrives outside the handlers (while the
    packages load, or after the run has finished and printed) is one line and 130 while the run
    is in progress, and is ignored once ``main`` has returned: never a traceback or a death by
    signal.  ``fast``: leave through :func:`fast_exit` (after ``cleanup``) unless interrupted."""
    import signal

    if sys.stdout is None:  # descriptor 1 was closed when the program started (``psa-cert list >&-``)
        _no_stdout(prog)
    try:
        code = main(argv)
    except KeyboardInterrupt as exc:  # Terminated (SIGTERM) too
        line, code = interrupted(prog, exc)
        print(line, file=sys.stderr)
    try:
        signal.signal(signal.SIGINT, signal.SIG_IGN)  # finished: a late Ctrl-C changes nothing
        signal.signal(signal.SIGTERM, signal.SIG_IGN)
    except (ValueError, OSError):  # pragma: no cover - not the main thread
        pass
    if cleanup is not None:
        cleanup()
    if fast:
        fast_exit(code)
    sys.exit(code)


def _no_stdout(prog: str) -> None:
    """Standard output is closed: nothing the command prints could go anywhere, and the first file
    it opened would take descriptor 1 and receive its output.  Bad usage: one line on stderr (when
    there is one), exit 2, before any work."""
    if sys.stderr is not None:
        try:
            print(f"{prog}: standard output is closed; redirect it to a file or to /dev/null", file=sys.stderr)
            sys.stderr.flush()
        except (OSError, ValueError):
            pass
    os._exit(EXIT_USAGE)


def terminate_as_interrupt() -> None:
    """A SIGTERM raises :class:`~psa_io.usage.Terminated` (a ``KeyboardInterrupt``) in the main
    thread: the program stops as on Ctrl-C (its workers ended, nothing partial saved) and exits 143.
    For ``psa-cert``, whose process runs no compiled kernel (an exception raised inside one comes
    back as a SystemError; ``psa-mc`` defers its SIGINT to a block boundary instead)."""
    import signal

    def handler(signum, frame):
        raise Terminated

    try:
        signal.signal(signal.SIGTERM, handler)
    except (ValueError, OSError):  # pragma: no cover - not the main thread
        pass


def fast_exit(code, cleanup: Optional[Callable[[], None]] = None) -> None:
    """Leave without the interpreter's teardown: freeing SymPy's caches and every module object
    of a whole run takes most of a second, and a worker process left to end on its own would keep
    the output pipe open (``psa-cert run | cat`` would wait for it: ``cleanup`` ends it).  Only for
    a program with no exit handlers of its own, every file it writes closed by then and its worker
    pool shut down; what it printed is flushed here first."""
    code = code if isinstance(code, int) else (0 if code is None else 1)
    for stream in (sys.stdout, sys.stderr):
        try:
            stream.flush()
        except BrokenPipeError:
            closed_pipe()
        except (OSError, ValueError, AttributeError):
            pass
    if cleanup is not None:
        cleanup()
    os._exit(code)
