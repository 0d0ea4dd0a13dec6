"""Seeded Monte Carlo inside certificates, kept between runs and verified before use.

A certificate's Monte Carlo (an argmax estimate, a gamma_c, a battery of sequence-model runs) is a
deterministic function of its settings -- seeds included -- and of the code that computes it, just
as a sweep point is (:mod:`montecarlo.store`).  :func:`stored` keeps such a helper's result in the
same folder as the sweeps (``$PSA_TOOLKIT_STORE``, else ``~/.cache/psa-toolkit/sweeps``) as
``mc-<key>.pkl`` with a record ``mc-<key>.json``, where ``key`` is the SHA-256 of a canonical JSON
document holding the helper's name, its arguments, the toolkit version and the SHA-256 of the source
of the helper's module and of every module of :mod:`montecarlo` -- so a change of any of them makes
a new key and nothing is reused under code it was not made with.

Verified on every load: the record must be a JSON object whose key document equals the one
recomputed now and whose ``sha256`` is that of the ``.pkl`` bytes; anything else (absent, damaged,
truncated, another helper's file) counts as absent and is recomputed and overwritten atomically.
The pickles are this toolkit's own results in the user's own cache folder (the same trust as Numba's
cache).  ``psa-cert run --fresh`` (``PSA_TOOLKIT_FRESH=1``) recomputes and overwrites.  Within one
process results are also memoised, so a claim perturbation re-runs only the comparison.
"""

from __future__ import annotations

import functools
import hashlib
import json
import os
import pickle
import sys
from pathlib import Path
from typing import Callable

#: Bump when the layout of a stored record changes.
FORMAT = 1


@functools.lru_cache(maxsize=None)
def _code_hash(module_file: str) -> str:
    """SHA-256 over the helper's module source and every montecarlo module's source."""
    import montecarlo

    h = hashlib.sha256()
    files = [Path(module_file)] + sorted(Path(montecarlo.__file__).parent.glob("*.py"))
    for f in files:
        h.update(f.name.encode())
        h.update(f.read_bytes())
    return h.hexdigest()


def _fresh() -> bool:
    return os.environ.get("PSA_TOOLKIT_FRESH", "") not in ("", "0")


def _key_document(fn: Callable, args: tuple) -> dict:
    from psa_io.entry import toolkit_version

    mod = sys.modules[fn.__module__]
    return {
        "format": FORMAT,
        "helper": f"{fn.__module__}.{fn.__qualname__}",
        "args": repr(args),
        "toolkit_version": toolkit_version(),
        "code_sha256": _code_hash(mod.__file__),
    }


def _load(root: Path, key: str, doc: dict):
    js, pk = root / f"mc-{key}.json", root / f"mc-{key}.pkl"
    try:
        record = json.loads(js.read_text(encoding="utf-8"))
        data = pk.read_bytes()
    except (OSError, ValueError):
        return None
    if not isinstance(record, dict) or record.get("key_document") != doc:
        return None
    if record.get("sha256") != hashlib.sha256(data).hexdigest():
        return None
    try:
        return pickle.loads(data)
    except Exception:
        return None


def _save(root: Path, key: str, doc: dict, value) -> None:
    from psa_io.outputs import atomic_write

    def _atomic(path: Path, data: bytes) -> None:
        atomic_write(path, lambda fh: fh.write(data), binary=True)

    try:
        data = pickle.dumps(value, protocol=pickle.HIGHEST_PROTOCOL)
        root.mkdir(parents=True, exist_ok=True)
        _atomic(root / f"mc-{key}.pkl", data)  # the payload first, the record last
        record = {"key_document": doc, "sha256": hashlib.sha256(data).hexdigest()}
        _atomic(root / f"mc-{key}.json", json.dumps(record, sort_keys=True).encode("utf-8"))
    except (OSError, pickle.PicklingError, TypeError, AttributeError):
        pass  # an unwritable store costs time, never a result


#: Where each stored helper's result came from, one entry per call since the process started:
#: ``(root, True)`` read from the result store at ``root``, ``(root, False)`` computed in this
#: process (then written there).  :func:`reporting` turns the entries of one check into a note.
_CALLS: list = []


def stored(fn: Callable) -> Callable:
    """Memoise ``fn`` (hashable positional arguments) in this process and in the result store."""
    origin: dict = {}

    @functools.lru_cache(maxsize=64)
    def cached(*args, _root: str, _fresh_run: bool):
        doc = _key_document(fn, args)
        key = hashlib.sha256(json.dumps(doc, sort_keys=True).encode("utf-8")).hexdigest()
        root = Path(_root)
        if not _fresh_run:
            hit = _load(root, key, doc)
            if hit is not None:
                origin[(args, _root, _fresh_run)] = True
                return hit
        value = fn(*args)
        _save(root, key, doc, value)
        origin[(args, _root, _fresh_run)] = False
        return value

    @functools.wraps(fn)
    def wrapper(*args):
        from montecarlo.store import default_store_dir

        root, fresh = str(default_store_dir()), _fresh()
        value = cached(*args, _root=root, _fresh_run=fresh)
        _CALLS.append((root, origin.get((args, root, fresh), False)))
        return value

    wrapper.cache_clear = cached.cache_clear
    return wrapper


def provenance(calls) -> str:
    """'Monte Carlo: all 3 results from the result store DIR (--fresh recomputes)' and the like."""
    n, hits = len(calls), sum(1 for _, hit in calls if hit)
    roots = sorted({root for root, _ in calls})
    where = roots[0] if len(roots) == 1 else ", ".join(roots)
    if hits == n:
        return (
            f"Monte Carlo: {'the' if n == 1 else f'all {n}'} seeded result{'s' if n != 1 else ''} "
            f"from the result store {where} (--fresh recomputes)"
        )
    if hits:
        return f"Monte Carlo: {hits} of {n} seeded results from the result store {where}, the rest computed now"
    return f"Monte Carlo: {n} seeded result{'s' if n != 1 else ''} computed now (kept in {where})"


def reporting(check: Callable) -> Callable:
    """``check`` whose detail ends with where its stored Monte Carlo came from (:func:`provenance`),
    when it used any: the output says when a kept result was reused, as the sweeps' does."""
    from dataclasses import replace

    from ..registry import Outcome

    @functools.wraps(check)
    def run(*args, **kwargs):
        mark = len(_CALLS)
        out = check(*args, **kwargs)
        calls = _CALLS[mark:]
        del _CALLS[mark:]
        if calls and isinstance(out, Outcome):
            sep = "" if out.detail.endswith((" ", "\n")) or not out.detail else " "
            out = replace(out, detail=f"{out.detail}{sep}[{provenance(calls)}]")
        return out

    return run


@stored
def argmax_probability(snr, m, trials, seed):
    """montecarlo.argmax_probability, kept by its settings."""
    from montecarlo import argmax_probability as f

    return f(snr, m, trials=trials, seed=seed)


@stored
def gamma_c_mc(dk, T, model, trials, seeds, seed, distractors):
    """montecarlo.gamma_c_mc, kept by its settings."""
    from montecarlo import gamma_c_mc as f

    return f(dk, T, model=model, trials=trials, seeds=seeds, seed=seed, distractors=distractors)


@stored
def simulate_curves(d, Tv, trials, seed, grid, gamma_max, distractors):
    """montecarlo.simulate_curves (T4 model, one seed), kept by its settings."""
    from montecarlo import simulate_curves as f

    return f(
        d, Tv, model="t4", trials=trials, seeds=1, seed=seed, grid=grid, gamma_max=gamma_max, distractors=distractors
    )
