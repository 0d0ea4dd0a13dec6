"""Numba CPU kernels for the reduced Gaussian score models.

Every kernel evaluates whole chunks of trials (``conventions.CHUNK`` trials each,
chunk ``c`` holding trials ``[c*CHUNK, min((c+1)*CHUNK, ntrials))``) and returns
per-chunk sums, so the caller can reduce them in chunk order: results are
bit-identical for any thread count and any block of chunks a caller asks for.
Inside a chunk, ``conventions.LANES`` trials run side by side in SIMD lanes; a
trial's arithmetic never depends on its lane.

Per trial (Def 62): target score ``a + b Z_0``, distractors ``b Z_j`` (j = 1..m),
``Z`` i.i.d. N(0, 1) from :mod:`montecarlo.rng` (normal index j of the trial), and
the softmax mass on the target ``A = 1 / (1 + sum_j exp(b (Z_j - Z_0) - a))``.
One set of draws serves the whole gamma grid.

Summation order (:data:`SUMMATION`, the same in every backend): for each trial
and coupling the terms are added one candidate at a time in candidate order
j = 1..m, starting from 0.0; a term exp(g^2 x) with x < -LOGCUT / g^2 is not
added (``conventions.LOGCUT``).  Per-trial values ``1 / (1 + S)`` are added in
trial order within each chunk.  The large-m T4 kernel (:func:`t4_chunks`)
changes only how much masked work is skipped, never which terms are added or
in which order, so it gives the same bits as :func:`t4_chunks_reference`.

Threads: the public functions are Python wrappers that run the compiled chunk
function of their kernel once per run of consecutive chunks, on
``numba.get_num_threads()`` threads (:func:`run_chunks`; the chunk functions release
the GIL).

Scratch memory: the wrappers allocate the scratch arrays with NumPy before the
chunks run (one slice per chunk of the block; the reference T4 chunk function allocates
its few rows itself, once per run), so a failed allocation raises MemoryError in the caller,
as does a chunk's own (:func:`run_chunks`); :func:`scratch_bytes` states the size.
"""

from __future__ import annotations

import contextlib
import math
import threading
from collections.abc import Callable, Iterator
from typing import TYPE_CHECKING, Any

import numba
import numpy as np
from llvmlite import ir
from numba import njit, types
from numba.core.extending import intrinsic

from .conventions import CHUNK, LANES, LOGCUT
from .fmath import vexp
from .rng import fill_normals, normal_pair, trial_key, uniform

#: Every kernel function's options.  ``nogil``: the per-chunk functions are called from Python
#: threads (:func:`run_chunks`) and release the GIL while they run.
_JIT: dict[str, Any] = dict(error_model="numpy", cache=True, nogil=True)

#: The summation order of every kernel and backend (stated, not configurable).
SUMMATION = (
    "per trial and coupling: terms in candidate order j = 1..m from 0.0, "
    "masked terms not added; per-trial values in trial order within a chunk, "
    "chunks in chunk order"
)

#: Couplings per block of the T4 recurrence (block b holds g = b*U+1 .. b*U+U).
U = 8
#: T4 scratch rows: 8 state rows (w, r, E^2, x for candidate j, then j + 1; blocks update
#: w and r in place), then one S row per coupling g = 1.. (row 7 + g).
SROW = 8
#: Lanes per stop test: the recurrence of 8 trials (one 512-bit vector) stops at the
#: last coupling one of them needs, instead of the last one any of the 32 needs.
V = 8
NV = LANES // V
#: The 32 trials of a group are placed in lanes in Z_0 order only from this many
#: candidates on (a performance choice: the lane of a trial changes no bit).
SORT_MIN_M = 64
_U64 = np.uint64


# --- the chunks of one call, on Numba's thread count --------------------------------------


#: A call of a compiled chunk function runs at most this many chunks (:func:`run_chunks`): a
#: compiled call cannot be interrupted, so Ctrl-C waits for at most this many chunks per thread.
RUN_MAX = 16


def _run_length(left: int, threads: int) -> int:
    """Chunks in the next run: guided (a share of those left), 1 to :data:`RUN_MAX`."""
    return max(1, min(RUN_MAX, -(-left // (2 * threads))))


def run_chunks(chunk, nc: int, work: Callable[[int, int], None], threads: int | None = None) -> None:
    """``work(i0, i1)`` for consecutive runs of chunks i0..i1-1 covering 0..nc-1, each chunk
    exactly once, on ``threads`` threads (default ``numba.get_num_threads()``: the calling
    thread and at most nc - 1 more), each thread taking the next run not yet taken.

    ``work(i0, i1)`` calls the compiled chunk function ``chunk`` once (``nogil``: the threads
    run it side by side), which runs the chunks of the run one after another and writes only
    their results (rows i0..i1-1 of the caller's arrays), so the numbers do not depend on which
    thread ran which chunk, nor on the thread count or the runs: the same bits as one chunk per
    call (tests/montecarlo/test_digests.py).  The runs are guided: a share of the chunks left
    (1 / (2 x threads)), at least 1 and at most :data:`RUN_MAX`, so that the threads finish
    together and a call costs one Python call and one hand-over of the GIL per run, not per chunk
    (on the §7.9 grid's small points a chunk takes well under a millisecond; docs/performance.rst).
    No second compiled function drives the chunks: a ``prange`` driver was one per kernel, and
    Numba's parallel lowering compiled it, with the chunk function linked in again, in about
    1.3-2.5 s of CPU per kernel on a 2-core AVX2 machine.

    While ``chunk`` is not yet compiled (or loaded) in this process, chunk 0 runs first, alone,
    in the calling thread, so that it compiles once, before any other thread calls it.  If a run
    raises (a MemoryError; a KeyboardInterrupt in the calling thread), no run is started after
    it, the runs under way finish, and the first exception is raised here."""
    threads = min(nc, numba.get_num_threads() if threads is None else max(1, threads))
    start = 0
    if nc > 0 and threads > 1 and not chunk.overloads:
        work(0, 1)
        start = 1
    lock = threading.Lock()
    state = {"next": start, "stop": False}

    def take() -> tuple[int, int] | None:
        with lock:
            i0 = state["next"]
            if state["stop"] or i0 >= nc:
                return None
            i1 = i0 + _run_length(nc - i0, threads)
            state["next"] = i1
            return i0, i1

    def loop() -> None:
        while (run := take()) is not None:
            work(*run)

    if threads <= 1:
        loop()
        return
    failed: list[BaseException] = []

    def helper() -> None:
        try:
            loop()
        except BaseException as exc:  # re-raised in the calling thread
            failed.append(exc)
            state["stop"] = True

    pool = [threading.Thread(target=helper, name=f"psa-chunks-{k}", daemon=True) for k in range(threads - 1)]
    for t in pool:
        t.start()
    try:
        loop()
    finally:
        state["stop"] = True
        for t in pool:
            t.join()
    if failed:
        raise failed[0]


def sum_chunks(
    chunk,
    seed,
    c0,
    c1,
    ntrials,
    G,
    args: tuple,
    scratch: tuple = (),
    threads: int | None = None,
):
    """Per-chunk (sums, sums of squares) of A, shape (c1-c0, G), from the compiled chunk function
    ``chunk``: ``chunk(seed, c0, i0, i1, ntrials, *args, *scratch, sums, sqs)`` runs chunks
    c0 + i0 .. c0 + i1 - 1 (chunk c0 + i: trials t0 = (c0 + i) CHUNK .. min(t0 + CHUNK, ntrials) - 1)
    into rows i0..i1-1 of ``sums`` and ``sqs``, on :func:`run_chunks`'s threads (``threads``: as
    there); ``scratch``: arrays the caller allocated, row i for chunk c0 + i."""
    nc = max(c1 - c0, 0)
    sums = np.zeros((nc, G))
    sqs = np.zeros((nc, G))

    def work(i0: int, i1: int) -> None:
        chunk(seed, c0, i0, i1, ntrials, *args, *scratch, sums, sqs)

    run_chunks(chunk, nc, work, threads)
    return sums, sqs


@njit(**_JIT)
def _lane_keys(seed, base, keys):
    for l in range(keys.size):
        keys[l] = trial_key(seed, base + l)


@njit(**_JIT)
def _t4_setup(zj, z0, w, r, e2, xs, h2, sqrt_dk):
    """Per lane: x = h^2 (2 (Z_j - Z_0) - sqrt(dk)), E = exp(x); returns max x."""
    xmax = -np.inf
    for l in range(w.size):
        x = h2 * (2.0 * (zj[l] - z0[l]) - sqrt_dk)
        e = vexp(x)
        ee = e * e
        e2[l] = ee
        w[l] = e  # E^(1^2)
        r[l] = e * ee  # E^(2*1+1)
        xs[l] = x
    for l in range(w.size):
        xmax = max(xmax, xs[l])
    return xmax


@njit(**_JIT)
def _t4_accumulate(S, w, r, e2, xs, gstop):
    """S[g] += E^(g^2) for g = 1..gstop-1 where g^2 x >= -LOGCUT (recurrence, no exp)."""
    nl = w.size
    for g in range(1, gstop):
        thr = -LOGCUT / np.float64(g * g)
        Sg = S[g]
        for l in range(nl):
            Sg[l] += w[l] if xs[l] >= thr else 0.0
            w[l] *= r[l]
            r[l] *= e2[l]


@njit(**_JIT)
def _finish_lanes(S, nvalid, sums, sqs):
    G = S.shape[0]
    for l in range(nvalid):
        for g in range(G):
            a = 1.0 / (1.0 + S[g, l])
            sums[g] += a
            sqs[g] += a * a


#: The score ensembles :func:`_t4_chunk` draws: Def 62's independent scores (target ``a + b Z_0``,
#: distractors ``b Z_j``), and the two §7.9 dependent ensembles of :mod:`montecarlo.induction`
#: (``matched``: a random |p_q|; ``gaussian``: |p_q| fixed at its mean square).
T4_INDEPENDENT, T4_MATCHED, T4_GAUSSIAN = 0, 1, 2


@njit(**_JIT)
def _t4_chunk(seed, c0, i0, i1, ntrials, m, sqrt_dk, h2, G, ensemble, dki, sums, sqs):
    """Chunks c0 + i0 .. c0 + i1 - 1 (rows i0..i1-1 of ``sums`` and ``sqs``: :func:`sum_chunks`) of
    the reference T4 kernel (:func:`t4_chunks_reference`) for the score ensemble ``ensemble``
    (:data:`T4_INDEPENDENT`, ``dki`` unused; :data:`T4_MATCHED` or :data:`T4_GAUSSIAN` with
    d_k = ``dki``: :func:`montecarlo.induction.dependent_chunks`).

    One function for the three, so that certificate ``sec7.9.independence``, which runs all three
    under :func:`cheap_compile_t4`, compiles one chunk function on a first run, not two: the
    branches are the two functions that were (the same operations in the same order: the same
    bits, tests/montecarlo/test_kernels_t4.py).

    The dependent ensembles in their exact reduced form: conditional on p_q the projections
    y_i = p_q^T k_i / sqrt(dk) are i.i.d. N(0, |p_q|^2/dk), and |p_q|^2 = 2 chi^2_dk, so
    y_i = r xi_i with r = sqrt(2 chi^2_dk / dk): normals 0..m+1 are xi, normals m+2..m+1+dk give
    chi^2 (``matched``; ``gaussian``: r = sqrt 2), uniform number 2*npair places the target.
    """
    S = np.empty((G, LANES))
    w = np.empty(LANES)
    r = np.empty(LANES)
    e2 = np.empty(LANES)
    xs = np.empty(LANES)
    keys = np.empty(LANES, dtype=np.uint64)
    dep = ensemble != T4_INDEPENDENT
    mix = ensemble == T4_MATCHED
    nchi = dki if mix else 0
    npair = (m + 2 + nchi + 1) // 2 if dep else (m + 2) // 2
    Z = np.empty((2 * npair, LANES))
    z0 = np.empty(LANES)
    zj = np.empty(LANES)
    tpos = np.empty(LANES, dtype=np.int64)
    H = np.empty((m + 1 if dep else 0, LANES))
    for i in range(i0, i1):
        t0 = (c0 + i) * CHUNK
        n = min(CHUNK, ntrials - t0)
        for base in range(t0, t0 + n, LANES):
            _lane_keys(seed, base, keys)
            fill_normals(keys, Z, npair)
            if not dep:
                S[:, :] = 0.0
                S[0, :] = np.float64(m)  # gamma = 0: every term is exactly 1
                for j in range(1, m + 1):
                    xmax = _t4_setup(Z[j], Z[0], w, r, e2, xs, h2, sqrt_dk)
                    gstop = G
                    if xmax < 0.0:  # one spare iteration: the mask, not gstop, decides inclusion
                        c = math.floor(math.sqrt(LOGCUT / -xmax)) + 2.0  # compared as float: no int overflow
                        if c < G:
                            gstop = np.int64(c)
                    _t4_accumulate(S, w, r, e2, xs, gstop)
            else:
                for l in range(LANES):
                    if mix:
                        chi = 0.0
                        for q in range(dki):
                            g = Z[m + 2 + q, l]
                            chi += g * g
                        half_r = 0.5 * math.sqrt(2.0 * chi / dki)
                    else:
                        half_r = 0.5 * math.sqrt(2.0)
                    for j in range(m + 1):
                        H[j, l] = half_r * (Z[j + 1, l] - Z[j, l])  # x_j / 2, so _t4_setup forms x_j - x_t - sqrt(dk)
                    t = np.int64(math.floor(uniform(keys[l], 2 * npair) * (m + 1)))
                    t = min(t, m)
                    tpos[l] = t
                    z0[l] = H[t, l]
                S[:, :] = 0.0
                S[0, :] = np.float64(m)
                for j in range(m):
                    for l in range(LANES):
                        zj[l] = H[j if j < tpos[l] else j + 1, l]
                    xmax = _t4_setup(zj, z0, w, r, e2, xs, h2, sqrt_dk)
                    if xmax >= 0.0:
                        gstop = G
                    else:
                        gstop = min(G, np.int64(math.floor(math.sqrt(LOGCUT / -xmax))) + 2)
                    _t4_accumulate(S, w, r, e2, xs, gstop)
            _finish_lanes(S, min(LANES, t0 + n - base), sums[i], sqs[i])


def t4_chunks_reference(seed, c0, c1, ntrials, m, sqrt_dk, h2, G):
    """The T4 kernel before blocking (kept for the benchmark and tests): same numbers as t4_chunks.

    T4-only model on the uniform grid gamma_g = g h (g = 0..G-1), h^2 = h2.

    a = gamma^2 sqrt(dk), b = 2 gamma^2 (eq. 49), so every distractor term is
    exp(g^2 x) with x = h^2 (2 (Z_j - Z_0) - sqrt(dk)): one exp per (trial,
    candidate), the other grid points by the recurrence E^{(g+1)^2} = E^{g^2} E^{2g+1}.
    Returns per-chunk (sums, sums of squares) of A over trials, shape (c1-c0, G)
    (:func:`_t4_chunk` for Def 62's independent scores, on :func:`run_chunks`'s threads; the
    dependent ensembles of :func:`montecarlo.induction.dependent_chunks` run the same chunk function).
    """
    seed, c0, c1, ntrials, m, G = (int(v) for v in (seed, c0, c1, ntrials, m, G))
    return sum_chunks(_t4_chunk, seed, c0, c1, ntrials, G, (m, float(sqrt_dk), float(h2), G, T4_INDEPENDENT, 0))


# --- the T4 kernel: blocked recurrence, stop per 8-lane vector -----------------------
#
# Same terms, same order, same bits as t4_chunks_reference; what changes is the work:
# * the recurrence runs in blocks of U couplings whose state (w, r, E^2, x) stays in
#   registers inside a block (the reference stores w and r back after every coupling);
#   between blocks only w and r are stored, in place;
# * each 8-lane vector runs a block for a candidate only while one of ITS trials has a
#   term of that candidate at the block's first g (x >= -LOGCUT/g^2; the thresholds grow
#   with g, so no later term of a stopped candidate can be included); how many blocks that
#   is, is counted before they run (the max x of the vector's lanes against the blocks'
#   first thresholds: a compare and a population count), so the blocks run in counted
#   loops, with no test per block;
# * the 32 trials of a group are placed in lanes in increasing order of Z_0 (the value
#   that shifts all of a trial's x), so the trials sharing a vector need similar blocks
#   (from m >= SORT_MIN_M on);
# * candidates go two at a time (j, j + 1): at every coupling j's term is added, then
#   j + 1's, exactly the reference's order, but the two exp evaluations and the two
#   recurrences are independent chains that the CPU overlaps; where only one of the two
#   is alive in a vector, a block of that one alone runs (an absent j + 1, m odd, has
#   x = -inf: never alive).
# The lane placement and the skipped blocks change no term: a skipped block would only
# have added 0.0.  Per-trial values are added in trial order, as in the reference.


@njit(**_JIT)
def _t4_layout(m, G):
    """Sizes (Z rows, blocks, threshold entries, block-threshold entries) of the T4 scratch."""
    npair = (m + 2) // 2
    nb = max(1, (G - 1 + U - 1) // U)
    return 2 * npair, nb, nb * U + U + 1, (nb // V + 2) * V


def scratch_bytes(kernel: str, m: int, G: int) -> int:
    """Bytes of scratch one chunk of ``kernel`` ('t4', 'generic', 'argmax') needs.

    A kernel call over ``c1 - c0`` chunks allocates ``(c1 - c0) * scratch_bytes(...)``
    (one slice per chunk) plus its (c1 - c0) x G results.  Bound: for every kernel at
    most ``(2 ceil((m+1)/2) + 2 G + 28 + G/32) * LANES * 8`` bytes per chunk (T4:
    the normals, 8 state rows, 8 ceil((G-1)/8) S rows and small tables; generic:
    the normals and G rows; argmax: the normals and 2 rows).
    """
    L = LANES
    zr = 2 * ((m + 2) // 2)
    if kernel == "t4":
        zr, nb, nt, ntb = _t4_layout(m, G)
        return 8 * (zr * L + (nb * U + SROW) * L + nt + L + ntb + 4 * L)
    if kernel == "generic":
        return 8 * (zr * L + G * L + L)
    if kernel == "argmax":
        return 8 * (zr * L + L + L)
    raise ValueError(f"unknown kernel {kernel!r}")


@njit(**_JIT)
def _sort_lanes(z, perm):
    """perm = the lanes in increasing order of z (insertion sort, stable, no allocation)."""
    for l in range(z.size):
        perm[l] = l
    for i in range(1, z.size):
        p = perm[i]
        v = z[p]
        k = i
        while k > 0 and z[perm[k - 1]] > v:
            perm[k] = perm[k - 1]
            k -= 1
        perm[k] = p


@njit(**_JIT)
def _t4_state(zj, z0, B, h2, sqrt_dk):
    """Block-0 state of one candidate (kernels._t4_setup): w = E, r = E^3, E^2, x.

    ``B`` starts at the candidate's state rows.
    """
    for l in range(LANES):
        x = h2 * (2.0 * (zj[l] - z0[l]) - sqrt_dk)
        e = vexp(x)
        ee = e * e
        B[l] = e  # E^(1^2)
        B[LANES + l] = e * ee  # E^(2*1+1)
        B[2 * LANES + l] = ee
        B[3 * LANES + l] = x


@njit(**_JIT)
def _t4_state_pair(zj, zk, z0, B, h2, sqrt_dk):
    """_t4_state for candidates j and k = j + 1 in one pass (two independent exp chains).

    Rows 0-3 of ``B`` receive j's state, rows 4-7 k's.  Lanes l and l + LANES/2 go in one
    iteration: four independent exp chains in flight.
    """
    H = LANES // 2
    for l in range(H):
        x = h2 * (2.0 * (zj[l] - z0[l]) - sqrt_dk)
        y = h2 * (2.0 * (zk[l] - z0[l]) - sqrt_dk)
        xb = h2 * (2.0 * (zj[l + H] - z0[l + H]) - sqrt_dk)
        yb = h2 * (2.0 * (zk[l + H] - z0[l + H]) - sqrt_dk)
        e = vexp(x)
        f = vexp(y)
        eb = vexp(xb)
        fb = vexp(yb)
        ee = e * e
        ff = f * f
        B[l] = e
        B[LANES + l] = e * ee
        B[2 * LANES + l] = ee
        B[3 * LANES + l] = x
        B[4 * LANES + l] = f
        B[5 * LANES + l] = f * ff
        B[6 * LANES + l] = ff
        B[7 * LANES + l] = y
        ee = eb * eb
        ff = fb * fb
        B[l + H] = eb
        B[LANES + l + H] = eb * ee
        B[2 * LANES + l + H] = ee
        B[3 * LANES + l + H] = xb
        B[4 * LANES + l + H] = fb
        B[5 * LANES + l + H] = fb * ff
        B[6 * LANES + l + H] = ff
        B[7 * LANES + l + H] = yb


@njit(**_JIT)
def _t4_no_state(B):
    """An absent second candidate (m odd): x = -inf fails every mask, w = r = E^2 = 0."""
    for l in range(3 * LANES):
        B[l] = 0.0
    for l in range(LANES):
        B[3 * LANES + l] = -np.inf


def _t4_block_ir(context, builder, sig, args, pair):
    """LLVM IR of one block of the T4 recurrence (eq. 49, Def 62): couplings g0..g0+U-1 of one
    8-lane vector for candidates j and j + 1 (``pair``) or for one candidate -- the terms of
    kernels._t4_accumulate in its order.

    ``args``: B, o, os, thr, g0.  ``o`` is the offset of the vector's lanes in the candidate's
    state rows (w, r, E^2, x, each LANES entries apart; ``pair``: then those of j + 1, rows 4-7;
    updated in place: only w and r change), ``os`` the offset of the vector's lanes in the S row
    of coupling g0 (the rows of g0 + 1, ... follow, LANES entries apart); both unsigned (no
    negative-index wrap).  The IR is written on explicit ``<V x double>`` vectors (one 512-bit
    vector, or two 256-bit ones where LLVM splits it), so no loop vectoriser decides whether the
    lanes go side by side, and the offsets can be run-time values.  Per coupling k, lane by lane:
    ``s = s + w if x >= t_k else s`` (fcmp oge, fadd, select), for j + 1 after j (``pair``), then
    ``w *= r; r *= ee``.  Plain fadd and fmul, no fast-math flag: each lane's IEEE operations in
    the reference's order, the same bits on any vector width.  ``t_k = thr[g0 + k]`` (g0 >= 1).
    A candidate with no lane alive at g0 fails every later mask and adds nothing."""
    B, o, os, thr, g0 = args
    b = context.make_array(sig.args[0])(context, builder, B).data
    th = context.make_array(sig.args[3])(context, builder, thr).data
    i64 = o.type
    i32 = ir.IntType(32)
    vty = ir.VectorType(ir.DoubleType(), V)
    undef = ir.Constant(vty, ir.Undefined)
    zeros = ir.Constant(ir.VectorType(i32, V), [0] * V)

    def splat(val):
        return builder.shuffle_vector(builder.insert_element(undef, val, i32(0)), undef, zeros)

    def at(base, k):  # <V x double>* at &B[base + k*LANES]
        return builder.bitcast(builder.gep(b, [builder.add(base, i64(k * LANES))]), vty.as_pointer())

    t = [splat(builder.load(builder.gep(th, [builder.add(g0, i64(k))]))) for k in range(U)]
    state = [builder.load(at(o, k), align=8) for k in range(8 if pair else 4)]
    w, r, ee, x = state[:4]
    if pair:
        w2, r2, ee2, x2 = state[4:]
    for k in range(U):
        p = at(os, k)
        s = builder.load(p, align=8)
        s = builder.select(builder.fcmp_ordered(">=", x, t[k]), builder.fadd(s, w), s)
        if pair:
            s = builder.select(builder.fcmp_ordered(">=", x2, t[k]), builder.fadd(s, w2), s)
        builder.store(s, p, align=8)
        w = builder.fmul(w, r)
        r = builder.fmul(r, ee)
        if pair:
            w2 = builder.fmul(w2, r2)
            r2 = builder.fmul(r2, ee2)
    out = [(0, w), (1, r)] + ([(4, w2), (5, r2)] if pair else [])
    for k, val in out:  # the next block's state
        builder.store(val, at(o, k), align=8)
    return context.get_dummy_value()


def _f64_rows(ty) -> bool:
    """Whether ``ty`` is the blocks' scratch type: a C-contiguous 1-d float64 array."""
    return isinstance(ty, types.Array) and ty.dtype == types.float64 and ty.ndim == 1 and ty.layout == "C"


def _make_t4_block(pair: bool) -> Any:
    """The intrinsic ``(B, o, os, thr, g0)``: a block of candidates j and j + 1 (``pair``) or of one
    candidate (:func:`_t4_block_ir`)."""

    def blk(typingctx, B, o, os, thr, g0):
        if not (_f64_rows(B) and _f64_rows(thr)):
            return None
        sig = types.void(B, types.uint64, types.uint64, thr, types.int64)
        return sig, lambda c, bl, s, a: _t4_block_ir(c, bl, s, a, pair)

    blk.__name__ = blk.__qualname__ = "_t4_pair_block" if pair else "_t4_single_block"
    return intrinsic(blk)


#: The blocks are Numba intrinsics: a call emits the block's LLVM IR into the caller
#: (:func:`_t4_blocked_chunk`), so Numba never types or lowers a block's body, and no block is a
#: compiled function of its own (nothing cached on its own, no symbol that two cached libraries
#: could both hold).  As njit closures of about 100 statements each they cost about 3.2 s of CPU of
#: the T4 kernel's first compile on a 2-core AVX2 machine; inlined, they also save a call per block.
#: Their IR is on explicit vectors with run-time offsets: one pair block and one single block serve
#: every block index and grid size (there were 8 copies with a compiled distance from state to S
#: rows, for LLVM's loop vectoriser, and a slower one with a run-time distance for grids past 65
#: couplings); the same bits (tests/montecarlo/test_digests.py).
_t4_pair_block = _make_t4_block(True)
_t4_single_block = _make_t4_block(False)


if TYPE_CHECKING:  # how compiled code calls the intrinsic below (Numba supplies typingctx)

    def _t4_live_blocks(B: np.ndarray, o: np.uint64, thrb: np.ndarray) -> int: ...

else:

    @intrinsic
    def _t4_live_blocks(typingctx, B, o, thrb):
        """How many blocks have a live lane in the vector at ``B[o : o + V]`` (a row of x): the number
        of b with max x >= thrb[b] (``thrb``: the blocks' first thresholds, increasing, +inf past the
        grid, so these are the first blocks).  The max over the lanes (three shuffles), then per V
        blocks one vector compare and a population count, until a group of V is not all live: no
        branch per block."""
        if not (_f64_rows(B) and _f64_rows(thrb)):
            return None

        def codegen(context, builder, sig, args):
            b = context.make_array(sig.args[0])(context, builder, args[0]).data
            th = context.make_array(sig.args[2])(context, builder, args[2]).data
            vty = ir.VectorType(ir.DoubleType(), V)
            i32, i64 = ir.IntType(32), ir.IntType(64)
            x = builder.load(builder.bitcast(builder.gep(b, [args[1]]), vty.as_pointer()), align=8)
            half = V // 2
            while half:  # the max over the lanes, in lane 0 (x is never NaN)
                rot = ir.Constant(ir.VectorType(i32, V), [(i + half) % V for i in range(V)])
                sh = builder.shuffle_vector(x, x, rot)
                x = builder.select(builder.fcmp_ordered(">", sh, x), sh, x)
                half //= 2
            undef = ir.Constant(vty, ir.Undefined)
            xs = builder.shuffle_vector(x, undef, ir.Constant(ir.VectorType(i32, V), [0] * V))
            ctpop = builder.module.declare_intrinsic("llvm.ctpop", [ir.IntType(V)])
            entry = builder.basic_block
            loop = builder.append_basic_block("t4_live_blocks.loop")
            done = builder.append_basic_block("t4_live_blocks.done")
            builder.branch(loop)
            builder.position_at_end(loop)
            n = builder.phi(i64)
            tv = builder.load(builder.bitcast(builder.gep(th, [n]), vty.as_pointer()), align=8)
            mask = builder.bitcast(builder.fcmp_ordered(">=", xs, tv), ir.IntType(V))
            k = builder.zext(builder.call(ctpop, [mask]), i64)
            n1 = builder.add(n, k)
            n.add_incoming(i64(0), entry)
            n.add_incoming(n1, loop)
            builder.cbranch(builder.icmp_unsigned("==", k, i64(V)), loop, done)
            builder.position_at_end(done)
            return n1

        return types.int64(B, types.uint64, thrb), codegen


@njit(**_JIT)
def _t4_finish(B, m, G, nvalid, pos, sums, sqs):
    """kernels._finish_lanes on the blocked layout: trials in trial order (lane pos[t])."""
    a0 = 1.0 / (1.0 + np.float64(m))  # gamma = 0: S = m exactly
    for t in range(nvalid):
        l = pos[t]
        sums[0] += a0
        sqs[0] += a0 * a0
        for g in range(1, G):
            a = 1.0 / (1.0 + B[(SROW - 1 + g) * LANES + l])
            sums[g] += a
            sqs[g] += a * a


@njit(**_JIT)
def _t4_blocked_chunk(seed, c0, i0, i1, ntrials, m, sqrt_dk, h2, G, fs, kus, kis, sums, sqs):
    """Chunks c0 + i0 .. c0 + i1 - 1 of :func:`t4_chunks` (rows i0..i1-1 of the scratch ``fs``,
    ``kus``, ``kis`` and of ``sums``, ``sqs``: :func:`sum_chunks`)."""
    L = LANES
    zr, nb, nt, ntb = _t4_layout(m, G)
    npair = zr // 2
    nz = zr * L
    nbr = (nb * U + SROW) * L
    for i in range(i0, i1):
        t0 = (c0 + i) * CHUNK
        n = min(CHUNK, ntrials - t0)
        f = fs[i]
        ku = kus[i]
        ki = kis[i]
        Z = f[:nz].reshape((zr, L))
        B = f[nz : nz + nbr]
        thr = f[nz + nbr : nz + nbr + nt]
        z0 = f[nz + nbr + nt : nz + nbr + nt + L]
        thrb = f[nz + nbr + nt + L : nz + nbr + nt + L + ntb]
        keys = ku[:L]
        k0 = ku[L : 2 * L]
        perm = ki[:L]
        pos = ki[L : 2 * L]
        thr[0] = -np.inf
        for g in range(1, nt):  # the reference's mask thresholds; +inf past the grid
            thr[g] = -LOGCUT / np.float64(g * g) if g < G else np.inf
        for b in range(ntb):  # block b's first threshold (g = b*U + 1); +inf past the grid
            thrb[b] = thr[b * U + 1] if b < nb else np.inf
        for base in range(t0, t0 + n, L):
            _lane_keys(seed, base, k0)
            if m >= SORT_MIN_M:
                for l in range(L):
                    z0[l] = normal_pair(k0[l], 0)[0]
                _sort_lanes(z0, perm)
            else:  # few candidates: the ordering would cost more than it saves
                for l in range(L):
                    perm[l] = l
            for l in range(L):
                keys[l] = k0[perm[l]]
                pos[perm[l]] = l
            fill_normals(keys, Z, npair)
            B[SROW * L :] = 0.0  # the S rows (the state rows are written before they are read)
            B2 = B[4 * L :]
            for j in range(1, m + 1, 2):  # candidates j and j + 1 side by side
                if j < m:
                    _t4_state_pair(Z[j], Z[j + 1], Z[0], B, h2, sqrt_dk)
                else:
                    _t4_state(Z[j], Z[0], B, h2, sqrt_dk)
                    _t4_no_state(B2)
                for v in range(NV):
                    o = _U64(v * V)
                    # the blocks of j and of j + 1 in vector v: those whose first coupling has a live
                    # lane (the thresholds grow with g: the first nj, resp. nk, blocks)
                    nj = _t4_live_blocks(B, o + _U64(3 * L), thrb)
                    nk = _t4_live_blocks(B, o + _U64(7 * L), thrb)
                    g = np.int64(1)  # the coupling counter, int64 throughout
                    so = _U64(SROW * L) + o  # vector v's lanes in the S row of g
                    for _ in range(min(nj, nk)):  # both alive
                        _t4_pair_block(B, o, so, thr, g)
                        g += U
                        so += _U64(U * L)
                    ol = o if nj > nk else o + _U64(4 * L)  # the one alive longer, alone
                    for _ in range(abs(nj - nk)):
                        _t4_single_block(B, ol, so, thr, g)
                        g += U
                        so += _U64(U * L)
            _t4_finish(B, m, G, min(L, t0 + n - base), pos, sums[i], sqs[i])


def t4_chunks(seed, c0, c1, ntrials, m, sqrt_dk, h2, G):
    """T4-only model on the uniform grid gamma_g = g h (g = 0..G-1), h^2 = h2.

    a = gamma^2 sqrt(dk), b = 2 gamma^2 (eq. 49), so every distractor term is
    exp(g^2 x) with x = h^2 (2 (Z_j - Z_0) - sqrt(dk)): one exp per (trial,
    candidate), the other grid points by the recurrence E^{(g+1)^2} = E^{g^2} E^{2g+1};
    terms with g^2 x < -LOGCUT are dropped (``x < -LOGCUT / g^2``, as every backend).
    Returns per-chunk (sums, sums of squares) of A over trials, shape (c1-c0, G),
    bit-identical to :func:`t4_chunks_reference` (see the comment above).
    Scratch: (c1 - c0) x scratch_bytes('t4', m, G) bytes, allocated here.
    """
    seed, c0, c1, ntrials, m, G = (int(v) for v in (seed, c0, c1, ntrials, m, G))
    args = (m, float(sqrt_dk), float(h2), G)
    if cheap_compile_on():
        return sum_chunks(_t4_chunk, seed, c0, c1, ntrials, G, args + (T4_INDEPENDENT, 0), threads=1)
    nc = max(c1 - c0, 0)
    f = np.empty((nc, scratch_bytes("t4", m, G) // 8 - 4 * LANES))
    ku = np.empty((nc, 2 * LANES), dtype=np.uint64)
    ki = np.empty((nc, 2 * LANES), dtype=np.int64)
    return sum_chunks(_t4_blocked_chunk, seed, c0, c1, ntrials, G, args, (f, ku, ki))


_cheap = threading.local()


def cheap_compile_on() -> bool:
    """Whether this thread is inside :func:`cheap_compile_t4`."""
    return bool(getattr(_cheap, "on", False))


@contextlib.contextmanager
def cheap_compile_t4() -> Iterator[None]:
    """Inside this block (in this thread), :func:`t4_chunks` runs the reference T4 chunk
    (:func:`_t4_chunk`, the chunk function of :func:`t4_chunks_reference`) instead of the blocked one
    (:func:`_t4_blocked_chunk`), and both it and :func:`montecarlo.induction.dependent_chunks` (which
    runs the same chunk function for its dependent ensembles in any case) run their chunks on the
    calling thread alone: at m <= 23 a chunk is a fraction of a millisecond, and a second thread
    only added the GIL's hand-overs (certificate ``sec7.9.independence``'s Monte Carlo: 0.18 s of
    CPU on one thread, 0.21 s on two, no faster).

    Same numbers, bit for bit (the same terms in the same order: see the comment above
    :func:`_t4_layout`; tests/montecarlo/test_kernels_t4.py), but a fraction of the compile time:
    on a 2-core AVX2 machine the blocked chunk function compiled in about 7.4 s of CPU in a fresh
    process (its 8 block functions), the reference chunk function in about 2.6 s.  The reference
    chunk is slower at large m: it serves a caller whose whole Monte Carlo is small -- certificate
    ``sec7.9.independence`` (m <= 23, 5 x 8,000 trials a point), the one place a default
    ``psa-cert run`` runs a kernel -- so that a first run does not compile the fast kernel for a
    few seconds of sampling.
    """
    before = getattr(_cheap, "on", False)
    _cheap.on = True
    try:
        yield
    finally:
        _cheap.on = before


@njit(**_JIT)
def _generic_accumulate(S, zj, z0, a, b):
    G = a.size
    nl = zj.size
    for g in range(G):
        ag = a[g]
        bg = b[g]
        Sg = S[g]
        for l in range(nl):
            Sg[l] += vexp(bg * (zj[l] - z0[l]) - ag)


@njit(**_JIT)
def _generic_chunk(seed, c0, i0, i1, ntrials, m, a, b, fs, kus, sums, sqs):
    """Chunks c0 + i0 .. c0 + i1 - 1 of :func:`generic_chunks` (rows i0..i1-1 of the scratch ``fs``,
    ``kus`` and of ``sums``, ``sqs``: :func:`sum_chunks`)."""
    G = a.size
    npair = (m + 2) // 2
    nz = 2 * npair * LANES
    for i in range(i0, i1):
        t0 = (c0 + i) * CHUNK
        n = min(CHUNK, ntrials - t0)
        f = fs[i]
        keys = kus[i]
        Z = f[:nz].reshape((2 * npair, LANES))
        S = f[nz : nz + G * LANES].reshape((G, LANES))
        for base in range(t0, t0 + n, LANES):
            _lane_keys(seed, base, keys)
            fill_normals(keys, Z, npair)
            S[:, :] = 0.0
            for j in range(1, m + 1):
                _generic_accumulate(S, Z[j], Z[0], a, b)
            _finish_lanes(S, min(LANES, t0 + n - base), sums[i], sqs[i])


def generic_chunks(seed, c0, c1, ntrials, m, a, b):
    """Any model with target a_g + b_g Z_0 and distractors b_g Z_j (one exp per term).

    Scratch: (c1 - c0) x scratch_bytes('generic', m, G) bytes, allocated here.
    """
    seed, c0, c1, ntrials, m = (int(v) for v in (seed, c0, c1, ntrials, m))
    a = np.ascontiguousarray(a, dtype=np.float64)
    b = np.ascontiguousarray(b, dtype=np.float64)
    nc = max(c1 - c0, 0)
    f = np.empty((nc, scratch_bytes("generic", m, a.size) // 8 - LANES))
    ku = np.empty((nc, LANES), dtype=np.uint64)
    return sum_chunks(_generic_chunk, seed, c0, c1, ntrials, a.size, (m, a, b), (f, ku))


@njit(**_JIT)
def _argmax_chunk(seed, c0, i0, i1, ntrials, m, s, fs, kus, wins):
    """Chunks c0 + i0 .. c0 + i1 - 1 of :func:`argmax_chunks` (rows i0..i1-1 of the scratch ``fs``,
    ``kus`` and of ``wins``)."""
    npair = (m + 2) // 2
    nz = 2 * npair * LANES
    for i in range(i0, i1):
        t0 = (c0 + i) * CHUNK
        n = min(CHUNK, ntrials - t0)
        f = fs[i]
        keys = kus[i]
        Z = f[:nz].reshape((2 * npair, LANES))
        mx = f[nz : nz + LANES]
        count = 0
        for base in range(t0, t0 + n, LANES):
            _lane_keys(seed, base, keys)
            fill_normals(keys, Z, npair)
            mx[:] = -np.inf
            for j in range(1, m + 1):
                zj = Z[j]
                for l in range(LANES):
                    mx[l] = max(mx[l], zj[l])
            for l in range(min(LANES, t0 + n - base)):
                if Z[0, l] + s > mx[l]:
                    count += 1
        wins[i] = count


def argmax_chunks(seed, c0, c1, ntrials, m, s):
    """Per-chunk counts of trials in which Z_0 + s beats all m distractors Z_j (eq. 51 by MC).

    Scratch: (c1 - c0) x scratch_bytes('argmax', m, 0) bytes, allocated here.
    """
    seed, c0, c1, ntrials, m = (int(v) for v in (seed, c0, c1, ntrials, m))
    nc = max(c1 - c0, 0)
    f = np.empty((nc, scratch_bytes("argmax", m, 0) // 8 - LANES))
    ku = np.empty((nc, LANES), dtype=np.uint64)
    wins = np.zeros(nc, dtype=np.int64)
    s = float(s)

    def work(i0: int, i1: int) -> None:
        _argmax_chunk(seed, c0, i0, i1, ntrials, m, s, f, ku, wins)

    run_chunks(_argmax_chunk, nc, work)
    return wins
