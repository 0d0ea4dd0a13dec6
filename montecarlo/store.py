"""Result store for sweeps: one JSON record + one NPZ of curves per finished grid point.

A point is stored under a *key*: the SHA-256 of a canonical JSON document holding
everything its numbers depend on -- the parameters, the seed list, the conventions
record of the engine (distractors, chance rule, grid, extraction rule, RNG, truncation,
chunking), the store format and the toolkit version.  Changing any of them gives a new
key, so a stored point is never reused under conventions it was not made with.

Writes are atomic: each file goes to a temporary file in the same folder and is moved
into place with :func:`os.replace`; the NPZ is written first and the JSON record last,
so a point counts as finished only once both are complete.  An interrupted sweep
therefore loses at most the point in flight.

Default location: ``$PSA_TOOLKIT_STORE`` if set, else ``~/.cache/psa-toolkit/sweeps``
(never inside the package).
"""
from __future__ import annotations

import hashlib
import json
import os
import tempfile
from pathlib import Path
from typing import Any, Optional

import numpy as np

#: Bump when the layout of a stored record changes.
STORE_FORMAT = 1
ENV_VAR = "PSA_TOOLKIT_STORE"


def toolkit_version() -> str:
    try:
        from importlib.metadata import version

        return version("psa-toolkit")
    except Exception:  # pragma: no cover - running from a bare source tree
        return "unknown"


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


def _atomic_write(path: Path, write) -> None:
    """Write through a temporary file in the same folder, then ``os.replace`` it into place."""
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    try:
        with os.fdopen(fd, "wb") as fh:
            write(fh)
            fh.flush()
            os.fsync(fh.fileno())
        os.replace(tmp, path)
    except BaseException:
        try:
            os.unlink(tmp)
        except OSError:
            pass
        raise


class StoreError(RuntimeError):
    """The store cannot be used (not writable, corrupt record...)."""


class ResultStore:
    """A folder of finished sweep points, ``<key>.json`` + ``<key>.npz``."""

    def __init__(self, root: Optional[os.PathLike | str] = None):
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

    def load(self, key: str) -> Optional[tuple[dict, dict]]:
        """``(record, arrays)`` of a finished point, or None if absent or unreadable."""
        js, npz = self._paths(key)
        if not (js.is_file() and npz.is_file()):
            return None
        try:
            record = json.loads(js.read_text(encoding="utf-8"))
            with np.load(npz, allow_pickle=False) as data:
                arrays = {k: data[k].copy() for k in data.files}
        except (OSError, ValueError, json.JSONDecodeError):
            return None  # a damaged point is recomputed, never trusted
        if record.get("key") != key:
            return None
        return record, arrays

    def save(self, key: str, record: dict, arrays: dict) -> None:
        """Store one finished point atomically (NPZ first, JSON record last)."""
        if record.get("key") != key:
            raise StoreError("record key does not match the store key")
        self.ensure()
        js, npz = self._paths(key)
        try:
            _atomic_write(npz, lambda fh: np.savez(fh, **arrays))
            text = json.dumps(record, indent=1, sort_keys=True, allow_nan=False).encode("utf-8")
            _atomic_write(js, lambda fh: fh.write(text))
        except OSError as exc:
            raise StoreError(f"cannot write to the result store {self.root}: {exc.strerror}") from None

    def keys(self) -> list[str]:
        if not self.root.is_dir():
            return []
        return sorted(p.stem for p in self.root.glob("*.json") if self.has(p.stem))
