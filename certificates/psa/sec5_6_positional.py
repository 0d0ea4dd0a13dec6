"""Certificates for the positional statements of §5.3 and §6.5: Cor 41, Rem 42, Props 59-60, Rem 61.

Each check takes the paper's claims as keyword defaults (a formula, a bound, a rate), so a
test can feed a wrong claim and watch it FAIL.  Random inputs are seeded; tolerances are
stated in the details.
"""

from __future__ import annotations

import math

import numpy as np
import sympy as sp

from theory import positional as P

from .._companion import certify, not_checkable
from ..registry import Kind, verdict
from ._sec5_6_util import fmt, is_zero

ST = {s.id: s for s in P.STATEMENTS}

#: Relative tolerance of float64 identity checks: the RoPE angle t*theta (t <= 512) is rounded
#: to ~1e-13 before cos/sin, which bounds the agreement attainable in float64.
RTOL = 1e-11


# --- Cor 41, eq. (38) ------------------------------------------------------------------


def _printed_difference(g, Rt, Rtm1, q):
    return -g * (Rt - Rtm1) @ q


def _printed_norm_sym(g, theta, qnorm):
    return 2 * g * sp.Abs(sp.sin(theta / 2)) * qnorm


def _rotation_ideal_check(difference_claim, norm_claim_sym):
    """Exact one-band checks with rotations as (c, s), c^2 + s^2 = 1 (Gröbner reduction)."""
    c, s, c1, s1, g = sp.symbols("c s c1 s1 gamma", real=True)
    q1, q2 = sp.symbols("q1 q2", real=True)
    ideal = [c**2 + s**2 - 1, c1**2 + s1**2 - 1]
    gens = (c, s, c1, s1, g, q1, q2)

    def rot(cc, ss):
        return sp.Matrix([[cc, -ss], [ss, cc]])

    G = sp.groebner(ideal, *gens, order="lex")
    # the same reduction in Q[gens] with lex order: an expression in the generators is converted by
    # ring arithmetic (no Expr expand) and its remainder on division by the basis is the unique
    # normal form modulo the ideal, which G.reduce computes; other expressions take that route
    qt_syms = sp.symbols("x1 x2", real=True)
    ring, *_ = sp.ring(gens + qt_syms, sp.QQ, sp.lex)  # x1, x2 (q_t) last: they cancel where they occur
    basis = [ring(p) for p in G.exprs]
    gen_set = set(gens)

    def red(e):
        if isinstance(e, sp.Expr) and e.free_symbols <= gen_set | set(qt_syms) and not e.has(sp.Float):
            try:
                p = ring(e)
            except (ValueError, TypeError, sp.PolynomialError, sp.CoercionFailed):
                p = None
            if p is not None:
                r = p.rem(basis).as_expr()
                if r.free_symbols <= gen_set:  # a remainder in the generators of G: G.reduce's normal form
                    return r
        e = sp.expand(e)
        return e if e == 0 else G.reduce(e)[1]

    Rtm1 = rot(c1, s1)
    Rt = rot(c, s) * Rtm1  # R_t = R(theta) R_{t-1}
    qt = sp.Matrix(qt_syms)
    qtm1 = sp.Matrix([q1, q2])
    pre = Rt * (qt + g * (qt - qtm1))
    post = Rt * qt + g * (Rt * qt - Rtm1 * qtm1)
    diff_res = [red(e) for e in (pre - post - difference_claim(g, Rt, Rtm1, qtm1))]
    ok_diff = all(r == 0 for r in diff_res)
    # squared norm: |(R_t - R_{t-1}) q|^2 reduces to (2 - 2c) |q|^2 on the ideal
    v = (Rt - Rtm1) * qtm1
    norm2 = red((v.T * v)[0, 0])
    ok_norm2 = red(norm2 - (2 - 2 * c) * (q1**2 + q2**2)) == 0
    # the claimed norm, squared, against (2 - 2 cos theta) g^2 |q|^2; theta = 2h, then cos^2 h = 1 - sin^2 h
    h = sp.Symbol("h", real=True)
    qn = sp.Symbol("qn", positive=True)
    claim_sq = norm_claim_sym(g, 2 * h, qn) ** 2
    e = sp.expand(sp.expand_trig(claim_sq - (2 - 2 * sp.cos(2 * h)) * g**2 * qn**2))
    e = sp.expand(e.subs(sp.cos(h) ** 2, 1 - sp.sin(h) ** 2))
    ok_claim = e == 0 or is_zero(e)
    # symplecticity of diag(R_t, R_t) M diag(R_{t-1}, R_{t-1})^{-1}; inverse = adjugate / det
    lift = lambda R: sp.diag(R, R)  # noqa: E731
    M = sp.Matrix([[1, 0, g, 0], [0, 1, 0, g], [0, 0, 1, 0], [0, 0, 0, 1]])
    J = sp.Matrix([[0, 0, 1, 0], [0, 0, 0, 1], [-1, 0, 0, 0], [0, -1, 0, 0]])
    A, B = lift(Rt) * M, lift(Rtm1).adjugate()
    det = lift(Rtm1).det()
    try:  # Y^T J Y - det^2 J multiplied out in Q[gens] (entries of A, B: polynomials in the generators)
        Ar, Br, Jr = ([[ring(e) for e in X.tolist()[i]] for i in range(X.rows)] for X in (A, B, J))
        detr = ring(det)
    except (ValueError, TypeError, sp.PolynomialError, sp.CoercionFailed):
        Ar = None
    if Ar is not None:

        def mul(P_, Q_):
            return [
                [sum((P_[i][k] * Q_[k][j] for k in range(len(Q_))), ring.zero) for j in range(len(Q_[0]))]
                for i in range(len(P_))
            ]

        Yr = mul(Ar, Br)
        YtJY = mul(mul([list(r) for r in zip(*Yr)], Jr), Yr)
        sym_res = [(YtJY[i][j] - detr**2 * Jr[i][j]).rem(basis).as_expr() for i in range(4) for j in range(4)]
    else:
        Y = A * B
        sym_res = [red(e) for e in (Y.T * J * Y - det**2 * J)]
    ok_sym = all(r == 0 for r in sym_res)
    return (
        ok_diff,
        ok_norm2 and ok_claim,
        ok_sym,
        {"difference_residual": [str(r) for r in diff_res], "norm_sq_derived": str(norm2)},
    )


def check_cor41(
    difference_claim=_printed_difference,
    norm_claim=P.coriolis_norm,
    norm_claim_sym=_printed_norm_sym,
    transport_forfeited=True,
    *,
    dk=8,
    draws=200,
    seed=41,
):
    """Eq. (38) exactly for one band (symbolic, rotations on the circle c^2 + s^2 = 1) and in
    float64 for random multi-band RoPE; the pre-RoPE composite is symplectic; the transport
    identity (33) holds post-RoPE and fails pre-RoPE."""
    ok_diff_s, ok_norm_s, ok_sym_s, ev = _rotation_ideal_check(difference_claim, norm_claim_sym)
    rng = np.random.default_rng(seed)
    bands = dk // 2
    worst_diff = worst_norm = worst_sym = 0.0
    min_pre_transport, max_post_transport = math.inf, 0.0
    Om = np.block([[np.zeros((dk, dk)), np.eye(dk)], [-np.eye(dk), np.zeros((dk, dk))]])
    for _ in range(draws):
        thetas = rng.uniform(1e-3, math.pi, bands)
        t = int(rng.integers(2, 512))
        g = float(rng.uniform(0.05, 3.0))
        Rt, Rtm1 = P.rope_rotation(t, thetas), P.rope_rotation(t - 1, thetas)
        q_t, q_tm1 = rng.standard_normal(dk), rng.standard_normal(dk)
        diff = P.shear_pre_rope(q_t, q_tm1, Rt, g) - P.shear_post_rope(q_t, q_tm1, Rt, Rtm1, g)
        scale = 1.0 + g * np.linalg.norm(q_tm1)
        worst_diff = max(worst_diff, float(np.max(np.abs(diff - difference_claim(g, Rt, Rtm1, q_tm1)))) / scale)
        # norm per band: q_{t-1} supported on one band b
        b = int(rng.integers(bands))
        qb = np.zeros(dk)
        qb[2 * b : 2 * b + 2] = q_tm1[2 * b : 2 * b + 2]
        nb = np.linalg.norm(P.shear_pre_rope(q_t, qb, Rt, g) - P.shear_post_rope(q_t, qb, Rt, Rtm1, g))
        claimed = float(norm_claim(g, thetas[b], np.linalg.norm(qb)))
        worst_norm = max(worst_norm, abs(nb - claimed) / (1.0 + abs(claimed)))
        X = P.pre_rope_composite(Rt, np.block([[np.eye(dk), g * np.eye(dk)], [np.zeros((dk, dk)), np.eye(dk)]]), Rtm1)
        worst_sym = max(worst_sym, float(np.max(np.abs(X.T @ Om @ X - Om))))
        # transport identity (33) in the rotated frame, keys at a random position j
        jpos = int(rng.integers(2, 512))
        Rj, Rjm1 = P.rope_rotation(jpos, thetas), P.rope_rotation(jpos - 1, thetas)
        k_j, k_jm1 = rng.standard_normal(dk), rng.standard_normal(dk)
        post_q, post_k = P.shear_post_rope(q_t, q_tm1, Rt, Rtm1, g), P.shear_post_rope(k_j, k_jm1, Rj, Rjm1, g)
        pre_q, pre_k = P.shear_pre_rope(q_t, q_tm1, Rt, g), P.shear_pre_rope(k_j, k_jm1, Rj, g)
        frame = (Rt @ q_t, Rtm1 @ q_tm1, Rj @ k_j, Rjm1 @ k_jm1)
        max_post_transport = max(max_post_transport, abs(P.transport_residual(post_q, post_k, *frame, g)))
        min_pre_transport = min(min_pre_transport, abs(P.transport_residual(pre_q, pre_k, *frame, g)))
    ok_num = worst_diff <= RTOL and worst_norm <= RTOL and worst_sym <= 1e-13
    measured_forfeit = max_post_transport <= 1e-9 and min_pre_transport > 1e-6
    ok = ok_diff_s and ok_norm_s and ok_sym_s and ok_num and (measured_forfeit == transport_forfeited)
    measured = {
        "difference_exact": ok_diff_s,
        "norm_exact": ok_norm_s,
        "composite_symplectic_exact": ok_sym_s,
        "max_rel_difference_error": worst_diff,
        "max_rel_norm_error": worst_norm,
        "max_symplectic_residual": worst_sym,
        "transport_post_max": max_post_transport,
        "transport_pre_min": min_pre_transport,
    }
    return verdict(
        ok,
        measured,
        {"eq38": "exact", "symplectic": "exact", "transport_forfeited": transport_forfeited},
        f"one band exact on c^2+s^2=1: difference {ok_diff_s}, norm^2 = (2-2cos theta) g^2 |q|^2 "
        f"= claim^2 {ok_norm_s}, composite symplectic {ok_sym_s}; {draws} seeded draws (seed {seed}, "
        f"dk={dk}): max rel error difference {worst_diff:.1e}, norm {worst_norm:.1e} (tol {RTOL:g}), "
        f"max |X^T J X - J| {worst_sym:.1e}; transport identity (33) residual post-RoPE "
        f"<= {max_post_transport:.1e}, pre-RoPE >= {min_pre_transport:.2e}",
        **ev,
    )


# --- Rem 42 (arith): the Coriolis factor vanishes at low frequency and grows with theta -------


def check_rem42_arith(factor=lambda th: 2 * sp.Abs(sp.sin(th / 2)), *, samples=2001):
    """``2|sin(theta/2)|`` -> 0 as theta -> 0 and is strictly increasing on (0, pi] (largest in high bands)."""
    th = sp.Symbol("theta", positive=True)
    f = factor(th)
    lim0 = sp.limit(f, th, 0, "+")
    fn = sp.lambdify(th, f, "numpy")
    grid = np.linspace(1e-4, math.pi, samples)
    vals = np.asarray(fn(grid), dtype=float)
    increasing = bool(np.all(np.diff(vals) > 0))
    ok = lim0 == 0 and increasing
    return verdict(
        ok,
        {"limit_theta_to_0": str(lim0), "strictly_increasing_on_(0,pi]": increasing},
        {"limit_theta_to_0": "0", "strictly_increasing_on_(0,pi]": True},
        f"factor {f}: limit at theta -> 0+ is {lim0}; strictly increasing on a {samples}-point grid of "
        f"(0, pi]: {increasing} (max {vals.max():.4f} at theta = {grid[vals.argmax()]:.4f})",
    )


# --- Prop 59, eq. (47) --------------------------------------------------------------------


def _printed_momentum(V, W, omega, phi, j):
    u = omega * (j - sp.Rational(1, 2)) + phi
    return -2 * sp.sin(omega / 2) * (V * sp.sin(u) - W * sp.cos(u))


OMEGAS = (1e-3, 0.3, 1.0, 2.5, math.pi, 4.0, 2 * math.pi - 1e-2)
NS = (10, 100, 1000, 10_000)


def check_prop59(momentum_claim=_printed_momentum, limit_claim=0.0, *, omegas=OMEGAS, Ns=NS, dim=6, seed=59):
    """The first-difference formula of the proof, exactly (u = omega(j - 1/2) + phi, h = omega/2),
    and the Cesàro means of T_3 and T_2 against the limit, |mean_N - limit| <= K/N at every N
    (K = 2||q||(||V||+||W||) for T_3, ||p_q||(||V||+||W||)/|sin(omega/2)| for T_2)."""
    u, h, j = sp.symbols("u h j", real=True)
    Vs, Ws = sp.symbols("V W", real=True)
    k = lambda a: Vs * sp.cos(a) + Ws * sp.sin(a)  # noqa: E731
    omega_s, phi_s = 2 * h, u - 2 * h * j + h  # so omega j + phi = u + h, omega (j-1) + phi = u - h
    lhs = k(sp.expand(omega_s * j + phi_s)) - k(sp.expand(omega_s * (j - 1) + phi_s))
    rhs = sp.expand(momentum_claim(Vs, Ws, omega_s, phi_s, j))
    residual = sp.expand(sp.expand_trig(lhs - rhs))
    ok_formula = residual == 0 or sp.simplify(residual) == 0
    rng = np.random.default_rng(seed)
    worst = {"T3": 0.0, "T2": 0.0}
    for om in omegas:
        V, W, q, pq = (rng.standard_normal(dim) for _ in range(4))
        phi = float(rng.uniform(0, 2 * math.pi))
        nVW = np.linalg.norm(V) + np.linalg.norm(W)
        K3 = 2 * np.linalg.norm(q) * nVW
        K2 = np.linalg.norm(pq) * nVW / abs(math.sin(om / 2))
        for N in Ns:
            m3 = P.cesaro_T3(q, V, W, om, phi, N)
            m2 = P.cesaro_T2(pq, V, W, om, phi, N)
            worst["T3"] = max(worst["T3"], N * abs(m3 - limit_claim) / K3)
            worst["T2"] = max(worst["T2"], N * abs(m2 - limit_claim) / K2)
    ok_limit = worst["T3"] <= 1 + 1e-9 and worst["T2"] <= 1 + 1e-9
    ok = bool(ok_formula) and ok_limit
    return verdict(
        ok,
        {"formula_residual": str(residual), "max_N|mean-limit|/K": worst},
        {"formula_residual": "0", "limit": limit_claim, "max_N|mean-limit|/K": "<= 1"},
        f"p_k,j formula {'exact' if ok_formula else 'WRONG: residual ' + str(residual)}; "
        f"Cesàro means over N in {list(Ns)}, omega in {[round(o, 3) for o in omegas]} (seed {seed}): "
        f"N|mean - {limit_claim}|/K max T3 {worst['T3']:.3f}, T2 {worst['T2']:.3f} (<= 1 means "
        f"|mean - limit| <= K/N -> 0). Note: sum_j T_3 telescopes to q^T(k_N - k_0) for any bounded "
        f"key stream, so the T_3 cancellation needs no sinusoidal structure.",
    )


# --- Prop 60, eq. (48) --------------------------------------------------------------------


COUPLINGS = (0.1, 0.5, 1.0, 2.0)


def _adversarial(N):
    """V = W = e1, q = e1, omega = pi/N, phi' = -pi/2 - pi/4: |k_N - k_0| = 2 sqrt 2 along q."""
    e1 = np.zeros(4)
    e1[0] = 1.0
    return e1, e1.copy(), e1.copy(), math.pi / N, -math.pi / 2 - math.pi / 4


def check_prop60(
    bound=P.rate_bound_eq48,
    weight=lambda g: 1.0,
    *,
    couplings=COUPLINGS,
    Ns=(8, 64, 512, 4096),
    draws=60,
    dim=4,
    seed=60,
):
    """|(1/N) sum_j w(gamma) T_3(t, j)| <= bound(gamma, q, V, W, N) on seeded random positional
    streams (omega in (0, 2 pi), including omega -> 0) and on an adversarial stream.

    As printed, T_3 = q_t^T p_{k,j} (Thm 11, eq. 19) carries no coupling: ``weight = 1``.
    ``weight = gamma`` is the gamma-weighted channel gamma T_3 of the score (the proof's usage).
    """
    rng = np.random.default_rng(seed)
    worst, worst_case = 0.0, None
    for g in couplings:
        for N in Ns:
            cases = [_adversarial(N)]
            for _ in range(draws // len(Ns) + 1):
                om = float(rng.choice([rng.uniform(1e-4, 0.1), rng.uniform(0.1, 2 * math.pi - 0.1)]))
                cases.append(
                    (
                        rng.standard_normal(dim),
                        rng.standard_normal(dim),
                        rng.standard_normal(dim),
                        om,
                        float(rng.uniform(0, 2 * math.pi)),
                    )
                )
            for q, V, W, om, phi in cases:
                lhs = abs(weight(g) * P.cesaro_T3(q, V, W, om, phi, N))
                rhs = float(bound(g, q, V, W, N))
                r = lhs / rhs
                if r > worst:
                    worst, worst_case = r, dict(gamma=g, N=N, omega=om, lhs=lhs, rhs=rhs)
    ok = worst <= 1 + 1e-12
    wc = worst_case or {}
    return verdict(
        ok,
        {"max_lhs_over_rhs": worst},
        {"max_lhs_over_rhs": "<= 1", "channel weight w(gamma) at gamma = 0.1, 1": [weight(0.1), weight(1.0)]},
        f"max |lhs|/rhs = {worst:.3f} over gamma in {list(couplings)}, N in {list(Ns)} (seed {seed}); "
        f"worst at gamma={wc.get('gamma')}, N={wc.get('N')}, omega={fmt(wc.get('omega', 0))}: "
        f"lhs {fmt(wc.get('lhs', 0))} vs rhs {fmt(wc.get('rhs', 0))}"
        + (
            ""
            if ok
            else "; T_3 of eq. (19) does not depend on gamma while the bound (48) scales with "
            "gamma, so (48) fails for small gamma (sum_j T_3 = q^T(k_N - k_0) is gamma-free)"
        ),
        worst_case=wc,
        severity="reading",
        reading=(
            "two readings of T_3 in (48): (a) T_3 as eq. (19) defines it, without the coupling "
            "(T_3 = q^T p_k) -- then the gamma on the right of (48) makes it fail for small "
            "gamma (ratio 7.07 at gamma = 0.1); (b) the gamma-weighted channel gamma T_3 that "
            "enters the score in §6.5 -- then (48) holds (prop60 with weight gamma passes). The "
            "verdict uses (a)"
        ),
    )


def check_prop60_corrected(bound=P.rate_bound_eq48, weight=lambda g: g, **kw):
    """(48) for the gamma-weighted channel gamma T_3 (equivalently (2/N)||q||(||V||+||W||) for T_3)."""
    return check_prop60(bound=bound, weight=weight, **kw)


# --- Rem 61 -----------------------------------------------------------------------------------


def _rope_thetas(dk, base=10_000.0):
    return base ** (-2.0 * np.arange(dk // 2) / dk)


def check_rem61(rate=1, *, dk=16, Ns=(16, 128, 1024, 8192), draws=8, seed=61):
    """Multi-band RoPE key k_j = R_j k: N^rate |Cesàro mean of T_3| <= sum over bands of the
    per-band constant 2||q_i||(||V_i|| + ||W_i||) at every N (O(1/N) when rate = 1)."""
    rng = np.random.default_rng(seed)
    thetas = _rope_thetas(dk)
    worst = 0.0
    for _ in range(draws):
        q, k = rng.standard_normal(dk), rng.standard_normal(dk)
        K = P.rope_rate_bound(q, k, thetas, 1, gamma=1.0)  # sum_i 2 ||q_i|| (||V_i|| + ||W_i||)
        for N in Ns:
            worst = max(worst, N**rate * abs(P.rope_cesaro_T3(q, k, thetas, N)) / K)
    ok = worst <= 1 + 1e-9
    return verdict(
        ok,
        {"max_N^rate|mean|/K": worst},
        {"rate": rate, "max_N^rate|mean|/K": "<= 1"},
        f"RoPE dk={dk}, theta_i = 10000^(-2i/dk) in [{thetas.min():.1e}, 1], {draws} seeded (q, k) "
        f"(seed {seed}), N in {list(Ns)}: max N^{rate}|mean T_3| / sum_i K_i = {worst:.3f}",
    )


def check_rem61_contrast(coherence_averages_away=False, *, dk=16, Ns=(16, 128, 1024, 8192), draws=8, t=50, seed=611):
    """Rem 61's contrast: 'the gamma^2 coherence channel does not' average away.  Its positional part
    T_4 = p_{q,t}^T p_{k,j} (RoPE query and key) is measured under the same hypotheses."""
    rng = np.random.default_rng(seed)
    thetas = _rope_thetas(dk)
    worst, last = 0.0, []
    for _ in range(draws):
        qv, k = rng.standard_normal(dk), rng.standard_normal(dk)
        p_q = P.rope_rotation(t, thetas) @ qv - P.rope_rotation(t - 1, thetas) @ qv
        K = P.rope_rate_bound(p_q, k, thetas, 1, gamma=1.0)
        for N in Ns:
            mN = P.rope_cesaro_T4(p_q, k, thetas, N)
            worst = max(worst, N * abs(mN) / K)
        last.append(abs(mN) / (np.linalg.norm(p_q) * np.linalg.norm(k)))
    averages_away = worst <= 1 + 1e-9
    ok = averages_away == coherence_averages_away
    return verdict(
        ok,
        {"positional_T4_averages_away": averages_away, "max_N|mean T4|/K": worst},
        {"positional_T4_averages_away": coherence_averages_away},
        f"positional T_4 = p_q,t^T p_k,j (RoPE, dk={dk}, t={t}, seed {seed}): N|mean|/K <= {worst:.3f} "
        f"for N in {list(Ns)} and |mean|/(|p_q||k|) <= {max(last):.1e} at N={Ns[-1]}: the sum telescopes, "
        f"(1/N) sum_j T_4 = p_q,t^T (k_N - k_0)/N = O(1/N), exactly as for T_3 — the gamma^2 channel's "
        f"positional part averages away too, so the contrast is not a property of the Cesàro mean",
        severity="substantive",
    )


CERTIFICATES = [
    certify(
        ST["cor41"],
        check_cor41,
        Kind.NUMERIC,
        "eq. (38) difference and norm exact per band, float64 on random RoPE; pre-RoPE composite symplectic; "
        "transport identity lost pre-RoPE",
    ),
    not_checkable(
        ST["rem42"],
        "interpretation (a frame effect) and an empirical claim about where induction "
        "signal sits (§7, Appendix A30); the closed-form part is rem42.arith",
    ),
    certify(
        ST["rem42"],
        check_rem42_arith,
        Kind.SYMBOLIC,
        "Coriolis factor 2|sin(theta/2)| vanishes as theta -> 0 and increases to theta = pi",
        cid="rem42.arith",
        title="Coriolis factor at low and high frequency",
    ),
    certify(
        ST["prop59"],
        check_prop59,
        Kind.NUMERIC,
        "first-difference formula exact; Cesàro means of T_3, T_2 within K/N of 0",
    ),
    certify(
        ST["prop60"],
        check_prop60,
        Kind.NUMERIC,
        "(48) with T_3 of eq. (19) on random and adversarial positional streams",
    ),
    certify(
        ST["prop60.corrected"], check_prop60_corrected, Kind.NUMERIC, "(48) for the gamma-weighted channel gamma T_3"
    ),
    certify(ST["rem61"], check_rem61, Kind.NUMERIC, "multi-band RoPE Cesàro mean of T_3 is O(1/N)"),
    certify(
        ST["rem61"],
        check_rem61_contrast,
        Kind.NUMERIC,
        "the positional gamma^2 channel T_4 under the same hypotheses",
        cid="rem61.contrast",
        title="the coherence channel 'does not' average away",
    ),
]
