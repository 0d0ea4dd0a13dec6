"""Ball-arithmetic forms the companion packs need beyond :mod:`theory.rigorous` (python-flint's Arb).

* :func:`enclose_sympy` -- a SymPy expression in ball arithmetic, like :func:`theory.rigorous.sympy_to_arb` but also
  through ``acos`` and ``asin`` (Sheppard's bounce ``arccos(rho)/pi`` of the QHM paper, §3.4);
* :func:`exact_sign` -- the sign of a closed numeric SymPy expression: ``0`` when it simplifies to zero exactly,
  ``+1`` / ``-1`` when an enclosure excludes zero (raising the precision), ``None`` when neither is decided;
* :func:`enclose_complex` -- a SymPy expression at an exact rational point of its symbols in complex ball
  arithmetic (Arb's ``acb``: principal branches, as SymPy's), and :func:`shown_nonzero` -- a proof that an
  expression is not identically zero (its enclosure at such a point, admitted by the symbols' assumptions,
  excludes 0), the quick answer of a zero test on a residual that does not vanish.

Every result is an enclosure (or an exact decision), never a float approximation.  Pure mathematics, no I/O;
python-flint is imported inside the functions, so importing this module loads nothing.
"""

from __future__ import annotations

from typing import Optional

import sympy as sp

__all__ = ["enclose_complex", "enclose_sympy", "exact_sign", "shown_nonzero"]

_INVERSE_TRIG = {sp.acos: "acos", sp.asin: "asin"}


def enclose_sympy(expr, subs: Optional[dict] = None, *, prec: Optional[int] = None):
    """An ``arb`` enclosing the value of the SymPy expression ``expr`` (symbols valued by ``subs``, as in
    :func:`theory.rigorous.sympy_to_arb`), at the current precision or at ``prec`` bits.

    ``acos(u)`` and ``asin(u)`` are enclosed by Arb's ``acos`` / ``asin`` of an enclosure of ``u`` (replaced by
    placeholder symbols whose values are those balls); everything else is :func:`theory.rigorous.sympy_to_arb`."""
    from theory import rigorous as R

    if prec is not None:
        with R.precision(prec):
            return enclose_sympy(expr, subs)
    e = sp.sympify(expr)
    values = dict(subs or {})
    nodes = [a for a in sp.preorder_traversal(e) if a.func in _INVERSE_TRIG]
    if nodes:
        repl: dict = {}
        for node in sorted(set(nodes), key=sp.count_ops):  # inner nodes first: nested calls see their placeholders
            if node in repl:
                continue
            inner = node.args[0].xreplace(repl)
            ball = getattr(enclose_sympy(inner, values), _INVERSE_TRIG[node.func])()
            d = sp.Dummy(_INVERSE_TRIG[node.func])
            repl[node] = d
            values[d] = ball
        e = e.xreplace(repl)
    return R.sympy_to_arb(e, values)


def exact_sign(expr, *, max_prec: int = 1024) -> Optional[int]:
    """Sign of a closed numeric SymPy expression (no free symbols), decided exactly: ``0`` when it simplifies to
    exactly zero, ``+1`` / ``-1`` when its enclosure lies strictly on one side of zero (precision doubled from
    64 bits up to ``max_prec``), ``None`` when neither could be shown."""
    from theory import rigorous as R

    e = sp.sympify(expr)
    if e.free_symbols:
        raise ValueError(f"exact_sign needs a closed expression, got free symbols {sorted(map(str, e.free_symbols))}")
    if e == 0 or sp.expand(e) == 0:
        return 0
    prec = 64
    while prec <= max_prec:
        with R.precision(prec):
            x = enclose_sympy(e)
        if x.is_finite():
            if x > 0:
                return 1
            if x < 0:
                return -1
        prec *= 2
    return 0 if sp.simplify(e) == 0 else None


_ACB_UNARY = {
    sp.exp: "exp",
    sp.log: "log",
    sp.sin: "sin",
    sp.cos: "cos",
    sp.tan: "tan",
    sp.atan: "atan",
    sp.conjugate: "conjugate",
}


def enclose_complex(expr, point: dict):
    """An ``acb`` (complex ball) enclosing the value of the SymPy expression ``expr`` at ``point`` (each free
    symbol -> an exact rational: ``int``, ``Fraction`` or SymPy ``Rational``), at the current precision.

    Supported: integers and rationals (exact), ``pi``, ``E``, ``I``, ``+``, ``*``, powers (integer exponents
    exactly; any other exponent ``y`` as ``exp(y log x)`` on the principal branch, which is SymPy's meaning of
    ``x**y``), ``exp``, ``log`` (principal, one argument), ``sin``, ``cos``, ``tan``, ``atan``, ``Abs``, ``re``,
    ``im``, ``conjugate``.  Anything else -- a Float, an unevaluated sum, an undefined function, an indexed
    object, a symbol without a value -- raises ``TypeError``: nothing is approximated."""
    from fractions import Fraction

    from flint import acb, fmpq

    vals = {}
    for x, v in point.items():
        q = Fraction(int(v.p), int(v.q)) if isinstance(v, sp.Rational) else Fraction(v)
        vals[x] = acb(fmpq(q.numerator, q.denominator))
    memo: dict = {}

    def ev(e):
        if e in memo:
            return memo[e]
        if e.is_Integer:
            out = acb(int(e))
        elif e.is_Rational:
            out = acb(fmpq(int(e.p), int(e.q)))
        elif e is sp.pi:
            out = acb.pi()
        elif e is sp.E:
            out = acb(1).exp()
        elif e is sp.I:
            out = acb(0, 1)
        elif e.is_Symbol:
            if e not in vals:
                raise TypeError(f"enclose_complex: no value for {e}")
            out = vals[e]
        elif e.is_Add:
            out = acb(0)
            for t in e.args:
                out = out + ev(t)
        elif e.is_Mul:
            out = acb(1)
            for t in e.args:
                out = out * ev(t)
        elif e.is_Pow:
            base, ex = e.args
            out = ev(base) ** (int(ex) if ex.is_Integer else ev(ex))
        elif isinstance(e, sp.Abs):
            out = acb(abs(ev(e.args[0])))
        elif isinstance(e, sp.re):
            out = acb(ev(e.args[0]).real)
        elif isinstance(e, sp.im):
            out = acb(ev(e.args[0]).imag)
        elif e.func in _ACB_UNARY and len(e.args) == 1:
            out = getattr(ev(e.args[0]), _ACB_UNARY[e.func])()
        else:
            raise TypeError(f"enclose_complex: unsupported node {e.func.__name__}")
        memo[e] = out
        return out

    return ev(sp.sympify(expr))


#: Exact values :func:`shown_nonzero` gives a symbol: the first its assumptions admit, the i-th symbol starting
#: at the i-th value (distinct symbols take distinct values).
NONZERO_POINTS = (
    sp.Rational(3, 7),
    sp.Rational(-5, 3),
    sp.Integer(2),
    sp.Rational(7, 11),
    sp.Integer(3),
    sp.Rational(-2, 9),
    sp.Integer(5),
    sp.Integer(-4),
    sp.Integer(7),
)


def _admits(x, v) -> bool:
    """Whether the exact number ``v`` has every property the symbol ``x`` is assumed to have (integer, positive,
    real, nonzero, ...): a point admitted for every symbol lies in the expression's stated domain."""
    return all(getattr(v, "is_" + k, None) is val for k, val in x.assumptions0.items())


def shown_nonzero(expr, *, tries: int = 2) -> bool:
    """True when the SymPy expression ``expr`` is shown not identically zero: at an exact rational point of its
    free symbols, each value admitted by that symbol's assumptions (:data:`NONZERO_POINTS`, ``tries`` points),
    the complex-ball enclosure of ``expr`` (:func:`enclose_complex`, 64 bits, 256 when the ball is wide) is finite
    and excludes 0.  A True is a proof (the expression has a non-zero value in its domain); a False decides
    nothing (a zero, a value too close to 0, a node that cannot be enclosed, a point outside the domain)."""
    if not isinstance(expr, sp.Expr) or not expr.free_symbols or expr.has(sp.Float):
        return False
    syms = sorted(expr.free_symbols, key=sp.default_sort_key)
    if not all(isinstance(x, sp.Symbol) for x in syms):  # indexed objects, matrix elements: no value here
        return False
    from theory import rigorous as R

    n = len(NONZERO_POINTS)
    for shift in range(tries):
        point = {}
        for i, x in enumerate(syms):
            v = next(
                (
                    NONZERO_POINTS[(i + shift + j) % n]
                    for j in range(n)
                    if _admits(x, NONZERO_POINTS[(i + shift + j) % n])
                ),
                None,
            )
            if v is None:
                return False
            point[x] = v
        for prec in (64, 256):
            try:
                with R.precision(prec):
                    ball = enclose_complex(expr, point)
            except (TypeError, ValueError, ArithmeticError, RecursionError):
                return False
            if not ball.is_finite():
                break
            if not ball.contains(0):
                return True
            if max(float(ball.real.rad()), float(ball.imag.rad())) < 2.0**-40:  # tight around 0: no more bits
                break
    return False
