"""Appendix A1-A8 relation certificates (issue 27): the expected verdict of each, the arithmetic
of each finding, and wrong claims that must FAIL."""

from __future__ import annotations

import pytest

from certificates import Status
from certificates.coverage.locators_data import psa_app_a1_a8 as D
from certificates.psa import appendix_a1_a8 as A

#: certificate check -> the failing sub-checks as printed (empty: PASS)
EXPECTED = {
    "check_a1_branches": {"L = log(T - 1) at T = 64"},
    "check_a2_table14": {"T1 / T3 (~ 65x, place 3)"},
    "check_a2_config": set(),
    "check_a3_table16": {
        "non-increasing in beta at $L=8$",
        "non-increasing in beta at $L=16$",
        "non-increasing in beta at $L=20$",
        "gain slightly negative at beta >= 0.6",
        "gain crosses zero around beta = 0.5",
    },
    "check_a3_table17": set(),
    "check_a4_law": set(),
    "check_a4_counts": set(),
    "check_a5_table22": {"points recorded in Table 22 (place 1)", "recorded = scheduled - the two omitted"},
    "check_a5_config": {"A4's pairs as A5.4 describes them = A4's own (Table 18)"},
    "check_a6_table24": {
        "sweep at N = 1 centred on the predicted gamma*",
        "sweep at N = 2 centred on the predicted gamma*",
        "sweep at N = 4 centred on the predicted gamma*",
        "sweep at N = 8 centred on the predicted gamma*",
        "'similar accuracy': N = 1 at gamma = 4 vs N = 8 at gamma = 0.75",
    },
    "check_a6_fit": set(),
    "check_a7_table26": {
        "E18 gamma_0 (least squares)",
        "E18 alpha (least squares)",
        "E18 s.e. of gamma_0",
        "E18 s.e. of alpha",
        "a least-squares power law has R^2 >= 0 (it nests the constant)",
    },
    "check_a7_counts": set(),
    "check_a8_table29": set(),
    "check_a8_table30": set(),
    "check_a8_spectral": set(),
    "check_a8_bode": set(),
    "check_a8_frac": {
        f"fracAC = E_AC/(E_DC + E_AC) at gamma = {g}" for g in ("0.0", "0.6", "1.2", "1.8", "2.4", "3.0")
    },
    "check_a8_parseval": set(),
    "check_a8_coriolis": set(),
    "check_a8_counts": set(),
    "check_a1_restated": set(),
    "check_a5_grid22": set(),
    "check_a8_grid29": set(),
    "check_a8_bode_r": set(),
    "check_a8_bode_theory": set(),
    "check_a6_grid24": set(),
    "check_a8_bands39": set(),
    "check_a4_table19": {
        "saturation between 98.5% and 99.6% over gamma in [0.7, 3]",
        "RoPE mean at gamma = 5 restated 1",
        "sinusoidal mean at gamma = 5 restated 1",
        "RoPE s.d. at gamma = 5 restated 1",
    },
}


@pytest.mark.parametrize("name", sorted(EXPECTED))
def test_verdict_as_printed(name):
    out = getattr(A, name)()
    fails = set(out.evidence.get("failures", ()))
    assert fails == EXPECTED[name], (name, sorted(fails))
    assert out.status == (Status.FAIL if EXPECTED[name] else Status.PASS)


def test_every_check_is_registered():
    ids = {c.id for c in A.CERTIFICATES}
    names = {c.check.__name__ for c in A.CERTIFICATES}
    assert names == set(EXPECTED)
    assert all(i.split(".")[0] in {f"A{k}" for k in range(1, 9)} for i in ids)


def test_findings_show_their_arithmetic():
    out = A.check_a3_table16()
    assert "0.5->0.6: 12.0 < 12.1" in out.detail
    assert "0.6: +0.86" in out.detail  # the beta = 0.6 row mean exceeds vanilla's 10.0
    out = A.check_a4_table19()
    assert "69.9 / 68.4" in out.detail and "98.4" in out.detail
    out = A.check_a1_branches()
    assert "4.1431347" in out.detail  # log 63, printed 4.11


def _with(table: dict, row, j, value):
    new = dict(table)
    cells = list(new[row])
    cells[j] = value
    new[row] = tuple(cells)
    return new


def test_wrong_claims_fail():
    # a Table 14 ratio off
    t14 = _with(D.T14, D.T14_ROWS[1], 1, "0.025")
    assert A.check_a2_table14(table=t14).status == Status.FAIL
    # Table 17's beta = 0 mean off
    assert "Table 17 mean at beta = 0.0" in A.check_a3_table16(headline=("50.4", "9.5")).evidence["failures"]
    # a wrong p-value
    assert A.check_a3_table17(table=dict(D.T17_STATS, **{D.T17_ROWS[4]: ("3.47e-9",)})).status == Status.FAIL
    # gamma_c not at the steepest segment
    t20 = dict(D.T20, RoPE=("0.275", "99.4", "3.00"))
    assert A.check_a4_table19(table20=t20).status == Status.FAIL
    # the mean-field law at a wrong printed value
    text = dict(D.TEXT["A4.law"], gc=("0.747",) + D.TEXT["A4.law"]["gc"][1:])
    assert A.check_a4_law(text=text).status == Status.FAIL
    # a run count off
    text = dict(D.TEXT["A4.counts"], runs=("165",) + D.TEXT["A4.counts"]["runs"][1:])
    assert A.check_a4_counts(text=text).status == Status.FAIL
    # a wrong EMA window
    text = dict(D.TEXT["A2.config"], window=("3",) + D.TEXT["A2.config"]["window"][1:])
    assert A.check_a2_config(text=text).status == Status.FAIL


def test_a5_a6_wrong_claims_fail():
    text = dict(D.TEXT["A5.table22"], gain=("+81.2",) + D.TEXT["A5.table22"]["gain"][1:])
    assert "gain over baseline (place 1)" in A.check_a5_table22(text=text).evidence["failures"]
    text = dict(D.TEXT["A6.fit"], b=("0.83",) + D.TEXT["A6.fit"]["b"][1:])
    assert "alpha (place 1)" in A.check_a6_fit(text=text).evidence["failures"]
    text = dict(D.TEXT["A6.table24"], mean=("5.5",) + D.TEXT["A6.table24"]["mean"][1:])
    assert A.check_a6_table24(text=text).evidence["failures"] != A.check_a6_table24().evidence["failures"]
    # Table 22 holds 31 points: the printed 32 would need one more row
    assert "31 vs printed 32" in A.check_a5_table22().detail


def test_a7_a8_wrong_claims_fail():
    t = _with(D.T26_FIT, "$4$", 0, "1.62")
    assert "predicted gamma* at N = 4" in A.check_a7_table26(table=t).evidence["failures"]
    t = _with(D.T33, "1.8", 2, "0.0081")
    assert "ratio delta/Delta at gamma = 1.8" in A.check_a8_spectral(t33=t).evidence["failures"]
    t = _with(D.T35, "1.2", 5, "6.9355")
    assert "HSF_pre at gamma = 1.2" in A.check_a8_spectral(t35=t).evidence["failures"]
    t = _with(D.T36_TH, "1.2", 2, "11.5800")
    assert A.check_a8_bode_theory(table=t).status == Status.FAIL
    t = _with(D.T36_R, "2.4", 3, "0.9996")
    assert A.check_a8_bode_r(table=t).status == Status.FAIL
    assert A.check_a5_grid22(gammas=D.T22_GAMMA[:3] + ("0.10",) + D.T22_GAMMA[4:]).status == Status.FAIL
    t = dict(D.T24_GAMMA, **{"4": ("0", "0.25", "0.5", "0.75", "1.0", "1.35", "1.5")})
    assert A.check_a6_grid24(gammas=t).status == Status.FAIL
    t = _with(D.T39, "2", 1, "0.099858")
    assert "2 sin(theta/2) of band 2" in A.check_a8_coriolis(table=t).evidence["failures"]
    text = dict(D.TEXT["A8.table29"], sep=("+73.9",))
    assert "separation peak - gamma = 0" in A.check_a8_table29(text=text).evidence["failures"]
    text = dict(D.TEXT["A8.table30"], fit=("1.98",) + D.TEXT["A8.table30"]["fit"][1:])
    assert A.check_a8_table30(text=text).status == Status.FAIL
    t = _with(D.T38, "0.6", 2, "3.52e-3")
    assert A.check_a8_parseval(table=t).status == Status.FAIL
    # the E18 curve's printed R^2 and r are those of the printed curve on Table 26's pairs
    out = A.check_a7_table26()
    assert "R^2 of 2.73/N^0.10 on the six pairs (place 1)" not in out.evidence["failures"]
    assert "the least-squares fit has R^2 = 0.155" in out.detail
    # fracAC as the ratio of the printed energies: 8.8273/(3.5955 + 8.8273) = 0.7106, printed 0.7194
    assert "[0.710568, 0.710577] vs printed 0.7194" in A.check_a8_frac().detail


def test_sd_reading_is_reported():
    # A8.1's 69.1 +- 8.2 restates Table 51's five seeds: the population s.d. (8.18), not the sample one (9.14)
    out = A.check_a8_table29()
    assert "sample 9.145, population 8.179 vs printed 8.2 (population s.d. (n))" in out.detail
    wrong = (("74.4", "72.7", "58.7", "79.4", "50.2"), D.T51_AS_PRINTED[1])
    assert A.check_a8_table29(t51=wrong).status == Status.FAIL


def test_row_labels_against_their_grids():
    assert A.check_a3_table17(t16_betas=D.T16_LABELS[:-1] + ("1.0",)).status == Status.FAIL
    assert A.check_a4_counts(t19_gammas=D.T19_LABELS[:-1] + ("4.00",)).status == Status.FAIL
    labels = dict(D.SPEC_LABELS, **{"37": ("0.0", "0.6", "1.2", "1.8", "2.4", "3.5")})
    assert A.check_a8_counts(spec_labels=labels).status == Status.FAIL
    assert A.check_a8_bands39(bands=("0", "1", "2", "3", "4", "5", "6", "8")).status == Status.FAIL


def test_float_statistics_match_known_values():
    # Student's t, two-sided: t = 2.228, 10 d.o.f. -> p = 0.0500 (table value); the E17 refit
    assert abs(A._t_two_sided(2.228138852, 10) - 0.05) < 1e-9
    a, b, sa, sb, r2, fit = A._power_fit(["1", "2", "4", "8"], ["4.0", "3.0", "1.25", "0.75"])
    assert (round(a, 2), round(b, 2), round(sa, 2), round(sb, 2), round(r2, 4)) == (4.17, 0.73, 0.41, 0.15, 0.9473)


def test_the_fixed_readings_pass():
    # with the L = 8 column made monotone the L = 8 row passes
    t = _with(_with(D.T16, "0.6", 1, "11.9"), "0.9", 1, "10.8")
    assert "non-increasing in beta at $L=8$" not in A.check_a3_table16(table=t).evidence["failures"]
    # T = 62 (log 61) would give the printed 4.11
    assert A.check_a1_branches(seq=("30", "62")).status == Status.PASS


def test_findings_are_graded_as_audited():
    """The grades of the FAIL audit (issue 27): a finding that rests on a reading is graded
    'reading' and names it; a restated number that differs where no conclusion depends on it is
    'minor', as sec7.4.relations grades the same disagreement, and is counted once."""
    out = A.check_a8_frac()  # E_AC/(E_DC + E_AC) = 0.7106 at gamma = 0, printed 0.7194
    assert out.status == Status.FAIL and out.severity == "reading"
    assert "per-sequence" in out.reading and out.reading.count("fracAC read as") == 1
    out = A.check_a2_table14()  # T1/T3 in [55, 61.59] against '~65x' (+/-5%)
    assert out.status == Status.FAIL and out.severity == "reading" and "'~' read as +/-5%" in out.reading
    out = A.check_a4_table19()  # 69.9 +- 40.1 / 99.1 in Table 19, 68.4 +- 43.1 / 98.6 in the text
    assert out.status == Status.FAIL and out.severity == "minor"
    assert tuple(out.same_finding_as) == ("sec7.4.relations",)
    t19 = dict(D.T19)
    t19["0.00"] = ("99.9", "5.5")  # a sinusoidal peak at gamma = 0: a failure sec7.4.relations does not report
    other = A.check_a4_table19(table=t19)
    assert other.status == Status.FAIL and tuple(other.same_finding_as) == ()
    out = A.check_a1_branches()  # log 63 = 4.143, printed 4.11 = log 61
    assert out.severity == "minor" and "log 61" in out.reading


def test_a_restatement_one_last_digit_off_disagrees():
    """The same quantity printed twice to one precision must be equal: 0.80 / 0.81 only touch
    at 0.805 (the rule of sec7.*.relations); different precisions agree when one can round to
    the other (0.225 / 0.23 / 0.22)."""
    from certificates._subchecks import Checks

    c = Checks()
    assert not A._agree(c, "one digit off", ("0.80", "0.81"))
    assert A._agree(c, "equal", ("0.80", "0.80", "0.8"))
    assert A._agree(c, "coarser", ("0.225", "0.23"))
    assert A._agree(c, "coarser, below", ("0.225", "0.22"))
    assert not A._agree(c, "one of three off", ("0.80", "0.80", "0.81"))
    text = dict(D.TEXT["A4.table19"])
    key = next(k for k, v in text.items() if isinstance(v, (list, tuple)) and "0.225" in v)
    text[key] = tuple("0.226" if v == "0.225" else v for v in text[key])
    assert A.check_a4_table19(text=text).status == Status.FAIL


def test_a_reading_shared_by_failing_rows_is_named_once():
    out = A.check_a6_table24()  # four sweeps fail 'centred on gamma*' under one reading
    assert out.reading.count("'centered on' read as the middle value of the sweep") == 1
    assert "'similar accuracy' read as within 10%" in out.reading


def test_the_float_decided_rows_are_now_exact_or_enclosed():
    """The rows once decided by float tolerances (issue 27's evidence audit) state their level: the
    p-value in Arb, the 'two orders of magnitude' and the Table 39 slope exactly, the power-law fits
    on an Arb bracket of their minimum."""
    levels = {f: getattr(A, f)().evidence_level for f in ("check_a3_table17", "check_a4_counts", "check_a6_fit")}
    assert levels == {"check_a3_table17": "enclosed", "check_a4_counts": "proved", "check_a6_fit": "enclosed"}
    assert A.check_a8_table30().evidence_level == "enclosed"
    assert A.check_a8_coriolis().evidence_level == "enclosed"
    r = A.check_a7_table26()
    assert (r.status, r.evidence_level) == (Status.FAIL, "proved")


def test_power_fit_enclosure_brackets_the_float_fit():
    from flint import arb

    Ns, gs = ["1", "2", "4", "8"], ["4.0", "3.0", "1.25", "0.75"]
    a, b, sa, sb, r2, fit = A._power_fit(Ns, gs)
    enc = A._power_fit_enclosed(Ns, gs)
    assert enc is not None
    for key, v in (("a", a), ("b", b), ("se_a", sa), ("se_b", sb), ("r2", r2), (("fit", 3), fit[3])):
        ball = enc(key)()
        assert ball.rad() < 1e-6 and ball.overlaps(arb(v)), key
    # the profile gradient changes sign across the enclosed exponent: a minimum, not a maximum
    assert A._profile(Ns, gs, arb(b) - arb("1e-6"))[1] < 0 < A._profile(Ns, gs, arb(b) + arb("1e-6"))[1]


def test_enclosed_fit_and_p_value_rows_refute_wrong_prints():
    # gamma_0 = 4.16 is outside the enclosure of the least-squares prefactor 4.1654: FAIL, enclosed
    text = dict(D.TEXT["A6.fit"], a=("4.16",) + D.TEXT["A6.fit"]["a"][1:])
    r = A.check_a6_fit(text=text)
    assert (r.status, r.evidence_level) == (Status.FAIL, "enclosed")
    assert r.evidence["failures"] == ["gamma_0 (place 1)"]
    # the p-value of rho = 0.507 at n = 150 ranges over 3.39e-11..3.78e-11 within rho's rounding: 4.00e-11 is out
    table = dict(D.T17_STATS)
    key = list(table)[2]
    table[key] = ("4.00e-11",) + tuple(table[key][1:])
    r = A.check_a3_table17(table=table)
    assert (r.status, r.evidence_level) == (Status.FAIL, "enclosed")
    assert r.evidence["failures"] == ["p-value of rho (Table 17)"]
    # the Arb p-value agrees with the float t-test
    from flint import arb

    assert abs(float(A._pearson_p_arb(arb("0.3"), 20).mid()) - A._pearson_p(0.3, 20)) < 1e-12


def test_two_orders_of_magnitude_is_decided_exactly():
    # an observed ratio of 1.22 gives r = 0.82, 10^1.9 times r ~ 10^-3; a ratio of 2.5 is 10^2.6 away
    assert (
        "implied r = 1/ratio about two orders of magnitude from r ~ 10e-3"
        not in A.check_a4_counts().evidence["failures"]
    )
    r = A.check_a4_counts(observed="0.4")
    assert r.status is Status.FAIL and r.evidence_level == "proved"
