"""Certificates C1-C10 of the main paper (Table 10, §7.15).

Each check encodes the statement as printed; its keyword defaults are the
paper's claims, so a test can feed a wrong claim and watch it FAIL.
"""

from __future__ import annotations

import functools
import math
from typing import Any, Optional

import numpy as np
import sympy as sp

from theory import laws
from theory.laws import symbolic as S
from theory.shear import asymmetric_shear, joint_omega, omega, shear, shear_blocks, symplectic_residual

from ..algebra import is_zero, sums_as_symbols
from ..levels import EXACT_MODEL_NOTE, certificate_level
from ..registry import Certificate, Kind, SizeDomain, verdict
from ._sec5_6_util import solve_low_degree

PACK = "psa"

#: Seeds for the Monte-Carlo certificates: fresh streams, used in no derivation and in
#: no test (tests use seeds < 1000).
MC_SEED_C7 = 70_000
MC_SEED_C8 = 80_000


_is_zero = is_zero  # certificates.algebra


# --- C1: Thm 64 step (2) ------------------------------------------------------------


@functools.lru_cache(maxsize=1)
def _c1_derived() -> tuple:
    """(the integral, Lambda, the measured text) of C1, which no claim enters: SymPy's integration and
    the displayed simplify() once per process (SymPy expressions are immutable)."""
    b, z = S.b, S.z
    integral = sp.integrate(sp.exp(b * z) * sp.exp(-(z**2) / 2) / sp.sqrt(2 * sp.pi), (z, -sp.oo, sp.oo))
    # SymPy returns the integral with erfc terms that cancel; its expansion is the same function
    # (an exact rewrite, the one is_zero starts from), and the displayed simplify() runs on that
    expanded = sp.expand(integral)
    # Lambda = log(m E[e^{bZ}]) with log m -> L, evaluated at b = 2 gamma^2 (eq. 49)
    lam = sp.expand_log(S.L + sp.log(expanded.subs(b, 2 * S.gamma**2)), force=True)
    return integral, lam, f"E[e^bZ] = {sp.simplify(expanded)}; Lambda = {sp.simplify(lam)}"


def check_c1(mgf_claim=S.mgf, exponent_claim=S.L + 2 * S.gamma**4):
    """Gaussian MGF E[e^{bZ}] by direct integration; annealed exponent L + 2 gamma^4."""
    integral, lam, shown = _c1_derived()
    mgf_ok = _is_zero(integral - mgf_claim)
    exp_ok = _is_zero(lam - exponent_claim)
    # residuals proved zero print as 0; only a failing claim needs simplify() for its display
    res_mgf = "0" if mgf_ok else str(sp.simplify(integral - mgf_claim))
    res_exp = "0" if exp_ok else str(sp.simplify(lam - exponent_claim))
    return verdict(
        mgf_ok and exp_ok,
        shown,
        f"{mgf_claim}; {exponent_claim}",
        "integral of e^{bz} phi(z) over R equals the claimed MGF" if mgf_ok else f"MGF residual {res_mgf} != 0",
        evidence_level="proved",  # exact integration and exact zero tests (certificates.algebra.is_zero)
        residual_mgf=res_mgf,
        residual_exponent=res_exp,
    )


# --- C2: Thm 64 step (4) ------------------------------------------------------------


def check_c2(max_claim=S.dk / 8 - S.L, argmax_claim=sp.sqrt(S.dk) / 4, crossover_claim=8 * S.L):
    """max over x = gamma^2 of a - Lambda = x sqrt(dk) - L - 2x^2, its location, and the crossover."""
    x = S.x
    f = x * sp.sqrt(S.dk) - (S.L + 2 * x**2)
    crit = solve_low_degree(sp.diff(f, x), x)
    ok_unique = len(crit) == 1
    xstar = crit[0]
    concave = sp.diff(f, x, 2).is_negative
    fmax = f.subs(x, xstar)
    ok_arg = _is_zero(xstar - argmax_claim)
    ok_max = _is_zero(fmax - max_claim)
    dstar = solve_low_degree(sp.Eq(fmax, 0), S.dk)
    ok_cross = len(dstar) == 1 and _is_zero(dstar[0] - crossover_claim)
    ok = ok_unique and bool(concave) and ok_arg and ok_max and ok_cross
    return verdict(
        ok,
        f"argmax x = {xstar}, max = {sp.expand(fmax)}, crossover dk = {dstar}",
        f"x = {argmax_claim}, max = {max_claim}, dk* = {crossover_claim}",
        "unique concave maximum; zero of the maximum at dk = 8L"
        if ok
        else f"argmax ok={ok_arg}, max ok={ok_max}, crossover ok={ok_cross}, concave={concave}",
        evidence_level="proved",  # exact roots, exact zero tests, the sign of f'' from the assumptions
    )


# --- C3: Thm 64 step (3) ------------------------------------------------------------


def check_c3(root_claim=S.gamma_c_sq_mean_field, asymptote_claim=S.asymptote):
    """Quartic root closed form, (L^2/dk)^{1/4} asymptote, monotonicity in dk and L."""
    x, dk, L = S.x, S.dk, S.L
    roots = solve_low_degree(S.quadratic_x, x)
    # the smaller root, decided exactly on the whole mean-field domain dk = 8L + u^2 (u > 0): the sign of
    # the difference of the two roots follows from the assumptions (no sample point)
    u0 = sp.Symbol("u", positive=True)
    first_smaller = len(roots) == 2 and sp.simplify((roots[1] - roots[0]).subs(dk, 8 * L + u0**2)).is_positive is True
    smaller = roots[0] if first_smaller or len(roots) == 1 else roots[1]
    ok_root = _is_zero(sp.radsimp(smaller - root_claim)) or _is_zero(
        sp.expand((smaller - root_claim) * (sp.sqrt(dk) + sp.sqrt(dk - 8 * L)))
    )
    ok_solves = _is_zero(sp.radsimp(S.quadratic_x.subs(x, root_claim)))
    ratio = sp.limit(sp.sqrt(root_claim) / asymptote_claim, dk, sp.oo)
    ok_asym = ratio == 1
    # monotonicity on the mean-field branch: write dk = 8L + u^2 with u > 0
    u = sp.Symbol("u", positive=True)
    on_branch = {dk: 8 * L + u**2}
    # a sign the assumptions already decide on the derivative as it stands is proved; else simplify() first
    d_dk = sp.diff(root_claim, dk).subs(on_branch)
    d_dk = d_dk if d_dk.is_negative else sp.simplify(d_dk)
    d_L = sp.diff(root_claim, L).subs(on_branch)
    d_L = d_L if d_L.is_positive else sp.simplify(d_L)
    ok_mono = bool(d_dk.is_negative) and bool(d_L.is_positive)
    ok = ok_root and ok_solves and ok_asym and ok_mono
    return verdict(
        ok,
        f"smaller root {sp.simplify(smaller)}; limit ratio {ratio}; "
        f"d/d dk<0: {d_dk.is_negative}; d/dL>0: {d_L.is_positive}",
        f"gamma_c^2 = {root_claim}; asymptote {asymptote_claim}",
        "closed form is the smaller root, asymptote ratio -> 1, decreasing in dk, increasing in L"
        if ok
        else f"root ok={ok_root}, solves ok={ok_solves}, asymptote ok={ok_asym}, monotone ok={ok_mono}",
        evidence_level="proved",  # exact roots and their order, limits and signs from the assumptions
    )


# --- C4: Prop 36 (i)-(ii) -------------------------------------------------------------

C4_COUPLINGS = ((0.3, 1.7), (2.0, 0.5), (0.8, 0.8), (1e-3, 7.25))


def check_c4(builder=asymmetric_shear, sym_builder=shear_blocks, *, dk=64, couplings=C4_COUPLINGS, seed=4):
    """diag(M_gq, M_gk) is symplectic for Omega = diag(J, J) and preserves H_joint: block-symbolic for
    symbolic gamma_q, gamma_k and d_k; and the float64 residual and H_joint drift exactly 0.0 at dk = 64
    at the certificate's couplings (a finite statement, decided exactly: no tolerance)."""
    n_ = sp.Symbol("n", positive=True, integer=True)
    I, Z0 = sp.Identity(n_), sp.ZeroMatrix(n_, n_)
    Jsym = sp.BlockMatrix([[Z0, I], [-I, Z0]])
    blocks_ok, momentum_ok = True, True
    for g in (GQ, GK):
        B = sym_builder(g, I, Z0)
        prod = sp.block_collapse(sp.BlockMatrix(B).T * Jsym * sp.BlockMatrix(B))
        blocks_ok = (
            blocks_ok
            and isinstance(prod, sp.BlockMatrix)
            and all(
                bool(sp.simplify(prod.blocks[i, j] - Jsym.blocks[i, j]).is_ZeroMatrix)
                for i in range(2)
                for j in range(2)
            )
        )
        # H_joint = (|p_q|^2 + |p_k|^2)/2 is preserved when each momentum row of the block is exactly [0, I]
        momentum_ok = momentum_ok and B[1][0] == Z0 and B[1][1] == I
    n = 2 * dk
    Om = joint_omega(dk)
    rng = np.random.default_rng(seed)
    worst_sym, worst_h = 0.0, 0.0
    unit_rows = np.zeros((2 * dk, 2 * n))  # the momentum rows [0, I, 0, 0] and [0, 0, 0, I] of diag(M_gq, M_gk)
    unit_rows[:dk, dk:n] = np.eye(dk)
    unit_rows[dk:, n + dk :] = np.eye(dk)
    numeric_rows_ok = True
    for gq, gk in couplings:
        M = builder(gq, gk, dk)
        worst_sym = max(worst_sym, symplectic_residual(M, Om))
        # the matrix's own momentum rows, entry by entry (data, not a rounded result): exactly [0, I] -- then
        # H_joint(Mx) = H_joint(x) exactly for every x
        numeric_rows_ok = numeric_rows_ok and bool(np.array_equal(np.vstack([M[dk:n], M[n + dk :]]), unit_rows))
        x = rng.standard_normal(2 * n)
        y = M @ x
        h = lambda v: 0.5 * (v[dk:n] @ v[dk:n] + v[n + dk :] @ v[n + dk :])  # noqa: E731
        worst_h = max(worst_h, abs(h(y) - h(x)))
    # the float64 residual exactly 0.0 is C4's printed claim (a statement about float64, decided by ==, no
    # tolerance); the float64 H_joint drift is a cross-check of the exact momentum rows (an ERROR if it disagrees)
    if numeric_rows_ok and worst_h != 0.0:
        raise ArithmeticError(f"C4: float64 H_joint drift {worst_h!r} where the momentum rows are exactly [0, I]")
    ok = blocks_ok and momentum_ok and numeric_rows_ok and worst_sym == 0.0
    return verdict(
        ok,
        {
            "symbolic_blocks_equal": blocks_ok,
            "momentum_rows_unit": momentum_ok,
            "numeric_momentum_rows_unit": numeric_rows_ok,
            "symplectic_residual": worst_sym,
            "H_joint_drift": worst_h,
        },
        {
            "symbolic_blocks_equal": True,
            "momentum_rows_unit": True,
            "numeric_momentum_rows_unit": True,
            "symplectic_residual": 0.0,
            "H_joint_drift": 0.0,
        },
        f"block form M_g^T J M_g - J = 0 for symbolic gamma_q, gamma_k (each block of diag(M_gq, M_gk)): "
        f"{blocks_ok}; momentum rows [0, I]: {momentum_ok} (the float64 matrices' own rows, entry by entry: "
        f"{numeric_rows_ok}); float64 max|M^T Om M - Om| = {worst_sym!r}, "
        f"|dH| = {worst_h!r} (cross-check of the exact momentum rows) at dk={dk}, {len(couplings)} coupling pairs "
        f"(the printed float64 residual 0.0: exact comparison with 0.0)",
        evidence_level="proved",  # exact block algebra; the float64 statement decided exactly at its points
    )


# --- C5: Prop 36 (iii) ------------------------------------------------------------------


def _vec(name: str, n: int = 3) -> sp.Matrix:
    return sp.Matrix(sp.symbols(f"{name}1:{n + 1}", real=True))


Q, PQ, K, PK = _vec("q"), _vec("pq"), _vec("k"), _vec("pk")
GQ, GK, EPS, G = sp.symbols("gamma_q gamma_k epsilon gamma", real=True)


def score(gq, gk, q=Q, pq=PQ, k=K, pk=PK):
    """Eq. (28): (q + gq pq)^T (k + gk pk)."""
    return ((q + gq * pq).T * (k + gk * pk))[0, 0]


def dot(a, b):
    return (a.T * b)[0, 0]


def score_bias_claim(q, pq, k, pk):
    """Eq. (35), the printed bias at any width: eps (q^T p_k + gamma_q p_q^T p_k), for column vectors of one
    length -- explicit SymPy matrices or ``MatrixSymbol`` columns of a symbolic length d_k."""
    return EPS * ((q.T * pk)[0, 0] + GQ * (pq.T * pk)[0, 0])


#: The explicit widths at which a claim the symbolic decision cannot place is searched for an exact counterexample.
C5_SEARCH_DIMS = tuple(range(1, 9))


def _c5_residual(claim, q, pq, k, pk):
    """s(gq, gq + eps) - s(gq, gq) - claim(q, p_q, k, p_k), eq. (28)'s score on the given vectors."""
    return score(GQ, GQ + EPS, q, pq, k, pk) - score(GQ, GQ, q, pq, k, pk) - sp.sympify(claim(q, pq, k, pk))


def check_c5(claim=score_bias_claim):
    """s(gq, gq + eps) - s(gq, gq) = eps (q^T p_k + gq p_q^T p_k), eq. (35), for every width d_k: the claim (a
    function of the four vectors) evaluated on d_k x 1 matrix symbols of a symbolic d_k, every dot product a sum
    over a symbolic range, each sum an independent symbol (:func:`certificates.algebra.sums_as_symbols`); and its
    d_k = 3 instance, from the same claim, in ring normal form.  When the symbolic residual is not shown 0, an
    exact counterexample is sought at the widths :data:`C5_SEARCH_DIMS`."""
    diff = score(GQ, GQ + EPS) - score(GQ, GQ)
    residual = sp.expand(_c5_residual(claim, Q, PQ, K, PK))
    n = sp.Symbol("d_k", positive=True, integer=True)
    vs = [sp.MatrixSymbol(x, n, 1) for x in ("q", "pq", "k", "pk")]
    every_res = sp.expand(sums_as_symbols(sp.expand(_c5_residual(claim, *vs)))[0])
    every_dk = is_zero(every_res)
    beyond = None
    if not every_dk and residual == 0:
        for dk in C5_SEARCH_DIMS:
            r = sp.expand(_c5_residual(claim, *(_vec(x, dk) for x in ("q", "pq", "k", "pk"))))
            if r != 0:
                beyond = (dk, r)
                break
    ok = residual == 0 and every_dk
    return verdict(
        ok,
        str(sp.factor(sp.expand(diff))),
        str(sp.expand(claim(Q, PQ, K, PK))),
        (
            "difference expands to the claimed bias (d_k = 3 components, ring normal form)"
            if residual == 0
            else f"residual {residual} != 0 (d_k = 3)"
        )
        + f"; for every d_k (d_k x 1 matrix symbols, sums as independent symbols) the residual is "
        f"{'0' if every_dk else str(every_res)[:160] + ' (not shown 0)'}"
        + (f"; at d_k = {beyond[0]} the residual is {str(beyond[1])[:120]} (exact)" if beyond else ""),
        # polynomial identities in the ring (sp.expand), every d_k by sums as symbols; a FAIL by an exact residual
        evidence_level="proved" if ok or residual != 0 or beyond else None,
        residual=str(residual),
    )


# --- C6: Thm 38 (i) ---------------------------------------------------------------------

C6_GAMMAS = (0.1, 0.8, 2.0, 3.3, -1.25)


def check_c6(builder=shear, sym_builder=shear_blocks, *, dk=64, gammas=C6_GAMMAS):
    """M^T J M = J: block-symbolic for symbolic gamma and d_k, and the float64 residual at dk = 64."""
    n = sp.Symbol("n", positive=True, integer=True)
    I, Z0 = sp.Identity(n), sp.ZeroMatrix(n, n)
    Msym = sp.BlockMatrix(sym_builder(G, I, Z0))
    Jsym = sp.BlockMatrix([[Z0, I], [-I, Z0]])
    prod = sp.block_collapse(Msym.T * Jsym * Msym)
    blocks_ok = isinstance(prod, sp.BlockMatrix) and all(
        bool(sp.simplify(prod.blocks[i, j] - Jsym.blocks[i, j]).is_ZeroMatrix) for i in range(2) for j in range(2)
    )
    J = omega(dk)
    worst = max(symplectic_residual(builder(g, dk), J) for g in gammas)
    ok = blocks_ok and worst == 0.0
    return verdict(
        ok,
        {"symbolic_blocks_equal": blocks_ok, "float64_residual": worst},
        {"symbolic_blocks_equal": True, "float64_residual": 0.0},
        f"block form M^T J M - J = 0 for symbolic gamma; max float64 residual {worst!r} "
        f"at dk={dk} over gamma in {list(gammas)} (exact comparison with 0.0)",
        evidence_level="proved",  # exact block algebra; the float64 statement decided exactly at its points
    )


# --- C7: eq. (51) -----------------------------------------------------------------------

#: (dk, T) -> (printed quadrature, printed Monte Carlo), §7.10, m = T - 1
C7_POINTS = {
    (4, 10): (0.3409, 0.3411),
    (8, 25): (0.3193, 0.3202),
    (32, 15): (0.8379, 0.8373),
    (128, 25): (0.9993, 0.9993),
}


# seeded Monte Carlo, kept by its settings in this process and in the result store (verified on load)
from ._mcstore import argmax_probability as _argmax_probability  # noqa: E402
from ._mcstore import thorough as _thorough  # noqa: E402

#: C7's printed Monte-Carlo column is an estimate whose trial count the paper does not print; the §7.9
#: protocol's 5 x 60,000 = 300,000 trials is assumed for its sampling noise (the paper's own remark
#: that 9e-4 is "within the Monte-Carlo standard error at every point" needs N <= 268,600).
C7_PAPER_TRIALS = 300_000


def _c7_mc(dk, m, trials, seed):
    """Our argmax Monte Carlo at a C7 point: stored, or run under --thorough, else None."""
    args = (math.sqrt(dk) / 2.0, m, trials, seed)
    hit = _argmax_probability.lookup(*args)
    if hit is None and _thorough():
        hit = _argmax_probability(*args)
    return hit


def check_c7(
    points=C7_POINTS,
    p_inf=laws.p_inf,
    max_delta_printed="9e-4",
    *,
    distractors="T-1",
    trials=2_000_000,
    seed=MC_SEED_C7,
    paper_trials=C7_PAPER_TRIALS,
    nsigma=4.0,
):
    """Plateau quadrature (51) against direct argmax Monte Carlo at four points, m = T - 1 (§7.10).

    Rows, at every point: (a) the printed quadrature is p_inf (51) with m = T - 1 to its 4 decimals,
    enclosed in Arb (no tolerance); (b) the printed Monte-Carlo value is an estimate of the same
    p_inf, compared directly with the exact value: within half a printed unit + ``nsigma`` standard
    errors of the paper's estimate (binomial, sqrt(p(1-p)/N) with the exact p and N = ``paper_trials``);
    and (c) the printed columns' largest difference is the printed max-Delta 9e-4 (exact arithmetic).
    Our own argmax Monte Carlo (``trials`` per point) is shown beside each exact value when it is stored
    or the run asks for it (--thorough); |MC - exact| beyond 4 SE (exact binomial SE) is an ERROR.
    """
    from fractions import Fraction

    from montecarlo import distractor_count
    from theory import enclosures as E
    from theory.rigorous import decide_printed

    from ..registry import Outcome, Status

    rows, fails, levels, mc_rows, xerr = [], [], [], [], []
    measured: dict[str, Any]
    expected: dict[str, Any]
    measured, expected = {}, {}
    deltas = []
    for i, ((dk, T), (printed_q, printed_mc)) in enumerate(points.items()):
        m = distractor_count(T, distractors)
        q = float(p_inf(dk, T, m=m))
        # (a) the printed quadrature, in Arb against its rounding interval
        dq = decide_printed(lambda dk=dk, m=m: E.p_inf(dk, m), repr(float(printed_q)))
        name_q = f"quadrature at ({dk},{T})"
        ok_q = dq.verdict == "PASS"
        # (b) the printed Monte-Carlo value against the exact p_inf, with the paper's sampling noise
        se_paper = math.sqrt(max(q * (1.0 - q), 0.0) / paper_trials)
        tol = 0.5e-4 + nsigma * se_paper
        name_mc = f"printed MC at ({dk},{T})"
        ok_mc = abs(float(printed_mc) - q) <= tol
        for name, ok, lvl, meas, exp in (
            (name_q, ok_q, "enclosed", dq.note(), repr(float(printed_q))),
            (
                name_mc,
                ok_mc,
                "statistical",
                f"exact {q:.5f}, tol ±{tol:.5f} ({EXACT_MODEL_NOTE}: p_inf of eq. 51)",
                repr(float(printed_mc)),
            ),
        ):
            levels.append((ok, lvl))
            measured[name], expected[name] = meas, exp
            if not ok:
                fails.append(name)
        z_printed = (float(printed_mc) - q) / se_paper if se_paper > 0 else math.inf
        row = (
            f"({dk},{T}) m={m}: p_inf {q:.5f} [printed quadrature {printed_q}: {dq.verdict}]; printed MC "
            f"{printed_mc} is {z_printed:+.1f} SE of a {paper_trials:,}-trial estimate (tol ±{tol:.4f}: "
            f"{'ok' if ok_mc else 'NO'})"
        )
        est = _c7_mc(dk, m, trials, seed + i)
        if est is not None:
            se_ours = math.sqrt(max(q * (1.0 - q), 0.0) / est.trials)
            z = (est.p - q) / se_ours if se_ours > 0 else (0.0 if est.p == q else math.inf)
            row += f"; our MC {est.p:.4f} ({z:+.1f} SE)"
            mc_rows.append({"point": [dk, T], "mc": est.p, "trials": est.trials, "z": z})
            if abs(z) > 4.0:
                xerr.append(f"({dk},{T}) {z:+.1f} SE")
        else:
            row += "; our MC not run: --thorough or stored"
        rows.append(row)
        deltas.append(abs(Fraction(repr(float(printed_mc))) - Fraction(repr(float(printed_q)))))
    # (c) the printed columns' largest difference against the printed max-Delta, exactly
    from theory.rigorous import printed_interval

    lo, hi = printed_interval(max_delta_printed)
    worst = max(deltas)
    ok_printed = lo <= worst <= hi
    levels.append((ok_printed, "proved"))
    measured["printed columns max delta"], expected["printed columns max delta"] = float(worst), max_delta_printed
    if not ok_printed:
        fails.append("printed columns max delta")
    rows.append(
        f"printed columns: max |MC - quadrature| = {float(worst):.2g} [printed {max_delta_printed}: "
        f"{'ok' if ok_printed else 'NO'}]"
    )
    mc_note = (
        f"our argmax MC ({trials:,} trials/point, seeds {seed}..{seed + len(points) - 1}) beside each exact value"
        if mc_rows
        else "MC cross-check: not run (stored results: none; psa-cert run --thorough runs it)"
    )
    detail = (
        f"m={distractors}; exact p_inf (51) by quadrature, the printed quadratures in Arb; printed MC judged "
        f"against the exact value by the three-way rule of the reduced-model certificates with K = {nsigma:g} and "
        f"SE_lower = SE_upper = the binomial SE sqrt(p(1-p)/N) of an argmax estimate, exact for a given N (N = "
        f"{paper_trials:,}: the §7.9 protocol, C7's own N is not printed), so no row is left between the bounds: "
        + "; ".join(rows)
        + f". {mc_note}"
    )
    evidence = {"mc_cross_check": mc_rows or None, "paper_trials_assumed": paper_trials, "failures": fails}
    if xerr:
        return Outcome(
            Status.ERROR,
            measured,
            expected,
            f"the Monte Carlo disagrees with the exact p_inf beyond 4 SE ({', '.join(xerr)}): the engine or "
            f"the quadrature is wrong. {detail}",
            evidence,
        )
    level = certificate_level(levels)  # the one rule: certificates.levels
    return verdict(not fails, measured, expected, detail, evidence_level=level, **evidence)


def _rule(RD, k: float) -> str:
    """The three-way rule of :mod:`certificates.psa._reduced` with this certificate's K, in words."""
    return RD.RULE if k == RD.K_SIGMA else RD.RULE.replace(f"{RD.K_SIGMA:g} ", f"{k:g} ")


# --- C8: eq. (52), mean-field branch ------------------------------------------------------

#: (dk, T) -> (printed MC gamma_c, printed law), §7.9
#: (printed MC, printed law) at each point, as printed (strings: "0.570" keeps its third decimal).
C8_POINTS = {(64, 10): ("0.570", "0.545"), (64, 25): ("0.668", "0.669"), (128, 15): ("0.508", "0.494")}
#: §7.9: "All three agree within 6%"; Table 10 prints the outcome "within 4.4% at all three".
C8_ACCEPTANCE = 0.06


def _law_enclosure(dk, T):
    """Eq. (52) as printed (SymPy, theory.laws.symbolic.gamma_c) at (dk, T) in Arb, its branch decided in Arb."""
    from theory import enclosures as E
    from theory.rigorous import sympy_to_arb, to_arb

    (mf, _), (cd, _) = S.gamma_c.args[0], S.gamma_c.args[-1]
    r = E.crossover_ratio(dk, T)
    if not (r < 1 or r > 1):
        raise ArithmeticError(f"branch of (52) at ({dk}, {T}) not decided: 8L/dk = {r}")
    L_ = (to_arb(T) - 1).log()
    subs = {S.dk: to_arb(dk), S.L: L_, S.c: "0.741"}
    return sympy_to_arb(mf if r < 1 else cd, subs)


def _c8_sweep(RD, cv: str, seeds: int):
    """The §7.9 grid sweep under ``cv`` at ``seeds`` seeds (the paper's 5, or RD.BAND_SEEDS), or None."""
    return RD.mc_sweep("paper-grid", cv) if seeds == RD.SEEDS else RD.mc_sweep("paper-grid", cv, seeds=seeds)


def _sizes(sweep) -> dict:
    """The seeds x trials a sweep ran (for :func:`certificates.psa._reduced.se_hat`)."""
    return {"mc_seeds": int(sweep.settings["seeds"]), "mc_trials": int(sweep.settings["trials"])}


def _c8_fit(rows) -> str:
    """What the three-way rule showed for the printed MC column against one convention, point by point:
    ``rows`` = [(label, verdict)], verdict True (reproduced), False (misfit established: outside even with
    SE_upper or decided with SE_hat) or None (not established either way)."""
    groups = (
        (True, "reproduced at"),
        (False, "misfit established at"),
        (None, "misfit not established (between SE_lower and SE_upper, undecided) at"),
    )
    parts = []
    for verdict_, words in groups:
        at = [lab for lab, ok in rows if ok is verdict_]
        if at:
            parts.append(f"{words} {', '.join(at)}")
    return "; ".join(parts)


def _c8_fit_brief(rows) -> str:
    """:func:`_c8_fit` in the few words a one-line finding has room for (the reasons are in the detail):
    ``misfit established at all 3``, or ``reproduced at (64,25), misfit established at (128,15), undecided
    at (64,10)``."""
    words = {True: "reproduced", False: "misfit established", None: "undecided"}
    for verdict_, word in words.items():
        if rows and all(ok is verdict_ for _, ok in rows):
            return f"{word} at all {len(rows)}"
    parts = []
    for verdict_, word in words.items():
        at = [lab for lab, ok in rows if ok is verdict_]
        if at:
            parts.append(f"{word} at {', '.join(at)}")
    return ", ".join(parts)


def check_c8(
    points=C8_POINTS,
    acceptance=C8_ACCEPTANCE,
    law=laws.gamma_c,
    within_printed="4.4",
    *,
    distractors="T-2",
    nsigma=4.0,
):
    """Quartic root (52) against the exact gamma_c of G (Def 62) at three deep mean-field points.

    Rows, at every point: (a) eq. (52) reproduces the printed prediction to 3 decimals (Arb); (b) the
    printed Monte-Carlo gamma_c is an estimate of G's gamma_c (the §7.9 protocol): within half a printed
    unit + ``nsigma`` SE of the exact value, SE the bound of the paper's standard error from the exact
    model (:mod:`certificates.psa._reduced`); (c) |law - exact| / exact <= acceptance (+ ``nsigma`` SE
    relative: the printed claim is about the paper's estimates); and (d) Table 10's 'within 4.4% at all
    three' from the printed columns (exact arithmetic).  (b) and (c) follow the three-way rule of
    :func:`certificates.psa._reduced.decide`: SE_upper refutes, SE_lower confirms, between them the exact
    value with SE_hat (the Monte Carlo's estimate of the paper's SE, :func:`~certificates.psa._reduced.se_hat`)
    decides.  The Monte Carlo at the paper's sizes (the §7.9 grid sweep, which holds these points) is
    shown beside when stored or asked for (--thorough).
    """
    from fractions import Fraction

    from theory.rigorous import decide_printed, printed_interval

    from . import _reduced as RD

    names, oks, levels, meas, exp = [], [], [], {}, {}
    rows, worst, mc_rows = [], 0.0, []
    mc = RD.mc_sweep("paper-grid", distractors)
    other_cv = "T-1" if distractors == "T-2" else "T-2"
    mc_other = RD.mc_sweep("paper-grid", other_cv)
    reproduced_other: list[str] = []
    open_other: list[str] = []
    misfit_other: list[str] = []
    # per point: (label, printed MC, exact gamma_c and verdict under m=distractors, the same under m=other_cv)
    by_conv: list = []

    def add(name, ok, level, m_, e_):
        names.append(name)
        oks.append(ok)
        levels.append(level)
        meas[name], exp[name] = m_, e_

    for (dk, T), (printed_mc, printed_law) in points.items():
        pred = float(law(dk, T))
        q = RD.exact_point("paper-grid", distractors, dk, T)["gamma_c"]
        g, se = q["mean"], q["se"]
        # (a) the law's printed value, eq. (52) in Arb
        d = decide_printed(lambda dk=dk, T=T: _law_enclosure(dk, T), str(printed_law))
        add(f"law at ({dk},{T})", d.verdict == "PASS", "enclosed", d.note(), str(printed_law))
        # (b) the printed MC value against the exact gamma_c, with the paper's sampling noise (three-way)
        r = mc.point(dk, T)["gamma_c"] if mc is not None else None

        def within(x, s, pm=float(printed_mc)):
            return x is not None and abs(pm - x) <= 0.0005 + nsigma * (s or 0.0)

        # between the bounds: the exact value with SE_hat, the Monte Carlo's estimate of the paper's SE, at both
        # ends of its own 95% interval (decided only when they agree; more seeds where they do not)
        def ends_of(seeds, cv=distractors, qq=q, dk=dk, T=T):
            sw = _c8_sweep(RD, cv, seeds)
            if sw is None:
                return None, ""
            rr = sw.point(dk, T)["gamma_c"]
            return RD.se_hat_ends(rr.get("se"), qq["se_lower"], qq["se"], **_sizes(sw))

        ok_pmc, how = RD.decide_band(within(g, se), within(g, q["se_lower"]), ends_of, lambda s_: within(g, s_))
        tol, tol_lo = 0.0005 + nsigma * se, 0.0005 + nsigma * q["se_lower"]
        add(
            f"printed MC at ({dk},{T})",
            ok_pmc,
            "statistical",
            f"exact {g:.4f} (FAIL beyond ±{tol:.4f}, PASS within ±{tol_lo:.4f}; {how})",
            str(printed_mc),
        )
        qo = RD.exact_point("paper-grid", other_cv, dk, T)["gamma_c"]
        ok_other, _ = RD.decide_band(
            within(qo["mean"], qo["se"]),
            within(qo["mean"], qo["se_lower"]),
            functools.partial(ends_of, cv=other_cv, qq=qo),
            lambda s_: within(qo["mean"], s_),
        )
        {True: reproduced_other, None: open_other, False: misfit_other}[ok_other].append(f"({dk},{T})")
        by_conv.append((f"({dk},{T})", str(printed_mc), g, ok_pmc, qo["mean"], ok_other))
        # (c) the acceptance: |law - exact| / exact, with the paper's noise on the estimate (three-way)
        rel = (pred - g) / g
        ok_rel, how_rel = RD.decide_band(
            abs(rel) <= acceptance + nsigma * se / g,
            abs(rel) <= acceptance + nsigma * q["se_lower"] / g,
            ends_of,
            lambda s_: abs(rel) <= acceptance + nsigma * s_ / g,
        )
        add(f"within acceptance at ({dk},{T})", ok_rel, "statistical", round(rel, 5), f"<= {acceptance}")
        worst = max(worst, abs(rel))
        word = {True: "ok", False: "NO", None: "undecided"}
        row = (
            f"({dk},{T}) law {pred:.4f} [printed {printed_law}: {d.verdict}] exact gamma_c {g:.4f} "
            f"[printed MC {printed_mc}: {word[ok_pmc]} ({how}), FAIL beyond ±{tol:.4f}, PASS within ±{tol_lo:.4f}; "
            f"m={other_cv}: {qo['mean']:.4f}] err {100 * rel:+.1f}% [{word[ok_rel]}]"
        )
        if r is not None:
            z = RD.z_score(r["mean"], g, se)
            row += f"; MC {r['mean']:.4f} ({z:+.1f} SE_upper)"
            mc_rows.append({"point": [dk, T], "mc": r["mean"], "z": z})
        else:
            row += "; MC not run: --thorough or stored"
        rows.append(row)
    # (d) Table 10's 'within 4.4% at all three', from the printed columns, in exact rationals
    printed_worst = (
        max(
            abs(Fraction(repr(float(pl))) - Fraction(repr(float(pm)))) / Fraction(repr(float(pm)))
            for pm, pl in points.values()
        )
        * 100
    )
    lo, hi = printed_interval(within_printed)
    add("printed columns within", lo <= printed_worst <= hi, "proved", float(printed_worst), f"{within_printed}%")
    rows.append(f"printed columns: max |law - MC| / MC = {float(printed_worst):.2f}% [printed {within_printed}%]")
    fails = [n for n, ok in zip(names, oks) if ok is False]
    undecided = [n for n, ok in zip(names, oks) if ok is None]
    only_printed_mc = bool(fails) and all(n.startswith("printed MC") for n in fails)
    xz = [abs(r["z"]) for r in mc_rows if r["z"] is not None]
    mc_note = (
        f"MC cross-check (the §7.9 grid sweep, {RD.SEEDS}x{RD.TRIALS} trials, seeds {RD.MC_SEED}..): max "
        f"|MC - exact| = {max(xz):.1f} SE"
        if xz
        else RD.not_run_note()
    )
    detail = (
        f"m={distractors}; exact gamma_c of G (Def 62) by quadrature, §7.9 extraction; {_rule(RD, nsigma)}; "
        f"{RD.SE_SOURCE}: " + "; ".join(rows) + f". {mc_note}"
    )
    evidence: dict[str, Any] = {"mc_cross_check": mc_rows or None, "failures": fails, "undecided": undecided}
    if xz and max(xz) > RD.XCHECK_SIGMA:
        from ..registry import Outcome, Status

        return Outcome(
            Status.ERROR, meas, exp, f"the Monte Carlo disagrees with the exact gamma_c beyond 4 SE. {detail}", evidence
        )
    if undecided and not fails:
        from ..registry import Outcome, Status

        why = RD.undecided_words(mc is not None)
        return Outcome(Status.ERROR, meas, exp, f"{', '.join(undecided)}: {why}. {detail}", evidence)
    same: tuple[str, ...]
    severity, same = None, ()
    if fails:
        if only_printed_mc and len(reproduced_other) == len(points):
            severity, same = "minor", ("rem72",)
            detail += (
                f". The law and the acceptance hold; the printed MC column follows m = {other_cv}: the convention "
                "mix of rem72"
            )
        elif only_printed_mc:
            severity = "minor"
            detail += (
                f". Graded minor: the law and the 6% acceptance hold under either convention; the printed MC "
                f"column against m = {other_cv}: {_c8_fit([(b[0], b[5]) for b in by_conv])}"
                + (f" ({RD.undecided_words(mc_other is not None)})" if open_other else "")
                + (
                    f" -- beyond the convention mix of rem72 at {', '.join(misfit_other)}"
                    if misfit_other
                    else " -- whether it goes beyond the convention mix of rem72 is not established"
                )
            )
        else:
            severity = "substantive"
    level = certificate_level(zip(oks, levels))  # the one rule: certificates.levels
    return verdict(
        not fails,
        meas,
        exp,
        detail,
        severity=severity,
        same_finding_as=same,
        evidence_level=level,
        finding=(
            f"printed MC gamma_c ({', '.join(b[1] for b in by_conv)}) "
            + (
                f"follow m={other_cv}, not m={distractors}; exact {', '.join(f'{b[2]:.4f}' for b in by_conv)} "
                f"(m={distractors}), {', '.join(f'{b[4]:.4f}' for b in by_conv)} (m={other_cv})"
                if len(reproduced_other) == len(points)
                # one line: what was shown per convention; the values and reasons per point are in the detail
                else f"against m={distractors}: {_c8_fit_brief([(b[0], b[3]) for b in by_conv])}; "
                f"against m={other_cv}: {_c8_fit_brief([(b[0], b[5]) for b in by_conv])}"
            )
            if only_printed_mc
            else "; ".join(f"{n}: {meas[n]} vs printed {exp[n]}" for n in fails)
        ),
        **evidence,
    )


# --- C9: Prop 34 ------------------------------------------------------------------------


def check_c9(coherence_coefficient=G * (1 + G), current_claim=EPS / 2 * (dot(Q, PK) - dot(PQ, K))):
    """Transport identity (33)-(34), the antisymmetric current, and that it is no total difference."""
    # (33)-(34) with q_{t-1} = q - pq, k_{j-1} = k - pk
    qm, km = Q - PQ, K - PK
    delta_diag = dot(Q, K) - dot(qm, km)
    ok34 = sp.expand(delta_diag - (dot(PQ, K) + dot(Q, PK) - dot(PQ, PK))) == 0
    rhs33 = dot(Q, K) + G * delta_diag + coherence_coefficient * dot(PQ, PK)
    ok33 = sp.expand(score(G, G) - rhs33) == 0
    # antisymmetric part of s(gq, gq + eps) under swapping the stream labels
    gbar = GQ + EPS / 2
    sym_part = dot(Q, K) + gbar * (dot(PQ, K) + dot(Q, PK)) + GQ * (GQ + EPS) * dot(PQ, PK)
    ok_cur = sp.expand(score(GQ, GQ + EPS) - sym_part - current_claim) == 0
    # no local bilinear G_t with Delta G equal to q_t^T k_{t-1} - q_{t-1}^T k_t
    a, b, c, d = sp.symbols("a b c d")
    qs = sp.symbols("Q0:4")  # q_{t-2}, q_{t-1}, q_t, q_{t+1} as independent symbols
    ks = sp.symbols("K0:4")

    def Gt(i):
        return a * qs[i] * ks[i] + b * qs[i] * ks[i - 1] + c * qs[i - 1] * ks[i] + d * qs[i - 1] * ks[i - 1]

    target = qs[2] * ks[1] - qs[1] * ks[2]
    solutions = {}
    for name, dG in (("backward", Gt(2) - Gt(1)), ("forward", Gt(3) - Gt(2))):
        eqs = sp.Poly(sp.expand(dG - target), *qs, *ks).coeffs()
        solutions[name] = sp.solve(eqs, [a, b, c, d], dict=True)
    ok_nogo = all(len(v) == 0 for v in solutions.values())
    ok = ok33 and ok34 and ok_cur and ok_nogo
    return verdict(
        ok,
        {"eq33": ok33, "eq34": ok34, "current": ok_cur, "G_solutions": {k: len(v) for k, v in solutions.items()}},
        {"eq33": True, "eq34": True, "current": True, "G_solutions": 0},
        "(33),(34) expand to zero; antisymmetric current is (eps/2)(q^T p_k - p_q^T k); "
        "no (a,b,c,d) makes Delta G equal the diagonal current"
        if ok
        else f"eq33={ok33} eq34={ok34} current={ok_cur} no-go={ok_nogo} ({solutions})",
        evidence_level="proved",  # ring identities and an exact linear system with no solution
    )


# --- C10: §7.6 --------------------------------------------------------------------------


@functools.lru_cache(maxsize=16, typed=True)
def _pearson_every_n(scale) -> sp.Expr:
    """r(scale x, y) - r(x, y) for n samples with n symbolic (indexed x_i, y_i; means and sums over a symbolic
    range), each sum an independent symbol (:func:`certificates.algebra.sums_as_symbols`), the radicands
    factored: zero here is zero for every n.  Kept per process by ``scale`` (the claim: a pure function of
    it; SymPy expressions are immutable)."""
    n = sp.Symbol("n", integer=True, positive=True)
    i = sp.Symbol("i", integer=True)
    X, Y = sp.IndexedBase("x", real=True), sp.IndexedBase("y", real=True)

    def pearson(u, v):
        mu, mv = sp.Sum(u(i), (i, 0, n - 1)) / n, sp.Sum(v(i), (i, 0, n - 1)) / n
        num = sp.Sum((u(i) - mu) * (v(i) - mv), (i, 0, n - 1))
        return num / sp.sqrt(sp.Sum((u(i) - mu) ** 2, (i, 0, n - 1)) * sp.Sum((v(i) - mv) ** 2, (i, 0, n - 1)))

    diff = pearson(lambda k: scale * X[k], lambda k: Y[k]) - pearson(lambda k: X[k], lambda k: Y[k])
    e = sums_as_symbols(sp.expand(diff, deep=False))[0]
    e = e.replace(lambda a: isinstance(a, sp.Pow), lambda a: sp.Pow(sp.factor_terms(sp.expand(a.base)), a.exp))
    return sp.simplify(sp.factor_terms(sp.expand(e)))


def _c10_pearson(u, v, n):
    """Pearson's r of the samples ``u``, ``v`` (n of each), symbolically."""
    mu, mv = sum(u) / n, sum(v) / n
    cu = [ui - mu for ui in u]
    cv = [vi - mv for vi in v]
    return sum(a * b for a, b in zip(cu, cv)) / sp.sqrt(sum(a**2 for a in cu) * sum(b**2 for b in cv))


@functools.lru_cache(maxsize=4)
def _c10_unscaled(n: int) -> tuple:
    """(x symbols, y symbols, r(x, y), its factor_terms rewrite) at ``n`` explicit samples: no claim enters
    them, so they are derived once per process for each n (SymPy objects are immutable, the symbols tuples)."""
    xs = sp.symbols(f"x1:{n + 1}", real=True)
    ys = sp.symbols(f"y1:{n + 1}", real=True)
    r0 = _c10_pearson(xs, ys, n)
    return xs, ys, r0, sp.factor_terms(r0)


def _c10_witness(diff: sp.Expr, xs: tuple, ys: tuple) -> Optional[sp.Rational]:
    """``diff`` = r(scale x, y) - r(x, y) at the exact point x = y = (1, 2, ..., n) when that value is a
    non-zero rational number (then ``diff`` is not identically 0: the point is a counterexample), else None.

    At x = y the radicand of r(scale x, y) is scale^2 (sum of c_i^2)^2, c_i the centred samples (not all 0):
    a square, so for a scale of known sign the value is exact and rational (-2 for a negative scale, as
    r(scale x, y) = sign(scale) r(x, y)); for a scale of unknown sign it keeps ``sqrt(scale^2)`` and is not
    a witness (the caller simplifies the difference instead)."""
    point = {v: sp.Integer(k + 1) for k, v in enumerate(xs)}
    point.update({v: sp.Integer(k + 1) for k, v in enumerate(ys)})
    value = diff.xreplace(point)
    return value if value.is_Rational and value != 0 else None


def check_c10(scale=sp.Symbol("lambda", positive=True), *, n=5):
    """Pearson r(lambda x, y) = r(x, y) for lambda > 0 (means and norms scale out): for every number of
    samples (n symbolic, the sums as independent symbols) and at n = ``n`` explicit samples."""
    xs, ys, r0, r0_rewritten = _c10_unscaled(n)
    r1 = _c10_pearson([scale * x for x in xs], ys, n)
    # factor_terms pulls lambda out of the sums (an exact rewrite): identical rewritten forms prove
    # r1 - r0 = 0 (the rewrite of each side is cheaper than the rewrite of their difference)
    witness = None
    if sp.factor_terms(r1) == r0_rewritten:
        diff = sp.Integer(0)
    else:
        diff = sp.factor_terms(r1 - r0)
        if diff != 0:
            # an exact non-zero value at one point decides "not identically 0" (and shows where);
            # only without one is the difference simplified (about 1 s at n = 5), which may reach 0
            witness = _c10_witness(r1 - r0, xs, ys)
            diff = witness if witness is not None else sp.simplify(r1 - r0)
    try:
        every_n = _pearson_every_n(scale)
    except TypeError:  # an unhashable scale: derived afresh
        every_n = _pearson_every_n.__wrapped__(scale)
    ok = diff == 0 and every_n == 0
    at = f"{diff} at x = y = (1, ..., {n})" if witness is not None else str(diff)
    return verdict(
        ok,
        {"n explicit": at, "every n": str(every_n)},
        {"n explicit": "0", "every n": "0"},
        f"r(λx, y) - r(x, y) simplifies to {every_n} for every n (n symbolic, sums as independent symbols) and "
        + (f"is {diff} at n = {n}, x = y = (1, ..., {n}) " if witness is not None else f"to {diff} at n = {n} ")
        + f"(λ = {scale}{', positive' if getattr(scale, 'is_positive', False) else ''})",
        evidence_level="proved",  # an exact rewrite to 0, an exact non-zero value at a point, or an exact residual
    )


CERTIFICATES = [
    Certificate(
        "C1",
        "Gaussian MGF and annealed exponent",
        "Thm 64(2)",
        "Gaussian MGF by direct integration; annealed exponent Lambda = L + 2 gamma^4",
        Kind.SYMBOLIC,
        check_c1,
        PACK,
        "§6.7",
        "transition",
        ("thm64.eq53",),
        sympy_form=lambda: sp.Eq(S.annealed_exponent, S.L + 2 * S.gamma**4),
    ),
    Certificate(
        "C2",
        "Maximum of a - Lambda and the crossover",
        "Thm 64(4)",
        "max_gamma (a - Lambda) = dk/8 - L at gamma^2 = sqrt(dk)/4; crossover dk* = 8L",
        Kind.SYMBOLIC,
        check_c2,
        PACK,
        "§6.7",
        "transition",
        ("thm64.step4",),
        sympy_form=lambda: sp.Eq(S.crossover, 8 * S.L),
    ),
    Certificate(
        "C3",
        "Quartic root, asymptote, monotonicity",
        "Thm 64(3)",
        "quartic root closed form, (L^2/dk)^{1/4} asymptote, monotonicity in both arguments",
        Kind.SYMBOLIC,
        check_c3,
        PACK,
        "§6.7",
        "transition",
        ("thm64.eq54",),
        sympy_form=lambda: sp.Eq(S.gamma**2, S.gamma_c_sq_mean_field),
    ),
    Certificate(
        "C4",
        "Asymmetric shear is symplectic and preserves H_joint",
        "Prop 36(i)-(ii)",
        "asymmetric shear is symplectic and preserves H_joint (float64 residual exactly 0.0 at dk=64)",
        Kind.NUMERIC,
        check_c4,
        PACK,
        "§4.8",
        "operator",
        ("prop36",),
    ),
    Certificate(
        "C5",
        "Asymmetry is a score bias",
        "Prop 36(iii)",
        "s^asym - s^sym = eps (q^T p_k + gamma_q p_q^T p_k) for every d_k (symbolic d_k)",
        Kind.SYMBOLIC,
        check_c5,
        PACK,
        "§4.8",
        "operator",
        ("prop36",),
        size_domain=(
            SizeDomain(
                "d_k",
                1,
                None,
                quote="writing gamma_k = gamma_q + eps, the score deviates from the symmetric score by exactly "
                "eps (q_t^T p_k,j + gamma_q p_q,t^T p_k,j) (35)",
                meaning="width d_k of q, p_q, k, p_k (the statement fixes none: every d_k)",
            ),
        ),
    ),
    Certificate(
        "C6",
        "The shear is symplectic",
        "Thm 38(i)",
        "M_gamma^T J M_gamma = J symbolically and numerically (residual 0.0 exactly at dk=64)",
        Kind.SYMBOLIC,
        check_c6,
        PACK,
        "§5.1",
        "operator",
        ("thm38",),
    ),
    Certificate(
        "C7",
        "Argmax limit against Monte Carlo",
        "eq. (51)",
        "plateau quadrature against direct argmax Monte Carlo, four (dk, T) points (m = T-1)",
        Kind.MONTE_CARLO,
        check_c7,
        PACK,
        "§7.10",
        "transition",
        ("thm64.eq51",),
        sympy_form=lambda: S.p_inf,
    ),
    Certificate(
        "C8",
        "Quartic root against fresh Monte Carlo",
        "eq. (52)",
        "quartic root against fresh-seed Monte Carlo of G, three deep mean-field points",
        Kind.MONTE_CARLO,
        check_c8,
        PACK,
        "§7.9",
        "transition",
        ("thm64.eq52",),
        sympy_form=lambda: S.gamma_c,
    ),
    Certificate(
        "C9",
        "Transport identity",
        "Prop 34",
        "transport identity exact; asymmetric current is no total difference",
        Kind.SYMBOLIC,
        check_c9,
        PACK,
        "§4.8",
        "operator",
        ("prop34",),
    ),
    Certificate(
        "C10",
        "Pearson r is scale invariant",
        "§7.6",
        "Pearson r invariant under positive rescaling of its first argument",
        Kind.SYMBOLIC,
        check_c10,
        PACK,
        "§7.6",
        "empirical",
        ("alg2",),
        size_domain=(
            SizeDomain(
                "n",
                2,
                None,
                quote="Pearson r invariant under positive rescaling of its first argument",
                meaning="number n of samples (r needs n >= 2)",
            ),
        ),
    ),
]
