"""The focus views of the report and the one definition of a blocked PASS (issue 28, items 1-2):
computed in Python, without a browser (the rendered page is checked in test_report_screens.py)."""

from __future__ import annotations

import re

from certificates import graph
from certificates.focus import (
    DEPTH,
    desk_rows,
    edge_states,
    edges_among,
    focus_section,
    focus_svg,
    focus_view,
    users_of,
)
from certificates.registry import Certificate, Kind, Status
from certificates.results import BLOCKED, ON_A_READING, Result, blockage, blocked_by


def _cert(cid, depends=()):
    return Certificate(cid, cid, cid.upper(), "x", Kind.NUMERIC, None, pack="t", depends=tuple(depends))


def _results(spec):
    """spec: id -> (depends, status, severity); Results made directly (no check runs)."""
    out = []
    for cid, (deps, status, sev) in spec.items():
        out.append(Result(_cert(cid, deps), status, None, None, "", 0.0, severity=sev))
    return out


P, F = Status.PASS, Status.FAIL


def _nodes(results):
    certs = [r.certificate for r in results]
    return graph.build(
        certs, {r.certificate.id: r.status for r in results}, {r.certificate.id: r.severity for r in results}
    )


def _layout(results, key):
    nodes = _nodes(results)
    b = blockage(results)
    return nodes, b, focus_view(nodes, key, users_of(nodes), b)


# a thm64.step5-like neighbourhood: the focus depends on d62 and on s9, which depends on d62 too
# (columns by distance would put s9 and d62 in one column and drop that edge); a chain of PASSes
# e1 <- e2 <- e3 <- d62 (FAIL, reading) <- t49 (FAIL, minor) <- p46 (FAIL, substantive) below
SPEC = {
    "p1": ((), P, None),
    "p46": (("p1",), F, "substantive"),
    "t49": (("p46",), F, "minor"),
    "d62": (("t49", "p1"), F, "reading"),
    "e3": (("d62",), P, None),
    "e2": (("e3",), P, None),
    "e1": (("e2",), P, None),
    "s9": (("d62", "e1"), F, "minor"),
    "step5": (("d62", "e1", "s9"), F, "minor"),
    "c8": (("e1",), F, "minor"),
    "eq9": ((), F, "reading"),
    "use9": (("eq9",), P, None),
    "use9b": (("use9",), P, None),
}


def test_blockage_is_one_definition_with_reading_grade_fails_apart():
    results = _results(SPEC)
    b = blockage(results)
    by = blocked_by(results)
    assert set(b) == {k for k, v in by.items() if v}  # every PASS over a FAIL, nothing else
    # e1 rests on d62 (reading) and, through it, on t49 (minor) and p46 (substantive): blocked
    assert b["e1"].state == BLOCKED and b["e1"].blocked
    assert b["e1"].by == ("d62", "p46", "t49") == tuple(by["e1"])  # blocked_by keeps every failing one
    assert b["e1"].blockers == ("p46", "t49")  # those that decide it
    # use9 rests on a reading-grade FAIL only: conditional on a reading, not blocked
    assert b["use9"].state == ON_A_READING and not b["use9"].blocked and b["use9b"].blockers == ("eq9",)
    # a FAIL with no grade blocks like a substantive one
    ungraded = _results({"a": ((), F, None), "b": (("a",), P, None)})
    assert blockage(ungraded)["b"].state == BLOCKED


def test_focus_draws_every_edge_among_its_nodes_with_dependencies_left_of_users():
    nodes, _, view = _layout(_results(SPEC), "step5")
    assert view.edges == edges_among(nodes, view.shown)
    assert ("d62", "s9") in view.edges and ("d62", "step5") in view.edges and ("s9", "step5") in view.edges
    for d, k in view.edges:  # no cycle here: every edge points to the right (down)
        assert view.layer[d] < view.layer[k], (d, k)
    svg = focus_svg(nodes, view, {}, {})
    drawn = set(re.findall(r'class="fedge" data-from="([^"]+)" data-to="([^"]+)"', svg))
    assert drawn == set(view.edges)
    assert set(re.findall(r'class="fnode" data-id="([^"]+)"', svg)) == set(view.shown)


def test_a_dependency_cycle_shares_a_column_and_both_edges_are_drawn():
    results = _results({"a": (("b",), P, None), "b": (("a",), P, None), "c": (("a",), P, None)})
    nodes, _, view = _layout(results, "c")
    assert view.layer["a"] == view.layer["b"] < view.layer["c"]
    svg = focus_svg(nodes, view, {}, {})
    assert {("a", "b"), ("b", "a"), ("a", "c")} == set(
        re.findall(r'class="fedge" data-from="([^"]+)" data-to="([^"]+)"', svg)
    )


def test_the_failing_statements_that_block_a_shown_pass_are_drawn_with_the_path_to_them():
    nodes, b, view = _layout(_results(SPEC), "c8")
    # by distance c8 shows e1, e2, e3 (three layers); d62 is four away, p46 six: added, with t49 on the way
    assert view.distance.keys() == {"c8", "e1", "e2", "e3"} and DEPTH == 3
    assert view.added == {"d62", "t49", "p46"}
    shown = set(view.shown)
    for k in shown:
        if k in b:
            assert set(x.lower() for x in b[k].by) <= shown  # every failing dependency drawn
    # the chain from each blocker to what it blocks is drawn: e3 <- d62 <- t49 <- p46
    assert {("d62", "e3"), ("t49", "d62"), ("p46", "t49")} <= set(view.edges)
    assert "p1" not in shown  # a dependency of a blocker that blocks nothing is not drawn
    states = edge_states(nodes, view, b)  # the chain from the blockers is coloured, nothing else
    chain = {("p46", "t49"), ("t49", "d62"), ("d62", "e3"), ("e3", "e2"), ("e2", "e1")}
    assert states == dict.fromkeys(chain, BLOCKED)


def test_a_blocker_of_a_user_is_drawn_too():
    spec = {
        "f": ((), P, None),
        "z": ((), F, "substantive"),
        "y": (("z",), P, None),
        "u": (("f", "y"), P, None),
    }
    nodes, _, view = _layout(_results(spec), "f")
    assert set(view.shown) == {"f", "u", "y", "z"} and view.added == {"y", "z"}
    assert ("y", "u") in view.edges and ("z", "y") in view.edges


def test_focus_section_names_the_blockers_and_draws_a_desk_and_a_phone_drawing():
    results = _results(SPEC)
    nodes, b = _nodes(results), blockage(results)
    html = focus_section(nodes, "e1", {"e1": "stmt-e1"}, users_of(nodes), b, "title", "")
    assert (
        "PASS, but blocked by failing dependencies: p46 (substantive), t49 (minor); it also rests on d62 (reading)"
        in (re.sub(r"<[^>]+>", "", html))
    )
    assert html.count('class="focusgraph desk"') == 1 and html.count('class="focusgraph phone"') == 1
    assert 'data-id="e1" data-status="PASS" data-block="blocked"' in html
    html9 = focus_section(nodes, "use9", {}, users_of(nodes), b, "title", "")
    assert "PASS, conditional on a reading" in html9 and 'data-block="reading"' in html9
    # both drawings scale: a viewBox, and a width no larger than their own size
    for svg in re.findall(r"<svg[^>]*>", html):
        assert "viewBox=" in svg and "max-width:" in svg


def test_a_long_chain_is_drawn_in_rows_on_a_desktop():
    chain = {f"n{i}": ((f"n{i - 1}",) if i else (), P, None) for i in range(9)}
    nodes, _, view = _layout(_results(chain), "n4")
    assert len(set(view.layer.values())) == 7  # three layers each way and the statement
    assert desk_rows(view)
    short = {"a": ((), P, None), "b": (("a",), P, None)}
    assert not desk_rows(_layout(_results(short), "b")[2])
