"""theory.fir, theory.design_space, theory.transport and the §4 additions to theory.score/shear."""

import math

import numpy as np
import pytest
import sympy as sp

from theory import design_space as ds
from theory import fir, score, shear, transport
from theory.appendix import STATEMENTS as APPENDIX
from theory.catalogue import BY_ID
from theory.statement import all_statements

# --- statements -----------------------------------------------------------------------------

SEC4_5 = [
    "def10",
    "alg1",
    "thm11",
    "def12",
    "prop13",
    "cor14",
    "prop15",
    "thm16",
    "rem17",
    "prop18",
    "rem19",
    "eq25",
    "prop20",
    "cor21",
    "prop22",
    "rem23",
    "prop24",
    "rem25",
    "prop26",
    "table2",
    "thm27",
    "rem28",
    "rem29",
    "prop30",
    "rem31",
    "rem32",
    "rem33",
    "prop34",
    "rem35",
    "prop36",
    "rem37",
    "thm38",
    "thm38.iii",
    "rem39",
    "eq36",
    "table3",
    "rem40",
]


def test_every_item_has_a_statement_with_catalogue_label():
    sts = all_statements()
    for cid in SEC4_5:
        st = sts[cid]
        assert st.label == BY_ID[cid].label and st.section == BY_ID[cid].section and st.content
    appendix = {st.id.lower() for st in APPENDIX}  # the appendix sections (issue 27): not catalogue items
    for cid, st in sts.items():
        if st.paper != "psa" or cid in appendix:  # companion papers have their own ids
            continue
        base = cid.split(".")[0] if cid.split(".")[0] in BY_ID else ".".join(cid.split(".")[:2])
        assert base in BY_ID, cid
    assert all(st.label == f"Appendix {st.id}" and st.section == st.id for st in APPENDIX)


def test_statement_sympy_forms_evaluate():
    sts = all_statements()
    for cid in ("def10", "thm11", "prop13", "cor14", "thm16", "rem17", "eq25", "thm27", "rem31", "prop34"):
        assert sts[cid].sympy() is not None
    assert sp.expand(sts["def10"].sympy().lhs - sts["def10"].sympy().rhs) == 0


# --- score -----------------------------------------------------------------------------------


def test_ghost_key_is_the_sheared_stream():
    K = np.random.default_rng(0).standard_normal((6, 3))
    for b in score.BOUNDARIES:
        assert np.allclose(score.ghost_key(K, 0.4, b), score.sheared(K, 0.4, b))
    with pytest.raises(ValueError):
        score.ghost_key(K, 0.4, "nope")


def test_symbolic_score_matches_numeric():
    q, pq, k, pk = (score.sym_vector(s, 2) for s in ("q", "pq", "k", "pk"))
    g = sp.Symbol("g")
    s = score.score_sym(q, pq, k, pk, g)
    assert sp.expand(s - score.four_term_expansion(g, *score.four_terms_sym(q, pq, k, pk))) == 0
    vals = dict(zip(list(q) + list(pq) + list(k) + list(pk), [1, 2, 3, 4, 5, 6, 7, 8]))
    assert float(s.subs(vals).subs(g, 0.5)) == pytest.approx((1 + 1.5) * (5 + 3.5) + (2 + 2) * (6 + 4))


def test_algorithm_1_listing():
    changed = [name for name, _, c in score.ALGORITHM_1 if c]
    assert changed == ["P_q", "P_k", "shear"]
    assert len(score.ALGORITHM_1) == 9


# --- fir -------------------------------------------------------------------------------------


def test_taps_order_and_transfer():
    g = sp.Symbol("g")
    assert fir.taps_from_map(lambda x: [(1 + g) * x[t] - g * (x[t - 1] if t else 0) for t in range(len(x))]) == (
        1 + g,
        -g,
    )
    assert fir.fir_order(fir.psa_taps(sp.Integer(2))) == 1
    assert fir.fir_order(fir.psa_taps(sp.Integer(0))) == 0
    assert fir.fir_order(fir.lower_shear_taps()) == 0
    z = sp.Symbol("z")
    assert sp.simplify(fir.transfer(fir.psa_taps(g), z) - fir.H_u(z, g)) == 0


@pytest.mark.parametrize("g", [0.0, 0.3, 2.0, -1.7])
def test_magnitude_response_numeric(g):
    w = np.linspace(0, math.pi, 9)
    direct = np.array([abs(fir.H_num(fir.psa_taps(g), x)) ** 2 for x in w])
    assert np.allclose(direct, fir.mag_sq_u_num(w, g))
    assert fir.mag_sq_u_num(math.pi, g) == pytest.approx((1 + 2 * g) ** 2)


def test_convolution_theorem_for_filter_full():
    rng = np.random.default_rng(1)
    X = rng.standard_normal((7, 2))
    taps = fir.psa_taps(0.8)
    Y = fir.filter_full(X, taps)
    assert Y.shape == (8, 2)
    for w in (0.3, 1.1, 2.9):
        assert np.allclose(fir.dtft(Y, w), fir.H_num(taps, w) * fir.dtft(X, w))
    S = rng.standard_normal((4, 5))
    t, j = np.arange(1, 5), np.arange(1, 6)
    direct = sum(S[a, b] * np.exp(-1j * (0.4 * t[a] + 1.2 * j[b])) for a in range(4) for b in range(5))
    assert fir.dtft2(S, 0.4, 1.2) == pytest.approx(direct)


def test_band_average_and_fraction_numeric():
    from scipy.integrate import quad

    for g in (0.2, 1.5):
        mean = quad(lambda w: fir.mag_sq_u_num(w, g), 0, math.pi)[0] / math.pi
        assert mean == pytest.approx(float(fir.band_average_gain(g)))
        w0 = 1.0
        frac = (
            quad(lambda w: fir.mag_sq_u_num(w, g) - 1, w0, math.pi)[0]
            / quad(lambda w: fir.mag_sq_u_num(w, g) - 1, 0, math.pi)[0]
        )
        assert frac == pytest.approx(float(fir.excess_fraction_above(sp.Integer(1))))


def test_3db_cutoffs():
    assert float(fir.THRESHOLD_3DB) == pytest.approx(0.20711, abs=1e-5)
    g = 0.5
    s2 = float(fir.cutoff_above_dc(g))
    assert fir.mag_sq_u_num(2 * math.asin(math.sqrt(s2)), g) == pytest.approx(2.0)
    s2 = float(fir.cutoff_below_max(g))
    assert fir.mag_sq_u_num(2 * math.asin(math.sqrt(s2)), g) == pytest.approx((1 + 2 * g) ** 2 / 2)
    assert float(fir.cutoff_below_max(0.1)) < 0  # no cutoff below the threshold (Rem 17's counterexample)


def test_band_energy_ratio_numeric():
    from scipy.integrate import quad

    g, wc = 0.7, 1.3
    hi = quad(lambda w: fir.mag_sq_u_num(w, g), wc, math.pi)[0]
    lo = quad(lambda w: fir.mag_sq_u_num(w, g), 0, wc)[0]
    assert hi / lo == pytest.approx(float(fir.band_energy_ratio(sp.Float(wc), g)))


# --- shear ------------------------------------------------------------------------------------


def test_shear_additions():
    g = sp.Symbol("g")
    assert shear.shear_power_explicit(g, 3, 2) == shear.shear_explicit(g, 2) ** 3
    assert np.array_equal(np.array(shear.lower_shear_explicit(0.5, 2), dtype=float), shear.lower_shear(0.5, 2))
    assert sp.Matrix(shear.asymmetric_shear(0.3, 0.7, 2)).equals(shear.asymmetric_shear_explicit(0.3, 0.7, 2))
    assert np.array_equal(np.array(shear.joint_omega_explicit(2), dtype=float), shear.joint_omega(2))
    x = np.arange(8.0)
    assert shear.h_joint(x, 2) == 0.5 * (2**2 + 3**2 + 6**2 + 7**2)
    assert shear.h_joint(sp.Matrix(x), 2) == shear.h_joint(x, 2)
    B = ds.generic_symmetric("b", 2)
    assert shear.block_shear_explicit(B)[:2, 2:] == B


# --- design space ---------------------------------------------------------------------------


def test_sp_block_form_and_families():
    for dk in (1, 2):
        assert ds.sp_condition(ds.sp_block_form(dk)).is_zero_matrix
    B = ds.generic_symmetric("b", 2)
    assert ds.sp_condition(ds.rotation_generator(B)).is_zero_matrix
    X = ds.sp_so_form(ds.generic_skew("a", 2), B)
    assert (X + X.T).is_zero_matrix and ds.sp_condition(X).is_zero_matrix
    g = sp.Symbol("g")
    assert ds.matrix_exp(g * ds.upper_generator(sp.eye(2))) == shear.shear_explicit(g, 2)
    s = sp.Symbol("s")
    E = ds.exp_J(s, 2)
    assert (sp.diff(E, s) - shear.omega_explicit(2) * E).applyfunc(sp.simplify).is_zero_matrix
    N = sp.Matrix([[0, 1], [-1, 0]]) * sp.Rational(1, 3)
    assert ds.matrix_exp(N).applyfunc(sp.simplify) == ds.exp_J(sp.Rational(1, 3), 1)


def test_score_stream_taps_and_rotation_filter():
    g = sp.Symbol("g")
    assert ds.score_stream_taps(shear.shear_explicit(g, 1)) == (1 + g, -g)
    a = sp.Symbol("a")
    taps = ds.score_stream_taps(ds.exp_J(a, 1))
    assert sp.expand(fir.transfer_poly(taps) - ds.rotation_filter(a)) == 0
    assert abs(float(ds.rotation_filter(0.8).subs(sp.Symbol("zinv"), 1))) == pytest.approx(0.69671, abs=1e-5)


def test_hamiltonian_flows():
    q, p = score.sym_vector("q", 2), score.sym_vector("p", 2)
    g = sp.Symbol("g")
    assert ds.hamiltonian_flow(ds.H_upper(q, p), q, p, g) == shear.shear_explicit(g, 2)
    assert ds.hamiltonian_flow(ds.H_lower(q, p), q, p, g) == shear.lower_shear_explicit(g, 2)


def test_factorised_subclass_helpers():
    a, b, w = sp.symbols("a b w", real=True)
    H = a + b * sp.exp(-sp.I * w)
    assert sp.simplify(sp.expand(H * sp.conjugate(H)) - ds.two_tap_mag_sq(a, b, w)) == 0
    assert sp.simplify(ds.c2_monotone_integrand(a, b, w) + 2 * a * b * sp.sin(w)) == 0
    assert ds.c2_strict(1 + sp.Integer(2), -sp.Integer(2)) == sp.true
    assert ds.psa_member(sp.Integer(1)) == (2, -1, 2, -1)


def test_phase_encoded_score_numeric():
    Q, K = sp.Matrix([1.0, 2.0]), sp.Matrix([-0.5, 0.3])
    lhs = ds.phase_encoded_score(Q, K, 3, 5, 0.2, 0.7, 0.4, -1.1)
    rhs = ds.phase_encoded_score_claim(Q, K, 3, 5, 0.2, 0.7, 0.4, -1.1)
    assert float(lhs) == pytest.approx(float(rhs))


def test_mlp_jacobian_and_codimension():
    rng = np.random.default_rng(3)
    W1, b1, W2, b2 = (
        rng.standard_normal((6, 3)),
        rng.standard_normal(6),
        rng.standard_normal((3, 6)),
        rng.standard_normal(3),
    )
    p, h = rng.standard_normal(3), 1e-6
    fd = np.column_stack(
        [(ds.mlp(p + h * e, W1, b1, W2, b2) - ds.mlp(p - h * e, W1, b1, W2, b2)) / (2 * h) for e in np.eye(3)]
    )
    assert np.allclose(fd, ds.mlp_jacobian(p, W1, b1, W2), atol=1e-7)
    assert ds.symmetric_codimension(64) == 2016
    D = ds.generic_matrix("D", 2)
    g = sp.Symbol("g")
    J = ds.nonlinear_shear_jacobian(D, g)
    assert (J.T * shear.omega_explicit(2) * J - ds.symplectic_defect_claim(D, g)).applyfunc(sp.expand).is_zero_matrix


# --- transport --------------------------------------------------------------------------------


def test_transport_identity_helpers():
    q, pq, k, pk = transport.stream_vectors(2)
    g = transport.gamma
    assert sp.expand(score.score_sym(q, pq, k, pk, g) - transport.transport_rhs(q, pq, k, pk)) == 0
    F = lambda t, j: t * j  # noqa: E731
    assert transport.delta_diag(F, 3, 5) == 15 - 8
    s = score.score_sym(q, pq, k, pk, transport.gamma_q, transport.gamma_q + transport.epsilon)
    anti = sp.expand((s - transport.swap_streams(s, q, pq, k, pk)) / 2)
    assert sp.expand(anti - transport.antisymmetric_current(q, pq, k, pk)) == 0
    assert sp.expand(s - score.score_sym(q, pq, k, pk, transport.gamma_q) - transport.score_bias(q, pq, k, pk)) == 0


def test_local_bilinear_G_window():
    c = [[1, 2], [3, 4]]
    qs, ks = [1.0, 2.0, 3.0], [5.0, 6.0, 7.0]
    assert transport.local_bilinear_G(c, qs, ks, 2) == 1 * 3 * 7 + 2 * 3 * 6 + 3 * 2 * 7 + 4 * 2 * 6


def test_perturbation_bounds_and_rem39_example():
    assert transport.perturbation_bound_symplectic(0.1, 2.0) == pytest.approx(0.41)
    assert transport.perturbation_bound_energy(0.1, 2.0) == pytest.approx(0.205)
    D = transport.volume_preserving_non_symplectic(2)
    assert np.linalg.det(D) == pytest.approx(1.0)
    assert shear.symplectic_residual(D, shear.omega(2)) > 0.5
    assert shear.symplectic_residual(transport.joint_shear(0.8, 4), shear.joint_omega(4)) == 0.0


def test_reextracted_momentum_and_composition():
    rng = np.random.default_rng(4)
    Q = rng.standard_normal((5, 2))
    P = score.momenta(Q)
    Ph = score.momenta(score.sheared(Q, 0.3))
    assert np.allclose(Ph[1:], transport.reextracted_momentum_claim(P[1:], P[:-1], 0.3))
    assert transport.compose_couplings(0.25, 0.5) == 0.75
    assert np.array_equal(shear.shear(0.25, 3) @ shear.shear(0.5, 3), shear.shear(0.75, 3))


def test_block_builders_and_sp_condition_match_the_block_matrix_forms():
    """_blocks and sp_condition's signed block permutation give the very matrices (entries, forms and
    class) of sp.Matrix(sp.BlockMatrix(...)) and of X^T Omega + Omega X."""
    import sympy as sp

    from theory import design_space as d
    from theory.shear import omega_explicit

    g = sp.Symbol("gamma", real=True)
    A, B = d.generic_matrix("a", 2), d.generic_symmetric("b", 2)
    layouts = [
        [[A, B], [B, -A.T]],
        [[sp.zeros(2), B], [-B, sp.zeros(2)]],
        [[sp.ImmutableMatrix(A), B], [B, A]],
        [[sp.cos(g) * sp.eye(3), sp.sin(g) * sp.eye(3)], [-sp.sin(g) * sp.eye(3), sp.cos(g) * sp.eye(3)]],
    ]
    for rows in layouts:
        ref = sp.Matrix(sp.BlockMatrix(rows))
        assert sp.srepr(d._blocks(rows)) == sp.srepr(ref) and type(d._blocks(rows)) is type(ref)
    mats = []
    for dk in (1, 2, 3):
        mats += [
            d.generic_matrix("x", 2 * dk),
            d.sp_block_form(dk),
            d.rotation_generator(d.generic_symmetric("b", dk)),
            d.sp_so_form(d.generic_skew("a", dk), d.generic_symmetric("b", dk)),
            d.exp_J(g, dk),
            g * d.generic_matrix("y", 2 * dk) + sp.eye(2 * dk),
            sp.ImmutableMatrix(d.generic_matrix("z", 2 * dk)),
        ]
    for X in mats:
        Om = omega_explicit(X.shape[0] // 2)
        ref = X.T * Om + Om * X
        assert sp.srepr(d.sp_condition(X)) == sp.srepr(ref) and type(d.sp_condition(X)) is type(ref)
