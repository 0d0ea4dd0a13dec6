"""Printed numbers decided in ball arithmetic: the evidence level ``enclosed`` (issue 17).

:mod:`certificates.printed` compares floats with a printed number's rounding interval; this module
makes the same decisions rigorously with :mod:`theory.rigorous` (python-flint's Arb balls): the
value is *enclosed* (a ball certainly containing it) and the decision is a comparison of exact
rational intervals, with no float tolerance anywhere:

* :func:`exact_value` -- a claim's number as an exact rational (a decimal string is read exactly);
* :func:`approx_interval` -- the interval an approximate word stands for ("about 4" with the
  word's stated relative tolerance), computed exactly;
* :func:`attainable` -- a printed output recomputed from printed INPUTS is attainable when an
  exact witness inside the inputs' rounding box gives an output whose enclosure lies in the printed
  interval (PASS), and not attainable when the output's enclosure over the whole box (branch and
  bound on sub-boxes) is disjoint from it (FAIL); otherwise UNDECIDED;
* :func:`decision_text` -- the one-line note a detail prints for a decision.
"""

from __future__ import annotations

import functools
import math
from dataclasses import dataclass, field
from decimal import Decimal
from fractions import Fraction
from typing import Any, Callable, Iterable, Optional, Sequence

from .printed import APPROX_REL


def exact_value(x: Any) -> Fraction:
    """An exact rational: a decimal string exactly (``"0.741"`` is 741/1000), ints and Fractions as
    they are; a float is refused (its binary value is not what was printed)."""
    if isinstance(x, Fraction):
        return x
    if isinstance(x, bool):
        raise TypeError("a bool is not a number")
    if isinstance(x, int):
        return Fraction(x)
    if isinstance(x, str):
        return _decimal_of_str(x) if type(x) is str else Fraction(Decimal(x.strip()))
    raise TypeError(f"give claim numbers as decimal strings, ints or Fractions, not {type(x).__name__} ({x!r})")


@functools.lru_cache(maxsize=8192)
def _decimal_of_str(x: str) -> Fraction:
    """``Fraction(Decimal(x.strip()))``, computed once per process for a str (pure; a Fraction is immutable;
    an error is raised afresh on every call)."""
    return Fraction(Decimal(x.strip()))


def approx_interval(target: str, word: str, rel: Optional[str] = None) -> tuple[Fraction, Fraction, str]:
    """``target`` plus or minus the relative tolerance of ``word`` (:data:`APPROX_REL`, read as an
    exact decimal) or ``rel``: the closed interval an approximate claim stands for, and its description."""
    t = exact_value(target)
    r = exact_value(rel if rel is not None else repr(APPROX_REL.get(word, 0.10)))
    tol = r * abs(t)
    return t - tol, t + tol, f"'{word}' read as +/-{float(r):.0%} ({float(tol):.3g})"


def _fmt(q: Fraction) -> str:
    return f"{float(q):.10g}"


@dataclass
class AttainDecision:
    """:func:`attainable`'s decision, shaped like :class:`theory.rigorous.PrintedDecision`."""

    verdict: str  # PASS / FAIL / UNDECIDED
    printed: str
    interval: tuple[Fraction, Fraction]
    enclosure: Optional[tuple[Fraction, Fraction]]
    prec: int
    witness: Optional[tuple[Fraction, ...]] = None
    boxes: int = 0
    notes: list[str] = field(default_factory=list)

    @property
    def ok(self) -> bool:
        return self.verdict == "PASS"

    def note(self) -> str:
        lo, hi = self.interval
        enc = (
            "no finite enclosure"
            if self.enclosure is None
            else (f"[{_fmt(self.enclosure[0])}, {_fmt(self.enclosure[1])}]")
        )
        if self.verdict == "PASS" and self.witness is not None:
            w = ", ".join(_fmt(x) for x in self.witness)
            how = f"exact witness inputs ({w}) give {enc}"
        elif self.verdict == "FAIL":
            how = f"over the whole box of inputs the output lies in {enc} ({self.boxes} boxes)"
        else:
            how = f"neither a witness nor a refutation ({self.boxes} boxes; hull {enc})"
        return f"{how} vs printed {self.printed} = [{_fmt(lo)}, {_fmt(hi)}]: {self.verdict}"

    def to_json(self) -> dict[str, Any]:
        from theory.rigorous import _float_down, _float_up

        return {
            "verdict": self.verdict,
            "printed": self.printed,
            "interval": [_fmt(self.interval[0]), _fmt(self.interval[1])],
            "enclosure": None
            if self.enclosure is None
            else [_float_down(self.enclosure[0]), _float_up(self.enclosure[1])],
            "prec": self.prec,
            "witness": None if self.witness is None else [str(x) for x in self.witness],
            "boxes": self.boxes,
        }


def decision_text(d: Any) -> str:
    """The note of a decision (:class:`theory.rigorous.PrintedDecision` or :class:`AttainDecision`)."""
    return d.note()


def attainable(
    f_arb: Callable[..., Any],
    f_float: Callable[..., float],
    inputs: Sequence[str],
    printed: str,
    *,
    exact: Sequence[bool] | None = None,
    max_boxes: int = 4000,
    prec: int = 128,
) -> AttainDecision:
    """Is ``printed`` attainable as ``f(*x)`` for some ``x`` inside the printed inputs' rounding?

    ``f_arb`` evaluates ``f`` on ``arb`` balls (an enclosure of ``f`` over the balls); ``f_float`` is
    the same function in floats, used only to *find* a witness candidate (the decision is made in
    balls).  ``exact`` marks inputs that are exact by definition (integers such as T or d_k).
    """
    from theory import rigorous as R

    exact = list(exact) if exact is not None else [False] * len(inputs)
    lo_p, hi_p = R.printed_interval(printed)
    boxes = [(exact_value(s), exact_value(s)) if ex else R.printed_interval(s) for s, ex in zip(inputs, exact)]

    # 1. a witness: candidates found in floats, each decided exactly
    for cand in _witness_candidates(f_float, inputs, printed, boxes, exact):
        d = R.decide_printed(lambda c=cand: f_arb(*[R.to_arb(x) for x in c]), printed, start_prec=prec)
        if d.verdict == "PASS":
            return AttainDecision("PASS", printed, (lo_p, hi_p), d.enclosure, d.prec, witness=tuple(cand))

    # 2. a refutation: the output over every sub-box is disjoint from the printed interval
    free = [i for i, (a, b) in enumerate(boxes) if b > a]
    todo = [list(boxes)]
    n = 0
    hull: Optional[tuple[Fraction, Fraction]] = None
    with R.precision(prec):
        while todo and n < max_boxes:
            box = todo.pop()
            n += 1
            y = f_arb(*[R.to_arb(a).union(R.to_arb(b)) if b > a else R.to_arb(a) for a, b in box])
            if not y.is_finite():
                if not free:
                    break
            else:
                a, b = R.bounds(y)
                hull = (a, b) if hull is None else (min(hull[0], a), max(hull[1], b))
                if b < lo_p or a > hi_p:
                    continue
                if not free:
                    break
            i = max(free, key=lambda k: box[k][1] - box[k][0])
            mid = (box[i][0] + box[i][1]) / 2
            left, right = list(box), list(box)
            left[i], right[i] = (box[i][0], mid), (mid, box[i][1])
            todo += [left, right]
        else:
            if not todo:
                return AttainDecision("FAIL", printed, (lo_p, hi_p), hull, prec, boxes=n)
    return AttainDecision("UNDECIDED", printed, (lo_p, hi_p), hull, prec, boxes=n)


def _witness_candidates(
    f_float: Callable[..., float],
    inputs: Sequence[str],
    printed: str,
    boxes: Sequence[tuple[Fraction, Fraction]],
    exact: Sequence[bool],
) -> list[tuple[Fraction, ...]]:
    """Exact points of the box worth trying as witnesses: the printed inputs, the float search's
    witness, and a float root-polish of ``f - printed`` from it (all clamped into the box exactly)."""
    from .printed import attainable as float_attainable

    def clamp(p: Iterable[Any]) -> tuple[Fraction, ...]:
        out = []
        for v, (a, b) in zip(p, boxes):
            q = Fraction(v) if not isinstance(v, Fraction) else v
            out.append(min(max(q, a), b))
        return tuple(out)

    cands = [clamp([exact_value(s) for s in inputs])]
    try:
        att = float_attainable(f_float, inputs, printed, exact=exact)
    except (ArithmeticError, ValueError):
        return cands
    if att.witness:
        cands.append(clamp(att.witness))
        target = float(printed)
        free = [i for i, (a, b) in enumerate(boxes) if b > a]
        if free:
            from scipy.optimize import minimize

            def g(z: Iterable[float]) -> float:
                p = list(att.witness)
                for i, v in zip(free, z):
                    p[i] = float(v)
                v = float(f_float(*p))
                return (v - target) ** 2 if math.isfinite(v) else math.inf

            try:
                r = minimize(
                    g,
                    [att.witness[i] for i in free],
                    method="L-BFGS-B",
                    bounds=[(float(boxes[i][0]), float(boxes[i][1])) for i in free],
                )
                p = list(att.witness)
                for i, v in zip(free, r.x):
                    p[i] = float(v)
                cands.append(clamp(p))
            except (ArithmeticError, ValueError):
                pass
    return cands
