"""Embedding-level certificates: their real verdicts, and a FAIL whenever a wrong claim is fed in."""

import pytest
import sympy as sp

from certificates import Status, load_registry
from certificates.psa import sim
from theory import induction as TI

G, DK = TI.gamma, TI.dk

#: Real verdicts (what the paper's statements give under simulation, see each check's detail).
REAL = {
    "prop1": Status.PASS,
    "prop1.rope": Status.FAIL,
    "rem2": Status.PASS,
    "prop46": Status.FAIL,
    "prop46.corrected": Status.PASS,
    "thm49": Status.FAIL,
    "thm49.corrected": Status.PASS,
    "cor68": Status.PASS,
    "cor69.moments": Status.FAIL,
    "cor69.moments.corrected": Status.PASS,
    "sec10.b": Status.PASS,
}
SMALL_79 = dict(points=[(8, 10), (64, 15)], trials=3000, seeds=3)


@pytest.mark.parametrize("cid", sorted(REAL))
def test_real_verdict(cid):
    cert = load_registry().get(cid)
    out = cert.check()
    assert out.status is REAL[cid], out.detail
    assert "seed" in out.detail


def test_sec79_independence_real_verdict():
    out = sim.check_sec79_independence()
    assert out.status is Status.FAIL, out.detail
    assert set(out.measured) == set(sim.SEC79_VARIANTS)
    assert "(4,10)" in out.detail and "(128,25)" in out.detail


WRONG = [
    ("prop1", sim.check_prop1, dict(bound=lambda T: 1 / (T - 1))),
    ("prop1", sim.check_prop1, dict(subfamily=lambda T: 1 / (T - 1))),
    ("prop1.rope", sim.check_prop1_rope, dict(bound=lambda T: 0.0)),
    ("rem2", sim.check_rem2, dict(anti=lambda T: 1 / (T - 1))),
    ("rem2", sim.check_rem2, dict(neutral=lambda T: 1 / (T - 2))),
    ("rem2", sim.check_rem2, dict(aligned_limit=0.05)),
    ("prop46", sim.check_prop46, dict(claims={**TI.channel_means(), "target": (0, 0, 1, -1)})),
    ("prop46.corrected", sim.check_prop46_corrected, dict(claims=TI.PROP46_PRINTED)),
    ("thm49", sim.check_thm49, dict(snr_claim=sp.sqrt(DK))),
    ("thm49.corrected", sim.check_thm49_corrected, dict(snr_def_claim=sp.sqrt(DK) / 2)),
    ("thm49.corrected", sim.check_thm49_corrected, dict(a_over_b_claim=sp.sqrt(DK) / 3)),
    ("cor68", sim.check_cor68, dict(bound=lambda T: 0.05)),
    ("cor69.moments", sim.check_cor69_moments, dict(a_claim=2 * G * sp.sqrt(DK))),
    ("cor69.moments.corrected", sim.check_cor69_moments_corrected, dict(b2_claim=TI.KEY_ONLY_B2_PRINTED)),
    ("sec10.b", sim.check_sec10b, dict(b2_claim=2 * G**2 + 4 * G**4)),
    ("sec10.b", sim.check_sec10b, dict(a_claim=G**2 * sp.sqrt(DK))),
    ("sec7.9.independence", sim.check_sec79_independence, dict(median_claim=0.05, max_claim=0.5, **SMALL_79)),
]


@pytest.mark.parametrize("label,check,kwargs", WRONG, ids=[f"{w[0]}-{i}" for i, w in enumerate(WRONG)])
def test_fails_on_wrong_input(label, check, kwargs):
    out = check(**kwargs)
    assert out.status is Status.FAIL, f"{label}: {out.detail}"


#: The failing certificates can pass: fed the values that do hold, they PASS.
CAN_PASS = [
    ("prop1.rope", sim.check_prop1_rope, dict(bound=lambda T: 2.0 / (T - 2))),
    ("prop46", sim.check_prop46, dict(claims=TI.channel_means())),
    ("thm49", sim.check_thm49, dict(snr_claim=sp.sqrt(DK) / 3)),
    ("cor69.moments", sim.check_cor69_moments, dict(b2_claim=1 + 2 * G + 2 * G**2)),
]


@pytest.mark.parametrize("label,check,kwargs", CAN_PASS, ids=[c[0] for c in CAN_PASS])
def test_failing_certificates_can_pass(label, check, kwargs):
    out = check(**kwargs)
    assert out.status is Status.PASS, f"{label}: {out.detail}"


def test_sec79_passes_on_its_own_measurement():
    first = sim.check_sec79_independence(variants=("gaussian",), **SMALL_79)
    m = first.measured["gaussian"]
    again = sim.check_sec79_independence(
        median_claim=m["median"], max_claim=m["max_abs"], variants=("gaussian",), **SMALL_79
    )
    assert again.status is Status.PASS, again.detail
    assert again.measured == first.measured  # reproducible by seed


def test_every_certificate_has_a_failing_test():
    assert {w[0] for w in WRONG} == {c.id for c in sim.CERTIFICATES}


def test_reproducible_by_seed():
    a = sim.check_cor68(trials=2000, seed=5)
    b = sim.check_cor68(trials=2000, seed=5)
    c = sim.check_cor68(trials=2000, seed=6)
    assert a.measured == b.measured and a.detail == b.detail
    assert a.measured != c.measured


def test_ids_are_catalogue_ids_or_sub_checks():
    from theory.catalogue import ITEMS

    ids = {it.id for it in ITEMS}
    for c in sim.CERTIFICATES:
        parts = c.id.split(".")
        assert any(".".join(parts[:n]) in ids for n in range(len(parts), 0, -1)), c.id
        assert c.kind.value == "monte-carlo"
