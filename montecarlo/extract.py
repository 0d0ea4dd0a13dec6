"""gamma_c extraction from a competition curve (§7.9)."""

from __future__ import annotations

import math

import numpy as np


def extract_gamma_c(gammas, curve, chance: float) -> tuple[float, float]:
    """Return ``(gamma_c, plateau)`` for one curve A(gamma).

    §7.9: gamma_c is where the curve first crosses the midpoint between chance and the
    measured plateau (the value at the largest grid coupling), by linear interpolation
    between grid points.  NaN when the plateau does not exceed chance or the curve never
    reaches the midpoint before the last grid point.
    """
    g = np.asarray(gammas, dtype=float)
    a = np.asarray(curve, dtype=float)
    if g.shape != a.shape or g.ndim != 1 or g.size < 2:
        raise ValueError("gammas and curve must be 1-d arrays of the same length >= 2")
    plateau = float(a[-1])
    if not plateau > chance:
        return math.nan, plateau
    mid = 0.5 * (chance + plateau)
    above = np.nonzero(a >= mid)[0]
    i = int(above[0])
    if i == 0:
        return float(g[0]), plateau
    lo, hi = a[i - 1], a[i]
    t = (mid - lo) / (hi - lo)
    return float(g[i - 1] + t * (g[i] - g[i - 1])), plateau
