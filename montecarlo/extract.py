"""gamma_c extraction from a competition curve (§7.9), and when there is none to extract.

§7.9: gamma_c is where the curve A(gamma) first crosses the midpoint between the chance level and
the measured plateau (the value at the largest grid coupling), by linear interpolation between grid
points.  The rule presupposes a transition: a plateau above chance.  Where the plateau is not
distinguishable from chance, the midpoint lies within the noise (or the rounding) of the flat curve
and its "first crossing" is wherever the noise first happens to reach it -- a number, but not a
gamma_c (e.g. ``psa-mc gamma-c --dk 1e-300 --T 15``: A(gamma) is 1/(m+1) at every coupling).

**The rule for "no transition".**  The transition is *undefined* when

    plateau - chance <= NOISE_SIGMAS * plateau_se + REL_ROUNDING * chance,

with ``plateau_se`` the standard error of the plateau estimate: for Monte Carlo, the per-seed
standard error of A(gamma_max) from the trial spread (``NOISE_SIGMAS = 3`` of them: a flat curve
passes for a transition with probability about 0.13% per seed); for the exact curve (quadrature,
accurate to about 1e-12), ``plateau_se = 0`` and the relative rounding allowance ``REL_ROUNDING =
1e-9`` of chance decides.  Then :func:`extract` returns ``gamma_c = NaN`` with the reason, and the
results built on it carry ``gamma_c = None`` (JSON ``null``) with that reason, shown in text as
"undefined (no transition)" (:data:`UNDEFINED_TEXT`).
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Optional

import numpy as np
from numpy.typing import ArrayLike

#: Standard errors of the plateau estimate within which a Monte-Carlo plateau is not a transition.
NOISE_SIGMAS = 3.0
#: Relative distance from chance within which an exact plateau is rounding, not a transition.
REL_ROUNDING = 1e-9
#: How text output shows a gamma_c that is undefined.
UNDEFINED_TEXT = "undefined (no transition)"


@dataclass(frozen=True)
class Extraction:
    """One curve's extraction: ``gamma_c`` (NaN when undefined), ``plateau`` = A(gamma_max), and
    ``undefined``: None, or why there is no gamma_c."""

    gamma_c: float
    plateau: float
    undefined: Optional[str] = None


def no_transition(plateau: float, chance: float, plateau_se: float = 0.0) -> Optional[str]:
    """Why a curve with this plateau has no transition to find (the module's rule), or None."""
    se = float(plateau_se) if plateau_se is not None and math.isfinite(plateau_se) else 0.0
    allowance = NOISE_SIGMAS * se + REL_ROUNDING * abs(chance)
    if not math.isfinite(plateau):
        return f"no transition: the plateau A(gamma_max) is {plateau}"
    if plateau - chance > allowance:
        return None
    if plateau < chance - allowance:
        return f"no transition: the plateau A(gamma_max) = {plateau:.6g} is below chance {chance:.6g}"
    if se > 0:
        return (
            f"no transition: the plateau A(gamma_max) = {plateau:.6g} is within {NOISE_SIGMAS:g} standard "
            f"errors ({se:.2g}) of chance {chance:.6g}"
        )
    return (
        f"no transition: the plateau A(gamma_max) = {plateau:.10g} does not exceed chance {chance:.10g} "
        f"by more than rounding (relative {REL_ROUNDING:g})"
    )


def extract(gammas: ArrayLike, curve: ArrayLike, chance: float, *, plateau_se: float = 0.0) -> Extraction:
    """The §7.9 extraction of one curve A(gamma), NaN with a reason where there is no transition.

    ``plateau_se``: the standard error of A(gamma_max) (Monte Carlo), 0 for an exact curve.
    """
    g = np.asarray(gammas, dtype=float)
    a = np.asarray(curve, dtype=float)
    if g.shape != a.shape or g.ndim != 1 or g.size < 2:
        raise ValueError("gammas and curve must be 1-d arrays of the same length >= 2")
    plateau = float(a[-1])
    why = no_transition(plateau, chance, plateau_se)
    if why is not None:
        return Extraction(math.nan, plateau, why)
    mid = 0.5 * (chance + plateau)
    above = np.nonzero(a >= mid)[0]
    i = int(above[0])
    if i == 0:
        return Extraction(float(g[0]), plateau)
    lo, hi = a[i - 1], a[i]
    t = (mid - lo) / (hi - lo)
    return Extraction(float(g[i - 1] + t * (g[i] - g[i - 1])), plateau)


def extract_gamma_c(
    gammas: ArrayLike, curve: ArrayLike, chance: float, *, plateau_se: float = 0.0
) -> tuple[float, float]:
    r"""The §7.9 extraction of :math:`\gamma_c` from one competition curve :math:`A(\gamma)`.

    :math:`\gamma_c` is where the curve first reaches the midpoint :math:`(\text{chance} +
    A(\gamma_\text{max}))/2` between the chance level and the plateau (the value at the last grid
    point), by linear interpolation between grid points.  Where the plateau does not exceed chance
    by more than ``NOISE_SIGMAS * plateau_se`` plus rounding there is no transition and
    :math:`\gamma_c` is NaN (the module's rule; :func:`extract` also says why).

    Parameters
    ----------
    gammas : array_like
        The coupling grid, 1-d, increasing (e.g. :func:`montecarlo.gamma_grid`).
    curve : array_like
        :math:`A(\gamma)` on that grid, same length (>= 2).
    chance : float
        The chance level (:func:`montecarlo.chance`).
    plateau_se : float, default 0.0
        Standard error of the plateau :math:`A(\gamma_\text{max})`: the Monte-Carlo standard error,
        or 0 for an exact curve.

    Returns
    -------
    tuple of float
        ``(gamma_c, plateau)``; ``gamma_c`` is NaN where there is no transition.

    Examples
    --------
    >>> import numpy as np
    >>> from montecarlo import extract_gamma_c
    >>> g = np.array([0.0, 0.5, 1.0, 1.5, 2.0])
    >>> a = np.array([1 / 14, 0.1, 0.3, 0.5, 0.6])    # midpoint (1/14 + 0.6)/2 = 0.336
    >>> [round(v, 4) for v in extract_gamma_c(g, a, 1 / 14)]
    [1.0893, 0.6]
    >>> extract_gamma_c(g, np.full(5, 1 / 14), 1 / 14)[0]   # flat at chance: no transition
    nan
    """
    e = extract(gammas, curve, chance, plateau_se=plateau_se)
    return e.gamma_c, e.plateau


def format_gamma_c(value: Optional[float], spec: str = ".4f") -> str:
    """``value`` formatted, or :data:`UNDEFINED_TEXT` for None / NaN."""
    if value is None or (isinstance(value, float) and not math.isfinite(value)):
        return UNDEFINED_TEXT
    return format(value, spec)
