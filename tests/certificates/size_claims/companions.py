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


def _indicator(x, at_least: int):
    """1 where ``x >= at_least``, else 0: for integer index arrays (the explicit filters) and symbolic integers."""
    import numpy as np

    if isinstance(x, np.ndarray):
        return (x >= at_least).astype(int)
    return sp.Piecewise((1, x >= at_least), (0, True))


def _fir_extra_tap_late(E, t, j, gb, gt, d, s1=0, s2=0):
    """The printed filter plus g_tri E[t - 1, j] from position 12 on (padded index t >= 14): the printed filter
    at every sequence of length T <= 12 (the explicit T = 12), a different one beyond."""
    return Q.fir3_entry(E, t, j, gb, gt, d, s1, s2) + gt[j] * E[t - 1, j] * _indicator(t, 14)


def _fir_extra_channel(E, t, j, gb, gt, d, s1=0, s2=0):
    """The printed filter plus g_bi E[t - 2, j] on the channels j >= 6: the printed filter at every width d <= 6
    (the explicit d = 6 and the two symbolic channels), a different one beyond."""
    return Q.fir3_entry(E, t, j, gb, gt, d, s1, s2) + gb[j] * E[t - 2, j] * _indicator(j, 6)


def _fuse_extra_beyond_512(W, a, v, j):
    """The printed fused entry plus W[v, j] on the columns j >= 512: the printed fusion at every width d <= 512
    (the explicit 8192 x 512 and 4 x 32), a different one beyond."""
    return Q.fuse_entry(W, a, v, j) + W[v, j] * _indicator(j, 512)


def _fro2_extra_rows(s, X, n, vpost, rows):
    """§3.1's n sum_i v_post,i s_i^2 with the rows i >= 2 counted twice: the printed form at every m <= 2 rows
    (the explicit 2 x 3), a different one beyond."""
    from certificates.qhm import filters as F

    i = sp.Symbol("i", integer=True)
    if isinstance(rows, int):
        extra = sp.Add(*[vpost[k] * s[k] ** 2 for k in range(2, rows)])
    else:
        extra = sp.Sum(vpost[i] * s[i] ** 2, (i, 2, rows - 1))
    return F._fro2_printed(s, X, n, vpost, rows) + n * extra


def _beyond(u, v, start: int = 3):
    """sum_{i >= start} u_i v_i of two columns of one length: 0 at every width <= start."""
    n = u.shape[0]
    if isinstance(n, sp.Basic) and not n.is_Integer:
        return sp.Sum(u[_I, 0] * v[_I, 0], (_I, start, n - 1))
    return sum((u[i, 0] * v[i, 0] for i in range(start, int(n))), sp.Integer(0))


def _four_terms_extra(q, pq, k, pk, g=None):
    """§2.5's four terms with gamma sum_{i >= 3} q_i p_k,i added to the anticipation term: the printed terms at
    every d <= 3 (the explicit d = 3), different ones beyond."""
    from theory.companions import momentum as M

    out = dict(M.four_terms(q, pq, k, pk) if g is None else M.four_terms(q, pq, k, pk, g))
    out["anticipation"] = out["anticipation"] + (M.gamma if g is None else g) * _beyond(q, pk)
    return out


def _jacobian_extra_keys(v, k, a, i, m, j, l, n, d):
    """§2.7.1's printed J entry plus sum_{j >= 2} v_(j,i) a_j k_(j,m) / sqrt(d): the printed entry for every prefix
    of n <= 2 keys (the explicit T = 2), a different one beyond."""
    from certificates.momentum import linearisation as L

    extra = sp.Sum(v[j, i] * a(j) * k[j, m], (j, 2, n - 1)) / sp.sqrt(d)
    return L.printed_jacobian_entry(v, k, a, i, m, j, l, n, d) + extra


WRONG: dict[str, list[tuple[str, Callable[[], dict]]]] = {
    "momentum:sec2.7.1": [
        (
            "J entry + sum over the keys j >= 2: equal for every prefix of n <= 2 keys, wrong beyond",
            lambda: dict(entry=_jacobian_extra_keys),
        ),
    ],
    "qhm:sec3.1": [
        (
            "n sum v_post,i s_i^2 with the rows i >= 2 counted twice: equal at m <= 2, wrong beyond",
            lambda: dict(fro2_claim=_fro2_extra_rows),
        ),
    ],
    "momentum:sec2.5": [
        (
            "anticipation term + gamma sum_{i >= 3} q_i p_k,i: equal at d <= 3, wrong beyond",
            lambda: dict(terms=_four_terms_extra),
        ),
    ],
    "qhm:sec3.2": [
        (
            "fused entry + W[v, j] on the columns j >= 512: equal at every width d <= 512, wrong beyond",
            lambda: dict(fuse_entry=_fuse_extra_beyond_512),
        ),
    ],
    "qhm:sec3.3.fir": [
        (
            "an extra tap g_tri at lag 1 from position 12 on: equal at every T <= 12, wrong beyond",
            lambda: dict(entry=_fir_extra_tap_late),
        ),
        (
            "an extra tap g_bi at lag 2 on the channels j >= 6: equal at every width d <= 6, wrong beyond",
            lambda: dict(entry=_fir_extra_channel),
        ),
    ],
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


def _phase_average_nonzero_beyond_12(N, k):
    """The claimed full-period average: 0 for every period N <= 12 (so at the explicit N = 12), 1 beyond."""
    return sp.Piecewise((0, sp.Le(N, 12)), (1, True))


WRONG["momentum:appE.thm3.1"] = [
    (
        "average 0 for N <= 12, 1 beyond: equal at the explicit N = 12, wrong from N = 13 on",
        lambda: dict(claimed=_phase_average_nonzero_beyond_12),
    ),
]


def _volume_shear_beyond_3(g, d):
    """[[I, gamma I], [0, I]] at every d <= 3, [[I, gamma I], [0, 2 I]] from d = 4 on (a Piecewise in a symbolic
    d): the printed shear at the explicit d = 1, 2, 3, det 2^d beyond."""
    from theory.companions.momentum import linear_shear

    if not (isinstance(d, sp.Basic) and not d.is_Integer):
        return linear_shear(g, d)
    i, j = sp.symbols("i j", integer=True)
    D = sp.FunctionMatrix(d, d, sp.Lambda((i, j), sp.KroneckerDelta(i, j) * sp.Piecewise((1, sp.Le(d, 3)), (2, True))))
    return sp.BlockMatrix([[sp.Identity(d), g * sp.Identity(d)], [sp.ZeroMatrix(d, d), D]])


WRONG["momentum:sec2.1.volume"] = [
    ("lower-right block 2 I from d = 4 on: equal at d <= 3", lambda: dict(builder=_volume_shear_beyond_3)),
    (
        "the same shear with a Python branch on d (no symbolic d)",
        lambda: dict(builder=lambda g, d: _volume_shear_beyond_3(g, d) if isinstance(d, int) else sp.eye(2)),
    ),
]


def _symplectic_leading_block(J):
    """Df symmetric in its leading 2 x 2 block only: the corrected criterion at every d <= 2 (so on the explicit
    shears, d = 2), a weaker condition from d = 3 on (accepts non-symplectic shears)."""
    from certificates.momentum.operator import _df_symmetric

    if not isinstance(J, sp.BlockMatrix):
        return _df_symmetric(J)
    Df = J.blocks[0, 1]
    return sp.Eq(Df[:2, :2], Df[:2, :2].T)


def _symplectic_explicit_only(J):
    """The corrected criterion, not given at a symbolic d (a Python branch): undecided for every d."""
    from certificates.momentum.operator import _df_symmetric

    if isinstance(J, sp.BlockMatrix):
        raise TypeError("explicit Jacobians only")
    return _df_symmetric(J)


WRONG["momentum:sec2.2.volume_symplectic.corrected"] = [
    (
        "Df symmetric in its leading 2 x 2 block: equal at d <= 2, accepts non-symplectic shears from d = 3",
        lambda: dict(criterion=_symplectic_leading_block),
    ),
    ("the criterion with a Python branch on the Jacobian's type", lambda: dict(criterion=_symplectic_explicit_only)),
]


def _symmetric_family_beyond_3(gg, d):
    """{B (q_t - q_(t-1)) : B = B^T} at every explicit d (so d = 1, 2, 3), B = X (any d x d matrix, not a
    solution of (3)) at a symbolic d."""
    from certificates.momentum.operator import _symmetric_operator

    if isinstance(d, int) or (isinstance(d, sp.Basic) and d.is_Integer):
        return _symmetric_operator(gg, d)
    X = sp.MatrixSymbol("X", d, d)
    return X, -X


def _diagonal_family_beyond_3(gg, d):
    """The symmetric family at every explicit d, only the scalar multiples gamma I (a one-parameter family, not
    the whole d(d+1)/2-dimensional set) at a symbolic d."""
    from certificates.momentum.operator import _symmetric_operator

    if isinstance(d, int) or (isinstance(d, sp.Basic) and d.is_Integer):
        return _symmetric_operator(gg, d)
    return gg * sp.Identity(d), -gg * sp.Identity(d)


def _scalar_frozen_beyond_3(gg, d):
    """gamma (q_t - q_(t-1)) at every explicit d, the single operator (I, -I) (no parameter) at a symbolic d."""
    if isinstance(d, int) or (isinstance(d, sp.Basic) and d.is_Integer):
        return gg * sp.eye(d), -gg * sp.eye(d)
    return sp.Identity(d), -sp.Identity(d)


WRONG["momentum:sec2.1.uniqueness.corrected"] = [
    (
        "matrix family B = X (not symmetric) at a symbolic d: equal at d = 1..3",
        lambda: dict(matrix_operator=_symmetric_family_beyond_3),
    ),
    (
        "matrix family gamma I only at a symbolic d: equal at d = 1..3",
        lambda: dict(matrix_operator=_diagonal_family_beyond_3),
    ),
    ("scalar family without a parameter at a symbolic d", lambda: dict(printed_operator=_scalar_frozen_beyond_3)),
]


def _offband_nonzero_beyond_128(T, d):
    """The claimed off-frequency share: 0 at every T <= 128 and d <= 8 (so at the explicit T = 128, d = 8),
    1/2 beyond."""
    return sp.Piecewise((0, sp.And(sp.Le(T, 128), sp.Le(d, 8))), (sp.Rational(1, 2), True))


def _gain_varies_beyond_width_8(T, d):
    """The claimed 'gain depends on w': False at every width d <= 8 (so at the explicit d = 8), True beyond."""
    return sp.Piecewise((sp.false, sp.Le(d, 8)), (sp.true, True))


WRONG["momentum:thm2.11.corrected"] = [
    (
        "off-frequency share 0 for T <= 128 and d <= 8, 1/2 beyond: equal at the explicit T = 128, d = 8",
        lambda: dict(off_band=_offband_nonzero_beyond_128),
    ),
    (
        "gain frequency-dependent only at widths d > 8: flat at the explicit d = 8, wrong beyond",
        lambda: dict(frequency_dependent=_gain_varies_beyond_width_8),
    ),
]
