"""Result displays and the explicit public API of montecarlo (issue: the toolkit in a notebook)."""

from __future__ import annotations

import doctest
import inspect
import json
import sys

import numpy as np
import pytest

import montecarlo as mc
from montecarlo import conventions as conv
from theory import laws


@pytest.fixture(scope="module")
def result():
    return mc.gamma_c_mc(64, 15, trials=1024, seeds=3, grid=21)


def test_gamma_c_mc_signature_is_explicit_and_documented():
    sig = inspect.signature(mc.gamma_c_mc)
    names = [
        "trials",
        "seeds",
        "seed",
        "model",
        "distractors",
        "chance",
        "grid",
        "gamma_max",
        "backend",
        "block_chunks",
        "progress",
    ]
    kw = [p.name for p in sig.parameters.values() if p.kind is p.KEYWORD_ONLY]
    assert kw == names
    assert not any(p.kind is p.VAR_KEYWORD for p in sig.parameters.values())
    assert sig.parameters["trials"].default == conv.DEFAULT_TRIALS and sig.parameters["model"].default == "t4"
    for fn in (mc.gamma_c_mc, mc.simulate_curves):
        for name in names:
            assert f"{name} :" in fn.__doc__ or f", {name} :" in fn.__doc__ or f"{name}, " in fn.__doc__, name
    with pytest.raises(TypeError, match="gamma_c_mc"):
        mc.gamma_c_mc(64, 15, trails=10)


def test_docstring_examples_run():
    import montecarlo.engine

    res = doctest.testmod(montecarlo.engine)
    assert res.attempted >= 6 and res.failed == 0


def test_clean_dir_of_public_modules():
    import certificates

    for mod in (laws, mc, certificates):
        names = dir(mod)
        for helper in ("np", "special", "check_dk", "annotations", "math"):
            assert helper not in names, (mod.__name__, helper)
        assert set(mod.__all__) <= set(names)
    assert "gamma_c_exact" in dir(mc) and mc.gamma_c_exact is mc.exact.gamma_c_exact


@pytest.mark.parametrize("good", [15, 15.0, np.int64(15), np.float64(15.0)])
def test_integer_T_accepted_alike(good):
    assert conv.check_int("T", good, 3) == 15
    assert laws.L(good) == laws.L(15) and laws.p_inf(16, good) == laws.p_inf(16, 15)


@pytest.mark.parametrize(
    "bad",
    [15.5, True, "15", None, [15], 1j, float("nan"), 10**400],
    ids=["15.5", "True", "str", "None", "list", "complex", "nan", "10**400"],
)
def test_bad_T_rejected_alike(bad):
    with pytest.raises(ValueError, match="T"):
        conv.check_int("T", bad, 3)
    if not isinstance(bad, list):  # laws broadcast lists; p_inf is where T counts positions
        with pytest.raises(ValueError, match="T"):
            laws.p_inf(16, bad)


@pytest.mark.parametrize("bad", [[64], np.array([64.0]), "64", True, None, 0, -1.0, float("inf"), 2j])
def test_bad_dk_is_a_value_error(bad):
    with pytest.raises(ValueError, match="dk"):
        mc.simulate_curves(bad, 15, trials=10, seeds=1)


def test_gamma_c_repr_is_short_and_states_conventions(result):
    text = repr(result)
    assert "\n" not in text and len(text) < 260
    assert "m=13 (T-2)" in text and "chance=1/(T-1)" in text and "3 seeds x 1024 trials" in text
    assert f"{result.mean:.4g}" in text
    assert "\n" not in repr(result.curves) and len(repr(result.curves)) < 200


def test_gamma_c_html_table_has_seeds_and_errors(result):
    html = result._repr_html_()
    assert html.count("<table>") == 2
    for s, g in zip(result.curves.seeds, result.per_seed):
        assert f"<td>{s}</td><td>{g:.4g}</td>" in html
    se = result.sd / np.sqrt(3)
    assert f"{result.mean:.4g} ± {se:.2g}" in html
    assert "m = T-2" in html and "linspace(0, 8, 21)" in html
    md = result._repr_markdown_()
    assert md.count("|---|") >= 2


def test_curves_to_dict_and_frame(result):
    c = result.curves
    d = c.to_dict()
    json.dumps(d, allow_nan=False)
    assert d["m"] == 13 and d["seeds"] == [0, 1, 2] and len(d["mean"]) == 21
    assert np.allclose(d["mean"], c.mean)
    pd = pytest.importorskip("pandas")
    df = c.to_frame()
    assert isinstance(df, pd.DataFrame) and df.shape == (21, 3 + 3)
    assert np.allclose(df["A[seed=1]"], c.per_seed[1])
    assert result.to_dict()["gamma_c"]["per_seed"] == pytest.approx(result.per_seed)


def test_plot_returns_axes(result):
    mpl = pytest.importorskip("matplotlib")
    mpl.use("Agg")
    ax = result.plot()
    assert len(ax.lines) >= 3
    import matplotlib.pyplot as plt

    plt.close("all")


def test_missing_optional_packages_give_clear_import_errors(result, monkeypatch):
    monkeypatch.setitem(sys.modules, "matplotlib.pyplot", None)
    with pytest.raises(ImportError, match=r"psa-toolkit\[plot\]"):
        result.curves.plot()
    monkeypatch.setitem(sys.modules, "pandas", None)
    with pytest.raises(ImportError, match="pandas"):
        result.curves.to_frame()


def test_argmax_and_exact_displays():
    e = mc.argmax_probability(1.0, 13, trials=2000)
    assert repr(e).startswith("ArgmaxEstimate(p=") and f"{e.wins}/2000" in repr(e)
    assert "<table>" in e._repr_html_()
    x = mc.gamma_c_exact(64, 15, grid=21, distractors="T-1")
    assert "m=14 (T-1)" in repr(x) and "quadrature" in repr(x)
    assert f"{x.gamma_c:.4g}" in x._repr_html_()
    assert len(x.to_dict()["curve"]) == 21


def test_sweep_displays():
    sw = mc.run_sweep([32, 64], [15], trials=512, seeds=2, grid=21)
    text = repr(sw)
    assert text.startswith("Sweep(2 points") and "\n" not in text
    html = sw._repr_html_()
    assert html.count("<tr>") == 3 and "mean-field" in html
    pytest.importorskip("pandas")
    df = sw.to_frame()
    assert list(df["dk"]) == [32, 64] and df["gamma_c"].notna().all()
    assert sw.to_dict()["points"][0]["T"] == 15
