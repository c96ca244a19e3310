"""Every issue code Bonsai reports, in the table format's order (``marquoir/data/table-format.md``): a module of its
own, so that the game's registry entry knows them without importing the legality pass."""

from __future__ import annotations

#: Every issue code, in the order of the table format (stable: only ever added to).
CODES = (
    "PLAYER_COUNT",
    "TILE_PLACE",
    "TILE_UNSUPPORTED",
    "FRUIT_TOUCHES_FRUIT",
    "GOAL_UNKNOWN",
    "GOAL_DUPLICATE",
    "GOAL_SAME_COLOUR",
    "GOAL_UNMET",
    "CARD_COUNT",
    "SHEET",
    "CARD_TOTAL",
    "SOLO",
    "UNREACHABLE",
)
