"""Rigorous (Arb) enclosures of the reduced model's exact value and of gamma_c."""

import json
import math
from fractions import Fraction
from pathlib import Path

import mpmath
import numpy as np
import pytest
from flint import arb

from montecarlo import conventions as conv
from montecarlo import exact
from montecarlo import exact_rigorous as xr
from montecarlo.models import MODELS, get_model
from theory import rigorous as R

REFERENCE = json.loads((Path(__file__).parent / "data" / "exact_reference.json").read_text())["points"]


def contains(enc, value) -> bool:
    """The ball contains ``value`` (a float, a Fraction or a decimal string), decided exactly."""
    lo, hi = R.bounds(enc.value)
    v = Fraction(value) if not isinstance(value, str) else Fraction(value)
    return lo <= v <= hi


@pytest.mark.parametrize("ref", REFERENCE, ids=[r["label"] for r in REFERENCE])
def test_reference_points_are_inside_the_balls(ref):
    """The mpmath reference (20 digits, Laplace form) and the float production value lie inside."""
    enc = xr.competition_enclosure(ref["a"], ref["b"], ref["m"])
    assert enc.width < 1e-11, enc.budget
    # the reference is printed to 15 significant digits: its own rounding interval must meet the ball
    lo, hi = R.printed_interval(ref["A"])
    elo, ehi = R.bounds(enc.value)
    assert elo <= hi and lo <= ehi, (ref, enc.lo, enc.hi)
    assert contains(enc, exact.competition(ref["a"], ref["b"], ref["m"]))


@pytest.mark.parametrize("b", [0.0, 0.02, 0.49, 1.3, 30.0, 128.0])
@pytest.mark.parametrize("m", [1, 38, 510])
def test_exchangeable_a0_contains_one_over_m_plus_1(b, m):
    enc = xr.competition_enclosure(0.0, b, m)
    assert contains(enc, Fraction(1, m + 1)) and enc.width < 1e-11


@pytest.mark.parametrize("a,m", [(0.0, 5), (2.0, 10), (7.5, 1000)])
def test_b0_closed_form(a, m):
    # b = 0: scores a and 0 exactly, A = e^a / (e^a + m)
    enc = xr.competition_enclosure(a, 0, m)
    with mpmath.workdps(40):
        v = mpmath.exp(a) / (mpmath.exp(a) + m)
        lo, hi = R.bounds(enc.value)
        assert mpmath.mpf(lo.numerator) / lo.denominator <= v <= mpmath.mpf(hi.numerator) / hi.denominator


def test_different_target_variance():
    # deterministic distractors (b = 0), noisy target (b0 = 0.8): A = E[e^{a + b0 Z} / (e^{a + b0 Z} + m)]
    a, b0, m = 1.5, 0.8, 7
    enc = xr.competition_enclosure(a, 0, m, b0=b0)
    with mpmath.workdps(30):
        v = mpmath.quad(
            lambda z: mpmath.npdf(z) * mpmath.exp(a + b0 * z) / (mpmath.exp(a + b0 * z) + m), [-20, -5, 0, 5, 20]
        )
    assert enc.lo <= float(v) <= enc.hi and enc.width < 1e-11
    # b0 = b reproduces the default
    e1, e2 = xr.competition_enclosure(1.0, 0.7, 9), xr.competition_enclosure(1.0, 0.7, 9, b0=0.7)
    assert e1.value.overlaps(e2.value)


def test_coarse_tolerance_is_still_rigorous_and_cheaper():
    ref = next(r for r in REFERENCE if r["m"] == 4000)
    fine = xr.competition_enclosure(ref["a"], ref["b"], ref["m"], tol=1e-12)
    coarse = xr.competition_enclosure(ref["a"], ref["b"], ref["m"], tol=1e-4)
    assert 1e-7 < coarse.width < 1e-4 and contains(coarse, float(ref["A"]))
    assert coarse.nodes["outer"] < fine.nodes["outer"]
    assert fine.value.overlaps(coarse.value)


def test_ball_inputs_cover_every_point():
    a = arb(2.0, 1e-3)
    enc = xr.competition_enclosure(a, 0.9, 12)
    for x in (2.0 - 1e-3, 2.0, 2.0 + 1e-3):
        assert contains(enc, exact.competition(x, 0.9, 12))
    assert enc.width > 1e-5  # the input radius shows in the output


def test_budget_terms_are_reported_and_bounded():
    enc = xr.competition_enclosure(3.0, 1.0, 20, tol=1e-9)
    keys = {"outer_trapezoid", "inner_psi_per_node", "inner_eta_per_node", "tail_left", "tail_right", "radius"}
    assert keys <= set(enc.budget) and all(0 <= v < 1e-9 for v in enc.budget.values())
    doc = enc.to_json()
    assert doc["enclosure"][0] <= doc["enclosure"][1] and json.dumps(doc)


@pytest.mark.parametrize("bad", [dict(a=1.0, b=-0.1, m=3), dict(a=1.0, b=0.5, m=0), dict(a=math.nan, b=1.0, m=3)])
def test_bad_input(bad):
    with pytest.raises((ValueError, TypeError)):
        xr.competition_enclosure(**bad)


def test_ball_b_straddling_zero_refused():
    with pytest.raises(ValueError):
        xr.competition_enclosure(1.0, arb(0, 0.1), 3)


@pytest.mark.parametrize("model", sorted(MODELS))
def test_model_ab_is_the_models_formula(model):
    mdl = get_model(model)
    for g in (0.0, 0.3, 1.7, 8.0):
        a, b = xr.model_ab(model, g, 48)
        fa, fb = float(mdl.a(g, 48.0)), float(mdl.b(g, 48.0))
        assert a.rad() < arb("1e-30") and b.rad() < arb("1e-30")
        assert abs(float(a.mid()) - fa) <= 4e-16 * max(1.0, fa) and abs(float(b.mid()) - fb) <= 4e-16 * max(1.0, fb)


@pytest.mark.parametrize("model", sorted(MODELS))
def test_models_a_b_nondecreasing_in_gamma(model):
    mdl = get_model(model)
    g = np.linspace(0.0, 8.0, 801)
    for f in (mdl.a, mdl.b):
        v = np.broadcast_to(f(g, 48.0), g.shape)
        assert np.all(np.diff(v) >= 0)


def test_chance_fraction_is_the_float_rule():
    for T, m in ((40, 38), (40, 39), (512, 510)):
        for rule in conv.CHANCE_RULES:
            assert float(conv.chance_fraction(T, m, rule)) == conv.chance(T, m, rule)


def test_curve_enclosure_contains_the_float_curve():
    cur = xr.curve_enclosure(16, 12, grid=7, gamma_max=3.0, tol=1e-10)
    g, A = exact.curve(16, 12, grid=7, gamma_max=3.0)
    assert np.allclose(cur["gammas"], g, rtol=0, atol=1e-15)
    for (lo, hi), v in zip(cur["enclosures"], A):
        assert lo <= v <= hi and hi - lo < 1e-9
    assert cur["enclosures"][0][0] <= 1 / 11 <= cur["enclosures"][0][1]  # A(0) = 1/(m+1), m = T - 2


def test_gamma_c_bracket_48_40_contains_the_float_root():
    """The acceptance case of psa-mc exact --dk 48 --T 40 --chance m+1 --continuous --rigorous."""
    r = xr.gamma_c_continuous_enclosure(48, 40, chance="m+1")
    lo, hi = r.continuous_enclosure
    assert hi - lo <= 1e-6 and lo <= r.gamma_c_continuous <= hi
    glo, ghi = r.grid_enclosure
    assert ghi - glo <= 1e-9 and glo <= r.gamma_c <= ghi
    assert r.contains_float == {"continuous": True, "grid": True}
    # the sign change is certified by the enclosures at the two ends
    (a0, a1), (b0, b1) = r.A_at_ends
    m0, m1 = r.midpoint
    assert a1 < m0 and b0 > m1
    doc = r.to_json()
    assert doc["gamma_c_continuous_enclosure"] == [lo, hi] and not doc["reasons"]
    json.dumps(doc, allow_nan=False)


@pytest.mark.parametrize("model,dk,T,chance", [("t3t4", 32, 15, "T-1"), ("key", 64, 20, "m+1"), ("t4", 16, 9, "T-1")])
def test_gamma_c_bracket_other_models(model, dk, T, chance):
    r = xr.gamma_c_continuous_enclosure(dk, T, model=model, chance=chance, tol=1e-10)
    assert r.contains_float == {"continuous": True, "grid": True}, r.reasons
    lo, hi = r.continuous_enclosure
    assert hi - lo <= 1e-6


def test_gamma_c_without_transition_gives_reasons():
    # gamma_max tiny: the plateau stays at chance level... A(gamma_max) barely above 1/(m+1) under
    # chance 1/(T-1) with m = T-1 distractors: plateau below chance, no transition
    r = xr.gamma_c_continuous_enclosure(4, 10, distractors="T-1", chance="T-1", gamma_max=0.05, grid=5)
    assert r.continuous_enclosure is None and r.grid_enclosure is None and r.reasons


def test_rigorous_fields_for_the_exact_command():
    r = exact.gamma_c_exact(16, 12, chance="m+1", grid=9, gamma_max=8.0, continuous=True)
    d = xr.rigorous_fields(r, tol=1e-10, prove_first=False)  # the proof: test_first_crossing_proof_*
    assert len(d["curve_enclosure"]) == 9 and d["rigorous"]["curve_contains_float"]
    for (lo, hi), a in zip(d["curve_enclosure"], r.curve):
        assert lo <= a <= hi and hi - lo < 1e-9
    lo, hi = d["gamma_c_continuous_enclosure"]
    assert lo <= r.gamma_c_continuous <= hi and hi - lo <= 1e-6
    glo, ghi = d["gamma_c_enclosure"]
    assert glo <= r.gamma_c <= ghi
    assert d["rigorous"]["contains_float"] == {"continuous": True, "grid": True} and not d["rigorous"]["reasons"]
    # issue 25.5: each value says what it is; the first crossing is not claimed without its proof
    fc = d["rigorous"]["first_crossing"]
    assert fc["status"] == "assumed" and "not run" in fc["how"], fc
    defs = d["rigorous"]["definitions"]
    assert (
        "paper's §7.9 value" in defs["gamma_c_enclosure"] and "first_crossing" in defs["gamma_c_continuous_enclosure"]
    )
    assert "A(inf)" in defs["plateau_enclosure"]
    json.dumps(d, allow_nan=False)
    # without --continuous: no continuous bracket, and no complaint about it
    r2 = exact.gamma_c_exact(16, 12, chance="m+1", grid=9, gamma_max=8.0)
    d2 = xr.rigorous_fields(r2, tol=1e-8)
    assert "gamma_c_continuous_enclosure" not in d2 and not d2["rigorous"]["reasons"]
    assert d2["gamma_c_enclosure"][0] <= r2.gamma_c <= d2["gamma_c_enclosure"][1]


@pytest.mark.slow
def test_rigorous_fields_acceptance_case_48_40():
    """psa-mc exact --dk 48 --T 40 --chance m+1 --continuous --rigorous: the whole 61-point grid."""
    r = exact.gamma_c_exact(48, 40, chance="m+1", continuous=True)
    d = xr.rigorous_fields(r)
    lo, hi = d["gamma_c_continuous_enclosure"]
    assert hi - lo <= 1e-6 and lo <= r.gamma_c_continuous <= hi
    assert d["rigorous"]["curve_contains_float"]
    assert max(h - l_ for l_, h in d["curve_enclosure"]) < 1e-11
    assert d["rigorous"]["first_crossing"]["status"] == "proved", d["rigorous"]["first_crossing"]
    # the time per point is stated (measured here: ~0.22 s per A(gamma), ~14 s for the 61-point curve)
    assert d["rigorous"]["seconds_per_A"] > 0 and d["rigorous"]["seconds"]["curve"] > 0


def test_shared_weights_and_cut_window_give_the_balls_of_the_plain_scan(monkeypatch):
    """Issue 29: psi and eta of one enclosure share their Gaussian weights (_gauss_half; here the same
    noise scale and step, eta's list 4 longer), and the lattice points where F is cut to 0 are found by
    bisection (_cut_window) instead of comparing every point: every smoothed value, midpoint and
    radius, is the one computed with weights of its own and every point compared, and the enclosure
    is the one computed before either change (the pinned pair)."""

    def bits(vals, err):
        return [(v.mid().man_exp(), v.rad().man_exp()) for v in [*vals, err]]

    smoothed, gauss = xr._smoothed, xr._gauss_half
    seen: list = []

    def spy(*args):
        out = smoothed(*args)
        seen.append(bits(*out))
        return out

    monkeypatch.setattr(xr, "_smoothed", spy)
    new = xr.competition_enclosure(1.0, 4.0, 13, tol=1e-8)
    plan = xr.enclosure_plan(1.0, 4.0, 4.0, 13, 1e-8, False, False)
    assert plan.n_psi == plan.n_eta and plan.J_eta > plan.J_psi  # eta extends psi's list
    assert (new.value.mid().man_exp(), new.value.rad().man_exp()) == ((987505691849870958803, -73), (792256217, -59))
    monkeypatch.setattr(xr, "_gauss_half", lambda s, delta, J, memo: gauss(s, delta, J, {}))
    monkeypatch.setattr(xr, "_cut_window", lambda *args: None)
    plain = xr.competition_enclosure(1.0, 4.0, 13, tol=1e-8)
    assert len(seen) == 4 and seen[:2] == seen[2:]
    assert (plain.value.mid().man_exp(), plain.value.rad().man_exp(), plain.budget) == (
        new.value.mid().man_exp(),
        new.value.rad().man_exp(),
        new.budget,
    )


def test_cut_window_is_where_every_comparison_holds():
    """_cut_window's bisection finds the prefix below lo_thr and the suffix above hi_thr that comparing
    every point finds; a lattice whose balls are too wide for that to be certain gets None."""
    with R.precision(80):
        delta = arb(1) / 7
        for start, lo_thr, hi_thr in (
            (arb(-3), arb(-1), arb(2)),
            (arb(-3) / 3, None, arb(0.5)),
            (arb(5), arb(-9), arb(1)),
            (arb(-3), arb(2), arb(-1)),  # thresholds crossed: points below lo_thr and above hi_thr
        ):
            xs = [start + i * delta for i in range(60)]
            below = sum(1 for x in xs if lo_thr is not None and x < lo_thr)
            above = next((i for i, x in enumerate(xs) if x > hi_thr), 60)
            assert xr._cut_window(start, delta, 60, lo_thr, hi_thr) == (below, max(above, below), above)
        assert xr._cut_window(arb(-3, 0.1), delta, 60, arb(-1), arb(2)) is None  # 8 rad(start) > delta


def test_tiny_noise_scale_is_refused_not_run_out_of_memory():
    with pytest.raises(ValueError, match="lattice points"):
        xr.competition_enclosure(0.5, 1e-7, 10)
    # small but sane b works (the inner step follows b)
    enc = xr.competition_enclosure(0.5, 1e-3, 10, tol=1e-8)
    assert contains(enc, exact.competition(0.5, 1e-3, 10))


# --- issue 26.6: the float inside its enclosure at large T; limits before any work -----------


@pytest.mark.parametrize("T", [10**6, 10**12])
def test_float_grid_value_inside_its_enclosure_at_large_T(T):
    """``psa-mc exact --dk 16 --T 1000000 --rigorous`` exited 1: the float A at grid point 12
    (gamma = 1.6) lay a relative 2e-10 above its enclosure (the float's Gumbel lattice missed a
    tail that m amplifies; the 40-digit reference sides with the enclosure).  T = 10^12 was off
    by 4e-5.  Now the float lies well inside (within a tenth of the radius of the centre)."""
    m = T - 2
    enc = xr.A_enclosure("t4", Fraction(8, 5), 16, m, tol=1e-12)
    a, b = get_model("t4").ab(1.6, 16.0, math.sqrt)
    f = exact.competition(a, b, m)
    assert contains(enc, f)
    assert abs(f - 0.5 * (enc.lo + enc.hi)) <= 0.1 * enc.width / 2 + 1e-18


@pytest.mark.slow
@pytest.mark.parametrize("T,json_mode", [(10**6, True), (10**12, False)])
def test_cli_rigorous_at_large_T_exits_0(T, json_mode, capsys):
    """The two commands of issue 26.6, whole: every float grid value inside its enclosure."""
    import cli

    argv = ["exact", "--dk", "16", "--T", str(T), "--rigorous"] + (["--json"] if json_mode else [])
    code = cli.mc_main(argv)
    out, err = capsys.readouterr()
    assert code == 0 and err == "", err
    if json_mode:
        doc = json.loads(out)
        assert doc["rigorous"]["curve_contains_float"] and doc["rigorous"]["contains_float"]["grid"]
        for (lo, hi), a in zip(doc["curve_enclosure"], doc["curve"]["A"]):
            assert lo <= a <= hi
    else:
        assert "(the paper's value)" in out


def _shifted_curve(monkeypatch, index: int, delta: float) -> None:
    """Make the float curve wrong at one grid point (what a float beyond its accuracy would do)."""
    real = exact.curve

    def curve(*args, **kwargs):
        g, A = real(*args, **kwargs)
        A = A.copy()
        A[index] += delta
        return g, A

    monkeypatch.setattr(exact, "curve", curve)


@pytest.mark.parametrize("json_mode", [True, False])
def test_float_outside_its_enclosure_exits_1_with_one_line(json_mode, monkeypatch, capsys):
    import cli

    _shifted_curve(monkeypatch, 1, 1e-9)
    argv = ["exact", "--dk", "16", "--T", "12", "--grid", "3", "--gamma-max", "2", "--rigorous"]
    code = cli.mc_main(argv + (["--json"] if json_mode else []))
    out, err = capsys.readouterr()
    lines = err.strip().splitlines()
    assert code == 1 and len(lines) == 1 and "Traceback" not in err, err
    assert "grid point 1" in lines[0] and "outside its Arb enclosure" in lines[0]
    if json_mode:
        assert json.loads(out)["rigorous"]["curve_contains_float"] is False


@pytest.mark.parametrize(
    "extra,what",
    [
        (["--grid", "100000"], "grid point 1"),  # gamma_1 = 8e-5: a noise scale b = 1.3e-8
        (["--gamma-max", "1000"], "grid point 60"),  # b = 2e6 at gamma_max
        (["--gamma-max", "100"], "grid point 60"),
    ],
)
def test_rigorous_limits_are_checked_before_any_quadrature(extra, what, monkeypatch, capsys):
    """Issue 26.6: these were refused only after the float curve (~60 s for the huge grid)."""
    import cli

    def no_float(*args, **kwargs):
        raise AssertionError("the float curve ran before the rigorous limits were checked")

    monkeypatch.setattr(exact, "gamma_c_exact", no_float)
    monkeypatch.setattr(exact, "curve", no_float)
    code = cli.mc_main(["exact", "--dk", "16", "--T", "15", "--rigorous", "--json"] + extra)
    err = capsys.readouterr().err
    assert code == 2 and len(err.strip().splitlines()) == 1 and "Traceback" not in err, err
    assert what in err and "lattice points" in err


def test_text_output_without_transition_lists_the_reasons(capsys, monkeypatch):
    import cli

    monkeypatch.setenv("COLUMNS", "200")
    # the key-only model (b >= 1: cheap enclosures); plateau A(0.05) = 0.1083 below chance 1/9
    argv = ["exact", "--model", "key", "--dk", "4", "--T", "10", "--distractors", "T-1"]
    argv += ["--gamma-max", "0.05", "--grid", "3"]
    assert cli.mc_main(argv + ["--rigorous", "--continuous"]) == 0
    out, err = capsys.readouterr()
    assert "not certified" in out and "plateau is not above chance" in out and err == ""
    assert cli.mc_main(argv + ["--rigorous", "--continuous", "--json"]) == 0
    fc = json.loads(capsys.readouterr().out)["rigorous"]["first_crossing"]
    assert fc["status"] == "none"


def test_rigorous_precheck_shares_the_plan_with_the_enclosure():
    """The pre-flight plans are the ones the enclosures then use (cached): no work done twice."""
    xr.enclosure_plan.cache_clear()
    xr.check_curve_enclosable(16, 12, grid=5, gamma_max=2.0)
    misses = xr.enclosure_plan.cache_info().misses
    assert misses == 5
    xr.curve_enclosure(16, 12, grid=5, gamma_max=2.0, tol=xr.TOL_A)
    assert xr.enclosure_plan.cache_info().misses == misses


# --- issue 25.5: the continuous crossing is the first one -----------------------------------


def test_elementary_upper_bound_is_above_A():
    with R.precision(96):
        for a, b, m in ((0.0, 0.0, 5), (0.3, 0.05, 14), (1.0, 0.2, 100), (0.01, 0.001, 10**6)):
            u = xr._elementary_upper(arb(a), arb(b), m)
            assert u.lower() >= exact.competition(a, b, m)


def test_first_crossing_proof_proves_and_refuses():
    r = exact.gamma_c_exact(16, 12, chance="m+1", grid=9, gamma_max=8.0, continuous=True)
    m, c = r.m, r.gamma_c_continuous
    with R.precision(96):
        mid = (R.to_arb(Fraction(1, m + 1)) + R.to_arb(r.plateau)) / 2
    ok = xr.first_crossing_proof("t4", 16, m, mid, c - 1e-3, list(r.gammas), tol=1e-8)
    assert ok.proved and ok.boxes > 0 and ok.to_json()["status"] == "proved"
    # past the crossing A >= midpoint somewhere: never proved, whatever the budget
    bad = xr.first_crossing_proof("t4", 16, m, mid, c + 0.05, list(r.gammas), tol=1e-8, max_enclosures=8)
    assert not bad.proved and bad.to_json()["status"] == "assumed" and "not decided" in bad.why
