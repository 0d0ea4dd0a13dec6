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
from tests.realcache import outcome
from theory.fir import psa_taps
from theory.score import psa_forward
from theory.transport import perturbation_bound_energy, perturbation_bound_symplectic


def _cert(cid):
    """The certificate ``cid`` of sec4_spectral / sec4_5_transport (its check as printed is run once per
    session by :func:`tests.realcache.outcome`)."""
    return next(c for m in (sx, tr) for c in m.CERTIFICATES if c.id == cid)


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
    out = outcome(_cert("thm38.iii"))  # the check as printed (run once per session)
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
    assert outcome(_cert("rem17.corrected")).evidence_level == "enclosed"
    assert outcome(_cert("rem17")).evidence_level == "proved"  # a FAIL decided exactly
    assert outcome(_cert("prop15")).evidence_level == "proved"
    assert outcome(_cert("rem37.arith")).evidence_level == "enclosed"
    assert outcome(_cert("rem39")).search["evaluations"] >= 1000


# --- every d_k: the symbolic-size deciders --------------------------------------------------


def test_coordinate_sum_decides_identities_for_every_size_and_refuses_wrong_ones():
    from certificates.psa._sec4_common import DIM, coordinate_sign, coordinate_sum_is_zero
    from theory.score import dot_sym

    g = sp.Symbol("gamma", real=True)
    q, p, k = (sp.MatrixSymbol(c, DIM, 1) for c in ("q", "p", "k"))
    assert coordinate_sum_is_zero(dot_sym(q + g * p, k) - dot_sym(q, k) - g * dot_sym(p, k))
    assert not coordinate_sum_is_zero(dot_sym(q + g * p, k) - dot_sym(q, k) - g * dot_sym(q, k))
    assert not coordinate_sum_is_zero(dot_sym(q, k) * dot_sym(q, k))  # not linear in the sums: not decided
    assert coordinate_sign(dot_sym(p, p) / 2) == "nonnegative"
    assert coordinate_sign(dot_sym(q, p)) is None


def test_block_deciders_separate_true_and_false_block_identities():
    from certificates.psa._sec4_common import DIM, collapsed_blocks, coordinate_field, matrix_expr_is_zero

    I, Z = sp.Identity(DIM), sp.ZeroMatrix(DIM, DIM)
    A, B = sp.MatrixSymbol("A", DIM, DIM), sp.MatrixSymbol("B", DIM, DIM)
    Om = sp.BlockMatrix([[Z, I], [-I, Z]])
    blocks = collapsed_blocks(sp.BlockMatrix([[A, B], [Z, -A.T]]).T * Om + Om * sp.BlockMatrix([[A, B], [Z, -A.T]]))
    assert all(matrix_expr_is_zero(e.xreplace({B.T: B})) for e in blocks)  # in sp when B is symmetric
    assert not all(matrix_expr_is_zero(e) for e in blocks)  # not for a general B
    assert coordinate_field(lambda q, p: (p.T * p)[0, 0] / 2) == sp.Matrix([[0, 1], [0, 0]])
    assert coordinate_field(lambda q, p: ((p.T * p)[0, 0]) ** 2) is None  # not linear: no 2 x 2 reduction


def test_every_dk_facts_of_eq25_prop24_and_the_mlp_jacobian_hold():
    from certificates.psa import sec4_design as ds

    assert all(ds._eq25_every_dk().values())
    assert all(ds._prop24_every_dk().values())
    assert ds._jacobian_every_size() == (True, True)
    assert all(tr._thm38_iii_every_dk().values())
    assert not ds._table2_every_dk(lambda d: d * (d - 1) // 2)["count"]  # a wrong count fails at symbolic n
