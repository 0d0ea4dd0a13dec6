"""How long ``psa-cert run --all`` takes, whole process: warm and first run after install.

    python benchmarks/cert_run.py [--runs 3] [--jobs 1,2] [--cold] [--pack psa]

* warm: the JIT cache and the stored sweeps exist (one untimed run fills them first);
* cold (``--cold``): a first run after install, with an empty result store
  (``$PSA_TOOLKIT_STORE``), an empty verdict cache (``$PSA_TOOLKIT_CACHE``) and an empty Numba
  cache (``$NUMBA_CACHE_DIR``), all in a temporary folder.

Before timing, the toolkit's own modules are byte-compiled, as ``pip install .`` does at install
time (under ``PYTHONDONTWRITEBYTECODE=1`` an editable install would otherwise compile them again in
every process).

Each figure is the median over ``--runs`` runs of the wall time of the whole process (start-up,
imports, workers, output), measured from outside with ``time.perf_counter``; with ``--jobs 1`` also
the CPU time of the process (user + system: nearly independent of the load); the machine (cores,
CPU model, load average before and after) is printed with them, since on a shared machine the load
changes the figures more than anything else.  Targets of issue 11: warm under 10 s, first run under
45 s on a 2-core machine.  This script is not part of the test suite.
"""

from __future__ import annotations

import argparse
import os
import platform
import statistics
import subprocess
import sys
import tempfile
import time


def _cpu_model() -> str:
    try:
        with open("/proc/cpuinfo", encoding="utf-8") as fh:
            for line in fh:
                if line.startswith("model name"):
                    return line.split(":", 1)[1].strip()
    except OSError:
        pass
    return platform.processor() or "unknown CPU"


def _load() -> str:
    try:
        return " ".join(f"{x:.2f}" for x in os.getloadavg())
    except OSError:  # pragma: no cover
        return "n/a"


CPU: list = []


def _bytecode() -> str:
    """Byte-compile the toolkit's own modules, as ``pip install .`` does at install time.

    An editable or source-tree install under ``PYTHONDONTWRITEBYTECODE=1`` never writes ``.pyc``
    files, so every run would compile the toolkit's sources again (about 1.5 s per process here,
    twice with worker processes) -- a cost that an installed toolkit does not have.  Compiling
    them once makes the figures those of an installed toolkit; the line printed says what was done.
    """
    import compileall
    import importlib.util

    roots = []
    for name in ("theory", "certificates", "montecarlo", "cli"):
        spec = importlib.util.find_spec(name)
        if spec is None or spec.origin is None:
            continue
        roots.append(os.path.dirname(spec.origin) if spec.submodule_search_locations else spec.origin)
    ok = True
    for r in roots:
        if os.path.isdir(r):
            ok &= bool(compileall.compile_dir(r, quiet=1))
        else:
            ok &= bool(compileall.compile_file(r, quiet=1))
    where = os.path.commonpath(roots) if roots else "?"
    return f"bytecode: the toolkit's modules under {where} byte-compiled first, as pip install does" + (
        "" if ok else " (some could not be compiled: those runs include compiling them)"
    )


def _once(argv: list[str], env: dict) -> tuple[float, int, str]:
    import resource

    r0 = resource.getrusage(resource.RUSAGE_CHILDREN)
    t0 = time.perf_counter()
    p = subprocess.run(argv, env=env, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
    dt = time.perf_counter() - t0
    r1 = resource.getrusage(resource.RUSAGE_CHILDREN)
    CPU.append((r1.ru_utime - r0.ru_utime) + (r1.ru_stime - r0.ru_stime))
    last = (p.stdout.rstrip("\n").split("\n") or [""])[-1]
    return dt, p.returncode, last


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--runs", type=int, default=3, help="timed runs per figure (default 3)")
    ap.add_argument("--jobs", default=None, help="comma-separated --jobs values (default: 1 and the cores)")
    ap.add_argument("--cold", action="store_true", help="also time first runs (empty store, caches, JIT)")
    ap.add_argument("--pack", default="psa", help="pack to run (default psa)")
    args = ap.parse_args(argv)

    from certificates.runner import cpu_count

    cores = cpu_count()
    jobs = [int(j) for j in args.jobs.split(",")] if args.jobs else sorted({1, cores})
    print(_bytecode())
    cmd = [
        sys.executable,
        "-c",
        "import cli; cli.cert_entry()",  # what the psa-cert script runs
        "run",
        "--pack",
        args.pack,
        "--no-save",
    ]
    print(
        f"machine: {cores} cores ({_cpu_model()}), {platform.system()} {platform.release()}, "
        f"Python {platform.python_version()}; load average before: {_load()}"
    )
    print(f"command: psa-cert run --pack {args.pack} --no-save --jobs J; median of {args.runs} runs, whole process")
    env = dict(os.environ, COLUMNS="80")
    rows = []
    for j in jobs:
        _once(cmd + ["--jobs", str(j)], env)  # fill the store and the JIT cache
        times = []
        del CPU[:]
        for _ in range(args.runs):
            dt, rc, last = _once(cmd + ["--jobs", str(j)], env)
            times.append(dt)
        rows.append(("warm", j, times, last))
        cpu = f", CPU {statistics.median(CPU):.1f} s" if j == 1 else ""
        print(
            f"warm  --jobs {j}: median {statistics.median(times):6.1f} s{cpu}  (runs: "
            f"{', '.join(f'{t:.1f}' for t in times)}; exit {rc}); {last}"
        )
    if args.cold:
        for j in jobs:
            times = []
            for _ in range(args.runs):
                with tempfile.TemporaryDirectory(prefix="psa-cold-") as tmp:
                    cenv = dict(
                        env,
                        PSA_TOOLKIT_STORE=os.path.join(tmp, "store"),
                        PSA_TOOLKIT_CACHE=os.path.join(tmp, "cache"),
                        NUMBA_CACHE_DIR=os.path.join(tmp, "numba"),
                    )
                    dt, rc, last = _once(cmd + ["--jobs", str(j)], cenv)
                times.append(dt)
            print(
                f"cold  --jobs {j}: median {statistics.median(times):6.1f} s  (runs: "
                f"{', '.join(f'{t:.1f}' for t in times)}; exit {rc}); {last}"
            )
    print(f"load average after: {_load()}  (targets: warm < 10 s, first run < 45 s on 2 cores)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
