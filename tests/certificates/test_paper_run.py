"""``psa-cert run --paper PAPER`` (issue 27, item 3): the located numbers are read from the text.

A changed printed number is checked in place of the built-in claim (and the row says so, with the
line); a deleted place makes its certificate an ERROR naming the claim and the anchor; the
unchanged papers change nothing; an overridden claim changes the memo's key; bad input is exit 2."""

from __future__ import annotations

import json
import random
from functools import lru_cache
from pathlib import Path

import pytest

from certificates.coverage import paperrun
from certificates.memo import key_document, key_of
from certificates.registry import Status
from cli import cert_main

PAPERS = Path(__file__).resolve().parents[2].parent / "shared" / "papers"
pytestmark = pytest.mark.skipif(not PAPERS.is_dir(), reason=f"the papers are not at {PAPERS} (../shared/papers)")

MOMENTUM = "003_0cc77bc9d6b08a43.txt"
QHM = "001_36d6cf6808707d5a.txt"
PSA = "000_b0d3d3a1e8194ba3.txt"
#: the located momentum certificates, numeric and quick
M_IDS = ["momentum:sec3.5.arith", "momentum:sec3.3.arith", "momentum:appE.sec1.2.arith"]
IMPROVEMENT = "a $69.5\\times$ improvement"


@lru_cache(maxsize=None)
def _pack(pack: str):
    from certificates.commands._common import load_pack

    return tuple(load_pack(pack))


def _copy(tmp_path: Path, name: str, old: str = "", new: str = "") -> tuple[Path, int]:
    """A copy of the paper with ``old`` (occurring once) replaced, and the 1-based line of it."""
    text = (PAPERS / name).read_text(encoding="utf-8")
    line = 0
    if old:
        assert text.count(old) == 1, old
        line = text[: text.index(old)].count("\n") + 1
        text = text.replace(old, new)
    out = tmp_path / name
    out.write_text(text, encoding="utf-8")
    return out, line


def _plan(path: Path, pack: str, ids=None):
    certs = [c for c in _pack(pack) if ids is None or c.id in ids]
    return paperrun.plan(paperrun.read_papers([str(path)]), certs), certs


@pytest.mark.parametrize("name,pack", [(MOMENTUM, "momentum"), (QHM, "qhm")])
def test_the_unchanged_paper_changes_nothing(name, pack):
    plan, certs = _plan(PAPERS / name, pack)
    assert (plan.claims, plan.settings, plan.drift, plan.notes, plan.errors) == ({}, {}, {}, {}, {})
    assert paperrun.apply(plan, certs) == certs  # the very same checks: the same verdicts
    assert plan.papers[0]["pack"] == pack and len(plan.papers[0]["sha256"]) == 64


@pytest.mark.slow  # parses the main paper and loads the psa pack (seconds)
def test_the_unchanged_main_paper_changes_nothing():
    plan, certs = _plan(PAPERS / PSA, "psa")
    assert (plan.claims, plan.settings, plan.drift, plan.notes, plan.errors) == ({}, {}, {}, {}, {})
    assert paperrun.apply(plan, certs) == certs


def test_a_changed_number_is_the_claim_checked(tmp_path):
    path, line = _copy(tmp_path, MOMENTUM, IMPROVEMENT, "a $95.0\\times$ improvement")
    plan, certs = _plan(path, "momentum", M_IDS)
    key = ("momentum", "momentum:sec3.5.arith")
    assert list(plan.claims) == [key] and plan.claims[key] == {"improvement": "95.0"}
    assert plan.drift == {key: [{"claim": "improvement", "line": line, "text": "95.0", "builtin": "69.5"}]}
    (note,) = plan.notes[key]
    assert f"the text prints 95.0 where the built-in claim is 69.5 ({path}, line {line})" in note
    new = {c.id: c for c in paperrun.apply(plan, certs)}
    out = new["momentum:sec3.5.arith"].check()
    assert out.status is Status.FAIL and "95.0" in str(out.expected)  # the text's number is what was checked
    # the memo's key is made of the claims as passed: the overridden claim changes it
    old = {c.id: c for c in certs}["momentum:sec3.5.arith"]
    assert key_of(key_document(new["momentum:sec3.5.arith"])) != key_of(key_document(old))
    assert ["improvement", "95.0"] in key_document(new["momentum:sec3.5.arith"])["claims"]
    assert new["momentum:sec3.3.arith"] is {c.id: c for c in certs}["momentum:sec3.3.arith"]  # not overridden


def test_a_changed_table_cell_is_read(tmp_path):
    path, line = _copy(tmp_path, QHM, "| 0.993561 | +0.000791", "| 0.999561 | +0.000791")
    plan, _ = _plan(path, "qhm", ["qhm:table1.arith"])
    key = ("qhm", "qhm:table1.arith")
    assert plan.claims[key]["table"]["exp17"][0] == "0.999561"
    assert plan.drift[key] == [{"claim": "table['exp17'][0]", "line": line, "text": "0.999561", "builtin": "0.993561"}]


def test_the_same_precision_is_part_of_the_number(tmp_path):
    """0.57 where the built-in claim prints 0.570 is a different printed number (its rounding)."""
    path, _ = _copy(tmp_path, QHM, "**0.992770** | **0.000000", "**0.99277** | **0.000000")
    plan, _ = _plan(path, "qhm", ["qhm:table1.arith"])
    assert plan.claims[("qhm", "qhm:table1.arith")]["table"]["exp65"][0] == "0.99277"


def test_a_deleted_place_is_an_error_naming_the_anchor(tmp_path):
    path, _ = _copy(tmp_path, MOMENTUM, "—" + IMPROVEMENT + ".", ".")
    plan, _ = _plan(path, "momentum", M_IDS)
    (err,) = plan.errors[("momentum", "momentum:sec3.5.arith")]
    assert "claim improvement" in err and "anchor 'a $69.5\\\\times$ improvement'" in err
    assert not plan.claims  # never a fallback to the built-in number


def test_two_places_printing_two_numbers_is_an_error(tmp_path):
    text = (PAPERS / MOMENTUM).read_text(encoding="utf-8")
    text = text.replace("achieves 83.4% accuracy", "achieves 93.4% accuracy", 1)
    text = text.replace("achieves 83.4% accuracy", "achieves 73.4% accuracy", 1)
    path = tmp_path / "m.txt"
    path.write_text(text, encoding="utf-8")
    plan, _ = _plan(path, "momentum", M_IDS)
    (err,) = plan.errors[("momentum", "momentum:sec3.5.arith")]
    assert "differently in its places" in err and "93.4%" in err and "73.4%" in err


@pytest.mark.slow  # parses the main paper and loads the psa pack (seconds)
def test_a_changed_setting_is_used_where_the_check_takes_it(tmp_path):
    path, line = _copy(
        tmp_path, PSA, "directly, with five seeds and $60{,}000$", "directly, with five seeds and $50{,}000$"
    )
    plan, certs = _plan(path, "psa", ["sec7.9.independence"])
    key = ("psa", "sec7.9.independence")
    assert plan.settings == {key: {"paper_trials": 50000}} and not plan.errors
    assert f"line {line}" in plan.notes[key][0] and "the check uses the text's setting" in plan.notes[key][0]
    (new,) = paperrun.apply(plan, certs)
    assert new.check.paper_overrides == {"paper_trials": 50000}


@pytest.mark.parametrize(
    "content,why",
    [(None, "cannot read paper"), ("just some text\n", "not recognised"), (b"\x00\x01", "binary")],
)
def test_bad_paper_input_exits_2(tmp_path, capsys, content, why):
    f = tmp_path / "p.txt"
    if isinstance(content, bytes):
        f.write_bytes(content)
    elif content is not None:
        f.write_text(content, encoding="utf-8")
    assert cert_main(["run", "--pack", "momentum", "--only", M_IDS[0], "--no-save", "--paper", str(f)]) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and why in err[0], err


def test_two_texts_of_one_paper_exit_2(capsys):
    p = str(PAPERS / MOMENTUM)
    assert cert_main(["run", "--pack", "momentum", "--only", M_IDS[0], "--no-save", "--paper", p, "--paper", p]) == 2
    assert "a second text of the momentum paper" in capsys.readouterr().err


def _run_json(capsys, *extra: str) -> dict:
    cert_main(["run", "--pack", "momentum", "--only", ",".join(M_IDS), "--no-save", "--json", *extra])
    return json.loads(capsys.readouterr().out)


@pytest.mark.slow  # three runs of the located momentum certificates in worker processes
def test_run_paper_end_to_end(tmp_path, capsys):
    plain = _run_json(capsys)
    same = _run_json(capsys, "--paper", str(PAPERS / MOMENTUM))
    status = lambda doc: {c["id"]: c["status"] for c in doc["certificates"]}  # noqa: E731
    assert status(same) == status(plain) and set(status(plain).values()) == {"PASS"}
    assert same["meta"]["papers"] == [
        {"path": str(PAPERS / MOMENTUM), "sha256": same["meta"]["papers"][0]["sha256"], "pack": "momentum"}
    ]
    assert not any("paper_drift" in c for c in same["certificates"])
    # one printed number changed beyond its rounding: exactly that certificate FAILs, naming the line
    path, line = _copy(tmp_path, MOMENTUM, IMPROVEMENT, "a $95.0\\times$ improvement")
    changed = _run_json(capsys, "--paper", str(path))
    assert {k: v for k, v in status(changed).items() if v != "PASS"} == {"momentum:sec3.5.arith": "FAIL"}
    (rec,) = [c for c in changed["certificates"] if c["id"] == "momentum:sec3.5.arith"]
    assert rec["paper_drift"] == [{"claim": "improvement", "line": line, "text": "95.0", "builtin": "69.5"}]
    assert f"line {line}" in rec["detail"] and "the text prints 95.0 where the built-in claim is 69.5" in rec["detail"]
    # a deleted sentence: its certificate is an ERROR naming the anchor
    path, _ = _copy(tmp_path, MOMENTUM, "—" + IMPROVEMENT + ".", ".")
    gone = _run_json(capsys, "--paper", str(path))
    assert {k: v for k, v in status(gone).items() if v != "PASS"} == {"momentum:sec3.5.arith": "ERROR"}
    (rec,) = [c for c in gone["certificates"] if c["id"] == "momentum:sec3.5.arith"]
    assert "a $69.5\\\\times$ improvement" in rec["detail"]


def test_a_number_is_read_when_its_neighbours_changed_too(tmp_path):
    """An anchor holds other located numbers: with them changed too, each is still read."""
    path, line = _copy(tmp_path, QHM, "= 0.040256$ ($H(-1)^2 = 0.001621$", "= 0.050256$ ($H(-1)^2 = 0.002621$")
    plan, _ = _plan(path, "qhm", ["qhm:sec3.4.nyquist"])
    key = ("qhm", "qhm:sec3.4.nyquist")
    assert not plan.errors
    assert plan.claims[key]["printed"][("0.95", "0.985")] == ("0.050256", "0.002621")
    assert {d["line"] for d in plan.drift[key]} == {line}


#: Located numbers changed per pack by the sweep: every certificate's first locator, then a seeded
#: sample of the others up to this many (a plan of the main paper takes about a second, and there
#: are thousands of locators).
SWEEP = 120


def _sweep_sample(locs):
    from tests.tiers import sample_seed

    first: dict[str, object] = {}
    for loc in locs:
        first.setdefault(loc.certificate, loc)
    chosen = list(first.values())
    rest = [loc for loc in locs if loc not in chosen]
    rng = random.Random(sample_seed())
    return chosen + rng.sample(rest, max(0, min(len(rest), SWEEP - len(chosen))))


def _sweep(pack: str, name: str, tmp_path: Path) -> list[str]:
    """Each located number of the paper changed in turn (its last digit): the ones not read."""
    from certificates.coverage.locators import by_line, resolve
    from certificates.coverage.locators_data import LOCATORS
    from certificates.coverage.numerals import tokenize
    from certificates.coverage.text import parse

    text = (PAPERS / name).read_text(encoding="utf-8")
    paper = parse(text)
    tokens = by_line(tokenize(paper.lines, in_math=paper.in_math))
    certs = {c.id: c for c in _pack(pack)}
    missed = []
    for loc in _sweep_sample(LOCATORS[pack]):
        n = resolve(loc, paper, tokens).numeral
        lines = text.split("\n")
        at = lines[n.line - 1].index(loc.printed, n.start)
        j = max(k for k, ch in enumerate(loc.printed) if ch.isdigit())
        new = loc.printed[:j] + ("7" if loc.printed[j] != "7" else "3") + loc.printed[j + 1 :]
        lines[n.line - 1] = lines[n.line - 1][:at] + new + lines[n.line - 1][at + len(loc.printed) :]
        f = tmp_path / "changed.txt"
        f.write_text("\n".join(lines), encoding="utf-8")
        plan = paperrun.plan(paperrun.read_papers([str(f)]), [certs[loc.certificate]])
        drift = plan.drift.get((pack, loc.certificate), [])
        # read, and every other place of the certificate still found (the anchors beside it)
        if plan.errors or not any(d["claim"] == loc.claim and d["line"] == n.line for d in drift):
            missed.append(f"{loc.certificate} {loc.claim} at {loc.describe()}")
    return missed


@pytest.mark.slow  # one plan per sampled located number (SWEEP; the main paper's take ~1 s each)
@pytest.mark.parametrize("name,pack", [(MOMENTUM, "momentum"), (QHM, "qhm"), (PSA, "psa")])
def test_every_located_number_changed_is_read(tmp_path, name, pack):
    assert _sweep(pack, name, tmp_path) == []


@pytest.mark.slow  # two runs in worker processes and a report
def test_report_names_the_papers_of_the_last_run(tmp_path, capsys):
    from certificates import lastrun

    paper = str(PAPERS / MOMENTUM)
    assert cert_main(["run", "--pack", "momentum", "--only", ",".join(M_IDS), "--paper", paper]) == 0
    (read,) = lastrun.papers("momentum")
    assert read["path"] == paper and len(read["sha256"]) == 64
    md = tmp_path / "r.md"
    assert cert_main(["report", "--last-run", "--pack", "momentum", "--markdown", str(md)]) == 0
    text = md.read_text(encoding="utf-8")  # Markdown escapes the path's underscores
    assert "0cc77bc9d6b08a43.txt (SHA-256 " + read["sha256"] + ")" in text
    # a run without --paper: the record no longer names a paper
    assert cert_main(["run", "--pack", "momentum", "--only", M_IDS[0]]) == 0
    assert lastrun.papers("momentum") == []
    capsys.readouterr()


def test_a_power_of_ten_is_read_as_its_value():
    """``10^{-7}`` prints no precision: a built-in claim of that value, however spelled (``1e-7``,
    ``10e-8``), is the same number; another power of ten is a change."""
    from certificates.coverage.numerals import tokenize_line

    t = tokenize_line("$10^{-7}$", 1, lambda a, b: True)[0]
    assert paperrun.canonical(t) == "1e-7"
    assert paperrun._as_builtin("1e-7", t)[0] and paperrun._as_builtin("10e-8", t)[0]
    assert paperrun._as_builtin("1e-6", t)[:2] == (False, "1e-7")


#: Main-paper certificates whose first located number, changed beyond its rounding, each FAIL (the
#: relation they check no longer holds), and two located certificates left unchanged.
PSA_CHANGED = ("A3.table17", "A22.table83", "sec7.5.arith", "A1.configs")
PSA_UNCHANGED = ("A8.table29", "A16.size")


def _first_located(cid: str):
    from certificates.coverage.locators_data import LOCATORS

    return next(loc for loc in LOCATORS["psa"] if loc.certificate == cid and not loc.setting)


def _changed_first_digit(printed: str) -> str:
    k = next(i for i, ch in enumerate(printed) if ch.isdigit())
    return printed[:k] + str((int(printed[k]) + 4) % 10 or 1) + printed[k + 1 :]


@pytest.mark.slow  # parses the main paper and runs six certificates in worker processes, twice
def test_main_paper_changed_numbers_fail_exactly_their_certificates(tmp_path, capsys):
    """Issue 27's acceptance on the main paper: a copy with the first located number of some PASSing
    certificates changed beyond its rounding makes exactly those FAIL, each naming its line; a
    deleted table row makes its certificate an ERROR naming the claim; the rest are unchanged."""
    from certificates.coverage.locators import by_line, resolve
    from certificates.coverage.numerals import tokenize
    from certificates.coverage.text import parse

    text = (PAPERS / PSA).read_text(encoding="utf-8")
    paper = parse(text)
    tokens = by_line(tokenize(paper.lines, in_math=paper.in_math))
    lines = text.split("\n")
    changed: dict[str, int] = {}
    for cid in PSA_CHANGED:
        loc = _first_located(cid)
        n = resolve(loc, paper, tokens).numeral
        at = lines[n.line - 1].index(loc.printed, n.start)
        new = _changed_first_digit(loc.printed)
        lines[n.line - 1] = lines[n.line - 1][:at] + new + lines[n.line - 1][at + len(loc.printed) :]
        changed[cid] = n.line
    f = tmp_path / PSA
    f.write_text("\n".join(lines), encoding="utf-8")
    ids = ",".join(PSA_CHANGED + PSA_UNCHANGED)
    cert_main(["run", "--only", ids, "--no-save", "--json", "--paper", str(f)])
    doc = json.loads(capsys.readouterr().out)
    status = {c["id"]: c["status"] for c in doc["certificates"]}
    assert status == {**{c: "FAIL" for c in PSA_CHANGED}, **{c: "PASS" for c in PSA_UNCHANGED}}
    for rec in doc["certificates"]:
        if rec["id"] in changed:
            assert {d["line"] for d in rec["paper_drift"]} == {changed[rec["id"]]}
            assert f"line {changed[rec['id']]}" in rec["detail"]
        else:
            assert "paper_drift" not in rec
    # a deleted table row: the certificate that reads it is an ERROR naming the claim and the row
    loc = _first_located("A22.table83")
    assert loc.table is not None
    n = resolve(loc, paper, tokens).numeral
    rows = text.split("\n")
    del rows[n.line - 1]
    g = tmp_path / "deleted.txt"
    g.write_text("\n".join(rows), encoding="utf-8")
    cert_main(["run", "--only", "A22.table83,A8.table29", "--no-save", "--json", "--paper", str(g)])
    gone = {c["id"]: c for c in json.loads(capsys.readouterr().out)["certificates"]}
    assert gone["A22.table83"]["status"] == "ERROR" and gone["A8.table29"]["status"] == "PASS"
    assert loc.claim in gone["A22.table83"]["detail"]
