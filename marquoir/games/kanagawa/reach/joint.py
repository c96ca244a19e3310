"""The joint witness: every player's build in one common number of rounds, with columns that fit one School
board.

Each player's build is found alone (:mod:`~marquoir.games.kanagawa.reach.search`); across players, the columns of a
round must lie on one School board. A player takes a column of 3 only after waiting through the second row (Kanagawa
rules, "New Lesson": the third row is dealt to the players still at school), which a player alone at school when
that step begins may not do ("Broaden your knowledge or Put it into practice", note: the last player still at school
must put their knowledge into practice), so another player takes 2 or more that round. The witness search matches
the players' rounds by repairing the rounds that do not fit (:func:`joint_witness`); when it finds no match the
verdict is *undecided*, never *unreachable*: the repair may miss a match, never invent one.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from marquoir.games.kanagawa.reach.player import PreparedPlayer
from marquoir.games.kanagawa.reach.search import MAX_TAKE, OutOfBudget, Search, Start
from marquoir.games.kanagawa.reach.witness import WitnessRound, witness_round
from marquoir.games.kanagawa.vocabulary import END_PRINT_CARDS

#: States a first, quick attempt at matching the players' columns may explore before the careful one.
JOINT_BUDGET = 1_000

#: Round kinds that make the players' columns fit one School board (see the module docstring): a column of 3 is taken
#: only after waiting through the second row, which a player alone at school at its start may not do, so another
#: player takes 2 or more that round. ``low``: everyone takes 1 or 2; ``high``: everyone takes 2 or 3; ``last``:
#: the last round of a game whose deck ran out, checked by its count only (the columns may be incomplete or empty).
KINDS = {"low": (1, 2), "high": (2, 3)}


def _taken(before: Start, after: Start) -> int:
    """Cards taken in a round: everything laid or newly held (the progress counts include the hand)."""
    return sum(after[:5]) - sum(before[:5])


def joint_witness(
    prepared: Sequence[PreparedPlayer],
    kinds: dict[tuple[int, str], Search],
    rounds: int,
    deck_end: bool,
    wildcard: bool,
    prefer_two: bool = False,
    budget: int | None = None,
) -> dict[int, list[WitnessRound]] | None:
    """A build of every player in ``rounds`` rounds whose rounds fit one School board, or ``None`` when none is
    found (or the ``budget`` of explored states ran out; ``prefer_two``: see :func:`_follow`). Each player's build
    is searched alone; a round that does not fit (a column of 3 while nobody else takes 2 or more) is repaired by
    asking the taker of 3 for a ``low`` round there, else another player for a ``high`` one, and the builds are
    searched again. Never wrong: the builds it returns fit; it may miss some (the verdict is
    then *undecided*). With players entered from the sheet (``wildcard``) a sheet player may be the one who takes 2."""
    seats = [p.index for p in prepared]
    plan = {seat: ["any"] * rounds for seat in seats}
    origin: Start = (0, 0, 0, 0, 0, 0)

    def path_of(seat: int) -> list[Start] | None:
        return _follow(origin, [kinds[(seat, kind)] for kind in plan[seat]], kinds[(seat, "any")], prefer_two)

    if budget is not None:
        for search in kinds.values():
            search.node_limit = search.nodes + budget
    try:
        paths = _joint_attempt(prepared, rounds, deck_end, wildcard, plan, path_of)
    except OutOfBudget:
        paths = None
    finally:
        for search in kinds.values():
            search.node_limit = None
    if paths is None:
        return None
    out: dict[int, list[WitnessRound]] = {}
    for seat in seats:
        rounds_out: list[WitnessRound] = []
        actual = 0
        state = origin
        for k, nxt in enumerate(paths[seat]):
            described, actual = witness_round(kinds[(seat, plan[seat][k])], state, actual, nxt, k == rounds - 1)
            rounds_out.append(described)
            state = nxt
        out[seat] = rounds_out
    return out


def _joint_attempt(
    prepared: Sequence[PreparedPlayer],
    rounds: int,
    deck_end: bool,
    wildcard: bool,
    plan: dict[int, list[str]],
    path_of: Callable[[int], list[Start] | None],
) -> dict[int, list[Start]] | None:
    """The players' round starts, repaired until every round fits one School board (``plan`` is updated)."""
    seats = [p.index for p in prepared]
    origin: Start = (0, 0, 0, 0, 0, 0)

    paths: dict[int, list[Start]] = {}
    for seat in seats:
        found = path_of(seat)
        if found is None:
            return None
        paths[seat] = found
    for _ in range(4 * rounds):
        bad = None if wildcard else _bad_round(paths, rounds, deck_end)
        if bad is None:
            break
        takes = {seat: _taken(paths[seat][bad - 1] if bad else origin, paths[seat][bad]) for seat in seats}
        threes = [seat for seat in seats if takes[seat] == MAX_TAKE]
        repaired = False
        # First ask the takers of 3 to take 1 or 2 in that round.
        saved = {seat: list(plan[seat]) for seat in seats}
        for seat in threes:
            plan[seat][bad] = "low"
        trial = {seat: path_of(seat) for seat in threes}
        if all(trial.values()):
            paths.update({seat: path for seat, path in trial.items() if path is not None})
            repaired = True
        else:
            for seat in threes:
                plan[seat] = list(saved[seat])
            # Else ask another player to take 2 or 3 in that round.
            for seat in sorted(seats, key=lambda s: -takes[s]):
                if seat in threes or takes[seat] >= 2:
                    continue
                previous = plan[seat][bad]
                plan[seat][bad] = "high"
                path = path_of(seat)
                if path is not None:
                    paths[seat] = path
                    repaired = True
                    break
                plan[seat][bad] = previous
        if not repaired:
            return None
    else:
        return None
    last_takes = [_taken(paths[s][-2] if rounds > 1 else origin, paths[s][-1]) for s in seats]
    if deck_end and not wildcard and sum(last_takes) == 0:
        return None  # the deck ran out in the last round, so somebody took a card in it
    return paths


def _bad_round(paths: dict[int, list[Start]], rounds: int, deck_end: bool) -> int | None:
    """The first round (0-based) whose columns cannot lie on one School board: a column of 3 needs another player
    taking 2 or more (see the module docstring). The last round of a game whose deck ran out is checked by count
    only."""
    origin: Start = (0, 0, 0, 0, 0, 0)
    for r in range(rounds):
        if deck_end and r == rounds - 1:
            return None
        takes = [_taken(path[r - 1] if r else origin, path[r]) for path in paths.values()]
        if max(takes) == MAX_TAKE and sum(1 for t in takes if t >= 2) < 2:
            return r
    return None


def _follow(
    origin: Start, searches: Sequence[Search], relaxed: Search, prefer_two: bool = False
) -> list[Start] | None:
    """One player's round starts, one search per round (its kind of round), from ``origin`` to the finished table;
    ``relaxed`` (any 1 to 3 cards a round) prunes states that could not finish even so. ``prefer_two``: try
    columns of 2 first (they fit beside any other column), else the most cards first."""
    memo: dict[tuple[Start, int], bool] = {}
    count = len(searches)
    p = relaxed.p
    # Cards that the remaining rounds can take at most / must take at least.
    most = [0] * (count + 1)
    least = [0] * (count + 1)
    for k in range(count - 1, -1, -1):
        most[k] = most[k + 1] + searches[k].cap
        floor = 0 if (relaxed.deck_end and k == count - 1) else searches[k].min_take
        least[k] = least[k + 1] + floor

    def ok(state: Start, k: int) -> bool:
        if k == count:
            return state[:5] == (p.n, p.m, 0, 0, p.kept)
        untaken = p.total - sum(state[:5])
        if not least[k] <= untaken <= most[k] or not relaxed.solve(state, count - k):
            return False
        key = (state, k)
        if key not in memo:
            last = k == count - 1
            memo[key] = any(
                (last or nxt[0] < END_PRINT_CARDS) and again[0](nxt, k + 1) for nxt in balanced(state, k)
            )
        return memo[key]

    def balanced(state: Start, k: int) -> list[Start]:
        """Next starts, columns of 2 first: they fit a School board beside any other player's column."""
        options = searches[k].round_outcomes(state, k == count - 1)
        return sorted(options, key=lambda nxt: abs(_taken(state, nxt) - 2)) if prefer_two else options

    again: list[Callable[[Start, int], bool]] = [ok]

    try:
        if not ok(origin, 0):
            return None
        path: list[Start] = []
        state = origin
        for k in range(count):
            last = k == count - 1
            state = next(nxt for nxt in balanced(state, k) if (last or nxt[0] < END_PRINT_CARDS) and ok(nxt, k + 1))
            path.append(state)
        return path
    finally:
        # ``ok`` calls itself through ``again``: emptied, the memo is freed at once, not by the cyclic collector.
        again.clear()
