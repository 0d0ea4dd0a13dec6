"""The figures render to PNG and SVG files (tiny Monte Carlo); a missing matplotlib is a clean exit 2."""

import sys

import pytest

import cli

pytest.importorskip("matplotlib")

from montecarlo import plots  # noqa: E402
from montecarlo.exact import error_map  # noqa: E402

TINY = plots.MCSettings(trials=600, seeds=2, seed=1, distractors="T-1")


def _check_files(paths):
    png, svg = paths
    with open(png, "rb") as fh:
        assert fh.read(8) == b"\x89PNG\r\n\x1a\n"
    with open(svg, encoding="utf-8") as fh:
        text = fh.read()
    assert "<svg" in text
    return text


@pytest.mark.slow
def test_all_figures_render(tmp_path):
    res = plots.make(["fig7a", "fig7b", "fig8a"], str(tmp_path), TINY)
    for name in ("fig7a", "fig7b", "fig8a"):
        svg = _check_files(res[name]["paths"])
        assert "600 trials" in svg and "seeds 1–2" in svg and "m = T−1" in svg  # conventions stated
    assert len(res["fig7b"]["numbers"]["points"]) == 9
    assert set(res["fig8a"]["numbers"]["points"]) == set(plots.T_AXIS)
    r = plots.fig8c(str(tmp_path), TINY, argmax_trials=20_000)
    _check_files(r["paths"])
    assert len(r["numbers"]["checkpoints"]) == 4
    emap = error_map([4.0, 16.0, 64.0, 256.0], [6, 15, 100])
    r = plots.error_map_figure(str(tmp_path), TINY, emap=emap)
    _check_files(r["paths"])
    assert r["numbers"]["worst"][0]["branch"] == "mean-field"


def test_unknown_figure_is_rejected(tmp_path):
    with pytest.raises(ValueError):
        plots.make(["fig9"], str(tmp_path), TINY)


def test_cli_plot_without_matplotlib_exits_2(monkeypatch, tmp_path, capsys):
    for name in [k for k in sys.modules if k == "matplotlib" or k.startswith("matplotlib.")]:
        monkeypatch.delitem(sys.modules, name)
    monkeypatch.setitem(sys.modules, "matplotlib", None)  # import matplotlib -> ImportError
    code = cli.mc_main(["plot", "fig7b", "--out", str(tmp_path), "--trials", "100", "--seeds", "2"])
    err = capsys.readouterr().err
    assert code == 2 and len(err.strip().splitlines()) == 1 and "matplotlib" in err


@pytest.mark.slow
def test_cli_plot_writes_files(tmp_path, capsys):
    code = cli.mc_main(["plot", "fig7b", "--out", str(tmp_path), "--trials", "600", "--seeds", "2"])
    assert code == 0
    assert (tmp_path / "fig7b.png").exists() and (tmp_path / "fig7b.svg").exists()
    assert "fig7b" in capsys.readouterr().out
