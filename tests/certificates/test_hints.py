"""What the terminal says about blocked statements and the hints it gives (issue 28, items 2 and 4):
the row mark and the count of a PASS over a FAIL, ``show`` naming the blockers without rewriting the
last run, a closing line whose report command reads this run, and an estimate that leaves out the
verdicts the memo will recall."""

from __future__ import annotations

import json

import pytest

import cli
from certificates import Certificate, Kind, lastrun
from certificates import registry as reg_mod
from certificates.commands import _common
from certificates.commands.run import report_hint
from certificates.registry import Status, verdict
from certificates.render import REPORT_HINT, blocked_summary, exit_lines, row_status, to_json
from certificates.results import Result, blockage


def _c(cid, check, depends=()):
    return Certificate(cid, cid, cid.upper(), "x", Kind.NUMERIC, check, pack="hint", section="§1", depends=depends)


def _minor():
    return verdict(False, 1, 2, "a slip", severity="minor")


def _reading():
    return verdict(False, 1, 2, "true under one reading", severity="reading", reading="A, not B")


def _ok():
    return verdict(True, 1, 1, "fine")


CERTS = [
    _c("F", _minor),
    _c("R", _reading),
    _c("P", _ok, ("F",)),  # blocked
    _c("Q", _ok, ("R",)),  # conditional on a reading
    _c("S", _ok),
]


@pytest.fixture
def hint_pack(monkeypatch):
    packs = reg_mod.available_packs()
    monkeypatch.setattr(reg_mod, "available_packs", lambda: {**packs, "hint": lambda: lambda: list(CERTS)})
    monkeypatch.setenv("COLUMNS", "80")


def _result(cid, status, severity=None, depends=()):
    return Result(_c(cid, None, depends), status, None, None, "", 0.0, severity=severity)


def test_rows_summary_and_json_say_blocked_once():
    results = [
        _result("F", Status.FAIL, "minor"),
        _result("R", Status.FAIL, "reading"),
        _result("P", Status.PASS, depends=("F",)),
        _result("Q", Status.PASS, depends=("R",)),
        _result("S", Status.PASS),
    ]
    blk = blockage(results)
    assert [row_status(r, blk) for r in results] == ["FAIL minor", "FAIL reading", "PASS blocked", "PASS cond.", "PASS"]
    assert blocked_summary(results) == (
        "Blocked: 1 of the 3 PASSes rest on a substantive or minor FAIL; 1 more on reading-grade FAILs "
        "only (conditional on a reading)"
    )
    doc = json.loads(to_json(results))
    rows = {r["id"]: r for r in doc["certificates"]}
    assert rows["P"]["blocked_state"] == "blocked" and rows["P"]["blocked_by"] == ["F"]
    assert rows["Q"]["blocked_state"] == "on a reading" and rows["Q"]["blocked_by"] == ["R"]
    assert rows["S"]["blocked_state"] is None and rows["F"]["blocked_state"] is None
    assert doc["blocked"] == 1 and doc["on_a_reading"] == 1


def test_the_closing_line_suggests_a_report_of_this_run():
    results = [_result("F", Status.FAIL, "minor")]
    assert " ".join(exit_lines(results, 200)).endswith(f"see `{REPORT_HINT}`")
    assert "--last-run" in REPORT_HINT  # without it 'report' runs every certificate again
    assert report_hint("psa", recorded=True) == REPORT_HINT
    assert report_hint("my pack", recorded=True) == REPORT_HINT + " --pack 'my pack'"
    assert report_hint("psa", recorded=False) is None  # --no-save: the record is of another run
    assert " ".join(exit_lines(results, 200, hint=None)).endswith("see `psa-cert show ID` for each")


def test_run_marks_rows_and_show_names_blockers_without_rewriting_the_last_run(hint_pack, capsys):
    assert cli.cert_main(["run", "--all", "--pack", "hint", "--jobs", "1"]) == 1
    lines = capsys.readouterr().out.rstrip("\n").split("\n")
    assert all(len(ln) <= 80 for ln in lines)
    row = {ln.split()[0]: ln for ln in lines if ln.startswith("  ")}
    assert "PASS blocked" in row["P"] and "PASS cond." in row["Q"] and "PASS blocked" not in row["S"]
    assert any(ln.startswith("PASS blocked = it depends") for ln in lines)  # the legend says it once
    assert any(ln.startswith("Blocked: 1 of the 3 PASSes") for ln in lines)
    assert " ".join(lines[-3:]).endswith("`psa-cert report --html r.html --last-run --pack hint`")
    record = lastrun.stored_path("hint")
    before = record.read_bytes()
    assert cli.cert_main(["show", "P", "--pack", "hint"]) == 0
    out = capsys.readouterr().out
    flat = " ".join(out.split())
    assert "blocked by: F (FAIL minor) (verdicts of the last run)" in flat
    assert "not recorded as the last run" in flat
    assert record.read_bytes() == before  # show leaves the last run as it was
    assert cli.cert_main(["show", "Q", "--pack", "hint"]) == 0
    assert "conditional on a reading of: R (FAIL reading)" in " ".join(capsys.readouterr().out.split())


class _Memo:
    """Stands for certificates.memo.Memo: a record exists for ``hits`` only, nothing is recalled."""

    fresh = False

    def __init__(self, hits, folder):
        self.hits, self.folder = hits, folder

    def applies(self, cert):
        return True

    def path(self, cert):
        p = self.folder / f"{cert.id}.json"
        if cert.id in self.hits:
            p.write_text("{}")
        return p

    def lookup(self, cert):
        return None

    def save(self, cert, payload):
        return False


def test_the_estimate_leaves_out_the_verdicts_the_memo_will_recall(tmp_path, capsys):
    from certificates import timings

    timings.path().parent.mkdir(parents=True, exist_ok=True)
    timings.path().write_text(json.dumps({"f": 40.0, "s": 2.0}))
    certs = [CERTS[0], CERTS[4]]
    assert _common.likely_recalled(_Memo({"F"}, tmp_path), CERTS[0])
    assert not _common.likely_recalled(_Memo({"F"}, tmp_path), CERTS[4])
    assert not _common.likely_recalled(None, CERTS[0])
    try:
        _common.run_certs(certs, "psa-cert run", jobs=1, memo=_Memo({"F"}, tmp_path))
    finally:
        timings.path().unlink()
    err = capsys.readouterr().err
    assert "1 to recall from the verified store, about 2 s" in err  # not 42 s


def test_a_notebook_run_marks_a_blocked_pass_and_counts_it():
    from certificates.display import run_html, run_markdown

    class Run(list):
        title = "a run"

    run = Run(
        [
            _result("F", Status.FAIL, "minor"),
            _result("R", Status.FAIL, "reading"),
            _result("P", Status.PASS, depends=("F",)),
            _result("Q", Status.PASS, depends=("R",)),
        ]
    )
    md = run_markdown(run)
    assert "| P | PASS, blocked |" in md and "| Q | PASS, on a reading |" in md
    assert "Blocked: 1 of the 2 PASSes rest on a substantive or minor FAIL" in md
    assert "PASS, blocked" in run_html(run)
