"""Each player's plan for a Bonsai witness (:mod:`.witness` says how the plan is made and followed): the cards each
takes, the Masters' faces of all players found together by a bounded search (:func:`_assign_faces`), and the seat
that takes the last card before the pile runs out (``data/SOURCES.md``, decision 19; ``bonsai-play.md`` facts
41-47)."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Sequence

from marquoir.games.bonsai.catalogue import Catalogue
from marquoir.games.bonsai.engine.rules import ANY, deck_cards
from marquoir.games.bonsai.engine.state import Card
from marquoir.games.bonsai.reach.budget import tile_needs
from marquoir.games.bonsai.reach.witness import NoWitness, Plan, Take, _fits
from marquoir.games.bonsai.table import DetailedPlayer, Table


def _take_from(pool: Counter[Card], card: Card) -> Card:
    if pool[card] <= 0:
        raise NoWitness("the deck has no such card left")
    pool[card] -= 1
    return card


def _faces(pool: Counter[Card], kind: str) -> list[Card]:
    return [card for card, n in pool.items() if card.kind == kind and n > 0]


#: How many face sets the joint search of the Masters' faces may try, at most.
FACE_NODES = 20000


def _assign_faces(
    pool: Counter[Card],
    players: Sequence[DetailedPlayer],
    needs: Sequence[dict[str, int]],
    finals: int,
    rng: random.Random | None,
) -> dict[int, list[Card]]:
    """The Masters' faces of every player at once, each face card existing once (``data/cards.csv``): a search
    over the players (the tightest budget first, or in ``rng``'s order) for faces with which each player's cards
    give its tiles (:func:`_fits`), leaving a card to spare to ``finals`` players (their card of the final round
    brings nothing that can grow: play fact 43) and, when every player has one, a second to one of them (the last
    card before the end, whose tiles that player's final turn cannot place)."""
    count = len(players)
    def tightness(seat: int) -> float:
        return -sum(max(0, n) for n in needs[seat].values()) / (1 + players[seat].cards.total)

    seats = sorted(range(count), key=tightness)
    if rng is not None:
        rng.shuffle(seats)
    kinds = sorted(_faces(pool, "master"), key=lambda c: (c.gives.count(ANY), -len(c.gives)))
    nodes = 0
    chosen: dict[int, list[Card]] = {}
    spares: dict[int, int] = {}
    left = Counter(pool)

    def sets(size: int, start: int) -> list[list[Card]]:
        nonlocal nodes
        if size == 0:
            return [[]]
        found: list[list[Card]] = []
        for i in range(start, len(kinds)):
            card = kinds[i]
            if left[card] <= 0:
                continue
            left[card] -= 1
            for rest in sets(size - 1, i):
                found.append([card, *rest])
                nodes += 1
                if nodes > FACE_NODES:
                    left[card] += 1
                    return found
            left[card] += 1
        return found

    def walk(index: int) -> bool:
        if index == count:
            enough = sum(1 for v in spares.values() if v >= 1) >= finals
            return enough and (finals < count or any(v >= 2 for v in spares.values()))
        if nodes > FACE_NODES:
            return False
        seat = seats[index]
        cards = players[seat].cards
        need = {k: max(0, n) for k, n in needs[seat].items()}
        options: list[tuple[int, list[Card]]] = []
        for faces in sets(max(cards.master, 0), 0):
            fitting = (s for s in (2, 1, 0) if cards.total - s >= len(faces) and _fits(need, faces, cards.total - s))
            spare = next(fitting, -1)
            if spare >= 0:
                spare = min(2, spare + (cards.helper > 0))  # a Helper of the final round can still place
                options.append((spare, faces))
        options.sort(key=lambda o: -o[0])
        for spare, faces in options:
            left.subtract(faces)
            chosen[seat], spares[seat] = faces, spare
            if walk(index + 1):
                return True
            left.update(faces)
        return False

    if not walk(0):
        raise NoWitness("no Masters' faces give every player its tiles")
    return chosen


def make_plans(table: Table, cat: Catalogue, rng: random.Random, seed: int) -> tuple[list[Plan], int]:
    """Every player's plan (the module says how) and the seat that takes the last card before the pile runs out,
    or :class:`NoWitness`."""
    count = len(table.players)
    pool = Counter(deck_cards(count, cat))
    deck = sum(pool.values())
    players: list[DetailedPlayer] = []
    for player in table.players:
        if not isinstance(player, DetailedPlayer):
            raise NoWitness("a player entered from the sheet's figures")
        players.append(player)
    needs = [tile_needs(p, seat, count, cat) for seat, p in enumerate(players)]

    def held_n(seat: int) -> int:
        return players[seat].cards.total
    held: list[list[Card]] = [[] for _ in players]
    for player, mine in zip(players, held, strict=True):
        cards = player.cards
        mine += [_take_from(pool, Card("growth", k)) for k in cards.growth]
        mine += [_take_from(pool, Card("parchment", k)) for k in cards.parchments]
        mine += [_take_from(pool, Card("tool", "")) for _ in range(cards.tool)]
    for seat, player in enumerate(players):
        for _ in range(player.cards.helper):
            faces = _faces(pool, "helper")
            if not faces:
                raise NoWitness("no Helper card left")
            held[seat].append(_take_from(pool, rng.choice(faces)))
    listed = sum(p.cards.total for p in players)
    finals = max(0, listed - (deck - 4)) if count > 1 else 0
    assigned = _assign_faces(pool, players, needs, finals, rng if seed % 2 else None)
    for seat, chosen in assigned.items():
        held[seat] += [_take_from(pool, card) for card in chosen]
    taken = sum(len(m) for m in held)
    short = (deck - 4 - taken) if count > 1 else 0
    open_seats = [i for i, p in enumerate(players) if not p.cards.complete]
    while short > 0:
        if not open_seats:
            raise NoWitness("too few cards for the game to end")
        seat = max(open_seats, key=lambda s: sum(max(0, n) for n in needs[s].values()) - 2 * len(held[s]))
        spare = [c for c, n in pool.items() if n > 0 and c.kind in ("master", "tool", "helper")]
        card = max(spare or [c for c, n in pool.items() if n > 0], key=lambda c: (c.kind == "master", c.gives == ANY))
        held[seat].append(_take_from(pool, card))
        short -= 1
    plans: list[Plan] = []
    spare_seats: list[int] = []
    helper_seats: list[int] = []
    for seat, (player, need, mine) in enumerate(zip(players, needs, held, strict=True)):
        masters = [c for c in mine if c.kind == "master"]
        if not _fits(need, masters, len(mine)):
            raise NoWitness("the cards do not give the tiles")
        if count > 1 and mine and _spare_card(need, mine) is not None:
            spare_seats.append(seat)
        elif count > 1 and any(c.kind == "helper" for c in mine):
            helper_seats.append(seat)  # a Helper of the final round places two tiles of the supply (play fact 15)
        plan = Plan({t.at: t.kind for t in player.tiles}, player.flipped, frozenset(player.goals))
        if seed:
            plan.weights = (rng.random(), rng.random(), rng.random())
            plan.crowd, plan.least = rng.randint(2, 7), rng.randint(1, 3)
            plan.await_growth = seed % 2 == 1  # every other attempt, without a draw of its own
        # Tools first (the capacity grows at once: play fact 15); the order of the others is chosen turn by turn.
        plan.main = [Take(card, 0) for card in sorted(mine, key=lambda c: c.kind != "tool")]
        plans.append(plan)
    if finals > len(spare_seats) + len(helper_seats):
        raise NoWitness("too few players can take a card in the final round")
    if seed:
        rng.shuffle(spare_seats)
    for seat in (spare_seats + helper_seats)[:finals]:
        plan = plans[seat]
        mine = [t.card for t in plan.main]
        spare_card = _spare_card(needs[seat], mine) if seat in spare_seats else None
        if spare_card is not None:
            index = next(i for i, t in enumerate(plan.main) if t.card == spare_card)
        else:
            index = next(i for i, t in enumerate(plan.main) if t.card.kind == "helper")
        plan.final = plan.main.pop(index)
    # The last card before the end: a player who takes none in the final round, whose final turn can place what
    # that card brings; else one whose card of the final round is a Helper, which can place it.
    if count == 1:
        return plans, 0
    trigger = [seat for seat, plan in enumerate(plans) if plan.main and plan.final is None]
    if not trigger:  # everyone takes a card in the final round: the last before it must bring nothing needed too
        trigger = [s for s, p in enumerate(plans) if p.main and p.final is not None and p.final.card.kind == "helper"]
        trigger += [s for s, p in enumerate(plans) if p.main and _spare_card(needs[s], [t.card for t in p.main])]
    if not trigger:
        raise NoWitness("no player can take the last card")
    seat = rng.choice(trigger) if seed else trigger[0]
    plans[seat].triggers = True
    return plans, seat


def _spare_card(need: dict[str, int], cards: Sequence[Card]) -> Card | None:
    """A card the player can take in the final round, where it brings nothing that can grow: one without which the
    others still give the tiles (:func:`_fits`), a Tool, Parchment or Growth card rather than a Helper or Master."""
    rank = {"tool": 0, "parchment": 1, "growth": 2, "helper": 3, "master": 4}
    for card in sorted(set(cards), key=lambda c: rank[c.kind]):
        rest = list(cards)
        rest.remove(card)
        if _fits(need, [c for c in rest if c.kind == "master"], len(rest)):
            return card
    return None
