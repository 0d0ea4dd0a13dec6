"""The statistics §7.9 and §7.10 print about a gamma_c sweep, from the sweep's point records.

A point record (see :func:`montecarlo.sweep.compute_point`) carries ``dk``, ``T``, the
Monte-Carlo ``gamma_c`` (mean, sd and per-seed values), the law, and the plateau beside
the argmax limit ``p_inf``.  From a list of them:

* **mean-field points** (``dk >= 8L``, the first branch of eq. 52): Pearson ``r`` between
  law and Monte Carlo, median and maximum relative error, how many lie within 5%;
* **condensed points** (``dk < 8L``): the pointwise condensation constant
  ``c = gamma_c sqrt(2) / (2L)^{1/4}`` (eq. 52 solved for ``c``), its mean and sample sd
  (ddof = 1), and the same law-vs-MC statistics as on the mean-field side;
* the points nearest the crossover on each side, by ``8L/dk``;
* the error-vs-proximity trend on the mean-field points: Pearson ``r`` with its two-sided
  ``p`` and Spearman ``rho`` with its ``p`` (scipy), for the magnitude of the relative error
  (as the medians use it) and, separately, for the signed error;
* the seed spread of gamma_c and the plateau against ``p_inf``.

Relative error is ``(law - MC) / MC`` (the paper's convention: positive = the law
overpredicts); "median/maximum relative error" and "within 5%" use its magnitude.

:func:`seed_standard_errors` propagates the Monte-Carlo error to every statistic by the
spread of the per-seed statistics: the statistic is recomputed from each seed's gamma_c
alone, and ``SE = sd_over_seeds / sqrt(S)``.
"""

from __future__ import annotations

import math
from typing import Any, Callable, Iterable, Optional, SupportsFloat

import numpy as np
from numpy.typing import ArrayLike, NDArray
from scipy import stats as sps

from theory import laws
from theory._types import FloatArray

#: A law ``gamma_c(dk, T)`` that replaces the one stored in the point records.
LawFn = Callable[[float, int], float]

#: "Seven of the nine fall within 5%" (§7.9).
WITHIN = 0.05


def condensation_constant(gamma_c: ArrayLike, T: ArrayLike) -> FloatArray:
    """Pointwise ``c = gamma_c sqrt(2) / (2L)^{1/4}``: the condensed branch of eq. (52) solved for c."""
    return np.asarray(gamma_c, dtype=float) * math.sqrt(2.0) / (2.0 * np.asarray(laws.L(T))) ** 0.25


def crossover_ratio(dk: ArrayLike, T: ArrayLike) -> FloatArray:
    """Proximity to the crossover, ``8L / dk`` (< 1 on the mean-field branch, Thm 64)."""
    return np.asarray(laws.crossover(T), dtype=float) / np.asarray(dk, dtype=float)


def _f(v: SupportsFloat) -> Optional[float]:
    v = float(v)
    return v if math.isfinite(v) else None


def _corr_inputs(x: FloatArray, y: FloatArray) -> tuple[FloatArray, FloatArray, dict[str, Any], bool]:
    """The finite pairs, the result with every correlation None, and whether one is defined (n >= 3,
    neither side constant)."""
    ok = np.isfinite(x) & np.isfinite(y)
    x, y = x[ok], y[ok]
    out: dict[str, Any] = {
        "n": int(x.size),
        "pearson_r": None,
        "pearson_p": None,
        "spearman_rho": None,
        "spearman_p": None,
    }
    return x, y, out, not (x.size < 3 or np.ptp(x) == 0 or np.ptp(y) == 0)


def _corr(x: FloatArray, y: FloatArray) -> dict[str, Any]:
    """Pearson and Spearman correlations with two-sided p; None where undefined (n < 3, constant)."""
    x, y, out, defined = _corr_inputs(x, y)
    if not defined:
        return out
    pr = sps.pearsonr(x, y)
    sr = sps.spearmanr(x, y)
    out.update(
        pearson_r=_f(pr.statistic), pearson_p=_f(pr.pvalue), spearman_rho=_f(sr.statistic), spearman_p=_f(sr.pvalue)
    )
    return out


def fast_corr(x: FloatArray, y: FloatArray) -> dict[str, Any]:
    """:func:`_corr` without scipy.stats' per-call overhead (same formulas: Pearson's r with the t-test p
    that ``pearsonr``'s beta distribution equals, Spearman's rho as the Pearson r of average ranks with
    ``spearmanr``'s t approximation), equal to it up to rounding; for the many perturbed statistics of
    an error propagation (``certificates.psa._reduced``), where only differences matter."""
    from scipy import special

    x, y, out, defined = _corr_inputs(x, y)
    if not defined:
        return out
    n = x.size

    def r_and_p(a: FloatArray, b: FloatArray) -> tuple[Optional[float], Optional[float]]:
        a, b = a - a.mean(), b - b.mean()
        r = float(np.clip(np.sum(a * b) / math.sqrt(np.sum(a * a) * np.sum(b * b)), -1.0, 1.0))
        if abs(r) == 1.0:
            return r, 0.0
        t = abs(r) * math.sqrt((n - 2) / ((1.0 - r) * (1.0 + r)))
        return r, float(2.0 * special.stdtr(n - 2, -t))

    out["pearson_r"], out["pearson_p"] = (_f(v) if v is not None else None for v in r_and_p(x, y))
    rx, ry = sps.rankdata(x), sps.rankdata(y)
    out["spearman_rho"], out["spearman_p"] = (_f(v) if v is not None else None for v in r_and_p(rx, ry))
    return out


def _branch_block(
    dk: FloatArray,
    T: NDArray[np.int_],
    g: FloatArray,
    law: FloatArray,
    ratio: FloatArray,
    within: float,
    corr: Callable[[FloatArray, FloatArray], dict[str, Any]] = _corr,
) -> dict[str, Any]:
    err = (law - g) / g
    aerr = np.abs(err)
    n = int(dk.size)
    block: dict[str, Any] = {
        "n": n,
        "points": [[_num(d), int(t)] for d, t in zip(dk, T)],
        "relative_errors": [_f(e) for e in err],
        "pearson_r": None,
        "pearson_p": None,
        "median_abs_error": None,
        "max_abs_error": None,
        "worst": None,
        "within": within,
        "n_within": int(np.sum(aerr <= within)),
    }
    if n:
        fin = np.isfinite(aerr)
        if fin.any():
            block["median_abs_error"] = _f(np.median(aerr[fin]))
            i = int(np.nanargmax(np.where(fin, aerr, -np.inf)))
            block["max_abs_error"] = _f(aerr[i])
            block["worst"] = {"dk": _num(dk[i]), "T": int(T[i]), "ratio": _f(ratio[i]), "relative_error": _f(err[i])}
        c = corr(law, g)
        block["pearson_r"], block["pearson_p"] = c["pearson_r"], c["pearson_p"]
    return block


def _num(v: SupportsFloat) -> int | float:
    v = float(v)
    return int(v) if v.is_integer() else v


def statistics_from_arrays(
    dk: ArrayLike,
    T: ArrayLike,
    gamma_c: ArrayLike,
    law: ArrayLike,
    *,
    within: float = WITHIN,
    sd: Iterable[float | None] | None = None,
    plateau: ArrayLike | None = None,
    p_inf: ArrayLike | None = None,
    nearest: int = 2,
    corr: Callable[[FloatArray, FloatArray], dict[str, Any]] = _corr,
) -> dict[str, Any]:
    """All statistics of a sweep from per-point arrays (see the module docstring); ``corr`` computes the
    correlations (default scipy.stats; :func:`fast_corr` the same formulas without its overhead)."""
    dk = np.asarray(dk, dtype=float)
    T = np.asarray(T, dtype=int)
    g = np.asarray(gamma_c, dtype=float)
    law = np.asarray(law, dtype=float)
    ratio = crossover_ratio(dk, T)
    mf = dk >= laws.crossover(T)  # eq. (52): mean field iff dk >= 8L
    cd = ~mf
    out: dict[str, Any] = {"n_points": int(dk.size), "within": within}
    out["mean_field"] = _branch_block(dk[mf], T[mf], g[mf], law[mf], ratio[mf], within, corr)
    cblock = _branch_block(dk[cd], T[cd], g[cd], law[cd], ratio[cd], within, corr)
    cvals = condensation_constant(g[cd], T[cd]) if cd.any() else np.array([])
    fin = np.isfinite(cvals)
    cblock["c"] = {
        "per_point": [{"dk": _num(d), "T": int(t), "c": _f(v)} for d, t, v in zip(dk[cd], T[cd], cvals)],
        "mean": _f(np.mean(cvals[fin])) if fin.any() else None,
        "sd": _f(np.std(cvals[fin], ddof=1)) if fin.sum() > 1 else None,
        "min": _f(np.min(cvals[fin])) if fin.any() else None,
        "max": _f(np.max(cvals[fin])) if fin.any() else None,
    }
    out["condensed"] = cblock
    # points nearest the crossover on each side
    near: dict[str, list[dict[str, Any]]] = {}
    for name, mask, order in (("mean_field", mf, -1), ("condensed", cd, 1)):
        idx = np.nonzero(mask)[0]
        idx = idx[np.argsort(order * ratio[idx], kind="stable")][:nearest]
        near[name] = [
            {"dk": _num(dk[i]), "T": int(T[i]), "ratio": _f(ratio[i]), "relative_error": _f((law[i] - g[i]) / g[i])}
            for i in idx
        ]
    out["nearest_crossover"] = near
    # error against proximity to the crossover, on the mean-field points
    err = (law[mf] - g[mf]) / g[mf]
    out["trend"] = {"abs": corr(ratio[mf], np.abs(err)), "signed": corr(ratio[mf], err)}
    if sd is not None:
        s = np.asarray([np.nan if v is None else v for v in sd], dtype=float)
        fin = np.isfinite(s)
        out["seed_spread"] = {
            "max_sd": _f(np.max(s[fin])) if fin.any() else None,
            "median_sd": _f(np.median(s[fin])) if fin.any() else None,
        }
    if plateau is not None and p_inf is not None:
        d = np.asarray(plateau, dtype=float) - np.asarray(p_inf, dtype=float)
        out["plateau"] = {"max_abs_diff": _f(np.nanmax(np.abs(d))) if d.size else None, "diff": [_f(v) for v in d]}
    return out


def _nan_if_none(v: float | None) -> float:
    return math.nan if v is None else v


def _arrays(
    points: list[dict[str, Any]], seed_index: Optional[int] = None, law_fn: LawFn | None = None
) -> tuple[list[Any], list[Any], list[float], list[float], list[Any], list[float]]:
    dk = [p["dk"] for p in points]
    T = [p["T"] for p in points]
    if seed_index is None:
        g = [p["gamma_c"]["mean"] for p in points]
        plat = [p["plateau"]["mean"] for p in points]
    else:
        g = [p["gamma_c"]["per_seed"][seed_index] for p in points]
        plat = [p["plateau"]["per_seed"][seed_index] for p in points]
    if law_fn is None:
        law = [_nan_if_none(p["law"]) for p in points]
    else:
        law = [float(law_fn(d, t)) for d, t in zip(dk, T)]
    pinf = [_nan_if_none(p.get("p_inf")) for p in points]
    return dk, T, [_nan_if_none(v) for v in g], law, plat, pinf


def sweep_statistics(
    points: list[dict[str, Any]],
    *,
    within: float = WITHIN,
    law: LawFn | None = None,
    corr: Callable[[FloatArray, FloatArray], dict[str, Any]] = _corr,
) -> dict[str, Any]:
    """Statistics of a sweep from its point records (mean gamma_c over seeds at each point).

    ``law(dk, T)`` replaces the law stored in the records (e.g. eq. 52 with another ``c``); ``corr`` as
    in :func:`statistics_from_arrays`.
    """
    dk, T, g, law_values, plat, pinf = _arrays(points, law_fn=law)
    sd = [p["gamma_c"]["sd"] for p in points]
    return statistics_from_arrays(dk, T, g, law_values, within=within, sd=sd, plateau=plat, p_inf=pinf, corr=corr)


def per_seed_statistics(
    points: list[dict[str, Any]], *, within: float = WITHIN, law: LawFn | None = None
) -> list[dict[str, Any]]:
    """The same statistics recomputed from each seed's gamma_c alone (one dict per seed)."""
    if not points:
        return []
    S = len(points[0]["gamma_c"]["per_seed"])
    out = []
    for k in range(S):
        dk, T, g, law_k, plat, pinf = _arrays(points, k, law_fn=law)
        out.append(statistics_from_arrays(dk, T, g, law_k, within=within, plateau=plat, p_inf=pinf))
    return out


def _se_tree(trees: list[Any]) -> Any:
    first = trees[0]
    if isinstance(first, dict):
        if not all(isinstance(t, dict) and t.keys() == first.keys() for t in trees):
            return None
        return {k: _se_tree([t[k] for t in trees]) for k in first}
    if isinstance(first, list):
        if not all(isinstance(t, list) and len(t) == len(first) for t in trees):
            return None
        return [_se_tree([t[i] for t in trees]) for i in range(len(first))]
    if isinstance(first, float) or first is None:
        if any(t is None or isinstance(t, bool) or not isinstance(t, (int, float)) for t in trees):
            return None
        if len(trees) < 2:
            return None
        return _f(np.std(np.asarray(trees, dtype=float), ddof=1) / math.sqrt(len(trees)))
    return None  # integers (counts, dk, T), strings: no standard error


def seed_standard_errors(
    points: list[dict[str, Any]], *, within: float = WITHIN, law: LawFn | None = None
) -> dict[str, Any]:
    """Standard error of every float statistic, from the spread of the per-seed statistics.

    Same nesting as :func:`sweep_statistics`; ``SE = sd(per-seed values, ddof=1) / sqrt(S)``;
    None for counts and labels, and where a per-seed value is undefined.
    """
    per = per_seed_statistics(points, within=within, law=law)
    if len(per) < 2:
        return {}
    tree: dict[str, Any] = _se_tree(per)  # a dict of the same keys as each per-seed dict
    return tree
