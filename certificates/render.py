"""Renderers for certificate results: plain-text lines for 80 columns, JSON document, JUnit XML.

The text renderers return lists of lines no wider than ``width``: no box drawing, no markup, and
evidence cut at a separator (a space), never inside a number.  Text from a pack (ids, titles,
evidence, what a check printed) is shown with its control characters escaped
(:func:`psa_io.escape.terminal`) and its line breaks flattened, so it stays on its own line and
cannot move the cursor, clear the screen or fake a line of the toolkit's.  The JSON document is
strict (no NaN or Infinity: such a value is ``null`` and the record's ``nulls`` says why; control
characters escaped by ``json``); the JUnit XML holds only characters XML 1.0 allows
(:func:`psa_io.escape.xml`).
"""

from __future__ import annotations

import json
import textwrap
import xml.etree.ElementTree as ET
from typing import Any, Iterable

from psa_io.escape import terminal, xml
from psa_io.jsonout import plain

from .evidence_table import tidy_text
from .findings import distinct_findings, one_line_finding
from .printed import SEVERITY_RANK
from .registry import Status
from .results import BLOCKED, Blockage, Result, blockage, blocked_by, counts, evidence_counts


def status_label(r: Result) -> str:
    """ "PASS", "FAIL (minor)", "FAIL (substantive, = sec10.a)" ..."""
    if r.status is not Status.FAIL or not r.severity:
        return r.status.value
    same = f", = {','.join(r.same_finding_as)}" if r.same_finding_as else ""
    return f"FAIL ({r.severity}{same})"


def errata_order(results: Iterable[Result]) -> list[Result]:
    """FAIL and ERROR rows, substantive first, then minor, then reading, then errors (stable)."""
    bad = [r for r in results if r.status in (Status.FAIL, Status.ERROR)]
    return sorted(
        bad,
        key=lambda r: (
            SEVERITY_RANK.get(r.severity, len(SEVERITY_RANK)) if r.status is Status.FAIL else len(SEVERITY_RANK) + 1
        ),
    )


def summary_line(results: list[Result]) -> str:
    """Certificates by status, FAILs by severity and the distinct findings among them."""
    c = counts(results)
    f, b = c["findings"], c["failed_by_severity"]
    sev = ", ".join(f"{b[k]} {k}" for k in ("substantive", "minor", "reading") if b[k])
    out = f"{c['passed']} passed, {c['failed']} failed" + (f" ({sev})" if sev else "") + f", {c['errors']} errors"
    if c["not_checkable"]:
        out += f", {c['not_checkable']} not checkable"
    if c["failed"]:
        out += (
            f"; {f['total']} distinct findings ({f['substantive']} substantive, "
            f"{f['minor']} minor, {f['reading']} reading)"
        )
    return out


# --- plain JSON values ---------------------------------------------------------------------------


def format_claim(value: Any) -> str:
    """Full, readable text of a claim value (:func:`certificates.claims.format_claim`; imported when
    first needed, so that ``psa-cert list`` does not load it)."""
    from .claims import format_claim as text

    return text(value)


def jsonable(value: Any, nulls: dict | None = None, path: str = "") -> Any:
    """A measured/expected value in plain JSON types (:func:`psa_io.jsonout.plain`): a non-finite
    number becomes ``None`` and, when ``nulls`` is given, ``nulls[path]`` records why; a callable
    becomes its :func:`format_claim` text, anything else its ``str``."""
    return plain(value, nulls, path, other=_claim_text)


def _claim_text(value: Any) -> str:
    return format_claim(value) if callable(value) else str(value)


def short(value: Any, width: int = 60) -> str:
    """A value as text, at most ``width`` characters, cut at a separator (never inside a number)."""
    if value is None:
        return ""
    v = jsonable(value)
    if isinstance(v, float):
        s = f"{v:.6g}"
    elif isinstance(v, list) and v and all(isinstance(x, float) for x in v):
        s = "[" + ", ".join(f"{x:.4g}" for x in v) + "]"
    else:
        s = str(v)
    return cut(s, width)


def result_json(r: Result, blocked: list[str] | None = None, state: str | None = None) -> dict:
    """One certificate's JSON record; ``blocked``: the failing ids it depends on (``blocked_by``),
    computed over the whole run by :func:`certificates.results.blocked_by`; ``state``: "blocked" or
    "on a reading" for a PASS that rests on a FAIL (:func:`certificates.results.blockage`)."""
    c = r.certificate
    nulls: dict = {}
    doc = {
        "id": c.id,
        "title": c.title,
        "pack": c.pack,
        "supports": c.supports,
        "verifies": c.verifies,
        "kind": c.kind.value,
        "section": c.section,
        "level": c.level,
        "status": r.status.value,
        "measured": jsonable(r.measured, nulls, "measured"),
        "expected": jsonable(r.expected, nulls, "expected"),
        "detail": r.detail,
        "severity": r.severity,
        "reading": r.reading,
        "same_finding_as": list(r.same_finding_as),
        "finding": one_line_finding(r) or None,
        "evidence": r.evidence_level,
        "search": jsonable(r.search, nulls, "search") if r.search is not None else None,
        "size_domain": [d.to_json() for d in getattr(c, "size_domain", ())],
        "blocked_by": list(blocked or []),
        "blocked_state": state,
        "elapsed_s": round(r.elapsed_s, 6),
    }
    if r.memo:
        doc["memo"] = True
    if r.captured:
        doc["printed_output"] = r.captured
    if nulls:
        doc["nulls"] = nulls
    return doc


def to_json(
    results: list[Result], meta: dict | None = None, extra: dict | None = None, drift: dict | None = None
) -> str:
    """The JSON document of a run (strict JSON); ``extra`` adds top-level keys (e.g. ``baseline``);
    ``drift`` (``run --paper``): (pack, id) -> the record's ``paper_drift``, where the text prints
    its claims differently."""
    c = counts(results)
    blocked = blocked_by(results)
    blk = blockage(results)
    doc = {
        "certificates": [
            result_json(
                r,
                blocked.get(r.certificate.id.lower()),
                blk[r.certificate.id.lower()].state if r.certificate.id.lower() in blk else None,
            )
            | (
                {"paper_drift": drift[(r.certificate.pack, r.certificate.id)]}
                if drift and (r.certificate.pack, r.certificate.id) in drift
                else {}
            )
            for r in results
        ],
        "passed": c["passed"],
        "failed": c["failed"],
        "errors": c["errors"],
        "not_checkable": c["not_checkable"],
        "failed_by_severity": c["failed_by_severity"],
        "findings": c["findings"],
        "evidence": evidence_counts(results),
        "blocked": sum(1 for b in blk.values() if b.state == BLOCKED),
        "on_a_reading": sum(1 for b in blk.values() if b.state != BLOCKED),
    }
    if meta:
        nulls: dict = {}
        doc["meta"] = jsonable(meta, nulls, "meta")
        if nulls:
            doc["nulls"] = nulls
    if extra:
        doc.update({k: jsonable(v) for k, v in extra.items()})
    return json.dumps(doc, indent=2, allow_nan=False)


# --- JUnit XML -------------------------------------------------------------------------------------


def xml_text(text: Any) -> str:
    """``text`` with every character XML 1.0 forbids (control characters, lone surrogates) shown
    as ``\\xNN`` / ``\\uNNNN`` (:func:`psa_io.escape.xml`)."""
    return xml(text)


def to_junit(results: list[Result], suite: str = "psa-cert") -> str:
    c = counts(results)
    total_time = sum(r.elapsed_s for r in results)
    x = xml_text
    ts = ET.Element(
        "testsuite",
        name=x(suite),
        tests=str(len(results)),
        failures=str(c["failed"]),
        errors=str(c["errors"]),
        skipped=str(c["not_checkable"]),
        time=f"{total_time:.3f}",
    )
    for r in results:
        cert = r.certificate
        tc = ET.SubElement(
            ts,
            "testcase",
            classname=x(f"{cert.pack}.{cert.kind.value}"),
            name=x(f"{cert.id}: {cert.supports}"),
            time=f"{r.elapsed_s:.3f}",
        )
        body = x(
            f"verifies: {cert.verifies}\nstatus: {status_text(r)}\nmeasured: {short(r.measured, 400)}\n"
            f"expected: {short(r.expected, 400)}\ndetail: {r.detail}"
        )
        message = x(cut(r.detail, 500))
        if r.status is Status.FAIL:
            ET.SubElement(tc, "failure", message=message, type=x(r.severity or "substantive")).text = body
        elif r.status is Status.ERROR:
            ET.SubElement(tc, "error", message=message).text = body
        elif r.status is Status.NOT_CHECKABLE:
            ET.SubElement(tc, "skipped", message=message)
        else:
            ET.SubElement(tc, "system-out").text = body
        if r.captured:
            ET.SubElement(tc, "system-err").text = x(r.captured)
    return ET.tostring(ts, encoding="unicode", xml_declaration=True)


# --- text for 80 columns ---------------------------------------------------------------------------

ELLIPSIS = " ..."


def one_line(text: Any) -> str:
    """Control characters shown as escapes (:func:`psa_io.escape.terminal`: a line break becomes
    ``\\n`` and stays glued to its neighbours), then runs of spaces collapsed to one."""
    return " ".join(terminal(str(text)).split())


def flat(text: Any) -> str:
    """Text from a pack on one logical line, its control characters (line breaks included) shown as
    escapes and its spaces kept -- to be wrapped by :func:`wrap`, never split into lines of its own."""
    return terminal(str(text))


def cut(text: Any, width: int) -> str:
    """``text`` on one line, at most ``width`` characters: cut at the last space that fits and
    marked with `` ...`` -- never inside a number (a single token longer than the width is cut
    before the number it would split; nothing of it may remain but ``...``)."""
    s = one_line(text)
    if len(s) <= width:
        return s
    if width <= len(ELLIPSIS):
        return ELLIPSIS.strip()[: max(0, width)]
    room = width - len(ELLIPSIS)
    head = s[: room + 1]
    sp = head.rfind(" ")
    if sp > 0:
        out = head[:sp].rstrip()
    else:  # one long token: end it before the number it would cut (digits, sign, point, exponent)
        out = s[:room]
        if s[room : room + 1] and s[room] in _NUMBER_CHARS:
            while out and out[-1] in _NUMBER_CHARS:
                out = out[:-1]
        if not out:
            return ELLIPSIS.strip()
    return out + ELLIPSIS


_NUMBER_CHARS = set("0123456789.eE+-%")


def wrap(text: Any, width: int, indent: str = "", first: str | None = None) -> list[str]:
    """``text`` wrapped at spaces to ``width`` (long words are kept whole only if they fit; a word
    longer than a line is split, at most, between characters of a line's width)."""
    first = indent if first is None else first
    lines: list[str] = []
    for para in [terminal(p) for p in str(text).splitlines()] or [""]:
        w = textwrap.wrap(
            para,
            width=width,
            initial_indent=first if not lines else indent,
            subsequent_indent=indent,
            break_long_words=True,
            break_on_hyphens=False,
        )
        lines.extend(w or [(first if not lines else indent).rstrip()])
    return lines


_SEVERITY_WORD = {"substantive": "subst.", "minor": "minor", "reading": "reading"}

#: The evidence level of a verdict in four letters (the text table's column; the legend explains).
LEVEL_CODE = {"proved": "prvd", "enclosed": "encl", "sampled": "smpl", "statistical": "stat", "none": "-"}
LEVEL_LEGEND = (
    "evidence: prvd = proved (exact, or rigorous over the whole domain), encl = enclosed (ball "
    "arithmetic at the printed points), smpl = sampled (finitely many points and an adversarial "
    "search), stat = statistical (Monte Carlo)"
)


_LEVEL_MEANING = {
    "proved": "proved (an exact decision, or a rigorous enclosure over the whole stated domain)",
    "enclosed": "enclosed (ball arithmetic at the printed points, decided against the printed rounding)",
    "sampled": "sampled (finitely many points, with an adversarial search for a counterexample)",
    "statistical": "statistical (Monte Carlo: tolerance from the standard error)",
    "none": "none (no verdict)",
}


def level_code(r: Result) -> str:
    return LEVEL_CODE.get(r.evidence_level, "-")


def search_text(search: dict | None) -> str:
    """One line for a sampled verdict's adversarial search."""
    if not search:
        return ""
    at = search.get("at")
    where = ", ".join(f"{k}={_num(v)}" for k, v in at.items()) if isinstance(at, dict) else str(at)
    text = f"{search.get('evaluations')} evaluations, best margin {_num(search.get('best_margin'))}"
    return text + (f" at {where}" if where else "")


def _num(v: Any) -> str:
    return f"{v:.6g}" if isinstance(v, float) else str(v)


def status_text(r: Result) -> str:
    """PASS, FAIL subst. (substantive), FAIL minor, FAIL reading, ERROR or NOT-CHECKABLE."""
    if r.status is Status.FAIL:
        return f"FAIL {_SEVERITY_WORD.get(r.severity or '', 'subst.')}"
    return r.status.value


def _seconds(s: float) -> str:
    return f"{s:.2f}s" if s < 10 else (f"{s:.1f}s" if s < 1000 else f"{s:.0f}s")


def section_key(cert) -> str:
    """Top-level paper section of a certificate: '§7.9' -> '§7'; other labels kept whole."""
    sec = (cert.section or "").strip()
    if not sec:
        return "(no section)"
    head = sec.split(".")[0] if sec.startswith("§") else sec.split()[0]
    return head


def _groups(results: list[Result]) -> list[tuple[str, list[Result]]]:
    packs = list(dict.fromkeys(r.certificate.pack for r in results))
    groups: dict[tuple, list[Result]] = {}
    for r in results:
        groups.setdefault((r.certificate.pack, section_key(r.certificate)), []).append(r)

    def order(item):
        (pack, sec), _ = item
        num = sec.lstrip("§")
        return (packs.index(pack), 0 if num.isdigit() else 1, int(num) if num.isdigit() else 0, sec)

    out = []
    for (pack, sec), rs in sorted(groups.items(), key=order):
        label = sec if len(packs) == 1 else f"{pack} {sec}"
        out.append((label, rs))
    return out


def _group_counts(rs: list[Result]) -> str:
    n = {st: sum(r.status is st for r in rs) for st in Status}
    parts = [f"{n[Status.PASS]} pass"]
    if n[Status.FAIL]:
        parts.append(f"{n[Status.FAIL]} fail")
    if n[Status.ERROR]:
        parts.append(f"{n[Status.ERROR]} error")
    if n[Status.NOT_CHECKABLE]:
        parts.append(f"{n[Status.NOT_CHECKABLE]} not checkable")
    return f"{len(rs)} certificate{'s' if len(rs) != 1 else ''}: " + ", ".join(parts)


def _evidence_line(r: Result) -> str:
    text = tidy_text(r.detail or "")  # numbers without binary noise (display only)
    if r.status is Status.FAIL and r.same_finding_as:
        text = f"(= {', '.join(r.same_finding_as)}) " + text
    return text


def run_lines(
    results: list[Result],
    width: int = 80,
    verbose: bool = False,
    title: str | None = None,
    elapsed: float | None = None,
    exit_note: bool = False,
) -> list[str]:
    """The ``psa-cert run`` text: per paper section a header with counts, one line per certificate
    (id, status with severity, seconds, evidence cut to the width); ``verbose`` adds the measured
    and expected values and the whole evidence, wrapped.  The errata give each distinct finding in
    one line; the summary comes last, then (``exit_note``) what the exit code means."""
    width = max(40, int(width))
    lines: list[str] = []
    if title:
        lines.extend(wrap(title, width))
    idw = min(max((len(one_line(r.certificate.id)) for r in results), default=2), 18)
    blk = blockage(results)
    stw = max((len(row_status(r, blk)) for r in results), default=4)
    lines.extend(legend_lines(results, width, verbose))
    for label, rs in _groups(results):
        lines.append("")
        lines.append(cut(f"{label} ({_group_counts(rs)})", width))
        for r in rs:
            cid = one_line(r.certificate.id)
            prefix = f"  {cid:<{idw}} {row_status(r, blk):<{stw}} {level_code(r):<4} {_seconds(r.elapsed_s):>6} "
            if len(cid) > idw:  # a long id gets a line of its own
                lines.append("  " + cut(cid, width - 2))
                prefix = f"  {'':<{idw}} {row_status(r, blk):<{stw}} {level_code(r):<4} {_seconds(r.elapsed_s):>6} "
            room = width - len(prefix)
            if not verbose:
                lines.append((prefix + cut(_evidence_line(r), room)).rstrip())
                continue
            lines.append(prefix.rstrip())
            ind = " " * 6
            for key, value in (
                ("supports", r.certificate.supports),
                ("measured", tidy_text(short(r.measured, 10_000))),
                ("expected", tidy_text(short(r.expected, 10_000))),
                ("evidence", _evidence_line(r)),
                ("level", r.evidence_level),
                ("search", search_text(r.search)),
                ("reading", r.reading),
            ):
                if value:
                    lines.extend(wrap(one_line(value), width, indent=ind + "  ", first=f"{ind}{key}: "))
    lines.extend(errata_lines(results, width))
    lines.append("")
    lines.extend(summary_lines(results, width, elapsed))
    if exit_note:
        lines.extend(exit_lines(results, width))
    return lines


SEVERITY_LEGEND = (
    "FAIL grades: subst. = substantive (wrong, and a conclusion depends on it), minor = a slip (the "
    "intended statement holds), reading = true under one reasonable reading, false under another "
    "(the evidence names both); (= id) = the same finding as id, counted once"
)
STATUS_LEGEND = (
    "ERROR = the check could not reach a verdict; NOT-CHECKABLE = nothing to compute (the evidence says why)"
)


#: What the row marks of a PASS over a FAIL mean (:func:`certificates.results.blockage` decides).
BLOCKED_LEGEND = (
    "PASS blocked = it depends, directly or through others, on a substantive or minor FAIL; PASS cond. = "
    "every FAIL it depends on is reading-grade (it holds under one reading); psa-cert show ID names them"
)


def row_status(r: Result, blk: dict[str, Blockage]) -> str:
    """The status column of a row: :func:`status_text`, and for a PASS that rests on a FAIL
    "PASS blocked" or "PASS cond." (``blk``: :func:`certificates.results.blockage` of the run)."""
    b = blk.get(r.certificate.id.lower()) if r.status is Status.PASS else None
    if b is None:
        return status_text(r)
    return "PASS blocked" if b.state == BLOCKED else "PASS cond."


def blocked_summary(results: list[Result]) -> str:
    """ "Blocked: N of the P PASSes rest on a substantive or minor FAIL; M more on reading-grade
    FAILs only", or "" when no PASS rests on a FAIL."""
    blk = blockage(results)
    if not blk:
        return ""
    n = sum(1 for b in blk.values() if b.state == BLOCKED)
    m = len(blk) - n
    passed = sum(1 for r in results if r.status is Status.PASS)
    return f"Blocked: {n} of the {passed} PASSes rest on a substantive or minor FAIL" + (
        f"; {m} more on reading-grade FAILs only (conditional on a reading)" if m else ""
    )


def blocked_lines(b: Blockage, severities: dict[str, str | None], width: int) -> list[str]:
    """``psa-cert show``'s lines for a PASS that rests on a FAIL: what blocks it (or the readings
    it is conditional on), graded, then any other failing dependency (``blocked_by`` lists all)."""

    def graded(ids) -> str:
        return ", ".join(f"{i} (FAIL {severities.get(i.lower()) or 'substantive'})" for i in ids)

    head = "  blocked by: " if b.state == BLOCKED else "  conditional on a reading of: "
    text = graded(b.blockers)
    rest = [i for i in b.by if i not in b.blockers]
    if rest:
        text += f"; also rests on {graded(rest)}"
    return wrap(flat(text + " (verdicts of the last run)"), width, indent="      ", first=head)


def legend_lines(results: list[Result], width: int, verbose: bool = False) -> list[str]:
    """What the table's abbreviations mean: every severity, the ``(= id)`` marker, ERROR and
    NOT-CHECKABLE when present, the marks of a PASS over a FAIL, and the evidence levels; said
    once, above the table."""
    out: list[str] = []
    if blockage(results):
        out.extend(wrap(BLOCKED_LEGEND, width))
    st = {r.status for r in results}
    if Status.FAIL in st:
        out.extend(wrap(SEVERITY_LEGEND, width))
    if st & {Status.ERROR, Status.NOT_CHECKABLE}:
        out.extend(wrap(STATUS_LEGEND, width))
    if any(r.evidence_level != "none" for r in results):
        out.extend(wrap(LEVEL_LEGEND, width))
    if not verbose and results:
        out.extend(wrap("Evidence is cut to the width: all of it with -v, or psa-cert show ID", width))
    return out


_SEVERITY_HEAD = {"substantive": "Substantive", "minor": "Minor", "reading": "Reading"}


def errata_lines(results: list[Result], width: int) -> list[str]:
    """The errata block: each distinct finding (:func:`certificates.findings.distinct_findings`)
    with its one-line summary wrapped at the width (never cut), substantive first, the ids that
    repeat it after it; then the certificates that errored."""
    bad = errata_order(results)
    if not bad:
        return []
    found = distinct_findings(results)
    nf = sum(r.status is Status.FAIL for r in bad)
    errors = [r for r in bad if r.status is Status.ERROR]
    out = [""]
    head = f"Errata: {len(found)} distinct finding{'s' if len(found) != 1 else ''} in {nf} FAIL{'s' if nf != 1 else ''}"
    if errors:
        head += f", {len(errors)} ERROR{'s' if len(errors) != 1 else ''}"
    out.extend(wrap(head + "; substantive first (the whole evidence: psa-cert show ID)", width))
    current = None
    for r, repeats in found:
        sev = r.severity or "substantive"
        if sev != current:
            current = sev
            n = sum(1 for x, _ in found if (x.severity or "substantive") == sev)
            out.append(f"{_SEVERITY_HEAD.get(sev, flat(sev))} ({n}):")
        text = tidy_text(one_line_finding(r) or cut(r.detail, 200))
        if repeats:
            text += f" (also {', '.join(repeats)})"
        out.extend(wrap(flat(f"{r.certificate.id}: {text}"), width, indent="      ", first="  "))
    if errors:
        out.extend(wrap(flat(", ".join(r.certificate.id for r in errors)), width, indent="    ", first="  errors: "))
    return out


#: The command the closing line of a run suggests, when the run was recorded (``report --last-run``
#: reads the record; without it ``report`` would run every certificate again).
REPORT_HINT = "psa-cert report --html r.html --last-run"


def exit_lines(
    results: list[Result], width: int = 80, changes: list | None = None, hint: str | None = REPORT_HINT
) -> list[str]:
    """The closing lines of ``psa-cert run``: what its exit code means for these results (with a
    baseline, ``changes`` from :func:`certificates.baseline.compare`), and where to read the
    findings (``hint``: a command that does what it says; None: ``psa-cert show ID``)."""
    if changes is not None:
        n = len(changes)
        text = (
            f"exit 1: {n} verdict{'s' if n != 1 else ''} changed against the baseline (listed above)"
            if n
            else "exit 0: no verdict changed against the baseline (whatever the verdicts are)"
        )
        return wrap(text, width)
    c = counts(results)
    f = c["findings"]
    parts = []
    if c["failed"]:
        sev = ", ".join(f"{f[k]} {k}" for k in ("substantive", "minor", "reading") if f[k])
        parts.append(
            f"{f['total']} finding{'s' if f['total'] != 1 else ''} in the paper ({sev}) from {c['failed']} "
            f"FAIL{'s' if c['failed'] != 1 else ''}"
        )
    if c["errors"]:
        parts.append(f"{c['errors']} check{'s' if c['errors'] != 1 else ''} could not decide (ERROR)")
    if parts:
        see = f"`{hint}`" if hint else "`psa-cert show ID` for each"
        return wrap("exit 1: " + "; ".join(parts) + f"; see {see}", width)
    return wrap(
        f"exit 0: every one of the {c['passed']} checks passed"
        + (f" ({c['not_checkable']} statements not checkable)" if c["not_checkable"] else ""),
        width,
    )


def summary_lines(results: list[Result], width: int = 80, elapsed: float | None = None) -> list[str]:
    """The closing block: FAILs by severity and distinct findings, then the totals (the last line)."""
    c = counts(results)
    f, b = c["findings"], c["failed_by_severity"]
    out = []
    if c["failed"]:
        out.extend(
            wrap(
                f"Failed by severity: {b['substantive']} substantive, {b['minor']} minor, "
                f"{b['reading']} reading; {f['total']} distinct findings ({f['substantive']} "
                f"substantive, {f['minor']} minor, {f['reading']} reading)",
                width,
            )
        )
    blocked = blocked_summary(results)
    if blocked:
        out.extend(wrap(blocked, width))
    ev = evidence_counts(results)
    out.extend(
        wrap(
            "Evidence: "
            + ", ".join(f"{ev[k]} {k}" for k in ("proved", "enclosed", "sampled", "statistical"))
            + f"; {ev['none']} without a verdict (not checkable or error)",
            width,
        )
    )
    last = (
        f"Summary: {c['passed']} passed, {c['failed']} failed, {c['errors']} errors, {c['not_checkable']} not checkable"
    )
    recalled = sum(1 for r in results if r.memo)
    if recalled:
        out.extend(
            wrap(
                f"{recalled} verdict{'s' if recalled != 1 else ''} recalled from the verified store "
                "(same code, libraries and claims; --fresh recomputes)",
                width,
            )
        )
    if elapsed is not None:
        last += f", {elapsed:.1f} s"
    if len(last) > width:
        last = last.replace("not checkable", "n/c").replace("Summary: ", "")
    out.append(last[:width])
    return out


def list_lines(certs: Iterable, statuses: dict | None = None, width: int = 80) -> list[str]:
    """One line per certificate: id, last verdict, kind, supports, what it verifies (cut)."""
    statuses = statuses or {}
    certs = list(certs)
    idw = min(max((len(one_line(c.id)) for c in certs), default=2), 24)
    lines = []
    for c in certs:
        st = statuses.get(c.id.lower())
        st_txt = "-" if st is None else ("N/C" if st is Status.NOT_CHECKABLE else st.value)
        head = f"{one_line(c.id):<{idw}} {st_txt:<5} {c.kind.value:<13} "  # a longer id pushes the rest right
        lines.append((head + cut(f"{c.supports}: {c.verifies}", max(0, width - len(head)))).rstrip()[:width])
    known = sum(c.id.lower() in statuses for c in certs)
    lines.append(
        f"{len(certs)} certificates; {known} with a verdict of the last run "
        f"(status '-': not run yet, N/C: not checkable)"
    )
    return [ln if len(ln) <= width else cut(ln, width) for ln in lines]


# --- psa-cert list --json, show, baseline ------------------------------------------------------------


def list_json(certs: Iterable, statuses: dict) -> str:
    """``psa-cert list --json``: one object per certificate, with the status of its last run (or null)."""
    return json.dumps(
        [
            {
                "id": c.id,
                "pack": c.pack,
                "supports": c.supports,
                "kind": c.kind.value,
                "section": c.section,
                "level": c.level,
                "verifies": c.verifies,
                "status": statuses[c.id.lower()].value if c.id.lower() in statuses else None,
            }
            for c in certs
        ],
        indent=2,
    )


def float_text(v: float) -> str:
    """A float as a reader writes it: its shortest repr, or 12 significant digits when the repr
    shows binary noise (``0.0009000000000000119`` -> ``0.0009``)."""
    r = repr(v)
    return r if len(r) <= 14 else f"{v:.12g}"


def plain_text(value: Any) -> str:
    """A value in full on one logical line: a callable as its claim text, a float by
    :func:`float_text`, a list or dict as strict JSON, a non-finite number as ``null``."""
    if callable(value) and not hasattr(value, "tolist"):
        return format_claim(value)
    v = jsonable(value)
    if isinstance(v, float):
        return float_text(v)
    if isinstance(v, (dict, list)):
        return json.dumps(_tidy(v), ensure_ascii=False, allow_nan=False, default=str)
    return "null" if v is None else str(v)


def _tidy(v: Any) -> Any:
    """Floats inside lists and dicts as :func:`float_text` writes them (for display only)."""
    if isinstance(v, float):
        return float(float_text(v))
    if isinstance(v, list):
        return [_tidy(x) for x in v]
    if isinstance(v, dict):
        return {k: _tidy(x) for k, x in v.items()}
    return v


def describe_lines(cert, width: int, statuses: dict, known: set) -> list[str]:
    """``psa-cert show``'s description of a certificate: its fields, dependencies (with the verdict
    of the last run from ``statuses``; ``known``: the registered ids, lower case), SymPy form, and
    the claims as printed and settings of its check (or why it is not checkable)."""
    import inspect

    from .claims import claim_parameters, setting_parameters

    w = width
    out = wrap(flat(f"{cert.id}: {cert.title}"), w)
    for label, value in (
        ("pack", cert.pack),
        ("supports", cert.supports),
        ("section", cert.section),
        ("level", cert.level),
        ("kind", cert.kind.value),
        ("verifies", cert.verifies),
        ("statement", cert.statement),
    ):
        if value:
            out += wrap(flat(value), w, indent="      ", first=f"  {label}: ")
    for d in getattr(cert, "size_domain", ()):  # issue 25: the sizes the statement ranges over
        text = d.describe() + (f' -- "{d.quote}"' if d.quote else "")
        out += wrap(flat(text), w, indent="      ", first="  size domain: ")
    if cert.depends:
        deps = []
        for d in cert.depends:
            st = statuses.get(d.lower())
            deps.append(f"{d} ({st.value if st else ('no verdict yet' if d.lower() in known else 'no certificate')})")
        out += wrap(flat(", ".join(deps)), w, indent="      ", first="  depends on: ")
    if cert.sympy_form is not None:
        try:
            form = str(cert.sympy_form())
        except Exception as exc:  # a broken form is reported, not raised
            form = f"(cannot build it: {type(exc).__name__}: {exc})"
        out += wrap(form, w, indent="      ", first="  SymPy form: ")  # a Matrix spans lines: kept, indented
    if cert.check is not None:
        doc = inspect.getdoc(cert.check)
        if doc:  # its first paragraph, whole: a sentence is never cut at the docstring's line end
            para = " ".join(doc.split("\n\n")[0].split())
            out += wrap(flat(para), w, indent="      ", first="  check: ")
        claims, settings = claim_parameters(cert), setting_parameters(cert)
        out.append(f"  claims as printed ({len(claims)}):" if claims else "  claims as printed: none")
        for k, v in claims.items():
            out += wrap(flat(format_claim(v)), w, indent="        ", first=f"    {one_line(k)}: ")
        if settings:
            out.append(f"  settings ({len(settings)}):")
            for k, v in settings.items():
                out += wrap(flat(format_claim(v)), w, indent="        ", first=f"    {one_line(k)}: ")
    elif cert.reason:
        out += wrap(flat(cert.reason), w, indent="      ", first="  not checkable: ")
    return out


def outcome_lines(r: Result, width: int, verbose: bool = False) -> list[str]:
    """``psa-cert show``'s result: status and time, reading, the evidence as a table (row, printed,
    recomputed, rule, verdict: :mod:`certificates.evidence_table`) and the check's explanation
    after it, and what the check printed; compact unless ``verbose`` (floats to 7 digits, the
    explanation cut to a few lines, the other evidence named, not shown)."""
    from .evidence_table import evidence_lines, result_evidence

    w = width
    res = [f"  status: {status_text(r)} in {r.elapsed_s:.2f} s"]
    res += wrap(_LEVEL_MEANING.get(r.evidence_level, r.evidence_level), w, indent="      ", first="  evidence level: ")
    if r.search:
        res += wrap(flat(search_text(r.search)), w, indent="      ", first="  adversarial search: ")
    if r.same_finding_as:
        res += wrap(flat(", ".join(r.same_finding_as)), w, indent="      ", first="  same finding as: ")
    if r.reading:
        res += wrap(flat(r.reading), w, indent="      ", first="  reading: ")
    res += evidence_lines(result_evidence(r, digits=None if verbose else 7), w, verbose=verbose)
    if r.captured:  # quoted line by line: what a check prints can never pass for the toolkit's own lines
        res.append("  printed by the check:")
        res += ["    | " + terminal(ln) for ln in r.captured.splitlines()]
    return res


def baseline_lines(changes: list, path: str, width: int) -> list[str]:
    """The verdicts that changed against the baseline at ``path`` (``certificates.baseline.compare``)."""
    if not changes:
        return wrap(flat(f"Baseline: no verdict changed against {path}"), width)
    n = len(changes)
    out = wrap(flat(f"Baseline: {n} verdict{'s' if n != 1 else ''} changed against {path}"), width)
    for ch in changes:
        out += wrap(flat(ch.text()), width, indent="      ", first="  ")
    return out
