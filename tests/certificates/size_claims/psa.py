"""Size-dependent wrong claims of the psa certificates of §2-3 (see the package docstring)."""

from __future__ import annotations

from typing import Callable

WRONG: dict[str, list[tuple[str, Callable[[], dict]]]] = {}
