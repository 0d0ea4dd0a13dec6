"""certificates.evidence_table: a verdict's evidence as tables (issue 28, item 3) -- the rows found
in every shape of record, numbers without binary noise, tables that fit 80 columns without cutting
a token, and text escaped for each format."""

from __future__ import annotations

import re
from fractions import Fraction

import pytest

from certificates import evidence_table as et
from certificates._subchecks import Checks
from certificates.registry import Certificate, Kind, Status
from certificates.results import Result

# --- numbers ------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "x, shown",
    [
        (0.54449999999999998, "0.5445"),
        (0.1 + 0.2, "0.3"),
        (1.0000000000000004, "1"),
        (0.20710678118654752, "0.20710678118654752"),  # real digits: the shortest round trip, kept
        (2.220446049250313e-16, "2.220446049250313e-16"),
        (13.5, "13.5"),
        (float("inf"), "+inf"),
    ],
)
def test_number_text_is_the_shortest_round_trip_without_noise(x, shown):
    assert et.number_text(x) == shown
    assert not et.noise_tokens(et.number_text(x))


def test_noise_tokens_finds_binary_renderings_only():
    text = "printed 0.545 = [0.54449999999999998, 0.54549999999999998]; r 0.30000000000000004; e 0.20710678118654752"
    assert et.noise_tokens(text) == ["0.54449999999999998", "0.54549999999999998", "0.30000000000000004"]
    assert et.noise_tokens("0.5445 1e-05 2016 0.987612345") == []


def test_printed_rounding_interval_is_the_printed_number_plus_minus_half_a_unit():
    note = (
        "enclosure [0.54465949552185755, 0.54465949552185766] vs printed 0.545 = "
        "[0.54449999999999998, 0.54549999999999998] at 64 bits: PASS"
    )
    shown = et.tidy_text(note)
    assert "printed 0.545 ± 0.0005 at 64 bits: PASS" in shown
    assert "enclosure [0.544659495521, 0.544659495522]" in shown
    assert not et.noise_tokens(shown)
    # an interval that is not the printed number's rounding is left as it was (only noise trimmed)
    assert et.tidy_text("x 0.5 = [0.25, 0.75]") == "x 0.5 = [0.25, 0.75]"
    assert et.tidy_text("printed 9.9e-4 = [0.00098499999999999998, 0.00099500000000000001]") == (
        "printed 9.9e-4 ± 5e-06"
    )


@pytest.mark.parametrize(
    "lo, hi",
    [
        (0.54465949552185755, 0.54465949552185766),
        (0.0403, 0.0407),
        (-1.2345678901234567, -1.2345678901234543),
        (0.0, 1e-300),
        (123456.5, 123457.25),
    ],
)
def test_interval_text_still_encloses(lo, hi):
    shown = et.interval_text(lo, hi)
    a, b = (Fraction(s) for s in shown.strip("[]").split(", "))
    assert a <= Fraction(lo) and Fraction(hi) <= b  # rounded outwards: still an enclosure
    assert not et.noise_tokens(shown)


# --- rows from every shape of record ----------------------------------------------------------------


def _checks_outcome():
    c = Checks()
    c.printed("ratio", 0.3, "0.3")
    c.add("count", False, 6, "7", "of 9", severity="minor")
    c.enclosed("law", lambda: __import__("flint").arb("0.5446"), "0.545")
    return c.outcome("three rows")


def _by_row(t: et.Table) -> dict[str, dict[str, str]]:
    return {r[0]: dict(zip(t.header, r)) for r in t.rows}


def test_checks_rows_carry_rule_and_verdict():
    pytest.importorskip("flint")
    o = _checks_outcome()
    assert [s["name"] for s in o.evidence["subchecks"]] == ["ratio", "count", "law"]
    ev = et.evidence_of(o.measured, o.expected, o.evidence, o.detail)
    rows = _by_row(ev.main)
    assert rows["ratio"]["verdict"] == "ok" and rows["ratio"]["printed"] == "0.3"
    assert rows["count"]["verdict"] == "FAIL minor" and rows["count"]["rule"] == "of 9"
    assert rows["law"]["verdict"] == "ok" and rows["law"]["recomputed"] == "[0.544599999999, 0.544600000001]"
    assert "printed 0.545 ± 0.0005" in rows["law"]["rule"]
    assert not ev.tables  # the enclosure record is the row 'law' already
    assert not et.noise_tokens(repr(ev))


def test_an_undecided_row_is_shown_undecided_not_failed():
    c = Checks()
    c.printed("a", 0.25, "0.25")
    c.undecided_row("b", "0.9880", "0.9876", "between SE_lower and SE_upper")
    c.add("c", False, 6, "7", severity="minor")
    o = c.outcome("mixed")
    rows = _by_row(et.evidence_of(o.measured, o.expected, o.evidence, o.detail).main)
    assert [rows[k]["verdict"] for k in "abc"] == ["ok", "undecided", "FAIL minor"]


def test_an_undecided_row_reads_undecided_in_every_rendering():
    """An undecided sub-check with no enclosure record (``ok`` None, e.g. sim.py's exact rows whose
    residual is not decided) is shown undecided -- never FAIL -- in ``show``, the HTML and the
    Markdown, also after the record's JSON round trip (``ok`` null)."""
    import json

    c = Checks()
    c.printed("a", 0.25, "0.25")
    c.undecided_row("b", "sqrt(2)", "1.4142", "residual not decided exactly", severity="minor")
    c.add("c", False, 6, "7", severity="minor")
    o = c.outcome("mixed")
    assert [s["ok"] for s in o.evidence["subchecks"]] == [True, None, False]
    stored = json.loads(json.dumps(o.evidence))  # as the last run and the report read it
    for evidence in (o.evidence, stored):
        t = et.evidence_of(o.measured, o.expected, evidence, o.detail).main
        assert t is not None
        assert [r[-1] for r in t.rows] == ["ok", "undecided", "FAIL minor"]
        shown = {ln.split()[0]: ln.split()[-1] for ln in et.table_lines(t, 80)[2:]}
        assert shown["b"] == "undecided" and shown["c"] == "minor"
        html = et.table_html(t)
        assert html.count('class="v v-undecided"') == 1 and html.count('class="v v-fail"') == 1
        md = [ln for ln in et.table_markdown(t) if ln.startswith("| b ")]
        assert len(md) == 1 and md[0].rstrip(" |").endswith("undecided") and "FAIL" not in md[0]


def test_older_records_take_the_verdict_from_failures():
    ev = et.evidence_of({"a": 1.0, "b": 2.0}, {"a": "1", "b": "3"}, {"failures": ["b"]}, "d")
    assert [r[-1] for r in ev.main.rows] == ["ok", "FAIL"]
    # a sub-check whose values are dicts stays one row with its own verdict (never split into
    # rows that would lose it)
    ev = et.evidence_of({"means": {"x": 1, "y": 2}}, {"means": {"x": 1, "y": 3}}, {"failures": ["means"]}, "")
    assert [(r[0], r[-1]) for r in ev.main.rows] == [("means", "FAIL")]


def test_convention_rows_show_each_convention_and_the_first_decides():
    rows = [
        {"name": "r1", "printed": "2.6%", "T-2": "1.90% (FAIL beyond ±0.18%)", "T-2 ok": False, "T-2 tolerance": None,
         "T-1": "2.66%", "T-1 ok": True, "reproduced_by": "T-1"},
        {"name": "r2", "printed": "0.99", "T-2": "0.988", "T-2 ok": None, "T-2 tolerance": 0.0013211420682,
         "T-1": "0.987", "T-1 ok": None, "reproduced_by": "neither"},
    ]  # fmt: skip
    ev = et.evidence_of({}, {"law": [0.6023, 0.7942]}, {"rows": rows, "undecided": ["r2"], "grid": "g"}, "x")
    t = ev.main
    assert t.header[:4] == ["row", "printed", "T-2", "verdict"]
    got = _by_row(t)
    assert got["r1"]["T-2"] == "1.90%" and got["r1"]["rule"] == "FAIL beyond ±0.18%"
    assert got["r1"]["verdict"] == "FAIL" and got["r1"]["T-1 verdict"] == "ok"
    assert got["r2"]["verdict"] == "undecided" and got["r2"]["rule"] == "tolerance 0.001321"
    assert [tb.caption for tb in ev.tables] == ["other values"]  # the law beside the rows
    assert ev.data == [("grid", "g")]
    compact = "\n".join(et.table_lines(t, 80))
    assert "reproduced_by" not in compact and "tolerance" not in compact  # -v only
    assert "reproduced_by" in "\n".join(et.table_lines(t, 200, verbose=True))


def test_symbolic_rows_are_identity_expected_residual_verdict():
    ev = et.evidence_of(
        {"residual": "0", "every_dk": {"F1": True, "F2": True}},
        {"residual": "0", "every_dk": {"F1": True, "F2": False}},
        {},
        "",
        kind="symbolic",
    )
    assert ev.main.header == ["identity / claim", "expected", "found (residual)", "verdict"]
    assert [(r[0], r[-1]) for r in ev.main.rows] == [
        ("residual", "agrees"),
        ("every_dk › F1", "agrees"),
        ("every_dk › F2", ""),  # no verdict of its own: the certificate's applies
    ]


@pytest.mark.parametrize(
    "measured, expected, evidence",
    [
        (None, None, {}),
        (1.5, "1.5", {}),
        ([1, 2], "[1, 2]", {"z_scores": [0.1, 0.2]}),
        ({"x": 1}, "text", {"exact_beside_mc": [{"name": "a", "mc": 0.1, "se": 0.01, "exact": 0.1 + 0.2}]}),
        ("s", {"k": [{"deep": {"er": 1}}]}, {"rows": [{"d_k": 1, "holds": True}], "enclosures": [{"x": 1}]}),
    ],
)
def test_any_record_gives_tables_and_no_noise(measured, expected, evidence):
    ev = et.evidence_of(measured, expected, evidence, "0.1 + 0.2 = 0.30000000000000004")
    text = "\n".join(et.evidence_lines(ev, 80, verbose=True))
    assert not et.noise_tokens(text) and not et.noise_tokens(et.evidence_html(ev))
    assert all(len(ln) <= 80 for ln in text.splitlines())


# --- terminal: 80 columns, no token cut ---------------------------------------------------------------

LONG_ROWS = [
    [
        f"printed arithmetic: p of rho = 0.27 at n = {i} (t approximation)",
        "|0.773 - 0.776| <= 8/60",
        "p in [0.4739, 0.4907] for r in [0.265, 0.275]",
        "Union(Interval.open(-oo,-1),Interval.open(0,oo))+h**2*f(q)/2+0.123456789",
        "undecided" if i % 2 else "FAIL minor",
    ]
    for i in range(5)
]


@pytest.mark.parametrize("verbose", [False, True])
@pytest.mark.parametrize("width", [80, 60, 40])
def test_table_fits_and_wraps_without_cutting_a_number(width, verbose):
    t = et.Table(["row", "printed", "recomputed", "rule", "verdict"], LONG_ROWS, verdict={4})
    lines = et.table_lines(t, width, verbose=verbose)
    assert all(len(ln) <= width for ln in lines)
    text = " ".join(" ".join(lines).split())
    # every verdict is shown whole
    for r in LONG_ROWS:
        assert r[4] in text
    # every number of the cells is shown whole or not at all (a compact cell may be cut, at a space)
    numbers = set(re.findall(r"\d+\.\d+|\d+", " ".join(" ".join(r[:4]) for r in LONG_ROWS)))
    shown = set(re.findall(r"\d+\.\d+|\d+", text))
    assert shown <= numbers | {str(i) for i in range(10)}
    if verbose:  # nothing is left out: the cells' words come back in order
        joined = " ".join(ln.strip() for ln in lines)
        assert "0.123456789" in joined and "8/60" in joined


def test_compact_cell_is_cut_to_two_lines_at_a_space():
    t = et.Table(["row", "verdict"], [["word " * 60, "ok"]], verdict={1})
    lines = et.table_lines(t, 40)
    assert len(lines) == 2 + 2 and lines[-1].rstrip().endswith("…  ok") is False
    assert "…" in lines[-1] and "ok" in lines[2]


# --- escaping -----------------------------------------------------------------------------------------

HOSTILE = "a|b <script>alert(1)</script> \x1b[2J ![x](http://evil.example/p.png) \n| fake | row |"


def test_every_format_escapes_what_it_did_not_write():
    ev = et.evidence_of({HOSTILE: HOSTILE}, {HOSTILE: "1"}, {"note": HOSTILE}, HOSTILE)
    term = "\n".join(et.evidence_lines(ev, 80, verbose=True))
    assert "\x1b" not in term and "\\x1b[2J" in term
    html = et.evidence_html(ev)
    assert "<script>" not in html and "&lt;script&gt;" in html
    # a column named by the evidence (a pack's key) is escaped in its attribute too
    keyed = et.evidence_html(et.evidence_of(None, None, {"per d_k": [{'k"><script>x': 1}]}, ""))
    assert "<script>" not in keyed and 'data-h="k&quot;&gt;&lt;script&gt;x"' in keyed
    md = "\n".join(et.evidence_markdown(ev))
    assert "<script>" not in md and not re.search(r"(?<!\\)\]\(http", md)
    ends = re.compile(r"(?<!\\)(?:\\\\)*\|")
    for block in re.findall(r"(?m)(?:^\|.*\n?)+", md):  # a '|' of the text never ends a cell
        assert len({len(ends.findall(ln)) for ln in block.splitlines()}) == 1, block


# --- the renderers that use it ----------------------------------------------------------------------


def _result(outcome, kind=Kind.NUMERIC) -> Result:
    cert = Certificate("x1", "a title", "Eq (1)", "a check", kind, lambda: outcome, pack="fake", section="§1")
    return Result(
        cert,
        outcome.status,
        outcome.measured,
        outcome.expected,
        outcome.detail,
        0.1,
        outcome.evidence,
        severity=outcome.severity,
        evidence_level=outcome.evidence_level or "none",
    )


def test_show_report_and_markdown_have_no_float_noise():
    pytest.importorskip("flint")
    from certificates import report
    from certificates.render import outcome_lines

    r = _result(_checks_outcome())
    assert r.status is Status.FAIL
    rep = report.build([r.certificate], [r], pack="fake", source="s", version="v")
    compact = "\n".join(outcome_lines(r, 80))
    assert "[0.5445999," in compact and "0.5446001]" in compact and not et.noise_tokens(compact)
    for text in (
        "\n".join(outcome_lines(r, 80, verbose=True)),
        report.render_html(rep),
        report.render_markdown(rep),
    ):
        assert not et.noise_tokens(text), et.noise_tokens(text)[:3]
        text = " ".join(text.split())
        assert "0.545 ± 0.0005" in text and "[0.544599999999, 0.544600000001]" in text


def test_a_long_table_shows_what_did_not_pass_and_counts_the_rest():
    rows = [[f"row {i}", "1", "1", "FAIL" if i in (7, 33) else "ok"] for i in range(60)]
    ev = et.Evidence(et.Table(["row", "printed", "recomputed", "verdict"], rows, verdict={3}), [], [], "why")
    compact = et.evidence_lines(ev, 80)
    shown = [ln.split()[1] for ln in compact if ln.startswith("  row ") and ln.split()[1].isdigit()]
    assert "7" in shown and "33" in shown and len(shown) == 20  # every FAIL, in the table's order
    assert any("40 more rows, every one ok" in ln for ln in compact)
    assert len(compact) < 30
    full = et.evidence_lines(ev, 80, verbose=True)
    assert sum(ln.startswith("  row ") and ln.split()[1].isdigit() for ln in full) == 60


def test_notebook_displays_show_the_evidence_table():
    pytest.importorskip("flint")
    from certificates import display

    o = _checks_outcome()
    r = _result(o)
    for html in (display.outcome_html(o), display.result_html(r)):
        assert '<table class="evidence">' in html and ">FAIL minor</td>" in html and 'class="v v-fail"' in html
        assert "0.545 ± 0.0005" in html and not et.noise_tokens(html)
    for md in (display.outcome_markdown(o), display.result_markdown(r)):
        assert "| count | 7 | 6 | of 9 |" in md and not et.noise_tokens(md)
    assert not et.noise_tokens(repr(o) + repr(r))


# --- the real certificates (slow tier: they run checks) ------------------------------------------------

REAL = "sec7.9,C8,thm27,rem72,sec10.d,thm64.eq51"


@pytest.mark.slow
def test_show_sec79_fits_a_screen_at_80_columns_with_every_verdict(monkeypatch, capsys):
    import cli

    monkeypatch.setenv("COLUMNS", "80")
    cli.cert_main(["show", "sec7.9"])
    out = capsys.readouterr().out
    lines = out.splitlines()
    assert len(lines) <= 80 and all(len(ln) <= 80 for ln in lines)
    assert not et.noise_tokens(out)
    i = next(k for k, ln in enumerate(lines) if re.match(r"  evidence \((\d+) rows\):", ln))
    n = int(re.match(r"  evidence \((\d+) rows\):", lines[i]).group(1))
    head, rule = lines[i + 1], lines[i + 2]
    start = head.index("verdict")
    stop = start + len(rule[start:].split()[0])
    end = next(k for k in range(i, len(lines)) if lines[k].startswith("  explanation:"))
    body = lines[i + 3 : end]
    verdicts = [ln[start:stop].strip() for ln in body if len(ln) > start and ln[start:stop].strip()]
    assert len(verdicts) == n >= 20  # every row has its verdict on screen
    assert set(verdicts) <= {"ok", "FAIL", "undecided"} and "FAIL" in verdicts


@pytest.mark.slow
def test_reports_and_show_of_a_run_have_no_binary_float_noise(tmp_path, monkeypatch, capsys):
    import cli

    monkeypatch.setenv("COLUMNS", "80")
    cli.cert_main(["run", "--only", REAL, "-v"])
    out = capsys.readouterr().out
    assert "0.545" in out and not et.noise_tokens(out)
    for fmt in ("--html", "--markdown"):
        path = tmp_path / f"r{fmt}"
        assert cli.cert_main(["report", fmt, str(path), "--last-run"]) == 0
        capsys.readouterr()
        text = path.read_text()
        assert "0.545 ± 0.0005" in text, fmt  # C8: the printed rounding interval as printed ± half a unit
        assert not et.noise_tokens(text), (fmt, et.noise_tokens(text)[:5])
    for cid in REAL.split(","):
        for v in ([], ["-v"]):
            cli.cert_main(["show", cid, *v])
            shown = capsys.readouterr().out
            assert not et.noise_tokens(shown), (cid, v, et.noise_tokens(shown)[:3])
            assert all(len(ln) <= 80 for ln in shown.splitlines()), [ln for ln in shown.splitlines() if len(ln) > 80]
