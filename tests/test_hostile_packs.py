"""A hostile pack, installed as a real distribution, against ``psa-cert`` (issue 18, items 3, 4, 7, 9).

Its checks exit, segfault, are killed, hang with SIGALRM ignored, return values that cannot be
shown and write terminal control sequences (:mod:`tests.hostile_pack`): each must be an ERROR row
with its reason (or, for the loud one, inert text), every other verdict intact, exit code 1 --
never a lost run, never exit 0.  A pack name registered by two distributions (also ``psa``) is
refused (exit 2) unless one is chosen; a broken pack affects only what asks for it; SIGTERM is
143 and SIGINT 130, with no worker left behind.
"""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from tests import hostile_pack as H

ROOT = Path(__file__).resolve().parent.parent


@pytest.fixture
def hostile(tmp_path, monkeypatch):
    """The hostile pack on sys.path (discovered through its entry point) and on PYTHONPATH."""
    site = H.install(tmp_path / "site")
    monkeypatch.syspath_prepend(str(site))
    monkeypatch.setenv("PYTHONPATH", os.pathsep.join([str(site), str(ROOT), os.environ.get("PYTHONPATH", "")]))
    monkeypatch.delenv("PSA_TOOLKIT_PACK_SOURCE", raising=False)
    from certificates import pristine

    was = pristine.third_party_loaded()
    yield site
    H.forget_third_party(was)


def _cert(argv, capsys):
    import cli

    code = cli.cert_main(argv)
    out, err = capsys.readouterr()
    return code, out, err


def _check_rows(rows: dict) -> None:
    for cid, (status, reason) in H.EXPECTED.items():
        row = rows[cid]
        assert row["status"] == status, (cid, row["status"], row["detail"])
        if reason is not None:
            assert reason in row["detail"], (cid, row["detail"])


@pytest.mark.parametrize("jobs", ["1", "2"])
def test_every_hostile_check_is_its_own_error_row(hostile, capsys, jobs):
    code, out, err = _cert(
        ["run", "--pack", "hostile", "--all", "--json", "--no-save"] + ["--timeout", str(H.TIMEOUT), "--jobs", jobs],
        capsys,
    )
    assert code == 1, err
    doc = json.loads(out)
    rows = {c["id"]: c for c in doc["certificates"]}
    assert len(rows) == len(H.EXPECTED) + 1  # nothing lost
    _check_rows(rows)  # h.ok passes and h.fail fails beside them: their verdicts intact
    assert rows["h.fail"]["severity"] == "minor"
    # where a dead worker was: its crash report, or its stack just before it was killed
    assert "Segmentation fault" in rows["h.segv"]["printed_output"] and "in segv" in rows["h.segv"]["printed_output"]
    assert "in hang" in rows["h.hang"]["printed_output"]
    assert (doc["passed"], doc["failed"], doc["errors"]) == (2, 1, len(H.EXPECTED) - 2)
    loud = rows["h.loud"]
    assert loud["status"] == "PASS" and H.FAKE in loud["printed_output"] and "stderr from C" in loud["printed_output"]
    assert H.FAKE not in out.replace(json.dumps(H.FAKE)[1:-1], "")  # only inside JSON strings
    assert "\x1b" not in out and "\x1b" not in err


def test_hostile_text_is_inert_in_the_table(hostile, capsys):
    code, out, err = _cert(["run", "--pack", "hostile", "--only", "h.loud,h.ok,h.fail", "--no-save", "-v"], capsys)
    assert code == 1
    assert "\x1b" not in out + err and "\r" not in out + err and "\x07" not in out + err
    lines = out.splitlines()
    assert not any(ln.startswith(H.FAKE) for ln in lines)
    summary = max(i for i, ln in enumerate(lines) if ln.startswith("Summary: "))
    assert lines[summary].startswith("Summary: 2 passed, 1 failed")
    assert " ".join(lines[summary + 1 :]).startswith("exit 1: ")  # then the exit code explained, last


def test_the_parent_never_runs_a_check(hostile, capsys):
    """--jobs 1 and a single certificate too: the check's os._exit ends a worker, not the run; a
    built-in certificate beside a dying one keeps its verdict."""
    code, out, err = _cert(["run", "--pack", "hostile", "--only", "h.exit0", "--jobs", "1", "--no-save"], capsys)
    assert code == 1 and "worker exited with status 0" in out
    code, out, err = _cert(["show", "h.segv", "--pack", "hostile"], capsys)
    assert code == 1 and "killed by signal SIGSEGV" in out
    code, out, err = _cert(["run", "--pack", "all", "--only", "h.segv,C2,h.exit0", "--json", "--no-save"], capsys)
    rows = {c["id"]: c["status"] for c in json.loads(out)["certificates"]}
    assert code == 1 and rows == {"h.segv": "ERROR", "C2": "PASS", "h.exit0": "ERROR"}


def test_a_pack_name_registered_twice_is_refused_until_one_is_chosen(hostile, tmp_path, monkeypatch, capsys):
    other = tmp_path / "other"
    H.register(other, "hostile", "other-pack", "hostile_pack_checks:load")
    H.register(other, "psa", "evil-psa", "hostile_pack_checks:load")
    monkeypatch.syspath_prepend(str(other))
    for argv, names in (
        (["run", "--pack", "hostile", "--no-save"], ("hostile-pack", "other-pack")),
        (["run", "--only", "C2", "--no-save"], ("psa-toolkit", "evil-psa")),
        (["run", "--pack", "all", "--no-save"], ("registered by two distributions",)),
        (["show", "C2", "--no-run", "--pack", "psa"], ("psa-toolkit", "evil-psa")),
    ):
        code, out, err = _cert(argv, capsys)
        assert code == 2 and out == "", argv
        lines = err.strip().splitlines()
        assert len(lines) == 1 and all(n in lines[0] for n in names) and "--pack-source" in lines[0], (argv, err)
    # the user chooses: the built-in psa, the other distribution's hostile
    code, out, err = _cert(
        ["--pack-source", "psa=psa-toolkit", "run", "--only", "C2", "--jobs", "1", "--no-save"], capsys
    )
    assert code == 0 and "1 passed" in out
    monkeypatch.setenv("PSA_TOOLKIT_PACK_SOURCE", "hostile=other-pack")
    code, out, err = _cert(["run", "--pack", "hostile", "--only", "h.ok", "--jobs", "1", "--no-save"], capsys)
    assert code == 0 and "1 passed" in out
    monkeypatch.setenv("PSA_TOOLKIT_PACK_SOURCE", "hostile=no-such-dist")
    code, out, err = _cert(["run", "--pack", "hostile", "--no-save"], capsys)
    assert code == 2 and len(err.strip().splitlines()) == 1 and "no-such-dist" in err


def test_a_broken_pack_only_affects_what_asks_for_it(tmp_path, monkeypatch, capsys):
    site = tmp_path / "broken"
    site.mkdir()
    (site / "broken_import_pack.py").write_text("raise ImportError('this pack is broken')\n")
    (site / "raising_loader_pack.py").write_text("def load():\n    raise RuntimeError('loader says no')\n")
    (site / "exiting_loader_pack.py").write_text("import os\n\ndef load():\n    os._exit(0)\n")
    (site / "crashing_import_pack.py").write_text("import ctypes\nctypes.string_at(0)\n")
    H.register(site, "broken", "broken-pack", "broken_import_pack:load")
    H.register(site, "raising", "raising-pack", "raising_loader_pack:load")
    H.register(site, "exiting", "exiting-pack", "exiting_loader_pack:load")
    H.register(site, "crashing", "crashing-pack", "crashing_import_pack:load")
    monkeypatch.syspath_prepend(str(site))
    for argv, words in (
        (["run", "--pack", "broken", "--no-save"], ("broken-pack", "ImportError", "this pack is broken")),
        (["run", "--pack", "raising", "--no-save"], ("raising", "RuntimeError", "loader says no")),
        (["run", "--pack", "exiting", "--no-save"], ("exiting-pack", "ended its process", "status 0")),
        (["list", "--pack", "crashing"], ("crashing-pack", "ended its process", "SIGSEGV")),
        (["list", "--pack", "all"], ("pack",)),
        (["show", "no-such-id"], ("pack",)),
    ):
        code, out, err = _cert(argv, capsys)
        lines = err.strip().splitlines()
        assert code == 2 and len(lines) == 1 and all(w in lines[0] for w in words), (argv, err)
        assert "Traceback" not in err
    code, out, err = _cert(["show", "C2"], capsys)  # --pack all: the built-in certificate still shows
    assert code == 0 and "PASS" in out
    code, out, err = _cert(["run", "--only", "C2", "--jobs", "1", "--no-save"], capsys)
    assert code == 0


def test_the_libraries_a_pack_imports_come_before_its_probe_and_its_code_after(tmp_path, monkeypatch):
    """The toolkit's own libraries that a pack's module imports at its top are imported here before
    the probe forks (so they are not imported twice); the pack's code is not, and reading which they
    are runs nothing (a package's ``__init__`` that raises is never executed)."""
    from certificates import pristine
    from certificates import registry as reg_mod

    site = tmp_path / "site"
    (site / "libpkg").mkdir(parents=True)
    (site / "psa_test_shared_lib.py").write_text("VALUE = 1\n")
    (site / "psa_test_lib_user.py").write_text("import psa_test_shared_lib\n\n\ndef load():\n    return []\n")
    (site / "libpkg" / "__init__.py").write_text("raise RuntimeError('never run')\n")
    (site / "libpkg" / "mod.py").write_text(  # read, never imported
        "import os\nimport psa_test_shared_lib as lib\nfrom psa_test_shared_lib import VALUE\n"
        "import sympy.core\nimport numba\nif True:\n    import mpmath\n\n\n"
        "def load():\n    import scipy\n\n    return []\n"
    )
    H.register(site, "libuser", "libuser-pack", "psa_test_lib_user:load")
    monkeypatch.syspath_prepend(str(site))
    monkeypatch.delenv("PSA_TOOLKIT_PACK_SOURCE", raising=False)
    monkeypatch.setattr(reg_mod, "SHARED_LIBRARIES", reg_mod.SHARED_LIBRARIES | {"psa_test_shared_lib"})
    # not numba, nor what is imported below the top level; nothing of libpkg runs
    assert reg_mod.shared_imports("libpkg.mod") == ["psa_test_shared_lib", "sympy.core"]
    assert "libpkg" not in sys.modules and reg_mod.shared_imports("no_such_module_here") == []
    assert reg_mod.shared_imports("psa_test_lib_user") == ["psa_test_shared_lib"]
    seen = []
    real = reg_mod._probe
    monkeypatch.setattr(reg_mod, "_probe", lambda *a: seen.append(set(sys.modules)) or real(*a))
    was = pristine.third_party_loaded()
    try:
        assert len(reg_mod.load_registry("libuser")) == 0
    finally:
        H.forget_third_party(was)
        for mod in ("psa_test_lib_user", "psa_test_shared_lib"):
            sys.modules.pop(mod, None)
    assert len(seen) == 1 and "psa_test_shared_lib" in seen[0] and "psa_test_lib_user" not in seen[0]


def _children(pid: int) -> set[int]:
    """Every descendant of ``pid`` (from /proc)."""
    kids: dict[int, list[int]] = {}
    for d in Path("/proc").iterdir():
        if not d.name.isdigit():
            continue
        try:
            stat = (d / "stat").read_text()
        except OSError:
            continue
        ppid = int(stat.rsplit(")", 1)[1].split()[1])
        kids.setdefault(ppid, []).append(int(d.name))
    out, todo = set(), [pid]
    while todo:
        for k in kids.get(todo.pop(), []):
            out.add(k)
            todo.append(k)
    return out


def _alive(pid: int) -> bool:
    try:
        state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
    except OSError:
        return False
    return state != "Z"


@pytest.mark.skipif(not Path("/proc/self/stat").exists(), reason="needs /proc")
@pytest.mark.parametrize("sig, code, word", [(signal.SIGTERM, 143, "terminated"), (signal.SIGINT, 130, "interrupted")])
def test_a_signal_stops_the_run_and_leaves_no_worker(hostile, tmp_path, sig, code, word):
    env = dict(os.environ, PSA_TOOLKIT_CACHE=str(tmp_path / "cache"))
    proc = subprocess.Popen(
        [sys.executable, "-m", "cli", "cert", "run", "--pack", "hostile", "--only", "h.hang,h.ok,h.fail"]
        + ["--timeout", "0", "--jobs", "2"],
        cwd=ROOT,
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    workers: set[int] = set()
    deadline = time.monotonic() + 90  # a loaded machine may take long to import and fork
    while time.monotonic() < deadline and not workers:
        time.sleep(0.05)
        workers = _children(proc.pid)
    assert workers, "no worker started"
    time.sleep(0.2)
    workers |= _children(proc.pid)
    proc.send_signal(sig)
    out, err = proc.communicate(timeout=90)
    assert proc.returncode == code, err
    assert err.strip().splitlines()[-1] == f"psa-cert: {word}" and "Traceback" not in err
    assert "Summary" not in out
    time.sleep(0.1)
    assert not [p for p in workers if _alive(p)]
    assert not (tmp_path / "cache" / "last-run-hostile.json").exists()  # nothing partial saved
