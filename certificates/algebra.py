"""Exact zero tests for the symbolic certificates: one place for how "the residual is zero" is decided.

``is_zero(expr)`` answers whether a SymPy expression is identically zero:

1. the ring normal form first: ``expand(expr) == 0`` proves it zero;
2. a rational function of its symbols with rational coefficients (no functions, no floats, no
   irrational constants) is then decided exactly, zero or not, without any heuristic: it is
   ``N / D`` with polynomials ``N, D`` (``together``), and it is zero iff ``N``, put in the
   canonical dense form of a polynomial over Q (``Poly(N, *symbols, domain=QQ)``), is the zero
   polynomial -- as a formal identity, which is what the certificates assert for every value of
   their symbols;
3. anything else (square roots, exponentials, trigonometric functions, ...) goes to
   ``simplify`` (and, for :func:`is_zero_trig`, a rewrite in ``exp`` first), which is sound when
   it answers zero and may miss a zero it cannot prove -- unless its value at one exact point of
   its symbols' domain, enclosed in ball arithmetic (Arb), excludes zero
   (:func:`nonzero_at_a_point`): then it is not identically zero, so ``simplify`` could not have
   answered zero, and the answer (not zero) is given without it.  The same answers as
   ``simplify`` alone, sooner on a non-zero residual (a wrong claim).

A polynomial over Q is converted to its ring element directly (no expression expansion first):
the same decision as step 2, sooner.

Step 2 gives the same answer as step 3 whenever step 3 proves a zero, and the right answer where
step 3 misses one; on a non-zero polynomial residual (a certificate that fails) it is also tens of
times faster than ``simplify``, which tries every rewrite before giving up.
"""

from __future__ import annotations

from typing import Optional

import sympy as sp
from sympy.polys.polyerrors import BasePolynomialError

from theory.integrators import _polys_over_q  # Q[symbols] of an expression, or None


def rational_zero(e) -> Optional[bool]:
    """Exact answer for a rational function over Q (step 2 of the module docstring), else None."""
    if not isinstance(e, sp.Expr):
        return None
    if e.is_Rational:
        return e == 0
    gens = sorted(e.free_symbols, key=sp.default_sort_key)
    if not gens or e.has(sp.Float) or any(not (p.exp.is_Integer) for p in e.atoms(sp.Pow)):
        return None
    try:
        num, den = sp.together(e).as_numer_denom()
        N = sp.Poly(num, *gens, domain=sp.QQ)
        D = sp.Poly(den, *gens, domain=sp.QQ)
    except (BasePolynomialError, TypeError, ValueError):  # not a rational function over Q
        return None
    if D.is_zero:  # pragma: no cover - together() never yields a zero denominator
        return None
    return N.is_zero


def is_zero(expr) -> bool:
    """True iff ``expr`` (a SymPy expression or matrix) is identically zero (module docstring)."""
    if isinstance(expr, sp.MatrixBase):
        return all(is_zero(e) for e in expr)
    e = sp.sympify(expr)
    if isinstance(e, sp.Expr) and e.free_symbols:  # a polynomial over Q: step 2 in its ring, unexpanded
        packed = _polys_over_q([e], [])
        if packed is not None:
            return not packed[1][0]
    return _decide(sp.expand(e))


def is_zero_trig(expr) -> bool:
    """Zero test for trigonometric/exponential expressions: rewrite in ``exp``, expand, then as
    :func:`is_zero` (a rational function of the symbols is decided exactly, the rest simplified)."""
    return _decide(sp.expand(sp.sympify(expr).rewrite(sp.exp)))


def _decide(e) -> bool:
    """Steps 1-3 of the module docstring on an expanded expression."""
    if e == 0:
        return True
    decided = rational_zero(e)
    if decided is not None:
        return decided
    if nonzero_at_a_point(e):
        return False
    return sp.simplify(e) == 0


#: Candidate values of a symbol at the point of :func:`nonzero_at_a_point`, tried in order: the first
#: that has every assumption of the symbol (as SymPy states them for the value) is taken, scaled per
#: symbol so that different symbols get different values.
_POINT_CANDIDATES = (
    (sp.Rational(7, 5), sp.Rational(3, 7)),
    (sp.Integer(3), sp.Integer(2)),
    (sp.Rational(-7, 5), sp.Rational(-3, 7)),
    (sp.Integer(-3), sp.Integer(-2)),
)
#: The functions :func:`nonzero_at_a_point` evaluates (their principal branches, as SymPy's).
_BALL_FUNCTIONS = {sp.exp: "exp", sp.log: "log", sp.sin: "sin", sp.cos: "cos", sp.tan: "tan"}


class _NoBall(Exception):
    """An expression :func:`nonzero_at_a_point` does not evaluate (it then decides nothing)."""


def _point_value(sym: sp.Symbol, k: int):
    """A value of ``sym`` with every assumption SymPy holds of it, distinct per ``k``; None if none fits."""
    facts = {key: val for key, val in sym.assumptions0.items() if key != "commutative"}
    for base, step in _POINT_CANDIDATES:
        v = base + k * step
        if all(getattr(v, "is_" + key) == val for key, val in facts.items()):
            return v
    return None


def _ball(e, env):
    from flint import acb

    if isinstance(e, sp.Symbol):
        return env[e]
    if e.is_Integer:
        return acb(int(e))
    if e.is_Rational:
        return acb(int(e.p)) / int(e.q)
    if e is sp.pi:
        return acb.pi()
    if e is sp.E:
        return acb(1).exp()
    if e is sp.I:
        return acb(0, 1)
    if e.is_Add or e.is_Mul:
        vals = [_ball(a, env) for a in e.args]
        out = vals[0]
        for v in vals[1:]:
            out = out + v if e.is_Add else out * v
        return out
    if e.is_Pow:
        base, ex = e.args
        b = _ball(base, env)
        if ex.is_Integer:
            return b ** int(ex)
        return b ** _ball(ex, env)
    if isinstance(e, sp.Abs):
        return acb(abs(_ball(e.args[0], env)))
    name = _BALL_FUNCTIONS.get(type(e))
    if name is not None and len(e.args) == 1:
        return getattr(_ball(e.args[0], env), name)()
    raise _NoBall(type(e).__name__)


def nonzero_at_a_point(e, prec: int = 128) -> bool:
    """True when ``e`` is proved not identically zero: its value at one exact rational point of its
    symbols' domain (each symbol's assumptions hold of its value), computed in ball arithmetic (Arb,
    ``prec`` bits, principal branches as SymPy's), is a finite ball that excludes zero.  False decides
    nothing (an unsupported function, a symbol with no fitting value, a ball that contains zero)."""
    from flint import ctx

    if not isinstance(e, sp.Expr) or e.has(sp.Float):
        return False
    syms = sorted(e.free_symbols, key=sp.default_sort_key)
    env_vals = []
    for k, sym in enumerate(syms):
        if not isinstance(sym, sp.Symbol):
            return False
        v = _point_value(sym, k)
        if v is None:
            return False
        env_vals.append(v)
    saved = ctx.prec
    ctx.prec = prec
    try:
        env = {sym: _ball(v, {}) for sym, v in zip(syms, env_vals)}
        val = _ball(e, env)
        return bool(val.is_finite() and not val.contains(0))
    except (_NoBall, ZeroDivisionError, ValueError, TypeError):
        return False
    finally:
        ctx.prec = saved


# --- identities for every size: sums over a symbolic range -------------------------------------------


def sum_deltas(expr, ranges: dict):
    """Each term ``c * KroneckerDelta(x, y)`` of a sum over ``x`` from ``lo`` to ``hi`` replaced by ``c`` at
    ``x = y``, where ``ranges[y] == (lo, hi)`` states that the free index ``y`` lies in that range (sum_x delta(x,
    y) f(x) = f(y) there); other terms keep their sum.  Exact under that statement."""

    def split(f, *lims):
        if len(lims) > 1:  # a multiple sum: the innermost index first
            return split(split(f, lims[0]), *lims[1:])
        ((x, lo, hi),) = lims
        out = 0
        for t in sp.Add.make_args(sp.expand(f)):
            hit = None
            for y, rng in ranges.items():
                if rng != (lo, hi):
                    continue
                for delta in (sp.KroneckerDelta(x, y), sp.KroneckerDelta(y, x)):
                    if t.has(delta) and t.as_independent(delta, as_Add=False)[1] == delta:
                        hit = (delta, y)
            out += t.xreplace({hit[0]: sp.S.One}).subs(x, hit[1]) if hit else sp.Sum(t, (x, lo, hi))
        return out

    return expr.replace(sp.Sum, split)


def sums_as_symbols(expr) -> tuple[sp.Expr, dict]:
    """Each sum over an index as an independent symbol, for deciding an identity that holds for every size:
    linearity pulls out of a sum each factor free of its index (a term free of it counts hi - lo + 1 times),
    and equal summands (the bound index renamed) over equal ranges are one symbol.  Returns the expression
    and the table ``(summand with the index renamed _index, lo, hi) -> symbol``.  Sound for deciding zero: a
    rational function of independent symbols that is identically zero is zero at the sums' true values
    (whatever relations hold between them)."""
    table: dict = {}
    canon = sp.Symbol("_index", integer=True)

    def r(f, *lims):
        if len(lims) > 1:  # a multiple sum: the innermost index first
            return r(r(f, lims[0]), *lims[1:])
        ((x, lo, hi),) = lims
        out = 0
        for t in sp.Add.make_args(sp.expand(f)):
            c, dep = t.as_independent(x, as_Add=False)
            if dep == 1:  # a term free of the index: summed, it is (hi - lo + 1) copies of itself
                out += c * (hi - lo + 1)
                continue
            key = (dep.xreplace({x: canon}), lo, hi)
            if key not in table:
                # a sum whose summand has other free indices depends on them (an enclosing sum may bind one):
                # a function of those indices, never a constant
                bounds_ = sp.sympify(lo).free_symbols | sp.sympify(hi).free_symbols
                free = sorted(
                    {v for v in dep.free_symbols | bounds_ if v.is_Symbol and v.is_integer and v != x}, key=str
                )
                table[key] = sp.Function(f"_sum{len(table)}")(*free) if free else sp.Dummy("sum")
            out += c * table[key]
        return out

    return expr.replace(sp.Sum, r), table


def sum_symbol(table: dict, summand, index, lo, hi):
    """The symbol :func:`sums_as_symbols` gave to ``Sum(summand, (index, lo, hi))`` (None if it did not occur)."""
    return table.get((sp.sympify(summand).xreplace({index: sp.Symbol("_index", integer=True)}), lo, hi))
