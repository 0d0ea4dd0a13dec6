"""``certificates.findings.stated_finding``: a check's own one-line finding from its failing clauses."""

from __future__ import annotations

from certificates.findings import stated_finding


def test_whole_clauses_then_how_many_more():
    parts = [f"clause {k}: printed {k}.0, recomputed {k}.5" for k in range(12)]
    out = stated_finding(parts, limit=120)
    assert len(out) <= 120 and "\n" not in out and not out.endswith("...")
    kept = out.split("; and ")[0].split("; ")
    assert kept == parts[: len(kept)] and out.endswith(f"and {len(parts) - len(kept)} more in the evidence")


def test_short_findings_are_whole_and_a_long_first_clause_is_cut_at_a_space():
    assert stated_finding(["a: 1", "b: 2"]) == "a: 1; b: 2"
    long = "word " * 80
    out = stated_finding([long, "b"], limit=100)
    assert len(out) <= 100 and out.endswith("(the rest in the evidence)") and "wor " not in out
    assert stated_finding([]) == ""
