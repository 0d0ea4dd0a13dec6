"""``A1.configs``: configuration values printed in several places (issue 27, item 4)."""

from __future__ import annotations

from certificates import Status
from certificates.psa.relations_lead import check_configs


def test_the_printed_configurations_agree():
    out = check_configs()
    assert out.status is Status.PASS
    assert out.evidence_level == "proved"


def test_a_printing_that_differs_fails_naming_it():
    out = check_configs(rope_base=("10000", "10000", "10000", "1000", "10000"))
    assert out.status is Status.FAIL
    assert any("Table 21" in f for f in out.evidence["failures"])
    assert check_configs(v7_steps=("3000", "2000")).status is Status.FAIL
