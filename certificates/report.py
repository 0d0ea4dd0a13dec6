"""A referee's blueprint of a paper: one self-contained HTML page (or Markdown) per run.

:func:`build` turns certificates and their results (a fresh run, or the stored verdicts of the
last ``psa-cert run``) into a :class:`Report`; :func:`render_html` and :func:`render_markdown`
write it out.  Both are pure string building; every text from a certificate is escaped.

The HTML page needs nothing from the network: inline ``<style>``, an inline ``<script>`` that
only filters the table, zooms the graph and accepts an id in the address in any case (without
JavaScript everything is shown and the lower-case address works), and the dependency graph as
inline SVG (:mod:`certificates.svg_graph`) whose nodes link to the statements' sections, and a
focus view per statement (:mod:`certificates.focus`).
"""

from __future__ import annotations

import re
import time
from dataclasses import dataclass
from functools import cached_property
from typing import Iterable, Optional

from psa_io.escape import html as escape
from psa_io.escape import markdown, markdown_fence

from . import graph as _graph
from .claims import claim_parameters, format_claim, setting_parameters
from .evidence_table import evidence_html, evidence_markdown, result_evidence, tidy_text
from .findings import one_line_finding
from .focus import focus_id, focus_section, id_html, users_of
from .registry import Certificate, Status
from .render import errata_order, status_label, summary_line
from .results import BLOCKED, ON_A_READING, Blockage, Result, blockage, blocked_by, counts

SEVERITY_ORDER = ("substantive", "minor", "reading")


# --- the model ---------------------------------------------------------------------------------


@dataclass
class Entry:
    """One statement: the certificate, its verdict (``result`` is None when none is known) and the
    claims as printed."""

    cert: Certificate
    key: str
    anchor: str
    result: Optional[Result]
    claims: list[tuple[str, str]]
    settings: list[tuple[str, str]]
    depends: list[tuple[str, str, Optional[str]]]  # (id, status text, anchor or None)

    @property
    def status_text(self) -> str:
        return status_label(self.result) if self.result is not None else "not run"

    @property
    def status_value(self) -> str:
        return self.result.status.value if self.result is not None else "not-run"

    @property
    def severity(self) -> str:
        return (self.result.severity or "") if self.result is not None else ""


@dataclass
class Report:
    title: str
    pack: str
    source: str  # where the verdicts come from, in words
    version: str
    generated: str
    entries: list[Entry]
    results: list[Result]  # the known verdicts, in registry order
    nodes: dict  # graph.build(...)
    baseline: Optional[dict] = None  # certificates.baseline.diff(...) when a baseline is given

    @property
    def counts(self) -> dict:
        return counts(self.results)

    @cached_property
    def blocked(self) -> dict[str, list[str]]:
        """Lower-case id -> the failing ids a PASS depends on, transitively (``blocked_by``)."""
        return blocked_by(self.results)

    @cached_property
    def blockage(self) -> dict[str, Blockage]:
        """Lower-case id -> why a PASS rests on a FAIL (:func:`certificates.results.blockage`)."""
        return blockage(self.results)

    @cached_property
    def dependents(self) -> dict[str, list[Entry]]:
        """Lower-case id -> the entries whose statement depends on it, in the order of ``entries``
        (each once): the "used by" of every statement, found in one pass over the report."""
        out: dict[str, list[Entry]] = {}
        for x in self.entries:
            for key in dict.fromkeys(d.lower() for d in x.cert.depends):
                out.setdefault(key, []).append(x)
        return out

    @property
    def blocked_count(self) -> int:
        """PASSes blocked by a substantive or minor FAIL they depend on."""
        return sum(1 for b in self.blockage.values() if b.state == BLOCKED)

    @property
    def reading_count(self) -> int:
        """PASSes conditional on a reading: every FAIL they depend on is reading-grade."""
        return sum(1 for b in self.blockage.values() if b.state == ON_A_READING)

    @property
    def summary(self) -> str:
        s = summary_line(self.results) if self.results else "no verdicts"
        missing = len(self.entries) - len(self.results)
        return s + (f"; {missing} without a verdict" if missing else "")

    def errata(self) -> list[Entry]:
        by_key = {e.key: e for e in self.entries}
        return [by_key[r.certificate.id.lower()] for r in errata_order(self.results)]


def _anchor(key: str, used: set) -> str:
    base = "stmt-" + re.sub(r"[^A-Za-z0-9_.-]", "_", key)
    a, i = base, 1
    while a in used:
        i += 1
        a = f"{base}-{i}"
    used.add(a)
    return a


def build(
    certs: Iterable[Certificate], results: Iterable[Result], *, pack: str, source: str, version: str, title: str = ""
) -> Report:
    """The report for ``certs``; ``results`` may cover only some of them (the rest: not run)."""
    certs = list(certs)
    by_key = {r.certificate.id.lower(): r for r in results}
    used: set = set()
    anchors = {c.id.lower(): _anchor(c.id.lower(), used) for c in certs}
    statuses = {k: r.status for k, r in by_key.items()}
    nodes = _graph.build(certs, statuses, {k: r.severity for k, r in by_key.items()})
    entries = []
    for c in certs:
        key = c.id.lower()
        try:
            claims = [(k, format_claim(v)) for k, v in claim_parameters(c).items()]
            settings = [(k, format_claim(v)) for k, v in setting_parameters(c).items()]
        except Exception as exc:  # a claim that cannot be shown must not sink the report
            claims = [("(claims)", f"could not be listed: {type(exc).__name__}: {exc}")]
            settings = []
        deps = []
        for d in c.depends:
            dk = d.lower()
            if dk in by_key:
                st = status_label(by_key[dk])
            elif dk in anchors:
                st = "not run"
            else:
                st = "no certificate"
            deps.append((nodes[dk].id if dk in nodes else d, st, anchors.get(dk)))
        entries.append(Entry(c, key, anchors[key], by_key.get(key), claims, settings, deps))
    known = [by_key[c.id.lower()] for c in certs if c.id.lower() in by_key]
    return Report(
        title or f"psa-toolkit report: pack {pack}",
        pack,
        source,
        version,
        time.strftime("%Y-%m-%d %H:%M:%S %Z"),
        entries,
        known,
        nodes,
    )


def results_from_last_run(certs: Iterable[Certificate], stored: dict[str, dict]) -> list[Result]:
    """Result objects rebuilt from stored verdicts (:func:`certificates.lastrun.load`)."""
    out = []
    for c in certs:
        rec = stored.get(c.id.lower())
        if not rec:
            continue
        try:
            status = Status(rec["status"])
        except (KeyError, ValueError):
            continue
        out.append(
            Result(
                c,
                status,
                rec.get("measured"),
                rec.get("expected"),
                rec.get("detail", ""),
                float(rec.get("elapsed_s") or 0.0),
                rec.get("evidence") or {},
                severity=rec.get("severity"),
                reading=rec.get("reading") or "",
                same_finding_as=tuple(rec.get("same_finding_as") or ()),
                evidence_level=rec.get("evidence_level") or "none",
                finding=rec.get("finding") or "",
            )
        )
    return out


# --- HTML --------------------------------------------------------------------------------------

_CSS = """
:root{--fg:#1f2328;--muted:#57606a;--line:#d0d7de;--bg2:#f6f8fa}
*{box-sizing:border-box}
body{font-family:system-ui,-apple-system,"Segoe UI",Roboto,"Helvetica Neue",Arial,sans-serif;
color:var(--fg);margin:0 auto;max-width:1200px;padding:1rem 1.5rem;line-height:1.45;overflow-wrap:break-word}
h1{font-size:1.6rem;margin:.2rem 0}h2{border-bottom:1px solid var(--line);padding-bottom:.2rem;margin-top:2rem}
nav a{margin-right:1rem;white-space:nowrap}
.muted{color:var(--muted)}
table{border-collapse:collapse;margin:.5rem 0}
.tablewrap{overflow-x:auto;max-width:100%}
#statement-table{width:100%}
#statement-table td:last-child{min-width:14rem}
.cid{white-space:normal;word-break:keep-all;overflow-wrap:normal}
th,td{border:1px solid var(--line);padding:.25rem .5rem;text-align:left;vertical-align:top}
th{background:var(--bg2)}
th.num,td.num{text-align:right}
.badge{display:inline-block;padding:0 .4rem;border-radius:.6rem;font-size:.85em;font-weight:600;
white-space:normal;overflow-wrap:normal;word-break:normal;border:1px solid #0002;max-width:100%}
.st-PASS{background:#8fd19e}.st-FAIL{background:#e5534b;color:#fff}.st-ERROR{background:#c061cb;color:#fff}
.st-NOT-CHECKABLE{background:#d0d7de}.st-not-run{background:#fff;border-style:dashed}
.st-blocked{background:#fff1e5;border:1px dashed #bc4c00;color:#1f2328}
.st-reading{background:#fff8c5;border:1px dotted #9a6700;color:#1f2328}
.graphbox{overflow:auto;max-height:80vh;border:1px solid var(--line);background:#fff}
.zoom{display:flex;gap:.4rem;align-items:center;margin:.3rem 0}
.legend span.sw{display:inline-block;width:1.1em;height:.9em;border:1px solid #57606a;vertical-align:middle;
margin:0 .3rem 0 .8rem}
.depgraph a:hover rect,.depgraph a:focus rect,.focusgraph a:hover rect{stroke:#0969da;stroke-width:3}
#filters label{margin-right:1rem;white-space:nowrap;display:inline-block}
#search{width:min(100%,30rem);font-size:1rem;padding:.2rem .4rem}
article.stmt{border:1px solid var(--line);border-radius:6px;padding:.5rem 1rem;margin:1rem 0}
article.stmt:target{outline:3px solid #0969da}
article.stmt h3{margin:.3rem 0}
dl.fields{display:grid;grid-template-columns:11rem minmax(0,1fr);gap:.2rem .8rem;margin:.4rem 0}
dl.fields dt{font-weight:600;color:var(--muted)}dl.fields dd{margin:0;min-width:0}
pre{background:var(--bg2);padding:.4rem .6rem;white-space:pre-wrap;word-break:break-word;margin:0;
font-family:ui-monospace,SFMono-Regular,Menlo,Consolas,monospace;font-size:.9em;max-width:100%}
blockquote{margin:0;padding:.2rem .8rem;border-left:4px solid var(--line);background:var(--bg2)}
ol.errata li{margin:.5rem 0}
ol.errata .finding{font-weight:500}
details summary{cursor:pointer;color:var(--muted)}
table.evidence{font-size:.92em}table.evidence caption{text-align:left;color:var(--muted)}
dl.fields dd:has(table.evidence){grid-column:1/-1}table.evidence td.rule{min-width:16rem}
@media (max-width:640px){table.evidence thead{display:none}
table.evidence,table.evidence tbody{display:block}table.evidence tr{display:flex;flex-direction:column;
border:1px solid var(--line);margin:.4rem 0}table.evidence td{border:0;padding:.1rem .5rem;min-width:0}
table.evidence td:first-child{order:-2;font-weight:600}table.evidence td.v{order:-1}
table.evidence td:not(:first-child)::before{content:attr(data-h) ": ";color:var(--muted)}
table.evidence td:empty{display:none}}
table.evidence td.v{white-space:nowrap;font-weight:600}.v-fail{color:#cf222e}.v-ok{color:#1a7f37}
.v-undecided{color:#8250df}pre.explanation{margin-top:.3rem}
.hidden{display:none}
.focus{display:none}
.focus:target{display:flex;flex-direction:column;position:fixed;inset:0;z-index:10;background:#fff;
overflow:auto;padding:.6rem 1.5rem;margin:0}
.focus-head{display:flex;flex-wrap:wrap;gap:.3rem 1rem;align-items:baseline}
.focus-head h2{margin:.2rem 0;border:0;font-size:1.3rem}
.focus p{margin:.3rem 0}
/* the box is the size of the drawing (at most 1.25 times its own size), scaled down to the
   window's width and to the height the view leaves it; on a phone the drawing with the layers as
   rows replaces it, scaled to the width */
.focusbox{flex:0 1 auto;min-height:0;display:flex;align-items:flex-start}
.focusbox svg{display:block;width:100%;height:auto;max-height:100%;border:1px solid var(--line);background:#fff}
.focusbox svg.phone{display:none}
.blocked-note{color:#953800}
.changes li{margin:.2rem 0}
@media (max-width:640px){
body{padding:.5rem .7rem}
dl.fields{grid-template-columns:minmax(0,1fr)}
dl.fields dt{margin-top:.4rem}
.focus:target{padding:.4rem .5rem}
.focusbox{flex:none}
.focusbox svg.desk{display:none}
.focusbox svg.phone{display:block;max-height:none}
}
"""

_JS = """
(function(){
  var form=document.getElementById('filters'); if(!form) return;
  form.classList.remove('hidden');
  var sels=form.querySelectorAll('select'), box=document.getElementById('search');
  var text={};  // statement key -> its section's text, lower case (ids, titles, paper text, evidence)
  var arts=document.querySelectorAll('article.stmt');
  for(var i=0;i<arts.length;i++) text[arts[i].getAttribute('data-key')]=arts[i].textContent.toLowerCase();
  function apply(){
    var want={}, q=(box&&box.value||'').toLowerCase().split(/\\s+/).filter(Boolean);
    for(var i=0;i<sels.length;i++){ if(sels[i].value) want[sels[i].name]=sels[i].value; }
    var items=document.querySelectorAll('[data-filterable]'), shown=0, rows=0;
    for(var j=0;j<items.length;j++){
      var el=items[j], ok=true, t=text[el.getAttribute('data-key')]||el.textContent.toLowerCase();
      for(var k in want){ if(el.getAttribute('data-'+k)!==want[k]) ok=false; }
      for(var w=0;w<q.length&&ok;w++){ if(t.indexOf(q[w])<0) ok=false; }
      el.classList.toggle('hidden',!ok);
      if(el.tagName==='TR'){ rows++; if(ok) shown++; }
    }
    document.getElementById('shown').textContent=shown+' of '+rows+' statements shown';
  }
  var q=window.location.search.replace(/^[?]/,'').split('&');  // ?status=FAIL&q=gamma presets
  for(var i=0;i<q.length;i++){ var kv=q[i].split('='); if(kv.length!==2) continue;
    var name=decodeURIComponent(kv[0]), val=decodeURIComponent(kv[1].replace(/[+]/g,' '));
    if(name==='q'&&box){ box.value=val; continue; }
    var s=form.querySelector('select[name="'+name+'"]');
    if(s) s.value=val; }
  for(var i=0;i<sels.length;i++) sels[i].addEventListener('change',apply);
  if(box) box.addEventListener('input',apply);
  document.getElementById('reset').addEventListener('click',function(){
    for(var i=0;i<sels.length;i++) sels[i].value=''; if(box) box.value=''; apply();});
  apply();
})();
(function(){  // an id in the address in any case: #focus=C8 and #stmt-C8 show #focus=c8 and #stmt-c8
  var ids=null;
  function fix(){
    var h=location.hash.slice(1); if(!h) return;
    try{ h=decodeURIComponent(h); }catch(e){}
    if(document.getElementById(h)) return;
    if(!ids){ ids={}; var els=document.querySelectorAll('section.focus[id],article.stmt[id]');
      for(var i=0;i<els.length;i++){ var k=els[i].id.toLowerCase(); if(!(k in ids)) ids[k]=els[i].id; } }
    var m=/^(focus=|stmt-)(.*)$/i.exec(h), want=ids[h.toLowerCase()];
    if(!want&&m) want=ids[m[1].toLowerCase()+m[2].toLowerCase().replace(/[^a-z0-9_.-]/g,'_')];
    if(want) location.replace('#'+want);
  }
  fix(); addEventListener('hashchange',fix);
})();
(function(){  // zoom of the full graph: buttons change the drawing's size, the box scrolls (pan)
  var box=document.querySelector('.graphbox'), svg=box&&box.querySelector('svg'), bar=document.getElementById('zoom');
  if(!svg||!bar) return;
  bar.classList.remove('hidden');
  var w0=+svg.getAttribute('width'), h0=+svg.getAttribute('height'), z=1;
  function set(v){ z=Math.max(0.15,Math.min(3,v)); svg.setAttribute('width',Math.round(w0*z));
    svg.setAttribute('height',Math.round(h0*z));
    document.getElementById('zoomlevel').textContent=Math.round(z*100)+'%'; }
  bar.querySelector('[data-z="in"]').addEventListener('click',function(){set(z*1.25);});
  bar.querySelector('[data-z="out"]').addEventListener('click',function(){set(z/1.25);});
  bar.querySelector('[data-z="fit"]').addEventListener('click',function(){set(Math.min(1,(box.clientWidth-4)/w0));});
  bar.querySelector('[data-z="one"]').addEventListener('click',function(){set(1);});
})();
"""

_FILTERS = (("status", "status"), ("severity", "severity"), ("section", "section"), ("kind", "kind"), ("pack", "pack"))


def _attr(value: str) -> str:
    return escape(value, quote=True)


def _facets(e: Entry) -> dict[str, str]:
    return {
        "status": e.status_value,
        "severity": e.severity or "-",
        "section": e.cert.section or "-",
        "kind": e.cert.kind.value,
        "pack": e.cert.pack,
    }


def _badge(e: Entry) -> str:
    return f'<span class="badge st-{_attr(e.status_value)}">{id_html(e.status_text)}</span>'


def _blocked_badge(rep: Report, e: Entry) -> str:
    """A second badge on a PASS that rests on a FAIL: "blocked by N FAILs" (a substantive or minor
    one among them) or "on a reading" (reading-grade FAILs only)."""
    b = rep.blockage.get(e.key)
    if b is None:
        return ""
    n = len(b.blockers)
    if b.blocked:
        return (
            f' <span class="badge st-blocked" title="rests on {_attr(", ".join(b.by))}">blocked by '
            f"{n} FAIL{'s' if n != 1 else ''}</span>"
        )
    return f' <span class="badge st-reading" title="rests on {_attr(", ".join(b.by))}">on a reading</span>'


def section_order(section: str) -> tuple:
    """Paper order of a section label: "§2.1" before "§10" (numbers compared as numbers)."""
    parts = re.findall(r"\d+|[^\d§. ]+", section or "")
    return tuple((0, int(p), "") if p.isdigit() else (1, 0, p) for p in parts) or ((2, 0, section or ""),)


def _summary_html(rep: Report) -> str:
    c = rep.counts
    sm = _graph.summary(rep.nodes)
    missing = len(rep.entries) - len(rep.results)
    rows = [
        ("certificates", len(rep.entries)),
        ("PASS", c["passed"]),
        ("FAIL", c["failed"]),
        ("ERROR", c["errors"]),
        ("NOT-CHECKABLE", c["not_checkable"]),
        ("without a verdict", missing),
        ("fully green (it and all its dependencies pass)", sm["fully_green"]),
        ("blocked (PASS, but a dependency FAILs: substantive or minor)", rep.blocked_count),
        ("on a reading (PASS, its failing dependencies are reading-grade only)", rep.reading_count),
    ]
    t1 = "".join(f"<tr><td>{escape(k)}</td><td class=num>{v}</td></tr>" for k, v in rows)
    f, b = c["findings"], c["failed_by_severity"]
    t2 = "".join(f"<tr><td>{s}</td><td class=num>{b[s]}</td><td class=num>{f[s]}</td></tr>" for s in SEVERITY_ORDER)
    t2 += f"<tr><th>total</th><th class=num>{c['failed']}</th><th class=num>{f['total']}</th></tr>"
    return (
        f'<section id="summary"><h2>Summary</h2><p class="summary-line"><strong>'
        f"{escape(rep.summary)}</strong></p>"
        f'<div style="display:flex;gap:2rem;flex-wrap:wrap;align-items:flex-start">'
        f"<table><caption>Certificates by status</caption><tbody>{t1}</tbody></table>"
        f"<table><caption>FAILs by severity</caption><thead><tr><th>severity</th>"
        f"<th>certificates</th><th>distinct findings</th></tr></thead><tbody>{t2}</tbody></table>"
        f'</div><p class="muted">A FAIL whose finding another failing certificate already '
        f"reports (same finding as ...) is listed but not counted again as a finding.</p></section>"
    )


def _errata_html(rep: Report) -> str:
    items = []
    for e in rep.errata():
        r = e.result
        assert r is not None  # an erratum is a result
        same = ""
        if r.same_finding_as:
            links = ", ".join(_dep_link(rep, s) for s in r.same_finding_as)
            same = f" <em>same finding as {links}; not counted again</em>."
        reading = (
            f"<br><span class=muted>Reading:</span> {escape(r.reading)}"
            if r.reading and r.status is Status.FAIL
            else ""
        )
        finding = tidy_text(one_line_finding(r) if r.status is Status.FAIL else r.detail.split(" | ")[0])
        items.append(
            f'<li data-key="{_attr(e.key)}"><a class="cid" href="#{_attr(e.anchor)}"><strong>{id_html(e.cert.id)}'
            f"</strong></a> ({escape(e.cert.supports)}) {_badge(e)}{same}<br>"
            f'<span class="finding">{escape(finding)}</span>{reading}'
            f"<details><summary>the whole evidence</summary><pre>{escape(tidy_text(r.detail))}</pre></details></li>"
        )
    body = f'<ol class="errata">{"".join(items)}</ol>' if items else "<p>No FAIL and no ERROR.</p>"
    return (
        f'<section id="errata"><h2>Errata</h2><p class="muted">Statements that do not hold as '
        f"printed (substantive, then minor, then reading), then checks that broke (ERROR): the "
        f"finding in one line, the whole evidence folded under it.</p>"
        f"{body}</section>"
    )


def _blockers_html(rep: Report, e: Entry) -> str:
    """The failing dependencies of a PASS, linked and graded: those that decide its state first,
    then any other it also rests on (``blocked_by`` lists them all)."""
    b = rep.blockage[e.key]
    sev = {r.certificate.id.lower(): r.severity for r in rep.results}

    def one(cid: str) -> str:
        grade = sev.get(cid.lower())
        return _dep_link(rep, cid) + (f" ({escape(grade)})" if grade else "")

    text = ", ".join(one(c) for c in b.blockers)
    others = [c for c in b.by if c not in b.blockers]
    return text + (f"; also rests on {', '.join(one(c) for c in others)}" if others else "")


def _dep_link(rep: Report, cid: str) -> str:
    for e in rep.entries:
        if e.key == cid.lower():
            return f'<a class="cid" href="#{_attr(e.anchor)}">{id_html(e.cert.id)}</a>'
    return escape(cid)


def _graph_html(rep: Report) -> str:
    from .svg_graph import legend_items, to_svg

    anchors = {e.key: focus_id(e.anchor) for e in rep.entries}
    sev = {e.key: e.severity for e in rep.entries if e.severity}
    legend = "".join(
        f'<span class="sw" style="background:{c}{";border:" + bd if bd else ""}"></span>{escape(t)}'
        for c, t, bd in legend_items()
    )
    zoom = (
        '<div id="zoom" class="zoom hidden"><button type="button" data-z="out">−</button>'
        '<button type="button" data-z="in">+</button><button type="button" data-z="fit">fit</button>'
        '<button type="button" data-z="one">100%</button><span id="zoomlevel" class="muted">100%</span>'
        '<span class="muted">(scroll the box to pan)</span></div>'
    )
    return (
        f'<section id="graph"><h2>Dependency graph</h2><p class="muted">An arrow runs from a '
        f"statement to one that depends on it (dependencies to the left). Click a node for its "
        f"focus view: its own graph of what it depends on and what uses it (the address "
        f'<code>#focus=ID</code> links to it).</p><p class="legend">{legend}</p>{zoom}'
        f'<div class="graphbox">{to_svg(rep.nodes, anchors, sev, rep.blockage)}</div></section>'
    )


def _focus_html(rep: Report) -> str:
    anchors = {e.key: e.anchor for e in rep.entries}
    users = users_of(rep.nodes)
    blocked = rep.blockage
    return "".join(
        focus_section(
            rep.nodes,
            e.key,
            anchors,
            users,
            blocked,
            e.cert.title or e.cert.supports,
            _badge(e) + _blocked_badge(rep, e),
        )
        for e in rep.entries
    )


def _table_html(rep: Report) -> str:
    options = {name: sorted({_facets(e)[name] for e in rep.entries}) for name, _ in _FILTERS}
    options["section"].sort(key=section_order)
    if "severity" in options:
        options["severity"].sort(key=lambda s: (SEVERITY_ORDER.index(s) if s in SEVERITY_ORDER else 9, s))
    controls = "".join(
        f'<label>{escape(label)} <select name="{name}"><option value="">all</option>'
        + "".join(f'<option value="{_attr(v)}">{escape(v)}</option>' for v in options[name])
        + "</select></label>"
        for name, label in _FILTERS
    )
    rows = []
    for e in rep.entries:
        facets = "".join(f' data-{k}="{_attr(v)}"' for k, v in _facets(e).items())
        rows.append(
            f'<tr data-filterable{facets} data-key="{_attr(e.key)}"><td><a class="cid" '
            f'href="#{_attr(e.anchor)}">{id_html(e.cert.id)}</a>'
            f"</td><td>{escape(e.cert.supports)}</td><td>{escape(e.cert.section)}</td>"
            f"<td>{escape(e.cert.kind.value)}</td><td>{escape(e.cert.pack)}</td>"
            f"<td>{_badge(e)}{_blocked_badge(rep, e)}</td><td>{escape(e.cert.verifies)}</td></tr>"
        )
    return (
        f'<section id="statements-table"><h2>All statements</h2>'
        f'<form id="filters" class="hidden" onsubmit="return false"><p><label>search '
        f'<input type="search" id="search" placeholder="id, title, paper text, evidence"></label></p>'
        f"<p>{controls}"
        f'<button type="button" id="reset">show all</button> <span id="shown" class="muted"></span>'
        f'</p></form><noscript><p class="muted">The search and filters need JavaScript; every statement is shown.'
        f'</p></noscript><p class="muted">A search or filter can be preset in the address: '
        f"<code>report.html?status=FAIL&amp;severity=substantive&amp;q=gamma</code>.</p>"
        f'<div class="tablewrap"><table id="statement-table"><thead><tr><th>id</th><th>supports</th>'
        f"<th>section</th><th>kind</th><th>pack</th><th>status</th><th>verifies</th></tr></thead>"
        f"<tbody>{''.join(rows)}</tbody></table></div></section>"
    )


def _statement_html(rep: Report, e: Entry) -> str:
    c, r = e.cert, e.result
    fields: list[tuple[str, str]] = [
        ("pack", escape(c.pack)),
        ("supports", escape(c.supports)),
        ("section", escape(c.section)),
        ("kind", escape(c.kind.value)),
        ("level", escape(c.level)),
        ("status", _badge(e) + _blocked_badge(rep, e)),
    ]
    if rep.blocked.get(e.key):
        fields.append(("blocked by" if rep.blockage[e.key].blocked else "on a reading of", _blockers_html(rep, e)))
    if r is not None and r.severity:
        fields.append(("severity", escape(r.severity)))
    if r is not None and r.status is Status.FAIL:
        fields.append(("finding", f'<span class="finding">{escape(tidy_text(one_line_finding(r)))}</span>'))
    if r is not None and r.reading:
        fields.append(("reading", escape(r.reading)))
    if r is not None and r.same_finding_as:
        fields.append(("same finding as", ", ".join(_dep_link(rep, s) for s in r.same_finding_as)))
    fields.append(("verifies", escape(c.verifies)))
    if c.statement:
        fields.append(("paper's text", f"<blockquote>{escape(c.statement)}</blockquote>"))
    if e.claims:
        fields.append(
            (
                "claims as printed",
                '<pre class="claims">' + escape("\n".join(f"{k} = {v}" for k, v in e.claims)) + "</pre>",
            )
        )
    if e.settings:
        fields.append(
            ("settings", '<pre class="settings">' + escape("\n".join(f"{k} = {v}" for k, v in e.settings)) + "</pre>")
        )
    if r is not None:  # the rows as a table, the rest and the check's explanation folded after it
        fields.append(("evidence", evidence_html(result_evidence(r))))
        if r.elapsed_s:
            fields.append(("time", f"{r.elapsed_s:.2f} s"))
    elif c.reason:
        fields.append(("not checkable", escape(c.reason)))
    if e.depends:
        deps = ", ".join(
            (f'<a class="cid" href="#{_attr(a)}">{id_html(d)}</a>' if a else id_html(d)) + f" ({id_html(st)})"
            for d, st, a in e.depends
        )
        fields.append(("depends on", deps))
    dependents = rep.dependents.get(e.key, [])
    if dependents:
        fields.append(
            (
                "used by",
                ", ".join(f'<a class="cid" href="#{_attr(x.anchor)}">{id_html(x.cert.id)}</a>' for x in dependents),
            )
        )
    dl = "".join(f"<dt>{escape(k)}</dt><dd>{v}</dd>" for k, v in fields)
    facets = "".join(f' data-{k}="{_attr(v)}"' for k, v in _facets(e).items())
    return (
        f'<article class="stmt" id="{_attr(e.anchor)}" data-filterable{facets} data-key="{_attr(e.key)}">'
        f'<h3><span class="cid">{id_html(c.id)}</span> — {escape(c.title or c.supports)}</h3>'
        f'<dl class="fields">{dl}</dl><p><a href="#{_attr(focus_id(e.anchor))}">focus view</a> · '
        f'<a href="#graph">graph</a> · <a href="#statements-table">table</a></p></article>'
    )


def render_html(rep: Report) -> str:
    """One self-contained HTML document."""
    nav = "".join(
        f'<a href="#{a}">{t}</a>'
        for a, t in ([("changes", "Changes")] if rep.baseline is not None else [])
        + [
            ("summary", "Summary"),
            ("graph", "Graph"),
            ("errata", "Errata"),
            ("statements-table", "Table"),
            ("statements", "Statements"),
        ]
    )
    head = (
        f'<!DOCTYPE html>\n<html lang="en"><head><meta charset="utf-8">'
        f'<meta name="viewport" content="width=device-width, initial-scale=1">'
        f"<title>{escape(rep.title)}</title><style>{_CSS}</style></head><body>"
    )
    intro = (
        f'<header><h1>{escape(rep.title)}</h1><p class="muted" id="source">'
        f"{escape(rep.source)} · report written {escape(rep.generated)} by toolkit "
        f"{escape(rep.version)}</p><nav>{nav}</nav></header>"
    )
    stmts = "".join(_statement_html(rep, e) for e in rep.entries)
    return (
        head
        + intro
        + _changes_html(rep)
        + _summary_html(rep)
        + _graph_html(rep)
        + _errata_html(rep)
        + _table_html(rep)
        + f'<section id="statements"><h2>Statements</h2>{stmts}</section>'
        + _focus_html(rep)
        + f"<script>{_JS}</script></body></html>\n"
    )


def _changes_html(rep: Report) -> str:
    """The "changed since the baseline" section (only with a baseline)."""
    if rep.baseline is None:
        return ""
    from .baseline import diff_lines

    d = rep.baseline
    items = "".join(f"<li>{escape(t)}</li>" for t in diff_lines(d))
    body = f'<ul class="changes">{items}</ul>' if items else "<p>Nothing changed.</p>"
    return (
        f'<section id="changes"><h2>Changed since the baseline</h2><p class="muted">Against '
        f"{escape(d['path'])}: new FAILs, fixed, grade changes, evidence-level changes and Monte-Carlo "
        f"values that moved by more than their standard error.</p>{body}</section>"
    )


# --- Markdown ----------------------------------------------------------------------------------


def _md_cell(text: str) -> str:
    """Text in a Markdown table cell (:func:`psa_io.escape.markdown`, ``cell=True``)."""
    return markdown(text, cell=True) or " "


def _md_link(text: str) -> str:
    """The text of a link in a Markdown table cell (:func:`psa_io.escape.markdown`, ``link=True``)."""
    return markdown(text, link=True) or " "


def _md_inline(text: str) -> str:
    """Text in a Markdown paragraph, heading or list item (:func:`psa_io.escape.markdown`)."""
    return markdown(text)


def _fence(text: str, lang: str = "") -> str:
    return markdown_fence(text, lang)


def render_markdown(rep: Report) -> str:
    """The same content as GitHub-flavoured Markdown (the graph as a Mermaid block)."""
    c = rep.counts
    sm = _graph.summary(rep.nodes)
    missing = len(rep.entries) - len(rep.results)
    out = [
        f"# {_md_inline(rep.title)}",
        "",
        f"{_md_inline(rep.source)} · report written {_md_inline(rep.generated)} by toolkit {_md_inline(rep.version)}",
        "",
    ]
    if rep.baseline is not None:
        from .baseline import diff_lines

        changed = diff_lines(rep.baseline)
        out += [
            "## Changed since the baseline",
            "",
            f"Against {_md_inline(rep.baseline['path'])}: new FAILs, fixed, grade changes, evidence-level "
            "changes and Monte-Carlo values that moved by more than their standard error.",
            "",
        ]
        out += [f"- {_md_inline(t)}" for t in changed] or ["Nothing changed."]
        out.append("")
    out += [
        "## Summary",
        "",
        f"**{_md_inline(rep.summary)}**",
        "",
        "| certificates | count |",
        "|---|---:|",
    ]
    for k, v in (
        ("certificates", len(rep.entries)),
        ("PASS", c["passed"]),
        ("FAIL", c["failed"]),
        ("ERROR", c["errors"]),
        ("NOT-CHECKABLE", c["not_checkable"]),
        ("without a verdict", missing),
        ("fully green", sm["fully_green"]),
        ("blocked (PASS, a dependency FAILs: substantive or minor)", rep.blocked_count),
        ("on a reading (PASS, its failing dependencies are reading-grade only)", rep.reading_count),
    ):
        out.append(f"| {k} | {v} |")
    f, b = c["findings"], c["failed_by_severity"]
    out += ["", "| severity | FAIL certificates | distinct findings |", "|---|---:|---:|"]
    out += [f"| {s} | {b[s]} | {f[s]} |" for s in SEVERITY_ORDER]
    out += [
        f"| **total** | **{c['failed']}** | **{f['total']}** |",
        "",
        "A FAIL whose finding another failing certificate already reports is listed but not "
        "counted again as a finding.",
        "",
        "## Errata",
        "",
    ]
    errata = rep.errata()
    if errata:
        out += ["| # | id | supports | status | finding (the whole evidence below) |", "|---:|---|---|---|---|"]
        for i, e in enumerate(errata, 1):
            r = e.result
            assert r is not None  # an erratum is a result
            ev = tidy_text(one_line_finding(r) if r.status is Status.FAIL else r.detail)
            if r.same_finding_as:
                ev = f"same finding as {', '.join(r.same_finding_as)}; not counted again. " + ev
            if r.reading and r.status is Status.FAIL:
                ev += f" Reading: {r.reading}"
            out.append(
                f"| {i} | [{_md_link(e.cert.id)}](#{e.anchor}) | {_md_cell(e.cert.supports)} | "
                f"{_md_cell(e.status_text)} | {_md_cell(ev)} |"
            )
    else:
        out.append("No FAIL and no ERROR.")
    out += [
        "",
        "## All statements",
        "",
        "| id | supports | section | kind | pack | status |",
        "|---|---|---|---|---|---|",
    ]
    for e in rep.entries:
        out.append(
            f"| [{_md_link(e.cert.id)}](#{e.anchor}) | {_md_cell(e.cert.supports)} | "
            f"{_md_cell(e.cert.section)} | {_md_cell(e.cert.kind.value)} | {_md_cell(e.cert.pack)} | "
            f"{_md_cell(e.status_text)} |"
        )
    out += [
        "",
        "## Dependency graph",
        "",
        "Markdown cannot hold an inline SVG everywhere (GitHub strips it), so the graph is a "
        "Mermaid block here; the HTML report (`psa-cert report --html`) draws it as SVG with "
        "clickable nodes. An arrow `a --> b` means that a depends on b.",
        "",
        _fence(_graph.to_mermaid(rep.nodes).rstrip("\n"), "mermaid"),
        "",
        "## Statements",
        "",
    ]
    for e in rep.entries:
        cert, r = e.cert, e.result
        out += [
            f'<a id="{_attr(e.anchor)}"></a>',
            "",
            f"### {_md_inline(cert.id)} — {_md_inline(cert.title or cert.supports)}",
            "",
        ]
        items = [
            ("pack", cert.pack),
            ("supports", cert.supports),
            ("section", cert.section),
            ("kind", cert.kind.value),
            ("level", cert.level),
            ("status", e.status_text),
        ]
        if rep.blocked.get(e.key):
            b = rep.blockage[e.key]
            rest = [c for c in b.by if c not in b.blockers]
            items.append(
                (
                    "blocked by" if b.blocked else "on a reading of",
                    ", ".join(b.blockers) + (f"; also rests on {', '.join(rest)}" if rest else ""),
                )
            )
        if r is not None and r.severity:
            items.append(("severity", r.severity))
        if r is not None and r.status is Status.FAIL:
            items.append(("finding", tidy_text(one_line_finding(r))))
        if r is not None and r.reading:
            items.append(("reading", r.reading))
        if r is not None and r.same_finding_as:
            items.append(("same finding as", ", ".join(r.same_finding_as)))
        items.append(("verifies", cert.verifies))
        out += [f"- **{k}:** {_md_inline(v)}" for k, v in items if v]
        if e.depends:
            out.append(
                "- **depends on:** "
                + ", ".join(
                    (f"[{_md_inline(d)}](#{a})" if a else _md_inline(d)) + f" ({_md_inline(st)})"
                    for d, st, a in e.depends
                )
            )
        if r is None and cert.reason:
            out.append(f"- **not checkable:** {_md_inline(cert.reason)}")
        if cert.statement:
            out += ["", "The paper's text:", ""] + ["> " + _md_inline(ln) for ln in cert.statement.splitlines()]
        if e.claims:
            out += ["", "Claims as printed:", "", _fence("\n".join(f"{k} = {v}" for k, v in e.claims))]
        if e.settings:
            out += ["", "Settings (not claims):", "", _fence("\n".join(f"{k} = {v}" for k, v in e.settings))]
        if r is not None:
            out += ["", "Evidence:", ""] + evidence_markdown(result_evidence(r))
        out.append("")
    return "\n".join(out).rstrip("\n") + "\n"
