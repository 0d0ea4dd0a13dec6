"""§7's printed relations (certificates/psa/relations_sec7.py, issue 27): the verdict of each
certificate at the printed numbers, and wrong claims that must FAIL."""

from __future__ import annotations

import pytest

from certificates.psa import relations_sec7 as R

CERTS = {c.id: c for c in R.CERTIFICATES}


def _claims(cert):
    import inspect

    return {
        k: p.default for k, p in inspect.signature(cert.check).parameters.items() if p.kind is p.POSITIONAL_OR_KEYWORD
    }


@pytest.mark.parametrize("cid", sorted(CERTS))
def test_relations_pass_at_the_printed_numbers(cid):
    out = CERTS[cid].check()
    assert out.status.value == "PASS", out.evidence.get("failures")


def test_agree_rule():
    assert R._agree("0.8951", "0.895")  # the finer rounds to the coarser
    assert not R._agree("0.8951", "0.894")
    assert not R._agree("0.811", "0.812")  # same precision: must be equal
    assert R._agree("3000", "3000")
    assert R._agree("-0.679", "-0.679") and not R._agree("-0.679", "0.679")


def test_a_changed_copy_fails():
    cert = CERTS["sec7.1.relations"]
    same = dict(_claims(cert)["same"])
    occ = list(same["battery steps"])
    occ[2] = "9000"
    same["battery steps"] = tuple(occ)
    out = cert.check(same=same)
    assert out.status.value == "FAIL"
    assert any("battery steps" in f for f in out.evidence["failures"])


def test_a_group_needs_two_occurrences():
    with pytest.raises(ValueError):
        R.check_printed_relations({"x": ("1",)})


def test_restructured_claims_keep_their_checks():
    """sec7.4's parameter counts in thousands, sec7.5's asymmetric pairs as a setting, sec7.11's
    branch widths and CI level as printed: the same verdicts, and a wrong value FAILs."""
    from certificates.psa import sec7_empirical as E7

    assert E7.check_sec7_4().status.value == "PASS"
    assert E7.check_sec7_4(params_multi="942").status.value == "FAIL"
    assert E7.check_sec7_5().status.value == "PASS"
    assert E7.check_sec7_5(asym=(0.330, 0.630, 0.864, 0.875)).status.value == "FAIL"
    assert E7.check_sec7_11().status.value == "PASS"
    assert E7.check_sec7_11(condensed=(4, 8)).status.value == "FAIL"
    assert E7.check_sec7_11(mean_field=(64,)).status.value == "FAIL"
    # the CI is a finding at 95% (printed); the level is read as a percentage
    assert E7.check_sec7_11_ci().status.value == "FAIL"
