"""Sweeps: the §7.9/§7.10 statistics on synthetic points, the result store (reuse, resume
after an interruption, atomic writes), the Dask path (bitwise equal), and the CLI."""

import json
import math
import os

import numpy as np
import pytest
from scipy import stats as sps

import cli
from montecarlo import stats
from montecarlo import sweep as S
from montecarlo.store import DamagedRecordWarning, ResultStore, default_store_dir, point_key
from theory import laws

SMALL = dict(trials=700, seeds=2, seed=3)  # tests use seeds < 1000
DKS, TS = (16, 64), (10, 15)


def synthetic_point(dk, T, per_seed, plateau=0.5):
    per = [float(v) for v in per_seed]
    return {
        "dk": dk,
        "T": T,
        "law": float(laws.gamma_c(dk, T)),
        "gamma_c": {
            "mean": float(np.mean(per)),
            "sd": float(np.std(per, ddof=1)) if len(per) > 1 else None,
            "per_seed": per,
        },
        "plateau": {"mean": plateau, "per_seed": [plateau] * len(per)},
        "p_inf": plateau,
    }


GRID = [(dk, T) for T in (10, 15, 25) for dk in (4, 8, 16, 32, 64, 128)]


# --- statistics on synthetic points ------------------------------------------------------------


def test_law_exactly_right_gives_perfect_statistics():
    pts = [synthetic_point(dk, T, [laws.gamma_c(dk, T)] * 3) for dk, T in GRID]
    st = stats.sweep_statistics(pts)
    mf, cd = st["mean_field"], st["condensed"]
    assert mf["n"] == 9 and cd["n"] == 9
    assert {tuple(p) for p in mf["points"]} == {(dk, T) for dk, T in GRID if dk >= 8 * math.log(T - 1)}
    assert mf["pearson_r"] == pytest.approx(1.0)
    assert mf["median_abs_error"] == 0.0 and mf["n_within"] == 9
    # on the condensed branch the law is c (2L)^{1/4}/sqrt2 with c = 0.741: every pointwise c is 0.741
    assert cd["c"]["mean"] == pytest.approx(0.741, abs=1e-12)
    assert cd["c"]["sd"] == pytest.approx(0.0, abs=1e-12)


def test_relative_errors_counts_and_trend_match_direct_computation():
    rng = np.random.default_rng(1)
    errs = {(dk, T): e for (dk, T), e in zip(GRID, rng.uniform(-0.12, 0.12, len(GRID)))}
    # MC = law / (1 + e) makes (law - MC)/MC = e exactly
    pts = [synthetic_point(dk, T, [laws.gamma_c(dk, T) / (1 + errs[dk, T])] * 2) for dk, T in GRID]
    st = stats.sweep_statistics(pts)
    mf = st["mean_field"]
    e = np.array([errs[tuple(p)] for p in mf["points"]])
    assert np.allclose(mf["relative_errors"], e, rtol=1e-12, atol=1e-12)
    assert mf["median_abs_error"] == pytest.approx(np.median(np.abs(e)))
    assert mf["max_abs_error"] == pytest.approx(np.max(np.abs(e)))
    assert mf["n_within"] == int(np.sum(np.abs(e) <= 0.05))
    ratio = np.array([8 * math.log(T - 1) / dk for dk, T in mf["points"]])
    assert st["trend"]["abs"]["pearson_r"] == pytest.approx(sps.pearsonr(ratio, np.abs(e)).statistic)
    assert st["trend"]["abs"]["spearman_p"] == pytest.approx(sps.spearmanr(ratio, np.abs(e)).pvalue)
    assert st["trend"]["signed"]["pearson_r"] == pytest.approx(sps.pearsonr(ratio, e).statistic)
    # nearest the crossover on the mean-field side: the two largest 8L/dk, (32, 25) then (32, 15)
    near = [(q["dk"], q["T"]) for q in st["nearest_crossover"]["mean_field"]]
    assert near == [(32, 25), (32, 15)]
    assert [(q["dk"], q["T"]) for q in st["nearest_crossover"]["condensed"]] == [(16, 10), (16, 15)]
    cd = st["condensed"]
    c = [
        stats.condensation_constant(p["gamma_c"]["mean"], p["T"])
        for p in pts
        if (p["dk"], p["T"]) in {tuple(x) for x in cd["points"]}
    ]
    assert cd["c"]["mean"] == pytest.approx(np.mean(c)) and cd["c"]["sd"] == pytest.approx(np.std(c, ddof=1))


def test_standard_errors_are_the_spread_of_per_seed_statistics():
    rng = np.random.default_rng(2)
    pts = [synthetic_point(dk, T, laws.gamma_c(dk, T) * (1 + 0.01 * rng.standard_normal(4))) for dk, T in GRID]
    per = stats.per_seed_statistics(pts)
    se = stats.seed_standard_errors(pts)
    r = [p["mean_field"]["pearson_r"] for p in per]
    assert se["mean_field"]["pearson_r"] == pytest.approx(np.std(r, ddof=1) / 2.0)
    cm = [p["condensed"]["c"]["mean"] for p in per]
    assert se["condensed"]["c"]["mean"] == pytest.approx(np.std(cm, ddof=1) / 2.0)
    assert se["mean_field"]["n_within"] is None  # counts carry no standard error


def test_small_branches_leave_correlations_undefined():
    pts = [synthetic_point(16, T, [0.7, 0.71]) for T in (6, 8)]  # both mean field at dk = 16
    st = stats.sweep_statistics(pts)
    assert st["mean_field"]["n"] == 2 and st["mean_field"]["pearson_r"] is None
    assert st["trend"]["abs"]["pearson_r"] is None and st["condensed"]["c"]["mean"] is None


# --- the store -------------------------------------------------------------------------------


def test_store_reuses_finished_points_and_fresh_recomputes(tmp_path):
    store = ResultStore(tmp_path)
    first = S.run_sweep(DKS, TS, store=store, **SMALL)
    assert first.sources == ["computed"] * 4 and len(store.keys()) == 4
    again = S.run_sweep(DKS, TS, store=store, **SMALL)
    assert again.sources == ["store"] * 4
    assert [S.result_identity(p) for p in again.points] == [S.result_identity(p) for p in first.points]
    for a, b in zip(first.arrays, again.arrays):
        assert all(np.array_equal(a[k], b[k]) for k in ("gammas", "curves", "curves_sem"))
    fresh = S.run_sweep(DKS, TS, store=store, fresh=True, **SMALL)
    assert fresh.sources == ["computed"] * 4
    assert [S.result_identity(p) for p in fresh.points] == [S.result_identity(p) for p in first.points]
    # another convention is another key: nothing is reused under conventions it was not made with
    other = S.run_sweep(DKS, TS, store=store, distractors="T-1", **SMALL)
    assert other.sources == ["computed"] * 4 and len(store.keys()) == 8


def test_key_covers_parameters_seeds_conventions_and_version():
    p = S.point_params(16, 10, **SMALL)
    doc = S.key_document(p)
    assert doc["seed_list"] == [3, 4] and doc["toolkit_version"] and doc["conventions"]["distractors"] == "T-2"
    base = S.params_key(p)
    for change in (dict(seed=4), dict(trials=701), dict(chance="m+1"), dict(grid=31), dict(distractors="T-1")):
        assert S.params_key(S.point_params(16, 10, **{**SMALL, **change})) != base
    assert point_key(S.key_document(p, version="0.0.0-other")) != base
    assert S.params_key(S.point_params(16.0, 10, **SMALL)) == base  # 16 and 16.0 are one point
    assert S.params_key(S.point_params(16, 10, backend="cpu", **SMALL)) == base


class Interrupt(Exception):
    pass


def test_interrupted_sweep_resumes_without_losing_points(tmp_path):
    reference = S.run_sweep(DKS, TS, store=ResultStore(tmp_path / "ref"), **SMALL)
    store = ResultStore(tmp_path / "run")
    k = 2

    def stop_after_k(done, total):
        if done >= k:
            raise Interrupt

    with pytest.raises(Interrupt):
        S.run_sweep(DKS, TS, store=store, progress=stop_after_k, **SMALL)
    assert len(store.keys()) == k
    resumed = S.run_sweep(DKS, TS, store=store, **SMALL)
    assert resumed.sources == ["store"] * k + ["computed"] * (4 - k)
    assert [S.result_identity(p) for p in resumed.points] == [S.result_identity(p) for p in reference.points]
    assert resumed.statistics == reference.statistics


def test_a_write_that_dies_leaves_no_finished_point(tmp_path, monkeypatch):
    store = ResultStore(tmp_path)
    out = S._roundtrip(S.compute_point(S.point_params(16, 10, **SMALL)))
    key = out["record"]["key"]

    def boom(*a, **k):
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(np, "savez", boom)
    with pytest.raises(Exception):
        store.save(key, out["record"], out["arrays"])
    monkeypatch.undo()
    assert not store.has(key) and store.load(key) is None
    assert list(tmp_path.iterdir()) == []  # no temporary file left behind
    store.save(key, out["record"], out["arrays"])
    assert store.load(key)[0] == out["record"]


def test_damaged_record_is_recomputed(tmp_path):
    store = ResultStore(tmp_path)
    S.run_sweep([16], [10], store=store, **SMALL)
    (key,) = store.keys()
    (tmp_path / f"{key}.json").write_text("{not json")
    with pytest.warns(DamagedRecordWarning, match="not valid JSON"):
        again = S.run_sweep([16], [10], store=store, **SMALL)
    assert again.sources == ["computed"]


def test_default_store_location(monkeypatch, tmp_path):
    monkeypatch.setenv("PSA_TOOLKIT_STORE", str(tmp_path / "s"))
    assert default_store_dir() == tmp_path / "s"
    monkeypatch.delenv("PSA_TOOLKIT_STORE")
    assert str(default_store_dir()) == os.path.expanduser("~/.cache/psa-toolkit/sweeps")
    import montecarlo

    assert not str(default_store_dir()).startswith(os.path.dirname(montecarlo.__file__))


def test_record_contents_and_conventions():
    sw = S.run_sweep([16, 64], [15], **SMALL)
    p16, p64 = sw.point(16, 15), sw.point(64, 15)
    assert p16["branch"] == "condensed" and p64["branch"] == "mean-field"
    assert p16["m"] == 13 and p16["chance"] == pytest.approx(1 / 14) and p16["seed_list"] == [3, 4]
    assert p64["relative_error"] == pytest.approx((p64["law"] - p64["gamma_c"]["mean"]) / p64["gamma_c"]["mean"])
    assert p16["c_pointwise"] == pytest.approx(p16["gamma_c"]["mean"] * math.sqrt(2) / (2 * math.log(14)) ** 0.25)
    assert p16["p_inf"] == pytest.approx(laws.p_inf(16, 15, m=13))
    assert p16["crossover_ratio"] == pytest.approx(8 * math.log(14) / 16)
    doc = sw.to_json()
    assert {"points", "statistics", "statistics_se", "settings", "conventions"} <= set(doc)
    json.dumps(doc, allow_nan=False)


# --- Dask ------------------------------------------------------------------------------------


def test_dask_local_cluster_is_bitwise_identical_and_fills_the_store(tmp_path):
    pytest.importorskip("distributed")
    ref = S.run_sweep(DKS, TS, **SMALL)
    store = ResultStore(tmp_path)
    with S.dask_client(local_workers=1, threads_per_worker=2, processes=False) as client:
        got = S.run_sweep(DKS, TS, store=store, client=client, **SMALL)
    assert got.executor.startswith("dask")
    assert [S.result_identity(p) for p in got.points] == [S.result_identity(p) for p in ref.points]
    for a, b in zip(ref.arrays, got.arrays):
        for k in ("gammas", "curves", "curves_sem"):
            assert a[k].tobytes() == b[k].tobytes()
    assert S.run_sweep(DKS, TS, store=store, **SMALL).sources == ["store"] * 4


def test_compute_point_is_a_plain_importable_function():
    import pickle

    assert S.compute_point.__module__ == "montecarlo.sweep"
    assert pickle.loads(pickle.dumps(S.compute_point)) is S.compute_point  # pickled by reference


# --- CLI -------------------------------------------------------------------------------------


def test_cli_sweep_json_and_reuse(tmp_path, capsys):
    argv = [
        "sweep",
        "--dk",
        "16,64",
        "--T",
        "10,15",
        "--trials",
        "700",
        "--seeds",
        "2",
        "--seed",
        "3",
        "--store",
        str(tmp_path),
        "--json",
    ]
    assert cli.mc_main(argv) == 0
    doc = json.loads(capsys.readouterr().out)
    assert len(doc["points"]) == 4 and doc["computed"] == 4
    assert doc["settings"]["seed_list"] == [3, 4] and doc["conventions"]["distractors"] == "T-2"
    assert "mean_field" in doc["statistics"] and "trend" in doc["statistics"]
    assert cli.mc_main(argv) == 0
    assert json.loads(capsys.readouterr().out)["reused"] == 4
    assert cli.mc_main(argv[:-1]) == 0  # the table
    out = capsys.readouterr().out
    assert "mean-field" in out and "4 of 4 points from the store" in out


def test_cli_sweep_preset(tmp_path, capsys):
    assert (
        cli.mc_main(
            [
                "sweep",
                "--preset",
                "t-axis",
                "--trials",
                "300",
                "--seeds",
                "2",
                "--seed",
                "5",
                "--store",
                str(tmp_path),
                "--json",
            ]
        )
        == 0
    )
    doc = json.loads(capsys.readouterr().out)
    assert [(p["dk"], p["T"]) for p in doc["points"]] == [(16, T) for T in (6, 8, 9, 10, 12, 15, 20, 25, 30, 40)]
    assert doc["settings"]["preset"] == "t-axis" and doc["statistics"]["condensed"]["n"] == 8


@pytest.mark.parametrize(
    "argv",
    [
        ["sweep"],
        ["sweep", "--dk", "16"],
        ["sweep", "--preset", "paper-grid", "--dk", "16"],
        ["sweep", "--preset", "nope"],
        ["sweep", "--dk", "16,x", "--T", "10"],
        ["sweep", "--dk", "16", "--T", "2"],
        ["sweep", "--dk", "16", "--T", "10", "--scheduler", "tcp://h:1", "--dask-local", "2"],
        ["sweep", "--dk", "16", "--T", "10", "--dask-local", "0"],
    ],
)
def test_cli_sweep_bad_usage_exits_2_with_one_line(argv, capsys):
    code = cli.mc_main(argv)
    err = capsys.readouterr().err
    assert code == 2 and len(err.strip().splitlines()) == 1 and "Traceback" not in err


def test_cli_sweep_unwritable_store_is_one_line(tmp_path, capsys):
    blocker = tmp_path / "file"
    blocker.write_text("x")
    code = cli.mc_main(
        ["sweep", "--dk", "16", "--T", "10", "--trials", "100", "--seeds", "1", "--store", str(blocker / "sub")]
    )
    err = capsys.readouterr().err
    assert code == 2 and len(err.strip().splitlines()) == 1 and "result store" in err


def _module_level_imports(name: str) -> set[str]:
    """The modules ``name`` (a montecarlo module) imports when it is imported: its module-level
    imports, not those inside functions or under ``if TYPE_CHECKING``."""
    import ast
    from pathlib import Path

    path = Path(S.__file__).parent / (name.split(".", 1)[1].replace(".", "/") + ".py")
    out: set[str] = set()
    for node in ast.parse(path.read_text(encoding="utf-8")).body:
        if isinstance(node, ast.Import):
            out |= {a.name for a in node.names}
        elif isinstance(node, ast.ImportFrom):
            base = "montecarlo" + (f".{node.module}" if node.module else "") if node.level else node.module or ""
            out.add(base)
            if base == "montecarlo":
                out |= {f"montecarlo.{a.name}" for a in node.names}
    return out


def test_a_store_lookup_imports_no_numba():
    """Certificates look sweeps up in the store by their keys (montecarlo.sweep.params_key): importing
    montecarlo.sweep must not import Numba and the kernels (about 0.7 s of CPU in a worker that runs
    no kernel, e.g. rem72's on a first run)."""
    seen, todo = set(), ["montecarlo.sweep"]
    while todo:
        mod = todo.pop()
        if mod in seen:
            continue
        seen.add(mod)
        todo += [m for m in _module_level_imports(mod) if m.startswith("montecarlo.")]
    external = set().union(*(_module_level_imports(m) for m in seen))
    assert "montecarlo.backends" in seen and "montecarlo.kernels" not in seen, sorted(seen)
    assert not any(m == "numba" or m.startswith("numba.") for m in external), sorted(external)
