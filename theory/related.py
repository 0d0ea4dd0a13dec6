"""§9: neighbouring constructions compared exactly (Prop 79, Prop 81 / eq. 66, Rem 82 / eq. 67).

* KV-shifting supplies ``k_{j-delta}`` for ``k_j``: transfer function ``z^{-delta}``, all-pass (Prop 79).
* The augmented softmax to first order in ``gamma``:
  ``a^PSA_t = a_t + gamma J_{a_t} delta_t + O(gamma^2)``, ``J_a = diag(a) - a a^T`` and
  ``delta_t = (p_{q,t}^T k_. + q_t^T p_{k,.}) / sqrt(d_k)`` (Prop 81, eq. 66 = §7.13).
* Differential Transformer's difference of softmaxes against ``J_a (s_t - s_{t-1})`` (Rem 82, eq. 67).

Row indices are 0-based (row ``t`` = position ``t+1``); a row attends to keys ``j <= t``.
The momenta use the §4 boundary ``p_1 = 0`` (Thm 11) unless ``boundary`` says otherwise.
Pure: no I/O, no random numbers.
"""

from __future__ import annotations

import numpy as np
import sympy as sp

from .score import four_terms, psa_scores
from .statement import Statement

__all__ = [
    "kv_shift_transfer",
    "softmax",
    "softmax_jacobian",
    "softmax_second_derivative",
    "score_row",
    "augmented_attention",
    "expansion_terms",
    "first_order_response",
    "second_order_coefficient",
    "difference_of_softmax",
    "H_kv",
    "STATEMENTS",
]


def kv_shift_transfer(z, delta: int):
    """``H^KV(z) = z^{-delta}`` (§9.2, Prop 79)."""
    return np.asarray(z, dtype=complex) ** (-delta)


def softmax(s) -> np.ndarray:
    s = np.asarray(s, dtype=float)
    e = np.exp(s - s.max())
    return e / e.sum()


def softmax_jacobian(a) -> np.ndarray:
    """``J_a = diag(a) - a a^T`` (Prop 44; Prop 81)."""
    a = np.asarray(a, dtype=float)
    return np.diag(a) - np.outer(a, a)


def softmax_second_derivative(a, u) -> np.ndarray:
    """``d^2/de^2 softmax(s + e u)`` at ``e = 0``: ``a * ((u - a.u)^2 - Var_a(u))``."""
    a = np.asarray(a, dtype=float)
    u = np.asarray(u, dtype=float)
    c = u - a @ u
    return a * (c * c - a @ (c * c))


def score_row(Q, K, t: int, gamma: float = 0.0, boundary: str = "p1=0") -> np.ndarray:
    """Row ``t`` of the PSA score (Def 10, divided by sqrt(d_k)) over keys ``j <= t``."""
    return psa_scores(Q, K, gamma, gamma, boundary)[t, : t + 1]


def augmented_attention(Q, K, t: int, gamma: float, boundary: str = "p1=0") -> np.ndarray:
    """``a^PSA_t = softmax_j(s^_{t,j})``, ``j <= t``."""
    return softmax(score_row(Q, K, t, gamma, boundary))


def expansion_terms(Q, K, t: int, boundary: str = "p1=0"):
    """``(s_t, delta_t, tau_t)`` with ``s^_t = s_t + gamma delta_t + gamma^2 tau_t`` (Thm 11 / sqrt(d_k)).

    ``s_t = q_t^T k_. / sqrt(d_k)``, ``delta_t = (p_{q,t}^T k_. + q_t^T p_{k,.}) / sqrt(d_k)``,
    ``tau_t = p_{q,t}^T p_{k,.} / sqrt(d_k)``.
    """
    T1, T2, T3, T4 = four_terms(np.asarray(Q, float), np.asarray(K, float), boundary)
    r = np.sqrt(np.asarray(Q).shape[1])
    sl = (t, slice(0, t + 1))
    return T1[sl] / r, (T2[sl] + T3[sl]) / r, T4[sl] / r


def first_order_response(Q, K, t: int, gamma: float, boundary: str = "p1=0") -> np.ndarray:
    """Right-hand side of (66) without the remainder: ``a_t + gamma J_{a_t} delta_t``."""
    s, delta, _ = expansion_terms(Q, K, t, boundary)
    a = softmax(s)
    return a + gamma * softmax_jacobian(a) @ delta


def second_order_coefficient(Q, K, t: int, boundary: str = "p1=0") -> np.ndarray:
    """The ``gamma^2`` coefficient of ``a^PSA_t``: ``J_a tau + (1/2) D^2 softmax[delta, delta]``."""
    s, delta, tau = expansion_terms(Q, K, t, boundary)
    a = softmax(s)
    return softmax_jacobian(a) @ tau + 0.5 * softmax_second_derivative(a, delta)


def difference_of_softmax(s_t, s_prev, lam: float = 1.0) -> np.ndarray:
    """``softmax(s_t) - lambda softmax(s_{t-1})`` (Differential Transformer, Rem 82)."""
    return softmax(s_t) - lam * softmax(s_prev)


# --- SymPy ---------------------------------------------------------------------------------------

_z, _delta = sp.Symbol("z"), sp.Symbol("delta", integer=True)
H_kv = _z ** (-_delta)

_O, _E, _D = "operator", "empirical", "definition"

STATEMENTS = (
    Statement(
        "sec7.13",
        "§7.13",
        "§7.13",
        "Post-softmax first-order response",
        _O,
        content="restates (66): a^PSA_t = a_t + gamma J_{a_t}[(p_q,t^T k + q_t^T p_k)/sqrt(d_k)] + O(gamma^2)",
        depends=("prop81",),
    ),
    Statement(
        "prop79",
        "Prop 79",
        "§9.2",
        "KV-shifting fails the high-pass condition",
        _O,
        content=(
            "H^KV(z) = z^{-delta}; |H^KV(e^{iw})| = 1 for every w, so |H^KV(e^{i0})| = "
            "|H^KV(e^{i pi})| and the strict inequality of (C2) fails, for any delta"
        ),
        depends=("thm27",),
        sympy=lambda: H_kv,
    ),
    Statement(
        "rem80",
        "Rem 80",
        "§9.2",
        "What the distinction amounts to",
        _D,
        content="KV-shifting helps by a different mechanism; low-pass two-tap 0.428 against 0.811 (§7.5)",
        depends=("prop79", "sec7.5"),
    ),
    Statement(
        "prop81",
        "Prop 81 and Eq (66)",
        "§9.2",
        "First-order response of the augmented softmax",
        _O,
        content=(
            "a^PSA_t = a_t + gamma J_{a_t}[(p_q,t^T k_. + q_t^T p_k,.)/sqrt(d_k)] + O(gamma^2), "
            "J_a = diag(a) - a a^T; the correction is tangent to the simplex"
        ),
        depends=("thm11", "prop44", "cor52"),
    ),
    Statement(
        "rem82",
        "Rem 82 and Eq (67)",
        "§9.2",
        "Relation to Differential Transformer",
        _O,
        content=(
            "J_{a_t}(s_t - s_{t-1}) = softmax(s_t) - softmax(s_{t-1}) + O(||s_t - s_{t-1}||^2); "
            "smallness of gamma does not make ||s_t - s_{t-1}|| small; softmax(s_t) - lambda "
            "softmax(s_{t-1}) has mass 1 - lambda"
        ),
        depends=("prop81",),
    ),
    Statement(
        "sec9.3",
        "§9.3",
        "§9.3",
        "Limitations",
        _E,
        content=(
            "restates: exponent -1.13 (95% CI [-1.18, -1.07]) against -1/4; 13.8 pp key-only vs "
            "symmetric gap; +67.5 pp jump; 0.949 against 0.811; Delta = -0.4 +- 1.2 pp"
        ),
        depends=("sec7.4", "sec7.5", "sec7.11"),
    ),
    Statement("sec9.4", "§9.4", "§9.4", "Outlook", _D, content="open directions"),
)
