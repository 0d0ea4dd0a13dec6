"""The Numba cache of the montecarlo kernels: a corrupt entry and an unusable NUMBA_CACHE_DIR.

Each case runs in a fresh interpreter (the cache folder is chosen at import) with the
smallest kernel (argmax_chunks, eq. 51) to keep compilation short.
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


def test_warmup_command_reports_every_kernel(capsys):
    import cli

    assert cli.mc_main(["warmup", "--json"]) == 0
    doc = json.loads(capsys.readouterr().out)
    names = [k["kernel"].split()[0] for k in doc["kernels"]]
    assert names == ["t4_chunks", "generic_chunks", "argmax_chunks", "dependent_chunks", "normals"]
    assert all(k["source"] in ("compiled", "cache", "memory") and k["seconds"] >= 0 for k in doc["kernels"])
    assert doc["cache_dir"] == montecarlo._jit.cache_dir() and doc["total_s"] >= 0
    assert cli.mc_main(["warmup"]) == 0  # second time: nothing left to compile in this process
    text = capsys.readouterr().out
    assert "compiled" not in text and "total" in text and "cache:" in text
