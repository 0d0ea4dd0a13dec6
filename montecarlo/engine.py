"""Driver: seeds x trial blocks -> competition curves, gamma_c, argmax probabilities.

Results depend only on (seed, parameters): trials are evaluated in fixed chunks
(``conventions.CHUNK``) whose sums are reduced in chunk order, whatever the block
size (``block_chunks``), the thread count or the backend.
"""
from __future__ import annotations

import math
import time
from dataclasses import dataclass, field
from typing import Callable, Optional

import numpy as np

from . import conventions as conv
from .backends import get_backend
from .extract import extract_gamma_c
from .models import get_model

Progress = Optional[Callable[[int, int], None]]


_check_int = conv.check_int
_check_dk = conv.check_dk


def _blocks(nchunks: int, block_chunks: int | None):
    if block_chunks is None:
        block_chunks = max(8, nchunks // 16)
    block_chunks = _check_int("block_chunks", block_chunks, 1)
    for c0 in range(0, nchunks, block_chunks):
        yield c0, min(nchunks, c0 + block_chunks)


def _nchunks(trials: int) -> int:
    return (trials + conv.CHUNK - 1) // conv.CHUNK


@dataclass
class Curves:
    """Competition curves A(gamma), one per seed, with the conventions in force."""

    model: str
    dk: float
    T: int
    m: int
    distractors: str
    trials: int
    seeds: list[int]
    gammas: np.ndarray
    per_seed: np.ndarray  # (S, G) mean of A over trials
    per_seed_sem: np.ndarray  # (S, G) standard error of that mean, from the trial spread
    backend: str
    elapsed_s: float
    chance_rule: str = conv.DEFAULT_CHANCE
    conventions: dict = field(default_factory=dict)

    @property
    def chance(self) -> float:
        """Chance level of the extraction (``chance_rule``); A(0) is exactly 1/(m+1)."""
        return conv.chance(self.T, self.m, self.chance_rule)

    @property
    def mean(self) -> np.ndarray:
        return self.per_seed.mean(axis=0)

    @property
    def se(self) -> np.ndarray:
        """Standard error of ``mean`` from the spread over seeds (NaN with one seed)."""
        S = self.per_seed.shape[0]
        if S < 2:
            return np.full(self.per_seed.shape[1], np.nan)
        return self.per_seed.std(axis=0, ddof=1) / math.sqrt(S)

    # -- displays (montecarlo.display)
    def __repr__(self) -> str:
        from .display import curves_repr
        return curves_repr(self)

    def _repr_html_(self) -> str:
        from .display import curves_html
        return curves_html(self)

    def _repr_markdown_(self) -> str:
        from .display import curves_markdown
        return curves_markdown(self)

    def plot(self, ax=None, **kwargs):
        """Mean curve +- 2 se, per-seed curves and the chance level (matplotlib); returns the Axes."""
        from .display import plot_curves
        return plot_curves(self, ax, **kwargs)

    def to_dict(self) -> dict:
        """JSON-ready dict: parameters, conventions, grid, per-seed curves and standard errors."""
        from .display import curves_to_dict
        return curves_to_dict(self)

    def to_frame(self):
        """pandas DataFrame, one row per grid point (needs pandas)."""
        from .display import curves_to_frame
        return curves_to_frame(self)


def simulate_curves(
    dk,
    T,
    *,
    model: str = "t4",
    trials: int = conv.DEFAULT_TRIALS,
    seeds: int = conv.DEFAULT_SEEDS,
    seed: int = conv.DEFAULT_SEED,
    grid: int = conv.DEFAULT_GRID,
    gamma_max: float = conv.DEFAULT_GAMMA_MAX,
    distractors: str = conv.DEFAULT_DISTRACTORS,
    chance: str = conv.DEFAULT_CHANCE,
    backend: str = "cpu",
    block_chunks: int | None = None,
    progress: Progress = None,
) -> Curves:
    """Simulate the competition curve A(gamma) for each seed (Def 62 / §7.9).

    ``A(gamma) = E[1 / (1 + sum_j exp(b (Z_j - Z_0) - a))]``, the expected softmax mass on
    the target, with the model's ``a(gamma)``, ``b(gamma)`` and ``m`` i.i.d. N(0, 1)
    distractors, on the grid ``linspace(0, gamma_max, grid)``.  One set of draws serves
    the whole grid; the numbers depend only on (seed, parameters).

    Parameters
    ----------
    dk : float
        Head width d_k, > 0 (one value; a grid of points is :func:`montecarlo.run_sweep`).
    T : int
        Context length, an integer >= 3 (``15.0`` is accepted, ``15.5`` is not).
    model : {"t4", "t3t4", "key"}
        Score model: ``t4`` is G of Def 62 (eq. 49), ``t3t4`` the §10 model (eq. 68),
        ``key`` the key-only half-lift of Cor 69.
    trials : int
        Trials per seed (§7.9: 60,000).
    seeds : int
        Number of independent seeds (§7.9: 5); seed values are ``seed .. seed+seeds-1``.
    seed : int
        First seed, >= 0.
    grid, gamma_max : int, float
        The coupling grid ``linspace(0, gamma_max, grid)`` (§7.9: 61 points on [0, 8]).
    distractors : {"T-2", "T-1"}
        Distractor convention: ``m = T - 2`` (Def 62, eq. 51) or ``m = T - 1`` (Rem 72).
    chance : {"T-1", "m+1"}
        Chance level used by the extraction: ``1/(T-1)`` (§7.9 as printed) or
        ``1/(m+1) = A(0)``.
    backend : {"cpu", "gpu"}
        ``gpu`` needs numba-cuda (``pip install 'psa-toolkit[gpu]'``); same numbers.
    block_chunks : int, optional
        Chunks of ``conventions.CHUNK`` trials per backend call (a performance knob only).
    progress : callable, optional
        Called as ``progress(done_trials, total_trials)``.

    Returns
    -------
    Curves
        ``per_seed`` (seeds x grid) means and ``per_seed_sem`` standard errors, ``mean``
        and ``se`` over seeds, and the conventions in force.  ``.plot()``, ``.to_dict()``,
        ``.to_frame()``; a table in a notebook.

    Raises
    ------
    ValueError
        An argument outside its domain (the message names it).
    Interrupted
        On Ctrl-C; ``partial`` holds the curves of the seeds completed.

    Examples
    --------
    >>> from montecarlo import simulate_curves
    >>> c = simulate_curves(64, 15, trials=512, seeds=2, grid=9)
    >>> c.per_seed.shape, c.m, c.distractors
    ((2, 9), 13, 'T-2')
    >>> bool(abs(c.mean[0] - 1 / 14) < 1e-12)     # A(0) = 1/(m+1) exactly
    True
    """
    mdl = get_model(model)
    dk = _check_dk(dk)
    T = _check_int("T", T, 3)
    trials = _check_int("trials", trials, 1)
    m = conv.distractor_count(T, distractors)
    conv.chance(T, m, chance)  # validate the rule before any work
    gammas = conv.gamma_grid(grid, gamma_max)
    seed_values = conv.seed_list(seed, seeds)
    be = get_backend(backend)
    nch = _nchunks(trials)
    total = trials * len(seed_values)
    done = 0
    t_start = time.perf_counter()
    per_seed = np.empty((len(seed_values), gammas.size))
    per_sem = np.empty_like(per_seed)
    completed = 0
    try:
        for si, s in enumerate(seed_values):
            tot = np.zeros(gammas.size)
            tot_sq = np.zeros(gammas.size)
            for c0, c1 in _blocks(nch, block_chunks):
                sums, sqs = be.curve_chunks(mdl, s, c0, c1, trials, m, dk, gammas)
                for row, row_sq in zip(sums, sqs):  # chunk order, independent of the blocks
                    tot += row
                    tot_sq += row_sq
                done += min(trials, c1 * conv.CHUNK) - c0 * conv.CHUNK
                if progress is not None:
                    progress(done, total)
            mean = tot / trials
            var = np.maximum(tot_sq / trials - mean**2, 0.0)
            per_seed[si] = mean
            per_sem[si] = np.sqrt(var / max(trials - 1, 1))
            completed = si + 1
    except KeyboardInterrupt:
        partial = None
        if completed:
            partial = Curves(mdl.name, dk, T, m, distractors, trials, seed_values[:completed], gammas,
                             per_seed[:completed], per_sem[:completed], be.name,
                             time.perf_counter() - t_start, chance,
                             conventions_record(distractors, m, T, chance, gammas))
        raise Interrupted(partial) from None
    return Curves(mdl.name, dk, T, m, distractors, trials, seed_values, gammas, per_seed, per_sem,
                  be.name, time.perf_counter() - t_start, chance,
                  conventions_record(distractors, m, T, chance, gammas))


class Interrupted(KeyboardInterrupt):
    """A run was interrupted; ``partial`` holds the result of the seeds completed (or None)."""

    def __init__(self, partial=None):
        super().__init__("interrupted")
        self.partial = partial


def conventions_record(distractors: str, m: int, T: int, chance_rule: str, gammas: np.ndarray) -> dict:
    """What every Monte-Carlo output states about the conventions in force."""
    return {
        "distractors": distractors,
        "m": m,
        "chance_rule": f"1/({chance_rule})",
        "chance": conv.chance(T, m, chance_rule),
        "A(0)": 1.0 / (m + 1.0),
        "grid": f"linspace(0, {gammas[-1]:g}, {gammas.size})",
        "extraction": conv.EXTRACTION_RULE,
        "L": "log(T-1)",
        "rng": "SplitMix64 counter stream keyed by (seed, trial), Box-Muller normals",
        "truncation": f"T4 kernel drops terms exp(g^2 x) < e^-{conv.LOGCUT:g}",
    }


@dataclass
class GammaC:
    curves: Curves
    per_seed: list[float]
    plateaus: list[float]
    law: float | None

    @property
    def mean(self) -> float:
        return float(np.mean(self.per_seed))

    @property
    def sd(self) -> float | None:
        return float(np.std(self.per_seed, ddof=1)) if len(self.per_seed) > 1 else None

    @property
    def plateau(self) -> float:
        return float(np.mean(self.plateaus))

    @property
    def relative_error(self) -> float | None:
        """(law - MC) / MC, the paper's convention (positive = the law overpredicts)."""
        if self.law is None or not math.isfinite(self.law) or not math.isfinite(self.mean):
            return None
        return (self.law - self.mean) / self.mean

    def to_json(self) -> dict:
        c = self.curves
        law = None if self.law is None or not math.isfinite(self.law) else self.law
        return {
            "dk": c.dk if c.dk != int(c.dk) else int(c.dk),
            "T": c.T,
            "model": c.model,
            "distractors": c.distractors,
            "m": c.m,
            "trials": c.trials,
            "seeds": len(c.seeds),
            "seed": c.seeds[0],
            "seed_list": c.seeds,
            "grid": int(c.gammas.size),
            "gamma_max": float(c.gammas[-1]),
            "gamma_c": {"mean": _nan_to_none(self.mean), "sd": self.sd,
                        "per_seed": [_nan_to_none(v) for v in self.per_seed]},
            "plateau": self.plateau,
            "chance": c.chance,
            "law": law,
            "relative_error": self.relative_error,
            "backend": c.backend,
            "conventions": c.conventions,
            "elapsed_s": c.elapsed_s,
        }

    # -- displays (montecarlo.display)
    def __repr__(self) -> str:
        from .display import gamma_c_repr
        return gamma_c_repr(self)

    def _repr_html_(self) -> str:
        from .display import gamma_c_html
        return gamma_c_html(self)

    def _repr_markdown_(self) -> str:
        from .display import gamma_c_markdown
        return gamma_c_markdown(self)

    def plot(self, ax=None, **kwargs):
        """The curves with the extraction midpoint, gamma_c per seed and the law; returns the Axes."""
        from .display import plot_gamma_c
        return plot_gamma_c(self, ax, **kwargs)

    def to_dict(self) -> dict:
        """The ``psa-mc gamma-c --json`` document plus the curves (``curves``)."""
        return dict(self.to_json(), curves=self.curves.to_dict())

    def to_frame(self):
        """pandas DataFrame of the curves (``Curves.to_frame``)."""
        return self.curves.to_frame()


def _nan_to_none(v: float):
    return None if not math.isfinite(v) else float(v)


def gamma_c_from_curves(curves: Curves) -> GammaC:
    """One extraction per seed (§7.9) and the model's closed form."""
    per, plats = [], []
    for row in curves.per_seed:
        g, p = extract_gamma_c(curves.gammas, row, curves.chance)
        per.append(g)
        plats.append(p)
    law = float(get_model(curves.model).law(curves.dk, curves.T))
    return GammaC(curves=curves, per_seed=per, plateaus=plats, law=law)


def gamma_c_mc(
    dk,
    T,
    *,
    trials: int = conv.DEFAULT_TRIALS,
    seeds: int = conv.DEFAULT_SEEDS,
    seed: int = conv.DEFAULT_SEED,
    model: str = "t4",
    distractors: str = conv.DEFAULT_DISTRACTORS,
    chance: str = conv.DEFAULT_CHANCE,
    grid: int = conv.DEFAULT_GRID,
    gamma_max: float = conv.DEFAULT_GAMMA_MAX,
    backend: str = "cpu",
    block_chunks: int | None = None,
    progress: Progress = None,
) -> GammaC:
    """Monte-Carlo critical coupling gamma_c: one extraction per seed (§7.9), mean and sd over seeds.

    Simulates the competition curves (:func:`simulate_curves`, same parameters) and applies
    the §7.9 rule to each seed: the first upward crossing of the midpoint between the
    chance level and the plateau ``A(gamma_max)``, by linear interpolation on the grid.
    The model's own closed form is returned beside it (``law``: eq. 52 for ``t4``,
    eq. 69 for ``t3t4``, eq. 55 as printed for ``key``).

    Parameters
    ----------
    dk : float
        Head width d_k, > 0.
    T : int
        Context length, an integer >= 3.
    trials : int, default 60000
        Trials per seed (§7.9).
    seeds : int, default 5
        Independent seeds ``seed .. seed+seeds-1`` (§7.9).
    seed : int, default 0
        First seed.
    model : {"t4", "t3t4", "key"}, default "t4"
        Score model (Def 62 eq. 49; §10 eq. 68; Cor 69).
    distractors : {"T-2", "T-1"}, default "T-2"
        ``m = T - 2`` (Def 62, eq. 51) or ``m = T - 1`` (Rem 72).
    chance : {"T-1", "m+1"}, default "T-1"
        Chance level of the extraction midpoint: ``1/(T-1)`` (§7.9) or ``1/(m+1)``.
    grid : int, default 61
        Grid points on ``[0, gamma_max]``.
    gamma_max : float, default 8
        Largest coupling; ``A(gamma_max)`` is the plateau.
    backend : {"cpu", "gpu"}, default "cpu"
        Execution backend (identical numbers).
    block_chunks : int, optional
        Performance knob only (chunks per backend call).
    progress : callable, optional
        ``progress(done_trials, total_trials)``.

    Returns
    -------
    GammaC
        ``mean``, ``sd`` (over seeds), ``per_seed``, ``plateau``, ``law``,
        ``relative_error`` = (law - MC) / MC, ``curves`` and ``to_json()``.

    Raises
    ------
    ValueError
        An argument outside its domain; a misspelt keyword is a TypeError naming
        ``gamma_c_mc``.
    Interrupted
        On Ctrl-C; ``partial`` is the GammaC of the seeds completed so far (or None).

    Examples
    --------
    >>> from montecarlo import gamma_c_mc
    >>> r = gamma_c_mc(64, 15, trials=2048, seeds=2)
    >>> len(r.per_seed), r.curves.m, round(r.law, 3)      # law: eq. (52) at (64, 15)
    (2, 13, 0.602)
    >>> bool(0.4 < r.mean < 0.8)
    True
    """
    kwargs = dict(trials=trials, seeds=seeds, seed=seed, model=model, distractors=distractors,
                  chance=chance, grid=grid, gamma_max=gamma_max, backend=backend,
                  block_chunks=block_chunks, progress=progress)
    try:
        curves = simulate_curves(dk, T, **kwargs)
    except Interrupted as exc:
        raise Interrupted(gamma_c_from_curves(exc.partial) if exc.partial is not None else None) from None
    return gamma_c_from_curves(curves)


@dataclass
class ArgmaxEstimate:
    p: float
    se: float
    wins: int
    trials: int
    m: int
    s: float
    seed: int

    # -- displays (montecarlo.display)
    def __repr__(self) -> str:
        from .display import argmax_repr
        return argmax_repr(self)

    def _repr_html_(self) -> str:
        from .display import argmax_html
        return argmax_html(self)

    def _repr_markdown_(self) -> str:
        from .display import argmax_markdown
        return argmax_markdown(self)

    def to_dict(self) -> dict:
        return {"p": self.p, "se": self.se, "wins": self.wins, "trials": self.trials, "m": self.m,
                "s": self.s, "seed": self.seed}


def argmax_probability(
    s: float,
    m: int,
    *,
    trials: int = 1_000_000,
    seed: int = conv.DEFAULT_SEED,
    backend: str = "cpu",
    block_chunks: int | None = None,
    progress: Progress = None,
) -> ArgmaxEstimate:
    """Monte-Carlo estimate of ``P(Z_0 + s > max_{j<=m} Z_j)``: the argmax limit (51) at SNR ``s``.

    With ``s = sqrt(dk)/2`` (eq. 50) and ``m = T - 2`` this is ``theory.laws.p_inf(dk, T)``.

    Parameters
    ----------
    s : float
        Signal-to-noise ratio (finite).
    m : int
        Number of distractors, >= 1.
    trials : int, default 1000000
        Trials.
    seed : int, default 0
        Seed of the counter stream.
    backend : {"cpu", "gpu"}, default "cpu"
        Execution backend (identical numbers).
    block_chunks : int, optional
        Performance knob only.
    progress : callable, optional
        ``progress(done_trials, total_trials)``.

    Returns
    -------
    ArgmaxEstimate
        ``p``, its binomial standard error ``se``, ``wins``, ``trials``, ``m``, ``s``, ``seed``.

    Examples
    --------
    >>> from montecarlo import argmax_probability
    >>> from theory import laws
    >>> est = argmax_probability(laws.snr(4), 13, trials=20000)
    >>> bool(abs(est.p - laws.p_inf(4, 15)) < 5 * est.se)
    True
    """
    m = _check_int("m", m, 1)
    trials = _check_int("trials", trials, 1)
    seed = _check_int("seed", seed, 0)
    if np.ndim(s) != 0:
        raise ValueError(f"s must be a single number, got {s!r}")
    s = float(conv.check_real("s", s))
    be = get_backend(backend)
    nch = _nchunks(trials)
    wins = 0
    for c0, c1 in _blocks(nch, block_chunks):
        wins += int(be.argmax_chunks(seed, c0, c1, trials, m, s).sum())
        if progress is not None:
            progress(min(trials, c1 * conv.CHUNK), trials)
    p = wins / trials
    return ArgmaxEstimate(p=p, se=math.sqrt(max(p * (1 - p), 0.0) / trials), wins=wins,
                          trials=trials, m=m, s=s, seed=seed)
