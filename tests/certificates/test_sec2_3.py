"""§2-§3 certificates: each reports its real verdict, and each FAILs when fed a wrong claim.

Certificates that FAIL as printed are also fed the corrected claim and must then PASS, so a
FAIL is shown to come from the claim and not from a check that cannot pass.
"""

import pytest
import sympy as sp

from certificates import Status
from certificates.psa import sec2_3 as m
from theory import integrators as I
from theory import order as O
from theory.catalogue import ITEMS
from theory.shear import shear_blocks, shear_explicit

BY_ID = {c.id: c for c in m.CERTIFICATES}
CHECKABLE = [c for c in m.CERTIFICATES if c.check is not None]

MY_ITEMS = (
    "eq1 rem3 eq3 eq4 eq5 eq6 eq7 eq8 eq9 eq10 lemma4 rem5 eq11 eq12 eq13 eq14 eq15 eq16 prop6 rem7 prop8 rem9"
).split()

#: The real verdicts (the paper as printed).
FAILS_AS_PRINTED = {"eq3.swap", "eq9", "eq9.momentum", "eq11", "eq13", "eq15"}


@pytest.mark.parametrize("cert", CHECKABLE, ids=[c.id for c in CHECKABLE])
def test_real_verdict(cert):
    out = cert.check()
    want = Status.FAIL if cert.id in FAILS_AS_PRINTED else Status.PASS
    assert out.status is want, out.detail


h, t = I.h, m.t
g = sp.Symbol("g", positive=True)


def _lagged(W):
    return {0: (1 + g) * W, 1: -g * W}


def _euler_plus(q, v, f, dt):  # a second-order-accurate q update, still first order overall
    return q + dt * v + dt**2 / 2 * f(q), v + dt * f(q)


def _kdk_wrong_drift(q, p, f, dt):  # drift with p_n instead of p_{n+1/2}: not symplectic
    q1 = q + dt * p
    return q1, p + dt / 2 * f(q) + dt / 2 * f(q1), p + dt / 2 * f(q)


def _bracket_wrong_sign(F, G, q, p):
    return -I.poisson_bracket(F, G, q, p)


WRONG = [
    ("eq1", "claimed order (0,1)", dict(claimed_order=(0, 1))),
    ("eq1", "a key map with a lag is not order (0,0)", dict(key_map=_lagged)),
    ("eq3", "1 + gamma(1 + z^-1) is not the shear's filter", dict(printed=lambda a, z: 1 + a * (1 + z**-1))),
    ("eq3", "rho' claimed for the query axis", dict(order_claim=lambda a, b: (int(bool(a > 0)), int(bool(a > 0))))),
    ("eq3.swap", "(0,1) claimed swap-invariant", dict(claimed_invariant=((0, 1),))),
    ("eq3.swap.corrected", "(0,0) claimed among the augmented", dict(claimed_invariant=((0, 0), (1, 1)))),
    ("eq4", "local order 3 claimed", dict(local_order=3)),
    ("eq4", "global order 2 claimed", dict(global_order=2)),
    ("eq4", "a step that is not the Euler step", dict(step=_euler_plus)),
    ("eq5", "gram factor 1 + h", dict(gram_factor=lambda dt: 1 + dt)),
    ("eq5", "determinant 1 claimed", dict(det_claim=lambda dt, dk: 1)),
    (
        "eq5",
        "printed matrix with +h below",
        dict(printed=lambda dt, dk: shear_explicit(dt, dk) + shear_explicit(dt, dk).T - sp.eye(2 * dk)),
    ),
    ("eq6", "energy ratio (1+h^2)^(n/2)", dict(ratio=I.euler_norm_ratio)),
    ("eq6", "norm ratio (1+h^2)^n", dict(norm_ratio=I.euler_energy_ratio)),
    ("eq7", "exponent remainder O(h^4)", dict(exponent_remainder=4)),
    ("eq7", "energy error 2 h t", dict(error_leading=2 * h * t)),
    ("eq8", "stencil with h^2/2", dict(stencil=lambda a, b, c, f, dt: a - 2 * b + c - dt**2 / 2 * f(b))),
    ("eq8", "order 3 claimed", dict(order=3)),
    ("eq9", "drift with p_n is not symplectic", dict(kdk=_kdk_wrong_drift)),
    ("eq9.corrected", "drift with p_n is not symplectic", dict(kdk=_kdk_wrong_drift)),
    ("eq9.corrected", "stencil with 2 h^2", dict(stencil=lambda a, b, c, f, dt: a - 2 * b + c - 2 * dt**2 * f(b))),
    ("eq9.momentum", "p_n = (q_(n+1) - q_n)/dt", dict(claims={"p_n": lambda qn, qp, qx, dt: (qx - qn) / dt})),
    ("eq9.momentum.corrected", "p_(n-1/2) centred", dict(claims={"p_(n-1/2)": m._centred})),
    (
        "eq10",
        "momentum block 2I",
        dict(builder=lambda a, dk: shear_explicit(a, dk) + sp.diag(sp.zeros(dk), sp.eye(dk))),
    ),
    ("eq10", "block form with 2I", dict(block_builder=lambda a, Id, Z: [[Id, a * Id], [Z, 2 * Id]])),
    ("lemma4", "H with a q^2 term", dict(hamiltonian=lambda q, p: I.free_hamiltonian(q, p) + (q.T * q)[0, 0] / 2)),
    ("lemma4", "flow M_(2 gamma)", dict(flow=lambda a, dk: shear_explicit(2 * a, dk))),
    ("eq11", "bracket of the wrong sign", dict(bracket=_bracket_wrong_sign)),
    ("eq11.corrected", "X_F = -Omega grad F", dict(omega_map=lambda Om: -Om)),
    ("eq12", "sign +1", dict(sign=1)),
    ("eq12", "jacobian convention", dict(convention="jacobian")),
    ("eq13", "jacobian convention, printed coefficients", dict(convention="jacobian")),
    ("eq13.corrected", "printed h^3 sign", dict(coeffs=(-sp.Rational(1, 2), sp.Rational(1, 12), -sp.Rational(1, 12)))),
    ("eq13.corrected", "derivation coefficients under jacobian", dict(convention="jacobian")),
    (
        "eq14",
        "{T,V} = +p^T K q",
        dict(claims=lambda q, p, K: {**I.harmonic_brackets(q, p, K), "{T,V}": sp.expand((p.T * K * q)[0, 0])}),
    ),
    ("eq15", "H_2 = +(1/8) q^T K^2 q", dict(h2_claim=lambda q, K: -I.h2_as_printed(q, K))),
    ("eq15.corrected", "shift 1/12", dict(shift=sp.Rational(1, 12))),
    (
        "eq15.corrected",
        "H_2 with -(1/12){V,{V,T}}",
        dict(
            h2_claim=lambda T, V, q, p: (
                I.h2_from_brackets(T, V, q, p) - I.poisson_bracket(V, I.poisson_bracket(V, T, q, p), q, p) / 24
            )
        ),
    ),
    ("eq16", "form K(I - h^2 K/2)", dict(form=lambda dt, K: I.conserved_form_matrix(sp.sqrt(2) * dt, K))),
    ("eq16", "bound 2", dict(bound=2)),
    (
        "prop6",
        "H~ = T + h^2 q^T q / 8",
        dict(modified=lambda q, p: I.free_hamiltonian(q, p) + h**2 * (q.T * q)[0, 0] / 8),
    ),
    ("prop6", "with a potential K = I", dict(potential=lambda dk: sp.eye(dk))),
    ("prop8", "geometric multiplicity 2 d_k", dict(geometric=lambda dk: 2 * dk)),
    ("prop8", "one block of size 2 d_k", dict(blocks=lambda dk: [2 * dk])),
    ("rem9", "growth n^2 |gamma|", dict(asymptote=lambda a, n: n**2 * sp.Abs(a))),
    ("rem9", "norm 1 + n|gamma|", dict(norm=lambda c: 1 + sp.Abs(c))),
    ("rem9", "power M_(n^2 gamma)", dict(power=lambda a, n, dk: shear_explicit(n**2 * a, dk))),
]


@pytest.mark.parametrize("cid,label,kwargs", WRONG, ids=[f"{w[0]}: {w[1]}" for w in WRONG])
def test_fails_on_wrong_input(cid, label, kwargs):
    out = BY_ID[cid].check(**kwargs)
    assert out.status is Status.FAIL, f"{cid} ({label}): {out.detail}"


#: The corrected claims that turn each FAIL-as-printed certificate into a PASS.
FIXED = [
    ("eq3.swap", dict(claimed_invariant=((0, 0), (1, 1)))),
    ("eq9", dict(force="gradient")),
    ("eq9.momentum", dict(claims={"p_n": m._centred})),
    ("eq11", dict(omega_map=lambda Om: Om)),
    ("eq13", dict(coeffs=(sp.Rational(1, 2), sp.Rational(1, 12), sp.Rational(1, 12)), convention="jacobian")),
    (
        "eq15",
        dict(
            h2_claim=lambda q, K: sp.expand(
                -(q.T * K * K * q)[0, 0] / 24
                + (sp.Matrix(I.vec("p", K.shape[0])).T * K * sp.Matrix(I.vec("p", K.shape[0])))[0, 0] / 12
            )
        ),
    ),
]


@pytest.mark.parametrize("cid,kwargs", FIXED, ids=[f[0] for f in FIXED])
def test_fail_as_printed_passes_when_fed_the_correction(cid, kwargs):
    out = BY_ID[cid].check(**kwargs)
    assert out.status is Status.PASS, out.detail


def test_every_checkable_certificate_has_a_failing_test():
    assert {w[0] for w in WRONG} == {c.id for c in CHECKABLE}
    assert {f[0] for f in FIXED} == FAILS_AS_PRINTED


def test_accounts_for_every_assigned_item():
    ids = {c.id for c in m.CERTIFICATES}
    assert set(MY_ITEMS) <= ids
    catalogue = {it.id for it in ITEMS}
    for cid in ids:  # every certificate hangs off a catalogued item
        assert cid.split(".")[0] in catalogue, cid


def test_not_checkable_rows_have_reasons():
    kinds = {it.id: it.kind for it in ITEMS}
    for c in m.CERTIFICATES:
        if c.check is None:
            assert c.reason and kinds[c.id] == "not-checkable", c.id
        else:
            assert kinds[c.id.split(".")[0]] == "symbolic", c.id


def test_eq13_reports_both_conventions():
    out = BY_ID["eq13"].check()
    assert out.measured == {"derivation": [True, True, False, False], "jacobian": [True, True, True, False]}


def test_eq15_scalar_case_reconciles_with_mu_k_over_6():
    out = BY_ID["eq15"].check()
    rows = {r["case"]: r for r in out.evidence["rows"]}
    assert rows["d_k=1"]["scalar_mu"] == ["k/6"] and rows["d_k=2"]["scalar_mu"] == []


def test_shear_blocks_default_is_the_shared_builder():
    # eq10's block check uses theory.shear's layout, not a private copy
    assert m.check_eq10.__defaults__[2] is shear_blocks
    assert O.LATTICE == ((0, 0), (1, 0), (0, 1), (1, 1))


# --- fast paths of this module against the expression paths they replace ------------------------


def test_remainder_from_a_series_at_hand_matches_series_of_the_difference():
    X = I.fixed_horizon_exponent(h, t)
    err = sp.exp(X) - 1
    ser, err_ser = sp.series(X, h, 0, 6).removeO(), sp.series(err, h, 0, 4).removeO()
    cases = [
        (X, ser, 6, g, k)
        for g in (h * t, 2 * h * t, h * t + h**2, h * t - h**3 * t / 2, sp.S.Zero)
        for k in (1, 2, 3, 4, 5, 6)
    ]
    cases += [
        (err, err_ser, 4, g, k) for g in (h * t, 2 * h * t, h * t + h**2 * t**2 / 2, sp.S.Zero) for k in (1, 2, 3, 4)
    ]
    for f, sf, n, g, k in cases:
        assert m._remainder_ok_given(sf, n, g, h, k) == m._remainder_ok(f - g, h, k), (g, k)
    taylor = sum((h * t) ** j / sp.factorial(j) for j in range(1, 3))
    assert m._remainder_ok_given(err_ser, 4, taylor, h, 3) == m._remainder_ok(err - (sp.exp(h * t) - 1), h, 3)
    assert m._remainder_ok_given(ser, 6, sp.sin(h), h, 3) is None  # not a polynomial: not decided here
    assert m._remainder_ok_given(ser, 6, h * t, h, 7) is None  # beyond the series at hand


def _polar_series_old(a, b):
    rate = sp.series(sp.log(a**2 + b**2) / (2 * h), h, 0, 4).removeO()
    freq = sp.series(sp.atan(b / a) / h, h, 0, 4).removeO()
    inner = sp.exp(t * rate) * m._rotation(t * (freq - 1)) - sp.eye(2)
    return rate, freq, inner.applyfunc(lambda e: sp.series(e, h, 0, 3).removeO())


def test_polar_series_ring_path_matches_sympy_series():
    def ab(step):
        A = I.step_jacobian(step, lambda s: -s, h, 1)
        return A[0, 0], A[0, 1]

    pairs = [
        ab(I.forward_euler),
        ab(_euler_plus),
        (1 - h**2 / 2, h),
        (1 - h**2 / 2, h - h**3 / 6),
        (1 + h**2, h),
        (1 - h**2 / 2 + h**4 / 24, h - h**3 / 6 + h**5 / 120),
    ]
    for a, b in pairs:
        fast, slow = m._polar_series_ring(a, b), _polar_series_old(a, b)
        assert fast is not None
        assert sp.expand(fast[0] - slow[0]) == 0 and sp.expand(fast[1] - slow[1]) == 0
        assert all(sp.srepr(sp.expand(x)) == sp.srepr(sp.expand(y)) for x, y in zip(fast[2], slow[2]))
    # outside the fast path's scope (freq not 1 + O(h); a(0) not rational; b(0) != 0): None
    for a, b in ((1, 2 * h), (sp.Rational(1, 2) + h, h), (sp.sqrt(2), h), (1, 1 + h)):
        assert m._polar_series_ring(a, b) is None


def test_show_matrix_cut_matches_full_display():
    def full(expr):  # the old display before its cut: factored whole, then cut at the limit
        return str(sp.factor(expr) if not isinstance(expr, sp.MatrixBase) else expr.applyfunc(sp.factor))

    def old(expr, limit=160, s=None):
        s = full(expr) if s is None else s
        return s if len(s) <= limit else s[:limit] + "..."

    x, y, z = sp.symbols("x y z")
    atoms = [x, y, x * y - 1, x**2 - y**2, sp.Integer(0), sp.Rational(3, 7), sp.expand((x + y + z) ** 3)]
    for r in (1, 2, 4):
        for c in (1, 3):
            for s in range(6):
                M = sp.Matrix(r, c, [sp.expand(atoms[(s + i) % 7] * atoms[(2 * s + 3 * i) % 7]) for i in range(r * c)])
                shown = full(M)  # factored once per matrix; each limit cuts the same string
                for limit in (5, 40, 120, 160, 200, 2000):
                    assert m._show(M, limit) == old(M, limit, shown)
    assert m._show(sp.zeros(0, 2)) == old(sp.zeros(0, 2))
    assert m._show(sp.ImmutableMatrix([[x**2 - 1]])) == old(sp.ImmutableMatrix([[x**2 - 1]]))


def test_ring_zero_test_agrees_with_is_zero():
    from certificates.algebra import is_zero

    x, y = sp.symbols("x y", real=True)
    exprs = [
        (x + y) ** 2 - x**2 - 2 * x * y - y**2,
        (x + y) ** 2 - x**2,
        sp.Integer(0),
        sp.Integer(2),
        sp.Float(0.0),
        sp.sin(x) ** 2 + sp.cos(x) ** 2 - 1,
        sp.sqrt(2) * x - sp.sqrt(2) * x,
        x / (x + 1) - 1 + 1 / (x + 1),
        0.5 * x - x / 2,
        sp.Rational(1, 3) * x * y - y * x / 3 + 1,
    ]
    for e in exprs:
        assert m._is_zero(e) == is_zero(e), e
    M = sp.Matrix([[exprs[0], exprs[2]], [exprs[5], exprs[7]]])
    assert m._is_zero(M) == is_zero(M) is True
    assert m._is_zero(sp.Matrix([exprs[1]])) == is_zero(sp.Matrix([exprs[1]])) is False


def test_diagonalizable_matches_sympy():
    for M in (
        sp.Matrix([[1, 1], [0, 1]]),
        sp.eye(2),
        sp.Matrix([[2, 1], [0, 3]]),
        sp.Matrix([[0, -1], [1, 0]]),
        sp.diag(1, 1, 2),
        sp.Matrix([[1, 1, 0], [0, 1, 0], [0, 0, 2]]),
        I.verlet_matrix(1, sp.diag(1, 3)),
        I.verlet_matrix(sp.Rational(6, 5), sp.diag(1, 3)),
        I.verlet_matrix(2, sp.Matrix([[1]])),
        sp.Matrix([[g, 1], [0, 1]]),
    ):
        assert m._diagonalizable(M) == M.is_diagonalizable(), M
