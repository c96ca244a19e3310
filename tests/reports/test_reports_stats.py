"""Statistics per player name: games, wins with shared wins shown apart, average and best total, category averages."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st
from support.reports import saved, sheet_table

from marquoir import score
from marquoir.games.kanagawa.vocabulary import CATEGORIES
from marquoir.reports.stats import (
    last_games,
    player_statistics,
    record_stats,
    records_of,
    results,
    statistics,
    wins_text,
)
from marquoir.storage import PlayerRecord, SavedGame


def night() -> list[SavedGame]:
    first = sheet_table(("Aiko", 10, 4, 2, 7, True, 0), ("Ben", 12, 4, 2, 5, False, 0))  # 25, 23
    tie = sheet_table(("aiko", 10, 4, 2, 3, False, 0), ("Ben", 11, 3, 1, 4, False, 0), ("Chiyo", 9, 3, 1, 0, True, 0))
    third = sheet_table(("Ben", 12, 6, 3, 9, True, 0), ("AIKO", 9, 2, 0, 3, False, 0))  # 32, 14
    return [saved(3, third, days=2), saved(1, first), saved(2, tie, days=1)]


def test_the_record_of_each_player() -> None:
    stats = {s.key: s for s in player_statistics(night())}
    assert set(stats) == {"aiko", "ben", "chiyo"}
    aiko, ben, chiyo = stats["aiko"], stats["ben"], stats["chiyo"]
    assert aiko.name == "AIKO"  # the latest spelling
    assert (aiko.games, aiko.wins, aiko.shared_wins, aiko.outright_wins) == (3, 2, 1, 1)
    assert (ben.games, ben.wins, ben.shared_wins) == (3, 2, 1)
    assert (chiyo.games, chiyo.wins, chiyo.shared_wins) == (1, 0, 0)
    assert aiko.best_total == 25 and aiko.average_total == pytest.approx((25 + 19 + 14) / 3)
    assert ben.best_total == 32 and ben.average_total == pytest.approx((23 + 19 + 32) / 3)
    assert aiko.category_averages["print_cards"] == pytest.approx(29 / 3)
    assert aiko.category_averages["grand_master"] == pytest.approx(2 / 3)
    assert aiko.last_played == night()[0].played_at
    assert wins_text(aiko) == "2 (1 shared)" and wins_text(chiyo) == "0"
    assert wins_text(aiko, {"%(wins)d (%(shared)d shared)": "%(wins)d (dont %(shared)d partagée)"}.get) == (
        "2 (dont 1 partagée)"
    )
    assert [s.key for s in player_statistics(night())] == ["aiko", "ben", "chiyo"]


def test_results_follow_the_order_of_play() -> None:
    found = results(night())
    assert [r.game_id for r in found] == [1, 1, 2, 2, 2, 3, 3]
    assert [(r.name, r.total, r.winner, r.shared) for r in found[2:5]] == [
        ("aiko", 19, True, True), ("Ben", 19, True, True), ("Chiyo", 15, False, False)
    ]  # fmt: skip


def test_no_game_no_statistics() -> None:
    assert player_statistics([]) == [] and results([]) == []


player = st.tuples(st.integers(1, 15), st.integers(1, 12), st.integers(-3, 8), st.integers(0, 20), st.integers(0, 3))


@given(st.lists(st.lists(player, min_size=2, max_size=4), min_size=1, max_size=6), st.data())
def test_statistics_agree_with_the_games(
    tables: list[list[tuple[int, int, int, int, int]]], data: st.DataObject
) -> None:
    names = ["Aiko", "Ben", "Chiyo", "Daisuke", "Emi"]
    games = []
    for index, rows in enumerate(tables):
        seated = data.draw(st.permutations(names))[: len(rows)]
        master = data.draw(st.integers(0, len(rows) - 1))
        table = sheet_table(
            *(
                (n, pc, ch, h, d, i == master, y)
                for i, (n, (pc, ch, h, d, y)) in enumerate(zip(seated, rows, strict=True))
            ),
            families=("trees", "animals", "kites", "umbrellas"),
        )
        games.append(saved(index + 1, table, days=index))
    stats = player_statistics(games)
    reports = [score(g.table) for g in games]
    assert sum(s.games for s in stats) == sum(len(r.players) for r in reports)
    assert sum(s.wins for s in stats) == sum(len(r.winners) for r in reports)
    assert sum(s.shared_wins for s in stats) == sum(len(r.winners) for r in reports if len(r.winners) > 1)
    for s in stats:
        totals = [p.total for r in reports for p in r.players if p.name.casefold() == s.key]
        assert s.games == len(totals) and s.best_total == max(totals)
        assert min(totals) <= s.average_total <= max(totals)
        assert sum(s.category_averages[c] for c in CATEGORIES) == pytest.approx(s.average_total)
        assert 0 <= s.shared_wins <= s.wins <= s.games


def test_statistics_from_the_records_storage_keeps() -> None:
    records = records_of(night())
    assert statistics(records) == player_statistics(night())
    aiko = next(r for r in records if r.key == "aiko")
    assert (aiko.name, aiko.games, aiko.wins, aiko.shared_wins, aiko.total_points) == ("AIKO", 3, 2, 1, 25 + 19 + 14)
    assert aiko.category_points["print_cards"] == 29
    solo = PlayerRecord("bonsai", "ana", "Ana", 2, 0, 0, 40, 70, {"leaves": 12, "goals": 5}, night()[0].played_at)
    stats = record_stats(solo)
    assert (stats.average_total, stats.win_rate, stats.outright_wins) == (35.0, 0.0, 0)
    assert list(stats.category_averages) == ["leaves", "flowers", "fruits", "parchments", "goals"]
    assert stats.category_averages["leaves"] == 6.0 and stats.category_averages["flowers"] == 0.0


def test_the_last_games_of_some_results() -> None:
    found = results(night())
    newest_first = found[::-1]
    kept, cut = last_games(newest_first, 2)
    assert [r.game_id for r in kept] == [2, 2, 2, 3, 3] and cut
    assert kept[:3] == found[2:5][::-1]  # in the order of play; within a game, as they were given
    assert last_games(found, 3) == (found, False)
    assert last_games(found, 0) == ([], True) and last_games([], 5) == ([], False)
    assert {r.share_token for r in found} == {"s1", "s2", "s3"}
