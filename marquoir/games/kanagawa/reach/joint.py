"""The joint search: every player's rounds at once, on one School board, in one game that ends when the rules end it.

Each detailed player's rounds come from that player's search (:mod:`~marquoir.games.kanagawa.reach.search`): from a
round's start, every end of the round and the cards taken. Across players, a round must be one the School board
allows (:mod:`~marquoir.games.kanagawa.reach.school`: who can have waited, when a column of 2 or 3 can exist, who
takes the last cards when the deck runs out, in turn order from the first player), and the rounds chain:

* the first player of a round is the Assistant's holder at the end of the one before (Kanagawa rules, "New Lesson");
  the Assistant goes to whoever lays an Assistant icon or takes a Diploma with it as bonus, the last one in the order
  the players worked (:func:`~marquoir.games.kanagawa.reach.school.holder_after`); at the start of the game the first
  player holds both pawns (Kanagawa French rules, section 1), any seat;
* the cards drawn are the cards taken; a round before the last leaves at least one card in the deck (the last card
  reaching the board ends the game after that round) and ends with nobody holding 11 painted cards; the last round
  is the one the deck ran out in, or one that ends with a player holding 11 or more (Kanagawa rules, "End of the
  Game"; data/SOURCES.md decision 12);
* the Grand Master of the table is the Assistant's holder at the end of the last round, or its first player when the
  rule option ``grand_master_passes_at_end`` is off (decision 14);
* when the brush reserve ran dry (a ``brushes`` figure below what the tableau asks for; data/SOURCES.md decision 8), a
  brush is refused only once all 15 are held: in the order the players worked, nobody is refused one while the
  reserve still has one.

A player entered from the sheet's figures takes part through them only: a column a round like anyone (the School
board decides its size), no more than 10 painted cards before the last round, so the rest in the last round from
its column and the cards its keep icons held (the keep icons the other players' cards leave, shared), with a brush
and an icon for each: as many cards in all as its painted ones and the Studio cards those last paints need
(:func:`~marquoir.games.kanagawa.reach.seats.least_cards`). It may take the Assistant in any round, as many times
as the Assistant icons and Diplomas the detailed players leave (shared by the sheet players); its Studio and
brushes round by round are not followed (its figures do not say them).

The search is exhaustive: a player's state is the set of every round start consistent with the rounds so far (the
cards taken and the Assistant taken, a round at a time), so the rounds of different players are matched on what
the board sees of them, with nothing chosen too early; failed states are remembered. A match found is a real game:
each player's witness is then read back from the sets (:func:`witness_paths`).
"""

from __future__ import annotations

import itertools
from collections.abc import Sequence
from dataclasses import dataclass, field

from marquoir.games.kanagawa.reach import clock
from marquoir.games.kanagawa.reach.school import Shape, counts_possible, holder_after, round_shapes, work_order
from marquoir.games.kanagawa.reach.search import Start
from marquoir.games.kanagawa.reach.seats import Label, Seat, SheetSeat
from marquoir.games.kanagawa.vocabulary import BRUSH_PAWNS, COLUMN_CARDS, END_PRINT_CARDS, STARTING_BRUSHES

#: States the joint search's quick stages may visit a round, and the states of the players' searches they may
#: explore (:meth:`Joint.find`).
FIRST_PASS_STATES = 8
FIRST_PASS_EXPLORED = 5_000


class _OverBudget(Exception):
    """The first pass of the joint search visited its budget of states."""


@dataclass(frozen=True)
class Round:
    """One round of a joint build: its first player, the School board's shape, each seat's cards taken, and each
    seat's state after it: for a detailed seat its label and the number of its set of starts, for a sheet player
    no label and the cards taken so far."""

    first: int
    shape: Shape
    takes: tuple[int, ...]
    labels: tuple[Label | None, ...]
    states: tuple[int, ...]


@dataclass
class Joint:
    """The joint search for one number of rounds (see the module docstring). ``seats`` holds, by seat, a detailed
    player's :class:`Seat` or a :class:`SheetSeat`; ``master`` is the Grand Master's seat in the table (``None``: not
    checked). ``assistants``: the Assistant's sources the sheet players may use; ``keeps``: the keep icons they may
    have; ``brush_check``: whether to check that no brush was refused while the reserve had one."""

    seats: Sequence[Seat | SheetSeat]
    rounds: int
    deck: int
    master: int | None
    passes_at_end: bool
    eleven: bool
    deadline: float
    assistants: int = 0
    keeps: int = 0
    brush_check: bool = False
    failed: set[tuple[object, ...]] = field(default_factory=set)
    visited: int = 0
    budget: int | None = None
    explored: int = 0

    #: The passes of :meth:`find`: each player's first starts only; the same with the Grand Master's player free;
    #: with the others free; every start (exhaustive).
    PASSES = 4

    def find(self, stage: int = PASSES - 1) -> list[Round] | None:
        """A joint build in :attr:`rounds` rounds, or ``None``. The search is exhaustive in the last stage (a
        player's state is the set of every start its rounds so far allow, so only what the board sees of them is
        branched on): ``None`` from it means no build exists. The stages before read only each player's first
        starts (the ways its search found first, where the board allows them), then the same with the Grand
        Master's player free, then with the others free (the Assistant the Grand Master's player must take last
        most often asks for one or the other), within a budget of states: they find most games at once, and their
        ``None`` proves nothing."""
        count = len(self.seats)
        start = tuple(seat.root() if isinstance(seat, Seat) else 0 for seat in self.seats)
        firsts = list(range(count))
        if self.master is not None:
            # The table's Grand Master first: a game in which nobody takes the Assistant ends where it started.
            firsts.sort(key=lambda seat: seat != self.master)
        detailed = [k for k, seat in enumerate(self.seats) if isinstance(seat, Seat)]
        if stage == 0:
            limits: dict[int, int | None] = dict.fromkeys(detailed, 1)
        elif stage in (1, 2):
            if self.master not in detailed or len(detailed) < 2:
                return None
            limits = {k: None if (k == self.master) == (stage == 1) else 1 for k in detailed}
        else:
            limits = dict.fromkeys(detailed, None)
        for k, limit in limits.items():
            seat = self.seats[k]
            assert isinstance(seat, Seat)
            seat.limit = limit
        self.failed = set()
        self.budget = None if stage == self.PASSES - 1 else FIRST_PASS_STATES * self.rounds
        self.explored = self._explored() + FIRST_PASS_EXPLORED
        try:
            for first in firsts:
                path: list[Round] = []
                if self._search(0, start, first, self.assistants, path):
                    return path
        except _OverBudget:
            pass
        return None

    def _search(self, r: int, state: tuple[int, ...], first: int, pool: int, path: list[Round]) -> bool:
        self.visited += 1
        if self.visited & 63 == 0:
            clock.check(self.deadline)
        if self.budget is not None:
            self.budget -= 1
            if self.budget < 0 or self._explored() > self.explored:
                raise _OverBudget
        key = (r, state, first, pool)
        if key in self.failed:
            return False
        if not self._possible(r, state, first, pool):
            self.failed.add(key)
            return False
        count = len(self.seats)
        left = self.rounds - r
        last = left == 1
        deck = self.deck - self._drawn(state)
        # The cards each detailed player may take this round: all that are left in the last one, else what leaves
        # the rounds after a card each at least (none in the last when the deck may run out) and 3 at most.
        allowed: list[range | None] = []
        for seat, b in zip(self.seats, state, strict=True):
            if isinstance(seat, Seat):
                untaken = seat.p.total - seat.cards_taken(b)
                if last:
                    allowed.append(range(untaken, untaken + 1))
                else:
                    least = (left - 1) - (1 if seat.search.deck_end else 0)
                    allowed.append(range(max(untaken - COLUMN_CARDS * (left - 1), 0), max(untaken - least, -1) + 1))
            else:
                allowed.append(None)
        shapes = [
            shape
            for shape in round_shapes(count, deck)
            if ((shape.deck_out or self.eleven) if last else not shape.deck_out)
            and all(
                window is None or shape.takes[(seat - first) % count] in window
                for seat, window in enumerate(allowed)
            )
        ]
        # Each seat's labels for each number of cards (see _candidates), and the shapes in which every seat has one,
        # the closest to the ways the players' searches found first coming first.
        candidates = [self._candidates(seat, b, left) for seat, b in zip(self.seats, state, strict=True)]
        rank = self._ranking(state, left)
        usable = []
        for shape in shapes:
            takes = tuple(shape.takes[(seat - first) % count] for seat in range(count))
            if all(found is None or found.get(take) for found, take in zip(candidates, takes, strict=True)):
                usable.append((_shape_rank(takes, rank), shape, takes))
        usable.sort(key=lambda item: item[0])
        alive_at: dict[tuple[int, int], list[Label]] = {}
        for _rank, shape, takes in usable:
            if last and not self._sheet_last_round(state, takes):
                continue
            # What the board decides first (the order the players worked, who holds the Assistant after), the
            # players' sets only then: reading them is the cost.
            lists: list[list[Label | None]] = []
            for seat, b, found, take in zip(self.seats, state, candidates, takes, strict=True):
                if found is None:
                    lists.append([None])
                    continue
                assert isinstance(seat, Seat)
                if seat.limit is not None:
                    lists.append(list(found[take]))  # read as far as the first start only: tried as they come
                    continue
                alive = alive_at.get((seat.p.index, take))
                if alive is None:
                    # The labels whose set is not empty (each read as far as its first start, once).
                    alive = alive_at[(seat.p.index, take)] = [
                        label for label in found[take] if seat.alive(seat.child(b, label, left))
                    ]
                if not alive:
                    break
                lists.append(list(alive))
            if len(lists) < count:
                continue
            for labels in itertools.product(*lists):
                for took in self._took(labels, pool):
                    holder = holder_after(shape, first, took)
                    if last and self.master is not None and (holder if self.passes_at_end else first) != self.master:
                        continue
                    if left == 2 and self.master is not None and not self._last_round_ends_right(
                        state, takes, labels, holder, deck - sum(takes), pool
                    ):
                        continue
                    if self.brush_check and not self._brushes_in_order(state, labels, work_order(shape, first)):
                        continue
                    nxt_state = self._next(state, takes, labels, left)
                    if nxt_state is None:
                        continue
                    used = sum(1 for t, label in zip(took, labels, strict=True) if t and label is None)
                    path.append(Round(first, shape, takes, labels, nxt_state))
                    if last or self._search(r + 1, nxt_state, holder, pool - used, path):
                        return True
                    path.pop()
        self.failed.add(key)
        return False

    def _candidates(self, seat: Seat | SheetSeat, node: int, left: int) -> dict[int, list[Label]] | None:
        """A detailed seat's labels this round, by cards taken: first those of rounds its set's first start shows
        that its search knows lead to the finished table (found at once), then the other rounds that start shows,
        then (when the set is read beyond its first start) the others the sources of the Assistant left allow. When
        the labels carry the brushes, only those some start of the set shows. ``None`` for a sheet player."""
        if not isinstance(seat, Seat):
            return None
        out: dict[int, list[Label]] = {}
        for take in range(COLUMN_CARDS + 1):
            known, shown = seat.quick_labels(node, take, left)
            found = [*known, *shown]
            if seat.limit is None:
                rest = [x for x in seat.labels_for(node, take, left) if x not in found]
                if seat.dry:
                    rest = [x for x in rest if seat.alive(seat.child(node, x, left))]
                found += rest
                if self.master is not None:
                    # The Grand Master's holder at the end takes the Assistant last: its rounds taking it later
                    # first, the others' taking it sooner (an order of the search only).
                    bias = 1 if seat.p.index == self.master else -1
                    found.sort(key=lambda label: bias * label[1])
            if found:
                out[take] = found
        return out

    def _next(
        self, state: tuple[int, ...], takes: Sequence[int], labels: Sequence[Label | None], left: int
    ) -> tuple[int, ...] | None:
        """Each seat's state after the round, or ``None`` when a detailed player's set after it is empty."""
        out: list[int] = []
        for seat, b, take, label in zip(self.seats, state, takes, labels, strict=True):
            if isinstance(seat, Seat):
                assert label is not None
                nxt = seat.child(b, label, left)
                if not seat.alive(nxt):
                    return None
                out.append(nxt)
            else:
                out.append(b + take)
        return tuple(out)

    def _explored(self) -> int:
        """The players' searches' states explored so far (what reading the sets costs)."""
        return sum(seat.search.nodes for seat in self.seats if isinstance(seat, Seat))

    def _drawn(self, state: tuple[int, ...]) -> int:
        return sum(
            seat.cards_taken(b) if isinstance(seat, Seat) else b for seat, b in zip(self.seats, state, strict=True)
        )

    def _possible(self, r: int, state: tuple[int, ...], first: int, pool: int) -> bool:
        """What the counts alone rule out: rounds before the last draw a card a player at least and leave one in
        the deck, the deck runs out by the end when nobody reaches 11 painted cards, a sheet player takes a card
        for each painted one; and a Grand Master who cannot take the Assistant again must hold it already."""
        count = len(self.seats)
        left = self.rounds - r
        deck = self.deck - self._drawn(state)
        if deck < count * (left - 1) + 1 or (not self.eleven and deck > COLUMN_CARDS * count * left):
            return False
        # The cards still to take fit the deck: the detailed players' all, the sheet players' a card a round (but
        # maybe the last) and one for each card still to paint.
        needed = 0
        for seat, b in zip(self.seats, state, strict=True):
            if isinstance(seat, SheetSeat):
                if b + COLUMN_CARDS * left < seat.cards:
                    return False
                needed += max(seat.cards - b, left - 1)
            else:
                needed += seat.p.total - seat.cards_taken(b)
        if needed > deck:
            return False
        if self.budget is None or r == 0:
            # The cards alone, as the board can take them (the first pass leaves it to the search, but for the
            # whole game: a number of rounds the counts rule out is not tried).
            untaken = [seat.p.total - seat.cards_taken(b) if isinstance(seat, Seat) else None
                       for seat, b in zip(self.seats, state, strict=True)]
            if not counts_possible(first, left, untaken):
                return False
        master = self.master
        if master is not None and isinstance(self.seats[master], Seat):
            # Every card is laid by the end, so a player with a source of the Assistant left (an Assistant icon, a
            # Diploma with it as bonus) takes it again; the Grand Master's holder at the end must take it after the
            # others' last time, or hold it already with nobody taking it again.
            left_sources = [
                seat.p.assistants_at(seat.p.n, seat.p.m) - seat.nodes[b].assistants if isinstance(seat, Seat) else 0
                for seat, b in zip(self.seats, state, strict=True)
            ]
            others = any(n for k, n in enumerate(left_sources) if k != master)
            if not left_sources[master] and (first != master or (others and self.passes_at_end)):
                return False
        return True

    def _last_round_ends_right(
        self,
        state: tuple[int, ...],
        takes: Sequence[int],
        labels: Sequence[Label | None],
        first: int,
        deck: int,
        pool: int,
    ) -> bool:
        """Before the last round but one: whether the last round can leave the Grand Master where the table has it.
        In the last round every detailed player lays all its cards, so it takes them all and takes the Assistant
        exactly when a source of it is left; only the board's shape and the sheet players are free."""
        count = len(self.seats)
        untaken: list[int | None] = []
        takes_it: list[bool | None] = []
        for seat, b, take, label in zip(self.seats, state, takes, labels, strict=True):
            if isinstance(seat, Seat):
                assert label is not None
                untaken.append(seat.p.total - seat.cards_taken(b) - take)
                sources = seat.p.assistants_at(seat.p.n, seat.p.m) - seat.nodes[b].assistants - label[1]
                takes_it.append(sources > 0)
            else:
                untaken.append(None)
                takes_it.append(None)
        for shape in round_shapes(count, deck):
            if not (shape.deck_out or self.eleven):
                continue
            mine = [shape.takes[(k - first) % count] for k in range(count)]
            if any(u is not None and u != t for u, t in zip(untaken, mine, strict=True)):
                continue
            if not self.passes_at_end:
                return first == self.master
            for took in self._took([None if t is None else (0, int(t), 0, False) for t in takes_it], pool):
                if holder_after(shape, first, took) == self.master:
                    return True
        return False

    def _ranking(self, state: tuple[int, ...], left: int) -> list[tuple[dict[int, int], float]]:
        """Per seat, what each number of cards taken costs the search (0 when its set's first start has a round
        taking that many that the player's search knows leads to the finished table, 1 when it only shows one, 2
        else), and the player's pace (the cards its search took first, or those left spread over the rounds)."""
        out: list[tuple[dict[int, int], float]] = []
        for seat, b in zip(self.seats, state, strict=True):
            costs: dict[int, int] = {}
            if isinstance(seat, Seat):
                known = seat.pace(b, left)
                for take in range(COLUMN_CARDS + 1):
                    first_known, first_shown = seat.quick_labels(b, take, left)
                    costs[take] = 0 if first_known else 1 if first_shown else 2
                pace = float(known) if known is not None else (seat.p.total - seat.cards_taken(b)) / left
            else:
                pace = max(seat.cards - b, 0) / left
            out.append((costs, pace))
        return out

    def _took(self, labels: Sequence[Label | None], pool: int) -> list[tuple[bool, ...]]:
        """Who took the Assistant this round: the detailed players by their rounds; each sheet player either way,
        within the sources left for them."""
        fixed = [label[1] > 0 if label is not None else None for label in labels]
        sheets = [k for k, value in enumerate(fixed) if value is None]
        out: list[tuple[bool, ...]] = []
        for picks in itertools.product((False, True), repeat=len(sheets)):
            if sum(picks) > pool:
                continue
            took = list(fixed)
            for k, pick in zip(sheets, picks, strict=True):
                took[k] = pick
            out.append(tuple(bool(t) for t in took))
        return out

    def _brushes_in_order(self, state: tuple[int, ...], labels: Sequence[Label | None], order: Sequence[int]) -> bool:
        """No brush refused while the reserve had one: in the order the players worked, a player refused a brush
        finds all 15 held once its own brushes of the round are received."""
        held = sum(seat.received(b) for seat, b in zip(self.seats, state, strict=True) if isinstance(seat, Seat))
        for seat in order:
            label = labels[seat]
            assert label is not None  # the check is made only without sheet players
            if label[3] and held + label[2] != BRUSH_PAWNS:
                return False
            held += label[2]
        return True

    def _sheet_last_round(self, state: tuple[int, ...], takes: Sequence[int]) -> bool:
        """The sheet players' last round: what they paint in it beyond 10 comes from their column and the cards
        their keep icons held (the keep icons left, shared), each painted by a brush of their own (the brushes the
        detailed players leave in the box), and they took their least cards in all (:func:`~.seats.least_cards`)."""
        kept = brushes = 0
        held = 0
        for seat, b, take in zip(self.seats, state, takes, strict=True):
            if isinstance(seat, Seat):
                held += seat.p.brush_table[seat.p.n][seat.p.m]
                continue
            late = seat.painted - (END_PRINT_CARDS - 1)
            kept += max(late - take, 0)
            brushes += max(late, STARTING_BRUSHES)
            if b + take < seat.cards:
                return False
        return kept <= self.keeps and (brushes == 0 or brushes + held <= BRUSH_PAWNS)


def _shape_rank(takes: Sequence[int], rank: Sequence[tuple[dict[int, int], float]]) -> tuple[int, float]:
    """A round's cards by seat, the closest to the ways the players' searches found first coming first: the seats'
    costs of their cards (see :meth:`Joint._ranking`), then how far they are from the players' paces."""
    slow = 0
    cost = 0.0
    for take, (costs, pace) in zip(takes, rank, strict=True):
        slow += costs.get(take, 0)
        cost += abs(take - pace)
    return slow, cost


def witness_paths(joint: Joint, path: Sequence[Round]) -> dict[int, list[Start]]:
    """Each detailed player's round starts along a joint build (the start after each round): read back from the
    sets, last round first, each end's start in the set before it."""
    out: dict[int, list[Start]] = {}
    for index, seat in enumerate(joint.seats):
        if not isinstance(seat, Seat):
            continue
        nodes = [step.states[index] for step in path]
        end = seat.member(nodes[-1], 0)
        assert end is not None  # the last set holds the finished table
        chain = [end]
        for node in reversed(nodes[1:]):
            end = seat.nodes[node].origin[end]
            chain.append(end)
        chain.reverse()
        out[index] = chain
    return out
