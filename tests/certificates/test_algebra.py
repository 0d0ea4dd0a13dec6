"""certificates.algebra: the exact zero test every symbolic certificate uses."""

import pytest
import sympy as sp
from hypothesis import given, settings
from hypothesis import strategies as st

from certificates.algebra import is_zero, is_zero_trig, rational_zero
from tests.tiers import examples

x, y = sp.symbols("x y")
f = sp.Function("f")


@pytest.mark.parametrize(
    "expr, zero",
    [
        (x / (x**2 - 1) - sp.Rational(1, 2) / (x - 1) - sp.Rational(1, 2) / (x + 1), True),  # needs cancel
        ((x + y) ** 3 - x**3 - y**3 - 3 * x * y * (x + y), True),
        (x**2 - x, False),
        (sp.Rational(3, 2), False),
        (sp.sqrt(2) * x, False),  # irrational coefficient: not decided by the Q path
        (sp.sin(x) ** 2 + sp.cos(x) ** 2 - 1, True),  # simplify's business
        (f(x), False),
        (sp.I * x, False),
        (sp.pi * x, False),
        (sp.Matrix([[x - x, 0], [0, (x + 1) ** 2 - x**2 - 2 * x - 1]]), True),
        (sp.Matrix([[0, x]]), False),
    ],
)
def test_is_zero(expr, zero):
    assert is_zero(expr) is zero


def test_rational_path_only_for_rational_functions_over_q():
    assert rational_zero(sp.expand(x**2 - x)) is False
    assert rational_zero(sp.sqrt(2) * x) is None
    assert rational_zero(sp.sqrt(x) - x) is None
    assert rational_zero(0.5 * x) is None
    assert rational_zero(sp.exp(x)) is None


def test_trig_zero():
    assert is_zero_trig(sp.exp(sp.I * x) - sp.cos(x) - sp.I * sp.sin(x))
    assert not is_zero_trig(sp.sin(x) - sp.cos(x))


coeff = st.fractions(min_value=-5, max_value=5, max_denominator=7)


@settings(max_examples=examples(40), deadline=None)
@given(
    st.lists(st.tuples(coeff, st.integers(0, 3), st.integers(0, 3)), min_size=1, max_size=6),
    st.lists(st.tuples(coeff, st.integers(0, 2), st.integers(0, 2)), min_size=1, max_size=3),
)
def test_decision_agrees_with_evaluation(terms, den_terms):
    """A random rational function R = P/Q: R - R is zero, R + 1/(x^2+y^2+1) - 1/(x^2+y^2+1) is R,
    and R is declared zero exactly when P expands to 0."""
    P = sum(sp.Rational(c.numerator, c.denominator) * x**i * y**j for c, i, j in terms)
    Q = 1 + sum(sp.Rational(c.numerator, c.denominator) ** 2 * x ** (2 * i) * y ** (2 * j) for c, i, j in den_terms)
    R = P / Q
    assert is_zero(R - R)
    assert is_zero(R * Q - P)
    assert is_zero(R) is (sp.expand(P) == 0)


def test_identities_for_every_size_decide_zero_soundly():
    """sum_deltas / sums_as_symbols: a true identity over symbolic ranges reduces to 0, and a false one --
    including an inner sum that depends on an outer index -- does not."""
    import sympy as sp

    from certificates.algebra import sum_deltas, sum_symbol, sums_as_symbols

    i, j, n, r = sp.symbols("i j n r", integer=True)
    a, s, X = sp.IndexedBase("a"), sp.IndexedBase("s"), sp.IndexedBase("X")
    # sum_j (a_i delta_ij - a_i a_j) s_j = a_i s_i - a_i sum_j a_j s_j  (i in 0..n-1)
    lhs = sum_deltas(sp.Sum((a[i] * sp.KroneckerDelta(i, j) - a[i] * a[j]) * s[j], (j, 0, n - 1)), {i: (0, n - 1)})
    got, _ = sums_as_symbols(lhs - (a[i] * s[i] - a[i] * sp.Sum(a[j] * s[j], (j, 0, n - 1))))
    assert sp.expand(got) == 0
    # 1^T (J_a s) = 0 needs sum a = 1: zero only once that sum is set to 1
    total = sum_deltas(
        sp.Sum(sp.Sum((a[i] * sp.KroneckerDelta(i, j) - a[i] * a[j]) * s[j], (j, 0, n - 1)), (i, 0, n - 1)),
        {i: (0, n - 1), j: (0, n - 1)},
    )
    e, table = sums_as_symbols(total)
    assert sp.expand(e) != 0 and sp.expand(e.subs(sum_symbol(table, a[i], i, 0, n - 1), 1)) == 0
    # an inner sum over j that depends on the outer index i is not a constant of the outer sum
    wrong = sp.Sum(s[i] * sp.Sum(X[i, j], (j, 0, n - 1)), (i, 0, r - 1)) - sp.Sum(s[i], (i, 0, r - 1)) * sp.Sum(
        X[0, j], (j, 0, n - 1)
    )
    assert sp.expand(sums_as_symbols(wrong)[0]) != 0
    # a term free of the index counts once per term of the range
    mean_free = sp.Sum(s[j] - sp.Sum(s[i], (i, 0, n - 1)) / n, (j, 0, n - 1))
    assert sp.simplify(sums_as_symbols(mean_free)[0]) == 0
