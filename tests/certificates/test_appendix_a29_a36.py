"""The certificates of Appendix A29-A36 (certificates.psa.appendix_a29_a36): expected verdicts, the
arithmetic of each FAIL, and wrong claims that must FAIL."""

from __future__ import annotations

from certificates.coverage.locators_data import psa_app_a29_a36 as D
from certificates.psa import appendix_a29_a36 as A
from certificates.registry import Status


def _failed(o) -> list[str]:
    return list(o.evidence.get("failures", []))


def test_a29_fails_only_on_the_average_row_with_its_arithmetic():
    o = A.check_a29()
    assert o.status is Status.FAIL
    assert _failed(o) == ["Table 103 average improvement (depth 1-19)"]
    assert "[0.429118, 0.429218] vs printed +0.4060" in o.detail
    assert "8.1200/20" in o.evidence.get("finding", "") or "0.4060" in str(o.evidence)


def test_a29_average_over_depths_0_to_19_would_pass():
    # the printed +0.4060 is the mean over depths 0-19: claiming that range makes the row pass
    o = A.check_a29(t103_summary={"average": ("0", "19", "+0.4060"), "deep": ("10", "+0.1327")})
    assert "Table 103 average improvement (depth 0-19)" not in _failed(o)


def test_a29_wrong_delta_fails():
    t101 = dict(D.T101)
    t101[D._LREP] = ("1.7451", "0.8288", "-0.9263")
    o = A.check_a29(t101=t101)
    assert "Table 101 $L_{\\mathrm{rep}}$: Delta = M - B" in _failed(o)


def test_a30_passes_and_a_wrong_ratio_fails():
    assert A.check_a30().status is Status.PASS
    t105 = dict(D.T105)
    t105["DC / Nyquist ratio"] = ("2.60", "3.025")
    o = A.check_a30(t105=t105)
    assert o.status is Status.FAIL and "Table 105 DC/Nyquist (momentum)" in _failed(o)


def test_a31_sweep_fails_only_on_the_flat_determinant_claims():
    o = A.check_a31_sweep()
    assert o.status is Status.FAIL
    assert sorted(_failed(o)) == [
        "|det J - 1| flat at 1.0000 in every row (caption)",
        "|det J - 1| flat at 1.0000 in every row (item 2)",
    ]
    assert "3 of 13 rows print otherwise (0.9999, 0.9999, 0.9998)" in o.detail


def test_a31_sweep_wrong_best_gamma_fails():
    text = dict(D.A31S_TEXT)
    text["best"] = ("1e-1",) + text["best"][1:]
    o = A.check_a31_sweep(text=text)
    assert "the best fluency loss is at gamma = 1e-1 (1)" in _failed(o)


def test_a31_emergence_findings():
    o = A.check_a31_emergence()
    assert o.status is Status.FAIL
    assert sorted(_failed(o)) == sorted(
        [
            "Table 112 0.10: E-bar within §A31.8's ranges",
            "'its one emerging seed is the joint-fastest run in the sweep'",
            "'the gamma <= 0.20 cells rest on two seeds'",
        ]
    )
    assert "[5.275, 19.125] vs printed 21.2" in o.detail
    assert "fastest run 600 steps (gamma = 0.80) vs printed 650" in o.detail


def test_a31_emergence_wrong_mean_and_threshold_fail():
    t112 = dict(D.T112)
    t112["$0.40$"] = ("0.40", ("3", "3"), ("1000", "2200", "2150"), "1883", "12.0")
    assert "Table 112 0.40: mean of the steps" in _failed(A.check_a31_emergence(t112=t112))
    text = dict(D.A31E_TEXT)
    text["thr_t3t4"] = ("0.951", "0.664", "0.579", "0.413")
    assert "gamma_c^T3T4 at d_k = 64" in _failed(A.check_a31_emergence(text=text))


def test_a31_cutoff_passes_and_wrong_rate_fails():
    assert A.check_a31_cutoff().status is Status.PASS
    arms = dict(D.ARMS)
    arms["E"] = (None, "0.80", "5.4e-5", "6000", "2")
    assert "arm E: LR / (1 + 2 gamma)^2" in _failed(A.check_a31_cutoff(arms=arms))


def test_a32_findings_and_a_wrong_margin():
    o = A.check_a32()
    assert sorted(_failed(o)) == sorted(
        [
            "Table 117: batch 8 -> 64 reduces the gradient variance by",
            "Table 117: learning rate scaled by sqrt(B_new/B_old)",
        ]
    )
    t116 = dict(D.T116)
    t116["H3"] = (None, "-0.8")
    assert "Table 116 H3: (L_Jr - L_David)/L_Jr (%)" in _failed(A.check_a32(t116=t116))


def test_a33_findings_statcheck_and_a_wrong_gain():
    o = A.check_a33()
    assert sorted(_failed(o)) == sorted(
        [
            "Table 121 §A29 row = Table 101's relative change of L_rep",
            "A33.3: distinct reasoning tasks of §A18-A23 (Table 121's first 18 rows)",
        ]
    )
    assert "d.o.f. 94-95" in o.detail and "n - 2 in 118-118" in o.detail
    t121 = ("+0.468",) + D.T121[1:]
    assert "Table 121 row 1 = Table 90 (Associative Recall)" in _failed(A.check_a33(t121=t121))


def test_a34_passes_and_wrong_claims_fail():
    assert A.check_a34().status is Status.PASS
    abl = dict(D.A34_ABL)
    abl["diff"] = ("-0.005", "-0.006", "-0.007", "-0.009", "-0.010", "-0.011", "-0.052", "-0.090")
    assert "first - global at N = 12" in _failed(A.check_a34(abl=abl))
    text = dict(D.A34_TEXT)
    text["ratios"] = ("1.44", "1.42", "1.39", "1.42", "0.05")
    assert "sample s.d. of the three ratios" in _failed(A.check_a34(text=text))


def test_a35_passes_and_a_wrong_total_fails():
    assert A.check_a35().status is Status.PASS
    text = dict(D.A35_TEXT)
    text["gpuh"] = ("200", "271.8", "159.1", "53.7", "49.0", "450")
    assert "261.8 = 159.1 + 53.7 + 49.0 GPU-hours" in _failed(A.check_a35(text=text))


def test_a32_margin_band_is_read_by_its_ends_rounding():
    """'margins between 3 and 5%': the integer ends stand for [2.5, 5.5], so H3's printed -2.9% is inside
    (below 3 only read exactly, which the row's note says); a margin past the rounding FAILs."""
    row = "Table 120 caption: H1 and H3 fail with margins between 3 and 5%"
    o = A.check_a32()
    assert row not in _failed(o)
    assert "outside the exact ends, inside their rounding: H3 -2.9%" in o.detail
    t120 = dict(D.T120)
    t120["H3"] = (None, "-2.4")
    assert row in _failed(A.check_a32(t120=t120))


def test_a32_gradient_variance_factor_carries_the_tilde_tolerance():
    # '~2.83x' against the 8x of a 1/B variance: '~' is +/-5%; a printed ~7.8 would agree (8 in [7.41, 8.19])
    t117 = dict(D.T117)
    b1, b2, _ = t117["Batch size"]
    t117["Batch size"] = (b1, b2, "7.8")
    assert "Table 117: batch 8 -> 64 reduces the gradient variance by" not in _failed(A.check_a32(t117=t117))


def _row(o, name: str) -> dict:
    return next(r for r in o.evidence["subchecks"] if r["name"] == name)


def test_approximate_claims_are_decided_in_arb_and_a_wrong_one_fails():
    """The approximate rows of A31.sweep, A31.emergence and A34 ('about', '~', 'essentially') are
    enclosures against the word's stated interval (evidence audit: no float tolerance in a proved or
    enclosed check), so A34 PASSes at level enclosed; a printed value outside the interval FAILs."""
    sweep, emerge, a34 = A.check_a31_sweep(), A.check_a31_emergence(), A.check_a34()
    assert a34.status is Status.PASS and a34.evidence_level == "enclosed"
    for o, name in (
        (sweep, "logic loss about ln 2 (chance)"),
        (emerge, "floor about 13% of a pass"),
        (a34, "fixed-lag oracle 'some eight times' chance"),
        (a34, "38 are 'essentially' the gamma = 0 column and gamma = 0.25 at N >= 7"),
        (a34, "the depth law reaches 0.400 at N ~ 25"),
    ):
        row = _row(o, name)
        assert row["ok"] is True and row["level"] == "enclosed", name
    assert "enclosure [24.80988" in _row(a34, "the depth law reaches 0.400 at N ~ 25")["note"]
    # 100 * floor / mean = 13.95...: 'about 12' stands for [10.8, 13.2] and FAILs
    text = dict(D.A31E_TEXT)
    text["floor_pct"] = ("12",)
    assert "floor about 13% of a pass" in _failed(A.check_a31_emergence(text=text))
    # 0.065 x 128 = 8.32: 'some eight times' at lag 0.075 gives 9.6, outside [7.2, 8.8]
    text = dict(D.A34_TEXT)
    text["lag"] = ("0.075",) + tuple(text["lag"][1:])
    assert "fixed-lag oracle 'some eight times' chance" in _failed(A.check_a34(text=text))
