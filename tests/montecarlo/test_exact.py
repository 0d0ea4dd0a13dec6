"""Exact evaluation of the reduced models: mpmath agreement, limits, agreement with Monte Carlo."""

import json
import math
from pathlib import Path

import numpy as np
import pytest

import cli
from montecarlo import conventions as conv
from montecarlo import conventions_report as cr
from montecarlo import exact, limits, simulate_curves
from montecarlo.models import get_model
from theory import laws

REFERENCE = json.loads((Path(__file__).parent / "data" / "exact_reference.json").read_text())["points"]
LARGE_M = json.loads((Path(__file__).parent / "data" / "exact_reference_large_m.json").read_text())["points"]


# --- accuracy ------------------------------------------------------------------------------


@pytest.mark.parametrize("ref", REFERENCE, ids=[r["label"] for r in REFERENCE])
def test_agrees_with_the_mpmath_reference(ref):
    """mpmath (Laplace form, adaptive quadrature over Z) vs the production rule (Gumbel form)."""
    v = exact.competition(ref["a"], ref["b"], ref["m"])
    assert abs(v - float(ref["A"])) <= 1e-10, (v, ref)


@pytest.mark.parametrize("ref", LARGE_M, ids=[r["label"] for r in LARGE_M])
def test_large_m_agrees_with_the_40_digit_reference(ref):
    """Issue 26.6: with the Gumbel lattice cut at 36 whatever m, A was too large by a relative
    m e^-36 (2e-10 at T = 10^6, 4e-5 at T = 10^12); the lattice now reaches g_high(m)."""
    v = exact.competition(ref["a"], ref["b"], ref["m"])
    A = float(ref["A"])
    assert abs(v - A) <= 1e-15 and abs(v - A) <= 1e-12 * A, (v, ref)


def test_gumbel_lattice_end_bounds_the_missing_tail_for_every_m():
    for m in (1, 4, 5, 24, 510, 10**6, 10**12, 2**53):
        g = exact.g_high(m)
        assert g >= exact.G_HI and m * math.exp(-g) <= exact.G_TAIL_REL
        assert math.exp(-(g - exact.G_STEP)) * m > exact.G_TAIL_REL or g == exact.G_HI  # the first such point
        assert exact._g_lattice(g)[0].size <= limits.QUAD_INNER  # the limits' estimate stays an upper bound
    assert exact.g_high(4) == exact.G_HI  # small m: the lattice of every earlier result
    for m in (1, 14, 10**6, 2**53):  # the outer grid stays within limits.outer_nodes
        for b in (0.0, 0.3, 5.0, 128.0, 1e4):
            assert exact._outer_grid(b, m)[0].size <= limits.outer_nodes(m)


def test_reference_covers_the_hard_cases():
    labels = " ".join(r["label"] for r in REFERENCE)
    assert max(r["b"] for r in REFERENCE) >= 128 and max(r["a"] for r in REFERENCE) >= 1024
    assert max(r["m"] for r in REFERENCE) >= 100_000 and min(r["m"] for r in REFERENCE) == 1
    assert min(r["b"] for r in REFERENCE) < 0.05 and "switch" in labels


@pytest.mark.parametrize("m", [1, 13, 511, 100_000, 10**6])
@pytest.mark.parametrize("a", [0.0, 1.0, 5.0, 20.0])
def test_deterministic_scores_b0(a, m):
    # b = 0: the scores are a and 0, so A = e^a / (e^a + m) exactly; at large m and a the
    # right tail of F^m needs log F from the survival function (log1p), not from F
    assert exact.competition(a, 0.0, m) == pytest.approx(math.exp(a) / (math.exp(a) + m), abs=1e-13)


@pytest.mark.parametrize("b", [0.0, 0.1, 0.49, 0.51, 2.0, 30.0, 128.0])
@pytest.mark.parametrize("m", [1, 14, 511])
def test_exchangeable_at_a0(b, m):
    assert exact.competition(0.0, b, m) == pytest.approx(1.0 / (m + 1), abs=1e-13)


@pytest.mark.parametrize("dk,T", [(4, 10), (32, 15), (128, 25)])
def test_large_b_limit_is_the_argmax_limit_51(dk, T):
    # a/b = sqrt(dk)/2 fixed, b -> inf: A -> p_inf, with an O(1/b^2) Gumbel correction
    b = 1e4
    assert exact.competition(math.sqrt(dk) / 2 * b, b, T - 1) == pytest.approx(laws.p_inf(dk, T, m=T - 1), abs=1e-8)


def test_table_equals_pointwise_evaluation():
    a = np.array([0.0, 0.7, 3.0, 40.0])
    tab = exact.competition_table(a, 1.3, [1, 9, 200])
    for i, ai in enumerate(a):
        for k, m in enumerate([1, 9, 200]):
            assert tab[i, k] == pytest.approx(exact.competition(ai, 1.3, m), abs=1e-12)


# --- agreement with the Monte-Carlo engine ---------------------------------------------------


@pytest.mark.parametrize("model", ["t4", "t3t4", "key"])
@pytest.mark.parametrize("distractors", ["T-2", "T-1"])
def test_exact_curve_within_4_se_of_monte_carlo(model, distractors):
    dk, T = (24, 12) if model != "key" else (40, 9)
    cur = simulate_curves(
        dk, T, model=model, trials=20_000, seeds=2, seed=3, grid=9, gamma_max=2.4, distractors=distractors
    )
    g, A = exact.curve(dk, T, model=model, distractors=distractors, grid=9, gamma_max=2.4)
    se = np.sqrt((cur.per_seed_sem**2).mean(axis=0) / cur.per_seed.shape[0])
    mc = cur.mean
    if model == "key":
        assert np.all(se > 0)  # b(0) = 1: noisy even at gamma = 0
    else:
        assert mc[0] == pytest.approx(A[0], abs=1e-12) and A[0] == pytest.approx(1 / (cur.m + 1), abs=1e-13)
    ok = se > 0
    z = np.abs(mc[ok] - A[ok]) / se[ok]
    assert z.max() <= 4.0, (model, distractors, z)


@pytest.mark.parametrize("dk,T,distractors", [(16, 15, "T-1"), (64, 10, "T-2")])
def test_exact_gamma_c_within_4_se_of_gamma_c_mc(dk, T, distractors):
    from montecarlo import gamma_c_mc

    mc = gamma_c_mc(dk, T, trials=20_000, seeds=4, seed=7, distractors=distractors)
    ex = exact.gamma_c_exact(dk, T, distractors=distractors)
    assert abs(mc.mean - ex.gamma_c) <= 4 * mc.sd / math.sqrt(4)
    assert ex.m == mc.curves.m and ex.chance == mc.curves.chance


# --- gamma_c ----------------------------------------------------------------------------------


def test_gamma_c_is_deterministic_and_uses_the_extraction_rule():
    from montecarlo.extract import extract_gamma_c

    r1 = exact.gamma_c_exact(16, 15, distractors="T-1")
    r2 = exact.gamma_c_exact(16, 15, distractors="T-1")
    assert r1.gamma_c == r2.gamma_c and np.array_equal(r1.curve, r2.curve)
    assert (r1.gamma_c, r1.plateau) == extract_gamma_c(r1.gammas, r1.curve, 1 / 14)
    assert r1.gamma_c == pytest.approx(0.77313, abs=5e-5)  # the §7.9 smoke check prints 0.773
    assert r1.law == pytest.approx(laws.gamma_c(16, 15)) and r1.m == 14


@pytest.mark.parametrize(
    "dk, T, kw",
    [
        (64, 15, dict(grid=13)),
        (16, 15, dict(model="key", distractors="T-1", grid=13)),
        (4, 25, dict(model="t3t4", grid=9, chance="m+1")),
        (8, 10, dict(grid=5, gamma_max=0.6)),  # a late crossing
        (1e-300, 15, dict(grid=5)),  # no transition
    ],
)
def test_gamma_c_exact_value_is_gamma_c_exact_bit_for_bit(dk, T, kw, monkeypatch):
    """The quadrature only where §7.9's extraction reads the curve (sec7.9.independence), the same
    number as the whole curve's extraction (both computed afresh: no table shared)."""
    import collections

    monkeypatch.setattr(exact, "_TABLE_CACHE", collections.OrderedDict())
    lazy = exact.gamma_c_exact_value(dk, T, **kw)
    monkeypatch.setattr(exact, "_TABLE_CACHE", collections.OrderedDict())
    full = exact.gamma_c_exact(dk, T, **kw).gamma_c
    assert (lazy is None) == (full is None) and (lazy is None or lazy.hex() == full.hex()), (lazy, full)


def test_gamma_c_exact_value_skips_the_points_after_the_crossing(monkeypatch):
    calls = []
    real = exact.competition
    monkeypatch.setattr(exact, "competition", lambda a, b, m: calls.append(a) or real(a, b, m))
    g = exact.gamma_c_exact_value(64, 15)  # gamma_c 0.605 on the 61-point grid over [0, 8]
    assert g == pytest.approx(0.6049, abs=1e-4)
    assert len(calls) == 1 + 6  # the plateau, then gamma = 0, 0.133, ..., 0.667 (the first above the midpoint)


def test_continuous_crossing_hits_the_midpoint_inside_the_grid_cell():
    r = exact.gamma_c_exact(64, 15, continuous=True)
    mid = 0.5 * (r.chance + r.plateau)
    i = int(np.nonzero(r.curve >= mid)[0][0])
    assert r.gammas[i - 1] <= r.gamma_c_continuous <= r.gammas[i]
    mdl = get_model("t4")
    g = r.gamma_c_continuous
    assert exact.competition(mdl.a(g, 64), mdl.b(g, 64), r.m) == pytest.approx(mid, abs=1e-10)


def test_conventions_are_stated():
    doc = exact.gamma_c_exact(32, 15, model="t3t4", distractors="T-1", chance="m+1").to_json()
    assert doc["m"] == 14 and doc["chance"] == pytest.approx(1 / 15) and doc["distractors"] == "T-1"
    assert doc["conventions"]["chance_rule"] == "1/(m+1)" and "linspace(0, 8, 61)" in doc["conventions"]["grid"]
    assert doc["law"] == pytest.approx(laws.gamma_c_t3t4(32, 15))


def test_error_map_matches_pointwise_gamma_c_and_finds_the_jump():
    emap = exact.error_map([12.0, 21.0, 22.0, 64.0], [15, 40], continuous=True)
    for i, dk in enumerate(emap.dks):
        for j, T in enumerate(emap.Ts):
            r = exact.gamma_c_exact(dk, int(T), continuous=True)
            assert emap.gamma_c[i, j] == pytest.approx(r.gamma_c, abs=1e-9)
            assert emap.gamma_c_continuous[i, j] == pytest.approx(r.gamma_c_continuous, abs=1e-7)
            assert emap.law[i, j] == pytest.approx(laws.gamma_c(dk, int(T)))
    # across 8L(15) = 21.07 the law jumps (0.794 -> 0.968 at dk = 22) while the exact gamma_c
    # moves by < 0.02 (Rem 67)
    j = 0
    assert emap.law[2, j] - emap.law[1, j] > 0.15
    assert abs(emap.gamma_c[2, j] - emap.gamma_c[1, j]) < 0.02
    top = emap.worst(1)[0]
    assert top["branch"] == "mean-field" and top["dk"] == 22.0 and top["T"] == 15


def test_error_map_save(tmp_path):
    emap = exact.error_map([8.0, 64.0], [10, 25])
    npz, js = emap.save(str(tmp_path / "m"))
    data = np.load(npz)
    assert data["gamma_c_exact"].shape == (2, 2) and json.loads(Path(js).read_text())["worst"]


@pytest.mark.parametrize(
    "call",
    [
        lambda: exact.competition(1.0, -0.5, 3),
        lambda: exact.competition(1.0, 0.5, 0),
        lambda: exact.competition(float("nan"), 0.5, 3),
        lambda: exact.gamma_c_exact(0, 15),
        lambda: exact.gamma_c_exact(16, 2),
        lambda: exact.gamma_c_exact(16, 15.5),
        lambda: exact.gamma_c_exact(16, 15, model="t5"),
        lambda: exact.gamma_c_exact(16, 15, distractors="T-3"),
        lambda: exact.gamma_c_exact(16, 15, chance="half"),
        lambda: exact.gamma_c_exact(16, 15, grid=1),
    ],
)
def test_bad_input_raises_value_error(call):
    with pytest.raises(ValueError):
        call()


# --- conventions report (a subset: the full report runs in the CLI) ---------------------------


def test_conventions_report_subset():
    rep = cr.build_report(mc=False, only=["sec7.9.smoke", "sec7.10.T6", "C8.b"])
    rows = {r["id"]: r for r in rep.rows}
    # m = T-1 with chance 1/T lies between the two tolerances: open without the Monte Carlo
    assert rows["sec7.9.smoke"]["reproduces"] == {"m=T-2": False, "m=T-1, 1/(T-1)": True, "m=T-1, 1/T": None}
    # the T-axis scan of §7.10 follows m = T-2 (19.0% printed; m = T-1 gives 10.9%)
    assert rows["sec7.10.T6"]["exact"]["m=T-2"] == pytest.approx(0.1891, abs=2e-4)
    assert rows["sec7.10.T6"]["exact"]["m=T-1, 1/(T-1)"] == pytest.approx(0.1090, abs=2e-4)
    assert rows["C8.b"]["reproduces"]["m=T-1, 1/(T-1)"]
    with pytest.raises(ValueError):
        cr.build_report(mc=False, only=["nope"])


def test_conventions_report_tolerance_is_the_exact_se_bound():
    item = next(i for i in cr.ITEMS if i.id == "sec7.9.smoke")
    # a single point: the statistic is gamma_c itself, its SE the point's bound hypot(plus, minus)
    assert cr.exact_se(item, {(16, 15): 0.77}, {(16, 15): (3e-4, 4e-4, 4e-4)}) == pytest.approx(5e-4, rel=1e-9)
    hi, lo = cr.exact_se_bounds(item, {(16, 15): 0.77}, {(16, 15): (3e-4, 4e-4, 3.5e-4)})
    assert hi == pytest.approx(5e-4, rel=1e-9) and lo == pytest.approx(0.5e-4, rel=1e-9)  # 3.5e-4 - 3e-4
    assert cr.exact_se(item, {(16, 15): 0.77}, {}) == 0.0
    rep = cr.build_report(mc=False, only=["sec7.9.smoke"])
    row = rep.rows[0]
    for lab in row["tolerance"]:
        assert row["tolerance"][lab] == pytest.approx(5e-4 + cr.K_SIGMA * row["se_bound"][lab])
        assert row["tolerance_lower"][lab] == pytest.approx(5e-4 + cr.K_SIGMA * row["se_lower"][lab])
        assert 0 <= row["se_lower"][lab] <= row["se_bound"][lab] < 1e-3


def test_second_moment_matches_mpmath_and_the_degenerate_case():
    """E[X^2] by quadrature: 1/(m+1)^2 at a = b = 0; the per-trial variance is what a MC's SE uses."""
    assert exact.competition_second_moment_table([0.0], 0.0, [13])[0, 0] == pytest.approx(1 / 196, rel=1e-12)
    # mpmath reference values of E[X^2] (the Laplace form with eta2(u) = E[v^2 e^{-v}], 20 digits)
    for (a, b, m), ref in (((0.0, 3.0, 13), 0.0352937245402066), ((2.5, 1.2, 23), 0.11282052942332)):
        assert exact.competition_second_moment_table([a], b, [m])[0, 0] == pytest.approx(ref, abs=1e-13)
    assert exact.trial_variance(2.5, 1.2, 23) > 0


def test_a_table_asked_for_again_is_the_same_bits_and_a_copy(monkeypatch):
    monkeypatch.setattr(exact, "_TABLE_CACHE", type(exact._TABLE_CACHE)())
    calls = []
    log_cdf = exact._log_cdf
    monkeypatch.setattr(exact, "_log_cdf", lambda *a: calls.append(a) or log_cdf(*a))
    first = exact.competition_table([0.5, 2.0], 1.7, [13, 23])
    first_bits = first.copy()
    first[:] = -1.0  # a caller may change what it was given
    again = exact.competition_table([0.5, 2.0], 1.7, [13, 23])
    assert len(calls) == 1  # the quadrature ran once
    assert again.tobytes() == first_bits.tobytes()
    exact.trial_variance(0.5, 1.7, 13)  # the first moment differs in (a, m): both tables computed
    exact.competition_table([0.5], 1.7, [13])
    assert len(calls) == 2
    monkeypatch.setattr(exact, "_TABLE_CACHE_ENTRIES", 2)
    for b in (0.3, 0.6, 0.9):
        exact.competition_table([0.5], b, [13])
    assert len(exact._TABLE_CACHE) == 2  # bounded: the oldest forgotten


@pytest.mark.parametrize("a, b, m", [(2.5, 1.2, 23), (0.0, 0.2, 8), (11.0, 40.0, 510)])
def test_trial_variance_shares_the_quadrature_bit_for_bit(a, b, m):
    # trial_variance forms F_b^m once for both tables (a first run's main quadrature cost):
    # exactly the numbers of the two tables computed on their own
    A = float(exact.competition_table([a], b, [m])[0, 0])
    E2 = float(exact.competition_second_moment_table([a], b, [m])[0, 0])
    assert exact.trial_variance(a, b, m) == max(E2 - A * A, 0.0)


def _log_cdf_as_written(b, x, m):
    """The expressions of exact._log_cdf as first written (one temporary per operation)."""
    from scipy import special

    x = np.asarray(x, dtype=float)
    g_nodes, g_w, _ = exact._g_lattice(exact.g_high(m))
    if b >= exact.B_SWITCH:
        t = (x[..., None] - g_nodes) / b
        q = special.ndtr(-np.abs(t))
        lower, upper, wt = np.where(t <= 0, q, 1.0 - q), np.where(t <= 0, 1.0 - q, q), g_w
    else:
        u = np.exp(-np.maximum(x[..., None] - b * exact._Z_NODES, -700.0))
        lower, upper, wt = np.exp(-u), -np.expm1(-u), exact._Z_W
    F, S = lower @ wt, upper @ wt
    with np.errstate(divide="ignore"):
        return np.where(S < 0.5, np.log1p(-np.minimum(S, 0.5)), np.log(F))


def _density_as_written(b, x, k, m):
    x = np.asarray(x, dtype=float)
    if b >= exact.B_SWITCH:
        g_nodes, g_w, g2_w = exact._g_lattice(exact.g_high(m))
        t = (x[..., None] - g_nodes) / b
        return (np.exp(-0.5 * t * t) @ (g_w if k == 1 else g2_w)) / (b * math.sqrt(2.0 * math.pi))
    e = np.exp(-np.maximum(x[..., None] - b * exact._Z_NODES, -700.0 / k))
    return (e**k * np.exp(-e)) @ exact._Z_W


@pytest.mark.parametrize("b, m", [(0.0, 5.0), (0.3, 13.0), (1.7, 23.0), (40.0, 510.0)])
def test_quadrature_factors_are_those_of_the_expressions_as_written(b, m, monkeypatch):
    """log F_b and f_{b,k} computed in place (fewer temporaries) are the numbers of their expressions
    as first written, bit for bit; the factor w f_{b,k} is kept per (b, max m, k) (the models' b depends
    on gamma only), read-only and the same bits; a table is Fm @ (w f_b) formed afresh."""
    y, w = exact._outer_grid(b, m)
    a = np.array([-1.0, 0.5, 6.0])
    for x in (y, y[None, :] + a[:, None]):
        assert exact._log_cdf(b, x, m).tobytes() == _log_cdf_as_written(b, x, m).tobytes()
    for k in (1, 2):
        assert exact._density(b, y, k, m).tobytes() == _density_as_written(b, y, k, m).tobytes()
        kept = exact._weighted_density(b, m, k)
        assert kept.tobytes() == (w * _density_as_written(b, y, k, m)).tobytes() and not kept.flags.writeable
        assert exact._weighted_density(b, m, k) is kept
    monkeypatch.setattr(exact, "_TABLE_CACHE", type(exact._TABLE_CACHE)())
    ms = np.array([2.0, m])
    Fm = np.exp(ms[None, :, None] * _log_cdf_as_written(b, y[None, :] + a[:, None], m)[:, None, :])
    assert exact.competition_table(a, b, ms).tobytes() == (Fm @ (w * _density_as_written(b, y, 1, m))).tobytes()


def test_extraction_noise_and_the_statistic_bound():
    g = np.linspace(0, 1, 3)
    A = np.array([0.1, 0.3, 0.7])  # midpoint (0.1 + 0.7)/2 = 0.4: crossing between g = 0.5 and 1
    plus, minus = exact.extraction_noise(g, A, 0.1, lambda k: 1.0)
    h, D, w = 0.5, 0.4, 0.25
    assert plus == pytest.approx(h / D / 2) and minus == pytest.approx(h / D * ((1 - w) + w))
    # all parts of one sign add linearly, the two signs in quadrature (Harris-FKG)
    # a point moved by its SE (hypot(3, 4) = 5) changes the statistic by delta: its own SE is |delta|
    assert exact.statistic_se_bound([(1.0, 3.0, 4.0)]) == pytest.approx(1.0)
    assert exact.statistic_se_bound([(1.0, 3.0, 4.0), (-1.0, 3.0, 4.0)]) == pytest.approx(1.4 * 2**0.5)


# --- CLI --------------------------------------------------------------------------------------


def test_cli_exact_json(capsys):
    assert cli.mc_main(["exact", "--dk", "64", "--T", "15", "--distractors", "T-1", "--continuous", "--json"]) == 0
    doc = json.loads(capsys.readouterr().out)
    for key in (
        "gamma_c",
        "gamma_c_continuous",
        "plateau",
        "law",
        "relative_error",
        "conventions",
        "m",
        "chance",
        "distractors",
        "curve",
    ):
        assert key in doc
    assert doc["gamma_c"] == pytest.approx(0.6136, abs=1e-4) and doc["m"] == 14
    assert len(doc["curve"]["A"]) == conv.DEFAULT_GRID


def test_cli_exact_table(capsys):
    assert cli.mc_main(["exact", "--dk", "8", "--T", "15", "--model", "key"]) == 0
    out = capsys.readouterr().out
    assert "exact gamma_c" in out and "—" in out  # the key-only law has no root below 4L + 2


def test_cli_exact_says_which_value_is_the_papers(capsys, monkeypatch):
    """Issue 25.5: the text and the JSON say which value is §7.9's and what each plateau is."""
    monkeypatch.setenv("COLUMNS", "200")
    argv = ["exact", "--dk", "64", "--T", "15", "--distractors", "T-1", "--continuous", "--grid", "13"]
    assert cli.mc_main(argv + ["--json"]) == 0
    doc = json.loads(capsys.readouterr().out)
    defs = doc["definitions"]
    assert defs["paper_value"] == "gamma_c" and "§7.9" in defs["gamma_c"] and "linear interpolation" in defs["gamma_c"]
    assert "A(gamma_max) = A(8)" in defs["plateau"] and "A(inf)" in defs["plateau"]
    assert (
        defs["gamma_c_continuous"].startswith("not the paper's value") and "A(gamma_max)" in defs["gamma_c_continuous"]
    )
    assert cli.mc_main(argv) == 0
    out = capsys.readouterr().out
    assert "(the paper's value)" in out and "(not the paper's rule)" in out and "A(inf)" in out


def test_cli_exact_map(tmp_path, capsys):
    stem = str(tmp_path / "map")
    assert cli.mc_main(["exact-map", "--n-dk", "3", "--n-T", "2", "--out", stem, "--json"]) == 0
    doc = json.loads(capsys.readouterr().out)
    assert Path(doc["npz"]).exists() and Path(doc["json"]).exists() and doc["worst"]


@pytest.mark.parametrize(
    "argv",
    [
        ["exact", "--dk", "0", "--T", "15"],
        ["exact", "--dk", "16", "--T", "2"],
        ["exact", "--dk", "16", "--T", "15", "--grid", "1"],
        ["exact", "--dk", "16", "--T", "15", "--model", "t5"],
        ["exact", "--dk", "16", "--T", "15", "--gamma-max", "-1"],
        ["exact", "--dk", "16"],
        ["exact-map", "--dk-min", "64", "--dk-max", "8"],
        ["exact-map", "--n-T", "0"],
        ["exact-map", "--out", "/nonexistent-dir/x", "--n-dk", "1", "--n-T", "1"],
        ["plot", "fig9"],
        ["plot"],
        ["conventions", "--seeds", "1"],
        ["conventions", "--no-mc", "--only", "nope"],
    ],
)
def test_cli_bad_input_exits_2_with_one_line(argv, capsys):
    code = cli.mc_main(argv)
    err = capsys.readouterr().err
    assert code == 2 and len(err.strip().splitlines()) == 1 and "Traceback" not in err


def test_psa_mc_parser_is_built_once_and_no_call_changes_it(capsys):
    """``cli.mc_main`` reuses one parser in a process (issue 29): neither a refused call nor the
    options of one call carry over to the next."""
    base = ["exact", "--dk", "16", "--T", "10", "--grid", "3", "--json"]
    assert cli.mc_main(["exact", "--dk", "0", "--T", "15"]) == 2
    parser = cli._MC_PARSER[0]
    assert cli.mc_main([*base, "--gamma-max", "2", "--model", "key"]) == 0
    first = json.loads(capsys.readouterr().out)
    assert cli.mc_main(base) == 0
    again = json.loads(capsys.readouterr().out)
    assert cli._MC_PARSER == [parser]
    assert (first["gamma_max"], first["model"]) == (2.0, "key")
    assert (again["gamma_max"], again["model"]) == (conv.DEFAULT_GAMMA_MAX, "t4")


def test_crossover_jumps_quantify_rem67():
    (r,) = exact.crossover_jumps([15])
    assert r["dk_star"] == pytest.approx(laws.crossover(15))
    assert r["law_mean_field"] == pytest.approx(1.072, abs=5e-4) and r["law_condensed"] == pytest.approx(
        0.794, abs=5e-4
    )
    assert r["error_mean_field"] > 0.4 and abs(r["error_condensed"]) < 0.1  # T-2: +44%, +6.7%
    # gamma_c_exact_value (no quadrature after the crossing): gamma_c_exact(8L, 15).gamma_c bit for bit,
    # the number crossover_jumps read through gamma_c_exact before (issue 29)
    assert r["exact"] == exact.gamma_c_exact(float(laws.crossover(15)), 15).gamma_c


def test_statistic_se_lower_partners_the_bound():
    """statistic_se_lower <= statistic_se_bound; one point: max(0, plus - minus, minus_lower - plus)."""
    assert exact.statistic_se_lower([(1.0, 3.0, 4.0, 4.0)]) == pytest.approx(0.2)  # (4 - 3) / 5
    assert exact.statistic_se_lower([(1.0, 4.0, 3.0, 2.0)]) == pytest.approx(0.2)  # (4 - 3) / 5
    assert exact.statistic_se_lower([(1.0, 3.0, 4.0, 3.0)]) == 0.0
    # two points pushing opposite ways can cancel: the lower bound says so
    assert exact.statistic_se_lower([(1.0, 3.0, 4.0, 4.0), (-1.0, 3.0, 4.0, 4.0)]) == 0.0
    # two points whose plateau parts both push up, crossing parts small: sqrt(2) * 0.6 - 2 * 0.16
    lo = exact.statistic_se_lower([(1.0, 3.0, 0.8, 0.8), (1.0, 3.0, 0.8, 0.8)])
    n = math.hypot(3.0, 0.8)
    assert lo == pytest.approx(math.sqrt(2) * 3.0 / n - 2 * 0.8 / n)
    assert lo <= exact.statistic_se_bound([(1.0, 3.0, 0.8), (1.0, 3.0, 0.8)])


def test_extraction_minus_lower_is_between_its_bounds():
    g = np.linspace(0.0, 1.0, 11)
    A = np.linspace(0.1, 0.9, 11) ** 2
    sd = lambda k: 0.1 + 0.05 * k  # noqa: E731
    plus, minus = exact.extraction_noise(g, A, 0.1, sd)
    q_lo = exact.extraction_minus_lower(g, A, 0.1, sd)
    assert 0.0 < q_lo <= minus
    assert exact.extraction_sd_lower(g, A, 0.1, sd) == pytest.approx(max(0.0, plus - minus, q_lo - plus))


def test_conventions_mc_se_of_a_statistic():
    """The Monte Carlo's SE of a statistic, first order, points independent: one point -> its own SE."""
    item = next(i for i in cr.ITEMS if i.id == "sec7.9.smoke")
    assert cr.mc_se(item, {(16, 15): 0.77}, {(16, 15): 1e-3}) == pytest.approx(1e-3, rel=1e-9)
    assert cr.mc_se(item, {(16, 15): 0.77}, {}) == 0.0
