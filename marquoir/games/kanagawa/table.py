"""A finished Kanagawa table as values: players, their cards, Diplomas and pawns.

The shape follows the table document (``marquoir/data/table-format.md``); :mod:`~marquoir.games.kanagawa.document` reads
and writes it. A table may hold an impossible position: reading never judges the game,
:mod:`~marquoir.games.kanagawa.legality` does.
"""

from __future__ import annotations

from dataclasses import dataclass

from marquoir.games.kanagawa.catalogue import CardRef, PrintHalf, StudioHalf
from marquoir.games.kanagawa.rules import Rules as Rules
from marquoir.games.kanagawa.vocabulary import BASE_FAMILIES, EXPANSION_FAMILIES, GAME


@dataclass(frozen=True, slots=True)
class StormPlacement:
    """A Storm token on the Print: ``at`` 0 is the Starting tile, 1 the first painted card (Kanagawa French rules,
    section 3)."""

    at: int
    season: str


@dataclass(frozen=True, slots=True)
class DetailedPlayer:
    """A player entered card by card, as the cards lie on the table."""

    name: str
    start: str
    print: tuple[int | PrintHalf, ...] = ()
    studio: tuple[int | StudioHalf, ...] = ()
    kept: tuple[CardRef, ...] = ()
    diplomas: tuple[str, ...] = ()
    storms: tuple[StormPlacement, ...] | None = None
    grand_master: bool = False
    yokai: int = 0
    brushes: int | None = None


@dataclass(frozen=True, slots=True)
class SheetPlayer:
    """A player entered by the figures of the paper sheet.

    ``diplomas`` is the Diploma ids, or an integer when the players only wrote the points.
    """

    name: str
    print_cards: int
    season_chain: int
    harmony: int
    diplomas: tuple[str, ...] | int = ()
    grand_master: bool = False
    yokai: int = 0


Player = DetailedPlayer | SheetPlayer


@dataclass(frozen=True, slots=True)
class Table:
    """A finished game: the families in play, the rule options and the players in seating order."""

    players: tuple[Player, ...]
    families: tuple[str, ...] = BASE_FAMILIES
    rules: Rules = Rules()  # noqa: RUF009  (a frozen dataclass: one shared default is safe)
    game: str = GAME

    @property
    def is_yokai(self) -> bool:
        """Whether the Yokai expansion is in play (one of its families is)."""
        return any(family in EXPANSION_FAMILIES for family in self.families)

    def player_named(self, name: str) -> Player:
        """The player called ``name``; :class:`KeyError` when there is none."""
        for player in self.players:
            if player.name == name:
                return player
        raise KeyError(name)
