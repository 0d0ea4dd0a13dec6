"""Sweeps of gamma_c over a (dk, T) grid: §7.9 (paper grid) and §7.10 (T axis).

Every grid point is a pure, seeded task, :func:`compute_point` ``(params) -> {"record",
"arrays"}``: a plain top-level function of this module, so a Dask worker imports
``montecarlo`` itself and runs the same code as the in-process sweep.  Results depend only
on the parameters (seeds included), so a point computed in-process, on a Dask worker or
read back from the :class:`~montecarlo.store.ResultStore` has the same bits.

Every point of a sweep uses the same seed list ``seed, seed+1, ...``: seed ``k`` of the
whole sweep is then one independent replicate of it, which is what
:func:`montecarlo.stats.seed_standard_errors` uses to propagate the Monte-Carlo error to
the sweep's statistics.

>>> sw = run_sweep([64, 128], [15], trials=2000, seeds=2)   # doctest: +SKIP
>>> sw.statistics["mean_field"]["pearson_r"]                 # doctest: +SKIP
"""

from __future__ import annotations

import contextlib
import functools
import logging
import math
import threading
import time
from dataclasses import dataclass, field
from typing import Any, Callable, Iterator, Optional, Sequence, SupportsFloat, TypeVar

import numpy as np

from psa_io.entry import toolkit_version
from theory import laws

from . import conventions as conv
from . import limits, stats
from .backends import BACKENDS, get_backend
from .conventions import PRESETS, Preset  # noqa: F401  (the presets are conventions; named here too)
from .engine import Curves, EngineFault, Interrupted, conventions_record, gamma_c_from_curves, gamma_c_mc
from .interrupts import check as interrupt_check
from .interrupts import deferred_sigint
from .models import get_model
from .store import (
    STORE_FORMAT,
    Arrays,
    DamagedRecord,
    Record,
    ResultStore,
    StoreWriteError,
    arrays_digest,
    arrays_layout,
    point_key,
)

Progress = Optional[Callable[[int, int], None]]

#: Serialises engine calls within one process (each call already uses every core through
#: Numba's thread pool; a threads-only Dask worker must not start two at once).
_ENGINE_LOCK = threading.Lock()


# --- parameters and keys -----------------------------------------------------------------


def point_params(
    dk: float,
    T: int,
    *,
    model: str = "t4",
    trials: int = conv.DEFAULT_TRIALS,
    seeds: int = conv.DEFAULT_SEEDS,
    seed: int = conv.DEFAULT_SEED,
    grid: int = conv.DEFAULT_GRID,
    gamma_max: float = conv.DEFAULT_GAMMA_MAX,
    distractors: str = conv.DEFAULT_DISTRACTORS,
    chance: str = conv.DEFAULT_CHANCE,
    backend: str = "cpu",
) -> dict[str, Any]:
    """Validated, normalised parameters of one grid point (plain JSON types).

    ``backend`` says where the point runs; it is not part of the store key, because every
    backend gives the same numbers for the same (seed, parameters).
    """
    dk = float(dk)
    if not math.isfinite(dk) or dk <= 0:
        raise ValueError(f"dk must be finite and > 0, got {dk!r}")
    if isinstance(T, bool) or int(T) != T or T < 3:
        raise ValueError(f"T must be an integer >= 3, got {T!r}")
    get_model(model)
    for name, v, low in (("trials", trials, 1), ("seeds", seeds, 1), ("seed", seed, 0), ("grid", grid, 2)):
        if isinstance(v, bool) or int(v) != v or v < low:
            raise ValueError(f"{name} must be an integer >= {low}, got {v!r}")
    conv.gamma_grid(grid, gamma_max)
    m = conv.distractor_count(int(T), distractors)
    conv.chance(int(T), m, chance)
    return {
        "dk": dk,
        "T": int(T),
        "model": model,
        "trials": int(trials),
        "seeds": int(seeds),
        "seed": int(seed),
        "grid": int(grid),
        "gamma_max": float(gamma_max),
        "distractors": distractors,
        "chance": chance,
        "backend": str(backend),
    }


#: Parameters that choose how a point is computed, not what it is.
EXECUTION_PARAMS = ("backend",)


def key_document(params: dict[str, Any], version: Optional[str] = None) -> dict[str, Any]:
    """Everything a point's numbers depend on: parameters, seeds, conventions, version."""
    m = conv.distractor_count(params["T"], params["distractors"])
    gammas = conv.gamma_grid(params["grid"], params["gamma_max"])
    cons = conventions_record(params["distractors"], m, params["T"], params["chance"], gammas)
    cons = dict(cons, chunk=conv.CHUNK, logcut=conv.LOGCUT)
    what = {k: v for k, v in params.items() if k not in EXECUTION_PARAMS}
    return {
        "format": STORE_FORMAT,
        "params": what,
        "seed_list": conv.seed_list(params["seed"], params["seeds"]),
        "conventions": cons,
        "toolkit_version": version or toolkit_version(),
    }


def params_key(params: dict[str, Any]) -> str:
    return point_key(key_document(params))


def _none_if_nan(v: Optional[SupportsFloat]) -> Optional[float]:
    if v is None:
        return None
    v = float(v)
    return v if math.isfinite(v) else None


def _p_inf(model: str, dk: float, T: int, m: int) -> Optional[float]:
    """Argmax limit (51) at the model's limiting SNR s: p_inf with dk' = 4 s^2 (s = sqrt(dk')/2)."""
    s = float(get_model(model).snr_limit(dk))
    return _none_if_nan(laws.p_inf(4.0 * s * s, T, m=m))


# --- the task ----------------------------------------------------------------------------


def compute_point(params: dict[str, Any]) -> dict[str, Any]:
    """One grid point: ``{"record": JSON-ready dict, "arrays": {gammas, curves, curves_sem}}``.

    Pure and seeded: the result depends only on ``params`` (and the toolkit version, which
    is part of the record's key).  This is the function Dask workers run.
    """
    p = point_params(**params)
    key = params_key(p)
    with _ENGINE_LOCK:
        t0 = time.perf_counter()
        res = gamma_c_mc(
            p["dk"],
            p["T"],
            model=p["model"],
            trials=p["trials"],
            seeds=p["seeds"],
            seed=p["seed"],
            grid=p["grid"],
            gamma_max=p["gamma_max"],
            distractors=p["distractors"],
            chance=p["chance"],
            backend=p["backend"],
        )
        elapsed = time.perf_counter() - t0
    cur = res.curves
    arrays = {"gammas": cur.gammas, "curves": cur.per_seed, "curves_sem": cur.per_seed_sem}
    check_point_arrays(p, arrays)  # never return (or store) an impossible result
    return {"record": point_record(p, key, arrays, backend=cur.backend, elapsed_s=elapsed), "arrays": arrays}


def point_record(p: dict[str, Any], key: str, arrays: Arrays, *, backend: str, elapsed_s: float) -> dict[str, Any]:
    """The JSON record of a point: a pure function of its parameters and its arrays.

    Everything but the run fields (``RUN_FIELDS``) follows from ``p`` and the curves, so a
    stored record can be checked by recomputing it from its own arrays.
    """
    m = conv.distractor_count(p["T"], p["distractors"])
    cur = Curves(
        p["model"],
        p["dk"],
        p["T"],
        m,
        p["distractors"],
        p["trials"],
        conv.seed_list(p["seed"], p["seeds"]),
        arrays["gammas"],
        arrays["curves"],
        arrays["curves_sem"],
        backend,
        elapsed_s,
        p["chance"],
        conventions_record(p["distractors"], m, p["T"], p["chance"], arrays["gammas"]),
    )
    res = gamma_c_from_curves(cur)
    per = [_none_if_nan(v) for v in res.per_seed]
    fin = [v for v in per if v is not None]
    mean = float(np.mean(fin)) if len(fin) == len(per) else None
    sd = float(np.std(fin, ddof=1)) if mean is not None and len(fin) > 1 else None
    law = _none_if_nan(res.law)
    ratio = float(stats.crossover_ratio(p["dk"], p["T"]))
    return {
        "key": key,
        "format": STORE_FORMAT,
        "dk": int(p["dk"]) if p["dk"].is_integer() else p["dk"],
        "T": p["T"],
        "model": p["model"],
        "distractors": p["distractors"],
        "m": cur.m,
        "trials": p["trials"],
        "seeds": p["seeds"],
        "seed": p["seed"],
        "seed_list": cur.seeds,
        "grid": p["grid"],
        "gamma_max": p["gamma_max"],
        "chance_rule": f"1/({p['chance']})",
        "chance": cur.chance,
        "gamma_c": {
            "mean": mean,
            "sd": sd,
            "se": None if sd is None else sd / math.sqrt(p["seeds"]),
            "per_seed": per,
            "undefined": None if len(fin) == len(per) else res.undefined_reason,
        },
        "plateau": {"mean": float(np.mean(res.plateaus)), "per_seed": [float(v) for v in res.plateaus]},
        "p_inf": _p_inf(p["model"], p["dk"], p["T"], cur.m),
        "law": law,
        "law_name": get_model(p["model"]).law_name,
        "relative_error": None if (law is None or mean is None or mean == 0) else (law - mean) / mean,
        "crossover_ratio": ratio,
        "branch": "mean-field" if p["dk"] >= laws.crossover(p["T"]) else "condensed",
        "c_pointwise": None if mean is None else float(stats.condensation_constant(mean, p["T"])),
        "conventions": dict(cur.conventions, chunk=conv.CHUNK),
        "toolkit_version": toolkit_version(),
        "arrays": arrays_layout(arrays),
        "arrays_sha256": arrays_digest(arrays),
        "backend": backend,
        "elapsed_s": elapsed_s,
    }


def check_point_arrays(p: dict[str, Any], arrays: Arrays) -> None:
    """Raise :class:`EngineFault` unless a point's arrays are possible for its parameters:
    names, shapes, dtypes, the exact grid, finite curves in [0, 1], finite standard errors
    >= 0, and A(0) = 1/(m+1) at gamma = 0 for the models whose target and distractors
    coincide there (t4, t3t4)."""
    S, G = p["seeds"], p["grid"]
    if set(arrays) != {"gammas", "curves", "curves_sem"}:
        raise EngineFault(f"point arrays are {sorted(arrays)}, expected gammas, curves, curves_sem")
    shapes = {"gammas": (G,), "curves": (S, G), "curves_sem": (S, G)}
    for name, shape in shapes.items():
        a = np.asarray(arrays[name])
        if a.shape != shape or a.dtype != np.float64:
            raise EngineFault(f"point array {name} has shape {a.shape} dtype {a.dtype}, expected {shape} float64")
    if not np.array_equal(arrays["gammas"], conv.gamma_grid(G, p["gamma_max"])):
        raise EngineFault("point grid differs from linspace(0, gamma_max, grid)")
    A, se = arrays["curves"], arrays["curves_sem"]
    if not (np.all(np.isfinite(A)) and np.all(np.isfinite(se))):
        raise EngineFault("point curves are not finite")
    if np.any(A < -1e-12) or np.any(A > 1 + 1e-12) or np.any(se < 0):
        raise EngineFault("point curves lie outside [0, 1]")
    mdl = get_model(p["model"])
    g0 = arrays["gammas"][:1]
    if float(np.ravel(mdl.a(g0, p["dk"]))[0]) == 0.0 and float(np.ravel(mdl.b(g0, p["dk"]))[0]) == 0.0:
        m = conv.distractor_count(p["T"], p["distractors"])
        if np.any(np.abs(A[:, 0] - 1.0 / (m + 1.0)) > 1e-9):
            raise EngineFault(f"point curves give A(0) != 1/(m+1) = {1 / (m + 1):.6g}")


def point_layout(p: dict[str, Any]) -> dict[str, Any]:
    """The arrays a point of parameters ``p`` has (``arrays_layout`` form): ``gammas`` (G,),
    ``curves`` and ``curves_sem`` (seeds, G), float64 -- what a stored record must state."""
    f8 = np.dtype(np.float64).str
    S, G = int(p["seeds"]), int(p["grid"])
    return {
        "curves": {"dtype": f8, "shape": [S, G]},
        "curves_sem": {"dtype": f8, "shape": [S, G]},
        "gammas": {"dtype": f8, "shape": [G]},
    }


#: Parameter fields of a record, compared with the requested point before anything else.
_PARAM_FIELDS = ("dk", "T", "model", "trials", "seeds", "seed", "grid", "gamma_max", "distractors")


def check_requested(record: Record, p: dict[str, Any]) -> None:
    """:class:`DamagedRecord` unless the record states exactly the parameters ``p`` of the point
    asked for: plain comparisons, before any value of the record sizes anything."""
    for f in _PARAM_FIELDS:
        got, want = record.get(f), p[f]
        ok = got == want and type(got) is not bool
        if isinstance(want, (int, float)) and not isinstance(want, bool):
            ok = ok and isinstance(got, (int, float))
        if not ok:
            raise DamagedRecord(f"record is of another point ({f} = {str(got)[:24]}, asked {want!r})")
    if record.get("chance_rule") != f"1/({p['chance']})":
        raise DamagedRecord("record is of another point (chance_rule)")


def _check_record_sizes(record: Record) -> None:
    """A record's trials, seeds, grid and T within the limits in force, before they size
    anything (:class:`DamagedRecord` otherwise)."""
    T, S, G, n = (record[f] for f in ("T", "seeds", "grid", "trials"))
    if min(T, S, G, n) < 1 or T < 3:
        raise ValueError("T, seeds, grid or trials out of range")
    try:
        m = conv.distractor_count(T, record["distractors"])
        limits.enforce(
            "the stored point's parameters",
            limits.curve_memory(m, G, S, 1, conv.LANES),
            limits.curve_work(n, S, m, G),
        )
    except limits.ResourceLimitError as exc:
        raise DamagedRecord(f"its parameters would need more than the limits ({exc.kind})") from None


def params_from_record(record: Record) -> dict[str, Any]:
    """The point parameters a record states about itself (KeyError/ValueError if malformed;
    :class:`DamagedRecord` if its sizes are beyond the limits in force)."""
    rule = record["chance_rule"]
    if not (isinstance(rule, str) and rule.startswith("1/(") and rule.endswith(")")):
        raise ValueError(f"chance_rule {rule!r}")
    for f in ("T", "trials", "seeds", "seed", "grid"):
        if not isinstance(record[f], int) or isinstance(record[f], bool):
            raise ValueError(f"{f} is not an integer")
    if not isinstance(record["dk"], (int, float)) or not isinstance(record["gamma_max"], (int, float)):
        raise ValueError("dk or gamma_max is not a number")
    _check_record_sizes(record)
    return point_params(
        record["dk"],
        record["T"],
        model=record["model"],
        trials=record["trials"],
        seeds=record["seeds"],
        seed=record["seed"],
        grid=record["grid"],
        gamma_max=record["gamma_max"],
        distractors=record["distractors"],
        chance=rule[3:-1],
    )


def verify_point(key: str, record: Record, arrays: Arrays, params: Optional[dict[str, Any]] = None) -> None:
    """Raise :class:`DamagedRecord` unless a stored point is exactly what its own parameters
    and arrays give: the parameters those asked for (``params``, when given: compared before
    anything else), within the limits in force; the key recomputed from the record's parameters,
    seeds, conventions and version; the arrays possible for those parameters; every result
    field recomputed."""
    if params is not None:
        check_requested(record, params)
    p = params_from_record(record)
    if record["toolkit_version"] != toolkit_version():
        raise DamagedRecord(f"made by toolkit {record['toolkit_version']!r}, this is {toolkit_version()!r}")
    if point_key(key_document(p)) != key:
        raise DamagedRecord("its own parameters give another key (changed parameters or another point)")
    try:
        check_point_arrays(p, arrays)
    except EngineFault as exc:
        raise DamagedRecord(f"impossible arrays: {exc}") from None
    el = record.get("elapsed_s")
    if (
        record.get("backend") not in BACKENDS
        or isinstance(el, bool)
        or not isinstance(el, (int, float))
        or not math.isfinite(el)
        or el < 0
    ):
        raise DamagedRecord("run fields (backend, elapsed_s) malformed")
    want = _roundtrip(
        {"record": point_record(p, key, arrays, backend=record["backend"], elapsed_s=el), "arrays": arrays}
    )["record"]
    if result_identity(want) != result_identity(record):
        bad = sorted(k for k in set(want) | set(record) if want.get(k, None) != record.get(k, None))
        raise DamagedRecord(f"its values differ from its arrays ({', '.join(bad[:3])})")


#: Fields of a record that describe the run, not the result (excluded from identity checks).
RUN_FIELDS = ("elapsed_s", "backend")


def result_identity(record: Record) -> dict[str, Any]:
    """The record without its run fields: equal for equal results, whatever computed them."""
    return {k: v for k, v in record.items() if k not in RUN_FIELDS}


# --- sweeps ------------------------------------------------------------------------------


@dataclass
class Sweep:
    """A finished sweep: point records in grid order (T outer, dk inner), with provenance."""

    points: list[Record]
    arrays: list[Arrays]
    sources: list[str]  # "computed" or "store", per point
    settings: dict[str, Any]
    executor: str
    store: Optional[str]
    elapsed_s: float
    _stats: dict[str, Any] = field(default_factory=dict, repr=False)
    #: per point: read from the store without a valid signature (``trust_store=True``)
    trusted: list[bool] = field(default_factory=list)
    #: stored points not used: ``{"dk", "T", "reason"}`` (unsigned, damaged), recomputed
    recomputed: list[dict[str, Any]] = field(default_factory=list)
    #: points computed now that the store could not keep (read-only, full): ``{"dk", "T", "reason"}``
    not_kept: list[dict[str, Any]] = field(default_factory=list)

    @property
    def statistics(self) -> dict[str, Any]:
        if "mean" not in self._stats:
            self._stats["mean"] = stats.sweep_statistics(self.points)
        return self._stats["mean"]

    @property
    def statistics_se(self) -> dict[str, Any]:
        if "se" not in self._stats:
            self._stats["se"] = stats.seed_standard_errors(self.points)
        return self._stats["se"]

    @property
    def reused(self) -> int:
        return sum(s == "store" for s in self.sources)

    def point(self, dk: float, T: int) -> Record:
        for p in self.points:
            if float(p["dk"]) == float(dk) and p["T"] == int(T):
                return p
        raise KeyError(f"no point (dk={dk}, T={T}) in this sweep")

    def to_json(self) -> dict[str, Any]:
        pts = []
        for i, (p, src) in enumerate(zip(self.points, self.sources)):
            q = dict(p)
            q["source"] = src
            if i < len(self.trusted) and self.trusted[i]:
                q["trusted_without_key"] = True
            pts.append(q)
        return {
            "settings": self.settings,
            "conventions": {
                "distractors": self.settings["distractors"],
                "chance_rule": f"1/({self.settings['chance']})",
                "relative_error": "(law - MC) / MC (positive: the law overpredicts)",
                "branch": "mean-field iff dk >= 8L, L = log(T-1) (eq. 52)",
                "condensation_constant": "c = gamma_c sqrt(2) / (2L)^(1/4) on condensed points",
                "statistics_se": "sd of the per-seed statistics / sqrt(seeds)",
                "grid": f"linspace(0, {self.settings['gamma_max']:g}, {self.settings['grid']})",
                "extraction": conv.EXTRACTION_RULE,
            },
            "points": pts,
            "statistics": self.statistics,
            "statistics_se": self.statistics_se,
            "executor": self.executor,
            "store": self.store,
            "reused": self.reused,
            "computed": len(self.points) - self.reused,
            "recomputed": self.recomputed,
            "not_kept": self.not_kept,
            "trusted_without_key": sum(bool(t) for t in self.trusted),
            "toolkit_version": toolkit_version(),
            "elapsed_s": self.elapsed_s,
        }


def grid_points(dks: Sequence[float], Ts: Sequence[int]) -> list[tuple[float, int]]:
    """Grid order: T outer, dk inner; duplicates dropped, first occurrence kept."""
    seen, out = set(), []
    for T in Ts:
        for dk in dks:
            k = (float(dk), int(T))
            if k not in seen:
                seen.add(k)
                out.append((dk, T))
    return out


def run_sweep(
    dks: Sequence[float],
    Ts: Sequence[int],
    *,
    model: str = "t4",
    trials: int = conv.DEFAULT_TRIALS,
    seeds: int = conv.DEFAULT_SEEDS,
    seed: int = conv.DEFAULT_SEED,
    grid: int = conv.DEFAULT_GRID,
    gamma_max: float = conv.DEFAULT_GAMMA_MAX,
    distractors: str = conv.DEFAULT_DISTRACTORS,
    chance: str = conv.DEFAULT_CHANCE,
    backend: str = "cpu",
    store: Optional[ResultStore] = None,
    fresh: bool = False,
    client: Any = None,
    progress: Progress = None,
    preset: Optional[str] = None,
) -> Sweep:
    r""":math:`\gamma_c` by Monte Carlo at every :math:`(d_k, T)` of a grid (the §7.9 protocol), reusing
    finished points from ``store``.

    Each point is :func:`montecarlo.gamma_c_mc` with the same settings, recorded with the model's
    law, its branch and :math:`p_\infty` (eq. 51); :attr:`Sweep.statistics` summarises the grid as
    §7.9 does (per branch: Pearson :math:`r`, median and worst relative error, the condensation
    constant :math:`c` on the condensed points).

    ``fresh=True`` ignores stored points (and overwrites them).  ``client`` (a
    ``distributed.Client``) sends the missing points to a Dask cluster as
    :func:`compute_point` tasks; otherwise they run in this process.  Each point is written to the
    store as soon as it is finished, before ``progress(done, total)`` is called, so an interrupted
    sweep loses nothing that was finished.  A point the store cannot keep (read-only, full:
    :class:`~montecarlo.store.StoreWriteError`) is still a result: the sweep goes on and lists it in
    ``Sweep.not_kept`` with the reason.  A store folder that cannot be made at all is refused before
    any point is computed.

    Parameters
    ----------
    dks, Ts : sequence of float, sequence of int
        The grid's axes (every pair is a point; T outer, dk inner).
    model, trials, seeds, seed, grid, gamma_max, distractors, chance, backend
        As in :func:`montecarlo.gamma_c_mc` (defaults: the §7.9 protocol).
    store : ResultStore, optional
        Where finished points are kept and found (:class:`montecarlo.store.ResultStore`); None (the
        default) keeps nothing.
    fresh : bool, default False
        Recompute stored points.
    client : distributed.Client, optional
        A Dask client to compute the missing points on.
    progress : callable, optional
        ``progress(done_points, total_points)``.
    preset : str, optional
        The name of the preset this sweep runs (recorded in the settings; see
        :func:`~montecarlo.sweep.preset_sweep`).

    Returns
    -------
    Sweep
        ``points`` (one JSON-ready record per point), ``sources`` (``"computed"`` or ``"store"``),
        ``statistics``, ``point(dk, T)``, ``to_json()``.

    Raises
    ------
    SweepInterrupted
        On Ctrl-C; the finished points are in the store and in the exception.

    Examples
    --------
    >>> from montecarlo import run_sweep
    >>> sw = run_sweep([64, 128], [15], trials=2048, seeds=2)
    >>> sw.sources
    ['computed', 'computed']
    >>> p = sw.point(64, 15)
    >>> p["m"], round(p["law"], 3), bool(abs(p["gamma_c"]["mean"] - p["law"]) < 0.05)
    (13, 0.602, True)
    >>> sw.statistics["mean_field"]["n"]
    2
    """
    if not dks or not Ts:
        raise ValueError("a sweep needs at least one dk and one T")
    common: dict[str, Any] = dict(
        model=model,
        trials=trials,
        seeds=seeds,
        seed=seed,
        grid=grid,
        gamma_max=gamma_max,
        distractors=distractors,
        chance=chance,
    )
    plist = [point_params(dk, T, backend=backend, **common) for dk, T in grid_points(dks, Ts)]
    get_backend(backend)  # an unavailable backend is refused up front, even if every point is stored
    if store is not None:
        store.key  # an unusable store key (StoreKeyError) is refused before any work, even with fresh=True
    _check_sweep_limits(plist)
    keys = [params_key(p) for p in plist]
    if len(set(keys)) != len(keys):  # grid_points dedups (dk, T); a point never appears twice
        raise ValueError("the sweep grid names one point twice")
    total = len(plist)
    records: list[Optional[Record]] = [None] * total
    arrays: list[Optional[Arrays]] = [None] * total
    sources: list[Optional[str]] = [None] * total
    t0 = time.perf_counter()
    done = 0
    trusted: list[bool] = [False] * total
    recomputed: list[dict[str, Any]] = []
    if store is not None and not fresh:
        for i, k in enumerate(keys):
            label = f"point (dk={plist[i]['dk']:g}, T={plist[i]['T']})"
            hit = store.load(
                k,
                verify=functools.partial(verify_point, k, params=plist[i]),
                label=label,
                layout=point_layout(plist[i]),
            )
            if hit is not None:
                records[i], arrays[i] = hit
                sources[i] = "store"
                trusted[i] = k in store.trusted
                done += 1
            elif k in store.rejected:
                recomputed.append({"dk": plist[i]["dk"], "T": plist[i]["T"], "reason": store.rejected[k]})
    if store is not None:
        store.ensure()
    if progress is not None and done:
        progress(done, total)
    todo = [i for i in range(total) if records[i] is None]
    reused = done
    not_kept: list[dict[str, Any]] = []

    def finish(i: int, out: dict[str, Any]) -> None:
        nonlocal done
        rec = out["record"]
        if rec["key"] != keys[i]:
            raise RuntimeError(
                f"point (dk={plist[i]['dk']:g}, T={plist[i]['T']}) came back under another key: the worker runs "
                f"toolkit {rec.get('toolkit_version')!r}, this process {toolkit_version()!r}"
            )
        check_point_arrays(plist[i], out["arrays"])
        if store is not None:
            try:
                store.save(keys[i], rec, out["arrays"])
            except StoreWriteError as exc:  # computed all the same: kept in memory, said not kept
                not_kept.append({"dk": plist[i]["dk"], "T": plist[i]["T"], "reason": str(exc)})
        records[i], arrays[i], sources[i] = rec, out["arrays"], "computed"
        done += 1
        if progress is not None:
            progress(done, total)

    try:
        with deferred_sigint():
            if client is None:
                executor = "in-process"
                for i in todo:
                    interrupt_check()
                    finish(i, _roundtrip(compute_point(plist[i])))
            else:
                executor = f"dask {getattr(getattr(client, 'scheduler', None), 'address', '') or 'client'}"
                _run_on_dask(client, [(i, plist[i], keys[i]) for i in todo], finish, limits.current().to_dict())
            interrupt_check()
    except KeyboardInterrupt:
        raise SweepInterrupted(
            done=done,
            total=total,
            reused=reused,
            store=None if store is None else str(store.root),
            not_kept=len(not_kept),
        ) from None
    settings = dict(
        common,
        backend=backend,
        seed_list=conv.seed_list(seed, seeds),
        preset=preset,
        dks=[int(d) if float(d).is_integer() else float(d) for d in dict.fromkeys(float(x) for x in dks)],
        Ts=[int(t) for t in dict.fromkeys(int(x) for x in Ts)],
    )
    return Sweep(
        points=_all_done(records, "records"),
        arrays=_all_done(arrays, "arrays"),
        sources=_all_done(sources, "sources"),
        settings=settings,
        executor=executor,
        store=None if store is None else str(store.root),
        elapsed_s=time.perf_counter() - t0,
        trusted=trusted,
        recomputed=recomputed,
        not_kept=not_kept,
    )


_T = TypeVar("_T")


def _all_done(items: list[Optional[_T]], what: str) -> list[_T]:
    """``items`` once every point is finished (each slot filled), else an internal error."""
    out = [x for x in items if x is not None]
    if len(out) != len(items):
        raise AssertionError(f"internal: {len(items) - len(out)} point {what} missing at the end of the sweep")
    return out


class SweepInterrupted(Interrupted):
    """A sweep was interrupted: ``done`` of ``total`` points finished (``reused`` of them
    from the store); every finished point is in ``store`` but the ``not_kept`` ones it could not
    keep, the point in flight is not."""

    def __init__(self, *, done: int, total: int, reused: int, store: Optional[str], not_kept: int = 0):
        super().__init__(None)
        self.done, self.total, self.reused, self.store = done, total, reused, store
        self.not_kept = not_kept


def _check_sweep_limits(plist: list[dict[str, Any]]) -> None:
    """Refuse up front: the largest point's memory, the whole sweep's work (limits in force)."""
    mem = work = 0
    for p in plist:
        limits.check_couplings(get_model(p["model"]), p["dk"], conv.gamma_grid(p["grid"], p["gamma_max"]))
        m = conv.distractor_count(p["T"], p["distractors"])
        nch = (p["trials"] + conv.CHUNK - 1) // conv.CHUNK
        per_chunk = limits.chunk_scratch_bytes(m, p["grid"], conv.LANES) + 2 * p["grid"] * 8
        block = min(limits.default_block(nch, per_chunk), nch)
        mem = max(mem, limits.curve_memory(m, p["grid"], p["seeds"], block, conv.LANES))
        work += limits.curve_work(p["trials"], p["seeds"], m, p["grid"])
    limits.enforce(f"this sweep ({len(plist)} points)", mem, work)


def _roundtrip(out: dict[str, Any]) -> dict[str, Any]:
    """Normalise a fresh record to exactly what the store gives back (JSON types)."""
    import json

    return {"record": json.loads(json.dumps(out["record"], allow_nan=False)), "arrays": out["arrays"]}


def _compute_point_json(params: dict[str, Any], limit_values: Optional[dict[str, Any]] = None) -> dict[str, Any]:
    """Worker-side task: :func:`compute_point` with its record normalised to JSON types,
    under the submitting process's resource limits."""
    if limit_values is None:
        return _roundtrip(compute_point(params))
    with limits.override(**limit_values):
        return _roundtrip(compute_point(params))


def preset_sweep(name: str, **kwargs: Any) -> Sweep:
    """Run a preset (``paper-grid`` or ``t-axis``) with the §7.9 protocol unless overridden."""
    try:
        pr = PRESETS[name]
    except KeyError:
        raise ValueError(f"unknown preset {name!r}; choose one of {', '.join(PRESETS)}") from None
    return run_sweep(pr["dks"], pr["Ts"], preset=name, **kwargs)


# --- Dask --------------------------------------------------------------------------------


class DaskUnavailable(RuntimeError):
    """dask.distributed is not installed (extra ``dist``)."""


def _distributed() -> Any:
    """The ``distributed`` module (an optional dependency, hence Any), or DaskUnavailable."""
    try:
        import distributed
    except ImportError:
        raise DaskUnavailable(
            "dask.distributed is not installed; install the extra: pip install 'psa-toolkit[dist]'"
        ) from None
    return distributed


def _run_on_dask(
    client: Any,
    todo: list[tuple[int, dict[str, Any], str]],
    finish: Callable[[int, dict[str, Any]], None],
    limit_values: Optional[dict[str, Any]] = None,
) -> None:
    """Submit every missing point as a pure task; store each one as it completes.

    Waits in short slices so that a Ctrl-C (deferred by the caller) is acted on within
    about 0.2 s: the pending tasks are cancelled, the finished ones are already stored.
    """
    distributed = _distributed()
    if not todo:
        return
    futures: dict[Any, int] = {}  # distributed.Future -> point index
    for i, params, key in todo:
        fut = client.submit(_compute_point_json, params, limit_values, key=f"psa-point-{key}", pure=False)
        futures[fut] = i
    pending = set(futures)
    try:
        while pending:
            interrupt_check()
            try:
                res = distributed.wait(list(pending), timeout=0.2, return_when="FIRST_COMPLETED")
            except TimeoutError:
                continue
            for fut in [f for f in futures if f in res.done and f in pending]:  # submission order
                pending.discard(fut)
                finish(futures[fut], fut.result())
    finally:
        left = [f for f in futures if not f.done()]
        if left:
            client.cancel(left)


@contextlib.contextmanager
def dask_client(
    scheduler: Optional[str] = None,
    local_workers: Optional[int] = None,
    threads_per_worker: int = 1,
    processes: bool = True,
) -> Iterator[Any]:
    """A ``distributed.Client``: to ``scheduler`` (``tcp://HOST:PORT``) or a new LocalCluster."""
    distributed = _distributed()
    if (scheduler is None) == (local_workers is None):
        raise ValueError("give exactly one of a scheduler address or a number of local workers")
    if scheduler is not None:
        with distributed.Client(scheduler, timeout="20s") as client:
            yield client
        return
    if local_workers is None:  # excluded above: exactly one of the two is given
        raise AssertionError("neither a scheduler nor local workers")
    if int(local_workers) < 1:
        raise ValueError(f"the number of local workers must be >= 1, got {local_workers!r}")
    with distributed.LocalCluster(
        n_workers=int(local_workers),
        threads_per_worker=threads_per_worker,
        processes=processes,
        dashboard_address=None,
        silence_logs=logging.ERROR,
    ) as cluster:
        with distributed.Client(cluster) as client:
            yield client


from .display import attach as _attach_display  # noqa: E402  (short repr, notebook table, plot)

_attach_display(Sweep, "sweep")
