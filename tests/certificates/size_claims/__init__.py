"""Size-dependent wrong claims (issue 25, point 3).

For every certificate with a declared size domain (:class:`certificates.registry.SizeDomain`), one
or more WRONG claims that agree with the printed claim at every size the check evaluates
explicitly and differ beyond it (an extra term that needs more coordinates than the largest explicit
width, a term that appears only beyond the largest explicit depth).  Fed to the check, each must
make it FAIL -- or the certificate must not say ``proved``.

Each submodule defines ``WRONG: dict[str, list[tuple[str, Callable[[], dict]]]]``: certificate id ->
``(what is wrong, a callable returning the keyword overrides of the check)``.  They are merged here.
"""

from __future__ import annotations

from typing import Callable

from . import companions, psa, psa_sec4_10

WRONG: dict[str, list[tuple[str, Callable[[], dict]]]] = {}
for _mod in (psa, psa_sec4_10, companions):
    for _cid, _cases in _mod.WRONG.items():
        WRONG.setdefault(_cid.lower(), []).extend(_cases)
