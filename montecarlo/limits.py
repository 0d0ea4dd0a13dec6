"""Resource limits: memory and work estimated from the parameters, before any allocation.

Every Monte-Carlo and quadrature entry point (:func:`montecarlo.simulate_curves`,
:func:`montecarlo.argmax_probability`, :func:`montecarlo.exact.gamma_c_exact`,
:func:`montecarlo.exact.error_map`, :func:`montecarlo.induction.simulate`, the sweeps)
asks this module how much memory and work its parameters imply and refuses with
:class:`ResourceLimitError` (a ``ValueError``; ``psa-mc`` maps it to exit 2 and one line)
when either is above the limit in force.  The estimators are pure functions of the
parameters, computed with Python integers (no overflow, whatever ``T`` or ``trials``).

Limits in force: :func:`override` (a context manager, what ``--max-memory`` and
``--max-work`` set), else ``$PSA_TOOLKIT_MAX_MEMORY`` / ``$PSA_TOOLKIT_MAX_WORK``, else
the defaults:

* ``DEFAULT_MAX_MEMORY = 4 GiB``.  The paper's own runs need well under 100 MB (the
  §7.9 protocol: 61 grid points, m <= 24, blocks of 8-64 chunks); 4 GiB is about 40x that
  headroom and still fits beside the operating system on a 8 GB laptop or the smallest CI
  runners (7-16 GB), so a typo (``--T 100000000``) is refused instead of swapping or
  being killed.  Large runs raise it explicitly.
* ``DEFAULT_MAX_WORK = 1e13`` work units.  A unit is one distractor term of one trial at
  one coupling (``trials x seeds x m x grid``) for the curve kernels, one (trial,
  candidate) for the argmax kernel, one quadrature node evaluation (x ``QUAD_COST``) for
  the exact code and one multiply-add for the embedding simulator.  The T4 CPU kernel
  does about 3e8 units per second per core (measured: 1e9 units in 3.7 s of CPU), so the
  default is about 10 core-hours (under an hour on 16 cores) and about 1,300x the §7.9
  paper grid (18 points, 7.6e9 units): enough for any run of the paper's protocol, small
  enough that a typo (``--trials 1000000000000``) is refused instead of running for weeks.

Neither limit is part of a result: results depend only on (seed, parameters).
"""

from __future__ import annotations

import contextlib
import contextvars
import enum
import math
import os
import re
from dataclasses import dataclass
from typing import TYPE_CHECKING, Callable, Iterator, Optional, Union

if TYPE_CHECKING:
    from numpy.typing import ArrayLike

    from .models import Model

#: Bytes of one float64.
F8 = 8
GiB = 1024**3
DEFAULT_MAX_MEMORY = 4 * GiB
DEFAULT_MAX_WORK = 10**13
#: A quadrature node evaluation (ndtr or exp, a multiply-add, numpy overhead) in work units.
QUAD_COST = 10
#: Inner quadrature nodes of :mod:`montecarlo.exact` (G: 161 up to 303 at m = 2^53, Z: 61): the largest.
QUAD_INNER = 303
#: Largest seed: the kernels key their streams by an unsigned 64-bit seed.
MAX_SEED = 2**64 - 1
#: Largest integer parameter the float64 quadrature can represent exactly.
MAX_EXACT_INT = 2**53

ENV_MEMORY = "PSA_TOOLKIT_MAX_MEMORY"
ENV_WORK = "PSA_TOOLKIT_MAX_WORK"


class ResourceLimitError(ValueError):
    """A run would need more memory or work than the limit in force (CLI: exit 2).

    ``needed`` and ``limit`` are in bytes (``kind == "memory"``) or work units
    (``kind == "work"``); ``flag`` is the ``psa-mc`` option that raises the limit.
    """

    def __init__(self, message: str, *, kind: str, needed: int, limit: int, flag: str) -> None:
        super().__init__(message)
        self.kind, self.needed, self.limit, self.flag = kind, needed, limit, flag


class LimitSettingError(ResourceLimitError):
    """``$PSA_TOOLKIT_MAX_MEMORY`` or ``$PSA_TOOLKIT_MAX_WORK`` is malformed (one line naming the
    variable; ``kind`` is ``"setting"``).  A ``ResourceLimitError``, so ``psa-mc`` maps it to exit 2;
    an explicit limit (:func:`override`, ``--max-memory``) is used without reading the variable."""

    def __init__(self, message: str, *, flag: str) -> None:
        super().__init__(message, kind="setting", needed=0, limit=0, flag=flag)


# --- parsing and formatting --------------------------------------------------------------

_UNITS = {
    "": 1,
    "b": 1,
    "k": 1024,
    "m": 1024**2,
    "g": 1024**3,
    "t": 1024**4,
    "p": 1024**5,
    "kib": 1024,
    "mib": 1024**2,
    "gib": 1024**3,
    "tib": 1024**4,
    "pib": 1024**5,
    "kb": 10**3,
    "mb": 10**6,
    "gb": 10**9,
    "tb": 10**12,
    "pb": 10**15,
}
_UNLIMITED = ("none", "unlimited", "inf", "infinity", "off")


def parse_size(text: Union[str, float]) -> Optional[int]:
    """Bytes from ``"8GiB"``, ``"512MB"``, ``"4G"`` (binary), ``"1e9"``; None for ``"unlimited"``.

    >>> parse_size("8GiB"), parse_size("1.5k"), parse_size("2e3"), parse_size("none")
    (8589934592, 1536, 2000, None)
    """
    if isinstance(text, (int, float)) and not isinstance(text, bool):
        return _positive_int(text, "memory size")
    s = str(text).strip().lower().replace(" ", "").replace("_", "")
    if s in _UNLIMITED:
        return None
    mt = re.fullmatch(r"([0-9]*\.?[0-9]+(?:e[+-]?[0-9]+)?)([a-z]*)", s)
    if mt is None or mt.group(2) not in _UNITS:
        raise ValueError(f"expected a size such as 8GiB, 512MB or 4G (or 'unlimited'), got {text!r}")
    return _positive_int(float(mt.group(1)) * _UNITS[mt.group(2)], "memory size", text)


def parse_work(text: Union[str, float]) -> Optional[int]:
    """Work units from ``"1e13"`` or ``"20000000"``; None for ``"unlimited"``."""
    if isinstance(text, (int, float)) and not isinstance(text, bool):
        return _positive_int(text, "work limit")
    s = str(text).strip().lower().replace("_", "")
    if s in _UNLIMITED:
        return None
    try:
        v: float = int(s) if s.isdigit() else float(s)
    except ValueError:
        raise ValueError(f"expected a number of work units such as 1e13 (or 'unlimited'), got {text!r}") from None
    return _positive_int(v, "work limit", text)


def _positive_int(v: float, what: str, text: object = None) -> int:
    if isinstance(v, float) and not math.isfinite(v):
        raise ValueError(f"{what} must be finite (or 'unlimited'), got {text if text is not None else v!r}")
    if v < 1:
        raise ValueError(f"{what} must be >= 1, got {text if text is not None else v!r}")
    return int(v)


def format_size(n: int) -> str:
    """``4 GiB``, ``1.2 TiB``, ``3e+40 bytes``: readable at any magnitude (Python ints)."""
    n = int(n)
    for unit, k in (("PiB", 1024**5), ("TiB", 1024**4), ("GiB", 1024**3), ("MiB", 1024**2), ("KiB", 1024)):
        if n >= k:
            if n >= 10**6 * 1024**5:
                return f"{_sci(n)} bytes"
            v = n / k
            return f"{v:.3g} {unit}"
    return f"{n} bytes"


def format_work(n: int) -> str:
    """A work count in scientific notation beyond six digits (``1.00e+13``)."""
    return _sci(int(n))


def _sci(n: int) -> str:
    """Scientific notation of any Python int (no float overflow)."""
    s = str(n)
    if len(s) <= 6:
        return s
    return f"{s[0]}.{s[1:3]}e+{len(s) - 1}"


# --- the limits in force -----------------------------------------------------------------


@dataclass(frozen=True)
class Limits:
    """Memory (bytes) and work (units) limits; None = unlimited."""

    max_memory: Optional[int] = DEFAULT_MAX_MEMORY
    max_work: Optional[int] = DEFAULT_MAX_WORK

    def to_dict(self) -> dict[str, Optional[int]]:
        """``{"max_memory": ..., "max_work": ...}`` (None = unlimited)."""
        return {"max_memory": self.max_memory, "max_work": self.max_work}


_ACTIVE: contextvars.ContextVar[Optional[Limits]] = contextvars.ContextVar("psa_limits", default=None)


class _Unset(enum.Enum):
    """The default of :func:`override`: keep the limit in force."""

    UNSET = "unset"


_SENTINEL = _Unset.UNSET


_Parse = Callable[[Union[str, float]], Optional[int]]


def _from_env(name: str, parse: _Parse, default: Optional[int], flag: str) -> Optional[int]:
    text = os.environ.get(name)
    if not text:
        return default
    try:
        return parse(text)
    except ValueError as exc:
        shown = text if len(text) <= 40 else text[:37] + "..."
        raise LimitSettingError(
            f"${name}={shown!r} is not valid ({str(exc).split(', got')[0]}); fix or unset it, or give {flag}",
            flag=flag,
        ) from None


def current() -> Limits:
    """The limits in force: :func:`override`, else the environment, else the defaults.

    A malformed ``$PSA_TOOLKIT_MAX_MEMORY`` / ``$PSA_TOOLKIT_MAX_WORK`` raises
    :class:`LimitSettingError` (one line), never a bare parsing error.
    """
    return resolve()


def resolve(
    max_memory: Union[str, float, None, _Unset] = _SENTINEL, max_work: Union[str, float, None, _Unset] = _SENTINEL
) -> Limits:
    """The limits in force with explicit values taking precedence: each of ``max_memory`` /
    ``max_work`` given (a size string, an int, or None for unlimited) is used as it is and its
    environment variable is not read, so an explicit limit wins over a malformed variable."""
    lim = _ACTIVE.get()

    def one(
        explicit: Union[str, float, None, _Unset],
        active: Optional[int],
        env: str,
        parse: _Parse,
        default: Optional[int],
        flag: str,
    ) -> Optional[int]:
        if not isinstance(explicit, _Unset):
            return None if explicit is None else parse(explicit)
        if lim is not None:
            return active
        return _from_env(env, parse, default, flag)

    mem, work = (None, None) if lim is None else (lim.max_memory, lim.max_work)
    return Limits(
        one(max_memory, mem, ENV_MEMORY, parse_size, DEFAULT_MAX_MEMORY, "--max-memory"),
        one(max_work, work, ENV_WORK, parse_work, DEFAULT_MAX_WORK, "--max-work"),
    )


@contextlib.contextmanager
def override(
    max_memory: Union[str, float, None, _Unset] = _SENTINEL, max_work: Union[str, float, None, _Unset] = _SENTINEL
) -> Iterator[Limits]:
    """Run a block under other limits (a size string, an int, or None for unlimited); a limit
    given here is used without reading its environment variable (:func:`resolve`).

    >>> with override(max_memory="16GiB"):          # doctest: +SKIP
    ...     simulate_curves(16, 10**6, trials=1000)
    """
    new = resolve(max_memory, max_work)
    token = _ACTIVE.set(new)
    try:
        yield new
    finally:
        _ACTIVE.reset(token)


def enforce(what: str, memory: int, work: int, limits: Optional[Limits] = None) -> None:
    """Raise :class:`ResourceLimitError` if ``memory`` (bytes) or ``work`` exceeds the limits."""
    lim = current() if limits is None else limits
    if lim.max_memory is not None and memory > lim.max_memory:
        raise ResourceLimitError(
            f"{what} needs about {format_size(memory)} of memory, above the limit of "
            f"{format_size(lim.max_memory)}; raise it with --max-memory (e.g. --max-memory "
            f"{_suggest_size(memory)}) or reduce the parameters",
            kind="memory",
            needed=int(memory),
            limit=lim.max_memory,
            flag="--max-memory",
        )
    if lim.max_work is not None and work > lim.max_work:
        raise ResourceLimitError(
            f"{what} needs about {format_work(work)} work units, above the limit of "
            f"{format_work(lim.max_work)}; raise it with --max-work (e.g. --max-work {_suggest_work(work)}) "
            f"or reduce the parameters",
            kind="work",
            needed=int(work),
            limit=lim.max_work,
            flag="--max-work",
        )


def _suggest_size(n: int) -> str:
    g = -(-int(n) // GiB)
    return f"{g}GiB" if g < 10**9 else "unlimited"


def _suggest_work(n: int) -> str:
    s = str(int(n))
    return f"{int(s[0]) + 1}e{len(s) - 1}" if len(s) < 300 else "unlimited"


# --- input ranges that no limit can lift -------------------------------------------------


def check_seed_range(seed: int, seeds: int) -> None:
    """Seeds ``seed .. seed+seeds-1`` must fit the kernels' unsigned 64-bit key."""
    last = int(seed) + int(seeds) - 1
    if last > MAX_SEED:
        raise ValueError(
            f"seeds must be <= 2^64-1 = {MAX_SEED} (the RNG key is 64-bit); "
            f"seed {seed} with {seeds} seeds reaches {_sci(last)}"
        )


#: Largest |a| or |b| of a model on the grid: the kernels form b (Z_j - Z_0) - a and its
#: square-grid recurrence; below 1e150 every intermediate stays finite in float64.
MAX_COUPLING = 1e150


def check_couplings(model: Model, dk: float, gammas: ArrayLike) -> None:
    """ValueError unless the model's a(gamma), b(gamma) are finite and at most
    ``MAX_COUPLING`` in size over the grid (too large a --gamma-max or --dk overflows)."""
    import numpy as np

    g = np.asarray(gammas, dtype=float)
    with np.errstate(all="ignore"):
        a = np.broadcast_to(np.asarray(model.a(g, dk), dtype=float), g.shape)
        b = np.broadcast_to(np.asarray(model.b(g, dk), dtype=float), g.shape)
        ok = np.isfinite(a) & np.isfinite(b) & (np.abs(a) <= MAX_COUPLING) & (np.abs(b) <= MAX_COUPLING)
    if not np.all(ok):
        i = int(np.argmin(ok))
        raise ValueError(
            f"model {model.name} at dk={dk:g}: the coupling gamma={g[i]:.3g} gives a={a[i]:.3g}, "
            f"b={b[i]:.3g}, beyond {MAX_COUPLING:g}; lower --gamma-max (or --dk)"
        )


# --- estimators (pure) -------------------------------------------------------------------


def chunk_scratch_bytes(m: int, G: int, lanes: int) -> int:
    """Scratch of one kernel chunk, per SIMD lane: the normals (2 ceil((m+1)/2) rows), two G-rows,
    and the T4 kernel's blocks and small tables (28 + ceil(G/32) rows) -- the bound that
    :func:`montecarlo.kernels.scratch_bytes` states for every kernel."""
    m, G = int(m), int(G)
    rows = 2 * ((m + 2) // 2) + 2 * G + 28 + -(-G // 32)
    return rows * lanes * F8


def curve_memory(m: int, G: int, seeds: int, block_chunks: int, lanes: int) -> int:
    """Bytes of :func:`montecarlo.simulate_curves`: block scratch, block outputs, results.

    At most ``block_chunks x chunk_scratch_bytes(m, G, LANES)`` of scratch, the
    per-chunk outputs ``2 x block_chunks x G x 8``, the grid and the model's a, b
    (``3 x G x 8``), the per-seed results ``2 x seeds x G x 8`` plus the seed list (36 bytes
    a seed), and the running totals.
    """
    m, G, S, B = int(m), int(G), int(seeds), int(block_chunks)
    return B * chunk_scratch_bytes(m, G, lanes) + 2 * B * G * F8 + 5 * G * F8 + 2 * S * G * F8 + 36 * S + 2 * G * F8


def curve_work(trials: int, seeds: int, m: int, G: int) -> int:
    """Distractor terms evaluated by the curve kernels: trials x seeds x m x G."""
    return int(trials) * int(seeds) * int(m) * int(G)


def argmax_memory(m: int, block_chunks: int, lanes: int) -> int:
    """Bytes of :func:`montecarlo.argmax_probability`: normals and maxima per chunk, counts."""
    B = int(block_chunks)
    return B * ((int(m) + 2) * lanes * F8 + 2 * lanes * F8) + B * F8


def argmax_work(trials: int, m: int) -> int:
    """Candidates drawn by the argmax kernel: trials x m."""
    return int(trials) * int(m)


def outer_nodes(m: int) -> int:
    """Upper bound on the outer trapezoid nodes of :mod:`montecarlo.exact` for ``m`` distractors.

    The outer grid has ``ceil(4 (17.5 b + 4 + g_high(m)) / ell) + 1`` nodes with ``ell = sqrt(1 +
    b^2 / c)``, ``c = 1 + 2 log(m+1)`` and ``g_high(m) <= 36 + log(m+1)``; since ``b / ell <=
    sqrt(c)`` and ``ell >= 1`` this is at most ``4 (17.5 sqrt(c) + 40 + log(m+1)) + 2`` whatever
    the coupling.
    """
    c = 1.0 + 2.0 * math.log(int(m) + 1.0)
    return int(math.ceil(4.0 * (17.5 * math.sqrt(c) + 40.0 + math.log(int(m) + 1.0)))) + 2


def exact_memory(G: int, n_outer: int) -> int:
    """Bytes of an exact curve: the grid and its a, b, A (4 G), per-point temporaries
    (about 8 arrays of n_outer x QUAD_INNER)."""
    return 4 * int(G) * F8 + 8 * int(n_outer) * QUAD_INNER * F8


def exact_work(G: int, n_outer: int) -> int:
    """Quadrature work of an exact curve: G x n_outer x QUAD_INNER node evaluations x QUAD_COST."""
    return int(G) * int(n_outer) * QUAD_INNER * QUAD_COST


def map_memory(G: int, n_dk: int, n_T: int, n_outer: int) -> int:
    """Bytes of an exact (dk, T) map: A (G x P x Q), the per-coupling temporaries
    (P x N x QUAD_INNER for the CDFs, 2 x P x Q x N for the powers), the result maps."""
    G, P, Q, N = int(G), int(n_dk), int(n_T), int(n_outer)
    return G * P * Q * F8 + 6 * P * N * QUAD_INNER * F8 + 2 * P * Q * N * F8 + 8 * P * Q * F8 + (P + Q) * F8


def map_work(G: int, n_dk: int, n_T: int, n_outer: int) -> int:
    """Quadrature work of an exact (dk, T) map (the terms of :func:`map_memory`, x QUAD_COST)."""
    G, P, Q, N = int(G), int(n_dk), int(n_T), int(n_outer)
    return G * (P * N * QUAD_INNER * QUAD_COST + P * Q * N * QUAD_COST)


def induction_memory(T: int, dk: int, chunk: int, alphabet: Optional[int] = None) -> int:
    """Bytes of one chunk of :func:`montecarlo.induction.simulate`: about eight (n, T, dk)
    streams (embeddings, RoPE, momenta, einsum temporaries), the token tables of an
    alphabet (2 x n x V x dk) and the (n, 4, T) channel values with their combinations."""
    n, T, dk = int(chunk), int(T), int(dk)
    mem = 8 * n * T * dk * F8 + 12 * n * T * F8
    if alphabet is not None:
        mem += 2 * n * int(alphabet) * dk * F8 + 2 * n * T * F8
    return mem


def induction_work(trials: int, T: int, dk: int) -> int:
    """Multiply-adds of the channel values: 4 channels x trials x T x dk."""
    return 4 * int(trials) * int(T) * int(dk)


def default_block(nchunks: int, per_chunk_bytes: int, limits: Optional[Limits] = None) -> int:
    """The engine's default block of chunks: ``max(8, nchunks // 16)``, at most 1024, and
    small enough that the block's scratch stays within half the memory limit (>= 1).

    The block size never changes a result (chunk sums are reduced in chunk order), only
    the progress granularity and the memory in flight.
    """
    b = min(max(8, int(nchunks) // 16), 1024, max(1, int(nchunks)))
    lim = current() if limits is None else limits
    if lim.max_memory is not None and per_chunk_bytes > 0:
        b = min(b, max(1, (lim.max_memory // 2) // int(per_chunk_bytes)))
    return max(1, b)
