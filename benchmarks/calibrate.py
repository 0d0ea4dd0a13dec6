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

#: The workload's environment: nothing of the caller's (no SYMPY_GROUND_TYPES), one BLAS thread.
ENV = {"OPENBLAS_NUM_THREADS": "1", "PATH": ""}

WORKLOAD = """
import sympy as sp
x, y = sp.symbols('x y')
[sp.factor(sp.expand((x + i*y)**14 - (x - i*y)**14)) for i in range(1, 40)]
"""


def one_run() -> float:
    """CPU seconds (user + system) of one fresh process running the workload."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    subprocess.run([sys.executable, "-c", WORKLOAD], check=True, env=ENV)
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)


def ground_types() -> str:
    """The ground types SymPy picks in the workload's environment (``flint``, ``gmpy`` or ``python``).

    The workload's time depends on them: on the 2-core VM of issue 29, with python-flint installed
    (a dependency of the toolkit) and gmpy2 absent, SymPy picked ``flint`` and the workload took 3.17
    and 3.31 s, against 1.95 and 2.80 s with ``SYMPY_GROUND_TYPES=python`` in the same minute.  So a
    factor is stated with the ground types it was measured under.
    """
    out = subprocess.run(
        [sys.executable, "-c", "from sympy.external.gmpy import GROUND_TYPES; print(GROUND_TYPES)"],
        check=True,
        capture_output=True,
        text=True,
        env=ENV,
    )
    return out.stdout.strip()


def calibrate(runs: int = 3) -> tuple[float, float]:
    """(this machine's CPU seconds for the workload, the smallest of ``runs``; the factor 2.15 / that)."""
    t = min(one_run() for _ in range(max(1, runs)))
    return t, REFERENCE_S / t


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    ap.add_argument("--runs", type=int, default=3, help="runs of the workload; the smallest counts (default 3)")
    t, f = calibrate(ap.parse_args(argv).runs)
    print(
        f"calibration {t:.2f} s CPU; factor {f:.2f} (scaled = measured CPU x factor; reference {REFERENCE_S} s; "
        f"SymPy ground types {ground_types()})"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
