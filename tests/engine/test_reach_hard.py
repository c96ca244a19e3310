"""The deep check on the engine tables it found hardest: each was *undecided* (its 2 s time bound ran out) or among
the slowest 1% of 1,000 engine tables (bench/bench_deep.py) before the joint search held its states to what the
School board alone allows (:meth:`~marquoir.games.kanagawa.reach.board.Board.can`), its quick passes were
bounded inside the players' searches too (:attr:`~marquoir.games.kanagawa.reach.search.Search.node_limit`), and the
searches tried first the rounds at the player's pace and the labels a set's first start shows; and the slowest
after that.

Verdicts only, never times: an engine table is reachable by construction (the engine played it), so any other
verdict is wrong; each broken the ways :mod:`test_deep_properties` breaks them, and with every Studio card
serving one of its Print cards moved into the hand (the rules forbid each break whatever the game), is unreachable
or illegal, never undecided. The time bound is generous so that a busy machine cannot turn a verdict into
*undecided*; what is asserted is the verdict.
"""

from __future__ import annotations

import dataclasses
import time

import pytest
from test_deep_properties import BREAKS, engine_table

from marquoir import check
from marquoir.games.kanagawa.catalogue import catalogue
from marquoir.games.kanagawa.reach import explain_reachability
from marquoir.games.kanagawa.reach.player import PreparedPlayer, prepare_player
from marquoir.games.kanagawa.reach.search import OverBudget, Search, Start
from marquoir.games.kanagawa.reach.seats import Label, Seat
from marquoir.games.kanagawa.table import DetailedPlayer, Table
from marquoir.games.kanagawa.tableau import Tableau

#: Undecided before (122, 575, 576, 962, 963), then the slowest before (2, 292, 304, 472, 626, 709) and after (80,
#: 447, 493, 502, 981).
HARD_SEEDS = (2, 80, 122, 292, 304, 447, 472, 493, 502, 575, 576, 626, 709, 962, 963, 981)
#: Generous: the verdict is what is asserted, not the time.
BOUND = 30.0


@pytest.mark.parametrize("seed", HARD_SEEDS)
def test_hard_engine_table_is_reachable_with_a_witness(seed: int) -> None:
    table = engine_table(seed)
    report = explain_reachability(table, time_bound=BOUND)
    assert report.verdict == "reachable", (seed, report.render())
    assert report.reachable is True
    assert report.rounds is not None
    # The witness: every player reachable, each detailed one round by round over the same number of rounds.
    assert [v.verdict for v in report.players] == ["reachable"] * len(table.players)
    for verdict, player in zip(report.players, table.players, strict=True):
        if isinstance(player, DetailedPlayer):
            assert len(verdict.rounds) == report.rounds, (seed, player.name)


@pytest.mark.parametrize("seed", HARD_SEEDS)
def test_hard_engine_table_broken_is_unreachable_or_illegal(seed: int) -> None:
    table = engine_table(seed)
    made = 0
    for name, breaking in {**BREAKS, "serving cards into the hand": serving_cards_into_the_hand}.items():
        bad = breaking(table)
        if bad is None:
            continue
        made += 1
        report = explain_reachability(bad, time_bound=BOUND)
        assert report.verdict == "unreachable" and report.reachable is False, (seed, name, report.render())
        assert report.illegal == bool(check(bad)), (seed, name)
    assert made, f"no break applies to engine table {seed}"


def serving_cards_into_the_hand(table: Table) -> Table | None:
    """A Print card needing a landscape the Starting tile does not show, every Studio card serving it moved into
    the hand: no icon ever serves it, so it cannot have been painted (applies where the single-card break of
    :mod:`test_deep_properties` does not; the legality check already sees it, so the verdict comes without a
    search)."""
    cat = catalogue()
    for index, player in enumerate(table.players):
        if not isinstance(player, DetailedPlayer):
            continue
        tableau = Tableau.of(player, cat)
        start = tableau.start
        for half in tableau.print:
            if half is None or half.paint is None or start is None:
                continue
            landscape = half.paint.landscape
            if start.landscape in (landscape, "joker"):
                continue
            serving = {k for k, s in enumerate(tableau.studio) if s is not None and s.landscape in (landscape, "joker")}
            if not serving:
                continue
            studio = tuple(ref for k, ref in enumerate(player.studio) if k not in serving)
            moved = tuple(player.studio[k] for k in sorted(serving))
            broken = dataclasses.replace(player, studio=studio, kept=(*player.kept, *moved))
            return dataclasses.replace(table, players=(*table.players[:index], broken, *table.players[index + 1 :]))
    return None


def _prepared(seed: int, index: int) -> PreparedPlayer:
    table = engine_table(seed)
    player = table.players[index]
    assert isinstance(player, DetailedPlayer)
    prepared = prepare_player(player, index, table, catalogue(), time.perf_counter() + BOUND)
    assert isinstance(prepared, PreparedPlayer)
    return prepared


def _first_round_sets(seat: Seat, rounds: int) -> dict[Label, list[Start]]:
    """Every set of starts after the first round (by label), read in full."""
    root = seat.root()
    out = {}
    for take in range(1, 4):
        for label in seat.labels_for(root, take, rounds):
            out[label] = list(seat.starts(seat.child(root, label, rounds)))
    return out


def test_a_search_stopped_by_its_budget_reads_on_to_the_same_sets() -> None:
    """A quick pass stops the players' searches in the middle of a set (OverBudget); the sets read afterwards
    are exactly those of a search never stopped: nothing half-read is lost or taken as read."""
    p = _prepared(576, 1)  # 5 Print and 18 Studio cards, 2 kept: the largest search of the hard tables
    rounds = 10
    fresh = Seat(p, Search(p, True, time.perf_counter() + BOUND), dry=False)
    assert fresh.search.solve((0, 0, 0, 0, 0, 0), rounds)
    expected = _first_round_sets(fresh, rounds)
    assert any(expected.values())

    search = Search(p, True, time.perf_counter() + BOUND)
    stopped = Seat(p, search, dry=False)
    stops = 0
    while True:
        search.node_limit = search.nodes + 200
        try:
            found = _first_round_sets(stopped, rounds)
            break
        except OverBudget:
            stops += 1
    search.node_limit = None
    assert stops > 0, "the budget never stopped the search: the test proves nothing"
    assert found == expected


def test_hard_engine_tables_broken_are_proved_unreachable_by_the_search() -> None:
    """Among the breaks above, those the legality check does not see: the full search proves each unreachable."""
    proved = []
    for seed in HARD_SEEDS:
        table = engine_table(seed)
        for name, breaking in BREAKS.items():
            bad = breaking(table)
            if bad is None or check(bad):
                continue
            report = explain_reachability(bad, time_bound=BOUND)
            assert report.verdict == "unreachable" and not report.illegal, (seed, name, report.render())
            proved.append((seed, name))
    # The Print too long (576, 963) and the column of three beside one a round (472, 576).
    assert len(proved) >= 4, proved
