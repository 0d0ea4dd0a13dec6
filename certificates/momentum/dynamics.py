"""§2.2 of the Momentum Attention preprint: Lyapunov stability and non-linear shears.

The preprint does not write its dynamics down; the checks use the continuous-time Hamiltonian flow of
``H = T(p) + V(q)`` with linear friction, ``q' = dH/dp``, ``p' = -dH/dq - k p`` (``k = 0``: the
conservative case), which is what "L' = 0" (conservative) and "friction" (dissipative) refer to.
The non-linear kinetic energy is reconstructed as ``||p||^2/2 - alpha ||p||^4`` (see
:func:`theory.companions.momentum.kinetic_quartic`).  Dimension 2 unless stated.
"""

from __future__ import annotations

import functools

import sympy as sp

from theory.companions import momentum as M
from theory.companions.rigorous import exact_sign

from .._companion import certifier, is_zero, limit, not_checkable, simplify
from .._subchecks import Checks
from ..findings import show_set
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


@functools.lru_cache(maxsize=32)
def _convex(V) -> bool:
    """V convex: its Hessian's diagonal entries and determinant non-negative (a bool of an immutable V, kept per
    process: each check asks twice, and the printed, corrected and wrong potential lists share potentials)."""
    Hs = sp.hessian(V, Q)
    minors = [Hs[0, 0], Hs[1, 1], sp.factor(Hs.det())]
    return all(bool(simplify(m).is_nonnegative) for m in minors)


def _equilibria(V):
    """Real solutions of grad V = 0 (p = 0): ('point', (q1, q2)) or ('continuum', description); solved once per
    potential in a process (:func:`_equilibria_kept`), each caller given its own dict or list."""
    kind, found = _equilibria_kept(V)
    if kind == "continuum":
        return kind, dict(found)
    if kind == "point":
        return kind, found
    return kind, list(found)


@functools.lru_cache(maxsize=32)
def _equilibria_kept(V):
    """:func:`_equilibria` with immutable values (the continuum's description as items, the points as a tuple)."""
    kind, found = _equilibria_solved(V)
    if kind == "continuum":
        return kind, tuple(found.items())
    return kind, found if kind == "point" else tuple(found)


def _equilibria_solved(V):
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


def _limit_at_infinity(e, r):
    """``lim e`` as ``r -> oo`` (``r`` a positive symbol): for a polynomial in ``r`` of degree >= 1 whose leading
    coefficient has a known sign, +oo or -oo by that sign; for a polynomial plus terms ``c cosh(k r)`` (``c > 0``,
    ``k`` a non-zero number: each at least ``c e^(|k| r) / 2``), +oo; for an expression free of ``r``, itself --
    what :func:`certificates._companion.limit` returns for them, without the series expansions (the V = cosh(q1)
    + q2^2 - 1 rays of §2.2 among them); anything else (an undetermined sign, a negative cosh, a degree-0
    polynomial still written with ``r``) by :func:`~certificates._companion.limit`."""
    if not e.has(r):
        return e
    terms = sp.Add.make_args(sp.expand(e))
    growing = [t for t in terms if _positive_cosh_term(t, r)]
    try:
        poly = sp.Poly(sp.Add(*[t for t in terms if t not in growing]), r)
    except sp.PolynomialError:  # not a polynomial in r (1/r, sin(r), ...)
        return limit(e, r, sp.oo)
    if growing:  # c cosh(k r) >= c e^(|k| r)/2 outgrows every polynomial: +oo
        return sp.oo
    lead = poly.LC()
    if poly.degree() >= 1 and lead.is_positive:
        return sp.oo
    if poly.degree() >= 1 and lead.is_negative:
        return -sp.oo
    return limit(e, r, sp.oo)


def _positive_cosh_term(t, r) -> bool:
    """Whether ``t`` is ``c cosh(k r)`` with ``c`` free of ``r`` and positive, ``k`` a non-zero number."""
    c, f = t.as_independent(r, as_Add=False)
    if not (isinstance(f, sp.cosh) and c.is_positive):
        return False
    k = f.args[0] / r
    return bool(k.is_number and k.is_nonzero)


def _ray_limits(L):
    """lim L(r u) for r -> oo along the axes and diagonals of q (p = 0) and of p (q = 0)."""
    r = sp.Symbol("r", positive=True)
    dirs = ((1, 0), (0, 1), (1, 1), (1, -1))
    out = {}
    for d in dirs:
        out[("q",) + d] = _limit_at_infinity(L.subs({q1: d[0] * r, q2: d[1] * r, p1: 0, p2: 0}), r)
        out[("p",) + d] = _limit_at_infinity(L.subs({p1: d[0] * r, p2: d[1] * r, q1: 0, q2: 0}), r)
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
    c.exact(f"{name}: one equilibrium (q*, 0)", kind == "point", kind if kind != "point" else str(eq), "one point")
    at = {q1: eq[0], q2: eq[1], p1: 0, p2: 0} if kind == "point" else None
    c.exact(
        f"{name}: L(q*, 0) = 0 (L > 0 elsewhere needs it)",
        at is not None and is_zero(L.subs(at)),
        str(simplify(L.subs(at))) if at else "no single q*",
        "0",
    )
    rays = _ray_limits(L)
    c.exact(
        f"{name}: L -> oo along the q and p axes and diagonals",
        all(v == sp.oo for v in rays.values()),
        sorted({str(v) for v in rays.values()}),
        "oo",
    )
    Ld = M.lyapunov_derivative(V, T, Q, P, k_)
    c.exact(
        f"{name}: L' = -k gamma ||p||^2 <= 0",
        is_zero(Ld + k_ * gp * (p1**2 + p2**2)),
        str(sp.factor(Ld)),
        "-k gamma ||p||^2",
    )


def _ldot_every_d(T_d2, friction) -> tuple[bool, str]:
    """L' = dH/dt along q' = dH/dp, p' = -dH/dq - friction p for H = V(q) + T_lin(p), for EVERY potential V
    (its gradient an independent indexed symbol G_i) and every d (T_lin = gamma sum_k p_k^2 / 2, d symbolic),
    against -friction gamma ||p||^2; the printed T_lin in d = 2 (``T_d2``) is tied to the indexed form.
    Returns (both hold, residual)."""
    from ..algebra import sum_deltas, sums_as_symbols

    dd = sp.Symbol("d", integer=True, positive=True)
    i_, k_ = sp.symbols("i k", integer=True)
    pI, G = sp.IndexedBase("p"), sp.IndexedBase("G")
    T_all = gp * sp.Sum(pI[k_] ** 2, (k_, 0, dd - 1)) / 2
    dT = sum_deltas(sp.diff(T_all, pI[i_]), {i_: (0, dd - 1)})  # dH/dp_i
    Ld = sp.Sum(G[i_] * dT + dT * (-G[i_] - friction * pI[i_]), (i_, 0, dd - 1))  # dH/dq_i = G_i
    res = sp.expand(sums_as_symbols(Ld + friction * gp * sp.Sum(pI[i_] ** 2, (i_, 0, dd - 1)))[0])
    tied = is_zero(T_all.subs(dd, 2).doit().xreplace({pI[0]: p1, pI[1]: p2}) - T_d2)
    return res == 0 and tied, str(res)


def check_linear(T=M.kinetic_linear(P, gp), *, potentials=CONVEX):
    """'V convex => the equilibrium (q*, 0) is globally asymptotically stable; L = H > 0 except there; L -> oo':
    for every convex potential of ``potentials`` (the hypothesis class), with the printed T_lin: the equilibrium
    set {p = 0, grad V = 0} must be one point, L must vanish only there and be radially unbounded."""
    c = Checks()
    for name, V in potentials:
        c.exact(f"{name}: convex (in the hypothesis class)", _convex(V), _convex(V), True)
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
        finding=f"convex V = {', '.join(bad)} violate{'s' if len(bad) == 1 else ''} the conclusion "
        "(no unique equilibrium, "
        "so (q*, 0) is not GAS): 'V convex' needs a unique minimiser",
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
    every, res = _ldot_every_d(T, k)
    c.exact(
        "every potential V, every d: L' = -k gamma ||p||^2 (grad V an independent symbol, d symbolic)",
        every,
        "identity" if every else f"residual {res}",
        "identity",
    )
    for name, V in potentials:
        c.exact(f"{name}: convex", _convex(V), _convex(V), True)
        _linear_rows(c, V, name, T, k)
    return c.outcome(
        "GAS for convex V with a unique minimiser, by LaSalle's invariance principle: for every such V and every d, "
        "L = H vanishes only at (q*, 0) (V(q*) = 0 and the unique minimiser), is radially unbounded (a convex "
        "function whose minimisers form a bounded set is coercive: cited), and L' = -k gamma ||p||^2 for every V "
        "and every d (exact, the one computation the argument needs); in {L' = 0} = {p = 0}, p' = -grad V must "
        "vanish, so the largest invariant set is {(q*, 0)} (LaSalle: cited). The potentials below are "
        "illustrations of the class (every row exact: convexity "
        "from the Hessian minors, the equilibria by solving grad V = 0, L' as a polynomial identity; radial "
        "unboundedness follows from convexity and the unique minimiser -- a convex function whose minimisers form a "
        "bounded set is coercive -- and the ray limits are computed exactly as a consistency row)"
    )


# --- (3) orbital stability -----------------------------------------------------------------------


def check_orbits(closed=True, *, A=sp.diag(1, 2)):
    """'Trajectories are closed orbits' (``closed``) for the conservative flow of H = gamma||p||^2/2 + q^T A q/2
    (V convex): trajectories are closed iff the frequencies sqrt(gamma a_i) are commensurate."""
    freqs = M.linear_frequencies(A, gp)
    ratios = [simplify(f / freqs[0]) for f in freqs[1:]]
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
        finding=""
        if ok
        else f"for A = diag{tuple(A[i, i] for i in range(A.rows))} the frequency ratio "
        f"{', '.join(map(str, ratios))} is "
        f"{'irrational' if not all_closed else 'rational'}: trajectories are {'not ' if not all_closed else ''}closed"
        + (" (dense on a torus; closed in d = 1 only)" if not all_closed else ""),
        severity="minor",
        evidence_level="proved",  # the frequency ratio sqrt(2) is decided irrational exactly (SymPy)
    )


def check_orbits_corrected(L_dot=sp.Integer(0), *, V=Q[0] ** 2 + 2 * Q[1] ** 2):
    """Corrected: in the conservative case (the printed 'L' = 0'), L = H = T_lin + V is constant along
    trajectories, so they stay on level sets of H."""
    T = M.kinetic_linear(P, gp)
    dq, dp = M.dissipative_field(V, T, Q, P, 0)
    C = T + V
    dC = sp.expand(sum(sp.diff(C, x) * v for x, v in zip(Q, dq)) + sum(sp.diff(C, x) * v for x, v in zip(P, dp)))
    every, res = _ldot_every_d(T, 0)
    return verdict(
        is_zero(dC - L_dot) and every and is_zero(sp.sympify(L_dot)),
        {"V = " + str(V): str(dC), "every V, every d": "0" if every else res},
        str(L_dot),
        f"d/dt H along the conservative flow = {'0' if every else res} for every potential V and every d (grad V an "
        f"independent symbol, d symbolic; exact); for V = {V}: d/dt ({C}) = {dC} (exact polynomial identity)",
        evidence_level="proved",
    )


# --- (4) dissipative convergence -------------------------------------------------------------------


def check_dissipation(strict=True, *, V=q1**2 + q2**2, T=M.kinetic_linear(P, gp), state={q1: 1, q2: 0, p1: 0, p2: 0}):  # noqa: B006
    """'With friction, L' < 0' (``strict``; False would be L' <= 0): L' along q' = dH/dp, p' = -dH/dq - k p,
    evaluated at a non-equilibrium state."""
    Ld = M.lyapunov_derivative(V, T, Q, P, k)
    val = simplify(Ld.subs(state))
    is_eq = all(simplify(sp.diff(V, x).subs(state)) == 0 for x in Q) and state[p1] == 0 and state[p2] == 0
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
        finding=""
        if ok
        else f"L' = {sp.factor(Ld)} is 0 at the non-equilibrium state {state}: only L' <= 0, so convergence needs "
        "LaSalle, not strict decrease",
        severity="minor",
        evidence_level="proved",  # L' is a polynomial; its value at the exact state is an exact number
    )


def check_dissipation_corrected(claim=-k * gp * (p1**2 + p2**2), *, V=q1**2 + q2**2, T=M.kinetic_linear(P, gp)):
    """Corrected: L' = -k gamma ||p||^2 <= 0, zero exactly on {p = 0}."""
    Ld = M.lyapunov_derivative(V, T, Q, P, k)
    every, res = _ldot_every_d(T, k)
    ok = is_zero(Ld - claim) and bool(simplify(-claim).is_nonnegative) and every
    return verdict(
        ok,
        {"V = " + str(V): str(sp.factor(Ld)), "every V, every d": "-k gamma ||p||^2" if every else res},
        str(claim),
        f"L' = -k gamma ||p||^2 for every potential V and every d (grad V an independent symbol, d symbolic; "
        f"{'exact' if every else 'residual ' + res}); for V = {V}: L' = {sp.factor(Ld)} (claimed {claim}; exact "
        f"polynomial identity, sign from k, gamma > 0)",
        evidence_level="proved",
    )


# --- the quartic kinetic term -------------------------------------------------------------------

TAUS = (sp.Rational(101, 100), sp.Rational(3, 2), 2, sp.Rational(7, 2), 10)
BELOW = (sp.Rational(99, 100), sp.Rational(1, 2))


@functools.lru_cache(maxsize=16)
def _hessian_kept(T):
    """The Hessian of ``T`` in p, immutable, kept per process (computed once for the several radii of a check)."""
    return sp.ImmutableMatrix(sp.hessian(T, P))


def _eigs_at(T, r):
    Hs = _hessian_kept(T).subs({p1: r, p2: 0})
    return sorted(simplify(e) for e in Hs.eigenvals())


_r = sp.Symbol("r", positive=True)


def _negative_definite_set(kinetic, alpha_value, d):
    """(radial?, {r > 0 : the Hessian of T at p = r e_1 is negative definite}) in dimension ``d``, exactly.

    Negative definiteness by Sylvester's criterion ((-1)^j D_j > 0 for the leading principal minors D_j), each
    a polynomial inequality in r solved exactly (``solve_poly_inequality``: exact real-root isolation).  For a
    radial T the point r e_1 stands for every p with ||p|| = r (checked: T equals its restriction to the axis
    at r = ||p||)."""
    ps = sp.symbols(f"p1:{d + 1}", real=True)
    return _negative_definite_set_of(sp.sympify(kinetic(ps)), ps, sp.sympify(alpha_value))


@functools.lru_cache(maxsize=16)
def _negative_definite_set_of(kinetic_expr, ps, alpha_value):
    """:func:`_negative_definite_set` of the kinetic energy ``kinetic_expr`` in the momenta ``ps``: a pure function
    of its immutable arguments, with an immutable value (a bool and a SymPy set), kept per process -- a check and
    the tests' wrong and corrected thresholds ask for the same set (the threshold, the claim, never enters it)."""
    d = len(ps)
    T = kinetic_expr.subs(alpha, alpha_value)
    axis = {x: (_r if i == 0 else 0) for i, x in enumerate(ps)}
    T_axis = T.subs(axis, simultaneous=True)
    radial = is_zero(T - T_axis.subs(_r, sp.sqrt(sum(x**2 for x in ps))))
    Hs = sp.hessian(T, ps).subs(axis, simultaneous=True)
    out = sp.Interval.open(0, sp.oo)
    for j in range(1, d + 1):
        minor = sp.expand((-1) ** j * Hs[:j, :j].det())
        out = out & sp.Union(*sp.solve_poly_inequality(sp.Poly(minor, _r), ">"))
    return radial, out


def _same_set(A, B) -> bool:
    """Exact equality of two unions of intervals (endpoints compared by exact zero tests, not structurally)."""
    parts = lambda S: list(S.args) if isinstance(S, sp.Union) else ([] if S is sp.S.EmptySet else [S])  # noqa: E731

    def same(a, b):
        if a.is_infinite or b.is_infinite:
            return a == b
        diff = sp.sympify(a - b)
        if not diff.free_symbols:  # closed numbers: exactly zero, or an enclosure that excludes zero
            return exact_sign(diff) == 0
        return is_zero(diff)

    pa, pb = parts(A), parts(B)
    if len(pa) != len(pb) or not all(isinstance(x, sp.Interval) for x in pa + pb):
        return False
    return all(
        same(x.start, y.start) and same(x.end, y.end) and x.left_open == y.left_open and x.right_open == y.right_open
        for x, y in zip(pa, pb)
    )


@functools.lru_cache(maxsize=1)
def _radial_hessian_every_d():
    """(Hessian of g(||p||^2) entry-wise is 2 g' I + 4 g'' p p^T, eigen-structure of a I + b p p^T) of
    :func:`_hilltop_every_d`: two bools, exact with d symbolic, independent of the kinetic energy and of the
    claim, derived once per process."""
    from ..algebra import sum_deltas, sums_as_symbols

    dd = sp.Symbol("d", integer=True, positive=True)
    i_, j_, k_ = sp.symbols("i j k", integer=True)
    pI, uI = sp.IndexedBase("p"), sp.IndexedBase("u")
    g = sp.Function("g")
    a_, b_ = sp.symbols("a_ b_", real=True)
    rng = {i_: (0, dd - 1), j_: (0, dd - 1)}
    H = sum_deltas(sp.diff(g(sp.Sum(pI[k_] ** 2, (k_, 0, dd - 1))), pI[i_], pI[j_]), rng)
    xi = sp.Symbol("xi")
    g1 = sp.Subs(sp.Derivative(g(xi), xi), xi, sp.Sum(pI[k_] ** 2, (k_, 0, dd - 1)))
    g2 = sp.Subs(sp.Derivative(g(xi), (xi, 2)), xi, sp.Sum(pI[k_] ** 2, (k_, 0, dd - 1)))
    ok_hess = simplify(H.doit() - (2 * sp.KroneckerDelta(i_, j_) * g1 + 4 * pI[i_] * pI[j_] * g2).doit()) == 0
    # eigen-structure of a I + b p p^T, entry-wise
    A = a_ * sp.KroneckerDelta(i_, j_) + b_ * pI[i_] * pI[j_]
    along, tab = sums_as_symbols(
        sum_deltas(sp.Sum(A * pI[j_], (j_, 0, dd - 1)) - (a_ + b_ * sp.Sum(pI[j_] ** 2, (j_, 0, dd - 1))) * pI[i_], rng)
    )
    ortho, tab2 = sums_as_symbols(sum_deltas(sp.Sum(A * uI[j_], (j_, 0, dd - 1)) - a_ * uI[i_], rng))
    from ..algebra import sum_symbol

    pu = sum_symbol(tab2, pI[j_] * uI[j_], j_, 0, dd - 1)
    ok_eig = sp.expand(along) == 0 and pu is not None and sp.expand(ortho.subs(pu, 0)) == 0
    return ok_hess, ok_eig


_s_hill = sp.Symbol("s", positive=True)


@functools.lru_cache(maxsize=16)
def _hilltop_sigma_set(gs):
    """(lam_p, lam_o, free of alpha, the set in sigma where both are negative) of :func:`_hilltop_every_d` for
    g(s) = ``gs`` = T(sqrt(s) e_1): a pure function of the (immutable) expression, with immutable values, kept
    per process; the claimed threshold never enters it."""
    sv, sig = _s_hill, sp.Symbol("sigma", positive=True)

    lam_p = sp.expand((2 * sp.diff(gs, sv) + 4 * sp.diff(gs, sv, 2) * sv).subs(sv, sig / alpha))
    lam_o = sp.expand((2 * sp.diff(gs, sv)).subs(sv, sig / alpha))
    free = not (lam_p.has(alpha) or lam_o.has(alpha))
    nd = sp.Interval.open(0, sp.oo)
    if free:
        for lam in (lam_p, lam_o):
            nd = nd & sp.Union(*sp.solve_poly_inequality(sp.Poly(-lam, sig), ">"))
    return lam_p, lam_o, free, nd


def _hilltop_every_d(kinetic, threshold):
    """The negative-definite set of the Hessian of a radial T(p) = g(||p||^2) for every d >= 2 and every
    alpha > 0: (rows, note).

    Entry-wise with d symbolic, d_i d_j g(sum_k p_k^2) = 2 g' delta_ij + 4 g'' p_i p_j (exact); a I + b p p^T
    has the eigenvalue a + b ||p||^2 along p and a on p's orthogonal complement (dimension d - 1 >= 1; exact,
    entry-wise); so the Hessian is negative definite iff 2 g' + 4 g'' s < 0 and 2 g' < 0 (s = ||p||^2).  With
    s = sigma / alpha both are free of alpha, so the set in sigma is solved exactly once (real-root isolation),
    and the claimed threshold must satisfy alpha threshold^2 = its lower end, free of alpha."""
    ok_hess, ok_eig = _radial_hessian_every_d()
    # g(s) = T(sqrt(s) e_1) (T radial), its eigenvalues, and the set in sigma = alpha s
    lam_p, lam_o, free, nd = _hilltop_sigma_set(sp.sympify(kinetic((sp.sqrt(_s_hill),))))
    claimed_sigma = simplify(alpha * threshold**2)
    ok_set = (
        free
        and not claimed_sigma.has(alpha)
        and bool(simplify(threshold).is_positive)
        and _same_set(nd, sp.Interval.open(claimed_sigma, sp.oo))
    )
    rows = {
        "every d: Hessian of g(||p||^2) = 2 g' I + 4 g'' p p^T": ok_hess,
        "every d: eigenvalues a + b ||p||^2 (along p), a (orthogonal, d - 1 >= 1 fold)": ok_eig,
        "every d >= 2, every alpha > 0: {alpha ||p||^2 : negative definite} = (alpha threshold^2, oo)": ok_set,
    }
    note = (
        f"every d >= 2 and alpha > 0 (entry-wise, d symbolic): eigenvalues {lam_p} (along p) and {lam_o} "
        f"(orthogonal) at ||p||^2 = sigma/alpha; negative definite for sigma in {nd}; claimed alpha threshold^2 = "
        f"{claimed_sigma}"
    )
    return rows, note


def check_hilltop(threshold=1 / sp.sqrt(12 * alpha), *, kinetic=M.kinetic_quartic, alpha_value=sp.Integer(1)):
    """The Hessian of T is negative definite exactly for ||p|| > threshold.  Decided over the whole domain: the
    set of radii r > 0 where the Hessian at p = r e_1 is negative definite is computed exactly (Sylvester's
    criterion, polynomial inequalities by exact real-root isolation) in d = 2 and d = 3 (T is radial, so r e_1
    represents every p with ||p|| = r; the tangential block is a multiple of the identity, so d >= 3 adds no new
    eigenvalue) and compared with the claimed set (threshold, oo) as sets.  The eigenvalues at
    ||p|| = tau x threshold (tau above and below 1) are reported beside it.  ``kinetic`` is the toolkit's
    reconstruction of the missing formula (a setting, not a claim)."""
    T = kinetic(P).subs(alpha, alpha_value)
    thr = threshold.subs(alpha, alpha_value)
    r2 = sp.Symbol("r2", positive=True)
    general = [simplify(e.subs(p1, sp.sqrt(r2))) for e in sp.hessian(kinetic(P), P).subs(p2, 0).eigenvals()]
    above = {str(t): _eigs_at(T, t * thr) for t in TAUS}
    below = {str(t): _eigs_at(T, t * thr) for t in BELOW}
    bad_above = [t for t, e in above.items() if not all(x < 0 for x in e)]
    bad_below = [t for t, e in below.items() if all(x < 0 for x in e)]
    claimed = sp.Interval.open(thr, sp.oo)
    c = Checks()
    sets = {}
    for d in (2, 3):
        radial, nd = _negative_definite_set(kinetic, alpha_value, d)
        sets[d] = nd
        c.exact(f"d = {d}: T is radial (p = r e_1 represents ||p|| = r)", radial, radial, True)
        c.exact(
            f"d = {d}: {{||p|| : Hessian negative definite}} (alpha = {alpha_value})",
            _same_set(nd, claimed),
            str(nd),
            str(claimed),
            "exact: Sylvester's criterion, polynomial inequalities solved by exact root isolation",
        )
    every, every_note = _hilltop_every_d(kinetic, threshold)
    for name, val in every.items():
        c.exact(name, val, val, True, "exact, entry-wise with d symbolic")
    ok = c.ok
    return c.outcome(
        every_note + "; "
        f"Hessian eigenvalues at ||p||^2 = r2: {general} (radial 1 - 12 alpha r2 once, tangential "
        f"1 - 4 alpha r2 d-1 times); negative definite exactly for ||p|| in {sets[2]} (alpha = {alpha_value})"
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
        finding=f"the Hessian of T is negative definite only for ||p|| in {show_set(sets[2])} "
        f"(alpha = {alpha_value}, d >= 2),"
        f" not ||p|| > {thr}: the tangential eigenvalue stays positive",
        severity="minor",
        eigenvalues_r2=[str(e) for e in general],
        tau_above={t: [str(x) for x in e] for t, e in above.items()},
    )


def check_hilltop_corrected(
    threshold=1 / (2 * sp.sqrt(alpha)), *, kinetic=M.kinetic_quartic, alpha_value=sp.Integer(1)
):
    """Corrected: negative definite exactly for ||p|| > 1/(2 sqrt(alpha)) in d >= 2 (indefinite between
    1/sqrt(12 alpha) and 1/(2 sqrt(alpha)))."""
    return check_hilltop(kinetic=kinetic, threshold=threshold, alpha_value=alpha_value)


# --- failure mode (1): energy runaway ------------------------------------------------------------

#: The friction of §2.2 (4): "the friction term defined in our architecture (p_{t+1} = beta p_t + ...)" damps the
#: momentum itself, p' = -grad V - k p with k = 1 - beta (the field of momentum:sec2.2.dissipation).  The other
#: conceivable friction, on the velocity q' = grad T (p' = -grad V - k grad T), is not what the preprint writes.
FRICTIONS = ("momentum", "velocity")

READING_RUNAWAY = (
    "Read as a statement about the energy LANDSCAPE (not the verdict's reading): T(p) = ||p||^2/2 - alpha||p||^4 "
    "-> -oo as ||p|| -> oo, so H is unbounded below and L = H is not radially unbounded -- true (sub-check "
    "'landscape'; it follows from the reconstruction of T, whose sign this very sentence fixes). Read as what "
    "happens ALONG TRAJECTORIES when 'the model accelerates (large p)' (the verdict's reading: 'causing the "
    "Hamiltonian to decrease'): with the preprint's friction p_(t+1) = beta p_t + ..., i.e. p' = -grad V - k p, "
    "dH/dt = -k||p||^2 (1 - 4 alpha||p||^2) > 0 once ||p|| > 1/(2 sqrt(alpha)), so H RISES along every runaway "
    "trajectory; it would fall only with friction on the velocity (p' = -grad V - k grad T, dH/dt = -k||grad T||^2), "
    "which the preprint does not write"
)


def _flow_dH(T, friction, V):
    """dH/dt of H = T + V along q' = grad_p H, p' = -grad V - k p ("momentum") or -grad V - k grad T ("velocity")."""
    if friction == "momentum":
        return M.lyapunov_derivative(V, T, Q, P, k)
    if friction == "velocity":
        H = T + V
        dq = M.gradient(H, P)
        dp = [-sp.diff(V, x) - k * sp.diff(T, y) for x, y in zip(Q, P)]
        return sp.expand(sum(sp.diff(H, x) * v for x, v in zip(Q, dq)) + sum(sp.diff(H, y) * v for y, v in zip(P, dp)))
    raise ValueError(f"friction must be one of {FRICTIONS}, not {friction!r}")


@functools.lru_cache(maxsize=8)
def _runaway_facts(T, T_again, friction):
    """Everything :func:`check_runaway` derives -- no claim enters it -- for the kinetic energy ``T`` (``T_again``:
    the setting called a second time, for the trajectory at alpha = 1) and the friction: dH/dt factored, its
    independence of V, its radial form and its sign beyond 1/(2 sqrt(alpha)), the forward-invariant region R of
    the runaway trajectory (the faces' velocities, p1' - p1 and dH/dt - 3 there, factored, and their signs), the
    landscape's limit, and dH/dt with the other friction factored.  A pure function of immutable arguments with
    immutable values (SymPy expressions, bools), kept per process: the check as printed, with its claims
    reversed and the tests' wrong claims derive the same facts."""
    Vg = sp.Function("V")(q1, q2)
    r2 = p1**2 + p2**2
    dH = _flow_dH(T, friction, Vg)
    closed = sp.factor(dH)
    free_of_V = not dH.has(Vg) and not (dH.free_symbols & set(Q))
    # (b) ||p||^2 = (1 + s)/(4 alpha), s > 0 (p = (r, 0): dH/dt depends on ||p|| only when it is a function of r2,
    # checked)
    s_ = sp.Symbol("s", positive=True)
    radial = is_zero(dH - dH.subs({p1: sp.sqrt(r2), p2: 0}, simultaneous=True))
    beyond = sp.factor(dH.subs({p1: sp.sqrt((1 + s_) / (4 * alpha)), p2: 0}, simultaneous=True))
    rises = radial and bool(beyond.is_positive)
    falls = radial and bool(beyond.is_nonpositive)
    # (c) V = ||q||^2/2, alpha = k = 1, region R
    V = (q1**2 + q2**2) / 2
    T1 = T_again.subs(alpha, 1)
    H1 = T1 + V
    if friction == "momentum":
        fq = M.gradient(H1, P)
        fp = [-sp.diff(V, x) - y for x, y in zip(Q, P)]
    else:
        fq = M.gradient(H1, P)
        fp = [-sp.diff(V, x) - sp.diff(T1, y) for x, y in zip(Q, P)]
    x_ = sp.Symbol("x", nonnegative=True)
    y_ = sp.Symbol("y", nonnegative=True)
    plane = {q2: 0, p2: 0}
    invariant_plane = all(is_zero(f.subs(plane)) for f in (fq[1], fp[1]))
    # d/dt (q1 + 2 p1) on the face q1 = -2 p1 (p1 = 1 + x)
    face_q = sp.expand((fq[0] + 2 * fp[0]).subs({**plane, q1: -2 * p1}).subs(p1, 1 + x_))
    face_p = sp.expand(fp[0].subs({**plane, p1: 1, q1: -2 - y_}))  # p1' on p1 = 1, q1 <= -2
    growth = sp.expand((fp[0] - p1).subs(plane).subs(q1, -2 * p1 - y_).subs(p1, 1 + x_))  # p1' - p1 in R
    dH1 = sp.expand(sum(sp.diff(H1, u) * v for u, v in zip(Q, fq)) + sum(sp.diff(H1, u) * v for u, v in zip(P, fp)))
    dH_R = sp.expand(dH1.subs(plane).subs(q1, -2 * p1 - y_).subs(p1, 1 + x_) - 3)  # dH/dt - 3 in R
    invariant = invariant_plane and bool(face_q.is_negative) and bool(face_p.is_positive)
    escapes = invariant and bool(growth.is_nonnegative)
    h_rises = escapes and bool(dH_R.is_nonnegative)
    # (d) the landscape
    rr = sp.Symbol("r", positive=True)
    lim = _limit_at_infinity(T.subs({p1: rr, p2: 0}, simultaneous=True), rr)  # H(q, (r, 0)) - V(q) = T(r, 0)
    alt = "velocity" if friction == "momentum" else "momentum"
    alt_dH = sp.factor(_flow_dH(T, alt, Vg))
    return (
        closed,
        free_of_V,
        radial,
        beyond,
        rises,
        falls,
        invariant,
        escapes,
        h_rises,
        bool(dH_R.is_nonnegative),
        sp.factor(face_q),
        face_p,
        sp.factor(growth),
        sp.factor(dH_R),
        lim,
        alt_dH,
    )


def check_runaway(decreases=True, radially_unbounded=False, *, kinetic=M.kinetic_quartic, friction="momentum"):
    """§2.2 failure mode (1): 'the negative quartic term dominates, causing the Hamiltonian to decrease
    indefinitely as ||p|| -> oo' (``decreases``: along trajectories of the dynamics) and 'the Lyapunov function is
    no longer radially unbounded' (``radially_unbounded`` False: the landscape).

    Exact throughout (SymPy): (a) dH/dt along q' = grad_p H, p' = -grad V - k p for an ARBITRARY potential V (an
    undefined function) is -k||p||^2 (1 - 4 alpha||p||^2); (b) with ||p||^2 = (1 + s)/(4 alpha), s > 0, it is
    k s (1 + s)/(4 alpha) > 0: H rises wherever ||p|| > 1/(2 sqrt(alpha)); (c) a runaway trajectory of the
    theorem's own class, V = ||q||^2/2 (convex, unique minimiser), alpha = k = 1: the region
    R = {p1 >= 1, q1 <= -2 p1, q2 = p2 = 0} is forward invariant (the field points strictly inward on both faces),
    in R p1' >= p1 (so ||p|| >= e^t -> oo) and dH/dt >= 3, so H strictly increases along it (e.g. from
    q = (-2, 0), p = (1, 0)); (d) the landscape: H(0, (r, 0)) -> -oo as r -> oo.  ``kinetic`` is the toolkit's
    reconstruction of T (a setting), ``friction`` the reading of the preprint's 'p_(t+1) = beta p_t + ...'."""
    c = Checks()
    T = kinetic(P)
    (closed, free_of_V, radial, beyond, rises, falls, invariant, escapes, h_rises, dH_R_nonneg, face_q, face_p,
     growth, dH_R, lim, alt_dH) = _runaway_facts(sp.sympify(T), sp.sympify(kinetic(P)), friction)  # fmt: skip
    # (a) the derivative along the flow, for every potential
    c.exact(
        f"dH/dt along the flow with friction on the {friction} is the same for every potential V",
        free_of_V,
        f"dH/dt = {closed}",
        "independent of V and q",
        "V an undefined function: the potential terms cancel identically (exact)",
    )
    # (b) its sign beyond 1/(2 sqrt(alpha))
    c.exact(
        "along trajectories: H decreases as ||p|| grows beyond 1/(2 sqrt(alpha))",
        falls if decreases else not falls,
        f"dH/dt = {beyond} " + ("> 0: H rises" if rises else "<= 0: H falls" if falls else "(sign not decided)"),
        "H decreases" if decreases else "H does not decrease",
        "||p||^2 = (1 + s)/(4 alpha), s > 0: exact sign from k, alpha, s > 0",
    )
    # (c) a runaway trajectory of the theorem's own class: V = ||q||^2/2, alpha = k = 1, region R
    c.exact(
        "runaway trajectory (V = ||q||^2/2, alpha = k = 1, from q = (-2, 0), p = (1, 0)): H decreases along it",
        (not h_rises) == bool(decreases),
        {
            "R forward invariant": invariant,
            "p1' - p1 >= 0 in R (||p|| >= e^t)": escapes,
            "dH/dt - 3 >= 0 in R": dH_R_nonneg,
        },
        "H decreases" if decreases else "H does not decrease",
        f"R = {{p1 >= 1, q1 <= -2 p1, q2 = p2 = 0}}: d/dt(q1 + 2 p1) = {face_q} < 0 on q1 = -2 p1 "
        f"(p1 = 1 + x), p1' = {face_p} > 0 on p1 = 1 (q1 = -2 - y), p1' - p1 = {growth} >= 0 and "
        f"dH/dt = 3 + ({dH_R}) >= 3 in R (x, y >= 0; exact signs)",
    )
    # (d) the landscape
    c.exact(
        "landscape: L = H radially unbounded (H(q, p) -> oo as ||p|| -> oo)",
        (lim == sp.oo) == bool(radially_unbounded),
        f"H(q, (r, 0)) - V(q) = T(r) -> {lim}",
        "radially unbounded" if radially_unbounded else "not radially unbounded",
    )
    alt = "velocity" if friction == "momentum" else "momentum"
    return c.outcome(
        f"§2.2 energy runaway: T = {T}; dH/dt = {closed} with friction on the {friction} (the preprint's "
        f"p_(t+1) = beta p_t + ..., the field of momentum:sec2.2.dissipation)"
        + (
            ": positive once ||p|| > 1/(2 sqrt(alpha)) -- along runaway trajectories the Hamiltonian RISES, it "
            "does not decrease (the printed direction is that of the landscape, T -> -oo, not of the dynamics)"
            if rises and decreases
            else ""
        )
        + f". For the record, friction on the {alt} would give dH/dt = {alt_dH}",
        finding=f"along trajectories dH/dt = {closed} > 0 for ||p|| > 1/(2 sqrt(alpha)): H rises, it does not decrease"
        if rises and decreases
        else "; ".join(f"{r[0]}: {r[2]} vs printed {r[3]}" for r in c.rows if not r[1]),
        severity="reading",
        reading=READING_RUNAWAY,
        dH_dt=str(closed),
        dH_dt_other_friction={alt: str(alt_dH)},
    )


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
    try:
        kept = _selection_rows(tuple(candidates))
    except TypeError:  # unhashable candidates: examined here, not kept
        kept = _selection_rows.__wrapped__(tuple(candidates))
    rows = {name: {k: (list(v) if isinstance(v, tuple) else v) for k, v in row} for name, row in kept}
    found = [name for name, row in kept if all(dict(row)[k] for k in _SELECTION_NEEDS)]
    return _selection_verdict(exists, rows, found)


#: What a candidate must be to be a counterexample (every one True).
_SELECTION_NEEDS = ("non-linear", "symplectic", "convex", "radially unbounded")


@functools.lru_cache(maxsize=16)
def _selection_rows(candidates: tuple) -> tuple:
    """(name, ((property, value), ...)) of each candidate kinetic energy of :func:`check_selection`, in order:
    non-linear, symplectic, the Hessian minors (a tuple of their strings), convex, radially unbounded.  No claim
    enters them: kept per process for the same candidates (immutable values); the claim is compared afresh."""
    out = []
    r = sp.Symbol("r", positive=True)
    for name, T in candidates:
        f = M.gradient(T, P)
        J = M.shear_jacobian(f, P)
        symplectic = all(e == 0 for e in M.symplectic_residual(J))
        Hs = sp.hessian(T, P)
        nonlinear = any(sp.diff(e, x) != 0 for e in Hs for x in P)
        m1, m2 = simplify(Hs[0, 0]), sp.factor(Hs.det())
        convex = bool(m1.is_positive) and bool(m2.is_positive)
        unbounded = (
            _limit_at_infinity(T.subs({p1: r, p2: 0}), r) == sp.oo
            and _limit_at_infinity(T.subs({p1: r, p2: r}), r) == sp.oo
        )
        out.append(
            (
                name,
                (
                    ("non-linear", nonlinear),
                    ("symplectic", symplectic),
                    ("Hessian minors", (str(m1), str(m2))),
                    ("convex", convex),
                    ("radially unbounded", unbounded),
                ),
            )
        )
    return tuple(out)


def _selection_verdict(exists, rows: dict, found: list):
    """The verdict of :func:`check_selection` on the candidates' ``rows`` and the counterexamples ``found``."""
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
        finding=""
        if bool(found) == bool(exists)
        else f"{len(found)} non-linear symplectic shears have a convex, radially unbounded T (e.g. T = {found[0]}): "
        "det J = 1 and convexity do not select the linear shear"
        if found
        else "no candidate non-linear shear is symplectic with a convex, radially unbounded T",
        counterexamples=found,
        severity="substantive",
        # symplecticity by exact residuals, convexity by the signs of the Hessian minors (SymPy assumptions on
        # alpha > 0, real p), unboundedness by exact limits (the counterexample's T is radial: one ray is every ray)
        evidence_level="proved",
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
        evidence_level="proved",
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
    _cert(
        "sec2.2.runaway",
        check_runaway,
        S,
        "sign of dH/dt along the flow with the preprint's friction (any V), a runaway trajectory, the landscape",
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
