"""Ball-arithmetic forms the companion packs need beyond :mod:`theory.rigorous` (python-flint's Arb).

* :func:`enclose_sympy` -- a SymPy expression in ball arithmetic, like :func:`theory.rigorous.sympy_to_arb` but also
  through ``acos`` and ``asin`` (Sheppard's bounce ``arccos(rho)/pi`` of the QHM paper, §3.4);
* :func:`exact_sign` -- the sign of a closed numeric SymPy expression: ``0`` when it simplifies to zero exactly,
  ``+1`` / ``-1`` when an enclosure excludes zero (raising the precision), ``None`` when neither is decided.

Every result is an enclosure (or an exact decision), never a float approximation.  Pure mathematics, no I/O;
python-flint is imported inside the functions, so importing this module loads nothing.
"""

from __future__ import annotations

from typing import Optional

import sympy as sp

__all__ = ["enclose_sympy", "exact_sign"]

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
