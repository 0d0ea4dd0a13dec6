"""Exact decisions for the stream checks of sec4_spectral.py and sec4_5_transport.py (issue 17).

A stream check that used to compare float64 values within a tolerance is decided exactly instead:
the streams are small integers and gamma a dyadic rational, so that the toolkit's float64 routines
(``theory.score``) compute without rounding; their output is converted to ``Fraction`` (exactly) and
compared with ``==`` against the same quantity computed in rational arithmetic.  A rounding error
in the float routine, or a wrong claim, makes the comparison fail: there is no tolerance.
"""

from __future__ import annotations

from fractions import Fraction

import numpy as np


def integer_stream(rng: np.random.Generator, T: int, dk: int, bound: int = 9) -> np.ndarray:
    """A (T, dk) stream of integers in [-bound, bound], as float64 (exactly representable)."""
    return rng.integers(-bound, bound + 1, size=(T, dk)).astype(float)


def dyadic(x: float) -> Fraction:
    """``x`` as an exact Fraction; raises unless ``x`` is a dyadic rational with a short mantissa (so
    that products with small integers stay exact in float64)."""
    q = Fraction(float(x))
    den = q.denominator
    if den & (den - 1) or den > 2**10 or abs(q.numerator) > 2**20:
        raise ValueError(f"{x!r} is not a short dyadic rational; the exact stream check needs one")
    return q


def exact(a) -> np.ndarray:
    """An array of floats (or numbers) as an object array of exact Fractions."""
    arr = np.asarray(a)
    out = np.empty(arr.shape, dtype=object)
    for idx, v in np.ndenumerate(arr):
        out[idx] = v if isinstance(v, Fraction) else Fraction(float(v)) if not isinstance(v, int) else Fraction(v)
    return out


def exact_momenta(X) -> np.ndarray:
    """p_t = x_t - x_{t-1} (t >= 2), p_1 = 0 (the §4 convention), in exact arithmetic."""
    X = exact(X)
    P = np.empty_like(X)
    P[1:] = X[1:] - X[:-1]
    P[0] = Fraction(0)
    return P


def exact_sheared(X, g: Fraction) -> np.ndarray:
    """x_t + gamma p_t in exact arithmetic (the position block of M_gamma, Def 10)."""
    X = exact(X)
    return X + g * exact_momenta(X)


def max_abs_difference(a, b) -> Fraction:
    """max |a - b| over the entries, exactly (a, b floats, Fractions or object arrays)."""
    d = exact(a) - exact(b)
    return max((abs(x) for x in d.flat), default=Fraction(0))
