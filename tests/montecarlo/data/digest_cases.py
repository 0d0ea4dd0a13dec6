"""sha256 digests of small fixed Monte-Carlo runs: the bits the engine must keep.

``python tests/montecarlo/data/digest_cases.py`` prints ``{case: digest}`` as JSON; the digests
committed in ``engine_digests.json`` were computed with the kernels of commit 529a2c0 (before
the T4 recurrence skipped dead terms and before the toolkit chose the CPU's vector width), and
:mod:`tests.montecarlo.test_digests` checks that today's kernels give the same bits under 1 and
2 threads and any block of chunks.  A digest covers every float64 of the per-seed curves (and
the per-seed gamma_c / the argmax estimate), little-endian.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Callable

import numpy as np


def _digest(*arrays: object) -> str:
    h = hashlib.sha256()
    for a in arrays:
        h.update(np.ascontiguousarray(np.asarray(a, dtype="<f8")).tobytes())
    return h.hexdigest()


def _cases() -> dict[str, Callable[[], str]]:
    from montecarlo import argmax_probability, gamma_c_mc, induction, simulate_curves
    from montecarlo import conventions as conv

    n = 2 * conv.CHUNK + 30

    def flagship(block_chunks: int | None) -> str:
        g = gamma_c_mc(64, 512, trials=n, seeds=2, seed=3, block_chunks=block_chunks)
        return _digest(g.curves.per_seed, g.per_seed, g.plateaus)

    def curves(**kw: object) -> Callable[[], str]:
        return lambda: _digest(simulate_curves(trials=n, seeds=2, **kw).per_seed)  # type: ignore[arg-type]

    def argmax() -> str:
        e = argmax_probability(2.0, 510, trials=n, seed=5)
        return _digest([e.p, e.se, float(e.wins)])

    return {
        "gamma_c_t4_dk64_T512": lambda: flagship(None),
        "gamma_c_t4_dk64_T512_block1": lambda: flagship(1),
        "curves_t4_dk16_T10": curves(dk=16, T=10, seed=8),
        "curves_t4_dk128_T4096_grid121": curves(dk=128, T=4096, seed=1, grid=121),
        "curves_t4_dk4_T25_T-1": curves(dk=4, T=25, seed=2, distractors="T-1"),
        "curves_t3t4_dk64_T100": curves(dk=64, T=100, seed=4, model="t3t4"),
        "curves_key_dk16_T50": curves(dk=16, T=50, seed=6, model="key"),
        "argmax_s2_m510": argmax,
        "dependent_dk16_T5": lambda: _digest(induction.dependent_curves(16, 5, trials=256, seeds=1, grid=5).per_seed),
    }


def digests() -> dict[str, str]:
    """{case: sha256 hex digest} for every case, computed in this process."""
    return {name: f() for name, f in _cases().items()}


if __name__ == "__main__":
    print(json.dumps(digests(), indent=1, sort_keys=True))
