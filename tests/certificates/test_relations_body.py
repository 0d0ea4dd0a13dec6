"""The relation certificates of the abstract, §1–§6 and §8–§10 (certificates/psa/relations_body.py):
their verdicts at the printed numbers, and wrong numbers that must FAIL with the arithmetic shown."""

from __future__ import annotations

import pytest

from certificates.coverage.locators_data import psa_body as data
from certificates.psa import relations_body as R

BY_ID = {c.id: c for c in R.CERTIFICATES}


def _status(out) -> str:
    return out.status.value


@pytest.mark.parametrize("cid", sorted(BY_ID))
def test_every_certificate_passes_at_the_printed_numbers(cid):
    out = BY_ID[cid].check()
    assert _status(out) == "PASS", out.detail


def test_speedup_is_the_ratio_of_the_printed_means():
    wrong = dict(R._EMERGENCE, speedup="3.9")  # 2700/717 = 3.766
    out = R.check_abstract_emergence(printed=wrong)
    assert _status(out) == "FAIL"
    assert "speedup 2700/717" in out.detail and "3.9" in out.detail
    assert out.severity == "minor"


def test_abstract_must_restate_the_appendix():
    wrong = dict(R._EMERGENCE, steps_opt="771")  # a transposition of 717
    out = R.check_abstract_emergence(printed=wrong)
    assert _status(out) == "FAIL"
    assert "steps_opt: abstract = §A31" in out.detail


def test_edge_must_lie_between_the_emerging_and_the_rescued_coupling():
    out = R.check_abstract_emergence(printed=dict(R._EMERGENCE, edge="1.1"))
    assert _status(out) == "FAIL" and "edge" in out.detail


def test_overhead_one_figure_rounding():
    assert _status(R.check_abstract_overhead()) == "PASS"  # 6/(28 * 4096) = 5.23e-5
    assert _status(R.check_abstract_overhead(overhead="6e-5")) == "FAIL"
    assert _status(R.check_abstract_overhead(d_T="2048")) == "FAIL"  # 1.05e-4


def test_table12_from_its_couplings():
    out = R.check_table12_gammas(gammas=("0.05", "0.10", "0.25", "0.40"))
    assert _status(out) == "FAIL"
    assert "gamma = 0.25: range factor" in out.detail  # 1 + 2 x 0.25 = 1.5, printed 1.40
    out = R.check_table12_gammas(levels_total=("256", "256", "255", "256"))
    assert _status(out) == "FAIL" and "INT8 level count" in out.detail
    out = R.check_table12_gammas(bits_at={"front": (("0.3", "0.49"),)})  # log2(1.6) = 0.678
    assert _status(out) == "FAIL" and "front: bits at gamma = 0.3" in out.detail


def test_L_log_511():
    assert _status(R.check_L(L_args={"6": "512", "10": "511"})) == "PASS"  # sqrt(2 log 512) = 3.532
    assert _status(R.check_L(L_args={"6": "1023", "10": "511"})) == "FAIL"
    assert _status(R.check_L(results={"6": ("3.53", "49.9"), "10": ("49.9", "67.9")})) == "FAIL"


def test_restatement_rules():
    chk = BY_ID["thm64.step5.abstract"].check
    assert _status(chk(source={"c": "0.744"})) == "PASS"  # rounds to 0.74
    out = chk(source={"c": "0.746"})
    assert _status(out) == "FAIL" and "0.746" in out.detail
    out = BY_ID["sec9.3.restated"].check(printed=dict(BY_ID["sec9.3.restated"].check.__defaults__[0], delta="-0.5"))
    assert _status(out) == "FAIL" and "delta" in out.detail


def test_claims_and_locators_come_from_the_same_data():
    locs = {(x.certificate, x.claim): x.printed for x in data.LOCATORS}
    for k, (printed, _anchor) in data.ABSTRACT_EMERGENCE.items():
        assert locs[("A31.abstract", f"printed[{k!r}]")] == printed
    for cid, rows in data.RESTATED.items():
        for k, row in rows.items():
            assert locs[(cid, f"printed[{k!r}]")] == row[0]


def test_sweep_10_against_the_table():
    assert _status(R.check_sweep_10(cap="0.45")) == "FAIL"  # above (69)'s 0.4132 at d_k = 128
    out = R.check_sweep_10(proposed="1.0")  # below (52)'s 1.0300 at d_k = 64
    assert _status(out) == "FAIL" and "crosses gamma_c" in out.detail


@pytest.mark.slow  # each runs an adversarial search (about a second)
def test_printed_residuals_are_read():
    from certificates.psa import sec4_5_transport as T

    assert _status(T.check_prop36(residual="0.5")) == "FAIL"
    assert _status(T.check_rem39(residual="0.5")) == "FAIL"
