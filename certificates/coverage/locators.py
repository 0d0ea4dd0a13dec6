"""Where a certificate's printed number stands in the paper's text: the locator and its resolver.

A locator names one printed occurrence of one claim (or setting) of one certificate, in one of two
forms, each resolving to exactly one numeral token of the text:

* **text**: ``section`` (as the paper numbers it, subsections included) plus ``anchor``, a short
  verbatim piece of one line that occurs exactly once in that section and contains ``printed``
  exactly once;
* **table**: ``table`` (its number) plus ``row`` (the label in the row's first cell; its first k
  cells, tab-separated, where the first column repeats; ``None``: the header row) and
  ``column`` (the header cell's label), each matching exactly one row and one column (compared
  without Markdown's ``**`` and backticks); ``printed`` occurs exactly once in that cell.

``printed`` is the number as the built-in claim prints it (``"0.570"``).  :func:`resolve` returns
the numeral found (line, column, text, value); it never falls back to anything: a locator that
does not resolve raises :class:`LocatorError` naming the claim and the anchor.  ``run --paper``
will read the resolved numeral's text in place of the built-in claim; ``psa-cert coverage`` uses
the resolved position to class the numeral ``checked`` (or ``setting``).
"""

from __future__ import annotations

import functools
import re
from dataclasses import dataclass
from typing import Optional

from .numerals import _SIGNS, Numeral
from .text import Paper, Row, Table


class LocatorError(LookupError):
    """A locator that resolves to no place, or to more than one, in the given text."""


@dataclass(frozen=True)
class Locator:
    pack: str
    certificate: str
    claim: str  #: the parameter and the path inside it: "points[(64, 10)][0]"
    printed: str  #: the number as the built-in claim prints it
    section: Optional[str] = None
    anchor: Optional[str] = None
    table: Optional[str] = None
    row: Optional[str] = None
    column: Optional[str] = None
    setting: bool = False  #: a setting the certificate uses, not a claim it checks
    #: of a table cell that holds several numerals: (index of this one, how many there are), so
    #: that ``run --paper`` can read a changed number there (``loose``)
    nth: Optional[tuple[int, int]] = None

    def describe(self) -> str:
        if self.table is not None:
            return f"Table {self.table}, row {self.row!r}, column {self.column!r}"
        return f"§{self.section}, anchor {self.anchor!r}"


@dataclass(frozen=True)
class Resolved:
    locator: Locator
    numeral: Numeral


@functools.lru_cache(maxsize=4096)
def _label(text: str) -> str:
    """A row or column label as compared: Markdown emphasis and code marks (``**``, a backtick) dropped."""
    return text.replace("**", "").replace("`", "").strip()


def _row_is(row: Row, label: str) -> bool:
    """Whether ``row``'s label is ``label``: its first cell, or -- for a table whose first column
    repeats (``Easy`` on two rows, one per theta) -- its first k cells when ``label`` holds k
    tab-separated parts (``"Easy\t$0.03$"``)."""
    parts = label.split("\t")
    return len(row.cells) >= len(parts) and all(_label(c.text) == _label(x) for c, x in zip(row.cells, parts))


def _rows(table: Table, row: Optional[str]) -> list[Row]:
    """The body rows labelled ``row`` (see :func:`_row_is`); ``None``: the header row itself, whose
    cells are then named by their own text as the column label (a number printed as a column
    label, such as a coupling of the sweep)."""
    if row is None:
        return [table.rows[0]] if table.rows else []
    want = [_label(x) for x in row.split("\t")]  # as _row_is compares, each label part read once
    k = len(want)
    return [r for r in table.rows[1:] if len(r.cells) >= k and all(_label(c.text) == w for c, w in zip(r.cells, want))]


def _fail(loc: Locator, why: str) -> LocatorError:
    return LocatorError(f"{loc.certificate}: claim {loc.claim} ({loc.describe()}): {why}")


def _token_at(loc: Locator, tokens: dict[int, list[Numeral]], line: int, col: int) -> Numeral:
    for t in tokens.get(line, ()):
        if t.start <= col < t.end:
            return t
    raise _fail(loc, f"no numeral at line {line}, column {col + 1}")


def _once(loc: Locator, haystack: str, needle: str, what: str) -> int:
    at = haystack.find(needle)
    if at < 0:
        raise _fail(loc, f"{what} {needle!r} not found")
    if haystack.find(needle, at + 1) >= 0:
        raise _fail(loc, f"{what} {needle!r} occurs more than once")
    return at


def resolve(
    loc: Locator,
    paper: Paper,
    tokens: dict[int, list[Numeral]],
    *,
    loose: bool = False,
    others: tuple[str, ...] = (),
    labels: Optional[tuple[tuple[str, ...], tuple[str, ...]]] = None,
) -> Resolved:
    """The one numeral of ``paper`` that ``loc`` names (``tokens``: line -> its numerals).

    ``loose`` (``run --paper``, which reads what the text prints there): where the exact place
    does not resolve, the printed number may be any numeral: a table cell that holds exactly one
    numeral (or as many as ``nth`` says), or the anchor with any one numeral in place of
    ``printed`` occurring exactly once in the section; failing that, the anchor with ``others``
    (the printed numbers of the certificate's other locators) wildcarded too, at the one place
    that differs from the anchor in the fewest numbers.  A table row or
    column whose label holds a number that changed (a theta or gamma of the sweep) is found by
    ``labels`` (the row and column labels the locators name in that table, in order): the labels
    that read alike with their numbers wildcarded, compared in order with the text's, differ at
    one place only (:func:`_renamed`).  A place that resolves in none of these ways still raises the exact
    form's error."""
    try:
        return _resolve(loc, paper, tokens)
    except LocatorError:
        if not loose:
            raise
        found = _resolve_loose(loc, paper, tokens, others, labels)
        if found is None:
            raise
        return found


def _resolve_loose(
    loc: Locator,
    paper: Paper,
    tokens: dict[int, list[Numeral]],
    others: tuple[str, ...] = (),
    labels: Optional[tuple[tuple[str, ...], tuple[str, ...]]] = None,
) -> Optional[Resolved]:
    """The numeral at ``loc``'s place whatever number it is (None where there is not exactly one)."""
    if loc.table is not None:
        table = paper.table(loc.table)
        if table is None or table.header is None:
            return None
        cols = [i for i, c in enumerate(table.header.cells) if _label(c.text) == _label(loc.column or "")]
        if len(cols) != 1 and labels is not None:
            cols = _renamed([c.text for c in table.header.cells], loc.column or "", labels[1])
        rows = _rows(table, loc.row)
        if len(rows) != 1 and labels is not None and loc.row is not None:
            k = loc.row.count("\t") + 1
            body = table.rows[1:]
            keys = ["\t".join(c.text for c in r.cells[:k]) for r in body]
            rows = [body[i] for i in _renamed(keys, loc.row, labels[0])]
        if len(cols) != 1 or len(rows) != 1 or cols[0] >= len(rows[0].cells):
            return None
        cell = rows[0].cells[cols[0]]
        lo, hi = cell.column, cell.column + len(cell.text)
        inside = [t for t in tokens.get(rows[0].line, ()) if lo <= t.start and t.end <= hi]
        if loc.nth is not None:  # the cell must hold as many numerals as the built-in one
            return Resolved(loc, inside[loc.nth[0]]) if len(inside) == loc.nth[1] else None
        return Resolved(loc, inside[0]) if len(inside) == 1 else None
    if loc.section is None or not loc.anchor or loc.anchor.count(loc.printed) != 1:
        return None
    span = paper.section_lines(loc.section)
    if span is None:
        return None
    at = loc.anchor.find(loc.printed)
    before, after = loc.anchor[:at], loc.anchor[at + len(loc.printed) :]
    hits: list[Numeral] = []
    for line in range(span[0], span[1] + 1):
        text = paper.lines[line - 1]
        for t in tokens.get(line, ()):
            # the token (its sign, or the printed digits after a sign the anchor holds) between the
            # anchor's two parts
            # (a percent sign the token holds may be the anchor's too)
            tail = next((len(m) for m in ("\\%", "%") if t.text.endswith(m)), 0)
            if any(
                text[:start].endswith(before) and text[end:].startswith(after)
                for start in {t.start, t.start + _sign_width(t.text)}
                for end in {t.end, t.end - tail}
            ):
                hits.append(t)
    if len(hits) == 1:
        return Resolved(loc, hits[0])
    return _resolve_skeleton(loc, paper, tokens, span, others)


def _key(label: str) -> str:
    return "\t".join(_label(x) for x in label.split("\t"))


def _renamed(present: list[str], wanted: str, expected: tuple[str, ...]) -> list[int]:
    """The index of the ``present`` label that is ``wanted``'s place when a number of a label changed.
    The labels that read like ``wanted`` with their numbers wildcarded are taken in order, in the
    text and in ``expected`` (the labels the locators name, in their order): where the two
    sequences have the same length and differ at exactly one place, and ``wanted`` is expected
    there, that place is the answer (also when the new number repeats another label, and for the
    label it now repeats: its own unchanged place); else none."""
    skeleton = re.sub(_NUMBER, "#", _key(wanted))
    pres = [(i, _key(x)) for i, x in enumerate(present) if re.sub(_NUMBER, "#", _key(x)) == skeleton]
    exp = [e for e in dict.fromkeys(_key(x) for x in expected) if re.sub(_NUMBER, "#", e) == skeleton]
    if len(pres) != len(exp):
        return []
    diff = [(i, e) for (i, x), e in zip(pres, exp) if x != e]
    if len(diff) != 1:
        return []
    if diff[0][1] == _key(wanted):
        return [diff[0][0]]
    # ``wanted`` is unchanged but another label became a copy of it: its own place in the order
    same = [i for (i, x), e in zip(pres, exp) if x == e == _key(wanted)]
    return same if len(same) == 1 else []


#: A printed number wildcarded by :func:`_resolve_skeleton`.
_NUMBER = "[+\\-−]?[0-9]+(?:\\.[0-9]+)?"


def _resolve_skeleton(
    loc: Locator, paper: Paper, tokens: dict[int, list[Numeral]], span: tuple[int, int], others: tuple[str, ...]
) -> Optional[Resolved]:
    """The anchor with ``printed`` and the other located numbers of its certificate that it holds
    (``others``, which may have changed too) as wildcards: the numeral at ``printed``'s place
    where this occurs exactly once in the section, or where of the places it occurs exactly one
    differs from the anchor in the fewest numbers (a line of a table of numbers only, whose
    neighbours read alike with every number wildcarded)."""
    assert loc.anchor is not None
    anchor = loc.anchor
    at = anchor.find(loc.printed)
    spans = [(at, at + len(loc.printed), True)]
    for o in sorted(set(others), key=len, reverse=True):
        for m in re.finditer(re.escape(o), anchor):
            a, b = m.start(), m.end()
            whole = (a == 0 or not (anchor[a - 1].isdigit() or anchor[a - 1] == ".")) and (
                b == len(anchor) or not (anchor[b].isdigit() or (anchor[b] == "." and anchor[b + 1 : b + 2].isdigit()))
            )
            if whole and all(b <= x or a >= y for x, y, _ in spans):
                spans.append((a, b, False))
    if len(spans) == 1:
        return None  # nothing beside it may have changed: the first form already decided
    pattern, pos = "", 0
    printed: list[str] = []  # what the anchor prints at each wildcard, in order
    spans_sorted = sorted(spans)
    for n, (a, b, target) in enumerate(spans_sorted):
        pattern += re.escape(anchor[pos:a]) + (f"(?P<x>{_NUMBER})" if target else f"(?P<w{n}>{_NUMBER})")
        printed.append(anchor[a:b])
        pos = b
    rx = re.compile(pattern + re.escape(anchor[pos:]))
    # (numbers that differ from the anchor's, numeral): where the wildcarded anchor matches more than
    # one place (a table line of numbers only reads like its neighbours), the place is the one that
    # differs from the anchor in the fewest numbers, if that one is unique
    hits: list[tuple[int, Numeral]] = []
    for line in range(span[0], span[1] + 1):
        text, at = paper.lines[line - 1], 0
        while (mt := rx.search(text, at)) is not None:  # overlapping matches too
            at = mt.start() + 1
            if spans_sorted[0][0] == 0 and mt.start() > 0 and text[mt.start() - 1] in "0123456789.+-−":
                continue  # a leading wildcard that begins inside a number (its whole is a match too)
            col = mt.start("x")
            groups = [mt.group("x" if spans_sorted[n][2] else f"w{n}") for n in range(len(spans))]
            changed = sum(g != p for g, p in zip(groups, printed))
            hits += [(changed, t) for t in tokens.get(line, ()) if t.start <= col < t.end]
    fewest = [t for c, t in hits if c == min(c for c, _ in hits)] if hits else []
    return Resolved(loc, fewest[0]) if len(fewest) == 1 else None


def _sign_width(text: str) -> int:
    for s in _SIGNS:
        if text.startswith(s):
            return len(text) - len(text[len(s) :].lstrip())
    return 0


def _resolve(loc: Locator, paper: Paper, tokens: dict[int, list[Numeral]]) -> Resolved:
    if loc.table is not None:
        table = paper.table(loc.table)
        if table is None or table.header is None:
            raise _fail(loc, f"no single Table {loc.table} with rows in the text")
        header = table.header
        cols = [i for i, c in enumerate(header.cells) if _label(c.text) == _label(loc.column or "")]
        if len(cols) != 1:
            raise _fail(loc, f"{len(cols)} columns labelled {loc.column!r} (want exactly one)")
        rows = _rows(table, loc.row)
        if len(rows) != 1:
            raise _fail(loc, f"{len(rows)} rows labelled {loc.row!r} (want exactly one)")
        row = rows[0]
        if cols[0] >= len(row.cells):
            raise _fail(loc, f"row {loc.row!r} has no column {loc.column!r}")
        cell = row.cells[cols[0]]
        lo, hi = cell.column, cell.column + len(cell.text)
        inside = [t for t in tokens.get(row.line, ()) if lo <= t.start and t.end <= hi]
        if loc.nth is not None and (cell.text.count(loc.printed) > 1 or len(inside) == loc.nth[1]):
            # a cell that prints the same number twice, (0.85, 0.85): the nth numeral of the cell;
            # also once the other copy changed, (0.85, 0.87), where the first 0.85 is not this one
            if len(inside) != loc.nth[1]:
                raise _fail(loc, f"the cell holds {len(inside)} numerals (want {loc.nth[1]})")
            got = inside[loc.nth[0]]
            if loc.printed not in got.text:
                raise _fail(loc, f"numeral {loc.nth[0] + 1} of the cell is {got.text}, not {loc.printed}")
            return Resolved(loc, got)
        at = _once(loc, cell.text, loc.printed, "printed value")
        return Resolved(loc, _token_at(loc, tokens, row.line, cell.column + at))
    if loc.section is None or not loc.anchor:
        raise _fail(loc, "a locator needs a section and an anchor, or a table, row and column")
    span = paper.section_lines(loc.section)
    if span is None:
        raise _fail(loc, f"no section {loc.section} in the text")
    hits = [
        (i, line.find(loc.anchor))
        for i, line in enumerate(paper.lines[span[0] - 1 : span[1]], start=span[0])
        if loc.anchor in line
    ]
    if len(hits) != 1 or paper.lines[hits[0][0] - 1].count(loc.anchor) != 1:
        n = sum(paper.lines[i - 1].count(loc.anchor) for i, _ in hits)
        raise _fail(loc, f"the anchor occurs {n} times in §{loc.section} (want exactly once)")
    line, col = hits[0]
    if loc.nth is not None and loc.anchor.count(loc.printed) > 1:
        # an anchor that prints the number twice, H(-1; 0.95, 0.95): the nth numeral printing it
        lo, hi = col, col + len(loc.anchor)
        same = [t for t in tokens.get(line, ()) if lo <= t.start and t.end <= hi and t.digits == loc.printed]
        if len(same) != loc.nth[1]:
            raise _fail(loc, f"the anchor holds {len(same)} numerals {loc.printed} (want {loc.nth[1]})")
        return Resolved(loc, same[loc.nth[0]])
    at = _once(loc, loc.anchor, loc.printed, "printed value")
    return Resolved(loc, _token_at(loc, tokens, line, col + at))


def resolve_all(
    locators: "tuple[Locator, ...] | list[Locator]",
    paper: Paper,
    tokens: dict[int, list[Numeral]],
    *,
    loose: bool = False,
) -> tuple[list[Resolved], list[LocatorError]]:
    """Every locator resolved, and the errors of those that do not resolve (never a fallback).

    This is what ``run --paper`` needs: for each resolved claim the numeral the text prints
    (``numeral.text``, ``numeral.value``, ``numeral.line``), to compare with and use in place of
    the built-in claim; for each error, the certificate to report as an ERROR naming the claim
    and the anchor (the error's message)."""
    done: list[Resolved] = []
    errors: list[LocatorError] = []
    # table -> (row labels, column labels) the locators name, in their order (dicts as ordered sets)
    named: dict[str, tuple[dict[str, None], dict[str, None]]] = {}
    for x in locators:
        if x.table is not None:
            rows_, cols_ = named.setdefault(x.table, ({}, {}))
            if x.row is not None:
                rows_.setdefault(x.row)
            cols_.setdefault(x.column or "")
    labels_of = {t: (tuple(rows_), tuple(cols_)) for t, (rows_, cols_) in named.items()}  # each table's, once
    printed: dict[str, list[str]] = {}  # certificate -> the printed numbers of its locators
    for x in locators:
        printed.setdefault(x.certificate, []).append(x.printed)
    for loc in locators:
        try:
            others = tuple(p for p in printed[loc.certificate] if p != loc.printed) if loose else ()
            labels = labels_of.get(loc.table or "")
            done.append(resolve(loc, paper, tokens, loose=loose, others=others, labels=labels))
        except LocatorError as exc:
            errors.append(exc)
    return done, errors


@dataclass(frozen=True)
class NotCheckable:
    """Numerals declared not checkable, with the reason (builders in
    :mod:`.locators_data._common`).  Declared only after checking that no relation printed in the
    paper constrains those numbers (issue 27: a number a relation constrains is not
    not-checkable).  The place is one of:

    * ``table`` + ``column``: every body cell of that column (the header row excepted);
    * ``table`` + ``row``: every cell of that row (its label cell included);
    * ``table`` + ``row`` + ``column``: one cell;
    * ``table`` alone: every body cell of the table;
    * ``section`` + ``anchor``: every numeral inside the anchor, a verbatim piece of one line that
      occurs exactly once in the section.

    The declaration covers only the numerals that no locator names and that are not labels or
    formula constants (:func:`.classify.classify` decides those first)."""

    pack: str
    table: Optional[str] = None
    column: Optional[str] = None
    reason: str = ""
    row: Optional[str] = None
    section: Optional[str] = None
    anchor: Optional[str] = None

    def describe(self) -> str:
        if self.table is None:
            return f"not-checkable text in §{self.section}, anchor {self.anchor!r}"
        where = f"Table {self.table}"
        if self.row is not None:
            where += f", row {self.row!r}"
        if self.column is not None:
            where += f", column {self.column!r}"
        return f"not-checkable {where}"


def resolve_column(decl: NotCheckable, paper: Paper, tokens: dict[int, list[Numeral]]) -> list[Numeral]:
    """The numerals ``decl`` declares (see :class:`NotCheckable`); :class:`LocatorError` unless its
    place exists exactly once."""
    where = decl.describe()
    if not decl.reason.strip():
        raise LocatorError(f"{where}: no reason given")
    if decl.table is None:
        if decl.section is None or not decl.anchor:
            raise LocatorError(f"{where}: a declaration needs a table, or a section and an anchor")
        span = paper.section_lines(decl.section)
        if span is None:
            raise LocatorError(f"{where}: no section {decl.section} in the text")
        hits = [(i, col) for i in range(span[0], span[1] + 1) for col in _all_at(paper.lines[i - 1], decl.anchor)]
        if len(hits) != 1:
            raise LocatorError(f"{where}: the anchor occurs {len(hits)} times in §{decl.section} (want exactly once)")
        line, col = hits[0]
        lo, hi = col, col + len(decl.anchor)
        return [t for t in tokens.get(line, ()) if lo <= t.start and t.end <= hi]
    table = paper.table(decl.table)
    if table is None or table.header is None:
        raise LocatorError(f"{where}: no single Table {decl.table} with rows in the text")
    col_index: Optional[int] = None
    if decl.column is not None:
        cols = [i for i, c in enumerate(table.header.cells) if _label(c.text) == _label(decl.column)]
        if len(cols) != 1:
            raise LocatorError(f"{where}: {len(cols)} columns so labelled (want exactly one)")
        col_index = cols[0]
    body = table.rows[1:]
    if decl.row is not None:
        body = [r for r in body if _row_is(r, decl.row)]
        if len(body) != 1:
            raise LocatorError(f"{where}: {len(body)} rows so labelled (want exactly one)")
    out = []
    for row in body:
        cells = row.cells if col_index is None else row.cells[col_index : col_index + 1]
        for cell in cells:
            lo, hi = cell.column, cell.column + len(cell.text)
            out += [t for t in tokens.get(row.line, ()) if lo <= t.start and t.end <= hi]
    return out


def _all_at(line: str, needle: str) -> list[int]:
    out, at = [], line.find(needle)
    while at >= 0:
        out.append(at)
        at = line.find(needle, at + 1)
    return out


def by_line(numerals: list[Numeral]) -> dict[int, list[Numeral]]:
    out: dict[int, list[Numeral]] = {}
    for t in numerals:
        out.setdefault(t.line, []).append(t)
    return out
