"""Registry, runner isolation and renderers."""

import json
import xml.etree.ElementTree as ET

import pytest

from certificates import Certificate, Kind, Registry, RegistryError, Status, load_registry, run_all
from certificates.registry import verdict
from certificates.render import to_json, to_junit


def _boom():
    raise RuntimeError("kaput")


def _cert(cid, check, kind=Kind.NUMERIC):
    return Certificate(cid, cid, "Test", "test", kind, check, pack="test")


def test_exception_is_an_error_row_and_the_rest_still_run():
    reg = Registry(
        [
            _cert("A", _boom),
            _cert("B", lambda: verdict(True, 1, 1, "ok")),
            _cert("C", lambda: verdict(False, 2, 1, "no")),
        ]
    )
    res = run_all(reg)
    assert [r.status for r in res] == [Status.ERROR, Status.PASS, Status.FAIL]
    assert "RuntimeError: kaput" in res[0].detail
    doc = json.loads(to_json(res))
    assert (doc["passed"], doc["failed"], doc["errors"]) == (1, 1, 1)
    assert set(doc["certificates"][0]) >= {
        "id",
        "supports",
        "verifies",
        "kind",
        "status",
        "measured",
        "expected",
        "detail",
        "elapsed_s",
    }
    root = ET.fromstring(to_junit(res))
    assert root.get("tests") == "3" and root.get("failures") == "1" and root.get("errors") == "1"


def test_not_checkable_rows():
    c = Certificate("N", "n", "Rem 0", "scope", Kind.NOT_CHECKABLE, None, reason="scope remark")
    (r,) = run_all([c])
    assert r.status is Status.NOT_CHECKABLE and r.detail == "scope remark"


def test_registry_lookup_and_duplicates():
    reg = load_registry("psa")
    assert reg.get("c7").id == "C7"
    # certificates of earlier catalogue items may precede C1-C10; C1-C10 keep their order
    assert [c.id for c in reg if c.id in {f"C{i}" for i in range(1, 11)}] == [f"C{i}" for i in range(1, 11)]
    with pytest.raises(RegistryError):
        reg.get("C99")
    with pytest.raises(RegistryError):
        Registry([_cert("X", _boom), _cert("x", _boom)])
    with pytest.raises(RegistryError):
        load_registry("no-such-pack")


def test_json_values_are_plain():
    import numpy as np

    from certificates.render import jsonable

    assert jsonable({"a": np.float64(1.5), "b": (np.int64(2), float("nan")), "c": np.arange(2)}) == {
        "a": 1.5,
        "b": [2, None],
        "c": [0, 1],
    }


# --- isolation (issue 10) ------------------------------------------------------------------------


def _raises(exc):
    def check():
        raise exc

    return check


@pytest.mark.parametrize(
    "exc", [SystemExit(0), SystemExit(3), GeneratorExit(), ValueError("v"), RecursionError("deep")]
)
def test_any_exception_of_a_check_is_an_error_row(exc):
    (r, ok) = run_all([_cert("X", _raises(exc)), _cert("Y", lambda: verdict(True, 1, 1, "ok"))])
    assert r.status is Status.ERROR and type(exc).__name__ in r.detail
    assert ok.status is Status.PASS


def test_printed_output_is_captured_not_written(capsys):
    def noisy():
        print("hello from the check")
        import sys

        print("and stderr", file=sys.stderr)
        return verdict(True, 1, 1, "ok")

    (r,) = run_all([_cert("P", noisy)])
    out = capsys.readouterr()
    assert "hello" not in out.out and "stderr" not in out.err
    assert r.status is Status.PASS and "hello from the check" in r.captured and "printed 2 lines" in r.detail
    assert json.loads(to_json([r]))["certificates"][0]["printed_output"] == r.captured


@pytest.mark.parametrize(
    "raw, want",
    [
        ("PASS", Status.PASS),
        ("fail", Status.FAIL),
        ("Error", Status.ERROR),
        ("not-checkable", Status.NOT_CHECKABLE),
        ("NOT_CHECKABLE", Status.NOT_CHECKABLE),
    ],
)
def test_plain_string_status_is_normalised(raw, want):
    from certificates import Outcome

    (r,) = run_all([_cert("S", lambda: Outcome(raw, 1, 1, "d"))])
    assert r.status is want
    assert json.loads(to_json([r]))["certificates"][0]["status"] == want.value
    from certificates.render import run_lines

    assert any(want.value in ln for ln in run_lines([r]))


def test_unknown_status_string_is_an_error_row():
    from certificates import Outcome

    (r,) = run_all([_cert("S", lambda: Outcome("MAYBE", 1, 1, "d"))])
    assert r.status is Status.ERROR and "MAYBE" in r.detail


def test_control_characters_make_valid_junit():
    detail = "bell\x07 nul\x00 esc\x1b vt\x0b ok"
    (r,) = run_all([_cert("J\x01", lambda: verdict(False, "\x02", 1, detail, severity="minor"))])
    root = ET.fromstring(to_junit([r]))  # raises on invalid XML
    failure = root.find("testcase/failure")
    assert failure is not None and "\\x07" in failure.get("message") and "\\x00" in failure.text


def test_timeout_gives_an_error_row_that_says_so():
    import time

    def slow():
        time.sleep(5)
        return verdict(True, 1, 1, "late")

    def swallowing():
        try:
            time.sleep(5)
        except BaseException:
            pass
        return verdict(True, 1, 1, "swallowed the timeout")

    t0 = time.perf_counter()
    (r, s, ok) = run_all(
        [_cert("T", slow), _cert("S", swallowing), _cert("U", lambda: verdict(True, 1, 1, "ok"))], timeout=0.3
    )
    assert time.perf_counter() - t0 < 4
    for row in (r, s):
        assert row.status is Status.ERROR and "timed out" in row.detail and "--timeout" in row.detail
    assert ok.status is Status.PASS


def test_an_interrupt_of_the_runner_stops_the_run_and_its_workers():
    """Checks run in workers (their own process group: a Ctrl-C reaches the runner only); a SIGINT
    to the runner raises KeyboardInterrupt out of run_all, and no worker is left running."""
    import os
    import signal
    import time

    def interrupt_the_runner():
        os.kill(os.getppid(), signal.SIGINT)  # the runner: as a Ctrl-C would
        time.sleep(30)
        return verdict(True, 1, 1, "no interrupt")

    from certificates import workers

    t0 = time.perf_counter()
    with pytest.raises(KeyboardInterrupt):
        run_all([_cert("K", interrupt_the_runner), _cert("L", lambda: verdict(True, 1, 1, "ok"))])
    assert time.perf_counter() - t0 < 10
    assert not workers._LIVE  # every pool closed, its workers killed and reaped


def test_a_check_that_raises_keyboardinterrupt_is_an_error_row():
    def raises():
        raise KeyboardInterrupt

    (r, ok) = run_all([_cert("K", raises), _cert("L", lambda: verdict(True, 1, 1, "ok"))])
    assert r.status is Status.ERROR and "KeyboardInterrupt" in r.detail and ok.status is Status.PASS


def test_strict_json_nulls_have_a_reason():
    (r,) = run_all(
        [
            _cert(
                "N",
                lambda: verdict(
                    True, {"r": float("nan"), "m": [1.0, float("inf")]}, float("-inf"), "non-finite values"
                ),
            )
        ]
    )
    text = to_json([r], meta={"x": float("nan")})

    def bad(token):
        raise AssertionError(f"non-strict JSON token {token}")

    doc = json.loads(text, parse_constant=bad)  # strict: no NaN/Infinity tokens
    c = doc["certificates"][0]
    assert c["measured"] == {"r": None, "m": [1.0, None]} and c["expected"] is None
    assert c["nulls"] == {"measured.r": "NaN (not a number)", "measured.m[1]": "+Infinity", "expected": "-Infinity"}
    assert doc["meta"] == {"x": None} and doc["nulls"] == {"meta.x": "NaN (not a number)"}


def test_parallel_results_equal_serial():
    reg = load_registry("psa")
    certs = [reg.get(i) for i in ("C2", "eq1", "eq3", "eq4", "eq5", "eq8", "eq10")] + [
        _cert("local", lambda: verdict(True, 1, 1, "built in this process only"))
    ]
    serial = run_all(certs, jobs=1)
    parallel = run_all(certs, jobs=2)
    assert [r.certificate.id for r in parallel] == [c.id for c in certs]

    def key(r):
        return (r.status, r.severity, r.detail, json.dumps([runner_json(r)], sort_keys=True))

    assert [key(r) for r in parallel] == [key(r) for r in serial]
    assert serial[-1].status is Status.PASS  # a pack built in this process only runs in a worker too


def runner_json(r):
    from certificates.render import result_json

    d = result_json(r)
    d.pop("elapsed_s")
    return d


def test_each_check_runs_in_a_worker_never_here():
    import os

    here = os.getpid()
    (r,) = run_all([_cert("P", lambda: verdict(True, os.getpid(), here, "pid"))], jobs=1)
    assert r.status is Status.PASS and r.measured != here


def test_a_worker_that_cannot_start_gives_error_rows_not_a_run_here(monkeypatch):
    import os

    from certificates import workers

    def no_fork():
        raise BlockingIOError(11, "Resource temporarily unavailable")

    monkeypatch.setattr(workers.os, "fork", no_fork)
    ran = []
    res = run_all([_cert("A", lambda: ran.append(os.getpid()) or verdict(True, 1, 1, "ok"))], jobs=2)
    assert ran == [] and res[0].status is Status.ERROR and "no worker process could be started" in res[0].detail


def test_a_worker_runs_the_certificates_of_one_task_only():
    """A pack's code never shares a process with another pack's checks (it could change their
    verdicts), nor with another task of its own pack (issue 26: a verdict must not depend on
    --jobs): every task starts in a fresh worker; a statement and its variants are one task."""
    import os

    def pid_cert(cid, pack):
        return Certificate(cid, cid, "T", "t", Kind.NUMERIC, lambda: verdict(True, os.getpid(), 0, "pid"), pack=pack)

    certs = [pid_cert("a1", "a"), pid_cert("b1", "b"), pid_cert("a2", "a"), pid_cert("a1.variant", "a")]
    res = run_all(certs, jobs=1)
    pids = {r.certificate.id: r.measured for r in res}
    assert len({pids["a1"], pids["b1"], pids["a2"]}) == 3 and pids["a1"] == pids["a1.variant"]


def test_a_module_of_a_builtin_pack_is_one_task_a_third_party_statement_its_own():
    """The toolkit's own checks of one module share a task (and so a worker, SymPy's cache and one
    fork); another pack's statement shares its worker only with its own variants."""
    from certificates.runner import _group_key

    def made(cid, pack, module):
        f = lambda: verdict(True, 1, 1, "x")  # noqa: E731
        f.__module__ = module
        return Certificate(cid, cid, "T", "t", Kind.SYMBOLIC, f, pack=pack)

    a, b = made("eq11", "psa", "certificates.psa.sec2_3"), made("eq12.corrected", "psa", "certificates.psa.sec2_3")
    other = made("eq4", "psa", "certificates.psa.sec4_design")
    assert _group_key(a) == _group_key(b) != _group_key(other)
    x, x2, y = (made(i, "third", "certificates.third") for i in ("x", "x.corrected", "y"))
    assert _group_key(x) == _group_key(x2) != _group_key(y)
    not_ours = made("eq11", "psa", "elsewhere.sec2_3")  # a check of a module outside the toolkit's package
    assert _group_key(not_ours) != _group_key(made("eq13", "psa", "elsewhere.sec2_3"))


@pytest.mark.slow  # the module's checks twice (about 12 s)
def test_a_module_run_as_one_task_gives_what_each_statement_alone_gives():
    """A built-in module's certificates in one worker (the default) give the records they give when
    each statement with its variants runs in a fresh worker of its own: no check of the module leaves
    anything behind that changes a later one (sec2_3: the statements share SymPy expressions)."""
    import dataclasses

    reg = load_registry("psa")
    certs = [
        c for c in (reg.get(i) for i in reg._by_id) if getattr(c.check, "__module__", "") == "certificates.psa.sec2_3"
    ]
    assert len(certs) > 10
    together = run_all(certs, jobs=1)
    stems: dict[str, list] = {}
    for c in certs:
        stems.setdefault(c.id.split(".", 1)[0].lower(), []).append(c)
    alone = {r.certificate.id: r for group in stems.values() for r in run_all(group, jobs=1)}

    def record(r):
        return {f.name: getattr(r, f.name) for f in dataclasses.fields(r) if f.name not in ("certificate", "elapsed_s")}

    for r in together:
        assert record(r) == record(alone[r.certificate.id]), r.certificate.id


def test_a_run_of_many_tasks_preloads_what_checks_import_late(monkeypatch):
    """Fresh workers per task (issue 26) would each import SymPy's late modules again: a run of
    many tasks imports them here first; a run of a few (a warm run) does not pay for it.  SciPy,
    which loading the packs does not import, is imported here for a run of two tasks or more (as
    loading the packs did before); a run of one task, or tasks of another pack, leave it to the workers."""
    import importlib

    from certificates import runner

    seen: list[str] = []
    monkeypatch.setattr(importlib, "import_module", lambda name: seen.append(name))
    runner.preload(0)
    runner.preload(1)
    assert seen == []
    runner.preload(runner.SCIPY_FROM)
    assert seen == list(runner.PRELOAD_SCIPY) and runner.SCIPY_FROM == 2
    seen.clear()
    runner.preload(runner.PRELOAD_FROM - 1)
    assert seen == list(runner.PRELOAD_SCIPY)
    seen.clear()
    runner.preload(runner.PRELOAD_FROM)
    assert seen == list(runner.PRELOAD_SCIPY) + list(runner.PRELOAD)
    seen.clear()  # tasks of another pack: SciPy is left to its checks
    runner.preload(runner.PRELOAD_FROM - 1, 1)
    assert seen == []
    runner.preload(runner.PRELOAD_FROM, 0)
    assert seen == list(runner.PRELOAD)
