"""How a printed number is compared with a recomputed one -- the one place for this rule.

Three situations, three helpers (used by every pack):

* :func:`agrees` -- a printed OUTPUT recomputed from exact inputs: it must lie within half a unit
  of the printed last place ("0.9849" means [0.98485, 0.98495]).
* :func:`attainable` -- a printed output recomputed from printed INPUTS: every printed input stands
  for the interval its rounding allows ("0.741" means [0.7405, 0.7415]); the output is reproduced
  when the range of ``f`` over that box of inputs meets the output's own rounding interval
  (interval propagation over every printed input, not first-order and not only the output).
* :func:`approximately` -- approximate wording ("about", "~", "a factor of four", "≈"): a stated
  relative (or absolute) tolerance that a reasonable reader would accept, written into the detail,
  never read as exact rounding.

Printed numbers are passed as STRINGS so that their printed precision travels with them.
"""

from __future__ import annotations

import functools
import itertools
import math
from dataclasses import dataclass
from decimal import Decimal
from fractions import Fraction
from typing import Callable, Optional, Sequence, cast

import numpy as np

#: Severity grades of a FAIL (issue: graded findings).  ``substantive``: the mathematics or the
#: number is wrong and a conclusion depends on it; ``minor``: a slip (sign, notation, last digit,
#: label) where the intended statement holds; ``reading``: true under one reasonable reading of the
#: text, false under another (the certificate names both and which one its verdict uses).
SEVERITIES = ("substantive", "minor", "reading")
SEVERITY_RANK: dict[Optional[str], int] = {s: i for i, s in enumerate(SEVERITIES)}  # substantive first

#: Tolerances for approximate words.  A reasonable reader of "about x" accepts 10 %, of "~x" or
#: "≈ x" (a number rounded by eye) 5 %, of "a factor of N" anything that rounds to N (N +/- 0.5, i.e.
#: 3.5..4.5 for "a factor of four").  A certificate may state a different tolerance, with its reason.
APPROX_REL = {"about": 0.10, "~": 0.05, "≈": 0.05, "approximately": 0.10, "roughly": 0.15}


def rational(printed: str) -> Fraction:
    """A printed number as the exact rational it spells: a sign (``+``, the minus sign U+2212),
    thousands commas and an exponent allowed (``"+0.349"`` -> 349/1000, ``"−1.18"``, ``"11,905"``,
    ``"3.3e-5"``).  The one reading of a printed string that the relation checks compare exactly."""
    if type(printed) is str:
        return _rational_of_str(printed)
    return Fraction(Decimal(printed.strip().replace("−", "-").lstrip("+").replace(",", "")))


@functools.lru_cache(maxsize=8192)
def _rational_of_str(printed: str) -> Fraction:
    """:func:`rational` of a str, computed once per process (a pure function of the string; a Fraction is
    immutable; an error is raised afresh on every call): the relation checks read the same printed
    numbers many times."""
    return Fraction(Decimal(printed.strip().replace("−", "-").lstrip("+").replace(",", "")))


def half_unit(printed: str) -> float:
    """Half a unit in the last printed place of ``printed`` ("0.9849" -> 5e-5, "9.9e-4" -> 5e-6)."""
    return 0.5 * 10.0 ** cast(int, Decimal(printed.strip()).as_tuple().exponent)


def interval(printed: str) -> tuple[float, float]:
    """The interval a printed number stands for: [p - h, p + h] with h half a unit in its last place."""
    p, h = float(printed), half_unit(printed)
    return p - h, p + h


def agrees(value: float, printed: str) -> bool:
    """True when ``value`` rounds to the number printed as ``printed`` (binary slack 1e-12 relative)."""
    p = float(printed)
    return math.isfinite(value) and abs(value - p) <= half_unit(printed) + 1e-12 * max(1.0, abs(p))


@dataclass(frozen=True)
class Attained:
    """Result of :func:`attainable`: the range of the recomputed output over the input box."""

    ok: bool
    value: float  # f at the printed inputs taken as exact
    lo: float  # min of f over the box of input intervals
    hi: float  # max of f over the box
    witness: tuple  # inputs (inside their rounding) whose output is closest to the printed one
    witness_value: float

    def note(self, printed: str) -> str:
        return (
            f"inputs within their rounding give [{self.lo:.6g}, {self.hi:.6g}]; "
            f"printed {printed} = [{interval(printed)[0]:.6g}, {interval(printed)[1]:.6g}]"
            + (
                f"; e.g. inputs {tuple(float(f'{w:.6g}') for w in self.witness)} give {self.witness_value:.6g}"
                if self.ok
                else ""
            )
        )


def attainable(
    f: Callable[..., float], inputs: Sequence[str], printed: str, exact: Sequence[bool] | None = None
) -> Attained:
    """Is the printed output ``printed`` attainable as ``f(*x)`` for some x inside the rounding of
    the printed ``inputs``?

    ``f`` must be continuous on the box (its range is then an interval); the range is found by
    evaluating every corner and a 5-point grid per input (up to 4 inputs; corners and a random
    sample of 512 points beyond that) and polishing the extremes with bounded L-BFGS-B.  ``exact``
    marks inputs that are exact by definition (integers such as T or d_k), which are not widened.
    """
    xs = [float(x) for x in inputs]
    exact = list(exact) if exact is not None else [False] * len(xs)
    boxes = [(x, x) if ex else interval(s) for x, s, ex in zip(xs, inputs, exact)]
    f0 = float(f(*xs))
    free = [i for i, (a, b) in enumerate(boxes) if b > a]
    pts = []
    if len(free) <= 4:
        axes = [np.linspace(*boxes[i], 5) for i in free]
        for combo in itertools.product(*axes):
            p = list(xs)
            for i, v in zip(free, combo):
                p[i] = float(v)
            pts.append(p)
    else:
        for corner in itertools.product(*[boxes[i] for i in free]):
            p = list(xs)
            for i, v in zip(free, corner):
                p[i] = v
            pts.append(p)
        rng = np.random.default_rng(0)
        for _ in range(512):
            p = list(xs)
            for i in free:
                p[i] = float(rng.uniform(*boxes[i]))
            pts.append(p)
    pts.append(list(xs))
    vals = [float(f(*p)) for p in pts]
    finite = [(v, p) for v, p in zip(vals, pts) if math.isfinite(v)]
    if not finite:
        return Attained(False, f0, math.nan, math.nan, tuple(xs), f0)
    lo_v, lo_p = min(finite, key=lambda t: t[0])
    hi_v, hi_p = max(finite, key=lambda t: t[0])
    if free:
        from scipy.optimize import minimize

        bounds = [boxes[i] for i in free]

        def polish(sign, start):
            def g(z):
                p = list(xs)
                for i, v in zip(free, z):
                    p[i] = float(v)
                v = float(f(*p))
                return sign * v if math.isfinite(v) else math.inf

            try:
                r = minimize(g, [start[i] for i in free], method="L-BFGS-B", bounds=bounds)
                if math.isfinite(r.fun):
                    p = list(xs)
                    for i, v in zip(free, r.x):
                        p[i] = float(v)
                    return sign * float(r.fun), p
            except Exception:  # pragma: no cover - polishing is an improvement only
                pass
            return None

        got = polish(1.0, lo_p)
        if got and got[0] < lo_v:
            lo_v, lo_p = got
        got = polish(-1.0, hi_p)
        if got and got[0] > hi_v:
            hi_v, hi_p = got
    a, b = interval(printed)
    slack = 1e-12 * max(1.0, abs(float(printed)))
    ok = lo_v <= b + slack and hi_v >= a - slack
    target = float(printed)
    if ok:  # a witness: clamp the target into [lo, hi] and pick the sampled point nearest to it
        best_v, best_p = min(finite + [(lo_v, lo_p), (hi_v, hi_p)], key=lambda t: abs(t[0] - target))
    else:
        best_v, best_p = (lo_v, lo_p) if abs(lo_v - target) < abs(hi_v - target) else (hi_v, hi_p)
    return Attained(ok, f0, lo_v, hi_v, tuple(best_p), best_v)


def approximately(
    value: float, target: float, *, word: str, rel: float | None = None, abs_tol: float | None = None
) -> tuple[bool, str]:
    """Approximate wording: ``value`` is "``word`` ``target``" within a stated tolerance.

    Returns (ok, note) where the note states the tolerance used, e.g. "'about' read as +/-10 %".
    ``rel`` defaults to :data:`APPROX_REL` for the word; ``abs_tol`` overrides with an absolute one.
    """
    if abs_tol is None:
        r = APPROX_REL.get(word, 0.10) if rel is None else rel
        tol = r * abs(target)
        desc = f"'{word}' read as +/-{r:.0%} ({tol:.3g})"
    else:
        tol = abs_tol
        desc = f"'{word}' read as +/-{abs_tol:.3g}"
    ok = math.isfinite(value) and abs(value - target) <= tol * (1 + 1e-12)
    return ok, desc
