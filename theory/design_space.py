"""The local design space of linear symplectic score augmentations (§4.4-§4.6).

eq. (25) (block form of sp(2 d_k, R)), the three elementary families F1 (shears), F2
(rotations), F3 (skew generators), Props 20-26 (lower shear, Hamiltonian generators,
skew generators, rotations), Thm 27 (the factorised subclass and its conditions C1, C2,
C3.1, C3.2), Prop 30 / Rems 31-32 (non-linear and MLP shears).

Coordinates are (q, p) with q, p in R^{d_k}; ``Omega = J = [[0, I], [-I, 0]]``.  The
score-bearing stream of a map ``(q, p) -> (U q + V p, ...)`` is ``q^_t = U q_t + V p_t``
with the §4 momenta ``p_t = q_t - q_{t-1}`` (interior t >= 2), i.e. the two-tap filter
``(U + V) - V z^{-1}``.  Pure SymPy/NumPy, no I/O.
"""

from __future__ import annotations

import numpy as np
import sympy as sp

from .shear import omega_explicit
from .statement import Statement

gamma = sp.Symbol("gamma", real=True)
alpha, beta = sp.symbols("alpha beta", real=True)
alpha_k, beta_k = sp.symbols("alpha' beta'", real=True)
omega = sp.Symbol("omega", real=True)


# --- generic matrices ------------------------------------------------------------------


def _blocks(rows) -> sp.Matrix:
    """The explicit matrix of a 2 x 2 block layout: the same matrix as ``sp.Matrix(sp.BlockMatrix(rows))``,
    assembled by stacking (no block-expression machinery: an order of magnitude cheaper)."""
    M = sp.Matrix.vstack(*[sp.Matrix.hstack(*r) for r in rows])
    return M if type(M) is sp.MutableDenseMatrix else sp.Matrix(M)


def generic_matrix(name: str, rows: int, cols: int | None = None) -> sp.Matrix:
    """A matrix of independent real symbols ``name_i_j``."""
    cols = rows if cols is None else cols
    return sp.Matrix(rows, cols, lambda i, j: sp.Symbol(f"{name}_{i}_{j}", real=True))


def generic_symmetric(name: str, n: int) -> sp.Matrix:
    """A symmetric matrix of independent real symbols (upper triangle free)."""
    return sp.Matrix(n, n, lambda i, j: sp.Symbol(f"{name}_{min(i, j)}_{max(i, j)}", real=True))


def generic_skew(name: str, n: int) -> sp.Matrix:
    """A skew-symmetric matrix of independent real symbols."""

    def entry(i, j):
        if i == j:
            return sp.Integer(0)
        s = sp.Symbol(f"{name}_{min(i, j)}_{max(i, j)}", real=True)
        return s if i < j else -s

    return sp.Matrix(n, n, entry)


def free_symbols_of(*mats) -> list:
    """Sorted free symbols of some matrices (a parametrisation's coordinates)."""
    syms = set()
    for m in mats:
        syms |= m.free_symbols
    return sorted(syms, key=str)


# --- sp(2 d_k, R) and its block form (eq. 25) -------------------------------------------


def sp_condition(X: sp.Matrix) -> sp.Matrix:
    """``X^T Omega + Omega X``: zero iff X is in sp(2 d_k, R) (§4.4).

    With ``Omega = [[0, I], [-I, 0]]`` the two products are signed block permutations,
    ``X^T Omega = [-X^T_(:, p), X^T_(:, q)]`` and ``Omega X = [X_(p, :); -X_(q, :)]`` (q, p the first and
    second d_k indices): the same entries as the matrix products, without the multiplications."""
    n = X.shape[0] // 2
    if type(X) is not sp.MutableDenseMatrix or X.shape != (2 * n, 2 * n):
        Om = omega_explicit(n)
        return X.T * Om + Om * X
    XT = X.T
    return sp.Matrix.hstack(-XT[:, n:], XT[:, :n]) + sp.Matrix.vstack(X[n:, :], -X[:n, :])


def sp_block_form(dk, A=None, B=None, C=None) -> sp.Matrix | sp.BlockMatrix:
    """``[[A, B], [C, -A^T]]`` with A arbitrary, B and C symmetric (eq. 25, the claimed general element).  At a
    symbolic ``dk`` (issue 25: every width at once) the block matrix ``[[A, S + S^T], [R + R^T, -A^T]]`` of
    ``dk x dk`` matrix symbols A, S, R (every symmetric matrix is S + S^T for some S)."""
    if isinstance(dk, sp.Basic) and not dk.is_Integer and A is None and B is None and C is None:
        Am, Sm, Rm = (sp.MatrixSymbol(x, dk, dk) for x in ("A", "S", "R"))
        return sp.BlockMatrix([[Am, Sm + Sm.T], [Rm + Rm.T, -Am.T]])
    A = generic_matrix("a", dk) if A is None else A
    B = generic_symmetric("b", dk) if B is None else B
    C = generic_symmetric("c", dk) if C is None else C
    return _blocks([[A, B], [C, -A.T]])


def upper_generator(B: sp.Matrix) -> sp.Matrix:
    """F1 upper shear generator ``[[0, B], [0, 0]]``; ``exp(gamma X) = M_gamma`` at B = I (§4.4)."""
    n = B.shape[0]
    return _blocks([[sp.zeros(n), B], [sp.zeros(n), sp.zeros(n)]])


def lower_generator(C: sp.Matrix) -> sp.Matrix:
    """F1 lower shear generator ``[[0, 0], [C, 0]]``; at C = I it gives ``(q, p + gamma q)`` (§4.4)."""
    n = C.shape[0]
    return _blocks([[sp.zeros(n), sp.zeros(n)], [C, sp.zeros(n)]])


def rotation_generator(B: sp.Matrix) -> sp.Matrix:
    """F2 rotation generator ``[[0, B], [-B, 0]]`` (A = 0, C = -B, B positive definite) (§4.4)."""
    n = B.shape[0]
    return _blocks([[sp.zeros(n), B], [-B, sp.zeros(n)]])


def sp_so_form(A: sp.Matrix, B: sp.Matrix) -> sp.Matrix:
    """``[[A, B], [-B, A]]`` with A skew, B symmetric: the skew elements of sp(2 d_k) (F3, Prop 24)."""
    return _blocks([[A, B], [-B, A]])


def score_stream_taps(M) -> tuple:
    """Taps ``(U + V, -V)`` of the score-bearing stream ``q^_t = U q_t + V p_t`` of a map with
    position row ``[U, V]``, using ``p_t = q_t - q_{t-1}`` (Cor 21, Rem 25 eq. 26, Prop 24).

    For a ``2 x 2`` matrix (d_k = 1, or scalar blocks) the taps are scalars; otherwise they
    are the ``d_k x d_k`` blocks.
    """
    n = M.shape[0] // 2
    if n == 1:
        U, V = M[0, 0], M[0, 1]
    else:
        U, V = M[:n, :n], M[:n, n:]
    return (U + V, -V)


def rotation_filter(a) -> sp.Expr:
    """``H_q(z) = cos a + sin a (1 - z^{-1})`` as a polynomial in zinv (Rem 25, eq. 26)."""
    zinv = sp.Symbol("zinv")
    return sp.cos(a) + sp.sin(a) * (1 - zinv)


# --- Hamiltonian generators (Prop 22) ----------------------------------------------------


def H_upper(q: sp.Matrix, p: sp.Matrix):
    """``H^u = ||p||^2 / 2`` (Prop 22; Lemma 4)."""
    return (p.T * p)[0, 0] / 2


def H_lower(q: sp.Matrix, p: sp.Matrix):
    """``H^l = -||q||^2 / 2`` (Prop 22)."""
    return -(q.T * q)[0, 0] / 2


def hamiltonian_matrix(H, q: sp.Matrix, p: sp.Matrix) -> sp.Matrix:
    """Matrix ``A`` of Hamilton's equations ``q' = dH/dp, p' = -dH/dq`` for a quadratic H,
    so that ``d/dgamma (q, p) = A (q, p)``."""
    x = list(q) + list(p)
    rhs = [sp.diff(H, s) for s in p] + [-sp.diff(H, s) for s in q]
    return sp.Matrix([[sp.diff(r, s) for s in x] for r in rhs])


def hamiltonian_flow(H, q: sp.Matrix, p: sp.Matrix, g=gamma) -> sp.Matrix:
    """The exact gamma-flow ``exp(gamma A)`` of a quadratic Hamiltonian (Prop 22)."""
    return matrix_exp(g * hamiltonian_matrix(H, q, p))


def matrix_exp(A: sp.Matrix) -> sp.Matrix:
    """``exp(A)`` exactly: the terminating series when A is nilpotent (A^k = 0 for some k <= size,
    e.g. every shear generator, eq. 25 F1), SymPy's Jordan-form exponential otherwise."""
    n = A.shape[0]
    total = sp.eye(n)
    term = sp.eye(n)
    for k in range(1, n + 1):
        term = (term * A / k).applyfunc(sp.expand)
        if term.is_zero_matrix:
            return total
        total = total + term
    return A.exp()


def exp_J(s, dk: int) -> sp.Matrix:
    """``exp(s J) = [[cos s I, sin s I], [-sin s I, cos s I]]`` in closed form (F2 at B = I: the planar
    phase-space rotation of Rem 25, RoPE's U = cos I, V = sin I).  Checked against the defining ODE
    ``E' = J E, E(0) = I`` by the eq. (25) certificate."""
    c, si = sp.cos(s), sp.sin(s)
    eye = sp.eye(dk)
    return _blocks([[c * eye, si * eye], [-si * eye, c * eye]])


# --- rotations cannot be repurposed (Prop 26) ---------------------------------------------


def planar_rotation(a) -> sp.Matrix:
    """``R(a) = [[cos a, -sin a], [sin a, cos a]]`` (Prop 26)."""
    return sp.Matrix([[sp.cos(a), -sp.sin(a)], [sp.sin(a), sp.cos(a)]])


def phase_encoded_score(Qt, Kj, t, j, theta, g, psi_t, psi_j):
    """``q~_t^T k~_j`` with ``q~_t = R(t theta + gamma psi_t) Q_t``, ``k~_j = R(j theta + gamma psi_j) K_j``
    (Prop 26)."""
    return ((planar_rotation(t * theta + g * psi_t) * Qt).T * (planar_rotation(j * theta + g * psi_j) * Kj))[0, 0]


def phase_encoded_score_claim(Qt, Kj, t, j, theta, g, psi_t, psi_j):
    """Right-hand side of eq. (27): ``Q_t^T R((j - t) theta + gamma (psi_j - psi_t)) K_j``."""
    return (Qt.T * planar_rotation((j - t) * theta + g * (psi_j - psi_t)) * Kj)[0, 0]


# --- the factorised subclass of C_PSA (Thm 27) ----------------------------------------------


def factorised_score(a, b, a2, b2, q, q_prev, k, k_prev):
    """``s = (a q_t + b q_{t-1})^T (a' k_j + b' k_{j-1})`` (Thm 27, the factorised subclass)."""
    return ((a * q + b * q_prev).T * (a2 * k + b2 * k_prev))[0, 0]


def two_tap_mag_sq(a, b, w=omega):
    """``|a + b e^{-iw}|^2 = a^2 + b^2 + 2 a b cos w`` (Thm 27, step 2)."""
    return a**2 + b**2 + 2 * a * b * sp.cos(w)


def c2_monotone_integrand(a, b, w=omega):
    """``d/dw |H(e^{iw})|^2 = -2 a b sin w``: C2's monotonicity asks it to be >= 0 on [0, pi]."""
    return sp.diff(two_tap_mag_sq(a, b, w), w)


def c2_strict(a, b):
    """C2's strict part ``|H(1)| < |H(-1)|``, as ``|H(-1)|^2 - |H(1)|^2 > 0``."""
    return sp.StrictGreaterThan(sp.expand((a - b) ** 2 - (a + b) ** 2), 0)


def c31(a, b):
    """C3.1 DC neutrality: ``H(e^{i0}) = a + b = 1``."""
    return sp.Eq(a + b, 1)


def psa_member(g=gamma) -> tuple:
    """Thm 27's claimed solution: ``alpha = alpha' = 1 + gamma``, ``beta = beta' = -gamma``."""
    return (1 + g, -g, 1 + g, -g)


# --- non-linear shears (Prop 30, Rems 31-32) ------------------------------------------------


def nonlinear_shear_jacobian(D: sp.Matrix, g=gamma) -> sp.Matrix:
    """Jacobian ``[[I, gamma Dg], [0, I]]`` of ``(q, p) -> (q + gamma g(p), p)`` (Prop 30, eq. 30)."""
    n = D.shape[0]
    return _blocks([[sp.eye(n), g * D], [sp.zeros(n), sp.eye(n)]])


def symplectic_defect_claim(D, g=gamma):
    """Prop 30's computation: ``J^T Omega J = [[0, I], [-I, gamma (Dg^T - Dg)]]``.  ``D`` an explicit
    ``d_k x d_k`` matrix (the explicit matrix), or a ``MatrixSymbol`` of a symbolic size ``n`` (the same
    layout as a ``BlockMatrix`` of ``n x n`` blocks: every d_k at once)."""
    n = D.shape[0]
    if isinstance(n, sp.Basic) and not n.is_Integer:
        I, Z = sp.Identity(n), sp.ZeroMatrix(n, n)
        return sp.BlockMatrix([[Z, I], [-I, g * (D.T - D)]])
    return _blocks([[sp.zeros(n), sp.eye(n)], [-sp.eye(n), g * (D.T - D)]])


def symmetric_codimension(dk):
    """Codimension of the symmetric matrices in R^{dk x dk}: ``dk (dk - 1) / 2`` (Rem 31)."""
    return dk * (dk - 1) // 2 if isinstance(dk, (int, np.integer)) else dk * (dk - 1) / 2


def mlp(p: np.ndarray, W1: np.ndarray, b1: np.ndarray, W2: np.ndarray, b2: np.ndarray, act=np.tanh) -> np.ndarray:
    """``g(p) = W2 sigma(W1 p + b1) + b2`` (Rem 32)."""
    return W2 @ act(W1 @ p + b1) + b2


def mlp_jacobian(
    p: np.ndarray, W1: np.ndarray, b1: np.ndarray, W2: np.ndarray, dact=lambda u: 1.0 - np.tanh(u) ** 2
) -> np.ndarray:
    """``Dg(p) = W2 diag(sigma'(W1 p + b1)) W1`` (Rem 32, eq. 31); default sigma = tanh."""
    return (W2 * dact(W1 @ p + b1)) @ W1


def mlp_jacobian_entry(W1, W2, dsigma, i, j, h):
    """Entry ``(i, j)`` of the printed Jacobian (Rem 32, eq. 31) of ``g(p) = W2 sigma(W1 p + b1) + b2``:
    ``sum_{k < h} W2[i, k] sigma'(u_k) W1[k, j]``, ``u = W1 p + b1``, as a SymPy ``Sum`` over the hidden
    index.  ``W1``, ``W2`` are anything indexed as ``W[a, b]`` (``IndexedBase`` of symbolic size, or
    explicit matrices), ``dsigma(k)`` is ``sigma'(u_k)``, ``h`` the hidden size (symbolic or an integer),
    ``i``, ``j`` the entry (symbolic or integers): the claim at every width d_k and hidden size h."""
    k = sp.Dummy("k", integer=True, nonnegative=True)
    return sp.Sum(W2[i, k] * dsigma(k) * W1[k, j], (k, 0, h - 1))


STATEMENTS = (
    Statement(
        "eq25",
        "Eq (25)",
        "§4.4",
        "block form of sp(2 d_k, R)",
        "operator",
        "X^T Omega + Omega X = 0 iff X = [[A, B], [C, -A^T]], B = B^T, C = C^T, A arbitrary. "
        "(F1) shears A = 0: upper C = 0, X^2 = 0, exp(gamma X) = I + gamma X = M_gamma at B = I; lower B = 0 "
        "gives (q, p + gamma q). (F2) rotations A = 0, C = -B, B > 0 generate Sp cap O = U(d_k), RoPE being "
        "U = cos(t theta) I, V = sin(t theta) I. (F3) skew generators: purely imaginary spectrum.",
        (),
        lambda: sp_condition(sp_block_form(2)),
    ),
    Statement(
        "prop20",
        "Prop 20",
        "§4.4",
        "lower shear is null on the score",
        "operator",
        "For every gamma and all streams, (q^l_t)^T k^l_j = q_t^T k_j.",
        ("eq25",),
    ),
    Statement(
        "cor21",
        "Cor 21",
        "§4.4",
        "lower shear is all-pass",
        "operator",
        "H^l(z) = 1, of unit magnitude at every frequency; it violates (C2), whereas |H^u(e^{j pi})| = "
        "1 + 2 gamma > 1.",
        ("prop20", "prop13"),
    ),
    Statement(
        "prop22",
        "Prop 22",
        "§4.4",
        "Hamiltonian generators",
        "operator",
        "The upper shear is the gamma-flow of H^u = ||p||^2/2; the lower shear the gamma-flow of H^l = -||q||^2/2.",
        ("eq25",),
    ),
    Statement(
        "rem23",
        "Rem 23",
        "§4.4",
        "why the generator matters",
        "operator",
        "H^u >= 0 (free particle); H^l <= 0, energy bounded above, momentum growing without bound in gamma; "
        "the lower shear shifts momentum by position, a channel the score never reads.",
        ("prop22",),
    ),
    Statement(
        "prop24",
        "Prop 24",
        "§4.4",
        "skew generators do not act as per-stream shears",
        "operator",
        "Let X^T = -X. Then exp(gamma X) does not have the shear form (q, p) -> (q + gamma B p, p) for any "
        "gamma != 0: it moves the momentum block, and the induced map on the score-bearing stream is not a "
        "per-stream two-tap filter of the class of Thm 27 (outside the factorised subclass).",
        ("eq25",),
    ),
    Statement(
        "prop24.corrected",
        "Prop 24, corrected",
        "§4.4",
        "skew generators: what is true",
        "operator",
        "For X in sp cap so: (a) exp(gamma X) fixes the momentum block for all gamma near 0 only if X = 0; "
        "(b) for a given gamma, exp(gamma X) has the shear form iff exp(gamma X) = I; (c) the score-bearing "
        "map is the two-tap filter (U + V) - V z^-1 with H(1) = U, so it is DC-neutral (C3.1) iff "
        "exp(gamma X) = I. A non-identity skew-generated map either leaves the scalar factorised subclass or "
        "is eliminated inside it by (C3.1).",
        ("eq25", "thm27"),
    ),
    Statement(
        "rem25",
        "Rem 25 and Eq (26)",
        "§4.4",
        "orthogonality does not imply all-pass",
        "operator",
        "A planar phase-space rotation q^ = cos a q + sin a p with p = (1 - z^-1) q gives H_q(z) = cos a + "
        "sin a (1 - z^-1) (26), whose magnitude is frequency-dependent for every a not in pi Z; at a = 0.8, "
        "|H_q(e^{j0})| = 0.697 and |H_q(e^{j pi})| = 2.131.",
        ("prop24",),
    ),
    Statement(
        "rem25.corrected",
        "Rem 25 and Eq (26), corrected",
        "§4.4",
        "orthogonality does not imply all-pass (exceptional angles)",
        "operator",
        "|H_q(e^{jw})| is constant in w iff sin a (cos a + sin a) = 0, i.e. a in pi Z or a in 3pi/4 + pi Z "
        "(where H_q = -sin a z^-1, a scaled pure delay of magnitude sqrt(2)/2); the printed values at a = 0.8 "
        "stand.",
        ("prop24",),
    ),
    Statement(
        "prop26",
        "Prop 26 and Eq (27)",
        "§4.4",
        "rotations cannot be repurposed",
        "operator",
        "With q~_t = R(t theta + gamma psi_t) Q_t, k~_j = R(j theta + gamma psi_j) K_j: q~_t^T k~_j = "
        "Q_t^T R((j - t) theta + gamma (psi_j - psi_t)) K_j (27), not a function of j - t alone unless psi_t "
        "is affine in t, in which case the phase is (j - t)(theta + gamma a), with no momentum information.",
        ("eq25",),
    ),
    Statement(
        "prop26.corrected",
        "Prop 26 and Eq (27), corrected",
        "§4.4",
        "rotations cannot be repurposed (phases mod 2 pi)",
        "operator",
        "(27) holds; the rotation R((j-t) theta + gamma (psi_j - psi_t)) depends on j - t alone iff "
        "gamma psi_t = a t + b (mod 2 pi) for all t (real phases: iff psi is affine); in every such case the "
        "score is Q_t^T R((j - t)(theta + gamma a)) K_j and carries no momentum information.",
        ("eq25",),
    ),
    Statement(
        "table2",
        "Table 2",
        "§4.4",
        "the local design space",
        "operator",
        "Upper shear: C1 yes, C2 yes (Prop 13), operational, admissible. Lower shear: C1 yes, C2 no, all-pass "
        "(Cor 21), not operational (Prop 20), dismissed. Skew (F3): moves the momentum block (Prop 24), outside "
        "the class. Rotation (RoPE reuse): breaks factorisation (Prop 26), dismissed. Within the admissible "
        "family, any positive-definite B is symplectic and high-pass, at the cost of d_k(d_k+1)/2 parameters.",
        ("prop13", "prop20", "cor21", "prop24", "prop26"),
    ),
    Statement(
        "thm27",
        "Thm 27 (with Eq (28))",
        "§4.5",
        "uniqueness within the factorised subclass",
        "operator",
        "In the factorised subclass q^_t = alpha q_t + beta q_{t-1}, k^_j = alpha' k_j + beta' k_{j-1}, "
        "s = q^^T k^, the conditions (C1) causal one-step, (C2) per-stream high-pass (|H(1)| < |H(-1)|, |H| "
        "non-decreasing on [0, pi]), (C3.1) H(1) = 1 on each stream, (C3.2) swap symmetry imply alpha = alpha' "
        "= 1 + gamma, beta = beta' = -gamma for a single gamma > 0.",
        ("prop13",),
        lambda: psa_member(),
    ),
    Statement(
        "thm27.corrected",
        "Thm 27, corrected",
        "§4.5",
        "uniqueness within the factorised subclass, alpha > 0",
        "operator",
        "(C1)-(C3.2) leave exactly alpha = alpha' = 1 + gamma, beta = beta' = -gamma with gamma in "
        "(-oo, -1) U (0, oo); adding the hypothesis alpha > 0 (alpha' > 0) leaves exactly gamma > 0.",
        ("prop13",),
    ),
    Statement(
        "rem28",
        "Rem 28",
        "§4.5",
        "standing of each condition",
        "operator",
        "(C1) supplies the order; (C2) picks the backward difference among order-one filters (a pure delay "
        "z^-1 has order one and is all-pass); (C3.1) makes it a difference, not a rescaling; (C3.2) is a "
        "design commitment not implied by symplecticity (Prop 36).",
        ("thm27",),
    ),
    Statement(
        "rem29",
        "Rem 29",
        "§4.5",
        "scope of uniqueness",
        "operator",
        "Thm 27 covers the factorised subclass only; non-linear, multi-step, stream-coupling, non-bilinear, "
        "pre-RoPE and value-stream augmentations are not covered.",
        ("thm27",),
    ),
    Statement(
        "prop30",
        "Prop 30 and Eqs (29)–(30)",
        "§4.6",
        "symplectic non-linear shears",
        "operator",
        "For g in C^1 and gamma != 0, (q, p) -> (q + gamma g(p), p) is symplectic at every point iff "
        "Dg(p)^T = Dg(p) for every p (29); its Jacobian is [[I, gamma Dg], [0, I]] (30) and "
        "J^T Omega J = [[0, I], [-I, gamma (Dg^T - Dg)]].",
        ("eq25",),
    ),
    Statement(
        "rem31",
        "Rem 31",
        "§4.6",
        "codimension",
        "operator",
        "Symmetric Jacobians cut out a subspace of codimension d_k(d_k - 1)/2 at each point: 2016 at d_k = 64.",
        ("prop30",),
        lambda: symmetric_codimension(sp.Symbol("d_k", positive=True, integer=True)),
    ),
    Statement(
        "rem32",
        "Rem 32 and Eq (31)",
        "§4.6",
        "learned MLP shears",
        "operator",
        "For g(p) = W2 sigma(W1 p + b1) + b2, Dg(p) = W2 diag(sigma'(W1 p + b1)) W1 (31); for generic W1, W2 "
        "this product is not symmetric at any p; a gradient-field parametrisation makes it symmetric.",
        ("prop30",),
    ),
    Statement(
        "rem32.corrected",
        "Rem 32, corrected",
        "§4.6",
        "learned MLP shears, width caveat",
        "operator",
        "(31) holds. The symmetry locus {p : Dg(p) = Dg(p)^T} is d_k(d_k - 1)/2 equations in d_k unknowns: "
        "for d_k >= 4 it is generically empty (sampled at d_k = 64), while at d_k = 2 it is generically a "
        "curve, so 'not symmetric at any p' needs d_k >= 4.",
        ("prop30",),
    ),
    Statement(
        "rem33",
        "Rem 33",
        "§4.6",
        "a drift coincidence",
        "operator",
        "With a non-linear g the high-pass gain depends on embedding magnitude; g(p) = c p is the only "
        "scale-uniform choice, its scalar absorbed into gamma.",
        ("prop30",),
    ),
)
