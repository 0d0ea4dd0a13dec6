"""Outputs the user names (issue 18, item 5): checked before any work, regular files written
atomically with their mode kept, streams written once and whole, nothing but a regular file ever
replaced -- as root (these tests run as root) and as a user without write permission."""

from __future__ import annotations

import errno
import os
import socket
import stat
import subprocess
import sys

import pytest

import cli
from psa_io import outputs
from psa_io.outputs import Outputs
from psa_io.usage import UsageError

ROOT = os.getuid() == 0


def _refused(path, match, flag="--junit", stdout=None):
    with pytest.raises(UsageError, match=match) as exc:
        Outputs("psa-cert", stdout=stdout).add(flag, str(path))
    assert "\n" not in str(exc.value)
    return str(exc.value)


# --- what a path is ---------------------------------------------------------------------------------


def test_regular_and_new_files_are_files(tmp_path):
    outs = Outputs()
    (tmp_path / "old.xml").write_text("old")
    assert outs.add("--junit", str(tmp_path / "old.xml")).kind == "file"
    assert outs.add("--write-baseline", str(tmp_path / "new.json")).kind == "file"


@pytest.mark.parametrize("name", ["-", "/dev/stdout", "/dev/stderr", "/dev/fd/1", "/proc/self/fd/2", "/dev/null"])
def test_stream_names_are_streams(name):
    with Outputs() as outs:
        out = outs.add("--junit", name)
        assert out.kind == "stream"


def test_refused_before_any_work(tmp_path):
    _refused(tmp_path, "is a folder")
    _refused(tmp_path / "no" / "x.xml", "does not exist")
    _refused(" ", "needs a file name")
    (tmp_path / "target").write_text("keep")
    os.symlink(tmp_path / "target", tmp_path / "link")
    _refused(tmp_path / "link", "symbolic link .*not replacing it")
    os.symlink(tmp_path / "nowhere", tmp_path / "dangling")
    _refused(tmp_path / "dangling", "symbolic link to nothing")
    sock = socket.socket(socket.AF_UNIX)
    sock.bind(str(tmp_path / "sock"))
    try:
        _refused(tmp_path / "sock", "is a socket")
    finally:
        sock.close()
    os.mkfifo(tmp_path / "fifo")
    _refused(tmp_path / "fifo", "FIFO that no process reads")  # opened without blocking: no hang
    _refused(f"/dev/fd/{_closed_fd()}", "is not open")
    assert (tmp_path / "target").read_text() == "keep" and os.path.islink(tmp_path / "link")
    assert stat.S_ISFIFO(os.lstat(tmp_path / "fifo").st_mode)


def _closed_fd() -> int:
    r, w = os.pipe()
    os.close(r)
    os.close(w)
    return w


@pytest.mark.skipif(not ROOT, reason="making a block device needs root")
def test_a_block_device_is_refused(tmp_path):
    try:
        os.mknod(tmp_path / "blk", stat.S_IFBLK | 0o600, os.makedev(7, 0))
    except OSError as exc:  # a container without CAP_MKNOD
        pytest.skip(f"cannot make a block device here: {exc.strerror}")
    _refused(tmp_path / "blk", "block device")


def test_two_outputs_to_one_file_and_stdout_beside_the_table_are_refused(tmp_path):
    outs = Outputs("psa-cert", stdout="the table")
    outs.add("--junit", str(tmp_path / "a.xml"))
    with pytest.raises(UsageError, match=r"is the same file as .*a\.xml \(--junit\)"):
        outs.add("--write-baseline", str(tmp_path / "." / "a.xml"))
    for name in ("-", "/dev/stdout", "/dev/fd/1", "/proc/self/fd/1"):
        _refused(name, "standard output already carries the table", stdout="the table")
    with Outputs() as outs:  # /dev/null may be named any number of times
        outs.add("--junit", "/dev/null")
        outs.add("--write-baseline", "/dev/null")
    with Outputs("psa-cert") as outs:  # a command whose stdout holds a note only
        outs.add("--html", "-")
        assert outs.to_stdout() and outs.notes() is sys.stderr


def test_a_file_where_stdout_or_stderr_goes_is_refused(tmp_path):
    """``--junit out.txt > out.txt``: replacing out.txt would lose the table printed into it."""
    target = tmp_path / "out.txt"
    code = (
        "import sys; from psa_io.outputs import Outputs; from psa_io.usage import UsageError\n"
        "try:\n    Outputs('psa-cert', stdout='the table').add('--junit', sys.argv[1])\n"
        "except UsageError as e:\n    print(e, file=sys.stderr); sys.exit(2)\n"
    )
    for fd in (1, 2):
        with open(target, "w") as fh:
            r = subprocess.run(
                [sys.executable, "-c", code, str(target)],
                stdout=fh if fd == 1 else None,
                stderr=fh if fd == 2 else subprocess.PIPE,
                env=_env(),
            )
        assert r.returncode == 2
    assert "standard error goes" in target.read_text()


def _env() -> dict:
    return dict(os.environ, PYTHONPATH=os.path.dirname(os.path.dirname(os.path.dirname(__file__))))


# --- writing ----------------------------------------------------------------------------------------


def test_files_are_written_atomically_and_keep_their_mode(tmp_path):
    old = tmp_path / "r.xml"
    old.write_text("old")
    os.chmod(old, 0o640)
    outs = Outputs()
    a, b = outs.add("--junit", str(old)), outs.add("--write-baseline", str(tmp_path / "new.json"))
    assert outs.put(a, "<new/>") and outs.put(b, "{}")
    assert outs.finish() == []
    assert old.read_text() == "<new/>" and stat.S_IMODE(os.stat(old).st_mode) == 0o640
    mask = os.umask(0)
    os.umask(mask)
    assert stat.S_IMODE(os.stat(tmp_path / "new.json").st_mode) == 0o666 & ~mask
    assert sorted(os.listdir(tmp_path)) == ["new.json", "r.xml"]  # no temporary file left


def test_a_full_disk_is_one_line_and_leaves_the_old_file(tmp_path, monkeypatch):
    old = tmp_path / "r.xml"
    old.write_text("old")
    outs = Outputs()
    out = outs.add("--junit", str(old))

    def full(path, write, **kw):
        raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC), path)

    monkeypatch.setattr(outputs, "atomic_write", full)
    assert outs.put(out, "new") is False
    assert outs.finish() == [f"psa-cert: cannot write {old} (--junit): No space left on device"]
    assert old.read_text() == "old"


def test_a_path_that_became_a_fifo_is_not_replaced(tmp_path):
    outs = Outputs()
    out = outs.add("--junit", str(tmp_path / "x.xml"))
    os.mkfifo(tmp_path / "x.xml")  # between the check and the write
    assert outs.put(out, "text") is False and "not a regular file" in outs.finish()[0]
    assert stat.S_ISFIFO(os.lstat(tmp_path / "x.xml").st_mode)


def test_streams_are_written_once_whole_and_after_everything_else(tmp_path):
    os.mkfifo(tmp_path / "fifo")
    reader = os.open(tmp_path / "fifo", os.O_RDONLY | os.O_NONBLOCK)
    r, w = os.pipe()
    try:
        outs = Outputs()
        to_fifo = outs.add("--junit", str(tmp_path / "fifo"))
        to_pipe = outs.add("--write-baseline", f"/dev/fd/{w}")
        assert to_fifo.kind == to_pipe.kind == "stream"
        outs.put(to_fifo, "<xml>" + "x" * 1000 + "</xml>")
        outs.put(to_pipe, "{}\n")
        with pytest.raises(BlockingIOError):
            os.read(reader, 10)  # nothing before finish(): the command's own output goes first
        assert outs.finish() == []
        assert os.read(reader, 10_000) == b"<xml>" + b"x" * 1000 + b"</xml>"
        assert os.read(r, 100) == b"{}\n"
        assert os.read(reader, 10) == b""  # the FIFO was closed: the reader sees its end
    finally:
        os.close(reader)
        os.close(r)
        os.close(w)


def test_dev_null_as_write_baseline_is_written_as_a_stream_never_replaced(monkeypatch, capsys):
    """As root, ``os.replace`` over /dev/null would replace the system's /dev/null with a file:
    the write must go through the device.  (Any replace aimed at /dev/null is refused here, so that
    a regression fails this test without damaging the machine.)"""
    before = os.stat("/dev/null")
    aimed = []
    real_replace = os.replace

    def guarded(src, dst, *a, **k):
        if os.path.abspath(os.fspath(dst)) == "/dev/null":
            aimed.append(dst)
            raise PermissionError(errno.EPERM, "refused by the test", dst)
        return real_replace(src, dst, *a, **k)

    monkeypatch.setattr(os, "replace", guarded)
    assert cli.cert_main(["run", "--only", "C9", "--jobs", "1", "--write-baseline", "/dev/null"]) == 0
    after = os.stat("/dev/null")
    assert not aimed
    assert (after.st_ino, after.st_mode, after.st_rdev) == (before.st_ino, before.st_mode, before.st_rdev)
    assert stat.S_ISCHR(after.st_mode)
    assert "Summary: 1 passed" in capsys.readouterr().out


def test_junit_to_stdout_beside_the_table_exits_2_before_running(monkeypatch, capsys):
    from certificates import runner

    monkeypatch.setattr(runner, "run_all", lambda *a, **k: pytest.fail("ran before checking the outputs"))
    for target in ("/dev/stdout", "-"):
        assert cli.cert_main(["run", "--only", "C9", "--junit", target]) == 2
        err = capsys.readouterr().err
        assert len(err.strip().splitlines()) == 1 and "standard output already carries the table" in err


def test_junit_to_stderr_comes_after_the_progress_whole(capsys):
    assert cli.cert_main(["run", "--only", "C9", "--jobs", "1", "--json", "--junit", "/dev/stderr"]) == 0
    out, err = capsys.readouterr()
    import json
    import xml.etree.ElementTree as ET

    json.loads(out)
    xml_text = err[err.index("<?xml") :]
    ET.fromstring(xml_text.encode())  # whole, nothing interleaved


def test_report_to_stdout_moves_its_note_to_stderr(tmp_path, monkeypatch, capsys):
    monkeypatch.setenv("PSA_TOOLKIT_CACHE", str(tmp_path))
    assert cli.cert_main(["run", "--only", "C9", "--jobs", "1"]) == 0
    capsys.readouterr()
    assert cli.cert_main(["report", "--markdown", "-", "--last-run"]) == 0
    out, err = capsys.readouterr()
    assert out.startswith("# psa-toolkit report") and "wrote -" in err and "wrote" not in out


def test_graph_and_exact_map_check_their_outputs_before_any_work(tmp_path, monkeypatch, capsys):
    (tmp_path / "g.dot").mkdir()
    from certificates.commands import _common

    monkeypatch.setattr(_common, "run_all", lambda *a, **k: pytest.fail("ran before checking"))
    assert cli.cert_main(["graph", "--run", "--out", str(tmp_path / "g")]) == 2
    assert "is a folder" in capsys.readouterr().err
    os.symlink("/dev/null", tmp_path / "m.json")  # a link to a device: written through, not replaced
    os.symlink(tmp_path / "elsewhere", tmp_path / "m.npz")
    assert cli.mc_main(["exact-map", "--n-dk", "1", "--n-T", "1", "--out", str(tmp_path / "m")]) == 2
    assert "symbolic link" in capsys.readouterr().err


def test_plot_checks_its_folder_before_any_work(tmp_path, capsys):
    (tmp_path / "file").write_text("x")
    assert cli.mc_main(["plot", "fig7a", "--out", str(tmp_path / "file")]) == 2
    assert "not a folder" in capsys.readouterr().err
    (tmp_path / "figs").mkdir()
    os.mkfifo(tmp_path / "figs" / "fig7a.png")
    assert cli.mc_main(["plot", "fig7a", "--out", str(tmp_path / "figs")]) == 2
    assert "fig7a.png" in capsys.readouterr().err


# --- as a user without write permission ------------------------------------------------------------


def _as_nobody(paths: list[str]) -> dict:
    """``Outputs.add`` of each path in a child process that runs as ``nobody`` (uid 65534) when
    the tests run as root (a forked child: nothing to execute from root's folders), else as the
    user: path -> its kind, or the refusal."""
    import json

    r, w = os.pipe()
    pid = os.fork()
    if pid == 0:  # the child: drop to nobody, check, report, leave without pytest's teardown
        code = 0
        try:
            os.close(r)
            if ROOT:
                os.setgroups([])
                os.setgid(65534)
                os.setuid(65534)
            got = {}
            for path in paths:
                try:
                    with Outputs() as outs:
                        got[path] = outs.add("--junit", path).kind
                except UsageError as exc:
                    got[path] = str(exc)
            os.write(w, json.dumps(got).encode())
        except BaseException:
            code = 1
        finally:
            os._exit(code)
    os.close(w)
    data = b""
    while chunk := os.read(r, 65536):
        data += chunk
    os.close(r)
    _, status = os.waitpid(pid, 0)
    assert os.waitstatus_to_exitcode(status) == 0
    return json.loads(data)


def test_without_write_permission_outputs_are_refused_before_any_work():
    import shutil
    import tempfile

    top = tempfile.mkdtemp(prefix="psa-outputs-")
    try:
        os.chmod(top, 0o755)
        ro_dir = os.path.join(top, "ro")
        os.mkdir(ro_dir, 0o555)
        rw_dir = os.path.join(top, "rw")
        os.mkdir(rw_dir)
        os.chmod(rw_dir, 0o777)
        theirs = os.path.join(rw_dir, "theirs.xml")  # another user's file in a shared folder
        with open(theirs, "w") as fh:
            fh.write("keep")
        os.chmod(theirs, 0o644)
        if not ROOT:
            os.chmod(theirs, 0o444)
        got = _as_nobody([os.path.join(ro_dir, "new.xml"), theirs, os.path.join(rw_dir, "new.xml"), "/dev/null"])
        assert "is not writable" in got[os.path.join(ro_dir, "new.xml")]
        assert "not writable" in got[theirs]  # replacing it would be allowed by the folder: still refused
        assert got[os.path.join(rw_dir, "new.xml")] == "file" and got["/dev/null"] == "stream"
        with open(theirs) as fh:
            assert fh.read() == "keep"
    finally:
        shutil.rmtree(top, ignore_errors=True)
