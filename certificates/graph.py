"""Dependency graph of statements, coloured by verdict (Graphviz DOT and Mermaid).

A node is a certificate (its id is the statement's canonical id); an edge ``a -> b``
means that statement ``a`` depends on statement ``b``.  A node is *fully green*
only when it and everything it depends on, transitively, PASS.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Iterable

from psa_io.escape import dot_id, dot_text, mermaid_ids, mermaid_label

from .registry import Certificate, Status

COLOURS = {  # fill colour by own status; fully green nodes get a darker green
    "fully-green": "#1a7f37",
    Status.PASS: "#8fd19e",
    Status.FAIL: "#e5534b",
    Status.ERROR: "#c061cb",
    Status.NOT_CHECKABLE: "#d0d7de",
    None: "#ffffff",  # not run
}


@dataclass
class GraphNode:
    id: str
    label: str
    status: Status | None
    depends: tuple[str, ...]
    fully_green: bool = False
    severity: str | None = None  # of a FAIL: substantive / minor / reading


def build(
    certs: Iterable[Certificate], statuses: dict[str, Status], severities: dict[str, str | None] | None = None
) -> dict[str, GraphNode]:
    """Nodes keyed by lower-case id; dependencies on unknown ids are kept as unknown nodes.
    ``severities`` (lower-case id -> severity of a FAIL) is shown on FAIL nodes."""
    nodes: dict[str, GraphNode] = {}
    severities = severities or {}
    for c in certs:
        key = c.id.lower()
        st = statuses.get(key)
        nodes[key] = GraphNode(
            c.id,
            c.supports,
            st,
            tuple(d.lower() for d in c.depends),
            severity=severities.get(key) if st is Status.FAIL else None,
        )
    for n in list(nodes.values()):
        for d in n.depends:
            if d not in nodes:
                nodes[d] = GraphNode(d, "(no certificate)", None, ())
    memo: dict[str, bool] = {}

    def green(key: str, stack: frozenset) -> bool:
        if key in memo:
            return memo[key]
        node = nodes[key]
        if key in stack:  # a cycle cannot be green: nothing grounds it
            return False
        ok = node.status is Status.PASS and all(green(d, stack | {key}) for d in node.depends)
        memo[key] = ok
        return ok

    for key, node in nodes.items():
        node.fully_green = green(key, frozenset())
    return nodes


def _fill(node: GraphNode) -> str:
    return COLOURS["fully-green"] if node.fully_green else COLOURS[node.status]


def _status_text(node: GraphNode) -> str:
    if node.fully_green:
        return "PASS, fully green"
    if node.status is Status.FAIL and node.severity:
        return f"FAIL ({node.severity})"
    return node.status.value if node.status is not None else "not run"


def to_dot(nodes: dict[str, GraphNode]) -> str:
    """Graphviz DOT; every id and label from a pack is one escaped, quoted string
    (:func:`psa_io.escape.dot_id`), so none can end its statement or add attributes."""
    lines = [
        "digraph psa_statements {",
        "  rankdir=LR;",
        '  node [shape=box, style="rounded,filled", fontname="Helvetica", fontsize=10];',
    ]
    for key, n in nodes.items():
        label = "\\n".join(dot_text(part) for part in (n.id, n.label, _status_text(n)))
        font = "white" if n.fully_green or n.status in (Status.FAIL, Status.ERROR) else "black"
        lines.append(f'  {dot_id(key)} [label="{label}", fillcolor="{_fill(n)}", fontcolor="{font}"];')
    for key, n in nodes.items():
        for d in n.depends:
            lines.append(f"  {dot_id(key)} -> {dot_id(d)};")
    lines.append("}")
    return "\n".join(lines) + "\n"


def to_mermaid(nodes: dict[str, GraphNode]) -> str:
    """A Mermaid flowchart; ids are ``n_`` plus a safe, collision-free spelling of the key
    (:func:`psa_io.escape.mermaid_ids`) and labels are escaped (:func:`psa_io.escape.mermaid_label`)."""
    lines = ["flowchart LR"]
    classes = {
        "fullygreen": COLOURS["fully-green"],
        "pass": COLOURS[Status.PASS],
        "fail": COLOURS[Status.FAIL],
        "error": COLOURS[Status.ERROR],
        "nc": COLOURS[Status.NOT_CHECKABLE],
        "notrun": COLOURS[None],
    }
    ids = mermaid_ids(nodes)
    for key, n in nodes.items():
        label = "<br/>".join(mermaid_label(part) for part in (n.id, n.label, _status_text(n)))
        lines.append(f'  {ids[key]}["{label}"]')
    for key, n in nodes.items():
        for d in n.depends:
            lines.append(f"  {ids[key]} --> {ids[d]}")
    for name, colour in classes.items():
        text = "#ffffff" if name in ("fullygreen", "fail", "error") else "#000000"
        lines.append(f"  classDef {name} fill:{colour},color:{text};")
    for key, n in nodes.items():
        cls = (
            "fullygreen"
            if n.fully_green
            else {
                Status.PASS: "pass",
                Status.FAIL: "fail",
                Status.ERROR: "error",
                Status.NOT_CHECKABLE: "nc",
                None: "notrun",
            }[n.status]
        )
        lines.append(f"  class {ids[key]} {cls};")
    return "\n".join(lines) + "\n"


def summary(nodes: dict[str, GraphNode]) -> dict[str, int]:
    out = {"nodes": len(nodes), "fully_green": sum(n.fully_green for n in nodes.values())}
    for st in Status:
        out[st.value] = sum(n.status is st for n in nodes.values())
    out["not_run"] = sum(n.status is None for n in nodes.values())
    return out
