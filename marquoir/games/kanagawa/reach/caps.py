"""The brushes each detailed player can have received when the brush reserve may have run dry (data/SOURCES.md,
decision 8), for the deep check (:mod:`~marquoir.games.kanagawa.reach.explain` tries each)."""

from __future__ import annotations

import itertools
from collections.abc import Mapping

from marquoir.games.kanagawa.reach.player import PreparedPlayer
from marquoir.games.kanagawa.table import DetailedPlayer, SheetPlayer, Table
from marquoir.games.kanagawa.vocabulary import BRUSH_PAWNS, STARTING_BRUSHES


def cap_options(
    table: Table, prepared: Mapping[int, PreparedPlayer], sheets: bool
) -> list[dict[int, int]]:
    """The brushes each detailed player can have received in all, when the reserve may have run dry (data/SOURCES.md,
    decision 8): the ``brushes`` figure when given, else every count from the Starting tile's to what the tableau
    asks for that the box allows (all 15 held once a brush is refused), most first. ``[{}]``: nobody's brushes
    capped (the reserve never refused one). A player holding no Brushes Diploma gains nothing from fewer brushes, so
    only its full count is tried when the box allows it."""
    asked = {seat: p.brushes_asked for seat, p in prepared.items()}
    fixed: dict[int, int] = {}
    free: list[int] = []
    for seat in prepared:
        player = table.players[seat]
        assert isinstance(player, DetailedPlayer)
        if player.brushes is not None:
            fixed[seat] = player.brushes
        else:
            free.append(seat)
    least_sheets = STARTING_BRUSHES * sum(1 for p in table.players if isinstance(p, SheetPlayer))
    ranges: list[list[int]] = []
    for seat in free:
        p = prepared[seat]
        brushes_diploma = any(d.startswith("brushes-") for d in p.player.diplomas)
        counts = list(range(asked[seat], p.start_brushes - 1, -1))
        ranges.append(counts if brushes_diploma or not sheets else counts[:1])
    options: list[dict[int, int]] = []
    for combo in itertools.product(*ranges):
        caps = dict(fixed)
        caps.update(zip(free, combo, strict=True))
        held = sum(caps.values())
        short = any(caps[seat] < asked[seat] for seat in prepared)
        if sheets:
            ok = held + least_sheets <= BRUSH_PAWNS
        else:
            ok = held == BRUSH_PAWNS if short else held == sum(asked.values()) <= BRUSH_PAWNS
        if ok:
            options.append({seat: cap for seat, cap in caps.items() if cap < asked[seat]})
    options.sort(key=lambda caps: sum(asked[s] - c for s, c in caps.items()))
    return options or [{}]
