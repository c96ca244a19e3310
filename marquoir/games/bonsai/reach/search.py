"""The search for a Bonsai witness around the plan (:mod:`.witness`): the plan's game played turn by turn with the
engine's rules, and, when it does not end with the table, the turns on the way played another way (``data/SOURCES.md``,
decision 19; ``bonsai-play.md`` facts cited). A game found is replayed from the real deck's order and kept only if it
ends with the table: a witness is never a guess.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, replace

from marquoir.core import clock
from marquoir.errors import RuleError
from marquoir.games.bonsai.catalogue import Catalogue
from marquoir.games.bonsai.engine.rules import (
    allowance,
    apply,
    capacity,
    deck_cards,
    final_table,
    may_flip,
    new_game,
)
from marquoir.games.bonsai.engine.state import Action, Card, Cultivate, GameState, PlayerState
from marquoir.games.bonsai.reach.plans import make_plans
from marquoir.games.bonsai.reach.witness import (
    HIDDEN,
    NoWitness,
    Plan,
    claimer,
    final_helper,
    grow_now,
    meditation,
    next_take,
)
from marquoir.games.bonsai.table import DetailedPlayer, Table
from marquoir.games.bonsai.vocabulary import WOOD

#: Turns the search may play in all, per attempt (each a copy of the game and one turn of the engine's rules).
SEARCH_TURNS = 6000


class _OutOfTurns(Exception):
    """The search has played all the turns it may."""


class OutOfTurns(NoWitness):
    """The search stopped at its turns or its deadline before it had tried every game it may (more turns may
    still find one)."""


@dataclass
class _Node:
    """Where the search stands: the game being built, the plans (their cards still to take), the hidden cards made
    real so far (``deck``), the actions played, and the turns in a row that placed nothing."""

    state: GameState
    plans: list[Plan]
    deck: dict[int, Card]
    actions: list[Action]
    idle: int = 0

    def copy(self) -> _Node:
        plans = [replace(plan, main=list(plan.main)) for plan in self.plans]
        return _Node(self.state.copy(), plans, dict(self.deck), list(self.actions), self.idle)


def _waits_for_nothing(plan: Plan, player: PlayerState) -> bool:
    """Whether a player needs no turn before the end: its bonsai is complete, or what is left is at most the two
    tiles the Helper it keeps for the final round places (play fact 15), which its own slot can bring."""
    left = sum(plan.remaining(player).values())
    helper = plan.final is not None and plan.final.card.kind == "helper"
    return left == 0 or (helper and left <= 2)


def _turn(node: _Node, trigger: int, variant: int) -> Action:
    """The current player's action by the plan (``variant`` 0: the module says how), or one of its alternatives:
    1 the other action (a Meditate instead of a Cultivate, or the Cultivate the plan put off), 2 and 3 the second
    and third best card to take instead of the best. :class:`NoWitness` when the variant has no such action."""
    state, plans, deck = node.state, node.plans, node.deck
    names = state.players
    seat = state.current
    plan, player = plans[seat], state.players[seat]
    flip = plan.flipped != player.flipped and may_flip(player)
    if flip:
        player = player.copy()
        player.flipped = plan.flipped
        player.kind_at = {player.trunk: WOOD}
    solo = len(names) == 1
    if state.final_turns is not None:
        if solo and plan.main:  # solo: the last turn takes the last card (play fact 49)
            if variant == 1:
                raise NoWitness("the last turn takes the last card")
            take, made = next_take(state, plan, player, max(0, variant - 1))
            return meditation(state, plan, take, deck, flip, player, made)
        if variant:
            raise NoWitness("the final round's turn has no alternative")
        if plan.final is not None:
            if plan.final.card.kind == "helper":
                take, made = final_helper(state, plans, seat, player, deck)
                action = meditation(state, plan, take, deck, flip, player, made)
            else:
                action = meditation(state, plan, plan.final, deck, flip, player)
            plan.final = None
            return action
        return Cultivate(tuple(grow_now(plan, player)), flip)
    placements = grow_now(plan, player)
    others_done = all(not p.main and _waits_for_nothing(p, state.players[i]) for i, p in enumerate(plans) if i != seat)
    trigger_ok = seat != trigger or len(plan.main) > 1 or others_done
    # Solo: each Meditate uses two cards of the pile and the game ends one turn after it runs out (play facts 49
    # and 52), so the cards still to take leave no turn to spare once they need every turn left.
    solo_forced = solo and bool(plan.main) and len(plan.main) >= (len(state.pile) + 1) // 2 + 1
    put_off = False
    if solo and placements and plan.main and not solo_forced:
        # Solo turns are few (play fact 49): cultivate only with a full allowance, or when the next cards could
        # not all be kept.
        by_kind, extra = allowance(player)
        # The Cultivates of a solo game are as many whatever their order (play fact 49: the pile's cards less two
        # for each card to take), so one made before the Growth cards still planned are held (play fact 23) may
        # waste their tiles: with ``await_growth``, a full allowance counts them and crowding does not hurry.
        coming = sum(1 for t in plan.main if t.card.kind == "growth") if plan.await_growth else 0
        most = min(sum(by_kind.values()) + extra + coming, sum(plan.remaining(player).values()))
        full = len(placements) >= most
        crowded = player.supply_size() + plan.crowd > capacity(player) and len(placements) >= plan.least
        put_off = not (full or (crowded and not coming))
    cultivate = bool(placements) and not solo_forced and not put_off
    meditate = bool(plan.main) and trigger_ok
    if variant == 1:
        if cultivate and meditate:
            cultivate = False
        elif placements and not cultivate:
            cultivate = True
        else:
            raise NoWitness("the turn has no other action")
    elif variant >= 2 and (cultivate or not meditate):
        raise NoWitness("the turn takes no card")
    if cultivate:
        return Cultivate(tuple(placements), flip)
    if meditate:
        take, made = next_take(state, plan, player, max(0, variant - 1))
        return meditation(state, plan, take, deck, flip, player, made)
    return Cultivate((), flip)


def _hopeless(state: GameState, plans: Sequence[Plan]) -> bool:
    """Whether a solo game can no longer grow its bonsai: the tiles still to place need more Cultivate turns than
    the pile leaves (play fact 49: a Cultivate uses one card of the pile, a Meditate two, and one turn follows the
    last; at most 31 − 2h Cultivates with h cards still to take), each within the Seishi's allowance and the Growth
    cards held or still to take (play fact 23), with two tiles for each Helper still to take (play fact 15)."""
    if len(state.players) != 1:
        return False
    plan, player = plans[0], state.players[0]
    cards = len(plan.main)
    if state.final_turns is not None:
        turns = 0 if cards else 1
        if cards > 1:
            return True
    else:
        turns = max(0, len(state.pile) + 1 - 2 * max(0, cards - 1) + (1 if cards else 0))
    left = plan.remaining(player)
    by_kind, extra = allowance(player)
    for take in plan.main:
        if take.card.kind == "growth":
            by_kind[take.card.gives] += 1
    helpers = 2 * sum(1 for take in plan.main if take.card.kind == "helper")
    beyond = sum(max(0, n - turns * by_kind[k]) for k, n in left.items())
    return beyond > turns * extra + helpers


def build(
    table: Table,
    cat: Catalogue,
    seed: int = 0,
    slack: int = 0,
    deadline: float | None = None,
    turns: int = SEARCH_TURNS,
) -> GameState:
    """A finished game that ends with ``table``, its log the witness; :class:`NoWitness` when the search fails.

    The search plays the plan (:func:`_turn`'s variant 0) and, with ``slack`` > 0, departs from it at most
    ``slack`` times in a game (a limited discrepancy search: the other action or another card, tried in that order
    once the plan's own choice has failed), dropping a solo game as soon as its turns cannot place what is left
    (:func:`_hopeless`), within ``turns`` turns (:data:`SEARCH_TURNS` by default) and the ``deadline``
    (on :mod:`marquoir.core.clock`); :class:`OutOfTurns` when either stops it."""
    rng = random.Random(seed)
    plans, trigger = make_plans(table, cat, rng, seed)
    names = [p.name for p in table.players]
    size = cat.deck_size(len(names))
    hidden = [Card(HIDDEN, str(i)) for i in range(size)]
    state = new_game(names, rng, colours=table.goals, pile=hidden)
    budget = [turns]

    def step(node: _Node, variant: int) -> bool:
        """Play one turn of ``node`` in place; whether it was a move the rules allow that leaves hope."""
        budget[0] -= 1
        if budget[0] < 0 or (deadline is not None and clock.now() > deadline):
            raise _OutOfTurns
        plan = node.plans[node.state.current]
        try:
            action = _turn(node, trigger, variant)
            apply(node.state, action, claimer(plan.goals))
        except (NoWitness, RuleError):
            return False
        node.actions.append(action)
        node.idle = node.idle + 1 if isinstance(action, Cultivate) and not action.placements else 0
        if node.idle > 4 * len(names) + 2 and len(names) > 1:
            return False  # the plan is stuck
        return not _hopeless(node.state, node.plans)

    def search(node: _Node, slack: int) -> GameState | None:
        """The plan played to its end from ``node``; when it fails, each turn on the way, the latest first, played
        another way and searched again with one departure fewer."""
        passed: list[_Node] = []
        while not node.state.over:
            if slack:
                passed.append(node.copy())
            if not step(node, 0):
                break
        else:
            try:
                return _replay(table, cat, names, node.state, node.deck, node.actions, node.plans)
            except NoWitness:
                pass
        for before in reversed(passed):
            for variant in (1, 2, 3):
                other = before.copy()
                if step(other, variant):
                    found = search(other, slack - 1)
                    if found is not None:
                        return found
        return None

    try:
        found = search(_Node(state, plans, {}, []), slack)
    except _OutOfTurns:
        raise OutOfTurns("the search ran out of turns") from None
    if found is None:
        raise NoWitness("no game found")
    return found


def _replay(
    table: Table,
    cat: Catalogue,
    names: list[str],
    played: GameState,
    deck: dict[int, Card],
    actions: list[Action],
    plans: list[Plan],
) -> GameState:
    """The same game again from the real deck's order (the hidden cards never taken being the deck's others), kept
    only if it ends with the table."""
    pool = Counter(deck_cards(len(names), cat))
    pool.subtract(deck.values())
    if any(n < 0 for n in pool.values()):
        raise NoWitness("more cards than the deck holds")
    rest = sorted(pool.elements())
    size = cat.deck_size(len(names))
    pile = [deck[i] if i in deck else rest.pop() for i in range(size)]
    state = new_game(names, random.Random(0), colours=table.goals, pile=pile)
    try:
        for action, record in zip(actions, played.log, strict=True):
            apply(state, action, claimer(set(record.claimed)))
    except RuleError as error:
        raise NoWitness(str(error)) from None
    if not state.over or not _same(final_table(state), table):
        raise NoWitness("the game does not end with the table")
    return state


def _same(built: Table, table: Table) -> bool:
    """Whether the game's end is the table: each bonsai tile for tile, the pot's side, the goals, and the cards
    (all of them when the list is complete; those listed at least, otherwise: decision 15)."""
    for mine, want in zip(built.players, table.players, strict=True):
        assert isinstance(mine, DetailedPlayer) and isinstance(want, DetailedPlayer)
        if mine.flipped != want.flipped or set(mine.tiles) != set(want.tiles) or len(mine.tiles) != len(want.tiles):
            return False
        if set(mine.goals) != set(want.goals):
            return False
        a, b = mine.cards, want.cards
        counts = [
            (Counter(a.growth), Counter(b.growth)),
            (Counter(a.parchments), Counter(b.parchments)),
            (Counter(t=a.tool, m=a.master, h=a.helper), Counter(t=b.tool, m=b.master, h=b.helper)),
        ]
        for got, listed in counts:
            if (b.complete and got != listed) or (not b.complete and listed - got):
                return False
    return True
