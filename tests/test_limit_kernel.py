"""benchmarks/limit_kernel.py: the limit kernels of issue 29, item 3 give the engine's bits.

Slow tier: the benchmark's kernels (the oracle kernel compiles the engine's blocks into itself,
kernels._t4_pair_block) take about 18 s to compile on a first run (2-core AVX2 machine).
"""

import sys
from pathlib import Path

import numpy as np
import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "benchmarks"))
import limit_kernel  # noqa: E402

pytestmark = pytest.mark.slow


@pytest.mark.parametrize(("dk", "T", "trials"), [(64, 130, 700), (4, 25, 600), (128, 11, 513)])
def test_oracle_and_live_only_kernels_give_the_engines_bits(dk, T, trials):
    pt = limit_kernel.Point(dk, T, trials, seeds=2)
    eng = pt.engine()
    tabs, comp, live, ecomp = limit_kernel.oracle_tables(pt)
    assert 0 < live <= ecomp < comp  # some terms are dead, some live: the check is not vacuous
    for got in (limit_kernel.limit_kernel(pt, tabs), limit_kernel.live_only_chunks(pt)):
        for (a, b), (c, d) in zip(eng, got, strict=True):
            assert a.tobytes() == c.tobytes() and b.tobytes() == d.tobytes()
    assert limit_kernel.digest(eng) == limit_kernel.digest(limit_kernel.limit_kernel(pt, tabs))
    # the fixed part computes no recurrence: its sums differ wherever a term is live
    fixed = limit_kernel.limit_kernel(pt, tabs, blocks=False)
    assert not np.array_equal(fixed[0][0], eng[0][0])


def test_oracle_counts_match_a_term_by_term_count():
    """computed by the oracle = V x 2 x U per run block, by the engine = V x U per run block of each
    candidate, live = couplings g >= 1 with x >= -LOGCUT/g^2: counted
    again from the engine's draws at a point with an odd m (an absent last partner) and fewer than
    SORT_MIN_M candidates (lanes in trial order), 2 chunks with a partial group."""
    from montecarlo.conventions import CHUNK, LANES, LOGCUT
    from montecarlo.rng import fill_normals, trial_key

    pt = limit_kernel.Point(16, 17, CHUNK + 40, seeds=1)
    assert pt.m == 15 and pt.m < limit_kernel.SORT_MIN_M
    tabs, comp, live, ecomp = limit_kernel.oracle_tables(pt)
    thr = -LOGCUT / np.arange(1, pt.G, dtype=np.float64) ** 2
    npair = (pt.m + 2) // 2
    c = lv = ec = 0
    for ch in range(pt.nch):
        for gi in range(CHUNK // LANES):
            base = ch * CHUNK + gi * LANES
            if base >= ch * CHUNK + min(CHUNK, pt.trials - ch * CHUNK):
                break
            keys = np.array([trial_key(0, base + l) for l in range(LANES)], dtype=np.uint64)
            Z = np.empty((2 * npair, LANES))
            fill_normals(keys, Z, npair)
            x = pt.h2 * (2.0 * (Z[1 : pt.m + 1] - Z[0]) - pt.sqrt_dk)  # (m, lanes)
            n = (x[:, :, None] >= thr).sum(axis=2)  # live couplings of each term (a prefix)
            lv += int(n.sum())
            n = np.vstack([n, np.zeros((1, LANES), dtype=n.dtype)])  # the absent partner
            per = n.reshape(npair, 2, LANES // limit_kernel.V, limit_kernel.V).max(axis=(1, 3))
            blocks = -(-per // limit_kernel.U)
            assert np.array_equal(blocks, tabs[0][ch, gi])
            c += int(blocks.sum()) * limit_kernel.V * 2 * limit_kernel.U
            # the engine: each candidate's blocks of a vector while one of its lanes is alive
            own = n.reshape(npair, 2, LANES // limit_kernel.V, limit_kernel.V).max(axis=3)
            ec += int((-(-own // limit_kernel.U)).sum()) * limit_kernel.V * limit_kernel.U
    assert (comp, live, ecomp) == (c, lv, ec)
    assert 0 < live < ecomp < comp
