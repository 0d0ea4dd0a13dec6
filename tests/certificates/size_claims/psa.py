"""Size-dependent wrong claims of the psa certificates of §2-3 (see the package docstring).

Each claim below is one function of the size: at every explicit size the check evaluates (d_k = 1, 2,
3 -- 1, 2 for rem9; d_k = 1..32 where prop8 compares block lists; n = 0..6 steps for eq6; powers
m = 1..5 for rem9) it returns exactly the printed claim, and beyond them a different one.  Written as
a size-aware formula (a ``Piecewise`` in the width, a term with a literal coordinate subscript that
exists only from d_k = 4 on) or as Python that branches on the width (which cannot be called with a
symbolic width at all).
"""

from __future__ import annotations

from typing import Callable

import sympy as sp

from certificates.psa.sec2_3 import n_dk
from theory import integrators as I
from theory.shear import omega_explicit, shear_explicit


def _explicit(n) -> bool:
    return isinstance(n, int) or bool(getattr(n, "is_Integer", False))


def _beyond(size, last: int):
    """1 for size > last, 0 up to it: a number at an explicit size, a Piecewise at a symbolic one."""
    return sp.Piecewise((0, sp.Le(size, last)), (1, True))


# --- eq14: an extra term that needs four coordinate indices ------------------------------------------


def _eq14_k01k23(q, p, K):
    """(14) with K_01 K_23 q_0 q_3 added to {V,{V,T}}: the term needs coordinates 0..3, so it is absent at
    every d_k <= 3 and present from d_k = 4 on (the audit's example)."""
    d = I.harmonic_brackets(q, p, K)
    n = q.shape[0]
    if _explicit(n) and int(n) < 4:
        return d
    return {**d, "{V,{V,T}}": d["{V,{V,T}}"] + K[0, 1] * K[2, 3] * q[0, 0] * q[3, 0]}


def _eq14_tail_sum(q, p, K):
    """(14) with sum_{i >= 3} p_i q_i added to {T,V}: empty at d_k <= 3."""
    d = I.harmonic_brackets(q, p, K)
    n = q.shape[0]
    if _explicit(n):
        extra = sum((p[i, 0] * q[i, 0] for i in range(3, int(n))), sp.S.Zero)
    else:
        i = sp.Symbol("i", integer=True)
        extra = sp.Sum(p[i, 0] * q[i, 0], (i, 3, n - 1))
    return {**d, "{T,V}": d["{T,V}"] + extra}


def _eq14_branch(q, p, K):
    d = I.harmonic_brackets(q, p, K)
    if q.shape[0] >= 4:  # Python on the width: no value at a symbolic width
        d = {**d, "{T,{T,V}}": d["{T,{T,V}}"] + p[0, 0] * p[3, 0]}
    return d


# --- builders of C (x) I_dk that change from d_k = 4 on ------------------------------------------------


def _shear_beyond_3(a, dk):
    """M_gamma at d_k <= 3, M_(2 gamma) from d_k = 4 on (one formula in the width)."""
    return shear_explicit(a * (1 + _beyond(dk, 3)), dk)


def _shear_branch(a, dk):
    return shear_explicit(a, dk) if dk <= 3 else shear_explicit(2 * a, dk)


def _scaled_shear_beyond_3(a, dk):
    """M_gamma at d_k <= 3, 2 M_gamma (not symplectic, eigenvalue 2) from d_k = 4 on."""
    return shear_explicit(a, dk) * (1 + _beyond(dk, 3))


def _omega_beyond_3(dk):
    """J at d_k <= 3, [[I, I], [-I, 0]] (not preserved by M_gamma) from d_k = 4 on."""
    b = _beyond(dk, 3)
    if _explicit(dk):
        return omega_explicit(dk) + b * sp.diag(sp.eye(int(dk)), sp.zeros(int(dk)))
    Id, Z = sp.Identity(dk), sp.ZeroMatrix(dk, dk)
    return sp.BlockMatrix([[b * Id, Id], [-Id, Z]])


def _free_h_q0q3(q, p):
    """||p||^2/2 + q_0 q_3 (a coupling that exists from d_k = 4 on)."""
    n = q.shape[0]
    H = I.free_hamiltonian(q, p)
    return H if _explicit(n) and int(n) < 4 else H + q[0, 0] * q[3, 0]


def _euler_beyond_3(dt, dk):
    return I.euler_matrix(dt * (1 + _beyond(dk, 3)), dk)


def _zero_potential_beyond_3(dk):
    """K = 0 at d_k <= 3, K = I from d_k = 4 on."""
    if _explicit(dk):
        return sp.Identity(dk) if int(dk) > 3 else sp.ZeroMatrix(dk, dk)
    return _beyond(dk, 3) * sp.Identity(dk)


def _power_beyond_5(a, m, dk):
    """M_gamma^m = M_(m gamma) for m <= 5, M_((m + 1) gamma) from m = 6 on."""
    return shear_explicit((m + _beyond(m, 5)) * a, dk)


# --- module-linear formulas (eq4, eq8, eq9) that change from d_k = 4 on -------------------------------


def _width_of(x):
    """The width of a vector argument: its row count, 1 for a scalar (the d_k = 1 form)."""
    return x.shape[0] if hasattr(x, "shape") else 1


def _small(x) -> bool:
    n = _width_of(x)
    return _explicit(n) and int(n) <= 3


def _euler_beyond_3(q, v, f, dt):
    """(4) at d_k <= 3; from d_k = 4 on the position update also takes dt^2 f(q)."""
    q1, v1 = I.forward_euler(q, v, f, dt)
    return (q1, v1) if _small(q) else (q1 + dt**2 * f(q), v1)


def _stencil_beyond_3(q_next, q, q_prev, f, dt):
    """(8) at d_k <= 3; from d_k = 4 on with dt^2 f(q_n) / 2."""
    base = I.verlet_stencil(q_next, q, q_prev, f, dt)
    return base if _small(q) else base + dt**2 * f(q) / 2


def _kdk_beyond_3(q, p, f, dt):
    """(9) at d_k <= 3; from d_k = 4 on the last kick is a full one."""
    q1, p1, ph = I.kick_drift_kick(q, p, f, dt)
    return (q1, p1, ph) if _small(q) else (q1, p1 + dt / 2 * f(q1), ph)


def _centred_beyond_3(q_n, q_prev, q_next, dt):
    """p_n = (q_(n+1) - q_(n-1))/(2 dt) at d_k <= 3; the backward difference from d_k = 4 on."""
    return (q_next - q_prev) / (2 * dt) if _small(q_n) else (q_n - q_prev) / dt


def _form_beyond_2(dt, K):
    """(16) at d_k <= 2 (the explicit scalar and 2x2 K); from d_k = 3 on the lower-right block 2 I."""
    n = K.shape[0]
    S = I.conserved_form_matrix(dt, K)
    if _explicit(n):
        return S + (sp.diag(sp.zeros(int(n)), sp.eye(int(n))) if int(n) > 2 else sp.zeros(2 * int(n)))
    (A, B), (C, D) = S.blocks.tolist()
    return sp.BlockMatrix([[A, B], [C, D * (1 + _beyond(n, 2))]])


# --- (11) and eq15.corrected: a bracket, a field, forms that change from d_k = 4 on -----------------------


def _bracket_q3q3(F, G, q, p):
    """(11) plus dF/dq_3 dG/dq_3 (symmetric in F, G: antisymmetry fails) -- a term that needs coordinate 3,
    so absent at every d_k <= 3."""
    base = I.poisson_bracket(F, G, q, p)
    n = q.shape[0]
    if _explicit(n):
        return base if int(n) < 4 else sp.expand(base + sp.diff(F, q[3]) * sp.diff(G, q[3]))
    return base + I.partial_at(F, q, 3) * I.partial_at(G, q, 3)


def _field_p3_beyond_3(F, q, p):
    """X_F with d_q3 F added to its p_3 component (from d_k = 4 on: there is no p_3 below)."""
    X = I.hamiltonian_field(F, q, p)
    n = q.shape[0]
    if _explicit(n):
        if int(n) < 4:
            return X
        return X + sp.Matrix(2 * int(n), 1, lambda r, c: sp.diff(F, q[3]) if r == int(n) + 3 else 0)
    k = sp.Dummy("k", integer=True)
    return sp.Lambda(k, sp.Tuple(X(k)[0], X(k)[1] + sp.KroneckerDelta(k, 3) * I.partial_at(F, q, 3)))


def _field_piecewise_beyond_3(F, q, p):
    """X_F with its q part doubled from d_k = 4 on (a Piecewise in the width)."""
    X = I.hamiltonian_field(F, q, p)
    n = q.shape[0]
    if _explicit(n):
        return X
    k = sp.Dummy("k", integer=True)
    return sp.Lambda(k, sp.Tuple(X(k)[0] * (1 + _beyond(n, 3)), X(k)[1]))


def _h2_rep_k01k23(q, K):
    """-(1/8) q^T K^2 q plus K01 K23 q0 q3 (coordinates 0..3: absent at d_k <= 3)."""
    base = I.h2_as_printed(q, K)
    n = q.shape[0]
    if _explicit(n) and int(n) < 4:
        return base
    return base + K[0, 1] * K[2, 3] * q[0, 0] * q[3, 0]


def _invariant_p0p3(q, p, K):
    """H_K plus p0 p3 (no longer a first integral, from d_k = 4 on)."""
    base = I.second_invariant(q, p, K)
    n = q.shape[0]
    if _explicit(n) and int(n) < 4:
        return base
    return base + p[0, 0] * p[3, 0]


def _h2_brackets_branch(T, V, q, p):
    """H_2 of the brackets plus p0 p3 from d_k = 4 on, by a Python branch (no value at symbolic width)."""
    base = I.h2_from_brackets(T, V, q, p)
    return base + p[0, 0] * p[3, 0] if q.shape[0] >= 4 else base


WRONG: dict[str, list[tuple[str, Callable[[], dict]]]] = {
    "eq11": [
        ("{F,G} + dF/dq3 dG/dq3 (absent at d_k <= 3)", lambda: dict(bracket=_bracket_q3q3)),
        ("X_F + d_q3 F on p_3 (absent at d_k <= 3)", lambda: dict(field=_field_p3_beyond_3)),
    ],
    "eq11.corrected": [
        ("{F,G} + dF/dq3 dG/dq3 (absent at d_k <= 3)", lambda: dict(bracket=_bracket_q3q3)),
        ("X_F + d_q3 F on p_3 (absent at d_k <= 3)", lambda: dict(field=_field_p3_beyond_3)),
        ("X_F with its q part doubled from d_k = 4 on (Piecewise)", lambda: dict(field=_field_piecewise_beyond_3)),
        ("Omega = [[I, I], [-I, 0]] from d_k = 4 on", lambda: dict(omega=_omega_beyond_3)),
    ],
    "eq15.corrected": [
        ("representative + K01 K23 q0 q3 (absent at d_k <= 3)", lambda: dict(representative=_h2_rep_k01k23)),
        ("H_K + p0 p3 (absent at d_k <= 3)", lambda: dict(invariant=_invariant_p0p3)),
        ("H_2 + p0 p3 from d_k = 4 on, by a Python branch", lambda: dict(h2_claim=_h2_brackets_branch)),
    ],
    "eq14": [
        ("{V,{V,T}} + K01 K23 q0 q3 (absent at d_k <= 3)", lambda: dict(claims=_eq14_k01k23)),
        ("{T,V} + sum_{i >= 3} p_i q_i (empty at d_k <= 3)", lambda: dict(claims=_eq14_tail_sum)),
        ("{T,{T,V}} + p0 p3 from d_k = 4 on, by a Python branch", lambda: dict(claims=_eq14_branch)),
    ],
    "lemma4": [
        ("flow M_(2 gamma) from d_k = 4 on (Piecewise in d_k)", lambda: dict(flow=_shear_beyond_3)),
        ("flow M_(2 gamma) from d_k = 4 on (Python branch)", lambda: dict(flow=_shear_branch)),
        ("H = ||p||^2/2 + q0 q3 from d_k = 4 on", lambda: dict(hamiltonian=_free_h_q0q3)),
    ],
    "eq10": [
        ("2 M_gamma from d_k = 4 on", lambda: dict(builder=_scaled_shear_beyond_3)),
        ("J + diag(I, 0) from d_k = 4 on", lambda: dict(J=_omega_beyond_3)),
    ],
    "eq5": [
        ("A_E with 2 dt from d_k = 4 on", lambda: dict(printed=_euler_beyond_3)),
        ("det A_E = (1 + dt^2)^min(d_k, 3)", lambda: dict(det_claim=lambda dt, dk: (1 + dt**2) ** sp.Min(dk, 3))),
    ],
    "prop6": [
        ("K = I from d_k = 4 on", lambda: dict(potential=_zero_potential_beyond_3)),
        (
            "H~ = ||p||^2/2 + q0 q3 from d_k = 4 on",
            lambda: dict(modified=_free_h_q0q3),
        ),
    ],
    "prop8": [
        ("geometric multiplicity d_k + 1 from d_k = 4 on", lambda: dict(geometric=lambda dk: dk + _beyond(dk, 3))),
        ("the builder 2 M_gamma from d_k = 4 on", lambda: dict(builder=_scaled_shear_beyond_3)),
        (
            "one block fewer from d_k = 33 on (beyond the lists compared)",
            lambda: dict(blocks=lambda dk: {2: sp.Min(dk, 32)}),
        ),
        (
            "block list wrong from d_k = 33 on (Python branch)",
            lambda: dict(blocks=lambda dk: {2: dk} if dk <= 32 else {2: dk - 1}),
        ),
    ],
    "rem9": [
        ("M^m = M_((m+1) gamma) from m = 6 on", lambda: dict(power=_power_beyond_5)),
        (
            "M^m = M_(2 m gamma) from d_k = 3 on",
            lambda: dict(power=lambda a, m, dk: shear_explicit(m * a * (1 + _beyond(dk, 2)), dk)),
        ),
    ],
    "eq6": [
        (
            "E_n/E_0 = (1 + h^2)^n + h^4 from n = 7 steps on",
            lambda: dict(ratio=lambda dt, n: (1 + dt**2) ** n + dt**4 * _beyond(n, 6)),
        ),
    ],
    "eq4": [("(4) with dt^2 f(q) in the position update from d_k = 4 on", lambda: dict(step=_euler_beyond_3))],
    "eq8": [("(8) with dt^2 f / 2 from d_k = 4 on", lambda: dict(stencil=_stencil_beyond_3))],
    "eq9": [("(9) with a full last kick from d_k = 4 on", lambda: dict(kdk=_kdk_beyond_3))],
    "eq9.corrected": [
        ("(9) with a full last kick from d_k = 4 on", lambda: dict(kdk=_kdk_beyond_3)),
        ("(8) with dt^2 f / 2 from d_k = 4 on", lambda: dict(stencil=_stencil_beyond_3)),
    ],
    "eq9.momentum": [("(9) with a full last kick from d_k = 4 on", lambda: dict(kdk=_kdk_beyond_3))],
    "eq9.momentum.corrected": [
        (
            "p_n the backward difference from d_k = 4 on",
            lambda: dict(claims={"p_n": _centred_beyond_3, "p_(n-1/2)": lambda qn, qp, qx, dt: (qn - qp) / dt}),
        ),
        ("(9) with a full last kick from d_k = 4 on", lambda: dict(kdk=_kdk_beyond_3)),
    ],
    # claims that are constants (an order pair, a sign, BCH coefficients): the only size-dependent variant
    # is a formula in the width symbol, which equals the printed constant at every d_k <= 3 and not beyond
    "eq1": [("joint order (0, [d_k > 3])", lambda: dict(claimed_order=(0, _beyond(n_dk, 3))))],
    "eq12": [("sign -1 at d_k <= 2, +1 beyond", lambda: dict(sign=-1 + 2 * _beyond(n_dk, 2)))],
    "eq13": [
        (
            "c2 = 1/2 at d_k <= 3, 1/2 + 1 beyond",
            lambda: dict(coeffs=(sp.Rational(1, 2) + _beyond(n_dk, 3), sp.Rational(1, 12), -sp.Rational(1, 12))),
        )
    ],
    "eq13.corrected": [
        (
            "c2 = -1/2 at d_k <= 3, -1/2 + 1 beyond",
            lambda: dict(coeffs=(-sp.Rational(1, 2) + _beyond(n_dk, 3), sp.Rational(1, 12), sp.Rational(1, 12))),
        )
    ],
    "eq16": [("S with lower-right block 2 I from d_k = 3 on", lambda: dict(form=_form_beyond_2))],
}
