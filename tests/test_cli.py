"""Exit codes and output contracts of psa-cert and psa-mc."""

import json
import os
import subprocess

import pytest

import cli
from certificates import Certificate, Kind
from certificates import registry as reg_mod
from certificates.registry import verdict


def one_line_error(capsys, code, expected_code=2):
    err = capsys.readouterr().err
    assert code == expected_code
    assert len(err.strip().splitlines()) == 1 and "Traceback" not in err
    return err


@pytest.mark.parametrize(
    "argv",
    [
        ["gamma-c", "--dk", "0", "--T", "15"],
        ["gamma-c", "--dk", "-4", "--T", "15"],
        ["gamma-c", "--dk", "64", "--T", "2"],
        ["gamma-c", "--dk", "64", "--T", "15", "--gamma-max", "0"],
        ["gamma-c", "--dk", "64", "--T", "15", "--gamma-max", "-1"],
        ["gamma-c", "--dk", "64", "--T", "15", "--trials", "0"],
        ["gamma-c", "--dk", "sixty-four", "--T", "15"],
        ["gamma-c", "--dk", "64", "--T", "15.5"],
        ["gamma-c", "--dk", "nan", "--T", "15"],
        ["gamma-c", "--dk", "64"],
        ["gamma-c", "--dk", "64", "--T", "15", "--model", "t5"],
        ["gamma-c", "--dk", "64", "--T", "15", "--distractors", "T-3"],
        ["gamma-c", "--dk", "64", "--T", "15", "--backend", "gpu"],
        ["frobnicate"],
        ["pinf", "--dk", "4", "--T", "15", "--m", "0"],
    ],
)
def test_psa_mc_bad_input_exits_2_with_one_line(argv, capsys):
    one_line_error(capsys, cli.mc_main(argv))


@pytest.mark.parametrize(
    "argv",
    [
        ["run"],
        ["run", "--only", "C99"],
        ["show", "nope"],
        ["frobnicate"],
        ["run", "--all", "--pack", "nope"],
        ["run", "--all", "--kind", "x"],
    ],
)
def test_psa_cert_bad_input_exits_2_with_one_line(argv, capsys):
    one_line_error(capsys, cli.cert_main(argv))


def test_gamma_c_json_contract(capsys):
    code = cli.mc_main(["gamma-c", "--dk", "64", "--T", "15", "--trials", "3000", "--seeds", "2", "--json"])
    assert code == 0
    doc = json.loads(capsys.readouterr().out)
    for key in (
        "dk",
        "T",
        "model",
        "distractors",
        "m",
        "trials",
        "seeds",
        "grid",
        "gamma_c",
        "plateau",
        "chance",
        "law",
        "elapsed_s",
    ):
        assert key in doc
    assert set(doc["gamma_c"]) >= {"mean", "sd", "per_seed"} and len(doc["gamma_c"]["per_seed"]) == 2
    assert doc["m"] == 13 and doc["distractors"] == "T-2" and doc["law"] == pytest.approx(0.6023, abs=1e-4)
    assert doc["seed_list"] == [0, 1]


def test_gamma_c_law_is_null_without_a_closed_form(capsys):
    # the key-only law (55) has no real root below its crossover 4L + 2
    assert (
        cli.mc_main(
            ["gamma-c", "--dk", "8", "--T", "15", "--model", "key", "--trials", "600", "--seeds", "1", "--json"]
        )
        == 0
    )
    assert json.loads(capsys.readouterr().out)["law"] is None


def test_curve_and_pinf(capsys):
    assert (
        cli.mc_main(["curve", "--dk", "16", "--T", "10", "--trials", "1000", "--seeds", "2", "--grid", "5", "--json"])
        == 0
    )
    doc = json.loads(capsys.readouterr().out)
    assert len(doc["A"]) == 5 and doc["A"][0] == pytest.approx(1 / 9, rel=1e-12)
    assert cli.mc_main(["pinf", "--dk", "4", "--T", "15", "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["p_inf"] == pytest.approx(0.2816, abs=1e-4)
    assert cli.mc_main(["pinf", "--dk", "4", "--T", "10", "--m", "9", "--mc-trials", "20000"]) == 0
    assert "0.3409" in capsys.readouterr().out


def test_table_output(capsys):
    assert cli.mc_main(["gamma-c", "--dk", "64", "--T", "15", "--trials", "1000", "--seeds", "2"]) == 0
    out = capsys.readouterr().out
    assert "Monte-Carlo gamma_c" in out and "T-2" in out


def test_cert_run_only_json_and_junit(tmp_path, capsys):
    junit = tmp_path / "r.xml"
    assert cli.cert_main(["run", "--only", "C2,c5", "--json", "--junit", str(junit)]) == 0
    doc = json.loads(capsys.readouterr().out)
    assert [c["id"] for c in doc["certificates"]] == ["C2", "C5"] and doc["passed"] == 2
    assert junit.read_text().startswith("<?xml")


def test_cert_list_and_show(capsys):
    assert cli.cert_main(["list"]) == 0
    assert "C10" in capsys.readouterr().out
    assert cli.cert_main(["show", "C3"]) == 0
    out = capsys.readouterr().out
    assert "Thm 64(3)" in out and "PASS" in out


def test_failing_certificate_exits_1(monkeypatch, capsys):
    bad = Certificate(
        "F1", "always fails", "Test", "nothing", Kind.NUMERIC, lambda: verdict(False, 1, 2, "1 != 2"), pack="failing"
    )
    packs = reg_mod.available_packs()
    monkeypatch.setattr(reg_mod, "available_packs", lambda: {**packs, "failing": lambda: lambda: [bad]})
    assert cli.cert_main(["run", "--all", "--pack", "failing"]) == 1
    assert "Errata" in capsys.readouterr().out


@pytest.mark.parametrize("main", [cli.cert_main, cli.mc_main], ids=["psa-cert", "psa-mc"])
def test_version_is_read_only_when_asked(main, capsys, monkeypatch):
    """--version prints the installed version and exits 0; the parser is built, and --help and a
    command's bad usage answer, without reading it (psa_io.entry.VersionAction)."""
    from psa_io import entry

    real = entry.toolkit_version()
    asked: list = []
    monkeypatch.setattr(entry, "toolkit_version", lambda: asked.append(1) or real)
    with pytest.raises(SystemExit) as ei:
        main(["--help"])
    assert ei.value.code == 0 and "--version" in capsys.readouterr().out
    assert main(["frobnicate"]) == 2 and asked == []
    capsys.readouterr()
    with pytest.raises(SystemExit) as ei:
        main(["--version"])
    assert ei.value.code == 0 and capsys.readouterr().out == f"psa-toolkit {real}\n" and asked == [1]


def test_psa_mc_exact_imports_scipy_optimize_only_where_it_solves():
    """montecarlo.exact (psa-mc exact) imports scipy.optimize inside continuous_crossing, its only
    user, not at its top: about 0.3 s of CPU less for a command that finds no crossing."""
    import ast
    import inspect

    import montecarlo.exact as ex

    top = ast.parse(inspect.getsource(ex)).body
    names = {a.name for n in top if isinstance(n, ast.ImportFrom) and n.module == "scipy" for a in n.names}
    assert "special" in names and "optimize" not in names
    assert "from scipy import optimize" in inspect.getsource(ex.continuous_crossing)


def test_console_scripts_installed():
    # PYTHONPROFILEIMPORTTIME: the installed script lists on stderr every module it imports
    env = dict(os.environ, PYTHONPROFILEIMPORTTIME="1")
    out = subprocess.run(["psa-mc", "--help"], capture_output=True, text=True, env=env)
    assert out.returncode == 0 and "gamma-c" in out.stdout
    imported = {ln.rsplit("|", 1)[-1].strip() for ln in out.stderr.splitlines() if ln.startswith("import time:")}
    assert {"cli", "montecarlo.commands", "numpy"} <= imported  # the listing is there
    # the parser is built without the engine: --help and bad usage answer without Numba or SciPy
    heavy = {"numba", "scipy", "sympy", "theory", "montecarlo.engine", "montecarlo.sweep", "montecarlo.kernels"}
    assert not imported & heavy, sorted(imported & heavy)
    out = subprocess.run(["psa-cert", "run", "--only", "C4"], capture_output=True, text=True)
    assert out.returncode == 0 and "PASS" in out.stdout
    out = subprocess.run(["psa-mc", "gamma-c", "--dk", "x", "--T", "15"], capture_output=True, text=True)
    assert out.returncode == 2 and len(out.stderr.strip().splitlines()) == 1


@pytest.mark.slow  # four console-script runs (one and two workers): about 8 s
def test_console_script_fast_exit_keeps_output_files_and_codes(tmp_path):
    """psa-cert leaves through os._exit (psa_io.entry.fast_exit): the exit code, everything printed (through
    a pipe) and every file written must survive it, with one worker or two (the workers are ended,
    so the pipe closes when the process does)."""
    junit, base = tmp_path / "r.xml", tmp_path / "b.json"
    for jobs in ("1", "2"):
        out = subprocess.run(
            [
                "psa-cert",
                "run",
                "--only",
                "eq11,C4,eq12,rem25",
                "--no-save",
                "--jobs",
                jobs,
                "--junit",
                str(junit),
                "--write-baseline",
                str(base),
            ],
            capture_output=True,
            text=True,
            timeout=300,
        )
        assert out.returncode == 1, out.stderr  # eq11 and rem25 fail as printed
        lines = out.stdout.rstrip("\n").splitlines()
        summary = next(i for i, ln in enumerate(lines) if ln.startswith("Summary: "))
        assert lines[summary].startswith("Summary: 2 passed, 2 failed")
        closing = " ".join(lines[summary + 1 :])  # the exit code explained, last
        assert closing.startswith("exit 1: 2 findings in the paper")
        assert closing.endswith("`psa-cert show ID` for each")  # --no-save: no record for 'report --last-run
        assert junit.read_text().rstrip().endswith("</testsuite>")
        assert sorted(json.loads(base.read_text())["certificates"]) == ["C4", "eq11", "eq12", "rem25"]
        junit.unlink()
        base.unlink()
    out = subprocess.run(
        ["psa-cert", "run", "--only", "C4", "--json", "--no-save"], capture_output=True, text=True, timeout=300
    )
    assert out.returncode == 0 and json.loads(out.stdout)["passed"] == 1


def test_cert_graph_and_list_show_verdicts(tmp_path, capsys):
    prefix = tmp_path / "g"
    assert cli.cert_main(["run", "--only", "C2"]) == 0
    capsys.readouterr()
    assert cli.cert_main(["graph", "--last-run", "--out", str(prefix)]) == 0
    dot = (tmp_path / "g.dot").read_text()
    mmd = (tmp_path / "g.mmd").read_text()
    assert dot.startswith("digraph") and '"c2" -> "thm64.step4"' in dot and mmd.startswith("flowchart")
    assert "nodes" in capsys.readouterr().out
    assert cli.cert_main(["list", "--json"]) == 0
    rows = {r["id"]: r for r in json.loads(capsys.readouterr().out)}
    assert rows["C2"]["status"] == "PASS" and rows["C2"]["level"] == "transition"
    assert cli.cert_main(["graph", "--last-run", "--out", "-", "--format", "mermaid"]) == 0
    assert capsys.readouterr().out.startswith("flowchart")
    one_line_error(capsys, cli.cert_main(["graph", "--last-run", "--out", "-"]))


def test_interrupt_reports_completed_seeds(capsys):
    calls = {"n": 0}
    from montecarlo import engine

    real = engine.get_backend

    class Flaky:
        def __init__(self):
            self.inner = real("cpu")
            self.name = "cpu"

        def curve_chunks(self, *a):
            calls["n"] += 1
            if calls["n"] > 1:  # the first seed (one block) completes, then Ctrl-C
                raise KeyboardInterrupt
            return self.inner.curve_chunks(*a)

    import pytest as _pytest

    mp = _pytest.MonkeyPatch()
    mp.setattr(engine, "get_backend", lambda name: Flaky())
    try:
        code = cli.mc_main(["gamma-c", "--dk", "64", "--T", "15", "--trials", "500", "--seeds", "3", "--json"])
    finally:
        mp.undo()
    out = capsys.readouterr()
    assert code == 130
    doc = json.loads(out.out)
    assert doc["interrupted"] is True and len(doc["gamma_c"]["per_seed"]) == 1
    assert "1 of 3 seeds" in out.err
