"""Helpers shared by the certificate modules of the ``psa`` pack."""
from __future__ import annotations

from typing import Callable, Optional

from theory.statement import Statement

from ..registry import Certificate, Kind

PACK = "psa"


def certify(statement: Statement, check: Callable, kind: Kind, verifies: str, *,
            cid: Optional[str] = None, title: Optional[str] = None) -> Certificate:
    """A certificate for ``statement`` (id defaults to the statement's; use e.g.
    ``cid=statement.id + ".corrected"`` for a corrected version)."""
    return Certificate(
        id=cid or statement.id,
        title=title or statement.title,
        supports=statement.label,
        verifies=verifies,
        kind=kind,
        check=check,
        pack=PACK,
        section=statement.section,
        level=statement.level,
        depends=statement.depends,
        statement=statement.content,
        sympy_form=statement.sympy,
    )


def not_checkable(statement: Statement, reason: str) -> Certificate:
    """A NOT-CHECKABLE row: the statement is accounted for, with the reason."""
    return Certificate(
        id=statement.id,
        title=statement.title,
        supports=statement.label,
        verifies="(not checkable)",
        kind=Kind.NOT_CHECKABLE,
        check=None,
        pack=PACK,
        section=statement.section,
        level=statement.level,
        depends=statement.depends,
        statement=statement.content,
        sympy_form=statement.sympy,
        reason=reason,
    )
