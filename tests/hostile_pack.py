"""A hostile certificate pack, installed for a test as a real distribution (issue 18, item 9).

:func:`install` writes a module and a ``*.dist-info`` (METADATA and an entry point in the group
``psa_toolkit.certificate_packs``) into a folder; put that folder on ``sys.path`` (or
``PYTHONPATH`` of a subprocess) and ``psa-cert`` discovers the pack like any installed one.

The pack's checks end their worker (``os._exit(0)``, ``os.abort()``), segfault
(``ctypes.string_at(0)``), kill themselves (SIGKILL, SIGTERM), close the worker's channel to the
runner or write a forged answer on it, hang with ``SIGALRM`` ignored, return no Outcome, raise
KeyboardInterrupt, return values that cannot be shown (a 5,000-digit
integer, a list that contains itself, an object whose ``str`` raises, one nested too deep), write
terminal control sequences and a fake summary line on the file descriptors 1 and 2, and, beside
them, a check that passes and one that fails: their verdicts must come through intact.
"""

from __future__ import annotations

from pathlib import Path

#: The time limit (``--timeout``, seconds) the pack runs under: h.hang reaches it; every other check
#: must finish well inside it, also on a loaded machine (a forked worker's clock starts at the fork).
TIMEOUT = 3

#: id -> what the runner must say about it (the ERROR rows' reasons, or the verdict).
EXPECTED = {
    "h.ok": ("PASS", None),
    "h.fail": ("FAIL", None),
    "h.exit0": ("ERROR", "worker exited with status 0 before returning a result"),
    "h.segv": ("ERROR", "killed by signal SIGSEGV"),
    "h.kill": ("ERROR", "killed by signal SIGKILL"),
    "h.hang": ("ERROR", f"timed out after {TIMEOUT} s; worker killed"),
    "h.bigint": ("ERROR", "an integer of about 5,001 digits"),
    "h.cycle": ("ERROR", "contains itself (a cycle)"),
    "h.badstr": ("ERROR", "whose text cannot be made"),
    "h.deep": ("ERROR", "nested more than"),
    "h.baddetail": ("ERROR", "cannot be shown"),
    "h.abort": ("ERROR", "killed by signal SIGABRT"),
    "h.term": ("ERROR", "killed by signal SIGTERM"),
    "h.closefds": ("ERROR", "worker exited with status 70"),
    "h.forge": ("ERROR", "answered for another certificate"),
    "h.none": ("ERROR", "not Outcome"),
    "h.kbd": ("ERROR", "KeyboardInterrupt raised by the check"),
}
FAKE = "Summary: 999 passed, 0 failed, 0 errors, 0 not checkable"

_MODULE = """
import ctypes
import os
import signal
import time

from certificates import Certificate, Kind
from certificates.registry import verdict

FAKE = {fake!r}


def ok():
    return verdict(True, 1, 1, "fine", evidence_level="proved")


def fail():
    return verdict(False, 2, 1, "two is not one", severity="minor", evidence_level="proved")


def exit0():
    os._exit(0)


def segv():
    ctypes.string_at(0)


def kill():
    os.kill(os.getpid(), signal.SIGKILL)


def hang():
    signal.signal(signal.SIGALRM, signal.SIG_IGN)
    while True:
        time.sleep(0.05)


def bigint():
    return verdict(True, 10**5000, 1, "huge")


def cycle():
    a = []
    a.append(a)
    return verdict(True, a, 1, "cycle")


class BadStr:
    def __str__(self):
        raise RuntimeError("no text for you")

    __repr__ = __str__


def badstr():
    return verdict(True, BadStr(), 1, "bad str")


def deep():
    v = []
    for _ in range(10_000):
        v = [v]
    return verdict(True, v, 1, "deep")


class Nasty(Exception):
    def __str__(self):
        raise RuntimeError("not even the error has text")


class BadDetail:
    def __str__(self):
        raise Nasty()


def baddetail():
    from certificates.registry import Outcome, Status

    return Outcome(Status.PASS, 1, 1, BadDetail())


def abort():
    os.abort()


def term():
    os.kill(os.getpid(), signal.SIGTERM)


def closefds():
    os.closerange(3, 4096)
    return verdict(True, 1, 1, "its channel to the runner is gone")


def forge():
    # a forged answer (for certificate 0, a PASS) on every pipe the worker holds
    forged = b'{{"status": "PASS", "elapsed_s": 0, "detail": "forged"}}'
    for fd in range(3, 256):
        try:
            if os.readlink(f"/proc/self/fd/{{fd}}").startswith("pipe:"):
                os.write(fd, (0).to_bytes(4, "big") + len(forged).to_bytes(8, "big") + forged)
        except OSError:
            pass
    return verdict(True, 1, 1, "forged")


def none():
    return None


def kbd():
    raise KeyboardInterrupt


def loud():
    os.write(1, ("\\x1b[2J\\x1b[H" + FAKE + "\\n").encode())
    os.write(2, b"\\x1b]0;owned\\x07 stderr from C\\n")
    print("\\x1b[31m" + FAKE)
    return verdict(True, "\\x1b[32mPASS\\x1b[0m", 1, "ok\\r" + FAKE, evidence_level="proved")


def load():
    out = []
    for name in ("ok", "fail", "exit0", "segv", "kill", "hang", "bigint", "cycle", "badstr", "deep",
                 "baddetail", "abort", "term", "closefds", "forge", "none", "kbd", "loud"):
        out.append(Certificate("h." + name, name, "Hostile " + name, "what a pack may do", Kind.NUMERIC,
                               globals()[name], pack={pack!r}, section="§1"))
    return out
"""


def install(root: Path, pack: str = "hostile", dist: str = "hostile-pack", module: str = "hostile_pack_checks") -> Path:
    """Write the pack's module and distribution metadata into ``root``; returns ``root``."""
    root.mkdir(parents=True, exist_ok=True)
    (root / f"{module}.py").write_text(_MODULE.format(fake=FAKE, pack=pack))
    register(root, pack, dist, f"{module}:load")
    return root


def register(root: Path, pack: str, dist: str, target: str, version: str = "1.0") -> None:
    """A ``*.dist-info`` in ``root`` for distribution ``dist`` whose entry point ``pack`` is ``target``."""
    info = root / f"{dist.replace('-', '_')}-{version}.dist-info"
    info.mkdir(parents=True, exist_ok=True)
    (info / "METADATA").write_text(f"Metadata-Version: 2.1\nName: {dist}\nVersion: {version}\n")
    (info / "entry_points.txt").write_text(f"[psa_toolkit.certificate_packs]\n{pack} = {target}\n")


#: A pack whose import tampers with the process that imports it (issue 26, item 1): the built-in
#: eq3.swap (a FAIL) is given the code of a PASS, NumPy is told to raise on every floating-point
#: event, and an environment variable the toolkit reads is changed.  Its own check reads that state
#: back, to show the tampering happened in the runner's process.
POISON_MODULE = """
import os

import numpy as np

import certificates.psa.sec2_3 as target
from certificates import Certificate, Kind
from certificates.registry import verdict


def _fake():
    from certificates.registry import verdict

    return verdict(True, 0, 0, "poisoned", evidence_level="proved")


target.check_eq3_swap.__code__ = _fake.__code__
np.seterr(all="raise")
os.environ["PSA_TOOLKIT_POISONED"] = "1"


def state():
    return verdict(True, np.geterr()["divide"], "raise", "the tampering reached this worker", evidence_level="proved")


def forged():
    return verdict(True, 1, 1, "a PASS filed under the built-in pack psa", evidence_level="proved")


def load():
    return [Certificate("p.state", "state", "Poison state", "what the import did", Kind.NUMERIC, state,
                        pack="poison", section="§1"),
            Certificate("p.forged", "forged", "Forged", "not the toolkit's", Kind.NUMERIC, forged,
                        pack="psa", section="§1")]
"""


#: A pack whose checks try to leave their worker's bounds (issue 26, gaps): the terminal, the
#: runner's descriptors through /proc, memory, and a global another check of the pack reads.
#: Each returns PASS when the bound held (so a FAIL or a missing row is a broken bound).
ISOLATION_MODULE = """
import os

from certificates import Certificate, Kind
from certificates.registry import verdict

MARK = {mark!r}
FLAG = ["initial"]


def tty():
    try:
        fd = os.open("/dev/tty", os.O_WRONLY | os.O_NONBLOCK)
    except OSError as exc:
        return verdict(True, exc.errno, "no terminal", "could not open /dev/tty", evidence_level="proved")
    os.write(fd, (MARK + "\\n").encode())
    os.close(fd)
    return verdict(False, "opened", "no terminal", "wrote on the controlling terminal", severity="minor")


def procfd():
    reached = []
    for pid in (os.getppid(),):
        try:
            fds = os.listdir(f"/proc/{{pid}}/fd")
        except OSError:
            continue
        for fd in fds:
            try:
                w = os.open(f"/proc/{{pid}}/fd/{{fd}}", os.O_WRONLY | os.O_NONBLOCK | os.O_APPEND)
            except OSError:
                continue
            try:
                os.write(w, (MARK + "\\n").encode())
                reached.append(f"{{pid}}/{{fd}}")
            except OSError:
                pass
            finally:
                os.close(w)
    return verdict(not reached, reached, [], "descriptors of the runner reached", severity="minor",
                   evidence_level="proved")


def mem():
    import numpy as np

    chunks = [np.ones(2**23) for _ in range(32)]  # 32 x 64 MiB = 2 GiB, every page written
    return verdict(True, len(chunks), 32, "allocated 2 GiB and was not stopped", evidence_level="proved")


def g1():
    FLAG[0] = "changed"
    return verdict(True, FLAG[0], "changed", "set the global", evidence_level="proved")


def g2():
    return verdict(FLAG[0] == "initial", FLAG[0], "initial", "the global as the pack defines it",
                   severity="minor", evidence_level="proved")


def load():
    return [Certificate(n, n, "Isolation " + n, "a bound of the worker", Kind.NUMERIC, globals()[n],
                        pack="iso", section="§1") for n in ("tty", "procfd", "mem", "g1", "g2")]
"""
#: What the isolation pack's checks write where they must not.
MARK = "ISOLATION-BREACH-MARK"


def install_isolation(root: Path) -> Path:
    """The pack ``iso`` (:data:`ISOLATION_MODULE`) in ``root``; returns ``root``."""
    root.mkdir(parents=True, exist_ok=True)
    (root / "iso_pack_checks.py").write_text(ISOLATION_MODULE.format(mark=MARK))
    register(root, "iso", "iso-pack", "iso_pack_checks:load")
    return root


def install_poison(root: Path) -> Path:
    """The tampering pack ``poison`` (:data:`POISON_MODULE`) in ``root``; returns ``root``."""
    root.mkdir(parents=True, exist_ok=True)
    (root / "poison_pack_checks.py").write_text(POISON_MODULE)
    register(root, "poison", "poison-pack", "poison_pack_checks:load")
    return root


def forget_third_party(was: bool) -> None:
    """After a test that imported a test pack into this process (one that changes nothing at
    import): unless a third-party pack was imported before it (``was``), end the pristine template
    (:mod:`certificates.pristine`) and count this process as untouched again, so that later tests
    run the built-in checks from it as psa-cert would."""
    from certificates import pristine

    if not was:
        pristine._forget("ended by the test")
        pristine._THIRD_PARTY[0], pristine._BROKEN[0] = False, None
