"""theory.rigorous: enclosures, printed-number decisions, roots, integrals, inequalities (Arb)."""

import math
import subprocess
import sys
from fractions import Fraction

import mpmath
import pytest
import sympy as sp
from flint import arb

from theory import rigorous as R


def inside(x: arb, value) -> bool:
    """The exact value (a Fraction, or an mpmath number at 50 digits) lies in the ball."""
    lo, hi = R.bounds(x)
    if isinstance(value, Fraction):
        return lo <= value <= hi
    with mpmath.workdps(50):
        v = mpmath.mpf(value)
        return mpmath.mpf(lo.numerator) / lo.denominator <= v <= mpmath.mpf(hi.numerator) / hi.denominator


# --- enclose --------------------------------------------------------------------------------


def test_pi_and_log2_are_enclosed_tightly():
    pi = R.enclose(lambda: arb.pi(), prec=200)
    log2 = R.enclose(lambda x: x.log(), 2, prec=200)
    with mpmath.workdps(60):
        assert inside(pi, mpmath.pi) and inside(log2, mpmath.log(2))
    assert pi.rad() < arb("1e-55") and log2.rad() < arb("1e-55")


def test_strings_are_exact_decimals_and_floats_their_binary_value():
    # "0.1" is one tenth; the float 0.1 is 3602879701896397/2^55, which is not
    assert inside(R.enclose(lambda x: x, "0.1", prec=200), Fraction(1, 10))
    assert not inside(R.enclose(lambda x: x, 0.1, prec=200), Fraction(1, 10))
    assert inside(R.enclose(lambda x: x, 0.1), Fraction(0.1))


def test_sympy_expression_is_evaluated_in_balls():
    x = sp.Symbol("x")
    expr = sp.sqrt(x) * sp.pi + sp.log(3) - sp.exp(-x) + sp.Rational(1, 3) + sp.Float("0.741") * sp.cos(x) ** 3
    e = R.enclose(expr, x="2", prec=150)
    with mpmath.workdps(60):
        ref = (
            mpmath.sqrt(2) * mpmath.pi
            + mpmath.log(3)
            - mpmath.exp(-2)
            + mpmath.mpf(1) / 3
            + mpmath.mpf("0.741") * mpmath.cos(2) ** 3
        )
        assert inside(e, ref)
    assert e.rad() < arb("1e-40")


def test_sympy_float_is_read_as_its_decimal():
    assert inside(R.sympy_to_arb(sp.Float("0.741")), Fraction(741, 1000))


def test_sympy_unsupported_node_refuses():
    with pytest.raises(TypeError, match="unsupported"):
        R.sympy_to_arb(sp.besselj(0, sp.Symbol("x")), {"x": 1})
    with pytest.raises(ValueError, match="no value for symbol"):
        R.sympy_to_arb(sp.Symbol("y") + 1)


def test_power_trap_ball_containing_zero():
    x = arb(0, 1)  # [-1, 1]
    assert not (x**2).is_finite()  # the trap: arb ** k goes through log
    sq = R.pow_int(x, 2)
    assert sq.is_finite() and sq.contains(0) and sq.contains(arb("0.25"))
    assert R.pow_int(arb(3), 5) == 243 and R.pow_int(arb(2), 0) == 1
    # the SymPy evaluator uses the same rule for integer exponents
    t = sp.Symbol("t")
    assert R.sympy_to_arb(t**4, {t: arb(0, 1)}).is_finite()


def test_enclose_refuses_a_non_finite_result():
    with pytest.raises(R.RigorError):
        R.enclose(lambda x: x**3, arb(0, 1))


# --- printed numbers ----------------------------------------------------------------------------


def test_printed_interval_is_exact_and_matches_certificates_reading():
    from certificates import printed

    for s in ["0.9849", "9.9e-4", "3", "0.741", "-1.25", "1.20"]:
        lo, hi = R.printed_interval(s)
        flo, fhi = printed.interval(s)
        assert math.isclose(float(lo), flo, rel_tol=1e-15) and math.isclose(float(hi), fhi, rel_tol=1e-15)
    assert R.printed_interval("0.9849") == (Fraction(98485, 100000), Fraction(98495, 100000))


def test_printed_interval_memo_is_the_computation():
    """A string's interval is kept once computed: the same rationals as computing it afresh, for every
    string and again on the next call; an error is raised again on every call (never kept)."""
    for s in ["0.9849", " 9.9e-4 ", "3", "-1.25", "1.20", "1E+3", "0.00"]:
        first = R.printed_interval(s)
        assert first == R._printed_interval(s) == R.printed_interval(s)
        assert all(type(v) is Fraction for v in first)
    for bad in ["abc", "nan", "inf", ""]:
        for _ in range(2):
            with pytest.raises(ValueError):
                R.printed_interval(bad)


def test_decide_printed_pass_fail_and_undecided():
    assert R.decide_printed(lambda: arb.pi(), "3.1416").verdict == "PASS"
    assert R.decide_printed(lambda: arb.pi(), "3.1415").verdict == "FAIL"
    # closed interval: 1/8 = 0.125 is on the boundary of "0.12" (= [0.115, 0.125]) and exact
    assert R.decide_printed(lambda: arb(1) / 8, "0.12").verdict == "PASS"
    # a value exactly on the boundary but never known exactly (1/8 through an inexact route):
    # the overlap persists at every precision, so UNDECIDED with both intervals at the cap
    d = R.decide_printed(lambda: (arb(1) / 3) * arb(3) / 8, "0.12", max_prec=256)
    assert d.verdict == "UNDECIDED" and d.prec == 256
    d2 = R.decide_printed(lambda: arb(1) / 8 + arb(0, arb(2) ** -300), "0.12", max_prec=512)
    assert d2.verdict == "UNDECIDED" and d2.enclosure is not None and d2.prec == 512
    assert "UNDECIDED" in d2.note()


def test_decide_printed_raises_precision_until_decided():
    # the enclosure is deliberately coarse below 200 bits
    from flint import ctx

    def fn():
        return arb.pi() + (arb(0, arb("1e-3")) if ctx.prec < 200 else 0)

    d = R.decide_printed(fn, "3.1416")
    assert d.verdict == "PASS" and d.prec >= 200


def test_decide_printed_with_sympy_expression():
    assert R.decide_printed(sp.log(2), "0.6931").verdict == "PASS"
    assert R.decide_printed(sp.log(2), "0.6932").verdict == "FAIL"


# --- roots ------------------------------------------------------------------------------------


def test_roots_of_x2_minus_2_are_certified_real():
    roots = R.real_roots([-2, 0, 1])
    assert [r.certified_real for r in roots] == [True, True]
    with mpmath.workdps(50):
        assert inside(roots[0].enclosure, -mpmath.sqrt(2)) and inside(roots[1].enclosure, mpmath.sqrt(2))


def test_roots_nonreal_omitted_and_multiplicity():
    # (x^2 + 1)(x - 1/2)^2: one real root of multiplicity 2
    x = sp.Symbol("x")
    roots = R.real_roots(sp.Poly(sp.expand((x**2 + 1) * (x - sp.Rational(1, 2)) ** 2), x))
    assert len(roots) == 1 and roots[0].multiplicity == 2 and inside(roots[0].enclosure, Fraction(1, 2))


def test_roots_with_ball_coefficients():
    roots = R.real_roots([arb(-2), 0, arb(1)])
    assert len(roots) == 2 and all(r.certified_real for r in roots)
    assert R.real_roots([arb(1), 0, arb(1)]) == []  # x^2 + 1: certified nonreal


def test_roots_refuse_zero_polynomial():
    with pytest.raises(ValueError):
        R.real_roots([0, 0])


# --- integrals --------------------------------------------------------------------------------


def test_finite_integral():
    v = R.integral(lambda z: z.exp(), 0, 1)
    with mpmath.workdps(50):
        assert inside(v, mpmath.e - 1)
    assert v.rad() < arb("1e-30")
    # an endpoint given as a 53-bit ball keeps its radius: pi from outside the precision block
    w = R.integral(lambda z: z.sin(), 0, arb.pi())
    assert inside(w, Fraction(2)) and w.rad() > arb("1e-20")


def test_integral_with_branch_cut_uses_the_flag():
    v = R.integral(lambda z, analytic: z.sqrt(analytic=analytic), 1, 4, flag=True)
    assert inside(v, Fraction(14, 3))


def test_gaussian_integral_over_R_with_tail_bound():
    v = R.integral_R(lambda z: (-(z * z) / 2).exp(), R.gaussian_tail_bound(1, 1))
    with mpmath.workdps(50):
        assert inside(v, mpmath.sqrt(2 * mpmath.pi))
    assert v.rad() < arb("1e-18")


def test_integral_over_R_without_tail_bound_refuses():
    with pytest.raises(R.RigorError, match="tail bound"):
        R.integral_R(lambda z: (-(z * z)).exp(), None)


def test_integral_over_R_tail_bound_is_in_the_radius():
    # a deliberately short window: the radius must cover the omitted mass erfc(2/sqrt 2) sqrt(2 pi)
    v = R.integral_R(lambda z: (-(z * z) / 2).exp(), R.gaussian_tail_bound(1, 1), half_width=2)
    with mpmath.workdps(50):
        assert inside(v, mpmath.sqrt(2 * mpmath.pi))
        assert float(v.rad()) >= float(mpmath.erfc(mpmath.sqrt(2)) * mpmath.sqrt(2 * mpmath.pi))


# --- inequalities -----------------------------------------------------------------------------


def test_inequality_that_holds():
    # e^x >= 1 + x + x^2/2 - x^3 ... : use e^x - 1 - x > 0 away from 0 and a margin
    res = R.prove_inequality(lambda x: x.exp() - 1 - x + arb("1e-3"), -3, 3)
    assert res.status == "proved" and res.min_lower > 0 and res.boxes > 1
    # the certified minimum lower bound is below the true minimum 1e-3
    assert res.min_lower <= Fraction(1, 1000)


def test_inequality_that_fails_gives_a_certified_counterexample():
    res = R.prove_inequality(lambda x: x.cos() + arb("0.5"), 0, 3)
    assert res.status == "disproved"
    (x0,) = res.counterexample
    assert 0 <= x0 <= 3 and math.cos(float(x0)) + 0.5 < 0 and res.value.upper() < 0


def test_inequality_with_mean_value_form_needs_fewer_boxes():
    # 1.001 - x(2 - x): minimum 1e-3 at x = 1; interval evaluation overestimates by O(width)
    # (the dependency on x twice), the mean-value form by O(width^2)
    f = lambda x: arb("1.001") - x * (2 - x)  # noqa: E731
    plain = R.prove_inequality(f, 0, 2, df=None)
    mvf = R.prove_inequality(f, 0, 2, df="auto")
    user = R.prove_inequality(f, 0, 2, df=lambda x: -2 + 2 * x)
    assert plain.proved and mvf.proved and user.proved
    assert 3 * mvf.boxes < plain.boxes and 3 * user.boxes < plain.boxes
    assert 0 < mvf.min_lower <= Fraction(1, 1000)


def test_inequality_budget_gives_undecided():
    res = R.prove_inequality(lambda x: x * x, -1, 1, strict=False, max_boxes=50)
    assert res.status == "undecided" and res.unresolved is not None


def test_inequality_2d_box():
    f = lambda X: X[0] * X[0] + X[1] * X[1] - X[0] * X[1] + arb("0.01")  # noqa: E731
    res = R.prove_inequality_box(f, [(-1, 1), (-1, 1)])
    assert res.proved
    bad = R.prove_inequality_box(lambda X: X[0] * X[1] + arb("0.5"), [(-1, 1), (-1, 1)])
    assert bad.status == "disproved"
    x, y = bad.counterexample
    assert -1 <= x <= 1 and -1 <= y <= 1 and x * y + Fraction(1, 2) <= 0


def test_theory_does_not_load_flint():
    code = "import sys, theory, theory.laws; print('flint' in sys.modules)"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "False"
