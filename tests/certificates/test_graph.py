"""Dependency graph colouring, last-run records and the pytest plugin."""

from certificates import Certificate, Kind, Status, lastrun
from certificates import graph as g
from certificates.registry import verdict
from certificates.runner import run_all

pytest_plugins = ["pytester"]  # the pytest plugin's session runs in this process


def _c(cid, depends=(), ok=True):
    return Certificate(
        cid, cid, cid.upper(), "x", Kind.NUMERIC, lambda: verdict(ok, 1, 1, "d"), pack="t", depends=depends
    )


def test_fully_green_needs_every_dependency_to_pass():
    certs = [_c("a", ("b",)), _c("b", ("c",)), _c("c"), _c("d", ("e",)), _c("e", ok=False), _c("f", ("zz",))]
    st = {r.certificate.id: r.status for r in run_all(certs)}
    nodes = g.build(certs, st)
    assert nodes["a"].fully_green and nodes["b"].fully_green and nodes["c"].fully_green
    assert not nodes["d"].fully_green and nodes["d"].status is Status.PASS  # its dependency fails
    assert not nodes["f"].fully_green and nodes["zz"].status is None  # dependency without certificate
    dot, mmd = g.to_dot(nodes), g.to_mermaid(nodes)
    assert '"a" -> "b"' in dot and g.COLOURS["fully-green"] in dot and g.COLOURS[Status.FAIL] in dot
    assert "n_d --> n_e" in mmd and "class n_e fail;" in mmd and "class n_a fullygreen;" in mmd
    assert g.summary(nodes)["fully_green"] == 3


def test_cycles_are_never_green():
    certs = [_c("a", ("b",)), _c("b", ("a",))]
    nodes = g.build(certs, {c.id: Status.PASS for c in certs})
    assert not nodes["a"].fully_green and not nodes["b"].fully_green


def test_last_run_records_merge(tmp_path, monkeypatch):
    monkeypatch.setenv("PSA_TOOLKIT_CACHE", str(tmp_path))
    lastrun.save(run_all([_c("a"), _c("b", ok=False)]), "t", "0")
    lastrun.save(run_all([_c("b")]), "t", "0")
    assert lastrun.statuses("t") == {"a": Status.PASS, "b": Status.PASS}
    assert lastrun.statuses("other") == {}


def test_pytest_plugin_collects_certificates(pytester):
    """``pytest --certificates`` collects certificates as items through the installed ``pytest11``
    entry point: the run below is a fresh pytest session (a new plugin manager, which loads the
    installed plugins' entry points; without the entry point ``--certificates`` is an unknown
    option), run in this process (:meth:`pytest.Pytester.runpytest_inprocess`)."""
    from certificates import load_registry

    load_registry("psa")  # imported here first: the session below imports no toolkit module anew
    out = pytester.runpytest_inprocess(
        "--certificates", "-q", "-p", "no:cacheprovider", "-m", "certificate", "-k", "C2 or C5"
    )
    text = out.stdout.str()
    assert out.ret == 0, text + out.stderr.str()
    assert "2 passed" in text


def test_fail_nodes_name_their_severity():
    from certificates import Kind, Status
    from certificates import graph as g
    from certificates.registry import Certificate

    certs = [
        Certificate("a", "A", "Prop A", "x", Kind.SYMBOLIC, check=lambda: None),
        Certificate("b", "B", "Prop B", "y", Kind.SYMBOLIC, check=lambda: None, depends=("a",)),
    ]
    nodes = g.build(certs, {"a": Status.FAIL, "b": Status.PASS}, {"a": "minor", "b": None})
    assert "FAIL (minor)" in g.to_dot(nodes) and "FAIL (minor)" in g.to_mermaid(nodes)
    assert nodes["b"].severity is None and not nodes["b"].fully_green
