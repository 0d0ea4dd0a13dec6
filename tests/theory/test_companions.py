"""theory.companions.momentum and theory.companions.qhm: statements and closed forms."""

import math

import numpy as np
import pytest
import sympy as sp

from theory.companions import momentum as M
from theory.companions import qhm as Q
from theory.statement import LEVELS, all_statements


@pytest.mark.parametrize("mod,paper", [(M, "momentum"), (Q, "qhm")])
def test_statements_are_namespaced_and_well_formed(mod, paper):
    ids = [s.id for s in mod.STATEMENTS]
    assert len(ids) == len(set(ids))
    for st in mod.STATEMENTS:
        assert st.paper == paper and st.id.startswith(paper + ":")
        assert st.level in LEVELS and st.label and st.section and st.content
        for d in st.depends:
            assert d in ids, (st.id, d)
        if st.sympy is not None:
            assert st.sympy() is not None


def test_all_statements_collects_the_companions_without_clashes():
    found = all_statements()
    assert "momentum:sec2.6.transfer" in found and "qhm:sec3.4.rho" in found
    assert found["momentum:sec2.9"].paper == "momentum"


# --- momentum ------------------------------------------------------------------------------


def test_momentum_transfer_dc_nyquist_and_power():
    g = 0.7
    w = np.linspace(0, np.pi, 9)
    H = complex(M.momentum_transfer(1, g)), complex(M.momentum_transfer(-1, g))
    assert H == (1, 1 + 2 * g)
    Hw = np.array([complex(M.momentum_transfer(np.exp(1j * x), g)) for x in w])
    np.testing.assert_allclose(np.abs(Hw) ** 2, M.momentum_power(w, g), rtol=1e-13)


def test_fir_filter_zero_history():
    x = np.array([1.0, 2.0, 4.0])
    np.testing.assert_allclose(M.fir_filter(x, [1.5, -0.5]), [1.5, 2.5, 5.0])


@pytest.mark.parametrize("H", [1, 2, 3])
def test_shear_determinant_is_one_plus_sum_of_coefficients(H):
    a = M.kinematic_coefficients(H)
    assert sp.expand(M.shear_jacobian_det(a) - 1 - sum(a)) == 0
    assert M.highpass_condition(a) == sum(a)


def test_linear_shear_is_symplectic_and_a_general_unit_determinant_map_is_not():
    assert all(e == 0 for e in M.symplectic_residual(M.linear_shear(M.gamma, 2)))
    D = sp.diag(2, sp.Rational(1, 2), 1, 1)
    assert D.det() == 1 and any(e != 0 for e in M.symplectic_residual(D))


def test_quartic_hessian_eigenvalues():
    p = sp.symbols("p1 p2", real=True)
    T = M.kinetic_quartic(p, sp.Rational(1, 3))
    Hs = sp.hessian(T, p).subs({p[0]: sp.Rational(1, 2), p[1]: 0})
    lam = sorted(Hs.eigenvals())
    want = sorted(M.quartic_hessian_eigenvalues(sp.Rational(1, 4), sp.Rational(1, 3)))
    assert lam == want


def test_lyapunov_derivative_with_friction():
    q = sp.symbols("q1 q2", real=True)
    p = sp.symbols("p1 p2", real=True)
    k = sp.Symbol("k", positive=True)
    V = q[0] ** 2 + 3 * q[1] ** 2
    Ld = M.lyapunov_derivative(V, M.kinetic_linear(p), q, p, k)
    assert sp.expand(Ld + k * M.gamma * (p[0] ** 2 + p[1] ** 2)) == 0


def test_attention_jacobian_matches_finite_differences():
    rng = np.random.default_rng(5)
    Q_, K, V, dQ = (rng.standard_normal((6, 4)) for _ in range(4))
    J = M.attention_jacobians(Q_, K, V)
    e = 1e-6
    fd = (M.attention_output(Q_ + e * dQ, K, V) - M.attention_output(Q_ - e * dQ, K, V)) / (2 * e)
    np.testing.assert_allclose(M.linear_response(J, dQ), fd, atol=1e-8)
    assert np.allclose(J[0], 0)  # the first position sees one key: softmax is constant


def test_placement_difference_numeric():
    rng = np.random.default_rng(6)
    th, g = 0.9, 1.3
    qp, qt = rng.standard_normal(2), rng.standard_normal(2)
    Rp, Rt = M.rotation_np(0.2), M.rotation_np(0.2 + th)
    post = sp.Matrix(Rt @ qt + g * (Rt @ qt - Rp @ qp))
    pre = sp.Matrix(Rt @ (qt + g * (qt - qp)))
    assert float((post - pre).norm()) == pytest.approx(2 * g * math.sin(th / 2) * np.linalg.norm(qp), rel=1e-12)


def test_shear_singular_values_and_power_gain():
    smax, smin = M.shear_singular_values(sp.Integer(3))
    assert float(smax * smin) == pytest.approx(1.0)
    s = np.linalg.svd(np.array([[1.0, 3.0], [0.0, 1.0]]), compute_uv=False)
    assert float(smin) == pytest.approx(s[-1])
    g = 0.4
    w = np.linspace(0, np.pi, 20001)
    assert np.trapezoid(M.momentum_power(w, g), w) / np.pi == pytest.approx(
        float(M.band_averaged_power_gain(g)), rel=1e-7
    )


def test_pe_and_rope_increment_identities_numerically():
    w, s = 0.37, 5.0
    inc = [float(e.subs({M.omega: w, M.s_: s})) for e in M.pe_increments()]
    hs = [float(e.subs({M.omega: w, M.s_: s})) for e in M.pe_increments_half_shift()]
    np.testing.assert_allclose(inc, hs, rtol=1e-13)
    A = np.array(M.rope_increment().subs({M.theta: 0.3, M.t_: 7}).evalf(), dtype=float)
    B = np.array(M.rope_increment_factored().subs({M.theta: 0.3, M.t_: 7}).evalf(), dtype=float)
    np.testing.assert_allclose(A, B, atol=1e-14)


# --- qhm ----------------------------------------------------------------------------------


@pytest.mark.parametrize("mu,beta", [(0.95, 0.95), (0.95, 0.985), (0.95, 1.0), (0.85, 0.85), (0.5, 0.2)])
def test_nyquist_gain_is_the_transfer_function_at_minus_one(mu, beta):
    assert float(Q.qhm_transfer(-1, mu, beta)) == pytest.approx(Q.nyquist_gain(mu, beta), abs=1e-14)
    assert float(Q.qhm_transfer(1, mu, beta)) == pytest.approx(1.0)


def test_impulse_response_is_the_filter_on_a_delta():
    x = np.zeros((50, 1))
    x[0] = 1.0
    np.testing.assert_allclose(Q.qhm_filter(x, 0.9, 0.7)[:, 0], Q.impulse_response(0.9, 0.7, 50), atol=1e-15)


@pytest.mark.parametrize("mu,beta", [(0.95, 0.95), (0.97, 0.97), (0.6, 0.3)])
def test_lag1_autocorrelation_from_the_impulse_response(mu, beta):
    h = Q.impulse_response(mu, beta, 3000)
    assert Q.lag1_autocorrelation(mu, beta) == pytest.approx(h[:-1] @ h[1:] / (h @ h), abs=1e-12)


def test_sheppard_and_orthant_probability():
    import mpmath

    dps = mpmath.mp.dps
    for rho in (-0.4, 0.0, 0.55, 0.95):
        assert Q.orthant_disagreement(rho) == pytest.approx(math.acos(rho) / math.pi, abs=1e-13)
    assert mpmath.mp.dps == dps  # its 30 digits are its own: the process's precision is left as it was
    assert Q.bounce_fraction(0.95, 0.95) == pytest.approx(0.2061, abs=5e-5)


def test_fir3_identity_channel_and_circular():
    E = np.random.default_rng(2).standard_normal((6, 4))
    gb, gt = np.full(4, 0.5), np.full(4, -0.25)
    u = Q.fir3_apply(E, gb, gt)
    np.testing.assert_allclose(u[3], E[3] + 0.5 * E[2] - 0.25 * E[1])
    np.testing.assert_allclose(u[0], E[0])
    uc = Q.fir3_apply(E, gb, gt, 1, 2)
    np.testing.assert_allclose(uc[3], E[3] + 0.5 * np.roll(E[2], 1) - 0.25 * np.roll(E[1], 2))


def test_normuon_restoration_preserves_the_norm_only_with_v_post():
    X = np.random.default_rng(3).standard_normal((4, 6))
    v = Q.row_energy(X)
    s = Q.step_sizes(np.array([0.1, 2.0, 0.5, 1.0]))
    assert np.linalg.norm(Q.normuon_restore(X, s, v, v)) == pytest.approx(np.linalg.norm(X), rel=1e-13)
    vpre = np.array([0.1, 2.0, 0.5, 1.0])
    assert abs(np.linalg.norm(Q.normuon_restore(X, s, vpre, vpre)) - np.linalg.norm(X)) > 1e-3
    with pytest.raises(ValueError):
        Q.step_sizes(v, floor="nope")


def test_unrolled_residual_numeric():
    lr, l0, dl = (0.9, 1.1, 0.8), (-0.3, 0.2, 0.5), (0.01, -0.02, 0.03)
    assert float(Q.unrolled_residual(lr, l0, dl, 1.5)) == pytest.approx(float(Q.residual_recursion(lr, l0, dl, 1.5)))


@pytest.mark.parametrize("d", [1, 2, 3])
def test_kinematic_conditions_on_the_phase_space(d):
    """§2.1 on (q_t, p_t): symplecticity of (q, p) -> (q + K, p) forces A + B = 0 and B = B^T."""
    gg = M.gamma
    I = sp.eye(d)
    assert M.kinematic_conditions(gg * I, -gg * I) == []  # the printed operator
    assert M.kinematic_conditions(gg * I, sp.zeros(d))  # not high-pass
    if d >= 2:
        S = sp.zeros(d)
        S[0, 1] = S[1, 0] = 1
        assert M.kinematic_conditions(S, -S) == []  # symmetric B: a solution, not a multiple of I
        N = sp.zeros(d)
        N[0, 1] = 1
        assert M.kinematic_conditions(N, -N)  # non-symmetric B: not symplectic
    phi = M.kinematic_phase_map(gg * I, -gg * I)
    assert phi == M.linear_shear(gg, d)
