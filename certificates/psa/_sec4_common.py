"""Small helpers shared by the §4-§5 certificate modules (sec4_*.py)."""

from __future__ import annotations

import functools

import sympy as sp
from sympy.matrices.expressions.matexpr import MatrixElement
from sympy.polys.matrices import DomainMatrix
from sympy.polys.polyerrors import BasePolynomialError

from ..algebra import is_zero, is_zero_trig  # noqa: F401 (re-exported for the §4 modules)
from ..registry import SizeUndecided


def matrix_is_zero(M) -> bool:
    """Every entry of a SymPy matrix is zero (ring normal form, then simplification)."""
    return all(is_zero(e) for e in sp.Matrix(M))


def nonzero_entries(M) -> list:
    """The non-zero entries of ``M`` (expanded), for the detail of a failing check."""
    return [sp.expand(e) for e in sp.Matrix(M) if not is_zero(e)]


def rank(M) -> int:
    """Rank of a SymPy matrix.  A matrix of rationals is ranked exactly by row reduction over QQ
    (``DomainMatrix``, no expression arithmetic); any other matrix by ``Matrix.rank``."""
    M = sp.Matrix(M)
    if not M.rows or not M.cols:
        return 0
    dM = DomainMatrix.from_Matrix(M)
    if dM.domain.is_ZZ or dM.domain.is_QQ:
        return dM.to_field().rank()
    return M.rank()


def solution_dimension(equations, unknowns) -> int:
    """Dimension of the solution space of a homogeneous linear system (number of free unknowns)."""
    eqs = [e for e in (sp.expand(e) for e in equations) if e != 0]
    if not eqs:
        return len(unknowns)
    A, _ = sp.linear_eq_to_matrix(eqs, unknowns)
    return len(unknowns) - rank(A)


@functools.lru_cache(maxsize=None)
def solve_inequality(cond, var):
    """The real ``var`` where the inequality ``cond`` holds, as a set.  A polynomial inequality over
    Q in ``var`` alone is solved by ``solve_poly_inequality`` (exact real roots, the sign between
    them); anything else by ``solve_univariate_inequality``.  Memoised (conditions recur)."""
    if isinstance(cond, sp.core.relational.Relational):
        try:
            poly = sp.Poly(cond.lhs - cond.rhs, var)
        except BasePolynomialError:
            poly = None
        if poly is not None and (poly.domain.is_ZZ or poly.domain.is_QQ) and poly.degree() > 0:
            return sp.Union(*sp.solve_poly_inequality(poly, cond.rel_op))
    return sp.solve_univariate_inequality(cond, var, relational=False)


def _is_trig_polynomial(F, var) -> bool:
    """``F`` is written as a polynomial in ``var`` and ``sin``, ``cos`` of rational multiples of ``var``, with
    coefficients free of ``var`` (a trigonometric polynomial: continuous on R, and so is its antiderivative)."""
    trig = [a for a in F.atoms(sp.sin, sp.cos) if a.has(var)]
    if any(not (a.args[0] / var).is_Rational for a in trig):
        return False
    try:
        P = sp.Poly(F, var, *trig)
    except BasePolynomialError:
        return False
    return not any(c.has(var) for c in P.coeffs())


@functools.lru_cache(maxsize=None)
def _antiderivative(f, var):
    """An antiderivative of a trigonometric polynomial ``f`` (:func:`_is_trig_polynomial`) that is itself one
    (so continuous on R) and whose derivative is exactly ``f``; None if ``f`` is not written as one (then
    ``integrate`` is not asked for an antiderivative at all) or ``integrate`` gives no such one."""
    if not _is_trig_polynomial(f, var):
        return None
    F = sp.integrate(f, var)
    if not _is_trig_polynomial(F, var) or not is_zero_trig(sp.diff(F, var) - f):
        return None
    return F


def definite_integral(f, var, a, b):
    """``int_a^b f d var``.  For ``f`` written as a trigonometric polynomial this is ``F(b) - F(a)`` with one
    continuous antiderivative ``F`` (fundamental theorem; F is computed once per integrand and
    checked, dF/dvar = f exactly); otherwise ``sp.integrate``."""
    F = _antiderivative(f, var)
    if F is None:
        return sp.integrate(f, (var, a, b))
    return F.subs(var, b) - F.subs(var, a)


_X = sp.Symbol("x_", real=True)


@functools.lru_cache(maxsize=None)
def _solveset_le0(expr, domain):
    return sp.solveset(expr <= 0, _X, domain)


def solveset_nonpositive(expr, var, domain):
    """``solveset(expr <= 0, var, domain)`` for a real ``var``.  A factor of ``expr`` free of ``var``
    that is positive is divided out first (it does not change the set), and ``var`` is renamed to
    one fixed real symbol, so that the same inequality met twice is solved once."""
    c, rest = expr.as_independent(var, as_Add=False)
    if c.is_positive:
        expr = rest
    return _solveset_le0(expr.xreplace({var: _X}), domain).xreplace({_X: var})


@functools.lru_cache(maxsize=None, typed=True)  # typed: 1 and 1.0 give different matrices
def _frozen(builder, *args):
    return sp.ImmutableMatrix(builder(*args))


def explicit(builder, *args) -> sp.Matrix:
    """``builder(*args)`` for a pure explicit-matrix builder (``theory.shear.omega_explicit``, ...) with
    hashable arguments, assembled once per arguments (those builders go through ``BlockMatrix``, which
    is slow); each call returns its own mutable copy, the same matrix the builder returns."""
    return sp.Matrix(_frozen(builder, *args))


# --- every d_k: symbolic sizes ----------------------------------------------------------------

DIM = sp.Symbol("n", positive=True, integer=True)  # a symbolic d_k (block size)


def builder_at_symbolic_size(build, blocks: int = 2):
    """A claimed builder called at the symbolic d_k :data:`DIM` (``build(DIM)``; issue 25): its ``blocks x
    blocks`` ``BlockMatrix`` of ``DIM x DIM`` blocks, from which the explicit instances are derived
    (:func:`block_instance`); None when the claim cannot be called at a symbolic size or returns anything
    else (then the statement for every d_k is not decided: :func:`size_undecided`)."""
    try:
        M = build(DIM)
    except Exception:  # a claim written for explicit widths only (sp.eye(n), `if dk >= 4`, ...)
        return None
    if (
        isinstance(M, sp.BlockMatrix)
        and M.blockshape == (blocks, blocks)
        and all(b.shape == (DIM, DIM) for b in M.blocks)
    ):
        return M
    return None


def block_instance(M, dk: int) -> sp.Matrix:
    """The explicit ``2 dk x 2 dk`` instance of a block matrix of symbolic block size :data:`DIM`: assembled
    once per (matrix, width) (:func:`_block_instance`); each call returns its own mutable copy."""
    return sp.Matrix(_block_instance(M, dk))


@functools.lru_cache(maxsize=256, typed=True)  # typed: a width 2 and 2.0 give different instances
def _block_instance(M, dk: int) -> sp.ImmutableMatrix:
    return sp.ImmutableMatrix(sp.Matrix(M.subs(DIM, dk).as_explicit()).applyfunc(sp.expand))


def size_undecided(what: str, widths) -> None:
    """Raise the toolkit's "not decided at symbolic size" error (:class:`certificates.registry.SizeUndecided`,
    an ERROR, no verdict): the claim agrees at the explicit widths but is not given at a symbolic d_k."""
    raise SizeUndecided(
        f"{what} is not given at symbolic size (it cannot be called with a symbolic d_k, or what it returns is not "
        f"a 2 x 2 block matrix), so the statement for every d_k is not decided; the explicit widths {list(widths)} "
        "agree with it"
    )


def coordinate_summand(expr):
    """:func:`_coordinate_summand`, computed once per expression (a pure function of an immutable SymPy
    expression, returning one); an unhashable argument is reduced afresh."""
    try:
        hash(expr)
    except TypeError:
        return _coordinate_summand(expr)
    return _coordinate_summand_cached(expr)


def _coordinate_summand(expr):
    """Reduce a scalar built from entries of ``MatrixSymbol`` vectors of a symbolic length (SymPy writes
    ``(a.T * b)[0, 0]`` as ``Sum(f(i), (i, 0, n - 1))``) to one coordinate: every ``Sum`` is renamed to one
    common index and the same limits; ``expr`` must be a linear combination of them with coefficients free
    of sums (checked: a polynomial of total degree <= 1 in the sums, no constant term), so it equals
    ``Sum(c_1 f_1(i) + ..., i)``: that single summand is returned (expanded), 0 for ``expr == 0``; None
    when ``expr`` is not of this form."""
    expr = sp.expand(sp.sympify(expr))  # no doit: that would try to evaluate the sums themselves
    if expr == 0:
        return sp.Integer(0)
    sums = sorted(expr.atoms(sp.Sum), key=sp.default_sort_key)
    if not sums or any(len(s.limits) != 1 for s in sums) or len({tuple(s.limits[0][1:]) for s in sums}) != 1:
        return None
    i = sp.Dummy("i", integer=True)
    stand = {s: sp.Dummy(f"S{k}") for k, s in enumerate(sums)}
    try:
        P = sp.Poly(sp.expand(expr.xreplace(stand)), *stand.values())
    except BasePolynomialError:
        return None
    if P.total_degree() > 1 or P.coeff_monomial(1) != 0 or any(c.has(sp.Sum) for c in P.coeffs()):
        return None
    return sp.expand(sum(P.coeff_monomial(stand[s]) * s.function.xreplace({s.limits[0][0]: i}) for s in sums))


_coordinate_summand_cached = functools.lru_cache(maxsize=256, typed=True)(_coordinate_summand)


def coordinate_sum_is_zero(expr) -> bool:
    """``expr == 0`` for every size (:func:`coordinate_summand`: the single summand expands to 0).  True
    only when decided (a False is "not shown"; the explicit sizes then decide)."""
    summand = coordinate_summand(expr)
    return summand is not None and summand == 0


def coordinate_sign(expr):
    """The sign of ``expr`` for every size, when its single coordinate summand (:func:`coordinate_summand`,
    entries of real vectors as real symbols) has one: ``"nonnegative"``, ``"nonpositive"`` or None."""
    summand = coordinate_summand(expr)
    if summand is None:
        return None
    real = {e: sp.Dummy(f"x{k}", real=True) for k, e in enumerate(sorted(summand.atoms(MatrixElement), key=str))}
    f = sp.factor(summand.xreplace(real))
    if f.is_nonnegative:
        return "nonnegative"
    if f.is_nonpositive:
        return "nonpositive"
    return None


def matrix_expr_is_zero(e) -> bool:
    """A SymPy matrix expression of symbolic size is the zero matrix (``doit`` and ``expand``, then
    ``simplify``)."""

    def zero(x) -> bool:
        return bool(getattr(x, "is_ZeroMatrix", False)) or x == 0

    e = sp.expand(sp.sympify(e).doit())
    return zero(e) or zero(sp.simplify(e))


def collapsed_blocks(M):
    """The blocks (an ``ImmutableMatrix`` of matrix expressions) of a block-matrix expression after
    ``block_collapse``; None when it does not collapse to one block matrix."""
    P = sp.block_collapse(M)
    return P.blocks if isinstance(P, sp.BlockMatrix) else None


def blocks_equal(P, Q) -> bool:
    """Two grids of blocks (symbolic sizes) agree block by block (:func:`matrix_expr_is_zero`)."""
    return (
        P is not None
        and P.shape == Q.shape
        and all(matrix_expr_is_zero(P[i, j] - Q[i, j]) for i in range(P.shape[0]) for j in range(P.shape[1]))
    )


def unit_product(X: dict, Y: dict) -> dict:
    """Product in the algebra of matrix units with symbolic indices, ``E_ab E_cd = delta_bc E_ad``
    (elements as ``{(a, b): coefficient}``): an identity between a few units at symbolic indices holds
    in every size."""
    out: dict = {}
    for (a, b), x in X.items():
        for (c, d), y in Y.items():
            out[(a, d)] = out.get((a, d), 0) + sp.KroneckerDelta(b, c) * x * y
    return out


def coordinate_field(H) -> sp.Matrix | None:
    """Hamilton's equations of ``H(q, p)`` for every d_k, reduced to one coordinate.  ``H`` is evaluated
    on ``MatrixSymbol`` vectors of length n = a + b + 1 (a, b >= 0 symbolic) and differentiated in the
    coordinate j = a (so 0 <= j <= n - 1 by construction); when dH/dp_j and -dH/dq_j are linear forms in
    (q_j, p_j) alone, with constant coefficients, the field is (A (x) I_n)(q, p) for that 2 x 2 matrix A,
    returned; else None."""
    a, b = sp.symbols("a b", integer=True, nonnegative=True)
    n = a + b + 1
    q, p = sp.MatrixSymbol("q", n, 1), sp.MatrixSymbol("p", n, 1)
    h = sp.sympify(H(q, p))
    qj, pj = q[a, 0], p[a, 0]
    x, y = sp.Symbol("x_j", real=True), sp.Symbol("y_j", real=True)
    rows = []
    for r in (sp.diff(h, pj), -sp.diff(h, qj)):
        r = sp.expand(sp.simplify(r.doit())).xreplace({qj: x, pj: y})
        if r.atoms(MatrixElement, sp.Sum, sp.Indexed) or r.free_symbols - {x, y}:
            return None
        try:
            P = sp.Poly(r, x, y)
        except sp.PolynomialError:
            return None
        if P.total_degree() > 1 or P.coeff_monomial(1) != 0:
            return None
        rows.append([P.coeff_monomial(x), P.coeff_monomial(y)])
    return sp.Matrix(rows)
