"""A player in the joint search (:mod:`~marquoir.games.kanagawa.reach.joint`): a detailed player's round starts as
sets, one for each sequence of what the School board and the other players see of its rounds (the cards taken, the
Assistant taken, the brushes received when the reserve ran dry), each read only as far as the search asks; and a
player entered from the sheet's figures, who takes part through them only.

A set's starts come from the player's search (:meth:`~marquoir.games.kanagawa.reach.search.Search.round_ends`): the
ends of a round from each start of the set before, with the round's label, from which the player's cards can still
be finished in the rounds left (:meth:`~marquoir.games.kanagawa.reach.search.Search.solve`). So the sets are exact:
a set is empty only when no way to lay the player's cards gives those rounds.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from marquoir.games.kanagawa.reach.player import PreparedPlayer
from marquoir.games.kanagawa.reach.school import Shape, work_order
from marquoir.games.kanagawa.reach.search import Search, Start
from marquoir.games.kanagawa.reach.tokens import Config, Part, SeatTokens, Travel
from marquoir.games.kanagawa.vocabulary import BRUSH_PAWNS, COLUMN_CARDS, END_PRINT_CARDS, STARTING_BRUSHES

#: What the School board and the other players see of a player's round: the cards taken, how many times the
#: Assistant was taken (an Assistant icon laid, a Diploma met with it), when the reserve ran dry the brushes
#: received and whether one was refused, and in a Yokai game the player's part in the tokens' travel
#: (:data:`~marquoir.games.kanagawa.reach.tokens.Part`).
Label = tuple[int, int, int, bool, Part]

ORIGIN: Start = (0, 0, 0, 0, 0, 0)

@dataclass
class _Node:
    """The set of a player's round starts after a sequence of round labels, found as they are asked for: the starts
    of the set before it (``parent``) give, in the round with ``label``, these ends from which the cards can still
    be finished. ``assistants``: how many times the rounds so far took the Assistant (the same for every start of
    the set)."""

    parent: int
    label: Label
    left: int
    assistants: int
    members: list[Start] = field(default_factory=list)
    #: Each member's start in the parent set (for the witness).
    origin: dict[Start, Start] = field(default_factory=dict)
    seen: set[Start] = field(default_factory=set)
    #: Where the reading stands: the parent's start being read, and the next of its ends.
    scanned: int = 0
    end_at: int = 0
    done: bool = False
    #: The parts of the tokens' travel of the rounds so far, summed (the same for every start of the set).
    spent: Part = ()


@dataclass
class Seat:
    """A detailed player in the joint search: the player's search and the sets of round starts met so far
    (:class:`_Node`, each known by a number), grown as they are asked for: a set is read only as far as the
    search needs, and a set never fully read was never needed."""

    p: PreparedPlayer
    search: Search
    dry: bool
    nodes: list[_Node] = field(default_factory=list)
    ids: dict[tuple[int, Label], int] = field(default_factory=dict)
    quick: dict[tuple[int, int, int], tuple[list[Label], list[Label]]] = field(default_factory=dict)
    #: Read no further than this many starts of each set (the joint search's first pass, :meth:`Joint.find`).
    limit: int | None = None
    #: In a Yokai game, the player's cards as the tokens see them: the labels then carry its part of their travel.
    tokens: SeatTokens | None = None
    #: The labels the starts of a set show, by set and rounds left, then by cards taken (a set read in full).
    shown_labels: dict[tuple[int, int], dict[int, list[Label]]] = field(default_factory=dict)

    def root(self) -> int:
        """The set of the first round's start (made once)."""
        if not self.nodes:
            self.nodes.append(_Node(-1, (0, 0, 0, False, ()), 0, 0, [ORIGIN], {}, {ORIGIN}, 0, 0, True))
        return 0

    def label(self, start: Start, end: Start, taken: int) -> Label:
        p = self.p
        assistant = p.assistants_at(end[0], end[1]) - p.assistants_at(start[0], start[1])
        part = self.tokens.part(start, end) if self.tokens is not None else ()
        if not self.dry:
            return (taken, assistant, 0, False, part)
        got = p.brush_table[end[0]][end[1]] - p.brush_table[start[0]][start[1]]
        asked_before, asked = p.asked_table[start[0]][start[1]], p.asked_table[end[0]][end[1]]
        refused = p.cap is not None and asked > max(asked_before, p.cap)
        return (taken, assistant, got, refused, part)

    def child(self, node: int, label: Label, left: int) -> int:
        """The set after ``node`` and a round with ``label``, ``left`` rounds to go with this one."""
        key = (node, label)
        known = self.ids.get(key)
        if known is None:
            parent = self.nodes[node]
            known = self.ids[key] = len(self.nodes)
            spent = tuple(a + b for a, b in zip(parent.spent or (0,) * len(label[4]), label[4], strict=True))
            self.nodes.append(_Node(node, label, left, parent.assistants + label[1], spent=spent or parent.spent))
        return known

    def member(self, node: int, k: int) -> Start | None:
        """The ``k``-th start of the set (``None`` once there are no more), read as far as needed."""
        item = self.nodes[node]
        search = self.search
        last = item.left == 1
        wanted = item.label
        while len(item.members) <= k and not item.done:
            if self.limit is not None and item.scanned >= self.limit:
                return None  # not read further in this pass: nothing is known of the rest
            start = self.member(item.parent, item.scanned)
            if start is None:
                item.done = True
                break
            ends = search.round_ends(start, last)
            # One end at a time: a member found is given at once, the rest read only when asked for. The reading
            # moves on only once an end is settled, so a search stopped in the middle (OverBudget) resumes here.
            while item.end_at < len(ends) and len(item.members) <= k:
                end, taken = ends[item.end_at]
                if taken == wanted[0] and end not in item.seen and self.label(start, end, taken) == wanted:
                    rest = item.left - 1
                    ok = (last or end[0] < END_PRINT_CARDS) and search.solve(end, rest)
                    item.seen.add(end)
                    if ok:
                        item.members.append(end)
                        item.origin[end] = start
                item.end_at += 1
            if item.end_at >= len(ends):
                item.scanned += 1
                item.end_at = 0
        return item.members[k] if k < len(item.members) else None

    def alive(self, node: int) -> bool:
        return self.member(node, 0) is not None

    def starts(self, node: int) -> list[Start]:
        """Every start of the set."""
        k = 0
        while self.member(node, k) is not None:
            k += 1
        return self.nodes[node].members

    def received(self, node: int) -> int:
        """Brushes received at the starts of the set (the same for each when the labels carry them)."""
        start = self.member(node, 0)
        assert start is not None
        return self.p.brush_table[start[0]][start[1]]

    def cards_taken(self, node: int) -> int:
        start = self.member(node, 0)
        assert start is not None
        return sum(start[:5])

    def sources_left(self, node: int) -> int:
        """The Assistant's sources the player has not used by the set's rounds (Assistant icons not laid, Diplomas
        with it as bonus not met): the same for every start of the set."""
        p = self.p
        return p.assistants_at(p.n, p.m) - self.nodes[node].assistants

    def quick_labels(self, node: int, take: int, left: int) -> tuple[list[Label], list[Label]]:
        """The labels of the rounds taking ``take`` cards from the set's first start: those of ends the player's
        search already knows can be finished (their sets are found at once), then the others, in the order of its
        ends."""
        key = (node, take, left)
        cached = self.quick.get(key)
        if cached is not None:
            return cached
        start = self.member(node, 0)
        assert start is not None
        last = left == 1
        memo = self.search.memo
        known: dict[Label, None] = {}
        found: dict[Label, None] = {}
        for end, taken in self.search.round_ends(start, last):
            if taken == take:
                label = self.label(start, end, taken)
                (known if memo.get((end, left - 1)) else found)[label] = None
        result = self.quick[key] = (list(known), [label for label in found if label not in known])
        return result

    def pace(self, node: int, left: int) -> int | None:
        """The cards taken by the first round from the set's first start that the player's search already knows
        leads to a finished table (the way the search found first), or ``None``."""
        start = self.member(node, 0)
        assert start is not None
        memo = self.search.memo
        for end, taken in self.search.round_ends(start, left == 1):
            if memo.get((end, left - 1)):
                return taken
        return None

    def labels_for(self, node: int, take: int, left: int) -> list[Label]:
        """The labels a round taking ``take`` cards may have from the set: the Assistant taken as many times as
        the sources left allow (exactly those left in the last round, where every card is laid) and, when the
        labels carry the brushes, every count received and refused. When they carry a part of the tokens' travel,
        the labels are those the set's starts show (the set read in full): a label no start shows has no set."""
        p = self.p
        if self.tokens is not None:
            key = (node, left)
            by_take = self.shown_labels.get(key)
            if by_take is None:
                found: dict[int, dict[Label, None]] = {}
                last = left == 1
                for start in list(self.starts(node)):
                    for end, taken in self.search.round_ends(start, last):
                        found.setdefault(taken, {})[self.label(start, end, taken)] = None
                by_take = self.shown_labels[key] = {t: list(labels) for t, labels in found.items()}
            return by_take.get(take, [])
        left_sources = p.assistants_at(p.n, p.m) - self.nodes[node].assistants
        counts = [left_sources] if left == 1 else list(range(left_sources + 1))
        if not self.dry:
            return [(take, count, 0, False, ()) for count in counts]
        most = p.asked_table[p.n][p.m]
        return [
            (take, count, got, refused, ())
            for count in counts
            for got in range(most + 1)
            for refused in (False, True)
        ]


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
    #: In a Yokai game, every situation of the tokens the rounds so far allow (:mod:`.tokens`).
    tokens: frozenset[Config] | None = None


@dataclass(frozen=True)
class SheetSeat:
    """A player entered from the sheet's figures: the seat, the painted cards (the Starting tile is no card for
    the end of the game, data/SOURCES.md decision 12) and the fewest cards it took in all (:func:`least_cards`)."""

    index: int
    painted: int
    cards: int = 0
    #: Every set of tiles its Diploma figure can be holds one with the Assistant as bonus: it took the Assistant.
    assists: bool = False
    #: The fewest cards it has taken by the end of the round its Diploma gave it the Assistant (:attr:`assists`):
    #: the tile is met, and its bonus arrives, only once the painted cards it needs are in the Print (Kanagawa
    #: rules, "Take the corresponding diploma(s)"; data/SOURCES.md decision 17), and each painted card is a card
    #: taken (:func:`~marquoir.games.kanagawa.sheet_checks.assistant_cards`). An earlier taking is one of its
    #: Assistant icons, never that one.
    assist_cards: int = 0


def least_cards(painted: int, base_only: bool, brush_bonuses: int) -> int:
    """The fewest cards a player with ``painted`` painted cards took: those, and the Studio cards painting the
    last round's needs. At most 10 are painted before the last round (data/SOURCES.md, decision 12), so the last
    paints ``late`` = the rest at least, each with a brush of its own on an icon of its own (Kanagawa rules, "Expand
    your Print", golden rules): ``late - 1`` landscape icons besides the Starting tile's, ``late - 2`` brush icons
    besides the 2 starting brushes and the ``brush_bonuses`` Diplomas, and ``late - 3`` keep icons for the cards held
    besides a column of 3 ("Continue your work", exception). A base card shows a landscape or a brush or keep icon,
    never two of them (``data/cards.csv``); an expansion card is not known, so may show all."""
    late = painted - (END_PRINT_CARDS - 1)
    if late <= 0:
        return painted
    icons = late - 1
    brushes = max(late - STARTING_BRUSHES - brush_bonuses, 0)
    keeps = max(late - COLUMN_CARDS, 0)
    studio = icons + brushes + keeps if base_only else max(icons, brushes, keeps)
    return painted + studio


#: A sheet player's state in the joint search: the cards it took so far (the low bits), and this bit once it has
#: taken the Assistant.
SHEET_CARDS = 0xFF
SHEET_ASSISTED = 0x100


def ranking(
    seats: Sequence[Seat | SheetSeat], state: tuple[int, ...], left: int
) -> list[tuple[dict[int, int], float]]:
    """Per seat, what each number of cards taken costs the search (0 when its set's first start has a round
    taking that many that the player's search knows leads to the finished table, 1 when it only shows one, 2
    else), and the player's pace (the cards its search took first, or those left spread over the rounds)."""
    out: list[tuple[dict[int, int], float]] = []
    for seat, b in zip(seats, state, strict=True):
        costs: dict[int, int] = {}
        if isinstance(seat, Seat):
            known = seat.pace(b, left)
            for take in range(COLUMN_CARDS + 1):
                first_known, first_shown = seat.quick_labels(b, take, left)
                costs[take] = 0 if first_known else 1 if first_shown else 2
            pace = float(known) if known is not None else (seat.p.total - seat.cards_taken(b)) / left
        else:
            pace = max(seat.cards - (b & SHEET_CARDS), 0) / left
        out.append((costs, pace))
    return out


def owed_of(seats: Sequence[Seat | SheetSeat], state: tuple[int, ...]) -> int:
    """The sheet players (a bit by seat) whose Diplomas gave them the Assistant (:attr:`SheetSeat.assists`) and
    that have not taken it yet in the rounds of the joint search's ``state``."""
    owed = 0
    for k, (seat, b) in enumerate(zip(seats, state, strict=True)):
        if isinstance(seat, SheetSeat) and seat.assists and not b & SHEET_ASSISTED:
            owed |= 1 << k
    return owed


def paid(owed: int, took: Sequence[bool], seats: Sequence[Seat | SheetSeat], after: Sequence[int]) -> int:
    """The sheet players of ``owed`` (a bit by seat) still owing the Assistant after a round in which ``took`` says
    who took it, ``after`` the cards each seat has taken by its end: a sheet player's taking pays only once it has
    taken the cards its Assistant Diploma needs (:attr:`SheetSeat.assist_cards`); before, the Diploma was not met."""
    for k, t in enumerate(took):
        if t and owed >> k & 1:
            seat = seats[k]
            if not isinstance(seat, SheetSeat) or (after[k] & SHEET_CARDS) >= seat.assist_cards:
                owed &= ~(1 << k)
    return owed


def shape_rank(takes: Sequence[int], rank: Sequence[tuple[dict[int, int], float]]) -> tuple[int, float]:
    """A round's cards by seat, the closest to the ways the players' searches found first coming first: the seats'
    costs of their cards (see :func:`ranking`), then how far they are from the players' paces."""
    slow = 0
    cost = 0.0
    for take, (costs, pace) in zip(takes, rank, strict=True):
        slow += costs.get(take, 0)
        cost += abs(take - pace)
    return slow, cost


def sheet_last_round(
    seats: Sequence[Seat | SheetSeat], keeps: int, state: tuple[int, ...], takes: Sequence[int]
) -> bool:
    """The sheet players' last round: what they paint in it beyond 10 comes from their column and the cards
    their keep icons held (the keep icons left, shared), each painted by a brush of their own (the brushes the
    detailed players leave in the box), and they took their least cards in all (:func:`least_cards`); ``keeps``:
    the keep icons the detailed players leave."""
    kept = brushes = 0
    held = 0
    for seat, b, take in zip(seats, state, takes, strict=True):
        if isinstance(seat, Seat):
            held += seat.p.brush_table[seat.p.n][seat.p.m]
            continue
        late = seat.painted - (END_PRINT_CARDS - 1)
        kept += max(late - take, 0)
        brushes += max(late, STARTING_BRUSHES)
        if (b & SHEET_CARDS) + take < seat.cards:
            return False
    return kept <= keeps and (brushes == 0 or brushes + held <= BRUSH_PAWNS)


def tokens_left(
    seats: Sequence[Seat | SheetSeat], state: Sequence[int], parts: Sequence[Part] | None = None
) -> list[tuple[int, int, int] | None]:
    """What each seat's cards can still do to the Yokai tokens after the rounds of the joint search's ``state`` and
    (when given) the round of ``parts`` (:meth:`.tokens.SeatTokens.left`); ``None`` for a sheet player."""
    out: list[tuple[int, int, int] | None] = []
    for k, (seat, b) in enumerate(zip(seats, state, strict=True)):
        if not isinstance(seat, Seat):
            out.append(None)
        elif seat.tokens is None:
            out.append((0, 0, 0))
        else:
            spent = seat.nodes[b].spent or (0, 0, 0, 0)
            part = parts[k] if parts is not None else ()
            if part:
                spent = tuple(a + x for a, x in zip(spent, part, strict=True))
            out.append(seat.tokens.left(spent))
    return out


def tokens_after(
    travel: Travel,
    seats: Sequence[Seat | SheetSeat],
    tokens: frozenset[Config],
    state: Sequence[int],
    shape: Shape,
    first: int,
    takes: Sequence[int],
    labels: Sequence[Label | None],
    last: bool,
) -> frozenset[Config] | None:
    """The Yokai tokens' situations after a round of the joint search (:meth:`.tokens.Travel.round`, worked in the
    order the players took their columns), those with a future only (:meth:`.tokens.Travel.alive`), or ``None``
    when none is left, or, in the last round, none is the table's."""
    parts: list[Part] = [label[4] if label is not None else () for label in labels]
    after = travel.round(tokens, work_order(shape, first), parts, takes)
    if last:
        return after if travel.ends_right(after) else None
    return travel.alive(after, tokens_left(seats, state, parts)) or None
