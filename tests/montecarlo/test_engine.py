"""The Monte-Carlo engine: correctness against independent references, and reproducibility."""

import hashlib
import math
import os
import subprocess
import sys

import numba
import numpy as np
import pytest

from montecarlo import argmax_probability, extract_gamma_c, gamma_c_mc, rng, simulate_curves
from montecarlo import conventions as conv
from montecarlo.models import get_model
from tests.montecarlo.threads import one_then_two, under_thread_counts
from theory import laws


def numpy_reference_curve(model, dk, T, distractors, trials, seed, gammas):
    """A(gamma) straight from the model definition, with the NumPy reference stream."""
    m = conv.distractor_count(T, distractors)
    Z = rng.normals_reference(seed, 0, trials, m + 1)
    mdl = get_model(model)
    out = []
    for g in gammas:
        a, b = mdl.a(g, dk), mdl.b(g, dk)
        e = np.exp(b * (Z[:, 1:] - Z[:, :1]) - a)
        out.append(np.mean(1.0 / (1.0 + e.sum(axis=1))))
    return np.array(out)


@pytest.mark.parametrize("model", ["t4", "t3t4", "key"])
@pytest.mark.parametrize("distractors", ["T-2", "T-1"])
def test_kernels_match_the_model_definition(model, distractors):
    cur = simulate_curves(
        16, 12, model=model, trials=1500, seeds=1, seed=5, grid=13, gamma_max=3.0, distractors=distractors
    )
    ref = numpy_reference_curve(model, 16, 12, distractors, 1500, 5, cur.gammas)
    np.testing.assert_allclose(cur.per_seed[0], ref, rtol=1e-11, atol=1e-14)


def test_fast_t4_kernel_equals_generic_kernel():
    from montecarlo import kernels

    g = conv.gamma_grid(61, 8.0)
    h = g[-1] / 60
    s1, q1 = kernels.t4_chunks(9, 0, 4, 2000, 23, 8.0, h * h, 61)
    mdl = get_model("t4")
    s2, q2 = kernels.generic_chunks(9, 0, 4, 2000, 23, mdl.a(g, 64.0), mdl.b(g, 64.0))
    np.testing.assert_allclose(s1, s2, rtol=1e-12, atol=1e-12)
    np.testing.assert_allclose(q1, q2, rtol=1e-12, atol=1e-12)


def test_exact_endpoint_at_gamma_zero():
    cur = simulate_curves(64, 15, trials=1000, seeds=2, distractors="T-2")
    # every trial contributes exactly 1/(m+1) (Thm 64 step 6); only the trial sum rounds
    np.testing.assert_allclose(cur.per_seed[:, 0], 1.0 / 14, rtol=1e-14, atol=0)


def test_block_size_does_not_change_a_single_bit():
    kw = dict(trials=3 * conv.CHUNK + 77, seeds=2, seed=21)
    ref = simulate_curves(32, 15, block_chunks=None, **kw).per_seed
    for bc in (1, 2, 3, 100):
        np.testing.assert_array_equal(simulate_curves(32, 15, block_chunks=bc, **kw).per_seed, ref)


def test_thread_count_does_not_change_a_single_bit():
    kw = dict(trials=5000, seeds=2, seed=3)
    (one, generic_one), (two, generic_two) = under_thread_counts(
        lambda: (simulate_curves(64, 25, **kw).per_seed, simulate_curves(64, 25, model="t3t4", grid=7, **kw).per_seed),
        one_then_two(),
    )
    np.testing.assert_array_equal(one, two)
    np.testing.assert_array_equal(generic_one, generic_two)


def _curve_digest() -> str:
    c = simulate_curves(16, 10, trials=3000, seeds=1, seed=8)
    return hashlib.sha256(c.per_seed.tobytes()).hexdigest()


def test_thread_count_in_fresh_processes():
    """Two processes whose Numba thread pools started at different sizes (``NUMBA_NUM_THREADS``,
    read once when Numba loads) give the same bits: a fresh interpreter started with one count,
    and this process, started with another (``numba.config.NUMBA_NUM_THREADS``), run here on all
    of its threads.  One interpreter start-up instead of two (each ~1 s CPU, mostly Numba and the
    SciPy it loads); the two counts still differ, one of them 1 as before."""
    here = numba.config.NUMBA_NUM_THREADS
    other = 1 if here != 1 else 2
    code = (
        "import hashlib, numba; from montecarlo import simulate_curves;"
        "c = simulate_curves(16, 10, trials=3000, seeds=1, seed=8);"
        "print(numba.config.NUMBA_NUM_THREADS, hashlib.sha256(c.per_seed.tobytes()).hexdigest())"
    )
    env = {**os.environ, "NUMBA_NUM_THREADS": str(other)}
    out = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True, check=True)
    threads, fresh = out.stdout.split()
    (ours,) = under_thread_counts(_curve_digest, [here])
    assert int(threads) == other != here
    assert fresh == ours and len(fresh) == 64


@pytest.mark.parametrize("dk,T,distractors", [(16, 15, "T-2"), (64, 10, "T-1"), (4, 25, "T-2")])
def test_large_coupling_limit_is_the_argmax_probability(dk, T, distractors):
    # at gamma = 60 the softmax is an argmax: A equals the argmax indicator trial by trial,
    # so the MC mean must equal the argmax MC on the same draws, and p_inf within its error
    trials, seed = 40000, 17
    cur = simulate_curves(dk, T, trials=trials, seeds=1, seed=seed, grid=2, gamma_max=60.0, distractors=distractors)
    m = conv.distractor_count(T, distractors)
    est = argmax_probability(math.sqrt(dk) / 2, m, trials=trials, seed=seed)
    assert cur.per_seed[0, -1] == pytest.approx(est.p, abs=2.0 / trials)
    assert abs(est.p - laws.p_inf(dk, T, m=m)) < 4 * est.se


def test_argmax_probability_against_quadrature():
    est = argmax_probability(math.sqrt(8) / 2, 24, trials=400000, seed=2)
    assert abs(est.p - laws.p_inf(8, 25, m=24)) < 4 * est.se


def test_plateau_approaches_p_inf_from_below_at_gamma_8():
    r = gamma_c_mc(64, 15, trials=20000, seeds=2, seed=4)
    assert r.plateau < laws.p_inf(64, 15) + 0.01
    assert r.curves.se.shape == (61,)


def test_gamma_c_close_to_law_deep_in_the_mean_field_branch():
    r = gamma_c_mc(128, 10, trials=20000, seeds=3, seed=40)
    assert abs(r.relative_error) < 0.06 and r.sd < 0.01


def test_extraction_on_a_synthetic_curve():
    g = np.linspace(0, 8, 61)
    chance, plateau, g0 = 0.1, 0.9, 1.2345
    curve = chance + (plateau - chance) / (1 + np.exp(-(g - g0) * 3))
    curve[-1] = plateau
    gc, p = extract_gamma_c(g, curve, chance)
    assert p == plateau
    # the logistic crosses its midpoint at g0; linear interpolation error is O(h^2)
    assert gc == pytest.approx(g0, abs=5e-3)
    # exact on a piecewise-linear curve
    lin = np.interp(g, [0, 2, 8], [0.1, 0.9, 0.9])
    assert extract_gamma_c(g, lin, 0.1)[0] == pytest.approx(1.0, abs=1e-12)
    # no transition when the plateau does not exceed chance
    assert math.isnan(extract_gamma_c(g, np.full(61, 0.1), 0.1)[0])


def test_chance_rules():
    assert conv.chance(15, 13, "T-1") == conv.chance(15, 13, "m+1") == 1 / 14
    assert conv.chance(15, 14, "T-1") == 1 / 14 and conv.chance(15, 14, "m+1") == 1 / 15


@pytest.mark.parametrize(
    "kwargs",
    [
        dict(dk=0, T=15),
        dict(dk=64, T=2),
        dict(dk=64, T=15, trials=0),
        dict(dk=64, T=15, gamma_max=0),
        dict(dk=64, T=15, grid=1),
        dict(dk=64, T=15, model="x"),
        dict(dk=64, T=15, distractors="T"),
        dict(dk=64, T=15, seeds=0),
        dict(dk=64, T=15, chance="1/2"),
    ],
)
def test_bad_input_raises_value_error(kwargs):
    with pytest.raises(ValueError):
        simulate_curves(**kwargs)
