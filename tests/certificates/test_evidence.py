"""Evidence levels (issue 17): how a verdict is reached, on every record."""

from __future__ import annotations

import json
import math
from fractions import Fraction

import pytest

from certificates import enclosed as E
from certificates._subchecks import Checks
from certificates.registry import EVIDENCE_LEVELS, Certificate, Kind, Status, strongest, verdict, weakest
from certificates.render import result_json, to_json
from certificates.results import Result, blocked_by, evidence_counts
from certificates.runner import run_one
from certificates.search import MIN_EVALUATIONS, adversarial_search


def _cert(check, kind=Kind.NUMERIC, cid="x", depends=()):
    return Certificate(cid, cid, "Prop 1", "it", kind, check, pack="test", depends=tuple(depends))


def test_weakest_and_strongest():
    assert weakest(["proved", "enclosed"]) == "enclosed"
    assert weakest(["proved", None]) is None and weakest([]) is None
    assert strongest(["sampled", "proved", None]) == "proved" and strongest([None]) is None


def test_the_runner_keeps_a_stated_level_and_names_an_unstated_one():
    r = run_one(_cert(lambda: verdict(True, 1, 1, "exact", evidence_level="proved")))
    assert r.evidence_level == "proved" and "not stated" not in r.detail
    r = run_one(_cert(lambda: verdict(True, 1, 1, "float")))
    assert r.evidence_level == "sampled" and "not stated by its pack" in r.detail
    r = run_one(_cert(lambda: verdict(True, 1, 1, "mc"), kind=Kind.MONTE_CARLO))
    assert r.evidence_level == "statistical" and "not stated by its pack" in r.detail
    r = run_one(_cert(lambda: verdict(True, 1, 1, "s", evidence_level="sampled")))
    assert r.evidence_level == "sampled" and "no adversarial search" in r.detail
    r = run_one(_cert(lambda: 1 / 0))
    assert r.status is Status.ERROR and r.evidence_level == "none"
    nc = run_one(Certificate("n", "n", "Rem 1", "-", Kind.NOT_CHECKABLE, None, reason="words"))
    assert nc.evidence_level == "none"
    with pytest.raises(ValueError):
        verdict(True, 1, 1, "x", evidence_level="certain")


def test_checks_level_is_the_weakest_passing_row_or_the_strongest_failing_row():
    c = Checks()
    c.exact("a", True, 1, 1)
    c.enclosed("b", lambda: __import__("flint").arb(2).sqrt(), "1.414")
    assert c.level() == "enclosed" and c.outcome("s").evidence_level == "enclosed"
    c.add("c", True, 1, 1, level="sampled")
    assert c.level() == "sampled"
    c.printed("d", 0.5, "0.5")  # a float comparison: of unknown strength
    assert c.level() is None
    c.exact("e", False, 2, 1)
    assert c.level() == "proved"  # one exact counterexample decides the FAIL


def test_enclosed_rows_decide_without_tolerance_and_record_the_intervals():
    from flint import arb

    c = Checks()
    assert c.enclosed("sqrt2", lambda: arb(2).sqrt(), "1.4142")
    assert not c.enclosed("sqrt2 to 3 places", lambda: arb(2).sqrt(), "1.415")
    out = c.outcome("two")
    assert out.status is Status.FAIL and out.evidence_level == "enclosed"
    recs = out.evidence["enclosures"]
    assert [r["verdict"] for r in recs] == ["PASS", "FAIL"]
    lo, hi = recs[0]["enclosure"]
    assert lo <= math.sqrt(2) <= hi


def test_a_value_on_a_rounding_boundary_is_undecided_and_an_error():
    from flint import arb

    c = Checks()
    c.enclosed("boundary", lambda: arb(1) / 4, "0.24")  # 0.245 is the boundary... 0.25 is outside
    assert c.rows[-1][1] is False
    c2 = Checks()
    c2.enclosed("exactly on the edge, as a ball", lambda: arb("0.245") + arb(0, 1e-30), "0.24")
    out = c2.outcome("edge")
    assert out.status is Status.ERROR and "undecided" in out.detail and "0.245" in out.detail


def test_levels_are_decided_in_one_place():
    """Issue 25: a FAIL takes its strongest failing row's level, a PASS its weakest row's; undecided rows
    (None) never set a FAIL's level, and with none failing the certificate is an ERROR with no level."""
    from certificates.levels import certificate_level, certificate_verdict

    assert certificate_verdict([True, True]) == "PASS" and certificate_level([(True, "proved"), (True, "sampled")]) == (
        "sampled"
    )
    assert certificate_level([(True, "proved"), (True, None)]) is None  # a row of unknown strength
    rows = [(False, "statistical"), (False, "enclosed"), (True, "proved"), (None, "proved")]
    assert certificate_verdict(ok for ok, _ in rows) == "FAIL" and certificate_level(rows) == "enclosed"
    assert certificate_level([(False, "statistical"), (None, "proved")]) == "statistical"
    assert (
        certificate_verdict([True, None]) == "ERROR"
        and certificate_level([(True, "proved"), (None, "enclosed")]) is None
    )


def test_failing_and_undecided_rows_make_a_fail_on_the_decided_rows_with_the_undecided_shown():
    """A certificate with a failing row and an undecided one is a FAIL on its decided rows: the undecided
    row is shown as undecided (with its intervals), is not among the failures and does not set the level."""
    from flint import arb

    c = Checks()
    c.add("mc", False, 1, 2, level="statistical")
    c.enclosed("edge", lambda: arb("0.245") + arb(0, 1e-30), "0.24")  # undecided at the precision cap
    assert c.rows[-1][1] is None and c.failures() == ["mc"] and c.undecided_names() == ["edge"]
    out = c.outcome("s")
    assert out.status is Status.FAIL and out.evidence_level == "statistical"
    assert out.evidence["failures"] == ["mc"] and out.evidence["undecided"] == ["edge"]
    assert "undecided (not counted as failures): edge" in out.detail and "0.245" in out.detail


def test_within_and_approximate_words_are_exact_intervals():
    from flint import arb

    c = Checks()
    assert c.within("below 5%", lambda: arb(49) / 1000, None, "0.05", claim="< 5%", hi_open=True)
    assert not c.within("below 4.9%", lambda: arb(49) / 1000, None, "0.049", claim="< 4.9%", hi_open=True)
    assert c.approx_enclosed("about 4", lambda: arb("4.39"), "4", word="about")
    assert not c.approx_enclosed("about 4 (4.41)", lambda: arb("4.41"), "4", word="about")
    lo, hi, _ = E.approx_interval("4", "about")
    assert (lo, hi) == (Fraction(36, 10), Fraction(44, 10))
    with pytest.raises(TypeError):
        E.exact_value(0.1)


def test_attainable_finds_an_exact_witness_or_refutes_over_the_whole_box():
    # ratio of two printed inputs: 0.741 / 0.602 = 1.2309; printed 1.23 is attainable, 1.25 is not
    d = E.attainable(lambda a, b: a / b, lambda a, b: a / b, ["0.741", "0.602"], "1.23")
    assert d.verdict == "PASS" and d.witness is not None
    a, b = d.witness
    assert Fraction(7405, 10000) <= a <= Fraction(7415, 10000)
    assert Fraction(1225, 1000) <= a / b <= Fraction(1235, 1000)
    d = E.attainable(lambda a, b: a / b, lambda a, b: a / b, ["0.741", "0.602"], "1.25")
    assert d.verdict == "FAIL" and d.enclosure[1] < Fraction(1245, 1000)


def test_adversarial_search_finds_what_random_points_miss_and_counts_evaluations():
    # a narrow dip: margin 1 except within 1e-3 of x = 0.7071 where it is -0.5
    def margin(x):
        return 1.0 - 1.5 * math.exp(-(((x - 0.7071) / 2e-3) ** 2))

    rec = adversarial_search(margin, {"x": (0.0, 1.0)}, seed=3)
    assert rec.best_margin < 0 and abs(rec.at["x"] - 0.7071) < 3e-3
    ok = adversarial_search(lambda x, y: x * x + y * y + 0.1, {"x": (-1, 1), "y": (-1, 1)}, seed=0)
    assert ok.evaluations >= MIN_EVALUATIONS and ok.best_margin == pytest.approx(0.1, abs=1e-6)
    doc = ok.to_json()
    assert set(doc) >= {"evaluations", "best_margin", "at"} and json.dumps(doc, allow_nan=False)


def test_json_records_carry_evidence_search_and_blocked_by():
    fail = _cert(lambda: verdict(False, 1, 2, "no", severity="minor", evidence_level="proved"), cid="a")
    mid = _cert(lambda: verdict(True, 1, 1, "yes", evidence_level="proved"), cid="b", depends=("a",))
    top = _cert(lambda: verdict(True, 1, 1, "yes", evidence_level="enclosed"), cid="c", depends=("b",))
    rec = adversarial_search(lambda x: x + 1, {"x": (0, 1)})
    smp = _cert(lambda: verdict(True, 1, 1, "yes", evidence_level="sampled", search=rec), cid="d")
    results = [run_one(c) for c in (fail, mid, top, smp)]
    assert blocked_by(results) == {"a": [], "b": ["a"], "c": ["a"], "d": []}
    doc = json.loads(to_json(results))
    rows = {r["id"]: r for r in doc["certificates"]}
    assert rows["c"]["evidence"] == "enclosed" and rows["c"]["blocked_by"] == ["a"]
    assert rows["d"]["search"]["evaluations"] >= MIN_EVALUATIONS and rows["a"]["search"] is None
    assert doc["evidence"] == {"proved": 2, "enclosed": 1, "sampled": 1, "statistical": 0, "none": 0}
    assert doc["blocked"] == 2
    assert set(evidence_counts(results)) == set(EVIDENCE_LEVELS)
    assert result_json(results[0])["blocked_by"] == []


def test_a_level_travels_from_a_worker(monkeypatch):
    from certificates import runner

    r = Result(_cert(None), Status.PASS, 1, 1, "d", 0.1, evidence_level="sampled", search={"evaluations": 5})
    back = runner._from_payload(r.certificate, runner._payload(r))
    assert back.evidence_level == "sampled" and back.search == {"evaluations": 5}
