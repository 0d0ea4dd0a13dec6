"""The canonical induction sequence model (Prop 1, Prop 46) and its exact Gaussian moments.

Pure mathematics: the model's definitions, the four channels of the PSA score at every kind
of candidate position, and their exact means and variances by Gaussian moment algebra
(SymPy).  No simulation (that is :mod:`montecarlo.induction`).

The model (Prop 1, §2.2; Prop 46, §6.2), positions ``1..T``, query at ``t = T`` with token
``A``, candidates ``j = 1..T-1``:

* the target ``j*`` is uniform on ``[2, T-1]`` and its predecessor token is ``A``
  (``sigma_{j*-1} = A``);
* every other position ``i <= T-2`` carries a token different from ``A`` (it is the
  predecessor of a distractor); position ``T-1`` (the query's own predecessor, the
  predecessor of no candidate) carries any token;
* token embeddings are i.i.d. zero-mean with covariance ``sigma^2 I_dk``; *shared* means the
  query and key embedding maps coincide (``q_s = k_s``), which the proofs of Prop 46, Thm 49
  and Cor 69 use (``E[q_t^T k_{j*-1}] = sigma^2 d_k``);
* momenta with the §4 boundary ``p_1 = 0`` (Algorithm 1): ``p_{q,T} = q_T - q_{T-1}``,
  ``p_{k,j} = k_j - k_{j-1}`` for ``j >= 2``, ``p_{k,1} = 0``;
* the four channels at candidate ``j`` (Thm 11, eq. 19): ``T1 = q^T k_j``,
  ``T2 = p_q^T k_j``, ``T3 = q^T p_{k,j}``, ``T4 = p_q^T p_{k,j}``; the PSA score is
  ``(T1 + gamma_q T2 + gamma_k T3 + gamma_q gamma_k T4) / sqrt(d_k)`` (eq. 28).

Exact moments.  With a continuum alphabet (every token except ``A`` distinct, so every other
embedding is a fresh draw) and no RoPE, every channel at a candidate is a sum over the
``d_k`` coordinates of i.i.d. copies of one polynomial in independent standard normals
(``a`` = the query token ``A``, ``u`` = the token at ``T-1``, ``w`` = the target's own token,
``x, y`` = a generic key and its predecessor, ``z`` = the token before ``j*-1``, ``v`` = the
token before ``T-1``).  So a channel's mean is ``d_k`` times, and its variance ``d_k`` times,
those of the polynomial, which :func:`gaussian_expectation` computes exactly.  Position
``T-1`` and position ``j*-1`` are *not* generic: the query's predecessor ``q_{T-1}`` is the
key at ``T-1``, and the key at ``j*-1`` is the query itself.

>>> channel_means()["query_prev"]
(0, -1, 0, -1)
>>> t4_snr_as_defined()
sqrt(d_k)/3
"""

from __future__ import annotations

import functools
from math import prod

import sympy as sp

from .statement import Statement

dk = sp.Symbol("d_k", positive=True)
T = sp.Symbol("T", positive=True, integer=True)
sigma = sp.Symbol("sigma", positive=True)
gamma = sp.Symbol("gamma", positive=True)
gamma_q = sp.Symbol("gamma_q", nonnegative=True)
gamma_k = sp.Symbol("gamma_k", nonnegative=True)

#: One coordinate of each embedding that can occur (independent standard normals).
a, u, w, x, y, z, v, x2, y2 = sp.symbols("a u w x y z v x2 y2", real=True)
NORMALS = (a, u, w, x, y, z, v, x2, y2)

CHANNELS = ("T1", "T2", "T3", "T4")

#: Candidate classes of the canonical model and, per coordinate, (key k_j, key momentum p_{k,j}).
#: The query side is the same for all: q_T = a, p_{q,T} = a - u.
POSITION_CLASSES: dict[str, tuple[sp.Expr, sp.Expr, str]] = {
    "target": (w, w - a, "the target j* <= T-2: own token fresh, predecessor A"),
    "target_last": (u, u - a, "the target at j* = T-1: its own token is the query's predecessor"),
    "prev": (a, a - z, "j*-1 >= 2: the key is the query token A itself"),
    "prev_first": (a, sp.Integer(0), "j*-1 = 1 (j* = 2): key A, momentum p_{k,1} = 0"),
    "next": (x, x - w, "j*+1 <= T-2: fresh key, its predecessor is the target's own token"),
    "query_prev": (u, u - v, "T-1 when it is a distractor: its key is the query's predecessor q_{T-1}"),
    "first": (x, sp.Integer(0), "position 1 when it is not j*-1: fresh key, momentum 0"),
    "generic": (x, x - y, "any other distractor (not adjacent to j*): fresh key and fresh predecessor"),
}


def gaussian_expectation(expr, normals=NORMALS):
    """E[expr] for a polynomial in independent standard normals (Isserlis, one variable at a time).

    ``E[z^n] = (n-1)!!`` for even ``n`` and 0 for odd ``n``.
    """
    poly = sp.Poly(sp.expand(expr), *normals)
    total = sp.Integer(0)
    for monom, coeff in poly.terms():
        if any(n % 2 for n in monom):
            continue
        total += coeff * prod(sp.factorial2(n - 1) if n else 1 for n in monom)
    return sp.expand(total)


def gaussian_variance(expr, normals=NORMALS):
    """Var[expr] for a polynomial in independent standard normals."""
    m = gaussian_expectation(expr, normals)
    return sp.expand(gaussian_expectation(sp.expand(expr) ** 2, normals) - m**2)


def channel_coordinate(cls: str, channel: str):
    """One coordinate (sigma = 1) of a channel at a candidate class of the canonical model."""
    k, pk = POSITION_CLASSES[cls][:2]
    q, pq = a, a - u
    return {"T1": q * k, "T2": pq * k, "T3": q * pk, "T4": pq * pk}[channel]


def score_coordinate(cls: str, gq=gamma_q, gk=gamma_k, channels=CHANNELS):
    """One coordinate of the unnormalised PSA score restricted to ``channels`` (eq. 19/28)."""
    coef = {"T1": 1, "T2": gq, "T3": gk, "T4": gq * gk}
    return sp.expand(sum(coef[c] * channel_coordinate(cls, c) for c in channels))


def channel_means() -> dict[str, tuple]:
    """Exact E[T_i(j)] in units of sigma^2 d_k, for every candidate class (shared embeddings,
    continuum alphabet, no RoPE, boundary p_1 = 0)."""
    return {cls: tuple(gaussian_expectation(channel_coordinate(cls, c)) for c in CHANNELS) for cls in POSITION_CLASSES}


#: Prop 46 / eqs. (41)-(42) as printed, in units of sigma^2 d_k (gamma = 1): T1 constant in j
#: (its value at the target, 0, everywhere), T2 mean-zero, T3 and T4 a gap -1 at j* and 0 at
#: every other candidate.
PROP46_PRINTED = {cls: ((0, 0, -1, -1) if cls.startswith("target") else (0, 0, 0, 0)) for cls in POSITION_CLASSES}


def normalised_moments(cls: str, gq=gamma_q, gk=gamma_k, channels=CHANNELS, sig=sigma):
    """(mean, variance) of the normalised score s_j = score / sqrt(d_k) at a candidate class.

    mean = sqrt(d_k) E[f], variance = Var[f] for the per-coordinate polynomial f; a token
    embedding of scale sigma multiplies every channel by sigma^2.
    """
    f = score_coordinate(cls, gq, gk, channels)
    return (sp.sqrt(dk) * sig**2 * gaussian_expectation(f), sig**4 * gaussian_variance(f))


def gap_moments(gq=gamma_q, gk=gamma_k, channels=CHANNELS, target="target", other="generic"):
    """(E, Var) of one coordinate of s_{j*} - s_j between the target and a distractor class.

    The distractor's fresh variables are renamed (x -> x2, y -> y2), so the two share exactly
    what they share in the model: the query side (a, u), and for ``other="next"`` the target's
    own token w, which is the predecessor of j*+1.
    """
    ft = score_coordinate(target, gq, gk, channels)
    fo = score_coordinate(other, gq, gk, channels).subs({x: x2, y: y2}, simultaneous=True)
    d = sp.expand(ft - fo)
    return gaussian_expectation(d), gaussian_variance(d)


@functools.lru_cache(maxsize=None)  # pure and argument-free; SymPy results are immutable
def t4_snr_as_defined():
    """Thm 49's SNR exactly as eq. (43) defines it: |E gap| / std(s_{j*} - s_j), T4 channel only,
    target j* <= T-2 against a generic distractor (sigma and gamma cancel)."""
    mean, var = gap_moments(gamma, gamma, ("T4",))
    return sp.simplify(sp.sqrt(dk) * sp.Abs(mean) / sp.sqrt(var))


@functools.lru_cache(maxsize=None)  # pure and argument-free; SymPy results are immutable
def t4_snr_as_defined_adjacent():
    """Eq. (43)'s SNR against the distractor j*+1, whose key momentum shares the target's token."""
    mean, var = gap_moments(gamma, gamma, ("T4",), other="next")
    return sp.simplify(sp.sqrt(dk) * sp.Abs(mean) / sp.sqrt(var))


@functools.lru_cache(maxsize=None)  # pure and argument-free; SymPy results are immutable
def t4_snr_a_over_b():
    """a / b of eq. (44): |E gap| over the std of a single generic distractor score."""
    mt, _ = normalised_moments("target", gamma, gamma, ("T4",), 1)
    _, vg = normalised_moments("generic", gamma, gamma, ("T4",), 1)
    return sp.simplify(sp.Abs(mt) / sp.sqrt(vg))


@functools.lru_cache(maxsize=None)  # pure and argument-free; SymPy results are immutable
def key_only_moments():
    """Cor 69 at sigma = 1: (target gap magnitude a', generic distractor variance b'^2), exact."""
    mt, _ = normalised_moments("target", 0, gamma, ("T1", "T3"), 1)
    _, vg = normalised_moments("generic", 0, gamma, ("T1", "T3"), 1)
    return sp.simplify(sp.Abs(mt)), sp.expand(vg)


@functools.lru_cache(maxsize=None)  # pure and argument-free; SymPy results are immutable
def t3t4_moments():
    """§10 at sigma = 1: (target gap magnitude a, generic distractor variance b^2) of the
    gamma T3 + gamma^2 T4 channel, exact."""
    mt, _ = normalised_moments("target", gamma, gamma, ("T3", "T4"), 1)
    _, vg = normalised_moments("generic", gamma, gamma, ("T3", "T4"), 1)
    return sp.factor(sp.Abs(mt)), sp.expand(vg)


#: Cor 69, eqs. (57)-(58) as printed (sigma = 1).
KEY_ONLY_A_PRINTED = gamma * sp.sqrt(dk)
KEY_ONLY_B2_PRINTED = 1 + 2 * gamma**2
#: §10, eq. (68) as printed.
T3T4_A_PRINTED = gamma * (1 + gamma) * sp.sqrt(dk)
T3T4_B2_PRINTED = 2 * gamma**2 + 4 * gamma**3 + 4 * gamma**4
#: Prop 1, eq. (2); Rem 2.
CEILING = 1 / (T - 2)
CHANCE = 1 / (T - 1)


STATEMENTS = (
    Statement(
        "prop1",
        "Prop 1 (with Eq (2))",
        "§2.2",
        "Filter-order reading of SHT: order-zero ceiling",
        "transition",
        "In the canonical induction sequence model (|Sigma| >= 2, embeddings i.i.d. zero-mean, "
        "covariance sigma^2 I; sigma_{j*-1} = A = sigma_t; distractor predecessors from Sigma \\ {A}), "
        "if s_{t,j} = <f(q_t), g(k_j)> has joint order (0,0) then, conditional on q_t, "
        "{s_{t,j}}_{j != j*-1} is exchangeable and Pr[softmax_j(s_{t,.}) peaks at j*] <= 1/(T-2) (2) "
        "for every f, g, every d_k and every precision; attained exactly when the head suppresses "
        "j*-1; below 1/(T-1) when it aligns with it.",
        (),
        lambda: sp.Le(sp.Symbol("P_peak"), CEILING),
    ),
    Statement(
        "rem2",
        "Rem 2",
        "§2.2",
        "Why the constant is 1/(T-2) and not 1/(T-1)",
        "transition",
        "A head anti-aligned with the previous-token direction suppresses j*-1 and attains 1/(T-2); "
        "a head aligned with it hands the argmax to j*-1 and drives the peak probability towards "
        "zero; 1/(T-1) is the neutral interior case.",
        ("prop1",),
        lambda: {"anti-aligned": CEILING, "aligned": sp.Integer(0), "neutral": CHANCE},
    ),
    Statement(
        "prop46",
        "Prop 46 and Eqs (41)–(42)",
        "§6.2",
        "The discriminative sub-terms",
        "transition",
        "Under isotropy (token embeddings i.i.d. zero-mean, covariance sigma^2 I): T1 is constant in j "
        "and T2 is mean-zero; E[T3(j*)] = -sigma^2 d_k, E[T3(j)] = 0 (j != j*) (42); "
        "T4^AA = gamma^2 p_q^AC . p_k^AC has E[T4^AA(j*)] = -gamma^2 sigma^2 d_k and E[T4^AA(j)] = 0 "
        "(j != j*) (41); T4^AA is the unique sub-term of T4 with a gap.",
        ("prop1", "thm11"),
        lambda: PROP46_PRINTED,
    ),
    Statement(
        "thm49",
        "Thm 49 and Eqs (43)–(44)",
        "§6.3",
        "Single-layer induction signal-to-noise",
        "transition",
        "SNR := |E[s_{t,j*}] - E[s_{t,j}]| / std(s_{t,j*} - s_{t,j}) = gamma^2 sigma^2 sqrt(d_k) / "
        "(2 gamma^2 sigma^2) = sqrt(d_k)/2 (43), T4 channel only; normalised a = gamma^2 sigma^2 sqrt(d_k), "
        "b = 2 gamma^2 sigma^2 (44).",
        ("prop46",),
        lambda: sp.Eq(sp.Symbol("SNR"), sp.sqrt(dk) / 2),
    ),
    Statement(
        "cor68",
        "Cor 68",
        "§6.8",
        "Query-only (1,0) cannot exceed the order-zero ceiling",
        "transition",
        "For every gamma_q > 0 the augmentation (1,0) (q_hat = q + gamma_q p_q, keys unchanged) leaves "
        "the induction accuracy bounded by 1/(T-2).",
        ("prop1",),
        lambda: sp.Le(sp.Symbol("P_peak"), CEILING),
    ),
)
