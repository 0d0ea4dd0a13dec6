"""Fuzz the public functions of theory.laws against their contract (issue: robust closed forms).

The contract (theory._validate, theory.laws module docstring): for any argument a
function either returns a result of the right type and shape -- a Python float for
scalar input, an ndarray of the broadcast shape otherwise -- whose values lie in the
law's mathematical range (NaN only where the function documents "no real root"), or
it raises ValueError with a non-empty message.  Never another exception, and never a
ComplexWarning (an imaginary part silently dropped).
"""

from __future__ import annotations

import math
import warnings

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from hypothesis.extra import numpy as hnp

from tests.fuzz.text import text
from tests.tiers import examples
from theory import laws

SETTINGS = settings(
    max_examples=examples(80), deadline=None, derandomize=True, suppress_health_check=[HealthCheck.too_slow]
)

_floats = st.floats(allow_nan=True, allow_infinity=True)
_reasonable = st.floats(min_value=1e-300, max_value=1e300)
_junk = st.one_of(
    st.booleans(),
    text(max_size=4),
    st.none(),
    st.complex_numbers(max_magnitude=1e6),
    st.just(1j),
    st.just(10**400),
    st.just(-(10**400)),
    st.just(2**64 + 1),
    st.just("64"),
    st.just([1.0, "a"]),
    st.just([[1.0], [1.0, 2.0]]),
    st.just(np.array([1 + 2j, 3])),
    st.just(np.array([True, False])),
    st.just({"dk": 1}),
)
_arrays = hnp.arrays(np.float64, hnp.array_shapes(max_dims=2, max_side=3), elements=_reasonable)
_int_arrays = hnp.arrays(
    np.int64, hnp.array_shapes(max_dims=2, max_side=3), elements=st.integers(min_value=-5, max_value=10**6)
)

dk_values = st.one_of(
    _reasonable,
    st.integers(min_value=-10, max_value=10**9),
    _floats,
    st.just(5e-324),
    st.just(1.7e308),
    st.just(1e52),
    _arrays,
    st.lists(_reasonable, max_size=3),
    _junk,
)
T_values = st.one_of(
    st.integers(min_value=-3, max_value=10**9),
    st.integers(min_value=3, max_value=40).map(float),
    st.just(1e300),
    st.just(15.5),
    _floats,
    _int_arrays,
    st.lists(st.integers(min_value=3, max_value=1000), max_size=3),
    _junk,
)
m_values = st.one_of(st.none(), st.integers(min_value=-2, max_value=10**6), st.just(13.5), _floats, _int_arrays, _junk)
c_values = st.one_of(
    st.floats(min_value=1e-6, max_value=10.0),
    _floats,
    st.integers(-2, 5),
    _junk,
    st.just(np.nan),
    st.just(0),
    st.just(-1),
)


def _shape(*args):
    shapes = []
    for a in args:
        shapes.append(np.shape(np.asarray(a, dtype=float)))
    return np.broadcast_shapes(*shapes)


def _call(fn, *args, **kwargs):
    """(result, None) or (None, ValueError); any other exception or a ComplexWarning fails."""
    with warnings.catch_warnings():
        warnings.simplefilter("error", getattr(np, "exceptions", np).ComplexWarning)
        try:
            return fn(*args, **kwargs), None
        except ValueError as exc:
            assert str(exc).strip(), f"{fn.__name__}{args}: ValueError without a message"
            return None, exc


def _check(out, args, *, low=None, high=None, strict_low=True, nan_ok=False):
    scalar = all(np.ndim(a) == 0 and not isinstance(a, np.ndarray) for a in args)
    if scalar:
        assert isinstance(out, float), f"scalar input gave {type(out).__name__}"
    else:
        assert isinstance(out, np.ndarray), f"array input gave {type(out).__name__}"
        assert out.shape == _shape(*args)
    v = np.asarray(out, dtype=float)
    finite = np.isfinite(v)
    if nan_ok:
        assert not np.any(np.isinf(v)), f"infinite value {out!r}"
        v = v[finite]
    else:
        assert np.all(finite), f"non-finite value {out!r} for {args!r}"
    if low is not None:
        assert np.all(v > low) if strict_low else np.all(v >= low), f"{out!r} below {low}"
    if high is not None:
        assert np.all(v <= high), f"{out!r} above {high}"


@SETTINGS
@given(T=T_values)
def test_L_and_crossover(T):
    for fn in (laws.L, laws.crossover):
        out, err = _call(fn, T)
        if err is None:
            _check(out, (T,), low=0.0)


@SETTINGS
@given(dk=dk_values)
def test_snr(dk):
    out, err = _call(laws.snr, dk)
    if err is None:
        _check(out, (dk,), low=0.0, strict_low=False)


@SETTINGS
@given(dk=dk_values, T=T_values, c=c_values)
def test_gamma_c(dk, T, c):
    out, err = _call(laws.gamma_c, dk, T, c=c)
    if err is None:
        _check(out, (dk, T, c), low=0.0, strict_low=False)


@SETTINGS
@given(T=T_values, c=c_values)
def test_gamma_c_condensed(T, c):
    out, err = _call(laws.gamma_c_condensed, T, c=c)
    if err is None:
        _check(out, (T, c), low=0.0)
    elif c is None or isinstance(c, (bool, str, complex)) or (isinstance(c, float) and not c > 0):
        assert "c" in str(err) or "T" in str(err)


@SETTINGS
@given(dk=dk_values, T=T_values)
def test_mean_field_key_only_t3t4(dk, T):
    for fn in (laws.gamma_c_mean_field, laws.gamma_c_key_only, laws.gamma_c_t3t4):
        out, err = _call(fn, dk, T)
        if err is None:
            _check(out, (dk, T), low=0.0, nan_ok=True)
    out, err = _call(laws.gamma_c_t3t4, dk, T)
    if err is None:  # a returned root is a root: relative residual of (69) at rounding level
        g = np.asarray(out, dtype=float).reshape(-1)
        coef = np.asarray(laws.t3t4_quartic_coefficients(dk, T)).reshape(-1, 5)
        for gi, ci in zip(g, coef):
            if math.isfinite(gi):
                terms = ci * gi ** np.arange(4, -1, -1)
                assert abs(terms.sum()) <= 1e-9 * np.abs(terms).sum()


@SETTINGS
@given(dk=dk_values, T=T_values)
def test_gamma_c_roots_and_coefficients(dk, T):
    out, err = _call(laws.gamma_c_roots, dk, T)
    if err is None:
        lo, hi = out
        _check(lo, (dk, T), low=0.0, nan_ok=True)
        _check(hi, (dk, T), low=0.0, nan_ok=True)
        both = np.isfinite(lo) & np.isfinite(hi)
        assert np.all(np.asarray(lo)[both] <= np.asarray(hi)[both] * (1 + 1e-12))
    coef, err = _call(laws.t3t4_quartic_coefficients, dk, T)
    if err is None:
        assert coef.shape == _shape(dk, T) + (5,) and np.all(np.isfinite(coef))


@SETTINGS
@given(dk=dk_values, T=T_values, m=m_values)
def test_p_inf(dk, T, m):
    out, err = _call(laws.p_inf, dk, T, m=m)
    if err is None:
        args = (dk, T) if m is None else (dk, T, m)
        _check(out, args, low=0.0, high=1.0, strict_low=False)


@pytest.mark.parametrize(
    "call",
    [
        lambda: laws.gamma_c(10**400, 15),
        lambda: laws.gamma_c(64, 10**400),
        lambda: laws.gamma_c(64, 15, c=1j),
        lambda: laws.gamma_c(np.array([64 + 1j]), 15),
        lambda: laws.gamma_c_condensed(15, c=np.nan),
        lambda: laws.gamma_c_condensed(15, c=None),
        lambda: laws.gamma_c_condensed(15, c=-1),
        lambda: laws.gamma_c_condensed(15, c=0),
        lambda: laws.p_inf(16, 15.5),
        lambda: laws.p_inf(16, 15, m=13.5),
        lambda: laws.gamma_c("64", 15),
        lambda: laws.gamma_c(True, 15),
        lambda: laws.gamma_c(64, True),
        lambda: laws.p_inf(16, 15.5, m=13),
        lambda: laws.L(2.5),
        lambda: laws.gamma_c(64, [15, "a"]),
    ],
)
def test_issue_examples_raise_valueerror(call):
    with pytest.raises(ValueError, match=r"\w"):
        call()


def test_issue_examples_values():
    g = laws.gamma_c_t3t4(1e52, 512)
    assert g == pytest.approx(math.log(511) / 1e26, rel=1e-9)  # first root ~ L / sqrt(dk)
    assert 0.0 <= laws.p_inf(1e4, 15) <= 1.0
    assert laws.L(15.0) == laws.L(15) and laws.gamma_c([64, 128], 15).shape == (2,)
    # T enters these laws only through L = log(T - 1): real T >= 3 is accepted (theory._validate)
    assert laws.L(15.5) == pytest.approx(math.log(14.5))
