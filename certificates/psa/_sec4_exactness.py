"""Exact decisions for the stream checks of sec4_spectral.py and sec4_5_transport.py (issue 17).

A stream check that used to compare float64 values within a tolerance is decided exactly instead:
the streams are small integers and gamma a dyadic rational, so that the toolkit's float64 routines
(``theory.score``) compute without rounding; their output is converted to ``Fraction`` (exactly) and
compared with ``==`` against the same quantity computed in rational arithmetic.  A rounding error
in the float routine, or a wrong claim, makes the comparison fail: there is no tolerance.
"""

from __future__ import annotations

import functools
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


def _fraction(v) -> Fraction:
    """One number exactly: a Fraction, an integer, a binary float (its exact value) or a SymPy rational;
    anything else is refused (no silent rounding)."""
    if isinstance(v, Fraction):
        return v
    if isinstance(v, (int, np.integer)) and not isinstance(v, bool):
        return Fraction(int(v))
    if isinstance(v, (float, np.floating)):
        return Fraction(float(v))
    if getattr(v, "is_Rational", False):
        return Fraction(int(v.p), int(v.q))
    raise TypeError(f"not an exact rational: {v!r} ({type(v).__name__})")


def exact(a) -> np.ndarray:
    """An array of floats (or numbers) as an object array of exact Fractions."""
    arr = np.asarray(a)
    out = np.empty(arr.shape, dtype=object)
    for idx, v in np.ndenumerate(arr):
        out[idx] = _fraction(v)
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
    """Thm 38 (iii)'s proof: :func:`_perturbation_identities` (decided once per process and width; no claim
    enters it), as a new dict for each caller."""
    return dict(_perturbation_identities(dk))


@functools.lru_cache(maxsize=None)
def _perturbation_identities(dk: int) -> tuple[tuple[str, bool], ...]:
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
    return (
        ("expansion", expansion),
        ("energy", energy),
        ("omega_orthogonal", omega_orthogonal),
        ("pi_projection", pi_projection),
    )


# --- Rem 39: det 1 is necessary (the Pfaffian identity) ----------------------------------------


@functools.lru_cache(maxsize=None)
def pfaffian_identity(dk: int) -> bool:
    """Pf(M^T J M) = det(M) Pf(J) for a generic 2 d_k x 2 d_k matrix M (every entry a symbol), decided
    in the polynomial ring Q[m_ij].  With M^T J M = J and Pf(J) = +-1 it gives det M = 1: unit
    determinant is necessary for symplecticity at this d_k (Rem 39).  No claim enters it: decided once
    per process and width."""
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


# --- Prop 15: the 2-D transform of the score, symbolically ---------------------------------------


class TransformAlgebra:
    """Prop 15 in exact arithmetic: generic complex streams q_t = a_t + i b_t (every real and
    imaginary part a real symbol), t = 1..T, and the unit-circle variables z1 = e^{-i w1},
    z2 = e^{-i w2} (so conj(z) = 1/z).  The claims are evaluated as printed (their ``np.conj`` acts on
    SymPy expressions), then both sides become Laurent polynomials in (z1, z2) with polynomial
    coefficients in the stream parts, compared in the ring: zero for every stream and every frequency
    pair, or a non-zero polynomial (then it is non-zero at some point of the torus x real box, since
    that set is Zariski-dense; :meth:`witness` gives one exactly)."""

    def __init__(self, T: int, dk: int, taps):
        import sympy as sp

        self.sp = sp
        self.T, self.dk = T, dk
        self.w1, self.w2 = sp.symbols("w1 w2", real=True)
        self.z1, self.z2 = sp.symbols("z1 z2")
        self.taps = tuple(taps)
        parts = {}

        def stream(name):
            X = np.empty((T, dk), dtype=object)
            for t in range(T):
                for c in range(dk):
                    a, b = sp.symbols(f"{name}a{t}_{c} {name}b{t}_{c}", real=True)
                    parts[a], parts[b] = "re", "im"
                    X[t, c] = a + sp.I * b
            return X

        self.Q, self.K = stream("q"), stream("k")
        self.parts = parts

    def e(self, w, t):
        """e^{-i w t} for w = +-w1 or +-w2, as a power of z1 or z2."""
        sp = self.sp
        for sym, z in ((self.w1, self.z1), (self.w2, self.z2)):
            c = sp.sympify(w) / sym
            if c in (1, -1):
                return z ** (int(c) * t)
        raise ValueError(f"frequency {w} is not +-w1 or +-w2")

    def transform(self, X):
        """w -> sum_t x_t e^{-i w t} (t = 1..len(X), as theory.fir.dtft)."""
        return lambda w: sum((X[t] * self.e(w, t + 1) for t in range(X.shape[0])), np.zeros(X.shape[1], dtype=object))

    def gain(self):
        """w -> H(e^{i w}) = sum_k h_k e^{-i w k}."""
        return lambda w: sum(h * self.e(w, k) for k, h in enumerate(self.taps))

    def filtered(self, X):
        """Full linear convolution with the taps (theory.fir.filter_full), exactly."""
        out = np.zeros((X.shape[0] + len(self.taps) - 1, X.shape[1]), dtype=object)
        for k, h in enumerate(self.taps):
            out[k : k + X.shape[0]] += h * X
        return out

    def score_transform(self, Q, K, sign1):
        """sum_{t,j} (q_t^H k_j) e^{i sign1 w1 t} e^{-i w2 j} (theory.fir.dtft2 of conj(Q) K^T)."""
        S = np.conj(Q) @ K.T
        return sum(
            S[t, j] * self.e(-sign1 * self.w1, t + 1) * self.e(self.w2, j + 1)
            for t in range(S.shape[0])
            for j in range(S.shape[1])
        )

    def normal_form(self, expr):
        """conj(z) -> 1/z, then a polynomial in z1, z2 (times a power of each) expanded."""
        sp = self.sp
        expr = expr.xreplace({sp.conjugate(self.z1): 1 / self.z1, sp.conjugate(self.z2): 1 / self.z2})
        n = 2 * (self.T + len(self.taps))
        return sp.expand(expr * self.z1**n * self.z2**n)

    def residuals(self, base_claim, filtered_claim, sign1):
        """(base, filtered) residuals LHS - claim in normal form (0 when the claim is an identity)."""
        qf, kf, Hf = self.transform(self.Q), self.transform(self.K), self.gain()
        lhs = self.score_transform(self.Q, self.K, sign1)
        base = self.normal_form(lhs - base_claim(qf, kf, self.w1, self.w2))
        Qh, Kh = self.filtered(self.Q), self.filtered(self.K)
        lhs_h = self.score_transform(Qh, Kh, sign1)
        filt = self.normal_form(lhs_h - filtered_claim(qf, kf, Hf, self.w1, self.w2))
        return base, filt

    def real_streams(self, expr):
        """The residual restricted to real streams (every imaginary part 0)."""
        return self.sp.expand(expr.xreplace({s: 0 for s, kind in self.parts.items() if kind == "im"}))

    def witness(self, expr, values=None):
        """An exact point where a non-zero residual does not vanish: z1 = z2 = -i (w1 = w2 = pi/2), the
        stream parts small integers (tried in a fixed order); (point, value) or None."""
        sp = self.sp
        syms = sorted(self.parts, key=str)
        rng = np.random.default_rng(15)
        for _ in range(20):
            point = {s: int(v) for s, v in zip(syms, rng.integers(-3, 4, size=len(syms)))}
            if values:
                point.update(values)
            val = sp.expand(expr.xreplace({self.z1: -sp.I, self.z2: -sp.I, **point}))
            if val != 0:
                return point, val
        return None
