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


# --- claims on vectors of a width d_k: an extra term that needs a fourth coordinate --------------------------------


def _symbolic(n) -> bool:
    return isinstance(n, sp.Basic) and not n.is_Integer


def _beyond(u, v, start: int = 3):
    """sum_{i >= start} u_i v_i of two columns of one length: 0 at every width <= start (no such coordinate)."""
    n = u.shape[0]
    if _symbolic(n):
        return sp.Sum(u[_I, 0] * v[_I, 0], (_I, start, n - 1))
    return sum((u[i, 0] * v[i, 0] for i in range(start, int(n))), sp.Integer(0))


def _tail(u, start: int = 3):
    """The column u with its first ``start`` coordinates zeroed: the zero column at every width <= start (a
    stream, rows = positions and columns = coordinates, has its first ``start`` columns zeroed)."""
    import numpy as np

    if isinstance(u, np.ndarray):
        out = np.array(u, copy=True)
        out[..., :start] = 0
        return out
    n = u.shape[0]
    if _symbolic(n):
        i, j = sp.symbols("i j", integer=True)
        return sp.FunctionMatrix(n, 1, sp.Lambda((i, j), sp.Piecewise((u[i, 0], i >= start), (0, True))))
    return sp.Matrix([u[i, 0] if i >= start else 0 for i in range(int(n))])


def _plus(claim, extra):
    """claim + extra(*args): a wrong claim built on the printed one."""

    def wrong(*args, **kw):
        return claim(*args, **kw) + extra(*args)

    return wrong


def _wrong_cases():
    from certificates.psa import sec4_5_transport as tr
    from certificates.psa import sec4_design as ds
    from certificates.psa import sec4_spectral as spc
    from theory import design_space as dsp

    claims = {c: p for c, p in _claims(("rem19", "prop34", "prop36", "def12", "eq36", "rem31", "table2.arith"))}
    eps = sp.Symbol("epsilon", real=True)
    del tr, ds, spc
    return {
        "rem19": [
            (
                "norm claim + sum_{i >= 3} q_i^2: equal at d_k <= 3, wrong from d_k = 4",
                lambda: dict(norm_claim=_plus(claims["rem19"]["norm_claim"], lambda q, p, g: _beyond(q, q))),
            ),
        ],
        "prop34": [
            (
                "Leibniz rule + sum_{i >= 3} q_i p_k,i: equal at d_k <= 3, wrong from d_k = 4",
                lambda: dict(leibniz=_plus(claims["prop34"]["leibniz"], lambda q, pq, k, pk: _beyond(q, pk))),
            ),
        ],
        "prop36": [
            (
                "(35) + eps sum_{i >= 3} q_i p_k,i: equal at d_k <= 3, wrong from d_k = 4",
                lambda: dict(
                    bias_claim=_plus(claims["prop36"]["bias_claim"], lambda q, pq, k, pk, *a: eps * _beyond(q, pk))
                ),
            ),
        ],
        "def12": [
            (
                "ghost key + k with its first three coordinates zeroed: equal at d_k <= 3, wrong from d_k = 4",
                lambda: dict(ghost=_plus(claims["def12"]["ghost"], lambda k, kp, g: _tail(k))),
            ),
        ],
        "eq36": [
            (
                "re-extracted momentum + p_t with its first three coordinates zeroed: equal at d_k <= 3, wrong beyond",
                lambda: dict(claim=_plus(claims["eq36"]["claim"], lambda p, pp, *a: _tail(p))),
            ),
        ],
        "rem31": [
            (
                "codimension + prod over the explicit widths (2, 3, 4, 5, 64) of (d_k - w): wrong at every other d_k",
                lambda: dict(
                    codim_claim=lambda d: (
                        dsp.symmetric_codimension(d) + (d - 2) * (d - 3) * (d - 4) * (d - 5) * (d - 64)
                    )
                ),
            ),
        ],
        "table2.arith": [
            (
                "parameter count d(d + 1)/2 + (d - 3)^2: equal at the explicit d_k = 3, wrong at every other d_k",
                lambda: dict(param_count_claim=lambda d: d * (d + 1) / 2 + (d - 3) ** 2),
            ),
        ],
    }


def _claims(ids):
    from certificates import load_registry
    from certificates.claims import claim_parameters

    reg = {c.id: c for c in load_registry("psa")}
    return [(cid, claim_parameters(reg[cid])) for cid in ids]


for _cid, _cases in _wrong_cases().items():
    WRONG.setdefault(_cid, []).extend(_cases)


# --- §5.6 softmax: claims at every T -----------------------------------------------------------------------------


def _from_index(i, at_least: int):
    """1 where the index ``i >= at_least``, else 0 (an integer index, or a symbolic one)."""
    return sp.Piecewise((1, sp.sympify(i) >= at_least), (0, True))


def _jacobian_entry_late_rows(a, i, j):
    """J_a's entry plus a_i delta_ij on the rows i >= 50: the printed J_a at every T <= 50 (the explicit T = 3, 4,
    5, 10, 50), a different one beyond (its columns no longer sum to 0)."""
    from theory import softmax as SM

    return SM.jacobian_entry(a, i, j) + a[i] * sp.KroneckerDelta(i, j) * _from_index(i, 50)


def _more_softmax_cases():
    return {
        "lemma51": [
            (
                "rank T - 1 + (T - 3)(T - 4)(T - 10)(T - 50): equal at the explicit T, wrong at every other T",
                lambda: dict(rank_claim=lambda T: T - 1 + (T - 3) * (T - 4) * (T - 10) * (T - 50)),
            ),
            (
                "J_a + a_i delta_ij on the rows i >= 50: equal at every T <= 50, wrong beyond",
                lambda: dict(entry=_jacobian_entry_late_rows),
            ),
        ],
        "cor52": [
            (
                "J_a + a_i delta_ij on the rows i >= 50: equal at every T <= 50, wrong beyond",
                lambda: dict(entry=_jacobian_entry_late_rows),
            ),
        ],
        "prop55": [
            (
                "J_a + a_i delta_ij on the rows i >= 50: equal at every T <= 50, wrong beyond",
                lambda: dict(entry=_jacobian_entry_late_rows),
            ),
        ],
        "prop54": [
            (
                "centroid factor T + (T - 2)(T - 3): equal at the explicit T = 2, 3, wrong at every other T",
                lambda: dict(centroid_factor=lambda T: T + (T - 2) * (T - 3)),
            ),
        ],
    }


for _cid, _cases in _more_softmax_cases().items():
    WRONG.setdefault(_cid, []).extend(_cases)


# --- §4.4 builders: the claimed lower shear, called at a symbolic d_k ----------------------------------------------


def _lower_shear_upper_block_from_4(G, dk=None):
    """The lower shear [[I, 0], [gamma I, I]] with an upper-right block gamma I from d_k = 4 on (a Piecewise in
    a symbolic d_k): the printed shear at every d_k <= 3 (the explicit d_k = 1 and 3), a different map beyond."""
    from theory.shear import lower_shear_explicit

    if dk is not None and _symbolic(dk):
        I = sp.Identity(dk)
        return sp.BlockMatrix([[I, sp.Piecewise((0, dk <= 3), (G, True)) * I], [G * I, I]])
    M = lower_shear_explicit(G, dk)
    if dk is not None and int(dk) >= 4:
        M[:dk, dk:] = G * sp.eye(dk)
    return M


def _lower_shear_python_branch(G, dk=None):
    """The same wrong shear written with a Python branch on the width (it cannot take a symbolic d_k)."""
    from theory.shear import lower_shear_explicit

    M = lower_shear_explicit(G, dk)
    if dk is not None and dk >= 4:
        M[:dk, dk:] = G * sp.eye(dk)
    return M


for _cid in ("prop20", "cor21"):
    WRONG.setdefault(_cid, []).extend(
        [
            (
                "lower shear + an upper-right block gamma I from d_k = 4 on (Piecewise in d_k): wrong beyond d_k = 3",
                lambda: dict(builder=_lower_shear_upper_block_from_4),
            ),
            (
                "the same, by a Python branch on the width: not given at a symbolic d_k",
                lambda: dict(builder=_lower_shear_python_branch),
            ),
        ]
    )


def _shear_lower_block_from_3(g, dk):
    """M_gamma with a lower-left block gamma I from d_k = 3 on (a Piecewise in a symbolic d_k): the printed shear
    at every d_k <= 2 (the explicit d_k = 2), one that moves the momenta beyond."""
    from theory.shear import shear_explicit

    if _symbolic(dk):
        I = sp.Identity(dk)
        return sp.BlockMatrix([[I, g * I], [sp.Piecewise((0, dk <= 2), (g, True)) * I, I]])
    M = sp.Matrix(shear_explicit(g, dk))
    if int(dk) >= 3:
        M[dk:, :dk] = g * sp.eye(dk)
    return M


WRONG.setdefault("prop18", []).append(
    (
        "M_gamma + a lower-left block gamma I from d_k = 3 on (Piecewise in d_k): wrong beyond d_k = 2",
        lambda: dict(builder=_shear_lower_block_from_3),
    )
)


# --- §4.8, §5.1: the claimed joint map diag(M_gq, M_gk), called at a symbolic d_k ----------------------------------


def _joint_wrong_from_4(gq, gk, dk):
    """diag(M_gq, M_gk) with a lower-left block gq I in the query shear from d_k = 4 on (a Piecewise in a symbolic
    d_k): the printed map at every d_k <= 3 (the explicit d_k = 1, 2, 3), a non-symplectic one beyond."""
    from theory.shear import asymmetric_shear_explicit

    if _symbolic(dk):
        M = asymmetric_shear_explicit(gq, gk, dk)
        blocks = M.blocks.as_mutable()
        blocks[1, 0] = sp.Piecewise((0, dk <= 3), (gq, True)) * sp.Identity(dk)
        return sp.BlockMatrix(blocks.tolist())
    M = sp.Matrix(asymmetric_shear_explicit(gq, gk, dk))
    if int(dk) >= 4:
        M[dk : 2 * dk, :dk] = gq * sp.eye(dk)
    return M


WRONG.setdefault("prop36", []).append(
    (
        "diag(M_gq, M_gk) + a lower-left block gamma_q I from d_k = 4 on: wrong beyond d_k = 3",
        lambda: dict(builder=_joint_wrong_from_4),
    )
)
WRONG.setdefault("thm38", []).append(
    (
        "diag(M_gamma, M_gamma) + a lower-left block gamma I from d_k = 4 on: wrong beyond d_k = 3",
        lambda: dict(builder=lambda g, n: _joint_wrong_from_4(g, g, n)),
    )
)


# --- §4.4 Hamiltonians, §5.3 Coriolis difference ---------------------------------------------------------------------


def _H_upper_extra(q, p):
    """H^u = ||p||^2/2 plus sum_{i >= 2} p_i^2 / 2: the printed H^u at every d_k <= 2 (the explicit d_k = 2), a
    different Hamiltonian (a different flow) beyond."""
    from theory.design_space import H_upper

    return H_upper(q, p) + _beyond(p, p, 2) / 2


def _coriolis_extra(g, Rt, Rtm1, q):
    """The printed -gamma (R_t - R_(t-1)) q plus q with its first four coordinates zeroed: the printed
    difference at every d_k <= 4 (the explicit d_k = 2, 4), a different one beyond."""
    from certificates.psa import sec5_6_positional as P

    return P._printed_difference(g, Rt, Rtm1, q) + _tail(q, 4)


for _cid in ("prop22", "rem23.signs"):
    WRONG.setdefault(_cid, []).append(
        (
            "H^u + sum_{i >= 2} p_i^2 / 2: equal at d_k <= 2, wrong beyond",
            lambda: dict(H_up=_H_upper_extra),
        )
    )
WRONG.setdefault("cor41", []).append(
    (
        "Coriolis difference + q with its first four coordinates zeroed: equal at d_k <= 4, wrong beyond",
        lambda: dict(difference_claim=_coriolis_extra),
    )
)


# --- eq. (25): the claimed general element of sp(2 d_k) --------------------------------------------------------------


def _sp_family_wrong_from_4(dk, A=None, B=None, C=None):
    """[[A, B], [C, -A^T]] with A added to the lower-right block from d_k = 4 on (a Piecewise in a symbolic d_k):
    the printed family at every d_k <= 3 (the explicit d_k = 1, 2, 3), not in sp beyond."""
    from theory.design_space import generic_matrix, sp_block_form

    if _symbolic(dk):
        F = sp_block_form(dk)
        (P, Bb), (Cb, D) = F.blocks.tolist()
        return sp.BlockMatrix([[P, Bb], [Cb, D + sp.Piecewise((0, dk <= 3), (1, True)) * P]])
    F = sp_block_form(dk, A=A, B=B, C=C)
    if int(dk) >= 4:
        F[dk:, dk:] += F[:dk, :dk] if A is None else generic_matrix("a", dk)
    return F


def _sp_family_python_branch(dk, A=None, B=None, C=None):
    """The same wrong family with a Python branch on the width (it cannot take a symbolic d_k)."""
    from theory.design_space import sp_block_form

    F = sp_block_form(dk, A=A, B=B, C=C)
    if dk >= 4:
        F[dk:, dk:] += F[:dk, :dk]
    return F


WRONG.setdefault("eq25", []).extend(
    [
        (
            "the family with A added to the lower-right block from d_k = 4 on (Piecewise in d_k)",
            lambda: dict(family=_sp_family_wrong_from_4),
        ),
        (
            "the same, by a Python branch on the width (found at an explicit d_k = 4)",
            lambda: dict(family=_sp_family_python_branch),
        ),
    ]
)


def _def10_extra_beyond_3(g, T1, T2, T3, T4):
    """The printed four-term right-hand side of (18) plus sum_{i >= 3} q_i k_i: the printed expansion at every
    d_k <= 3 (the explicit d_k = 3 has no index 3), a different one from d_k = 4 on.  The vectors are read from
    T1 = q^T k: at a symbolic width it holds the n x 1 MatrixSymbols q and k."""
    from theory.score import four_term_expansion

    cols = sorted(
        (m for m in T1.atoms(sp.MatrixSymbol) if m.shape[1] == 1 and _symbolic(m.shape[0])), key=lambda m: m.name
    )
    extra = _beyond(cols[0], cols[1]) if len(cols) == 2 else sp.Integer(0)
    return four_term_expansion(g, T1, T2, T3, T4) + extra


WRONG["def10"] = [
    (
        "(18) + sum_{i >= 3} q_i k_i: equal at d_k <= 3, wrong from d_k = 4",
        lambda: dict(expansion=_def10_extra_beyond_3),
    ),
]


def _rem32_entry_beyond_3(W1, W2, dsigma, i, j, h):
    """The printed entry (31) plus W2[i, 0] W1[0, j] on the rows i >= 3: the printed Jacobian at every d_k <= 3
    (so at the explicit d_k = 2 instance), a different one from d_k = 4 on."""
    from theory.design_space import mlp_jacobian_entry

    return mlp_jacobian_entry(W1, W2, dsigma, i, j, h) + sp.Piecewise((W2[i, 0] * W1[0, j], sp.Ge(i, 3)), (0, True))


for _cid in ("rem32", "rem32.corrected"):
    WRONG[_cid] = [
        (
            "(31) + W2[i, 0] W1[0, j] on rows i >= 3: equal at d_k <= 3, wrong from d_k = 4",
            lambda: dict(entry=_rem32_entry_beyond_3),
        ),
    ]


def _prop24_iff_identity_up_to_3(facts):
    """'exp(gamma X) has the shear form (is DC-neutral) iff it is I' at every d_k <= 3 (E of size <= 6, so at
    every explicit probe), its negation from d_k = 4 on (read from the size of E; a symbolic size is beyond 3)."""
    n = facts["E"].shape[0]
    return (
        facts["identity"]
        if (isinstance(n, int) or getattr(n, "is_Integer", False)) and n <= 6
        else not facts["identity"]
    )


WRONG["prop24.corrected"] = [
    (
        "shear form iff E = I at d_k <= 3, iff E != I beyond",
        lambda: dict(shear_form_claim=_prop24_iff_identity_up_to_3),
    ),
    (
        "DC-neutral iff E = I at d_k <= 3, iff E != I beyond",
        lambda: dict(dc_neutral_claim=_prop24_iff_identity_up_to_3),
    ),
]


def _sec10a_t3_beyond_68():
    """T_3's gap term gamma d_k plus gamma from d_k = 69 on (a Piecewise in d_k): the printed term on the whole
    band [8L, 67.8) and below it, a different one beyond."""
    from theory.laws import symbolic as S

    return S.gamma * S.dk + sp.Piecewise((0, sp.Le(S.dk, 68)), (S.gamma, True))


WRONG["sec10.a"] = [
    (
        "T_3 gap term gamma d_k + gamma from d_k = 69 on: equal on the band and below, wrong beyond",
        lambda: dict(t3=_sec10a_t3_beyond_68()),
    ),
]


def _thm11_coefficients_beyond_3(g):
    """(1, gamma, gamma, gamma^2) at every d_k <= 3, gamma^2 + gamma on T4 from d_k = 4 on (a Piecewise in the
    symbolic width the every-d_k part uses; the claim's interface carries no width, so it must name it)."""
    from certificates.psa._sec4_common import DIM

    return (1, g, g, g**2 + sp.Piecewise((0, sp.Le(DIM, 3)), (g, True)))


WRONG["thm11"] = [
    (
        "T4 coefficient gamma^2 + gamma from d_k = 4 on",
        lambda: dict(coefficients=_thm11_coefficients_beyond_3),
    ),
]


def _rem66_snr_beyond_64():
    """The SNR sqrt(d_k)/2 at every d_k <= 64, plus 1 beyond (a Piecewise in d_k)."""
    from theory.laws import symbolic as S

    return S.snr + sp.Piecewise((0, sp.Le(S.dk, 64)), (1, True))


WRONG["rem66"] = [
    ("SNR sqrt(d_k)/2 + 1 from d_k = 65 on", lambda: dict(snr=_rem66_snr_beyond_64())),
]


def _c10_scale_beyond_5():
    """The positive scale lambda for every n <= 5 samples (the explicit n = 5), -lambda beyond (a Piecewise in the
    symbolic sample count the every-n part uses): r changes sign from n = 6 on."""
    lam = sp.Symbol("lambda", positive=True)
    n = sp.Symbol("n", integer=True, positive=True)
    return sp.Piecewise((lam, sp.Le(n, 5)), (-lam, True))


WRONG["C10"] = [
    ("scale lambda for n <= 5, -lambda beyond", lambda: dict(scale=_c10_scale_beyond_5())),
]


def _rem40_compose_beyond_2(a, b):
    """a + b at every d_k <= 2 (the explicit d_k = 1, 2), a + b + a b from d_k = 3 on (a Piecewise in the symbolic
    width of the block form; the claim's interface carries no width, so it must name it)."""
    from certificates.psa._sec4_common import DIM

    return a + b + sp.Piecewise((0, sp.Le(DIM, 2)), (a * b, True))


WRONG["rem40"] = [
    ("compose(a, b) = a + b + a b from d_k = 3 on", lambda: dict(compose=_rem40_compose_beyond_2)),
]


def _cor69_beyond(claims: dict, name: str, extra, at):
    """The claim ``name`` of Cor 69 plus ``extra`` where ``at`` holds (beyond every sample size of the check:
    d_k <= 1000, L <= 8), unchanged elsewhere."""
    return {name: claims[name] + sp.Piecewise((0, sp.Not(at)), (extra, True))}


def _cor69_cases(claims: dict):
    from certificates.psa import sec5_6_transition as T

    dk, L, g = T.dk, T.L, T.gamma
    return [
        (
            "law (55) + 1 from d_k > 1000 (beyond the sample d_k = 60, 200, 1000)",
            lambda: _cor69_beyond(claims(), "law_claim", sp.Integer(1), dk > 1000),
        ),
        (
            "b'^2 (58) + gamma^3 from d_k > 1000",
            lambda: _cor69_beyond(claims(), "b2_claim", g**3, dk > 1000),
        ),
        (
            "crossover + 1 from L > 8 (beyond the sample L <= 8)",
            lambda: _cor69_beyond(claims(), "crossover_claim", sp.Integer(1), L > 8),
        ),
    ]


def _key_printed():
    from certificates.psa.sec5_6_transition import KEY_PRINTED

    return KEY_PRINTED


def _key_corrected():
    from certificates.psa.sec5_6_transition import KEY_CORRECTED

    return KEY_CORRECTED


WRONG["cor69"] = _cor69_cases(_key_printed)
WRONG["cor69.corrected"] = _cor69_cases(_key_corrected)


# --- sampled certificates of §5-6 (issue 25: they declare their size domains; the checks catch these claims) ------


def _shear_off_triangular_from_3(g, dk):
    """M_gamma (float64) with gamma in its lower-left block at (p_2, q_2) from d_k = 3 on: the printed
    unit-triangular shear at every d_k <= 2 (the width of Rem 39's search), not symplectic beyond (caught by
    the float64 residual at the explicit d_k = 64)."""
    from theory.transport import shear_numeric

    M = shear_numeric(g, dk)
    if dk >= 3:
        M = M.copy()
        M[dk + 2, 2] = g
    return M


WRONG["rem39"] = [
    (
        "the float64 shear leaves the unit-triangular form from d_k = 3 on (beyond the searched d_k = 2)",
        lambda: {"residual_builder": _shear_off_triangular_from_3},
    ),
]


def _jacobian_wrong_for_T_2000_to_9000(a, v):
    """J_a v plus a * v / 2 (a first-order error) at every T in [2000, 9000], the printed J_a v at every other T
    (so at each seeded T = 10, 100, 1000, 10^4): only the search over T in [2, 10^4] can meet it."""
    import numpy as np

    from theory import softmax as SM

    out = SM.jacobian_apply(a, v)
    if 2000 <= len(np.asarray(v)) <= 9000:
        return out + 0.5 * np.asarray(a, dtype=float) * np.asarray(v, dtype=float)
    return out


WRONG["prop44"] = [
    (
        "J_a S^AC with a first-order error at T in [2000, 9000] only (between the seeded T = 1000 and 10^4)",
        lambda: {"linear": _jacobian_wrong_for_T_2000_to_9000},
    ),
]


def _momentum_wrong_beyond_64(V, W, omega, phi, j):
    """The proof's p_k,j at every key position j <= 64 (so at every N <= 64 of Prop 59's search), plus V beyond:
    a Piecewise in the symbolic j, which the exact first-difference identity must reject."""
    from certificates.psa.sec5_6_positional import _printed_momentum

    p = _printed_momentum(V, W, omega, phi, j)
    return sp.Piecewise((p, j <= 64), (p + V, True))


WRONG["prop59"] = [
    (
        "p_k,j as printed at j <= 64 (every N <= 64 searched), + V from j = 65 on",
        lambda: {"momentum_claim": _momentum_wrong_beyond_64},
    ),
]


class _RateBeyond1024:
    """The rate exponent of Rem 61's O(1/N^rate) as a function of N: 1 at every N <= 1024 (the seeded N = 16, 128,
    1024 and the search's N <= 64), 3/2 beyond (N ** rate is N^(3/2) there)."""

    def __rpow__(self, n):
        return n ** (1 if n <= 1024 else 1.5)

    def __repr__(self) -> str:
        return "1 (N <= 1024), 3/2 (N > 1024)"


WRONG["rem61"] = [
    ("rate 1 at N <= 1024, O(1/N^(3/2)) beyond (caught at the seeded N = 8192)", lambda: {"rate": _RateBeyond1024()}),
]
