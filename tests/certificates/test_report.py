"""psa-cert report: the self-contained HTML page, its Markdown twin and the CLI around them."""

from __future__ import annotations

import re
from html.parser import HTMLParser

import pytest

from certificates import graph, lastrun, report
from certificates.registry import Certificate, Kind, Status, verdict
from certificates.render import summary_line
from certificates.runner import run_all
from certificates.svg_graph import layout
from psa_io.escape import html as escape_html
from tests.chromium import chrome, chromium

LONG = "the recomputed value differs from the printed one; " * 8  # > 240 characters, kept whole


def _check_pass(value="1.5", *, trials=10):
    """Accept the printed 1.5."""
    return verdict(float(value) == 1.5, float(value), 1.5, "recomputed 1.5")


def _check_fail(bound="2", *, seed=0):
    """The printed bound 2 is too small."""
    return verdict(float(bound) >= 3, 3.0, float(bound), LONG, severity="substantive")


def _check_minor():
    return verdict(False, 1, 2, "a slip in a constant", severity="minor", reading="reading A, not B")


def _check_same():
    return verdict(False, 3.0, 2.0, "the same wrong bound", severity="substantive", same_finding_as=("t.fail",))


def _check_error():
    raise ZeroDivisionError("boom")


def _cert(cid, check, *, depends=(), kind=Kind.NUMERIC, section="§1", pack="testpack", **kw):
    return Certificate(
        id=cid,
        title=f"title of {cid}",
        supports=f"Eq ({cid})",
        verifies="a check",
        kind=kind,
        check=check,
        pack=pack,
        section=section,
        level="operator",
        depends=depends,
        statement=f"statement of {cid} with <script>alert(1)</script> & x<y",
        **kw,
    )


@pytest.fixture(scope="module")
def certs():
    return [
        _cert("t.base", _check_pass),
        _cert("t.fail", _check_fail, depends=("t.base",), section="§2"),
        _cert("t.minor", _check_minor, depends=("t.fail", "t.missing"), section="§2.1"),
        _cert("t.same", _check_same, depends=("t.base",), kind=Kind.SYMBOLIC),
        _cert("t.err", _check_error, depends=("t.same",), pack="otherpack"),
        _cert("t.nc", None, kind=Kind.NOT_CHECKABLE, reason="a conjecture"),
        _cert("t.leaf", _check_pass, depends=("t.base",)),
    ]


@pytest.fixture(scope="module")
def results(certs):
    return run_all(certs)


@pytest.fixture(scope="module")
def rep(certs, results):
    return report.build(certs, results, pack="testpack", source="run for the test", version="9.9")


class _Doc(HTMLParser):
    """Every start tag with its attributes, the text inside <style>/<script>, and all text."""

    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.tags: list[tuple[str, dict]] = []
        self.decls: list[str] = []
        self.styles: list[str] = []
        self.scripts: list[str] = []
        self.text: list[str] = []
        self._in = None

    def handle_decl(self, decl):
        self.decls.append(decl)

    def handle_starttag(self, tag, attrs):
        self.tags.append((tag, dict(attrs)))
        if tag in ("style", "script"):
            self._in = tag

    def handle_startendtag(self, tag, attrs):
        self.tags.append((tag, dict(attrs)))

    def handle_endtag(self, tag):
        if tag == self._in:
            self._in = None

    def handle_data(self, data):
        if self._in == "style":
            self.styles.append(data)
        elif self._in == "script":
            self.scripts.append(data)
        else:
            self.text.append(data)

    def all(self, tag, **want):
        return [a for t, a in self.tags if t == tag and all(a.get(k) == v for k, v in want.items())]


@pytest.fixture(scope="module")
def page(rep):
    html = report.render_html(rep)
    doc = _Doc()
    doc.feed(html)
    doc.close()
    return html, doc


def test_one_document_without_external_resource(page):
    html, doc = page
    assert [d.lower() for d in doc.decls] == ["doctype html"]
    assert len(doc.all("html")) == 1 and len(doc.all("head")) == 1 and len(doc.all("body")) == 1
    for tag, attrs in doc.tags:
        for name in ("src", "href", "xlink:href", "action", "data"):
            value = (attrs.get(name) or "").strip().lower()
            assert not value.startswith(("http:", "https:", "//", "ftp:")), (tag, name, value)
        assert not (tag == "link" and "stylesheet" in (attrs.get("rel") or "")), attrs
        assert tag not in ("iframe", "img", "object", "embed"), tag
        assert "src" not in attrs, (tag, attrs)  # no script or image is loaded from anywhere
    css = "".join(doc.styles)
    assert css and "@import" not in css and "url(" not in css and "@font-face" not in css
    assert len(doc.all("script")) == 1 and doc.scripts and "fetch(" not in doc.scripts[0]


def test_text_is_escaped(page, certs):
    html, doc = page
    assert "<script>alert(1)</script>" not in html
    assert "&lt;script&gt;alert(1)&lt;/script&gt;" in html
    assert any("statement of t.base with <script>alert(1)</script> & x<y" in t for t in doc.text)


def test_svg_has_one_linked_node_per_certificate(page, rep, certs):
    html, doc = page
    assert len(doc.all("svg", **{"class": "depgraph"})) == 1
    assert len(doc.all("svg", **{"class": "focusgraph desk"})) == len(certs)  # one focus view each,
    assert len(doc.all("svg", **{"class": "focusgraph phone"})) == len(certs)  # drawn for a desk and a phone
    nodes = [(t, a) for t, a in doc.tags if "node" in (a.get("class") or "").split()]
    ids = [a["data-id"] for _, a in nodes]
    assert sorted(ids) == sorted([c.id.lower() for c in certs] + ["t.missing"])  # + unknown dependency
    element_ids = {a["id"] for _, a in doc.tags if "id" in a}
    linked = {a["data-id"]: a["href"] for t, a in nodes if t == "a"}
    assert set(linked) == {c.id.lower() for c in certs}  # the one without certificate: no link
    for key, href in linked.items():
        assert href.startswith("#") and href[1:] in element_ids, (key, href)
    statuses = {a["data-id"]: a["data-status"] for _, a in nodes}
    assert statuses["t.fail"] == "FAIL" and statuses["t.err"] == "ERROR" and statuses["t.missing"] == "not-run"
    sev = {a["data-id"]: a.get("data-severity") for _, a in nodes}
    assert sev["t.fail"] == "substantive" and sev["t.minor"] == "minor" and sev["t.base"] is None
    # the node's fill is graph.COLOURS of its status, and a FAIL node names its severity
    svg = html[html.index("<svg") : html.index("</svg>")]
    t_fail = svg[svg.index('data-id="t.fail"') :]
    t_fail = t_fail[: t_fail.index("</a>")]
    assert graph.COLOURS[Status.FAIL] in t_fail and "FAIL (substantive)" in t_fail


def test_every_internal_link_resolves(page):
    _, doc = page
    element_ids = {a["id"] for _, a in doc.tags if "id" in a}
    hrefs = [a["href"] for t, a in doc.tags if t == "a" and "href" in a]
    assert hrefs
    for h in hrefs:
        assert h.startswith("#") and h[1:] in element_ids, h


def test_summary_errata_and_statements(page, rep, results, certs):
    html, doc = page
    text = " ".join(doc.text)
    assert doc.all("section", id="summary") and summary_line(results) in text
    # two substantive FAILs, one a repeat of the other: 2 certificates, 1 distinct finding
    summary = html[html.index('id="summary"') : html.index('id="graph"')]
    assert "<tr><td>substantive</td><td class=num>2</td><td class=num>1</td></tr>" in summary
    assert "<tr><td>minor</td><td class=num>1</td><td class=num>1</td></tr>" in summary
    # errata: substantive, substantive, minor, then the error; the repeat says so
    errata = html[html.index('id="errata"') : html.index('id="statements-table"')]
    order = [errata.index(f'href="#{rep.entries[i].anchor}"') for i in (1, 3, 2, 4)]
    assert order == sorted(order)
    assert "same finding as" in errata and "not counted again" in errata
    assert LONG.strip() in text  # evidence in full
    claims = re.findall(r'<pre class="claims">(.*?)</pre>', html, re.S)
    settings = re.findall(r'<pre class="settings">(.*?)</pre>', html, re.S)
    assert "value = 1.5" in claims and "bound = 2" in claims  # claims as printed
    assert "trials = 10" in settings and "seed = 0" in settings  # settings are not claims
    assert not any("trials" in c or "seed" in c for c in claims)
    assert "a conjecture" in text and "reading A, not B" in text
    arts = doc.all("article")
    assert len(arts) == len(certs) and {a["id"] for a in arts} == {e.anchor for e in rep.entries}


def test_filter_controls_and_table(page, certs):
    html, doc = page
    assert doc.all("form", id="filters")
    names = [a.get("name") for a in doc.all("select")]
    assert names == ["status", "severity", "section", "kind", "pack"]
    options = {a.get("value") for a in doc.all("option")}
    assert {
        "PASS",
        "FAIL",
        "ERROR",
        "NOT-CHECKABLE",
        "substantive",
        "minor",
        "otherpack",
        "§2.1",
        "symbolic",
    } <= options
    rows = [a for t, a in doc.tags if t == "tr" and "data-filterable" in a]
    assert len(rows) == len(certs)
    assert {r["data-pack"] for r in rows} == {"testpack", "otherpack"}
    # without JavaScript everything shows: only the filter form starts hidden, never a row
    assert not any("hidden" in (a.get("class") or "") for a in rows)
    assert doc.all("noscript") is not None and "<noscript>" in html


def test_markdown_structure(rep, certs, results):
    md = report.render_markdown(rep)
    lines = md.splitlines()
    assert lines[0].startswith("# ")
    heads = [ln for ln in lines if ln.startswith("## ")]
    assert heads == ["## Summary", "## Errata", "## All statements", "## Dependency graph", "## Statements"]
    assert sum(ln.startswith("### ") for ln in lines) == len(certs)
    assert summary_line(results) in md
    assert "```mermaid" in md and graph.to_mermaid(rep.nodes).splitlines()[1] in md
    assert "Markdown cannot hold an inline SVG" in md
    assert "| severity | FAIL certificates | distinct findings |" in md
    errata_rows = [
        ln for ln in md.split("## Errata")[1].split("## All")[0].splitlines() if ln.startswith("| ") and ln[2].isdigit()
    ]
    assert len(errata_rows) == 4 and "t.err" in errata_rows[-1] and "t.same" in errata_rows[1]
    assert "same finding as t.fail" in errata_rows[1]
    assert "<script>" not in md and LONG.strip() in md
    for e in rep.entries:
        assert f'<a id="{e.anchor}"></a>' in md


def test_layout_puts_dependencies_left_and_survives_cycles(certs):
    nodes = graph.build(certs, {})
    placed, w, h = layout(nodes)
    assert set(placed) == set(nodes)
    for key, n in nodes.items():
        for d in n.depends:
            assert placed[d].x < placed[key].x, (key, d)
    assert placed["t.nc"].layer == -1  # no edge: the grid below
    boxes = {(p.x, p.y) for p in placed.values()}
    assert len(boxes) == len(placed)  # no two nodes on the same spot
    cyc = [_cert("c.a", None, depends=("c.b",)), _cert("c.b", None, depends=("c.a",))]
    cn = graph.build(cyc, {})
    cp, _, _ = layout(cn)
    assert set(cp) == {"c.a", "c.b"} and cp["c.a"].layer == cp["c.b"].layer


def test_last_run_records_round_trip(tmp_path, monkeypatch, certs, results):
    monkeypatch.setenv("PSA_TOOLKIT_CACHE", str(tmp_path))
    lastrun.save(results, "testpack", "9.9")
    stored = lastrun.load("testpack")
    assert lastrun.statuses("testpack")["t.fail"] is Status.FAIL
    again = report.results_from_last_run(certs, stored)
    assert [(r.certificate.id, r.status, r.severity, r.same_finding_as, r.detail) for r in again] == [
        (r.certificate.id, r.status, r.severity, r.same_finding_as, r.detail) for r in results
    ]
    by = {r.certificate.id: r for r in again}
    assert by["t.fail"].measured == 3.0 and by["t.fail"].expected == 2.0
    assert stored["t.fail"]["pack"] == "testpack" and stored["t.fail"]["elapsed_s"] >= 0


# --- the CLI -------------------------------------------------------------------------------------


def _cli(argv, capsys):
    from cli import cert_main

    rc = cert_main(argv)
    out, err = capsys.readouterr()
    return rc, out, err


def test_cli_needs_an_output(capsys):
    rc, _, err = _cli(["report"], capsys)
    assert rc == 2 and len(err.strip().splitlines()) == 1 and "--html" in err


def test_cli_unwritable_path_fails_before_running(tmp_path, monkeypatch, capsys):
    monkeypatch.setenv("PSA_TOOLKIT_CACHE", str(tmp_path / "cache"))
    bad = tmp_path / "no" / "such" / "dir" / "r.html"
    rc, _, err = _cli(["report", "--html", str(bad)], capsys)  # would run the whole pack
    assert rc == 2 and len(err.strip().splitlines()) == 1 and "cannot write" in err
    assert not (tmp_path / "cache").exists()  # nothing ran, nothing stored
    rc, _, err = _cli(["report", "--markdown", str(tmp_path)], capsys)  # a directory
    assert rc == 2 and "cannot write" in err


def test_cli_last_run_without_stored_run(tmp_path, monkeypatch, capsys):
    monkeypatch.setenv("PSA_TOOLKIT_CACHE", str(tmp_path))
    out = tmp_path / "r.html"
    rc, _, err = _cli(["report", "--html", str(out), "--last-run"], capsys)
    assert rc == 2 and len(err.strip().splitlines()) == 1 and "no stored run" in err
    assert not out.exists()


def test_cli_last_run_writes_both(tmp_path, monkeypatch, capsys):
    from certificates import load_registry
    from certificates.results import Result

    monkeypatch.setenv("PSA_TOOLKIT_CACHE", str(tmp_path))
    reg = list(load_registry("psa"))
    picked = reg[:3]  # stored verdicts for three real statements; the rest: not run
    stored = [
        Result(picked[0], Status.PASS, 1.0, 1.0, "ok", 0.1),
        Result(picked[1], Status.FAIL, 2.0, 1.0, "printed 1, recomputed 2", 0.2, severity="minor"),
        Result(picked[2], Status.ERROR, None, None, "ValueError: x", 0.0),
    ]
    lastrun.save(stored, "psa", "9.9")
    html, md = tmp_path / "r.html", tmp_path / "r.md"
    rc, out, err = _cli(["report", "--html", str(html), "--markdown", str(md), "--last-run"], capsys)
    assert rc == 0, err
    assert "wrote" in out and str(html) in out
    doc = _Doc()
    doc.feed(html.read_text(encoding="utf-8"))
    nodes = [a for _, a in doc.tags if "node" in (a.get("class") or "").split()]
    assert {c.id.lower() for c in reg} <= {a["data-id"] for a in nodes}
    text = " ".join(doc.text)
    assert "last 'psa-cert run'" in text and "9.9" in text
    assert f"{len(reg) - 3} without a verdict" in text
    assert md.read_text(encoding="utf-8").count("\n### ") == len(reg)


# --- rendered by a real browser -------------------------------------------------------------------


@pytest.mark.slow  # Chromium: the slow tier
@pytest.mark.skipif(chromium() is None, reason="no chromium installed")
def test_chromium_renders_summary_and_graph(tmp_path, page, certs, results):
    pil = pytest.importorskip("PIL.Image")
    html, _ = page
    path = tmp_path / "report.html"
    path.write_text(html, encoding="utf-8")
    dom = chrome(tmp_path, "--dump-dom", path.as_uri()).stdout
    assert 'id="summary"' in dom and "Summary" in dom and "<svg" in dom
    assert dom.count('class="node"') == len(certs) + 1
    # the inline script ran: the filter form is shown and counts the rows
    assert f"{len(certs)} of {len(certs)} statements shown" in dom
    # a preset filter (?status=FAIL) hides every other row and statement
    fails = sum(r.status is Status.FAIL for r in results)
    dom = chrome(tmp_path, "--dump-dom", path.as_uri() + "?status=FAIL").stdout
    assert f"{fails} of {len(certs)} statements shown" in dom
    shown = re.findall(r'<tr data-filterable="" data-status="([^"]+)"[^>]*?(?:class="([^"]*)")?>', dom)
    assert len(shown) == len(certs)
    assert all(("hidden" in (cls or "")) == (st != "FAIL") for st, cls in shown), shown
    png = tmp_path / "shot.png"
    chrome(tmp_path, f"--screenshot={png}", "--window-size=1280,2000", path.as_uri(), text=False)
    assert png.exists()
    img = pil.open(png).convert("RGB")
    assert img.size == (1280, 2000)
    colours = img.getcolors(maxcolors=1 << 20)
    assert colours is not None and len(colours) > 50  # not blank: text, tables, badges
    fail = tuple(int(graph.COLOURS[Status.FAIL][i : i + 2], 16) for i in (1, 3, 5))
    assert any(c == fail for _, c in colours)  # a FAIL badge or node is painted


def test_cli_runs_the_certificates_without_last_run(tmp_path, monkeypatch, capsys, certs):
    from certificates.commands import report as report_command
    from certificates.registry import Registry

    monkeypatch.setenv("PSA_TOOLKIT_CACHE", str(tmp_path / "cache"))
    monkeypatch.setattr(report_command, "load_pack", lambda pack: Registry(certs))
    out = tmp_path / "r.md"
    rc, stdout, err = _cli(["report", "--markdown", str(out), "--pack", "testpack"], capsys)
    assert rc == 0, err
    assert f"ran {len(certs)}/{len(certs)} certificates" in err  # progress on stderr
    md = out.read_text(encoding="utf-8")
    assert "certificates run for this report" in md and md.count("\n### ") == len(certs)
    assert lastrun.statuses("testpack")["t.fail"] is Status.FAIL  # the run is stored
    assert lastrun.statuses("otherpack")["t.err"] is Status.ERROR


# --- blueprint: focus views, blocked statements, baseline comparison ---------------------------------


def test_every_statement_has_a_focus_view_reachable_from_its_section_and_node(page, rep):
    from certificates.focus import focus_id

    html, doc = page
    focus = {a["id"]: a for a in doc.all("section") if "focus" in (a.get("class") or "").split()}
    assert set(focus) == {focus_id(e.anchor) for e in rep.entries}
    hrefs = [a.get("href") for a in doc.all("a")]
    for e in rep.entries:
        assert hrefs.count("#" + focus_id(e.anchor)) >= 2, e.key  # the statement's link and its graph node
    # a focus view draws the statement, its dependencies and its users: t.fail <- t.minor; t.base -> t.fail
    fail = html[html.index(f'id="{focus_id(rep.entries[1].anchor)}"') :]
    fail = fail[: fail.index("</section>")]
    drawn = set(re.findall(r'class="fnode" data-id="([^"]+)"', fail))
    assert drawn == {"t.fail", "t.base", "t.minor"}  # not t.missing: a dependency of a user
    assert ".focus:target" in " ".join(doc.styles)  # shown by the address alone, no script needed


def test_blocked_pass_is_marked_and_counted(page, rep, results):
    html, doc = page
    # t.leaf passes and depends only on t.base (passes): not blocked; nothing in the fixture is a
    # PASS over a FAIL, so build one: a PASS that depends on t.fail
    assert rep.blocked_count == 0 and "blocked (PASS, but a dependency FAILs: substantive or minor)" in html
    certs2 = [r.certificate for r in results] + [_cert("t.over", _check_pass, depends=("t.minor",))]
    results2 = list(results) + run_all(certs2[-1:])
    rep2 = report.build(certs2, results2, pack="testpack", source="s", version="v")
    assert rep2.blocked["t.over"] == ["t.fail", "t.minor"] and rep2.blocked_count == 1
    html2 = report.render_html(rep2)
    assert re.search(r'data-id="t\.over" data-status="PASS" data-blocked="1"', html2)
    assert "blocked by 2 FAILs" in html2
    assert "<tr><td>blocked (PASS, but a dependency FAILs: substantive or minor)</td><td class=num>1</td></tr>" in html2
    assert "| blocked (PASS, a dependency FAILs: substantive or minor) | 1 |" in report.render_markdown(rep2)
    # the legend states the one definition, and a PASS over reading-grade FAILs only is "on a reading"
    from certificates.svg_graph import BLOCKED_MEANING, READING_MEANING

    assert escape_html(BLOCKED_MEANING) in html2 and escape_html(READING_MEANING) in html2
    import dataclasses

    results3 = [  # t.fail passes now and t.minor is reading-grade: t.over rests on a reading only
        dataclasses.replace(r, severity="reading") if r.certificate.id == "t.minor" else r
        for r in results2
        if r.certificate.id != "t.fail"
    ]
    rep3 = report.build(certs2, results3, pack="testpack", source="s", version="v")
    assert rep3.blocked_count == 0 and rep3.reading_count == 1
    html3 = report.render_html(rep3)
    assert re.search(r'data-id="t\.over" data-status="PASS" data-reading="1"', html3)
    assert "PASS, on a reading" in html3 and "on a reading of" in html3


def test_errata_give_the_finding_first_and_fold_the_evidence(page):
    html, _ = page
    errata = html[html.index('id="errata"') : html.index('id="statements-table"')]
    assert errata.count("<details>") == errata.count("<li ")
    first = errata[errata.index("<li ") : errata.index("</li>")]
    assert first.index('class="finding"') < first.index("<details>")
    assert LONG.strip()[:60] in first[first.index("<details>") :]


def test_section_filter_in_paper_order():
    assert sorted(["§10", "§2.1", "§2", "§7.10", "§7.9", "§A"], key=report.section_order) == [
        "§2",
        "§2.1",
        "§7.9",
        "§7.10",
        "§10",
        "§A",
    ]


def test_cli_baseline_lists_an_edited_verdict_and_grade(tmp_path, monkeypatch, capsys, certs, results):
    import json

    from certificates import baseline as bl
    from certificates.commands import report as report_command
    from certificates.registry import Registry

    monkeypatch.setenv("PSA_TOOLKIT_CACHE", str(tmp_path / "cache"))
    monkeypatch.setattr(report_command, "load_pack", lambda pack: Registry(certs))
    for pack in ("testpack", "otherpack"):
        lastrun.save([r for r in results if r.certificate.pack == pack], pack, "9.9")
    base = tmp_path / "base.json"
    bl.write(str(base), results, "9.9")
    doc = json.loads(base.read_text())
    doc["certificates"]["t.base"]["status"] = "FAIL"  # an edited verdict: now reads as fixed
    doc["certificates"]["t.base"]["severity"] = "minor"
    doc["certificates"]["t.minor"]["severity"] = "reading"  # an edited grade
    doc["certificates"]["t.leaf"]["evidence"] = "proved"  # an edited evidence level
    base.write_text(json.dumps(doc))
    html, md, js = tmp_path / "r.html", tmp_path / "r.md", tmp_path / "d.json"
    argv = ["report", "--last-run", "--baseline", str(base), "--html", str(html), "--markdown", str(md)]
    rc, out, err = _cli(argv + ["--json-diff", str(js)], capsys)
    assert rc == 0, err
    page = html.read_text(encoding="utf-8")
    assert page.index('id="changes"') < page.index('id="summary"')  # at the top
    changes = page[page.index('id="changes"') : page.index('id="summary"')]
    assert "fixed: t.base: FAIL (minor) -&gt; PASS" in changes
    assert "severity changed: t.minor: FAIL (reading) -&gt; FAIL (minor)" in changes
    assert "evidence changed: t.leaf: proved -&gt; " in changes
    text = md.read_text(encoding="utf-8")
    assert text.index("## Changed since the baseline") < text.index("## Summary")
    assert "fixed: t.base: FAIL (minor) -&gt; PASS" in text and "severity changed: t.minor" in text  # ">" escaped
    d = json.loads(js.read_text())
    assert {(c["kind"], c["id"]) for c in d["changes"]} == {("fixed", "t.base"), ("severity changed", "t.minor")}
    assert [e["id"] for e in d["evidence_changes"]] == ["t.leaf"]
    # a baseline that is not one: exit 2 before anything is written
    rc, _, err = _cli(["report", "--last-run", "--baseline", str(html), "--html", str(tmp_path / "x.html")], capsys)
    assert rc == 2 and "not JSON" in err and not (tmp_path / "x.html").exists()


def test_used_by_is_every_dependent_in_the_order_of_the_report(rep):
    """``Report.dependents`` (one pass over the report) is, for every statement, the entries whose
    statement depends on it, in report order and each once -- what a scan of every entry per
    statement gave (the "used by" of each statement)."""
    assert any(rep.dependents.values())
    for e in rep.entries:
        scan = [x for x in rep.entries if any(d.lower() == e.key for d in x.cert.depends)]
        assert rep.dependents.get(e.key, []) == scan
