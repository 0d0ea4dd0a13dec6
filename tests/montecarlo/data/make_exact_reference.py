"""Regenerate exact_reference.json: A(a, b, m) by mpmath (independent Laplace-form quadrature).

    python tests/montecarlo/data/make_exact_reference.py [--dps 20] [--jobs 2]

Slow (about a minute per point); the test suite only reads the JSON.
"""

from __future__ import annotations

import argparse
import json
import math
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

#: (label, a, b, m): every quadrature branch, small and large b, large a/b, m = 1 .. 1e5
POINTS = [
    ("t4 dk=16 gamma=0.4 m=13 (Z branch)", 0.16 * 4.0, 0.32, 13),
    ("t4 dk=64 gamma=0.6 m=14 (G branch)", 0.36 * 8.0, 0.72, 14),
    ("b just below the branch switch", 1.5, 0.49, 50),
    ("b just above the branch switch", 1.5, 0.51, 50),
    ("t4 dk=256 gamma=8 m=510 (largest a, b)", 64.0 * 16.0, 128.0, 510),
    ("t4 dk=4 gamma=8 m=8", 128.0, 128.0, 8),
    ("large m = 4000", 30.0, 12.0, 4000),
    ("very large m = 100000", 5.0, 1.5, 100000),
    ("m = 1", 2.0, 0.5, 1),
    ("key dk=64 gamma=0.5 m=13", 4.0, math.sqrt(1.5), 13),
    ("t3t4 dk=32 gamma=0.3 m=14", 0.3 * 1.3 * math.sqrt(32.0), math.sqrt(2 * 0.09 + 4 * 0.027 + 4 * 0.0081), 14),
    ("t4 dk=128 gamma=2/15 m=510 (tiny b)", (2 / 15) ** 2 * math.sqrt(128.0), 2 * (2 / 15) ** 2, 510),
    ("large a/b", 400.0, 20.0, 24),
]


def _one(args):
    from montecarlo.exact import competition_mp

    label, a, b, m, dps = args
    t0 = time.perf_counter()
    v = competition_mp(a, b, m, dps=dps)
    return {
        "label": label,
        "a": a,
        "b": b,
        "m": m,
        "A": str(v),
        "dps": dps,
        "seconds": round(time.perf_counter() - t0, 1),
    }


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--dps", type=int, default=20)
    ap.add_argument("--jobs", type=int, default=2)
    args = ap.parse_args()
    with ProcessPoolExecutor(args.jobs) as ex:
        rows = list(ex.map(_one, [(*p, args.dps) for p in POINTS]))
    out = Path(__file__).with_name("exact_reference.json")
    out.write_text(
        json.dumps(
            {
                "generator": "tests/montecarlo/data/make_exact_reference.py",
                "method": "montecarlo.exact.competition_mp (mpmath, Laplace form)",
                "points": rows,
            },
            indent=1,
        )
        + "\n"
    )
    print(f"wrote {out} ({len(rows)} points)")


if __name__ == "__main__":
    main()
