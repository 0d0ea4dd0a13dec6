"""The toolkit's own source files and one digest of them: what the verdict memo keys a record on
(:func:`certificates.memo.source_digest`) and what a cached Monte-Carlo kernel is stamped with
(:func:`montecarlo._jitguard.package_stamp`)."""

from __future__ import annotations

import hashlib
from collections.abc import Iterable
from pathlib import Path


def python_files(root: Path, parts: Iterable[str]) -> list[Path]:
    """Every ``.py`` of ``parts`` (files or folders, relative to ``root``; ``"."`` is ``root``
    itself), in the order of their paths relative to ``root``."""
    files: list[Path] = []
    for part in parts:
        p = root / part
        if p.is_file():
            files.append(p)
        elif p.is_dir():
            files.extend(f for f in p.rglob("*.py") if f.is_file())
    return sorted(files, key=lambda f: f.relative_to(root).as_posix())


def digest(root: Path, files: Iterable[Path]) -> str:
    """SHA-256 (hex) over the path relative to ``root`` and the bytes of each file, in the given
    order, each length-prefixed: another name, other bytes or another split give another digest.
    An unreadable file raises :class:`OSError`."""
    h = hashlib.sha256()
    for f in files:
        rel = f.relative_to(root).as_posix().encode("utf-8")
        data = f.read_bytes()
        h.update(b"%d:%s|%d:" % (len(rel), rel, len(data)))
        h.update(data)
    return h.hexdigest()
