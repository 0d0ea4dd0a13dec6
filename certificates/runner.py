"""Run certificates in isolation: an exception in one is an ERROR row, the rest still run."""
from __future__ import annotations

import time
import traceback
from dataclasses import dataclass, field
from typing import Any, Callable, Iterable, Optional

from .registry import Certificate, Outcome, Status


@dataclass
class Result:
    certificate: Certificate
    status: Status
    measured: Any
    expected: Any
    detail: str
    elapsed_s: float
    evidence: dict = field(default_factory=dict)
    severity: Optional[str] = None       # on FAIL rows only (substantive / minor / reading)
    reading: str = ""                    # the interpretation the verdict assumes
    same_finding_as: tuple = ()          # ids already reporting this finding


UNGRADED = " [severity not graded by its pack: treated as substantive]"


def _graded(cert: Certificate, out: Outcome, elapsed: float) -> Result:
    """A Result from an Outcome, with the severity contract enforced: every FAIL has a severity
    (an ungraded one is treated as substantive, and says so), other statuses have none."""
    from .printed import SEVERITIES

    sev, detail = out.severity, out.detail
    if out.status is Status.FAIL:
        if sev not in SEVERITIES:
            sev, detail = "substantive", detail + UNGRADED
    else:
        sev = None
    same = tuple(out.same_finding_as) if out.status is Status.FAIL else ()
    return Result(cert, out.status, out.measured, out.expected, detail, elapsed, out.evidence,
                  severity=sev, reading=out.reading or "", same_finding_as=same)


def run_one(cert: Certificate) -> Result:
    if cert.check is None:
        return Result(cert, Status.NOT_CHECKABLE, None, None, cert.reason or "not checkable", 0.0)
    t0 = time.perf_counter()
    try:
        out = cert.check()
        if not isinstance(out, Outcome):
            raise TypeError(f"check returned {type(out).__name__}, not Outcome")
        res = _graded(cert, out, time.perf_counter() - t0)
    except KeyboardInterrupt:
        raise
    except Exception as exc:  # isolation: report, do not propagate
        tb = traceback.extract_tb(exc.__traceback__)
        where = f" at {tb[-1].filename.rsplit('/', 1)[-1]}:{tb[-1].lineno}" if tb else ""
        res = Result(cert, Status.ERROR, None, None, f"{type(exc).__name__}: {exc}{where}",
                     time.perf_counter() - t0)
    return res


def run_all(certs: Iterable[Certificate],
            on_result: Optional[Callable[[Result], None]] = None) -> list[Result]:
    results = []
    for cert in certs:
        r = run_one(cert)
        results.append(r)
        if on_result is not None:
            on_result(r)
    return results


def counts(results: Iterable[Result]) -> dict:
    """passed / failed / errors / not_checkable, FAILs by severity, and distinct findings: a FAIL
    whose ``same_finding_as`` names a certificate that also FAILs in this run is not a new finding."""
    results = list(results)
    c: dict = {"passed": 0, "failed": 0, "errors": 0, "not_checkable": 0}
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
