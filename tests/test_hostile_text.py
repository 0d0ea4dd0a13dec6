"""Hostile text from a pack is inert in every output format (issue 18, items 6 and 9).

One corpus (:mod:`tests.hostile_text`) goes through every renderer -- the run table (plain and
verbose), ``list``, ``show``, baselines, JSON, JUnit XML, the HTML report with its SVG graph, the
Markdown report, Mermaid, DOT, the notebook displays and the CLI itself -- and each output is
checked the way its reader would read it: the terminal byte by byte, XML and HTML with a parser,
Markdown rendered by markdown-it, DOT with a tokenizer, Mermaid line by line.  The built-in packs'
outputs are unchanged by the escaping (byte-identical): their text has nothing to escape.
"""

from __future__ import annotations

import html.parser
import io
import json
import re
import xml.etree.ElementTree as ET

import pytest

import cli
from certificates import graph as g
from certificates import registry as reg_mod
from certificates import render, report
from certificates.registry import Status
from psa_io import escape
from psa_io.terminal import emit

from . import hostile_text as H

CERTS = H.certificates()
RESULTS = H.results(CERTS)
STATUSES = {r.certificate.id.lower(): r.status for r in RESULTS}
SEVERITIES = {r.certificate.id.lower(): r.severity for r in RESULTS}

#: What a terminal must never receive from a pack: C0 controls but newline, DEL, C1 controls,
#: bidirectional controls, line and paragraph separators.
_TERMINAL_BAD = re.compile("[\x00-\x09\x0b-\x1f\x7f-\x9f\u061c\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069]")


def assert_terminal_inert(text: str, real_summary: bool = False) -> None:
    """No control byte but newline, no escape sequence, and no line of the pack's posing as the
    toolkit's summary (only the real one, when ``real_summary``: followed only by the toolkit's
    own lines saying what the exit code means)."""
    bad = _TERMINAL_BAD.findall(text)
    assert not bad, f"raw control characters reach the terminal: {bad[:5]!r}"
    lines = text.rstrip("\n").split("\n")
    fakes = [ln for ln in lines if ln.lstrip().startswith("Summary: 999")]
    assert not fakes, fakes[:3]
    summaries = [i for i, ln in enumerate(lines) if ln.startswith("Summary:")]
    exits = [i for i, ln in enumerate(lines) if ln.startswith("exit ")]
    if real_summary and exits:
        assert len(exits) == 1 and exits[0] == summaries[-1] + 1, [lines[i] for i in exits]
        assert "\n".join(lines[exits[0] :]).count("exit ") == 1
    else:
        assert not exits, [lines[i] for i in exits]
    last = exits[0] - 1 if real_summary and exits else len(lines) - 1
    assert summaries == ([last] if real_summary else []), [lines[i] for i in summaries]


def _emitted(lines) -> str:
    buf = io.StringIO()
    emit(lines, buf)
    return buf.getvalue()


# --- the escaping helpers themselves ---------------------------------------------------------------


def test_terminal_escape_shows_what_it_hides():
    assert escape.terminal("\x1b[2J") == "\\x1b[2J"
    assert escape.terminal("a\nSummary: 1") == "a\\nSummary: 1"
    assert escape.terminal("\r\b\t\u202e\x9b") == "\\r\\x08\\t\\u202e\\x9b"
    assert escape.terminal("a\nb", newlines=True) == "a\nb"
    for s in H.CORPUS:
        assert not _TERMINAL_BAD.search(escape.terminal(s)) and "\n" not in escape.terminal(s)


def test_html_escape_kept_per_process_is_the_escape_itself():
    """escape.html keeps the escape of a short str (a report escapes each id many times): the same
    text as html.escape of the XML-clean text, each time; a longer text and a str subclass (whose
    str() may differ) are escaped afresh."""
    import html as html_lib

    class Shown(str):
        def __str__(self) -> str:
            return "shown <differently>"

    long = "<b>" * 400
    for s in [*H.CORPUS, long, "plain", ""]:
        for quote in (True, False):
            want = html_lib.escape(escape.xml(s), quote=quote)
            assert escape.html(s, quote) == want and escape.html(s, quote=quote) == want
    assert escape.html(Shown("x")) == "shown &lt;differently&gt;"
    assert escape.html(3) == "3" and escape.html(None) == "None"


def test_text_the_toolkit_writes_is_unchanged():
    plain = "C3 PASS 0.12s γ_c ≈ 0.741 · √d_k — §7.9 (m = T-2) [printed 2.6%]; a*b_c #1 |x|"
    assert escape.terminal(plain) == plain and escape.xml(plain) == plain
    assert escape.mermaid_label("Prop 13 & eq. (21)") == "Prop 13 & eq. (21)"
    assert escape.dot_text("Prop 13 (eq. 21)") == "Prop 13 (eq. 21)"


def test_rich_markup_is_shown_not_interpreted():
    from rich.console import Console

    con = Console(file=io.StringIO(), width=200, color_system=None, highlight=False)
    con.print(escape.rich_text("[bold red]PASS[/] [link=http://evil.example]x[/link] \x1b[2J"))
    out = con.file.getvalue()
    assert "[bold red]PASS[/]" in out and "[link=http://evil.example]x[/link]" in out and "\x1b" not in out


def test_mermaid_ids_are_safe_and_distinct():
    keys = ["a.b", "a_b", "a-b", "a_b_2", "a b", "é", "end", 'a"]b', ""]
    ids = escape.mermaid_ids(keys)
    assert len(set(ids.values())) == len(keys)
    assert all(re.fullmatch(r"n_[A-Za-z0-9_]*", v) for v in ids.values())
    assert escape.mermaid_ids(["prop1.rope", "c3"]) == {"prop1.rope": "n_prop1_rope", "c3": "n_c3"}


# --- the terminal ------------------------------------------------------------------------------------


@pytest.mark.parametrize("verbose", [False, True])
def test_run_table_is_inert(verbose):
    text = _emitted(render.run_lines(RESULTS, 80, verbose=verbose, title="psa-cert (hostile)", elapsed=1.0))
    assert_terminal_inert(text, real_summary=True)
    assert "\\x1b[2J" in text  # shown, escaped, not dropped
    if not verbose:
        assert all(len(ln) <= 80 for ln in text.splitlines())


def test_list_show_and_baseline_lines_are_inert():
    known = {c.id.lower() for c in CERTS}
    lines = render.list_lines(CERTS, STATUSES, 80)
    for c in CERTS:
        lines += render.describe_lines(c, 80, STATUSES, known)
    for r in RESULTS:
        lines += render.outcome_lines(r, 80)
    from certificates import baseline as bl

    base = {c.id: {"status": "PASS", "severity": None} for c in CERTS}
    base["gone\x1b[2J\nSummary: 999 passed"] = {"status": "FAIL", "severity": "minor"}
    lines += render.baseline_lines(bl.compare(base, RESULTS, []), "b\x1b[2J.json", 80)
    assert_terminal_inert(_emitted(lines))


def test_emit_keeps_one_line_per_line():
    text = _emitted(["a\nSummary: 999 passed", "\x1b[2Jb", "c\rd"])
    assert text == "a\\nSummary: 999 passed\n\\x1b[2Jb\nc\\rd\n"


def test_displays_are_inert():
    from certificates import display

    for r in RESULTS:
        assert_terminal_inert(repr(r))
        _assert_markdown_inert(display.result_markdown(r))
        _parse_html(display.result_html(r))


# --- JSON and JUnit ------------------------------------------------------------------------------------


def test_json_round_trips_the_text_and_holds_no_control_character():
    text = render.to_json(RESULTS, {"pack": H.PACK})
    assert text.isascii() and not _TERMINAL_BAD.search(text)
    doc = json.loads(text)
    assert [c["id"] for c in doc["certificates"]] == [c.id for c in CERTS]  # data, kept exactly
    assert [c["detail"] for c in doc["certificates"]] == [r.detail for r in RESULTS]


def test_junit_is_well_formed_xml_1_0_with_the_text_as_text():
    text = render.to_junit(RESULTS)
    root = ET.fromstring(text.encode("utf-8"))  # expat: XML 1.0, no forbidden character
    cases = root.findall("testcase")
    assert len(cases) == len(RESULTS) and len(root) == len(RESULTS)
    for case, r in zip(cases, RESULTS):
        assert case.get("name").startswith(escape.xml(r.certificate.id))
        kinds = {child.tag for child in case}
        assert kinds <= {"failure", "error", "skipped", "system-out", "system-err"}
        for child in case:
            assert not list(child)  # text only: nothing from the pack became an element
    assert any("]]>" in "".join(case.itertext()) for case in cases)  # kept as text, not markup


# --- HTML and the SVG graph ------------------------------------------------------------------------

#: Every element the HTML report writes itself.
_HTML_TAGS = {
    "html", "head", "meta", "title", "style", "body", "header", "h1", "h2", "h3", "p", "nav", "a", "section",
    "strong", "div", "table", "caption", "tbody", "thead", "tr", "td", "th", "ol", "li", "br", "span", "em",
    "form", "label", "select", "option", "button", "noscript", "code", "article", "dl", "dt", "dd",
    "blockquote", "pre", "script", "svg", "defs", "marker", "path", "g", "title", "rect", "text", "b",
    "wbr", "details", "summary", "input", "circle", "ul",
}  # fmt: skip


class _Collect(html.parser.HTMLParser):
    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.tags: list[tuple[str, dict]] = []

    def handle_starttag(self, tag, attrs):
        self.tags.append((tag, dict(attrs)))


def _parse_html(text: str) -> list[tuple[str, dict]]:
    p = _Collect()
    p.feed(text)
    p.close()
    for tag, attrs in p.tags:
        assert tag in _HTML_TAGS, tag
        assert not any(k.startswith("on") for k in attrs if (tag, k) != ("form", "onsubmit")), (tag, attrs)
        if "href" in attrs:
            assert attrs["href"].startswith("#"), attrs["href"]
    return p.tags


def test_html_report_and_svg_are_inert():
    rep = report.build(CERTS, RESULTS, pack=H.PACK, source="src\x1b[2J<script>", version="v")
    page = report.render_html(rep)
    tags = _parse_html(page)
    assert sum(t == "script" for t, _ in tags) == 1  # the report's own filter script only
    svg = page[page.index("<svg") : page.index("</svg>") + len("</svg>")]
    root = ET.fromstring(svg)  # the inline SVG is well-formed XML too
    ns = "{http://www.w3.org/2000/svg}"
    links = root.findall(f".//{ns}a")
    assert links and all(a.get("href", "").startswith("#") for a in links)
    node_ids = {n.get("data-id") for n in root.iter() if n.get("class") == "node"}
    normalised = {re.sub(r"[\n\r\t]", " ", escape.xml(k).replace("\r\n", "\n")) for k in rep.nodes}
    assert node_ids == normalised  # (an XML parser normalises line breaks in attributes)
    assert not re.search("[\x00-\x08\x0b\x0c\x0e-\x1f]", page)


# --- Markdown --------------------------------------------------------------------------------------


def _outside_fences(md: str) -> str:
    out, fence = [], None
    for ln in md.split("\n"):
        m = re.match(r"^(`{3,})", ln)
        if fence is None and m:
            fence = m.group(1)
            continue
        if fence is not None:
            if ln.startswith(fence) and ln.strip("`") == "":
                fence = None
            continue
        out.append(ln)
    return "\n".join(out)


def _assert_markdown_inert(md: str) -> None:
    from markdown_it import MarkdownIt

    rendered = MarkdownIt("commonmark").enable("table").render(md)
    tags = _Collect()
    tags.feed(rendered)
    for tag, attrs in tags.tags:
        assert tag not in ("img", "script", "iframe", "object", "svg"), (tag, attrs)
        assert not any(k.startswith("on") for k in attrs), (tag, attrs)
        if tag == "a":
            assert attrs.get("href", "#").startswith("#"), attrs
    text = _outside_fences(md)
    # GitHub's extended autolinks: a bare URL, www. or an e-mail address would become a link
    assert not re.search(r"[A-Za-z][A-Za-z0-9+.-]*://", text), re.findall(r".{20}://.{10}", text)[:3]
    assert not re.search(r"(?i)\bwww\.", text)
    assert not re.search(r"(?<!\\)@", text)
    assert not re.search(r"(?i)(?<!\\)\b(mailto|xmpp):", text.replace("\\:", ""))


def test_markdown_report_is_inert():
    rep = report.build(CERTS, RESULTS, pack=H.PACK, source="src ![x](http://evil.example/p.png)", version="v")
    md = report.render_markdown(rep)
    _assert_markdown_inert(md)
    # the table rows keep their columns: no cell broke out with a '|'
    from markdown_it import MarkdownIt

    rendered = MarkdownIt("commonmark").enable("table").render(md)
    assert "<table>" in rendered
    # in the source, every row of a table has as many cell ends as its header (an evidence table
    # has its own number of columns): a '|' not preceded by an odd run of backslashes ends a cell
    ends = re.compile(r"(?<!\\)(?:\\\\)*\|")
    blocks = re.findall(r"(?m)(?:^\|.*\n?)+", _outside_fences(md))
    assert blocks
    for block in blocks:
        counts = {len(ends.findall(ln)) for ln in block.splitlines()}
        assert len(counts) == 1, block[:300]


def test_markdown_cells_keep_columns_and_links_stay_broken():
    for s in H.CORPUS:
        cell = escape.markdown(s, cell=True)
        table = f"| a | b |\n|---|---|\n| {cell} | x |\n"
        from markdown_it import MarkdownIt

        rendered = MarkdownIt("commonmark").enable("table").render(table)
        assert rendered.count("<td") == 2, (s, rendered)
        assert "<a " not in rendered and "<img" not in rendered


# --- Mermaid and DOT -------------------------------------------------------------------------------


def test_mermaid_is_inert():
    nodes = g.build(CERTS, STATUSES, SEVERITIES)
    mmd = g.to_mermaid(nodes)
    lines = mmd.rstrip("\n").split("\n")
    assert lines[0] == "flowchart LR"
    node_lines = [ln for ln in lines if re.match(r"^  n_\w*\[", ln)]
    assert len(node_lines) == len(nodes)
    ids = set()
    for ln in node_lines:
        m = re.fullmatch(r'  (n_[A-Za-z0-9_]+)\["([^"\n]*)"\]', ln)
        assert m, ln
        ids.add(m.group(1))
        label = m.group(2).replace("<br/>", "")
        assert not re.search(r"[<>`]|%%|#(?![0-9]+;)|&(?=[A-Za-z0-9#])", label), label
    assert len(ids) == len(nodes)  # one node each: no two keys share an id
    for ln in lines[1:]:
        assert ln in node_lines or re.fullmatch(
            r"  (n_\w+ --> n_\w+|classDef \w+ fill:#[0-9a-f]{6},color:#[0-9a-f]{6};|class n_\w+ \w+;)", ln
        ), ln


_DOT_TOKEN = re.compile(r'\s*(?:("(?:[^"\\]|\\.)*")|(->|[{}\[\];,=])|([A-Za-z_][A-Za-z0-9_.]*|-?[0-9.]+))', re.S)


def _dot_statements(text: str):
    """A strict reader of the DOT the toolkit writes: ``digraph NAME { stmt; ... }`` where a
    statement is ``ID [k=v, ...]``, ``ID -> ID`` or a default (``rankdir=LR``, ``node [...]``)."""
    toks, pos = [], 0
    while pos < len(text.rstrip()):
        m = _DOT_TOKEN.match(text, pos)
        assert m and m.end() > pos, f"not DOT at {text[pos : pos + 40]!r}"
        toks.append(m.group(1) or m.group(2) or m.group(3))
        pos = m.end()
    assert toks[:3] == ["digraph", "psa_statements", "{"] and toks[-1] == "}"
    stmts, cur = [], []
    for t in toks[3:-1]:
        if t == ";":
            stmts.append(cur)
            cur = []
        else:
            cur.append(t)
    assert not cur
    return stmts


def _unquote(tok: str) -> str:
    """A quoted DOT string as Graphviz reads it (``\\"`` is the only escape)."""
    assert tok.startswith('"') and tok.endswith('"'), tok
    return tok[1:-1].replace('\\"', '"')


def _node_key(tok: str) -> str:
    from urllib.parse import unquote

    return unquote(_unquote(tok), errors="surrogatepass")


def test_dot_ids_cannot_redraw_a_node():
    nodes = g.build(CERTS, STATUSES, SEVERITIES)
    stmts = _dot_statements(g.to_dot(nodes))
    seen: dict[str, dict] = {}
    edges = 0
    for st in stmts:
        if st[0] in ("rankdir", "node"):
            continue
        if len(st) == 3 and st[1] == "->":
            edges += 1
            assert _node_key(st[0]) in nodes and _node_key(st[2]) in nodes
            continue
        key = _node_key(st[0])
        assert st[1] == "[" and st[-1] == "]", st
        body = st[2:-1]
        attrs = {}
        for i in range(0, len(body), 4):
            k, eq, v = body[i : i + 3]
            assert eq == "=" and (i + 3 == len(body) or body[i + 3] == ","), body
            attrs[k] = _unquote(v)
        assert set(attrs) == {"label", "fillcolor", "fontcolor"}, attrs
        assert key not in seen
        seen[key] = attrs
    assert set(seen) == set(nodes) and edges == sum(len(n.depends) for n in nodes.values())
    forged = next(k for k in nodes if H.DOT_FORGERY.lower() in k)
    assert nodes[forged].status is not Status.PASS
    assert seen[forged]["fillcolor"] == g.COLOURS[nodes[forged].status]  # drawn as what it is
    assert "fully green" not in seen[forged]["label"].split("\\n")[-1]


# --- the CLI, end to end ----------------------------------------------------------------------------


@pytest.fixture
def hostile_pack(monkeypatch):
    packs = reg_mod.available_packs()
    monkeypatch.setattr(reg_mod, "available_packs", lambda: {**packs, H.PACK: lambda: lambda: list(CERTS)})
    monkeypatch.setenv("COLUMNS", "80")


def _run(argv, capsys):
    code = cli.cert_main(argv)
    out, err = capsys.readouterr()
    return code, out, err


def test_cli_run_list_show_graph_are_inert(hostile_pack, capsys, tmp_path, monkeypatch):
    monkeypatch.setenv("PSA_TOOLKIT_MAX_MEMORY", "4GiB")
    # one run gives the verbose table and the JUnit XML (of the same results)
    code, out, err = _run(["run", "--pack", H.PACK, "--jobs", "1", "-v", "--junit", str(tmp_path / "j.xml")], capsys)
    assert code == 1
    assert_terminal_inert(out, real_summary=True)
    assert_terminal_inert(err)
    ET.fromstring((tmp_path / "j.xml").read_bytes())
    code, out, err = _run(["list", "--pack", H.PACK], capsys)
    assert code == 0
    assert_terminal_inert(out + err)
    for c in [c for c in CERTS if c.id == c.id.strip()][:10]:  # (show strips the id it is given)
        code, out, err = _run(["show", c.id, "--pack", H.PACK], capsys)
        assert code in (0, 1)
        assert_terminal_inert(out + err)
    code, out, err = _run(["graph", "--pack", H.PACK, "--out", str(tmp_path / "g")], capsys)
    assert code == 0 and (tmp_path / "g.dot").exists()
    assert_terminal_inert(out + err)
    _dot_statements((tmp_path / "g.dot").read_text())
    code, out, err = _run(["report", "--pack", H.PACK, "--last-run", "--markdown", str(tmp_path / "r.md")], capsys)
    assert code == 0
    _assert_markdown_inert((tmp_path / "r.md").read_text())


def test_the_built_in_packs_text_passes_every_escape_unchanged():
    """What the built-in packs write has nothing to escape: their outputs stay byte-identical."""
    certs = list(reg_mod.load_registry("all"))
    keys = [c.id.lower() for c in certs]
    assert escape.mermaid_ids(keys) == {k: "n_" + re.sub("[^A-Za-z0-9]", "_", k) for k in keys}
    assert all(escape.dot_id(k) == f'"{k}"' for k in keys)
    for c in certs:
        for text in (c.id, c.title, c.supports, c.verifies, c.statement, c.section, c.reason, c.level):
            assert escape.terminal(text) == text and escape.xml(text) == text
        for text in (c.id, c.supports):  # what a graph node shows
            assert escape.dot_text(text) == " ".join(text.split())
            assert escape.mermaid_label(text) == " ".join(text.split()), text


def test_the_pytest_plugin_reports_pack_text_escaped():
    from types import SimpleNamespace

    import psa_toolkit_pytest as plugin

    for r in RESULTS:
        if r.status not in (Status.FAIL, Status.ERROR):
            continue
        item = plugin.CertificateItem.__new__(plugin.CertificateItem)
        item.cert = r.certificate
        text = item.repr_failure(SimpleNamespace(value=plugin.CertificateFailure(r)))
        assert len(text.splitlines()) == 5  # its five lines, nothing added by the pack
        assert_terminal_inert(text)
        assert_terminal_inert(item.reportinfo()[2])
