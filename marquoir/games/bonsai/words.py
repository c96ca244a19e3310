"""Counted things in words, with the right plural ("1 leaf", "2 leaves"), shared by the explanations, the goals'
figures and the check's messages. Each choice is two translated literals picked by the count, the singular for 1
and the plural otherwise (``marquoir.i18n`` has no ``ngettext``).
"""

from __future__ import annotations

from collections.abc import Sequence

from marquoir.games.bonsai.vocabulary import FLOWER, FRUIT, LEAF, WOOD
from marquoir.i18n import _


def by_count(count: int, one: str, many: str, **fields: object) -> str:
    """``one`` or ``many`` (both already translated) by ``count``, with ``{count}`` and ``fields`` filled in."""
    return (one if count == 1 else many).format(count=count, **fields)


def tiles_text(kind: str, count: int) -> str:
    """``count`` tiles of ``kind``: "10 wood tiles (the trunk included)", "1 leaf tile", "2 flower tiles"."""
    if kind == WOOD:
        return by_count(
            count, _("{count} wood tile (the trunk included)"), _("{count} wood tiles (the trunk included)")
        )
    if kind == LEAF:
        return by_count(count, _("{count} leaf tile"), _("{count} leaf tiles"))
    if kind == FLOWER:
        return by_count(count, _("{count} flower tile"), _("{count} flower tiles"))
    assert kind == FRUIT, kind
    return by_count(count, _("{count} fruit tile"), _("{count} fruit tiles"))


def cards_text(kind: str, count: int) -> str:
    """``count`` cards of ``kind``: "3 Master cards", "1 Growth card"."""
    if kind == "growth":
        return by_count(count, _("{count} Growth card"), _("{count} Growth cards"))
    if kind == "helper":
        return by_count(count, _("{count} Helper card"), _("{count} Helper cards"))
    assert kind == "master", kind
    return by_count(count, _("{count} Master card"), _("{count} Master cards"))


def counted_text(counted: str, count: int) -> str:
    """What a Parchment counts, ``count`` of them: tiles of a kind or cards of a kind."""
    return cards_text(counted, count) if counted in ("growth", "helper", "master") else tiles_text(counted, count)


def items_text(parts: Sequence[str]) -> str:
    """Items of one explanation, one after the other (French puts a non-breaking space before the semicolon)."""
    return _("; ").join(parts)
