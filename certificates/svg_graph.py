"""The dependency graph of :mod:`certificates.graph` as one inline SVG, laid out without Graphviz.

Layout (a layered, Sugiyama-style drawing, left to right):

* layers: a statement sits one column to the right of the rightmost statement it depends on
  (longest-path layering: ``networkx.topological_generations`` of the graph with edges
  dependency -> dependent); a dependency cycle is collapsed to one layer first
  (``networkx.condensation``), so a cycle never breaks the drawing;
* order within a layer: barycentre sweeps (each node moves to the mean position of its
  neighbours in the other layers, alternately left-to-right and right-to-left), which keeps
  edge crossings low without an exact, exponential crossing minimisation;
* statements with no dependency edge at all (most of a paper: lemmas checked on their own) are
  not drawn as one endless column but as a grid below the layered part;
* a layer taller than ``MAX_ROWS`` nodes wraps into several sub-columns, so ~300 nodes stay
  readable in a scrollable container.

networkx is used for the graph algorithms (maintained, pure Python); the coordinates, ordering
and SVG are written here.  Every node is an ``<a href="#anchor">`` link to its statement's
section in the page; its fill is the colour of :data:`certificates.graph.COLOURS` and a FAIL
node also names its severity (and a thicker border marks a substantive one).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Mapping, Optional

from psa_io.escape import html as escape

from .graph import COLOURS, GraphNode
from .registry import Status
from .results import Blockage

NODE_W, NODE_H = 190, 52  # node box: id, status, the statement it supports (one line each)
COL_GAP, ROW_GAP = 64, 12  # gaps between columns / rows of the layered part
MAX_ROWS = 48  # a layer taller than this wraps into sub-columns
GRID_COLS = 5  # columns of the grid of unconnected statements
MARGIN = 16
SWEEPS = 8  # barycentre passes (each: one sweep each way)


@dataclass
class Placed:
    key: str
    x: float
    y: float
    layer: int  # -1: unconnected (grid)


def _layers(nodes: Mapping[str, GraphNode]) -> dict[str, int]:
    """Longest-path layer of every connected node (dependencies to the left)."""
    import networkx as nx

    g = nx.DiGraph()
    for key, n in nodes.items():
        for d in n.depends:
            if d != key:
                g.add_edge(d, key)  # dependency -> dependent
    if g.number_of_nodes() == 0:
        return {}
    cond = nx.condensation(g)  # a DAG of strongly connected components
    layer: dict[str, int] = {}
    for i, generation in enumerate(nx.topological_generations(cond)):
        for comp in generation:
            for key in cond.nodes[comp]["members"]:
                layer[key] = i
    return layer


def _order(layers: dict[int, list[str]], nodes: Mapping[str, GraphNode]) -> dict[int, list[str]]:
    """Barycentre ordering of each layer against the positions of its neighbours in the layer
    just swept (the previous one going right, the next one going left)."""
    where = {k: i for i, ks in layers.items() for k in ks}
    neigh: dict[str, set[str]] = {k: set() for k in where}
    for key, n in nodes.items():
        for d in n.depends:
            if key in where and d in where and d != key:
                neigh[key].add(d)
                neigh[d].add(key)
    order = {i: sorted(ks) for i, ks in layers.items()}  # deterministic start: by id
    pos = {k: j for ks in order.values() for j, k in enumerate(ks)}
    idx = sorted(order)
    for sweep in range(2 * SWEEPS):
        forward = sweep % 2 == 0
        for i in idx[1:] if forward else idx[-2::-1]:
            ref = i - 1 if forward else i + 1

            def bary(k: str, ref=ref) -> tuple:
                ps = [pos[m] for m in neigh[k] if where[m] == ref]
                if not ps:  # fall back on every neighbour, then on the current position
                    ps = [pos[m] for m in neigh[k]] or [pos[k]]
                return (sum(ps) / len(ps), pos[k])

            order[i] = sorted(order[i], key=bary)
            pos.update({k: j for j, k in enumerate(order[i])})
    return order


def layout(nodes: Mapping[str, GraphNode]) -> tuple[dict[str, Placed], float, float]:
    """Positions (top-left of each node box), and the drawing's width and height."""
    layer = _layers(nodes)
    by_layer: dict[int, list[str]] = {}
    for k, i in layer.items():
        by_layer.setdefault(i, []).append(k)
    order = _order(by_layer, nodes) if by_layer else {}
    placed: dict[str, Placed] = {}
    x = MARGIN
    height = MARGIN
    for i in sorted(order):
        ks = order[i]
        sub = max(1, -(-len(ks) // MAX_ROWS))  # sub-columns of a tall layer
        rows = -(-len(ks) // sub)
        for j, k in enumerate(ks):
            c, r = divmod(j, rows)
            placed[k] = Placed(k, x + c * (NODE_W + COL_GAP // 2), MARGIN + r * (NODE_H + ROW_GAP), i)
        x += sub * NODE_W + (sub - 1) * (COL_GAP // 2) + COL_GAP
        height = max(height, MARGIN + rows * (NODE_H + ROW_GAP))
    width = max(x - COL_GAP + MARGIN, MARGIN)
    loose = sorted(k for k in nodes if k not in layer)
    if loose:
        top = height + (32 if placed else 0)
        for j, k in enumerate(loose):
            r, c = divmod(j, GRID_COLS)
            placed[k] = Placed(k, MARGIN + c * (NODE_W + ROW_GAP), top + 22 + r * (NODE_H + ROW_GAP), -1)
        rows = -(-len(loose) // GRID_COLS)
        height = top + 22 + rows * (NODE_H + ROW_GAP)
        width = max(width, MARGIN + min(len(loose), GRID_COLS) * (NODE_W + ROW_GAP) - ROW_GAP + MARGIN)
    return placed, float(width), float(height + MARGIN)


def _status_text(n: GraphNode, severity: Optional[str], b: Optional[Blockage] = None) -> str:
    if n.fully_green:
        return "PASS, fully green"
    if n.status is Status.PASS and b is not None:
        return "PASS, blocked" if b.blocked else "PASS, on a reading"
    if n.status is None:
        return "not run" if n.label != "(no certificate)" else "no certificate"
    if n.status is Status.FAIL and severity:
        return f"FAIL ({severity})"
    return n.status.value


def _fit(text: str, chars: int) -> str:
    return text if len(text) <= chars else text[: chars - 1] + "…"


def to_svg(
    nodes: Mapping[str, GraphNode],
    anchors: Mapping[str, str],
    severities: Optional[Mapping[str, str]] = None,
    blocked: Optional[Mapping[str, Blockage]] = None,
) -> str:
    """One ``<svg>`` element: every node of ``nodes`` as a link to ``#anchors[key]`` (nodes without
    an anchor, i.e. dependencies without a certificate, are drawn but not linked).  A PASS in
    ``blocked`` (:func:`certificates.results.blockage`) is drawn with a dashed orange border and
    says "PASS, blocked", or, resting on reading-grade FAILs only, a dotted amber one and says
    "PASS, on a reading"."""
    severities = severities or {}
    blocked = blocked or {}
    placed, width, height = layout(nodes)
    out = [
        f'<svg xmlns="http://www.w3.org/2000/svg" class="depgraph" width="{width:.0f}" '
        f'height="{height:.0f}" viewBox="0 0 {width:.0f} {height:.0f}" role="img" '
        f'aria-label="dependency graph of {len(nodes)} statements, coloured by verdict">',
        '<defs><marker id="arrow" viewBox="0 0 10 10" refX="10" refY="5" markerWidth="7" '
        'markerHeight="7" orient="auto-start-reverse"><path d="M0,0 L10,5 L0,10 z" '
        'fill="#57606a"/></marker></defs>',
        '<g class="edges" fill="none" stroke="#8c959f" stroke-width="1.2">',
    ]
    for key, n in nodes.items():  # edge: from the dependency (left) to the dependent
        for d in n.depends:
            if d == key or d not in placed or key not in placed:
                continue
            a, b = placed[d], placed[key]
            x1, y1 = a.x + NODE_W, a.y + NODE_H / 2
            x2, y2 = b.x, b.y + NODE_H / 2
            if x2 <= x1:  # same layer (a cycle) or sub-column: loop around from the right
                x1, x2 = a.x + NODE_W, b.x + NODE_W
                bend = max(x1, x2) + 40
                path = f"M{x1:.0f},{y1:.0f} C{bend:.0f},{y1:.0f} {bend:.0f},{y2:.0f} {x2:.0f},{y2:.0f}"
            else:
                mid = (x1 + x2) / 2
                path = f"M{x1:.0f},{y1:.0f} C{mid:.0f},{y1:.0f} {mid:.0f},{y2:.0f} {x2:.0f},{y2:.0f}"
            out.append(
                f'<path d="{path}" marker-end="url(#arrow)"><title>{escape(n.id)} depends on '
                f"{escape(nodes[d].id)}</title></path>"
            )
    out.append("</g>")
    if any(p.layer == -1 for p in placed.values()):
        top = min(p.y for p in placed.values() if p.layer == -1) - 8
        out.append(
            f'<text x="{MARGIN}" y="{top:.0f}" class="gridlabel" font-size="12" '
            f'fill="#57606a">statements with no dependency edge</text>'
        )
    out.append('<g class="nodes" font-family="sans-serif" font-size="11">')
    for key, n in nodes.items():
        p = placed[key]
        sev = severities.get(key) if n.status is Status.FAIL else None
        fill = COLOURS["fully-green"] if n.fully_green else COLOURS[n.status]
        dark = n.fully_green or n.status in (Status.FAIL, Status.ERROR)
        ink = "#ffffff" if dark else "#1f2328"
        blk = blocked.get(key) if n.status is Status.PASS else None
        if sev == "substantive":
            stroke, sw = "#82071e", 3
        elif blk is not None:
            stroke, sw = ("#bc4c00", 3) if blk.blocked else ("#9a6700", 3)
        else:
            stroke, sw = "#57606a", 1
        dash = ' stroke-dasharray="4 3"' if (n.status is None or (blk is not None and blk.blocked)) else ""
        dash = ' stroke-dasharray="2 2"' if blk is not None and not blk.blocked else dash
        status = _status_text(n, sev, blk)
        tip = f"{n.id}: {n.label} — {status}"
        body = (
            f"<title>{escape(tip)}</title>"
            f'<rect x="{p.x:.0f}" y="{p.y:.0f}" width="{NODE_W}" height="{NODE_H}" rx="5" '
            f'fill="{fill}" stroke="{stroke}" stroke-width="{sw}"{dash}/>'
            f'<text x="{p.x + 6:.0f}" y="{p.y + 15:.0f}" fill="{ink}" font-weight="bold">'
            f"{escape(_fit(n.id, 30))}</text>"
            f'<text x="{p.x + 6:.0f}" y="{p.y + 30:.0f}" fill="{ink}">{escape(_fit(status, 33))}</text>'
            f'<text x="{p.x + 6:.0f}" y="{p.y + 45:.0f}" fill="{ink}">{escape(_fit(n.label, 33))}</text>'
        )
        attrs = (
            f'class="node" data-id="{escape(key)}" data-status="'
            f'{escape(n.status.value if n.status else "not-run")}"'
            + (f' data-severity="{escape(sev)}"' if sev else "")
            + ("" if blk is None else (' data-blocked="1"' if blk.blocked else ' data-reading="1"'))
        )
        if key in anchors:
            out.append(f'<a href="#{escape(anchors[key])}" {attrs}>{body}</a>')
        else:
            out.append(f"<g {attrs}>{body}</g>")
    out.append("</g></svg>")
    return "\n".join(out)


#: What "blocked" means, said once (:func:`certificates.results.blockage` decides it).
BLOCKED_MEANING = (
    "PASS, blocked (dashed orange border): it depends, directly or through others, on a substantive or minor FAIL"
)
READING_MEANING = (
    "PASS, on a reading (dotted amber border): every FAIL it depends on is reading-grade; it holds "
    "under the reading that FAIL's evidence names"
)


def legend_items() -> list[tuple[str, str, str]]:
    """(colour, meaning, CSS border of the swatch or "") for a legend next to the drawing."""
    return [
        (COLOURS["fully-green"], "PASS, fully green (it and all its dependencies pass)", ""),
        (
            COLOURS[Status.PASS],
            "PASS (not fully green: a dependency is not checkable, errs or has no verdict; none FAILs)",
            "",
        ),
        (COLOURS[Status.PASS], BLOCKED_MEANING, "2px dashed #bc4c00"),
        (COLOURS[Status.PASS], READING_MEANING, "2px dotted #9a6700"),
        (COLOURS[Status.FAIL], "FAIL (severity named; thick border: substantive)", ""),
        (COLOURS[Status.ERROR], "ERROR (the check broke)", ""),
        (COLOURS[Status.NOT_CHECKABLE], "NOT-CHECKABLE", ""),
        (COLOURS[None], "no verdict (dashed border)", "1px dashed #57606a"),
    ]
