"""Embedding-level simulator of the canonical induction sequence model (Prop 1, Prop 46).

Each trial draws a token sequence and its embeddings, builds the post-RoPE query and key
streams, forms the PSA score at the query position ``t = T`` against the candidates
``j = 1..T-1`` from any subset of the four channels of Thm 11 (eq. 19) and any coupling pair
``(gamma_q, gamma_k)``, and records the target's softmax mass and whether the argmax is the
target.  The model (see :mod:`theory.induction` for its exact moments):

* target ``j*`` uniform on ``[2, T-1]``, its predecessor token is the query token ``A``;
* positions ``1..T-2`` other than ``j*-1`` carry tokens from ``Sigma \\ {A}`` (they precede a
  distractor); position ``T-1`` (the query's predecessor) carries any token;
* ``alphabet=None`` is the continuum alphabet: every token other than ``A`` is distinct, so
  every other embedding is a fresh draw; ``alphabet=V`` draws a table of ``V`` embeddings per
  trial and tokens uniformly (``A`` is token 0);
* embeddings i.i.d. ``N(0, sigma^2 I)``; ``shared``: one table for queries and keys
  (``q_s = k_s``); ``independent``: two independent tables;
* optional RoPE with base ``rope`` (pairs ``(2i, 2i+1)`` rotated by ``p * rope^(-2i/dk)`` at
  1-based position ``p``), applied to both streams before the momenta are taken;
* momenta with the §4 boundary ``p_1 = 0`` (Algorithm 1) or zero history ``q_0 = 0`` (§8);
* score ``sign * (T1 + gamma_q T2 + gamma_k T3 + gamma_q gamma_k T4) / sqrt(d_k)`` over the
  selected channels; ``sign = -1`` is the orientation of Rem 48 (``W_K -> -W_K``) under
  which the raw negative gap of the T3/T4 channels becomes usable;
* argmax ties (finite alphabets, low precision) are broken uniformly at random, in
  expectation: a trial scores ``1/#maxima`` when the target is among the maxima.

Random numbers: trials are generated in fixed chunks of :data:`CHUNK`, chunk ``c`` of seed
``s`` from ``numpy.random.Generator(PCG64(SeedSequence(s, spawn_key=(c,))))``, so a result
depends only on (seed, parameters).  The §7.9 dependent ensemble has a Numba kernel keyed
by the counter RNG of :mod:`montecarlo.rng`, like the other score-model kernels.
"""

from __future__ import annotations

import math
import time
from dataclasses import dataclass
from typing import Any, Callable, Mapping, Optional, Sequence

import numpy as np

from . import conventions as conv
from . import limits
from .conventions import CHUNK as KERNEL_CHUNK
from .conventions import LOGCUT
from .engine import Curves, GammaC
from .extract import extract_gamma_c

#: Trials per chunk of the embedding-level simulator (fixed: part of the definition of a result).
CHUNK = 2048
CHANNELS = ("T1", "T2", "T3", "T4")
EMBEDDINGS = ("shared", "independent")
BOUNDARIES = ("p1=0", "q0=0")
#: Candidate classes of the canonical model (theory.induction.POSITION_CLASSES).
CLASSES = ("target", "target_last", "prev", "prev_first", "next", "query_prev", "first", "generic")


# --- the model ------------------------------------------------------------------------------


@dataclass(frozen=True)
class SequenceModel:
    """The canonical induction sequence model at embedding level (Prop 1, Prop 46)."""

    dk: int
    T: int
    embeddings: str = "shared"
    alphabet: Optional[int] = None
    rope: Optional[float] = None
    sigma: float = 1.0
    boundary: str = "p1=0"

    def __post_init__(self):
        for name in ("dk", "T"):
            v = getattr(self, name)
            if isinstance(v, bool) or int(v) != v:
                raise ValueError(f"{name} must be an integer, got {v!r}")
        if self.dk < 1:
            raise ValueError(f"dk must be >= 1, got {self.dk}")
        if self.T < 3:
            raise ValueError(f"T must be >= 3 (the target lies in [2, T-1]), got {self.T}")
        if self.embeddings not in EMBEDDINGS:
            raise ValueError(f"embeddings must be one of {', '.join(EMBEDDINGS)}, got {self.embeddings!r}")
        if self.alphabet is not None and (int(self.alphabet) != self.alphabet or self.alphabet < 2):
            raise ValueError(f"alphabet must be an integer >= 2 (or None for the continuum), got {self.alphabet!r}")
        if self.rope is not None:
            if not (math.isfinite(self.rope) and self.rope > 0):
                raise ValueError(f"rope base must be finite and > 0, got {self.rope!r}")
            if self.dk % 2:
                raise ValueError(f"RoPE needs an even dk, got {self.dk}")
        if not (math.isfinite(self.sigma) and self.sigma > 0):
            raise ValueError(f"sigma must be finite and > 0, got {self.sigma!r}")
        if self.boundary not in BOUNDARIES:
            raise ValueError(f"boundary must be one of {', '.join(BOUNDARIES)}, got {self.boundary!r}")

    def conventions(self) -> dict:
        return {
            "model": "canonical induction sequence model (Prop 1 / Prop 46)",
            "query": "position t = T, token A; candidates j = 1..T-1",
            "target": "j* uniform on [2, T-1], sigma_{j*-1} = A",
            "tokens": (
                "continuum alphabet: every token other than A distinct"
                if self.alphabet is None
                else f"alphabet of {self.alphabet}; positions <= T-2 other than j*-1 from Sigma\\{{A}}, "
                "position T-1 from Sigma"
            ),
            "embeddings": f"{self.embeddings} query/key tables, i.i.d. N(0, {self.sigma:g}^2 I_{self.dk})",
            "rope": "none" if self.rope is None else f"base {self.rope:g}, applied before the momenta",
            "momentum_boundary": self.boundary + (" (§4, Algorithm 1)" if self.boundary == "p1=0" else " (§8)"),
            "normalisation": "1/sqrt(d_k)",
            "chance": "1/(T-1)",
            "ceiling": "1/(T-2) (Prop 1)",
            "ties": "broken uniformly at random (in expectation)",
            "rng": f"numpy PCG64, SeedSequence(seed, spawn_key=(chunk,)), {CHUNK} trials per chunk",
        }


def _generator(seed: int, chunk: int) -> np.random.Generator:
    return np.random.Generator(np.random.PCG64(np.random.SeedSequence(int(seed), spawn_key=(int(chunk),))))


_check_int = conv.check_int


def _chunks(trials: int):
    for c, t0 in enumerate(range(0, trials, CHUNK)):
        yield c, min(CHUNK, trials - t0)


def rope_rotate(X: np.ndarray, base: float) -> np.ndarray:
    """RoPE: rotate coordinate pairs (2i, 2i+1) of row p (1-based position p) by p * base^(-2i/dk)."""
    n, T, dk = X.shape
    theta = base ** (-np.arange(0, dk, 2) / dk)
    ang = np.arange(1, T + 1)[:, None] * theta[None, :]
    c, s = np.cos(ang), np.sin(ang)
    x0, x1 = X[..., 0::2], X[..., 1::2]
    out = np.empty_like(X)
    out[..., 0::2] = x0 * c - x1 * s
    out[..., 1::2] = x0 * s + x1 * c
    return out


@dataclass
class Streams:
    Q: np.ndarray  # (n, T, dk) post-RoPE query stream
    K: np.ndarray  # (n, T, dk) post-RoPE key stream
    js: np.ndarray  # (n,) 0-based target index in [1, T-2]


def sample(model: SequenceModel, n: int, gen: np.random.Generator) -> Streams:
    """Draw ``n`` sequences of the canonical model and their post-RoPE streams."""
    T, dk, s = model.T, model.dk, model.sigma
    rows = np.arange(n)
    js = gen.integers(1, T - 1, size=n)  # 0-based [1, T-2] = 1-based [2, T-1]
    if model.alphabet is None:
        Eq = gen.standard_normal((n, T, dk)) * s
        Eq[rows, js - 1] = Eq[:, T - 1]
        if model.embeddings == "shared":
            Ek = Eq
        else:
            Ek = gen.standard_normal((n, T, dk)) * s
            Ek[rows, js - 1] = Ek[:, T - 1]  # the key embedding of the same token A
    else:
        V = int(model.alphabet)
        tq = gen.standard_normal((n, V, dk)) * s
        tk = tq if model.embeddings == "shared" else gen.standard_normal((n, V, dk)) * s
        tok = gen.integers(1, V, size=(n, T))  # Sigma \ {A}, A = token 0
        tok[:, T - 2] = gen.integers(0, V, size=n)  # position T-1: any token
        tok[rows, js - 1] = 0
        tok[:, T - 1] = 0
        Eq = np.take_along_axis(tq, tok[:, :, None], axis=1)
        Ek = Eq if model.embeddings == "shared" else np.take_along_axis(tk, tok[:, :, None], axis=1)
    if model.rope is not None:
        Q = rope_rotate(Eq, model.rope)
        K = Q if Ek is Eq else rope_rotate(Ek, model.rope)
    else:
        Q, K = Eq, Ek
    return Streams(Q, K, js)


def channel_values(st: Streams, boundary: str = "p1=0") -> np.ndarray:
    """(n, 4, T-1): T1..T4 of Thm 11 (unnormalised) at the query position T, candidates 1..T-1."""
    Q, K = st.Q, st.K
    T = Q.shape[1]
    q = Q[:, T - 1]
    pq = q - Q[:, T - 2]
    Kc = K[:, : T - 1]
    pk = np.empty_like(Kc)
    pk[:, 1:] = Kc[:, 1:] - Kc[:, :-1]
    pk[:, 0] = 0.0 if boundary == "p1=0" else Kc[:, 0]
    out = np.empty((Q.shape[0], 4, T - 1))
    out[:, 0] = np.einsum("njd,nd->nj", Kc, q)
    out[:, 1] = np.einsum("njd,nd->nj", Kc, pq)
    out[:, 2] = np.einsum("njd,nd->nj", pk, q)
    out[:, 3] = np.einsum("njd,nd->nj", pk, pq)
    return out


def _mask(channels: Sequence[str]) -> np.ndarray:
    chans = tuple(channels)
    bad = [c for c in chans if c not in CHANNELS]
    if bad or not chans:
        raise ValueError(f"channels must be a non-empty subset of {', '.join(CHANNELS)}, got {list(chans)}")
    return np.array([c in chans for c in CHANNELS], dtype=float)


def combine(C: np.ndarray, gamma_q: float, gamma_k: float, channels=CHANNELS, sign: float = 1.0) -> np.ndarray:
    """PSA score (n, T-1) from channel values: sign (T1 + gq T2 + gk T3 + gq gk T4)/sqrt(dk) (eq. 28),
    restricted to ``channels``.  ``dk`` is read from nothing: the caller passes C / sqrt(dk)."""
    w = _mask(channels) * np.array([1.0, gamma_q, gamma_k, gamma_q * gamma_k]) * sign
    return np.einsum("nij,i->nj", C, w)


def target_mass(S: np.ndarray, js: np.ndarray) -> np.ndarray:
    """Softmax mass on the target, per trial (log-sum-exp stable)."""
    mx = S.max(axis=1, keepdims=True)
    lse = np.log(np.exp(S - mx).sum(axis=1)) + mx[:, 0]
    return np.exp(S[np.arange(S.shape[0]), js] - lse)


def argmax_hit(S: np.ndarray, idx: np.ndarray) -> np.ndarray:
    """1/#maxima if candidate ``idx`` is among the maxima of its row, else 0 (uniform tie-breaking)."""
    mx = S.max(axis=1, keepdims=True)
    top = S == mx
    return top[np.arange(S.shape[0]), idx] / top.sum(axis=1)


# --- simulation of one coupling pair ---------------------------------------------------------


@dataclass
class InductionEstimate:
    """Target softmax mass and argmax accuracy with standard errors (trial spread)."""

    model: SequenceModel
    gamma_q: float
    gamma_k: float
    channels: tuple
    sign: float
    trials: int
    seed: int
    mass: float
    mass_se: float
    accuracy: float
    accuracy_se: float
    elapsed_s: float

    @property
    def chance(self) -> float:
        return 1.0 / (self.model.T - 1)

    @property
    def ceiling(self) -> float:
        return 1.0 / (self.model.T - 2)

    def to_json(self) -> dict:
        m = self.model
        return {
            "dk": m.dk,
            "T": m.T,
            "gamma_q": self.gamma_q,
            "gamma_k": self.gamma_k,
            "channels": list(self.channels),
            "sign": self.sign,
            "embeddings": m.embeddings,
            "alphabet": m.alphabet,
            "rope": m.rope,
            "sigma": m.sigma,
            "boundary": m.boundary,
            "trials": self.trials,
            "seed": self.seed,
            "softmax_mass": {"mean": self.mass, "se": self.mass_se},
            "argmax_accuracy": {"mean": self.accuracy, "se": self.accuracy_se},
            "chance": self.chance,
            "ceiling": self.ceiling,
            "conventions": m.conventions(),
            "elapsed_s": self.elapsed_s,
        }


class _Moments:
    """Running sums for means and standard errors of per-trial values."""

    def __init__(self, shape=()):
        self.n = 0
        self.s = np.zeros(shape)
        self.s2 = np.zeros(shape)

    def add(self, v: np.ndarray, axis=0):
        self.n += v.shape[axis]
        self.s += v.sum(axis=axis)
        self.s2 += (v * v).sum(axis=axis)

    @property
    def mean(self):
        return self.s / self.n

    @property
    def se(self):
        var = np.maximum(self.s2 / self.n - self.mean**2, 0.0)
        return np.sqrt(var / max(self.n - 1, 1))


def simulate(
    model: SequenceModel,
    gamma_q: float = 1.0,
    gamma_k: float = 1.0,
    *,
    channels=CHANNELS,
    sign: float = 1.0,
    trials: int = 100_000,
    seed: int = 0,
) -> InductionEstimate:
    """Target softmax mass and argmax accuracy of the PSA head (gamma_q, gamma_k) on the model."""
    trials = _check_int("trials", trials, 2)
    seed = _check_int("seed", seed, 0)
    for name, g in (("gamma_q", gamma_q), ("gamma_k", gamma_k), ("sign", sign)):
        if not math.isfinite(g):
            raise ValueError(f"{name} must be finite, got {g!r}")
    _mask(channels)
    limits.enforce(
        f"this induction simulation (dk={model.dk}, T={model.T}, {trials} trials)",
        limits.induction_memory(model.T, model.dk, min(CHUNK, trials), model.alphabet),
        limits.induction_work(trials, model.T, model.dk),
    )
    t0 = time.perf_counter()
    mass, hit = _Moments(), _Moments()
    rd = 1.0 / math.sqrt(model.dk)
    for c, n in _chunks(trials):
        st = sample(model, n, _generator(seed, c))
        S = combine(channel_values(st, model.boundary) * rd, gamma_q, gamma_k, channels, sign)
        mass.add(target_mass(S, st.js))
        hit.add(argmax_hit(S, st.js))
    return InductionEstimate(
        model,
        float(gamma_q),
        float(gamma_k),
        tuple(channels),
        float(sign),
        trials,
        seed,
        float(mass.mean),
        float(mass.se),
        float(hit.mean),
        float(hit.se),
        time.perf_counter() - t0,
    )


# --- curves along a coupling path, gamma_c -----------------------------------------------------


@dataclass
class EmbeddingCurves:
    """A(gamma) (softmax mass) and argmax accuracy along gamma_q = dq gamma, gamma_k = dk gamma."""

    model: SequenceModel
    direction: tuple
    channels: tuple
    sign: float
    gammas: np.ndarray
    seeds: list
    trials: int
    mass: np.ndarray  # (S, G)
    mass_se: np.ndarray  # (S, G) per-seed trial SE
    accuracy: np.ndarray  # (S, G)
    elapsed_s: float

    def gamma_c(self, chance: Optional[float] = None) -> tuple[list, list]:
        """§7.9 extraction per seed (montecarlo.extract): midpoint of chance 1/(T-1) and A(gamma_max)."""
        ch = 1.0 / (self.model.T - 1) if chance is None else chance
        out = [
            extract_gamma_c(self.gammas, row, ch, plateau_se=float(se[-1])) for row, se in zip(self.mass, self.mass_se)
        ]
        return [g for g, _ in out], [p for _, p in out]


def curves(
    model: SequenceModel,
    gammas=None,
    *,
    direction=(1.0, 1.0),
    channels=CHANNELS,
    sign: float = 1.0,
    trials: int = 20_000,
    seeds: int = 1,
    seed: int = 0,
) -> EmbeddingCurves:
    """Simulate A(gamma) on a grid (default: the §7.9 grid linspace(0, 8, 61)) for each seed."""
    g = conv.gamma_grid() if gammas is None else np.asarray(gammas, dtype=float)
    trials = _check_int("trials", trials, 2)
    seed_values = conv.seed_list(seed, seeds)
    dq, dkk = (float(d) for d in direction)
    t0 = time.perf_counter()
    M = np.empty((len(seed_values), g.size))
    Mse = np.empty_like(M)
    A = np.empty_like(M)
    rd = 1.0 / math.sqrt(model.dk)
    for si, s in enumerate(seed_values):
        mom, hit = _Moments(g.size), _Moments(g.size)
        for c, n in _chunks(trials):
            st = sample(model, n, _generator(s, c))
            C = channel_values(st, model.boundary) * rd
            ms = np.empty((n, g.size))
            hs = np.empty((n, g.size))
            for i, gi in enumerate(g):
                S = combine(C, dq * gi, dkk * gi, channels, sign)
                ms[:, i] = target_mass(S, st.js)
                hs[:, i] = argmax_hit(S, st.js)
            mom.add(ms)
            hit.add(hs)
        M[si], Mse[si], A[si] = mom.mean, mom.se, hit.mean
    return EmbeddingCurves(
        model, (dq, dkk), tuple(channels), float(sign), g, seed_values, trials, M, Mse, A, time.perf_counter() - t0
    )


# --- order-zero heads (Prop 1, Cor 68) ---------------------------------------------------------

Head = Callable[[np.ndarray, np.ndarray], np.ndarray]


def bilinear_head(f: Callable[[np.ndarray], np.ndarray], g: Callable[[np.ndarray], np.ndarray]) -> Head:
    """s_j = <f(q), g(k_j)>: joint order (0,0) by construction (g is applied to each key alone)."""

    def head(qhat: np.ndarray, K: np.ndarray) -> np.ndarray:
        n, C, d = K.shape
        gk = np.asarray(g(K.reshape(n * C, d))).reshape(n, C, -1)
        return np.einsum("nr,ncr->nc", np.asarray(f(qhat)), gk)

    return head


def standard_heads(dk: int, seed: int = 0) -> dict[str, Head]:
    """A battery of order-zero heads: the three regimes of Rem 2 and random/non-linear maps."""
    rng = np.random.default_rng([seed, 0x0A11])
    w = rng.standard_normal(dk)
    heads: dict[str, Head] = {
        "anti-aligned": bilinear_head(lambda q: -q, lambda k: k),
        "aligned": bilinear_head(lambda q: q, lambda k: k),
        "q-independent": bilinear_head(lambda q: np.broadcast_to(w, q.shape), lambda k: k),
        "far-from-query": bilinear_head(  # |q - k|^2 = <(|q|^2, -2q, 1), (1, k, |k|^2)>
            lambda q: np.concatenate([(q * q).sum(1, keepdims=True), -2 * q, np.ones((q.shape[0], 1))], 1),
            lambda k: np.concatenate([np.ones((k.shape[0], 1)), k, (k * k).sum(1, keepdims=True)], 1),
        ),
        "minus-squared-overlap": bilinear_head(  # -(q^T k)^2 = <-vec(q q^T), vec(k k^T)>
            lambda q: -np.einsum("ni,nj->nij", q, q).reshape(q.shape[0], -1),
            lambda k: np.einsum("ni,nj->nij", k, k).reshape(k.shape[0], -1),
        ),
        "key-norm": bilinear_head(lambda q: np.ones((q.shape[0], 1)), lambda k: (k * k).sum(1, keepdims=True)),
    }

    def linear(A: np.ndarray) -> Callable[[np.ndarray], np.ndarray]:
        return lambda x: x @ A.T

    def tanh_linear(A: np.ndarray) -> Callable[[np.ndarray], np.ndarray]:
        return lambda x: np.tanh(2 * x @ A.T)

    for i in range(3):
        WQ = rng.standard_normal((dk, dk)) / math.sqrt(dk)
        WK = rng.standard_normal((dk, dk)) / math.sqrt(dk)
        if i < 2:
            heads[f"random-linear-{i}"] = bilinear_head(linear(WQ), linear(WK))
        else:
            heads["random-tanh"] = bilinear_head(tanh_linear(WQ), tanh_linear(WK))
    anti = heads["anti-aligned"]
    heads["anti-aligned-float16"] = lambda q, K: anti(q, K).astype(np.float16).astype(float)
    return heads


def rope_position_head(dk: int, pair: int = 1, lam: float = 1e4) -> Head:
    """An order-(0,0) head that reads position off a post-RoPE key (finite alphabets only).

    s_j = k_j[2 pair] + lam (|k_j|^2 - |q|^2)^2 = <f(q), g(k_j)>, bilinear in the features
    (e, lam, -2 lam |q|^2, lam |q|^4) and (k, |k|^4, |k|^2, 1): the second term pushes every key
    whose norm differs from the query's above those carrying the query token (RoPE keeps norms),
    so j*-1 is suppressed; the first reads the rotation angle of one RoPE pair, a smooth function
    of the position for a repeated token, so the family {s_j}_{j != j*-1} is not exchangeable.
    """
    e = np.zeros(dk)
    e[2 * pair] = 1.0

    def f(q):
        n2 = (q * q).sum(1, keepdims=True)
        return np.concatenate([np.broadcast_to(e, q.shape), lam * np.ones_like(n2), -2 * lam * n2, lam * n2**2], 1)

    def g(k):
        n2 = (k * k).sum(1, keepdims=True)
        return np.concatenate([k, n2**2, n2, np.ones_like(n2)], 1)

    return bilinear_head(f, g)


@dataclass
class HeadResult:
    """Per head: P(argmax = j*), P(j* tops {s_j}_{j != j*-1}), P(argmax = j*-1), P(argmax = T-1)."""

    peak: float
    peak_se: float
    subfamily_top: float
    subfamily_top_se: float
    prev_top: float
    query_prev_top: float


def head_battery(
    model: SequenceModel, heads: Mapping[str, Head], *, gamma_q: float = 0.0, trials: int = 100_000, seed: int = 0
) -> dict[str, HeadResult]:
    """Evaluate order-zero heads on the model (common random numbers across heads).

    The head sees the (query-only sheared, Cor 68) query q_hat = q_T + gamma_q p_{q,T} and the keys
    k_1..k_{T-1}; ``gamma_q = 0`` is Prop 1's unaugmented head.
    """
    trials = _check_int("trials", trials, 2)
    acc = {name: [_Moments(), _Moments(), _Moments(), _Moments()] for name in heads}
    T = model.T
    for c, n in _chunks(trials):
        st = sample(model, n, _generator(seed, c))
        q = st.Q[:, T - 1]
        qhat = q + gamma_q * (q - st.Q[:, T - 2])
        Kc = st.K[:, : T - 1]
        rows = np.arange(n)
        prev = st.js - 1
        for name, head in heads.items():
            S = np.asarray(head(qhat, Kc), dtype=float)
            if S.shape != (n, T - 1):
                raise ValueError(f"head {name!r} returned shape {S.shape}, expected {(n, T - 1)}")
            top = S == S.max(axis=1, keepdims=True)
            cnt = top.sum(axis=1)
            S[rows, prev] = -np.inf
            sub = S == S.max(axis=1, keepdims=True)
            m = acc[name]
            m[0].add(top[rows, st.js] / cnt)
            m[1].add(sub[rows, st.js] / sub.sum(axis=1))
            m[2].add(top[rows, prev] / cnt)
            m[3].add(top[:, T - 2] / cnt)
    return {
        name: HeadResult(
            float(m[0].mean), float(m[0].se), float(m[1].mean), float(m[1].se), float(m[2].mean), float(m[3].mean)
        )
        for name, m in acc.items()
    }


# --- per-class moments (Prop 46, Thm 49, Cor 69, §10) -----------------------------------------


def _class_positions(js: np.ndarray, T: int, gen: np.random.Generator) -> dict[str, np.ndarray]:
    """0-based candidate index of each class per trial (-1 where the class is absent)."""
    n = js.size
    last = T - 2  # 0-based index of position T-1
    pos = {
        "target": np.where(js < last, js, -1),
        "target_last": np.where(js == last, js, -1),
        "prev": np.where(js - 1 >= 1, js - 1, -1),
        "prev_first": np.where(js - 1 == 0, 0, -1),
        "next": np.where(js + 1 < last, js + 1, -1),
        "query_prev": np.where(js != last, last, -1),
        "first": np.where(js - 1 != 0, 0, -1),
    }
    # one generic distractor per trial, uniform among positions 2..T-2 (1-based) other than j*-1, j*, j*+1
    rows = np.arange(n)
    cand = np.zeros((n, T), dtype=bool)  # one spare column so that js + 1 is always a valid index
    cand[:, 1:last] = True
    cand[rows, js] = False
    cand[rows, js - 1] = False
    cand[rows, js + 1] = False
    cand = cand[:, : T - 1]
    key = np.where(cand, gen.random((n, T - 1)), -1.0)
    g = key.argmax(axis=1)
    pos["generic"] = np.where(cand.any(axis=1), g, -1)
    return pos


@dataclass
class ClassMoments:
    """Per class: channel means (units of d_k), normalised-score mean and variance, with SEs."""

    channel_mean: dict  # class -> (4,) mean of T_i / (sigma^2 dk)
    channel_se: dict
    score_mean: dict  # class -> mean of the normalised score
    score_mean_se: dict
    score_var: dict  # class -> variance of the normalised score
    score_var_se: dict
    count: dict
    gap_mean: float  # E[s_{j*} - s_j], target (j* <= T-2) against one generic distractor
    gap_std: float  # std of that difference
    gap_std_se: float
    snr: float  # |gap_mean| / gap_std  (eq. 43 as defined)
    snr_se: float
    snr_next: float  # the same against the adjacent distractor j*+1 (shares the target's token)
    snr_next_se: float
    trials: int
    seed: int


def _var_and_se(s1, s2, s3, s4, n):
    """Sample variance and its standard error from raw power sums (fourth-moment formula)."""
    m = s1 / n
    c2 = s2 / n - m**2
    c4 = s4 / n - 4 * m * s3 / n + 6 * m**2 * s2 / n - 3 * m**4
    return c2 * n / (n - 1), math.sqrt(max(c4 - c2**2, 0.0) / n)


def class_moments(
    model: SequenceModel,
    gamma_q: float = 1.0,
    gamma_k: float = 1.0,
    *,
    channels=CHANNELS,
    trials: int = 20_000,
    seed: int = 0,
) -> ClassMoments:
    """Monte-Carlo moments of each channel and of the normalised score at every candidate class."""
    return class_moments_many(model, ((gamma_q, gamma_k),), channels=channels, trials=trials, seed=seed)[0]


def _power_sums(v: np.ndarray) -> list:
    return [v.size, v.sum(), (v**2).sum(), (v**3).sum(), (v**4).sum()]


def _gap_stats(ps):
    """(mean, std, SE(std), |mean|/std, SE of that) from power sums of a difference."""
    n = ps[0]
    if n < 3:
        return (math.nan,) * 5
    gm = ps[1] / n
    gv, gv_se = _var_and_se(ps[1], ps[2], ps[3], ps[4], n)
    gs = math.sqrt(gv)
    gs_se = gv_se / (2 * gs) if gs > 0 else math.nan
    snr = abs(gm) / gs if gs > 0 else math.nan
    snr_se = (snr * math.hypot(math.sqrt(gv / n) / abs(gm), gs_se / gs)) if gm and gs > 0 else math.nan
    return gm, gs, gs_se, snr, snr_se


def class_moments_many(
    model: SequenceModel,
    couplings: Sequence[tuple[float, float]],
    *,
    channels=CHANNELS,
    trials: int = 20_000,
    seed: int = 0,
) -> list[ClassMoments]:
    """:func:`class_moments` for several (gamma_q, gamma_k) pairs on the same draws (one per pair).

    Per class one candidate per trial (one generic distractor drawn uniformly among positions
    2..T-2 other than j*-1, j*, j*+1), so the samples are i.i.d. across trials and the standard errors
    are plain ones; variances carry the fourth-moment standard error.  The gap is
    s_{j*} - s_j between the target (trials with j* <= T-2) and that generic distractor.
    """
    trials = _check_int("trials", trials, 10)
    T = model.T
    if T < 7:
        raise ValueError("class_moments needs T >= 7 so that every class occurs")
    couplings = [(float(gq), float(gk)) for gq, gk in couplings]
    chan = {c: _Moments(4) for c in CLASSES}
    score = [{c: np.zeros(5) for c in CLASSES} for _ in couplings]
    gap = [np.zeros(5) for _ in couplings]
    gap_next = [np.zeros(5) for _ in couplings]
    rd = 1.0 / math.sqrt(model.dk)
    scale = model.sigma**2 * model.dk
    for c, n in _chunks(trials):
        gen = _generator(seed, c)
        st = sample(model, n, gen)
        C = channel_values(st, model.boundary)
        pos = _class_positions(st.js, T, gen)
        sel = {cls: (np.nonzero(p >= 0)[0], p[p >= 0]) for cls, p in pos.items()}
        for cls, (rows, idx) in sel.items():
            if rows.size:
                chan[cls].add(C[rows, :, idx] / scale)
        ok = (pos["target"] >= 0) & (pos["generic"] >= 0)
        grows = np.nonzero(ok)[0]
        okn = (pos["target"] >= 0) & (pos["next"] >= 0)
        nrows = np.nonzero(okn)[0]
        for i, (gq, gk) in enumerate(couplings):
            S = combine(C * rd, gq, gk, channels, 1.0)
            for cls, (rows, idx) in sel.items():
                if rows.size:
                    score[i][cls] += _power_sums(S[rows, idx])
            gap[i] += _power_sums(S[grows, pos["target"][ok]] - S[grows, pos["generic"][ok]])
            gap_next[i] += _power_sums(S[nrows, pos["target"][okn]] - S[nrows, pos["next"][okn]])
    results = []
    for i in range(len(couplings)):
        out: dict[str, dict[str, Any]] = dict(
            channel_mean={}, channel_se={}, score_mean={}, score_mean_se={}, score_var={}, score_var_se={}, count={}
        )
        for cls in CLASSES:
            n = score[i][cls][0]
            out["count"][cls] = int(n)
            if n < 3:
                for k in ("channel_mean", "channel_se"):
                    out[k][cls] = np.full(4, np.nan)
                for k in ("score_mean", "score_mean_se", "score_var", "score_var_se"):
                    out[k][cls] = math.nan
                continue
            out["channel_mean"][cls] = chan[cls].mean
            out["channel_se"][cls] = chan[cls].se
            sums = score[i][cls]
            var, var_se = _var_and_se(sums[1], sums[2], sums[3], sums[4], n)
            out["score_mean"][cls] = sums[1] / n
            out["score_mean_se"][cls] = math.sqrt(var / n)
            out["score_var"][cls] = var
            out["score_var_se"][cls] = var_se
        gm, gs, gs_se, snr, snr_se = _gap_stats(gap[i])
        snr_n, snr_n_se = _gap_stats(gap_next[i])[3:]
        results.append(
            ClassMoments(
                gap_mean=gm,
                gap_std=gs,
                gap_std_se=gs_se,
                snr=snr,
                snr_se=snr_se,
                snr_next=snr_n,
                snr_next_se=snr_n_se,
                trials=trials,
                seed=seed,
                **out,
            )
        )
    return results


# --- §7.9: the T4 score ensemble with its dependence structure ---------------------------------

DEPENDENT_VARIANTS = ("matched", "gaussian", "canonical")


def matched_dependent_scores(dk: int, m: int, n: int, gen: np.random.Generator) -> tuple[np.ndarray, np.ndarray]:
    """Embedding-level draw of the moment-matched dependent T4 ensemble (gamma = 1).

    Query momentum p_q = q_T - q_{T-1} (q's i.i.d. N(0, I)) shared by all m+1 candidates; key
    stream k_0..k_{m+1} i.i.d. N(0, I), candidate j's key momentum p_{k,j} = k_{j+1} - k_j (so
    adjacent candidates share a key); target index uniform on 0..m; score
    x_j = (p_q^T p_{k,j} + d_k 1{j = j*}) / sqrt(d_k).  Every candidate's mean and variance are
    those of Def 62: target mean sqrt(dk) (a at gamma = 1), variance 4 (b^2) for all.
    Returns (X (n, m+1), target index (n,)); the score at coupling gamma is gamma^2 X.
    """
    pq = gen.standard_normal((n, dk)) - gen.standard_normal((n, dk))
    keys = gen.standard_normal((n, m + 2, dk))
    y = np.einsum("njd,nd->nj", keys, pq)
    X = (y[:, 1:] - y[:, :-1]) / math.sqrt(dk)
    js = gen.integers(0, m + 1, size=n)
    X[np.arange(n), js] += math.sqrt(dk)
    return X, js


def dependent_chunks(seed, c0, c1, ntrials, m, dki, mix, h2, G):
    """Per-chunk (sums, sums of squares) of A on the grid gamma_g = g h, h^2 = h2 (as t4_chunks), of the
    matched dependent ensemble in its exact reduced form (``mix`` False: the jointly Gaussian ensemble
    with the same covariance, variant ``gaussian``); the chunk function is the reference T4 kernel's,
    :func:`montecarlo.kernels._t4_chunk`, for ensemble ``T4_MATCHED`` / ``T4_GAUSSIAN`` (sqrt(d_k) the
    correctly rounded square root), on :func:`montecarlo.kernels.run_chunks`'s threads (one inside
    :func:`montecarlo.kernels.cheap_compile_t4`)."""
    from . import kernels

    seed, c0, c1, ntrials, m, dki, G = (int(v) for v in (seed, c0, c1, ntrials, m, dki, G))
    ensemble = kernels.T4_MATCHED if mix else kernels.T4_GAUSSIAN
    args = (m, math.sqrt(dki), float(h2), G, ensemble, dki)
    threads = 1 if kernels.cheap_compile_on() else None  # see kernels.cheap_compile_t4
    return kernels.sum_chunks(kernels._t4_chunk, seed, c0, c1, ntrials, G, args, threads=threads)


def dependent_reference(seed: int, trials: int, m: int, dk: int, gammas, mix: bool = True) -> np.ndarray:
    """NumPy oracle of the reduced-form kernel on the same counter stream (tests)."""
    from .rng import _TWO_M52, GOLDEN, SEED_SALT, U64, _mix64_np, normals_reference

    nchi = dk if mix else 0
    npair = (m + 2 + nchi + 1) // 2
    Z = normals_reference(seed, 0, trials, 2 * npair)
    with np.errstate(over="ignore"):
        base = _mix64_np(np.array([seed], dtype=np.uint64) ^ SEED_SALT)
        keys = _mix64_np(base + np.arange(trials, dtype=np.uint64) * GOLDEN)
        word = _mix64_np(keys + (U64(2 * npair) + U64(1)) * GOLDEN)
    u = ((word >> U64(12)).astype(np.float64) + 0.5) * _TWO_M52
    tpos = np.minimum(np.floor(u * (m + 1)).astype(int), m)
    r = np.sqrt(2.0 * (Z[:, m + 2 : m + 2 + dk] ** 2).sum(1) / dk) if mix else np.full(trials, math.sqrt(2.0))
    X = r[:, None] * (Z[:, 1 : m + 2] - Z[:, : m + 1])
    rows = np.arange(trials)
    xt = X[rows, tpos]
    out = []
    for g in np.asarray(gammas, dtype=float):
        D = g * g * (X - xt[:, None] - math.sqrt(dk))
        D[rows, tpos] = -np.inf
        e = np.exp(D)
        e[e < math.exp(-LOGCUT)] = 0.0
        out.append(np.mean(1.0 / (1.0 + e.sum(1))))
    return np.array(out)


def dependent_curves(
    dk: int,
    T: int,
    *,
    variant: str = "matched",
    trials: int = conv.DEFAULT_TRIALS,
    seeds: int = conv.DEFAULT_SEEDS,
    seed: int = 0,
    grid: int = conv.DEFAULT_GRID,
    gamma_max: float = conv.DEFAULT_GAMMA_MAX,
    distractors: str = conv.DEFAULT_DISTRACTORS,
    chance: str = conv.DEFAULT_CHANCE,
) -> Curves:
    """A(gamma) of the §7.9 dependent ensemble, on the §7.9 grid, one curve per seed.

    ``matched``: the moment-matched ensemble (:func:`matched_dependent_scores`, Numba kernel),
    m distractors by ``distractors`` like the independent surrogate.  ``gaussian``: the jointly
    Gaussian ensemble with the same covariance (|p_q| fixed at its mean square: adjacent
    correlation -1/2 is the only dependence left).  ``canonical``: the T4
    channel of the canonical sequence model itself (shared embeddings, continuum alphabet,
    orientation -1), with its T-2 distractors including the special positions j*-1 and T-1
    (``distractors`` must be "T-2").
    """
    dk = _check_int("dk", dk, 1)
    T = _check_int("T", T, 3)
    trials = _check_int("trials", trials, 2)
    m = conv.distractor_count(T, distractors)
    gammas = conv.gamma_grid(grid, gamma_max)
    seed_values = conv.seed_list(seed, seeds)
    t0 = time.perf_counter()
    if variant in ("matched", "gaussian"):
        h = gammas[-1] / (gammas.size - 1)
        per, sem = np.empty((len(seed_values), gammas.size)), np.empty((len(seed_values), gammas.size))
        nch = (trials + KERNEL_CHUNK - 1) // KERNEL_CHUNK
        for si, s in enumerate(seed_values):
            sums, sqs = dependent_chunks(s, 0, nch, trials, m, dk, variant == "matched", h * h, gammas.size)
            tot, tot2 = np.zeros(gammas.size), np.zeros(gammas.size)
            for row, row2 in zip(sums, sqs):  # chunk order
                tot += row
                tot2 += row2
            mean = tot / trials
            per[si] = mean
            sem[si] = np.sqrt(np.maximum(tot2 / trials - mean**2, 0.0) / max(trials - 1, 1))
        rng_note = "SplitMix64 counter stream keyed by (seed, trial); reduced form y_i = r xi_i, " + (
            "r^2 = 2 chi^2_dk/dk" if variant == "matched" else "r^2 = 2 (|p_q|^2 fixed at 2 dk)"
        )
    elif variant == "canonical":
        if distractors != "T-2":
            raise ValueError("the canonical variant has the model's own T-2 distractors")
        cur = curves(
            SequenceModel(dk, T),
            gammas,
            direction=(1.0, 1.0),
            channels=("T4",),
            sign=-1.0,
            trials=trials,
            seeds=seeds,
            seed=seed,
        )
        per, sem = cur.mass, cur.mass_se
        rng_note = cur.model.conventions()["rng"]
    else:
        raise ValueError(f"variant must be one of {', '.join(DEPENDENT_VARIANTS)}, got {variant!r}")
    from .engine import conventions_record

    rec = conventions_record(distractors, m, T, chance, gammas)
    rec.update({"ensemble": f"dependent T4 ensemble, variant {variant}", "rng": rng_note})
    return Curves(
        model=f"t4-dependent-{variant}",
        dk=float(dk),
        T=T,
        m=m,
        distractors=distractors,
        trials=trials,
        seeds=seed_values,
        gammas=gammas,
        per_seed=per,
        per_seed_sem=sem,
        backend="cpu",
        elapsed_s=time.perf_counter() - t0,
        chance_rule=chance,
        conventions=rec,
    )


def dependent_gamma_c(dk: int, T: int, **kwargs) -> GammaC:
    """gamma_c of the dependent ensemble, extracted per seed exactly as montecarlo.gamma_c_mc does."""
    from theory import laws

    cur = dependent_curves(dk, T, **kwargs)
    per, plats = [], []
    for row, sem in zip(cur.per_seed, cur.per_seed_sem):
        g, p = extract_gamma_c(cur.gammas, row, cur.chance, plateau_se=float(sem[-1]))
        per.append(g)
        plats.append(p)
    return GammaC(curves=cur, per_seed=per, plateaus=plats, law=float(laws.gamma_c(dk, T)))


@dataclass
class ShiftRow:
    dk: int
    T: int
    independent: float
    independent_se: float
    dependent: float
    dependent_se: float

    @property
    def shift(self) -> float:
        """(gamma_c dependent - gamma_c independent) / gamma_c independent."""
        return self.dependent / self.independent - 1.0

    @property
    def shift_se(self) -> float:
        r = self.dependent / self.independent
        return abs(r) * math.hypot(self.dependent_se / self.dependent, self.independent_se / self.independent)


#: The §7.9 grid: d_k in {4, ..., 128} x T in {10, 15, 25}.
GRID_79 = tuple((d, t) for d in (4, 8, 16, 32, 64, 128) for t in (10, 15, 25))


def independence_shifts(
    points=GRID_79,
    *,
    variants: Sequence[str] = ("matched",),
    trials: int = conv.DEFAULT_TRIALS,
    seeds: int = conv.DEFAULT_SEEDS,
    seed: int = 0,
    distractors: str = conv.DEFAULT_DISTRACTORS,
) -> dict[str, list[ShiftRow]]:
    """Relative shift of gamma_c, dependent ensemble(s) against the independent surrogate, per point.

    The surrogate is :func:`montecarlo.gamma_c_mc` (model t4, Def 62); both are extracted per seed by
    the same §7.9 rule and averaged over ``seeds``; the standard errors are the seed spread over
    sqrt(seeds).  Seeds: surrogate ``seed + 1000 i``, variant k ``seed + 1000 i + 500 + 50 k``.
    """
    from .engine import gamma_c_mc

    for v in variants:
        if v not in DEPENDENT_VARIANTS:
            raise ValueError(f"variant must be one of {', '.join(DEPENDENT_VARIANTS)}, got {v!r}")
    out: dict[str, list[ShiftRow]] = {v: [] for v in variants}
    sq = math.sqrt(seeds)
    for i, (dk, T) in enumerate(points):
        ind = gamma_c_mc(dk, T, model="t4", trials=trials, seeds=seeds, seed=seed + 1000 * i, distractors=distractors)
        for k, v in enumerate(variants):
            dep = dependent_gamma_c(
                dk,
                T,
                variant=v,
                trials=trials,
                seeds=seeds,
                seed=seed + 1000 * i + 500 + 50 * k,
                distractors=distractors,
            )
            out[v].append(ShiftRow(dk, T, ind.mean, (ind.sd or math.nan) / sq, dep.mean, (dep.sd or math.nan) / sq))
    return out


@dataclass
class ShiftSummary:
    """Median and largest shift over a grid, with parametric-bootstrap standard errors."""

    median: float
    median_se: float
    max_abs: float
    max_abs_se: float
    max_signed: float
    min_signed: float
    worst: tuple
    protocol_median_se: float  # the same SEs at another protocol (e.g. the paper's 5 x 60,000)
    protocol_max_abs_se: float


def shift_summary(
    rows: Sequence[ShiftRow], *, boot: int = 4000, seed: int = 0, protocol_scale: float = 1.0
) -> ShiftSummary:
    """Median and max |shift| over the rows; SEs by resampling shift_i + se_i N(0, 1).

    ``protocol_scale`` multiplies every per-point SE for the second pair of SEs (sqrt of the ratio
    of trial counts, to express the Monte-Carlo error a different protocol would have had).
    """
    sh = np.array([r.shift for r in rows])
    se = np.array([r.shift_se for r in rows])
    gen = np.random.default_rng([seed, 0x5EF7])
    E = gen.standard_normal((boot, sh.size))
    draws = sh + se * E
    draws_p = sh + protocol_scale * se * E
    i = int(np.argmax(np.abs(sh)))
    return ShiftSummary(
        median=float(np.median(sh)),
        median_se=float(np.median(draws, axis=1).std(ddof=1)),
        max_abs=float(np.abs(sh).max()),
        max_abs_se=float(np.abs(draws).max(axis=1).std(ddof=1)),
        max_signed=float(sh.max()),
        min_signed=float(sh.min()),
        worst=(rows[i].dk, rows[i].T),
        protocol_median_se=float(np.median(draws_p, axis=1).std(ddof=1)),
        protocol_max_abs_se=float(np.abs(draws_p).max(axis=1).std(ddof=1)),
    )
