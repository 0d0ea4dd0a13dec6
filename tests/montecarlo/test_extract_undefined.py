"""Undefined is not a number: a curve with no transition (plateau within noise or rounding of
chance) has no gamma_c -- NaN with a reason in extraction, None / null with the reason in the
results and their JSON, "undefined (no transition)" in text; for Monte Carlo and the exact curve."""

from __future__ import annotations

import json
import math

import numpy as np
import pytest

from montecarlo import extract as X
from montecarlo import gamma_c_mc
from montecarlo import sweep as S
from montecarlo.exact import gamma_c_exact

G = np.linspace(0, 8, 61)


def _curve(chance, plateau):
    return chance + (plateau - chance) / (1 + np.exp(-(G - 2) * 4))


def test_rule_monte_carlo_k_standard_errors():
    chance, se = 0.1, 0.01
    k = X.NOISE_SIGMAS
    just_below = _curve(chance, chance + k * se * 0.99)
    just_above = _curve(chance, chance + k * se * 1.01 + 1e-9)
    e = X.extract(G, just_below, chance, plateau_se=se)
    assert math.isnan(e.gamma_c) and e.undefined.startswith("no transition") and "3 standard errors" in e.undefined
    e = X.extract(G, just_above, chance, plateau_se=se)
    assert e.undefined is None and 1.5 < e.gamma_c < 2.5
    assert X.extract_gamma_c(G, just_below, chance, plateau_se=se)[0] != X.extract_gamma_c(G, just_below, chance)[0]


def test_rule_exact_relative_rounding():
    chance = 1 / 14
    flat = np.full(G.size, chance)
    flat[-1] = chance * (1 + 0.5 * X.REL_ROUNDING)
    e = X.extract(G, flat, chance)
    assert math.isnan(e.gamma_c) and "rounding" in e.undefined
    real = _curve(chance, chance * (1 + 10 * X.REL_ROUNDING))
    assert X.extract(G, real, chance).undefined is None
    below = _curve(chance, chance * 0.5)  # plateau below chance: no transition either
    assert X.extract(G, below, chance).undefined is not None
    assert X.format_gamma_c(None) == X.format_gamma_c(math.nan) == "undefined (no transition)"
    assert X.format_gamma_c(0.61234) == "0.6123"


def test_monte_carlo_flat_curve_has_no_gamma_c():
    r = gamma_c_mc(1e-300, 15, trials=1500, seeds=2, seed=4)
    assert all(math.isnan(v) for v in r.per_seed)
    assert (
        r.gamma_c is None and r.undefined_reason.startswith("no transition") and "seeds 4, 5 of 2" in r.undefined_reason
    )
    doc = r.to_json()
    json.dumps(doc, allow_nan=False)  # strict JSON: null, never NaN
    assert doc["gamma_c"]["mean"] is None and doc["gamma_c"]["per_seed"] == [None, None]
    assert doc["gamma_c"]["undefined"] == r.undefined_reason and doc["gamma_c"]["sd_undefined"]
    assert "undefined (no transition)" in repr(r) and "undefined (no transition)" in r._repr_markdown_()
    assert r.relative_error is None


def test_monte_carlo_real_transition_is_unchanged():
    r = gamma_c_mc(64, 15, trials=2048, seeds=2)
    assert r.undefined_reason is None and r.gamma_c == r.mean and 0.4 < r.gamma_c < 0.8
    assert r.to_json()["gamma_c"]["undefined"] is None


@pytest.mark.parametrize("dk,T", [(1e-300, 15), (1e-200, 16), (1e-300, 40)])
def test_exact_flat_curve_has_no_gamma_c(dk, T):
    x = gamma_c_exact(dk, T, continuous=True)
    assert x.gamma_c is None and x.undefined_reason.startswith("no transition") and x.relative_error is None
    doc = x.to_json()
    json.dumps(doc, allow_nan=False)
    assert doc["gamma_c"] is None and doc["gamma_c_undefined"] == x.undefined_reason
    assert doc["gamma_c_continuous"] is None
    assert "undefined (no transition)" in repr(x) and "undefined (no transition)" in x._repr_markdown_()


def test_exact_real_transition_is_unchanged():
    x = gamma_c_exact(64, 15)
    assert x.undefined_reason is None and x.to_json()["gamma_c_undefined"] is None and 0.55 < x.gamma_c < 0.65


def test_a_sweep_point_without_transition_is_null_with_a_reason(tmp_path):
    from montecarlo.store import ResultStore
    from montecarlo.sweep_report import sweep_lines

    sw = S.run_sweep([1e-300, 64], [15], trials=1500, seeds=2, store=ResultStore(tmp_path))
    flat, real = sw.points
    assert flat["gamma_c"]["mean"] is None and flat["gamma_c"]["undefined"].startswith("no transition")
    assert flat["c_pointwise"] is None and flat["relative_error"] is None
    assert real["gamma_c"]["undefined"] is None and real["gamma_c"]["mean"] > 0
    json.dumps(sw.to_json(), allow_nan=False)
    lines = sweep_lines(sw)
    assert any(ln.split()[:1] == ["1e-300"] and "undef" in ln for ln in lines)
    assert any("undefined (no transition): the plateau" in ln for ln in lines)
    assert max(len(ln) for ln in lines) <= 80
    again = S.run_sweep([1e-300, 64], [15], trials=1500, seeds=2, store=ResultStore(tmp_path))
    assert again.sources == ["store", "store"] and again.points[0]["gamma_c"] == flat["gamma_c"]
