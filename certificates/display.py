"""Displays of certificate verdicts: short reprs and notebook tables (HTML / Markdown).

:class:`~certificates.registry.Outcome` and :class:`~certificates.results.Result` get a
one-line ``repr`` (id, status, severity, measured against expected, the start of the
evidence) and ``_repr_html_`` / ``_repr_markdown_`` tables (the verdict, then the evidence as
:mod:`certificates.evidence_table` draws it: row, printed, recomputed, rule, verdict);
:class:`certificates.api.CertificateRun` shows the summary, the findings by severity and one row
per certificate.  :func:`attach` installs the methods (called by :mod:`certificates` at import).
Numbers are shown without binary-float noise.  Presentation only.
"""

from __future__ import annotations

import dataclasses
import functools
from typing import Callable, Iterable, TypeVar

from psa_io.escape import html as _html_text
from psa_io.escape import markdown, terminal
from psa_io.safe import Unrepresentable, plain_value, safe_text

from .evidence_table import evidence_html, evidence_markdown, evidence_of, result_evidence, tidy_text
from .printed import SEVERITY_RANK
from .registry import Outcome, Status
from .render import short, status_label, summary_line
from .results import Result

__all__ = ["attach", "outcome_repr", "result_repr", "run_html", "run_markdown", "findings_rows"]

_COLOUR = {Status.PASS: "#1a7f37", Status.FAIL: "#cf222e", Status.ERROR: "#8250df", Status.NOT_CHECKABLE: "#6e7781"}


_V = TypeVar("_V", Outcome, Result)


def _shown(v: _V) -> _V:
    """``v`` with its measured and expected values, evidence and detail as plain data, as the
    runner's worker sends them (:func:`psa_io.safe.plain_value`): an Outcome made in a notebook may
    hold a value that contains itself, nests without end or whose text raises, and a display never
    raises -- such a value is shown as the reason it cannot be."""
    changes: dict = {}
    for name in ("measured", "expected", "evidence"):
        value = getattr(v, name)
        try:
            changes[name] = plain_value(value, name)
        except Unrepresentable as exc:
            why = f"<cannot be shown: {safe_text(exc, 300)}>"
            changes[name] = {"not shown": why} if name == "evidence" else why
    if not isinstance(changes["evidence"], dict):
        changes["evidence"] = {"evidence": changes["evidence"]}
    changes["detail"] = safe_text(v.detail)
    return dataclasses.replace(v, **changes)


def _never_raises(render: Callable[[_V], str]) -> Callable[[_V], str]:
    """``render`` that falls back to :func:`_shown` of its Outcome or Result when a value in it
    cannot be rendered as it is (the displays of ordinary values are unchanged)."""

    @functools.wraps(render)
    def run(v: _V) -> str:
        try:
            return render(v)
        except Exception:  # noqa: BLE001 - a hostile value may raise anything while it is drawn
            return render(_shown(v))

    return run


def _clip(text: str, width: int) -> str:
    text = " ".join(safe_text(text).split())
    return text if len(text) <= width else text[: width - 1] + "…"


def _table_html(rows, header=None, caption=None) -> str:
    out = ["<table>"]
    if caption:
        out.append(f"<caption style='text-align:left'><b>{_html_text(caption)}</b></caption>")
    if header:
        out.append("<tr>" + "".join(f"<th style='text-align:left'>{_html_text(h)}</th>" for h in header) + "</tr>")
    for row in rows:
        out.append("<tr>" + "".join(f"<td style='text-align:left'>{c}</td>" for c in row) + "</tr>")
    out.append("</table>")
    return "".join(out)


def _md(rows, header, caption=None) -> str:
    def cell(c):
        return markdown(" ".join(str(c).split()), cell=True)

    lines = [f"**{cell(caption)}**", ""] if caption else []
    lines.append("| " + " | ".join(header) + " |")
    lines.append("|" + "---|" * len(header))
    lines += ["| " + " | ".join(cell(c) for c in row) + " |" for row in rows]
    return "\n".join(lines)


def _status_html(status: Status, label: str) -> str:
    return f"<b style='color:{_COLOUR.get(status, '#000')}'>{_html_text(label)}</b>"


# --- Outcome -------------------------------------------------------------------------------


def _outcome_label(o) -> str:
    if o.status is Status.FAIL and o.severity:
        return f"FAIL ({o.severity})"
    return o.status.value


@_never_raises
def outcome_repr(o: Outcome) -> str:
    return terminal(
        tidy_text(
            f"Outcome({_outcome_label(o)}: measured {short(o.measured, 40)}, expected {short(o.expected, 40)}; "
            f"{_clip(o.detail, 60)!r})"
        )
    )


def _outcome_rows(o) -> list:
    rows = [("status", _outcome_label(o))]
    if o.reading:
        rows.append(("reading", o.reading))
    if o.same_finding_as:
        rows.append(("same finding as", ", ".join(o.same_finding_as)))
    return rows


def _outcome_evidence(o):
    """The outcome's evidence as tables (:mod:`certificates.evidence_table`)."""
    return evidence_of(o.measured, o.expected, o.evidence, o.detail)


@_never_raises
def outcome_html(o: Outcome) -> str:
    rows = [(_html_text(k), _html_text(str(v))) for k, v in _outcome_rows(o)]
    return _table_html(rows, caption="Outcome") + evidence_html(_outcome_evidence(o))


@_never_raises
def outcome_markdown(o: Outcome) -> str:
    return "\n".join([_md(_outcome_rows(o), ("", ""), caption="Outcome"), ""] + evidence_markdown(_outcome_evidence(o)))


# --- Result ----------------------------------------------------------------------------------


@_never_raises
def result_repr(r: Result) -> str:
    return terminal(
        tidy_text(
            f"Result({r.certificate.id} {status_label(r)}: measured {short(r.measured, 40)}, "
            f"expected {short(r.expected, 40)}; {_clip(r.detail, 60)!r}, {r.elapsed_s:.2f} s)"
        )
    )


def _result_rows(r: Result) -> list:
    c = r.certificate
    rows = [
        ("certificate", f"{c.id} ({c.pack})"),
        ("supports", c.supports),
        ("verifies", c.verifies),
        ("kind", c.kind.value),
        ("status", status_label(r)),
    ]
    if r.reading:
        rows.append(("reading", r.reading))
    if r.same_finding_as:
        rows.append(("same finding as", ", ".join(r.same_finding_as)))
    rows.append(("time", f"{r.elapsed_s:.3f} s"))
    return rows


@_never_raises
def result_html(r: Result) -> str:
    """The certificate and its verdict, then its evidence as tables (row, printed, recomputed,
    rule, verdict) with the check's explanation folded after them."""
    rows = [
        (_html_text(k), _status_html(r.status, v) if k == "status" else _html_text(str(v))) for k, v in _result_rows(r)
    ]
    head = _table_html(rows, caption=f"Certificate {r.certificate.id}: {r.certificate.title}")
    return head + evidence_html(result_evidence(r))


@_never_raises
def result_markdown(r: Result) -> str:
    head = _md(_result_rows(r), ("", ""), caption=f"Certificate {r.certificate.id}: {r.certificate.title}")
    return "\n".join([head, ""] + evidence_markdown(result_evidence(r)))


# --- a run -------------------------------------------------------------------------------------

_RUN_HEADER = ("id", "status", "supports", "measured", "expected", "time")


def _run_rows(results: Iterable[Result]):
    from .results import blockage

    results = list(results)
    blk = blockage(results)  # a PASS over a FAIL says so (one definition: results.blockage)
    for r in results:
        c = r.certificate
        b = blk.get(c.id.lower()) if r.status is Status.PASS else None
        yield (
            r,
            (
                c.id,
                status_label(r) + ("" if b is None else (", blocked" if b.blocked else ", on a reading")),
                _clip(c.supports, 40),
                tidy_text(short(r.measured, 30)),
                tidy_text(short(r.expected, 30)),
                f"{r.elapsed_s:.2f} s",
            ),
        )


def findings_rows(results: Iterable[Result]) -> list[tuple[str, str, str, str]]:
    """(severity, id, same finding as, evidence) of every FAIL, substantive first."""
    fails = [r for r in results if r.status is Status.FAIL]
    fails.sort(key=lambda r: SEVERITY_RANK.get(r.severity, len(SEVERITY_RANK)))
    return [
        (r.severity or "-", r.certificate.id, ", ".join(r.same_finding_as) or "-", tidy_text(_clip(r.detail, 160)))
        for r in fails
    ]


_FIND_HEADER = ("severity", "id", "same finding as", "evidence")


def _summary(results: list[Result]) -> str:
    """The run's summary line, and how many PASSes rest on a FAIL (:func:`certificates.render.blocked_summary`)."""
    from .render import blocked_summary

    blocked = blocked_summary(results)
    return summary_line(results) + (f". {blocked}" if blocked else "")


def run_html(run) -> str:
    results = list(run)
    head = f"<p><b>{_html_text(run.title)}</b>: {_html_text(_summary(results))}</p>"
    parts = [head]
    find = findings_rows(results)
    if find:
        parts.append(
            _table_html(
                [tuple(_html_text(str(c)) for c in row) for row in find],
                header=_FIND_HEADER,
                caption="Findings by severity",
            )
        )
    rows = [
        tuple(_status_html(r.status, c) if i == 1 else _html_text(str(c)) for i, c in enumerate(row))
        for r, row in _run_rows(results)
    ]
    parts.append(_table_html(rows, header=_RUN_HEADER, caption="Certificates"))
    return "".join(parts)


def run_markdown(run) -> str:
    results = list(run)
    parts = [f"**{markdown(run.title)}**: {_summary(results)}"]
    find = findings_rows(results)
    if find:
        parts.append(_md(find, _FIND_HEADER, caption="Findings by severity"))
    parts.append(_md([row for _, row in _run_rows(results)], _RUN_HEADER, caption="Certificates"))
    return "\n\n".join(parts)


def attach() -> None:
    """Install the reprs and tables on Outcome and Result (idempotent)."""
    # installed at import, not declared on the classes (which know nothing of the notebook)
    Outcome.__repr__ = outcome_repr  # type: ignore[method-assign,assignment]
    Outcome._repr_html_ = outcome_html  # type: ignore[attr-defined]
    Outcome._repr_markdown_ = outcome_markdown  # type: ignore[attr-defined]
    Result.__repr__ = result_repr  # type: ignore[method-assign,assignment]
    Result._repr_html_ = result_html  # type: ignore[attr-defined]
    Result._repr_markdown_ = result_markdown  # type: ignore[attr-defined]
