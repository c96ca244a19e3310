"""A finished Bonsai table as values: the goal colours in play and the players in turn order, each with a bonsai
and cards, or only the figures of the paper sheet.

The shape follows the table document (``marquoir/data/table-format.md``, "The Bonsai table document");
:mod:`~marquoir.games.bonsai.document` reads and writes it. A table may hold an impossible bonsai: reading never
judges the game, :mod:`~marquoir.games.bonsai.legality` does.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import NamedTuple

from marquoir.games.bonsai.geometry import Cell
from marquoir.games.bonsai.vocabulary import GAME


class Tile(NamedTuple):
    """A tile grown in the bonsai: its cell and its kind (``wood``, ``leaf``, ``flower``, ``fruit``). The trunk
    is not a listed tile: it is always there (« Cultiver »; ``data/SOURCES.md``, "The pot and the grid")."""

    at: Cell
    kind: str


@dataclass(frozen=True, slots=True)
class Cards:
    """The cards a player played or holds at the end (« Méditer »): the Growth cards (one tile kind each), how many
    Tool, Master and Helper cards, and the Parchments held (what each counts). ``complete``: these are every card
    the player took (``data/SOURCES.md``, decision 15), so they bound the tiles the player can have had."""

    growth: tuple[str, ...] = ()
    tool: int = 0
    master: int = 0
    helper: int = 0
    parchments: tuple[str, ...] = ()
    complete: bool = False

    @property
    def total(self) -> int:
        """How many cards these are (a negative count, which the check reports, counts as none)."""
        return len(self.growth) + max(self.tool, 0) + max(self.master, 0) + max(self.helper, 0) + len(self.parchments)


@dataclass(frozen=True, slots=True)
class DetailedPlayer:
    """A player entered tile by tile: the bonsai as it stands (``flipped``: the pot turned the other way, trunk at
    ``[1, 0]``), the cards, and the goal tiles claimed (``data/goals.csv`` ids)."""

    name: str
    tiles: tuple[Tile, ...] = ()
    flipped: bool = False
    cards: Cards = Cards()
    goals: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class SheetPlayer:
    """A player entered by the figures of the paper sheet: ``leaves`` and ``fruits`` are tile counts, ``flowers``
    and ``parchments`` points; ``goals`` the goal ids, or an integer when the players only wrote the points."""

    name: str
    leaves: int
    flowers: int
    fruits: int
    parchments: int
    goals: tuple[str, ...] | int = ()


Player = DetailedPlayer | SheetPlayer


@dataclass(frozen=True, slots=True)
class Table:
    """A finished game: the goal colours in play (``()`` for a game without goal tiles) and the players in turn
    order from the first player, the order that breaks ties (« Fin de la partie »)."""

    goals: tuple[str, ...]
    players: tuple[Player, ...]
    game: str = GAME

    def player_named(self, name: str) -> Player:
        """The player called ``name``; :class:`KeyError` when there is none."""
        for player in self.players:
            if player.name == name:
                return player
        raise KeyError(name)
