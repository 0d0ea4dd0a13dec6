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
    """Simulate A(gamma) = E[softmax mass on the target] for each seed (Def 62 / §7.9)."""
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


def gamma_c_mc(dk, T, **kwargs) -> GammaC:
    """Monte-Carlo gamma_c: one extraction per seed (§7.9), mean and sd over seeds.

    On interruption raises :class:`Interrupted` whose ``partial`` is the GammaC of the
    seeds completed so far (or None).
    """
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
    """MC estimate of P(Z_0 + s > max_{j<=m} Z_j): the argmax limit (51) at SNR ``s``."""
    m = _check_int("m", m, 1)
    trials = _check_int("trials", trials, 1)
    seed = _check_int("seed", seed, 0)
    s = float(s)
    if not math.isfinite(s):
        raise ValueError(f"s must be finite, got {s!r}")
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
