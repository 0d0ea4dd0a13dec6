"""The relation certificates of the QHM paper (certificates/qhm/relations.py): their verdicts on the
printed numbers, and wrong printed numbers FAIL with the arithmetic shown (issue 27, item 4)."""

from __future__ import annotations

import pytest

from certificates.coverage.locators_data import qhm_relations as D
from certificates.coverage.text import parse
from certificates.qhm import relations as R
from certificates.qhm import tables as TB

CERTS = {c.id: c for c in R.CERTIFICATES}


@pytest.mark.parametrize("cid", sorted(CERTS))
def test_printed_numbers_pass(cid):
    out = CERTS[cid].check()
    assert out.status.value == "PASS", out.detail


def _fails(cid, **kw):
    out = CERTS[cid].check(**kw)
    assert out.status.value == "FAIL"
    return out


def test_a_number_printed_differently_in_two_places_fails():
    bad = {**D.SAME, "exp74 Dev 2 BPB": ("0.992437", "0.992473")}
    out = _fails("qhm:sec1.counts.same", values=bad)
    assert "0.992473" in out.detail and "printing 2" in out.detail


def test_learning_rate_arithmetic():
    _fails("qhm:sec3.2.lr", product=("0.02", "0.03"))
    _fails("qhm:sec3.2.lr", ratio="4")
    _fails("qhm:sec3.2.lr", unembedding_lr=("0.004", "0.004", "0.005"))
    _fails("qhm:sec3.2.lr", scalar_lr="0.7")


def test_rounded_counts():
    _fails("qhm:sec1.counts.rounded", rounded={**D.ROUNDED, "Depth-8 parameters": ("50.3", "50.35")})
    out = _fails("qhm:sec1.counts.rounded", rounded={**D.ROUNDED, "untouched-split tokens": ("7.15",)})
    assert "7,143,424" in out.detail


def test_shares_against_counts():
    _fails("qhm:sec4.1.shares", provenance=("53", "54", ("100", "100")))
    _fails("qhm:sec4.1.shares", overlap=("1", "0.0000"))


def test_table1_scopes_against_the_architecture():
    bad = {**D.SCOPES, "exp72": ((("Rect", "20"), ("VO", "16")), "38")}
    out = _fails("qhm:table1.scope", scopes=bad)
    assert "exp72: parts add up to the total" in out.detail
    _fails("qhm:table1.scope", scopes={**D.SCOPES, "exp75": ((("ve_gate", "8"),), None)})


def test_table5_zero_shares():
    _fails("qhm:table5.zero", shares=("0.00000", "0.00001"))


def test_sites_two_tap_and_seed_counts():
    _fails("qhm:sec1.counts.sites", sites=("17", "13"))
    _fails("qhm:sec1.counts.sites", two_tap="+1,024")
    out = _fails("qhm:sec1.counts.sites", n_seeds=("3", "2"))
    assert "seed count (printing 2)" in out.detail


def test_a_confidence_level_the_check_cannot_honour_is_an_error():
    with pytest.raises(ValueError, match="only the 95% t-interval"):
        TB.check_table3(level="90")


def test_settings_the_checks_now_take_are_used():
    from certificates.qhm import filters as F

    assert F.check_endpoints(mu_value="0.9").status.value == "FAIL"  # weights 0.05 / 0.95 need mu = 0.95
    assert F.check_example(damping="0.2").status.value == "FAIL"  # exp79's 4.283529 needs 0.1 mean(v)
    assert F.check_table4c_corrected().status.value == "PASS"
    bad = (("0.85", "0.85"), ("0.95", "0.95"), ("0.97", "0.97"), ("0.95", "0.98"), ("0.95", "1.000"))
    assert F.check_table4c(configs=bad).status.value == "FAIL"
    assert F.check_nyquist(z_point="1").status.value == "FAIL"  # H(1) = 1 is not the printed Nyquist gain


def test_vram_of_table2_from_table5():
    out = _fails("qhm:table2.vram", base="22804.71")
    assert "Table 2 exp69: Table 5 base" in out.detail
    _fails("qhm:table2.vram", extra=("+0.002", "+0.003"))
    _fails("qhm:table2.vram", extra=("+0.2", "+0.2"))  # the gains' rows would print 22804.8
    _fails("qhm:table2.vram", depth6=("13733.5", {"exp85": "13733.7", "exp87/85 mean": "13733.5"}))


def test_baseline_mean_and_sd_against_the_seed47_value():
    # seed 47 is 1.059875 - 0.064200 = 0.995675, 0.000570 above the mean: an SD of 0.000450 allows at most 0.000520
    out = _fails("qhm:table4.baseline", mean_sd=("0.995105", "0.000450"))
    assert "within 2 SD/sqrt(3)" in out.detail
    _fails("qhm:table4.baseline", mean_sd=("0.994005", "0.000950"))
    # exp17 (0.993561) is 0.000428 above the first paper's exp18/17/22 mean; an SD of 0.000346 allows 0.000400
    _fails("qhm:table4.baseline", prior=("0.993133", "0.000346"))


def test_table3_two_of_three_seeds_is_a_count():
    assert TB.check_table3(lower_on=("1", "3", "Dev 1")).status.value == "FAIL"
    assert TB.check_table3(lower_on=("2", "4", "Dev 1")).status.value == "FAIL"


def test_markdown_cells_keep_a_bar_inside_backticks():
    text = "### 4.4 T (`Table 3`)\n\n| (A) Run | Seed |\n| :--- | ---: |\n| A + `|x0|` (`exp94`) | 42 |\n"
    t = parse(text).table("3A")
    assert t is not None and [c.text for c in t.rows[1].cells] == ["A + `|x0|` (`exp94`)", "42"]


def test_a_claim_with_thousands_separators_is_the_number_the_text_prints():
    from certificates.coverage.paperrun import _same_string

    assert _same_string("50,342,416", "50342416") and _same_string("1,024", "+1024")
    assert not _same_string("50,342,416", "50342417")
