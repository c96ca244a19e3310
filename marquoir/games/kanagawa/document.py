"""Reading and writing Kanagawa's table document (``marquoir/data/table-format.md``, version 1).

Reading is strict (:mod:`marquoir.core.reader`): an unknown key, a wrong type or a word outside its vocabulary
raises :class:`TableError` naming the place (``players[0].diplomes: unknown key``). Things that merely do not exist
(card 99, Starting tile S7, Diploma ``trees-9``) are read and left to the legality check. :func:`table_to_document`
writes a document that reads back to the same table.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping, Sequence
from typing import Any, TypeVar

from marquoir.core.reader import (
    Reader,
    as_int,
    as_text_id,
    as_word,
    bulk_ids,
    bulk_ints,
    check_unique_names,
    read_json,
    type_name,
)
from marquoir.errors import TableError
from marquoir.games.kanagawa.catalogue import CardRef, Paint, PrintHalf, StudioHalf
from marquoir.games.kanagawa.table import DetailedPlayer, Player, Rules, SheetPlayer, StormPlacement, Table
from marquoir.games.kanagawa.vocabulary import (
    ANIMALS,
    BASE_FAMILIES,
    BUILDINGS,
    CARD_FAMILIES,
    CHARACTERS,
    GAME,
    ICONS,
    KITE_COLOURS,
    LANDSCAPES,
    PRINT_SEASONS,
    SEASONS,
    STUDIO_LANDSCAPES,
)
from marquoir.i18n import _

T = TypeVar("T")


# ---------------------------------------------------------------- reading


def parse_table(document: object) -> Table:
    """Read a Kanagawa table document that is already parsed; raise :class:`TableError` naming the place."""
    doc = Reader(document, "")
    game = doc.word("game", (GAME,))
    families: tuple[str, ...]
    if doc.has("families"):
        values = doc.list("families")
        families = tuple(as_word(value, f"families[{i}]", CARD_FAMILIES) for i, value in enumerate(values))
    else:
        families = BASE_FAMILIES
    rules = _read_rules(doc.raw("rules")) if doc.has("rules") else Rules()
    players = tuple(_read_player(value, f"players[{i}]") for i, value in enumerate(doc.list("players")))
    check_unique_names(player.name for player in players)
    doc.done()
    return Table(players=players, families=families, rules=rules, game=game)


def load_table(source: str | bytes | Mapping[str, Any]) -> Table:
    """Read a Kanagawa table from JSON text, UTF-8 bytes or an already parsed mapping."""
    return parse_table(read_json(source))


def _read_rules(value: object) -> Rules:
    reader = Reader(value, "rules")
    defaults = Rules()
    rules = Rules(
        storm_on_start_tile=reader.bool("storm_on_start_tile", defaults.storm_on_start_tile),
        joker_counts_for_identical_landscapes=reader.bool(
            "joker_counts_for_identical_landscapes", defaults.joker_counts_for_identical_landscapes
        ),
        grand_master_passes_at_end=reader.bool("grand_master_passes_at_end", defaults.grand_master_passes_at_end),
    )
    reader.done()
    return rules


def _read_player(value: object, path: str) -> Player:
    reader = Reader(value, path)
    if reader.has("sheet"):
        name = reader.name()
        player = _read_sheet(reader.raw("sheet"), reader.at("sheet"), name)
        reader.done()
        return player
    name = reader.name()
    start = as_text_id(reader.raw("start"), reader.at("start"), _("a Starting tile id"))
    zones = reader.list("print", []), reader.list("studio", []), reader.list("kept", [])
    if bulk_ints([*zones[0], *zones[1], *zones[2]]):  # catalogue ids only, the common case: taken as they are
        printed, studio, kept = tuple(zones[0]), tuple(zones[1]), tuple(zones[2])
    else:
        printed = _read_refs(zones[0], reader.at("print"), _read_print_ref)
        studio = _read_refs(zones[1], reader.at("studio"), _read_studio_ref)
        kept = _read_refs(zones[2], reader.at("kept"), _read_kept_ref)
    diplomas = _read_ids(reader.list("diplomas", []), reader, "diplomas")
    storms: tuple[StormPlacement, ...] | None = None
    if reader.optional("storms") is not None:
        storms = tuple(_read_storm(v, f"{reader.at('storms')}[{i}]") for i, v in enumerate(reader.list("storms")))
    brushes = reader.int("brushes") if reader.optional("brushes") is not None else None
    detailed = DetailedPlayer(
        name=name,
        start=start,
        print=printed,
        studio=studio,
        kept=kept,
        diplomas=diplomas,
        storms=storms,
        grand_master=reader.bool("grand_master", False),
        yokai=reader.int("yokai", 0),
        brushes=brushes,
    )
    reader.done()
    return detailed


def _read_sheet(value: object, path: str, name: str) -> SheetPlayer:
    reader = Reader(value, path)
    raw_diplomas = reader.raw("diplomas")
    diplomas: tuple[str, ...] | int
    if isinstance(raw_diplomas, list | tuple):
        diplomas = _read_ids(raw_diplomas, reader, "diplomas")
    elif isinstance(raw_diplomas, int) and not isinstance(raw_diplomas, bool):
        diplomas = raw_diplomas
    else:
        raise TableError(
            reader.at("diplomas"), _("expected a list of Diploma ids or the points, got %(type)s") % {
                "type": type_name(raw_diplomas)}
        )
    player = SheetPlayer(
        name=name,
        print_cards=reader.int("print_cards"),
        season_chain=reader.int("season_chain"),
        harmony=reader.int("harmony"),
        diplomas=diplomas,
        grand_master=reader.bool("grand_master", False),
        yokai=reader.int("yokai", 0),
    )
    reader.done()
    return player


def _read_storm(value: object, path: str) -> StormPlacement:
    reader = Reader(value, path)
    storm = StormPlacement(at=reader.int("at"), season=reader.word("season", SEASONS))
    reader.done()
    return storm


def _read_refs(values: Sequence[Any], at: str, read: Callable[[object, str], T]) -> tuple[T, ...]:
    """A list of card references, read one by one: catalogue ids, or objects of what is printed on them."""
    return tuple(read(value, f"{at}[{i}]") for i, value in enumerate(values))


def _read_ids(values: Sequence[Any], reader: Reader, key: str) -> tuple[str, ...]:
    """A list of Diploma ids (text)."""
    if bulk_ids(values):
        return tuple(values)
    at = reader.at(key)
    return tuple(as_text_id(value, f"{at}[{i}]", _("a Diploma id")) for i, value in enumerate(values))


def _read_card_id(value: object, path: str) -> int | None:
    """A catalogue id, or ``None`` when the value is an object to read by what is printed on it."""
    if isinstance(value, Mapping):
        return None
    return as_int(value, path)


def _read_print_ref(value: object, path: str) -> int | PrintHalf:
    card_id = _read_card_id(value, path)
    return card_id if card_id is not None else _read_print_half(Reader(value, path))


def _read_studio_ref(value: object, path: str) -> int | StudioHalf:
    card_id = _read_card_id(value, path)
    return card_id if card_id is not None else _read_studio_half(Reader(value, path))


def _read_kept_ref(value: object, path: str) -> CardRef:
    """Kept cards are still in hand: an id, or either half as printed (a ``season`` says it is the Print half)."""
    card_id = _read_card_id(value, path)
    if card_id is not None:
        return card_id
    reader = Reader(value, path)
    return _read_print_half(reader) if reader.has("season") else _read_studio_half(reader)


def _read_print_half(reader: Reader) -> PrintHalf:
    paint: Paint | None = None
    if reader.has("paint"):
        paint_reader = Reader(reader.raw("paint"), reader.at("paint"))
        paint = Paint(paint_reader.word("landscape", LANDSCAPES), paint_reader.int("brushes"))
        paint_reader.done()
    kites = tuple(
        as_word(v, f"{reader.at('kites')}[{i}]", KITE_COLOURS) for i, v in enumerate(reader.list("kites", []))
    )
    half = PrintHalf(
        family=reader.word("family", CARD_FAMILIES),
        season=reader.word("season", PRINT_SEASONS),
        harmony=reader.int("harmony", 0),
        trees=reader.int("trees", 0),
        building=reader.word("building", BUILDINGS) if reader.has("building") else None,
        character=reader.word("character", CHARACTERS) if reader.has("character") else None,
        animal=reader.word("animal", ANIMALS) if reader.has("animal") else None,
        kites=kites,
        lanterns=reader.int("lanterns", 0),
        umbrellas=reader.int("umbrellas", 0),
        yokai_arrival=reader.bool("yokai_arrival", False),
        paint=paint,
    )
    reader.done()
    return half


def _read_studio_half(reader: Reader) -> StudioHalf:
    half = StudioHalf(
        family=reader.word("family", CARD_FAMILIES),
        landscape=reader.word("landscape", STUDIO_LANDSCAPES) if reader.has("landscape") else None,
        icon=reader.word("icon", ICONS) if reader.has("icon") else None,
        harmony=reader.int("harmony", 0),
        yokai_move=reader.bool("yokai_move", False),
    )
    reader.done()
    return half


# ---------------------------------------------------------------- writing


def card_to_document(card: CardRef) -> int | dict[str, Any]:
    """A card as the document writes it: its id, or the object of what is printed on the half."""
    if isinstance(card, int):
        return card
    if card.card_id is not None:
        return card.card_id
    if isinstance(card, StudioHalf):
        out: dict[str, Any] = {"family": card.family}
        if card.landscape is not None:
            out["landscape"] = card.landscape
        if card.icon is not None:
            out["icon"] = card.icon
        if card.harmony:
            out["harmony"] = card.harmony
        if card.yokai_move:
            out["yokai_move"] = True
        return out
    out = {"family": card.family, "season": card.season}
    if card.harmony:
        out["harmony"] = card.harmony
    if card.trees:
        out["trees"] = card.trees
    for key in ("building", "character", "animal"):
        if getattr(card, key) is not None:
            out[key] = getattr(card, key)
    if card.kites:
        out["kites"] = list(card.kites)
    if card.lanterns:
        out["lanterns"] = card.lanterns
    if card.umbrellas:
        out["umbrellas"] = card.umbrellas
    if card.yokai_arrival:
        out["yokai_arrival"] = True
    if card.paint is not None:
        out["paint"] = {"landscape": card.paint.landscape, "brushes": card.paint.brushes}
    return out


def player_to_document(player: Player) -> dict[str, Any]:
    """One player as the document writes it."""
    if isinstance(player, SheetPlayer):
        return {
            "name": player.name,
            "sheet": {
                "print_cards": player.print_cards,
                "season_chain": player.season_chain,
                "harmony": player.harmony,
                "diplomas": player.diplomas if isinstance(player.diplomas, int) else list(player.diplomas),
                "grand_master": player.grand_master,
                "yokai": player.yokai,
            },
        }
    out: dict[str, Any] = {
        "name": player.name,
        "start": player.start,
        "print": [card_to_document(c) for c in player.print],
        "studio": [card_to_document(c) for c in player.studio],
        "kept": [card_to_document(c) for c in player.kept],
        "diplomas": list(player.diplomas),
    }
    if player.storms is not None:
        out["storms"] = [{"at": s.at, "season": s.season} for s in player.storms]
    out["grand_master"] = player.grand_master
    out["yokai"] = player.yokai
    if player.brushes is not None:
        out["brushes"] = player.brushes
    return out


def table_to_document(table: Table) -> dict[str, Any]:
    """The table as a version-1 document (a mapping ready for :func:`json.dumps`)."""
    out: dict[str, Any] = {"game": table.game, "families": list(table.families)}
    if table.rules != Rules():
        out["rules"] = {
            "storm_on_start_tile": table.rules.storm_on_start_tile,
            "joker_counts_for_identical_landscapes": table.rules.joker_counts_for_identical_landscapes,
            "grand_master_passes_at_end": table.rules.grand_master_passes_at_end,
        }
    out["players"] = [player_to_document(p) for p in table.players]
    return out


def dump_table(table: Table, indent: int | None = 2) -> str:
    """The table as JSON text."""
    return json.dumps(table_to_document(table), indent=indent, ensure_ascii=False)
