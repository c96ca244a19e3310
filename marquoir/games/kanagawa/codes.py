"""Every issue code Kanagawa reports, in the table format's order (``marquoir/data/table-format.md``): a module of
its own, so that the game's registry entry knows them without importing the legality pass."""

from __future__ import annotations

#: Every issue code, in the order of the table format (stable: only ever added to).
CODES = (
    "PLAYER_COUNT",
    "FAMILIES",
    "CARD_UNKNOWN",
    "CARD_DUPLICATE",
    "CARD_FAMILY_NOT_IN_PLAY",
    "FAMILY_OVERFLOW",
    "START_TILE",
    "DIPLOMA_UNKNOWN",
    "DIPLOMA_DUPLICATE",
    "DIPLOMA_SAME_FAMILY",
    "DIPLOMA_UNMET",
    "GRAND_MASTER",
    "YOKAI",
    "STORMS",
    "BRUSHES",
    "PRINT_UNPAINTABLE",
    "KEPT",
    "SHEET",
    "UNREACHABLE",
)
