"""certificates.run(): running and reading certificates from Python."""

from __future__ import annotations

import pytest

import certificates
from certificates import RegistryError, Status
from certificates.render import summary_line


@pytest.fixture(scope="module")
def run():
    return certificates.run(only="C2,thm49,thm49.corrected")


def test_run_is_a_list_of_results(run):
    assert len(run) == 3 and run.ids == ["C2", "thm49", "thm49.corrected"]
    assert run[0] is run["c2"]
    assert run["thm49"].status is Status.FAIL and run["C2"].status is Status.PASS
    assert [r.certificate.id for r in run[1:]] == ["thm49", "thm49.corrected"]
    with pytest.raises(KeyError):
        run["nope"]


def test_summary_and_findings(run):
    assert run.summary == summary_line(list(run))
    assert not run.ok
    f = run.findings()
    # thm49 is graded minor (its detail states the rule): every later use of (43) survives the correction
    assert [r.certificate.id for r in f] == ["thm49"] and f[0].severity == "minor"
    assert run.by_severity["minor"] == f and run.by_severity["substantive"] == []
    assert run.counts["failed"] == 1
    with pytest.raises(ValueError):
        run.findings("bad")


def test_json_matches_the_cli_document(run):
    doc = run.to_json()
    assert doc["passed"] == 2 and doc["failed"] == 1
    assert [c["id"] for c in doc["certificates"]] == run.ids


def test_reprs_and_tables(run):
    text = repr(run)
    assert "\n" not in text and "3 certificates" in text and "1 failed" in text
    html = run._repr_html_()
    assert "Findings by severity" in html and "minor" in html and html.count("<table>") == 2
    r = repr(run["thm49"])
    assert r.startswith("Result(thm49 FAIL (minor)") and len(r) < 300
    assert "<table>" in run["thm49"]._repr_html_()
    assert "FAIL" in run._repr_markdown_()
    out = run["thm49"].certificate.check()
    assert repr(out).startswith("Outcome(FAIL") and "<table>" in out._repr_html_()


def test_unknown_id_or_pack():
    with pytest.raises(RegistryError, match="nope"):
        certificates.run(only="nope")
    with pytest.raises(RegistryError, match="unknown pack"):
        certificates.run(only="C2", pack="nopack")
