"""theory.laws against every closed-form number the paper prints for it."""

import math

import mpmath as mp
import numpy as np
import pytest
import sympy as sp

from theory import laws
from theory.laws import symbolic as S


def printed(value, printed_value, decimals):
    """The value agrees with a number printed to `decimals` places."""
    return abs(value - printed_value) <= 0.5 * 10.0**-decimals + 1e-12


def test_L_and_crossover():
    assert laws.L(15) == pytest.approx(math.log(14))
    assert printed(laws.crossover(15), 21.1, 1)  # Rem 67, §7.11
    assert printed(laws.crossover(512), 49.9, 1)  # Fig 2, §10
    assert printed(math.sqrt(2 * laws.L(512)), 3.53, 2)  # Fig 2: b_c = sqrt(2L)


def test_rem65_band():
    lo, hi = laws.gamma_c_roots(128, 512)
    assert printed(lo, 0.787, 3) and printed(hi, 2.245, 3)
    assert printed(hi / 0.9, 2.5, 1)


def test_rem67_branch_values_at_crossover():
    T = 15
    dstar = laws.crossover(T)
    assert printed(laws.gamma_c_mean_field(dstar, T), 1.072, 3)
    assert printed(laws.gamma_c(dstar - 1e-9, T), 0.794, 3)  # condensed branch below d*
    # the jump at the crossover is exactly the factor c (Fig. 2)
    assert laws.gamma_c_condensed(T) / laws.gamma_c_mean_field(dstar, T) == pytest.approx(laws.C_CONDENSATION)


@pytest.mark.parametrize("dk,T,value", [(64, 15, 0.602), (64, 10, 0.545), (64, 25, 0.669), (128, 15, 0.494)])
def test_mean_field_values(dk, T, value):
    # Rem 70, C8
    assert printed(laws.gamma_c(dk, T), value, 3)


def test_rem70_shift_L_plus_half():
    # applying the key-only convention shifts L -> L + 1/2: 0.602 -> 0.664 at (64, 15)
    Lh = laws.L(15) + 0.5
    g = math.sqrt(2 * Lh / (8 + math.sqrt(64 - 8 * Lh)))
    assert printed(g, 0.664, 3)


def test_section10_table_mean_field_and_t3t4():
    dks = [32, 48, 64, 96, 128]
    t3t4 = laws.gamma_c_t3t4(dks, 512)
    for got, want in zip(t3t4, [0.9515, 0.6637, 0.5687, 0.4696, 0.4132]):
        assert printed(got, want, 4)
    t4 = laws.gamma_c(dks, 512)
    for got, want in zip(t4[2:], [1.0300, 0.8671, 0.7867]):
        assert printed(got, want, 4)
    # abstract: 1.030 -> 0.569 at dk = 64
    assert printed(t4[2], 1.030, 3) and printed(t3t4[2], 0.569, 3)
    # §10: 48 -> 64 is a rise of 4.6% under (52) and a fall of 14.3% under (69)
    assert printed(100 * (t4[2] / t4[1] - 1), 4.6, 1)
    assert printed(100 * (t3t4[2] / t3t4[1] - 1), -14.3, 1)


def test_section10_condensed_entry_is_off_by_rounding_of_c():
    # §10 prints 0.9849 for the condensed branch at L = log 511; c = 0.741 gives 0.98468.
    # The printed value corresponds to c = 0.74116: recorded here as an erratum, not hidden.
    g = laws.gamma_c(32, 512)
    assert printed(g, 0.9847, 4) and not printed(g, 0.9849, 4)
    implied_c = 0.9849 / laws.gamma_c_condensed(512, c=1.0)
    assert abs(implied_c - laws.C_CONDENSATION) < 0.015  # within the paper's own ± 0.015


def test_saddle_node_of_eq69():
    lo, hi = 20.0, 40.0
    for _ in range(60):
        mid = 0.5 * (lo + hi)
        lo, hi = (mid, hi) if math.isnan(laws.gamma_c_t3t4(mid, 512)) else (lo, mid)
    assert printed(hi, 31.5, 1)


def test_key_only_law_and_crossover():
    L15 = laws.L(15)
    assert math.isnan(laws.gamma_c_key_only(4 * L15 + 2 - 1e-6, 15))
    assert laws.gamma_c_key_only(64, 15) == pytest.approx(0.41378, abs=1e-5)
    # (55) is the smaller root of (59)
    g = laws.gamma_c_key_only(64, 15)
    assert g**2 - 8 * g + L15 + 0.5 == pytest.approx(0, abs=1e-12)


@pytest.mark.parametrize("dk,value", [(4, 0.282), (8, 0.415), (16, 0.617), (32, 0.845), (64, 0.978)])
def test_p_inf_ladder(dk, value):
    assert printed(laws.p_inf(dk, 15), value, 3)  # §7.11, m = T - 2


@pytest.mark.parametrize("dk,T,value", [(4, 10, 0.3409), (8, 25, 0.3193), (32, 15, 0.8379), (128, 25, 0.9993)])
def test_p_inf_c7_quadratures(dk, T, value):
    assert printed(laws.p_inf(dk, T, m=T - 1), value, 4)  # C7, m = T - 1
    assert laws.p_inf(dk, T, m=T - 2) - laws.p_inf(dk, T, m=T - 1) < 0.021  # §7.10


@pytest.mark.parametrize("dk,m", [(4, 8), (64, 4095), (1, 100000), (0.01, 2), (512, 1)])
def test_p_inf_against_mpmath(dk, m):
    with mp.workdps(30):  # the reference at 30 digits; the process's precision is left as it was
        s = mp.sqrt(dk) / 2
        ref = mp.quad(lambda z: mp.npdf(z) * mp.ncdf(z + s) ** m, [-mp.inf, -5, 0, 3, 6, mp.inf])
    assert laws.p_inf(dk, 3, m=m) == pytest.approx(float(ref), rel=1e-11, abs=1e-13)


def test_snr():
    assert laws.snr(64) == 4.0


def test_broadcasting_and_types():
    assert isinstance(laws.gamma_c(64, 15), float)
    out = laws.gamma_c(np.array([16, 64])[:, None], np.array([10, 15, 25]))
    assert out.shape == (2, 3)
    lo, hi = laws.gamma_c_roots([4, 128], 512)
    assert math.isnan(lo[0]) and math.isnan(hi[0]) and lo[1] < hi[1]
    assert laws.p_inf([4, 8], 15).shape == (2,)
    assert laws.gamma_c_t3t4(np.full((2, 2), 64.0), 512).shape == (2, 2)


@pytest.mark.parametrize("fn", [laws.gamma_c, laws.gamma_c_roots, laws.gamma_c_key_only, laws.gamma_c_t3t4, laws.p_inf])
@pytest.mark.parametrize("dk,T", [(0, 15), (-1, 15), (64, 2), (64, 2.5), (np.nan, 15), (64, np.inf), ("x", 15)])
def test_invalid_input_raises_value_error(fn, dk, T):
    with pytest.raises(ValueError):
        fn(dk, T)


def test_invalid_single_argument_functions():
    for bad in (0, -3, np.nan):
        with pytest.raises(ValueError):
            laws.snr(bad)
    with pytest.raises(ValueError):
        laws.L(2)
    with pytest.raises(ValueError):
        laws.p_inf(64, 15, m=0)
    with pytest.raises(ValueError):
        laws.gamma_c(64, 15, c=-1)


def test_symbolic_forms_agree_with_numeric():
    rng = np.random.default_rng(0)
    for _ in range(5):
        T = float(rng.integers(5, 1000))
        Lv = math.log(T - 1)
        dk = float(8 * Lv + rng.uniform(0.1, 500))
        subs = {S.dk: dk, S.L: Lv, S.c: 0.741}
        assert float(S.gamma_c.subs(subs)) == pytest.approx(laws.gamma_c(dk, T), rel=1e-12)
        assert float(sp.sqrt(S.x_plus).subs(subs)) == pytest.approx(laws.gamma_c_roots(dk, T)[1], rel=1e-12)
        roots = [complex(r) for r in sp.Poly(S.t3t4_quartic.subs(subs), S.gamma).nroots()]
        pos = [r.real for r in roots if abs(r.imag) < 1e-9 and r.real > 0]
        assert min(pos) == pytest.approx(laws.gamma_c_t3t4(dk, T), rel=1e-10)
    # x_- is a root of the quadratic in gamma^2: its expansion (a ring normal form) is 0 -- an exact proof
    assert sp.expand(S.quartic.subs(S.gamma**2, S.x_minus)) == 0


def test_doctests():
    import doctest

    import theory.laws
    import theory.laws.symbolic

    for mod in (theory.laws, theory.laws.symbolic):
        res = doctest.testmod(mod)
        assert res.attempted > 0 and res.failed == 0


# --- docstrings point to the corrected statements; robust inputs (issue 10 item 6) -------------


def test_key_only_and_snr_docstrings_point_to_the_corrections():
    from theory.transition import gamma_c_key_only_corrected

    doc = laws.gamma_c_key_only.__doc__
    assert "as printed" in doc and "cor69.corrected" in doc and "gamma_c_key_only_corrected" in doc
    assert r"1 + 2\gamma + 2\gamma^2" in doc and r"\operatorname{Cov}(q^\top k_j, q^\top p_{k,j}) = d_k" in doc
    assert gamma_c_key_only_corrected(64, 15) != pytest.approx(laws.gamma_c_key_only(64, 15), rel=1e-3)
    sdoc = laws.snr.__doc__
    assert r"\sqrt{d_k}/3" in sdoc and r"\sqrt{d_k/7}" in sdoc and "thm49" in sdoc
    assert laws.snr(64) == 4.0  # eq. (50) as printed stays the contract


@pytest.mark.parametrize("dk", [32.0, 64.0, 1e4, 1e12, 1e30, 1e52, 1e200])
def test_t3t4_first_root_is_accurate_at_every_scale(dk):
    T = 512
    g = laws.gamma_c_t3t4(dk, T)
    assert math.isfinite(g) and g > 0
    assert math.isnan(laws.gamma_c_t3t4(16, T))  # below the saddle-node (§10): no real root
    with mp.workdps(60):
        s, Lv = mp.sqrt(mp.mpf(dk)), mp.log(T - 1)
        f = lambda x: 2 * x**4 + 2 * x**3 - (s - 1) * x**2 - s * x + Lv  # noqa: E731
        ref = mp.findroot(f, mp.mpf(g))
        assert abs(g - float(ref)) <= 1e-12 * float(ref)
        # the root found is the first positive one: f > 0 on (0, g)
        assert all(f(mp.mpf(g) * t) > 0 for t in (0.01, 0.5, 0.9, 0.999))


def test_p_inf_stays_a_probability():
    assert laws.p_inf(1e4, 15) == 1.0
    vals = laws.p_inf(np.geomspace(1e-6, 1e6, 50), 15)
    assert np.all((vals >= 0) & (vals <= 1)) and np.all(np.diff(vals) >= -1e-15)


def test_condensed_validates_c():
    for bad in (np.nan, None, -1, 0, 1j, "0.741", True):
        with pytest.raises(ValueError, match="c "):
            laws.gamma_c_condensed(15, c=bad)
    assert laws.gamma_c_condensed(15, c=[0.7, 0.8]).shape == (2,)
