"""Exact decisions for the stream checks of sec4_spectral.py and sec4_5_transport.py (issue 17).

A stream check that used to compare float64 values within a tolerance is decided exactly instead:
the streams are small integers and gamma a dyadic rational, so that the toolkit's float64 routines
(``theory.score``) compute without rounding; their output is converted to ``Fraction`` (exactly) and
compared with ``==`` against the same quantity computed in rational arithmetic.  A rounding error
in the float routine, or a wrong claim, makes the comparison fail: there is no tolerance.
"""

from __future__ import annotations

from fractions import Fraction

import numpy as np


def integer_stream(rng: np.random.Generator, T: int, dk: int, bound: int = 9) -> np.ndarray:
    """A (T, dk) stream of integers in [-bound, bound], as float64 (exactly representable)."""
    return rng.integers(-bound, bound + 1, size=(T, dk)).astype(float)


def dyadic(x: float) -> Fraction:
    """``x`` as an exact Fraction; raises unless ``x`` is a dyadic rational with a short mantissa (so
    that products with small integers stay exact in float64)."""
    q = Fraction(float(x))
    den = q.denominator
    if den & (den - 1) or den > 2**10 or abs(q.numerator) > 2**20:
        raise ValueError(f"{x!r} is not a short dyadic rational; the exact stream check needs one")
    return q


def exact(a) -> np.ndarray:
    """An array of floats (or numbers) as an object array of exact Fractions."""
    arr = np.asarray(a)
    out = np.empty(arr.shape, dtype=object)
    for idx, v in np.ndenumerate(arr):
        out[idx] = v if isinstance(v, Fraction) else Fraction(float(v)) if not isinstance(v, int) else Fraction(v)
    return out


def exact_momenta(X) -> np.ndarray:
    """p_t = x_t - x_{t-1} (t >= 2), p_1 = 0 (the §4 convention), in exact arithmetic."""
    X = exact(X)
    P = np.empty_like(X)
    P[1:] = X[1:] - X[:-1]
    P[0] = Fraction(0)
    return P


def exact_sheared(X, g: Fraction) -> np.ndarray:
    """x_t + gamma p_t in exact arithmetic (the position block of M_gamma, Def 10)."""
    X = exact(X)
    return X + g * exact_momenta(X)


def max_abs_difference(a, b) -> Fraction:
    """max |a - b| over the entries, exactly (a, b floats, Fractions or object arrays)."""
    d = exact(a) - exact(b)
    return max((abs(x) for x in d.flat), default=Fraction(0))


# --- Thm 38 (iii): the identities behind the perturbation estimate ---------------------------


def _matmul(A, B):
    zero = A[0][0] * 0
    return [[sum((A[i][k] * B[k][j] for k in range(len(B))), zero) for j in range(len(B[0]))] for i in range(len(A))]


def _transpose(A):
    return [list(r) for r in zip(*A)]


def perturbation_identities(dk: int) -> dict[str, bool]:
    """Thm 38 (iii)'s proof, decided exactly at head width ``dk`` in the polynomial ring
    Q[gamma, e_ij, x_i] (every entry of the perturbation E and of the phase point x a symbol):

    * ``expansion``: M'^T Omega M' - Omega = M^T Omega E + E^T Omega M + E^T Omega E for M' = M_gamma + E
      (it uses M^T Omega M = Omega: Thm 38 (i));
    * ``energy``: H_joint(M' x) - H_joint(x) = (Pi x)^T (Pi E x) + ||Pi E x||^2 / 2 (momenta fixed: Pi M = Pi);
    * ``omega_orthogonal``: Omega^T Omega = I, so ||Omega||_2 = 1;
    * ``pi_projection``: Pi^T Pi = Pi (an orthogonal projection, ||Pi||_2 = 1).

    What remains of the proof -- the triangle inequality and ||A B||_2 <= ||A||_2 ||B||_2 -- is a
    property of the norm, not decided here."""
    import sympy as sp

    n = 4 * dk
    names = ["gamma"] + [f"e{i}_{j}" for i in range(n) for j in range(n)] + [f"x{i}" for i in range(n)]
    _, *gens = sp.ring(names, sp.QQ)
    g, e, x = gens[0], gens[1 : 1 + n * n], gens[1 + n * n :]
    zero, one = g * 0, g * 0 + 1
    M = [[zero] * n for _ in range(n)]
    Om = [[zero] * n for _ in range(n)]
    Pi = [[zero] * n for _ in range(n)]
    for blk in (0, 2 * dk):  # (q, p_q) then (k, p_k)
        for c in range(dk):
            qi, pi = blk + c, blk + dk + c
            M[qi][qi] = M[pi][pi] = one
            M[qi][pi] = g
            Om[qi][pi], Om[pi][qi] = one, -one
            Pi[pi][pi] = one
    E = [[e[i * n + j] for j in range(n)] for i in range(n)]
    X = [[xi] for xi in x]
    Mp = [[M[i][j] + E[i][j] for j in range(n)] for i in range(n)]

    def sub(A, B):
        return [[a - b for a, b in zip(ra, rb)] for ra, rb in zip(A, B)]

    def add(*As):
        return [[sum(t, zero) for t in zip(*rows)] for rows in zip(*As)]

    lhs = sub(_matmul(_matmul(_transpose(Mp), Om), Mp), Om)
    rhs = add(
        _matmul(_matmul(_transpose(M), Om), E),
        _matmul(_matmul(_transpose(E), Om), M),
        _matmul(_matmul(_transpose(E), Om), E),
    )
    expansion = all(a == b for ra, rb in zip(lhs, rhs) for a, b in zip(ra, rb))

    def h(v):  # H_joint of a column: half the squared momenta
        pv = _matmul(Pi, v)
        return sum((r[0] * r[0] for r in pv), zero) * sp.QQ(1, 2)

    PX, PEX = _matmul(Pi, X), _matmul(Pi, _matmul(E, X))
    energy_rhs = sum((a[0] * b[0] for a, b in zip(PX, PEX)), zero) + sum((r[0] * r[0] for r in PEX), zero) * sp.QQ(1, 2)
    energy = h(_matmul(Mp, X)) - h(X) == energy_rhs
    ident = [[one if i == j else zero for j in range(n)] for i in range(n)]
    omega_orthogonal = _matmul(_transpose(Om), Om) == ident
    pi_projection = _matmul(_transpose(Pi), Pi) == Pi
    return {
        "expansion": expansion,
        "energy": energy,
        "omega_orthogonal": omega_orthogonal,
        "pi_projection": pi_projection,
    }


# --- Rem 39: det 1 is necessary (the Pfaffian identity) ----------------------------------------


def pfaffian_identity(dk: int) -> bool:
    """Pf(M^T J M) = det(M) Pf(J) for a generic 2 d_k x 2 d_k matrix M (every entry a symbol), decided
    in the polynomial ring Q[m_ij].  With M^T J M = J and Pf(J) = +-1 it gives det M = 1: unit
    determinant is necessary for symplecticity at this d_k (Rem 39)."""
    import sympy as sp

    n = 2 * dk
    _, *m = sp.ring([f"m{i}_{j}" for i in range(n) for j in range(n)], sp.QQ)
    M = [[m[i * n + j] for j in range(n)] for i in range(n)]
    zero, one = m[0] * 0, m[0] * 0 + 1
    J = [[zero] * n for _ in range(n)]
    for c in range(dk):
        J[c][dk + c], J[dk + c][c] = one, -one
    A = _matmul(_matmul(_transpose(M), J), M)

    def pf(X, idx):
        if not idx:
            return one
        i, rest = idx[0], idx[1:]
        total = zero
        for pos, j in enumerate(rest):
            sign = -1 if pos % 2 else 1
            total += sign * X[i][j] * pf(X, rest[:pos] + rest[pos + 1 :])
        return total

    def det(X, rows, cols):
        if len(rows) == 1:
            return X[rows[0]][cols[0]]
        total = zero
        for pos, c in enumerate(cols):
            sign = -1 if pos % 2 else 1
            total += sign * X[rows[0]][c] * det(X, rows[1:], cols[:pos] + cols[pos + 1 :])
        return total

    idx = tuple(range(n))
    pf_J = pf(J, idx)
    return pf_J != 0 and pf(A, idx) == det(M, idx, idx) * pf_J
