"""psa_io: strict JSON, the atomic write, output paths, argument types, terminal width and encoding."""

from __future__ import annotations

import argparse
import io
import json
import math
import os
import subprocess
import sys

import numpy as np
import pytest

from psa_io import entry, jsonout, outputs, terminal, usage


def test_plain_states_why_a_number_is_null_by_path():
    nulls: dict = {}
    doc = jsonout.plain(
        {"a": np.float64(1.5), "b": (np.int64(2), float("nan")), "c": np.arange(2), "d": {3, 1}, "e": -math.inf},
        nulls,
    )
    assert doc == {"a": 1.5, "b": [2, None], "c": [0, 1], "d": [1, 3], "e": None}
    assert type(doc["b"][0]) is int and type(doc["a"]) is float
    assert nulls == {"b[1]": "NaN (not a number)", "e": "-Infinity"}
    assert jsonout.plain(object, other=lambda v: "text") == "text"


def test_plain_puts_the_reason_beside_the_key():
    table = dict(jsonout.UNDEFINED, sd="needs two seeds")
    doc = jsonout.plain(
        {"sd": float("nan"), "per_seed": [1.0, math.inf], "x": {"y": math.nan}, "z": math.nan, "z_undefined": "own"},
        undefined=table,
    )
    assert doc == {
        "sd": None,
        "sd_undefined": "needs two seeds",
        "per_seed": [1.0, None],
        "per_seed_undefined": jsonout.UNDEFINED[None],
        "x": {"y": None, "y_undefined": jsonout.UNDEFINED[None]},
        "z": None,
        "z_undefined": "own",
    }
    text = jsonout.dumps({"v": np.array([np.nan, 2.0]), "b": np.bool_(True)})
    assert json.loads(text) == {"v": [None, 2.0], "v_undefined": jsonout.UNDEFINED[None], "b": True}
    assert "NaN" not in text and text.startswith('{\n  "v"')


def test_atomic_write_replaces_whole_or_not_at_all(tmp_path):
    path = tmp_path / "rec.json"
    outputs.write_text(path, "old")
    outputs.atomic_write(str(path), lambda fh: fh.write(b"\x00new"), binary=True)
    assert path.read_bytes() == b"\x00new"

    def broken(fh):
        fh.write("half")
        raise OSError("disk full")

    with pytest.raises(OSError):
        outputs.atomic_write(path, broken)
    assert path.read_bytes() == b"\x00new"
    assert sorted(os.listdir(tmp_path)) == ["rec.json"]  # no temporary file left behind


def test_output_paths_are_checked_before_any_work(tmp_path):
    assert outputs.writable_path(str(tmp_path / "x.xml"), "--junit") == str(tmp_path / "x.xml")
    for bad, says in ((" ", "needs a file name"), (str(tmp_path), "is a folder"), (str(tmp_path / "no/x"), "does not")):
        with pytest.raises(usage.UsageError, match=says):
            outputs.writable_path(bad, "--junit")
    outputs.writable(str(tmp_path / "r.html"))
    assert not (tmp_path / "r.html").exists()  # probed, not left behind
    with pytest.raises(usage.UsageError, match="psa-cert: cannot write .*: is a folder"):
        outputs.writable(str(tmp_path))


def test_argument_types():
    assert usage.int_at_least(3)("4") == 4 and usage.int_at_least(3).__name__ == "integer >= 3"
    assert usage.positive_float("0.5") == 0.5 and usage.nonnegative_float("0") == 0.0
    assert usage.csv_of(usage.positive_float)("4, 8,") == [4.0, 8.0]
    for parse, text in (
        (usage.int_at_least(3), "2"),
        (usage.int_at_least(3), "x"),
        (usage.positive_float, "0"),
        (usage.positive_float, "inf"),
        (usage.nonnegative_float, "-1"),
        (usage.nonempty_path, "  "),
        (usage.csv_of(usage.positive_float), ","),
    ):
        with pytest.raises(argparse.ArgumentTypeError):
            parse(text)


def test_parser_and_dispatch_give_one_line_and_exit_codes(capsys):
    p = usage.Parser(prog="prog")
    sub = p.add_subparsers(dest="command", parser_class=usage.Parser)
    sub.add_parser("ok")
    sub.add_parser("bad")
    sub.add_parser("stop")

    def bad(args):
        raise usage.UsageError("prog: wrong\nsecond line")

    def stop(args):
        raise KeyboardInterrupt

    handlers = {"ok": lambda a: 0, "bad": bad, "stop": stop}
    assert entry.dispatch(p, ["ok"], handlers) == usage.EXIT_OK
    assert entry.dispatch(p, ["bad"], handlers) == usage.EXIT_USAGE
    # one line still, and nothing lost: a newline in the message (a path) is shown as \n (issue 26)
    assert capsys.readouterr().err == "prog: wrong\\nsecond line\n"
    assert entry.dispatch(p, ["stop"], handlers) == usage.EXIT_INTERRUPT
    assert capsys.readouterr().err == "prog: interrupted\n"
    assert entry.dispatch(p, ["nope"], handlers) == usage.EXIT_USAGE
    assert capsys.readouterr().err.count("\n") == 1


def test_width_and_encoding(monkeypatch):
    monkeypatch.setenv("COLUMNS", "20")
    assert terminal.width() == 40
    monkeypatch.setenv("COLUMNS", "100")
    assert terminal.width() == 100
    assert terminal.encodable("γ ± 1 — ok", "ascii") == "gamma +/- 1 - ok"
    buf = io.TextIOWrapper(io.BytesIO(), encoding="ascii")
    terminal.emit(["§7.9 ≤ √2"], buf)
    buf.seek(0)
    assert buf.read() == "S7.9 <= sqrt2\n"


def test_importing_psa_io_is_cheap():
    """No NumPy, SymPy, Numba or rich when psa_io is imported (psa-cert's start-up)."""
    code = (
        "import sys, psa_io, psa_io.entry, psa_io.jsonout, psa_io.outputs, psa_io.terminal, psa_io.usage\n"
        "print(sorted(m for m in ('numpy', 'sympy', 'numba', 'rich', 'scipy') if m in sys.modules))"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "[]"
