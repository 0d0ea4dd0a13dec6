"""§10 addendum: the first-order channel ``gamma T_3`` retained in the reduced model.

The laws themselves live in :mod:`theory.laws` (``gamma_c`` = eq. 52, ``gamma_c_t3t4`` = first
positive root of eq. 69) and :mod:`theory.laws.symbolic` (``a_t3t4``, ``b_t3t4_sq`` = eq. 68,
``t3t4_quartic`` = eq. 69).  This module adds what §10 derives from them: where ``T_3``
dominates (§10.a), the tabulation at ``L = log 511`` (§10.d), the fitted exponents (§10.e),
the saddle-node where the first root of (69) appears (§10.f), and the 48 -> 64 changes
(§10.g).  All §10 statements use ``T = 512`` and ``sigma = 1``.  Pure: no I/O.
"""

from __future__ import annotations

import functools
import math

import numpy as np
import sympy as sp

from . import laws
from .laws import symbolic as S
from .statement import Statement

__all__ = [
    "T_ADDENDUM",
    "TABLE_DK",
    "gap_contributions",
    "unit_crossing_dk",
    "table",
    "fitted_exponent",
    "crossing_coupling_sqrt_dk",
    "saddle_node",
    "jump_at_crossover",
    "relative_change",
    "implied_c",
    "criterion_53",
    "gamma_c_t3t4_enclosure",
    "crossing_sqrt_dk_sym",
    "saddle_node_critical_numerator",
    "saddle_node_enclosure",
    "ols_slope_enclosure",
    "STATEMENTS",
]

#: Context length of every §10 statement (``L = log 511``).
T_ADDENDUM = 512
#: Widths tabulated in §10.
TABLE_DK = (32, 48, 64, 96, 128)


def gap_contributions(gamma, dk, sigma: float = 1.0):
    """Score-gap contributions ``(T_3, T_4) = (gamma sigma^2 d_k, gamma^2 sigma^2 d_k)`` (§10.a)."""
    return gamma * sigma**2 * dk, gamma**2 * sigma**2 * dk


def unit_crossing_dk(T=T_ADDENDUM) -> float:
    """``d_k = (L + 2)^2``: where the smaller root of ``2x^2 - sqrt(d_k) x + L`` equals 1 (§10.a)."""
    return (laws.L(T) + 2.0) ** 2


def table(dks=TABLE_DK, T=T_ADDENDUM, c=laws.C_CONDENSATION) -> dict:
    """The §10 table: (52) with condensation constant ``c`` and the first positive root of (69)."""
    dks = np.asarray(dks, dtype=float)
    return {"dk": dks, "t4": np.asarray(laws.gamma_c(dks, T, c=c)), "t3t4": np.asarray(laws.gamma_c_t3t4(dks, T))}


def fitted_exponent(law, dks, T=T_ADDENDUM) -> float:
    """OLS slope of ``log gamma_c`` on ``log d_k`` over the given widths (§10.e)."""
    dks = np.asarray(dks, dtype=float)
    g = np.asarray(law(dks, T), dtype=float)
    return float(np.polyfit(np.log(dks), np.log(g), 1)[0])


def crossing_coupling_sqrt_dk(gamma, L):
    """``sqrt(d_k)`` at which (69) vanishes at coupling ``gamma``: ``(2g^4 + 2g^3 + g^2 + L) / (g^2 + g)``.

    (69) is linear in ``sqrt(d_k)``; a positive root exists iff ``sqrt(d_k) >= min_g`` of this.
    """
    g = np.asarray(gamma, dtype=float)
    return (2 * g**4 + 2 * g**3 + g**2 + L) / (g**2 + g)


def saddle_node(T=T_ADDENDUM) -> tuple[float, float]:
    """``(d_k, gamma)`` of the saddle-node where the first positive root of (69) appears (§10.f).

    ``d_k = (min_{g>0} crossing_coupling_sqrt_dk(g, L))^2`` and ``gamma`` the minimiser (a double root).
    """
    from scipy import optimize  # on first use: loading the statements does not import SciPy

    L = float(laws.L(T))
    res = optimize.minimize_scalar(
        lambda g: crossing_coupling_sqrt_dk(g, L), bounds=(1e-3, 10.0), method="bounded", options={"xatol": 1e-12}
    )
    return float(res.fun) ** 2, float(res.x)


def jump_at_crossover(c=laws.C_CONDENSATION) -> float:
    """Ratio of the two branches of (52) at ``d_k = 8L``: mean-field over condensed, ``1/c`` (Rem 67)."""
    return 1.0 / c


def relative_change(a, b) -> float:
    """``b / a - 1``."""
    return b / a - 1.0


def implied_c(printed: float, T=T_ADDENDUM, decimals: int = 4) -> tuple[float, float]:
    """Interval of condensation constants ``c`` whose condensed value rounds to ``printed``."""
    scale = (2.0 * float(laws.L(T))) ** 0.25 / math.sqrt(2.0)
    h = 0.5 * 10.0**-decimals
    return (printed - h) / scale, (printed + h) / scale


def criterion_53(a, b_sq):
    """The annealed criterion (53) written as ``a - L - b^2/2`` (zero at the crossing)."""
    return a - S.L - b_sq / 2


# --- enclosures in ball arithmetic (issue 17) ---------------------------------------------------------
#
# The first positive root of (69) and the saddle-node of §10.f as Arb balls (python-flint through
# :mod:`theory.rigorous`, imported on first use), at the caller's working precision.  The quartic is
# :data:`theory.laws.symbolic.t3t4_quartic`; nothing here rewrites it.


def _quartic_coeffs_arb(dk_value, L_value) -> list:
    """Coefficients of (69) in ``gamma``, constant term first, as balls."""
    from . import rigorous as R

    poly = sp.Poly(S.t3t4_quartic, S.gamma)
    subs = {"d_k": dk_value, "L": L_value}
    return [R.sympy_to_arb(cf, subs) for cf in reversed(poly.all_coeffs())]


def _poly_at(coeffs, g):
    out = coeffs[-1] * 0
    for cf in reversed(coeffs):
        out = out * g + cf
    return out


def _refine_root(coeffs, lo, hi, prec: int):
    """Bisect a sign change of the polynomial on the exact interval [lo, hi] (a simple root isolated
    there) until its width is below ``2^(4 - prec)`` times its size; returns the enclosing ball."""
    from fractions import Fraction

    from . import rigorous as R

    def sign(q):
        v = _poly_at(coeffs, R.to_arb(q))
        return 1 if v > 0 else (-1 if v < 0 else 0)

    s_lo, s_hi = sign(lo), sign(hi)
    if s_lo == 0 or s_hi == 0 or s_lo == s_hi:
        raise ArithmeticError("no certified sign change on the isolating interval")
    tol = Fraction(1, 2 ** max(8, prec - 4)) * max(abs(lo), abs(hi))
    for _ in range(4 * prec):
        if hi - lo <= tol:
            break
        mid = (lo + hi) / 2
        s_mid = sign(mid)
        if s_mid == 0:  # undecidable at this precision: stop here (the ball stays rigorous)
            break
        if s_mid == s_lo:
            lo = mid
        else:
            hi = mid
    return R.to_arb(lo).union(R.to_arb(hi))


def gamma_c_t3t4_enclosure(dk_value, T_value=T_ADDENDUM):
    """The first positive real root of (69) as a ball, or ``None`` when (69) has no positive root.

    The real roots are isolated rigorously (:func:`theory.rigorous.real_roots`: FLINT's validated
    isolation, a root certified real when its ball is closed under conjugation); the smallest
    strictly positive one is then refined by bisection of a certified sign change.  Raises
    ``ArithmeticError`` when an isolating ball cannot be certified (real or not) or straddles 0 --
    then no rigorous "first" root can be named at this precision.
    """
    from flint import ctx

    from . import rigorous as R

    prec = ctx.prec
    Lv = (R.to_arb(T_value) - 1).log()
    coeffs = _quartic_coeffs_arb(dk_value, Lv)
    roots = R.real_roots(coeffs, prec=prec)
    if any(not r.certified_real for r in roots):
        raise ArithmeticError(f"(69) at d_k = {dk_value}: a root ball meets the real axis without certification")
    if any(r.enclosure.contains(0) for r in roots):
        raise ArithmeticError(f"(69) at d_k = {dk_value}: a root ball contains 0")
    pos = [r.enclosure for r in roots if r.enclosure > 0]
    if not pos:
        return None
    first = min(pos, key=lambda e: R.bounds(e)[0])
    lo, hi = R.bounds(first)
    return _refine_root(coeffs, lo, hi, prec)


@functools.lru_cache(maxsize=1)
def crossing_sqrt_dk_sym():
    """(69) solved for ``sqrt(d_k)`` (it is linear in it): ``s(gamma) = (2g^4 + 2g^3 + g^2 + L)/(g^2 + g)``
    (SymPy, exact; :func:`crossing_coupling_sqrt_dk` is the float form)."""
    sd = sp.Symbol("s", positive=True)
    sol = sp.solve(S.t3t4_quartic.subs(sp.sqrt(S.dk), sd), sd)
    if len(sol) != 1:
        raise ValueError(f"(69) is not linear in sqrt(d_k): {sol}")
    return sp.factor(sol[0])


@functools.lru_cache(maxsize=1)
def saddle_node_critical_numerator():
    """The numerator of ``d s / d gamma`` for :func:`crossing_sqrt_dk_sym`, a polynomial in ``gamma``
    over Q[L] (its denominator ``(g^2 + g)^2`` is positive for ``g > 0``)."""
    num, den = sp.fraction(sp.together(sp.diff(crossing_sqrt_dk_sym(), S.gamma)))
    return sp.Poly(sp.expand(num), S.gamma), sp.factor(den)


def saddle_node_enclosure(T_value=T_ADDENDUM):
    """``(d_k, gamma, n_positive)`` at the saddle-node of §10.f as balls: ``gamma`` the positive zeros
    of ``ds/dgamma`` (isolated rigorously; ``n_positive`` counts them, all certified), ``d_k = s(gamma)^2``
    at the first.  With exactly one positive critical point, ``s`` decreases from +oo (as
    ``gamma -> 0+``, since ``L > 0``) to its minimum there and then increases: (69) has a positive root
    iff ``sqrt(d_k) >= s_min``, and its first root is the inverse of ``s`` on ``(0, gamma*]``."""
    from flint import ctx

    from . import rigorous as R

    prec = ctx.prec
    Lv = (R.to_arb(T_value) - 1).log()
    num, _ = saddle_node_critical_numerator()
    coeffs = [R.sympy_to_arb(cf, {"L": Lv}) for cf in reversed(num.all_coeffs())]
    roots = R.real_roots(coeffs, prec=prec)
    if any(not r.certified_real for r in roots):
        raise ArithmeticError("a critical point of s could not be certified real or non-real")
    pos = sorted((r.enclosure for r in roots if not (r.enclosure < 0)), key=lambda e: R.bounds(e)[0])
    if any(e.contains(0) for e in pos):
        raise ArithmeticError("a critical point's ball contains 0")
    if not pos:
        return None, None, 0
    lo, hi = R.bounds(pos[0])
    g = _refine_root(coeffs, lo, hi, prec)
    sval = R.sympy_to_arb(crossing_sqrt_dk_sym(), {"L": Lv, "gamma": g})
    return sval * sval, g, len(pos)


def ols_slope_enclosure(xs, ys):
    """Least-squares slope ``sum (x - xbar)(y - ybar) / sum (x - xbar)^2`` of balls (§10.e, §7.11)."""
    n = len(xs)
    xbar = sum(xs[1:], xs[0]) / n
    ybar = sum(ys[1:], ys[0]) / n
    sxy = sum(((x - xbar) * (y - ybar) for x, y in zip(xs[1:], ys[1:])), (xs[0] - xbar) * (ys[0] - ybar))
    sxx = sum(((x - xbar) * (x - xbar) for x in xs[1:]), (xs[0] - xbar) * (xs[0] - xbar))
    return sxy / sxx


_T = "transition"

STATEMENTS = (
    Statement(
        "sec10.a",
        "§10.a",
        "§10",
        "Where the omitted T_3 channel dominates",
        _T,
        content=(
            "T_3 adds gamma sigma^2 d_k to the gap, T_4 adds gamma^2 sigma^2 d_k, so T_3 dominates for "
            "gamma < 1; the smaller mean-field root crosses gamma_c = 1 when 2 - sqrt(d_k) + L = 0, "
            "d_k = (L+2)^2 ~ 67.8; on 8L ~ 49.9 <= d_k < 67.8 the prediction exceeds one; below 8L "
            "the condensed value is gamma_c = 0.9849 < 1 (L = log 511)"
        ),
        depends=("thm64.eq52", "prop46"),
        sympy=lambda: sp.Eq(S.quadratic_x.subs(S.x, 1), 0),
    ),
    Statement(
        "sec10.c",
        "§10.c and Eq (69)",
        "§10",
        "The extended crossing condition",
        _T,
        content=(
            "substituting (68) into (53): 2 g^4 + 2 g^3 - (sqrt(d_k) - 1) g^2 - sqrt(d_k) g + L = 0; "
            "a genuine quartic with 'no comparable closed form'; its first positive root is the "
            "analogue of gamma_c; dropping the T_3 terms of (68) recovers (49)"
        ),
        depends=("sec10.b", "thm64.eq53"),
        sympy=lambda: sp.Eq(S.t3t4_quartic, 0),
    ),
    Statement(
        "sec10.d",
        "§10.d",
        "§10",
        "Table of gamma_c values, L = log 511",
        _T,
        content=(
            "d_k = 32, 48, 64, 96, 128: (52) 0.9849, 0.9849, 1.0300, 0.8671, 0.7867; (69) 0.9515, "
            "0.6637, 0.5687, 0.4696, 0.4132; agree within 3.4% at 32; 'almost half' at 128; "
            "abstract: d_k = 64, 1.030 -> 0.569"
        ),
        depends=("thm64.eq52", "sec10.c"),
    ),
    Statement(
        "sec10.e",
        "§10.e",
        "§10",
        "Asymptotic exponent",
        _T,
        content=(
            "(69) gives gamma_c ~ L/sqrt(d_k) for large d_k; fitted over d_k in [256, 65536] the "
            "exponent is -0.254 (T_4 only) and -0.461 ((69)); trained -1.13; closes 'roughly a "
            "quarter' of the gap"
        ),
        depends=("sec10.c", "sec7.11"),
    ),
    Statement(
        "sec10.f",
        "§10.f",
        "§10",
        "Crossover moves (saddle-node)",
        _T,
        content=(
            "the first positive root of (69) appears at a saddle-node near d_k ~ 31.5 (against "
            "8L ~ 49.9); sweeps from d_k = 32 lie on a single branch and are monotone; 'the flat "
            "segment and the +4.6% jump at 8L do not appear'"
        ),
        depends=("sec10.c",),
    ),
    Statement(
        "sec10.g",
        "§10.g",
        "§10",
        "Discriminating measurement",
        _T,
        content="between d_k = 48 and 64 the T_4-only law rises 4.6% and (69) falls 14.3%",
        depends=("sec10.d",),
    ),
    Statement(
        "sec10.h",
        "§10.h",
        "§10",
        "Status",
        "definition",
        content=(
            "(69) is Conditional; the gamma_c of (52) are robust to T_3 'only up to a factor of about "
            "two'; the asymptote is not robust; the branch structure is the most reduction-sensitive "
            "feature"
        ),
        depends=("sec10.d",),
    ),
)
