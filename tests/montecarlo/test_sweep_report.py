"""psa-mc sweep and conventions tables: plain lines within 80 columns (issue 11)."""

import cli


def _check_80(out):
    lines = out.rstrip("\n").split("\n")
    assert all(len(ln) <= 80 for ln in lines), max(lines, key=len)
    assert not any(ch in out for ch in "─│┃━┏┓┗┛┡┩╇")
    assert all(ln == ln.rstrip() for ln in lines)
    return lines


def test_sweep_table_fits_80_columns(tmp_path, capsys, monkeypatch):
    monkeypatch.setenv("COLUMNS", "80")
    assert (
        cli.mc_main(
            [
                "sweep",
                "--dk",
                "4,16,64,128",
                "--T",
                "10,25",
                "--trials",
                "300",
                "--seeds",
                "2",
                "--store",
                str(tmp_path),
            ]
        )
        == 0
    )
    lines = _check_80(capsys.readouterr().out)
    head = next(ln for ln in lines if ln.split()[:2] == ["dk", "T"])
    assert head.split() == ["dk", "T", "8L/dk", "br", "gamma_c", "sd", "law", "err", "c", "A_max", "p_inf", "src"]
    rows = [ln for ln in lines if ln.split() and ln.split()[0] in ("4", "16", "64", "128")]
    assert len(rows) == 8


def test_conventions_table_fits_80_columns(capsys, monkeypatch):
    monkeypatch.setenv("COLUMNS", "80")
    assert cli.mc_main(["conventions", "--no-mc", "--only", "sec7.9.smoke,C8.a"]) == 0
    lines = _check_80(capsys.readouterr().out)
    smoke = next(ln for ln in lines if ln.startswith("sec7.9.smoke"))
    assert smoke.split()[1] == "0.7730"
