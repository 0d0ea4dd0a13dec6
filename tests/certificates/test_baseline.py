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
    assert bl.load(str(p)) == {"A": {"status": "PASS", "severity": None}, "B": {"status": "FAIL", "severity": "minor"}}
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
