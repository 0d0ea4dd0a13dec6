"""Bode spectral forensics on a score matrix (§7.6, Algorithm 2).

Algorithm 2 measures the AC power spectrum of the pre-softmax, pre-mask score matrix
along the key index ``j`` and Pearson-correlates it with the per-stream transfer
function of Prop 13, ``|H(e^{i omega})|^2 = 1 + 4 gamma (1 + gamma) sin^2(omega/2)``
(eq. 21 = eq. 63).  This module holds the algorithm's arithmetic only: it takes score
matrices (or post-RoPE ``Q, K`` streams) and returns spectra and correlations; it
draws no random numbers.  The shear of line 5 uses :func:`theory.score.psa_scores`
with the §4 momentum boundary ``p_1 = 0`` ("form Q^, K^ as in Alg. 1").

Frequency grid (line 1): ``omega_m = pi m / M``, ``m = 0..M-1``.  The "DFT" of line 8
is evaluated on that grid, ``F_t(omega) = sum_j S_{t,j} e^{-i omega j}``; for
``M = T/2`` these are exactly the first ``T/2`` bins of the length-``T`` FFT.
"""

from __future__ import annotations

import numpy as np
import sympy as sp

from .score import psa_scores
from .statement import Statement

__all__ = [
    "transfer_power",
    "frequency_grid",
    "row_dc_subtract",
    "dtft_power",
    "ac_power_spectrum",
    "pearson",
    "normalise",
    "bode_correlation",
    "bode_forensics",
    "dc_fraction",
    "STATEMENTS",
]


def transfer_power(omega, gamma):
    """``|H(e^{i omega})|^2 = 1 + 4 gamma (1 + gamma) sin^2(omega / 2)`` (Prop 13 eq. 21; Alg 2 line 11)."""
    omega = np.asarray(omega, dtype=float)
    return 1.0 + 4.0 * gamma * (1.0 + gamma) * np.sin(omega / 2.0) ** 2


def frequency_grid(M: int) -> np.ndarray:
    """``Omega = {omega_m = pi m / M}_{m=0}^{M-1}`` (Algorithm 2, line 1)."""
    if int(M) != M or M < 2:
        raise ValueError(f"M must be an integer >= 2, got {M!r}")
    return np.pi * np.arange(int(M)) / int(M)


def row_dc_subtract(S: np.ndarray) -> np.ndarray:
    """Line 7: ``S_{t,j} <- S_{t,j} - (1/T) sum_j' S_{t,j'}`` (per-row DC removed)."""
    S = np.asarray(S, dtype=float)
    return S - S.mean(axis=-1, keepdims=True)


def dtft_power(S: np.ndarray, omegas: np.ndarray) -> np.ndarray:
    """Line 8 and the summand of line 9: ``|F_t(omega_m)|^2`` for every row ``t`` (shape (..., T, M))."""
    S = np.asarray(S, dtype=float)
    j = np.arange(S.shape[-1])
    phase = np.outer(j, omegas)
    flat = S.reshape(-1, S.shape[-1])
    # one matrix product against [cos | sin] (cheaper than two): the real and imaginary parts side by side
    ri = flat @ np.hstack([np.cos(phase), np.sin(phase)])
    re, im = ri[:, : len(omegas)], ri[:, len(omegas) :]
    return (re * re + im * im).reshape(S.shape[:-1] + (len(omegas),))


def ac_power_spectrum(scores, M: int | None = None) -> np.ndarray:
    """Lines 3-10 of Algorithm 2: ``S_hat[m] = (1/(B T)) sum_b sum_t |F_t^(b)(omega_m)|^2``.

    ``scores`` is one ``T x T`` score matrix or a stack ``(B, T, T)``; ``M`` defaults to ``T // 2``.
    """
    S = np.asarray(scores, dtype=float)
    if S.ndim == 2:
        S = S[None]
    B, T = S.shape[0], S.shape[1]
    M = T // 2 if M is None else M
    P = dtft_power(row_dc_subtract(S), frequency_grid(M))
    return P.sum(axis=(0, 1)) / (B * T)


def dc_fraction(scores) -> float:
    """Power in the ``omega_0 = 0`` bin after line 7, as a fraction of the total (§7.6 "residual DC bin").

    Identically zero in exact arithmetic: ``F_t(0) = sum_j (S_{t,j} - mean_t S) = 0`` for every row.
    """
    spec = ac_power_spectrum(scores)
    return float(spec[0] / spec.sum())


def pearson(x, y) -> float:
    """Pearson correlation of two vectors; NaN when either has zero variance (degenerate, §7.6)."""
    x = np.asarray(x, dtype=float)
    y = np.asarray(y, dtype=float)
    xc, yc = x - x.mean(), y - y.mean()
    den = np.sqrt((xc @ xc) * (yc @ yc))
    if not np.isfinite(den) or den <= 1e-300 * max(1.0, float(np.abs(x).max() * np.abs(y).max())):
        return float("nan")
    return float(np.clip((xc @ yc) / den, -1.0, 1.0))


def pearson_rows(X, y) -> np.ndarray:
    """:func:`pearson` of every row of ``X`` with ``y`` at once (the same formula and the same NaN rule)."""
    X = np.asarray(X, dtype=float)
    y = np.asarray(y, dtype=float)
    xc, yc = X - X.mean(axis=-1, keepdims=True), y - y.mean()
    den = np.sqrt(np.einsum("ij,ij->i", xc, xc) * (yc @ yc))
    scale = np.maximum(1.0, np.abs(X).max(axis=-1) * np.abs(y).max())
    degenerate = ~np.isfinite(den) | (den <= 1e-300 * scale)
    with np.errstate(divide="ignore", invalid="ignore"):
        r = np.clip((xc @ yc) / den, -1.0, 1.0)
    return np.where(degenerate, np.nan, r)


def normalise(spec: np.ndarray, how: str = "total") -> np.ndarray:
    """Line 12: divide by total AC power (``"total"``), or by one bin (``"dc"``, ``"nyquist"``, ``"max"``)."""
    spec = np.asarray(spec, dtype=float)
    if how == "total":
        return spec / spec.sum()
    if how == "dc":
        with np.errstate(divide="ignore", invalid="ignore"):
            return spec / spec[0]
    if how == "nyquist":
        return spec / spec[-1]
    if how == "max":
        return spec / spec.max()
    raise ValueError(f"unknown normaliser {how!r}")


def bode_correlation(
    scores, gamma: float, theory=transfer_power, M: int | None = None, normaliser: str = "total"
) -> float:
    """Lines 11-14 of Algorithm 2 on given score matrices: Pearson(S_hat, H_th) over the M bins."""
    S = np.asarray(scores, dtype=float)
    T = S.shape[-1]
    M = T // 2 if M is None else M
    spec = ac_power_spectrum(S, M)
    h = np.asarray(theory(frequency_grid(M), gamma), dtype=float)
    return pearson(normalise(spec, normaliser), normalise(h, normaliser))


def bode_forensics(
    Q, K, gamma: float, theory=transfer_power, M: int | None = None, normaliser: str = "total", boundary: str = "p1=0"
) -> float:
    """Algorithm 2 end to end from post-RoPE streams ``Q, K`` of shape (B, T, d_k) (or (T, d_k)).

    Line 5 shears both streams as in Algorithm 1 (boundary ``p_1 = 0`` by default), line 6 forms
    ``S = Q^ K^T / sqrt(d_k)`` (pre-softmax, pre-mask), then lines 7-14.
    """
    Q = np.asarray(Q, dtype=float)
    K = np.asarray(K, dtype=float)
    if Q.ndim == 2:
        Q, K = Q[None], K[None]
    S = np.stack([psa_scores(q, k, gamma, gamma, boundary) for q, k in zip(Q, K)])
    return bode_correlation(S, gamma, theory, M, normaliser)


# --- statements -----------------------------------------------------------------------------

_w, _g = sp.symbols("omega gamma", real=True)

STATEMENTS = (
    Statement(
        "alg2",
        "Algorithm 2",
        "§7.6",
        "Bode spectral forensics",
        "empirical",
        content=(
            "per sequence S = Q^ K^T / sqrt(d_k) (pre-softmax, pre-mask); subtract per-row mean; "
            "DFT along j on omega_m = pi m / M; accumulate |F_t|^2/(B T); theory "
            "H_th = 1 + 4 gamma (1+gamma) sin^2(omega_m/2); normalise both by total AC power; "
            "r = Pearson(S_hat, H_th). r is invariant under the normaliser (C10)."
        ),
        depends=("prop13", "C10"),
        sympy=lambda: sp.Eq(sp.Symbol("H_th"), 1 + 4 * _g * (1 + _g) * sp.sin(_w / 2) ** 2),
    ),
)
