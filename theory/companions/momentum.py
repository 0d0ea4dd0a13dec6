"""The Momentum Attention preprint (``papers/003_0cc77bc9d6b08a43``): its operator, spectra and claims.

The preprint applies ``q^_t = q_t + gamma (q_t - q_{t-1})`` to the post-RoPE query and key streams
(§1 Step 1, §2.3) -- the same operator as the main paper's M_gamma.  Its extracted text lost most
displayed equations; what is encoded here is what the prose prints (the claims quoted in each
statement's ``content``) and, where a formula has to be reconstructed from printed consequences,
the reconstruction is named in the docstring (e.g. the quartic kinetic energy of §2.2, recovered
from the printed threshold ``1/sqrt(12 alpha)``).

Boundary convention: none of the checks here depends on the first position; where a stream is
filtered, zero history ``q_0 = 0`` is used (named as such).
Pure: no I/O, no random numbers, no printing.
"""

from __future__ import annotations

import functools

import numpy as np
import sympy as sp

from ..shear import omega_explicit
from ..statement import paper_statement

PAPER = "momentum"

# --- symbols --------------------------------------------------------------------------------

gamma = sp.Symbol("gamma", real=True)
omega = sp.Symbol("omega", real=True)
theta = sp.Symbol("theta", real=True)
alpha = sp.Symbol("alpha", positive=True)
z = sp.Symbol("z")


# --- §2.6: transfer functions -----------------------------------------------------------------


def momentum_transfer(zz=z, g=gamma):
    """§2.6: ``H(z) = 1 + gamma (1 - z^{-1})`` of ``q^_t = q_t + gamma (q_t - q_{t-1})``."""
    return 1 + g * (1 - zz**-1)


def velocity_transfer(zz=z):
    """§2.6: the pure velocity operator ``u_n = x_n - x_{n-1}``, ``H_v(z) = 1 - z^{-1}``."""
    return 1 - zz**-1


def on_unit_circle(H, w=omega, zz=z):
    """``H(e^{j w})``."""
    return H.subs(zz, sp.exp(sp.I * w))


def power_response(H, w=omega, zz=z):
    """``|H(e^{jw})|^2`` for real ``w`` and real coefficients (``H H*``, expanded and simplified); kept per process
    for an immutable ``H`` (§2.6, §2.8 and §2.10 square the same transfer function)."""
    try:
        return _power_response_kept(H, w, zz)
    except TypeError:  # an unhashable (mutable) argument
        return _power_response(H, w, zz)


@functools.lru_cache(maxsize=64, typed=True)
def _power_response_kept(H, w, zz):
    return _power_response(H, w, zz)


def _power_response(H, w, zz):
    Hw = on_unit_circle(H, w, zz)
    Hc = Hw.subs(sp.I, -sp.I)
    return sp.simplify(sp.expand(sp.expand_complex(Hw * Hc)).rewrite(sp.cos))


def momentum_power(w, g):
    """NumPy: ``|H(e^{jw})|^2 = 1 + 4 gamma (1 + gamma) sin^2(w/2)`` (the main paper's Prop 13)."""
    w = np.asarray(w, dtype=float)
    return 1.0 + 4.0 * g * (1.0 + g) * np.sin(w / 2.0) ** 2


def fir_filter(x, taps):
    """Causal FIR ``y_t = sum_i taps[i] x_{t-i}`` along axis 0 with zero history (``x_{<0} = 0``)."""
    x = np.asarray(x, dtype=float)
    y = np.zeros_like(x)
    for i, c in enumerate(taps):
        if i == 0:
            y += c * x
        else:
            y[i:] += c * x[:-i]
    return y


# --- §2.1: the kinematic operator ---------------------------------------------------------------


def kinematic_coefficients(history: int) -> tuple[sp.Symbol, ...]:
    """Coefficients ``a_0..a_H`` of the general linear causal operator of history length ``H``:
    ``K(q_t) = sum_i a_i q_{t-i}`` (§2.1 Step 1 for ``H = 1``: ``alpha q_t + beta q_{t-1}``)."""
    return sp.symbols(f"a0:{history + 1}", real=True)


def kinematic_in_phase_space(coeffs):
    """``K`` written in phase-space coordinates ``(q_t, p_t, p_{t-1}, ...)``, ``p_s = q_s - q_{s-1}``.

    Returns ``(K, q, ps)``: ``q_{t-i} = q_t - p_t - ... - p_{t-i+1}``.
    """
    H = len(coeffs) - 1
    q = sp.Symbol("q_t", real=True)
    ps = sp.symbols(f"p_t0:{H}", real=True) if H else ()
    lagged = [q - sum(ps[:i]) for i in range(H + 1)]
    return sp.expand(sum(a * x for a, x in zip(coeffs, lagged))), q, ps


def highpass_condition(coeffs):
    """§2.1 Step 2: ``K(c) = 0`` for the static input ``q_s = c``; returns ``K(c)/c = sum a_i``."""
    return sp.Add(*coeffs)


def shear_jacobian_det(coeffs):
    """Unit-determinant condition of §2.1's last line, for the map ``(q, p..) -> (q + K, p..)``
    in phase-space coordinates: returns ``det J``."""
    K, q, ps = kinematic_in_phase_space(coeffs)
    xs = (q, *ps)
    images = (q + K, *ps)
    J = sp.Matrix([[sp.diff(f, x) for x in xs] for f in images])
    return sp.factor(J.det())


def kinematic_operator(d: int, coefficients: str = "matrix"):
    """§2.1 Step 1 in the preprint's phase space: ``K(q_t) = A q_t + B q_{t-1}`` on ``q_t in R^d``.

    ``coefficients="scalar"``: ``A = alpha I``, ``B = beta I`` (the proof's Step 1); ``"matrix"``: ``A``,
    ``B`` general ``d x d`` (a general linear operator on ``R^d``).  Returns ``(A, B, unknowns)``.
    """
    if coefficients == "scalar":
        a, b = sp.symbols("alpha beta", real=True)
        return a * sp.eye(d), b * sp.eye(d), (a, b)
    if coefficients != "matrix":
        raise ValueError(f"coefficients must be 'scalar' or 'matrix', not {coefficients!r}")
    A = sp.Matrix(d, d, sp.symbols(f"A0:{d * d}", real=True))
    B = sp.Matrix(d, d, sp.symbols(f"B0:{d * d}", real=True))
    return A, B, tuple(A) + tuple(B)


def kinematic_phase_map(A, B) -> sp.Matrix:
    """The map ``(q_t, p_t) -> (q_t + K, p_t)`` on the preprint's phase space (§2.1), with
    ``q_{t-1} = q_t - p_t``: ``K = (A + B) q_t - B p_t``, matrix ``[[I + A + B, -B], [0, I]]``."""
    d = A.rows
    return sp.Matrix(sp.BlockMatrix([[sp.eye(d) + A + B, -B], [sp.zeros(d), sp.eye(d)]]))


def kinematic_conditions(A, B) -> list:
    """§2.1's conditions (2) and (3) on ``K = A q_t + B q_{t-1}`` as expressions that must vanish:
    (2) high-pass ``K(c, c) = (A + B) c = 0`` for all ``c``; (3) symplectic consistency of the phase-space
    map :func:`kinematic_phase_map`, ``M^T Omega M = Omega`` (NOT ``det M = 1``; on ``R^{2d}``, ``d >= 2``,
    the two differ).  Causality (1) is built in: only ``q_t`` and ``q_{t-1}`` enter."""
    hp = list(A + B)
    raw = kinematic_phase_map(A, B)
    d = raw.shape[0] // 2
    Om = omega_matrix(d)
    entries = [sp.expand(e) for e in (raw.T * Om * raw - Om)]
    # a polynomial with rational coefficients has one expanded form: simplify would only rewrite it before the
    # expansion below, so it is skipped there (other entries are simplified as symplectic_residual does)
    sym = [e if _rational_polynomial(e) else sp.simplify(e) for e in entries]
    return [sp.expand(e) for e in hp + sym if sp.expand(e) != 0]


def _rational_polynomial(e) -> bool:
    """Whether ``e`` is a polynomial in its symbols with rational coefficients (no functions, no radicals)."""
    return (
        bool(e.is_polynomial())
        and all(n.is_Rational for n in e.atoms(sp.Number))
        and all(p.exp.is_Integer for p in e.atoms(sp.Pow))
        and not e.has(sp.I, sp.pi, sp.E)
        and not e.atoms(sp.Function)
    )


# --- §2.2-2.3: shears, symplecticity, volume ------------------------------------------------------


def omega_matrix(d: int) -> sp.Matrix:
    """Canonical ``Omega = [[0, I], [-I, 0]]`` on ``(q, p)`` (§2.3)."""
    return omega_explicit(d)


def symplectic_residual(M: sp.Matrix) -> sp.Matrix:
    """``M^T Omega M - Omega`` (zero iff ``M`` is symplectic; the main paper's Rem 39)."""
    d = M.shape[0] // 2
    Om = omega_matrix(d)
    return (M.T * Om * M - Om).applyfunc(lambda e: sp.simplify(sp.expand(e)))


def linear_shear(g, d):
    """§2.3: ``phi_gamma (q, p) = (q + gamma p, p)``, the matrix ``[[I, gamma I], [0, I]]``: explicit
    (``sp.Matrix``) at an integer d, a ``BlockMatrix`` of ``Identity(d)`` blocks at a symbolic d (every d)."""
    if isinstance(d, sp.Basic) and not d.is_Integer:
        I = sp.Identity(d)
        return sp.BlockMatrix([[I, g * I], [sp.ZeroMatrix(d, d), I]])
    return sp.Matrix(sp.BlockMatrix([[sp.eye(d), g * sp.eye(d)], [sp.zeros(d), sp.eye(d)]]))


def shear_jacobian(f, p) -> sp.Matrix:
    """Jacobian of the (possibly non-linear) shear ``(q, p) -> (q + f(p), p)`` (§2.2): ``[[I, Df], [0, I]]``."""
    d = len(p)
    Df = sp.Matrix([[sp.diff(fi, pj) for pj in p] for fi in f])
    return sp.Matrix(sp.BlockMatrix([[sp.eye(d), Df], [sp.zeros(d), sp.eye(d)]]))


def kinetic_linear(p, g=gamma):
    """§2.2: ``T_lin(p) = gamma ||p||^2 / 2``."""
    return g * sum(x**2 for x in p) / 2


def kinetic_quartic(p, a=alpha, sign: int = -1):
    """§2.2's non-linear kinetic energy, RECONSTRUCTED: ``T(p) = ||p||^2/2 + sign * alpha ||p||^4``.

    The displayed formula is missing from the text; ``sign = -1`` is fixed by the printed "negative
    quartic term" and by the printed threshold ``||p|| > 1/sqrt(12 alpha)``, which is where the radial
    Hessian eigenvalue ``1 - 12 alpha ||p||^2`` of this T changes sign.
    """
    r2 = sum(x**2 for x in p)
    return r2 / 2 + sign * a * r2**2


def hessian(expr, xs) -> sp.Matrix:
    return sp.hessian(expr, list(xs))


def quartic_hessian_eigenvalues(r2, a=alpha, sign: int = -1):
    """Eigenvalues of the Hessian of :func:`kinetic_quartic` at ``||p||^2 = r2`` (dimension >= 2):
    radial ``1 + sign 12 a r2`` (once) and tangential ``1 + sign 4 a r2`` (``d - 1`` times)."""
    return 1 + sign * 12 * a * r2, 1 + sign * 4 * a * r2


def gradient(expr, xs):
    return [sp.diff(expr, x) for x in xs]


def dissipative_field(V, T, q, p, k):
    """Hamiltonian flow of ``H = T(p) + V(q)`` with linear friction (§2.2 (4), continuous time):
    ``q' = dH/dp``, ``p' = -dH/dq - k p``.  Returns ``(q', p')``."""
    H = T + V
    return gradient(H, p), [-sp.diff(H, qi) - k * pi for qi, pi in zip(q, p)]


def lyapunov_derivative(V, T, q, p, k):
    """``dL/dt`` of ``L = H = T + V`` along :func:`dissipative_field` (``k = 0``: conservative)."""
    dq, dp = dissipative_field(V, T, q, p, k)
    H = T + V
    return sp.expand(sum(sp.diff(H, x) * v for x, v in zip(q, dq)) + sum(sp.diff(H, x) * v for x, v in zip(p, dp)))


def linear_frequencies(A, g=gamma):
    """Angular frequencies of ``q' = gamma p, p' = -A q`` (``V = q^T A q / 2``, ``A`` diagonal):
    ``sqrt(gamma a_i)``."""
    return [sp.sqrt(g * A[i, i]) for i in range(A.shape[0])]


# --- §2.5 and Thm 2.8: the expanded score ---------------------------------------------------------


def vec(name: str, n: int = 3) -> sp.Matrix:
    return sp.Matrix(sp.symbols(f"{name}1:{n + 1}", real=True))


def momentum_score(q, pq, k, pk, g=gamma):
    """``q^_t^T k^_j`` with ``q^ = q + gamma p_q``, ``k^ = k + gamma p_k`` (§2.3, §2.5)."""
    return sp.expand(((q + g * pq).T * (k + g * pk))[0, 0])


def four_terms(q, pq, k, pk, g=gamma) -> dict:
    """§2.5: static (DC-DC) ``q^T k``; anticipation (DC-AC, static query, moving key) ``gamma q^T p_k``;
    drift (AC-DC, moving query, static key) ``gamma p_q^T k``; kinematic (AC-AC) ``gamma^2 p_q^T p_k``."""
    dot = lambda a, b: (a.T * b)[0, 0]  # noqa: E731
    return {
        "static": dot(q, k),
        "anticipation": g * dot(q, pk),
        "drift": g * dot(pq, k),
        "kinematic": g**2 * dot(pq, pk),
    }


# --- §2.7: softmax attention with a frozen context --------------------------------------------------


class softmax_exp(sp.Function):
    """``exp`` as an opaque SymPy function for the exact attention path: ``d/dx softmax_exp(x) = softmax_exp(x)``,
    but SymPy never merges ``softmax_exp(a)^2`` or ``softmax_exp(a)/softmax_exp(b)`` into new exponentials, so an
    identity in the scores' exponentials can be decided as a rational function of independent atoms.
    ``.rewrite(sp.exp)`` gives the exponential back."""

    def fdiff(self, argindex=1):
        return self

    def _eval_rewrite_as_exp(self, x, **kwargs):
        return sp.exp(x)


def _symbolic(*arrays) -> bool:
    """True when an input is an object array (SymPy entries): the exact path of the attention functions."""
    return any(isinstance(a, np.ndarray) and a.dtype == object for a in arrays)


def attention_weights(Q, K, causal: bool = True) -> np.ndarray:
    """``A[t, j] = softmax_j(q_t . k_j / sqrt(d))`` with the causal mask when ``causal``.

    Float arrays: NumPy (max-shifted).  Object arrays of SymPy expressions: the same formula exactly
    (:class:`softmax_exp` of the scores over the causal prefix, no shift), an object array."""
    if _symbolic(Q, K):
        Q, K = np.asarray(Q, dtype=object), np.asarray(K, dtype=object)
        T, n, d = Q.shape[0], K.shape[0], Q.shape[1]
        out = np.zeros((T, n), dtype=object)
        for t in range(T):
            cols = range(min(t + 1, n)) if causal else range(n)
            e = {j: softmax_exp(sum(Q[t, m] * K[j, m] for m in range(d)) / sp.sqrt(d)) for j in cols}
            tot = sum(e.values())
            for j, v in e.items():
                out[t, j] = v / tot
        return out
    Q, K = np.asarray(Q, float), np.asarray(K, float)
    S = Q @ K.T / np.sqrt(Q.shape[1])
    if causal:
        S = S.copy()
        S[np.triu_indices(S.shape[0], k=1, m=S.shape[1])] = -np.inf
    S = S - S.max(axis=1, keepdims=True)
    E = np.exp(S)
    return E / E.sum(axis=1, keepdims=True)


def attention_output(Q, K, V, causal: bool = True) -> np.ndarray:
    """``Y = A V`` for queries ``Q`` against a frozen context ``(K, V)`` (§2.7.1); exact for object arrays."""
    if _symbolic(Q, K, V):
        return attention_weights(Q, K, causal) @ np.asarray(V, dtype=object)
    return attention_weights(Q, K, causal) @ np.asarray(V, float)


def attention_jacobians(Q, K, V, causal: bool = True):
    """Fréchet derivative of :func:`attention_output` in ``Q`` (§2.7.1): ``dY_t = J_t dq_t`` with
    ``J_t = V^T (diag(a_t) - a_t a_t^T) K / sqrt(d)``; shape ``(T, d_v, d)``.  Row ``t`` of ``Y``
    depends on ``q_t`` only, so the derivative is block-diagonal in position.

    Object arrays (SymPy entries): the same formula exactly, returned as a list of ``T`` SymPy matrices."""
    A = attention_weights(Q, K, causal)
    if _symbolic(Q, K, V):
        Km, Vm = sp.Matrix(np.asarray(K, dtype=object)), sp.Matrix(np.asarray(V, dtype=object))
        d = Km.shape[1]
        exact = []
        for a_row in A:
            a = sp.Matrix(list(a_row))
            exact.append(Vm.T * (sp.diag(*a) - a * a.T) * Km / sp.sqrt(d))
        return exact
    K, V = np.asarray(K, float), np.asarray(V, float)
    d = K.shape[1]
    out = np.empty((A.shape[0], V.shape[1], d))
    for t, a in enumerate(A):
        Ja = np.diag(a) - np.outer(a, a)
        out[t] = V.T @ Ja @ K / np.sqrt(d)
    return out


def linear_response(jacobians, dQ) -> np.ndarray:
    """``dY_t = J_t dq_t`` for every position."""
    return np.einsum("tij,tj->ti", jacobians, np.asarray(dQ, float))


def attention_linear_response_arb(Q, K, V, dQ, causal: bool = True):
    """``dY_t = J_t dq_t`` (the same ``J_t`` as :func:`attention_jacobians`) in Arb ball arithmetic.

    ``Q``, ``K``, ``V`` are float arrays taken at their exact binary values; ``dQ`` a ``T x d`` nested list of
    ``arb`` balls.  Computed as ``dY_t = V^T r_t / sqrt(d)`` with ``r_tj = a_tj (c_tj - sum_i a_ti c_ti)``,
    ``c_tj = k_j . dq_t`` (the product ``J_t dq_t`` written out); the scores, ``c`` and ``R V`` as ``arb_mat``
    products.
    Returns ``T`` lists of ``d_v`` balls enclosing the exact linear response at the current precision."""
    from flint import arb, arb_mat

    Q, K, V = np.asarray(Q, float), np.asarray(K, float), np.asarray(V, float)
    T, d = Q.shape
    n = K.shape[0]
    Qm = arb_mat([[arb(float(x)) for x in row] for row in Q])
    Km = arb_mat([[arb(float(x)) for x in row] for row in K])
    Vm = arb_mat([[arb(float(x)) for x in row] for row in V])
    rs = arb(d).sqrt()
    S = Qm * Km.transpose()
    C = arb_mat([list(row) for row in dQ]) * Km.transpose()  # C[t, j] = dq_t . k_j
    R = arb_mat(T, n)
    for t in range(T):
        cols = range(min(t + 1, n)) if causal else range(n)
        e = [(S[t, j] / rs).exp() for j in cols]
        tot = sum(e[1:], e[0])
        a = [x / tot for x in e]
        c = [C[t, j] for j in cols]
        ac = sum((ai * ci for ai, ci in zip(a[1:], c[1:])), a[0] * c[0])
        for j, ai, ci in zip(cols, a, c):
            R[t, j] = ai * (ci - ac)
    Y = R * Vm
    return [[Y[t, i] / rs for i in range(V.shape[1])] for t in range(T)]


# --- §2.9: placement --------------------------------------------------------------------------


def rotation(angle) -> sp.Matrix:
    """2-D rotation ``R(angle)`` (one RoPE band)."""
    return sp.Matrix([[sp.cos(angle), -sp.sin(angle)], [sp.sin(angle), sp.cos(angle)]])


def rotation_np(angle: float) -> np.ndarray:
    c, s = np.cos(angle), np.sin(angle)
    return np.array([[c, -s], [s, c]])


def post_rope(Rt, Rprev, qt, qprev, g=gamma):
    """§2.9 Post-RoPE: ``R_t q_t + gamma (R_t q_t - R_{t-1} q_{t-1})``."""
    return Rt * qt + g * (Rt * qt - Rprev * qprev)


def pre_rope(Rt, Rprev, qt, qprev, g=gamma):
    """§2.9 Pre-RoPE: ``R_t (q_t + gamma (q_t - q_{t-1}))`` (``R_{t-1}`` unused: the frame mismatch)."""
    return Rt * (qt + g * (qt - qprev))


# --- §2.10: singular values and energy -------------------------------------------------------


def shear_singular_values(g=gamma):
    """Singular values of ``[[1, gamma], [0, 1]]``: ``(sqrt(gamma^2 + 4) +- |gamma|) / 2``."""
    r = sp.sqrt(g**2 + 4)
    return (r + sp.Abs(g)) / 2, (r - sp.Abs(g)) / 2


def band_averaged_power_gain(g=gamma):
    """``(1/pi) int_0^pi |H(e^{jw})|^2 dw = 1 + 2 gamma (1 + gamma)`` (main paper Thm 16, eq. 23)."""
    return 1 + 2 * g * (1 + g)


# --- Addendum to Appendix E: sinusoidal PE and RoPE increments ---------------------------------

s_ = sp.Symbol("s", real=True)
t_ = sp.Symbol("t", real=True)


def pe_increments(w=omega, s=s_):
    """Increments of the sinusoidal PE pair at frequency ``w``: ``(sin ws - sin w(s-1), cos ws - cos w(s-1))``."""
    return sp.sin(w * s) - sp.sin(w * (s - 1)), sp.cos(w * s) - sp.cos(w * (s - 1))


def pe_increments_half_shift(w=omega, s=s_):
    """Addendum E §3.3/§3.5: the half-shift form ``(2 sin(w/2) cos(w(s-1/2)), -2 sin(w/2) sin(w(s-1/2)))``."""
    h = w * (s - sp.Rational(1, 2))
    return 2 * sp.sin(w / 2) * sp.cos(h), -2 * sp.sin(w / 2) * sp.sin(h)


def rope_increment(th=theta, t=t_):
    """``R(t theta) - R((t-1) theta)``."""
    return rotation(t * th) - rotation((t - 1) * th)


def rope_increment_factored(th=theta, t=t_):
    """Addendum E §4: slowly varying phase times the fixed high-pass increment,
    ``R((t-1/2) theta) [R(theta/2) - R(-theta/2)]``."""
    return rotation((t - sp.Rational(1, 2)) * th) * (rotation(th / 2) - rotation(-th / 2))


# --- statements ----------------------------------------------------------------------------------

_O, _T, _E, _D = "operator", "transition", "empirical", "definition"


_st = functools.partial(paper_statement, PAPER)


STATEMENTS = (
    _st(
        "sec1.feedback",
        "§1 (Equation 1)",
        "§1",
        "Shear as a negative feedback loop",
        _D,
        "'Equation 1 demonstrates that the physical act of shearing the phase space is mathematically "
        "identical to applying a negative feedback loop.' (Equation 1 itself is not in the text)",
    ),
    _st(
        "sec2.1.uniqueness",
        "§2.1 (Theorem, Steps 1-3)",
        "§2.1",
        "Uniqueness of the kinematic operator",
        _O,
        "K(q_t) = gamma (q_t - q_{t-1}) is the unique linear operator satisfying (1) Causality, (2) High-Pass "
        "Condition, (3) Symplectic Consistency. Proof: Step 1 'the most general linear causal operator of "
        "history length 1 is alpha q_t + beta q_{t-1}'; Step 2 K(c) = (alpha + beta) c = 0 => alpha = -beta; "
        "Step 3 alpha = gamma; 'det(J) = 1*1 - gamma*0 = 1 confirms volume preservation'.",
        sympy=lambda: sp.Eq(highpass_condition(kinematic_coefficients(1)), 0),
    ),
    _st(
        "sec2.1.volume",
        "§2.1 (last line)",
        "§2.1",
        "Unit Jacobian determinant of the shear",
        _O,
        "det(J) = 1*1 - gamma*0 = 1 confirms volume preservation (Liouville's Theorem)",
        sympy=lambda: sp.Eq(linear_shear(gamma, 1).det(), 1),
    ),
    _st(
        "sec2.2.linear",
        "§2.2 (Theorem, linear shear)",
        "§2.2",
        "Global asymptotic stability of the linear shear",
        _T,
        "If V(q) is convex, the equilibrium (q*, 0) of H_lin = gamma ||p||^2/2 + V(q) is globally "
        "asymptotically stable under dissipative dynamics; (1) L(q,p) > 0 except at the equilibrium; "
        "(2) L -> infinity as ||p|| or ||q|| -> infinity.",
        depends=("sec2.2.dissipation",),
    ),
    _st(
        "sec2.2.orbits",
        "§2.2 (3) Orbital Stability",
        "§2.2",
        "Closed orbits in the conservative case",
        _T,
        "In the conservative case (L' = 0), trajectories are closed orbits on level sets of H.",
    ),
    _st(
        "sec2.2.dissipation",
        "§2.2 (4) Dissipative Convergence",
        "§2.2",
        "Strict decrease under friction",
        _T,
        "Adding the friction term (p_{t+1} = beta p_t + ...), we obtain L' < 0.",
    ),
    _st(
        "sec2.2.hilltop",
        "§2.2 (Hessian of the non-linear kinetic term)",
        "§2.2",
        "The 'Hill-Top' threshold",
        _O,
        "For sufficient momentum ||p|| > 1/sqrt(12 alpha), the Hessian H_T becomes negative definite "
        "(T(p) = ||p||^2/2 - alpha ||p||^4, reconstructed from the printed threshold and 'negative quartic term')",
        sympy=lambda: quartic_hessian_eigenvalues(sp.Symbol("r2", positive=True)),
    ),
    _st(
        "sec2.2.runaway",
        "§2.2 failure mode (1)",
        "§2.2",
        "Energy runaway",
        _O,
        "the negative quartic term dominates, causing the Hamiltonian to decrease indefinitely as ||p|| -> "
        "infinity; the Lyapunov function is no longer radially unbounded",
        depends=("sec2.2.hilltop",),
    ),
    _st(
        "sec2.2.chaos",
        "§2.2 failure mode (2)",
        "§2.2",
        "Chaotic scattering",
        _T,
        "Trajectories entering the region where nabla^2 T is indefinite become hyperbolic; small perturbations "
        "lead to exponential divergence (positive Lyapunov exponent).",
    ),
    _st(
        "sec2.2.selection",
        "§2.2 (opening, conclusion and items 1-2)",
        "§2.2",
        "Non-linear shears cannot keep a convex energy landscape",
        _O,
        "non-linear shears q' = q + f(p) can preserve symplecticity, but 'cannot simultaneously preserve the "
        "convex energy landscape'; the linear shear is uniquely selected by (1) det J = 1 and (2) a convex energy "
        "landscape nabla_p^2 T = gamma I > 0; 'for non-linear kinetic terms T(p), the Lyapunov candidate L = H "
        "fails to guarantee global stability due to loss of convexity'",
        depends=("sec2.2.hilltop",),
    ),
    _st(
        "sec2.2.volume_symplectic",
        "§2.2, §2.10.1-2.10.2",
        "§2.2",
        "Volume preservation read as symplecticity",
        _O,
        "'while non-linear maps may be volume-preserving (symplectic)'; 'Impose symplecticity (det J = 1)'; "
        "'By enforcing symplecticity (det J = 1), we forbid rank collapse'",
    ),
    _st(
        "sec2.3",
        "§2.3",
        "§2.3",
        "The shear is symplectic",
        _O,
        "phi_gamma is a symplectic map, preserving the canonical symplectic form Omega = [[0, I], [-I, 0]]",
        sympy=lambda: symplectic_residual(linear_shear(gamma, 2)),
    ),
    _st(
        "thm2.8",
        "Theorem 2.8 (§2.4)",
        "§2.4",
        "Single-layer induction",
        _T,
        "A single-layer Momentum-Augmented Attention head can implement an approximate Induction Head "
        "mechanism without K-composition; q_{t-1}^T k_{j-1} ~ ||e_prev||^2 is large when x_{t-1} = x_{j-1}.",
    ),
    _st(
        "thm2.8.expansion",
        "Theorem 2.8 (§2.4, the critical term)",
        "§2.4",
        "The critical term in the score",
        _O,
        "the momentum score contains the critical term q_{t-1}^T k_{j-1} (in lagged coordinates: weight "
        "gamma^2, beside (1+gamma)^2 q_t^T k_j and -gamma(1+gamma) for the two mixed lags)",
        depends=("sec2.5",),
    ),
    _st(
        "sec2.5",
        "§2.5 and Addendum B §2",
        "§2.5",
        "The four-term expansion",
        _O,
        "q^_t^T k^_j = S_static (DC-DC) + S_anticipation (DC-AC: static query, moving key) + S_drift (AC-DC: "
        "moving query, static key) + S_kinematic (AC-AC)",
        sympy=lambda: four_terms(vec("q"), vec("pq"), vec("k"), vec("pk")),
    ),
    _st(
        "sec2.6.transfer",
        "§2.6",
        "§2.6",
        "Transfer function, DC and Nyquist gains",
        _O,
        "At DC: H(1) = 1. At Nyquist: H(-1) = 1 + 2 gamma. For gamma > 0 the magnitude increases with "
        "frequency (high-pass); the combined operator interpolates between unity at DC and (1 + 2 gamma) at Nyquist.",
        sympy=lambda: momentum_transfer(),
    ),
    _st(
        "sec2.6.velocity",
        "§2.6",
        "§2.6",
        "The pure velocity operator",
        _O,
        "u_n = x_n - x_{n-1} has H_v(w) = 1 - e^{-jw}, |H_v(w)| = 2|sin(w/2)|; |H_v(0)| = 0 (complete "
        "rejection), |H_v(pi)| = 2 (maximum gain)",
        sympy=lambda: velocity_transfer(),
    ),
    _st(
        "sec2.7.1",
        "§2.7.1 (Local Linearity Theorem)",
        "§2.7",
        "Linearising the softmax operator",
        _O,
        "For a fixed context window (frozen K and V), the mapping from a query perturbation dQ to the output "
        "perturbation dY is a Linear Operator (the Jacobian J at the operating point).",
    ),
    _st(
        "thm2.11",
        "Theorem 2.11 (§2.7.2)",
        "§2.7",
        "Validity of the Bode methodology",
        _O,
        "(1) inject dQ(t) = A sin(w t); (2) by the Local Linearity Theorem dY(t) must be a sinusoid of the same "
        "frequency w, scaled by G(w) and shifted by phi(w); (3) |dY|/|dQ| is a valid estimate of the local "
        "spectral gain at w.",
        depends=("sec2.7.1",),
    ),
    _st(
        "sec2.7.2.empirical",
        "§2.7.2 (Figure 3)",
        "§2.7",
        "Measured Bode trace",
        _E,
        "measured frequency response of a trained head matches the theoretical high-pass curve with r = 0.94",
    ),
    _st(
        "sec2.8",
        "§2.8 (Orthogonality Theorem, proof sketch)",
        "§2.8",
        "Spectral escape route",
        _O,
        "|H_HP(w)|^2 = 4 sin^2(w/2): complete DC rejection, maximum at Nyquist; the cross-correlation integral "
        "int_0^pi H_LP H_HP dw vanishes when filter supports are disjoint (H_LP concentrated at DC); "
        "§2.10.3: |int Y_sem Z| <= eps",
        depends=("sec2.6.velocity",),
    ),
    _st(
        "sec2.8.empirical",
        "§2.8",
        "§2.8",
        "Critical coupling 0.225",
        _E,
        "gamma_c ~ 0.225 marks the transition; random (~5%) to near-perfect (>99%) induction accuracy",
    ),
    _st(
        "sec2.9",
        "§2.9 (Placement Corollary, Equation 25)",
        "§2.9",
        "Pre-RoPE Coriolis error",
        _O,
        "Post-RoPE q^ = R_t q_t + gamma (R_t q_t - R_{t-1} q_{t-1}); Pre-RoPE q^_err = R_t (q_t + gamma (q_t - "
        "q_{t-1})); using R_t = e^{i theta} R_{t-1}, the error magnitude is |eps| = |1 - e^{-i theta}| ||q_{t-1}|| "
        "= 2 sin(theta/2) ||q_{t-1}||",
    ),
    _st(
        "sec2.9.empirical",
        "§2.9, §2.9.1, §3.1",
        "§2.9",
        "Placement measurements and analogies",
        _E,
        "r = 0.12 (pre-RoPE) vs r = 0.94 (post-RoPE); +52.5% vs -4.1%; 'isomorphic to the classical Coriolis force'",
    ),
    _st(
        "sec2.10.rank",
        "§2.10.2 Step 2",
        "§2.10",
        "Unit determinant and singular values",
        _O,
        "Volume preservation implies that the Jacobian has unit determinant at every point, which in turn "
        "implies that no singular value can approach zero.",
        depends=("sec2.1.volume",),
    ),
    _st(
        "sec2.10.parseval",
        "§2.10.2 Step 4, §2.9.1, §5",
        "§2.10",
        "Conservation of signal energy",
        _O,
        "The conservation of phase space volume (Liouville) implies conservation of signal energy (Parseval): "
        "'the symplectic shear guarantees that spectral energy is redistributed rather than created or "
        "destroyed'",
        depends=("sec2.10.rank", "sec2.6.transfer"),
    ),
    _st(
        "sec2.10.3",
        "§2.10.3",
        "§2.10",
        "Spread spectrum via symplectic structure",
        _D,
        "mechanistic signals travel on a channel orthogonal to semantic signals -- 'the definition of Spread "
        "Spectrum technology (CDMA), derived purely from the symplectic ansatz'",
        depends=("sec2.8",),
    ),
    _st(
        "sec3.1",
        "§3.1 (Figure 3)",
        "§3.1",
        "Spectral forensics measurements",
        _E,
        "r = 0.12 pre-RoPE, r = 0.94 post-RoPE; +52.5% differential; 480 head configurations",
    ),
    _st(
        "sec3.2",
        "§3.2 (Table 1)",
        "§3.2",
        "Task dissociation",
        _E,
        "4M model: single-layer induction 98.7% vs 12.4% standard",
    ),
    _st(
        "sec3.3",
        "§3.3 (Table 2)",
        "§3.3",
        "David vs. Goliath",
        _E,
        "125M momentum model tracks the 350M baseline within ~2.9% validation loss using 64% fewer parameters",
    ),
    _st(
        "sec3.4",
        "§3.4 (Figure 4)",
        "§3.4",
        "ICL stress test",
        _E,
        "standard attention decays as p^L, momentum as 1 - cL; +52.5% at L = 30; 2,880 configurations",
    ),
    _st(
        "sec3.5",
        "§3.5 (Figure 5)",
        "§3.5",
        "Single-layer induction and the scaling law",
        _E,
        "N = 1: 83.4% at gamma = 4.0 vs 1.2% at gamma = 0, 'a 69.5x improvement'; gamma* = 4.17 N^-0.74, R^2 = 0.947",
    ),
    _st(
        "sec4",
        "§4.1-4.3",
        "§4",
        "Hydra effect and superposition",
        _D,
        "the symplectic constraint det J = 1 is a global property of the layer (Kirchhoff analogy); DC and AC "
        "bands are orthogonal, resolving polysemanticity",
    ),
    _st(
        "appB.sec1.2",
        "Addendum B §1.2",
        "Add. B",
        "Depth bound for standard attention",
        _D,
        "a single-layer transformer with standard attention requires width exponential in sequence length; "
        "efficient implementation requires depth L >= 2 (cited)",
    ),
    _st(
        "appE.sec1.2",
        "Addendum E §1.2, §5.1, §7",
        "Add. E",
        "The 1.22x ratio and the implied r",
        _E,
        "gamma_c^RoPE = 0.225, gamma_c^Sin = 0.275; observed ratio 1.22x; implied r = 0.818 (not 0.01-0.1); "
        "dilution predicted gamma_c^Sin/gamma_c^RoPE ~ 1/r, i.e. 10-100x",
    ),
    _st(
        "appE.halfshift",
        "Addendum E §3.3, §3.5 (Equations 10-11)",
        "Add. E",
        "Half-shift form of PE increments",
        _O,
        "PE increments are cos/sin at half-shift (s - 1/2) weighted by sin(w/2)",
        sympy=lambda: pe_increments_half_shift(),
    ),
    _st(
        "appE.thm3.1",
        "Addendum E Theorem 3.1",
        "Add. E",
        "Phase-averaging cancellation",
        _O,
        "products of trigonometric functions at positions t and (s - 1/2) average to zero by orthogonality",
        depends=("appE.halfshift",),
    ),
    _st(
        "appE.sec3.5",
        "Addendum E §3.5 (Equations 31-32)",
        "Add. E",
        "What remains of T4",
        _D,
        "averaging over (t, s), the mixed sin x cos pieces vanish, leaving diagonal energy terms weighted by "
        "sin^2(w/2) (Equations 31-32 are not in the text)",
    ),
    _st(
        "appE.rope",
        "Addendum E §4",
        "Add. E",
        "RoPE increment: phase times fixed increment",
        _O,
        "the RoPE momentum factors into a slowly varying phase R((t - 1/2) theta) and the fixed high-pass "
        "increment R(theta/2) - R(-theta/2)",
        sympy=lambda: rope_increment_factored(),
    ),
)
