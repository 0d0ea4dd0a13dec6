"""``psa-mc conventions``: which distractor count m and chance level reproduce each printed
Monte-Carlo number (§7.9, §7.10, C7, C8, Rem 70)."""

from __future__ import annotations

from psa_io.entry import toolkit_version
from psa_io.terminal import console, progress_bar
from psa_io.usage import EXIT_OK, int_at_least

from ._common import print_json, usage_errors
from .options import JSON_HELP, add_seeds


def add_parser(sub) -> None:
    cv = sub.add_parser(
        "conventions",
        help="which m and chance level reproduce each printed MC number",
        description="Recompute every printed Monte-Carlo number of §7.9, §7.10, C7, C8 and Rem 70 "
        "under m = T-2 and m = T-1 (chance 1/(T-1) or 1/T): exact values and MC.",
    )
    cv.add_argument(
        "--no-mc", action="store_true", help="exact values only (seconds); rows between the two SE bounds stay open"
    )
    add_seeds(cv, trials="MC trials per seed", seeds="MC seeds (>= 2)", seed="first seed (default 0)", min_seeds=2)
    cv.add_argument("--c7-trials", type=int_at_least(1), default=1_000_000, help="argmax MC trials per C7 point")
    cv.add_argument("--only", metavar="ID[,ID...]", help="only these items (e.g. sec7.9.smoke,C8.a)")
    cv.add_argument("--json", action="store_true", help=JSON_HELP)


def conventions_command(args) -> int:
    from montecarlo import conventions_report as cr

    with progress_bar("conventions", enabled=not args.json and not args.no_mc) as update:
        only = None if args.only is None else [i.strip() for i in args.only.split(",") if i.strip()]
        rep = usage_errors(
            cr.build_report,
            mc=not args.no_mc,
            trials=args.trials,
            seeds=args.seeds,
            seed=args.seed,
            c7_trials=args.c7_trials,
            only=only,
            progress=update,
        )
    if args.json:
        doc = rep.to_json()
        doc["toolkit_version"] = toolkit_version()
        print_json(doc)
        return EXIT_OK
    cr.render(rep, console())
    return EXIT_OK
