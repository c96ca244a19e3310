"""Counted things in words, with the right plural ("1 leaf", "2 leaves"), shared by the explanations, the goals'
figures and the check's messages. Each is a counted message of the catalogue (:func:`marquoir.i18n.ngettext`: the
language's own plural forms, French the singular for 0 and 1).
"""

from __future__ import annotations

from collections.abc import Sequence

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
