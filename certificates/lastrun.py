"""The verdicts of the last ``psa-cert run``, kept so that ``list`` and ``graph`` can show them.

Stored as JSON in ``$PSA_TOOLKIT_CACHE`` (default ``~/.cache/psa-toolkit``), one file per
pack, written atomically; each entry records status, time and toolkit version.
"""

from __future__ import annotations

import json
import os
import time
from pathlib import Path
from typing import Iterable

from psa_io.outputs import atomic_write

from .registry import Status
from .results import Result


def cache_dir() -> Path:
    return Path(os.environ.get("PSA_TOOLKIT_CACHE", Path.home() / ".cache" / "psa-toolkit"))


def _path(pack: str) -> Path:
    return cache_dir() / f"last-run-{pack}.json"


def load(pack: str) -> dict[str, dict]:
    """id (lower case) -> {"status", "detail", "time", "version", ...}; empty if nothing is stored.

    Records written since the report existed also hold "pack", "measured", "expected",
    "evidence" (JSON-safe) and "elapsed_s"; older records lack them."""
    try:
        with open(_path(pack), encoding="utf-8") as fh:
            data = json.load(fh)
        return {k.lower(): v for k, v in data.get("certificates", {}).items()}
    except (OSError, ValueError):
        return {}


def stored_path(pack: str) -> Path:
    """Where the verdicts of ``pack`` are stored (it may not exist)."""
    return _path(pack)


def statuses(pack: str) -> dict[str, Status]:
    out = {}
    for k, v in load(pack).items():
        try:
            out[k] = Status(v["status"])
        except (KeyError, ValueError):
            continue
    return out


def save(results: Iterable[Result], pack: str, version: str) -> Path | None:
    """Merge these verdicts into the stored ones; returns the path, or None if not writable."""
    from .render import jsonable

    entries = load(pack)
    now = time.strftime("%Y-%m-%dT%H:%M:%S")
    for r in results:
        entries[r.certificate.id.lower()] = {
            "id": r.certificate.id,
            "status": r.status.value,
            "severity": r.severity,
            "reading": r.reading,
            "same_finding_as": list(r.same_finding_as),
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
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        atomic_write(path, lambda fh: json.dump({"pack": pack, "certificates": entries}, fh, indent=1))
        return path
    except OSError:
        return None
