"""Resource limits (montecarlo.limits), kernel output checks (EngineFault), strict CLI output."""

from __future__ import annotations

import json

import numpy as np
import pytest

import cli
from montecarlo import backends, limits
from montecarlo import exact as EX
from montecarlo import induction as MI
from montecarlo import sweep as S
from montecarlo.conventions import LANES
from montecarlo.engine import EngineFault, argmax_probability, simulate_curves
from montecarlo.limits import ResourceLimitError
from montecarlo.store import ResultStore

SMALL = dict(trials=700, seeds=2, seed=3)


# --- pure functions ----------------------------------------------------------------------


@pytest.mark.parametrize(
    "text,value",
    [
        ("8GiB", 8 * 1024**3),
        ("8G", 8 * 1024**3),
        ("512MB", 512 * 10**6),
        ("1.5k", 1536),
        ("2e3", 2000),
        ("4096", 4096),
        (" 1 TiB ", 1024**4),
        ("unlimited", None),
        ("none", None),
        (123, 123),
    ],
)
def test_parse_size(text, value):
    assert limits.parse_size(text) == value


@pytest.mark.parametrize("text", ["", "x", "8XB", "-1G", "0", "nan", "1e400", "G8", "8.8.8G"])
def test_parse_size_rejects(text):
    with pytest.raises(ValueError):
        limits.parse_size(text)


def test_parse_work():
    assert limits.parse_work("1e13") == 10**13 and limits.parse_work("20000000000000000000001") == 2 * 10**22 + 1
    assert limits.parse_work("unlimited") is None
    for bad in ("0", "-5", "nan", "inf5", "x"):
        with pytest.raises(ValueError):
            limits.parse_work(bad)


def test_formatting_never_overflows():
    assert limits.format_size(4 * 1024**3) == "4 GiB" and limits.format_size(512) == "512 bytes"
    assert limits.format_size(3 * 1024**2 // 2) == "1.5 MiB"
    assert limits.format_size(10**400).endswith("bytes") and "e+400" in limits.format_size(10**400)
    assert limits.format_work(10**13) == "1.00e+13" and limits.format_work(12345) == "12345"


def test_kernel_scratch_stays_within_the_estimate():
    from montecarlo import kernels

    for m, G in [(1, 2), (8, 61), (98, 61), (510, 61), (13, 400), (99_999, 3)]:
        for k in ("t4", "generic", "argmax"):
            assert kernels.scratch_bytes(k, m, G) <= limits.chunk_scratch_bytes(m, G, LANES), (k, m, G)


def test_curve_memory_follows_the_stated_bound():
    m, G, S_, B = 98, 61, 5, 16
    # the kernels' stated per-chunk bound (montecarlo.kernels.scratch_bytes)
    scratch = B * ((2 * ((m + 2) // 2) + 2 * G + 28 + -(-G // 32)) * LANES * 8)
    mem = limits.curve_memory(m, G, S_, B, LANES)
    assert mem >= scratch + 2 * B * G * 8 + 2 * S_ * G * 8  # scratch + block outputs + per-seed results
    assert mem - scratch < 10 * G * 8 + 2 * B * G * 8 + 2 * S_ * G * 8 + 40 * S_  # and no more than that
    # linear in each dimension, exact with Python ints at any size
    assert limits.curve_memory(10**400, G, 1, 1, LANES) > 10**400
    assert limits.curve_work(60_000, 5, 23, 61) == 60_000 * 5 * 23 * 61


def test_enforce_one_line_naming_the_flag():
    lim = limits.Limits(max_memory=1000, max_work=10)
    with pytest.raises(ResourceLimitError) as ei:
        limits.enforce("this run", 5000, 1, lim)
    msg = str(ei.value)
    assert "--max-memory" in msg and "\n" not in msg and ei.value.kind == "memory" and ei.value.needed == 5000
    with pytest.raises(ResourceLimitError, match="--max-work") as ei:
        limits.enforce("this run", 10, 11, lim)
    assert ei.value.limit == 10 and isinstance(ei.value, ValueError)
    limits.enforce("this run", 1000, 10, lim)  # at the limit: allowed
    limits.enforce("this run", 10**500, 10**500, limits.Limits(None, None))  # unlimited


def test_override_nests_and_restores(monkeypatch):
    monkeypatch.delenv(limits.ENV_MEMORY, raising=False)
    monkeypatch.delenv(limits.ENV_WORK, raising=False)
    assert limits.current() == limits.Limits(limits.DEFAULT_MAX_MEMORY, limits.DEFAULT_MAX_WORK)
    with limits.override(max_memory="1MiB"):
        assert limits.current().max_memory == 1024**2 and limits.current().max_work == limits.DEFAULT_MAX_WORK
        with limits.override(max_work=None):
            assert limits.current() == limits.Limits(1024**2, None)
        assert limits.current().max_work == limits.DEFAULT_MAX_WORK
    assert limits.current().max_memory == limits.DEFAULT_MAX_MEMORY
    monkeypatch.setenv(limits.ENV_MEMORY, "2GiB")
    assert limits.current().max_memory == 2 * 1024**3


def test_default_block_bounded_by_memory():
    assert limits.default_block(118, 1000, limits.Limits(None, None)) == 8  # the paper's protocol: unchanged
    assert limits.default_block(10**7, 1000, limits.Limits(None, None)) == 1024
    assert limits.default_block(10**5, 10**6, limits.Limits(8 * 10**6, None)) == 4
    assert limits.default_block(10**5, 10**9, limits.Limits(8 * 10**6, None)) == 1
    assert limits.default_block(3, 1, limits.Limits(None, None)) == 3


def test_seed_range():
    limits.check_seed_range(2**64 - 2, 2)
    with pytest.raises(ValueError, match="2\\^64"):
        limits.check_seed_range(2**64 - 2, 3)


# --- the engine refuses before allocating -----------------------------------------------------


def _no_kernel(monkeypatch):
    def boom(*a, **k):
        raise AssertionError("a kernel ran although the run should have been refused")

    monkeypatch.setattr(backends.CPUBackend, "curve_chunks", boom)
    monkeypatch.setattr(backends.CPUBackend, "argmax_chunks", boom)


@pytest.mark.parametrize(
    "kwargs,kind",
    [
        (dict(T=10**9, trials=1, seeds=1), "memory"),  # the silent-zero case
        (dict(T=10, trials=10**12, seeds=1), "work"),
        (dict(T=10, trials=10, seeds=10**12), "memory"),  # no unbounded seed list
        (dict(T=10, trials=10, seeds=1, grid=10**10), "memory"),
    ],
)
def test_simulate_curves_refuses_up_front(monkeypatch, kwargs, kind):
    _no_kernel(monkeypatch)
    with pytest.raises(ResourceLimitError) as ei:
        simulate_curves(16, **kwargs)
    assert ei.value.kind == kind


@pytest.mark.parametrize("kwargs", [dict(T=10**400, trials=1), dict(T=10, trials=2**63), dict(T=10, seed=2**64)])
def test_simulate_curves_rejects_out_of_range_inputs(monkeypatch, kwargs):
    _no_kernel(monkeypatch)
    kwargs.setdefault("trials", 10)
    with pytest.raises(ValueError):
        simulate_curves(16, seeds=1, **kwargs)


def test_raised_limit_gives_the_same_bits_as_the_default():
    ref = simulate_curves(16, 300, trials=1200, seeds=1)
    with limits.override(max_memory="200KiB"):  # forces one chunk per block
        small = simulate_curves(16, 300, trials=1200, seeds=1)
        with pytest.raises(ResourceLimitError):
            simulate_curves(16, 300, trials=1200, seeds=1, block_chunks=64)
    assert ref.per_seed.tobytes() == small.per_seed.tobytes()


def test_argmax_exact_induction_map_and_sweep_are_limited(monkeypatch, tmp_path):
    _no_kernel(monkeypatch)
    with pytest.raises(ResourceLimitError):
        argmax_probability(2.0, 10**9, trials=10)
    with pytest.raises(ResourceLimitError, match="--max-work"):
        EX.gamma_c_exact(16, 10, grid=10**8)
    with pytest.raises(ResourceLimitError):
        EX.default_map_axes(10**12, 40)
    with pytest.raises(ResourceLimitError):
        EX.error_map(np.geomspace(4, 256, 2000), np.arange(6, 506), grid=61)
    with pytest.raises(ResourceLimitError):
        MI.simulate(MI.SequenceModel(10**9, 10), trials=10)
    store = ResultStore(tmp_path)
    with pytest.raises(ResourceLimitError, match="this sweep"):  # refused before the first point
        S.run_sweep([16, 32], [10, 10**8], store=store, **SMALL)
    assert store.keys() == []


# --- output checks ---------------------------------------------------------------------------


def _patch_curves(monkeypatch, transform):
    real = backends.CPUBackend.curve_chunks

    def fake(self, *args):
        sums, sqs = real(self, *args)
        return transform(sums.copy(), sqs.copy())

    monkeypatch.setattr(backends.CPUBackend, "curve_chunks", fake)


@pytest.mark.parametrize(
    "transform,what",
    [
        (lambda s, q: (np.zeros_like(s), np.zeros_like(q)), "A\\(0\\)"),  # the silent zeros
        (lambda s, q: (s * 1.5 + 600, q), "outside"),
        (lambda s, q: (np.where(s > 0, np.nan, s), q), "non-finite"),
        (lambda s, q: (s[:, :-1], q[:, :-1]), "shape"),
    ],
)
def test_impossible_kernel_output_raises_and_is_never_stored(monkeypatch, tmp_path, transform, what):
    _patch_curves(monkeypatch, transform)
    with pytest.raises(EngineFault, match=what):
        simulate_curves(16, 10, trials=700, seeds=1)
    store = ResultStore(tmp_path)
    with pytest.raises(EngineFault):
        S.run_sweep([16], [10], store=store, **SMALL)
    assert store.keys() == []


def test_argmax_zero_wins_at_positive_snr_is_a_fault(monkeypatch):
    monkeypatch.setattr(
        backends.CPUBackend, "argmax_chunks", lambda self, seed, c0, c1, n, m, s: np.zeros(c1 - c0, dtype=np.int64)
    )
    with pytest.raises(EngineFault, match="no win"):
        argmax_probability(2.0, 8, trials=5000)
    monkeypatch.setattr(
        backends.CPUBackend,
        "argmax_chunks",
        lambda self, seed, c0, c1, n, m, s: np.full(c1 - c0, 10**6, dtype=np.int64),
    )
    with pytest.raises(EngineFault, match="outside"):
        argmax_probability(2.0, 8, trials=5000)


def test_kernel_memory_error_becomes_a_limit_error(monkeypatch):
    def oom(*a, **k):
        raise MemoryError("Unable to allocate 238 GiB")

    monkeypatch.setattr(backends.CPUBackend, "curve_chunks", oom)
    with pytest.raises(ResourceLimitError, match="could not allocate"):
        simulate_curves(16, 10, trials=700, seeds=1)


# --- the CLI ---------------------------------------------------------------------------------


def _one_line(capsys, code, want):
    cap = capsys.readouterr()
    assert code == want, cap.err
    assert len(cap.err.strip().splitlines()) == 1 and "Traceback" not in cap.err
    return cap.err


def test_cli_limits_are_one_line_exit_2_and_overridable(capsys):
    err = _one_line(
        capsys, cli.mc_main(["gamma-c", "--dk", "16", "--T", "1000000000", "--trials", "1", "--seeds", "1"]), 2
    )
    assert "--max-memory" in err
    err = _one_line(
        capsys, cli.mc_main(["curve", "--dk", "16", "--T", "10", "--trials", "1000", "--max-work", "1000"]), 2
    )
    assert "--max-work" in err
    _one_line(capsys, cli.mc_main(["curve", "--dk", "16", "--T", "10", "--max-memory", "lots"]), 2)
    assert (
        cli.mc_main(
            [
                "curve",
                "--dk",
                "16",
                "--T",
                "10",
                "--trials",
                "600",
                "--seeds",
                "1",
                "--max-work",
                "unlimited",
                "--max-memory",
                "64MiB",
                "--json",
            ]
        )
        == 0
    )
    doc = json.loads(capsys.readouterr().out)
    assert doc["A"][0] == pytest.approx(1 / 9)


def test_cli_engine_fault_is_one_line_exit_1(monkeypatch, capsys):
    _patch_curves(monkeypatch, lambda s, q: (np.zeros_like(s), np.zeros_like(q)))
    err = _one_line(capsys, cli.mc_main(["gamma-c", "--dk", "16", "--T", "10", "--trials", "600", "--seeds", "1"]), 1)
    assert "internal fault" in err


def _strict(text):
    def bad(c):
        raise ValueError(f"not strict JSON: {c}")

    return json.loads(text, parse_constant=bad)


def test_cli_json_is_strict_when_a_seed_has_no_crossing(capsys):
    # m = T-1 with chance 1/(T-1): A(0) = 1/T is below chance; on a tiny grid nothing crosses
    argv = [
        "gamma-c",
        "--dk",
        "16",
        "--T",
        "10",
        "--trials",
        "600",
        "--seeds",
        "2",
        "--distractors",
        "T-1",
        "--gamma-max",
        "0.05",
        "--json",
    ]
    assert cli.mc_main(argv) == 0
    doc = _strict(capsys.readouterr().out)
    assert doc["gamma_c"]["mean"] is None and doc["gamma_c"]["sd"] is None
    assert "no transition" in doc["gamma_c"]["undefined"] and doc["gamma_c"]["sd_undefined"]
    assert "below chance" in doc["gamma_c"]["undefined"]


@pytest.mark.parametrize(
    "argv",
    [["sweep", "--dk", "16", "--T", "10", "--store", ""], ["exact-map", "--out", ""], ["plot", "fig7a", "--out", " "]],
)
def test_cli_empty_paths_are_refused(argv, capsys, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    _one_line(capsys, cli.mc_main(argv), 2)
    assert list(tmp_path.iterdir()) == []


def test_cli_sweep_gpu_checked_even_when_every_point_is_stored(tmp_path, capsys, monkeypatch):
    argv = ["sweep", "--dk", "16", "--T", "10", "--trials", "600", "--seeds", "2", "--store", str(tmp_path)]
    assert cli.mc_main(argv) == 0
    capsys.readouterr()

    def unavailable(name):
        if name == "gpu":
            raise backends.BackendUnavailable("no CUDA GPU detected")
        return backends.CPUBackend()

    monkeypatch.setattr(S, "get_backend", unavailable)
    err = _one_line(capsys, cli.mc_main(argv + ["--backend", "gpu"]), 2)
    assert "GPU" in err


@pytest.mark.parametrize(
    "argv",
    [
        ["gamma-c", "--dk", "16", "--T", "10", "--gamma-max", "1e300", "--trials", "300", "--seeds", "2"],
        ["curve", "--model", "t3t4", "--dk", "1e300", "--T", "10", "--gamma-max", "1e154", "--trials", "300"],
        ["exact", "--dk", "16", "--T", "10", "--gamma-max", "1e154", "--continuous"],
        ["sweep", "--dk", "16", "--T", "10", "--gamma-max", "1e300", "--trials", "300", "--store", "{tmp}"],
    ],
)
def test_cli_overflowing_couplings_are_refused_in_one_line(argv, capsys, tmp_path):
    argv = [a.replace("{tmp}", str(tmp_path)) for a in argv]
    err = _one_line(capsys, cli.mc_main(argv), 2)
    assert "--gamma-max" in err and list(tmp_path.iterdir()) == []


def test_cli_gamma_c_of_a_flat_curve_is_undefined_with_no_relative_error(capsys):
    # on [0, 1e-300] the key model's curve is flat at chance (A(0) = 1/(m+1) = 1/(T-1) up to 5e-17):
    # there is no transition, so no gamma_c (it used to be "crossed" at gamma = 0 by rounding)
    assert cli.mc_main(["exact", "--model", "key", "--dk", "16", "--T", "10", "--gamma-max", "1e-300", "--json"]) == 0
    doc = _strict(capsys.readouterr().out)
    assert doc["gamma_c"] is None and doc["relative_error"] is None
    assert doc["gamma_c_undefined"].startswith("no transition")


def test_a_gamma_c_of_zero_has_no_relative_error():
    x = EX.gamma_c_exact(16, 10)
    assert x.relative_error is not None
    x.gamma_c = 0.0
    assert x.relative_error is None


@pytest.mark.parametrize("var", [limits.ENV_MEMORY, limits.ENV_WORK])
@pytest.mark.parametrize("value", ["abc", "-3GiB", "1e999", "12 parsecs", "nan"])
def test_a_malformed_environment_limit_is_one_line_not_a_traceback(monkeypatch, var, value):
    monkeypatch.setenv(var, value)
    with pytest.raises(limits.LimitSettingError) as exc:
        limits.current()
    msg = str(exc.value)
    assert "\n" not in msg and f"${var}" in msg and "fix or unset it" in msg
    assert isinstance(exc.value, ResourceLimitError)  # psa-mc already maps these to exit 2


def test_an_explicit_limit_wins_over_a_malformed_environment(monkeypatch):
    monkeypatch.setenv(limits.ENV_MEMORY, "garbage")
    monkeypatch.setenv(limits.ENV_WORK, "more garbage")
    assert limits.resolve(max_memory="2GiB", max_work=None) == limits.Limits(2 * limits.GiB, None)
    with limits.override(max_memory="1GiB", max_work="1e9") as lim:
        assert lim == limits.Limits(limits.GiB, 10**9) and limits.current() == lim
    with pytest.raises(limits.LimitSettingError, match=limits.ENV_WORK):
        limits.resolve(max_memory="1GiB")  # the work limit still comes from its (malformed) variable
    store = ResultStore("/nonexistent", limits=limits.Limits(10**6, None))
    assert store.limits.max_memory == 10**6  # a store bounds its reads by an explicit limit too


def test_cli_max_memory_wins_over_a_malformed_environment(monkeypatch, capsys):
    monkeypatch.setenv(limits.ENV_MEMORY, "lots")
    argv = ["pinf", "--dk", "16", "--T", "10"]
    assert cli.mc_main(argv + ["--max-memory", "4GiB"]) == 0
    capsys.readouterr()
    assert cli.mc_main(argv) == 2
    err = capsys.readouterr().err
    assert len(err.strip().splitlines()) == 1 and "PSA_TOOLKIT_MAX_MEMORY" in err and "Traceback" not in err
