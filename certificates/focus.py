"""The focus view of one statement: its own small graph of what it depends on and what uses it.

For every statement the HTML report holds one ``<section class="focus" id="focus=ID">``, hidden
until the address names it (``report.html#focus=thm64.step5``: CSS ``:target``, no JavaScript;
a small script of the page also accepts the id in any case, ``#focus=C8``).

What is drawn (:func:`focus_view`):

* the statement, its dependencies (transitively, up to :data:`DEPTH` layers) and the statements
  that use it (up to :data:`DEPTH` layers); when that is more than :data:`MAX_NODES` nodes, fewer
  layers are drawn and the view says how many related statements it leaves out;
* always, for every PASS drawn that rests on a FAIL (:func:`certificates.results.blockage`),
  every failing statement it depends on and the shortest chain of dependencies from it, so that
  a "PASS, blocked" node is never drawn without what blocks it;
* every dependency edge among the nodes drawn -- none is left out: the columns are layers of the
  drawn subgraph (a statement sits right of everything it depends on, dependencies to the left,
  users to the right), and the edges of a dependency cycle, which share a column, loop around.

The drawing is an SVG with a ``viewBox``: its box is the size of what is drawn (never larger than
the window) and it scales down to the window's width.  At phone width a second drawing of the same
nodes and edges, with the layers as rows (dependencies above), replaces it (CSS media query), so
that a node keeps a readable size; every node links to its own focus view.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Mapping, Optional

from psa_io.escape import html as escape

from .graph import COLOURS, GraphNode
from .registry import Status
from .results import BLOCKED, Blockage

DEPTH = 3  # layers each way
MAX_NODES = 30  # related nodes drawn at most by distance (blockers and their paths come on top)
W, H = 176, 40  # node box
PAD = 8  # margin of the drawing
XGAP, YGAP = 44, 10  # wide drawing: between columns (layers) / between nodes of a column
SUBGAP = 12  # between the sub-columns of a wrapped column (or the nodes of a phone row)
COL_ROWS = 10  # a column taller than this wraps into sub-columns
PHONE_COLS = 2  # phone drawing: nodes side by side in a row (a layer wraps into more rows)
DESK_COLS = 6  # desktop drawing with the layers as rows (a long chain): nodes side by side in a row
DESK_AREA = (1230, 690)  # what a 1280 x 900 window leaves a focus drawing (the wider scale decides)
LAYER_GAP = 30  # phone drawing: between the rows of two layers
LOOP = 28  # room for the loop of an edge within one column (a dependency cycle)
SCALE = 1.25  # the largest a drawing is shown, relative to its own size
BLOCKED_STROKE = "#bc4c00"  # a PASS blocked by a substantive or minor FAIL, and the path to it
READING_STROKE = "#9a6700"  # a PASS conditional on a reading
EDGE_STROKE = "#8c959f"


def id_html(text: str) -> str:
    """An id (escaped) that may break at its dots and colons only (``<wbr>``), never inside a
    word: ``thm64.validation`` wraps as ``thm64.`` / ``validation`` on a narrow screen."""
    return re.sub(r"([.:])", r"\1<wbr>", escape(text))


def focus_id(anchor: str) -> str:
    """The element id (and address fragment) of a statement's focus view: ``focus=`` and the
    statement's anchor without its ``stmt-`` prefix (already safe in an address)."""
    return "focus=" + (anchor[5:] if anchor.startswith("stmt-") else anchor)


# --- what is drawn -----------------------------------------------------------------------------


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
    """The statements near ``key``: signed distance of each (negative: dependencies, 0: the
    statement, positive: users), the number of layers kept each way, and how many related
    statements (dependencies or users at any distance) are left out."""
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


def _path_from(nodes: Mapping[str, GraphNode], start: str, goal: str, shown: set) -> list[str]:
    """The chain of dependencies from ``start`` down to ``goal`` (both included), through the
    fewest statements not yet shown (a 0-1 breadth-first search); [] when there is none."""
    from collections import deque

    best = {start: 0}
    prev: dict[str, str] = {}
    todo = deque([start])
    while todo:
        k = todo.popleft()
        if k == goal:
            break
        for d in sorted(nodes[k].depends if k in nodes else ()):
            if d not in nodes or d == k:
                continue
            cost = best[k] + (0 if d in shown else 1)
            if d not in best or cost < best[d]:
                best[d] = cost
                prev[d] = k
                (todo.appendleft if d in shown else todo.append)(d)
    if goal not in best:
        return []
    path = [goal]
    while path[-1] != start:
        path.append(prev[path[-1]])
    return path[::-1]


@dataclass
class FocusView:
    """What one focus view draws: ``shown`` (drawing order), their ``layer`` (column), every
    dependency ``edge`` among them as (dependency, user), the nodes ``added`` because they block a
    shown PASS or lie on the chain to one, the layers kept each way and the related statements left
    out."""

    key: str
    shown: list[str]
    layer: dict[str, int]
    edges: list[tuple[str, str]]
    added: set[str] = field(default_factory=set)
    depth: int = DEPTH
    left_out: int = 0
    distance: dict[str, int] = field(default_factory=dict)


def with_blockers(
    nodes: Mapping[str, GraphNode], shown: set[str], blockage: Mapping[str, Blockage]
) -> tuple[set[str], set[str]]:
    """``shown`` with, for each shown PASS that rests on a FAIL, every failing statement it depends
    on and the chain of dependencies to it (repeated until nothing is added: a node on a chain may
    itself rest on another FAIL); returns the nodes drawn and those added."""
    shown = set(shown)
    added: set[str] = set()
    done: set[tuple[str, str]] = set()
    changed = True
    while changed:
        changed = False
        for k in sorted(shown):
            b = blockage.get(k)
            if b is None:
                continue
            for f in b.by:
                f = f.lower()
                if (k, f) in done:
                    continue
                done.add((k, f))
                new = [m for m in _path_from(nodes, k, f, shown) if m not in shown]
                if new:
                    shown.update(new)
                    added.update(new)
                    changed = True
    return shown, added


def edges_among(nodes: Mapping[str, GraphNode], shown) -> list[tuple[str, str]]:
    """Every dependency edge (dependency, user) between two of ``shown``, each once, sorted."""
    s = set(shown)
    return sorted({(d, k) for k in s for d in nodes[k].depends if d in s and d != k})


def layers(shown, edges: list[tuple[str, str]]) -> dict[str, int]:
    """Column of each node: a node sits right of every node it depends on (the members of a
    dependency cycle share a column); then each node moves right as far as its users allow, so that
    a dependency sits next to what uses it."""
    import networkx as nx

    g = nx.DiGraph()
    g.add_nodes_from(sorted(shown))
    g.add_edges_from(edges)
    cond = nx.condensation(g)
    order = list(nx.lexicographical_topological_sort(cond, key=lambda c: min(cond.nodes[c]["members"])))
    lay: dict[int, int] = {}
    for c in order:
        lay[c] = max((lay[p] + 1 for p in cond.predecessors(c)), default=0)
    for c in reversed(order):
        after = [lay[s] for s in cond.successors(c)]
        if after:
            lay[c] = max(lay[c], min(after) - 1)
    low = min(lay.values(), default=0)
    return {m: lay[c] - low for c in cond.nodes for m in cond.nodes[c]["members"]}


def focus_view(
    nodes: Mapping[str, GraphNode], key: str, users: dict[str, set], blockage: Optional[Mapping[str, Blockage]] = None
) -> FocusView:
    """The nodes, columns and edges of ``key``'s focus view (see the module's docstring)."""
    cols, depth, _ = neighbourhood(nodes, key, users)
    shown, added = with_blockers(nodes, set(cols), blockage or {})
    related = set(_reach(nodes, key, users, False, 10**6)) | set(_reach(nodes, key, users, True, 10**6))
    edges = edges_among(nodes, shown)
    lay = layers(shown, edges)
    order = _order(lay, edges)
    return FocusView(
        key,
        [k for i in sorted(order) for k in order[i]],
        lay,
        edges,
        added,
        depth,
        len(related - shown),
        cols,
    )


def _order(lay: dict[str, int], edges: list[tuple[str, str]]) -> dict[int, list[str]]:
    """The nodes of each column, top to bottom: barycentre sweeps (:func:`certificates.svg_graph._order`)."""
    from .svg_graph import _order as order

    by: dict[int, list[str]] = {}
    for k, i in lay.items():
        by.setdefault(i, []).append(k)
    deps: dict[str, list[str]] = {k: [] for k in lay}
    for d, k in edges:
        deps[k].append(d)
    sub = {k: GraphNode(k, "", None, tuple(v)) for k, v in deps.items()}
    return order(by, sub)


# --- the drawings ------------------------------------------------------------------------------


def _wide(order: dict[int, list[str]]) -> tuple[dict[str, tuple[float, float]], float, float]:
    """Layers as columns, left to right (a tall column wraps into sub-columns), each column
    centred vertically; positions (top-left of each box), width and height."""
    cols = []
    for i in sorted(order):
        ks = order[i]
        sub = max(1, -(-len(ks) // COL_ROWS))
        cols.append((ks, sub, -(-len(ks) // sub)))
    tallest = max((rows for _, _, rows in cols), default=1)
    pos: dict[str, tuple[float, float]] = {}
    x = float(PAD)
    for ks, sub, rows in cols:
        top = PAD + (tallest - rows) * (H + YGAP) / 2
        for j, k in enumerate(ks):
            s, r = divmod(j, rows)
            pos[k] = (x + s * (W + SUBGAP), top + r * (H + YGAP))
        x += sub * W + (sub - 1) * SUBGAP + XGAP
    return pos, x - XGAP + PAD, 2 * PAD + tallest * (H + YGAP) - YGAP


def _rows(order: dict[int, list[str]], across: int) -> tuple[dict[str, tuple[float, float]], float, float]:
    """Layers as rows, top to bottom (dependencies above), at most ``across`` nodes side by side
    (a wide layer wraps into more rows), each row centred."""
    across = min(across, max((len(ks) for ks in order.values()), default=1))
    width = 2 * PAD + across * W + (across - 1) * SUBGAP
    pos: dict[str, tuple[float, float]] = {}
    y = float(PAD)
    for i in sorted(order):
        ks = order[i]
        for start in range(0, len(ks), across):
            row = ks[start : start + across]
            x0 = (width - (len(row) * W + (len(row) - 1) * SUBGAP)) / 2
            for j, k in enumerate(row):
                pos[k] = (x0 + j * (W + SUBGAP), y)
            y += H + YGAP
        y += LAYER_GAP - YGAP
    return pos, width, y - LAYER_GAP + PAD


def _ortho(points: list[tuple[float, float]], r: float = 6) -> str:
    """A path through ``points`` by straight segments with rounded corners."""

    def towards(p, q, t):
        dx, dy = q[0] - p[0], q[1] - p[1]
        n = (dx * dx + dy * dy) ** 0.5 or 1.0
        return p[0] + dx / n * t, p[1] + dy / n * t

    def dist(p, q):
        return ((q[0] - p[0]) ** 2 + (q[1] - p[1]) ** 2) ** 0.5

    out = f"M{points[0][0]:.0f},{points[0][1]:.0f}"
    for a, b, c in zip(points, points[1:], points[2:]):
        t = min(r, dist(a, b) / 2, dist(b, c) / 2)
        (x1, y1), (x2, y2) = towards(b, a, t), towards(b, c, t)
        out += f" L{x1:.0f},{y1:.0f} Q{b[0]:.0f},{b[1]:.0f} {x2:.0f},{y2:.0f}"
    return out + f" L{points[-1][0]:.0f},{points[-1][1]:.0f}"


def _routes(view: FocusView, pos: dict[str, tuple[float, float]], tall: bool):
    """The path of every edge, its end point, and the box (x, y, width, height) of the drawing.

    An edge between neighbouring columns (rows) is a curve from the side of the dependency that
    faces the users to the other side of the user.  A longer edge never crosses a box: it leaves
    into the gap after its dependency, runs in a lane outside the boxes (above or below the columns;
    left or right of the rows, whichever is nearer) and comes back in the gap before its user.  The
    long edges of one dependency share a lane (a trunk that branches to each user), or else those
    of one user (branches that merge into it): a lane never holds two dependencies and two users,
    so every path stays readable; lanes whose spans do not overlap share a track.  An edge within
    one column (a dependency cycle) loops out to the right of the boxes, or over them when they are
    side by side."""
    xs = [x for x, _ in pos.values()]
    ys = [y for _, y in pos.values()]
    lo_x, hi_x, lo_y, hi_y = min(xs), max(xs) + W, min(ys), max(ys) + H
    mid_x, mid_y = (lo_x + hi_x) / 2, (lo_y + hi_y) / 2
    box = [lo_x, lo_y, hi_x, hi_y]
    out: dict[tuple[str, str], tuple[str, tuple[float, float]]] = {}
    long: list[tuple[str, str, str]] = []  # (dependency, user, side) of the edges that take a lane
    for d, k in view.edges:
        (xa, ya), (xb, yb) = pos[d], pos[k]
        if view.layer[d] < view.layer[k]:
            near = yb - (ya + H) <= LAYER_GAP + 0.5 if tall else xb - (xa + W) <= XGAP + 0.5
            if near and tall:
                x1, y1, x2, y2 = xa + W / 2, ya + H, xb + W / 2, yb
                m = (y1 + y2) / 2
                out[d, k] = f"M{x1:.0f},{y1:.0f} C{x1:.0f},{m:.0f} {x2:.0f},{m:.0f} {x2:.0f},{y2 - 3:.0f}", (x2, y2)
            elif near:
                x1, y1, x2, y2 = xa + W, ya + H / 2, xb, yb + H / 2
                m = (x1 + x2) / 2
                out[d, k] = f"M{x1:.0f},{y1:.0f} C{m:.0f},{y1:.0f} {m:.0f},{y2:.0f} {x2 - 3:.0f},{y2:.0f}", (x2, y2)
            elif tall:
                long.append((d, k, "lo" if (xa + xb + W) / 2 < mid_x else "hi"))
            else:
                long.append((d, k, "lo" if (ya + yb + H) / 2 < mid_y else "hi"))
        elif abs(xa - xb) < 1 or abs(ya - yb) >= H:  # one above the other: loop out on the right
            bend = max(xa, xb) + W + LOOP - 4
            y1, y2 = ya + H / 2, yb + H / 2
            box[2] = max(box[2], bend)
            path = f"M{xa + W:.0f},{y1:.0f} C{bend:.0f},{y1:.0f} {bend:.0f},{y2:.0f} {xb + W + 3:.0f},{y2:.0f}"
            out[d, k] = path, (xb + W, y2)
        else:  # side by side: an arc over them
            top = min(ya, yb) - LOOP + 4
            box[1] = min(box[1], top + 6)
            x1, x2 = xa + W / 2, xb + W / 2
            out[d, k] = f"M{x1:.0f},{ya:.0f} C{x1:.0f},{top:.0f} {x2:.0f},{top:.0f} {x2:.0f},{yb - 3:.0f}", (x2, yb)

    def span(d: str, k: str) -> tuple[float, float]:  # where along the lane the edge runs
        (xa, ya), (xb, yb) = pos[d], pos[k]
        return (ya + H + 5, yb - 5) if tall else (xa + W + 6, xb - 6)

    fan_out: dict[tuple[str, str], int] = {}
    fan_in: dict[tuple[str, str], int] = {}
    for d, k, side in long:
        fan_out[d, side] = fan_out.get((d, side), 0) + 1
        fan_in[k, side] = fan_in.get((k, side), 0) + 1
    bus: dict[tuple[str, str], tuple] = {}  # edge -> its lane: ("from", d, side) or ("to", k, side)
    extent: dict[tuple, list[float]] = {}
    for d, k, side in sorted(long, key=lambda e: (-fan_out[e[0], e[2]], e)):
        if ("from", d, side) in extent or ("to", k, side) not in extent and fan_out[d, side] >= fan_in[k, side]:
            lane = ("from", d, side)
        else:
            lane = ("to", k, side)
        a, b = span(d, k)
        e = extent.setdefault(lane, [a, b])
        e[0], e[1] = min(e[0], a), max(e[1], b)
        bus[d, k] = lane
    track: dict[tuple, int] = {}
    for side in ("lo", "hi"):  # interval packing: a lane takes the first track free over its span
        ends: list[float] = []
        for lane in sorted((ln for ln in extent if ln[2] == side), key=lambda ln: (extent[ln], ln)):
            a, b = extent[lane]
            t = next((i for i, end in enumerate(ends) if end < a - 4), len(ends))
            if t < len(ends):
                ends[t] = b
            else:
                ends.append(b)
            track[lane] = t + 1
    for d, k, side in long:
        (xa, ya), (xb, yb) = pos[d], pos[k]
        t = track[bus[d, k]]
        if tall:  # a lane left or right of the rows
            lane_x = lo_x - 6 - 6 * t if side == "lo" else hi_x + 6 + 6 * t
            box[0], box[2] = min(box[0], lane_x), max(box[2], lane_x)
            x1, x2 = xa + W / 2, xb + W / 2
            pts = [(x1, ya + H), (x1, ya + H + 5), (lane_x, ya + H + 5), (lane_x, yb - 5), (x2, yb - 5), (x2, yb - 3)]
            out[d, k] = _ortho(pts, 5), (x2, yb)
        else:  # a lane above or below the columns
            lane_y = lo_y - 6 - 6 * t if side == "lo" else hi_y + 6 + 6 * t
            box[1], box[3] = min(box[1], lane_y), max(box[3], lane_y)
            y1, y2 = ya + H / 2, yb + H / 2
            pts = [(xa + W, y1), (xa + W + 6, y1), (xa + W + 6, lane_y), (xb - 6, lane_y), (xb - 6, y2), (xb - 3, y2)]
            out[d, k] = _ortho(pts, 5), (xb, y2)
    x0, y0 = box[0] - PAD, box[1] - PAD
    return out, (x0, y0, box[2] + PAD - x0, box[3] + PAD - y0)


def _columns(view: FocusView) -> dict[int, list[str]]:
    order: dict[int, list[str]] = {}
    for k in view.shown:
        order.setdefault(view.layer[k], []).append(k)
    return order


def desk_rows(view: FocusView) -> bool:
    """Whether the desktop drawing has its layers as rows: when a long chain of dependencies would
    make the columns drawing smaller than the rows drawing in :data:`DESK_AREA`."""
    order = _columns(view)

    def scale(w: float, h: float) -> float:
        return min(DESK_AREA[0] / w, DESK_AREA[1] / h, SCALE)

    _, w1, h1 = _wide(order)
    _, w2, h2 = _rows(order, DESK_COLS)
    return scale(w2, h2) > scale(w1, h1) + 0.05


def _fit(text: str, chars: int) -> str:
    return text if len(text) <= chars else text[: chars - 1] + "…"


def status_words(n: GraphNode, b: Optional[Blockage]) -> str:
    """A node's verdict in words: "PASS, fully green", "PASS, blocked", "PASS, on a reading",
    "FAIL (minor)", "not run" ..."""
    if n.fully_green:
        return "PASS, fully green"
    if n.status is None:
        return "no certificate" if n.label == "(no certificate)" else "not run"
    if n.status is Status.PASS and b is not None:
        return "PASS, blocked" if b.blocked else "PASS, on a reading"
    if n.status is Status.FAIL and n.severity:
        return f"FAIL ({n.severity})"
    return n.status.value


def edge_states(nodes: Mapping[str, GraphNode], view: FocusView, blockage: Mapping[str, Blockage]) -> dict:
    """(dependency, user) -> the state of the block the edge carries (its colour): the edges of the
    chains from a failing statement to a PASS it blocks.  An edge is on such a chain when its user
    is a PASS resting on a FAIL that the dependency is, or rests on too; or when its user is a FAIL
    that blocks a PASS drawn and its dependency is a FAIL or a PASS on a FAIL."""
    low = {k: {x.lower() for x in b.by} for k, b in blockage.items() if k in view.layer}
    blocks: dict[str, str] = {}  # a failing statement drawn -> the state of what it blocks
    for k, by in low.items():
        for f in by:
            if f in view.layer and blocks.get(f) != BLOCKED:
                blocks[f] = blockage[k].state
    out: dict[tuple[str, str], str] = {}
    for d, k in view.edges:
        if k in low:
            if (nodes[d].status is Status.FAIL and d in low[k]) or (low.get(d, set()) & low[k]):
                out[d, k] = blockage[k].state
        elif k in blocks and (d in blocks or d in low):
            out[d, k] = blocks[k]
    return out


def focus_svg(
    nodes: Mapping[str, GraphNode],
    view: FocusView,
    anchors: Mapping[str, str],
    blockage: Mapping[str, Blockage],
    tall: bool = False,
    phone: bool = False,
) -> str:
    """One drawing of ``view``: every node it shows and every dependency edge among them
    (``tall``: the layers as rows, :data:`PHONE_COLS` across on a phone, :data:`DESK_COLS` on a
    desktop when that draws it larger than columns would, :func:`desk_rows`)."""
    order = _columns(view)
    pos, _, _ = _rows(order, PHONE_COLS if phone else DESK_COLS) if tall else _wide(order)
    routes, (x0, y0, width, height) = _routes(view, pos, tall)
    paths, ends = [], []
    states = edge_states(nodes, view, blockage)
    for d, k in view.edges:
        path, (ex, ey) = routes[d, k]
        state = states.get((d, k))
        colour = EDGE_STROKE if state is None else (BLOCKED_STROKE if state == BLOCKED else READING_STROKE)
        style = "" if state is None else f' stroke="{colour}" stroke-width="2"'
        dash = ' stroke-dasharray="3 2"' if state is not None and state != BLOCKED else ""
        paths.append(
            f'<path class="fedge" data-from="{escape(d, quote=True)}" data-to="{escape(k, quote=True)}" '
            f'd="{path}"{style}{dash}/>'
        )
        ends.append(f'<circle cx="{ex:.0f}" cy="{ey:.0f}" r="3" fill="{colour}"/>')
    kind = "phone" if phone else "desk"
    out = [
        f'<svg xmlns="http://www.w3.org/2000/svg" class="focusgraph {kind}" '
        f'data-layout="{"rows" if tall else "columns"}" width="{width:.0f}" '
        f'height="{height:.0f}" viewBox="{x0:.0f} {y0:.0f} {width:.0f} {height:.0f}" '
        f'style="max-width:{width * SCALE:.0f}px" preserveAspectRatio="xMidYMin meet" role="img" '
        f'aria-label="{escape(nodes[view.key].id, quote=True)}: {len(view.shown) - 1} related statements">',
        f'<g fill="none" stroke="{EDGE_STROKE}" stroke-width="1.2">',
        *paths,
        '</g><g stroke="none">',
        *ends,
        '</g><g font-family="sans-serif" font-size="11">',
    ]
    for k in view.shown:
        x, y = pos[k]
        n = nodes[k]
        b = blockage.get(k) if n.status is Status.PASS else None
        fill = COLOURS["fully-green"] if n.fully_green else COLOURS[n.status]
        ink = "#ffffff" if (n.fully_green or n.status in (Status.FAIL, Status.ERROR)) else "#1f2328"
        if k == view.key:
            stroke, sw = "#0969da", 3.0
        elif b is not None:
            stroke, sw = (BLOCKED_STROKE, 2.5) if b.blocked else (READING_STROKE, 2.5)
        elif n.status is Status.FAIL and n.severity == "substantive":
            stroke, sw = "#82071e", 3.0
        else:
            stroke, sw = "#57606a", 1.0
        dash = "" if b is None else (' stroke-dasharray="5 3"' if b.blocked else ' stroke-dasharray="2 2"')
        status = status_words(n, b)
        body = (
            ("" if phone else f"<title>{escape(n.id)}: {escape(n.label)} — {escape(status)}</title>")  # no hover
            + f'<rect x="{x:.0f}" y="{y:.0f}" width="{W}" height="{H}" rx="5" fill="{fill}" '
            f'stroke="{stroke}" stroke-width="{sw:g}"{dash}/>'
            f'<text x="{x + 6:.0f}" y="{y + 15:.0f}" fill="{ink}" font-weight="bold">{escape(_fit(n.id, 27))}</text>'
            f'<text x="{x + 6:.0f}" y="{y + 31:.0f}" fill="{ink}">{escape(_fit(status, 29))}</text>'
        )
        attrs = (
            f'class="fnode" data-id="{escape(k, quote=True)}" '
            f'data-status="{escape(n.status.value if n.status else "not-run")}"'
            + ("" if b is None else f' data-block="{"blocked" if b.blocked else "reading"}"')
            + (' data-added="1"' if k in view.added else "")
        )
        if k in anchors:
            out.append(f'<a href="#{escape(focus_id(anchors[k]), quote=True)}" {attrs}>{body}</a>')
        else:
            out.append(f"<g {attrs}>{body}</g>")
    out.append("</g></svg>")
    return "".join(out)


def focus_section(
    nodes: Mapping[str, GraphNode],
    key: str,
    anchors: Mapping[str, str],
    users: dict[str, set],
    blockage: Mapping[str, Blockage],
    title: str,
    status_html: str,
) -> str:
    """One statement's focus view (hidden until its address is the target)."""
    view = focus_view(nodes, key, users, blockage)
    rows = desk_rows(view)
    n = nodes[key]
    ndeps = sum(1 for k, c in view.distance.items() if c < 0)
    nusers = sum(1 for k, c in view.distance.items() if c > 0)

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

    def graded(ids) -> str:  # each failing id, linked, with its grade
        return ", ".join(
            links([i.lower()]) + (f" ({escape(nodes[i.lower()].severity)})" if nodes[i.lower()].severity else "")
            for i in ids
            if i.lower() in nodes
        )

    note = f"{ndeps} dependenc{'y' if ndeps == 1 else 'ies'} and {nusers} user{'' if nusers == 1 else 's'}"
    note += f", {view.depth} layer{'s' if view.depth != 1 else ''} each way"
    if view.added:
        a = len(view.added)
        note += f"; {a} more drawn because {'it blocks' if a == 1 else 'they block'} a PASS shown (or lead to one)"
    if view.left_out:
        note += f"; {view.left_out} more related statement{'s' if view.left_out != 1 else ''} not drawn"
    b = blockage.get(key) if n.status is Status.PASS else None
    blk_html = ""
    if b is not None:
        others = [i for i in b.by if i not in b.blockers]
        if b.blocked:
            text = f"PASS, but blocked by failing dependencies: {graded(b.blockers)}"
        else:
            text = f"PASS, conditional on a reading: it rests on reading-grade FAILs only: {graded(b.blockers)}"
        if others:
            text += f"; it also rests on {graded(others)}"
        blk_html = f'<p class="blocked-note">{text}</p>'
    stmt = anchors.get(key, "")
    return (
        f'<section class="focus" id="{escape(focus_id(stmt), quote=True)}" data-focus="{escape(key, quote=True)}">'
        f'<div class="focus-head"><h2>Focus: <span class="cid">{id_html(n.id)}</span> {status_html}</h2>'
        f'<a class="focus-close" href="#{escape(stmt, quote=True)}">statement ↓</a> '
        f'<a class="focus-close" href="#graph">close ×</a></div>'
        f'<p class="muted">{escape(title)} — {note}. '
        + (
            "Dependencies above, users below"
            if rows
            else "Dependencies to the left (above on a phone), users to the right"
        )
        + f"; click a node for its own focus view.</p>{blk_html}"
        f'<div class="focusbox">{focus_svg(nodes, view, anchors, blockage, tall=rows)}'
        f"{focus_svg(nodes, view, anchors, blockage, tall=True, phone=True)}</div>"
        f'<p class="focus-lists"><strong>depends on:</strong> {links(n.depends)} · '
        f"<strong>used by:</strong> {links(users.get(key, ()))}</p></section>"
    )
