"""Players for the engine: a random player, a simple greedy one, random players leaning towards the Studio, the Print
or keeping cards, and a loop that plays a game to its end.

A player is any object with ``choose(state, actions, rng) -> action``; it is handed the legal actions of the
state, so it can never break a rule. The greedy player looks only at what the School board shows face up
(``data/school.csv``): a face-down card is judged by its back.
"""

from __future__ import annotations

import random
from bisect import bisect
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import lru_cache
from itertools import accumulate
from typing import Protocol

import marquoir.games.kanagawa.engine.painting as painting
from marquoir.games.kanagawa.catalogue import catalogue
from marquoir.games.kanagawa.engine.rules import apply, icons_of, legal_actions, must_take
from marquoir.games.kanagawa.engine.state import (
    Action,
    EndTurn,
    GameState,
    GiveYokai,
    LeaveDiploma,
    MoveBrush,
    Paint,
    PlaceBrush,
    TakeColumn,
    TakeDiploma,
    TakeYokaiFrom,
    ToStudio,
    Wait,
    face_down,
)


class Player(Protocol):
    name: str

    def choose(self, state: GameState, actions: Sequence[Action], rng: random.Random) -> Action: ...


#: How much more often the random player picks each kind of action, so that its games go somewhere: it paints and
#: builds its Studio more often than it shuffles brushes. Any legal action can be picked.
_KIND_WEIGHTS: dict[type, int] = {
    Paint: 6,
    ToStudio: 3,
    PlaceBrush: 2,
    MoveBrush: 1,
    EndTurn: 1,
    TakeColumn: 2,
    Wait: 1,
    TakeDiploma: 3,
    LeaveDiploma: 1,
    TakeYokaiFrom: 1,
    GiveYokai: 1,
}


@lru_cache(maxsize=256)
def _cumulative_weights(kinds: tuple[type, ...]) -> list[int]:
    return list(accumulate(_KIND_WEIGHTS.get(kind, 1) for kind in kinds))


@dataclass
class RandomPlayer:
    """Picks a kind of action at random (weighted by kind), then one action of that kind uniformly."""

    name: str = "random"

    def choose(self, state: GameState, actions: Sequence[Action], rng: random.Random) -> Action:
        options = tuple(dict.fromkeys(map(type, actions)))  # the kinds present, in order of first appearance
        # A kind drawn with the weights, as ``rng.choices(options, weights)`` draws it (the same single draw).
        cumulative = _cumulative_weights(options)
        chosen = options[bisect(cumulative, rng.random() * cumulative[-1], 0, len(options) - 1)]
        return rng.choice([action for action in actions if type(action) is chosen])


def _paintable(state: GameState, seat: int, card: int) -> bool:
    """Whether the player's Studio now has enough icons serving the card's landscape, and enough brushes."""
    need = state.cards[card].print.paint
    if need is None:
        return False
    icons = icons_of(state, seat)
    serving = sum(1 for icon in icons if painting.serves(icon, need.landscape))
    return serving >= need.brushes and state.players[seat].brushes.owned >= need.brushes


@dataclass
class GreedyPlayer:
    """A simple greedy player: takes the best Diploma on offer, paints whatever it can (the most Harmony first),
    places or moves a brush when that lets it paint, puts the rest in its Studio, and at school takes the column
    that looks best, or waits while the board is thin."""

    name: str = "greedy"

    def choose(self, state: GameState, actions: Sequence[Action], rng: random.Random) -> Action:
        seat = state.actor
        assert seat is not None
        cat = catalogue()
        takes = [a for a in actions if isinstance(a, TakeDiploma)]
        if takes:
            return max(takes, key=lambda a: cat.diplomas[a.diploma].harmony)
        if state.offer is not None or state.choices:
            return actions[0]
        if state.worker is not None:
            return self._work(state, seat, actions)
        return self._school(state, seat, actions)

    def _work(self, state: GameState, seat: int, actions: Sequence[Action]) -> Action:
        paints = [a for a in actions if isinstance(a, Paint)]
        if paints:
            return max(paints, key=lambda a: (state.cards[a.card].print.harmony, -len(a.icons)))
        hand = state.players[seat].hand
        for action in actions:
            if isinstance(action, PlaceBrush | MoveBrush):
                after = apply(state, action)
                brushes = after.players[seat].brushes
                icons = icons_of(after, seat)
                if any(
                    (need := state.cards[c].print.paint) and painting.paint_choices(brushes, icons, need)
                    for c in hand
                ):
                    return action
        studio = [a for a in actions if isinstance(a, ToStudio)]
        if studio:
            def value(a: ToStudio) -> int:
                half = state.cards[a.card].studio
                return 2 * (half.icon is not None) + (half.landscape is not None) + half.harmony
            return max(studio, key=value)
        return next((a for a in actions if isinstance(a, EndTurn)), actions[0])

    def _school(self, state: GameState, seat: int, actions: Sequence[Action]) -> Action:
        n = len(state.players)

        def column_value(index: int) -> int:
            column = state.columns[index]
            total = 0
            for row, card in enumerate(column.cards, start=1):
                if face_down(n, row, column.space):
                    total += 1
                else:
                    total += 3 + state.cards[card].print.harmony if _paintable(state, seat, card) else 1
            return total

        columns = [a for a in actions if isinstance(a, TakeColumn)]
        best = max(columns, key=lambda a: column_value(a.column))
        if must_take(state) or column_value(best.column) >= 5 or not any(isinstance(a, Wait) for a in actions):
            return best
        return Wait()


@dataclass
class LeaningPlayer:
    """A random player that leans one way: ``weights`` replace some of the random player's weights by kind of action
    (a Studio-heavy player lays cards in its Studio far more often than it paints, a Print-heavy one the reverse),
    and with ``keeps`` it lays keep-icon cards in its Studio whenever it can and ends its work early, so cards stay
    in hand. Every action it picks is legal: only how often each kind comes up changes."""

    name: str
    weights: dict[type, int]
    keeps: bool = False

    def choose(self, state: GameState, actions: Sequence[Action], rng: random.Random) -> Action:
        if self.keeps:
            keep = [a for a in actions if isinstance(a, ToStudio) and state.cards[a.card].studio.icon == "keep"]
            if keep:
                return rng.choice(keep)
        options = tuple(dict.fromkeys(map(type, actions)))
        weights = [self.weights.get(kind, _KIND_WEIGHTS.get(kind, 1)) for kind in options]
        chosen = rng.choices(options, weights)[0]
        return rng.choice([action for action in actions if type(action) is chosen])


def studio_heavy() -> LeaningPlayer:
    return LeaningPlayer("studio", {ToStudio: 12, Paint: 2, PlaceBrush: 1})


def print_heavy() -> LeaningPlayer:
    return LeaningPlayer("print", {Paint: 20, ToStudio: 2, PlaceBrush: 4, MoveBrush: 3, TakeDiploma: 6})


def keep_heavy() -> LeaningPlayer:
    return LeaningPlayer("keep", {EndTurn: 4, Paint: 4, ToStudio: 2}, keeps=True)


PLAYER_KINDS: dict[str, Callable[[], Player]] = {
    "random": RandomPlayer,
    "greedy": GreedyPlayer,
    "studio": studio_heavy,
    "print": print_heavy,
    "keep": keep_heavy,
}


def play(
    state: GameState,
    players: Sequence[Player],
    rng: random.Random,
    observe: Callable[[GameState, Action, GameState], None] | None = None,
    max_steps: int = 20_000,
) -> GameState:
    """Play ``state`` to the end, each seat's player choosing among the legal actions; ``observe`` sees every step."""
    for _ in range(max_steps):
        if state.over:
            return state
        actor = state.actor
        assert actor is not None
        actions = legal_actions(state)
        action = players[actor].choose(state, actions, rng)
        after = apply(state, action)
        if observe is not None:
            observe(state, action, after)
        state = after
    raise RuntimeError(f"the game did not end within {max_steps} steps")


__all__ = ["PLAYER_KINDS", "GreedyPlayer", "LeaningPlayer", "Player", "RandomPlayer", "play"]
