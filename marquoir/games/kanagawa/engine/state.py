"""Immutable game states and actions of the Kanagawa rules engine, and the set-up of a new game.

Set-up (Kanagawa rules, "Setup"; Kanagawa French rules, section 1; Yokai rules, "Game Set-up"): the 72 Lesson cards
of the 4 families in play, shuffled; a Starting tile and 2 brushes each out of 15; 3 Storm tokens; 3 Yokai tokens
with the expansion; the first player holds the Grand Master and the Assistant.

Cards are referred to by their index in the game's deck (``GameState.cards``), players by their seat (0 first).
"""

from __future__ import annotations

import csv
import io
from dataclasses import dataclass
from functools import cache
from importlib import resources
from typing import NamedTuple

from marquoir.games.kanagawa.engine.cards import LessonCard
from marquoir.games.kanagawa.engine.painting import Brushes
from marquoir.games.kanagawa.table import Rules
from marquoir.games.kanagawa.vocabulary import BRUSH_PAWNS, EXPANSION_FAMILIES, STORM_TOKENS

# ----------------------------------------------------------------------------------------------- actions


@dataclass(frozen=True, slots=True)
class Wait:
    """Broaden your knowledge: stay at school for another row (Kanagawa rules, step 2)."""


@dataclass(frozen=True, slots=True)
class TakeColumn:
    """Put it into practice: take every card of a column of the School board (``column`` counts the columns
    still on the board from the left) and leave school (Kanagawa rules, step 2)."""

    column: int


@dataclass(frozen=True, slots=True)
class ToStudio:
    """Improve your Studio with a card in hand; its effects apply at once (Kanagawa rules, "Improve your Studio")."""

    card: int


@dataclass(frozen=True, slots=True)
class Paint:
    """Expand your Print with a card in hand, painted by the brushes standing on Studio icons ``icons``."""

    card: int
    icons: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class PlaceBrush:
    """Place a brush not yet placed on the empty landscape icon ``icon`` (Kanagawa rules, "Place a Brush")."""

    icon: int


@dataclass(frozen=True, slots=True)
class MoveBrush:
    """Move the brush on icon ``source`` to the empty icon ``target`` with one arrow (Kanagawa rules, "Move a
    brush")."""

    source: int
    target: int


@dataclass(frozen=True, slots=True)
class EndTurn:
    """Finish your work: the cards still in hand are kept, one per keep icon (Kanagawa rules, "Continue your work")."""


@dataclass(frozen=True, slots=True)
class TakeDiploma:
    """Take a Diploma that has just been met (Kanagawa rules, "Take the corresponding diploma(s)")."""

    diploma: str


@dataclass(frozen=True, slots=True)
class LeaveDiploma:
    """Leave a Diploma that has just been met: it is gone for this player (Kanagawa rules, "Leave a diploma")."""

    diploma: str


@dataclass(frozen=True, slots=True)
class TakeYokaiFrom:
    """Arrival of a Yokai with the reserve empty: take one from ``player`` (Yokai rules, "Arrival of a New Yokai")."""

    player: int


@dataclass(frozen=True, slots=True)
class GiveYokai:
    """Give one of your Yokai to the opponent ``player`` (Yokai rules, "Movement of a Yokai"; give-yokai Diplomas)."""

    player: int


Action = (
    Wait
    | TakeColumn
    | ToStudio
    | Paint
    | PlaceBrush
    | MoveBrush
    | EndTurn
    | TakeDiploma
    | LeaveDiploma
    | TakeYokaiFrom
    | GiveYokai
)

# ----------------------------------------------------------------------------------------------- state


@dataclass(frozen=True, slots=True)
class Column:
    """A column of the School board: its ``space`` (1 = leftmost of the board) and its cards, top row first."""

    space: int
    cards: tuple[int, ...] = ()


@dataclass(frozen=True, slots=True)
class Choice:
    """A choice a player owes before play goes on: ``yokai-from`` (whom to take a Yokai from) or ``yokai-give``."""

    player: int
    kind: str
    options: tuple[int, ...]


class PlayerState(NamedTuple):
    """One player: Starting tile, Print and Studio (card indices in order), the hand (cards taken and not yet
    placed, or kept), brushes, Diplomas taken and left, Storm and Yokai tokens, and whether still at school."""

    start: str
    print: tuple[int, ...] = ()
    studio: tuple[int, ...] = ()
    hand: tuple[int, ...] = ()
    brushes: Brushes = Brushes()
    diplomas: tuple[str, ...] = ()
    left: frozenset[str] = frozenset()
    storms: int = 0
    yokai: int = 0
    had_three_yokai: bool = False
    at_school: bool = True
    #: Kept up to date as the Studio grows (derived from the Starting tile and the Studio, for speed):
    #: the landscape icons in Studio order, the arrows, the keep icons.
    icons: tuple[str, ...] = ()
    arrows: int = 1
    keeps: int = 0


class GameState(NamedTuple):
    """A whole game at one moment. Every field is a value; :func:`~marquoir.games.kanagawa.engine.rules.apply`
    makes the next. (A named tuple: immutable, and ``_replace`` makes the next state quickly.)"""

    cards: tuple[LessonCard, ...]
    families: tuple[str, ...]
    rules: Rules
    names: tuple[str, ...]
    players: tuple[PlayerState, ...]
    draw: tuple[int, ...]
    columns: tuple[Column, ...] = ()
    rows: int = 0
    round: int = 1
    grand_master: int = 0
    assistant: int = 0
    to_decide: tuple[int, ...] = ()
    alone_at_start: bool = False
    worker: int | None = None
    choices: tuple[Choice, ...] = ()
    offer: tuple[int, tuple[str, ...]] | None = None
    unsettled: tuple[tuple[int, frozenset[str]], ...] = ()
    diplomas_free: frozenset[str] = frozenset()
    brush_reserve: int = BRUSH_PAWNS
    storm_reserve: int = STORM_TOKENS
    yokai_reserve: int = 0
    deck_out: bool = False
    over: bool = False
    end_reason: str = ""

    @property
    def is_yokai(self) -> bool:
        return any(f in EXPANSION_FAMILIES for f in self.families)

    @property
    def actor(self) -> int | None:
        """The player who acts next: an owed choice first, then a Diploma offer, the working player, the next
        player at school; ``None`` once the game is over."""
        if self.over:
            return None
        if self.choices:
            return self.choices[0].player
        if self.offer is not None:
            return self.offer[0]
        if self.worker is not None:
            return self.worker
        return self.to_decide[0] if self.to_decide else None

    def card(self, index: int) -> LessonCard:
        return self.cards[index]

    def __repr__(self) -> str:
        shown = ", ".join(f"{name}={getattr(self, name)!r}" for name in self._fields if name != "cards")
        return f"GameState({shown})"


# ----------------------------------------------------------------------------------------------- School board


@cache
def school_faces() -> dict[tuple[int, int, int], bool]:
    """``(players, row, space) → face down?`` from ``data/school.csv`` (the Kanagawa rules give the 4-player first
    row; the rest is an assumption: it changes what players see, never what is legal)."""
    text = resources.files("marquoir.games.kanagawa").joinpath("data", "school.csv").read_text(encoding="utf-8")
    return {
        (int(row["players"]), int(row["row"]), int(row["space"])): row["face"] == "down"
        for row in csv.DictReader(io.StringIO(text))
    }


def face_down(players: int, row: int, space: int) -> bool:
    """Whether the card laid on ``space`` of ``row`` goes face down with ``players`` players."""
    return school_faces().get((players, row, space), False)
