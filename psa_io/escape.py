"""Escaping of text the toolkit did not write (a pack's ids, titles, statements, evidence, what a
check printed), one function per output format; text the toolkit writes itself passes unchanged.

==========================  =================================================================
format                      function (where it is used)
==========================  =================================================================
terminal (one line)         :func:`terminal` -- ``certificates.render`` (``one_line``, ``cut``,
                            ``wrap``, ids), :func:`psa_io.terminal.emit` on every line,
                            progress lines, one-line errors of :func:`psa_io.entry.dispatch`
rich markup                 :func:`rich_text` -- a rich status or table that shows pack text
JUnit XML / SVG text        :func:`xml` -- ``certificates.render.to_junit`` (with ElementTree's
                            own quoting of ``& < > "``), inside :func:`html`
HTML (text and attributes)  :func:`html` -- ``certificates.report``, ``certificates.svg_graph``,
                            ``certificates.display``
Markdown (inline, cells)    :func:`markdown` -- ``certificates.report.render_markdown``,
                            ``certificates.display`` (notebook tables)
Markdown code block         :func:`markdown_fence`
Mermaid                     :func:`mermaid_label`, :func:`mermaid_ids` -- ``certificates.graph``
Graphviz DOT                :func:`dot_id` -- ``certificates.graph``
JSON                        ``json.dumps`` with ``ensure_ascii`` (escapes every control character)
==========================  =================================================================

What each guarantees for any input string:

* terminal: no character below U+0020 (newline included), no DEL, no C1 control (U+0080-U+009F),
  no bidirectional override or isolate, no line or paragraph separator; each is shown as its
  Python escape (``\\x1b``, ``\\n``, ``\\u202e``), so ``"\\x1b[2J"`` prints as ``\\x1b[2J`` and an
  injected ``"\\nSummary: 999 passed"`` stays on the line it came in;
* XML: only the characters XML 1.0 allows (the others shown as above); quoting is ElementTree's;
* HTML: :func:`html.escape` (``& < > " '``) of the XML-clean text, safe in text and in quoted
  attributes;
* Markdown: no live link, image, autolink (``<http://...>``, bare ``http://``, ``www.``,
  ``user@host``), raw HTML tag or entity; ``|`` cannot end a table cell and a line break cannot
  end a paragraph or table row (``cell=True``: ``<br>``, else a space);
* Mermaid: the label cannot leave its ``"..."`` (quotes, ``#``-entities, backticks, HTML
  characters and line breaks are written as Mermaid's ``#NN;`` codes); ids are ``n_`` followed by
  ASCII letters, digits and ``_``, distinct for distinct keys;
* DOT: an id is one quoted string, percent-encoded (distinct ids stay distinct, no quote or
  backslash inside); a label is one quoted string with ``"`` escaped and no backslash (Graphviz
  cannot escape one), so neither can end its statement, add attributes or substitute ``\\N``.
"""

from __future__ import annotations

import functools
import html as _html
import re
from typing import Iterable

# --- control characters -------------------------------------------------------------------------

#: Characters never written raw to a terminal: C0 controls (newline, tab and carriage return
#: included), DEL, C1 controls, the Arabic letter mark, left-to-right / right-to-left marks,
#: bidirectional embeddings, overrides and isolates, the line and paragraph separators, lone
#: surrogates (no encoding can write them).
_FORMAT_CHARS = "\x7f-\x9f\u061c\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069\ud800-\udfff"
_TERMINAL_BAD = re.compile(f"[\x00-\x1f{_FORMAT_CHARS}]")
#: The same, newline allowed (a block of lines).
_TERMINAL_BAD_BLOCK = re.compile(f"[\x00-\x09\x0b-\x1f{_FORMAT_CHARS}]")
#: What XML 1.0 forbids: control characters but tab, newline and carriage return, lone
#: surrogates, U+FFFE and U+FFFF.
_XML_BAD = re.compile("[^\u0009\u000a\u000d\u0020-\ud7ff\ue000-\ufffd\U00010000-\U0010ffff]")

_NAMED = {"\n": "\\n", "\r": "\\r", "\t": "\\t"}


def _shown(match: re.Match) -> str:
    ch = match.group()
    if ch in _NAMED:
        return _NAMED[ch]
    n = ord(ch)
    return f"\\x{n:02x}" if n < 0x100 else f"\\u{n:04x}"


def terminal(text: object, *, newlines: bool = False) -> str:
    """``text`` safe to print: every control character, escape sequence start, bidirectional
    control and line separator shown as its escape (``\\x1b``, ``\\r``, ``\\u202e``); ``newlines``
    keeps ``\\n`` (a block of lines), otherwise it is shown as ``\\n`` too (one line)."""
    s = str(text)
    return (_TERMINAL_BAD_BLOCK if newlines else _TERMINAL_BAD).sub(_shown, s)


def rich_text(text: object) -> str:
    """``text`` for a rich console: :func:`terminal`, then rich's markup escaped (``[bold]`` shown
    as it is, not interpreted)."""
    from rich.markup import escape as rich_escape

    return rich_escape(terminal(text))


def xml(text: object) -> str:
    """``text`` with every character XML 1.0 forbids (control characters, lone surrogates, U+FFFE,
    U+FFFF) shown as ``\\xNN`` / ``\\uNNNN``; the markup characters are left to the serializer."""
    return _XML_BAD.sub(_shown, str(text))


def html(text: object, quote: bool = True) -> str:
    """``text`` for HTML (or SVG inside it): XML-clean, then ``& < >`` (and ``" '`` when ``quote``)
    as character references; safe in element text and in quoted attribute values."""
    if type(text) is str and len(text) <= _KEPT_LENGTH:  # a report escapes each id and title many times
        return _html_kept(text, quote)
    return _html.escape(xml(text), quote=quote)


#: Longest text whose :func:`html` a process keeps (:func:`_html_kept`).
_KEPT_LENGTH = 512


@functools.lru_cache(maxsize=8192)
def _html_kept(text: str, quote: bool) -> str:
    """:func:`html` of a (short) ``str``, kept per process: a function of its arguments, and a ``str``
    is immutable (an instance of a subclass, whose ``str()`` may differ, is never kept)."""
    return _html.escape(xml(text), quote=quote)


# --- Markdown -----------------------------------------------------------------------------------

#: Backslash-escaped in a paragraph: what can open a link, image, code span, emphasis, heading or
#: table cell.
_MD_PUNCT = re.compile(r"([\\`*_\[\]#|])")
#: In a table cell only what makes a link or image (``](`` or ``][``) and what ends the cell
#: (``|``) is escaped, with every backslash before them (so that none escapes the escape);
#: brackets, emphasis and headings alone are harmless there.
_MD_LINK_CLOSE = re.compile(r"(\\*)(\](?=[(\[])|\|)")
#: Extended autolinks (GitHub: a bare URL, ``www.`` or an e-mail address becomes a link): the
#: ``:`` after a scheme, the ``.`` after ``www`` and every ``@`` are backslash-escaped, which
#: renders as the same text but is not recognised as a link.
_MD_SCHEME = re.compile(r"(?i)(?<![A-Za-z0-9+.-])([a-z][a-z0-9+.-]{0,31}):(?=//)|\b(mailto|xmpp):")
_MD_WWW = re.compile(r"(?i)\b(www)\.")
_MD_BREAK = re.compile(r"\r\n|[\n\r\u2028\u2029\x0b\x0c\x1c-\x1e\x85]")


#: Inside the text of a link the toolkit writes (``[TEXT](#anchor)`` in a table), every bracket,
#: backslash and backtick is escaped: none may pair with the toolkit's own ``](``.
_MD_PUNCT_LINK = re.compile(r"([\\`\[\]|])")


def markdown(text: object, *, cell: bool = False, link: bool = False) -> str:
    """``text`` as inert Markdown: HTML characters as references (no raw tag, autolink or entity),
    links and images broken (in a paragraph every character that opens a link, image, code span,
    emphasis or heading is backslash-escaped; in a table cell only ``](``, ``][`` and ``|``), bare
    URLs, ``www.`` and e-mail addresses defused, control characters shown as escapes; a line break
    becomes ``<br>`` in a table cell (``cell``), else a space.  ``link``: the text of a link the
    toolkit writes in a table cell (every bracket, backslash, backtick and ``|`` escaped)."""
    s = _MD_BREAK.sub("\n", str(text))
    s = terminal(s, newlines=True)
    s = _html.escape(s, quote=False)
    if link:
        cell = True
        s = _MD_PUNCT_LINK.sub(r"\\\1", s)
    elif cell:
        s = _MD_LINK_CLOSE.sub(lambda m: "\\" * (2 * len(m.group(1)) + 1) + m.group(2), s)
    else:
        s = _MD_PUNCT.sub(r"\\\1", s)
    s = _MD_SCHEME.sub(lambda m: (m.group(1) or m.group(2)) + "\\:", s)
    s = _MD_WWW.sub(r"\1\\.", s)
    s = s.replace("@", "\\@")
    return s.replace("\n", "<br>" if cell else " ")


def markdown_fence(text: object, lang: str = "") -> str:
    """``text`` as a fenced code block (literal, never rendered): the fence is longer than any run
    of backticks inside, control characters are shown as escapes."""
    s = terminal(str(text), newlines=True)
    ticks = max([len(m) for m in re.findall(r"`+", s)] + [2]) + 1
    return f"{'`' * ticks}{lang}\n{s}\n{'`' * ticks}"


# --- Mermaid ------------------------------------------------------------------------------------

#: Written as Mermaid entity codes inside a ``"..."`` label: the quote, the entity and comment
#: characters, backticks (markdown strings), HTML's characters, and ``&`` where it could start
#: an entity.
_MERMAID_CODES = {'"': "#34;", "#": "#35;", "%": "#37;", "`": "#96;", "<": "#60;", ">": "#62;"}
_MERMAID_BAD = re.compile(r'["#%`<>]|&(?=[A-Za-z0-9#])')


def mermaid_label(text: object) -> str:
    """One part of a Mermaid node label, for inside ``["..."]``: on one line, nothing that ends the
    string, opens a tag or an entity, or turns the label into a markdown string."""
    s = terminal(" ".join(str(text).split()))
    return _MERMAID_BAD.sub(lambda m: _MERMAID_CODES.get(m.group(), "#38;"), s)


_MERMAID_ID_BAD = re.compile(r"[^A-Za-z0-9]")


def mermaid_ids(keys: Iterable[str]) -> dict[str, str]:
    """A Mermaid node id for every key: ``n_`` and the key with every character but ASCII letters
    and digits as ``_`` (``prop1.rope`` -> ``n_prop1_rope``); keys that would share an id get
    ``_2``, ``_3``, ... in order, never an id another key has."""
    keys = list(dict.fromkeys(keys))
    base = {k: "n_" + _MERMAID_ID_BAD.sub("_", k) for k in keys}
    taken = set(base.values())
    out: dict[str, str] = {}
    used: set[str] = set()
    for k in keys:
        mid = base[k]
        if mid in used:
            i = 2
            while f"{mid}_{i}" in used or f"{mid}_{i}" in taken:
                i += 1
            mid = f"{mid}_{i}"
        used.add(mid)
        out[k] = mid
    return out


# --- Graphviz DOT ---------------------------------------------------------------------------------


#: Where ``&`` could start an HTML entity, which Graphviz decodes in labels.
_DOT_ENTITY = re.compile(r"&(?=[A-Za-z0-9#])")


def dot_text(text: object) -> str:
    """One part of a DOT label (a line of it), without its quotes: on one line, control characters
    shown as escapes, ``"`` as ``\\"``, and no backslash at all (a backslash is written as the
    entity ``&#92;``, ``&`` before a name as ``&amp;``): Graphviz has no escape for a backslash, so a
    backslash before the closing quote would otherwise reopen the string, and ``\\N``, ``\\l``
    would be substitutions."""
    s = terminal(" ".join(str(text).split()))
    s = _DOT_ENTITY.sub("&amp;", s).replace("\\", "&#92;")
    return s.replace('"', '\\"')


#: Kept as they are in a DOT id: printable ASCII but the quote, the backslash and ``%``.
_DOT_ID_SAFE = "".join(chr(c) for c in range(0x20, 0x7F) if chr(c) not in '"\\%')


def dot_id(text: object) -> str:
    """``text`` as one quoted DOT id, distinct for distinct texts: ``"``, ``\\``, ``%``, control and
    non-ASCII characters percent-encoded (``momentum:sec1.feedback`` stays, ``a"b`` is
    ``"a%22b"``), so that it holds neither a quote nor a backslash and cannot end early or carry
    attributes."""
    from urllib.parse import quote

    return f'"{quote(str(text), safe=_DOT_ID_SAFE, errors="surrogatepass")}"'
