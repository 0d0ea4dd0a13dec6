"""``psa-cert coverage``: account for every number of a paper's text; the table, JSON and HTML.

:func:`analyse` reads one text (bounded, :mod:`psa_io.papertext`), recognises its paper from its
title, finds every numeral, resolves the pack's locators and classes each occurrence
(:mod:`.classify`) with the verdicts of the last ``psa-cert run`` of that pack.  The three
renderings share that one document; everything taken from the text is escaped in each.
"""

from __future__ import annotations

import json
from collections import Counter
from typing import Any, Callable, Optional

from psa_io import escape
from psa_io.papertext import read_paper

from .classify import CLASSES, classify
from .locators import LocatorError, by_line, resolve_all, resolve_column
from .locators_data import LOCATORS, NOT_CHECKABLE
from .numerals import tokenize
from .text import FRONT, parse

#: How each paper is recognised: a phrase of its title, looked for in its first lines.
TITLES = {
    "psa": "Phase Space Attention: A Hairer Lift",
    "qhm": "Weight-Fused Causal 3-Gram Input Filtering",
    "momentum": "Momentum Attention: The Physics of In-Context Learning",
}
#: Where each checked number links: the certificate's focus view in the report.
REPORT_PAGE = "psa-report.html"


class CoverageError(ValueError):
    """A text that cannot be accounted for (unreadable, or no known paper); one line."""


def recognise(text: str) -> Optional[str]:
    """The pack of the paper whose title opens ``text`` (its first 2,000 characters), or None."""
    head = " ".join(text[:2000].split())
    found = [pack for pack, title in TITLES.items() if title in head]
    return found[0] if len(found) == 1 else None


def _verdicts(pack: str) -> dict[str, str]:
    from .. import lastrun

    try:
        return {k: str(v.get("status")) for k, v in lastrun.load(pack).items()}
    except (OSError, ValueError):
        return {}


def analyse(path: str, verdicts: Optional[Callable[[str], dict[str, str]]] = None) -> dict[str, Any]:
    """The coverage document of the text at ``path`` (design.md's ``--json`` shape), plus
    ``"lines"`` (the text's lines, for the HTML) and ``"errors"`` (locators that did not resolve)."""
    try:
        paper_text = read_paper(path)
    except ValueError as exc:
        raise CoverageError(str(exc)) from None
    pack = recognise(paper_text.text)
    if pack is None:
        raise CoverageError(f"paper {path!r}: not one of the known papers (no known title in its first lines)")
    paper = parse(paper_text.text)
    try:
        numerals = tokenize(paper.lines, in_math=paper.in_math)
    except ValueError as exc:
        raise CoverageError(f"paper {path!r}: {exc}") from None
    status = (verdicts or _verdicts)(pack)
    located: dict[tuple[int, int], tuple[str, str, Optional[str], bool]] = {}
    errors: list[str] = []
    lines = by_line(numerals)
    resolved, failed = resolve_all(LOCATORS.get(pack, ()), paper, lines)
    errors += [str(e) for e in failed]
    for r in resolved:
        loc = r.locator
        located[(r.numeral.line, r.numeral.start)] = (
            loc.certificate,
            loc.claim,
            status.get(loc.certificate.lower()),
            loc.setting,
        )
    declared: dict[tuple[int, int], str] = {}
    for decl in NOT_CHECKABLE.get(pack, ()):
        try:
            declared.update({(t.line, t.start): decl.reason for t in resolve_column(decl, paper, lines)})
        except LocatorError as exc:
            errors.append(str(exc))
    occurrences = classify(paper, numerals, located, declared)
    rows = [
        {
            "line": o.numeral.line,
            "column": o.numeral.column,
            "text": o.numeral.text,
            "value": o.numeral.value,
            "section": o.section,
            "class": o.klass,
            "certificate": o.certificate,
            "status": o.status,
            "reason": o.reason,
        }
        for o in occurrences
    ]
    return {
        "paper": {"path": path, "sha256": paper_text.sha256, "pack": pack},
        "numbers": rows,
        "totals": totals(rows),
        "locator_errors": errors,
        "lines": paper.lines,
        "sections": [s.number for s in paper.sections],
        "verdicts_recorded": len(status),
    }


def totals(rows: list[dict]) -> dict[str, Any]:
    c = Counter(r["class"] for r in rows)
    out: dict[str, Any] = {"numbers": len(rows)}
    out.update({k: c.get(k, 0) for k in CLASSES})
    reported = out["checked"] + out["not-checkable"]
    out["checked_pct_of_reported"] = round(100.0 * out["checked"] / reported, 1) if reported else None
    return out


def _top(section: str) -> str:
    return section.split(".")[0]


def by_part(rows: list[dict]) -> list[tuple[str, dict[str, Any]]]:
    """Totals of the body (numbered sections ``1``, ``2``, ...) and of the appendix (lettered
    sections ``A31``, ``E1``), the parts the targets of issue 27 are stated for; the front matter
    counts in neither.  Only the parts the text has."""
    body = [r for r in rows if _top(r["section"]).isdigit()]
    appendix = [r for r in rows if _top(r["section"])[:1].isalpha() and _top(r["section"]) != "front"]
    return [(name, totals(part)) for name, part in (("body", body), ("appendix", appendix)) if part]


def by_section(rows: list[dict]) -> list[tuple[str, dict[str, Any]]]:
    """Totals per top-level section (``7``, ``A31``; ``front``), in the text's order."""
    groups: dict[str, list[dict]] = {}
    for r in rows:
        groups.setdefault(_top(r["section"]), []).append(r)
    return [(k, totals(v)) for k, v in groups.items()]


def render_text(doc: dict[str, Any]) -> list[str]:
    """The terminal table of one paper (80 columns)."""
    p = doc["paper"]
    head = f"{'section':<8}{'numbers':>8}{'label':>7}{'formula':>8}{'checked':>8}{'setting':>8}{'n/c':>6}"
    head += f"{'unacc.':>8}{'checked%':>9}"
    out = [escape.terminal(p["path"]), f"{p['pack']}, sha256 {p['sha256']}", head, "-" * len(head)]

    def row(name: str, t: dict[str, Any]) -> str:
        pct = "-" if t["checked_pct_of_reported"] is None else f"{t['checked_pct_of_reported']:.1f}"
        return (
            f"{escape.terminal(name)[:8]:<8}{t['numbers']:>8}{t['label']:>7}{t['formula']:>8}{t['checked']:>8}"
            f"{t['setting']:>8}{t['not-checkable']:>6}{t['unaccounted']:>8}{pct:>9}"
        )

    out += [row(name, t) for name, t in by_section(doc["numbers"])]
    out += ["-" * len(head)]
    parts = by_part(doc["numbers"])
    if len(parts) > 1:
        out += [row(name, t) for name, t in parts]
    out.append(row("total", doc["totals"]))
    if not doc.get("verdicts_recorded"):
        out.append(f"no verdicts recorded for pack {p['pack']}: located claims stay unaccounted until")
        out.append(f"'psa-cert run --pack {p['pack']} --all' has run")
    else:
        waiting = sorted({r["certificate"] for r in doc["numbers"] if r["certificate"] and r["status"] is None})
        if waiting:
            n = sum(1 for r in doc["numbers"] if r["certificate"] and r["status"] is None)
            out.append(f"{n} located number(s) of {len(waiting)} certificate(s) wait for a verdict: run")
            out.append(f"'psa-cert run --pack {p['pack']} --all' (--json: numbers[].certificate)")
    if doc["locator_errors"]:
        n = len(doc["locator_errors"])
        out.append(f"{n} locator(s) of pack {p['pack']} not resolved here (--json: locator_errors)")
    return out


def public(doc: dict[str, Any]) -> dict[str, Any]:
    """The JSON document of design.md (plus ``parts``: the totals of the body and of the appendix,
    and ``locator_errors``)."""
    out = {k: doc[k] for k in ("paper", "numbers", "totals")}
    out["parts"] = dict(by_part(doc["numbers"]))
    out["locator_errors"] = doc["locator_errors"]
    return out


def render_json(docs: list[dict[str, Any]]) -> str:
    body: Any = public(docs[0]) if len(docs) == 1 else {"papers": [public(d) for d in docs]}
    return json.dumps(body, indent=1, allow_nan=False, ensure_ascii=False) + "\n"


_CSS = """body{font:14px/1.45 system-ui,sans-serif;margin:1em}pre{margin:0}
.l{white-space:pre-wrap;font:12px/1.5 ui-monospace,monospace}.n{color:#888;display:inline-block;width:5em}
.checked{background:#c8f0c8}.checked.FAIL{background:#f7c0c0}.setting{background:#cde0ff}
.not-checkable{background:#eee}.label{color:#777}.formula{color:#735}.unaccounted{background:#ffe27a;
outline:1px solid #c90}nav{position:sticky;top:0;background:#fff;padding:.4em 0;border-bottom:1px solid #ccc}
table{border-collapse:collapse}td,th{padding:0 .6em;text-align:right}"""

_JS = """function f(){var s=document.getElementById('sec').value,u=document.getElementById('un').checked;
document.querySelectorAll('.l').forEach(function(e){var ok=(!s||e.dataset.s===s||e.dataset.s.indexOf(s+'.')===0)
&&(!u||e.querySelector('.unaccounted'));e.style.display=ok?'':'none';});}"""


def render_html(docs: list[dict[str, Any]]) -> str:
    """One self-contained page: each paper's text, every number coloured by its class and verdict."""
    h = escape.html
    parts = [
        "<!DOCTYPE html><html lang='en'><head><meta charset='utf-8'><title>psa-cert coverage</title>",
        f"<style>{_CSS}</style></head><body><h1>Every number accounted for</h1>",
    ]
    for k, doc in enumerate(docs):
        p, t = doc["paper"], doc["totals"]
        parts.append(f"<h2>{h(p['path'])} ({h(p['pack'])})</h2><p>sha256 {h(p['sha256'])}</p><table><tr>")
        heads = ("section", "numbers") + CLASSES + ("checked % of reported",)
        parts.append("".join(f"<th>{h(c)}</th>" for c in heads) + "</tr>")
        split = by_part(doc["numbers"])
        for name, s in by_section(doc["numbers"]) + (split if len(split) > 1 else []) + [("total", t)]:
            pct = s["checked_pct_of_reported"]
            cells = "".join(f"<td>{s[c]}</td>" for c in ("numbers",) + CLASSES)
            cells += f"<td>{'-' if pct is None else f'{pct:.1f}'}</td>"
            parts.append(f"<tr><td>{h(name)}</td>{cells}</tr>")
        parts.append("</table>")
        parts.append(
            "<p>Legend: <span class='checked'>checked (PASS)</span> <span class='checked FAIL'>checked (FAIL)</span>"
            " <span class='setting'>setting</span> <span class='not-checkable'>not checkable</span>"
            " <span class='label'>label</span> <span class='formula'>formula</span>"
            " <span class='unaccounted key'>unaccounted</span>; a checked number links to its certificate in the"
            " report; hover a number for its certificate, verdict or reason.</p>"
        )
        if k == 0:
            unacc = Counter(r["section"] for r in doc["numbers"] if r["class"] == "unaccounted")
            opts = "".join(
                f"<option value='{h(s)}'>{h(s)}{f' ({unacc[s]} unaccounted)' if unacc[s] else ''}</option>"
                for s in doc["sections"]
            )
            parts.append(
                "<nav>section <select id='sec' onchange='f()'><option value=''>all</option>"
                f"{opts}</select> <label><input type='checkbox' id='un' onchange='f()'> only lines with "
                "unaccounted numbers</label></nav>"
            )
        by = by_line_rows(doc["numbers"])
        section_of = {r["line"]: r["section"] for r in doc["numbers"]}
        current = FRONT
        for i, line in enumerate(doc["lines"], start=1):
            current = section_of.get(i, current)
            parts.append(
                f"<div class='l' data-s='{h(current)}'><span class='n'>{i}</span>{_marked(line, by.get(i, []))}</div>"
            )
    parts.append(f"<script>{_JS}</script></body></html>\n")
    return "".join(parts)


def by_line_rows(rows: list[dict]) -> dict[int, list[dict]]:
    out: dict[int, list[dict]] = {}
    for r in rows:
        out.setdefault(r["line"], []).append(r)
    return out


def _marked(line: str, rows: list[dict]) -> str:
    h = escape.html
    out, pos = [], 0
    for r in rows:
        a, b = r["column"] - 1, r["column"] - 1 + len(r["text"])
        out.append(h(line[pos:a]))
        title = r["class"] + (f": {r['certificate']} {r['status']}" if r["certificate"] else "")
        if r["reason"]:
            title += f" ({r['reason']})"
        cls = f"{r['class']} {r['status'] or ''}".strip()
        span = f"<span class='{h(cls)}' title='{h(title)}'>{h(line[a:b])}</span>"
        if r["class"] == "checked":
            span = f"<a href='{REPORT_PAGE}#focus={h(r['certificate'])}'>{span}</a>"
        out.append(span)
        pos = b
    out.append(h(line[pos:]))
    return "".join(out)
