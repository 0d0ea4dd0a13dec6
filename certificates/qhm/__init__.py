"""Certificate pack ``qhm``: the QHM / causal FIR filter analysis of 001_36d6cf6808707d5a.

Statements in :mod:`theory.companions.qhm` (ids ``qhm:<label>``).  Modules: ``filters`` (QHM transfer
function, Nyquist gains, lag-1 autocorrelation, Sheppard bounce, the 3-gram FIR filter, NorMuon
restoration, the unrolled skip), ``montecarlo`` (the filter run on Gaussian noise), ``tables``
(NOT-CHECKABLE measurement rows and the arithmetic of the tables).
"""

from __future__ import annotations

from theory.companions.qhm import STATEMENTS

from .._companion import collect

PACK = "qhm"


def load():
    """Entry point of the ``qhm`` pack: its certificates, in the paper's order."""
    return collect(__name__, __path__, STATEMENTS)
