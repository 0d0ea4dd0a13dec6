"""The ``momentum`` pack: real verdicts, every certificate fed a wrong input FAILs, and every certificate
that FAILs as printed PASSes under the corrected claim (so no check is stuck)."""

import pytest
import sympy as sp

from certificates import Kind, Status, load_registry
from certificates.momentum import dynamics as D
from certificates.momentum import linearisation as L
from certificates.momentum import load
from certificates.momentum import measurements as ME
from certificates.momentum import operator as O
from tests.realcache import outcome
from tests.tiers import sampled_cases
from theory.companions import momentum as M

CERTS = {c.id: c for c in load()}
CHECKABLE = {cid: c for cid, c in CERTS.items() if c.kind is not Kind.NOT_CHECKABLE}
g, th, w, z = M.gamma, M.theta, M.omega, M.z
p1, p2 = D.p1, D.p2

#: Real verdicts; every FAIL is a finding (see the certificate's detail).
REAL = {
    "sec2.1.uniqueness": "FAIL",
    "sec2.1.uniqueness.corrected": "PASS",
    "sec2.1.volume": "PASS",
    "sec2.2.linear": "FAIL",
    "sec2.2.linear.corrected": "PASS",
    "sec2.2.orbits": "FAIL",
    "sec2.2.orbits.corrected": "PASS",
    "sec2.2.dissipation": "FAIL",
    "sec2.2.dissipation.corrected": "PASS",
    "sec2.2.hilltop": "FAIL",
    "sec2.2.hilltop.corrected": "PASS",
    "sec2.2.runaway": "FAIL",
    "sec2.2.selection": "FAIL",
    "sec2.2.selection.linear": "PASS",
    "sec2.2.volume_symplectic": "FAIL",
    "sec2.2.volume_symplectic.corrected": "PASS",
    "sec2.3": "PASS",
    "thm2.8.expansion": "PASS",
    "sec2.5": "PASS",
    "sec2.6.transfer": "PASS",
    "sec2.6.velocity": "PASS",
    "sec2.7.1": "PASS",
    "thm2.11": "FAIL",
    "thm2.11.corrected": "PASS",
    "sec2.8": "PASS",
    "sec2.9": "FAIL",
    "sec2.9.corrected": "PASS",
    "sec2.10.rank": "FAIL",
    "sec2.10.rank.corrected": "PASS",
    "sec2.10.parseval": "FAIL",
    "sec2.10.parseval.corrected": "PASS",
    "sec3.3.arith": "PASS",
    "sec3.5.arith": "PASS",
    "appE.sec1.2.arith": "PASS",
    "appE.halfshift": "PASS",
    "appE.thm3.1": "PASS",
    "appE.rope": "PASS",
    "sec3.1.same": "PASS",  # certificates/momentum/relations.py (issue 27)
}
REAL = {f"momentum:{k}": v for k, v in REAL.items()}


def _rotation_family(x):
    return sp.Matrix([[sp.cos(x), -sp.sin(x)], [sp.sin(x), sp.cos(x)]])


def _no_covariance_entry(v, k, a, i, m, j, l, n, d):
    """A wrong Jacobian entry: diag(a) instead of diag(a) - a a^T."""
    return sp.Sum(v[j, i] * a(j) * k[j, m], (j, 0, n - 1)) / sp.sqrt(d)


WRONG = [
    ("sec2.1.uniqueness", dict(operator=lambda x, d: (x * sp.eye(d), x * sp.eye(d)))),
    ("sec2.1.uniqueness", dict(coefficients="scalar", operator=lambda x, d: (x * sp.eye(d), sp.zeros(d)))),
    ("sec2.1.uniqueness.corrected", dict(printed_operator=lambda x, d: (x * sp.eye(d), x * sp.eye(d)))),
    ("sec2.1.uniqueness.corrected", dict(matrix_dimension=sp.Integer(1))),
    ("sec2.1.uniqueness.corrected", dict(matrix_operator=O._printed_operator)),
    ("sec2.1.volume", dict(det_claim=1 + g)),
    ("sec2.1.volume", dict(builder=lambda x, d: sp.diag(*([2] * d + [1] * d)))),
    ("sec2.2.linear", dict(potentials=(("q2^2", D.q2**2),))),
    ("sec2.2.linear", dict(potentials=D.UNIQUE_MIN, T=M.kinetic_linear((p1, p2), D.gp) + 1)),
    ("sec2.2.linear.corrected", dict(potentials=D.CONVEX)),
    ("sec2.2.orbits", dict(A=sp.diag(1, 3))),
    ("sec2.2.orbits", dict(closed=False, A=sp.diag(1, 4))),
    ("sec2.2.orbits.corrected", dict(L_dot=-D.gp * p1**2)),
    ("sec2.2.dissipation", dict(V=D.q1**2 + 5 * D.q2**2, state={D.q1: 0, D.q2: 2, p1: 0, p2: 0})),
    (
        "sec2.2.dissipation",
        dict(strict=False, state={D.q1: 1, D.q2: 0, p1: 1, p2: 0}, T=-M.kinetic_linear((p1, p2), D.gp)),
    ),
    ("sec2.2.dissipation.corrected", dict(claim=-D.k * D.gp * (p1**2 + p2**2) / 2)),
    ("sec2.2.hilltop", dict(threshold=1 / sp.sqrt(20 * M.alpha))),
    ("sec2.2.hilltop.corrected", dict(threshold=1 / sp.sqrt(12 * M.alpha))),
    ("sec2.2.hilltop.corrected", dict(kinetic=lambda p: M.kinetic_quartic(p, sign=+1))),
    ("sec2.2.runaway", dict(decreases=False, radially_unbounded=True)),
    ("sec2.2.selection", dict(candidates=D.CANDIDATES[1:])),
    ("sec2.2.selection", dict(exists=True, candidates=(("||p||^2/2 - alpha||p||^4", M.kinetic_quartic((p1, p2))),))),
    ("sec2.2.selection.linear", dict(kinetic=lambda p: -M.kinetic_linear(p, D.gp), claimed=-D.gp * sp.eye(2))),
    ("sec2.2.selection.linear", dict(claimed=2 * D.gp * sp.eye(2))),
    ("sec2.2.volume_symplectic", dict(criterion=lambda J: True)),
    ("sec2.2.volume_symplectic.corrected", dict(criterion=O._det_one)),
    ("sec2.3", dict(builder=O._nonsymmetric_shear)),
    ("thm2.8.expansion", dict(critical=(2, 1))),
    ("thm2.8.expansion", dict(critical=(0, 1))),
    (
        "sec2.5",
        dict(
            terms=lambda *a: {
                **M.four_terms(*a),
                "anticipation": M.four_terms(*a)["drift"],
                "drift": M.four_terms(*a)["anticipation"],
            }
        ),
    ),
    ("sec2.6.transfer", dict(nyquist=1 + g)),
    ("sec2.6.transfer", dict(transfer=lambda zz=z, gg=g: 1 + gg * (1 - zz))),
    ("sec2.6.velocity", dict(magnitude=2 * sp.Abs(sp.sin(w)))),
    ("sec2.6.velocity", dict(maximum_at=sp.pi / 2)),
    ("sec2.6.transfer", dict(increasing=False)),
    ("sec2.7.1", dict(entry=_no_covariance_entry)),
    ("thm2.11", dict(off_band=0.5)),
    ("thm2.11", dict(operating_point=L.time_invariant_operating_point)),
    ("thm2.11.corrected", dict(operating_point=L.trained_like_operating_point)),
    ("thm2.11.corrected", dict(frequency_dependent=True)),
    ("sec2.8", dict(hp_power=4 * sp.cos(w / 2) ** 2)),
    ("sec2.8", dict(overlap_limit=sp.Rational(1, 100))),
    ("sec2.9", dict(error_claim=2 * g * sp.sin(th) * sp.sqrt(O._a**2 + O._b**2))),
    ("sec2.9.corrected", dict(error_claim=O._printed_error)),
    ("sec2.10.rank", dict(family=lambda x: sp.diag(x, 1 / x))),
    ("sec2.10.rank.corrected", dict(bound=lambda smax, n: 1 / smax)),
    ("sec2.10.parseval", dict(energy_ratio=1 + g)),
    ("sec2.10.parseval.corrected", dict(energy_ratio=1 + g**2)),
    ("sec3.3.arith", dict(fewer_pct="36")),
    ("sec3.5.arith", dict(improvement="75.5")),  # 83.4 / 1.2 within their rounding: [66.7, 72.6]
    ("appE.sec1.2.arith", dict(implied_r="0.808")),
    ("sec3.1.same", dict(alpha="0.47")),
    ("appE.halfshift", dict(half_shift=lambda: M.pe_increments_half_shift(s=M.s_ + 1))),
    ("appE.thm3.1", dict(average_over="diagonal")),
    ("appE.rope", dict(factored=lambda: M.rotation(M.t_ * th) * (M.rotation(th / 2) - M.rotation(-th / 2)))),
]
WRONG = [(f"momentum:{c}", kw) for c, kw in WRONG]

#: Inputs under which the certificates that FAIL as printed PASS.
CORRECTED = [
    ("sec2.1.uniqueness", dict(coefficients="scalar")),
    ("sec2.1.uniqueness", dict(d=1)),
    ("sec2.2.linear", dict(potentials=D.UNIQUE_MIN)),
    ("sec2.2.orbits", dict(A=sp.diag(1, 4))),
    ("sec2.2.dissipation", dict(state={D.q1: 1, D.q2: 0, p1: 1, p2: 0})),
    ("sec2.2.hilltop", dict(threshold=1 / (2 * sp.sqrt(M.alpha)))),
    ("sec2.2.runaway", dict(decreases=False)),
    ("sec2.2.selection", dict(candidates=(("||p||^2/2 - alpha||p||^4", M.kinetic_quartic((p1, p2))),))),
    ("sec2.2.volume_symplectic", dict(criterion=O._df_symmetric, family=O._shears_only)),
    ("thm2.11", dict(operating_point=L.time_invariant_operating_point, frequency_dependent=False)),
    ("sec2.9", dict(error_claim=2 * sp.Abs(g) * sp.sin(th / 2) * sp.sqrt(O._a**2 + O._b**2))),
    ("sec2.10.rank", dict(family=_rotation_family)),
    ("sec2.10.parseval", dict(energy_ratio=M.band_averaged_power_gain())),
]
CORRECTED = [(f"momentum:{c}", kw) for c, kw in CORRECTED]


@pytest.fixture(scope="module")
def real():
    return {cid: outcome(CHECKABLE[cid]) for cid in REAL}


def test_pack_contents():
    assert set(REAL) == set(CHECKABLE)
    for c in CERTS.values():
        assert c.pack == "momentum" and c.id.startswith("momentum:")
        if c.kind is Kind.NOT_CHECKABLE:
            assert c.reason and c.check is None
    for st in M.STATEMENTS:
        assert any(cid == st.id or cid.startswith(st.id + ".") for cid in CERTS), st.id


def test_registry_loads_the_pack_by_name():
    reg = load_registry("momentum")
    assert len(reg) == len(CERTS)
    assert reg.get("MOMENTUM:SEC2.9").id == "momentum:sec2.9"


@pytest.mark.parametrize("cid", sorted(REAL))
def test_real_verdict(real, cid):
    assert real[cid].status.value == REAL[cid], real[cid].detail


@pytest.mark.parametrize(
    "cid,kwargs", sampled_cases(WRONG, [f"{w[0]}-{i}" for i, w in enumerate(WRONG)], group=lambda w: w[0])
)
def test_wrong_input_fails(cid, kwargs):
    out = CHECKABLE[cid].check(**kwargs)
    assert out.status is Status.FAIL, out.detail


@pytest.mark.parametrize("cid,kwargs", CORRECTED, ids=[c[0] for c in CORRECTED])
def test_corrected_input_passes(cid, kwargs):
    out = CHECKABLE[cid].check(**kwargs)
    assert out.status is Status.PASS, out.detail


def test_every_checkable_certificate_has_a_failing_and_a_passing_test():
    assert {w[0] for w in WRONG} == set(CHECKABLE)
    assert {c[0] for c in CORRECTED} == {k for k, v in REAL.items() if v == "FAIL"}
    assert all(w[1] for w in WRONG)  # a wrong input, not the printed claim


def test_failure_details_carry_the_evidence(real):
    assert "B symmetric" in real["momentum:sec2.1.uniqueness"].reading
    assert real["momentum:sec2.1.uniqueness"].measured["matrix coefficients, d = 2: dimension of the solution set"] == 3
    assert "memoryless" in real["momentum:thm2.11"].detail
    assert "diag(2, 1/2, 1, 1)" in real["momentum:sec2.2.volume_symplectic"].detail
    assert "1/(2 sqrt(alpha))" in real["momentum:sec2.2.hilltop"].detail
    assert "omits the factor |gamma|" in real["momentum:sec2.9"].detail
    assert "2*gamma**2 + 2*gamma + 1" in real["momentum:sec2.10.parseval"].detail
    assert "time-VARYING" in real["momentum:thm2.11"].detail
    share = next(v for k, v in real["momentum:thm2.11"].measured.items() if k.startswith("off-frequency"))
    assert share[0] > 0.1  # the lower end of its Arb enclosure
    assert "sqrt(2)" in real["momentum:sec2.2.orbits"].detail


def test_measurements_module_has_only_not_checkable_rows_and_arith():
    for c in ME.CERTIFICATES:
        assert c.kind is Kind.NOT_CHECKABLE or c.id.endswith(".arith")


#: Severity of every FAIL of the pack as printed (issue: graded findings).
SEVERITY = {
    "sec2.1.uniqueness": "reading",
    "sec2.2.volume_symplectic": "substantive",
    "sec2.2.hilltop": "minor",
    "sec2.2.runaway": "reading",
    "sec2.2.selection": "substantive",
    "sec2.2.linear": "reading",
    "sec2.2.orbits": "minor",
    "sec2.2.dissipation": "minor",
    "thm2.11": "substantive",
    "sec2.9": "reading",
    "sec2.10.rank": "minor",
    "sec2.10.parseval": "substantive",
}


def test_every_fail_is_graded(real):
    fails = {cid.split(":", 1)[1] for cid, out in real.items() if out.status is Status.FAIL}
    assert fails == set(SEVERITY)
    for sid, sev in SEVERITY.items():
        out = real[f"momentum:{sid}"]
        assert out.severity == sev, (sid, out.severity)
        if sev == "reading":
            assert out.reading, sid


def test_runaway_is_checked_along_trajectories_with_the_preprints_friction(real):
    out = real["momentum:sec2.2.runaway"]
    assert CERTS["momentum:sec2.2.runaway"].kind is Kind.SYMBOLIC
    assert out.status is Status.FAIL and out.severity == "reading" and out.evidence_level == "proved"
    assert "LANDSCAPE" in out.reading and "ALONG TRAJECTORIES" in out.reading and "beta p_t" in out.reading
    # the two trajectory rows fail, the landscape row (T -> -oo) holds
    assert set(out.evidence["failures"]) == {
        "along trajectories: H decreases as ||p|| grows beyond 1/(2 sqrt(alpha))",
        "runaway trajectory (V = ||q||^2/2, alpha = k = 1, from q = (-2, 0), p = (1, 0)): H decreases along it",
    }
    # dH/dt = -k ||p||^2 (1 - 4 alpha ||p||^2), for every potential
    r2 = p1**2 + p2**2
    dH = sp.sympify(out.evidence["dH_dt"], locals={"k": D.k, "alpha": M.alpha, "p1": p1, "p2": p2})
    assert sp.expand(dH - (-D.k * r2 * (1 - 4 * M.alpha * r2))) == 0
    # with friction on the velocity (not the preprint's) H would fall: the claim then holds
    assert CHECKABLE["momentum:sec2.2.runaway"].check(friction="velocity").status is Status.PASS


def test_every_checkable_certificate_states_its_evidence_level(real):
    """Issue 17: each check says how it decided -- exact (proved) or in Arb balls (enclosed) -- never unknown."""
    levels = {cid: out.evidence_level for cid, out in real.items()}
    assert all(lvl in ("proved", "enclosed") for lvl in levels.values()), levels
    enclosed = {cid for cid, lvl in levels.items() if lvl == "enclosed"}
    assert enclosed == {f"momentum:{x}" for x in ("sec3.3.arith", "sec3.5.arith", "appE.sec1.2.arith")}


# --- the exact and Arb paths behind the certificates ------------------------------------------------


def test_symbolic_attention_path_matches_the_float_path():
    import numpy as np

    rng = np.random.default_rng(5)
    Qf, Kf, Vf = rng.integers(-3, 4, (3, 2)) / 2, rng.integers(-3, 4, (3, 2)) / 2, rng.integers(-3, 4, (3, 2)) / 2
    obj = lambda a: np.array([[sp.Rational(x).limit_denominator(8) for x in row] for row in a], dtype=object)  # noqa: E731
    Js = M.attention_jacobians(obj(Qf), obj(Kf), obj(Vf))
    assert isinstance(Js, list) and all(isinstance(J, sp.MatrixBase) for J in Js)
    Jf = M.attention_jacobians(Qf, Kf, Vf)
    num = np.array([[[float(J[i, j].rewrite(sp.exp)) for j in range(2)] for i in range(2)] for J in Js])
    np.testing.assert_allclose(num, Jf, atol=1e-13)
    Y = M.attention_output(obj(Qf), obj(Kf), obj(Vf))
    np.testing.assert_allclose(
        np.array([[float(v.rewrite(sp.exp)) for v in row] for row in Y]), M.attention_output(Qf, Kf, Vf), atol=1e-13
    )


def test_attention_linear_response_in_arb_encloses_the_float_response():
    import numpy as np
    from flint import arb

    Q_, K_, V_, causal = L.trained_like_operating_point(T=16)
    dQ = np.random.default_rng(2).standard_normal(Q_.shape)
    Yb = M.attention_linear_response_arb(Q_, K_, V_, [[arb(float(x)) for x in row] for row in dQ], causal)
    Yf = M.linear_response(M.attention_jacobians(Q_, K_, V_, causal), dQ)
    for t in range(16):
        for i in range(Yf.shape[1]):
            assert abs(float(Yb[t][i].mid()) - Yf[t, i]) <= 1e-12 + float(Yb[t][i].rad())
            assert float(Yb[t][i].rad()) < 1e-12


def test_rigorous_helpers_enclose_inverse_trig_and_decide_signs():
    import math

    from theory.companions.rigorous import enclose_sympy, exact_sign

    x = enclose_sympy(sp.acos(sp.Rational(3, 10)) / sp.pi, prec=128)
    assert abs(float(x.mid()) - math.acos(0.3) / math.pi) < 1e-15 and float(x.rad()) < 1e-30
    assert exact_sign(sp.sqrt(2) - sp.Rational(1414, 1000)) == 1
    assert exact_sign(sp.sin(sp.pi / 3) - sp.sqrt(3) / 2) == 0
    assert exact_sign(sp.pi - sp.Rational(22, 7)) == -1
    with pytest.raises(ValueError):
        exact_sign(sp.Symbol("x"))


def test_shown_nonzero_is_a_proof_at_a_point_of_the_domain():
    """is_zero's quick answer on a residual that does not vanish: a ball enclosure excluding 0 at an exact point
    the symbols' assumptions admit (complex balls: principal branches, as SymPy's)."""
    from flint import arb

    from certificates._companion import is_zero
    from theory.companions.rigorous import enclose_complex, shown_nonzero

    x, y = sp.symbols("x y")
    r, wv = sp.Symbol("r", real=True), sp.Symbol("w", real=True)
    n = sp.Symbol("n", integer=True, positive=True)
    for e in (sp.sin(x) - x, x - y, sp.exp(sp.I * wv) - sp.cos(wv), sp.sqrt(r**2) - r, sp.log(x) - 1):
        assert shown_nonzero(e) and not is_zero(e), e
    # identities, values at 0 for every admitted point, nodes that cannot be enclosed: nothing shown
    for e in (
        sp.sin(x) ** 2 + sp.cos(x) ** 2 - 1,
        sp.exp(sp.I * wv) - sp.cos(wv) - sp.I * sp.sin(wv),
        sp.Function("f")(x) - 1,
        sp.Sum(x**n, (n, 0, 3)) - 1,
        sp.Float(0.1) * x,
        sp.Abs(r) - sp.sqrt(r**2),
    ):
        assert not shown_nonzero(e), e
    assert is_zero(sp.sin(x) ** 2 + sp.cos(x) ** 2 - 1)
    # an integer symbol takes integer values only: sin(pi n (n + 1) / 2) is 0 there, not at a complex x
    assert not shown_nonzero(sp.sin(sp.pi * (n**2 + n) / 2)) and shown_nonzero(sp.sin(sp.pi * (x**2 + x) / 2))
    z = enclose_complex(sp.sqrt(x) + sp.log(x), {x: sp.Integer(-1)})  # principal branches: i + i pi
    assert z.real.contains(0) and z.imag.overlaps(1 + arb.pi())
    with pytest.raises(TypeError):
        enclose_complex(sp.Function("f")(x), {x: 1})


def test_zero_or_witness_and_exact_printed():
    from certificates._companion_enclosed import derived_enclosed, exact_printed, zero_or_witness
    from certificates._subchecks import Checks

    x = sp.Symbol("x", real=True)
    assert zero_or_witness([sp.sin(x) ** 2 + sp.cos(x) ** 2 - 1]) == (True, None)
    ok, wit = zero_or_witness([sp.sin(x) - x])
    assert not ok and wit is not None and "residual" in wit
    c = Checks()
    from fractions import Fraction

    assert exact_printed(c, "a third", Fraction(1, 3), "0.333")
    assert not exact_printed(c, "a third vs 0.334", Fraction(1, 3), "0.334")
    assert derived_enclosed(c, "ratio", lambda a, b: a / b, ("0.741", "0.602"), "1.23")
    assert not derived_enclosed(c, "ratio vs 1.25", lambda a, b: a / b, ("0.741", "0.602"), "1.25")
    assert [r[7] for r in c.rows] == ["proved", "proved", "enclosed", "enclosed"]


def test_zero_or_witness_takes_a_witness_only_inside_the_symbols_domain():
    """A witness is a point of the residual's domain: a symbol assumed negative is never valued pi/3 (the
    first value of the list, which it was given before), an integer one never a fraction; when no value of
    the list lies in a symbol's domain there is no witness (a FAIL of unknown strength, not ``proved``)."""
    from certificates._companion_enclosed import zero_or_witness

    neg = sp.Symbol("x", negative=True)
    ok, wit = zero_or_witness([neg**2 + 1])
    assert not ok and wit is not None and sp.Rational(wit["x"]) < 0, wit
    k = sp.Symbol("k", integer=True, positive=True)
    ok, wit = zero_or_witness([k + neg])
    assert not ok and wit is not None and sp.Integer(wit["k"]) == 2 and sp.Rational(wit["x"]) < 0, wit
    nk = sp.Symbol("m", integer=True, negative=True)  # no negative integer among the values
    assert zero_or_witness([nk**2 + 1]) == (False, None)
    plain = sp.Symbol("y")
    ok, wit = zero_or_witness([plain**2 + 1])  # no assumption: the list's first value, as before
    assert wit is not None and wit["y"] == "pi/3"


def test_volume_symplectic_corrected_decides_the_criterion_at_a_symbolic_d():
    """issue 25: the criterion is called on [[I, S], [0, I]] at a symbolic d; a constant answer there, or one not
    given at a symbolic d, is not taken as proved for every d."""
    from certificates.registry import SizeUndecided

    ok = outcome(CHECKABLE["momentum:sec2.2.volume_symplectic.corrected"])  # as printed (tests.realcache)
    assert ok.status.value == "PASS" and ok.evidence_level == "proved"
    assert "every d, every f: the criterion on the shear" in ok.detail

    def always(J):
        return sp.true if isinstance(J, sp.BlockMatrix) else O._df_symmetric(J)

    out = O.check_volume_symplectic_corrected(always)
    assert out.status.value == "FAIL" and "every d, every f" in out.detail

    def explicit_only(J):
        if isinstance(J, sp.BlockMatrix):
            raise TypeError("explicit only")
        return O._df_symmetric(J)

    with pytest.raises(SizeUndecided):
        O.check_volume_symplectic_corrected(explicit_only)


def test_bode_corrected_decided_at_every_size():
    """Theorem 2.11 (corrected): memoryless, time-invariant, sinusoid identity and the bin DFT decided at
    symbolic T, n, d; a row that also reads the previous query is found not memoryless; claims given as
    functions of (T, d) are compared at symbolic sizes (0 / False identically passes)."""
    dec = L._bode_every_size()
    assert all(dec[k] for k in ("memoryless", "invariant", "sinusoid", "on_bin_only", "flat"))

    def with_memory(t):
        return L._frozen_attention_row(t) + L._q[t - 1, 0]

    assert L._bode_every_size(with_memory)["memoryless"] is False
    out = L.check_bode_corrected(off_band=lambda T, d: 0, frequency_dependent=lambda T, d: False)
    assert out.status is Status.PASS and out.evidence_level == "proved"
    assert L.check_bode_corrected(off_band=lambda T, d: sp.Integer(1) / T).status is Status.FAIL


def test_placement_norms_in_closed_form():
    """§2.9's two squared norms (placement error, frame mismatch) as the Gram entries give them -- the exact
    expressions the check prints (its detail shows them): phi cancels, 4 gamma^2 sin^2(theta/2) ||q||^2."""
    a, b = O._a, O._b
    qprev = sp.Matrix([a, b])
    qt = sp.Matrix(sp.symbols("c e", real=True))
    Rp = M.rotation(O._phi)
    Rt = M.rotation(th) * Rp
    diff = sp.expand(M.post_rope(Rt, Rp, qt, qprev) - M.pre_rope(Rt, Rp, qt, qprev))
    assert str(O._norm2(sp.ImmutableMatrix(diff))) == "4*gamma**2*(a**2 + b**2)*sin(theta/2)**2"
    assert str(O._norm2(sp.ImmutableMatrix(sp.expand((Rt - Rp) * qprev)))) == "4*(a**2 + b**2)*sin(theta/2)**2"
    # an entry the exponential route cannot put in cos(theta) alone goes to trigsimp
    assert O._gram_entry(sp.sin(th) ** 2 + sp.cos(th) ** 2 + sp.sin(th)) == sp.factor(sp.trigsimp(1 + sp.sin(th)))


def test_companion_simplify_limit_and_is_zero_are_kept_per_argument():
    """The companion packs' simplify / limit / is_zero answer a repeated argument from the process's memo -- the
    first call's result, equal to a fresh one; a mutable argument (a Matrix) is computed each time."""
    from certificates import _companion as C

    x = sp.Symbol("x_memo_test", real=True)
    e = (sp.sin(x) ** 2 + sp.cos(x) ** 2) * x
    first = C.simplify(e)
    assert first == sp.simplify(e) == x and C.simplify(e) is first
    assert C.limit(1 / x, x, sp.oo) == 0 == sp.limit(1 / x, x, sp.oo)
    before = C._is_zero_kept.cache_info().hits
    assert C.is_zero(sp.sin(x) ** 2 + sp.cos(x) ** 2 - 1) and C.is_zero(sp.sin(x) ** 2 + sp.cos(x) ** 2 - 1)
    assert C._is_zero_kept.cache_info().hits == before + 1
    m = sp.Matrix([[e]])
    assert C.simplify(m) == sp.Matrix([[x]]) and C.simplify(m) is not C.simplify(m)


def test_simplify_or_zero_proves_identities_in_exponentials_and_simplifies_the_rest():
    from certificates._companion import simplify_or_zero

    x = sp.Symbol("x_soz_test", real=True)
    ident = sp.sin(3 * x) - 3 * sp.sin(x) + 4 * sp.sin(x) ** 3
    assert simplify_or_zero(ident) == 0 == sp.simplify(ident)
    other = sp.sin(x) ** 2 + sp.cos(x) ** 2 + sp.sin(x)
    assert simplify_or_zero(other) == sp.simplify(other) == sp.sin(x) + 1
    # the residuals of Addendum E's identities as printed vanish either way
    for a, b in zip(M.pe_increments(), M.pe_increments_half_shift()):
        assert simplify_or_zero(sp.expand_trig(sp.expand(a - b))) == 0


def test_kinematic_conditions_skip_simplify_only_on_rational_polynomials():
    """§2.1's conditions: a residual entry that is a polynomial over Q is expanded without simplify (one expanded
    form either way); the result equals the route through symplectic_residual's simplified entries."""
    A, B, _ = M.kinematic_operator(2, "matrix")
    old = [sp.expand(e) for e in list(A + B) + list(M.symplectic_residual(M.kinematic_phase_map(A, B)))]
    assert M.kinematic_conditions(A, B) == [e for e in old if e != 0]
    x = sp.Symbol("x")
    assert M._rational_polynomial(x**2 / 3 - 2) and not any(
        M._rational_polynomial(e) for e in (sp.sqrt(2) * x, sp.sin(x), 1 / x, sp.pi * x, sp.Float(0.5) * x)
    )


def test_power_response_is_kept_per_transfer_function():
    H = M.momentum_transfer()
    P = M.power_response(H)
    assert M.power_response(H) is P and P == M._power_response(H, w, z)
    assert M.power_response(sp.ImmutableMatrix([[H]])[0, 0]) is P


def test_field_zero_decides_a_rational_function_as_its_expansion_does():
    """is_zero's first step on a rational function over Q of plain symbols: its element of Q(symbols) is zero
    exactly when rational_zero says the expansion is (the former first steps); anything else is left (None)."""
    from certificates._companion import _field_zero, _is_zero
    from certificates.algebra import rational_zero

    x, y = sp.symbols("x y", positive=True)
    n = sp.Symbol("n", integer=True)
    rational = (
        x / (x + 1) - 1 + 1 / (x + 1),
        (x**2 - y**2) / (x - y) - x - y,
        (x + y) ** 3 - x**3,
        1 / (x - 1) ** 2 - 1 / (x**2 - 2 * x + 1) + n,
        x * y / (x + y) - sp.Rational(1, 3),
        ((x + 1) ** 2 - x**2 - 2 * x - 1) / (y + 2),
    )
    for e in rational:
        assert _field_zero(e) is rational_zero(sp.expand(e)) is _is_zero(e), e
    for e in (sp.sqrt(x) - 1, sp.sin(x), x**n, sp.Float(0.5) * x, sp.pi * x, sp.IndexedBase("a")[n], sp.Integer(0)):
        assert _field_zero(e) is None, e


def test_zero_or_witness_decides_the_residuals_in_order_up_to_a_witness():
    """The first non-zero residual with an exact witness ends the search: the residuals after it are not decided
    (the answer is the one deciding them all first gives)."""
    from certificates._companion_enclosed import zero_or_witness

    x = sp.Symbol("x", real=True)
    seen = []

    def spy(e):
        seen.append(e)
        return e

    res = [sp.sin(x) ** 2 + sp.cos(x) ** 2 - 1, x - 1, sp.sin(x) - x]
    ok, wit = zero_or_witness(res, simplify=spy)
    assert not ok and wit is not None and wit["x"] == "pi/3" and sp.sympify(wit["residual"]) == sp.pi / 3 - 1
    assert seen == res[:2]
    assert zero_or_witness(res[:1]) == (True, None)


def test_hilltop_sets_are_kept_per_kinetic_energy_and_the_threshold_never_enters():
    ps = sp.symbols("p1:3", real=True)
    T = M.kinetic_quartic(ps)
    kept = D._negative_definite_set_of(T, ps, sp.Integer(1))
    assert D._negative_definite_set_of.__wrapped__(T, ps, sp.Integer(1)) == kept
    assert D._negative_definite_set_of(T, ps, sp.Integer(1)) is kept
    assert kept[1] == sp.Interval.open(sp.Rational(1, 2), sp.oo)
    g_s = M.kinetic_quartic((sp.sqrt(D._s_hill),))
    assert D._hilltop_sigma_set(g_s) == D._hilltop_sigma_set.__wrapped__(g_s)
    assert D._radial_hessian_every_d() == (True, True)


def test_linearisation_keeps_the_exact_map_and_decides_a_non_zero_difference_without_simplify():
    kept = L._exact_map(2, 2, 2)  # the context check_linearisation uses (kept by its real verdict)
    Qs, Ks, Vs = L._symbolic_context(2, 2, 2)
    Y = M.attention_output(Qs, Ks, Vs)
    fresh = {(t, s, i, m): sp.diff(Y[t, i], Qs[s, m]) for t in (0, 1) for s in (0, 1) for i in (0, 1) for m in (0, 1)}
    assert dict(kept[0]) == fresh and kept[1] is True and L._exact_map(2, 2, 2) is kept
    with pytest.raises(TypeError):
        kept[0][1, 1, 0, 0] = 0  # read-only
    a, b = sp.symbols("a b", real=True)
    se = M.softmax_exp
    for e in (se(a) - 1, se(a) * se(b) - se(a + b), sp.sin(a) ** 2 + sp.cos(a) ** 2 - 1):
        assert L._simplifies_to_zero(e) is (sp.simplify(e) == 0), e


def test_operator_solutions_by_replacing_the_unknowns_and_block_residuals_kept():
    """§2.1's solution matrices: replacing the unknowns (symbols) by the basis values is what subs gives; the
    block residuals are kept per (P, R), each caller given its own lists; an unknown reading of §E Thm 3.1's
    average is refused before any average is formed."""
    for d, coefficients in ((1, "scalar"), (3, "scalar"), (1, "matrix"), (2, "matrix")):
        A, B, unknowns, basis = O._solutions_cached(d, coefficients)
        for v in basis:
            sub = dict(zip(unknowns, v))
            fast = O._matrices(A, B, unknowns, v)
            assert [sp.srepr(x) for x in fast] == [sp.srepr(A.subs(sub)), sp.srepr(B.subs(sub))]
    Am = sp.MatrixSymbol("A", O._dblock, O._dblock)
    I = sp.Identity(O._dblock)
    first, second = O._block_residual(I + Am, -Am), O._block_residual(I + Am, -Am)
    assert first == second == [list(r) for r in O._block_residual_kept.__wrapped__(I + Am, -Am)]
    assert first is not second and first[0] is not second[0]
    with pytest.raises(ValueError):
        O.check_phase_average(average_over="the whole sequence")


def test_runaway_facts_are_derived_once_and_every_claim_is_compared_afresh():
    printed = D.check_runaway()
    before = D._runaway_facts.cache_info()
    flipped = D.check_runaway(decreases=False, radially_unbounded=True)
    assert (
        D._runaway_facts.cache_info().hits == before.hits + 1 and D._runaway_facts.cache_info().misses == before.misses
    )
    assert flipped.measured == printed.measured and flipped.expected != printed.expected
    assert printed.status is Status.FAIL and not any("along trajectories" in f for f in flipped.evidence["failures"])


def test_equilibria_and_convexity_are_kept_per_potential_each_caller_given_its_own_copy():
    line = D.q1**2
    kind, desc = D._equilibria(line)
    assert (kind, desc) == D._equilibria_solved(line) and kind == "continuum"
    desc["q2"] = "changed by a caller"
    assert D._equilibria(line) == ("continuum", {"q1": "0"})
    assert D._equilibria(D.q1**2 + D.q2**2) == D._equilibria_solved(D.q1**2 + D.q2**2) == ("point", (0, 0))
    assert D._convex(line) is D._convex.__wrapped__(line) is True


def test_limits_at_infinity_of_polynomials_by_their_leading_term():
    """The ray limits of §2.2 (L along axes and diagonals, T along p): a polynomial in r goes to +-oo by its
    leading coefficient's sign -- what SymPy's limit returns -- a constant is itself, a positive cosh term makes
    it +oo; the rest (an undetermined sign) is left to limit."""
    r, c = sp.Symbol("r", positive=True), sp.Symbol("c_lim_test", real=True)
    cases = (D.gp * r**2 / 2 + 1, -M.alpha * r**4 + r**2 / 2, D.gp * 0 + 3 * r - 7, sp.Integer(0), D.gp / 2)
    for e in cases:
        got = D._limit_at_infinity(e, r)
        assert got == sp.limit(e, r, sp.oo) and sp.srepr(got) == sp.srepr(sp.limit(e, r, sp.oo)), e
    assert D._limit_at_infinity(sp.cosh(r) + r**2 - 1, r) is sp.oo  # cosh outgrows the polynomial
    assert D._positive_cosh_term(D.gp * sp.cosh(2 * r), r) and not any(
        D._positive_cosh_term(t, r) for t in (-sp.cosh(r), sp.cosh(r + 1), c * sp.cosh(r), sp.cosh(c))
    )
    assert D._limit_at_infinity(c * r, r) == sp.limit(c * r, r, sp.oo)  # sign of c unknown: through limit


def test_critical_term_weights_are_derived_once_and_every_claim_compared_fresh():
    """Thm 2.8's weights of the lagged forms do not depend on the claimed critical term: derived once per process
    (per ``lags``), the same as the derivation itself gives; each claim is decided on them afresh."""
    kept = O._critical_weights(2)
    assert O._critical_weights(2) is kept
    assert [ab for ab, _ in kept] == [(a, b) for a in range(3) for b in range(3)]
    # q^ = (1 + gamma) q_t - gamma q_(t-1), k^ likewise: the weights are the products of those coefficients
    coef = {0: 1 + M.gamma, 1: -M.gamma, 2: 0}
    assert all(sp.expand(wt - coef[a] * coef[b]) == 0 for (a, b), wt in kept)
    assert O.check_critical_term().status is Status.PASS
    assert O.check_critical_term(critical=(2, 1)).status is Status.FAIL
    assert O.check_critical_term(critical=(0, 1)).status is Status.FAIL


def test_offband_share_is_kept_per_exact_inputs_and_precision():
    """Theorem 2.11's off-frequency share (no claim enters it) is kept per process by its exact float64 inputs and
    the working precision: the kept ball is the one computing it gives; other inputs or precisions are their own."""
    from theory import rigorous as R

    Q, K, V, causal = L.trained_like_operating_point(T=16)
    u = L._direction(L.SEED + 12, Q.shape[1])
    with R.precision(96):
        first = L._offband_share_arb(Q, K, V, causal, u, 3, 1.0)
        fresh = L._offband_share_arb_at(Q, K, V, causal, u, 3, 1.0)
        assert L._offband_share_arb(Q, K, V, causal, u, 3, 1.0) is first
        assert (first.mid(), first.rad()) == (fresh.mid(), fresh.rad())
        other = L._offband_share_arb(Q, K, V, causal, u, 2, 1.0)
        assert not (other.mid() == first.mid() and other.rad() == first.rad())
        moved = Q.copy()
        moved[0, 0] += 1.0
        assert L._offband_share_arb(moved, K, V, causal, u, 3, 1.0) is not first
    with R.precision(160):
        finer = L._offband_share_arb(Q, K, V, causal, u, 3, 1.0)
        assert finer is not first and finer.rad() < first.rad() and finer.overlaps(first)
    # inputs that are not plain float64 arrays and numbers: computed each time
    assert L._offband_share_arb(Q.tolist(), K, V, causal, u, 3, 1.0) is not L._offband_share_arb(
        Q.tolist(), K, V, causal, u, 3, 1.0
    )


def test_selection_rows_are_kept_per_candidates_and_the_claim_compared_fresh():
    """§2.2's candidate analysis (no claim enters it) is kept per process for the same candidates; the claim
    ``exists`` is decided afresh on it, and each call gets rows of its own (lists, not the kept tuples)."""
    kept = D._selection_rows(tuple(D.CANDIDATES))
    assert D._selection_rows(tuple(D.CANDIDATES)) is kept
    none_claimed, some_claimed = D.check_selection(), D.check_selection(exists=True)
    assert none_claimed.status is Status.FAIL and some_claimed.status is Status.PASS
    assert none_claimed.measured == some_claimed.measured and none_claimed.measured is not some_claimed.measured
    quartic = none_claimed.measured["||p||^2/2 + alpha ||p||^4"]
    assert isinstance(quartic["Hessian minors"], list) and quartic["convex"] and quartic["radially unbounded"]
    assert none_claimed.evidence["counterexamples"] == ["||p||^2/2 + alpha ||p||^4", "cosh(p1) + cosh(p2)"]
