"""How long each certificate took the last time it ran (``$PSA_TOOLKIT_CACHE/cert-timings.json``):
for the progress ETA and the order of parallel work only, never for a verdict.

A timings file that cannot be used (see :mod:`psa_io.caches`), or whose content is not an object
of id -> seconds (finite, non-negative numbers), is ignored with one stderr line; nothing else
changes (no exit code, no verdict).  Saving is best effort: a failure is silent, the next run only
lacks an ETA.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any, Iterable, Optional

from psa_io import caches
from psa_io.caches import finite_number
from psa_io.outputs import atomic_write

WHAT = "the timings cache"


def path() -> Path:
    from .lastrun import cache_dir

    return cache_dir() / "cert-timings.json"


def shape_problem(doc: Any) -> Optional[str]:
    """Why ``doc`` is not a timings record (id -> seconds), or None."""
    if not isinstance(doc, dict):
        return "not a JSON object"
    for k, v in doc.items():
        if not finite_number(v):
            return f"the time of {k!r} is not a duration in seconds"
    return None


def load(warn: bool = True) -> dict[str, float]:
    """id (lower case) -> seconds the certificate took the last time it ran; empty when unknown
    or unusable (then one stderr line, when ``warn``)."""
    doc = caches.load(path(), WHAT, shape_problem, warn=warn)
    return {} if doc is None else {str(k).lower(): float(v) for k, v in doc.items()}


def save(results: Iterable) -> None:
    """Merge the times of ``results`` into the file (best effort: a failure changes nothing)."""
    data = load(warn=False)
    data.update({r.certificate.id.lower(): round(r.elapsed_s, 4) for r in results})
    p = path()
    try:
        p.parent.mkdir(parents=True, exist_ok=True)
        text = json.dumps(data, sort_keys=True, allow_nan=False)
        atomic_write(p, lambda fh: fh.write(text))
    except (OSError, ValueError):
        pass
