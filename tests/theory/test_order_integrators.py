"""theory.order (§2) and theory.integrators (§3): the building blocks the certificates use."""

import numpy as np
import pytest
import sympy as sp
from sympy.core.function import AppliedUndef

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
    P = I.truncate(
        (sp.eye(2) + h * A + h**2 * A**2 / 2 + h**3 * A**3 / 6)
        * (sp.eye(2) + h * B + h**2 * B**2 / 2 + h**3 * B**3 / 6),
        h,
        3,
    )
    assert (I.matrix_log_series(P, h, 3) - Zm).applyfunc(sp.expand) == sp.zeros(2)


def test_matrix_log_series_of_unipotent_terminates():
    M = shear_explicit(h, 2)
    assert I.matrix_log_series(M, h, 5) == M - sp.eye(4)


def test_modified_hamiltonian_scalar_oscillator():
    k = sp.Symbol("k", positive=True)
    S = I.modified_hamiltonian_matrix(I.verlet_matrix(h, sp.Matrix([[k]])), h, 5)
    S2 = S.applyfunc(lambda e: sp.expand(e).coeff(h, 2))
    assert S2 == sp.Matrix([[-(k**2) / 12, 0], [0, k / 6]])


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
    G = q[0] * q[1] * p[0] - 2 * p[1] ** 2 + a**2 * q[1] ** 3
    expr_pb = sp.expand(sum(sp.diff(F, qi) * sp.diff(G, pi) - sp.diff(F, pi) * sp.diff(G, qi) for qi, pi in zip(q, p)))
    assert I.poisson_bracket(F, G, q, p) == expr_pb
    XF, XG = I.hamiltonian_field(F, q, p), I.hamiltonian_field(G, q, p)
    for conv, sign in (("derivation", 1), ("jacobian", -1)):
        ref = (sign * (XG.jacobian(x) * XF - XF.jacobian(x) * XG)).applyfunc(sp.expand)
        assert I.lie_bracket(XF, XG, x, conv) == ref
    for odd in (sp.sin(q[0]) * p[0], sp.sqrt(2) * q[0] * p[1], 0.5 * q[1] * p[0]):
        assert I._polys_over_q([odd], list(x)) is None
        ref = sp.expand(
            sum(sp.diff(odd, qi) * sp.diff(G, pi) - sp.diff(odd, pi) * sp.diff(G, qi) for qi, pi in zip(q, p))
        )
        assert sp.expand(I.poisson_bracket(odd, G, q, p) - ref) == 0


# --- fast paths against the expression paths they replace (same results, structurally) ---------


#: Nodes whose ``srepr`` is their class name and the ``srepr`` of their arguments, in an order that
#: depends on those arguments alone (sympy.printing.repr: _print_Add / _print_Mul order the terms by
#: keys read off the terms, _print_Pow and _print_Function print the arguments in turn).
_BY_ARGS = (sp.Add, sp.Mul, sp.Pow)


def _same_tree(x, y) -> bool:
    """``srepr(x) == srepr(y)`` read without printing where it can be: the same object has the same
    srepr; a node of :data:`_BY_ARGS` or a known function's application is the same when its class and
    its arguments, in turn, are; anything else (numbers, symbols, undefined functions, other nodes, two
    nodes of different classes) is compared by its srepr, as before.  True only where the srepr are
    equal."""
    if x is y:
        return True
    by_args = isinstance(x, _BY_ARGS) or (isinstance(x, sp.Function) and not isinstance(x, AppliedUndef))
    if x.args and by_args and type(x) is type(y):
        return len(x.args) == len(y.args) and all(_same_tree(a, b) for a, b in zip(x.args, y.args))
    return sp.srepr(x) == sp.srepr(y)


def _same(a, b):
    """Structural identity: the same SymPy objects (srepr), entry for entry for matrices
    (:func:`_same_tree`: without printing the shared parts)."""
    if isinstance(a, sp.MatrixBase) or isinstance(b, sp.MatrixBase):
        return type(a) is type(b) and a.shape == b.shape and all(_same_tree(x, y) for x, y in zip(a, b))
    return _same_tree(a, b)


def test_same_is_srepr_equality():
    """:func:`_same` answers what comparing srepr answers, on equal and on nearly equal trees."""
    x, y = sp.symbols("x y", real=True)
    xp = sp.Symbol("x", positive=True)
    f = sp.Function("f")
    cases = [
        (sp.expand((x + y) ** 3), sp.expand((y + x) ** 3)),
        (sp.sin(x) * y + 2, sp.sin(x) * y + 2),
        (sp.sin(x) * y + 2, sp.sin(xp) * y + 2),  # the same name, other assumptions
        (sp.Float(0.5, 15) * x, sp.Float(0.5, 30) * x),  # equal values, other precisions
        (sp.Rational(1, 2) * x, sp.Float(0.5) * x),
        (f(x) + 1, f(x) + 1),
        (f(x) + 1, sp.Function("f", real=True)(x) + 1),
        (x**2 / 3, x**2 / 3),
        (x**2 / 3, x**3 / 3),
        (sp.exp(x) - y, sp.exp(y) - x),
    ]
    for a, b in cases:
        assert _same(a, b) is (sp.srepr(a) == sp.srepr(b)), (a, b)
        assert _same(sp.Matrix([[a, 1]]), sp.Matrix([[b, 1]])) is (sp.srepr(a) == sp.srepr(b)), (a, b)


def _verlet_cases():
    k = sp.Symbol("k", positive=True)
    return [sp.Matrix([[k]]), I.symmetric_matrix("K", 2), sp.zeros(1), sp.zeros(2), sp.Matrix([[2, 1], [1, 3]])]


@pytest.mark.parametrize("order", [1, 2, 5, 6])
def test_matrix_log_series_ring_path_matches_expression_path(order):
    for K in _verlet_cases():
        Phi = I.verlet_matrix(h, K)
        assert _same(I.matrix_log_series(Phi, h, order), I._matrix_log_series_expr(Phi, h, order))
    odd = sp.Matrix([[1 + sp.sin(h), h], [0, 1]])  # outside the ring: the expression path
    assert _same(I.matrix_log_series(odd, h, 3), I._matrix_log_series_expr(odd, h, 3))


def test_truncate_in_the_ring_matches_truncate_by_expand():
    """truncate keeps the low powers of polynomials over Q in their ring: the same expanded entries,
    and the same matrix class, as _truncate_expr (sp.expand, then the terms' powers of the variable)."""
    x, y = sp.symbols("x y", real=True)
    K = I.symmetric_matrix("K", 2)
    N = I.verlet_matrix(h, K) - sp.eye(4)
    cases = [
        N * N,
        (x + h * y - h**2 / 3) ** 4 - x**4,
        sp.Integer(5),
        x * y - sp.Rational(2, 7),
        (h + x) * (h - x) - h**2,
        sp.ImmutableMatrix([[(1 + h) ** 3, x], [h**4 * y, 0]]),
        sp.Matrix([[sp.sin(h) + h**3, h]]),  # outside the ring: by expand
        0.5 * h**2 + h,
        sp.Matrix([[h ** sp.Rational(1, 2) + h**2]]),
    ]
    for e in cases:
        for order in (0, 1, 3):
            assert _same(I.truncate(e, h, order), I._truncate_expr(e, h, order)), (e, order)
    assert _same(I.truncate((x + h) ** 2, x, 1), I._truncate_expr((x + h) ** 2, x, 1))


def test_modified_hamiltonian_ring_path_matches_expression_path():
    for K in _verlet_cases():
        Phi = I.verlet_matrix(h, K)
        for order in (1, 4, 5):
            assert _same(I.modified_hamiltonian_matrix(Phi, h, order), I._modified_hamiltonian_expr(Phi, h, order))
    # log(Phi) not divisible by h (Phi - I has a constant term): the expression path answers
    Phi = sp.Matrix([[1 + h, 2], [3, 1 + h**2]])
    assert _same(I.modified_hamiltonian_matrix(Phi, h, 3), I._modified_hamiltonian_expr(Phi, h, 3))


def test_coefficient_matrices_match_expand_coeff():
    for K in _verlet_cases():
        S = I.modified_hamiltonian_matrix(I.verlet_matrix(h, K), h, 5)
        fast = I.coefficient_matrices(S, h, range(5))
        slow = [S.applyfunc(lambda e: sp.expand(e).coeff(h, k)) for k in range(5)]
        assert all(_same(a, b) for a, b in zip(fast, slow))
    M = sp.Matrix([[sp.cos(h) + h, h**2 / 3]])
    assert all(
        _same(a, b)
        for a, b in zip(
            I.coefficient_matrices(M, h, [0, 1, 2]),
            [M.applyfunc(lambda e: sp.expand(e).coeff(h, k)) for k in (0, 1, 2)],
        )
    )


def test_ring_element_is_the_element_from_expr_builds():
    """theory.integrators._ring_element reads monomials straight into a dictionary: the same ring
    element as ``R(e)`` (PolyRing.from_expr), its terms in the same order, and the same refusals."""
    x, y, a = sp.symbols("x y a", real=True)
    f = sp.Function("f")
    R, *_ = sp.ring((a, x, y), sp.QQ)
    index = {a: 0, x: 1, y: 2}
    good = [
        sp.Integer(0),
        sp.Rational(-3, 7),
        x,
        -x,
        x**3 * y / 5 - a * x + 2,
        sp.expand((x + 2 * y - a / 3) ** 4),
        (x + y) * (x - y) + y**2 - x**2,  # cancels to 0
        (x + 1) ** 3 - x**3 + 2 * (y - a) * (x**2 + y) / 3,
        x * (y + 1) ** 2 * (a - x),
        sp.Add(x**2, y, -(x**2), sp.Mul(x, x + y, evaluate=False), evaluate=False),  # x^2 dropped, then back
    ]
    for e in good:
        got, want = I._ring_element(R, e, index), R(e)
        assert got == want and list(got.items()) == list(want.items()), e
    for odd in (sp.sqrt(2) * x, x**-1 + y, sp.sin(x) * y, f(x) + 1, sp.pi * x, sp.I * y, x ** sp.Rational(1, 2)):
        with pytest.raises((ValueError, sp.CoercionFailed)):
            R(odd)
        with pytest.raises((ValueError, sp.CoercionFailed)):
            I._ring_element(R, odd, index)
    assert I._ring_over_q((a, x, y)) == (R, R.gens)


def test_gradient_and_jacobian_ring_paths_match_diff():
    q, p = I.vec("q", 2), I.vec("p", 2)
    x = I.phase(q, p)
    a = sp.Symbol("a")
    polys = [
        a * q[0] ** 2 * p[1] + sp.Rational(3, 7) * p[0] ** 3 - q[1] * p[0],
        (p.T * p)[0, 0] / 2,
        sp.expand((q[0] + 2 * p[1]) ** 3 / 5),
        sp.Integer(4),
        q[0],
    ]
    odd = [sp.sin(q[0]) * p[0], sp.sqrt(2) * q[1], 0.5 * p[0] ** 2, (q[0] + p[0]) ** 2, q[0] / p[1]]
    for F in polys + odd:
        assert _same(I.gradient(F, x), I._gradient_expr(F, x)), F
    F = sp.Matrix([(q[0] + h * p[0]) ** 2 / 2, h * (p[1] - a * q[1]) * q[0], sp.Integer(1), q[1]])
    assert _same(I.expanded_jacobian(F, x), F.jacobian(x).applyfunc(sp.expand))
    G = sp.Matrix([sp.exp(q[0]) * p[0], q[1]])
    assert _same(I.expanded_jacobian(G, x), G.jacobian(x).applyfunc(sp.expand))


def test_expand_poly_and_matrix_match_sp_expand():
    x, y = sp.symbols("x y", real=True)
    f = sp.Function("f")
    exprs = [
        (x + y) ** 3 - x * (y - sp.Rational(1, 2)) ** 2,
        sp.Integer(3),
        sp.Rational(-2, 5),
        x,
        1 / x,
        x / (x + 1) ** 2,
        sp.sqrt(2) * x,
        f(x) * (x + 1),
        sp.exp(x) + x,
        0.5 * x + 1,
        sp.I * x,
        sp.pi * x,
    ]
    for e in exprs:
        assert _same(I.expand_poly(e), sp.expand(e)), e
    M = sp.Matrix([[(x + 1) * (y - 1), x**2], [sp.Integer(0), (x - y) ** 2 / 3]])
    assert _same(I.expand_matrix(M), M.applyfunc(sp.expand))
    N = sp.Matrix([[(x + 1) * sp.sin(y), x]])
    assert _same(I.expand_matrix(N), N.applyfunc(sp.expand))
    # the residuals eq9 forms: D^T J D - J of one kick-drift-kick step with f(q) = -L q
    L = sp.Matrix(2, 2, sp.symbols("L11 L12 L21 L22", real=True))
    Qv, Pv = I.vec("q", 2), I.vec("p", 2)
    Q1, P1, _ = I.kick_drift_kick(Qv, Pv, lambda s: -L * s, h)
    D = I.phase(Q1, P1).jacobian(I.phase(Qv, Pv))
    J = I.omega_explicit(2)
    assert _same(I.expand_matrix(D.T * J * D - J), (D.T * J * D - J).applyfunc(sp.expand))


def _old_score_kernel(query_taps, key_taps, d_in):
    qs = O.stream_symbols("q", sorted(query_taps), d_in)
    ks = O.stream_symbols("k", sorted(key_taps), d_in)
    s = sp.expand((O.apply_taps(query_taps, qs).T * O.apply_taps(key_taps, ks))[0, 0])
    kernel = {}
    for a, qa in qs.items():
        for b, kb in ks.items():
            C = sp.Matrix(d_in, d_in, lambda i, l: s.coeff(qa[i]).coeff(kb[l]))
            if any(c != 0 for c in C):
                kernel[(a, b)] = C
    return kernel


def _old_degree(H, zvar):
    entries = list(H) if isinstance(H, sp.MatrixBase) else [H]
    deg = sp.S.NegativeInfinity
    for e in entries:
        e = sp.expand(sp.sympify(e).subs(zvar, 1 / O.w))
        if e != 0:
            deg = max(deg, sp.Poly(e, O.w).degree())
    return deg


def test_score_kernel_and_degree_fast_paths_match_expression_paths():
    g = sp.Symbol("g", positive=True)
    for dk, dm in ((1, 2), (2, 2), (3, 3)):
        WQ = sp.Matrix(dk, dm, lambda i, j: sp.Symbol(f"WQ_{i}{j}", real=True))
        WK = sp.Matrix(dk, dm, lambda i, j: sp.Symbol(f"WK_{i}{j}", real=True))
        for qt, kt in (
            (O.pointwise_taps(WQ), O.pointwise_taps(WK)),
            (O.pointwise_taps(WQ), {0: (1 + g) * WK, 1: -g * WK}),
            ({0: WQ, 2: WQ / 3}, {0: WK, 1: WK / 2}),
            ({0: sp.sqrt(2) * WQ}, O.pointwise_taps(WK)),
        ):  # outside Q: expression path
            fast, slow = O.score_kernel(qt, kt, dm), _old_score_kernel(qt, kt, dm)
            assert fast.keys() == slow.keys() and all(_same(fast[k], slow[k]) for k in fast)
            HS = O.score_transfer(fast)
            assert O.joint_order(HS) == (_old_degree(HS, O.z1), _old_degree(HS, O.z2))
    for H in (
        O.lattice_transfer(g),
        1 + sp.sqrt(2) * O.z**-1,
        O.z**-2 * sp.sin(g) + O.z**-1,
        sp.Float(0.5) * O.z**-3,
        (1 + O.z**-1) ** 3,
        sp.Integer(0),
        sp.Integer(5),
    ):
        assert O.degree_in_zinv(H, O.z) == _old_degree(H, O.z)
    with pytest.raises(sp.PolynomialError):
        O.degree_in_zinv(1 + O.z, O.z)
    # Laurent monomials in the other symbols (a joint transfer read in one variable) read directly:
    # the degree Poly gives; a negative power of the variable itself is left to Poly (which raises)
    a, b = sp.symbols("a b")
    w = O.w
    for e in (w**2 / b + a * w / b**3 + 1, sp.Rational(3, 7) * w * b**-2 - w**3 * a**2 * b, a / b, w * b**-1 - 1):
        assert O._monomial_degree(e, w) == sp.Poly(e, w).degree(), e
    assert O._monomial_degree(w**-1 + a, w) is None and O._monomial_degree(sp.sqrt(2) * w / b, w) is None


def test_degree_in_zinv_read_off_laurent_monomials_matches_expansion():
    """degree_in_zinv multiplies the monomials of a Laurent polynomial over Q out exactly instead of
    substituting z = 1/w and expanding: the same degree (-oo for a sum that cancels), and anything
    else -- a positive power of z, coefficients outside Q, w itself -- read by the expansion as before."""
    g, a = sp.symbols("g a", positive=True)
    z1, z2, z, w = O.z1, O.z2, O.z, O.w
    for e in (
        (1 + g) * z1**-1 - g * z1**-1 + z2**-2 / a,
        (z1**-1 + a / z2) ** 3 - z1**-3,
        g * (z1**-1 - a) * (z1**-1 + a) - g * z1**-2,  # the top power cancels
        (1 + g) * z**-1 - z**-1 - g / z,  # everything cancels: -oo
        sp.Integer(0),
        sp.Rational(3, 4),
    ):
        for var in (z1, z2, z):
            assert O._laurent_degree_in_inverse(e, var) is not None, e
            assert O.degree_in_zinv(e, var) == _old_degree(e, var), (e, var)
    e = z**-2 * z2 / g + z2**-1  # Laurent in z2 (a coefficient when read in z), a positive power of z2
    assert O._laurent_degree_in_inverse(e, z) is not None and O.degree_in_zinv(e, z) == _old_degree(e, z) == 2
    assert O._laurent_degree_in_inverse(e, z2) is None
    with pytest.raises(sp.PolynomialError):
        O.degree_in_zinv(e, z2)
    for e in (z1 + 1, sp.sqrt(2) * z1**-1, 0.5 * z1**-2, w * z1**-1, sp.sin(g) * z1**-1):
        assert O._laurent_degree_in_inverse(e, z1) is None, e
    assert O.degree_in_zinv(sp.Matrix([[z1**-2, 0], [g * z1**-1 - g / z1, 1]]), z1) == 2


def test_explicit_shear_builders_match_block_matrix():
    from theory import shear as S

    g, n = sp.Symbol("gamma", real=True), sp.Symbol("n", positive=True, integer=True)
    K = sp.Matrix(2, 2, sp.symbols("a b c d"))
    old = lambda blocks: sp.Matrix(sp.BlockMatrix(blocks))  # noqa: E731
    for dk in (1, 2, 3):
        eye, Z = sp.eye(dk), sp.zeros(dk)
        for gv in (g, 0, sp.Rational(1, 3), 0.5, n * g, -h / 2, sp.sqrt(2) * g):
            assert _same(S.shear_explicit(gv, dk), old([[eye, gv * eye], [Z, eye]]))
            assert _same(S.lower_shear_explicit(gv, dk), old([[eye, Z], [sp.Matrix(gv * eye), eye]]))
        assert _same(S.omega_explicit(dk), old([[Z, eye], [-eye, Z]]))
        assert _same(S.generator_explicit(dk), old([[Z, eye], [Z, Z]]))
    assert _same(S.lower_shear_explicit(-h * K), old([[sp.eye(2), sp.zeros(2)], [-h * K, sp.eye(2)]]))
    assert _same(S.block_shear_explicit(K), old([[sp.eye(2), K], [sp.zeros(2), sp.eye(2)]]))


def test_bch_residual_orders_ring_path_matches_the_composed_functions():
    q, p = sp.Matrix([sp.Symbol("q", real=True)]), sp.Matrix([sp.Symbol("p", real=True)])
    x = I.phase(q, p)
    c = sp.symbols("c0:6")
    pairs = [
        (p[0] ** 2 / 2 + q[0] * p[0] / 3 + q[0] ** 3 / 5, q[0] ** 2 / 2 + q[0] ** 3 / 3 + 2 * p[0] * q[0] ** 2 / 7),
        (
            c[0] * q[0] ** 2 + c[1] * q[0] * p[0] + c[2] * p[0] ** 2,
            c[3] * q[0] ** 2 + c[4] * q[0] * p[0] + c[5] * p[0] ** 2,
        ),
    ]
    coeff_sets = [
        I.BCH_PRINTED,
        I.bch_coefficients("derivation"),
        I.bch_coefficients("jacobian"),
        (sp.Rational(1, 2), sp.Rational(1, 12), sp.Rational(1, 12)),
        (0, 0, 0),
        (sp.Symbol("s"), 1, 2),
    ]
    lhs_of = []
    for F, G in pairs:
        XF, XG = I.hamiltonian_field(F, q, p), I.hamiltonian_field(G, q, p)
        lhs = I.composed_flow_series(XF, XG, x, h, 3)  # the same for every Z
        lhs_of.append(lhs)
        for coeffs in coeff_sets:
            for conv in I.CONVENTIONS:
                Z = I.bch_generator(XF, XG, x, h, coeffs, conv)
                R = (lhs - I.generator_flow_series(Z, x, h, 3)).applyfunc(sp.expand)
                slow = [all(sp.expand(e).coeff(h, k) == 0 for e in R) for k in range(4)]
                assert I.bch_residual_orders(XF, XG, x, h, coeffs, conv, 3) == slow, (F, coeffs, conv)
    # a float coefficient is outside the ring: the expression path, i.e. the composition itself
    XF, XG = I.hamiltonian_field(pairs[0][0], q, p), I.hamiltonian_field(pairs[0][1], q, p)
    coeffs = (0.5, sp.Rational(1, 12), sp.Rational(1, 12))
    R = (
        lhs_of[0]  # composed_flow_series(XF, XG, x, h, 3) of this pair, computed above
        - I.generator_flow_series(I.bch_generator(XF, XG, x, h, coeffs, "jacobian"), x, h, 3)
    ).applyfunc(sp.expand)
    assert I.bch_residual_orders(XF, XG, x, h, coeffs, "jacobian", 3) == [
        all(sp.expand(e).coeff(h, k) == 0 for e in R) for k in range(4)
    ]
    with pytest.raises(ValueError):
        I.bch_residual_orders(XF, XG, x, h, I.BCH_PRINTED, "other")


def test_bch_generator_in_the_ring_matches_brackets_then_expand():
    """bch_generator forms the brackets and Z in Q[symbols] at once: the same entries as composing
    lie_bracket and expand_matrix (_bch_generator_expr); floats and other steps take that path."""
    q, p = sp.Matrix([sp.Symbol("q", real=True)]), sp.Matrix([sp.Symbol("p", real=True)])
    x = I.phase(q, p)
    s = sp.Symbol("s")
    XF = I.hamiltonian_field(p[0] ** 2 / 2 + q[0] ** 3 / 5 - s * q[0] * p[0], q, p)
    XG = I.hamiltonian_field(q[0] ** 2 / 2 + 2 * p[0] * q[0] ** 2 / 7, q, p)
    for coeffs in (I.BCH_PRINTED, (s, 1, 0), (0, 0, 0), (0.5, sp.Rational(1, 12), 0)):
        for conv in I.CONVENTIONS:
            for dt in (h, sp.Rational(1, 3)):
                got = I.bch_generator(XF, XG, x, dt, coeffs, conv)
                assert _same(got, I._bch_generator_expr(XF, XG, x, dt, coeffs, conv)), (coeffs, conv, dt)
    with pytest.raises(ValueError):
        I.bch_generator(XF, XG, x, h, I.BCH_PRINTED, "other")


def test_ring_composition_truncated_as_formed_equals_compose_then_truncate():
    """composed_flow_series substitutes the inner flow into the outer one truncating every product
    at h^order as it is formed: the same ring element as PolyElement.compose, then the truncation."""
    R, a, x, y, hh = sp.ring("a x y h", sp.QQ)
    f = x**3 * hh + a * x * y * hh**2 - y**2 + x * y**2 * hh / 5 + 7 * a + y * hh**3 / 3 + hh**4
    values = [x + a * hh - x * y * hh**2 / 2 + hh**3, y - x * hh + a**2 * y * hh**2 + hh**5]
    for order in (0, 1, 3, 4):
        full = f.compose([(x, values[0]), (y, values[1])])
        want = R.from_dict({m: c for m, c in full.terms() if m[3] <= order})
        assert I._ring_compose_truncated(f, [x, y], values, 3, order) == want, order
    assert I._ring_compose_truncated(R.zero, [x, y], values, 3, 3) == R.zero


def test_oscillator_builders_expand_in_the_ring_as_sp_expand_does():
    """harmonic_parts, harmonic_brackets, verlet_matrix, quadratic_form, h2_as_printed, h2_from_brackets,
    second_invariant, conserved_form_matrix: the same expressions as their sp.expand forms."""
    k = sp.Symbol("k", positive=True)
    for K in (
        sp.Matrix([[k]]),
        I.symmetric_matrix("K", 2),
        sp.Matrix([[2, 1], [1, 3]]),
        sp.Matrix([[0.5, 0.25], [0.25, 1.0]]),
        sp.Matrix([[sp.sqrt(2)]]),
    ):
        dk = K.shape[0]
        q, p = I.vec("q", dk), I.vec("p", dk)
        x = I.phase(q, p)
        T, V = I.harmonic_parts(q, p, K)
        assert _same(V, sp.expand((q.T * K * q)[0, 0] / 2))
        want = {
            "{T,V}": sp.expand(-(p.T * K * q)[0, 0]),
            "{T,{T,V}}": sp.expand((p.T * K * p)[0, 0]),
            "{V,{V,T}}": sp.expand((q.T * K * K * q)[0, 0]),
        }
        got = I.harmonic_brackets(q, p, K)
        assert got.keys() == want.keys() and all(_same(got[n], want[n]) for n in want)
        for dt in (h, sp.Rational(1, 3), 0.3):
            Phi = (I.kick_matrix(dt / 2, K) * I.drift_matrix(dt, dk) * I.kick_matrix(dt / 2, K)).applyfunc(sp.expand)
            assert _same(I.verlet_matrix(dt, K), Phi)
            S = sp.Matrix(
                sp.BlockMatrix([[K * (sp.eye(dk) - dt**2 * K / 4), sp.zeros(dk)], [sp.zeros(dk), sp.eye(dk)]])
            ).applyfunc(sp.expand)
            assert _same(I.conserved_form_matrix(dt, K), S)
            assert _same(I.quadratic_form(S, x), sp.expand((x.T * S * x)[0, 0] / 2))
        assert _same(I.h2_as_printed(q, K), sp.expand(-(q.T * K * K * q)[0, 0] / 8))
        pb = lambda a, b: I.poisson_bracket(a, b, q, p)  # noqa: E731
        assert _same(I.h2_from_brackets(T, V, q, p), sp.expand(pb(T, pb(T, V)) / 12 - pb(V, pb(V, T)) / 24))
        assert _same(I.second_invariant(q, p, K), sp.expand(((p.T * K * p)[0, 0] + (q.T * K * K * q)[0, 0]) / 2))


def test_polynomial_matrix_eval_matches_expanded_matrix_arithmetic():
    k = sp.Symbol("k", positive=True)
    fn = lambda P, S: P.transpose() * S * P - S  # noqa: E731
    for K in (
        I.symmetric_matrix("K", 2),
        sp.Matrix([[k]]),
        sp.Matrix([[2, 1], [1, 3]]),
        sp.Matrix([[0.5]]),
        sp.Matrix([[sp.sqrt(2)]]),
        sp.Matrix([[1 / k]]),
        sp.Matrix([[sp.sin(k)]]),
    ):
        Phi, S = I.verlet_matrix(h, K), I.conserved_form_matrix(h, K)
        assert _same(I.polynomial_matrix_eval(fn, Phi, S), (Phi.T * S * Phi - S).applyfunc(sp.expand))
    assert I._polynomial_domain_matrices([sp.Matrix([[0.5]])]) is None
    assert I._polynomial_domain_matrices([sp.Matrix([[sp.sqrt(2) * h]])]) is None
    assert I._polynomial_domain_matrices([sp.eye(2), sp.Matrix([[h, 1], [0, sp.Rational(1, 2)]])]) is not None
    A, B = shear_explicit(h, 2), lower_shear_explicit(-h * I.symmetric_matrix("K", 2))
    J = I.omega_explicit(2)
    assert _same(
        I.polynomial_matrix_eval(lambda a, b, j: (a * b).transpose() * j * (a * b) - j, A, B, J),
        ((A * B).T * J * (A * B) - J).applyfunc(sp.expand),
    )
