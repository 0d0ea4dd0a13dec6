"""``psa-mc plot``: the paper's Figs. 7a, 7b, 8a, 8c and the exact error map (PNG + SVG)."""

from __future__ import annotations

import os

from psa_io.outputs import Outputs
from psa_io.usage import EXIT_OK, UsageError, int_at_least, nonempty_path

from .. import conventions as conv
from .options import add_chance, add_distractors, add_seeds


def add_parser(sub) -> None:
    pl = sub.add_parser(
        "plot",
        help="the paper's Figs. 7a, 7b, 8a, 8c and the exact error map (PNG + SVG)",
        description="Recompute and draw the figures (needs matplotlib: the 'plot' extra).",
    )
    pl.add_argument(
        "figures", nargs="+", metavar="FIGURE", help="one or more of fig7a, fig7b, fig8a, fig8c, error-map, or all"
    )
    pl.add_argument("--out", default="figures", type=nonempty_path, help="output directory (default ./figures)")
    add_seeds(
        pl,
        trials=f"MC trials per seed (default {conv.DEFAULT_TRIALS})",
        seeds=f"MC seeds (default {conv.DEFAULT_SEEDS})",
        seed="first seed (default 0)",
    )
    add_distractors(
        pl,
        "distractor count m: T-2 (default; the paper's §7.10 T axis, Fig. 8a) or T-1 (the paper's §7.9 grid, Fig. 7)",
    )
    add_chance(pl, "chance level: 1/(T-1) (default) or 1/(m+1)")
    pl.add_argument(
        "--argmax-trials",
        type=int_at_least(1),
        default=1_000_000,
        help="argmax MC trials per C7 checkpoint in fig8c (default 1,000,000)",
    )


def plot_command(args) -> int:
    from montecarlo import plots

    figs = ["all"] if "all" in args.figures else args.figures
    bad = [f for f in figs if f != "all" and f not in plots.FIGURES]
    if bad:
        raise UsageError(f"psa-mc: unknown figure {bad[0]!r}; choose from {', '.join(plots.FIGURES)} or all")
    _check_folder(args.out, plots.output_paths("all" if figs == ["all"] else figs, args.out))
    s = plots.MCSettings(
        trials=args.trials, seeds=args.seeds, seed=args.seed, distractors=args.distractors, chance=args.chance
    )
    try:
        res = plots.make("all" if figs == ["all"] else figs, args.out, s, fig8c={"argmax_trials": args.argmax_trials})
    except plots.PlotUnavailable as exc:
        raise UsageError(f"psa-mc: {exc}") from None
    except OSError as exc:
        raise UsageError(f"psa-mc: cannot write figures to {args.out}: {exc.strerror}") from None
    for name, r in res.items():
        print(f"{name}: {', '.join(r['paths'])}")
    return EXIT_OK


def _check_folder(folder: str, paths: list[str]) -> None:
    """Before any figure is computed: ``--out`` is a folder (or can be made) that can be written,
    and none of the figure files in it is something other than a regular file (exit 2)."""
    if os.path.lexists(folder) and not os.path.isdir(folder):
        raise UsageError(f"psa-mc: cannot write figures to {folder} (--out): it is not a folder")
    if not os.path.isdir(folder):
        parent = os.path.dirname(os.path.abspath(folder))
        while not os.path.lexists(parent):
            parent = os.path.dirname(parent)
        if not os.path.isdir(parent) or not os.access(parent, os.W_OK | os.X_OK):
            raise UsageError(f"psa-mc: cannot write figures to {folder} (--out): cannot create it in {parent}")
        return
    with Outputs("psa-mc") as outs:
        for path in paths:
            if outs.add("--out", path).kind != "file":
                raise UsageError(f"psa-mc: cannot write {path} (--out): not a regular file; not replacing it")
