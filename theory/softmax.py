"""The softmax at an operating point: DC/AC split, Fréchet linearisation, tangent simplex
and the Fisher-Shahshahani-Rao metric (§6.1, §6.4: Def 43 - Rem 58).

Vectors are score rows ``S in R^T`` (one query position); ``a = softmax(S^DC)`` is the
DC operating point and ``J_a = diag(a) - a a^T`` the softmax Jacobian there.  NumPy
builders work in float64; ``*_sym`` builders return SymPy objects for symbolic ``a``.
Pure mathematics; no I/O.
"""

from __future__ import annotations

import numpy as np
import sympy as sp

from .statement import Statement

# --- numeric -------------------------------------------------------------------------


def softmax(S) -> np.ndarray:
    """``softmax(S)_i = e^{S_i} / sum_j e^{S_j}`` (max-shifted)."""
    S = np.asarray(S, dtype=float)
    e = np.exp(S - S.max())
    return e / e.sum()


def jacobian(a) -> np.ndarray:
    """``J_a = diag(a) - a a^T`` (Prop 44), the Jacobian of softmax at the point where it equals ``a``."""
    a = np.asarray(a, dtype=float)
    return np.diag(a) - np.outer(a, a)


def jacobian_apply(a, v) -> np.ndarray:
    """``J_a v = a * v - a (a^T v)`` without forming ``J_a`` (Prop 44; O(T) memory).  Object arrays of
    exact numbers (Fractions) stay exact; anything else is computed in float64."""
    a, v = np.asarray(a), np.asarray(v)
    if not (a.dtype == object and v.dtype == object):
        a, v = a.astype(float), v.astype(float)
    return a * v - a * (a @ v)


def linearisation_remainder(S_dc, S_ac, linear=jacobian_apply) -> np.ndarray:
    """``R(S^AC) = softmax(S^DC + S^AC) - a - J_a S^AC`` of eq. (39); ``linear(a, v)`` applies ``J_a``."""
    a = softmax(S_dc)
    S_ac = np.asarray(S_ac, dtype=float)
    return softmax(np.asarray(S_dc) + S_ac) - a - linear(a, S_ac)


#: A valid remainder constant for (39), derived here (the paper prints none): with the
#: integral form of Taylor's remainder and ``D^2 softmax(S)[d, d]_i = f_i((d_i - f.d)^2 - Var_f d)``,
#: ``||R||_1 <= int_0^1 (1-s) 2 Var_{f(s)}(d) ds <= ||d||_inf^2``.  So C = 1 for every a and T.
REMAINDER_CONSTANT = 1.0


def prop45_bound(eps_q, eps_k, c_dc):
    """Right-hand side of (40): ``(eps_q + eps_k + eps_q eps_k) / c^DC``."""
    return (eps_q + eps_k + eps_q * eps_k) / c_dc


def score_ratio(q_dc, q_ac, k_dc, k_ac):
    """``(eps_S, eps_q, eps_k, c^DC)`` of Prop 45 for one (t, j) pair, with
    ``S^DC = q_DC^T k_DC`` and ``S^AC = S - S^DC`` (Def 43)."""
    q_dc, q_ac, k_dc, k_ac = (np.asarray(x, dtype=float) for x in (q_dc, q_ac, k_dc, k_ac))
    s_dc = q_dc @ k_dc
    s_ac = (q_dc + q_ac) @ (k_dc + k_ac) - s_dc
    nq, nk = np.linalg.norm(q_dc), np.linalg.norm(k_dc)
    return abs(s_ac) / abs(s_dc), np.linalg.norm(q_ac) / nq, np.linalg.norm(k_ac) / nk, s_dc / (nq * nk)


def ambient_form(u, v, a):
    """Eq. (45): ``<u, v>^amb_a = sum_i u_i v_i / a_i`` on the whole of ``R^T``."""
    return float(np.sum(np.asarray(u) * np.asarray(v) / np.asarray(a)))


def euclidean_form(u, v, a=None):
    """The Euclidean inner product ``u^T v`` (Rem 56), with the ambient form's signature."""
    return float(np.asarray(u) @ np.asarray(v))


def linearised_map(S, S_dc):
    """``L(S) = a + J_a (S - S^DC)`` of Prop 57."""
    a = softmax(S_dc)
    return a + jacobian(a) @ (np.asarray(S) - np.asarray(S_dc))


def kl(p, q) -> float:
    """``D_KL(p || q) = sum_i p_i log(p_i / q_i)``."""
    p, q = np.asarray(p, dtype=float), np.asarray(q, dtype=float)
    return float(np.sum(p * np.log(p / q)))


def unit_dc_gain(gamma):
    """``H^u(e^{i 0}) = (1 + gamma) - gamma``: the per-stream filter at DC (Prop 13(i); Prop 57(iii))."""
    return (1 + gamma) - gamma


def filter_response(gamma, omega):
    """``H^u(e^{i omega}) = (1 + gamma) - gamma e^{-i omega}`` (Prop 13)."""
    return (1 + gamma) - gamma * np.exp(-1j * omega)


# --- symbolic --------------------------------------------------------------------------


def simplex_point_sym(T: int):
    """Symbols ``a_1..a_T`` (positive) with ``a_T = 1 - sum_{i<T} a_i`` substituted: a point of the simplex."""
    free = sp.symbols(f"a1:{T}", positive=True)
    return sp.Matrix(list(free) + [1 - sum(free)]), free


def jacobian_entry(a, i, j):
    """Entry ``(i, j)`` of ``J_a = diag(a) - a a^T``: ``a_i delta_ij - a_i a_j`` (Lemma 51), for an indexed
    (size-free) ``a`` and symbolic indices, or a column and integer indices."""
    return a[i] * sp.KroneckerDelta(i, j) - a[i] * a[j]


def jacobian_sym(a: sp.Matrix, entry=jacobian_entry) -> sp.Matrix:
    """``J_a = diag(a) - a a^T`` for a SymPy column ``a`` of length T: the T x T matrix of the entries
    :func:`jacobian_entry` (or ``entry``) at the integer indices."""
    T = len(a)
    return sp.Matrix(T, T, lambda i, j: entry(a, sp.Integer(i), sp.Integer(j)))


def ambient_term(u, v, a):
    """One coordinate of eq. (45), ``u_i v_i / a_i``: the ambient form is its sum over i."""
    return u * v / a


def ambient_form_sym(u, v, a, term=ambient_term):
    """Eq. (45) symbolically: the sum over the coordinates of :func:`ambient_term` (or ``term``)."""
    return sum(term(u[i], v[i], a[i]) for i in range(len(a)))


def kl_sym(p, q):
    return sum(p[i] * sp.log(p[i] / q[i]) for i in range(len(p)))


STATEMENTS = (
    Statement(
        "def43",
        "Def 43",
        "§6.1",
        "DC/AC split",
        "definition",
        "q_t = q_t^DC + q_t^AC, k_j = k_j^DC + k_j^AC (slowly varying part near omega = 0 and its complement); "
        "S^DC_{t,j} = (q_t^DC)^T k_j^DC, S^AC = S - S^DC; a^DC_t = softmax(S^DC_t).",
    ),
    Statement(
        "prop44",
        "Prop 44 and Eq (39)",
        "§6.1",
        "Fréchet linearisation of softmax",
        "operator",
        "softmax(S) = a + J_a S^AC + R(S^AC), a = softmax(S^DC), J_a = diag(a) - a a^T, "
        "||R||_1 <= C ||S^AC||_inf^2 with C depending only on ||a||_inf, not on T.",
        ("def43",),
    ),
    Statement(
        "prop45",
        "Prop 45 and Eq (40)",
        "§6.1",
        "score-level vs embedding-level perturbation",
        "operator",
        "eps_S = ||S^AC|| / ||S^DC|| <= (eps_q + eps_k + eps_q eps_k) / c^DC, eps_q = ||q^AC||/||q^DC||, "
        "eps_k = ||k^AC||/||k^DC||, c^DC > 0 the DC cosine.",
        ("def43",),
    ),
    Statement(
        "lemma51",
        "Lemma 51",
        "§6.4",
        "softmax Jacobian maps into the tangent hyperplane",
        "operator",
        "For a in the open simplex: 1^T J_a v = 0 for all v; ker J_a = span(1); rank J_a = T - 1.",
        ("prop44",),
    ),
    Statement(
        "cor52",
        "Cor 52",
        "§6.4",
        "AC response is tangent",
        "operator",
        "a^AC := J_a S^AC satisfies 1^T a^AC = 0.",
        ("lemma51",),
    ),
    Statement(
        "def53",
        "Def 53 and Eq (45)",
        "§6.4",
        "Fisher–Shahshahani–Rao metric",
        "definition",
        "<u, v>^amb_a = sum_i u_i v_i / a_i on R^T; its restriction to {1^T v = 0} is the Fisher metric.",
    ),
    Statement(
        "prop54",
        "Prop 54",
        "§6.4",
        "properties of the Fisher metric",
        "operator",
        "Permutation-invariant; D_KL(a + v || a) = (1/2) <v, v>_{F,a} + O(||v||^3) for tangent v; agrees with "
        "the Euclidean metric up to the factor T only at the centroid a = 1/T; unique monotone metric up to "
        "scale (Čencov).",
        ("def53",),
    ),
    Statement(
        "prop55",
        "Prop 55 and Eq (46)",
        "§6.4",
        "ambient orthogonality",
        "operator",
        "<a, a^AC>^amb_a = sum_i a_i a^AC_i / a_i = 1^T a^AC = 0, exact and unconditional.",
        ("def53", "cor52"),
    ),
    Statement(
        "rem56",
        "Rem 56",
        "§6.4",
        "Euclidean orthogonality fails",
        "operator",
        "a^T a^AC is not zero in general; the orthogonality holds in the ambient form (45), not Euclidean.",
        ("prop55",),
    ),
    Statement(
        "prop57",
        "Prop 57",
        "§6.4",
        "DC point fixed, PSA acts tangentially",
        "operator",
        "L(S) := a + J_a (S - S^DC): (i) L(S^DC) = a; (ii) dL = J_a, symmetric, eigenvalue 0 on span(1) and "
        "T-1 non-zero eigenvalues bounded by max_i a_i <= 1; (iii) PSA leaves S^DC unchanged (H^u(e^{i0}) = 1) "
        "and hat a^AC = J_a (H^u . S^AC).",
        ("lemma51", "prop13", "prop15"),
    ),
    Statement(
        "rem58",
        "Rem 58",
        "§6.4",
        "geometric picture",
        "definition",
        "The DC operating point is where the head attends on average; PSA reshapes the tangent perturbation "
        "about it. Everything post-softmax at first order is a tangent-space operation at a fixed base point.",
        ("prop57",),
    ),
)
