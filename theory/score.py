"""The PSA score and forward pass (§4: Def 10, Algorithm 1, Thm 11; §8 eq. 62).

Streams are arrays of shape (T, d_k), row t = position t+1.  Two momentum
boundary conventions exist in the paper and every function names the one it uses:

* ``"p1=0"``  -- §4 and Algorithm 1: p_1 = 0 (row 0 of P is zero), p_t = x_t - x_{t-1} for t >= 2.
* ``"q0=0"``  -- §8 eq. (62): zero history x_0 = 0, so p_1 = x_1.
"""
from __future__ import annotations

import numpy as np

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


def psa_scores(Q: np.ndarray, K: np.ndarray, gamma_q: float, gamma_k: float | None = None,
               boundary: str = "p1=0", normalise: bool = True) -> np.ndarray:
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


def causal_softmax(S: np.ndarray) -> np.ndarray:
    """Row-wise softmax of ``S`` with the causal mask (-inf for j > t) (Algorithm 1)."""
    S = np.array(S, dtype=float)
    T = S.shape[0]
    S[np.triu_indices(T, k=1, m=S.shape[1])] = -np.inf
    S = S - S.max(axis=1, keepdims=True)
    E = np.exp(S)
    return E / E.sum(axis=1, keepdims=True)


def psa_forward(Q: np.ndarray, K: np.ndarray, V: np.ndarray, gamma: float,
                boundary: str = "p1=0") -> tuple[np.ndarray, np.ndarray]:
    """Algorithm 1, single head: returns (attention weights A, output Y = A V); V is untouched."""
    A = causal_softmax(psa_scores(Q, K, gamma, gamma, boundary))
    return A, A @ np.asarray(V, dtype=float)
