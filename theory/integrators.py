"""The numerical-integration side of the correspondence (§3: Eqs 4-17, Lemma 4, Props 6 and 8).

Phase coordinates are ordered ``x = (q, p)`` (or ``(q, v)`` in §3.1), ``q, p`` in R^{d_k};
``J = [[0, I], [-I, 0]]`` is the matrix of eq (10) (:func:`theory.shear.omega_explicit`) and
Hamilton's equations read ``x' = J grad H``.  The drift is the upper shear ``M_h``
(:func:`theory.shear.shear_explicit`), the kick of ``V = q^T K q / 2`` the lower shear with
block ``-h K`` (:func:`theory.shear.lower_shear_explicit`).

One convention for the Lie bracket of vector fields is fixed here and named everywhere:
``"derivation"`` -- ``[X, Y] = DY X - DX Y``, i.e. ``[X, Y] phi = X(Y phi) - Y(X phi)`` for the
fields acting as derivations ``X phi = D phi X`` (the convention of differential geometry);
``"jacobian"`` is the opposite sign, ``[X, Y] = DX Y - DY X``.  The paper states neither.

Flows of vector fields are handled as truncated Lie series
``phi^t_X(x) = sum_k t^k/k! L_X^k(x)`` with ``L_X g = Dg X``.
Pure SymPy; no I/O, no simulation.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Callable, Sequence

import sympy as sp

from .shear import _explicit, generator_explicit, lower_shear_explicit, omega_explicit, shear_explicit
from .statement import Statement

h, t_end, n_steps = sp.symbols("h t_end n", real=True)
gamma = sp.Symbol("gamma", real=True)

#: The two signs of the vector-field Lie bracket (see the module docstring).
CONVENTIONS = ("derivation", "jacobian")

#: Eq (13) as printed: Z(h) = h X_F + h X_G + c2 h^2 [X_F, X_G]
#:   + h^3 (c3a [X_F, [X_F, X_G]] + c3b [X_G, [X_G, X_F]]) + ...
BCH_PRINTED = (sp.Rational(1, 2), sp.Rational(1, 12), -sp.Rational(1, 12))

#: Eq (16): bounded oscillation requires h^2 lambda_max(K) < 4.
STABILITY_BOUND = 4


# --- generic helpers --------------------------------------------------------------------------


def phase(q: sp.Matrix, p: sp.Matrix) -> sp.Matrix:
    """The phase point ``x = (q, p)`` as one column."""
    return sp.Matrix(q).col_join(sp.Matrix(p))


def vec(name: str, dk: int) -> sp.Matrix:
    """A column of real symbols ``name1 .. name{dk}``."""
    return sp.Matrix(sp.symbols(f"{name}1:{dk + 1}", real=True))


def truncate(expr, var, order: int):
    """Keep the powers ``var^0 .. var^order`` of a polynomial in ``var`` (scalar or matrix), expanded.

    When every entry is a polynomial over Q (``var`` a symbol) the terms are kept in Q[symbols]: the
    ring element's terms of degree <= ``order`` in ``var``, read back -- the same expanded entries as
    :func:`_truncate_expr` (the terms of ``sp.expand`` with those powers), without expanding the
    powers beyond ``order`` as expressions."""
    if isinstance(var, sp.Symbol):
        entries = list(expr) if isinstance(expr, sp.MatrixBase) else [expr]
        packed = _polys_over_q(entries, [var])
        if packed is not None:
            (v,), polys = packed
            idx = v.ring.gens.index(v)
            kept = [_ring_truncate(f, idx, order).as_expr() for f in polys]
            if isinstance(expr, sp.MatrixBase):
                return type(expr)(expr.shape[0], expr.shape[1], kept)  # applyfunc keeps the class too
            return kept[0]
    return _truncate_expr(expr, var, order)


def _truncate_expr(expr, var, order: int):
    """:func:`truncate` by ``sp.expand`` and the powers of ``var`` in each term (any entries)."""
    if isinstance(expr, sp.MatrixBase):
        return expr.applyfunc(lambda e: _truncate_expr(e, var, order))
    e = sp.expand(expr)
    if not e.has(var):
        return e
    return sp.Add(*[t for t in sp.Add.make_args(e) if t.as_powers_dict().get(var, 0) <= order])


def lowest_order(expr, var, max_order: int = 12):
    """Smallest ``k`` with a non-zero coefficient of ``var^k`` in a series (scalar or matrix);
    ``None`` if all coefficients up to ``max_order`` vanish."""
    entries = list(expr) if isinstance(expr, sp.MatrixBase) else [expr]
    best = None
    for e in entries:
        e = sp.expand(e)
        if e == 0:
            continue
        if e.has(sp.O):
            e = e.removeO()
        for k in range(max_order + 1):
            if sp.simplify(e.coeff(var, k)) != 0:
                best = k if best is None else min(best, k)
                break
    return best


# --- §3.1: forward Euler, the Euler matrix, secular growth -----------------------------------


def forward_euler(q, v, f: Callable, dt):
    """Eq (4): ``q_{n+1} = q_n + dt v_n``, ``v_{n+1} = v_n + dt f(q_n)``."""
    return q + dt * v, v + dt * f(q)


def euler_matrix(dt, dk) -> sp.Matrix | sp.BlockMatrix:
    """Eq (5) as printed: ``A_E = [[I, dt I], [-dt I, I]]`` (a block matrix of ``Identity(dk)`` at a
    symbolic width ``dk``: issue 25)."""
    if isinstance(dk, sp.Basic) and not dk.is_Integer:
        Id = sp.Identity(dk)
        return sp.BlockMatrix([[Id, dt * Id], [-dt * Id, Id]])
    eye = sp.eye(dk)
    return sp.Matrix(sp.BlockMatrix([[eye, dt * eye], [-dt * eye, eye]]))


def step_jacobian(step: Callable, f: Callable, dt, dk: int) -> sp.Matrix:
    """Jacobian in ``(q, v)`` of a one-step map ``step(q, v, f, dt) -> (q', v')``."""
    q, v = vec("q", dk), vec("v", dk)
    q1, v1 = step(q, v, f, dt)
    return phase(q1, v1).jacobian(phase(q, v))


def oscillator_energy(x: sp.Matrix):
    """``E = ||v||^2/2 + ||q||^2/2 = ||x||^2/2`` of the unit oscillator ``f(q) = -q`` (§3.1)."""
    return (x.T * x)[0, 0] / 2


def euler_energy_ratio(dt, n):
    """Eq (6) as printed: ``E_n / E_0 = (1 + dt^2)^n``."""
    return (1 + dt**2) ** n


def euler_norm_ratio(dt, n):
    """Eq (6), second form: ``||x_n|| / ||x_0|| = (1 + dt^2)^{n/2}``."""
    return (1 + dt**2) ** (n / sp.Integer(2))


def fixed_horizon_exponent(dt, t):
    """Eq (7): ``log(E_n / E_0) = (t_end / dt) log(1 + dt^2)`` with ``n = t_end / dt``."""
    return t / dt * sp.log(1 + dt**2)


# --- §3.1-3.2: Störmer-Verlet -----------------------------------------------------------------


def verlet_stencil(q_next, q, q_prev, f: Callable, dt):
    """Eq (8) as a residual: ``q_{n+1} - 2 q_n + q_{n-1} - dt^2 f(q_n)`` (zero on the scheme)."""
    return q_next - 2 * q + q_prev - dt**2 * f(q)


def kick_drift_kick(q, p, f: Callable, dt):
    """Eq (9): ``p_{n+1/2} = p_n + dt/2 f(q_n)``, ``q_{n+1} = q_n + dt p_{n+1/2}``,
    ``p_{n+1} = p_{n+1/2} + dt/2 f(q_{n+1})``.  Returns ``(q_{n+1}, p_{n+1}, p_{n+1/2})``."""
    p_half = p + dt / 2 * f(q)
    q1 = q + dt * p_half
    p1 = p_half + dt / 2 * f(q1)
    return q1, p1, p_half


def lie_derivative(g: sp.Matrix, X: sp.Matrix, x: sp.Matrix) -> sp.Matrix:
    """``L_X g = Dg X``: the field ``X`` acting as a derivation on the components of ``g``."""
    return sp.Matrix(g).jacobian(x) * X


def flow_series(X: sp.Matrix, x: sp.Matrix, t, order: int) -> sp.Matrix:
    """Lie series of the exact flow ``phi^t_X(x) = sum_{k <= order} t^k/k! L_X^k(x)``."""
    term, out = sp.Matrix(x), sp.Matrix(x)
    for k in range(1, order + 1):
        term = lie_derivative(term, X, x)
        out = out + t**k / sp.factorial(k) * term
    return out


# --- §3.3: Poisson bracket, Hamiltonian fields, Lie bracket, BCH ------------------------------


def gradient(F, x: sp.Matrix) -> sp.Matrix:
    """``grad F`` as a column.

    When ``F`` is a polynomial over Q given in expanded form (it equals its element of Q[symbols]
    read back) and ``x`` are symbols, the partial derivatives are taken in the ring: the same
    expanded derivatives as ``sp.diff`` (:func:`_gradient_expr`)."""
    xs = list(x)
    if xs and all(isinstance(xi, sp.Symbol) for xi in xs):
        packed = _polys_over_q([F], xs)
        if packed is not None:
            gens, (Fr,) = packed
            if Fr.as_expr() == F:
                return sp.Matrix([Fr.diff(g).as_expr() for g in gens])
    return _gradient_expr(F, x)


def _gradient_expr(F, x: sp.Matrix) -> sp.Matrix:
    """:func:`gradient` by ``sp.diff`` (any ``F``)."""
    return sp.Matrix([sp.diff(F, xi) for xi in x])


def _polys_over_q(exprs, coords):
    """``(gens, polys)``: the expressions as elements of the polynomial ring Q[symbols] (their
    symbols and ``coords`` as generators) and the generators of ``coords``; None when one of them
    is not a polynomial with rational coefficients.  Ring arithmetic is exact and gives, through
    ``as_expr``, the same expanded expression as ``sp.expand`` -- tens of times faster."""
    exprs = [sp.sympify(e) for e in exprs]
    if any(e.has(sp.Float) for e in exprs):
        return None
    found = set(coords)
    for e in exprs:
        found |= e.free_symbols
    syms = tuple(sorted(found, key=sp.default_sort_key))
    try:
        R, gens = _ring_over_q(syms)
        index = {s: i for i, s in enumerate(syms)}
        polys = [_ring_element(R, e, index) for e in exprs]
    except (ValueError, TypeError, sp.PolynomialError, sp.CoercionFailed):
        return None
    where = {s: g for s, g in zip(syms, gens)}
    return [where[c] for c in coords], polys


@lru_cache(maxsize=256)
def _ring_over_q(syms: tuple):
    """``(R, gens)`` of ``sp.ring(syms, sp.QQ)``: SymPy keeps one ring per generator tuple, so this is
    the same ring and the same generators, without parsing the options again on every call."""
    R, *gens = sp.ring(syms, sp.QQ)
    return R, tuple(gens)


def _ring_element(R, e, index: dict):
    """``R(e)`` (``R`` a polynomial ring over Q whose generators are the keys of ``index``, in order):
    the same ring element, built by reading the monomials of sums straight into one dictionary of
    exponents and coefficients instead of adding and multiplying ring elements term by term (the
    ring element of a polynomial is unique: its monomials with their non-zero exact coefficients).
    Sums, products and integer powers > 1 are taken apart as ``PolyRing.from_expr`` takes them apart;
    any other node is converted by ``R`` itself, which raises where ``R(e)`` raises."""
    if not isinstance(e, sp.Expr):
        return R(e)
    mono = _monomial(e, index, R.ngens)
    if mono is not None:
        return R.from_dict({mono[0]: mono[1]} if mono[1] else {})
    if e.is_Add:
        acc: dict = {}
        for t in e.args:
            mono = _monomial(t, index, R.ngens)
            for m, c in [mono] if mono is not None else _ring_element(R, t, index).items():
                if m in acc:  # as PolyElement.__add__ does it (the same dictionary, in the same order)
                    c = acc[m] + c
                if c:
                    acc[m] = c
                else:
                    acc.pop(m, None)
        return R.from_dict(acc)
    if e.is_Mul:
        out = _ring_element(R, e.args[0], index)
        for a in e.args[1:]:
            out = out * _ring_element(R, a, index)
        return out
    if e.is_Pow and e.exp.is_Integer and e.exp > 1:
        return _ring_element(R, e.base, index) ** int(e.exp)
    return R(e)


def _monomial(t, index: dict, ngens: int):
    """``(exponents, coefficient)`` of ``t`` when it is a rational number times powers (integer
    exponent >= 1) of the generators named in ``index``; None otherwise."""
    exps = [0] * ngens
    coeff = sp.QQ.one
    for f in sp.Mul.make_args(t):
        i = index.get(f)
        if i is not None:
            exps[i] += 1
        elif f.is_Rational:
            coeff = coeff * sp.QQ(int(f.p), int(f.q))
        elif f.is_Pow and f.exp.is_Integer and f.exp > 1 and f.base in index:
            exps[index[f.base]] += int(f.exp)
        else:
            return None
    return tuple(exps), coeff


def expand_poly(expr):
    """``sp.expand(expr)``, computed in Q[symbols] when ``expr`` is a polynomial over Q (ring
    arithmetic is exact; ``as_expr`` gives the same expanded expression); ``sp.expand`` otherwise."""
    packed = _polys_over_q([expr], [])
    if packed is None:
        return sp.expand(expr)
    return packed[1][0].as_expr()


def expand_matrix(M: sp.Matrix) -> sp.Matrix:
    """``M.applyfunc(sp.expand)``, with the entries computed in one ring Q[symbols] when they are all
    polynomials over Q (the same expanded entries); ``applyfunc(sp.expand)`` otherwise."""
    packed = _polys_over_q(list(M), [])
    if packed is None:
        return M.applyfunc(sp.expand)
    return sp.Matrix(M.shape[0], M.shape[1], [f.as_expr() for f in packed[1]])


def _polynomial_domain_matrices(mats):
    """The matrices as DomainMatrix over one polynomial ring over Q (or over Q itself), or None when
    an entry is not a polynomial with rational coefficients."""
    from sympy.polys.matrices import DomainMatrix

    dms = []
    for M in mats:
        if any(e.has(sp.Float) for e in M):
            return None
        try:
            dms.append(DomainMatrix.from_Matrix(sp.Matrix(M)))
        except (ValueError, TypeError, sp.PolynomialError, sp.CoercionFailed):
            return None
    dom = dms[0].domain
    for D in dms[1:]:
        dom = dom.unify(D.domain)
    if dom.is_ZZ or dom.is_QQ:
        dom = sp.QQ
    elif not (dom.is_PolynomialRing and (dom.domain.is_ZZ or dom.domain.is_QQ)):
        return None
    else:
        dom = sp.QQ[dom.symbols] if dom.domain.is_ZZ else dom
    return [D.convert_to(dom) for D in dms]


def polynomial_matrix_eval(fn, *mats) -> sp.Matrix:
    """``expand_matrix(fn(*mats))`` for ``fn`` built of ``+``, ``-``, ``*`` and ``.transpose()`` of its
    arguments: evaluated on DomainMatrix over one polynomial ring Q[symbols] when every entry is a
    polynomial over Q (exact ring arithmetic; the same expanded entries), else on the matrices."""
    dms = _polynomial_domain_matrices(mats)
    if dms is None:
        return expand_matrix(fn(*mats))
    return fn(*dms).to_Matrix()


def expanded_jacobian(F: sp.Matrix, x: sp.Matrix) -> sp.Matrix:
    """``F.jacobian(x).applyfunc(sp.expand)``: the derivatives taken in Q[symbols] when the entries
    of ``F`` are polynomials over Q and ``x`` are symbols (the same expanded entries)."""
    F, xs = sp.Matrix(F), list(x)
    if xs and all(isinstance(xi, sp.Symbol) for xi in xs):
        packed = _polys_over_q(list(F), xs)
        if packed is not None:
            gens, polys = packed
            return sp.Matrix(len(polys), len(gens), [f.diff(g).as_expr() for f in polys for g in gens])
    return F.jacobian(sp.Matrix(xs)).applyfunc(sp.expand)


def _symbolic_vector(q) -> bool:
    """``q`` is an ``n x 1`` matrix symbol of a SYMBOLIC size n (every width at once, issue 25)."""
    return isinstance(q, sp.MatrixExpr) and not isinstance(q, sp.MatrixBase) and not q.shape[0].is_Integer


def _collapse(term, limits, k):
    """``Sum(term, *limits)`` with a factor ``KroneckerDelta(v, k)`` (``v`` one of its indices) summed
    out: ``v -> k`` and that limit dropped (``k`` ranges over the same 0..n-1)."""
    for f in sp.Mul.make_args(term):
        if isinstance(f, sp.KroneckerDelta):
            for v, w in (f.args, f.args[::-1]):
                if w == k and any(v == lim[0] for lim in limits):
                    rest = [lim for lim in limits if lim[0] != v]
                    body = (term / f).xreplace({v: k})
                    return sp.Sum(body, *rest) if rest else body
    return sp.Sum(term, *limits)


def expand_formula(e):
    """``sp.expand(e)``.  For a formula whose every power has an integer exponent and a base that is
    not a product, with no ``exp`` and no ``log`` in it, the hints ``power_base``, ``power_exp`` and
    ``log`` are left out: each rewrites only such a power, ``exp`` or ``log`` (so none changes it),
    and each costs a walk of the whole formula.  Likewise ``multinomial`` is left out when no power
    has a sum as its base (it rewrites only such a power: a node with an ``_eval_expand_multinomial``
    of its own keeps it; distributing products of such a formula makes no new one), and ``basic``
    when no node has an ``_eval_expand_basic`` (the sums over an index, ``Sum``, have one; it is
    applied before the others and once)."""
    e = sp.sympify(e)
    multinomial = basic = False
    for a in sp.preorder_traversal(e):
        if isinstance(a, sp.Pow):
            if not a.exp.is_Integer or a.base.is_Mul:
                return sp.expand(e)
            multinomial = multinomial or a.base.is_Add
        elif isinstance(a, (sp.exp, sp.log)):
            return sp.expand(e)
        elif hasattr(a, "_eval_expand_multinomial"):
            multinomial = True
        if hasattr(a, "_eval_expand_basic"):
            basic = True
    return sp.expand(e, power_base=False, power_exp=False, log=False, multinomial=multinomial, basic=basic)


def _finite_formula(*exprs) -> bool:
    """No subexpression of the formulas can be infinite: no infinity or NaN in them and no symbol
    assumed infinite or zero.  Then ``0 * f`` is 0 for each subexpression ``f`` (what ``Mul`` gives
    after asking ``f`` whether it is finite, a walk of the whole of ``f``), so a product with a zero
    factor may be left out of a sum without changing it."""
    bad = {sp.S.Infinity, sp.S.NegativeInfinity, sp.S.ComplexInfinity, sp.S.NaN}
    for e in exprs:
        for a in e.atoms():
            if a in bad or (a.is_Symbol and (a.is_finite is False or a.is_zero)):
                return False
    return True


def _d_at(e, x, k, finite: bool = False):
    """``de/dx_k`` (structural: sums, products, integer powers of entries of ``x``), deltas collapsed.
    ``finite`` (:func:`_finite_formula` of the whole formula): a product term whose differentiated
    factor gives 0 is left out rather than formed (the same sum)."""
    from sympy.matrices.expressions.matexpr import MatrixElement

    if not e.has(x):
        return sp.S.Zero
    if isinstance(e, MatrixElement):
        return sp.KroneckerDelta(e.args[1], k) if e.args[0] == x else sp.S.Zero
    if isinstance(e, sp.Sum):
        inner = expand_formula(_d_at(e.function, x, k, finite))
        return sp.Add(*[_collapse(t, e.limits, k) for t in sp.Add.make_args(inner)])
    if isinstance(e, sp.Add):
        return sp.Add(*[_d_at(a, x, k, finite) for a in e.args])
    if isinstance(e, sp.Mul):
        args = e.args
        if finite:
            terms = [(i, _d_at(a, x, k, finite)) for i, a in enumerate(args) if a.has(x)]
            return sp.Add(*[sp.Mul(*args[:i], d, *args[i + 1 :]) for i, d in terms if d != 0])
        return sp.Add(*[sp.Mul(*args[:i], _d_at(a, x, k), *args[i + 1 :]) for i, a in enumerate(args)])
    if isinstance(e, sp.Pow) and e.args[1].is_Integer and e.args[1] > 0:
        b, m = e.args
        return m * b ** (m - 1) * _d_at(b, x, k, finite)
    return sp.diff(e, x[k, 0]).doit()


def partial_at(F, x, k):
    """``dF/dx_k`` for a formula ``F`` in the entries of the ``n x 1`` matrix symbol ``x`` of a symbolic
    size (sums over 0..n-1), at the free index ``k``: the Kronecker deltas of the derivative summed out."""
    F = sp.sympify(F)
    return expand_formula(_d_at(F, x, k, _finite_formula(F)))


def _product(a, b, finite: bool):
    """``a * b``; 0 without forming the product when one factor is 0 and ``finite``
    (:func:`_finite_formula` of both: then the product is 0)."""
    return sp.S.Zero if finite and (a == 0 or b == 0) else a * b


def poisson_bracket(F, G, q: sp.Matrix, p: sp.Matrix):
    """Eq (11): ``{F, G} = sum_i (dF/dq_i dG/dp_i - dF/dp_i dG/dq_i)`` (expanded).

    For ``n x 1`` matrix symbols ``q``, ``p`` of a symbolic size n (issue 25: every width at once)
    and ``F``, ``G`` formulas in their entries, the sum ``Sum(..., (k, 0, n - 1))``."""
    if _symbolic_vector(q):
        k = sp.Dummy("k", integer=True)
        fin = _finite_formula(sp.sympify(F), sp.sympify(G))
        body = _product(partial_at(F, q, k), partial_at(G, p, k), fin) - _product(
            partial_at(F, p, k), partial_at(G, q, k), fin
        )
        return sp.Sum(expand_formula(body), (k, 0, q.shape[0] - 1))
    q, p = list(q), list(p)
    packed = _polys_over_q([F, G], q + p)
    if packed is None:
        return sp.expand(sum(sp.diff(F, qi) * sp.diff(G, pi) - sp.diff(F, pi) * sp.diff(G, qi) for qi, pi in zip(q, p)))
    gens, (Fr, Gr) = packed
    d = len(q)
    out = Fr.ring.zero
    for a, b in zip(gens[:d], gens[d:]):
        out += Fr.diff(a) * Gr.diff(b) - Fr.diff(b) * Gr.diff(a)
    return out.as_expr()


def hamiltonian_field(F, q: sp.Matrix, p: sp.Matrix) -> sp.Matrix | sp.Lambda:
    """Eq (11), right-hand side: ``X_F = (d_p F, -d_q F)`` (equal to ``J grad F``).

    For ``n x 1`` matrix symbols ``q``, ``p`` of a symbolic size n (issue 25), the field as its
    components at a pair index k: ``Lambda(k, (dF/dp_k, -dF/dq_k))``."""
    if _symbolic_vector(q):
        k = sp.Dummy("k", integer=True)
        return sp.Lambda(k, sp.Tuple(partial_at(F, p, k), -partial_at(F, q, k)))
    return phase(gradient(F, p), -gradient(F, q))


def lie_bracket(X: sp.Matrix, Y: sp.Matrix, x: sp.Matrix, convention: str = "derivation") -> sp.Matrix:
    """Lie bracket of vector fields in the named convention (module docstring)."""
    if convention not in CONVENTIONS:
        raise ValueError(f"convention must be one of {CONVENTIONS}, got {convention!r}")
    n = len(x)
    packed = _polys_over_q(list(X) + list(Y), list(x))
    if packed is None:
        DX, DY = X.jacobian(x), Y.jacobian(x)
        out = DY * X - DX * Y if convention == "derivation" else DX * Y - DY * X
        return out.applyfunc(sp.expand)
    gens, polys = packed
    Xr, Yr = polys[:n], polys[n:]
    sign = 1 if convention == "derivation" else -1
    zero = polys[0].ring.zero
    out = [
        sum((Yr[i].diff(g) * Xr[j] - Xr[i].diff(g) * Yr[j] for j, g in enumerate(gens)), zero) * sign
        for i in range(len(Xr))
    ]
    return sp.Matrix([e.as_expr() for e in out])


def bch_coefficients(convention: str = "derivation") -> tuple:
    """Correct coefficients ``(c2, c3a, c3b)`` of ``phi^h_F o phi^h_G = phi^1_Z`` (``G`` applied
    first) in the form of Eq (13); the double brackets do not depend on the convention."""
    if convention not in CONVENTIONS:
        raise ValueError(f"convention must be one of {CONVENTIONS}, got {convention!r}")
    c2 = -sp.Rational(1, 2) if convention == "derivation" else sp.Rational(1, 2)
    return c2, sp.Rational(1, 12), sp.Rational(1, 12)


def _ring_bch_z(XF, XG, coeffs, gens, hh, convention: str) -> list:
    """``Z(h)`` of Eq (13) in a polynomial ring over Q: the fields ``XF``, ``XG`` and the coefficients
    ``(c2, c3a, c3b)`` ring elements, ``gens`` the coordinates' generators, ``hh`` the step's; the
    brackets in ``convention`` (:func:`lie_bracket`'s, formed in the ring), the entries of Z as ring
    elements."""
    c2, c3a, c3b = coeffs
    m = len(gens)
    sign = 1 if convention == "derivation" else -1
    zero = hh.ring.zero

    def br(X, Y):
        return [
            sum((Y[i].diff(g) * X[j] - X[i].diff(g) * Y[j] for j, g in enumerate(gens)), zero) * sign for i in range(m)
        ]

    FG = br(XF, XG)
    FFG, GGF = br(XF, FG), br(XG, br(XG, XF))
    return [hh * (XF[i] + XG[i]) + c2 * hh**2 * FG[i] + hh**3 * (c3a * FFG[i] + c3b * GGF[i]) for i in range(m)]


def bch_generator(XF, XG, x, dt=h, coeffs: Sequence = BCH_PRINTED, convention: str = "derivation") -> sp.Matrix:
    """``Z(h)`` of Eq (13) to order ``h^3`` with the given coefficients and bracket convention.

    For fields and coefficients in Q[symbols] (``dt`` a symbol) the brackets and their combination
    are formed in that ring and read back once: the same expanded entries as
    :func:`_bch_generator_expr` (whose brackets and ``expand_matrix`` take the same ring path, each
    reading its result back and the next converting it again)."""
    if isinstance(dt, sp.Symbol) and convention in CONVENTIONS and len(coeffs) == 3:
        xs = list(x)
        packed = _polys_over_q(list(XF) + list(XG) + list(coeffs), xs + [dt])
        if packed is not None:
            gens, polys = packed
            m = len(xs)
            Z = _ring_bch_z(polys[:m], polys[m : 2 * m], polys[2 * m :], gens[:m], gens[m], convention)
            return sp.Matrix([e.as_expr() for e in Z])
    return _bch_generator_expr(XF, XG, x, dt, coeffs, convention)


def _bch_generator_expr(XF, XG, x, dt=h, coeffs: Sequence = BCH_PRINTED, convention: str = "derivation") -> sp.Matrix:
    """:func:`bch_generator` composed of :func:`lie_bracket` and :func:`expand_matrix` (any entries)."""
    c2, c3a, c3b = coeffs
    br = lambda a, b: lie_bracket(a, b, x, convention)  # noqa: E731
    FG = br(XF, XG)
    return expand_matrix(dt * (XF + XG) + c2 * dt**2 * FG + dt**3 * (c3a * br(XF, FG) + c3b * br(XG, br(XG, XF))))


def _ring_truncate(f, idx: int, order: int):
    return f.ring.from_dict({m: c for m, c in f.terms() if m[idx] <= order}) if f else f


def _ring_flow(field, coords, t_scale, idx, order, gen_of):
    """Lie series ``sum_k t^k/k! L_X^k(x)`` in the ring (``t_scale`` is a ring element or 1)."""
    out = []
    for xi in coords:
        term, acc = xi, xi
        for k in range(1, order + 1):
            term = _ring_truncate(sum((term.diff(g) * Xg for g, Xg in zip(gen_of, field)), term.ring.zero), idx, order)
            acc = acc + _ring_truncate(term * t_scale**k, idx, order) * sp.QQ(1, int(sp.factorial(k)))
        out.append(_ring_truncate(acc, idx, order))
    return out


def composed_flow_series(XF, XG, x, dt=h, order: int = 3) -> sp.Matrix:
    """``phi^h_F(phi^h_G(x))`` (``G`` first) as a series in ``h`` to ``h^order`` (polynomial fields)."""
    x = list(x)
    packed = _polys_over_q(list(XF) + list(XG), x + [dt])
    if packed is None:
        inner = flow_series(XG, sp.Matrix(x), dt, order)
        outer = flow_series(XF, sp.Matrix(x), dt, order)
        return truncate(outer.xreplace(dict(zip(x, list(inner)))), dt, order)
    gens, polys = packed
    m = len(x)
    gen_of, hh = gens[:m], gens[m]
    idx = hh.ring.gens.index(hh)
    XFr, XGr = polys[:m], polys[m:]
    inner = _ring_flow(XGr, gen_of, hh, idx, order, gen_of)
    outer = _ring_flow(XFr, gen_of, hh, idx, order, gen_of)
    comp = [_ring_compose_truncated(o, gen_of, inner, idx, order) for o in outer]
    return sp.Matrix([c.as_expr() for c in comp])


def _ring_compose_truncated(f, gens, values, idx: int, order: int):
    """``_ring_truncate(f.compose(list(zip(gens, values))), idx, order)`` with every product truncated
    as it is formed: degrees in the generator at ``idx`` only add under products, so a dropped term
    never comes back to degree <= ``order`` (the same ring element, without the higher powers)."""
    R = f.ring
    pos = [R.gens.index(g) for g in gens]
    powers: dict = {}

    def power(i: int, e: int):
        if (i, e) not in powers:
            powers[(i, e)] = R.one if e == 0 else _ring_truncate(power(i, e - 1) * values[i], idx, order)
        return powers[(i, e)]

    out = R.zero
    for mon, c in f.terms():
        rest = list(mon)
        for p in pos:
            rest[p] = 0
        term = R.from_dict({tuple(rest): c})
        for i, p in enumerate(pos):
            if mon[p]:
                term = _ring_truncate(term * power(i, mon[p]), idx, order)
        out += term
    return _ring_truncate(out, idx, order)


def generator_flow_series(Z, x, dt=h, order: int = 3) -> sp.Matrix:
    """``phi^1_Z(x)`` for ``Z = O(h)``, as a series in ``h`` to ``h^order``."""
    x = list(x)
    packed = _polys_over_q(list(Z), x + [dt])
    if packed is None:
        term, out = sp.Matrix(x), sp.Matrix(x)
        for k in range(1, order + 1):
            term = truncate(lie_derivative(term, Z, sp.Matrix(x)), dt, order)
            out = out + term / sp.factorial(k)
        return truncate(out, dt, order)
    gens, Zr = packed
    gen_of = gens[: len(x)]
    idx = gens[0].ring.gens.index(gens[len(x)])
    flow = _ring_flow(Zr, gen_of, 1, idx, order, gen_of)
    return sp.Matrix([f.as_expr() for f in flow])


def bch_residual_orders(
    XF, XG, x, dt=h, coeffs: Sequence = BCH_PRINTED, convention: str = "derivation", order: int = 3
) -> list:
    """``[k-th coefficient of phi^h_F o phi^h_G - phi^1_Z vanishes in every entry for k = 0..order]``
    with ``Z = bch_generator(XF, XG, x, dt, coeffs, convention)`` and both flows as series to
    ``dt^order`` (:func:`composed_flow_series`, :func:`generator_flow_series`).  For polynomial fields
    over Q (and coefficients in Q[symbols]) the whole computation stays in one ring Q[symbols] --
    the same brackets, truncated flows and residual as the expression functions compose, without
    converting between them; otherwise it is that composition."""
    if convention not in CONVENTIONS:
        raise ValueError(f"convention must be one of {CONVENTIONS}, got {convention!r}")
    xs = list(x)
    packed = (
        _polys_over_q(list(XF) + list(XG) + list(coeffs), xs + [dt])
        if isinstance(dt, sp.Symbol) and len(coeffs) == 3
        else None
    )
    if packed is None:
        lhs = composed_flow_series(XF, XG, x, dt, order)
        Z = bch_generator(XF, XG, x, dt, coeffs, convention)
        R = expand_matrix(lhs - generator_flow_series(Z, x, dt, order))
        return [all(sp.expand(e).coeff(dt, k) == 0 for e in R) for k in range(order + 1)]
    gens, polys = packed
    m = len(xs)
    gen_of, hh = gens[:m], gens[m]
    idx = hh.ring.gens.index(hh)
    XFr, XGr = polys[:m], polys[m : 2 * m]
    Z = _ring_bch_z(XFr, XGr, polys[2 * m :], gen_of, hh, convention)
    inner = _ring_flow(XGr, gen_of, hh, idx, order, gen_of)
    outer = _ring_flow(XFr, gen_of, hh, idx, order, gen_of)
    lhs = [_ring_truncate(o.compose(list(zip(gen_of, inner))), idx, order) for o in outer]
    flow = _ring_flow(Z, gen_of, 1, idx, order, gen_of)
    res = [a - b for a, b in zip(lhs, flow)]
    return [all(mon[idx] != k for r in res for mon in r.monoms()) for k in range(order + 1)]


# --- §3.3: the harmonic oscillator and its modified Hamiltonian ------------------------------


def symmetric_matrix(name: str, dk: int) -> sp.Matrix:
    """A generic symmetric ``dk x dk`` matrix of real symbols."""
    return sp.Matrix(dk, dk, lambda i, j: sp.Symbol(f"{name}{min(i, j) + 1}{max(i, j) + 1}", real=True))


def harmonic_parts(q: sp.Matrix, p: sp.Matrix, K: sp.Matrix):
    """``T = p^T p / 2`` and ``V = q^T K q / 2`` (§3.3)."""
    return (p.T * p)[0, 0] / 2, expand_poly((q.T * K * q)[0, 0] / 2)


def harmonic_brackets(q: sp.Matrix, p: sp.Matrix, K: sp.Matrix) -> dict:
    """Eq (14) as printed: ``{T,V} = -p^T K q``, ``{T,{T,V}} = p^T K p``, ``{V,{V,T}} = q^T K^2 q``."""
    return {
        "{T,V}": expand_poly(-(p.T * K * q)[0, 0]),
        "{T,{T,V}}": expand_poly((p.T * K * p)[0, 0]),
        "{V,{V,T}}": expand_poly((q.T * K * K * q)[0, 0]),
    }


def drift_matrix(dt, dk: int) -> sp.Matrix:
    """``Phi^T_h: (q, p) -> (q + h p, p)``, the upper shear ``M_h`` (§3.3)."""
    return shear_explicit(dt, dk)


def kick_matrix(dt, K: sp.Matrix) -> sp.Matrix:
    """``Phi^V_h: (q, p) -> (q, p - h K q)``, a lower shear (§3.3)."""
    return lower_shear_explicit(-dt * sp.Matrix(K))


def verlet_matrix(dt, K: sp.Matrix) -> sp.Matrix:
    """``Phi^V_{h/2} o Phi^T_h o Phi^V_{h/2}`` on ``V = q^T K q / 2`` (§3.3; Eq (9) with f = -Kq)."""
    K = sp.Matrix(K)
    return expand_matrix(kick_matrix(dt / 2, K) * drift_matrix(dt, K.shape[0]) * kick_matrix(dt / 2, K))


def matrix_log_series(Phi: sp.Matrix, dt, order: int) -> sp.Matrix:
    """``log(Phi) = sum_k (-1)^{k+1} N^k / k`` with ``N = Phi - I = O(dt)``, to ``dt^order``.

    Entries that are polynomials over Q (``dt`` a symbol) are handled in Q[symbols]: the same
    truncated products, exact, with the same expanded entries as :func:`_matrix_log_series_expr`."""
    if isinstance(dt, sp.Symbol) and order >= 1:
        packed = _polys_over_q(list(Phi), [dt])
        if packed is not None:
            out = _matrix_log_series_ring(Phi.shape, packed, order)
            return sp.Matrix(len(out), len(out), [e.as_expr() for row in out for e in row])
    return _matrix_log_series_expr(Phi, dt, order)


def _matrix_log_series_ring(shape, packed, order: int) -> list:
    """Rows of ring elements of :func:`matrix_log_series` (``packed`` from :func:`_polys_over_q`)."""
    (hh,), polys = packed
    R = hh.ring
    idx = R.gens.index(hh)
    n = shape[0]
    N = [
        [_ring_truncate(polys[i * n + j] - (R.one if i == j else R.zero), idx, order) for j in range(n)]
        for i in range(n)
    ]
    out = [[R.zero] * n for _ in range(n)]
    P = [[R.one if i == j else R.zero for j in range(n)] for i in range(n)]
    for k in range(1, order + 1):
        P = [
            [_ring_truncate(sum((P[i][m] * N[m][j] for m in range(n)), R.zero), idx, order) for j in range(n)]
            for i in range(n)
        ]
        c = sp.QQ((-1) ** (k + 1), k)
        out = [[out[i][j] + P[i][j] * c for j in range(n)] for i in range(n)]
    return out


def coefficient_matrices(M: sp.Matrix, var, degrees) -> list:
    """``[M.applyfunc(lambda e: sp.expand(e).coeff(var, k)) for k in degrees]``; entries that are
    polynomials over Q (``var`` a symbol) are read off their element of Q[symbols] instead (the same
    expanded coefficients)."""
    degrees = list(degrees)
    if isinstance(var, sp.Symbol) and all(isinstance(k, int) and k >= 0 for k in degrees):
        packed = _polys_over_q(list(M), [var])
        if packed is not None:
            (v,), polys = packed
            R = v.ring
            idx = R.gens.index(v)
            out = []
            for k in degrees:
                ents = []
                for f in polys:
                    ents.append(
                        R.from_dict({m[:idx] + (0,) + m[idx + 1 :]: c for m, c in f.terms() if m[idx] == k}).as_expr()
                    )
                out.append(sp.Matrix(M.shape[0], M.shape[1], ents))
            return out
    return [M.applyfunc(lambda e: sp.expand(e).coeff(var, k)) for k in degrees]


def _matrix_log_series_expr(Phi: sp.Matrix, dt, order: int) -> sp.Matrix:
    """:func:`matrix_log_series` by expression arithmetic (any entries)."""
    N = truncate(Phi - sp.eye(Phi.shape[0]), dt, order)
    out, P = sp.zeros(*Phi.shape), sp.eye(Phi.shape[0])
    for k in range(1, order + 1):
        P = truncate(P * N, dt, order)
        out = out + sp.Rational((-1) ** (k + 1), k) * P
    return out


def modified_hamiltonian_matrix(Phi: sp.Matrix, dt, order: int) -> sp.Matrix:
    """``S(h)`` with ``Phi = exp(h J S(h))``: ``S = -J log(Phi) / h`` to ``h^(order-1)``; the
    modified Hamiltonian of a linear map is ``x^T S x / 2`` (§3.3, Eq (15))."""
    J = omega_explicit(Phi.shape[0] // 2)
    if isinstance(dt, sp.Symbol) and order >= 1:
        packed = _polys_over_q(list(Phi), [dt])
        if packed is not None:
            S = _modified_hamiltonian_ring(J, _matrix_log_series_ring(Phi.shape, packed, order), packed[0][0])
            if S is not None:
                return S
    return _modified_hamiltonian_expr(Phi, dt, order)


def _modified_hamiltonian_ring(J: sp.Matrix, L: list, hh):
    """``-J L / h`` in the ring when every entry of ``L`` is divisible by ``h`` (else None): the
    same expanded entries as ``(-J * L / h).applyfunc(sp.expand)``."""
    R = hh.ring
    n = len(L)
    Jq = [[R.domain.convert(sp.Rational(J[i, j])) for j in range(n)] for i in range(n)]
    out = []
    for i in range(n):
        for j in range(n):
            e = sum((L[m][j] * (-Jq[i][m]) for m in range(n) if Jq[i][m]), R.zero)
            q, r = e.div(hh)
            if r:
                return None
            out.append(q.as_expr())
    return sp.Matrix(n, n, out)


def _modified_hamiltonian_expr(Phi: sp.Matrix, dt, order: int) -> sp.Matrix:
    """:func:`modified_hamiltonian_matrix` by expression arithmetic (any entries)."""
    J = omega_explicit(Phi.shape[0] // 2)
    return (-J * matrix_log_series(Phi, dt, order) / dt).applyfunc(sp.expand)


def quadratic_form(S: sp.Matrix, x: sp.Matrix):
    """``x^T S x / 2``."""
    return expand_poly((x.T * S * x)[0, 0] / 2)


def h2_as_printed(q: sp.Matrix, K: sp.Matrix):
    """Eq (15) as printed: ``H_2 = -(1/8) {V,{V,T}} = -(1/8) q^T K^2 q``."""
    return expand_poly(-(q.T * K * K * q)[0, 0] / 8)


def h2_from_brackets(T, V, q, p):
    """``H_2 = (1/12){T,{T,V}} - (1/24){V,{V,T}}``: the ``h^2`` term of the symmetric-splitting
    modified Hamiltonian (V split in halves), as the matrix logarithm gives it (eq15.corrected)."""
    pb = lambda a, b: poisson_bracket(a, b, q, p)  # noqa: E731
    return expand_poly(pb(T, pb(T, V)) / 12 - pb(V, pb(V, T)) / 24)


def second_invariant(q, p, K):
    """``H_K = p^T K p / 2 + q^T K^2 q / 2``, a quadratic first integral of ``H = T + V``
    (``{H, H_K} = 0``); for ``K = k I`` it is ``k (T + V)``."""
    return expand_poly(((p.T * K * p)[0, 0] + (q.T * K * K * q)[0, 0]) / 2)


def conserved_form_matrix(dt, K: sp.Matrix) -> sp.Matrix:
    """Eq (16): ``S = diag(K (I - h^2 K / 4), I)``, the form ``x^T S x / 2`` that the
    Störmer-Verlet map conserves on ``V = q^T K q / 2``.  For an ``n x n`` matrix symbol ``K`` of a
    symbolic size (issue 25: every width at once) the same blocks as a block matrix."""
    if isinstance(K, sp.MatrixExpr) and not isinstance(K, sp.MatrixBase) and not K.shape[0].is_Integer:
        Id, Z = sp.Identity(K.shape[0]), sp.ZeroMatrix(*K.shape)
        return sp.BlockMatrix([[K * (Id - dt**2 * K / 4), Z], [Z, Id]])
    K = sp.Matrix(K)
    dk = K.shape[0]
    return expand_matrix(_explicit([[K * (sp.eye(dk) - dt**2 * K / 4), sp.zeros(dk)], [sp.zeros(dk), sp.eye(dk)]]))


# --- §3.2-3.3: the shear: exact flow, spectrum, powers ---------------------------------------


def free_hamiltonian(q, p):
    """``H(q, p) = ||p||^2 / 2`` (Lemma 4); for an ``n x 1`` MatrixSymbol ``p`` of symbolic size the
    sum ``Sum(p[i, 0]**2, (i, 0, n - 1)) / 2``."""
    if isinstance(p, sp.MatrixExpr) and not isinstance(p, sp.MatrixBase):
        return (p.T * p)[0, 0] / 2
    return (sp.Matrix(p).T * sp.Matrix(p))[0, 0] / 2


def linear_field_matrix(X: sp.Matrix, x: sp.Matrix) -> sp.Matrix:
    """Matrix ``A`` of a linear vector field ``X(x) = A x`` (raises if ``X`` is not linear)."""
    A = X.jacobian(x)
    if any(sp.diff(a, xi) != 0 for a in A for xi in x):
        raise ValueError("vector field is not linear")
    return A


def jordan_block_sizes(M: sp.Matrix, eigenvalue) -> list[int]:
    """Sizes of the Jordan blocks of ``M`` at ``eigenvalue``, from the rank sequence
    ``r_k = rank (M - lambda I)^k`` (number of blocks of size >= k is ``r_{k-1} - r_k``)."""
    size = M.shape[0]
    N = M - eigenvalue * sp.eye(size)
    ranks = [size]
    P = sp.eye(size)
    while True:
        P = expand_matrix(P * N)
        ranks.append(P.rank(simplify=True))
        if ranks[-1] == ranks[-2]:
            break
    at_least = [ranks[k - 1] - ranks[k] for k in range(1, len(ranks))]
    sizes = []
    for k, c in enumerate(at_least, start=1):
        nxt = at_least[k] if k < len(at_least) else 0
        sizes += [k] * (c - nxt)
    return sorted(sizes, reverse=True)


def shear_power(g, n, dk: int) -> sp.Matrix:
    """Eq (17) as printed: ``M_g^n = [[I, n g I], [0, I]]``."""
    return shear_explicit(n * g, dk)


def shear_norm(c):
    """Exact spectral norm ``||M_c||_2 = (|c| + sqrt(c^2 + 4)) / 2`` of the shear ``M_c``
    (any ``d_k``; Rem 9 with ``c = n gamma``)."""
    return (sp.Abs(c) + sp.sqrt(c**2 + 4)) / 2


# --- statements ----------------------------------------------------------------------------


def _dk_sym(dk=2):
    return vec("q", dk), vec("p", dk), symmetric_matrix("K", dk)


def _eq5_sympy():
    A = euler_matrix(h, 1)
    return {
        "A_E": A,
        "A_E^T A_E": sp.Eq(A.T * A, (1 + h**2) * sp.eye(2)),
        "det": sp.Eq(sp.Symbol("det_A_E"), (1 + h**2) ** sp.Symbol("d_k")),
    }


def _eq14_sympy():
    q, p, K = _dk_sym()
    return harmonic_brackets(q, p, K)


def _eq15_sympy():
    q, p, K = _dk_sym()
    return sp.Eq(sp.Symbol("H_2"), h2_as_printed(q, K))


def _eq16_sympy():
    q, p, K = _dk_sym()
    return {
        "H_tilde": quadratic_form(conserved_form_matrix(h, K), phase(q, p)),
        "stability": sp.Lt(h**2 * sp.Symbol("lambda_max"), STABILITY_BOUND),
    }


STATEMENTS = (
    Statement(
        "eq4",
        "Eq (4)",
        "§3.1",
        "forward Euler",
        "operator",
        "q_{n+1} = q_n + dt v_n, v_{n+1} = v_n + dt f(q_n) is first order: the local truncation "
        "error is O(dt^2) and the global configuration error O(dt).",
        (),
        lambda: forward_euler(sp.Symbol("q_n"), sp.Symbol("v_n"), sp.Function("f"), h),
    ),
    Statement(
        "eq5",
        "Eq (5)",
        "§3.1",
        "Euler matrix on the linear oscillator",
        "operator",
        "For f(q) = -q, x_{n+1} = A_E x_n with A_E = [[I, dt I], [-dt I, I]], "
        "A_E^T A_E = (1 + dt^2) I_{2 d_k}; A_E is sqrt(1 + dt^2) times an orthogonal matrix; "
        "det A_E = (1 + dt^2)^{d_k} != 1.",
        ("eq4",),
        _eq5_sympy,
    ),
    Statement(
        "eq6",
        "Eq (6)",
        "§3.1",
        "secular energy growth",
        "operator",
        "E_n / E_0 = (1 + dt^2)^n, equivalently ||x_n|| / ||x_0|| = (1 + dt^2)^{n/2}, for every "
        "initial condition and with no error term (E_n = ||v_n||^2/2 + ||q_n||^2/2).",
        ("eq5",),
        lambda: sp.Eq(sp.Symbol("E_n") / sp.Symbol("E_0"), euler_energy_ratio(h, n_steps)),
    ),
    Statement(
        "eq7",
        "Eq (7)",
        "§3.1",
        "fixed-horizon form",
        "operator",
        "With n = t_end/dt: E_n/E_0 = (1 + dt^2)^{t_end/dt} = exp((t_end/dt) log(1 + dt^2)) = "
        "exp(dt t_end + O(dt^3)); the energy error at a fixed horizon is "
        "e^{dt t_end} - 1 = dt t_end + O(dt^2).",
        ("eq6",),
        lambda: sp.Eq(fixed_horizon_exponent(h, t_end), h * t_end + sp.O(h**3)),
    ),
    Statement(
        "eq8",
        "Eq (8)",
        "§3.1",
        "Störmer–Verlet stencil",
        "operator",
        "q_{n+1} - 2 q_n + q_{n-1} = dt^2 f(q_n) is second order and symmetric (invariant under "
        "dt -> -dt with the time direction reversed); as a recurrence in q alone it is two-step.",
        (),
        lambda: sp.Eq(verlet_stencil(sp.Symbol("q_np1"), sp.Symbol("q_n"), sp.Symbol("q_nm1"), sp.Function("f"), h), 0),
    ),
    Statement(
        "eq9",
        "Eq (9)",
        "§3.2",
        "kick–drift–kick one-step form",
        "operator",
        "On the phase space (q, p) with p_n = (q_n - q_{n-1})/dt, Verlet has the one-step "
        "symplectic decomposition p_{n+1/2} = p_n + dt/2 f(q_n), q_{n+1} = q_n + dt p_{n+1/2}, "
        "p_{n+1} = p_{n+1/2} + dt/2 f(q_{n+1}); omega = dq ^ dp is exactly preserved at each step. "
        "In the free-particle limit f = 0 it reduces to the drift M_gamma with gamma = dt.",
        ("eq8",),
        lambda: kick_drift_kick(sp.Symbol("q_n"), sp.Symbol("p_n"), sp.Function("f"), h),
    ),
    Statement(
        "eq10",
        "Eq (10)",
        "§3.2",
        "the drift shear is symplectic",
        "operator",
        "M_gamma = [[I, gamma I], [0, I]], M_gamma^T J M_gamma = J, J = [[0, I], [-I, 0]].",
        ("eq9",),
        lambda: sp.Eq(shear_explicit(gamma, 1).T * omega_explicit(1) * shear_explicit(gamma, 1), omega_explicit(1)),
    ),
    Statement(
        "lemma4",
        "Lemma 4",
        "§3.2",
        "exact gamma-flow",
        "operator",
        "M_gamma is the exact time-gamma flow of the free-particle Hamiltonian H(q,p) = ||p||^2/2, "
        "with all truncation orders vanishing identically.",
        ("eq10",),
        lambda: sp.Eq((gamma * generator_explicit(1)).exp(), shear_explicit(gamma, 1)),
    ),
    Statement(
        "rem5",
        "Rem 5",
        "§3.2",
        "why the shear",
        "definition",
        "Three properties canonicalise the shear among linear one-step maps on the extended state: "
        "it is the exact flow of a Hamiltonian (Lemma 4); it raises the attainable order in the "
        "base variable from zero to one; it is the drift half of a self-adjoint palindrome "
        "(Proposition 34).",
        ("lemma4", "prop13", "prop34"),
    ),
    Statement(
        "eq11",
        "Eq (11)",
        "§3.3",
        "Poisson bracket",
        "operator",
        "{F, G} := sum_i (dF/dq_i dG/dp_i - dF/dp_i dG/dq_i), and the Hamiltonian vector field of F "
        "is X_F = Omega^{-1} grad F = (d_p F, -d_q F).",
        (),
        lambda: poisson_bracket(
            sp.Function("F")(*sp.symbols("q p")),
            sp.Function("G")(*sp.symbols("q p")),
            [sp.Symbol("q")],
            [sp.Symbol("p")],
        ),
    ),
    Statement(
        "eq12",
        "Eq (12)",
        "§3.3",
        "Lie-algebra anti-homomorphism",
        "operator",
        "Hamiltonian vector fields and Poisson brackets form isomorphic Lie algebras up to sign, "
        "[X_F, X_G] = -X_{{F,G}}.",
        ("eq11",),
    ),
    Statement(
        "eq13",
        "Eq (13)",
        "§3.3",
        "BCH for composed flows",
        "operator",
        "phi_F^h o phi_G^h = phi_{Z(h)}^1, Z(h) = h X_F + h X_G + (h^2/2) [X_F, X_G] + "
        "(h^3/12) ([X_F, [X_F, X_G]] - [X_G, [X_G, X_F]]) + ...",
        ("eq12",),
    ),
    Statement(
        "eq14",
        "Eq (14)",
        "§3.3",
        "brackets for the harmonic oscillator",
        "operator",
        "For T = p^T p / 2, V = q^T K q / 2: {T,V} = -p^T K q, {T,{T,V}} = p^T K p, {V,{V,T}} = q^T K^2 q.",
        ("eq11",),
        _eq14_sympy,
    ),
    Statement(
        "eq15",
        "Eq (15)",
        "§3.3",
        "modified Hamiltonian, h^2 term",
        "operator",
        "For the symmetric splitting Phi^V_{h/2} o Phi^T_h o Phi^V_{h/2}, (13) gives a modified "
        "Hamiltonian even in h, H~_h = T + V + h^2 H_2 + h^4 H_4 + ..., "
        "H_2 = -(1/8){V,{V,T}} = -(1/8) q^T K^2 q. H_2 is fixed only modulo an added multiple of "
        "H: the admissible family is H_2 + mu (T + V); (15) takes mu = 0, the representative with "
        "no p^T K p correction.",
        ("eq13", "eq14"),
        _eq15_sympy,
    ),
    Statement(
        "eq16",
        "Eq (16)",
        "§3.3",
        "exactly conserved quadratic form of KDK on V = ½ q^T K q",
        "operator",
        "H~_h = ||p||^2/2 + q^T K (I - h^2 K / 4) q / 2 is preserved exactly by the Störmer–Verlet "
        "map on the quadratic potential (not merely to O(h^4)); the true energy oscillates with "
        "amplitude O(h^2) and no drift; bounded oscillation requires h^2 lambda_max(K) < 4, beyond "
        "which (16) ceases to be positive definite and the trajectory diverges.",
        ("eq15",),
        _eq16_sympy,
    ),
    Statement(
        "prop6",
        "Prop 6",
        "§3.3",
        "collapse in the free case",
        "operator",
        "If V = 0 then every bracket in (14) vanishes identically, every correction H_k with k >= 1 "
        "vanishes, and the expansion collapses to H~_h = T = H exactly, at every order and for "
        "every h.",
        ("eq14", "eq15", "lemma4"),
    ),
    Statement(
        "rem7",
        "Rem 7",
        "§3.3",
        "what Prop 6 does not give",
        "definition",
        "The collapse is an algebraic fact about the shear; it is not the source of any claim made "
        "later about attention: on the attention side there is no iterate to interpolate (§5.2, "
        "Table 3).",
        ("prop6",),
    ),
    Statement(
        "prop8",
        "Prop 8",
        "§3.3",
        "spectrum of M_gamma",
        "operator",
        "For gamma != 0 and d_k >= 1, M_gamma has the single eigenvalue 1 with algebraic "
        "multiplicity 2 d_k and geometric multiplicity d_k; it is non-diagonalisable, with d_k "
        "Jordan blocks of size 2. At gamma = 0 the map is the identity and is diagonalisable.",
        ("eq10",),
    ),
    Statement(
        "rem9",
        "Rem 9 and Eq (17)",
        "§3.3",
        "the shear is not power-bounded",
        "operator",
        "rho(M_gamma) = 1, but M_gamma^n = [[I, n gamma I], [0, I]] and ||M_gamma^n||_2 ~ n|gamma| "
        "-> infinity (gamma != 0): sup_n ||M_gamma^n|| = infinity, growth linear in n.",
        ("prop8",),
        lambda: {
            "power": sp.Eq(sp.MatPow(sp.MatrixSymbol("M_gamma", 2, 2), n_steps), shear_power(gamma, n_steps, 1)),
            "norm": shear_norm(n_steps * gamma),
        },
    ),
)
