"""Bonsai's seats at the table link (:mod:`marquoir.web.seating`): one player's column of the paper score pad —
leaf and fruit tiles, flower and Parchment points — and the shared part, the goal tiles (each tile is claimed by
one player: Bonsai rules, « Objectifs »). A table entered tile by tile, or with goal points written instead of
ticked, is not cut by player.

The shared part of the whole table is the first player: the players are listed in turn order from the first
player, and that order breaks ties (seed 004, « le joueur le plus éloigné du premier joueur gagne »;
reference/bonsai-scoring.md, "End and ties"). Choosing another first player turns the order around the table:
the seating stays, the turn order starts at them."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from marquoir.games.bonsai.table import SheetPlayer, Table
from marquoir.web.bonsai.tiles import goals_in_play
from marquoir.web.i18n import _, ngettext
from marquoir.web.seating import SeatField, SeatPlug, SharedPart

NUMBERS = ("leaves", "flowers", "fruits", "parchments")


def fields(table: Table) -> tuple[SeatField, ...] | None:
    """The fields of one player's column, with the goal tiles in play."""
    if not all(isinstance(p, SheetPlayer) and not isinstance(p.goals, int) for p in table.players):
        return None
    goals = tuple(
        (g.id, f"{_(g.name)} · {ngettext('%(num)d point', '%(num)d points', g.points)}") for g in goals_in_play(table)
    )
    found = [
        SeatField("leaves", _("Leaf tiles"), "number", 0, 99),
        SeatField("flowers", _("Flower points"), "number", 0, 999),
        SeatField("fruits", _("Fruit tiles"), "number", 0, 99),
        SeatField("parchments", _("Parchment points"), "number", 0, 999),
    ]
    if goals:
        found.append(SeatField("goals", _("Goal tiles"), "tiles", choices=goals, exclusive=True))
    return tuple(found)


def cut(player: Mapping[str, Any]) -> dict[str, Any]:
    sheet = player.get("sheet") or {}
    values: dict[str, Any] = {key: sheet.get(key, 0) for key in NUMBERS}
    values["goals"] = list(sheet.get("goals") or [])
    return values


def merge(player: Mapping[str, Any], values: Mapping[str, Any]) -> dict[str, Any]:
    sheet = dict(player.get("sheet") or {})
    for key in (*NUMBERS, "goals"):
        if key in values:
            sheet[key] = values[key]
    return {**player, "sheet": sheet}


def first_player(document: Mapping[str, Any]) -> int | None:
    """The first player of a table document: the first listed (turn order from the first player)."""
    return 0 if document.get("players") else None


def make_first(document: Mapping[str, Any], seat: int) -> tuple[dict[str, Any], tuple[int, ...] | None]:
    """The document with the player at ``seat`` first and the others after them in the same turn order around
    the table; where each seat went (``None`` when it was first already)."""
    players = list(document.get("players") or [])
    if not 0 < seat < len(players):
        return dict(document), None
    order = tuple(range(seat, len(players))) + tuple(range(seat))
    return {**document, "players": [players[i] for i in order]}, order


def shared(table: Table) -> tuple[SharedPart, ...]:
    """The shared part of the whole table: who plays first."""
    return (SharedPart("first_player", _("First player"), first_player, make_first),)


SEATS = SeatPlug(fields=fields, cut=cut, merge=merge, shared=shared)
