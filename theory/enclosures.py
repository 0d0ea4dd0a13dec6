"""Arb enclosures of the closed forms the Monte-Carlo sections print (§7.9, §7.10, Rem 72, C7, C8).

Each function returns an :class:`flint.arb` ball that contains the exact value (at the working
precision of :func:`theory.rigorous.precision`; build the balls inside the call that
:func:`theory.rigorous.decide_printed` re-runs).  Inputs are anything :func:`theory.rigorous.to_arb`
accepts (strings are exact decimals, ints and Fractions exact).  Pure mathematics, no I/O; loads
python-flint (imported lazily: ``theory`` itself does not import this module).

* :func:`p_inf` -- eq. (51), ``int phi(z) Phi(z + sqrt(dk)/2)^m dz``;
* :func:`p_inf_gap` -- Rem 72's ``p_inf(m) - p_inf(m + 1) = int phi(z) Phi^m (1 - Phi) dz``;
* :func:`crossover_ratio` -- ``8L/dk`` with ``L = log(T - 1)`` (eq. 52);
* :func:`student_t_sf` -- the upper tail of Student's t with an odd number of degrees of freedom
  (closed form), and :func:`correlation_p` -- the two-sided p of a correlation coefficient by the
  t test (``scipy.stats.pearsonr``, and ``spearmanr``'s t approximation).
"""

from __future__ import annotations

import functools
from fractions import Fraction

from flint import acb, arb, ctx

from . import rigorous as R

__all__ = ["p_inf", "p_inf_gap", "crossover_ratio", "student_t_sf", "correlation_p"]


def _phi_integral(dk, m: int, extra) -> arb:
    """``int phi(z) Phi(z + s)^m extra(Phi) dz`` over R, ``s = sqrt(dk)/2``, for ``0 <= extra <= 1``.

    The integrand is dominated by ``phi(z)`` (``0 <= Phi <= 1``), so the Gaussian tail bound of
    :func:`theory.rigorous.gaussian_tail_bound` (C = 1/sqrt(2 pi), sigma = 1) is a proved bound of
    what the truncation leaves out.
    """
    m = int(m)
    if m < 1:
        raise ValueError(f"m must be >= 1, got {m}")
    s = R.to_arb(dk).sqrt() / 2
    inv = 1 / (2 * arb.pi()).sqrt()
    r2 = arb(2).sqrt()

    def f(z: acb) -> acb:
        Phi = (-(z + s) / r2).erfc() / 2  # Phi(z + s), entire in z
        return inv * (-(z * z) / 2).exp() * Phi**m * extra(Phi)

    return R.integral_R(f, R.gaussian_tail_bound(inv, 1), tail_tol=1e-40, prec=max(ctx.prec, 64))


#: the types of ``dk`` whose enclosures :func:`_kept` keeps (exact, hashable values)
_KEPT_TYPES = frozenset({int, str, Fraction, float})


@functools.lru_cache(maxsize=1024)
def _kept(kind: str, dk_type: str, dk, m: int, prec: int) -> arb:
    """The enclosure ``kind`` (``"p_inf"`` or ``"gap"``) at (dk, m) and the working precision ``prec``,
    once per process (a pure function of the four; an arb ball is immutable): several certificates
    (Rem 72, C7) and the re-runs of one at the same precision ask for the same integrals."""
    return _phi_integral(dk, m, (lambda Phi: 1) if kind == "p_inf" else (lambda Phi: 1 - Phi))


def p_inf(dk, m: int) -> arb:
    """Eq. (51): ``p_inf = int phi(z) Phi(z + sqrt(dk)/2)^m dz`` (the argmax limit of Thm 64)."""
    if type(dk) in _KEPT_TYPES and type(m) is int:
        return _kept("p_inf", type(dk).__name__, dk, m, ctx.prec)
    return _phi_integral(dk, m, lambda Phi: 1)


def p_inf_gap(dk, m: int) -> arb:
    """Rem 72: ``p_inf(dk, m) - p_inf(dk, m + 1) = E[U^m (1 - U)]`` with ``U = Phi(Z + sqrt(dk)/2)``."""
    if type(dk) in _KEPT_TYPES and type(m) is int:
        return _kept("gap", type(dk).__name__, dk, m, ctx.prec)
    return _phi_integral(dk, m, lambda Phi: 1 - Phi)


def crossover_ratio(dk, T) -> arb:
    """Proximity to the crossover, ``8L/dk`` with ``L = log(T - 1)`` (eq. 52: mean field iff <= 1)."""
    return 8 * (R.to_arb(T) - 1).log() / R.to_arb(dk)


def student_t_sf(t, nu: int) -> arb:
    """``P(T_nu > t)`` for Student's t with an odd number ``nu`` of degrees of freedom.

    Closed form (Abramowitz and Stegun 26.7.3): with ``theta = atan(t / sqrt(nu))``,
    ``P(T_nu <= t) = 1/2 + (theta + sin(theta) cos(theta) sum_{j<k} a_j cos(theta)^{2j}) / pi``,
    ``nu = 2k + 1``, ``a_0 = 1``, ``a_j = a_{j-1} 2j / (2j + 1)``.
    """
    nu = int(nu)
    if nu < 1 or nu % 2 == 0:
        raise ValueError(f"student_t_sf needs an odd number of degrees of freedom, got {nu}")
    th = (R.to_arb(t) / arb(nu).sqrt()).atan()
    c2 = th.cos() * th.cos()
    a, power, total = arb(1), arb(1), arb(0)
    for j in range((nu - 1) // 2):
        if j:
            a = a * (2 * j) / (2 * j + 1)
            power = power * c2
        total += a * power
    cdf = arb(1) / 2 + (th + th.sin() * th.cos() * total) / arb.pi()
    return 1 - cdf


def correlation_p(r, n: int) -> arb:
    """Two-sided p of a correlation ``r`` over ``n`` points by the t test (``n - 2`` degrees of
    freedom, odd): ``2 P(T > |r| sqrt((n - 2)/(1 - r^2)))`` -- scipy's rule for Pearson's r and the
    t approximation ``spearmanr`` uses for rho."""
    r = abs(R.to_arb(r))
    t = r * ((arb(n) - 2) / (1 - r * r)).sqrt()
    return 2 * student_t_sf(t, int(n) - 2)
