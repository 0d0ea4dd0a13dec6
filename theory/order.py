"""Filter order of a bilinear head (§2: Eq 1, Rem 3, Eq 3).

A causal linear map acting on a stream ``x_t`` is written by its *taps*: a dict
``{lag a: A_a}`` meaning ``y_t = sum_a A_a x_{t-a}``; its transfer function is
``H(z) = sum_a A_a z^{-a}``.  A map acting pointwise in the position index (``W_Q``,
``W_K``) has the single tap ``{0: W}``.  For the score ``s_{t,j} = Q_t^T K_j`` the joint
z-transform in ``(t, j)`` (query variable ``z1``, key variable ``z2``) is
``H_S(z1, z2) = sum_{a,b} C_ab z1^{-a} z2^{-b}`` where ``C_ab`` is the bilinear coefficient
of ``q_{t-a}`` and ``k_{j-b}`` in the score.  The joint filter order ``(rho, rho')`` is the
pair of degrees of ``H_S`` in ``z1^{-1}`` and ``z2^{-1}``.

The transfer functions here are the steady-state (interior) ones: the momentum boundary
``p_1 = 0`` of §4 / Algorithm 1 changes the first row only and no degree.
Pure SymPy; no I/O.
"""

from __future__ import annotations

from typing import Mapping

import sympy as sp

from .integrators import _polys_over_q
from .shear import shear_explicit
from .statement import Statement

z, z1, z2 = sp.symbols("z z1 z2", nonzero=True)
w = sp.Symbol("w")  # stands for z^{-1} in degree bookkeeping
gamma_q, gamma_k = sp.symbols("gamma_q gamma_k", real=True)

#: The four joint orders of the lattice, Eq (3).
LATTICE = ((0, 0), (1, 0), (0, 1), (1, 1))


# --- taps and transfer functions ---------------------------------------------------------


def pointwise_taps(W) -> dict:
    """Taps of a map acting within a position (``W_Q``, ``W_K``): the constant term only (§2.1)."""
    return {0: sp.Matrix(W)}


def transfer(taps: Mapping[int, object], zvar=z):
    """``H(z) = sum_a A_a z^{-a}`` of a causal FIR map given by its taps (matrix or scalar)."""
    items = sorted(taps.items())
    out = None
    for lag, A in items:
        term = (sp.Matrix(A) if isinstance(A, (sp.MatrixBase, list)) else sp.sympify(A)) * zvar ** (-lag)
        out = term if out is None else out + term
    return out


def degree_in_zinv(H, zvar) -> int:
    """Degree of ``H`` (scalar or matrix) as a polynomial in ``zvar^{-1}``; ``-oo`` for ``H = 0``.

    Raises ValueError if ``H`` is not a polynomial in ``zvar^{-1}`` (a non-causal term).
    """
    entries = list(H) if isinstance(H, sp.MatrixBase) else [H]
    deg = sp.S.NegativeInfinity
    for e in entries:
        e = sp.sympify(e)
        d = _laurent_degree_in_inverse(e, zvar)
        if d is not None:
            if d is not sp.S.NegativeInfinity:
                deg = max(deg, d)
            continue
        e = sp.expand(e.subs(zvar, 1 / w))
        if e == 0:
            continue
        d = _monomial_degree(e, w)
        if d is None:
            d = sp.Poly(e, w).degree()  # raises PolynomialError on a negative power of w
        deg = max(deg, d)
    return deg


def _laurent_degree_in_inverse(e, zvar):
    """What :func:`degree_in_zinv` reads off one entry ``e``, without substituting and expanding: for
    ``e`` a Laurent polynomial over Q in commutative symbols (sums, products, rational numbers,
    integer powers of symbols, positive integer powers of such polynomials) its monomials are
    multiplied out exactly; ``-oo`` when they cancel to 0 (the expansion is 0), else the largest
    ``-(power of zvar)`` -- the degree in ``w = 1/zvar`` of the expansion, a polynomial in ``w`` with
    Laurent monomials in the other symbols as coefficients.  None for anything else, and when a
    monomial has a positive power of ``zvar`` or ``e`` holds ``w`` itself (then the expansion is read
    as before, and raises as before)."""
    if not isinstance(zvar, sp.Symbol) or zvar == w:
        return None
    index: dict = {}
    poly = _laurent(e, index)
    if poly is None or w in index:
        return None
    if not poly:
        return sp.S.NegativeInfinity
    iz = index.get(zvar)
    top = None
    for mon in poly:
        k = -dict(mon).get(iz, 0) if iz is not None else 0
        if k < 0:
            return None
        top = k if top is None else max(top, k)
    return top


def _laurent(e, index: dict):
    """``{monomial: coefficient}`` of ``e`` multiplied out (a monomial: sorted ``(symbol number, non-zero
    exponent)`` pairs, ``index`` numbering the symbols; exact rational coefficients, none zero), or
    None when ``e`` is not a Laurent polynomial over Q in commutative symbols."""
    if e.is_Rational:
        return {(): sp.QQ(int(e.p), int(e.q))} if e else {}
    if e.is_Symbol:
        if not e.is_commutative:
            return None
        return {((index.setdefault(e, len(index)), 1),): sp.QQ.one}
    if e.is_Pow and e.exp.is_Integer:
        if e.base.is_Symbol:
            if not e.base.is_commutative:
                return None
            return {((index.setdefault(e.base, len(index)), int(e.exp)),): sp.QQ.one}
        if e.exp > 0:
            base = _laurent(e.base, index)
            if base is None:
                return None
            out: dict = {(): sp.QQ.one}
            for _ in range(int(e.exp)):
                out = _laurent_product(out, base)
            return out
        return None
    if e.is_Add or e.is_Mul:
        parts = []
        for a in e.args:
            p = _laurent(a, index)
            if p is None:
                return None
            parts.append(p)
        if e.is_Add:
            acc: dict = {}
            for p in parts:
                for m, c in p.items():
                    acc[m] = acc.get(m, 0) + c
            return {m: c for m, c in acc.items() if c}
        prod: dict = {(): sp.QQ.one}
        for p in parts:
            prod = _laurent_product(prod, p)
        return prod
    return None


def _laurent_product(a: dict, b: dict) -> dict:
    """The product of two :func:`_laurent` dictionaries."""
    acc: dict = {}
    for ma, ca in a.items():
        for mb, cb in b.items():
            exps = dict(ma)
            for i, k in mb:
                exps[i] = exps.get(i, 0) + k
            m = tuple(sorted((i, k) for i, k in exps.items() if k))
            acc[m] = acc.get(m, 0) + ca * cb
    return {m: c for m, c in acc.items() if c}


def _monomial_degree(e, var):
    """Degree in ``var`` of an expanded non-zero polynomial in ``var`` whose terms are rational
    monomials (a non-zero rational times positive integer powers of ``var`` and non-zero integer
    powers of other symbols -- a Laurent monomial in those, e.g. the ``z2^-1`` of a joint transfer read
    in ``z1``; distinct terms of the expanded sum are distinct monomials, so the coefficient of the top
    power of ``var``, a sum of distinct Laurent monomials in the other symbols, cannot cancel): the
    largest exponent of ``var``, the degree ``Poly(e, var).degree()`` gives; None for any other
    expression (a negative power of ``var`` included: Poly raises on it)."""
    top = None
    for term in sp.Add.make_args(e):
        k = 0
        for f in sp.Mul.make_args(term):
            if f.is_Symbol and f.is_commutative:
                if f == var:
                    k += 1
            elif f.is_Pow:
                if not (f.base.is_Symbol and f.base.is_commutative and f.exp.is_Integer and f.exp != 0):
                    return None
                if f.base == var:
                    if f.exp < 0:
                        return None
                    k += int(f.exp)
            elif not (f.is_Rational and f != 0):
                return None
        top = k if top is None else max(top, k)
    return top


def joint_order(H, a=z1, b=z2) -> tuple:
    """Joint filter order ``(deg_{z1^{-1}} H, deg_{z2^{-1}} H)`` (§2.1, after Eq 1)."""
    return degree_in_zinv(H, a), degree_in_zinv(H, b)


def stream_symbols(name: str, lags, dim: int) -> dict:
    """Symbol vectors ``x_{t-a}`` for the lags ``a`` (coordinates ``name_a_i``)."""
    return {a: sp.Matrix(sp.symbols(f"{name}_{a}_0:{dim}", real=True)) for a in lags}


def apply_taps(taps: Mapping[int, object], stream: Mapping[int, sp.Matrix]) -> sp.Matrix:
    """``y_t = sum_a A_a x_{t-a}`` for symbolic stream vectors."""
    out = None
    for lag, A in taps.items():
        term = sp.Matrix(A) * stream[lag]
        out = term if out is None else out + term
    return out


def score_kernel(query_taps: Mapping[int, object], key_taps: Mapping[int, object], d_in: int) -> dict:
    """Bilinear coefficients ``C_ab`` of the score ``s_{t,j} = Q_t^T K_j``, read off the
    expanded score itself (not from the transfer functions): ``{(a, b): C_ab}``."""
    qs = stream_symbols("q", sorted(query_taps), d_in)
    ks = stream_symbols("k", sorted(key_taps), d_in)
    score = (apply_taps(query_taps, qs).T * apply_taps(key_taps, ks))[0, 0]
    q_all = [x for qa in qs.values() for x in qa]
    k_all = [x for kb in ks.values() for x in kb]
    packed = _polys_over_q([score], q_all + k_all)
    if packed is not None:
        coeff = _ring_bilinear_coefficients(packed)
    else:
        s = sp.expand(score)
        coeff = lambda x, y: s.coeff(x).coeff(y)  # noqa: E731
    kernel = {}
    for a, qa in qs.items():
        for b, kb in ks.items():
            C = sp.Matrix(d_in, d_in, lambda i, l: coeff(qa[i], kb[l]))
            if any(c != 0 for c in C):
                kernel[(a, b)] = C
    return kernel


def _ring_bilinear_coefficients(packed):
    """``(x, y) -> s.coeff(x).coeff(y)`` of ``s = sp.expand(score)``, read off the score's element of
    Q[symbols]: the terms of exponent exactly 1 in ``x`` and in ``y``, divided by ``x y`` (the same
    expanded coefficient)."""
    gens, (S,) = packed
    R = S.ring
    pos = {g.as_expr(): R.gens.index(g) for g in gens}
    terms = S.terms()

    def coeff(x, y):
        i, j = pos[x], pos[y]
        out = {}
        for m, c in terms:
            if m[i] == 1 and m[j] == 1:
                mm = list(m)
                mm[i] = mm[j] = 0
                out[tuple(mm)] = c
        return R.from_dict(out).as_expr() if out else sp.S.Zero

    return coeff


def score_transfer(kernel: Mapping[tuple, sp.Matrix], a=z1, b=z2):
    """Joint z-transform ``H_S(z1, z2) = sum C_ab z1^{-a} z2^{-b}`` of a score kernel."""
    out = None
    for (la, lb), C in kernel.items():
        term = C * a ** (-la) * b ** (-lb)
        out = term if out is None else out + term
    return out


def head_transfer(query_taps, key_taps, d_in: int, a=z1, b=z2):
    """``H_S`` of one bilinear head, computed from its score (Eq 1, left-hand side)."""
    return score_transfer(score_kernel(query_taps, key_taps, d_in), a, b)


def factorised_transfer(query_taps, key_taps, a=z1, b=z2):
    """``H_q(z1)^T H_k(z2)``: the factorised form of Eq (1) (matrix product of the stream maps)."""
    return transfer(query_taps, a).T * transfer(key_taps, b)


# --- the order lattice (Eq 3) ---------------------------------------------------------------


def momentum_taps() -> dict:
    """Taps of the kinematic momentum ``p_t = x_t - x_{t-1}`` (§4; interior rows)."""
    return {0: 1, 1: -1}


def shear_stream_taps(g) -> dict:
    """Taps of the position output of ``M_g`` acting on ``(x_t, p_t)``: ``x_t + g p_t``.

    Built from the first block row of :func:`theory.shear.shear_explicit` (``[1, g]`` for one
    coordinate) applied to the state taps ``x -> (x, p)``.
    """
    row = shear_explicit(g, 1)[0, :]
    state = ({0: 1}, momentum_taps())
    out: dict = {}
    for coeff, taps in zip(row, state):
        for lag, c in taps.items():
            out[lag] = sp.expand(out.get(lag, 0) + coeff * c)
    return {k: v for k, v in out.items() if v != 0}


def lattice_transfer(g, zvar=z):
    """``H(z) = 1 + g (1 - z^{-1})``, Eq (3) as printed (per stream)."""
    return 1 + g * (1 - zvar**-1)


def lattice_order_claim(gq, gk) -> tuple[int, int]:
    """``(rho, rho') = (1{gamma_q > 0}, 1{gamma_k > 0})``, Eq (3) as printed (numbers)."""
    return int(bool(sp.sympify(gq) > 0)), int(bool(sp.sympify(gk) > 0))


def lattice_score_transfer(gq, gk, a=z1, b=z2):
    """``H_S = H_q(z1) H_k(z2)`` of the lattice member ``(gamma_q, gamma_k)``."""
    return lattice_transfer(gq, a) * lattice_transfer(gk, b)


def swap_streams(H, a=z1, b=z2):
    """``H_S(z1, z2) -> H_S(z2, z1)``: exchange of the query and key streams."""
    tmp = sp.Dummy("tmp")
    return H.subs(a, tmp).subs(b, a).subs(tmp, b)


# --- statements ----------------------------------------------------------------------------


def _eq1_sympy():
    Hq, Hk = sp.Function("H_q"), sp.Function("H_k")
    return {"factorisation": sp.Eq(sp.Function("H_S")(z1, z2), Hq(z1) * Hk(z2)), "order": (0, 0)}


def _eq3_sympy():
    return {
        "H_q": sp.Eq(sp.Function("H_q")(z1), lattice_transfer(gamma_q, z1)),
        "H_k": sp.Eq(sp.Function("H_k")(z2), lattice_transfer(gamma_k, z2)),
        "lattice": LATTICE,
        "rho": sp.Piecewise((1, gamma_q > 0), (0, True)),
        "rho_prime": sp.Piecewise((1, gamma_k > 0), (0, True)),
    }


STATEMENTS = (
    Statement(
        "eq1",
        "Eq (1)",
        "§2.1",
        "factorised transfer function of a bilinear head",
        "operator",
        "For s_{t,j} = Q_t^T K_j with Q_t = W_Q q_t, K_j = W_K k_j (maps acting pointwise in "
        "the position index): H_S(z1, z2) = H_q(z1) H_k(z2), deg_{z1^{-1}} H_q = "
        "deg_{z2^{-1}} H_k = 0; the joint filter order (rho, rho') of standard attention is (0,0). "
        "Widening the head, summing heads or enlarging W_Q, W_K cannot raise it.",
        (),
        _eq1_sympy,
    ),
    Statement(
        "rem3",
        "Rem 3",
        "§2.2",
        "relation to SHT",
        "definition",
        "Proposition 1 is weaker than SHT's theorem and does not reproduce it: an O(1/T) "
        "ceiling within the bilinear class under a specific generative model. The PSA head's "
        "bit budget remains O(d_k), independent of T; the premise is exited, not the bound.",
        ("prop1",),
    ),
    Statement(
        "eq3",
        "Eq (3)",
        "§2.3",
        "the order lattice",
        "operator",
        "(rho, rho') in {(0,0), (1,0), (0,1), (1,1)}, H_q(z1) = 1 + gamma_q (1 - z1^{-1}), "
        "H_k(z2) = 1 + gamma_k (1 - z2^{-1}), rho = 1{gamma_q > 0}, rho' = 1{gamma_k > 0}. "
        "(1,1) is the unique member of the lattice invariant under exchanging the two streams "
        "(Theorem 27).",
        ("eq1", "prop13", "thm27", "prop36"),
        _eq3_sympy,
    ),
)
