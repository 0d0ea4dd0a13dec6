"""Operator-level claims of the Momentum Attention preprint: §2.1, §2.3, §2.5, Thm 2.8 (its
expansion), §2.6, §2.8, §2.9, §2.10 and Addendum E.

Every check takes the preprint's claim as keyword defaults; claims that do not hold as printed FAIL
with the counterexample or the recomputed value, and a ``.corrected`` certificate states what holds.
"""
from __future__ import annotations

import numpy as np
import sympy as sp

from theory.companions import momentum as M

from ..psa._common import certify
from ..psa._subchecks import Checks
from ..registry import Kind, verdict
from .._companion import is_zero

PACK = "momentum"
ST = {s.id.split(":", 1)[1]: s for s in M.STATEMENTS}
SEED = 3_000
g, w, th, z = M.gamma, M.omega, M.theta, M.z


def _cert(sid, check, kind, verifies, suffix=""):
    st = ST[sid]
    return certify(st, check, kind, verifies, cid=st.id + suffix, pack=PACK,
                   title=st.title + (" (corrected)" if suffix == ".corrected" else ""))


# --- §2.1: uniqueness ---------------------------------------------------------------------------

def _printed_family(gg):
    """The printed operator gamma (q_t - q_{t-1}) as a coefficient map lag -> coefficient."""
    return {0: gg, 1: -gg}


def check_uniqueness(history=2, family=_printed_family):
    """Solve (1) causality (only lags >= 0), (2) K(c) = 0 and (3) unit Jacobian determinant of the shear
    for the general operator of history ``history``; compare the WHOLE solution set with the claimed
    one-parameter family."""
    a = M.kinematic_coefficients(history)
    hp = M.highpass_condition(a)
    det = M.shear_jacobian_det(a)
    eqs = [hp, sp.expand(det - 1)]
    A = sp.Matrix([[sp.diff(e, ai) for ai in a] for e in eqs])
    null = A.nullspace()
    dim = len(null)
    fam = family(g)
    vec = sp.Matrix([fam.get(i, 0) for i in range(history + 1)])
    extra = [k for k in fam if k > history]
    fam_ok = not extra and all(is_zero(e.subs(dict(zip(a, vec)))) for e in eqs)
    # the claimed family is a line through 0 (parameter gamma); the solution set is span(null)
    fam_dim = 1 if any(sp.simplify(x) != 0 for x in vec) else 0
    in_span = fam_ok and (sp.Matrix.hstack(*null, vec.subs(g, 1)).rank() == dim if dim else False)
    ok = fam_ok and in_span and dim == fam_dim
    counter = None
    if dim > fam_dim:
        for v in null:
            if sp.Matrix.hstack(vec.subs(g, 1), v).rank() == 2:
                counter = v
                break
        if counter is None:
            counter = null[0]
    lag = lambda i: "q_t" if i == 0 else f"q_(t-{i})"  # noqa: E731
    show = lambda v: " + ".join(f"({sp.simplify(c)}) {lag(i)}" for i, c in enumerate(v) if c != 0)  # noqa: E731
    sol = f"{{sum_i a_i = 0}} over a_0..a_{history}, dimension {dim}"
    detail = (f"history {history}: (2) high-pass gives sum a_i = {hp} = 0 and (3) det J = {det} = 1 is the same "
              f"equation; solution set {sol}; claimed family {{{show(vec)}}}, dimension {fam_dim}")
    if counter is not None:
        detail += (f". Counterexample: K = {show(counter)} is causal, high-pass and its shear has unit "
                   f"determinant (e.g. q_t - q_(t-2) = p_t + p_(t-1)), yet is not gamma (q_t - q_(t-1)); the proof's "
                   f"Step 1 restricts to history length 1, which the statement does not")
    elif not fam_ok:
        detail += ". The claimed family violates the conditions"
    return verdict(ok, {"solution_dimension": dim, "family_in_solution_set": bool(in_span)},
                   {"solution_dimension": fam_dim, "family_in_solution_set": True}, detail,
                   counterexample=None if counter is None else [str(c) for c in counter])


def check_uniqueness_corrected(history=1, family=_printed_family):
    """Within history length 1 (the proof's Step 1), the solution set is exactly {gamma (q_t - q_{t-1})}."""
    return check_uniqueness(history=history, family=family)


# --- §2.1 volume, §2.3 symplecticity ----------------------------------------------------------

def check_volume(builder=M.linear_shear, det_claim=sp.Integer(1), dims=(1, 2, 3)):
    """det of the shear [[I, gamma I], [0, I]] (the printed 1*1 - gamma*0 for d = 1), for d = 1, 2, 3."""
    dets = {d: sp.simplify(builder(g, d).det()) for d in dims}
    ok = all(is_zero(v - det_claim) for v in dets.values())
    return verdict(ok, {d: str(v) for d, v in dets.items()}, str(det_claim),
                   f"det of the shear for d in {list(dims)}: {dets}; claimed {det_claim}. Unit determinant is "
                   f"volume preservation only; symplecticity is certified separately (momentum:sec2.3)")


def _nonsymmetric_shear(gg, d):
    B = sp.zeros(d)
    B[0, d - 1] = gg
    return sp.Matrix(sp.BlockMatrix([[sp.eye(d), B], [sp.zeros(d), sp.eye(d)]]))


def check_symplectic(builder=M.linear_shear, d=3):
    """M^T Omega M - Omega for phi_gamma in dimension 2d with symbolic gamma (exact zero required)."""
    R = M.symplectic_residual(builder(g, d))
    nz = [(i, j, R[i, j]) for i in range(R.rows) for j in range(R.cols) if R[i, j] != 0]
    return verdict(not nz, f"{len(nz)} non-zero entries of M^T Omega M - Omega", "0",
                   f"d = {d}, symbolic gamma: residual M^T Omega M - Omega " +
                   ("is the zero matrix (the block gamma I is symmetric)" if not nz else
                    f"has non-zero entries {nz[:4]}"))


# --- §2.2/§2.10: volume preservation read as symplecticity ------------------------------------------

_p1, _p2 = sp.symbols("p1 p2", real=True)


def _family():
    """(name, Jacobian) pairs: linear maps and shears (q, p) -> (q + f(p), p) in dimension 4."""
    return (
        ("diag(2, 1/2, 1, 1)", sp.diag(2, sp.Rational(1, 2), 1, 1)),
        ("shear f(p) = gamma p", M.shear_jacobian([g * _p1, g * _p2], [_p1, _p2])),
        ("shear f(p) = (p2^2, 0)", M.shear_jacobian([_p2**2, 0], [_p1, _p2])),
        ("shear f(p) = grad(p1^3 p2 + sin p2)", M.shear_jacobian(M.gradient(_p1**3 * _p2 + sp.sin(_p2), [_p1, _p2]),
                                                                   [_p1, _p2])),
        ("rotation R(pi/3) in (q1, p1)", sp.Matrix([[sp.cos(sp.pi / 3), 0, -sp.sin(sp.pi / 3), 0], [0, 1, 0, 0],
                                                    [sp.sin(sp.pi / 3), 0, sp.cos(sp.pi / 3), 0], [0, 0, 0, 1]])),
    )


def _det_one(J):
    return is_zero(J.det() - 1)


def check_volume_symplectic(criterion=_det_one, family=_family):
    """The printed reading 'symplecticity (det J = 1)' against the symplectic residual, map by map:
    every map the criterion accepts must be symplectic and vice versa."""
    rows, bad = {}, []
    for name, J in family():
        truth = all(e == 0 for e in M.symplectic_residual(J))
        said = bool(criterion(J))
        rows[name] = {"det": str(sp.simplify(J.det())), "symplectic": truth, "criterion": said}
        if truth != said:
            bad.append(name)
    return verdict(not bad, rows, "criterion == (M^T Omega M == Omega) on every map",
                   (f"criterion disagrees with symplecticity on {bad}: unit determinant but M^T Omega M != Omega "
                    f"(dimension 4 > 2: Sp(4) is a proper subgroup of SL(4); main paper Rem 39)") if bad else
                   f"criterion agrees with symplecticity on all {len(rows)} maps", maps=rows)


def _df_symmetric(J):
    d = J.rows // 2
    Df = J[:d, d:]
    is_shear = J[:d, :d] == sp.eye(d) and J[d:, :d] == sp.zeros(d) and J[d:, d:] == sp.eye(d)
    return is_shear and all(is_zero(e) for e in (Df - Df.T))


def _shears_only():
    return tuple(x for x in _family() if x[0].startswith("shear"))


def check_volume_symplectic_corrected(criterion=_df_symmetric, family=_shears_only):
    """Corrected: a shear (q, p) -> (q + f(p), p) always has det J = 1, and is symplectic iff Df is
    symmetric (f a gradient)."""
    return check_volume_symplectic(criterion=criterion, family=family)


# --- §2.5 and Thm 2.8 ----------------------------------------------------------------------------

_q, _pq, _k, _pk = M.vec("q"), M.vec("pq"), M.vec("k"), M.vec("pk")


def check_four_terms(terms=M.four_terms):
    """The four named terms sum to q^T k^ and each carries the streams its name says:
    static none, anticipation (DC-AC) the key momentum only, drift (AC-DC) the query momentum only,
    kinematic both."""
    T = terms(_q, _pq, _k, _pk)
    total = M.momentum_score(_q, _pq, _k, _pk)
    resid = sp.expand(total - sum(T.values()))
    has = lambda e, v: bool(e.free_symbols & set(v))  # noqa: E731
    want = {"static": (False, False), "anticipation": (False, True), "drift": (True, False), "kinematic": (True, True)}
    got = {n: (has(T[n], _pq), has(T[n], _pk)) for n in want if n in T}
    ok = resid == 0 and got == want
    return verdict(ok, {"residual": str(resid), "momenta (query, key)": got},
                   {"residual": "0", "momenta (query, key)": want},
                   f"q^T k^ - sum of the four terms = {resid}; which momenta each named term carries: {got}")


def _lagged_claim():
    return {("t", "j"): (1 + g) ** 2, ("t", "j-1"): -g * (1 + g), ("t-1", "j"): -g * (1 + g),
            ("t-1", "j-1"): g**2}


def check_critical_term(coefficients=_lagged_claim):
    """Expand q^_t^T k^_j in the lagged vectors q_t, q_{t-1}, k_j, k_{j-1}; the critical term
    q_{t-1}^T k_{j-1} must be present with the claimed weight, and every weight as claimed."""
    qt, qp, kj, kp = M.vec("qt"), M.vec("qp"), M.vec("kj"), M.vec("kp")
    s = M.momentum_score(qt, qt - qp, kj, kj - kp)
    dot = lambda a, b: sp.expand((a.T * b)[0, 0])  # noqa: E731
    basis = {("t", "j"): (qt, kj), ("t", "j-1"): (qt, kp), ("t-1", "j"): (qp, kj), ("t-1", "j-1"): (qp, kp)}
    got = {}
    for key, (a, b) in basis.items():
        got[key] = sp.factor(sp.expand(s).coeff(a[0] * b[0]))
    recon = sp.expand(sum(got[kk] * dot(*basis[kk]) for kk in basis))
    claim = coefficients()
    ok = recon == sp.expand(s) and all(is_zero(got[kk] - claim.get(kk, 0)) for kk in basis)
    return verdict(ok, {f"{a},{b}": str(v) for (a, b), v in got.items()},
                   {f"{a},{b}": str(v) for (a, b), v in claim.items()},
                   f"weights of q_a^T k_b in q^_t^T k^_j: {got}; the critical term q_(t-1)^T k_(j-1) has weight "
                   f"{got[('t-1', 'j-1')]} (> 0 for gamma != 0)")


# --- §2.6 -----------------------------------------------------------------------------------

def check_transfer(transfer=M.momentum_transfer, dc=sp.Integer(1), nyquist=1 + 2 * g,
                   gammas=(0.25, 1.0, 3.0), seed=SEED + 26):
    """H(z) of the difference equation (applied to z^n), H(1), H(-1), |H|^2 increasing on [0, pi] for
    gamma > 0, and the steady-state gain of the filter run on cos(w n) (zero history q_0 = 0)."""
    c = Checks()
    n = sp.Symbol("n", integer=True)
    derived_H = sp.powsimp(sp.expand((z**n + g * (z**n - z ** (n - 1))) / z**n), force=True)
    c.add("H(z) from q^_n = q_n + gamma (q_n - q_(n-1)) applied to z^n", is_zero(transfer() - derived_H),
          str(derived_H), str(transfer()))
    c.add("H(1) (DC)", is_zero(transfer(sp.Integer(1)) - dc), str(sp.simplify(transfer(sp.Integer(1)))), str(dc))
    c.add("H(-1) (Nyquist)", is_zero(transfer(sp.Integer(-1)) - nyquist), str(sp.simplify(transfer(sp.Integer(-1)))),
          str(nyquist))
    P = M.power_response(transfer())
    dP = sp.simplify(sp.diff(P, w))
    gp = sp.Symbol("gamma_p", positive=True)
    # on (0, pi): sin(w) > 0; write dP = sin(w) * c(gamma)
    coef = sp.simplify(dP / sp.sin(w))
    c.add("d|H|^2/dw = sin(w) * c(gamma), c > 0 for gamma > 0", bool(coef.free_symbols <= {g})
          and bool(coef.subs(g, gp).is_positive), str(dP), "sin(w) * positive")
    rng = np.random.default_rng(seed)
    worst = 0.0
    for gv in gammas:
        for wv in rng.uniform(0.1, np.pi - 0.1, 3):
            x = np.cos(wv * np.arange(400))
            y = M.fir_filter(x, [1 + gv, -gv])
            Hn = complex(transfer(sp.exp(sp.I * wv), gv).evalf())
            pred = np.real(Hn * np.exp(1j * wv * np.arange(400)))
            worst = max(worst, float(np.max(np.abs(y[5:] - pred[5:]))))
    c.add("filter on cos(w n) equals Re(H(e^jw) e^jwn) after the first sample", worst < 1e-12, worst, "< 1e-12")
    return c.outcome(f"|H(e^jw)|^2 = {sp.simplify(P)}")


def check_velocity(transfer=M.velocity_transfer, magnitude=2 * sp.Abs(sp.sin(w / 2)), dc=0, nyquist=2):
    """|H_v(e^jw)| = 2|sin(w/2)|, |H_v(0)| = 0, |H_v(pi)| = 2 and it is the maximum on [0, pi]."""
    c = Checks()
    P = M.power_response(transfer())
    c.add("|H_v|^2 = magnitude^2", is_zero(sp.expand_trig(P - magnitude**2).rewrite(sp.cos)), str(P),
          str(sp.simplify(magnitude**2)))
    grid = np.linspace(0, np.pi, 201)
    f = sp.lambdify(w, sp.sqrt(P), "numpy")
    vals = np.asarray(f(grid), dtype=float) * np.ones_like(grid)
    c.add("|H_v(0)|", abs(vals[0] - dc) < 1e-12, float(vals[0]), dc)
    c.add("|H_v(pi)|", abs(vals[-1] - nyquist) < 1e-12, float(vals[-1]), nyquist)
    c.add("maximum on [0, pi] at pi", int(np.argmax(vals)) == len(grid) - 1, float(grid[int(np.argmax(vals))]), "pi")
    return c.outcome("pure velocity operator u_n = x_n - x_(n-1)")


# --- §2.8: orthogonality (escape route) ---------------------------------------------------------

def check_escape(hp_power=4 * sp.sin(w / 2) ** 2, transfer=M.velocity_transfer):
    """|H_HP|^2 = 4 sin^2(w/2) (complete DC rejection, maximum at pi); against a low-pass supported on
    [0, w_c], int_0^{w_c} |H_HP| dw = 4(1 - cos(w_c/2)) -> 0 (O(w_c^2)), and the integral over disjoint
    supports is 0."""
    c = Checks()
    P = M.power_response(transfer())
    c.add("|H_HP|^2", is_zero((P - hp_power).rewrite(sp.cos)), str(P), str(hp_power))
    c.add("DC rejection |H_HP(0)|^2 = 0", is_zero(hp_power.subs(w, 0)), str(hp_power.subs(w, 0)), "0")
    grid = np.linspace(0, np.pi, 401)
    vals = np.asarray(sp.lambdify(w, hp_power, "numpy")(grid), dtype=float) * np.ones_like(grid)
    c.add("maximum on [0, pi] at Nyquist", int(np.argmax(vals)) == len(grid) - 1,
          float(grid[int(np.argmax(vals))]), "pi")
    # overlap with a low-pass supported on [0, w_c]: F(w_c) = int_0^w_c |H_HP| dw = 4 (1 - cos(w_c/2)),
    # verified by F(0) = 0, F' >= 0 and F'^2 = |H_HP|^2 (the derived response, not the claim)
    wc = sp.Symbol("omega_c", positive=True)
    F = 4 * (1 - sp.cos(wc / 2))
    dF = sp.diff(F, wc)
    ok_F = (F.subs(wc, 0) == 0 and is_zero(sp.expand_trig(dF**2 - P.subs(w, wc)))
            and is_zero(dF - 2 * sp.sin(wc / 2)))  # F' = 2 sin(w_c/2) >= 0 on [0, pi]
    lim = sp.limit(F / wc**2, wc, 0)
    c.add("int_0^w_c |H_HP| dw = 4(1 - cos(w_c/2)) -> 0 like w_c^2 / 2", ok_F and lim == sp.Rational(1, 2),
          str(F), "-> 0", "any low-pass with support of positive measure gives a strictly positive overlap; it "
                          "vanishes only in the limit of support {0} (disjoint supports)")
    return c.outcome("Orthogonality 'theorem' of §2.8 (proof sketch) and §2.10.3's integral bound")


# --- §2.9: placement ---------------------------------------------------------------------------

_a, _b, _phi = sp.symbols("a b phi", real=True)
_printed_error = 2 * sp.sin(th / 2) * sp.sqrt(_a**2 + _b**2)


def check_placement(error_claim=_printed_error, seed=SEED + 29, bands=4):
    """||q^_post - q^_pre|| for one RoPE band with R_t = R(theta) R_{t-1} (theta in [0, pi]),
    symbolic gamma, against the claimed magnitude; then per band on random multi-band data."""
    qprev = sp.Matrix([_a, _b])
    qt = sp.Matrix(sp.symbols("c e", real=True))
    Rp = M.rotation(_phi)
    Rt = M.rotation(th) * Rp  # R_t = e^{i theta} R_{t-1}
    diff = sp.expand(M.post_rope(Rt, Rp, qt, qprev) - M.pre_rope(Rt, Rp, qt, qprev))
    assert all(e == 0 for x in qt for e in diff.diff(x)), "the current query must cancel"
    da, db = diff.diff(_a), diff.diff(_b)  # diff is linear in q_(t-1) = (a, b): use its Gram matrix
    G = [sp.factor(sp.trigsimp(sp.expand((u.T * v)[0, 0]))) for u, v in ((da, da), (da, db), (db, db))]
    sq = sp.factor(sp.expand((_a**2 * G[0] + 2 * _a * _b * G[1] + _b**2 * G[2])
                             .subs(sp.cos(th), 1 - 2 * sp.sin(th / 2) ** 2)))
    resid = sp.factor(sp.expand(error_claim**2 - sq))
    if resid != 0:  # claims written in other trigonometric forms
        resid = sp.factor(sp.simplify(sp.expand_trig(resid)))
    ok_sym = resid == 0
    rng = np.random.default_rng(seed)
    worst = 0.0
    gv = 0.7
    errfun = sp.lambdify((th, _a, _b, g), error_claim, "numpy")
    for _ in range(bands):
        thv = rng.uniform(0, np.pi)
        qp_, qt_ = rng.standard_normal(2), rng.standard_normal(2)
        Rpv, Rtv = M.rotation_np(0.3), M.rotation_np(0.3 + thv)
        post = Rtv @ qt_ + gv * (Rtv @ qt_ - Rpv @ qp_)
        pre = Rtv @ (qt_ + gv * (qt_ - qp_))
        worst = max(worst, abs(np.linalg.norm(post - pre) - float(errfun(thv, qp_[0], qp_[1], gv))))
    ok = ok_sym and worst < 1e-12
    return verdict(ok, {"||post - pre||^2": str(sq), "numeric_max_dev": worst},
                   {"||post - pre||^2": str(sp.simplify(error_claim**2))},
                   f"||q^_post - q^_pre||^2 = {sq}; claimed^2 - computed^2 residual {resid}; numeric deviation at "
                   f"gamma = {gv}: {worst:.3g}." + ("" if ok else
                   " The printed |eps| = 2 sin(theta/2)||q_(t-1)|| omits the factor |gamma|: it is the error per unit "
                   "coupling, equal to the error only at |gamma| = 1 (the main paper's Cor 41, eq. 38, has "
                   "2 gamma |sin(theta/2)| ||q_(t-1)||)"))


def check_placement_corrected(error_claim=2 * sp.Abs(g) * sp.sin(th / 2) * sp.sqrt(_a**2 + _b**2),
                              seed=SEED + 29, bands=4):
    """Corrected (main paper Cor 41, eq. 38): ||q^_post - q^_pre|| = 2|gamma| sin(theta/2) ||q_(t-1)||."""
    return check_placement(error_claim=error_claim, seed=seed, bands=bands)


# --- §2.10: rank and energy ------------------------------------------------------------------

def _shear_family(gg):
    return sp.Matrix([[1, gg], [0, 1]])


def check_rank(family=_shear_family, param=g):
    """'Unit determinant => no singular value can approach zero': the smallest singular value over a
    family of unit-determinant maps, as its parameter grows."""
    J = family(param)
    det = sp.simplify(J.det())
    gp = sp.Symbol("gp", positive=True)
    branches = [sp.simplify(sp.sqrtdenest(sp.sqrt(e))) for e in (J.T * J).subs(param, gp).eigenvals()]
    at10s = [float(b.subs(gp, 10)) for b in branches]
    smin = branches[int(np.argmin(at10s))]  # the smaller singular value (branches do not cross for gp > 0)
    lim = sp.Min(*[sp.limit(b, gp, sp.oo) for b in branches])
    at10 = min(at10s)
    ok = is_zero(det - 1) and not (lim == 0)
    return verdict(ok, {"det": str(det), "sigma_min": str(smin), "limit": str(lim), "sigma_min(10)": at10},
                   {"sigma_min": "bounded away from 0"},
                   f"det = {det} for every parameter value, sigma_min = {smin} -> {lim} as the parameter -> oo "
                   f"(sigma_min = {at10:.4f} at 10)" + (": unit determinant does not keep singular values away "
                                                         "from zero -- it only keeps their product at 1" if not ok else ""))


def _sv_bound(smax, n):
    return smax ** -(n - 1)


def check_rank_corrected(bound=_sv_bound, n=4, samples=200, seed=SEED + 210):
    """Corrected: det = 1 implies full rank, and sigma_min >= sigma_max^{-(n-1)} (the product of the singular
    values is 1); the shear has sigma_min = (sqrt(gamma^2 + 4) - |gamma|)/2 > 0 for every finite gamma."""
    rng = np.random.default_rng(seed)
    worst = np.inf
    for _ in range(samples):
        A = rng.standard_normal((n, n)) * rng.uniform(0.2, 3.0, n)
        if np.linalg.det(A) < 0:
            A[0] *= -1
        A /= np.linalg.det(A) ** (1.0 / n)
        s = np.linalg.svd(A, compute_uv=False)
        worst = min(worst, s[-1] - bound(s[0], n) * (1 - 1e-12))
    smax, smin = M.shear_singular_values(g)
    closed = is_zero(smax * smin - 1) and bool(smax.is_positive)  # product 1 and sigma_max > 0 => sigma_min > 0
    ok = worst >= 0 and closed
    return verdict(ok, {"min(sigma_min - bound)": float(worst), "shear sigma_min": str(smin)},
                   {"min(sigma_min - bound)": ">= 0"},
                   f"{samples} seeded unit-determinant {n}x{n} matrices (seed {seed}): min(sigma_min - bound) = "
                   f"{worst:.3g}; shear: sigma_max sigma_min = 1, sigma_min = {smin} > 0")


def check_parseval(energy_ratio=sp.Integer(1), transfer=M.momentum_transfer):
    """Band-averaged power gain (1/pi) int_0^pi |H|^2 dw of the shear's filter against the claimed
    'conserved' ratio; and the phase-space norm change of (q, p) -> (q + gamma p, p)."""
    P = M.power_response(transfer())
    avg = sp.simplify(sp.integrate(P, (w, 0, sp.pi)) / sp.pi)
    ok = is_zero(avg - energy_ratio)
    q, p = sp.symbols("q p", real=True)
    dnorm = sp.expand((q + g * p) ** 2 + p**2 - q**2 - p**2)
    return verdict(ok, {"band_averaged_gain": str(avg), "||M(q,p)||^2 - ||(q,p)||^2": str(dnorm)},
                   {"band_averaged_gain": str(energy_ratio)},
                   f"(1/pi) int_0^pi |H(e^jw)|^2 dw = {avg} (e.g. {avg.subs(g, 1)} at gamma = 1); "
                   f"||M(q,p)||^2 - ||(q,p)||^2 = {dnorm}" + ("" if ok else
                   ": the shear creates energy (it is not an isometry; main paper Thm 16, Rem 19); only the "
                   "momentum block p is invariant (main paper Prop 18)"))


def check_parseval_corrected(energy_ratio=M.band_averaged_power_gain(), transfer=M.momentum_transfer):
    """Corrected: the band-averaged power gain is 1 + 2 gamma (1 + gamma) (main paper eq. 23)."""
    return check_parseval(energy_ratio=energy_ratio, transfer=transfer)


# --- Addendum E -------------------------------------------------------------------------------

def check_halfshift(half_shift=M.pe_increments_half_shift):
    """sin(ws) - sin(w(s-1)) and cos(ws) - cos(w(s-1)) in the claimed half-shift form."""
    inc = M.pe_increments()
    hs = half_shift()
    res = [sp.simplify(sp.expand_trig(sp.expand(a - b))) for a, b in zip(inc, hs)]
    ok = all(r == 0 for r in res)
    return verdict(ok, [str(x) for x in hs], [str(x) for x in inc],
                   f"residuals {res}: increments of the sinusoidal PE are 2 sin(w/2) x (cos, -sin) at the half-shift "
                   f"s - 1/2")


def check_phase_average(average_over="t", N=12, claimed=0):
    """Products sin/cos(w t) x cos/sin(w(s - 1/2)) averaged over t (fixed s), or over (t, s), on a full
    period (w = 2 pi k / N, k = 1..N/2-1) vanish."""
    s, t = M.s_, M.t_
    worst = 0
    for k in range(1, N // 2):
        wk = 2 * sp.pi * k / N
        for f1 in (sp.sin, sp.cos):
            for f2 in (sp.sin, sp.cos):
                if average_over == "t":
                    avg = sp.simplify(sum(f1(wk * tt) for tt in range(N)) / N * f2(wk * (s - sp.Rational(1, 2))))
                elif average_over == "ts":
                    avg = sp.simplify(sum(f1(wk * tt) * f2(wk * (ss - sp.Rational(1, 2)))
                                          for tt in range(N) for ss in range(N)) / N**2)
                elif average_over == "diagonal":
                    avg = sp.simplify(sum(f1(wk * tt) * f2(wk * (tt - sp.Rational(1, 2))) for tt in range(N)) / N)
                else:
                    raise ValueError(average_over)
                val = float(sp.Abs(sp.N(avg.subs(s, sp.Rational(3, 7)) - claimed)))
                worst = max(worst, val)
    ok = worst < 1e-12
    return verdict(ok, worst, claimed, f"max |average - {claimed}| over k = 1..{N // 2 - 1} and the four sin/cos "
                                       f"pairings, averaging over {average_over!r}: {worst:.3g}"
                   + ("" if average_over != "diagonal" else " (on the diagonal t = s the average is not zero: "
                                                            "sin(wt)cos(w(t-1/2)) averages to sin(w/2)/2)"))


def check_rope(factored=M.rope_increment_factored, increment=2 * sp.sin(th / 2) * sp.Matrix([[0, -1], [1, 0]])):
    """R(t theta) - R((t-1) theta) = R((t-1/2) theta)[R(theta/2) - R(-theta/2)], and the fixed increment
    R(theta/2) - R(-theta/2) = 2 sin(theta/2) J."""
    res = (M.rope_increment() - factored()).applyfunc(lambda e: sp.simplify(sp.expand_trig(e)))
    inc = (M.rotation(th / 2) - M.rotation(-th / 2) - increment).applyfunc(sp.simplify)
    ok = all(e == 0 for e in res) and all(e == 0 for e in inc)
    return verdict(ok, {"factorisation residual": str(res), "increment residual": str(inc)}, "zero matrices",
                   "RoPE momentum = slowly varying phase x fixed high-pass increment 2 sin(theta/2) J"
                   if ok else f"residuals {res}, {inc}")


# --- registry ---------------------------------------------------------------------------------

S, N = Kind.SYMBOLIC, Kind.NUMERIC
CERTIFICATES = (
    _cert("sec2.1.uniqueness", check_uniqueness, S,
          "solution set of (1)-(3) at history 2 vs the one-parameter family gamma (q_t - q_(t-1))"),
    _cert("sec2.1.uniqueness", check_uniqueness_corrected, S,
          "within history length 1 the solution set is exactly {gamma (q_t - q_(t-1))}", ".corrected"),
    _cert("sec2.1.volume", check_volume, S, "det [[I, gamma I], [0, I]] = 1, d = 1, 2, 3"),
    _cert("sec2.2.volume_symplectic", check_volume_symplectic, S,
          "'det J = 1' as a test of symplecticity, against M^T Omega M = Omega on five maps"),
    _cert("sec2.2.volume_symplectic", check_volume_symplectic_corrected, S,
          "a shear q + f(p) is symplectic iff Df is symmetric (det J = 1 always)", ".corrected"),
    _cert("sec2.3", check_symplectic, S, "M^T Omega M - Omega = 0 for phi_gamma, d = 3, symbolic gamma"),
    _cert("thm2.8.expansion", check_critical_term, S,
          "weights of q_a^T k_b (a in {t, t-1}, b in {j, j-1}) in q^_t^T k^_j"),
    _cert("sec2.5", check_four_terms, S, "the four named terms sum to the score and carry the right momenta"),
    _cert("sec2.6.transfer", check_transfer, S, "H(z) = 1 + gamma(1 - z^-1), H(1) = 1, H(-1) = 1 + 2 gamma, monotone"),
    _cert("sec2.6.velocity", check_velocity, S, "|H_v| = 2|sin(w/2)|, 0 at DC, 2 (maximum) at Nyquist"),
    _cert("sec2.8", check_escape, S, "|H_HP|^2 = 4 sin^2(w/2); the low-pass overlap integral -> 0 like w_c^2"),
    _cert("sec2.9", check_placement, S, "||q^_post - q^_pre|| against the printed 2 sin(theta/2)||q_(t-1)||"),
    _cert("sec2.9", check_placement_corrected, S,
          "||q^_post - q^_pre|| = 2|gamma| sin(theta/2)||q_(t-1)||", ".corrected"),
    _cert("sec2.10.rank", check_rank, S, "sigma_min of the unit-determinant shear family as gamma -> oo"),
    _cert("sec2.10.rank", check_rank_corrected, N,
          "det = 1 => sigma_min >= sigma_max^-(n-1) > 0 (seeded random SL(4)); shear sigma_min closed form",
          ".corrected"),
    _cert("sec2.10.parseval", check_parseval, S, "band-averaged power gain of the shear's filter vs 'conserved'"),
    _cert("sec2.10.parseval", check_parseval_corrected, S, "band-averaged power gain = 1 + 2 gamma (1 + gamma)",
          ".corrected"),
    _cert("appE.halfshift", check_halfshift, S, "PE increments = 2 sin(w/2) (cos, -sin)(w(s - 1/2))"),
    _cert("appE.thm3.1", check_phase_average, S, "full-period averages over t of trig products at t and s - 1/2"),
    _cert("appE.rope", check_rope, S, "R(t th) - R((t-1) th) = R((t-1/2) th)[R(th/2) - R(-th/2)] = ... 2 sin(th/2) J"),
)
