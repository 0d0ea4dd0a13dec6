"""The exact and adversarial machinery of sec4_spectral.py / sec4_5_transport.py (issue 17): the exact
stream decisions refuse inexact input, the symbolic transform decides Prop 15 both ways, the proof
identities of Thm 38 (iii) and Rem 39 hold, and each adversarial search finds a violation that the
certificate's random points miss."""

from __future__ import annotations

from fractions import Fraction

import numpy as np
import pytest
import sympy as sp

from certificates import Status
from certificates.psa import sec4_5_transport as tr
from certificates.psa import sec4_spectral as sx
from certificates.psa._sec4_exactness import (
    TransformAlgebra,
    dyadic,
    exact,
    perturbation_identities,
    pfaffian_identity,
)
from theory.fir import psa_taps
from theory.score import psa_forward
from theory.transport import perturbation_bound_energy, perturbation_bound_symplectic


def test_exact_arrays_refuse_inexact_numbers():
    assert list(exact(np.array([0.75, -2.0]))) == [Fraction(3, 4), Fraction(-2)]
    assert exact([sp.Rational(1, 3)])[0] == Fraction(1, 3)
    with pytest.raises(TypeError):
        exact([sp.Float(0.1)])
    assert dyadic(0.375) == Fraction(3, 8)
    with pytest.raises(ValueError):
        dyadic(0.7)  # not a short dyadic rational: float64 arithmetic on it would round


def test_transform_algebra_decides_prop15_both_ways():
    A = TransformAlgebra(2, 1, psa_taps(sx.G))
    base, filt = A.residuals(sx.corrected_base, sx.corrected_filtered, -1)
    assert base == 0 and filt == 0
    base, filt = A.residuals(sx.printed_base, sx.printed_filtered, -1)
    assert base != 0 and filt != 0
    point, value = A.witness(base)
    assert value != 0 and all(isinstance(v, int) for v in point.values())
    with pytest.raises(ValueError):  # a claim may read the transforms only at +-w1, +-w2
        A.transform(A.Q)(2 * A.w1)


def test_proof_identities_hold_and_are_live():
    assert all(perturbation_identities(1).values())
    assert pfaffian_identity(2)


def test_thm38_iii_search_finds_what_random_perturbations_miss():
    # both bounds are attained at gamma = 0; the random perturbations reach only ~0.66 and ~0.84 of them
    out = tr.check_thm38_iii(sym_bound=lambda e, n: 0.95 * perturbation_bound_symplectic(e, n))
    assert out.status is Status.FAIL
    assert out.measured["max_ratio_symplectic"] <= 1 and out.measured["search_max_ratio_symplectic"] > 1
    out = tr.check_thm38_iii(energy_bound=lambda e, n: 0.95 * perturbation_bound_energy(e, n))
    assert out.status is Status.FAIL
    assert out.measured["max_ratio_energy"] <= 1 and out.measured["search_max_ratio_energy"] > 1
    out = tr.check_thm38_iii()
    assert out.status is Status.PASS and out.evidence_level == "sampled"
    assert out.search["evaluations"] >= 1000 and out.search["best_margin"] < 1e-9  # the attained bound


def test_alg1_search_finds_a_forward_pass_wrong_only_at_large_gamma():
    def forward(Q, K, V, g):
        return psa_forward(Q, K, V, g if g < 2.5 else 1.01 * g)

    out = sx.check_alg1(forward=forward)
    assert out.status is Status.FAIL
    assert out.measured["max|A-A_ref|"] <= 1e-12  # the random points (gamma 0.3, 1.7) miss it
    assert out.search["best_margin"] < 0


def test_levels_of_the_converted_certificates():
    assert sx.check_rem17_corrected().evidence_level == "enclosed"
    assert sx.check_rem17().evidence_level == "proved"  # a FAIL decided exactly
    assert sx.check_prop15().evidence_level == "proved"
    assert tr.check_rem37_arith().evidence_level == "enclosed"
    assert tr.check_rem39().search["evaluations"] >= 1000
