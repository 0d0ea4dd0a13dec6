"""Driver: seeds x trial blocks -> competition curves, gamma_c, argmax probabilities.

Results depend only on (seed, parameters): trials are evaluated in fixed chunks
(``conventions.CHUNK``) whose sums are reduced in chunk order, whatever the block
size (``block_chunks``), the thread count or the backend.
"""

from __future__ import annotations

import math
import time
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Callable, Iterator, Optional, TypeVar

import numpy as np
from numpy.typing import ArrayLike

from theory._types import FloatArray

from . import conventions as conv
from . import limits
from .extract import extract, extract_gamma_c
from .interrupts import check as interrupt_check
from .interrupts import deferred_sigint
from .models import Model, get_model

if TYPE_CHECKING:
    from matplotlib.axes import Axes
    from pandas import DataFrame

    from .backends import Backend  # annotations only: the backends (and Numba) load on first use


def get_backend(name: str) -> Backend:
    """:func:`montecarlo.backends.get_backend`, imported on first use: the result classes of this
    module (read back from a store, e.g. by a warm ``psa-cert run``) then cost no Numba import."""
    from .backends import get_backend as backend

    return backend(name)


#: ``progress(done_trials, total_trials)``, or None.
Progress = Optional[Callable[[int, int], None]]
_R = TypeVar("_R")


_check_int = conv.check_int
_check_dk = conv.check_dk


def _blocks(nchunks: int, block_chunks: int | None) -> Iterator[tuple[int, int]]:
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
    gammas: FloatArray
    per_seed: FloatArray  # (S, G) mean of A over trials
    per_seed_sem: FloatArray  # (S, G) standard error of that mean, from the trial spread
    backend: str
    elapsed_s: float
    chance_rule: str = conv.DEFAULT_CHANCE
    conventions: dict[str, Any] = field(default_factory=dict)

    @property
    def chance(self) -> float:
        """Chance level of the extraction (``chance_rule``); A(0) is exactly 1/(m+1)."""
        return conv.chance(self.T, self.m, self.chance_rule)

    @property
    def mean(self) -> FloatArray:
        """Mean of A(gamma) over seeds, one value per grid point."""
        return self.per_seed.mean(axis=0)

    @property
    def se(self) -> FloatArray:
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

    def plot(self, ax: Axes | None = None, **kwargs: Any) -> Axes:
        """Mean curve +- 2 se, per-seed curves and the chance level (matplotlib); returns the Axes."""
        from .display import plot_curves

        return plot_curves(self, ax, **kwargs)

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready dict: parameters, conventions, grid, per-seed curves and standard errors."""
        from .display import curves_to_dict

        return curves_to_dict(self)

    def to_frame(self) -> DataFrame:
        """pandas DataFrame, one row per grid point (needs pandas)."""
        from .display import curves_to_frame

        return curves_to_frame(self)


def simulate_curves(
    dk: float,
    T: int,
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
    r"""Simulate the competition curve :math:`A(\gamma)` for each seed (Def 62 / §7.9).

    .. math::

       A(\gamma) = \mathbb{E}\left[\frac{1}{1 + \sum_{j=1}^{m} e^{b(Z_j - Z_0) - a}}\right],

    the expected softmax mass on the target, with the model's :math:`a(\gamma)`, :math:`b(\gamma)`
    and :math:`m` i.i.d. :math:`N(0, 1)` distractors, on the grid
    ``linspace(0, gamma_max, grid)``.  One set of draws serves the whole grid; the numbers
    depend only on (seed, parameters).

    Parameters
    ----------
    dk : float
        Head width :math:`d_k > 0` (one value; a grid of points is :func:`montecarlo.run_sweep`).
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
        Distractor convention: :math:`m = T - 2` (Def 62, eq. 51) or :math:`m = T - 1` (Rem 72).
    chance : {"T-1", "m+1"}
        Chance level used by the extraction: :math:`1/(T-1)` (§7.9 as printed) or
        :math:`1/(m+1) = A(0)`.
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
    _check_ranges(T, trials)
    m = conv.distractor_count(T, distractors)
    conv.chance(T, m, chance)  # validate the rule before any work
    nseeds = _check_int("seeds", seeds, 1)
    seed = _check_int("seed", seed, 0)
    G = _check_int("grid", grid, 2)
    nch, block = _curve_plan(mdl, T, m, trials, nseeds, seed, G, block_chunks)
    gammas = conv.gamma_grid(grid, gamma_max)
    limits.check_couplings(mdl, dk, gammas)
    seed_values = conv.seed_list(seed, seeds)
    be = get_backend(backend)
    a0 = _a0_expected(mdl, dk, gammas, m)
    total = trials * len(seed_values)
    done = 0
    t_start = time.perf_counter()
    per_seed = np.empty((len(seed_values), gammas.size))
    per_sem = np.empty_like(per_seed)
    completed = 0
    try:
        with deferred_sigint():
            for si, s in enumerate(seed_values):
                tot = np.zeros(gammas.size)
                tot_sq = np.zeros(gammas.size)
                for c0, c1 in _blocks(nch, block):
                    interrupt_check()
                    sums, sqs = _call_kernel(be.curve_chunks, mdl, s, c0, c1, trials, m, dk, gammas)
                    _check_curve_block(be.name, sums, sqs, s, c0, c1, trials, m, gammas.size, a0)
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
            interrupt_check()
    except KeyboardInterrupt:
        partial = None
        if completed:
            partial = Curves(
                mdl.name,
                dk,
                T,
                m,
                distractors,
                trials,
                seed_values[:completed],
                gammas,
                per_seed[:completed],
                per_sem[:completed],
                be.name,
                time.perf_counter() - t_start,
                chance,
                conventions_record(distractors, m, T, chance, gammas),
            )
        raise Interrupted(partial) from None
    return Curves(
        mdl.name,
        dk,
        T,
        m,
        distractors,
        trials,
        seed_values,
        gammas,
        per_seed,
        per_sem,
        be.name,
        time.perf_counter() - t_start,
        chance,
        conventions_record(distractors, m, T, chance, gammas),
    )


class Interrupted(KeyboardInterrupt):
    """A run was interrupted; ``partial`` holds the result of the seeds completed (or None)."""

    def __init__(self, partial: Curves | GammaC | None = None) -> None:
        super().__init__("interrupted")
        self.partial = partial


def conventions_record(distractors: str, m: int, T: int, chance_rule: str, gammas: FloatArray) -> dict[str, Any]:
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
    """gamma_c per seed by the §7.9 extraction from ``curves``, with the model's closed form ``law``."""

    curves: Curves
    per_seed: list[float]
    plateaus: list[float]
    law: float | None

    @property
    def mean(self) -> float:
        """Mean over seeds (NaN when a seed has no gamma_c: see :attr:`gamma_c`)."""
        return float(np.mean(self.per_seed))

    @property
    def gamma_c(self) -> float | None:
        """The mean over seeds, or None when it is undefined (:attr:`undefined_reason`)."""
        m = self.mean
        return m if math.isfinite(m) else None

    @property
    def undefined_reason(self) -> str | None:
        """Why there is no gamma_c (a seed's curve has no transition, :mod:`montecarlo.extract`), or None."""
        bad = [i for i, v in enumerate(self.per_seed) if not math.isfinite(v)]
        if not bad:
            return None
        c = self.curves
        why = None
        if c.per_seed.shape[0] == len(self.per_seed):
            i = bad[0]
            why = extract(c.gammas, c.per_seed[i], c.chance, plateau_se=float(c.per_seed_sem[i, -1])).undefined
        seeds = [c.seeds[i] if i < len(c.seeds) else i for i in bad]
        which = f"seed {seeds[0]}" if len(seeds) == 1 else f"seeds {', '.join(map(str, seeds[:5]))}"
        which += " ..." if len(seeds) > 5 else ""
        return f"{why or 'no transition'} ({which} of {len(self.per_seed)})"

    @property
    def sd(self) -> float | None:
        if len(self.per_seed) < 2:
            return None
        sd = float(np.std(self.per_seed, ddof=1))
        return sd if math.isfinite(sd) else None

    @property
    def plateau(self) -> float:
        return float(np.mean(self.plateaus))

    @property
    def relative_error(self) -> float | None:
        """(law - MC) / MC, the paper's convention (positive = the law overpredicts)."""
        if self.law is None or not math.isfinite(self.law) or not math.isfinite(self.mean) or self.mean == 0:
            return None
        return (self.law - self.mean) / self.mean

    def to_json(self) -> dict[str, Any]:
        """The ``psa-mc gamma-c --json`` document (strict JSON: None where a value is not finite)."""
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
            "gamma_c": {
                "mean": _nan_to_none(self.mean),
                "sd": self.sd,
                "per_seed": [_nan_to_none(v) for v in self.per_seed],
                "undefined": self.undefined_reason,
                **(
                    {"sd_undefined": "undefined: needs at least two seeds, each with a gamma_c"}
                    if self.sd is None and len(self.per_seed) > 1
                    else {}
                ),
            },
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

    def plot(self, ax: Axes | None = None, **kwargs: Any) -> Axes:
        """The curves with the extraction midpoint, gamma_c per seed and the law; returns the Axes."""
        from .display import plot_gamma_c

        return plot_gamma_c(self, ax, **kwargs)

    def to_dict(self) -> dict[str, Any]:
        """The ``psa-mc gamma-c --json`` document plus the curves (``curves``)."""
        return dict(self.to_json(), curves=self.curves.to_dict())

    def to_frame(self) -> DataFrame:
        """pandas DataFrame of the curves (``Curves.to_frame``)."""
        return self.curves.to_frame()


def _nan_to_none(v: float) -> float | None:
    return None if not math.isfinite(v) else float(v)


def gamma_c_from_curves(curves: Curves) -> GammaC:
    r""":math:`\gamma_c` from curves already simulated: one §7.9 extraction per seed, and the model's
    closed form beside it.

    :func:`gamma_c_mc` is :func:`simulate_curves` followed by this function; call it yourself to
    extract from curves you keep (e.g. to plot them too).

    Parameters
    ----------
    curves : Curves
        The result of :func:`simulate_curves`.

    Returns
    -------
    GammaC
        ``per_seed`` (NaN for a seed without a transition), ``mean``, ``sd``, ``plateaus``,
        ``law`` (the model's closed form at ``(dk, T)``: eq. 52 for ``t4``) and ``curves``.

    Examples
    --------
    >>> from montecarlo import simulate_curves, gamma_c_from_curves
    >>> curves = simulate_curves(64, 15, trials=2048, seeds=2)
    >>> r = gamma_c_from_curves(curves)
    >>> len(r.per_seed), round(r.law, 3)       # law: eq. (52) at (64, 15)
    (2, 0.602)
    >>> bool(abs(r.mean - r.law) < 0.05)
    True
    """
    per: list[float] = []
    plats: list[float] = []
    for row, sem in zip(curves.per_seed, curves.per_seed_sem):
        g, p = extract_gamma_c(curves.gammas, row, curves.chance, plateau_se=float(sem[-1]))
        per.append(g)
        plats.append(p)
    law = float(get_model(curves.model).law(curves.dk, curves.T))
    return GammaC(curves=curves, per_seed=per, plateaus=plats, law=law)


def gamma_c_mc(
    dk: float,
    T: int,
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
    r"""Monte-Carlo critical coupling :math:`\gamma_c`: one extraction per seed (§7.9), mean and sd over seeds.

    Simulates the competition curves (:func:`simulate_curves`, same parameters) and applies
    the §7.9 rule to each seed: the first upward crossing of the midpoint between the
    chance level and the plateau :math:`A(\gamma_\text{max})`, by linear interpolation on the grid.
    A seed whose plateau is within 3 standard errors of chance has no transition: its
    gamma_c is NaN, and ``gamma_c`` is None with ``undefined_reason`` (:mod:`montecarlo.extract`).
    The model's own closed form is returned beside it (``law``: eq. 52 for ``t4``,
    eq. 69 for ``t3t4``, eq. 55 as printed for ``key``).

    Parameters
    ----------
    dk : float
        Head width :math:`d_k > 0`.
    T : int
        Context length, an integer :math:`\ge 3`.
    trials : int, default 60000
        Trials per seed (§7.9).
    seeds : int, default 5
        Independent seeds ``seed .. seed+seeds-1`` (§7.9).
    seed : int, default 0
        First seed.
    model : {"t4", "t3t4", "key"}, default "t4"
        Score model (Def 62 eq. 49; §10 eq. 68; Cor 69).
    distractors : {"T-2", "T-1"}, default "T-2"
        :math:`m = T - 2` (Def 62, eq. 51) or :math:`m = T - 1` (Rem 72).
    chance : {"T-1", "m+1"}, default "T-1"
        Chance level of the extraction midpoint: :math:`1/(T-1)` (§7.9) or :math:`1/(m+1)`.
    grid : int, default 61
        Grid points on ``[0, gamma_max]``.
    gamma_max : float, default 8
        Largest coupling; :math:`A(\gamma_\text{max})` is the plateau.
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
    try:
        curves = simulate_curves(
            dk,
            T,
            trials=trials,
            seeds=seeds,
            seed=seed,
            model=model,
            distractors=distractors,
            chance=chance,
            grid=grid,
            gamma_max=gamma_max,
            backend=backend,
            block_chunks=block_chunks,
            progress=progress,
        )
    except Interrupted as exc:
        partial = exc.partial if isinstance(exc.partial, Curves) else None  # simulate_curves: Curves or None
        raise Interrupted(gamma_c_from_curves(partial) if partial is not None else None) from None
    return gamma_c_from_curves(curves)


@dataclass
class ArgmaxEstimate:
    """``P(Z_0 + s > max_j Z_j)`` by sampling: ``p`` with its binomial standard error ``se``."""

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

    def to_dict(self) -> dict[str, Any]:
        """The fields as a JSON-ready dict."""
        return {
            "p": self.p,
            "se": self.se,
            "wins": self.wins,
            "trials": self.trials,
            "m": self.m,
            "s": self.s,
            "seed": self.seed,
        }


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
    r"""Monte-Carlo estimate of :math:`P(Z_0 + s > \max_{j \le m} Z_j)`: the argmax limit (51) at SNR :math:`s`.

    With :math:`s = \sqrt{d_k}/2` (eq. 50) and :math:`m = T - 2` this is :func:`theory.laws.p_inf` ``(dk, T)``.

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
    nch, block = _argmax_plan(m, trials, seed, block_chunks)
    wins = 0
    with deferred_sigint():
        for c0, c1 in _blocks(nch, block):
            interrupt_check()
            counts = _call_kernel(be.argmax_chunks, seed, c0, c1, trials, m, s)
            wins += _check_argmax_block(be.name, counts, seed, c0, c1, trials, m, s)
            if progress is not None:
                progress(min(trials, c1 * conv.CHUNK), trials)
        interrupt_check()
    p = wins / trials
    return ArgmaxEstimate(
        p=p, se=math.sqrt(max(p * (1 - p), 0.0) / trials), wins=wins, trials=trials, m=m, s=s, seed=seed
    )


# --- limits and output checks (issue: no silent wrong result) ------------------------------


class EngineFault(RuntimeError):
    """A kernel returned something impossible (non-finite, A outside [0, 1], A(0) != 1/(m+1),
    win counts outside [0, trials]...).  The result is discarded, never returned or stored;
    ``psa-mc`` reports one line and exits 1 (an internal fault, not bad input)."""


#: Relative rounding allowed on a chunk sum of n values in [0, 1] (n <= CHUNK terms).
_SUM_RTOL = 1e-9


def _check_ranges(T: int, trials: int) -> None:
    if T > limits.MAX_EXACT_INT:
        raise ValueError(f"T and m must be <= 2^53 (integers exact in float64), got {limits.format_work(T)}")
    if trials > 2**62:
        raise ValueError(f"trials must be <= 2^62, got {limits.format_work(trials)}")


def _curve_plan(
    mdl: Model, T: int, m: int, trials: int, seeds: int, seed: int, G: int, block_chunks: int | None
) -> tuple[int, int]:
    """(chunks, block of chunks) of a curve run, after the seed range and the resource limits."""
    limits.check_seed_range(seed, seeds)
    nch = _nchunks(trials)
    per_chunk = limits.chunk_scratch_bytes(m, G, conv.LANES) + 2 * G * 8
    block = (
        limits.default_block(nch, per_chunk) if block_chunks is None else _check_int("block_chunks", block_chunks, 1)
    )
    block = min(block, nch)
    what = f"this Monte-Carlo run (T={T}, m={m}, {trials} trials x {seeds} seeds, grid {G})"
    limits.enforce(what, limits.curve_memory(m, G, seeds, block, conv.LANES), limits.curve_work(trials, seeds, m, G))
    return nch, block


def _argmax_plan(m: int, trials: int, seed: int, block_chunks: int | None) -> tuple[int, int]:
    _check_ranges(m + 2, trials)
    limits.check_seed_range(seed, 1)
    nch = _nchunks(trials)
    per_chunk = limits.argmax_memory(m, 1, conv.LANES)
    block = (
        limits.default_block(nch, per_chunk) if block_chunks is None else _check_int("block_chunks", block_chunks, 1)
    )
    block = min(block, nch)
    limits.enforce(
        f"this argmax Monte-Carlo run (m={m}, {trials} trials)",
        limits.argmax_memory(m, block, conv.LANES),
        limits.argmax_work(trials, m),
    )
    return nch, block


def _a0_expected(mdl: Model, dk: float, gammas: FloatArray, m: int) -> float | None:
    """1/(m+1) if the model's target and distractors coincide at gammas[0] (a = b = 0), else None."""
    if gammas[0] != 0.0:
        return None
    a = np.asarray(mdl.a(gammas[:1], dk), dtype=float).ravel()
    b = np.asarray(mdl.b(gammas[:1], dk), dtype=float).ravel()
    if a.size and b.size and a[0] == 0.0 and b[0] == 0.0:
        return 1.0 / (m + 1.0)
    return None


def _call_kernel(fn: Callable[..., _R], *args: Any) -> _R:
    """Run one kernel block; an allocation failure becomes one clear ResourceLimitError."""
    try:
        return fn(*args)
    except MemoryError as exc:
        raise limits.ResourceLimitError(
            f"the kernel could not allocate its memory ({exc or 'MemoryError'}); lower --max-memory or the parameters",
            kind="memory",
            needed=0,
            limit=0,
            flag="--max-memory",
        ) from None
    except SystemError as exc:
        if isinstance(exc.__cause__ or exc.__context__, MemoryError):
            raise limits.ResourceLimitError(
                "the kernel could not allocate its memory; lower --max-memory or the parameters",
                kind="memory",
                needed=0,
                limit=0,
                flag="--max-memory",
            ) from None
        raise


def _chunk_counts(c0: int, c1: int, trials: int) -> FloatArray:
    t0 = np.arange(c0, c1, dtype=np.int64) * conv.CHUNK
    return np.minimum(conv.CHUNK, trials - t0).astype(float)


def _check_curve_block(
    backend: str,
    sums: ArrayLike,
    sqs: ArrayLike,
    seed: int,
    c0: int,
    c1: int,
    trials: int,
    m: int,
    G: int,
    a0: float | None,
) -> None:
    """Raise EngineFault unless the per-chunk sums of A over trials are possible.

    Per chunk of n trials, A in [0, 1]: 0 <= sum A^2 <= sum A <= n, (sum A)^2 <= n sum A^2,
    every value finite, and at a = b = 0 (gamma = 0) every trial gives A = 1/(m+1) exactly,
    so sum A = n/(m+1): this catches an all-zero (failed) block.
    """
    where = f"{backend} curve kernel, seed {seed}, chunks {c0}..{c1 - 1}"
    sums = np.asarray(sums)
    sqs = np.asarray(sqs)
    if sums.shape != (c1 - c0, G) or sqs.shape != (c1 - c0, G):
        raise EngineFault(
            f"internal fault: {where} returned shape {sums.shape}/{sqs.shape}, "
            f"expected {(c1 - c0, G)}; result discarded"
        )
    if not (np.all(np.isfinite(sums)) and np.all(np.isfinite(sqs))):
        raise EngineFault(f"internal fault: {where} returned non-finite sums; result discarded")
    n = _chunk_counts(c0, c1, trials)[:, None]
    tol = _SUM_RTOL * n + 1e-300
    bad = (sums < -tol) | (sums > n + tol) | (sqs < -tol) | (sqs > sums + tol) | (sums * sums > n * sqs + 2 * tol * n)
    if np.any(bad):
        raise EngineFault(f"internal fault: {where} returned A outside [0, 1]; result discarded")
    if a0 is not None and np.any(np.abs(sums[:, 0] - n[:, 0] * a0) > tol[:, 0] + n[:, 0] * 1e-12):
        got = float(sums[0, 0] / n[0, 0])
        raise EngineFault(
            f"internal fault: {where} returned A(0) = {got:.6g}, not 1/(m+1) = {a0:.6g}; result discarded"
        )


def _check_argmax_block(
    backend: str, counts: ArrayLike, seed: int, c0: int, c1: int, trials: int, m: int, s: float
) -> int:
    """Raise EngineFault unless the win counts are possible; return their sum.

    Counts are integers in [0, n] per chunk; for s >= 0, P(win) >= 1/(m+1) (the target
    dominates an exchangeable candidate), so no win at all in N trials has probability
    <= (m/(m+1))^N: below 1e-15 it is a fault, not chance.
    """
    where = f"{backend} argmax kernel, seed {seed}, chunks {c0}..{c1 - 1}"
    counts = np.asarray(counts)
    if counts.shape != (c1 - c0,):
        raise EngineFault(f"internal fault: {where} returned shape {counts.shape}; result discarded")
    n = _chunk_counts(c0, c1, trials)
    if (
        not np.all(np.isfinite(counts))
        or np.any(counts < 0)
        or np.any(counts > n)
        or np.any(counts != np.round(counts))
    ):
        raise EngineFault(f"internal fault: {where} returned win counts outside [0, trials]; result discarded")
    total = int(np.sum(counts.astype(np.int64)))
    if s >= 0 and total == 0 and float(n.sum()) * math.log1p(-1.0 / (m + 1.0)) < math.log(1e-15):
        raise EngineFault(
            f"internal fault: {where} returned no win in {int(n.sum())} trials, "
            f"impossible at s >= 0 (P >= 1/(m+1)); result discarded"
        )
    return total
