"""Small helpers shared by the §4-§5 certificate modules (sec4_*.py)."""
from __future__ import annotations

import sympy as sp

from ..algebra import is_zero, is_zero_trig  # noqa: F401 (re-exported for the §4 modules)


def matrix_is_zero(M) -> bool:
    """Every entry of a SymPy matrix is zero (ring normal form, then simplification)."""
    return all(is_zero(e) for e in sp.Matrix(M))


def nonzero_entries(M) -> list:
    """The non-zero entries of ``M`` (expanded), for the detail of a failing check."""
    return [sp.expand(e) for e in sp.Matrix(M) if not is_zero(e)]


def solution_dimension(equations, unknowns) -> int:
    """Dimension of the solution space of a homogeneous linear system (number of free unknowns)."""
    eqs = [sp.expand(e) for e in equations if sp.expand(e) != 0]
    if not eqs:
        return len(unknowns)
    A, _ = sp.linear_eq_to_matrix(eqs, unknowns)
    return len(unknowns) - A.rank()
