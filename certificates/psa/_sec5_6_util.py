"""Small helpers shared by the §5.3/§6 certificate modules (private: not a pack module)."""

from __future__ import annotations

import sympy as sp
from sympy.core.assumptions import check_assumptions
from sympy.core.sorting import default_sort_key
from sympy.polys.polyerrors import PolynomialError

from ..algebra import is_zero  # noqa: F401 (re-exported for the §5-6 modules)


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
