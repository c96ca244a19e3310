"""Reading and writing the table document (``shared/TABLE-FORMAT.md``, version 1).

Reading is strict: an unknown key, a wrong type or a word outside its vocabulary raises :class:`TableError`
naming the place (``players[0].diplomes: unknown key``), because a typo must not be silently ignored. Things
that merely do not exist (card 99, Starting tile S7, Diploma ``trees-9``) are read and left to the legality
check. :func:`table_to_document` writes a document that reads back to the same table.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterable, Mapping
from typing import Any, TypeVar

from marquoir.catalogue import CardRef, Paint, PrintHalf, StudioHalf
from marquoir.errors import TableError
from marquoir.table import DetailedPlayer, Player, Rules, SheetPlayer, StormPlacement, Table
from marquoir.vocabulary import (
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

#: Largest document the readers accept, in characters: far above any real table, small enough to refuse abuse.
MAX_DOCUMENT_CHARS = 200_000
NAME_MAX = 40

T = TypeVar("T")


def _type_name(value: object) -> str:
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "a boolean"
    if isinstance(value, int):
        return "a number"
    if isinstance(value, float):
        return "a decimal number"
    if isinstance(value, str):
        return "text"
    if isinstance(value, list | tuple):
        return "a list"
    if isinstance(value, Mapping):
        return "an object"
    return type(value).__name__


class _Reader:
    """One JSON object being read: typed getters that name the path, and a check for unknown keys."""

    def __init__(self, value: object, path: str) -> None:
        if type(value) is not dict and not isinstance(value, Mapping):
            raise TableError(path or "document", f"expected an object, got {_type_name(value)}")
        if set(map(type, value)) - {str}:
            key = next(k for k in value if not isinstance(k, str))
            raise TableError(path, f"keys must be text, got {_type_name(key)}")
        self.data: Mapping[str, Any] = value
        self.path = path
        self.used: set[str] = set()

    def at(self, key: str) -> str:
        return f"{self.path}.{key}" if self.path else key

    def has(self, key: str) -> bool:
        return key in self.data

    def raw(self, key: str) -> object:
        self.used.add(key)
        if key not in self.data:
            raise TableError(self.at(key), "missing")
        return self.data[key]

    def int(self, key: str, default: int | None = None) -> int:
        if default is not None and key not in self.data:
            self.used.add(key)
            return default
        return _as_int(self.raw(key), self.at(key))

    def bool(self, key: str, default: bool | None = None) -> bool:
        if default is not None and key not in self.data:
            self.used.add(key)
            return default
        value = self.raw(key)
        if not isinstance(value, bool):
            raise TableError(self.at(key), f"expected true or false, got {_type_name(value)}")
        return value

    def word(self, key: str, vocabulary: Iterable[str]) -> str:
        return _as_word(self.raw(key), self.at(key), tuple(vocabulary))

    def text(self, key: str) -> str:
        value = self.raw(key)
        if not isinstance(value, str):
            raise TableError(self.at(key), f"expected text, got {_type_name(value)}")
        return value

    def list(self, key: str, default: list[Any] | None = None) -> list[Any]:
        if default is not None and key not in self.data:
            self.used.add(key)
            return default
        value = self.raw(key)
        if not isinstance(value, list | tuple):
            raise TableError(self.at(key), f"expected a list, got {_type_name(value)}")
        return list(value)

    def done(self) -> None:
        for key in self.data:
            if key not in self.used:
                raise TableError(self.at(key), "unknown key")


def _as_int(value: object, path: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise TableError(path, f"expected a whole number, got {_type_name(value)}")
    return value


def _as_word(value: object, path: str, vocabulary: tuple[str, ...]) -> str:
    if not isinstance(value, str):
        raise TableError(path, f"expected one of {', '.join(vocabulary)}; got {_type_name(value)}")
    if value not in vocabulary:
        shown = value if len(value) <= 40 else value[:37] + "..."
        raise TableError(path, f"{shown!r} is not one of {', '.join(vocabulary)}")
    return value


def _as_text_id(value: object, path: str, what: str) -> str:
    if not isinstance(value, str):
        raise TableError(path, f"expected {what} as text, got {_type_name(value)}")
    return value


# ---------------------------------------------------------------- reading


def parse_table(document: object) -> Table:
    """Read a table document that is already a mapping (parsed JSON); raise :class:`TableError` naming the place."""
    doc = _Reader(document, "")
    game = doc.word("game", (GAME,))
    families: tuple[str, ...]
    if doc.has("families"):
        families = tuple(
            _as_word(value, f"families[{i}]", CARD_FAMILIES) for i, value in enumerate(doc.list("families"))
        )
    else:
        families = BASE_FAMILIES
    rules = _read_rules(doc.raw("rules")) if doc.has("rules") else Rules()
    players = tuple(_read_player(value, f"players[{i}]") for i, value in enumerate(doc.list("players")))
    seen: dict[str, int] = {}
    for i, player in enumerate(players):
        if player.name in seen:
            raise TableError(
                f"players[{i}].name", f"{player.name!r} is already the name of players[{seen[player.name]}]"
            )
        seen[player.name] = i
    doc.done()
    return Table(players=players, families=families, rules=rules, game=game)


def load_table(source: str | bytes | Mapping[str, Any]) -> Table:
    """Read a table from JSON text or from an already parsed mapping.

    Raises :class:`TableError` for anything that is not a readable version-1 table document.
    """
    if isinstance(source, bytes | bytearray):
        try:
            source = bytes(source).decode("utf-8")
        except UnicodeDecodeError as error:
            raise TableError("document", f"not UTF-8 text (byte {error.start})") from None
    if isinstance(source, str):
        if len(source) > MAX_DOCUMENT_CHARS:
            raise TableError("document", f"too long ({len(source)} characters; at most {MAX_DOCUMENT_CHARS})")
        try:
            data = json.loads(source)
        except json.JSONDecodeError as error:
            raise TableError("document", f"not JSON: {error.msg} (line {error.lineno}, column {error.colno})") from None
        except RecursionError:
            raise TableError("document", "not JSON: nested too deeply") from None
        return parse_table(data)
    return parse_table(source)


def _read_rules(value: object) -> Rules:
    reader = _Reader(value, "rules")
    defaults = Rules()
    rules = Rules(
        storm_on_start_tile=reader.bool("storm_on_start_tile", defaults.storm_on_start_tile),
        joker_counts_for_identical_landscapes=reader.bool(
            "joker_counts_for_identical_landscapes", defaults.joker_counts_for_identical_landscapes
        ),
    )
    reader.done()
    return rules


def _read_name(reader: _Reader) -> str:
    name = reader.text("name")
    if not name.strip():
        raise TableError(reader.at("name"), "must not be empty")
    if len(name) > NAME_MAX:
        raise TableError(reader.at("name"), f"at most {NAME_MAX} characters, got {len(name)}")
    return name


_DETAILED_KEYS = frozenset(
    ("name", "start", "print", "studio", "kept", "diplomas", "storms", "grand_master", "yokai", "brushes")
)


def _quick_detailed(value: dict[str, Any]) -> DetailedPlayer | None:
    """The common detailed player — catalogue ids only, no Storm placements, every value of its plain type — read
    without the step-by-step reader; ``None`` for anything else, which the full reader then reads (and names the
    place of any error). Both give the same player (``tests/test_properties.py``)."""
    if not value.keys() <= _DETAILED_KEYS or value.get("storms") is not None:
        return None
    name, start = value.get("name"), value.get("start")
    if type(name) is not str or type(start) is not str or not name.strip() or len(name) > NAME_MAX:
        return None
    lists = []
    for key, kind in (("print", int), ("studio", int), ("kept", int), ("diplomas", str)):
        items = value.get(key, ())
        if type(items) is not list or set(map(type, items)) - {kind}:
            if key in value:
                return None
            items = ()
        lists.append(tuple(items))
    grand_master, yokai, brushes = value.get("grand_master", False), value.get("yokai", 0), value.get("brushes")
    if type(grand_master) is not bool or type(yokai) is not int or (brushes is not None and type(brushes) is not int):
        return None
    printed, studio, kept, diplomas = lists
    return DetailedPlayer(name, start, printed, studio, kept, diplomas, None, grand_master, yokai, brushes)


def _read_player(value: object, path: str) -> Player:
    if type(value) is dict:
        quick = _quick_detailed(value)
        if quick is not None:
            return quick
    return _read_player_fully(value, path)


def _read_player_fully(value: object, path: str) -> Player:
    reader = _Reader(value, path)
    if reader.has("sheet"):
        name = _read_name(reader)
        player = _read_sheet(reader.raw("sheet"), reader.at("sheet"), name)
        reader.done()
        return player
    name = _read_name(reader)
    start = _as_text_id(reader.raw("start"), reader.at("start"), "a Starting tile id")
    printed = _read_refs(reader.list("print", []), reader.at("print"), _read_print_ref)
    studio = _read_refs(reader.list("studio", []), reader.at("studio"), _read_studio_ref)
    kept = _read_refs(reader.list("kept", []), reader.at("kept"), _read_kept_ref)
    diplomas = _read_ids(reader.list("diplomas", []), reader.at("diplomas"))
    storms: tuple[StormPlacement, ...] | None = None
    if reader.has("storms") and reader.data["storms"] is not None:
        storms = tuple(_read_storm(v, f"{reader.at('storms')}[{i}]") for i, v in enumerate(reader.list("storms")))
    else:
        reader.used.add("storms")
    brushes: int | None = None
    if reader.has("brushes") and reader.data["brushes"] is not None:
        brushes = reader.int("brushes")
    else:
        reader.used.add("brushes")
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
    reader = _Reader(value, path)
    raw_diplomas = reader.raw("diplomas")
    diplomas: tuple[str, ...] | int
    if isinstance(raw_diplomas, list | tuple):
        diplomas = _read_ids(list(raw_diplomas), reader.at("diplomas"))
    elif isinstance(raw_diplomas, int) and not isinstance(raw_diplomas, bool):
        diplomas = raw_diplomas
    else:
        raise TableError(
            reader.at("diplomas"), f"expected a list of Diploma ids or the points, got {_type_name(raw_diplomas)}"
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
    reader = _Reader(value, path)
    storm = StormPlacement(at=reader.int("at"), season=reader.word("season", SEASONS))
    reader.done()
    return storm


def _read_refs(values: list[Any], at: str, read: Callable[[object, str], T]) -> tuple[T, ...]:
    """A list of card references; the common case, catalogue ids only, without a look at each one."""
    if not set(map(type, values)) - {int}:
        return tuple(values)
    return tuple(read(value, f"{at}[{i}]") for i, value in enumerate(values))


def _read_ids(values: list[Any], at: str) -> tuple[str, ...]:
    """A list of Diploma ids (text)."""
    if not set(map(type, values)) - {str}:
        return tuple(values)
    return tuple(_as_text_id(value, f"{at}[{i}]", "a Diploma id") for i, value in enumerate(values))


def _read_card_id(value: object, path: str) -> int | None:
    """A catalogue id, or ``None`` when the value is an object to read by what is printed on it."""
    if type(value) is int:
        return value
    if isinstance(value, Mapping):
        return None
    return _as_int(value, path)


def _read_print_ref(value: object, path: str) -> int | PrintHalf:
    card_id = _read_card_id(value, path)
    return card_id if card_id is not None else _read_print_half(_Reader(value, path))


def _read_studio_ref(value: object, path: str) -> int | StudioHalf:
    card_id = _read_card_id(value, path)
    return card_id if card_id is not None else _read_studio_half(_Reader(value, path))


def _read_kept_ref(value: object, path: str) -> CardRef:
    """Kept cards are still in hand: an id, or either half as printed (a ``season`` says it is the Print half)."""
    card_id = _read_card_id(value, path)
    if card_id is not None:
        return card_id
    reader = _Reader(value, path)
    return _read_print_half(reader) if reader.has("season") else _read_studio_half(reader)


def _read_print_half(reader: _Reader) -> PrintHalf:
    paint: Paint | None = None
    if reader.has("paint"):
        paint_reader = _Reader(reader.raw("paint"), reader.at("paint"))
        paint = Paint(paint_reader.word("landscape", LANDSCAPES), paint_reader.int("brushes"))
        paint_reader.done()
    kites = tuple(
        _as_word(v, f"{reader.at('kites')}[{i}]", KITE_COLOURS) for i, v in enumerate(reader.list("kites", []))
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


def _read_studio_half(reader: _Reader) -> StudioHalf:
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
        }
    out["players"] = [player_to_document(p) for p in table.players]
    return out


def dump_table(table: Table, indent: int | None = 2) -> str:
    """The table as JSON text."""
    return json.dumps(table_to_document(table), indent=indent, ensure_ascii=False)
