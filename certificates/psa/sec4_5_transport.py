"""Certificates for §4.8 and §5.1-§5.2: the transport identity, asymmetric shears, operator-level
invariance and its perturbation estimate, the residual diagnostic, the transformed stream, and
the one-parameter subgroup (Prop 34 - Rem 40).

These certify the WHOLE printed statements; C4, C5, C6 and C9 (table10.py) check parts of
Prop 34, Prop 36 and Thm 38 and are left as they are.
"""

from __future__ import annotations

import copy
import functools
import math
from decimal import Decimal
from fractions import Fraction

import numpy as np
import sympy as sp
from sympy.matrices.expressions.matexpr import MatrixElement

from theory.rigorous import decide_printed
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
from ..enclosed import exact_value
from ..registry import Kind, SizeDomain, verdict
from ..search import adversarial_search
from ._sec4_common import (
    DIM,
    block_instance,
    builder_at_symbolic_size,
    collapsed_blocks,
    coordinate_sum_is_zero,
    coordinate_summand,
    explicit,
    is_zero,
    matrix_expr_is_zero,
    matrix_is_zero,
    nonzero_entries,
    size_undecided,
)
from ._sec4_exactness import dyadic, exact, exact_momenta, integer_stream, max_abs_difference, pfaffian_identity
from ._sec4_exactness import perturbation_identities as _thm38_iii_identities

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
    """The non-local bilinear G_t = sum_{s=2}^{t} (q_{s-1} k_s - q_s k_{s-1}); Delta G_t = the current, exactly
    on t <= T and for a symbolic t."""
    _, *gens = sp.ring(sp.symbols(f"Q1:{T + 1}") + sp.symbols(f"K1:{T + 1}"), sp.QQ)  # exact arithmetic in Q[q, k]
    qs, ks = gens[:T], gens[T:]
    q = lambda s: qs[s - 1]  # noqa: E731
    k = lambda s: ks[s - 1]  # noqa: E731
    Gt = lambda t: sum(q(s - 1) * k(s) - q(s) * k(s - 1) for s in range(2, t + 1))  # noqa: E731
    on_window = all(Gt(t) - Gt(t - 1) - (q(t - 1) * k(t) - q(t) * k(t - 1)) == 0 for t in range(3, T + 1))
    # every t: G_(t+1) - G_t for the sum with a symbolic upper limit t (SymPy's difference rule for a Sum)
    # is the current at t + 1 (scalar streams: the vector forms are sums over coordinates of these)
    Q, K = sp.IndexedBase("q"), sp.IndexedBase("k")
    s_, t_ = sp.symbols("s t", integer=True)
    cur = lambda x: Q[x - 1] * K[x] - Q[x] * K[x - 1]  # noqa: E731
    every_t = sp.expand(sp.difference_delta(sp.Sum(cur(s_), (s_, 2, t_)), t_) - cur(t_ + 1)) == 0
    return on_window and every_t


def _prop34_identities(coherence, leibniz, current, n=3):
    """(32)-(34), the current and the remainder at d_k = ``n`` (ring normal form), each kept per process by the
    claims it reads (prop34, prop34.corrected and a wrong claim of one term share the others)."""
    return {
        "eq34": _p34_eq34(leibniz, n),
        "eq33": _p34_eq33(coherence, n),
        "current": _p34_current(current, n),
        "symmetric_remainder": _p34_remainder(current, n),
        "diagonal_form": _p34_diagonal(n),
    }


def _p34_delta(q, pq, k, pk):
    """(32) applied to F = q^T k: q_t^T k_j - q_{t-1}^T k_{j-1}."""
    return dot_sym(q, k) - dot_sym(q - pq, k - pk)


@functools.lru_cache(maxsize=None, typed=True)
def _p34_eq34(leibniz, n):
    q, pq, k, pk = stream_vectors(n)
    return is_zero(_p34_delta(q, pq, k, pk) - leibniz(q, pq, k, pk))


@functools.lru_cache(maxsize=None, typed=True)
def _p34_eq33(coherence, n):
    q, pq, k, pk = stream_vectors(n)
    delta = _p34_delta(q, pq, k, pk)
    return is_zero(score_sym(q, pq, k, pk, G) - (dot_sym(q, k) + G * delta + coherence * dot_sym(pq, pk)))


@functools.lru_cache(maxsize=None, typed=True)
def _p34_current(current, n):
    q, pq, k, pk = stream_vectors(n)
    s_asym = score_sym(q, pq, k, pk, GQ, GQ + EPS)
    anti = sp.expand((s_asym - swap_streams(s_asym, q, pq, k, pk)) / 2)
    return is_zero(anti - current(q, pq, k, pk, EPS))


@functools.lru_cache(maxsize=None, typed=True)
def _p34_remainder(current, n):
    q, pq, k, pk = stream_vectors(n)
    remainder = sp.expand(
        score_sym(q, pq, k, pk, GQ, GQ + EPS) - score_sym(q, pq, k, pk, GQ) - current(q, pq, k, pk, EPS)
    )
    return is_zero(remainder - swap_streams(remainder, q, pq, k, pk))


@functools.lru_cache(maxsize=None)
def _p34_diagonal(n):
    # on the diagonal the current is proportional to q_t^T k_{t-1} - q_{t-1}^T k_t (j = t)
    q, pq, k, pk = stream_vectors(n)
    diag = sp.expand(dot_sym(q, k - (k - pk)) - dot_sym(q - (q - pq), k))  # q^T p_k - p_q^T k
    return is_zero(diag - (dot_sym(q - pq, k) - dot_sym(q, k - pk)))


def _stream_symbols():
    """(q_t, p_{q,t}, k_j, p_{k,j}) as n x 1 matrix symbols of a symbolic length n = d_k."""
    return tuple(sp.MatrixSymbol(c, DIM, 1) for c in ("q", "p_q", "k", "p_k"))


def _swap_symbols(expr, q, pq, k, pk):
    """Relabel (q, p_q) <-> (k, p_k) in an expression of matrix symbols (simultaneous replacement)."""
    return sp.sympify(expr).xreplace({q: k, k: q, pq: pk, pk: pq})


def _prop34_every_dk(coherence, leibniz, current) -> dict:
    """The identities of :func:`_prop34_identities` for every d_k: the same expressions on vectors of a symbolic
    length, each decided by reduction to one coordinate (:func:`coordinate_sum_is_zero`) and kept per process
    by the claims it reads."""
    return {
        "eq34": _p34_every_eq34(leibniz),
        "eq33": _p34_every_eq33(coherence),
        "current": _p34_every_current(current),
        "symmetric_remainder": _p34_every_remainder(current),
        "diagonal_form": _p34_every_diagonal(),
    }


@functools.lru_cache(maxsize=None, typed=True)
def _p34_every_eq34(leibniz):
    q, pq, k, pk = _stream_symbols()
    return coordinate_sum_is_zero(_p34_delta(q, pq, k, pk) - leibniz(q, pq, k, pk))


@functools.lru_cache(maxsize=None, typed=True)
def _p34_every_eq33(coherence):
    q, pq, k, pk = _stream_symbols()
    delta = _p34_delta(q, pq, k, pk)
    return coordinate_sum_is_zero(
        score_sym(q, pq, k, pk, G) - (dot_sym(q, k) + G * delta + coherence * dot_sym(pq, pk))
    )


@functools.lru_cache(maxsize=None, typed=True)
def _p34_every_current(current):
    q, pq, k, pk = _stream_symbols()
    s_asym = score_sym(q, pq, k, pk, GQ, GQ + EPS)
    anti = (s_asym - _swap_symbols(s_asym, q, pq, k, pk)) / 2
    return coordinate_sum_is_zero(anti - current(q, pq, k, pk, EPS))


@functools.lru_cache(maxsize=None, typed=True)
def _p34_every_remainder(current):
    q, pq, k, pk = _stream_symbols()
    remainder = score_sym(q, pq, k, pk, GQ, GQ + EPS) - score_sym(q, pq, k, pk, GQ) - current(q, pq, k, pk, EPS)
    return coordinate_sum_is_zero(remainder - _swap_symbols(remainder, q, pq, k, pk))


@functools.lru_cache(maxsize=None)
def _p34_every_diagonal():
    q, pq, k, pk = _stream_symbols()
    return coordinate_sum_is_zero(dot_sym(q, pk) - dot_sym(pq, k) - (dot_sym(q - pq, k) - dot_sym(q, k - pk)))


def _grid_check(T=6, dk=3, g=0.75, seed=341):
    """(33) on every t, j >= 2 of integer streams, Delta_diag taken on the actual grid, decided exactly:
    the toolkit's float64 scores (exact here: small integers, dyadic gamma) against the right-hand side
    in rational arithmetic.  Returns max |error| as a Fraction."""
    rng = np.random.default_rng(seed)
    Q, K = integer_stream(rng, T, dk), integer_stream(rng, T, dk)
    gq = dyadic(g)
    Qx, Kx = exact(Q), exact(K)
    Pq, Pk = exact_momenta(Qx), exact_momenta(Kx)
    F = Qx @ Kx.T
    S = exact(sheared(Q, g) @ sheared(K, g).T)
    worst = Fraction(0)
    for t in range(1, T):
        for j in range(1, T):
            rhs = F[t, j] + gq * (F[t, j] - F[t - 1, j - 1]) + gq * (1 + gq) * (Pq[t] @ Pk[j])
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
    every = _prop34_every_dk(coherence, leibniz, current)
    ids = {key: v and every[key] for key, v in ids.items()}
    grid = _grid_check()
    local = {f"w={w},{d}": len(_local_G_solutions(w, d)) for w in windows for d in ("backward", "forward")}
    ok_local = all(v == 0 for v in local.values())
    nonlocal_exists = _running_sum_G() if nonlocal_probe else False
    ok = all(ids.values()) and grid == 0 and ok_local and not nonlocal_exists
    ce = (
        " Counterexample to 'no bilinear G': G_t = sum_{s=2}^{t} (q_{s-1}^T k_s - q_s^T k_{s-1}) is bilinear and "
        "Delta G_t equals the current for every t (exact on t <= 7 and for a symbolic t); the claim needs G local "
        "in the index (the proof's class, "
        "'we do not claim it for a wider one'), see prop34.corrected."
        if nonlocal_exists
        else ""
    )
    return verdict(
        ok,
        {**ids, "grid_max_error": str(grid), "local_G_solutions": local, "nonlocal_G_exists": nonlocal_exists},
        {
            "identities": True,
            "local_G_solutions": 0,
            "nonlocal_G_exists": False,
            "claimed": _prop34_claims(coherence, leibniz, current),
        },
        f"identities {ids} (ring normal form, symbolic gamma, epsilon; at d_k = 3 and for every d_k on vectors "
        "of a symbolic length, reduced to one coordinate); (33) on the t, j >= 2 grid of integer "
        f"streams, exact rational arithmetic: max |error| {grid}; local G (window, difference): "
        f"{local} solutions (exact linear algebra over Q).{ce}",
        finding=""
        if ok
        else "'no bilinear G' fails: the bilinear G_t = sum_s (q_(s-1)^T k_s - q_s^T k_(s-1)) "
        "has Delta G_t = the current; "
        f"true for index-local G only ({sum(local.values())} solutions)"
        if nonlocal_exists and all(ids.values()) and grid == 0 and ok_local
        else "(32)-(34) fail: "
        + ", ".join(
            [k for k, v in ids.items() if not v]
            + ([f"grid error {grid}"] if grid != 0 else [])
            + ([f"local G solutions {local}"] if not ok_local else [])
            + (["a non-local bilinear G exists"] if nonlocal_exists else [])
        ),
        severity="reading",
        reading=(
            "two readings of 'no bilinear G' in Prop 34: (a) any bilinear G in the streams -- "
            "false, the running sum G_t = sum_s (q_{s-1}^T k_s - q_s^T k_{s-1}) is bilinear and "
            "its increment is the current; (b) a G local in the index (a fixed window of "
            "positions), the class the proof itself restricts to ('we do not claim it for a "
            "wider one') -- true (0 local solutions). The verdict uses (a), the statement as "
            "printed"
        ),
        evidence_level="proved",
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
        evidence_level="proved",
    )


def check_rem35_unique(claimed_condition=sp.Eq(GK, GQ)):
    """Solve s(gamma_q, gamma_k) = c1 q^T k + c2 Delta_diag(q^T k) + c3 p_q^T p_k for (c1, c2, c3, gamma_k):
    the score has no current term exactly when gamma_k = gamma_q."""
    q, pq, k, pk = stream_vectors(3)
    c1, c2, c3 = sp.symbols("c1 c2 c3")
    s = score_sym(q, pq, k, pk, GQ, GK)
    expr = sp.expand(s - (c1 * dot_sym(q, k) + c2 * leibniz_rhs(q, pq, k, pk) + c3 * dot_sym(pq, pk)))
    eqs = sp.Poly(expr, *q, *pq, *k, *pk).coeffs()
    unknowns = [c1, c2, c3, GK]
    # the system is linear in the unknowns (checked), so its solution set is decided completely by row
    # reduction over Q(gamma_q) (linsolve); solve gives the same set as a list of dicts
    linear = all(sp.Poly(e, *unknowns).total_degree() <= 1 for e in eqs)
    sols = sp.solve(eqs, unknowns, dict=True)
    lin = sp.linsolve(eqs, unknowns)
    same = len(lin) == len(sols) and all(tuple(sl.get(u, u) for u in unknowns) in lin for sl in sols)
    claimed = sp.solve(claimed_condition, GK, dict=True)
    # every d_k: on vectors of a symbolic length the difference is a sum over coordinates of one polynomial f
    # (coordinate_summand); the sum vanishes identically iff f does (f is the sum with every other coordinate
    # zero), so the system is f's coefficient system: solved, it must give the same solution set
    Q, Pq, K, Pk = _stream_symbols()
    S = score_sym(Q, Pq, K, Pk, GQ, GK)
    f = coordinate_summand(S - (c1 * dot_sym(Q, K) + c2 * leibniz_rhs(Q, Pq, K, Pk) + c3 * dot_sym(Pq, Pk)))
    every = False
    if f is not None:
        entries = sorted(f.atoms(MatrixElement), key=str)
        eqs1 = sp.Poly(f, *entries).coeffs()
        every = sp.solve(eqs1, unknowns, dict=True) == sols
    ok = linear and same and every and len(sols) == 1 and len(claimed) == 1 and is_zero(sols[0][GK] - claimed[0][GK])
    return verdict(
        ok,
        str(sols),
        str(claimed_condition),
        f"solutions {sols}: only the symmetric member is a combination of the base pairing, its "
        f"difference and the coherence channel (a linear system in (c1, c2, c3, gamma_k): {linear}, its "
        f"whole solution set by row reduction: {same}; d_k = 3, and every d_k by the one-coordinate polynomial's "
        f"coefficient system, same solution set: {every})"
        if ok
        else f"solutions {sols} vs claim {claimed_condition} (linear {linear}, linsolve agrees {same})",
        evidence_level="proved",
    )


# --- Prop 36 --------------------------------------------------------------------------------

PROP36_COUPLINGS = ((0.3, 1.7), (2.0, 0.5), (1e-3, 7.25), (0.9, 0.9))


@functools.lru_cache(maxsize=8)
def _own_joint_shear_residual(dk_num, couplings) -> float:
    """max over ``couplings`` of the float64 residual of the toolkit's own diag(M_gq, M_gk) (``asymmetric_shear``,
    a pure function) at ``dk_num``: the same float for the same arguments, computed once per process."""
    Om = joint_omega(dk_num)
    return max(symplectic_residual(asymmetric_shear(a, b, dk_num), Om) for a, b in couplings)


@functools.lru_cache(maxsize=None)
def _prop36_score_difference() -> tuple:
    """What no claim enters in Prop 36 (iii), once per process (SymPy expressions are immutable): the score
    difference at gamma_k = gamma_q + eps on generic d_k = 3 vectors (:func:`stream_vectors`), whether it is
    linear in eps, the same difference on vectors of a symbolic length (:func:`_stream_symbols`), and whether
    its one-coordinate summand (:func:`coordinate_summand`) is linear in eps."""
    q, pq, k, pk = stream_vectors(3)
    diff = score_sym(q, pq, k, pk, GQ, GQ + EPS) - score_sym(q, pq, k, pk, GQ)
    linear = sp.Poly(sp.expand(diff), EPS).degree() == 1
    Q, Pq, K, Pk = _stream_symbols()
    Diff = score_sym(Q, Pq, K, Pk, GQ, GQ + EPS) - score_sym(Q, Pq, K, Pk, GQ)
    one = coordinate_summand(Diff)
    return diff, linear, Diff, one is not None and sp.Poly(one, EPS).degree() == 1


def check_prop36(
    builder=asymmetric_shear_explicit,
    bias_claim=score_bias,
    num_builder=asymmetric_shear,
    residual="0.0",
    *,
    dims=(1, 2),
    dk_num=64,
    couplings=PROP36_COUPLINGS,
    seed=361,
):
    """(i) M^T Omega M - Omega for symbolic (gamma_q, gamma_k): identically zero, so the solution set
    in (gamma_q, gamma_k) is all pairs; float64 residual 0.0 at d_k = 64 (``residual``: the proof's
    "the C4 residual evaluating to exactly 0.0", compared exactly with the float64 value). (ii)
    H_joint(Mx) - H_joint(x) and the momenta. (iii) (35), linear in eps, and H_joint the same for both
    members."""
    rows, ok_i = [], True
    Mb = _joint_claim(lambda d: builder(GQ, GK, d))
    for n in dims:
        M = _joint_instance(Mb, lambda d: builder(GQ, GK, d), n)
        R = M.T * explicit(joint_omega_explicit, n) * M - explicit(joint_omega_explicit, n)
        eqs = [e for e in (sp.expand(x) for x in R) if e != 0]
        all_pairs = not eqs
        ok_i &= all_pairs
        rows.append(
            f"d_k={n}: residual entries {eqs or 0} -> solution set {'all (gamma_q, gamma_k)' if all_pairs else eqs}"
        )
    ok_block = _block_symplectic(Mb)
    ok_i &= ok_block
    rows.append(f"block form with symbolic d_k: M^T Omega M = Omega {ok_block}")
    if num_builder is asymmetric_shear:  # the toolkit's own joint shear: no claim enters, kept per process
        worst = _own_joint_shear_residual(dk_num, tuple(couplings))
    else:
        Om = joint_omega(dk_num)
        worst = max(symplectic_residual(num_builder(a, b, dk_num), Om) for a, b in couplings)
    ok_i &= worst == 0.0
    ok_i &= Fraction(worst) == Fraction(Decimal(residual))  # the printed value, exactly
    n = 2
    x = sym_vector("x", 4 * n)
    M = _joint_instance(Mb, lambda d: builder(GQ, GK, d), n)
    y = M * x
    dH = sp.expand(h_joint(y, n) - h_joint(x, n))
    mom_fixed = matrix_is_zero(y[n : 2 * n, :] - x[n : 2 * n, :]) and matrix_is_zero(y[3 * n :, :] - x[3 * n :, :])
    mom_fixed = mom_fixed and _block_momenta_fixed(Mb)
    ok_ii = dH == 0 and mom_fixed
    q, pq, k, pk = stream_vectors(3)  # the claim's own (mutable) vectors; diff is of the same symbols
    diff, linear, Diff, one_linear = _prop36_score_difference()
    res35 = sp.expand(diff - bias_claim(q, pq, k, pk, GQ, EPS))
    My = _joint_instance(Mb, lambda d: builder(GQ, GK, d), n).subs(GK, GQ + EPS) * x
    Ms = _joint_instance(Mb, lambda d: builder(GQ, GK, d), n).subs(GK, GQ) * x
    no_energy = is_zero(h_joint(My, n) - h_joint(Ms, n))
    # every d_k: (35) and its degree in eps on vectors of a symbolic length, reduced to one coordinate
    Q, Pq, K, Pk = _stream_symbols()
    every35 = coordinate_sum_is_zero(Diff - bias_claim(Q, Pq, K, Pk, GQ, EPS)) and one_linear
    ok_iii = res35 == 0 and linear and no_energy and every35
    ok = ok_i and ok_ii and ok_iii
    if ok and Mb is None:
        size_undecided("the claimed diag(M_gq, M_gk)", dims)
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
        f"H_joint equal for both members {no_energy} (d_k = 2, 3); every d_k (blocks and vectors of a symbolic "
        f"size): momenta fixed {mom_fixed}, (35) and linear in eps {every35}. All decided exactly "
        "(ring normal form in gamma_q, "
        f"gamma_k, eps; the float64 residual compared with == 0.0)",
        evidence_level="proved",
    )


# --- Rem 37 ---------------------------------------------------------------------------------


def check_rem37_arith(T=15, printed_ceiling=0.077, query_only=0.033):
    """The 'ceiling of 0.077' is the order-zero ceiling 1/(T-2) at the battery's T = 15; 0.033 lies below it.
    1/(T-2) is exact; it is decided against the printed rounding interval of 0.077 in ball arithmetic
    (no tolerance), and 0.033 < 1/(T-2) in exact rationals."""
    ceiling = Fraction(1, T - 2)
    decision = decide_printed(sp.Rational(1, T - 2), f"{float(printed_ceiling):.3f}")
    if decision.verdict == "UNDECIDED":
        raise ArithmeticError(f"rem37.arith: undecided: {decision.note()}")
    below = exact_value(repr(float(query_only))) < ceiling
    ok = decision.ok and below
    return verdict(
        ok,
        float(ceiling),
        printed_ceiling,
        f"1/(T-2) at T = {T}: {ceiling} = {float(ceiling):.5f} ({decision.note()}); "
        f"query-only {query_only} below it (exact rationals): {below}",
        evidence_level="enclosed" if ok or not below else "proved",
        enclosures=[dict(decision.to_json(), name="printed ceiling")],
    )


# --- Thm 38 ---------------------------------------------------------------------------------

THM38_GAMMAS = (0.1, 0.8, 2.0, 3.3, -1.25, 1e6)


def _zero_block(d) -> bool:
    """A simplified block difference is the zero matrix expression or 0 (simplified once, tested twice)."""
    return bool(d.is_ZeroMatrix) or d == 0


@functools.lru_cache(maxsize=None)  # prop36, thm38 and thm38.iii decide it: once per process
def _block_symplectic(Mb) -> bool:
    """Mb^T Omega Mb = Omega in block form with a symbolic d_k (4 x 4 blocks of size DIM): ``Mb`` the claimed
    diag(M_gq, M_gk) at a symbolic d_k (:func:`_joint_claim`); every block of the difference simplifies to the
    zero matrix."""
    if Mb is None:
        return False
    I, Z = sp.Identity(DIM), sp.ZeroMatrix(DIM, DIM)
    Ob = sp.BlockMatrix([[Z, I, Z, Z], [-I, Z, Z, Z], [Z, Z, Z, I], [Z, Z, -I, Z]])
    P = sp.block_collapse(Mb.T * Ob * Mb)
    return isinstance(P, sp.BlockMatrix) and all(
        _zero_block(sp.simplify(P.blocks[i, j] - Ob.blocks[i, j])) for i in range(4) for j in range(4)
    )


@functools.lru_cache(maxsize=None)
def _block_momenta_fixed(Mb) -> bool:
    """For every d_k (blocks of a symbolic size): the claimed diag(M_gq, M_gk) ``Mb`` applied to (q, p_q, k, p_k)
    leaves the momentum blocks p_q, p_k unchanged, so H_joint = (||p_q||^2 + ||p_k||^2)/2, a function of them
    alone, is conserved exactly."""
    if Mb is None:
        return False
    q, pq, k, pk = _stream_symbols()
    y = collapsed_blocks(Mb * sp.BlockMatrix([[q], [pq], [k], [pk]]))
    return y is not None and matrix_expr_is_zero(y[1, 0] - pq) and matrix_expr_is_zero(y[3, 0] - pk)


def _joint_claim(build):
    """The claimed joint map ``build(d)`` at the symbolic d_k (a 4 x 4 block matrix), or None."""
    return builder_at_symbolic_size(build, blocks=4)


def _joint_instance(Mb, build, n: int):
    """The explicit d_k = n matrix: the instance of the symbolic-size claim (or the claim at n when it has none)."""
    return block_instance(Mb, n) if Mb is not None else sp.Matrix(build(n))


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
    Mb = _joint_claim(lambda d: builder(G, d))
    for n in dims:
        M = _joint_instance(Mb, lambda d: builder(G, d), n)
        R = M.T * explicit(joint_omega_explicit, n) * M - explicit(joint_omega_explicit, n)
        coeffs = [c for e in R for c in sp.Poly(sp.expand(e), G).all_coeffs() if c != 0]
        orders[n] = coeffs
    ok_poly = all(not v for v in orders.values())
    ok_block = _block_symplectic(Mb)
    Om = joint_omega(dk_num)
    worst = max(symplectic_residual(num_builder(g, dk_num), Om) for g in gammas)
    n = 2
    x = sym_vector("x", 4 * n)
    y = _joint_instance(Mb, lambda d: builder(G, d), n) * x
    dH = sp.expand(h_joint(y, n) - h_joint(x, n))
    mom = matrix_is_zero(y[n : 2 * n, :] - x[n : 2 * n, :]) and matrix_is_zero(y[3 * n :, :] - x[3 * n :, :])
    mom = mom and _block_momenta_fixed(Mb)
    ok = ok_poly and ok_block and worst == 0.0 and dH == 0 and mom
    if ok and Mb is None:
        size_undecided("the claimed M_gamma (x) joint map", dims)
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
        f"(ii) H_joint drift {dH} (d_k = 2), momenta fixed {mom} (d_k = 2, and every d_k in blocks of a symbolic "
        "size, so H_joint, a function of the momenta alone, is conserved). Decided exactly (polynomials in gamma; "
        "the float64 "
        f"residual compared with == 0.0, no tolerance)",
        evidence_level="proved",
    )


# --- Thm 38 (iii) ------------------------------------------------------------------------------


def _spec(A):
    return float(np.linalg.norm(A, 2))


def _spec_batch(As):
    """``[_spec(A) for A in As]``: the largest singular values of a stack (``norm(A, 2)`` is the max of
    ``svd(A, compute_uv=False)``, which LAPACK returns first), one gufunc call for the whole stack."""
    return [float(s) for s in np.linalg.svd(np.stack(As), compute_uv=False)[:, 0]]


def _thm38_iii_search(sym_bound, energy_bound, *, budget, seed, slack):
    """Adversarial searches for a counterexample to Thm 38 (iii) at d_k = 1 (the 4 x 4 joint map):
    over gamma, eps = 10^le and every entry of the perturbation E (scaled to ||E||_2 = eps exactly);
    the energy search also over the phase point x.  Margins 1 + slack - lhs/rhs (>= 0 where the
    bound holds).  Starts: the aligned perturbations of the random check and the gamma = 0 case
    where the energy bound is attained (E = eps Pi, x a momentum).  ``(rec_s, rec_e)``: the symplectic
    search reads only ``sym_bound``, the energy search only ``energy_bound``; each is kept per process
    when its bound is the toolkit's own (:func:`_thm38_iii_own_search`; the callers get a copy)."""
    if sym_bound is perturbation_bound_symplectic:
        rec_s = copy.deepcopy(_thm38_iii_own_search("symplectic", budget, seed, slack))
    else:
        rec_s = _thm38_iii_one_search("symplectic", sym_bound, budget, seed, slack)
    if energy_bound is perturbation_bound_energy:
        rec_e = copy.deepcopy(_thm38_iii_own_search("energy", budget, seed, slack))
    else:
        rec_e = _thm38_iii_one_search("energy", energy_bound, budget, seed, slack)
    return rec_s, rec_e


@functools.lru_cache(maxsize=8)
def _thm38_iii_own_search(kind, budget, seed, slack):
    """:func:`_thm38_iii_one_search` of the toolkit's own bound (``theory.transport``'s
    ``perturbation_bound_symplectic`` or ``perturbation_bound_energy``, pure functions: the search over them
    is the same record for the same arguments), computed once per process: Thm 38 (iii) as printed, and with
    a claimed bound of the other kind, ask for it.  The callers copy the record."""
    bound = perturbation_bound_symplectic if kind == "symplectic" else perturbation_bound_energy
    return _thm38_iii_one_search(kind, bound, budget, seed, slack)


def _thm38_iii_one_search(kind, bound, budget, seed, slack):
    """One search of :func:`_thm38_iii_search`: ``kind`` "symplectic" (seed ``seed``, margin 1 + slack -
    ||M'^T Omega M' - Omega||_2 / bound(eps, ||M||_2)) or "energy" (seed ``seed + 1``, margin 1 + slack -
    |H(M'x) - H(x)| / (bound(eps, ||M||_2) ||x||^2))."""
    dk = 1
    n = 4 * dk
    Om = joint_omega(dk)
    Pi = np.diag([0.0, 1.0, 0.0, 1.0])

    def shear1(gamma):  # diag(M_gamma, M_gamma) at d_k = 1, the same matrix as asymmetric_shear(gamma, gamma, 1)
        M = np.eye(n)
        M[0, 1] = M[2, 3] = gamma
        return M

    if not np.array_equal(shear1(0.7), asymmetric_shear(0.7, 0.7, dk)):
        raise AssertionError("the d_k = 1 joint shear of the search is not the toolkit's")

    def spec(A):  # the largest singular value (what _spec returns), without norm()'s overhead
        return float(np.linalg.svd(A, compute_uv=False)[0])

    @functools.lru_cache(maxsize=4096)
    def shear_norm(gamma):  # ||M_gamma||_2, the same float for a repeated gamma (the polish's difference steps)
        return spec(shear1(gamma))

    e_names = [f"e{i}" for i in range(n * n)]
    x_names = [f"x{i}" for i in range(n)]

    def setup(gamma, le, e):
        E = np.asarray(e, dtype=float).reshape(n, n)
        s = spec(E)
        if not s > 0:
            return None
        eps = 10.0**le
        return shear1(gamma), eps * E / s, eps, shear_norm(float(gamma))

    def sym_margin(gamma, le, **e):
        got = setup(gamma, le, [e[k] for k in e_names])
        if got is None:
            return math.inf
        M, E, eps, nM = got
        Mp = M + E
        return 1.0 + slack - spec(Mp.T @ Om @ Mp - Om) / bound(eps, nM)

    def energy_margin(gamma, le, **v):
        got = setup(gamma, le, [v[k] for k in e_names])
        x = np.array([v[k] for k in x_names])
        xx = float(x @ x)
        if got is None or not xx > 0:
            return math.inf
        M, E, eps, nM = got
        dH = abs(h_joint((M + E) @ x, dk) - h_joint(x, dk))
        return 1.0 + slack - dH / (bound(eps, nM) * xx)

    box = {"gamma": (-4.0, 4.0), "le": (-3.0, 0.5), **{k: (-1.0, 1.0) for k in e_names}}
    starts = []
    for g in (0.8,):
        M = shear1(g)
        U, _, Vt = np.linalg.svd(M)
        for E in (np.outer(Om @ U[:, 0], Vt[0]), np.outer(Om.T @ M @ Vt[0], Vt[0])):
            starts.append([g, 0.0, *(E / np.max(np.abs(E))).ravel()])
    starts.append([0.0, 0.0, *np.eye(n).ravel()])  # gamma = 0, E = eps I: the symplectic bound is attained
    if kind == "symplectic":
        return adversarial_search(sym_margin, box, budget=budget, seed=seed, starts=starts, polish=2, stop_below=0.0)
    box_e = {**box, **{k: (-1.0, 1.0) for k in x_names}}
    starts_e = [[*st, 0.0, 1.0, 0.0, 0.0] for st in starts] + [[0.0, 0.0, *Pi.ravel(), 0.0, 1.0, 0.0, 0.0]]
    return adversarial_search(
        energy_margin, box_e, budget=budget, seed=seed + 1, starts=starts_e, polish=2, stop_below=0.0
    )


@functools.lru_cache(maxsize=None)
def _thm38_iii_every_dk() -> dict:
    """The identities of Thm 38 (iii)'s proof for every d_k (what :func:`_thm38_iii_identities` decides at
    fixed widths): ``expansion`` with whole-matrix symbols of a symbolic size, M'^T Omega M' - Omega - (M^T
    Omega E + E^T Omega M + E^T Omega E) expands to M^T Omega M - Omega, zero by Thm 38 (i) (proved in blocks
    for every d_k: :func:`_block_symplectic`); ``pi_fixes``: Pi M_gamma = Pi in blocks (momenta fixed), so
    Pi M' x = Pi x + Pi E x, and ``energy``: ||u + w||^2/2 - ||u||^2/2 = u^T w + ||w||^2/2 for vectors of a
    symbolic length (u = Pi x, w = Pi E x; one-coordinate reduction); ``omega_orthogonal`` Omega^T Omega = I
    (Omega = C (x) I_dk, C^T C = I: Kronecker reduction) and ``pi_projection`` Pi^T Pi = Pi in blocks."""
    N = sp.Symbol("N", integer=True, positive=True)
    M, E, Om = (sp.MatrixSymbol(c, N, N) for c in ("M", "E", "Omega"))
    r = sp.expand((M + E).T * Om * (M + E) - Om - (M.T * Om * E + E.T * Om * M + E.T * Om * E))
    expansion = matrix_expr_is_zero(r.xreplace({M.T * Om * M: Om})) and _block_symplectic(
        asymmetric_shear_explicit(G, G, DIM)
    )
    I, Z = sp.Identity(DIM), sp.ZeroMatrix(DIM, DIM)
    Mb = sp.BlockMatrix([[I, G * I, Z, Z], [Z, I, Z, Z], [Z, Z, I, G * I], [Z, Z, Z, I]])
    Pb = sp.BlockMatrix([[Z, Z, Z, Z], [Z, I, Z, Z], [Z, Z, Z, Z], [Z, Z, Z, I]])
    # Omega = C (x) I_dk with the 4 x 4 coefficient matrix C; (C (x) I)^T (C (x) I) = (C^T C) (x) I (mixed
    # product), so Omega^T Omega = I at every d_k iff C^T C = I (SymPy leaves (-I)^2 unsimplified in blocks)
    C = sp.Matrix([[0, 1, 0, 0], [-1, 0, 0, 0], [0, 0, 0, 1], [0, 0, -1, 0]])

    def same(X, Y) -> bool:
        P = collapsed_blocks(X - Y)
        return P is not None and all(matrix_expr_is_zero(e) for e in P)

    u, w = sp.MatrixSymbol("u", DIM, 1), sp.MatrixSymbol("w", DIM, 1)
    energy = coordinate_sum_is_zero(dot_sym(u + w, u + w) / 2 - dot_sym(u, u) / 2 - (dot_sym(u, w) + dot_sym(w, w) / 2))
    return {
        "expansion": expansion,
        "pi_fixes": same(Pb * Mb, Pb),
        "energy": energy,
        "omega_orthogonal": C.T * C == sp.eye(4) and explicit(joint_omega_explicit, 1) == C,
        "pi_projection": same(Pb.T * Pb, Pb),
    }


@functools.lru_cache(maxsize=8)
def _thm38_iii_draws(dk, gammas, eps_list, draws, seed):
    """The random perturbations of :func:`check_thm38_iii`, without the claimed bounds (the same floats
    for the same arguments: computed once per process).  For each gamma, then each eps: ``(eps,
    ||M_gamma||_2, rows, aligned)``, one row ``(lhs, ((dH, ||x||^2), (dH, ||x||^2)))`` per perturbation
    E with ||E||_2 = eps (Gaussian or rank one, then the two aligned rank-one ones): lhs = ||M'^T Omega
    M' - Omega||_2 and dH = |H_joint(M' x) - H_joint(x)| at a random x and a random momentum x, for M' =
    M_gamma + E; ``aligned``: (dH, ||x||^2) for E = eps x x^T / ||x||^2 moving a momentum x along itself
    (dH = (eps + eps^2/2) ||x||^2).  Tuples of floats: nothing a caller could change."""
    rng = np.random.default_rng(seed)
    n = 4 * dk
    Om = joint_omega(dk)
    Pi = np.zeros((n, n))
    for blk in (slice(dk, 2 * dk), slice(3 * dk, 4 * dk)):
        Pi[blk, blk] = np.eye(dk)
    out = []
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
            rows = []
            for Mp, r in zip(Mps, res):
                pairs = []
                for x in (rng.standard_normal(n), Pi @ rng.standard_normal(n)):
                    pairs.append((abs(h_joint(Mp @ x, dk) - h_joint(x, dk)), float(x @ x)))
                rows.append((r, tuple(pairs)))
            x = Pi @ rng.standard_normal(n)
            E = eps * np.outer(x, x) / float(x @ x)  # moves the momentum along itself: dH = (eps + eps^2/2)||x||^2
            aligned = (abs(h_joint((M + E) @ x, dk) - h_joint(x, dk)), float(x @ x))
            out.append((eps, nM, tuple(rows), aligned))
    return tuple(out)


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
    search_budget=1000,
    exact_dims=(1, 2),
):
    """Random perturbations with ||E||_2 = eps exactly (Gaussian and rank-one), plus the aligned rank-one
    perturbations that nearly saturate each bound; both ratios lhs/rhs must be <= 1.  Then an adversarial
    search over every perturbation of the d_k = 1 map (all 16 entries of E, gamma, eps, and x), and the
    identities of the proof decided exactly at d_k in ``exact_dims`` (symbolic E, x, gamma)."""
    worst_s = worst_e = 0.0
    count = 0
    # the claimed bounds are compared fresh on every call, in the order the draws were made
    for eps, nM, rows, (dH_al, xx_al) in _thm38_iii_draws(dk, tuple(gammas), tuple(eps_list), draws, seed):
        for r, pairs in rows:
            worst_s = max(worst_s, r / sym_bound(eps, nM))
            for dH, xx in pairs:
                worst_e = max(worst_e, dH / (energy_bound(eps, nM) * xx))
            count += 1
        worst_e = max(worst_e, dH_al / (energy_bound(eps, nM) * xx_al))
    rec_s, rec_e = _thm38_iii_search(sym_bound, energy_bound, budget=search_budget, seed=seed, slack=slack)
    identities = {d: _thm38_iii_identities(d) for d in exact_dims}
    every = _thm38_iii_every_dk()
    ok_ids = all(all(v.values()) for v in identities.values()) and all(every.values())
    ok_random = worst_s <= 1.0 + slack and worst_e <= 1.0 + slack
    ok = ok_random and rec_s.best_margin >= 0 and rec_e.best_margin >= 0 and ok_ids
    rec = rec_s if rec_s.best_margin <= rec_e.best_margin else rec_e
    return verdict(
        ok,
        {
            "max_ratio_symplectic": worst_s,
            "max_ratio_energy": worst_e,
            "search_max_ratio_symplectic": 1.0 + slack - rec_s.best_margin,
            "search_max_ratio_energy": 1.0 + slack - rec_e.best_margin,
            "identities_exact": {str(d): v for d, v in identities.items()},
            "identities_every_dk": every,
        },
        {"max_ratio_symplectic": "<= 1", "max_ratio_energy": "<= 1", "identities_exact": True},
        f"{count} perturbations (d_k={dk}, gamma in {list(gammas)}, eps in {list(eps_list)}, seed {seed}): "
        f"max lhs/rhs {worst_s:.3f} (symplectic), {worst_e:.3f} (energy); ||Omega||_2 = 1. Symplectic bound: "
        f"{rec_s.note()}. Energy bound: {rec_e.note()} (d_k = 1, E = eps E~/||E~||_2 over all 16 entries of "
        f"E~, x over [-1, 1]^4; margin 1 + {slack:g} - lhs/rhs). Exact, at d_k in {list(exact_dims)} with "
        f"symbolic E, x, gamma: M'^T Omega M' - Omega = M^T Omega E + E^T Omega M + E^T Omega E, "
        f"H(M'x) - H(x) = (Pi x)^T Pi E x + ||Pi E x||^2/2, Omega^T Omega = I, Pi^T Pi = Pi: {ok_ids}; the same "
        f"identities for every d_k (matrix symbols and blocks of a symbolic size): {every}; "
        f"with the triangle inequality and submultiplicativity of ||.||_2 (not decided here) these give "
        f"both bounds, so the level stays sampled.",
        evidence_level="sampled",
        search=rec,
        search_energy=rec_e.to_json(),
        search_symplectic=rec_s.to_json(),
    )


# --- Rem 39 ---------------------------------------------------------------------------------


def _exact_matrix(A) -> sp.Matrix:
    """A float matrix as an exact rational SymPy matrix (each float is a dyadic rational)."""
    return sp.Matrix([[sp.Rational(Fraction(float(v))) for v in row] for row in np.asarray(A)])


@functools.lru_cache(maxsize=8)
def _rem39_fixed(seed, pfaffian_dims, search_budget, dk):
    """The parts of :func:`check_rem39` that no claim enters, for these arguments (the same values on
    every call: computed once per process): ``(ok_dk1, pfaffian, dets, rec_det, every_not_sufficient,
    worst_tri, res_rot)`` -- M^T J M = det(M) J at d_k = 1; the Pfaffian identity at each d_k in
    ``pfaffian_dims`` (``(d_k, bool)`` pairs); det of 5 seeded symplectic matrices exp(J S) (d_k = 3); the
    search for a shear product U(B1) L(C) U(B2) with det <= 0 (d_k = 4); the symbolic-size block identity
    that D = [[L, 0], [0, I]] is not symplectic for L != I; the float64 residual of [[I, B], [0, I]] (B
    seeded, symmetric) and of the rotation exp(0.7 J) at ``dk``.  The callers copy the search record."""
    from scipy.linalg import expm  # imported when a check needs it: not by loading the pack

    a, b, c, d = sp.symbols("a b c d", real=True)
    M2 = sp.Matrix([[a, b], [c, d]])
    ok_dk1 = matrix_is_zero(M2.T * explicit(omega_explicit, 1) * M2 - M2.det() * explicit(omega_explicit, 1))
    pfaff = tuple((n, pfaffian_identity(n)) for n in pfaffian_dims)
    rng = np.random.default_rng(seed)
    dets = []
    for _ in range(5):
        S = rng.standard_normal((6, 6))
        Hm = omega(3) @ (S + S.T) / 4
        dets.append(float(np.linalg.det(expm(Hm))))
    # necessity at a larger width, searched: M = U(B1) L(C) U(B2) at d_k = 4, U(B) = [[I, B], [0, I]] and
    # L(C) = [[I, 0], [C, I]] (upper and lower shears generate Sp), B1, C, B2 combinations of seeded symmetric
    # directions of spectral norm 1/2 with coefficients in [-1, 1] (so cond(M) stays small and the float det
    # is accurate to ~1e-13); margin det(M) (symplectic forces det = +-1 exactly, so det > 0 is det = 1)
    dn = 4
    rng_n = np.random.default_rng(seed + 1)
    dirs = []
    for _ in range(9):
        S = rng_n.standard_normal((dn, dn))
        S = S + S.T
        dirs.append(S / (2 * _spec(S)))
    # U(B1), L(C), U(B2): identity matrices whose off-diagonal block is written per evaluation (the matrices
    # np.block([[I, B], [0, I]]) and np.block([[I, 0], [C, I]]) would build, without rebuilding them)
    U1, L1, U2 = np.eye(2 * dn), np.eye(2 * dn), np.eye(2 * dn)

    def det_margin(**v):
        c = [v[f"x{i}"] for i in range(9)]
        B1, C1, B2 = (sum(a * d for a, d in zip(c[3 * k : 3 * k + 3], dirs[3 * k : 3 * k + 3])) for k in range(3))
        U1[:dn, dn:], L1[dn:, :dn], U2[:dn, dn:] = B1, C1, B2
        return float(np.linalg.det(U1 @ L1 @ U2))

    rec_det = adversarial_search(
        det_margin, {f"x{i}": (-1.0, 1.0) for i in range(9)}, budget=search_budget, seed=seed, polish=1
    )
    # not sufficient at every d_k >= 2 (blocks of a symbolic size): D = [[L, 0], [0, I]] has det D = det L and
    # D^T Omega D - Omega = [[0, L^T - I], [I - L, 0]], non-zero for L = diag(2, 1/2, 1, ..., 1) (det 1, != I)
    I_, Z_ = sp.Identity(DIM), sp.ZeroMatrix(DIM, DIM)
    L_ = sp.MatrixSymbol("L", DIM, DIM)
    Db, Ob = sp.BlockMatrix([[L_, Z_], [Z_, I_]]), sp.BlockMatrix([[Z_, I_], [-I_, Z_]])
    Pd = collapsed_blocks(Db.T * Ob * Db - Ob)
    every_not_sufficient = Pd is not None and all(
        matrix_expr_is_zero(Pd[i, j] - e)
        for (i, j), e in {(0, 0): Z_, (0, 1): L_.T - I_, (1, 0): I_ - L_, (1, 1): Z_}.items()
    )
    B = rng.standard_normal((dk, dk))
    B = B + B.T
    tri = np.block([[np.eye(dk), B], [np.zeros((dk, dk)), np.eye(dk)]])
    worst_tri = symplectic_residual(tri, omega(dk))
    rot = expm(0.7 * omega(dk))
    res_rot = symplectic_residual(rot, omega(dk))
    return ok_dk1, pfaff, tuple(dets), rec_det, every_not_sufficient, worst_tri, res_rot


def _rem39_residuals(residual_builder, dk, gammas, seed, search_budget):
    """``(worst, rec)`` of :func:`check_rem39`: the float64 residual of ``residual_builder(g, dk)`` at the listed
    gammas, and the adversarial search over gamma and a symmetric B at d_k = 2 (margin -max residual of the
    builder's matrix and of [[I, B], [0, I]])."""
    worst = max(symplectic_residual(residual_builder(g, dk), omega(dk)) for g in gammas)

    ds = 2  # the search: d_k = 2, gamma = sign * 10^lg, B = 10^lb [[b0, b1], [b1, b2]]
    Js = omega(ds)

    tri_s = np.eye(2 * ds)

    def margin(sign, lg, lb, b0, b1, b2):
        g = math.copysign(10.0**lg, sign)
        tri_s[:ds, ds:] = 10.0**lb * np.array([[b0, b1], [b1, b2]])  # [[I, B], [0, I]], B symmetric
        return 0.0 - max(symplectic_residual(residual_builder(g, ds), Js), symplectic_residual(tri_s, Js))

    box = {"sign": (-1.0, 1.0), "lg": (-6.0, 6.0), "lb": (-6.0, 6.0), "b0": (-1.0, 1.0), "b1": (-1.0, 1.0)}
    box["b2"] = (-1.0, 1.0)
    rec = adversarial_search(margin, box, budget=search_budget, seed=seed, polish=1, stop_below=-1e-300)
    return worst, rec


@functools.lru_cache(maxsize=8)
def _rem39_own_shear_residuals(dk, gammas, seed, search_budget):
    """:func:`_rem39_residuals` of the toolkit's own shear (``shear_numeric``, a pure function): the same
    floats and search for the same arguments, computed once per process (the callers copy the record).
    Rem 39 as printed, with another counterexample and with another printed residual ask for it."""
    return _rem39_residuals(shear_numeric, dk, gammas, seed, search_budget)


def check_rem39(
    counterexample=volume_preserving_non_symplectic,
    residual_builder=shear_numeric,
    residual="0.0",
    *,
    dk=64,
    gammas=(0.1, 2.0, -3.7, 1e3),
    seed=391,
    pfaffian_dims=(2, 3),
    search_budget=1000,
):
    """det = 1 is not sufficient for d_k = 2 (counterexample, decided exactly) but is for d_k = 1
    (M^T J M = det(M) J); it is necessary (the Pfaffian identity Pf(M^T J M) = det(M) Pf(J), exact at
    d_k in ``pfaffian_dims``; random symplectic matrices); the float64 residual of a unit-triangular block
    (M_gamma, and [[I, B], [0, I]] with B symmetric) is exactly 0.0, unlike a symplectic rotation's: at
    listed gammas and under an adversarial search over gamma and B (``residual``: the printed "evaluates to
    exactly 0.0", compared exactly with the float64 value)."""
    D = counterexample(2)
    Dx = _exact_matrix(D)
    J2x = explicit(omega_explicit, 2)
    det_D = Dx.det()
    res_D = nonzero_entries(Dx.T * J2x * Dx - J2x)
    ok_not_sufficient = det_D == 1 and len(res_D) > 0
    # what no claim enters: decided once per process for these arguments
    ok_dk1, pfaff_items, dets_t, rec_det, every_not_sufficient, worst_tri, res_rot = _rem39_fixed(
        seed, tuple(pfaffian_dims), search_budget, dk
    )
    pfaff, dets, rec_det = dict(pfaff_items), list(dets_t), copy.deepcopy(rec_det)
    ok_necessary = max(abs(x - 1) for x in dets) <= 1e-10 and all(pfaff.values()) and rec_det.best_margin > 0
    ok_not_sufficient = ok_not_sufficient and every_not_sufficient
    if residual_builder is shear_numeric:  # the toolkit's own shear: no claim enters, kept per process
        worst, rec = _rem39_own_shear_residuals(dk, tuple(gammas), seed, search_budget)
        rec = copy.deepcopy(rec)
    else:
        worst, rec = _rem39_residuals(residual_builder, dk, gammas, seed, search_budget)
    ok = ok_not_sufficient and ok_dk1 and ok_necessary and worst == 0.0 and worst_tri == 0.0 and rec.best_margin >= 0
    ok = ok and Fraction(max(worst, worst_tri)) == Fraction(Decimal(residual))  # the printed value, exactly
    return verdict(
        ok,
        {
            "counterexample_det": str(det_D),
            "counterexample_residual_entries": [str(e) for e in res_D],
            "dk1_Sp_equals_SL": ok_dk1,
            "pfaffian_identity": {str(k): v for k, v in pfaff.items()},
            "symplectic_dets": dets,
            "unit_triangular_residual": max(worst, worst_tri),
            "search_max_residual": -rec.best_margin,
            "rotation_residual": res_rot,
        },
        {
            "counterexample_det": "1",
            "counterexample_residual_entries": "non-zero",
            "pfaffian_identity": True,
            "unit_triangular_residual": 0.0,
        },
        f"diag(2, 1/2, 1, 1) in exact rationals: det {det_D}, M^T J M - J has non-zero entries "
        f"{[str(e) for e in res_D]} (not symplectic); d_k = 1: M^T J M = det(M) J ({ok_dk1}); necessity: "
        f"Pf(M^T J M) = det(M) Pf(J) for a generic M, exact at d_k in {list(pfaffian_dims)}: "
        f"{list(pfaff.values())}, and det of 5 random symplectic matrices (d_k = 3) within "
        f"{max(abs(x - 1) for x in dets):.1e} of 1; d_k = 4, det of U(B1) L(C) U(B2) (shears; 9 coefficients in "
        f"[-1, 1] of seeded symmetric directions of norm 1/2): {rec_det.note()}; not sufficient at "
        "every d_k >= 2 (blocks "
        f"of a symbolic size: D = [[L, 0], [0, I]], D^T Omega D - Omega = [[0, L^T - I], [I - L, 0]], L = "
        f"diag(2, 1/2, 1, ..., 1)): {every_not_sufficient}; float64 residual of M_gamma at d_k={dk}, gamma in "
        f"{list(gammas)}: {worst!r}, of [[I, B], [0, I]] (B symmetric): {worst_tri!r}; {rec.note()} (d_k = 2, "
        f"gamma = sign 10^lg, B = 10^lb [[b0, b1], [b1, b2]], margin -max residual: any non-zero float "
        f"residual violates); a symplectic rotation exp(0.7 J) for contrast: {res_rot:.1e}. Sampled: necessity "
        f"is proved only at d_k in {list(pfaffian_dims)} (searched at d_k = 4) and the exact float zero at the "
        "points searched",
        evidence_level="sampled",
        search=rec,
        search_necessity=rec_det.to_json(),
    )


# --- eq. (36) -------------------------------------------------------------------------------


def check_eq36(claim=reextracted_momentum_claim, *, T=8, dk=3, gamma_num=0.75, seed=363):
    """Symbolic substitution; != p_t as a polynomial identity (gamma != 0); on an integer stream, exactly
    (t >= 2; at t = 2 the §4 convention p_1 = 0 is used)."""
    qt, q1, q2 = sym_vector("q", 3), sym_vector("qm", 3), sym_vector("qmm", 3)
    pt, pm = qt - q1, q1 - q2
    lhs = (qt + G * pt) - (q1 + G * pm)
    r1 = sp.expand(lhs - (pt + G * (pt - pm)))
    r2 = sp.expand(lhs - claim(pt, pm, G))
    gap = sp.expand(lhs - pt)
    ok_sym = all(e == 0 for e in r1) and all(e == 0 for e in r2) and any(e != 0 for e in gap)
    # every d_k: the same substitution on n x 1 matrix symbols of a symbolic length n (zero matrix expressions)
    Qt, Q1, Q2 = (sp.MatrixSymbol(c, DIM, 1) for c in ("q", "qm", "qmm"))
    Pt, Pm = Qt - Q1, Q1 - Q2
    Lhs = (Qt + G * Pt) - (Q1 + G * Pm)
    every = matrix_expr_is_zero(Lhs - (Pt + G * (Pt - Pm))) and matrix_expr_is_zero(Lhs - claim(Pt, Pm, G))
    ok_sym = ok_sym and every
    rng = np.random.default_rng(seed)
    Q = integer_stream(rng, T, dk)
    g = dyadic(gamma_num)
    P = exact_momenta(Q)
    P_hat = momenta(sheared(Q, gamma_num))  # the toolkit's float64 routines, exact here
    err = max_abs_difference(P_hat[1:], claim(P[1:], P[:-1], g))
    differs = max_abs_difference(P_hat[1:], P[1:])
    ok = ok_sym and err == 0 and differs > 0
    return verdict(
        ok,
        {
            "symbolic_residual": [str(e) for e in r2],
            "q^_t - q^_{t-1} - p_t": [str(e) for e in gap],
            "numeric_error": str(err),
            "every_dk": every,
        },
        {"symbolic_residual": "0", "numeric_error": "0", "every_dk": True},
        f"(36) residuals {list(r1)}, {list(r2)} (d_k = 3; every d_k, n x 1 matrix symbols of symbolic n: {every}); "
        f"re-extracted minus p_t = {list(gap)[0]} (first component); "
        f"integer stream (T={T}, gamma={gamma_num}, seed {seed}), exact rational arithmetic: error {err}, "
        f"departure from p_t {differs}",
        evidence_level="proved",
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
    # every d_k (blocks of a symbolic size): M_0 = I, M_a M_-a = I, M_a^T Omega M_a = Omega
    I, Z = sp.Identity(DIM), sp.ZeroMatrix(DIM, DIM)
    Id, Om = sp.BlockMatrix([[I, Z], [Z, I]]), sp.BlockMatrix([[Z, I], [-I, Z]])

    def same(X, Y) -> bool:
        P = collapsed_blocks(X - Y)
        if P is None:  # collapsed to one matrix expression (e.g. the zero matrix of size 2n)
            return matrix_expr_is_zero(sp.block_collapse(X - Y))
        return all(matrix_expr_is_zero(e) for e in P)

    ok_group = (
        matrix_is_zero(Ms(0, 2) - sp.eye(4))
        and matrix_is_zero(Ms(a, 2) * Ms(-a, 2) - sp.eye(4))
        and matrix_is_zero(Ms(a, 2).T * J2 * Ms(a, 2) - J2)
        and same(shear_sym(sp.Integer(0)), Id)
        and same(shear_sym(a) * shear_sym(-a), Id)
        and same(shear_sym(a).T * Om * shear_sym(a), Om)
    )
    ok = ok and ok_block and ok_group
    return verdict(
        ok,
        {"explicit": rows, "block_symbolic_dk": ok_block, "subgroup": ok_group},
        {"explicit": "0", "block_symbolic_dk": True, "subgroup": True},
        f"M_a M_b - M_(a+b): {rows}; block form with symbolic d_k: {ok_block}; identity, inverses and "
        f"symplecticity for every gamma: {ok_group} (exact, symbolic a, b; at d_k = 2 and in blocks of a symbolic size "
        "d_k)",
        evidence_level="proved",
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
        size_domain=(
            SizeDomain(
                "d_k",
                1,
                None,
                quote="With equal couplings gamma_q = gamma_k = gamma, the PSA score satisfies exactly (33) ... (34)",
                meaning="width d_k of q, p_q, k, p_k",
            ),
        ),
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
        "(i) residual identically zero in (gamma_q, gamma_k) (explicit and symbolic d_k), float64 0.0 at d_k = 64; "
        "(ii) H_joint; (iii) (35), linear in eps, no energy component",
        size_domain=(
            SizeDomain(
                "d_k",
                1,
                None,
                quote="writing gamma_k = gamma_q + eps, the score deviates from the symmetric score by exactly eps "
                "(q_t^T p_k,j + gamma_q p_q,t^T p_k,j) (35)",
                meaning="width d_k of q, p_q, k, p_k",
            ),
        ),
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
        size_domain=(
            SizeDomain(
                "d_k",
                1,
                None,
                quote="the joint pre-softmax phase space (q, p_q, k, p_k) in R^{4 d_k} ... "
                "M_gamma^T Omega M_gamma = Omega",
                meaning="width d_k (the phase space R^{4 d_k})",
            ),
        ),
    ),
    certify(
        _st("thm38.iii"),
        check_thm38_iii,
        Kind.NUMERIC,
        "random and aligned perturbations, and an adversarial search over every perturbation at d_k = 1: both "
        "ratios lhs/rhs <= 1; the proof's identities exact at d_k = 1, 2",
    ),
    certify(
        _st("rem39"),
        check_rem39,
        Kind.NUMERIC,
        "det 1 not sufficient (every d_k >= 2, exact), sufficient at d_k = 1, necessary (Pfaffian identity, "
        "d_k = 2, 3; searched at d_k = 4); "
        "unit-triangular residual exactly 0.0 (searched)",
        size_domain=(
            SizeDomain(
                "d_k",
                1,
                None,
                quote="Unit determinant is necessary but not sufficient for symplecticity in dimension 2d_k > 2: "
                "the group Sp(2d_k, R) is a proper subgroup of SL(2d_k, R) for d_k > 1",
                meaning="width d_k (the phase space R^{2 d_k})",
            ),
        ),
    ),
    certify(
        _st("eq36"),
        check_eq36,
        Kind.SYMBOLIC,
        "q^_t - q^_{t-1} = (1 + gamma) p_t - gamma p_{t-1} != p_t",
        size_domain=(
            SizeDomain(
                "d_k",
                1,
                None,
                quote="q^_t - q^_{t-1} = p_q,t + gamma (p_q,t - p_q,t-1) = (1 + gamma) p_q,t - gamma p_q,t-1 != "
                "p_q,t (36)",
                meaning="width d_k of the stream",
            ),
        ),
    ),
    not_checkable(
        _st("table3"),
        "scope table: which classical statements are asserted; its asserted rows are "
        "checked at Thm 38 (i)-(ii), Cor 14, Prop 34 and eq. (36)",
    ),
    certify(
        _st("rem40"),
        check_rem40,
        Kind.SYMBOLIC,
        "M_a M_b = M_{a+b}; a one-parameter subgroup of Sp",
        size_domain=(
            SizeDomain(
                "d_k",
                1,
                None,
                quote="{M_gamma} is a one-parameter subgroup of Sp(2 d_k, R): M_a M_b = M_{a+b} (37)",
                meaning="width d_k (M_gamma is 2 d_k x 2 d_k)",
            ),
        ),
    ),
]
