"""RoPE band rotations, shear placement and positional Cesàro averages (§5.3, §6.5).

* Cor 41, eq. (38): applying the shear before RoPE instead of after leaves a Coriolis
  error ``-gamma (R_t - R_{t-1}) q_{t-1}`` of norm ``2 gamma |sin(theta/2)| ||q_{t-1}||``
  per band.
* Props 59-60, eqs. (47)-(48), and Rem 61: the purely positional part of the
  gamma-linear channels has Cesàro mean zero along the key index, at rate ``O(1/N)``.

Momentum convention.  The shear placement of Cor 41 uses the §4 first difference
``p_t = x_t - x_{t-1}`` at an interior position ``t >= 2`` (no boundary enters).  The
positional sinusoids of Props 59-60 are defined for every integer ``j`` by their own
formula, so ``p_{k,j} = k_j - k_{j-1}`` is taken with ``k_0`` from that formula
(``boundary="sinusoid"``); ``boundary="p1=0"`` applies the §4 rule ``p_{k,1} = 0``
instead.  Both are offered because the bound (48) holds under either.

Term names follow Thm 11, eq. (19): ``T_3(t, j) = q_t^T p_{k,j}`` *without* the coupling;
the score carries ``gamma T_3``.  Pure NumPy/SymPy; no I/O.
"""

from __future__ import annotations

from fractions import Fraction

import numpy as np
import sympy as sp

from .statement import Statement

# --- RoPE band rotations ------------------------------------------------------------


def band_rotation(theta: float) -> np.ndarray:
    """The 2x2 rotation ``R(theta)`` of one RoPE band."""
    c, s = np.cos(theta), np.sin(theta)
    return np.array([[c, -s], [s, c]])


def rope_rotation(t: float, thetas) -> np.ndarray:
    """RoPE at position ``t``: block-diagonal rotation by ``t * theta_i`` in band ``i``
    (``d_k = 2 len(thetas)``, band ``i`` on coordinates ``2i, 2i+1``)."""
    thetas = np.atleast_1d(np.asarray(thetas, dtype=float))
    R = np.zeros((2 * thetas.size, 2 * thetas.size))
    for i, th in enumerate(thetas):
        R[2 * i : 2 * i + 2, 2 * i : 2 * i + 2] = band_rotation(t * th)
    return R


def band_rotation_sym(theta) -> sp.Matrix:
    """``R(theta)`` as a SymPy matrix."""
    return sp.Matrix([[sp.cos(theta), -sp.sin(theta)], [sp.sin(theta), sp.cos(theta)]])


# --- Cor 41: placement of the shear relative to RoPE --------------------------------


def shear_pre_rope(q_t, q_tm1, R_t, gamma):
    """Pre-RoPE placement: ``R_t (q_t + gamma (q_t - q_{t-1}))`` on raw (unrotated) queries (Cor 41)."""
    return R_t @ (q_t + gamma * (q_t - q_tm1))


def shear_post_rope(q_t, q_tm1, R_t, R_tm1, gamma):
    """Post-RoPE placement (the paper's): ``R_t q_t + gamma (R_t q_t - R_{t-1} q_{t-1})`` (Cor 41)."""
    return R_t @ q_t + gamma * (R_t @ q_t - R_tm1 @ q_tm1)


def coriolis_error(gamma, R_t, R_tm1, q_tm1):
    """Eq. (38): ``hat q^pre_t - hat q^post_t = -gamma (R_t - R_{t-1}) q_{t-1}``."""
    return -gamma * (R_t - R_tm1) @ q_tm1


def coriolis_norm(gamma, theta, q_tm1_norm):
    """Eq. (38), norm form for one band of angle ``theta``: ``2 gamma |sin(theta/2)| ||q_{t-1}||``."""
    return 2.0 * abs(gamma) * abs(np.sin(theta / 2.0)) * q_tm1_norm


def coriolis_norm_multiband(gamma, thetas, q_tm1) -> float:
    """Norm of (38) when ``q_{t-1}`` spans several bands: ``sqrt(sum_i (2 gamma sin(theta_i/2))^2 ||q_i||^2)``."""
    thetas = np.atleast_1d(np.asarray(thetas, dtype=float))
    qb = np.asarray(q_tm1, dtype=float).reshape(thetas.size, 2)
    per = 2.0 * abs(gamma) * np.abs(np.sin(thetas / 2.0)) * np.linalg.norm(qb, axis=1)
    return float(np.sqrt(np.sum(per**2)))


def lift(R) -> np.ndarray:
    """``diag(R, R)``: a rotation of the positions acting on the phase variables (q, p)."""
    R = np.asarray(R)
    n = R.shape[0]
    out = np.zeros((2 * n, 2 * n), dtype=R.dtype)
    out[:n, :n] = R
    out[n:, n:] = R
    return out


def pre_rope_composite(R_t, M, R_tm1):
    """``R_t M_gamma R_{t-1}^{-1}`` with each rotation lifted to (q, p) (Cor 41)."""
    return lift(R_t) @ M @ np.linalg.inv(lift(R_tm1))


def pre_rope_composite_sym(theta_t, theta_tm1, gamma) -> sp.Matrix:
    """The same composite for one band, symbolic in the angles and the coupling."""

    def L(th):
        R = band_rotation_sym(th)
        return sp.diag(R, R)

    M = sp.Matrix([[1, 0, gamma, 0], [0, 1, 0, gamma], [0, 0, 1, 0], [0, 0, 0, 1]])
    return L(theta_t) * M * L(theta_tm1).inv()


def transport_residual(q_hat_t, k_hat_j, q_t, q_tm1, k_j, k_jm1, gamma) -> "float | Fraction | sp.Expr":
    """Residual of the transport identity (33) for given sheared and raw (rotated-frame) vectors:
    ``hat q^T hat k - [q^T k + gamma (q^T k - q_{t-1}^T k_{j-1}) + gamma (1 + gamma) p_q^T p_k]``
    (a float; exact -- a SymPy expression or a Fraction -- for object arrays of exact entries)."""
    pq, pk = q_t - q_tm1, k_j - k_jm1
    rhs = q_t @ k_j + gamma * (q_t @ k_j - q_tm1 @ k_jm1) + gamma * (1 + gamma) * (pq @ pk)
    r = q_hat_t @ k_hat_j - rhs
    # exact inputs (object arrays of SymPy expressions or Fractions) keep an exact residual
    return r if isinstance(r, (sp.Basic, Fraction)) else float(r)


# --- Props 59-60, Rem 61: positional sinusoids ----------------------------------------


def sinusoid(j, V, W, omega, phi):
    """``k_j^pos = V cos(omega j + phi) + W sin(omega j + phi)`` (Prop 59); rows are positions."""
    j = np.asarray(j, dtype=float)[..., None]
    return np.cos(omega * j + phi) * np.asarray(V) + np.sin(omega * j + phi) * np.asarray(W)


def sinusoid_momentum_closed_form(j, V, W, omega, phi):
    """The first difference of the sinusoid as printed in the proof of Prop 59:
    ``p_{k,j} = -2 sin(omega/2) (V sin(omega (j - 1/2) + phi) - W cos(omega (j - 1/2) + phi))``."""
    j = np.asarray(j, dtype=float)[..., None]
    u = omega * (j - 0.5) + phi
    return -2.0 * np.sin(omega / 2.0) * (np.sin(u) * np.asarray(V) - np.cos(u) * np.asarray(W))


def sinusoid_momenta(N, V, W, omega, phi, boundary="sinusoid"):
    """``p_{k,j}``, ``j = 1..N``, from the sinusoid: ``k_0`` by its formula (``"sinusoid"``)
    or the §4 rule ``p_{k,1} = 0`` (``"p1=0"``)."""
    if boundary not in ("sinusoid", "p1=0"):
        raise ValueError(f"boundary must be 'sinusoid' or 'p1=0', got {boundary!r}")
    K = sinusoid(np.arange(0, N + 1), V, W, omega, phi)
    P = K[1:] - K[:-1]
    if boundary == "p1=0":
        P[0] = 0.0
    return P


def cesaro_T3(q_t, V, W, omega, phi, N, boundary="sinusoid") -> float:
    """``(1/N) sum_{j=1}^N T_3(t, j)`` with ``T_3 = q_t^T p_{k,j}`` (eq. 19) on the positional key (eq. 47)."""
    return float(np.sum(sinusoid_momenta(N, V, W, omega, phi, boundary) @ np.asarray(q_t)) / N)


def cesaro_T2(p_q_t, V, W, omega, phi, N) -> float:
    """``(1/N) sum_{j=1}^N T_2(t, j)`` with ``T_2 = p_{q,t}^T k_j`` on the positional key (eq. 47)."""
    return float(np.sum(sinusoid(np.arange(1, N + 1), V, W, omega, phi) @ np.asarray(p_q_t)) / N)


def cesaro_T4(p_q_t, V, W, omega, phi, N, boundary="sinusoid") -> float:
    """``(1/N) sum_{j=1}^N T_4(t, j)`` with ``T_4 = p_{q,t}^T p_{k,j}`` on the positional key (Rem 61)."""
    return float(np.sum(sinusoid_momenta(N, V, W, omega, phi, boundary) @ np.asarray(p_q_t)) / N)


def _norm(x):
    """Euclidean norm: a float, or a ball for an object array of Arb balls (``sqrt`` of the sum of squares)."""
    x = np.asarray(x)
    if x.dtype == object:
        acc = x[0] * x[0]
        for v in x[1:]:
            acc = acc + v * v
        return acc.sqrt()
    return float(np.linalg.norm(x))


def rate_bound_eq48(gamma, q_t, V, W, N):
    """Right-hand side of (48) as printed: ``(2 gamma / N) ||q_t|| (||V|| + ||W||)`` (a float; a ball for
    Arb inputs: ``gamma`` a ball and object arrays of balls)."""
    return 2 * gamma / N * _norm(q_t) * (_norm(V) + _norm(W))


def cesaro_T3_enclosure(q_t, V, W, omega, phi, N: int):
    """:func:`cesaro_T3` (boundary ``"sinusoid"``) in ball arithmetic: ``(1/N) sum_{j=1}^N q^T (k_j - k_{j-1})``
    with ``k_j = cos(omega j + phi) V + sin(omega j + phi) W``, every term enclosed (inputs: balls, or
    numbers taken exactly by :func:`theory.rigorous.to_arb`)."""
    from . import rigorous as R

    q = [R.to_arb(v) for v in np.asarray(q_t).ravel()]
    Va = [R.to_arb(v) for v in np.asarray(V).ravel()]
    Wa = [R.to_arb(v) for v in np.asarray(W).ravel()]
    om, ph = R.to_arb(omega), R.to_arb(phi)
    qV = sum((a * b for a, b in zip(q[1:], Va[1:])), q[0] * Va[0])
    qW = sum((a * b for a, b in zip(q[1:], Wa[1:])), q[0] * Wa[0])

    def qk(j):
        ang = om * j + ph
        return ang.cos() * qV + ang.sin() * qW

    total = R.to_arb(0)
    prev = qk(0)
    for j in range(1, int(N) + 1):
        cur = qk(j)
        total = total + (cur - prev)
        prev = cur
    return total / int(N)


def telescoped_T3_sum(q_t, V, W, omega, phi, N, boundary="sinusoid") -> float:
    """``sum_j T_3 = q_t^T (k_N - k_0)`` (``k_1`` for ``"p1=0"``): the sum telescopes, whatever the stream."""
    first = 0 if boundary == "sinusoid" else 1
    K = sinusoid(np.array([first, N]), V, W, omega, phi)
    return float(np.asarray(q_t) @ (K[1] - K[0]))


def rope_band_components(k, thetas):
    """RoPE applied to a fixed key ``k``: ``R_j k = sum_i V_i cos(theta_i j) + W_i sin(theta_i j)``
    with ``V_i = (k_a, k_b)`` and ``W_i = (-k_b, k_a)`` on band ``i`` (Rem 61).  Returns (V, W),
    arrays of shape (bands, d_k)."""
    thetas = np.atleast_1d(np.asarray(thetas, dtype=float))
    k = np.asarray(k, dtype=float)
    n = thetas.size
    V = np.zeros((n, 2 * n))
    W = np.zeros((n, 2 * n))
    for i in range(n):
        a, b = k[2 * i], k[2 * i + 1]
        V[i, 2 * i : 2 * i + 2] = (a, b)
        W[i, 2 * i : 2 * i + 2] = (-b, a)
    return V, W


def rope_key_stream(k, thetas, j) -> np.ndarray:
    """``R_j k`` for positions ``j`` (rows), vectorised over the bands (RoPE on a fixed key, Rem 61).

    ``cos(j theta) @ V + sin(j theta) @ W`` with the (V, W) of :func:`rope_band_components`: every
    column of V and W has a single non-zero entry (its band's), so each product is that one term,
    formed here elementwise -- the same float64 values as the matrix products, without a BLAS call
    for an (N, bands) x (bands, d_k) product that is almost all zeros."""
    V, W = rope_band_components(k, thetas)
    ang = np.asarray(j, dtype=float)[:, None] * np.atleast_1d(np.asarray(thetas, dtype=float))[None, :]
    band = np.arange(V.shape[1]) // 2  # the band of each coordinate
    # C order, as the matrix product returns it (the caller's BLAS products then sum in the same order)
    return np.ascontiguousarray(np.cos(ang)[:, band] * V.sum(axis=0) + np.sin(ang)[:, band] * W.sum(axis=0))


def rope_cesaro_T3(q_t, k, thetas, N) -> float:
    """Cesàro mean of ``T_3 = q_t^T p_{k,j}`` over ``j = 1..N`` for the RoPE key ``k_j = R_j k``
    (``k_0 = k``, the stream's own value; Rem 61)."""
    K = rope_key_stream(k, thetas, np.arange(0, N + 1))
    return float(np.sum((K[1:] - K[:-1]) @ np.asarray(q_t)) / N)


def rope_cesaro_T4(p_q_t, k, thetas, N) -> float:
    """Cesàro mean of the positional ``T_4 = p_{q,t}^T p_{k,j}`` over ``j = 1..N`` (RoPE key; Rem 61)."""
    return rope_cesaro_T3(p_q_t, k, thetas, N)


def rope_rate_bound(q_t, k, thetas, N, gamma=1.0) -> float:
    """Sum over RoPE bands of the per-band bound (48): ``sum_i (2 gamma/N) ||q_i|| (||V_i|| + ||W_i||)``."""
    thetas = np.atleast_1d(np.asarray(thetas, dtype=float))
    V, W = rope_band_components(k, thetas)
    qb = np.asarray(q_t, dtype=float).reshape(thetas.size, 2)
    return float(
        sum(
            2.0 * gamma / N * np.linalg.norm(qb[i]) * (np.linalg.norm(V[i]) + np.linalg.norm(W[i]))
            for i in range(thetas.size)
        )
    )


# --- SymPy forms ------------------------------------------------------------------------

gamma = sp.Symbol("gamma", positive=True)
theta = sp.Symbol("theta", real=True)
omega = sp.Symbol("omega", real=True)
phi = sp.Symbol("phi", real=True)
j = sp.Symbol("j", integer=True)


def eq38_sym():
    """Eq. (38) for one band: difference vector and its squared norm, symbolic."""
    t = sp.Symbol("t", integer=True)
    q = sp.Matrix(sp.symbols("q1 q2", real=True))
    Rt, Rtm1 = band_rotation_sym(t * theta), band_rotation_sym((t - 1) * theta)
    return {
        "difference": sp.Eq(sp.Symbol("Delta"), -gamma * (Rt - Rtm1) * q),
        "norm": sp.Eq(sp.Symbol("norm_Delta"), 2 * gamma * sp.Abs(sp.sin(theta / 2)) * q.norm()),
    }


def prop59_momentum_sym():
    """First difference of a scalar sinusoid component, as printed (proof of Prop 59)."""
    Vs, Ws = sp.symbols("V W", real=True)
    k = lambda jj: Vs * sp.cos(omega * jj + phi) + Ws * sp.sin(omega * jj + phi)  # noqa: E731
    u = omega * (j - sp.Rational(1, 2)) + phi
    return sp.Eq(k(j) - k(j - 1), -2 * sp.sin(omega / 2) * (Vs * sp.sin(u) - Ws * sp.cos(u)))


STATEMENTS = (
    Statement(
        "cor41",
        "Cor 41 and Eq (38)",
        "§5.3",
        "placement post-RoPE, Coriolis error",
        "operator",
        "hat q^pre_t - hat q^post_t = -gamma (R_t - R_{t-1}) q_{t-1}, norm 2 gamma |sin(theta/2)| ||q_{t-1}|| "
        "per band; the pre-RoPE composite R_t M_gamma R_{t-1}^{-1} is symplectic at every theta; the "
        "swap-symmetric transport identity is forfeited.",
        ("thm38", "prop34"),
        eq38_sym,
    ),
    Statement(
        "rem42",
        "Rem 42",
        "§5.3",
        "interpretation of the Coriolis term",
        "empirical",
        "The error is the discrete Coriolis term of a rotating frame; it vanishes as theta -> 0 and is "
        "largest in high-frequency bands, which carry the least induction signal (§7, Appendix A30).",
        ("cor41",),
    ),
    Statement(
        "prop59",
        "Prop 59 and Eq (47)",
        "§6.5",
        "Cesàro cancellation",
        "operator",
        "Key positional component k_j^pos = V cos(omega j + phi) + W sin(omega j + phi), omega not in 2 pi Z; "
        "query component at omega' != omega. Then (1/N) sum_{j=1}^N T_3(t, j) -> 0, and likewise for T_2. "
        "Proof: p_{k,j} = -2 sin(omega/2) (V sin(omega (j - 1/2) + phi) - W cos(omega (j - 1/2) + phi)).",
        ("thm11",),
        prop59_momentum_sym,
    ),
    Statement(
        "prop60",
        "Prop 60 and Eq (48)",
        "§6.5",
        "rate",
        "operator",
        "|(1/N) sum_{j=1}^N T_3(t, j)| <= (2 gamma / N) ||q_t|| (||V|| + ||W||) = O(1/N), "
        "T_3 = q_t^T p_{k,j} as defined in Thm 11 eq. (19).",
        ("prop59",),
    ),
    Statement(
        "prop60.corrected",
        "Prop 60 (coupling placed consistently)",
        "§6.5",
        "rate of the gamma-weighted channel",
        "operator",
        "|(1/N) sum_j gamma T_3(t, j)| <= (2 gamma / N) ||q_t|| (||V|| + ||W||); equivalently the printed "
        "bound holds for T_3 of eq. (19) with 2/N in place of 2 gamma/N. The sum telescopes: "
        "sum_j T_3 = q_t^T (k_N - k_0).",
        ("prop59",),
    ),
    Statement(
        "rem61",
        "Rem 61",
        "§6.5",
        "RoPE inherits the cancellation",
        "operator",
        "Props 59-60 apply within each RoPE pair; a sum over pairs of O(1/N) terms is O(1/N). The pure "
        "sinusoidal positional contribution of the gamma-linear channels averages away while the gamma^2 "
        "coherence channel does not; T_2, T_3 are not thereby non-discriminative.",
        ("prop59", "prop60"),
    ),
)
