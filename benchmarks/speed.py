"""CPU and wall time of the things a user waits for, optionally beside another checkout.

    python benchmarks/speed.py [--what warm,cold,fast,slow] [--runs N] [--test-runs N]
                               [--jobs J] [--baseline-tree PATH] [--json FILE]

    (--what: any of warm, cold, fast, fast-cold, slow)

* ``warm``: ``psa-cert run --all --no-save`` with the Numba cache, the result store and the verdict
  cache filled (one untimed run fills them first, in a folder of this benchmark's own);
* ``cold``: the first run after install: the same command with an empty Numba cache
  (``$NUMBA_CACHE_DIR``), an empty result store (``$PSA_TOOLKIT_STORE``) and an empty verdict cache
  (``$PSA_TOOLKIT_CACHE``), fresh for every run;
* ``fast``: the fast test tier, ``python -m pytest -q -p no:cacheprovider``, as a second run of it
  sees it: with this benchmark's own Numba cache, filled by the runs before it (the first run of the
  tier may compile kernels; the median of three is warm), and with pytest's rewritten test modules
  cached (one untimed ``pytest --collect-only`` that may write bytecode, as pytest does on any
  machine that has not set ``PYTHONDONTWRITEBYTECODE``);
* ``fast-cold``: the same on a clean clone as CI runs it: every run in a fresh ``git clone`` of the
  tree's commit (so no cached test module, committed files only: a tree with uncommitted changes is
  named), its modules byte-compiled as ``pip install .`` does, and an empty Numba cache
  (``$NUMBA_CACHE_DIR``), so the kernels the tier needs are compiled in it;
* ``slow``: the slow test tier, ``python -m pytest -m slow -q -p no:cacheprovider`` (with the rewritten
  test modules cached, as ``fast``).

Each figure is the median over the runs of the CPU time (user + system of the process and of every
process it waited for: workers, the forkserver, subprocesses of tests) and of the wall time, measured
from outside.  CPU time hardly moves with the load of the machine; wall time does, so the load
average is printed before and after.  The toolkit's modules are byte-compiled first, as
``pip install .`` does (under ``PYTHONDONTWRITEBYTECODE=1`` a source tree would otherwise compile
them again in every process).

``--baseline-tree PATH`` times another checkout of the toolkit (e.g. ``git worktree add /tmp/base
main``) the same way, alternating the two trees run by run (so that a change in the load hits both),
each with ``PYTHONPATH`` set to its own tree and its own caches, and prints the ratio this/baseline.
The targets of the performance issue are printed beside the figures.

The CPU figures are also printed scaled to the reference machine on which the budgets are stated
(:mod:`calibrate`: ``scaled = measured x factor``); the targets compare with the scaled column.  The
speed of a virtual machine drifts within minutes (on the 2-core VM of issue 29, three calibrations
within one minute took 2.10, 2.17 and 2.83 s), so one factor taken at the start does not describe a
run an hour later.  The calibration is therefore interleaved: one (the smallest of
``--cal-runs`` workload runs, as :mod:`calibrate` takes it) before the first timed run and one after
every timed run, and each run is scaled with the factor of the calibrations on either side of it
(the smaller of the two times: the larger factor, so the scaled figure errs upwards).  The scaled
column is the median of the runs' scaled figures; every run's raw figure, factor and scaled figure
is printed under it, and the calibrations of the sitting are summarised at the end.  ``--factor``
gives one factor for every run instead.  Not part of the test suite.
"""

from __future__ import annotations

import argparse
import atexit
import json
import os
import platform
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from calibrate import REFERENCE_S, calibrate, ground_types  # this folder: a script's own folder is on sys.path
from cert_run import _cpu_model, _load

HERE = Path(__file__).resolve().parents[1]

#: Targets (CPU seconds, wall seconds or None) of the performance issue, on a 2-core machine.
TARGETS = {
    "warm": (8.0, 6.0),
    "cold": (30.0, None),
    "fast": (120.0, None),
    "fast-cold": (120.0, None),
    "slow": (None, None),
}

CERT = ["-c", "import cli; cli.cert_entry()", "run", "--all", "--no-save"]
PYTEST = ["-m", "pytest", "-q", "-p", "no:cacheprovider"]


def _cores() -> int:
    try:
        return len(os.sched_getaffinity(0))
    except (AttributeError, OSError):  # pragma: no cover - not Linux
        return os.cpu_count() or 1


def _bytecode(tree: Path) -> None:
    """Byte-compile a tree's own modules, as ``pip install .`` does."""
    import compileall

    for name in ("theory", "certificates", "montecarlo", "psa_io"):
        if (tree / name).is_dir():
            compileall.compile_dir(str(tree / name), quiet=1)
    if (tree / "cli.py").is_file():
        compileall.compile_file(str(tree / "cli.py"), quiet=1)


def _clean_clone(tree: Path, dest: Path) -> Path:
    """A fresh clone of ``tree``'s checked-out commit in ``dest`` (byte-compiled), with ``../shared``
    beside it when the tree has one (the papers that the paper tests read)."""
    git = ["git", "-C", str(tree)]
    rev = subprocess.run([*git, "rev-parse", "HEAD"], capture_output=True, text=True, check=True).stdout.strip()
    common = subprocess.run([*git, "rev-parse", "--git-common-dir"], capture_output=True, text=True, check=True)
    source = (tree / common.stdout.strip()).resolve()
    clone = dest / "clone"
    subprocess.run(["git", "clone", "--quiet", "--no-checkout", str(source), str(clone)], check=True)
    subprocess.run(["git", "-C", str(clone), "checkout", "--quiet", "--detach", rev], check=True)
    if (tree.parent / "shared").is_dir():
        (dest / "shared").symlink_to((tree.parent / "shared").resolve())
    _bytecode(clone)
    return clone


def _uncommitted(tree: Path) -> bool:
    """Whether ``tree`` has changes that a clone of its commit would not have."""
    p = subprocess.run(["git", "-C", str(tree), "status", "--porcelain"], capture_output=True, text=True)
    return p.returncode != 0 or bool(p.stdout.strip())


def _timed(argv: list[str], env: dict, cwd: Path) -> tuple[float, float, int, str]:
    """(cpu s, wall s, exit status, last line of stdout) of one process and all it waited for."""
    r0 = resource.getrusage(resource.RUSAGE_CHILDREN)
    t0 = time.perf_counter()
    p = subprocess.run(argv, env=env, cwd=cwd, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
    wall = time.perf_counter() - t0
    r1 = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (r1.ru_utime - r0.ru_utime) + (r1.ru_stime - r0.ru_stime)
    last = (p.stdout.rstrip("\n").split("\n") or [""])[-1]
    return cpu, wall, p.returncode, last


class Tree:
    """A checkout to time: its folder, its environment and its own warm caches."""

    def __init__(self, path: Path, label: str, jobs: int | None):
        self.path, self.label = path.resolve(), label
        self.home = Path(tempfile.mkdtemp(prefix=f"psa-speed-{label}-"))
        atexit.register(shutil.rmtree, self.home, True)  # its caches go when the benchmark ends
        self.jobs = jobs
        self.filled = False
        self.rewritten = False

    def env(self, cold_dir: Path | None = None) -> dict:
        base = cold_dir if cold_dir is not None else self.home
        env = dict(os.environ, PYTHONPATH=str(self.path), COLUMNS="80")
        env.update(
            NUMBA_CACHE_DIR=str(base / "numba"),
            PSA_TOOLKIT_STORE=str(base / "store"),
            PSA_TOOLKIT_CACHE=str(base / "cache"),
        )
        return env

    def cert(self) -> list[str]:
        return [sys.executable, *CERT] + (["--jobs", str(self.jobs)] if self.jobs else [])

    def once(self, what: str) -> tuple[float, float, int, str]:
        if what == "warm":
            if not self.filled:
                _timed(self.cert(), self.env(), self.path)  # fill the caches (untimed)
                self.filled = True
            return _timed(self.cert(), self.env(), self.path)
        if what == "cold":
            with tempfile.TemporaryDirectory(prefix="psa-speed-cold-") as tmp:
                return _timed(self.cert(), self.env(Path(tmp)), self.path)
        tier = ["-m", "slow"] if what == "slow" else []
        env = dict(os.environ, PYTHONPATH=str(self.path), NUMBA_CACHE_DIR=str(self.home / "numba"))
        if what == "fast-cold":
            with tempfile.TemporaryDirectory(prefix="psa-speed-cold-") as tmp:
                clone = _clean_clone(self.path, Path(tmp))
                env.update(PYTHONPATH=str(clone), NUMBA_CACHE_DIR=str(Path(tmp) / "numba"))
                return _timed([sys.executable, *PYTEST, *tier], env, clone)
        if not self.rewritten:  # pytest caches its rewritten test modules, as a second run has them
            prime = {k: v for k, v in env.items() if k != "PYTHONDONTWRITEBYTECODE"}
            _timed([sys.executable, *PYTEST, "--collect-only"], prime, self.path)
            self.rewritten = True
        return _timed([sys.executable, *PYTEST, *tier], env, self.path)


class Calibrations:
    """The sitting's calibrations, interleaved with the timed runs, and each run's factor.

    One calibration (the smallest of ``runs`` workload runs) is taken when the sitting starts and one
    after every timed run; :meth:`after_run` returns the factor of the run just finished, from the
    calibrations on either side of it: ``REFERENCE_S / min(before, after)`` (the larger of the two
    factors, so a scaled figure errs upwards).  With a ``given`` factor nothing is measured.
    """

    def __init__(self, given: float | None, runs: int, measure=None):
        self.given, self.runs = given, runs
        self.measure = measure if measure is not None else (lambda: calibrate(self.runs)[0])
        self.times: list[float] = [] if given is not None else [self.measure()]

    def describe(self) -> str:
        if self.given is not None:
            return f"calibration factor {self.given:.2f} (given, for every run); scaled CPU = measured x factor"
        return (
            f"calibration {self.times[0]:.2f} s CPU (reference machine {REFERENCE_S} s): factor "
            f"{REFERENCE_S / self.times[0]:.2f};\ncalibrated again after every run: each run is scaled "
            "with the larger factor\nof the calibrations on either side of it"
        )

    def after_run(self) -> float:
        if self.given is not None:
            return self.given
        self.times.append(self.measure())
        return REFERENCE_S / min(self.times[-2], self.times[-1])

    def summary(self) -> str:
        if self.given is not None:
            return f"calibration factor {self.given:.2f} (given)"
        ts = self.times
        return (
            f"calibrations: {len(ts)}, {min(ts):.2f}-{max(ts):.2f} s CPU (median {statistics.median(ts):.2f} s); "
            f"factors {REFERENCE_S / max(ts):.2f}-{REFERENCE_S / min(ts):.2f}"
        )


def _per_run(cpu: list[float], factor: list[float]) -> list[str]:
    """``CPU x factor = scaled`` of every run, a few to a line (80 columns)."""
    items = [f"{c:.1f} x {f:.2f} = {c * f:.1f}" for c, f in zip(cpu, factor)]
    lines, line = [], "runs:"
    for it in items:
        if len(line) + 2 + len(it) > 68 and line != "runs:":
            lines.append(line.rstrip(";"))
            line = "     "
        line += f" {it};"
    lines.append(line.rstrip(";"))
    return lines


def _fmt(xs: list[float]) -> str:
    return f"{statistics.median(xs):7.1f}"


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument(
        "--what", default="warm,cold", help="comma-separated: warm, cold, fast, fast-cold, slow (default warm,cold)"
    )
    ap.add_argument("--runs", type=int, default=3, help="runs of warm and cold per tree (default 3)")
    ap.add_argument("--test-runs", type=int, default=1, help="runs of each test tier per tree (default 1)")
    ap.add_argument("--jobs", type=int, default=None, help="psa-cert --jobs (default: its own, the cores)")
    ap.add_argument("--baseline-tree", type=Path, default=None, help="another checkout to time beside this one")
    ap.add_argument("--json", type=Path, default=None, help="also write the figures to this file")
    ap.add_argument(
        "--factor", type=float, default=None, help="one factor for all runs (default: measured, interleaved)"
    )
    ap.add_argument(
        "--cal-runs", type=int, default=3, help="workload runs per calibration, the smallest counts (default 3)"
    )
    args = ap.parse_args(argv)
    if args.factor is not None and not 0 < args.factor < float("inf"):
        ap.error(f"--factor {args.factor}: must be a positive number")
    for flag, value in (("--runs", args.runs), ("--test-runs", args.test_runs), ("--cal-runs", args.cal_runs)):
        if value < 1:
            ap.error(f"{flag} {value}: must be at least 1")
    whats = [w.strip() for w in args.what.split(",") if w.strip()]
    bad = [w for w in whats if w not in TARGETS]
    if bad:
        ap.error(f"unknown --what {', '.join(bad)} (choose from {', '.join(TARGETS)})")

    trees = [Tree(HERE, "this", args.jobs)]
    if args.baseline_tree is not None:
        if not (args.baseline_tree / "cli.py").is_file():
            ap.error(f"--baseline-tree {args.baseline_tree}: no cli.py there (not a checkout of the toolkit)")
        trees.append(Tree(args.baseline_tree, "baseline", args.jobs))
    for t in trees:
        _bytecode(t.path)
    print(
        f"machine: {_cores()} cores ({_cpu_model()}), {platform.system()} {platform.release()}, "
        f"Python {platform.python_version()}; load average before: {_load()}"
    )
    cal = Calibrations(args.factor, args.cal_runs)
    print(cal.describe())
    sympy_ground_types = ground_types() if args.factor is None else None
    if sympy_ground_types is not None:
        print(f"SymPy ground types in the calibration's environment: {sympy_ground_types}")
    for t in trees:
        print(f"{t.label}: {t.path}")
        if "fast-cold" in whats and _uncommitted(t.path):
            print(f"  (fast-cold clones the commit of {t.label}: its uncommitted changes are not timed)")
    jobs = f"--jobs {args.jobs}" if args.jobs else f"--jobs {_cores()} (default)"
    print(f"psa-cert run --all --no-save {jobs}; medians of CPU (user + system, all processes) and wall")
    figures: dict = {}
    print(f"\n{'what':9} {'tree':9} {'runs':>4} {'CPU s':>7} {'scaled':>7} {'wall s':>7}  target (scaled CPU, wall)")
    for what in whats:
        n = args.runs if what in ("warm", "cold") else args.test_runs
        data: dict = {t.label: {"cpu": [], "factor": [], "wall": [], "rc": [], "last": ""} for t in trees}
        for i in range(n):
            order = trees if i % 2 == 0 else trees[::-1]  # alternate: a change in load hits both
            for t in order:
                cpu, wall, rc, last = t.once(what)
                d = data[t.label]
                d["factor"].append(cal.after_run())
                print(  # progress, on stderr: the table on stdout stays as it is
                    f"  {what} {t.label} run {i + 1}/{n}: {cpu:.1f} s CPU x {d['factor'][-1]:.2f}, "
                    f"{wall:.0f} s wall, exit {rc}",
                    file=sys.stderr,
                    flush=True,
                )
                d["cpu"].append(cpu)
                d["wall"].append(wall)
                d["rc"].append(rc)
                d["last"] = last
        tc, tw = TARGETS[what]
        target = f"<= {tc:g} s" if tc else "-"
        target += f", <= {tw:g} s" if tw else ""
        for t in trees:
            d = data[t.label]
            sc = [c * f for c, f in zip(d["cpu"], d["factor"])]
            print(f"{what:9} {t.label:9} {n:4d} {_fmt(d['cpu'])} {_fmt(sc)} {_fmt(d['wall'])}  {target}")
            for line in _per_run(d["cpu"], d["factor"]):
                print(f"{'':10}{line}")
            print(f"{'':10}last line: {d['last'][:58]}")
        if len(trees) == 2:
            a, b = data["this"], data["baseline"]
            rc = statistics.median(a["cpu"]) / max(1e-9, statistics.median(b["cpu"]))
            rw = statistics.median(a["wall"]) / max(1e-9, statistics.median(b["wall"]))
            print(f"{what:9} {'ratio':9} {'':4} {rc:7.2f} {'':7} {rw:7.2f}  (this / baseline)")
        figures[what] = {
            label: {
                "cpu_median_s": statistics.median(d["cpu"]),
                "cpu_scaled_median_s": statistics.median(c * f for c, f in zip(d["cpu"], d["factor"])),
                "cpu_scaled_s": [c * f for c, f in zip(d["cpu"], d["factor"])],
                "factor": d["factor"],
                "wall_median_s": statistics.median(d["wall"]),
                "cpu_s": d["cpu"],
                "wall_s": d["wall"],
                "exit": d["rc"],
            }
            for label, d in data.items()
        }
    print(f"\n{cal.summary()}")
    print(f"load average after: {_load()}")
    if args.json is not None:
        meta = {
            "cores": _cores(),
            "cpu": _cpu_model(),
            "python": platform.python_version(),
            "jobs": args.jobs,
            "calibration_s": cal.times[0] if cal.times else REFERENCE_S / args.factor,
            "calibration_factor": REFERENCE_S / cal.times[0] if cal.times else args.factor,
            "calibrations_s": cal.times,
            "calibration_runs": args.cal_runs,
            "sympy_ground_types": sympy_ground_types,
        }
        args.json.write_text(json.dumps({"machine": meta, "figures": figures}, indent=1) + "\n", encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
