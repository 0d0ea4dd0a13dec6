"""The engine's bits against committed sha256 digests (tests/montecarlo/data/engine_digests.json).

The reference digests were computed with the kernels before the T4 recurrence skipped dead
terms and before the toolkit chose the vector width; every result must stay bit-identical on
any vector width the machine offers, under 1 or 2 threads and any block of chunks.
"""

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from tests.montecarlo.threads import thread_counts, under_thread_counts

DATA = Path(__file__).parent / "data"
REFERENCE = json.loads((DATA / "engine_digests.json").read_text())


def test_digests_in_process_one_and_two_threads():
    sys.path.insert(0, str(DATA))
    try:
        import digest_cases
    finally:
        sys.path.remove(str(DATA))
    for n, digests in zip(thread_counts(), under_thread_counts(digest_cases.digests)):
        assert digests == REFERENCE, f"{n} thread(s)"


@pytest.mark.slow
@pytest.mark.parametrize("threads", ["1", "2"])
def test_digests_in_fresh_processes(threads):
    env = {**os.environ, "NUMBA_NUM_THREADS": threads}
    out = subprocess.run(
        [sys.executable, str(DATA / "digest_cases.py")], env=env, capture_output=True, text=True, check=True
    ).stdout
    assert json.loads(out) == REFERENCE
