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


YOKAI = ("trees", "animals", "kites", "lanterns")


def test_records_count_the_games_of_one_edition_and_number_of_players() -> None:
    from marquoir.storage import Kind

    games = [*night(), saved(4, sheet_table(("Aiko", 12, 4, 2, 7, True, -2), ("Ben", 10, 4, 2, 5, False, 0),
                                            families=YOKAI), days=3)]  # fmt: skip
    by = {kind: {r.key: r.games for r in records_of(games, kind)}
          for kind in (Kind("yokai", 0), Kind("base", 0), Kind("*", 3), Kind("yokai", 3))}  # fmt: skip
    assert by == {Kind("yokai", 0): {"aiko": 1, "ben": 1}, Kind("base", 0): {"aiko": 3, "ben": 3, "chiyo": 1},
                  Kind("*", 3): {"aiko": 1, "ben": 1, "chiyo": 1}, Kind("yokai", 3): {}}  # fmt: skip


def test_each_category_s_average_in_each_edition() -> None:
    from marquoir.reports.stats import averages_by_edition
    from marquoir.storage import Kind

    games = [*night(), saved(4, sheet_table(("Aiko", 12, 4, 2, 7, True, -2), ("Ben", 10, 4, 2, 5, False, 0),
                                            families=YOKAI), days=3)]  # fmt: skip
    records = {kind: r for kind in (Kind("base", 0), Kind("yokai", 0)) for r in records_of(games, kind)
               if r.key == "aiko"}  # fmt: skip
    base, yokai = averages_by_edition("kanagawa", records)
    assert (base.edition, base.games, yokai.edition, yokai.games) == ("base", 3, "yokai", 1)
    assert base.category_averages["print_cards"] == pytest.approx((10 + 10 + 9) / 3)
    expected = score(games[-1].table).players[0].breakdown["yokai"]
    assert yokai.category_averages["yokai"] == expected and list(yokai.category_averages) == list(CATEGORIES)
    assert averages_by_edition("bonsai", {}) == []


def test_a_record_added_up_from_results_is_the_record_of_those_games() -> None:
    from marquoir.reports.stats import record_of_results

    games = night()
    aiko = [r for r in results(games) if r.name.lower() == "aiko"]
    [expected] = [r for r in records_of(games) if r.key == "aiko"]
    assert record_of_results(aiko, "aiko") == expected
    assert record_of_results([], "aiko") is None


def test_the_head_to_head_of_two_players_from_their_games_together() -> None:
    from datetime import UTC, datetime

    from marquoir.reports.stats import head_to_head
    from marquoir.storage import Encounter

    when = datetime(2026, 1, 5, tzinfo=UTC)
    games = [Encounter(1, when, 1, 2, True, False), Encounter(2, when, 3, 1, False, True),
             Encounter(3, when, 1, 1, True, True), Encounter(4, when, 2, 3, False, False)]  # fmt: skip
    figures = head_to_head(games)
    assert (figures.games, figures.first_wins, figures.second_wins, figures.shared_wins) == (4, 2, 2, 1)
    assert (figures.first_ahead, figures.second_ahead, figures.same_place) == (2, 1, 1)
    assert head_to_head([]).games == 0


def test_long_names_under_the_bars_are_cut_to_their_place_on_a_phone() -> None:
    import re

    from marquoir.reports.charts import fitted, game_bars_svg

    table = sheet_table(("Alexandrine Dupont", 10, 4, 2, 7, True, 0), ("Bartholomew", 12, 4, 2, 5, False, 0),
                        ("Chiyo Nakamura", 9, 3, 1, 3, False, 0), ("Dai", 8, 2, 0, 0, False, 0))  # fmt: skip
    svg = game_bars_svg(score(table))
    names = re.findall(r'text-anchor="middle" [^>]*>([^<]+)</text>\n?(?=<|$)', svg)
    shown = [n for n in names if n[0].isalpha()]
    assert shown == ["Alexandrin…", "Bartholomew", "Chiyo Naka…", "Dai"]
    assert all(len(n) * 6.6 <= (360 - 44) / 4 for n in shown)  # each fits its slot: no name runs into the next
    assert fitted("Aiko", 30) == "Aiko" and fitted("Aiko Tanaka", 30) == "Aik…"  # 4 characters fit in 30 units
