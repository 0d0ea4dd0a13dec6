"""The Numba cache of the montecarlo kernels: a corrupt entry, an unusable NUMBA_CACHE_DIR, and a
cache folder someone else can write (issue 26, item 3: Numba's index files are pickles).

The compiling cases run in a fresh interpreter (the cache folder is chosen at import) with the
smallest kernel (argmax_chunks, eq. 51) to keep compilation short; the choice of folder is
tested in this process (nothing compiled).
"""

from __future__ import annotations

import glob
import json
import os
import subprocess
import sys

import pytest

import montecarlo

PKG = os.path.dirname(montecarlo.__file__)
CALL = (
    "import json, montecarlo; e = montecarlo.argmax_probability(1.0, 3, trials=700, seed=3); "
    "print(json.dumps({'wins': e.wins, 'cache': montecarlo._jit.cache_dir()}))"
)


def _run(env_extra: dict) -> subprocess.CompletedProcess:
    env = {k: v for k, v in os.environ.items() if not k.startswith(("NUMBA_CACHE_DIR", "PSA_TOOLKIT_NUMBA"))}
    env.update(env_extra)
    return subprocess.run([sys.executable, "-c", CALL], capture_output=True, text=True, env=env, timeout=600)


def _package_cache_files() -> set:
    return set(glob.glob(os.path.join(PKG, "**", "*.nb[ic]"), recursive=True))


@pytest.mark.slow  # compiles a kernel in a fresh process with an empty cache
def test_corrupt_cache_entry_is_cleared_once_and_recompiled(tmp_path):
    cache = tmp_path / "numba"
    first = _run({"NUMBA_CACHE_DIR": str(cache)})
    assert first.returncode == 0, first.stderr
    files = glob.glob(str(cache / "**" / "*.nb[ic]"), recursive=True)
    assert any(f.endswith(".nbi") for f in files) and any(f.endswith(".nbc") for f in files)
    for f in files:  # garbage in every index and data file
        with open(f, "wb") as fh:
            fh.write(b"\x00garbage, not a pickle\xff" * 7)
    second = _run({"NUMBA_CACHE_DIR": str(cache)})
    assert second.returncode == 0, second.stderr
    assert "Traceback" not in second.stderr
    assert second.stderr.count("corrupt Numba cache entry") == 1, second.stderr
    assert json.loads(second.stdout)["wins"] == json.loads(first.stdout)["wins"]
    third = _run({"NUMBA_CACHE_DIR": str(cache)})  # the entry was re-saved: silent, same number
    assert third.returncode == 0 and "corrupt" not in third.stderr, third.stderr
    assert json.loads(third.stdout) == json.loads(second.stdout)


@pytest.mark.slow  # compiles a kernel in a fresh process with an empty cache
def test_unusable_cache_dir_falls_back_to_user_cache_not_the_package(tmp_path):
    blocker = tmp_path / "a-file"
    blocker.write_text("not a folder")
    bad = blocker / "numba"  # cannot be created: its parent is a file
    xdg = tmp_path / "xdg"
    before = _package_cache_files()
    out = _run({"NUMBA_CACHE_DIR": str(bad), "XDG_CACHE_HOME": str(xdg)})
    assert out.returncode == 0, out.stderr
    assert "Traceback" not in out.stderr
    lines = [ln for ln in out.stderr.splitlines() if "is not usable" in ln]
    assert len(lines) == 1 and str(bad) in lines[0], out.stderr
    fallback = xdg / "psa-toolkit" / "numba"
    assert json.loads(out.stdout)["cache"] == str(fallback)
    assert glob.glob(str(fallback / "**" / "*.nbi"), recursive=True)
    assert _package_cache_files() == before  # nothing written into the installed package


@pytest.mark.slow  # compiles a kernel in a fresh process with an empty cache
def test_unset_cache_dir_uses_the_user_cache(tmp_path):
    out = _run({"XDG_CACHE_HOME": str(tmp_path)})
    assert out.returncode == 0, out.stderr
    assert json.loads(out.stdout)["cache"] == str(tmp_path / "psa-toolkit" / "numba")
    assert out.stderr.strip() == ""


# --- the cache entry of a kernel is stamped with every source of the package ---------------------


def test_the_package_stamp_covers_every_source_file_and_no_cache(tmp_path, monkeypatch):
    from montecarlo import _jitguard as G

    (tmp_path / "sub").mkdir()
    (tmp_path / "__pycache__").mkdir()
    for name, text in (("a.py", "A = 1\n"), ("sub/b.py", "B = 2\n"), ("notes.txt", "x")):
        (tmp_path / name).write_text(text)

    def stamp():
        G.package_stamp.cache_clear()
        return G.package_stamp()

    monkeypatch.setattr(G, "_PACKAGE_DIR", str(tmp_path))
    try:
        first = stamp()
        assert stamp() == first and len(first) == 64
        (tmp_path / "__pycache__" / "a.cpython-311.pyc").write_bytes(b"cache")  # not a source
        (tmp_path / "notes.txt").write_text("y")
        assert stamp() == first
        (tmp_path / "sub" / "b.py").write_text("B = 3\n")  # a callee's constant, the same size
        changed = stamp()
        assert changed != first
        (tmp_path / "sub" / "b.py").rename(tmp_path / "b.py")  # the same bytes under another name
        assert stamp() not in (first, changed)
    finally:  # the process's own stamp again
        monkeypatch.undo()
        G.package_stamp.cache_clear()


def test_a_kernel_of_the_package_is_stamped_with_the_package_and_others_are_not():
    from numba.core import caching

    from montecarlo import _jitguard as G
    from montecarlo import fmath

    class Located(caching._SourceFileBackedLocatorMixin):  # what Numba's file-backed locators share
        def __init__(self, path):
            self._py_file = path

    ours = Located(fmath.__file__).get_source_stamp()
    assert isinstance(ours, tuple) and ours[1] == G.package_stamp()  # fmath installed the guard at import
    assert ours[0] == caching._hash_source_file(fmath.__file__, *_stat(fmath.__file__))
    other = Located(__file__).get_source_stamp()
    assert other == caching._hash_source_file(__file__, *_stat(__file__))  # Numba's own stamp


def _stat(path):
    st = os.stat(path)
    return st.st_mtime, st.st_size


PROBE = (
    "import json, montecarlo; e = montecarlo.argmax_probability(1.0, 3, trials=700, seed=3); "
    "print(json.dumps({'wins': e.wins}))"
)


@pytest.mark.slow  # copies the package and compiles the argmax kernel three times in fresh processes
def test_an_edit_of_a_callee_alone_recompiles_the_kernels_that_use_it(tmp_path):
    """Numba's cache checks only the file that defines a kernel: with fmath.py edited and kernels.py
    not (a checkout of another commit), the argmax kernel came from the cache with the old log in its
    normals.  With the package's stamp the edit is a cache miss and the numbers follow the source."""
    import shutil

    root = tmp_path / "tree"
    shutil.copytree(PKG, root / "montecarlo", ignore=shutil.ignore_patterns("__pycache__"))
    env = {k: v for k, v in os.environ.items() if not k.startswith(("NUMBA_CACHE_DIR", "PSA_TOOLKIT_NUMBA"))}
    env.update(NUMBA_CACHE_DIR=str(tmp_path / "numba"), PYTHONPATH=os.pathsep.join([str(root), *sys.path]))

    def wins():
        out = subprocess.run(  # from tmp_path: the copy is the montecarlo that is imported (not the cwd's)
            [sys.executable, "-c", PROBE + "; print(montecarlo.__file__)"],
            capture_output=True,
            text=True,
            env=env,
            timeout=600,
            cwd=tmp_path,
        )
        assert out.returncode == 0, out.stderr
        counts, where = out.stdout.splitlines()
        assert where == str(root / "montecarlo" / "__init__.py")
        return json.loads(counts)["wins"]

    fmath = root / "montecarlo" / "fmath.py"
    source = fmath.read_text()
    before = wins()
    assert wins() == before  # from the cache
    # the log in the normals changed in fmath.py alone (rng.py and kernels.py untouched)
    edited = source.replace("def vlog(x):", "def vlog(x):\n    x = x * 0.5", 1)
    assert edited != source
    fmath.write_text(edited)
    assert wins() != before
    fmath.write_text(source)
    assert wins() == before


def test_warmup_command_reports_every_kernel(capsys):
    import cli

    assert cli.mc_main(["warmup", "--json"]) == 0
    doc = json.loads(capsys.readouterr().out)
    names = [k["kernel"].split()[0] for k in doc["kernels"]]
    assert names == ["t4_chunks", "generic_chunks", "argmax_chunks", "t4_reference_chunk", "normals"]
    assert all(k["source"] in ("compiled", "cache", "memory") and k["seconds"] >= 0 for k in doc["kernels"])
    assert doc["cache_dir"] == montecarlo._jit.cache_dir() and doc["total_s"] >= 0
    assert cli.mc_main(["warmup"]) == 0  # second time: nothing left to compile in this process
    text = capsys.readouterr().out
    assert "compiled" not in text and "total" in text and "cache:" in text


# --- whose folder the cache is in (issue 26, item 3): in this process, nothing compiled ----------

OTHER_UID = 4242  # another local user (the tests run as root, which may chown to anyone)


@pytest.fixture
def choose(tmp_path, monkeypatch, capsys):
    """``choose(env) -> (chosen folder, stderr)``: :func:`montecarlo._jit.configure_cache_dir` under
    ``env`` (NUMBA_CACHE_DIR, XDG_CACHE_HOME, TMPDIR), everything it changes restored afterwards."""
    import tempfile

    from montecarlo import _jit, _jitguard

    monkeypatch.setattr(_jit, "_chosen", _jit._chosen)
    monkeypatch.setattr(_jitguard, "_said", set())
    monkeypatch.delenv(_jitguard._NOTICE_ENV, raising=False)
    monkeypatch.setenv("NUMBA_CACHE_DIR", os.environ.get("NUMBA_CACHE_DIR", ""))  # restored afterwards
    config = sys.modules.get("numba.core.config")
    if config is not None:
        monkeypatch.setattr(config, "CACHE_DIR", getattr(config, "CACHE_DIR", ""))
    monkeypatch.setattr(tempfile, "tempdir", None)  # gettempdir() reads TMPDIR again

    def run(env: dict):
        for k in ("NUMBA_CACHE_DIR", "XDG_CACHE_HOME", "TMPDIR"):
            if env.get(k) is None:
                monkeypatch.delenv(k, raising=False)
            else:
                monkeypatch.setenv(k, str(env[k]))
        monkeypatch.setattr(tempfile, "tempdir", None)
        capsys.readouterr()
        chosen = _jit.configure_cache_dir()
        err = capsys.readouterr().err
        _jitguard._said.clear()
        monkeypatch.delenv(_jitguard._NOTICE_ENV, raising=False)
        return chosen, err

    return run


def _blocked(tmp_path):
    """An XDG_CACHE_HOME under which no folder can be made (its parent is a file)."""
    blocker = tmp_path / "a-file"
    blocker.write_text("not a folder")
    return blocker / "xdg"


def _tmp(tmp_path):
    t = tmp_path / "tmp"
    t.mkdir(exist_ok=True)
    return t, t / f"psa-toolkit-numba-{os.getuid()}"


needs_chown = pytest.mark.skipif(
    not hasattr(os, "getuid") or os.getuid() != 0, reason="chown to another uid needs root"
)


def test_the_temporary_fallback_is_made_private(choose, tmp_path):
    tmp, fallback = _tmp(tmp_path)
    chosen, err = choose({"XDG_CACHE_HOME": _blocked(tmp_path), "TMPDIR": tmp})
    assert chosen == str(fallback)
    st = os.lstat(fallback)
    assert st.st_uid == os.getuid() and (st.st_mode & 0o777) == 0o700
    assert len(err.strip().splitlines()) == 1 and "cannot be made" in err


@needs_chown
@pytest.mark.parametrize("plant", ["other-owner", "world-writable", "group-writable", "sticky-shared", "symlink"])
def test_a_temporary_fallback_planted_by_someone_else_is_refused(choose, tmp_path, plant):
    tmp, fallback = _tmp(tmp_path)
    if plant == "symlink":
        mine = tmp_path / "mine"
        mine.mkdir(mode=0o700)
        fallback.symlink_to(mine)
    else:
        fallback.mkdir()
        (fallback / "planted.nbi").write_bytes(b"a pickle that runs code")
        mode = {"other-owner": 0o755, "world-writable": 0o777, "group-writable": 0o770, "sticky-shared": 0o1777}[plant]
        os.chmod(fallback, mode)
        if plant == "other-owner":
            os.chown(fallback, OTHER_UID, OTHER_UID)
    chosen, err = choose({"XDG_CACHE_HOME": _blocked(tmp_path), "TMPDIR": tmp})
    assert chosen is not None and chosen != str(fallback) and os.path.realpath(chosen) != str(tmp_path / "mine")
    st = os.lstat(chosen)  # a fresh folder of this user that nobody else can write
    assert st.st_uid == os.getuid() and (st.st_mode & 0o777) == 0o700
    lines = err.strip().splitlines()
    assert len(lines) == 1 and str(fallback) in lines[0] and chosen in lines[0], err
    word = {"other-owner": "another user", "symlink": "symlink"}.get(plant, "writable by others")
    assert word in lines[0]
    assert os.environ["NUMBA_CACHE_DIR"] == chosen


@needs_chown
@pytest.mark.parametrize("plant", ["other-owner", "world-writable", "group-writable", "sticky-shared"])
def test_a_configured_cache_folder_others_can_write_is_refused_with_one_line(choose, tmp_path, plant):
    mine = tmp_path / "configured"
    mine.mkdir()
    mode = {"other-owner": 0o700, "world-writable": 0o777, "group-writable": 0o775, "sticky-shared": 0o1777}[plant]
    os.chmod(mine, mode)
    if plant == "other-owner":
        os.chown(mine, OTHER_UID, OTHER_UID)
    xdg = tmp_path / "xdg"
    chosen, err = choose({"NUMBA_CACHE_DIR": mine, "XDG_CACHE_HOME": xdg})
    assert chosen == str(xdg / "psa-toolkit" / "numba")
    lines = err.strip().splitlines()
    assert len(lines) == 1 and f"NUMBA_CACHE_DIR={mine} is not usable" in lines[0] and chosen in lines[0], err
    # the user cache under XDG_CACHE_HOME is refused the same way; the private temporary one is taken
    tmp, fallback = _tmp(tmp_path)
    os.chmod(chosen, mode)
    if plant == "other-owner":
        os.chown(chosen, OTHER_UID, OTHER_UID)
    again, err = choose({"XDG_CACHE_HOME": xdg, "TMPDIR": tmp})
    assert again == str(fallback) and len(err.strip().splitlines()) == 1 and chosen in err


def test_a_configured_cache_folder_of_the_user_is_used_and_a_missing_one_made_private(choose, tmp_path):
    mine = tmp_path / "mine"
    mine.mkdir(mode=0o755)
    os.chmod(mine, 0o755)  # readable by others: harmless, they cannot plant a pickle
    assert choose({"NUMBA_CACHE_DIR": mine}) == (str(mine), "")
    new = tmp_path / "new" / "numba"
    assert choose({"NUMBA_CACHE_DIR": new}) == (str(new), "")
    assert (os.stat(new).st_mode & 0o777) == 0o700


def test_a_folder_name_with_control_characters_is_escaped_in_the_notice(choose, tmp_path):
    bad = tmp_path / "a-file"
    bad.write_text("x")
    chosen, err = choose({"NUMBA_CACHE_DIR": f"{bad}/\x1b[2J\nfake", "XDG_CACHE_HOME": tmp_path / "xdg"})
    assert len(err.strip().splitlines()) == 1 and "\x1b" not in err and "\\x1b[2J\\nfake" in err


def test_a_relative_cache_folder_is_made_absolute_and_a_deleted_current_folder_is_one_line(
    choose, tmp_path, monkeypatch
):
    work = tmp_path / "work"
    work.mkdir()
    monkeypatch.chdir(work)
    chosen, err = choose({"NUMBA_CACHE_DIR": "rel/numba"})
    assert chosen == str(work / "rel" / "numba") and err == ""  # exported: workers may start elsewhere
    gone = tmp_path / "gone"
    gone.mkdir()
    monkeypatch.chdir(gone)
    gone.rmdir()
    xdg = tmp_path / "xdg"
    chosen, err = choose({"NUMBA_CACHE_DIR": "rel", "XDG_CACHE_HOME": xdg})
    assert chosen == str(xdg / "psa-toolkit" / "numba")
    assert len(err.strip().splitlines()) == 1 and "current folder no longer exists" in err
    tmp, fallback = _tmp(tmp_path)
    chosen, err = choose({"XDG_CACHE_HOME": "relative-xdg", "TMPDIR": tmp})  # ignored, as XDG says
    assert chosen == os.path.join(os.path.expanduser("~"), ".cache", "psa-toolkit", "numba") or chosen == str(fallback)
