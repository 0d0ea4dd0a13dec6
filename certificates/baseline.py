"""Verdict baselines for CI: ``psa-cert run ... --write-baseline PATH`` and ``--baseline PATH``.

A baseline records every certificate's verdict of one run (id -> status and severity).  Comparing a
later run with it lists what changed:

* ``new FAIL``       -- FAIL or ERROR now, PASS (or NOT-CHECKABLE) in the baseline;
* ``fixed``          -- PASS now, FAIL or ERROR in the baseline;
* ``status changed`` -- any other change of status (e.g. FAIL -> ERROR, PASS -> NOT-CHECKABLE);
* ``severity changed`` -- FAIL in both, graded differently;
* ``new certificate`` -- run now, absent from the baseline;
* ``removed``        -- in the baseline, no longer registered.

Certificates of the baseline that are still registered but were not selected in this run are not
changes (a run of ``--only C1`` against a baseline of ``--all`` compares C1 only).
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Iterable, Optional

from psa_io.outputs import atomic_write

from .registry import Status
from .results import Result

FORMAT = "psa-cert-baseline/1"
BAD = (Status.FAIL.value, Status.ERROR.value)


class BaselineError(ValueError):
    """The baseline file cannot be read or is not a baseline."""


@dataclass(frozen=True)
class Change:
    kind: str  # one of the kinds listed in the module docstring
    id: str
    before: Optional[dict]
    after: Optional[dict]

    def text(self) -> str:
        def v(e):
            if e is None:
                return "absent"
            return e["status"] + (f" ({e['severity']})" if e.get("severity") else "")

        return f"{self.kind}: {self.id}: {v(self.before)} -> {v(self.after)}"


def verdicts(results: Iterable[Result]) -> dict[str, dict]:
    """id -> {"status", "severity"} for these results, in run order."""
    return {r.certificate.id: {"status": r.status.value, "severity": r.severity} for r in results}


def dumps(results: Iterable[Result], version: str = "unknown") -> str:
    """The baseline of ``results`` as text (what :func:`write` and ``--write-baseline`` write)."""
    doc = {"format": FORMAT, "toolkit_version": version, "certificates": verdicts(results)}
    return json.dumps(doc, indent=1, allow_nan=False) + "\n"


def write(path: str, results: Iterable[Result], version: str = "unknown") -> None:
    """Write the baseline of ``results`` to ``path`` atomically (raises OSError; a path that is
    not a regular file is never replaced: :class:`psa_io.outputs.NotRegularFile`)."""
    text = dumps(results, version)
    atomic_write(path, lambda fh: fh.write(text), private=False)


def load(path: str) -> dict[str, dict]:
    """id -> {"status", "severity"} from a baseline file; :class:`BaselineError` if unusable."""
    try:
        with open(path, encoding="utf-8") as fh:
            doc = json.load(fh)
    except OSError as exc:
        raise BaselineError(f"cannot read the baseline {path}: {exc.strerror or exc}") from None
    except (ValueError, UnicodeDecodeError) as exc:
        raise BaselineError(f"the baseline {path} is not JSON: {exc}") from None
    if not isinstance(doc, dict) or doc.get("format") != FORMAT or not isinstance(doc.get("certificates"), dict):
        raise BaselineError(f"{path} is not a psa-cert baseline (format {FORMAT!r}); write one with --write-baseline")
    out = {}
    valid = {s.value for s in Status}
    for cid, e in doc["certificates"].items():
        if not isinstance(e, dict) or e.get("status") not in valid:
            raise BaselineError(f"the baseline {path} has an unreadable entry for {cid!r}")
        out[str(cid)] = {"status": e["status"], "severity": e.get("severity")}
    return out


def compare(base: dict[str, dict], results: Iterable[Result], registered: Iterable[str] = ()) -> list[Change]:
    """Changes from ``base`` to ``results`` (ids compared case-insensitively); ``registered`` are
    the ids that exist now (baseline ids among them that were not run are not changes)."""
    now = verdicts(results)
    base_l = {k.lower(): (k, v) for k, v in base.items()}
    now_l = {k.lower(): (k, v) for k, v in now.items()}
    reg = {r.lower() for r in registered} | set(now_l)
    changes: list[Change] = []
    for key, (cid, after) in now_l.items():
        if key not in base_l:
            changes.append(Change("new certificate", cid, None, after))
            continue
        before = base_l[key][1]
        b, a = before["status"], after["status"]
        if b == a:
            if a == Status.FAIL.value and (before.get("severity") or None) != (after.get("severity") or None):
                changes.append(Change("severity changed", cid, before, after))
            continue
        if a in BAD and b not in BAD:
            kind = "new FAIL"
        elif a == Status.PASS.value and b in BAD:
            kind = "fixed"
        else:
            kind = "status changed"
        changes.append(Change(kind, cid, before, after))
    for key, (cid, before) in base_l.items():
        if key not in now_l and key not in reg:
            changes.append(Change("removed", cid, before, None))
    return changes


def to_json(changes: list[Change], path: str) -> dict:
    """The ``baseline`` member of ``psa-cert run --json``: the baseline's path and every change."""
    return {
        "path": path,
        "unchanged": not changes,
        "changes": [{"kind": ch.kind, "id": ch.id, "before": ch.before, "after": ch.after} for ch in changes],
    }
