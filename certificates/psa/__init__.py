"""Certificate pack ``psa``: the main paper (000_b0d3d3a1e8194ba3), Table 10 and beyond."""
from __future__ import annotations

from . import table10

MODULES = [table10]


def load():
    """Entry point of the ``psa`` pack: every certificate of the main paper, in paper order."""
    certs = []
    for mod in MODULES:
        certs.extend(mod.CERTIFICATES)
    return certs
