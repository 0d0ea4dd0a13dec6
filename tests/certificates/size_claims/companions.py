"""Size-dependent wrong claims of the companions certificates (see the package docstring)."""

from __future__ import annotations

from typing import Callable

import sympy as sp

from theory.companions import qhm as Q

_K = sp.Symbol("k", integer=True)
_I = sp.Symbol("i", integer=True)


def _unroll_extra_beyond_8(n, x0):
    """The printed closed form plus x0 Delta^0 prod_{k=0..8}(n - k): equal at every depth n <= 8 (so at the
    explicit depths 4, 6, 8 and the base 0), different from depth 9 on."""
    return Q.unrolled_residual_closed(n, x0) + x0 * Q.DELTA[0] * sp.Product(n - _K, (_K, 0, 8))


def _unroll_term_from_block_9(n, x0):
    """The printed closed form plus sum_{i<n} [i = 9] Delta^i: a term that appears only at depth >= 10."""
    return Q.unrolled_residual_closed(n, x0) + sp.Sum(sp.KroneckerDelta(_I, 9) * Q.DELTA[_I], (_I, 0, n - 1))


def _rank_bound_equal_at_4(s, n):
    """sigma_max^-(n-1) times (1 + (n - 4)^2 (s - 1)): the printed bound at n = 4 (and at s = 1), too large
    for every other n at sigma_max > 1."""
    return s ** -(n - 1) * (1 + (n - 4) ** 2 * (s - 1))


WRONG: dict[str, list[tuple[str, Callable[[], dict]]]] = {
    "qhm:sec3.3.unroll": [
        (
            "closed form + x0 Delta^0 prod_{k=0..8}(L - k): equal at L <= 8, wrong from L = 9",
            lambda: dict(closed_form=_unroll_extra_beyond_8),
        ),
        (
            "closed form + sum_{i<L} [i = 9] Delta^i: equal at L <= 9, wrong from L = 10",
            lambda: dict(closed_form=_unroll_term_from_block_9),
        ),
    ],
    "momentum:sec2.10.rank.corrected": [
        (
            "bound s^-(n-1) (1 + (n - 4)^2 (s - 1)): the printed bound at n = 4, too large at every other n",
            lambda: dict(bound=_rank_bound_equal_at_4),
        ),
    ],
}
