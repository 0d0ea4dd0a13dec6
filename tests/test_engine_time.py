"""benchmarks/engine_time.py: the count of computed and live T4 recurrence terms (issue 29, item 3)."""

import sys
from pathlib import Path

import numpy as np
import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "benchmarks"))
import engine_time  # noqa: E402

from montecarlo.conventions import LANES, LOGCUT  # noqa: E402
from montecarlo.kernels import SORT_MIN_M, U, V  # noqa: E402


def _brute(dk, T, groups, seed, G=61, gmax=8.0):
    """The kernel's rule written out term by term: the same draws as live_fraction."""
    m = T - 2
    h2 = (gmax / (G - 1)) ** 2
    thr = [-np.inf] + [-LOGCUT / float(g * g) for g in range(1, G)] + [np.inf] * (U + 1)
    rng = np.random.default_rng(seed)
    z0 = rng.standard_normal((groups, LANES))
    zj = rng.standard_normal((groups, LANES, m + (m % 2)))
    computed = live = 0
    for k in range(groups):
        order = np.argsort(z0[k], kind="stable") if m >= SORT_MIN_M else np.arange(LANES)
        for j in range(0, m, 2):
            for v in range(LANES // V):
                lanes = order[v * V : (v + 1) * V]
                xs = [h2 * (2.0 * (zj[k, lane, j + c] - z0[k, lane]) - np.sqrt(dk)) for lane in lanes for c in (0, 1)]
                if j + 1 == m:  # the absent candidate of an odd m
                    xs = xs[0::2]
                live += sum(1 for x in xs for g in range(1, G) if x >= thr[g])
                g = 1
                while max(xs) >= thr[g]:
                    computed += V * 2 * U
                    g += U
    n = groups * LANES * m
    return computed / n, live / n


@pytest.mark.parametrize(("dk", "T"), [(16.0, 15), (64.0, 70)])
def test_live_fraction_follows_the_kernel_rule(dk, T):
    c, lv = engine_time.live_fraction(dk, T, groups=2, seed=3)
    assert (c, lv) == pytest.approx(_brute(dk, T, groups=2, seed=3), rel=1e-12)
    assert 0 < lv < c
