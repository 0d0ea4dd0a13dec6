"""theory.order (§2) and theory.integrators (§3): the building blocks the certificates use."""
import numpy as np
import pytest
import sympy as sp

from theory import integrators as I
from theory import order as O
from theory.catalogue import ITEMS
from theory.shear import lower_shear, lower_shear_explicit, shear, shear_explicit
from theory.statement import LEVELS, all_statements

h = I.h


# --- statements ---------------------------------------------------------------------------------

def test_statements_use_catalogue_ids_and_valid_levels():
    catalogue = {it.id: it for it in ITEMS}
    for st in O.STATEMENTS + I.STATEMENTS:
        assert st.id in catalogue, st.id
        assert st.section == catalogue[st.id].section, st.id
        assert st.level in LEVELS
        assert st.content
        for dep in st.depends:
            assert dep in catalogue, (st.id, dep)


def test_statements_are_collected_once_and_sympy_forms_build():
    found = all_statements()
    for st in O.STATEMENTS + I.STATEMENTS:
        assert found[st.id] is st
        if st.sympy is not None:
            assert st.sympy() is not None


# --- order bookkeeping ----------------------------------------------------------------------------

def test_transfer_and_degree():
    a = sp.Symbol("a")
    H = O.transfer({0: 1 + a, 1: -a}, O.z)
    assert sp.expand(H - O.lattice_transfer(a, O.z)) == 0
    assert O.degree_in_zinv(H, O.z) == 1
    assert O.degree_in_zinv(H.subs(a, 0), O.z) == 0
    assert O.degree_in_zinv(sp.Integer(0), O.z) == -sp.oo
    with pytest.raises(sp.PolynomialError):
        O.degree_in_zinv(O.z, O.z)  # an anticausal (z^{+1}) term is not a polynomial in z^{-1}


def test_score_kernel_reads_lags_off_the_score():
    W = sp.Matrix([[1, 2], [3, 4]])
    taps = {0: W, 2: -W}
    kern = O.score_kernel({0: sp.eye(2)}, taps, 2)
    assert set(kern) == {(0, 0), (0, 2)}
    assert kern[(0, 2)] == -W
    assert O.joint_order(O.score_transfer(kern)) == (0, 2)


def test_shear_stream_taps_and_lattice_orders():
    g = sp.Symbol("g", positive=True)
    assert O.shear_stream_taps(g) == {0: 1 + g, 1: -g}
    assert O.shear_stream_taps(0) == {0: 1}
    assert O.lattice_order_claim(0, g) == (0, 1)
    assert O.joint_order(O.lattice_score_transfer(g, 0)) == (1, 0)
    H = O.lattice_score_transfer(2, 3)
    assert sp.expand(O.swap_streams(H) - O.lattice_score_transfer(3, 2)) == 0


# --- integrators -----------------------------------------------------------------------------------

def test_euler_matrix_and_step_jacobian():
    A = I.step_jacobian(I.forward_euler, lambda s: -s, h, 2)
    assert A == I.euler_matrix(h, 2)
    An = np.array(A.subs(h, 0.1), dtype=float)
    assert np.allclose(An.T @ An, 1.01 * np.eye(4))


def test_kick_drift_kick_free_limit_is_the_shear():
    q, p = I.vec("q", 2), I.vec("p", 2)
    q1, p1, _ = I.kick_drift_kick(q, p, lambda s: sp.zeros(2, 1), h)
    assert I.phase(q1, p1) == shear_explicit(h, 2) * I.phase(q, p)


def test_verlet_matrix_matches_kdk_on_linear_force():
    K = sp.Matrix([[2, 1], [1, 3]])
    q, p = I.vec("q", 2), I.vec("p", 2)
    q1, p1, _ = I.kick_drift_kick(q, p, lambda s: -K * s, h)
    assert (I.phase(q1, p1) - I.verlet_matrix(h, K) * I.phase(q, p)).applyfunc(sp.expand) == sp.zeros(4, 1)


def test_lower_shear_explicit_agrees_with_numeric_builder():
    assert np.allclose(np.array(lower_shear_explicit(0.7 * sp.eye(3)), dtype=float), lower_shear(0.7, 3))
    assert np.allclose(np.array(shear_explicit(0.7, 3), dtype=float), shear(0.7, 3))


def test_lie_bracket_conventions_are_opposite():
    x = sp.Matrix(sp.symbols("x y"))
    X = sp.Matrix([x[1], 0])
    Y = sp.Matrix([0, x[0] ** 2])
    d, j = I.lie_bracket(X, Y, x, "derivation"), I.lie_bracket(X, Y, x, "jacobian")
    assert d == -j and d != sp.zeros(2, 1)
    with pytest.raises(ValueError):
        I.lie_bracket(X, Y, x, "other")


def test_flow_series_ring_path_matches_expression_path():
    q, p = sp.symbols("q p", real=True)
    x = sp.Matrix([q, p])
    XF = I.hamiltonian_field(p**2 / 2 + q**3 / 3, sp.Matrix([q]), sp.Matrix([p]))
    XG = I.hamiltonian_field(q**2 / 2 + q * p, sp.Matrix([q]), sp.Matrix([p]))
    fast = I.composed_flow_series(XF, XG, x, h, 3)
    inner, outer = I.flow_series(XG, x, h, 3), I.flow_series(XF, x, h, 3)
    slow = I.truncate(outer.xreplace(dict(zip(x, inner))), h, 3)
    assert (fast - slow).applyfunc(sp.expand) == sp.zeros(2, 1)
    Z = I.bch_generator(XF, XG, x, h, I.bch_coefficients("derivation"))
    fast_z = I.generator_flow_series(Z, x, h, 3)
    term, acc = x, x
    for k in range(1, 4):
        term = I.truncate(I.lie_derivative(term, Z, x), h, 3)
        acc = acc + term / sp.factorial(k)
    assert (fast_z - I.truncate(acc, h, 3)).applyfunc(sp.expand) == sp.zeros(2, 1)


def test_bch_matrix_case():
    """For linear fields X = A x the composed flow is exp(hA) exp(hB); check with log."""
    A = sp.Matrix([[0, 1], [-2, 0]])
    B = sp.Matrix([[1, 0], [3, -1]])
    x = sp.Matrix(sp.symbols("x y"))
    XF, XG = A * x, B * x
    Z = I.bch_generator(XF, XG, x, h, I.bch_coefficients("derivation"))
    Zm = Z.jacobian(x)
    P = I.truncate((sp.eye(2) + h * A + h**2 * A**2 / 2 + h**3 * A**3 / 6)
                   * (sp.eye(2) + h * B + h**2 * B**2 / 2 + h**3 * B**3 / 6), h, 3)
    assert (I.matrix_log_series(P, h, 3) - Zm).applyfunc(sp.expand) == sp.zeros(2)


def test_matrix_log_series_of_unipotent_terminates():
    M = shear_explicit(h, 2)
    assert I.matrix_log_series(M, h, 5) == M - sp.eye(4)


def test_modified_hamiltonian_scalar_oscillator():
    k = sp.Symbol("k", positive=True)
    S = I.modified_hamiltonian_matrix(I.verlet_matrix(h, sp.Matrix([[k]])), h, 5)
    S2 = S.applyfunc(lambda e: sp.expand(e).coeff(h, 2))
    assert S2 == sp.Matrix([[-k**2 / 12, 0], [0, k / 6]])


def test_conserved_form_numeric():
    K = np.array([[2.0, 0.5], [0.5, 1.0]])
    Phi = np.array(I.verlet_matrix(0.3, sp.Matrix(K)), dtype=float)
    S = np.array(I.conserved_form_matrix(0.3, sp.Matrix(K)), dtype=float)
    assert np.allclose(Phi.T @ S @ Phi, S, atol=1e-14)


def test_jordan_block_sizes():
    J = sp.Matrix([[2, 1, 0, 0], [0, 2, 1, 0], [0, 0, 2, 0], [0, 0, 0, 2]])
    assert I.jordan_block_sizes(J, 2) == [3, 1]
    assert I.jordan_block_sizes(sp.eye(3), 1) == [1, 1, 1]
    assert I.jordan_block_sizes(shear_explicit(sp.Rational(1, 3), 2), 1) == [2, 2]


@pytest.mark.parametrize("c", [-4.0, -0.3, 0.0, 0.5, 7.0])
def test_shear_norm_matches_numpy(c):
    assert np.isclose(float(I.shear_norm(sp.Float(c))), np.linalg.norm(shear(c, 3), 2))


def test_harmonic_brackets_numeric_spot():
    q, p = I.vec("q", 2), I.vec("p", 2)
    K = sp.Matrix([[1, 2], [2, 5]])
    T, V = I.harmonic_parts(q, p, K)
    assert I.poisson_bracket(T, V, q, p) == I.harmonic_brackets(q, p, K)["{T,V}"]


def test_h2_from_brackets_equals_log_for_matrix_k():
    K = sp.Matrix([[2, 1], [1, 3]])
    q, p = I.vec("q", 2), I.vec("p", 2)
    T, V = I.harmonic_parts(q, p, K)
    S = I.modified_hamiltonian_matrix(I.verlet_matrix(h, K), h, 4)
    H2 = I.quadratic_form(S.applyfunc(lambda e: sp.expand(e).coeff(h, 2)), I.phase(q, p))
    assert sp.expand(H2 - I.h2_from_brackets(T, V, q, p)) == 0
    assert sp.expand(H2 - I.h2_as_printed(q, K)) != 0


def test_ring_arithmetic_agrees_with_expression_arithmetic():
    """poisson_bracket and lie_bracket compute over Q[symbols] when they can (theory.integrators.
    _polys_over_q); the result is the same expanded expression as SymPy's own arithmetic, and
    inputs outside the ring (functions, floats, irrational coefficients) take the expression path."""
    q, p = I.vec("q", 2), I.vec("p", 2)
    a = sp.Symbol("a")
    x = I.phase(q, p)
    F = a * q[0] ** 2 * p[1] + sp.Rational(3, 7) * p[0] ** 3 - q[1] * p[0]
    G = q[0] * q[1] * p[0] - 2 * p[1] ** 2 + a ** 2 * q[1] ** 3
    expr_pb = sp.expand(sum(sp.diff(F, qi) * sp.diff(G, pi) - sp.diff(F, pi) * sp.diff(G, qi)
                            for qi, pi in zip(q, p)))
    assert I.poisson_bracket(F, G, q, p) == expr_pb
    XF, XG = I.hamiltonian_field(F, q, p), I.hamiltonian_field(G, q, p)
    for conv, sign in (("derivation", 1), ("jacobian", -1)):
        ref = (sign * (XG.jacobian(x) * XF - XF.jacobian(x) * XG)).applyfunc(sp.expand)
        assert I.lie_bracket(XF, XG, x, conv) == ref
    for odd in (sp.sin(q[0]) * p[0], sp.sqrt(2) * q[0] * p[1], 0.5 * q[1] * p[0]):
        assert I._polys_over_q([odd], list(x)) is None
        ref = sp.expand(sum(sp.diff(odd, qi) * sp.diff(G, pi) - sp.diff(odd, pi) * sp.diff(G, qi)
                            for qi, pi in zip(q, p)))
        assert sp.expand(I.poisson_bracket(odd, G, q, p) - ref) == 0
