"""§2.2 of the Momentum Attention preprint: Lyapunov stability and non-linear shears.

The preprint does not write its dynamics down; the checks use the continuous-time Hamiltonian flow of
``H = T(p) + V(q)`` with linear friction, ``q' = dH/dp``, ``p' = -dH/dq - k p`` (``k = 0``: the
conservative case), which is what "L' = 0" (conservative) and "friction" (dissipative) refer to.
The non-linear kinetic energy is reconstructed as ``||p||^2/2 - alpha ||p||^4`` (see
:func:`theory.companions.momentum.kinetic_quartic`).  Dimension 2 unless stated.
"""

from __future__ import annotations

import sympy as sp

from theory.companions import momentum as M

from .._companion import certifier, is_zero, not_checkable
from .._subchecks import Checks
from ..registry import Kind, verdict

PACK = "momentum"
ST = {s.id.split(":", 1)[1]: s for s in M.STATEMENTS}

q1, q2, p1, p2 = sp.symbols("q1 q2 p1 p2", real=True)
Q, P = (q1, q2), (p1, p2)
k = sp.Symbol("k", positive=True)
gp = sp.Symbol("gamma", positive=True)
alpha = M.alpha


_cert = certifier(ST, PACK)


# --- the linear-shear theorem -------------------------------------------------------------------

#: The theorem's hypothesis is "V convex"; these are convex potentials (the second has no unique minimiser).
CONVEX = (
    ("q1^2 + q2^2", q1**2 + q2**2),
    ("q1^2", q1**2),
    ("q1^4 + q1^2 + q2^2 + q1 q2", q1**4 + q1**2 + q2**2 + q1 * q2),
)
#: Convex potentials with a unique minimiser q* = 0, V(q*) = 0 (the corrected hypothesis: what "the equilibrium
#: (q*, 0)" presupposes).  q1^4 + q2^2 is not strongly convex (its Hessian is singular at q*): strict or strong
#: convexity is not what is needed, a unique minimiser is (a convex V with a unique minimiser is coercive).
UNIQUE_MIN = (
    ("q1^2 + q2^2", q1**2 + q2**2),
    ("q1^4 + q1^2 + q2^2 + q1 q2", q1**4 + q1**2 + q2**2 + q1 * q2),
    ("cosh(q1) + q2^2 - 1", sp.cosh(q1) + q2**2 - 1),
    ("q1^4 + q2^2", q1**4 + q2**2),
)
STRICT = UNIQUE_MIN  # the former name


def _convex(V) -> bool:
    Hs = sp.hessian(V, Q)
    minors = [Hs[0, 0], Hs[1, 1], sp.factor(Hs.det())]
    return all(bool(sp.simplify(m).is_nonnegative) for m in minors)


def _equilibria(V):
    """Real solutions of grad V = 0 (p = 0): ('point', (q1, q2)) or ('continuum', description)."""
    sols = sp.solve([sp.diff(V, x) for x in Q], Q, dict=True)
    real = []
    for s in sols:
        if set(s) != set(Q):
            return "continuum", {str(k_): str(v) for k_, v in s.items()}
        vals = tuple(s[x] for x in Q)
        if all(v.is_real for v in vals):
            real.append(vals)
    if len(real) == 1:
        return "point", real[0]
    return ("none" if not real else "several"), real


def _ray_limits(L):
    """lim L(r u) for r -> oo along the axes and diagonals of q (p = 0) and of p (q = 0)."""
    r = sp.Symbol("r", positive=True)
    dirs = ((1, 0), (0, 1), (1, 1), (1, -1))
    out = {}
    for d in dirs:
        out[("q",) + d] = sp.limit(L.subs({q1: d[0] * r, q2: d[1] * r, p1: 0, p2: 0}), r, sp.oo)
        out[("p",) + d] = sp.limit(L.subs({p1: d[0] * r, p2: d[1] * r, q1: 0, q2: 0}), r, sp.oo)
    return out


READING_LINEAR = (
    "hypothesis read literally as 'V convex' (the verdict's reading): V = q1^2 is convex, yet has a line of "
    "equilibria, so no (q*, 0) is asymptotically stable and L is neither positive definite nor radially "
    'unbounded. Read as \'V convex with the unique minimiser q* that the phrase "the equilibrium (q*, 0)" '
    "presupposes' (V(q*) = 0), the conclusion holds with friction by LaSalle (momentum:sec2.2.linear.corrected); "
    "strict convexity is not needed"
)


def _linear_rows(c, V, name, T, k_):
    """Sub-checks of the linear-shear theorem for one potential: the equilibrium (q*, 0) is unique, L = T + V
    vanishes there, L is radially unbounded, and (friction) L' = -k gamma ||p||^2 with LaSalle set {(q*, 0)}."""
    kind, eq = _equilibria(V)
    L = T + V
    c.add(f"{name}: one equilibrium (q*, 0)", kind == "point", kind if kind != "point" else str(eq), "one point")
    at = {q1: eq[0], q2: eq[1], p1: 0, p2: 0} if kind == "point" else None
    c.add(
        f"{name}: L(q*, 0) = 0 (L > 0 elsewhere needs it)",
        at is not None and is_zero(L.subs(at)),
        str(sp.simplify(L.subs(at))) if at else "no single q*",
        "0",
    )
    rays = _ray_limits(L)
    c.add(
        f"{name}: L -> oo along the q and p axes and diagonals",
        all(v == sp.oo for v in rays.values()),
        sorted({str(v) for v in rays.values()}),
        "oo",
    )
    Ld = M.lyapunov_derivative(V, T, Q, P, k_)
    c.add(
        f"{name}: L' = -k gamma ||p||^2 <= 0",
        is_zero(Ld + k_ * gp * (p1**2 + p2**2)),
        str(sp.factor(Ld)),
        "-k gamma ||p||^2",
    )


def check_linear(T=M.kinetic_linear(P, gp), *, potentials=CONVEX):
    """'V convex => the equilibrium (q*, 0) is globally asymptotically stable; L = H > 0 except there; L -> oo':
    for every convex potential of ``potentials`` (the hypothesis class), with the printed T_lin: the equilibrium
    set {p = 0, grad V = 0} must be one point, L must vanish only there and be radially unbounded."""
    c = Checks()
    for name, V in potentials:
        c.add(f"{name}: convex (in the hypothesis class)", _convex(V), _convex(V), True)
        _linear_rows(c, V, name, T, k)
    bad = sorted({f.split(":")[0] for f in c.failures()})
    return c.outcome(
        "§2.2 linear-shear theorem under its literal hypothesis 'V convex'"
        + (
            f": convex potentials violating the conclusion: {bad} -- e.g. V = q1^2 is convex, but its equilibria "
            f"{{(q1 = 0, q2 free, p = 0)}} form a line, L = gamma||p||^2/2 + q1^2 vanishes on it, stays 0 along the q2 "
            f"axis, and no equilibrium is asymptotically stable. Every convex potential here WITH a unique minimiser "
            f"satisfies the conclusion: the missing hypothesis is the unique minimiser that 'the equilibrium (q*, 0)' "
            f"presupposes"
            if bad
            else ""
        ),
        severity="reading",
        reading=READING_LINEAR,
        counterexamples=bad,
    )


def check_linear_corrected(T=M.kinetic_linear(P, gp), *, potentials=UNIQUE_MIN):
    """Corrected hypothesis: V convex with a unique minimiser q*, V(q*) = 0 (then V is coercive, L radially
    unbounded), and friction k > 0: L' = -k gamma ||p||^2 <= 0 and the largest invariant set in {L' = 0} is
    {(q*, 0)} (LaSalle: in {p = 0}, p' = -grad V must vanish, so q = q*), hence global asymptotic stability.
    Strict convexity is not required (q1^4 + q2^2 has a singular Hessian at q*)."""
    c = Checks()
    for name, V in potentials:
        c.add(f"{name}: convex", _convex(V), _convex(V), True)
        _linear_rows(c, V, name, T, k)
    return c.outcome("GAS for convex V with a unique minimiser, by LaSalle's invariance principle")


# --- (3) orbital stability -----------------------------------------------------------------------


def check_orbits(closed=True, *, A=sp.diag(1, 2)):
    """'Trajectories are closed orbits' (``closed``) for the conservative flow of H = gamma||p||^2/2 + q^T A q/2
    (V convex): trajectories are closed iff the frequencies sqrt(gamma a_i) are commensurate."""
    freqs = M.linear_frequencies(A, gp)
    ratios = [sp.simplify(f / freqs[0]) for f in freqs[1:]]
    all_closed = all(r_.is_rational for r_ in ratios)
    ok = all_closed == bool(closed)
    return verdict(
        ok,
        {"frequencies": [str(f) for f in freqs], "ratios": [str(r_) for r_ in ratios], "closed": all_closed},
        {"closed": bool(closed)},
        f"V = q^T A q / 2 with A = diag{tuple(A[i, i] for i in range(A.rows))}: frequencies "
        f"{freqs}, ratio {ratios}"
        + (
            ""
            if all_closed
            else " is irrational, so q(t) = (cos t, cos(sqrt(2) t)) never returns to its start: the orbit is not "
            "closed but dense on an invariant torus (it does stay on a level set of H). 'Closed orbits' holds "
            "in d = 1 only"
        )
        + (
            ""
            if ok
            else ". Graded minor: item (3) is not used by the stability "
            "argument, and what it intends -- trajectories stay on level "
            "sets of H -- holds (momentum:sec2.2.orbits.corrected)"
        ),
        severity="minor",
    )


def check_orbits_corrected(L_dot=sp.Integer(0), *, V=Q[0] ** 2 + 2 * Q[1] ** 2):
    """Corrected: in the conservative case (the printed 'L' = 0'), L = H = T_lin + V is constant along
    trajectories, so they stay on level sets of H."""
    T = M.kinetic_linear(P, gp)
    dq, dp = M.dissipative_field(V, T, Q, P, 0)
    C = T + V
    dC = sp.expand(sum(sp.diff(C, x) * v for x, v in zip(Q, dq)) + sum(sp.diff(C, x) * v for x, v in zip(P, dp)))
    return verdict(is_zero(dC - L_dot), str(dC), str(L_dot), f"d/dt ({C}) along the conservative flow = {dC}")


# --- (4) dissipative convergence -------------------------------------------------------------------


def check_dissipation(strict=True, *, V=q1**2 + q2**2, T=M.kinetic_linear(P, gp), state={q1: 1, q2: 0, p1: 0, p2: 0}):  # noqa: B006
    """'With friction, L' < 0' (``strict``; False would be L' <= 0): L' along q' = dH/dp, p' = -dH/dq - k p,
    evaluated at a non-equilibrium state."""
    Ld = M.lyapunov_derivative(V, T, Q, P, k)
    val = sp.simplify(Ld.subs(state))
    is_eq = all(sp.simplify(sp.diff(V, x).subs(state)) == 0 for x in Q) and state[p1] == 0 and state[p2] == 0
    holds = bool(val.is_negative) if strict else bool(val.is_nonpositive)
    ok = is_eq or holds
    return verdict(
        ok,
        {"L'": str(sp.factor(Ld)), "L'(state)": str(val)},
        "L' < 0 away from the equilibrium" if strict else "L' <= 0",
        f"L' = {sp.factor(Ld)}; at the non-equilibrium state {state} L' = {val}"
        + (
            ""
            if ok
            else ": L' is only <= 0 -- it vanishes wherever p = 0, so strict decrease fails and "
            "convergence needs LaSalle's invariance principle. Graded minor: the intended "
            "conclusion, convergence to (q*, 0), holds by LaSalle "
            "(momentum:sec2.2.linear.corrected)"
        ),
        severity="minor",
    )


def check_dissipation_corrected(claim=-k * gp * (p1**2 + p2**2), *, V=q1**2 + q2**2, T=M.kinetic_linear(P, gp)):
    """Corrected: L' = -k gamma ||p||^2 <= 0, zero exactly on {p = 0}."""
    Ld = M.lyapunov_derivative(V, T, Q, P, k)
    ok = is_zero(Ld - claim) and bool(sp.simplify(-claim).is_nonnegative)
    return verdict(ok, str(sp.factor(Ld)), str(claim), f"L' = {sp.factor(Ld)} (claimed {claim})")


# --- the quartic kinetic term -------------------------------------------------------------------

TAUS = (sp.Rational(101, 100), sp.Rational(3, 2), 2, sp.Rational(7, 2), 10)
BELOW = (sp.Rational(99, 100), sp.Rational(1, 2))


def _eigs_at(T, r):
    Hs = sp.hessian(T, P).subs({p1: r, p2: 0})
    return sorted(sp.simplify(e) for e in Hs.eigenvals())


def check_hilltop(threshold=1 / sp.sqrt(12 * alpha), *, kinetic=M.kinetic_quartic, alpha_value=sp.Integer(1)):
    """The Hessian of T is negative definite exactly for ||p|| > threshold: all eigenvalues < 0 at
    ||p|| = tau * threshold for tau > 1, not all for tau < 1 (dimension 2, T radial so p = (r, 0)).
    ``kinetic`` is the toolkit's reconstruction of the missing formula (a setting, not a claim)."""
    T = kinetic(P).subs(alpha, alpha_value)
    thr = threshold.subs(alpha, alpha_value)
    r2 = sp.Symbol("r2", positive=True)
    general = [sp.simplify(e.subs(p1, sp.sqrt(r2))) for e in sp.hessian(kinetic(P), P).subs(p2, 0).eigenvals()]
    above = {str(t): _eigs_at(T, t * thr) for t in TAUS}
    below = {str(t): _eigs_at(T, t * thr) for t in BELOW}
    bad_above = [t for t, e in above.items() if not all(x < 0 for x in e)]
    bad_below = [t for t, e in below.items() if all(x < 0 for x in e)]
    ok = not bad_above and not bad_below
    return verdict(
        ok,
        {"eigenvalues(r^2)": [str(e) for e in general], "tau>1": {t: [str(x) for x in e] for t, e in above.items()}},
        f"negative definite exactly beyond {threshold}",
        f"Hessian eigenvalues at ||p||^2 = r2: {general} (radial 1 - 12 alpha r2 once, tangential "
        f"1 - 4 alpha r2 d-1 times)"
        + (
            ""
            if ok
            else f"; at ||p|| = tau x {threshold} (alpha = {alpha_value}) the Hessian is not negative definite for "
            f"tau in {bad_above}: only the radial eigenvalue turns negative at 1/sqrt(12 alpha); the tangential "
            f"one stays positive until 1/(2 sqrt(alpha)), so in between the Hessian is indefinite (d >= 2; the "
            f"printed threshold is right only in d = 1)"
            + (f"; below the threshold at tau in {bad_below} already negative definite" if bad_below else "")
            + ". Graded minor: convexity is lost at the printed threshold (the radial eigenvalue), which is "
            "what the argument uses; 'negative definite' is wrong for d >= 2"
        ),
        severity="minor",
    )


def check_hilltop_corrected(
    threshold=1 / (2 * sp.sqrt(alpha)), *, kinetic=M.kinetic_quartic, alpha_value=sp.Integer(1)
):
    """Corrected: negative definite exactly for ||p|| > 1/(2 sqrt(alpha)) in d >= 2 (indefinite between
    1/sqrt(12 alpha) and 1/(2 sqrt(alpha)))."""
    return check_hilltop(kinetic=kinetic, threshold=threshold, alpha_value=alpha_value)


# --- 'non-linear shears cannot keep a convex landscape' ---------------------------------------------

#: Non-linear kinetic energies whose shear q' = q + grad T(p) is a candidate counterexample.
CANDIDATES = (
    ("||p||^2/2 + alpha ||p||^4", M.kinetic_quartic(P, alpha, sign=+1)),
    ("cosh(p1) + cosh(p2)", sp.cosh(p1) + sp.cosh(p2)),
)


def check_selection(exists=False, *, candidates=CANDIDATES):
    """Search the candidates for a non-linear shear q' = q + grad T(p) that is symplectic AND has a convex,
    radially unbounded kinetic energy (Hessian positive definite everywhere); the claim (``exists`` False)
    says none exists."""
    rows, found = {}, []
    r = sp.Symbol("r", positive=True)
    for name, T in candidates:
        f = M.gradient(T, P)
        J = M.shear_jacobian(f, P)
        symplectic = all(e == 0 for e in M.symplectic_residual(J))
        Hs = sp.hessian(T, P)
        nonlinear = any(sp.diff(e, x) != 0 for e in Hs for x in P)
        m1, m2 = sp.simplify(Hs[0, 0]), sp.factor(Hs.det())
        convex = bool(m1.is_positive) and bool(m2.is_positive)
        unbounded = (
            sp.limit(T.subs({p1: r, p2: 0}), r, sp.oo) == sp.oo and sp.limit(T.subs({p1: r, p2: r}), r, sp.oo) == sp.oo
        )
        rows[name] = {
            "non-linear": nonlinear,
            "symplectic": symplectic,
            "Hessian minors": [str(m1), str(m2)],
            "convex": convex,
            "radially unbounded": unbounded,
        }
        if nonlinear and symplectic and convex and unbounded:
            found.append(name)
    return verdict(
        bool(found) == bool(exists),
        rows,
        "such a shear exists" if exists else "no non-linear symplectic shear with a convex kinetic energy",
        (
            f"counterexamples: {found} -- e.g. T = ||p||^2/2 + alpha||p||^4 gives the non-linear shear "
            f"q' = q + (1 + 4 alpha||p||^2) p, symplectic (its Jacobian block is a Hessian, hence symmetric), "
            f"with Hessian (1 + 4 alpha||p||^2) I + 8 alpha p p^T > 0 everywhere and T -> oo. Loss of "
            f"convexity is a property of the particular quartic with a NEGATIVE sign, not of non-linear "
            f"shears; the linear shear is not 'uniquely selected' by det J = 1 and convexity"
        )
        if found
        else "no candidate is a counterexample",
        counterexamples=found,
        severity="substantive",
    )


def check_linear_hessian(claimed=gp * sp.eye(2), *, kinetic=lambda p: M.kinetic_linear(p, gp)):
    """Items 1-2 of §2.2: the linear shear's kinetic energy (the printed T_lin, the input) has Hessian gamma I,
    positive definite (gamma > 0, the coupling range of §2.6)."""
    Hs = sp.hessian(kinetic(P), P)
    ok = (Hs - claimed).is_zero_matrix and all(bool(e.is_positive) for e in Hs.eigenvals())
    return verdict(
        bool(ok),
        str(Hs),
        str(claimed),
        f"Hessian of T_lin = {Hs}; eigenvalues {list(Hs.eigenvals())} "
        f"(positive for gamma > 0; at gamma = 0 the landscape is flat)",
    )


S = Kind.SYMBOLIC
CERTIFICATES = (
    _cert(
        "sec2.2.linear", check_linear, S, "equilibria, L(q*, 0), radial unboundedness, L' for convex V (3 potentials)"
    ),
    _cert(
        "sec2.2.linear",
        check_linear_corrected,
        S,
        "convex V with a unique minimiser + friction: L' = -k gamma||p||^2, LaSalle set = {(q*, 0)}",
        ".corrected",
    ),
    _cert("sec2.2.orbits", check_orbits, S, "commensurability of the frequencies of V = (q1^2 + 2 q2^2)/2"),
    _cert("sec2.2.orbits", check_orbits_corrected, S, "dH/dt = 0 along the conservative flow", ".corrected"),
    _cert("sec2.2.dissipation", check_dissipation, S, "L' at a non-equilibrium state with p = 0"),
    _cert("sec2.2.dissipation", check_dissipation_corrected, S, "L' = -k gamma ||p||^2 <= 0", ".corrected"),
    _cert("sec2.2.hilltop", check_hilltop, S, "Hessian of ||p||^2/2 - alpha||p||^4 beyond 1/sqrt(12 alpha), d = 2"),
    _cert(
        "sec2.2.hilltop",
        check_hilltop_corrected,
        S,
        "negative definite exactly beyond 1/(2 sqrt(alpha)), d >= 2",
        ".corrected",
    ),
    not_checkable(
        ST["sec2.2.runaway"],
        "T(p) is not printed: the toolkit reconstructs T = ||p||^2/2 - alpha||p||^4 "
        "from this very sentence ('the negative quartic term') and the threshold "
        "1/sqrt(12 alpha), so lim T = -oo would restate the reconstruction -- a "
        "check that cannot fail; nothing independent of it is printed",
        pack=PACK,
    ),
    _cert(
        "sec2.2.selection",
        check_selection,
        S,
        "search for a non-linear symplectic shear q + grad T(p) with convex, radially unbounded T",
    ),
    _cert("sec2.2.selection", check_linear_hessian, S, "nabla_p^2 T_lin = gamma I > 0 for gamma > 0", ".linear"),
    not_checkable(
        ST["sec2.2.chaos"],
        "the dynamics whose Lyapunov exponent is meant are not specified (no potential, "
        "no integrator); 'hyperbolic' and 'exponential divergence' are asserted, not "
        "derived",
        pack=PACK,
    ),
)
