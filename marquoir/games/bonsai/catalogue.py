"""Bonsai's fixed facts: the 15 goal tiles, the deck by player count and the rules of play's numbers, read once
from the package data (``data/goals.csv``, ``data/cards.csv``, ``data/play.csv``; provenance in ``data/SOURCES.md``,
"Files", and for the rules of play ``shared/reference/bonsai-play.md`` as each row of ``play.csv`` cites it).
"""

from __future__ import annotations

import csv
import io
from collections.abc import Mapping
from dataclasses import dataclass
from functools import cache
from importlib import resources

from marquoir.games.bonsai.vocabulary import GOAL_COLOURS, GOAL_SIZES, MAX_PLAYERS, MEDIUM_GOALS_FROM, PARCHMENTS


@dataclass(frozen=True, slots=True)
class Goal:
    """A goal tile: its colour and size, the figure it asks for (``threshold``) and its points.

    ``name`` is how players say it, e.g. "small brown goal (8 wood tiles; the trunk counts)" (translated where
    shown); ``requirement`` is the data's plain description of the figure."""

    id: str
    colour: str
    size: str
    requirement: str
    threshold: int
    points: int
    name: str


@dataclass(frozen=True, slots=True)
class DeckRow:
    """One row of ``data/cards.csv``: how many cards of ``kind`` showing ``gives`` the deck holds for 1 to 4
    players (``counts[0]`` is the solo deck); ``points`` is what a Parchment gives per thing it counts."""

    kind: str
    gives: str
    points: int
    counts: tuple[int, int, int, int]
    note: str


@dataclass(frozen=True, slots=True)
class PlayRules:
    """The numbers of the rules of play (``data/play.csv``, each row citing ``bonsai-play.md``): the tiles each seat
    starts with (``start[0]`` the first player's, ``solo_start`` the solo player's), the tiles of each market slot
    (slot 0 is the pile's side; slot 1 gives one of its two kinds), the reserve's capacity, and the Seishi's
    Cultivate allowance (``wood``, ``leaf`` and one ``any``)."""

    start: tuple[tuple[str, ...], ...]
    solo_start: tuple[str, ...]
    market: int
    slots: tuple[tuple[str, ...], ...]
    slot_choice: tuple[bool, ...]
    capacity: int
    capacity_per_tool: int
    allowance: tuple[str, ...]
    growth_allowance: int
    solo_most_cards: int

    def start_tiles(self, seat: int, players: int) -> tuple[str, ...]:
        """The tiles in the supply of the player at ``seat`` (0 = first) at the start (fact 4)."""
        return self.solo_start if players == 1 else self.start[seat]


@dataclass(frozen=True, eq=False)
class Catalogue:
    """Every fixed fact of Bonsai, loaded once by :func:`catalogue` and passed around as a value."""

    goals: Mapping[str, Goal]
    deck: tuple[DeckRow, ...]
    play: PlayRules

    def deck_size(self, players: int) -> int:
        """Cards in the deck for ``players`` (bonsai-play.md fact 6: 32 solo and with 2, 43 with 3, 47 with 4)."""
        return sum(self.deck_count(kind, players) for kind in ("tool", "growth", "master", "helper", "parchment"))

    def goals_in_play(self, colours: tuple[str, ...], players: int) -> tuple[Goal, ...]:
        """The goal tiles of a game: those of the colours drawn, without the medium ones with 1 or 2 players
        (official rules; ``data/SOURCES.md``, decision 6)."""
        return tuple(
            g
            for g in self.goals.values()
            if g.colour in colours and (g.size != "medium" or players >= MEDIUM_GOALS_FROM)
        )

    def deck_count(self, kind: str, players: int, gives: str | None = None) -> int:
        """How many cards of ``kind`` (showing ``gives`` when given) the deck holds for ``players`` players; more
        than 4 players are measured against the 4-player deck (decision 12)."""
        column = min(max(players, 1), MAX_PLAYERS) - 1
        return sum(
            row.counts[column] for row in self.deck if row.kind == kind and (gives is None or row.gives == gives)
        )

    def parchment_points(self, counts: str) -> int:
        """What the Parchment that counts ``counts`` gives per thing counted (decision 5)."""
        for row in self.deck:
            if row.kind == "parchment" and row.gives == counts:
                return row.points
        raise KeyError(counts)


def _read_csv(name: str) -> list[dict[str, str]]:
    text = resources.files("marquoir.games.bonsai").joinpath("data", name).read_text(encoding="utf-8")
    return list(csv.DictReader(io.StringIO(text)))


def _goal(row: dict[str, str]) -> Goal:
    goal = Goal(
        row["id"],
        row["colour"],
        row["size"],
        row["requirement"],
        int(row["threshold"]),
        int(row["points"]),
        row["name"],
    )
    assert goal.colour in GOAL_COLOURS and goal.size in GOAL_SIZES, row
    return goal


def _deck_row(row: dict[str, str]) -> DeckRow:
    counts = (int(row["count_1p"]), int(row["count_2p"]), int(row["count_3p"]), int(row["count_4p"]))
    deck_row = DeckRow(row["kind"], row["gives"], int(row["points"] or 0), counts, row["note"])
    assert deck_row.kind != "parchment" or deck_row.gives in PARCHMENTS, row
    return deck_row


def _tiles(value: str) -> tuple[str, ...]:
    return tuple(value.replace("|", "+").split("+")) if value else ()


def _play(rows: list[dict[str, str]]) -> PlayRules:
    value = {row["key"]: row["value"] for row in rows}
    slots = tuple(value[f"slot.{i}"] for i in range(int(value["market.size"])))
    return PlayRules(
        start=tuple(_tiles(value[f"start.seat{i}"]) for i in range(1, MAX_PLAYERS + 1)),
        solo_start=_tiles(value["start.solo"]),
        market=int(value["market.size"]),
        slots=tuple(_tiles(s) for s in slots),
        slot_choice=tuple("|" in s for s in slots),
        capacity=int(value["capacity.base"]),
        capacity_per_tool=int(value["capacity.tool"]),
        allowance=_tiles(value["allowance.seishi"]),
        growth_allowance=int(value["allowance.growth"]),
        solo_most_cards=int(value["solo.cards.most"]),
    )


@cache
def catalogue() -> Catalogue:
    """The catalogue, read from the package data the first time and shared afterwards."""
    goals = {goal.id: goal for goal in map(_goal, _read_csv("goals.csv"))}
    return Catalogue(goals, tuple(map(_deck_row, _read_csv("cards.csv"))), _play(_read_csv("play.csv")))
