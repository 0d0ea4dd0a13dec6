"""The focus view of one statement: its own small graph of what it depends on and what uses it.

For every statement the HTML report holds one ``<section class="focus" id="focus=ID">``, hidden
until the address names it (``report.html#focus=thm64.step5``: CSS ``:target``, no JavaScript).
It draws the statement, its dependencies (transitively, up to :data:`DEPTH` layers to the left)
and the statements that use it (up to :data:`DEPTH` layers to the right); when that is more than
:data:`MAX_NODES` nodes, fewer layers are drawn and the view says how many it leaves out.  The
drawing is an SVG whose ``viewBox`` scales it into its box, so it fits a 1280 x 900 window
without scrolling; every node links to its own focus view, and the view links to the statement.
"""

from __future__ import annotations

import re
from typing import Mapping

from psa_io.escape import html as escape

from .graph import COLOURS, GraphNode
from .registry import Status

DEPTH = 3  # layers each way
MAX_NODES = 30  # related nodes drawn at most (the focus node and its neighbours)
W, H = 176, 40  # node box
XGAP, YGAP = 44, 10
COL_ROWS = 10  # a column taller than this wraps into sub-columns
BLOCKED_STROKE = "#bc4c00"


def id_html(text: str) -> str:
    """An id (escaped) that may break at its dots and colons only (``<wbr>``), never inside a
    word: ``thm64.validation`` wraps as ``thm64.`` / ``validation`` on a narrow screen."""
    return re.sub(r"([.:])", r"\1<wbr>", escape(text))


def focus_id(anchor: str) -> str:
    """The element id (and address fragment) of a statement's focus view: ``focus=`` and the
    statement's anchor without its ``stmt-`` prefix (already safe in an address)."""
    return "focus=" + (anchor[5:] if anchor.startswith("stmt-") else anchor)


def _reach(nodes: Mapping[str, GraphNode], key: str, users: dict[str, set], up: bool, depth: int) -> dict[str, int]:
    """Distance (1..depth) of every statement reached from ``key``: its dependencies (``up``
    False: walking ``depends``) or its users (``up`` True)."""
    dist: dict[str, int] = {}
    frontier = [key]
    for d in range(1, depth + 1):
        if not frontier:  # nothing further (``depth`` may be 10**6: "all of them")
            break
        nxt = []
        for k in frontier:
            for m in sorted(users.get(k, ()) if up else nodes[k].depends if k in nodes else ()):
                if m != key and m not in dist and m in nodes:
                    dist[m] = d
                    nxt.append(m)
        frontier = nxt
    return dist


def users_of(nodes: Mapping[str, GraphNode]) -> dict[str, set]:
    """Lower-case id -> the ids of the statements that depend on it directly."""
    out: dict[str, set] = {}
    for k, n in nodes.items():
        for d in n.depends:
            if d != k:
                out.setdefault(d, set()).add(k)
    return out


def neighbourhood(nodes: Mapping[str, GraphNode], key: str, users: dict[str, set]) -> tuple[dict[str, int], int, int]:
    """Column of each node drawn (negative: dependencies, 0: the statement, positive: users), the
    number of layers drawn each way, and how many related statements are left out."""
    full_dn = _reach(nodes, key, users, False, 10**6)
    full_up = _reach(nodes, key, users, True, 10**6)
    related = len(set(full_dn) | set(full_up))
    depth = DEPTH
    while True:
        dn = _reach(nodes, key, users, False, depth)
        up = _reach(nodes, key, users, True, depth)
        if len(dn) + len(up) + 1 <= MAX_NODES or depth == 1:
            break
        depth -= 1
    cols = {key: 0}
    cols.update({k: -d for k, d in dn.items()})
    cols.update({k: d for k, d in up.items() if k not in cols})
    if len(cols) > MAX_NODES:  # one layer each way is still too many: the nearest, by id
        keep = sorted(cols, key=lambda k: (abs(cols[k]), k))[:MAX_NODES]
        cols = {k: cols[k] for k in keep}
    return cols, depth, related - (len(cols) - 1)


def _layout(cols: dict[str, int]) -> tuple[dict[str, tuple[float, float]], float, float]:
    by_col: dict[int, list[str]] = {}
    for k, c in sorted(cols.items(), key=lambda kv: (kv[1], kv[0])):
        by_col.setdefault(c, []).append(k)
    pos: dict[str, tuple[float, float]] = {}
    x = 8.0
    height = 0.0
    for c in sorted(by_col):
        ks = by_col[c]
        sub = max(1, -(-len(ks) // COL_ROWS))
        rows = -(-len(ks) // sub)
        for j, k in enumerate(ks):
            s, r = divmod(j, rows)
            pos[k] = (x + s * (W + 12), 8 + r * (H + YGAP))
        x += sub * W + (sub - 1) * 12 + XGAP
        height = max(height, 8 + rows * (H + YGAP))
    return pos, x - XGAP + 8, height + 4


def _fit(text: str, chars: int) -> str:
    return text if len(text) <= chars else text[: chars - 1] + "…"


def focus_svg(
    nodes: Mapping[str, GraphNode],
    key: str,
    cols: dict[str, int],
    anchors: Mapping[str, str],
    blocked: Mapping[str, list],
) -> str:
    """The focus drawing: the nodes of ``cols`` and the dependency edges among them."""
    pos, width, height = _layout(cols)
    out = [
        f'<svg xmlns="http://www.w3.org/2000/svg" class="focusgraph" width="{width:.0f}" height="{height:.0f}" '
        f'viewBox="0 0 {width:.0f} {height:.0f}" '
        f'preserveAspectRatio="xMidYMin meet" role="img" aria-label="{escape(nodes[key].id, quote=True)}: '
        f'{len(cols) - 1} related statements">',
        '<g fill="none" stroke="#8c959f" stroke-width="1.2">',
    ]
    for k in cols:
        for d in nodes[k].depends:
            if d in pos and d != k:
                (x1, y1), (x2, y2) = pos[d], pos[k]
                x1, y1, x2, y2 = x1 + W, y1 + H / 2, x2, y2 + H / 2
                if x2 <= x1:
                    continue  # same column (a cycle): the lists below name it
                m = (x1 + x2) / 2
                out.append(
                    f'<path d="M{x1:.0f},{y1:.0f} C{m:.0f},{y1:.0f} {m:.0f},{y2:.0f} {x2 - 4:.0f},{y2:.0f}"/>'
                    f'<circle cx="{x2 - 3:.0f}" cy="{y2:.0f}" r="3" fill="#57606a" stroke="none"/>'
                )
    out.append('</g><g font-family="sans-serif" font-size="11">')
    for k, (x, y) in pos.items():
        n = nodes[k]
        fill = COLOURS["fully-green"] if n.fully_green else COLOURS[n.status]
        ink = "#ffffff" if (n.fully_green or n.status in (Status.FAIL, Status.ERROR)) else "#1f2328"
        is_blocked = bool(blocked.get(k))
        stroke, sw = ("#0969da", 3) if k == key else ((BLOCKED_STROKE, 2.5) if is_blocked else ("#57606a", 1))
        dash = ' stroke-dasharray="5 3"' if is_blocked else ""
        status = _status(n, is_blocked)
        body = (
            f"<title>{escape(n.id)}: {escape(n.label)} — {escape(status)}</title>"
            f'<rect x="{x:.0f}" y="{y:.0f}" width="{W}" height="{H}" rx="5" fill="{fill}" '
            f'stroke="{stroke}" stroke-width="{sw}"{dash}/>'
            f'<text x="{x + 6:.0f}" y="{y + 15:.0f}" fill="{ink}" font-weight="bold">{escape(_fit(n.id, 27))}</text>'
            f'<text x="{x + 6:.0f}" y="{y + 31:.0f}" fill="{ink}">{escape(_fit(status, 29))}</text>'
        )
        attrs = f'class="fnode" data-id="{escape(k, quote=True)}"'
        if k in anchors:
            out.append(f'<a href="#{escape(focus_id(anchors[k]), quote=True)}" {attrs}>{body}</a>')
        else:
            out.append(f"<g {attrs}>{body}</g>")
    out.append("</g></svg>")
    return "".join(out)


def _status(n: GraphNode, blocked: bool) -> str:
    if n.fully_green:
        return "PASS, fully green"
    if n.status is None:
        return "no certificate" if n.label == "(no certificate)" else "not run"
    if n.status is Status.PASS and blocked:
        return "PASS, blocked"
    if n.status is Status.FAIL and n.severity:
        return f"FAIL ({n.severity})"
    return n.status.value


def focus_section(
    nodes: Mapping[str, GraphNode],
    key: str,
    anchors: Mapping[str, str],
    users: dict[str, set],
    blocked: Mapping[str, list],
    title: str,
    status_html: str,
) -> str:
    """One statement's focus view (hidden until its address is the target)."""
    cols, depth, left_out = neighbourhood(nodes, key, users)
    n = nodes[key]
    ndeps = sum(1 for c in cols.values() if c < 0)
    nusers = sum(1 for c in cols.values() if c > 0)

    def links(keys) -> str:
        return (
            ", ".join(
                f'<a class="cid" href="#{escape(focus_id(anchors[k]), quote=True)}">{id_html(nodes[k].id)}</a>'
                if k in anchors
                else escape(nodes[k].id if k in nodes else k)
                for k in sorted(keys)
            )
            or "none"
        )

    note = f"{ndeps} dependenc{'y' if ndeps == 1 else 'ies'} and {nusers} user{'' if nusers == 1 else 's'}"
    note += f", {depth} layer{'s' if depth != 1 else ''} each way"
    if left_out:
        note += f"; {left_out} more related statement{'s' if left_out != 1 else ''} not drawn"
    blk = blocked.get(key) or []
    blk_html = (
        f'<p class="blocked-note">PASS, but blocked by failing dependencies: {links(k.lower() for k in blk)}</p>'
        if blk
        else ""
    )
    stmt = anchors.get(key, "")
    return (
        f'<section class="focus" id="{escape(focus_id(stmt), quote=True)}" data-focus="{escape(key, quote=True)}">'
        f'<div class="focus-head"><h2>Focus: <span class="cid">{id_html(n.id)}</span> {status_html}</h2>'
        f'<a class="focus-close" href="#{escape(stmt, quote=True)}">statement ↓</a> '
        f'<a class="focus-close" href="#graph">close ×</a></div>'
        f'<p class="muted">{escape(title)} — {note}. Dependencies to the left, users to the right; '
        f"click a node for its own focus view.</p>{blk_html}"
        f'<div class="focusbox">{focus_svg(nodes, key, cols, anchors, blocked)}</div>'
        f'<p class="focus-lists"><strong>depends on:</strong> {links(n.depends)} · '
        f"<strong>used by:</strong> {links(users.get(key, ()))}</p></section>"
    )
