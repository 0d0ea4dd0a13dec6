"""benchmarks/calibrate.py: the factor that scales this machine's CPU seconds to the reference machine's."""

import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "benchmarks"))
import calibrate  # noqa: E402


def test_factor_is_reference_over_the_fastest_run(monkeypatch, capsys):
    times = iter([3.0, 4.3, 5.0])
    monkeypatch.setattr(calibrate, "one_run", lambda: next(times))
    t, f = calibrate.calibrate(3)
    assert t == 3.0 and f == pytest.approx(2.15 / 3.0)
    times = iter([4.3])
    monkeypatch.setattr(calibrate, "ground_types", lambda: "flint")
    assert calibrate.main(["--runs", "1"]) == 0
    out = capsys.readouterr().out
    assert "calibration 4.30 s CPU; factor 0.50" in out and "SymPy ground types flint)" in out


@pytest.mark.slow
def test_workload_runs_in_a_fresh_process():
    t = calibrate.one_run()
    assert 0.1 < t < 120.0
    assert calibrate.ground_types() in {"flint", "gmpy", "python"}  # what SymPy picked in the same environment


def test_speed_scales_each_run_with_the_calibrations_beside_it():
    """benchmarks/speed.py: one calibration before the first run and one after every run; a run's factor
    comes from the faster of the two calibrations beside it (the larger factor: the scaled figure errs up)."""
    import speed

    times = iter([2.5, 2.0, 4.3, 3.0])
    cal = speed.Calibrations(None, 3, measure=lambda: next(times))
    assert cal.times == [2.5]
    assert cal.after_run() == pytest.approx(2.15 / 2.0)  # run 1: between 2.5 and 2.0
    assert cal.after_run() == pytest.approx(2.15 / 2.0)  # run 2: between 2.0 and 4.3
    assert cal.after_run() == pytest.approx(2.15 / 3.0)  # run 3: between 4.3 and 3.0
    assert cal.times == [2.5, 2.0, 4.3, 3.0]
    assert "4 calibrations" not in cal.summary() and "2.00-4.30 s CPU" in cal.summary()
    assert "factors 0.50-1.07" in cal.summary()

    given = speed.Calibrations(0.7, 3, measure=lambda: pytest.fail("a given factor measures nothing"))
    assert given.times == [] and given.after_run() == 0.7 and "given" in given.describe()


def test_speed_prints_every_run_within_80_columns():
    import speed

    lines = speed._per_run([185.7, 200.6, 1234.5, 9.9], [0.77, 0.58, 1.25, 0.6])
    assert lines[0].startswith("runs: 185.7 x 0.77 = 143.0")
    assert all(10 + len(line) <= 80 for line in lines)
    assert " ".join(lines).count(" x ") == 4 and "1234.5 x 1.25 = 1543.1" in " ".join(lines)


@pytest.mark.parametrize(
    "argv", [["--runs", "0"], ["--test-runs", "-1"], ["--cal-runs", "0"], ["--factor", "0"], ["--factor", "nan"]]
)
def test_speed_refuses_bad_counts_and_factors_before_any_work(argv, capsys, monkeypatch):
    import speed

    monkeypatch.setattr(speed, "_bytecode", lambda tree: pytest.fail("work started before the arguments were checked"))
    with pytest.raises(SystemExit) as exc:
        speed.main(argv)
    out, err = capsys.readouterr()
    assert exc.value.code == 2 and out == ""
    value = float(argv[1]) if argv[0] == "--factor" else int(argv[1])
    assert f"error: {argv[0]} {value}: must be" in err.strip().splitlines()[-1]
