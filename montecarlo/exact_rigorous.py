"""Rigorous (Arb ball arithmetic) enclosures of the reduced model's exact value A and of gamma_c.

:mod:`montecarlo.exact` computes the competition observable of Def 62 / Thm 64 in float64 to
~1e-13; this module encloses the same numbers in balls that provably contain them, with every
cut-off bounded explicitly.  Needs python-flint (through :mod:`theory.rigorous`).

The representation (Laplace form; :func:`montecarlo.exact.competition_mp` uses the same)
-------------------------------------------------------------------------------------------
With ``1/x = int_0^inf e^{-tx} dt`` and ``t = e^u``, for a target score ``a + b0 Z_0`` against
``m`` distractors ``b Z_j``,

    A = int_R eta(u) psi(u)^m du,   psi(u) = E exp(-e^{u + bZ}) = (phi_b * S)(u),
                                    eta(u) = E g(u + a + b0 Z)  = (phi_b0 * g)(u + a),

with ``S(v) = exp(-e^v)``, ``g(v) = e^v exp(-e^v) = -S'(v)`` and ``phi_s`` the N(0, s^2) density.

Why this form gives cheap rigorous error bounds
-----------------------------------------------
For ``|Im w| < pi/2``, ``|S(w)| = exp(-e^{Re w} cos Im w) <= 1`` and
``int |g(x + iy)| dx = 1/cos y``; hence ``|psi| <= 1`` in that strip *for every m*, and the
outer integrand ``h = eta psi^m`` is analytic there with ``int |h(x + iy)| dx <= 1/cos y``.
The trapezoid rule on R with step ``h`` for a function analytic in ``|Im u| < d`` with
``int |f(x + iy)| dx <= M`` errs by at most ``2M / (e^{2 pi d / h} - 1)`` (Trefethen and
Weideman, SIAM Review 56 (2014), Thm 5.1).  So:

* outer rule, step ``h``: error ``<= 2 / (cos d (e^{2 pi d/h} - 1))`` for any ``d < pi/2``;
* inner rules (psi and eta at every outer node), step ``delta = h/n`` over ``v`` with weights
  ``delta phi_s(j delta)``: the integrand ``phi_s(v) S(u + v)`` satisfies
  ``int |.| <= e^{d^2 / (2 s^2)}`` on ``|Im v| = d`` (``|phi_s(x + iy)| = phi_s(x) e^{y^2/(2 s^2)}``),
  so the error is ``<= 2 e^{d^2/(2s^2)} / (e^{2 pi d/delta} - 1)`` (times ``1/(e cos d)`` for ``g``);
  the sum over ``|j| > J`` is at most ``erfc(J delta / (s sqrt 2))`` (times ``1/e`` for ``g``);
* the outer sum over nodes ``k < 0`` is at most
  ``C e^{u_{-1} + a + b0^2/2} Phi(z - b0) + (1 + E) Phi(-z)`` (any ``z``; ``C = h/(1 - e^{-h})``,
  ``E`` the outer-rule bound for ``g`` alone: ``g <= e^v`` below, ``h sum g <= 1 + E`` above),
  and over nodes ``k > K`` at most ``psi(u_K)^m (1 + E)`` (psi decreasing, ``int eta = 1``).

All nodes lie on one lattice, so every inner sum is a correlation of two sequences, computed
at once as an ``arb_poly`` product (FLINT's ball polynomial multiplication): one evaluation of
``S`` and ``g`` per lattice point, whatever ``m`` and ``b`` are.  Powers ``psi^m`` by repeated
squaring (:func:`theory.rigorous.pow_int`; ``arb ** m`` would be NaN for a ball containing 0).
The float parameters below (steps, strip widths, ranges) only steer the work: every bound is
re-evaluated in ball arithmetic at the values actually used, so the enclosure does not depend
on them being right, only its width does.
"""

from __future__ import annotations

import functools
import math
import time
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Sequence

import numpy as np

from theory import rigorous as R

from . import conventions as conv
from .models import get_model

if TYPE_CHECKING:
    from flint import arb

__all__ = [
    "CompetitionEnclosure",
    "competition_enclosure",
    "model_ab",
    "A_enclosure",
    "curve_enclosure",
    "GammaCEnclosure",
    "gamma_c_continuous_enclosure",
    "rigorous_fields",
    "METHOD",
]

METHOD = (
    "Arb ball arithmetic: A = int eta(u) psi(u)^m du (Laplace form); trapezoid rules on one lattice "
    "with the strip-analyticity error bound 2M/(exp(2 pi d/h) - 1) for the outer and inner rules, "
    "explicit bounds for every truncated sum; inner sums as arb_poly products"
)

#: strip half-widths tried for the outer / inner rules (any value < pi/2 gives a valid bound)
_D_OUT = (1.2, 1.3, 1.4, 1.45, 1.5, 1.53)
_D_IN = tuple(np.linspace(0.02, 1.55, 78))
_PI = math.pi
#: refuse enclosures needing more lattice points than this (memory: ~100 bytes per arb)
MAX_LATTICE = 2_000_000


def _erfc_inv_tail(t: float) -> float:
    """z with erfc(z / sqrt 2) <= t (a simple upper estimate; only steers the work)."""
    t = max(t, 1e-300)
    return math.sqrt(2.0 * math.log(2.0 / t)) + 0.5


def _outer_step(tol: float) -> tuple[float, float]:
    """(h, d): the largest step whose outer-rule bound is <= tol, over the candidate strips."""
    best: tuple[float, float] | None = None
    for d in _D_OUT:
        h = 2 * _PI * d / math.log1p(2.0 / (math.cos(d) * tol))
        if best is None or h > best[0]:
            best = (h, d)
    if best is None:
        raise AssertionError("_D_OUT lists no strip width")
    h, d = best
    h = math.ldexp(math.floor(math.ldexp(h * 0.995, 24)), -24)  # a short dyadic: exact in arb
    return h, d


def _inner_bound(s: float, delta: float, d: float, kind: str) -> float:
    c = 1.0 if kind == "S" else 1.0 / (math.e * math.cos(d))
    x = d * d / (2 * s * s) - 2 * _PI * d / delta
    return 2 * c * math.exp(min(x, 700.0)) if x < 700 else math.inf


def _inner_plan(s: float, h: float, tol: float, kind: str) -> tuple[int, float]:
    """(n, d): few substeps n (delta = h/n) whose inner-rule bound is <= tol, and the strip d.

    For each strip d the bound ``2c e^{d^2/(2s^2)} / (e^{2 pi d/delta} - 1) <= tol`` holds once
    ``delta <= 2 pi d / (d^2/(2 s^2) + log(1 + 2c/tol))``; the best d gives the fewest substeps.
    """
    best: tuple[int, float] | None = None
    for d in _D_IN:
        c = 1.0 if kind == "S" else 1.0 / (math.e * math.cos(d))
        delta = 2 * _PI * d / (d * d / (2 * s * s) + math.log1p(2 * c / tol))
        n = max(1, int(math.ceil(h / delta)))
        if best is None or n < best[0]:
            best = (n, float(d))
    if best is None:
        raise AssertionError("_D_IN lists no strip width")
    n, d = best
    while _inner_bound(s, h / n, d, kind) > tol:  # float safety margin; rarely more than once
        n += 1
    return n, d


#: the z lattice of the float psi (:func:`_psi_exp`) and its normalised N(0, 1) weights, built once
_PSI_Z = np.linspace(-12.0, 12.0, 4801)
_PSI_W = np.exp(-0.5 * _PSI_Z * _PSI_Z)
_PSI_W /= _PSI_W.sum()
_PSI_Z.flags.writeable = False
_PSI_W.flags.writeable = False


def _psi_exp(u, b: float) -> np.ndarray:
    """``e^{u + bZ}`` on the z lattice (``b = 0``: ``e^u``), capped at ``e^700``: float psi(u) is the
    N(0, 1) mean (:func:`_psi_mean`) of ``exp(-e)``, and 1 - psi(u) that of ``-expm1(-e)`` (only to
    choose the right end of the range)."""
    u = np.atleast_1d(np.asarray(u, dtype=float))
    if b == 0.0:
        return np.exp(np.minimum(u, 700.0))
    return np.exp(np.minimum(u[:, None] + b * _PSI_Z[None, :], 700.0))


def _psi_mean(v: np.ndarray, b: float) -> np.ndarray:
    """The N(0, 1) mean over the z lattice of values from :func:`_psi_exp` (``b = 0``: no z axis)."""
    return v if b == 0.0 else v @ _PSI_W


def _right_end(b: float, m: int, u_lo: float, target: float) -> float:
    """A u with psi(u)^m <= target (float estimate, by bisection on the decreasing psi)."""
    z = _erfc_inv_tail(2 * target ** (1.0 / m)) if m > 0 else 8.0
    hi = b * max(z, 1.0) + math.log(math.log(2.0 / max(target, 1e-300)) + 1.0) + 5.0
    lo = min(u_lo, hi - 1.0)

    def small(u):
        e = _psi_exp(np.array([u]), b)
        q = _psi_mean(-np.expm1(-e), b)[0]  # 1 - psi(u)
        if q > 0.5:  # psi itself only where 1 - psi is not small
            p = _psi_mean(np.exp(-e), b)[0]
            return p <= 0.0 or m * math.log(p) <= math.log(target)
        return m * math.log1p(-q) <= math.log(target)

    while not small(hi):
        hi = hi + max(1.0, b)
    for _ in range(80):
        mid = 0.5 * (lo + hi)
        if small(mid):
            hi = mid
        else:
            lo = mid
        if hi - lo < 0.05:
            break
    return hi


@dataclass
class CompetitionEnclosure:
    """An enclosure of A(a, b, m) (target sd ``b0``), with its error budget."""

    value: arb
    m: int
    tol: float
    prec: int
    nodes: dict
    budget: dict
    seconds: float

    @property
    def lo(self) -> float:
        return R.outward(self.value)[0]

    @property
    def hi(self) -> float:
        return R.outward(self.value)[1]

    @property
    def width(self) -> float:
        return self.hi - self.lo

    def contains(self, x: float) -> bool:
        return self.lo <= x <= self.hi

    def to_json(self) -> dict:
        return {
            "enclosure": [self.lo, self.hi],
            "width": self.width,
            "prec": self.prec,
            "nodes": self.nodes,
            "budget": self.budget,
            "seconds": self.seconds,
        }


@dataclass(frozen=True)
class EnclosurePlan:
    """The work of one :func:`competition_enclosure` (steps, ranges, lattice sizes), from floats.

    Only steers the work: every bound is re-evaluated in ball arithmetic at the values used.
    """

    a: float
    b: float
    b0: float
    m: int
    tol: float
    h: float
    d_out: float
    u_left: float
    K: int
    tol_psi: float
    tol_eta: float
    sd_zero_psi: bool
    sd_zero_eta: bool
    n_psi: int
    d_psi: float
    J_psi: int
    n_eta: int
    d_eta: float
    J_eta: int

    @property
    def lattice(self) -> int:
        """Lattice points of the two inner correlations (what memory and time scale with)."""
        return self.K * (self.n_psi + self.n_eta) + 2 * (self.J_psi + self.J_eta)

    def check(self) -> None:
        """ValueError (one line, why and what to change) when the lattice exceeds ``MAX_LATTICE``."""
        if self.lattice <= MAX_LATTICE:
            return
        fine = self.K * (self.n_psi + self.n_eta) > 2 * (self.J_psi + self.J_eta) and max(self.n_psi, self.n_eta) > 1
        why = (
            "a noise scale this small needs inner steps this fine (a grid this dense starts too close to gamma = 0)"
            if fine
            else "scores this large need a range this wide (lower --gamma-max or --dk)"
        )
        raise ValueError(
            f"a rigorous enclosure of A at a={self.a:.3g}, b={self.b:.3g}, m={self.m} needs "
            f"{self.lattice:,} lattice points, beyond the limit of {MAX_LATTICE:,} (tol={self.tol:g}): {why}"
        )


@functools.lru_cache(maxsize=4096)
def enclosure_plan(
    am: float, bm: float, b0m: float, m: int, tol: float, sd_zero_psi: bool, sd_zero_eta: bool
) -> EnclosurePlan:
    """The plan of :func:`competition_enclosure` at the centres ``am, bm, b0m`` (cached: the
    pre-flight check of :func:`check_curve_enclosable` and the enclosure share it)."""
    part = tol / 8.0
    h, d_out = _outer_step(part)
    C_h = h / -math.expm1(-h)
    # left end: the tail bound below is <= ~part/2 there
    zL = _erfc_inv_tail(part / 16.0)
    u_left = -am - b0m * zL - math.log(16.0 * C_h / part) - 1.0
    u_right = _right_end(bm, m, u_left, part / 4.0) + 2 * h
    K = max(2, int(math.ceil((u_right - u_left) / h)))
    span = K * h
    tol_psi = part / (2.0 * m)
    tol_eta = part / (2.0 * max(span, 1.0))
    if sd_zero_psi:
        n_psi, d_psi, J_psi = 1, 1.0, 0
    else:
        n_psi, d_psi = _inner_plan(bm, h, tol_psi / 2, "S")
        J_psi = int(math.ceil(bm * _erfc_inv_tail(tol_psi / 2) / (h / n_psi)))
    if sd_zero_eta:
        n_eta, d_eta, J_eta = 1, 1.0, 0
    else:
        n_eta, d_eta = _inner_plan(b0m, h, tol_eta / 2, "g")
        J_eta = int(math.ceil(b0m * _erfc_inv_tail(tol_eta / 2) / (h / n_eta)))
    return EnclosurePlan(
        a=am,
        b=bm,
        b0=b0m,
        m=m,
        tol=tol,
        h=h,
        d_out=d_out,
        u_left=u_left,
        K=K,
        tol_psi=tol_psi,
        tol_eta=tol_eta,
        sd_zero_psi=sd_zero_psi,
        sd_zero_eta=sd_zero_eta,
        n_psi=n_psi,
        d_psi=d_psi,
        J_psi=J_psi,
        n_eta=n_eta,
        d_eta=d_eta,
        J_eta=J_eta,
    )


def _cut_window(start, delta, N: int, lo_thr, hi_thr) -> tuple[int, int, int] | None:
    """``(i_lo, i_hi, i_above)`` for the lattice ``x_i = start + i delta`` (``i < N``, balls, each
    computed as :func:`_smoothed` computes it): ``x_i < lo_thr`` is certain exactly for ``i < i_lo``
    (``i_lo = 0`` when ``lo_thr`` is None) and ``x_i > hi_thr`` exactly for ``i >= i_above``;
    ``i_hi = max(i_above, i_lo)``: ``F`` is 0 outside ``[i_lo, i_hi)``, and ``Q`` is taken as 1 from
    ``i_above`` on.  Found by bisection on the balls ``x_i`` themselves: the same answers as
    comparing every point, with O(log N) points computed instead of N.  None (compare every point)
    unless that is certain.

    Why bisection finds them: ``x_i`` contains ``{s + i d}`` over the points of the balls
    ``start`` and ``delta > 0``, whose infimum grows by ``inf delta`` from ``i`` to ``i + 1``, so
    ``lower(x_{i+1}) >= lower(x_i) + inf delta - 2 rad(x_{i+1})`` (and likewise the upper bounds):
    both bounds increase strictly with ``i`` once ``inf delta`` exceeds twice every radius, and each
    comparison then holds on a prefix (``< lo_thr``) or a suffix (``> hi_thr``) of the lattice.
    Every radius is at most ``rad(start) + N rad(delta)`` plus the rounding of the product and the
    sum (``<= 2^(1-prec)`` of their size each); four times that bound must stay below ``delta / 2``.
    """
    from flint import arb, ctx

    if not delta > 0:
        return None
    rounding = arb(2) ** (2 - ctx.prec) * (abs(start) + 2 * N * abs(delta))
    if not 8 * (start.rad() + N * delta.rad() + rounding) < delta:
        return None
    lo, hi = 0, N  # x_i < lo_thr for i < lo; not for i >= hi
    while lo_thr is not None and lo < hi:
        mid = (lo + hi) // 2
        if start + mid * delta < lo_thr:
            lo = mid + 1
        else:
            hi = mid
    i_lo = lo if lo_thr is not None else 0
    lo, hi = 0, N  # not x_i > hi_thr for i < lo; x_i > hi_thr for i >= hi
    while lo < hi:
        mid = (lo + hi) // 2
        if start + mid * delta > hi_thr:
            hi = mid
        else:
            lo = mid + 1
    return i_lo, max(lo, i_lo), lo


def _gauss_half(s, delta, J: int, memo: dict) -> tuple[list, "arb"]:
    """``([c e^{-(j delta)^2 / (2 s^2)} for j = 0..J], 2 s^2)`` with ``c = delta / (s sqrt(2 pi))``: the
    Gaussian weights of :func:`_smoothed` for ``j >= 0``.  ``memo`` (a dict that lives for one
    :func:`competition_enclosure`, at one precision) keeps them per exact ``(s, delta)``: psi and eta
    share the noise scale (``b0 = b``) and mostly the step, and entry ``j`` is the same expression of
    the same balls whatever ``J`` is, so the longer list extends the shorter -- the same balls."""
    from flint import arb

    key = tuple(v.man_exp() for v in (s.mid(), s.rad(), delta.mid(), delta.rad()))
    if key not in memo:
        memo[key] = (delta / (s * (2 * arb.pi()).sqrt()), 2 * s * s, [])
    c, two_s2, half = memo[key]
    half.extend(c * (-(jd * jd) / two_s2).exp() for jd in (j * delta for j in range(len(half), J + 1)))
    return half[: J + 1], two_s2


def _smoothed(
    fn_kind: str, x0, s, sd_zero: bool, h, n: int, J: int, K: int, d: float, cut: float, gauss: dict | None = None
):
    """Values at x0 + k h (k = 0..K) of (phi_s * F)(x), F = S, Q = 1 - S or g, and the error radius.

    Returns (list of arb, arb error bound).  ``sd_zero``: s is exactly 0 (no smoothing).
    ``gauss``: a memo of the Gaussian weights shared by the calls of one enclosure (:func:`_gauss_half`).
    Lattice values of F below ``cut`` (where F is double-exponentially small, or ``Q, g <= e^v``
    is) are replaced by 0 and ``cut`` times the sum of the weights is added to the error:
    FLINT's ball polynomial product is slow across a huge range of exponents.

    ``Q = 1 - S = -expm1(-e^v)`` gives ``psi = 1 - phi_s * Q`` (``E 1 = 1`` exactly, no sum of
    weights): where ``psi`` is near 1 -- where ``psi^m`` matters -- the ball of ``phi_s * Q`` is
    small with ``Q``, so a noise scale ``s`` given as a wide ball (the intervals of
    :func:`first_crossing_proof`) costs ``psi^m`` a radius about ``m (1 - psi)`` times smaller
    than through ``phi_s * S``.  On the strip ``|Q| <= 1 + |S| <= 2``, and ``0 <= Q <= 1`` on R.
    """
    from flint import arb, arb_poly

    cut_a = arb(cut)
    log_inv = (1 / cut_a).log()
    # F(v) < cut certainly when v > hi_thr (S: e^v > log(1/cut); g: e^v >= 2 log(1/cut), since
    # then e^v - v >= log(1/cut) for log(1/cut) >= 2), or (g, Q) when v < log(cut); Q > 1 - cut
    # when v > the threshold of S: there Q is taken as 1, the constant part summed apart below
    hi_thr = (log_inv.log() if fn_kind in ("S", "Q") else (2 * log_inv).log()).upper()
    lo_thr = cut_a.log().lower() if fn_kind in ("g", "Q") else None
    zero = arb(0)

    def value(x):  # F(x) where it is not cut to 0
        e = x.exp()
        if fn_kind == "Q":
            return -((-e).expm1())
        sx = (-e).exp()
        return sx if fn_kind == "S" else e * sx

    def F(x):
        if x > hi_thr or (lo_thr is not None and x < lo_thr):
            return zero
        return value(x)

    if sd_zero:
        if fn_kind == "Q":
            raise AssertionError("Q is for a smoothed psi only")
        return [F(x0 + k * h) for k in range(K + 1)], cut_a
    delta = h / n
    start = x0 - J * delta
    N = K * n + 2 * J + 1
    # the lattice values, each point computed directly (no error-accumulating recurrence); F is 0
    # below the window [i_lo, i_hi) and above it, and not cut inside it (no comparison made there)
    win = _cut_window(start, delta, N, lo_thr, hi_thr)
    if win is None:  # every point compared (the window is not certain)
        xs = [start + i * delta for i in range(N)]
        seq = [F(x) for x in xs]
        # Q: the first lattice index from which Q is taken as 1 (all later points are above hi_thr)
        i_one = next((i for i, x in enumerate(xs) if x > hi_thr), N) if fn_kind == "Q" else N
    else:
        i_lo, i_hi, i_above = win
        seq = [zero] * i_lo + [value(start + i * delta) for i in range(i_lo, i_hi)] + [zero] * (N - i_hi)
        i_one = i_above if fn_kind == "Q" else N
    half, two_s2 = _gauss_half(s, delta, J, {} if gauss is None else gauss)
    weights = half[:0:-1] + half  # j = -J..J
    wsum = sum(weights, arb(0))
    conv = arb_poly(weights) * arb_poly(seq)
    # error: inner trapezoid on the strip |Im v| < d, plus the truncated Gaussian tail, plus cut
    da = arb(d)
    ctail = 1 / arb.const_e() if fn_kind == "g" else arb(1)
    cstrip = {"S": arb(1), "Q": arb(2)}.get(fn_kind) or 1 / (arb.const_e() * da.cos())
    trap = 2 * cstrip * (da * da / two_s2).exp() / ((2 * arb.pi() * da / delta).exp() - 1)
    trunc = ctail * (J * delta / (s * arb(2).sqrt())).erfc()
    err = trap + trunc + cut_a * wsum
    # only the K + 1 coefficients read (not the whole product, coeffs()); the length of the
    # product drops trailing zero coefficients: those values are 0
    n_conv = conv.length()
    vals = [conv[i] if i < n_conv else zero for i in range(2 * J, K * n + 2 * J + 1, n)]
    if i_one < N:  # + sum of w_j' over the j' that meet a point i = p - j' >= i_one (Q = 1 there)
        prefix, run = [], arb(0)
        for w in weights:
            run = run + w
            prefix.append(run)
        for k in range(K + 1):
            top = min(2 * J, k * n + 2 * J - i_one)
            if top >= 0:
                vals[k] = vals[k] + prefix[top]
    return vals, err


def _check_m_tol(m, tol: float, prec: int | None) -> tuple[int, int]:
    """(m, working precision) of :func:`competition_enclosure`; ValueError on a bad m or tol."""
    m = int(m)
    if m < 1:
        raise ValueError(f"m must be >= 1, got {m}")
    if not (tol > 0 and math.isfinite(tol)):
        raise ValueError(f"tol must be a positive number, got {tol!r}")
    return m, prec or max(64, int(math.ceil(-math.log2(tol))) + int(math.log2(m + 1)) + 40)


def _balls_and_plan(a, b, b0, m: int, tol: float, coarse: bool = False):
    """(a, b, b0, plan): the parameters as balls (at the precision in force) and the work plan
    at their centres (``coarse``: at the centres rounded to 3 significant digits, so that nearby
    parameters share one cached plan; the plan only steers the work); ValueError on a non-finite
    or negative parameter."""
    a = R.to_arb(a)
    b = R.to_arb(b)
    b0 = b if b0 is None else R.to_arb(b0)
    for name, v in (("a", a), ("b", b), ("b0", b0)):
        if not v.is_finite():
            raise ValueError(f"{name} must be finite, got {v}")
    for name, v in (("b", b), ("b0", b0)):
        if not (v.is_zero() or v > 0):
            raise ValueError(f"{name} must be exactly 0 or certainly > 0, got {v}")
    am, bm, b0m = float(a.mid()), float(b.mid()), float(b0.mid())
    if coarse:
        am, bm, b0m = (float(f"{x:.3g}") for x in (am, bm, b0m))
    return a, b, b0, enclosure_plan(am, bm, b0m, m, tol, b.is_zero(), b0.is_zero())


def competition_enclosure(
    a, b, m: int, *, b0=None, tol: float = 1e-12, prec: int | None = None, coarse_plan: bool = False
):
    """Rigorous enclosure of the competition observable A(a, b, m) of Def 62 / Thm 64.

    ``A = E[e^{s_0} / (e^{s_0} + sum_{j<=m} e^{s_j})]`` with target ``s_0 = a + b0 Z_0`` and ``m``
    distractors ``s_j = b Z_j`` (``b0 = b`` unless given: the variant with a different target
    variance).  ``a``, ``b``, ``b0`` may be numbers, decimal strings or ``arb`` balls (the result
    then holds for every point of the balls); ``b``, ``b0`` must be ``>= 0`` (exactly 0 allowed).
    ``tol`` steers the work towards a total radius of about ``tol`` (the returned ball is rigorous
    whatever it is; its ``budget`` lists every term).  ``coarse_plan``: steer the work by a plan
    shared with nearby parameters (:func:`_balls_and_plan`; as rigorous, the width may differ a
    little).  See the module docstring for the method.
    """
    from flint import arb

    t0 = time.perf_counter()
    m, work_prec = _check_m_tol(m, tol, prec)
    with R.precision(work_prec):
        a, b, b0, pl = _balls_and_plan(a, b, b0, m, tol, coarse_plan)
        pl.check()
        h, d_out, u_left, K, span = pl.h, pl.d_out, pl.u_left, pl.K, pl.K * pl.h
        tol_psi, tol_eta = pl.tol_psi, pl.tol_eta
        sd_zero_psi, sd_zero_eta = pl.sd_zero_psi, pl.sd_zero_eta
        n_psi, d_psi, J_psi = pl.n_psi, pl.d_psi, pl.J_psi
        n_eta, d_eta, J_eta = pl.n_eta, pl.d_eta, pl.J_eta
        ha = arb(h)
        u0 = arb(u_left) + ha  # u_{-1} = u_left exactly (a dyadic float)
        gauss: dict = {}  # the Gaussian weights, shared by psi and eta where their (s, step) agree
        if sd_zero_psi:
            psi, e_psi = _smoothed("S", u0, b, True, ha, n_psi, J_psi, K, d_psi, tol_psi / 8)
        else:  # psi = 1 - phi_b * Q: see _smoothed
            q, e_psi = _smoothed("Q", u0, b, False, ha, n_psi, J_psi, K, d_psi, tol_psi / 8, gauss)
            psi = [1 - v for v in q]
        eta, e_eta = _smoothed("g", u0 + a, b0, sd_zero_eta, ha, n_eta, J_eta, K, d_eta, tol_eta / 8, gauss)
        box01 = arb(0.5, 0.5)  # [0, 1] (and a hair more: the radius is rounded up)
        r_psi, r_eta = arb(0, e_psi.upper()), arb(0, e_eta.upper())  # the same balls at every node
        total = arb(0)
        ps_K = None
        for k in range(K + 1):
            pk = (psi[k] + r_psi).intersection(box01)
            ek = (eta[k] + r_eta).intersection(box01)
            pm = R.pow_int(pk, m)
            total = total + ek * pm
            if k == K:
                ps_K = pm
        if ps_K is None:  # K >= 2: the loop above always reaches k = K
            raise AssertionError(f"no outer node k = K = {K}")
        A_h = ha * total
        # outer trapezoid (strip |Im u| < d_out, M = 1/cos d)
        da = arb(d_out)
        E_out = 2 / (da.cos() * ((2 * arb.pi() * da / ha).exp() - 1))
        # tails of the outer sum
        Ch = ha / (1 - (-ha).exp())
        um1 = arb(u_left)
        if sd_zero_eta:
            left = Ch * (um1 + a).exp()
        else:
            zstar = arb(max(0.0, -(u_left + pl.a) / pl.b0))
            sqrt2 = arb(2).sqrt()
            Phi_lo = ((b0 - zstar) / sqrt2).erfc() / 2  # Phi(z* - b0)
            Phi_tail = (zstar / sqrt2).erfc() / 2  # Phi(-z*)
            left = Ch * (um1 + a + b0 * b0 / 2).exp() * Phi_lo + (1 + E_out) * Phi_tail
        right = ps_K.upper() * (1 + E_out)
        tails = left + right
        value = A_h + arb(0, E_out.upper()) + arb(tails.upper() / 2, tails.upper() / 2)
    if not value.is_finite():
        raise R.RigorError(f"non-finite enclosure for a={a}, b={b}, m={m}: {value}")
    budget = {
        "outer_trapezoid": float(E_out.upper()),
        "inner_psi_per_node": float(e_psi.upper()),
        "inner_eta_per_node": float(e_eta.upper()),
        "tail_left": float(left.upper()),
        "tail_right": float(right.upper()),
        "radius": float(value.rad()),
    }
    nodes = {
        "outer": K + 1,
        "step": h,
        "range": [u_left + h, u_left + h + span],
        "psi_lattice": K * n_psi + 2 * J_psi + 1,
        "eta_lattice": K * n_eta + 2 * J_eta + 1,
    }
    return CompetitionEnclosure(value, m, tol, work_prec, nodes, budget, time.perf_counter() - t0)


# --- the models and gamma_c ---------------------------------------------------------------------


def model_ab(model: str, gamma, dk, *, prec: int = 128):
    """(a, b) of a model at coupling ``gamma`` as ``arb`` balls at ``prec`` bits (the formula of
    :mod:`montecarlo.models`, evaluated in ball arithmetic; ``gamma``, ``dk`` exact or balls)."""
    mdl = get_model(model)
    with R.precision(prec):
        g, d = R.to_arb(gamma), R.to_arb(dk)
        a, b = mdl.ab(g, d, lambda x: R.to_arb(x).sqrt())
        a, b = R.to_arb(a), R.to_arb(b)
    if not (a.is_finite() and b.is_finite()):
        raise R.RigorError(f"model {model!r}: no finite (a, b) at gamma={gamma}")
    return a, b


def A_enclosure(model: str, gamma, dk, m: int, *, tol: float = 1e-12) -> CompetitionEnclosure:
    """Enclosure of A(gamma) of a model (Def 62 for ``t4``; §10 ``t3t4``; Cor 69 ``key``)."""
    a, b = model_ab(model, gamma, dk, prec=max(64, int(-math.log2(tol)) + 40))
    return competition_enclosure(a, b, m, tol=tol)


def _grid_point(gamma_max, i: int, G: int):
    """The i-th point of linspace(0, gamma_max, G) exactly: gamma_max * i / (G - 1)."""
    from flint import fmpq

    return R.to_arb(gamma_max) * R.to_arb(fmpq(i, G - 1))


#: the radius aimed at for every enclosure of A by ``psa-mc exact --rigorous``
TOL_A = 1e-12


def check_curve_enclosable(
    dk,
    T,
    *,
    model: str = "t4",
    distractors: str = conv.DEFAULT_DISTRACTORS,
    grid: int = conv.DEFAULT_GRID,
    gamma_max: float = conv.DEFAULT_GAMMA_MAX,
    tol: float = TOL_A,
) -> None:
    """Refuse, before any quadrature, a curve whose float or rigorous evaluation is beyond a limit.

    First the float curve's own checks (:func:`montecarlo.exact.check_curve`: parameters, memory
    and work, couplings), then the lattice of the enclosure at every grid point
    (:class:`EnclosurePlan`, the plan :func:`competition_enclosure` then reuses, so no work is
    done twice), largest first where it usually is: ``gamma_max`` (widest scores) and the first
    grid point above 0 (finest inner steps).  ValueError with one line naming the coupling.
    """
    from . import exact

    exact.check_curve(dk, T, model=model, distractors=distractors, grid=grid, gamma_max=gamma_max)
    T = conv.check_int("T", T, 3)
    m = conv.distractor_count(T, distractors)
    G = conv.check_int("grid", grid, 2)
    m_int, work_prec = _check_m_tol(m, tol, None)
    order = [G - 1] + list(range(1, G - 1)) + [0]
    with R.precision(max(96, int(-math.log2(tol)) + 40)):
        gs = {i: _grid_point(gamma_max, i, G) for i in (0, 1, G - 1)}
    for i in order:
        with R.precision(max(96, int(-math.log2(tol)) + 40)):
            g = gs[i] if i in gs else _grid_point(gamma_max, i, G)
        a, b = model_ab(model, g, dk, prec=max(64, int(-math.log2(tol)) + 40))
        with R.precision(work_prec):
            try:
                _balls_and_plan(a, b, None, m_int, tol)[3].check()
            except ValueError as exc:
                raise ValueError(f"--rigorous at gamma = {float(g.mid()):.6g} (grid point {i}): {exc}") from None


def curve_enclosure(
    dk,
    T,
    *,
    model: str = "t4",
    distractors: str = conv.DEFAULT_DISTRACTORS,
    grid: int = conv.DEFAULT_GRID,
    gamma_max: float = conv.DEFAULT_GAMMA_MAX,
    tol: float = 1e-6,
    balls: bool = False,
) -> dict:
    """Enclosures of A on the §7.9 grid (gamma_i = gamma_max i / (grid - 1) exactly), with times.

    Returns ``{"gammas", "enclosures": [[lo, hi], ...], "seconds": [...], "tol", "m"}`` (and the
    ``arb`` balls under ``"balls"`` when ``balls=True``; not JSON).
    """
    T = conv.check_int("T", T, 3)
    m = conv.distractor_count(T, distractors)
    G = conv.check_int("grid", grid, 2)
    out, secs, bl = [], [], []
    with R.precision(max(96, int(-math.log2(tol)) + 40)):
        gs = [_grid_point(gamma_max, i, G) for i in range(G)]
    for g in gs:
        e = A_enclosure(model, g, dk, m, tol=tol)
        out.append([e.lo, e.hi])
        secs.append(e.seconds)
        bl.append(e.value)
    doc = {
        "gammas": [float(g.mid()) for g in gs],
        "enclosures": out,
        "seconds": secs,
        "tol": tol,
        "m": m,
        "method": METHOD,
    }
    if balls:
        doc["balls"] = bl
    return doc


@dataclass
class GammaCEnclosure:
    """Rigorous brackets of gamma_c (§7.9 rule) for one (dk, T) of a reduced model.

    ``continuous``: [lo, hi] with A(lo) < midpoint < A(hi) certified (so the continuous curve
    crosses the midpoint inside; the float Brent root is the centre); ``grid``: the interval of
    the grid-extracted gamma_c (linear interpolation between the two enclosed grid values around
    the midpoint, after certifying that every earlier grid value is below it).  ``None`` with a
    ``reason`` where a step could not be certified.
    """

    model: str
    dk: float
    T: int
    m: int
    distractors: str
    chance_rule: str
    chance: str  # exact, e.g. "1/39"
    grid: int
    gamma_max: float
    tol: float
    plateau: tuple[float, float] | None = None
    midpoint: tuple[float, float] | None = None
    gamma_c: float | None = None  # float value of montecarlo.exact (grid rule)
    gamma_c_continuous: float | None = None  # float value (Brent)
    grid_index: int | None = None
    grid_enclosure: tuple[float, float] | None = None
    continuous_enclosure: tuple[float, float] | None = None
    A_at_ends: list | None = None
    #: :meth:`FirstCrossing.to_json`: whether the continuous bracket holds the *first* crossing
    first_crossing: dict | None = None
    reasons: list[str] = field(default_factory=list)
    seconds: dict = field(default_factory=dict)

    @property
    def contains_float(self) -> dict:
        def inside(iv, x):
            return None if iv is None or x is None else bool(iv[0] <= x <= iv[1])

        return {
            "continuous": inside(self.continuous_enclosure, self.gamma_c_continuous),
            "grid": inside(self.grid_enclosure, self.gamma_c),
        }

    def to_json(self) -> dict:
        def iv(x):
            return None if x is None else [float(x[0]), float(x[1])]

        return {
            "gamma_c_continuous_enclosure": iv(self.continuous_enclosure),
            "gamma_c_enclosure": iv(self.grid_enclosure),
            "plateau_enclosure": iv(self.plateau),
            "midpoint_enclosure": iv(self.midpoint),
            "contains_float": self.contains_float,
            "A_at_bracket_ends": self.A_at_ends,
            "first_crossing": self.first_crossing,
            "grid_index": self.grid_index,
            "chance_exact": self.chance,
            "tol_A": self.tol,
            "reasons": list(self.reasons),
            "seconds": dict(self.seconds),
            "method": METHOD,
        }


@dataclass
class FirstCrossing:
    """The proof (or not) that ``A(gamma) < midpoint`` on all of ``[0, lo]``.

    With ``A(hi) > midpoint`` certified as well (the continuous bracket) and ``A`` continuous,
    the *first* crossing of the midpoint then lies in ``[lo, hi]``.
    """

    proved: bool
    boxes: int = 0  # boxes of [0, lo] decided
    enclosures: int = 0  # Arb enclosures of A computed for them
    elementary: int = 0  # boxes decided by the elementary bound alone
    why: str = ""
    seconds: float = 0.0

    def to_json(self) -> dict:
        how = (
            f"A(gamma) < midpoint proved on all of [0, bracket low end] in {self.boxes} intervals "
            f"({self.elementary} by an elementary bound, the others by Arb enclosures with A nondecreasing "
            f"in a; {self.enclosures} enclosures in all), and A(bracket high end) > midpoint: the first "
            "crossing lies in the bracket"
            if self.proved
            else "not proved, so assumed: " + self.why
        )
        return {
            "status": "proved" if self.proved else "assumed",
            "how": how,
            "boxes": self.boxes,
            "enclosures": self.enclosures,
            "seconds": self.seconds,
        }


def _elementary_upper(a2, b2, m: int):
    """An upper bound of A(a, b, m) for every a <= a2 and 0 <= b <= b2 (balls; exact, no quadrature).

    The target's softmax mass is ``1 / (1 + sum_j e^{s_j - s_0})`` with ``s_j - s_0 = -a + b (Z_j -
    Z_0)``.  On the event ``|Z_k| <= z`` for all ``m + 1`` scores, every ``s_j - s_0 >= -(a2 + 2 b2
    z) = -c``, so the mass is at most ``1 / (1 + m e^{-c}) = e^c / (e^c + m)``; off the event
    (probability at most ``(m + 1) erfc(z / sqrt 2)``, a union bound) it is at most 1.  The best
    of a few ``z``.
    """
    from flint import arb

    best = None
    for z in (3, 4, 5, 6, 7, 8, 10, 12, 16):
        c = a2 + 2 * b2 * z
        ec = c.exp()
        u = ec / (ec + m) + (m + 1) * (arb(z) / arb(2).sqrt()).erfc()
        if best is None or u.upper() < best.upper():
            best = u
    return best


def first_crossing_proof(
    model: str, dk, m: int, mid, lo: float, starts, *, tol: float = TOL_A, max_enclosures: int = 400
) -> FirstCrossing:
    """Prove ``A(gamma) < mid`` for every ``gamma`` in ``[0, lo]`` by interval branch-and-bound.

    ``mid``: an ``arb`` ball of the midpoint; ``starts``: floats in ``(0, lo)`` where an interval
    may end (e.g. the grid: cheaper balls); each interval ``[x1, x2]`` is decided by

    * monotonicity: ``A(a, b, m)`` is nondecreasing in the target offset ``a`` for fixed ``b``
      (the softmax mass on the target increases with its score, draw by draw), and every model
      has ``a(gamma)``, ``b(gamma)`` nondecreasing on ``gamma >= 0`` (:mod:`montecarlo.models`),
      so for ``gamma`` in ``[x1, x2]``: ``A(gamma) <= sup {A(a(x2), b) : b(x1) <= b <= b(x2)}``;
    * that sup bounded by :func:`_elementary_upper` (cheap, near ``gamma = 0``) or by an Arb
      enclosure :func:`competition_enclosure` with ``a = a(x2)`` and ``b`` the ball
      ``[b(x1), b(x2)]`` (it holds for every point of the balls);
    * intervals taken from ``lo`` down to 0 under step control (the next 1.5 times as wide after
      a decided one, half as wide after an undecided one; never below ``1e-14`` relative), within
      ``max_enclosures`` enclosures in all.
    """
    from flint import arb

    t0 = time.perf_counter()
    res = FirstCrossing(proved=False)
    prec = max(96, int(-math.log2(tol)) + 40)
    lo = float(lo)

    def decide(x1: float, x2: float) -> bool:
        with R.precision(prec):
            a2, b2 = model_ab(model, arb(x2), dk, prec=prec)
            if bool(_elementary_upper(a2, b2, m) < mid):
                res.elementary += 1
                return True
            _, b1 = model_ab(model, arb(x1), dk, prec=prec)
            if not b1 > 0:
                return False
            res.enclosures += 1
            try:
                enc = competition_enclosure(a2, b1.union(b2), m, tol=tol, coarse_plan=True)
            except ValueError as exc:  # a lattice beyond the limit: a narrower interval may pass
                res.why = str(exc)
                return False
            return bool(enc.value < mid)

    # from lo down to 0, the width of the next interval under step control: x1.5 after a decided
    # interval, /2 after an undecided one (A nears the midpoint only towards lo); a start point
    # (grid point) met on the way begins the next interval
    cuts = sorted({float(x) for x in starts if 0.0 < float(x) < lo})
    x2, w = lo, max(lo * 1e-9, 1e-300)
    while x2 > 0.0:
        if res.enclosures >= max_enclosures:
            res.why = f"A(gamma) < midpoint not decided on [0, {x2!r}] within {max_enclosures} enclosures"
            break
        below = [c for c in cuts if c < x2]
        x1 = max(0.0, x2 - w, below[-1] if below and x2 - w < below[-1] < x2 - 0.5 * w else -1.0)
        if decide(x1, x2):
            res.boxes += 1
            x2, w = x1, 1.5 * (x2 - x1)
            continue
        if x2 - x1 <= 1e-14 * max(1.0, x2):
            res.why = res.why or f"A(gamma) < midpoint not decided on [{x1!r}, {x2!r}] (too narrow to split)"
            break
        w = 0.5 * (x2 - x1)
    else:
        res.proved, res.why = True, ""
    res.seconds = time.perf_counter() - t0
    return res


def gamma_c_continuous_enclosure(
    dk,
    T,
    *,
    model: str = "t4",
    distractors: str = conv.DEFAULT_DISTRACTORS,
    chance: str = conv.DEFAULT_CHANCE,
    grid: int = conv.DEFAULT_GRID,
    gamma_max: float = conv.DEFAULT_GAMMA_MAX,
    width: float = 1e-9,
    max_width: float = 1e-6,
    tol: float = 1e-12,
    tol_below: float = 1e-4,
    continuous: bool = True,
    exact_result=None,
    curve_values: Sequence[arb] | None = None,
    prove_first: bool = False,
) -> GammaCEnclosure:
    """Rigorous brackets of the continuous and the grid gamma_c of :func:`montecarlo.exact.gamma_c_exact`.

    Steps (every A an Arb enclosure of radius about ``tol``, :func:`competition_enclosure`):

    1. the plateau ``P = A(gamma_max)`` and the midpoint ``(chance + P)/2`` (chance exact, per
       ``chance``); no transition when ``P <= chance`` is certain;
    2. grid rule: ``A(gamma_j) < midpoint`` certified for every grid point before the float
       crossing index ``i`` (at the cheaper radius ``tol_below`` where that decides), and
       ``A(gamma_i) >= midpoint``; the grid gamma_c is then the interpolation formula evaluated
       in ball arithmetic on the enclosures at ``gamma_{i-1}``, ``gamma_i``;
    3. continuous: centred on the float Brent root ``c``, ``[c - width/2, c + width/2]`` with
       ``A(lo) < midpoint < A(hi)`` certified (A is continuous, so a crossing lies inside);
       the width is multiplied by 10 up to ``max_width`` until that is certified.

    What step 3 certifies is *a* crossing inside the grid cell of the first grid crossing, the
    quantity the float procedure computes.  ``prove_first=True`` (what ``psa-mc exact --rigorous``
    does) adds step 4, :func:`first_crossing_proof`: ``A < midpoint`` on all of ``[0, lo]``, so the
    bracket holds the *first* crossing (``first_crossing``: ``proved``, or ``assumed`` with the
    reason); uniqueness of the crossing inside the 1e-9-wide bracket is not claimed (nor needed).
    ``continuous=False`` skips steps 3 and 4.  ``exact_result``: a :class:`montecarlo.exact.ExactGammaC`
    already computed for these arguments (with ``continuous=True`` for step 3; saves its ~0.1 s);
    ``curve_values``: enclosures (``arb``) of A at every grid point, e.g. from
    :func:`curve_enclosure` with ``balls=True``, used instead of recomputing them.
    """
    from . import exact

    t_start = time.perf_counter()
    dk = conv.check_dk(dk)
    T = conv.check_int("T", T, 3)
    if not (0 < width <= max_width):
        raise ValueError(f"need 0 < width <= max_width, got {width}, {max_width}")
    r = exact_result
    if r is None:
        r = exact.gamma_c_exact(
            dk,
            T,
            model=model,
            distractors=distractors,
            chance=chance,
            grid=grid,
            gamma_max=gamma_max,
            continuous=continuous,
        )
    m = r.m
    G = int(r.gammas.size)
    chi = conv.chance_fraction(T, m, chance)
    res = GammaCEnclosure(
        model=get_model(model).name,
        dk=dk,
        T=T,
        m=m,
        distractors=distractors,
        chance_rule=chance,
        chance=f"{chi.numerator}/{chi.denominator}",
        grid=G,
        gamma_max=float(gamma_max),
        tol=tol,
        gamma_c=r.gamma_c if r.gamma_c is not None and math.isfinite(r.gamma_c) else None,
        gamma_c_continuous=(
            r.gamma_c_continuous if r.gamma_c_continuous is not None and math.isfinite(r.gamma_c_continuous) else None
        ),
    )
    res.seconds["float"] = r.elapsed_s
    prec = max(64, int(-math.log2(tol)) + 40)
    t0 = time.perf_counter()
    with R.precision(prec):
        gpts = [_grid_point(gamma_max, i, G) for i in range(G)]
        P = curve_values[-1] if curve_values is not None else A_enclosure(model, gpts[-1], dk, m, tol=tol).value
        chi_a = R.to_arb(chi)
        mid = (chi_a + P) / 2
    res.seconds["plateau"] = time.perf_counter() - t0
    res.plateau = R.outward(P)
    res.midpoint = R.outward(mid)
    if not P > chi_a:
        res.reasons.append(
            "no transition: the plateau is not above chance"
            if P <= chi_a
            else "the plateau could not be separated from chance at this tol"
        )
        res.seconds["total"] = time.perf_counter() - t_start
        return res

    # 2. the grid rule -------------------------------------------------------------------------
    t0 = time.perf_counter()
    mid_f = 0.5 * (float(chi) + r.plateau)
    above = np.nonzero(r.curve >= mid_f)[0]
    i = int(above[0]) if above.size else None
    encl: dict[int, arb] = {}

    def A_at(j: int, t: float) -> arb:
        if curve_values is not None:
            return curve_values[j]
        return A_enclosure(model, gpts[j], dk, m, tol=t).value

    ok = i is not None
    if i is None:
        res.reasons.append("the float curve never reaches the midpoint on the grid")
    else:
        for j in range(i):
            t = tol if j == i - 1 else tol_below
            v = A_at(j, t)
            if not v < mid and t > tol and curve_values is None:
                v = A_at(j, tol)
            if not v < mid:
                ok = False
                res.reasons.append(f"grid rule: A(gamma_{j}) < midpoint not certified ({v} vs {mid})")
                break
            encl[j] = v
        if ok:
            v = A_at(i, tol)
            encl[i] = v
            if not v >= mid:
                ok = False
                res.reasons.append(f"grid rule: A(gamma_{i}) >= midpoint not certified ({v} vs {mid})")
        if ok:
            res.grid_index = i
            with R.precision(prec):
                if i == 0:
                    gc = gpts[0]
                else:
                    A0, A1 = encl[i - 1], encl[i]
                    gc = gpts[i - 1] + (mid - A0) / (A1 - A0) * (gpts[i] - gpts[i - 1])
            if gc.is_finite():
                res.grid_enclosure = R.outward(gc)
            else:
                res.reasons.append("grid rule: the interpolation is not finite in ball arithmetic")
    res.seconds["grid"] = time.perf_counter() - t0

    # 3. the continuous crossing ---------------------------------------------------------------
    t0 = time.perf_counter()
    c = res.gamma_c_continuous
    if not continuous:
        pass
    elif c is None:
        res.reasons.append("no float continuous crossing to centre the bracket on")
    elif ok and i == 0:
        res.continuous_enclosure = res.grid_enclosure
        res.first_crossing = {
            "status": "proved",
            "how": "A(0) >= midpoint certified: the first crossing is at gamma = 0",
            "boxes": 0,
            "enclosures": 0,
            "seconds": 0.0,
        }
    else:
        w = float(width)
        cell = (float(r.gammas[i - 1]), float(r.gammas[i])) if ok and i else (-math.inf, math.inf)
        while True:
            lo, hi = max(c - w / 2, cell[0]), min(c + w / 2, cell[1])
            A_lo = A_enclosure(model, lo, dk, m, tol=tol)
            A_hi = A_enclosure(model, hi, dk, m, tol=tol)
            if A_lo.value < mid and A_hi.value > mid:
                res.continuous_enclosure = (lo, hi)
                res.A_at_ends = [[A_lo.lo, A_lo.hi], [A_hi.lo, A_hi.hi]]
                if prove_first:
                    res.first_crossing = first_crossing_proof(
                        model, dk, m, mid, lo, [float(x) for x in r.gammas], tol=tol
                    ).to_json()
                break
            if w * 10 > max_width * (1 + 1e-12):
                res.reasons.append(
                    f"continuous: no certified sign change of A - midpoint on a bracket of width <= {max_width:g}"
                )
                break
            w *= 10
    res.seconds["continuous"] = time.perf_counter() - t0
    res.seconds["total"] = time.perf_counter() - t_start
    return res


def rigorous_fields(exact_result, *, tol: float = TOL_A, width: float = 1e-9, prove_first: bool = True) -> dict:
    """The JSON fields that ``psa-mc exact ... --rigorous`` adds to the document of ``exact_result``.

    ``exact_result`` is the :class:`montecarlo.exact.ExactGammaC` the command computed (its
    conventions are reused; ``gamma_c_continuous`` is bracketed when it was requested).  Encloses
    A at every grid point (radius about ``tol``), then brackets the grid and the continuous
    gamma_c from those enclosures.  Keys: ``curve_enclosure`` (``[[lo, hi], ...]`` on the grid),
    ``gamma_c_enclosure``, ``gamma_c_continuous_enclosure`` (``[lo, hi]`` or ``null``, with
    the reason in ``rigorous.reasons``), ``plateau_enclosure``, ``midpoint_enclosure`` and
    ``rigorous`` (method, tol, whether the float values lie inside, seconds).
    """
    r = exact_result
    t0 = time.perf_counter()
    G = int(r.gammas.size)
    gmax = float(r.gammas[-1])
    cur = curve_enclosure(
        r.dk, r.T, model=r.model, distractors=r.distractors, grid=G, gamma_max=gmax, tol=tol, balls=True
    )
    continuous = r.gamma_c_continuous is not None
    gc = gamma_c_continuous_enclosure(
        r.dk,
        r.T,
        model=r.model,
        distractors=r.distractors,
        chance=r.chance_rule,
        grid=G,
        gamma_max=gmax,
        tol=tol,
        width=width,
        continuous=continuous,
        exact_result=r,
        curve_values=cur["balls"],
        prove_first=prove_first,
    )
    doc = gc.to_json()
    inside = [lo <= a <= hi for (lo, hi), a in zip(cur["enclosures"], r.curve.tolist())]
    out = {
        "curve_enclosure": cur["enclosures"],
        "gamma_c_enclosure": doc["gamma_c_enclosure"],
        "plateau_enclosure": doc["plateau_enclosure"],
        "midpoint_enclosure": doc["midpoint_enclosure"],
        "rigorous": {
            "method": METHOD,
            "tol_A": tol,
            "curve_contains_float": all(inside),
            "contains_float": doc["contains_float"],
            "A_at_bracket_ends": doc["A_at_bracket_ends"],
            "grid_index": doc["grid_index"],
            "chance_exact": doc["chance_exact"],
            "reasons": doc["reasons"],
            "definitions": enclosure_definitions(continuous),
            "seconds_per_A": sum(cur["seconds"]) / max(1, len(cur["seconds"])),
            "seconds": {**doc["seconds"], "curve": sum(cur["seconds"]), "total": time.perf_counter() - t0},
        },
    }
    if continuous:
        out["gamma_c_continuous_enclosure"] = doc["gamma_c_continuous_enclosure"]
        out["rigorous"]["first_crossing"] = doc["first_crossing"] or (
            {"status": "none", "how": "no continuous bracket was certified (see reasons)"}
            if doc["gamma_c_continuous_enclosure"] is None
            else {"status": "assumed", "how": "not proved: the proof was not run (prove_first=False)"}
        )
    return out


def enclosure_definitions(continuous: bool) -> dict[str, str]:
    """What each enclosure of ``psa-mc exact --rigorous`` encloses (beside
    :func:`montecarlo.exact.value_definitions`)."""
    out = {
        "gamma_c_enclosure": (
            "encloses gamma_c, the paper's §7.9 value: A < midpoint certified at every grid point before the "
            "crossing and A >= midpoint at it, then the linear interpolation in ball arithmetic"
        ),
        "plateau_enclosure": "encloses the plateau A(gamma_max) of §7.9 (not the limit A(inf))",
        "midpoint_enclosure": "encloses (chance + A(gamma_max))/2, the chance exact",
    }
    if continuous:
        out["gamma_c_continuous_enclosure"] = (
            "[lo, hi] with A(lo) < midpoint < A(hi) certified (same midpoint, plateau A(gamma_max)): it holds a "
            "crossing by the continuous A; whether it holds the first one is rigorous.first_crossing "
            "(proved: A < midpoint on all of [0, lo]; else assumed)"
        )
    return out
