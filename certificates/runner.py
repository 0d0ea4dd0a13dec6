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


def run_one(cert: Certificate) -> Result:
    if cert.check is None:
        return Result(cert, Status.NOT_CHECKABLE, None, None, cert.reason or "not checkable", 0.0)
    t0 = time.perf_counter()
    try:
        out = cert.check()
        if not isinstance(out, Outcome):
            raise TypeError(f"check returned {type(out).__name__}, not Outcome")
        res = Result(cert, out.status, out.measured, out.expected, out.detail,
                     time.perf_counter() - t0, out.evidence)
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


def counts(results: Iterable[Result]) -> dict[str, int]:
    c = {"passed": 0, "failed": 0, "errors": 0, "not_checkable": 0}
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
