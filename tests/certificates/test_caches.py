"""The last-run record and the timings cache (issue 18, item 7 and "Others"): a record that cannot
be read or has the wrong shape is ignored with one stderr line by every command that reads it,
never a crash; a record that cannot be written says so, exits 2 after the output, and leaves no
record of an earlier run to pass for the last one; a damaged timings cache changes nothing but the
ETA."""

from __future__ import annotations

import errno
import json
import math
import os

import pytest

import cli
from certificates import Certificate, Kind, lastrun, timings
from certificates import registry as reg_mod
from certificates.registry import verdict
from psa_io import caches
from psa_io.terminal import _clock

PACK = "cachetest"
CERTS = [
    Certificate("A1", "passes", "Eq (1)", "passes", Kind.NUMERIC, lambda: verdict(True, 1, 1, "fine"), pack=PACK),
    Certificate(
        "B1",
        "fails",
        "Eq (2)",
        "fails",
        Kind.NUMERIC,
        lambda: verdict(False, 2, 1, "off", severity="minor"),
        pack=PACK,
        depends=("A1",),
    ),
]


@pytest.fixture
def pack(monkeypatch, tmp_path):
    packs = reg_mod.available_packs()
    monkeypatch.setattr(reg_mod, "available_packs", lambda: {**packs, PACK: lambda: lambda: list(CERTS)})
    monkeypatch.setenv("PSA_TOOLKIT_CACHE", str(tmp_path / "cache"))
    monkeypatch.setenv("COLUMNS", "80")
    caches._SAID.clear()
    (tmp_path / "cache").mkdir()
    return tmp_path / "cache"


def _record() -> "os.PathLike[str]":
    return lastrun.stored_path(PACK)


# every way a record can be unusable, and the reason its line gives
BAD_RECORDS = {
    "a list": ("[1, 2]", "not a JSON object"),
    "certificates a list": ('{"certificates": []}', "'certificates' is not an object"),
    "an entry a string": ('{"certificates": {"a1": "PASS"}}', "is not an object"),
    "an unknown status": ('{"certificates": {"a1": {"status": "WIN"}}}', "unknown status 'WIN'"),
    "a detail not text": ('{"certificates": {"a1": {"status": "PASS", "detail": 5}}}', "'detail' of the wrong type"),
    "a NaN duration": ('{"certificates": {"a1": {"status": "PASS", "elapsed_s": NaN}}}', "not a duration"),
    "ids not text": ('{"certificates": {"a1": {"status": "FAIL", "same_finding_as": [1]}}}', "not a list of ids"),
    "evidence a list": ('{"certificates": {"a1": {"status": "PASS", "evidence": [1]}}}', "'evidence' of the wrong"),
    "not JSON": ("{not json", "is not JSON"),
    "not UTF-8": (b"\xff\xfe\x00{", "is not UTF-8"),
    "nested without end": ("[" * 100_000 + "]" * 100_000, "nested too deeply"),
    "empty": ("", "is not JSON"),
}


def _write_bad(path, content):
    if isinstance(content, bytes):
        path.write_bytes(content)
    else:
        path.write_text(content)


@pytest.mark.parametrize("case", sorted(BAD_RECORDS))
def test_an_unusable_record_is_ignored_with_one_line_by_every_reader(pack, capsys, tmp_path, case):
    content, reason = BAD_RECORDS[case]
    _write_bad(_record(), content)
    for argv, code in (
        (["list", "--pack", PACK], 0),
        (["show", "B1", "--pack", PACK, "--no-run"], 0),
        (["graph", "--pack", PACK, "--out", str(tmp_path / "g")], 0),
        (["report", "--pack", PACK, "--last-run", "--markdown", str(tmp_path / "r.md")], 2),  # no stored run
    ):
        caches._SAID.clear()
        assert cli.cert_main(argv) == code, argv
        out, err = capsys.readouterr()
        lines = [ln for ln in err.splitlines() if "ignoring the last-run record" in ln]
        assert len(lines) == 1 and reason in lines[0], (argv, err)
        assert "Traceback" not in err
    caches._SAID.clear()
    assert cli.cert_main(["run", "--pack", PACK, "--jobs", "1"]) == 1  # prints and records its results
    out, err = capsys.readouterr()
    assert "Summary: 1 passed, 1 failed" in out and err.count("ignoring the last-run record") == 1
    assert set(lastrun.load(PACK)) == {"a1", "b1"}  # a valid record replaced the damaged one


def test_a_record_that_is_not_a_file_never_hangs_or_crashes(pack, capsys, tmp_path, monkeypatch):
    path = _record()
    os.mkfifo(path)  # reading a FIFO would wait for a writer forever
    assert lastrun.load(PACK) == {}
    assert "is not a regular file" in capsys.readouterr().err
    os.unlink(path)
    (tmp_path / "elsewhere.json").write_text('{"certificates": {}}')
    os.symlink(tmp_path / "elsewhere.json", path)
    assert lastrun.load(PACK) == {} and "symbolic link" in capsys.readouterr().err
    os.unlink(path)
    path.write_text(" " * 200)
    monkeypatch.setattr(caches, "MAX_CACHE_BYTES", 100)
    assert lastrun.load(PACK) == {} and "larger than 100 bytes" in capsys.readouterr().err


def test_a_record_that_cannot_be_written_is_said_exits_2_and_leaves_no_stale_record(pack, capsys, monkeypatch):
    assert cli.cert_main(["run", "--pack", PACK, "--jobs", "1"]) == 1
    capsys.readouterr()
    assert lastrun.statuses(PACK)  # the earlier run's record

    def full(path, write, **kw):
        raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC), str(path))

    monkeypatch.setattr(lastrun, "atomic_write", full)
    assert cli.cert_main(["run", "--pack", PACK, "--jobs", "1"]) == 2
    out, err = capsys.readouterr()
    assert "Summary: 1 passed, 1 failed" in out  # the results are printed all the same
    lines = err.strip().splitlines()
    assert len([ln for ln in lines if "could not record this run" in ln]) == 1
    assert "No space left on device" in err
    assert not os.path.exists(_record())  # the earlier record is gone: nothing stale remains
    monkeypatch.undo()
    monkeypatch.setattr(reg_mod, "available_packs", lambda: {PACK: lambda: lambda: list(CERTS)})
    monkeypatch.setenv("PSA_TOOLKIT_CACHE", str(pack))
    assert cli.cert_main(["list", "--pack", PACK]) == 0
    assert "0 with a verdict of the last run" in capsys.readouterr().out


def test_a_record_in_a_folder_that_cannot_be_changed_is_emptied_not_left(pack, monkeypatch):
    from certificates.registry import Status
    from certificates.results import Result

    lastrun.save([Result(CERTS[0], Status.PASS, 1, 1, "fine", 0.1)], PACK, "v")
    real_unlink = os.unlink

    def denied(path, *a, **k):
        if os.fspath(path) == os.fspath(_record()):
            raise PermissionError(errno.EACCES, "Permission denied", path)
        return real_unlink(path, *a, **k)

    monkeypatch.setattr(os, "unlink", denied)
    monkeypatch.setattr(
        lastrun, "atomic_write", lambda *a, **k: (_ for _ in ()).throw(OSError(errno.EACCES, "Permission denied"))
    )
    with pytest.raises(lastrun.LastRunError, match="emptied"):
        lastrun.save([Result(CERTS[0], Status.FAIL, 1, 1, "now", 0.1)], PACK, "v")
    assert os.path.getsize(_record()) == 0 and lastrun.load(PACK) == {}


def test_a_cache_path_that_is_a_folder_is_one_line_exit_2(pack, capsys):
    _record().mkdir()
    assert cli.cert_main(["run", "--pack", PACK, "--jobs", "1"]) == 2
    out, err = capsys.readouterr()
    assert "Summary:" in out and "not a regular file" in err
    assert len([ln for ln in err.splitlines() if ln.startswith("psa-cert: could not record")]) == 1
    assert os.path.isdir(_record())  # never replaced


def test_show_and_graph_run_say_when_the_record_fails(pack, capsys, monkeypatch, tmp_path):
    monkeypatch.setattr(
        lastrun, "atomic_write", lambda *a, **k: (_ for _ in ()).throw(OSError(errno.ENOSPC, "No space left"))
    )
    assert cli.cert_main(["show", "A1", "--pack", PACK]) == 0  # show records nothing (issue 28): nothing fails
    out, err = capsys.readouterr()
    assert "not recorded as the last run" in " ".join(out.split()) and "could not record" not in err
    assert cli.cert_main(["graph", "--run", "--jobs", "1", "--pack", PACK, "--out", str(tmp_path / "g")]) == 2
    out, err = capsys.readouterr()
    assert "wrote" in out and "could not record this run" in err
    assert cli.cert_main(["list", "--run", "--pack", PACK]) == 2
    out, err = capsys.readouterr()
    assert "A1" in out and "could not record this run" in err


# --- timings -------------------------------------------------------------------------------------------

BAD_TIMINGS = ["[1]", '{"a1": "fast"}', '{"a1": NaN}', '{"a1": Infinity}', '{"a1": -1}', '{"a1": 1e999}', "{x"]


@pytest.mark.parametrize("content", BAD_TIMINGS)
def test_a_damaged_timings_cache_is_one_line_at_most_and_changes_nothing_else(pack, capsys, content):
    timings.path().write_text(content)
    assert timings.load() == {}
    assert cli.cert_main(["run", "--pack", PACK, "--jobs", "1"]) == 1  # the same exit code
    out, err = capsys.readouterr()
    assert "Summary: 1 passed, 1 failed" in out
    assert len([ln for ln in err.splitlines() if "timings" in ln]) <= 1 and "Traceback" not in err


def test_the_eta_of_an_impossible_time_is_a_question_mark():
    assert _clock(math.inf) == "?" and _clock(math.nan) == "?" and _clock(None) == "?"
    assert _clock(61.4) == "1:01"
    from psa_io.terminal import Progress

    p = Progress("run")
    p.state.update(done=1, total=3, eta=math.inf)
    assert "ETA" not in p._line()


def test_valid_timings_and_records_round_trip(pack):
    from certificates.registry import Status
    from certificates.results import Result

    rs = [Result(CERTS[0], Status.PASS, 1, 1, "fine", 0.5), Result(CERTS[1], Status.FAIL, 2, 1, "off", 1.5)]
    timings.save(rs)
    assert timings.load() == {"a1": 0.5, "b1": 1.5}
    lastrun.save(rs, PACK, "v")
    doc = json.loads(_record().read_text())
    assert lastrun.shape_problem(doc) is None and set(lastrun.statuses(PACK)) == {"a1", "b1"}
