"""A game of Bonsai in progress: the pile, the market, the goal tiles, and each player's bonsai, supply and cards.

The state is mutable for speed (a four-player game is a few hundred moves): :func:`~.rules.apply` changes it in
place, :meth:`GameState.copy` keeps one. What each number means comes from ``data/play.csv`` and
``shared/reference/bonsai-play.md`` (cited as "play fact N"); the moves are data (:class:`Meditate`,
:class:`Cultivate`), and so is what happened in each turn (:class:`TurnRecord`), which the witness of the deep
check words.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import NamedTuple

from marquoir.games.bonsai.catalogue import Goal
from marquoir.games.bonsai.geometry import Cell, trunk
from marquoir.games.bonsai.vocabulary import TILE_KINDS, WOOD


class Card(NamedTuple):
    """A Zen card: its kind (``tool``, ``growth``, ``master``, ``helper``, ``parchment``) and what it shows, as a row
    of ``data/cards.csv`` writes it (``wood`` for a Growth card, ``wood+leaf`` or ``any`` for a Master, ``any+wood``
    for a Helper, what a Parchment counts; ``""`` for a Tool)."""

    kind: str
    gives: str


#: A tile placed: its cell and kind.
Placement = tuple[Cell, str]


@dataclass(frozen=True, slots=True)
class Meditate:
    """Take the card in market ``slot`` (0 on the pile's side) with the slot's tiles (play facts 8, 12-15).

    ``choice``: the kind taken from slot 1 (wood or leaf); ``master_kind``: the tile an "any" Master gives;
    ``helper``: a Helper's placements (at most one of any kind and one of the kind shown); ``discards``: the tiles
    given up to stay within the capacity at the end of the turn (play facts 18-21). ``flip`` and ``remove`` are the
    turn's pre-steps (play fact 11; decision 14)."""

    slot: int
    choice: str | None = None
    master_kind: str | None = None
    helper: tuple[Placement, ...] = ()
    discards: tuple[str, ...] = ()
    flip: bool = False
    remove: Cell | None = None


@dataclass(frozen=True, slots=True)
class Cultivate:
    """Place tiles of the supply in the bonsai within the turn's allowance, in this order (play facts 22-26); no
    tile is the pass."""

    placements: tuple[Placement, ...] = ()
    flip: bool = False
    remove: Cell | None = None


Action = Meditate | Cultivate


@dataclass(frozen=True, slots=True)
class TurnRecord:
    """What one turn did, for a witness: who played, the action, the card taken (with its slot and the tiles it
    brought), the tiles placed, discarded and removed, and the goals claimed and renounced."""

    seat: int
    action: Action
    card: Card | None = None
    gained: tuple[str, ...] = ()
    placed: tuple[Placement, ...] = ()
    discarded: tuple[str, ...] = ()
    removed: tuple[Cell, ...] = ()
    claimed: tuple[str, ...] = ()
    renounced: tuple[str, ...] = ()
    solo_discard: Card | None = None
    final_round: bool = False


@dataclass(slots=True)
class PlayerState:
    """One player: the bonsai (``kind_at`` holds the trunk; ``placed`` the tiles in the order they grew), the supply
    by kind, the cards (Growth kinds, Tools, Masters and Helpers by face, Parchments), and the goals claimed and
    renounced."""

    name: str
    seat: int
    flipped: bool = False
    kind_at: dict[Cell, str] = field(default_factory=dict)
    placed: list[Placement] = field(default_factory=list)
    supply: dict[str, int] = field(default_factory=lambda: dict.fromkeys(TILE_KINDS, 0))
    growth: list[str] = field(default_factory=list)
    tools: int = 0
    masters: list[str] = field(default_factory=list)
    helpers: list[str] = field(default_factory=list)
    parchments: list[str] = field(default_factory=list)
    goals: list[str] = field(default_factory=list)
    renounced: set[str] = field(default_factory=set)
    removed: int = 0

    @property
    def trunk(self) -> Cell:
        return trunk(self.flipped)

    @property
    def cards_held(self) -> int:
        return len(self.growth) + self.tools + len(self.masters) + len(self.helpers) + len(self.parchments)

    def supply_size(self) -> int:
        return sum(self.supply.values())

    def copy(self) -> PlayerState:
        return PlayerState(
            self.name, self.seat, self.flipped, dict(self.kind_at), list(self.placed), dict(self.supply),
            list(self.growth), self.tools, list(self.masters), list(self.helpers), list(self.parchments),
            list(self.goals), set(self.renounced), self.removed,
        )  # fmt: skip


@dataclass(slots=True)
class GameState:
    """A game: the players in turn order, the pile (drawn from its end), the market (``None`` for an empty slot;
    slot 0 on the pile's side), the goal tiles in play and those still available, whose turn it is, the final
    round's turns left once the pile is empty (play fact 41) and every turn played."""

    players: list[PlayerState]
    pile: list[Card]
    market: list[Card | None]
    goals: tuple[Goal, ...]
    available: set[str]
    colours: tuple[str, ...]
    current: int = 0
    final_turns: int | None = None
    discarded: list[Card] = field(default_factory=list)
    log: list[TurnRecord] = field(default_factory=list)

    @property
    def solo(self) -> bool:
        return len(self.players) == 1

    @property
    def over(self) -> bool:
        return self.final_turns == 0

    def copy(self) -> GameState:
        return GameState(
            [p.copy() for p in self.players], list(self.pile), list(self.market), self.goals, set(self.available),
            self.colours, self.current, self.final_turns, list(self.discarded), list(self.log),
        )  # fmt: skip


def fresh_player(name: str, seat: int) -> PlayerState:
    """A player before the first turn: the trunk alone, an empty supply (setup adds the starting tiles)."""
    player = PlayerState(name, seat)
    player.kind_at[player.trunk] = WOOD
    return player
