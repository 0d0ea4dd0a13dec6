"""Result store for sweeps: one JSON record + one NPZ of curves per finished grid point.

A point is stored under a *key*: the SHA-256 of a canonical JSON document holding
everything its numbers depend on -- the parameters, the seed list, the conventions
record of the engine (distractors, chance rule, grid, extraction rule, RNG, truncation,
chunking), the store format and the toolkit version.  Changing any of them gives a new
key, so a stored point is never reused under conventions it was not made with.

Writes are atomic (:func:`psa_io.outputs.atomic_write`): each file goes to a temporary file in
the same folder and is moved into place with :func:`os.replace`; the NPZ is written first and the JSON record last,
so a point counts as finished only once both are complete.  An interrupted sweep
therefore loses at most the point in flight.

Records are verified, never trusted: :meth:`ResultStore.load` treats a record that is not
valid JSON, not an object, misses a field, has another key or format, or whose NPZ is
empty, truncated, has other arrays (names, shapes, dtypes) or another content hash
(``arrays_sha256``: SHA-256 of the arrays' names, dtypes, shapes and bytes, written into
the record when it is made) as absent; a caller's ``verify`` adds its own checks (the
sweep recomputes the key from the record's own parameters and the record's values from
its arrays).  Each damaged point is reported once by a :class:`DamagedRecordWarning` and is
then recomputed and overwritten atomically by the caller.

Default location: ``$PSA_TOOLKIT_STORE`` if set, else ``~/.cache/psa-toolkit/sweeps``
(never inside the package).
"""

from __future__ import annotations

import hashlib
import json
import os
import warnings
import zipfile
from pathlib import Path
from typing import Any, Callable, Optional

import numpy as np

from psa_io.outputs import atomic_write

#: Bump when the layout of a stored record changes (2: content hash and array layout in
#: every record, records verified on load).
STORE_FORMAT = 2
#: Fields every record must have (the sweep checks the rest against its own recomputation).
REQUIRED_FIELDS = ("key", "format", "arrays", "arrays_sha256", "toolkit_version")
ENV_VAR = "PSA_TOOLKIT_STORE"


def default_store_dir() -> Path:
    """``$PSA_TOOLKIT_STORE`` or ``~/.cache/psa-toolkit/sweeps``."""
    env = os.environ.get(ENV_VAR)
    if env:
        return Path(env).expanduser()
    return Path("~/.cache/psa-toolkit/sweeps").expanduser()


def canonical_json(obj: Any) -> str:
    """Sorted keys, no whitespace, floats by repr: the same document gives the same bytes."""
    return json.dumps(obj, sort_keys=True, separators=(",", ":"), allow_nan=False)


def point_key(key_doc: dict) -> str:
    """Store key of a point: SHA-256 (hex) of the canonical JSON of its key document."""
    return hashlib.sha256(canonical_json(key_doc).encode("utf-8")).hexdigest()


class StoreError(RuntimeError):
    """The store cannot be used (not writable, corrupt record...)."""


class DamagedRecord(StoreError):
    """A stored point failed verification; ``reason`` says how (it is then recomputed)."""


class DamagedRecordWarning(UserWarning):
    """A stored point was damaged and will be recomputed (one warning per point)."""


def arrays_digest(arrays: dict) -> str:
    """SHA-256 (hex) of the arrays' names, dtypes, shapes and bytes, in name order."""
    h = hashlib.sha256()
    for name in sorted(arrays):
        a = np.ascontiguousarray(arrays[name])
        h.update(f"{name}|{a.dtype.str}|{list(a.shape)}|".encode("utf-8"))
        h.update(a.tobytes())
    return h.hexdigest()


def arrays_layout(arrays: dict) -> dict:
    """``{name: {"dtype": "<f8", "shape": [...]}}`` of the arrays (what a record states)."""
    return {
        name: {"dtype": np.asarray(a).dtype.str, "shape": list(np.asarray(a).shape)}
        for name, a in sorted(arrays.items())
    }


class ResultStore:
    """A folder of finished sweep points, ``<key>.json`` + ``<key>.npz``."""

    def __init__(self, root: Optional[os.PathLike | str] = None):
        if root is not None and str(root).strip() == "":
            raise StoreError("the result store folder must not be empty (give a folder, e.g. --store ./sweeps)")
        self.root = Path(root).expanduser() if root is not None else default_store_dir()

    def __repr__(self) -> str:
        return f"ResultStore({str(self.root)!r})"

    def _paths(self, key: str) -> tuple[Path, Path]:
        return self.root / f"{key}.json", self.root / f"{key}.npz"

    def ensure(self) -> None:
        try:
            self.root.mkdir(parents=True, exist_ok=True)
        except OSError as exc:
            raise StoreError(f"cannot create the result store {self.root}: {exc.strerror}") from None

    def has(self, key: str) -> bool:
        js, npz = self._paths(key)
        return js.is_file() and npz.is_file()

    def read(self, key: str) -> Optional[tuple[dict, dict]]:
        """``(record, arrays)`` after the store's own checks; None if the point is absent
        (no record; an NPZ without its record is an interrupted write); raises
        :class:`DamagedRecord` if it is present but damaged."""
        js, npz = self._paths(key)
        if not js.exists():
            return None
        try:
            text = js.read_text(encoding="utf-8")
        except (OSError, UnicodeDecodeError) as exc:
            raise DamagedRecord(f"record unreadable: {exc}") from None
        try:
            record = json.loads(text)
        except (json.JSONDecodeError, RecursionError, ValueError):
            raise DamagedRecord("record is not valid JSON") from None
        if not isinstance(record, dict):
            kind = {list: "array", str: "string", bool: "boolean", int: "number", float: "number"}.get(
                type(record), "null"
            )
            raise DamagedRecord(f"record is a JSON {kind}, not an object")
        missing = [f for f in REQUIRED_FIELDS if f not in record]
        if missing:
            raise DamagedRecord(f"record misses field {missing[0]!r}")
        if record["key"] != key:
            raise DamagedRecord("record's key differs from its file name")
        if record["format"] != STORE_FORMAT:
            raise DamagedRecord(f"record format {record['format']!r}, expected {STORE_FORMAT}")
        if not npz.is_file():
            raise DamagedRecord("its arrays (.npz) are missing")
        try:
            with open(npz, "rb") as fh, np.load(fh, allow_pickle=False) as data:
                arrays = {k: data[k].copy() for k in data.files}
        except (
            OSError,
            ValueError,
            EOFError,
            zipfile.BadZipFile,
            KeyError,
            RuntimeError,
            AttributeError,
            TypeError,
        ) as exc:
            raise DamagedRecord(f"arrays (.npz) unreadable: {type(exc).__name__}") from None
        if not isinstance(record["arrays"], dict) or arrays_layout(arrays) != record["arrays"]:
            raise DamagedRecord("arrays (.npz) differ from the record's layout (names, shapes, dtypes)")
        if record["arrays_sha256"] != arrays_digest(arrays):
            raise DamagedRecord("arrays (.npz) differ from the record's content hash")
        return record, arrays

    def load(
        self, key: str, verify: Optional[Callable[[dict, dict], None]] = None, label: Optional[str] = None
    ) -> Optional[tuple[dict, dict]]:
        """``(record, arrays)`` of a finished, verified point, or None if absent or damaged.

        ``verify(record, arrays)`` may raise :class:`DamagedRecord` (or ``KeyError``,
        ``TypeError``, ``ValueError`` for a malformed record).  A damaged point emits one
        :class:`DamagedRecordWarning` naming ``label`` (default: the key) and the reason.
        """
        try:
            hit = self.read(key)
            if hit is not None and verify is not None:
                try:
                    verify(*hit)
                except DamagedRecord:
                    raise
                except (KeyError, TypeError, ValueError, AttributeError, IndexError, OverflowError) as exc:
                    raise DamagedRecord(f"record malformed ({type(exc).__name__}: {exc})") from None
        except DamagedRecord as exc:
            what = label or f"point {key[:12]}"
            warnings.warn(DamagedRecordWarning(f"stored {what} is damaged ({exc}); recomputing it"), stacklevel=2)
            return None
        return hit

    def save(self, key: str, record: dict, arrays: dict) -> None:
        """Store one finished point atomically (NPZ first, JSON record last)."""
        if record.get("key") != key:
            raise StoreError("record key does not match the store key")
        if record.get("arrays_sha256") != arrays_digest(arrays) or record.get("arrays") != arrays_layout(arrays):
            raise StoreError("record's content hash or layout does not match its arrays")
        self.ensure()
        js, npz = self._paths(key)
        try:
            atomic_write(npz, lambda fh: np.savez(fh, **arrays), binary=True)
            text = json.dumps(record, indent=1, sort_keys=True, allow_nan=False).encode("utf-8")
            atomic_write(js, lambda fh: fh.write(text), binary=True)
        except OSError as exc:
            raise StoreError(f"cannot write to the result store {self.root}: {exc.strerror}") from None

    def keys(self) -> list[str]:
        if not self.root.is_dir():
            return []
        return sorted(p.stem for p in self.root.glob("*.json") if self.has(p.stem))
