"""Small helpers shared by the §4-§5 certificate modules (sec4_*.py)."""
from __future__ import annotations

import sympy as sp
from sympy.polys.matrices import DomainMatrix

from ..algebra import is_zero, is_zero_trig  # noqa: F401 (re-exported for the §4 modules)


def matrix_is_zero(M) -> bool:
    """Every entry of a SymPy matrix is zero (ring normal form, then simplification)."""
    return all(is_zero(e) for e in sp.Matrix(M))


def nonzero_entries(M) -> list:
    """The non-zero entries of ``M`` (expanded), for the detail of a failing check."""
    return [sp.expand(e) for e in sp.Matrix(M) if not is_zero(e)]


def rank(M) -> int:
    """Rank of a SymPy matrix.  A matrix of rationals is ranked exactly by row reduction over QQ
    (``DomainMatrix``, no expression arithmetic); any other matrix by ``Matrix.rank``."""
    M = sp.Matrix(M)
    if not M.rows or not M.cols:
        return 0
    dM = DomainMatrix.from_Matrix(M)
    if dM.domain.is_ZZ or dM.domain.is_QQ:
        return dM.to_field().rank()
    return M.rank()


def solution_dimension(equations, unknowns) -> int:
    """Dimension of the solution space of a homogeneous linear system (number of free unknowns)."""
    eqs = [e for e in (sp.expand(e) for e in equations) if e != 0]
    if not eqs:
        return len(unknowns)
    A, _ = sp.linear_eq_to_matrix(eqs, unknowns)
    return len(unknowns) - rank(A)
