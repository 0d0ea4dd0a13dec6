"""The engine's bits against committed sha256 digests (tests/montecarlo/data/engine_digests.json).

The reference digests were computed with the kernels before the T4 recurrence skipped dead
terms and before the toolkit chose the vector width; every result must stay bit-identical on
any vector width the machine offers, under 1 or 2 threads and any block of chunks.  NumPy picks
SIMD code by CPU too (its AVX-512 ``power`` differs from C's ``pow`` in the last bit): the
engine's inputs must not depend on that choice either, so the parameters and the digests are
also computed in a process whose NumPy runs its baseline code only.
"""

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from tests.montecarlo.threads import thread_counts, under_thread_counts
from tests.numpy_simd import numpy_baseline_env

DATA = Path(__file__).parent / "data"
REFERENCE = json.loads((DATA / "engine_digests.json").read_text())

ROOT = Path(__file__).resolve().parents[2]


def model_parameters() -> dict[str, list[str]]:
    """The bytes (hex) of every model's (a, b) on a grid of 121 couplings, at d_k = 4, 64, 128."""
    import numpy as np

    from montecarlo.models import MODELS

    g = np.linspace(0.0, 8.0, 121)
    return {
        f"{n}:{dk}": [MODELS[n].a(g, dk).tobytes().hex(), MODELS[n].b(g, dk).tobytes().hex()]
        for n in sorted(MODELS)
        for dk in (4.0, 64.0, 128.0)
    }


_PARAMS = f"""
import json, sys
sys.path.insert(0, {str(ROOT)!r})
from tests.montecarlo.test_digests import model_parameters
print(json.dumps(model_parameters()))
"""


def test_model_parameters_do_not_depend_on_numpys_simd_code():
    """The (a, b) of every model on the engine's grids have the same bits whatever SIMD code NumPy
    chose: on an AVX-512 CPU NumPy's ``power`` (gamma^3, gamma^4 of the t3t4 model) is not C's
    ``pow`` in the last bit, and the t3t4 digest changed with it."""
    env = {**os.environ, **numpy_baseline_env()}
    base = subprocess.run([sys.executable, "-c", _PARAMS], env=env, capture_output=True, text=True, check=True)
    assert model_parameters() == json.loads(base.stdout)


def test_digests_in_process_one_and_two_threads():
    sys.path.insert(0, str(DATA))
    try:
        import digest_cases
    finally:
        sys.path.remove(str(DATA))
    for n, digests in zip(thread_counts(), under_thread_counts(digest_cases.digests)):
        assert digests == REFERENCE, f"{n} thread(s)"


@pytest.mark.slow
@pytest.mark.parametrize("threads,numpy_simd", [("1", True), ("2", True), ("1", False)])
def test_digests_in_fresh_processes(threads, numpy_simd):
    env = {**os.environ, "NUMBA_NUM_THREADS": threads, **({} if numpy_simd else numpy_baseline_env())}
    out = subprocess.run(
        [sys.executable, str(DATA / "digest_cases.py")], env=env, capture_output=True, text=True, check=True
    ).stdout
    assert json.loads(out) == REFERENCE
