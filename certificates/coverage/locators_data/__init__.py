"""The locators of the printed numbers the certificates read, and the numbers declared not
checkable: one place, as data (issue 27).

Each module of this package (one per area of a paper; builders in :mod:`._common`) defines
``LOCATORS`` (a tuple of :class:`~certificates.coverage.locators.Locator`) and may define
``NOT_CHECKABLE`` (a tuple of :class:`~certificates.coverage.locators.NotCheckable`); this package
collects them by pack.  Each locator names a certificate, the claim it reads (parameter name, then
the path inside it) and the place in the paper's text (see :mod:`..locators`); ``printed`` is the
number as the text prints it.  A quantity the paper prints in two places has two entries.
``tests/certificates/test_coverage_locators.py`` resolves every entry against ``../shared/papers``
and checks that the claim exists and equals the printed number.
"""

from __future__ import annotations

import importlib
import pkgutil

from ..locators import Locator, NotCheckable

LOCATORS: dict[str, tuple[Locator, ...]] = {"psa": (), "qhm": (), "momentum": ()}
#: Numbers declared not checkable, with the reason.  An entry is added only after checking that no
#: relation printed in the paper (a difference, a mean, a total, the same number printed elsewhere,
#: a statement about the numbers such as "monotone" or "best in bold") constrains them.
NOT_CHECKABLE: dict[str, tuple[NotCheckable, ...]] = {"psa": (), "qhm": (), "momentum": ()}


def _collect() -> None:
    locs: dict[str, list[Locator]] = {}
    decls: dict[str, list[NotCheckable]] = {}
    for info in sorted(pkgutil.iter_modules(__path__), key=lambda i: i.name):
        if info.name.startswith("_"):
            continue
        mod = importlib.import_module(f"{__name__}.{info.name}")
        for loc in getattr(mod, "LOCATORS", ()):
            locs.setdefault(loc.pack, []).append(loc)
        for decl in getattr(mod, "NOT_CHECKABLE", ()):
            decls.setdefault(decl.pack, []).append(decl)
    LOCATORS.update({pack: tuple(v) for pack, v in locs.items()})
    NOT_CHECKABLE.update({pack: tuple(v) for pack, v in decls.items()})


_collect()
