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
    assert calibrate.main(["--runs", "1"]) == 0
    assert "calibration 4.30 s CPU; factor 0.50" in capsys.readouterr().out


@pytest.mark.slow
def test_workload_runs_in_a_fresh_process():
    t = calibrate.one_run()
    assert 0.1 < t < 120.0
