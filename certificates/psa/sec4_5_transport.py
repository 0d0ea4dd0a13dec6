"""Certificates for §4.8 and §5.1-§5.2: the transport identity, asymmetric shears, operator-level
invariance and its perturbation estimate, the residual diagnostic, the transformed stream, and
the one-parameter subgroup (Prop 34 - Rem 40).

These certify the WHOLE printed statements; C4, C5, C6 and C9 (table10.py) check parts of
Prop 34, Prop 36 and Thm 38 and are left as they are.
"""

from __future__ import annotations

import functools

import numpy as np
import sympy as sp
from scipy.linalg import expm

from theory.score import dot_sym, momenta, score_sym, sheared, sym_vector
from theory.shear import (
    asymmetric_shear,
    asymmetric_shear_explicit,
    h_joint,
    joint_omega,
    joint_omega_explicit,
    omega,
    omega_explicit,
    shear_explicit,
    shear_sym,
    symplectic_residual,
)
from theory.statement import all_statements
from theory.transport import (
    antisymmetric_current,
    compose_couplings,
    leibniz_rhs,
    perturbation_bound_energy,
    perturbation_bound_symplectic,
    reextracted_momentum_claim,
    score_bias,
    shear_numeric,
    stream_vectors,
    swap_streams,
    volume_preserving_non_symplectic,
)

from .._companion import certify, not_checkable
from ..registry import Kind, rounds_to, verdict
from ._sec4_common import explicit, is_zero, matrix_is_zero, nonzero_entries

G = sp.Symbol("gamma", real=True)
GQ, GK, EPS = sp.symbols("gamma_q gamma_k epsilon", real=True)


# --- Prop 34 --------------------------------------------------------------------------------


@functools.lru_cache(maxsize=None)
def _local_G_solutions(window: int, direction: str):
    """Coefficients c_{ab} (a, b < window) of G_t = sum c_ab q_{t-a} k_{t-b} with Delta G_t equal to the
    diagonal current q_{t-1} k_t - q_t k_{t-1} (scalar streams suffice: the forms are bilinear).

    The conditions are linear in the c_ab (coefficients of a bilinear form): solved exactly by
    ``linsolve`` (row reduction over QQ); the solutions, as a tuple (empty: inconsistent)."""
    c = [[sp.Symbol(f"c{a}{b}") for b in range(window)] for a in range(window)]
    T0 = window + 2
    qs = sp.symbols(f"Q0:{T0 + 2}")
    ks = sp.symbols(f"K0:{T0 + 2}")

    def Gt(t):
        return sum(c[a][b] * qs[t - a] * ks[t - b] for a in range(window) for b in range(window))

    t = T0
    target = qs[t - 1] * ks[t] - qs[t] * ks[t - 1]
    dG = Gt(t) - Gt(t - 1) if direction == "backward" else Gt(t + 1) - Gt(t)
    eqs = sp.Poly(sp.expand(dG - target), *qs, *ks).coeffs()
    return tuple(sp.linsolve(eqs, [x for row in c for x in row]))


def _running_sum_G(T=7):
    """The non-local bilinear G_t = sum_{s=2}^{t} (q_{s-1} k_s - q_s k_{s-1}); Delta G_t = the current."""
    _, *gens = sp.ring(sp.symbols(f"Q1:{T + 1}") + sp.symbols(f"K1:{T + 1}"), sp.QQ)  # exact arithmetic in Q[q, k]
    qs, ks = gens[:T], gens[T:]
    q = lambda s: qs[s - 1]  # noqa: E731
    k = lambda s: ks[s - 1]  # noqa: E731
    Gt = lambda t: sum(q(s - 1) * k(s) - q(s) * k(s - 1) for s in range(2, t + 1))  # noqa: E731
    return all(Gt(t) - Gt(t - 1) - (q(t - 1) * k(t) - q(t) * k(t - 1)) == 0 for t in range(3, T + 1))


def _prop34_identities(coherence, leibniz, current, n=3):
    return dict(_prop34_identities_cached(coherence, leibniz, current, n))


@functools.lru_cache(maxsize=None, typed=True)
def _prop34_identities_cached(coherence, leibniz, current, n):
    """(32)-(34), the current and the remainder (memoised: prop34 and prop34.corrected read them)."""
    q, pq, k, pk = stream_vectors(n)
    qm, km = q - pq, k - pk  # q_{t-1}, k_{j-1}
    delta = dot_sym(q, k) - dot_sym(qm, km)  # (32) applied to F = q^T k
    ok34 = is_zero(delta - leibniz(q, pq, k, pk))
    ok33 = is_zero(score_sym(q, pq, k, pk, G) - (dot_sym(q, k) + G * delta + coherence * dot_sym(pq, pk)))
    s_asym = score_sym(q, pq, k, pk, GQ, GQ + EPS)
    s_sym = score_sym(q, pq, k, pk, GQ)
    anti = sp.expand((s_asym - swap_streams(s_asym, q, pq, k, pk)) / 2)
    ok_cur = is_zero(anti - current(q, pq, k, pk, EPS))
    remainder = sp.expand(s_asym - s_sym - current(q, pq, k, pk, EPS))
    ok_rem = is_zero(remainder - swap_streams(remainder, q, pq, k, pk))
    # on the diagonal the current is proportional to q_t^T k_{t-1} - q_{t-1}^T k_t (j = t)
    diag = sp.expand(dot_sym(q, k - (k - pk)) - dot_sym(q - (q - pq), k))  # q^T p_k - p_q^T k
    ok_diag = is_zero(diag - (dot_sym(q - pq, k) - dot_sym(q, k - pk)))
    return {"eq34": ok34, "eq33": ok33, "current": ok_cur, "symmetric_remainder": ok_rem, "diagonal_form": ok_diag}


def _grid_check(T=6, dk=3, g=0.7, seed=341):
    """(33) on every t, j >= 2 of random streams, Delta_diag taken on the actual grid."""
    rng = np.random.default_rng(seed)
    Q, K = rng.standard_normal((T, dk)), rng.standard_normal((T, dk))
    Pq, Pk = momenta(Q), momenta(K)
    F = Q @ K.T
    S = sheared(Q, g) @ sheared(K, g).T
    worst = 0.0
    for t in range(1, T):
        for j in range(1, T):
            rhs = F[t, j] + g * (F[t, j] - F[t - 1, j - 1]) + g * (1 + g) * (Pq[t] @ Pk[j])
            worst = max(worst, abs(S[t, j] - rhs))
    return worst


def _prop34_claims(coherence, leibniz, current, n=2):
    """The claimed (33)-(34) terms as expressions (what the printed side shows)."""
    q, pq, k, pk = stream_vectors(n)
    return {
        "coherence": str(coherence),
        "Delta F (34)": str(sp.expand(leibniz(q, pq, k, pk))),
        "current": str(sp.expand(current(q, pq, k, pk, EPS))),
    }


def check_prop34(
    coherence=G * (1 + G), leibniz=leibniz_rhs, current=antisymmetric_current, *, windows=(2,), nonlocal_probe=True
):
    """(32)-(34) in ring normal form and on a grid; the current and the symmetric remainder; the
    no-total-difference claim 'no bilinear G': the proof's local class solved (no solution), and the
    non-local running sum probed."""
    ids = _prop34_identities(coherence, leibniz, current)
    grid = _grid_check()
    local = {f"w={w},{d}": len(_local_G_solutions(w, d)) for w in windows for d in ("backward", "forward")}
    ok_local = all(v == 0 for v in local.values())
    nonlocal_exists = _running_sum_G() if nonlocal_probe else False
    ok = all(ids.values()) and grid <= 1e-12 and ok_local and not nonlocal_exists
    ce = (
        " Counterexample to 'no bilinear G': G_t = sum_{s=2}^{t} (q_{s-1}^T k_s - q_s^T k_{s-1}) is bilinear and "
        "Delta G_t equals the current for every t; the claim needs G local in the index (the proof's class, "
        "'we do not claim it for a wider one'), see prop34.corrected."
        if nonlocal_exists
        else ""
    )
    return verdict(
        ok,
        {**ids, "grid_max_error": grid, "local_G_solutions": local, "nonlocal_G_exists": nonlocal_exists},
        {
            "identities": True,
            "local_G_solutions": 0,
            "nonlocal_G_exists": False,
            "claimed": _prop34_claims(coherence, leibniz, current),
        },
        f"identities {ids}; (33) on the t, j >= 2 grid: max error {grid:.1e}; local G (window, difference): "
        f"{local} solutions.{ce}",
        severity="reading",
        reading=(
            "two readings of 'no bilinear G' in Prop 34: (a) any bilinear G in the streams -- "
            "false, the running sum G_t = sum_s (q_{s-1}^T k_s - q_s^T k_{s-1}) is bilinear and "
            "its increment is the current; (b) a G local in the index (a fixed window of "
            "positions), the class the proof itself restricts to ('we do not claim it for a "
            "wider one') -- true (0 local solutions). The verdict uses (a), the statement as "
            "printed"
        ),
    )


def check_prop34_corrected(
    coherence=G * (1 + G),
    leibniz=leibniz_rhs,
    current=antisymmetric_current,
    zero_of_delta=(sp.Integer(2), sp.Rational(1, 2)),
    *,
    windows=(2, 3),
):
    """As printed with G restricted to finite windows of lags: windows 2 and 3 solved (no solution);
    every window at once: in generating-function form Delta multiplies by (1 - x y) (x, y the q- and
    k-lags) and the current is x - y, which does not vanish on the zero set of 1 - x y."""
    base = check_prop34(coherence, leibniz, current, windows=windows, nonlocal_probe=False)
    x, y = sp.symbols("x y")
    x0, y0 = zero_of_delta
    on_zero = (1 - x * y).subs({x: x0, y: y0}) == 0
    target_there = (x - y).subs({x: x0, y: y0})
    ok_all = on_zero and target_there != 0
    ok = base.status.value == "PASS" and ok_all
    return verdict(
        ok,
        {**base.measured, "all_windows": ok_all},
        {**base.expected, "all_windows": True},
        base.detail + f" All finite windows: 1 - xy = 0 at (x, y) = ({x0}, {y0}) where x - y = {target_there}, "
        f"so x - y is no (Laurent) multiple of 1 - xy: {ok_all}.",
    )


def check_rem35_unique(claimed_condition=sp.Eq(GK, GQ)):
    """Solve s(gamma_q, gamma_k) = c1 q^T k + c2 Delta_diag(q^T k) + c3 p_q^T p_k for (c1, c2, c3, gamma_k):
    the score has no current term exactly when gamma_k = gamma_q."""
    q, pq, k, pk = stream_vectors(3)
    c1, c2, c3 = sp.symbols("c1 c2 c3")
    s = score_sym(q, pq, k, pk, GQ, GK)
    expr = sp.expand(s - (c1 * dot_sym(q, k) + c2 * leibniz_rhs(q, pq, k, pk) + c3 * dot_sym(pq, pk)))
    eqs = sp.Poly(expr, *q, *pq, *k, *pk).coeffs()
    sols = sp.solve(eqs, [c1, c2, c3, GK], dict=True)
    claimed = sp.solve(claimed_condition, GK, dict=True)
    ok = len(sols) == 1 and len(claimed) == 1 and is_zero(sols[0][GK] - claimed[0][GK])
    return verdict(
        ok,
        str(sols),
        str(claimed_condition),
        f"solutions {sols}: only the symmetric member is a combination of the base pairing, its "
        f"difference and the coherence channel"
        if ok
        else f"solutions {sols} vs claim {claimed_condition}",
    )


# --- Prop 36 --------------------------------------------------------------------------------

PROP36_COUPLINGS = ((0.3, 1.7), (2.0, 0.5), (1e-3, 7.25), (0.9, 0.9))


def check_prop36(
    builder=asymmetric_shear_explicit,
    bias_claim=score_bias,
    num_builder=asymmetric_shear,
    *,
    dims=(1, 2),
    dk_num=64,
    couplings=PROP36_COUPLINGS,
    seed=361,
):
    """(i) M^T Omega M - Omega for symbolic (gamma_q, gamma_k): identically zero, so the solution set
    in (gamma_q, gamma_k) is all pairs; float64 residual 0.0 at d_k = 64. (ii) H_joint(Mx) - H_joint(x)
    and the momenta. (iii) (35), linear in eps, and H_joint the same for both members."""
    rows, ok_i = [], True
    for n in dims:
        M = builder(GQ, GK, n)
        R = M.T * explicit(joint_omega_explicit, n) * M - explicit(joint_omega_explicit, n)
        eqs = [e for e in (sp.expand(x) for x in R) if e != 0]
        all_pairs = not eqs
        ok_i &= all_pairs
        rows.append(
            f"d_k={n}: residual entries {eqs or 0} -> solution set {'all (gamma_q, gamma_k)' if all_pairs else eqs}"
        )
    Om = joint_omega(dk_num)
    worst = max(symplectic_residual(num_builder(a, b, dk_num), Om) for a, b in couplings)
    ok_i &= worst == 0.0
    n = 2
    x = sym_vector("x", 4 * n)
    M = builder(GQ, GK, n)
    y = M * x
    dH = sp.expand(h_joint(y, n) - h_joint(x, n))
    mom_fixed = matrix_is_zero(y[n : 2 * n, :] - x[n : 2 * n, :]) and matrix_is_zero(y[3 * n :, :] - x[3 * n :, :])
    ok_ii = dH == 0 and mom_fixed
    q, pq, k, pk = stream_vectors(3)
    diff = score_sym(q, pq, k, pk, GQ, GQ + EPS) - score_sym(q, pq, k, pk, GQ)
    res35 = sp.expand(diff - bias_claim(q, pq, k, pk, GQ, EPS))
    linear = sp.Poly(sp.expand(diff), EPS).degree() == 1
    My = builder(GQ, GQ + EPS, n) * x
    Ms = builder(GQ, GQ, n) * x
    no_energy = is_zero(h_joint(My, n) - h_joint(Ms, n))
    ok_iii = res35 == 0 and linear and no_energy
    ok = ok_i and ok_ii and ok_iii
    return verdict(
        ok,
        {
            "(i)": ok_i,
            "float64_residual": worst,
            "(ii) dH": str(dH),
            "(iii) residual": str(res35),
            "linear_in_eps": linear,
            "no_energy_component": no_energy,
        },
        {"(i)": True, "float64_residual": 0.0, "(ii) dH": "0", "(iii) residual": "0"},
        "; ".join(rows) + f"; float64 residual at d_k={dk_num} over {list(couplings)}: {worst!r}; "
        f"H_joint drift {dH}, momenta fixed {mom_fixed}; (35) residual {res35}, linear in eps {linear}, "
        f"H_joint equal for both members {no_energy}",
    )


# --- Rem 37 ---------------------------------------------------------------------------------


def check_rem37_arith(T=15, printed_ceiling=0.077, query_only=0.033):
    """The 'ceiling of 0.077' is the order-zero ceiling 1/(T-2) at the battery's T = 15; 0.033 lies below it."""
    ceiling = 1.0 / (T - 2)
    ok = rounds_to(ceiling, printed_ceiling, 3) and query_only < ceiling
    return verdict(
        ok,
        ceiling,
        printed_ceiling,
        f"1/(T-2) at T = {T}: {ceiling:.5f} (printed {printed_ceiling}); "
        f"query-only {query_only} below it: {query_only < ceiling}",
    )


# --- Thm 38 ---------------------------------------------------------------------------------

THM38_GAMMAS = (0.1, 0.8, 2.0, 3.3, -1.25, 1e6)


def _zero_block(d) -> bool:
    """A simplified block difference is the zero matrix expression or 0 (simplified once, tested twice)."""
    return bool(d.is_ZeroMatrix) or d == 0


def check_thm38(
    builder=lambda g, n: asymmetric_shear_explicit(g, g, n),
    num_builder=lambda g, d: asymmetric_shear(g, g, d),
    *,
    dims=(1, 2, 3),
    dk_num=64,
    gammas=THM38_GAMMAS,
):
    """(i) for symbolic gamma: every entry of M^T Omega M - Omega is the zero polynomial in gamma (no term
    at any order), explicit d_k = 1..3 and block form with symbolic d_k; float64 residual 0.0 at d_k = 64.
    (ii) H_joint drift and momenta, symbolically."""
    orders = {}
    for n in dims:
        M = builder(G, n)
        R = M.T * explicit(joint_omega_explicit, n) * M - explicit(joint_omega_explicit, n)
        coeffs = [c for e in R for c in sp.Poly(sp.expand(e), G).all_coeffs() if c != 0]
        orders[n] = coeffs
    ok_poly = all(not v for v in orders.values())
    dim = sp.Symbol("n", positive=True, integer=True)
    I, Z = sp.Identity(dim), sp.ZeroMatrix(dim, dim)
    Mb = sp.BlockMatrix([[I, G * I, Z, Z], [Z, I, Z, Z], [Z, Z, I, G * I], [Z, Z, Z, I]])
    Ob = sp.BlockMatrix([[Z, I, Z, Z], [-I, Z, Z, Z], [Z, Z, Z, I], [Z, Z, -I, Z]])
    P = sp.block_collapse(Mb.T * Ob * Mb)
    ok_block = isinstance(P, sp.BlockMatrix) and all(
        _zero_block(sp.simplify(P.blocks[i, j] - Ob.blocks[i, j])) for i in range(4) for j in range(4)
    )
    Om = joint_omega(dk_num)
    worst = max(symplectic_residual(num_builder(g, dk_num), Om) for g in gammas)
    n = 2
    x = sym_vector("x", 4 * n)
    y = builder(G, n) * x
    dH = sp.expand(h_joint(y, n) - h_joint(x, n))
    mom = matrix_is_zero(y[n : 2 * n, :] - x[n : 2 * n, :]) and matrix_is_zero(y[3 * n :, :] - x[3 * n :, :])
    ok = ok_poly and ok_block and worst == 0.0 and dH == 0 and mom
    return verdict(
        ok,
        {
            "nonzero_gamma_coefficients": {k: [str(c) for c in v] for k, v in orders.items()},
            "block_symbolic_dk": ok_block,
            "float64_residual": worst,
            "dH": str(dH),
            "momenta_fixed": mom,
        },
        {
            "nonzero_gamma_coefficients": {k: [] for k in dims},
            "block_symbolic_dk": True,
            "float64_residual": 0.0,
            "dH": "0",
            "momenta_fixed": True,
        },
        f"(i) residual polynomial in gamma identically zero at d_k = {list(dims)}: {ok_poly}; block form "
        f"for symbolic d_k: {ok_block}; float64 at d_k = {dk_num}, gamma in {list(gammas)}: {worst!r}. "
        f"(ii) H_joint drift {dH}, momenta fixed {mom}",
    )


# --- Thm 38 (iii) ------------------------------------------------------------------------------


def _spec(A):
    return float(np.linalg.norm(A, 2))


def _spec_batch(As):
    """``[_spec(A) for A in As]``: the largest singular values of a stack (``norm(A, 2)`` is the max of
    ``svd(A, compute_uv=False)``, which LAPACK returns first), one gufunc call for the whole stack."""
    return [float(s) for s in np.linalg.svd(np.stack(As), compute_uv=False)[:, 0]]


def check_thm38_iii(
    sym_bound=perturbation_bound_symplectic,
    energy_bound=perturbation_bound_energy,
    *,
    dk=4,
    gammas=(0.8, 2.0, -1.5),
    eps_list=(1e-3, 0.1, 1.0, 3.0),
    draws=150,
    seed=381,
    slack=1e-12,
):
    """Random perturbations with ||E||_2 = eps exactly (Gaussian and rank-one), plus the aligned rank-one
    perturbations that nearly saturate each bound; both ratios lhs/rhs must be <= 1."""
    rng = np.random.default_rng(seed)
    n = 4 * dk
    Om = joint_omega(dk)
    Pi = np.zeros((n, n))
    for blk in (slice(dk, 2 * dk), slice(3 * dk, 4 * dk)):
        Pi[blk, blk] = np.eye(dk)
    worst_s = worst_e = 0.0
    count = 0
    for g in gammas:
        M = asymmetric_shear(g, g, dk)
        nM = _spec(M)
        U, _, Vt = np.linalg.svd(M)
        for eps in eps_list:
            Es = []
            for _ in range(draws):
                E = (
                    rng.standard_normal((n, n))
                    if rng.random() < 0.5
                    else np.outer(rng.standard_normal(n), rng.standard_normal(n))
                )
                Es.append(E)
            # aligned: E = Omega M v u^T-type rank one (pushes M^T Omega E towards ||M|| eps), and E = Pi x x^T
            Es.append(np.outer(Om @ U[:, 0], Vt[0]))
            Es.append(np.outer(Om.T @ M @ Vt[0], Vt[0]))
            # the spectral norms of a batch in one LAPACK call (the same routine per matrix as _spec)
            Es = [eps * E / s for E, s in zip(Es, _spec_batch(Es))]
            Mps = [M + E for E in Es]
            res = _spec_batch([Mp.T @ Om @ Mp - Om for Mp in Mps])
            for Mp, r in zip(Mps, res):
                worst_s = max(worst_s, r / sym_bound(eps, nM))
                for x in (rng.standard_normal(n), Pi @ rng.standard_normal(n)):
                    dH = abs(h_joint(Mp @ x, dk) - h_joint(x, dk))
                    worst_e = max(worst_e, dH / (energy_bound(eps, nM) * float(x @ x)))
                count += 1
            x = Pi @ rng.standard_normal(n)
            E = eps * np.outer(x, x) / float(x @ x)  # moves the momentum along itself: dH = (eps + eps^2/2)||x||^2
            worst_e = max(
                worst_e, abs(h_joint((M + E) @ x, dk) - h_joint(x, dk)) / (energy_bound(eps, nM) * float(x @ x))
            )
    ok = worst_s <= 1.0 + slack and worst_e <= 1.0 + slack
    return verdict(
        ok,
        {"max_ratio_symplectic": worst_s, "max_ratio_energy": worst_e},
        {"max_ratio_symplectic": "<= 1", "max_ratio_energy": "<= 1"},
        f"{count} perturbations (d_k={dk}, gamma in {list(gammas)}, eps in {list(eps_list)}, seed {seed}): "
        f"max lhs/rhs {worst_s:.3f} (symplectic), {worst_e:.3f} (energy); ||Omega||_2 = 1",
    )


# --- Rem 39 ---------------------------------------------------------------------------------


def check_rem39(
    counterexample=volume_preserving_non_symplectic,
    residual_builder=shear_numeric,
    *,
    dk=64,
    gammas=(0.1, 2.0, -3.7, 1e3),
    seed=391,
):
    """det = 1 is not sufficient for d_k = 2 (counterexample) but is for d_k = 1 (M^T J M = det(M) J);
    it is necessary (random symplectic matrices); the float64 residual of a unit-triangular block
    (M_gamma, and [[I, B], [0, I]] with B symmetric) is exactly 0.0, unlike a symplectic rotation's."""
    D = counterexample(2)
    det_D = float(np.linalg.det(D))
    res_D = symplectic_residual(D, omega(2))
    ok_not_sufficient = abs(det_D - 1.0) <= 1e-15 and res_D > 0.5
    a, b, c, d = sp.symbols("a b c d", real=True)
    M2 = sp.Matrix([[a, b], [c, d]])
    ok_dk1 = matrix_is_zero(M2.T * explicit(omega_explicit, 1) * M2 - M2.det() * explicit(omega_explicit, 1))
    rng = np.random.default_rng(seed)
    dets = []
    for _ in range(5):
        S = rng.standard_normal((6, 6))
        Hm = omega(3) @ (S + S.T) / 4
        dets.append(float(np.linalg.det(expm(Hm))))
    ok_necessary = max(abs(x - 1) for x in dets) <= 1e-10
    worst = max(symplectic_residual(residual_builder(g, dk), omega(dk)) for g in gammas)
    B = rng.standard_normal((dk, dk))
    B = B + B.T
    tri = np.block([[np.eye(dk), B], [np.zeros((dk, dk)), np.eye(dk)]])
    worst_tri = symplectic_residual(tri, omega(dk))
    rot = expm(0.7 * omega(dk))
    res_rot = symplectic_residual(rot, omega(dk))
    ok = ok_not_sufficient and ok_dk1 and ok_necessary and worst == 0.0 and worst_tri == 0.0
    return verdict(
        ok,
        {
            "counterexample_det": det_D,
            "counterexample_residual": res_D,
            "dk1_Sp_equals_SL": ok_dk1,
            "symplectic_dets": dets,
            "unit_triangular_residual": max(worst, worst_tri),
            "rotation_residual": res_rot,
        },
        {"counterexample_det": 1.0, "counterexample_residual": "> 0", "unit_triangular_residual": 0.0},
        f"diag(2, 1/2, 1, 1): det {det_D}, residual {res_D} (not symplectic); d_k = 1: M^T J M = det(M) J "
        f"({ok_dk1}); det of 5 random symplectic matrices within {max(abs(x - 1) for x in dets):.1e} of 1; "
        f"float64 residual of M_gamma at d_k={dk}, gamma in {list(gammas)}: {worst!r}, of [[I, B], [0, I]] "
        f"(B symmetric): {worst_tri!r}; a symplectic rotation exp(0.7 J) for contrast: {res_rot:.1e}",
    )


# --- eq. (36) -------------------------------------------------------------------------------


def check_eq36(claim=reextracted_momentum_claim, *, T=8, dk=3, gamma_num=0.7, seed=363):
    """Symbolic substitution; != p_t as a polynomial identity (gamma != 0); numerically on a stream
    (t >= 2; at t = 2 the §4 convention p_1 = 0 is used)."""
    qt, q1, q2 = sym_vector("q", 3), sym_vector("qm", 3), sym_vector("qmm", 3)
    pt, pm = qt - q1, q1 - q2
    lhs = (qt + G * pt) - (q1 + G * pm)
    r1 = sp.expand(lhs - (pt + G * (pt - pm)))
    r2 = sp.expand(lhs - claim(pt, pm, G))
    gap = sp.expand(lhs - pt)
    ok_sym = all(e == 0 for e in r1) and all(e == 0 for e in r2) and any(e != 0 for e in gap)
    rng = np.random.default_rng(seed)
    Q = rng.standard_normal((T, dk))
    P = momenta(Q)
    P_hat = momenta(sheared(Q, gamma_num))
    err = float(np.max(np.abs(P_hat[1:] - claim(P[1:], P[:-1], gamma_num))))
    differs = float(np.max(np.abs(P_hat[1:] - P[1:])))
    ok = ok_sym and err <= 1e-12 and differs > 1e-3
    return verdict(
        ok,
        {
            "symbolic_residual": [str(e) for e in r2],
            "q^_t - q^_{t-1} - p_t": [str(e) for e in gap],
            "numeric_error": err,
        },
        {"symbolic_residual": "0", "numeric_tolerance": 1e-12},
        f"(36) residuals {list(r1)}, {list(r2)}; re-extracted minus p_t = {list(gap)[0]} (first component); "
        f"numeric (T={T}, gamma={gamma_num}, seed {seed}): error {err:.1e}, departure from p_t {differs:.3f}",
    )


# --- Rem 40 ---------------------------------------------------------------------------------


def check_rem40(compose=compose_couplings, *, dims=(1, 2)):
    """M_a M_b = M_{compose(a, b)} explicitly and in block form with symbolic d_k; M_0 = I, M_a M_-a = I,
    every M_gamma symplectic: a one-parameter subgroup of Sp."""
    a, b = sp.symbols("a b", real=True)
    Ms = lambda g, d: explicit(shear_explicit, g, d)  # noqa: E731 (M_g, built once per (g, d))
    rows = []
    ok = True
    for n in dims:
        r = nonzero_entries(Ms(a, n) * Ms(b, n) - Ms(compose(a, b), n))
        ok &= not r
        rows.append(f"d_k={n}: {r or 0}")
    P = sp.block_collapse(shear_sym(a) * shear_sym(b))
    Cb = shear_sym(compose(a, b))
    ok_block = all(_zero_block(sp.simplify(P.blocks[i, j] - Cb.blocks[i, j])) for i in range(2) for j in range(2))
    J2 = explicit(omega_explicit, 2)
    ok_group = (
        matrix_is_zero(Ms(0, 2) - sp.eye(4))
        and matrix_is_zero(Ms(a, 2) * Ms(-a, 2) - sp.eye(4))
        and matrix_is_zero(Ms(a, 2).T * J2 * Ms(a, 2) - J2)
    )
    ok = ok and ok_block and ok_group
    return verdict(
        ok,
        {"explicit": rows, "block_symbolic_dk": ok_block, "subgroup": ok_group},
        {"explicit": "0", "block_symbolic_dk": True, "subgroup": True},
        f"M_a M_b - M_(a+b): {rows}; block form with symbolic d_k: {ok_block}; identity, inverses and "
        f"symplecticity for every gamma: {ok_group}",
    )


_ST = all_statements()


def _st(i):
    return _ST[i]


CERTIFICATES = [
    certify(
        _st("prop34"),
        check_prop34,
        Kind.SYMBOLIC,
        "(32)-(34) exact; current and symmetric remainder; 'no bilinear G' (local class solved, running sum probed)",
    ),
    certify(
        _st("prop34.corrected"),
        check_prop34_corrected,
        Kind.SYMBOLIC,
        "as printed, with G local: windows 2 and 3 solved, every finite window by the (1 - xy) argument",
    ),
    not_checkable(
        _st("rem35"),
        "interpretive: reading of the transport identity (its uniqueness claim is checked in rem35.unique)",
    ),
    certify(
        _st("rem35"),
        check_rem35_unique,
        Kind.SYMBOLIC,
        "the score is a combination of q^T k, Delta_diag(q^T k), p_q^T p_k iff gamma_k = gamma_q",
        cid="rem35.unique",
        title="only the symmetric member has no current term",
    ),
    certify(
        _st("prop36"),
        check_prop36,
        Kind.SYMBOLIC,
        "(i) residual identically zero in (gamma_q, gamma_k), float64 0.0 at d_k = 64; (ii) H_joint; (iii) (35), "
        "linear in eps, no energy component",
    ),
    not_checkable(
        _st("rem37"),
        "empirical: trained-model accuracies of the control battery (its ceiling 0.077 is checked in rem37.arith)",
    ),
    certify(
        _st("rem37"),
        check_rem37_arith,
        Kind.NUMERIC,
        "ceiling 0.077 = 1/(T-2) at T = 15",
        cid="rem37.arith",
        title="the order-zero ceiling quoted in Rem 37",
    ),
    certify(
        _st("thm38"),
        check_thm38,
        Kind.SYMBOLIC,
        "(i) residual the zero polynomial in gamma (d_k = 1..3, symbolic d_k), float64 0.0 at d_k = 64; "
        "(ii) H_joint conserved, momenta fixed",
    ),
    certify(
        _st("thm38.iii"), check_thm38_iii, Kind.NUMERIC, "random and aligned perturbations: both ratios lhs/rhs <= 1"
    ),
    certify(
        _st("rem39"),
        check_rem39,
        Kind.NUMERIC,
        "det 1 not sufficient (d_k = 2), sufficient at d_k = 1, necessary; unit-triangular residual exactly 0.0",
    ),
    certify(_st("eq36"), check_eq36, Kind.SYMBOLIC, "q^_t - q^_{t-1} = (1 + gamma) p_t - gamma p_{t-1} != p_t"),
    not_checkable(
        _st("table3"),
        "scope table: which classical statements are asserted; its asserted rows are "
        "checked at Thm 38 (i)-(ii), Cor 14, Prop 34 and eq. (36)",
    ),
    certify(_st("rem40"), check_rem40, Kind.SYMBOLIC, "M_a M_b = M_{a+b}; a one-parameter subgroup of Sp"),
]
