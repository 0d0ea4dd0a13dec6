"""Certificate pack ``psa``: the main paper (000_b0d3d3a1e8194ba3).

Every module of this package that defines ``CERTIFICATES`` contributes; :func:`load`
returns them in paper order (the order of ``theory.catalogue``, then the appendix sections of
``theory.appendix``), a derived certificate such as ``thm27.corrected`` right after its base
statement.
"""

from __future__ import annotations

from theory.appendix import STATEMENTS as APPENDIX
from theory.catalogue import ITEMS


def load():
    """Entry point of the ``psa`` pack: every certificate of the main paper, in paper order."""
    from dataclasses import replace

    from .._companion import collect
    from ..registry import Kind
    from ._mcstore import reporting

    return [
        replace(c, check=reporting(c.check)) if c.kind is Kind.MONTE_CARLO and c.check is not None else c
        for c in collect(__name__, __path__, (*ITEMS, *APPENDIX))
    ]
