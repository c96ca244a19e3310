"""A witness for a Bonsai table: one whole game, played by the engine's rules, that ends with the table.

The game is built turn by turn with the engine itself (:func:`~marquoir.games.bonsai.engine.rules.apply`), so every
move is one the rules allow. The deck's order is free (it is shuffled), so the pile starts as hidden cards and each
card becomes, at the moment a player takes it, the one the plan needs there; the hidden cards never taken are the
deck's others. Once played, the game is replayed from that deck with the same moves, and kept only if it ends with
the table's bonsais, cards and goals: a witness is never a guess.

The plan (``data/SOURCES.md``, decision 19; ``bonsai-play.md`` facts cited): each player takes its cards (the
Masters' faces of all players found together by a bounded search, :mod:`.plans`; Helpers' faces drawn); with
2 to 4 players exactly D − 4 cards are taken before the pile runs out and one more card by each of k players in the
final round, a card the player can spare or a Helper that can still place (facts 41-47); a player cultivates
whenever a tile of its bonsai can grow from its supply (tiles in the order the placement rules allow; in solo only
with a full allowance or a crowded supply, solo turns being few, and every other attempt counting in that allowance
the Growth cards still to take: solo Cultivates are as many whatever their order), meditates otherwise, choosing the
card and slot that bring most of what can grow at once while the cards left can still give the rest, without giving
up needed tiles to the capacity (:func:`_choose`); the last card before the end, taken by a player chosen
beforehand, waits until every other bonsai is complete; goals are claimed the turn they are first met by the player
who holds them at the end, and renounced by the others (facts 33-38). A Cultivate gives its tile of any kind to the
kind with most tiles left for its own allowance (flowers and fruits have none without a Growth card), and grows
first the tiles others wait on. A Helper kept for the final round places one tile of any kind and/or one of its kind
(facts 15 and 65): the plan counts on it only for tiles nothing else waits on (:func:`last_kinds`), its face is
chosen at that turn among the deck's Helpers still free (:func:`final_helper`), and when its player takes the last
card before the end, that card's tiles too can only enter through it.

Around the plan, :mod:`.search` searches: when the plan's game does not end with the table, it plays the turns
on the way another way (the other action, the second or third best card; the latest turns first), at most
``slack`` departures in a game, and drops a solo game once its turns cannot place what is left. Several attempts
vary the plan's draws and weights, and the caller allows more departures round after round until its time
bound; when all fail the table is not proven unreachable: the verdict is *undecided*.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field

from marquoir.games.bonsai.catalogue import Goal, catalogue
from marquoir.games.bonsai.engine.rules import (
    ANY,
    Claimer,
    allowance,
    capacity,
    deck_cards,
    fits_allowance,
    fits_helper,
    slot_tiles,
)
from marquoir.games.bonsai.engine.state import Card, GameState, Meditate, Placement, PlayerState
from marquoir.games.bonsai.geometry import Cell, neighbours
from marquoir.games.bonsai.placement import can_place
from marquoir.games.bonsai.vocabulary import FLOWER, FRUIT, LEAF, TILE_KINDS, WOOD

HIDDEN = "hidden"


class NoWitness(Exception):
    """The plan could not build this table (which proves nothing: the verdict stays undecided)."""


@dataclass
class Take:
    card: Card
    slot: int


@dataclass
class Plan:
    """One player's plan: the bonsai to grow, the goals to claim, the cards to take in order (``main``) and the one
    taken in the final round (``final``)."""

    target: dict[Cell, str]
    flipped: bool
    goals: frozenset[str]
    main: list[Take] = field(default_factory=list)
    final: Take | None = None
    weights: tuple[float, float, float] = (1.0, 0.1, 0.01)
    crowd: int = 5
    least: int = 2
    #: Solo: whether a crowded supply waits for the Growth cards still planned before a Cultivate short of the
    #: allowance (the solo Cultivates are as many whatever their order: play fact 49).
    await_growth: bool = False
    #: Whether this player takes the last card before the end (no Cultivate of its own follows that card).
    triggers: bool = False

    def remaining(self, player: PlayerState) -> Counter[str]:
        return Counter(kind for at, kind in self.target.items() if at not in player.kind_at)


def grow_now(
    plan: Plan, player: PlayerState, supply: dict[str, int] | None = None, helper: str | None = None
) -> list[Placement]:
    """The tiles of the bonsai to grow that fit one Cultivate now (or the Helper showing ``helper``: play fact 15),
    one after the other (wood first: it makes room). Each kind fills its own allowance first; the allowance of any
    kind (the Seishi's third tile, the Helper's first: play facts 15 and 23) goes to the kind with most tiles still to
    place for each tile of its own allowance, flowers and fruits first when no Growth card gives them: they have no
    allowance of their own, so a Cultivate that spends the "any" tile on wood wastes the only room they have."""
    kind_at = dict(player.kind_at)
    supply = dict(player.supply if supply is None else supply)
    if helper is None:
        by_kind, _extra = allowance(player)
    else:
        by_kind = dict.fromkeys(TILE_KINDS, 0)
        by_kind[helper.split("+")[1]] = 1
    left = Counter(kind for at, kind in plan.target.items() if at not in kind_at)

    def fits(kinds: list[str]) -> bool:
        return fits_allowance(player, kinds) if helper is None else fits_helper(helper, kinds)

    def waiting(at: Cell) -> int:
        return sum(1 for n in neighbours(at) if n in plan.target and n not in kind_at)

    def grow(kind: str) -> bool:
        # Of the cells where a tile of ``kind`` can grow, the one most tiles still to grow touch: tiles that others
        # wait on first, those nothing waits on last (they alone can be left to a Helper of the final round).
        cells = [
            at for at, want in plan.target.items()
            if want == kind and at not in kind_at and can_place(kind_at, at, kind, player.flipped)
        ]  # fmt: skip
        if not cells:
            return False
        at = max(cells, key=waiting) if len(cells) > 1 else cells[0]
        chosen.append((at, kind))
        kind_at[at] = kind
        supply[kind] -= 1
        left[kind] -= 1
        return True

    chosen: list[Placement] = []
    order = (WOOD, LEAF, FRUIT, FLOWER)
    progress = True
    while progress:
        progress = False
        placed = Counter(k for _, k in chosen)
        # Within each kind's own allowance first (wood first: it makes room).
        for kind in order:
            if supply[kind] > 0 and placed[kind] < by_kind[kind] and fits([*placed.elements(), kind]) and grow(kind):
                progress = True
                break
        if progress:
            continue
        # Then the allowance of any kind, to the kind that needs it most.
        by_need = sorted(order, key=lambda k: -left[k] / (by_kind[k] + 0.5))
        for kind in by_need:
            if supply[kind] > 0 and fits([*placed.elements(), kind]) and grow(kind):
                progress = True
                break
    return chosen


def _gives(masters: Sequence[Card]) -> tuple[dict[str, int], int]:
    """What ``masters`` bring for sure, by kind, and how many tiles of any kind (play fact 69)."""
    fixed = dict.fromkeys(TILE_KINDS, 0)
    wild = 0
    for master in masters:
        for part in master.gives.split("+"):
            if part == ANY:
                wild += 1
            else:
                fixed[part] += 1
    return fixed, wild


def _fits_given(short: dict[str, int], fixed: dict[str, int], wild: int, cards: int) -> bool:
    """:func:`_fits` with the Masters' gifts counted already (:func:`_gives`)."""
    w, f = short[WOOD] - fixed[WOOD], short[FLOWER] - fixed[FLOWER]
    lf, r = short[LEAF] - fixed[LEAF], short[FRUIT] - fixed[FRUIT]
    for a2 in range(cards + 1):
        a3 = cards - a2
        lack = (w - a2 if w > a2 else 0) + (f - a2 if f > a2 else 0)
        lack += (lf - a3 if lf > a3 else 0) + (r - a3 if r > a3 else 0)
        if lack <= wild:
            return True
    return False


def _fits(short: dict[str, int], masters: Sequence[Card], cards: int) -> bool:
    """Whether ``cards`` more cards, these Masters among them, can still bring ``short`` (slots 2 and 3 give all that
    slots 0 and 1 give and more: play fact 69)."""
    fixed, wild = _gives(masters)
    return _fits_given(short, fixed, wild, cards)


def _fits_with_final(
    short: dict[str, int], fixed: dict[str, int], wild: int, cards: int, tail: Counter[str] | None
) -> bool:
    """:func:`_fits_given`, with a Helper kept for the final round when ``tail`` is given: its slot brings wood and a
    flower or a leaf and a fruit (play fact 8), which it can place itself (play facts 15 and 65), but only of the
    kinds in ``tail`` (tiles nothing else waits on: :func:`last_kinds`)."""
    if _fits_given(short, fixed, wild, cards):
        return True
    if tail is None:
        return False
    for gift in ((WOOD, FLOWER), (LEAF, FRUIT)):
        rest = dict(short)
        for kind in gift:
            if tail[kind] > 0 and rest[kind] > 0:
                rest[kind] -= 1
        if rest != short and _fits_given(rest, fixed, wild, cards):
            return True
    return False


def _grows(kind_at: dict[Cell, str], tiles: dict[Cell, str], flipped: bool) -> bool:
    """Whether all of ``tiles`` can grow on the tree ``kind_at`` in some order (carrying only grows with the tree,
    so placing whatever can be placed, again and again, finds an order if there is one)."""
    kind_at, todo = dict(kind_at), dict(tiles)
    progress = True
    while todo and progress:
        progress = False
        for at, kind in list(todo.items()):
            if can_place(kind_at, at, kind, flipped):
                kind_at[at] = kind
                del todo[at]
                progress = True
    return not todo


def last_kinds(plan: Plan, player: PlayerState) -> Counter[str]:
    """The kinds of the tiles still to grow that can come last: those without which the others can still all grow
    (nothing waits on them). Only such tiles can be left to the Helper of the final round (play fact 65)."""
    left = {at: kind for at, kind in plan.target.items() if at not in player.kind_at}
    key = (frozenset(player.kind_at.items()), frozenset(left.items()), player.flipped)
    found = _LAST.get(key)
    if found is None:
        found = Counter(
            kind for at, kind in left.items()
            if _grows(player.kind_at, {c: k for c, k in left.items() if c != at}, player.flipped)
        )  # fmt: skip
        if len(_LAST) > 4096:
            _LAST.clear()
        _LAST[key] = found
    return found


_LAST: dict[tuple[frozenset[tuple[Cell, str]], frozenset[tuple[Cell, str]], bool], Counter[str]] = {}


Choice = tuple[tuple[int, int, float, int], int, str | None, str | None]


@dataclass(frozen=True)
class _Turn:
    """What every card's choice in one turn shares (:func:`_choose`): the tiles still to grow by kind, those the
    supply lacks, the kinds that can grow at once, the kinds a Helper of the final round may place last (or None),
    the supply, the capacity, and each filled slot with its choice and tiles (play fact 8)."""

    remaining: dict[str, int]
    short: dict[str, int]
    growing: frozenset[str]
    tail: Counter[str] | None
    helper_last: bool
    supply: dict[str, int]
    capacity: int
    gifts: tuple[tuple[int, str | None, dict[str, int]], ...]


def _turn_facts(state: GameState, plan: Plan, player: PlayerState) -> _Turn:
    """:class:`_Turn` for ``player``'s turn now, worked out once for all the cards it might take."""
    filled = [i for i, c in enumerate(state.market) if c is not None]
    if not filled:
        raise NoWitness("the market is empty")
    remaining = dict.fromkeys(TILE_KINDS, 0)
    growing: set[str] = set()
    for at, want in plan.target.items():
        if at not in player.kind_at:
            remaining[want] += 1
            if want not in growing and can_place(player.kind_at, at, want, player.flipped):
                growing.add(want)
    short = {k: remaining[k] - player.supply[k] for k in TILE_KINDS}
    # A Helper kept for the final round places what its own slot brings (play facts 15 and 65), but only tiles that
    # nothing else still to grow waits on: its tiles come last.
    helper_last = plan.final is not None and plan.final.card.kind == "helper"
    tail = last_kinds(plan, player) if helper_last else None
    slot_choice = catalogue().play.slot_choice
    gifts: list[tuple[int, str | None, dict[str, int]]] = []
    for slot in filled:
        for choice in (WOOD, LEAF) if slot_choice[slot] else (None,):
            tiles = dict.fromkeys(TILE_KINDS, 0)
            for kind in slot_tiles(slot, choice):
                tiles[kind] += 1
            gifts.append((slot, choice, tiles))
    return _Turn(
        remaining, short, frozenset(growing), tail, helper_last, dict(player.supply), capacity(player), tuple(gifts)
    )


def _choose(
    state: GameState, plan: Plan, player: PlayerState, take: Take, rest: Sequence[Take], turn: _Turn | None = None
) -> Choice:
    """The slot, slot 1's kind and an "any" Master's kind for this take: among those after which the cards still
    planned can bring what is missing, the one bringing most of what can grow at once, then most of what is missing,
    then the fewest tiles to give up. A card of the final round brings nothing that can grow: any slot with a card.
    ``turn``: the facts of the turn (:func:`_turn_facts`), shared by the cards weighed in one turn."""
    parts = take.card.gives.split("+") if take.card.kind == "master" else []
    if take is plan.final and take.card.kind != "helper":
        filled = [i for i, c in enumerate(state.market) if c is not None]
        if not filled:
            raise NoWitness("the market is empty")
        return (0, 0, 0.0, 0), max(filled), (WOOD if max(filled) == 1 else None), (WOOD if ANY in parts else None)
    if turn is None:
        turn = _turn_facts(state, plan, player)
    kinds = TILE_KINDS
    remaining = [turn.remaining[k] for k in kinds]
    short = [turn.short[k] for k in kinds]
    needed = [n if n > 0 else 0 for n in short]
    supply = [turn.supply[k] for k in kinds]
    growing = [k in turn.growing for k in kinds]
    fixed, wild_later = _gives([t.card for t in rest if t.card.kind == "master"])
    helper_last = turn.helper_last and take is not plan.final
    tail = turn.tail if helper_last else None
    # The player who takes the last card before the end plays no Cultivate after it, only that Helper: the tiles of
    # its last card can enter the bonsai only through the Helper too (play fact 65), so it is not a card to grow from.
    cards = len(rest) - int(helper_last and plan.triggers and bool(rest))
    card_gift = [sum(1 for p in parts if p == k) for k in kinds]
    room = turn.capacity + (2 if take.card.kind == "tool" else 0)
    a, b, c = plan.weights
    feasible_of: dict[tuple[int, ...], bool] = {}
    wilds: tuple[int | None, ...] = tuple(range(len(kinds))) if ANY in parts else (None,)
    best: Choice | None = None
    for slot, choice, tiles in turn.gifts:
        base = [tiles[k] + card_gift[i] for i, k in enumerate(kinds)]
        for wild in wilds:
            gift = base if wild is None else [n + (i == wild) for i, n in enumerate(base)]
            # Needed tiles the capacity would make the player give up (play fact 18): missing again.
            held = [n + g for n, g in zip(supply, gift, strict=True)]
            spare = sum(h - r for h, r in zip(held, remaining, strict=True) if h > r)
            lost = sum(held) - room - spare
            lost = lost if lost > 0 else 0
            after = [s - g if s > g else 0 for s, g in zip(short, gift, strict=True)]
            if lost:
                after[held.index(max(held))] += lost  # the first kind held most, as max(TILE_KINDS) finds it
            key_after = tuple(after)
            feasible = feasible_of.get(key_after)
            if feasible is None:
                short_after = dict(zip(kinds, after, strict=True))
                feasible = feasible_of[key_after] = _fits_with_final(short_after, fixed, wild_later, cards, tail)
            useful = [g if g < n else n for g, n in zip(gift, needed, strict=True)]
            now = sum(n for n, grows in zip(useful, growing, strict=True) if grows)
            total = sum(useful)
            surplus = sum(gift) - total
            key = (int(feasible), -lost, a * now + b * total - c * surplus, -slot)
            if best is None or key > best[0]:
                best = (key, slot, choice, None if wild is None else kinds[wild])
    assert best is not None
    return best


def next_take(state: GameState, plan: Plan, player: PlayerState, rank: int = 0) -> tuple[Take, Choice]:
    """The card to take now among those still planned, with its slot: the best by :func:`_choose`'s order, or the
    ``rank``-th best of the different cards (:class:`NoWitness` when there are fewer)."""
    options: list[tuple[Choice, int]] = []
    seen: set[Card] = set()
    turn = _turn_facts(state, plan, player)
    for i, take in enumerate(plan.main):
        if take.card in seen:
            continue
        seen.add(take.card)
        options.append((_choose(state, plan, player, take, plan.main[:i] + plan.main[i + 1 :], turn), i))
    options.sort(key=lambda o: o[0][0], reverse=True)
    if rank >= len(options):
        raise NoWitness("no other card to take")
    choice, index = options[rank]
    return plan.main.pop(index), choice


def final_helper(
    state: GameState, plans: Sequence[Plan], seat: int, grower: PlayerState, deck: dict[int, Card]
) -> tuple[Take, Choice]:
    """The Helper kept for the final round, its face chosen now: the face that lets its Meditate place most of what
    is left of the bonsai. Its tiles can enter the bonsai only through this card (play fact 65): one tile of any kind
    and/or one of the kind shown (play fact 15), from the supply and the slot's tiles (``grower``: the tree after the
    turn's flip). A Helper's face is free as long as the deck still has it: the deck's Helpers (play fact 6) less
    those already taken (``deck``) and those the plans still mean to take; or it is the face of a Helper taken
    earlier whose own placements the planned face allows too (the two faces are then swapped in ``deck``: the deck's
    order is free, and the replay checks every placement again)."""
    plan = plans[seat]
    assert plan.final is not None and plan.final.card.kind == "helper"
    planned = plan.final.card.gives
    free = Counter(c.gives for c in deck_cards(len(state.players)) if c.kind == "helper")
    free.subtract(c.gives for c in deck.values() if c.kind == "helper")
    for other, theirs in enumerate(plans):
        takes = [*theirs.main, *([theirs.final] if theirs.final is not None and other != seat else [])]
        free.subtract(t.card.gives for t in takes if t.card.kind == "helper")
    swaps: dict[str, int] = {}
    records = [r for r in state.log if r.card is not None]
    if len(records) == len(deck):  # the cards taken, in the order taken (each Meditate made one hidden card real)
        for (index, card), record in zip(deck.items(), records, strict=True):
            kinds = [kind for _, kind in record.placed]
            if card == record.card and card.kind == "helper" and card.gives != planned and fits_helper(planned, kinds):
                swaps.setdefault(card.gives, index)
    faces = [planned, *sorted(f for f, n in free.items() if n > 0 and f != planned)]
    faces += sorted(f for f in swaps if f not in faces)
    filled = [i for i, c in enumerate(state.market) if c is not None]
    left = sum(plan.remaining(grower).values())
    best: tuple[int, str, Choice] | None = None
    for face in faces:
        for slot in filled:
            for choice in (WOOD, LEAF) if catalogue().play.slot_choice[slot] else (None,):
                supply = Counter(grower.supply)
                supply.update(slot_tiles(slot, choice))
                placed = len(grow_now(plan, grower, dict(supply), face))
                if best is None or placed > best[0]:
                    best = (placed, face, ((0, 0, 0.0, 0), slot, choice, None))
        if best is not None and best[0] >= left:
            break
    assert best is not None
    _placed, face, made = best
    if face != planned and free[face] <= 0:
        deck[swaps[face]] = Card("helper", planned)
    return Take(Card("helper", face), made[1]), made


def meditation(
    state: GameState,
    plan: Plan,
    take: Take,
    deck: dict[int, Card],
    flip: bool,
    grower: PlayerState,
    choice_made: Choice | None = None,
) -> Meditate:
    """Take ``take.card`` (the hidden card in the slot :func:`_choose` picks becomes it), place what a Helper can
    (``grower``: the player's tree after the turn's flip), and give up the tiles beyond the capacity that are least
    needed."""
    player = state.players[state.current]
    _key, slot, choice, master_kind = choice_made or _choose(state, plan, player, take, plan.main)
    hidden = state.market[slot]
    assert hidden is not None
    if hidden.kind != HIDDEN:
        raise NoWitness("a card already shown")
    deck[int(hidden.gives)] = take.card
    state.market[slot] = take.card
    keep = plan.remaining(player)
    gained = list(slot_tiles(slot, choice))
    if take.card.kind == "master":
        gained.extend(p if p != ANY else str(master_kind) for p in take.card.gives.split("+"))
    supply = Counter(player.supply)
    supply.update(gained)
    helped: list[Placement] = []
    if take.card.kind == "helper":
        helped = grow_now(plan, grower, dict(supply), take.card.gives)
        supply.subtract(kind for _, kind in helped)
    room = capacity(player) + (2 if take.card.kind == "tool" else 0)
    discards: list[str] = []
    for _ in range(max(0, sum(supply.values()) - room)):
        kind = max((k for k in TILE_KINDS if supply[k] > 0), key=lambda k: (supply[k] - keep[k], supply[k]))
        supply[kind] -= 1
        discards.append(kind)
    return Meditate(slot, choice, master_kind, tuple(helped), tuple(discards), flip)


def claimer(goals: frozenset[str] | set[str]) -> Claimer:
    """Claim the goals met that are among ``goals``; renounce the others (play facts 34-37)."""

    def claim(player: PlayerState, pending: Sequence[Goal]) -> list[str]:
        return [g.id for g in pending if g.id in goals]

    return claim
