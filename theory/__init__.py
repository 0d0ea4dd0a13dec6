"""Pure mathematics of the Phase Space Attention paper (no I/O).

``theory.laws`` holds every closed form of the paper as a NumPy-vectorised
function, with SymPy counterparts in ``theory.laws.symbolic``.
"""

from . import laws

__all__ = ["laws"]
