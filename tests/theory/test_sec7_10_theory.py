"""theory.bode, theory.empirical, theory.deploy, theory.related, theory.addendum."""

import math

import numpy as np
import pytest
import sympy as sp
from hypothesis import given, settings
from hypothesis import strategies as st
from scipy import stats

from tests.tiers import examples
from theory import addendum as A
from theory import bode, laws
from theory import deploy as D
from theory import empirical as E
from theory import related as R
from theory.laws import symbolic as S
from theory.score import psa_scores, sheared
from theory.statement import LEVELS, all_statements

IDS = (
    "sec7.1 sec7.4 sec7.5 alg2 sec7.6 sec7.7 sec7.8 sec7.11 sec7.12 sec7.13 sec7.14 sec7.16 eq61 eq62 prop73 "
    "rem74 cor75 eq64 prop76 prop77 rem78 table13 prop79 rem80 prop81 rem82 sec9.3 sec9.4 sec10.a sec10.c "
    "sec10.d sec10.e sec10.f sec10.g sec10.h"
).split()


def test_statements_present_and_well_formed():
    found = all_statements()
    for sid in IDS:
        st_ = found[sid]
        assert st_.level in LEVELS and st_.label and st_.section
        if st_.sympy is not None:
            assert st_.sympy() is not None


# --- bode -----------------------------------------------------------------------------------------


def test_transfer_power_dc_and_nyquist():
    for g in (0.0, 0.3, 2.0):
        assert bode.transfer_power(0.0, g) == pytest.approx(1.0)
        assert bode.transfer_power(np.pi, g) == pytest.approx((1 + 2 * g) ** 2)


def test_transfer_power_is_the_filter_response():
    w = np.linspace(0, np.pi, 17)
    g = 0.7
    H = (1 + g) - g * np.exp(-1j * w)
    np.testing.assert_allclose(bode.transfer_power(w, g), np.abs(H) ** 2, rtol=1e-14)


def test_dtft_on_the_grid_is_the_fft():
    S_ = np.random.default_rng(0).standard_normal((5, 16))
    P = bode.dtft_power(S_, bode.frequency_grid(8))
    np.testing.assert_allclose(P, np.abs(np.fft.fft(S_, axis=-1)[:, :8]) ** 2, rtol=1e-12, atol=1e-12)


def test_dc_bin_vanishes_after_line_7():
    S_ = np.random.default_rng(1).standard_normal((3, 32, 32)) + 5.0
    assert bode.dc_fraction(S_) < 1e-25


def test_pearson_degenerate_and_scale_invariant():
    x = np.arange(6.0)
    assert math.isnan(bode.pearson(np.ones(6), x))
    y = np.random.default_rng(2).standard_normal(6)
    assert bode.pearson(3.5 * x, y) == pytest.approx(bode.pearson(x, y), abs=1e-15)
    assert bode.pearson(x, y) == pytest.approx(stats.pearsonr(x, y)[0], abs=1e-14)


def test_bode_recovers_the_theory_shape_on_white_noise():
    rng = np.random.default_rng(3)
    Q, K = rng.standard_normal((60, 32, 8)), rng.standard_normal((60, 32, 8))
    assert bode.bode_forensics(Q, K, 1.5) > 0.98
    assert bode.bode_forensics(Q, K, 1.5, theory=lambda w, g: 20 - bode.transfer_power(w, g)) < -0.9
    assert math.isnan(bode.bode_forensics(Q, K, 0.0))


# --- empirical --------------------------------------------------------------------------------------


def test_pearson_p_value_matches_scipy():
    rng = np.random.default_rng(4)
    x = rng.standard_normal(20)
    y = -0.7 * x + rng.standard_normal(20)
    r, p = stats.pearsonr(x, y)
    assert E.pearson_p_value(r, 20) == pytest.approx(p, rel=1e-10)
    with pytest.raises(ValueError):
        E.pearson_p_value(1.0, 20)


def test_ols_matches_linregress_and_ci_uses_t():
    x, y = np.log([8, 16, 32, 64.0]), np.log([1.29, 0.445, 0.226, 0.12])
    fit, ref = E.ols(x, y), stats.linregress(x, y)
    assert fit.slope == pytest.approx(ref.slope) and fit.stderr == pytest.approx(ref.stderr)
    q = stats.t.ppf(0.975, 2)
    assert fit.ci == pytest.approx((ref.slope - q * ref.stderr, ref.slope + q * ref.stderr))
    assert E.loglog_ols([8, 16, 32, 64], [1.29, 0.445, 0.226, 0.12]).slope == pytest.approx(ref.slope)


def test_depth_law_crossing_inverts_the_law():
    N = E.depth_law_crossing(4.2, 0.73, 0.899)
    assert 4.2 * N**-0.73 == pytest.approx(0.899)


# --- deploy -----------------------------------------------------------------------------------------


def _layer(seed, T=10, d=12):
    rng = np.random.default_rng(seed)
    return rng.standard_normal((T, d)), [rng.standard_normal((d, d)) / np.sqrt(d) for _ in range(3)]


@pytest.mark.parametrize("heads", [1, 3])
def test_algorithm3_equals_batch_under_zero_history(heads):
    R_, (WQ, WK, WV) = _layer(5)
    state, outs, _ = D.decode(R_, WQ, WK, WV, 0.9, heads)
    ob, _, Kh = D.batch_decode(R_, WQ, WK, WV, 0.9, heads, "q0=0")
    np.testing.assert_allclose(outs, ob, rtol=1e-12, atol=1e-12)
    np.testing.assert_allclose(np.array(state.keys), Kh, rtol=1e-12, atol=1e-12)
    ob1, _, Kh1 = D.batch_decode(R_, WQ, WK, WV, 0.9, heads, "p1=0")
    np.testing.assert_allclose(np.array(state.keys)[1:], Kh1[1:], rtol=1e-12, atol=1e-12)
    assert not np.allclose(np.array(state.keys)[0], Kh1[0])
    assert not np.allclose(outs[1:], ob1[1:])  # column 1 enters every later row


def test_cache_entries_are_read_only_and_shared():
    R_, (WQ, WK, WV) = _layer(6)
    _, _, states = D.decode(R_, WQ, WK, WV, 0.4)
    assert all(a is b for a, b in zip(states[3].keys, states[4].keys))
    with pytest.raises(ValueError):
        states[-1].keys[0][0] = 1.0


def test_truncate_and_counts():
    R_, (WQ, WK, WV) = _layer(7)
    s, _, states = D.decode(R_, WQ, WK, WV, 0.4)
    t = D.truncate(s, 4, states[3].q_prev, states[3].k_prev)
    assert t.length == 4 and t.keys == states[3].keys
    assert s.stored_scalars() == {"cache": D.baseline_cache_scalars(11, 12), "registers": D.register_scalars(12)}


def test_cost_formulas():
    assert D.standard_decode_flops(1024, 2048) == 24 * 1024**2 + 4 * 2048 * 1024
    assert D.overhead_fraction(1024, 2048) == pytest.approx(6 / (24 * 1024 + 4 * 2048))
    assert D.prefill_overhead_fraction(4096, 4096) == pytest.approx(D.overhead_fraction(4096, 4096))
    assert D.cache_bytes(4096, 32, 4096, 2) == 2**31 and D.register_bytes(4096, 32, 2) == 524288
    assert D.read_time_shear_flops(7, 5) == 7 * D.shear_flops(5)
    assert D.int8_levels(0.2) == pytest.approx(256 / 1.4) and D.extra_bits(0.4) == pytest.approx(math.log2(1.8))
    d, T = sp.symbols("d T", positive=True)
    assert sp.simplify(D.overhead_fraction(d, T) - 6 / (24 * d + 4 * T)) == 0


@settings(max_examples=examples(60), deadline=None)
@given(st.integers(0, 10_000), st.floats(0.0, 5.0), st.sampled_from(["q0=0", "p1=0"]))
def test_bit_growth_bound_holds(seed, gamma, boundary):
    K = np.random.default_rng(seed).standard_normal((12, 5)) * 10.0 ** np.random.default_rng(seed).uniform(-3, 3)
    assert np.all(D.linf_growth(K, gamma, boundary) <= 1 + 2 * gamma + 1e-12)


def test_alternating_stream_attains_the_bound():
    K = D.alternating_stream(9, [1.0, -2.0])
    np.testing.assert_allclose(D.linf_growth(K, 0.3, "q0=0")[1:], 1.6, rtol=1e-14)
    assert D.linf_growth(K, 0.3, "q0=0")[0] == pytest.approx(1.3)
    assert D.linf_growth(K, 0.3, "p1=0")[0] == pytest.approx(1.0)


def test_incremental_shear_is_the_zero_history_shear():
    X = np.random.default_rng(8).standard_normal((6, 3))
    inc = np.array([D.incremental_shear(X[i], X[i - 1] if i else 0 * X[0], 1.3) for i in range(6)])
    np.testing.assert_allclose(inc, sheared(X, 1.3, "q0=0"), rtol=1e-14, atol=1e-14)


# --- related ---------------------------------------------------------------------------------------


def test_softmax_jacobian_and_second_derivative_by_finite_differences():
    rng = np.random.default_rng(9)
    s, u = rng.standard_normal(7), rng.standard_normal(7)
    a = R.softmax(s)
    J = R.softmax_jacobian(a)
    assert np.allclose(J.sum(axis=0), 0) and np.allclose(J, J.T)
    h = 1e-4
    d1 = (R.softmax(s + h * u) - R.softmax(s - h * u)) / (2 * h)
    d2 = (R.softmax(s + h * u) - 2 * a + R.softmax(s - h * u)) / h**2
    np.testing.assert_allclose(d1, J @ u, atol=1e-8)
    np.testing.assert_allclose(d2, R.softmax_second_derivative(a, u), atol=1e-5)


def test_expansion_terms_reassemble_the_score():
    rng = np.random.default_rng(10)
    Q, K = rng.standard_normal((8, 4)), rng.standard_normal((8, 4))
    s, dlt, tau = R.expansion_terms(Q, K, 6)
    np.testing.assert_allclose(s + 0.7 * dlt + 0.49 * tau, psa_scores(Q, K, 0.7)[6, :7], rtol=1e-13, atol=1e-13)


def test_first_order_response_is_second_order_accurate():
    rng = np.random.default_rng(11)
    Q, K = rng.standard_normal((8, 4)), rng.standard_normal((8, 4))
    errs = [
        np.linalg.norm(R.augmented_attention(Q, K, 7, g) - R.first_order_response(Q, K, 7, g)) for g in (1e-2, 1e-3)
    ]
    assert errs[0] / errs[1] == pytest.approx(100, rel=0.05)


def test_kv_shift_is_all_pass_and_difference_mass():
    w = np.linspace(0, np.pi, 9)
    assert np.allclose(np.abs(R.kv_shift_transfer(np.exp(1j * w), 3)), 1)
    s1, s0 = np.random.default_rng(12).standard_normal((2, 5))
    assert R.difference_of_softmax(s1, s0, 0.25).sum() == pytest.approx(0.75)


# --- addendum ---------------------------------------------------------------------------------------


def test_unit_crossing_and_table():
    dk = A.unit_crossing_dk(512)
    assert laws.gamma_c_mean_field(dk, 512) == pytest.approx(1.0, abs=1e-12)
    tab = A.table()
    np.testing.assert_allclose(tab["t3t4"], [0.95150, 0.66365, 0.56869, 0.46957, 0.41320], atol=1e-5)
    np.testing.assert_allclose(tab["t4"][2:], [1.03002, 0.86712, 0.78673], atol=1e-5)


def test_saddle_node_is_a_double_root():
    dsn, gsn = A.saddle_node(512)
    coef = laws.t3t4_quartic_coefficients(dsn, 512)
    f = np.polyval(coef, gsn)
    df = np.polyval(np.polyder(coef), gsn)
    assert abs(f) < 1e-9 and abs(df) < 1e-5
    assert math.isnan(laws.gamma_c_t3t4(dsn - 1e-3, 512)) and not math.isnan(laws.gamma_c_t3t4(dsn + 1e-3, 512))


def test_implied_c_and_jump():
    lo, hi = A.implied_c(0.9849, 512)
    assert lo < 0.7412 < hi and not lo <= 0.741 <= hi
    assert A.jump_at_crossover(0.741) == pytest.approx(
        laws.gamma_c_mean_field(laws.crossover(512), 512) / laws.gamma_c_condensed(512), rel=1e-12
    )


def test_criterion_53_gives_69():
    assert sp.expand(-A.criterion_53(S.a_t3t4, S.b_t3t4_sq) - S.t3t4_quartic) == 0


def test_fitted_exponents():
    dks = 2.0 ** np.arange(8, 17)
    assert round(A.fitted_exponent(laws.gamma_c, dks), 3) == -0.254
    assert round(A.fitted_exponent(laws.gamma_c_t3t4, dks), 3) == -0.461


def test_pearson_rows_is_pearson_per_row():
    """bode.pearson_rows (the vectorised jackknife of alg2) is bode.pearson row by row, NaN rule included."""
    rng = np.random.default_rng(11)
    X, y = rng.random((40, 16)), rng.random(16)
    X[3] = 2.5  # a constant row: zero variance, NaN
    rows = bode.pearson_rows(X, y)
    for x, r in zip(X, rows):
        p = bode.pearson(x, y)
        assert (math.isnan(p) and math.isnan(r)) or abs(p - r) <= 1e-14
    assert math.isnan(rows[3]) and np.isfinite(np.delete(rows, 3)).all()
    assert np.isnan(bode.pearson_rows(X[:2], np.ones(16))).all()


def test_dtft_power_matches_direct_sum():
    """bode.dtft_power (one product against [cos | sin]) is |sum_j S_j e^{-i w j}|^2 at every row and bin."""
    rng = np.random.default_rng(12)
    S = rng.standard_normal((3, 5, 12))
    w = bode.frequency_grid(6)
    direct = np.abs(np.einsum("btj,jm->btm", S, np.exp(-1j * np.outer(np.arange(12), w)))) ** 2
    assert np.allclose(bode.dtft_power(S, w), direct, rtol=1e-12, atol=1e-12)
