"""The evidence of a verdict as tables: the one place that turns a record's ``measured``,
``expected`` and ``evidence`` into rows (row, printed, recomputed, rule, verdict; for a symbolic
certificate: the identity or claim checked, what was expected, the residual or value found, its
verdict), for ``psa-cert show`` (:func:`table_lines`), the HTML report (:func:`table_html`), the
Markdown report (:func:`table_markdown`) and the notebook displays.

Where the rows come from, for any certificate of any pack (:func:`evidence_of`):

* rows the check lists itself (``evidence["rows"]``: dicts with ``name``, ``printed`` and either
  ``ok`` beside a ``value``, or, per convention ``K``, a value ``K`` and its verdict ``K ok``, as
  §7.9's grid writes them): one row each, the value and verdict of every convention side by side,
  the first convention's verdict first;
* otherwise the union of ``measured`` and ``expected`` (dicts flattened one or two levels, keyed
  ``a › b``); the verdict of a row is its sub-check's (``evidence["subchecks"]`` of
  :class:`certificates._subchecks.Checks`, or the older ``failures`` list), ``undecided`` when the
  evidence lists it so, ``agrees`` when recomputed and printed are equal, and blank when the check
  gives no verdict of its own to that row (the certificate's verdict is stated above the table);
* every other list of dicts in the evidence (values per d_k, the exact values beside a Monte Carlo)
  as a table of its own, and the remaining evidence as key / value pairs (the fallback).

Numbers are shown as printed (a string stays as the check wrote it), or with the digits that
matter: a float as its shortest repr that round-trips, binary noise trimmed
(``0.54449999999999998`` -> ``0.5445``, ``0.30000000000000004`` -> ``0.3``: :func:`number_text`); the
rounding interval of a printed number as that number ± half a unit (``printed 0.545 ± 0.0005``); an
enclosure rounded outwards to the digits where its ends differ (:func:`interval_text`).  Only the
display changes: the JSON keeps every value at full precision.

Every cell is text the toolkit did not write, and every renderer escapes it for its format
(:mod:`psa_io.escape`: terminal control characters, HTML, Markdown's ``|``).  Presentation only.
"""

from __future__ import annotations

import json
import math
import re
import textwrap
from dataclasses import dataclass, field
from decimal import ROUND_CEILING, ROUND_FLOOR, Decimal, InvalidOperation
from typing import Any, Optional

from psa_io.escape import html as html_text
from psa_io.escape import markdown, terminal
from psa_io.jsonout import plain

__all__ = [
    "Table",
    "Evidence",
    "evidence_of",
    "number_text",
    "interval_text",
    "tidy_text",
    "value_text",
    "table_lines",
    "evidence_lines",
    "table_html",
    "evidence_html",
    "table_markdown",
    "evidence_markdown",
    "noise_tokens",
]

#: Verdict words of a row (the legend under every table says what they mean).
OK, FAIL, UNDECIDED, AGREES = "ok", "FAIL", "undecided", "agrees"
VERDICT_LEGEND = (
    "verdict of a row: ok / FAIL = its own comparison; agrees = recomputed equals printed; "
    "undecided = the run could not decide it; blank = no verdict of its own (the certificate's applies)"
)

# --- numbers --------------------------------------------------------------------------------------

_NUM = re.compile(r"(?<![\w.])[-+]?(?:\d+\.\d*|\.\d+|\d+)(?:[eE][-+]?\d+)?(?![\w.])")


def _sig_digits(token: str) -> int:
    """Significant digits of a decimal literal (``0.0450`` -> 3)."""
    mant = re.split("[eE]", token.lstrip("+-"))[0].replace(".", "").lstrip("0")
    return len(mant)


def _is_noise(token: str) -> bool:
    """A literal of 15 or more significant digits that 15 digits round to 12 or fewer: the binary
    rendering of a short decimal (``0.54449999999999998``, ``0.30000000000000004``)."""
    if _sig_digits(token) < 15:
        return False
    try:
        x = float(token)
    except ValueError:
        return False
    return math.isfinite(x) and _sig_digits(f"{x:.15g}") <= 12


def noise_tokens(text: str) -> list[str]:
    """The numbers in ``text`` that show binary-float noise (what no rendering may contain)."""
    return [m.group() for m in _NUM.finditer(text) if _is_noise(m.group())]


def number_text(x: float, digits: Optional[int] = None) -> str:
    """A float with the digits that matter: its shortest repr that round-trips, or its 15-digit
    rounding when that repr is binary noise (``0.1 + 0.2`` -> ``0.3``); ``digits``: at most that
    many significant digits (a compact display)."""
    if not math.isfinite(x):
        return "nan" if math.isnan(x) else ("+inf" if x > 0 else "-inf")
    if digits is not None:
        return f"{x:.{digits}g}"
    r = repr(x)
    return f"{x:.15g}" if _is_noise(r) else r


def _round(x: Decimal, n: int, rounding: str) -> Decimal:
    if x == 0:
        return x
    q = Decimal(1).scaleb(x.adjusted() - n + 1)
    return (x / q).to_integral_value(rounding=rounding) * q


def _decimal_text(d: Decimal) -> str:
    """An end of a rounded interval with its digits (trailing zeros kept: both ends alike)."""
    if d == 0:
        return "0"
    return format(d, "f") if -5 <= d.adjusted() < 15 else format(d, "e")


def interval_text(lo: float, hi: float, max_digits: int = 12) -> str:
    """An enclosure ``[lo, hi]`` rounded outwards to the digits where its ends differ (at most
    ``max_digits`` significant digits): still an enclosure, shown without binary noise."""
    if not (math.isfinite(lo) and math.isfinite(hi)):
        return f"[{number_text(lo)}, {number_text(hi)}]"
    if lo == hi:  # a point: the value, to at most ``max_digits`` digits
        return number_text(lo) if _sig_digits(repr(lo)) <= max_digits else f"{lo:.{max_digits}g}"
    a0, b0 = Decimal(lo), Decimal(hi)
    width = b0 - a0
    for n in range(1, max_digits + 1):
        a, b = _round(a0, n, ROUND_FLOOR), _round(b0, n, ROUND_CEILING)
        if b - a <= 2 * width or n == max_digits:
            return f"[{_decimal_text(a)}, {_decimal_text(b)}]"
    return f"[{number_text(lo)}, {number_text(hi)}]"  # pragma: no cover - the loop returns


def _half_unit(printed: str) -> Optional[Decimal]:
    try:
        d = Decimal(printed)
    except InvalidOperation:
        return None
    e = d.as_tuple().exponent
    return Decimal(5).scaleb(e - 1) if isinstance(e, int) and d.is_finite() else None


_PRINTED_IV = re.compile(
    r"(?P<p>[-+]?\d*\.?\d+(?:[eE][-+]?\d+)?%?) = \[(?P<lo>[-+]?[\d.]+(?:[eE][-+]?\d+)?), "
    r"(?P<hi>[-+]?[\d.]+(?:[eE][-+]?\d+)?)\]"
)
_ENCLOSURE = re.compile(r"enclosure \[(?P<lo>[-+]?[\d.]+(?:[eE][-+]?\d+)?), (?P<hi>[-+]?[\d.]+(?:[eE][-+]?\d+)?)\]")


def _printed_iv(m: re.Match) -> str:
    p = m.group("p")
    half = _half_unit(p)
    if half is None:
        return m.group()
    d = Decimal(p)
    try:
        lo, hi = float(m.group("lo")), float(m.group("hi"))
    except ValueError:
        return m.group()
    if lo == float(d - half) and hi == float(d + half):
        return f"{p} ± {number_text(float(half))}"
    return m.group()


def tidy_text(text: str, digits: Optional[int] = None) -> str:
    """Text a check wrote, for display: the rounding interval of a printed number as that number
    ± half a unit, an enclosure rounded outwards to the digits that matter (at most ``digits``,
    default 12), every other number with binary noise trimmed; everything else as written."""
    s = str(text)
    if "= [" in s:
        s = _PRINTED_IV.sub(_printed_iv, s)
    if "enclosure [" in s:
        s = _ENCLOSURE.sub(
            lambda m: "enclosure " + interval_text(float(m.group("lo")), float(m.group("hi")), digits or 12), s
        )
    return _NUM.sub(lambda m: number_text(float(m.group())) if _is_noise(m.group()) else m.group(), s)


def _claim_text(value: Any) -> str:
    if callable(value):
        from .claims import format_claim

        return format_claim(value)
    return str(value)


def _plain(value: Any) -> Any:
    return plain(value, other=_claim_text)


def _tidy_json(v: Any, digits: Optional[int]) -> Any:
    if isinstance(v, float):
        return _Raw(number_text(v, digits))
    if isinstance(v, str):
        return tidy_text(v, digits)
    if isinstance(v, list):
        return [_tidy_json(x, digits) for x in v]
    if isinstance(v, dict):
        return {str(k): _tidy_json(x, digits) for k, x in v.items()}
    return v


class _Raw(str):
    """A number already formatted (written unquoted by :func:`_dump`)."""


def _dump(v: Any) -> str:
    if isinstance(v, _Raw):
        return str(v)
    if isinstance(v, str):
        return v
    if isinstance(v, bool) or v is None:
        return json.dumps(v)
    if isinstance(v, list):
        return "[" + ", ".join(_dump_inner(x) for x in v) + "]"
    if isinstance(v, dict):
        return "{" + ", ".join(f"{k}: {_dump_inner(x)}" for k, x in v.items()) + "}"
    return str(v)


def _dump_inner(v: Any) -> str:
    return _dump(v)


def value_text(value: Any, digits: Optional[int] = None) -> str:
    """A measured / expected / evidence value on one logical line: a string as written (tidied),
    a float with the digits that matter (``digits``: at most that many), booleans and null as in
    JSON, a list or dict as ``[a, b]`` / ``{k: v}``; None is the empty cell."""
    if value is None:
        return ""
    return _dump(_tidy_json(_plain(value), digits))


# --- the tables -----------------------------------------------------------------------------------


@dataclass
class Table:
    """A table of text cells; ``verdict`` columns are never cut; ``wide`` columns are left out of
    a compact terminal table, ``full`` columns too and out of the reports' first table (they show
    them in a folded table with every column)."""

    header: list[str]
    rows: list[list[str]]
    caption: str = ""
    verdict: set[int] = field(default_factory=set)
    full: set[int] = field(default_factory=set)
    wide: set[int] = field(default_factory=set)

    def without(self, cols: set[int]) -> "Table":
        """The table without the columns ``cols``."""
        keep = [i for i in range(len(self.header)) if i not in cols]
        idx = {old: new for new, old in enumerate(keep)}
        return Table(
            [self.header[i] for i in keep],
            [[r[i] for i in keep] for r in self.rows],
            self.caption,
            {idx[i] for i in self.verdict if i in idx},
            {idx[i] for i in self.full if i in idx},
            {idx[i] for i in self.wide if i in idx},
        )

    def drop_empty(self) -> "Table":
        """The table without the columns that are empty in every row (verdict columns kept)."""
        return self.without(
            {i for i in range(len(self.header)) if i not in self.verdict and not any(r[i] for r in self.rows)}
        )


@dataclass
class Evidence:
    """A verdict's evidence as tables: ``main`` (one row per compared value), ``tables`` (other
    rows the evidence holds), ``data`` (the rest, key / value) and the ``explanation`` (the
    check's own words, tidied)."""

    main: Optional[Table]
    tables: list[Table]
    data: list[tuple[str, str]]
    explanation: str


_VERDICT_WORD = {True: OK, False: FAIL, None: UNDECIDED}


def _split_value(text: str) -> tuple[str, str]:
    """``"1.90% (FAIL beyond ±0.18%)"`` -> (``"1.90%"``, ``"FAIL beyond ±0.18%"``): a value and the
    explanation the check wrote after it in brackets; ``enclosure [a, b] vs printed ...`` -> the
    enclosure and the rest.  Text without such a head stays whole."""
    m = re.match(r"enclosure (\[[^\]]*\]) (.+)$", text)
    if m:
        return m.group(1), "enclosure " + m.group(2)
    m = re.match(r"((?:[^\s(\[;]+ ){0,2}[^\s(\[;]*\d[^\s(\[;]*) [(\[](.*)[)\]]$", text)
    if m and len(m.group(1)) <= 24:
        return m.group(1), m.group(2)
    return text, ""


def _flatten(value: Any, other: Any, prefix: str, depth: int, whole: frozenset = frozenset()) -> list:
    """(path, measured, expected) pairs: dicts on both sides (or on one, the other missing)
    flattened down to ``depth`` levels; a path in ``whole`` (a sub-check with its own verdict) is
    one row."""
    if prefix in whole:
        return [(prefix, value, other)]
    if depth > 0 and isinstance(value, dict) and value and (other is None or isinstance(other, dict)):
        other = other or {}
    elif depth > 0 and isinstance(other, dict) and other and value is None:
        value = {}
    else:
        return [(prefix, value, other)]
    out: list[tuple[str, Any, Any]] = []
    for k in list(value) + [k for k in other if k not in value]:
        path = f"{prefix} › {k}" if prefix else str(k)
        out += _flatten(value.get(k), other.get(k), path, depth - 1, whole)
    return out


#: (header, value key, verdict key, prefix of the keys that explain it) of one convention.
_Group = tuple[str, Optional[str], str, Optional[str]]
_VALUE_KEYS = ("value", "recomputed", "measured", "found", "got")
_RULE_KEYS = ("rule", "note", "how", "tolerance")


def _row_groups(rows: Any) -> list[_Group]:
    """How a list of rows in the evidence gives verdicts: §7.9's conventions (a value ``K`` and its
    verdict ``K ok`` each), or one value and ``ok``; [] when ``rows`` is not a list of named rows
    with verdicts."""
    if not (isinstance(rows, list) and rows and all(isinstance(r, dict) for r in rows)):
        return []
    if not all("name" in r for r in rows):
        return []
    keys = list(rows[0])
    groups: list[_Group] = [(k, k, f"{k} ok", k + " ") for k in keys if f"{k} ok" in rows[0]]
    if not groups and "ok" in rows[0]:
        value = next((k for k in _VALUE_KEYS if k in rows[0]), None)
        groups = [("recomputed", value, "ok", None)]
    return groups


def _convention_table(rows: list[dict], groups: list[_Group], digits) -> Table:
    used = {"name", "printed", "level"}
    for _, value, ok_key, prefix in groups:
        used |= {k for k in rows[0] if k in (value, ok_key) or (prefix and k.startswith(prefix))}
        if prefix is None:
            used |= {k for k in rows[0] if k in _RULE_KEYS}
    rest = [k for k in rows[0] if k not in used]
    header = ["row", "printed", "level"]
    verdict: set[int] = set()
    full: set[int] = set()
    wide = {2}
    for i, (label, *_) in enumerate(groups):
        header += [label, f"{label} verdict" if i else "verdict", f"{label} rule" if i else "rule"]
        verdict.add(len(header) - 2)
        (full if i else wide).add(len(header) - 1)  # the first convention's rule in the reports' table
        if i:
            wide.add(len(header) - 3)
    wide |= set(range(len(header), len(header) + len(rest)))  # what a row adds (``reproduced_by``)
    header += rest
    # what every row says alike (``MC: not run``) is said once, in the caption
    same = [
        k
        for k in rows[0]
        if any(p and k.startswith(p) for *_, p in groups)
        and rows[0][k] not in (None, "")
        and len(rows) > 1
        and all(r.get(k) == rows[0][k] for r in rows)
    ]
    body = []
    for r in rows:
        cells = [value_text(r.get("name")), value_text(r.get("printed")), value_text(r.get("level"))]
        for _, value, ok_key, prefix in groups:
            val, why = _split_value(value_text(r.get(value), digits)) if value else ("", "")
            ok = r.get(ok_key)
            word = ok if isinstance(ok, str) else _VERDICT_WORD.get(ok, value_text(ok))
            rule = [why] if why else []
            for k, v in r.items():
                if v in (None, "") or k in (ok_key, f"{prefix}verdict") or k in same:
                    continue
                if prefix and k.startswith(prefix):
                    label = k[len(prefix) :]
                    rule.append(value_text(v, 4) if label == "how" else f"{label} {value_text(v, 4)}")
                elif prefix is None and k in _RULE_KEYS:
                    rule.append(value_text(v, 4))
            cells += [val, word, "; ".join(rule)]
        cells += [value_text(r.get(k), digits) for k in rest]
        body.append(cells)
    caption = "; ".join(f"{k}: {value_text(rows[0][k], 4)}" for k in same)
    return Table(
        header, body, caption=f"in every row: {caption}" if caption else "", verdict=verdict, full=full, wide=wide
    )


def _list_table(key: str, rows: list[dict], digits) -> Table:
    keys: list[str] = []
    for r in rows:
        keys += [k for k in r if k not in keys]
    return Table(
        [str(k) for k in keys], [[value_text(r.get(k), digits) for k in keys] for r in rows], caption=str(key)
    ).drop_empty()


def _enclosure_table(records: list[dict]) -> Table:
    body = []
    for d in records:
        enc = d.get("enclosure")
        enc_text = (
            interval_text(float(enc[0]), float(enc[1]))
            if isinstance(enc, list) and len(enc) == 2 and all(isinstance(x, (int, float)) for x in enc)
            else value_text(enc)
        )
        printed = value_text(d.get("printed"))
        iv = d.get("interval")
        iv_text = tidy_text(f"{printed} = [{iv[0]}, {iv[1]}]") if isinstance(iv, list) and len(iv) == 2 else printed
        body.append(
            [value_text(d.get("name")), iv_text, enc_text, value_text(d.get("prec")), value_text(d.get("verdict"))]
        )
    return Table(["row", "printed", "enclosure", "bits", "verdict"], body, caption="enclosures", verdict={4})


def _equal(a: Any, b: Any) -> bool:
    try:
        return a is not None and b is not None and _plain(a) == _plain(b)
    except Exception:  # a value that cannot be compared has no verdict of its own
        return False


def evidence_of(
    measured: Any,
    expected: Any,
    evidence: Optional[dict],
    detail: str = "",
    *,
    kind: str = "",
    digits: Optional[int] = None,
) -> Evidence:
    """The evidence of one verdict as tables (the module docstring says how the rows are found);
    ``kind``: the certificate's kind (a symbolic one names its columns identity / residual);
    ``digits``: floats with at most that many significant digits (a compact display)."""
    ev = dict(evidence or {})
    tables: list[Table] = []
    sub = ev.pop("subchecks", None)
    failures = ev.pop("failures", None)
    undecided_list = ev.get("undecided")
    undecided = {str(x) for x in undecided_list} if isinstance(undecided_list, list) else set()
    enc = ev.get("enclosures")
    records: list = enc if isinstance(enc, list) else []
    by_name = {str(d.get("name")): d for d in records if isinstance(d, dict) and "name" in d}

    main: Optional[Table] = None
    named: set[str] = set()
    groups = _row_groups(ev.get("rows"))
    if groups:
        rows = ev.pop("rows")
        main = _convention_table(rows, groups, digits)
        named = {str(r.get("name")) for r in rows}
        if undecided_list is not None and all(str(x) in named for x in undecided):
            ev.pop("undecided", None)

    checks = {str(s.get("name")): s for s in sub if isinstance(s, dict)} if isinstance(sub, list) else {}
    failed = {str(x) for x in failures} if isinstance(failures, list) else None
    pairs = [
        p
        for p in _flatten(_plain(measured), _plain(expected), "", 2, frozenset(checks) | frozenset(failed or ()))
        if p[0] not in named and not (p[1] is None and p[2] is None)
    ]
    symbolic = kind == "symbolic"
    if pairs:
        body = []
        for path, m, e in pairs:
            name = path or "value"
            s = checks.get(name)
            rec = by_name.get(name)
            if rec is not None and isinstance(m, list) and len(m) == 2 and all(isinstance(x, float) for x in m):
                got, why = interval_text(m[0], m[1], digits or 12), ""
            else:
                got, why = _split_value(value_text(m, digits))
            note = tidy_text(s.get("note") or "") if s else ""
            if rec is not None:  # the enclosure is the recomputed column already
                note = re.sub(r"enclosure \[[^\]]*\] ", "enclosure ", note)
            rule = "; ".join(([why] if why and why not in note else []) + ([note] if note else []))
            if s is not None:
                ok = s.get("ok")
                word = UNDECIDED if ok is None else (OK if ok else FAIL)  # None: an undecided row
                if rec is not None and rec.get("verdict") == "UNDECIDED":
                    word = UNDECIDED
                elif word == FAIL and s.get("severity"):
                    word = f"FAIL {s['severity']}"
            elif name in undecided:
                word = UNDECIDED
            elif failed is not None and name in {x for x in failed}:
                word = FAIL
            elif failed is not None and m is not None:
                word = OK
            elif _equal(m, e):
                word = AGREES
            else:
                word = ""
            level = value_text(s.get("level")) if s else ""
            body.append([name, value_text(e, digits), got, rule, level, word])
        header = (
            ["identity / claim", "expected", "found (residual)", "rule", "level", "verdict"]
            if symbolic
            else ["row", "printed", "recomputed", "rule", "level", "verdict"]
        )
        extra = Table(header, body, verdict={5}, wide={4})
        if main is None:
            main = extra
        else:  # the values a check reports beside its rows (e.g. the law it compares with)
            extra.caption = "other values"
            tables.append(extra)
        if undecided_list is not None and all(str(x) in {p[0] for p in pairs} for x in undecided):
            ev.pop("undecided", None)
    if records and all(str(d.get("name")) in {r[0] for r in (main.rows if main else [])} for d in records):
        ev.pop("enclosures", None)  # each is a row of the main table already

    data: list[tuple[str, str]] = []
    for k, v in ev.items():
        if k == "enclosures" and isinstance(v, list) and v and all(isinstance(d, dict) for d in v):
            tables.append(_enclosure_table(v))
        elif isinstance(v, list) and v and all(isinstance(d, dict) for d in v):
            tables.append(_list_table(k, v, digits))
        elif k != "printed_output":
            data.append((str(k), value_text(v, digits) if v is not None else "null"))
    return Evidence(main.drop_empty() if main else None, tables, data, tidy_text(detail))


def result_evidence(r: Any, digits: Optional[int] = None) -> Evidence:
    """:func:`evidence_of` a :class:`certificates.results.Result`."""
    return evidence_of(r.measured, r.expected, r.evidence, r.detail, kind=r.certificate.kind.value, digits=digits)


# --- terminal -------------------------------------------------------------------------------------

#: Where a token too long for its column may be broken (after these), never inside a number.
_SOFT = set(",;*/)]}=|")


def _soft(tok: str, i: int) -> bool:
    """May ``tok`` be broken after its character ``i``?  After a separator or an opening bracket,
    after a point between letters (``Interval.open``); never inside a number."""
    ch = tok[i]
    if ch == "." and 0 < i < len(tok) - 1:
        return tok[i - 1].isalpha() and tok[i + 1].isalpha()
    return ch in _SOFT or (ch in "([{" and i > 0)


def _break_token(tok: str, width: int) -> list[str]:
    parts = []
    while len(tok) > width:
        cut = max((i + 1 for i, ch in enumerate(tok[:width]) if _soft(tok, i)), default=0)
        if cut <= 0:
            cut = width
            while cut > 0 and tok[cut - 1] in "0123456789.eE+-" and tok[cut] in "0123456789.eE+-":
                cut -= 1
            if cut <= 0:  # a number wider than the column (the column is at least as wide as it)
                cut = width
        parts.append(tok[:cut])
        tok = tok[cut:]
    return parts + ([tok] if tok else [])


def _wrap(text: str, width: int) -> list[str]:
    words: list[str] = []
    for w in text.split():
        words += _break_token(w, width) if len(w) > width else [w]
    return textwrap.wrap(" ".join(words), width=width, break_long_words=False, break_on_hyphens=False) or [""]


def _fit(lines: list[str], width: int, max_lines: Optional[int]) -> list[str]:
    if max_lines is None or len(lines) <= max_lines:
        return lines
    out = lines[:max_lines]
    last = out[-1]
    while last and len(last) + 2 > width:
        last = last.rsplit(" ", 1)[0] if " " in last else ""
    out[-1] = (last + " …").rstrip() if last.strip() else "…"
    return out


def _cell(text: str) -> str:
    return " ".join(terminal(text).split())


def table_lines(
    t: Table, width: int, *, verbose: bool = False, indent: str = "  ", max_lines: int = 2, gap: int = 2
) -> list[str]:
    """A table in plain text no wider than ``width``: every cell wrapped at spaces in its column
    (a token wider than its column broken after a separator, never inside a number), the verdict
    columns whole; compact (not ``verbose``): the ``full`` columns left out and a cell cut to
    ``max_lines`` lines (marked ``…``)."""
    cols = [i for i in range(len(t.header)) if verbose or i not in t.full | t.wide]
    if not cols or not t.rows:
        return []
    head = [_cell(t.header[i]) for i in cols]
    body = [[_cell(r[i]) for i in cols] for r in t.rows]
    avail = max(len(cols), width - len(indent) - gap * (len(cols) - 1))
    verdict = {j for j, i in enumerate(cols) if i in t.verdict}
    full_natural = [max(len(x) for x in [h] + [r[j] for r in body]) for j, h in enumerate(head)]
    natural = full_natural
    if not verbose:  # a compact table gives its room to the first column (the row's name) first
        natural = [n if j == 0 or j in verdict else min(n, 18) for j, n in enumerate(natural)]
    cells_of = [[h] + [r[j] for r in body] for j, h in enumerate(head)]
    longest = [max(max((len(w) for w in x.split()), default=0) for x in c) for c in cells_of]
    # a column is never narrower than its longest number (a number is never broken)
    floor = [max([len(n) for x in c for n in _NUMBER_RUN.findall(x)] + [1]) for c in cells_of]
    floor = [natural[j] if j in verdict else floor[j] for j in range(len(cols))]
    if sum(floor) > avail:  # no column layout fits: one block per row
        return _stacked_lines(head, body, verdict, width, indent, None if verbose else max_lines)
    minw = [max(floor[j], min(longest[j], 14)) for j in range(len(cols))]
    while sum(minw) > avail:  # squeeze the widest column that can give
        j = max((k for k in range(len(cols)) if minw[k] > floor[k]), key=lambda k: minw[k], default=None)
        if j is None:
            break
        minw[j] -= 1
    widths = list(minw)
    for goal in (natural, full_natural):  # the room left goes to what would still wrap
        spare = avail - sum(widths)
        while spare > 0:
            want = [goal[j] - widths[j] for j in range(len(cols))]
            total = sum(w for w in want if w > 0)
            if total <= 0:
                break
            given = 0
            for j in range(len(cols)):
                if want[j] > 0:
                    add = min(want[j], max(1, spare * want[j] // total), spare - given)
                    widths[j] += add
                    given += add
            if given == 0:
                break
            spare -= given
    out = []
    for k, r in enumerate([head] + body):
        cells = [_wrap(x, widths[j]) for j, x in enumerate(r)]
        if k and not verbose:
            cells = [c if j in verdict else _fit(c, widths[j], max_lines) for j, c in enumerate(cells)]
        for n in range(max(len(c) for c in cells)):
            line = (" " * gap).join((c[n] if n < len(c) else "").ljust(widths[j]) for j, c in enumerate(cells))
            out.append((indent + line).rstrip())
        if k == 0:
            out.append(indent + (" " * gap).join("-" * w for w in widths))
    return out


_NUMBER_RUN = re.compile(r"[-+]?\d[\d.eE+-]*")


def _stacked_lines(
    head: list[str], body: list[list[str]], verdict: set[int], width: int, indent: str, max_lines: Optional[int]
) -> list[str]:
    """The rows of a table too wide for ``width`` as blocks: the first cell and the verdict on the
    first line, then ``header: cell`` for every other non-empty cell, each wrapped."""
    out: list[str] = []
    for r in body:
        words = "; ".join(f"{head[j]}: {r[j]}" for j in sorted(verdict) if r[j])
        first = f"{r[0]} -- {words}" if words else r[0]
        out += _wrap_text(first, width, indent, indent + "    ")
        for j, x in enumerate(r):
            if j == 0 or j in verdict or not x:
                continue
            lines = _wrap_text(x, width, f"{indent}    {head[j]}: ", indent + "      ")
            out += _fit(lines, width, max_lines)
    return out


def _wrap_text(text: str, width: int, first: str, indent: str) -> list[str]:
    return textwrap.wrap(
        terminal(text),
        width=width,
        initial_indent=first,
        subsequent_indent=indent,
        break_long_words=True,
        break_on_hyphens=False,
    ) or [first.rstrip()]


def evidence_lines(
    ev: Evidence, width: int, *, verbose: bool = False, explanation_lines: int = 4, many_rows: int = 20
) -> list[str]:
    """``psa-cert show``'s evidence: the rows as a table, the other tables, the evidence data, then
    the explanation; compact (not ``verbose``): the explanation cut to ``explanation_lines`` lines,
    a table of more than ``many_rows`` rows without its rule column, the data named, not shown,
    and a pointer to ``-v``."""
    out: list[str] = []
    hidden = False
    main = ev.main
    if main is not None and main.rows:
        out.append(f"  evidence ({len(main.rows)} row{'s' if len(main.rows) != 1 else ''}):")
        if verbose and main.caption:
            out += _wrap_text(main.caption, width, "  ", "    ")
        if not verbose and len(main.rows) > many_rows:  # a long table: one line a row, the rules with -v
            main = Table(
                **{**vars(main), "wide": main.wide | {i for i, h in enumerate(main.header) if h.endswith("rule")}}
            )
        rest = 0
        if not verbose and len(main.rows) > 1.5 * many_rows:  # a long table: every row that did not pass
            vcols = sorted(main.verdict)
            passed = [k for k, r in enumerate(main.rows) if all(r[i] in (OK, AGREES) for i in vcols)]
            keep = set(range(len(main.rows))) - set(passed[max(0, many_rows - (len(main.rows) - len(passed))) :])
            rest = len(main.rows) - len(keep)
            main = Table(**{**vars(main), "rows": [r for k, r in enumerate(main.rows) if k in keep]})
        out += table_lines(main, width, verbose=verbose)
        if rest:
            out += _wrap_text(
                f"... and {rest} more rows, every one ok (psa-cert show -v lists them)", width, "  ", "  "
            )
        hidden |= not verbose and bool(main.full | main.wide or rest)
    for t in ev.tables:
        if not verbose:
            hidden = True
            continue
        out.append(f"  {terminal(t.caption)} ({len(t.rows)} rows):")
        out += table_lines(t, width, verbose=True)
    if ev.data:
        if verbose:
            out.append("  evidence data:")
            for k, v in ev.data:
                out += _wrap_text(v, width, f"    {terminal(k)}: ", "        ")
        else:
            hidden = True
    expl = ev.explanation
    if not verbose and ev.main is not None and " | " in expl:
        expl = expl.split(" | ")[0]  # the rest lists the rows of the table again
        hidden = True
    lines = _wrap_text(expl, width, "  explanation: ", "      ") if expl else []
    room = max(explanation_lines, min(3 * explanation_lines, 24 - len(out)))  # more after a short table
    if not verbose and len(lines) > room:
        lines = lines[:room]
        lines[-1] = _fit([lines[-1], ""], width, 1)[0]
        hidden = True
    out += lines
    if hidden:
        more = [t.caption for t in ev.tables] + [k for k, _ in ev.data]
        note = "  (psa-cert show -v: every column, the whole explanation"
        note += f", {', '.join(more)})" if more else ")"
        out += _wrap_text(note.strip(), width, "  ", "   ")
    return out


# --- HTML -----------------------------------------------------------------------------------------


def _verdict_class(word: str) -> str:
    w = word.split()[0] if word else ""
    return {"ok": "ok", "agrees": "ok", "PASS": "ok", "FAIL": "fail", "undecided": "undecided"}.get(w, "none")


def table_html(t: Table) -> str:
    """A table as HTML, every cell escaped (:func:`psa_io.escape.html`); a verdict cell carries
    ``class="v v-ok|v-fail|v-undecided"``."""
    cap = f"<caption>{html_text(t.caption)}</caption>" if t.caption else ""
    head = "".join(f"<th>{html_text(h)}</th>" for h in t.header)
    rows = []
    for r in t.rows:
        cells = []
        for i, x in enumerate(r):
            h = f' data-h="{html_text(t.header[i])}"'  # the column's name, shown on a phone (one block a row)
            if i in t.verdict:
                cells.append(f'<td class="v v-{_verdict_class(x)}"{h}>{html_text(x)}</td>')
            elif t.header[i].endswith("rule"):  # the report's style gives a rule room to read
                cells.append(f'<td class="rule"{h}>{html_text(x)}</td>')
            else:
                cells.append(f"<td{h}>{html_text(x)}</td>")
        rows.append("<tr>" + "".join(cells) + "</tr>")
    return (
        f'<div class="tablewrap"><table class="evidence">{cap}<thead><tr>{head}</tr></thead>'
        f"<tbody>{''.join(rows)}</tbody></table></div>"
    )


def evidence_html(ev: Evidence, fold_over: int = 240) -> str:
    """The evidence as HTML: the rows' table, the other tables and the data folded in a
    ``<details>``, then the explanation (folded when longer than ``fold_over`` characters)."""
    parts = []
    more = []
    if ev.main is not None and ev.main.rows:
        parts.append(table_html(ev.main.without(ev.main.full)))
        if ev.main.full:
            more.append(table_html(Table(**{**vars(ev.main), "caption": "every column"})))
    more += [table_html(t) for t in ev.tables]
    if ev.data:
        more.append(table_html(Table(["evidence", "value"], [[k, v] for k, v in ev.data], caption="evidence data")))
    if more:
        parts.append(f"<details><summary>more evidence</summary>{''.join(more)}</details>")
    if ev.explanation:
        pre = f'<pre class="explanation">{html_text(ev.explanation)}</pre>'
        parts.append(
            pre
            if len(ev.explanation) <= fold_over or not parts
            else f"<details><summary>the check's explanation</summary>{pre}</details>"
        )
    return "".join(parts)


# --- Markdown -------------------------------------------------------------------------------------


def table_markdown(t: Table) -> list[str]:
    """A table as GitHub-flavoured Markdown lines, every cell escaped (:func:`psa_io.escape.markdown`,
    ``cell=True``: ``|`` cannot end a cell, no link, no raw HTML)."""

    def cell(x: str) -> str:
        return markdown(x, cell=True) or " "

    out = [f"*{markdown(t.caption)}*", ""] if t.caption else []
    out.append("| " + " | ".join(cell(h) for h in t.header) + " |")
    out.append("|" + "---|" * len(t.header))
    for r in t.rows:
        cells = [f"**{x}**" if i in t.verdict and x.startswith("FAIL") else x for i, x in enumerate(r)]
        out.append("| " + " | ".join(cell(x) for x in cells) + " |")
    return out


def evidence_markdown(ev: Evidence) -> list[str]:
    """The evidence as Markdown lines: the rows' table, then folded in ``<details>`` blocks
    (GitHub folds them) the other tables with the data, and the explanation."""
    out: list[str] = []
    tables = list(ev.tables)
    if ev.main is not None and ev.main.rows:
        out += table_markdown(ev.main.without(ev.main.full)) + [""]
        if ev.main.full:
            tables.insert(0, Table(**{**vars(ev.main), "caption": "every column"}))
    if ev.data:
        tables.append(Table(["evidence", "value"], [[k, v] for k, v in ev.data], caption="evidence data"))
    if tables:
        out += ["<details><summary>More evidence</summary>", ""]
        for t in tables:
            out += table_markdown(t) + [""]
        out += ["</details>", ""]
    if ev.explanation:
        out += ["<details><summary>The check's explanation</summary>", "", markdown(ev.explanation), "", "</details>"]
    return out
