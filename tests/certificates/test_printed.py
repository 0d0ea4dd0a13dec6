"""The one rule for printed numbers (certificates.printed) and the severity contract."""

import math

import pytest

from certificates._subchecks import Checks
from certificates.printed import agrees, approximately, attainable, half_unit, interval
from certificates.registry import Certificate, Kind, Status, verdict
from certificates.results import counts
from certificates.runner import run_one


def test_half_unit_and_interval():
    assert half_unit("0.741") == pytest.approx(5e-4)
    assert interval("0.9849") == pytest.approx((0.98485, 0.98495))


def _condensed(c, L=math.log(511)):
    return c * (2 * L) ** 0.25 / math.sqrt(2)


def test_attainable_propagates_input_rounding():
    # c = 0.741 exact gives 0.98468, which does not round to 0.9849 ...
    assert not agrees(_condensed(0.741), "0.9849")
    # ... but c inside [0.7405, 0.7415] reaches it (c = 0.74116), so the printed value is reproduced
    a = attainable(_condensed, ["0.741"], "0.9849")
    assert a.ok and a.lo < 0.98485 < 0.98495 < a.hi
    assert 0.7405 <= a.witness[0] <= 0.7415
    # a value outside the propagated range is still refused
    assert not attainable(_condensed, ["0.741"], "0.9900").ok
    # exact inputs are not widened
    assert not attainable(_condensed, ["0.741"], "0.9849", exact=[True]).ok


def test_attainable_non_monotone_range():
    # f(x) = (x - 1)^2 over x in [0.95, 1.05]: the minimum 0 sits inside the box, not on a corner
    a = attainable(lambda x: (x - 1.0) ** 2, ["1.0"], "0.0000")
    assert a.ok
    assert not attainable(lambda x: (x - 1.0) ** 2, ["1.0"], "0.01").ok


def test_approximately_states_its_tolerance():
    ok, note = approximately(4.52, 4, word="a factor of", abs_tol=0.5)
    assert not ok and "0.5" in note
    ok, note = approximately(1.08, 1.0, word="about")
    assert ok and "10%" in note


def test_checks_severity_is_the_gravest_failed():
    c = Checks()
    c.add("a", False, 1, 2, severity="minor")
    c.add("b", False, 1, 2, severity="substantive")
    c.add("c", True, 1, 1, severity="reading")
    out = c.outcome("x")
    assert out.status is Status.FAIL and out.severity == "substantive"
    c2 = Checks()
    c2.add("a", True, 1, 1, severity="substantive")
    assert c2.outcome("x").severity is None
    with pytest.raises(ValueError):
        Checks().add("a", False, 1, 2, severity="grave")


def _cert(cid, out):
    return Certificate(id=cid, title=cid, supports="x", verifies="x", kind=Kind.NUMERIC, check=lambda: out)


def test_runner_enforces_severity_and_counts_findings_once():
    a = run_one(_cert("a", verdict(False, 1, 2, "wrong", severity="substantive")))
    b = run_one(_cert("b", verdict(False, 1, 2, "repeats a", severity="substantive", same_finding_as=["a"])))
    c = run_one(_cert("c", verdict(False, 1, 2, "ungraded")))
    p = run_one(_cert("p", verdict(True, 1, 1, "ok", severity="minor")))
    assert c.severity == "substantive" and "not graded" in c.detail
    assert p.severity is None
    k = counts([a, b, c, p])
    assert k["failed"] == 3 and k["failed_by_severity"]["substantive"] == 3
    assert k["findings"]["total"] == 2  # b repeats a
    # when the certificate it repeats did not run, the repeat counts as its own finding
    assert counts([b])["findings"]["total"] == 1


def test_rational_reads_every_printed_form_exactly():
    from fractions import Fraction

    from certificates.printed import rational

    assert rational("+0.349") == Fraction(349, 1000)
    assert rational("−1.18") == Fraction(-118, 100)  # the minus sign U+2212
    assert rational("11,905") == 11905 and rational("3.3e-5") == Fraction(33, 10**6)
    with pytest.raises(Exception):
        rational("\\sim 2.8")


def test_printed_numbers_read_once_are_the_computation():
    """rational() and enclosed.exact_value() keep a string's value once read: the same Fraction as reading it
    afresh, on every call; a string that is no number raises on every call (never kept)."""
    from decimal import Decimal
    from fractions import Fraction

    from certificates.enclosed import exact_value
    from certificates.printed import rational

    for s in ["+0.349", "−1.18", "11,905", "3.3e-5", " 0.741 ", "1E+3", "0.00"]:
        want = Fraction(Decimal(s.strip().replace("−", "-").lstrip("+").replace(",", "")))
        assert rational(s) == want and rational(s) == want and type(rational(s)) is Fraction
    for s in ["0.741", " 2 ", "-1.5e-3"]:
        assert exact_value(s) == Fraction(Decimal(s.strip())) == exact_value(s)
    for _ in range(2):
        with pytest.raises(Exception):
            rational("\\sim 2.8")
        with pytest.raises(Exception):
            exact_value("abc")
