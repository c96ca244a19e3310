"""A detailed player's cards resolved against the catalogue, with the counts the rules look at.

One place computes what a player's Print and Studio show (trees, subjects, arrows, landscape icons, brushes
owned…); scoring, the Diploma checker and the legality check all read these figures from here.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, NamedTuple, TypeVar

from marquoir.games.kanagawa.catalogue import CardRef, Catalogue, PrintHalf, StartTile, StudioHalf, catalogue
from marquoir.games.kanagawa.halves import resolve
from marquoir.games.kanagawa.naming import print_name, studio_name, unknown_card_text
from marquoir.games.kanagawa.table import DetailedPlayer, Table
from marquoir.games.kanagawa.vocabulary import BRUSH_PAWNS, JOKER, LANDSCAPES, STARTING_BRUSHES
from marquoir.i18n import get_language


def resolve_print(ref: int | PrintHalf, cat: Catalogue) -> PrintHalf | None:
    """The Print half a reference stands for; ``None`` for an id the catalogue does not have or a half that cannot
    exist (:func:`~marquoir.games.kanagawa.halves.resolve`: an object that is one catalogue card is that card)."""
    found: PrintHalf | None = resolve(ref, cat.print_of, cat)
    return found


def resolve_studio(ref: int | StudioHalf, cat: Catalogue) -> StudioHalf | None:
    """The Studio half a reference stands for; ``None`` for an id the catalogue does not have or a half that cannot
    exist."""
    found: StudioHalf | None = resolve(ref, cat.studio_of, cat)
    return found


def card_family(ref: CardRef, cat: Catalogue) -> str | None:
    """The family (card back) of a reference, ``None`` for an unknown id."""
    if isinstance(ref, int):
        card = cat.cards.get(ref)
        return card.family if card else None
    return ref.family


def print_label(ref: int | PrintHalf, position: int, cat: Catalogue | None = None) -> str:
    """How the words people read name a Print card: by what its Print half shows (``summer boar``,
    :func:`~marquoir.games.kanagawa.naming.print_name`), never by its catalogue number; a card that does not exist by
    its ``position``."""
    half = resolve_print(ref, cat or catalogue())
    return print_name(half) if half is not None else unknown_card_text(position)


def studio_label(ref: int | StudioHalf, position: int, cat: Catalogue | None = None) -> str:
    """How the words people read name a Studio card: by its landscape and icon (``Studio (water, arrow icon)``); a
    card that does not exist by its ``position``."""
    half = resolve_studio(ref, cat or catalogue())
    return studio_name(half) if half is not None else unknown_card_text(position)


class PrintCounts(NamedTuple):
    """What a Print shows, counted in one pass: the figures the Print Diplomas look at.

    The mappings hold only what is there: read them with ``.get(key, 0)``.
    """

    trees: int
    buildings: frozenset[str]
    characters: Mapping[str, int]
    animals: frozenset[str]
    kites: Mapping[str, int]
    kites_total: int
    #: Number of cards showing exactly n lanterns, by n (data/SOURCES.md, decision 11).
    lanterns: Mapping[int, int]
    #: The most umbrellas along neighbouring cards that each show one (Yokai rules; data/SOURCES.md decision 11).
    umbrella_run: int
    #: Landscape → the most brushes one Print card needs on it (Kanagawa rules, "Expand your Print").
    most_brushes_needed: Mapping[str, int]

    @classmethod
    def of(cls, halves: tuple[PrintHalf | None, ...]) -> PrintCounts:
        trees = kites_total = run = best_run = 0
        buildings: set[str] = set()
        animals: set[str] = set()
        characters: dict[str, int] = {}
        kites: dict[str, int] = {}
        lanterns: dict[int, int] = {}
        needs: dict[str, int] = {}
        for half in halves:
            if half is None:
                run = 0
                continue
            trees += half.trees
            paint = half.paint
            if paint is not None and paint.brushes > needs.get(paint.landscape, 0):
                needs[paint.landscape] = paint.brushes
            if half.building:
                buildings.add(half.building)
            if half.character:
                characters[half.character] = characters.get(half.character, 0) + 1
            if half.animal:
                animals.add(half.animal)
            if half.card_id is not None:  # a catalogue card: a base family's, with none of the expansion's subjects
                run = 0
                continue
            if half.kites:
                for colour in half.kites:
                    kites[colour] = kites.get(colour, 0) + 1
                kites_total += len(half.kites)
            if half.lanterns:
                lanterns[half.lanterns] = lanterns.get(half.lanterns, 0) + 1
            if half.umbrellas > 0:
                run += half.umbrellas
                if run > best_run:
                    best_run = run
            else:
                run = 0
        return cls(
            trees,
            frozenset(buildings),
            characters,
            frozenset(animals),
            kites,
            kites_total,
            lanterns,
            best_run,
            needs,
        )


class Tableau:
    """One detailed player's tableau, resolved and counted once (make it with :meth:`of`).

    Print positions are 1-based after the Starting tile (position 0). ``print`` and ``studio`` hold ``None``
    for ids the catalogue does not have (a legality issue, counted for nothing). What only the Diplomas look at
    (:attr:`counts`) is counted the first time it is asked for: scoring alone never needs it.
    """

    __slots__ = (
        "_counts",
        "brush_bonus_diplomas",
        "brush_cap",
        "harmony_symbols",
        "icon_counts",
        "landscape_icons",
        "memo",
        "player",
        "print",
        "seasons",
        "start",
        "storm_bonus_diplomas",
        "studio",
    )

    player: DetailedPlayer
    start: StartTile | None
    print: tuple[PrintHalf | None, ...]
    studio: tuple[StudioHalf | None, ...]
    brush_bonus_diplomas: int
    #: The most brush pawns the player can have received: the box's 15 less what the other players hold at least
    #: (:func:`tableaux_of` sets it; a tableau made alone counts the whole box). Data/SOURCES.md decision 8.
    brush_cap: int
    #: Storm tokens earned: they come only from Diplomas with a storm bonus (data/SOURCES.md, decision 7).
    storm_bonus_diplomas: int
    #: The season of each Print place, the Starting tile first; ``None`` where the card is unknown.
    seasons: tuple[str | None, ...]
    #: Landscape icons in the Studio, the Starting tile's included; jokers counted under ``joker``.
    landscape_icons: Mapping[str, int]
    #: Printed Harmony symbols on Print and Studio cards; kept cards score nothing (data/SOURCES.md, decision 2).
    harmony_symbols: int
    #: Studio icons (brush, assistant, arrow, keep) → how many cards show them.
    icon_counts: Mapping[str, int]
    #: Labels and lists only explanations need, made the first time they are asked for (per language).
    memo: dict[tuple[str, str], Any]
    _counts: PrintCounts | None

    @classmethod
    def of(cls, player: DetailedPlayer, cat: Catalogue) -> Tableau:
        """Resolve ``player``'s cards and count what the Studio shows, the Harmony symbols and the Diplomas'
        bonuses."""
        self = cls.__new__(cls)
        diplomas = cat.diplomas
        brush_bonus = storm_bonus = 0
        for diploma_id in set(player.diplomas):
            tile = diplomas.get(diploma_id)
            if tile is not None:
                if tile.bonus == "brush":
                    brush_bonus += 1
                elif tile.bonus == "storm":
                    storm_bonus += 1
        start = cat.start_tiles.get(player.start)
        printed = _resolve(player.print, cat.print_of, cat)
        studio = _resolve(player.studio, cat.studio_of, cat)
        icons: dict[str, int] = {}
        landscapes: dict[str, int] = {start.landscape: 1} if start is not None else {}
        harmony = 0
        for shalf in studio:
            if shalf is not None:
                harmony += shalf.harmony
                if shalf.icon:
                    icons[shalf.icon] = icons.get(shalf.icon, 0) + 1
                if shalf.landscape:
                    landscapes[shalf.landscape] = landscapes.get(shalf.landscape, 0) + 1
        seasons: list[str | None] = [start.season if start else None]
        for half in printed:
            if half is None:
                seasons.append(None)
            else:
                seasons.append(half.season)
                harmony += half.harmony
        self.player, self.start, self.print, self.studio = player, start, printed, studio
        self.brush_bonus_diplomas, self.storm_bonus_diplomas = brush_bonus, storm_bonus
        self.seasons, self.landscape_icons, self.harmony_symbols, self.icon_counts = (
            tuple(seasons),
            landscapes,
            harmony,
            icons,
        )
        self.memo, self._counts = {}, None
        self.brush_cap = BRUSH_PAWNS
        return self

    @property
    def counts(self) -> PrintCounts:
        """The Print's figures for the Diplomas (counted at the first look)."""
        counts = self._counts
        if counts is None:
            counts = self._counts = PrintCounts.of(self.print)
        return counts

    def print_labels(self) -> tuple[str, ...]:
        """How explanations name each Print card, in order: by what its Print half shows (``summer boar``), a card
        that does not exist by its position (:func:`print_label`)."""
        key = ("print_labels", get_language())
        labels: tuple[str, ...] | None = self.memo.get(key)
        if labels is None:
            labels = self.memo[key] = tuple(
                print_name(half) if half is not None else unknown_card_text(position)
                for position, half in enumerate(self.print, 1)
            )
        return labels

    def studio_labels(self) -> tuple[str, ...]:
        """How explanations name each Studio card, in order: by its landscape and icon (:func:`studio_label`)."""
        key = ("studio_labels", get_language())
        labels: tuple[str, ...] | None = self.memo.get(key)
        if labels is None:
            labels = self.memo[key] = tuple(
                studio_name(half) if half is not None else unknown_card_text(position)
                for position, half in enumerate(self.studio, 1)
            )
        return labels

    def painted(self) -> tuple[tuple[str, PrintHalf], ...]:
        """The known Print cards with their labels (unknown ids are left out: they are a legality issue)."""
        key = ("painted", get_language())
        found: tuple[tuple[str, PrintHalf], ...] | None = self.memo.get(key)
        if found is None:
            found = self.memo[key] = tuple(
                (label, half) for label, half in zip(self.print_labels(), self.print, strict=True) if half is not None
            )
        return found

    def studio_cards(self) -> tuple[tuple[str, StudioHalf], ...]:
        """The known Studio cards with their labels."""
        key = ("studio_cards", get_language())
        found: tuple[tuple[str, StudioHalf], ...] | None = self.memo.get(key)
        if found is None:
            found = self.memo[key] = tuple(
                (label, half) for label, half in zip(self.studio_labels(), self.studio, strict=True) if half is not None
            )
        return found

    def icons(self, icon: str) -> list[str]:
        """Labels of the Studio cards showing ``icon``."""
        if not self.icon_counts.get(icon):
            return []
        return [label for label, half in self.studio_cards() if half.icon == icon]

    @property
    def arrows(self) -> int:
        """Arrows in the Studio, the Starting tile's included (data/SOURCES.md, decision 9)."""
        return (self.start.arrows if self.start else 0) + self.icon_counts.get("arrow", 0)

    @property
    def keep_icons(self) -> int:
        """Keep icons in the Studio: one card kept from round to round each (Kanagawa rules, "Continue your work")."""
        return self.icon_counts.get("keep", 0)

    def icons_serving(self, landscape: str) -> int:
        """Studio icons on which a brush can paint ``landscape``: that landscape's icons and the jokers."""
        return self.landscape_icons.get(landscape, 0) + self.landscape_icons.get(JOKER, 0)

    def identical_landscapes(self, jokers_count: bool) -> tuple[int, str | None]:
        """The most icons of one landscape, jokers added when they count (data/SOURCES.md, decision 10)."""
        best, best_landscape = 0, None
        jokers = self.landscape_icons.get(JOKER, 0) if jokers_count else 0
        for landscape in LANDSCAPES:
            count = self.landscape_icons.get(landscape, 0) + jokers
            if count > best:
                best, best_landscape = count, landscape
        return best, best_landscape

    @property
    def brushes_explained(self) -> int:
        """Brush pawns the tableau explains: the Starting tile's 2, one per brush icon in the Studio, one per held
        Diploma with a brush bonus (data/SOURCES.md, decision 8)."""
        return (self.start.brushes if self.start else 2) + self.icon_counts.get("brush", 0) + self.brush_bonus_diplomas

    @property
    def brushes_received(self) -> int:
        """Brush pawns the player can have received (data/SOURCES.md, decision 8): what the tableau explains, no
        more than the box leaves once the other players hold their least (a reserve that runs dry gives nothing),
        and no more than the ``brushes`` figure given."""
        most = min(self.brushes_explained, self.brush_cap)
        given = self.player.brushes
        return most if given is None else min(given, most)

    @property
    def brushes_owned(self) -> int:
        """Brush pawns owned: the figure given in the document, else what the tableau explains."""
        given = self.player.brushes
        return given if given is not None else self.brushes_explained

    @property
    def brushes_least(self) -> int:
        """The fewest brush pawns the player holds: the figure given (no more than the tableau explains: a figure
        above it is an issue of its own), else the Starting tile's (always dealt)."""
        start = self.start.brushes if self.start else STARTING_BRUSHES
        given = self.player.brushes
        return start if given is None else max(min(given, self.brushes_explained), 0)


H = TypeVar("H", PrintHalf, StudioHalf)


def _resolve(refs: tuple[int | H, ...], halves: Mapping[int, H], cat: Catalogue) -> tuple[H | None, ...]:
    """The halves the references stand for; ``None`` for ids the catalogue does not have and for halves that cannot
    exist (they count for nothing)."""
    if not set(map(type, refs)) - {int}:
        return tuple(map(halves.get, refs))  # type: ignore[arg-type]
    return tuple(resolve(ref, halves, cat) for ref in refs)


def tableaux_of(table: Table, cat: Catalogue) -> tuple[Tableau | None, ...]:
    """Each player's tableau in seating order (``None`` for a player entered from the sheet's figures): made once
    per :func:`~marquoir.games.kanagawa.scoring.score` or :func:`~marquoir.games.kanagawa.legality.check` call and
    handed from the scoring to its legality pass. Each knows the most brushes it can have received: the box less
    what the others hold at least (:attr:`Tableau.brush_cap`)."""
    tableaux = tuple(Tableau.of(p, cat) if isinstance(p, DetailedPlayer) else None for p in table.players)
    least = [t.brushes_least if t is not None else STARTING_BRUSHES for t in tableaux]
    held = sum(least)
    for tableau, mine in zip(tableaux, least, strict=True):
        if tableau is not None:
            tableau.brush_cap = BRUSH_PAWNS - (held - mine)
    return tableaux
