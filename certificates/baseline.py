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

Only these change the exit code of ``psa-cert run --baseline``.  A baseline written since also
records each certificate's evidence level, its one-line finding and its Monte-Carlo values with
their standard errors (``values``: name -> {"value", "se"}; the numbers of a ``statistical``
verdict's measured values that carry an SE: a sibling ``se`` / ``NAME_se`` key, or a text
``X ± Y SE``; and the estimates its evidence lists with their SE, :func:`evidence_values`).
:func:`diff` adds to the verdict changes

* ``evidence changed`` -- same verdict, another evidence level (e.g. sampled -> proved);
* ``value moved``      -- a Monte-Carlo value that moved by more than its standard error
  (the larger of the two runs' SEs); a value without an SE is not compared.

``psa-cert report --baseline PATH`` shows this as "Changed since the baseline" at the top of the
report, and ``psa-cert run --baseline PATH --json`` carries it in its ``baseline`` member
(:func:`to_json`).  An older baseline (status and severity only) compares verdicts only.
"""

from __future__ import annotations

import json
import math
import os
import re
from dataclasses import dataclass
from typing import Any, Iterable, Optional, TypeGuard

from psa_io.outputs import atomic_write

from .registry import Status
from .results import Result

FORMAT = "psa-cert-baseline/1"
BAD = (Status.FAIL.value, Status.ERROR.value)
#: Largest baseline read (bytes).  A baseline of the three built-in packs with its evidence levels,
#: findings and Monte-Carlo values takes well under 1 MB; a larger file (``/dev/zero``) is not one.
MAX_BYTES = 32 * 2**20


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


_PM_SE = re.compile(r"^\s*([-+]?[0-9.]+(?:e[-+]?[0-9]+)?)(%?) ± ([0-9.]+(?:e[-+]?[0-9]+)?)%? SE\b")


def _finite(v: Any) -> TypeGuard[float]:
    return isinstance(v, (int, float)) and not isinstance(v, bool) and math.isfinite(v)


def mc_values(measured: Any, prefix: str = "") -> dict[str, dict]:
    """The Monte-Carlo values of a measured value that carry a standard error (module docstring)."""
    out: dict[str, dict] = {}
    if isinstance(measured, dict):
        nums = {k: v for k, v in measured.items() if _finite(v)}
        se = measured.get("se")
        if _finite(se):
            for k, v in nums.items():
                if k != "se" and not str(k).endswith("_se"):
                    out[f"{prefix}{k}"] = {"value": float(v), "se": float(se)}
                    break  # the SE belongs to the first value
        for k, v in nums.items():
            s = measured.get(f"{k}_se")
            if _finite(s):
                out[f"{prefix}{k}"] = {"value": float(v), "se": float(s)}
        for k, v in measured.items():
            if isinstance(v, str):
                m = _PM_SE.match(v)
                if m:
                    out[f"{prefix}{k}"] = {"value": float(m.group(1)), "se": float(m.group(3))}
            elif isinstance(v, dict):
                out.update(mc_values(v, f"{prefix}{k}/"))
    return out


def evidence_values(evidence: Any) -> dict[str, dict]:
    """The Monte-Carlo estimates an evidence record lists with their SE: entries ``{"name", "mc" (or
    "mean", "value"), "se"}`` of a list (e.g. ``exact_beside_mc``: each estimate beside the exact
    value of the model it simulates)."""
    out: dict[str, dict] = {}
    if not isinstance(evidence, dict):
        return out
    for key, rows in evidence.items():
        if not isinstance(rows, list):
            continue
        for row in rows:
            if not isinstance(row, dict) or not isinstance(row.get("name"), str) or not _finite(row.get("se")):
                continue
            v = next((row[k] for k in ("mc", "mean", "value") if _finite(row.get(k))), None)
            if v is not None:
                out[f"{key}/{row['name']}"] = {"value": float(v), "se": float(row["se"])}
    return out


def records(results: Iterable[Result]) -> dict[str, dict]:
    """What a baseline file records of each certificate: the verdict, its evidence level, its
    finding and its Monte-Carlo values (:func:`mc_values`, statistical verdicts only)."""
    from .findings import one_line_finding

    out = {}
    for r in results:
        e: dict[str, Any] = {"status": r.status.value, "severity": r.severity, "evidence": r.evidence_level}
        f = one_line_finding(r)
        if f:
            e["finding"] = f
        if r.evidence_level == "statistical":
            vals = {**mc_values(r.measured), **evidence_values(r.evidence)}
            if vals:
                e["values"] = vals
        out[r.certificate.id] = e
    return out


def dumps(results: Iterable[Result], version: str = "unknown") -> str:
    """The baseline of ``results`` as text (what :func:`write` and ``--write-baseline`` write)."""
    doc = {"format": FORMAT, "toolkit_version": version, "certificates": records(results)}
    return json.dumps(doc, indent=1, allow_nan=False) + "\n"


def write(path: str, results: Iterable[Result], version: str = "unknown") -> None:
    """Write the baseline of ``results`` to ``path`` atomically (raises OSError; a path that is
    not a regular file is never replaced: :class:`psa_io.outputs.NotRegularFile`)."""
    text = dumps(results, version)
    atomic_write(path, lambda fh: fh.write(text), private=False)


def load(path: str) -> dict[str, dict]:
    """id -> {"status", "severity"} from a baseline file (with "evidence", "finding" and "values"
    where the file records them and they are well formed); :class:`BaselineError` if unusable: it
    cannot be read, holds more than :data:`MAX_BYTES` bytes (only that many are ever read, so
    ``/dev/zero`` or an endless FIFO is refused in bounded time and memory), is not UTF-8 JSON or is
    nested too deeply to parse.  A FIFO that no process writes is not waited on (it reads as empty)."""
    try:  # any file the user names (a FIFO, a pipe, /dev/stdin): read at most the bound
        fd = os.open(path, os.O_RDONLY | os.O_NONBLOCK | getattr(os, "O_CLOEXEC", 0))  # a FIFO: not waited on
        try:
            os.set_blocking(fd, True)  # a writer already there is read to its end
            with os.fdopen(fd, "rb", closefd=False) as fh:
                data = fh.read(MAX_BYTES + 1)
        finally:
            os.close(fd)
    except OSError as exc:
        raise BaselineError(f"cannot read the baseline {path}: {exc.strerror or exc}") from None
    if not data:
        raise BaselineError(f"the baseline {path} is empty (a FIFO that no process writes reads as empty)")
    if len(data) > MAX_BYTES:
        raise BaselineError(f"the baseline {path} is larger than {MAX_BYTES:,} bytes; not a baseline")
    try:
        doc = json.loads(data.decode("utf-8"))
    except RecursionError:
        raise BaselineError(f"the baseline {path} is nested too deeply to be a baseline") from None
    except UnicodeDecodeError:
        raise BaselineError(f"the baseline {path} is not UTF-8 text") from None
    except ValueError as exc:
        raise BaselineError(f"the baseline {path} is not JSON: {str(exc).splitlines()[0]}") from None
    if not isinstance(doc, dict) or doc.get("format") != FORMAT or not isinstance(doc.get("certificates"), dict):
        raise BaselineError(f"{path} is not a psa-cert baseline (format {FORMAT!r}); write one with --write-baseline")
    out = {}
    valid = {s.value for s in Status}
    for cid, e in doc["certificates"].items():
        if not isinstance(e, dict) or e.get("status") not in valid:
            raise BaselineError(f"the baseline {path} has an unreadable entry for {cid!r}")
        out[str(cid)] = {"status": e["status"], "severity": e.get("severity")}
        if isinstance(e.get("evidence"), str):
            out[str(cid)]["evidence"] = e["evidence"]
        if isinstance(e.get("finding"), str):
            out[str(cid)]["finding"] = e["finding"]
        vals = e.get("values")
        if isinstance(vals, dict):
            good = {
                str(k): {"value": float(v["value"]), "se": float(v["se"])}
                for k, v in vals.items()
                if isinstance(v, dict) and _finite(v.get("value")) and _finite(v.get("se"))
            }
            if good:
                out[str(cid)]["values"] = good
    return out


def compare(base: dict[str, dict], results: Iterable[Result], registered: Iterable[str] = ()) -> list[Change]:
    """Changes from ``base`` to ``results`` (ids compared case-insensitively); ``registered`` are
    the ids that exist now (baseline ids among them that were not run are not changes)."""
    now = verdicts(results)
    base_l = {k.lower(): (k, {"status": v["status"], "severity": v.get("severity")}) for k, v in base.items()}
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


def diff(base: dict[str, dict], results: Iterable[Result], registered: Iterable[str], path: str) -> dict:
    """The whole comparison (module docstring): ``{"path", "unchanged", "changes", "evidence_changes",
    "values_moved"}``; ``unchanged`` speaks of the verdicts only (the exit code of ``run``)."""
    results = list(results)
    changes = compare(base, results, registered)
    now = records(results)
    base_l = {k.lower(): v for k, v in base.items()}
    ev, moved = [], []
    for cid, after in now.items():
        before = base_l.get(cid.lower())
        if before is None or before["status"] != after["status"]:
            continue
        if before.get("evidence") and before["evidence"] != after["evidence"]:
            ev.append({"id": cid, "before": before["evidence"], "after": after["evidence"]})
        bv, av = before.get("values") or {}, after.get("values") or {}
        for name in sorted(set(bv) & set(av)):
            b, a = bv[name], av[name]
            se = max(b["se"], a["se"])
            if abs(a["value"] - b["value"]) > se:
                moved.append(
                    {"id": cid, "name": name, "before": b, "after": a, "sigma": abs(a["value"] - b["value"]) / se}
                )
    return {
        "path": path,
        "unchanged": not changes,
        "changes": [{"kind": ch.kind, "id": ch.id, "before": ch.before, "after": ch.after} for ch in changes],
        "evidence_changes": ev,
        "values_moved": moved,
    }


def diff_lines(d: dict) -> list[str]:
    """The comparison of :func:`diff` in sentences, one per change (verdicts first)."""

    def v(e):
        if e is None:
            return "absent"
        return e["status"] + (f" ({e['severity']})" if e.get("severity") else "")

    out = [f"{c['kind']}: {c['id']}: {v(c['before'])} -> {v(c['after'])}" for c in d["changes"]]
    out += [f"evidence changed: {e['id']}: {e['before']} -> {e['after']}" for e in d["evidence_changes"]]
    out += [
        f"value moved: {m['id']} {m['name']}: {m['before']['value']:.6g} ± {m['before']['se']:.2g} SE -> "
        f"{m['after']['value']:.6g} ± {m['after']['se']:.2g} SE ({m['sigma']:.1f} SE)"
        for m in d["values_moved"]
    ]
    return out


def to_json(changes: list[Change], path: str, full: Optional[dict] = None) -> dict:
    """The ``baseline`` member of ``psa-cert run --json``: the baseline's path and every change
    (with ``full``, a :func:`diff`: also the evidence changes and the values that moved)."""
    out = {
        "path": path,
        "unchanged": not changes,
        "changes": [{"kind": ch.kind, "id": ch.id, "before": ch.before, "after": ch.after} for ch in changes],
    }
    if full is not None:
        out["evidence_changes"] = full["evidence_changes"]
        out["values_moved"] = full["values_moved"]
    return out
