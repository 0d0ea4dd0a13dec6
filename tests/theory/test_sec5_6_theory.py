"""theory.positional, theory.softmax and theory.transition (§5.3, §6)."""

import math

import numpy as np
import pytest
import sympy as sp
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.tiers import examples
from theory import laws
from theory import positional as P
from theory import softmax as SM
from theory import transition as TR
from theory.catalogue import BY_ID
from theory.laws import symbolic as S
from theory.statement import all_statements

# --- positional ---------------------------------------------------------------------------


def test_coriolis_error_is_the_placement_difference():
    rng = np.random.default_rng(1)
    thetas = rng.uniform(0.01, 3.0, 3)
    Rt, Rtm1 = P.rope_rotation(17, thetas), P.rope_rotation(16, thetas)
    q_t, q_tm1 = rng.standard_normal(6), rng.standard_normal(6)
    diff = P.shear_pre_rope(q_t, q_tm1, Rt, 0.7) - P.shear_post_rope(q_t, q_tm1, Rt, Rtm1, 0.7)
    assert np.allclose(diff, P.coriolis_error(0.7, Rt, Rtm1, q_tm1), atol=1e-13)
    assert np.linalg.norm(diff) == pytest.approx(P.coriolis_norm_multiband(0.7, thetas, q_tm1), rel=1e-12)


def test_coriolis_norm_single_band():
    q = np.array([0.3, -1.2])
    Rt, Rtm1 = P.band_rotation(5 * 0.4), P.band_rotation(4 * 0.4)
    assert np.linalg.norm(P.coriolis_error(1.5, Rt, Rtm1, q)) == pytest.approx(
        P.coriolis_norm(1.5, 0.4, np.linalg.norm(q)), rel=1e-13
    )


def test_pre_rope_composite_is_symplectic():
    rng = np.random.default_rng(2)
    thetas = rng.uniform(0, math.pi, 2)
    M = np.block([[np.eye(4), 0.9 * np.eye(4)], [np.zeros((4, 4)), np.eye(4)]])
    X = P.pre_rope_composite(P.rope_rotation(3, thetas), M, P.rope_rotation(2, thetas))
    J = np.block([[np.zeros((4, 4)), np.eye(4)], [-np.eye(4), np.zeros((4, 4))]])
    assert np.max(np.abs(X.T @ J @ X - J)) < 1e-14


def test_transport_identity_holds_post_rope():
    rng = np.random.default_rng(3)
    q, qm, k, km = (rng.standard_normal(4) for _ in range(4))
    g = 0.8
    qh, kh = q + g * (q - qm), k + g * (k - km)
    assert abs(P.transport_residual(qh, kh, q, qm, k, km, g)) < 1e-12


def test_sinusoid_momentum_closed_form_and_boundaries():
    V, W = np.array([1.0, 2.0]), np.array([-0.5, 0.3])
    P1 = P.sinusoid_momenta(20, V, W, 0.7, 0.2)
    assert np.allclose(P1, P.sinusoid_momentum_closed_form(np.arange(1, 21), V, W, 0.7, 0.2), atol=1e-14)
    P2 = P.sinusoid_momenta(20, V, W, 0.7, 0.2, boundary="p1=0")
    assert np.all(P2[0] == 0) and np.allclose(P2[1:], P1[1:])
    with pytest.raises(ValueError):
        P.sinusoid_momenta(5, V, W, 0.7, 0.2, boundary="q0=0")


@pytest.mark.parametrize("boundary", ["sinusoid", "p1=0"])
def test_T3_sum_telescopes(boundary):
    rng = np.random.default_rng(4)
    V, W, q = (rng.standard_normal(3) for _ in range(3))
    N = 37
    assert N * P.cesaro_T3(q, V, W, 1.1, 0.4, N, boundary) == pytest.approx(
        P.telescoped_T3_sum(q, V, W, 1.1, 0.4, N, boundary), abs=1e-12
    )


def test_rope_stream_matches_rotation():
    rng = np.random.default_rng(5)
    thetas = np.array([1.0, 0.1, 0.01])
    k = rng.standard_normal(6)
    K = P.rope_key_stream(k, thetas, np.arange(4))
    for j in range(4):
        assert np.allclose(K[j], P.rope_rotation(j, thetas) @ k, atol=1e-14)


def test_eq48_bound_gamma_weighted():
    rng = np.random.default_rng(6)
    for _ in range(50):
        V, W, q = (rng.standard_normal(4) for _ in range(3))
        om, phi, N, g = rng.uniform(1e-3, 6.2), rng.uniform(0, 6.3), int(rng.integers(1, 500)), rng.uniform(0.01, 3)
        assert abs(g * P.cesaro_T3(q, V, W, om, phi, N)) <= P.rate_bound_eq48(g, q, V, W, N) * (1 + 1e-12)


# --- softmax ------------------------------------------------------------------------------


def test_jacobian_apply_matches_matrix():
    rng = np.random.default_rng(7)
    a = SM.softmax(rng.standard_normal(9))
    v = rng.standard_normal(9)
    assert np.allclose(SM.jacobian_apply(a, v), SM.jacobian(a) @ v, atol=1e-16)
    assert abs(SM.jacobian_apply(a, v).sum()) < 1e-15


@settings(max_examples=examples(60), deadline=None)
@given(st.integers(2, 60), st.floats(0.0, 6.0), st.floats(1e-4, 3.0), st.integers(0, 2**31 - 1))
def test_remainder_constant_one(T, spread, size, seed):
    rng = np.random.default_rng(seed)
    S_dc = spread * rng.standard_normal(T)
    d = rng.uniform(-1, 1, T)
    d *= size / max(np.max(np.abs(d)), 1e-300)
    R = SM.linearisation_remainder(S_dc, d)
    assert np.sum(np.abs(R)) <= SM.REMAINDER_CONSTANT * np.max(np.abs(d)) ** 2 * (1 + 1e-9) + 1e-15


def test_score_ratio_and_bound():
    q_dc, k_dc = np.array([1.0, 0.0]), np.array([1.0, 1.0])
    eS, eq, ek, c = SM.score_ratio(q_dc, 0.1 * q_dc, k_dc, 0.2 * k_dc)
    assert c == pytest.approx(1 / math.sqrt(2))
    assert eS <= SM.prop45_bound(eq, ek, c)


def test_ambient_form_orthogonality_and_fixed_point():
    a = SM.softmax(np.array([0.2, -1.0, 2.0, 0.5]))
    aac = SM.jacobian_apply(a, np.array([1.0, -2.0, 0.3, 0.7]))
    assert abs(SM.ambient_form(a, aac, a)) < 1e-15
    assert abs(SM.euclidean_form(a, aac)) > 1e-3
    S_dc = np.log(a)
    assert np.allclose(SM.linearised_map(S_dc, S_dc), a)


def test_filter_at_dc_and_kl():
    assert SM.unit_dc_gain(2.7) == 1.0
    assert SM.filter_response(0.4, 0.0) == pytest.approx(1.0)
    a = np.array([0.2, 0.3, 0.5])
    v = 1e-3 * np.array([1.0, -2.0, 1.0])
    assert SM.kl(a + v, a) == pytest.approx(0.5 * SM.ambient_form(v, v, a), rel=1e-2)


def test_symbolic_jacobian_rows_sum_to_zero():
    a, _ = SM.simplex_point_sym(3)
    J = SM.jacobian_sym(a)
    assert all(sp.expand(e) == 0 for e in sp.ones(1, 3) * J)


# --- transition -----------------------------------------------------------------------------


def test_gaussian_expectation_moments():
    z, w = sp.symbols("z w", real=True)
    s2 = sp.Symbol("s2", positive=True)
    assert TR.gaussian_expectation(z**4, (z,), s2) == 3 * s2**2
    assert TR.gaussian_expectation(z**3 * w, (z, w)) == 0
    assert TR.variance(z * w + z, (z, w)) == 2


def test_key_only_moments_scale_with_dim():
    one = TR.key_only_moments(1)
    two = TR.key_only_moments(2)
    assert sp.expand(one["distractor_var"] - two["distractor_var"]) == 0
    assert sp.expand(two["cov_T1_T3"] - 2) == 0
    per = TR.key_only_moments_per_coordinate()
    assert sp.expand(per["distractor_var"] - TR.b2_key_derived) == 0
    assert sp.expand(per["target_mean"] + S.gamma * sp.sqrt(S.dk)) == 0


def test_corrected_key_only_law():
    g = TR.gamma_c_key_only_corrected(64, 15)
    Lv = math.log(14)
    assert g**2 - (8 - 1) * g + Lv + 0.5 == pytest.approx(0, abs=1e-12)
    cross = float(TR.key_only_corrected_crossover.subs(S.L, Lv))
    assert math.isnan(TR.gamma_c_key_only_corrected(cross * 0.99, 15))
    assert not math.isnan(TR.gamma_c_key_only_corrected(cross * 1.01, 15))
    arr = TR.gamma_c_key_only_corrected(np.array([64.0, 128.0]), 15)
    assert arr.shape == (2,)
    with pytest.raises(ValueError):
        TR.gamma_c_key_only_corrected(-1, 15)


def test_rem70_shift_and_rem72_gap():
    assert round(TR.gamma_c_mean_field_shifted(64, 15), 3) == 0.664
    assert TR.gamma_c_mean_field_shifted(64, 15, shift=0.0) == pytest.approx(laws.gamma_c(64, 15))
    assert TR.p_inf_convention_gap(4, 10) == pytest.approx(0.0205, abs=1e-4)
    assert sp.expand(TR.symmetric_with_base_moments() - (1 + 2 * S.gamma**2 + 4 * S.gamma**4)) == 0


def test_saturation_and_endpoints():
    T = 512
    assert TR.b_at_crossing_value(laws.crossover(T), T) == pytest.approx(TR.b_freezing_value(T))
    assert TR.annealed_entropy_value(TR.b_freezing_value(T), T) == pytest.approx(0, abs=1e-12)
    assert TR.competition_at_zero(13) == pytest.approx(1 / 14)
    assert TR.key_only_ceiling(32, 15) > laws.p_inf(32, 15)


def test_statements_use_catalogue_ids():
    mine = [st for mod in (P, SM, TR) for st in mod.STATEMENTS]
    for st_ in mine:
        base = st_.id.split(".corrected")[0]
        assert base.lower() in BY_ID, st_.id
        if st_.sympy is not None:
            assert st_.sympy() is not None
    found = all_statements()
    assert all(st_.id.lower() in found for st_ in mine)
