"""Reading and writing Bonsai's table document (``marquoir/data/table-format.md``, "The Bonsai table document").

Reading is strict (:mod:`marquoir.core.reader`): an unknown key, a wrong type, a word outside its vocabulary (tile
kind, goal colour, Parchment, Growth card) or a cell that is not two whole numbers raises :class:`TableError`
naming the place (``players[0].tiles[3].at``). Resource bounds refuse abuse (``data/SOURCES.md``, decision 2);
what the rules forbid is read and left to the legality check, and so is a goal id that names no tile.
:func:`table_to_document` writes a document that reads back to the same table.
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from typing import Any

from marquoir.core.reader import Reader, as_int, as_text_id, as_word, check_unique_names, read_json, type_name
from marquoir.errors import TableError
from marquoir.games.bonsai.geometry import Cell
from marquoir.games.bonsai.table import Cards, DetailedPlayer, Player, SheetPlayer, Table, Tile
from marquoir.games.bonsai.vocabulary import (
    GAME,
    GOAL_COLOURS,
    MAX_COORDINATE,
    MAX_GOALS,
    MAX_GROWTH_CARDS,
    MAX_NUMBER,
    MAX_PARCHMENTS,
    MAX_READ_PLAYERS,
    MAX_TILES,
    PARCHMENTS,
    TILE_KINDS,
)
from marquoir.i18n import _

# ---------------------------------------------------------------- reading


def parse_table(document: object) -> Table:
    """Read a Bonsai table document that is already parsed; raise :class:`TableError` naming the place."""
    doc = Reader(document, "")
    game = doc.word("game", (GAME,))
    colours = _bounded_list(doc, "goals", MAX_GOALS, None)
    goals = tuple(as_word(value, f"goals[{i}]", GOAL_COLOURS) for i, value in enumerate(colours))
    values = _bounded_list(doc, "players", MAX_READ_PLAYERS, None)
    players = tuple(_read_player(value, f"players[{i}]") for i, value in enumerate(values))
    check_unique_names(player.name for player in players)
    doc.done()
    return Table(goals=goals, players=players, game=game)


def load_table(source: str | bytes | Mapping[str, Any]) -> Table:
    """Read a Bonsai table from JSON text, UTF-8 bytes or an already parsed mapping."""
    return parse_table(read_json(source))


def _bounded_list(reader: Reader, key: str, most: int, default: list[Any] | None) -> Sequence[Any]:
    """The list at ``key``, refused when it is longer than the resource bound ``most`` (decision 2)."""
    values = reader.list(key, default)
    if len(values) > most:
        raise TableError(reader.at(key), _("at most %(most)d entries, got %(count)d") % {
            "most": most, "count": len(values)})
    return values


def _number(value: object, path: str, low: int = -MAX_NUMBER, high: int = MAX_NUMBER) -> int:
    """A whole number within the resource bounds (decision 2): a count out of the game's range stays readable."""
    number = value if type(value) is int else as_int(value, path)
    if not low <= number <= high:
        raise TableError(
            path, _("%(number)s is out of range (%(low)d to %(high)d)") % {
                "number": number if abs(number) < 10**12 else _("a huge number"), "low": low, "high": high}
        )
    return number


def _read_player(value: object, path: str) -> Player:
    reader = Reader(value, path)
    name = reader.name()
    if reader.has("sheet"):
        player: Player = _read_sheet(reader.raw("sheet"), reader.at("sheet"), name)
    else:
        tiles_at = reader.at("tiles")
        tiles = tuple(
            _read_tile(v, f"{tiles_at}[{i}]") for i, v in enumerate(_bounded_list(reader, "tiles", MAX_TILES, []))
        )
        cards = _read_cards(reader.raw("cards"), reader.at("cards")) if reader.has("cards") else Cards()
        player = DetailedPlayer(
            name=name,
            tiles=tiles,
            flipped=reader.bool("flipped", False),
            cards=cards,
            goals=_read_goal_ids(_bounded_list(reader, "goals", MAX_GOALS, []), reader.at("goals")),
        )
    reader.done()
    return player


def _read_tile(value: object, path: str) -> Tile:
    reader = Reader(value, path)
    tile = Tile(_read_cell(reader.raw("at"), reader.at("at")), reader.word("kind", TILE_KINDS))
    reader.done()
    return tile


def _read_cell(value: object, path: str) -> Cell:
    """A cell ``[x, y]``: a list of two whole numbers within the resource bound (decision 2); any fault is named
    at the cell's own path."""
    if not isinstance(value, list | tuple):
        raise TableError(path, _("expected a cell [x, y] (two whole numbers), got %(got)s") % {
            "got": type_name(value)})
    if len(value) != 2:
        raise TableError(path, _("expected a cell [x, y] (two whole numbers), got %(got)s") % {
            "got": _("a list of %(count)d") % {"count": len(value)}})
    for axis, number in zip("xy", value, strict=True):
        if type(number) is not int:
            raise TableError(path, _("expected a cell [x, y] (two whole numbers); its %(axis)s is %(type)s") % {
                "axis": axis, "type": type_name(number)})
        if not -MAX_COORDINATE <= number <= MAX_COORDINATE:
            shown = number if abs(number) < 10**12 else _("a huge number")
            raise TableError(path, _("its %(axis)s (%(number)s) is out of range (%(low)d to %(high)d)") % {
                "axis": axis, "number": shown, "low": -MAX_COORDINATE, "high": MAX_COORDINATE})
    return (value[0], value[1])


def _read_cards(value: object, path: str) -> Cards:
    reader = Reader(value, path)
    growth_at, parchments_at = reader.at("growth"), reader.at("parchments")
    cards = Cards(
        growth=tuple(
            as_word(v, f"{growth_at}[{i}]", TILE_KINDS)
            for i, v in enumerate(_bounded_list(reader, "growth", MAX_GROWTH_CARDS, []))
        ),
        tool=_number(reader.int("tool", 0), reader.at("tool")),
        master=_number(reader.int("master", 0), reader.at("master")),
        helper=_number(reader.int("helper", 0), reader.at("helper")),
        parchments=tuple(
            as_word(v, f"{parchments_at}[{i}]", PARCHMENTS)
            for i, v in enumerate(_bounded_list(reader, "parchments", MAX_PARCHMENTS, []))
        ),
        complete=reader.bool("complete", False),
    )
    reader.done()
    return cards


def _read_goal_ids(values: Sequence[Any], path: str) -> tuple[str, ...]:
    """Goal ids as text (whether each names a tile is the legality check's question: decision 1)."""
    return tuple(as_text_id(v, f"{path}[{i}]", _("a goal id")) for i, v in enumerate(values))


def _read_sheet(value: object, path: str, name: str) -> SheetPlayer:
    reader = Reader(value, path)
    goals: tuple[str, ...] | int
    raw_goals = reader.optional("goals")
    if raw_goals is None:
        goals = ()
    elif isinstance(raw_goals, list | tuple):
        goals = _read_goal_ids(_bounded_list(reader, "goals", MAX_GOALS, None), reader.at("goals"))
    elif type(raw_goals) is int:
        goals = _number(raw_goals, reader.at("goals"))
    else:
        raise TableError(reader.at("goals"), _("expected a list of goal ids or the points, got %(type)s") % {
            "type": type_name(raw_goals)})
    player = SheetPlayer(
        name=name,
        leaves=_number(reader.int("leaves"), reader.at("leaves")),
        flowers=_number(reader.int("flowers"), reader.at("flowers")),
        fruits=_number(reader.int("fruits"), reader.at("fruits")),
        parchments=_number(reader.int("parchments"), reader.at("parchments")),
        goals=goals,
    )
    reader.done()
    return player


# ---------------------------------------------------------------- writing


def _cards_to_document(cards: Cards) -> dict[str, Any]:
    out: dict[str, Any] = {}
    if cards.growth:
        out["growth"] = list(cards.growth)
    for key in ("tool", "master", "helper"):
        if getattr(cards, key):
            out[key] = getattr(cards, key)
    if cards.parchments:
        out["parchments"] = list(cards.parchments)
    if cards.complete:
        out["complete"] = True
    return out


def player_to_document(player: Player) -> dict[str, Any]:
    """One player as the document writes it (defaults left out)."""
    if isinstance(player, SheetPlayer):
        return {
            "name": player.name,
            "sheet": {
                "leaves": player.leaves,
                "flowers": player.flowers,
                "fruits": player.fruits,
                "parchments": player.parchments,
                "goals": player.goals if isinstance(player.goals, int) else list(player.goals),
            },
        }
    out: dict[str, Any] = {"name": player.name}
    if player.flipped:
        out["flipped"] = True
    out["tiles"] = [{"at": list(tile.at), "kind": tile.kind} for tile in player.tiles]
    cards = _cards_to_document(player.cards)
    if cards:
        out["cards"] = cards
    out["goals"] = list(player.goals)
    return out


def table_to_document(table: Table) -> dict[str, Any]:
    """The table as a version-1 document (a mapping ready for :func:`json.dumps`)."""
    return {
        "game": table.game,
        "goals": list(table.goals),
        "players": [player_to_document(p) for p in table.players],
    }


def dump_table(table: Table, indent: int | None = 2) -> str:
    """The table as JSON text."""
    return json.dumps(table_to_document(table), indent=indent, ensure_ascii=False)
