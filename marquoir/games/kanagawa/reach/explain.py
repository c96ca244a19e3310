"""The whole table: one common number of rounds for every detailed player, consistent with the end of the game.

The game did end (Kanagawa rules, "End of the Game"; data/SOURCES.md decision 12): a player has 11 or more painted
cards, or all 72 cards are on the table; and not earlier: nobody had 11 painted cards at the end of an earlier round
(the search sets such rounds aside, :mod:`~marquoir.games.kanagawa.reach.search`). The Grand Master is checked as far as
a table shows it (Kanagawa rules, "New Lesson": the Assistant's holder at the end of a round takes the Grand
Master). Each number of rounds the players' bounds allow is tried with the reduced search first, then the full one
before any verdict other than *reachable*, so that the reductions can never make a wrong verdict; the players'
columns are then matched on one School board (:mod:`~marquoir.games.kanagawa.reach.joint`).
"""

from __future__ import annotations

import gc
import time
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from typing import Any

from marquoir.core.issues import Issue
from marquoir.games.kanagawa.catalogue import Catalogue, catalogue
from marquoir.games.kanagawa.reach.joint import JOINT_BUDGET, KINDS, joint_witness
from marquoir.games.kanagawa.reach.player import PreparedPlayer, prepare_player
from marquoir.games.kanagawa.reach.report import PlayerVerdict, ReachReport
from marquoir.games.kanagawa.reach.search import MAX_TAKE, OutOfTime, Search, Start
from marquoir.games.kanagawa.table import DetailedPlayer, SheetPlayer, Table
from marquoir.games.kanagawa.tableau import resolve_studio
from marquoir.games.kanagawa.vocabulary import CARDS_PER_FAMILY, END_PRINT_CARDS

#: Default time bound of one table's search, in seconds.
DEFAULT_TIME_BOUND = 2.0
#: Cards in a game's deck: four families of 18 (Kanagawa rules, "Components": 72 Lesson cards).
DECK_SIZE = 4 * CARDS_PER_FAMILY


@contextmanager
def paused_gc() -> Iterator[None]:
    """Pause Python's cyclic garbage collector inside the block, then put it back as it was (enabled again only if
    it was enabled on entry).

    This is process-wide: :func:`gc.disable` stops automatic collection for every thread of the process, not only
    the one in the block, and a thread that leaves its block re-enables the collector for all, even while another
    thread's block is still running. Reference counting still frees every object that is not in a cycle; cycles
    made meanwhile wait for the next collection."""
    paused = gc.isenabled()
    if paused:
        gc.disable()
    try:
        yield
    finally:
        if paused:
            gc.enable()


def _round_bounds(p: PreparedPlayer, deck_end: bool) -> tuple[int, int]:
    """The fewest and most rounds the player's cards could take: at most 3 cards a round, at least 1 (0 in the last
    round of a game whose deck ran out), and no more paints a round than icons and brushes, the Studio growing by at
    most 3 cards a round (a relaxation, so the bounds never exclude a real build)."""
    low = max(-(-p.total // MAX_TAKE), 1)
    painted = 0
    rounds = 0
    while painted < p.n:
        rounds += 1
        studio = min(p.m, MAX_TAKE * rounds)
        painted += min(len(p.icons_at[studio]), p.brush_table[p.n][studio])
    high = p.total + (1 if deck_end else 0)
    return max(low, rounds), high


def explain_reachability(
    table: Table, time_bound: float = DEFAULT_TIME_BOUND, cat: Catalogue | None = None
) -> ReachReport:
    """How could this table have been built? A verdict per player with a witness, or the first reason it could
    not; ``undecided`` when ``time_bound`` seconds run out. :meth:`ReachReport.render` gives the plain text.

    Python's cyclic garbage collector is paused during the search (:func:`paused_gc`, process-wide): the search
    makes millions of small tuples and dicts that hold no reference cycles and are freed as soon as they are
    dropped, yet each of them counts towards the collector's next pass, and a full pass walks every object of the
    process (measured: 40-45 ms with a thousand tables in memory, on one table in fifty, which made the 99th
    percentile). The few cycles the search leaves (its recursive helpers) are collected once the collector runs
    again; the time bound bounds what can pile up meanwhile."""
    with paused_gc():
        return _explain(table, time_bound, cat or catalogue())


def _explain(table: Table, time_bound: float, cat: Catalogue) -> ReachReport:
    began = time.perf_counter()
    deadline = began + time_bound
    notes: list[str] = []
    prepared: list[PreparedPlayer] = []
    verdicts: dict[int, PlayerVerdict] = {}
    for index, player in enumerate(table.players):
        if isinstance(player, SheetPlayer):
            verdicts[index] = PlayerVerdict(player.name, "not-checked", "entered from the sheet's figures")
            continue
        result = prepare_player(player, index, table, cat)
        if isinstance(result, str):
            verdicts[index] = PlayerVerdict(player.name, "undecided", f"cannot be searched: {result}")
        else:
            prepared.append(result)
    if any(isinstance(p, SheetPlayer) for p in table.players):
        notes.append("players entered from the sheet have no cards: the end of the game is checked without them")
    if table.is_yokai:
        notes.append("Yokai tokens' travels are not reconstructed (a table shows one half of each expansion card)")

    def finish(verdict: str, rounds: int | None = None, reason: str = "") -> ReachReport:
        ordered = tuple(verdicts[k] for k in sorted(verdicts))
        if verdict == "reachable" and any(v.verdict == "undecided" for v in ordered):
            # A player who could not be searched leaves the whole table undecided.
            verdict = "undecided"
        return ReachReport(verdict, ordered, rounds, reason, tuple(notes), time.perf_counter() - began)

    # The Grand Master: the Assistant's holder at the end of the last round takes it (Kanagawa rules, "New Lesson");
    # the Assistant comes with an Assistant icon laid in the Studio ("Improve your Studio") or a Diploma's bonus, and
    # the first player starts with it, so a Grand Master with no way to take the Assistant means nobody else had one.
    masters = [p for p in table.players if p.grand_master]
    if len(masters) == 1 and isinstance(masters[0], DetailedPlayer):
        sources = {p.name: _assistant_sources(p, cat) for p in table.players if isinstance(p, DetailedPlayer)}
        master = masters[0].name
        others = [name for name, count in sources.items() if name != master and count]
        if not sources[master] and others:
            reason = (
                f"{master} holds the Grand Master but never took the Assistant, while {others[0]} did: the Assistant's "
                "last holder takes the Grand Master at the end of the round"
            )
            for p in prepared:
                verdicts[p.index] = PlayerVerdict(p.name, "undecided", "not searched: a table-wide rule fails")
            return finish("unreachable", None, reason)

    detailed_only = len(prepared) == len(table.players)
    total_cards = sum(p.total for p in prepared)
    # With players whose cards are not known, the deck may have run out: the last round may then bring a player
    # no card (the permissive reading, so that no verdict is wrong).
    deck_end = not detailed_only or total_cards == DECK_SIZE
    eleven = any(p.n >= END_PRINT_CARDS for p in prepared)
    if detailed_only and not deck_end and not eleven:
        reason = (
            f"the game had not ended: nobody has {END_PRINT_CARDS} painted cards and {total_cards} of the "
            f"{DECK_SIZE} cards are on the table (the deck had not run out)"
        )
        for p in prepared:
            verdicts[p.index] = PlayerVerdict(p.name, "undecided", "not searched: the game shown had not ended")
        return finish("unreachable", None, reason)

    bounds = {p.index: _round_bounds(p, deck_end) for p in prepared}
    low = max((b[0] for b in bounds.values()), default=1)
    high = min((b[1] for b in bounds.values()), default=0)
    start: Start = (0, 0, 0, 0, 0, 0)
    sheet_players = len(prepared) < len(table.players)
    unmatched: list[int] = []
    feasible: dict[int, list[int]] = {}
    try:
        # First the reduced search (fast); a table it cannot build is searched again in full before any verdict
        # other than reachable, so that the reductions can never make a wrong verdict.
        for reduced in (True, False):
            searches = {p.index: Search(p, deck_end, deadline, reduced=reduced) for p in prepared}
            kinds: dict[tuple[int, str], Search] = {}
            for p in prepared:
                kinds[(p.index, "any")] = searches[p.index]
                for kind, (least, most) in KINDS.items():
                    kinds[(p.index, kind)] = Search(
                        p, deck_end, deadline, cap=most, min_take=least, reduced=reduced, base=searches[p.index]
                    )
            unmatched = []
            # Players most likely to fail first: the longest builds.
            order = sorted(prepared, key=lambda p: -p.total)
            for rounds in range(low, high + 1):
                if not all(searches[p.index].solve(start, rounds) for p in order):
                    continue
                # Each player alone can be built in this many rounds; the columns must also fit one School board.
                # Most cards first (fast), within a budget; then columns of 2 first (they fit beside any other).
                found = joint_witness(prepared, kinds, rounds, deck_end, sheet_players, budget=JOINT_BUDGET)
                if found is None:
                    found = joint_witness(prepared, kinds, rounds, deck_end, sheet_players, prefer_two=True)
                if found is not None:
                    for p in prepared:
                        steps = tuple(r.steps for r in found[p.index])
                        verdicts[p.index] = PlayerVerdict(p.name, "reachable", rounds=steps)
                    return finish("reachable", rounds)
                unmatched.append(rounds)
        # No common number of rounds: find each player's own possibilities (full search) to give the first reason.
        for p in prepared:
            lo, hi = bounds[p.index]
            feasible[p.index] = [r for r in range(lo, hi + 1) if searches[p.index].solve(start, r)]
    except OutOfTime:
        for p in prepared:
            if p.index not in verdicts:
                verdicts[p.index] = PlayerVerdict(p.name, "undecided", f"the time bound ({time_bound:g} s) ran out")
        return finish("undecided")
    for p in prepared:
        rounds_ok = feasible[p.index]
        if not rounds_ok:
            verdicts[p.index] = PlayerVerdict(
                p.name, "unreachable", searches[p.index].reason(), f"players[{p.index}].print"
            )
        else:
            verdicts[p.index] = PlayerVerdict(
                p.name, "undecided", f"buildable alone in {_ranges(rounds_ok)} rounds, but not with the others"
            )
    if any(v.verdict == "unreachable" for v in verdicts.values()):
        return finish("unreachable")
    if unmatched:
        reason = (
            f"each player's cards can be laid in {_ranges(unmatched)} rounds, but the search found no way to match "
            "the players' columns on one School board (a player takes 3 cards only if another stays for the "
            "second row)"
        )
        return finish("undecided", None, reason)
    # One player out of step with all the others: the reason is that player's.
    odd: list[tuple[PreparedPlayer, list[int]]] = []
    for candidate in prepared:
        allowed: set[int] | None = None
        for other in prepared:
            if other is not candidate:
                mine = set(feasible[other.index])
                allowed = mine if allowed is None else allowed & mine
        if allowed and not allowed & set(feasible[candidate.index]):
            odd.append((candidate, sorted(allowed)))
    odd.sort(key=lambda entry: len(entry[1]))
    if len(odd) == 1 or (len(odd) > 1 and len(odd[0][1]) < len(odd[1][1])):
        # The player the others pin down the most is the one out of step.
        blamed, pinned = odd[0]
        limited = Search(blamed, deck_end, time.perf_counter() + time_bound, reduced=False)
        try:
            for r in pinned:
                limited.solve(start, r)
            why = limited.reason()
        except OutOfTime:
            why = "the search for the first reason ran out of time"
        reason = (
            f"{blamed.name}'s cards cannot be laid in {_ranges(pinned)} rounds, what the other players' tables "
            f"allow ({blamed.name}'s need {_ranges(feasible[blamed.index])}): {why}"
        )
        verdicts[blamed.index] = PlayerVerdict(blamed.name, "unreachable", reason, f"players[{blamed.index}].print")
        return finish("unreachable")
    spans = "; ".join(f"{p.name} in {_ranges(feasible[p.index])}" for p in prepared)
    reason = f"no common number of rounds: each player's cards can be laid only as follows: {spans} rounds"
    if deck_end:
        reason += " (the deck ran out in the last round)"
    elif eleven:
        reason += f" (the game ended when a player reached {END_PRINT_CARDS} painted cards)"
    return finish("unreachable", None, reason)




def _ranges(values: Sequence[int]) -> str:
    parts: list[str] = []
    run: list[int] = []
    for v in values:
        if run and v == run[-1] + 1:
            run.append(v)
        else:
            if run:
                parts.append(f"{run[0]}–{run[-1]}" if len(run) > 1 else str(run[0]))
            run = [v]
    if run:
        parts.append(f"{run[0]}–{run[-1]}" if len(run) > 1 else str(run[0]))
    return ", ".join(parts) or "no number of"


def _assistant_sources(player: DetailedPlayer, cat: Catalogue) -> int:
    icons = sum(1 for ref in player.studio if (h := resolve_studio(ref, cat)) and h.icon == "assistant")
    bonus = sum(1 for d in player.diplomas if (t := cat.diplomas.get(d)) and t.bonus == "assistant")
    return icons + bonus


def deep_check(table: Table) -> tuple[list[Issue], dict[str, Any]]:
    """``marquoir check --deep``: the ``UNREACHABLE`` issues, the JSON report under ``reachability`` and the
    witness as plain-text lines (``explanation_lines``)."""
    report = explain_reachability(table)
    return report.issues(), {"reachability": report.to_json(), "explanation_lines": report.render().splitlines()}
