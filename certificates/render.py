"""Renderers for certificate results: rich table, JSON document, JUnit XML."""
from __future__ import annotations

import json
import math
import numbers
import xml.etree.ElementTree as ET
from typing import Any, Iterable

from rich.markup import escape

from .registry import Status
from .runner import Result, counts

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
        "elapsed_s": round(r.elapsed_s, 6),
    }


def to_json(results: list[Result], meta: dict | None = None) -> str:
    c = counts(results)
    doc = {"certificates": [result_json(r) for r in results], "passed": c["passed"],
           "failed": c["failed"], "errors": c["errors"], "not_checkable": c["not_checkable"]}
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
               f"[{_STYLE[r.status]}]{r.status.value}[/]", f"{r.elapsed_s:.2f}"]
        if verbose:
            row += [escape(short(r.measured, 120)), escape(short(r.expected, 120))]
        table.add_row(*row, escape(r.detail if verbose else short(r.detail, 240)))
    console.print(table)
    c = counts(results)
    total = sum(r.elapsed_s for r in results)
    console.print(f"[bold]{c['passed']} passed[/], [red]{c['failed']} failed[/], "
                  f"[magenta]{c['errors']} errors[/]"
                  + (f", {c['not_checkable']} not checkable" if c["not_checkable"] else "")
                  + f" in {total:.1f} s")
    bad = [r for r in results if r.status in (Status.FAIL, Status.ERROR)]
    if bad:
        console.print("\n[bold red]Errata[/] (statements that do not hold as printed, or checks that broke):")
        for r in bad:
            console.print(f"  [bold]{r.certificate.id}[/] ({escape(r.certificate.supports)}) "
                          f"{r.status.value}: {escape(r.detail)}")


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
