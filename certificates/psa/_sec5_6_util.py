"""Small helpers shared by the §5.3/§6 certificate modules (private: not a pack module)."""
from __future__ import annotations

import sympy as sp


def is_zero(expr) -> bool:
    """Ring normal form first (``expand``), then ``simplify``; True iff ``expr == 0``."""
    e = sp.expand(expr)
    if e == 0:
        return True
    return sp.simplify(e) == 0


def all_zero(exprs) -> bool:
    return all(is_zero(e) for e in exprs)


def fmt(x, digits: int = 4) -> str:
    """A float for a detail line."""
    return f"{float(x):.{digits}g}"
