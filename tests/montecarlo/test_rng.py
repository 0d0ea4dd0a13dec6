"""The counter-based stream and the branch-free float64 functions behind it."""

import numpy as np
from scipy import stats

from montecarlo import fmath, rng


def test_numba_stream_matches_numpy_reference():
    a = rng.normals(seed=7, trial0=123, ntrials=300, n=21)
    b = rng.normals_reference(seed=7, trial0=123, ntrials=300, n=21)
    assert a.shape == (300, 21)
    np.testing.assert_allclose(a, b, rtol=0, atol=1e-13)


def test_stream_is_keyed_by_seed_and_trial_only():
    whole = rng.normals(3, 0, 100, 10)
    part = rng.normals(3, 40, 20, 10)
    np.testing.assert_array_equal(whole[40:60], part)  # random access, no hidden state
    assert not np.array_equal(rng.normals(4, 0, 100, 10), whole)  # another seed, another stream
    # prefix property: the first n normals do not depend on how many are drawn
    np.testing.assert_array_equal(rng.normals(3, 0, 100, 7), whole[:, :7])


def test_normals_are_standard_gaussian():
    z = rng.normals(11, 0, 40000, 10).ravel()
    assert abs(z.mean()) < 5 / np.sqrt(z.size)
    assert abs(z.var() - 1) < 6 * np.sqrt(2 / z.size)
    assert stats.kstest(z, "norm").pvalue > 1e-4
    # different normals of one trial and different trials are uncorrelated
    zz = rng.normals(12, 0, 40000, 4)
    c = np.corrcoef(zz.T)
    assert np.max(np.abs(c - np.eye(4))) < 5 / np.sqrt(40000)


def test_vlog_accuracy():
    x = np.concatenate(
        [
            np.random.default_rng(0).uniform(1e-300, 1, 100000),
            np.exp(-np.random.default_rng(1).uniform(0, 700, 100000)),
            [2.0**-53, 0.5, 1.0, 3.0],
        ]
    )
    got = fmath._map_vlog(x)
    ref = np.log(x)
    err = np.abs(got - ref) / np.maximum(np.abs(ref), 1e-300)
    assert got[-2] == 0.0
    assert np.max(err[ref != 0]) <= 2.3e-16


def test_vexp_accuracy_and_limits():
    x = np.random.default_rng(2).uniform(-708, 709, 200000)
    got = fmath._map_vexp(x)
    assert np.max(np.abs(got / np.exp(x) - 1)) < 5e-16
    edge = fmath._map_vexp(np.array([-800.0, -745.5, 0.0, 710.0, 1e6]))
    assert edge[0] == 0.0 and edge[1] == 0.0 and edge[2] == 1.0 and np.isinf(edge[3]) and np.isinf(edge[4])
    sub = fmath._map_vexp(np.array([-720.0, -740.0]))  # subnormal results
    np.testing.assert_allclose(sub, np.exp([-720.0, -740.0]), rtol=1e-9)


def test_sincos2pi_accuracy():
    u = np.concatenate([np.random.default_rng(3).uniform(0, 1, 100000), [0.0, 0.125, 0.25, 0.5, 0.75, 1 - 2**-53]])
    s, c = fmath._map_sincos2pi(u)
    np.testing.assert_allclose(s, np.sin(2 * np.pi * u), rtol=0, atol=1e-15)  # NumPy itself rounds 2*pi*u
    np.testing.assert_allclose(c, np.cos(2 * np.pi * u), rtol=0, atol=1e-15)  # NumPy itself rounds 2*pi*u
