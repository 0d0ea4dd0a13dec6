"""psa-cert's terminal output at 80 columns, show, list, graph, baselines and flag edge cases
(issues 10 and 11)."""

import io
import json
import re
import sys

import pytest

import cli
from certificates import Certificate, Kind
from certificates import registry as reg_mod
from certificates.registry import verdict
from tests.tiers import examples

LONG = (
    "m=T-2 (Def 62), chance 1/(T-1); 5x60000 trials, seeds 90000..90004; tol = half a printed unit + "
    "4·√2·SE. 14 of 17 printed numbers follow. FAIL: median |error| 0.02613 [printed 2.6%; m=T-1: "
    "0.03118 ok]; r 0.987612345 [printed 0.9876; m=T-1: 0.99012]; worst (16,25) -0.0712 [printed "
    "-7.1%]; c_taxis_mean 0.717 +/- 0.0031 (1.2345e-05 drift per unit T)"
)


def _law(dk, T):
    """Law (52) as printed: the two-branch critical coupling."""
    return dk + T


def check_with_claims(threshold="0.741", law=_law, pair=(1, "2.6%"), *, trials=100, seeds=(1, 2)):
    """A check with claims (positional-or-keyword) and settings (keyword-only)."""
    rows = [{"name": f"row{i}", "printed": f"{i}.5", "value": i + 0.5, "ok": i != 13} for i in range(22)]
    return verdict(
        False,
        {"row13": 13.5},
        {"row13": "13.5"},
        LONG,
        severity="minor",
        rows=rows,
        nested={"a": {"b": [1.25, 2.5]}, "law": law},
    )


CERTS = [
    Certificate(
        "F1",
        "a finding",
        "Prop 1",
        "a long detail with numbers",
        Kind.MONTE_CARLO,
        check_with_claims,
        pack="fake",
        section="§7.9",
    ),
    Certificate(
        "P1",
        "passes",
        "Eq (3)",
        "passes",
        Kind.SYMBOLIC,
        lambda: verdict(True, 1, 1, "fine"),
        pack="fake",
        section="§4.1",
    ),
    Certificate(
        "a.very.long.certificate.identifier.corrected",
        "long id",
        "Rem 5",
        "long id",
        Kind.NUMERIC,
        lambda: verdict(True, 1.0, 1.0, LONG),
        pack="fake",
        section="§4",
    ),
    Certificate("E1", "errors", "Lemma 2", "errors", Kind.NUMERIC, lambda: 1 / 0, pack="fake", section="§10"),
    Certificate(
        "N1",
        "not checkable",
        "Rem 9",
        "scope",
        Kind.NOT_CHECKABLE,
        None,
        pack="fake",
        section="§10",
        reason="a remark on scope",
    ),
]


@pytest.fixture
def fake_pack(monkeypatch):
    packs = reg_mod.available_packs()
    monkeypatch.setattr(reg_mod, "available_packs", lambda: {**packs, "fake": lambda: lambda: list(CERTS)})
    monkeypatch.setenv("COLUMNS", "80")


def _lines(capsys):
    return capsys.readouterr().out.rstrip("\n").split("\n")


#: The table of ``psa-cert run --all --pack fake --jobs 1`` (exit 1), made by the first test that
#: asks (:func:`_run_all_lines`): several tests read their own parts of the same output, which
#: depends on nothing but the pack (the times it shows are matched as any number).
_RUN_ALL: list[list[str]] = []


def _run_all_lines(capsys) -> list[str]:
    if not _RUN_ALL:
        assert cli.cert_main(["run", "--all", "--pack", "fake", "--jobs", "1"]) == 1
        _RUN_ALL.append(_lines(capsys))
    return list(_RUN_ALL[0])


#: The baseline ``psa-cert run --all --pack fake --jobs 1 --write-baseline PATH`` writes (exit 1),
#: made by the first test that asks (:func:`_write_baseline`) and copied for the others.
_BASELINE: list[bytes] = []


def _write_baseline(base, capsys) -> None:
    if not _BASELINE:
        assert cli.cert_main(["run", "--all", "--pack", "fake", "--jobs", "1", "--write-baseline", str(base)]) == 1
        capsys.readouterr()
        _BASELINE.append(base.read_bytes())
    else:
        base.write_bytes(_BASELINE[0])


def _tokens(text):
    return {t.strip(",;:.[]()") for t in text.split()}


def test_run_fits_80_columns_cuts_at_separators_and_ends_with_the_summary(fake_pack, capsys):
    lines = _run_all_lines(capsys)
    assert all(len(ln) <= 80 for ln in lines), max(lines, key=len)
    assert not any(ch in "".join(lines) for ch in "─│┃━┏┓┗┛╭╮╰╯")
    summary = next(i for i, ln in enumerate(lines) if ln.startswith("Summary: "))
    assert re.match(r"Summary: 2 passed, 1 failed, 1 errors, 1 not checkable, [0-9.]+ s$", lines[summary])
    # the lines after the summary say what exit 1 means: the findings and the errors
    closing = " ".join(lines[summary + 1 :])
    assert closing.startswith("exit 1: 1 finding in the paper (1 minor) from 1 FAIL")
    assert "1 check could not decide (ERROR)" in closing and "psa-cert report --html" in closing
    row = next(ln for ln in lines if ln.startswith("  F1 "))
    assert "FAIL minor" in row and row.endswith(" ...")
    # every number shown is a whole number of the evidence: the cut never falls inside one
    shown = [t for t in _tokens(row.split("s ", 1)[1]) if any(ch.isdigit() for ch in t)]
    assert shown and set(shown) <= _tokens(LONG)
    # grouped by paper section, in section order, with counts
    heads = [ln for ln in lines if ln.startswith("§")]
    assert heads == [
        "§4 (2 certificates: 2 pass)",
        "§7 (1 certificate: 0 pass, 1 fail)",
        "§10 (2 certificates: 0 pass, 1 error, 1 not checkable)",
    ]
    assert "  a.very.long.certificate.identifier.corrected" in lines
    assert any("Errata" in ln for ln in lines)


def test_verbose_gives_the_whole_evidence_wrapped(fake_pack, capsys):
    assert cli.cert_main(["run", "--only", "F1", "--pack", "fake", "-v", "--jobs", "1"]) == 1
    lines = _lines(capsys)
    assert all(len(ln) <= 80 for ln in lines)
    text = " ".join(ln.strip() for ln in lines)
    assert " ".join(LONG.split()) in text


def test_list_is_one_line_per_certificate(fake_pack, capsys):
    assert cli.cert_main(["list", "--pack", "fake"]) == 0
    lines = _lines(capsys)
    assert len(lines) == len(CERTS) + 1 and all(len(ln) <= 80 for ln in lines)
    assert [ln.split()[0] for ln in lines[:-1]] == [c.id for c in CERTS]


def test_list_of_the_psa_pack_fits(capsys, monkeypatch):
    monkeypatch.setenv("COLUMNS", "80")
    from certificates import load_registry

    n = len(load_registry("psa"))
    assert cli.cert_main(["list"]) == 0
    lines = _lines(capsys)
    assert len(lines) == n + 1 and all(len(ln) <= 80 for ln in lines)


def test_show_prints_every_claim_setting_and_row_in_full(fake_pack, capsys):
    assert cli.cert_main(["show", "F1", "--pack", "fake"]) == 1
    out = capsys.readouterr().out
    assert "<function" not in out and " at 0x" not in out
    assert "claims as printed (3):" in out and "threshold: 0.741" in out
    flat = " ".join(out.split())
    assert "_law: Law (52) as printed: the two-branch critical coupling." in flat
    assert "settings (2):" in out and "trials: 100" in out and "pair: (1, 2.6%)" in out
    # the rows a check lists are a table: one line each, with the row's own verdict (issue 28)
    assert "evidence (22 rows):" in out
    lines = out.splitlines()
    for i in range(22):
        (row,) = [ln for ln in lines if ln.split()[:1] == [f"row{i}"]]
        assert row.split()[1:] == [f"{i}.5", f"{i}.5", "FAIL" if i == 13 else "ok"]
    assert "FAIL minor" in out
    assert all(len(ln) <= 80 for ln in out.splitlines())
    assert "show -v" in out and "nested" in out  # the rest of the evidence is named, -v shows it
    assert cli.cert_main(["show", "F1", "--pack", "fake", "-v"]) == 1
    full = capsys.readouterr().out
    assert "nested: {a: {b: [1.25, 2.5]}" in " ".join(full.split())
    assert "(1.2345e-05 drift per unit T)" in " ".join(full.split())  # the whole explanation
    assert all(len(ln) <= 80 for ln in full.splitlines())


def test_show_no_run_exits_0(fake_pack, capsys):
    assert cli.cert_main(["show", "F1", "--pack", "fake", "--no-run"]) == 0
    assert "status:" not in capsys.readouterr().out


def test_graph_uses_the_last_run_by_default_and_says_so(fake_pack, capsys, tmp_path, monkeypatch):
    from certificates import runner

    assert cli.cert_main(["run", "--only", "P1", "--pack", "fake", "--jobs", "1"]) == 0
    capsys.readouterr()
    monkeypatch.setattr(runner, "run_all", lambda *a, **k: pytest.fail("graph re-ran the certificates"))
    assert cli.cert_main(["graph", "--pack", "fake", "--out", str(tmp_path / "g")]) == 0
    out = capsys.readouterr().out
    assert "last run" in out and "--run" in out
    from certificates import Status
    from certificates.graph import COLOURS

    p1 = next(ln for ln in (tmp_path / "g.dot").read_text().splitlines() if ln.strip().startswith('"p1" ['))
    assert COLOURS[Status.PASS] in p1 or COLOURS["fully-green"] in p1


def test_baseline_roundtrip_and_a_changed_verdict(fake_pack, capsys, tmp_path):
    base = tmp_path / "base.json"
    _write_baseline(base, capsys)
    assert cli.cert_main(["run", "--all", "--pack", "fake", "--jobs", "1", "--baseline", str(base)]) == 0
    assert "no verdict changed" in capsys.readouterr().out
    doc = json.loads(base.read_text())
    doc["certificates"]["P1"] = {"status": "FAIL", "severity": "substantive"}
    base.write_text(json.dumps(doc))
    assert cli.cert_main(["run", "--all", "--pack", "fake", "--jobs", "1", "--baseline", str(base)]) == 1
    lines = _lines(capsys)
    assert any("fixed: P1: FAIL (substantive) -> PASS" in ln for ln in lines)
    assert lines[-2].startswith("Summary:")
    assert lines[-1] == "exit 1: 1 verdict changed against the baseline (listed above)"
    assert cli.cert_main(["run", "--all", "--pack", "fake", "--jobs", "1", "--baseline", str(base), "--json"]) == 1
    b = json.loads(capsys.readouterr().out)["baseline"]
    assert b["unchanged"] is False and [c["id"] for c in b["changes"]] == ["P1"]


@pytest.mark.parametrize(
    "argv",
    [
        ["run", "--all", "--pack", ""],
        ["run", "--only", "C1", "--junit", ""],
        ["run", "--only", "C1", "--junit", "/no/such/folder/r.xml"],
        ["run", "--only", "C1", "--write-baseline", "/no/such/folder/b.json"],
        ["run", "--only", "C1", "--baseline", "/no/such/baseline.json"],
        ["run", "--only", ","],
        ["run", "--only", "C1", "--jobs", "0"],
        ["run", "--only", "C1", "--timeout", "-1"],
        ["show", "C1", "--pack", ""],
        ["list", "--pack", ""],
    ],
)
def test_bad_paths_and_empty_values_exit_2_before_running(argv, capsys, monkeypatch):
    from certificates import runner

    monkeypatch.setattr(runner, "run_all", lambda *a, **k: pytest.fail("ran before checking the flags"))
    assert cli.cert_main(argv) == 2
    err = capsys.readouterr().err
    assert len(err.strip().splitlines()) == 1 and "Traceback" not in err


def test_baseline_that_is_not_a_baseline_exits_2(tmp_path, capsys):
    bad = tmp_path / "b.json"
    bad.write_text('{"certificates": []}')
    assert cli.cert_main(["run", "--only", "C2", "--baseline", str(bad)]) == 2
    assert "not a psa-cert baseline" in capsys.readouterr().err


def test_repeated_ids_run_once(capsys):
    assert cli.cert_main(["run", "--only", "C2,c2,C2", "--json"]) == 0
    assert [c["id"] for c in json.loads(capsys.readouterr().out)["certificates"]] == ["C2"]


def test_a_printing_check_does_not_corrupt_json(fake_pack, capsys, monkeypatch):
    def noisy():
        print("{not json")
        return verdict(True, 1, 1, "ok")

    cert = Certificate("Q1", "prints", "Eq (1)", "prints", Kind.NUMERIC, noisy, pack="fake", section="§1")
    packs = reg_mod.available_packs()
    monkeypatch.setattr(reg_mod, "available_packs", lambda: {**packs, "fake": lambda: lambda: [cert]})
    assert cli.cert_main(["run", "--all", "--pack", "fake", "--json", "--jobs", "1"]) == 0
    doc = json.loads(capsys.readouterr().out)
    assert doc["certificates"][0]["printed_output"] == "{not json\n"


def test_ascii_stdout_does_not_crash(fake_pack, monkeypatch):
    buf = io.BytesIO()
    out = io.TextIOWrapper(buf, encoding="ascii", errors="strict")
    monkeypatch.setattr(sys, "stdout", out)
    assert cli.cert_main(["run", "--all", "--pack", "fake", "--jobs", "1", "-v"]) == 1
    out.flush()
    text = buf.getvalue().decode("ascii")
    assert "sqrt" in text and "Summary:" in text


class _ClosedPipe(io.StringIO):
    def write(self, s):
        raise BrokenPipeError(32, "Broken pipe")


def test_closed_pipe_exits_0(fake_pack, monkeypatch, capsys):
    monkeypatch.setattr(sys, "stdout", _ClosedPipe())
    assert cli.cert_main(["run", "--all", "--pack", "fake", "--jobs", "1"]) == 0


@pytest.mark.sized
def test_cut_never_splits_a_number():
    from hypothesis import given, settings
    from hypothesis import strategies as st

    from certificates.render import cut

    number = st.floats(allow_nan=False, allow_infinity=False, width=64).map(lambda x: f"{x:.6g}")
    word = st.sampled_from(["r", "=", "median", "error;", "[printed", "2.6%];", "m=T-1:", "(32,", "25)"])
    text = st.lists(st.one_of(number, word), min_size=1, max_size=30).map(" ".join)

    @settings(max_examples=examples(200), deadline=None, derandomize=True)
    @given(text, st.integers(min_value=8, max_value=80))
    def prop(t, w):
        out = cut(t, w)
        assert len(out) <= w
        body = out[:-3].rstrip() if out.endswith("...") and out != t else out
        num = r"[-+]?\d+(?:\.\d+)?(?:e[-+]?\d+)?"
        assert set(re.findall(num, body)) <= set(re.findall(num, t))  # numbers only whole
        if len(t) <= w:
            assert out == t

    prop()


def test_legend_explains_every_abbreviation_the_table_uses(fake_pack, capsys):
    lines = _run_all_lines(capsys)
    head = " ".join(lines[: next(i for i, ln in enumerate(lines) if ln.startswith("§"))])
    for word in (
        "subst. = substantive",
        "minor = ",
        "reading = ",
        "(= id) = the same finding",
        "ERROR = ",
        "NOT-CHECKABLE",
    ):
        assert word in head, word
    for code in ("prvd", "encl", "smpl", "stat"):
        assert f"{code} = " in head, code


def test_errata_give_each_distinct_finding_in_one_wrapped_line(fake_pack, capsys):
    lines = _run_all_lines(capsys)
    start = next(i for i, ln in enumerate(lines) if ln.startswith("Errata: "))
    block = lines[start : next(i for i in range(start, len(lines)) if not lines[i])]
    assert block[0].startswith("Errata: 1 distinct finding in 1 FAIL, 1 ERROR")
    assert "Minor (1):" in block
    # F1 states no finding and has no sub-checks: the sentence of its detail that says FAIL, whole
    text = " ".join(ln.strip() for ln in block)
    assert "F1: FAIL: median |error| 0.02613 [printed 2.6%; m=T-1: 0.03118 ok]; r 0.987612345" in text
    assert "(1.2345e-05 drift per unit T)" in text
    assert "errors: E1" in text
    assert all(len(ln) <= 80 for ln in block)


def test_stated_finding_is_wrapped_whole_and_substantive_comes_first(monkeypatch, capsys):
    long_finding = "the printed bound " + " ".join(f"fails at point{i} by {i}.25" for i in range(12))
    certs = [
        Certificate(
            "M1",
            "minor one",
            "Eq 2",
            "x",
            Kind.NUMERIC,
            lambda: verdict(False, 1, 2, "detail of M1", severity="minor"),
            pack="fake2",
            section="§2",
        ),
        Certificate(
            "S1",
            "subst one",
            "Eq 3",
            "x",
            Kind.NUMERIC,
            lambda: verdict(False, 1, 2, "detail", severity="substantive", finding=long_finding),
            pack="fake2",
            section="§3",
        ),
        Certificate(
            "S2",
            "repeat",
            "Eq 4",
            "x",
            Kind.NUMERIC,
            lambda: verdict(False, 1, 2, "detail", severity="substantive", same_finding_as=("S1",)),
            pack="fake2",
            section="§3",
        ),
    ]
    packs = reg_mod.available_packs()
    monkeypatch.setattr(reg_mod, "available_packs", lambda: {**packs, "fake2": lambda: lambda: list(certs)})
    monkeypatch.setenv("COLUMNS", "80")
    assert cli.cert_main(["run", "--all", "--pack", "fake2", "--jobs", "1", "--no-save"]) == 1
    lines = _lines(capsys)
    start = next(i for i, ln in enumerate(lines) if ln.startswith("Errata: "))
    block = lines[start:]
    assert block[0].startswith("Errata: 2 distinct findings in 3 FAILs")
    assert block.index("Substantive (1):") < block.index("Minor (1):")
    text = " ".join(ln.strip() for ln in block[: block.index("Minor (1):")])
    assert f"S1: {long_finding} (also S2)" in text  # wrapped, not cut
    assert all(len(ln) <= 80 for ln in lines)
    doc_lines = []
    assert cli.cert_main(["run", "--all", "--pack", "fake2", "--jobs", "1", "--no-save", "--json"]) == 1
    doc = json.loads(capsys.readouterr().out)
    by = {c["id"]: c for c in doc["certificates"]}
    assert by["S1"]["finding"] == long_finding
    assert by["M1"]["finding"] == "detail of M1"
    assert not doc_lines


def test_exit_0_is_explained(fake_pack, capsys):
    assert cli.cert_main(["run", "--only", "P1", "--pack", "fake", "--jobs", "1", "--no-save"]) == 0
    assert _lines(capsys)[-1] == "exit 0: every one of the 1 checks passed"


def test_finding_derived_from_the_first_failing_sub_check():
    from certificates._subchecks import Checks
    from certificates.runner import run_one

    def check():
        c = Checks()
        c.add("first", True, 1.0, "1.0")
        c.add("second: Pearson p", False, 0.0014, "0.041", level="proved", severity="minor")
        c.add("third", False, 2.0, "3.0", level="proved", severity="minor")
        return c.outcome("two rows fail")

    r = run_one(Certificate("D1", "d", "Eq 1", "x", Kind.NUMERIC, check, pack="fake"))
    assert r.finding == "second: Pearson p: 0.0014 vs printed 0.041 (and 1 more)"


def test_two_sub_checks_of_one_certificate_cannot_share_a_name():
    from certificates._subchecks import Checks

    c = Checks()
    c.add("trend: Pearson p", True, 0.0014, "0.041")
    c.add("trend: Spearman p", True, 0.49, "0.49")
    with pytest.raises(ValueError, match="two sub-checks named"):
        c.add("trend: Pearson p", False, 0.5, "0.041")
    c.rows.pop()  # a row taken back (as appendix_a9_a17's A16 replaces one) may be added again
    assert c.add("trend: Spearman p", False, 0.5, "0.49") is False
    assert [r[0] for r in c.rows] == ["trend: Pearson p", "trend: Spearman p"]
    with pytest.raises(ValueError, match="two sub-checks named"):
        c.add("trend: Spearman p", True, 0.49, "0.49")


def test_derived_finding_picks_the_sentence_that_states_it():
    from certificates.findings import derived_finding

    detail = (
        "tolerance 4 SE (one-sided). on 12 streams, seed 3: max error 5.5e-10; T=9. "
        "With the printed sign the bracket is reversed; X_F = J grad F. Graded minor: the rest holds"
    )
    assert derived_finding(None, None, {}, detail) == "With the printed sign the bracket is reversed; X_F = J grad F"
    detail = "a first sentence. Counterexample gamma = -2: H(1) = 1, e.g. at w = 0. The claim is not true"
    assert derived_finding(None, None, {}, detail) == "Counterexample gamma = -2: H(1) = 1, e.g. at w = 0"
    # a long sentence is narrowed to its clause with the finding, never cut inside a word
    long = "; ".join(f"row {i} agrees (value {i}.5)" for i in range(30)) + "; row 31 is NOT within its range"
    assert derived_finding(None, None, {}, long) == "row 31 is NOT within its range"
    words = " ".join(f"word{i}" for i in range(80))
    out = derived_finding(None, None, {}, words)
    assert out.endswith(" ...") and set(out[:-4].split()) <= set(words.split())


def test_floats_are_shown_as_a_reader_writes_them():
    from certificates.render import float_text, plain_text

    assert float_text(0.0009000000000000119) == "0.0009"
    assert float_text(0.041) == "0.041"
    assert plain_text({"p": [0.30000000000000004, 2.5]}) == '{"p": [0.3, 2.5]}'


def test_c8_keeps_the_printed_third_decimal():
    from certificates.psa.table10 import C8_POINTS

    assert C8_POINTS[(64, 10)][0] == "0.570"  # as printed (§7.10), not the float 0.57


def test_run_baseline_json_carries_the_whole_comparison(fake_pack, capsys, tmp_path):
    base = tmp_path / "base.json"
    _write_baseline(base, capsys)
    doc = json.loads(base.read_text())
    assert doc["certificates"]["P1"]["evidence"] == "sampled"  # the evidence level is recorded
    doc["certificates"]["P1"]["evidence"] = "proved"
    base.write_text(json.dumps(doc))
    argv = ["run", "--all", "--pack", "fake", "--jobs", "1", "--baseline", str(base), "--json", "--no-save"]
    assert cli.cert_main(argv) == 0  # no verdict changed: exit 0
    got = json.loads(capsys.readouterr().out)["baseline"]
    assert got["unchanged"] and got["changes"] == []
    assert got["evidence_changes"] == [{"id": "P1", "before": "proved", "after": "sampled"}]
    assert got["values_moved"] == []


def test_checks_outcome_states_a_finding_only_on_a_fail():
    from certificates._subchecks import Checks
    from certificates.runner import run_one

    def check(fail):
        c = Checks()
        c.add("row", not fail, 2.0, "3.0", level="proved", severity="minor")
        return c.outcome("one row", finding=f"row is {2.0} (exact), not the printed 3.0")

    bad = run_one(Certificate("D2", "d", "Eq 1", "x", Kind.NUMERIC, lambda: check(True), pack="fake"))
    good = run_one(Certificate("D3", "d", "Eq 1", "x", Kind.NUMERIC, lambda: check(False), pack="fake"))
    assert bad.finding == "row is 2.0 (exact), not the printed 3.0"
    assert good.status.value == "PASS" and good.finding == ""


def test_show_set_writes_sets_as_a_reader_does():
    import sympy as sp

    from certificates.findings import show_set

    s = sp.Union(sp.Interval.open(-sp.oo, -1), sp.Interval.Lopen(0, 2))
    assert show_set(s) == "(-oo, -1) U (0, 2]"
    assert show_set(sp.Interval(sp.sqrt(2) / 2 - sp.Rational(1, 2), sp.oo)) == "[-1/2 + sqrt(2)/2, oo)"
    assert show_set(sp.FiniteSet(1, 2)) == "{1, 2}"


@pytest.mark.slow
def test_every_fail_of_every_pack_states_its_own_one_line_finding(capsys):
    """Issue 19 item 5: each FAIL of ``--pack all`` carries a finding that its check states (not the
    fallback derived from the evidence), on one line and short enough to read first."""
    from certificates.findings import derived_finding

    assert cli.cert_main(["run", "--pack", "all", "--json", "--no-save"]) in (0, 1)
    doc = json.loads(capsys.readouterr().out)
    fails = [c for c in doc["certificates"] if c["status"] == "FAIL"]
    assert fails
    bad = []
    for c in fails:
        f = c["finding"] or ""
        derived = derived_finding(c["measured"], c["expected"], c.get("evidence"), c["detail"])
        if not f.strip() or f == derived or "\n" in f or len(f) > 200 or f.endswith("..."):
            bad.append(f"{c['id']}: {f!r}")
    assert not bad, "\n".join(bad)
    for c in doc["certificates"]:
        if c["status"] != "FAIL":
            assert not c["finding"], c["id"]
