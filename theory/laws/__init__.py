"""Closed forms of the paper's transition laws, NumPy-vectorised.

Every function accepts scalars or arrays, broadcasts its arguments, returns a
Python ``float`` for scalar input and an ``ndarray`` otherwise, and raises
``ValueError`` for ``dk <= 0``, ``T < 3`` or non-finite input.  The SymPy form
of each law lives in :mod:`theory.laws.symbolic`.

Conventions (paper §6.6, Def 62): ``L = log(T - 1)`` (natural log); the
distractor count is ``m = T - 2`` unless given; embeddings have unit scale.

Examples
--------
>>> from theory import laws
>>> round(laws.gamma_c(64, 15), 3)          # Rem 70: mean-field value at (64, 15)
0.602
>>> [round(g, 3) for g in laws.gamma_c_roots(128, 512)]   # Rem 65 band
[0.787, 2.245]
>>> round(laws.p_inf(4, 15), 3)             # §7.11, m = T - 2
0.282
"""
from __future__ import annotations

import numpy as np
from scipy import special

from .._validate import check_dk, check_m, check_T, scalar_or_array
from . import symbolic

__all__ = [
    "L",
    "crossover",
    "gamma_c",
    "gamma_c_mean_field",
    "gamma_c_condensed",
    "gamma_c_roots",
    "gamma_c_key_only",
    "gamma_c_t3t4",
    "t3t4_quartic_coefficients",
    "p_inf",
    "snr",
    "C_CONDENSATION",
    "symbolic",
]

#: Calibrated condensation constant of eq. (52), lower branch (Thm 64, §7.10): 0.741 ± 0.015.
C_CONDENSATION = 0.741


def L(T):
    """``L = log(T - 1)``, the log of the number of scored positions (Def 62, eq. 52)."""
    return scalar_or_array(np.log(check_T(T) - 1.0))


def crossover(T):
    """Branch crossover ``d_k* = 8 L`` of the two-branch law (Thm 64, eq. 52; certificate C2)."""
    return scalar_or_array(8.0 * np.log(check_T(T) - 1.0))


def _dk_L(dk, T):
    dk = check_dk(dk)
    T = check_T(T)
    dk, T = np.broadcast_arrays(dk, T)
    return dk, np.log(T - 1.0)


def gamma_c_mean_field(dk, T):
    """Mean-field branch of eq. (52): ``gamma_c^2 = 2L / (sqrt(dk) + sqrt(dk - 8L))``.

    This is the conjugate (numerically stable) form of the smaller root of the
    quadratic (54).  NaN where ``dk < 8L`` (no real root).
    """
    dk, Lv = _dk_L(dk, T)
    disc = dk - 8.0 * Lv
    with np.errstate(invalid="ignore"):
        g2 = 2.0 * Lv / (np.sqrt(dk) + np.sqrt(disc))
        out = np.where(disc >= 0, np.sqrt(g2), np.nan)
    return scalar_or_array(out)


def gamma_c_condensed(T, c=C_CONDENSATION):
    """Condensed branch of eq. (52): ``gamma_c = c (2L)^{1/4} / sqrt(2)`` (Thm 64, step 5)."""
    Lv = np.log(check_T(T) - 1.0)
    c = np.asarray(c, dtype=float)
    return scalar_or_array(c * (2.0 * Lv) ** 0.25 / np.sqrt(2.0))


def gamma_c(dk, T, c=C_CONDENSATION):
    """The two-branch law, eq. (52) of Thm 64.

    ``gamma_c^2 = 2L/(sqrt(dk) + sqrt(dk - 8L))`` for ``dk >= 8L`` (mean field) and
    ``gamma_c^2 = (c^2/2) sqrt(2L)`` for ``dk < 8L`` (condensed), ``L = log(T-1)``.
    The branches do not meet at ``dk = 8L`` (Rem 67): the jump is the factor ``c``.
    """
    dk, Lv = _dk_L(dk, T)
    c = np.asarray(c, dtype=float)
    if not np.all(np.isfinite(c)) or np.any(c <= 0):
        raise ValueError(f"c must be finite and > 0, got {c!r}")
    disc = dk - 8.0 * Lv
    with np.errstate(invalid="ignore"):
        mean_field = np.sqrt(2.0 * Lv / (np.sqrt(dk) + np.sqrt(np.maximum(disc, 0.0))))
    condensed = c * (2.0 * Lv) ** 0.25 / np.sqrt(2.0)
    return scalar_or_array(np.where(disc >= 0, mean_field, condensed))


def gamma_c_roots(dk, T):
    """Both roots ``(gamma_minus, gamma_plus)`` of the mean-field quartic (54) (Rem 65).

    ``x_pm = (sqrt(dk) +- sqrt(dk - 8L)) / 4`` with ``x = gamma^2``; the lower
    root is computed in conjugate form.  NaN where ``dk < 8L``.
    """
    dk, Lv = _dk_L(dk, T)
    disc = dk - 8.0 * Lv
    with np.errstate(invalid="ignore"):
        sq = np.sqrt(disc)
        x_minus = 2.0 * Lv / (np.sqrt(dk) + sq)
        x_plus = (np.sqrt(dk) + sq) / 4.0
        g_minus = np.where(disc >= 0, np.sqrt(x_minus), np.nan)
        g_plus = np.where(disc >= 0, np.sqrt(x_plus), np.nan)
    return scalar_or_array(g_minus), scalar_or_array(g_plus)


def gamma_c_key_only(dk, T):
    """Key-only half-lift law, eq. (55) of Cor 69, as printed.

    ``gamma_c = (2L + 1) / (sqrt(dk) + sqrt(dk - 4L - 2))`` for ``dk >= 4L + 2``;
    NaN below that crossover.  (Built on the moments (57)-(58) as printed.)
    """
    dk, Lv = _dk_L(dk, T)
    disc = dk - 4.0 * Lv - 2.0
    with np.errstate(invalid="ignore"):
        g = (2.0 * Lv + 1.0) / (np.sqrt(dk) + np.sqrt(disc))
        out = np.where(disc >= 0, g, np.nan)
    return scalar_or_array(out)


def t3t4_quartic_coefficients(dk, T):
    """Coefficients (highest degree first) of the T3+T4 quartic, eq. (69) of §10.

    ``2 g^4 + 2 g^3 - (sqrt(dk) - 1) g^2 - sqrt(dk) g + L``.
    Returns an array of shape ``broadcast(dk, T).shape + (5,)``.
    """
    dk, Lv = _dk_L(dk, T)
    s = np.sqrt(dk)
    return np.stack(
        [np.full_like(s, 2.0), np.full_like(s, 2.0), -(s - 1.0), -s, Lv], axis=-1
    )


def gamma_c_t3t4(dk, T):
    """First positive real root of the T3+T4 quartic, eq. (69) of §10 (NaN if none).

    Roots come from the eigenvalues of the companion matrices (batched), then are
    polished by two Newton steps; a root counts as real when its imaginary part is
    below ``1e-7 * max(1, |root|)``.
    """
    coef = t3t4_quartic_coefficients(dk, T)
    shape = coef.shape[:-1]
    flat = coef.reshape(-1, 5)
    n = flat.shape[0]
    comp = np.zeros((n, 4, 4))
    comp[:, 0, :] = -flat[:, 1:] / flat[:, :1]
    comp[:, 1, 0] = comp[:, 2, 1] = comp[:, 3, 2] = 1.0
    roots = np.linalg.eigvals(comp)
    real = np.abs(roots.imag) <= 1e-7 * np.maximum(1.0, np.abs(roots))
    cand = np.where(real & (roots.real > 0), roots.real, np.inf)
    g = cand.min(axis=1)
    ok = np.isfinite(g)
    gg = np.where(ok, g, 1.0)
    for _ in range(2):  # Newton polish; derivative vanishes only at a double root
        f = np.polynomial.polynomial.polyval(gg, flat[:, ::-1].T, tensor=False)
        d = np.polynomial.polynomial.polyval(
            gg, (flat[:, :-1] * np.array([4.0, 3.0, 2.0, 1.0]))[:, ::-1].T, tensor=False
        )
        step = np.where(np.abs(d) > 1e-12, f / np.where(d == 0, 1.0, d), 0.0)
        gg = gg - step
    out = np.where(ok, gg, np.nan).reshape(shape)
    return scalar_or_array(out)


#: Quadrature grid for p_inf: trapezoid on [-12, 12]; the integrand is analytic and
#: decays like a Gaussian, so the trapezoid rule converges geometrically.
_Z = np.linspace(-12.0, 12.0, 4801)
_LOG_PHI_Z = -0.5 * _Z**2 - 0.5 * np.log(2.0 * np.pi)
_DZ = _Z[1] - _Z[0]


def p_inf(dk, T, m=None):
    """Argmax limit of the competition observable, eq. (51) of Thm 64.

    ``p_inf = int phi(z) Phi(z + sqrt(dk)/2)^m dz`` with ``m = T - 2`` distractors
    by default (Rem 72 discusses ``m = T - 1``).  It is the probability that the
    target, at signal-to-noise ratio ``sqrt(dk)/2`` (eq. 50), beats ``m`` i.i.d.
    standard Gaussian distractors.
    """
    dk = check_dk(dk)
    T = check_T(T)
    mm = T - 2.0 if m is None else check_m(m)
    dk, mm = np.broadcast_arrays(dk, mm)
    s = np.sqrt(dk)[..., None] / 2.0
    log_integrand = _LOG_PHI_Z + mm[..., None] * special.log_ndtr(_Z + s)
    vals = np.exp(log_integrand)
    out = _DZ * (vals.sum(axis=-1) - 0.5 * (vals[..., 0] + vals[..., -1]))
    return scalar_or_array(out)


def snr(dk):
    """Signal-to-noise ratio of the T4 channel, ``a/b = sqrt(dk)/2`` (eq. 50, Thm 49 eq. 43)."""
    return scalar_or_array(np.sqrt(check_dk(dk)) / 2.0)
