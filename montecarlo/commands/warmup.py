"""``psa-mc warmup``: compile (or load from the cache) every Monte-Carlo kernel once."""

from __future__ import annotations

from psa_io.usage import EXIT_OK, UsageError

from ._common import print_json
from .options import JSON_HELP


def add_parser(sub) -> None:
    w = sub.add_parser(
        "warmup",
        help="compile (or load from the cache) every Monte-Carlo kernel once and print the time",
        description="Compile every Numba kernel once and save it in the cache folder, so that the first "
        "psa-mc run (or notebook kernel) afterwards loads it instead of compiling (5-16 s). "
        "The folder is NUMBA_CACHE_DIR if writable, else ~/.cache/psa-toolkit/numba "
        "(never the installed package).",
    )
    w.add_argument("--backend", choices=("cpu", "gpu"), default="cpu", help="kernels to warm up (default cpu)")
    w.add_argument("--json", action="store_true", help=JSON_HELP)


def warmup_command(args) -> int:
    from montecarlo import _jit
    from montecarlo.backends import BackendUnavailable

    try:
        doc = _jit.warmup(args.backend)
    except BackendUnavailable as exc:
        raise UsageError(f"psa-mc warmup: {exc}") from None
    if args.json:
        print_json(doc)
        return EXIT_OK
    for row in doc["kernels"]:
        print(f"{row['kernel']:<40} {row['source']:<9} {row['seconds']:7.2f} s")
    print(f"{'total':<40} {'':<9} {doc['total_s']:7.2f} s")
    print(f"cache: {doc['cache_dir'] or 'none (not writable)'}")
    return EXIT_OK
