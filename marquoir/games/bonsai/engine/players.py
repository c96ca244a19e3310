"""Engine players of Bonsai: a random one and a greedy one, both choosing only among what the rules allow
(:mod:`.rules`: the same placement rules, allowance, capacity and market), and :func:`play` to run a game.

The random player picks uniformly among its options (it flips the pot on its first turn half the time, claims a
goal met four times out of five, and, as the ``pruner``, removes a leaf a third of the times it is stuck); the
greedy one grows what scores at once (a fruit 7, a leaf 3, a flower by its free sides: « Fin de la partie ») and
takes the card and slot that bring the most.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import Protocol

from marquoir.games.bonsai.catalogue import Goal
from marquoir.games.bonsai.engine.rules import (
    ANY,
    apply,
    capacity,
    claim_largest,
    fits_allowance,
    fits_helper,
    may_flip,
    removable,
    slot_tiles,
)
from marquoir.games.bonsai.engine.state import Action, Card, Cultivate, GameState, Meditate, Placement, PlayerState
from marquoir.games.bonsai.geometry import Cell, neighbours
from marquoir.games.bonsai.placement import can_place, open_cells, removal
from marquoir.games.bonsai.vocabulary import FLOWER, FRUIT, FRUIT_POINTS, LEAF, LEAF_POINTS, TILE_KINDS, WOOD


class Player(Protocol):
    """What the game asks a player: the action of its turn and which goals met to claim."""

    def action(self, state: GameState, rng: random.Random) -> Action: ...

    def claim(self, player: PlayerState, pending: Sequence[Goal]) -> list[str]: ...


def _value(kind_at: dict[Cell, str], at: Cell, kind: str) -> float:
    """What a tile on ``at`` scores at once (« Fin de la partie »), wood a little for the room it makes."""
    if kind == FRUIT:
        return FRUIT_POINTS
    if kind == LEAF:
        return LEAF_POINTS
    if kind == FLOWER:
        return sum(1 for n in neighbours(at) if n not in kind_at) - sum(
            1 for n in neighbours(at) if kind_at.get(n) == FLOWER
        )
    return 0.5


def plan_placements(
    player: PlayerState,
    supply: dict[str, int],
    kinds_allowed: object,
    rng: random.Random,
    greedy: bool,
    most: int = 16,
) -> list[Placement]:
    """Tiles to place one after the other from ``supply`` on a scratch copy of the tree: each kind that still
    fits (``kinds_allowed(kinds so far + [kind])``), on a cell the placement rules allow; chosen at random, or the
    one scoring most at once."""
    kind_at = dict(player.kind_at)
    supply = dict(supply)
    chosen: list[Placement] = []
    kinds: list[str] = []
    fits = kinds_allowed  # a callable; typed loosely to share between Cultivate and Helper
    while len(chosen) < most:
        options: list[Placement] = []
        cells = open_cells(kind_at, player.flipped)
        for kind in TILE_KINDS:
            if supply[kind] > 0 and fits([*kinds, kind]):  # type: ignore[operator]
                options.extend((c, kind) for c in cells if can_place(kind_at, c, kind, player.flipped))
        if not options:
            break
        if greedy:
            best = max(_value(kind_at, at, kind) for at, kind in options)
            options = [o for o in options if _value(kind_at, o[0], o[1]) == best]
        at, kind = rng.choice(options)
        chosen.append((at, kind))
        kinds.append(kind)
        kind_at[at] = kind
        supply[kind] -= 1
    return chosen


def _meditation(state: GameState, player: PlayerState, slot: int, rng: random.Random, greedy: bool) -> Meditate:
    card = state.market[slot]
    assert card is not None
    choice = rng.choice((WOOD, LEAF)) if slot == 1 else None
    gained = list(slot_tiles(slot, choice))
    master_kind = None
    if card.kind == "master":
        for kind in card.gives.split("+"):
            if kind == ANY:
                master_kind = FRUIT if greedy else rng.choice(TILE_KINDS)
                kind = master_kind
            gained.append(kind)
    supply = dict(player.supply)
    for kind in gained:
        supply[kind] += 1
    helper: list[Placement] = []
    if card.kind == "helper":
        face = card.gives
        helper = plan_placements(player, supply, lambda ks: fits_helper(face, ks), rng, greedy, 2)
        for _, kind in helper:
            supply[kind] -= 1
    room = capacity(player) + (2 if card.kind == "tool" else 0)
    pool = [k for k in TILE_KINDS for _ in range(supply[k])]
    excess = max(0, len(pool) - room)
    if greedy:
        pool.sort(key=lambda k: (k == FRUIT, k == LEAF))  # give up wood and flowers first
        discards = pool[:excess]
    else:
        discards = rng.sample(pool, excess)
    return Meditate(slot, choice, master_kind, tuple(helper), tuple(discards))


def _card_value(card: Card, slot: int) -> float:
    worth = {"parchment": 4.0, "growth": 3.0, "helper": 3.0, "tool": 1.0}.get(card.kind, 0.0)
    if card.kind == "master":
        worth = 2.0 * len(card.gives.split("+"))
    return worth + (0, 1, 2, 3.5)[slot]


class RandomPlayer:
    """Chooses uniformly among what the rules allow; removes a leaf when stuck only when ``prune`` (decision 14)."""

    def __init__(self, prune: bool = False) -> None:
        self.prune = prune

    def action(self, state: GameState, rng: random.Random) -> Action:
        player = state.players[state.current]
        flip = may_flip(player) and rng.random() < 0.5
        leaves = removable(player) if self.prune else []
        remove = rng.choice(leaves) if leaves and rng.random() < 0.34 else None
        base = player
        if flip or remove is not None:
            base = player.copy()  # the tree as the pre-steps leave it (play fact 11)
            if flip:
                base.flipped = not base.flipped
                base.kind_at = {base.trunk: WOOD}
            if remove is not None:
                for cell in removal(base.kind_at, remove):
                    del base.kind_at[cell]
        plan = plan_placements(base, base.supply, lambda ks: fits_allowance(player, ks), rng, greedy=False)
        slots = [i for i, card in enumerate(state.market) if card is not None]
        if slots and (not plan or rng.random() < 0.5):
            return _with(_meditation(state, base, rng.choice(slots), rng, False), flip, remove)
        return Cultivate(tuple(plan), flip, remove)

    def claim(self, player: PlayerState, pending: Sequence[Goal]) -> list[str]:
        chosen = claim_largest(player, pending)  # four times out of five, decided by the tree's size (repeatable)
        return [g for g in chosen if (len(player.placed) + sum(map(ord, g))) % 5 != 0]


class GreedyPlayer:
    """Grows what scores most at once; meditates when it can place fewer than two tiles."""

    def action(self, state: GameState, rng: random.Random) -> Action:
        player = state.players[state.current]
        plan = plan_placements(player, player.supply, lambda ks: fits_allowance(player, ks), rng, greedy=True)
        slots = [i for i, card in enumerate(state.market) if card is not None]
        if slots and len(plan) < 2:
            best = max(slots, key=lambda s: (_card_value(state.market[s], s), rng.random()))  # type: ignore[arg-type]
            return _meditation(state, player, best, rng, True)
        return Cultivate(tuple(plan))

    def claim(self, player: PlayerState, pending: Sequence[Goal]) -> list[str]:
        return claim_largest(player, pending)


def _with(action: Meditate, flip: bool, remove: Cell | None) -> Meditate:
    return Meditate(action.slot, action.choice, action.master_kind, action.helper, action.discards, flip, remove)


def _pruner() -> RandomPlayer:
    return RandomPlayer(prune=True)


#: The engine players by name: ``pruner`` is the random player that also removes leaves when stuck.
PLAYER_KINDS: dict[str, Callable[[], Player]] = {"random": RandomPlayer, "greedy": GreedyPlayer, "pruner": _pruner}


def play(state: GameState, seats: Sequence[Player], rng: random.Random) -> GameState:
    """Play ``state`` to its end with one player per seat; the state is changed in place and returned."""
    while not state.over:
        seat = seats[state.current]
        apply(state, seat.action(state, rng), seat.claim)
    return state


