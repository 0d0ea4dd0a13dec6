"""Small helpers shared by the §5.3/§6 certificate modules (private: not a pack module)."""
from __future__ import annotations


from ..algebra import all_zero, is_zero  # noqa: F401 (re-exported for the §5-6 modules)


def fmt(x, digits: int = 4) -> str:
    """A float for a detail line."""
    return f"{float(x):.{digits}g}"
