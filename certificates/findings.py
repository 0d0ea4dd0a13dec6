"""The one-line finding of a FAIL: what a referee reads first, before the whole evidence.

A check may state it (``Outcome.finding``, ``verdict(..., finding=...)``, ``Checks.outcome(...,
finding=...)``).  Where it does not, :func:`one_line_finding` derives one from the evidence: the
first failing sub-check (``name: measured vs printed expected``) when the check used
:class:`certificates._subchecks.Checks`, else the ``FAILED ...`` clause of the detail, else its
sentence naming a counterexample, else the sentence (or clause) with the strongest word of a
finding ("NOT", "fails", "only", ...), else its first sentence; sentences that describe the method or
the grade ("tolerance ...", "Graded ...") are passed over.  Whole clauses, never a word cut in two (a
clause longer than :data:`MAX_CHARS` ends at a space, marked ``...``).

The distinct findings of a run (:func:`distinct_findings`) are the FAILs that repeat no other
failing certificate's finding (``same_finding_as``), substantive first; each carries the ids that
repeat it.
"""

from __future__ import annotations

import re
from typing import Any, Iterable, Optional

from psa_io.jsonout import plain

from .printed import SEVERITY_RANK
from .registry import Status

#: The longest derived finding (characters); a stated one is kept whole.
MAX_CHARS = 220

_SENTENCE_END = re.compile(r"(?<=[A-Za-z0-9\)\]'\"])(?<!\be\.g)(?<!\bi\.e)(?<!i\.i\.d)\. (?=[A-Z(\['])| \| | -- ")
#: Words that mark the clause of a detail where the finding is stated, strongest first.
_MARKS = (
    re.compile(r"\b(?:NOT|WRONG|NO|FAIL|FAILS)\b"),
    re.compile(r"counterexample|\bfails?\b|\bdoes not\b|\bis not\b|\bare not\b|\breversed\b", re.IGNORECASE),
    re.compile(r"\b(?:not|only|needs|instead|but|differs?)\b"),
)
#: Sentences that describe the method or the grade, not the finding.
_SKIP = re.compile(r"^(?:Graded|tolerance|Classes|\[evidence level|seed )", re.IGNORECASE)


def _cut(text: str, width: int) -> str:
    """``text`` on one line in at most ``width`` characters, ended at a space with `` ...``."""
    text = " ".join(str(text).split())
    if len(text) <= width:
        return text
    head = text[: width - 3]
    k = head.rfind(" ")
    return (head[:k] if k > 0 else head).rstrip(" ;,:") + " ..."


def _short_value(value: Any, width: int = 60) -> str:
    """A value in at most ``width`` characters: a float as printed when short, else to 6
    significant digits; a list of floats each so; anything else cut at a space."""
    v = plain(value, None, "", other=str)
    if isinstance(v, float):
        return repr(v) if len(repr(v)) <= 12 else f"{v:.6g}"
    if isinstance(v, list) and v and all(isinstance(x, float) for x in v):
        return _cut("[" + ", ".join(_short_value(x) for x in v) + "]", width)
    return _cut(str(v), width)


def _clip(text: str, limit: int = MAX_CHARS) -> str:
    """Whole clauses (``; `` or ``, ``) up to ``limit`` characters; a first clause longer than that
    ends at a space with `` ...`` (never inside a word)."""
    text = " ".join(text.split())
    if len(text) <= limit:
        return text
    for sep in ("; ", ", "):
        head = text[: limit + 1]
        k = head.rfind(sep)
        if k > limit // 3:
            return text[:k].rstrip(" ;,:") + " ..."
    return _cut(text, limit)


def stated_finding(parts: Iterable[str], limit: int = 200) -> str:
    """A check's own one-line finding from its failing clauses: whole clauses joined with ``; `` up to
    ``limit`` characters, then how many more the evidence holds ("; and 3 more in the evidence");
    never cut inside a clause, never ending in an ellipsis.  A first clause longer than the limit
    is cut at a space and says the rest is in the evidence."""
    items = [" ".join(str(p).split()) for p in parts if str(p).strip()]
    out: list[str] = []
    for k, item in enumerate(items):
        rest = len(items) - k - 1
        tail = f"; and {rest} more in the evidence" if rest else ""
        if len("; ".join(out + [item])) + len(tail) <= limit:
            out.append(item)
            continue
        more = len(items) - k
        if out:
            return "; ".join(out) + f"; and {more} more in the evidence"
        note = " (the rest in the evidence)"
        head = item[: limit - len(note)]
        cut = head.rfind(" ")
        return (head[:cut] if cut > 0 else head).rstrip(" ;,:.") + note
    return "; ".join(out)


def derived_finding(measured: Any, expected: Any, evidence: Any, detail: str) -> str:
    """The finding of a FAIL that states none (see the module docstring)."""
    fails = evidence.get("failures") if isinstance(evidence, dict) else None
    if fails and isinstance(measured, dict) and isinstance(expected, dict) and fails[0] in measured:
        name = fails[0]
        more = f" (and {len(fails) - 1} more)" if len(fails) > 1 else ""
        return _clip(f"{name}: {_short_value(measured.get(name))} vs printed {_short_value(expected.get(name))}{more}")
    detail = " ".join(str(detail or "").split())
    k = detail.find("FAILED ")
    if k >= 0:
        clause = detail[k + len("FAILED ") :].split(" | ")[0]
        return _clip(clause.split("; ")[0] if len(clause) > MAX_CHARS else clause)
    return _clip(_marked(detail))


def _score(text: str) -> int:
    for i, mark in enumerate(_MARKS):
        if mark.search(text):
            return len(_MARKS) - i
    return 0


def _marked(detail: str) -> str:
    """The sentence of ``detail`` that states the finding: one naming a counterexample, else the
    one with the strongest marker word (:data:`_MARKS`), else the first; a sentence too long for a
    line is narrowed the same way to one of its ``; ``-separated clauses."""
    sentences = [x.strip().rstrip(".") for x in _SENTENCE_END.split(detail) if x and x.strip()]
    sentences = [x for x in sentences if not _SKIP.match(x)] or sentences
    if not sentences:
        return ""
    best = next((x for x in sentences if x.lower().startswith("counterexample")), None)
    if best is None:
        best = max(sentences, key=lambda x: (_score(x), -sentences.index(x)))
    if len(best) > MAX_CHARS:
        clauses = [c.strip() for c in _clauses(best) if c.strip()]
        best = max(clauses, key=lambda x: (_score(x), -clauses.index(x)))
    return re.sub(r"^(?:but|so|and) ", "", best)


def _clauses(text: str) -> list[str]:
    """``text`` split at its ``; `` outside parentheses and brackets."""
    out, depth, start = [], 0, 0
    for i, ch in enumerate(text):
        if ch in "([{":
            depth += 1
        elif ch in ")]}":
            depth = max(0, depth - 1)
        elif ch == ";" and depth == 0 and text[i + 1 : i + 2] == " ":
            out.append(text[start:i])
            start = i + 2
    out.append(text[start:])
    return out


def one_line_finding(r) -> str:
    """The finding of a FAIL result (stated, else derived); ``""`` for any other status."""
    if r.status is not Status.FAIL:
        return ""
    stated = " ".join(str(getattr(r, "finding", "") or "").split())
    return stated or derived_finding(r.measured, r.expected, r.evidence, r.detail)


def distinct_findings(results: Iterable) -> list[tuple[Any, list[str]]]:
    """``(result, ids repeating its finding)`` for each distinct finding of this run, substantive
    first, then minor, then reading (run order within a severity).  A FAIL whose ``same_finding_as``
    names a failing certificate of this run repeats that one (the first such id it names)."""
    results = list(results)
    failing = {r.certificate.id.lower(): r for r in results if r.status is Status.FAIL}
    owners: dict[str, list[str]] = {}
    roots = []
    for r in results:
        if r.status is not Status.FAIL:
            continue
        root: Optional[str] = next((s.lower() for s in r.same_finding_as if s.lower() in failing), None)
        if root is None:
            roots.append(r)
        else:
            owners.setdefault(root, []).append(r.certificate.id)
    roots.sort(key=lambda r: SEVERITY_RANK.get(r.severity, len(SEVERITY_RANK)))
    return [(r, owners.get(r.certificate.id.lower(), [])) for r in roots]


def show_set(s: Any) -> str:
    """A SymPy set as a reader writes it: ``(-oo, -1) U (0, oo)``, ``[a, b)``, ``{1, 2}``."""
    import sympy as sp

    if isinstance(s, sp.Union):
        return " U ".join(show_set(a) for a in s.args)
    if isinstance(s, sp.Interval):
        return f"{'(' if s.left_open else '['}{s.start}, {s.end}{')' if s.right_open else ']'}"
    if isinstance(s, sp.FiniteSet):
        return "{" + ", ".join(str(x) for x in s.args) + "}"
    return str(s)
