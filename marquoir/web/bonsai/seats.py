"""Bonsai's seats at the table link (:mod:`marquoir.web.seating`): one player's column of the paper score pad —
leaf and fruit tiles, flower and Parchment points — and the shared part, the goal tiles (each tile is claimed by
one player: Bonsai rules, « Objectifs »). A table entered tile by tile gives each phone its own player's pot,
drawn and stepped as the tile-by-tile page draws and steps it (:func:`marquoir.web.bonsai.tiles.tiles_view`,
:func:`~marquoir.web.bonsai.tiles.apply_action`: one path), its cards' counters stepped the same way, and their
goal tiles; the Parchment cards held stay on the host's page. A table mixing both forms, or with goal points
written instead of ticked, is not cut by player.

The shared part of the whole table is the first player: the players are listed in turn order from the first
player, and that order breaks ties (seed 004, « le joueur le plus éloigné du premier joueur gagne »;
reference/bonsai-scoring.md, "End and ties"). Choosing another first player turns the order around the table:
the seating stays, the turn order starts at them."""

from __future__ import annotations

import copy
from collections.abc import Mapping
from typing import Any

from flask import render_template
from markupsafe import Markup

from marquoir.games.bonsai.document import parse_table
from marquoir.games.bonsai.game import BONSAI
from marquoir.games.bonsai.table import DetailedPlayer, SheetPlayer, Table
from marquoir.games.bonsai.vocabulary import PARCHMENT_NAMES, PARCHMENTS
from marquoir.web.bonsai.forms import COUNTERS
from marquoir.web.bonsai.tiles import Refused, apply_action, form_data, goals_in_play, tiles_form_for, tiles_view
from marquoir.web.i18n import _, ngettext
from marquoir.web.seating import SeatField, SeatPlug, SharedPart

NUMBERS = ("leaves", "flowers", "fruits", "parchments")


#: The steps a seat's phone may do on its own pot and cards (the tile-by-tile page's own buttons for cells, the
#: pot and the cards' counters).
STEPS = ("cycle", "clear", "flip", "inc", "dec")


def fields(table: Table) -> tuple[SeatField, ...] | None:
    """The fields of one player's column, with the goal tiles in play; for a game entered tile by tile, the
    player's pot and goals."""
    goals = tuple(
        (g.id, f"{_(g.name)} · {ngettext('%(num)d point', '%(num)d points', g.points)}") for g in goals_in_play(table)
    )
    if table.players and all(isinstance(p, DetailedPlayer) for p in table.players):
        tiled = [SeatField("tiles", _("Your bonsai"), "step", render=render_pot),
                 SeatField("parchments", _("Parchment cards held"), "tiles",
                           choices=tuple((p, _(PARCHMENT_NAMES[p])) for p in PARCHMENTS), exclusive=True)]
        if goals:
            tiled.append(SeatField("goals", _("Goal tiles"), "tiles", choices=goals, exclusive=True))
        return tuple(tiled)
    if not all(isinstance(p, SheetPlayer) and not isinstance(p.goals, int) for p in table.players):
        return None
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
    if "sheet" not in player:  # entered tile by tile
        return {"tiles": list(player.get("tiles") or []), "goals": list(player.get("goals") or []),
                "parchments": list((player.get("cards") or {}).get("parchments") or [])}
    sheet = player.get("sheet") or {}
    values: dict[str, Any] = {key: sheet.get(key, 0) for key in NUMBERS}
    values["goals"] = list(sheet.get("goals") or [])
    return values


def merge(player: Mapping[str, Any], values: Mapping[str, Any]) -> dict[str, Any]:
    if "sheet" not in player:  # entered tile by tile (a seat's form never sends the tiles: they change by steps)
        merged = {**player, **{key: list(values[key]) for key in ("tiles", "goals") if key in values}}
        if "parchments" in values:  # one card of each Parchment in the deck (data/cards.csv): held once at the table
            cards = {key: value for key, value in (player.get("cards") or {}).items() if key != "parchments"}
            if values["parchments"]:
                cards["parchments"] = [p for p in PARCHMENTS if p in values["parchments"]]
            if cards:
                merged["cards"] = cards
            else:
                merged.pop("cards", None)
        return merged
    sheet = dict(player.get("sheet") or {})
    for key in (*NUMBERS, "goals"):
        if key in values:
            sheet[key] = values[key]
    return {**player, "sheet": sheet}


def render_pot(table: Table, seat: int) -> Markup:
    """The seat's pot as the tile-by-tile page draws it, each problem the legality pass finds on its cell, and
    its cards' counters (the tile page's fields and their steps, ``inc:``/``dec:``), with the cards' problems."""
    view = tiles_view(table, seat)
    form = tiles_form_for(table)(formdata=None, data=form_data(BONSAI.to_document(table), table, seat))
    counters = [(name, form[name].label.text, form[name].data or 0) for name in COUNTERS]
    return Markup(render_template("bonsai/_seat_pot.html", view=view, counters=counters))


def step(document: Mapping[str, Any], seat: int, action: str, form: Any = None) -> dict[str, Any]:
    """One tap of the seat's phone on its own pot, done by the tile-by-tile page's own step (a tap sends no other
    field: ``form`` is not read)."""
    if action.partition(":")[0] not in STEPS:
        raise ValueError(_("this page has no such button"))
    doc = copy.deepcopy(dict(document))
    try:
        apply_action(doc, parse_table(doc), seat, action)
    except Refused as refused:
        raise ValueError(refused.reason) from None
    return doc


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


SEATS = SeatPlug(fields=fields, cut=cut, merge=merge, shared=shared, step=step)
