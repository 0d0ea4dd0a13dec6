"""Monte-Carlo engine for the reduced Gaussian score models (Def 62, Cor 69, §10).

>>> from montecarlo import gamma_c_mc
>>> r = gamma_c_mc(64, 15, trials=2000, seeds=2)   # doctest: +SKIP
"""
from .conventions import CHANCE_RULES, DISTRACTOR_CONVENTIONS, chance, distractor_count, gamma_grid
from .engine import (ArgmaxEstimate, Curves, GammaC, Interrupted, argmax_probability, gamma_c_from_curves,
                     gamma_c_mc, simulate_curves)
from .extract import extract_gamma_c
from .models import MODELS, get_model

__all__ = [
    "CHANCE_RULES", "DISTRACTOR_CONVENTIONS", "chance", "distractor_count", "gamma_grid",
    "ArgmaxEstimate", "Curves", "GammaC", "Interrupted", "argmax_probability", "gamma_c_from_curves",
    "gamma_c_mc",
    "simulate_curves", "extract_gamma_c", "MODELS", "get_model",
]
