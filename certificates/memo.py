"""A verified memo of certificate verdicts: a deterministic check is not recomputed on every run.

A check of a built-in pack that is not Monte Carlo is a deterministic function of the toolkit's
code, the libraries it runs on, and the claims and settings it is called with.  After such a check
PASSes or FAILs in a worker, :func:`certificates.runner.run_all` (asked by ``psa-cert run``) keeps
the result the worker returned -- plain JSON, exactly as it came -- as ``verdict-<key>.json`` in the
result store folder of the Monte Carlo (``$PSA_TOOLKIT_STORE``, else ``~/.cache/psa-toolkit/sweeps``,
:func:`montecarlo.store.default_store_dir`); a later run with the same key takes the verdict from
there instead of running the check (the row says ``memo``).

The key is the SHA-256 of the canonical JSON of a key document (:func:`key_document`): the
toolkit's version, the SHA-256
of the toolkit's whole source (every ``.py`` under ``theory/``, ``certificates/``, ``montecarlo/``,
``psa_io/`` and ``cli.py``, computed once per process), the versions of Python, SymPy, NumPy, SciPy,
mpmath, python-flint and Numba, the memory and work limits in the environment, the pack, the
certificate's id and kind, and its claims and settings as ``psa-cert show`` prints them
(:func:`certificates.claims.format_claim` of each keyword default).

The key must describe the code that ran.  The digest is read from the files, after the modules
were imported, so two races are closed by refusing the memo (neither read nor written; one stderr
line, "verdicts not memoised: ..."):

* a source file changed -- content or metadata, its ``ctime`` -- after this process started
  (:func:`changed_while_running`, checked when the memo is first used and again before every
  record is written, since a worker may import a module late): the code imported may be the old
  one while the digest reads the new one;
* a compiled file in ``__pycache__`` that Python would load but that is not its source's code
  (:func:`stale_compiled`): an edit that keeps a file's size and modification time leaves the
  ``.pyc`` "valid" for Python, which then runs the old code.  Only a ``.pyc`` older than its
  source's last change is suspect; that source is compiled again and the code objects compared,
  so a file merely touched is not a mismatch.

And only a pristine process computes a memoised verdict (:mod:`certificates.pristine`): once a
third-party pack was imported into ``psa-cert``'s process, the built-in checks run in workers of a
template forked before that import, and a verdict is kept only when the template's memo key equals
this process's.

Never memoised: Monte-Carlo certificates; packs other than the built-in ones (``psa``,
``momentum``, ``qhm``, with their checks in this toolkit's source); ERROR and NOT-CHECKABLE rows;
a check that consulted the result store while it ran (its verdict depends on what is stored, e.g.
an exact-model certificate whose Monte-Carlo cross-check runs only when stored); a result JSON
cannot state (NaN); any run with ``--fresh``, ``--thorough`` or ``--trust-store`` (``--fresh``
recomputes every check and rewrites the records of those that qualify).

A record is read, never executed: a regular file of at most :data:`MAX_BYTES`, valid JSON of the
expected shape, its ``hmac`` (HMAC-SHA256, :mod:`montecarlo.storekey`) verifying under the user's
store key -- a record changed, forged with the toolkit's own functions or written under another
key is ignored, and never trusted, not even under ``--trust-store`` --, its key document equal to
the one computed now, its status PASS or FAIL.  A record that fails any of this is recomputed and
overwritten; the run says so once on stderr.
"""

from __future__ import annotations

import functools
import hashlib
import json
import os
import sys
import time
from pathlib import Path
from typing import Any, Optional

from psa_io.sources import digest, python_files

from .registry import Certificate, Kind, Status

#: Bump when the layout of a record or of its key document changes.
FORMAT = 1
#: The record type named in its signature (a tag of another record type never verifies here).
KIND = "certificate-verdict"
#: Largest record read (a verdict with its evidence is a few KB; the largest built-in is < 100 KB).
MAX_BYTES = 1024**2
REQUIRED = ("format", "key", "key_document", "result", "hmac")
#: Packs whose verdicts are memoised: the toolkit's own.
BUILTIN_PACKS = ("psa", "momentum", "qhm")
#: Folders (and file) of the toolkit whose source makes the key.
SOURCE_PARTS = ("theory", "certificates", "montecarlo", "psa_io", "cli.py")
#: Libraries whose versions make the key (distribution names).
LIBRARIES = ("sympy", "numpy", "scipy", "mpmath", "python-flint", "numba")
#: Environment flags under which nothing is memoised (their runs check differently).
FLAG_VARS = ("PSA_TOOLKIT_FRESH", "PSA_TOOLKIT_THOROUGH", "PSA_TOOLKIT_TRUST_STORE")
#: Environment settings that are part of the key.
KEY_VARS = ("PSA_TOOLKIT_MAX_MEMORY", "PSA_TOOLKIT_MAX_WORK")
PREFIX = "verdict-"
STATUSES = (Status.PASS.value, Status.FAIL.value)


def toolkit_root() -> Path:
    """The folder holding ``certificates/`` (and ``theory/``, ``cli.py``, ...)."""
    return Path(__file__).resolve().parent.parent


def source_files(root: Optional[Path] = None) -> list[Path]:
    """Every ``.py`` of :data:`SOURCE_PARTS` under ``root`` (default: the toolkit), in path order."""
    return python_files(toolkit_root() if root is None else root, SOURCE_PARTS)


@functools.lru_cache(maxsize=1)
def source_digest() -> str:
    """SHA-256 over the relative path and bytes of every ``.py`` of :data:`SOURCE_PARTS`, in path
    order (once per process)."""
    root = toolkit_root()
    return digest(root, source_files(root))


#: Seconds before this process started within which a change to a source file still counts as
#: made while it ran (the start time read from ``/proc`` is good to a clock tick, 10 ms).
START_SLACK = 0.1


def process_start() -> float:
    """When this process started (seconds since the epoch): from ``/proc``, else when this module
    was imported."""
    try:
        with open("/proc/self/stat", "rb") as f:
            ticks = int(f.read().rsplit(b")", 1)[1].split()[19])  # since boot, in clock ticks
        age = time.clock_gettime(time.CLOCK_BOOTTIME) - ticks / os.sysconf("SC_CLK_TCK")
        return time.time() - max(0.0, age)
    except (OSError, ValueError, IndexError, AttributeError):  # pragma: no cover - no /proc
        return _IMPORTED


_IMPORTED = time.time()


def changed_while_running(root: Optional[Path] = None, since: Optional[float] = None) -> Optional[str]:
    """A source file changed (content or metadata: its ``ctime``) after this process started --
    so the code this process (or a worker) imported may not be the code :func:`source_digest`
    read --, as ``"PATH changed while this run was under way"``; None when none did.  Checked
    before every record is written, so it only reads the folders' entries (a few ms)."""
    root = toolkit_root() if root is None else root
    since = (process_start() if since is None else since) - START_SLACK
    for part in SOURCE_PARTS:
        top = root / part
        todo = [str(top)] if top.is_dir() else []
        if top.is_file():
            if _changed_entry(str(top), since):
                return f"{part} changed while this run was under way"
        while todo:
            folder = todo.pop()
            try:
                entries = list(os.scandir(folder))
            except OSError:
                continue
            for e in entries:
                if e.name == "__pycache__":
                    continue
                if e.is_dir(follow_symlinks=False):
                    todo.append(e.path)
                elif e.name.endswith(".py") and _changed_entry(e.path, since, e):
                    rel = Path(e.path).relative_to(root).as_posix()
                    return f"{rel} changed while this run was under way"
    return None


def _changed_entry(path: str, since: float, entry: Optional[os.DirEntry] = None) -> bool:
    try:
        st = entry.stat() if entry is not None else os.stat(path)
    except OSError:
        return False
    return max(st.st_ctime, st.st_mtime) >= since


def stale_compiled(root: Optional[Path] = None) -> Optional[str]:
    """A source file whose compiled file (``__pycache__``) Python would load although it is not the
    source's code -- an edit that kept the file's size and modification time --, as ``"PATH: its
    compiled file is not its source"``; None when there is none.  Only a compiled file older than
    its source's last change (``ctime``) is compiled again to compare; the others cannot be stale."""
    import importlib.util
    import marshal

    root = toolkit_root() if root is None else root
    for f in source_files(root):
        try:
            pyc = Path(importlib.util.cache_from_source(str(f)))
            head = pyc.read_bytes()
            st = f.stat()
        except (OSError, NotImplementedError, ValueError):
            continue
        if len(head) < 16 or head[:4] != importlib.util.MAGIC_NUMBER:
            continue  # not Python's own: it recompiles
        flags = int.from_bytes(head[4:8], "little")
        try:
            if flags & 1:  # hash-based: compared to the source's hash when checked, else never
                stale = head[8:16] != importlib.util.source_hash(f.read_bytes())
            else:
                used = int.from_bytes(head[8:12], "little") == int(st.st_mtime) & 0xFFFFFFFF and int.from_bytes(
                    head[12:16], "little"
                ) == (st.st_size & 0xFFFFFFFF)
                if not used or st.st_ctime_ns <= pyc.stat().st_mtime_ns:
                    continue  # Python recompiles it, or it was written after the source's last change
                stale = marshal.loads(head[16:]) != compile(f.read_bytes(), str(f), "exec", dont_inherit=True)
        except (OSError, ValueError, EOFError, TypeError, SyntaxError):
            stale = True
        if stale:
            return f"{f.relative_to(root).as_posix()}: its compiled file in __pycache__ is not its source"
    return None


@functools.lru_cache(maxsize=1)
def _stale_once() -> Optional[str]:
    return stale_compiled()


def code_mismatch() -> Optional[str]:
    """Why the code that runs may not be the code the key's digest describes (None: it is)."""
    return changed_while_running() or _stale_once()


@functools.lru_cache(maxsize=1)
def library_versions() -> dict[str, str]:
    """Python's version and each of :data:`LIBRARIES`' (``"absent"`` when not installed), from
    the installed metadata (nothing is imported)."""
    from importlib import metadata

    out = {"python": sys.version.split()[0] + f" ({sys.implementation.name})"}
    for name in LIBRARIES:
        try:
            out[name] = metadata.version(name)
        except metadata.PackageNotFoundError:
            out[name] = "absent"
    return out


def flags_set() -> list[str]:
    """The environment flags of :data:`FLAG_VARS` set for this run."""
    return [v for v in FLAG_VARS if os.environ.get(v, "") not in ("", "0")]


def memoisable(cert: Certificate) -> bool:
    """A built-in, checkable certificate that is not Monte Carlo, whose check is this toolkit's code."""
    if cert.check is None or cert.kind is Kind.MONTE_CARLO or cert.pack not in BUILTIN_PACKS:
        return False
    module = sys.modules.get(getattr(cert.check, "__module__", "") or "")
    where = getattr(module, "__file__", None)
    if module is None or not where or not module.__name__.startswith(f"certificates.{cert.pack}"):
        return False
    try:
        Path(where).resolve().relative_to(toolkit_root() / "certificates" / cert.pack)
    except ValueError:
        return False
    return True


def key_document(cert: Certificate) -> dict:
    """What the key is made of (see the module docstring)."""
    from psa_io.entry import toolkit_version

    from .claims import claim_parameters, format_claim, setting_parameters

    return {
        "format": FORMAT,
        "toolkit_version": toolkit_version(),
        "source_sha256": source_digest(),
        "versions": library_versions(),
        "environment": {v: os.environ.get(v, "") for v in KEY_VARS},
        "pack": cert.pack,
        "id": cert.id,
        "kind": cert.kind.value,
        "claims": [[k, format_claim(v)] for k, v in claim_parameters(cert).items()],
        "settings": [[k, format_claim(v)] for k, v in setting_parameters(cert).items()],
    }


def _canonical(obj: Any) -> str:
    from montecarlo.store import canonical_json

    return canonical_json(obj)


def key_of(doc: dict) -> str:
    return hashlib.sha256(_canonical(doc).encode("utf-8")).hexdigest()


class Memo:
    """The memo of one run: :meth:`lookup` before a check is dispatched, :meth:`save` after it.

    ``fresh``: look nothing up (every check runs) but save what qualifies.  ``enabled`` is False
    (nothing read or written) under ``--thorough`` / ``--trust-store``, or when the store key
    cannot be used.  ``recalled`` counts the verdicts taken from the memo; ``warned`` is the one
    stderr line of the run about records that were not used or not written."""

    def __init__(self, root: Optional[Path] = None, *, fresh: Optional[bool] = None, stream=None):
        from montecarlo.store import default_store_dir

        flags = flags_set()
        self.fresh = ("PSA_TOOLKIT_FRESH" in flags) if fresh is None else fresh
        self.root = Path(root) if root is not None else default_store_dir()
        self.enabled = not [f for f in flags if f != "PSA_TOOLKIT_FRESH"]
        self.recalled = 0
        self.warned = False
        self._stream = stream
        self._docs: dict[int, tuple[dict, str]] = {}
        self._key: Optional[bytes] = None  # read when a certificate first qualifies (:meth:`applies`)

    def _warn(self, text: str) -> None:
        if self.warned:
            return
        self.warned = True
        out = self._stream if self._stream is not None else (sys.__stderr__ or sys.stderr)
        try:
            print(f"psa-cert: {text}", file=out, flush=True)
        except (OSError, ValueError, AttributeError):
            pass

    def applies(self, cert: Certificate) -> bool:
        """Whether ``cert``'s verdict is looked up and kept in this run (the store key is read the
        first time one is: a run of third-party or Monte-Carlo certificates only never needs it)."""
        if not (self.enabled and memoisable(cert)):
            return False
        if self._key is None:
            why = code_mismatch()
            if why is not None:
                self.enabled = False
                self._warn(f"verdicts not memoised: {why}")
                return False
            from montecarlo import storekey

            try:
                self._key = storekey.store_key()
            except storekey.StoreKeyError as exc:
                self.enabled = False
                self._warn(f"verdicts not memoised: {str(exc).splitlines()[0]}")
                return False
        return True

    def _doc(self, cert: Certificate) -> tuple[dict, str]:
        k = id(cert)
        if k not in self._docs:
            doc = key_document(cert)
            self._docs[k] = (doc, key_of(doc))
        return self._docs[k]

    def key(self, cert: Certificate) -> str:
        """The memo key of ``cert`` in this run."""
        return self._doc(cert)[1]

    def path(self, cert: Certificate) -> Path:
        return self.root / f"{PREFIX}{self._doc(cert)[1]}.json"

    def lookup(self, cert: Certificate):
        """The Result recalled for ``cert`` (``memo=True``, ``elapsed_s`` the time of the lookup),
        or None: not memoisable, ``--fresh``, no record, or a record not used (recomputed)."""
        if self.fresh or not self.applies(cert):
            return None
        from montecarlo.store import DamagedRecord, parse_record, read_regular_file, record_is_signed

        from .runner import payload_result

        t0 = time.perf_counter()
        try:
            doc, key = self._doc(cert)
            data = read_regular_file(self.path(cert), MAX_BYTES, "verdict record")
            if data is None:
                return None
            record = parse_record(data, REQUIRED)
            if record["format"] != FORMAT or record["key"] != key:
                raise DamagedRecord("record of another format or key")
            if not record_is_signed(record, KIND, self._key):
                raise DamagedRecord("record not signed by this user's key")
            if record["key_document"] != doc:
                raise DamagedRecord("record's key document differs")
            payload = record["result"]
            if not isinstance(payload, dict) or payload.get("status") not in STATUSES:
                raise DamagedRecord("record holds no PASS or FAIL")
            res = payload_result(cert, payload, strict=True)
        except (DamagedRecord, OSError, ValueError, TypeError, KeyError, RecursionError) as exc:
            self._warn(
                f"a stored verdict in {self.root} was not used and is recomputed "
                f"({cert.id}: {str(exc).splitlines()[0][:120]})"
            )
            return None
        res.elapsed_s = time.perf_counter() - t0
        res.memo = True
        self.recalled += 1
        return res

    def save(self, cert: Certificate, payload: Any) -> bool:
        """Keep the worker's ``payload`` of a PASS/FAIL of a memoisable certificate; True if written."""
        if not self.applies(cert) or not isinstance(payload, dict) or payload.get("status") not in STATUSES:
            return False
        if payload.get("store_consulted"):
            return False
        why = changed_while_running()  # also after the check: a worker may have imported a module
        if why is not None:
            self.enabled = False
            self._warn(f"verdicts not memoised: {why}")
            return False
        from montecarlo.store import sign_record
        from psa_io.outputs import atomic_write

        doc, key = self._doc(cert)
        record = {"format": FORMAT, "key": key, "key_document": doc, "result": payload}
        try:
            text = json.dumps(sign_record(record, KIND, self._key), sort_keys=True, allow_nan=False)
        except (ValueError, TypeError, RecursionError):
            return False  # NaN or the like: not a JSON record, computed each time
        if len(text.encode("utf-8")) > MAX_BYTES:
            return False
        try:
            self.root.mkdir(parents=True, exist_ok=True)
            atomic_write(self.path(cert), lambda fh: fh.write(text))
        except OSError as exc:
            self._warn(f"verdicts not memoised in {self.root}: {exc.strerror or exc}")
            return False
        return True
