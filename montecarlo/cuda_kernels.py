"""CUDA backend (numba-cuda): the CPU kernels' per-trial arithmetic, one thread per trial.

Importing this module imports ``numba.cuda``; :func:`montecarlo.backends.get_backend`
does so only when ``--backend gpu`` is asked for, and turns every reason it cannot
run (numba-cuda missing, no GPU) into :class:`~montecarlo.backends.BackendUnavailable`.

What is shared with the CPU, and how
------------------------------------
* The random stream and the float64 maths are the SAME Python functions as on the CPU:
  ``rng.trial_key`` / ``rng.normal_pair`` (SplitMix64 keyed by (seed, trial), uniforms
  ``((w >> 12) + 0.5) 2^-52``, Box-Muller) and ``fmath.vexp`` / ``vlog`` /
  ``sincos2pi``.  They are ``numba.njit`` functions; numba-cuda compiles a CPU
  dispatcher called from a kernel for the CUDA target from the same source, and the
  two bitcast ``@intrinsic`` of :mod:`montecarlo.fmath` (generic-target intrinsics
  whose codegen is a bare LLVM ``bitcast``) lower unchanged to ``mov.b64`` in PTX.
  No libdevice call and no CUDA variant of any formula is needed; the one change
  was ``np.sqrt`` -> ``math.sqrt`` in ``rng.normal_pair`` (numba-cuda types no scalar
  ``np.sqrt``; both are the correctly rounded IEEE square root, and the CPU machine
  code is unchanged).
* The per-trial model arithmetic (:func:`t4_trial`, :func:`generic_trial`,
  :func:`argmax_trial`) is plain ``@njit`` code too, written once here and compiled
  for both targets: for the GPU inside the kernels, for the CPU when the CUDA
  simulator (``NUMBA_ENABLE_CUDASIM=1``) runs those kernels -- so the simulator tests
  exercise numba's typing of exactly the code the GPU runs.  They are
  ``inline="always"`` (inlined in numba IR), so a kernel is one function for NVVM and
  its PTX can be produced without a device (:func:`kernel_ptx`).  Each mirrors a line of
  :mod:`montecarlo.kernels` (named in its docstring); the tests compare the two
  bit for bit.
* The reduction is the CPU's: per-trial values ``A = 1/(1 + S)`` are summed within
  each ``CHUNK`` in trial order, starting from 0.0, one thread per (chunk, gamma);
  the engine reduces the chunk sums in chunk order as for every backend.

FMA contraction
---------------
numba-cuda compiles with NVVM's default ``-fma=1`` unless told otherwise (``fastmath``
only ever turns it on), so ``a * b + c`` may become one fused multiply-add, which
rounds once instead of twice and changes the last bits.  The CPU kernels are never
contracted (numba emits no ``contract`` flags without fastmath).  numba-cuda has no
public option for ``-fma=0``, so :func:`_install_no_fma` wraps the ``compile_cuda``
that numba-cuda's kernel objects call and adds ``fma=False`` to the NVVM options of
OUR kernels only (the device functions they call are compiled into the same NVVM
unit).  With ``-fma=0`` NVVM emits ``mul.rn`` / ``add.rn``, which ptxas may not
fuse either.  If numba-cuda's internals change so that the wrapper cannot be
installed, the backend still runs (contracted, equal to rounding) and says so in
``CUDABackend.fma_contraction``.
"""

from __future__ import annotations

import contextlib
import io
import math
import warnings
from typing import TYPE_CHECKING, Any, Iterator, SupportsInt

import numpy as np
from numba import cuda, njit

from .conventions import CHUNK, LOGCUT, uniform_grid_step
from .fmath import vexp
from .rng import normal_pair, trial_key

if TYPE_CHECKING:  # annotations only: no import at run time
    from numpy.typing import NDArray

    from theory._types import FloatArray

    from .models import Model

#: Grid points one thread holds at a time (a per-thread local array); a larger grid is
#: evaluated in passes of GMAX couplings (same arithmetic per term, normals recomputed).
GMAX = 64
#: Threads per block.
TPB = 128
#: The backend evaluates up to this many float64 per-trial values per launch window
#: (G x trials), 256 MiB: windows start on chunk boundaries, so they change no bit.
WINDOW_VALUES = 1 << 25

_NJ: dict[str, Any] = dict(error_model="numpy", inline="always", cache=True)
NVVM_OPTIONS = {"fma": False}


# --- per-trial arithmetic, compiled for the CPU (simulator) and for CUDA --------------


@njit(**_NJ)
def _t4_term(S, zj, z0, sqrt_dk, h2, g_lo, ng):
    """One distractor of the T4 kernel: kernels._t4_state + the recurrence of kernels._t4_block_ir.

    x = h^2 (2 (Z_j - Z_0) - sqrt(dk)); E^(g^2) by the recurrence w <- w r, r <- r E^2;
    the term is added where x >= -LOGCUT / g^2 (the mask alone decides inclusion; the
    stop index only saves work and is per thread here, per 8-lane vector and block of
    kernels.U couplings on the CPU).  Terms are added in candidate order j = 1..m as on
    the CPU (kernels.SUMMATION), so the sums are the same bits.
    """
    x = h2 * (2.0 * (zj - z0) - sqrt_dk)
    e = vexp(x)
    ee = e * e
    w = e
    r = e * ee
    g_hi = g_lo + ng
    gstop = g_hi
    if x < 0.0:
        q = math.sqrt(LOGCUT / -x)
        if q < g_hi:  # compare in float: no integer overflow for tiny |x|
            gstop = min(g_hi, np.int64(math.floor(q)) + 2)
    for g in range(1, gstop):
        if g >= g_lo and x >= -LOGCUT / np.float64(g * g):
            S[g - g_lo] += w
        w *= r
        r *= ee


@njit(**_NJ)
def t4_trial(seed, trial, m, sqrt_dk, h2, g_lo, ng, S):
    """S[k] = sum_j E_j^(g^2), g = g_lo + k, for one trial of the T4 kernel (kernels._t4_blocked_chunk)."""
    for k in range(ng):
        S[k] = 0.0
    if g_lo == 0:
        S[0] = np.float64(m)  # gamma = 0: every term is exactly 1
    key = trial_key(seed, trial)  # the key stays inside compiled code (uint64)
    z0, z1 = normal_pair(key, 0)
    _t4_term(S, z1, z0, sqrt_dk, h2, g_lo, ng)
    for p in range(1, (m + 2) // 2):
        za, zb = normal_pair(key, p)
        _t4_term(S, za, z0, sqrt_dk, h2, g_lo, ng)
        if 2 * p + 1 <= m:
            _t4_term(S, zb, z0, sqrt_dk, h2, g_lo, ng)


@njit(**_NJ)
def _generic_term(S, zj, z0, a, b, g_lo, ng):
    """kernels._generic_accumulate for one distractor: S[g] += exp(b_g (Z_j - Z_0) - a_g)."""
    for k in range(ng):
        g = g_lo + k
        S[k] += vexp(b[g] * (zj - z0) - a[g])


@njit(**_NJ)
def generic_trial(seed, trial, m, a, b, g_lo, ng, S):
    """S[k] = sum_j exp(b_g (Z_j - Z_0) - a_g), g = g_lo + k, for one trial (kernels._generic_chunk)."""
    for k in range(ng):
        S[k] = 0.0
    key = trial_key(seed, trial)  # the key stays inside compiled code (uint64)
    z0, z1 = normal_pair(key, 0)
    _generic_term(S, z1, z0, a, b, g_lo, ng)
    for p in range(1, (m + 2) // 2):
        za, zb = normal_pair(key, p)
        _generic_term(S, za, z0, a, b, g_lo, ng)
        if 2 * p + 1 <= m:
            _generic_term(S, zb, z0, a, b, g_lo, ng)


@njit(**_NJ)
def argmax_trial(seed, trial, m, s):
    """1 if Z_0 + s beats all m distractors Z_j, else 0 (kernels._argmax_chunk)."""
    key = trial_key(seed, trial)  # the key stays inside compiled code (uint64)
    z0, z1 = normal_pair(key, 0)
    mx = z1  # = max(-inf, Z_1), the CPU start value
    for p in range(1, (m + 2) // 2):
        za, zb = normal_pair(key, p)
        mx = max(mx, za)
        if 2 * p + 1 <= m:
            mx = max(mx, zb)
    return 1 if z0 + s > mx else 0


# --- kernels -----------------------------------------------------------------------


@cuda.jit
def _t4_kernel(seed, t_first, n, m, sqrt_dk, h2, g_lo, ng, vals):
    i = cuda.grid(1)
    if i < n:
        S = cuda.local.array(GMAX, np.float64)
        t4_trial(seed, t_first + i, m, sqrt_dk, h2, g_lo, ng, S)
        for k in range(ng):
            vals[g_lo + k, i] = 1.0 / (1.0 + S[k])  # kernels._finish_lanes


@cuda.jit
def _generic_kernel(seed, t_first, n, m, a, b, g_lo, ng, vals):
    # a_g, b_g of this pass in shared memory: read by every thread of the block
    sa = cuda.shared.array(GMAX, np.float64)
    sb = cuda.shared.array(GMAX, np.float64)
    tid = cuda.threadIdx.x
    for k in range(tid, ng, cuda.blockDim.x):
        sa[k] = a[g_lo + k]
        sb[k] = b[g_lo + k]
    cuda.syncthreads()
    i = cuda.grid(1)
    if i < n:
        S = cuda.local.array(GMAX, np.float64)
        generic_trial(seed, t_first + i, m, sa, sb, 0, ng, S)
        for k in range(ng):
            vals[g_lo + k, i] = 1.0 / (1.0 + S[k])  # kernels._finish_lanes


@cuda.jit
def _chunk_sums_kernel(vals, n, sums, sqs):
    """sums[c, g] = sum of vals[g, t] over chunk c in trial order from 0.0 (kernels._finish_lanes)."""
    G = vals.shape[0]
    k = cuda.grid(1)
    nc = (n + CHUNK - 1) // CHUNK
    if k < nc * G:
        c = k // G
        g = k - c * G
        t1 = min(n, (c + 1) * CHUNK)
        s = 0.0
        q = 0.0
        for t in range(c * CHUNK, t1):
            v = vals[g, t]
            s += v
            q += v * v
        sums[c, g] = s
        sqs[c, g] = q


@cuda.jit
def _argmax_kernel(seed, t_first, n, m, s, wins):
    i = cuda.grid(1)
    if i < n:
        wins[i] = argmax_trial(seed, t_first + i, m, s)


@cuda.jit
def _chunk_counts_kernel(wins, n, counts):
    c = cuda.grid(1)
    nc = (n + CHUNK - 1) // CHUNK
    if c < nc:
        t1 = min(n, (c + 1) * CHUNK)
        w = 0
        for t in range(c * CHUNK, t1):
            w += wins[t]
        counts[c] = w


KERNELS = {
    "t4": _t4_kernel,
    "generic": _generic_kernel,
    "chunk_sums": _chunk_sums_kernel,
    "argmax": _argmax_kernel,
    "chunk_counts": _chunk_counts_kernel,
}


# --- FMA contraction off for our kernels (see the module docstring) -----------------


def _kernel_py_funcs() -> set[Any]:
    return {getattr(k, "py_func", None) for k in KERNELS.values()} - {None}


def _install_no_fma() -> str:
    """Make numba-cuda compile our kernels with NVVM -fma=0; returns a description."""
    if simulated():
        return "none (CUDA simulator: NumPy/CPU arithmetic, never contracted)"
    try:
        from numba.cuda import dispatcher as _disp

        orig = _disp.compile_cuda
    except (ImportError, AttributeError):
        return "NVVM default (-fma=1): numba-cuda internals changed, could not request -fma=0"
    ours = _kernel_py_funcs()
    if getattr(orig, "_psa_no_fma", None) is not None:
        orig._psa_no_fma.update(ours)
        return "off (NVVM -fma=0)"

    def compile_cuda(pyfunc, *args, **kwargs):
        if pyfunc in compile_cuda._psa_no_fma:  # type: ignore[attr-defined]  # see below
            opts = dict(kwargs.get("nvvm_options") or {})
            opts.update(NVVM_OPTIONS)
            kwargs["nvvm_options"] = opts
        return orig(pyfunc, *args, **kwargs)

    # marker attributes on the wrapper (read back by a second install): mypy does not model
    # attributes set on a function
    compile_cuda._psa_no_fma = set(ours)  # type: ignore[attr-defined]
    compile_cuda.__wrapped__ = orig  # type: ignore[attr-defined]
    _disp.compile_cuda = compile_cuda
    return "off (NVVM -fma=0)"


def kernel_signatures() -> dict[str, tuple[Any, ...]]:
    """The argument types the backend launches each kernel with (C-contiguous device arrays)."""
    from numba.cuda import types as t

    f8, i8 = t.float64, t.int64
    a1, a2 = t.Array(t.float64, 1, "C"), t.Array(t.float64, 2, "C")
    return {
        "t4": (i8, i8, i8, i8, f8, f8, i8, i8, a2),
        "generic": (i8, i8, i8, i8, a1, a1, i8, i8, a2),
        "chunk_sums": (a2, i8, a2, a2),
        "argmax": (i8, i8, i8, i8, f8, t.Array(t.int32, 1, "C")),
        "chunk_counts": (t.Array(t.int32, 1, "C"), i8, t.Array(t.int64, 1, "C")),
    }


def kernel_ptx(name: str, cc: tuple[int, int] = (9, 0), fma: bool = False) -> str:
    """PTX of one of our kernels for compute capability ``cc`` (needs NVVM, not a GPU).

    For inspection and tests; ``fma=False`` passes NVVM -fma=0 as the backend does.
    """
    from numba.cuda import types as t
    from numba.cuda.compiler import compile_cuda

    opts = {"opt": 3, "fastmath": False}
    if not fma:
        opts.update(NVVM_OPTIONS)
    cres = compile_cuda(KERNELS[name].py_func, t.void, kernel_signatures()[name], nvvm_options=opts, cc=cc)
    return cres.library.get_asm_str(cc=cc)


# --- the backend --------------------------------------------------------------------


def simulated() -> bool:
    from numba.core import config

    # numba.core.config sets its options at run time (from the environment): no declared attribute
    return bool(config.ENABLE_CUDASIM)  # type: ignore[attr-defined]


def availability_error() -> str | None:
    """Why the GPU backend cannot run here (one line), or None if it can."""
    if simulated():
        return None
    if getattr(cuda, "implementation", "") != "NVIDIA":
        return (
            "numba.cuda is numba's built-in CUDA target, not numba-cuda (its import redirector "
            "was not loaded); pip install 'psa-toolkit[gpu]'"
        )
    try:
        with contextlib.redirect_stdout(io.StringIO()):
            if cuda.is_available():
                return None
            cuda.detect()  # raises with the driver's reason when there is one
    except Exception as exc:  # noqa: BLE001 - any driver failure means "no GPU"
        reason = " ".join(ln.strip() for ln in str(exc).splitlines() if ln.strip()).rstrip(" .:")
        reason = reason.replace("Error at driver init: ", "")
        return f"no CUDA GPU detected ({reason[:160] or type(exc).__name__})"
    return "no CUDA GPU detected"


def _grid(n: int) -> int:
    return max(1, (n + TPB - 1) // TPB)


@contextlib.contextmanager
def _quiet_launches() -> Iterator[None]:
    """numba-cuda warns about small grids (GPU under-utilisation); the engine's last block is small."""
    with warnings.catch_warnings():
        warnings.filterwarnings("ignore", message=".*under-utilization.*")
        warnings.filterwarnings("ignore", message=".*under utilization.*")
        yield


class CUDABackend:
    """``--backend gpu``: the numbers of :class:`~montecarlo.backends.CPUBackend` (module doc).

    The engine asks for blocks of chunks; a GPU wants many more trials per launch, so a
    call evaluates a window of the seed's chunks from ``c0`` on (about WINDOW_VALUES
    per-trial values) and later calls for the same (model, seed, parameters) are served
    from it.  A chunk's sums depend only on its own trials, so this changes no number.
    Made by :func:`montecarlo.backends.get_backend`, which checks :func:`availability_error` first.
    """

    name = "gpu"

    def __init__(self) -> None:
        self.fma_contraction = _install_no_fma()
        self.simulator = simulated()
        self._ahead: tuple[Any, int, FloatArray, FloatArray] | None = None  # (key, c_start, sums, sqs)

    @property
    def device_name(self) -> str:
        if self.simulator:
            return "CUDA simulator"
        name = cuda.get_current_device().name
        return name.decode() if isinstance(name, bytes) else str(name)

    @staticmethod
    def window_chunks(G: int) -> int:
        """Chunks per launch window for a grid of G couplings."""
        return max(1, WINDOW_VALUES // (G * CHUNK))

    # -- curves
    def curve_chunks(
        self,
        model: Model,
        seed: SupportsInt,
        c0: int,
        c1: int,
        ntrials: int,
        m: SupportsInt,
        dk: float,
        gammas: FloatArray,
    ) -> tuple[FloatArray, FloatArray]:
        gammas = np.asarray(gammas, dtype=float)
        G = gammas.size
        h = uniform_grid_step(gammas)
        params: tuple[Any, ...]  # ("t4", sqrt_dk, h2) or ("generic", a, b)
        pkey: tuple[Any, ...]
        if model.name == "t4" and h is not None:  # the CPU's dispatch (backends.CPUBackend)
            params = ("t4", float(np.sqrt(dk)), h * h)
            pkey = params
        else:
            a = np.ascontiguousarray(model.a(gammas, dk), dtype=float)
            b = np.ascontiguousarray(model.b(gammas, dk), dtype=float)
            params = ("generic", a, b)
            pkey = ("generic", a.tobytes(), b.tobytes())
        key = (pkey, int(seed), int(ntrials), int(m), G)
        if self._ahead is not None:
            k, cs, sums, sqs = self._ahead
            if k == key and cs <= c0 and c1 <= cs + sums.shape[0]:
                return sums[c0 - cs : c1 - cs].copy(), sqs[c0 - cs : c1 - cs].copy()
        nch = (ntrials + CHUNK - 1) // CHUNK
        win = self.window_chunks(G)
        ce = min(nch, max(c1, c0 + win))
        parts = [
            self._curve_window(params, int(seed), w0, min(ce, w0 + win), int(ntrials), int(m), G)
            for w0 in range(c0, ce, win)
        ]
        sums = np.concatenate([p[0] for p in parts])
        sqs = np.concatenate([p[1] for p in parts])
        self._ahead = (key, c0, sums, sqs)
        return sums[: c1 - c0].copy(), sqs[: c1 - c0].copy()

    def _curve_window(
        self, params: tuple[Any, ...], seed: int, c0: int, c1: int, ntrials: int, m: int, G: int
    ) -> tuple[FloatArray, FloatArray]:
        """Chunk sums of chunks [c0, c1): per-trial values on the device, then the reduction."""
        t_first = c0 * CHUNK
        n = min(ntrials, c1 * CHUNK) - t_first
        nc = c1 - c0
        with _quiet_launches():
            vals = cuda.device_array((G, n), dtype=np.float64)
            if params[0] == "t4":
                _, sqrt_dk, h2 = params
                for g_lo in range(0, G, GMAX):
                    ng = min(GMAX, G - g_lo)
                    _t4_kernel[_grid(n), TPB](seed, t_first, n, m, sqrt_dk, h2, g_lo, ng, vals)
            else:
                _, a, b = params
                da, db = cuda.to_device(a), cuda.to_device(b)
                for g_lo in range(0, G, GMAX):
                    ng = min(GMAX, G - g_lo)
                    _generic_kernel[_grid(n), TPB](seed, t_first, n, m, da, db, g_lo, ng, vals)
            sums = cuda.device_array((nc, G), dtype=np.float64)
            sqs = cuda.device_array((nc, G), dtype=np.float64)
            _chunk_sums_kernel[_grid(nc * G), TPB](vals, n, sums, sqs)
            return sums.copy_to_host(), sqs.copy_to_host()

    # -- argmax
    def argmax_chunks(
        self, seed: SupportsInt, c0: int, c1: int, ntrials: int, m: SupportsInt, s: float
    ) -> NDArray[np.int64]:
        t_first = c0 * CHUNK
        n = min(ntrials, c1 * CHUNK) - t_first
        nc = c1 - c0
        with _quiet_launches():
            wins = cuda.device_array(n, dtype=np.int32)
            _argmax_kernel[_grid(n), TPB](int(seed), t_first, n, int(m), float(s), wins)
            counts = cuda.device_array(nc, dtype=np.int64)
            _chunk_counts_kernel[_grid(nc), TPB](wins, n, counts)
            return counts.copy_to_host()
