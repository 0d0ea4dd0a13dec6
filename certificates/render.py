"""Renderers for certificate results: rich table, JSON document, JUnit XML."""
from __future__ import annotations

import json
import math
import numbers
import xml.etree.ElementTree as ET
from typing import Any, Iterable

from rich.markup import escape

from .printed import SEVERITY_RANK
from .registry import Status
from .runner import Result, counts


def status_label(r: Result) -> str:
    """"PASS", "FAIL (minor)", "FAIL (substantive, = sec10.a)" ..."""
    if r.status is not Status.FAIL or not r.severity:
        return r.status.value
    same = f", = {','.join(r.same_finding_as)}" if r.same_finding_as else ""
    return f"FAIL ({r.severity}{same})"


def errata_order(results: Iterable[Result]) -> list[Result]:
    """FAIL and ERROR rows, substantive first, then minor, then reading, then errors (stable)."""
    bad = [r for r in results if r.status in (Status.FAIL, Status.ERROR)]
    return sorted(bad, key=lambda r: (SEVERITY_RANK.get(r.severity, len(SEVERITY_RANK))
                                      if r.status is Status.FAIL else len(SEVERITY_RANK) + 1))


def summary_line(results: list[Result]) -> str:
    """Certificates by status, FAILs by severity and the distinct findings among them."""
    c = counts(results)
    f, b = c["findings"], c["failed_by_severity"]
    sev = ", ".join(f"{b[k]} {k}" for k in ("substantive", "minor", "reading") if b[k])
    out = (f"{c['passed']} passed, {c['failed']} failed" + (f" ({sev})" if sev else "")
           + f", {c['errors']} errors")
    if c["not_checkable"]:
        out += f", {c['not_checkable']} not checkable"
    if c["failed"]:
        out += (f"; {f['total']} distinct findings ({f['substantive']} substantive, "
                f"{f['minor']} minor, {f['reading']} reading)")
    return out

_STYLE = {Status.PASS: "bold green", Status.FAIL: "bold red", Status.ERROR: "bold magenta",
          Status.NOT_CHECKABLE: "dim"}


def jsonable(value: Any) -> Any:
    """Convert a measured/expected value into plain JSON types."""
    if value is None or isinstance(value, (bool, str)):
        return value
    if isinstance(value, numbers.Integral):
        return int(value)
    if isinstance(value, numbers.Real):
        v = float(value)
        return v if math.isfinite(v) else None
    if isinstance(value, dict):
        return {str(k): jsonable(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [jsonable(v) for v in value]
    if hasattr(value, "tolist"):
        return jsonable(value.tolist())
    return str(value)


def short(value: Any, width: int = 60) -> str:
    if value is None:
        return ""
    v = jsonable(value)
    if isinstance(v, float):
        s = f"{v:.6g}"
    elif isinstance(v, list) and all(isinstance(x, float) for x in v):
        s = "[" + ", ".join(f"{x:.4g}" for x in v) + "]"
    else:
        s = str(v)
    return s if len(s) <= width else s[: width - 1] + "…"


def result_json(r: Result) -> dict:
    c = r.certificate
    return {
        "id": c.id,
        "title": c.title,
        "pack": c.pack,
        "supports": c.supports,
        "verifies": c.verifies,
        "kind": c.kind.value,
        "section": c.section,
        "level": c.level,
        "status": r.status.value,
        "measured": jsonable(r.measured),
        "expected": jsonable(r.expected),
        "detail": r.detail,
        "severity": r.severity,
        "reading": r.reading,
        "same_finding_as": list(r.same_finding_as),
        "elapsed_s": round(r.elapsed_s, 6),
    }


def to_json(results: list[Result], meta: dict | None = None) -> str:
    c = counts(results)
    doc = {"certificates": [result_json(r) for r in results], "passed": c["passed"],
           "failed": c["failed"], "errors": c["errors"], "not_checkable": c["not_checkable"],
           "failed_by_severity": c["failed_by_severity"], "findings": c["findings"]}
    if meta:
        doc["meta"] = jsonable(meta)
    return json.dumps(doc, indent=2)


def to_junit(results: list[Result], suite: str = "psa-cert") -> str:
    c = counts(results)
    total_time = sum(r.elapsed_s for r in results)
    ts = ET.Element("testsuite", name=suite, tests=str(len(results)), failures=str(c["failed"]),
                    errors=str(c["errors"]), skipped=str(c["not_checkable"]),
                    time=f"{total_time:.3f}")
    for r in results:
        cert = r.certificate
        tc = ET.SubElement(ts, "testcase", classname=f"{cert.pack}.{cert.kind.value}",
                           name=f"{cert.id}: {cert.supports}", time=f"{r.elapsed_s:.3f}")
        body = (f"verifies: {cert.verifies}\nmeasured: {short(r.measured, 400)}\n"
                f"expected: {short(r.expected, 400)}\ndetail: {r.detail}")
        if r.status is Status.FAIL:
            ET.SubElement(tc, "failure", message=r.detail[:500]).text = body
        elif r.status is Status.ERROR:
            ET.SubElement(tc, "error", message=r.detail[:500]).text = body
        elif r.status is Status.NOT_CHECKABLE:
            ET.SubElement(tc, "skipped", message=r.detail[:500])
        else:
            ET.SubElement(tc, "system-out").text = body
    return ET.tostring(ts, encoding="unicode", xml_declaration=True)


def render_table(results: list[Result], console, title: str = "Certificates", verbose: bool = False) -> None:
    """Pass/fail table; ``verbose`` adds the measured and expected columns and the whole evidence
    (otherwise cut at 240 characters; the errata list below the table always gives it whole)."""
    from rich.table import Table

    table = Table(title=title, show_lines=verbose, expand=False)
    table.add_column("id", style="bold", no_wrap=True)
    table.add_column("supports", no_wrap=True, max_width=16, overflow="ellipsis")
    table.add_column("kind", no_wrap=True)
    table.add_column("status", no_wrap=True)
    table.add_column("s", justify="right", no_wrap=True)
    if verbose:
        table.add_column("measured", overflow="fold", max_width=30)
        table.add_column("expected", overflow="fold", max_width=30)
    table.add_column("evidence", overflow="fold", ratio=1)
    for r in results:
        row = [r.certificate.id, r.certificate.supports, r.certificate.kind.value,
               f"[{_STYLE[r.status]}]{escape(status_label(r))}[/]", f"{r.elapsed_s:.2f}"]
        if verbose:
            row += [escape(short(r.measured, 120)), escape(short(r.expected, 120))]
        table.add_row(*row, escape(r.detail if verbose else short(r.detail, 240)))
    console.print(table)
    total = sum(r.elapsed_s for r in results)
    bad = errata_order(results)
    if bad:
        console.print("\n[bold red]Errata[/] (statements that do not hold as printed, or checks that "
                      "broke; substantive first):")
        for r in bad:
            reading = f" Reading: {escape(r.reading)}" if r.reading and r.status is Status.FAIL else ""
            console.print(f"  [bold]{r.certificate.id}[/] ({escape(r.certificate.supports)}) "
                          f"{escape(status_label(r))}: {escape(r.detail)}{reading}")
    console.print(f"[bold]{escape(summary_line(results))}[/] in {total:.1f} s")


def render_list(certs: Iterable, console, statuses: dict | None = None) -> None:
    """Every certificate with kind, level and (when known) the last verdict."""
    from rich.table import Table

    statuses = statuses or {}
    table = Table(title="Registered certificates")
    for col in ("id", "pack", "supports", "section", "kind", "level", "status", "verifies"):
        table.add_column(col, overflow="fold", no_wrap=col in ("id", "status"))
    for c in certs:
        st = statuses.get(c.id.lower())
        status = f"[{_STYLE[st]}]{st.value}[/]" if st is not None else "[dim]—[/]"
        table.add_row(escape(c.id), escape(c.pack), escape(c.supports), escape(c.section), c.kind.value,
                      escape(c.level), status, escape(c.verifies))
    console.print(table)
