"""The class of every numeral occurrence: checked, setting, not-checkable, label, formula, unaccounted.

Rules, in this order (the first that applies decides):

1. ``checked`` / ``setting``: a locator of a certificate resolves to it (:mod:`.locators`); a
   claim is ``checked`` when the certificate's verdict is PASS or FAIL (an ERROR or no verdict
   leaves it ``unaccounted``, with the certificate named), a setting is ``setting``.
2. ``label``: numbering and references -- the number of a heading; a number right after
   ``Table``, ``Fig.``, ``§``, ``eq.``, ``Theorem``, ``Prop.``, ``Definition``, ``Appendix`` ...
   (and the next ones of a list: ``Theorems 64 and 65``, ``§7.9–7.10``); an equation tag or
   reference ``(51)`` (an integer alone in parentheses, outside mathematics or ending a display
   line) and a statement part ``64(2)``; part of a name after a hyphen (``FP-18b``); a citation
   year (``Murray, 2010``, ``et al. 2019``); anything in a reference list.
3. ``formula``: a constant inside printed mathematics -- an exponent or subscript (``^{2}``,
   ``_{1}``, inside ``^{1/4}``), an integer coefficient (``8L``, ``2\\gamma``; not ``16\\times``), an
   integer operand beside a variable (``T-1``, ``1+2\\gamma``), an argument of ``\\frac``/``\\sqrt``,
   a layout length (``4.73611pt``), an integer of a display equation.  A decimal is never a
   formula constant unless it is in a script or a layout length: a printed value stays a value.
4. ``not-checkable``: only from explicit data with its reason (table cells, rows, columns or
   pieces of text declared in :data:`.locators_data.NOT_CHECKABLE`), and only for a numeral that
   is none of the above: a declaration never hides a label or a formula constant.
5. ``unaccounted``: everything else.  No number defaults to not-checkable.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Optional

from .numerals import Numeral
from .text import Paper

CLASSES = ("checked", "setting", "not-checkable", "label", "formula", "unaccounted")

_LABEL_WORDS = (
    r"Tables?|Figs?\.|Figures?|Sections?|Secs?\.|§§?|Eqs?\.|eqs?\.|Equations?|equations?|Theorems?|Thms?\."
    r"|Propositions?|Props?\.|Lemmas?|Lem\.|Definitions?|Defs?\.|Corollar(?:y|ies)|Cors?\.|Remarks?|Rems?\."
    r"|Algorithms?|Alg\.|Appendix|Appendices|Experiments?|Assumptions?|Conjectures?|Steps?|Examples?"
    r"|Claims?|Panels?|panels?|Chapters?|Notebooks?|Rows?|Columns?|Lines?|lines?|Tranches?|Parts?|p\.|pp\."
    r"|Layers?|Dev|Stream|Fix|CHECK|Sweep|sweep"
)
_LABEL_BEFORE = re.compile(r"(?:" + _LABEL_WORDS + r")[ ~\u00a0-]*(?:\\,|\\ )?$")
_LIST_GAP = re.compile(r"^\s*(?:,|and|or|to|–|—|-|,\s*and|\\text\{--\}|--)\s*(?:§)?\s*$")
_CITE_BEFORE = re.compile(
    r"(?:et al\.?,?|and others,|[A-Z][\w\-’'.]+,|[A-Z][a-z]+ in|\b[A-Z][A-Za-z]*[A-Z][A-Za-z]*)\s*$"
)
#: a run's name: exp69/65/71, exp88–96, 15/v2
_RUN_NAME_BEFORE = re.compile(r"(?:exp|(?<![A-Za-z])[A-Z]{1,3}[_-]?)\d+(?:[/–-]\d+)*[/–-]$")
#: a product or model name: RTX 4090
_PRODUCT_BEFORE = re.compile(r"\b[A-Z]{2,}[A-Za-z]*\s$")
#: part of a name after the number: 3-Gram, 17-Site, 2D rotations, the symplectic 2-form
_NAME_AFTER = re.compile(r"(?:-[A-Z]|D\b|-form\b|-(?:tap|gram|pass|site)\b)")
_REFERENCES = re.compile(r"^\s*(?:#{1,6}\s*)?(?:References|Bibliography)\s*$")
_SCRIPT_BEFORE = re.compile(r"[\^_]\{?$")
_FRAC_BEFORE = re.compile(r"(?:\\[td]?frac\{|\\sqrt\{|\\sqrt\[|\}\{)$")
_LAYOUT_AFTER = re.compile(r"(?:pt|em|ex|mm|cm)\b")
#: a command after an integer that makes it a coefficient (2\gamma, 4\sigma^{4}); \times, \%, \!
#: and the like do not (16\!\times\!16 is a size, 53\times a ratio)
_COEFFICIENT_AFTER = re.compile(
    r"\{?\\(?:[a-z]*(?:alpha|beta|gamma|delta|epsilon|zeta|eta|theta|iota|kappa|lambda|mu|nu|xi|pi|rho|sigma|tau|phi|chi|psi|omega)|sqrt|log|ln|exp|sin|cos|frac|tfrac|dfrac|math(?:bb|cal|rm|bf|sf)\{[A-Za-z])",
    re.I,
)
#: an integer operand of an operator whose other operand is a variable: T-1, t-1, 1+2\gamma, L+2
_OPERAND_BEFORE = re.compile(r"[A-Za-z}\)][ ]*(?:[-+*/−]|\{[-+−]\})[ ]*$")
_OPERAND_AFTER = re.compile(r"[ ]*(?:[-+*/−]|\{[-+−]\})[ ]*\d*(?:[A-Za-z]|\\[a-zA-Z]|\(|\|)")
#: a bracketed citation outside mathematics: [8, 9], [38, 39, 43], [12–14]
_CITATION = re.compile(r"\[\d{1,3}(?:\s*(?:,|–|-)\s*\d{1,3})*\]")
#: an inequality sign right before (or after) a number: the 0 of \gamma>0, the 1 of order \geq 1
_INEQ_BEFORE = re.compile(r"(?:<|>|\\geq?|\\leq?|\\neq|\\ll|\\gg|\\geqslant|\\leqslant)\}?\s*$")
_INEQ_AFTER = re.compile(r"\s*(?:<|>|\\geq?|\\leq?|\\neq|\\ll|\\gg)\s*(?:[A-Za-z]|\\[a-zA-Z])")
#: a relation whose right-hand 0, 1 or 2 is a constant of the formula: f\equiv 0, \to 0, B\neq 0
_REL_BEFORE = re.compile(
    r"(?:\\equiv|\\to|\\neq|\\succ|\\prec|\\succeq|\\preceq|\\leftarrow|\\mapsto|\\approx)\s*(?:\\!)?\{?\s*$"
)
#: an equation whose left-hand side is an expression (ends in ), ], |, } or is a single letter or a
#: Greek letter that is not one of the experiments' parameters): |H|^{2}=1, Xe_{p}=0, \lambda=1
_EQ_BEFORE = re.compile(
    r"(?:[\)\]\|\}]|(?<![A-Za-z\\])[A-JMOPQRSUWXYZa-ce-jl-mo-su-z]"
    r"|\\(?:lambda|rho|mu|nu|phi|psi|xi|omega|varepsilon|epsilon|sigma))\s*(?:=|\{=\})\s*$"
)
#: the left-hand side of an equation or inequality inside its math span is an expression (an
#: operator in it): \alpha+\beta=1, 2x^{2}-\sqrt{d_{k}}\,x+L=0, H(e^{j0})=-1
_EXPR_LHS = re.compile(r"[^$]*(?:[+\-(|]|\\cdot)[^$=<>]*(?:=|\{=\}|\\geq?|\\leq?|>|<)\s*$")
#: the experiments' parameters: a relation on them states a value or a threshold, not a constant
_PARAMETER_LHS = re.compile(r"(?:\\gamma(?:_\{?[a-z*]\}?)?|\\beta|\\theta|\bN|\bL|\bT|\bV|d_\{?k\}?)\s*\S{0,8}$")
#: a conventional constant named in the text: the 3 dB of a cutoff, the factor 2 in a formula, an
#: eigenvalue 0, the (2,2) block of a matrix
_CONSTANT_AFTER = re.compile(r"\$?\s?(?:\u2009|\s)?dB\b")
_CONSTANT_BEFORE = re.compile(r"(?:\bfactor|\beigenvalues?)\s*\$?$")
#: an indicator or constant vector: \mathbf{1}, \mathbb{1}; the 1 of O(1)
_INDICATOR_BEFORE = re.compile(r"\\math(?:bf|bb|ds|rm)\{$")
_BIG_O = re.compile(r"(?:\bO|\\mathcal\{O\})\($")
#: an interval or tuple with a symbolic other end: [0,\pi], (0,\pi], [1,T-1], [1,N], (q,0)
_SYMBOLIC_PAIR = re.compile(r"[\[\(]\s*([^,\[\]\(\)$]{1,20})\s*,\s*([^,\[\]\(\)$]{1,20})\s*[\]\)]")
#: a constant named by the words before it: "integrating from $0$ to", "blocks of size $2$",
#: "else $0$", "initialised to $0$", the stencil order "(0)\to(2)"
_WORDED_CONSTANT = re.compile(
    r"(?:\bintegrat\w* from \$|\bblocks? of size \$|\belse \$|\botherwise \$|\binitiali[sz]ed to \$|\\to\()$"
)
#: a numbered line of an algorithm or a list: "3: $P_{q}...", "2. What does"
_LINE_NUMBER = re.compile(r"^\s*(?:#\s*)?\d{1,3}[.:)](?:\s|$)")
#: a member of the order lattice, (0,0) ... (1,1): "order $(0,0)$", "the $(1,1)$ member"
_LATTICE = re.compile(r"\(\s*[012]\s*,\s*[012]\s*\)")


@dataclass(frozen=True)
class Occurrence:
    numeral: Numeral
    section: str
    klass: str
    certificate: Optional[str] = None
    status: Optional[str] = None
    reason: Optional[str] = None
    claim: Optional[str] = None


def _reference_lines(paper: Paper) -> set[int]:
    """Lines of a reference list: from a 'References' heading to the next numbered section."""
    out: set[int] = set()
    starts = {s.line for s in paper.sections}
    inside = False
    for i, line in enumerate(paper.lines, start=1):
        if _REFERENCES.match(line):
            inside = True
            continue
        if i in starts:
            inside = False
        if inside:
            out.add(i)
    return out


def _is_label(paper: Paper, t: Numeral, prev: Optional[tuple[Numeral, bool]], refs: set[int]) -> bool:
    line = paper.lines[t.line - 1]
    if t.line in refs:
        return True
    sec = paper.section_of(t.line)
    if sec.line == t.line and t.start <= 12 and "." not in line[: t.start].replace("#", ""):
        return True  # the heading's own number
    before = line[max(0, t.start - 24) : t.start]
    if _LABEL_BEFORE.search(before):
        return True
    if not line[: t.start].strip(" #") and _LINE_NUMBER.match(line) and not paper.in_math(t.line, t.start, t.end):
        return True  # the number of an algorithm's line or a list item: "3: $P_{q}...", "2. What"
    if prev is not None and prev[1] and prev[0].line == t.line and _LIST_GAP.match(line[prev[0].end : t.start]):
        return True
    integer = t.digits.isdigit() and not t.percent and not t.signed
    if integer and t.start > 0 and line[t.start - 1] == "(" and line[t.end : t.end + 1] == ")":
        if not paper.in_math(t.line, t.start, t.end) or not line[t.end + 1 :].strip():
            return True  # an equation tag or reference (51), a statement part 64(2), a display's tag
    if integer and not paper.in_math(t.line, t.start, t.end) and re.search(r"[A-Za-z]-$", before):
        return True  # part of a name: FP-18b, GPT-2
    if integer and len(t.digits) == 4 and 1900 <= int(t.digits) <= 2099 and _CITE_BEFORE.search(before):
        return True  # a cited year: (Su and others, 2024), ICLR 2019
    outside = not paper.in_math(t.line, t.start, t.end)
    if integer and outside and (_RUN_NAME_BEFORE.search(before) or re.match(r"/v\d", line[t.end :])):
        return True  # a run's name: exp69/65/71, 15/v2
    if integer and outside and len(t.digits) >= 3 and _PRODUCT_BEFORE.search(before):
        return True  # a product's name: RTX 4090
    if integer and outside and _NAME_AFTER.match(line, t.end):
        return True  # part of a name: 3-Gram, 17-Site, 2D, the 2-form
    if integer and outside:
        for m in re.finditer(r"\(([^()]*;[^()]*)\)", line):
            if m.start() < t.start and t.end <= m.end() - 1:
                here = line[m.start(1) : m.end(1)]
                if re.search(r"et al\.|and others", here) and re.match(r"\s*(?:;|\))", line[t.end :]):
                    return True  # a numbered citation in a list of citations: (40; Su and others, 2024; 35)
    if integer and not paper.in_math(t.line, t.start, t.end):
        for m in _CITATION.finditer(line, max(0, t.start - 40), t.end + 40):
            if m.start() < t.start and t.end < m.end():
                return True  # a citation [8, 9]
    return False


def _is_formula(paper: Paper, t: Numeral) -> bool:
    line = paper.lines[t.line - 1]
    if not paper.in_math(t.line, t.start, t.end):
        # a subscript or exponent the text lost its dollar signs around: T_{2} in a heading
        if re.search(r"[\^_]\{$", line[: t.start]) and line[t.end : t.end + 1] == "}":
            return True
        # a formula written in words about a function or an operator: "a function that is 0 at 0",
        # "concentrated at 0", "an operator of history length 1"
        near = line[max(0, t.start - 60) : t.end + 60]
        return (
            t.digits in ("0", "1")
            and not t.signed
            and bool(re.search(r"(?:\b(?:is|at|length)) $", line[max(0, t.start - 8) : t.start]))
            and bool(re.search(r"\b(?:function|operator)\b", near))
        )
    before = line[max(0, t.start - 8) : t.start]
    if _SCRIPT_BEFORE.search(before) or _FRAC_BEFORE.search(before) or _in_script(line, t.start):
        return True
    if _LAYOUT_AFTER.match(line, t.end):
        return True
    integer = t.digits.isdigit() and not t.percent and not t.scientific
    if integer and paper.display[t.line - 1]:
        return True
    if t.digits in ("0", "1", "2") and not t.signed and _WORDED_CONSTANT.search(line[max(0, t.start - 40) : t.start]):
        return True  # integrating from 0 to, blocks of size 2, else 0, initialised to 0, order (0)->(2)
    if (
        t.digits in ("0", "1", "2")
        and re.search(r"\$\($", line[max(0, t.start - 2) : t.start])
        and re.match(r"\)\\to", line[t.end :])
    ):
        return True  # the stencil order (0)->(2)
    span = next(((a, b) for a, b in paper.math[t.line - 1] if a <= t.start and t.end <= b), (0, len(line)))
    if t.digits == "0" and re.search(r"(?:\\gamma|\\beta)=$", line[max(0, t.start - 8) : t.start]):
        if re.match(r"\$[ ,]*(?:the map|the shear|causal first|by exchangeab)", line[t.end :]):
            return True  # the value at which a formula reduces: at \gamma=0 the map is the identity
    if t.digits == "1" and re.search(r"\bmass\b[^.]{0,30}$", line[max(0, t.start - 40) : t.start]):
        return True  # the total mass 1 of a distribution
    math_here = line[span[0] : span[1]].strip()
    if re.fullmatch(r"-?\d/\d", math_here) and re.search(r"(?:asymptotic|exponent)\s*\$$", line[: span[0]]):
        return True  # an exponent printed as a fraction: the asymptotic -1/4
    if t.digits == "2" and re.match(r"\\times\s*2\$?\s*(?:eigen|matri|block)", line[t.end :]):
        return True  # a 2x2 matrix
    if (
        t.digits == "2"
        and re.search(r"2\\times\s*$", line[max(0, t.start - 8) : t.start])
        and re.match(r"\$?\s*(?:eigen|matri|block)", line[t.end :])
    ):
        return True
    if t.digits == "1" and re.match(r"/\d+\s*=", line[t.end :]):
        return True  # the numerator of a unit fraction being evaluated: 1/64=1.56%
    if t.scientific and re.search(r"\\?max\s*\((?:[^()]|\([^()]*\))*,\s*$", line[max(0, t.start - 60) : t.start]):
        return True  # a numerical floor: \max(\bar{v}, 10^{-10})
    if not integer:
        return False
    if t.digits in ("0", "1") and (_INEQ_BEFORE.search(before) or _INEQ_AFTER.match(line, t.end)):
        return True  # the bound of a domain: \gamma>0, order \geq 1, 0<\alpha
    wide = line[max(0, t.start - 24) : t.start]
    lhs = line[span[0] : t.start]
    if t.digits in ("0", "1", "2") and _EXPR_LHS.match(lhs.lstrip("$")):
        return True  # a constant of an identity or a bound on an expression: \alpha+\beta=1, H(e^{j0})=-1
    bound_of = _INEQ_BEFORE.sub("", lhs).strip("{} $")
    if (
        t.digits == "2"
        and _INEQ_BEFORE.search(lhs)
        and re.search(r"[A-Za-z|]", bound_of)
        and (bound_of[:1].isdigit() or not _PARAMETER_LHS.search(bound_of))
    ):
        return True  # |\Sigma|\geq 2, t,j\geq 2, 2d_{k}>2 (a coefficient makes it an expression)
    if t.digits == "3" and _CONSTANT_AFTER.match(line, t.end):
        return True  # the 3 dB of a cutoff convention
    if _CONSTANT_BEFORE.search(line[max(0, t.start - 14) : t.start].replace("$", "$")):
        return True  # the factor 2 in the denominator, eigenvalue 0
    if t.digits in ("0", "1") and (re.search(r"\\cdot\s*$", wide) or re.match(r"\s*\\cdot", line[t.end :])):
        return True  # a constant factor of a product: 1\cdot 1-\gamma\cdot 0
    if re.search(r"(?:\bN|\\mathcal\{N\})\([^()]*$", wide) and re.match(r"[^()]*\)", line[t.end :]):
        return True  # the parameters of a normal law: N(0, 1)
    if re.match(r"\s*\\cdot\s*\d*[A-Za-z\\]", line[t.end :]):
        return True  # a coefficient before \cdot: 3\cdot 2d^{2}
    if re.search(r"(?:\\(?:ln|log|exp)\s*)$", wide):
        return True  # the argument of a logarithm: \ln 2
    if re.search(r"[A-Za-z}]\($", wide) and line[t.end : t.end + 1] in (")", ";"):
        return True  # an argument: H(1), |H(-1)|
    if t.digits in ("0", "1") and re.match(r"\s*,\s*\\[lc]?dots", line[t.end :]):
        return True  # the first element of a symbolic range: \{1,\dots,L\}
    if re.search(r"[\[\(]\s*$", wide) and re.match(r"\s*,\s*:", line[t.end :]):
        return True  # an array index: P_{q}[0,:]
    if t.digits in ("0", "1", "2") and not t.signed:
        if _REL_BEFORE.search(wide) or _EQ_BEFORE.search(wide):
            return True  # a constant of an identity: f\equiv 0, |H|^{2}=1, Xe_{p}=0
        if _INDICATOR_BEFORE.search(wide) or _BIG_O.search(wide):
            return True  # \mathbf{1}, O(1)
        for m in _SYMBOLIC_PAIR.finditer(line, max(0, t.start - 24), t.end + 24):
            ends = (m.group(1).strip(), m.group(2).strip())
            if m.start() < t.start < t.end < m.end() and t.digits in ends:
                other = ends[1] if ends[0] == t.digits else ends[0]
                if re.search(r"[A-Za-z\\]", other):
                    return True  # an end of an interval or pair whose other end is symbolic: [0,\pi]
    if ("matrix}" in line or "array}" in line) and (
        re.search(r"(?:&|\\\\|matrix\})\s*$", line[: t.start]) or re.match(r"\s*(?:&|\\\\|\\end)", line[t.end :])
    ):
        return True  # an entry of a printed matrix
    if t.signed and t.digits.isdigit():
        sign_at = t.start
        lead = line[:sign_at].rstrip()
        if lead and (lead[-1].isalnum() or lead[-1] in "})*"):
            return True  # a binary minus read as a sign: j^{*}-1, T{-}2
        if line[t.end : t.end + 2] == ")^":
            return True  # (-1)^{j}
    for m in _LATTICE.finditer(line, max(0, t.start - 6), t.end + 6):
        near = line[max(0, m.start() - 16) : m.start()] + " " + line[m.end() : m.end() + 12]
        bullet = line.lstrip().startswith("•") and line.lstrip("• ").startswith("$" + m.group(0))
        if m.start() < t.start and t.end < m.end() and (re.search(r"\b(?:order|member|block)", near) or bullet):
            return True  # a member of the order lattice (3): order $(0,0)$, the $(1,1)$ member
    after = line[t.end : t.end + 1]
    if after.isalpha() or after == "(" or _COEFFICIENT_AFTER.match(line, t.end) or line.startswith("|\\", t.end):
        return True  # a coefficient: 8L, 2(x+1), 2\gamma
    return bool(_OPERAND_BEFORE.search(before) or _OPERAND_AFTER.match(line, t.end))


def _in_script(line: str, start: int) -> bool:
    """Whether column ``start`` lies inside a ``^{…}`` or ``_{…}`` group (looked back 60 columns)."""
    depth = 0
    for k in range(start - 1, max(-1, start - 61), -1):
        ch = line[k]
        if ch == "}":
            depth += 1
        elif ch == "{":
            if depth == 0:
                return k > 0 and line[k - 1] in "^_"
            depth -= 1
        elif ch == "$":
            return False
    return False


def classify(
    paper: Paper,
    numerals: list[Numeral],
    located: Optional[dict[tuple[int, int], tuple[str, str, Optional[str], bool]]] = None,
    not_checkable: Optional[dict[tuple[int, int], str]] = None,
) -> list[Occurrence]:
    """One :class:`Occurrence` per numeral.  ``located``: (line, start) -> (certificate, claim,
    verdict or None, is_setting) for the numerals a locator resolved to; ``not_checkable``:
    (line, start) -> reason for the numerals declared not checkable."""
    located = located or {}
    not_checkable = not_checkable or {}
    refs = _reference_lines(paper)
    out: list[Occurrence] = []
    prev: Optional[tuple[Numeral, bool]] = None
    for t in numerals:
        section = paper.section_of(t.line).number
        hit = located.get((t.line, t.start))
        label = False
        if hit is not None:
            cert, claim, status, is_setting = hit
            if is_setting:
                occ = Occurrence(t, section, "setting", cert, status, claim=claim)
            elif status in ("PASS", "FAIL"):
                occ = Occurrence(t, section, "checked", cert, status, claim=claim)
            else:
                why = "its certificate has no verdict yet" if status is None else f"its certificate is {status}"
                occ = Occurrence(t, section, "unaccounted", cert, status, why, claim)
        elif _is_label(paper, t, prev, refs):
            occ, label = Occurrence(t, section, "label"), True
        elif _is_formula(paper, t):
            occ = Occurrence(t, section, "formula")
        elif (t.line, t.start) in not_checkable:
            occ = Occurrence(t, section, "not-checkable", reason=not_checkable[(t.line, t.start)])
        else:
            occ = Occurrence(t, section, "unaccounted")
        prev = (t, label)
        out.append(occ)
    return out
