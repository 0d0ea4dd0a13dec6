"""Seeded Monte Carlo inside certificates, kept between runs, signed, and verified before use.

A certificate's Monte Carlo (an argmax estimate, a gamma_c, a battery of sequence-model runs) is a
deterministic function of its settings -- seeds included -- and of the code that computes it, just
as a sweep point is (:mod:`montecarlo.store`).  :func:`stored` keeps such a helper's result in the
same folder as the sweeps (``$PSA_TOOLKIT_STORE``, else ``~/.cache/psa-toolkit/sweeps``) as a record
``mc-<key>.json`` and, when the result holds arrays, ``mc-<key>.npz``, where ``key`` is the SHA-256
of a canonical JSON document holding the helper's name, its arguments, the toolkit version and the
SHA-256 of the source of the helper's module and of every module of :mod:`montecarlo` -- so a change
of any of them makes a new key and nothing is reused under code it was not made with.

Nothing read can run code: the result is written as JSON and plain numeric arrays, never pickled.
The record (format 2) is ``{"format", "key", "key_document", "value", "arrays", "arrays_sha256",
"hmac"}``; ``value`` is the result as a tree of tagged JSON nodes (:func:`encode`):

* ``null``, ``true``/``false``, strings and integers (``|n| < 2**63``) as themselves, lists as lists;
* ``{"f": "0x1.8p+1"}`` a float, bit-exact (``float.hex``; ``inf``, ``-inf``, ``nan``);
* ``{"t": [...]}`` a tuple, ``{"d": [[k, v], ...]}`` a dict (any keys, order kept);
* ``{"a": "a0"}`` a numpy array and ``{"s": "a0"}`` a numpy scalar (a 0-d array): the member
  ``a0`` of the NPZ, numeric dtypes only (bool, int, uint, float, complex);
* ``{"c": "montecarlo.engine.GammaC", "v": {field: node}}`` a dataclass of :data:`STORABLE_TYPES`
  (an explicit list: a record never names code to import), rebuilt field by field without calling
  its constructor.

A result holding anything else (another class, an object array, a subclass) is not stored -- it is
computed each time -- and so is one that does not come back identical (:func:`identical`: floats
and arrays bit for bit) from its own encoding.

Verified on every load (:func:`montecarlo.store.read_signed`): a regular file of bounded size, valid
JSON, the fields above; ``hmac`` verifying under the user's store key (:mod:`montecarlo.storekey`)
-- a record that does not (changed, forged with the toolkit's own functions, written under another
key) counts as absent and is recomputed and overwritten atomically, unless the run trusts the store
(``psa-cert run --trust-store``, which sets ``$PSA_TOOLKIT_TRUST_STORE=1`` for the checks and their
workers); the stated arrays within the memory limit in force and the NPZ headers equal to them
before any data is read; the key document equal to the one recomputed now; the value decoding.
Anything else counts as absent.  ``psa-cert run --fresh`` (``PSA_TOOLKIT_FRESH=1``) recomputes and
overwrites.  Within one process results are also memoised, so a claim perturbation re-runs only the
comparison.  The detail of a check says where its Monte Carlo came from (:func:`provenance`).
"""

from __future__ import annotations

import dataclasses
import functools
import hashlib
import json
import os
import sys
from pathlib import Path
from typing import Any, Callable, Optional, Protocol, cast

import numpy as np

#: Bump when the layout of a stored record changes (2: JSON and NPZ, signed; 1 was a pickle).
FORMAT = 2
#: The record type named in its signature.
KIND = "mc-result"
REQUIRED = ("format", "key", "key_document", "value", "arrays", "arrays_sha256", "hmac")
#: Integers a stored value may hold.
MAX_INT = 2**63


class Unstorable(TypeError):
    """A value the store's format cannot hold exactly (it is then computed each time)."""


#: The dataclasses a stored value may hold, by module: what the stored helpers return.
STORABLE = {
    "montecarlo.engine": ("Curves", "GammaC", "ArgmaxEstimate"),
    "montecarlo.induction": ("SequenceModel", "HeadResult", "ClassMoments", "ShiftRow", "InductionEstimate"),
}


def storable_type(name: str):
    """The storable dataclass called ``module.qualname`` (None for any other name); only its own module
    is imported, so reading back an engine result does not import the induction kernels (Numba)."""
    import importlib

    mod, _, qual = name.rpartition(".")
    if qual not in STORABLE.get(mod, ()):
        return None
    return getattr(importlib.import_module(mod), qual)


@functools.lru_cache(maxsize=1)
def storable_types() -> dict:
    """The dataclasses a stored value may hold, by ``module.qualname`` (all of them imported)."""
    return {f"{m}.{q}": storable_type(f"{m}.{q}") for m, qs in STORABLE.items() for q in qs}


def _array_ok(a: np.ndarray) -> bool:
    return a.dtype.kind in "biufc" and not a.dtype.hasobject and a.dtype.names is None


def encode(value: Any, arrays: dict) -> Any:
    """The tagged JSON tree of ``value`` (module docstring), its arrays added to ``arrays`` as
    ``a0, a1, ...``; :class:`Unstorable` for anything the format cannot hold."""
    t = type(value)
    if value is None or t is bool or t is str:
        return value
    if t is int:
        if abs(value) >= MAX_INT:
            raise Unstorable("an integer beyond 2**63")
        return value
    if t is float:
        return {"f": value.hex()}
    if t is list:
        return [encode(v, arrays) for v in value]
    if t is tuple:
        return {"t": [encode(v, arrays) for v in value]}
    if t is dict:
        return {"d": [[encode(k, arrays), encode(v, arrays)] for k, v in value.items()]}
    if t is np.ndarray or isinstance(value, np.generic):
        a = np.asarray(value)
        if (t is not np.ndarray and type(a[()]) is not t) or not _array_ok(a):
            raise Unstorable(f"a numpy value of dtype {a.dtype}")
        name = f"a{len(arrays)}"
        arrays[name] = np.ascontiguousarray(a) if t is np.ndarray else a.reshape(())
        return {"a" if t is np.ndarray else "s": name}
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        name = f"{t.__module__}.{t.__qualname__}"
        if storable_type(name) is not t:
            raise Unstorable(f"an object of type {name}")
        fields = [f.name for f in dataclasses.fields(value)]
        extra = set(getattr(value, "__dict__", {})) - set(fields)
        if extra:
            raise Unstorable(f"a {name} with attributes beyond its fields")
        return {"c": name, "v": {f: encode(getattr(value, f), arrays) for f in fields}}
    raise Unstorable(f"an object of type {t.__module__}.{t.__qualname__}")


class _Bad(ValueError):
    pass


def decode(node: Any, arrays: dict) -> Any:
    """The value of a tagged JSON tree (:func:`encode`); ValueError if it is not one."""
    if node is None or isinstance(node, (bool, str)):
        return node
    if isinstance(node, int):
        if abs(node) >= MAX_INT:
            raise _Bad("integer out of range")
        return node
    if isinstance(node, list):
        return [decode(v, arrays) for v in node]
    if not isinstance(node, dict) or not node:
        raise _Bad("not a value node")
    tag = next(iter(node))
    if tag == "c":
        if set(node) != {"c", "v"} or not isinstance(node["v"], dict):
            raise _Bad("malformed object node")
        cls = storable_type(node["c"]) if isinstance(node["c"], str) else None
        if cls is None:
            raise _Bad("an object of a type the store does not hold")
        names = [f.name for f in dataclasses.fields(cls)]
        if sorted(node["v"]) != sorted(names):
            raise _Bad(f"fields of {node['c']} differ")
        obj = object.__new__(cls)
        for f in names:
            object.__setattr__(obj, f, decode(node["v"][f], arrays))
        return obj
    if len(node) != 1:
        raise _Bad("malformed node")
    body = node[tag]
    if tag == "f" and isinstance(body, str) and len(body) <= 32:
        return float.fromhex(body)
    if tag == "t" and isinstance(body, list):
        return tuple(decode(v, arrays) for v in body)
    if tag == "d" and isinstance(body, list):
        out = {}
        for pair in body:
            if not (isinstance(pair, list) and len(pair) == 2):
                raise _Bad("malformed dict node")
            k = decode(pair[0], arrays)
            try:
                out[k] = decode(pair[1], arrays)
            except TypeError:
                raise _Bad("unhashable dict key") from None
        return out
    if tag in ("a", "s") and isinstance(body, str) and body in arrays:
        a = arrays[body]
        if tag == "a":
            return a
        if a.shape != ():
            raise _Bad("a scalar node of an array")
        return a[()]
    raise _Bad(f"unknown node {str(tag)[:8]!r}")


def identical(a: Any, b: Any) -> bool:
    """Same types and values throughout, floats and arrays bit for bit (NaN equal to NaN)."""
    if type(a) is not type(b):
        return False
    if isinstance(a, float):
        return a.hex() == b.hex()
    if isinstance(a, (np.ndarray, np.generic)):
        a, b = np.asarray(a), np.asarray(b)
        return a.dtype == b.dtype and a.shape == b.shape and a.tobytes() == b.tobytes()
    if isinstance(a, (list, tuple)):
        return len(a) == len(b) and all(identical(x, y) for x, y in zip(a, b))
    if isinstance(a, dict):
        return len(a) == len(b) and all(
            identical(ka, kb) and identical(va, vb) for (ka, va), (kb, vb) in zip(a.items(), b.items())
        )
    if dataclasses.is_dataclass(a):
        return all(identical(getattr(a, f.name), getattr(b, f.name)) for f in dataclasses.fields(a))
    return a == b


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


def _paths(root: Path, key: str) -> tuple[Path, Path]:
    return root / f"mc-{key}.json", root / f"mc-{key}.npz"


def _load(root: Path, key: str, doc: dict, *, trust: bool, signing_key: bytes):
    """``(value, trusted)``, or ``(None, why)`` when there is no usable record (``why``: None if
    there is none, else the reason it was not used)."""
    from montecarlo.store import DamagedRecord, UnsignedRecord, read_signed

    js, npz = _paths(root, key)
    try:
        hit = read_signed(
            js,
            npz,
            kind=KIND,
            key=key,
            store_format=FORMAT,
            required=REQUIRED,
            trust_store=trust,
            signing_key=signing_key,
            what="a stored Monte-Carlo result",
        )
    except UnsignedRecord:
        return None, "unsigned"
    except DamagedRecord:
        return None, "damaged"
    if hit is None:
        return None, None
    record, arrays, trusted = hit
    if record["key_document"] != doc:
        return None, "damaged"
    try:
        return (decode(record["value"], arrays), trusted), None
    except (ValueError, TypeError, OverflowError, RecursionError):
        return None, "damaged"


def _save(root: Path, key: str, doc: dict, value, signing_key: bytes) -> Optional[str]:
    """Store ``value``; None when stored, else why not: ``"unstorable"``, or ``"unwritable: REASON"``
    (a file where the store's folder should be, read-only, full)."""
    from montecarlo.store import (
        MAX_RECORD_BYTES,
        StoreError,
        arrays_digest,
        arrays_layout,
        check_layout,
        sign_record,
        write_arrays,
    )
    from psa_io.outputs import atomic_write

    arrays: dict = {}
    try:
        node = encode(value, arrays)
        if not identical(decode(json.loads(json.dumps(node)), arrays), value):
            return "unstorable"
    except (Unstorable, ValueError, RecursionError):
        return "unstorable"
    try:  # what the reader would refuse is never written (it would be recomputed on every run)
        check_layout(arrays_layout(arrays))
    except StoreError:
        return "unstorable"
    record = {
        "format": FORMAT,
        "key": key,
        "key_document": doc,
        "value": node,
        "arrays": arrays_layout(arrays),
        "arrays_sha256": arrays_digest(arrays),
    }
    text = json.dumps(sign_record(record, KIND, signing_key), sort_keys=True, allow_nan=False).encode("utf-8")
    if len(text) > MAX_RECORD_BYTES:
        return "unstorable"
    js, npz = _paths(root, key)
    try:
        root.mkdir(parents=True, exist_ok=True)
        if arrays:
            atomic_write(npz, lambda fh: write_arrays(fh, arrays), binary=True)  # the arrays first, the record last
        atomic_write(js, lambda fh: fh.write(text), binary=True)
    except OSError as exc:  # an unwritable store costs time, never a result; the evidence says so
        return f"unwritable: {exc.strerror or exc}"
    except StoreError as exc:
        return f"unwritable: {exc}"
    return None


#: Where each stored helper's result came from, one entry per call since the process started:
#: ``(root, origin)`` with ``origin`` one of ``"store"`` (read, signed by the user's key),
#: ``"trusted"`` (read under --trust-store without a valid signature), ``"computed"`` (nothing
#: stored), ``"unsigned"`` / ``"damaged"`` (a stored record not used: recomputed), ``"no-key"`` (the
#: store key cannot be used: computed, not stored), ``"unwritable: REASON"`` (computed, and the store
#: could not keep it: a file where its folder should be, read-only, full) or ``"unstorable"``.
#: :func:`reporting` turns one check's entries into a note.
_CALLS: list = []


class Stored(Protocol):
    """What :func:`stored` returns: the memoised function, with its store look-ups."""

    cache_clear: Callable[[], None]
    lookup: Callable[..., Any]
    origin: Callable[..., str]

    def __call__(self, *args: Any) -> Any: ...


def stored(fn: Callable, *, monte_carlo: bool = True) -> Stored:
    """Memoise ``fn`` (hashable positional arguments) in this process and in the result store.

    ``wrapper.lookup(*args)`` returns the value only when it is already known -- in this process or
    in the store (a record that verifies, or one trusted under ``--trust-store``) -- and None
    otherwise, without computing anything (``--fresh``: None unless computed in this process).
    ``wrapper.origin(*args)`` says where the last value came from (``"store"``, ``"computed"``, ...).
    ``monte_carlo=False`` for deterministic values that are not Monte Carlo (exact quadratures): they
    are kept the same way but left out of the "Monte Carlo: ..." note of :func:`reporting`.

    A deterministic value (``monte_carlo=False``) that this process has *computed* is also kept by its
    arguments alone, whichever store was in force: a later call under another store root (or
    ``--fresh``) takes it instead of computing it again (it is the same computation), and saves it in
    that store.  Values loaded from a store are not shared that way (a record trusted under
    ``--trust-store`` stays where it was trusted), nor are Monte-Carlo values (where a value came
    from is part of their report).
    """
    origin: dict = {}
    computed: dict = {}  # deterministic values computed in this process, by arguments

    def _key(args):
        doc = _key_document(fn, args)
        return doc, hashlib.sha256(json.dumps(doc, sort_keys=True).encode("utf-8")).hexdigest()

    @functools.lru_cache(maxsize=64)
    def cached(*args, _root: str, _fresh_run: bool, _trust: bool):
        from montecarlo import storekey

        doc, key = _key(args)
        root = Path(_root)
        slot = (args, _root, _fresh_run, _trust)

        def compute():
            if monte_carlo:
                return fn(*args)
            if args not in computed:
                computed[args] = fn(*args)
            return computed[args]

        try:
            signing_key = storekey.store_key()
        except storekey.StoreKeyError:
            origin[slot] = "no-key"
            return compute()
        why = None
        if not _fresh_run:
            hit, why = _load(root, key, doc, trust=_trust, signing_key=signing_key)
            if hit is not None:
                value, trusted = hit
                origin[slot] = "trusted" if trusted else "store"
                if trusted and _in_main_process():
                    storekey.announce_trust(root)
                return value
        value = compute()
        unsaved = _save(root, key, doc, value, signing_key)
        if unsaved is not None:  # computed, not kept: never "kept in" (the evidence says why)
            origin[slot] = unsaved
            if unsaved.startswith("unwritable") and _in_main_process():
                _say_not_kept(root, unsaved.partition(": ")[2])
        else:
            origin[slot] = why or "computed"
        return value

    def _state():
        from montecarlo import storekey
        from montecarlo.store import default_store_dir

        return str(default_store_dir()), _fresh(), storekey.trust_from_env()

    @functools.wraps(fn)
    def wrapper(*args):
        root, fresh, trust = _state()
        value = cached(*args, _root=root, _fresh_run=fresh, _trust=trust)
        if monte_carlo:
            _CALLS.append((root, origin.get((args, root, fresh, trust), "computed")))
        return value

    def lookup(*args):
        """The value if it is known without computing it, else None."""
        from montecarlo import storekey

        root, fresh, trust = _state()
        slot = (args, root, fresh, trust)
        if slot in origin:  # computed or loaded in this process: the memoised value
            return wrapper(*args)
        if fresh:
            return None
        try:
            signing_key = storekey.store_key()
        except storekey.StoreKeyError:
            return None
        doc, key = _key(args)
        hit, _ = _load(Path(root), key, doc, trust=trust, signing_key=signing_key)
        if hit is None:
            return None
        return wrapper(*args)  # now a store hit: memoised and reported like any other use

    def where(*args) -> str:
        root, fresh, trust = _state()
        return origin.get((args, root, fresh, trust), "not run")

    def cache_clear() -> None:
        cached.cache_clear()
        computed.clear()

    out = cast(Stored, wrapper)
    out.cache_clear = cache_clear
    out.lookup = lookup
    out.origin = where
    return out


def thorough() -> bool:
    """``psa-cert run --thorough`` (``$PSA_TOOLKIT_THOROUGH=1``): run the Monte-Carlo cross-checks of
    the certificates that the exact model decides, at the paper's sizes, when they are not stored."""
    from montecarlo.store import ENV_THOROUGH

    return os.environ.get(ENV_THOROUGH, "") not in ("", "0")


def _in_main_process() -> bool:
    """Not a runner's worker: there the parent (``psa-cert run --trust-store``) prints the line."""
    import multiprocessing

    from ..workers import in_worker

    return not in_worker() and multiprocessing.parent_process() is None


_SAID_NOT_KEPT: set = set()


def _say_not_kept(root: Path, reason: str) -> None:
    """One line on stderr per store that could not keep a result (in a runner's worker the parent
    says it before the run: ``psa-cert``'s check of the store, :func:`montecarlo.store.unwritable`)."""
    from psa_io.escape import terminal

    if str(root) in _SAID_NOT_KEPT:
        return
    _SAID_NOT_KEPT.add(str(root))
    out = sys.__stderr__ or sys.stderr
    try:
        print(
            terminal(f"psa-toolkit: cannot write the result store {root} ({reason}); Monte-Carlo results are not kept"),
            file=out,
            flush=True,
        )
    except (OSError, ValueError, AttributeError):
        pass


_NOT_USED = {
    "unsigned": "record not signed by this user's key",
    "damaged": "record damaged",
}


def provenance(calls) -> str:
    """'Monte Carlo: all 3 results from the result store DIR (--fresh recomputes)' and the like,
    saying how many were trusted without the user's key and why any stored one was recomputed."""
    n = len(calls)
    origins = [o for _, o in calls]
    hits = sum(o in ("store", "trusted") for o in origins)
    roots = sorted({root for root, _ in calls})
    where = roots[0] if len(roots) == 1 else ", ".join(roots)
    if hits == n:
        text = (
            f"Monte Carlo: {'the' if n == 1 else f'all {n}'} seeded result{'s' if n != 1 else ''} "
            f"from the result store {where} (--fresh recomputes)"
        )
    elif hits:
        text = f"Monte Carlo: {hits} of {n} seeded results from the result store {where}, the rest computed now"
    elif "no-key" in origins:
        text = f"Monte Carlo: {n} seeded result{'s' if n != 1 else ''} computed now (not stored: no usable store key)"
    elif not any(o.startswith(("unwritable", "unstorable")) for o in origins):
        text = f"Monte Carlo: {n} seeded result{'s' if n != 1 else ''} computed now (kept in {where})"
    else:
        text = f"Monte Carlo: {n} seeded result{'s' if n != 1 else ''} computed now"
    unwritable = [o.partition(": ")[2] for o in origins if o.startswith("unwritable")]
    if unwritable:
        k = len(unwritable)
        text += (
            f"; {'it was' if n == 1 else f'{k} of them were'} not kept: the result store {where} cannot be written "
            f"({unwritable[0]})"
        )
    k = origins.count("unstorable")
    if k:
        text += f"; {k} not kept: not a value the store can hold"
    trusted = origins.count("trusted")
    if trusted:
        text += f"; {trusted} trusted without this user's key (--trust-store)"
    for why, words in _NOT_USED.items():
        k = origins.count(why)
        if k:
            text += f"; {k} recomputed: {words}"
    return text


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
