"""Hostile text, and a certificate pack that carries it everywhere a pack's text can reach an output
(issue 18, items 6 and 9): ids, titles, statements, sections, dependencies, reasons, evidence,
measured and expected values, evidence keys, readings, what a check prints.

:data:`CORPUS` gathers what each output format must keep inert: terminal control sequences and
fake lines, rich markup, live Markdown (images, links, autolinks, raw HTML), Mermaid and DOT
break-outs, XML that is not XML 1.0, HTML attribute break-outs.  :func:`certificates` builds the
pack (checks that PASS, FAIL, ERROR, or are not checkable), :func:`results` the results such a run
gives without running anything.
"""

from __future__ import annotations

from certificates import Certificate, Kind
from certificates.registry import Status, verdict
from certificates.results import Result

PACK = "hostile"
FAKE_SUMMARY = "Summary: 999 passed, 0 failed, 0 errors, 0 not checkable"
#: A DOT id that, unescaped, would end its node statement and redraw it as a passing one.
DOT_FORGERY = 'a" [fillcolor="#1a7f37" label="PASS, fully green"] x'

CORPUS = [
    # the terminal: escape sequences, cursor moves, fake lines, overwrites, bidi, rich markup
    "\x1b[2J\x1b[H",
    "\x1b]8;;http://evil.example/\x1b\\click\x1b]8;;\x1b\\",
    "\x1b[31mFAIL\x1b[0m\x9b2J",
    "ok\n" + FAKE_SUMMARY,
    "ok\r\n" + FAKE_SUMMARY,
    "FAIL\r" + FAKE_SUMMARY,
    "FAIL\b\b\b\bPASS",
    "\u2028" + FAKE_SUMMARY + "\u2029\x85\x0b\x0c\x1c",
    "\u202eSSAP\u202c \u2066isolate\u2069 \u200f\u061c",
    "nul\x00bel\x07del\x7f",
    "[bold red]PASS[/] [link=http://evil.example]x[/link]",
    # Markdown: images, links, autolinks, raw HTML, references, cell and paragraph break-outs
    "![tracker](http://evil.example/pixel.png)",
    "[click me](javascript:alert(1))",
    "<http://evil.example/autolink> <mailto:a@evil.example>",
    "bare http://evil.example/path and www.evil.example and mail@evil.example and mailto:x@y.z",
    "<script>alert(1)</script><img src=x onerror=alert(1)>",
    "[ref]: http://evil.example/ref\n[ref]",
    "\\](http://evil.example/backslash) \\\\|\\| `a|b` | cell | break",
    "&lt;b&gt;entity&lt;/b&gt; &#106;avascript:x",
    "\n# fake heading\n---\n> quote\n    code",
    # Mermaid
    'x"] --> n_y["PASS',
    "#quot; #35; %% comment",
    'click n_a href "javascript:alert(1)"',
    "`markdown string` <br/> &lt; end",
    # DOT
    DOT_FORGERY,
    '\\N \\G \\L \\l \\ ";}\ndigraph x {',
    # XML / HTML
    "]]> <![CDATA[ x ]]> <?xml version='1.0'?>",
    "\x01\x02\x0b\x0c\ud800\ufffe\uffff",
    '"><script>alert(1)</script>',
    "' onmouseover='alert(1)' x='",
    "</svg><script>alert(2)</script><svg>",
    # ordinary text that must pass unchanged in meaning
    "γ_c ≈ 0.741 · √d_k — §7.9",
]


def _check(i: int, s: str):
    """A check that prints ``s`` and returns it everywhere an outcome holds text."""

    def check():
        print(s)
        if i % 5 == 3:
            raise RuntimeError(s)
        return verdict(
            i % 5 == 0,
            {s: s, "x": [s, 1.5]},
            [s],
            s,
            severity="minor",
            reading=s,
            same_finding_as=(f"x{i - 1}{CORPUS[i - 1]}",) if i else (),
            **{f"k{s}": s, "rows": [{s: s}]},
        )

    check.__doc__ = s
    return check


def certificates(pack: str = PACK) -> list[Certificate]:
    """One certificate per corpus entry: the text in its id, title, supports, verifies, statement,
    section, dependencies (known and unknown), and in what its check prints and returns."""
    out = []
    n = len(CORPUS)
    for i, s in enumerate(CORPUS):
        nc = i % 5 == 4
        out.append(
            Certificate(
                f"x{i}{s}",
                s,
                s,
                s,
                Kind.NOT_CHECKABLE if nc else (Kind.MONTE_CARLO if i % 5 == 1 else Kind.NUMERIC),
                None if nc else _check(i, s),
                pack=pack,
                section=f"§{i % 3 + 1}.{i} {s}" if i % 2 else s,
                depends=(f"x{(i + 1) % n}{CORPUS[(i + 1) % n]}", f"unknown{s}"),
                statement=s,
                reason=s if nc else "",
                level=s,
            )
        )
    return out


def results(certs: list[Certificate]) -> list[Result]:
    """The results a run of ``certs`` gives (each status, text everywhere), without running."""
    out = []
    for i, c in enumerate(certs):
        s = CORPUS[i]
        if c.check is None:
            out.append(Result(c, Status.NOT_CHECKABLE, None, None, s, 0.0))
            continue
        status = (Status.PASS, Status.FAIL, Status.FAIL, Status.ERROR)[i % 5 % 4]
        out.append(
            Result(
                c,
                status,
                {s: s, "x": [s, 1.5]},
                [s],
                s,
                0.25,
                {f"k{s}": s, "rows": [{s: s}]},
                severity=s if status is Status.FAIL and i % 2 else ("minor" if status is Status.FAIL else None),
                reading=s,
                same_finding_as=(f"x{i - 1}{CORPUS[i - 1]}",) if status is Status.FAIL and i else (),
                captured=s + "\n" + s,
            )
        )
    return out
