"""The verdicts of the last ``psa-cert run``, kept so that ``list``, ``graph`` and ``report
--last-run`` can show them.

Stored as JSON in ``$PSA_TOOLKIT_CACHE`` (default ``~/.cache/psa-toolkit``), one file per pack,
written atomically; each entry records status, time and toolkit version.

The record is a cache, never trusted: one that cannot be read, is not JSON, has the wrong shape
(not an object, an entry that is not one, an unknown status, a field of the wrong type) or is
larger than :data:`psa_io.caches.MAX_CACHE_BYTES` is ignored as a whole, with one line on stderr
(``psa-cert: ignoring the last-run record PATH: REASON``), by every command that reads it.

The record is signed like the result stores (HMAC-SHA256 under the user's store key,
:mod:`montecarlo.storekey`; :func:`montecarlo.store.sign_record`, record type
:data:`KIND`), and its verdicts are validated: every FAIL has one of the severities
(:data:`certificates.printed.SEVERITIES`), every other status none, and an evidence level is one of
:data:`certificates.registry.EVIDENCE_LEVELS`.  A record that is unsigned, signed under another
key, edited after it was written, or whose severities do not add up is ignored like a damaged one
(one line naming the reason): a report or a listing never counts verdicts the toolkit did not
write.  When the store key cannot be used, no record is written (:class:`LastRunError`: the line
says how to fix the key) and none is read.

Saving first removes the record it replaces, so that a record that cannot be written (a full
disk, a read-only cache) never leaves the verdicts of an earlier run presented as the last ones;
:func:`save` then raises :class:`LastRunError` (``psa-cert`` says so and exits 2).
"""

from __future__ import annotations

import json
import os
import stat
import time
from pathlib import Path
from typing import Any, Iterable, Optional

from psa_io import caches
from psa_io.caches import finite_number
from psa_io.outputs import atomic_write

from .registry import Status
from .results import Result

WHAT = "the last-run record"
#: The record type named in its signature (a signature of another record type never verifies here).
KIND = "last-run"
#: Bump when the layout of the record changes.
FORMAT = 2
_STATUSES = frozenset(s.value for s in Status)
#: field -> the JSON types it may have (None: null allowed); "measured", "expected" are any JSON.
_FIELDS: dict[str, tuple] = {
    "id": (str,),
    "severity": (str, None),
    "reading": (str, None),
    "detail": (str,),
    "time": (str,),
    "version": (str,),
    "pack": (str,),
    "evidence": (dict, None),
    "same_finding_as": (list, None),
    "finding": (str, None),
    "evidence_level": (str, None),
}


class LastRunError(OSError):
    """The verdicts of this run could not be recorded (the message says where and why)."""


def cache_dir() -> Path:
    return Path(os.environ.get("PSA_TOOLKIT_CACHE", Path.home() / ".cache" / "psa-toolkit"))


def _path(pack: str) -> Path:
    return cache_dir() / f"last-run-{pack}.json"


def stored_path(pack: str) -> Path:
    """Where the verdicts of ``pack`` are stored (it may not exist)."""
    return _path(pack)


def shape_problem(doc: Any) -> Optional[str]:
    """Why ``doc`` is not a last-run record, or None when it is one."""
    if not isinstance(doc, dict):
        return "not a JSON object"
    certs = doc.get("certificates")
    if not isinstance(certs, dict):
        return "its 'certificates' is not an object"
    for key, entry in certs.items():
        if not isinstance(entry, dict):
            return f"the entry {key!r} is not an object"
        st = entry.get("status")
        if st not in _STATUSES:
            return f"the entry {key!r} has an unknown status {st!r}"
        for field, types in _FIELDS.items():
            if field in entry and not any(
                entry[field] is None if t is None else isinstance(entry[field], t) for t in types
            ):
                return f"the entry {key!r} has a {field!r} of the wrong type"
        same = entry.get("same_finding_as") or []
        if not all(isinstance(s, str) for s in same):
            return f"the entry {key!r} has a 'same_finding_as' that is not a list of ids"
        if "elapsed_s" in entry and entry["elapsed_s"] is not None and not finite_number(entry["elapsed_s"]):
            return f"the entry {key!r} has an 'elapsed_s' that is not a duration"
    return None


def verdict_problem(doc: dict) -> Optional[str]:
    """Why the verdicts of a well-shaped record are not ones the toolkit writes (None: they are)."""
    from .printed import SEVERITIES
    from .registry import EVIDENCE_LEVELS

    for key, entry in doc["certificates"].items():
        st, sev = entry.get("status"), entry.get("severity")
        if st == Status.FAIL.value and sev not in SEVERITIES:
            return f"the entry {key!r} is a FAIL without a severity ({sev!r})"
        if st != Status.FAIL.value and sev is not None:
            return f"the entry {key!r} is a {st} with a severity ({sev!r})"
        level = entry.get("evidence_level")
        if level is not None and level not in EVIDENCE_LEVELS:
            return f"the entry {key!r} has an unknown evidence level {level!r}"
    return None


def _signing_key() -> bytes:
    from montecarlo import storekey

    return storekey.store_key()


def record_problem(doc: Any) -> Optional[str]:
    """Why ``doc`` is not a usable last-run record: its shape, its verdicts, its signature."""
    from montecarlo import storekey
    from montecarlo.store import record_is_signed

    why = shape_problem(doc) or verdict_problem(doc)
    if why is not None:
        return why
    if doc.get("format") != FORMAT or "hmac" not in doc:
        return "it is not signed (written by another version of the toolkit, or not by the toolkit)"
    try:
        key = _signing_key()
    except storekey.StoreKeyError as exc:
        return f"it cannot be verified: {str(exc).splitlines()[0]}"
    if not record_is_signed(doc, KIND, key):
        return "its signature does not verify under this user's store key (changed, or written under another key)"
    return None


def load(pack: str) -> dict[str, dict]:
    """id (lower case) -> {"status", "detail", "time", "version", ...}; empty if nothing usable is
    stored (an unusable record is ignored with one stderr line).

    Records written since the report existed also hold "pack", "measured", "expected",
    "evidence" (JSON-safe) and "elapsed_s"; older records lack them."""
    doc = caches.load(_path(pack), WHAT, record_problem)
    return {} if doc is None else {str(k).lower(): v for k, v in doc["certificates"].items()}


def statuses(pack: str) -> dict[str, Status]:
    return {k: Status(v["status"]) for k, v in load(pack).items()}


def _remove_earlier(path: Path) -> Optional[str]:
    """Remove the record this save replaces; None when it is gone, else why it is still there
    (then it is emptied in place if it can be, so that it is never taken for this run's)."""
    try:
        st = os.lstat(path)
    except FileNotFoundError:
        return None
    except OSError as exc:
        return exc.strerror or str(exc)
    if not stat.S_ISREG(st.st_mode):
        raise LastRunError(f"cannot write {path}: it is not a regular file (not made by the toolkit); not replacing it")
    try:
        os.unlink(path)
        return None
    except OSError as exc:
        why = exc.strerror or str(exc)
    try:  # a read-only folder but a writable file: empty it, a record no command will use
        fd = os.open(path, os.O_WRONLY | os.O_TRUNC | getattr(os, "O_NOFOLLOW", 0) | os.O_NONBLOCK)
        os.close(fd)
        return f"{why}; the earlier record there was emptied"
    except OSError:
        return f"{why}; the record there is from an earlier run"


def _severity(r: Result) -> Optional[str]:
    """The severity recorded for ``r``: the runner's contract (every FAIL has one -- an ungraded
    FAIL counts as substantive --, other statuses none), also for a Result made elsewhere."""
    from .printed import SEVERITIES

    if r.status is not Status.FAIL:
        return None
    return r.severity if r.severity in SEVERITIES else "substantive"


def papers(pack: str) -> list[dict[str, str]]:
    """The paper texts (``path``, ``sha256``) the last run of ``pack`` read its located claims
    from (``run --paper``); empty when it read none, or nothing usable is stored."""
    doc = caches.load(_path(pack), WHAT, record_problem) if load(pack) else None
    found = doc.get("papers") if isinstance(doc, dict) else None
    if not isinstance(found, list):
        return []
    return [
        {"path": p["path"], "sha256": p["sha256"]}
        for p in found
        if isinstance(p, dict) and isinstance(p.get("path"), str) and isinstance(p.get("sha256"), str)
    ]


def save(results: Iterable[Result], pack: str, version: str, papers: Optional[list[dict[str, str]]] = None) -> Path:
    """Merge these verdicts into the stored ones and write them; returns the path.  The earlier
    record is removed first: when the new one cannot be written, :class:`LastRunError` is raised
    and no record of an earlier run is left to pass for this one.  ``papers``: the texts this run
    read its located claims from (``run --paper``), kept with the record until the next run."""
    from .render import jsonable

    entries = load(pack)
    now = time.strftime("%Y-%m-%dT%H:%M:%S")
    for r in results:
        entries[r.certificate.id.lower()] = {
            "id": r.certificate.id,
            "status": r.status.value,
            "severity": _severity(r),
            "reading": r.reading,
            "same_finding_as": list(r.same_finding_as),
            "finding": r.finding,
            "evidence_level": r.evidence_level,
            "detail": r.detail,
            "time": now,
            "version": version,
            "pack": r.certificate.pack,
            "measured": jsonable(r.measured),
            "expected": jsonable(r.expected),
            "evidence": jsonable(r.evidence),
            "elapsed_s": round(r.elapsed_s, 6),
        }
    path = _path(pack)
    from montecarlo import storekey
    from montecarlo.store import sign_record

    try:
        key = _signing_key()
    except storekey.StoreKeyError as exc:
        _remove_earlier(path)
        raise LastRunError(f"cannot sign the verdicts for {path}: {str(exc).splitlines()[0]}") from None
    try:
        body: dict[str, Any] = {"format": FORMAT, "pack": pack, "certificates": entries}
        if papers:
            body["papers"] = [{"path": p["path"], "sha256": p["sha256"]} for p in papers]
        record = sign_record(body, KIND, key)
        text = json.dumps(record, indent=1, allow_nan=False)
    except (TypeError, ValueError) as exc:
        raise LastRunError(f"cannot record the verdicts in {_path(pack)}: {exc}") from None
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise LastRunError(f"cannot create the cache folder {path.parent}: {exc.strerror or exc}") from None
    left = _remove_earlier(path)
    try:
        atomic_write(path, lambda fh: fh.write(text))
    except OSError as exc:
        why = exc.strerror or str(exc)
        raise LastRunError(f"cannot write {path}: {why}" + (f" ({left})" if left else "")) from None
    return path
