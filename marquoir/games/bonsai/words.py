"""Counted things in words, with the right plural ("1 leaf", "2 leaves"), shared by the explanations, the goals'
figures and the check's messages. Each is a counted message of the catalogue (:func:`marquoir.i18n.ngettext`: the
language's own plural forms, French the singular for 0 and 1).
"""

from __future__ import annotations

from collections.abc import Sequence

from marquoir.games.bonsai.geometry import Cell
from marquoir.games.bonsai.vocabulary import FLOWER, FRUIT, LEAF, WOOD
from marquoir.i18n import _, ngettext


def by_count(count: int, form: str, **fields: object) -> str:
    """The form of a counted message for ``count`` (``ngettext(one, many, count)``), with ``{count}`` and ``fields``
    filled in."""
    return form.format(count=count, **fields)


def tiles_text(kind: str, count: int) -> str:
    """``count`` tiles of ``kind``: "10 wood tiles (the trunk included)", "1 leaf tile", "2 flower tiles"."""
    if kind == WOOD:
        return by_count(
            count, ngettext("{count} wood tile (the trunk included)", "{count} wood tiles (the trunk included)", count)
        )
    if kind == LEAF:
        return by_count(count, ngettext("{count} leaf tile", "{count} leaf tiles", count))
    if kind == FLOWER:
        return by_count(count, ngettext("{count} flower tile", "{count} flower tiles", count))
    assert kind == FRUIT, kind
    return by_count(count, ngettext("{count} fruit tile", "{count} fruit tiles", count))


def cards_text(kind: str, count: int) -> str:
    """``count`` cards of ``kind``: "3 Master cards", "1 Growth card"."""
    if kind == "growth":
        return by_count(count, ngettext("{count} Growth card", "{count} Growth cards", count))
    if kind == "helper":
        return by_count(count, ngettext("{count} Helper card", "{count} Helper cards", count))
    assert kind == "master", kind
    return by_count(count, ngettext("{count} Master card", "{count} Master cards", count))


def counted_text(counted: str, count: int) -> str:
    """What a Parchment counts, ``count`` of them: tiles of a kind or cards of a kind."""
    return cards_text(counted, count) if counted in ("growth", "helper", "master") else tiles_text(counted, count)


def items_text(parts: Sequence[str]) -> str:
    """Items of one explanation, one after the other (French puts a non-breaking space before the semicolon)."""
    return _("; ").join(parts)


def _across(halves: int) -> str:
    """How far across from the trunk, in half cells (negative: to the left)."""
    whole, half = divmod(abs(halves), 2)
    left = halves < 0
    if whole == 0:
        return _("half a cell left of the trunk") if left else _("half a cell right of the trunk")
    if half:
        form = (ngettext("{count}½ cells left of the trunk", "{count}½ cells left of the trunk", whole) if left
                else ngettext("{count}½ cells right of the trunk", "{count}½ cells right of the trunk", whole))
    else:
        form = (ngettext("{count} cell left of the trunk", "{count} cells left of the trunk", whole) if left
                else ngettext("{count} cell right of the trunk", "{count} cells right of the trunk", whole))
    return by_count(whole, form)


def place_text(cell: Cell, trunk: Cell) -> str:
    """Where ``cell`` lies, as players say it, from the trunk (at ``trunk``) and the pot: "the trunk", "2 rows
    above the trunk", "1 cell left of the trunk, 2 rows up", "half a cell right of the trunk, 1 row down" (rows up
    and down from the trunk's row; across in cells, even rows sitting half a cell to the right: data/SOURCES.md,
    "The pot and the grid", facts 1 and 2). The document's ``[x, y]`` is never said."""
    rows = cell[1] - trunk[1]
    halves = (2 * cell[0] + (0 if cell[1] % 2 else 1)) - (2 * trunk[0] + (0 if trunk[1] % 2 else 1))
    if halves == 0:
        if rows == 0:
            return _("the trunk")
        form = (ngettext("{count} row above the trunk", "{count} rows above the trunk", rows) if rows > 0
                else ngettext("{count} row below the trunk", "{count} rows below the trunk", -rows))
        return by_count(abs(rows), form)
    if rows == 0:
        height = _("on the trunk’s row")
    elif rows > 0:
        height = by_count(rows, ngettext("{count} row up", "{count} rows up", rows))
    else:
        height = by_count(-rows, ngettext("{count} row down", "{count} rows down", -rows))
    return _("{across}, {height}").format(across=_across(halves), height=height)
