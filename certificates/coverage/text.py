"""A paper's text as structure: lines, sections as the paper numbers them, tables, LaTeX spans.

The format is that of ``papers/*.txt``: plain text, inline mathematics between ``$…$`` (display
mathematics between ``$$…$$``, on one line or over several), headings such as ``7.9 The two-branch
law…``, ``Appendix A13 …``, ``A14.3 …`` (or Markdown ``## 4.`` / ``### 4.2``; an addendum
``Addendum to Appendix E`` numbers its sections ``E1``, ``E1.2``), and tables as tab-separated
lines after a caption line ``Table N: …`` (or a block of Markdown ``| … |`` rows, numbered from the
``Table N`` its heading names; a block whose first header cell reads ``(C) …`` is Table ``NC``).

Nothing here recurses on the text: braces and dollars are counted in one pass, so unbalanced or
deeply nested LaTeX costs linear time.  Columns are 0-based inside this module; the reports add 1.
"""

from __future__ import annotations

import bisect
import re
from dataclasses import dataclass, field
from typing import Optional

#: Section of the lines before the first heading (title, abstract).
FRONT = "front"

_HEADING = re.compile(
    r"^(?P<hashes>#{1,6}[ \t]+)?(?P<appendix>Appendix[ \t]+)?"
    r"(?P<num>(?:[A-Z](?=\d))?\d{1,3}(?:\.\d{1,3}){0,4})(?P<dot>\.)?[ \t]+(?P<title>\S.*)$",
    re.ASCII,
)
_ADDENDUM = re.compile(r"^Addendum to Appendix ([A-Z])\b")
_CAPTION = re.compile(r"^Table (\d{1,4}):")
_MD_TABLE_NAME = re.compile(r"Table (\d{1,4}[A-Z]?)")
_MAX_HEADING = 160
_PART = re.compile(r"^\(([A-Z])\)\s")


@dataclass(frozen=True)
class Section:
    number: str  #: as the paper numbers it: "7.9", "A31.6", "front"
    title: str
    line: int  #: 1-based line of the heading (1 for the front matter)


@dataclass(frozen=True)
class Cell:
    text: str
    column: int  #: 0-based column of the cell's first character in its line


@dataclass(frozen=True)
class Row:
    line: int
    cells: tuple[Cell, ...]


@dataclass
class Table:
    number: Optional[str]  #: "10", or None for a table with no caption
    line: int  #: the caption's line (the first row's for an uncaptioned table)
    rows: list[Row] = field(default_factory=list)

    @property
    def header(self) -> Optional[Row]:
        return self.rows[0] if self.rows else None


@dataclass
class Paper:
    text: str
    lines: list[str]
    sections: list[Section]
    tables: list[Table]
    #: per line (index = line - 1): the (start, end) column spans inside inline math, end exclusive
    math: list[list[tuple[int, int]]]
    #: per line: the line is inside (or is) a display equation
    display: list[bool]
    _starts: list[int] = field(default_factory=list, repr=False)
    #: section number -> its (first, last) lines, and table number -> its tables: built on first use
    #: (a parsed paper is not changed afterwards, as ``_starts`` assumes too)
    _spans: Optional[dict[str, tuple[int, int]]] = field(default=None, repr=False, compare=False)
    _numbered: Optional[dict[Optional[str], list[Table]]] = field(default=None, repr=False, compare=False)

    def section_of(self, line: int) -> Section:
        """The section that holds 1-based ``line``."""
        i = bisect.bisect_right(self._starts, line) - 1
        return self.sections[max(i, 0)]

    def section_lines(self, number: str) -> Optional[tuple[int, int]]:
        """1-based (first, last) lines of section ``number`` with its subsections (the first section of
        that number); None if absent."""
        if self._spans is None:
            spans: dict[str, tuple[int, int]] = {}
            for i, s in enumerate(self.sections):
                if s.number in spans:
                    continue
                last = len(self.lines)
                for t in self.sections[i + 1 :]:
                    if not t.number.startswith(s.number + "."):
                        last = t.line - 1
                        break
                spans[s.number] = (s.line, last)
            self._spans = spans
        return self._spans.get(number)

    def in_math(self, line: int, start: int, end: int) -> bool:
        """Whether columns [start, end) of 1-based ``line`` lie inside mathematics."""
        if self.display[line - 1]:
            return True
        return any(a <= start and end <= b for a, b in self.math[line - 1])

    def table(self, number: str) -> Optional[Table]:
        """The one table numbered ``number``; None when there is none or more than one."""
        if self._numbered is None:
            numbered: dict[Optional[str], list[Table]] = {}
            for t in self.tables:
                numbered.setdefault(t.number, []).append(t)
            self._numbered = numbered
        found = self._numbered.get(number, [])
        return found[0] if len(found) == 1 else None


def _key(number: str) -> tuple[str, tuple[int, ...]]:
    prefix = number[0] if number[0].isalpha() else ""
    return prefix, tuple(int(x) for x in number[len(prefix) :].split("."))


def _follows(prev: Optional[tuple[str, tuple[int, ...]]], new: tuple[str, tuple[int, ...]], prefix: str) -> bool:
    """Whether heading ``new`` can follow ``prev`` (same counter +1..3 at some depth, or a first child)."""
    pfx, parts = new
    if pfx != prefix:
        return pfx != "" and parts == (1,) or (pfx != "" and len(parts) == 1)
    if prev is None or prev[0] != pfx:
        return len(parts) == 1 or parts[-1] == 1
    old = prev[1]
    if parts == old + (1,):
        return True
    k = len(parts) - 1
    return k < len(old) and parts[:k] == old[:k] and 1 <= parts[k] - old[k] <= 3


def parse(text: str) -> Paper:
    """The structure of ``text`` (already read and bounded by :mod:`psa_io.papertext`)."""
    lines = text.split("\n")
    math: list[list[tuple[int, int]]] = []
    display: list[bool] = []
    sections = [Section(FRONT, "", 1)]
    tables: list[Table] = []
    in_block = False
    prev: Optional[tuple[str, tuple[int, ...]]] = None
    prefix = ""  # "" in the body, the appendix letter in an addendum
    current: Optional[Table] = None
    md_table = False
    md_name: Optional[str] = None
    for i, line in enumerate(lines, start=1):
        stripped = line.strip()
        if stripped == "$$":
            in_block = not in_block
            math.append([])
            display.append(True)
            continue
        if in_block:
            math.append([])
            display.append(True)
            continue
        spans, whole = _math_spans(line)
        math.append(spans)
        display.append(whole)
        # headings
        add = _ADDENDUM.match(line)
        if add:
            prefix, prev = add.group(1), None
        m = _HEADING.match(line) if len(line) <= _MAX_HEADING and "\t" not in line else None
        if m and not stripped.endswith((".", ",", ";", ":")) and (m.group("dot") is None or m.group("hashes")):
            num = m.group("num")
            key = _key(num)
            if prefix and not key[0]:
                key = (prefix, key[1])
                num = prefix + num
            new_prefix = bool(key[0]) and key[0] != prefix
            if (not new_prefix or m.group("appendix")) and _follows(prev, key, key[0] if new_prefix else prefix):
                prev = key
                if key[0] and key[0] != prefix and not add:
                    prefix = key[0]
                sections.append(Section(num, m.group("title").strip(), i))
        # tables: "Table N: caption", then tab-separated rows; or a block of Markdown "| … |" rows
        cap = _CAPTION.match(line)
        if cap:
            current, md_table = Table(cap.group(1), i), False
            tables.append(current)
            continue
        if m is not None and line.startswith("#"):
            found = _MD_TABLE_NAME.search(line)
            md_name = found.group(1) if found else None
        if stripped.startswith("|") and stripped.endswith("|") and len(stripped) > 1:
            if current is None or not md_table or (i > 1 and not lines[i - 2].strip()):
                current, md_table = Table(md_name, i), True  # a block after a blank line: a new table
                tables.append(current)
            if not set(stripped) <= set("|:- "):
                current.rows.append(_md_row(i, line))
                part = _PART.match(current.rows[0].cells[0].text) if len(current.rows) == 1 else None
                if part and md_name:
                    current.number = md_name + part.group(1)  # "(C) …" under "Table 4": Table 4C
            continue
        if "\t" in line and current is not None and not md_table:
            current.rows.append(_row(i, line.split("\t")))
            continue
        if stripped and current is not None and (current.rows or md_table) and not _tab_next(lines, i):
            current = None  # the first other non-empty line after the rows ends the table
    paper = Paper(text, lines, sections, tables, math, display)
    paper._starts = [s.line for s in sections]
    return paper


def _tab_next(lines: list[str], i: int) -> bool:
    """Whether the line after 1-based ``i`` is a tab-separated row (a group line inside a table)."""
    return i < len(lines) and "\t" in lines[i]


def _row(i: int, cells: list[str]) -> Row:
    out, col = [], 0
    for c in cells:
        out.append(Cell(c.strip(), col + (len(c) - len(c.lstrip()))))
        col += len(c) + 1
    return Row(i, tuple(out))


def _md_row(i: int, line: str) -> Row:
    """The cells of a Markdown table row; a ``|`` inside a backtick code span (```|x0|```) is text,
    not a cell boundary."""
    out = []
    start = line.index("|") + 1
    end = line.rindex("|")
    col = start
    for c in _md_split(line[start:end]):
        out.append(Cell(c.strip(), col + (len(c) - len(c.lstrip()))))
        col += len(c) + 1
    return Row(i, tuple(out))


def _md_split(body: str) -> list[str]:
    """``body`` split at the ``|`` outside backtick code spans (one pass; an unclosed span ends at
    the end of the row)."""
    parts, cur, code = [], 0, False
    for j, ch in enumerate(body):
        if ch == "`":
            code = not code
        elif ch == "|" and not code:
            parts.append(body[cur:j])
            cur = j + 1
    parts.append(body[cur:])
    if code:  # an unbalanced backtick: every | is a boundary
        return body.split("|")
    return parts


def _math_spans(line: str) -> tuple[list[tuple[int, int]], bool]:
    """Inline math spans of one line (``$…$`` and ``$$…$$``; a ``\\$`` is no delimiter) and whether
    the line is a display equation (starts with ``$$``).  An unclosed ``$`` opens no span."""
    spans: list[tuple[int, int]] = []
    opened: Optional[int] = None
    j, n = 0, len(line)
    while True:
        j = line.find("$", j)
        if j < 0:
            break
        if j > 0 and line[j - 1] == "\\":
            j += 1
            continue
        width = 2 if line.startswith("$$", j) else 1
        if opened is None:
            opened = j + width
        else:
            spans.append((opened, j))
            opened = None
        j += width
        if j >= n:
            break
    return spans, line.lstrip().startswith("$$")
