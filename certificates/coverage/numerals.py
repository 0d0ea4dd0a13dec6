"""Every numeral token of a paper's text: where it is, what it says, what it is worth.

One token is one occurrence: ``0.599 ± 0.037`` is two, ``[−1.18, −1.07]`` is two.  A token is

* a decimal or integer of ASCII digits (``0.9876``, ``61``, ``.5`` is not one), with thousands
  separators ``2{,}000`` or ``10\\,000`` (in and out of mathematics) or ``50,342,416`` (outside mathematics, groups
  of exactly three digits);
* with its sign when the sign is unary: ``-``, ``+``, the minus sign ``−`` (U+2212) or ``{-}``,
  after an opening bracket, a space, a relation, a comma or the start of the line (``T-1`` is a
  subtraction: the ``1`` is unsigned);
* with a scientific tail: ``5.3\\!\\cdot\\!10^{2}``, ``9{\\times}10^{-4}``, ``2\\times 10^{-3}``,
  ``1.2535e14``, and a bare power of ten ``10^{-4}`` (value 1e-4);
* with a percent sign ``%`` or ``\\%`` (the value is the number before it: ``2.6\\%`` is 2.6).

Digits inside a word (``exp77``, ``C7``, ``A31.6``, ``d_2``) belong to a name and are no numeral;
nor are other scripts' digits (``٣``): only ASCII digits make a numeral.  The scan is one
left-to-right pass with bounded look-behind, so its time is linear in the line; a text with more
than ``limit`` numerals raises :class:`TooManyNumerals` before more are stored.
"""

from __future__ import annotations

import math
import re
from dataclasses import dataclass
from typing import Iterable, Optional

#: The most numerals one paper may have (the main paper has about 9,000).
MAX_NUMERALS = 200_000

_CORE = re.compile(
    r"(?:\d{1,3}(?:\{,\}\d{3})+(?!\d)|\d{1,3}(?:\\,\d{3})+(?!\d)|\d{1,3}(?:,\d{3})+(?![\d])|\d+)(?:(?:\.|\{\.\})\d+)?",
    re.ASCII,
)
_SCI_TAIL = re.compile(
    r"(?:[eE](?P<e1>[-+]?\d{1,4})(?![\w])"
    r"|\s*(?:\\[!,;:]|\{)?\s*\\(?:cdot|times)\s*(?:\\[!,;:]|\})?\s*10\^\{?(?P<e2>(?:[-+−]|\{-\})?\d{1,4})\}?)",
)
_POW10 = re.compile(r"\^\{?(?P<e>(?:[-+−]|\{-\})?\d{1,4})\}?")
_PERCENT = re.compile(r"\s?\\?%")
_SIGNS = ("{-}", "{+}", "{−}", "-", "+", "−")
#: The last characters of the signs: a sign can end just before a number only at one of them.
_SIGN_ENDS = frozenset(s[-1] for s in _SIGNS)


class TooManyNumerals(ValueError):
    """A text with more numerals than the limit."""


@dataclass(frozen=True)
class Numeral:
    line: int  #: 1-based
    start: int  #: 0-based column of the token's first character (its sign, if any)
    end: int  #: 0-based column after the token
    text: str
    value: Optional[float]  #: None when not finite (``1e999``)
    percent: bool = False
    scientific: bool = False
    signed: bool = False

    @property
    def column(self) -> int:
        """1-based column, as reports print it."""
        return self.start + 1

    @property
    def digits(self) -> str:
        """The number as printed without sign, separators or tail: ``2{,}000`` -> ``2000``."""
        core = self.text
        for s in _SIGNS:
            if core.startswith(s):
                core = core[len(s) :].lstrip()
                break
        m = _CORE.match(core)
        return (m.group(0) if m else core).replace("{,}", "").replace("\\,", "").replace(",", "").replace("{.}", ".")


def _numeral(
    line: int, start: int, end: int, text: str, value: Optional[float], percent: bool, scientific: bool, signed: bool
) -> Numeral:
    """``Numeral(line, start, end, ...)``, the same object (its fields set in their order, as the frozen
    dataclass's ``__init__`` sets them), built without that ``__init__``'s eight ``object.__setattr__``
    calls: a paper is hundreds of thousands of tokens at most, and this is most of the scan's time per
    token (``tests/certificates/test_coverage.py`` checks it equals the dataclass's own)."""
    n = _object_new(Numeral)
    d = n.__dict__
    d["line"], d["start"], d["end"], d["text"] = line, start, end, text
    d["value"], d["percent"], d["scientific"], d["signed"] = value, percent, scientific, signed
    return n


_object_new = object.__new__
_isfinite = math.isfinite


def _unary_sign(line: str, start: int) -> int:
    """The column where a unary sign before ``start`` begins (``start`` when there is none)."""
    if start == 0 or line[start - 1] not in _SIGN_ENDS:  # no sign ends just before the number
        return start
    for s in _SIGNS:
        j = start - len(s)
        if j >= 0 and line.startswith(s, j):
            k = j - 1
            while k >= 0 and line[k] == " ":
                k -= 1
            before = line[k] if k >= 0 else ""
            if before == "":
                return j
            if before == "|" and k < j - 1:
                return j  # a Markdown cell "| +0.000791 |": the bar is a separator, not |x|
            if before.isalnum() or before in ")]|'!":
                return start
            if before == "}":  # after {=}, {<}, {(} the sign is unary; after x_{1} it is binary
                if k >= 2 and line[k - 2] == "{" and not line[k - 1].isalnum():
                    return j
                return start
            return j
    return start


def _exp_value(text: str) -> int:
    return int(text.replace("{-}", "-").replace("−", "-"))


def _value(digits: str, exponent: Optional[int], mantissa: bool) -> Optional[float]:
    try:
        v = float(digits) if mantissa else 1.0
        if exponent is not None:
            v = v * 10.0**exponent
    except (OverflowError, ValueError):
        return None
    return v if math.isfinite(v) else None


def tokenize_line(line: str, number: int, in_math=lambda start, end: False, limit: int = MAX_NUMERALS) -> list[Numeral]:
    """The numerals of one line (``number`` is its 1-based line number); ``in_math(start, end)``
    says whether columns lie in mathematics (plain-comma thousands only count outside).  More
    than ``limit`` numerals raise :class:`TooManyNumerals` before the next one is stored."""
    out: list[Numeral] = []
    pos, n = 0, len(line)
    while pos < n:
        m = _CORE.search(line, pos)
        if m is None:
            break
        if len(out) >= limit:
            raise TooManyNumerals(f"more than {limit} numerals (the limit of one paper)")
        start, end = m.span()
        core = m.group(0)
        prev = line[start - 1] if start > 0 else ""
        if prev and (prev.isalnum() or prev in "_." or prev == "\\"):
            # inside a name (exp77, A31.6, d_2) or another script's digits: skip the whole run
            pos = end
            while pos < n and (line[pos].isalnum() or line[pos] in "_."):
                pos += 1
            continue
        if "," in core and "," in core.replace("{,}", "").replace("\\,", "") and in_math(start, end):
            core = re.match(r"\d+(?:\.\d+)?", core, re.ASCII).group(0)  # type: ignore[union-attr]
            end = start + len(core)
        # separators and a braced point hold a comma or a brace: a plain run of digits is its own digits
        digits = (
            core.replace("{,}", "").replace("\\,", "").replace(",", "").replace("{.}", ".")
            if "," in core or "{" in core
            else core
        )
        exponent: Optional[int] = None
        mantissa, scientific = True, False
        tail = _SCI_TAIL.match(line, end)
        if tail:
            exponent = _exp_value(tail.group("e1") or tail.group("e2"))
            end, scientific = tail.end(), True
        elif digits == "10":
            power = _POW10.match(line, end)
            if power:
                exponent, mantissa = _exp_value(power.group("e")), False
                end, scientific = power.end(), True
        percent = False
        nxt = line[end : end + 1]
        # a percent sign is the next character, or follows a backslash or one whitespace character
        if nxt == "%" or nxt == "\\" or (nxt.isspace() and line[end + 1 : end + 2] in ("%", "\\")):
            pct = _PERCENT.match(line, end)
            if pct:
                end, percent = pct.end(), True
        # no sign can end just before the number (most tokens): no look-behind, no sign
        if start == 0 or line[start - 1] not in _SIGN_ENDS:
            first, sign = start, ""
        else:
            first = _unary_sign(line, start)
            sign = line[first:start].strip("{} ")
        value: Optional[float]
        if exponent is None:  # a plain decimal: float() of ASCII digits never raises (a huge one is inf)
            value = float(digits)
            if not _isfinite(value):
                value = None
        else:
            value = _value(digits, exponent, mantissa)
        if value is not None and sign in ("-", "−"):
            value = -value
        out.append(_numeral(number, first, end, line[first:end], value, percent, scientific, first != start))
        pos = end
    return out


def tokenize(lines: Iterable[str], *, limit: int = MAX_NUMERALS, in_math=None) -> list[Numeral]:
    """Every numeral of ``lines`` in reading order; :class:`TooManyNumerals` past ``limit``.

    ``in_math(line, start, end)`` (1-based line) says whether a span lies in mathematics."""
    out: list[Numeral] = []
    for i, line in enumerate(lines, start=1):
        test = (lambda s, e, i=i: in_math(i, s, e)) if in_math is not None else (lambda s, e: False)
        try:
            out.extend(tokenize_line(line, i, test, limit - len(out)))
        except TooManyNumerals:
            raise TooManyNumerals(f"more than {limit} numerals (the limit of one paper)") from None
    return out
