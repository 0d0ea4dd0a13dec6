"""Size-dependent wrong claims of the psa certificates outside §2-3 (see the package docstring)."""

from __future__ import annotations

from typing import Callable

import sympy as sp

from certificates.psa import table10 as T10

_I = sp.Symbol("i", integer=True)


def _c5_extra_beyond_3(q, pq, k, pk):
    """(35) plus eps sum_{i >= 3} q_i p_k,i: the printed bias at every width d_k <= 3 (so at the explicit d_k = 3),
    a different one from d_k = 4 on (the extra term needs a fourth coordinate)."""
    n = q.shape[0]
    if isinstance(n, int) or getattr(n, "is_Integer", False):
        extra = sum((q[i, 0] * pk[i, 0] for i in range(3, int(n))), sp.Integer(0))
    else:
        extra = sp.Sum(q[_I, 0] * pk[_I, 0], (_I, 3, n - 1))
    return T10.score_bias_claim(q, pq, k, pk) + T10.EPS * extra


WRONG: dict[str, list[tuple[str, Callable[[], dict]]]] = {
    "C5": [
        (
            "(35) + eps sum_{i >= 3} q_i p_k,i: equal at d_k <= 3, wrong from d_k = 4",
            lambda: dict(claim=_c5_extra_beyond_3),
        ),
    ],
}


def _prop30_extra_beyond_3(D, g):
    """The printed (30) block form plus the matrix unit E_33 times D_33 in its lower-right block: the printed form
    at every d_k <= 3 (there is no index 3), a different one from d_k = 4 on."""
    from theory.design_space import symplectic_defect_claim

    M = symplectic_defect_claim(D, g)
    n = D.shape[0]
    if isinstance(n, sp.Basic) and not n.is_Integer:
        i, j = sp.symbols("i j", integer=True)
        U = sp.FunctionMatrix(n, n, sp.Lambda((i, j), sp.KroneckerDelta(i, 3) * sp.KroneckerDelta(j, 3) * D[3, 3]))
        (A, B), (C, E) = M.blocks.tolist()
        return sp.BlockMatrix([[A, B], [C, E + U]])
    M = sp.Matrix(M)
    if int(n) >= 4:
        M[int(n) + 3, int(n) + 3] += D[3, 3]
    return M


WRONG["prop30"] = [
    (
        "(30) + E_33 D_33 in the lower-right block: equal at d_k <= 3, wrong from d_k = 4",
        lambda: dict(block_claim=_prop30_extra_beyond_3),
    ),
]
