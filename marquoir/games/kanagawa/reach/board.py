"""What the School board alone allows for the rest of a game (the joint search's relaxation,
:mod:`~marquoir.games.kanagawa.reach.joint`): the cards each seat takes, the deck, who takes the Assistant and so who
leads, and the Grand Master at the end, over every remaining round at once, seen from what the board sees only.

The players' sets of round starts are left out: any round a seat's counts allow is taken to be one of its rounds. So
a ``False`` here rules out a state no game can continue from, and ``True`` proves nothing; the joint search asks it
of a state and of each round out of it before any set is read, and stays exhaustive.

Everything here is a function of its arguments and of the table's seats as the board sees them (a detailed
player's cards in all, whether its deck may run out, its brushes held at the end; a sheet player's figures), the
number of rounds and the rule options: never of a player's sets. So one :class:`Board` and what it remembers serve
every joint search of a table for that number of rounds over the same players (:meth:`Board.serves`), whichever
pass of the players' searches (reduced or full) and whether the Yokai tokens are followed: the same question has the
same answer, asked once.
"""

from __future__ import annotations

import itertools
from collections.abc import Sequence
from dataclasses import dataclass, field

from marquoir.games.kanagawa.reach import clock
from marquoir.games.kanagawa.reach.player import PreparedPlayer
from marquoir.games.kanagawa.reach.school import counts_possible, holder_after, round_shapes
from marquoir.games.kanagawa.reach.seats import Label, Seat, SheetSeat, paid, sheet_last_round
from marquoir.games.kanagawa.vocabulary import COLUMN_CARDS


def take_windows(seats: Sequence[Seat | SheetSeat], taken: Sequence[int], left: int) -> list[range | None]:
    """The cards each detailed player may take in a round with ``left`` rounds to play, this one included, having
    taken ``taken`` (by seat) before it: all that are left in the last round; before it, what leaves the rounds
    after a card each at least (none in the last when the deck may run out: the first row laid short, decision 15)
    and a column of 3 at most each. ``None`` for a sheet player (its cards are not known)."""
    windows: list[range | None] = []
    for seat, b in zip(seats, taken, strict=True):
        if isinstance(seat, Seat):
            untaken = seat.p.total - b
            if left == 1:
                windows.append(range(untaken, untaken + 1))
            else:
                least = (left - 1) - (1 if seat.search.deck_end else 0)
                windows.append(range(max(untaken - COLUMN_CARDS * (left - 1), 0), max(untaken - least, -1) + 1))
        else:
            windows.append(None)
    return windows


@dataclass
class Board:
    """The relaxation for one table and one number of rounds (see the module docstring). ``seats`` holds, by seat,
    a detailed player's :class:`Seat` or a :class:`SheetSeat` (only what the board sees of them is read);
    ``master`` is the Grand Master's seat in the table (``None``: not checked); ``keeps``: the keep icons the sheet
    players may have."""

    seats: Sequence[Seat | SheetSeat]
    rounds: int
    deck: int
    master: int | None
    passes_at_end: bool
    eleven: bool
    deadline: float
    keeps: int = 0
    #: What :meth:`fits`, :meth:`last_round_ends_right` and :meth:`can` found, by their arguments.
    fits_memo: dict[tuple[int, tuple[int, ...], int | None], bool] = field(default_factory=dict)
    ends_memo: dict[tuple[tuple[int, ...], tuple[int, ...], int, int, int], bool] = field(default_factory=dict)
    board_memo: dict[tuple[int, tuple[int, ...], int, tuple[int, ...], int, int, int], bool] = field(
        default_factory=dict
    )
    #: How many sheet players take part (each takes the Assistant at most once a round).
    sheet_count: int = field(init=False, default=0)
    #: The sheet players' seats and the cards each needs at least (:meth:`can`'s memo counts their cards up to it),
    #: and by seat the cards counted at most (a detailed player's all: more than the deck).
    sheet_cards: tuple[tuple[int, int], ...] = field(init=False, default=())
    counted: tuple[int, ...] = field(init=False, default=())

    def __post_init__(self) -> None:
        self.sheet_cards = tuple((k, seat.cards) for k, seat in enumerate(self.seats) if isinstance(seat, SheetSeat))
        self.sheet_count = len(self.sheet_cards)
        self.counted = tuple(seat.cards if isinstance(seat, SheetSeat) else self.deck + 1 for seat in self.seats)

    def players(self) -> list[PreparedPlayer | SheetSeat]:
        """What the board sees of each seat: the detailed player prepared (its cards, its brushes at the end) or
        the sheet player. Two joint searches over the same ones may share a :class:`Board`."""
        return [seat.p if isinstance(seat, Seat) else seat for seat in self.seats]

    def serves(self, seats: Sequence[Seat | SheetSeat]) -> bool:
        """Whether this board is the one of a joint search over ``seats`` (the same players prepared, the same
        ending of their searches; the number of rounds and the Grand Master are the board's own)."""
        mine = self.players()
        theirs = [seat.p if isinstance(seat, Seat) else seat for seat in seats]
        same_ends = all(
            not isinstance(a, Seat) or not isinstance(b, Seat) or a.search.deck_end == b.search.deck_end
            for a, b in zip(self.seats, seats, strict=True)
        )
        return len(mine) == len(theirs) and same_ends and all(a is b for a, b in zip(mine, theirs, strict=True))

    def pool(self, pool: int, left: int) -> int:
        """The Assistant's sources left for the sheet players as far as they matter: the sheet players take it at
        most once each a round, so beyond that for the ``left`` rounds the pool never binds, and every larger pool
        allows the same games (an exact reduction of the states remembered)."""
        return min(pool, self.sheet_count * left)


    def fits(self, r: int, taken: tuple[int, ...], first: int | None) -> bool:
        """What the counts alone rule out, with ``taken`` cards taken by seat before round ``r`` led by ``first``
        (``None``: anyone): rounds before the last draw a card a player at least and leave one in the deck; the
        deck runs out in the last round when nobody reaches 11 painted cards or a detailed player is left with fewer
        cards to take than rounds (then every card left is taken, the sheet players' at most a column a round, and
        in the second case at most a card each in the last round); a sheet player takes a card for each painted
        one; and the cards left can be taken as the School board allows (:func:`.school.counts_possible`). A
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
        # Whether the deck runs out in the last round: so when nobody reaches 11 painted cards, and so too when a
        # detailed player has fewer cards left to take than rounds left (``starved``). Rounds before the last draw a
        # card a player at least, so that player takes none in the last round, and a player takes a column with no
        # card only when no column holds one: the first row laid fewer cards than players, the deck running out
        # then ("New Lesson", note; data/SOURCES.md decision 15; :func:`.school.round_shapes`), so nobody waits
        # and each player takes a column of 1 card at most, fewer than a card a player in all.
        starved = any(
            isinstance(seat, Seat) and seat.p.total - b < left for seat, b in zip(self.seats, taken, strict=True)
        )
        runs_out = starved or not self.eleven
        if deck < count * (left - 1) + 1 or (runs_out and deck > COLUMN_CARDS * count * left):
            return False
        if starved and deck - (count - 1) > COLUMN_CARDS * count * (left - 1):
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
        if runs_out:
            # The deck runs out in the last round and every card laid is taken (a column each, one with cards while
            # one remains: data/SOURCES.md decision 15), so what the detailed players still take exactly, the sheet
            # players take the rest of, at most a column each a round.
            seats = list(zip(self.seats, taken, strict=True))
            rest = deck - sum(seat.p.total - b for seat, b in seats if isinstance(seat, Seat))
            sheets = sum(1 for seat, _b in seats if isinstance(seat, SheetSeat))
            if rest > COLUMN_CARDS * left * sheets:
                return False
            if starved and (
                rest > COLUMN_CARDS * (left - 1) * sheets + min(sheets, count - 1)
                or any(isinstance(seat, Seat) and seat.p.total - b > COLUMN_CARDS * (left - 1) + 1 for seat, b in seats)
            ):
                # A starved last round (see above): a card at most each, fewer than a card a player in all.
                return False
        # The cards alone, as the board can take them.
        untaken = [
            seat.p.total - b if isinstance(seat, Seat) else None for seat, b in zip(self.seats, taken, strict=True)
        ]
        return counts_possible(first, left, untaken)

    def can(
        self, r: int, taken: tuple[int, ...], sources: tuple[int, ...], first: int, pool: int, owed: int = 0
    ) -> bool:
        """Whether the rest of the game can go as the School board, the deck, the Assistant and the Grand Master
        allow, seen from what the board sees only: ``taken`` cards by seat before round ``r`` led by ``first``,
        ``sources`` of the Assistant left by seat (:meth:`.joint.Joint._board`), ``pool`` for the sheet players,
        ``owed`` the sheet players that must still take it (:func:`~.seats.owed_of`). A relaxation of
        the joint search (the players' sets are left out: any round a seat's counts allow is taken to be one of
        its rounds), so ``False`` rules the state out and ``True`` proves nothing. Remembered for the table's
        search.

        What the Assistant's sources do here is only who takes it in which round: a seat with ``s`` sources left
        takes it in some rounds, as many as it likes up to ``s`` (at least one when ``s > 0``: every card is laid
        by the end), so ``s`` counts only up to the rounds left, and after a round taking it only ``0`` or the most
        left (``s - 1``) need be tried: any number between allows no round pattern that ``s - 1`` does not."""
        left = self.rounds - r
        capped = sources if max(sources) <= left else tuple(min(n, left) for n in sources)
        pool = self.pool(pool, left)
        # A sheet player's cards count here only up to its least (its rounds are judged by what it still needs),
        # and the deck by what is left of it: remembered by those, an exact reduction.
        seen = taken
        if any(taken[k] > cards for k, cards in self.sheet_cards):
            seen = tuple(min(b, most) for b, most in zip(taken, self.counted, strict=True))
        key = (r, seen, self.deck - sum(taken), capped, first, pool, owed)
        known = self.board_memo.get(key)
        if known is None:
            if len(self.board_memo) & 255 == 0:
                clock.check(self.deadline)
            known = self.board_memo[key] = self._rest(r, taken, capped, first, pool, owed)
        return known

    def _rest(
        self, r: int, taken: tuple[int, ...], sources: tuple[int, ...], first: int, pool: int, owed: int
    ) -> bool:
        if not (self.fits(r, taken, first) and self._master_ok(sources, first, owed)):
            return False
        count = len(self.seats)
        left = self.rounds - r
        last = left == 1
        deck = self.deck - sum(taken)
        windows = take_windows(self.seats, taken, left)
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
            if not last and not self.fits(r + 1, after, None):
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
                if self.can(r + 1, after, tuple(n for _, n in combo), holder, pool - used,
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

    def last_round_ends_right(
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
                for took in took_choices([None if t is None else (0, int(t), 0, False, ()) for t in takes_it], pool)
            ):
                known = True
                break
        self.ends_memo[key] = known
        return known


def took_choices(labels: Sequence[Label | None], pool: int) -> list[tuple[bool, ...]]:
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
