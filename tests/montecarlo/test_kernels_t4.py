"""The blocked T4 kernel (kernels.t4_chunks) against today's reference kernel, and its scratch.

The blocked kernel skips masked work only, so its numbers must equal
kernels.t4_chunks_reference bit for bit (same terms, same summation order), for any
m, grid, thread count and block of chunks.
"""

import numpy as np
import pytest

from montecarlo import conventions as conv
from montecarlo import kernels, simulate_curves
from tests.montecarlo.threads import one_then_two, thread_counts, under_thread_counts


@pytest.mark.parametrize(
    "m,G,sqrt_dk,ntrials,c0,c1,seed",
    [
        (510, 61, 8.0, 2 * conv.CHUNK + 77, 0, 3, 1),  # the flagship point, few trials
        (510, 61, 11.3, conv.CHUNK + 5, 1, 2, 2),  # a later chunk, partial
        (23, 61, 8.0, 2000, 0, 4, 9),
        (1, 2, 2.0, 70, 0, 1, 3),  # one distractor, two couplings
        (13, 9, 0.5, 600, 0, 2, 4),  # grid of one block
        (198, 70, 8.0, 600, 0, 2, 5),  # grid past a multiple of the block
        (96, 201, 1.0, 600, 0, 2, 8),  # a grid of 201 couplings: 25 blocks
        (10, 21, 0.1, 700, 0, 2, 6),  # growing terms (x > 0): overflow to inf
    ],
)
def test_blocked_kernel_is_bitwise_the_reference(m, G, sqrt_dk, ntrials, c0, c1, seed):
    h2 = 4.0 if sqrt_dk < 0.2 else (8.0 / (G - 1)) ** 2
    new = kernels.t4_chunks(seed, c0, c1, ntrials, m, sqrt_dk, h2, G)
    old = kernels.t4_chunks_reference(seed, c0, c1, ntrials, m, sqrt_dk, h2, G)
    for a, b in zip(new, old):
        assert a.shape == (c1 - c0, G)
        np.testing.assert_array_equal(a, b)
    assert np.isfinite(new[0]).all() and new[0][:, 0].max() > 0


def test_large_m_curves_equal_the_reference_and_do_not_depend_on_threads_or_blocks():
    g = conv.gamma_grid(61, 8.0)
    h2 = (g[1]) ** 2
    one, two = under_thread_counts(lambda: kernels.t4_chunks(7, 0, 3, 3 * conv.CHUNK, 510, 8.0, h2, 61), one_then_two())
    for a, b in zip(one, two):
        np.testing.assert_array_equal(a, b)
    kw = dict(trials=2 * conv.CHUNK + 30, seeds=1, seed=12)
    ref = simulate_curves(64, 512, block_chunks=None, **kw)
    np.testing.assert_array_equal(simulate_curves(64, 512, block_chunks=1, **kw).per_seed, ref.per_seed)
    old = kernels.t4_chunks_reference(12, 0, 3, kw["trials"], 510, 8.0, h2, 61)[0].sum(axis=0)
    diff = np.max(np.abs(ref.per_seed[0] - old / kw["trials"]))
    assert diff <= 1e-15  # only the engine's chunk-order reduction vs numpy's sum differs


@pytest.mark.parametrize("m,G", [(1, 2), (8, 10), (8, 61), (510, 61), (4094, 61), (100, 162), (3, 1001)])
def test_scratch_bound(m, G):
    L8 = conv.LANES * 8
    for k in ("t4", "generic", "argmax"):
        b = kernels.scratch_bytes(k, m, G)
        assert 0 < b <= (2 * ((m + 2) // 2) + 2 * G + 28 + G / 32) * L8


@pytest.mark.parametrize(
    "call",
    [
        lambda n: kernels.t4_chunks(0, 0, n, n * conv.CHUNK, 510, 8.0, 0.01, 61),
        lambda n: kernels.generic_chunks(0, 0, n, n * conv.CHUNK, 510, np.zeros(61), np.ones(61)),
        lambda n: kernels.argmax_chunks(0, 0, n, n * conv.CHUNK, 510, 1.0),
    ],
)
def test_scratch_that_cannot_be_allocated_raises_memory_error(call):
    # the scratch is allocated by NumPy before the parallel loop: a failure raises
    # instead of being swallowed inside a worker thread (and returning zeros)
    with pytest.raises(MemoryError):
        call(10**12)


def test_no_cached_closure_kernels():
    """Closures made by a factory share one Numba cache index (one qualified name and line);
    processes compiling at once can interleave their entries, and a later process would load one
    closure's code for another.  So no kernel closure is cached on its own (their callers are)."""
    import numba.core.caching as caching
    from numba.core.extending import _Intrinsic

    from montecarlo import cuda_kernels, fmath, induction, kernels, rng  # noqa: F401

    closures = []
    for mod in (kernels, fmath, rng, induction):
        for name in dir(mod):
            obj = getattr(mod, name)
            if hasattr(obj, "py_func") and "<locals>" in obj.py_func.__qualname__:
                closures.append(obj)
                assert isinstance(obj._cache, caching.NullCache), f"{mod.__name__}.{name} is a cached closure"
    # the T4 blocks, once njit closures, are intrinsics: their IR is emitted into the caller,
    # no function of their own, nothing cached
    assert isinstance(kernels._t4_pair_block, _Intrinsic)
    assert isinstance(kernels._t4_single_block, _Intrinsic)


def test_cheap_compile_t4_runs_the_reference_chunks_with_the_same_bits(monkeypatch):
    # certificate sec7.9.independence runs its surrogate under cheap_compile_t4 (the blocked kernel
    # not compiled on a first run): the engine's numbers must not change
    kw = dict(trials=2 * conv.CHUNK + 40, seeds=2, seed=21)
    blocked = simulate_curves(16, 25, **kw).per_seed
    calls = []
    chunk = kernels._t4_chunk
    monkeypatch.setattr(kernels, "_t4_chunk", lambda *a: calls.append(a) or chunk(*a))
    monkeypatch.setattr(kernels, "_t4_blocked_chunk", None)  # the blocked chunk is not called
    threads = []
    monkeypatch.setattr(
        kernels, "run_chunks", lambda chunk, nc, work, n: threads.append(n) or [work(i, i + 1) for i in range(nc)]
    )
    with kernels.cheap_compile_t4():
        assert kernels.cheap_compile_on()
        cheap = simulate_curves(16, 25, **kw).per_seed
    assert not kernels.cheap_compile_on()
    assert len(calls) == 2 * 3 and set(threads) == {1}  # one call per chunk here (3 chunks a seed), one thread
    assert [(c[1] + c[2], c[3] - c[2]) for c in calls[:3]] == [(0, 1), (1, 1), (2, 1)]  # (chunk, chunks)
    assert calls[2][4] == 2 * conv.CHUNK + 40  # the trials, so the last chunk has 40
    np.testing.assert_array_equal(cheap, blocked)


def test_run_chunks_runs_every_chunk_once_on_the_thread_count_and_raises_the_first_failure():
    # work(i0, i1) runs chunks i0..i1-1: guided runs of 1 to RUN_MAX chunks
    import threading
    import time

    class Chunk:  # a compiled chunk function, as run_chunks sees it
        overloads = {"compiled": True}

    seen: list = []
    runs: list = []
    lock = threading.Lock()

    def work(i0, i1):
        assert 1 <= i1 - i0 <= kernels.RUN_MAX
        with lock:
            runs.append((i0, i1))
            seen.extend((i, threading.current_thread().name) for i in range(i0, i1))

    def forty() -> tuple[list, list]:  # on numba.get_num_threads() threads, the default
        seen.clear()
        runs.clear()
        kernels.run_chunks(Chunk, 40, work)
        return list(seen), list(runs)

    for n, (ran, taken) in zip(thread_counts(), under_thread_counts(forty)):
        assert sorted(i for i, _ in ran) == list(range(40))
        assert len({t for _, t in ran}) <= n
        assert min(taken) == (0, 16 if n == 1 else 10)  # a share of those left, 40 / (2 n), at most RUN_MAX
        assert len(taken) < 40  # runs, not one call per chunk

    class Fresh:  # not yet compiled: chunk 0 first, in the calling thread
        overloads: dict = {}

    seen.clear()
    runs.clear()
    kernels.run_chunks(Fresh, 5, work, threads=2)
    assert seen[0] == (0, threading.current_thread().name) and sorted(i for i, _ in seen) == list(range(5))
    assert runs[0] == (0, 1)  # chunk 0 alone, so it compiles before a second thread calls it

    def fails(i0, i1):
        work(i0, i1)
        time.sleep(0.0005)  # the GIL goes round: the threads take runs in turn
        if i0 <= 3 < i1:
            raise MemoryError("chunk 3")

    seen.clear()
    with pytest.raises(MemoryError, match="chunk 3"):
        kernels.run_chunks(Chunk, 1000, fails, threads=2)
    assert 4 <= len(seen) < 100  # no chunk started after the failure, save those under way
    assert not any(t.name.startswith("psa-chunks-") for t in threading.enumerate())  # none left behind


def test_reference_kernel_on_one_or_two_threads_is_the_same_bits():
    h2 = (8.0 / 60) ** 2
    runs = under_thread_counts(lambda: kernels.t4_chunks_reference(4, 1, 4, 3 * conv.CHUNK + 7, 13, 4.0, h2, 61))
    runs.append(kernels.t4_chunks(4, 1, 4, 3 * conv.CHUNK + 7, 13, 4.0, h2, 61))  # the blocked kernel
    for run in runs[1:]:
        for a, b in zip(runs[0], run):
            assert a.shape == b.shape == (3, 61)
            np.testing.assert_array_equal(a, b)


def test_compile_notice_states_the_expected_time_of_a_kernel_it_knows():
    from montecarlo import _jitguard

    assert _jitguard.compile_notice(kernels._t4_blocked_chunk).startswith("compiling the T4 kernel, once (about ")
    assert _jitguard.compile_notice(kernels._t4_chunk).startswith("compiling the reference T4 kernel, once (about ")
    assert _jitguard.compile_notice(kernels._t4_chunk).endswith(" s)")
    assert _jitguard.compile_notice(kernels._argmax_chunk) == "compiling the argmax (eq. 51) kernel, once"
