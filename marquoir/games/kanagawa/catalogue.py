"""The Kanagawa catalogue: Lesson cards, Starting tiles and Diplomas, read once from the package data.

Each Lesson card has two halves (Kanagawa rules, "Continue your work"): the Studio half, used when the card is turned
over under the Starting tile, and the Print half, painted to the right of it. A card on the table is one of its
halves; the same value types describe catalogue cards and expansion cards entered by what is printed on them
(``marquoir/data/table-format.md``, "Player, detailed form").
"""

from __future__ import annotations

import csv
import io
from collections.abc import Mapping
from dataclasses import dataclass, field
from functools import cache
from importlib import resources

from marquoir.games.kanagawa.vocabulary import BASE_FAMILIES, CARDS_PER_FAMILY, EXPANSION_FAMILIES


@dataclass(frozen=True, slots=True)
class Paint:
    """What painting a Print card needs: ``brushes`` brushes on Studio icons of ``landscape`` (Kanagawa rules)."""

    landscape: str
    brushes: int


@dataclass(frozen=True, slots=True)
class PrintHalf:
    """The Print half of a card: season, Harmony symbols, subject, and what painting it needs.

    ``card_id`` is the catalogue id for a base card and ``None`` for a card entered by what is printed on it.
    """

    family: str
    season: str
    harmony: int = 0
    trees: int = 0
    building: str | None = None
    character: str | None = None
    animal: str | None = None
    kites: tuple[str, ...] = ()
    lanterns: int = 0
    umbrellas: int = 0
    yokai_arrival: bool = False
    paint: Paint | None = None
    card_id: int | None = None

    def subject_text(self) -> str:
        """The subject in a few words, as a person reads it off the card."""
        parts: list[str] = []
        if self.trees:
            parts.append(f"{self.trees} tree" + ("s" if self.trees > 1 else ""))
        for subject in (self.building, self.character, self.animal):
            if subject:
                parts.append(subject)
        if self.kites:
            parts.append(" + ".join(self.kites) + (" kite" if len(self.kites) == 1 else " kites"))
        if self.lanterns:
            parts.append(f"{self.lanterns} lantern" + ("s" if self.lanterns > 1 else ""))
        if self.umbrellas:
            parts.append(f"{self.umbrellas} umbrella" + ("s" if self.umbrellas > 1 else ""))
        return ", ".join(parts) or "no subject"


@dataclass(frozen=True, slots=True)
class StudioHalf:
    """The Studio half of a card: a landscape icon, an icon (brush, assistant, arrow, keep), Harmony symbols."""

    family: str
    landscape: str | None = None
    icon: str | None = None
    harmony: int = 0
    yokai_move: bool = False
    card_id: int | None = None


#: A card as written in a table document: a catalogue id, or what is printed on the half in use.
CardRef = int | PrintHalf | StudioHalf


@dataclass(frozen=True, slots=True)
class Card:
    """A base Lesson card of the catalogue (``data/cards.csv``)."""

    id: int
    family: str
    back: str
    studio: StudioHalf
    print: PrintHalf
    note: str = ""


@dataclass(frozen=True, slots=True)
class StartTile:
    """A Starting tile: one Studio landscape, its arrow, two brushes, and the season it gives the Print."""

    id: str
    landscape: str
    arrows: int
    brushes: int
    season: str


@dataclass(frozen=True, slots=True)
class Diploma:
    """A Diploma tile: its family, whether it judges the Print or the Studio, its points and bonus."""

    id: str
    family: str
    place: str
    requirement: str
    harmony: int
    bonus: str | None
    source: str

    @property
    def is_expansion(self) -> bool:
        return self.source.startswith("003")


@dataclass(frozen=True, eq=False)
class Catalogue:
    """Every fixed fact of the game, loaded once by :func:`catalogue` and passed around as a value.

    Compared and hashed by identity: there is one catalogue a process, and caches key on it."""

    cards: Mapping[int, Card]
    start_tiles: Mapping[str, StartTile]
    diplomas: Mapping[str, Diploma]
    diplomas_by_family: Mapping[str, tuple[Diploma, ...]] = field(init=False)
    #: Card id → family, for the legality check's pass over every card on the table.
    family_of: Mapping[int, str] = field(init=False)
    #: Card id → its Print half, and → its Studio half.
    print_of: Mapping[int, PrintHalf] = field(init=False)
    studio_of: Mapping[int, StudioHalf] = field(init=False)
    # Keyed by the set of families (at most 2 ** 7 keys, whatever the documents list): bounded caches.
    _ids_in_play: dict[frozenset[str], frozenset[str]] = field(init=False, default_factory=dict)
    _card_ids: dict[frozenset[str], frozenset[int]] = field(init=False, default_factory=dict)
    _brush_sources: dict[frozenset[str], int] = field(init=False, default_factory=dict)

    def __post_init__(self) -> None:
        by_family: dict[str, list[Diploma]] = {}
        for diploma in self.diplomas.values():
            by_family.setdefault(diploma.family, []).append(diploma)
        object.__setattr__(self, "diplomas_by_family", {k: tuple(v) for k, v in by_family.items()})
        object.__setattr__(self, "family_of", {card.id: card.family for card in self.cards.values()})
        object.__setattr__(self, "print_of", {card.id: card.print for card in self.cards.values()})
        object.__setattr__(self, "studio_of", {card.id: card.studio for card in self.cards.values()})

    def card_ids_of(self, families: tuple[str, ...]) -> frozenset[int]:
        """The ids of the catalogue cards of ``families``."""
        key = frozenset(families)
        found = self._card_ids.get(key)
        if found is None:
            found = self._card_ids[key] = frozenset(c.id for c in self.cards.values() if c.family in key)
        return found

    def brush_sources(self, families: tuple[str, ...]) -> int:
        """How many brushes the game's cards can give beyond the Starting tiles: the brush icons of the base cards
        in play, one for each card of a family whose cards are not in the catalogue (an expansion card may show a
        brush icon), and the Diplomas in play with a brush bonus (data/SOURCES.md, decision 8)."""
        key = frozenset(families)
        found = self._brush_sources.get(key)
        if found is None:
            base = key.intersection(BASE_FAMILIES)
            found = sum(1 for c in self.cards.values() if c.family in base and c.studio.icon == "brush")
            found += CARDS_PER_FAMILY * (len(key) - len(base))
            found += sum(1 for d in self.diplomas_in_play(families) if d.bonus == "brush")
            self._brush_sources[key] = found
        return found

    def diploma_ids_in_play(self, families: tuple[str, ...]) -> frozenset[str]:
        """The ids of :meth:`diplomas_in_play`."""
        key = frozenset(families)
        found = self._ids_in_play.get(key)
        if found is None:
            found = self._ids_in_play[key] = frozenset(d.id for d in self.diplomas_in_play(families))
        return found

    def diplomas_in_play(self, families: tuple[str, ...]) -> tuple[Diploma, ...]:
        """The Diplomas of a game: the Print Diplomas of the families in play, the Studio Diplomas, and the Yokai
        Diploma when an expansion family is in play (Yokai rules, "Game Set-up" 5; data/SOURCES.md decision 13)."""
        yokai = any(f in EXPANSION_FAMILIES for f in families)
        return tuple(
            d
            for d in self.diplomas.values()
            if d.family in families or (d.place == "studio" and (d.family != "yokai" or yokai))
        )


def _int(text: str) -> int:
    return int(text) if text.strip() else 0


def _read_csv(name: str) -> list[dict[str, str]]:
    text = resources.files("marquoir.games.kanagawa").joinpath("data", name).read_text(encoding="utf-8")
    return list(csv.DictReader(io.StringIO(text)))


def _card(row: dict[str, str]) -> Card:
    card_id = int(row["id"])
    family = row["family"]
    assert family in BASE_FAMILIES, row
    kind, subject = row["subject_kind"], row["subject"]
    studio = StudioHalf(
        family=family,
        landscape=row["studio_landscape"] or None,
        icon=row["studio_icon"] or None,
        harmony=_int(row["studio_harmony"]),
        card_id=card_id,
    )
    printed = PrintHalf(
        family=family,
        season=row["season"],
        harmony=_int(row["print_harmony"]),
        trees=int(subject) if kind == "trees" else 0,
        building=subject if kind == "building" else None,
        character=subject if kind == "character" else None,
        animal=subject if kind == "animal" else None,
        paint=Paint(row["print_landscape"], int(row["print_brushes"])),
        card_id=card_id,
    )
    return Card(card_id, family, row["back"], studio, printed, row["confidence_note"])


@cache
def catalogue() -> Catalogue:
    """The catalogue, read from the package data the first time and shared afterwards."""
    cards = {card.id: card for card in map(_card, _read_csv("cards.csv"))}
    tiles = {
        row["id"]: StartTile(
            row["id"], row["studio_landscape"], int(row["studio_arrows"]), int(row["brushes_given"]), row["season"]
        )
        for row in _read_csv("start_tiles.csv")
    }
    diplomas = {
        row["id"]: Diploma(
            row["id"],
            row["family"],
            row["place"],
            row["requirement"],
            int(row["harmony"]),
            row["bonus"] or None,
            row["source"],
        )
        for row in _read_csv("diplomas.csv")
    }
    return Catalogue(cards, tiles, diplomas)
