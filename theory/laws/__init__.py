r"""Closed forms of the paper's transition laws, NumPy-vectorised.

Start with :func:`gamma_c` (the critical coupling, Thm 64, eq. 52), :func:`gamma_c_roots`
(both roots of the mean-field quartic, eq. 54) and :func:`p_inf` (the accuracy limit, eq. 51).

Every function accepts scalars, lists or arrays, broadcasts its arguments, returns a
Python ``float`` for scalar input and an ``ndarray`` otherwise, and raises
``ValueError`` with a message naming the argument for anything outside its domain:
``dk <= 0``, ``T < 3`` (and, in :func:`p_inf`, where ``T`` counts distractors, ``T`` not
an integer), ``m`` not an integer >= 1, ``c <= 0``, and
non-finite, complex, bool, string or ``None`` input (the rules are those of
:mod:`theory._validate`, shared with :mod:`montecarlo`).  The SymPy form of each law
lives in :mod:`theory.laws.symbolic`.

Conventions (paper §6.6, Def 62): :math:`L = \log(T - 1)` (natural log); the
distractor count is :math:`m = T - 2` unless given; embeddings have unit scale.

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
    """``dir(laws)`` lists the public names only (not ``np`` or the validators)."""
    return sorted(__all__)


#: Calibrated condensation constant of eq. (52), lower branch (Thm 64, §7.10): 0.741 ± 0.015.
C_CONDENSATION = 0.741


@overload
def L(T: float) -> float: ...
@overload
def L(T: ArrayLike) -> FloatOrArray: ...


def L(T: ArrayLike) -> FloatOrArray:
    r"""The logarithm :math:`L = \log(T - 1)` that every law is written in (Def 62; Thm 64, eq. 52).

    :math:`T - 1` is the number of scored positions; :math:`L` is natural.

    Parameters
    ----------
    T : float or array_like
        Context length, :math:`T \ge 3`.

    Returns
    -------
    float or numpy.ndarray
        :math:`\log(T - 1)`: a ``float`` for scalar input, else an array of the shape of ``T``.

    Examples
    --------
    >>> from theory import laws
    >>> round(laws.L(15), 4)            # log 14
    2.6391
    """
    return scalar_or_array(np.log(check_T(T) - 1.0))


@overload
def crossover(T: float) -> float: ...
@overload
def crossover(T: ArrayLike) -> FloatOrArray: ...


def crossover(T: ArrayLike) -> FloatOrArray:
    r"""The branch crossover :math:`d_k^* = 8L` of the two-branch law (Thm 64, eq. 52; certificate C2).

    Above it (:math:`d_k \ge 8L`) :func:`gamma_c` takes the mean-field branch, below it the
    condensed one; it is also where the mean-field quartic (54) stops having real roots.

    Parameters
    ----------
    T : float or array_like
        Context length, :math:`T \ge 3`.

    Returns
    -------
    float or numpy.ndarray
        :math:`8 \log(T - 1)`: a ``float`` for scalar input, else an array.

    Examples
    --------
    >>> from theory import laws
    >>> round(laws.crossover(15), 2)    # §6.6, Rem 67: d_k* = 21.1 at T = 15
    21.11
    >>> round(laws.crossover(512), 1)   # Fig. 2: 8L = 49.9 at T = 512
    49.9
    """
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
    r"""The mean-field branch of the two-branch law (Thm 64, eq. 52, upper line).

    .. math::

       \gamma_c^2 = \frac{2L}{\sqrt{d_k} + \sqrt{d_k - 8L}}, \qquad d_k \ge 8L,

    the smaller root of the quartic (54) in conjugate form (numerically stable at large
    :math:`d_k`).  It has no free parameter.  Unlike :func:`gamma_c` it does not switch branch:
    below the crossover there is no real root and the result is NaN.

    Parameters
    ----------
    dk : float or array_like
        Head width :math:`d_k > 0`.
    T : float or array_like
        Context length, :math:`T \ge 3`; broadcasts with ``dk``.

    Returns
    -------
    float or numpy.ndarray
        :math:`\gamma_c` (not squared), NaN where :math:`d_k < 8L`; a ``float`` for scalar input.

    See Also
    --------
    gamma_c : the law with both branches.
    gamma_c_roots : both roots of (54).

    Examples
    --------
    >>> from theory import laws
    >>> round(laws.gamma_c_mean_field(64, 15), 3)
    0.602
    >>> laws.gamma_c_mean_field(16, 15)        # 16 < 8L = 21.1: no real root
    nan
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
    r"""The condensed branch of the two-branch law (Thm 64, eq. 52, lower line; proof step 5).

    .. math::

       \gamma_c = \frac{c\,(2L)^{1/4}}{\sqrt{2}}, \qquad d_k < 8L,

    flat in :math:`d_k`.  It is a scaling law with one calibrated constant :math:`c`, set where the
    distractor field freezes (:math:`2\gamma_c^2 = \sqrt{2L}`, the random-energy-model point);
    :math:`c` absorbs the finite-:math:`m` corrections.  Unlike :func:`gamma_c` it is returned for
    every :math:`d_k`, on either side of the crossover.

    Parameters
    ----------
    T : float or array_like
        Context length, :math:`T \ge 3`.
    c : float or array_like, optional
        The condensation constant, finite and > 0; broadcasts with ``T``.  Default
        :data:`C_CONDENSATION` = 0.741, the paper's calibration on the nine condensed points of the
        §7.9 grid (0.741 ± 0.015, §7.10); the fixed-:math:`d_k` T-axis scan gives 0.717.

    Returns
    -------
    float or numpy.ndarray
        :math:`\gamma_c`; a ``float`` for scalar input.

    Examples
    --------
    >>> from theory import laws
    >>> round(laws.gamma_c_condensed(15), 3)          # Rem 67: 0.794 at T = 15
    0.794
    >>> round(laws.gamma_c_condensed(15, c=0.717), 3)  # the T-axis calibration
    0.768
    """
    Lv = np.log(check_T(T) - 1.0)
    c = check_c(c)
    return scalar_or_array(c * (2.0 * Lv) ** 0.25 / np.sqrt(2.0))


@overload
def gamma_c(dk: float, T: float, c: float = ...) -> float: ...
@overload
def gamma_c(dk: ArrayLike, T: ArrayLike, c: ArrayLike = ...) -> FloatOrArray: ...


def gamma_c(dk: ArrayLike, T: ArrayLike, c: ArrayLike = C_CONDENSATION) -> FloatOrArray:
    r"""The critical coupling :math:`\gamma_c(d_k, T)` of the reduced score model: the two-branch law
    of Thm 64, eq. (52).

    .. math::

       \gamma_c^2 =
       \begin{cases}
       \dfrac{2L}{\sqrt{d_k} + \sqrt{d_k - 8L}} & d_k \ge d_k^* \quad \text{(mean field)} \\
       \dfrac{c^2}{2} \sqrt{2L} & d_k < d_k^* \quad \text{(condensed)}
       \end{cases}
       \qquad L = \log(T - 1), \quad d_k^* = 8L.

    This is the coupling :math:`\gamma` of the shear at which the T4-only Gaussian score model G
    of Def 62 starts to concentrate attention on the target.  The mean-field branch is the smaller
    root of the quartic (54) (:func:`gamma_c_mean_field`) and has no free parameter; the condensed
    branch (:func:`gamma_c_condensed`) carries the one calibrated constant :math:`c`.  The branches
    do not meet at :math:`d_k = 8L` (Rem 67): the step across the crossover is the factor
    :math:`c` (at :math:`T = 15`, 1.072 above against 0.794 below).  The law concerns the T4-only
    reduction; with the T3 term restored see :func:`gamma_c_t3t4` (§10).

    Parameters
    ----------
    dk : float or array_like
        Head width :math:`d_k > 0` (need not be an integer).
    T : float or array_like
        Context length, :math:`T \ge 3` (need not be an integer); broadcasts with ``dk``.
    c : float or array_like, optional
        Condensation constant of the lower branch, finite and > 0; it changes only the results
        with :math:`d_k < 8L`.  Default :data:`C_CONDENSATION` = 0.741 (§7.10: 0.741 ± 0.015 on
        the condensed points of the §7.9 grid; 0.717 on the T-axis scan).

    Returns
    -------
    float or numpy.ndarray
        :math:`\gamma_c` (not squared): a ``float`` when every argument is a scalar, else an array
        of the broadcast shape.

    Raises
    ------
    ValueError
        For :math:`d_k \le 0`, :math:`T < 3`, :math:`c \le 0`, or non-finite, complex, bool,
        string or ``None`` input; the message names the argument.

    See Also
    --------
    gamma_c_roots : both roots of the mean-field quartic (the band of Rem 65).
    p_inf : the accuracy the model reaches above :math:`\gamma_c` (eq. 51).
    montecarlo.gamma_c_mc : the same quantity measured by simulation (§7.9).
    theory.laws.symbolic.gamma_c : the law as a SymPy expression.

    Examples
    --------
    >>> from theory import laws
    >>> round(laws.gamma_c(64, 15), 3)     # Rem 70: mean-field value at (64, 15)
    0.602
    >>> round(laws.gamma_c(16, 15), 3)     # 16 < 8L = 21.1: condensed branch, c = 0.741
    0.794
    >>> round(laws.gamma_c(16, 15, c=0.717), 3)
    0.768
    >>> laws.gamma_c([16, 64, 128], 512).round(3)   # arrays broadcast
    array([0.985, 1.03 , 0.787])
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
    r"""Both roots :math:`(\gamma_-, \gamma_+)` of the mean-field quartic, eq. (54) (Thm 64 step 3;
    Rem 65).

    With :math:`x = \gamma^2` the criterion :math:`2x^2 - \sqrt{d_k}\,x + L = 0` has the roots

    .. math::

       x_\pm = \frac{\sqrt{d_k} \pm \sqrt{d_k - 8L}}{4},

    the lower one computed in conjugate form.  :math:`\gamma_- = \sqrt{x_-}` is the mean-field
    :math:`\gamma_c`; Rem 65 reads :math:`[\gamma_-, \gamma_+]` as the band on which the
    competition observable of the model G is elevated.

    Parameters
    ----------
    dk : float or array_like
        Head width :math:`d_k > 0`.
    T : float or array_like
        Context length, :math:`T \ge 3`; broadcasts with ``dk``.

    Returns
    -------
    tuple of (float or numpy.ndarray)
        ``(gamma_minus, gamma_plus)``, each NaN where :math:`d_k < 8L` (no real root).

    Examples
    --------
    >>> from theory import laws
    >>> [round(g, 3) for g in laws.gamma_c_roots(128, 512)]   # Rem 65: band [0.787, 2.245]
    [0.787, 2.245]
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
    r"""The key-only half-lift law, eq. (55) of Cor 69, **as printed** (not the corrected law).

    .. math::

       \gamma_c = \frac{2L + 1}{\sqrt{d_k} + \sqrt{d_k - 4L - 2}}, \qquad d_k \ge 4L + 2,

    NaN below that crossover.  It is built on the moments (57)-(58) as printed, and (58) is wrong
    for the model Cor 69 states: it omits :math:`\operatorname{Cov}(q^\top k_j, q^\top p_{k,j}) = d_k`,
    so the distractor scale is :math:`b'^2 = 1 + 2\gamma + 2\gamma^2` (not :math:`1 + 2\gamma^2`).
    The law with the moments derived from the model is
    :func:`theory.transition.gamma_c_key_only_corrected` (certificate ``cor69.corrected``;
    ``psa-cert show cor69.corrected``); use that one to predict a simulation of the key-only model.

    Parameters
    ----------
    dk : float or array_like
        Head width :math:`d_k > 0`.
    T : float or array_like
        Context length, :math:`T \ge 3`; broadcasts with ``dk``.

    Returns
    -------
    float or numpy.ndarray
        :math:`\gamma_c` as (55) prints it, NaN where :math:`d_k < 4L + 2`.

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
    r"""The coefficients, highest degree first, of the T3+T4 quartic, eq. (69) of §10.

    .. math::

       2\gamma^4 + 2\gamma^3 - (\sqrt{d_k} - 1)\,\gamma^2 - \sqrt{d_k}\,\gamma + L,

    the annealed criterion (53) with the T3+T4 moments (68).

    Parameters
    ----------
    dk : float or array_like
        Head width :math:`d_k > 0`.
    T : float or array_like
        Context length, :math:`T \ge 3`; broadcasts with ``dk``.

    Returns
    -------
    numpy.ndarray
        Shape ``broadcast(dk, T).shape + (5,)`` (``(5,)`` for scalars), for :func:`numpy.roots`.

    Examples
    --------
    >>> from theory import laws
    >>> laws.t3t4_quartic_coefficients(64, 15).round(4)
    array([ 2.    ,  2.    , -7.    , -8.    ,  2.6391])
    """
    dk, Lv = _dk_L(dk, T)
    s = np.sqrt(dk)
    return np.stack([np.full_like(s, 2.0), np.full_like(s, 2.0), -(s - 1.0), -s, Lv], axis=-1)


@overload
def gamma_c_t3t4(dk: float, T: float) -> float: ...
@overload
def gamma_c_t3t4(dk: ArrayLike, T: ArrayLike) -> FloatOrArray: ...


def gamma_c_t3t4(dk: ArrayLike, T: ArrayLike) -> FloatOrArray:
    r"""The critical coupling of the T3+T4 model: the first positive root of the quartic, eq. (69)
    of §10.

    .. math::

       2\gamma_c^4 + 2\gamma_c^3 - (\sqrt{d_k} - 1)\,\gamma_c^2 - \sqrt{d_k}\,\gamma_c + L = 0.

    (69) is a genuine quartic in :math:`\gamma` (the odd terms come from T3) and has no two-branch
    closed form like (52).  The roots are taken from the companion matrix of the *reversed*
    polynomial (in :math:`y = 1/\gamma`), whose largest roots are the quartic's smallest ones, so the
    first root keeps its relative accuracy even for huge :math:`d_k` (where it tends to
    :math:`L/\sqrt{d_k}`); each is then polished by safeguarded Newton steps on (69).  A root counts
    as real when its imaginary part is below :math:`10^{-7} \max(1, |\gamma|)`.

    Parameters
    ----------
    dk : float or array_like
        Head width :math:`d_k > 0`.
    T : float or array_like
        Context length, :math:`T \ge 3`; broadcasts with ``dk``.

    Returns
    -------
    float or numpy.ndarray
        The smallest positive real root, NaN where there is none.

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
    r"""The argmax limit of the competition observable, eq. (51) of Thm 64.

    .. math::

       p_\infty(d_k, T) = \int_{-\infty}^{\infty} \varphi(z)\,
       \Phi\left(z + \frac{\sqrt{d_k}}{2}\right)^{m} \mathrm{d}z,
       \qquad m = T - 2 \ \text{(distractor count)}.

    As :math:`\gamma \to \infty` the model's accuracy tends to the probability that the target, at
    signal-to-noise ratio :math:`\sqrt{d_k}/2` (eq. 50 as printed), beats :math:`m` i.i.d. standard
    Gaussian distractors (proof step 6).  Rem 72 discusses :math:`m = T - 1` (all :math:`T - 1`
    positions scored against an independent target, as certificate C7 does).  Computed by the
    trapezoid rule on :math:`[-12, 12]` (geometric convergence for this analytic,
    Gaussian-decaying integrand) and clipped to :math:`[0, 1]` (rounding can otherwise give
    :math:`1 + 10^{-13}` at large :math:`d_k`).

    Parameters
    ----------
    dk : float or array_like
        Head width :math:`d_k > 0`.
    T : int or array_like
        Context length, an integer :math:`\ge 3` (it counts positions here: ``15.5`` is rejected).
    m : int or array_like, optional
        Distractor count, an integer :math:`\ge 1`; default :math:`T - 2` (Def 62).

    Returns
    -------
    float or numpy.ndarray
        :math:`p_\infty \in [0, 1]`; a ``float`` for scalar input, else the broadcast shape.

    Examples
    --------
    >>> from theory import laws
    >>> round(laws.p_inf(4, 15), 3)           # §7.11: 0.282 at d_k = 4
    0.282
    >>> round(laws.p_inf(32, 15, m=14), 4)    # Rem 72, m = T - 1: C7's point (32, 15)
    0.8379
    >>> laws.p_inf([4, 16, 64], 15).round(3)  # §7.11, Fig. 9b
    array([0.282, 0.617, 0.978])
    """
    from scipy import special  # on first use: loading the statements does not import SciPy

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
    r"""The signal-to-noise ratio of the T4 channel **as printed**, :math:`a/b = \sqrt{d_k}/2` (eq. 50).

    This is the ratio of the target offset :math:`a = \gamma^2 \sqrt{d_k}` to the distractor scale
    :math:`b = 2\gamma^2` of the reduced model G (Def 62, eq. 49); it is what (51) uses and is kept
    as a public contract.  It is *not* the SNR that Thm 49 defines (the mean over the standard
    deviation of :math:`s_{j^*} - s_j`): for Gaussian embeddings that is :math:`\sqrt{d_k}/3`, and
    :math:`\sqrt{d_k/7}` for :math:`\pm 1` embeddings -- certificate ``thm49`` FAILs on this
    (``psa-cert show thm49``).

    Parameters
    ----------
    dk : float or array_like
        Head width :math:`d_k > 0`.

    Returns
    -------
    float or numpy.ndarray
        :math:`\sqrt{d_k}/2`, independent of :math:`\gamma`.

    Examples
    --------
    >>> from theory import laws
    >>> laws.snr(64)
    4.0
    """
    return scalar_or_array(np.sqrt(check_dk(dk)) / 2.0)
