"""A first run's cheaper paths give the records the ordinary paths give (issue 29, item 1).

What a default ``psa-cert run`` does differently to cut its first-run CPU, and why no record
changes:

* certificate ``sec7.9.independence`` runs its Monte Carlo inside
  :func:`montecarlo.kernels.cheap_compile_t4`: the reference T4 chunk (one function for the
  independent and the two dependent ensembles) instead of the blocked T4 kernel for the
  independent ensemble (the same terms in the same order: the same bits); its exact
  independent gamma_c is computed only at the grid points the extraction reads
  (:func:`montecarlo.exact.gamma_c_exact_value`, tests/montecarlo/test_exact.py);
* :func:`montecarlo.exact.trial_variance` forms ``F_b^m`` once for its two quadratures, and a
  quadrature table asked for again in a process is the one computed before (the same arrays and
  operations: the same bits; tests/montecarlo/test_exact.py);
* the kernels' vector width is chosen by the toolkit (512 bits on AVX-512; nothing changes on
  other CPUs): no operation's order depends on it (tests/montecarlo/test_digests.py).

So the JSON of a default run is the same as before these changes in every field but
``elapsed_s`` (and the store's folder named in a Monte-Carlo detail, which is the run's own):
compared by hand on two first runs of the whole pack, tree before (296dc34) against the tree
after; here the certificate whose path changed is compared with the ordinary path, as a record.
Fields allowed to differ: none (``elapsed_s`` is not part of an Outcome).
"""

from __future__ import annotations

import contextlib
import dataclasses

import pytest

from certificates.psa import sim
from montecarlo import kernels

SMALL = dict(points=((8, 10), (64, 15)), variants=("matched", "gaussian"), trials=1200, seeds=2, seed=7)


def _ordinary(monkeypatch) -> None:
    """The certificate's Monte Carlo without the cheap path: the blocked kernel for the independent ensemble."""
    monkeypatch.setattr(kernels, "cheap_compile_t4", contextlib.nullcontext)


def test_sec79_shifts_cheap_path_equal_the_ordinary_kernels(monkeypatch):
    raw = sim._independence_shifts.__wrapped__  # the computation itself, not the result store
    args = (SMALL["points"], SMALL["variants"], SMALL["trials"], SMALL["seeds"], SMALL["seed"])
    calls = []
    summed = kernels.sum_chunks

    def observed(chunk_function, seed, c0, c1, ntrials, G, a, scratch=(), threads=None):
        # which chunk function runs which ensemble on how many threads, observed where the chunks are run
        ensemble = a[4] if chunk_function is kernels._t4_chunk else "blocked"
        calls.append((threads, ensemble))
        return summed(chunk_function, seed, c0, c1, ntrials, G, a, scratch, threads)

    monkeypatch.setattr(kernels, "sum_chunks", observed)
    cheap = raw(*args)
    assert {e for _, e in calls} == {kernels.T4_INDEPENDENT, kernels.T4_MATCHED, kernels.T4_GAUSSIAN}
    assert {n for n, _ in calls} == {1}  # the calling thread alone
    assert len(kernels._t4_chunk.signatures) == 1  # one chunk function, compiled once, for the three ensembles
    _ordinary(monkeypatch)
    calls.clear()
    ordinary = raw(*args)
    assert {e for _, e in calls} == {"blocked", kernels.T4_MATCHED, kernels.T4_GAUSSIAN}
    assert {n for n, _ in calls} == {None}  # numba.get_num_threads()
    assert cheap == ordinary  # every ShiftRow's floats, exactly


@pytest.mark.slow  # the certificate at its own size, twice (the blocked kernel may compile)
def test_sec79_record_at_its_own_size_is_the_ordinary_paths_record(monkeypatch, tmp_path):
    monkeypatch.setenv("PSA_TOOLKIT_STORE", str(tmp_path / "cheap"))
    cheap = dataclasses.asdict(sim.check_sec79_independence())
    _ordinary(monkeypatch)
    monkeypatch.setenv("PSA_TOOLKIT_STORE", str(tmp_path / "ordinary"))
    ordinary = dataclasses.asdict(sim.check_sec79_independence())
    for rec in (cheap, ordinary):  # the store's own folder is named in the detail
        rec["detail"] = (
            rec["detail"].replace(str(tmp_path / "cheap"), "STORE").replace(str(tmp_path / "ordinary"), "STORE")
        )
    assert cheap == ordinary
