"""The one place for the Monte-Carlo conventions and defaults.

Everything an output must state (distractor convention, chance level, grid,
extraction rule) is derived here, so that the engine, the CLI and the
certificates cannot disagree.
"""

from __future__ import annotations

from fractions import Fraction
from typing import TYPE_CHECKING, Any, TypedDict

import numpy as np

if TYPE_CHECKING:
    from theory._types import ArrayLike, FloatArray

# theory._validate (which imports theory.laws and SciPy) is imported by the checks that use it, so
# that the constants and names below cost no more than NumPy (psa-mc --help, the parser's choices)

#: §7.9 protocol: 5 seeds x 60,000 trials, 61-point grid on [0, 8].
DEFAULT_TRIALS = 60_000
DEFAULT_SEEDS = 5
DEFAULT_SEED = 0
DEFAULT_GRID = 61
DEFAULT_GAMMA_MAX = 8.0

#: Distractor conventions: Def 62 / eq. (51) use m = T - 2; Rem 72 mentions m = T - 1.
DISTRACTOR_CONVENTIONS = ("T-2", "T-1")
DEFAULT_DISTRACTORS = "T-2"

#: Trials are reduced in fixed chunks of this many, in trial order, then the chunk
#: sums are added in chunk order.  The chunking never depends on the thread count or
#: on the block size a caller asks for, so results are bit-identical for both.
CHUNK = 512

#: Trials evaluated side by side in the SIMD lanes of the CPU kernel (a performance
#: knob only: every trial's arithmetic is independent of its lane).
LANES = 32

#: In the T4 kernel a distractor term exp(g^2 x) with g^2 x < -LOGCUT (e^-45 ~ 3e-20)
#: is dropped.  With m <= 4e3 distractors the dropped mass is below 1.2e-16, i.e. below
#: float64 resolution of the per-trial value 1/(1 + S).  The rule is part of the
#: definition of the estimator, so every backend applies it identically.
LOGCUT = 45.0

#: gamma_c extraction rule (§7.9): first crossing of the midpoint between chance and the
#: plateau (the value at the largest grid coupling), by linear interpolation on the grid.
EXTRACTION_RULE = (
    "first upward crossing of (chance + plateau)/2, linear interpolation between grid points; plateau = A(gamma_max); "
    "undefined (no transition) where plateau - chance <= 3 SE(plateau) + 1e-9 chance (montecarlo.extract)"
)


class Preset(TypedDict):
    """A preset sweep: its grid axes and where the paper reports it."""

    dks: tuple[float, ...]
    Ts: tuple[int, ...]
    section: str
    title: str


#: Presets: the §7.9 grid and the §7.10 T-axis scan (5 seeds x 60,000 trials, 61-point grid).
PRESETS: dict[str, Preset] = {
    "paper-grid": {
        "dks": (4, 8, 16, 32, 64, 128),
        "Ts": (10, 15, 25),
        "section": "§7.9",
        "title": "the two-branch law against Monte Carlo (18 points)",
    },
    "t-axis": {
        "dks": (16,),
        "Ts": (6, 8, 9, 10, 12, 15, 20, 25, 30, 40),
        "section": "§7.10",
        "title": "the condensed branch along T at dk = 16 (10 points)",
    },
}


def check_int(name: str, value: Any, low: int) -> int:
    """An integer >= ``low`` as a Python int, or ValueError (:func:`theory._validate.check_int`).

    ``int``/``np.integer`` or an integral float (``15.0``); bools, strings, lists and
    non-integral numbers (``15.5``) are rejected, as in :mod:`theory.laws`.
    """
    from theory import _validate

    return _validate.check_int(name, value, low)


def check_dk(dk: Any) -> float:
    """One head width: a real number, finite and > 0, as a float, or ValueError.

    The rules are :func:`theory._validate.check_dk`; the Monte Carlo takes one ``dk``
    per call (a list or array is rejected: use :func:`montecarlo.sweep.run_sweep`).
    """
    from theory import _validate

    if np.ndim(dk) != 0:
        raise ValueError(f"dk must be a single number here, got {dk!r}; run a grid with montecarlo.sweep.run_sweep")
    return float(_validate.check_dk(dk))


def check_real(name: str, value: Any, low: float | None = None) -> FloatArray:
    """A finite real number or array (``> low`` if given), or ValueError (:func:`theory._validate.check_real`)."""
    from theory import _validate

    return _validate.check_real(name, value, low=low)


def distractor_count(T: int, distractors: str = DEFAULT_DISTRACTORS) -> int:
    r"""The number of distractors :math:`m` for a context of length :math:`T` under a convention.

    Def 62 and eq. (51) count :math:`m = T - 2` distractors (one of the :math:`T - 1` scored
    positions is the target); Rem 72 discusses :math:`m = T - 1` (all :math:`T - 1` positions
    scored against an independently drawn target, the convention of certificate C7).

    Parameters
    ----------
    T : int
        Context length, an integer :math:`\ge 3`.
    distractors : {"T-2", "T-1"}, default "T-2"
        The convention (:data:`DISTRACTOR_CONVENTIONS`).

    Returns
    -------
    int
        :math:`m`.

    Raises
    ------
    ValueError
        An unknown convention, or ``T`` not an integer >= 3.

    Examples
    --------
    >>> from montecarlo import distractor_count
    >>> distractor_count(15), distractor_count(15, "T-1")
    (13, 14)
    """
    if distractors not in DISTRACTOR_CONVENTIONS:
        raise ValueError(f"distractors must be one of {', '.join(DISTRACTOR_CONVENTIONS)}, got {distractors!r}")
    T = check_int("T", T, 3)
    return T - 2 if distractors == "T-2" else T - 1


#: Chance level used by the gamma_c extraction.  §7.9 prints "chance 1/(T-1)"; that is
#: the exact gamma = 0 value A(0) = 1/(m+1) only under m = T - 2.  "m+1" uses A(0) itself.
CHANCE_RULES = ("T-1", "m+1")
DEFAULT_CHANCE = "T-1"


def chance_fraction(T: int, m: int, rule: str = DEFAULT_CHANCE) -> Fraction:
    """The chance level exactly: 1/(T-1) (§7.9, default) or 1/(m+1) = A(0)."""
    if rule not in CHANCE_RULES:
        raise ValueError(f"chance must be one of {', '.join(CHANCE_RULES)}, got {rule!r}")
    return Fraction(1, int(T) - 1) if rule == "T-1" else Fraction(1, int(m) + 1)


def chance(T: int, m: int, rule: str = DEFAULT_CHANCE) -> float:
    r"""The chance level of the §7.9 extraction midpoint: :math:`1/(T-1)` (§7.9, default) or
    :math:`1/(m+1)`.

    §7.9 extracts :math:`\gamma_c` where the curve :math:`A(\gamma)` first crosses the midpoint
    between chance and the plateau, and prints "chance :math:`1/(T-1)`".  That equals the model's
    exact value at :math:`\gamma = 0`, :math:`A(0) = 1/(m+1)`, only when :math:`m = T - 2`; the rule
    ``"m+1"`` uses :math:`A(0)` itself.  The value is :func:`chance_fraction` (exact) correctly
    rounded to a float.

    Parameters
    ----------
    T : int
        Context length.
    m : int
        Distractor count (:func:`distractor_count`); used by ``rule="m+1"`` only.
    rule : {"T-1", "m+1"}, default "T-1"
        The rule (:data:`CHANCE_RULES`).

    Returns
    -------
    float
        The chance level.

    Examples
    --------
    >>> from montecarlo import chance
    >>> chance(15, 13) == 1 / 14
    True
    >>> chance(15, 14, "m+1") == 1 / 15      # m = T - 1: A(0) = 1/15, not 1/14
    True
    """
    return float(chance_fraction(T, m, rule))


def gamma_grid(grid: int = DEFAULT_GRID, gamma_max: float = DEFAULT_GAMMA_MAX) -> FloatArray:
    r"""The coupling grid of §7.9: ``grid`` equally spaced values :math:`0 = \gamma_0 < \dots <
    \gamma_{G-1} = \gamma_\text{max}` (``numpy.linspace(0, gamma_max, grid)``).

    Parameters
    ----------
    grid : int, default 61
        Number of grid points, >= 2 (§7.9: 61).
    gamma_max : float, default 8.0
        The largest coupling, >= 0; :math:`A(\gamma_\text{max})` is the plateau of the extraction.

    Returns
    -------
    numpy.ndarray
        Shape ``(grid,)``.

    Examples
    --------
    >>> from montecarlo import gamma_grid
    >>> g = gamma_grid()
    >>> len(g), float(g[1]), float(g[-1])
    (61, 0.13333333333333333, 8.0)
    >>> gamma_grid(5, 2.0)
    array([0. , 0.5, 1. , 1.5, 2. ])
    """
    grid = check_int("grid", grid, 2)
    if np.ndim(gamma_max) != 0:
        raise ValueError(f"gamma_max must be a single number, got {gamma_max!r}")
    gamma_max = float(check_real("gamma_max", gamma_max, low=0.0))
    return np.linspace(0.0, gamma_max, grid)


def seed_list(seed: int, seeds: int) -> list[int]:
    """Seeds ``seed, seed+1, ..., seed+seeds-1``; each seed is an independent stream."""
    seeds = check_int("seeds", seeds, 1)
    seed = check_int("seed", seed, 0)
    return [seed + i for i in range(seeds)]


def uniform_grid_step(gammas: ArrayLike) -> float | None:
    """``h`` if ``gammas == h * arange(G)`` to rounding (a grid of :func:`gamma_grid`), else None;
    the backends pass the t4 model's kernel such a grid by its step."""
    g = np.asarray(gammas, dtype=float)
    if g.size < 2 or g[0] != 0.0:
        return None
    h = g[-1] / (g.size - 1)
    if h <= 0 or not np.allclose(g, h * np.arange(g.size), rtol=1e-12, atol=1e-14):
        return None
    return float(h)
