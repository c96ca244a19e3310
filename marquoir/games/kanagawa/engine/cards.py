"""The Lesson cards of an engine game: the deck is a value the caller supplies.

Base families come from the catalogue (``data/cards.csv``). The 54 Yokai expansion cards have no public
card-by-card list and none may be invented (``data/SOURCES.md``, "Yokai cards"), so a game with an expansion family
needs its cards supplied as values: a Print half and a Studio half per card, 18 per family (Yokai rules, "54 Lesson
Cards"). :func:`read_expansion_cards` reads them from a JSON document (a list of ``{"print": {...}, "studio":
{...}}``, each half written as in a table document, ``marquoir/data/table-format.md``), with the core's own reader.
"""

from __future__ import annotations

import json
import re
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from marquoir.errors import TableError
from marquoir.games.kanagawa.catalogue import Catalogue, PrintHalf, StudioHalf, catalogue
from marquoir.games.kanagawa.document import parse_table
from marquoir.games.kanagawa.table import DetailedPlayer
from marquoir.games.kanagawa.vocabulary import BASE_FAMILIES, CARDS_PER_FAMILY, EXPANSION_FAMILIES


@dataclass(frozen=True, slots=True)
class LessonCard:
    """A whole Lesson card: its back (``family``), its Print half and its Studio half.

    ``card_id`` is the catalogue id of a base card, ``None`` for an expansion card (written by what is printed on
    the half in use when the table document is made).
    """

    family: str
    print: PrintHalf
    studio: StudioHalf
    card_id: int | None = None

    @property
    def label(self) -> str:
        return str(self.card_id) if self.card_id is not None else f"{self.family} card"


def base_cards(families: Sequence[str], cat: Catalogue | None = None) -> tuple[LessonCard, ...]:
    """The catalogue's cards of the base ``families``, in id order."""
    cat = cat or catalogue()
    return tuple(
        LessonCard(card.family, card.print, card.studio, card.id)
        for card in sorted(cat.cards.values(), key=lambda c: c.id)
        if card.family in families
    )


def read_expansion_cards(document: object, where: str = "cards") -> tuple[LessonCard, ...]:
    """Expansion cards from a JSON value (a list of ``{"print": HALF, "studio": HALF}``); errors name the place,
    such as ``cards[4].print.kites[0]``. Every Print half must say what painting it needs (``paint``)."""
    if not isinstance(document, list):
        raise TableError(where, "a list of cards, each {\"print\": {...}, \"studio\": {...}}")
    prints: list[Any] = []
    studios: list[Any] = []
    for i, entry in enumerate(document):
        if not isinstance(entry, dict) or set(entry) != {"print", "studio"}:
            raise TableError(f"{where}[{i}]", "a card is an object with exactly the keys print and studio")
        if not isinstance(entry["print"], dict) or not isinstance(entry["studio"], dict):
            raise TableError(f"{where}[{i}]", "print and studio are objects (what is printed on each half)")
        prints.append(entry["print"])
        studios.append(entry["studio"])
    shell = {"game": "kanagawa", "players": [{"name": "cards", "start": "S1", "print": prints, "studio": studios}]}
    try:
        table = parse_table(shell)
    except TableError as error:
        found = re.match(r"^players\[0\]\.(print|studio)\[(\d+)\](.*)$", error.path)
        path = f"{where}[{found.group(2)}].{found.group(1)}{found.group(3)}" if found else where
        raise TableError(path, error.message) from None
    player = table.players[0]
    assert isinstance(player, DetailedPlayer)
    cards: list[LessonCard] = []
    for i, (printed, studio) in enumerate(zip(player.print, player.studio, strict=True)):
        assert isinstance(printed, PrintHalf) and isinstance(studio, StudioHalf)
        if printed.family != studio.family:
            raise TableError(
                f"{where}[{i}]", f"the halves of one card share its back: {printed.family} ≠ {studio.family}"
            )
        if printed.family not in EXPANSION_FAMILIES:
            raise TableError(f"{where}[{i}].print.family", "expansion cards are kites, lanterns or umbrellas")
        if printed.paint is None:
            raise TableError(f"{where}[{i}].print.paint", "the engine needs what painting the card needs")
        cards.append(LessonCard(printed.family, printed, studio))
    return tuple(cards)


def load_expansion_cards(text: str, where: str = "cards") -> tuple[LessonCard, ...]:
    """Expansion cards from JSON text (see :func:`read_expansion_cards`)."""
    try:
        document = json.loads(text)
    except json.JSONDecodeError as error:
        raise TableError(where, f"not JSON: {error.msg} at line {error.lineno}") from None
    return read_expansion_cards(document, where)


def build_deck(families: Sequence[str], expansion: Sequence[LessonCard] = ()) -> tuple[LessonCard, ...]:
    """The 72 cards of a game: the 4 base families, or 2 base and 2 expansion families (Yokai rules, "Game Set-up"
    4). Expansion families take their 18 cards each from ``expansion``; anything else is refused, naming it."""
    families = tuple(families)
    base = [f for f in families if f in BASE_FAMILIES]
    extra = [f for f in families if f in EXPANSION_FAMILIES]
    unknown = [f for f in families if f not in BASE_FAMILIES and f not in EXPANSION_FAMILIES]
    if unknown:
        raise TableError("families", f"unknown family {unknown[0]!r}")
    if len(set(families)) != 4 or len(families) != 4 or len(base) not in (2, 4):
        raise TableError("families", "play the 4 base families, or 2 base and 2 expansion families")
    supplied = Counter(card.family for card in expansion)
    for family in extra:
        if supplied[family] != CARDS_PER_FAMILY:
            raise TableError(
                "cards",
                f"{family} is an expansion family: the engine needs its {CARDS_PER_FAMILY} cards supplied "
                f"(got {supplied[family]}); no catalogue of the Yokai cards exists (data/SOURCES.md, 'Yokai cards')",
            )
    return base_cards(base) + tuple(card for card in expansion if card.family in extra)
