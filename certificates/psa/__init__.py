"""Certificate pack ``psa``: the main paper (000_b0d3d3a1e8194ba3).

Every module of this package that defines ``CERTIFICATES`` contributes; :func:`load`
returns them in paper order (the order of ``theory.catalogue``), a derived certificate
such as ``thm27.corrected`` right after its base statement.
"""
from __future__ import annotations

import importlib
import pkgutil

from theory.catalogue import ITEMS

_ORDER = {it.id.lower(): i for i, it in enumerate(ITEMS)}


def _position(cid: str) -> tuple[int, str]:
    parts = cid.lower().split(".")
    for n in range(len(parts), 0, -1):
        base = ".".join(parts[:n])
        if base in _ORDER:
            return _ORDER[base], cid.lower()
    return len(_ORDER), cid.lower()


def load():
    """Entry point of the ``psa`` pack: every certificate of the main paper, in paper order."""
    certs = []
    for info in pkgutil.iter_modules(__path__):
        if info.name.startswith("_"):
            continue
        mod = importlib.import_module(f"{__name__}.{info.name}")
        certs.extend(getattr(mod, "CERTIFICATES", ()))
    return sorted(certs, key=lambda c: _position(c.id))
