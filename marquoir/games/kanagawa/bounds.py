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

from functools import lru_cache
from typing import NamedTuple

from marquoir.games.kanagawa.catalogue import Catalogue
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
