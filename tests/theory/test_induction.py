"""Exact Gaussian moments of the canonical induction model (theory.induction)."""

import sympy as sp

from theory import induction as TI
from theory.statement import all_statements


def test_gaussian_moments():
    a, u = TI.a, TI.u
    assert TI.gaussian_expectation(a**4) == 3
    assert TI.gaussian_expectation(a**2 * u**2) == 1
    assert TI.gaussian_expectation(a**3 * u) == 0
    assert TI.gaussian_variance((a - u) * (TI.x - TI.y)) == 4


def test_exact_channel_means():
    m = TI.channel_means()
    assert m["target"] == (0, 0, -1, -1)
    assert m["generic"] == (0, 0, 0, 0)
    assert m["prev"] == (1, 1, 1, 1)
    assert m["query_prev"] == (0, -1, 0, -1)
    assert m["target_last"] == (0, -1, -1, -2)
    # the printed table differs exactly at the positions the proof treats as generic
    differ = {k for k in m if tuple(m[k]) != TI.PROP46_PRINTED[k]}
    assert differ == {"prev", "prev_first", "query_prev", "target_last"}


def test_snr_moment_identities():
    assert sp.simplify(TI.t4_snr_as_defined() - sp.sqrt(TI.dk) / 3) == 0
    assert sp.simplify(TI.t4_snr_a_over_b() - sp.sqrt(TI.dk) / 2) == 0
    assert sp.simplify(TI.t4_snr_as_defined_adjacent() - sp.sqrt(TI.dk / 13)) == 0  # j*+1 shares w
    a, b2 = TI.key_only_moments()
    g = TI.gamma
    assert sp.expand(b2 - (1 + 2 * g + 2 * g**2)) == 0
    assert sp.expand(b2 - TI.KEY_ONLY_B2_PRINTED) == 2 * g  # the missing covariance term
    a3, b3 = TI.t3t4_moments()
    assert sp.expand(b3 - TI.T3T4_B2_PRINTED) == 0 and sp.simplify(a3 - TI.T3T4_A_PRINTED) == 0


def test_statements_registered():
    found = all_statements()
    for sid in ("prop1", "rem2", "prop46", "thm49", "cor68"):
        assert sid in found and found[sid].sympy() is not None
