"""§8 Deployability: incremental PSA, the KV cache, arithmetic and quantisation cost.

Boundary convention.  §8 uses ZERO HISTORY: eq. (62) sets the predecessor of the first
position to zero (printed as ``q_{-1} = k_{-1} := 0``; Algorithm 3 initialises its
registers to 0), so the first sheared vector is ``(1 + gamma) x_1``.  This is the
``"q0=0"`` convention of :mod:`theory.score`; §4 / Algorithm 1 use ``"p1=0"`` instead
(first sheared vector ``x_1``).  Every function below that depends on it says so.

Notation of §8: ``d`` model width, ``h`` heads, ``d_k = d/h``, ``T`` context length,
``n_layers`` the number of layers (the paper's ``L`` in §8, not ``log(T-1)``), ``b``
bytes per scalar.  Pure: no I/O, no random numbers.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

import numpy as np
import sympy as sp

from .score import causal_softmax, sheared
from .statement import Statement

#: The boundary convention of §8 (eq. 62, Algorithm 3): zero history.
BOUNDARY = "q0=0"

__all__ = [
    "BOUNDARY",
    "incremental_shear",
    "DecodeState",
    "initial_state",
    "attention",
    "decode_step",
    "decode",
    "batch_decode",
    "truncate",
    "baseline_cache_scalars",
    "psa_cache_scalars",
    "register_scalars",
    "cache_bytes",
    "register_bytes",
    "shear_flops",
    "read_time_shear_flops",
    "decode_flops_breakdown",
    "standard_decode_flops",
    "psa_extra_flops",
    "overhead_fraction",
    "prefill_overhead_fraction",
    "range_factor",
    "extra_bits",
    "int8_levels",
    "linf_growth",
    "alternating_stream",
    "SYMBOLS",
    "STATEMENTS",
]


# --- eq. (62): the two-tap filter in incremental form ----------------------------------------


def incremental_shear(x, x_prev, gamma: float):
    """``(1 + gamma) x_t - gamma x_{t-1}`` (eq. 62; Algorithm 3 lines 3-4, ``3d`` FLOPs)."""
    return (1.0 + gamma) * np.asarray(x, dtype=float) - gamma * np.asarray(x_prev, dtype=float)


# --- Algorithm 3: incremental decode with cached sheared keys --------------------------------


def _frozen(a) -> np.ndarray:
    a = np.array(a, dtype=float)  # own copy
    a.flags.writeable = False
    return a


@dataclass(frozen=True)
class DecodeState:
    """State of one layer between decode steps (Algorithm 3 line 1; Prop 73).

    ``keys`` are the cached SHEARED keys ``k^_1..k^_{t-1}``, ``values`` the values, both tuples of
    read-only vectors that are never rewritten; ``q_prev``, ``k_prev`` the two raw registers.
    """

    keys: tuple
    values: tuple
    q_prev: np.ndarray
    k_prev: np.ndarray

    @property
    def length(self) -> int:
        return len(self.keys)

    def stored_scalars(self) -> dict:
        """Scalars held: cache (keys + values) and registers."""
        cache = sum(k.size for k in self.keys) + sum(v.size for v in self.values)
        return {"cache": cache, "registers": self.q_prev.size + self.k_prev.size}


def initial_state(d: int) -> DecodeState:
    """Empty cache, registers initialised to 0 (Algorithm 3 line 1: zero history, eq. 62)."""
    z = _frozen(np.zeros(d))
    return DecodeState((), (), z, z)


def attention(q_hat, keys, values, heads: int = 1) -> np.ndarray:
    """The unchanged kernel (Algorithm 3 line 7): per head ``softmax(q^ K^T / sqrt(d_k)) V``, concatenated."""
    q_hat = np.asarray(q_hat, dtype=float)
    K = np.asarray(keys, dtype=float)
    V = np.asarray(values, dtype=float)
    d = q_hat.size
    if d % heads:
        raise ValueError(f"width {d} not divisible by {heads} heads")
    dk = d // heads
    out = np.empty(d)
    for h in range(heads):
        sl = slice(h * dk, (h + 1) * dk)
        s = K[:, sl] @ q_hat[sl] / np.sqrt(dk)
        w = np.exp(s - s.max())
        out[sl] = (w / w.sum()) @ V[:, sl]
    return out


def decode_step(state: DecodeState, r, WQ, WK, WV, gamma: float, heads: int = 1):
    """One step of Algorithm 3 (zero-history convention); returns ``(new_state, o_t)``.

    2: project ``q, k, v``; 3-4: shear with the registers; 5: overwrite the registers;
    6: append ``k^_t`` and ``v_t`` (earlier entries are shared, not copied or touched);
    7: attention over the cache with the unchanged kernel.
    """
    r = np.asarray(r, dtype=float)
    q, k, v = r @ WQ, r @ WK, r @ WV  # line 2: W^T r
    q_hat = incremental_shear(q, state.q_prev, gamma)  # line 3
    k_hat = incremental_shear(k, state.k_prev, gamma)  # line 4
    new = DecodeState(state.keys + (_frozen(k_hat),), state.values + (_frozen(v),), _frozen(q), _frozen(k))  # lines 5-6
    return new, attention(q_hat, new.keys, new.values, heads)  # line 7


def decode(R, WQ, WK, WV, gamma: float, heads: int = 1, state: DecodeState | None = None):
    """Run Algorithm 3 over the rows of ``R``; returns ``(final_state, outputs, states)``."""
    R = np.asarray(R, dtype=float)
    state = initial_state(WQ.shape[1]) if state is None else state
    outs, states = [], []
    for r in R:
        state, o = decode_step(state, r, WQ, WK, WV, gamma, heads)
        outs.append(o)
        states.append(state)
    return state, np.array(outs), states


def truncate(state: DecodeState, length: int, q_prev, k_prev) -> DecodeState:
    """Roll the cache back to its first ``length`` entries and set the registers (§8.5 rollback)."""
    return DecodeState(state.keys[:length], state.values[:length], _frozen(q_prev), _frozen(k_prev))


def batch_decode(R, WQ, WK, WV, gamma: float, heads: int = 1, boundary: str = BOUNDARY):
    """The batch computation of the same layer: shear whole streams (Alg 1 / eq. 62), causal softmax.

    ``boundary`` selects the momentum convention (``"q0=0"``: eq. 62; ``"p1=0"``: §4, Alg 1).
    Returns ``(outputs, Q_hat, K_hat)``.
    """
    R = np.asarray(R, dtype=float)
    Q, K, V = R @ WQ, R @ WK, R @ WV
    Qh, Kh = sheared(Q, gamma, boundary), sheared(K, gamma, boundary)
    d = Q.shape[1]
    dk = d // heads
    out = np.empty_like(Q)
    for h in range(heads):
        sl = slice(h * dk, (h + 1) * dk)
        A = causal_softmax(Qh[:, sl] @ Kh[:, sl].T / np.sqrt(dk))
        out[:, sl] = A @ V[:, sl]
    return out, Qh, Kh


# --- memory: eq. (61), Prop 73, Rem 74, Cor 75 --------------------------------------------------


def baseline_cache_scalars(t: int, d: int) -> int:
    """``2 (t - 1) d``: raw keys and values of positions ``1..t-1`` (eq. 61)."""
    return 2 * (t - 1) * d


def psa_cache_scalars(t: int, d: int) -> int:
    """``(t-1) d`` sheared keys + ``(t-1) d`` values (Prop 73)."""
    return (t - 1) * d + (t - 1) * d


def register_scalars(d: int) -> int:
    """The two raw registers ``q_prev, k_prev`` (Prop 73): ``2d`` per layer."""
    return 2 * d


def cache_bytes(d: int, n_layers: int, T: int, b: float) -> float:
    """``M_cache = 2 T d n_layers b`` (Rem 74)."""
    return 2 * T * d * n_layers * b


def register_bytes(d: int, n_layers: int, b: float) -> float:
    """``M_extra = 2 d n_layers b`` (Rem 74)."""
    return 2 * d * n_layers * b


# --- arithmetic: Algorithm 3, Rem 74, eq. (64), Table 11 ---------------------------------------


def shear_flops(d: int) -> int:
    """One axpby over ``d`` elements: two multiplies and one add each, ``3d`` (Alg 3 lines 3-4)."""
    return 3 * d


def read_time_shear_flops(t: int, d: int) -> int:
    """Shearing raw cached keys at read time re-forms all ``t`` of them: ``3 t d`` per step (Rem 74)."""
    return 3 * t * d


def decode_flops_breakdown(d, T) -> dict:
    """Standard decode cost per token per layer (§8.4): QKV ``3*2d^2``, scores ``2Td``, weighted sum
    ``2Td``, output projection ``2d^2``, MLP at expansion 4 ``16 d^2``."""
    return {"qkv": 3 * 2 * d**2, "scores": 2 * T * d, "weighted_sum": 2 * T * d, "output": 2 * d**2, "mlp": 16 * d**2}


def standard_decode_flops(d, T):
    """``24 d^2 + 4 T d`` (§8.4), the sum of :func:`decode_flops_breakdown`."""
    return sum(decode_flops_breakdown(d, T).values())


def psa_extra_flops(d):
    """``6d`` per token per layer: the shears of ``q_t`` and ``k_t`` (§8.4)."""
    return 2 * shear_flops(d)


def overhead_fraction(d, T):
    """``6d / (24 d^2 + 4 T d) = 6 / (24 d + 4 T)`` (eq. 64; Table 11)."""
    return psa_extra_flops(d) / standard_decode_flops(d, T)


def prefill_overhead_fraction(d, T):
    """``6 T d / (24 T d^2 + 4 T^2 d)`` (§8.4, prefill)."""
    return 6 * T * d / (24 * T * d**2 + 4 * T**2 * d)


# --- quantisation: Prop 77, eq. (65), Table 12 ------------------------------------------------


def range_factor(gamma):
    """``1 + 2 gamma``: the Nyquist gain ``|H(-1)|`` (eq. 63), the worst-case range growth (65) (exact for
    an exact ``gamma``: a Fraction or an int gives a Fraction)."""
    if isinstance(gamma, (Fraction, int)) and not isinstance(gamma, bool):
        return 1 + 2 * Fraction(gamma)
    return 1.0 + 2.0 * np.asarray(gamma, dtype=float)


def extra_bits(gamma):
    """``Delta b = log2(1 + 2 gamma)`` (Prop 77)."""
    return np.log2(range_factor(gamma))


def int8_levels(gamma, levels: int = 256):
    """INT8 levels retained after widening the scale by ``1 + 2 gamma``: ``256 / (1 + 2 gamma)`` (Table 12)."""
    return levels / range_factor(gamma)


def linf_growth(K, gamma: float, boundary: str = BOUNDARY) -> np.ndarray:
    """Per position ``j``: ``||k^_j||_inf / max_{i<=j} ||k_i||_inf`` (the ratio bounded by (65)).

    Uses ``boundary`` for the first position (default the §8 zero history)."""
    K = np.asarray(K, dtype=float)
    Kh = sheared(K, gamma, boundary)
    num = np.abs(Kh).max(axis=1)
    den = np.maximum.accumulate(np.abs(K).max(axis=1))
    # an all-zero history gives k^_j = 0: ratio 0 rather than 0/0
    return np.divide(num, den, out=np.zeros_like(num), where=den > 0)


def alternating_stream(T: int, kappa) -> np.ndarray:
    """``k_j = (-1)^j kappa`` for positions ``j = 1..T`` (the stream attaining (65))."""
    kappa = np.atleast_1d(np.asarray(kappa, dtype=float))
    signs = (-1.0) ** np.arange(1, T + 1)
    return signs[:, None] * kappa[None, :]


# --- SymPy forms --------------------------------------------------------------------------------

d_, T_, t_, nl_, b_ = sp.symbols("d T t n_layers b", positive=True)
g_ = sp.Symbol("gamma", positive=True)
w_ = sp.Symbol("omega", real=True)
z_ = sp.Symbol("z")

SYMBOLS = {"d": d_, "T": T_, "t": t_, "n_layers": nl_, "b": b_, "gamma": g_, "omega": w_, "z": z_}

#: eq. (62)-(63): transfer function and its squared magnitude on the unit circle.
H_z = (1 + g_) - g_ / z_
H_power = 1 + 4 * g_ * (1 + g_) * sp.sin(w_ / 2) ** 2
#: eq. (64).
overhead_sym = sp.Eq(6 * d_ / (24 * d_**2 + 4 * T_ * d_), 6 / (24 * d_ + 4 * T_))


# --- statements ---------------------------------------------------------------------------------

_O, _D = "operator", "definition"

STATEMENTS = (
    Statement(
        "eq61",
        "Eq (61)",
        "§8.2",
        "Baseline KV cache",
        _D,
        content="C_K = {k_1..k_{t-1}}, C_V = {v_1..v_{t-1}}: 2(t-1)d scalars per layer",
        sympy=lambda: sp.Eq(sp.Symbol("cache"), 2 * (t_ - 1) * d_),
    ),
    Statement(
        "eq62",
        "Eqs (62)–(63)",
        "§8.2",
        "PSA in incremental form",
        _O,
        content=(
            "q^_t = (1+gamma) q_t - gamma q_{t-1}, k^_j = (1+gamma) k_j - gamma k_{j-1}, "
            "q_{-1} = k_{-1} := 0; H(z) = (1+gamma) - gamma z^{-1}, |H(e^{iw})|^2 = "
            "1 + 4 gamma (1+gamma) sin^2(w/2); |H(1)| = 1, |H(-1)| = 1 + 2 gamma"
        ),
        depends=("prop13",),
        sympy=lambda: {"H": H_z, "power": sp.Eq(sp.Symbol("|H|^2"), H_power)},
    ),
    Statement(
        "prop73",
        "Prop 73 and Algorithm 3",
        "§8.3",
        "Cache invariance / incremental decode",
        _O,
        content=(
            "caching k^_1..k^_{t-1} instead of k_1..k_{t-1} plus the raw registers q_{t-1}, k_{t-1}: "
            "incremental decoding under (62) is exact, the cache has the size of (61), and step t "
            "recomputes no earlier entry"
        ),
        depends=("eq61", "eq62"),
    ),
    Statement(
        "rem74",
        "Rem 74",
        "§8.3",
        "Why cache sheared keys",
        _O,
        content=(
            "shearing at read time costs 3td FLOPs per step instead of 3d; M_extra = 2 d L b against "
            "M_cache = 2 T d L b, ratio 1/T; T = 4096: 0.024%; d = 4096, L = 32, T = 4096, fp16: "
            "2.1 GB cache against 524 kB of registers"
        ),
        depends=("prop73",),
        sympy=lambda: sp.Eq(2 * d_ * nl_ * b_ / (2 * T_ * d_ * nl_ * b_), 1 / T_),
    ),
    Statement(
        "cor75",
        "Cor 75",
        "§8.3",
        "Footprint unchanged",
        _O,
        content="the KV-cache footprint is unchanged; extra state O(dL), independent of T",
        depends=("prop73", "rem74"),
    ),
    Statement(
        "eq64",
        "Eq (64) and Table 11",
        "§8.4",
        "Arithmetic overhead",
        _O,
        content=(
            "6d FLOPs per token per layer against 24d^2 + 4Td: 6d/(24d^2 + 4Td) = 6/(24d + 4T); "
            "Table 11: (1024, 2048) 1.8e-4, (2048, 4096) 9.2e-5, (4096, 4096) 5.2e-5, "
            "(4096, 32768) 2.6e-5; 'below one part in five thousand'; prefill 6Td against "
            "24Td^2 + 4T^2 d, same fraction"
        ),
        sympy=lambda: overhead_sym,
    ),
    Statement(
        "prop76",
        "Prop 76",
        "§8.5",
        "Prefix reuse preserved",
        _O,
        content=(
            "the sheared keys k^_1..k^_m of a prefix are identical under any continuation; a centred "
            "difference would break this; speculative-decoding rollback restores q_prev, k_prev and "
            "'needs the raw k at the rollback point, one extra d-vector per speculative block'"
        ),
        depends=("eq62",),
    ),
    Statement(
        "prop77",
        "Prop 77, Eq (65) and Table 12",
        "§8.6",
        "Bit growth",
        _O,
        content=(
            "||k^_j||_inf <= (1 + 2 gamma) max_{i<=j} ||k_i||_inf; Delta b = log2(1 + 2 gamma); tight "
            "for k_j = (-1)^j kappa; Table 12: gamma = 0.05, 0.10, 0.20, 0.40 -> range 1.10, 1.20, "
            "1.40, 1.80; bits 0.14, 0.26, 0.49, 0.85; INT8 levels 233, 213, 183, 142 of 256; 'by (63) "
            "the gain at DC is exactly 1, so a constant key stream passes unchanged'"
        ),
        depends=("eq62",),
        sympy=lambda: sp.Eq(sp.Symbol("Delta_b"), sp.log(1 + 2 * g_, 2)),
    ),
    Statement(
        "rem78",
        "Rem 78",
        "§8.6",
        "What is not claimed",
        _D,
        content="Prop 77 bounds the representable range, not the end-task accuracy of a quantised model",
    ),
    Statement(
        "table13",
        "Table 13",
        "§8.7",
        "Deployment bill",
        _O,
        content=(
            "cache identical; extra state 2dL scalars (1/T of the cache); FLOPs +6d, 6/(24d+4T), "
            "'< 1e-4 in practice'; speculative decoding: one extra vector per block for rollback; "
            "quantisation range x(1+2 gamma) worst case, x1 at DC; bits <= log2(1+2 gamma): 0.49 "
            "at gamma = 0.2, 0.85 at 0.4"
        ),
        depends=("prop73", "rem74", "eq64", "prop76", "prop77"),
    ),
)
