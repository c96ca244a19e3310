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
* in a Yokai game, the tokens travel as the Yokai rules say, round by round in the order the players worked, and
  end as the table has them (:mod:`~marquoir.games.kanagawa.reach.tokens`: the state carries the set of every
  situation of the tokens the rounds so far allow, so nothing is chosen too early);
* when the brush reserve ran dry (a ``brushes`` figure below what the tableau asks for; data/SOURCES.md decision 8), a
  brush is refused only once all 15 are held: in the order the players worked, nobody is refused one while the
  reserve still has one.

A player entered from the sheet's figures takes part through them only: a column a round like anyone (the School
board decides its size), no more than 10 painted cards before the last round, so the rest in the last round from
its column and the cards its keep icons held (the keep icons the other players' cards leave, shared), with a brush
and an icon for each: as many cards in all as its painted ones and the Studio cards those last paints need
(:func:`~marquoir.games.kanagawa.reach.seats.least_cards`). It may take the Assistant in any round, as many times
as the Assistant icons and Diplomas the detailed players leave (shared by the sheet players), and takes it in some
round when every set of tiles its Diploma figure can be holds one with the Assistant as bonus (the bonus arrives
with the tile: data/SOURCES.md decision 17), so that round's order decides who holds it after; that round is one
by whose end it has taken the cards that Diploma needs painted, one card at least
(:attr:`~marquoir.games.kanagawa.reach.seats.SheetSeat.assist_cards`): a taking before is one of its Assistant
icons, and the Diploma's comes later. Its Studio and brushes round by round are not followed (its figures do not
say them), nor which card it took when: any card of the deck may come next, so the cards its Diplomas need came
in time if nobody else holds them (:func:`~marquoir.games.kanagawa.sheet_checks.sheets_together`, before).

The search is exhaustive: a player's state is the set of every round start consistent with the rounds so far (the
cards taken and the Assistant taken, a round at a time), so the rounds of different players are matched on what
the board sees of them, with nothing chosen too early; failed states are remembered. A match found is a real game:
each player's witness is then read back from the sets (:func:`witness_paths`).

Before any set is read, a state and each round out of it are held to what the board alone allows for the rest of
the game (:meth:`Joint._board_can`): the cards each seat takes, the deck, who takes the Assistant and so who leads,
and the Grand Master at the end, over every remaining round at once. That is a relaxation (the players' sets are
left out), remembered by what the board sees, so it only ever rules out states no game can continue from: the
search stays exhaustive, and a dead end near the end of the game is seen at the round that chose it.
"""

from __future__ import annotations

import itertools
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field

from marquoir.games.kanagawa.reach import clock
from marquoir.games.kanagawa.reach.school import counts_possible, holder_after, round_shapes, work_order
from marquoir.games.kanagawa.reach.search import OverBudget
from marquoir.games.kanagawa.reach.seats import (
    SHEET_ASSISTED,
    SHEET_CARDS,
    Label,
    Round,
    Seat,
    SheetSeat,
    owed_of,
    paid,
    ranking,
    shape_rank,
    sheet_last_round,
    tokens_after,
    tokens_left,
)
from marquoir.games.kanagawa.reach.tokens import Config, Travel
from marquoir.games.kanagawa.vocabulary import BRUSH_PAWNS, COLUMN_CARDS

#: The token situations a state carries in a Yokai game (``None``: not followed).
Tokens = frozenset[Config] | None

#: States the joint search's quick stages may visit a round, and the states the players' searches may explore
#: during one of them, each (:meth:`Joint.find`; :attr:`Search.node_limit <.search.Search.node_limit>`).
FIRST_PASS_STATES = 20
FIRST_PASS_EXPLORED = 5_000


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
    #: In a Yokai game, the tokens' travel to follow (:mod:`.tokens`); ``None``: not followed.
    travel: Travel | None = None
    failed: set[tuple[object, ...]] = field(default_factory=set)
    visited: int = 0
    budget: int | None = None
    #: What :meth:`_fits`, :meth:`_last_round_ends_right` and :meth:`_board_can` found, by their arguments (this
    #: search only: a Joint is made per table and number of rounds, and dropped with it).
    fits_memo: dict[tuple[int, tuple[int, ...], int | None], bool] = field(default_factory=dict)
    ends_memo: dict[tuple[tuple[int, ...], tuple[int, ...], int, int, int], bool] = field(default_factory=dict)
    board_memo: dict[tuple[int, tuple[int, ...], int, tuple[int, ...], int, int, int], bool] = field(
        default_factory=dict
    )
    #: How many sheet players take part (each takes the Assistant at most once a round).
    sheet_count: int = field(init=False, default=0)

    def __post_init__(self) -> None:
        self.sheet_count = sum(1 for seat in self.seats if isinstance(seat, SheetSeat))

    def _pool(self, pool: int, left: int) -> int:
        """The Assistant's sources left for the sheet players as far as they matter: the sheet players take it at
        most once each a round, so beyond that for the ``left`` rounds the pool never binds, and every larger pool
        allows the same games (an exact reduction of the states remembered)."""
        return min(pool, self.sheet_count * left)

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
        quick = stage != self.PASSES - 1
        self.budget = FIRST_PASS_STATES * self.rounds if quick else None
        searches = [seat.search for seat in self.seats if isinstance(seat, Seat)]
        try:
            if quick:
                # The players' searches stop too once they have explored the pass's share (OverBudget).
                for search in searches:
                    search.node_limit = search.nodes + FIRST_PASS_EXPLORED
            for first in firsts:
                path: list[Round] = []
                tokens = None
                if self.travel is not None:
                    tokens = self.travel.alive(self.travel.origin(), tokens_left(self.seats, start))
                    if not tokens:
                        return None
                if self._search(0, start, first, self.assistants, path, tokens):
                    return path
        except OverBudget:
            pass
        finally:
            for search in searches:
                search.node_limit = None
        return None

    def _search(
        self, r: int, state: tuple[int, ...], first: int, pool: int, path: list[Round], tokens: Tokens = None
    ) -> bool:
        self.visited += 1
        if self.visited & 63 == 0:
            clock.check(self.deadline)
        if self.budget is not None:
            self.budget -= 1
            if self.budget < 0:
                raise OverBudget
        key = (r, state, first, self._pool(pool, self.rounds - r), tokens)
        if key in self.failed:
            return False
        taken, sources = self._board(state)
        owed = owed_of(self.seats, state)
        if not self._board_can(r, taken, sources, first, pool, owed):
            self.failed.add(key)
            return False
        count = len(self.seats)
        left = self.rounds - r
        last = left == 1
        deck = self.deck - sum(taken)
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
        rank = ranking(self.seats, state, left)
        usable = []
        for shape in shapes:
            takes = tuple(shape.takes[(seat - first) % count] for seat in range(count))
            if all(found is None or found.get(take) for found, take in zip(candidates, takes, strict=True)):
                usable.append((shape_rank(takes, rank), shape, takes))
        usable.sort(key=lambda item: item[0])
        alive_at: dict[tuple[int, Label], bool] = {}
        for _rank, shape, takes in usable:
            if last and not sheet_last_round(self.seats, self.keeps, state, takes):
                continue
            after = tuple(t + take for t, take in zip(taken, takes, strict=True))
            # What the counts alone rule out for the next round, whoever leads it (before any set is read).
            if not last and not self._fits(r + 1, after, None):
                continue
            # What the board decides first (the order the players worked, who holds the Assistant after), the
            # players' sets only then: reading them is the cost, so each set is read only when a choice of labels
            # reaches it (_choices), never all of them first.
            options: list[tuple[Seat | None, int, list[Label | None]]] = []
            for seat, b, found, take in zip(self.seats, state, candidates, takes, strict=True):
                if found is None:
                    options.append((None, b, [None]))
                else:
                    assert isinstance(seat, Seat)
                    options.append((seat, b, list(found[take])))
            for labels in self._choices(options, alive_at, left):
                sources_after = tuple(
                    n - label[1] if label is not None else 0 for n, label in zip(sources, labels, strict=True)
                )
                for took in self._took(labels, pool):
                    holder = holder_after(shape, first, took)
                    used = sum(1 for t, label in zip(took, labels, strict=True) if t and label is None)
                    if last:
                        if self.master is not None and (holder if self.passes_at_end else first) != self.master:
                            continue
                    elif not self._board_can(r + 1, after, sources_after, holder, pool - used,
                                              paid(owed, took, self.seats, after)):
                        continue
                    if left == 2 and self.master is not None and not self._last_round_ends_right(
                        after, sources_after, holder, deck - sum(takes), pool
                    ):
                        continue
                    if self.brush_check and not self._brushes_in_order(state, labels, work_order(shape, first)):
                        continue
                    if last and paid(owed, took, self.seats, after):
                        continue
                    nxt_tokens = tokens
                    if self.travel is not None and tokens is not None:
                        nxt_tokens = tokens_after(self.travel, self.seats, tokens, state, shape, first, takes, labels,
                                                  last)  # fmt: skip
                        if nxt_tokens is None:
                            continue
                    nxt_state = self._next(state, takes, labels, left, took)
                    if nxt_state is None:
                        continue
                    path.append(Round(first, shape, takes, labels, nxt_state, nxt_tokens))
                    if last or self._search(r + 1, nxt_state, holder, pool - used, path, nxt_tokens):
                        return True
                    path.pop()
        self.failed.add(key)
        return False

    def _choices(
        self,
        options: Sequence[tuple[Seat | None, int, list[Label | None]]],
        alive: dict[tuple[int, Label], bool],
        left: int,
        chosen: tuple[Label | None, ...] = (),
    ) -> Iterator[tuple[Label | None, ...]]:
        """Every choice of one label per seat from ``options`` (seat, its set, its labels), in the order of
        :func:`itertools.product`, leaving out the labels whose set after the round is empty: each such set read
        (as far as its first start) when a choice first reaches it, and remembered in ``alive`` for the round's
        other shapes. A seat read no further than its first start (:attr:`Seat.limit`) has its labels tried as
        they come."""
        k = len(chosen)
        if k == len(options):
            yield chosen
            return
        seat, node, labels = options[k]
        for label in labels:
            if seat is not None and seat.limit is None:
                assert label is not None
                key = (seat.p.index, label)
                ok = alive.get(key)
                if ok is None:
                    ok = alive[key] = seat.alive(seat.child(node, label, left))
                if not ok:
                    continue
            yield from self._choices(options, alive, left, (*chosen, label))

    def _candidates(self, seat: Seat | SheetSeat, node: int, left: int) -> dict[int, list[Label]] | None:
        """A detailed seat's labels this round, by cards taken: first those of rounds its set's first start shows
        that its search knows lead to the finished table (found at once), then the other rounds that start shows,
        then (when the set is read beyond its first start) the others the sources of the Assistant left allow; with a
        Grand Master to place, each group ordered by when it takes the Assistant. When the labels carry the brushes,
        only those some start of the set shows. ``None`` for a sheet player."""
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
                    # first, the others' taking it sooner (an order of the search only), after the labels the
                    # first start shows (their sets are found at once; proving another set empty may mean reading
                    # thousands of starts).
                    bias = 1 if seat.p.index == self.master else -1
                    at_once = {*known, *shown}
                    found.sort(key=lambda label: (label not in at_once, bias * label[1]))
            if found:
                out[take] = found
        return out

    def _next(
        self,
        state: tuple[int, ...],
        takes: Sequence[int],
        labels: Sequence[Label | None],
        left: int,
        took: Sequence[bool],
    ) -> tuple[int, ...] | None:
        """Each seat's state after the round, or ``None`` when a detailed player's set after it is empty; a sheet
        player's is its cards taken so far, with :data:`SHEET_ASSISTED` once it has taken the Assistant."""
        out: list[int] = []
        for seat, b, take, label, t in zip(self.seats, state, takes, labels, took, strict=True):
            if isinstance(seat, Seat):
                assert label is not None
                nxt = seat.child(b, label, left)
                if not seat.alive(nxt):
                    return None
                out.append(nxt)
            else:
                pays = t and (b & SHEET_CARDS) + take >= seat.assist_cards  # the Diploma's (SheetSeat.assist_cards)
                out.append((b + take) | (SHEET_ASSISTED if pays else 0))
        return tuple(out)

    def _board(self, state: tuple[int, ...]) -> tuple[tuple[int, ...], tuple[int, ...]]:
        """What the School board sees of a state, by seat: the cards taken so far, and the Assistant's sources left
        (an Assistant icon or a Diploma with it as bonus not yet laid or met; 0 for a sheet player)."""
        taken: list[int] = []
        sources: list[int] = []
        for seat, b in zip(self.seats, state, strict=True):
            if isinstance(seat, Seat):
                taken.append(seat.cards_taken(b))
                sources.append(seat.sources_left(b))
            else:
                taken.append(b & SHEET_CARDS)
                sources.append(0)
        return tuple(taken), tuple(sources)

    def _fits(self, r: int, taken: tuple[int, ...], first: int | None) -> bool:
        """What the counts alone rule out, with ``taken`` cards taken by seat before round ``r`` led by ``first``
        (``None``: anyone): rounds before the last draw a card a player at least and leave one in the deck, the
        deck runs out by the end when nobody reaches 11 painted cards, a sheet player takes a card for each painted
        one, and the cards left can be taken as the School board allows (:func:`.school.counts_possible`). A
        function of its arguments only, so remembered for the table's search."""
        key = (r, taken, first)
        known = self.fits_memo.get(key)
        if known is None:
            known = self.fits_memo[key] = self._counts_fit(r, taken, first)
        return known

    def _counts_fit(self, r: int, taken: tuple[int, ...], first: int | None) -> bool:
        count = len(self.seats)
        left = self.rounds - r
        deck = self.deck - sum(taken)
        if deck < count * (left - 1) + 1 or (not self.eleven and deck > COLUMN_CARDS * count * left):
            return False
        # The cards still to take fit the deck: the detailed players' all, the sheet players' a card a round (but
        # maybe the last) and one for each card still to paint.
        needed = 0
        for seat, b in zip(self.seats, taken, strict=True):
            if isinstance(seat, SheetSeat):
                if b + COLUMN_CARDS * left < seat.cards:
                    return False
                needed += max(seat.cards - b, left - 1)
            else:
                needed += seat.p.total - b
        if needed > deck:
            return False
        if not self.eleven:
            # The deck runs out in the last round and every card laid is taken (a column each, one with cards while
            # one remains: data/SOURCES.md decision 15), so what the detailed players still take exactly, the sheet
            # players take the rest of, at most a column each a round.
            seats = list(zip(self.seats, taken, strict=True))
            rest = deck - sum(seat.p.total - b for seat, b in seats if isinstance(seat, Seat))
            if rest > COLUMN_CARDS * left * sum(1 for seat, _b in seats if isinstance(seat, SheetSeat)):
                return False
        # The cards alone, as the board can take them.
        untaken = [
            seat.p.total - b if isinstance(seat, Seat) else None for seat, b in zip(self.seats, taken, strict=True)
        ]
        return counts_possible(first, left, untaken)

    def _board_can(
        self, r: int, taken: tuple[int, ...], sources: tuple[int, ...], first: int, pool: int, owed: int = 0
    ) -> bool:
        """Whether the rest of the game can go as the School board, the deck, the Assistant and the Grand Master
        allow, seen from what the board sees only: ``taken`` cards by seat before round ``r`` led by ``first``,
        ``sources`` of the Assistant left by seat (:meth:`_board`), ``pool`` for the sheet players, ``owed`` the sheet
        players that must still take it (:func:`~.seats.owed_of`). A relaxation of
        the joint search (the players' sets are left out: any round a seat's counts allow is taken to be one of
        its rounds), so ``False`` rules the state out and ``True`` proves nothing. Remembered for the table's
        search.

        What the Assistant's sources do here is only who takes it in which round: a seat with ``s`` sources left
        takes it in some rounds, as many as it likes up to ``s`` (at least one when ``s > 0``: every card is laid
        by the end), so ``s`` counts only up to the rounds left, and after a round taking it only ``0`` or the most
        left (``s - 1``) need be tried: any number between allows no round pattern that ``s - 1`` does not."""
        left = self.rounds - r
        capped = tuple(min(n, left) for n in sources)
        pool = self._pool(pool, left)
        # A sheet player's cards count here only up to its least (its rounds are judged by what it still needs),
        # and the deck by what is left of it: remembered by those, an exact reduction.
        seen = tuple(
            min(b, seat.cards) if isinstance(seat, SheetSeat) else b for seat, b in zip(self.seats, taken, strict=True)
        )
        key = (r, seen, self.deck - sum(taken), capped, first, pool, owed)
        known = self.board_memo.get(key)
        if known is None:
            if len(self.board_memo) & 255 == 0:
                clock.check(self.deadline)
            known = self.board_memo[key] = self._board_rest(r, taken, capped, first, pool, owed)
        return known

    def _board_rest(
        self, r: int, taken: tuple[int, ...], sources: tuple[int, ...], first: int, pool: int, owed: int
    ) -> bool:
        if not (self._fits(r, taken, first) and self._master_ok(sources, first, owed)):
            return False
        count = len(self.seats)
        left = self.rounds - r
        last = left == 1
        deck = self.deck - sum(taken)
        windows: list[range | None] = []
        for seat, b in zip(self.seats, taken, strict=True):
            if isinstance(seat, Seat):
                untaken = seat.p.total - b
                if last:
                    windows.append(range(untaken, untaken + 1))
                else:
                    least = (left - 1) - (1 if seat.search.deck_end else 0)
                    windows.append(range(max(untaken - COLUMN_CARDS * (left - 1), 0), max(untaken - least, -1) + 1))
            else:
                windows.append(None)
        # Per seat, whether it takes the Assistant this round and its sources after (see the docstring).
        options: list[list[tuple[bool, int]]] = []
        for seat, n in zip(self.seats, sources, strict=True):
            if not isinstance(seat, Seat):
                options.append([(False, 0), (True, 0)])
            elif last:
                options.append([(n > 0, 0)])
            else:
                options.append([(False, n), *([(True, 0)] if n else []), *([(True, n - 1)] if n > 1 else [])])
        sheets = [k for k, seat in enumerate(self.seats) if not isinstance(seat, Seat)]
        combos = [
            combo
            for combo in itertools.product(*options)
            if sum(1 for k in sheets if combo[k][0]) <= pool
        ]
        for shape in round_shapes(count, deck):
            if (not (shape.deck_out or self.eleven)) if last else shape.deck_out:
                continue
            takes = tuple(shape.takes[(seat - first) % count] for seat in range(count))
            if not all(window is None or take in window for window, take in zip(windows, takes, strict=True)):
                continue
            if last and not sheet_last_round(self.seats, self.keeps, taken, takes):
                continue
            after = tuple(t + take for t, take in zip(taken, takes, strict=True))
            if not last and not self._fits(r + 1, after, None):
                continue
            for combo in combos:
                took = tuple(t for t, _ in combo)
                holder = holder_after(shape, first, took)
                if last:
                    if paid(owed, took, self.seats, after):
                        continue
                    if self.master is None or (holder if self.passes_at_end else first) == self.master:
                        return True
                    continue
                used = sum(1 for k in sheets if took[k])
                if self._board_can(r + 1, after, tuple(n for _, n in combo), holder, pool - used,
                                   paid(owed, took, self.seats, after)):
                    return True
        return False

    def _master_ok(self, sources: tuple[int, ...], first: int, owed: int = 0) -> bool:
        """Every card is laid by the end, so a player with a source of the Assistant left (an Assistant icon, a
        Diploma with it as bonus) takes it again, and so does a sheet player that owes it (``owed``); the Grand
        Master's holder at the end must take it after the others' last time, or hold it already (lead the round)
        with nobody taking it again."""
        master = self.master
        if master is None or not isinstance(self.seats[master], Seat):
            return True
        others = bool(owed) or any(n for k, n in enumerate(sources) if k != master)
        return bool(sources[master]) or (first == master and not (others and self.passes_at_end))

    def _last_round_ends_right(
        self, taken: tuple[int, ...], sources: tuple[int, ...], first: int, deck: int, pool: int
    ) -> bool:
        """Before the last round but one: whether the last round, led by ``first`` with ``taken`` cards taken by
        seat and ``sources`` of the Assistant left, can leave the Grand Master where the table has it. In the last
        round every detailed player lays all its cards, so it takes them all and takes the Assistant exactly when a
        source of it is left; only the board's shape and the sheet players are free. Remembered for the table's
        search (a function of its arguments)."""
        key = (taken, sources, first, deck, pool)
        known = self.ends_memo.get(key)
        if known is not None:
            return known
        count = len(self.seats)
        untaken: list[int | None] = []
        takes_it: list[bool | None] = []
        for seat, b, n in zip(self.seats, taken, sources, strict=True):
            if isinstance(seat, Seat):
                untaken.append(seat.p.total - b)
                takes_it.append(n > 0)
            else:
                untaken.append(None)
                takes_it.append(None)
        known = False
        for shape in round_shapes(count, deck):
            if not (shape.deck_out or self.eleven):
                continue
            mine = [shape.takes[(k - first) % count] for k in range(count)]
            if any(u is not None and u != t for u, t in zip(untaken, mine, strict=True)):
                continue
            if not self.passes_at_end:
                known = first == self.master
                break
            if any(
                holder_after(shape, first, took) == self.master
                for took in self._took([None if t is None else (0, int(t), 0, False, ()) for t in takes_it], pool)
            ):
                known = True
                break
        self.ends_memo[key] = known
        return known

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
