"""What the paper sheet's figures can be, derived from the rules and the card data (never typed in).

A player entered from the sheet's figures (``marquoir/data/table-format.md``, "Player, sheet form") gives a count of
Print cards, a season chain, Harmony symbols and Diploma points. The rules cap them:

* **Print cards**: the Starting tile (Kanagawa French rules, section 3: "tuile Départ comprise"), at most 10 painted
  cards before the last round, since a round that ends with a player holding 11 ends the game (Kanagawa rules, "End
  of the Game"; data/SOURCES.md decision 12), and in the last round no more cards than a column (3: the School board
  has 3 rows, "New Lesson") and the cards kept in hand, one per keep icon ("Continue your work", exception), of which
  the deck has as many as its cards show (``data/cards.csv``; an expansion family's 18 cards are not known, so each
  may show one); nor more than the player's brushes, each painting once a round ("Expand your Print", golden
  rules): the box's 15 less the others' 2 each.
* **Harmony symbols**: one half of each card counts, so at most every symbol the deck shows, at least every crossed
  one (Kanagawa French rules, section 3; the base cards of ``data/cards.csv``: +33 and −8). The expansion's cards are
  not known: a game with them bounds the symbols only by the document's reading bounds.
* **Diploma points**: one tile per family in play (data/SOURCES.md, decision 7).

The same bounds go to the legality check (``SHEET``) and to the web form's validators, each with its reason.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from functools import lru_cache
from typing import NamedTuple

from marquoir.games.kanagawa.catalogue import Catalogue, PrintHalf, StartTile, StudioHalf
from marquoir.games.kanagawa.vocabulary import (
    BASE_FAMILIES,
    BRUSH_PAWNS,
    CARDS_PER_FAMILY,
    COLUMN_CARDS,
    END_PRINT_CARDS,
    STARTING_BRUSHES,
)
from marquoir.i18n import _, ngettext


class SheetBounds(NamedTuple):
    """The bounds of a sheet player's figures in one game (see the module docstring), with their reasons."""

    #: Painted cards before the last round, a column, the keep icons of the deck, the brushes one player can own.
    before_last: int
    column: int
    keeps: int
    brushes: int
    #: Whether only base families are in play (every card is known).
    base: bool
    harmony_most: int | None
    harmony_least: int | None
    diploma_sums: frozenset[int]

    @property
    def print_most(self) -> int:
        """The most Print cards, the Starting tile included."""
        return 1 + self.before_last + min(self.column + self.keeps, self.brushes)

    @property
    def diploma_most(self) -> int:
        return max(self.diploma_sums)

    def _game(self) -> str:
        return _("in a base game") if self.base else _("in this game")

    def print_text(self) -> str:
        """Why no more Print cards: ``at most 18 Print cards in a base game: …``."""
        if self.column + self.keeps <= self.brushes:
            last = ngettext(
                "then in the last round a column of {column} and {keeps} card kept in hand by a keep icon",
                "then in the last round a column of {column} and {keeps} cards kept in hand by keep icons",
                self.keeps,
            ).format(column=self.column, keeps=self.keeps)
        else:
            last = _("then in the last round as many cards as brushes, at most {brushes} (the box has {box}, the "
                     "other players start with {start} each)").format(
                brushes=self.brushes, box=BRUSH_PAWNS, start=STARTING_BRUSHES
            )
        return _(
            "at most {most} Print cards {game}: the Starting tile, {before} painted cards before the last round (a "
            "round that ends with {end} ends the game), {last}"
        ).format(most=self.print_most, game=self._game(), before=self.before_last, end=END_PRINT_CARDS, last=last)

    @staticmethod
    def print_least_text() -> str:
        return _("at least 1 Print card: the Starting tile")

    def harmony_most_text(self) -> str:
        return _(
            "at most {most} Harmony symbols {game}: every symbol the deck's cards show, one half of each card counting"
        ).format(most=self.harmony_most, game=self._game())

    def harmony_least_text(self) -> str:
        return _(
            "at least {least} Harmony symbols {game}: every crossed symbol the deck's cards show, one half of each "
            "card counting"
        ).format(least=self.harmony_least, game=self._game())

    def chain_text(self) -> str:
        return _("a season chain of 1 to {most}: the Starting tile, and no more than the Print cards").format(
            most=self.print_most
        )

    def diploma_text(self) -> str:
        return _("at most {most} Diploma points: one tile per family in play").format(most=self.diploma_most)


@lru_cache(maxsize=64)
def sheet_bounds(families: tuple[str, ...], players: int, cat: Catalogue) -> SheetBounds:
    """The bounds of the sheet's figures for a game of ``families`` with ``players`` players."""
    base = [f for f in families if f in BASE_FAMILIES]
    unknown = len(set(families) - set(BASE_FAMILIES))
    keeps = sum(1 for card in cat.cards.values() if card.family in base and card.studio.icon == "keep")
    keeps += unknown * CARDS_PER_FAMILY  # an expansion card may show a keep icon: its cards are not known
    most = least = 0
    for card in cat.cards.values():
        if card.family in base:
            most += max(card.print.harmony, card.studio.harmony, 0)
            least += min(card.print.harmony, card.studio.harmony, 0)
    by_family: dict[str, set[int]] = {}
    for diploma in cat.diplomas_in_play(tuple(families)):
        by_family.setdefault(diploma.family, set()).add(diploma.harmony)
    sums = {0}
    for points in by_family.values():
        sums |= {s + p for s in sums for p in points}
    return SheetBounds(
        before_last=END_PRINT_CARDS - 1,
        column=COLUMN_CARDS,
        keeps=keeps,
        brushes=BRUSH_PAWNS - STARTING_BRUSHES * max(players - 1, 0),
        base=not unknown,
        harmony_most=None if unknown else most,
        harmony_least=None if unknown else least,
        diploma_sums=frozenset(sums),
    )


# ------------------------------------------------------------------------------------------ one sheet player's bounds

#: What each Print Diploma asks of the painted cards (data/diplomas.csv, "requirement"): a sum of trees, so many
#: different subjects, so many alike, some animals each on its own card, or so many cards of an expansion family
#: (whose cards are not known: a card may show many kites or umbrellas, so one is the least).
_PRINT_NEEDS: dict[str, tuple[str, object]] = {
    "trees-3": ("trees", 3), "trees-4": ("trees", 4), "trees-5": ("trees", 5),
    "buildings-2": ("different:building", 2), "buildings-3": ("different:building", 3),
    "buildings-4": ("different:building", 4),
    "characters-2-different": ("different:character", 2), "characters-3-different": ("different:character", 3),
    "characters-3-identical": ("identical:character", 3),
    "animals-boar-deer": ("animals", ("boar", "deer")), "animals-crane-butterfly": ("animals", ("crane", "butterfly")),
    "animals-boar-deer-butterfly": ("animals", ("boar", "deer", "butterfly")),
    "kites-blue-3": ("cards", 1), "kites-7": ("cards", 1), "kites-yellow-3": ("cards", 1), "kites-red-2": ("cards", 1),
    "lanterns-2x2": ("cards", 2), "lanterns-1x3": ("cards", 3), "lanterns-1-2-3": ("cards", 3),
    "umbrellas-2": ("cards", 1), "umbrellas-3": ("cards", 1), "umbrellas-4": ("cards", 1),
}  # fmt: skip


def print_need(diploma_id: str) -> tuple[str, object] | None:
    """What the Print Diploma ``diploma_id`` asks of the painted cards (a kind and a figure, as
    :func:`least_painted` reads them), ``None`` for a Studio Diploma."""
    return _PRINT_NEEDS.get(diploma_id)


def least_painted(diploma_id: str, halves: Sequence[PrintHalf]) -> int | None:
    """The fewest painted cards that can meet the Print Diploma ``diploma_id`` out of the Print halves ``halves``
    (the cards of its family a player can still have painted), ``None`` when they cannot meet it at all; 0 for a
    Studio Diploma (Kanagawa French rules, section 3; Yokai rules, "Explanation of the Diploma Tiles"). Each card
    shows one subject, so four different buildings need four cards, a boar and a deer two; trees add up."""
    need = _PRINT_NEEDS.get(diploma_id)
    if need is None:
        return 0
    kind, figure = need
    if kind == "cards":
        assert isinstance(figure, int)
        return figure
    if kind == "trees":
        assert isinstance(figure, int)
        total = 0
        for count, tree in enumerate(sorted((h.trees for h in halves), reverse=True), start=1):
            total += tree
            if total >= figure:
                return count
        return None
    if kind == "animals":
        assert isinstance(figure, tuple)
        shown = {h.animal for h in halves}
        return len(figure) if all(a in shown for a in figure) else None
    how, attr = kind.split(":")
    assert isinstance(figure, int)
    subjects = Counter(getattr(h, attr) for h in halves if getattr(h, attr))
    if how == "different":
        return figure if len(subjects) >= figure else None
    return figure if max(subjects.values(), default=0) >= figure else None


class TileChoice(NamedTuple):
    """What a set of Diploma tiles (one per family at most) gives a player and asks of them: its points, the fewest
    painted cards it needs, the brushes and the Assistant takings its bonuses give, and the tiles (ids)."""

    points: int
    painted: int
    brushes: int
    assistants: int
    tiles: tuple[str, ...]


def tile_choices(options: Sequence[Sequence[tuple[str, int, int, int, int]]]) -> list[TileChoice]:
    """Every set of tiles taking at most one of each family's ``options`` (``(id, points, painted, brush,
    assistant)``), kept to one set for each combination of figures (the sets with the same figures judge a sheet
    alike)."""
    choices: dict[tuple[int, int, int, int], tuple[str, ...]] = {(0, 0, 0, 0): ()}
    for family in options:
        grown = dict(choices)
        for (points, painted, brushes, assistants), tiles in choices.items():
            for tile, p, least, brush, assistant in family:
                key = (points + p, painted + least, brushes + brush, assistants + assistant)
                grown.setdefault(key, (*tiles, tile))
        choices = grown
    return [TileChoice(*figures, tiles) for figures, tiles in choices.items()]


def harmony_range(painted: int, halves: Sequence[tuple[PrintHalf, StudioHalf]]) -> tuple[int, int]:
    """The least and most Harmony a player with ``painted`` painted cards can score out of the cards ``halves`` (the
    cards the player can have held; Kanagawa French rules, section 3: each card counts the half in use): the most
    paints the cards whose Print half gains most over the Studio half and lays every other card with symbols in the
    Studio; the least paints the cards that lose most and lays in the Studio only cards with crossed symbols. A
    relaxation (a Studio holds no more cards than were taken), so no real game falls outside it."""
    studio_most = sum(max(s.harmony, 0) for _p, s in halves)
    studio_least = sum(min(s.harmony, 0) for _p, s in halves)
    gains = sorted((p.harmony - max(s.harmony, 0) for p, s in halves), reverse=True)
    losses = sorted(p.harmony - min(s.harmony, 0) for p, s in halves)
    n = max(0, min(painted, len(halves)))
    return studio_least + sum(losses[:n]), studio_most + sum(gains[:n])


def studio_possible(
    diploma_id: str, halves: Sequence[StudioHalf], starts: Sequence[StartTile], jokers: bool, known: bool
) -> bool:
    """Whether a player can meet the Studio Diploma ``diploma_id`` with a Starting tile of ``starts`` and Studio
    halves of ``halves`` (the tiles and cards no other player holds), when every card of the game is ``known`` (with
    expansion cards, anything may be): arrows counted with the Starting tile's (decision 9), identical landscapes
    with the Starting tile's and, by the rule option, the jokers (decision 10). (The Brushes Diplomas are always
    within reach: 2 starting brushes and 2 Diplomas with a brush make 4.)"""
    family, _sep, figure = diploma_id.rpartition("-")
    if not known or not figure.isdigit() or family not in ("arrows", "landscapes"):
        return True
    needed = int(figure)
    if family == "arrows":
        return max((s.arrows for s in starts), default=0) + sum(h.icon == "arrow" for h in halves) >= needed
    best = 0
    for landscape in {s.landscape for s in starts} | {h.landscape for h in halves if h.landscape}:
        shown = sum(h.landscape == landscape or (jokers and h.landscape == "joker") for h in halves)
        best = max(best, shown + any(s.landscape == landscape for s in starts))
    return best >= needed
