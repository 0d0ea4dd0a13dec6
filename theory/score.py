"""The PSA score and forward pass (§4: Def 10, Algorithm 1, Thm 11; §8 eq. 62).

Streams are arrays of shape (T, d_k), row t = position t+1.  Two momentum
boundary conventions exist in the paper and every function names the one it uses:

* ``"p1=0"``  -- §4 and Algorithm 1: p_1 = 0 (row 0 of P is zero), p_t = x_t - x_{t-1} for t >= 2.
* ``"q0=0"``  -- §8 eq. (62): zero history x_0 = 0, so p_1 = x_1.
"""

from __future__ import annotations

import functools

import numpy as np
import sympy as sp

from .statement import Statement

BOUNDARIES = ("p1=0", "q0=0")


def momenta(X: np.ndarray, boundary: str = "p1=0") -> np.ndarray:
    """First backward differences of a stream (the momenta of §4), row-wise."""
    X = np.asarray(X, dtype=float)
    if boundary not in BOUNDARIES:
        raise ValueError(f"boundary must be one of {BOUNDARIES}, got {boundary!r}")
    P = np.empty_like(X)
    P[1:] = X[1:] - X[:-1]
    P[0] = 0.0 if boundary == "p1=0" else X[0]
    return P


def sheared(X: np.ndarray, gamma: float, boundary: str = "p1=0") -> np.ndarray:
    """``X + gamma P``: the position block of M_gamma applied to (x_t, p_t) (Def 10; §8 eq. 62)."""
    X = np.asarray(X, dtype=float)
    return X + gamma * momenta(X, boundary)


def psa_scores(
    Q: np.ndarray,
    K: np.ndarray,
    gamma_q: float,
    gamma_k: float | None = None,
    boundary: str = "p1=0",
    normalise: bool = True,
) -> np.ndarray:
    """``S[t, j] = (q_t + gamma_q p_q,t)^T (k_j + gamma_k p_k,j) / sqrt(d_k)`` (Def 10 eq. 18; eq. 28).

    ``gamma_k`` defaults to ``gamma_q`` (the symmetric operator).  No mask is applied.
    """
    gamma_k = gamma_q if gamma_k is None else gamma_k
    S = sheared(Q, gamma_q, boundary) @ sheared(K, gamma_k, boundary).T
    return S / np.sqrt(Q.shape[1]) if normalise else S


def four_terms(Q: np.ndarray, K: np.ndarray, boundary: str = "p1=0") -> tuple[np.ndarray, ...]:
    """(T1, T2, T3, T4) = (q^T k, p_q^T k, q^T p_k, p_q^T p_k), unnormalised (Thm 11, eq. 19)."""
    Pq, Pk = momenta(Q, boundary), momenta(K, boundary)
    return Q @ K.T, Pq @ K.T, Q @ Pk.T, Pq @ Pk.T


@functools.lru_cache(maxsize=64)
def _above_diagonal(rows: int, cols: int) -> tuple[np.ndarray, np.ndarray]:
    """``np.triu_indices(rows, k=1, m=cols)``: the entries j > t the causal mask hides, kept per shape
    (read-only index arrays)."""
    idx = np.triu_indices(rows, k=1, m=cols)
    for a in idx:
        a.flags.writeable = False
    return idx


def causal_softmax(S: np.ndarray) -> np.ndarray:
    """Row-wise softmax of ``S`` with the causal mask (-inf for j > t) (Algorithm 1)."""
    S = np.array(S, dtype=float)
    T = S.shape[0]
    S[_above_diagonal(T, S.shape[1])] = -np.inf
    S = S - S.max(axis=1, keepdims=True)
    E = np.exp(S)
    return E / E.sum(axis=1, keepdims=True)


def psa_forward(
    Q: np.ndarray, K: np.ndarray, V: np.ndarray, gamma: float, boundary: str = "p1=0"
) -> tuple[np.ndarray, np.ndarray]:
    """Algorithm 1, single head: returns (attention weights A, output Y = A V); V is untouched."""
    A = causal_softmax(psa_scores(Q, K, gamma, gamma, boundary))
    return A, A @ np.asarray(V, dtype=float)


def ghost_key(K: np.ndarray, gamma: float, boundary: str = "p1=0") -> np.ndarray:
    """``(1 + gamma) k_j - gamma k_{j-1}`` (Def 12, eq. 20) for j >= 2, row-wise.

    Row 0 follows ``boundary``: ``"p1=0"`` gives ``k_1`` (zero momentum, §4 and Algorithm 1);
    ``"q0=0"`` gives ``(1 + gamma) k_1`` (zero history, §8).  Equal to :func:`sheared`.
    """
    if boundary not in BOUNDARIES:
        raise ValueError(f"boundary must be one of {BOUNDARIES}, got {boundary!r}")
    K = np.asarray(K, dtype=float)
    out = np.empty_like(K)
    out[1:] = (1.0 + gamma) * K[1:] - gamma * K[:-1]
    out[0] = K[0] if boundary == "p1=0" else (1.0 + gamma) * K[0]
    return out


# --- SymPy forms (Def 10, Thm 11, Def 12; §4.5 eq. 28) ----------------------------------


def sym_vector(name: str, n: int = 3) -> sp.Matrix:
    """A column of ``n`` real symbols ``name1..name_n`` (a generic vector for ring identities)."""
    return sp.Matrix(sp.symbols(f"{name}1:{n + 1}", real=True))


def dot_sym(a: sp.Matrix, b: sp.Matrix):
    """Euclidean pairing ``a^T b`` of two SymPy columns."""
    return (a.T * b)[0, 0]


def score_sym(q, pq, k, pk, gamma_q, gamma_k=None):
    """``(q + gamma_q p_q)^T (k + gamma_k p_k)``, unnormalised (Def 10 eq. 18; eq. 28 for gq != gk)."""
    gamma_k = gamma_q if gamma_k is None else gamma_k
    return dot_sym(q + gamma_q * pq, k + gamma_k * pk)


def four_terms_sym(q, pq, k, pk):
    """``(T1, T2, T3, T4) = (q^T k, p_q^T k, q^T p_k, p_q^T p_k)`` (Thm 11, eq. 19)."""
    return dot_sym(q, k), dot_sym(pq, k), dot_sym(q, pk), dot_sym(pq, pk)


def four_term_expansion(g, T1, T2, T3, T4):
    """``T1 + gamma T2 + gamma T3 + gamma^2 T4``: the right-hand side of (18)/(19)."""
    return T1 + g * T2 + g * T3 + g**2 * T4


def ghost_key_sym(k, k_prev, g):
    """``(1 + gamma) k_j - gamma k_{j-1}`` (Def 12, eq. 20)."""
    return (1 + g) * k - g * k_prev


def _def10_sympy():
    g = sp.Symbol("gamma", real=True)
    q, pq, k, pk = (sym_vector(n) for n in ("q", "pq", "k", "pk"))
    return sp.Eq(score_sym(q, pq, k, pk, g), four_term_expansion(g, *four_terms_sym(q, pq, k, pk)))


#: Algorithm 1 as listed (single head, post-RoPE); ``changed`` marks the lines that differ from
#: standard attention.  The text file numbers the Require/Ensure lines 1-2; the paper's prose
#: ("lines 1-3 are the entire architectural change; lines 4-7 are unmodified") counts from P_q.
ALGORITHM_1 = (
    ("require", "post-RoPE Q, K in R^{T x dk}, V in R^{T x dv}, gamma > 0, causal mask M", False),
    ("ensure", "attention output Y in R^{T x dv}", False),
    ("P_q", "P_q <- Q - shift_{+1}(Q); P_q[0, :] <- 0", True),
    ("P_k", "P_k <- K - shift_{+1}(K); P_k[0, :] <- 0", True),
    ("shear", "Q^ <- Q + gamma P_q; K^ <- K + gamma P_k", True),
    ("score", "S <- Q^ K^T / sqrt(dk)", False),
    ("softmax", "A <- softmax_j(S + M), M_tj = -inf for j > t", False),
    ("output", "Y <- A V (values not momentum-augmented)", False),
    ("return", "return Y", False),
)


STATEMENTS = (
    Statement(
        "def10",
        "Def 10 and Eq (18)",
        "§4",
        "PSA score",
        "definition",
        "s^PSA_{t,j} := (q_t + gamma p_{q,t})^T (k_j + gamma p_{k,j}) = q_t^T k_j + gamma p_{q,t}^T k_j "
        "+ gamma q_t^T p_{k,j} + gamma^2 p_{q,t}^T p_{k,j}, gamma > 0; weights softmax_j(s / sqrt(d_k)); "
        "values not augmented. Momenta p_{q,1} = p_{k,1} = 0 (§4 boundary convention).",
        (),
        lambda: _def10_sympy(),
    ),
    Statement(
        "alg1",
        "Algorithm 1",
        "§4",
        "PSA forward pass, single head",
        "operator",
        "P_q = Q - shift(Q) with row 0 zero (same for P_k); Q^ = Q + gamma P_q, K^ = K + gamma P_k; "
        "S = Q^ K^T / sqrt(d_k); A = softmax_j(S + M), M_tj = -inf for j > t; Y = A V. "
        "O(T d_k) extra time and memory.",
        ("def10",),
    ),
    Statement(
        "thm11",
        "Thm 11 and Eq (19)",
        "§4.1",
        "four-term decomposition",
        "operator",
        "For every t, j >= 1: s^PSA = T1 + gamma T2 + gamma T3 + gamma^2 T4, T1 = q_t^T k_j, T2 = p_{q,t}^T k_j, "
        "T3 = q_t^T p_{k,j}, T4 = p_{q,t}^T p_{k,j}; exact for every gamma.",
        ("def10",),
        lambda: _def10_sympy(),
    ),
    Statement(
        "def12",
        "Def 12 and Eq (20)",
        "§4.1",
        "Ghost Key",
        "definition",
        "The augmented key satisfies k^_j = (1 + gamma) k_j - gamma k_{j-1}; -gamma k_{j-1} is the Ghost Key.",
        ("def10",),
    ),
)
