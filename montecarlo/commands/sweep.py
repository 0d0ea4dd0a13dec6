"""``psa-mc sweep``: gamma_c over a (dk, T) grid with the statistics of §7.9/§7.10, kept in a result
store and reused."""

from __future__ import annotations

import sys

from psa_io.escape import terminal
from psa_io.terminal import console, progress_bar
from psa_io.usage import EXIT_INTERRUPT, EXIT_OK, UsageError, csv_of, int_at_least, nonempty_path, positive_float

from ._common import print_json
from .options import add_mc_options, mc_common


def add_parser(sub) -> None:
    from montecarlo.conventions import PRESETS

    sw = sub.add_parser(
        "sweep",
        help="gamma_c over a (dk, T) grid with the statistics of §7.9/§7.10",
        description="gamma_c at every (dk, T) point beside the law (52), the relative error "
        "(law-MC)/MC, the branch, and the statistics the paper prints (§7.9, §7.10). "
        "Finished points are kept in a result store and reused.",
        epilog="Store: --store DIR, else $PSA_TOOLKIT_STORE, else ~/.cache/psa-toolkit/sweeps.  A store "
        "folder that cannot be made is refused before any work (exit 2).  A point the store cannot keep "
        "(read-only, disk full) is still printed: one line on stderr says which were not kept, and the "
        "exit code is that of the computation (0), since the results are complete.",
    )
    sw.add_argument("--dk", type=csv_of(positive_float), help="head widths, e.g. 4,8,16,32,64,128")
    sw.add_argument("--T", type=csv_of(int_at_least(3)), help="context lengths, e.g. 10,15,25")
    sw.add_argument(
        "--preset",
        choices=list(PRESETS),
        help="paper-grid: §7.9 (dk 4..128 x T 10,15,25); t-axis: §7.10 (dk 16, ten T)",
    )
    add_mc_options(sw, grid_point=False)
    sw.add_argument("--store", metavar="DIR", type=nonempty_path, help="result store folder (see below)")
    sw.add_argument("--fresh", action="store_true", help="recompute every point, ignoring stored ones")
    sw.add_argument(
        "--trust-store",
        action="store_true",
        help="use stored points that are not signed by your store key (a store made by someone else); "
        "says once which store is trusted",
    )
    where = sw.add_mutually_exclusive_group()
    where.add_argument("--scheduler", metavar="tcp://HOST:PORT", help="run the points on this Dask scheduler")
    where.add_argument(
        "--dask-local",
        type=int_at_least(1),
        metavar="N",
        help="run the points on a local Dask cluster of N worker processes",
    )


def sweep_command(args) -> int:
    import contextlib

    from montecarlo.backends import BackendUnavailable
    from montecarlo.store import ResultStore, StoreError
    from montecarlo.sweep import PRESETS, DaskUnavailable, dask_client, run_sweep

    if args.preset and (args.dk or args.T):
        raise UsageError("psa-mc sweep: give either --preset or --dk/--T, not both")
    if args.preset:
        dks, Ts = PRESETS[args.preset]["dks"], PRESETS[args.preset]["Ts"]
    elif args.dk and args.T:
        dks, Ts = args.dk, args.T
    else:
        raise UsageError("psa-mc sweep: give --dk and --T (comma-separated) or --preset (see --help)")
    import warnings

    from montecarlo.store import DamagedRecordWarning
    from montecarlo.sweep import SweepInterrupted

    def one_line(message, category, *rest, **kw):  # one stderr line per damaged point
        if issubclass(category, DamagedRecordWarning):
            print(f"psa-mc sweep: {str(message).splitlines()[0]}", file=sys.stderr)
        else:
            print(f"psa-mc sweep: warning: {str(message).splitlines()[0]}", file=sys.stderr)

    try:
        store = ResultStore(args.store, trust_store=args.trust_store)
    except StoreError as exc:
        raise UsageError(f"psa-mc sweep: {exc}") from None
    try:
        with contextlib.ExitStack() as stack:
            stack.enter_context(warnings.catch_warnings())
            warnings.simplefilter("always", DamagedRecordWarning)
            warnings.showwarning = one_line
            client = None
            if args.scheduler or args.dask_local:
                client = stack.enter_context(dask_client(scheduler=args.scheduler, local_workers=args.dask_local))
            update = stack.enter_context(progress_bar(f"sweep ({len(dks) * len(Ts)} points)", enabled=True))
            sw = run_sweep(
                dks,
                Ts,
                model=args.model,
                **mc_common(args),
                store=store,
                fresh=args.fresh,
                client=client,
                progress=update,
                preset=args.preset,
            )
    except SweepInterrupted as exc:
        kept = f"kept in the store {exc.store}" if exc.store else "not stored (no store)"
        if exc.store and exc.not_kept:
            kept += f" but {exc.not_kept} it could not write"
        print(
            f"psa-mc sweep: interrupted; {exc.done} of {exc.total} points finished ({exc.reused} from the "
            f"store), {kept}; the point in flight was not stored",
            file=sys.stderr,
        )
        return EXIT_INTERRUPT
    except (ValueError, StoreError, DaskUnavailable, BackendUnavailable, OSError) as exc:
        raise UsageError(f"psa-mc sweep: {str(exc) or type(exc).__name__}") from None
    if args.json:
        print_json(sw.to_json())
    else:
        from montecarlo.sweep_report import render_sweep

        render_sweep(sw, console())
    if sw.not_kept:  # the points are printed above; the store did not keep them (still exit 0)
        n, computed = len(sw.not_kept), len(sw.points) - sw.reused
        print(
            terminal(
                f"psa-mc sweep: {n} of the {computed} points computed now {'was' if n == 1 else 'were'} not kept: "
                f"{sw.not_kept[0]['reason']}; they are printed above, and a later sweep computes them again"
            ),
            file=sys.stderr,
        )
    return EXIT_OK
