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


def evidence_counts(results: Iterable[Result]) -> dict[str, int]:
    """How many verdicts rest on each evidence level (every level present, strongest first)."""
    from .registry import EVIDENCE_LEVELS

    c = {lvl: 0 for lvl in EVIDENCE_LEVELS}
    for r in results:
        c[r.evidence_level if r.evidence_level in c else "none"] += 1
    return c
