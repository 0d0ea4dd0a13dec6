"""Printed-number rows of the companion packs (``momentum``, ``qhm``) decided exactly or in Arb balls.

* :func:`exact_printed` -- an exactly known value (an int, a ``Fraction``) against a printed number's rounding
  interval, both exact rationals: a ``proved`` row.
* :func:`derived_enclosed` -- a printed number recomputed from other printed numbers (the ball-arithmetic
  counterpart of :func:`certificates._companion.derived`): attainable for some inputs within their own rounding.
  Fast path: the recomputation at the printed inputs taken as exact decimals, enclosed in Arb, lies inside the
  printed interval (those inputs are the witness); otherwise :meth:`certificates._subchecks.Checks.attainable_enclosed`
  (an exact witness inside the input box, or a refutation over the whole box).  ``enclosed`` rows, no tolerance.
* :func:`enclosed_printed` -- a value from exact inputs, enclosed in Arb, against a printed number
  (:meth:`Checks.enclosed`), for a SymPy expression or an Arb closure.
* :func:`zero_or_witness` -- symbolic residuals that must vanish identically: zero by exact simplification, or
  shown non-zero at an exact point (an enclosure excluding 0), so that a FAIL is as solid as a PASS.

The functions ``f`` handed to :func:`derived_enclosed` take ``arb`` balls (and floats: the same code is used by
the witness search): arithmetic, ``.sqrt()`` through the Arb-capable helpers of :mod:`theory.companions.qhm`.
"""

from __future__ import annotations

from fractions import Fraction
from typing import Callable, Optional, Sequence

import sympy as sp

from ._subchecks import Checks
from .enclosed import AttainDecision, exact_value


def exact_printed(c: Checks, name: str, value, printed: str, note: str = "", **grade) -> bool:
    """``value`` (int or Fraction, exact) must lie in the rounding interval of ``printed`` (exact rationals)."""
    from theory.rigorous import printed_interval

    v = value if isinstance(value, Fraction) else Fraction(value)
    lo, hi = printed_interval(printed)
    shown = int(v) if v.denominator == 1 else float(f"{float(v):.6g}")  # display only; the decision is exact
    return c.exact(name, lo <= v <= hi, shown, printed, (note + "; " if note else "") + "exact rational", **grade)


def enclosed_printed(c: Checks, name: str, value, printed: str, note: str = "", **grade) -> bool:
    """``value`` (a SymPy expression, decided through :func:`theory.companions.rigorous.enclose_sympy`, or a
    callable returning an ``arb``) against ``printed``'s rounding interval in Arb (raising the precision)."""
    from theory.companions.rigorous import enclose_sympy

    fn = value if callable(value) and not hasattr(value, "free_symbols") else (lambda: enclose_sympy(value))
    return c.enclosed(name, fn, printed, note, **grade)


def derived_enclosed(
    c: Checks,
    name: str,
    f: Callable,
    inputs: Sequence[str],
    printed: str,
    note: str = "",
    *,
    f_float: Callable | None = None,
    **grade,
) -> bool:
    """``f(*inputs)`` (inputs printed strings) must reach ``printed`` for some inputs inside their own rounding,
    decided in ball arithmetic.  ``f`` must work on ``arb`` balls; ``f_float`` (default ``f``) on floats, used
    only to look for a witness when the printed inputs themselves are not one."""
    from theory import rigorous as R

    clean = [s.strip().lstrip("+") for s in inputs]
    exact_inputs = tuple(exact_value(s) for s in clean)
    d = R.decide_printed(lambda: f(*[R.to_arb(x) for x in exact_inputs]), printed.strip().lstrip("+"))
    if d.verdict == "PASS":
        dec = AttainDecision("PASS", printed, d.interval, d.enclosure, d.prec, witness=exact_inputs)
        return c._decided(
            name, dec, printed, (note + "; " if note else "") + "attained at the printed inputs taken as exact", grade
        )
    return c.attainable_enclosed(
        name, f, f_float if f_float is not None else f, clean, printed.strip().lstrip("+"), note, **grade
    )


#: Exact values tried, in turn, for the free symbols of a residual that does not simplify to zero.
WITNESS_VALUES = (sp.pi / 3, sp.pi / 5, sp.Rational(3, 7), sp.Rational(1, 2), sp.Integer(2), sp.Rational(-5, 3))


def zero_or_witness(residuals, simplify: Callable = lambda e: e) -> tuple[bool, Optional[dict]]:
    """(every residual identically zero?, witness).  A residual counts as zero when ``simplify(r)`` is exactly 0
    (:func:`certificates._companion.is_zero` decides it); for the first one that is not, an exact point of its free
    symbols (values from :data:`WITNESS_VALUES`, rotated; each symbol only a value its assumptions admit --
    integer, positive, real, ...: a point outside the residual's domain proves nothing) where an Arb enclosure
    of the residual excludes 0 is the witness that it is not identically zero -- ``None`` when none was found
    (then the FAIL is of unknown strength)."""
    from theory.companions.rigorous import _admits, exact_sign

    from ._companion import is_zero

    def nonzero(val) -> bool:
        parts = sp.expand_complex(val).as_real_imag() if val.has(sp.I) else (val,)
        try:
            return any(exact_sign(p_) not in (0, None) for p_ in parts)
        except (TypeError, ValueError, ArithmeticError):  # a node Arb cannot enclose: no witness here
            return False

    n = len(WITNESS_VALUES)
    # the residuals in order, each decided when it is reached: the answer is that of deciding them all first --
    # every one zero, else the witness of the first non-zero one that has one -- without deciding those after it
    any_bad = False
    for r in map(sp.sympify, residuals):
        if is_zero(simplify(r)):
            continue
        any_bad = True
        syms = sorted(r.free_symbols, key=str)
        for shift in range(n):
            pt = {}
            for i, x in enumerate(syms):  # the i-th symbol's value, else the next one its assumptions admit
                v = next((w for j in range(n) if _admits(x, w := WITNESS_VALUES[(i + shift + j) % n])), None)
                if v is None:  # no value of the list lies in this symbol's domain: no witness
                    return False, None
                pt[x] = v
            if nonzero(r.subs(pt)):
                return False, {**{str(k): str(v) for k, v in pt.items()}, "residual": str(r.subs(pt))}
    return (not any_bad), None


def identity_row(c: Checks, name: str, residuals, note: str = "", *, simplify: Callable = lambda e: e) -> bool:
    """One row for an identity: every residual must vanish (:func:`zero_or_witness`); ``proved`` when it does or
    when an exact witness shows it does not, of unknown strength otherwise."""
    ok, wit = zero_or_witness(residuals, simplify=simplify)
    how = "" if ok else (f"non-zero at {wit} (exact)" if wit else "no exact witness")
    text = "; ".join(x for x in (note, how) if x)
    return c.add(name, ok, "identity" if ok else "differs", "identity", text, level="proved" if ok or wit else None)
