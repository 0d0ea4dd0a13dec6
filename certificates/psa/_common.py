"""Helpers shared by the certificate modules of the ``psa`` pack (and reused by the companion packs)."""

from __future__ import annotations

from typing import Callable, Optional

from theory.statement import Statement

from ..registry import Certificate, Kind

PACK = "psa"


def certify(
    statement: Statement,
    check: Callable,
    kind: Kind,
    verifies: str,
    *,
    cid: Optional[str] = None,
    title: Optional[str] = None,
    pack: str = PACK,
) -> Certificate:
    """A certificate for ``statement`` (id defaults to the statement's; use e.g.
    ``cid=statement.id + ".corrected"`` for a corrected version).  ``pack`` names the pack the
    certificate belongs to (default ``psa``; the companion packs pass their own)."""
    return Certificate(
        id=cid or statement.id,
        title=title or statement.title,
        supports=statement.label,
        verifies=verifies,
        kind=kind,
        check=check,
        pack=pack,
        section=statement.section,
        level=statement.level,
        depends=statement.depends,
        statement=statement.content,
        sympy_form=statement.sympy,
    )


def not_checkable(statement: Statement, reason: str, *, pack: str = PACK) -> Certificate:
    """A NOT-CHECKABLE row: the statement is accounted for, with the reason."""
    return Certificate(
        id=statement.id,
        title=statement.title,
        supports=statement.label,
        verifies="(not checkable)",
        kind=Kind.NOT_CHECKABLE,
        check=None,
        pack=pack,
        section=statement.section,
        level=statement.level,
        depends=statement.depends,
        statement=statement.content,
        sympy_form=statement.sympy,
        reason=reason,
    )
