"""Render ``:math:`` and ``.. math::`` as MathML when the HTML is built: formulas need no script.

The pages' mathematics is converted by `latex2mathml <https://pypi.org/project/latex2mathml/>`_
(pure Python, in the ``docs`` extra) into ``<math>`` elements, which browsers draw natively
(MathML Core): no MathJax, no CDN, so the pages keep their formulas offline.  The LaTeX source
stays in the element's ``alttext`` (and in its ``<annotation>``) for copying and screen readers.

A formula the converter cannot read fails the build (``-W``) with its text, rather than showing
raw LaTeX silently.
"""

from __future__ import annotations

import html
from typing import Any

from docutils import nodes
from sphinx.application import Sphinx
from sphinx.util import logging
from sphinx.util.math import get_node_equation_number

logger = logging.getLogger(__name__)


def to_mathml(latex: str, *, display: bool) -> str:
    """``latex`` as a ``<math>`` element (``display="block"`` or ``"inline"``).

    >>> to_mathml(r"\\sqrt{d_k}", display=False).startswith('<math xmlns=')
    True
    """
    from latex2mathml.converter import convert

    mathml = convert(latex.strip(), display="block" if display else "inline")
    alt = html.escape(latex.strip(), quote=True)
    head, sep, rest = mathml.partition(">")
    # keep the source: alttext for assistive technology, an annotation for copy and paste
    body = rest[: -len("</math>")]
    return (
        f'{head} alttext="{alt}"{sep}<semantics>{body}'
        f'<annotation encoding="application/x-tex">{html.escape(latex.strip())}</annotation>'
        "</semantics></math>"
    )


def _convert(self: Any, node: nodes.Element, latex: str, *, display: bool) -> str:
    try:
        return to_mathml(latex, display=display)
    except Exception as exc:  # latex2mathml raises several types; each is a bad formula
        logger.warning("cannot render math %r as MathML: %s", latex, exc, location=node)
        return f"<code>{self.encode(latex)}</code>"


def html_visit_math(self: Any, node: nodes.math) -> None:
    self.body.append(self.starttag(node, "span", "", CLASS="math notranslate"))
    self.body.append(_convert(self, node, node.astext(), display=False))
    self.body.append("</span>")
    raise nodes.SkipNode


def html_visit_displaymath(self: Any, node: nodes.math_block) -> None:
    self.body.append(self.starttag(node, "div", CLASS="math notranslate"))
    if node["number"]:
        number = get_node_equation_number(self, node)
        self.body.append(f'<span class="eqno">({number})')
        self.add_permalink_ref(node, "Link to this equation")
        self.body.append("</span>")
    for part in (p for p in node.astext().split("\n\n") if p.strip()):
        self.body.append(_convert(self, node, part, display=True))
    self.body.append("</div>\n")
    raise nodes.SkipNode


def setup(app: Sphinx) -> dict[str, Any]:
    app.add_html_math_renderer("mathml", (html_visit_math, None), (html_visit_displaymath, None))
    app.add_css_file("mathml.css")
    return {"version": "1", "parallel_read_safe": True, "parallel_write_safe": True}
