"""Exact (deterministic quadrature) evaluation of the reduced score models.

The competition observable of Def 62 / Thm 64 for a target score ``s_0 = a + b Z_0``
against ``m`` i.i.d. distractors ``s_j = b Z_j`` (``Z`` standard Gaussian) is

    A = E[ e^{s_0} / (e^{s_0} + sum_j e^{s_j}) ].

Derivation (the Gumbel-max identity, equivalently ``1/x = int_0^inf e^{-tx} dt``)
------------------------------------------------------------------------------
For fixed scores, ``e^{s_0} / sum_i e^{s_i} = P(s_0 + G_0 > max_j (s_j + G_j))`` with
``G_i`` i.i.d. standard Gumbel (CDF ``exp(-e^{-g})``), independent of the scores.
[Proof: ``e^{s_0}/(e^{s_0}+S) = int_0^inf e^{s_0} e^{-t e^{s_0}} e^{-t S} dt``; with
``t = e^{-x}`` the factor ``e^{-t e^{s}} = exp(-e^{-(x-s)})`` is the Gumbel CDF at
``x - s`` and ``e^{s_0} t e^{-t e^{s_0}} = `` its density.]  Averaging over the scores,
with ``X = b Z + G`` (CDF ``F_b``, density ``f_b``),

    A(a, b, m) = P(a + X_0 > max_{j<=m} X_j) = int f_b(y) F_b(y + a)^m dy.        (*)

Checks: ``a = 0`` gives ``1/(m+1)`` for every ``b`` (exchangeability); as ``b -> inf``
with ``a/b -> s`` the Gumbel part is negligible and (*) tends to
``int phi(z) Phi(z + s)^m dz``, the argmax limit (51).

Numerics
--------
* ``F_b`` and ``f_b`` are one-dimensional convolutions of a Gaussian with a Gumbel law.
  For ``b >= B_SWITCH`` they are integrated over the Gumbel variable:
  ``F_b(x) = E_G[Phi((x - G)/b)]``, ``f_b(x) = E_G[phi((x - G)/b)]/b`` (the integrand is
  smooth on the scale ``b``); for ``b < B_SWITCH`` over the Gaussian variable:
  ``F_b(x) = E_Z[exp(-e^{-(x - bZ)})]``, ``f_b = E_Z[e^{-y} exp(-e^{-y})]`` with
  ``y = x - bZ`` (smooth on the scale ``1/b``).  Both rules are trapezoid rules on a
  fixed lattice (step ``G_STEP`` on ``[G_LO, G_HI]``, step ``Z_STEP`` on ``[-Z_MAX,
  Z_MAX]``) whose weights are normalised to sum to one, so ``0 <= F_b <= 1`` exactly.
  The Gumbel lattice (and the outer range below) reaches ``g_high(m) >= G_HI``, far enough
  that the Gumbel mass it misses, ``<= e^{-g_high}``, costs ``F_b^m`` a relative
  ``m e^{-g_high} <= 1e-15`` whatever ``m`` (:func:`g_high`).
  The integrands are entire, so the trapezoid rule converges geometrically; at the
  steps below the error is at rounding level (validated against mpmath).
* The outer integral (*) is a trapezoid rule in ``y`` on ``[-9 b + G_LO, 8.5 b + g_high(m)]``
  (the support of ``f_b`` to ~1e-17, and to a relative 1e-15 of ``A >= 1/(m+1)`` above) with
  step ``ell / OUTER_PER_SCALE``, where
  ``ell = sqrt(1 + b^2 / (1 + 2 log(m+1)))`` is the width of the extreme-value step of
  ``F_b^m`` (Gumbel scale 1 for small ``b``; ``b / sqrt(2 log m)`` for large ``b``).
  ``F_b^m`` is formed as ``exp(m log F_b)`` with ``log F_b = log1p(-S_b)`` from the survival
  function where ``F_b`` is near one, so it is valid for any ``m`` and any ``b`` (at
  ``gamma = 8``, ``b = 128`` and ``a = 1024`` for the T4 model at ``d_k = 256``).

Accuracy: agreement with an independent mpmath evaluation (the Laplace form
``A = int_R eta(u) psi(u)^m du``, see :func:`competition_mp`) to better than 1e-12
at the points of ``tests/montecarlo/data/exact_reference.json``.

The gamma_c extraction is the §7.9 rule of :mod:`montecarlo.extract` applied to the
exact curve on the same grid (no sampling noise), and optionally the continuous
midpoint crossing found by Brent's method.
"""

from __future__ import annotations

import collections
import functools
import math
import time
from dataclasses import dataclass, field
from typing import Any, Callable, Optional

import numpy as np
from numpy.typing import ArrayLike, NDArray
from scipy import special

from theory._types import FloatArray

from . import conventions as conv
from . import limits
from .extract import extract, extract_gamma_c, no_transition
from .models import get_model

#: quadrature parameters (see the module docstring); changing them changes nothing above 1e-13
B_SWITCH = 0.5
G_STEP, G_LO, G_HI = 0.25, -4.0, 36.0
Z_STEP, Z_MAX = 0.3, 9.0
OUTER_PER_SCALE = 4.0

_SQRT_2PI = math.sqrt(2.0 * math.pi)

#: the relative error of ``F_b^m`` allowed to the Gumbel lattice's upper cut-off (see :func:`g_high`)
G_TAIL_REL = 1e-15


def g_high(m: float) -> float:
    """Upper end of the Gumbel lattice for ``m`` distractors (at least ``G_HI``).

    The lattice misses the Gumbel mass above its end, ``P(G > g) = 1 - exp(-e^{-g}) <= e^{-g}``;
    that much is missing from the survival ``S_b`` wherever ``S_b`` is small, so ``log F_b`` errs
    by up to ``e^{-g}`` and ``F_b^m = exp(m log F_b)`` by a relative ``m e^{-g}``.  The end is
    the first lattice point with ``m e^{-g} <= G_TAIL_REL``: ``G_HI`` up to ``m = 4``, 48.5 at
    ``m = 10^6``, 71.5 at ``m = 2^53``.  (A fixed end at 36 made ``A`` too large by a relative
    ``~2e-10`` at ``T = 10^6`` and ``2e-4`` at ``T = 10^12``: issue 26, item 6.)
    """
    need = math.log(max(float(m), 1.0)) - math.log(G_TAIL_REL)
    return max(G_HI, G_LO + G_STEP * math.ceil((need - G_LO) / G_STEP))


@functools.lru_cache(maxsize=16)
def _g_lattice(hi: float) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Nodes on ``[G_LO, hi]`` (step ``G_STEP``) and the normalised weights of the Gumbel density
    ``e^{-g} exp(-e^{-g})`` and of the log-Gamma(2) density ``e^{-2g} exp(-e^{-g})`` there."""
    nodes = np.arange(G_LO, hi + G_STEP / 2, G_STEP)
    w = np.exp(-nodes - np.exp(-nodes))
    w2 = np.exp(-2.0 * nodes - np.exp(-nodes))
    out = (nodes, w / w.sum(), w2 / w2.sum())
    for arr in out:
        arr.flags.writeable = False
    return out


_Z_NODES = np.arange(-Z_MAX, Z_MAX + Z_STEP / 2, Z_STEP)
_Z_W = np.exp(-0.5 * _Z_NODES**2)
_Z_W /= _Z_W.sum()

METHOD = (
    "A = int f_b(y) F_b(y + a)^m dy with X = bZ + G (Gumbel-max identity); F_b, f_b by "
    f"trapezoid rules over G (b >= {B_SWITCH:g}) or Z (b < {B_SWITCH:g}); outer trapezoid in y"
)


def _log_cdf(b: float, x: np.ndarray, m: float = 1.0) -> np.ndarray:
    """log F_b(x), F_b(x) = P(bZ + G <= x), for an array x (any shape), accurate enough for
    ``F_b^m`` (the Gumbel lattice reaches :func:`g_high` ``(m)``).

    F_b and the survival S_b = 1 - F_b are both summed from terms without cancellation
    (``Phi(-|t|)`` gives either ``Phi(t)`` or ``1 - Phi(t)`` exactly), and ``log F`` is taken
    as ``log1p(-S)`` where ``S < 1/2``: ``F^m = exp(m log F)`` then keeps its relative accuracy
    for large ``m`` in the right tail, where ``F`` is within ``1e-9`` of one.
    """
    x = np.asarray(x, dtype=float)
    g_nodes, g_w, _ = _g_lattice(g_high(m))
    # the operations of lower/upper below, in place where an intermediate is not read again
    # (the same numbers; fewer temporaries of the (..., nodes) size)
    if b >= B_SWITCH:
        t = np.subtract(x[..., None], g_nodes)
        t /= b  # t = (x - g) / b
        neg = t <= 0
        q = np.negative(np.abs(t, out=t), out=t)
        special.ndtr(q, out=q)  # q = Phi(-|t|)
        p = np.subtract(1.0, q)
        lower = np.where(neg, q, p)  # Phi(t)
        np.copyto(q, p, where=neg)
        upper = q  # 1 - Phi(t)
    else:
        u = np.maximum(np.subtract(x[..., None], b * _Z_NODES), -700.0)
        np.negative(u, out=u)
        np.exp(u, out=u)
        np.negative(u, out=u)  # -exp(-max(x - bz, -700))
        lower = np.exp(u)
        upper = np.negative(np.expm1(u, out=u), out=u)
    F = lower @ g_w if b >= B_SWITCH else lower @ _Z_W
    S = upper @ g_w if b >= B_SWITCH else upper @ _Z_W
    with np.errstate(divide="ignore"):
        return np.where(S < 0.5, np.log1p(-np.minimum(S, 0.5)), np.log(F))


def _density(b: float, x: np.ndarray, k: int = 1, m: float = 1.0) -> np.ndarray:
    """The density of bZ + G_k at x (an array): G_1 standard Gumbel (density e^{-g} exp(-e^{-g})),
    G_2 = -log(Gamma(2, 1)) (density e^{-2g} exp(-e^{-g})); the Gumbel lattice reaches
    :func:`g_high` ``(m)``, like the outer grid of :func:`_outer_grid`."""
    x = np.asarray(x, dtype=float)
    if b >= B_SWITCH:
        g_nodes, g_w, g2_w = _g_lattice(g_high(m))
        t = np.subtract(x[..., None], g_nodes)
        t /= b
        v = np.multiply(-0.5, t)
        v *= t
        return (np.exp(v, out=v) @ (g_w if k == 1 else g2_w)) / (b * _SQRT_2PI)  # exp(-0.5 t t)
    y = np.maximum(np.subtract(x[..., None], b * _Z_NODES), -700.0 / k)
    e = np.exp(np.negative(y, out=y), out=y)
    v = np.exp(np.negative(e))
    v *= e**k
    return v @ _Z_W  # (e**k * exp(-e)) @ w


def _outer_grid(b: float, m_max: float) -> tuple[np.ndarray, np.ndarray]:
    """Nodes and trapezoid weights of the outer integral over y = X_0 - a.

    The range ends where the mass of ``X_0`` beyond it is negligible against ``A >= 1/(m+1)``:
    below, ``F_b^m`` is tiny anyway; above, the missing mass ``P(G > g_high(m)) <= G_TAIL_REL / m``.
    """
    ell = math.sqrt(1.0 + b * b / (1.0 + 2.0 * math.log(m_max + 1.0)))
    lo, hi = -9.0 * b + G_LO, 8.5 * b + g_high(m_max)
    n = int(math.ceil((hi - lo) * OUTER_PER_SCALE / ell)) + 1
    y = np.linspace(lo, hi, n)
    w = np.full(n, y[1] - y[0])
    w[0] *= 0.5
    w[-1] *= 0.5
    return y, w


def _check_ab(a: Any, b: Any) -> tuple[float, float]:
    a, b = float(a), float(b)
    if not (math.isfinite(a) and math.isfinite(b)) or b < 0:
        raise ValueError(f"need finite a and b >= 0, got a={a!r}, b={b!r}")
    return a, b


def competition_table(a: ArrayLike, b: float, m: ArrayLike) -> FloatArray:
    """A(a_i, b, m_k) for arrays ``a`` (shape (P,)) and ``m`` (shape (Q,)) at one ``b``.

    Returns shape (P, Q).  The density factor ``f_b`` and the outer grid are shared by all
    entries (the grid is chosen for the largest ``m``), which is what makes dense maps cheap.
    """
    return _kernel_table(a, b, m, 1)


def _kernel_table(a: ArrayLike, b: float, m: ArrayLike, k: int) -> FloatArray:
    """int f_{b,k}(y) F_b(y + a)^m dy over the shared outer grid, f_{b,k} the density of bZ + G_k
    (:func:`_density`): A for k = 1, E[X^2] for k = 2."""
    return _kernel_tables(a, b, m, (k,))[0]


#: Tables computed in this process, by the exact bytes of (a, b, m) and k (:func:`_kernel_tables`):
#: the sweep certificates ask for the same quadrature again and again (on a first run, 860 calls
#: for 388 distinct (a, b, m)).  Bounded: :data:`_TABLE_CACHE_ENTRIES` tables of at most
#: :data:`_TABLE_CACHE_CELLS` cells each, the oldest forgotten first.
_TABLE_CACHE: "collections.OrderedDict[tuple[Any, ...], FloatArray]" = collections.OrderedDict()
_TABLE_CACHE_ENTRIES = 4096
_TABLE_CACHE_CELLS = 4096


def _kernel_tables(a: ArrayLike, b: float, m: ArrayLike, ks: tuple[int, ...]) -> list[FloatArray]:
    """:func:`_kernel_table` for each k of ``ks``, sharing ``F_b(y + a)^m`` (the costly part): the
    same arrays and operations as one call per k, so the same numbers bit for bit.  A table
    computed before in this process for the same (a, b, m, k) is returned (a copy) instead of
    computed again, and the factor that does not depend on ``a`` is kept per (b, max m, k)
    (:func:`_weighted_density`): pure functions of their arguments, so again the same numbers."""
    av = np.atleast_1d(np.asarray(a, dtype=float))
    mm = np.atleast_1d(np.asarray(m, dtype=float))
    b = float(b)
    if not np.all(np.isfinite(av)) or not math.isfinite(b) or b < 0:
        raise ValueError("a must be finite and b finite and >= 0")
    if np.any(mm < 1) or not np.all(np.isfinite(mm)):
        raise ValueError("m must be >= 1")
    base = (av.shape, av.tobytes(), b, mm.shape, mm.tobytes())
    out: dict[int, FloatArray] = {}
    for k in ks:
        hit = _TABLE_CACHE.get(base + (k,))
        if hit is not None:
            _TABLE_CACHE.move_to_end(base + (k,))
            out[k] = hit.copy()
    todo = [k for k in ks if k not in out]
    if todo:
        y, _ = _outer_grid(b, float(mm.max()))
        logF = _log_cdf(b, y[None, :] + av[:, None], float(mm.max()))  # (P, N)
        Fm = np.exp(mm[None, :, None] * logF[:, None, :])  # (P, Q, N)
        for k in todo:
            # (P, Q, N) -> (P, Q)
            out[k] = Fm @ _weighted_density(b, float(mm.max()), k)
            if out[k].size <= _TABLE_CACHE_CELLS:
                _TABLE_CACHE[base + (k,)] = out[k].copy()
                while len(_TABLE_CACHE) > _TABLE_CACHE_ENTRIES:
                    _TABLE_CACHE.popitem(last=False)
    return [out[k] for k in ks]


@functools.lru_cache(maxsize=1024)
def _weighted_density(b: float, m_max: float, k: int) -> FloatArray:
    """``w * f_{b,k}(y)`` on the outer grid ``(y, w)`` of :func:`_outer_grid` ``(b, m_max)``: the factor
    of :func:`_kernel_tables` that does not depend on ``a`` (kept per process, read-only: the models'
    ``b`` depends on gamma only, so every d_k at one coupling and one T shares it)."""
    y, w = _outer_grid(b, m_max)
    out = w * _density(b, y, k, m_max)
    out.flags.writeable = False
    return out


def competition_second_moment_table(a: ArrayLike, b: float, m: ArrayLike) -> FloatArray:
    """E[X^2] for the softmax mass X = e^{s_0} / (e^{s_0} + sum_j e^{s_j}) of one trial, shape (P, Q).

    Derivation: ``1/x^2 = int_0^inf t e^{-tx} dt`` gives, with ``t = e^u`` and the scores
    averaged independently, ``E[X^2] = int E[v^2 e^{-v}]_{v = e^{u + s_0}} psi(u)^m du`` with
    ``psi(u) = E exp(-e^{u + bZ}) = F_b(-u)``.  With ``y = -u - a`` the first factor is the
    density of ``bZ + G2`` at ``y``, where ``G2 = -log(E_1 + E_2)`` (a Gamma(2) variable, density
    ``e^{-2g} exp(-e^{-g})``), so

        E[X^2] = int f2_b(y) F_b(y + a)^m dy = P(a + bZ_0 + G2 > max_j (bZ_j + G_j)),

    the same quadrature as (*) with the Gumbel kernel replaced by the log-Gamma(2) one
    (``a = b = 0``: ``1/(m+1)^2``).  ``Var X = E[X^2] - A^2`` is the per-trial variance of a
    Monte-Carlo estimate of A, hence its standard error ``sqrt(Var X / trials)``.
    """
    return _kernel_table(a, b, m, 2)


def trial_variance(a: float, b: float, m: int) -> float:
    """Var X of one trial's softmax mass on the target (:func:`competition_second_moment_table`)."""
    a, b = _check_ab(a, b)
    m = int(m)
    if m < 1:
        raise ValueError(f"m must be >= 1, got {m}")
    first, second = _kernel_tables([a], b, [m], (1, 2))  # competition_table, competition_second_moment_table
    A = float(first[0, 0])
    return max(float(second[0, 0]) - A * A, 0.0)


def competition(a: float, b: float, m: int) -> float:
    """The competition observable A(a, b, m) = E[softmax mass on the target] (eq. * above).

    Target ``a + b Z_0`` against ``m`` distractors ``b Z_j``; deterministic quadrature,
    absolute accuracy ~1e-13.

    >>> round(competition(0.0, 3.0, 13), 12)   # exchangeable: 1/(m+1)
    0.071428571429
    """
    a, b = _check_ab(a, b)
    m = int(m)
    if m < 1:
        raise ValueError(f"m must be >= 1, got {m}")
    return float(competition_table([a], b, [m])[0, 0])


def curve(
    dk: float,
    T: int,
    *,
    model: str = "t4",
    distractors: str = conv.DEFAULT_DISTRACTORS,
    grid: int = conv.DEFAULT_GRID,
    gamma_max: float = conv.DEFAULT_GAMMA_MAX,
    gammas: ArrayLike | None = None,
) -> tuple[FloatArray, FloatArray]:
    r"""The exact competition curve :math:`A(\gamma)` of a reduced score model, by quadrature (no
    sampling noise).

    For a target score :math:`s_0 = a + bZ_0` against :math:`m` i.i.d. distractors
    :math:`s_j = bZ_j` (Def 62; :math:`a, b` the model's, e.g. eq. 49 for ``t4``),

    .. math::

       A = \mathbb{E}\left[\frac{e^{s_0}}{e^{s_0} + \sum_{j=1}^{m} e^{s_j}}\right]
         = \int f_b(y)\, F_b(y + a)^m \,\mathrm{d}y,

    with :math:`F_b, f_b` the law of :math:`bZ + G` (:math:`G` standard Gumbel; the module's
    derivation).  :math:`A(0) = 1/(m+1)`, and :math:`A \to p_\infty` (eq. 51) as
    :math:`\gamma \to \infty`.  Exported as ``montecarlo.exact_curve``.

    Parameters
    ----------
    dk : float
        Head width :math:`d_k > 0`.
    T : int
        Context length, an integer :math:`\ge 3`.
    model : {"t4", "t3t4", "key"}, default "t4"
        Score model (Def 62 eq. 49; §10 eq. 68; Cor 69).
    distractors : {"T-2", "T-1"}, default "T-2"
        :math:`m = T - 2` (Def 62, eq. 51) or :math:`m = T - 1` (Rem 72).
    grid : int, default 61
        Points of the §7.9 grid on :math:`[0, \gamma_\text{max}]`.
    gamma_max : float, default 8.0
        The grid's largest coupling.
    gammas : array_like, optional
        Couplings to evaluate at instead of the grid.

    Returns
    -------
    tuple of numpy.ndarray
        ``(gammas, A)``.

    Examples
    --------
    >>> from montecarlo import exact_curve
    >>> from theory import laws
    >>> g, A = exact_curve(64, 15, grid=5, gamma_max=2.0)
    >>> g.tolist(), A.round(4).tolist()
    ([0.0, 0.5, 1.0, 1.5, 2.0], [0.0714, 0.3454, 0.9164, 0.9689, 0.9751])
    >>> round(float(exact_curve(64, 15, gammas=[8.0])[1][0]), 4), round(laws.p_inf(64, 15), 4)
    (0.9776, 0.9776)
    """
    mdl, dk, m, g = check_curve(
        dk, T, model=model, distractors=distractors, grid=grid, gamma_max=gamma_max, gammas=gammas
    )
    a = np.broadcast_to(mdl.a(g, dk), g.shape)
    b = np.broadcast_to(mdl.b(g, dk), g.shape)
    out = np.array([competition(ai, bi, m) for ai, bi in zip(a, b)])
    return g, out


def check_curve(
    dk: float,
    T: int,
    *,
    model: str = "t4",
    distractors: str = conv.DEFAULT_DISTRACTORS,
    grid: int = conv.DEFAULT_GRID,
    gamma_max: float = conv.DEFAULT_GAMMA_MAX,
    gammas: ArrayLike | None = None,
) -> tuple[Any, float, int, FloatArray]:
    """The checks of :func:`curve`, before any quadrature: ``(model, dk, m, gammas)``.

    ValueError (a :class:`montecarlo.limits.ResourceLimitError` for the limits) on a bad
    parameter, a curve beyond the memory or work limit, or couplings that overflow.
    """
    mdl = get_model(model)
    dk = _check_dk(dk)
    T = _check_T(T)
    m = conv.distractor_count(T, distractors)
    G = conv.check_int("grid", grid, 2) if gammas is None else int(np.size(gammas))
    N = limits.outer_nodes(m)
    limits.enforce(f"this exact curve (grid {G}, m={m})", limits.exact_memory(G, N), limits.exact_work(G, N))
    g = conv.gamma_grid(grid, gamma_max) if gammas is None else np.asarray(gammas, dtype=float)
    limits.check_couplings(mdl, dk, g)
    return mdl, dk, m, g


def _check_T(T: Any) -> int:
    T = conv.check_int("T", T, 3)
    if T > limits.MAX_EXACT_INT:
        raise ValueError(f"T must be <= 2^53 (integers exact in float64), got {limits.format_work(T)}")
    return T


_check_dk = conv.check_dk


def continuous_crossing(
    dk: float, T: int, *, model: str, m: int, level: float, bracket: tuple[float, float], xtol: float = 1e-12
) -> float:
    """Root of A(gamma) = level in ``bracket`` by Brent's method (A evaluated exactly)."""
    mdl = get_model(model)

    def f(g: Any) -> float:
        return competition(float(mdl.a(g, dk)), float(mdl.b(g, dk)), m) - level

    lo, hi = bracket
    flo, fhi = f(lo), f(hi)
    if flo == 0.0:
        return float(lo)
    if flo * fhi > 0:
        return math.nan
    from scipy import optimize  # here: importing this module (psa-mc exact) does without its 0.15 s of CPU

    return float(optimize.brentq(f, lo, hi, xtol=xtol, rtol=4 * np.finfo(float).eps))


@dataclass
class ExactGammaC:
    """gamma_c of a reduced model without sampling noise, with its conventions."""

    model: str
    dk: float
    T: int
    m: int
    distractors: str
    chance_rule: str
    chance: float
    gammas: FloatArray
    curve: FloatArray
    gamma_c: float | None  # None: no transition (undefined_reason)
    plateau: float
    law: float | None
    gamma_c_continuous: float | None = None
    elapsed_s: float = 0.0
    conventions: dict[str, Any] = field(default_factory=dict)
    undefined_reason: str | None = None

    @property
    def relative_error(self) -> float | None:
        """(law - exact) / exact, the paper's convention (positive = the law overpredicts)."""
        gc = self.gamma_c
        if self.law is None or not math.isfinite(self.law) or gc is None or not math.isfinite(gc) or gc == 0:
            return None
        return (self.law - gc) / gc

    def to_json(self) -> dict[str, Any]:
        def clean(v: float | None) -> float | None:
            return None if v is None or not math.isfinite(v) else float(v)

        doc: dict[str, Any] = {
            "dk": self.dk if self.dk != int(self.dk) else int(self.dk),
            "T": self.T,
            "model": self.model,
            "distractors": self.distractors,
            "m": self.m,
            "grid": int(self.gammas.size),
            "gamma_max": float(self.gammas[-1]),
            "gamma_c": clean(self.gamma_c),
            "gamma_c_undefined": self.undefined_reason,
            "plateau": self.plateau,
            "chance": self.chance,
            "law": clean(self.law),
            "law_name": get_model(self.model).law_name,
            "relative_error": self.relative_error,
            "method": METHOD,
            "conventions": self.conventions,
            "elapsed_s": self.elapsed_s,
        }
        if self.gamma_c_continuous is not None:
            doc["gamma_c_continuous"] = clean(self.gamma_c_continuous)
        doc["definitions"] = self.definitions()
        return doc

    def definitions(self) -> dict[str, str]:
        """What each value is, and which one is the paper's (§7.9): the ``definitions`` of the JSON."""
        return value_definitions(float(self.gammas[-1]), int(self.gammas.size), self.gamma_c_continuous is not None)


def value_definitions(gamma_max: float, grid: int, continuous: bool) -> dict[str, str]:
    """Which value of ``psa-mc exact`` is the paper's §7.9 gamma_c, and what each plateau is.

    §7.9 extracts gamma_c "as the midpoint between chance 1/(T-1) and the measured plateau, read
    off the accuracy curve by linear interpolation between grid points" on a 61-point grid over
    [0, 8]: the plateau is the curve's value at the last grid point, A(gamma_max), not the limit
    A(inf) of A as gamma -> inf (the argmax limit, eq. 51).
    """
    g = f"linspace(0, {gamma_max:g}, {grid})"
    out = {
        "paper_value": "gamma_c",
        "gamma_c": (
            f"the paper's §7.9 value: the first upward crossing of the midpoint (chance + plateau)/2 by A on "
            f"the grid {g}, read off by linear interpolation between the two grid points around it"
        ),
        "plateau": (
            f"A(gamma_max) = A({gamma_max:g}), the value of A at the grid's last point (§7.9's 'measured "
            "plateau'); not the limit A(inf) of A as gamma -> inf (the argmax limit, eq. 51)"
        ),
    }
    if continuous:
        out["gamma_c_continuous"] = (
            "not the paper's value: the crossing of the same midpoint (the same plateau A(gamma_max)) by the "
            "continuous A(gamma), found by Brent's method inside the grid cell of the §7.9 crossing; it "
            "differs from gamma_c by the error of the linear interpolation"
        )
    return out


def exact_conventions(
    distractors: str, m: int, T: int, chance_rule: str, gammas: FloatArray, continuous: bool = False
) -> dict[str, Any]:
    rec: dict[str, Any] = {
        "distractors": distractors,
        "m": m,
        "chance_rule": f"1/({chance_rule})",
        "chance": conv.chance(T, m, chance_rule),
        "A(0)": 1.0 / (m + 1.0),
        "grid": f"linspace(0, {gammas[-1]:g}, {gammas.size})",
        "extraction": conv.EXTRACTION_RULE + " (on the exact curve: no sampling noise)",
        "L": "log(T-1)",
    }
    if continuous:
        rec["continuous"] = (
            "first crossing of the same midpoint by the continuous A(gamma), bracketed "
            "by the grid crossing and found by Brent's method"
        )
    return rec


def gamma_c_exact(
    dk: float,
    T: int,
    *,
    model: str = "t4",
    distractors: str = conv.DEFAULT_DISTRACTORS,
    chance: str = conv.DEFAULT_CHANCE,
    grid: int = conv.DEFAULT_GRID,
    gamma_max: float = conv.DEFAULT_GAMMA_MAX,
    continuous: bool = False,
) -> ExactGammaC:
    r""":math:`\gamma_c` of a reduced model by the §7.9 extraction rule applied to the exact curve
    :math:`A(\gamma)` (:func:`curve`): the Monte-Carlo quantity of :func:`montecarlo.gamma_c_mc`
    without sampling noise.

    Same conventions as :func:`montecarlo.gamma_c_mc` (distractors, chance, grid, plateau
    :math:`A(\gamma_\text{max})`, first midpoint crossing by linear interpolation);
    ``continuous=True`` also returns the crossing of the continuous curve (Brent's method).  Where
    the plateau does not exceed chance by more than rounding (relative 1e-9,
    :mod:`montecarlo.extract`) there is no transition: ``gamma_c`` is None with
    ``undefined_reason``.  The model's closed form (``law``: eq. 52 for ``t4``, eq. 69 for
    ``t3t4``, eq. 55 as printed for ``key``) is returned beside it, as in certificates C8 and
    §7.9's comparison.

    Parameters
    ----------
    dk : float
        Head width :math:`d_k > 0`.
    T : int
        Context length, an integer :math:`\ge 3`.
    model : {"t4", "t3t4", "key"}, default "t4"
        Score model.
    distractors : {"T-2", "T-1"}, default "T-2"
        :math:`m = T - 2` or :math:`m = T - 1` (Rem 72).
    chance : {"T-1", "m+1"}, default "T-1"
        Chance level of the midpoint: :math:`1/(T-1)` (§7.9) or :math:`1/(m+1)`.
    grid : int, default 61
        Grid points on :math:`[0, \gamma_\text{max}]`.
    gamma_max : float, default 8.0
        Largest coupling; :math:`A(\gamma_\text{max})` is the plateau.
    continuous : bool, default False
        Also find the crossing of the continuous curve (``gamma_c_continuous``).

    Returns
    -------
    ExactGammaC
        ``gamma_c`` (None without a transition), ``plateau``, ``law``, ``relative_error`` =
        (law - exact) / exact, ``gammas``, ``curve``, ``m``, the conventions and ``to_json()``.

    Examples
    --------
    >>> from montecarlo import gamma_c_exact
    >>> r = gamma_c_exact(64, 15)
    >>> round(r.gamma_c, 4), round(r.law, 4), r.m      # law: eq. (52)
    (0.6049, 0.6023, 13)
    >>> round(r.relative_error, 4)
    -0.0043
    >>> print(gamma_c_exact(1e-300, 15).gamma_c)      # A flat at chance: no transition
    None
    """
    t0 = time.perf_counter()
    mdl = get_model(model)
    dk = _check_dk(dk)
    T = _check_T(T)
    m = conv.distractor_count(T, distractors)
    lvl = conv.chance(T, m, chance)
    gammas, A = curve(dk, T, model=model, distractors=distractors, grid=grid, gamma_max=gamma_max)
    ex = extract(gammas, A, lvl)  # exact curve: no sampling noise, the rounding allowance only
    gc, plateau = ex.gamma_c, ex.plateau
    cont = None
    if continuous:
        cont = math.nan
        if math.isfinite(gc):
            i = int(np.nonzero(A >= 0.5 * (lvl + plateau))[0][0])
            cont = (
                gc
                if i == 0
                else continuous_crossing(
                    dk, T, model=model, m=m, level=0.5 * (lvl + plateau), bracket=(gammas[i - 1], gammas[i])
                )
            )
    law = float(mdl.law(dk, T))
    return ExactGammaC(
        model=mdl.name,
        dk=dk,
        T=T,
        m=m,
        distractors=distractors,
        chance_rule=chance,
        chance=lvl,
        gammas=gammas,
        curve=A,
        gamma_c=gc if ex.undefined is None else None,
        plateau=plateau,
        law=law if math.isfinite(law) else None,
        gamma_c_continuous=cont,
        elapsed_s=time.perf_counter() - t0,
        conventions=exact_conventions(distractors, m, T, chance, gammas, continuous),
        undefined_reason=ex.undefined,
    )


def gamma_c_exact_value(
    dk: float,
    T: int,
    *,
    model: str = "t4",
    distractors: str = conv.DEFAULT_DISTRACTORS,
    chance: str = conv.DEFAULT_CHANCE,
    grid: int = conv.DEFAULT_GRID,
    gamma_max: float = conv.DEFAULT_GAMMA_MAX,
) -> float | None:
    """``gamma_c_exact(...).gamma_c`` (§7.9's extraction on the exact curve), with the quadrature
    done only where the extraction reads the curve: the plateau A(gamma_max), then A(gamma) from
    gamma = 0 upwards up to the first grid point at or above the midpoint.

    The same number bit for bit: the couplings a, b are formed on the whole grid as :func:`curve`
    forms them, each A(gamma) read is the same :func:`competition` call, and the extraction is
    :func:`montecarlo.extract.extract` itself, on a curve whose unread points (after the crossing)
    are NaN -- it reads only the plateau and the points up to the first crossing.  For a curve
    crossing early (the §7.9 grid: gamma_c ~ 0.3-1.2 of gamma_max = 8) most of the 61 quadratures
    are never done (certificate ``sec7.9.independence``; tests/montecarlo/test_exact.py compares
    with :func:`gamma_c_exact`).
    """
    mdl, dk, m, g = check_curve(dk, T, model=model, distractors=distractors, grid=grid, gamma_max=gamma_max)
    lvl = conv.chance(T, m, chance)
    a = np.broadcast_to(mdl.a(g, dk), g.shape)
    b = np.broadcast_to(mdl.b(g, dk), g.shape)
    A = np.full(g.shape, math.nan)
    A[-1] = competition(a[-1], b[-1], m)
    if no_transition(float(A[-1]), lvl) is None:
        mid = 0.5 * (lvl + float(A[-1]))
        for i in range(g.size - 1):
            A[i] = competition(a[i], b[i], m)
            if A[i] >= mid:
                break
    ex = extract(g, A, lvl)
    return ex.gamma_c if ex.undefined is None else None


# --- the law's error over a dense (dk, T) map ------------------------------------------------


def default_map_axes(
    n_dk: int = 49,
    n_T: int = 40,
    dk_range: tuple[float, float] = (4.0, 256.0),
    T_range: tuple[int, int] = (6, 512),
) -> tuple[FloatArray, NDArray[np.int64]]:
    """Log-spaced head widths and (unique, integer) log-spaced context lengths."""
    n_dk, n_T = conv.check_int("n_dk", n_dk, 1), conv.check_int("n_T", n_T, 1)
    lo, hi = _check_dk(dk_range[0]), _check_dk(dk_range[1])
    tlo, thi = _check_T(T_range[0]), _check_T(T_range[1])
    limits.enforce(f"the map axes ({n_dk} x {n_T})", (n_dk + 3 * n_T) * limits.F8, n_dk + n_T)
    dks = np.geomspace(lo, hi, n_dk)
    Ts = np.unique(np.round(np.geomspace(tlo, thi, n_T)).astype(np.int64))
    return dks, Ts


@dataclass
class ErrorMap:
    model: str
    distractors: str
    chance_rule: str
    dks: np.ndarray  # (P,)
    Ts: np.ndarray  # (Q,)
    gammas: np.ndarray
    gamma_c: np.ndarray  # (P, Q) exact, grid rule
    plateau: np.ndarray  # (P, Q)
    law: np.ndarray  # (P, Q)
    gamma_c_continuous: np.ndarray | None
    elapsed_s: float
    #: t4 only: exact gamma_c at d_k = 8L against both branches, per T (see crossover_jumps)
    jumps: list[dict[str, Any]] | None = None
    #: the exact curves A (grid, P, Q) when ``error_map(..., keep_curves=True)``
    curves: np.ndarray | None = None

    @property
    def relative_error(self) -> np.ndarray:
        with np.errstate(invalid="ignore", divide="ignore"):
            return (self.law - self.gamma_c) / self.gamma_c

    @property
    def mean_field(self) -> np.ndarray:
        """True on the law's mean-field side: d_k >= 8L (t4), d_k >= 4L + 2 (key, Cor 69),
        where the quartic (69) has a positive root (t3t4)."""
        L = np.log(self.Ts[None, :] - 1.0)
        if self.model == "t4":
            return self.dks[:, None] >= 8.0 * L
        if self.model == "key":
            return self.dks[:, None] >= 4.0 * L + 2.0
        return np.isfinite(self.law)

    def worst(self, n: int = 10, branch: str | None = None) -> list[dict[str, Any]]:
        err = self.relative_error.copy()
        if branch == "mean-field":
            err[~self.mean_field] = np.nan
        elif branch == "condensed":
            err[self.mean_field] = np.nan
        flat = np.where(np.isfinite(err), np.abs(err), -1.0).ravel()
        order = np.argsort(flat)[::-1][:n]
        rows = []
        for k in order:
            if flat[k] < 0:
                break
            i, j = np.unravel_index(k, err.shape)
            T = int(self.Ts[j])
            rows.append(
                {
                    "dk": float(self.dks[i]),
                    "T": T,
                    "8L/dk": float(8.0 * math.log(T - 1.0) / self.dks[i]),
                    "branch": "mean-field" if self.mean_field[i, j] else "condensed",
                    "gamma_c_exact": float(self.gamma_c[i, j]),
                    "law": float(self.law[i, j]),
                    "relative_error": float(err[i, j]),
                }
            )
        return rows

    def summary(self) -> dict[str, Any]:
        err = self.relative_error
        out: dict[str, Any] = {}
        for name, mask in (
            ("all", np.ones_like(err, bool)),
            ("mean-field", self.mean_field),
            ("condensed", ~self.mean_field),
        ):
            e = err[mask & np.isfinite(err)]
            if e.size == 0:
                continue
            out[name] = {
                "points": int(e.size),
                "median_abs": float(np.median(np.abs(e))),
                "max_abs": float(np.max(np.abs(e))),
                "max": float(e.max()),
                "min": float(e.min()),
            }
        # the jump at the crossover: per T, the errors at the nearest dk on either side of 8L
        jumps = []
        for j, T in enumerate(self.Ts):
            below = np.nonzero(~self.mean_field[:, j])[0]
            above = np.nonzero(self.mean_field[:, j])[0]
            if below.size and above.size:
                i0, i1 = below[-1], above[0]
                L = math.log(T - 1.0)
                star = {"t4": 8.0 * L, "key": 4.0 * L + 2.0}.get(self.model)
                jumps.append(
                    {
                        "T": int(T),
                        "dk_star": star,
                        "dk_below": float(self.dks[i0]),
                        "error_below": float(err[i0, j]),
                        "dk_above": float(self.dks[i1]),
                        "error_above": float(err[i1, j]),
                        "exact_below": float(self.gamma_c[i0, j]),
                        "exact_above": float(self.gamma_c[i1, j]),
                        "law_below": float(self.law[i0, j]),
                        "law_above": float(self.law[i1, j]),
                    }
                )
        out["crossover"] = jumps
        return out

    def to_json(self) -> dict[str, Any]:
        def lst(x: np.ndarray | None) -> list[list[float | None]] | None:
            return None if x is None else [[None if not math.isfinite(v) else float(v) for v in row] for row in x]

        return {
            "model": self.model,
            "distractors": self.distractors,
            "chance_rule": f"1/({self.chance_rule})",
            "grid": f"linspace(0, {self.gammas[-1]:g}, {self.gammas.size})",
            "extraction": conv.EXTRACTION_RULE + " (exact curve)",
            "law": get_model(self.model).law_name,
            "relative_error_definition": "(law - exact) / exact",
            "dk": self.dks.tolist(),
            "T": self.Ts.tolist(),
            "gamma_c_exact": lst(self.gamma_c),
            "law_values": lst(self.law),
            "relative_error": lst(self.relative_error),
            "plateau": lst(self.plateau),
            "gamma_c_continuous": lst(self.gamma_c_continuous),
            "summary": self.summary(),
            "at_the_crossover": self.jumps,
            "worst": self.worst(10),
            "worst_mean_field": self.worst(5, "mean-field"),
            "worst_condensed": self.worst(5, "condensed"),
            "method": METHOD,
            "elapsed_s": self.elapsed_s,
        }

    def npz_bytes(self) -> bytes:
        """The arrays as one ``.npz`` file (what :meth:`save` writes to ``stem.npz``)."""
        import io

        arrays: dict[str, Any] = dict(
            dk=self.dks,
            T=self.Ts,
            gammas=self.gammas,
            gamma_c_exact=self.gamma_c,
            plateau=self.plateau,
            law=self.law,
            relative_error=self.relative_error,
            mean_field=self.mean_field,
        )
        if self.gamma_c_continuous is not None:
            arrays["gamma_c_continuous"] = self.gamma_c_continuous
        buf = io.BytesIO()
        np.savez_compressed(buf, **arrays)
        return buf.getvalue()

    def json_text(self) -> str:
        """Arrays, summary and worst points as JSON (what :meth:`save` writes to ``stem.json``)."""
        import json

        return json.dumps(self.to_json(), indent=1)

    def save(self, stem: str) -> tuple[str, str]:
        """Write ``stem.npz`` (arrays) and ``stem.json`` (arrays, summary, worst points), each
        atomically (:func:`psa_io.outputs.atomic_write`: a path that is not a regular file is
        never replaced)."""
        from psa_io.outputs import atomic_write

        npz, js = f"{stem}.npz", f"{stem}.json"
        data, text = self.npz_bytes(), self.json_text()
        atomic_write(npz, lambda fh: fh.write(data), binary=True, private=False)
        atomic_write(js, lambda fh: fh.write(text), private=False)
        return npz, js


def error_map(
    dks: ArrayLike | None = None,
    Ts: ArrayLike | None = None,
    *,
    model: str = "t4",
    distractors: str = conv.DEFAULT_DISTRACTORS,
    chance: str = conv.DEFAULT_CHANCE,
    grid: int = conv.DEFAULT_GRID,
    gamma_max: float = conv.DEFAULT_GAMMA_MAX,
    continuous: bool = False,
    jumps_at_crossover: bool = False,
    progress: Optional[Callable[[int, int], None]] = None,
    keep_curves: bool = False,
) -> ErrorMap:
    """Exact gamma_c and the model's law over a (dk, T) map (default 49 x 40 log-spaced).

    All three models have ``b`` independent of ``d_k`` and ``a`` proportional to
    ``sqrt(d_k)``, so at each coupling one density and one outer grid serve every point.
    ``jumps_at_crossover`` (t4): also evaluate every T exactly at d_k = 8L (:func:`crossover_jumps`).
    ``keep_curves``: keep the exact curves A(gamma) in ``ErrorMap.curves`` (for :func:`seed_noise`).
    """
    t0 = time.perf_counter()
    mdl = get_model(model)
    if dks is None or Ts is None:
        d0, t0_ = default_map_axes()
        dks = d0 if dks is None else dks
        Ts = t0_ if Ts is None else Ts
    dks = np.array([_check_dk(d) for d in np.atleast_1d(dks)])
    Ts = np.atleast_1d(np.asarray(Ts))
    if np.any(Ts != np.round(Ts)):
        raise ValueError("T values must be integers")
    Ts = np.array([_check_T(int(T)) for T in Ts], dtype=np.int64)
    ms = np.array([conv.distractor_count(int(T), distractors) for T in Ts])
    G = conv.check_int("grid", grid, 2)
    N = limits.outer_nodes(int(ms.max()))
    limits.enforce(
        f"this exact map ({dks.size} x {Ts.size} points, grid {G})",
        limits.map_memory(G, dks.size, Ts.size, N) + (limits.exact_memory(G, N) if jumps_at_crossover else 0),
        limits.map_work(G, dks.size, Ts.size, N) + (Ts.size * limits.exact_work(G, N) if jumps_at_crossover else 0),
    )
    gammas = conv.gamma_grid(grid, gamma_max)
    limits.check_couplings(mdl, float(dks.max()), gammas)
    A = np.empty((gammas.size, dks.size, Ts.size))
    for k, g in enumerate(gammas):
        a = np.asarray(mdl.a(g, dks), dtype=float) * np.ones_like(dks)
        b = float(np.asarray(mdl.b(g, 1.0)))
        if not np.allclose(np.asarray(mdl.b(g, dks)), b):
            raise ValueError(f"model {model!r}: b depends on dk; error_map needs b(gamma) only")
        A[k] = competition_table(a, b, ms)
        if progress is not None:
            progress(k + 1, gammas.size)
    gc = np.empty((dks.size, Ts.size))
    plat = np.empty_like(gc)
    cont = np.full_like(gc, np.nan) if continuous else None
    for i, dk in enumerate(dks):
        for j, T in enumerate(Ts):
            lvl = conv.chance(int(T), int(ms[j]), chance)
            gc[i, j], plat[i, j] = extract_gamma_c(gammas, A[:, i, j], lvl)
            if cont is not None and math.isfinite(gc[i, j]):  # cont is None unless continuous
                mid = 0.5 * (lvl + plat[i, j])
                q = int(np.nonzero(A[:, i, j] >= mid)[0][0])
                cont[i, j] = (
                    gc[i, j]
                    if q == 0
                    else continuous_crossing(
                        dk, int(T), model=model, m=int(ms[j]), level=mid, bracket=(gammas[q - 1], gammas[q]), xtol=1e-9
                    )
                )
    law = np.array(mdl.law(dks[:, None], Ts[None, :].astype(float)), dtype=float)
    law = np.broadcast_to(law, gc.shape).copy()
    jumps = (
        crossover_jumps(Ts, distractors=distractors, chance=chance, grid=grid, gamma_max=gamma_max)
        if (mdl.name == "t4" and jumps_at_crossover)
        else None
    )
    return ErrorMap(
        model=mdl.name,
        distractors=distractors,
        chance_rule=chance,
        dks=dks,
        Ts=Ts,
        gammas=gammas,
        gamma_c=gc,
        plateau=plat,
        law=law,
        gamma_c_continuous=cont,
        elapsed_s=time.perf_counter() - t0,
        jumps=jumps,
        curves=A if keep_curves else None,
    )


def crossover_jumps(
    Ts: ArrayLike,
    *,
    distractors: str = conv.DEFAULT_DISTRACTORS,
    chance: str = conv.DEFAULT_CHANCE,
    grid: int = conv.DEFAULT_GRID,
    gamma_max: float = conv.DEFAULT_GAMMA_MAX,
) -> list[dict[str, Any]]:
    """At the crossover d_k* = 8L itself: the exact gamma_c against both branches of (52) (Rem 67).

    The mean-field branch is evaluated at d_k = 8L (its limit from above), the condensed
    branch is d_k-free; the relative errors are (law - exact)/exact.  A map samples d_k only
    near 8L, so its largest error depends on the sampling; these values do not.
    """
    from theory import laws

    out = []
    for T in np.atleast_1d(Ts):
        T = int(T)
        dks = float(laws.crossover(T))
        # gamma_c_exact(...).gamma_c, bit for bit, without the quadratures after the crossing
        gc = gamma_c_exact_value(dks, T, distractors=distractors, chance=chance, grid=grid, gamma_max=gamma_max)
        mf = float(laws.gamma_c_mean_field(dks, T))
        cd = float(laws.gamma_c_condensed(T))
        # gc: None where there is no transition (then no error either)
        out.append(
            {
                "T": T,
                "dk_star": dks,
                "exact": gc,
                "law_mean_field": mf,
                "law_condensed": cd,
                "error_mean_field": None if not gc else (mf - gc) / gc,
                "error_condensed": None if not gc else (cd - gc) / gc,
            }
        )
    return out


# --- the sampling noise of a Monte-Carlo estimate, from the exact model -----------------------


def extraction_noise(
    gammas: ArrayLike, curve: ArrayLike, chance: float, trial_sd: Callable[[int], float]
) -> tuple[float, float]:
    """The two signed parts ``(plus, minus)`` of the noise of gamma_c extracted (§7.9 rule) from a
    noisy estimate of ``curve``, per trial: one seed of N trials has sd <= sqrt(plus^2 + minus^2) / sqrt(N).

    To first order in the noise ``delta`` of the curve, at the crossing of the exact curve,

        gamma_c = g_{i-1} + h (mid - A_{i-1}) / (A_i - A_{i-1}),   mid = (chance + A(gamma_max)) / 2,
        d gamma_c = (h / D) (delta_max / 2 - (1 - w) delta_{i-1} - w delta_i),

    with ``D = A_i - A_{i-1}`` and ``w = (mid - A_{i-1}) / D``.  Each ``delta_k`` is a mean over
    trials of the softmax mass ``X(gamma_k)``, with per-trial sd ``trial_sd(k)``
    (:func:`trial_variance`).  ``X(gamma)`` is, for every gamma, a nondecreasing function of the
    target's draw and a nonincreasing one of each distractor's, so by the Harris (FKG) inequality
    any two such masses computed from the same draws are nonnegatively correlated -- and from
    independent draws uncorrelated.  Hence for the positive part ``P = (h/D) X_max / 2`` and the
    negative part ``Q = (h/D) ((1 - w) X_{i-1} + w X_i)``, ``Var(P - Q) <= Var P + Var Q <=
    plus^2 + minus^2`` with

        plus = (h / D) s_max / 2,   minus = (h / D) ((1 - w) s_{i-1} + w s_i),

    whether one set of draws serves the whole grid (as in ``psa-mc`` and most notebooks) or each
    coupling has its own.  (NaN, NaN) where the exact curve has no crossing.
    """
    g = np.asarray(gammas, dtype=float)
    A = np.asarray(curve, dtype=float)
    mid = 0.5 * (float(chance) + float(A[-1]))
    above = np.nonzero(A >= mid)[0]
    if above.size == 0 or above[0] == 0:
        return math.nan, math.nan
    i = int(above[0])
    D = float(A[i] - A[i - 1])
    w = (mid - float(A[i - 1])) / D
    h = float(g[i] - g[i - 1])
    plus = (h / D) * trial_sd(g.size - 1) / 2.0
    minus = (h / D) * ((1.0 - w) * trial_sd(i - 1) + w * trial_sd(i))
    return plus, minus


def extraction_minus_lower(
    gammas: ArrayLike, curve: ArrayLike, chance: float, trial_sd: Callable[[int], float]
) -> float:
    """A lower bound, per trial, of the sd of the crossing part ``Q`` of :func:`extraction_noise`:
    ``Q = (h/D) ((1 - w) X_{i-1} + w X_i)`` with nonnegatively correlated terms (Harris-FKG), so
    ``sd Q >= (h/D) hypot((1 - w) s_{i-1}, w s_i)`` (and ``<= minus``).  NaN where there is no crossing."""
    g = np.asarray(gammas, dtype=float)
    A = np.asarray(curve, dtype=float)
    mid = 0.5 * (float(chance) + float(A[-1]))
    above = np.nonzero(A >= mid)[0]
    if above.size == 0 or above[0] == 0:
        return math.nan
    i = int(above[0])
    D = float(A[i] - A[i - 1])
    w = (mid - float(A[i - 1])) / D
    return (float(g[i] - g[i - 1]) / D) * math.hypot((1.0 - w) * trial_sd(i - 1), w * trial_sd(i))


def extraction_sd_lower(gammas: ArrayLike, curve: ArrayLike, chance: float, trial_sd: Callable[[int], float]) -> float:
    """A lower bound, per trial, of the sd of gamma_c extracted from a noisy curve (the partner of
    :func:`extraction_noise`): with the same notation, ``sd(P - Q) >= |sd P - sd Q|`` for any
    correlation, ``sd P = plus`` exactly, and ``sd Q`` lies between ``(h/D) hypot((1 - w) s_{i-1},
    w s_i)`` (nonnegative covariances, Harris-FKG; :func:`extraction_minus_lower`) and ``minus``.
    NaN where there is no crossing."""
    plus, minus = extraction_noise(gammas, curve, chance, trial_sd)
    if not math.isfinite(plus):
        return math.nan
    q_lo = extraction_minus_lower(gammas, curve, chance, trial_sd)
    return max(0.0, plus - minus, q_lo - plus)


def seed_noise(em: ErrorMap, trials: int) -> tuple[FloatArray, FloatArray, FloatArray, FloatArray, FloatArray]:
    """Per-seed noise of a Monte-Carlo estimate at every point of an exact map (``keep_curves=True``).

    Returns ``(plus, minus, plateau_sd, gamma_c_sd_lower, minus_lower)``, each (P, Q), for one seed of
    ``trials`` trials: the two parts of :func:`extraction_noise` of gamma_c (its sd is at most
    ``hypot(plus, minus)``), the exact sd of the plateau estimate A(gamma_max) (``sqrt(Var X /
    trials)``, :func:`trial_variance`), the lower bound :func:`extraction_sd_lower` of gamma_c's sd
    and the lower bound :func:`extraction_minus_lower` of the crossing part's sd (``plus`` is exact).
    """
    if em.curves is None:
        raise ValueError("seed_noise needs the exact curves: error_map(..., keep_curves=True)")
    mdl = get_model(em.model)
    trials = conv.check_int("trials", trials, 1)
    plus = np.full(em.gamma_c.shape, np.nan)
    minus = np.full(em.gamma_c.shape, np.nan)
    psd = np.full(em.gamma_c.shape, np.nan)
    lower = np.full(em.gamma_c.shape, np.nan)
    qlow = np.full(em.gamma_c.shape, np.nan)
    root = math.sqrt(trials)
    for i, dk in enumerate(em.dks):
        for j, T in enumerate(em.Ts):
            m = conv.distractor_count(int(T), em.distractors)
            lvl = conv.chance(int(T), m, em.chance_rule)

            def sd(k: int, dk: float = float(dk), m: int = m) -> float:
                g = float(em.gammas[k])
                return math.sqrt(trial_variance(float(mdl.a(g, dk)), float(mdl.b(g, dk)), m))

            psd[i, j] = sd(em.gammas.size - 1) / root
            if math.isfinite(em.gamma_c[i, j]):
                p, q = extraction_noise(em.gammas, em.curves[:, i, j], lvl, sd)
                plus[i, j], minus[i, j] = p / root, q / root
                lower[i, j] = extraction_sd_lower(em.gammas, em.curves[:, i, j], lvl, sd) / root
                qlow[i, j] = extraction_minus_lower(em.gammas, em.curves[:, i, j], lvl, sd) / root
    return plus, minus, psd, lower, qlow


def statistic_se_bound(moves: Any) -> float:
    """Upper bound of the SE of a statistic of several gamma_c estimates from its first-order changes.

    ``moves``: ``(delta, plus, minus)`` per point, ``delta`` the change of the statistic when that
    point's gamma_c moves up by its SE ``hypot(plus, minus)`` (scaled like ``plus`` and ``minus``, the
    parts of :func:`extraction_noise`).  A point's noise is ``P - Q`` with nonnegatively correlated
    parts of sds at most ``plus`` (the plateau, moving gamma_c up) and ``minus`` (the crossing, down).
    Every part of every point is a mean of softmax masses, each nondecreasing in the target's draw and
    nonincreasing in each distractor's, so by the Harris (FKG) inequality all of them are nonnegatively
    correlated -- whether the points share their draws (same seeds) or not.  The statistic's noise is
    ``U - V`` with ``U`` (``V``) the sum of the parts that move it up (down), ``Cov(U, V) >= 0``, and

        SE <= sqrt(SE(U)^2 + SE(V)^2),   SE(U) <= the sum of its parts' sds (likewise V).
    """
    up = down = 0.0
    for delta, plus, minus in moves:
        norm = math.hypot(plus, minus)
        if norm == 0 or delta == 0:
            continue
        a, b = abs(delta) * plus / norm, abs(delta) * minus / norm
        if delta > 0:
            up, down = up + a, down + b
        else:
            up, down = up + b, down + a
    return math.hypot(up, down)


def statistic_se_lower(moves: Any) -> float:
    """Lower bound of the SE of a statistic of several gamma_c estimates (the partner of
    :func:`statistic_se_bound`), to the same first order.

    ``moves``: ``(delta, plus, minus, minus_lower)`` per point, as in :func:`statistic_se_bound` with
    ``minus_lower <= sd(Q) <= minus`` (:func:`extraction_minus_lower`; ``sd(P) = plus`` exactly).  The
    statistic's noise is ``U - V``, ``U`` (``V``) the sum of the parts that move it up (down).  All
    parts are nonnegatively correlated (Harris-FKG), so ``Var U >= sum of its parts' variances``
    (likewise V), and ``sd(U - V) >= |sd U - sd V|`` for any correlation of U and V (Cauchy-Schwarz):

        SE >= max(0, sd_lo(U) - sd_hi(V), sd_lo(V) - sd_hi(U)),

    ``sd_lo`` the root of the sum of squares of the parts' lower sds, ``sd_hi`` the sum of their upper
    ones.  Valid for any sharing of draws between couplings and points that keeps the parts'
    correlations nonnegative (shared or independent draws); 0 where the two directions can cancel.
    """
    up_hi = down_hi = up_lo2 = down_lo2 = 0.0
    for delta, plus, minus, minus_lower in moves:
        norm = math.hypot(plus, minus)
        if norm == 0 or delta == 0:
            continue
        c = abs(delta) / norm
        p, q_hi, q_lo = c * plus, c * minus, c * minus_lower
        if delta > 0:  # the plateau part moves it up, the crossing part down
            up_hi, up_lo2, down_hi, down_lo2 = up_hi + p, up_lo2 + p * p, down_hi + q_hi, down_lo2 + q_lo * q_lo
        else:
            up_hi, up_lo2, down_hi, down_lo2 = up_hi + q_hi, up_lo2 + q_lo * q_lo, down_hi + p, down_lo2 + p * p
    return max(0.0, math.sqrt(up_lo2) - down_hi, math.sqrt(down_lo2) - up_hi)


# --- mpmath reference (tests and the reference-data script) -----------------------------------


def competition_mp(a: Any, b: Any, m: int, dps: int = 25) -> Any:
    """Independent high-precision reference for A(a, b, m) (mpmath; slow: ~1 min).

    Uses the Laplace form ``1/x = int_0^inf e^{-tx} dt`` with ``t = e^u``:
    ``A = int_R eta(u) psi(u)^m du``, ``psi(u) = E[exp(-e^{u + bZ})]``,
    ``eta(u) = E[e^{u + a + bZ} exp(-e^{u + a + bZ})]``, every expectation an adaptive
    ``mp.quad`` over ``Z`` split at the step of its integrand.
    """
    import mpmath as mp

    with mp.workdps(dps):
        a, b = mp.mpf(a), mp.mpf(b)
        m = int(m)

        def zsplit(zs: Any, extra: tuple[int, ...] = ()) -> list[Any]:
            pts = {mp.mpf(-30), mp.mpf(30)}
            if b > 0:
                pts |= {zs + k / b for k in (-8, -2, 0, 2, 8) + tuple(extra)}
            return sorted(p for p in pts if -30 <= p <= 30)

        def psi(u: Any) -> Any:
            if b == 0:
                return mp.exp(-mp.exp(u))
            return mp.quad(lambda z: mp.npdf(z) * mp.exp(-mp.exp(u + b * z)), zsplit(-u / b))

        def eta(u: Any) -> Any:
            def g(z: Any) -> Any:
                v = u + a + b * z
                return mp.npdf(z) * mp.exp(v - mp.exp(v))

            if b == 0:
                return mp.exp(u + a - mp.exp(u + a))
            return mp.quad(g, zsplit(-(u + a) / b, (-30,)))

        s = mp.sqrt(b * b + 2)
        ustar = -b * mp.sqrt(2 * mp.log(m + 1)) - mp.log(m + 1)
        pts = sorted(
            {-a - 9 * b - 40, -a - 3 * s, -a - s, -a, -a + s, -a + 3 * s, -a + 9 * b + 6, ustar - s, ustar, ustar + s}
        )
        return mp.quad(lambda u: eta(u) * psi(u) ** m, pts)


from .display import attach as _attach_display  # noqa: E402  (short repr, notebook table, plot)

_attach_display(ExactGammaC, "exact")
