"""The rules of a turn of Bonsai: setup, what a player may do, doing it, the goals, the end, solo.

Cited as "play fact N" (``shared/reference/bonsai-play.md``) and "decision N" (``data/SOURCES.md``); the numbers come
from ``data/play.csv`` and ``data/cards.csv`` through :func:`~marquoir.games.bonsai.catalogue.catalogue`, the
placement rules from :mod:`~marquoir.games.bonsai.placement` (the legality pass asks there too), the goals from
:mod:`~marquoir.games.bonsai.goals`. :func:`apply` plays one turn in place, or raises
:class:`~marquoir.errors.RuleError` naming the rule broken (and then leaves the state unusable: copy first to try).
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable, Iterable, Sequence

from marquoir.errors import RuleError
from marquoir.games.bonsai.catalogue import Catalogue, Goal, catalogue
from marquoir.games.bonsai.engine.state import (
    Action,
    Card,
    Cultivate,
    GameState,
    Meditate,
    Placement,
    PlayerState,
    TurnRecord,
    fresh_player,
)
from marquoir.games.bonsai.geometry import Cell, neighbours
from marquoir.games.bonsai.goals import is_met
from marquoir.games.bonsai.placement import can_place, open_cells, removal, wood_blocked
from marquoir.games.bonsai.table import Cards, DetailedPlayer, Table, Tile
from marquoir.games.bonsai.tree import Tree
from marquoir.games.bonsai.vocabulary import GOAL_COLOURS, GOAL_COLOURS_IN_PLAY, LEAF, TILE_KINDS, WOOD

ANY = "any"

#: Decides the goals met at the end of an action: given the player and the goals to decide, the ids to claim (the
#: rest are renounced; play facts 34-37).
Claimer = Callable[[PlayerState, Sequence[Goal]], Iterable[str]]


def deck_cards(players: int, cat: Catalogue | None = None) -> list[Card]:
    """The deck for ``players`` (play fact 6; ``data/cards.csv``), in the catalogue's order."""
    cat = cat or catalogue()
    column = min(max(players, 1), 4) - 1
    cards: list[Card] = []
    for row in cat.deck:
        gives = "" if row.kind == "tool" else row.gives
        cards.extend(Card(row.kind, gives) for _ in range(row.counts[column]))
    return cards


def new_game(
    names: Sequence[str],
    rng: random.Random,
    colours: Sequence[str] | None = None,
    pile: Sequence[Card] | None = None,
) -> GameState:
    """A game set up for ``names`` in turn order (play facts 1-7): the starting tiles by seat, 3 goal colours drawn
    (``colours`` to choose them; ``()`` plays without goal tiles, 2-4 players only: decision 17), the deck cut to
    the number of players and shuffled (``pile`` to give its order, the top last), and 4 cards dealt to the market."""
    cat = catalogue()
    count = len(names)
    if not 1 <= count <= 4:
        raise RuleError("players", "Bonsai is played by 1 to 4")
    drawn = tuple(colours) if colours is not None else tuple(rng.sample(GOAL_COLOURS, GOAL_COLOURS_IN_PLAY))
    if count == 1 and not drawn:
        raise RuleError("goals", "a solo game always uses goal tiles")
    if pile is None:
        cards = deck_cards(count, cat)
        rng.shuffle(cards)
    else:
        cards = list(pile)
    players = []
    for seat, name in enumerate(names):
        player = fresh_player(name, seat)
        for kind in cat.play.start_tiles(seat, count):
            player.supply[kind] += 1
        players.append(player)
    market: list[Card | None] = [None] * cat.play.market
    goals = cat.goals_in_play(drawn, count)
    state = GameState(players, cards, market, goals, {g.id for g in goals}, drawn)
    _refill(state)
    return state


# ---------------------------------------------------------------- what a player may do


def capacity(player: PlayerState) -> int:
    """Tiles the supply may hold at the end of a turn: 5, and 2 more for each Tool held (play fact 18)."""
    play = catalogue().play
    return play.capacity + play.capacity_per_tool * player.tools


def allowance(player: PlayerState) -> tuple[dict[str, int], int]:
    """A Cultivate's allowance (play fact 23): tiles of each kind (the Seishi's wood and leaf, one for each Growth
    card held), and how many of any kind besides."""
    play = catalogue().play
    by_kind = dict.fromkeys(TILE_KINDS, 0)
    extra = 0
    for kind in play.allowance:
        if kind == ANY:
            extra += 1
        else:
            by_kind[kind] += 1
    for kind in player.growth:
        by_kind[kind] += play.growth_allowance
    return by_kind, extra


def fits_allowance(player: PlayerState, kinds: Iterable[str]) -> bool:
    """Whether tiles of these kinds fit one Cultivate: each uses its own kind's allowance first, then the "any"
    one, so they fit when what exceeds the kinds' allowances is within the "any" allowance (play fact 23)."""
    by_kind, extra = allowance(player)
    counted = Counter(kinds)
    return sum(max(0, n - by_kind[k]) for k, n in counted.items()) <= extra


def fits_helper(face: str, kinds: Sequence[str]) -> bool:
    """Whether a Helper showing ``face`` (``any+wood``) allows these placements: one tile of any kind and/or one of
    the kind shown (play fact 15)."""
    shown = face.split("+")[1]
    return len(kinds) <= 1 or (len(kinds) == 2 and shown in kinds)


def legal_cells(player: PlayerState, kind: str) -> list[Cell]:
    """The cells where a tile of ``kind`` may grow now (:func:`~marquoir.games.bonsai.placement.can_place`)."""
    kind_at, flipped = player.kind_at, player.flipped
    return [c for c in open_cells(kind_at, flipped) if can_place(kind_at, c, kind, flipped)]


def may_flip(player: PlayerState) -> bool:
    """Whether the pot may be flipped: only while the trunk is the only tile (play fact 2)."""
    return not player.placed


def removable(player: PlayerState) -> list[Cell]:
    """The leaves a removal may take now: every leaf, when no wood tile can be placed (decision 14); else none."""
    if not wood_blocked(player.kind_at, player.flipped):
        return []
    return [cell for cell, kind in player.kind_at.items() if kind == LEAF]


def slot_tiles(slot: int, choice: str | None) -> tuple[str, ...]:
    """The tiles taken with the card of ``slot`` (play fact 8): slot 1 gives the kind chosen, wood or leaf."""
    play = catalogue().play
    tiles = play.slots[slot]
    if play.slot_choice[slot]:
        if choice not in tiles:
            raise RuleError(f"slot {slot}", f"take one of {' or '.join(tiles)}")
        return (choice,) if choice is not None else ()
    return tiles


def pending_goals(state: GameState, player: PlayerState) -> tuple[Goal, ...]:
    """The goals ``player`` must decide now (play fact 34): in play, still available, not renounced by the player,
    of a colour the player has not claimed, and met by the bonsai."""
    claimed = {g.colour for g in state.goals if g.id in player.goals}
    candidates = [
        g
        for g in state.goals
        if g.id in state.available and g.id not in player.renounced and g.colour not in claimed
    ]
    if not candidates:
        return ()
    tree = Tree.of(player_table(player))
    return tuple(g for g in candidates if is_met(g, tree))


# ---------------------------------------------------------------- doing it


def _place(player: PlayerState, placements: Sequence[Placement], where: str) -> None:
    for at, kind in placements:
        if player.supply.get(kind, 0) <= 0:
            raise RuleError(where, f"no {kind} tile in the supply")
        if not can_place(player.kind_at, at, kind, player.flipped):
            raise RuleError(where, f"a {kind} tile cannot grow at {list(at)}")
        player.supply[kind] -= 1
        player.kind_at[at] = kind
        player.placed.append((at, kind))


def _remove(player: PlayerState, leaf: Cell) -> tuple[Cell, ...]:
    if leaf not in removable(player):
        raise RuleError("remove", "a removal takes one leaf, only when no wood tile can be placed")
    gone = removal(player.kind_at, leaf)
    for cell in gone:
        del player.kind_at[cell]
    player.placed = [p for p in player.placed if p[0] not in gone]
    player.removed += 1
    return gone


def _take(state: GameState, slot: int) -> Card:
    """Take the card of ``slot``; the cards on the pile's side slide one space away from it (play fact 14)."""
    market = state.market
    card = market[slot]
    if card is None:
        raise RuleError(f"slot {slot}", "no card there")
    state.market = [None, *market[:slot], *market[slot + 1 :]]
    return card


def _refill(state: GameState) -> None:
    """Fill the empty slots on the pile's side from the pile (play fact 14): the first card drawn goes farthest."""
    market = state.market
    empty = 0
    while empty < len(market) and market[empty] is None:
        empty += 1
    for slot in range(empty - 1, -1, -1):
        if not state.pile:
            break
        market[slot] = state.pile.pop()


def _solo_discard(state: GameState, action: Action) -> Card | None:
    """The card a solo turn discards (play fact 52): the nearest on the pile's side of the slot taken, the pile's
    top card for slot 0, the card farthest from the pile on a Cultivate."""
    if isinstance(action, Cultivate):
        slots = [i for i in range(len(state.market) - 1, -1, -1) if state.market[i] is not None][:1]
    elif action.slot == 0:
        if not state.pile:
            return None
        card = state.pile.pop()
        state.discarded.append(card)
        return card
    else:
        slots = [i for i in range(action.slot - 1, -1, -1) if state.market[i] is not None][:1]
    if not slots:
        return None
    card = _take(state, slots[0])
    state.discarded.append(card)
    return card


def _meditate(state: GameState, player: PlayerState, action: Meditate) -> tuple[Card, tuple[str, ...], Card | None]:
    if not 0 <= action.slot < len(state.market):
        raise RuleError("slot", f"the market has slots 0 to {len(state.market) - 1}")
    gained = list(slot_tiles(action.slot, action.choice))
    card = _take(state, action.slot)
    solo_card = None
    if state.solo:
        # The discarded card is on the pile's side of the one taken, which has slid by one (play fact 52).
        shifted = Meditate(action.slot + 1) if action.slot else action
        solo_card = _solo_discard(state, shifted)
    _refill(state)
    if card.kind == "tool":
        player.tools += 1
    elif card.kind == "growth":
        player.growth.append(card.gives)
    elif card.kind == "parchment":
        player.parchments.append(card.gives)
    elif card.kind == "master":
        for kind in card.gives.split("+"):
            if kind == ANY:
                if action.master_kind not in TILE_KINDS:
                    raise RuleError("master", "an 'any' Master gives one tile of a kind the player names")
                kind = action.master_kind
            gained.append(kind)
        player.masters.append(card.gives)
    for kind in gained:
        player.supply[kind] += 1
    if card.kind == "helper":
        if not fits_helper(card.gives, [k for _, k in action.helper]):
            raise RuleError("helper", f"a Helper {card.gives} places one tile of any kind and/or one of its kind")
        _place(player, action.helper, "helper")
        player.helpers.append(card.gives)
    elif action.helper:
        raise RuleError("helper", "only a Helper card places tiles on a Meditate")
    excess = player.supply_size() - capacity(player)
    if len(action.discards) != max(0, excess):
        raise RuleError("discards", f"discard exactly the {max(0, excess)} tile(s) beyond the capacity")
    for kind in action.discards:
        if player.supply.get(kind, 0) <= 0:
            raise RuleError("discards", f"no {kind} tile in the supply")
        player.supply[kind] -= 1
    return card, tuple(gained), solo_card


def claim_largest(player: PlayerState, pending: Sequence[Goal]) -> list[str]:
    """Claim, in each colour, the goal worth most among those to decide (the rest are renounced)."""
    best: dict[str, Goal] = {}
    for goal in pending:
        if goal.colour not in best or goal.points > best[goal.colour].points:
            best[goal.colour] = goal
    return [g.id for g in best.values()]


def apply(state: GameState, action: Action, claimer: Claimer = claim_largest) -> TurnRecord:
    """Play the current player's turn (play facts 10-11): the pre-steps (flip, one removal), the action, the goals
    met decided (``claimer``), the solo discard, then the end of the turn (play facts 41-42)."""
    if state.over:
        raise RuleError("turn", "the game is over")
    player = state.players[state.current]
    final_round = state.final_turns is not None
    if action.flip:
        if not may_flip(player):
            raise RuleError("flip", "the pot turns over only while the trunk is alone")
        del player.kind_at[player.trunk]
        player.flipped = not player.flipped
        player.kind_at[player.trunk] = WOOD
    removed = _remove(player, action.remove) if action.remove is not None else ()
    card: Card | None = None
    gained: tuple[str, ...] = ()
    solo_card = None
    before = len(player.placed)
    if isinstance(action, Meditate):
        card, gained, solo_card = _meditate(state, player, action)
        placed = action.helper
    else:
        if not fits_allowance(player, (k for _, k in action.placements)):
            raise RuleError("placements", "more tiles than the Seishi and the Growth cards allow")
        _place(player, action.placements, "placements")
        placed = action.placements
        if state.solo:
            solo_card = _solo_discard(state, action)
            _refill(state)
    claimed: list[str] = []
    renounced: list[str] = []
    if len(player.placed) > before or removed:
        pending = pending_goals(state, player)
        if pending:
            chosen = set(claimer(player, pending))
            colours = [g.colour for g in pending if g.id in chosen]
            if len(colours) != len(set(colours)) or not chosen <= {g.id for g in pending}:
                raise RuleError("goals", "claim only goals met now, one of each colour")
            for goal in pending:
                if goal.id in chosen:
                    claimed.append(goal.id)
                elif goal.colour not in colours:
                    renounced.append(goal.id)
            player.renounced.update(renounced)
            player.goals.extend(claimed)
            state.available.difference_update(claimed)
    record = TurnRecord(
        player.seat, action, card, gained, tuple(placed), getattr(action, "discards", ()), removed,
        tuple(claimed), tuple(renounced), solo_card, final_round,
    )  # fmt: skip
    state.log.append(record)
    if state.final_turns is not None:
        state.final_turns -= 1
    elif not state.pile:
        state.final_turns = len(state.players)  # the last card is revealed: one more turn each (play fact 41)
    state.current = (state.current + 1) % len(state.players)
    return record


# ---------------------------------------------------------------- the finished game


def player_table(player: PlayerState) -> DetailedPlayer:
    """A player as the table document shows it: the tiles in the order they grew, the cards (complete: the engine
    knows them all; decision 15), the goals claimed."""
    cards = Cards(
        growth=tuple(player.growth),
        tool=player.tools,
        master=len(player.masters),
        helper=len(player.helpers),
        parchments=tuple(player.parchments),
        complete=True,
    )
    tiles = tuple(Tile(at, kind) for at, kind in player.placed)
    return DetailedPlayer(player.name, tiles, player.flipped, cards, tuple(player.goals))


def final_table(state: GameState) -> Table:
    """The finished game as a table for scoring and checking."""
    return Table(goals=state.colours, players=tuple(player_table(p) for p in state.players))


def free_sides(player: PlayerState, at: Cell) -> int:
    """Sides of a flower on ``at`` that would touch no tile (« Fin de la partie »: the pot's sides are free)."""
    return sum(1 for n in neighbours(at) if n not in player.kind_at)
