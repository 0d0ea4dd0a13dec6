"""The result of running one certificate, and the counts of a run (passed, failed by severity,
distinct findings).  Made by :mod:`certificates.runner`; read by the renderers, the baseline, the
record of the last run and the report."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Iterable, Optional

from .registry import Certificate, Status


@dataclass
class Result:
    certificate: Certificate
    status: Status
    measured: Any
    expected: Any
    detail: str
    elapsed_s: float
    evidence: dict[str, Any] = field(default_factory=dict)
    severity: Optional[str] = None  # on FAIL rows only (substantive / minor / reading)
    reading: str = ""  # the interpretation the verdict assumes
    same_finding_as: tuple[str, ...] = ()  # ids already reporting this finding
    captured: str = ""  # what the check printed on stdout/stderr (kept out of the output)
    evidence_level: str = "none"  # proved / enclosed / sampled / statistical / none (registry.EVIDENCE_LEVELS)
    search: Optional[dict[str, Any]] = None  # the adversarial search of a sampled verdict
    finding: str = ""  # on a FAIL: the finding in one sentence (:mod:`certificates.findings`)
    memo: bool = False  # recalled from the verified store, not recomputed (:mod:`certificates.memo`)


def counts(results: Iterable[Result]) -> dict[str, Any]:
    """passed / failed / errors / not_checkable, FAILs by severity, and distinct findings: a FAIL
    whose ``same_finding_as`` names a certificate that also FAILs in this run is not a new finding."""
    results = list(results)
    c: dict[str, Any] = {"passed": 0, "failed": 0, "errors": 0, "not_checkable": 0}
    failing = {r.certificate.id.lower() for r in results if r.status is Status.FAIL}
    by_sev = {"substantive": 0, "minor": 0, "reading": 0}
    findings = {"substantive": 0, "minor": 0, "reading": 0}
    for r in results:
        if r.status is Status.FAIL and r.severity in by_sev:
            by_sev[r.severity] += 1
            if not any(s.lower() in failing for s in r.same_finding_as):
                findings[r.severity] += 1
    c["failed_by_severity"] = by_sev
    c["findings"] = dict(findings, total=sum(findings.values()))
    for r in results:
        if r.status is Status.PASS:
            c["passed"] += 1
        elif r.status is Status.FAIL:
            c["failed"] += 1
        elif r.status is Status.ERROR:
            c["errors"] += 1
        else:
            c["not_checkable"] += 1
    return c


def blocked_by(results: Iterable[Result]) -> dict[str, list[str]]:
    """Lower-case id -> the ids of the FAILing certificates it depends on, transitively (through
    every dependency, whatever its own verdict), for the PASS rows; other rows map to ``[]``.

    A dependency names a statement; the certificates of this run are the nodes (an unknown id
    blocks nothing: it has no verdict).  Cycles are walked once."""
    results = list(results)
    by_id = {r.certificate.id.lower(): r for r in results}
    out: dict[str, list[str]] = {}
    for r in results:
        key = r.certificate.id.lower()
        if r.status is not Status.PASS:
            out[key] = []
            continue
        seen: set[str] = {key}
        stack = [d.lower() for d in r.certificate.depends]
        failing: list[str] = []
        while stack:
            d = stack.pop()
            if d in seen:
                continue
            seen.add(d)
            dep = by_id.get(d)
            if dep is None:
                continue
            if dep.status is Status.FAIL:
                failing.append(dep.certificate.id)
            stack.extend(x.lower() for x in dep.certificate.depends)
        out[key] = sorted(failing, key=str.lower)
    return out


#: The two states of a PASS that rests on a FAIL (:func:`blockage`).
BLOCKED = "blocked"
ON_A_READING = "on a reading"
#: FAIL grades that block the statements resting on them (a FAIL with no grade counts as substantive).
BLOCKING_SEVERITIES = ("substantive", "minor")


@dataclass(frozen=True)
class Blockage:
    """Why a PASS is not fully trusted: ``state`` is :data:`BLOCKED` or :data:`ON_A_READING`;
    ``by`` every failing dependency, transitively (as :func:`blocked_by`); ``blockers`` those that
    decide the state (the substantive and minor ones when blocked, else the reading-grade ones)."""

    state: str
    by: tuple[str, ...]
    blockers: tuple[str, ...]

    @property
    def blocked(self) -> bool:
        return self.state == BLOCKED


def blockage(results: Iterable[Result]) -> dict[str, Blockage]:
    """The one definition of a *blocked* PASS (every renderer, the counts and the colours use it).

    Lower-case id -> :class:`Blockage` for each PASS with a failing dependency (:func:`blocked_by`:
    every certificate it depends on, transitively, through every dependency whatever its verdict).
    The PASS is **blocked** when one of them FAILs at grade substantive or minor (or with no grade):
    the statement as printed is false, and the certificate cannot tell whether the user rests on
    the printed form or the intended one.  It is **on a reading** (conditional on a reading) when
    every failing dependency is ``reading``-grade: it holds under the reading the dependency's
    evidence names and not under the other.  Severity propagates along the whole chain: a
    reading-grade FAIL that itself rests on a substantive one passes the block on."""
    results = list(results)
    sev = {r.certificate.id.lower(): r.severity for r in results if r.status is Status.FAIL}
    out: dict[str, Blockage] = {}
    for key, ids in blocked_by(results).items():
        if not ids:
            continue
        hard = tuple(i for i in ids if (sev.get(i.lower()) or "substantive") in BLOCKING_SEVERITIES)
        out[key] = Blockage(BLOCKED, tuple(ids), hard) if hard else Blockage(ON_A_READING, tuple(ids), tuple(ids))
    return out


def evidence_counts(results: Iterable[Result]) -> dict[str, int]:
    """How many verdicts rest on each evidence level (every level present, strongest first)."""
    from .registry import EVIDENCE_LEVELS

    c = {lvl: 0 for lvl in EVIDENCE_LEVELS}
    for r in results:
        c[r.evidence_level if r.evidence_level in c else "none"] += 1
    return c
