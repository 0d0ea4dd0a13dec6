"""Nothing outside the built-in packs decides a built-in verdict (issue 26, items 1 and 2 and the
gaps of the isolation): a pack that tampers with psa-cert's process at import, the memo key's two
races, the controlling terminal and the runner's descriptors, memory, --jobs, the last-run record.

Each test states the attack and the bound that must hold; :mod:`tests.hostile_pack` has the packs
(``poison``: tampers at import; ``iso``: checks that try to leave their worker).
"""

from __future__ import annotations

import io
import json
import os
import py_compile
import subprocess
import sys
import time
from pathlib import Path

import pytest

from certificates import lastrun, pristine
from certificates import memo as memo_mod
from certificates.memo import Memo
from certificates.registry import Certificate, Kind, Status, load_registry, toolkit_pack
from certificates.results import Result
from certificates.runner import run_all
from psa_io import caches
from tests import hostile_pack as H

ROOT = Path(__file__).resolve().parent.parent


def _cert(argv, capsys):
    import cli

    code = cli.cert_main(argv)
    out, err = capsys.readouterr()
    return code, out, err


@pytest.fixture
def env(tmp_path, monkeypatch):
    """A store and a cache of the test's own; no flag that turns the memo off."""
    monkeypatch.setenv("PSA_TOOLKIT_STORE", str(tmp_path / "store"))
    monkeypatch.setenv("PSA_TOOLKIT_CACHE", str(tmp_path / "cache"))
    monkeypatch.setenv("COLUMNS", "80")
    for var in memo_mod.FLAG_VARS:
        monkeypatch.delenv(var, raising=False)
    return tmp_path


@pytest.fixture
def iso(env, monkeypatch):
    """The ``iso`` pack on sys.path; afterwards this process counts as untouched again (the pack
    changes nothing at import) and its pristine template is ended."""
    site = H.install_isolation(env / "iso-site")
    monkeypatch.syspath_prepend(str(site))
    monkeypatch.delenv("PSA_TOOLKIT_PACK_SOURCE", raising=False)
    was = pristine.third_party_loaded()
    yield site
    H.forget_third_party(was)
    sys.modules.pop("iso_pack_checks", None)


def _rows(out: str) -> dict:
    return {c["id"]: c for c in json.loads(out)["certificates"]}


# --- item 1: a pack that tampers with the process at import --------------------------------------


def _subprocess_env(tmp_path, site=None) -> dict:
    env = dict(os.environ, PSA_TOOLKIT_STORE=str(tmp_path / "store"), PSA_TOOLKIT_CACHE=str(tmp_path / "cache"))
    env["PYTHONPATH"] = os.pathsep.join(([str(site)] if site else []) + [str(ROOT)])
    for var in (*memo_mod.FLAG_VARS, "PSA_TOOLKIT_PACK_SOURCE"):
        env.pop(var, None)
    return env


@pytest.fixture
def poison(env, monkeypatch):
    """The ``poison`` pack on sys.path, for a test in this process: what its import does to the
    process (eq3.swap's code, NumPy's error state, an environment variable) is undone afterwards."""
    import numpy as np

    import certificates.psa.sec2_3 as target

    site = H.install_poison(env / "poison-site")
    monkeypatch.syspath_prepend(str(site))
    monkeypatch.delenv("PSA_TOOLKIT_PACK_SOURCE", raising=False)
    # the source tree may be edited while the tests run: that refusal is tested elsewhere
    monkeypatch.setattr(memo_mod, "changed_while_running", lambda r=None, since=None: None)
    monkeypatch.setattr(memo_mod, "_stale_once", lambda: None)
    code, errs, was = target.check_eq3_swap.__code__, np.geterr(), pristine.third_party_loaded()
    try:
        yield code
    finally:
        target.check_eq3_swap.__code__ = code
        np.seterr(**errs)
        os.environ.pop("PSA_TOOLKIT_POISONED", None)
        sys.modules.pop("poison_pack_checks", None)
        H.forget_third_party(was)


def test_a_tampering_pack_changes_no_builtin_verdict_and_poisons_no_memo(poison, env, capsys):
    import certificates.psa.sec2_3 as target

    """The pack gives eq3.swap (a FAIL) the code of a PASS and sets np.seterr(all="raise") at import
    (which turned thm64.eq51 and sec7.11.arith into ERRORs).  Its own check shows the tampering
    was real; the built-in verdicts are the toolkit's, and so is what the memo keeps: once the pack
    is gone, eq3.swap is the FAIL it is (``poison``: its real code)."""
    reg = load_registry(["psa", "poison"])
    ids = ["eq3.swap", "p.state", "p.forged", "thm64.eq51", "sec7.11.arith"]
    rows = {r.certificate.id: r for r in run_all(reg.select(ids), jobs=2, memo=Memo(stream=io.StringIO()))}
    assert rows["p.state"].status is Status.PASS and rows["p.state"].measured == "raise"  # the tampering was live
    assert rows["eq3.swap"].status is Status.FAIL and "poisoned" not in rows["eq3.swap"].detail
    assert rows["thm64.eq51"].status is Status.PASS and rows["sec7.11.arith"].status is Status.PASS
    forged = rows["p.forged"]
    assert forged.status is Status.ERROR and "not a certificate of the toolkit's pack 'psa'" in forged.detail
    records = {r["key_document"]["id"]: r for r in (json.loads(p.read_text()) for p in (env / "store").glob("v*.json"))}
    assert "thm64.eq51" in records and not any("poisoned" in json.dumps(r) for r in records.values())
    # eq3.swap's claims, read here from the tampered function, differ from the template's: its
    # verdict is not filed under a key this process made up
    assert "eq3.swap" not in records
    # the pack uninstalled: its tampering undone here too
    target.check_eq3_swap.__code__ = poison
    code, out, err = _cert(["run", "--only", "eq3.swap", "--json", "--no-save"], capsys)
    assert code == 1 and json.loads(out)["certificates"][0]["status"] == "FAIL"


@pytest.mark.slow
def test_a_tampering_pack_in_a_fresh_process(env, tmp_path):
    """The same attack as psa-cert meets it, in a process of its own (and C7, a Monte-Carlo
    certificate the NumPy error state turned into an ERROR); then the pack uninstalled."""
    site = H.install_poison(tmp_path / "poison-site")
    ids = "eq3.swap,p.state,p.forged,thm64.eq51,sec7.11.arith,C7"
    proc = subprocess.run(
        [sys.executable, "-m", "cli", "cert", "run", "--pack", "all", "--only", ids, "--json", "--jobs", "2"],
        cwd=ROOT,
        env=_subprocess_env(tmp_path, site),
        capture_output=True,
        text=True,
        timeout=600,
    )
    assert proc.returncode == 1, proc.stderr
    rows = _rows(proc.stdout)
    assert rows["p.state"]["measured"] == "raise" and rows["eq3.swap"]["status"] == "FAIL"
    assert all(rows[i]["status"] == "PASS" for i in ("thm64.eq51", "sec7.11.arith", "C7"))
    assert rows["p.forged"]["status"] == "ERROR"
    for record in (tmp_path / "store").glob("verdict-*.json"):
        assert "poisoned" not in record.read_text()
    proc = subprocess.run(
        [sys.executable, "-m", "cli", "cert", "run", "--only", "eq3.swap", "--json", "--no-save"],
        cwd=ROOT,
        env=_subprocess_env(tmp_path),
        capture_output=True,
        text=True,
        timeout=600,
    )
    assert proc.returncode == 1 and _rows(proc.stdout)["eq3.swap"]["status"] == "FAIL", proc.stderr


def test_what_a_third_party_import_changes_in_the_environment_is_put_back(monkeypatch):
    monkeypatch.setenv("PSA_TOOLKIT_MAX_WORK", "1e12")
    monkeypatch.delenv("PSA_TEST_ADDED", raising=False)
    monkeypatch.setattr(pristine, "_TAINTED_ENV", {})
    with pristine.watch_env():
        os.environ["PSA_TOOLKIT_MAX_WORK"] = "1"  # what a pack's import could do
        os.environ["PSA_TEST_ADDED"] = "x"
    monkeypatch.setenv("PSA_TOOLKIT_STORE", "/after/the/import")  # the toolkit's own, later: kept
    env = pristine.run_env()
    assert env["PSA_TOOLKIT_MAX_WORK"] == "1e12" and "PSA_TEST_ADDED" not in env
    assert env["PSA_TOOLKIT_STORE"] == "/after/the/import"
    monkeypatch.setenv("PSA_TOOLKIT_PACK_SOURCE", "psa=evil-psa")
    assert not toolkit_pack("psa") and toolkit_pack("qhm") and not toolkit_pack("iso")


def test_builtin_checks_run_in_the_template_once_a_pack_was_imported(iso, monkeypatch):
    """With a third-party pack imported here, a built-in check runs in the template's workers:
    a change made here afterwards (a patched check) does not reach it."""
    import certificates.psa.sec2_3 as target

    reg = load_registry(["psa", "iso"])
    assert pristine.third_party_loaded() and pristine._TEMPLATE[0] is not None
    monkeypatch.setattr(target.check_eq1, "__code__", (lambda: None).__code__)  # here only
    res = {r.certificate.id: r for r in run_all(reg.select(["eq1", "g1"]), jobs=2)}
    assert res["eq1"].status is Status.PASS and res["g1"].status is Status.PASS


# --- item 2: the memo key describes the code that ran --------------------------------------------


@pytest.fixture
def tree(tmp_path):
    """A source tree of one module, ``theory/racemod.py``, compiled."""
    root = tmp_path / "tree"
    (root / "theory").mkdir(parents=True)
    src = root / "theory" / "racemod.py"
    src.write_text("def f():\n    return 1  # the same size in every version\n")
    py_compile.compile(str(src), doraise=True)
    return root, src


def _edit_keeping_size_and_mtime(src: Path, text: str) -> None:
    st = src.stat()
    time.sleep(0.02)  # the edit's ctime is after the compiled file's
    assert len(text.encode()) == st.st_size
    src.write_text(text)
    os.utime(src, ns=(st.st_atime_ns, st.st_mtime_ns))


def test_a_stale_pyc_is_found(tree, monkeypatch):
    root, src = tree
    assert memo_mod.stale_compiled(root) is None
    os.utime(src)  # touched, same content: its ctime is newer, but its code is its source's
    os.utime(src, ns=(src.stat().st_atime_ns, src.stat().st_mtime_ns))
    assert memo_mod.stale_compiled(root) is None
    _edit_keeping_size_and_mtime(src, "def f():\n    return 2  # the same size in every version\n")
    # Python runs the old code: the attack is real
    monkeypatch.syspath_prepend(str(root / "theory"))
    sys.modules.pop("racemod", None)
    import racemod  # type: ignore[import-not-found]

    assert racemod.f() == 1
    sys.modules.pop("racemod", None)
    assert memo_mod.stale_compiled(root) == "theory/racemod.py: its compiled file in __pycache__ is not its source"


def test_a_source_changed_after_the_process_started_is_found(tree):
    root, src = tree
    assert memo_mod.changed_while_running(root, since=time.time() + 5) is None
    assert "theory/racemod.py changed while this run was under way" == memo_mod.changed_while_running(
        root, since=src.stat().st_ctime - 1
    )


@pytest.fixture
def eq1():
    return load_registry("psa").select(["eq1"])


def _memo_run(certs):
    stream = io.StringIO()
    m = Memo(stream=stream)
    res = run_all(certs, memo=m)
    return m, res, stream.getvalue()


def test_a_verdict_of_code_that_may_not_be_on_the_disk_is_never_memoised(env, tree, eq1, monkeypatch):
    """Both races end in the same refusal: no record, one line; the verdict itself is shown."""
    root, src = tree
    monkeypatch.setattr(memo_mod, "_stale_once", lambda: None)
    real = memo_mod.source_files
    monkeypatch.setattr(memo_mod, "source_files", lambda r=None: real(r) if r is not None else real() + [src])
    monkeypatch.setattr(memo_mod, "toolkit_root", lambda: Path(memo_mod.__file__).resolve().parent.parent)
    # a file edited while the registry loaded (after this process started)
    monkeypatch.setattr(memo_mod, "changed_while_running", lambda r=None, since=None: "x.py changed while ...")
    m, (r,), said = _memo_run(eq1)
    assert r.status is Status.PASS and not list((env / "store").glob("verdict-*.json"))
    assert "verdicts not memoised: x.py changed while" in said
    # an edit that keeps size and mtime: Python would run the stale .pyc
    monkeypatch.undo()
    monkeypatch.setenv("PSA_TOOLKIT_STORE", str(env / "store"))
    monkeypatch.setattr(memo_mod, "changed_while_running", lambda r=None, since=None: None)
    _edit_keeping_size_and_mtime(src, "def f():\n    return 3  # the same size in every version\n")
    monkeypatch.setattr(memo_mod, "_stale_once", lambda: memo_mod.stale_compiled(root))
    m, (r,), said = _memo_run(eq1)
    assert r.status is Status.PASS and not list((env / "store").glob("verdict-*.json"))
    assert "verdicts not memoised: theory/racemod.py: its compiled file" in said


def test_a_source_changed_after_the_lookup_stops_the_save(env, eq1, monkeypatch):
    """Verified after the check too: a worker may import a module after the memo was first used."""
    monkeypatch.setattr(memo_mod, "_stale_once", lambda: None)
    state = {"changed": None}
    monkeypatch.setattr(memo_mod, "changed_while_running", lambda r=None, since=None: state["changed"])
    m = Memo(stream=io.StringIO())
    assert m.applies(eq1[0]) and m.lookup(eq1[0]) is None
    state["changed"] = "theory/late.py changed while this run was under way"
    assert not m.save(eq1[0], {"status": "PASS"}) and not list((env / "store").glob("verdict-*.json"))


# --- gaps: terminal, descriptors, memory, --jobs --------------------------------------------------


def test_a_check_cannot_reach_the_runners_descriptors(iso, capsys):
    import ctypes

    libc = ctypes.CDLL(None)
    before = libc.prctl(3, 0, 0, 0, 0)  # PR_GET_DUMPABLE
    code, out, err = _cert(["run", "--pack", "iso", "--only", "procfd", "--json", "--no-save"], capsys)
    rows = _rows(out)
    assert code == 0 and rows["procfd"]["status"] == "PASS", rows["procfd"]["measured"]
    assert H.MARK not in out + err
    assert libc.prctl(3, 0, 0, 0, 0) == before  # this process is dumpable again after the run


@pytest.mark.skipif(not os.path.exists("/dev/ptmx"), reason="needs a pseudo-terminal")
def test_a_check_has_no_controlling_terminal(env, tmp_path):
    """psa-cert runs with a terminal of its own (a pty as its controlling terminal); the check
    cannot open /dev/tty, nor write on the runner's stdout through /proc: the JSON stays whole."""
    import pty

    site = H.install_isolation(tmp_path / "iso-site")
    master, slave = pty.openpty()
    name = os.ttyname(slave)

    def take_terminal() -> None:  # after setsid: opening the pty makes it the controlling terminal
        os.close(os.open(name, os.O_RDWR))

    def run(argv):
        return subprocess.run(
            argv,
            cwd=ROOT,
            env=_subprocess_env(tmp_path, site),
            stdin=slave,
            capture_output=True,
            text=True,
            timeout=300,
            start_new_session=True,
            preexec_fn=take_terminal,
        )

    try:
        # the setting is real: a plain process started this way writes on its terminal
        probe = run([sys.executable, "-c", "open('/dev/tty', 'w').write('tty-ok\\n')"])
        assert probe.returncode == 0, probe.stderr
        proc = run([sys.executable, "-m", "cli", "cert", "run", "--pack", "iso", "--only", "tty,procfd", "--json"])
        seen = b""
        while True:
            import select

            ready, _, _ = select.select([master], [], [], 0.2)
            if not ready:
                break
            try:
                seen += os.read(master, 65536)
            except OSError:
                break
    finally:
        os.close(master)
        os.close(slave)
    assert b"tty-ok" in seen and H.MARK.encode() not in seen
    rows = _rows(proc.stdout)  # whole JSON: nothing was written into it
    assert proc.returncode == 0 and rows["tty"]["status"] == "PASS" and rows["procfd"]["status"] == "PASS"
    assert H.MARK not in proc.stdout + proc.stderr


def test_a_check_above_the_memory_limit_is_killed(iso, capsys, monkeypatch):
    from certificates.workers import resident_bytes

    here = resident_bytes(os.getpid())
    assert here is not None
    # a worker starts with about this process's pages; the check writes 64 MiB chunks, so it passes
    # this limit at its first or second chunk (a larger margin only made the worker fault in more
    # pages before the poll saw it: 256 MiB cost 0.6-1.2 s of CPU, this 0.04-0.3 s)
    limit = here + 64 * 1024**2
    monkeypatch.setenv("PSA_TOOLKIT_MAX_MEMORY", str(limit))
    code, out, err = _cert(["run", "--pack", "iso", "--only", "mem,g1", "--json", "--no-save", "--jobs", "1"], capsys)
    rows = _rows(out)
    assert code == 1 and rows["g1"]["status"] == "PASS"
    mem = rows["mem"]
    assert mem["status"] == "ERROR" and "of resident memory, above the limit" in mem["detail"], mem["detail"]
    assert "PSA_TOOLKIT_MAX_MEMORY" in mem["detail"]


@pytest.mark.parametrize("jobs", ["1", "2"])
def test_a_verdict_does_not_depend_on_jobs(iso, capsys, jobs):
    """g1 changes a global of its module that g2 reads: every task starts in a fresh worker."""
    code, out, err = _cert(["run", "--pack", "iso", "--only", "g1,g2", "--json", "--no-save", "--jobs", jobs], capsys)
    rows = _rows(out)
    assert code == 0 and rows["g2"]["status"] == "PASS" and rows["g2"]["measured"] == "initial"


# --- gaps: the last-run record ----------------------------------------------------------------------

PACK = "lastruntest"


def _results(n_fail: int) -> list[Result]:
    out = []
    for i in range(n_fail + 1):
        c = Certificate(f"x{i}", f"x{i}", "T", "t", Kind.NUMERIC, lambda: None, pack=PACK)
        if i == 0:
            out.append(Result(c, Status.PASS, 1, 1, "fine", 0.1, evidence_level="proved"))
        else:
            out.append(Result(c, Status.FAIL, 2, 1, "off", 0.1, severity="minor", evidence_level="proved"))
    return out


def _said(capsys) -> str:
    return capsys.readouterr().err


def test_the_last_run_record_is_signed_and_a_changed_one_is_ignored(env, capsys):
    from montecarlo.store import sign_record
    from montecarlo.storekey import store_key

    caches._SAID.clear()
    path = lastrun.save(_results(52), PACK, "v")
    assert len(lastrun.load(PACK)) == 53
    doc = json.loads(path.read_text())
    assert doc["format"] == lastrun.FORMAT and len(doc["hmac"]) == 64
    # a FAIL turned into a PASS by hand: the signature no longer verifies
    doc["certificates"]["x1"].update(status="PASS", severity=None)
    path.write_text(json.dumps(doc))
    assert lastrun.load(PACK) == {} and "signature does not verify" in _said(capsys)
    # severities that do not add up (6 FAILs without one), even re-signed with the user's own key
    doc = json.loads(json.dumps(doc))
    doc["certificates"]["x1"].update(status="FAIL", severity="minor")
    for i in range(2, 8):
        doc["certificates"][f"x{i}"]["severity"] = None
    path.write_text(json.dumps(sign_record(doc, lastrun.KIND, store_key())))
    caches._SAID.clear()
    assert lastrun.load(PACK) == {} and "is a FAIL without a severity" in _said(capsys)
    doc["certificates"]["x2"]["severity"] = "minor"
    doc["certificates"]["x0"]["severity"] = "minor"  # a PASS with a severity
    for i in range(3, 8):
        doc["certificates"][f"x{i}"]["severity"] = "minor"
    path.write_text(json.dumps(sign_record(doc, lastrun.KIND, store_key())))
    caches._SAID.clear()
    assert lastrun.load(PACK) == {} and "is a PASS with a severity" in _said(capsys)
    # a record of the earlier, unsigned layout
    path.write_text(json.dumps({"pack": PACK, "certificates": {"x0": {"status": "PASS", "detail": ""}}}))
    caches._SAID.clear()
    assert lastrun.load(PACK) == {} and "it is not signed" in _said(capsys)


def test_a_report_never_counts_a_tampered_last_run(env, capsys, monkeypatch):
    from certificates import registry as reg_mod

    certs = [r.certificate for r in _results(52)]
    packs = reg_mod.available_packs()
    monkeypatch.setattr(reg_mod, "available_packs", lambda: {**packs, PACK: lambda: lambda: list(certs)})
    path = lastrun.save(_results(52), PACK, "v")
    doc = json.loads(path.read_text())
    for i in range(1, 7):
        doc["certificates"][f"x{i}"]["severity"] = None  # 52 FAILs, severities adding to 46
    path.write_text(json.dumps(doc))
    caches._SAID.clear()
    code, out, err = _cert(["report", "--pack", PACK, "--last-run", "--markdown", str(env / "r.md")], capsys)
    assert code == 2 and "ignoring the last-run record" in err and not (env / "r.md").exists()


def test_an_unusable_store_key_records_no_last_run(env, monkeypatch):
    monkeypatch.setenv("PSA_TOOLKIT_STORE_KEY", "")
    from montecarlo import storekey

    monkeypatch.setattr(lastrun, "_signing_key", lambda: (_ for _ in ()).throw(storekey.StoreKeyError("no key here")))
    with pytest.raises(lastrun.LastRunError, match="cannot sign the verdicts .*no key here"):
        lastrun.save(_results(1), PACK, "v")
    assert not lastrun.stored_path(PACK).exists()
