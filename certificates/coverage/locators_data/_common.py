"""Builders of locators and not-checkable declarations, shared by the data modules of this package.

* :func:`t` -- a number in running text: section + a verbatim anchor that occurs once there;
* :func:`tab` -- a number in a table cell: table + row label + column label (``nth`` for a cell
  that holds several numerals: (index, count));
* :func:`set_` -- a setting a certificate uses (a keyword-only parameter of its check), in text;
* :func:`set_tab` -- the same in a table cell;
* :func:`grid` -- every cell of a block of a table at once, read by one claim that is a mapping
  ``row label -> sequence`` aligned with ``columns`` (each element a printed string, a tuple of
  printed strings for a cell with several numerals, or None for a cell the claim does not hold);
* :func:`nc_text`, :func:`nc_cells` -- numerals declared not checkable, with the reason.
"""

from __future__ import annotations

from typing import Mapping, Optional, Sequence, Union

from ..locators import Locator, NotCheckable

Cell = Union[str, tuple[str, ...], None]


def t(pack: str, cert: str, claim: str, printed: str, section: str, anchor: str) -> Locator:
    """A printed number in running text (or in a caption): ``anchor`` occurs once in ``section``."""
    return Locator(pack, cert, claim, printed, section=section, anchor=anchor)


def tab(
    pack: str,
    cert: str,
    claim: str,
    printed: str,
    table: str,
    row: str,
    column: str,
    nth: Optional[tuple[int, int]] = None,
) -> Locator:
    """A printed number in the cell (``row``, ``column``) of Table ``table``."""
    return Locator(pack, cert, claim, printed, table=table, row=row, column=column, nth=nth)


def set_(pack: str, cert: str, setting: str, printed: str, section: str, anchor: str) -> Locator:
    """A setting the certificate's check takes (keyword-only), printed in running text."""
    return Locator(pack, cert, setting, printed, section=section, anchor=anchor, setting=True)


def set_tab(pack: str, cert: str, setting: str, printed: str, table: str, row: str, column: str) -> Locator:
    """A setting the certificate's check takes (keyword-only), printed in a table cell."""
    return Locator(pack, cert, setting, printed, table=table, row=row, column=column, setting=True)


def grid(
    pack: str,
    cert: str,
    claim: str,
    table: str,
    columns: Sequence[str],
    values: Mapping[str, Sequence[Cell]],
    *,
    setting: bool = False,
) -> tuple[Locator, ...]:
    """The locators of a block of Table ``table`` read by one claim ``claim``: ``values[row][j]``
    is the cell (``row``, ``columns[j]``); the claim path is ``claim[row][j]`` (``claim[row][j][k]``
    for the k-th numeral of a cell that holds several).  Pass the check's own default as ``values``
    so that the claim and its locators cannot drift apart."""
    out: list[Locator] = []
    for row, cells in values.items():
        if len(cells) != len(columns):
            raise ValueError(f"Table {table}, row {row!r}: {len(cells)} cells for {len(columns)} columns")
        for j, cell in enumerate(cells):
            if cell is None:
                continue
            if isinstance(cell, str):
                path = f"{claim}[{row!r}][{j}]"
                out.append(Locator(pack, cert, path, cell, table=table, row=row, column=columns[j], setting=setting))
                continue
            for k, printed in enumerate(cell):
                path = f"{claim}[{row!r}][{j}][{k}]"
                out.append(
                    Locator(
                        pack,
                        cert,
                        path,
                        printed,
                        table=table,
                        row=row,
                        column=columns[j],
                        setting=setting,
                        nth=(k, len(cell)),
                    )
                )
    return tuple(out)


def nc_text(pack: str, section: str, anchor: str, reason: str) -> NotCheckable:
    """Every numeral inside ``anchor`` (a verbatim piece of one line, once in ``section``) that is
    not located, a label or a formula constant, declared not checkable for ``reason``."""
    return NotCheckable(pack, reason=reason, section=section, anchor=anchor)


def nc_cells(
    pack: str, table: str, reason: str, *, column: Optional[str] = None, row: Optional[str] = None
) -> NotCheckable:
    """Numerals of Table ``table`` declared not checkable for ``reason``: one column (``column``),
    one row (``row``: every cell, its label cell included), one cell (both), or every body cell of
    the table (neither; the header row excepted)."""
    return NotCheckable(pack, reason=reason, table=table, column=column, row=row)
