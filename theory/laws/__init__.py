"""Closed forms of the paper's transition laws, NumPy-vectorised.

Every function accepts scalars, lists or arrays, broadcasts its arguments, returns a
Python ``float`` for scalar input and an ``ndarray`` otherwise, and raises
``ValueError`` with a message naming the argument for anything outside its domain:
``dk <= 0``, ``T < 3`` (and, in :func:`p_inf`, where ``T`` counts distractors, ``T`` not
an integer), ``m`` not an integer >= 1, ``c <= 0``, and
non-finite, complex, bool, string or ``None`` input (the rules are those of
:mod:`theory._validate`, shared with :mod:`montecarlo`).  The SymPy form of each law
lives in :mod:`theory.laws.symbolic`.

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

from types import ModuleType
from typing import TYPE_CHECKING, overload

import numpy as np
from scipy import special

from .._types import ArrayLike, FloatArray, FloatOrArray
from .._validate import check_c, check_dk, check_m, check_T, scalar_or_array

if TYPE_CHECKING:  # for a type checker ``symbolic`` is a plain submodule; at run time it is lazy
    from . import symbolic as symbolic

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


if not TYPE_CHECKING:  # hidden from type checkers, which would type every unknown attribute by it

    def __getattr__(name: str) -> ModuleType:
        """``laws.symbolic`` is imported on first use (SymPy costs about a second to import)."""
        if name == "symbolic":
            import importlib

            return importlib.import_module(f"{__name__}.symbolic")
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def __dir__() -> list[str]:
    """``dir(laws)`` lists the public names only (not ``np``, ``special`` or the validators)."""
    return sorted(__all__)


#: Calibrated condensation constant of eq. (52), lower branch (Thm 64, §7.10): 0.741 ± 0.015.
C_CONDENSATION = 0.741


@overload
def L(T: float) -> float: ...
@overload
def L(T: ArrayLike) -> FloatOrArray: ...


def L(T: ArrayLike) -> FloatOrArray:
    """``L = log(T - 1)``, the log of the number of scored positions (Def 62, eq. 52)."""
    return scalar_or_array(np.log(check_T(T) - 1.0))


@overload
def crossover(T: float) -> float: ...
@overload
def crossover(T: ArrayLike) -> FloatOrArray: ...


def crossover(T: ArrayLike) -> FloatOrArray:
    """Branch crossover ``d_k* = 8 L`` of the two-branch law (Thm 64, eq. 52; certificate C2)."""
    return scalar_or_array(8.0 * np.log(check_T(T) - 1.0))


def _dk_L(dk: ArrayLike, T: ArrayLike) -> tuple[FloatArray, FloatArray]:
    dk = check_dk(dk)
    T = check_T(T)
    dk, T = np.broadcast_arrays(dk, T)
    return dk, np.log(T - 1.0)


@overload
def gamma_c_mean_field(dk: float, T: float) -> float: ...
@overload
def gamma_c_mean_field(dk: ArrayLike, T: ArrayLike) -> FloatOrArray: ...


def gamma_c_mean_field(dk: ArrayLike, T: ArrayLike) -> FloatOrArray:
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


@overload
def gamma_c_condensed(T: float, c: float = ...) -> float: ...
@overload
def gamma_c_condensed(T: ArrayLike, c: ArrayLike = ...) -> FloatOrArray: ...


def gamma_c_condensed(T: ArrayLike, c: ArrayLike = C_CONDENSATION) -> FloatOrArray:
    """Condensed branch of eq. (52): ``gamma_c = c (2L)^{1/4} / sqrt(2)`` (Thm 64, step 5).

    ``c`` (default :data:`C_CONDENSATION`) must be finite and > 0; it broadcasts with ``T``.

    Examples
    --------
    >>> from theory import laws
    >>> round(laws.gamma_c_condensed(15), 3)
    0.794
    """
    Lv = np.log(check_T(T) - 1.0)
    c = check_c(c)
    return scalar_or_array(c * (2.0 * Lv) ** 0.25 / np.sqrt(2.0))


@overload
def gamma_c(dk: float, T: float, c: float = ...) -> float: ...
@overload
def gamma_c(dk: ArrayLike, T: ArrayLike, c: ArrayLike = ...) -> FloatOrArray: ...


def gamma_c(dk: ArrayLike, T: ArrayLike, c: ArrayLike = C_CONDENSATION) -> FloatOrArray:
    """The two-branch law, eq. (52) of Thm 64.

    ``gamma_c^2 = 2L/(sqrt(dk) + sqrt(dk - 8L))`` for ``dk >= 8L`` (mean field) and
    ``gamma_c^2 = (c^2/2) sqrt(2L)`` for ``dk < 8L`` (condensed), ``L = log(T-1)``.
    The branches do not meet at ``dk = 8L`` (Rem 67): the jump is the factor ``c``.
    """
    dk, Lv = _dk_L(dk, T)
    c = check_c(c)
    disc = dk - 8.0 * Lv
    with np.errstate(invalid="ignore"):
        mean_field = np.sqrt(2.0 * Lv / (np.sqrt(dk) + np.sqrt(np.maximum(disc, 0.0))))
    condensed = c * (2.0 * Lv) ** 0.25 / np.sqrt(2.0)
    return scalar_or_array(np.where(disc >= 0, mean_field, condensed))


@overload
def gamma_c_roots(dk: float, T: float) -> tuple[float, float]: ...
@overload
def gamma_c_roots(dk: ArrayLike, T: ArrayLike) -> tuple[FloatOrArray, FloatOrArray]: ...


def gamma_c_roots(dk: ArrayLike, T: ArrayLike) -> tuple[FloatOrArray, FloatOrArray]:
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


@overload
def gamma_c_key_only(dk: float, T: float) -> float: ...
@overload
def gamma_c_key_only(dk: ArrayLike, T: ArrayLike) -> FloatOrArray: ...


def gamma_c_key_only(dk: ArrayLike, T: ArrayLike) -> FloatOrArray:
    """Key-only half-lift law, eq. (55) of Cor 69, **as printed** (not the corrected law).

    ``gamma_c = (2L + 1) / (sqrt(dk) + sqrt(dk - 4L - 2))`` for ``dk >= 4L + 2``;
    NaN below that crossover.  It is built on the moments (57)-(58) as printed, and
    (58) is wrong for the model Cor 69 states: it omits
    ``Cov(q^T k_j, q^T p_{k,j}) = d_k``, so the distractor scale is
    ``b'^2 = 1 + 2 gamma + 2 gamma^2`` (not ``1 + 2 gamma^2``).  The law with the
    moments derived from the model is
    :func:`theory.transition.gamma_c_key_only_corrected` (certificate
    ``cor69.corrected``; ``psa-cert show cor69.corrected``); use that one to predict
    a simulation of the key-only model.

    Examples
    --------
    >>> from theory import laws
    >>> round(laws.gamma_c_key_only(64, 15), 3)
    0.414
    >>> from theory.transition import gamma_c_key_only_corrected
    >>> round(gamma_c_key_only_corrected(64, 15), 3)
    0.482
    """
    dk, Lv = _dk_L(dk, T)
    disc = dk - 4.0 * Lv - 2.0
    with np.errstate(invalid="ignore"):
        g = (2.0 * Lv + 1.0) / (np.sqrt(dk) + np.sqrt(disc))
        out = np.where(disc >= 0, g, np.nan)
    return scalar_or_array(out)


def t3t4_quartic_coefficients(dk: ArrayLike, T: ArrayLike) -> FloatArray:
    """Coefficients (highest degree first) of the T3+T4 quartic, eq. (69) of §10.

    ``2 g^4 + 2 g^3 - (sqrt(dk) - 1) g^2 - sqrt(dk) g + L``.
    Returns an array of shape ``broadcast(dk, T).shape + (5,)``.
    """
    dk, Lv = _dk_L(dk, T)
    s = np.sqrt(dk)
    return np.stack([np.full_like(s, 2.0), np.full_like(s, 2.0), -(s - 1.0), -s, Lv], axis=-1)


@overload
def gamma_c_t3t4(dk: float, T: float) -> float: ...
@overload
def gamma_c_t3t4(dk: ArrayLike, T: ArrayLike) -> FloatOrArray: ...


def gamma_c_t3t4(dk: ArrayLike, T: ArrayLike) -> FloatOrArray:
    """First (smallest) positive real root of the T3+T4 quartic, eq. (69) of §10 (NaN if none).

    ``2 g^4 + 2 g^3 - (sqrt(dk) - 1) g^2 - sqrt(dk) g + L = 0``.  The roots are taken
    from the companion matrix of the *reversed* polynomial (in ``y = 1/g``), whose
    largest roots are the quartic's smallest ones, so the first root keeps its relative
    accuracy even for huge ``dk`` (where it tends to ``L / sqrt(dk)``); each is then
    polished by safeguarded Newton steps on (69).  A root counts as real when its
    imaginary part is below ``1e-7 * max(1, |root|)``.

    Examples
    --------
    >>> from theory import laws
    >>> round(laws.gamma_c_t3t4(64, 512), 4)        # §10 table
    0.5687
    >>> round(laws.gamma_c_t3t4(1e52, 512) * 1e26, 4)  # ~ L / sqrt(dk) = log(511) / 1e26
    6.2364
    """
    coef = t3t4_quartic_coefficients(dk, T)
    shape = coef.shape[:-1]
    flat = coef.reshape(-1, 5)
    n = flat.shape[0]
    if n == 0:
        return np.empty(shape)
    # reversed polynomial in y = 1/g: L y^4 - sqrt(dk) y^3 - (sqrt(dk)-1) y^2 + 2 y + 2 (L > 0)
    rev = flat[:, ::-1]
    comp = np.zeros((n, 4, 4))
    comp[:, 0, :] = -rev[:, 1:] / rev[:, :1]
    comp[:, 1, 0] = comp[:, 2, 1] = comp[:, 3, 2] = 1.0
    yroots = np.linalg.eigvals(comp)
    with np.errstate(divide="ignore", invalid="ignore"):
        roots = np.where(yroots != 0, 1.0 / yroots, np.inf)
    real = np.abs(roots.imag) <= 1e-7 * np.maximum(1.0, np.abs(roots))
    cand = np.where(real & (roots.real > 0), roots.real, np.inf)
    g = cand.min(axis=1)
    ok = np.isfinite(g)
    gg = np.where(ok, g, 1.0)
    low = flat[:, ::-1].T  # ascending coefficients
    dlow = (flat[:, :-1] * np.array([4.0, 3.0, 2.0, 1.0]))[:, ::-1].T
    polyval = np.polynomial.polynomial.polyval
    f = polyval(gg, low, tensor=False)
    for _ in range(4):  # Newton polish, a step kept only where it does not increase |f|
        d = polyval(gg, dlow, tensor=False)
        with np.errstate(divide="ignore", invalid="ignore"):
            step = np.where(d != 0, f / np.where(d == 0, 1.0, d), 0.0)
        trial = gg - step
        ft = polyval(trial, low, tensor=False)
        better = np.isfinite(ft) & (np.abs(ft) <= np.abs(f)) & (trial > 0)
        gg = np.where(better, trial, gg)
        f = np.where(better, ft, f)
    out = np.where(ok, gg, np.nan).reshape(shape)
    return scalar_or_array(out)


#: Quadrature grid for p_inf: trapezoid on [-12, 12]; the integrand is analytic and
#: decays like a Gaussian, so the trapezoid rule converges geometrically.
_Z = np.linspace(-12.0, 12.0, 4801)
_LOG_PHI_Z = -0.5 * _Z**2 - 0.5 * np.log(2.0 * np.pi)
_DZ = _Z[1] - _Z[0]


@overload
def p_inf(dk: float, T: int, m: int | None = None) -> float: ...
@overload
def p_inf(dk: ArrayLike, T: ArrayLike, m: ArrayLike | None = None) -> FloatOrArray: ...


def p_inf(dk: ArrayLike, T: ArrayLike, m: ArrayLike | None = None) -> FloatOrArray:
    """Argmax limit of the competition observable, eq. (51) of Thm 64.

    ``p_inf = int phi(z) Phi(z + sqrt(dk)/2)^m dz`` with ``m = T - 2`` distractors
    by default (Rem 72 discusses ``m = T - 1``).  It is the probability that the
    target, at signal-to-noise ratio ``sqrt(dk)/2`` (eq. 50 as printed), beats ``m``
    i.i.d. standard Gaussian distractors.  Trapezoid rule on ``[-12, 12]`` (geometric
    convergence for this analytic, Gaussian-decaying integrand); the result is clipped
    to ``[0, 1]`` (rounding can otherwise give ``1 + 1e-13`` at large ``dk``).

    Parameters
    ----------
    dk : float or array_like
        Head width, > 0.
    T : int or array_like
        Context length, an integer >= 3 (it counts positions here: ``15.5`` is rejected).
    m : int or array_like, optional
        Distractor count, an integer >= 1; default ``T - 2`` (Def 62).

    Examples
    --------
    >>> from theory import laws
    >>> round(laws.p_inf(4, 15), 3)
    0.282
    >>> round(laws.p_inf(4, 15, m=14), 3)     # Rem 72: m = T - 1
    0.271
    """
    dk = check_dk(dk)
    T = check_T(T, integer=True)
    mm = T - 2.0 if m is None else check_m(m)
    dk, _, mm = np.broadcast_arrays(dk, T, mm)
    s = np.sqrt(dk)[..., None] / 2.0
    log_integrand = _LOG_PHI_Z + mm[..., None] * special.log_ndtr(_Z + s)
    vals = np.exp(log_integrand)
    out = _DZ * (vals.sum(axis=-1) - 0.5 * (vals[..., 0] + vals[..., -1]))
    return scalar_or_array(np.clip(out, 0.0, 1.0))


@overload
def snr(dk: float) -> float: ...
@overload
def snr(dk: ArrayLike) -> FloatOrArray: ...


def snr(dk: ArrayLike) -> FloatOrArray:
    """Signal-to-noise ratio of the T4 channel **as printed**, ``a/b = sqrt(dk)/2`` (eq. 50).

    This is the ratio of the target offset ``a = gamma^2 sqrt(dk)`` to the distractor
    scale ``b = 2 gamma^2`` of the reduced model G (Def 62); it is what (51) uses and
    is kept as a public contract.  It is *not* the SNR that Thm 49 defines (the mean
    over the standard deviation of ``s_j* - s_j``): for Gaussian embeddings that is
    ``sqrt(dk)/3``, and ``sqrt(dk/7)`` for +-1 embeddings -- certificate ``thm49``
    FAILs on this (``psa-cert show thm49``).

    Examples
    --------
    >>> from theory import laws
    >>> laws.snr(64)
    4.0
    """
    return scalar_or_array(np.sqrt(check_dk(dk)) / 2.0)
