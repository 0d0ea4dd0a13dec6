"""GPU backend (montecarlo.cuda_kernels) against the CPU kernels, under the CUDA simulator.

The simulator must be enabled before numba.cuda is first imported, so the comparisons
run in ONE subprocess with NUMBA_ENABLE_CUDASIM=1 (``_SCRIPT`` below); the tests read
its JSON report.  The simulator needs no GPU and no numba-cuda: numba itself still
ships a (deprecated) numba.cuda with the simulator, and numba-cuda brings its own.
When neither can be imported, the tests skip and say so.

Under the simulator the kernels' per-trial code runs CPU-compiled (the shared
``@njit`` functions) and the kernel bodies run as Python, so there is no FMA and no
other source of rounding differences: any difference from the CPU backend means the
GPU kernels add, mask or reduce in a different order.  The contract (allclose at
1e-12) and bitwise equality are asserted separately.
"""

import importlib.util
import json
import os
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

from montecarlo import backends

ROOT = Path(__file__).resolve().parents[2]
HAS_NUMBA_CUDA = importlib.util.find_spec("numba_cuda") is not None

_SCRIPT = textwrap.dedent(r"""
    import json, sys, time
    import numpy as np
    try:
        from numba import cuda  # noqa: F401  (simulator: NUMBA_ENABLE_CUDASIM=1)
    except ImportError as exc:
        print(json.dumps({"skip": f"numba.cuda cannot be imported ({exc})"}))
        sys.exit(0)
    from montecarlo import conventions as conv, simulate_curves, gamma_c_mc, argmax_probability
    from montecarlo.backends import CPUBackend, get_backend
    from montecarlo.models import get_model

    t_start = time.perf_counter()
    out = {"cases": {}, "impl": getattr(cuda, "implementation", "?")}

    def record(name, cpu, gpu, elapsed):
        cpu = [np.asarray(c, dtype=float) for c in cpu]
        gpu = [np.asarray(g, dtype=float) for g in gpu]
        out["cases"][name] = {
            "bitwise": all(np.array_equal(c, g) for c, g in zip(cpu, gpu)),
            "allclose": all(np.allclose(c, g, rtol=1e-12, atol=1e-12) for c, g in zip(cpu, gpu)),
            "max_abs_diff": max(float(np.max(np.abs(c - g))) if c.size else 0.0 for c, g in zip(cpu, gpu)),
            "finite": all(bool(np.isfinite(c).all()) for c in cpu),
            "seconds": elapsed,
        }

    base = dict(trials=2 * conv.CHUNK + 77, seeds=1, seed=11, grid=13, gamma_max=3.0)
    curve_cases = {
        "t4, T-2 (m = 10, even)": dict(dk=16, T=12, model="t4", seeds=2),
        "t4, T-1 (m = 11, odd)": dict(dk=16, T=12, model="t4", distractors="T-1"),
        "t3t4": dict(dk=16, T=12, model="t3t4"),
        "key": dict(dk=16, T=12, model="key", distractors="T-1"),
        "t4, 70 couplings (two passes of GMAX)": dict(dk=64, T=8, model="t4", grid=70, gamma_max=8.0),
        "t3t4, 70 couplings (two passes of GMAX)": dict(dk=64, T=8, model="t3t4", grid=70, gamma_max=8.0),
        "t4, m = 198 (LOGCUT mask and stop index)": dict(dk=64, T=200, model="t4", trials=300, seeds=1,
                                                         grid=61, gamma_max=8.0),
        "t4, overflowing terms (A -> 0)": dict(dk=0.01, T=12, model="t4", grid=21, gamma_max=40.0),
        "t4, m = 510 (T = 512: blocked CPU kernel, per-vector stops)": dict(dk=64, T=512, model="t4",
                                                                            trials=150, seeds=1, grid=61,
                                                                            gamma_max=8.0),
    }
    for name, kw in curve_cases.items():
        kw = {**base, **kw}
        dk, T = kw.pop("dk"), kw.pop("T")
        c = simulate_curves(dk, T, backend="cpu", **kw)
        t0 = time.perf_counter()
        g = simulate_curves(dk, T, backend="gpu", block_chunks=1, **kw)  # served from the look-ahead window
        record(name, [c.per_seed, c.per_seed_sem], [g.per_seed, g.per_seed_sem], time.perf_counter() - t0)
        if name.startswith("t4, T-2"):
            g2 = simulate_curves(dk, T, backend="gpu", **kw)
            record("t4, engine blocks vs one chunk per call", [g.per_seed], [g2.per_seed], 0.0)

    t0 = time.perf_counter()
    gc_cpu = gamma_c_mc(64, 10, trials=1200, seeds=2, seed=0, backend="cpu")
    gc_gpu = gamma_c_mc(64, 10, trials=1200, seeds=2, seed=0, backend="gpu")
    record("gamma_c (t4, dk 64, T 10, 61 couplings)", [gc_cpu.per_seed], [gc_gpu.per_seed],
           time.perf_counter() - t0)

    # the t4 model on a non-uniform grid goes through the generic kernel on both backends
    gammas = np.array([0.0, 0.1, 0.5, 1.0, 2.5, 7.0])
    cpu_be, gpu_be = CPUBackend(), get_backend("gpu")
    out["fma_contraction"] = gpu_be.fma_contraction
    out["device"] = gpu_be.device_name
    t0 = time.perf_counter()
    c = cpu_be.curve_chunks(get_model("t4"), 5, 1, 3, 1200, 10, 16.0, gammas)
    g = gpu_be.curve_chunks(get_model("t4"), 5, 1, 3, 1200, 10, 16.0, gammas)
    record("t4, non-uniform grid (generic kernel), chunks 1..2", list(c), list(g), time.perf_counter() - t0)

    for m in (9, 10):
        t0 = time.perf_counter()
        c = argmax_probability(1.0, m, trials=1500, seed=4, backend="cpu")
        g = argmax_probability(1.0, m, trials=1500, seed=4, backend="gpu")
        record(f"argmax wins, m = {m}", [[c.wins]], [[g.wins]], time.perf_counter() - t0)
    c = cpu_be.argmax_chunks(8, 1, 3, 1300, 30, 0.5)
    g = gpu_be.argmax_chunks(8, 1, 3, 1300, 30, 0.5)
    record("argmax per-chunk counts, chunks 1..2, m = 30", [c], [g], 0.0)

    # wrong kernels, to show that the comparison can fail (the simulated kernel looks its
    # per-trial helper up at run time, so replacing the module global swaps it in)
    from numba import njit
    from montecarlo import cuda_kernels as ck
    from montecarlo.conventions import LOGCUT
    from montecarlo.fmath import vexp
    from montecarlo.rng import normal_pair, trial_key

    @njit
    def term_direct_exp(S, zj, z0, sqrt_dk, h2, g_lo, ng):
        x = h2 * (2.0 * (zj - z0) - sqrt_dk)
        for g in range(max(1, g_lo), g_lo + ng):
            if x >= -LOGCUT / np.float64(g * g):
                S[g - g_lo] += vexp(np.float64(g * g) * x)

    def make(term, last):
        @njit
        def trial(seed, t, m, sqrt_dk, h2, g_lo, ng, S):
            for k in range(ng):
                S[k] = 0.0
            if g_lo == 0:
                S[0] = np.float64(m)
            key = trial_key(seed, t)
            z0, z1 = normal_pair(key, 0)
            term(S, z1, z0, sqrt_dk, h2, g_lo, ng)
            for p in range(1, (m + 2) // 2):
                za, zb = normal_pair(key, p)
                if 2 * p <= last:
                    term(S, za, z0, sqrt_dk, h2, g_lo, ng)
                if 2 * p + 1 <= last:
                    term(S, zb, z0, sqrt_dk, h2, g_lo, ng)
        return trial

    kw = dict(trials=300, seeds=1, seed=2, grid=61, gamma_max=8.0)
    c = simulate_curves(64, 12, backend="cpu", **kw).per_seed
    out["wrong"] = {}
    right = ck.t4_trial
    for name, trial in (("direct exp", make(term_direct_exp, 10)), ("m - 1 distractors", make(ck._t4_term, 9))):
        ck.t4_trial = trial
        g = simulate_curves(64, 12, backend="gpu", **kw).per_seed
        out["wrong"][name] = {"bitwise": bool(np.array_equal(c, g)),
                              "allclose": bool(np.allclose(c, g, rtol=1e-12, atol=1e-12))}
    ck.t4_trial = right

    # the CLI: psa-mc gamma-c --backend gpu prints the CPU's numbers
    import contextlib, io
    import cli
    docs = {}
    for be in ("cpu", "gpu"):
        buf = io.StringIO()
        with contextlib.redirect_stdout(buf):
            code = cli.mc_main(["gamma-c", "--dk", "64", "--T", "10", "--trials", "700", "--seeds", "2",
                                "--backend", be, "--json"])
        docs[be] = (code, json.loads(buf.getvalue()))
    out["cli"] = {"codes": [docs["cpu"][0], docs["gpu"][0]], "backend": docs["gpu"][1]["backend"],
                  "equal": docs["cpu"][1]["gamma_c"] == docs["gpu"][1]["gamma_c"]}
    out["seconds"] = time.perf_counter() - t_start
    print(json.dumps(out))
""")


@pytest.fixture(scope="module")
def sim_report():
    env = dict(os.environ, NUMBA_ENABLE_CUDASIM="1", PYTHONPATH=str(ROOT))
    proc = subprocess.run(
        [sys.executable, "-c", _SCRIPT], cwd=ROOT, env=env, capture_output=True, text=True, timeout=900
    )
    assert proc.returncode == 0, proc.stderr[-4000:]
    report = json.loads(proc.stdout.strip().splitlines()[-1])
    if "skip" in report:
        pytest.skip(f"CUDA simulator unavailable: {report['skip']}")
    return report


CASE_NAMES = [
    "t4, T-2 (m = 10, even)",
    "t4, T-1 (m = 11, odd)",
    "t3t4",
    "key",
    "t4, 70 couplings (two passes of GMAX)",
    "t3t4, 70 couplings (two passes of GMAX)",
    "t4, m = 198 (LOGCUT mask and stop index)",
    "t4, overflowing terms (A -> 0)",
    "t4, m = 510 (T = 512: blocked CPU kernel, per-vector stops)",
    "t4, engine blocks vs one chunk per call",
    "gamma_c (t4, dk 64, T 10, 61 couplings)",
    "t4, non-uniform grid (generic kernel), chunks 1..2",
    "argmax wins, m = 9",
    "argmax wins, m = 10",
    "argmax per-chunk counts, chunks 1..2, m = 30",
]


@pytest.mark.slow
@pytest.mark.parametrize("case", CASE_NAMES)
def test_simulated_gpu_agrees_with_cpu_to_rounding(sim_report, case):
    r = sim_report["cases"][case]
    assert r["allclose"], f"{case}: max |diff| {r['max_abs_diff']:.3e}"


@pytest.mark.slow
@pytest.mark.parametrize("case", CASE_NAMES)
def test_simulated_gpu_is_bitwise_equal_to_cpu(sim_report, case):
    r = sim_report["cases"][case]
    assert r["bitwise"], f"{case}: not bitwise equal, max |diff| {r['max_abs_diff']:.3e}"


@pytest.mark.slow
def test_psa_mc_backend_gpu_prints_the_cpu_numbers(sim_report):
    assert sim_report["cli"] == {"codes": [0, 0], "backend": "gpu", "equal": True}


@pytest.mark.slow
def test_the_comparison_is_not_vacuous(sim_report):
    # every curve case produced finite numbers, and the overflow case really reached A = 0
    assert all(r["finite"] for r in sim_report["cases"].values())
    assert sim_report["device"] == "CUDA simulator"


@pytest.mark.slow
def test_the_comparison_can_fail(sim_report):
    """The same comparison, fed wrong GPU kernels: one that rounds differently (E^(g^2) by
    a direct exp instead of the CPU's recurrence) is caught by the bitwise test only; one
    that drops the last distractor by the 1e-12 contract too."""
    wrong = sim_report["wrong"]
    assert wrong["direct exp"] == {"bitwise": False, "allclose": True}
    assert wrong["m - 1 distractors"] == {"bitwise": False, "allclose": False}


# --- without a GPU ---------------------------------------------------------------------


def test_missing_numba_cuda_is_named(monkeypatch):
    real = importlib.util.find_spec
    monkeypatch.setattr(importlib.util, "find_spec", lambda name, *a: None if name == "numba_cuda" else real(name, *a))
    with pytest.raises(
        backends.BackendUnavailable, match=r"numba-cuda is not installed; pip install 'psa-toolkit\[gpu\]'"
    ):
        backends.get_backend("gpu")


@pytest.mark.skipif(not HAS_NUMBA_CUDA, reason="numba-cuda is not installed (pip install '.[gpu]')")
def test_no_gpu_is_named_in_one_line():
    """Here (no GPU) the backend refuses with the cause; on a GPU machine it constructs."""
    from numba.core import config

    if config.ENABLE_CUDASIM:
        pytest.skip("this process runs the simulator")
    try:
        be = backends.get_backend("gpu")
    except backends.BackendUnavailable as exc:
        msg = str(exc)
        assert msg.startswith("no CUDA GPU detected") and "\n" not in msg
    else:
        assert be.name == "gpu" and be.fma_contraction.startswith("off")


_PTX_SCRIPT = textwrap.dedent(r"""
    import json, sys, types
    from montecarlo import cuda_kernels as ck
    try:
        plain = {"t4": ck.kernel_ptx("t4", fma=True).count("fma.rn.f64")}
        ours = {n: ck.kernel_ptx(n).count("fma.rn.f64") for n in ck.KERNELS if n != "t4"}
    except Exception as exc:  # no NVVM here (it comes with cuda-toolkit / a CUDA install)
        print(json.dumps({"skip": f"NVVM unavailable: {type(exc).__name__}: {str(exc).splitlines()[0]}"}))
        sys.exit(0)
    # the backend's own compile path (numba-cuda's kernel object), with a stand-in device of cc 9.0
    from numba.cuda import dispatcher as disp, codegen
    class Dev:
        compute_capability = (9, 0)
    disp.get_current_device = lambda: Dev()
    codegen.devices.get_context = lambda *a: types.SimpleNamespace(device=Dev())
    state = ck._install_no_fma()
    k = ck._t4_kernel
    kern = disp._Kernel(k.py_func, ck.kernel_signatures()["t4"], **k.targetoptions)
    print(json.dumps({"plain": plain, "ours": ours, "state": state,
                      "kernel_object": kern.inspect_asm(cc=(9, 0)).count("fma.rn.f64")}))
""")


@pytest.mark.slow
@pytest.mark.skipif(not HAS_NUMBA_CUDA, reason="numba-cuda is not installed (pip install '.[gpu]')")
def test_kernels_compile_to_ptx_without_fma_contraction():
    """numba-cuda's default (NVVM -fma=1) fuses a*b+c; the backend's kernels carry none."""
    env = {k: v for k, v in os.environ.items() if k != "NUMBA_ENABLE_CUDASIM"}
    env["PYTHONPATH"] = str(ROOT)
    proc = subprocess.run(
        [sys.executable, "-c", _PTX_SCRIPT], cwd=ROOT, env=env, capture_output=True, text=True, timeout=600
    )
    assert proc.returncode == 0, proc.stderr[-4000:]
    rep = json.loads(proc.stdout.strip().splitlines()[-1])
    if "skip" in rep:
        pytest.skip(rep["skip"])
    assert rep["plain"]["t4"] > 0  # numba-cuda's default does contract
    assert rep["ours"] == {n: 0 for n in rep["ours"]}
    assert rep["state"].startswith("off") and rep["kernel_object"] == 0


# --- benchmarks/gpu_check.sh: argument handling and the path up to the GPU ------------------


def _gpu_check(tmp_path, *args, sim: bool):
    env = {k: v for k, v in os.environ.items() if k not in ("NUMBA_ENABLE_CUDASIM", "OUT")}
    env.update(PYTHON=sys.executable, PSA_SITE=str(tmp_path / "site"))
    if sim:
        env["NUMBA_ENABLE_CUDASIM"] = "1"
    return subprocess.run(
        ["bash", str(ROOT / "benchmarks" / "gpu_check.sh"), "--out", str(tmp_path / "out"), *args],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=900,
    )


@pytest.mark.slow
def test_gpu_check_quick_run_under_the_simulator(tmp_path):
    proc = _gpu_check(tmp_path, "--quick", sim=True)
    if proc.returncode == 3:
        pytest.skip("numba.cuda (simulator) cannot be imported here")
    assert proc.returncode == 0, proc.stdout[-3000:] + proc.stderr[-3000:]
    assert "verdict: PASS" in proc.stdout and "bitwise equal 2/2" in proc.stdout
    rep = json.loads((tmp_path / "out" / "gpu_compare.json").read_text())
    assert rep["verdict"] == "PASS" and len(rep["grid_points"]) == 2 and rep["large_point"]["bitwise"]
    assert [r["bitwise"] for r in rep["other_kernels"]] == [True, True, True]  # t3t4, key, argmax
    assert (tmp_path / "out" / "gpu_check.log").read_text().count("verdict: PASS") == 1


@pytest.mark.slow
def test_gpu_check_dry_run_states_what_is_missing(tmp_path):
    proc = _gpu_check(tmp_path, "--dry-run", sim=False)
    out = proc.stdout + proc.stderr
    if proc.returncode == 0:  # a machine with a GPU and numba-cuda
        assert "dry run: imports and GPU checked" in out
    elif proc.returncode == 2:  # numba-cuda present, no GPU
        assert "no CUDA GPU detected" in out and "Traceback" not in out
    else:  # numba-cuda absent and no .whl/ folder
        assert proc.returncode == 3 and "missing packages (numba-cuda)" in out


def test_gpu_check_rejects_unknown_options(tmp_path):
    proc = _gpu_check(tmp_path, "--frobnicate", sim=True)
    assert proc.returncode == 2 and "unknown option --frobnicate" in proc.stderr


def test_gpu_compare_rejects_bad_points():
    proc = subprocess.run(
        [sys.executable, str(ROOT / "benchmarks" / "gpu_compare.py"), "--large", "128,x,5"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert proc.returncode == 2 and "bad point list" in proc.stderr
