"""Monte-Carlo engine for the reduced Gaussian score models (Def 62, Cor 69, §10).

Public entry points (all keyword parameters explicit and documented):

* :func:`gamma_c_mc` -- gamma_c per seed by the §7.9 extraction, with the model's law;
* :func:`simulate_curves` -- the whole competition curve A(gamma) per seed;
* :func:`argmax_probability` -- the argmax limit (51) by sampling;
* :func:`gamma_c_exact` / :func:`exact_curve` -- the same without sampling noise (quadrature);
* :func:`run_sweep` -- gamma_c over a (dk, T) grid (cached, resumable).

Results (:class:`GammaC`, :class:`Curves`, :class:`ArgmaxEstimate`, ...) show a short repr
and, in a notebook, a small table with the conventions, seeds and standard errors;
curves and sweeps have ``.plot()``, ``.to_dict()`` and ``.to_frame()``.

Compiled kernels are cached (see :mod:`montecarlo._jit`; ``psa-mc warmup`` fills the cache).

>>> from montecarlo import gamma_c_mc
>>> r = gamma_c_mc(64, 15, trials=2000, seeds=2)   # doctest: +SKIP
"""

from typing import TYPE_CHECKING, Any

from . import _jit  # noqa: F401  (first: chooses the Numba cache folder before any kernel exists)

if TYPE_CHECKING:  # for a type checker the lazy names are plain imports (see __getattr__)
    from .conventions import CHANCE_RULES, DISTRACTOR_CONVENTIONS, chance, distractor_count, gamma_grid
    from .engine import (
        ArgmaxEstimate,
        Curves,
        EngineFault,
        GammaC,
        Interrupted,
        argmax_probability,
        gamma_c_from_curves,
        gamma_c_mc,
        simulate_curves,
    )
    from .exact import curve as exact_curve
    from .exact import gamma_c_exact
    from .extract import extract_gamma_c
    from .limits import ResourceLimitError
    from .models import MODELS, get_model
    from .store import DamagedRecordWarning
    from .sweep import SweepInterrupted, run_sweep

__all__ = [
    "CHANCE_RULES",
    "DISTRACTOR_CONVENTIONS",
    "chance",
    "distractor_count",
    "gamma_grid",
    "ArgmaxEstimate",
    "Curves",
    "GammaC",
    "Interrupted",
    "argmax_probability",
    "gamma_c_from_curves",
    "gamma_c_mc",
    "simulate_curves",
    "extract_gamma_c",
    "MODELS",
    "get_model",
    "gamma_c_exact",
    "exact_curve",
    "run_sweep",
    "EngineFault",
    "ResourceLimitError",
    "SweepInterrupted",
    "DamagedRecordWarning",
]

#: Every public name is imported on first use: ``import montecarlo`` (or a submodule such as
#: :mod:`montecarlo.storekey`) costs no Numba, SciPy or kernel import; the kernels' modules install
#: the cache guard of :mod:`montecarlo._jit` when they are imported.
_LAZY = {
    "CHANCE_RULES": ("conventions", "CHANCE_RULES"),
    "DISTRACTOR_CONVENTIONS": ("conventions", "DISTRACTOR_CONVENTIONS"),
    "chance": ("conventions", "chance"),
    "distractor_count": ("conventions", "distractor_count"),
    "gamma_grid": ("conventions", "gamma_grid"),
    "ArgmaxEstimate": ("engine", "ArgmaxEstimate"),
    "Curves": ("engine", "Curves"),
    "EngineFault": ("engine", "EngineFault"),
    "GammaC": ("engine", "GammaC"),
    "Interrupted": ("engine", "Interrupted"),
    "argmax_probability": ("engine", "argmax_probability"),
    "gamma_c_from_curves": ("engine", "gamma_c_from_curves"),
    "gamma_c_mc": ("engine", "gamma_c_mc"),
    "simulate_curves": ("engine", "simulate_curves"),
    "extract_gamma_c": ("extract", "extract_gamma_c"),
    "ResourceLimitError": ("limits", "ResourceLimitError"),
    "MODELS": ("models", "MODELS"),
    "get_model": ("models", "get_model"),
    "gamma_c_exact": ("exact", "gamma_c_exact"),
    "exact_curve": ("exact", "curve"),
    "run_sweep": ("sweep", "run_sweep"),
    "SweepInterrupted": ("sweep", "SweepInterrupted"),
    "DamagedRecordWarning": ("store", "DamagedRecordWarning"),
}
_SUBMODULES = (
    "conventions",
    "engine",
    "exact",
    "sweep",
    "store",
    "stats",
    "models",
    "backends",
    "induction",
    "plots",
    "display",
    "rng",
    "extract",
    "limits",
)


if not TYPE_CHECKING:  # hidden from type checkers, which would type every unknown attribute by it

    def __getattr__(name: str) -> Any:
        """Public names are imported on first use (Numba kernels, SciPy/mpmath, dask: see ``_LAZY``)."""
        if name in _LAZY:
            import importlib

            mod, attr = _LAZY[name]
            value = getattr(importlib.import_module(f"{__name__}.{mod}"), attr)
            globals()[name] = value  # the next lookup is a plain attribute
            return value
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def __dir__() -> list[str]:
    """Public names and public submodules only."""
    return sorted(set(__all__) | set(_SUBMODULES))
