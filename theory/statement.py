"""Statements of a paper as objects: id, section, title, level, dependencies, SymPy content.

Each concept module of :mod:`theory` lists its statements in a module-level
``STATEMENTS`` sequence; :func:`all_statements` collects them from every submodule.
Pure data: no I/O, no simulation.
"""

from __future__ import annotations

import importlib
import pkgutil
from dataclasses import dataclass
from typing import Any, Callable, Optional

#: The paper's three levels (§1, "What is claimed, and at which level"), plus "definition"
#: for definitions and conventions that assert nothing by themselves.
LEVELS = ("operator", "transition", "empirical", "definition")


@dataclass(frozen=True)
class Statement:
    """One numbered statement (or catalogued item) of a paper.

    ``id`` is the canonical certificate id (``theory.catalogue``), ``label`` the paper's own
    (e.g. "Prop 13 and Eq (21)"), ``depends`` canonical ids of the statements it uses,
    ``content`` the statement as printed (formulas in plain text), and ``sympy`` a
    zero-argument callable returning its SymPy form (an ``Eq``, an expression, or a dict of
    them) wherever it is algebraic.
    """

    id: str
    label: str
    section: str
    title: str
    level: str
    content: str = ""
    depends: tuple[str, ...] = ()
    sympy: Optional[Callable[[], Any]] = None
    paper: str = "psa"

    def __post_init__(self):
        if self.level not in LEVELS:
            raise ValueError(f"{self.id}: level must be one of {LEVELS}, got {self.level!r}")


def paper_statement(
    paper: str, sid: str, label: str, section: str, title: str, level: str, content: str, depends=(), sympy=None
) -> Statement:
    """A statement of another paper: id and dependencies are namespaced ``"<paper>:<id>"``
    (companion papers' labels collide with the main paper's)."""
    return Statement(
        f"{paper}:{sid}",
        label,
        section,
        title,
        level,
        content=content,
        depends=tuple(f"{paper}:{d}" if ":" not in d else d for d in depends),
        sympy=sympy,
        paper=paper,
    )


def all_statements(package: str = "theory") -> dict[str, Statement]:
    """Every ``STATEMENTS`` entry of every module below ``package``, by lower-case id."""
    pkg = importlib.import_module(package)
    found: dict[str, Statement] = {}
    for info in pkgutil.walk_packages(pkg.__path__, prefix=package + "."):
        mod = importlib.import_module(info.name)
        for st in getattr(mod, "STATEMENTS", ()):
            key = st.id.lower()
            if key in found and found[key] is not st:
                raise ValueError(f"statement {st.id!r} defined twice ({info.name})")
            found[key] = st
    return found
