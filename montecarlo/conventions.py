"""The one place for the Monte-Carlo conventions and defaults.

Everything an output must state (distractor convention, chance level, grid,
extraction rule) is derived here, so that the engine, the CLI and the
certificates cannot disagree.
"""
from __future__ import annotations

import math

import numpy as np

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
    "first upward crossing of (chance + plateau)/2, linear interpolation between grid "
    "points; plateau = A(gamma_max)"
)


def check_int(name: str, value, low: int) -> int:
    """An integer >= ``low`` (bools and non-integral numbers rejected), or ValueError."""
    if isinstance(value, bool) or int(value) != value or value < low:
        raise ValueError(f"{name} must be an integer >= {low}, got {value!r}")
    return int(value)


def check_dk(dk) -> float:
    """A head width: finite and > 0, or ValueError."""
    dk = float(dk)
    if not math.isfinite(dk) or dk <= 0:
        raise ValueError(f"dk must be finite and > 0, got {dk!r}")
    return dk


def distractor_count(T: int, distractors: str = DEFAULT_DISTRACTORS) -> int:
    """Number of distractors m for a context of length T under a convention."""
    if distractors not in DISTRACTOR_CONVENTIONS:
        raise ValueError(
            f"distractors must be one of {', '.join(DISTRACTOR_CONVENTIONS)}, got {distractors!r}"
        )
    T = int(T)
    if T < 3:
        raise ValueError(f"T must be >= 3, got {T}")
    return T - 2 if distractors == "T-2" else T - 1


#: Chance level used by the gamma_c extraction.  §7.9 prints "chance 1/(T-1)"; that is
#: the exact gamma = 0 value A(0) = 1/(m+1) only under m = T - 2.  "m+1" uses A(0) itself.
CHANCE_RULES = ("T-1", "m+1")
DEFAULT_CHANCE = "T-1"


def chance(T: int, m: int, rule: str = DEFAULT_CHANCE) -> float:
    """Chance level for the extraction midpoint: 1/(T-1) (§7.9, default) or 1/(m+1) = A(0)."""
    if rule not in CHANCE_RULES:
        raise ValueError(f"chance must be one of {', '.join(CHANCE_RULES)}, got {rule!r}")
    return 1.0 / (T - 1.0) if rule == "T-1" else 1.0 / (m + 1.0)


def gamma_grid(grid: int = DEFAULT_GRID, gamma_max: float = DEFAULT_GAMMA_MAX) -> np.ndarray:
    """The coupling grid ``linspace(0, gamma_max, grid)`` (§7.9)."""
    if int(grid) != grid or grid < 2:
        raise ValueError(f"grid must be an integer >= 2, got {grid!r}")
    if not np.isfinite(gamma_max) or gamma_max <= 0:
        raise ValueError(f"gamma-max must be finite and > 0, got {gamma_max!r}")
    return np.linspace(0.0, float(gamma_max), int(grid))


def seed_list(seed: int, seeds: int) -> list[int]:
    """Seeds ``seed, seed+1, ..., seed+seeds-1``; each seed is an independent stream."""
    if int(seeds) != seeds or seeds < 1:
        raise ValueError(f"seeds must be an integer >= 1, got {seeds!r}")
    if int(seed) != seed or seed < 0:
        raise ValueError(f"seed must be an integer >= 0, got {seed!r}")
    return [int(seed) + i for i in range(int(seeds))]
