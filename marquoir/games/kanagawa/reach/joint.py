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
  reserve still has one. Beside sheet players (their brushes not followed) this is not checked, and a build found
  with a brush refused is no witness: the deep check says *undecided* (:mod:`~marquoir.games.kanagawa.reach.explain`).

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
the game (:mod:`~marquoir.games.kanagawa.reach.board`): the cards each seat takes, the deck, who takes the Assistant
and so who leads, and the Grand Master at the end, over every remaining round at once. That is a relaxation (the
players' sets are left out), remembered by what the board sees, so it only ever rules out states no game can continue
from: the search stays exhaustive, and a dead end near the end of the game is seen at the round that chose it.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field

from marquoir.games.kanagawa.reach import clock
from marquoir.games.kanagawa.reach.board import Board, take_windows, took_choices
from marquoir.games.kanagawa.reach.school import holder_after, round_shapes, work_order
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
    player's :class:`Seat` or a :class:`SheetSeat`; ``board``: what the School board alone allows for them in that
    number of rounds (:mod:`.board`), which also says the number of rounds, the deck, the Grand Master's seat
    (``None``: not checked), whether it passes at the end, whether someone reaches 11 painted cards, the time bound
    and the keep icons the sheet players may have; one board may serve every joint search over the same players
    (:meth:`.board.Board.serves`). ``assistants``: the Assistant's sources the sheet players may use;
    ``brush_check``: whether to check that no brush was refused while the reserve had one."""

    seats: Sequence[Seat | SheetSeat]
    board: Board
    assistants: int = 0
    brush_check: bool = False
    #: In a Yokai game, the tokens' travel to follow (:mod:`.tokens`); ``None``: not followed.
    travel: Travel | None = None
    failed: set[tuple[object, ...]] = field(default_factory=set)
    visited: int = 0
    budget: int | None = None
    #: Whether :attr:`failed` comes from a pass reading every start (see :meth:`find`).
    read_all: bool = False

    def __post_init__(self) -> None:
        assert self.board.serves(self.seats)

    #: The passes of :meth:`find`: each player's first starts only; the same with the Grand Master's player free;
    #: with the others free; every start within the quick stages' budget; every start (exhaustive).
    PASSES = 5

    def find(self, stage: int = PASSES - 1) -> list[Round] | None:
        """A joint build in :attr:`rounds` rounds, or ``None``. The search is exhaustive in the last stage (a
        player's state is the set of every start its rounds so far allow, so only what the board sees of them is
        branched on): ``None`` from it means no build exists. The stages before read only each player's first
        starts (the ways its search found first, where the board allows them), then the same with the Grand
        Master's player free, then with the others free (the Assistant the Grand Master's player must take last
        most often asks for one or the other), then every start, each within a budget of states: they find most
        games at once, and their ``None`` proves nothing. The budgeted pass over every start is the exhaustive one
        cut short: a game the exhaustive pass finds at once is found there without waiting for the quick passes of
        longer games, and the states it proved failed are not searched again by the exhaustive pass."""
        count = len(self.seats)
        start = tuple(seat.root() if isinstance(seat, Seat) else 0 for seat in self.seats)
        firsts = list(range(count))
        if self.board.master is not None:
            # The table's Grand Master first: a game in which nobody takes the Assistant ends where it started.
            firsts.sort(key=lambda seat: seat != self.board.master)
        detailed = [k for k, seat in enumerate(self.seats) if isinstance(seat, Seat)]
        exhaustive = stage == self.PASSES - 1
        if stage == 0:
            limits: dict[int, int | None] = dict.fromkeys(detailed, 1)
        elif stage in (1, 2):
            if self.board.master not in detailed or len(detailed) < 2:
                return None
            limits = {k: None if (k == self.board.master) == (stage == 1) else 1 for k in detailed}
        else:
            limits = dict.fromkeys(detailed, None)
        for k, limit in limits.items():
            seat = self.seats[k]
            assert isinstance(seat, Seat)
            seat.limit = limit
        # Failed states are kept from the budgeted pass over every start to the exhaustive one (the same starts,
        # and a state is marked failed only once every way out of it has failed), never from the passes reading
        # fewer starts (their failures prove nothing beyond those starts).
        if not (exhaustive and self.read_all):
            self.failed = set()
        self.read_all = stage >= self.PASSES - 2
        quick = not exhaustive
        self.budget = FIRST_PASS_STATES * self.board.rounds if quick else None
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
        board = self.board
        self.visited += 1
        if self.visited & 63 == 0:
            clock.check(board.deadline)
        if self.budget is not None:
            self.budget -= 1
            if self.budget < 0:
                raise OverBudget
        key = (r, state, first, board.pool(pool, board.rounds - r), tokens)
        if key in self.failed:
            return False
        taken, sources = self._board(state)
        owed = owed_of(self.seats, state)
        if not board.can(r, taken, sources, first, pool, owed):
            self.failed.add(key)
            return False
        count = len(self.seats)
        left = board.rounds - r
        last = left == 1
        deck = board.deck - sum(taken)
        allowed = take_windows(self.seats, taken, left)  # the cards each detailed player may take this round
        shapes = [
            shape
            for shape in round_shapes(count, deck)
            if ((shape.deck_out or board.eleven) if last else not shape.deck_out)
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
            if last and not sheet_last_round(self.seats, board.keeps, state, takes):
                continue
            after = tuple(t + take for t, take in zip(taken, takes, strict=True))
            # What the counts alone rule out for the next round, whoever leads it (before any set is read).
            if not last and not board.fits(r + 1, after, None):
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
                for took in took_choices(labels, pool):
                    holder = holder_after(shape, first, took)
                    used = sum(1 for t, label in zip(took, labels, strict=True) if t and label is None)
                    if last:
                        if board.master is not None and (holder if board.passes_at_end else first) != board.master:
                            continue
                    elif not board.can(r + 1, after, sources_after, holder, pool - used,
                                              paid(owed, took, self.seats, after)):
                        continue
                    if left == 2 and board.master is not None and not board.last_round_ends_right(
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
                if self.board.master is not None:
                    # The Grand Master's holder at the end takes the Assistant last: its rounds taking it later
                    # first, the others' taking it sooner (an order of the search only), after the labels the
                    # first start shows (their sets are found at once; proving another set empty may mean reading
                    # thousands of starts).
                    bias = 1 if seat.p.index == self.board.master else -1
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
