"""Small helpers shared by the §5.3-§10 certificate modules (private: not a pack module).

Besides the SymPy helpers of §5.3/§6, the evidence-level helpers of issue 17 used by the §5.3-§10
modules: :func:`dec` (a printed number as the exact decimal it prints), :func:`exact_printed` (an
exact rational against a printed number's rounding interval: a ``proved`` row), and
:func:`search_note` (the detail text of an adversarial search).
"""

from __future__ import annotations

from decimal import Decimal
from fractions import Fraction
from typing import TYPE_CHECKING

import sympy as sp
from sympy.core.assumptions import check_assumptions
from sympy.core.sorting import default_sort_key
from sympy.polys.polyerrors import PolynomialError

from ..algebra import is_zero  # noqa: F401 (re-exported for the §5-6 modules)

if TYPE_CHECKING:
    from .._subchecks import Checks


def fmt(x, digits: int = 4) -> str:
    """A float for a detail line."""
    return f"{float(x):.{digits}g}"


def solve_low_degree(expr, var):
    """The solution set of ``expr = 0`` in ``var``, as the list ``sp.solve(expr, var)`` returns.

    A polynomial in ``var`` of degree 1 or 2 (coefficients free of ``var``) is solved by formula
    (``sp.roots``); the roots are kept only if there are ``degree`` distinct ones and each one,
    substituted, makes ``expr`` exactly zero (:func:`is_zero`) -- then they are the whole solution
    set.  As ``sp.solve`` does, a root that contradicts the assumptions on ``var`` is dropped and the
    list is sorted canonically.  Anything else (higher degree, a repeated root, a root that does not
    verify, a non-polynomial) is handed to ``sp.solve``.  ``sp.solve`` would in addition simplify()
    each root: a different printed form is possible in general, the same solutions always.
    """
    if isinstance(expr, sp.Equality):
        expr = expr.lhs - expr.rhs
    try:
        poly = sp.Poly(expr, var)
    except PolynomialError:
        poly = None
    if poly is not None and poly.degree() in (1, 2) and not any(cf.has(var) for cf in poly.all_coeffs()):
        rts = list(dict.fromkeys(sp.roots(poly, multiple=True)))
        if len(rts) == poly.degree() and all(is_zero(expr.subs(var, r)) for r in rts):
            kept = [r for r in rts if check_assumptions(r, **var.assumptions0) is not False]
            return sorted(kept, key=default_sort_key)
    return sp.solve(expr, var)


def matches_any(claim, candidates) -> bool:
    """``any(is_zero(c - claim) for c in candidates)``, with the same answer: the expansion test that
    is :func:`is_zero`'s own first step is tried on every candidate before the full test runs in
    order (so a mismatching candidate listed first costs no simplify() when a later one matches)."""
    candidates = list(candidates)
    if any(sp.expand(c - claim) == 0 for c in candidates):
        return True
    return any(is_zero(c - claim) for c in candidates)


def dec(x) -> Fraction:
    """A printed number as the exact rational it prints: :func:`certificates.enclosed.exact_value` (decimal
    strings exactly, ints and Fractions as they are), and in addition a float as the shortest decimal that
    prints it (``0.613`` is 613/1000, not its binary value: the number the paper prints) and a SymPy
    rational exactly."""
    from ..enclosed import exact_value

    if isinstance(x, float):
        return Fraction(Decimal(repr(x)))
    if hasattr(x, "is_Rational") and x.is_Rational:  # a SymPy rational
        return Fraction(int(x.p), int(x.q))
    return exact_value(x)


def exact_printed(checks: "Checks", name: str, value: Fraction, printed: str, note: str = "", **grade) -> bool:
    """An exact rational ``value`` against the rounding interval of ``printed`` (exact, closed): a
    ``proved`` row of ``checks`` (no float anywhere)."""
    from theory.rigorous import printed_interval

    lo, hi = printed_interval(printed)
    ok = lo <= value <= hi
    shown = f"{float(value):.6g}" + ("" if value.denominator == 1 else f" (= {value})")
    extra = f"exact; printed interval [{float(lo):.6g}, {float(hi):.6g}]"
    return checks.exact(name, ok, shown, printed, (note + "; " if note else "") + extra, **grade)


def search_note(rec) -> str:
    """The detail text of an adversarial search (:class:`certificates.search.SearchRecord`)."""
    return rec.note()


def exact_approx(
    checks: "Checks",
    name: str,
    value: Fraction,
    target: Fraction,
    tol: Fraction,
    *,
    word: str,
    note: str = "",
    printed_as: str | None = None,
    **grade,
) -> bool:
    """Approximate wording ("a factor of", "~", "some") on an exact rational: ``|value - target| <= tol``
    with the word's stated tolerance ``tol`` (exact), a ``proved`` row."""
    ok = abs(value - target) <= tol
    desc = f"'{word}' read as +/-{float(tol):.3g}; exact rationals"
    return checks.exact(
        name,
        ok,
        f"{float(value):.6g}",
        printed_as if printed_as is not None else f"{word} {target}",
        (note + "; " if note else "") + desc,
        **grade,
    )


def half_width(printed: str) -> Fraction:
    """Half a unit in the last printed place, exactly ("0.97" -> 1/200)."""
    from theory.rigorous import printed_interval

    lo, hi = printed_interval(printed)
    return (hi - lo) / 2
