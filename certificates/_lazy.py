"""Modules imported on first use, for the certificate modules.

A parallel ``psa-cert run`` builds the registry twice: in the parent, which only needs the
certificates' metadata, and in the forkserver its workers are forked from (:mod:`certificates._preload`,
which imports the modules named in :data:`PRELOAD` first, so that every worker inherits them).
SciPy's ``stats``, ``optimize`` and ``linalg`` cost about half a second to import, which the parent
then never pays.  ``stats = lazy("scipy.stats")`` at module level behaves as the module from its
first attribute access on.
"""

from __future__ import annotations

import importlib
from types import ModuleType
from typing import Any

#: What the forkserver imports before building the registry: the modules the certificate and
#: theory modules import on first use (see the module docstring).
PRELOAD = ("scipy.special", "scipy.stats", "scipy.optimize", "scipy.linalg")


class _Lazy:
    """A stand-in for a module, imported at the first attribute access."""

    def __init__(self, name: str):
        self._name = name
        self._module: ModuleType | None = None

    def __getattr__(self, attr: str) -> Any:
        if attr.startswith("__"):
            raise AttributeError(attr)
        if self._module is None:
            self._module = importlib.import_module(self._name)
        return getattr(self._module, attr)

    def __repr__(self) -> str:
        return f"<module {self._name!r}, imported on first use>"


def lazy(name: str) -> Any:
    """``name`` (a module), imported at the first attribute access."""
    return _Lazy(name)


def lazy_function(module: str, name: str) -> Any:
    """``module.name`` (a function), its module imported at the first call."""

    def call(*args: Any, **kwargs: Any) -> Any:
        return getattr(importlib.import_module(module), name)(*args, **kwargs)

    call.__name__ = call.__qualname__ = name
    call.__doc__ = f"{module}.{name}, imported at the first call."
    return call
