"""Which distractor count and chance level reproduce each printed Monte-Carlo number.

Every printed Monte-Carlo number of §7.9, §7.10, C7, C8 and Rem 70 is recomputed under
each convention, from the exact (noise-free) gamma_c of :mod:`montecarlo.exact` and,
optionally, from fresh Monte Carlo with the §7.9 protocol.  Conventions:

* ``m=T-2``            -- Def 62 / eq. (51); chance 1/(T-1) = A(0) (both chance rules coincide)
* ``m=T-1, 1/(T-1)``   -- Rem 72's count, with the chance level §7.9 prints
* ``m=T-1, 1/T``       -- Rem 72's count, with the model's own A(0) = 1/(m+1) as chance

A convention *reproduces* a printed number by the three-way rule of the reduced-model
certificates (:mod:`certificates.psa._reduced`): yes when the exact value lies within
``half a unit of the last printed digit + 4 x SE_lower``, no when it lies beyond
``half a unit + 4 x SE_upper``, and in between the Monte Carlo decides when it is run (else the
row is open, ``null`` in JSON, ``?`` in the table).  SE_upper / SE_lower bound the standard
error of the paper's estimate (5 seeds x 60,000 trials), computed from the exact model with no
Monte Carlo: the per-trial variance of the softmax mass (:func:`montecarlo.exact.trial_variance`)
through the §7.9 extraction linearised at the exact crossing (:func:`montecarlo.exact.extraction_noise`)
and through the printed statistic (:func:`montecarlo.exact.statistic_se_bound`: valid whether the
paper's draws were shared between couplings and points or not, by the Harris-FKG inequality).  A
count or rank statistic reproduces when the printed value is within rounding of its range over the
points moved by +-4 SE (SE_lower for yes, SE_upper for no).  The Monte Carlo (``mc=True``) is
shown beside as a cross-check, with ``|MC - exact|`` in SE_upper, and decides the open rows.

Finding (see docs/conventions.rst, "Which convention each printed Monte-Carlo number was made
with"): the §7.9 grid numbers, C8 and Rem 70 follow ``m = T-1`` with chance ``1/(T-1)``; the
§7.10 T-axis numbers follow ``m = T-2``; C7 states and uses ``m = T-1``.
"""

from __future__ import annotations

import functools
import math
import time
from dataclasses import dataclass, field
from typing import Any, Callable

import numpy as np
from scipy import stats

from theory import laws

from . import conventions as conv
from .engine import simulate_curves
from .exact import gamma_c_exact
from .extract import extract_gamma_c

#: (label, distractors, chance rule)
CONVENTIONS = (("m=T-2", "T-2", "T-1"), ("m=T-1, 1/(T-1)", "T-1", "T-1"), ("m=T-1, 1/T", "T-1", "m+1"))

GRID_DKS = (4, 8, 16, 32, 64, 128)
GRID_TS = (10, 15, 25)
T_AXIS_DK = 16
T_AXIS = (6, 8, 9, 10, 12, 15, 20, 25, 30, 40)
C7_POINTS = ((4, 10, 0.3409, 0.3411), (8, 25, 0.3193, 0.3202), (32, 15, 0.8379, 0.8373), (128, 25, 0.9993, 0.9993))

Values = dict  # (dk, T) -> gamma_c


def _pts_grid(branch: str | None = None) -> list[tuple[int, int]]:
    out = []
    for T in GRID_TS:
        for dk in GRID_DKS:
            mf = dk >= laws.crossover(T)
            if branch is None or (branch == "mf") == mf:
                out.append((dk, T))
    return out


def _pts_taxis(branch: str | None = None) -> list[tuple[int, int]]:
    out = []
    for T in T_AXIS:
        mf = T_AXIS_DK >= laws.crossover(T)
        if branch is None or (branch == "mf") == mf:
            out.append((T_AXIS_DK, T))
    return out


def _at(g: Values, p: tuple[float, int]) -> float:
    """gamma_c at the point ``p = (dk, T)``."""
    return g[p]


def _rel(g: Values, p) -> float:
    law = laws.gamma_c(*p)
    return (law - g[p]) / g[p]


def _c_point(g: Values, p) -> float:
    """Pointwise condensation constant c = gamma_c sqrt(2) / (2L)^(1/4) (§7.10)."""
    return g[p] * math.sqrt(2.0) / (2.0 * math.log(p[1] - 1.0)) ** 0.25


def _pearson(g: Values, pts) -> float:
    return float(np.corrcoef([laws.gamma_c(*p) for p in pts], [g[p] for p in pts])[0, 1])


def _median_rel(g: Values, pts) -> float:
    return float(np.median([abs(_rel(g, p)) for p in pts]))


def _trend(g: Values, kind: str, signed: bool = False):
    """Correlation of the relative error with proximity 8L/dk over the 9 mean-field points.

    §7.9 says "relative error"; the printed r = 0.688 (p = 0.041) follows from the
    absolute relative error (the signed error gives r ~ 0.94), so |error| is the default.
    """
    pts = _pts_grid("mf")
    x = [laws.crossover(T) / dk for dk, T in pts]
    y = [_rel(g, p) if signed else abs(_rel(g, p)) for p in pts]
    if kind == "pearson":
        return float(stats.pearsonr(x, y)[0])
    return float(stats.spearmanr(x, y)[0])


@dataclass(frozen=True)
class Item:
    """One printed Monte-Carlo number and how to recompute it from gamma_c values."""

    id: str
    source: str
    quantity: str
    printed: float
    half_unit: float
    compute: Callable[[Values], float]
    points: tuple
    fmt: str = ".4f"


def _items() -> list[Item]:
    it: list[Item] = []
    add = it.append
    add(
        Item("sec7.9.smoke", "§7.9", "smoke-check gamma_c at (16, 15)", 0.773, 5e-4, lambda g: g[(16, 15)], ((16, 15),))
    )
    add(
        Item(
            "sec7.9.worst",
            "§7.9",
            "law overprediction at (32, 25)",
            0.136,
            5e-4,
            lambda g: _rel(g, (32, 25)),
            ((32, 25),),
            ".2%",
        )
    )
    add(
        Item(
            "sec7.9.next",
            "§7.9",
            "law overprediction at (32, 15)",
            0.075,
            5e-4,
            lambda g: _rel(g, (32, 15)),
            ((32, 15),),
            ".2%",
        )
    )
    mf = tuple(_pts_grid("mf"))
    add(
        Item(
            "sec7.9.r", "§7.9", "Pearson r, law vs MC, 9 mean-field points", 0.9876, 5e-5, lambda g: _pearson(g, mf), mf
        )
    )
    add(
        Item(
            "sec7.9.median",
            "§7.9",
            "median |relative error|, 9 mean-field points",
            0.026,
            5e-4,
            lambda g: _median_rel(g, mf),
            mf,
            ".2%",
        )
    )
    add(
        Item(
            "sec7.9.within5",
            "§7.9",
            "mean-field points within 5%",
            7,
            0.5,
            lambda g: float(sum(abs(_rel(g, p)) <= 0.05 for p in mf)),
            mf,
            ".0f",
        )
    )
    add(
        Item(
            "sec7.9.trend_r",
            "§7.9",
            "Pearson r of |error| vs 8L/dk, 9 points",
            0.688,
            5e-4,
            lambda g: _trend(g, "pearson"),
            mf,
            ".3f",
        )
    )
    add(
        Item(
            "sec7.9.trend_rho",
            "§7.9",
            "Spearman rho of |error| vs 8L/dk, 9 points",
            0.27,
            5e-3,
            lambda g: _trend(g, "spearman"),
            mf,
            ".3f",
        )
    )
    add(
        Item(
            "sec7.9.trend_r_signed",
            "§7.9",
            "Pearson r of signed error vs 8L/dk (reading check)",
            0.688,
            5e-4,
            lambda g: _trend(g, "pearson", signed=True),
            mf,
            ".3f",
        )
    )
    for (dk, T), printed, key in (((64, 10), 0.570, "C8.a"), ((64, 25), 0.668, "C8.b"), ((128, 15), 0.508, "C8.c")):
        add(
            Item(
                key,
                "C8, §7.9",
                f"fresh-seed gamma_c at ({dk}, {T})",
                printed,
                5e-4,
                functools.partial(_at, p=(dk, T)),
                ((dk, T),),
            )
        )
    add(Item("rem70", "Rem 70", "measured gamma_c at (64, 15)", 0.613, 5e-4, lambda g: g[(64, 15)], ((64, 15),)))
    cd_grid = tuple(_pts_grid("cd"))
    add(
        Item(
            "sec7.10.c_mean",
            "§7.10, Thm 64",
            "condensation constant c, mean of 9 grid points",
            0.741,
            5e-4,
            lambda g: float(np.mean([_c_point(g, p) for p in cd_grid])),
            cd_grid,
        )
    )
    add(
        Item(
            "sec7.10.c_sd",
            "§7.10, Thm 64",
            "condensation constant c, sd of 9 grid points",
            0.015,
            5e-4,
            lambda g: float(np.std([_c_point(g, p) for p in cd_grid], ddof=1)),
            cd_grid,
        )
    )
    for dk, printed in ((4, 0.752), (8, 0.740), (16, 0.711)):
        add(
            Item(
                f"sec7.10.c_T10_dk{dk}",
                "§7.10",
                f"pointwise c at (dk, T) = ({dk}, 10)",
                printed,
                5e-4,
                functools.partial(_c_point, p=(dk, 10)),
                ((dk, 10),),
            )
        )
    cd_t = tuple(_pts_taxis("cd"))
    add(
        Item(
            "sec7.10.c_Taxis",
            "§7.10, Thm 64",
            "T-axis mean c, 8 condensed points (dk = 16)",
            0.717,
            5e-4,
            lambda g: float(np.mean([_c_point(g, p) for p in cd_t])),
            cd_t,
        )
    )
    add(
        Item(
            "sec7.10.c_T9",
            "§7.10",
            "T-axis pointwise c at T = 9",
            0.680,
            5e-4,
            lambda g: _c_point(g, (16, 9)),
            ((16, 9),),
        )
    )
    add(
        Item(
            "sec7.10.c_T40",
            "§7.10",
            "T-axis pointwise c at T = 40",
            0.755,
            5e-4,
            lambda g: _c_point(g, (16, 40)),
            ((16, 40),),
        )
    )
    add(
        Item(
            "sec7.10.r",
            "§7.10",
            "T-axis on-branch Pearson r (8 points)",
            0.9995,
            5e-5,
            lambda g: _pearson(g, cd_t),
            cd_t,
        )
    )
    add(
        Item(
            "sec7.10.median",
            "§7.10",
            "T-axis on-branch median |error| (c = 0.741, Thm 64)",
            0.031,
            5e-4,
            lambda g: _median_rel(g, cd_t),
            cd_t,
            ".2%",
        )
    )
    add(
        Item(
            "sec7.10.max",
            "§7.10",
            "T-axis on-branch max |error| (c = 0.741, Thm 64)",
            0.052,
            5e-4,
            lambda g: float(max(abs(_rel(g, p)) for p in cd_t)),
            cd_t,
            ".2%",
        )
    )
    # §7.10 does not say which c its T-axis errors use; with the T-axis's own c = 0.717
    # (printed in the same paragraph) they follow, with Thm 64's c = 0.741 they do not.
    add(
        Item(
            "sec7.10.median_c717",
            "§7.10",
            "T-axis median |error| with c = 0.717 (T-axis mean)",
            0.031,
            5e-4,
            lambda g: float(np.median([abs(0.717 / _c_point(g, p) - 1.0) for p in cd_t])),
            cd_t,
            ".2%",
        )
    )
    add(
        Item(
            "sec7.10.max_c717",
            "§7.10",
            "T-axis max |error| with c = 0.717 (T-axis mean)",
            0.052,
            5e-4,
            lambda g: float(max(abs(0.717 / _c_point(g, p) - 1.0) for p in cd_t)),
            cd_t,
            ".2%",
        )
    )
    for T, printed in ((6, 0.190), (8, 0.360)):
        add(
            Item(
                f"sec7.10.T{T}",
                "§7.10",
                f"mean-field overprediction at (16, {T})",
                printed,
                5e-4,
                functools.partial(_rel, p=(16, T)),
                ((16, T),),
                ".2%",
            )
        )
    return it


ITEMS = _items()


def _all_points() -> list[tuple[int, int]]:
    pts = set(_pts_grid()) | set(_pts_taxis())
    return sorted(pts, key=lambda p: (p[1], p[0]))


@dataclass
class ConventionsReport:
    conventions: tuple
    exact: dict  # label -> {(dk, T): gamma_c}
    mc: dict | None  # label -> {(dk, T): (mean, se, sd)}
    rows: list = field(default_factory=list)
    c7: list = field(default_factory=list)
    plateau: dict = field(default_factory=dict)
    mc_protocol: dict | None = None
    elapsed_s: float = 0.0

    def to_json(self) -> dict:
        return {
            "conventions": [{"label": lab, "distractors": d, "chance": f"1/({c})"} for lab, d, c in self.conventions],
            "rule": (
                f"a convention reproduces a printed number (true) when |exact - printed| <= half a unit of the "
                f"last printed digit + {K_SIGMA:g} SE_lower, does not (false) when > half a unit + {K_SIGMA:g} "
                "SE_upper, SE_upper / SE_lower an upper / a lower bound of the standard error of the paper's "
                "estimate (5 x 60,000 trials) from the exact model; between them the Monte Carlo decides "
                f"(|MC - printed| <= half a unit + {K_SIGMA:g} of its SE) when run, else open (null); counts "
                f"and ranks: their range over the points moved by +-{K_SIGMA:g} SE"
            ),
            "rows": self.rows,
            "C7": self.c7,
            "plateau_vs_p_inf": self.plateau,
            "gamma_c_exact": {lab: {f"{dk},{T}": v for (dk, T), v in vals.items()} for lab, vals in self.exact.items()},
            "gamma_c_mc": None
            if self.mc is None
            else {
                lab: {f"{dk},{T}": {"mean": v[0], "se": v[1], "sd": v[2]} for (dk, T), v in vals.items()}
                for lab, vals in self.mc.items()
            },
            "mc_protocol": self.mc_protocol,
            "elapsed_s": self.elapsed_s,
        }


#: K of the three-way rule (certificates.psa._reduced): a convention reproduces a printed number when it
#: lies within half a unit + K SE_lower of the exact value, does not when beyond half a unit + K SE_upper,
#: and between them the Monte Carlo decides (when run) or the row is open (None).
K_SIGMA = 4.0
DISCRETE = ("sec7.9.within5", "sec7.9.trend_rho")


def _noise(r, trials: int, seeds: int) -> tuple[float, float, float] | None:
    """The parts (plus, minus, minus_lower) of the SE of the paper's estimate of gamma_c at one point
    (exact model): ``plus`` exact, the crossing part's sd between ``minus_lower`` and ``minus``."""
    from .exact import extraction_minus_lower, extraction_noise, trial_variance
    from .models import get_model

    if r.gamma_c is None:
        return None
    mdl = get_model(r.model)

    def sd(k: int) -> float:
        g = float(r.gammas[k])
        return math.sqrt(trial_variance(float(mdl.a(g, r.dk)), float(mdl.b(g, r.dk)), r.m))

    p, q = extraction_noise(r.gammas, r.curve, r.chance, sd)
    q_lo = extraction_minus_lower(r.gammas, r.curve, r.chance, sd)
    scale = math.sqrt(trials * seeds)
    return p / scale, q / scale, q_lo / scale


def _point_se(parts: tuple[float, float, float], lower: bool) -> float:
    """One point's SE bound from its parts: hypot(plus, minus), or the lower max(0, plus - minus, q_lo - plus)."""
    plus, minus, q_lo = parts
    return max(0.0, plus - minus, q_lo - plus) if lower else math.hypot(plus, minus)


def exact_se_bounds(item: Item, centre: Values, noise: dict) -> tuple[float, float]:
    """(upper, lower) bound of the SE of the paper's estimate of ``item`` (module docstring), from the
    change of the statistic when each point moves by its SE."""
    from .exact import statistic_se_bound, statistic_se_lower

    base = item.compute(centre)
    moves = []
    for p in item.points:
        if noise.get(p) is None:
            continue
        plus, minus, q_lo = noise[p]
        moved = dict(centre)
        moved[p] = centre[p] + math.hypot(plus, minus)
        moves.append((item.compute(moved) - base, plus, minus, q_lo))
    return statistic_se_bound(m[:3] for m in moves), statistic_se_lower(moves)


def exact_se(item: Item, centre: Values, noise: dict) -> float:
    """Upper bound of the SE of the paper's estimate of ``item`` (:func:`exact_se_bounds`)."""
    return exact_se_bounds(item, centre, noise)[0]


def exact_range(
    item: Item, centre: Values, noise: dict, k: float = K_SIGMA, *, lower: bool = False
) -> tuple[float, float]:
    """Range of a count or rank statistic over the corners of the box of points moved by +-k SE (SE_upper,
    or SE_lower with ``lower``; the points whose move changes it; all of them when more than 12 do: then
    the range is unbounded).  ``noise``: a point's parts (:func:`_noise`) or, for a Monte Carlo, its SE."""
    import itertools

    def se(v) -> float:
        return float(v) if isinstance(v, (int, float)) else _point_se(v, lower)

    base = item.compute(centre)
    step = {p: k * se(noise[p]) for p in item.points if noise.get(p) is not None}
    live = [p for p, h in step.items() if any(item.compute({**centre, p: centre[p] + s * h}) != base for s in (-1, 1))]
    if len(live) > 12:
        return -math.inf, math.inf
    vals = [base]
    for signs in itertools.product((-1.0, 1.0), repeat=len(live)):
        moved = dict(centre)
        for p, sg in zip(live, signs):
            moved[p] = centre[p] + sg * step[p]
        vals.append(item.compute(moved))
    return min(vals), max(vals)


def mc_se(item: Item, means: Values, ses: dict) -> float:
    """The SE of a statistic of the Monte Carlo's point estimates, to first order, the points' estimates
    independent (each point its own simulation): sqrt(sum of (change when a point moves by its SE)^2)."""
    base = item.compute(means)
    tot = 0.0
    for p in item.points:
        if ses.get(p):
            tot += (item.compute({**means, p: means[p] + ses[p]}) - base) ** 2
    return math.sqrt(tot)


def _decide(ok_upper: bool, ok_lower: bool, ok_mc: bool | None) -> bool | None:
    """The three-way rule (certificates.psa._reduced.decide), without the words."""
    if not ok_upper:
        return False
    if ok_lower:
        return True
    return ok_mc


def build_report(
    *,
    mc: bool = True,
    trials: int = conv.DEFAULT_TRIALS,
    seeds: int = conv.DEFAULT_SEEDS,
    seed: int = conv.DEFAULT_SEED,
    c7_trials: int = 1_000_000,
    only=None,
    progress=None,
) -> ConventionsReport:
    """Recompute every printed Monte-Carlo number under each convention (exact, and MC if ``mc``).

    ``only``: a list of item ids (see ``ITEMS``) to restrict the report to; then the C7 and
    plateau sections are left out.
    """
    from .engine import argmax_probability

    t0 = time.perf_counter()
    items = ITEMS
    if only is not None:
        known = {it.id: it for it in ITEMS}
        unknown = [i for i in only if i not in known]
        if unknown:
            raise ValueError(f"unknown item {unknown[0]!r}; known: {', '.join(known)}")
        items = [known[i] for i in only]
    pts = _all_points() if only is None else sorted({p for it in items for p in it.points}, key=lambda p: (p[1], p[0]))
    exact: dict = {lab: {} for lab, _, _ in CONVENTIONS}
    noise: dict = {lab: {} for lab, _, _ in CONVENTIONS}
    mc_values: dict = {lab: {} for lab, _, _ in CONVENTIONS}
    mcv: dict | None = mc_values if mc else None
    total = len(pts) * (2 if mc else 1)
    done = 0
    for dk, T in pts:
        for lab, d, c in CONVENTIONS:
            r = gamma_c_exact(dk, T, distractors=d, chance=c)
            exact[lab][(dk, T)] = math.nan if r.gamma_c is None else r.gamma_c  # None: no transition
            noise[lab][(dk, T)] = _noise(r, conv.DEFAULT_TRIALS, conv.DEFAULT_SEEDS)
        if mc:
            for d in ("T-2", "T-1"):
                cur = simulate_curves(dk, T, trials=trials, seeds=seeds, seed=seed, distractors=d)
                for lab, dd, c in CONVENTIONS:
                    if dd != d:
                        continue
                    lvl = conv.chance(T, cur.m, c)
                    per = [
                        extract_gamma_c(cur.gammas, row, lvl, plateau_se=float(sem[-1]))[0]
                        for row, sem in zip(cur.per_seed, cur.per_seed_sem)
                    ]
                    sd = float(np.std(per, ddof=1)) if len(per) > 1 else 0.0
                    mc_values[lab][(dk, T)] = (float(np.mean(per)), sd / math.sqrt(len(per)), sd)
                done += 1
                if progress:
                    progress(done, total)
        else:
            done += 1
            if progress:
                progress(done, total)
    rows = []
    for item in items:
        row: dict[str, Any] = {
            "id": item.id,
            "source": item.source,
            "quantity": item.quantity,
            "printed": item.printed,
            "format": item.fmt,
            "exact": {},
            "mc": {},
            "tolerance": {},
            "tolerance_lower": {},
            "se_bound": {},
            "se_lower": {},
            "mc_z": {},
            "reproduces": {},
        }
        for lab, _, _ in CONVENTIONS:
            v = item.compute(exact[lab])
            row["exact"][lab] = v
            ok_mc = None
            if mcv is not None:
                means = {p: mcv[lab][p][0] for p in pts}
                ses = {p: mcv[lab][p][1] for p in pts}
                row["mc"][lab] = vm = item.compute(means)
            if item.id in DISCRETE:
                lo, hi = exact_range(item, exact[lab], noise[lab])
                lo_l, hi_l = exact_range(item, exact[lab], noise[lab], lower=True)
                h = item.half_unit
                row["tolerance"][lab] = [lo - h, hi + h]
                row["tolerance_lower"][lab] = [lo_l - h, hi_l + h]
                row["se_bound"][lab] = row["se_lower"][lab] = None
                if mcv is not None:
                    mlo, mhi = exact_range(item, means, ses)
                    ok_mc = mlo - h <= item.printed <= mhi + h
                row["reproduces"][lab] = _decide(
                    lo - h <= item.printed <= hi + h, lo_l - h <= item.printed <= hi_l + h, ok_mc
                )
            else:
                se, se_lo = exact_se_bounds(item, exact[lab], noise[lab])
                tol, tol_lo = item.half_unit + K_SIGMA * se, item.half_unit + K_SIGMA * se_lo
                row["tolerance"][lab], row["tolerance_lower"][lab] = tol, tol_lo
                row["se_bound"][lab], row["se_lower"][lab] = se, se_lo
                if mcv is not None:
                    ok_mc = abs(vm - item.printed) <= item.half_unit + K_SIGMA * mc_se(item, means, ses)
                row["reproduces"][lab] = _decide(abs(v - item.printed) <= tol, abs(v - item.printed) <= tol_lo, ok_mc)
            if mcv is not None:
                se_b = row["se_bound"][lab]
                row["mc_z"][lab] = None if not se_b else (row["mc"][lab] - v) / se_b
        rows.append(row)
    c7 = []
    for dk, T, q_printed, mc_printed in C7_POINTS if only is None else ():
        entry: dict[str, Any] = {"dk": dk, "T": T, "printed_quadrature": q_printed, "printed_mc": mc_printed}
        for lab, d in (("m=T-2", "T-2"), ("m=T-1", "T-1")):
            m = conv.distractor_count(T, d)
            q = float(laws.p_inf(dk, T, m=m))
            e: dict[str, Any] = {"p_inf": q, "quadrature_reproduces": abs(q - q_printed) <= 5e-5}
            if mc:
                est = argmax_probability(math.sqrt(dk) / 2.0, m, trials=c7_trials, seed=seed)
                e.update(
                    mc=est.p,
                    mc_se=est.se,
                    mc_trials=est.trials,
                    mc_seed=est.seed,
                    printed_mc_within_4se_of_p_inf=abs(mc_printed - q) <= 4 * est.se,
                )
            entry[lab] = e
        c7.append(entry)
    plateau = {}
    for lab, d, c in CONVENTIONS[:2] if only is None else ():
        worst = 0.0
        for dk, T in _pts_grid():
            r = gamma_c_exact(dk, T, distractors=d, chance=c)
            worst = max(worst, abs(r.plateau - float(laws.p_inf(dk, T, m=r.m))))
        plateau[f"m={d}"] = {"max |A(gamma_max) - p_inf|, 18 grid points": worst, "three_decimals": worst < 5e-4}
    return ConventionsReport(
        conventions=CONVENTIONS,
        exact=exact,
        mc=mcv,
        rows=rows,
        c7=c7,
        plateau=plateau,
        mc_protocol=None
        if not mc
        else {
            "trials": trials,
            "seeds": list(conv.seed_list(seed, seeds)),
            "grid": f"linspace(0, {conv.DEFAULT_GAMMA_MAX:g}, {conv.DEFAULT_GRID})",
            "c7_trials": c7_trials,
        },
        elapsed_s=time.perf_counter() - t0,
    )


def _fmt(v: float, fmt: str) -> str:
    return format(v, fmt)


def render(rep: ConventionsReport, console) -> None:
    """Print the report as plain lines that fit the console width (80 in a pipe): one row per
    printed number (exact value, MC mean below it, reproducing conventions), then C7 and the plateau."""
    from .sweep_report import _emit

    width = max(60, min(int(getattr(console, "width", 80) or 80), 200))
    _emit(console, render_lines(rep, width))


def render_lines(rep: ConventionsReport, width: int = 80) -> list[str]:
    from .sweep_report import _wrap, plain_table

    labels = [lab for lab, _, _ in rep.conventions]
    letters = {lab: chr(ord("A") + i) for i, lab in enumerate(labels)}
    names = {lab: f"m={d}, chance 1/({c})" for lab, d, c in rep.conventions}
    mc_txt = (
        (
            f"exact value, MC mean below it ({len(rep.mc_protocol['seeds'])} x "
            f"{rep.mc_protocol['trials']:,} trials, seeds {rep.mc_protocol['seeds'][0]}.."
            f"{rep.mc_protocol['seeds'][-1]})"
        )
        if rep.mc_protocol
        else "exact values only"
    )
    out = _wrap(
        f"Printed Monte-Carlo numbers under each convention: {mc_txt}; * = reproduces, ? = open (between "
        "the two SE bounds, no Monte Carlo).",
        width,
    )
    out += _wrap("Conventions: " + "; ".join(f"{letters[lab]} = {names[lab]}" for lab in labels) + ".", width)
    out += _wrap(
        f"Rule: reproduces when |exact - printed| <= half a unit of the last printed digit + {K_SIGMA:g} "
        f"SE_lower, does not when > half a unit + {K_SIGMA:g} SE_upper (SE_upper / SE_lower: bounds of the "
        "standard error of the paper's estimate, 5 x 60,000 trials, from the exact model); between them the "
        f"Monte Carlo decides (|MC - printed| <= half a unit + {K_SIGMA:g} of its SE) when run (the default; "
        "not with --no-mc).",
        width,
    ) + [""]
    headers = ["item", "printed"] + [letters[lab] for lab in labels] + ["by"]
    rows = []
    mark = {True: "*", None: "?", False: " "}
    for row in rep.rows:
        cells = [_fmt(row["exact"][lab], row["format"]) + mark[row["reproduces"][lab]] for lab in labels]
        who = ",".join(letters[lab] for lab in labels if row["reproduces"][lab]) or "none"
        undecided = [letters[lab] for lab in labels if row["reproduces"][lab] is None]
        if undecided:
            who += " (open: " + ",".join(undecided) + ")"
        rows.append([row["id"], _fmt(row["printed"], row["format"])] + cells + [who])
        if row["mc"]:
            rows.append(["  (MC)", ""] + [_fmt(row["mc"][lab], row["format"]) + " " for lab in labels] + [""])
    table = plain_table(headers, rows, right=set(range(1, 2 + len(labels))), width=width)
    # the quantity of each row, cut to the width, under its row
    out += table[:2]
    body = table[2:]
    k = 0
    for row in rep.rows:
        out.append(body[k])
        k += 1
        if row["mc"]:
            out.append(body[k])
            k += 1
        q = "    " + " ".join(str(row["quantity"]).split())
        if len(q) > width:
            q = q[: q.rfind(" ", 0, width - 4)] + " ..."
        out.append(q)
    if rep.c7:
        out += [""] + _wrap("C7: argmax limit (51), quadrature and argmax MC, by distractor count", width)
        c7rows = []
        for e in rep.c7:
            mc = e["m=T-1"].get("mc")
            c7rows.append(
                [
                    f"({e['dk']}, {e['T']})",
                    f"{e['printed_quadrature']:.4f}",
                    f"{e['printed_mc']:.4f}",
                    f"{e['m=T-2']['p_inf']:.4f}" + ("*" if e["m=T-2"]["quadrature_reproduces"] else " "),
                    f"{e['m=T-1']['p_inf']:.4f}" + ("*" if e["m=T-1"]["quadrature_reproduces"] else " "),
                    "-" if mc is None else f"{mc:.4f} +/- {e['m=T-1']['mc_se']:.4f}",
                ]
            )
        out += plain_table(["(dk, T)", "quad.", "MC", "p_inf T-2", "p_inf T-1", "MC m=T-1"], c7rows, width=width)
        out += _wrap(
            "quad., MC: as printed; p_inf by quadrature under m = T-2 and m = T-1 (* = reproduces "
            "the printed quadrature value)",
            width,
        )
    for lab, v in rep.plateau.items():
        key = next(iter(v))
        out += _wrap(
            f"plateau vs p_inf ({lab}): {key} = {v[key]:.1e} "
            f"({'matches' if v['three_decimals'] else 'does not match'} to three decimals)",
            width,
        )
    out.append(f"elapsed {rep.elapsed_s:.1f} s")
    return out
