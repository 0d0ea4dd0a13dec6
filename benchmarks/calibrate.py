"""Machine-speed calibration: the factor that turns this machine's CPU seconds into the reference machine's.

    python benchmarks/calibrate.py [--runs 3]   # calibration 1.52 s CPU; factor 1.41

The budgets of the performance issues (first run <= 30 s CPU, warm run <= 8 s, fast test tier
<= 120 s) are stated on a reference machine.  This script runs a fixed single-threaded SymPy
workload -- ``factor(expand((x + i y)^14 - (x - i y)^14))`` for i = 1..39 -- in a fresh Python
process (start-up and imports included, ``OPENBLAS_NUM_THREADS=1``) and measures its CPU time
(user + system) from outside.  The reference machine takes :data:`REFERENCE_S` = 2.15 s for it
(the smallest of several quiet runs), so a CPU time measured here compares with a budget as

    scaled = measured * factor,   factor = 2.15 / (this machine's time for the workload).

A factor above 1 means this machine is faster than the reference machine.  The smallest of
``--runs`` runs is taken (the load of the machine only ever adds time).  Not part of the test suite.
"""

from __future__ import annotations

import argparse
import resource
import subprocess
import sys

#: CPU seconds of the workload on the reference machine.
REFERENCE_S = 2.15

WORKLOAD = """
import sympy as sp
x, y = sp.symbols('x y')
[sp.factor(sp.expand((x + i*y)**14 - (x - i*y)**14)) for i in range(1, 40)]
"""


def one_run() -> float:
    """CPU seconds (user + system) of one fresh process running the workload."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    subprocess.run([sys.executable, "-c", WORKLOAD], check=True, env={"OPENBLAS_NUM_THREADS": "1", "PATH": ""})
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)


def calibrate(runs: int = 3) -> tuple[float, float]:
    """(this machine's CPU seconds for the workload, the smallest of ``runs``; the factor 2.15 / that)."""
    t = min(one_run() for _ in range(max(1, runs)))
    return t, REFERENCE_S / t


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    ap.add_argument("--runs", type=int, default=3, help="runs of the workload; the smallest counts (default 3)")
    t, f = calibrate(ap.parse_args(argv).runs)
    print(f"calibration {t:.2f} s CPU; factor {f:.2f} (scaled = measured CPU x factor; reference {REFERENCE_S} s)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
