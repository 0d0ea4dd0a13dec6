"""The options of the ``psa-mc`` commands, one definition each (choices, defaults, types), so that
every command that takes ``--model`` or ``--chance`` takes the same one; ``cli.py`` calls these
when it builds its parser.  Defaults come from :mod:`montecarlo.conventions`."""

from __future__ import annotations

import argparse
from typing import Callable

from psa_io.usage import int_at_least, positive_float

from .. import conventions as conv
from .. import limits

MODEL_HELP = "t4: Def 62 (default); t3t4: §10 eq. (68); key: Cor 69 eqs. (57)-(58)"
DISTRACTORS_HELP = "distractor count m: T-2 (Def 62, default) or T-1 (Rem 72)"
JSON_HELP = "print one JSON document on stdout"


def add_grid_point(p: argparse.ArgumentParser) -> None:
    """``--dk`` and ``--T``, both required."""
    p.add_argument("--dk", type=positive_float, required=True, help="head width d_k (> 0)")
    p.add_argument("--T", type=int_at_least(3), required=True, help="context length T (>= 3)")


def add_model(p: argparse.ArgumentParser) -> None:
    p.add_argument("--model", choices=["t4", "t3t4", "key"], default="t4", help=MODEL_HELP)


def add_distractors(p: argparse.ArgumentParser, help: str = DISTRACTORS_HELP) -> None:
    p.add_argument(
        "--distractors", choices=list(conv.DISTRACTOR_CONVENTIONS), default=conv.DEFAULT_DISTRACTORS, help=help
    )


def add_chance(p: argparse.ArgumentParser, help: str) -> None:
    p.add_argument("--chance", choices=list(conv.CHANCE_RULES), default=conv.DEFAULT_CHANCE, help=help)


def add_grid(p: argparse.ArgumentParser, help: str) -> None:
    """``--grid`` (points of the coupling grid) and ``--gamma-max`` (its last point)."""
    p.add_argument("--grid", type=int_at_least(2), default=conv.DEFAULT_GRID, help=help)
    p.add_argument(
        "--gamma-max",
        type=positive_float,
        default=conv.DEFAULT_GAMMA_MAX,
        help=f"largest coupling of the grid (default {conv.DEFAULT_GAMMA_MAX:g})",
    )


def add_seeds(p: argparse.ArgumentParser, trials: str, seeds: str, seed: str, min_seeds: int = 1) -> None:
    """``--trials`` (per seed), ``--seeds`` (how many) and ``--seed`` (the first)."""
    p.add_argument("--trials", type=int_at_least(1), default=conv.DEFAULT_TRIALS, help=trials)
    p.add_argument("--seeds", type=int_at_least(min_seeds), default=conv.DEFAULT_SEEDS, help=seeds)
    p.add_argument("--seed", type=int_at_least(0), default=conv.DEFAULT_SEED, help=seed)


def add_mc_options(p: argparse.ArgumentParser, *, model: bool = True, grid_point: bool = True) -> None:
    """The options of a Monte-Carlo run of a model: ``gamma-c``, ``curve``, ``sweep``."""
    if grid_point:
        add_grid_point(p)
    if model:
        add_model(p)
    add_seeds(
        p,
        trials=f"trials per seed (default {conv.DEFAULT_TRIALS})",
        seeds=f"number of seeds (default {conv.DEFAULT_SEEDS}); standard errors come from their spread",
        seed="first seed; seeds used are seed, seed+1, ... (default 0)",
    )
    add_grid(p, f"points of the coupling grid linspace(0, gamma-max, grid) (default {conv.DEFAULT_GRID})")
    add_distractors(p)
    add_chance(p, "chance level of the extraction midpoint: 1/(T-1) as §7.9 prints (default) or 1/(m+1) = A(0)")
    p.add_argument("--backend", choices=["cpu", "gpu"], default="cpu", help="execution backend (default cpu)")
    p.add_argument("--json", action="store_true", help=JSON_HELP)


def mc_common(args) -> dict:
    """The keyword arguments of a Monte-Carlo run from the options of :func:`add_mc_options`."""
    return dict(
        trials=args.trials,
        seeds=args.seeds,
        seed=args.seed,
        grid=args.grid,
        gamma_max=args.gamma_max,
        distractors=args.distractors,
        chance=args.chance,
        backend=args.backend,
    )


def _limit_type(parser_name: str, label: str) -> Callable[[str], object]:
    """An argparse type for a --max-memory / --max-work value (``montecarlo.limits.parse_*``)."""

    def parse(text: str):
        try:
            v = getattr(limits, parser_name)(text)
        except ValueError as exc:
            raise argparse.ArgumentTypeError(str(exc)) from None
        return "unlimited" if v is None else v

    parse.__name__ = label
    return parse


size_limit = _limit_type("parse_size", "size")
work_limit = _limit_type("parse_work", "work units")


def add_limit_options(p: argparse.ArgumentParser) -> None:
    """``--max-memory`` and ``--max-work`` (:mod:`montecarlo.limits`)."""
    p.add_argument(
        "--max-memory",
        type=size_limit,
        default=None,
        metavar="SIZE",
        help=f"refuse runs estimated to need more memory (e.g. 8GiB, 512MB, unlimited; default "
        f"${limits.ENV_MEMORY} or {limits.format_size(limits.DEFAULT_MAX_MEMORY)})",
    )
    p.add_argument(
        "--max-work",
        type=work_limit,
        default=None,
        metavar="UNITS",
        help=f"refuse runs estimated to need more work units (trials x seeds x m x grid for "
        f"the kernels; e.g. 1e14, unlimited; default ${limits.ENV_WORK} or "
        f"{limits.format_work(limits.DEFAULT_MAX_WORK)})",
    )
