"""Certificate pack ``momentum``: the earlier Momentum Attention preprint (003_0cc77bc9d6b08a43).

Same operator as the main paper; its claims are encoded as printed (statements in
:mod:`theory.companions.momentum`, ids ``momentum:<label>``).  Modules: ``operator`` (§2.1, §2.3,
§2.5-2.6, §2.8-2.10, Thm 2.8, Addendum E), ``dynamics`` (§2.2), ``linearisation`` (§2.7),
``measurements`` (NOT-CHECKABLE rows and their arithmetic).
"""

from __future__ import annotations

from theory.companions.momentum import STATEMENTS

from .._companion import collect

PACK = "momentum"


def load():
    """Entry point of the ``momentum`` pack: its certificates, in the preprint's order."""
    return collect(__name__, __path__, STATEMENTS)
