"""The relation certificate of the Momentum Attention preprint (certificates/momentum/relations.py): the
printed numbers PASS; a number printed differently in two places, a wrong alpha, or a total below the
runs it contains FAIL with the numbers shown (issue 27, item 4)."""

from __future__ import annotations

from certificates.coverage.locators_data import momentum_relations as D
from certificates.momentum import relations as R

CHECK = R.CERTIFICATES[0].check


def test_printed_numbers_pass():
    out = CHECK()
    assert out.status.value == "PASS", out.detail


def test_a_number_printed_differently_fails():
    bad = {**D.SAME, "correlation r, Pre-RoPE placement": ("0.12", "0.21", "0.12")}
    out = CHECK(values=bad)
    assert out.status.value == "FAIL" and "0.21" in out.detail


def test_alpha_is_the_negated_exponent():
    assert CHECK(alpha="-0.74").status.value == "FAIL"


def test_total_experiments_cannot_be_fewer_than_the_runs():
    out = CHECK(total_runs="5,000")
    assert out.status.value == "FAIL" and "5,000" in out.detail
