"""``psa-cert coverage`` (issue 27): the text parser, the numeral tokens, the classes, the outputs,
and hostile texts (bounded, one line and exit 2, everything escaped)."""

from __future__ import annotations

import json
import os

import pytest

from certificates.coverage import report
from certificates.coverage.classify import classify
from certificates.coverage.locators import Locator, LocatorError, by_line, resolve
from certificates.coverage.numerals import TooManyNumerals, tokenize, tokenize_line
from certificates.coverage.text import FRONT, parse
from cli import cert_main
from psa_io.papertext import PaperTextError, read_paper

TITLE = "Phase Space Attention: A Hairer Lift Circumvents the\nSingle-Layer Induction Obstruction\n\n"

SMALL = TITLE + (
    "Abstract\n\nWe test $d_{k}=8L$ at $r=0.9876$.\n\n"
    "1 Introduction\n\nSee Theorem 64 and Table 2, eq. (51), and (Murray, 2010).\n\n"
    "2 Results\n\n2.1 The two-branch law\n\n"
    "The value is $0.599 \\pm 0.037$ in $[−1.18, −1.07]$ with $60{,}000$ trials.\n\n"
    "Table 2: The outcome.\n\n\tSupports\tOutcome\nC7\teq. (51)\tmax $\\Delta=9{\\times}10^{-4}$\n"
    "C8\teq. (52)\twithin $4.4\\%$\n\nAfter the table.\n\n"
    "Appendix A1 Overview\n\nA1.1 Details\n\nWe ran 50,342,416 steps.\n"
)


def _tokens(text: str):
    return [(t.text, t.value) for t in tokenize_line(text, 1, lambda a, b: True)]


def test_numeral_forms():
    assert _tokens("$0.599 \\pm 0.037$") == [("0.599", 0.599), ("0.037", 0.037)]
    assert _tokens("[−1.18, −1.07]") == [("−1.18", -1.18), ("−1.07", -1.07)]
    assert _tokens("$5.3\\!\\cdot\\!10^{2}$") == [("5.3\\!\\cdot\\!10^{2}", pytest.approx(530.0))]
    assert _tokens("$10^{-4}$") == [("10^{-4}", pytest.approx(1e-4))]
    assert _tokens("$9{\\times}10^{-4}$") == [("9{\\times}10^{-4}", pytest.approx(9e-4))]
    assert _tokens("$60{,}000$") == [("60{,}000", 60000.0)]
    assert _tokens("$10\\,000$ steps") == [("10\\,000", 10000.0)]  # a thin space as the separator
    assert _tokens("$0.3\\,\\mathrm{s}$") == [("0.3", 0.3)]
    assert _tokens("$r{=}{-}0.679$") == [("{-}0.679", -0.679)]
    assert _tokens("2.6\\% and 65%") == [("2.6\\%", 2.6), ("65%", 65.0)]
    assert _tokens("1.2535e14") == [("1.2535e14", pytest.approx(1.2535e14))]
    assert _tokens("1e999") == [("1e999", None)]  # not finite: no value (strict JSON)
    # subtraction is not a sign; names and other scripts' digits are no numerals
    assert _tokens("T-1") == [("1", 1.0)]
    assert _tokens("| +0.000791 | -0.000070 |") == [("+0.000791", 0.000791), ("-0.000070", -0.00007)]
    assert _tokens("$|x|-1$") == [("1", 1.0)]  # after an absolute value the minus is binary
    assert _tokens("exp77 C7 A31.6 d_2 \u0663\u0664") == []
    # plain-comma thousands only outside mathematics; inside, (16,128) is two numbers
    assert [t.text for t in tokenize_line("50,342,416", 1)] == ["50,342,416"]
    assert [t.text for t in tokenize_line("$(16,128)$", 1, lambda a, b: True)] == ["16", "128"]


def test_tokens_are_the_dataclass_own_objects():
    """The scan builds each token without the frozen dataclass's ``__init__`` (numerals._numeral): the
    same object -- equal, same hash and repr, the fields in their declared order -- as ``Numeral(...)``."""
    import dataclasses

    from certificates.coverage.numerals import Numeral, _numeral

    names = [f.name for f in dataclasses.fields(Numeral)]
    assert not hasattr(Numeral, "__post_init__")
    line = "$r{=}{-}0.679$, 2.6\\% and 1e999; | +0.000791 | 60{,}000 $9{\\times}10^{-4}$"
    toks = tokenize_line(line, 3, lambda a, b: True)
    assert len(toks) == 6 and {type(t) for t in toks} == {Numeral}
    for t in toks:
        built = Numeral(*(getattr(t, n) for n in names))
        assert t == built and hash(t) == hash(built) and repr(t) == repr(built)
        assert list(vars(t).items()) == list(vars(built).items())
    fields = (2, 5, 9, "x", None, True, False, True)
    assert list(vars(_numeral(*fields)).items()) == list(vars(Numeral(*fields)).items())
    with pytest.raises(dataclasses.FrozenInstanceError):
        toks[0].line = 4


def test_columns_and_digits():
    (t,) = tokenize_line("ab $2{,}000$", 7)
    assert (t.line, t.column, t.text, t.digits) == (7, 5, "2{,}000", "2000")


def test_sections_and_tables():
    p = parse(SMALL)
    assert [s.number for s in p.sections] == [FRONT, "1", "2", "2.1", "A1", "A1.1"]
    assert p.section_of(p.lines.index("We ran 50,342,416 steps.") + 1).number == "A1.1"
    assert p.section_lines("2") == (p.sections[2].line, p.sections[4].line - 1)
    (tab,) = p.tables
    assert tab.number == "2" and [r.cells[0].text for r in tab.rows] == ["", "C7", "C8"]
    # a numbered list item or a sentence ending in a period is no heading
    q = parse("1 Intro\n\n2. Not a heading\n3 Ends with a period.\n9 Out of sequence\n2 Next\n")
    assert [s.number for s in q.sections] == [FRONT, "1", "2"]


def test_section_and_table_lookups_are_the_linear_scans():
    """Paper.section_lines and Paper.table read an index built on first use: the same answers as scanning
    the sections (the first of a number, up to the next one that is not its subsection) and the tables
    (exactly one of a number), for every number present and for absent ones."""

    def span(p, number):
        for i, s in enumerate(p.sections):
            if s.number == number:
                nxt = [t.line - 1 for t in p.sections[i + 1 :] if not t.number.startswith(number + ".")]
                return s.line, (nxt[0] if nxt else len(p.lines))
        return None

    def table(p, number):
        found = [t for t in p.tables if t.number == number]
        return found[0] if len(found) == 1 else None

    twice = "Table 2: A.\n\n\tX\tY\nr\t1\t2\n\nText.\n\nTable 2: B.\n\n\tX\nr\t3\n\nTable 3: C.\n\n\tX\nr\t4\n"
    for text in (SMALL, SMALL + "\n" + twice):
        p = parse(text)
        numbers = [s.number for s in p.sections] + ["9", "A9.9", "2.1.1"]
        assert [p.section_lines(n) for n in numbers] == [span(p, n) for n in numbers]
        tables = [t.number for t in p.tables] + ["99", None]
        assert all(p.table(n) is table(p, n) for n in tables)
    assert p.table("2") is None and p.table("3") is not None  # two tables numbered 2: neither is "the" one


def test_markdown_sections_and_tables():
    q = parse("# T\n\n## 1. One\n\n### 1.1 Sub (`Table 3`)\n\n| a | b |\n| :- | -: |\n| x | 0.5 |\n\nok\n")
    assert [s.number for s in q.sections] == [FRONT, "1", "1.1"]
    assert [(t.number, len(t.rows)) for t in q.tables] == [("3", 2)]


def test_classes():
    p = parse(SMALL)
    occ = classify(p, tokenize(p.lines, in_math=p.in_math))
    got = {(o.numeral.text, o.klass) for o in occ}
    for expected in [
        ("1", "label"),  # heading
        ("64", "label"),
        ("2", "label"),  # Table 2
        ("(51)".strip("()"), "label"),
        ("2010", "label"),
        ("8", "formula"),  # the 8 of 8L
        ("0.9876", "unaccounted"),
        ("0.599", "unaccounted"),
        ("50,342,416", "unaccounted"),
    ]:
        assert expected in got, expected
    assert {o.klass for o in occ} <= {"label", "formula", "unaccounted"}


def test_locators_resolve_exactly_once():
    p = parse(SMALL)
    lines = by_line(tokenize(p.lines, in_math=p.in_math))
    text = Locator("psa", "X", "c", "0.037", section="2", anchor="\\pm 0.037")
    r = resolve(text, p, lines)
    assert (r.numeral.text, r.numeral.value) == ("0.037", 0.037)
    cell = Locator("psa", "C8", "within", "4.4", table="2", row="C8", column="Outcome")
    assert resolve(cell, p, lines).numeral.text == "4.4\\%"
    for bad, why in [
        (Locator("psa", "X", "c", "0.037", section="2.1", anchor="nowhere"), "not found|0 times"),
        (Locator("psa", "X", "c", "1", section="A1", anchor="A1"), "times"),
        (Locator("psa", "X", "c", "0.037", section="9", anchor="\\pm 0.037"), "no section 9"),
        (Locator("psa", "C9", "c", "4.4", table="2", row="C9", column="Outcome"), "0 rows"),
    ]:
        with pytest.raises(LocatorError, match=why) as exc:
            resolve(bad, p, lines)
        assert "claim c" in str(exc.value)


def test_classified_checked_with_verdict(tmp_path):
    f = tmp_path / "paper.txt"
    f.write_text(SMALL, encoding="utf-8")
    loc = Locator("psa", "C8", "within_printed", "4.4", table="2", row="C8", column="Outcome")
    import certificates.coverage.report as rep

    old = rep.LOCATORS
    rep.LOCATORS = {"psa": (loc,)}
    try:
        doc = rep.analyse(str(f), verdicts=lambda pack: {"c8": "FAIL"})
        erred = rep.analyse(str(f), verdicts=lambda pack: {"c8": "ERROR"})
    finally:
        rep.LOCATORS = old
    (row,) = [r for r in doc["numbers"] if r["class"] == "checked"]
    assert (row["text"], row["certificate"], row["status"], row["section"]) == ("4.4\\%", "C8", "FAIL", "2.1")
    # an ERROR does not count as checked
    (row,) = [r for r in erred["numbers"] if r["certificate"] == "C8"]
    assert row["class"] == "unaccounted" and "ERROR" in row["reason"]
    assert doc["totals"]["checked"] == 1 and doc["totals"]["checked_pct_of_reported"] == 100.0
    none = rep.analyse(str(f), verdicts=lambda pack: {})
    assert any("no verdicts recorded for pack psa" in x for x in rep.render_text(none))
    assert not any("no verdicts recorded" in x for x in rep.render_text(doc))


def test_cli_json_text_html(tmp_path, capsys):
    f = tmp_path / "paper.txt"
    f.write_text(SMALL.replace("After the table.", "<script>alert(1)</script> & 'x' 3"), encoding="utf-8")
    html = tmp_path / "cov.html"
    assert cert_main(["coverage", str(f), "--json", "--html", str(html)]) == 0
    doc = json.loads(capsys.readouterr().out)
    assert doc["paper"]["pack"] == "psa" and len(doc["paper"]["sha256"]) == 64
    keys = {"line", "column", "text", "value", "section", "class", "certificate", "status", "reason"}
    assert all(set(r) == keys for r in doc["numbers"])
    assert (
        sum(doc["totals"][k] for k in ("checked", "setting", "not-checkable", "label", "formula", "unaccounted"))
        == (doc["totals"]["numbers"])
    )
    page = html.read_text(encoding="utf-8")
    assert "<script>alert" not in page and "&lt;script&gt;alert(" in page and "&#x27;x&#x27;" in page
    assert "http://" not in page and "https://" not in page  # self-contained
    assert cert_main(["coverage", str(f), str(f), "--json"]) == 0
    assert len(json.loads(capsys.readouterr().out)["papers"]) == 2
    assert cert_main(["coverage", str(f)]) == 0
    out = capsys.readouterr().out
    assert "total" in out and max(len(x) for x in out.splitlines() if str(f) not in x) <= 80


@pytest.mark.parametrize(
    "content, why",
    [
        (b"\x00\x01binary", "binary"),
        (TITLE.encode() + b"\xff\xfe bad", "not UTF-8"),
        (b"An unknown paper 1 2 3", "not one of the known papers"),
    ],
)
def test_hostile_texts_exit_2(tmp_path, capsys, content, why):
    f = tmp_path / "p.txt"
    f.write_bytes(content)
    assert cert_main(["coverage", str(f)]) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and why in err[0] and "Traceback" not in err[0]


def test_hostile_paths_exit_2(tmp_path, capsys):
    assert cert_main(["coverage", str(tmp_path)]) == 2
    assert "not a regular file" in capsys.readouterr().err
    assert cert_main(["coverage", str(tmp_path / "missing.txt")]) == 2
    fifo = tmp_path / "fifo"
    os.mkfifo(fifo)
    assert cert_main(["coverage", str(fifo)]) == 2  # never opened: no hang


def test_size_cap_before_reading(tmp_path):
    f = tmp_path / "big.txt"
    with open(f, "wb") as fh:
        fh.truncate(9 * 1024 * 1024)  # sparse: the cap is checked on the size, before reading
    with pytest.raises(PaperTextError, match="too large"):
        read_paper(str(f))
    g = tmp_path / "small.txt"
    g.write_text("x" * 100)
    with pytest.raises(PaperTextError, match="too large"):
        read_paper(str(g), max_bytes=10)
    lines = tmp_path / "lines.txt"
    lines.write_text("\n" * 20)
    with pytest.raises(PaperTextError, match="too many lines"):
        read_paper(str(lines), max_lines=5)
    crlf = tmp_path / "crlf.txt"
    crlf.write_bytes(b"\xef\xbb\xbfa\r\nb\rc")
    got = read_paper(str(crlf))
    assert got.text == "a\nb\nc" and len(got.sha256) == 64  # BOM dropped, CRLF and CR read as LF


def test_a_million_numerals_bounded():
    lines = ["1 " * 1000] * 1000  # a million numerals
    with pytest.raises(TooManyNumerals, match="more than 200000 numerals"):
        tokenize(lines)
    # on one line too: the limit stops the scan, nothing past it is stored
    with pytest.raises(TooManyNumerals, match="more than 1000 numerals"):
        tokenize(["1 " * 1_000_000], limit=1000)
    assert len(tokenize(["1 " * 1000], limit=1000)) == 1000  # exactly the limit is fine


def test_too_many_numerals_exit_2(tmp_path, capsys, monkeypatch):
    import certificates.coverage.numerals as numerals

    monkeypatch.setattr(numerals, "MAX_NUMERALS", 50)
    monkeypatch.setattr(numerals.tokenize, "__kwdefaults__", {"limit": 50, "in_math": None})
    f = tmp_path / "p.txt"
    f.write_text(TITLE + "1 " * 100 + "\n", encoding="utf-8")
    assert cert_main(["coverage", str(f)]) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and "more than 50 numerals" in err[0]


def test_deep_and_unbalanced_latex_is_linear():
    line = "$" + "{" * 50_000 + "1" + "}" * 10 + "$$ $x^{2"
    p = parse(TITLE + line + "\n")
    toks = tokenize(p.lines, in_math=p.in_math)
    assert [t.text for t in toks] == ["1", "2"]


def test_recognise():
    assert report.recognise(SMALL) == "psa"
    assert report.recognise("# Weight-Fused Causal 3-Gram Input Filtering, Vocabulary") == "qhm"
    assert report.recognise("nothing") is None


@pytest.mark.parametrize(
    "line, token, klass",
    [
        ("$$x=\\tfrac{1}{2}y,$$ (34)", "34", "label"),  # a display's equation tag
        ("the v8 C6 (FP-18b) ratio", "18", "label"),  # part of a name
        ("Tranche 1 (Sections A1–A11)", "1", "label"),
        ("The $16\\!\\times\\!16$ grid", "16", "unaccounted"),  # a size, not a coefficient
        ("$j^{*}\\in[1,T-1]$", "1", "formula"),  # the bound 1 of an interval with a symbolic end
        ("$\\gamma\\in[1, 2.5]$", "1", "unaccounted"),  # both ends numbers: a printed range
        ("If $V\\equiv 0$ then", "0", "formula"),  # a constant of an identity
        ("$|H^{u}|^{2}=1$; setting", "1", "formula"),
        ("$N{=}2$ layers", "2", "unaccounted"),
        ("with $\\mathbf{1}\\{\\sigma\\}$ and $O(1)$", "1", "formula"),
        ("$\\begin{pmatrix}0&\\gamma I\\\\ 0&0\\end{pmatrix}$", "0", "formula"),  # a matrix entry
        ("position $j^{*}-1$, and", "-1", "formula"),  # a binary minus
        ("$k_{j}=(-1)^{j}\\kappa$", "-1", "formula"),
        ("capped at $1/(T{-}2)=0.077$", "2", "formula"),
        ("capped at $1/(T{-}2)=0.077$", "0.077", "unaccounted"),
        ("3: $P_{q}\\leftarrow 0$", "3", "label"),  # an algorithm's line number
        ("2. What does it", "2", "label"),  # a list item
        ("placement (lines 1–2) is", "1", "label"),
        ("$(d_{k},T)=(32,25)$ at", "32", "unaccounted"),
        ("alphabet with $|\\Sigma|\\geq 2$, embedding", "2", "formula"),  # a hypothesis' constant
        ("same extraction\tCPU\t$<2$ min", "2", "unaccounted"),  # a wall time, not a formula's bound
        ("at $N\\geq 2$ layers", "2", "unaccounted"),  # a bound on a parameter: a value
        ("neutrality gives $\\alpha+\\beta=1$ directly", "1", "formula"),
        ("admit $H(e^{j0})=-1$, which", "-1", "formula"),
        ("measured $3$\u2009dB above", "3", "formula"),  # the 3 dB convention
        ("so that $|H(1)|=1$ exactly", "1", "formula"),
        ("Derrida in 1980–81, the", "1980", "label"),  # a cited year
        ("• $(0,0)$ is standard attention", "0", "formula"),  # the lattice's list
        ("coordinates (40; Su and others, 2024; Press et al., 2021; 35).", "40", "label"),  # cited
        ("coordinates (40; Su and others, 2024; Press et al., 2021; 35).", "2024", "label"),
        ("at ICLR 2019 and", "2019", "label"),
        ("over `exp69/65/71`), with", "65", "label"),  # a run's name
        ("Base + 15/v2 Rect", "15", "label"),
        ("on an RTX 4090 GPU", "4090", "label"),
        ("v7 S4–5: four-term gaps", "5", "label"),  # a range of names
        ("a genuine defect (Fix\u00a02) is", "2", "label"),
        ("Cors.\u00a068, 69\t$(1,0)$", "69", "label"),
        ("C\t$\\mathrm{LR}/(1{+}2\\gamma)^{2}$\t$1.00$", "1", "formula"),  # an operand before a braced +
        ("Appendix_E, Appendix_F_NB_1/2/3, Experiment", "2", "label"),
        ("size $2$. At $\\gamma=0$ the map is the identity", "0", "formula"),
        ("accuracy at $\\gamma=0$ is 1.2%", "0", "unaccounted"),  # a coupling of the experiments
        ("has total mass $1-\\lambda$ rather than $1$, so", "1", "formula"),
        ("the score model’s asymptotic $-1/4$. Direction", "4", "formula"),
        ("• Open CHECK 1 (band-4)", "1", "label"),
        ("Of the four widths in sweep\u00a01, $d_{k}=128$", "1", "label"),
        ("the FP-4/13 CHECK in v7", "13", "label"),
        ("$H_{\\mathrm{emp}}(n)-H_{\\mathrm{emp}}(0)$ grows", "0", "formula"),
        ("a $\\gamma\\!\\to\\!0$ limit", "0", "formula"),
        ("stuck at $0.6934\\approx\\ln 2$ here", "2", "formula"),
        ("a function that is 0 at 0 yields", "0", "formula"),  # a formula in words
        ("integrating from $0$ to $\\gamma$ gives", "0", "formula"),
        ("the raw counts range from $0$ to $1109$", "0", "unaccounted"),  # data, not an integral
        ("$(d_{k},T)=(0,25)$ at", "0", "unaccounted"),
        ("Jordan blocks of size $2$. At", "2", "formula"),
        ("as the $2\\times 2$ eigenvalue computation", "2", "formula"),
        ("The $16\\times 16$ grid", "16", "unaccounted"),  # a grid's size stays a value
        ("$-\\infty$ if $j>t$, else $0$", "0", "formula"),
        ("(initialised to $0$)", "0", "formula"),
        ("stencil order $(0)\\to(2)$ in $q$", "2", "formula"),
        ("in dimension $2d_{k}>2$: the group", "2", "formula"),
        ("chance here being $1/64=1.56\\%$", "1", "formula"),
        ("in $1/3$ seeds", "1", "unaccounted"),  # a count of seeds, not a formula
        ("the operator of history length 1 is", "1", "formula"),
        ("trained at 0 learning rate for", "0", "unaccounted"),  # no function or operator named
        ("notebooks NB_1/2/3 hold", "3", "label"),
        ("a Theorem-2.9-style bound", "2.9", "label"),
        ("$R=2|\\sin(\\theta/2)|$", "2", "formula"),
        ("Weight-Fused Causal 3-Gram Input", "3", "label"),  # part of a name
        ("pairwise 2D rotations", "2", "label"),
        ("a 240-configuration sweep", "240", "unaccounted"),  # a count, not a name
        ("`0.992770` Dev 1 / `0.991997` Dev 2", "1", "label"),
        ("• Layer 1 (Previous Token)", "1", "label"),
        ("3.2 Term T2=QtPE PsT_{2}=Q", "2", "formula"),  # a subscript that lost its dollars
        ("$\\det (J)=1\\cdot 1-\\gamma \\cdot 0=1$", "0", "formula"),
        ("an i.i.d. $\\mathcal{N}(0, 1)$ process", "0", "formula"),
        ("$\\Omega=\\left(\\begin{array}{cc}0& I\\\\ -I& 0\\end{array}\\right)$", "0", "formula"),
        ("$(2L)^{1/4}$", "4", "formula"),  # inside an exponent group
        ("$1+2\\gamma$", "2", "formula"),  # a coefficient
        ("$1+2\\gamma$", "1", "formula"),  # an operand beside a variable
        ("$\\gamma=0.2$", "0.2", "unaccounted"),  # a value, not a formula constant
        ("$\\sqrt{2}\\approx 1.414214$", "1.414214", "unaccounted"),
        ("neural ODEs [38, 39, 43] learn", "39", "label"),  # a citation
        ("Olsson et al.\u00a0[20] report", "20", "label"),
        ("$\\gamma\\in[2, 7]$", "2", "unaccounted"),  # in math: an interval, a value
        ("values [0.20, 0.40] seen", "0.20", "unaccounted"),  # decimals are never a citation
        ("for all $\\gamma>0$ it holds", "0", "formula"),  # the bound of a domain
        ("key-side order $\\geq 1$ here", "1", "formula"),
        ("$0<\\alpha$", "0", "formula"),
        ("at $k>7$ only", "7", "unaccounted"),  # not 0 or 1: a threshold the paper chose
        ("$\\gamma_{c}=0.9849<1$", "0.9849", "unaccounted"),
        ("chance $1/(T{-}1)$ and", "1", "formula"),  # numerator of a formula
        ("attention is order $(0,0)$ in", "0", "formula"),  # a member of the order lattice
        ("the $(1,1)$ member", "1", "formula"),
        ("$(d_{k},T)=(1,1)$ gives", "1", "unaccounted"),  # a point, not a lattice member
    ],
)
def test_label_and_formula_rules(line, token, klass):
    p = parse(TITLE + "1 Intro\n\n" + line + "\n")
    occ = classify(p, tokenize(p.lines, in_math=p.in_math))
    got = [o.klass for o in occ if o.numeral.line == len(p.lines) - 1 and o.numeral.text == token]
    assert got and got[0] == klass, (got, [(o.numeral.text, o.klass) for o in occ])


def test_not_checkable_only_from_declared_columns(tmp_path, monkeypatch):
    from certificates.coverage.locators import NotCheckable

    f = tmp_path / "paper.txt"
    f.write_text(SMALL, encoding="utf-8")
    before = report.analyse(str(f), verdicts=lambda pack: {})
    assert before["totals"]["not-checkable"] == 0  # nothing defaults to not-checkable
    why = "measured in a training run; no relation printed in the paper constrains it"
    monkeypatch.setattr(report, "NOT_CHECKABLE", {"psa": (NotCheckable("psa", "2", "Outcome", why),)})
    doc = report.analyse(str(f), verdicts=lambda pack: {})
    rows = [r for r in doc["numbers"] if r["class"] == "not-checkable"]
    assert [r["text"] for r in rows] == ["9{\\times}10^{-4}", "4.4\\%"] and all(r["reason"] == why for r in rows)
    assert doc["totals"]["checked_pct_of_reported"] == 0.0
    monkeypatch.setattr(report, "NOT_CHECKABLE", {"psa": (NotCheckable("psa", "2", "Nope", why),)})
    doc = report.analyse(str(f), verdicts=lambda pack: {})
    assert any("0 columns so labelled" in e for e in doc["locator_errors"])


def test_not_checkable_rows_cells_and_text_never_hide_labels(tmp_path, monkeypatch):
    """The other forms of a declaration: one row, one cell, a piece of text; a declaration covers
    only numerals that are not labels or formula constants, and a place that is not there, or a
    declaration without a reason, is an error, never a silent class."""
    from certificates.coverage.locators import NotCheckable

    f = tmp_path / "paper.txt"
    f.write_text(SMALL, encoding="utf-8")
    why = "measured in a training run; no relation printed in the paper constrains it"
    decls = (
        NotCheckable("psa", "2", reason=why, row="C8"),  # the row: eq. (52) is a label, 4.4 declared
        NotCheckable("psa", reason=why, section="2.1", anchor="with $60{,}000$ trials"),
        NotCheckable("psa", reason=why, section="A1.1", anchor="We ran 50,342,416 steps"),
    )
    monkeypatch.setattr(report, "LOCATORS", {})
    monkeypatch.setattr(report, "NOT_CHECKABLE", {"psa": decls})
    doc = report.analyse(str(f), verdicts=lambda pack: {})
    nc = sorted(r["text"] for r in doc["numbers"] if r["class"] == "not-checkable")
    assert nc == ["4.4\\%", "50,342,416", "60{,}000"], nc
    assert [r["class"] for r in doc["numbers"] if r["text"] == "52"] == ["label"]
    assert doc["locator_errors"] == []
    bad = (
        NotCheckable("psa", "2", reason=why, row="C9"),
        NotCheckable("psa", reason=why, section="2.1", anchor="no such words"),
        NotCheckable("psa", "2", "Outcome", reason=""),
    )
    monkeypatch.setattr(report, "NOT_CHECKABLE", {"psa": bad})
    doc = report.analyse(str(f), verdicts=lambda pack: {})
    errs = doc["locator_errors"]
    assert len(errs) == 3 and "0 rows so labelled" in errs[0] and "occurs 0 times" in errs[1]
    assert "no reason given" in errs[2]
    assert doc["totals"]["not-checkable"] == 0


def test_body_and_appendix_totals(tmp_path):
    """The table and the JSON give the body (numbered sections) and the appendix (lettered ones)
    apart, the parts the targets are stated for; the front matter counts in neither."""
    f = tmp_path / "paper.txt"
    f.write_text(SMALL, encoding="utf-8")
    doc = report.analyse(str(f), verdicts=lambda pack: {})
    body = [r for r in doc["numbers"] if r["section"].split(".")[0].isdigit()]
    appendix = [r for r in doc["numbers"] if r["section"].startswith("A")]
    parts = json.loads(report.render_json([doc]))["parts"]
    assert parts["body"]["numbers"] == len(body) and parts["appendix"]["numbers"] == len(appendix) == 1
    assert parts["body"]["numbers"] + parts["appendix"]["numbers"] < doc["totals"]["numbers"]  # the front
    text = report.render_text(doc)
    assert any(line.startswith("body ") for line in text) and any(line.startswith("appendix") for line in text)
    assert max(len(line) for line in text[2:]) <= 80


def test_a_cell_printing_one_number_twice_is_read_by_position():
    """(0.85, 0.85) in one cell: ``nth`` names the numeral; the exact form checks its digits."""
    from certificates.coverage.locators import Locator, LocatorError, by_line, resolve

    p = parse(TITLE + "1 Intro\n\nTable 3: Pairs.\n\nRun\tPair\nA\t$(0.85, 0.85)$\n")
    toks = by_line(tokenize(p.lines, in_math=p.in_math))
    got = [
        resolve(Locator("psa", "c", f"x[{k}]", "0.85", table="3", row="A", column="Pair", nth=(k, 2)), p, toks)
        for k in (0, 1)
    ]
    assert [g.numeral.start for g in got] == sorted({g.numeral.start for g in got})
    with pytest.raises(LocatorError, match="holds 2 numerals"):
        resolve(Locator("psa", "c", "x", "0.85", table="3", row="A", column="Pair", nth=(0, 3)), p, toks)
    with pytest.raises(LocatorError, match="more than once"):
        resolve(Locator("psa", "c", "x", "0.85", table="3", row="A", column="Pair"), p, toks)


def test_an_anchor_printing_one_number_twice_is_read_by_position():
    from certificates.coverage.locators import Locator, LocatorError, by_line, resolve

    p = parse(TITLE + "1 Intro\n\nAt $H(-1; 0.95, 0.95) = 0.07$ here.\n")
    toks = by_line(tokenize(p.lines, in_math=p.in_math))
    a = "$H(-1; 0.95, 0.95)"
    got = [
        resolve(Locator("psa", "c", "x", "0.95", section="1", anchor=a, nth=(k, 2)), p, toks).numeral for k in (0, 1)
    ]
    assert got[0].start < got[1].start and {g.text for g in got} == {"0.95"}
    with pytest.raises(LocatorError, match="holds 2 numerals"):
        resolve(Locator("psa", "c", "x", "0.95", section="1", anchor=a, nth=(0, 3)), p, toks)


def test_markdown_table_parts_are_numbered():
    md = "## 4. Results (`Table 4`)\n\n| (A) Runs | x |\n| - | - |\n| a | 1 |\n\n"
    q = parse(md + "| (C) Other | y |\n| - | - |\n| b | 2 |\n")
    assert [(t.number, len(t.rows)) for t in q.tables] == [("4A", 2), ("4C", 2)]


def test_resolve_all_reports_every_failure_and_never_falls_back():
    from certificates.coverage.locators import resolve_all

    p = parse(SMALL)
    lines = by_line(tokenize(p.lines, in_math=p.in_math))
    good = Locator("psa", "C8", "within", "4.4", table="2", row="C8", column="Outcome")
    bad = Locator("psa", "C9", "gone", "4.4", section="2.1", anchor="deleted sentence")
    done, errors = resolve_all([good, bad], p, lines)
    assert [(r.locator, r.numeral.line, r.numeral.value) for r in done] == [(good, done[0].numeral.line, 4.4)]
    assert len(errors) == 1 and "C9: claim gone" in str(errors[0]) and "deleted sentence" in str(errors[0])


def test_html_to_stdout_beside_the_table_is_refused(tmp_path, capsys):
    f = tmp_path / "paper.txt"
    f.write_text(SMALL, encoding="utf-8")
    assert cert_main(["coverage", str(f), "--html", "-"]) == 2
    assert len(capsys.readouterr().err.strip().splitlines()) == 1


def test_html_section_filter_counts_unaccounted(tmp_path):
    f = tmp_path / "paper.txt"
    f.write_text(SMALL, encoding="utf-8")
    doc = report.analyse(str(f), verdicts=lambda pack: {})
    page = report.render_html([doc])
    n = sum(1 for r in doc["numbers"] if r["section"] == "A1.1" and r["class"] == "unaccounted")
    assert n and f"<option value='A1.1'>A1.1 ({n} unaccounted)</option>" in page
    assert page.count("class='unaccounted'") == doc["totals"]["unaccounted"]


def test_located_setting_is_a_setting(tmp_path, monkeypatch):
    f = tmp_path / "paper.txt"
    f.write_text(SMALL, encoding="utf-8")
    trials = Locator("psa", "X", "trials", "60{,}000", section="2.1", anchor="$60{,}000$ trials", setting=True)
    monkeypatch.setattr(report, "LOCATORS", {"psa": (trials,)})
    doc = report.analyse(str(f), verdicts=lambda pack: {"x": "PASS"})
    (row,) = [r for r in doc["numbers"] if r["class"] == "setting"]
    assert (row["text"], row["value"], row["certificate"]) == ("60{,}000", 60000.0, "X")
    assert doc["totals"]["checked_pct_of_reported"] is None  # a setting is not a reported result
