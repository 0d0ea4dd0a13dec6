"""Malformed ``$PSA_TOOLKIT_MAX_MEMORY`` / ``$PSA_TOOLKIT_MAX_WORK`` (issue 18, "Others"): with the
flag on the command line the flag wins and nothing else is said; without it, one line and exit 2
before any work -- for every psa-mc command that has the limits and every psa-cert command that
runs Monte-Carlo certificates."""

from __future__ import annotations

import pytest

import cli
from certificates import Certificate, Kind
from certificates import registry as reg_mod
from certificates.registry import verdict
from montecarlo import limits

BAD = {limits.ENV_MEMORY: "lots", limits.ENV_WORK: "1e999"}

#: Every psa-mc command with --max-memory/--max-work, with arguments that would run it.
MC_COMMANDS = {
    "gamma-c": ["gamma-c", "--dk", "16", "--T", "10", "--trials", "100", "--seeds", "2"],
    "curve": ["curve", "--dk", "16", "--T", "10", "--trials", "100", "--seeds", "2"],
    "pinf": ["pinf", "--dk", "16", "--T", "10"],
    "induction": ["induction", "--dk", "8", "--T", "10"],
    "sweep": ["sweep", "--dk", "16", "--T", "10", "--trials", "100", "--seeds", "2"],
    "exact": ["exact", "--dk", "16", "--T", "10"],
    "exact-map": ["exact-map", "--n-dk", "1", "--n-T", "1"],
    "plot": ["plot", "fig7a"],
    "conventions": ["conventions"],
}


def _one_line(err: str, var: str) -> None:
    lines = err.strip().splitlines()
    assert len(lines) == 1 and f"${var}" in lines[0] and "Traceback" not in err, err


@pytest.mark.parametrize("var", sorted(BAD))
@pytest.mark.parametrize("command", sorted(MC_COMMANDS))
def test_psa_mc_without_the_flag_is_one_line_exit_2_before_any_work(monkeypatch, capsys, tmp_path, command, var):
    monkeypatch.setenv(var, BAD[var])
    monkeypatch.chdir(tmp_path)
    argv = MC_COMMANDS[command] + (["--store", str(tmp_path / "s")] if command == "sweep" else [])
    assert cli.mc_main(argv) == 2
    _one_line(capsys.readouterr().err, var)
    assert not any(tmp_path.iterdir())  # nothing computed, nothing written


@pytest.mark.parametrize("command", ["pinf", "exact", "exact-map"])
def test_psa_mc_flags_win_over_malformed_variables(monkeypatch, capsys, tmp_path, command):
    for var, value in BAD.items():
        monkeypatch.setenv(var, value)
    monkeypatch.chdir(tmp_path)
    argv = MC_COMMANDS[command] + ["--max-memory", "4GiB", "--max-work", "1e13"]
    assert cli.mc_main(argv) == 0
    assert capsys.readouterr().err.strip() == ""


def _mc_check():
    return verdict(True, 1, 1, "fine")


CERTS = [
    Certificate("M1", "monte carlo", "Eq (1)", "mc", Kind.MONTE_CARLO, _mc_check, pack="limtest"),
    Certificate("S1", "symbolic", "Eq (2)", "sym", Kind.SYMBOLIC, lambda: verdict(True, 1, 1, "ok"), pack="limtest"),
]


@pytest.fixture
def pack(monkeypatch):
    packs = reg_mod.available_packs()
    monkeypatch.setattr(reg_mod, "available_packs", lambda: {**packs, "limtest": lambda: lambda: list(CERTS)})


@pytest.mark.parametrize("var", sorted(BAD))
@pytest.mark.parametrize(
    "argv",
    [
        ["run", "--pack", "limtest", "--jobs", "1"],
        ["run", "--only", "M1", "--pack", "limtest", "--jobs", "1"],
        ["show", "M1", "--pack", "limtest"],
        ["list", "--run", "--pack", "limtest"],
        ["graph", "--run", "--pack", "limtest", "--jobs", "1", "--out", "g"],
        ["report", "--pack", "limtest", "--markdown", "r.md"],
    ],
    ids=lambda a: " ".join(a[:2]) if isinstance(a, list) else a,
)
def test_psa_cert_is_one_line_exit_2_before_running_monte_carlo(pack, monkeypatch, capsys, tmp_path, argv, var):
    from certificates import runner
    from certificates.commands import _common, listing, report  # imported before anything is patched

    def ran(*a, **k):
        pytest.fail("ran a certificate with a malformed limit in the environment")

    for mod in (runner, _common, report, listing):
        for name in ("run_all", "run_one"):
            if hasattr(mod, name):
                monkeypatch.setattr(mod, name, ran)
    monkeypatch.setenv(var, BAD[var])
    monkeypatch.chdir(tmp_path)
    assert cli.cert_main(argv) == 2
    out, err = capsys.readouterr()
    _one_line(err, var)
    assert out == "" and "--max-memory" not in err  # psa-cert has no such flag to suggest
    assert not (tmp_path / "g.dot").exists() and not (tmp_path / "r.md").exists()


def test_psa_cert_without_monte_carlo_is_not_stopped_by_the_variables(pack, monkeypatch, capsys):
    for var, value in BAD.items():
        monkeypatch.setenv(var, value)
    assert cli.cert_main(["run", "--only", "S1", "--pack", "limtest", "--jobs", "1"]) == 0
    assert cli.cert_main(["show", "M1", "--pack", "limtest", "--no-run"]) == 0
    capsys.readouterr()
