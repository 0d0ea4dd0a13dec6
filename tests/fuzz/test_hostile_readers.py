"""Unbounded or unescaped reading and printing (issue 26, item 4): each case a test.

Readers: a baseline that never ends (``/dev/zero``), one larger than the bound, one nested without
end.  Printers: an output path after its folder was deleted, an output path with a newline, an
ESC in ``--store`` in the sweep summary, ``show`` of a claim that contains itself or whose repr
raises, ``NUMBA_NUM_THREADS=0``, a closed standard output.  Ids: a third-party id that differs
from a built-in one only in case.  Each is exit 2 with one line on stderr (or, for ``show``, the
claim shown), never a traceback.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

import cli
from tests import hostile_pack as H

ROOT = Path(__file__).resolve().parent.parent.parent


def _cert(argv, capsys):
    code = cli.cert_main(argv)
    out, err = capsys.readouterr()
    return code, out, err


def _one_line(code, err, *words):
    lines = err.strip().splitlines()
    assert code == 2 and len(lines) == 1 and "Traceback" not in err, (code, err)
    assert all(w in lines[0] for w in words), err
    return lines[0]


# --- readers ------------------------------------------------------------------------------------


@pytest.mark.skipif(not os.path.exists("/dev/zero"), reason="needs /dev/zero")
def test_a_baseline_that_never_ends_is_refused_after_a_bounded_read(capsys):
    from certificates import baseline

    code, out, err = _cert(["run", "--only", "C1", "--no-save", "--baseline", "/dev/zero"], capsys)
    _one_line(code, err, "/dev/zero", f"larger than {baseline.MAX_BYTES:,} bytes")
    assert out == ""


def test_a_baseline_larger_than_the_bound_is_refused(tmp_path, capsys):
    from certificates import baseline

    big = tmp_path / "big.json"
    with open(big, "wb") as fh:
        fh.truncate(baseline.MAX_BYTES + 10)  # sparse: no disk used
    code, out, err = _cert(
        ["report", "--last-run", "--markdown", str(tmp_path / "r.md"), "--baseline", str(big)], capsys
    )
    _one_line(code, err, "larger than")


@pytest.mark.parametrize("opener", ["[", '{"a":', '{"a":['])
def test_a_baseline_nested_without_end_is_one_line(tmp_path, capsys, opener):
    deep = tmp_path / "deep.json"
    deep.write_text(opener * 200_000)
    code, out, err = _cert(["run", "--only", "C1", "--no-save", "--baseline", str(deep)], capsys)
    _one_line(code, err, "nested too deeply")


def test_a_baseline_that_is_not_utf8_or_a_folder_is_one_line(tmp_path, capsys):
    bad = tmp_path / "bad.json"
    bad.write_bytes(b'{"format": "\xff\xfe"}')
    code, out, err = _cert(["run", "--only", "C1", "--no-save", "--baseline", str(bad)], capsys)
    _one_line(code, err, "not UTF-8")
    code, out, err = _cert(["run", "--only", "C1", "--no-save", "--baseline", str(tmp_path)], capsys)
    _one_line(code, err, "cannot read the baseline")


def test_a_baseline_fifo_that_no_process_writes_is_not_waited_on(tmp_path, capsys):
    fifo = tmp_path / "fifo"
    os.mkfifo(fifo)
    code, out, err = _cert(["run", "--only", "C1", "--no-save", "--baseline", str(fifo)], capsys)
    _one_line(code, err, "is empty")


# --- printers -----------------------------------------------------------------------------------


def test_a_relative_output_after_the_current_folder_was_deleted_is_one_line(tmp_path, monkeypatch, capsys):
    gone = tmp_path / "gone"
    gone.mkdir()
    monkeypatch.chdir(gone)
    gone.rmdir()
    for argv in (
        ["run", "--only", "C1", "--no-save", "--junit", "out.xml"],
        ["run", "--only", "C1", "--no-save", "--write-baseline", "sub/b.json"],
    ):
        code, out, err = _cert(argv, capsys)
        _one_line(code, err, "current folder no longer exists")


def test_an_output_path_with_a_newline_keeps_its_reason_on_the_one_line(tmp_path, capsys):
    path = f"{tmp_path}/no-such-folder/a\nb.xml"
    code, out, err = _cert(["run", "--only", "C1", "--no-save", "--junit", path], capsys)
    line = _one_line(code, err, "a\\nb.xml", "does not exist")
    assert "\x1b" not in line
    code, out, err = _cert(["run", "--only", "C1", "--no-save", "--junit", f"{tmp_path}/x\x1b[2J/\r.xml"], capsys)
    _one_line(code, err, "\\x1b[2J", "\\r.xml", "does not exist")


def test_the_sweep_printer_escapes_control_characters():
    from rich.console import Console

    from montecarlo.sweep_report import _emit

    console = Console(record=True, width=200, force_terminal=False)
    with console.capture() as cap:
        _emit(console, ["0 of 1 points from the store /tmp/st\x1b[31mre\x07; dask tcp://\r\n"])
    out = cap.get()
    assert "\x1b" not in out and "\x07" not in out and "\r" not in out
    assert "st\\x1b[31mre\\x07" in out and "tcp://\\r\\n" in out


@pytest.mark.slow  # a real (small) sweep
def test_an_escape_character_in_the_store_is_escaped_in_the_sweep_summary(tmp_path, capsys):
    store = tmp_path / "st\x1b[31mre\x07"
    argv = ["sweep", "--dk", "16", "--T", "10", "--trials", "200", "--seeds", "2", "--grid", "11"]
    assert cli.mc_main(argv + ["--store", str(store)]) == 0
    out = capsys.readouterr().out
    assert "\x1b" not in out and "\x07" not in out and "st\\x1b[31mre\\x07" in out.replace("\n  ", " ")


@pytest.fixture
def claims_pack(tmp_path, monkeypatch):
    """A pack whose claims contain themselves, raise in repr, or nest without end."""
    site = tmp_path / "site"
    site.mkdir()
    (site / "claims_pack_checks.py").write_text(
        """
from certificates import Certificate, Kind
from certificates.registry import verdict

SELF = []
SELF.append(SELF)
LOOP = {}
LOOP["me"] = LOOP
DEEP = []
for _ in range(5000):
    DEEP = [DEEP]


class BadRepr:
    def __repr__(self):
        raise RuntimeError("no repr for you")

    __str__ = __repr__


class BadDoc:
    __name__ = "bad"

    def __call__(self):
        return 1

    @property
    def __doc__(self):
        raise RuntimeError("no doc either")


def ok():
    return verdict(True, 1, 1, "ok", evidence_level="proved")


def cycle(claim=SELF, table=LOOP):
    return ok()


def badrepr(claim=BadRepr(), pair=(BadRepr(), 1)):
    return ok()


def deep(claim=DEEP, *, helper=BadDoc()):
    return ok()


def load():
    return [
        Certificate("cl." + f.__name__, f.__name__, "A hostile claim", "x", Kind.NUMERIC, f, pack="claims",
                    section="§1")
        for f in (cycle, badrepr, deep)
    ]
"""
    )
    H.register(site, "claims", "claims-pack", "claims_pack_checks:load")
    monkeypatch.syspath_prepend(str(site))
    monkeypatch.setenv("PYTHONPATH", os.pathsep.join([str(site), str(ROOT), os.environ.get("PYTHONPATH", "")]))
    return site


def test_show_of_a_claim_that_contains_itself_or_whose_repr_raises(claims_pack, capsys):
    code, out, err = _cert(["show", "cl.cycle", "--no-run", "--pack", "claims"], capsys)
    assert code == 0 and "Traceback" not in err, err
    assert "claim: [[...]]" in out and "table: {me: {...}}" in out
    code, out, err = _cert(["show", "cl.badrepr", "--no-run", "--pack", "claims"], capsys)
    assert code == 0 and "Traceback" not in err, err
    assert "<a BadRepr whose text cannot be shown: RuntimeError: no repr for you>" in out
    assert "pair: (<a BadRepr whose text cannot be shown" in out
    code, out, err = _cert(["show", "cl.deep", "--no-run", "--pack", "claims"], capsys)
    assert code == 0 and "Traceback" not in err and "..." in out and "helper: <a BadDoc" in out, (out, err)


def test_numba_threads_zero_in_the_environment_is_one_line(monkeypatch, capsys):
    for value in ("0", "-2", "many", "1.5"):
        monkeypatch.setenv("NUMBA_NUM_THREADS", value)
        code, out, err = _cert(["list"], capsys)
        _one_line(code, err, f"NUMBA_NUM_THREADS={value}", "psa-cert")
        code = cli.mc_main(["conventions"])
        out, err = capsys.readouterr()
        _one_line(code, err, f"NUMBA_NUM_THREADS={value}", "psa-mc")
    from montecarlo._jit import environment_problem

    for value in ("1", "2", " 3 ", ""):
        monkeypatch.setenv("NUMBA_NUM_THREADS", value)
        assert environment_problem() is None


@pytest.mark.parametrize("prog", ["cert", "mc"])
def test_a_closed_standard_output_is_one_line_and_exit_2(prog):
    argv = [sys.executable, "-m", "cli", prog, "list" if prog == "cert" else "conventions"]
    proc = subprocess.run(
        argv, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True, cwd=ROOT, preexec_fn=lambda: os.close(1)
    )
    lines = proc.stderr.strip().splitlines()
    assert proc.returncode == 2 and len(lines) == 1 and "standard output is closed" in lines[0], proc.stderr


# --- ids: case-insensitive everywhere --------------------------------------------------------------


@pytest.fixture
def case_pack(tmp_path, monkeypatch):
    """A third-party pack whose id differs from the built-in eq3.swap only in case (its check a fake PASS)."""
    site = tmp_path / "site"
    site.mkdir()
    (site / "case_pack_checks.py").write_text(
        """
from certificates import Certificate, Kind
from certificates.registry import verdict


def fake():
    return verdict(True, 1, 1, "a fake pass", evidence_level="proved")


def load():
    return [Certificate("EQ3.SWAP", "swap", "Not the built-in", "x", Kind.NUMERIC, fake, pack="casey", section="§1")]
"""
    )
    (site / "twice_pack_checks.py").write_text(
        """
from certificates import Certificate, Kind
from certificates.registry import verdict


def fake():
    return verdict(True, 1, 1, "a fake pass", evidence_level="proved")


def load():
    return [Certificate(i, "t", "Twice", "x", Kind.NUMERIC, fake, pack="twice", section="§1") for i in ("t.A", "T.a")]
"""
    )
    H.register(site, "casey", "case-pack", "case_pack_checks:load")
    H.register(site, "twice", "twice-pack", "twice_pack_checks:load")
    monkeypatch.syspath_prepend(str(site))
    monkeypatch.delenv("PSA_TOOLKIT_PACK_SOURCE", raising=False)
    return site


def test_an_id_that_differs_only_in_case_is_a_clash_of_the_pack_that_brings_it(case_pack, capsys):
    code, out, err = _cert(["show", "eq1", "--no-run"], capsys)  # --pack all: the built-in still shows
    assert code == 0 and out.startswith("eq1:") and err == "", err
    code, out, err = _cert(["show", "EQ3.swap", "--no-run"], capsys)  # any case, the built-in one
    assert code == 0 and "pack: psa" in out and "Not the built-in" not in out
    for argv in (["run", "--pack", "all", "--no-save"], ["list", "--pack", "all"]):
        code, out, err = _cert(argv, capsys)
        _one_line(code, err, "'casey'", "'EQ3.SWAP'", "'eq3.swap'", "without case")
        assert out == ""
    code, out, err = _cert(["list", "--pack", "twice"], capsys)  # two ids of one pack, one case apart
    _one_line(code, err, "'twice'", "the same pack")
    code, out, err = _cert(["show", "T.A", "--no-run", "--pack", "all"], capsys)  # not found: names why
    _one_line(code, err, "pack")
    code, out, err = _cert(["list", "--pack", "casey"], capsys)  # alone, nothing to clash with
    assert code == 0 and "EQ3.SWAP" in out


def test_ids_are_case_insensitive_in_only_and_show(capsys):
    code, out, err = _cert(["show", "EQ1", "--no-run"], capsys)
    assert code == 0 and out.startswith("eq1:")
    code, out, err = _cert(["list", "--json"], capsys)
    assert code == 0
    from certificates.registry import load_registry

    reg = load_registry("psa")
    assert reg.get("C1") is reg.get("c1") and reg.select(["Eq1", "EQ1"]) == [reg.get("eq1")] * 2


@pytest.mark.slow  # two fresh processes
@pytest.mark.skipif(not os.path.exists("/dev/full"), reason="needs /dev/full")
@pytest.mark.parametrize("prog", ["cert", "mc"])
def test_standard_output_on_a_full_disk_is_one_line_and_exit_2(prog):
    argv = [sys.executable, "-m", "cli", prog] + (["list"] if prog == "cert" else ["pinf", "--dk", "16", "--T", "8"])
    with open("/dev/full", "w") as full:
        proc = subprocess.run(argv, stdout=full, stderr=subprocess.PIPE, text=True, cwd=ROOT)
    lines = proc.stderr.strip().splitlines()
    assert proc.returncode == 2 and len(lines) == 1 and "No space left on device" in lines[0], proc.stderr


def test_buffered_output_that_a_full_disk_refuses_is_not_a_success(monkeypatch, capsys):
    import errno

    from psa_io import entry

    class Full:
        def flush(self):
            raise OSError(errno.ENOSPC, "No space left on device")

        def fileno(self):
            raise ValueError("no descriptor")

    monkeypatch.setattr(sys, "stdout", Full())
    assert entry.flush_stdout(0) == 2
    monkeypatch.undo()
    assert capsys.readouterr().err == "psa-mc: cannot write the output: No space left on device\n"
    # a write that fails while the command prints (rich, emit): the same line, exit 2
    from psa_io import usage

    parser = usage.Parser(prog="prog")
    parser.add_subparsers(dest="command", parser_class=usage.Parser).add_parser("go")

    def go(args):
        raise OSError(errno.ENOSPC, "No space left on device")

    def other(args):
        raise OSError(errno.ENOENT, "No such file or directory")

    monkeypatch.setattr(sys, "stdout", Full())  # its fileno raises: nothing is redirected here
    assert entry.dispatch(parser, ["go"], {"go": go}) == 2
    with pytest.raises(OSError):  # any other error is not a write of the output: not hidden
        entry.dispatch(parser, ["go"], {"go": other})
    monkeypatch.undo()
    assert capsys.readouterr().err == "prog: cannot write the output: No space left on device\n"


def test_notebook_displays_of_a_value_that_contains_itself_or_whose_repr_raises():
    from certificates.registry import Outcome, Status, verdict
    from certificates.results import Result

    loop: list = []
    loop.append(loop)

    class BadRepr:
        def __repr__(self):
            raise RuntimeError("no repr for you")

        __str__ = __repr__

    from certificates.registry import load_registry

    cert = load_registry("psa").get("C1")
    for value in (loop, BadRepr(), {"k": loop}):
        o = verdict(True, value, 1, "ok")
        r = Result(cert, Status.PASS, value, 1, "ok", 0.1, evidence={"rows": value})
        for text in (repr(o), o._repr_html_(), o._repr_markdown_(), repr(r), r._repr_html_(), r._repr_markdown_()):
            assert isinstance(text, str) and "cannot be shown" in text
    o = Outcome(Status.PASS, 1, 1, BadRepr())  # a detail whose text raises
    assert "whose text cannot be shown" in repr(o)
    assert repr(verdict(True, 1.5, 1, "fine")) == "Outcome(PASS: measured 1.5, expected 1; 'fine')"  # unchanged
