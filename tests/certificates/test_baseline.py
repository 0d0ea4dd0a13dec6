"""certificates.baseline: what counts as a changed verdict."""

import pytest

from certificates import Certificate, Kind, Status
from certificates import baseline as bl
from certificates.results import Result


def _r(cid, status, severity=None):
    c = Certificate(cid, cid, "Test", "test", Kind.NUMERIC, lambda: None, pack="test")
    return Result(c, status, None, None, "", 0.0, severity=severity)


def test_write_load_roundtrip(tmp_path):
    p = tmp_path / "b.json"
    rs = [_r("A", Status.PASS), _r("B", Status.FAIL, "minor")]
    bl.write(str(p), rs, "1.0")
    assert bl.load(str(p)) == {
        "A": {"status": "PASS", "severity": None, "evidence": "none"},
        "B": {"status": "FAIL", "severity": "minor", "evidence": "none"},
    }
    assert bl.compare(bl.load(str(p)), rs) == []


def test_every_kind_of_change():
    base = {
        "A": {"status": "PASS", "severity": None},
        "B": {"status": "FAIL", "severity": "minor"},
        "C": {"status": "FAIL", "severity": "minor"},
        "D": {"status": "PASS", "severity": None},
        "Gone": {"status": "PASS", "severity": None},
        "NotRun": {"status": "PASS", "severity": None},
        "E": {"status": "FAIL", "severity": "minor"},
    }
    now = [
        _r("a", Status.FAIL, "substantive"),
        _r("B", Status.PASS),
        _r("C", Status.FAIL, "reading"),
        _r("D", Status.ERROR),
        _r("New", Status.PASS),
        _r("E", Status.ERROR),
    ]
    kinds = {ch.id: ch.kind for ch in bl.compare(base, now, registered=["NotRun"])}
    assert kinds == {
        "a": "new FAIL",
        "B": "fixed",
        "C": "severity changed",
        "D": "new FAIL",
        "New": "new certificate",
        "Gone": "removed",
        "E": "status changed",
    }


@pytest.mark.parametrize(
    "text",
    [
        "",
        "[]",
        '{"format": "other", "certificates": {}}',
        '{"format": "psa-cert-baseline/1", "certificates": {"A": {"status": "MEH"}}}',
    ],
)
def test_unusable_files_raise(tmp_path, text):
    p = tmp_path / "b.json"
    p.write_text(text)
    with pytest.raises(bl.BaselineError):
        bl.load(str(p))
    with pytest.raises(bl.BaselineError):
        bl.load(str(tmp_path / "missing.json"))


def _mc(cid, value, se, level="statistical", status=Status.PASS):
    c = Certificate(cid, cid, "Test", "test", Kind.MONTE_CARLO, lambda: None, pack="test")
    return Result(
        c,
        status,
        {"peak": value, "se": se, "rows": {"r": f"{value:.4f} ± {se:.4f} SE"}},
        None,
        "",
        0.0,
        evidence_level=level,
    )


def test_mc_values_and_evidence_levels_are_compared(tmp_path):
    p = tmp_path / "b.json"
    bl.write(str(p), [_mc("M", 0.500, 0.002), _mc("N", 0.5, 0.002), _mc("L", 0.5, 0.002, level="sampled")], "1")
    base = bl.load(str(p))
    assert base["M"]["values"] == {"peak": {"value": 0.5, "se": 0.002}, "rows/r": {"value": 0.5, "se": 0.002}}
    now = [_mc("M", 0.507, 0.002), _mc("N", 0.5015, 0.002), _mc("L", 0.5, 0.002, level="proved")]
    d = bl.diff(base, now, [], str(p))
    assert d["unchanged"] and d["changes"] == []  # no verdict changed: the exit code of run stays 0
    assert [(m["id"], m["name"]) for m in d["values_moved"]] == [("M", "peak"), ("M", "rows/r")]  # N: within 1 SE
    assert d["values_moved"][0]["sigma"] == pytest.approx(3.5)
    assert d["evidence_changes"] == [{"id": "L", "before": "sampled", "after": "proved"}]
    text = bl.diff_lines(d)
    assert "evidence changed: L: sampled -> proved" in text
    assert any(t.startswith("value moved: M peak: 0.5 ± 0.002 SE -> 0.507 ± 0.002 SE (3.5 SE)") for t in text)


def test_estimates_listed_in_the_evidence_are_compared():
    c = Certificate("S", "S", "Test", "test", Kind.MONTE_CARLO, lambda: None, pack="test")

    def res(mc):
        ev = {"exact_beside_mc": [{"name": "E[T4]", "mc": mc, "se": 0.01, "exact": 0.0, "z": mc / 0.01}]}
        return Result(c, Status.PASS, 1, 1, "", 0.0, ev, evidence_level="statistical")

    base = {"S": dict(bl.records([res(0.001)])["S"])}
    assert base["S"]["values"] == {"exact_beside_mc/E[T4]": {"value": 0.001, "se": 0.01}}
    assert bl.diff(base, [res(0.005)], [], "b")["values_moved"] == []
    moved = bl.diff(base, [res(0.05)], [], "b")["values_moved"]
    assert [(m["name"], round(m["sigma"], 1)) for m in moved] == [("exact_beside_mc/E[T4]", 4.9)]
